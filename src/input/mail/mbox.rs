//! Streaming an mbox (or one message) message by message.
//!
//! A separator is a `From sender date` line at the start of the file or
//! after an empty line. Requiring the empty line and a time of day in the
//! line keeps an unquoted `From ` in a body (pipermail archives have them,
//! and prose starts paragraphs with "From what I hear") from splitting a
//! message.
//!
//! Only one message is held at a time, capped in size; the rest of an
//! oversized message is scanned undecoded in chunks, so memory stays bounded
//! on any input.

use std::io::{self, BufRead, Read};
use std::sync::Arc;

use super::offsets::{count_scalars, OffsetMap, PosResolver, RawMessage};
use super::{charset, mime, MailOptions, MailWarning, TextPart};
use crate::span::Pos;

/// Bytes a `From ` line is given to be recognised in, near the size cap.
const FROM_LINE: usize = 256;
/// Bytes read per call once a message has overflowed.
const PIECE: usize = 64 * 1024;
/// An undecoded chunk is handed out at the first line end past this size…
const CHUNK_SOFT: usize = 1024 * 1024;
/// …or here, mid-line, if the line never ends.
const CHUNK_HARD: usize = 4 * 1024 * 1024;

/// Whether `line` is an mbox separator: `From `, a sender, and a date with a
/// time of day (`From alice@example.org Mon Jan  1 10:00:00 2024`,
/// `From - Sat Mar 14 09:00:00 2015`, pipermail's `From a at b.org  …`).
pub(crate) fn is_from_line(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"From ") else {
        return false;
    };
    let words = rest
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .count();
    let has_time = rest.windows(4).any(|w| {
        w[0].is_ascii_digit() && w[1] == b':' && w[2].is_ascii_digit() && w[3].is_ascii_digit()
    });
    words >= 3 && has_time
}

/// Undoes mboxrd/mboxo quoting: `>From ` → `From `, `>>From ` → `>From `.
/// `None` when there is nothing to undo (the usual case, at no copy).
pub(crate) fn unquote_from(body: &[u8]) -> Option<(Vec<u8>, OffsetMap)> {
    let mut cuts = Vec::new();
    for j in memchr::memmem::find_iter(body, b">From ") {
        let k = body[..j]
            .iter()
            .rposition(|&b| b != b'>')
            .map_or(0, |p| p + 1);
        let at_line_start = k == 0 || body.get(k - 1) == Some(&b'\n');
        // `>>From ` matches twice; cut only at the first `>` of the line.
        if at_line_start && cuts.last() != Some(&k) {
            cuts.push(k);
        }
    }
    if cuts.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(body.len());
    let mut map = OffsetMap::new();
    let mut from = 0;
    for cut in cuts {
        map.linear(out.len(), from);
        out.extend_from_slice(&body[from..cut]);
        from = cut + 1;
    }
    map.linear(out.len(), from);
    out.extend_from_slice(&body[from..]);
    Some((out, map))
}

/// Reads messages from `r` and decodes each as it completes.
pub(crate) struct Splitter<'a, P, W> {
    pub(crate) opts: &'a MailOptions,
    pub(crate) mbox: bool,
    pub(crate) on_part: P,
    pub(crate) on_warning: W,
}

/// An oversized message's undecoded remainder being collected.
struct Overflow {
    chunk: Vec<u8>,
    base: Pos,
    message_id: Option<String>,
}

