//! `unknown-scheme`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::schemes::is_registered;
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Finds schemes that are neither known to urlint (those of RFC 1738,
    /// RFC 1630, RFC 1738 §4's reserved names, and `https`), nor configured,
    /// nor in IANA's URI scheme registry (permanent, provisional and
    /// historical: `ssh:`, `git:`, `irc:`, `spotify:`...), nor one of a few
    /// unregistered schemes of well-known software (`rdar:`, `slack:`,
    /// `postgres:`...). The list is data, `src/rules/style/iana-schemes.txt`,
    /// with its source and date.
    ///
    /// ## Why is this bad?
    /// It may be a private scheme nobody else can open. Add real ones to
    /// `urlint.toml` to silence this. A scheme that is not even well-formed
    /// is left to `invalid-scheme`, and a near miss of a common one (`htp:`)
    /// to `misspelled-scheme`.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) as above. Under `rfc1738` only the
    /// schemes urlint knows or is configured with are known, as before the
    /// registry was consulted, and a near miss (`htp:`) is reported here as
    /// well as by `misspelled-scheme`.
    ///
    /// ## Example
    /// `zzq://host/`
    ///
    /// Use instead: `ssh://host/` (a registered scheme), or list the scheme
    /// in `extra-schemes`
    pub static UNKNOWN_SCHEME = {
        name: "unknown-scheme",
        group: Style,
        default: Some(Severity::Info),
        rfc: "RFC 1738 §4",
        summary: "a scheme that is neither known, configured, nor in IANA's URI scheme registry",
        example: "<URL:zzq://host/>",
        ok_example: "<URL:ssh://host/>",
        help: "check the spelling, or add the scheme to urlint.toml",
    }
}

/// Report a scheme nobody registered.
pub fn check_unknown(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.scheme != SchemeKind::Unknown {
        return;
    }
    // A scheme with characters no scheme may have is `invalid-scheme`'s.
    let valid = cx
        .scheme_str()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    // `rfc1738` knows the schemes it always knew, as before IANA's list.
    let known_now = cx.standard == Standard::Rfc3986
        && (is_registered(cx.scheme_str()) || crate::rules::syntax::misspelled::is_misspelled(cx));
    if cx.scheme == SchemeKind::Unknown && valid && !cx.scheme_str().is_empty() && !known_now {
        if let Some(r) = cx.parts.scheme.clone() {
            out.at(r, format!("unknown scheme `{}`", cx.scheme_str()));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn registry_data_has_its_source_and_the_common_schemes() {
        assert!(crate::schemes::registry_text()
            .contains("https://www.iana.org/assignments/uri-schemes"));
        for s in [
            "http",
            "https",
            "ftp",
            "file",
            "mailto",
            "news",
            "nntp",
            "telnet",
            "gopher",
            "wais",
            "prospero",
            "ssh",
            "git",
            "svn",
            "rsync",
            "irc",
            "ircs",
            "xmpp",
            "sip",
            "sips",
            "tel",
            "sms",
            "data",
            "about",
            "blob",
            "ws",
            "wss",
            "ldap",
            "ldaps",
            "nfs",
            "smb",
            "afp",
            "vnc",
            "rtsp",
            "rtmp",
            "spotify",
            "steam",
            "magnet",
            "urn",
            "tag",
            "dns",
            "geo",
            "im",
            "pres",
            "h323",
            "iax",
            "jabber",
            "ms-settings",
            "rdar",
            "bitcoin",
            "slack",
            "zoommtg",
        ] {
            assert!(crate::schemes::is_registered(s), "{s}");
        }
    }

    #[test]
    fn unknown_scheme() {
        table_3986(
            Rule::UnknownScheme,
            &[
                ("zzq://host/", &["zzq"]),
                ("javascript:alert(1)", &["javascript"]),
                ("ssh://git@github.com/a/b", &[]),
                ("git://git.kernel.org/pub", &[]),
                ("rdar://problem/123", &[]),
                ("Spotify:track:1", &[]),
                ("ms-settings:display", &[]),
                ("htp://host/", &[]),
                ("x-custom:thing", &[]),
            ],
        );
        // rfc1738: as before the registry.
        table(
            Rule::UnknownScheme,
            &[
                ("zzq://host/", &["zzq"]),
                ("htp://host/", &["htp"]),
                ("ssh://git@github.com/a/b", &["ssh"]),
                ("HTTPS://host/", &[]),
                ("z39.50:x", &[]),
                ("x-custom:thing", &[]),
                ("../relative", &[]),
            ],
        );
    }
}
