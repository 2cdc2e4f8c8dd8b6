//! `unnecessary-escape`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability};
use crate::url::grammar::escape::escapes;
use crate::url::grammar::is_unreserved;
use crate::url::{Cx, Standard};

declare_rule! {
    /// ## What it does
    /// Finds escapes of unreserved characters (letters, digits and
    /// `$-_.+!*'(),`), such as `%2D` for `-`. `%2B` in a query is not
    /// reported: there `+` means a space (RFC 1630), so a real plus must be
    /// encoded.
    ///
    /// ## Why is this bad?
    /// RFC 1630 Example 1: `marie%2Dclaude` and `marie-claude` are the same
    /// URL; the escape only makes it harder to read and compare. Off by
    /// default: it is legal.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) the unreserved characters are letters,
    /// digits and `-._~` (RFC 3986 §2.3): `%7E` for `~` is reported, while
    /// `$+!*'(),` are sub-delimiters whose escapes may carry meaning and are
    /// not. Under `rfc1738` they are letters, digits and `$-_.+!*'(),`
    /// (RFC 1738 §2.2), and `~` is unsafe, so `%7E` is needed.
    ///
    /// ## Example
    /// `http://info.cern.ch/albert/bertram/marie%2Dclaude`
    ///
    /// Use instead: `http://info.cern.ch/albert/bertram/marie-claude`
    pub static UNNECESSARY_ESCAPE = {
        name: "unnecessary-escape",
        group: Style,
        default: None,
        rfc: "RFC 1630 Example 1; RFC 1738 §2.2",
        summary: "an unreserved character encoded, e.g. `%2D` for `-`",
        example: "http://info.cern.ch/albert/bertram/marie%2Dclaude",
        ok_example: "http://info.cern.ch/albert/bertram%2Fmarie-claude",
        help: "write the character itself (RFC 1630, Example 1)",
        fix: (Safe, "decode the unreserved character"),
    }
}

/// Report escapes of unreserved characters.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let query = cx.parts.query.clone();
    let mut edits = Vec::new();
    for e in escapes(cx.url, 0..cx.url.len()) {
        let unreserved = |v: u8| match cx.standard {
            Standard::Rfc1738 => is_unreserved(v),
            Standard::Rfc3986 => v.is_ascii_alphanumeric() || b"-._~".contains(&v),
        };
        let Some(v) = e.value.filter(|&v| unreserved(v)) else {
            continue;
        };
        if v == b'+' && query.as_ref().is_some_and(|q| q.contains(&e.range.start)) {
            continue;
        }
        let c = char::from(v);
        edits.push((e.range.clone(), c.to_string()));
        out.at_with_help(
            e.range.clone(),
            format!(
                "`{}` encodes `{c}`, which needs no encoding",
                cx.text(e.range)
            ),
            format!("write `{c}` (RFC 1630, Example 1)"),
        );
    }
    out.fix(
        Applicability::Safe,
        "decode the unreserved characters",
        edits,
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn unnecessary_escape_under_rfc3986() {
        table_3986(
            Rule::UnnecessaryEscape,
            &[
                ("http://h/%41%7e%2b%24", &["%41", "%7e"]),
                ("http://h/a%2Db", &["%2D"]),
                ("http://h/a%28b%29", &[]),
            ],
        );
    }

    #[test]
    fn unnecessary_escape() {
        table(
            Rule::UnnecessaryEscape,
            &[
                (
                    "http://info.cern.ch/albert/bertram/marie%2Dclaude",
                    &["%2D"],
                ),
                ("http://h/%41%7e%2b", &["%41", "%2b"]),
                ("http://h/a?b=%2B", &[]),
                ("http://info.cern.ch/albert/bertram%2Fmarie-claude", &[]),
                ("http://h/a%20b%25", &[]),
            ],
        );
    }
}