impl<P: FnMut(TextPart), W: FnMut(MailWarning)> Splitter<'_, P, W> {
    fn decode(&mut self, bytes: Vec<u8>, base: Pos, index: u64) -> Option<String> {
        let mut d = mime::MessageDecoder {
            opts: self.opts,
            raw: Arc::new(RawMessage::new(bytes, base)),
            index,
            mbox: self.mbox,
            on_part: &mut self.on_part,
            on_warning: &mut self.on_warning,
            message_id: None,
            boundary_checks: 0,
        };
        d.run();
        d.message_id
    }

    /// Hands out the undecoded chunk collected so far. Unless `at_end`, an
    /// incomplete UTF-8 sequence at its end is kept for the next chunk, so
    /// columns count it as one character, as a count from the line start does.
    fn emit_chunk(&mut self, ov: &mut Overflow, index: u64, at_end: bool) {
        let mut bytes = std::mem::take(&mut ov.chunk);
        let keep = if at_end { 0 } else { incomplete_tail(&bytes) };
        ov.chunk = bytes.split_off(bytes.len() - keep);
        let next = pos_after(ov.base, &bytes);
        let (utf8, _) = charset::to_utf8(&bytes, encoding_rs::UTF_8);
        let raw = Arc::new(RawMessage::new(bytes, ov.base));
        (self.on_part)(TextPart {
            text: utf8.text,
            exact: true,
            message_id: ov.message_id.clone(),
            message_index: index,
            resolver: PosResolver::new(raw, vec![utf8.map], 0),
        });
        ov.base = next;
    }

    /// Runs to the end of `r`.
    pub(crate) fn run<R: BufRead>(mut self, mut r: R) -> io::Result<()> {
        let cap = self.opts.max_message_bytes.max(1);
        let mut msg = Vec::new();
        let mut base = Pos::START;
        let mut index = 0u64;
        let mut started = !self.mbox;
        let mut overflow: Option<Overflow> = None;
        let (mut line_start, mut prev_blank) = (true, true);
        // Line and offset of the next byte to read (messages start at a line
        // start, so the column is always 1 there).
        let mut pos = Pos::START;
        loop {
            if overflow.is_none() && msg.len() >= cap {
                let keep = incomplete_tail(&msg);
                let carry = msg.split_off(msg.len() - keep);
                let chunk_base = pos_after(base, &msg);
                let id = self.decode(std::mem::take(&mut msg), base, index);
                (self.on_warning)(MailWarning {
                    message_index: index,
                    message_id: id.clone(),
                    pos: base,
                    message: format!(
                        "message larger than {cap} bytes: the rest is scanned undecoded"
                    ),
                });
                overflow = Some(Overflow {
                    chunk: carry,
                    base: chunk_base,
                    message_id: id,
                });
            }
            // A few hundred bytes at least, so a `From ` line is not cut
            // before it can be recognised (the cap is soft by that much).
            let room = if overflow.is_some() {
                PIECE
            } else {
                cap.saturating_sub(msg.len()).max(FROM_LINE)
            };
            let buf = match overflow.as_mut() {
                Some(ov) => &mut ov.chunk,
                None => &mut msg,
            };
            let before = buf.len();
            let n = (&mut r).take(room as u64).read_until(b'\n', buf)?;
            if n == 0 {
                break;
            }
            let piece = &buf[before..];
            let ends_line = piece.last() == Some(&b'\n');
            let blank = piece == b"\n" || piece == b"\r\n";
            if self.mbox && line_start && prev_blank && is_from_line(piece) {
                let mut end = LineEnd::new(pos);
                end.feed(piece);
                buf.truncate(before);
                let had_message = started || msg.iter().any(|b| !b.is_ascii_whitespace());
                if let Some(mut ov) = overflow.take() {
                    self.emit_chunk(&mut ov, index, true);
                } else if had_message {
                    self.decode(std::mem::take(&mut msg), base, index);
                }
                msg.clear();
                index += u64::from(had_message);
                started = true;
                let mut ended = ends_line;
                let mut skip = Vec::new();
                while !ended {
                    skip.clear();
                    let m = (&mut r).take(PIECE as u64).read_until(b'\n', &mut skip)?;
                    end.feed(&skip);
                    ended = m == 0 || skip.last() == Some(&b'\n');
                }
                // The next line, or the end of the input when the `From `
                // line has no line break (found by fuzzing: it was put on a
                // line that does not exist).
                pos = end.finish();
                base = pos;
                (line_start, prev_blank) = (true, false);
                continue;
            }
            pos.offset += n as u64;
            if ends_line {
                prev_blank = line_start && blank;
                pos.line += 1;
            }
            line_start = ends_line;
            if let Some(mut ov) = overflow.take() {
                let len = ov.chunk.len();
                if (len >= CHUNK_SOFT && ends_line) || len >= CHUNK_HARD {
                    self.emit_chunk(&mut ov, index, false);
                }
                overflow = Some(ov);
            }
        }
        if let Some(mut ov) = overflow {
            self.emit_chunk(&mut ov, index, true);
        } else if started || msg.iter().any(|b| !b.is_ascii_whitespace()) {
            self.decode(msg, base, index);
        }
        Ok(())
    }
}

