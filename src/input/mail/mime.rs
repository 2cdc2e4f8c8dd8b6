//! One message: MIME structure from `mail-parser`, decoding done here.
//!
//! `mail-parser` finds the parts and their headers and gives their byte
//! offsets; it decodes bodies too, but without any way back to the file, so
//! each text part is decoded again from its raw bytes here, stage by stage,
//! keeping an [`OffsetMap`] per stage.

use std::sync::Arc;

use mail_parser::{
    Header, HeaderName, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};

use super::leaf::{self, Body, LeafSpec};
use super::{charset, MailOptions, MailWarning, TextPart};
use crate::input::offsets::{OffsetMap, PosResolver, RawMessage};

/// Header fields whose values are URLs (RFC 2369 and RFC 5064).
const URL_HEADERS: &[HeaderName<'static>] = &[
    HeaderName::ListArchive,
    HeaderName::ListHelp,
    HeaderName::ListOwner,
    HeaderName::ListPost,
    HeaderName::ListSubscribe,
    HeaderName::ListUnsubscribe,
    HeaderName::ArchivedAt,
];

/// More `message/rfc822`-like types than this and the message is scanned
/// undecoded: the parser nests a `Message` per level, and dropping a tree a
/// million levels deep (a 64 MiB message can hold that) overflows the stack.
const MAX_NESTED_MESSAGES: usize = 1000;

/// At most this many multipart closing boundaries are looked for per message,
/// each a search to the end of the message.
const MAX_BOUNDARY_CHECKS: usize = 64;

/// Where a message's parts live: directly in the file's bytes, or inside an
/// encoded `message/rfc822` part whose body start is all we can point to.
#[derive(Clone, Copy)]
enum Origin {
    Direct,
    Encoded(usize),
}

/// Decodes one message and hands out its text parts.
pub(crate) struct MessageDecoder<'a, P, W> {
    pub(crate) opts: &'a MailOptions,
    pub(crate) raw: Arc<RawMessage>,
    pub(crate) index: u64,
    /// Undo mbox `>From ` quoting in undecoded bodies.
    pub(crate) mbox: bool,
    pub(crate) on_part: &'a mut P,
    pub(crate) on_warning: &'a mut W,
    pub(crate) message_id: Option<String>,
    pub(crate) boundary_checks: usize,
}

