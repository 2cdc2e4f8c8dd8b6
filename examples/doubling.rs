//! Doubling benchmark: scan each pathological shape at n and 2n bytes and
//! print the median times and their ratio. Linear scanning gives a ratio
//! near 2; quadratic work would give 4.
//!
//! `cargo run --release --example doubling [MB [SHAPE]]` (default 10 MB, so
//! 10 and 20 MB; SHAPE picks shapes whose name contains it). Not a test:
//! timings on a shared machine are too noisy to assert.

use std::time::{Duration, Instant};

use urlint::{ScanOptions, Scanner};

/// Each shape is one unit repeated into a single line.
const SHAPES: &[(&str, &str)] = &[
    ("<<<<", "<"),
    ("%%%%", "%"),
    ("((((", "("),
    ("http://http://", "http://"),
    ("<URL:<URL:", "<URL:"),
    ("::::", ":"),
    ("a:a:a:", "a:"),
    ("http://a/((((", "http://a/(((((((((((((((("),
    ("<http://a/ b", "<http://a/ b "),
    ("hyphen lines", "http://a.example/path-\n"),
];

const RUNS: usize = 7;

fn input(unit: &str, len: usize) -> Vec<u8> {
    unit.as_bytes().iter().copied().cycle().take(len).collect()
}

/// Median time of scanning `bytes` through the streaming path the CLI uses,
/// and the number of candidates found.
fn median(bytes: &[u8]) -> (Duration, usize) {
    let mut times = Vec::with_capacity(RUNS);
    let mut found = 0;
    for _ in 0..RUNS {
        let mut scanner = Scanner::new(ScanOptions::default());
        found = 0;
        let t = Instant::now();
        let result = scanner.scan_reader(bytes, |_| found += 1);
        times.push(t.elapsed());
        if let Err(e) = result {
            eprintln!("scan failed: {e}");
        }
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
    for (name, unit) in SHAPES.iter().filter(|(name, _)| name.contains(&only)) {
        let (t1, _) = median(&input(unit, n));
        let (t2, found) = median(&input(unit, 2 * n));
        let ratio = t2.as_secs_f64() / t1.as_secs_f64().max(1e-9);
        println!(
            "{name:<16} {:>8.1}ms {:>8.1}ms {ratio:>7.2} {found:>10}",
            t1.as_secs_f64() * 1e3,
            t2.as_secs_f64() * 1e3
        );
    }
}
