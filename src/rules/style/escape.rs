//! `unnecessary-escape`.

use crate::rules::declare_rule;
use crate::validate::grammar::escape::escapes;
use crate::validate::grammar::is_unreserved;
use crate::validate::{Cx, Report};

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
    }
}

/// Report escapes of unreserved characters.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let query = cx.parts.query.clone();
    for e in escapes(cx.url, 0..cx.url.len()) {
        let Some(v) = e.value.filter(|&v| is_unreserved(v)) else {
            continue;
        };
        if v == b'+' && query.as_ref().is_some_and(|q| q.contains(&e.range.start)) {
            continue;
        }
        let c = char::from(v);
        out.at_with_help(
            e.range.clone(),
            format!(
                "`{}` encodes `{c}`, which needs no encoding",
                cx.text(e.range)
            ),
            format!("write `{c}` (RFC 1630, Example 1)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

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
