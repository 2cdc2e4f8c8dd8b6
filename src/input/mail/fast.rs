//! The fast path: a message that is one text part under plain headers is
//! decoded without `mail-parser`.
//!
//! Most messages of a list archive are a single `text/plain` part, and
//! parsing them into a MIME tree (which also decodes every body, only for us
//! to decode it again with a map) costs more than scanning them. Here the
//! header section is read line by line, only the fields that matter are
//! looked at, and the body goes straight to [`leaf::decode`], the same
//! decoding the MIME walk uses. Anything this reader does not understand
//! exactly as `mail-parser` would (a multipart or message type, a parameter
//! with comments or RFC 2231 continuations, a repeated field, a header line
//! without a name) returns `None` and the message takes the full path, so
//! both paths give the same parts and positions.
//!
//! Unlike the full path, a single text part with many `/rfc822` strings in
//! its body is decoded, not scanned raw: that limit only guards the parser's
//! nesting, which is not involved here.

use memchr::memchr;

use super::leaf::{Body, LeafSpec};

/// Header fields whose values are URLs (RFC 2369 and RFC 5064), as in
/// [`super::mime`].
const URL_FIELDS: &[&str] = &[
    "list-archive",
    "list-help",
    "list-owner",
    "list-post",
    "list-subscribe",
    "list-unsubscribe",
    "archived-at",
];

/// What the fast path needs of a single-part text message.
#[derive(Debug)]
pub(crate) struct Plain<'m> {
    /// Offset of the body (after the empty line ending the header).
    pub(crate) body_start: usize,
    /// Line breaks in the header section, the empty line's included.
    pub(crate) header_lines: u64,
    /// How to decode the body.
    pub(crate) spec: LeafSpec<'m>,
    /// The `Message-ID`, without angle brackets.
    pub(crate) message_id: Option<String>,
    /// The URL header fields, from the name to after the line break.
    pub(crate) url_fields: Vec<(usize, usize)>,
}

/// Reads the header section of `msg`; `None` unless the message is a single
/// text part whose relevant fields are simple enough to read here.
pub(crate) fn parse(msg: &[u8]) -> Option<Plain<'_>> {
    let (mut ctype, mut cte, mut id) = (None, None, None);
    let mut url_fields = Vec::new();
    let mut header_lines = 0u64;
    let mut pos = 0;
    let body_start = loop {
        let rest = msg.get(pos..)?;
        let nl = memchr(b'\n', rest)?;
        header_lines += 1;
        let line = &rest[..nl];
        if line.is_empty() || line == b"\r" {
            // A message without any field is not parsed as a message.
            if pos == 0 {
                return None;
            }
            break pos + nl + 1;
        }
        // The name: visible ASCII up to the colon, nothing else.
        let colon = line
            .iter()
            .position(|&b| b == b':' || !b.is_ascii_graphic())?;
        if colon == 0 || line[colon] != b':' {
            return None;
        }
        let name = &line[..colon];
        // The field goes on over lines that start with a space or a tab.
        let mut end = pos + nl + 1;
        while matches!(msg.get(end), Some(b' ' | b'\t')) {
            end += memchr(b'\n', &msg[end..])? + 1;
            header_lines += 1;
        }
        let value = &msg[pos + colon + 1..end];
        // Most fields (From, To, Subject, Date, Received …) matter not:
        // their first letter says so.
        if !matches!(name[0] | 0x20, b'a' | b'c' | b'l' | b'm') {
            pos = end;
            continue;
        }
        let is = |n: &str| name.eq_ignore_ascii_case(n.as_bytes());
        let slot = if is("content-type") {
            Some(&mut ctype)
        } else if is("content-transfer-encoding") {
            Some(&mut cte)
        } else if is("message-id") {
            Some(&mut id)
        } else {
            None
        };
        if let Some(slot) = slot {
            // Which of two fields wins is the parser's business.
            if slot.replace(value).is_some() {
                return None;
            }
        } else if URL_FIELDS.iter().any(|n| is(n)) {
            url_fields.push((pos, end));
        } else if name.len() > 8
            && name[..8].eq_ignore_ascii_case(b"content-")
            && memchr::memmem::find(value, b"=?").is_some()
        {
            // The parser decodes encoded words in some content fields, and
            // an encoded word may take a line break with it.
            return None;
        }
        pos = end;
    };
    let mut spec = match ctype {
        Some(v) => content_type(v)?,
        None => LeafSpec::default(),
    };
    if let Some(v) = cte {
        spec.cte = single_token(v)?;
    }
    let message_id = match id {
        Some(v) => Some(message_id(v)?),
        None => None,
    };
    Some(Plain {
        body_start,
        header_lines,
        spec,
        message_id,
        url_fields,
    })
}

