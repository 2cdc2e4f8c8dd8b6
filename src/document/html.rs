//! HTML: URL attributes become [`Link`]s, the rest is text.
//!
//! - `href`, `src`, `srcset`, `action`, `formaction`, `cite`, `poster`,
//!   `background`, `longdesc` and `data` values are links, character
//!   references decoded (`mailto:joss&#37;&#52;&#48;debian&#46;org`). A
//!   quoted value with no closing quote before the tag's `>` (or a `<`
//!   that starts no template tag such as ERB's `<%= x %>`) is unterminated.
//! - Text is what a browser shows: tags are left out (inline ones join
//!   their neighbours, as `<wbr>` in `http://a/<wbr>b` does; block ones
//!   end a line, so paragraphs still end wrappers), character references
//!   are decoded, and comments, scripts and styles are dropped. An `<a>`
//!   whose text repeats its `href` gives one URL, not two.
//!
//! Hand-written rather than a tokenizer crate: it needs a source offset for
//! every decoded byte of an attribute value, and it must stay linear on
//! unclosed tags, quotes and comments (each search result is remembered, so
//! a flood of `<a href="` is read once).

use super::{Builder, Document, Link, Next, UrlBuilder};

/// Whether the tag `name` (lower case, no `/`) ends a line when rendered.
///
/// Asked of every tag: a `match` on the bytes (a switch on the length,
/// then a few byte compares) where a binary search over the names made
/// five or six `memcmp` calls per tag, a fifth of reading an HTML page.
fn is_block(name: &str) -> bool {
    matches!(
        name.as_bytes(),
        b"address"
            | b"article"
            | b"aside"
            | b"blockquote"
            | b"body"
            | b"br"
            | b"center"
            | b"dd"
            | b"div"
            | b"dl"
            | b"dt"
            | b"fieldset"
            | b"figcaption"
            | b"figure"
            | b"footer"
            | b"form"
            | b"h1"
            | b"h2"
            | b"h3"
            | b"h4"
            | b"h5"
            | b"h6"
            | b"head"
            | b"header"
            | b"hr"
            | b"html"
            | b"li"
            | b"main"
            | b"nav"
            | b"ol"
            | b"option"
            | b"p"
            | b"pre"
            | b"section"
            | b"table"
            | b"tbody"
            | b"td"
            | b"tfoot"
            | b"th"
            | b"thead"
            | b"title"
            | b"tr"
            | b"ul"
            // DocBook's blocks (`.xml`, `.sgml`): a `<screen>` or `<para>`
            // ends its line as a `<pre>` or `<p>` does (illumos' guides,
            // `…:8080</replaceable></screen><para>Or, specify`).
            | b"para"
            | b"simpara"
            | b"screen"
            | b"programlisting"
            | b"literallayout"
            | b"listitem"
            | b"step"
            | b"entry"
            | b"term"
    )
}

/// Whether the attribute `name` (lower case) holds a URL: `href`, `src`,
/// `srcset`, `action`, `formaction`, `cite`, `poster`, `background`,
/// `longdesc`, `data`, and the `url` of `<ulink url=...>` (`DocBook`) and
/// `xlink:href`. A `match` on the bytes, as [`is_block`].
fn is_url_attribute(name: &str) -> bool {
    matches!(
        name.as_bytes(),
        b"href"
            | b"src"
            | b"srcset"
            | b"action"
            | b"formaction"
            | b"cite"
            | b"poster"
            | b"background"
            | b"longdesc"
            | b"data"
            | b"url"
            | b"xlink:href"
    )
}

/// Longest unterminated attribute value read as a URL.
const UNTERMINATED_MAX: usize = 2048;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    if let Some(end) = generated_head(src) {
        b.data.push((0, end));
    }
    read_range(&mut b, src, 0, src.len(), is_xml_data(src), false);
    // An SVG image draws its text (a terminal recording cuts a URL at
    // the edge of each line): only its links are URLs.
    if is_svg(src) {
        let len = b.text.len();
        super::blank(&mut b.text, 0, len);
    }
    b.finish(false)
}

