//! One message: the fast path when it applies, the MIME walk otherwise.

use std::sync::Arc;

use super::leaf::Body;
use super::{charset, fast, leaf, mime, MailOptions, MailWarning, TextPart};
use crate::input::offsets::{PosResolver, RawMessage};
use crate::span::Pos;

/// Where a message's parts and warnings go.
pub(crate) struct Sinks<'a, P, W> {
    pub(crate) on_part: &'a mut P,
    pub(crate) on_warning: &'a mut W,
}

/// Decodes the message `bytes`, which start at `base` in the file (a line
/// start), and returns its `Message-ID`; `unquote`: undo mboxrd's `>From `
/// quoting (a message of an mbox that has such a line).
pub(crate) fn decode<P: FnMut(TextPart), W: FnMut(MailWarning)>(
    bytes: &[u8],
    base: Pos,
    index: u64,
    opts: &MailOptions,
    unquote: bool,
    sinks: Sinks<'_, P, W>,
) -> Option<String> {
    let Some(plain) = fast::parse(bytes) else {
        return full(bytes, base, index, opts, unquote, sinks);
    };
    let fast::Plain {
        body_start,
        header_lines,
        spec,
        message_id,
        url_fields,
    } = plain;
    let (head, body) = bytes.split_at(body_start.min(bytes.len()));
    if opts.headers {
        if let Some((text, map)) = mime::url_fields_text(head, url_fields.into_iter()) {
            let raw = Arc::new(RawMessage::new(head.to_vec(), base));
            (sinks.on_part)(TextPart {
                text,
                html: false,
                calendar: false,
                exact: true,
                message_id: message_id.clone(),
                message_index: index,
                resolver: PosResolver::new(raw, vec![map], 0),
            });
        }
    }
    let body_base = Pos {
        line: base.line + header_lines,
        column: 1,
        offset: base.offset + head.len() as u64,
    };
    let on_warning = sinks.on_warning;
    let out = leaf::decode(body, &spec, unquote, |message| {
        on_warning(MailWarning {
            message_index: index,
            message_id: message_id.clone(),
            pos: body_base,
            message,
        });
    });
    let resolver = if out.maps.is_empty() {
        // The text is the body: no copy of it needed to count positions.
        PosResolver::identity(body_base)
    } else {
        let mut maps = out.maps;
        maps.reverse();
        PosResolver::new(Arc::new(RawMessage::new(body.to_vec(), body_base)), maps, 0)
    };
    (sinks.on_part)(TextPart {
        text: out.text,
        html: out.body == Body::Html,
        calendar: out.body == Body::Calendar,
        exact: !out.base64,
        message_id: message_id.clone(),
        message_index: index,
        resolver,
    });
    message_id
}

/// Decodes the message with `mail-parser`, whatever it holds.
pub(crate) fn full<P: FnMut(TextPart), W: FnMut(MailWarning)>(
    bytes: &[u8],
    base: Pos,
    index: u64,
    opts: &MailOptions,
    unquote: bool,
    sinks: Sinks<'_, P, W>,
) -> Option<String> {
    let Sinks {
        on_part,
        on_warning,
    } = sinks;
    let mut d = mime::MessageDecoder {
        opts,
        raw: Arc::new(RawMessage::new(bytes.to_vec(), base)),
        index,
        mbox: unquote,
        on_part,
        on_warning,
        message_id: None,
        boundary_checks: 0,
    };
    d.run();
    d.message_id
}

/// Undecoded bytes (the rest of an oversized message) as a part.
pub(crate) fn raw_part(
    bytes: &[u8],
    base: Pos,
    message_id: Option<String>,
    index: u64,
) -> TextPart {
    let (text, resolver) = if let Ok(text) = std::str::from_utf8(bytes) {
        (text.to_owned(), PosResolver::identity(base))
    } else {
        let (utf8, _) = charset::to_utf8(bytes, encoding_rs::UTF_8);
        let raw = Arc::new(RawMessage::new(bytes.to_vec(), base));
        (utf8.text, PosResolver::new(raw, vec![utf8.map], 0))
    };
    TextPart {
        text,
        html: false,
        calendar: false,
        exact: true,
        message_id,
        message_index: index,
        resolver,
    }
}
