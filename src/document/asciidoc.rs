//! AsciiDoc: `URL[text]`, `link:URL[text]`, `mailto:ADDR[text]` and
//! `image:URL[alt]`.
//!
//! In AsciiDoc a `[` right after a URL opens the macro's attribute list
//! (the link text), never part of the URL, which must encode it. So each
//! `[` that ends a word holding a URL ends that URL there: the target is a
//! [`super::Link`] and is blanked from the text; the `[text]` stays text.
//! Without a `[`, a URL is bare text for the scanner (hard wraps are not
//! rejoined: a line break in AsciiDoc is just a space). A backslash before
//! a formatting mark in a target (`src/\+/HEAD`, written so that `+` opens
//! no passthrough) is an escape: the URL has the mark alone. The marks of
//! a literal passthrough (`` `+http://localhost:8091+` ``), of an
//! unconstrained one around a word (`++http://localhost:8080++`) and the caret
//! that ends a link's text (`[https://a/b^]`: a new window) are markup,
//! left out of the text. Listing, literal and passthrough blocks (`----`,
//! `....`, `++++`) hold no macro: their URLs are text.

use super::{Builder, Document, Link, UrlBuilder};

/// The marks a backslash escapes in a link target.
const ESCAPED: &[u8] = b"+*_#^~`";

/// Farthest a `[` looks back for the start of its URL.
const LOOKBACK: usize = 4096;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    b.push(src, 0);
    let bytes = src.as_bytes();
    let mut floor = 0;
    let mut targets = Vec::new();
    // Markup marks to leave out of the text the scanner reads.
    let mut marks_out = Vec::new();
    let verbatim = verbatim_blocks(bytes);
    let mut block = verbatim.iter().peekable();
    for open in memchr::memchr_iter(b'[', bytes) {
        // A listing or literal block shows its text as it is: no macro
        // there (libzmq's `"udp://eth0;[ff02::1]:5555"` in a code sample).
        while block.next_if(|r| r.end <= open).is_some() {}
        if block.peek().is_some_and(|r| r.start <= open) {
            continue;
        }
        // The word before the `[`: back to whitespace, a bracket, or the
        // previous macro's end (so a flood of `http://x/[` stays linear).
        let low = open.saturating_sub(LOOKBACK).max(floor);
        let start = bytes[low..open]
            .iter()
            .rposition(|&c| {
                c.is_ascii_whitespace()
                    || matches!(c, b'[' | b']' | b'<' | b'>' | b'(' | b'"' | b'`')
            })
            .map_or(low, |k| low + k + 1);
        floor = open + 1;
        // `**https://a/b[text]**`: bold, italic, monospace or highlight
        // marks before the target are the text's formatting.
        let word = &src[start..open];
        let marks = word.len() - word.trim_start_matches(['*', '_', '`', '#']).len();
        let (start, word) = (start + marks, &word[marks..]);
        // `image:URL[alt]` (or the block's `image::`), also as a link's
        // text (a badge, `URL[image:https://img.shields.io/….svg[License]]`):
        // the image's URL ends at its `[` as a link's does.
        let prefix = ["link:", "image::", "image:"]
            .iter()
            .find(|p| word.starts_with(**p))
            .map_or(0, |p| p.len());
        let (target_start, target) = (start + prefix, &word[prefix..]);
        let target = target
            .strip_prefix("++")
            .and_then(|t| t.strip_suffix("++"))
            .map_or((target_start, target), |t| (target_start + 2, t));
        if !target.1.is_empty() && super::is_url(target.1) {
            targets.push((target.0, target.0 + target.1.len()));
            // `URL[text^]`: a caret ending the link text opens it in a new
            // window; it is the macro's, not a URL's in the text.
            // Looked for up to the line's end, within LOOKBACK bytes, so
            // a flood of `http://x/[` on one line stays linear.
            let reach = (open + LOOKBACK).min(bytes.len());
            if let Some(k) = memchr::memchr2(b']', b'\n', &bytes[open..reach]) {
                let close = open + k;
                if bytes[close] == b']' && close > open + 1 && bytes[close - 1] == b'^' {
                    marks_out.push(close - 1);
                }
            }
        }
    }
    for (start, end) in targets {
        super::blank(&mut b.text, start, end);
        b.link(target(src, start, end));
    }
    marks_out.extend(passthrough_marks(bytes));
    for at in marks_out {
        super::blank(&mut b.text, at, at + 1);
    }
    b.finish(false)
}

