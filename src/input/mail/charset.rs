//! Charset conversion to UTF-8 with a map back to the encoded bytes.
//!
//! `encoding_rs` does the decoding (the WHATWG label table covers ISO-8859-*,
//! windows-125x, `Shift_JIS`, EUC-JP, ISO-2022-JP, GBK, Big5, EUC-KR, KOI8 …).
//! Each output character maps to the first input byte of its sequence, ASCII
//! exactly, so a URL in Japanese text maps to its own first byte.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};

use crate::input::offsets::OffsetMap;

/// Text in UTF-8 and where each character came from.
#[derive(Debug, Default)]
pub(crate) struct Utf8Text {
    pub(crate) text: String,
    pub(crate) map: OffsetMap,
}

/// Looks a MIME charset label up; `None` for a label nobody knows.
///
/// `us-ascii` resolves to windows-1252 in the WHATWG table, which is what
/// mislabelled 8-bit mail needs anyway.
pub(crate) fn lookup(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label_no_replacement(label.trim().trim_matches('"').as_bytes())
}

/// Converts `bytes` from `encoding` to UTF-8, invalid sequences becoming
/// U+FFFD. Returns whether any replacement happened.
pub(crate) fn to_utf8(bytes: &[u8], encoding: &'static Encoding) -> (Utf8Text, bool) {
    if encoding == UTF_8 {
        from_utf8(bytes)
    } else if encoding.is_single_byte() {
        single_byte(bytes, encoding)
    } else {
        stateful(bytes, encoding)
    }
}

fn from_utf8(bytes: &[u8]) -> (Utf8Text, bool) {
    let mut out = Utf8Text {
        text: String::with_capacity(bytes.len()),
        map: OffsetMap::new(),
    };
    let mut replaced = false;
    let mut inp = 0;
    for chunk in bytes.utf8_chunks() {
        out.map.linear(out.text.len(), inp);
        out.text.push_str(chunk.valid());
        inp += chunk.valid().len();
        for _ in chunk.invalid() {
            replaced = true;
            out.map.linear(out.text.len(), inp);
            out.text.push('\u{fffd}');
            inp += 1;
        }
    }
    (out, replaced)
}

/// One byte, one character: the output can be matched up after decoding.
fn single_byte(bytes: &[u8], encoding: &'static Encoding) -> (Utf8Text, bool) {
    let (text, replaced) = encoding.decode_without_bom_handling(bytes);
    let mut map = OffsetMap::new();
    for (i, (at, _)) in text.char_indices().enumerate() {
        map.linear(at, i);
    }
    (
        Utf8Text {
            text: text.into_owned(),
            map,
        },
        replaced,
    )
}

/// Multi-byte and stateful encodings: feed one byte at a time and note which
/// byte completed each character. Slower, but these parts are rare and small.
fn stateful(bytes: &[u8], encoding: &'static Encoding) -> (Utf8Text, bool) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let two_byte_ascii = encoding == UTF_16LE || encoding == UTF_16BE;
    let mut out = Utf8Text {
        text: String::with_capacity(bytes.len() * 3 / 2),
        map: OffsetMap::new(),
    };
    let mut replaced = false;
    let mut buf = [0u8; 32];
    // First byte not yet accounted for by an output character.
    let mut pending = 0;
    let mut feed = |src: &[u8], last: bool, at: usize, out: &mut Utf8Text| -> bool {
        let (_, _, written, repl) = decoder.decode_to_utf8(src, &mut buf, last);
        let Ok(s) = std::str::from_utf8(&buf[..written]) else {
            return repl;
        };
        let n = s.chars().count();
        for (k, c) in s.chars().enumerate() {
            // ASCII completed by this very byte is this byte; anything else
            // started at the first unconsumed byte.
            let from = if k + 1 == n && c.is_ascii() && !two_byte_ascii {
                at
            } else {
                pending
            };
            out.map.linear(out.text.len(), from);
            out.text.push(c);
        }
        if n > 0 {
            pending = at + 1;
        }
        repl
    };
    for (i, b) in bytes.iter().enumerate() {
        replaced |= feed(std::slice::from_ref(b), false, i, &mut out);
    }
    replaced |= feed(&[], true, bytes.len(), &mut out);
    (out, replaced)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(label: &str, text: &str) {
        let enc = lookup(label).unwrap();
        let (raw, _, unmappable) = enc.encode(text);
        assert!(!unmappable, "{label}");
        let (out, replaced) = to_utf8(&raw, enc);
        assert!(!replaced, "{label}");
        assert_eq!(out.text, text, "{label}");
        // The URL maps to where its bytes start in the encoded input.
        let url = out.text.find("http").unwrap();
        let raw_at = raw.windows(4).position(|w| w == b"http").unwrap();
        assert_eq!(out.map.map(url), raw_at, "{label}");
    }

    #[test]
    fn japanese_and_western_charsets_map_urls_exactly() {
        let ja = "詳細は http://www.example.jp/資料 をご覧ください。";
        roundtrip(
            "ISO-2022-JP",
            "詳細はhttp://www.example.jp/ をご覧ください。",
        );
        roundtrip("Shift_JIS", ja);
        roundtrip("euc-jp", ja);
        roundtrip(
            "windows-1252",
            "Caf\u{e9} \u{2019}http://caf\u{e9}.example/\u{2019}",
        );
        roundtrip("iso-8859-1", "na\u{ef}ve http://x.example/");
        roundtrip("utf-8", "\u{1f600} http://x.example/");
    }

    #[test]
    fn unknown_labels_are_none_and_bad_bytes_replaced() {
        assert!(lookup("x-unknown-charset").is_none());
        assert_eq!(lookup("\"US-ASCII\""), lookup("windows-1252"));
        let (out, replaced) = to_utf8(b"a\xffb http://x/", UTF_8);
        assert!(replaced);
        assert_eq!(out.text, "a\u{fffd}b http://x/");
        assert_eq!(out.map.map(out.text.find("http").unwrap()), 4);
    }
}
