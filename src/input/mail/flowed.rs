//! format=flowed (RFC 3676): rejoin the lines a client soft-wrapped.
//!
//! A line ending in a space continues on the next line of the same quote
//! depth. The continuation loses its quote marks and space-stuffing; with
//! `DelSp=yes` the trailing space goes too (it was inserted, not typed), which
//! matters for URLs and for Japanese text that has no spaces between words.

use crate::input::offsets::OffsetMap;

/// A line split into its parts (offsets into the text).
struct Line {
    start: usize,
    /// After the quote marks and one stuffing space.
    content: usize,
    /// End of content (before `\r\n` or `\n`).
    end: usize,
    /// Offset of the line break, if any.
    eol: Option<usize>,
    depth: usize,
    flowed: bool,
}

fn split_line(text: &str, start: usize) -> Line {
    let rest = text.get(start..).unwrap_or_default();
    let (len, eol) = match memchr::memchr(b'\n', rest.as_bytes()) {
        Some(nl) if nl > 0 && rest.as_bytes()[nl - 1] == b'\r' => (nl - 1, Some(start + nl - 1)),
        Some(nl) => (nl, Some(start + nl)),
        None => (rest.len(), None),
    };
    let line = &rest.as_bytes()[..len];
    let depth = line.iter().take_while(|&&b| b == b'>').count();
    let stuffed = usize::from(line.get(depth) == Some(&b' '));
    let body = &line[depth + stuffed..];
    // The signature separator `-- ` is never flowed (RFC 3676 4.3).
    let flowed = line.last() == Some(&b' ') && body != b"-- ";
    Line {
        start,
        content: start + depth + stuffed,
        end: start + len,
        eol,
        depth,
        flowed,
    }
}

/// Unwraps flowed text; the map leads back into `text`.
pub(crate) fn unflow(text: &str, delsp: bool) -> (String, OffsetMap) {
    let mut out = String::with_capacity(text.len());
    let mut map = OffsetMap::new();
    let mut pos = 0;
    let mut prev: Option<Line> = None;
    while pos < text.len() {
        let line = split_line(text, pos);
        let joins = prev
            .as_ref()
            .is_some_and(|p| p.flowed && p.depth == line.depth);
        if !joins {
            if let Some(eol) = prev.as_ref().and_then(|p| p.eol) {
                map.linear(out.len(), eol);
                out.push('\n');
            }
        }
        // A paragraph's first line keeps its quote marks for the scanner;
        // at depth 0 the stuffing space is dropped.
        let from = if joins || line.depth == 0 {
            line.content
        } else {
            line.start
        };
        let to = if line.flowed && delsp {
            line.end - 1
        } else {
            line.end
        };
        if let Some(piece) = text.get(from..to.max(from)) {
            map.linear(out.len(), from);
            out.push_str(piece);
        }
        pos = match text.get(line.end..) {
            Some(r) if r.starts_with("\r\n") => line.end + 2,
            Some(r) if r.starts_with('\n') => line.end + 1,
            _ => text.len(),
        };
        prev = Some(line);
    }
    if let Some(eol) = prev.and_then(|p| p.eol) {
        map.linear(out.len(), eol);
        out.push('\n');
    }
    (out, map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delsp_joins_without_the_inserted_space() {
        let text = "See http://example.org/a/very/ \r\nlong/path for it.\r\n-- \r\nsig\r\n";
        let (out, map) = unflow(text, true);
        assert_eq!(
            out,
            "See http://example.org/a/very/long/path for it.\n-- \nsig\n"
        );
        let long = out.find("long").unwrap();
        assert_eq!(map.map(long), text.find("long").unwrap());
        let (kept, _) = unflow(text, false);
        assert!(kept.starts_with("See http://example.org/a/very/ long/path"));
    }

    #[test]
    fn quote_depth_and_stuffing() {
        let text = "> quoted \n> more\nnew \n>not joined\n From\n";
        let (out, map) = unflow(text, false);
        assert_eq!(out, "> quoted more\nnew \n>not joined\nFrom\n");
        assert_eq!(
            map.map(out.find("more").unwrap()),
            text.find("more").unwrap()
        );
        assert_eq!(
            map.map(out.find("From").unwrap()),
            text.find("From").unwrap()
        );
    }
}
