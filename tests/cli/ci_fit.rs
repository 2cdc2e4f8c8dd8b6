//! What a CI job, a pre-commit hook or a shell user of ruff and ripgrep
//! expects (issue 13): reports outside the walk, `--force-exclude`, standard
//! input, compressed and skipped files, the CI flags, and the small ones.

use crate::util::{code, fixtures, json_lines, json_paths, stderr, stdout, urlint, Dir};

const PORT: &str = "<URL:http://h.acme.org:25/>\n";

fn repo_file(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
}

#[test]
fn a_sarif_report_is_never_linted_by_a_later_run() {
    let d = Dir::new();
    d.write("a.txt", PORT);
    let out = d
        .cmd(&["check", "--format", "sarif", "-o", "urlint.sarif", "."])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "the report went to the file");
    let report = std::fs::read_to_string(d.path().join("urlint.sarif")).unwrap();
    assert!(report.contains("nondefault-port"), "{report}");
    // Copied under another name, still urlint's own log: never walked.
    d.write("old-report.json", &report);
    let out = d
        .cmd(&["check", "--format", "json", "-q", "."])
        .output()
        .unwrap();
    let paths = json_paths(&out);
    assert_eq!(paths, ["a.txt"], "{}", stderr(&out));
    // The Action writes its log outside the checkout.
    let action = repo_file("action.yml");
    assert!(action.contains("$RUNNER_TEMP/urlint.sarif"), "{action}");
    assert!(action.contains("--output-file \"$SARIF\""), "{action}");
    assert!(!action.contains("default: urlint.sarif"), "{action}");
}

#[test]
fn force_exclude_applies_exclude_to_named_files_and_the_hook_uses_it() {
    let d = Dir::new();
    d.write("urlint.toml", "exclude = [\"vendor/**\"]\n");
    d.write("vendor/a.txt", PORT);
    d.write("b.txt", PORT);
    let named = d
        .cmd(&["check", "-q", "vendor/a.txt", "b.txt"])
        .output()
        .unwrap();
    assert_eq!(stdout(&named).matches("nondefault-port").count(), 2);
    let forced = d
        .cmd(&["check", "-q", "--force-exclude", "vendor/a.txt", "b.txt"])
        .output()
        .unwrap();
    let text = stdout(&forced);
    assert_eq!(text.matches("nondefault-port").count(), 1, "{text}");
    assert!(!text.contains("vendor"), "{text}");
    assert!(repo_file(".pre-commit-hooks.yaml").contains("urlint check --force-exclude"));
}

#[test]
fn standard_input_is_read_when_no_path_is_given() {
    let d = Dir::new();
    d.write("walked.txt", "http://walked.example/\n");
    let out = d
        .cmd(&["extract"])
        .write_stdin("piped http://piped.example/\n")
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "http://piped.example/\n", "{}", stderr(&out));
    // `--files-from` still means only the listed files.
    let out = d
        .cmd(&["extract", "--files-from", "-"])
        .write_stdin("walked.txt\n")
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "http://walked.example/\n");
}

#[test]
fn stdin_filename_picks_syntax_settings_and_the_name_shown() {
    let d = Dir::new();
    d.write(
        "urlint.toml",
        "[per-file-ignores]\n\"docs/**\" = [\"nondefault-port\"]\n",
    );
    let markdown = "[text](http://md.acme.org:25/x)\n";
    let run = |name: &str| {
        d.cmd(&[
            "check",
            "-q",
            "--format",
            "json",
            "--select",
            "all",
            "--stdin-filename",
            name,
        ])
        .write_stdin(markdown)
        .output()
        .unwrap()
    };
    let out = run("notes/a.md");
    let lines = json_lines(&out);
    assert!(!lines.is_empty(), "{}", stderr(&out));
    assert!(
        lines.iter().all(|l| l["path"] == "notes/a.md"),
        "{}",
        stdout(&out)
    );
    let rules: Vec<&str> = lines.iter().map(|l| l["rule"].as_str().unwrap()).collect();
    assert!(rules.contains(&"nondefault-port"), "{rules:?}");
    // Read as Markdown: the link's `)` is markup, not the URL's.
    assert!(!rules.contains(&"bare-url"), "{rules:?}");
    let out = run("docs/a.md");
    let rules: Vec<String> = json_lines(&out)
        .iter()
        .map(|l| l["rule"].as_str().unwrap().to_string())
        .collect();
    assert!(!rules.contains(&"nondefault-port".to_string()), "{rules:?}");
}

