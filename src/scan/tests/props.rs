//! Properties over arbitrary input: no panic, spans inside the input and on
//! character boundaries, `raw` equal to the input at the span, positions
//! that agree with the input, `pos_at` inside the span, and every buffer
//! capacity agreeing. Valid-UTF-8 strategies make the char-boundary checks
//! bite; `fuzz/` asserts the same over far more inputs.

use proptest::prelude::*;

use super::scan_all;
use crate::scan::{Candidate, ScanOptions, Scanner};
use crate::span::Pos;

/// Line and column of `offset`, counted the slow, obvious way.
fn naive_pos(input: &[u8], offset: usize) -> Pos {
    let before = &input[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    let mut column = 1;
    for chunk in before[line_start..].utf8_chunks() {
        column += chunk.valid().chars().count() + chunk.invalid().len();
    }
    Pos {
        line: before.split(|&b| b == b'\n').count() as u64,
        column: column as u64,
        offset: offset as u64,
    }
}

fn check_candidate(input: &[u8], c: &Candidate) {
    let (s, e) = (c.span.start.offset as usize, c.span.end.offset as usize);
    assert!(s < e && e <= input.len(), "span {s}..{e} out of bounds");
    assert_eq!(c.raw, String::from_utf8_lossy(&input[s..e]));
    assert_eq!(c.span.start, naive_pos(input, s));
    assert_eq!(c.span.end, naive_pos(input, e));
    if let Ok(text) = std::str::from_utf8(input) {
        assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
    }
    assert_eq!(c.segments.first().map(|s| s.url_start), Some(0));
    for (k, seg) in c.segments.iter().enumerate() {
        let off = seg.start.offset as usize;
        assert_eq!(seg.start, naive_pos(input, off));
        let next = c.segments.get(k + 1).map_or(c.url.len(), |n| n.url_start);
        let piece = &c.url.as_bytes()[seg.url_start..next];
        // A Latin-1 letter that is no UTF-8 is one byte in the input.
        let latin1 = input.get(off).is_some_and(|&b| b >= 0xC0)
            && piece == char::from(input[off]).to_string().as_bytes();
        if !latin1 && (piece != "\u{FFFD}".as_bytes() || input.get(off..off + 3) == Some(piece)) {
            assert_eq!(
                input.get(off..off + piece.len()),
                Some(piece),
                "segment {k}"
            );
            assert!(!piece.contains(&b'\n'));
        }
        assert_eq!(c.pos_at(seg.url_start), seg.start);
    }
    for ws in &c.facts.whitespace_removed {
        assert_eq!(ws.start, naive_pos(input, ws.start.offset as usize));
        assert_eq!(ws.end, naive_pos(input, ws.end.offset as usize));
    }
}

/// Every character boundary of `url` maps inside the candidate's span (an
/// unterminated wrapper's URL lies after its opener: inside the input).
fn check_pos_at(input: &[u8], c: &Candidate) {
    let lo = c.span.start.offset;
    let hi = if c.facts.unterminated {
        input.len() as u64
    } else {
        c.span.end.offset
    };
    for i in c.url.char_indices().map(|(i, _)| i).chain([c.url.len()]) {
        let p = c.pos_at(i).offset;
        assert!(lo <= p && p <= hi, "pos_at({i}) = {p} outside {lo}..{hi}");
        if let Ok(text) = std::str::from_utf8(input) {
            assert!(
                text.is_char_boundary(p as usize),
                "pos_at({i}) splits a character"
            );
        }
    }
}

fn check_all(input: &[u8]) {
    let found = scan_all(input, &ScanOptions::default());
    for pair in found.windows(2) {
        assert!(
            pair[0].span.end.offset <= pair[1].span.start.offset,
            "overlap"
        );
    }
    for c in &found {
        check_candidate(input, c);
        check_pos_at(input, c);
    }
}

/// Text built from pieces that exercise every rule.
fn urlish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(&b"http://"[..]),
        Just(&b"<URL:"[..]),
        Just(&b"<"[..]),
        Just(&b">"[..]),
        Just(&b"URL:"[..]),
        Just(&b"ftp:"[..]),
        Just(&b"mailto:"[..]),
        Just(&b"a/b"[..]),
        Just(&b"-"[..]),
        Just(&b"\n"[..]),
        Just(&b"\n\n"[..]),
        Just(&b"\n> "[..]),
        Just(&b"   "[..]),
        Just(&b"("[..]),
        Just(&b")"[..]),
        Just(&b"'"[..]),
        Just(&b"."[..]),
        Just(&b"#x"[..]),
        Just("\u{3002}".as_bytes()),
        Just("\u{fc}".as_bytes()),
        Just(&b"\xE3\x81"[..]),
        Just(&b"\xFF"[..]),
        Just(&b"www.example.com/path/to/a/long/file-name.html?x=1&y=2"[..]),
        Just(&b"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"[..]),
        Just(&b"\r\n"[..]),
        Just(&b"|"[..]),
        Just(&b"`"[..]),
        Just(&b"]"[..]),
        Just(&b"/x.txt"[..]),
        Just(&b"\t"[..]),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

/// Valid UTF-8 built from URL pieces and multi-byte characters that matter
/// to the end rules (bidi controls, CJK, U+3000, U+FFFD, combining marks),
/// so the char-boundary checks run on inputs where they apply.
fn unicode_urlish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("http://"),
        Just("<URL:"),
        Just("<"),
        Just(">"),
        Just("ftp:"),
        Just("a/b"),
        Just("-"),
        Just("\n"),
        Just(" "),
        Just("("),
        Just(")"),
        Just("#x"),
        Just("\u{e9}"),
        Just("e\u{301}"),
        Just("\u{202e}"),
        Just("\u{2066}"),
        Just("\u{3000}"),
        Just("\u{65e5}\u{672c}"),
        Just("\u{3002}"),
        Just("\u{fffd}"),
        Just("\u{1f600}"),
        Just("\u{9b}"),
        Just("www.example.com/p?x=1"),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat().into_bytes())
}

