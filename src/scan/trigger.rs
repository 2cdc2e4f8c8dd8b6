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
        let i = at + find_colon(b.get(at..)?)?;
        if may_trigger(b, i) {
            return Some(i);
        }
        at = i + 1;
    }
}

/// The AVX2 colon searcher, built once where the CPU has AVX2.
#[cfg(target_arch = "x86_64")]
static COLON: std::sync::LazyLock<Option<memchr::arch::x86_64::avx2::memchr::One>> =
    std::sync::LazyLock::new(|| memchr::arch::x86_64::avx2::memchr::One::new(b':'));

/// `memchr(b':', h)`. Colons come every 60 to 120 bytes, so each search is
/// short and `memchr`'s per-call work (an indirect call, the needle
/// broadcast again) was a third of it: a searcher built once skips both.
fn find_colon(h: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = COLON.as_ref() {
        return one.find(h);
    }
    memchr::memchr(b':', h)
}

/// Whether the colon at `i` may end a scheme or `URL` prefix: an ASCII
/// letter among the scheme characters right before it (within
/// [`MAX_SCHEME`] bytes: every scheme, `URL` and mistyped `http` starts with
/// one, so `10:45` and `x2:` are dismissed here, not in the finders), and
/// after it what a URL's text starts with (or a second colon or
/// backslashes, which the typo finder looks at), unless a `<` opens the
/// word (`<URL: http://...>`, `<mailto: a@b>`). A colon at the end of `b`
/// is taken: the byte after it is not known yet.
fn may_trigger(b: &[u8], i: usize) -> bool {
    let Some(&prev) = i.checked_sub(1).map(|k| &CLASS[usize::from(b[k])]) else {
        return false;
    };
    if prev & SCHEME == 0 {
        return false;
    }
    let low = i.saturating_sub(MAX_SCHEME);
    if b.get(i + 1)
        .is_none_or(|&next| CLASS[usize::from(next)] & URL_START != 0)
    {
        // Nearly always a letter right before; else walk back to one
        // (`10:45`, a digit run, is walked whole and dismissed).
        if prev & LETTER != 0 {
            return true;
        }
        let mut s = i - 1;
        while s > low {
            let class = CLASS[usize::from(b[s - 1])];
            if class & LETTER != 0 {
                return true;
            }
            if class & SCHEME == 0 {
                return false;
            }
            s -= 1;
        }
        return false;
    }
    // Prose has no `<` there: a look at the bytes before answers before
    // any walk back.
    if !lt_before(b, i) {
        return false;
    }
    let mut s = i;
    let mut letter = false;
    while s > low && is_scheme_char(b[s - 1]) {
        s -= 1;
        letter |= b[s].is_ascii_alphabetic();
    }
    letter && s > 0 && b[s - 1] == b'<'
}

/// Whether a `<` is among the `MAX_SCHEME + 1` bytes before `i`. A fold
/// with no early exit over a fixed 32 bytes becomes two vector compares;
/// over a slice of 33 it ran byte by byte (the vector loop takes 64 at a
/// time), and prose colons, a third of all, each paid for it.
fn lt_before(b: &[u8], i: usize) -> bool {
    let Some(low) = i.checked_sub(MAX_SCHEME + 1) else {
        return b[..i].contains(&b'<');
    };
    let near: &[u8; MAX_SCHEME] = b[low + 1..i].try_into().expect("MAX_SCHEME bytes");
    b[low] == b'<' || near.iter().fold(0, |any, &c| any | u8::from(c == b'<')) != 0
}

/// Characters of a scheme name (RFC 1738 2.1), used to walk back from `:`.
pub(crate) fn is_scheme_char(b: u8) -> bool {
    CLASS[usize::from(b)] & SCHEME != 0
}

/// [`CLASS`] bit: a scheme character (letter, digit, `+`, `-`, `.`).
const SCHEME: u8 = 1;
/// [`CLASS`] bit: an ASCII letter.
const LETTER: u8 = 2;
/// [`CLASS`] bit: may follow a scheme's colon (a letter, digit, one of
/// `/ % * ? : \`, or a non-ASCII byte).
const URL_START: u8 = 4;

