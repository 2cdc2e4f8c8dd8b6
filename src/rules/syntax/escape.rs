//! `invalid-percent-escape`.

use crate::rules::declare_rule;
use crate::validate::grammar::escape::escapes;
use crate::validate::{Cx, Report};

declare_rule! {
    /// ## What it does
    /// Finds a `%` that is not followed by two hexadecimal digits.
    ///
    /// ## Why is this bad?
    /// In a URL `%` always starts an encoded octet: RFC 1630 says "all %
    /// characters imply encodings", and calls `%*` and `%as` illegal
    /// (Example 3). A reader cannot decode the URL, and tools disagree about
    /// what it means.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `news:12345667123%asdghfh@info.cern.ch`
    ///
    /// Use instead: encode a literal `%` as `%25`:
    /// `news:12345667123%25asdghfh@info.cern.ch`
    pub static INVALID_PERCENT_ESCAPE = {
        name: "invalid-percent-escape",
        group: Syntax,
        default: Some(crate::rules::Severity::Error),
        rfc: "RFC 1630 Example 3; RFC 1738 §2.2",
        summary: "`%` not followed by two hex digits",
        example: "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
        ok_example: "http://info.cern.ch/RDB/EMP?*%20where%20name%3Ddobbins",
        help: "encode a literal % as %25 (RFC 1630, Example 3)",
    }
}

/// Report every `%` that does not start a valid escape.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    for e in escapes(cx.url, 0..cx.url.len()).filter(|e| e.value.is_none()) {
        let text = cx.text(e.range.clone());
        let message = if text.len() == 1 {
            "`%` is not followed by two hex digits".to_string()
        } else {
            format!("`{text}` is not a percent escape")
        };
        out.at(e.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_percent_escape() {
        table(
            Rule::InvalidPercentEscape,
            &[
                ("news:12345667123%asdghfh@info.cern.ch", &["%as"]),
                ("fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", &["%*."]),
                (
                    "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
                    &["%"],
                ),
                ("http://h/a%2", &["%2"]),
                ("http://h/100%", &["%"]),
                ("http://h/a#b%zz", &["%zz"]),
                ("http://h/a%20b%2Dc%2dd", &[]),
                ("http://h/a%25", &[]),
            ],
        );
    }
}
