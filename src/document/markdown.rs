//! Markdown (CommonMark with GitHub's tables, strikethrough and task
//! lists), read with `pulldown-cmark`, which gives every event its source
//! range.
//!
//! - Link and image destinations and reference definitions become
//!   [`Link`]s, their extent taken from the markup (so `;` before `)` is
//!   part of the URL), backslash escapes and character references decoded.
//!   A reference *use* (`[text][ref]`) is not a URL of its own: its
//!   definition is.
//! - Text, code and inline HTML go to the scanner with escapes resolved
//!   (`serde\_json` is `serde_json`) and emphasis marks left out. A link's
//!   text that repeats its destination is blanked, so
//!   `[https://a.example](https://a.example)` is one URL.
//! - `<...>` autolinks are left as written: the scanner reads them as the
//!   `angle` or `url-wrapper` form, exactly delimited.
//! - A link CommonMark rejects is still read where its author meant it:
//!   `[text](http://a/ b)` gives `http://a/ b` (linted for its space), and
//!   `[text](http://a/b` with no `)` on its line is unterminated.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::{code, html, Builder, Document, Link, Next, UrlBuilder};

/// Longest destination read for a rejected link.
const REJECTED_MAX: usize = 2048;

pub(super) fn read(src: &str) -> Document {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let mut b = Builder::for_source(src);
    let iter = Parser::new_ext(src, options).into_offset_iter();
    for (_, def) in iter.reference_definitions().iter() {
        if let Some(link) = definition(src, def.span.clone()) {
            b.link(link);
        }
    }
    // Text offsets of code, where `](` is not a rejected link.
    let mut code: Vec<Range<usize>> = Vec::new();
    // Open links: (text offset where their text starts, destination, the
    // end of their last inner event in the source).
    let mut open: Vec<(usize, CowStr<'_>, usize)> = Vec::new();
    let mut autolink = false;
    let mut html_block: Option<usize> = None;
    // A code block in a programming language: its family (`None` for a
    // block that names none: a shell session if it starts with a prompt),
    // and the source range of its text so far.
    let mut code_block: Option<(Option<code::Family>, usize, usize)> = None;
    // The code block is a specification's example (```` ``` example ````
    // holding a lone `.` line, the CommonMark and GFM specs' input to a
    // test and its output): data as a whole.
    let mut example = false;
    // A front matter's escaped line breaks (source ranges), while in one.
    let mut joins: Option<Vec<(usize, usize)>> = None;
    for (event, range) in iter {
        if let Some(top) = open.last_mut() {
            if !matches!(event, Event::End(TagEnd::Link | TagEnd::Image)) {
                top.2 = top.2.max(range.end);
            }
        }
        match event {
            Event::Start(Tag::Link {
                link_type: LinkType::Autolink | LinkType::Email,
                ..
            }) => {
                b.push(&src[range.clone()], range.start);
                autolink = true;
            }
            Event::End(TagEnd::Link) if autolink => autolink = false,
            _ if autolink => {}
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                let text_start = if src[range.clone()].starts_with('!') {
                    range.start + 2
                } else {
                    range.start + 1
                };
                open.push((b.text.len(), dest_url, text_start));
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some((text_from, dest, inner_end)) = open.pop() else {
                    continue;
                };
                // The text may wrap where the destination does not
                // (`[http://www.the-` over `project.org/…](http://www.the-project.org/…)`).
                let text = &b.text[text_from..];
                let kept = |c: &char| !c.is_whitespace();
                if text.trim() == dest.trim()
                    || (text.contains('\n')
                        && text.chars().filter(kept).eq(dest.chars().filter(kept)))
                {
                    b.blank_from(text_from);
                }
                if let Some(link) = inline_destination(src, inner_end, range) {
                    b.link(link);
                }
                b.push_for(" ", inner_end.min(src.len()));
            }
            Event::Start(Tag::HtmlBlock) => html_block = Some(range.start),
            Event::End(TagEnd::HtmlBlock) => {
                if let Some(start) = html_block.take() {
                    html::read_into(&mut b, src, start, range.end);
                }
            }
            Event::Html(_) if html_block.is_some() => {}
            // `https://<your canvas instance>/api/…` with its words taken
            // for attributes (`<your canvas="" instance="">`): right after
            // `://` a tag is a placeholder for the host, kept as text.
            Event::InlineHtml(_) if b.text.ends_with("://") => {
                b.push(&src[range.clone()], range.start);
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                html::read_into(&mut b, src, range.start, range.end);
            }
            Event::Start(Tag::MetadataBlock(_)) => {
                joins = Some(
                    yaml_joins(&src[range.clone()])
                        .into_iter()
                        .map(|(from, to)| (range.start + from, range.start + to))
                        .collect(),
                );
            }
            Event::Text(_) if joins.is_some() => {
                // Events may split a join: each drops its own part. The
                // joins are in order: only this event's are visited.
                let mut at = range.start;
                let all = joins.as_deref().unwrap_or_default();
                let first = all.partition_point(|&(_, to)| to <= range.start);
                for &(from, to) in all[first..].iter().take_while(|j| j.0 < range.end) {
                    b.push(&src[at..from.max(at)], at);
                    at = to.min(range.end);
                }
                b.push(&src[at..range.end], at);
            }
            Event::Text(t) => {
                if let Some((_, from, to)) = &mut code_block {
                    *from = (*from).min(range.start);
                    *to = (*to).max(range.end);
                }
                text(&mut b, src, &t, range);
            }
            Event::Code(_) => {
                // The source between the backtick runs: the scanner reads
                // its line breaks as the spaces CommonMark makes of them.
                let raw = &src[range.clone()];
                let ticks = raw.bytes().take_while(|&c| c == b'`').count();
                let inner = raw
                    .get(ticks..raw.len().saturating_sub(ticks))
                    .unwrap_or_default();
                // `` `[id](mailto:real-email-id)` ``: link markup shown, not
                // made; its URL shows the syntax. The span is one link and
                // nothing else (a badge's image link is copied for use).
                let one_link = inner.starts_with('[')
                    && inner.ends_with(')')
                    && inner.matches("](").count() == 1
                    && !inner.contains("![");
                if one_link {
                    let at = range.start + ticks;
                    b.data.push((at, at + inner.len()));
                }
                let from = b.text.len();
                b.push_for(" ", range.start);
                b.push(inner, range.start + ticks);
                b.push_for(" ", range.end.saturating_sub(1));
                code.push(from..b.text.len());
            }
            Event::SoftBreak | Event::HardBreak => b.push_for("\n", range.start),
            Event::Start(Tag::Emphasis | Tag::Strong)
            | Event::End(TagEnd::Emphasis | TagEnd::Strong) => {
                // A `*` inside a URL-like word is a wildcard far more often
                // than emphasis (`https://*.*.sanity.io/**`): kept as text.
                // (`_` never marks emphasis inside a word.)
                let len = if matches!(
                    event,
                    Event::Start(Tag::Strong) | Event::End(TagEnd::Strong)
                ) {
                    2
                } else {
                    1
                };
                let at = if matches!(event, Event::Start(_)) {
                    range.start
                } else {
                    range.end.saturating_sub(len)
                };
                let inside = |k: Option<&u8>| {
                    k.is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'.' | b'*'))
                };
                if at > 0
                    && src.as_bytes().get(at) == Some(&b'*')
                    && inside(src.as_bytes().get(at - 1))
                    && inside(src.as_bytes().get(at + len))
                {
                    if let Some(marker) = src.get(at..at + len) {
                        b.push(marker, at);
                    }
                } else if matches!(event, Event::End(_))
                    && b.text.ends_with("://")
                    && !src
                        .as_bytes()
                        .get(range.end)
                        .is_some_and(u8::is_ascii_alphanumeric)
                {
                    // A scheme named in bold (`**https://**[1]`, a quiz's
                    // answer and its footnote): what follows is no host.
                    b.push_for(" ", at);
                }
            }
            Event::Start(Tag::Strikethrough) | Event::End(TagEnd::Strikethrough) => {
                // A `~` inside a URL-like word is the URL's (a text
                // fragment's `#:~:text=` in two links on a line, which
                // GitHub's single-tilde strikethrough pairs): kept as text.
                let raw = src.as_bytes();
                let start = matches!(event, Event::Start(_));
                let len = if start {
                    raw[range.start..]
                        .iter()
                        .take_while(|&&c| c == b'~')
                        .count()
                } else {
                    raw[..range.end]
                        .iter()
                        .rev()
                        .take_while(|&&c| c == b'~')
                        .count()
                };
                let at = if start { range.start } else { range.end - len };
                let inside = |k: Option<&u8>| {
                    k.is_some_and(|&c| c.is_ascii_alphanumeric() || b"/.:=-_".contains(&c))
                };
                if len > 0 && at > 0 && inside(raw.get(at - 1)) && inside(raw.get(at + len)) {
                    b.push(&src[at..at + len], at);
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                // A tight list item's text is no paragraph: nothing else
                // ends it before the block (`- b` over an indented fence
                // made `bhttps://…` of the block's first line).
                if !b.text.is_empty() && !b.text.ends_with('\n') {
                    b.push_for("\n\n", range.start);
                }
                code.push(b.text.len()..usize::MAX);
                example = matches!(&kind, CodeBlockKind::Fenced(info)
                    if info.split_whitespace().next() == Some("example"));
                code_block = match kind {
                    _ if example => Some((None, usize::MAX, 0)),
                    CodeBlockKind::Fenced(info) if !info.trim().is_empty() => {
                        code::family_of_language(&info).map(|f| (Some(f), usize::MAX, 0))
                    }
                    _ => Some((None, usize::MAX, 0)),
                };
            }
            Event::End(TagEnd::CodeBlock) => {
                // Code in a programming language: its strings are data, as
                // in a source file (a list of URL patterns in a `js` block).
                let block = code_block.take().filter(|c| c.1 < c.2);
                // A spec's example holds its input, a lone `.`, then the
                // HTML it makes.
                let spec = |from: usize, to: usize| {
                    src[from..to]
                        .lines()
                        .any(|l| l.trim_end_matches('\r') == ".")
                };
                let block = if std::mem::take(&mut example)
                    && block.is_some_and(|(_, from, to)| spec(from, to))
                {
                    b.data.extend(block.map(|(_, from, to)| (from, to)));
                    None
                } else {
                    block
                };
                let block = block.and_then(|(family, from, to)| {
                    let family = family.or_else(|| code::session(&src[from..to]))?;
                    Some((family, from, to))
                });
                if let Some((family, from, to)) = block {
                    let data = code::data(&src[from..to], family);
                    b.data
                        .extend(data.into_iter().map(|(s, e)| (from + s, from + e)));
                }
                if let Some(last) = code.last_mut() {
                    last.end = b.text.len();
                }
                b.push_for("\n\n", range.end.saturating_sub(1));
            }
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::BlockQuote(_)
                | TagEnd::TableCell
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::FootnoteDefinition,
            )
            | Event::Rule => b.push_for("\n\n", range.end.saturating_sub(1)),
            Event::End(TagEnd::MetadataBlock(_)) => {
                joins = None;
                b.data.extend(excerpts(src, range.clone()));
                b.push_for("\n\n", range.end.saturating_sub(1));
            }
            // A list nested in an item starts on a line of its own: its
            // first word is not the end of the item's URL (`- Grafana:
            // http://localhost:3000` over `  - user: admin`).
            Event::Start(Tag::List(_)) => b.push_for("\n\n", range.start),
            _ => {}
        }
    }
    rejected_links(&mut b, src, &code);
    bracketed_destinations(&mut b, &code);
    b.finish(false)
}

