//! `password-in-url`.

use crate::rules::{declare_rule, Severity};
use crate::validate::{Cx, Report};

declare_rule! {
    /// ## What it does
    /// Finds a password in the `//user:password@host` part of any URL. An
    /// empty password (`ftp://foo:@host/`, which RFC 1738 §3.1 shows) is not
    /// reported: it keeps nothing secret. The message never repeats the
    /// password.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §6: "The use of URLs containing passwords that should be
    /// secret is clearly unwise." Text with URLs gets archived, indexed and
    /// forwarded.
    ///
    /// ## Example
    /// `ftp://joe:secret@ftp.example.org/`
    ///
    /// Use instead: `ftp://joe@ftp.example.org/` (the client asks for the password)
    pub static PASSWORD_IN_URL = {
        name: "password-in-url",
        group: Security,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 §6",
        summary: "a password in the URL",
        example: "ftp://joe:secret@ftp.example.org/",
        ok_example: "ftp://joe@ftp.example.org/",
        help: "remove the password and let the client ask for it (RFC 1738 §6)",
    }
}

/// Report a non-empty password.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(p) = cx.parts.authority.as_ref().and_then(|a| a.password.clone()) else {
        return;
    };
    if !p.is_empty() {
        out.at(p, "the URL contains a password".to_string());
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::{cand, diagnostics, table};

    #[test]
    fn password_in_url() {
        table(
            Rule::PasswordInUrl,
            &[
                ("ftp://joe:secret@ftp.example.org/", &["secret"]),
                ("postgres://u:pw@db/x", &["pw"]),
                ("ftp://foo:@host.com/", &[]),
                ("ftp://joe@host/", &[]),
                ("http://host/a:b@c", &[]),
            ],
        );
    }

    #[test]
    fn the_message_does_not_quote_the_password() {
        let d = diagnostics(&cand("ftp://joe:hunter2@h/"));
        let d = d.iter().find(|d| d.rule == Rule::PasswordInUrl).unwrap();
        assert!(!d.message.contains("hunter2") && !d.help.contains("hunter2"));
    }
}