/// Whether `src` is an XML document other than a page (an Atom feed, a
/// blog's export, `DocBook`): it opens with `<?xml` and has no `<html` in
/// its first 4 KiB (an XHTML page's may follow a long licence comment).
/// Its elements are fields of their own, none inline: a comment's
/// `<content>` ending in a URL does not run into the `<author>`'s `<name>`
/// and `<uri>` after it.
fn is_xml_data(src: &str) -> bool {
    let head = &src.as_bytes()[..src.len().min(4096)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    head.trim_ascii_start().starts_with(b"<?xml") && memchr::memmem::find(head, b"<html").is_none()
}

/// Where the head of a page a program wrote ends, when its `<meta
/// name="generator">` names one (Quartz, Hugo, Jekyll, `WordPress`, Word):
/// the head is the program's template, not the author's text, so its
/// URLs (a Quartz site's Google Fonts stylesheet, its family names left
/// unencoded) are data, fixed in the program or its settings if at all.
fn generated_head(src: &str) -> Option<usize> {
    // One pass over the tags, stopping where the head ends: at `</head>`
    // or, its end tag left out, at `<body>` (not at a `</header>`). A page
    // with no head end is none of this.
    let bytes = src.as_bytes();
    let is_tag = |at: usize, name: &[u8]| {
        bytes
            .get(at..at + name.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(name))
            && bytes
                .get(at + name.len())
                .is_none_or(|&c| c == b'>' || c == b'/' || c.is_ascii_whitespace())
    };
    let mut generator = false;
    // A `<meta` is read to its `>` once; the `<`s inside it are skipped.
    let mut skip = 0;
    for lt in memchr::memchr_iter(b'<', bytes) {
        if is_tag(lt, b"</head") || is_tag(lt, b"<body") {
            return generator.then_some(lt);
        }
        if generator || lt < skip || !is_tag(lt, b"<meta") {
            continue;
        }
        let close = memchr::memchr(b'>', &bytes[lt..]).map_or(bytes.len(), |k| lt + k);
        generator = is_generator_meta(&src[lt..close]);
        skip = close;
    }
    None
}

/// Whether a `<meta …` tag (to its `>`) has a `name` attribute that is
/// `generator`, quoted or not, in any case.
fn is_generator_meta(tag: &str) -> bool {
    let bytes = tag.as_bytes();
    let mut from = 0;
    while let Some(k) = find_ci(&tag[from..], "name=") {
        let at = from + k;
        from = at + 5;
        if !bytes[at - 1].is_ascii_whitespace() {
            continue;
        }
        let value = &bytes[from..];
        let value = value
            .strip_prefix(b"\"")
            .or_else(|| value.strip_prefix(b"'"))
            .unwrap_or(value);
        if value.len() >= 9
            && value[..9].eq_ignore_ascii_case(b"generator")
            && value
                .get(9)
                .is_none_or(|&c| matches!(c, b'"' | b'\'' | b'/') || c.is_ascii_whitespace())
        {
            return true;
        }
    }
    false
}

/// Whether `src` is an SVG image rather than a page.
fn is_svg(src: &str) -> bool {
    let head = &src.as_bytes()[..src.len().min(1024)];
    memchr::memmem::find(head, b"<svg").is_some() && memchr::memmem::find(head, b"<html").is_none()
}

/// Searches remembered across tags, so each is done once per input.
#[derive(Default)]
struct Memo {
    gt: Next,
    /// The next `>` after a value's quote (see [`template_close`]), asked
    /// in growing order apart from `gt`'s questions.
    template_gt: Next,
    comment_end: Next,
    quote: [Next; 2],
    /// Reading HTML that Markdown holds (see [`read_into`]).
    embedded: bool,
}

/// Read `src[start..end]` as HTML into `b` (offsets stay those of `src`):
/// HTML that a Markdown document holds.
pub(super) fn read_into(b: &mut Builder, src: &str, start: usize, end: usize) {
    read_range(b, src, start, end, false, true);
}

/// [`read_into`], every tag a line break when `xml` (see [`is_xml_data`]),
/// `embedded` in Markdown or not.
fn read_range(b: &mut Builder, src: &str, start: usize, end: usize, xml: bool, embedded: bool) {
    let s = &src[..end];
    let bytes = s.as_bytes();
    let mut memo = Memo {
        embedded,
        ..Memo::default()
    };
    // The open `<a>`: where its text starts in `b.text`, and its `href`.
    let mut anchor: Option<(usize, String)> = None;
    let mut i = start;
    while let Some(k) = memchr::memchr(b'<', &bytes[i..]) {
        let lt = i + k;
        push_decoded(b, &s[i..lt], i);
        let next_byte = bytes.get(lt + 1).copied().unwrap_or(b' ');
        if next_byte == b'!' && bytes.get(lt + 2..lt + 4) == Some(b"--") {
            // An unclosed comment runs to the end, as in a browser.
            i = memo
                .comment_end
                .find(bytes, lt + 4, b"-->")
                .map_or(end, |e| e + 3);
        } else if matches!(next_byte, b'!' | b'?') {
            i = memo.gt.find(bytes, lt, b">").map_or(end, |e| e + 1);
        } else if next_byte.is_ascii_alphabetic() || next_byte == b'/' {
            let tag = tag(b, s, lt, &mut memo);
            let mut buf = [0u8; 16];
            let name = lower(tag.name, &mut buf);
            let bare = name.trim_start_matches('/');
            if xml || is_block(bare) {
                b.push_for("\n", lt);
            }
            // `ftp://<var>user</var>:<var>password</var>@<var>host</var>/`:
            // a variable is a placeholder, written as the pattern
            // `{user}` so no URL holding one is linted.
            match name {
                "var" => b.push_for("{", lt),
                "/var" => b.push_for("}", lt),
                // `<code>https://</code>-protokollet`: a code span is a word
                // of its own, not joined to the text around it.
                "code" | "/code" | "kbd" | "/kbd" | "samp" | "/samp" | "tt" | "/tt" => {
                    b.push_for(" ", lt);
                }
                // `https://git-scm.<user>.github.io/` in Markdown: a tag no
                // HTML has, glued to a URL, is a placeholder.
                _ if is_placeholder_tag(s, lt, name, tag.end) => b.push_for("{}", lt),
                _ => {}
            }
            // `<p class=example>"<code>https://1.2.3/</code>"`: a spec's
            // examples (WHATWG, W3C, Bikeshed) show URLs that fail on
            // purpose; they are data, like a code block's strings.
            // One already inside an example is data with it: an unclosed
            // `<div class=example>` repeated never scans the rest again.
            let inside = b.data.last().is_some_and(|&(_, e)| lt < e);
            if tag.example && !name.starts_with('/') && !inside {
                b.data.push((lt, element_end(s, bare, tag.end, end)));
            }
            if name == "a" {
                anchor = tag.href.map(|h| (b.text.len(), h));
            } else if name == "/a" {
                if let Some((from, href)) = anchor.take() {
                    if shows_href(b.text[from..].trim(), href.trim()) {
                        // `&lt;URL:<a href="http://a/">http://a/</a>&gt;`:
                        // the wrapper around the link's text goes with it,
                        // or the scanner would read an empty `<URL:>`.
                        let before = b.text[..from].trim_end();
                        let wrapper = ["<URL:", "<"].iter().find_map(|w| {
                            let k = before.len().checked_sub(w.len())?;
                            before
                                .get(k..)
                                .filter(|t| t.eq_ignore_ascii_case(w))
                                .map(|_| k)
                        });
                        b.blank_from(wrapper.unwrap_or(from));
                    }
                }
                // `<a href=…>https://d.example/v4.0</a><a href=…>https://d.example/v3.6</a>`:
                // two links side by side are two, whatever their texts.
                let after = &bytes[tag.end.min(end)..];
                if after.len() > 2
                    && after[..2].eq_ignore_ascii_case(b"<a")
                    && (after[2].is_ascii_whitespace() || after[2] == b'>')
                {
                    b.push_for(" ", tag.end);
                }
            }
            i = tag.end;
            if name == "script" || name == "style" {
                let close = format!("</{name}");
                i = find_ci(&s[i..], &close).map_or(end, |e| i + e);
            }
        } else {
            b.push("<", lt);
            i = lt + 1;
        }
        if i >= end {
            return;
        }
    }
    push_decoded(b, &s[i..end], i);
}

/// What reading a tag gave.
struct TagRead<'s> {
    name: &'s str,
    /// Where the text after the tag starts.
    end: usize,
    /// The `href` of an `<a>`, decoded.
    href: Option<String>,
    /// Whether its `class` says it is an example (`class="example"`).
    example: bool,
}

/// Elements a later block ends without a closing tag (`<p>`, `<li>`, `<td>`).
const OPTIONAL_END: &[&str] = &["dd", "dt", "li", "p", "td", "th", "tr"];

/// Where the element `name` whose start tag ends at `from` ends: after its
/// matching close tag (same-name elements nested inside counted), or, for
/// an element whose end tag may be left out, at the next block tag.
fn element_end(s: &str, name: &str, from: usize, end: usize) -> usize {
    let bytes = s.as_bytes();
    let tag_name = |at: usize| {
        let start = at + 1 + usize::from(bytes.get(at + 1) == Some(&b'/'));
        let len = bytes[start.min(end)..end]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        (
            bytes.get(at + 1) == Some(&b'/'),
            &s[start.min(end)..start.min(end) + len],
        )
    };
    let optional = OPTIONAL_END.contains(&name);
    let mut depth = 0usize;
    for at in memchr::memchr_iter(b'<', &bytes[from..end]).map(|k| from + k) {
        let (close, tag) = tag_name(at);
        let mut buf = [0u8; 16];
        let tag = lower(tag, &mut buf);
        if optional {
            if is_block(tag) && (close || tag != "br") {
                return at;
            }
        } else if tag == name && !close {
            depth += 1;
        } else if tag == name && close {
            if depth == 0 {
                return memchr::memchr(b'>', &bytes[at..end]).map_or(end, |g| at + g + 1);
            }
            depth -= 1;
        }
    }
    end
}

