//! A forward-only cursor turning byte offsets into line and column.
//!
//! The scanner converts every offset it reports in increasing order, so the
//! cursor only ever moves forward and each input byte is looked at once: no
//! line is rescanned to find a column (that would be quadratic on a 1 GB line).
//!
//! Columns count Unicode scalar values; each byte of an invalid UTF-8
//! sequence counts as one column (the README). The cursor keeps the state of a
//! partly read multi-byte sequence, so a chunk boundary inside a character
//! changes nothing.

use crate::span::Pos;

/// Where the cursor stands, plus the UTF-8 decoder state at that point.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cursor {
    pos: Pos,
    /// Continuation bytes still expected by the current multi-byte sequence.
    need: u8,
    /// Continuation bytes already seen in it (each counts a column if the
    /// sequence turns out truncated).
    seen: u8,
    /// Allowed range of the next continuation byte (excludes overlong forms
    /// and surrogates, like `std::str::from_utf8`).
    lo: u8,
    hi: u8,
    /// Lines and columns are counted; else only offsets are kept (see
    /// [`Cursor::offsets_only`]).
    lines: bool,
}

impl Cursor {
    /// A cursor at the start of the input.
    pub(crate) fn new() -> Cursor {
        Cursor {
            pos: Pos::START,
            need: 0,
            seen: 0,
            lo: 0x80,
            hi: 0xBF,
            lines: true,
        }
    }

    /// This cursor, counting lines and columns or, with `lines` false,
    /// keeping only offsets: every position it then gives is line 1,
    /// column 1. For a caller that maps each position back from its offset
    /// alone (a document's text, a decoded mail part) or shows none
    /// (`extract`'s plain output), counting lines would be thrown away.
    pub(crate) fn counting(self, lines: bool) -> Cursor {
        Cursor { lines, ..self }
    }

    /// A cursor at absolute offset `offset`, the start of a line, which
    /// it calls line 1 (`parallel.rs` adds the lines before).
    pub(crate) fn at_line_start(offset: u64) -> Cursor {
        let mut c = Cursor::new();
        c.pos.offset = offset;
        c
    }

    /// The absolute byte offset the cursor stands at.
    pub(crate) fn offset(&self) -> u64 {
        self.pos.offset
    }

    /// Move to absolute offset `to` and return its position. `buf` holds the
    /// input from absolute offset `base`, at least up to `to`. Offsets behind
    /// the cursor (never produced by the scanner) return the cursor position.
    pub(crate) fn advance(&mut self, buf: &[u8], base: u64, to: u64) -> Pos {
        debug_assert!(to >= self.pos.offset, "cursor moved backwards");
        if to <= self.pos.offset || self.pos.offset < base {
            return self.pos;
        }
        let from = (self.pos.offset - base) as usize;
        let end = ((to - base) as usize).min(buf.len());
        if !self.lines {
            self.pos.offset = base + end as u64;
            return self.pos;
        }
        let bytes = buf.get(from..end).unwrap_or_default();
        let tail = match memchr::memrchr(b'\n', bytes) {
            Some(last) => {
                let newlines = memchr::memchr_iter(b'\n', bytes).count();
                self.pos.line += newlines as u64;
                self.pos.column = 1;
                self.need = 0;
                self.seen = 0;
                &bytes[last + 1..]
            }
            None => bytes,
        };
        self.count_columns(tail);
        self.pos.offset = base + end as u64;
        // A sequence that will be cut short: settle its bytes now, so the
        // position of the next byte is already right. Looking at one byte
        // ahead is not enough: in `F3 B3 BE >` the position of `BE` must
        // count `B3` as a column of its own (found by fuzzing).
        if self.need > 0 && !self.completes(buf.get(end..).unwrap_or_default()) {
            self.settle();
        }
        self.pos
    }

