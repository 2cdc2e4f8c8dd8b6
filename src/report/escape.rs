//! Make input-derived text safe to print.
//!
//! A hostile file can hold terminal escape sequences (colour, OSC 8
//! hyperlinks, OSC 52 clipboard writes), carriage returns that overwrite
//! what was printed before, or bidirectional overrides that make a URL read
//! differently from what it is. Every output format passes URLs, paths and
//! source lines through these functions, so none of that reaches a terminal
//! or a CI log as-is: each such character is replaced by a visible escape
//! (`\x1b`, `\r`, `\u{202e}`).
//!
//! Backslash itself is left alone: escaping it would make every Windows
//! path noisy, and a literal `\x1b` in the input is harmless text.

use std::borrow::Cow;

/// Escape every control character, including newlines.
///
/// Use it for one-line output: URLs, paths, messages. Returns the input
/// borrowed when nothing needs escaping, so the common case costs one scan
/// and no allocation.
pub fn escape_control(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// Like [`escape_control`], but keep `\n` as a real line break.
///
/// Use it for multi-line snippets of source. Strip line terminators you do
/// not want first: a `\r` of a CRLF line ending is escaped like any other
/// carriage return, since a lone one can overwrite the line on a terminal.
pub fn escape_control_keep_newlines(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

/// Whether `c` must not reach a terminal verbatim.
fn is_unsafe(c: char, keep_newline: bool) -> bool {
    match c {
        '\n' => !keep_newline,
        // C0 controls (ESC, BEL, CR, BS, TAB…), DEL, and the C1 controls,
        // which some terminals honour as 8-bit CSI/OSC introducers.
        '\0'..='\x1f' | '\x7f'..='\u{9f}'
        // Bidi marks, embeddings, overrides and isolates: they reorder
        // what is displayed without changing the text (CVE-2021-42574).
        | '\u{061c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        // Line and paragraph separators break lines in some viewers.
        | '\u{2028}'
        | '\u{2029}' => true,
        _ => false,
    }
}

/// Whether byte `b` can start an unsafe character. Every unsafe character
/// is ASCII or has one of these UTF-8 lead bytes, so clean text is checked
/// byte by byte without decoding.
fn may_start_unsafe(b: u8) -> bool {
    // 0xC2: U+0080–U+00BF; 0xD8: U+0600–U+063F; 0xE2: U+2000–U+2FFF.
    b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xd8 || b == 0xe2
}

fn escape(s: &str, keep_newline: bool) -> Cow<'_, str> {
    // Nearly every URL is clean: one pass with no early exit, which the
    // compiler turns into vector compares, answers that.
    if s.bytes()
        .fold(0, |any, b| any | u8::from(may_start_unsafe(b)))
        == 0
    {
        return Cow::Borrowed(s);
    }
    let first = s.bytes().enumerate().find_map(|(i, b)| {
        if !may_start_unsafe(b) {
            return None;
        }
        // `i` is a char boundary: the candidate bytes are ASCII or lead
        // bytes, never UTF-8 continuation bytes.
        let c = s.get(i..)?.chars().next()?;
        is_unsafe(c, keep_newline).then_some(i)
    });
    let Some(first) = first else {
        return Cow::Borrowed(s);
    };
    let (clean, rest) = s.split_at(first);
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(clean);
    for c in rest.chars() {
        if is_unsafe(c, keep_newline) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Append the visible form of `c`: the usual short escapes for TAB, LF and
/// CR, `\xNN` for other ASCII controls, `\u{NNNN}` beyond ASCII.
fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write as _;
    match c {
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c if c.is_ascii() => {
            // Writing to a String cannot fail.
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        }
        c => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (input, one-line escaped form)
    const CASES: &[(&str, &str)] = &[
        // ANSI CSI colour.
        ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
        // OSC 8 hyperlink whose visible text differs from its target.
        (
            "\x1b]8;;http://evil.example/\x1b\\http://good.example/\x1b]8;;\x1b\\",
            "\\x1b]8;;http://evil.example/\\x1b\\http://good.example/\\x1b]8;;\\x1b\\",
        ),
        // OSC 52 clipboard write, BEL-terminated.
        ("\x1b]52;c;Y3VybCBldmls\x07", "\\x1b]52;c;Y3VybCBldmls\\x07"),
        // BEL alone.
        ("ding\x07", "ding\\x07"),
        // CR overwrite: the terminal would show only the second URL.
        (
            "http://evil.example/\rhttp://good.example/",
            "http://evil.example/\\rhttp://good.example/",
        ),
        // Backspaces erasing what was shown.
        ("http://a\x08\x08b", "http://a\\x08\\x08b"),
        // Bidi override around a URL, and an isolate.
        (
            "\u{202e}http://moc.elpmaxe\u{202c}",
            "\\u{202e}http://moc.elpmaxe\\u{202c}",
        ),
        ("a\u{2066}b\u{2069}c", "a\\u{2066}b\\u{2069}c"),
        // Bidi marks.
        ("\u{200e}\u{200f}\u{061c}", "\\u{200e}\\u{200f}\\u{61c}"),
        // C1 CSI (U+009B) and DEL.
        ("\u{9b}31m\x7f", "\\u{9b}31m\\x7f"),
        // TAB, LF, NUL.
        ("a\tb\nc\0", "a\\tb\\nc\\x00"),
        // Line separator.
        ("a\u{2028}b", "a\\u{2028}b"),
    ];

    #[test]
    fn hostile_sequences_are_escaped_visibly() {
        for (input, want) in CASES {
            let got = escape_control(input);
            assert_eq!(got, *want, "input {input:?}");
            assert!(matches!(got, Cow::Owned(_)), "input {input:?}");
            assert!(!got.contains('\x1b') && !got.contains('\u{202e}'));
        }
    }

    #[test]
    fn clean_text_is_borrowed() {
        for input in [
            "",
            "http://www.bürgerentscheid.de/",
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            // Neighbours of escaped ranges share lead bytes but are safe.
            "\u{a0}\u{e9}\u{600}\u{2014}\u{2026}\u{2070}\u{201c}",
            "日本語のテキスト",
        ] {
            assert!(
                matches!(escape_control(input), Cow::Borrowed(s) if s == input),
                "input {input:?}"
            );
        }
    }

    #[test]
    fn snippet_variant_keeps_newlines_only() {
        let got = escape_control_keep_newlines("line 1\nline\t2\r\n\x1b[2J");
        assert_eq!(got, "line 1\nline\\t2\\r\n\\x1b[2J");
        assert!(matches!(
            escape_control_keep_newlines("a\nb\n"),
            Cow::Borrowed("a\nb\n")
        ));
        // The one-line variant escapes the same newline.
        assert_eq!(escape_control("a\nb"), "a\\nb");
    }

    #[test]
    fn escaping_starts_mid_string_and_keeps_the_clean_prefix() {
        assert_eq!(escape_control("ü€\x1bü"), "ü€\\x1bü");
    }

    proptest::proptest! {
        #[test]
        fn output_is_always_safe(s in proptest::prelude::any::<String>()) {
            let one_line = escape_control(&s);
            proptest::prop_assert!(!one_line.chars().any(|c| is_unsafe(c, false)));
            let snippet = escape_control_keep_newlines(&s);
            proptest::prop_assert!(!snippet.chars().any(|c| is_unsafe(c, true)));
            // Borrowed exactly when there was nothing to escape.
            let clean = !s.chars().any(|c| is_unsafe(c, false));
            proptest::prop_assert_eq!(matches!(one_line, Cow::Borrowed(_)), clean);
            // The snippet variant keeps every line break, and only those.
            let breaks = |t: &str| t.matches('\n').count();
            proptest::prop_assert_eq!(breaks(&snippet), breaks(&s));
        }
    }
}
