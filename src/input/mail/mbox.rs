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

use std::io::{self, Read};
use std::sync::LazyLock;

use memchr::memmem::Finder;

use super::{message, MailOptions, MailWarning, TextPart};
use crate::input::offsets::{count_scalars, OffsetMap};
use crate::span::Pos;

/// Bytes of a `From ` line looked at to recognise it (real ones are shorter).
const FROM_LINE: usize = 1024;
/// Bytes asked of the reader at a time.
const READ: usize = 64 * 1024;
/// Bytes kept before the first unread message, for [`after_blank`].
const LOOK_BEHIND: usize = 3;
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
    static QUOTED: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b">From "));
    let mut cuts = Vec::new();
    for j in QUOTED.find_iter(body) {
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
    /// Where a whole message goes to be decoded later, elsewhere
    /// (`parallel.rs`); `None`: decoded here, now.
    pub(crate) defer: Option<&'a Defer<'a>>,
}

/// Takes a whole message's bytes, its position, its index and whether it
/// may hold mboxrd-quoted `>From ` lines.
pub(crate) type Defer<'a> = dyn Fn(&[u8], Pos, u64, bool) + 'a;

/// Where the next separator is, as far as the bytes read so far tell.
enum Scan {
    /// A separator line starts at `at`; the next message at `next`, unless
    /// the line runs on past what was looked at.
    Separator { at: usize, next: Option<usize> },
    /// No separator starts before this offset.
    Clear(usize),
}

/// The input read but not yet handed out: `buf[start..end]`, `buf[start]`
/// being at `pos` in the file. A few bytes before `start` are kept, so a
/// separator can see the line before it.
struct Window {
    buf: Vec<u8>,
    start: usize,
    end: usize,
    pos: Pos,
    eof: bool,
}

impl Window {
    /// Moves `start` to `to`, counting lines and columns on the way.
    fn advance(&mut self, to: usize) {
        self.pos = pos_after(self.pos, &self.buf[self.start..to]);
        self.start = to;
    }

