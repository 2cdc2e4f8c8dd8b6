//! From a find (window indexes) to a [`Candidate`] (input positions).
//!
//! Finders work in window indexes and allocate only the URL text; this is
//! the one place that turns indexes into [`Pos`] values, feeding them to the
//! forward-only cursor in increasing order, and cuts the excerpt.

use super::position::Cursor;
use super::trigger::Window;
use crate::scan::candidate::{BEFORE_CLIP, CONTEXT_REACH};
use crate::scan::{BrokenBare, Candidate, Excerpt, Facts, Form, Segment};
use crate::span::{Pos, Span};

/// Points a candidate's positions are converted from without allocating.
const SMALL: usize = 8;

/// How far an excerpt reaches beyond the span on its first and last line.
pub(crate) const EXCERPT_CLIP: usize = 240;

/// A URL found in a window, before positions are known. Indexes are window
/// indexes.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub form: Form,
    /// Raw span.
    pub start: usize,
    pub end: usize,
    pub url: String,
    /// `(index in url, window index)` of each piece copied from the input.
    pub segments: Vec<(usize, usize)>,
    /// Each removed whitespace run.
    pub ws: Vec<(usize, usize)>,
    pub alternatives: Vec<String>,
    pub hyphen_breaks: Vec<usize>,
    pub fragment: Option<(usize, usize)>,
    pub unterminated: bool,
    pub empty: bool,
    pub broken: Option<BrokenBare>,
    /// Where scanning goes on.
    pub resume: usize,
}

impl Found {
    /// A find whose `url` is one piece starting at `url_start`.
    pub(crate) fn new(
        form: Form,
        start: usize,
        end: usize,
        url: String,
        url_start: usize,
    ) -> Found {
        Found {
            form,
            start,
            end,
            url,
            segments: vec![(0, url_start)],
            ws: Vec::new(),
            alternatives: Vec::new(),
            hyphen_breaks: Vec::new(),
            fragment: None,
            unterminated: false,
            empty: false,
            broken: None,
            resume: end,
        }
    }
}

/// Build the candidate. `cursor` stands at or before `found.start`; `buf`
/// (from absolute `base`) holds the input from the cursor on.
pub(crate) fn build(
    cursor: &mut Cursor,
    buf: &[u8],
    base: u64,
    w: &Window,
    found: Found,
    excerpts: bool,
) -> Candidate {
    // Every index to convert, with its place in the list below, sorted so
    // the cursor sees them in order. Nearly every find has three (start,
    // end, one segment): they stay on the stack.
    let count =
        2 + found.segments.len() + 2 * found.ws.len() + 2 * usize::from(found.fragment.is_some());
    let points = found
        .ws
        .iter()
        .chain(&found.fragment)
        .flat_map(|&(a, b)| [a, b]);
    let points = [found.start, found.end]
        .into_iter()
        .chain(found.segments.iter().map(|s| s.1))
        .chain(points);
    let mut small = [(0, 0); SMALL];
    let mut large = Vec::new();
    let order: &mut [(usize, usize)] = if count <= SMALL {
        &mut small[..count]
    } else {
        large.resize(count, (0, 0));
        &mut large
    };
    for (k, (slot, point)) in order.iter_mut().zip(points).enumerate() {
        *slot = (point, k);
    }
    // By point, ties in list order: what a stable sort by point gives.
    order.sort_unstable();
    // An unterminated wrapper's URL text lies after its span, where bare URLs
    // may still be found: convert on a copy, move the real cursor to the
    // span's end only.
    let mut walker = *cursor;
    let mut small_pos = [Pos::START; SMALL];
    let mut large_pos = Vec::new();
    let pos: &mut [Pos] = if count <= SMALL {
        &mut small_pos[..count]
    } else {
        large_pos.resize(count, Pos::START);
        &mut large_pos
    };
    for &(point, k) in order.iter() {
        pos[k] = walker.advance(buf, base, w.abs(point));
    }
    if found.unterminated {
        cursor.advance(buf, base, w.abs(found.end));
    } else {
        *cursor = walker;
    }

    let span = Span::new(pos[0], pos[1]);
    let mut at = 2;
    let segments = found
        .segments
        .iter()
        .map(|&(url_start, _)| {
            at += 1;
            Segment {
                url_start,
                start: pos[at - 1],
            }
        })
        .collect();
    let whitespace_removed = found
        .ws
        .iter()
        .map(|_| {
            at += 2;
            Span::new(pos[at - 2], pos[at - 1])
        })
        .collect();
    let fragment_outside = found.fragment.map(|_| Span::new(pos[at], pos[at + 1]));
    let excerpt = excerpts.then(|| excerpt(w, found.start, found.end, span.start.line));
    Candidate {
        url: found.url,
        raw: lossy(&w.bytes[found.start..found.end]),
        span,
        form: found.form,
        alternatives: found.alternatives,
        segments,
        facts: Facts {
            unterminated: found.unterminated,
            empty: found.empty,
            hyphen_breaks: found.hyphen_breaks,
            whitespace_removed,
            fragment_outside,
            broken_bare: found.broken,
            data: false,
        },
        excerpt,
    }
}

