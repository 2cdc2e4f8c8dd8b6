//! `invalid-file`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{missing_authority, Fault};
use crate::url::{Cx, SchemeKind, Standard};

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
    /// Under `rfc3986` (the default) `file:/path` is a file URL too
    /// (RFC 8089 §2), and `file://name` with no path after the name is not
    /// judged, nor `file://./name`: they are the relative-path convention of
    /// command-line tools (`aws ... --cli-input-json file://input.json`), not
    /// URLs to fix. Nor is a Windows drive letter where the host would be
    /// (`file://C:/dir/file.txt`, `file://C|/dir`, `file://d:\cygwin\…` as
    /// Cygwin's installer logs it): browsers and the WHATWG
    /// URL parser read it as the drive, as `file:///C:/dir/file.txt`; nor a
    /// Windows path written as it is after `file:///` (`file:///C:\Temp\x.xlsx`,
    /// Excel's links), which browsers take too. A
    /// user, password or port is reported under both, except a user on a
    /// documentation or placeholder host under `rfc3986`
    /// (`file://user@host/hoge` shows a form). Under `rfc1738` only
    /// `file://host/path` is a file URL.
    ///
    /// ## Example
    /// `file://vms.host.edu:21/etc/motd`
    ///
    /// Use instead: `file://vms.host.edu/etc/motd`
    pub static INVALID_FILE = {
        name: "invalid-file",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.10",
        summary: "not `file://[host]/path`",
        example: "file://vms.host.edu:21/etc/motd",
        ok_example: "file:///etc/motd",
        help: "a file URL is file://host/path or file:///path (RFC 1738 §3.10)",
    }
}

/// Whether `cx` is a `file:` URL form that `rfc3986` leaves alone:
/// `file:/path` (RFC 8089), `file://name` with no path or `file://./name`
/// (a command-line tool's relative path, not a URL), or a drive letter
/// where the host would be (`file://C:/x`, as browsers read it).
pub(crate) fn spared_by_rfc3986(cx: &Cx<'_>) -> bool {
    let relative = |a: &crate::url::Authority| {
        // `file://d:\cygwin_down_32/…` (Cygwin's setup log): the drive and
        // a Windows path where the host would be, as browsers take it.
        let drive = matches!(cx.text(a.range.clone()).as_bytes(),
            [letter, b':' | b'|'] | [letter, b':', b'\\', ..] if letter.is_ascii_alphabetic());
        cx.parts.path.is_empty() || drive || matches!(cx.text(a.host.clone()), "." | "..")
    };
    // `file:///C:\Temp\Book1.xlsx` (calamine's docs on Excel's links): a
    // Windows path written as it is after the drive, no `/` in it, as
    // browsers take it (`file:///C:/a\b` mixes the two, and is reported).
    let windows_path = || {
        let p = cx.text(cx.parts.path.clone()).as_bytes();
        matches!(p, [b'/', letter, b':', b'\\', ..] if letter.is_ascii_alphabetic())
            && !p[1..].contains(&b'/')
    };
    cx.standard == Standard::Rfc3986
        && cx.scheme == SchemeKind::File
        && (cx.parts.authority.as_ref().is_none_or(relative) || windows_path())
}

/// Check file URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if spared_by_rfc3986(cx) {
        return;
    }
    super::run(cx, out, SchemeKind::File, file);
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`: no user, no port.
fn file(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "file://host/path") {
        return Some(f);
    }
    let a = cx.parts.authority.as_ref()?;
    // `file://user@host/hoge` on a documentation or placeholder host shows
    // a form, as examples do (see `password-in-url`).
    if let Some(ui) = a.userinfo.as_ref().filter(|_| !cx.is_example()) {
        return Some(Fault::new(
            ui.start..ui.end + 1,
            "a file URL has no user or password",
        ));
    }
    if let Some(p) = &a.port {
        return Some(Fault::new(p.start - 1..p.end, "a file URL has no port"));
    }
    if cx.parts.path.is_empty() {
        return Some(Fault::new(
            a.range.clone(),
            "a file URL needs a `/path` after the host",
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn file_paths_and_tool_conventions_under_rfc3986() {
        table_3986(
            Rule::InvalidFile,
            &[
                ("file:/etc/motd", &[]),
                ("file://input.json", &[]),
                ("file://./input.json", &[]),
                ("file://../x/input.json", &[]),
                ("file://C:/projects/repo", &[]),
                ("file://d|/blah.txt", &[]),
                // Cygwin's setup log; near miss: a port after a name.
                (
                    "file://d:\\cygwin_down_32/http%3a%2f%2fmirror%2f/x86/gcc.tar.xz",
                    &[],
                ),
                ("file://dd:\\cygwin/x.tar", &[":\\cygwin"]),
                ("file://host:21/x", &[":21"]),
                ("file://me@fs.acme.org/x", &["me@"]),
                // An example's host: a form shown, not an address.
                ("file://user@host/hoge", &[]),
            ],
        );
        table_3986(Rule::InvalidHost, &[("file://hls_pc.json", &[])]);
        // Nor is its backslash an unsafe character.
        let log =
            "Extracting from file://d:\\cygwin_down_32/http%3a%2f%2fmirror%2f/x86/gcc.tar.xz\n";
        let rules = crate::rules::testutil::rules_in_text(log, crate::url::Standard::Rfc3986);
        assert!(!rules.contains(&Rule::UnsafeCharacter), "{rules:?}");
    }

    #[test]
    fn invalid_file() {
        table(
            Rule::InvalidFile,
            &[
                ("file:/etc/motd", &["/etc/motd"]),
                ("file://host", &["host"]),
                ("file://C:/projects/repo", &[":"]),
                ("file://host:21/x", &[":21"]),
                ("file://me@host/x", &["me@"]),
                ("file:///etc/motd", &[]),
                ("file://localhost/etc/motd", &[]),
                ("file://vms.host.edu/disk$user/my/notes/note12345.txt", &[]),
            ],
        );
    }
}
