//! RFC 3986 §5.2, "Relative Resolution", strict form: a reference with a
//! scheme is taken as a target as is (after dot removal), never as
//! relative to a base of the same scheme (§5.2.2's "non-strict" option).

use super::{ResolveError, Rules};

/// A reference split by the regular expression of RFC 3986 Appendix B.
/// `None` means the component is undefined, which differs from empty.
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`
    fn parse(s: &'a str) -> Self {
        let (s, fragment) = match s.split_once('#') {
            Some((s, f)) => (s, Some(f)),
            None => (s, None),
        };
        let (s, query) = match s.split_once('?') {
            Some((s, q)) => (s, Some(q)),
            None => (s, None),
        };
        let (scheme, s) = match s.find([':', '/']) {
            Some(i) if i > 0 && s.as_bytes().get(i) == Some(&b':') => {
                let (scheme, rest) = s.split_at(i);
                (Some(scheme), rest.get(1..).unwrap_or_default())
            }
            _ => (None, s),
        };
        let (authority, path) = match s.strip_prefix("//") {
            Some(rest) => {
                let end = rest.find('/').unwrap_or(rest.len());
                let (authority, path) = rest.split_at(end);
                (Some(authority), path)
            }
            None => (None, s),
        };
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

pub(super) fn resolve(base: &str, reference: &str) -> Result<String, ResolveError> {
    let b = Parts::parse(base);
    let scheme = b
        .scheme
        .filter(|s| is_scheme(s))
        .ok_or(ResolveError::BaseNotAbsolute {
            rules: Rules::Rfc3986,
        })?;
    let r = Parts::parse(reference);

    // §5.2.2, the pseudocode in order.
    let (scheme, authority, path, query) = if let Some(scheme) = r.scheme {
        (scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.authority.is_some() {
        (scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.path.is_empty() {
        (scheme, b.authority, b.path.to_owned(), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (scheme, b.authority, remove_dot_segments(r.path), r.query)
    } else {
        let merged = merge(&b, r.path);
        (scheme, b.authority, remove_dot_segments(&merged), r.query)
    };

    // §5.3, component recomposition.
    let mut out = String::with_capacity(base.len() + reference.len());
    out.push_str(scheme);
    out.push(':');
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(&path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    Ok(out)
}

/// §5.2.3: the reference path replaces the base path's last segment.
fn merge(base: &Parts<'_>, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    let dir = base
        .path
        .rfind('/')
        .map_or("", |i| base.path.get(..=i).unwrap_or_default());
    format!("{dir}{path}")
}

/// §5.2.4, with the input buffer as a cursor into `input`, so each step is
/// O(1) apart from moving a segment, and the whole is linear.
fn remove_dot_segments(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("../").or_else(|| rest.strip_prefix("./")) {
            // A.
            rest = r;
        } else if rest.starts_with("/./") {
            // B: "/./" becomes "/".
            rest = rest.get(2..).unwrap_or_default();
        } else if rest == "/." {
            rest = "/";
        } else if rest.starts_with("/../") {
            // C: "/../" becomes "/", and the last output segment goes.
            rest = rest.get(3..).unwrap_or_default();
            pop_segment(&mut out);
        } else if rest == "/.." {
            rest = "/";
            pop_segment(&mut out);
        } else if rest == "." || rest == ".." {
            // D.
            rest = "";
        } else {
            // E: move the first segment, with its leading "/", if any.
            let skip = usize::from(rest.starts_with('/'));
            let end = rest
                .get(skip..)
                .and_then(|s| s.find('/'))
                .map_or(rest.len(), |i| i + skip);
            let (segment, tail) = rest.split_at(end);
            out.push_str(segment);
            rest = tail;
        }
    }
    out
}

/// Remove the last segment and its preceding "/", if any, from `out`.
fn pop_segment(out: &mut String) {
    let cut = out.rfind('/').unwrap_or(0);
    out.truncate(cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 §5.4.1 and §5.4.2, against `http://a/b/c/d;p?q`.
    const EXAMPLES: &[(&str, &str)] = &[
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];

    #[test]
    fn rfc_3986_examples() {
        for (reference, want) in EXAMPLES {
            let got = resolve("http://a/b/c/d;p?q", reference);
            assert_eq!(got.as_deref(), Ok(*want), "reference {reference:?}");
        }
    }

    #[test]
    fn remove_dot_segments_section_5_2_4() {
        // The two walk-throughs printed in §5.2.4.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn edge_cases() {
        for (base, reference, want) in [
            // Base with authority and empty path: merge adds the "/".
            ("http://a", "g", "http://a/g"),
            // Base without authority or slash: the whole path is replaced.
            ("news:a", "b", "news:b"),
            // The base fragment never survives.
            ("http://a/b#f", "", "http://a/b"),
            // Empty authority stays defined.
            ("file:///x/y", "z", "file:///x/z"),
            ("http://ü/ä/ö", "ß/../€", "http://ü/ä/€"),
        ] {
            assert_eq!(
                resolve(base, reference).as_deref(),
                Ok(want),
                "{base} + {reference}"
            );
        }
    }

    #[test]
    fn long_inputs_stay_linear() {
        let deep = "a/".repeat(100_000);
        let up = "../".repeat(100_000);
        let got = resolve(&format!("m://h/{deep}x"), &format!("{up}g"));
        assert_eq!(got.as_deref(), Ok("m://h/g"));
    }
}