/// The whole lines `start..end` lies on, each end clipped to
/// [`EXCERPT_CLIP`] bytes beyond the span on very long lines.
pub(crate) fn excerpt(w: &Window, start: usize, end: usize, first_line: u64) -> Excerpt {
    let b = w.bytes;
    let from = match w.line_start(start, EXCERPT_CLIP) {
        Some(ls) => ls,
        None => ceil_boundary(b, start.saturating_sub(EXCERPT_CLIP)),
    };
    let reach = (end + EXCERPT_CLIP).min(b.len());
    let to = match memchr::memchr(b'\n', &b[end..reach]) {
        Some(k) => end + k + 1,
        None if reach == b.len() => reach,
        None => ceil_boundary(b, reach),
    };
    // The lines around are kept only where a rule may read them: the line
    // before for a URL near its line's start, the next line's text for one
    // near its line's end.
    let before = if from > 0 && b[from - 1] == b'\n' && start - from < CONTEXT_REACH {
        let mut end = from - 1 - usize::from(from >= 2 && b[from - 2] == b'\r');
        // A list of examples, one URL a line under the same indent
        // (metadata-parser's `http://256.256.256.256` over
        // `http://999.999.999.999.999`): each item reads the block's
        // introduction, when one ending in `:` is found above the list.
        let indent = indent_of(&b[from..start]);
        let mut top = end;
        for _ in 0..8 {
            let ls = memchr::memrchr(b'\n', &b[..top]).map_or(0, |k| k + 1);
            let line = &b[ls..top];
            let item = line.trim_ascii();
            if ls == 0
                || item.is_empty()
                || indent_of(line) != indent
                || item.iter().any(u8::is_ascii_whitespace)
                || memchr::memmem::find(item, b"://").is_none()
            {
                break;
            }
            top = ls - 1 - usize::from(ls >= 2 && b[ls - 2] == b'\r');
        }
        if top != end {
            let above = |at: usize| at - 1 - usize::from(at >= 2 && b[at - 2] == b'\r');
            let intro = match b[..top].last() {
                Some(b':') => Some(top),
                Some(b'\n') => Some(above(top)).filter(|&a| b[..a].last() == Some(&b':')),
                _ => None,
            };
            end = intro.unwrap_or(end);
        }
        // A blank line after a block's introduction (reST's "… these
        // hosts::" over its literal block): the introduction is the line
        // before.
        if end > 0 && b[end - 1] == b'\n' {
            let above = end - 1 - usize::from(end >= 2 && b[end - 2] == b'\r');
            if b[..above].last() == Some(&b':') {
                end = above;
            }
        }
        let start = memchr::memrchr(b'\n', &b[end.saturating_sub(BEFORE_CLIP)..end])
            .map_or(ceil_boundary(b, end.saturating_sub(BEFORE_CLIP)), |k| {
                end.saturating_sub(BEFORE_CLIP) + k + 1
            });
        lossy(&b[start..end])
    } else {
        String::new()
    };
    let line_end = to - usize::from(to > end && b[to - 1] == b'\n');
    let next = if line_end.saturating_sub(end) < CONTEXT_REACH {
        next_text(b, to)
    } else {
        String::new()
    };
    Excerpt {
        first_line,
        start_offset: w.abs(from),
        text: lossy(&b[from..to]),
        before,
        next,
    }
}