#[test]
fn bzip2_xz_and_zstd_are_read_through() {
    let dir = fixtures().join("compressed");
    for name in ["urls.txt.bz2", "urls.txt.xz", "urls.txt.zst"] {
        let out = urlint()
            .arg("extract")
            .arg(dir.join(name))
            .output()
            .unwrap();
        assert_eq!(code(&out), 0, "{name}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            "http://example.com/compressed\nhttp://h:25/x\n",
            "{name}"
        );
    }
}

#[test]
fn a_named_file_that_is_skipped_is_said_on_stderr() {
    let d = Dir::new();
    d.write("blob.bin", b"\x00\x01\x02http://a.example/\n");
    let utf16: Vec<u8> = "see http://u.example/\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    d.write("u16.txt", utf16);
    let out = d.cmd(&["extract", "blob.bin", "u16.txt"]).output().unwrap();
    assert_eq!(code(&out), 0);
    let err = stderr(&out);
    assert!(err.contains("blob.bin: binary file"), "{err}");
    assert!(
        err.contains("u16.txt: looks like UTF-16 without a byte order mark"),
        "{err}"
    );
    // Walked into, the same files are skipped quietly (ripgrep's rule).
    let out = d.cmd(&["extract", "."]).output().unwrap();
    assert!(!stderr(&out).contains("skipped"), "{}", stderr(&out));
}

#[test]
fn exit_zero_and_fail_on_never_keep_findings_from_failing() {
    let d = Dir::new();
    d.write("a.txt", PORT);
    let run = |args: &[&str]| {
        let mut all = vec!["check", "-q"];
        all.extend_from_slice(args);
        all.push("a.txt");
        code(&d.cmd(&all).output().unwrap())
    };
    assert_eq!(run(&[]), 1);
    assert_eq!(run(&["--exit-zero"]), 0);
    assert_eq!(run(&["--fail-on", "never"]), 0);
    d.write("urlint.toml", "fail-on = \"never\"\n");
    assert_eq!(run(&[]), 0);
    assert_eq!(run(&["--fail-on", "warning"]), 1);
    // Trouble is still trouble.
    let out = d
        .cmd(&["check", "--exit-zero", "missing.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
}

#[test]
fn statistics_count_per_rule() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "<URL:http://h.acme.org:25/> <URL:http://i.acme.org:23/>\n<URL:http://j.example/%zz>\n",
    );
    let out = d.cmd(&["check", "--statistics", "a.txt"]).output().unwrap();
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["2", "nondefault-port", "warning"],
            vec!["1", "invalid-percent-escape", "error"]
        ],
        "{text}"
    );
}

#[test]
fn files_with_diagnostics_lists_paths_once() {
    let d = Dir::new();
    d.write("bad.txt", PORT.repeat(3));
    d.write("good.txt", "<URL:http://ok.example/>\n");
    let out = d
        .cmd(&["check", "-l", "--sort", "path", "."])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), "bad.txt\n");
}

#[test]
fn no_files_checked_is_warned_about() {
    let d = Dir::new();
    d.write("a.txt", PORT);
    let out = d.cmd(&["check", "--glob", "*.mdd", "."]).output().unwrap();
    assert_eq!(code(&out), 0);
    assert!(
        stderr(&out).contains("warning: no files were checked"),
        "{}",
        stderr(&out)
    );
    let out = d.cmd(&["check", "a.txt"]).output().unwrap();
    assert!(!stderr(&out).contains("no files"), "{}", stderr(&out));
}

