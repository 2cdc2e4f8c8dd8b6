//! RFC 1630, "Partial (relative) form", applied as written.
//!
//! How each sentence is read, where the text leaves room:
//!
//! - **Absolute or partial.** "A partial form can be distinguished from an
//!   absolute form in that the latter must have a colon and that colon must
//!   occur before any slash characters." Only that test is applied.
//! - **Absolute partials** are returned as given, whatever their scheme.
//!   "If the scheme parts are different, the whole absolute URI must be
//!   given. Otherwise, the scheme is omitted": the text tells the writer to
//!   omit a shared scheme; it gives the reader no rule that would strip one.
//!   So `magic:g` against a `magic:` base stays `magic:g` (an absolute form
//!   by the test above), as under RFC 3986's strict parsing.
//! - **The path.** RFC 1630's generic syntax is `scheme : path [ ? search ]`
//!   with `#fragment` after: everything after the colon is path, including
//!   `//host`. The base's `?search` and `#fragment` are not path, so they
//!   are dropped and their slashes are not counted.
//! - **Consecutive slashes.** A partial starting with n slashes keeps the
//!   base up to the first run of exactly n slashes with no longer run
//!   anywhere to its right. Read literally, this gives `magic://a/b/c//d/g`
//!   for `/g` in the RFC's own example, where the RFC prints `magic://a/g`;
//!   we follow the rule, and `--rfc3986` gives the printed answer. If no
//!   run qualifies, "everything up to" the occurrence is the whole base
//!   path, so `/g` against `magic://a` is `magic://a/g`.
//! - **Dot removal** belongs to the relative branch only ("...appended in
//!   its place, and then:"), as in the URL paper, where it is a sub-step of
//!   interpreting a relative path. A partial starting with a slash is
//!   prepended to and left alone.
//! - **"xxx/../" and "/."** are removed until none is left, scanning left to
//!   right. `..` must be followed by a slash, so a final `..` stays (the URL
//!   paper's older text says "xxx/.." and would remove it). `xxx` is any
//!   complete element except `.` and `..`, including a void one between two
//!   slashes ("the trailing slash indicates a void segment"), but not the
//!   empty string before a leading slash, which is no element at all.
//! - **`?` and `#` in the partial** are carried along; dots are removed only
//!   in the path part of the result.

use super::{ResolveError, Rules};

/// Split an absolute form into scheme and the rest, by RFC 1630's test.
fn split_absolute(s: &str) -> Option<(&str, &str)> {
    let colon = s.find(':')?;
    if s.find('/').is_some_and(|slash| slash < colon) {
        return None;
    }
    Some((s.get(..colon)?, s.get(colon + 1..)?))
}

pub(super) fn resolve(base: &str, partial: &str) -> Result<String, ResolveError> {
    let (scheme, rest) = split_absolute(base)
        .filter(|(scheme, _)| !scheme.is_empty())
        .ok_or(ResolveError::BaseNotAbsolute {
            rules: Rules::Rfc1630,
        })?;
    if split_absolute(partial).is_some() {
        return Ok(partial.to_owned());
    }
    let path = rest.split(['?', '#']).next().unwrap_or_default();

    let slashes = partial.bytes().take_while(|&b| b == b'/').count();
    if slashes > 0 {
        let cut = slash_run_boundary(path, slashes).unwrap_or(path.len());
        let kept = path.get(..cut).unwrap_or(path);
        return Ok(format!("{scheme}:{kept}{partial}"));
    }

    // "anything following the rightmost slash" is removed; with no slash,
    // the whole path is that last part.
    let dir = path
        .rfind('/')
        .map_or("", |i| path.get(..=i).unwrap_or(path));
    // The partial's own query or fragment is not path.
    let split = partial.find(['?', '#']).unwrap_or(partial.len());
    let (partial_path, tail) = partial.split_at(split);
    let joined = format!("{dir}{partial_path}");
    Ok(format!("{scheme}:{}{tail}", remove_dots(&joined)))
}

