//! Replays every input the fuzzers once crashed on (`fixtures/hostile/fuzz/
//! <target>/`) through the same invariant checks the fuzz targets assert, so
//! plain `cargo test` guards the fixes without cargo-fuzz or a nightly
//! compiler.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code, clippy::pedantic)]
mod invariants;

use std::path::PathBuf;

use crate::util::fixtures;

/// Every file kept for `target`, sorted, with its bytes (none when the
/// target has no directory).
fn kept(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = fixtures().join("hostile/fuzz").join(target);
    // A target that never crashed has no directory (git keeps no empty ones).
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect()
}

#[test]
fn scan_crashes_stay_fixed() {
    let files = kept("scan");
    assert!(!files.is_empty(), "no kept scan inputs");
    for (path, data) in files {
        println!("replaying {}", path.display());
        let (options, capacity, text) = invariants::split_options(&data);
        invariants::scan_checked(text, &options, capacity);
    }
}

#[test]
fn validate_crashes_stay_fixed() {
    let files = kept("validate");
    assert!(!files.is_empty(), "no kept validate inputs");
    for (path, data) in files {
        println!("replaying {}", path.display());
        let (options, capacity, text) = invariants::split_options(&data);
        let found = invariants::scan_checked(text, &options, capacity);
        invariants::validate_checked(text, &found);
    }
}

/// The first kept input really did break the old `pos_at`: a URL ending in
/// an invalid byte inside a wrapper. Its end must stay inside the span.
#[test]
fn a_replacement_character_at_a_wrapper_end_stays_inside_the_span() {
    let mut scanner = urlint::scan::Scanner::new(urlint::scan::ScanOptions::default());
    let found = scanner.scan_slice(b"<ftp:\x8b>");
    assert_eq!(found.len(), 1);
    let c = &found[0];
    assert_eq!(c.url, "ftp:\u{FFFD}");
    assert_eq!(c.pos_at(c.url.len()).offset, 6);
    assert_eq!(c.span_of(4..c.url.len()).end.offset, 6);
}

/// An unterminated wrapper whose first byte is invalid: its URL is empty,
/// not a replacement character reaching past the end of the input.
#[test]
fn an_unterminated_wrapper_on_an_invalid_byte_stays_inside_the_input() {
    let mut scanner = urlint::scan::Scanner::new(urlint::scan::ScanOptions::default());
    let input = b"<URL:\xff";
    let found = scanner.scan_slice(input);
    let c = found
        .iter()
        .find(|c| c.facts.unterminated)
        .expect("unterminated");
    assert_eq!(c.url, "");
    assert!(c.pos_at(c.url.len()).offset <= input.len() as u64);
    invariants::check_candidates(input, &found);
}

#[test]
fn mail_crashes_stay_fixed() {
    for (path, data) in kept("mail") {
        println!("replaying {}", path.display());
        invariants::mail_checked(&data);
    }
}

/// The replay runs the mail checks for real: a message with a soft line
/// break inside a URL decodes, maps back, and passes.
#[test]
fn mail_invariants_accept_a_quoted_printable_message() {
    let mut data = vec![1u8];
    data.extend_from_slice(
        b"From a@example.org Mon Jan  1 00:00:00 2024\n\
          Message-ID: <1@example.org>\n\
          Content-Transfer-Encoding: quoted-printable\n\n\
          See http://example.org/?q=3Dx=\nyz and <URL:http://b.example/\n  c>\n",
    );
    invariants::mail_checked(&data);
}

/// The document readers' invariants, on every input a document fuzzer once
/// crashed on and on every document fixture read as every syntax.
#[test]
fn document_readers_keep_their_invariants() {
    use urlint::document::Syntax;
    let mut inputs: Vec<Vec<u8>> = std::fs::read_dir(fixtures().join("documents"))
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    for &syntax in Syntax::ALL {
        for (path, data) in kept(syntax.as_str()) {
            println!("replaying {}", path.display());
            invariants::document_checked(syntax, &data);
        }
    }
    inputs.push(b"[a](http://x/ b) <a href='http://y/>".to_vec());
    let mut found = 0;
    for data in &inputs {
        for &syntax in Syntax::ALL {
            found += invariants::document_checked(syntax, data);
        }
    }
    assert!(found > 100, "only {found} candidates");
}
