//! `invalid-wais`.

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::paths;
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks wais URLs: `wais://host:port/database`, optionally followed by
    /// `?search` or by `/wtype/wpath`, each part free of unencoded reserved
    /// characters.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.9 defines exactly these three forms; any other shape cannot
    /// be turned into a WAIS request.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `wais://host/db/TEXT`
    ///
    /// Use instead: `wais://host/db/TEXT/doc-id`
    pub static INVALID_WAIS = {
        name: "invalid-wais",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.9",
        summary: "not `wais://hostport/database[?search | /wtype/wpath]`",
        example: "wais://host/db/TEXT",
        ok_example: "wais://host/db/TEXT/doc-id",
        help: "a wais URL is wais://host/database, /database?search or /database/wtype/wpath (RFC 1738 §3.9)",
    }
}

/// Check wais URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Wais, paths::wais);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_wais() {
        table(
            Rule::InvalidWais,
            &[
                ("wais://host/db/TEXT", &["/db/TEXT"]),
                ("wais://host", &["//host"]),
                ("wais://host/d;b", &[";"]),
                ("wais://host/db/t/p?x", &["?x"]),
                ("wais://host/db?a/b", &["/"]),
                ("wais://host/db", &[]),
                ("wais://host:210/db?query", &[]),
                ("wais://host/db/TEXT/doc%2Fid", &[]),
            ],
        );
    }
}