/// `[jsonfile][https://github.com/jprichardson/node-jsonfile]`: a link
/// written with a reference's brackets where its destination's parentheses
/// go. No definition is labelled with a URL, so CommonMark makes no link
/// of it (GitHub shows the brackets, the URL autolinked inside them): the
/// URL is kept as a link that never closed, for `unterminated-link` to say
/// so; its text is still scanned, as after any unclosed link.
fn bracketed_destinations(b: &mut Builder, code: &[Range<usize>]) {
    let text = b.text.as_bytes();
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut in_code = InCode::new(code);
    for at in memchr::memmem::find_iter(text, b"][") {
        if in_code.contains(at) {
            continue;
        }
        let d = at + 2;
        // The URL runs to a `]` on its line, with no blank or bracket.
        let Some(len) = text[d..]
            .iter()
            .take(REJECTED_MAX)
            .position(|&c| matches!(c, b']' | b'[' | b'\n') || c.is_ascii_whitespace())
        else {
            continue;
        };
        if text[d + len] != b']' || !super::is_url(&b.text[d..d + len]) {
            continue;
        }
        // The link's text before it: `[…]` closed at `at` (looked for
        // within a bounded reach, so a line of `][` stays linear).
        if memchr::memrchr(b'[', &text[at.saturating_sub(REJECTED_MAX)..at]).is_none() {
            continue;
        }
        found.push((d, d + len));
    }
    for (start, end) in found {
        let link = text_link(b, start, end, true);
        b.link(link);
    }
}

