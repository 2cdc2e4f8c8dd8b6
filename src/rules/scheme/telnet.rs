//! `invalid-telnet`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{missing_authority, Fault};
use crate::url::{Cx, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Finds a path in a telnet URL; only a final `/` is allowed.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.8: `telnet://user:password@host:port/` designates an
    /// interactive service, not a data object; a path has no meaning, and the
    /// client will drop it.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `telnet://host/login`
    ///
    /// Use instead: `telnet://host/`
    pub static INVALID_TELNET = {
        name: "invalid-telnet",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.8",
        summary: "a path other than an optional final `/`",
        example: "telnet://host/login",
        ok_example: "telnet://user@host/",
        help: "a telnet URL ends after host:port, with at most a `/` (RFC 1738 §3.8)",
    }
}

/// Check telnet URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Telnet, telnet);
}

/// `telneturl = "telnet://" login [ "/" ]`.
fn telnet(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "telnet://user:password@host:port/") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    match cx.text(r.clone()) {
        "" | "/" => None,
        _ => Some(Fault::new(
            r,
            "a telnet URL has no path, only an optional final `/`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn invalid_telnet() {
        table(
            Rule::InvalidTelnet,
            &[
                ("telnet://host/login", &["/login"]),
                ("telnet://host?x", &["?x"]),
                ("telnet:host", &["host"]),
                ("telnet://host/", &[]),
                ("telnet://u:p@host:2323", &[]),
            ],
        );
    }
}
