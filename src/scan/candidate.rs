//! What the scanner hands to later stages: one found URL with its spans.

use std::ops::Range;

use serde::Serialize;

use crate::span::{Pos, Span};

/// How a URL was written in the text (the README, "How URLs are found").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Form {
    /// `<URL:ftp://host/path>`
    UrlWrapper,
    /// `<http://host/path>`
    Angle,
    /// `URL:http://host/path`
    UrlPrefix,
    /// `http://host/path` in running text.
    Bare,
    /// A link destination whose extent a document's markup gives
    /// (`[text](http://host/path)`, `href="..."`).
    Link,
}

impl Form {
    /// The name used in output (`url-wrapper`, `angle`, `url-prefix`, `bare`).
    pub fn as_str(self) -> &'static str {
        match self {
            Form::UrlWrapper => "url-wrapper",
            Form::Angle => "angle",
            Form::UrlPrefix => "url-prefix",
            Form::Bare => "bare",
            Form::Link => "link",
        }
    }

    /// Whether the URL sat inside `<...>` brackets.
    pub fn is_wrapped(self) -> bool {
        matches!(self, Form::UrlWrapper | Form::Angle)
    }
}

/// One contiguous piece of `url` copied byte for byte from the input.
///
/// Rejoining a wrapped URL drops whitespace and quote prefixes, so `url` is a
/// concatenation of such pieces. `url[url_start..next.url_start]` equals the
/// input bytes starting at `start`, and never crosses a line break, which is
/// what lets [`Candidate::pos_at`] find the column of any byte of `url`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Segment {
    /// Byte index in `url` where this piece starts.
    pub url_start: usize,
    /// Where the piece starts in the original input.
    pub start: Pos,
}

/// How a bare URL cut by a hard line wrap was read (the README `broken-bare-url`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BrokenBare {
    /// Evidence was strong: `url` is the rejoined form, the literal part is an alternative.
    Rejoined,
    /// Evidence was weak: `url` is the literal part, the rejoined form is an alternative.
    Literal,
}

/// Observations the scanner made while reading a URL; the context rules read them.
///
/// The scanner knows no rule names: it records what it saw, and `validate`
/// decides what that means.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Facts {
    /// A wrapper `<URL:` or `<scheme:` that was never closed. Such a candidate is
    /// reported by `check` but not printed by `extract`; its text is scanned
    /// again as bare text.
    pub unterminated: bool,
    /// A wrapper with nothing URL-like inside (`<URL:>`, `<URL:http://>`).
    pub empty: bool,
    /// Byte indexes in `url` of hyphens that were followed by a line break.
    pub hyphen_breaks: Vec<usize>,
    /// Each run of whitespace (and reply-quote prefix) removed to rejoin the URL.
    pub whitespace_removed: Vec<Span>,
    /// `#fragment` written right after the closing `>` of a wrapper.
    pub fragment_outside: Option<Span>,
    /// Set when a bare URL evidently continues on the next line.
    pub broken_bare: Option<BrokenBare>,
    /// The URL stands in data, not prose: in source code, outside comments
    /// (a string literal a test feeds a parser). Extracted, not linted
    /// unless `lint-data` is set.
    pub data: bool,
}

/// How much of the line before a candidate's [`Excerpt`] keeps.
pub const BEFORE_CLIP: usize = 80;

/// How near its line's start (end) a URL must begin (end) for its
/// [`Excerpt`] to keep the line before (the next line's text): the reach
/// of the words that call a URL wrong.
pub const CONTEXT_REACH: usize = 48;

/// The source lines a candidate lies on, kept so `check` can print a snippet
/// without holding the whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Excerpt {
    /// Line number of the first line in `text`.
    pub first_line: u64,
    /// Byte offset in the input of the first byte of `text`.
    pub start_offset: u64,
    /// Whole lines (lossy UTF-8, newlines kept), clipped around the URL on very
    /// long lines.
    pub text: String,
    /// The end of the line before (at most [`BEFORE_CLIP`] bytes, no line
    /// break), so a rule can read what the text says of the URL: "a wrongly
    /// spelled protocol part / as in `htpts://example.com`"; over a blank
    /// line, the line before it when that ends in `:` (a block's
    /// introduction, reST's "these `hosts::`"), also above a list of URLs
    /// one a line, for each of them. Kept only for a URL within
    /// [`CONTEXT_REACH`] bytes of its line's start.
    pub before: String,
    /// The start of the next line with text after the excerpt's last (up
    /// to two lines on, markup tags left out; at most [`BEFORE_CLIP`]
    /// bytes): "`http://127`" / "is not valid". Kept only for a URL within
    /// [`CONTEXT_REACH`] bytes of its line's end.
    pub next: String,
}

