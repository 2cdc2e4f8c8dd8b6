//! `check --fix`, `--unsafe-fixes` and `--diff` (SPEC "Fixes"), and the
//! promise that the command line prints what the library returns.

use std::path::Path;

use serde_json::{json, Value};
use urlint::{Linter, Rule, Settings, Source, Standard};

use crate::util::{code, fixtures, json_lines, stderr, stdout, urlint, Dir};

/// Each fixable rule's fixtures, with the flags they are checked with.
fn fixable_fixtures() -> Vec<(Rule, std::path::PathBuf, &'static [&'static str])> {
    let mut out = Vec::new();
    for &rule in Rule::ALL.iter().filter(|r| r.meta().fix.is_some()) {
        for (sub, args) in [
            ("rules", &[][..]),
            ("rules/rfc1738", &["--standard", "rfc1738"][..]),
        ] {
            for ext in ["txt", "md"] {
                let path = fixtures().join(sub).join(format!("{}.{ext}", rule.name()));
                if path.is_file() {
                    out.push((rule, path, args));
                }
            }
        }
    }
    out
}

fn rules_in(out: &std::process::Output) -> Vec<String> {
    json_lines(out)
        .iter()
        .map(|l| l["rule"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn fix_then_check_leaves_none_of_each_fixable_rule() {
    let fixable = fixable_fixtures();
    let rules: std::collections::BTreeSet<_> = fixable.iter().map(|f| f.0).collect();
    assert_eq!(
        rules.len(),
        Rule::ALL.iter().filter(|r| r.meta().fix.is_some()).count(),
        "a fixable rule has no fixture"
    );
    for (rule, path, standard) in fixable {
        let d = Dir::new();
        let name = path.file_name().unwrap().to_str().unwrap();
        d.write(name, std::fs::read(&path).unwrap());
        let check = |extra: &[&str]| {
            d.cmd(&["check", "--select", "all", "--format", "json"])
                .args(standard)
                .args(extra)
                .arg(name)
                .output()
                .unwrap()
        };
        let before = check(&[]);
        assert!(
            rules_in(&before).contains(&rule.name().to_string()),
            "{name}"
        );
        let fixed = check(&["--fix", "--unsafe-fixes"]);
        assert!(code(&fixed) < 2, "{name}: {}", stderr(&fixed));
        let after = check(&[]);
        assert!(
            !rules_in(&after).contains(&rule.name().to_string()),
            "{name}: {rule} is left after --fix:\n{}\n{}",
            std::fs::read_to_string(d.path().join(name)).unwrap(),
            stdout(&after)
        );
        // A second --fix finds nothing more to do.
        let text = std::fs::read(d.path().join(name)).unwrap();
        let again = check(&["--fix", "--unsafe-fixes"]);
        assert!(
            !stderr(&again).contains("fixed"),
            "{name}: {}",
            stderr(&again)
        );
        assert_eq!(std::fs::read(d.path().join(name)).unwrap(), text, "{name}");
    }
}

#[test]
fn fix_keeps_crlf_bom_and_permissions_and_reports_what_is_left() {
    let d = Dir::new();
    let text = "\u{feff}one HTTP://a.example/\r\nbad http://h.example/%zz\r\nlast <URL:http://b.example/x>#top";
    let path = d.write("a.txt", text);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let out = d
        .cmd(&["check", "--fix", "--color", "never", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        fixed,
        "\u{feff}one http://a.example/\r\nbad http://h.example/%zz\r\nlast <URL:http://b.example/x#top>"
    );
    // The unsafe `%zz` is left and reported, marked as not `--fix`able.
    let shown = stdout(&out);
    assert!(
        shown.contains("error[invalid-percent-escape]: `%zz`"),
        "{shown}"
    );
    assert!(shown.contains("= fix (unsafe): "), "{shown}");
    assert!(
        shown.contains("(2 fixed, 1 with --unsafe-fixes)"),
        "{shown}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
    // Through a symbolic link the file is fixed and the link stays one.
    #[cfg(unix)]
    {
        d.write("real.txt", "see HTTP://a.example/\n");
        std::os::unix::fs::symlink("real.txt", d.path().join("link.txt")).unwrap();
        let out = d.cmd(&["check", "--fix", "link.txt"]).output().unwrap();
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let link = std::fs::symlink_metadata(d.path().join("link.txt")).unwrap();
        assert!(link.file_type().is_symlink());
        assert_eq!(
            std::fs::read_to_string(d.path().join("real.txt")).unwrap(),
            "see http://a.example/\n"
        );
    }
}

#[test]
fn human_format_marks_fixable_diagnostics_and_counts_them() {
    let d = Dir::new();
    d.write("a.txt", "see HTTP://a.example/ and http://b.example/%zz\n");
    let out = d
        .cmd(&["check", "--color", "never", "a.txt"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("note[uppercase-scheme]: [*] scheme"),
        "{text}"
    );
    assert!(
        text.contains("error[invalid-percent-escape]: `%zz`"),
        "{text}"
    );
    assert!(
        text.contains("(1 fixable with --fix, 1 with --unsafe-fixes)"),
        "{text}"
    );
    let out = d
        .cmd(&["check", "--color", "never", "--unsafe-fixes", "a.txt"])
        .output()
        .unwrap();
    assert!(stdout(&out).contains("error[invalid-percent-escape]: [*] `%zz`"));
}

#[test]
fn diff_changes_nothing_and_applies_with_git_apply() {
    let d = Dir::new();
    let text = "\u{feff}a\r\nsee HTTP://a.example/ now\r\n\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\r\n<URL:http://x.example/>#f\r\nend";
    d.write("docs/a.txt", text);
    d.write("b.txt", "nothing to fix: http://b.example/\n");
    let out = d
        .cmd(&["check", "--diff", "docs/a.txt", "b.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(
        diff.starts_with("--- a/docs/a.txt\n+++ b/docs/a.txt\n@@ "),
        "{diff}"
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("docs/a.txt")).unwrap(),
        text
    );
    // The same change `--fix` makes, applied by git.
    let git = |args: &[&str], stdin: Option<&str>| {
        use std::io::Write;
        let mut child = std::process::Command::new("git")
            .args(args)
            .current_dir(d.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("git");
        if let Some(s) = stdin {
            child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
    };
    git(&["init", "-q"], None);
    git(&["apply", "--check", "-"], Some(&diff));
    git(&["apply", "-"], Some(&diff));
    let applied = std::fs::read_to_string(d.path().join("docs/a.txt")).unwrap();
    std::fs::write(d.path().join("docs/a.txt"), text).unwrap();
    let fixed = d.cmd(&["check", "--fix", "docs/a.txt"]).output().unwrap();
    assert!(code(&fixed) < 2, "{}", stderr(&fixed));
    assert_eq!(
        applied,
        std::fs::read_to_string(d.path().join("docs/a.txt")).unwrap()
    );
    assert!(applied.starts_with("\u{feff}a\r\nsee http://a.example/ now\r\n"));
    // Nothing to fix: no diff, exit 0.
    let none = d.cmd(&["check", "--diff", "b.txt"]).output().unwrap();
    assert_eq!((code(&none), stdout(&none)), (0, String::new()));
}

#[test]
fn fix_of_stdin_prints_the_whole_fixed_text() {
    let out = urlint()
        .args(["check", "--fix", "--color", "never", "-"])
        .write_stdin("keep\r\nHTTP://a.example/ and http://b.example/%zz\r\n")
        .output()
        .unwrap();
    assert_eq!(
        stdout(&out),
        "keep\r\nhttp://a.example/ and http://b.example/%zz\r\n"
    );
    // What is left goes to stderr.
    assert!(
        stderr(&out).contains("invalid-percent-escape"),
        "{}",
        stderr(&out)
    );
    assert_eq!(code(&out), 1);
}

#[test]
fn mail_and_compressed_files_are_never_rewritten() {
    let d = Dir::new();
    let mail = "From: a@example.org\nSubject: x\n\nsee HTTP://a.example/\n";
    d.write("m.eml", mail);
    let out = d.cmd(&["check", "--fix", "m.eml"]).output().unwrap();
    assert_eq!(
        std::fs::read_to_string(d.path().join("m.eml")).unwrap(),
        mail
    );
    assert!(
        stderr(&out).contains("mail is never rewritten"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("[*]"), "{}", stdout(&out));

    let gz = std::fs::read(fixtures().join("compressed/urls.txt.bz2")).unwrap();
    d.write("u.txt.bz2", &gz);
    let out = d
        .cmd(&["check", "--fix", "--select", "all", "u.txt.bz2"])
        .output()
        .unwrap();
    assert_eq!(std::fs::read(d.path().join("u.txt.bz2")).unwrap(), gz);
    assert!(
        stderr(&out).contains("compressed file is never rewritten"),
        "{}",
        stderr(&out)
    );

    let mut utf16 = vec![0xff, 0xfe];
    for unit in "see HTTP://a.example/\r\n".encode_utf16() {
        utf16.extend(unit.to_le_bytes());
    }
    d.write("w.txt", &utf16);
    let out = d.cmd(&["check", "--fix", "w.txt"]).output().unwrap();
    assert_eq!(std::fs::read(d.path().join("w.txt")).unwrap(), utf16);
    assert!(
        stderr(&out).contains("UTF-16 file is never rewritten"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("[*]"), "{}", stdout(&out));
}

#[test]
fn a_comment_far_right_of_the_url_suppresses_it() {
    let d = Dir::new();
    let pad = "y".repeat(300);
    d.write(
        "a.txt",
        format!("x http://a.example:25/ {pad} urlint: ignore[nondefault-port]"),
    );
    let out = d
        .cmd(&[
            "check",
            "--standard",
            "rfc1738",
            "--format",
            "json",
            "a.txt",
        ])
        .output()
        .unwrap();
    assert_eq!((code(&out), stdout(&out)), (0, String::new()));
}

/// The library's result, in the CLI's JSON shape.
fn library_json(path: &Path, rel: &str, standard: Standard) -> Vec<Value> {
    let mut settings = Settings::default();
    settings.rules.select("all").unwrap();
    settings.standard = standard;
    let linter = Linter::new(settings).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let checked = linter.check(&text, &Source::path(path));
    checked
        .diagnostics
        .iter()
        .map(|d| {
            let mut v = json!({
                "path": rel,
                "rule": d.rule.name(),
                "group": d.rule.group().as_str(),
                "severity": d.severity.as_str(),
                "message": d.message,
                "url": d.url,
                "start": d.span.start,
                "end": d.span.end,
                "help": d.help,
                "fix": d.fix.as_ref().map(|f| json!({
                    "applicability": f.applicability.as_str(),
                    "message": f.message,
                    "edits": f.edits.iter().map(|e| json!({
                        "start": e.span.start,
                        "end": e.span.end,
                        "content": e.content,
                    })).collect::<Vec<_>>(),
                })),
            });
            if !d.labels.is_empty() {
                v["labels"] = d
                    .labels
                    .iter()
                    .map(
                        |l| json!({"start": l.span.start, "end": l.span.end, "message": l.message}),
                    )
                    .collect();
            }
            v
        })
        .collect()
}

#[test]
fn cli_json_equals_what_the_library_returns() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut compared = 0;
    for (sub, standard, args) in [
        ("fixtures/rules", Standard::Rfc3986, &[][..]),
        (
            "fixtures/rules/rfc1738",
            Standard::Rfc1738,
            &["--standard", "rfc1738"][..],
        ),
        ("fixtures/documents", Standard::Rfc3986, &[][..]),
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.is_file()
                    && !p
                        .extension()
                        .is_some_and(|e| e == "human" || e == "expected")
            })
            .collect();
        paths.sort();
        for path in paths {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            let out = urlint()
                .current_dir(root)
                .args(["check", "--select", "all", "--format", "json"])
                .args(args)
                .arg(&rel)
                .output()
                .unwrap();
            // Where in a mail archive a diagnostic is (`message_id`,
            // `message_index`) is the report's addition, not the diagnostic's.
            let cli: Vec<Value> = json_lines(&out)
                .into_iter()
                .map(|mut v| {
                    let o = v.as_object_mut().unwrap();
                    o.remove("message_id");
                    o.remove("message_index");
                    v
                })
                .collect();
            assert_eq!(cli, library_json(&path, &rel, standard), "{rel}");
            compared += cli.len();
        }
    }
    assert!(
        compared > Rule::ALL.len(),
        "only {compared} diagnostics compared"
    );
}
