//! JSON: the text of every string, escapes decoded.
//!
//! `"see https://a.example:80\nthen"` holds a line break, not `80\n`; a
//! `\/` is a `/`, `\u00e9` an `é`. Each decoded character maps back to its
//! escape. Strings are separated by blank lines, so no URL runs from one
//! into the next; what lies between strings is not text. The tokenizer is
//! forgiving (JSON Lines, comments, a truncated file): it only looks for
//! strings.

use super::{Builder, Document};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'"', &bytes[i..]) {
        let open = i + k;
        i = string(&mut b, src, open + 1);
        b.push_for("\n\n", i.saturating_sub(1).min(src.len().saturating_sub(1)));
    }
    b.finish(false)
}

/// Decode the string whose text starts at `from`; returns the offset after
/// its closing quote (or the end).
fn string(b: &mut Builder, src: &str, from: usize) -> usize {
    let bytes = src.as_bytes();
    let mut run = from;
    let mut i = from;
    while let Some(k) = memchr::memchr2(b'"', b'\\', &bytes[i..]) {
        let at = i + k;
        b.push(&src[run..at], run);
        if bytes[at] == b'"' {
            return at + 1;
        }
        let (decoded, len) = escape(&src[at..]);
        b.push_escape(&decoded, at, len);
        i = at + len;
        run = i;
    }
    b.push(&src[run..], run);
    src.len()
}

/// The escape at the start of `s` (which starts with `\`): its text and
/// its length. A surrogate pair is one character.
fn escape(s: &str) -> (String, usize) {
    let b = s.as_bytes();
    let simple = match b.get(1) {
        Some(b'n') => Some('\n'),
        Some(b't') => Some('\t'),
        Some(b'r') => Some('\r'),
        Some(b'b') => Some('\u{8}'),
        Some(b'f') => Some('\u{c}'),
        Some(&c @ (b'/' | b'\\' | b'"')) => Some(char::from(c)),
        _ => None,
    };
    if let Some(c) = simple {
        return (c.to_string(), 2);
    }
    let hex = |at: usize| {
        s.get(at..at + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    if b.get(1) == Some(&b'u') {
        if let Some(hi) = hex(2) {
            if (0xD800..0xDC00).contains(&hi) && s.get(6..8) == Some("\\u") {
                if let Some(lo) = hex(8).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                    let c = char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
                    return (c.unwrap_or('\u{fffd}').to_string(), 12);
                }
            }
            return (char::from_u32(hi).unwrap_or('\u{fffd}').to_string(), 6);
        }
    }
    // An invalid escape: the backslash stands for itself.
    ("\\".to_string(), 1)
}