impl<P: FnMut(TextPart), W: FnMut(MailWarning)> MessageDecoder<'_, P, W> {
    fn warn(&mut self, at: usize, message: String) {
        (self.on_warning)(MailWarning {
            message_index: self.index,
            message_id: self.message_id.clone(),
            pos: self.raw.line_start_pos(at),
            message,
        });
    }

    fn emit(
        &mut self,
        text: String,
        body: Body,
        mut maps: Vec<OffsetMap>,
        body_start: usize,
        exact: bool,
    ) {
        maps.reverse();
        (self.on_part)(TextPart {
            text,
            html: body == Body::Html,
            calendar: body == Body::Calendar,
            exact,
            message_id: self.message_id.clone(),
            message_index: self.index,
            resolver: PosResolver::new(Arc::clone(&self.raw), maps, body_start),
        });
    }

    /// Decodes the whole message.
    pub(crate) fn run(&mut self) {
        let raw = Arc::clone(&self.raw);
        let parsed = if nesting_markers(&raw.bytes) > MAX_NESTED_MESSAGES {
            self.warn(0, "too many nested messages: scanned undecoded".into());
            None
        } else {
            // `mail-parser` is a third party reading hostile bytes: a panic
            // in it (its `debug_assert!` on a `message/rfc822` part nested in
            // a closed multipart fires in debug builds; found by fuzzing)
            // must cost one message its decoding, not the run.
            let bytes = raw.bytes.as_slice();
            let parsed = std::panic::catch_unwind(|| {
                MessageParser::new()
                    .with_mime_headers()
                    .with_message_ids()
                    .default_header_raw()
                    .parse(bytes)
            });
            parsed.unwrap_or_else(|_| {
                self.warn(0, "the MIME parser failed: scanned undecoded".into());
                None
            })
        };
        let Some(message) = parsed else {
            let (utf8, _) = charset::to_utf8(&raw.bytes, encoding_rs::UTF_8);
            self.emit(utf8.text, Body::Plain, vec![utf8.map], 0, true);
            return;
        };
        let root = message.parts.first();
        self.message_id = root
            .and_then(|p| header_text(&p.headers, &HeaderName::MessageId))
            .map(str::to_owned);
        if self.opts.headers {
            if let Some(root) = root {
                self.headers(&root.headers);
            }
        }
        // Nested messages are walked in file order with an explicit stack of
        // (message, where its offsets point, origin, next part), never by
        // recursion. An attached message as such keeps offsets into the
        // enclosing buffer; an encoded one has its own decoded buffer.
        let mut stack: Vec<(&Message<'_>, &[u8], Origin, usize)> =
            vec![(&message, raw.bytes.as_slice(), Origin::Direct, 0)];
        while let Some((msg, data, origin, i)) = stack.pop() {
            let Some(part) = msg.parts.get(i) else {
                continue;
            };
            stack.push((msg, data, origin, i + 1));
            match &part.body {
                PartType::Multipart(_) => self.check_closed(part, data, origin),
                PartType::Message(inner) => {
                    let inner_at = match (origin, part.encoding) {
                        (_, mail_parser::Encoding::None) => (data, origin),
                        (Origin::Direct, _) => (
                            inner.raw_message(),
                            Origin::Encoded(part.offset_body as usize),
                        ),
                        (o @ Origin::Encoded(_), _) => (inner.raw_message(), o),
                    };
                    stack.push((inner, inner_at.0, inner_at.1, 0));
                }
                _ => self.text_part(part, data, origin),
            }
        }
    }

    /// Scans the URL-carrying header fields, unfolded, one per line.
    fn headers(&mut self, headers: &[Header<'_>]) {
        let fields = headers
            .iter()
            .filter(|h| URL_HEADERS.contains(&h.name))
            .map(|h| (h.offset_field as usize, h.offset_end as usize));
        if let Some((text, map)) = url_fields_text(&self.raw.bytes, fields) {
            self.emit(text, Body::Plain, vec![map], 0, true);
        }
    }

    /// Warns when a multipart body never reaches its closing boundary.
    fn check_closed(&mut self, part: &MessagePart<'_>, data: &[u8], origin: Origin) {
        let Some(boundary) = part.content_type().and_then(|c| c.attribute("boundary")) else {
            return;
        };
        if self.boundary_checks >= MAX_BOUNDARY_CHECKS {
            return;
        }
        self.boundary_checks += 1;
        let close = format!("--{boundary}--");
        let body = data.get(part.offset_body as usize..).unwrap_or_default();
        if memchr::memmem::find(body, close.as_bytes()).is_none() {
            let at = at_origin(origin, part.offset_body as usize);
            self.warn(
                at,
                format!("truncated multipart: closing boundary `{close}` missing"),
            );
        }
    }

    /// Decodes one leaf part if it is text.
    fn text_part(&mut self, part: &MessagePart<'_>, data: &[u8], origin: Origin) {
        let (start, end) = (part.offset_body as usize, part.offset_end as usize);
        let at = at_origin(origin, start);
        let Some(html) = self.scannable(part, at) else {
            return;
        };
        let kind = match (html, part.content_type()) {
            (true, _) => Body::Html,
            (false, Some(c)) if c.ctype().eq_ignore_ascii_case("text") => {
                Body::of_subtype(c.subtype().unwrap_or("plain"))
            }
            _ => Body::Plain,
        };
        let body = data.get(start..end.max(start)).unwrap_or_default();
        let spec = LeafSpec {
            body: kind,
            cte: part.content_transfer_encoding().unwrap_or(""),
            charset: param(part, "charset"),
            flowed: param_is(part, "format", "flowed"),
            delsp: param_is(part, "delsp", "yes"),
        };
        let unquote = self.mbox && matches!(origin, Origin::Direct);
        let out = leaf::decode(body, &spec, unquote, |problem| self.warn(at, problem));
        match origin {
            Origin::Direct => self.emit(out.text, out.body, out.maps, start, !out.base64),
            Origin::Encoded(outer) => {
                let mut point = OffsetMap::new();
                point.point(0, 0);
                self.emit(out.text, out.body, vec![point], outer, false);
            }
        }
    }

    /// Whether a leaf part is scanned: `Some(true)` for HTML, `Some(false)`
    /// for other text, `None` for binary parts.
    fn scannable(&mut self, part: &MessagePart<'_>, at: usize) -> Option<bool> {
        let (ctype, subtype) = part.content_type().map_or(("text", "plain"), |c| {
            (c.ctype(), c.subtype().unwrap_or("plain"))
        });
        if ctype.eq_ignore_ascii_case("text") {
            return Some(subtype.eq_ignore_ascii_case("html"));
        }
        // The parser falls back to text for a multipart without a boundary
        // or a message it could not parse: those are scanned as plain text.
        let fallback = matches!(part.body, PartType::Text(_) | PartType::Html(_))
            || ctype.eq_ignore_ascii_case("message")
            || ctype.eq_ignore_ascii_case("multipart");
        if !fallback {
            return None;
        }
        self.warn(
            at,
            format!("malformed {ctype}/{subtype} part: scanned as text"),
        );
        Some(false)
    }
}

/// The header fields at `fields` (from the name to after the line break)
/// unfolded, one per line, with the map back into `raw`; `None` if none.
pub(crate) fn url_fields_text(
    raw: &[u8],
    fields: impl Iterator<Item = (usize, usize)>,
) -> Option<(String, OffsetMap)> {
    let mut text = String::new();
    let mut map = OffsetMap::new();
    for (start, end) in fields {
        let Some(field) = raw.get(start..end.max(start)) else {
            continue;
        };
        let field = field.trim_ascii_end();
        // Unfold: drop each line break, keep the indentation after it.
        let mut at = 0;
        loop {
            let rest = field.get(at..).unwrap_or_default();
            let nl = memchr::memchr(b'\n', rest);
            let line = &rest[..nl.unwrap_or(rest.len())];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let (utf8, _) = charset::to_utf8(line, encoding_rs::UTF_8);
            for (i, _) in utf8.text.char_indices() {
                map.linear(text.len() + i, start + at + utf8.map.map(i));
            }
            text.push_str(&utf8.text);
            match nl {
                Some(n) => at += n + 1,
                None => break,
            }
        }
        map.linear(text.len(), end.saturating_sub(1));
        text.push('\n');
    }
    (!text.is_empty()).then_some((text, map))
}

/// A Content-Type parameter of `part`.
fn param<'a>(part: &'a MessagePart<'_>, name: &str) -> Option<&'a str> {
    part.content_type().and_then(|c| c.attribute(name))
}

/// Whether a Content-Type parameter has a value (case-insensitively).
fn param_is(part: &MessagePart<'_>, name: &str, value: &str) -> bool {
    param(part, name).is_some_and(|v| v.trim().eq_ignore_ascii_case(value))
}

/// The message offset to blame for something at `offset` in `origin`.
fn at_origin(origin: Origin, offset: usize) -> usize {
    match origin {
        Origin::Direct => offset,
        Origin::Encoded(outer) => outer,
    }
}

/// Counts the media subtypes that can start a nested message (`/rfc822`,
/// `/global`, and `/digest`, whose parts default to messages).
fn nesting_markers(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'/', bytes)
        .filter(|&i| {
            let next = bytes.get(i + 1..i + 7).unwrap_or_default();
            [&b"rfc822"[..], b"global", b"digest"]
                .iter()
                .any(|m| next.eq_ignore_ascii_case(m))
        })
        .count()
}

fn header_text<'a>(headers: &'a [Header<'_>], name: &HeaderName<'_>) -> Option<&'a str> {
    headers
        .iter()
        .find(|h| &h.name == name)
        .and_then(|h| match &h.value {
            HeaderValue::Text(t) => Some(t.as_ref()),
            HeaderValue::TextList(l) => l.first().map(AsRef::as_ref),
            _ => None,
        })
}
