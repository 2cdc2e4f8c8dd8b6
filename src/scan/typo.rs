//! URLs whose scheme was mistyped, found although their scheme is not one
//! to find (the README `misspelled-scheme`).
//!
//! A bare URL is only found at a known scheme, so `htp://host/` or
//! `https:://host/` would otherwise pass unseen: the one kind of defect a
//! reader clicks on and gets nothing. Two shapes are taken, both narrow
//! enough that prose never matches them:
//!
//! - a word one slip away from `http`, `https` or `ftp` (`htp`, `ttps`,
//!   `hhttps`, `httpss`, `fpt`; never a registered or configured scheme
//!   such as `sftp` or `rtsp`) followed by `://` or `:\\`;
//! - a known scheme followed by `:://` or `:\\` (`https:://host`,
//!   `http:\\host`); `http::/path` is git's `transport::address` syntax,
//!   not a typo.
//!
//! The validator's `misspelled-scheme` then says what was meant.

use super::bare::{find_end, has_substance, BARE_CAP};
use super::emit::Found;
use super::trigger::{Schemes, Window};
use crate::scan::Form;

/// Longest word looked back over for a misspelled scheme (`httpss` is 6).
const MAX_WORD: usize = 8;

/// A URL with a mistyped scheme whose `:` is at window index `colon`,
/// starting at or after `floor`.
pub(crate) fn find(w: &Window, schemes: &Schemes, colon: usize, floor: usize) -> Option<Found> {
    let b = w.bytes;
    let after = b.get(colon + 1..)?;
    // The cheap test first: this runs for colons no other finder took.
    let slashes = after.starts_with(b"//") || after.starts_with(b"\\\\");
    let doubled_colon = after.starts_with(b"://") || after.starts_with(b":\\\\");
    if !(slashes || doubled_colon) {
        return None;
    }
    let low = colon.saturating_sub(MAX_WORD).max(floor);
    let mut start = colon;
    while start > low && b[start - 1].is_ascii_alphanumeric() {
        start -= 1;
    }
    // The word must stand alone: not the tail of a longer word or scheme
    // (`svn+htps`, `xhtp`).
    let joined =
        start > 0 && (b[start - 1].is_ascii_alphanumeric() || b"+-.".contains(&b[start - 1]));
    if start == colon || joined || !b[start].is_ascii_alphabetic() {
        return None;
    }
    let word = std::str::from_utf8(&b[start..colon]).ok()?;
    let known = schemes.contains(word.as_bytes());
    let typo = if known {
        // `https:://` and `http:\\`; `http://` is the bare finder's.
        doubled_colon || after.starts_with(b"\\\\")
    } else {
        slashes && crate::schemes::near_miss(word, &[]).is_some()
    };
    if !typo || (known && !crate::schemes::is_slashed(word.as_bytes())) {
        return None;
    }
    let found = bare_from(b, start, colon + 1)?;
    has_substance(&found.url[colon + 1 - start..]).then_some(found)
}

/// A bare URL starting at `start` whose text after the scheme starts at
/// `from`, ended by the bare-URL rules.
fn bare_from(b: &[u8], start: usize, from: usize) -> Option<Found> {
    let quoted = if start > 0 { b[start - 1] } else { 0 };
    let end = find_end(b, from, start.saturating_add(BARE_CAP), quoted);
    let url = std::str::from_utf8(&b[start..end.end]).ok()?;
    Some(Found::new(
        Form::Bare,
        start,
        end.end,
        url.to_owned(),
        start,
    ))
}

/// The schemes whose colon people drop (`http//host`).
const COLONLESS: &[&[u8]] = &[b"https", b"http", b"ftp"];