/// A URL found in text, with everything needed to report and lint it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Candidate {
    /// The URL as a reader would type it: wrapper removed, whitespace rejoined.
    pub url: String,
    /// The text exactly as in the input, wrapper included (lossy UTF-8).
    pub raw: String,
    /// Where `raw` lies in the input.
    pub span: Span,
    /// How the URL was written.
    pub form: Form,
    /// Other readings of the same text (hyphen breaks, hard-wrapped bare URLs).
    pub alternatives: Vec<String>,
    /// Pieces of `url` and where each came from; sorted by `url_start`, the first at 0.
    #[serde(skip)]
    pub segments: Vec<Segment>,
    /// What the scanner observed.
    pub facts: Facts,
    /// Source lines, when the scanner was asked for them.
    #[serde(skip)]
    pub excerpt: Option<Excerpt>,
}

/// Where [`Candidate::pos_from`] last counted a column: the piece, the
/// byte of `url` and the column there.
#[derive(Debug, Default, Clone, Copy)]
struct Cursor(Option<(usize, usize, u64)>);

impl Candidate {
    /// The input position of byte `index` of `url` (`url.len()` gives the
    /// position just after the last byte).
    pub fn pos_at(&self, index: usize) -> Pos {
        self.pos_from(index, &mut Cursor::default())
    }

    /// [`Candidate::pos_at`], counting the column on from `cursor` (the
    /// last position asked, when it is in the same piece and not after
    /// `index`) instead of from the piece's start, and moving it there:
    /// the positions of many labels or edits on one long line, asked in
    /// order, cost one pass instead of one each.
    fn pos_from(&self, index: usize, cursor: &mut Cursor) -> Pos {
        let index = index.min(self.url.len());
        let k = match self.segments.binary_search_by(|s| s.url_start.cmp(&index)) {
            // An exact hit is the start of a piece; `span_of` handles ends.
            Ok(k) => k,
            Err(0) => return self.span.start,
            Err(k) => k - 1,
        };
        let seg = &self.segments[k];
        let piece_start = seg.url_start.min(self.url.len());
        let (from, column) = match *cursor {
            Cursor(Some((ck, at, column))) if ck == k && at <= index && at >= piece_start => {
                (at, column)
            }
            _ => (piece_start, seg.start.column),
        };
        let chars = self
            .url
            .get(from..index)
            .map_or(index - from, |s| s.chars().count());
        let column = column + chars as u64;
        *cursor = Cursor(Some((k, index, column)));
        Pos {
            line: seg.start.line,
            column,
            offset: (seg.start.offset + (index - piece_start) as u64).min(self.piece_limit(k)),
        }
    }

    /// The input offset piece `k` cannot reach past: the next piece's start,
    /// or for the last piece the closing `>` of a wrapper or the end of a
    /// bare URL. A U+FFFD that stands for one invalid input byte is three
    /// bytes in `url`; without this bound, positions after it would run
    /// past the URL (found by fuzzing: `<ftp:\x8b>`).
    fn piece_limit(&self, k: usize) -> u64 {
        let start = self.segments[k].start.offset;
        let limit = match self.segments.get(k + 1) {
            Some(next) => next.start.offset,
            // The scanner never lets an unterminated wrapper's one piece be
            // a replacement character, so its text is the input's.
            None if self.facts.unterminated => u64::MAX,
            None if self.form.is_wrapped() => self.span.end.offset.saturating_sub(1),
            None => self.span.end.offset,
        };
        limit.max(start)
    }

    /// The input span of `url[range]`. An end that falls on a segment boundary
    /// is placed at the end of the earlier piece, so an underline never runs
    /// across a removed line break.
    pub fn span_of(&self, range: Range<usize>) -> Span {
        self.span_from(range, &mut Cursor::default())
    }

