//! Triggers: the bytes where a URL may be, and the look-back that decides.
//!
//! The hot loop only runs `memchr(b':')`. A `:` may end a scheme, found by
//! looking back at most [`MAX_SCHEME`] bytes. Everything here works on a [`Window`], the same
//! bytes whether the input came as one slice or through the rolling buffer,
//! which is what makes both paths give identical results.

use crate::schemes::KNOWN;

/// Longest scheme looked back for; configured schemes longer than this are
/// ignored (no registered scheme comes close).
pub(crate) const MAX_SCHEME: usize = 32;

/// The bytes one trigger may look at: a bounded look-back and look-ahead
/// around it. Its end is treated as the end of the input; the caps on
/// wrappers and bare URLs keep every reader of it well inside that end
/// unless the input really ends there.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Window<'a> {
    /// The bytes.
    pub bytes: &'a [u8],
    /// Absolute offset of `bytes[0]` in the input.
    pub base: u64,
    /// Whether a bare URL at a line's end may continue on the next line
    /// (plain text and mail; not a document whose markup says where URLs end).
    pub hard_wraps: bool,
}

impl Window<'_> {
    /// Absolute offset of index `i`.
    pub(crate) fn abs(&self, i: usize) -> u64 {
        self.base + i as u64
    }

    /// The start of the line holding index `i`, if it lies within `max`
    /// bytes back inside the window.
    pub(crate) fn line_start(&self, i: usize, max: usize) -> Option<usize> {
        let from = i.saturating_sub(max);
        match memchr::memrchr(b'\n', &self.bytes[from..i]) {
            Some(k) => Some(from + k + 1),
            None if from == 0 && self.base == 0 => Some(0),
            None => None,
        }
    }
}

/// The first colon at or after `from` that some finder may take.
///
/// Documentation has a colon every ~90 bytes, and nine in ten are prose
/// (`Note: `, `key: value`, `a::b` aside): dismissing them in this tight
/// loop, from the bytes either side, spares them the window, the look-back
/// and the finders. The test is a superset of what the finders accept, so
/// results do not change.
pub(crate) fn next_colon(b: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let i = at + memchr::memchr(b':', b.get(at..)?)?;
        if may_trigger(b, i) {
            return Some(i);
        }
        at = i + 1;
    }
}

/// Whether the colon at `i` may end a scheme or `URL` prefix: a scheme
/// character before it, and after it what a URL's text starts with (or a
/// second colon or backslashes, which the typo finder looks at), unless a
/// `<` opens the word (`<URL: http://...>`, `<mailto: a@b>`). A colon at the
/// end of `b` is taken: the byte after it is not known yet.
fn may_trigger(b: &[u8], i: usize) -> bool {
    if i == 0 || !is_scheme_char(b[i - 1]) {
        return false;
    }
    let Some(&next) = b.get(i + 1) else {
        return true;
    };
    if next.is_ascii_alphanumeric() || b"/%*?:\\".contains(&next) || next >= 0x80 {
        return true;
    }
    let low = i.saturating_sub(MAX_SCHEME + 1);
    // Prose has no `<` there: one pass with no early exit, which the
    // compiler turns into vector compares, answers before any walk back.
    if b[low..i]
        .iter()
        .fold(0, |any, &c| any | u8::from(c == b'<'))
        == 0
    {
        return false;
    }
    let mut s = i - 1;
    while s > low && is_scheme_char(b[s - 1]) {
        s -= 1;
    }
    s > low && b[s - 1] == b'<'
}

/// Characters of a scheme name (RFC 1738 2.1), used to walk back from `:`.
pub(crate) fn is_scheme_char(b: u8) -> bool {
    SCHEME_CHAR[usize::from(b)]
}

/// [`is_scheme_char`] as a table: one load per byte in the walks back over
/// the word before every colon.
static SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.';
        b += 1;
    }
    t
};

/// The schemes found as bare URLs: the known ones plus configured extras.
#[derive(Debug, Clone)]
pub(crate) struct Schemes {
    names: Vec<Vec<u8>>,
}