/// Whether a destination with `before` and `after` it in the source is in
/// a reference's brackets, `[text][url]` (see [`bracketed_destinations`]):
/// a whole construct, not an unclosed run.
pub(crate) fn is_bracketed(before: &str, after: &str) -> bool {
    before.ends_with("][") && after.starts_with(']')
}

/// The link of `b.text[start..end]`, each piece mapped back to the source
/// (a piece ends wherever the way back jumps: a line's wrap, an escape).
fn text_link(b: &Builder, start: usize, end: usize, unterminated: bool) -> Link {
    let mut u = UrlBuilder::default();
    let mut from = start;
    let breaks: Vec<usize> = b.map.breaks(start, end).collect();
    for k in breaks.into_iter().chain([end]) {
        let piece = &b.text[from..k];
        u.push(piece, b.map.map(from), piece.len());
        from = k;
    }
    u.finish(
        b.map.map(start),
        b.map.map(end.max(start + 1) - 1) + 1,
        unterminated,
    )
}

/// Whether a text offset lies in a code span or block, asked in growing
/// order (each range passed once, so a flood of `](` stays linear).
struct InCode<'a> {
    code: &'a [Range<usize>],
    next: usize,
}

impl<'a> InCode<'a> {
    fn new(code: &'a [Range<usize>]) -> Self {
        InCode { code, next: 0 }
    }