    /// Reads once more, first making room. Storage is zeroed only when it
    /// grows, never per read.
    fn fill<R: Read>(&mut self, r: &mut R, search: &mut usize) -> io::Result<()> {
        if self.end + READ > self.buf.len() {
            let keep = self.start.saturating_sub(LOOK_BEHIND);
            self.buf.copy_within(keep..self.end, 0);
            self.start -= keep;
            self.end -= keep;
            *search = search.saturating_sub(keep);
            if self.end + READ > self.buf.len() {
                let len = (self.buf.len() * 2).max(self.end + READ);
                self.buf.resize(len, 0);
            }
        }
        loop {
            match r.read(&mut self.buf[self.end..self.end + READ]) {
                Ok(n) => {
                    self.end += n;
                    self.eof = n == 0;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// Whether a line starting at `at` follows an empty line.
fn after_blank(buf: &[u8], at: usize) -> bool {
    let before = |k: usize| at.checked_sub(k).and_then(|i| buf.get(i)).copied();
    before(1) == Some(b'\n')
        && (before(2) == Some(b'\n') || (before(2) == Some(b'\r') && before(3) == Some(b'\n')))
}

/// Looks for the first separator in `buf[..end]` at or after `start`, the
/// search for `From ` resuming at `from`.
///
/// The same search notes a line quoted by mboxrd (`>From `, `>>From `)
/// before the separator in `quoted`, so the decoder looks for them only in
/// messages that have one: one pass over the bytes instead of two.
fn find_separator(buf: &[u8], start: usize, from: usize, eof: bool, quoted: &mut bool) -> Scan {
    static FROM: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"From "));
    let from = from.max(start.saturating_sub(1));
    let data = buf;
    for m in FROM.find_iter(data.get(from..).unwrap_or_default()) {
        let at = from + m;
        match at.checked_sub(1).map(|i| data[i]) {
            Some(b'\n') => {}
            Some(b'>') => {
                // Quoted when only `>` stand before it on its line. Walking
                // back to the message's start (or the buffer's) counts as
                // a line start: a needless look is harmless, a missed one
                // is not.
                let k = data[..at].iter().rposition(|&b| b != b'>');
                *quoted |= k.is_none_or(|k| k < start || data[k] == b'\n');
                continue;
            }
            _ => continue,
        }
        if at < start || !after_blank(data, at) {
            continue;
        }
        let window = &data[at..(at + FROM_LINE).min(data.len())];
        let nl = memchr::memchr(b'\n', window);
        if nl.is_none() && window.len() < FROM_LINE && !eof {
            // The line is not all read yet.
            return Scan::Clear(at);
        }
        let line = &window[..nl.map_or(window.len(), |n| n + 1)];
        if is_from_line(line) {
            return Scan::Separator {
                at,
                next: nl.map(|n| at + n + 1),
            };
        }
    }
    // `\nFrom ` could still end in the bytes not yet read.
    Scan::Clear(if eof {
        data.len()
    } else {
        data.len().saturating_sub(4).max(start)
    })
}

impl<P: FnMut(TextPart), W: FnMut(MailWarning)> Splitter<'_, P, W> {
    /// `unquote`: the message may hold mboxrd-quoted `>From ` lines.
    fn decode(&mut self, bytes: &[u8], base: Pos, index: u64, unquote: bool) -> Option<String> {
        let sinks = message::Sinks {
            on_part: &mut self.on_part,
            on_warning: &mut self.on_warning,
        };
        message::decode(bytes, base, index, self.opts, unquote, sinks)
    }

    /// Hands out an oversized message's undecoded bytes.
    fn chunk(&mut self, bytes: &[u8], base: Pos, id: Option<&String>, index: u64) {
        if !bytes.is_empty() {
            (self.on_part)(message::raw_part(bytes, base, id.cloned(), index));
        }
    }

    /// Hands out the settled bytes of an oversized message in chunks: at the
    /// first line end past [`CHUNK_SOFT`], or at [`CHUNK_HARD`] mid-line.
    fn chunks(&mut self, w: &mut Window, settled: usize, id: Option<&String>, index: u64) {
        loop {
            let avail = &w.buf[w.start..settled];
            let cut = avail
                .get(CHUNK_SOFT - 1..avail.len().min(CHUNK_HARD))
                .and_then(|tail| memchr::memchr(b'\n', tail))
                .map(|n| CHUNK_SOFT + n)
                .or_else(|| {
                    let hard = avail.get(..CHUNK_HARD)?;
                    Some(CHUNK_HARD - incomplete_tail(hard))
                });
            let Some(cut) = cut else { return };
            let base = w.pos;
            let to = w.start + cut;
            let bytes = std::mem::take(&mut w.buf);
            self.chunk(&bytes[w.start..to], base, id, index);
            w.buf = bytes;
            w.advance(to);
        }
    }

    /// Runs to the end of `r`.
    pub(crate) fn run<R: Read>(mut self, mut r: R) -> io::Result<()> {
        let cap = self.opts.max_message_bytes.max(1);
        // Two line breaks before the input: a separator on its first line
        // follows an empty line like any other.
        let mut buf = vec![0; 2 * READ];
        buf[..2].copy_from_slice(b"\n\n");
        let mut w = Window {
            buf,
            start: 2,
            end: 2,
            pos: Pos::START,
            eof: false,
        };
        let mut search = 1;
        // A `>From ` line was seen in the message being read.
        let mut quoted = false;
        let mut index = 0u64;
        let mut started = !self.mbox;
        // While a message overflows: its Message-ID.
        let mut overflow: Option<Option<String>> = None;
        // Inside a separator line too long to look at whole.
        let mut skipping = false;
        loop {
            loop {
                if skipping {
                    if let Some(n) = memchr::memchr(b'\n', &w.buf[w.start..w.end]) {
                        w.advance(w.start + n + 1);
                        skipping = false;
                    } else {
                        w.advance(w.end);
                        break;
                    }
                }
                let scan = if self.mbox {
                    find_separator(&w.buf[..w.end], w.start, search, w.eof, &mut quoted)
                } else {
                    Scan::Clear(w.end)
                };
                let (settled, next) = match scan {
                    Scan::Separator { at, next } => (at, Some(next)),
                    Scan::Clear(settled) => (settled, None),
                };
                search = settled.saturating_sub(1);
                if overflow.is_none() && settled - w.start > cap {
                    let head = &w.buf[w.start..w.start + cap];
                    let cut = w.start + cap - incomplete_tail(head);
                    let bytes = std::mem::take(&mut w.buf);
                    let id = self.decode(&bytes[w.start..cut], w.pos, index, self.mbox);
                    w.buf = bytes;
                    (self.on_warning)(MailWarning {
                        message_index: index,
                        message_id: id.clone(),
                        pos: w.pos,
                        message: format!(
                            "message larger than {cap} bytes: the rest is scanned undecoded"
                        ),
                    });
                    w.advance(cut);
                    overflow = Some(id);
                }
                if let Some(id) = overflow.take() {
                    self.chunks(&mut w, settled, id.as_ref(), index);
                    overflow = Some(id);
                }
                let Some(next) = next else { break };
                // A separator at `settled`: the message before it is complete.
                let bytes = std::mem::take(&mut w.buf);
                let msg = &bytes[w.start..settled];
                let had =
                    overflow.is_some() || started || msg.iter().any(|b| !b.is_ascii_whitespace());
                if let Some(id) = overflow.take() {
                    self.chunk(msg, w.pos, id.as_ref(), index);
                } else if let (true, Some(defer)) = (had, self.defer) {
                    defer(msg, w.pos, index, quoted);
                } else if had {
                    self.decode(msg, w.pos, index, quoted);
                }
                quoted = false;
                w.buf = bytes;
                index += u64::from(had);
                started = true;
                w.advance(settled);
                match next {
                    Some(next) => w.advance(next),
                    None => skipping = true,
                }
                search = w.start.saturating_sub(1);
            }
            if w.eof {
                break;
            }
            w.fill(&mut r, &mut search)?;
        }
        let rest = &w.buf[w.start..w.end];
        if let Some(id) = overflow {
            self.chunk(rest, w.pos, id.as_ref(), index);
        } else if started || rest.iter().any(|b| !b.is_ascii_whitespace()) {
            // Every byte was searched: `quoted` covers the whole message.
            let unquote = self.mbox && quoted;
            if let Some(defer) = self.defer {
                defer(rest, w.pos, index, unquote);
            } else {
                let bytes = std::mem::take(&mut w.buf);
                self.decode(&bytes[w.start..w.end], w.pos, index, unquote);
            }
        }
        Ok(())
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
