//! Recognisers for the grammar of RFC 1738 §3 and §5 (and RFC 822's
//! addr-spec for `mailto`), working on byte ranges of the URL.
//!
//! They return the first [`Fault`] they find: its range and a message. As the
//! validator's module doc says, characters other rules own (`%`, `#`, unsafe
//! and non-ASCII characters) are let through here.

pub mod addr_spec;
pub mod escape;
pub mod host;
pub mod port;

use std::ops::Range;

use super::Cx;

/// A grammar violation: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The offending bytes of the URL.
    pub range: Range<usize>,
    /// One sentence; may quote the URL.
    pub message: String,
}

impl Fault {
    /// A fault at `range`.
    pub fn new(range: Range<usize>, message: impl Into<String>) -> Fault {
        Fault {
            range,
            message: message.into(),
        }
    }
}

/// RFC 1738 §2.2 "unreserved": alphanumerics and `$-_.+!*'(),`.
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&b)
}

/// RFC 1738 §2.2 unsafe characters other than `#` and `%` (which have
/// their own treatment): space, `< > " { } | \ ^ ~ [ ]`, backquote and the
/// control characters.
pub fn is_unsafe(c: char) -> bool {
    // A `match`, not `str::contains`: this runs for every character of
    // every URL `check` sees.
    c.is_ascii_control()
        || matches!(
            c,
            ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '~' | '[' | ']' | '`'
        )
}

/// Bytes judged by the character rules, not by the grammars (see the
/// module doc): non-ASCII, unsafe, `%` and `#`.
pub fn owned_elsewhere(b: u8) -> bool {
    !b.is_ascii() || b == b'%' || b == b'#' || is_unsafe(char::from(b))
}

/// `uchar` of RFC 1738 §5, with [`owned_elsewhere`] bytes let through.
pub fn is_uchar(b: u8) -> bool {
    is_unreserved(b) || owned_elsewhere(b)
}

/// The first byte of `range` (an index into `url`) that is neither a
/// [`is_uchar`] nor in `also`.
pub fn first_not_uchar(url: &str, range: Range<usize>, also: &[u8]) -> Option<usize> {
    let start = range.start;
    url.as_bytes()
        .get(range)?
        .iter()
        .position(|&b| !is_uchar(b) && !also.contains(&b))
        .map(|i| start + i)
}

/// A newsgroup name (RFC 1738 §5, news and nntp):
/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`.
pub fn is_group(url: &str, r: Range<usize>) -> bool {
    let b = url.as_bytes().get(r).unwrap_or_default();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || b"-.+_".contains(&c) || owned_elsewhere(c))
}

/// The range of the character starting at byte `i` (for one-character spans).
pub fn char_at(url: &str, i: usize) -> Range<usize> {
    let len = url
        .get(i..)
        .and_then(|s| s.chars().next())
        .map_or(1, char::len_utf8);
    i..(i + len).min(url.len())
}

/// A URL with a scheme and nothing after it (`http:`, `http://`, `news:`),
/// which the README calls `empty-url`.
pub fn is_empty_url(cx: &Cx<'_>) -> bool {
    if cx.url.is_empty() {
        return true;
    }
    cx.parts.scheme.is_some() && matches!(cx.text(cx.parts.body.clone()), "" | "//")
}

/// Fault for a scheme that needs RFC 1738 §3.1's `//host` but lacks it.
pub fn missing_authority(cx: &Cx<'_>, form: &str) -> Option<Fault> {
    if cx.parts.authority.is_some() {
        return None;
    }
    let body = cx.parts.body.clone();
    Some(Fault::new(
        body,
        format!("a `{}` URL has the form `{form}`", cx.scheme_str()),
    ))
}
