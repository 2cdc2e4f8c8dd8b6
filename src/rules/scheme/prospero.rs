//! `invalid-prospero`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{char_at, first_not_uchar, missing_authority, Fault};
use crate::url::{Cx, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks prospero URLs: `prospero://host:port/hsoname` then optional
    /// `;field=value` pairs; `;` is reserved in the name.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.11: "The semicolon ";" is reserved and may not appear
    /// without quoting in the `<hsoname>`"; fields are `;name=value`. A
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
    super::run(cx, out, SchemeKind::Prospero, prospero);
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ ";" fieldname "=" fieldvalue ]`.
fn prospero(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "prospero://host:port/hsoname") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    if !cx.text(r.clone()).starts_with('/') {
        return Some(Fault::new(
            cx.parts.body.clone(),
            "a Prospero URL names an object: `prospero://host/hsoname`",
        ));
    }
    let b = cx.url.as_bytes();
    let end = memchr::memchr(b';', &b[r.clone()]).map_or(r.end, |i| r.start + i);
    if let Some(i) = first_not_uchar(cx.url, r.start..end, b"/?:@&=") {
        return Some(Fault::new(
            char_at(cx.url, i),
            "reserved character in a Prospero name: encode it",
        ));
    }
    let mut at = end;
    while at < r.end {
        let next = memchr::memchr(b';', &b[at + 1..r.end]).map_or(r.end, |i| at + 1 + i);
        let field = at..next;
        let text = cx.text(at + 1..next);
        match text.split_once('=') {
            Some((_, value))
                if !value.contains('=')
                    && first_not_uchar(cx.url, at + 1..next, b"?:@&=").is_none() => {}
            _ => {
                return Some(Fault::new(
                    field,
                    "a Prospero field is `;name=value` (no `/`, one `=`)",
                ));
            }
        }
        at = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

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