/// The blanks a line starts with.
fn indent_of(line: &[u8]) -> &[u8] {
    let k = line.iter().position(|&c| c != b' ' && c != b'\t');
    &line[..k.unwrap_or(line.len())]
}

/// The start of the first line with text among the three from `at` (a line
/// start), markup tags left out. A blank line (a paragraph's end) stops,
/// unless the line before `at` ends in a tag (HTML, where blank lines mean
/// nothing).
fn next_text(b: &[u8], mut at: usize) -> String {
    let markup = b[..at].trim_ascii_end().ends_with(b">");
    for _ in 0..3 {
        if at == 0 || at >= b.len() || b[at - 1] != b'\n' {
            break;
        }
        let cap = b.len().min(at + 4 * BEFORE_CLIP);
        let end = memchr::memchr(b'\n', &b[at..cap]).map_or(cap, |k| at + k);
        let mut text = Vec::new();
        push_without_tags(&b[at..end], &mut text);
        let text = text.trim_ascii();
        if !markup && b[at..end].iter().all(u8::is_ascii_whitespace) {
            break;
        }
        if !text.is_empty() {
            let text = &text[..text.len().min(BEFORE_CLIP)];
            return lossy(text);
        }
        if end == cap && cap < b.len() && b[cap] != b'\n' {
            break;
        }
        at = end + 1;
    }
    String::new()
}

/// Append `line` to `out` without its tags: from each `<` to the next `>`
/// (the rest of the line when none follows). Runs of text are copied
/// whole; the excerpt of every URL `check` reads asks this of a line.
pub(crate) fn push_without_tags(line: &[u8], out: &mut Vec<u8>) {
    let mut rest = line;
    while let Some(lt) = memchr::memchr(b'<', rest) {
        out.extend_from_slice(&rest[..lt]);
        match memchr::memchr(b'>', &rest[lt + 1..]) {
            Some(gt) => rest = &rest[lt + 1 + gt + 1..],
            None => return,
        }
    }
    out.extend_from_slice(rest);
}

/// Move `i` forward past UTF-8 continuation bytes (at most 3), so a clipped
/// excerpt does not start or end inside a character.
fn ceil_boundary(b: &[u8], mut i: usize) -> usize {
    let stop = (i + 3).min(b.len());
    while i < stop && (0x80..0xC0).contains(&b[i]) {
        i += 1;
    }
    i
}

/// `bytes` as text, invalid UTF-8 replaced by U+FFFD. Nearly all of it is
/// valid: the validator's word-at-a-time ASCII path answers that faster
/// than the lossy decoder's byte loop.
pub(crate) fn lossy(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte loop `push_without_tags` replaced, kept as its reference.
    fn reference(line: &[u8]) -> Vec<u8> {
        let mut text = Vec::new();
        let mut in_tag = false;
        for &c in line {
            match c {
                b'<' => in_tag = true,
                b'>' if in_tag => in_tag = false,
                _ if !in_tag => text.push(c),
                _ => {}
            }
        }
        text
    }

    #[test]
    fn tags_are_left_out_of_a_line() {
        for line in [
            &b"plain text"[..],
            b"<p>see <a href=\"x\">this</a></p>",
            b"a > b <i>c",
            b"<unclosed tag and more",
            b"<<a>>b",
            b"x<>y",
            b"<",
            b">",
            b"",
            b"a<b<c>d>e",
        ] {
            let mut out = Vec::new();
            push_without_tags(line, &mut out);
            assert_eq!(out, reference(line), "{:?}", String::from_utf8_lossy(line));
        }
    }
}
