//! reStructuredText: `` `text <URL>`_ `` references and `.. _name: URL`
//! targets.
//!
//! docutils removes whitespace inside a URI and resolves its backslash
//! escapes, so a target continued on indented lines, or a `<URL>` broken
//! across lines, is joined, each piece keeping its own position, and a
//! DOI's escaped `\<` is its `<`. Everything else is text for the scanner,
//! literal blocks included: a `.. _name: http://a    comment` shown after
//! `::` is reST source on display, not a target.

use super::{code, Builder, Document, UrlBuilder};

/// Farthest ``>`_`` looks back for its `<`.
const LOOKBACK: usize = 4096;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    b.push(src, 0);
    let mut found: Vec<(usize, usize)> = Vec::new();
    references(src, &mut found);
    targets(src, &mut found);
    found.sort_unstable();
    let literal = literal_blocks(src);
    // Doctest blocks (`>>> f("http://256.1.1.1")` and what it printed):
    // data, as a `pycon` block in Markdown is. (A code directive's
    // content stays prose: mamba's `url="htts://conda.anaconda.org/…"` in
    // a `.. code:: python` example is a typo a reader copies.)
    b.data.extend(code::doctests(src));
    let mut blocks = literal.iter().peekable();
    for (start, end) in found {
        while blocks.next_if(|&&(_, to)| to <= start).is_some() {}
        if blocks.peek().is_some_and(|&&(from, _)| from <= start) {
            continue;
        }
        let pieces = grid_cell(src, start, end).unwrap_or_else(|| lines(src, start, end));
        let mut u = UrlBuilder::default();
        for &(from, to) in &pieces {
            push_unescaped(&mut u, src, from, to);
        }
        let link = u.finish(start, end, false);
        if super::is_url(&link.url) {
            for &(from, to) in &pieces {
                super::blank(&mut b.text, from, to);
            }
            b.link(link);
        }
    }
    b.finish(false)
}

/// Append `src[from..to]` to `u` with reST's backslash escapes resolved
/// (`\<` is `<`), each escape a piece of its own. An escaped blank, or a
/// backslash ending the line, is removed whole, as docutils removes it
/// (gammu's `.. _Gettext: http://en.wikipedia.org/wiki/GNU_gettext\`).
fn push_unescaped(u: &mut UrlBuilder, src: &str, from: usize, to: usize) {
    let mut at = from;
    while let Some(k) = memchr::memchr(b'\\', &src.as_bytes()[at..to]).map(|k| at + k) {
        u.push(&src[at..k], at, k - at);
        let Some(c) = src[k + 1..to].chars().next() else {
            at = if src[to..].starts_with(char::is_whitespace) || to == src.len() {
                to
            } else {
                k
            };
            break;
        };
        if !c.is_whitespace() {
            u.push(&src[k + 1..k + 1 + c.len_utf8()], k, 1 + c.len_utf8());
        }
        at = k + 1 + c.len_utf8();
    }
    u.push(&src[at..to], at, to - at);
}

/// The pieces of `start..end` line by line, each trimmed: docutils drops the
/// whitespace inside a URI. Blanks right after a `/`, `-`, `.` or `_` go
/// too, and after the scheme's `:`, a line break joined back with its
/// indent (getodk's
/// `…/assignments/   language-subtag-registry/…`, the Ada course's
/// `…/tips-and-tricks- proving-…`, more-itertools'
/// `#more_itertools. random_ordered_range`), where
/// docutils' URL is the one meant; blanks between two words stay, for
/// `unsafe-character` to show (docutils' `…/Washington Post.yml` would lose
/// them and name another file).
fn lines(src: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let mut at = start;
    let mut pieces = Vec::new();
    for piece in src[start..end].split_inclusive('\n') {
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        let mut from = at + lead;
        let to = from + trimmed.len();
        // After the scheme's colon too: siphon's `<mailto: support@…>`.
        let colon = (from == start)
            .then(|| src[from..to].find(':'))
            .flatten()
            .filter(|&k| crate::schemes::is_known(&src[from..from + k].to_ascii_lowercase()))
            .map(|k| from + k);
        while let Some(k) = src.as_bytes()[from..to]
            .windows(2)
            .enumerate()
            .position(|(i, w)| {
                (matches!(w[0], b'/' | b'-' | b'.' | b'_') || colon == Some(from + i))
                    && matches!(w[1], b' ' | b'\t')
            })
        {
            let slash = from + k + 1;
            let blanks = src[slash..to].len() - src[slash..to].trim_start().len();
            pieces.push((from, slash));
            from = slash + blanks;
        }
        pieces.push((from, to));
        at += piece.len();
    }
    pieces
}