/// The position after a line read in pieces; a character cut between two
/// pieces is counted once.
struct LineEnd {
    pos: Pos,
    carry: Vec<u8>,
}

impl LineEnd {
    fn new(start: Pos) -> LineEnd {
        LineEnd {
            pos: start,
            carry: Vec::new(),
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.carry.extend_from_slice(bytes);
        let done = self.carry.len() - incomplete_tail(&self.carry);
        self.pos = pos_after(self.pos, &self.carry[..done]);
        self.carry.drain(..done);
    }

    fn finish(self) -> Pos {
        pos_after(self.pos, &self.carry)
    }
}

/// The position just after `bytes`, which start at `base`.
fn pos_after(base: Pos, bytes: &[u8]) -> Pos {
    let newlines = memchr::memchr_iter(b'\n', bytes).count() as u64;
    let column = match memchr::memrchr(b'\n', bytes) {
        Some(nl) => 1 + count_scalars(&bytes[nl + 1..]),
        None => base.column + count_scalars(bytes),
    };
    Pos {
        line: base.line + newlines,
        column,
        offset: base.offset + bytes.len() as u64,
    }
}

/// Length of an unfinished UTF-8 sequence at the end of `bytes` (0 to 3).
fn incomplete_tail(bytes: &[u8]) -> usize {
    let start = bytes.len().saturating_sub(3);
    for (i, &b) in bytes[start..].iter().enumerate().rev() {
        let len = match b {
            0x80..=0xbf => continue,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return 0,
        };
        let have = bytes.len() - (start + i);
        return if have < len { have } else { 0 };
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unquotes_only_at_line_start() {
        let body = b">From here\nno >From there\n>>From deep\n";
        let (out, map) = unquote_from(body).unwrap();
        assert_eq!(out, b"From here\nno >From there\n>From deep\n");
        let deep = out.windows(4).position(|w| w == b"deep").unwrap();
        assert_eq!(
            map.map(deep),
            body.windows(4).position(|w| w == b"deep").unwrap()
        );
        assert!(unquote_from(b"plain\nFrom x\n").is_none());
    }

    #[test]
    fn from_lines_need_a_sender_and_a_time() {
        assert!(is_from_line(
            b"From alice@example.org Mon Jan  1 10:00:00 2024\n"
        ));
        assert!(is_from_line(b"From - Sat Mar 14 09:00:00 2015\r\n"));
        assert!(is_from_line(
            b"From foo at bar.org  Tue Mar  4 10:00:00 2003\n"
        ));
        assert!(!is_from_line(b"From what I hear, it works.\n"));
        assert!(!is_from_line(b"From: alice@example.org\n"));
    }

    #[test]
    fn unfinished_sequences_are_measured() {
        assert_eq!(incomplete_tail(b"ab"), 0);
        assert_eq!(incomplete_tail("é".as_bytes()), 0);
        assert_eq!(incomplete_tail(b"a\xc3"), 1);
        assert_eq!(incomplete_tail(b"a\xe2\x82"), 2);
        assert_eq!(incomplete_tail(b"\xf0\x9f\x98"), 3);
        assert_eq!(incomplete_tail(b"\xbf\xbf"), 0);
    }
}