    /// [`Candidate::span_of`] for ranges asked in order of their starts,
    /// each position counted on from the one before in the same piece.
    pub fn spans_of(&self, ranges: impl IntoIterator<Item = Range<usize>>) -> Vec<Span> {
        let mut cursor = Cursor::default();
        ranges
            .into_iter()
            .map(|r| self.span_from(r, &mut cursor))
            .collect()
    }

    fn span_from(&self, range: Range<usize>, cursor: &mut Cursor) -> Span {
        let start = self.pos_from(range.start, cursor);
        if range.end <= range.start {
            return Span { start, end: start };
        }
        // Step over the last character within its own piece.
        let last = floor_char_boundary(&self.url, range.end - 1);
        let at = self.pos_from(last, cursor);
        let len = self.url[last..].chars().next().map_or(1, char::len_utf8);
        let k = self
            .segments
            .partition_point(|s| s.url_start <= last)
            .saturating_sub(1);
        let limit = self
            .segments
            .get(k)
            .map_or(u64::MAX, |_| self.piece_limit(k));
        let end = Pos {
            line: at.line,
            column: at.column + 1,
            offset: (at.offset + len as u64).min(limit.max(at.offset + 1)),
        };
        Span { start, end }
    }

    /// Rewrite every position (used by mail decoding to point back into the
    /// raw message).
    pub fn map_positions(&mut self, mut f: impl FnMut(Pos) -> Pos) {
        self.span.start = f(self.span.start);
        self.span.end = f(self.span.end);
        for seg in &mut self.segments {
            seg.start = f(seg.start);
        }
        for span in &mut self.facts.whitespace_removed {
            span.start = f(span.start);
            span.end = f(span.end);
        }
        if let Some(span) = &mut self.facts.fragment_outside {
            span.start = f(span.start);
            span.end = f(span.end);
        }
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u64, column: u64, offset: u64) -> Pos {
        Pos {
            line,
            column,
            offset,
        }
    }

    /// `<URL:ftp://a/b\n   /c>` starting at offset 10 on line 2, column 3.
    fn wrapped() -> Candidate {
        Candidate {
            url: "ftp://a/b/c".into(),
            raw: "<URL:ftp://a/b\n   /c>".into(),
            span: Span::new(pos(2, 3, 10), pos(3, 7, 31)),
            form: Form::UrlWrapper,
            alternatives: vec![],
            segments: vec![
                Segment {
                    url_start: 0,
                    start: pos(2, 8, 15),
                },
                Segment {
                    url_start: 9,
                    start: pos(3, 4, 28),
                },
            ],
            facts: Facts::default(),
            excerpt: None,
        }
    }

    #[test]
    fn positions_follow_segments_across_a_rejoined_break() {
        let c = wrapped();
        assert_eq!(c.pos_at(0), pos(2, 8, 15));
        assert_eq!(c.pos_at(6), pos(2, 14, 21));
        assert_eq!(c.pos_at(9), pos(3, 4, 28));
        assert_eq!(c.pos_at(10), pos(3, 5, 29));
        assert_eq!(c.pos_at(11), pos(3, 6, 30));
    }

    #[test]
    fn span_end_stays_in_the_piece_of_its_last_byte() {
        let c = wrapped();
        // "a/b" ends the first piece; its end must not jump to the next line.
        let s = c.span_of(6..9);
        assert_eq!(s.start, pos(2, 14, 21));
        assert_eq!(s.end, pos(2, 17, 24));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let c = Candidate {
            url: "http://b\u{fc}r/x".into(),
            raw: "http://b\u{fc}r/x".into(),
            span: Span::new(pos(1, 1, 0), pos(1, 14, 14)),
            form: Form::Bare,
            alternatives: vec![],
            segments: vec![Segment {
                url_start: 0,
                start: pos(1, 1, 0),
            }],
            facts: Facts::default(),
            excerpt: None,
        };
        assert_eq!(c.pos_at(10), pos(1, 10, 10));
        let s = c.span_of(8..10);
        assert_eq!(s.end, pos(1, 10, 10));
    }
}