/// A reference broken over the lines of a grid table's cell:
///
/// ```text
/// | scrapy.commands.deploy | `scrapyd-client <https://github.com |
/// |                        | /scrapy/scrapyd-client>`_           |
/// ```
///
/// Its pieces are the cell's columns of each line, trimmed: the borders and
/// the other cells are not URL text. `None` when `start..end` is not in a
/// cell (one line, or a line that does not start with `|`).
fn grid_cell(src: &str, start: usize, end: usize) -> Option<Vec<(usize, usize)>> {
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
    if end <= line_end || !src[line_start..start].trim_start().starts_with('|') {
        return None;
    }
    // The cell's borders, as character columns (tables align characters).
    let left = src[line_start..start].rfind('|')?;
    let left = src[line_start..line_start + left].chars().count();
    let right = src[start..line_end].find(" |").map(|k| start + k + 1)?;
    let right = src[line_start..right].chars().count();
    let mut pieces = Vec::new();
    let mut at = line_start;
    while at < end {
        let stop = src[at..].find('\n').map_or(src.len(), |i| at + i);
        let line = &src[at..stop];
        // Byte offsets of the columns just inside the borders.
        let col = |n: usize| line.char_indices().nth(n).map_or(line.len(), |(i, _)| i);
        let (from, to) = ((at + col(left + 1)).max(start), (at + col(right)).min(end));
        // A cell's blank rest of line (dicom_standard's `| Module <  |`,
        // the URL on the row below) adds no piece.
        if from < to && !src[from..to].trim().is_empty() {
            let cell = &src[from..to];
            let lead = cell.len() - cell.trim_start().len();
            pieces.push((from + lead, from + cell.trim_end().len()));
        }
        at = stop + 1;
    }
    Some(pieces)
}

/// `` `text <URL>`_ `` and `` `text <URL>`__ ``: the range inside `<>`.
fn references(src: &str, found: &mut Vec<(usize, usize)>) {
    let bytes = src.as_bytes();
    let mut floor = 0;
    for close in memchr::memmem::find_iter(bytes, b">`_") {
        let low = close.saturating_sub(LOOKBACK).max(floor);
        floor = close + 1;
        // The `<` that opens the URL: not one escaped inside it (a DOI's
        // `015\<0061:PSMUAN\>2.0.CO;2`); in a grid table, one in the same
        // cell.
        let lt = opener_in_cell(src, close).unwrap_or_else(|| opener(bytes, low, close));
        let Some(lt) = lt else {
            continue;
        };
        if bytes[lt] == b'<' && lt + 1 < close {
            found.push((lt + 1, close));
        }
    }
}

/// The last `<` or `` ` `` in `bytes[low..to]` that is no escaped `\<`.
fn opener(bytes: &[u8], low: usize, mut to: usize) -> Option<usize> {
    loop {
        match memchr::memrchr2(b'<', b'`', &bytes[low..to]).map(|k| low + k) {
            Some(k) if bytes[k] == b'<' && k > 0 && bytes[k - 1] == b'\\' => to = k - 1,
            found => return found,
        }
    }
}

/// For a ``>`_`` at `close` inside a grid table's cell, its opener, looked
/// for in that cell's column only, on its line and the lines above up to
/// the row's border: in a table pandoc wrote, each column breaks its own
/// reference (`| org <https://zfsonli | … | <https://zfsonli |`), and the
/// nearest `<` before the close is often another cell's. `None` when
/// `close` is not in a cell.
#[allow(clippy::option_option)]
fn opener_in_cell(src: &str, close: usize) -> Option<Option<usize>> {
    let line_start = src[..close].rfind('\n').map_or(0, |i| i + 1);
    if !src[line_start..close].trim_start().starts_with('|') {
        return None;
    }
    let left = src[line_start..close].rfind('|')?;
    let left = src[line_start..line_start + left].chars().count();
    let line_end = src[close..].find('\n').map_or(src.len(), |i| close + i);
    let right = src[close..line_end].find(" |").map(|k| close + k + 1)?;
    let right = src[line_start..right].chars().count();
    let (mut at, mut stop) = (line_start, close);
    for _ in 0..64 {
        let end = src[at..].find('\n').map_or(src.len(), |i| at + i);
        let line = &src[at..end];
        if !line.trim_start().starts_with('|') {
            return Some(None);
        }
        let col = |n: usize| line.char_indices().nth(n).map_or(line.len(), |(i, _)| i);
        let (from, to) = (at + col(left + 1), (at + col(right)).min(stop));
        if from < to {
            if let Some(k) = opener(src.as_bytes(), from, to) {
                return Some((src.as_bytes()[k] == b'<').then_some(k));
            }
        }
        if at == 0 {
            break;
        }
        stop = at - 1;
        at = src[..stop].rfind('\n').map_or(0, |i| i + 1);
    }
    Some(None)
}

