//! The document readers' invariants: whatever the markup, every candidate's
//! span lies in the source on character boundaries, its `raw` is the
//! source there, and every position is the one a naive count gives.

use urlint::document::{read, Syntax};
use urlint::scan::{ScanOptions, Scanner};

use super::LineIndex;

/// Read `data` (lossily as UTF-8) as `syntax`, scan it, check every
/// candidate and validate it; returns how many were found.
pub fn document_checked(syntax: Syntax, data: &[u8]) -> usize {
    let src = String::from_utf8_lossy(data);
    let doc = read(syntax, &src);
    let options = ScanOptions {
        excerpts: true,
        ..ScanOptions::default()
    };
    let mut found = Vec::new();
    Scanner::new(options).scan_document(&doc, &src, |c| found.push(c));
    let lines = LineIndex::new(src.as_bytes());
    for c in &found {
        let (s, e) = (c.span.start.offset as usize, c.span.end.offset as usize);
        assert!(
            s <= e && e <= src.len(),
            "{syntax:?}: span {s}..{e} out of bounds"
        );
        assert!(
            src.is_char_boundary(s) && src.is_char_boundary(e),
            "{syntax:?}: span {s}..{e} not on characters"
        );
        assert_eq!(c.raw, src[s..e], "{syntax:?}: raw is not the source");
        assert_eq!(c.span.start, lines.pos(s), "{syntax:?}: start position");
        assert_eq!(c.span.end, lines.pos(e), "{syntax:?}: end position");
        for seg in &c.segments {
            let off = seg.start.offset as usize;
            assert!(src.is_char_boundary(off), "{syntax:?}: piece at {off}");
            assert_eq!(seg.start, lines.pos(off), "{syntax:?}: piece position");
            assert!(c.url.is_char_boundary(seg.url_start));
        }
    }
    super::validate_checked(src.as_bytes(), &found);
    found.len()
}
