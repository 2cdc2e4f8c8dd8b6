//! `uppercase-scheme` and `unknown-scheme`.

use crate::rules::{declare_rule, Severity};
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Finds upper-case letters in a scheme name.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.1 writes schemes in lower case; programs "should treat
    /// upper case letters as equivalent", but not all do, and `HTTP://` in
    /// text often marks a URL typed by hand or shouted by a mail client.
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
    }
}

declare_rule! {
    /// ## What it does
    /// Finds schemes that are neither known to urlint (those of RFC 1738,
    /// RFC 1630, RFC 1738 §4's reserved names, and `https`) nor configured.
    ///
    /// ## Why is this bad?
    /// It may be a typo (`htp:`), or a private scheme nobody else can open.
    /// Add real ones to `urlint.toml` to silence this. A scheme that is not
    /// even well-formed is left to `invalid-scheme`.
    ///
    /// ## Example
    /// `htp://host/`
    ///
    /// Use instead: `http://host/`
    pub static UNKNOWN_SCHEME = {
        name: "unknown-scheme",
        group: Style,
        default: Some(Severity::Info),
        rfc: "RFC 1738 §4",
        summary: "a scheme that is neither known nor configured",
        example: "htp://host/",
        ok_example: "http://host/",
        help: "check the spelling, or add the scheme to urlint.toml",
    }
}

/// Report a scheme with upper-case letters.
pub fn check_uppercase(cx: &Cx<'_>, out: &mut Report<'_>) {
    let s = cx.scheme_str();
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        if let Some(r) = cx.parts.scheme.clone() {
            out.at_with_help(
                r,
                format!("scheme `{s}` is not in lower case"),
                format!("write `{}:` (RFC 1738 §2.1)", s.to_ascii_lowercase()),
            );
        }
    }
}

/// Report a scheme nobody registered.
pub fn check_unknown(cx: &Cx<'_>, out: &mut Report<'_>) {
    // A scheme with characters no scheme may have is `invalid-scheme`'s.
    let valid = cx
        .scheme_str()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    if cx.scheme == SchemeKind::Unknown && valid && !cx.scheme_str().is_empty() {
        if let Some(r) = cx.parts.scheme.clone() {
            out.at(r, format!("unknown scheme `{}`", cx.scheme_str()));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

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

    #[test]
    fn unknown_scheme() {
        table(
            Rule::UnknownScheme,
            &[
                ("htp://host/", &["htp"]),
                ("javascript:alert(1)", &["javascript"]),
                ("HTTPS://host/", &[]),
                ("z39.50:x", &[]),
                ("x-custom:thing", &[]),
                ("../relative", &[]),
            ],
        );
    }
}