/// Read the tag at `lt`, adding its URL attributes to `b` as links.
#[allow(clippy::many_single_char_names)] // b, s, j, q, v: the tokenizer's cursor
fn tag<'s>(b: &mut Builder, s: &'s str, lt: usize, memo: &mut Memo) -> TagRead<'s> {
    let bytes = s.as_bytes();
    let mut name_end = lt + 1 + usize::from(bytes[lt + 1] == b'/');
    while name_end < bytes.len()
        && (bytes[name_end].is_ascii_alphanumeric()
            || matches!(bytes[name_end], b'-' | b':' | b'_'))
    {
        name_end += 1;
    }
    let mut out = TagRead {
        name: &s[lt + 1..name_end],
        end: s.len(),
        href: None,
        example: false,
    };
    let mut j = name_end;
    loop {
        while j < bytes.len() && (bytes[j].is_ascii_whitespace() || bytes[j] == b'/') {
            j += 1;
        }
        match bytes.get(j) {
            None => return out,
            Some(b'>') => {
                out.end = j + 1;
                return out;
            }
            Some(b'<') => {
                out.end = j;
                return out;
            }
            Some(_) => {}
        }
        let attr_start = j;
        while j < bytes.len() && !(bytes[j].is_ascii_whitespace() || b"=></".contains(&bytes[j])) {
            j += 1;
        }
        let mut buf = [0u8; 16];
        let attr = lower(&s[attr_start..j], &mut buf);
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b'=') {
            continue;
        }
        j += 1;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let is_url = is_url_attribute(attr);
        if let Some(&q @ (b'"' | b'\'')) = bytes.get(j) {
            let v = j + 1;
            let cache = &mut memo.quote[usize::from(q == b'\'')];
            let close = cache.find(bytes, v, &[q]);
            let close =
                close.map(|c| template_close(bytes, v, c, q, &mut memo.template_gt).unwrap_or(c));
            if !is_url || is_revision_author(out.name, attr, &s[v..close.unwrap_or(v)]) {
                if attr == "class" {
                    out.example |= is_example_class(&s[v..close.unwrap_or(v)]);
                }
                j = close.map_or(s.len(), |c| c + 1);
                continue;
            }
            // Gravizo's `<img src='https://g.gravizo.com/svg?` with a graph's
            // DOT source over the next lines and `'/>` after it: the
            // service draws the query, browsers drop its line breaks. The
            // URL is the first line's; the graph is no part to lint.
            // The quote must be the value's own: one left open runs on to
            // the next attribute's (`href='`, a `=` before it) or over a
            // tag (a line starting with `<`), which proves nothing.
            let own_quote = |c: usize| {
                !s[v..c].trim_end().ends_with('=')
                    && !s[v..c]
                        .lines()
                        .skip(1)
                        .any(|l| l.trim_start().starts_with('<'))
            };
            if let Some(c) = close.filter(|&c| is_drawn_graph(&s[v..c]) && own_quote(c)) {
                // The URL ends at its `?`: the query is the graph's source
                // (starting there or on the next line).
                let url_end = memchr::memchr(b'?', &bytes[v..c]).map_or(c, |k| v + k + 1);
                attribute(b, s, attr, v, url_end, false);
                j = c + 1;
                continue;
            }
            // A `>` or `<` inside a URL value means the quote was never
            // closed where the author meant: the tag ends there.
            // A value closed on its own line is read whole, however long
            // (a `srcset` of a dozen image URLs runs past 2,000 bytes).
            let one_line = close.is_some_and(|c| memchr::memchr(b'\n', &bytes[v..c]).is_none());
            let reach = match close {
                Some(c) if one_line => c,
                _ => close.unwrap_or(s.len()).min(v + UNTERMINATED_MAX),
            };
            let stray = stray_bracket(&bytes[v..reach]).map(|k| v + k);
            // `href="…/wiki/Hotel_Adlon><http://bit.ly/PwRVyQ"`: a second
            // URL glued on in its own brackets, the quote closed on the
            // line; the value is read whole, for its `><` to be reported.
            let glued = |at: usize| {
                one_line && bytes[at] == b'>' && bytes.get(at + 1) == Some(&b'<') && {
                    let rest = &s[at + 2..close.unwrap_or(at + 2)];
                    let url = rest.strip_suffix('>').unwrap_or(rest);
                    super::is_url(url)
                        && !url.contains(|c: char| c.is_whitespace() || c == '<' || c == '>')
                }
            };
            let stray = stray.filter(|&at| !glued(at));
            match (close, stray) {
                (Some(c), None) if c <= reach => {
                    let link = attribute(b, s, attr, v, c, false);
                    if out.name.eq_ignore_ascii_case("a") && attr == "href" {
                        out.href = link;
                    }
                    j = c + 1;
                }
                (_, stray) => {
                    let stop = stray.unwrap_or(reach);
                    let url_end = s[v..stop].find(char::is_whitespace).map_or(stop, |k| v + k);
                    attribute(b, s, attr, v, url_end, true);
                    out.end = match stray {
                        Some(at) if bytes[at] == b'>' => at + 1,
                        Some(at) => at,
                        None => memo.gt.find(bytes, v, b">").map_or(s.len(), |g| g + 1),
                    };
                    return out;
                }
            }
        } else {
            let v = j;
            while j < bytes.len()
                && !(bytes[j].is_ascii_whitespace() || bytes[j] == b'>' || bytes[j] == b'<')
            {
                j += 1;
            }
            if attr == "class" {
                out.example |= is_example_class(&s[v..j]);
            }
            // `<script src=&quot;https://…&quot;>` in Markdown: a tag
            // copied into another attribute's value (a code block's copy
            // button), escaped, cut out of it by a blank line; its quotes,
            // written as references, are the tag's own. (In a page, a
            // value so written is a double escape, its quotes the URL's.)
            let quoted = entity_quoted(&s[v..j]).filter(|_| memo.embedded);
            let (v, end) = quoted.map_or((v, j), |(a, e)| (v + a, v + e));
            if is_url {
                let link = attribute(b, s, attr, v, end, false);
                if out.name.eq_ignore_ascii_case("a") && attr == "href" {
                    out.href = link;
                }
            }
        }
    }
}

/// Whether a quoted URL value is a graph Gravizo draws from its query, the
/// source written over several lines (`https://g.gravizo.com/svg?` then
/// `digraph G { … }`).
fn is_drawn_graph(value: &str) -> bool {
    let v = value.as_bytes();
    let rest = [&b"https://g.gravizo.com/"[..], b"http://g.gravizo.com/"]
        .iter()
        .find(|p| v.len() > p.len() && v[..p.len()].eq_ignore_ascii_case(p))
        .map(|p| &v[p.len()..]);
    // Over lines, the query's `?` on the first.
    rest.is_some_and(|r| memchr::memchr(b'\n', r).is_some_and(|k| r[..k].contains(&b'?')))
}

/// Whether `value`, of the attribute `attr` on `<name>`, is the author of
/// a tracked change as Word's "Save as HTML" writes it: `<ins
/// cite="mailto:Mike%20Folk" datetime="…">`, a name and no address, which
/// no reader follows (HDF5's archived proposals).
fn is_revision_author(name: &str, attr: &str, value: &str) -> bool {
    attr == "cite"
        && (name.eq_ignore_ascii_case("ins") || name.eq_ignore_ascii_case("del"))
        && value
            .get(..7)
            .is_some_and(|m| m.eq_ignore_ascii_case("mailto:"))
        && !value.contains('@')
}

/// Whether the tag `<name>` at `lt`, ending at `end`, is a placeholder: no
/// attributes, right after a URL's `.`, `/`, `:`, `@`, `=` or `-`, and no
/// element of HTML's text. Right after `//`, words with blanks between are
/// one too (MISP's `https://<YOUR MISP URL>/jobs/index`): where the host
/// goes, no tag stands.
fn is_placeholder_tag(s: &str, lt: usize, name: &str, end: usize) -> bool {
    const INLINE: &[&str] = &[
        "a", "abbr", "b", "bdi", "bdo", "br", "cite", "del", "dfn", "em", "i", "img", "ins",
        "mark", "q", "s", "small", "span", "strong", "sub", "sup", "u", "wbr",
    ];
    let words = || {
        s.get(lt.saturating_sub(2)..lt) == Some("//")
            && s.get(lt + 1..end - 1).is_some_and(|inner| {
                inner
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b' ' | b'_' | b'-'))
            })
    };
    (end == lt + name.len() + 2 || words())
        && !name.is_empty()
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
        && lt > 0
        && matches!(
            s.as_bytes()[lt - 1],
            b'.' | b'/' | b':' | b'@' | b'=' | b'-'
        )
        && !INLINE.contains(&name)
        && !is_block(name)
}

