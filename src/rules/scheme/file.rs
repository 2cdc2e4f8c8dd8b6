//! `invalid-file`.

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::paths;
use crate::validate::{Cx, Report, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks file URLs: `file://host/path`, where the host may be empty or
    /// `localhost`, with no user, password or port, and a path after the host.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.10 gives `file://<host>/<path>` and nothing else; `file:/x`
    /// and `file://host:21/x` are read differently by every program.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `file:/etc/motd`
    ///
    /// Use instead: `file:///etc/motd`
    pub static INVALID_FILE = {
        name: "invalid-file",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.10",
        summary: "not `file://[host]/path`",
        example: "file:/etc/motd",
        ok_example: "file:///etc/motd",
        help: "a file URL is file://host/path or file:///path (RFC 1738 §3.10)",
    }
}

/// Check file URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::File, paths::file);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::table;

    #[test]
    fn invalid_file() {
        table(
            Rule::InvalidFile,
            &[
                ("file:/etc/motd", &["/etc/motd"]),
                ("file://host", &["host"]),
                ("file://host:21/x", &[":21"]),
                ("file://me@host/x", &["me@"]),
                ("file:///etc/motd", &[]),
                ("file://localhost/etc/motd", &[]),
                ("file://vms.host.edu/disk$user/my/notes/note12345.txt", &[]),
            ],
        );
    }
}
