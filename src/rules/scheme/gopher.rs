//! `invalid-gopher`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{escape, missing_authority, Fault};
use crate::url::{Cx, SchemeKind};

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
    /// `<URL:gopher:gopher.example.org/1menu>` (and `gopher://host/0about%0Dme`)
    ///
    /// Use instead: `<URL:gopher://gopher.example.org/1menu>`
    pub static INVALID_GOPHER = {
        name: "invalid-gopher",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.4",
        summary: "not `gopher://hostport[/type selector[%09search[%09gopher+]]]`",
        example: "<URL:gopher:gopher.example.org/1menu>",
        ok_example: "<URL:gopher://gopher.example.org/1menu>",
        help: "a gopher URL is gopher://host:port/<type><selector>[%09<search>] (RFC 1738 §3.4)",
    }
}

/// Check gopher URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Gopher, gopher);
}

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search
/// [ "%09" gopher+_string ]]]]]`; a selector may not contain CR or LF.
fn gopher(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "gopher://host:port/<type><selector>") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    // Skip the `/` and the one-character type, which may itself be encoded.
    let gtype = if cx.url.as_bytes().get(r.start + 1) == Some(&b'%') {
        3
    } else {
        1
    };
    let sel_start = (r.start + 1 + gtype).min(r.end);
    for e in escape::escapes(cx.url, sel_start..r.end) {
        match e.value {
            Some(0x09) => return None,
            Some(0x0A | 0x0D) => {
                return Some(Fault::new(
                    e.range,
                    "a Gopher selector cannot contain CR or LF (RFC 1738 §3.4)",
                ))
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

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
