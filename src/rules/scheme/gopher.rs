//! `invalid-gopher`.

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::paths;
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks gopher URLs: `gopher://host:port/` then an optional
    /// one-character type and selector, then `%09search` and `%09gopher+`.
    /// The selector may not contain an encoded CR or LF.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.4: selector strings "may contain any octets except 09
    /// hexadecimal (US-ASCII HT or tab) 0A hexadecimal (US-ASCII character LF),
    /// and 0D"; a selector with a line break would be split into two protocol
    /// lines by the server.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `gopher:gopher.example.org/1menu` (and `gopher://host/0about%0Dme`)
    ///
    /// Use instead: `gopher://gopher.example.org/1menu`
    pub static INVALID_GOPHER = {
        name: "invalid-gopher",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.4",
        summary: "not `gopher://hostport[/type selector[%09search[%09gopher+]]]`",
        example: "gopher:gopher.example.org/1menu",
        ok_example: "gopher://gopher.example.org/1menu",
        help: "a gopher URL is gopher://host:port/<type><selector>[%09<search>] (RFC 1738 §3.4)",
    }
}

/// Check gopher URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Gopher, paths::gopher);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_gopher() {
        table(
            Rule::InvalidGopher,
            &[
                ("gopher://host/0about%0Dme", &["%0D"]),
                ("gopher://host/1a%0Ab", &["%0A"]),
                ("gopher://host/%0Dx%0D", &["%0D"]),
                ("gopher:host/1", &["host/1"]),
                ("gopher://host/", &[]),
                ("gopher://host", &[]),
                ("gopher://host:70/7search%09query%09+%0D%0A", &[]),
                ("gopher://host/1!+ABSTRACT%20+SMELL", &[]),
            ],
        );
    }
}
