//! AsciiDoc: `URL[text]`, `link:URL[text]` and `mailto:ADDR[text]`.
//!
//! In AsciiDoc a `[` right after a URL opens the macro's attribute list
//! (the link text), never part of the URL, which must encode it. So each
//! `[` that ends a word holding a URL ends that URL there: the target is a
//! [`super::Link`] and is blanked from the text; the `[text]` stays text.
//! Without a `[`, a URL is bare text for the scanner (hard wraps are not
//! rejoined: a line break in AsciiDoc is just a space).

use super::{Builder, Document, Link};

/// Farthest a `[` looks back for the start of its URL.
const LOOKBACK: usize = 4096;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    b.push(src, 0);
    let bytes = src.as_bytes();
    let mut floor = 0;
    let mut targets = Vec::new();
    for open in memchr::memchr_iter(b'[', bytes) {
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
        let word = &src[start..open];
        let (target_start, target) = match word.strip_prefix("link:") {
            Some(rest) => (start + 5, rest),
            None => (start, word),
        };
        let target = target
            .strip_prefix("++")
            .and_then(|t| t.strip_suffix("++"))
            .map_or((target_start, target), |t| (target_start + 2, t));
        if !target.1.is_empty() && super::is_url(target.1) {
            targets.push((target.0, target.0 + target.1.len()));
        }
    }
    for (start, end) in targets {
        super::blank(&mut b.text, start, end);
        b.link(Link::verbatim(src, start, end));
    }
    b.finish(false)
}