/// The delimited blocks whose text is verbatim, delimiters included: a
/// listing (`----`), a literal (`....`) or a passthrough (`++++`), each
/// closed by the same line as opened it (or the end of the file).
fn verbatim_blocks(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<(usize, &[u8])> = None;
    let mut line_start = 0;
    let mut prev: &[u8] = b"";
    while line_start < bytes.len() {
        let line_end =
            memchr::memchr(b'\n', &bytes[line_start..]).map_or(bytes.len(), |k| line_start + k);
        let line = bytes[line_start..line_end].trim_ascii_end();
        // Under a line of text about as long, a dash or plus line is a
        // section title's underline (`Connecting a socket` then 19 `-`).
        let underline = open.is_none()
            && !prev.is_empty()
            && !matches!(prev[0], b'[' | b'.' | b'/')
            && prev.iter().any(|&c| c != prev[0])
            && prev.len().abs_diff(line.len()) <= 2;
        let delimiter = line.len() >= 4
            && matches!(line[0], b'-' | b'.' | b'+')
            && line.iter().all(|&c| c == line[0])
            && !underline;
        prev = line;
        if delimiter {
            match open {
                Some((start, d)) if d == line => {
                    out.push(start..line_end);
                    open = None;
                }
                Some(_) => {}
                None => open = Some((line_start, line)),
            }
        }
        line_start = line_end + 1;
    }
    if let Some((start, _)) = open {
        out.push(start..bytes.len());
    }
    out
}

/// The `+` of each `` `+text+` `` on a line: a literal monospace
/// passthrough (`` `+http://localhost:8091+` ``), whose marks are markup.
fn passthrough_marks(bytes: &[u8]) -> Vec<usize> {
    // One pass over each line, left to right: an opener, then its closer
    // after it; an opener with none on its line ends the line's search.
    let mut out = Vec::new();
    let mut line_start = 0;
    while line_start < bytes.len() {
        let line_end =
            memchr::memchr(b'\n', &bytes[line_start..]).map_or(bytes.len(), |k| line_start + k);
        let line = &bytes[line_start..line_end];
        let mut at = 0;
        while let Some(k) = memchr::memmem::find(&line[at..], b"`+") {
            let from = at + k + 2;
            match memchr::memmem::find(&line[from..], b"+`") {
                Some(0) => at = from,
                Some(close) => {
                    out.push(line_start + from - 1);
                    out.push(line_start + from + close);
                    at = from + close + 2;
                }
                None => break,
            }
        }
        unconstrained_marks(line, line_start, &mut out);
        line_start = line_end + 1;
    }
    out
}

/// The `++` of each `++http://localhost:8080++` on a line: an unconstrained
/// passthrough around a word (`` `curl ++http://localhost:8080++` ``). The
/// opener follows a blank, a backquote or the line's start and comes
/// before a letter; the closer is the next `++` before a blank, a
/// backquote, punctuation or the line's end (`C++11 and C++14`, or
/// `…/c++/` twice on a line, has none).
fn unconstrained_marks(line: &[u8], line_start: usize, out: &mut Vec<usize>) {
    let mut at = 0;
    while let Some(k) = memchr::memmem::find(&line[at..], b"++") {
        let open = at + k;
        let before_ok = open == 0 || matches!(line[open - 1], b' ' | b'\t' | b'`' | b'(');
        let after_ok = line.get(open + 2).is_some_and(u8::is_ascii_alphabetic);
        if !(before_ok && after_ok) {
            at = open + 2;
            continue;
        }
        let from = open + 2;
        let close = memchr::memmem::find_iter(&line[from..], b"++")
            .map(|c| from + c)
            .find(|&c| {
                line.get(c + 2).is_none_or(|n| {
                    matches!(n, b' ' | b'\t' | b'`' | b')' | b'.' | b',' | b':' | b';')
                })
            });
        let Some(close) = close else {
            break;
        };
        out.extend([open, open + 1, close, close + 1].map(|i| line_start + i));
        at = close + 2;
    }
}