/// A field value being read.
struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cursor<'a> {
    fn skip_ws(&mut self) {
        while matches!(self.b.get(self.i), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// Skips spaces and folded line breaks.
    fn skip_fws(&mut self) {
        loop {
            self.skip_ws();
            let rest = self.b.get(self.i..).unwrap_or_default();
            let nl = match rest {
                [b'\n', b' ' | b'\t', ..] => 1,
                [b'\r', b'\n', b' ' | b'\t', ..] => 2,
                _ => return,
            };
            self.i += nl;
        }
    }

    /// Whether only the field's final line break is left.
    fn at_end(&self) -> bool {
        matches!(self.b.get(self.i..), Some(b"\n" | b"\r\n"))
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.b.get(self.i) == Some(&c);
        self.i += usize::from(hit);
        hit
    }

    /// An RFC 2045 token, less `*` (RFC 2231 marks parameters with it).
    fn token(&mut self) -> Option<&'a str> {
        let n = self
            .b
            .get(self.i..)?
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || b"!#$%&'+-.^_`{|}~".contains(&c))
            .count();
        let t = self.b.get(self.i..self.i + n)?;
        self.i += n;
        if n == 0 {
            return None;
        }
        std::str::from_utf8(t).ok()
    }

    /// A quoted string without escapes, spaces or `=` (which could start an
    /// encoded word), or a token.
    fn value(&mut self) -> Option<&'a str> {
        if !self.eat(b'"') {
            return self.token();
        }
        let rest = self.b.get(self.i..)?;
        let n = rest
            .iter()
            .take_while(|&&c| c.is_ascii_graphic() && !b"\"\\=".contains(&c))
            .count();
        let v = rest.get(..n)?;
        self.i += n;
        if n == 0 || !self.eat(b'"') {
            return None;
        }
        std::str::from_utf8(v).ok()
    }
}

/// `text/subtype` with `name=value` parameters, folded only after a `;`.
fn content_type(value: &[u8]) -> Option<LeafSpec<'_>> {
    let mut c = Cursor { b: value, i: 0 };
    c.skip_fws();
    let ctype = c.token()?;
    if !c.eat(b'/') {
        return None;
    }
    let subtype = c.token()?;
    if !ctype.eq_ignore_ascii_case("text") {
        return None;
    }
    let mut spec = LeafSpec {
        body: Body::of_subtype(subtype),
        ..LeafSpec::default()
    };
    let (mut charset, mut format, mut delsp) = (None, None, None);
    loop {
        c.skip_ws();
        if c.at_end() {
            break;
        }
        if !c.eat(b';') {
            return None;
        }
        c.skip_fws();
        if c.at_end() {
            break;
        }
        let name = c.token()?;
        if !c.eat(b'=') {
            return None;
        }
        let v = c.value()?;
        // The parser looks a parameter up by its first occurrence.
        for (n, slot) in [
            ("charset", &mut charset),
            ("format", &mut format),
            ("delsp", &mut delsp),
        ] {
            if name.eq_ignore_ascii_case(n) && slot.is_none() {
                *slot = Some(v);
            }
        }
    }
    spec.charset = charset;
    spec.flowed = format.is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
    spec.delsp = delsp.is_some_and(|d| d.eq_ignore_ascii_case("yes"));
    Some(spec)
}

/// A value that is one token (Content-Transfer-Encoding).
fn single_token(value: &[u8]) -> Option<&str> {
    let mut c = Cursor { b: value, i: 0 };
    c.skip_fws();
    let t = c.token()?;
    c.skip_ws();
    c.at_end().then_some(t)
}

/// `<id>`, the id without spaces or angle brackets.
fn message_id(value: &[u8]) -> Option<String> {
    let mut c = Cursor { b: value, i: 0 };
    c.skip_fws();
    if !c.eat(b'<') {
        return None;
    }
    let rest = value.get(c.i..)?;
    let n = rest
        .iter()
        .take_while(|&&b| !b.is_ascii_whitespace() && b != b'<' && b != b'>')
        .count();
    let id = rest.get(..n)?;
    c.i += n;
    if n == 0 || !c.eat(b'>') {
        return None;
    }
    c.skip_ws();
    c.at_end().then(|| String::from_utf8_lossy(id).into_owned())
}
