//! Maps from decoded text back to the raw bytes of a message.
//!
//! Every decoding stage (mbox unescaping, quoted-printable, base64, charset
//! conversion, format=flowed, HTML) produces its output together with an
//! [`OffsetMap`] from output offsets to input offsets. A [`TextPart`] keeps the
//! chain and composes it only when a position is asked for, so the common case
//! (few URLs per part) costs a few binary searches, not a per-byte table.
//!
//! [`TextPart`]: crate::input::mail::TextPart

use std::cell::Cell;
use std::sync::{Arc, OnceLock};

use crate::span::Pos;

/// One piece of an [`OffsetMap`]: output bytes from `out` on map to input
/// bytes from `inp` on, byte for byte when `linear`, or all to `inp` when not
/// (a base64 body has no finer correspondence than "this part").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    out: usize,
    inp: usize,
    linear: bool,
}

/// A piecewise map from offsets in a stage's output to offsets in its input.
///
/// Built in increasing output order; a byte that continues the previous linear
/// segment costs nothing, so an undecoded run of any length is one segment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct OffsetMap {
    segments: Vec<Segment>,
}

impl OffsetMap {
    /// An empty map; [`OffsetMap::map`] sends everything to 0 until pushed to.
    pub(crate) fn new() -> OffsetMap {
        OffsetMap::default()
    }

    /// An empty map with room for `n` pieces.
    pub(crate) fn with_capacity(n: usize) -> OffsetMap {
        OffsetMap {
            segments: Vec::with_capacity(n),
        }
    }

    /// Output byte `out` (and those after it, until the next push) comes from
    /// input byte `inp`, the following ones from the following input bytes.
    pub(crate) fn linear(&mut self, out: usize, inp: usize) {
        let continues =
            |last: &Segment| last.linear && out.checked_sub(last.out) == inp.checked_sub(last.inp);
        self.push(
            Segment {
                out,
                inp,
                linear: true,
            },
            continues,
        );
    }

    /// Output bytes from `out` on all come from input byte `inp`.
    pub(crate) fn point(&mut self, out: usize, inp: usize) {
        let continues = |last: &Segment| !last.linear && last.inp == inp;
        self.push(
            Segment {
                out,
                inp,
                linear: false,
            },
            continues,
        );
    }

    /// Add `seg`, unless the last piece already `continues` into it; a last
    /// piece that starts at the same output byte is replaced.
    fn push(&mut self, seg: Segment, continues: impl Fn(&Segment) -> bool) {
        if let Some(last) = self.segments.last() {
            if continues(last) {
                return;
            }
            if last.out == seg.out {
                self.segments.pop();
            }
        }
        self.segments.push(seg);
    }

    /// Output offsets strictly between `from` and `to` where a new piece
    /// starts: where the way back to the input jumps.
    pub(crate) fn breaks(&self, from: usize, to: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.segments.partition_point(|s| s.out <= from);
        self.segments[first..]
            .iter()
            .map(|s| s.out)
            .take_while(move |&o| o < to)
    }

    /// The input offset that output offset `out` came from.
    pub(crate) fn map(&self, out: usize) -> usize {
        let i = self.segments.partition_point(|s| s.out <= out);
        match i.checked_sub(1).and_then(|i| self.segments.get(i)) {
            Some(s) if s.linear => s.inp + (out - s.out),
            Some(s) => s.inp,
            None => 0,
        }
    }
}

/// The raw bytes of one message and where they sit in the file, so a message
/// offset becomes a file position (line, column in scalars, absolute offset).
#[derive(Debug)]
pub(crate) struct RawMessage {
    /// The message exactly as in the file (after its mbox `From ` line), or
    /// the part of it a [`PosResolver`] needs.
    pub(crate) bytes: Vec<u8>,
    /// File position of `bytes[0]`.
    pub(crate) base: Pos,
    /// Offsets in `bytes` where each line starts, found when first asked:
    /// most messages of an archive hold no URL and never need them.
    line_starts: OnceLock<Vec<usize>>,
}

impl RawMessage {
    pub(crate) fn new(bytes: Vec<u8>, base: Pos) -> RawMessage {
        RawMessage {
            bytes,
            base,
            line_starts: OnceLock::new(),
        }
    }

    /// File position of the start of the line containing `off`.
    pub(crate) fn line_start_pos(&self, off: usize) -> Pos {
        let (idx, start) = line_of(line_starts(&self.line_starts, &self.bytes), off);
        Pos {
            line: self.base.line + idx as u64,
            column: 1,
            offset: self.base.offset + start as u64,
        }
    }
}

/// The line starts of `bytes` (the first is 0), computed once into `cell`.
fn line_starts<'a>(cell: &'a OnceLock<Vec<usize>>, bytes: &[u8]) -> &'a [usize] {
    cell.get_or_init(|| {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
        starts
    })
}

/// Index of the line containing `off` and that line's start offset.
fn line_of(starts: &[usize], off: usize) -> (usize, usize) {
    let idx = starts.partition_point(|&s| s <= off).max(1) - 1;
    (idx, starts.get(idx).copied().unwrap_or(0))
}

/// Counts Unicode scalars in `bytes`, an invalid UTF-8 byte counting as one
/// (the column rule of [`Pos`]).
pub(crate) fn count_scalars(bytes: &[u8]) -> u64 {
    // Nearly every stretch counted is ASCII: one byte, one scalar.
    if bytes.is_ascii() {
        return bytes.len() as u64;
    }
    bytes
        .utf8_chunks()
        .map(|c| c.valid().chars().count() as u64 + c.invalid().len() as u64)
        .sum()
}