/// The link whose target is `src[start..end]`, escapes resolved.
fn target(src: &str, start: usize, end: usize) -> Link {
    let bytes = &src.as_bytes()[..end];
    if memchr::memchr(b'\\', &bytes[start..]).is_none() {
        return Link::verbatim(src, start, end);
    }
    let mut u = UrlBuilder::default();
    let mut run = start;
    let mut i = start;
    while let Some(k) = memchr::memchr(b'\\', &bytes[i..]) {
        let at = i + k;
        if bytes.get(at + 1).is_some_and(|c| ESCAPED.contains(c)) {
            u.push(&src[run..at], run, at - run);
            u.push(&src[at + 1..at + 2], at, 2);
            run = at + 2;
        }
        i = at + 1 + usize::from(at + 1 < end);
    }
    u.push(&src[run..end], run, end - run);
    u.finish(start, end, false)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_backslash_before_a_mark_in_a_target_is_an_escape() {
        let src = "- https://chromium.googlesource.com/chromium/src/\\+/HEAD/x.md[Linux]\n";
        let doc = super::read(src);
        assert_eq!(
            doc.links[0].url,
            "https://chromium.googlesource.com/chromium/src/+/HEAD/x.md"
        );
        assert_eq!(
            &src[doc.links[0].start..doc.links[0].end],
            &src[2..src.len() - 8]
        );
        // Before a letter a backslash stays (and is linted).
        let doc = super::read("link:http://a.example/x\\y[t]");
        assert_eq!(doc.links[0].url, "http://a.example/x\\y");
    }

    #[test]
    fn a_listing_or_literal_block_holds_no_macro() {
        let src = "https://a.example/x[a]\n\n[source,c]\n----\nrc = zmq_bind(d, \"udp://eth0;[ff02::1]:5555\");\n----\n....\nhttps://b.example/y[b]\n....\nhttps://c.example/z[c]\n";
        let doc = super::read(src);
        let urls: Vec<&str> = doc.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["https://a.example/x", "https://c.example/z"]);
        // The block's text is still there for the scanner.
        assert!(doc.text.contains("udp://eth0;[ff02::1]:5555"));
        // A `---` rule or a longer dash line closing nothing opened: not
        // a block (and one left open runs to the end).
        let doc = super::read("---\nhttps://a.example/x[a]\n");
        assert_eq!(doc.links.len(), 1);
        let doc = super::read("----\nhttps://a.example/x[a]\n");
        assert!(doc.links.is_empty());
        // A title's underline opens no block; a delimiter right after a
        // block's title or attributes does.
        let doc = super::read("Connecting\n----------\nhttps://a.example/x[a]\n");
        assert_eq!(doc.links.len(), 1);
        let doc = super::read(".Bind\n----\nhttps://a.example/x[a]\n----\n");
        assert!(doc.links.is_empty());
    }

    #[test]
    fn an_images_url_ends_at_its_attribute_list() {
        // Spock's badges: an image macro as a link's text.
        let src = "https://github.com/spockframework/spock/blob/master/LICENSE[image:https://img.shields.io/badge/License-Apache%202.0-blue.svg[License]]\nimage::https://a.example/diagram.png[Diagram]\n";
        let doc = super::read(src);
        let urls: Vec<&str> = doc.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(
            urls,
            [
                "https://github.com/spockframework/spock/blob/master/LICENSE",
                "https://img.shields.io/badge/License-Apache%202.0-blue.svg",
                "https://a.example/diagram.png",
            ]
        );
    }

    #[test]
    fn formatting_marks_before_a_target_are_not_part_of_it() {
        let src = "* **https://github.com/bhauman/rebel-readline[rebel-readline]** is";
        let doc = super::read(src);
        assert_eq!(
            doc.links[0].url,
            "https://github.com/bhauman/rebel-readline"
        );
        assert_eq!(doc.links[0].start, 4);
        let doc = super::read("_link:https://a.example/x[x]_");
        assert_eq!(doc.links[0].url, "https://a.example/x");
    }
}
