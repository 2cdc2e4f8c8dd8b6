//! Invariants the fuzz targets assert, shared with the regular test suite.
//!
//! The fuzz targets call these on every generated input; `tests/cli/replay.rs`
//! includes this file with `#[path]` and calls the same functions on every
//! file under `fixtures/hostile/fuzz/<target>/`, so a crash the fuzzer once
//! found is replayed by plain `cargo test`, without cargo-fuzz or nightly.
//! Each check panics with a message naming the broken invariant.

mod document;
mod mail;

pub use document::document_checked;
pub use mail::mail_checked;

use urlint::rules::RuleConfig;
use urlint::rules::Validator;
use urlint::scan::{Candidate, ScanOptions, Scanner};
use urlint::Pos;

/// Scan options picked by the input's first byte, so one corpus covers
/// excerpts, an extra scheme and tiny reader buffers; the rest is the text.
pub fn split_options(data: &[u8]) -> (ScanOptions, usize, &[u8]) {
    let Some((&knob, text)) = data.split_first() else {
        return (ScanOptions::default(), 1, data);
    };
    let options = ScanOptions {
        extra_schemes: if knob & 1 == 1 {
            vec!["x-foo".to_string()]
        } else {
            Vec::new()
        },
        excerpts: knob & 2 == 2,
        buffer_capacity: 0,
    };
    // Reader capacity 1..=32: small reads cross every window boundary.
    let capacity = usize::from(knob >> 3) + 1;
    (options, capacity, text)
}

/// Scan `input` from a slice and from a reader with `capacity`-byte reads,
/// check that both agree, and check every candidate. Returns them.
pub fn scan_checked(input: &[u8], options: &ScanOptions, capacity: usize) -> Vec<Candidate> {
    let found = Scanner::new(options.clone()).scan_slice(input);
    let mut streamed = Vec::new();
    let mut o = options.clone();
    o.buffer_capacity = capacity;
    let result = Scanner::new(o).scan_reader(input, |c| streamed.push(c));
    assert!(result.is_ok(), "reading a slice failed: {result:?}");
    assert!(
        streamed == found,
        "scan_reader at capacity {capacity} differs from scan_slice"
    );
    check_candidates(input, &found);
    found
}

/// Every candidate of a scan of `input`: in order, not overlapping, each
/// one consistent with the input.
pub fn check_candidates(input: &[u8], found: &[Candidate]) {
    let lines = LineIndex::new(input);
    for pair in found.windows(2) {
        assert!(
            pair[0].span.end.offset <= pair[1].span.start.offset,
            "candidates overlap: {:?} then {:?}",
            pair[0].span,
            pair[1].span
        );
    }
    for c in found {
        check_candidate(input, &lines, c);
    }
}

/// One candidate: span in bounds and on character boundaries, `raw` equal
/// to the input there, positions that agree with the input, segments that
/// copy the input, `pos_at` inside the span.
pub fn check_candidate(input: &[u8], lines: &LineIndex, c: &Candidate) {
    let (s, e) = (offset(c.span.start), offset(c.span.end));
    assert!(s < e && e <= input.len(), "span {s}..{e} out of bounds");
    let at_span = &input[s..e];
    assert_eq!(c.raw, String::from_utf8_lossy(at_span), "raw differs");
    if let Ok(text) = std::str::from_utf8(input) {
        assert!(
            text.is_char_boundary(s) && text.is_char_boundary(e),
            "span {s}..{e} splits a character"
        );
        assert_eq!(c.raw.as_bytes(), at_span, "raw is not the input bytes");
    }
    assert_eq!(c.span.start, lines.pos(s), "start position");
    assert_eq!(c.span.end, lines.pos(e), "end position");
    assert_eq!(c.segments.first().map(|g| g.url_start), Some(0));
    for (k, seg) in c.segments.iter().enumerate() {
        let next = c.segments.get(k + 1).map_or(c.url.len(), |n| n.url_start);
        assert!(seg.url_start <= next, "segments out of order");
        assert!(
            c.url.is_char_boundary(seg.url_start),
            "segment {k} splits a character of url"
        );
        let off = offset(seg.start);
        assert_eq!(seg.start, lines.pos(off), "segment {k} position");
        let piece = &c.url.as_bytes()[seg.url_start..next];
        // An invalid byte inside a wrapper becomes U+FFFD in a segment of
        // its own; every other piece is the input verbatim.
        // A Latin-1 letter that is no UTF-8 is one byte in the input.
        let latin1 = input.get(off).is_some_and(|&b| b >= 0xC0)
            && piece == char::from(input[off]).to_string().as_bytes();
        if !latin1 && (piece != "\u{FFFD}".as_bytes() || input.get(off..off + 3) == Some(piece)) {
            assert_eq!(
                input.get(off..off + piece.len()),
                Some(piece),
                "segment {k}"
            );
        }
    }
    // An unterminated wrapper's span is just its opener while `url` is the
    // text after it (SPEC), so its positions are only bound by the input.
    let hi = if c.facts.unterminated { input.len() } else { e };
    for (i, _) in c.url.char_indices().chain([(c.url.len(), ' ')]) {
        let p = c.pos_at(i);
        assert!(
            (s as u64..=hi as u64).contains(&p.offset),
            "pos_at({i}) = {} outside {s}..{hi}",
            p.offset
        );
    }
    for ws in &c.facts.whitespace_removed {
        assert_eq!(ws.start, lines.pos(offset(ws.start)), "removed run start");
        assert_eq!(ws.end, lines.pos(offset(ws.end)), "removed run end");
    }
}

/// Validate every candidate with every rule enabled; each diagnostic's span
/// must lie inside its candidate's span (or the `#fragment` written after
/// it), start before it ends, and name the candidate's URL.
pub fn validate_checked(input: &[u8], found: &[Candidate]) {
    let validator = Validator::new(&RuleConfig::all(), &["x-foo".to_string()]);
    let mut diags = Vec::new();
    for c in found {
        diags.clear();
        validator.check(c, &mut diags);
        for d in &diags {
            let (s, e) = (d.span.start.offset, d.span.end.offset);
            assert!(s <= e, "{}: span {s}..{e} backwards", d.rule.name());
            // `fragment-outside-wrapper` points at the `#fragment` after
            // the `>`, which the candidate records beside its span.
            let end = c.facts.fragment_outside.map_or(c.span.end, |f| f.end);
            assert!(
                c.span.start.offset <= s && e <= end.offset,
                "{}: span {s}..{e} outside the URL's {:?}",
                d.rule.name(),
                (c.span.start.offset, c.span.end.offset)
            );
            assert!(e as usize <= input.len());
            assert_eq!(
                d.url,
                c.url,
                "{}: diagnostic names another URL",
                d.rule.name()
            );
        }
    }
}

fn offset(p: Pos) -> usize {
    usize::try_from(p.offset).unwrap_or(usize::MAX)
}

/// Line starts of an input, to turn offsets into positions the obvious way.
pub struct LineIndex<'a> {
    input: &'a [u8],
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Index `input`'s lines.
    pub fn new(input: &'a [u8]) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(
            input
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { input, starts }
    }

    /// The position of byte `offset`: column counts characters, an invalid
    /// UTF-8 byte counting as one.
    pub fn pos(&self, offset: usize) -> Pos {
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let mut column = 1;
        for chunk in self.input[start..offset.min(self.input.len())].utf8_chunks() {
            column += chunk.valid().chars().count() + chunk.invalid().len();
        }
        Pos::new(line as u64, column as u64, offset as u64)
    }
}
