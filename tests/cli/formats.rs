//! `check --format sarif|github`, `completions`, `man` and `--version`.

use std::fmt::Write as _;

use serde_json::Value;

use crate::util::{code, fixtures, json_lines, stderr, stdout, urlint, Dir};

/// A `%as` on line 2, columns 24 to 27 (exclusive), and a port 25 on line 3.
const DEFECTS: &str =
    "ref:\n  <URL:news:12345667123%asdghfh@info.cern.ch>\n  <URL:http://host.example:25/>\n";

/// Validate `log` against the OASIS SARIF 2.1.0 schema in `tests/sarif/`.
fn validate_sarif(log: &Value) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sarif/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    let loc = "urn:urlint:sarif-schema-2.1.0";
    compiler.add_resource(loc, schema).unwrap();
    let index = compiler
        .compile(loc, &mut schemas)
        .unwrap_or_else(|e| panic!("{e:#}"));
    if let Err(e) = schemas.validate(log, index) {
        panic!("not valid SARIF 2.1.0: {e:#}\n{log:#}");
    }
}

fn sarif(d: &Dir, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["check", "--format", "sarif"];
    all.extend_from_slice(args);
    let out = d.cmd(&all).output().unwrap();
    let log = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", stdout(&out), stderr(&out)));
    (code(&out), log)
}

#[test]
fn sarif_is_valid_and_points_at_the_defect() {
    let d = Dir::new();
    d.write("docs/a.txt", DEFECTS);
    // `host.example:25` is a documentation host: only rfc1738 judges it.
    let (code, log) = sarif(&d, &["--standard", "rfc1738", "docs"]);
    assert_eq!(code, 1, "{log:#}");
    validate_sarif(&log);
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["tool"]["driver"]["name"], "urlint");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let find = |rule: &str| {
        results
            .iter()
            .find(|r| r["ruleId"] == rule)
            .unwrap_or_else(|| panic!("no {rule} in {results:#?}"))
    };

    let escape = find("invalid-percent-escape");
    assert_eq!(escape["level"], "error");
    let loc = &escape["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "docs/a.txt");
    let region = &loc["region"];
    assert_eq!(
        (
            &region["startLine"],
            &region["startColumn"],
            &region["endLine"],
            &region["endColumn"]
        ),
        (&2.into(), &24.into(), &2.into(), &27.into()),
        "{region:#}"
    );
    // ruleIndex points at the rule's own descriptor.
    let index = usize::try_from(escape["ruleIndex"].as_u64().unwrap()).unwrap();
    assert_eq!(rules[index]["id"], "invalid-percent-escape");

    let port = find("nondefault-port");
    assert_eq!(port["level"], "warning");
    let region = &port["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 3);
}

#[test]
fn sarif_describes_every_rule_with_help_and_rfc() {
    let d = Dir::new();
    d.write("clean.txt", "nothing to see\n");
    let (code, log) = sarif(&d, &["clean.txt"]);
    assert_eq!(code, 0);
    validate_sarif(&log);
    let run = &log["runs"][0];
    assert_eq!(run["results"].as_array().unwrap().len(), 0);
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    // Every rule `urlint rules` lists, in that order.
    let listed = urlint().args(["rules"]).output().unwrap();
    let names: Vec<String> = stdout(&listed)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, names);
    for (rule, line) in rules.iter().zip(stdout(&listed).lines()) {
        let help = rule["help"]["text"].as_str().unwrap();
        assert!(!help.is_empty(), "{rule:#}");
        // The RFC column of `urlint rules`, when there is one, is cited.
        if line.contains("RFC") {
            assert!(help.contains("RFC"), "{rule:#}");
        }
        let level = rule["defaultConfiguration"]["level"].as_str().unwrap();
        assert!(["error", "warning", "note", "none"].contains(&level));
        assert!(rule["properties"]["tags"][0].is_string());
    }
}

#[test]
fn github_commands_escape_the_file_name_and_the_message() {
    let d = Dir::new();
    let name = "odd%name,v1:2.txt";
    d.write(
        name,
        "ref:\n  <URL:news:12345667123%asdghfh@info.cern.ch>\n",
    );
    let select = ["--select", "invalid-percent-escape", "--sort", "path"];
    let run = |format: &str| {
        let mut args = vec!["check", "--format", format];
        args.extend_from_slice(&select);
        args.push(name);
        d.cmd(&args).output().unwrap()
    };
    let json = run("json");
    let out = run("github");
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    // The expected commands, built from the JSON diagnostics with GitHub's
    // escaping spelled out here.
    let data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let mut want = String::new();
    for l in json_lines(&json) {
        let message = format!(
            "{}\nhelp: {}",
            l["message"].as_str().unwrap(),
            l["help"].as_str().unwrap()
        );
        let _ = writeln!(
            want,
            "::error file=odd%25name%2Cv1%3A2.txt,line={},col={},endLine={},endColumn={},\
             title=invalid-percent-escape::{}",
            l["start"]["line"],
            l["start"]["column"],
            l["end"]["line"],
            l["end"]["column"],
            data(&message)
        );
    }
    assert!(
        want.contains("line=2,col=24,endLine=2,endColumn=27"),
        "{want}"
    );
    assert!(want.contains("%0Ahelp: "), "{want}");
    assert_eq!(stdout(&out), want);
    // The summary stays off stdout, which the runner parses.
    assert!(stderr(&out).contains("1 file checked"), "{}", stderr(&out));
}

