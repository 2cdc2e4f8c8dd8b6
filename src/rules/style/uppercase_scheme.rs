//! `uppercase-scheme`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds upper-case letters in a scheme name.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.1 writes schemes in lower case; programs "should treat
    /// upper case letters as equivalent", but not all do, and `HTTP://` in
    /// text often marks a URL typed by hand or shouted by a mail client.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `HTTP://host/`
    ///
    /// Use instead: `http://host/`
    pub static UPPERCASE_SCHEME = {
        name: "uppercase-scheme",
        group: Style,
        default: Some(Severity::Info),
        rfc: "RFC 1738 §2.1",
        summary: "`HTTP:` — schemes are written in lower case",
        example: "HTTP://host/",
        ok_example: "http://HOST/",
        help: "write the scheme in lower case (RFC 1738 §2.1)",
        fix: (Safe, "lower-case the scheme"),
    }
}

/// Report a scheme with upper-case letters.
pub fn check_uppercase(cx: &Cx<'_>, out: &mut Report<'_>) {
    let s = cx.scheme_str();
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        if let Some(r) = cx.parts.scheme.clone() {
            out.at_with_help(
                r.clone(),
                format!("scheme `{s}` is not in lower case"),
                format!("write `{}:` (RFC 1738 §2.1)", s.to_ascii_lowercase()),
            );
            out.fix(
                Applicability::Safe,
                "lower-case the scheme",
                vec![(r, s.to_ascii_lowercase())],
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn uppercase_scheme() {
        table(
            Rule::UppercaseScheme,
            &[
                ("HTTP://host/", &["HTTP"]),
                ("Mailto:a@b", &["Mailto"]),
                ("http://HOST/PATH", &[]),
            ],
        );
    }
}
