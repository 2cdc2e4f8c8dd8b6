//! Unit tests of the SARIF reporter, including validation against the
//! OASIS schema shipped in `tests/sarif/`.

use super::*;
use crate::report::Finding;
use crate::rules::diagnostic::Diagnostic;
use crate::span::{Pos, Span};
use serde_json::{json, Value};

/// The log as `finish` writes it, parsed back.
fn log_of(sarif: &Sarif) -> Value {
    serde_json::from_str(&sarif.render().unwrap()).unwrap()
}

fn finding(line: u64, column: u64, message: &str) -> Finding {
    let pos = |column: u64| Pos {
        line,
        column,
        offset: 10 * line + column,
    };
    Finding {
        diag: Diagnostic {
            rule: Rule::ALL[0],
            severity: Severity::Warning,
            message: message.to_string(),
            span: Span::new(pos(column), pos(column + 3)),
            url: "http://a/".to_string(),
            help: "fix it".to_string(),
            labels: vec![],
            fix: None,
        },
        snippet: None,
        mail: None,
    }
}

#[test]
fn uri_references_are_relative_and_encoded() {
    for (path, want) in [
        ("./docs/a.txt", "docs/a.txt"),
        ("docs/a b.txt", "docs/a%20b.txt"),
        ("c:x,y%z.txt", "c%3Ax%2Cy%25z.txt"),
        ("/abs/ü.txt", "file:///abs/%C3%BC.txt"),
        ("-", "-"),
    ] {
        assert_eq!(uri_reference(path), want, "path {path:?}");
    }
}

#[test]
fn results_are_sorted_and_point_at_the_span() {
    let sarif = Sarif::new();
    let mut out = Vec::new();
    let late = [finding(9, 2, "second")];
    let early = [finding(2, 5, "first")];
    for findings in [&late[..], &early[..]] {
        let report = FileReport {
            path: "./a.txt",
            found: &[],
            findings,
        };
        sarif.file(&report, &mut out);
    }
    assert!(out.is_empty(), "SARIF writes nothing before finish");
    let log = log_of(&sarif);
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let results = run["results"].as_array().unwrap();
    assert_eq!(results[0]["message"]["text"], "first");
    assert_eq!(results[0]["level"], "warning");
    assert_eq!(results[0]["ruleIndex"], 0);
    let loc = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "a.txt");
    assert_eq!(loc["region"]["startLine"], 2);
    assert_eq!(loc["region"]["startColumn"], 5);
    assert_eq!(loc["region"]["endColumn"], 8);
    assert_eq!(results[1]["message"]["text"], "second");
}

#[test]
fn every_rule_is_described_with_its_rfc() {
    let log = log_of(&Sarif::new());
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), Rule::ALL.len());
    for (rule, desc) in Rule::ALL.iter().zip(rules) {
        let m = rule.meta();
        assert_eq!(desc["id"], m.name);
        assert!(desc["help"]["text"].as_str().unwrap().contains(m.rfc));
        let markdown = desc["help"]["markdown"].as_str().unwrap();
        for line in m.explanation.lines().filter(|l| !l.trim().is_empty()) {
            assert!(markdown.contains(line.trim()), "{line:?} not in {markdown}");
        }
        assert!(markdown.contains(m.rfc), "{markdown}");
        assert_eq!(desc["defaultConfiguration"]["level"], level(m.default));
        assert_eq!(desc["properties"]["tags"][0], m.group.as_str());
    }
}

/// Validate `log` against the OASIS schema shipped in `tests/sarif/`.
fn validate(log: &Value) -> Result<(), String> {
    let schema: Value =
        serde_json::from_str(include_str!("../../../tests/sarif/sarif-schema-2.1.0.json"))
            .map_err(|e| e.to_string())?;
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    let loc = "urn:urlint:sarif-schema-2.1.0";
    compiler
        .add_resource(loc, schema)
        .map_err(|e| e.to_string())?;
    let index = compiler
        .compile(loc, &mut schemas)
        .map_err(|e| format!("{e:#}"))?;
    schemas.validate(log, index).map_err(|e| format!("{e:#}"))
}

#[test]
fn log_satisfies_the_sarif_schema() {
    let sarif = Sarif::new();
    let mut mailed = finding(3, 4, "in mail");
    mailed.mail = Some(crate::report::MailRef {
        message_id: Some("<a@b>".to_string()),
        index: 2,
    });
    for (path, findings) in [
        ("./docs/a b.txt", vec![finding(1, 1, "one")]),
        ("/abs/x.txt", vec![mailed]),
    ] {
        let report = FileReport {
            path,
            found: &[],
            findings: &findings,
        };
        sarif.file(&report, &mut Vec::new());
    }
    let log = log_of(&sarif);
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 2);
    validate(&log).unwrap();
    // The validator does reject what breaks the schema.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = json!("fatal");
    assert!(validate(&broken).is_err());
}

#[test]
fn hostile_text_stays_json_and_off_the_terminal() {
    let sarif = Sarif::new();
    let findings = [finding(1, 1, "bad \u{202e}\u{9b}\u{1b}[2J")];
    let report = FileReport {
        path: "x\u{202e}.txt",
        found: &[],
        findings: &findings,
    };
    sarif.file(&report, &mut Vec::new());
    let mut out = Vec::new();
    sarif.finish(&Summary::default(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains(['\u{202e}', '\u{9b}', '\u{1b}']));
    let back: Value = serde_json::from_str(&text).unwrap();
    let result = &back["runs"][0]["results"][0];
    assert_eq!(result["message"]["text"], "bad \u{202e}\u{9b}\u{1b}[2J");
}