#[test]
fn github_levels_follow_severity() {
    let d = Dir::new();
    d.write("a.txt", DEFECTS);
    let out = d
        .cmd(&[
            "check",
            "--format",
            "github",
            "--standard",
            "rfc1738",
            "a.txt",
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.lines()
            .any(|l| l.starts_with("::error file=a.txt,line=2,")
                && l.contains("title=invalid-percent-escape::")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("::warning file=a.txt,line=3,")
                && l.contains("title=nondefault-port::")),
        "{text}"
    );
}

#[test]
fn ecosystem_fixtures_fail_and_pass() {
    let dir = fixtures().join("ecosystem");
    let bad = urlint()
        .args(["check", "-q", "--format", "github"])
        .arg(dir.join("bad.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&bad), 1, "{}", stdout(&bad));
    let clean = urlint()
        .args(["check"])
        .arg(dir.join("clean.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&clean), 0, "{}", stdout(&clean));
}

#[test]
fn completions_for_each_shell_know_the_subcommands() {
    for shell in ["bash", "zsh", "fish"] {
        let out = urlint().args(["completions", shell]).output().unwrap();
        assert_eq!(code(&out), 0, "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(!script.is_empty(), "{shell}");
        assert!(script.contains("extract"), "{shell}");
        assert!(script.contains("fail-on"), "{shell}");
    }
    let bad = urlint().args(["completions", "cmd.exe"]).output().unwrap();
    assert_eq!(code(&bad), 2);
}

#[test]
fn man_page_is_roff_and_lists_every_subcommand() {
    let out = urlint().arg("man").output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
    assert!(page.contains("\n.TH urlint 1 "), "{page}");
    for sub in [
        "check",
        "extract",
        "resolve",
        "rules",
        "completions",
        "man",
        "server",
    ] {
        assert!(
            page.contains(&format!("urlint\\-{sub}(1)")),
            "{sub}: {page}"
        );
        let sub_page = urlint().args(["man", sub]).output().unwrap();
        assert_eq!(code(&sub_page), 0, "{sub}");
        assert!(
            stdout(&sub_page).contains(&format!(".TH urlint-{sub} 1 ")),
            "{sub}: {}",
            stdout(&sub_page)
        );
    }
}

#[test]
fn version_names_the_package_version() {
    let out = urlint().arg("--version").output().unwrap();
    assert_eq!(code(&out), 0);
    let text = stdout(&out);
    let want = format!("urlint {}", env!("CARGO_PKG_VERSION"));
    assert!(text.starts_with(&want), "{text}");
}

/// The `sarif` and `github` examples in README.md
/// source for these sections) are the real output for their fixture.
#[test]
fn documented_examples_are_real_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("README.md")).unwrap();
    // The fenced block that starts after `marker` (skipping one fence line).
    let block = |marker: &str, fence: &str| -> String {
        let at = doc.find(marker).unwrap_or_else(|| panic!("no {marker:?}"));
        let rest = &doc[at + marker.len()..];
        let start = rest.find(fence).map_or(0, |i| i + fence.len());
        let body = &rest[start..];
        body[..body.find("```").unwrap()]
            .trim_start_matches('\n')
            .to_string()
    };
    let run = |format: &str| {
        let out = urlint()
            .current_dir(root)
            .args(["check", "--format", format, "fixtures/ecosystem/bad.txt"])
            .output()
            .unwrap();
        assert_eq!(code(&out), 1, "{}", stderr(&out));
        stdout(&out)
    };

    let github = block(
        "$ urlint check --format github fixtures/ecosystem/bad.txt\n",
        "",
    );
    assert_eq!(github, run("github"));

    let shown: Value = serde_json::from_str(&block("urlint.sarif\n```\n", "```json\n")).unwrap();
    let real: Value = serde_json::from_str(&run("sarif")).unwrap();
    assert_eq!(shown["version"], real["version"]);
    let (shown, real) = (&shown["runs"][0], &real["runs"][0]);
    assert_eq!(shown["columnKind"], real["columnKind"]);
    assert_eq!(
        shown["tool"]["driver"]["rules"][0],
        real["tool"]["driver"]["rules"][0]
    );
    assert_eq!(shown["results"][0], real["results"][1]);
}

/// Every rule's results, mail inputs and wrappers spanning lines included,
/// make a valid log.
#[test]
fn sarif_for_every_fixture_and_rule_is_valid() {
    let out = urlint()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // rfc1738: some rules (`userinfo-not-allowed`) fire only by its letter.
        .args(["check", "--format", "sarif", "--select", "all"])
        .args(["--standard", "rfc1738", "fixtures"])
        .output()
        .unwrap();
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    validate_sarif(&log);
    let results = log["runs"][0]["results"].as_array().unwrap();
    let rules: std::collections::HashSet<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    // fixtures/rules/ has a triggering text for every rule.
    let listed = urlint().args(["rules"]).output().unwrap();
    for name in stdout(&listed)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
    {
        assert!(rules.contains(name), "no {name} result");
    }
    let from_mail = results.iter().any(|r| {
        let uri = &r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
        r["properties"]["messageIndex"].is_u64()
            && uri
                .as_str()
                .is_some_and(|u| u.starts_with("fixtures/mail/"))
    });
    assert!(from_mail, "no result from a mail fixture");
}
