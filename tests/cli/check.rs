//! `urlint check` and `urlint rules`.

use crate::util::{code, fixtures, json_lines, stderr, stdout, Dir};

#[test]
fn json_diagnostic_has_spec_fields_and_exact_span() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "ref:\n  <URL:news:12345667123%asdghfh@info.cern.ch>\n",
    );
    let out = d
        .cmd(&[
            "check",
            "--format",
            "json",
            "--select",
            "invalid-percent-escape",
            "a.txt",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", stdout(&out));
    let l = &lines[0];
    // serde_json's Map sorts keys, so check the order in the text itself.
    let text = stdout(&out);
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap_or(usize::MAX);
    let order = [
        "path", "rule", "group", "severity", "message", "url", "start", "end", "help",
    ];
    let positions: Vec<usize> = order.iter().map(|k| at(k)).collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "field order: {text}"
    );
    assert_eq!(l["rule"], "invalid-percent-escape");
    assert_eq!(l["group"], "syntax");
    assert_eq!(l["severity"], "error");
    assert_eq!(l["url"], "news:12345667123%asdghfh@info.cern.ch");
    // `%as` starts at column 24 of line 2: "  <URL:news:12345667123" is 23 chars.
    assert_eq!(l["start"]["line"], 2);
    assert_eq!(l["start"]["column"], 24);
    assert_eq!(l["start"]["offset"], 5 + 23);
    assert_eq!(l["end"]["column"], 27);
    assert_eq!(l["end"]["offset"], 5 + 26);
}

#[test]
fn exit_codes_follow_fail_on() {
    let d = Dir::new();
    d.write("warn.txt", "<URL:http://host.example:25/>\n");
    let run = |args: &[&str]| {
        // `host.example` is a documentation host: only rfc1738 judges it.
        let mut all = vec!["check", "-q", "--format", "json", "--standard", "rfc1738"];
        all.extend_from_slice(args);
        all.push("warn.txt");
        code(&d.cmd(&all).output().unwrap())
    };
    assert_eq!(run(&[]), 1, "a warning fails by default");
    assert_eq!(run(&["--fail-on", "error"]), 0);
    assert_eq!(run(&["--ignore", "nondefault-port"]), 0);
    assert_eq!(run(&["--select", "syntax"]), 0);
}