#[test]
fn a_scheme_never_reaches_back_into_the_previous_url() {
    check_all(b"'ftp:ftp:'\xC3\xBC");
}

proptest! {
    // 96 cases by default to keep `cargo test` quick; PROPTEST_CASES=N for more.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_all(&input);
    }

    #[test]
    fn urlish_text(input in urlish()) {
        check_all(&input);
    }

    #[test]
    fn valid_unicode_text(input in unicode_urlish()) {
        check_all(&input);
    }

    #[test]
    fn any_string(input in any::<String>()) {
        check_all(input.as_bytes());
    }
}

/// Lines of URL pieces long enough to need several chunks, with blank
/// lines, wrappers and hard wraps crossing the chunk boundaries.
fn many_lines() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(urlish(), 1..12).prop_map(|v| v.join(&b"\n"[..]))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96),
        ..ProptestConfig::default()
    })]

    /// Scanned in chunks on threads, any input gives what one scan gives,
    /// excerpts and line numbers included, whatever the chunk size.
    #[test]
    fn chunks_on_threads_give_the_sequential_scan(
        input in prop_oneof![many_lines(), prop::collection::vec(any::<u8>(), 0..400)],
        chunk in 2usize..300,
        threads in 1usize..4,
        excerpts in any::<bool>(),
    ) {
        let options = ScanOptions { excerpts, ..ScanOptions::default() };
        let mut want = Vec::new();
        Scanner::new(options.clone()).scan_reader(&input[..], |c| want.push(c)).unwrap();
        let mut got = Vec::new();
        Scanner::new(options).scan_chunked(&input[..], threads, chunk, |c| got.push(c)).unwrap();
        prop_assert_eq!(got, want);
    }

    /// Without line counting (`Scanner::set_lines`), one scan and a scan in
    /// chunks on threads give the candidates of the counting scan, at the
    /// same offsets; only every line and column is 1.
    #[test]
    fn offsets_only_change_only_lines_and_columns(
        input in prop_oneof![many_lines(), prop::collection::vec(any::<u8>(), 0..400)],
        chunk in 2usize..300,
        threads in 1usize..4,
    ) {
        let mut want = Vec::new();
        Scanner::new(ScanOptions::default())
            .scan_reader(&input[..], |mut c| {
                c.map_positions(|p| Pos { line: 1, column: 1, ..p });
                want.push(c);
            })
            .unwrap();
        let mut scanner = Scanner::new(ScanOptions::default());
        scanner.set_lines(false);
        let mut one = Vec::new();
        scanner.scan_reader(&input[..], |c| one.push(c)).unwrap();
        let mut chunked = Vec::new();
        scanner.scan_chunked(&input[..], threads, chunk, |c| chunked.push(c)).unwrap();
        prop_assert_eq!(&one, &want);
        prop_assert_eq!(chunked, want);
    }

    /// A document scanned without line counting gives the counting scan's
    /// candidates at the same offsets, links and text alike, whatever its
    /// syntax; only every line and column is 1.
    #[test]
    fn documents_without_lines_keep_their_offsets(
        pieces in prop::collection::vec(prop_oneof![
            urlish(),
            Just(b"[a](http://x.example/y)".to_vec()),
            Just(b"<a href=\"http://h.example/&amp;x\">http://h.example/&amp;x</a>".to_vec()),
            Just(b"<p>".to_vec()),
            Just(b"&amp;".to_vec()),
            Just(b"\\_".to_vec()),
            Just("\u{e9}".as_bytes().to_vec()),
            Just(b"**".to_vec()),
        ], 1..16),
        syntax in prop::sample::select(crate::document::Syntax::ALL),
    ) {
        let text = String::from_utf8_lossy(&pieces.concat()).into_owned();
        let doc = crate::document::read(syntax, &text);
        let mut want = Vec::new();
        Scanner::new(ScanOptions::default()).scan_document(&doc, &text, |mut c| {
            c.map_positions(|p| Pos { line: 1, column: 1, ..p });
            want.push(c);
        });
        let mut scanner = Scanner::new(ScanOptions::default());
        scanner.set_lines(false);
        let mut got = Vec::new();
        scanner.scan_document(&doc, &text, |c| got.push(c));
        prop_assert_eq!(got, want);
    }
}
