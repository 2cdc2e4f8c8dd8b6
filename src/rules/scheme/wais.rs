//! `invalid-wais`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{char_at, first_not_uchar, missing_authority, Fault};
use crate::url::{Cx, SchemeKind};

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
    super::run(cx, out, SchemeKind::Wais, wais);
}

/// `waisdatabase | waisindex | waisdoc`: `/database`, `/database?search` or
/// `/database/wtype/wpath`, each part `*uchar`.
fn wais(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "wais://host:port/database") {
        return Some(f);
    }
    let p = cx.parts.path.clone();
    let path = cx.text(p.clone());
    let Some(rest) = path.strip_prefix('/') else {
        return Some(Fault::new(
            cx.parts.body.clone(),
            "a WAIS URL names a database: `wais://host/database`",
        ));
    };
    let parts = rest.split('/').count();
    if parts != 1 && parts != 3 {
        return Some(Fault::new(
            p,
            "a WAIS path is `/database` or `/database/wtype/wpath`",
        ));
    }
    if let Some(i) = first_not_uchar(cx.url, p.start + 1..p.end, b"/") {
        return Some(Fault::new(
            char_at(cx.url, i),
            "reserved character in a WAIS database, type or path: encode it",
        ));
    }
    let q = cx.parts.query.clone()?;
    if parts == 3 {
        return Some(Fault::new(
            q.start - 1..q.end,
            "a WAIS document URL takes no `?search`",
        ));
    }
    let i = first_not_uchar(cx.url, q, b";:@&=")?;
    Some(Fault::new(
        char_at(cx.url, i),
        "`/` or `?` in a WAIS search must be encoded",
    ))
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

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