/// Whether a `class` value names an example: a class `example` or
/// `examples` among its words.
fn is_example_class(value: &str) -> bool {
    // Nearly every class has no `x`: then it names no example.
    memchr::memchr2(b'x', b'X', value.as_bytes()).is_some()
        && value
            .split_ascii_whitespace()
            .any(|c| c.eq_ignore_ascii_case("example") || c.eq_ignore_ascii_case("examples"))
}

/// Add the URL attribute value `s[v..end]` as links (a `srcset` holds
/// several); returns the (first) decoded value.
fn attribute(
    b: &mut Builder,
    s: &str,
    attr: &str,
    v: usize,
    end: usize,
    unterminated: bool,
) -> Option<String> {
    if attr == "srcset" {
        let mut at = v;
        for candidate in s[v..end].split(',') {
            let lead = candidate.len() - candidate.trim_start().len();
            let url = candidate
                .trim_start()
                .split(char::is_whitespace)
                .next()
                .unwrap_or_default();
            if !url.is_empty() {
                b.link(decode(s, at + lead, at + lead + url.len(), unterminated));
            }
            at += candidate.len() + 1;
        }
        return None;
    }
    let link = decode(s, v, end, unterminated);
    let url = link.url.clone();
    b.link(link);
    Some(url)
}

/// Where a quoted value starting at `v` really closes when a template's
/// tag opened in it holds the quote found at `c` (`EasyRPG`'s
/// `href="…/compare/<%= oldver + "..." + ver %>"`): the first `>` after the
/// quote must be the tag's `%>` or `?>`, on the same line, and the value's
/// quote follows it (after more of the URL, no blank or bracket). The page
/// the template makes has a value there. (A tag left open, `href="…<%= id">`,
/// finds a `"` before its `>`: no template, the quote stays.)
fn template_close(bytes: &[u8], v: usize, c: usize, q: u8, gt: &mut Next) -> Option<usize> {
    let value = &bytes[v..c];
    let open = memchr::memmem::rfind(value, b"<%")
        .into_iter()
        .chain(memchr::memmem::rfind(value, b"<?"))
        .max()?;
    let mark = value[open + 1];
    if memchr::memchr(b'>', &value[open..]).is_some_and(|k| value[open + k - 1] == mark) {
        return None;
    }
    let tag_end = gt.find(bytes, c, b">")?;
    if bytes[tag_end - 1] != mark
        || tag_end - 1 <= c
        || memchr::memchr(b'\n', &bytes[c..tag_end]).is_some()
    {
        return None;
    }
    let rest = &bytes[tag_end + 1..];
    let k = rest
        .iter()
        .take(512)
        .position(|&b| b == q || b == b'<' || b == b'>' || b.is_ascii_whitespace())?;
    (rest[k] == q).then_some(tag_end + 1 + k)
}

/// The inside of an unquoted value that a quote written as a reference
/// opens and closes (`&quot;https://a.example/&quot;`, `&#39;…&#39;`): its
/// range in `value`.
fn entity_quoted(value: &str) -> Option<(usize, usize)> {
    ["&quot;", "&#34;", "&#x22;", "&#39;", "&#x27;", "&apos;"]
        .iter()
        .find_map(|q| {
            let n = q.len();
            let end = value.len().checked_sub(n).filter(|&e| e >= n)?;
            let quoted = value.get(..n).is_some_and(|h| h.eq_ignore_ascii_case(q))
                && value.get(end..).is_some_and(|t| t.eq_ignore_ascii_case(q));
            quoted.then_some((n, end))
        })
}

/// The first `<` or `>` in a quoted value, which ends a tag whose quote was
/// never closed; a template's tag inside the value (ERB's or JSP's
/// `<%= @edge %>`, PHP's `<?= $x ?>`) is skipped: the page it makes holds
/// a value there, and so is a `>` that ends the value or an arrow's `->`
/// with only a word after it (Clojure's `#clojure.core/tap>` and
/// `err->msg`: a name's own, as no tag goes on without a blank or a `<`).
fn stray_bracket(value: &[u8]) -> Option<usize> {
    // coqdoc's `href="…/Basics.html#b<sub>1</sub>"` and `#:nat_scope:x_'>'_x`,
    // javadoc's `href="…#sort(java.util.List<T>)"`: brackets in the fragment
    // of a value with no blank, paired or quoted, are the anchor's name (a
    // quote left open runs on over a tag's words and blanks to the next
    // quote, or past one `>`: `#intro>Intro`).
    if memchr::memchr2(b'<', b'>', value)
        .and_then(|k| memchr::memrchr(b'#', &value[..k]))
        .is_some_and(|hash| {
            !value.iter().any(u8::is_ascii_whitespace) && super::is_anchor_name(&value[hash..])
        })
    {
        return None;
    }
    let mut i = 0;
    let mut last_break: Option<Option<usize>> = None;
    while let Some(k) = memchr::memchr2(b'>', b'<', &value[i..]) {
        let at = i + k;
        // Nothing but a word from `from` to the value's end (one search
        // for the last blank or `<`, not one per bracket).
        let last_break = *last_break.get_or_insert_with(|| {
            value
                .iter()
                .rposition(|&c| c.is_ascii_whitespace() || c == b'<')
        });
        let word_to_end = |from: usize| last_break.is_none_or(|k| k < from);
        // `cite="<https://nl.wikiquote.org/wiki/Asterix"`: a `<` typed
        // before the scheme, Markdown's autolink habit; no tag starts
        // there, and `invalid-scheme` names the slip.
        if at == 0
            && value[0] == b'<'
            && std::str::from_utf8(value).is_ok_and(super::has_stray_before_scheme)
        {
            i = 1;
            continue;
        }
        // Janet's API pages link each function by its name: `href="https://
        // janetdocs.org/compare<"`, `…/<`, `…/-_q>>`, `…/<%3d`. Brackets
        // (and `=`, raw or escaped) alone to the value's end, after a name
        // or a `/`, are the name's own: no tag starts where nothing follows.
        if at > 0
            && (value[at - 1].is_ascii_alphanumeric() || b"/-_*!?".contains(&value[at - 1]))
            && operator_to_end(&value[at..])
        {
            return None;
        }
        // `tap>` ends the value; `err->msg` is an arrow.
        let named = at + 1 == value.len() || (at > 0 && value[at - 1] == b'-');
        if value[at] == b'>' && named && word_to_end(at + 1) {
            i = at + 1;
            continue;
        }
        // `url="mailto:Daryll Strauss <daryll@harlot.rb.ca.us>"`: a mailbox
        // in angle brackets that ends the value.
        if value[at] == b'<' {
            if let Some(gt) = memchr::memchr(b'>', &value[at + 1..]).map(|k| at + 1 + k) {
                let inner = &value[at + 1..gt];
                // `href="…/list.cgi?list=<MM-List-Name>"`: a template's
                // placeholder (Mailman's) there, a name alone; or inside
                // the URL, more of it after (Ory's `url="…/projects/<id>/
                // organizations/<id>/onboarding-portal"`), no blank to the end.
                let name = !inner.is_empty()
                    && inner
                        .iter()
                        .all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
                // Inside, it stands as a path segment or a value does:
                // after `/` or `=`, before `/`, `.`, `?`, `&` or `#`.
                // The value may be spread over lines at its parameters
                // (emarsys' tracking pixel, `ti.php?` then a line of
                // `ems_visitor=<customer_number>&` each): blanks only
                // where a line breaks after a `?` or `&`.
                let url_to_end = || {
                    at > 0
                        && matches!(value[at - 1], b'/' | b'=')
                        && matches!(value.get(gt + 1), Some(b'/' | b'.' | b'?' | b'&' | b'#'))
                        && parameter_lines(&value[gt + 1..])
                };
                if (inner.contains(&b'@') || name)
                    && !inner.iter().any(|&c| c.is_ascii_whitespace() || c == b'<')
                    && (word_to_end(gt + 1) || (name && url_to_end()))
                {
                    i = gt + 1;
                    continue;
                }
                // krb5's feedback link, `href="mailto:…?subject=Options to
                // <em>configure</em>"`: a page title's markup copied into
                // the value after a blank, closed where the value ends. A
                // quote left open runs on past such a pair, to the next
                // attribute's quote.
                let rest = &value[gt + 1..];
                if name
                    && at > 0
                    && value[at - 1] == b' '
                    && rest.len() > inner.len() + 3
                    && rest.ends_with(&[b"</", inner, b">"].concat())
                    && memchr::memchr(b'<', rest) == Some(rest.len() - inner.len() - 3)
                {
                    return None;
                }
            }
        }
        // `WHERE population < 3500000` in a query: a `<` before a blank,
        // a digit or `=` starts no tag.
        if value[at] == b'<'
            && value
                .get(at + 1)
                .is_some_and(|c| c.is_ascii_whitespace() || c.is_ascii_digit() || *c == b'=')
        {
            i = at + 1;
            continue;
        }
        let close: &[u8] = match value.get(at + 1) {
            Some(b'%') if value[at] == b'<' => b"%>",
            Some(b'?') if value[at] == b'<' => b"?>",
            _ => return Some(at),
        };
        let Some(e) = value[at + 2..].windows(2).position(|w| w == close) else {
            return Some(at);
        };
        i = at + 2 + e + 2;
    }
    None
}