/// Byte index in `path` of the first run of exactly `n` slashes.
///
/// RFC 1630 asks for "the first occurrence of exactly the same number of
/// consecutive slashes which has no greater number of consecutive slashes
/// anywhere to the right of it". Read with "it" as the run itself, that
/// clause says the run is not the left end of a longer run: `/` never matches
/// inside `//`. This is the only reading under which the RFC's own printed
/// examples hold: the other (no longer run anywhere further right in the
/// path) would turn `/g` in the context of `magic://a/b/c//d/e/f` into
/// `magic://a/b/c//d/g`, where the RFC prints `magic://a/g`.
fn slash_run_boundary(path: &str, n: usize) -> Option<usize> {
    let bytes = path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'/' {
            let start = i;
            while i < bytes.len() && bytes[i] == b'/' {
                i += 1;
            }
            if i - start == n {
                return Some(start);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// Remove "xxx/../" and "/." where each is a complete element, until none
/// is left. One left-to-right pass with a stack reaches that fixed point:
/// an element is popped at most once, and a ".." that could not cancel its
/// left neighbour never can later, since that neighbour stays.
fn remove_dots(path: &str) -> String {
    let elements: Vec<&str> = path.split('/').collect();
    let last = elements.len().saturating_sub(1);
    let mut out: Vec<&str> = Vec::with_capacity(elements.len());
    for (i, &element) in elements.iter().enumerate() {
        match element {
            // "/.": only when a slash precedes it in the result.
            "." if !out.is_empty() => {}
            // "xxx/../": ".." must be followed by a slash.
            ".." if i < last && out.last().is_some_and(|top| cancels(top, out.len())) => {
                out.pop();
            }
            _ => out.push(element),
        }
    }
    out.join("/")
}

/// Whether the element on top of a stack of `depth` elements is an "xxx"
/// that a following "../" removes.
fn cancels(top: &str, depth: usize) -> bool {
    // The empty first element only stands for a leading slash.
    top != "." && top != ".." && !(top.is_empty() && depth == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(base: &str, partial: &str) -> String {
        resolve(base, partial).unwrap_or_else(|e| panic!("{base} {partial}: {e}"))
    }

    /// RFC 1630, "Examples": the same results are printed for both bases
    /// ("and in the context of the URI `magic://a/b/c//d/e/` the results would
    /// be exactly the same").
    #[test]
    fn rfc_1630_examples() {
        for base in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
            assert_eq!(r(base, "g"), "magic://a/b/c//d/e/g", "{base}");
            assert_eq!(r(base, "//g"), "magic://g", "{base}");
            assert_eq!(r(base, "../g"), "magic://a/b/c//d/g", "{base}");
            assert_eq!(r(base, "g:h"), "g:h", "{base}");
            // As printed; see `slash_run_boundary` for how the clause
            // "no greater number of consecutive slashes" is read.
            assert_eq!(r(base, "/g"), "magic://a/g", "{base}");
        }
    }

    #[test]
    fn consecutive_slashes() {
        for (base, partial, want) in [
            // Ordinary web use: the first single slash after the host.
            ("http://h/d/p.html", "/o.html", "http://h/o.html"),
            ("http://h/d/p.html", "//k/x", "http://k/x"),
            // "//" never matches inside a longer run.
            ("m://a///b//c", "//g", "m://g"),
            ("m:///a//b", "//g", "m:///a//g"),
            ("m://a///b//c", "///g", "m://a///g"),
            // No run qualifies: the whole base path is kept.
            ("magic://a", "/g", "magic://a/g"),
            ("m://a//c", "/g", "m://a//c/g"),
            ("news:a", "//h/g", "news:a//h/g"),
            // The base's query and fragment are not searched or kept.
            ("m://a/b?x//y#z", "//g", "m://g"),
            ("m://a/b?q", "/g", "m://a/g"),
        ] {
            assert_eq!(r(base, partial), want, "{base} + {partial}");
        }
    }

    #[test]
    fn relative_paths_and_dot_removal() {
        for (base, partial, want) in [
            ("m://a/b/c", "g", "m://a/b/g"),
            ("m://a/b/c", "./g", "m://a/b/g"),
            ("m://a/b/c", "g/.", "m://a/b/g"),
            ("m://a/b/c", "x/y/../../g", "m://a/b/g"),
            ("m://a/b/c", "g/../", "m://a/b/"),
            ("m://a/b/c", "g/..", "m://a/b/g/.."),
            ("m://a/b/c", "../../../g", "m:/g"),
            ("m://a/b/c", "../../../../g", "m:/../g"),
            ("m://a/b/c//", "../g", "m://a/b/c/g"),
            ("m:/b", "../g", "m:/../g"),
            // Dots after "?" or "#" are not path.
            ("m://a/b/c", "g?x/../y#./z", "m://a/b/g?x/../y#./z"),
            // No slash in the base path: the whole path is replaced.
            (
                "news:comp.lang",
                "comp.infosystems.www",
                "news:comp.infosystems.www",
            ),
            ("m:", "g", "m:g"),
            // Elements merely starting with dots are names.
            ("m://a/b/c", "..g/.g/g..", "m://a/b/..g/.g/g.."),
            ("m://a/b/c", "a:b/../c/", "a:b/../c/"),
            ("m://a/b/c", "a/b:c", "m://a/b/a/b:c"),
            ("http://ü/ä/ö", "ß/../€", "http://ü/ä/€"),
        ] {
            assert_eq!(r(base, partial), want, "{base} + {partial}");
        }
    }

    #[test]
    fn remove_dots_reaches_the_fixed_point() {
        for (path, want) in [
            ("a/../.", "."),
            ("a/b/../.", "a"),
            ("a/.././g", "./g"),
            ("x/../../a/../g", "../g"),
            ("/./g", "/g"),
            ("/.", ""),
            ("./../g", "./../g"),
            ("", ""),
        ] {
            assert_eq!(remove_dots(path), want, "{path}");
        }
    }

    #[test]
    fn long_inputs_stay_linear() {
        let deep = "a/".repeat(100_000);
        let up = "../".repeat(100_000);
        let base = format!("m://h/{deep}x");
        assert_eq!(r(&base, &format!("{up}g")), "m://h/g");
        let slashes = "/".repeat(100_000);
        assert!(r(&format!("m:{slashes}x"), "/g").ends_with("/g"));
    }
}
