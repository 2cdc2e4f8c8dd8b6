//! Positions in the original input.
//!
//! Every position urlint prints points into the file as it is on disk, not into
//! a decoded or rejoined copy, so a user can jump straight to it.

use serde::Serialize;

/// A position in the original input.
///
/// `offset` is a 0-based byte offset; `line` and `column` are 1-based, and
/// `column` counts Unicode scalar values (an invalid UTF-8 byte counts as one),
/// as the documented JSON output promises. Offsets are `u64` because mbox archives outgrow `u32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[non_exhaustive]
pub struct Pos {
    /// 1-based line number.
    pub line: u64,
    /// 1-based column, counted in Unicode scalar values.
    pub column: u64,
    /// 0-based byte offset.
    pub offset: u64,
}

impl Pos {
    /// The first position of any input.
    pub const START: Pos = Pos {
        line: 1,
        column: 1,
        offset: 0,
    };

    /// A position: 1-based `line` and `column` (in Unicode scalar
    /// values), 0-based byte `offset`.
    pub const fn new(line: u64, column: u64, offset: u64) -> Pos {
        Pos {
            line,
            column,
            offset,
        }
    }
}

/// A half-open range `[start, end)` in the original input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[non_exhaustive]
pub struct Span {
    /// First position inside the span.
    pub start: Pos,
    /// First position after the span.
    pub end: Pos,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: Pos, end: Pos) -> Span {
        Span { start, end }
    }
}
