//! `userinfo-not-allowed`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a `user@` or `user:password@` in schemes whose syntax has none:
    /// http, https, gopher, wais, nntp, prospero and news.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.3 ff. give these schemes `hostport`, not `login`: "No user
    /// name or password is allowed." Browsers treat the part before `@` in
    /// their own ways, and it is a classic disguise:
    /// `http://www.bank.com@evil.example/` goes to `evil.example`.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) every `//authority` may hold a user
    /// name (RFC 3986 §3.2.1), so this rule only fires where the URL has no
    /// authority to hold one, which the split never finds: it is quiet, and
    /// a password is left to `password-in-url`. Under `rfc1738` it reports
    /// the userinfo of the schemes listed above, on every host.
    ///
    /// ## Example
    /// `http://user@host/`
    ///
    /// Use instead: `http://host/`
    pub static USERINFO_NOT_ALLOWED = {
        name: "userinfo-not-allowed",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.3-3.11",
        summary: "user or password in http, https, gopher, wais, nntp, prospero or news",
        example: "http://user@host/",
        ok_example: "ftp://user@host/",
        help: "remove the user name and password: this scheme has none (RFC 1738 §3)",
    }
}

/// Report the `user:password@` part, `@` included (the password is not quoted).
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    use SchemeKind as K;
    // RFC 3986: a userinfo only exists inside an authority, which may hold one.
    if cx.standard == Standard::Rfc3986 {
        return;
    }
    if !matches!(
        cx.scheme,
        K::Http | K::Https | K::Gopher | K::Wais | K::Nntp | K::Prospero | K::News
    ) {
        return;
    }
    let Some(ui) = cx.parts.authority.as_ref().and_then(|a| a.userinfo.clone()) else {
        return;
    };
    out.at(
        ui.start..ui.end + 1,
        format!("`{}` URLs allow no user name or password", cx.scheme_str()),
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn user_names_are_allowed_under_rfc3986() {
        table_3986(
            Rule::UserinfoNotAllowed,
            &[
                ("http://user@host.org/", &[]),
                ("https://u:secret@host.org/", &[]),
                ("nntp://a@h.org/g", &[]),
            ],
        );
    }

    #[test]
    fn userinfo_not_allowed() {
        table(
            Rule::UserinfoNotAllowed,
            &[
                ("http://user@host/", &["user@"]),
                ("https://u:secret@host/", &["u:secret@"]),
                ("gopher://@host/", &["@"]),
                ("nntp://a@h/g", &["a@"]),
                ("ftp://user:pw@host/", &[]),
                ("telnet://user@host/", &[]),
                ("http://host/a@b", &[]),
                ("mailto:a@b", &[]),
            ],
        );
    }
}
