//! Expand partial (relative) URLs against a base: `urlint resolve`.
//!
//! The default follows RFC 1630's "Partial (relative) form" rules as
//! written, which are not the rules browsers use today. [`Rules::Rfc3986`]
//! gives RFC 3986 §5.2's answer instead, for comparison. See
//! `rfc1630.rs` for how each ambiguous sentence of RFC 1630 was read.
//!
//! ```
//! use urlint::resolve::{resolve, Rules};
//! let base = "magic://a/b/c//d/e/f";
//! assert_eq!(resolve(base, "../g", Rules::Rfc1630).unwrap(), "magic://a/b/c//d/g");
//! assert_eq!(resolve(base, "g:h", Rules::Rfc3986).unwrap(), "g:h");
//! ```

mod rfc1630;
mod rfc3986;

use std::fmt;

/// Which specification's resolution algorithm to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rules {
    /// RFC 1630, "Partial (relative) form", including its consecutive
    /// slashes rule. The default: urlint lints against RFC 1630/1738.
    #[default]
    Rfc1630,
    /// RFC 3986 §5.2 (strict), the algorithm current software implements.
    Rfc3986,
}

/// Why a partial form could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base has no scheme, so nothing can be taken from it. Under RFC
    /// 1630 an absolute form needs a non-empty scheme and a colon before
    /// any slash; under RFC 3986 the scheme must also be well formed.
    BaseNotAbsolute {
        /// The rules the base was checked against.
        rules: Rules,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute {
                rules: Rules::Rfc1630,
            } => f.write_str(
                "the base URL is not absolute: RFC 1630 needs a scheme and a colon before any slash",
            ),
            ResolveError::BaseNotAbsolute {
                rules: Rules::Rfc3986,
            } => f.write_str(
                "the base URL is not absolute: RFC 3986 needs a scheme (a letter, then letters, \
                 digits, '+', '-' or '.') followed by ':'",
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Resolve `partial` in the context of the absolute URL `base`.
///
/// The result is a new string; neither input is validated beyond what the
/// chosen rules need, so the linter still has the last word on the result.
pub fn resolve(base: &str, partial: &str, rules: Rules) -> Result<String, ResolveError> {
    match rules {
        Rules::Rfc1630 => rfc1630::resolve(base, partial),
        Rules::Rfc3986 => rfc3986::resolve(base, partial),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the two specifications disagree: (base, partial, RFC 1630,
    /// RFC 3986). Every row must differ, or it does not belong here.
    const DIFFERENCES: &[(&str, &str, &str, &str)] = &[
        // RFC 1630 finds the first run of exactly as many slashes as the
        // partial starts with, wherever it is; RFC 3986 only knows "//"
        // (authority) and "/" (path root).
        ("m:x//y/z", "//g", "m:x//g", "m://g"),
        // RFC 1630 removes dot segments only from relative paths.
        (
            "magic://a/b/c",
            "/a/../g",
            "magic://a/a/../g",
            "magic://a/g",
        ),
        ("magic://a/b/c", "//x/./g", "magic://x/./g", "magic://x/g"),
        // RFC 1630 removes "/." (taking the slash), RFC 3986 keeps a "/".
        ("magic://a/b/c", ".", "magic://a/b", "magic://a/b/"),
        // RFC 1630's pattern is "xxx/../": a final ".." has no slash after.
        ("magic://a/b/c", "..", "magic://a/b/..", "magic://a/"),
        // RFC 1630 has no authority: the host is a path element, and ".."
        // can climb over it. RFC 3986 stops at the root of the path.
        ("magic://a/b/c", "../../g", "magic://g", "magic://a/g"),
        // A leading "./" with no slash before it is not "/.".
        ("news:a", "./b", "news:./b", "news:b"),
        // RFC 1630 always replaces the last path element; RFC 3986 keeps
        // the base path for a fragment, query or empty reference.
        ("magic://a/b/c", "#f", "magic://a/b/#f", "magic://a/b/c#f"),
        ("magic://a/b/c", "?y", "magic://a/b/?y", "magic://a/b/c?y"),
        ("magic://a/b/c", "", "magic://a/b/", "magic://a/b/c"),
        // RFC 1630 takes an absolute form as given; RFC 3986 removes dots.
        ("magic://a/b/c", "g:h/../i", "g:h/../i", "g:/i"),
    ];

    #[test]
    fn rfc1630_and_rfc3986_differ_here() {
        for &(base, partial, old, new) in DIFFERENCES {
            assert_ne!(old, new, "row {base} {partial}");
            assert_eq!(
                resolve(base, partial, Rules::Rfc1630).as_deref(),
                Ok(old),
                "1630 {partial:?}"
            );
            assert_eq!(
                resolve(base, partial, Rules::Rfc3986).as_deref(),
                Ok(new),
                "3986 {partial:?}"
            );
        }
    }

    /// The RFC 1630 examples both rule sets agree on.
    #[test]
    fn rfc1630_examples_where_both_agree() {
        for base in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
            for (partial, want) in [
                ("g", "magic://a/b/c//d/e/g"),
                ("//g", "magic://g"),
                ("../g", "magic://a/b/c//d/g"),
                ("g:h", "g:h"),
            ] {
                assert_both(base, partial, want);
            }
        }
    }

    /// Both rule sets resolve `partial` against `base` to `want`.
    fn assert_both(base: &str, partial: &str, want: &str) {
        for rules in [Rules::Rfc1630, Rules::Rfc3986] {
            assert_eq!(
                resolve(base, partial, rules).as_deref(),
                Ok(want),
                "{rules:?} {base} {partial}"
            );
        }
    }

    /// ".." across a "//" in the path: both count the void segment between
    /// the slashes as an element, so they agree.
    #[test]
    fn dot_dot_across_double_slash_agrees() {
        for (base, partial, want) in [
            ("m://a/b/c//d", "../g", "m://a/b/c/g"),
            ("m://a/b/c//d/e", "../../g", "m://a/b/c/g"),
            ("m://a/b/c//d/e/f", "../../../g", "m://a/b/c/g"),
        ] {
            assert_both(base, partial, want);
        }
    }

    #[test]
    fn same_scheme_partial_is_absolute_under_both() {
        // RFC 1630: a colon before any slash makes it an absolute form.
        // RFC 3986 §5.2.2 (strict): a scheme makes it a target as is.
        for rules in [Rules::Rfc1630, Rules::Rfc3986] {
            assert_eq!(
                resolve("magic://a/b/c", "magic:g", rules).as_deref(),
                Ok("magic:g")
            );
        }
    }

    #[test]
    fn relative_base_is_an_error() {
        for (base, rules) in [
            ("a/b:c", Rules::Rfc1630),
            ("//host/x", Rules::Rfc1630),
            (":x", Rules::Rfc1630),
            ("a/b:c", Rules::Rfc3986),
            ("1a:b", Rules::Rfc3986),
            ("", Rules::Rfc3986),
        ] {
            let err = resolve(base, "g", rules).unwrap_err();
            assert_eq!(err, ResolveError::BaseNotAbsolute { rules });
            assert!(err.to_string().contains("not absolute"));
        }
    }

    /// URL-ish text: mostly the characters the algorithms look at.
    fn urlish() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let pieces = prop::sample::select(vec![
            "/", "//", ".", "..", ":", "?", "#", "a", "b", "ü", "%", "\u{202e}",
        ]);
        prop::collection::vec(pieces, 0..16).prop_map(|v| v.concat())
    }

    proptest::proptest! {
        #[test]
        fn never_panics_and_keeps_the_scheme(base in urlish(), partial in urlish()) {
            let r1630 = resolve(&base, &partial, Rules::Rfc1630);
            let r3986 = resolve(&base, &partial, Rules::Rfc3986);
            // A relative partial always inherits the base's scheme.
            if let (Ok(out), Some(colon)) = (&r1630, base.find(':')) {
                let partial_is_absolute = partial
                    .find(':')
                    .is_some_and(|c| partial.find('/').is_none_or(|s| s >= c));
                if !partial_is_absolute {
                    proptest::prop_assert!(out.starts_with(&base[..=colon]));
                }
            }
            // The base check is the same whatever the partial.
            proptest::prop_assert_eq!(r1630.is_err(), resolve(&base, "", Rules::Rfc1630).is_err());
            proptest::prop_assert_eq!(r3986.is_err(), resolve(&base, "", Rules::Rfc3986).is_err());
        }
    }
}