    /// Whether `rest` finishes the current multi-byte sequence validly.
    fn completes(&self, rest: &[u8]) -> bool {
        let need = usize::from(self.need);
        rest.len() >= need
            && rest.iter().take(need).enumerate().all(|(k, b)| match k {
                0 => (self.lo..=self.hi).contains(b),
                _ => (0x80..=0xBF).contains(b),
            })
    }

    fn count_columns(&mut self, tail: &[u8]) {
        if self.need == 0 {
            if tail.is_ascii() {
                self.pos.column += tail.len() as u64;
                return;
            }
            if std::str::from_utf8(tail).is_ok() {
                let chars = tail.iter().filter(|&&b| !(0x80..0xC0).contains(&b)).count();
                self.pos.column += chars as u64;
                return;
            }
        }
        for &b in tail {
            self.step(b);
        }
    }

    /// The bytes of a truncated sequence count one column each; its lead
    /// byte was counted already.
    fn settle(&mut self) {
        self.pos.column += u64::from(self.seen);
        self.need = 0;
        self.seen = 0;
    }

    fn step(&mut self, b: u8) {
        if self.need > 0 {
            if (self.lo..=self.hi).contains(&b) {
                self.need -= 1;
                self.seen += 1;
                self.lo = 0x80;
                self.hi = 0xBF;
                if self.need == 0 {
                    self.seen = 0;
                }
                return;
            }
            self.settle();
        }
        self.pos.column += 1;
        let (need, lo, hi) = match b {
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => (0, 0x80, 0xBF),
        };
        self.need = need;
        self.lo = lo;
        self.hi = hi;
    }
}

/// Number of columns `bytes` takes (a lone helper for bounded pieces, such as
/// one line's width in the hard-wrap check).
pub(crate) fn columns(bytes: &[u8]) -> u64 {
    let mut c = Cursor::new();
    c.count_columns(bytes);
    if c.need > 0 {
        c.settle();
    }
    c.pos.column - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos_of(input: &[u8], at: u64) -> Pos {
        Cursor::new().advance(input, 0, at)
    }

    #[test]
    fn counts_lines_and_scalar_columns() {
        let s = "ab\nc\u{e9}\u{3042}x".as_bytes();
        let p = pos_of(s, s.len() as u64 - 1);
        assert_eq!((p.line, p.column), (2, 4));
    }

    #[test]
    fn every_byte_of_an_invalid_sequence_is_a_column() {
        // E3 81 is a truncated 3-byte sequence: two columns, then `A`.
        let s = b"\xE3\x81A\xFFB";
        assert_eq!(pos_of(s, 2).column, 3);
        assert_eq!(pos_of(s, 4).column, 5);
        assert_eq!(columns(b"\xE3\x81A"), 3);
    }

    #[test]
    fn a_byte_inside_a_sequence_cut_later_counts_what_came_before() {
        // F3 B3 BE is a 4-byte lead with two continuations, then `>`: each
        // byte is a column, also when asked for mid-sequence.
        let s = b"<\xF3\xB3\xBE>";
        assert_eq!(pos_of(s, 2).column, 3);
        assert_eq!(pos_of(s, 3).column, 4);
        assert_eq!(pos_of(s, 4).column, 5);
        let mut c = Cursor::new();
        assert_eq!(c.advance(s, 0, 3).column, 4);
        assert_eq!(c.advance(s, 0, 4).column, 5);
    }

    #[test]
    fn stepping_in_pieces_equals_one_step() {
        let mut s = "x\u{3042}\u{1F600}".as_bytes().to_vec();
        s.extend_from_slice(b"\xE3\x81y\nz\xC3\xA9w\xF0\x9F\x98z\xED\xA0\x80");
        for at in 0..=s.len() as u64 {
            let whole = pos_of(&s, at);
            let mut c = Cursor::new();
            let mut last = Pos::START;
            for k in 0..=at {
                last = c.advance(&s, 0, k);
            }
            assert_eq!(whole, last, "at {at}");
        }
    }
}
