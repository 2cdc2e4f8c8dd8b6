//! Reply-quote prefixes (`> `, `> > `, `>>`, `| `) at the start of a line.
//!
//! A URL quoted in a reply carries the prefix on every line it spans. The
//! depth of the line a URL starts on tells how many marks to strip from its
//! continuation lines, which is what tells a quote mark from the closing `>`
//! of a wrapper.

use super::trigger::Window;

/// How far back the start of a line is looked for. A line longer than this
/// before the URL is taken to have no quote prefix.
pub(crate) const LINE_LOOK: usize = 256;

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn skip_blanks(b: &[u8], mut k: usize, limit: usize) -> usize {
    while k < limit && is_blank(b[k]) {
        k += 1;
    }
    k
}

/// Number of quote marks at the start of the line holding index `i`,
/// counting only marks before `i` (0 when the line start is out of reach).
pub(crate) fn depth_at(w: &Window, i: usize) -> usize {
    let Some(ls) = w.line_start(i, LINE_LOOK) else {
        return 0;
    };
    marks(w.bytes, ls, i).0
}

/// The quote marks from `k` on (blanks before and between them skipped):
/// how many there are, and where the text after them starts.
pub(crate) fn marks(b: &[u8], k: usize, limit: usize) -> (usize, usize) {
    let mut k = skip_blanks(b, k, limit);
    let mut n = 0;
    while k < limit && matches!(b[k], b'>' | b'|') {
        n += 1;
        k = skip_blanks(b, k + 1, limit);
    }
    (n, k)
}

/// Strip exactly `depth` quote marks (with indentation and the blanks after
/// each mark) starting at `j`, the start of a line. `None` if the line has
/// fewer marks: it is not part of the same quote.
pub(crate) fn strip(b: &[u8], j: usize, depth: usize, limit: usize) -> Option<usize> {
    let limit = limit.min(b.len());
    let mut k = skip_blanks(b, j, limit);
    for _ in 0..depth {
        if k < limit && matches!(b[k], b'>' | b'|') {
            k = skip_blanks(b, k + 1, limit);
        } else {
            return None;
        }
    }
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_marks_before_the_url() {
        let s = "x\n> > see <URL:a";
        let w = Window {
            bytes: s.as_bytes(),
            base: 0,
            hard_wraps: true,
        };
        assert_eq!(depth_at(&w, s.len() - 6), 2);
        assert_eq!(depth_at(&w, 1), 0);
        assert_eq!(strip(b"  >> x", 0, 2, 6), Some(5));
        assert_eq!(strip(b"> x", 0, 2, 3), None);
        assert_eq!(marks(b" > |> x", 0, 7), (3, 6));
    }
}
