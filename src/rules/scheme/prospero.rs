//! `invalid-prospero`.

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::paths;
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks prospero URLs: `prospero://host:port/hsoname` then optional
    /// `;field=value` pairs; `;` is reserved in the name.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.11: "The semicolon ";" is reserved and may not appear
    /// without quoting in the <hsoname>"; fields are `;name=value`. A
    /// malformed field cannot be sent to the Prospero server.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `prospero://host.dom/pros/name;version`
    ///
    /// Use instead: `prospero://host.dom/pros/name;OBJECT-VERSION=2`
    pub static INVALID_PROSPERO = {
        name: "invalid-prospero",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.11",
        summary: "not `prospero://hostport/hsoname[;field=value]...`",
        example: "prospero://host.dom/pros/name;version",
        ok_example: "prospero://host.dom//pros/name;OBJECT-VERSION=2",
        help: "a prospero URL is prospero://host/hsoname;field=value (RFC 1738 §3.11)",
    }
}

/// Check prospero URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Prospero, paths::prospero);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_prospero() {
        table(
            Rule::InvalidProspero,
            &[
                ("prospero://host.dom/pros/name;version", &[";version"]),
                ("prospero://h/a;x=1;y", &[";y"]),
                ("prospero://h/a;x=1=2", &[";x=1=2"]),
                ("prospero://h", &["//h"]),
                ("prospero://host.dom//pros/name", &[]),
                ("prospero://h:1525/a/b;OBJECT-VERSION=2;x=y", &[]),
            ],
        );
    }
}