#[test]
fn extract_refuses_with_location_in_json_and_has_quiet() {
    let d = Dir::new();
    d.write("a.txt", "http://a.example/\n");
    let out = d
        .cmd(&["extract", "--with-location", "--format", "json", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--with-location"), "{}", stderr(&out));
    let out = fixtures().join("mail/malformed.eml");
    let loud = urlint().arg("extract").arg(&out).output().unwrap();
    assert!(stderr(&loud).contains("warning"), "{}", stderr(&loud));
    let quiet = urlint().args(["extract", "-q"]).arg(&out).output().unwrap();
    assert_eq!(stderr(&quiet), "");
    let check_quiet = urlint().args(["check", "-q"]).arg(&out).output().unwrap();
    assert_eq!(stderr(&check_quiet), "", "-q silences mail warnings");
}

#[test]
fn mail_warnings_count_messages_from_one() {
    let out = urlint()
        .arg("extract")
        .arg(fixtures().join("mail/malformed.eml"))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(err.contains("message 1"), "{err}");
    assert!(!err.contains("message 0"), "{err}");
}

#[test]
fn a_utf8_bom_is_not_a_column() {
    let d = Dir::new();
    d.write("a.txt", "\u{feff}http://a.acme.org:25/\n");
    let out = d
        .cmd(&["extract", "--format", "json", "a.txt"])
        .output()
        .unwrap();
    let l = &json_lines(&out)[0];
    assert_eq!(l["start"]["column"], 1);
    assert_eq!(l["start"]["offset"], 3, "offsets stay byte offsets");
    let out = d
        .cmd(&["extract", "--with-location", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "a.txt:1:1:http://a.acme.org:25/\n");
}

#[test]
fn paths_are_shown_alike_in_every_format() {
    let d = Dir::new();
    d.write("sub/a.txt", PORT);
    let run = |format: &str| {
        stdout(
            &d.cmd(&["check", "-q", "--color", "never", "--format", format, "."])
                .output()
                .unwrap(),
        )
    };
    assert!(run("human").contains("sub/a.txt:1:"), "{}", run("human"));
    assert!(!run("human").contains("./sub"), "{}", run("human"));
    assert!(
        run("json").contains("\"path\":\"sub/a.txt\""),
        "{}",
        run("json")
    );
    assert!(
        run("github").contains("file=sub/a.txt,"),
        "{}",
        run("github")
    );
    assert!(
        run("sarif").contains("\"uri\": \"sub/a.txt\""),
        "{}",
        run("sarif")
    );
}

#[test]
fn rules_takes_a_group_and_completions_offer_rule_names() {
    let out = urlint().args(["rules", "security"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let listing = stdout(&out);
    let names: Vec<&str> = listing
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        names,
        ["password-in-url", "nondefault-port", "encoded-line-break"]
    );
    let out = urlint().args(["completions", "bash"]).output().unwrap();
    let script = stdout(&out);
    assert!(
        script.contains("nondefault-port"),
        "completions lack rule names"
    );
}

#[test]
fn settings_come_from_the_nearest_file_above_each_file() {
    let d = Dir::new();
    d.write("a.txt", PORT);
    d.write("sub/b.txt", PORT);
    d.write(
        "sub/urlint.toml",
        "ignore = [\"security\"]\nexclude = [\"gen/**\"]\n",
    );
    d.write("sub/gen/c.txt", PORT);
    let out = d
        .cmd(&["check", "-q", "--format", "json", "--sort", "path", "."])
        .output()
        .unwrap();
    let paths = json_paths(&out);
    assert_eq!(paths, ["a.txt"], "{}", stderr(&out));
    // Run from inside `sub`, its settings do not leak to `../a.txt`.
    let mut cmd = urlint();
    cmd.current_dir(d.path().join("sub")).args([
        "check", "-q", "--format", "json", "--sort", "path", "../a.txt", "b.txt",
    ]);
    let out = cmd.output().unwrap();
    let paths = json_paths(&out);
    assert_eq!(paths, ["../a.txt"], "{}", stderr(&out));
}

#[test]
fn a_broken_nested_settings_file_is_named_once_and_the_rest_go_on() {
    let d = Dir::new();
    d.write("a.txt", PORT);
    d.write("sub/urlint.toml", "exclude-urls = [\"(\"]\n");
    d.write("sub/b.txt", PORT);
    d.write("sub/c.txt", PORT);
    let out = d
        .cmd(&["check", "-q", "--format", "json", "."])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert_eq!(err.matches("exclude-urls").count(), 1, "{err}");
    assert!(err.contains("urlint.toml"), "{err}");
    let paths = json_paths(&out);
    assert_eq!(paths, ["a.txt"]);
}

#[test]
fn help_and_man_page_list_exit_codes_comments_and_keys() {
    for args in [
        &["check", "--help"][..],
        &["extract", "--help"],
        &["--help"],
    ] {
        let out = urlint().args(args).output().unwrap();
        let text = stdout(&out);
        for needle in [
            "Exit codes",
            "ignore-next-line",
            "ignore-file",
            "exclude-urls",
            "per-file-ignores",
            "fail-on",
        ] {
            assert!(text.contains(needle), "{args:?} lacks {needle}: {text}");
        }
    }
    let out = urlint().args(["man", "check"]).output().unwrap();
    let page = stdout(&out);
    for needle in ["Exit codes", "ignore\\-next\\-line", "exclude\\-urls"] {
        assert!(page.contains(needle), "man page lacks {needle}");
    }
}

#[test]
fn docs_cite_only_files_the_repository_has() {
    for name in ["README.md", "action.yml"] {
        let text = repo_file(name);
        assert!(
            !text.contains("docs/ecosystem.md"),
            "{name} cites docs/ecosystem.md"
        );
        assert!(!text.contains("SPEC.md"), "{name} cites SPEC.md");
    }
    let readme = repo_file("README.md");
    assert!(
        !readme.contains("OWNER/"),
        "README still has OWNER placeholders"
    );
    assert!(!readme.contains("@v0.1.0") && !readme.contains("rev: v0.1.0"));
}