    fn contains(&mut self, at: usize) -> bool {
        while self.code.get(self.next).is_some_and(|r| r.end <= at) {
            self.next += 1;
        }
        self.code.get(self.next).is_some_and(|r| r.start <= at)
    }
}

/// The source ranges of a front matter's `excerpt:` (its line, and the
/// indented lines a folded value goes on over): a blog engine's copy of
/// the post's opening, which the post itself holds and is linted in
/// (daichangya's Hexo posts, whose excerpts lost every `:`, `http//…`).
fn excerpts(src: &str, block: Range<usize>) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut at = block.start;
    let mut open: Option<usize> = None;
    for line in src[block].split_inclusive('\n') {
        let end = at + line.len();
        let indented = line.starts_with([' ', '\t']);
        match open {
            Some(_) if indented => {}
            Some(start) => {
                found.push((start, at));
                open = None;
            }
            None => {}
        }
        if open.is_none() && line.starts_with("excerpt:") {
            open = Some(at);
        }
        at = end;
    }
    if let Some(start) = open {
        found.push((start, at));
    }
    found
}

/// The escaped line breaks in a YAML text's double-quoted values, as
/// ranges of `s`: a `\` ending a line inside quotes, through the next
/// line's indent, is nothing to YAML (jakearchibald.com's front matter,
/// `summary: "…(http://…/xwsc3y_application-cache-by-jake-arch\` over
/// `  ibald_tech) and…"`, one URL), and so is the `\` of an escaped
/// quote. A `\` in a plain or single-quoted value is a backslash.
fn yaml_joins(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut found = Vec::new();
    let mut quoted = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' if quoted => quoted = false,
            // A value's opening quote: after a key's `:`, a list's `-`, a
            // flow's `[`, `{` or `,`, or first on its line.
            b'"' => {
                let before = s[..i].trim_end_matches([' ', '\t']);
                quoted = before.is_empty() || before.ends_with(['\n', ':', '-', '[', '{', ',']);
            }
            b'\\' if quoted => {
                let eol = match b.get(i + 1..) {
                    Some([b'\n', ..]) => Some(i + 2),
                    Some([b'\r', b'\n', ..]) => Some(i + 3),
                    _ => None,
                };
                let Some(mut j) = eol else {
                    // Another escape: its character (a `\"`) is no quote,
                    // and the `\` before a quote is nothing in the value
                    // (a talk's abstract, `[a](https://b.example \"A\")`,
                    // is a link with its title).
                    if b.get(i + 1) == Some(&b'"') {
                        found.push((i, i + 1));
                    }
                    i += 2;
                    continue;
                };
                while matches!(b.get(j), Some(b' ' | b'\t')) {
                    j += 1;
                }
                found.push((i, j));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Append a text event. Its source is usually the text byte for byte; an
/// entity or an escape (`&amp;`, `\_`) is shorter than its source.
fn text(b: &mut Builder, src: &str, t: &str, range: Range<usize>) {
    let raw = &src[range.clone()];
    if raw == t {
        b.push(t, range.start);
    } else if let Some(k) = memchr::memmem::find(raw.as_bytes(), t.as_bytes()) {
        // An escaped character: the text starts inside the source range.
        b.push(t, range.start + k);
    } else {
        b.push_escape(t, range.start, range.len());
    }
}

/// The destination of an inline link or image whose text ended at
/// `inner_end`; `None` for reference links (their definition is the URL).
fn inline_destination(src: &str, inner_end: usize, range: Range<usize>) -> Option<Link> {
    let rest = src.get(inner_end..range.end)?;
    let open = find_pair(rest.as_bytes(), b']', b'(')? + inner_end + 2;
    if !src[..range.end].ends_with(')') {
        return None;
    }
    destination(src, open, range.end - 1)
}

/// A reference definition `[label]: <dest> "title"`.
fn definition(src: &str, span: Range<usize>) -> Option<Link> {
    let text = src.get(span.clone())?;
    let after = find_pair(text.as_bytes(), b']', b':')? + span.start + 2;
    destination(src, after, span.end)
}

/// Where `first` followed by `second` first stands in `s`: what
/// `str::find("](")` answers, without building a substring searcher for
/// each of a changelog's many links.
fn find_pair(s: &[u8], first: u8, second: u8) -> Option<usize> {
    memchr::memchr_iter(first, s).find(|&k| s.get(k + 1) == Some(&second))
}

/// Read a destination starting at `from` (after whitespace), ending before
/// `limit`: `<...>`, or a run without whitespace whose parentheses balance.
fn destination(src: &str, from: usize, limit: usize) -> Option<Link> {
    let b = src.as_bytes();
    let mut i = from;
    while i < limit && b[i].is_ascii_whitespace() {
        i += 1;
    }
    let angle = b.get(i) == Some(&b'<');
    let (start, end) = if angle {
        let close = src[i + 1..limit].find('>')? + i + 1;
        (i + 1, close)
    } else {
        let mut depth = 0usize;
        let mut j = i;
        while j < limit {
            match b[j] {
                b'\\' if j + 1 < limit => j += 1,
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                c if c.is_ascii_whitespace() => break,
                _ => {}
            }
            j += 1;
        }
        (i, j.min(limit))
    };
    (start < end).then(|| decoded(src, start, end, false, angle))
}

/// The link `src[start..end]` with backslash escapes and character
/// references decoded. In a destination written in angle brackets
/// (`](<https://a.example/?c=Schedule a demo>)`) CommonMark allows spaces,
/// and renderers percent-encode them: so does this, as `%20`, in the query
/// and fragment, where a value is text, and in a file's name
/// (`<https://github.com/a/b/blob/master/Interview List.md>`, the file so
/// named). Any other space in the host or path stays
/// (`<https://github.com/express js/cors>`, a translation's slip): the
/// renderer's `%20` there names another page.
fn decoded(src: &str, start: usize, end: usize, unterminated: bool, angle: bool) -> Link {
    let s = &src[start..end];
    let query = if angle {
        memchr::memchr2(b'?', b'#', s.as_bytes())
    } else {
        None
    };
    let named = if angle {
        spaced_file_names(&s[..query.unwrap_or(s.len())])
    } else {
        Vec::new()
    };
    let spaces = !named.is_empty()
        || query.is_some_and(|q| memchr::memchr(b' ', &s.as_bytes()[q..]).is_some());
    if !spaces && memchr::memchr2(b'\\', b'&', s.as_bytes()).is_none() {
        let mut link = Link::verbatim(src, start, end);
        link.unterminated = unterminated;
        return link;
    }
    let mut u = UrlBuilder::default();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c == ' ' && (query.is_some_and(|q| i > q) || named.iter().any(|r| r.contains(&i))) {
            u.push("%20", start + i, 1);
            i += 1;
        } else if c == '\\' && rest[1..].starts_with(|c: char| c.is_ascii_punctuation()) {
            u.push(&rest[1..2], start + i + 1, 1);
            i += 2;
        } else if let Some((decoded, len)) = (c == '&').then(|| html::entity(rest)).flatten() {
            u.push(decoded.encode_utf8(&mut [0; 4]), start + i, len);
            i += len;
        } else {
            u.push(&rest[..c.len_utf8()], start + i, c.len_utf8());
            i += c.len_utf8();
        }
    }
    u.finish(start, end, unterminated)
}

/// The path segments of `s` (a URL up to its query) that hold a space and
/// end in a file's extension (`Interview List.md`, `Annual Report.pdf`):
/// a file named so, not a slip.
fn spaced_file_names(s: &str) -> Vec<Range<usize>> {
    let Some(path) = s
        .find("://")
        .and_then(|k| s[k + 3..].find('/').map(|p| k + 3 + p))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = path + 1;
    for seg in s[path + 1..].split('/') {
        let file = seg.rsplit_once('.').is_some_and(|(name, ext)| {
            (1..=5).contains(&ext.len())
                && ext.bytes().all(|c| c.is_ascii_alphanumeric())
                && !name.ends_with(' ')
                && !name.starts_with(' ')
        });
        if file && seg.contains(' ') && !seg.contains("  ") {
            out.push(at..at + seg.len());
        }
        at += seg.len() + 1;
    }
    out
}

/// Links CommonMark rejected, read where their author meant them: a `](`
/// left in the text (outside code) followed by a URL.
fn rejected_links(b: &mut Builder, src: &str, code: &[Range<usize>]) {
    let mut found: Vec<(usize, usize, bool)> = Vec::new();
    let text = b.text.as_bytes();
    // The next `)` and line break at or after a point: searched once each,
    // so a flood of `[a](http://x/` stays linear.
    let mut next_close = Next::default();
    let mut next_nl = Next::default();
    let mut in_code = InCode::new(code);
    // Where the line of the last `](` asked about starts, and from where
    // that is known.
    let (mut line_start, mut line_from) = (0, 0);
    for at in memchr::memmem::find_iter(text, b"](") {
        if in_code.contains(at) {
            continue;
        }
        let d = at + 2;
        if !super::is_url(token(&b.text[d..])) {
            continue;
        }
        let nl = next_nl.find(text, d, b"\n").unwrap_or(text.len());
        let close = next_close
            .find(text, d, b")")
            .filter(|&c| c < nl && c - d <= REJECTED_MAX);
        if let Some(mut close) = close {
            // Parentheses inside the URL (`Perf_(Linux)`) pair up, but not
            // across a blank: in `[Mesa](http://w/Mesa_(lang%29) and
            // [Pilot](…)` the writer encoded the inner `)` and the next
            // one closes the link.
            let opened = memchr::memchr_iter(b'(', &text[d..close]).count();
            for _ in 0..opened {
                match memchr::memchr(b')', &text[close + 1..nl]) {
                    Some(k)
                        if !text[close + 1..close + 1 + k]
                            .iter()
                            .any(u8::is_ascii_whitespace) =>
                    {
                        close = close + 1 + k;
                    }
                    _ => break,
                }
            }
            let dest = &b.text[d..close];
            // A cell's border inside it, in a table's row (a pandoc grid
            // table whose cell wraps the URL: `| v}](https://www |
            // ajplusenglish/) |`, the `)` another column's): the
            // destination ends at the cell's end, unclosed. Outside a
            // table ` | ` may be a search's `OR` (`?q=label:bug | x`).
            // The line's start is searched back only as far as the last
            // one asked (`at` only grows: a long line of `](` stays
            // linear). A table's row starts with `|` (a grid table's
            // borders, `+---`, hold no link).
            let mut in_table_row = || {
                if let Some(k) = memchr::memrchr(b'\n', &text[line_from..at]) {
                    line_start = line_from + k + 1;
                }
                line_from = at;
                b.text[line_start..at].trim_start().starts_with('|')
            };
            if let Some(k) = dest.find(" |").filter(|_| in_table_row()) {
                let end = d + dest[..k].trim_end().len();
                if found.last().is_none_or(|l| l.1 <= d) && end > d {
                    found.push((d, end, true));
                }
                continue;
            }
            let cut = dest
                .find(" \"")
                .or_else(|| dest.find(" '"))
                .or_else(|| attributes_at(dest))
                .unwrap_or(dest.len());
            let end = d + dest[..cut].trim_end().len();
            if found.last().is_none_or(|l| l.1 <= d) {
                found.push((d, end, false));
            }
        } else {
            let len = token_unterminated(&b.text[d..]);
            // CommonMark allows one line break between a destination and
            // its `)` (`[x](http://a.example/page/` then `){website}`, as
            // a YAML front matter's folded line also has it): closed. The
            // source says so, not the text (where markup is left out).
            let closed = len > 0
                && src
                    .get(b.map.map(d + len - 1) + 1..)
                    .is_some_and(closes_on_next_line);
            found.push((d, d + len, !closed));
        }
    }
    for (start, end, unterminated) in found {
        // Hard-wrapped inside the destination, its `)` on the next line
        // (`[Deployment](http://about.travis-` then `ci.org/docs/)`): the
        // text's URL would be the same piece, cut where the line is, and
        // linted for the cut (`travis-`); the link's fault is all there is.
        let continued = unterminated && continues_on_next_line(&b.text[end..]);
        let link = text_link(b, start, end, unterminated);
        if !unterminated || continued {
            super::blank(&mut b.text, start, end);
        }
        b.link(link);
    }
}

/// Whether `rest`, what follows an unterminated destination, is a line
/// break and a next line whose first word goes on with the destination
/// to its `)`.
fn continues_on_next_line(rest: &str) -> bool {
    rest.strip_prefix('\n')
        .or_else(|| rest.strip_prefix("\r\n"))
        .is_some_and(continues_destination)
}

/// Whether `rest`, what follows a destination's last character, is blanks,
/// one line break, blanks and the link's `)`: the form CommonMark accepts.
fn closes_on_next_line(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t']);
    rest.strip_prefix('\n')
        .or_else(|| rest.strip_prefix("\r\n"))
        .is_some_and(|next| next.trim_start_matches([' ', '\t']).starts_with(')'))
}

/// Whether `line` starts with the rest of a destination cut by a line
/// break and its `)` (`ci.org/docs/heroku/)`, `+user%3Aservo+),`): a
/// word of URL characters, two at least before the `)`, not a list item's
/// `a)` nor markup.
pub(crate) fn continues_destination(line: &str) -> bool {
    let word = line.trim_start_matches([' ', '\t']);
    let word = &word[..word.find(char::is_whitespace).unwrap_or(word.len())];
    word.find(')').is_some_and(|k| {
        k >= 2
            && word[..k]
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"%+-_./~?=&#:;,!*@$'".contains(&c))
    })
}

