//! Texinfo: `@uref{URL, text, replacement}` and `@url{URL}`.
//!
//! The URL is the first argument, up to the `,` or `}`; `@@`, `@{` and
//! `@}` inside it stand for `@`, `{` and `}`. The other arguments, and the
//! rest of the file, are text for the scanner.

use super::{Builder, Document, UrlBuilder};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::default();
    b.push(src, 0);
    let bytes = src.as_bytes();
    let mut found = Vec::new();
    for at in memchr::memchr_iter(b'@', bytes) {
        let rest = &src[at..];
        let open = if rest.starts_with("@uref{") {
            at + 6
        } else if rest.starts_with("@url{") {
            at + 5
        } else {
            continue;
        };
        let mut u = UrlBuilder::default();
        let mut i = open;
        // A URL argument is short; a runaway `@uref{` stops here.
        while i < bytes.len() && i < open + 4096 {
            match bytes[i] {
                b',' | b'}' => break,
                b'@' if matches!(bytes.get(i + 1), Some(b'@' | b'{' | b'}')) => {
                    u.push(&src[i + 1..i + 2], i + 1, 1);
                    i += 2;
                }
                b'\n' if bytes.get(i + 1) == Some(&b'\n') => break,
                c if c.is_ascii_whitespace() => i += 1,
                _ => {
                    let len = src[i..].chars().next().map_or(1, char::len_utf8);
                    u.push(&src[i..i + len], i, len);
                    i += len;
                }
            }
        }
        let lead = src[open..i].len() - src[open..i].trim_start().len();
        let end = open + src[open..i].trim_end().len();
        if end > open + lead {
            found.push(u.finish(open + lead, end, false));
        }
    }
    for link in found {
        if super::is_url(&link.url) {
            super::blank(&mut b.text, link.start, link.end);
            b.link(link);
        }
    }
    b.finish(false)
}