/// Whether every blank in `rest` is a line break and the indentation after
/// it, each right after a `?` or `&` (a URL's parameters one a line).
fn parameter_lines(rest: &[u8]) -> bool {
    let mut i = 0;
    while let Some(k) = rest[i..].iter().position(u8::is_ascii_whitespace) {
        let start = i + k;
        let end = rest[start..]
            .iter()
            .position(|c| !c.is_ascii_whitespace())
            .map_or(rest.len(), |n| start + n);
        let run = &rest[start..end];
        let after_parameter = start > 0 && matches!(rest[start - 1], b'?' | b'&');
        if !(after_parameter && run.contains(&b'\n')) {
            return false;
        }
        i = end;
    }
    true
}

/// Whether `rest` is only `<`, `>` and `=` (raw or percent-escaped): an
/// operator's name ending a value.
fn operator_to_end(rest: &[u8]) -> bool {
    let mut i = 0;
    while i < rest.len() {
        if b"<>=".contains(&rest[i]) {
            i += 1;
        } else if rest[i] == b'%'
            && rest
                .get(i + 1..i + 3)
                .is_some_and(|e| e.iter().all(u8::is_ascii_hexdigit))
        {
            i += 3;
        } else {
            return false;
        }
    }
    true
}

/// The link `s[start..end]` with character references decoded.
fn decode(s: &str, start: usize, end: usize, unterminated: bool) -> Link {
    let value = &s[start..end];
    let lead = value.len() - value.trim_start().len();
    let (start, value) = (start + lead, value.trim());
    let end = start + value.len();
    if !value.contains(['&', '\t', '\n', '\r']) {
        let mut link = Link::verbatim(s, start, end);
        link.unterminated = unterminated;
        return link;
    }
    let mut u = UrlBuilder::default();
    let mut i = 0;
    while let Some(k) = value[i..].find('&') {
        let amp = i + k;
        push_plain(&mut u, &value[i..amp], start + i);
        if let Some((c, len)) = entity(&value[amp..]) {
            u.push(c.encode_utf8(&mut [0; 4]), start + amp, len);
            i = amp + len;
        } else {
            u.push("&", start + amp, 1);
            i = amp + 1;
        }
    }
    push_plain(&mut u, &value[i..], start + i);
    u.finish(start, end, unterminated)
}

/// Append `text`, at source offset `from`, without its ASCII tabs and line
/// breaks: a URL parser removes them from an attribute's value (WHATWG
/// URL, "remove all ASCII tab or newline"), so an `href` an editor wrapped
/// still links where its writer meant.
fn push_plain(u: &mut UrlBuilder, text: &str, from: usize) {
    let mut i = 0;
    for (k, _) in text.match_indices(['\t', '\n', '\r']) {
        u.push(&text[i..k], from + i, k - i);
        i = k + 1;
    }
    u.push(&text[i..], from + i, text.len() - i);
}

/// Append text found at `base`, decoding character references.
fn push_decoded(b: &mut Builder, s: &str, base: usize) {
    let mut i = 0;
    // `memchr` itself: `str::find(char)` wraps it in a searcher that costs
    // more than the search between two tags.
    while let Some(k) = memchr::memchr(b'&', &s.as_bytes()[i..]) {
        let amp = i + k;
        b.push(&s[i..amp], base + i);
        if let Some((c, len)) = entity(&s[amp..]) {
            b.push_escape(c.encode_utf8(&mut [0; 4]), base + amp, len);
            i = amp + len;
        } else {
            b.push("&", base + amp);
            i = amp + 1;
        }
    }
    b.push(&s[i..], base + i);
}

/// Decodes the character reference at the start of `s` (which starts with
/// `&`): the character and the reference's length.
pub(super) fn entity(s: &str) -> Option<(char, usize)> {
    let end = s.bytes().take(12).position(|b| b == b';')?;
    let name = &s[1..end];
    let c = if let Some(num) = name.strip_prefix('#') {
        let v = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        char::from_u32(v)?
    } else {
        match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            // LinuxDoc's (SGML) name for it.
            "quot" | "dquot" => '"',
            "apos" => '\'',
            "nbsp" => '\u{a0}',
            "sol" => '/',
            "colon" => ':',
            "period" => '.',
            "commat" => '@',
            "percnt" => '%',
            "num" => '#',
            "quest" => '?',
            "equals" => '=',
            "lpar" => '(',
            "rpar" => ')',
            "lsqb" | "lbrack" => '[',
            "rsqb" | "rbrack" => ']',
            "lcub" | "lbrace" => '{',
            "rcub" | "rbrace" => '}',
            "tilde" => '~',
            "hyphen" | "dash" => '-',
            "lowbar" => '_',
            "plus" => '+',
            "comma" => ',',
            "semi" => ';',
            "excl" => '!',
            "ast" => '*',
            "dollar" => '$',
            "verbar" | "vert" => '|',
            "ndash" => '\u{2013}',
            "mdash" => '\u{2014}',
            "hellip" => '\u{2026}',
            "laquo" => '\u{ab}',
            "raquo" => '\u{bb}',
            "lsquo" => '\u{2018}',
            "rsquo" => '\u{2019}',
            "ldquo" => '\u{201c}',
            "rdquo" => '\u{201d}',
            "copy" => '\u{a9}',
            "reg" => '\u{ae}',
            _ => return None,
        }
    };
    Some((c, end + 1))
}

