//! Decoding one leaf part's body: mbox unquoting, transfer encoding, charset,
//! then format=flowed, each stage with its [`OffsetMap`].
//!
//! Shared by the MIME walk and the fast path for plain messages
//! ([`super::fast`]), so both give the same text and the same positions.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

use super::{charset, flowed, transfer};
use crate::input::offsets::OffsetMap;

/// What a text part holds, by its subtype.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Body {
    /// `text/plain` and any other text.
    #[default]
    Plain,
    /// `text/html`: HTML, for the document stage to read.
    Html,
    /// `text/calendar`: iCalendar, for the document stage to unfold.
    Calendar,
}

impl Body {
    /// The kind a `text/` subtype names.
    pub(crate) fn of_subtype(subtype: &str) -> Body {
        if subtype.eq_ignore_ascii_case("html") {
            Body::Html
        } else if subtype.eq_ignore_ascii_case("calendar") {
            Body::Calendar
        } else {
            Body::Plain
        }
    }
}

/// What the part's headers say about its body.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LeafSpec<'a> {
    /// `text/html`, `text/calendar` or other text.
    pub(crate) body: Body,
    /// The Content-Transfer-Encoding value ("" when absent).
    pub(crate) cte: &'a str,
    /// The `charset` parameter.
    pub(crate) charset: Option<&'a str>,
    /// `format=flowed`.
    pub(crate) flowed: bool,
    /// `delsp=yes`.
    pub(crate) delsp: bool,
}

/// A decoded body.
#[derive(Debug)]
pub(crate) struct LeafText {
    pub(crate) text: String,
    /// Text → body, one map per stage in decoding order (apply last first).
    /// Empty when the text is the body byte for byte.
    pub(crate) maps: Vec<OffsetMap>,
    /// Base64 bodies map every position to their start.
    pub(crate) base64: bool,
    /// What the text is, for the document stage.
    pub(crate) body: Body,
}

/// Decodes `body` as `spec` says; `unquote` undoes mbox `>From ` quoting.
/// Problems (bad transfer encoding, unknown charset) go to `warn`, in order.
pub(crate) fn decode(
    body: &[u8],
    spec: &LeafSpec<'_>,
    unquote: bool,
    mut warn: impl FnMut(String),
) -> LeafText {
    let mut maps = Vec::new();
    let mut bytes = Cow::Borrowed(body);
    if unquote {
        if let Some((unquoted, map)) = super::mbox::unquote_from(body) {
            bytes = Cow::Owned(unquoted);
            maps.push(map);
        }
    }
    let cte = spec.cte.trim();
    let base64 = cte.eq_ignore_ascii_case("base64");
    let decoded = if cte.eq_ignore_ascii_case("quoted-printable") {
        Some(transfer::quoted_printable(&bytes))
    } else if base64 {
        Some(transfer::base64(&bytes))
    } else {
        None
    };
    if let Some(d) = decoded {
        if let Some(problem) = d.problem {
            warn(problem);
        }
        bytes = Cow::Owned(d.bytes);
        maps.push(d.map);
    }
    let label = spec.charset.map(|l| (l, charset::lookup(l)));
    let encoding = match label {
        Some((_, Some(e))) => Some(e),
        Some((l, None)) => {
            warn(format!("unknown charset `{l}`: decoded as UTF-8"));
            Some(UTF_8)
        }
        None => None,
    };
    let mut text = match as_is(bytes, encoding) {
        Ok(text) => text,
        Err(bytes) => {
            // Unlabelled 8-bit text is UTF-8 when it is valid (then it was
            // taken as is above), else most likely windows-1252.
            let (utf8, _) = charset::to_utf8(&bytes, encoding.unwrap_or(WINDOWS_1252));
            maps.push(utf8.map);
            utf8.text
        }
    };
    // HTML is left as it is: the document stage reads it (`html` syntax).
    if spec.flowed && spec.body == Body::Plain {
        let (t, m) = flowed::unflow(&text, spec.delsp);
        text = t;
        maps.push(m);
    }
    LeafText {
        text,
        maps,
        base64,
        body: spec.body,
    }
}

/// The bytes as text when decoding them would not change a byte: valid UTF-8
/// read as UTF-8 (or unlabelled), or ASCII in a charset that keeps ASCII.
/// Checking first (once) spares the common body a per-character conversion.
fn as_is<'a>(
    bytes: Cow<'a, [u8]>,
    encoding: Option<&'static Encoding>,
) -> Result<String, Cow<'a, [u8]>> {
    let utf8 = encoding.is_none_or(|e| e == UTF_8);
    let ascii = || encoding.is_some_and(Encoding::is_ascii_compatible) && bytes.is_ascii();
    if !utf8 && !ascii() {
        return Err(bytes);
    }
    // A SIMD check, then a copy: std's check of a whole body cost more
    // than both (8% of an mbox's instructions).
    match simdutf8::basic::from_utf8(&bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => Err(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec<'a>(cte: &'a str, charset: Option<&'a str>) -> LeafSpec<'a> {
        LeafSpec {
            cte,
            charset,
            ..LeafSpec::default()
        }
    }

    #[test]
    fn unchanged_bodies_have_no_maps() {
        for (body, charset) in [
            ("caf\u{e9} http://x.example/\n", None),
            ("caf\u{e9} http://x.example/\n", Some("UTF-8")),
            ("plain http://x.example/\n", Some("us-ascii")),
            ("plain http://x.example/\n", Some("iso-8859-1")),
        ] {
            let out = decode(body.as_bytes(), &spec("8bit", charset), true, |w| {
                panic!("{w}")
            });
            assert_eq!(out.text, body);
            assert!(out.maps.is_empty(), "{charset:?}");
        }
    }

    #[test]
    fn changed_bodies_keep_their_maps() {
        let out = decode(b"caf\xe9 http://x/\n", &spec("", None), false, |w| {
            panic!("{w}")
        });
        assert_eq!(out.text, "caf\u{e9} http://x/\n");
        assert_eq!(out.maps.len(), 1);
        let out = decode(
            b"a=3Db\n",
            &spec("Quoted-Printable", Some("utf-8")),
            false,
            |_| {},
        );
        assert_eq!((out.text.as_str(), out.maps.len()), ("a=b\n", 1));
        let out = decode(b">From x\n", &spec("", None), true, |_| {});
        assert_eq!((out.text.as_str(), out.maps.len()), ("From x\n", 1));
        let mut warned = Vec::new();
        let out = decode(b"x=\n", &spec("base64", Some("x-nope")), false, |w| {
            warned.push(w);
        });
        assert!(out.base64);
        assert_eq!(warned.len(), 2, "{warned:?}");
        assert!(warned[1].contains("x-nope"));
    }
}
