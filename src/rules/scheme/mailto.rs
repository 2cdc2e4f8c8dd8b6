//! `invalid-mailto`.

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::paths;
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks that `mailto:` is followed by one RFC 822 addr-spec,
    /// `local-part@domain` (percent escapes decoded first). Header fields after
    /// `?` (RFC 6068) are not judged.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.5: a mailto URL is the encoding of an addr-spec. Without
    /// one, a mail client has nowhere to send to.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `mailto:webmaster`
    ///
    /// Use instead: `mailto:webmaster@example.org`
    pub static INVALID_MAILTO = {
        name: "invalid-mailto",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.5; RFC 822 §6.1",
        summary: "no RFC 822 addr-spec after `mailto:`",
        example: "mailto:webmaster",
        ok_example: "mailto:webmaster@example.org",
        help: "write mailto:local-part@domain (RFC 1738 §3.5)",
    }
}

/// Check the address of mailto URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Mailto, paths::mailto);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_mailto() {
        table(
            Rule::InvalidMailto,
            &[
                ("mailto:webmaster", &["webmaster"]),
                ("mailto:a@b@c", &["a@b@c"]),
                ("mailto:a@b,c@d", &["a@b,c@d"]),
                ("mailto:?subject=hi", &["?subject=hi"]),
                ("mailto:a%20b@c", &["a%20b@c"]),
                ("mailto:timbl@info.cern.ch", &[]),
                ("mailto:a@b?subject=x&body=y", &[]),
                ("mailto:%22a%20b%22@c.org", &[]),
                ("mailto:a%40b@c", &["a%40b@c"]),
            ],
        );
    }
}
