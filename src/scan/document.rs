//! Scanning a [`Document`]: its text with the scanner, its links as the
//! markup gave them, merged in source order, every position in the source.
//!
//! The scanner works on the document's text, where escapes are resolved
//! and markup left out; a candidate's pieces are cut wherever the way back
//! to the source jumps, so the `_` of `serde\_json` is underlined where it
//! stands, and its excerpt is the source's own lines.

use super::emit::excerpt;
use super::trigger::Window;
use super::{Candidate, Facts, Form, Scanner, Segment};
use crate::document::{Document, Link};
use crate::input::offsets::PosResolver;
use crate::span::{Pos, Span};

impl Scanner {
    /// Scan a document read from `source` (see [`crate::document::read`]),
    /// handing each candidate to `sink` in source order, with positions in
    /// `source`.
    pub fn scan_document(&mut self, doc: &Document, source: &str, mut sink: impl FnMut(Candidate)) {
        let src = source.as_bytes();
        let resolver = PosResolver::identity(Pos::START);
        // Without line counting (`Scanner::set_lines`), a position is its
        // offset, as in a text file's scan: a document dense with links
        // (a changelog) spent a tenth of its time counting columns.
        let count_lines = self.lines();
        let resolve = |off: usize| {
            let off = off.min(src.len());
            if count_lines {
                resolver.resolve(src, off)
            } else {
                Pos {
                    offset: off as u64,
                    ..Pos::START
                }
            }
        };
        let window = Window {
            bytes: src,
            base: 0,
            hard_wraps: doc.hard_wraps,
        };
        let excerpts = self.options.excerpts;
        let mut links = doc.links.iter().peekable();
        let text = doc.text.as_bytes();
        // Excerpts come from the source, below; the text's would be waste.
        // So would its lines: every position is resolved from its offset.
        self.scan_text(text, doc.hard_wraps, false, false, |mut cand| {
            let start = doc.source_offset(cand.span.start.offset as usize);
            while let Some(link) = links.next_if(|l| l.start <= start) {
                sink(link_candidate(
                    link, doc, source, &resolve, &window, excerpts,
                ));
            }
            cand.facts.data = doc.is_data(start);
            split_at_breaks(&mut cand, doc);
            let end = doc.source_end(cand.span.end.offset as usize);
            cand.map_positions(|p| resolve(doc.source_offset(p.offset as usize)));
            cand.span.end = resolve(end.max(cand.span.start.offset as usize));
            let (s, e) = (
                cand.span.start.offset as usize,
                cand.span.end.offset as usize,
            );
            cand.raw = super::emit::lossy(&src[s..e]);
            if excerpts {
                cand.excerpt = Some(excerpt(&window, s, e, cand.span.start.line));
            }
            sink(cand);
        });
        for link in links {
            sink(link_candidate(
                link, doc, source, &resolve, &window, excerpts,
            ));
        }
    }
}

/// Cut each piece of `cand.url` where the document's map jumps, so every
/// piece is the source byte for byte. Positions are still text offsets.
fn split_at_breaks(cand: &mut Candidate, doc: &Document) {
    let mut out: Vec<Segment> = Vec::with_capacity(cand.segments.len());
    for (k, seg) in cand.segments.iter().enumerate() {
        let len = cand
            .segments
            .get(k + 1)
            .map_or(cand.url.len(), |n| n.url_start)
            - seg.url_start;
        let t0 = seg.start.offset as usize;
        out.push(*seg);
        for b in doc.breaks(t0, t0 + len) {
            let url_start = seg.url_start + (b - t0);
            if cand.url.is_char_boundary(url_start) {
                out.push(Segment {
                    url_start,
                    start: Pos {
                        offset: b as u64,
                        ..seg.start
                    },
                });
            }
        }
    }
    cand.segments = out;
}

/// The candidate for a link the markup delimits (data when its
/// document says so: an `href` in a spec's example, in a generated head).
fn link_candidate(
    link: &Link,
    doc: &Document,
    source: &str,
    resolve: &impl Fn(usize) -> Pos,
    window: &Window,
    excerpts: bool,
) -> Candidate {
    let span = Span::new(resolve(link.start), resolve(link.end));
    Candidate {
        url: link.url.clone(),
        raw: source
            .get(link.start..link.end)
            .unwrap_or_default()
            .to_owned(),
        span,
        form: Form::Link,
        alternatives: Vec::new(),
        segments: link
            .pieces
            .iter()
            .map(|&(url_start, off)| Segment {
                url_start,
                start: resolve(off),
            })
            .collect(),
        facts: Facts {
            unterminated: link.unterminated,
            data: doc.is_data(link.start),
            ..Facts::default()
        },
        excerpt: excerpts.then(|| excerpt(window, link.start, link.end, span.start.line)),
    }
}