/// The start of `http`, `https` or `ftp` standing as a word right before
/// the `//` at `at` (no colon between: `http//host`), if there is one and a
/// letter or digit follows the slashes.
fn colonless_word(b: &[u8], at: usize) -> Option<usize> {
    // Nearly every `//` follows a colon: one look dismisses it (`http`
    // and `ftp` end in `p`, `https` in `s`).
    let last = at.checked_sub(1).map(|k| b[k] | 0x20);
    if !matches!(last, Some(b'p' | b's')) || !b.get(at + 2).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    COLONLESS.iter().find_map(|w| {
        let start = at.checked_sub(w.len())?;
        let word = b[start..at].eq_ignore_ascii_case(w);
        // After a `/` the word is a directory's name in a path with a
        // doubled slash (`/var/conf/ftp//authfiles/passwd`).
        let alone = start == 0
            || !(b[start - 1].is_ascii_alphanumeric() || b"+-._/\\".contains(&b[start - 1]));
        (word && alone).then_some(start)
    })
}

/// The index of the first `/` of the next `http//`-style typo in
/// `b[from..]`. Nearly every `//` follows a colon and is dismissed with one
/// look back, so this costs one SIMD search for `//` over the text.
pub(crate) fn next_colonless(b: &[u8], from: usize) -> Option<usize> {
    // Built once: a searcher costs more to make than most searches do.
    static SLASHES: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"//"));
    SLASHES
        .find_iter(b.get(from..)?)
        .map(|k| from + k)
        .find(|&at| colonless_word(b, at).is_some())
}

/// A URL written without the colon after its scheme (`http//host/x`),
/// whose `//` is at window index `at`, starting at or after `floor`.
pub(crate) fn colonless(w: &Window, at: usize, floor: usize) -> Option<Found> {
    let b = w.bytes;
    let start = colonless_word(b, at)?;
    if start < floor {
        return None;
    }
    bare_from(b, start, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_scheme_without_its_colon() {
        let text = "see http//www.gnu.org/x. and HTTPS//a.org or ftp//b.org/";
        let b = text.as_bytes();
        let w = Window {
            bytes: b,
            base: 0,
            hard_wraps: true,
        };
        let mut at = 0;
        let mut urls = vec![];
        while let Some(i) = next_colonless(b, at) {
            urls.push(colonless(&w, i, 0).unwrap().url);
            at = i + 2;
        }
        assert_eq!(urls, ["http//www.gnu.org/x", "HTTPS//a.org", "ftp//b.org/"]);
        for text in [
            "http://a.org/b//c",
            "xhttp//a.org",
            "svn+http//a.org",
            "http// a",
            "// http comment",
            "shttp//a.org",
            "AuthUserFile /var/conf/ftp//authfiles/passwd.ftp.foo1.com",
        ] {
            assert_eq!(next_colonless(text.as_bytes(), 0), None, "{text}");
        }
    }

    fn found(text: &str) -> Option<String> {
        let w = Window {
            bytes: text.as_bytes(),
            base: 0,
            hard_wraps: true,
        };
        let colon = text.find(':')?;
        find(&w, &Schemes::new(&[]), colon, 0).map(|f| f.url)
    }

    #[test]
    fn finds_mistyped_schemes() {
        for (text, url) in [
            ("see htp://host/a.", "htp://host/a"),
            ("ttps://host/", "ttps://host/"),
            ("(hhttps://host/x)", "hhttps://host/x"),
            ("httpss://host", "httpss://host"),
            ("FPT://ftp.host/pub", "FPT://ftp.host/pub"),
            ("https:://host/x", "https:://host/x"),
            ("http:\\\\host\\x", "http:\\\\host\\x"),
        ] {
            assert_eq!(found(text).as_deref(), Some(url), "{text}");
        }
    }

    #[test]
    fn leaves_real_schemes_and_prose_alone() {
        for text in [
            "sftp://host/",
            "rtsp://host/",
            "git+ssh://host/",
            "svn+htps://host/",
            "xhtp://host/",
            "htp: a note",
            "htp:/host",
            "std::http::Client",
            "http::/",
            "git fetch http::/site/path",
            "C:\\\\Windows",
            "mailto::x",
            "htp://",
        ] {
            assert_eq!(found(text), None, "{text}");
        }
    }
}
