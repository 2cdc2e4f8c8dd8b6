//! Real texts in `fixtures/extract/`, each with a `NAME.expected` beside it:
//! one line per candidate, `line:column form url`, then its alternatives and
//! facts indented. `UPDATE_EXPECT=1 cargo test --lib fixtures` rewrites the
//! expected files (read the diff before committing it).

use std::fmt::Write as _;
use std::path::Path;

use super::scan_all;
use crate::scan::{Candidate, ScanOptions};

/// `s` with control characters escaped, so a fixture line stays one line.
fn escaped(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The expected-file rendering of a list of candidates.
pub(super) fn render(found: &[Candidate]) -> String {
    let mut out = String::new();
    for c in found {
        let s = c.span.start;
        let _ = writeln!(
            out,
            "{}:{} {} {}",
            s.line,
            s.column,
            c.form.as_str(),
            escaped(&c.url)
        );
        for alt in &c.alternatives {
            let _ = writeln!(out, "    alternative {}", escaped(alt));
        }
        let f = &c.facts;
        let mut facts = Vec::new();
        if f.unterminated {
            facts.push("unterminated".to_owned());
        }
        if f.empty {
            facts.push("empty".to_owned());
        }
        if !f.hyphen_breaks.is_empty() {
            facts.push(format!("hyphen-breaks={:?}", f.hyphen_breaks));
        }
        if !f.whitespace_removed.is_empty() {
            facts.push(format!("whitespace-runs={}", f.whitespace_removed.len()));
        }
        if let Some(frag) = f.fragment_outside {
            facts.push(format!(
                "fragment-outside={}:{}",
                frag.start.line, frag.start.column
            ));
        }
        if let Some(b) = f.broken_bare {
            facts.push(format!("broken-bare={b:?}"));
        }
        if !facts.is_empty() {
            let _ = writeln!(out, "    facts {}", facts.join(" "));
        }
    }
    out
}

#[test]
fn extract_fixtures_match_their_expected_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/extract");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().is_some_and(|e| e == "expected") {
            continue;
        }
        seen += 1;
        let input = std::fs::read(&path).unwrap();
        let got = render(&scan_all(&input, &ScanOptions::default()));
        let expected_path = path.with_extension(format!(
            "{}.expected",
            path.extension().map_or("", |e| e.to_str().unwrap_or(""))
        ));
        if update {
            std::fs::write(&expected_path, &got).unwrap();
        } else {
            let want = std::fs::read_to_string(&expected_path)
                .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
            assert_eq!(
                got,
                want,
                "{} differs from its expected file",
                path.display()
            );
        }
    }
    assert!(seen >= 6, "fixtures missing");
}
