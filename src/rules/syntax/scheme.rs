//! `invalid-scheme`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::char_at;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds scheme names with characters other than letters, digits, `+`,
    /// `-` and `.`.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.1 allows only those characters in a scheme name, so a
    /// reader cannot tell where the scheme ends. (Upper-case letters are
    /// allowed but discouraged: see `uppercase-scheme`.)
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:z39_50://host/>`
    ///
    /// Use instead: `<URL:z39.50://host/>`
    pub static INVALID_SCHEME = {
        name: "invalid-scheme",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.1",
        summary: "scheme characters outside `a-z 0-9 + - .`",
        example: "<URL:z39_50://host/>",
        ok_example: "<URL:z39.50://host/>",
        help: "scheme names use only a-z, 0-9, `+`, `-` and `.` (RFC 1738 §2.1)",
    }
}

/// Report the first bad character of the scheme.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(r) = cx.parts.scheme.clone() else {
        return;
    };
    if r.is_empty() {
        out.at(0..1, "the scheme before `:` is empty".to_string());
        return;
    }
    let b = cx.url.as_bytes();
    if let Some(i) =
        (r.clone()).find(|&i| !(b[i].is_ascii_alphanumeric() || b"+-.".contains(&b[i])))
    {
        let c = cx.text(char_at(cx.url, i));
        out.at(
            r.clone(),
            format!("`{c}` is not allowed in the scheme `{}`", cx.text(r)),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn invalid_scheme() {
        table(
            Rule::InvalidScheme,
            &[
                ("my_scheme://host/", &["my_scheme"]),
                ("h\u{e9}:x", &["h\u{e9}"]),
                (":x", &[":"]),
                ("z39.50:x", &[]),
                ("svn+ssh://host/", &[]),
                ("HTTP://host/", &[]),
                ("a/b:c", &[]),
            ],
        );
    }
}