/// What [`may_trigger`] asks of a byte, as a table: one load per byte in
/// the walks back over the word before every colon.
static CLASS: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.' {
            t[b] |= SCHEME;
        }
        if c.is_ascii_alphabetic() {
            t[b] |= LETTER;
        }
        if c.is_ascii_alphanumeric()
            || matches!(c, b'/' | b'%' | b'*' | b'?' | b':' | b'\\')
            || c >= 0x80
        {
            t[b] |= URL_START;
        }
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
    /// `+`, `-` or `.` (the tail of `svn+http:` is still `http:`; after a
    /// word and `-` only with `//` after it); the
    /// longest match wins. The scheme starts at or after `floor`, the end of
    /// the previous candidate, so candidates never overlap.
    pub(crate) fn scheme_before(&self, w: &Window, colon: usize, floor: usize) -> Option<usize> {
        let b = w.bytes;
        let floor = colon.saturating_sub(MAX_SCHEME).max(floor);
        let mut start = colon;
        while start > floor && is_scheme_char(b[start - 1]) {
            start -= 1;
        }
        // After `::` a name is a qualified one, not a scheme (Ruby's
        // `#<URI::MailTo:0xb7bf0614 …>`), unless `//` follows (a field
        // list's `sigstore::https://…`). After `/` or `.` with digits
        // alone after the `:`, it is a file's, and a revision or a line (an
        // svn log's `(from /branches/R-1-8-patches/NEWS:27155)`,
        // `(from /trunk/debian/r-gnome.NEWS:34862)`).
        let numbered = || {
            let digits = b[colon + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            digits > 0
                && !b
                    .get(colon + 1 + digits)
                    .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'@' | b'.' | b'/'))
        };
        // After a word and `_`, it is the rest of a name (Erlang's
        // `boss_news:start()`, the module `boss_news`), unless `//` follows.
        let slashes = b.get(colon + 1..colon + 3) == Some(b"//");
        let qualified = |j: usize| {
            ((j >= 2 && &b[j - 2..j] == b"::") && !slashes)
                || (j >= 1 && matches!(b[j - 1], b'/' | b'.') && numbered())
                || (j >= 2 && b[j - 1] == b'_' && b[j - 2].is_ascii_alphanumeric() && !slashes)
                // So after a word and `-`, a hyphenated word's end (a
                // digest's `industry-news:16`), unless `//` follows
                // (`svn-https://`, a URL glued after `Homepage-`).
                || (j >= 2 && b[j - 1] == b'-' && b[j - 2].is_ascii_alphanumeric() && !slashes)
                // After a word and `/`, it is a path's segment (Sphinx's
                // intersphinx target `georgringer/news:Tutorials/…/Index`,
                // the inventory `georgringer/news`), unless `//` follows
                // (an archive's `…/web/2019/https://…`).
                || (j >= 2 && b[j - 1] == b'/' && b[j - 2].is_ascii_alphanumeric() && !slashes)
                // After `xn--`, it is the text of an A-label (a punycode
                // demo's output, `xn--https://-5y4qg6h355l.jp:8443`).
                || (j >= 4 && b[j - 4..j].eq_ignore_ascii_case(b"xn--"))
        };
        (start..colon).find(|&j| {
            let starts_word = j == 0 || !b[j - 1].is_ascii_alphanumeric();
            starts_word
                && b[j].is_ascii_alphabetic()
                && self.contains(&b[j..colon])
                && !qualified(j)
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
        // A qualified name is no scheme; a field list's URL after `::` is.
        assert_eq!(s.scheme_before(&win("URI::MailTo:0xb7"), 11, 0), None);
        assert_eq!(s.scheme_before(&win("a::https://x"), 8, 0), Some(3));
        assert_eq!(s.scheme_before(&win("a: mailto:x"), 9, 0), Some(3));
        // A file's name and a revision after `/`; near misses: a web URL
        // after it, a scheme before no digits, a news article's number.
        assert_eq!(s.scheme_before(&win("/trunk/NEWS:31283)"), 11, 0), None);
        assert_eq!(s.scheme_before(&win("r-gnome.NEWS:34862)"), 12, 0), None);
        assert_eq!(
            s.scheme_before(&win("/web/2019/https://x"), 15, 0),
            Some(10)
        );
        assert_eq!(s.scheme_before(&win("docs/http://x"), 9, 0), Some(5));
        // A path's segment after a word and `/` (an intersphinx target).
        assert_eq!(
            s.scheme_before(&win("<georgringer/news:Tutorials/Index>"), 17, 0),
            None
        );
        assert_eq!(s.scheme_before(&win("docs/http:/x"), 9, 0), None);
        assert_eq!(s.scheme_before(&win("/news:123@host"), 5, 0), Some(1));
        // The rest of a name after `_` (an Erlang module's `boss_news`);
        // near misses: `//` after it, a `_` that opens a word.
        assert_eq!(s.scheme_before(&win("boss_news:start()"), 9, 0), None);
        // And after `-`: a hyphenated word's end; near misses: `//` after
        // it, a `-` that opens a word.
        assert_eq!(s.scheme_before(&win("industry-news:16, x"), 13, 0), None);
        assert_eq!(s.scheme_before(&win("my-news:comp.lang"), 7, 0), None);
        assert_eq!(s.scheme_before(&win("Homepage-https://x"), 14, 0), Some(9));
        assert_eq!(s.scheme_before(&win(" -news:a.b"), 6, 0), Some(2));
        // The text of an A-label; near miss: another prefix.
        assert_eq!(
            s.scheme_before(&win("xn--https://-5y4qg6h355l.jp"), 9, 0),
            None
        );
        assert_eq!(s.scheme_before(&win("xo--https://a.jp"), 9, 0), Some(4));
        assert_eq!(s.scheme_before(&win("a_https://x"), 7, 0), Some(2));
        assert_eq!(s.scheme_before(&win(" _news:a.b_"), 6, 0), Some(2));
    }

    #[test]
    fn extra_schemes_are_found_and_invalid_ones_skipped() {
        let s = Schemes::new(&["Git".into(), "no way".into()]);
        assert_eq!(s.scheme_before(&win(" git:x"), 4, 0), Some(1));
        assert!(!s.contains(b"no way"));
    }

    /// The filter's promise: every colon it dismisses is one no finder
    /// takes, whatever the floor.
    fn dismissed_colons_find_nothing(text: &[u8]) {
        let schemes = Schemes::new(&["x-y".into()]);
        let w = Window {
            bytes: text,
            base: 0,
            hard_wraps: true,
        };
        for i in memchr::memchr_iter(b':', text) {
            if !may_trigger(text, i) {
                let found = crate::scan::find(&w, &schemes, i, 0).map(|f| f.url);
                assert_eq!(found, None, "{:?} at {i}", String::from_utf8_lossy(text));
            }
        }
    }

    #[test]
    fn dismissed_near_misses_find_nothing() {
        for text in [
            "at 10:45:00 z39.50:x tn3270:host 1http://x 9:http://a",
            "<URL: http://a/> <url:x> <mailto: a@b> < URL:x> <3:x> <x-y: z>",
            "URL:http://a url: b URL:x:y 12URL:x x-y:z X-Y:1",
            "htp://a ftp:\\\\b https:://c 1htp://d 42:://e http:\\\\f",
            "std::io a::b Note: x key:value ::x :x x: <a:b <1a:b",
            "0123456789012345678901234567890123456789http://a 01234567890123456789012345678901http://b",
            "+-.:x .http:x -mailto:y +news:z http+:x",
        ] {
            dismissed_colons_find_nothing(text.as_bytes());
        }
    }

    proptest::proptest! {
        #[test]
        fn dismissed_colons_never_find(
            text in "([a-zA-Z0-9<>:/\\\\ .+\\-\n]|http|URL|mailto|htp|ftp|[0-9]{2}){0,40}"
        ) {
            dismissed_colons_find_nothing(text.as_bytes());
        }
    }

    #[test]
    fn colons_after_words_with_a_letter_are_kept() {
        for (text, at) in [
            ("z39.50:x", 6),
            ("<URL: x", 4),
            ("x:", 1),
            ("a1:/", 2),
            ("<3a: x", 3),
        ] {
            assert!(may_trigger(text.as_bytes(), at), "{text}");
        }
        for (text, at) in [("10:45", 2), ("a: b", 1), ("<1: x", 2), (".:x", 1)] {
            assert!(!may_trigger(text.as_bytes(), at), "{text}");
        }
    }

    #[test]
    fn the_colon_searcher_agrees_with_memchr() {
        // Every length around the 16- and 32-byte vector widths, the colon
        // at every place and missing.
        for len in 0..100 {
            let mut hay = vec![b'a'; len];
            assert_eq!(find_colon(&hay), None);
            for at in (0..len).rev() {
                hay[at] = b':';
                assert_eq!(find_colon(&hay), memchr::memchr(b':', &hay), "{len} {at}");
                assert_eq!(find_colon(&hay[at..]), Some(0));
            }
        }
    }

    #[test]
    fn a_bracket_is_seen_in_the_bytes_before_a_colon() {
        let mut text = vec![b'a'; 80];
        for lt in 0..80 {
            text[lt] = b'<';
            for i in 0..=80_usize {
                let naive = text[i.saturating_sub(MAX_SCHEME + 1)..i].contains(&b'<');
                assert_eq!(lt_before(&text, i), naive, "< at {lt}, colon at {i}");
            }
            text[lt] = b'a';
        }
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
