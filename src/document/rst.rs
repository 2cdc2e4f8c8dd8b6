//! reStructuredText: `` `text <URL>`_ `` references and `.. _name: URL`
//! targets.
//!
//! docutils removes whitespace inside a URI, so a target continued on
//! indented lines, or a `<URL>` broken across lines, is joined, each piece
//! keeping its own position. Everything else is text for the scanner.

use super::{Builder, Document, UrlBuilder};

/// Farthest ``>`_`` looks back for its `<`.
const LOOKBACK: usize = 4096;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    b.push(src, 0);
    let mut found: Vec<(usize, usize)> = Vec::new();
    references(src, &mut found);
    targets(src, &mut found);
    found.sort_unstable();
    for (start, end) in found {
        let mut u = UrlBuilder::default();
        let mut at = start;
        for piece in src[start..end].split_inclusive('\n') {
            let trimmed = piece.trim();
            let lead = piece.len() - piece.trim_start().len();
            u.push(trimmed, at + lead, trimmed.len());
            at += piece.len();
        }
        let link = u.finish(start, end, false);
        if super::is_url(&link.url) {
            super::blank(&mut b.text, start, end);
            b.link(link);
        }
    }
    b.finish(false)
}

/// `` `text <URL>`_ `` and `` `text <URL>`__ ``: the range inside `<>`.
fn references(src: &str, found: &mut Vec<(usize, usize)>) {
    let bytes = src.as_bytes();
    let mut floor = 0;
    for close in memchr::memmem::find_iter(bytes, b">`_") {
        let low = close.saturating_sub(LOOKBACK).max(floor);
        floor = close + 1;
        let Some(lt) = memchr::memrchr2(b'<', b'`', &bytes[low..close]).map(|k| low + k) else {
            continue;
        };
        if bytes[lt] == b'<' && lt + 1 < close {
            found.push((lt + 1, close));
        }
    }
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
