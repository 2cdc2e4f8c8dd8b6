//! RTF: the license and readme files of Windows installers (`License.rtf`).
//!
//! Control words (`\ul0`, `\par`), control symbols and group braces are
//! markup: each stands as a separator, so the field result
//! `{\fldrslt{http://a.example/x\ul0\cf0}}` gives the URL
//! `http://a.example/x`, not one ending in `\ul0\cf0`. `\\`, `\{` and `\}`
//! stand for their character, `\'hh` for a byte (as Latin-1) and `\uN` for
//! a Unicode character (its fallback character after it is skipped). The
//! URL of a `HYPERLINK` field is found in its instruction as text.

use super::{Builder, Document};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr3(b'\\', b'{', b'}', &bytes[i..]) {
        let at = i + k;
        b.push(&src[run..at], run);
        let len = if bytes[at] == b'\\' {
            control(&mut b, src, at)
        } else {
            b.push_for(" ", at);
            1
        };
        i = at + len;
        run = i;
    }
    b.push(&src[run..], run);
    b.finish(false)
}

/// Append what the control word or symbol at `at` (a `\`) stands for; its
/// length in the source.
fn control(b: &mut Builder, src: &str, at: usize) -> usize {
    let bytes = src.as_bytes();
    let Some(&next) = bytes.get(at + 1) else {
        b.push_for(" ", at);
        return 1;
    };
    match next {
        b'\\' | b'{' | b'}' => {
            b.push_escape(&src[at + 1..at + 2], at, 2);
            2
        }
        b'\'' => {
            let hex = src
                .get(at + 2..at + 4)
                .filter(|h| h.bytes().all(|c| c.is_ascii_hexdigit()))
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(byte) = hex {
                // Read as Latin-1: RTF's usual `\ansicpg1252` differs only
                // in 0x80-0x9F, where no URL character lies.
                b.push_escape(char::from(byte).encode_utf8(&mut [0; 4]), at, 4);
                4
            } else {
                b.push_for(" ", at);
                2
            }
        }
        // An optional hyphen is no character; a non-breaking one is `-`.
        b'-' => 2,
        b'_' => {
            b.push_escape("-", at, 2);
            2
        }
        c if c.is_ascii_alphabetic() => {
            let name = bytes[at + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            let word = &src[at + 1..at + 1 + name];
            let mut end = at + 1 + name;
            let sign = usize::from(bytes.get(end) == Some(&b'-'));
            let digits = bytes[end + sign..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let param = (digits > 0).then(|| &src[end..end + sign + digits]);
            if digits > 0 {
                end += sign + digits;
            }
            // One blank after a control word delimits it: it is no text.
            if bytes.get(end) == Some(&b' ') {
                end += 1;
            }
            let unicode = (word == "u")
                .then(|| param.and_then(|p| p.parse::<i32>().ok()))
                .flatten()
                // A code point above 32767 is written negative.
                .and_then(|n| u32::try_from(if n < 0 { n + 65536 } else { n }).ok())
                .and_then(char::from_u32);
            match (word, unicode) {
                ("u", Some(ch)) => {
                    // The fallback for readers without Unicode follows: a
                    // character, or a byte written `\'hh` (Word's
                    // `\u8220\'93`).
                    let escaped = src.get(end..end + 4).is_some_and(|f| {
                        f.starts_with("\\'") && f[2..].bytes().all(|c| c.is_ascii_hexdigit())
                    });
                    if escaped {
                        end += 4;
                    } else if bytes
                        .get(end)
                        .is_some_and(|c| !matches!(c, b'\\' | b'{' | b'}' | b'\n' | b'\r'))
                    {
                        end += src[end..].chars().next().map_or(1, char::len_utf8);
                    }
                    b.push_escape(ch.encode_utf8(&mut [0; 4]), at, end - at);
                }
                ("par" | "line" | "sect" | "page" | "row", _) => b.push_for("\n", at),
                _ => b.push_for(" ", at),
            }
            end - at
        }
        // `\~` (a non-breaking space), `\*` and the other symbols; a `\`
        // before a line break is a paragraph's end.
        _ => {
            b.push_for(if next == b'\n' { "\n" } else { " " }, at);
            if next.is_ascii() {
                2
            } else {
                1
            }
        }
    }
}