#[test]
fn clean_input_exits_0_with_a_summary() {
    let d = Dir::new();
    d.write(
        "ok.txt",
        "See <URL:http://www.example.org/docs/index.html> for more.\n",
    );
    let out = d.cmd(&["check", "ok.txt"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("1 file checked, 1 URL found: 0 errors"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn ignore_comments_silence_a_line() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "<URL:http://h.example:25/> urlint: ignore\n<URL:http://h.example:25/> urlint: ignore[bare-url]\n",
    );
    let out = d
        .cmd(&[
            "check",
            "--format",
            "json",
            "-q",
            "--standard",
            "rfc1738",
            "a.txt",
        ])
        .output()
        .unwrap();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", stdout(&out));
    assert_eq!(lines[0]["start"]["line"], 2);
    assert_eq!(lines[0]["rule"], "nondefault-port");
}

#[test]
fn human_output_underlines_the_span_and_cites_the_rfc() {
    let d = Dir::new();
    d.write("a.txt", "see <URL:http://info.cern.ch/a%zzb>\n");
    let out = d
        .cmd(&["check", "--color", "never", "a.txt"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.contains("error[invalid-percent-escape]"), "{text}");
    assert!(text.contains("a.txt:1:31"), "{text}");
    assert!(text.contains("^^^"), "{text}");
    assert!(text.contains("RFC"), "{text}");
    assert!(!text.contains('\x1b'), "--color never must not colour");
    let coloured = d
        .cmd(&["check", "--color", "always", "a.txt"])
        .output()
        .unwrap();
    assert!(
        stdout(&coloured).contains('\x1b'),
        "--color always must colour"
    );
    let no_color = d
        .cmd(&["check", "a.txt"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!stdout(&no_color).contains('\x1b'));
}

#[test]
fn config_file_errors_name_the_file_and_key() {
    let d = Dir::new();
    d.write("urlint.toml", "selct = [\"all\"]\n");
    d.write("a.txt", "http://a.example/\n");
    let out = d.cmd(&["check", "a.txt"]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("urlint.toml"), "{}", stderr(&out));
    assert!(stderr(&out).contains("selct"), "{}", stderr(&out));
}

#[test]
fn unknown_rule_names_are_errors() {
    let d = Dir::new();
    let out = d
        .cmd(&["check", "--select", "no-such-rule", "."])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("no-such-rule"));
    let out = d.cmd(&["rules", "no-such-rule"]).output().unwrap();
    assert_eq!(code(&out), 2);
}

#[test]
fn rules_lists_every_rule_and_explains_one() {
    let d = Dir::new();
    let out = d.cmd(&["rules"]).output().unwrap();
    let text = stdout(&out);
    for name in [
        "invalid-percent-escape",
        "nondefault-port",
        "broken-bare-url",
        "bare-url",
    ] {
        assert!(text.contains(name), "{name} missing from:\n{text}");
    }
    // One line a rule: as many as the README's rule table has rows.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = readme
        .split("<!-- rules:start -->")
        .nth(1)
        .and_then(|t| t.split("<!-- rules:end -->").next())
        .unwrap();
    let rows = table.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows, urlint::Rule::ALL.len(), "README rows");
    assert_eq!(text.lines().count(), rows);
    let out = d.cmd(&["rules", "invalid-ftp-type"]).output().unwrap();
    let text = stdout(&out);
    assert!(text.contains("RFC 1738"), "{text}");
    assert!(text.contains("type="), "{text}");
}

/// The fixtures of `fixtures/rules/` are checked under the default
/// standard, those of `fixtures/rules/rfc1738/` (rules or cases that only
/// the letter of RFC 1738 reports) with `--standard rfc1738`.
fn rule_fixtures() -> Vec<(std::path::PathBuf, &'static [&'static str])> {
    let mut out = Vec::new();
    for (sub, args) in [
        ("rules", &[][..]),
        ("rules/rfc1738", &["--standard", "rfc1738"][..]),
    ] {
        let Ok(entries) = std::fs::read_dir(fixtures().join(sub)) else {
            panic!("fixtures/{sub} is missing");
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_file() {
                out.push((path, args));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_rule_fixture_triggers_its_rule_and_its_near_miss_does_not() {
    let mut checked = 0;
    for (path, standard) in rule_fixtures() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(rule) = name
            .strip_suffix(".txt")
            .or_else(|| name.strip_suffix(".md"))
        else {
            continue;
        };
        let (rule, ok) = match rule.strip_suffix(".ok") {
            Some(r) => (r, true),
            None => (rule, false),
        };
        let out = crate::util::urlint()
            .args(["check", "--format", "json", "-q", "--select", "all"])
            .args(standard)
            .arg(&path)
            .output()
            .unwrap();
        let fired = json_lines(&out).iter().any(|l| l["rule"] == rule);
        assert_eq!(
            fired,
            !ok,
            "{name}: rule {rule} fired={fired}\n{}",
            stdout(&out)
        );
        checked += 1;
    }
    // A trigger and a near miss per rule (the registry's count).
    assert!(
        checked >= urlint::Rule::ALL.len() * 2,
        "only {checked} rule fixtures"
    );
}

#[test]
fn rfc_1630_example_3_is_flagged_once_its_scheme_is_configured() {
    let file = fixtures().join("extract/rfc1630-examples.txt");
    let urls = |extra: &[&str]| -> Vec<String> {
        let out = crate::util::urlint()
            .args([
                "check",
                "--format",
                "json",
                "-q",
                "--select",
                "invalid-percent-escape",
            ])
            .args(extra)
            .arg(&file)
            .output()
            .unwrap();
        json_lines(&out)
            .iter()
            .map(|l| l["url"].as_str().unwrap().to_string())
            .collect()
    };
    // `fxqn` is no known scheme, so a bare `fxqn:` is only found when configured.
    assert_eq!(urls(&[]), ["news:12345667123%asdghfh@info.cern.ch"]);
    assert_eq!(
        urls(&["--scheme", "fxqn"]),
        [
            "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
            "news:12345667123%asdghfh@info.cern.ch"
        ]
    );
}

/// Snapshot tests of the human format: `fixtures/rules/<rule>.txt` checked
/// with every rule selected must print exactly `<rule>.human` beside it.
/// `UPDATE_EXPECT=1 cargo test` rewrites the snapshots (read the diff!).
#[test]
fn human_output_matches_the_snapshots() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let names: Vec<(String, &[&str])> = rule_fixtures()
        .into_iter()
        .filter_map(|(path, standard)| {
            let rel = path.strip_prefix(root).ok()?.to_string_lossy().into_owned();
            let rule = rel
                .strip_suffix(".txt")
                .or_else(|| rel.strip_suffix(".md"))?;
            rule.strip_suffix(".ok")
                .is_none()
                .then_some((rel, standard))
        })
        .collect();
    let mut stale = Vec::new();
    for (rel, standard) in &names {
        let out = crate::util::urlint()
            .current_dir(root)
            .args(["check", "--select", "all", "--color", "never"])
            .args(*standard)
            .arg(rel)
            .output()
            .unwrap();
        let got = stdout(&out);
        let snap = root.join(format!(
            "{}.human",
            rel.trim_end_matches(".txt").trim_end_matches(".md")
        ));
        if update {
            std::fs::write(&snap, &got).unwrap();
        } else if std::fs::read_to_string(&snap).ok().as_deref() != Some(got.as_str()) {
            stale.push(format!("{}:\n{got}", snap.display()));
        }
    }
    // One triggering fixture per rule at least (the registry's count).
    assert!(
        names.len() >= urlint::Rule::ALL.len(),
        "only {} rule fixtures",
        names.len()
    );
    assert!(
        stale.is_empty(),
        "stale snapshots (UPDATE_EXPECT=1 to rewrite):\n{}",
        stale.join("\n")
    );
}

#[test]
fn crlf_lines_show_no_carriage_return_in_snippets() {
    let d = Dir::new();
    d.write(
        "crlf.txt",
        "first line\r\nsee <URL:http://h.example:25/> now\r\n",
    );
    let out = d
        .cmd(&[
            "check",
            "--color",
            "never",
            "--standard",
            "rfc1738",
            "crlf.txt",
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("see <URL:http://h.example:25/> now\n"),
        "{text}"
    );
    assert!(!text.contains("\\r"), "{text}");
}

#[test]
fn ignore_comments_accept_groups() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "<URL:http://h.example:25/a%zz> urlint: ignore[security]\n",
    );
    let out = d
        .cmd(&["check", "--format", "json", "-q", "a.txt"])
        .output()
        .unwrap();
    let rules: Vec<String> = json_lines(&out)
        .iter()
        .map(|l| l["rule"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(rules, ["invalid-percent-escape"]);
}

/// SPEC.md: one rule reports a URL once; further places of the same fault
/// are labels of that diagnostic, in every format.
#[test]
fn one_rule_reports_a_url_once_with_labels() {
    let d = Dir::new();
    d.write("a.txt", "see <URL:http://www.gnu.org/a|b^c> now\n");
    let out = d
        .cmd(&["check", "--format", "json", "-q", "a.txt"])
        .output()
        .unwrap();
    let lines = json_lines(&out);
    let unsafe_: Vec<_> = lines
        .iter()
        .filter(|l| l["rule"] == "unsafe-character")
        .collect();
    assert_eq!(unsafe_.len(), 1, "{}", stdout(&out));
    assert_eq!(unsafe_[0]["start"]["column"], 30);
    let labels = unsafe_[0]["labels"].as_array().unwrap();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0]["start"]["column"], 32);
    assert_eq!(
        labels[0]["message"],
        "unsafe character `^` must be encoded; write %5E (RFC 1738 §2.2)"
    );
    let human = d
        .cmd(&["check", "--color", "never", "a.txt"])
        .output()
        .unwrap();
    let text = stdout(&human);
    assert_eq!(text.matches("error[unsafe-character]").count(), 1, "{text}");
    assert!(
        text.contains("unsafe character `^` must be encoded"),
        "{text}"
    );
    assert!(text.contains("1 error"), "{text}");
}
