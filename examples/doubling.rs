//! Doubling benchmark: scan each pathological shape at n and 2n bytes and
//! print the median times and their ratio. Linear scanning gives a ratio
//! near 2; quadratic work would give 4.
//!
//! `cargo run --release --example doubling [MB [SHAPE]]` (default 10 MB, so
//! 10 and 20 MB; SHAPE picks shapes whose name contains it). Not a test:
//! timings on a shared machine are too noisy to assert.

use std::time::{Duration, Instant};

use urlint::document::{self, Syntax};
use urlint::scan::{ScanOptions, Scanner};

/// Each shape is one unit repeated into a single line, read as a syntax
/// (a document shape between a prefix and a suffix).
const SHAPES: &[(&str, &str, Syntax, &str, &str)] = &[
    ("<<<<", "<", Syntax::Text, "", ""),
    ("%%%%", "%", Syntax::Text, "", ""),
    ("((((", "(", Syntax::Text, "", ""),
    ("http://http://", "http://", Syntax::Text, "", ""),
    ("<URL:<URL:", "<URL:", Syntax::Text, "", ""),
    ("::::", ":", Syntax::Text, "", ""),
    ("a:a:a:", "a:", Syntax::Text, "", ""),
    (
        "http://a/((((",
        "http://a/(((((((((((((((((",
        Syntax::Text,
        "",
        "",
    ),
    ("<http://a/ b", "<http://a/ b ", Syntax::Text, "", ""),
    (
        "hyphen lines",
        "http://a.example/path-\n",
        Syntax::Text,
        "",
        "",
    ),
    (
        "md [a](http://x/",
        "[a](http://x/",
        Syntax::Markdown,
        "",
        "",
    ),
    ("md ``` `` `", "``` `` ` [", Syntax::Markdown, "", ""),
    ("md **_*_**", "**_*a http://x/ ", Syntax::Markdown, "", ""),
    (
        "html <a href=\"",
        "<a href=\"http://x/",
        Syntax::Html,
        "",
        "",
    ),
    ("html <!--", "<!-- <a ", Syntax::Html, "", ""),
    (
        "json \\nhttp://x/",
        "\\nhttp://x/",
        Syntax::Json,
        "{\"a\": \"",
        "\"}",
    ),
    ("adoc http://x/[", "http://x/[", Syntax::Asciidoc, "", ""),
    (
        "rst <http://x/>`_",
        "`a <http://x/>`_ ",
        Syntax::Rst,
        "",
        "",
    ),
    (
        "roff \\fBhttp://x/",
        "\\fBhttp://x/\\:",
        Syntax::Roff,
        "",
        "",
    ),
    ("texi @uref{", "@uref{http://x/,", Syntax::Texinfo, "", ""),
];

const RUNS: usize = 7;

fn input(unit: &str, len: usize) -> Vec<u8> {
    unit.as_bytes().iter().copied().cycle().take(len).collect()
}

/// Median time of scanning `bytes` through the path the CLI uses (the
/// streaming scanner for text, the reader and `scan_document` otherwise),
/// and the number of candidates found.
fn median(bytes: &[u8], syntax: Syntax) -> (Duration, usize) {
    let mut times = Vec::with_capacity(RUNS);
    let mut found = 0;
    let text = String::from_utf8_lossy(bytes);
    for _ in 0..RUNS {
        let mut scanner = Scanner::new(ScanOptions::default());
        found = 0;
        let t = Instant::now();
        if syntax == Syntax::Text {
            if let Err(e) = scanner.scan_reader(bytes, |_| found += 1) {
                eprintln!("scan failed: {e}");
            }
        } else {
            let doc = document::read(syntax, &text);
            scanner.scan_document(&doc, &text, |_| found += 1);
        }
        times.push(t.elapsed());
    }
    times.sort();
    (times[RUNS / 2], found)
}

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let n = mb << 20;
    println!(
        "{:<16} {:>10} {:>10} {:>7} {:>10}",
        "shape",
        format!("{mb} MB"),
        format!("{} MB", 2 * mb),
        "ratio",
        "found(2n)"
    );
    let only = std::env::args().nth(2).unwrap_or_default();
    for (name, unit, syntax, pre, post) in SHAPES.iter().filter(|s| s.0.contains(&only)) {
        let doc = |len: usize| [pre.as_bytes(), &input(unit, len), post.as_bytes()].concat();
        let (t1, _) = median(&doc(n), *syntax);
        let (t2, found) = median(&doc(2 * n), *syntax);
        let ratio = t2.as_secs_f64() / t1.as_secs_f64().max(1e-9);
        println!(
            "{name:<16} {:>8.1}ms {:>8.1}ms {ratio:>7.2} {found:>10}",
            t1.as_secs_f64() * 1e3,
            t2.as_secs_f64() * 1e3
        );
    }
}