/// `.. _name: URL` (and `.. __: URL`), continued over lines indented more
/// than the `..`.
fn targets(src: &str, found: &mut Vec<(usize, usize)>) {
    let mut line_start = 0;
    let mut open: Option<(usize, usize, usize)> = None; // (start, end, indent)
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let indent = body.len() - body.trim_start().len();
        if let Some((start, end, dots)) = open {
            if !body.trim().is_empty() && indent > dots {
                open = Some((start, line_start + body.len(), dots));
                line_start += line.len();
                continue;
            }
            found.push((start, end));
            open = None;
        }
        let rest = body.trim_start();
        if let Some(name) = rest.strip_prefix(".. _") {
            if let Some(colon) = target_colon(name) {
                let after = &name[colon + 1..];
                let lead = after.len() - after.trim_start().len();
                let url_start = line_start + indent + 4 + colon + 1 + lead;
                if url_start <= line_start + body.len() {
                    open = Some((url_start, line_start + body.len(), indent));
                }
            }
        }
        line_start += line.len();
    }
    if let Some((start, end, _)) = open {
        found.push((start, end));
    }
}

/// Directives whose content is code, shown as is.
const LITERAL_DIRECTIVES: &[&str] = &[
    "code",
    "code-block",
    "sourcecode",
    "literalinclude",
    "doctest",
    "testcode",
    "testoutput",
    "console",
    "prompt",
];

/// The byte ranges of literal blocks, in order: the lines indented under a
/// paragraph that ends with `::` (or a line that is only `::`), and the
/// content of a code directive (`.. code-block:: rst`). Other directives
/// (`.. note::`) hold reST.
fn literal_blocks(src: &str) -> Vec<(usize, usize)> {
    let mut blocks = Vec::new();
    // The indentation a block must exceed, once a line announced one.
    let mut announced: Option<usize> = None;
    // The open block: (start, end, indentation it must exceed).
    let mut open: Option<(usize, usize, usize)> = None;
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end();
        let indent = body.len() - body.trim_start().len();
        let blank = body.is_empty();
        if let Some((start, end, over)) = open {
            if blank || indent > over {
                let end = if blank { end } else { at + body.len() };
                open = Some((start, end, over));
                at += line.len();
                continue;
            }
            blocks.push((start, end));
            open = None;
        }
        if let Some(over) = announced {
            if blank {
                at += line.len();
                continue;
            }
            announced = None;
            if indent > over {
                open = Some((at, at + body.len(), over));
                at += line.len();
                continue;
            }
        }
        let text = body.trim_start();
        if let Some(directive) = text.strip_prefix(".. ") {
            if let Some((name, _)) = directive.split_once("::") {
                if LITERAL_DIRECTIVES.contains(&name.trim()) {
                    announced = Some(indent);
                }
            }
        } else if text.ends_with("::") && !text.starts_with("..") {
            announced = Some(indent);
        }
        at += line.len();
    }
    if let Some((start, end, _)) = open {
        blocks.push((start, end));
    }
    blocks
}

/// The `:` that ends a target name: one followed by whitespace or the end
/// of the line, not escaped (`\:`); a name in backquotes may hold any.
fn target_colon(name: &str) -> Option<usize> {
    if let Some(quoted) = name.strip_prefix('`') {
        let close = quoted.find('`')?;
        return (quoted.as_bytes().get(close + 1) == Some(&b':')).then_some(close + 2);
    }
    let b = name.as_bytes();
    (0..b.len()).find(|&i| {
        b[i] == b':'
            && (i == 0 || b[i - 1] != b'\\')
            && b.get(i + 1).is_none_or(u8::is_ascii_whitespace)
    })
}
