//! The editor's buffer: its text, where its lines start, and the
//! conversion between byte offsets (what the [`Linter`](crate::Linter)
//! speaks) and LSP positions (a line and a count of code units in the
//! negotiated encoding).
//!
//! LSP lines end at `\n`, `\r\n` or a lone `\r`, whatever the file
//! otherwise uses, so the line table is the protocol's, not urlint's.

use lsp_types::{Position, PositionEncodingKind, TextDocumentContentChangeEvent};

/// The unit a position's `character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units: the protocol's default, and what VS Code counts.
    #[default]
    Utf16,
    /// Unicode scalar values.
    Utf32,
}

impl Encoding {
    /// The encoding to use given what the client offers: UTF-8 first (no
    /// conversion at all), then UTF-32, else UTF-16, which every client
    /// must understand.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if offered.contains(&PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name for it.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn len(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf32 => 1,
        }
    }

    /// The code units of `s`.
    fn units(self, s: &str) -> usize {
        match self {
            Encoding::Utf8 => s.len(),
            // ASCII is one unit a byte in every encoding: the common case
            // costs no decoding.
            _ if s.is_ascii() => s.len(),
            Encoding::Utf16 => s.chars().map(char::len_utf16).sum(),
            Encoding::Utf32 => s.chars().count(),
        }
    }
}

/// One open document's text and line table.
#[derive(Debug, Clone, Default)]
pub struct Document {
    text: String,
    /// Byte offset of each line's start; the first is 0.
    lines: Vec<usize>,
}

impl Document {
    /// A document holding `text`.
    pub fn new(text: String) -> Document {
        let lines = line_starts(&text);
        Document { text, lines }
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The byte offset of `pos`. A position past the end of its line means
    /// the line's end, past the last line the text's end (as the protocol
    /// says); one inside a character means that character's start.
    pub fn offset(&self, pos: Position, enc: Encoding) -> usize {
        let line = pos.line as usize;
        if line >= self.lines.len() {
            return self.text.len();
        }
        let start = self.lines[line];
        let end = self.content_end(line);
        let want = pos.character as usize;
        if enc == Encoding::Utf8 || self.text[start..end].is_ascii() {
            let mut at = (start + want).min(end);
            while !self.text.is_char_boundary(at) {
                at -= 1;
            }
            return at;
        }
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            let next = units + enc.len(c);
            if next > want {
                return start + i;
            }
            units = next;
        }
        end
    }

    /// The position of byte `offset` (clamped to the text and moved back to
    /// a character boundary).
    pub fn position(&self, offset: usize, enc: Encoding) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let start = self.lines[line];
        Position::new(line as u32, enc.units(&self.text[start..offset]) as u32)
    }

    /// The positions of many offsets, in one forward pass over the text: a
    /// 2 MB line with a diagnostic every few bytes must not be counted
    /// from its start once per diagnostic.
    pub fn positions(&self, offsets: impl IntoIterator<Item = usize>, enc: Encoding) -> Positions {
        let mut sorted: Vec<usize> = offsets
            .into_iter()
            .map(|o| {
                let mut o = o.min(self.text.len());
                while !self.text.is_char_boundary(o) {
                    o -= 1;
                }
                o
            })
            .collect();
        sorted.sort_unstable();
        sorted.dedup();
        let mut found = Vec::with_capacity(sorted.len());
        let (mut line, mut at, mut units) = (usize::MAX, 0, 0);
        for offset in sorted {
            let l = self.lines.partition_point(|&s| s <= offset) - 1;
            if l != line {
                (line, at, units) = (l, self.lines[l], 0);
            }
            units += enc.units(&self.text[at..offset]);
            at = offset;
            found.push((offset, Position::new(line as u32, units as u32)));
        }
        Positions { found }
    }

    /// Where line `line`'s content ends (before its line break).
    fn content_end(&self, line: usize) -> usize {
        let Some(&next) = self.lines.get(line + 1) else {
            return self.text.len();
        };
        let bytes = self.text.as_bytes();
        if next >= 2 && &bytes[next - 2..next] == b"\r\n" {
            next - 2
        } else {
            next - 1
        }
    }

    /// Apply one change from `didChange`: a range replaced, or (no range)
    /// the whole text.
    pub fn apply(&mut self, change: TextDocumentContentChangeEvent, enc: Encoding) {
        match change.range {
            None => self.text = change.text,
            Some(range) => {
                let start = self.offset(range.start, enc);
                let end = self.offset(range.end, enc).max(start);
                self.text.replace_range(start..end, &change.text);
            }
        }
        self.lines = line_starts(&self.text);
    }

    /// The byte range of the line holding `offset`, its line break left out.
    pub fn line_around(&self, offset: usize) -> std::ops::Range<usize> {
        let offset = offset.min(self.text.len());
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        self.lines[line]..self.content_end(line)
    }
}

/// Offsets and their positions, from [`Document::positions`].
#[derive(Debug)]
pub struct Positions {
    found: Vec<(usize, Position)>,
}

impl Positions {
    /// The position of an offset given to [`Document::positions`].
    pub fn get(&self, offset: usize) -> Position {
        match self.found.binary_search_by_key(&offset, |&(o, _)| o) {
            Ok(i) => self.found[i].1,
            // Not asked for (or moved to a boundary): the nearest before.
            Err(i) => self
                .found
                .get(i.saturating_sub(1))
                .map_or_else(Position::default, |f| f.1),
        }
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut lines = vec![0];
    for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        // `\r\n` is one break: the line starts after the `\n`.
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        lines.push(i + 1);
    }
    lines
}

#[cfg(test)]
mod tests;