impl Schemes {
    /// Known schemes plus `extra` (lower-cased; names that are not valid
    /// scheme names or are longer than [`MAX_SCHEME`] are skipped).
    pub(crate) fn new(extra: &[String]) -> Schemes {
        let mut names: Vec<Vec<u8>> = KNOWN.iter().map(|k| k.as_bytes().to_vec()).collect();
        for e in extra {
            let e = e.to_ascii_lowercase().into_bytes();
            let valid = !e.is_empty()
                && e.len() <= MAX_SCHEME
                && e[0].is_ascii_alphabetic()
                && e.iter().all(|&b| is_scheme_char(b));
            if valid && !names.contains(&e) {
                names.push(e);
            }
        }
        Schemes { names }
    }

    /// Whether `name` is a scheme to find, ignoring ASCII case.
    pub(crate) fn contains(&self, name: &[u8]) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The start of a known scheme ending right before the `:` at `colon`,
    /// not preceded by an ASCII letter or digit. A scheme may also follow
    /// `+`, `-` or `.` (the tail of `svn+http:` is still `http:`); the
    /// longest match wins. The scheme starts at or after `floor`, the end of
    /// the previous candidate, so candidates never overlap.
    pub(crate) fn scheme_before(&self, w: &Window, colon: usize, floor: usize) -> Option<usize> {
        let b = w.bytes;
        let floor = colon.saturating_sub(MAX_SCHEME).max(floor);
        let mut start = colon;
        while start > floor && is_scheme_char(b[start - 1]) {
            start -= 1;
        }
        (start..colon).find(|&j| {
            let starts_word = j == 0 || !b[j - 1].is_ascii_alphanumeric();
            starts_word && b[j].is_ascii_alphabetic() && self.contains(&b[j..colon])
        })
    }
}

/// The end of a syntactically valid scheme starting at `i` (the index of its
/// `:`), for forms where any scheme is allowed (`URL:x:`, `<x://`).
pub(crate) fn any_scheme_at(b: &[u8], i: usize) -> Option<usize> {
    if !b.get(i)?.is_ascii_alphabetic() {
        return None;
    }
    let end = (i + MAX_SCHEME + 1).min(b.len());
    let colon = i + b[i..end].iter().position(|&c| !is_scheme_char(c))?;
    (b[colon] == b':').then_some(colon)
}

/// Whether the `:` at `colon` ends a `URL:` prefix that stands as a word
/// and is not part of a `<URL:` wrapper, nor starts before `floor`.
pub(crate) fn is_url_prefix(w: &Window, colon: usize, floor: usize) -> bool {
    let b = w.bytes;
    if colon < 3 || colon - 3 < floor || !b[colon - 3..colon].eq_ignore_ascii_case(b"URL") {
        return false;
    }
    colon == 3 || !(b[colon - 4].is_ascii_alphanumeric() || b[colon - 4] == b'<')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(s: &str) -> Window<'_> {
        Window {
            bytes: s.as_bytes(),
            base: 0,
            hard_wraps: true,
        }
    }

    #[test]
    fn scheme_lookback_is_case_insensitive_and_word_bound() {
        let s = Schemes::new(&[]);
        assert_eq!(s.scheme_before(&win("see HTTP://x"), 8, 0), Some(4));
        assert_eq!(s.scheme_before(&win("xhttp://x"), 5, 0), None);
        assert_eq!(s.scheme_before(&win("1http://x"), 5, 0), None);
        assert_eq!(s.scheme_before(&win("svn+http://x"), 8, 0), Some(4));
        assert_eq!(s.scheme_before(&win("z39.50:x"), 6, 0), Some(0));
        assert_eq!(s.scheme_before(&win("ftp:ftp:"), 7, 5), None);
        assert_eq!(s.scheme_before(&win("xsl:t"), 3, 0), None);
    }

    #[test]
    fn extra_schemes_are_found_and_invalid_ones_skipped() {
        let s = Schemes::new(&["Git".into(), "no way".into()]);
        assert_eq!(s.scheme_before(&win(" git:x"), 4, 0), Some(1));
        assert!(!s.contains(b"no way"));
    }

    #[test]
    fn url_prefix_is_a_word_outside_brackets() {
        assert!(is_url_prefix(&win("URL:http://a"), 3, 0));
        assert!(is_url_prefix(&win("(url:http://a"), 4, 0));
        assert!(!is_url_prefix(&win("<URL:http://a"), 4, 0));
        assert!(!is_url_prefix(&win("CURL:http://a"), 4, 0));
        assert_eq!(any_scheme_at(b"x-y:z", 0), Some(3));
        assert_eq!(any_scheme_at(b"1x:z", 0), None);
    }
}