/// The bytes positions are counted in: a copy of the message (or of the
/// part's body), or the part's own text when it is the file's bytes as they
/// are, which saves copying every undecoded body a second time.
#[derive(Debug)]
enum Source {
    Raw(Arc<RawMessage>),
    Text {
        base: Pos,
        line_starts: OnceLock<Vec<usize>>,
    },
}

/// Resolves positions for one decoded part: the map chain plus the message.
#[derive(Debug)]
pub(crate) struct PosResolver {
    source: Source,
    /// Text → … → part body, applied first to last.
    maps: Vec<OffsetMap>,
    /// Offset of the part body in the message.
    body_start: usize,
    /// Last resolved (message offset, line index, column, line start):
    /// positions are mostly asked in increasing order, so lines are counted
    /// from there and a long line is counted once.
    cursor: Cell<(usize, usize, u64, usize)>,
}

impl PosResolver {
    pub(crate) fn new(raw: Arc<RawMessage>, maps: Vec<OffsetMap>, body_start: usize) -> Self {
        let column = raw.base.column;
        PosResolver {
            source: Source::Raw(raw),
            maps,
            body_start,
            cursor: Cell::new((0, 0, column, 0)),
        }
    }

    /// For a text that is byte for byte the file from `base` on.
    pub(crate) fn identity(base: Pos) -> Self {
        PosResolver {
            source: Source::Text {
                base,
                line_starts: OnceLock::new(),
            },
            maps: Vec::new(),
            body_start: 0,
            cursor: Cell::new((0, 0, base.column, 0)),
        }
    }

    /// The file position of text offset `off`; `text` is the part's text.
    pub(crate) fn resolve(&self, text: &[u8], off: usize) -> Pos {
        let (bytes, base, cell) = match &self.source {
            Source::Raw(raw) => (raw.bytes.as_slice(), raw.base, &raw.line_starts),
            Source::Text { base, line_starts } => (text, *base, line_starts),
        };
        let inner = self.maps.iter().fold(off, |o, m| m.map(o));
        let m = self.body_start.saturating_add(inner).min(bytes.len());
        let (c_off, c_idx, c_col, c_start) = self.cursor.get();
        // Forwards, count the lines since the cursor; back on the cursor's
        // line, that is the line; further back, or once that has happened,
        // use the line index (so asking in any order stays linear overall).
        let (idx, start) = match cell.get() {
            None if m < c_off && m >= c_start => (c_idx, c_start),
            None if m >= c_off => {
                let seg = bytes.get(c_off..m).unwrap_or_default();
                match memchr::memrchr(b'\n', seg) {
                    Some(last) => {
                        let n = memchr::memchr_iter(b'\n', seg).count();
                        (c_idx + n, c_off + last + 1)
                    }
                    None => (c_idx, c_start),
                }
            }
            _ => line_of(line_starts(cell, bytes), m),
        };
        // Resume from the cursor only at a character start, so the count
        // splits where a from-the-line-start count would.
        let resumable = bytes.get(c_off).is_none_or(|&b| !(0x80..0xc0).contains(&b));
        let char_start = |o: usize| bytes.get(o).is_none_or(|&b| !(0x80..0xc0).contains(&b));
        // A little back on the cursor's line (a URL's start after its end):
        // count back from the cursor, not forward from a long line's start.
        if resumable && c_idx == idx && m < c_off && m >= start && char_start(m) {
            let column = c_col - count_scalars(&bytes[m..c_off]);
            self.cursor.set((m, idx, column, start));
            return Pos {
                line: base.line + idx as u64,
                column,
                offset: base.offset + m as u64,
            };
        }
        let (from, col0) = if resumable && c_idx == idx && c_off >= start && c_off <= m {
            (c_off, c_col)
        } else if idx == 0 {
            // The first line may start mid-line in the file (an undecoded
            // chunk of an oversized message).
            (start, base.column)
        } else {
            (start, 1)
        };
        let column = col0 + count_scalars(bytes.get(from..m).unwrap_or_default());
        self.cursor.set((m, idx, column, start));
        Pos {
            line: base.line + idx as u64,
            column,
            offset: base.offset + m as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_runs_merge_and_points_stick() {
        let mut m = OffsetMap::new();
        m.linear(0, 10);
        m.linear(1, 11);
        m.linear(2, 12);
        assert_eq!(m.segments.len(), 1);
        m.point(3, 20);
        m.point(4, 20);
        assert_eq!(m.segments.len(), 2);
        m.linear(6, 30);
        assert_eq!(m.map(2), 12);
        assert_eq!(m.map(5), 20);
        assert_eq!(m.map(8), 32);
    }

    #[test]
    fn resolve_counts_scalars_and_lines() {
        let base = Pos {
            line: 10,
            column: 1,
            offset: 100,
        };
        let raw = Arc::new(RawMessage::new("ab\nxé\u{ff}z\n".into(), base));
        let r = PosResolver::new(raw, Vec::new(), 0);
        // 'z' sits after x, é and the U+FFFD-less raw char ÿ (2 bytes each).
        let z = "ab\nxé\u{ff}".len();
        assert_eq!(
            r.resolve(b"", z),
            Pos {
                line: 11,
                column: 4,
                offset: 100 + z as u64
            }
        );
        assert_eq!(r.resolve(b"", 1).column, 2);
        assert_eq!(count_scalars(b"a\xff\xfeb"), 4);
    }
}