/// `name` in lower case, in `buf`: tag and attribute names that matter are
/// short, so a longer one is returned as `""` (matching none of them).
/// A name already in lower case (nearly every one) is returned as it is,
/// neither copied nor checked as UTF-8 again.
fn lower<'a>(name: &'a str, buf: &'a mut [u8; 16]) -> &'a str {
    let Some(out) = buf.get_mut(..name.len()) else {
        return "";
    };
    if !name.bytes().any(|c| c.is_ascii_uppercase()) {
        return name;
    }
    out.copy_from_slice(name.as_bytes());
    out.make_ascii_lowercase();
    std::str::from_utf8(out).unwrap_or("")
}

fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Whether a link's text is its `href`, as written or with the href's
/// percent escapes decoded: tex2page's `href="…#%25_idx_144"` shows
/// `…#%_idx_144`, the one URL twice, whose text the scanner must not read
/// as a second URL with a bad escape.
fn shows_href(text: &str, href: &str) -> bool {
    if text == href {
        return true;
    }
    let (t, h) = (text.as_bytes(), href.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < t.len() && j < h.len() {
        // An escape the text keeps as it is, else one it shows decoded.
        if h[j] == b'%' && t[i..].starts_with(&h[j..h.len().min(j + 3)]) {
            (i, j) = (i + 3, j + 3);
            continue;
        }
        let escaped = (h[j] == b'%')
            .then(|| h.get(j + 1..j + 3))
            .flatten()
            .and_then(|x| std::str::from_utf8(x).ok())
            .filter(|x| x.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|x| u8::from_str_radix(x, 16).ok());
        match escaped {
            Some(byte) if t[i] == byte => j += 3,
            _ if t[i] == h[j] => j += 1,
            _ => return false,
        }
        i += 1;
    }
    i == t.len() && j == h.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_tags_and_lower_case_names() {
        const BLOCK: &[&str] = &[
            "address",
            "article",
            "aside",
            "blockquote",
            "body",
            "br",
            "center",
            "dd",
            "div",
            "dl",
            "dt",
            "fieldset",
            "figcaption",
            "figure",
            "footer",
            "form",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "head",
            "header",
            "hr",
            "html",
            "li",
            "main",
            "nav",
            "ol",
            "option",
            "p",
            "pre",
            "section",
            "table",
            "tbody",
            "td",
            "tfoot",
            "th",
            "thead",
            "title",
            "tr",
            "ul",
            "para",
            "simpara",
            "screen",
            "programlisting",
            "literallayout",
            "listitem",
            "step",
            "entry",
            "term",
        ];
        for name in BLOCK {
            assert!(is_block(name), "{name}");
        }
        for name in [
            "",
            "a",
            "b",
            "span",
            "h7",
            "tablex",
            "DIV",
            "/div",
            "bodyx",
            "d",
            "replaceable",
            "userinput",
        ] {
            assert!(!is_block(name), "{name}");
        }
        for name in [
            "href",
            "src",
            "srcset",
            "action",
            "formaction",
            "cite",
            "poster",
            "background",
            "longdesc",
            "data",
            "url",
            "xlink:href",
        ] {
            assert!(is_url_attribute(name), "{name}");
        }
        for name in ["", "class", "hrefx", "HREF", "xlink", "alt", "title"] {
            assert!(!is_url_attribute(name), "{name}");
        }
        assert!(is_example_class("note EXAMPLE"));
        assert!(is_example_class("examples"));
        assert!(!is_example_class("note example-box"));
        assert!(!is_example_class("note"));
        let mut buf = [0u8; 16];
        assert_eq!(lower("DIV", &mut buf), "div");
        assert_eq!(lower("Xlink:HREF", &mut buf), "xlink:href");
        assert_eq!(lower("div", &mut buf), "div");
        assert_eq!(lower("a-very-long-custom-element", &mut buf), "");
        assert_eq!(lower("a-very-long-CUSTOM-element", &mut buf), "");
    }

    #[test]
    fn a_template_tag_inside_a_quoted_value_is_no_stray_bracket() {
        assert_eq!(stray_bracket(b"https://a.example/tree/<%= @edge %>"), None);
        assert_eq!(stray_bracket(b"https://a.example/?id=<?= $id ?>&x=1"), None);
        // A comparison in a query: no tag starts with a blank, a digit, `=`.
        assert_eq!(
            stray_bracket(b"http://a.example/console?q=SELECT * WHERE p < 35 AND q <=2 OR r <3"),
            None
        );
        assert_eq!(stray_bracket(b"http://a.example/?q=p <b>x y"), Some(22));
        // A template's tag holding the value's quote closes after its tag.
        let src = r#"<a href="https://a.example/compare/<%= old + "..." + ver %>">P</a> <a href="https://b.example/<%= x "y" z">Q</a>
<a href="https://c.example/u/<%= id">P</a> <a href="<%= root %>">Home</a>"#;
        let doc = read(src);
        // Read whole, a pattern: no link (before, `…/compare/` unclosed).
        // Near misses: a tag never closed on its line, or whose quote a
        // `>` follows (`<%= id">`, the next link's `%>` no closer of it),
        // leaves the quote where it is, the value unclosed at its `<`.
        let links: Vec<(&str, bool)> = doc
            .links
            .iter()
            .map(|l| (l.url.as_str(), l.unterminated))
            .collect();
        assert_eq!(
            links,
            [("https://b.example/", true), ("https://c.example/u/", true)]
        );
        // Near misses: a real stray `>`, and a template never closed.
        assert_eq!(
            stray_bracket(b"https://a.example/x>text and more"),
            Some(19)
        );
        assert_eq!(
            stray_bracket(b"https://a.example/x>link</a> <a href="),
            Some(19)
        );
        // A generator's anchor: brackets paired (coqdoc's subscripts,
        // javadoc's generics) or quoted (coqdoc's notations).
        assert_eq!(
            stray_bracket(b"http://a.example/sf/Basics.html#b<sub>1</sub>"),
            None
        );
        assert_eq!(
            stray_bracket(b"http://a.example/j.html#sort(java.util.List<T>)"),
            None
        );
        assert_eq!(
            stray_bracket(b"http://a.example/Peano.html#:nat_scope:x_'>'_x"),
            None
        );
        // A quote put after the link's text: `#intro>Intro` is no name.
        assert_eq!(
            stray_bracket(b"https://a.example/page#intro>Intro"),
            Some(28)
        );
        // A name ending in `>`, or holding `->`, up to the closing quote.
        assert_eq!(
            stray_bracket(
                b"https://clojure.github.io/clojure/clojure.core-api.html#clojure.core/tap>"
            ),
            None
        );
        assert_eq!(
            stray_bracket(b"https://a.example/api.html#clojure.main/err->msg"),
            None
        );
        // Janet's function names, brackets alone to the value's end; near
        // miss: a tag's text after them.
        for name in [
            &b"https://janetdocs.org/<"[..],
            b"https://janetdocs.org/compare<",
            b"https://janetdocs.org/-_q>>",
            b"https://janetdocs.org/<=",
        ] {
            assert_eq!(stray_bracket(name), None);
        }
        assert_eq!(stray_bracket(b"https://a.example/x<>y"), Some(19));
        // A mailbox in angle brackets at the value's end, and one not.
        assert_eq!(
            stray_bracket(b"mailto:Daryll Strauss <daryll@harlot.rb.ca.us>"),
            None
        );
        assert_eq!(stray_bracket(b"mailto:d@h.us <b>x</b> and more"), Some(14));
        // A title's markup closed where the value ends (krb5's feedback
        // link) is the template's slip, not a quote left open.
        assert_eq!(
            stray_bracket(b"mailto:k@mit.edu?subject=Options to <em>configure</em>"),
            None
        );
        assert_eq!(stray_bracket(b"mailto:k@h.us?s=a <em>b</a>"), Some(18));
        assert_eq!(stray_bracket(b"https://a.example/<%= x"), Some(18));
        // A template's placeholder ends the value; a tag with text does not.
        assert_eq!(
            stray_bracket(b"https://a.example/l?list=<MM-List-Name>"),
            None
        );
        assert_eq!(stray_bracket(b"https://a.example/x<b>bold</b>"), Some(19));
        // Placeholders as path segments inside the URL; near misses: a tag
        // glued to a word, a blank after.
        assert_eq!(
            stray_bracket(b"https://console.ory.com/projects/<id>/organizations/<id>/portal"),
            None
        );
        assert_eq!(stray_bracket(b"https://a.example/<b>x/</b>"), Some(18));
        assert_eq!(stray_bracket(b"https://a.example/<id>/x y"), Some(18));
        assert_eq!(
            stray_bracket(b"https://a.example/<MM-List-Name> archives"),
            Some(18)
        );
        // Parameters one a line, each a placeholder (emarsys' tracking
        // pixel); near misses: a line break inside a parameter, a blank
        // on the line.
        assert_eq!(
            stray_bracket(b"https://a.example/ti.php?\n  c=1&\n  v=<customer>&\n  q[]=<qty>"),
            None
        );
        assert_eq!(
            stray_bracket(b"https://a.example/ti.php?v=<customer>&q=\n  <qty>"),
            Some(27)
        );
        assert_eq!(
            stray_bracket(b"https://a.example/ti.php?v=<customer>& q=<qty>"),
            Some(27)
        );
        let erb = "<a href=\"https://github.com/rails/rails/tree/<%= @edge %>\">main</a>";
        // The whole value is read, a pattern, and so no link at all (an
        // unterminated one was read before).
        assert!(read(erb).links.is_empty());
        let cut = "<a href=\"https://github.com/rails/rails/tree/<%= @edge\">main</a>";
        let links = read(cut).links;
        assert!(!links.is_empty() && links.iter().all(|l| l.unterminated));
    }

    #[test]
    fn a_graph_gravizo_draws_is_its_first_lines_url() {
        let page = "<img src='https://g.gravizo.com/svg?\ndigraph G {\n    image -> filter -> \"enhanced image\";\n}\n'/>\n<p>x</p>";
        let links = read(page).links;
        assert_eq!(links.len(), 1, "{links:?}");
        assert_eq!(links[0].url, "https://g.gravizo.com/svg?");
        assert!(!links[0].unterminated);
        // Near misses: another host, a value on one line; both read as
        // before (the first cut at the arrow's `>`).
        let other = "<img src='https://a.example/svg?\ndigraph G {\n    a -> b;\n}\n'/>";
        let links = read(other).links;
        assert!(
            !links.is_empty() && links.iter().all(|l| l.unterminated),
            "{links:?}"
        );
        assert!(!is_drawn_graph(
            "https://g.gravizo.com/svg?digraph G { a -> b }"
        ));
        // The graph may start on the first line: the URL is cut at `?`.
        let first = "<img src='https://g.gravizo.com/svg?digraph G {\n  a -> b;\n}\n'/>";
        let links = read(first).links;
        assert_eq!(links.len(), 1, "{links:?}");
        assert_eq!(links[0].url, "https://g.gravizo.com/svg?");
        assert!(!is_drawn_graph("https://g.gravizo.com/\nsvg?digraph"));
        // A quote left open on the first line runs to the next tag's.
        let open1 = "<img src='https://g.gravizo.com/svg?digraph G {a->b}>\n<a href='http://bad host.example/x'>x</a>";
        let links = read(open1).links;
        assert!(links.first().is_some_and(|l| l.unterminated), "{links:?}");
        // A quote left open runs on to the next tag's: the links after it
        // are still read, the first one unclosed.
        let open = "<img src='https://g.gravizo.com/svg?\ndigraph G { a -> b; }\n/>\n<a href='htp://a.example/x'>x</a>";
        let links = read(open).links;
        assert!(links.first().is_some_and(|l| l.unterminated), "{links:?}");
        // Attributes after the closing quote are the tag's.
        let alt =
            "<img src='https://g.gravizo.com/svg?\ndigraph G { a -> b; }\n' alt=\"call graph\"/>";
        let links = read(alt).links;
        assert_eq!(links.len(), 1, "{links:?}");
        assert!(!links[0].unterminated);
    }

    #[test]
    fn a_second_url_glued_on_in_brackets_is_the_values() {
        // shownot.es: the quote closes on the line; the value is read whole
        // and its `><` reported. Near misses: no URL after `<`, no quote
        // closing the value on its line.
        let page = "<a href=\"http://a.example/wiki/Adlon><http://bit.ly/x\">Adlon</a>";
        let links = read(page).links;
        assert_eq!(links.len(), 1, "{links:?}");
        assert!(!links[0].unterminated);
        assert_eq!(links[0].url, "http://a.example/wiki/Adlon><http://bit.ly/x");
        let tag = read("<a href=\"http://a.example/x><b>y\">z</a>").links;
        assert!(
            !tag.is_empty() && tag.iter().all(|l| l.unterminated),
            "{tag:?}"
        );
        let open = read("<a href=\"http://a.example/x><http://b.example/\n\">z</a>").links;
        assert!(
            !open.is_empty() && open.iter().all(|l| l.unterminated),
            "{open:?}"
        );
        // The second URL runs into markup before a later quote: no value
        // closed on its line, and the next link is its own.
        let later = read("<a href=\"http://a.example/x><http://b.example/y>T</a> <a href=\"z\">");
        let first = &later.links[0];
        assert!(first.unterminated, "{:?}", later.links);
    }

    #[test]
    fn a_long_value_closed_on_its_line_is_terminated() {
        // A `srcset` of many image URLs (a feed's), past 2,048 bytes.
        let list: Vec<String> = (0..40)
            .map(|k| format!("https://cdn.example.com/img-{k}.jpg?auto=webp&width={k}0 {k}0w"))
            .collect();
        let page = format!("<img srcset=\"{}\" width=\"630\">", list.join(","));
        assert!(page.len() > UNTERMINATED_MAX);
        let links = read(&page).links;
        assert!(!links.is_empty() && links.iter().all(|l| !l.unterminated));
        // Near miss: the quote closes only lines later, after a `>`.
        let open = format!("<a href=\"https://a.example/{}\n>x</a>\"", "b".repeat(3000));
        let links = read(&open).links;
        assert!(!links.is_empty() && links.iter().all(|l| l.unterminated));
    }

    #[test]
    fn an_svg_image_gives_only_its_links() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"https://a.example/\"><text>https://b.example/x%</text></a></svg>";
        let doc = read(svg);
        assert!(doc.text.trim().is_empty(), "{:?}", doc.text);
        let urls: Vec<&str> = doc.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["https://a.example/"]);
    }

    #[test]
    fn text_is_what_a_browser_shows() {
        let doc = read("1 < 2 and <b>http://a.example/<wbr>x</b><p>next &amp; <!-- c --> y");
        assert_eq!(doc.text, "1 < 2 and http://a.example/x\nnext &  y");
        assert_eq!(entity("&#x2F;x"), Some(('/', 6)));
        assert_eq!(entity("&nope;"), None);
    }

    #[test]
    fn a_code_span_is_a_word_and_a_glued_unknown_tag_a_placeholder() {
        let doc = read("<p>Exemplet använder <code>https://</code>-protokollet</p>");
        assert!(doc.text.contains("https:// -protokollet"), "{:?}", doc.text);
        let doc = read("navigating to https://git-scm.<user>.github.io/.");
        assert!(
            doc.text.contains("https://git-scm.{}.github.io/"),
            "{:?}",
            doc.text
        );
        let doc = read("see http://a.example/<b>bold</b>");
        assert!(doc.text.contains("http://a.example/bold"), "{:?}", doc.text);
        // Words where the host goes; near misses: an attribute's `=`, and
        // words not right after the slashes.
        let doc = read("output of https://<YOUR MISP URL>/jobs/index here");
        assert!(doc.text.contains("https://{}/jobs/index"), "{:?}", doc.text);
        let doc = read("see https://<a href=x>y</a>");
        assert!(doc.text.contains("https://y"), "{:?}", doc.text);
        let doc = read("see https://h.example/<span class x>y</span>");
        assert!(doc.text.contains("https://h.example/y"), "{:?}", doc.text);
    }

    #[test]
    fn links_side_by_side_are_two() {
        let src = "e.g.<a href=\"https://d.example/v4.0/x\">https://d.example/v4.0</a>\
                   <a href=\"https://d.example/v3.6/x\">https://d.example/v3.6</a>";
        let doc = read(src);
        assert!(
            doc.text
                .contains("https://d.example/v4.0 https://d.example/v3.6"),
            "{:?}",
            doc.text
        );
        // Near misses: text between them, and a tag that is not `<a`.
        let doc = read("<a href=x>https://a.example/</a>b<a href=y>c</a>");
        assert!(doc.text.contains("https://a.example/bc"), "{:?}", doc.text);
        let doc = read("<a href=x>https://a.example/</a><abbr>b</abbr>");
        assert!(doc.text.contains("https://a.example/b"), "{:?}", doc.text);
    }

    #[test]
    fn a_wrapper_around_a_link_text_goes_with_it() {
        let src = "<samp>&lt;URL:<a href=\"http://CGI-Spec.Golux.Com/\">http://CGI-Spec.Golux.Com/</a>&gt;</samp>";
        let doc = read(src);
        assert_eq!(doc.links.len(), 1);
        assert!(!doc.text.contains("URL:"), "{:?}", doc.text);
    }

    #[test]
    fn an_example_element_is_data_to_its_end() {
        let src = "<div class=\"note example\"><p>\"<code>https://1.2.3/</code>\"\n<div>x</div> https://a.example/%zz</div>\n\
                   <p class=example>https://[1::1::1]\n<p>https://b.example/\n\
                   <table><tr><td class=example>https://x:y/<td>https://c.example/</table>";
        let doc = read(src);
        let data_of = |needle: &str| doc.is_data(src.find(needle).unwrap());
        assert!(data_of("https://1.2.3/"));
        assert!(
            data_of("https://a.example/%zz"),
            "a nested div does not end it"
        );
        assert!(data_of("https://[1::1::1]"));
        assert!(!data_of("https://b.example/"), "the next <p> ends a <p>");
        assert!(data_of("https://x:y/"));
        assert!(!data_of("https://c.example/"), "the next <td> ends a <td>");
        assert!(!read("<p class=examples-note>https://d.example/").is_data(20));
        // Unclosed examples one after another: data to the end, read once.
        let many = "<div class=example>https://e.example/ ".repeat(20_000);
        let doc = read(&many);
        assert_eq!(doc.data, [(0, many.len())]);
    }

    #[test]
    fn an_unquoted_value_quoted_by_references_is_its_inside() {
        use crate::document::Syntax;
        let md = |src: &str| crate::document::read(Syntax::Markdown, src);
        let doc = md("<script src=&quot;https://a.example/v.js&quot;></script>\n\nSee <img src=&#39;https://b.example/i.png&#39;>\n");
        let urls: Vec<&str> = doc.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["https://a.example/v.js", "https://b.example/i.png"]);
        // Near misses: in a page, a double escape (the quotes the URL's);
        // a reference opening it only, mismatched ones.
        let doc = read("<img src=&quot;https://e.example/z&quot;>");
        assert_eq!(doc.links[0].url, "\"https://e.example/z\"");
        let doc = md(
            "See <img src=&quot;https://c.example/x> <img src=&quot;https://d.example/y&#39;>\n",
        );
        let urls: Vec<&str> = doc.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["\"https://c.example/x", "\"https://d.example/y'"]);
    }

    #[test]
    fn the_head_of_a_page_a_program_wrote_is_data() {
        let fonts = "https://fonts.googleapis.com/css2?family=Red Hat Display:wght@400";
        let body = "<body><a href=\"https://a.example/my file.html\">x</a></body>";
        for meta in [
            "<meta name=\"generator\" content=\"Quartz\"/>",
            "<META NAME=Generator CONTENT=\"Microsoft FrontPage 4.0\">",
            "<meta content='Hugo 0.92' name='generator'>",
        ] {
            let src =
                format!("<html><head><link rel=stylesheet href=\"{fonts}\">{meta}</head>{body}");
            let doc = read(&src);
            assert!(doc.is_data(src.find(fonts).unwrap()), "{meta}");
            assert!(
                !doc.is_data(src.find("https://a.example").unwrap()),
                "the body is the author's"
            );
            assert_eq!(doc.links.len(), 2, "both still found");
        }
        // The head's end tag left out: it ends at `<body>`, not at the
        // body's `</header>`.
        let src = format!("<meta name=generator content=Hugo><link href=\"{fonts}\"><body><header><a href=\"https://h.example/my file\">n</a></header>");
        let doc = read(&src);
        assert!(doc.is_data(src.find(fonts).unwrap()));
        assert!(!doc.is_data(src.find("https://h.example").unwrap()));
        // Near misses: no generator, a generator named in the body, another
        // attribute ending in `name`.
        for src in [
            format!("<html><head><link href=\"{fonts}\"></head>{body}"),
            format!("<html><head><link href=\"{fonts}\"></head><body><meta name=generator content=x>"),
            format!("<head><link href=\"{fonts}\"><meta property=\"og:site_name=generator\" itemname=generator></head>"),
            format!("<head><link href=\"{fonts}\"><meta name=\"generators\"></head>"),
        ] {
            assert!(!read(&src).is_data(src.find(fonts).unwrap()), "{src}");
        }
    }

    #[test]
    fn a_variable_is_a_placeholder() {
        let doc = read("ftp://<var>user</var>:<var>password</var>@<var>host</var>/file");
        assert_eq!(doc.text, "ftp://{user}:{password}@{host}/file");
        assert!(super::super::pattern::is_pattern(&doc.text));
    }
}