/// Where a destination's trailing `name=value` words start, after a blank:
/// a site generator's image size (Pharo's Foliage, `![](http://files.pharo.
/// org/x.png width=600px)`; markdown-it-imsize's `=WxH`, `VuePress`'s
/// `![Vim](https://…/040-zombie-1.svg =x150)`), not the URL's.
fn attributes_at(dest: &str) -> Option<usize> {
    let k = dest.find(' ')?;
    let attribute = |w: &str| {
        let size = w.strip_prefix('=').is_some_and(|wh| {
            let (wd, ht) = wh.split_once('x').unwrap_or((wh, ""));
            !wh.is_empty()
                && wh.len() > wd.len()
                && wd.bytes().all(|c| c.is_ascii_digit())
                && ht.bytes().all(|c| c.is_ascii_digit())
        });
        size || w.split_once('=').is_some_and(|(name, value)| {
            !name.is_empty()
                && !value.is_empty()
                && name.bytes().all(|c| c.is_ascii_alphabetic() || c == b'-')
        })
    };
    dest[k..].split_whitespace().all(attribute).then_some(k)
}

/// The start of the first word of `s`, enough to tell a URL (a scheme of
/// at most 32 letters and what follows it): searched no further, so a
/// flood of `[a](http://x/` stays linear.
fn token(s: &str) -> &str {
    let s = &s[..floor_boundary(s, 64)];
    let end = s
        .find(|c: char| c.is_whitespace() || c == ')')
        .unwrap_or(s.len());
    &s[..end]
}

/// The largest char boundary of `s` at or before `i`.
fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// How much of `s` an unterminated link's URL takes: up to whitespace or
/// markup, at most [`REJECTED_MAX`] bytes. A full-width `）` ends it too:
/// Chinese text typed with an input method closes the link with it, and
/// the prose after it runs on without a blank.
fn token_unterminated(s: &str) -> usize {
    let s = &s[..floor_boundary(s, REJECTED_MAX)];
    s.find(|c: char| {
        c.is_whitespace() || matches!(c, '[' | ']' | '(' | ')' | '<' | '>' | '"' | '\u{FF09}')
    })
    .unwrap_or(s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_found_where_str_find_finds_it() {
        for (hay, pair) in [
            ("text](http://a/)", "]("),
            ("a] b](c", "]("),
            ("]]](", "]("),
            ("no pair ] (", "]("),
            ("", "]("),
            ("[label]: http://a/", "]:"),
            ("é]:x", "]:"),
        ] {
            let [first, second] = pair.as_bytes() else {
                unreachable!()
            };
            assert_eq!(
                find_pair(hay.as_bytes(), *first, *second),
                hay.find(pair),
                "{hay:?}"
            );
        }
    }
}
