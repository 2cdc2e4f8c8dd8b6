use proptest::prelude::*;

use super::*;

/// Text that stresses every encoding: astral characters (two UTF-16
/// units, four bytes), combining marks (a code point of their own), CJK,
/// and all three line breaks.
const PIECES: &[&str] = &[
    "a",
    "é",
    "e\u{301}",
    "😀",
    "中",
    "\n",
    "\r\n",
    "\r",
    " ",
    "http://x.example/",
    "<URL:",
    "HTTP://y.example/%zz",
    "👩\u{200d}👩",
];

const ENCODINGS: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32];

/// The position of char index `at` in `text`, counted the slow, obvious
/// way: the reference the line table is checked against.
fn naive(text: &str, at: usize, enc: Encoding) -> Position {
    let chars: Vec<char> = text.chars().collect();
    let (mut line, mut col) = (0, 0);
    for (i, &c) in chars[..at].iter().enumerate() {
        match c {
            // `\r\n` breaks once, at its `\n`.
            '\r' if chars.get(i + 1) == Some(&'\n') => {}
            '\n' | '\r' => (line, col) = (line + 1, 0),
            c => col += enc.len(c),
        }
    }
    Position::new(line, col as u32)
}

/// A char index not between the `\r` and `\n` of one break.
fn not_inside_crlf(text: &str, at: usize) -> usize {
    let chars: Vec<char> = text.chars().collect();
    if at > 0 && at < chars.len() && chars[at - 1] == '\r' && chars[at] == '\n' {
        at - 1
    } else {
        at
    }
}

fn byte_of(text: &str, at: usize) -> usize {
    text.char_indices().nth(at).map_or(text.len(), |(b, _)| b)
}

fn check_every_position(doc: &Document, enc: Encoding) {
    let text = doc.text();
    let n = text.chars().count();
    let all = doc.positions((0..=n).map(|i| byte_of(text, i)), enc);
    for i in (0..=n).map(|i| not_inside_crlf(text, i)) {
        let want = naive(text, i, enc);
        let byte = byte_of(text, i);
        assert_eq!(
            doc.position(byte, enc),
            want,
            "{enc:?} char {i} of {text:?}"
        );
        assert_eq!(all.get(byte), want, "{enc:?} batch, char {i} of {text:?}");
        assert_eq!(
            doc.offset(want, enc),
            byte,
            "{enc:?} back, char {i} of {text:?}"
        );
    }
}

#[test]
fn emoji_and_combining_marks_count_in_each_encoding() {
    // "😀 e\u{301} <http://a.example/>": the URL starts after 1 astral
    // char, a space, e + combining acute, a space and `<`.
    let doc = Document::new("😀 e\u{301} <http://a.example/>".to_string());
    let url = doc.text().find("http").unwrap();
    assert_eq!(url, 4 + 1 + 3 + 1 + 1);
    assert_eq!(doc.position(url, Encoding::Utf8), Position::new(0, 10));
    assert_eq!(doc.position(url, Encoding::Utf16), Position::new(0, 7));
    assert_eq!(doc.position(url, Encoding::Utf32), Position::new(0, 6));
    for enc in ENCODINGS {
        check_every_position(&doc, enc);
    }
}

#[test]
fn positions_past_a_line_or_inside_a_character_are_clamped() {
    let doc = Document::new("a😀b\r\nxy".to_string());
    // Past the end of line 0: its end, before the `\r\n`.
    assert_eq!(doc.offset(Position::new(0, 99), Encoding::Utf16), 6);
    // Past the last line: the end of the text.
    assert_eq!(doc.offset(Position::new(9, 0), Encoding::Utf16), 10);
    // Between the two halves of the surrogate pair: the emoji's start.
    assert_eq!(doc.offset(Position::new(0, 2), Encoding::Utf16), 1);
    // Inside its UTF-8 bytes: the same.
    assert_eq!(doc.offset(Position::new(0, 3), Encoding::Utf8), 1);
    assert_eq!(doc.line_around(8), 8..10);
    assert_eq!(doc.line_around(2), 0..6);
}

#[test]
fn a_long_line_with_many_offsets_is_counted_once() {
    // 200 000 astral characters on one line and an offset at each: one
    // pass, not 200 000 passes from the line's start.
    let text = "😀".repeat(200_000);
    let doc = Document::new(text);
    let started = std::time::Instant::now();
    let at = doc.positions((0..200_000).map(|i| i * 4), Encoding::Utf16);
    assert_eq!(at.get(4 * 199_999), Position::new(0, 2 * 199_999));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

fn text_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random incremental edits, sent as the protocol sends them (ranges
    /// in each encoding), leave the document's text equal to the edits
    /// applied to a plain string, and its line table right.
    #[test]
    fn incremental_edits_give_the_edited_text(
        start in text_strategy(),
        edits in prop::collection::vec(
            (any::<u16>(), any::<u16>(), text_strategy(), 0..20u8), 1..12),
        enc in prop::sample::select(&ENCODINGS[..]),
    ) {
        let mut model = start.clone();
        let mut doc = Document::new(start);
        for (a, b, insert, full) in edits {
            let n = model.chars().count();
            let (a, b) = (usize::from(a) % (n + 1), usize::from(b) % (n + 1));
            let (a, b) = (not_inside_crlf(&model, a.min(b)), not_inside_crlf(&model, a.max(b)));
            let change = if full == 0 {
                // Now and then the whole text, as a client may send.
                model = insert.clone();
                TextDocumentContentChangeEvent { range: None, range_length: None, text: insert }
            } else {
                let range = lsp_types::Range::new(naive(&model, a, enc), naive(&model, b, enc));
                let (ba, bb) = (byte_of(&model, a), byte_of(&model, b));
                model.replace_range(ba..bb, &insert);
                TextDocumentContentChangeEvent { range: Some(range), range_length: None, text: insert }
            };
            doc.apply(change, enc);
            prop_assert_eq!(doc.text(), model.as_str());
        }
        check_every_position(&doc, enc);
    }

    /// Whatever positions a client sends, out of range or inside a
    /// character, nothing panics and the text stays whole.
    #[test]
    fn any_position_is_safe(
        start in text_strategy(),
        edits in prop::collection::vec((0..8u32, 0..40u32, 0..8u32, 0..40u32, text_strategy()), 1..8),
        enc in prop::sample::select(&ENCODINGS[..]),
    ) {
        let mut doc = Document::new(start);
        for (l1, c1, l2, c2, text) in edits {
            let range = lsp_types::Range::new(Position::new(l1, c1), Position::new(l2, c2));
            doc.apply(TextDocumentContentChangeEvent { range: Some(range), range_length: None, text }, enc);
            let len = doc.text().len();
            let pos = doc.position(len, enc);
            prop_assert_eq!(doc.offset(pos, enc), len);
        }
    }
}
