//! iCalendar and vCard (RFC 5545 §3.1, RFC 6350 §3.2): a content line
//! longer than 75 octets is folded, a line break followed by one space or
//! tab, which a reader removes. The text is the unfolded lines, with the
//! `TEXT` escapes `\n`, `\N`, `\,`, `\;` and `\\` resolved, so
//! `URL:http://a.example/x` folded after `x` is one URL, not one cut by a
//! hard wrap (a calendar feed cached in a repository, an invitation).

use super::{Builder, Document};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr2(b'\n', b'\\', &bytes[i..]) {
        let at = i + k;
        if bytes[at] == b'\n' {
            if matches!(bytes.get(at + 1), Some(b' ' | b'\t')) {
                // A fold: the line break and the one blank after it go.
                let cut = if at > run && bytes[at - 1] == b'\r' {
                    at - 1
                } else {
                    at
                };
                b.push(&src[run..cut], run);
                run = at + 2;
            }
            i = at + 1;
            continue;
        }
        let resolved = match bytes.get(at + 1) {
            Some(b'n' | b'N') => "\n",
            Some(b',') => ",",
            Some(b';') => ";",
            Some(b'\\') => "\\",
            _ => {
                i = at + 1;
                continue;
            }
        };
        b.push(&src[run..at], run);
        b.push_escape(resolved, at, 2);
        i = at + 2;
        run = i;
    }
    b.push(&src[run..], run);
    b.finish(false)
}

/// Whether `head` opens an iCalendar or vCard object (`BEGIN:VCALENDAR`,
/// `BEGIN:VCARD`), whatever the file is named: a feed cached under a hash.
pub(super) fn opens_object(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let head = head.trim_ascii_start();
    [&b"BEGIN:VCALENDAR"[..], b"BEGIN:VCARD"]
        .iter()
        .any(|o| head.len() >= o.len() && head[..o.len()].eq_ignore_ascii_case(o))
}
