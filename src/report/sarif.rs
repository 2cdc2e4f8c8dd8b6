//! `--format sarif`: one SARIF 2.1.0 log with one run, for GitHub code
//! scanning and other SARIF viewers.
//!
//! SARIF is one JSON document, so results are collected in [`Reporter::file`]
//! (called from worker threads, possibly several times per file) and the log
//! is written in [`Reporter::finish`], sorted by location so the output does
//! not depend on which worker finished first.
//!
//! Choices the format leaves open:
//! - `tool.driver.rules` lists every rule of the registry, enabled or not, so
//!   a viewer can show the help of any rule; `ruleIndex` points into it.
//! - Columns count Unicode scalar values, as everywhere in urlint, so the
//!   run says `columnKind: unicodeCodePoints` (SARIF's default is UTF-16).
//! - `endColumn` is exclusive in SARIF, as `end.column` is in urlint's JSON.
//! - Paths become relative URI references (`./` dropped, everything outside
//!   the unreserved set percent-encoded), so an upload resolves them against
//!   the checkout.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;

use serde_json::{json, Value};

use super::json::terminal_safe;
use super::{FileReport, Reporter, Summary};
use crate::rules::{Rule, RuleMeta, Severity};

/// The schema the log declares (the OASIS standard's errata 01 location).
pub const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// SARIF 2.1.0 output, written whole at the end.
#[derive(Debug)]
pub struct Sarif {
    results: Mutex<Vec<Entry>>,
    /// Rule name → its index in `tool.driver.rules`.
    index: HashMap<&'static str, usize>,
}

/// One result, owned, with the keys it sorts by.
#[derive(Debug)]
struct Entry {
    uri: String,
    line: u64,
    column: u64,
    rule: String,
    value: Value,
}

impl Sarif {
    /// An empty log.
    pub fn new() -> Sarif {
        let index = Rule::ALL
            .iter()
            .enumerate()
            .map(|(i, r)| (r.meta().name, i))
            .collect();
        Sarif {
            results: Mutex::new(Vec::new()),
            index,
        }
    }

    /// The complete log for the results collected so far.
    pub fn log(&self) -> Value {
        let mut entries = std::mem::take(
            &mut *self
                .results
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        entries.sort_by(|a, b| {
            (&a.uri, a.line, a.column, &a.rule).cmp(&(&b.uri, b.line, b.column, &b.rule))
        });
        let results: Vec<Value> = entries.into_iter().map(|e| e.value).collect();
        let rules: Vec<Value> = Rule::ALL.iter().map(|r| descriptor(r.meta())).collect();
        json!({
            "$schema": SCHEMA_URI,
            "version": "2.1.0",
            "runs": [{
                "tool": {
                    "driver": {
                        "name": "urlint",
                        "semanticVersion": env!("CARGO_PKG_VERSION"),
                        "version": crate::cli::VERSION,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }]
        })
    }
}

impl Default for Sarif {
    fn default() -> Sarif {
        Sarif::new()
    }
}

impl Reporter for Sarif {
    fn file(&self, report: &FileReport<'_>, _out: &mut Vec<u8>) {
        if report.findings.is_empty() {
            return;
        }
        let uri = uri_reference(report.path);
        // Absolute paths become `file:` URIs, which take no base.
        let artifact = if uri.starts_with("file:") {
            json!({ "uri": uri })
        } else {
            json!({ "uri": uri, "uriBaseId": "%SRCROOT%" })
        };
        let entries = report.findings.iter().map(|f| {
            let d = &f.diag;
            let name = d.rule.name();
            let (start, end) = (d.span.start, d.span.end);
            let mut result = json!({
                "ruleId": name,
                "level": level(Some(d.severity)),
                "message": { "text": d.message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact,
                        "region": {
                            "startLine": start.line,
                            "startColumn": start.column,
                            "endLine": end.line,
                            "endColumn": end.column,
                            "byteOffset": start.offset,
                            "byteLength": end.offset.saturating_sub(start.offset),
                        }
                    }
                }],
                "properties": { "url": d.url, "help": d.help },
            });
            if let Some(i) = self.index.get(name) {
                result["ruleIndex"] = json!(i);
            }
            if let Some(mail) = &f.mail {
                result["properties"]["messageIndex"] = json!(mail.index);
                if let Some(id) = &mail.message_id {
                    result["properties"]["messageId"] = json!(id);
                }
            }
            Entry {
                uri: uri.clone(),
                line: start.line,
                column: start.column,
                rule: name.to_string(),
                value: result,
            }
        });
        let mut all = self
            .results
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        all.extend(entries);
    }

    fn finish(&self, _summary: &Summary, out: &mut dyn Write) -> io::Result<()> {
        let text = serde_json::to_string_pretty(&self.log()).map_err(io::Error::other)?;
        out.write_all(terminal_safe(&text).as_bytes())?;
        out.write_all(b"\n")
    }
}

/// SARIF's level for a severity; `none` for a rule that is off by default.
fn level(severity: Option<Severity>) -> &'static str {
    match severity {
        Some(Severity::Error) => "error",
        Some(Severity::Warning) => "warning",
        Some(Severity::Info) => "note",
        None => "none",
    }
}

/// A `reportingDescriptor` for one rule: what it checks, its help with the
/// RFC citation, its default level and its group as a tag.
fn descriptor(m: &RuleMeta) -> Value {
    let cite = if m.rfc.is_empty() {
        String::new()
    } else {
        format!(" ({})", m.rfc)
    };
    let mut help = m.help.to_string();
    if !m.rfc.is_empty() {
        let _ = write!(help, "\n\nReference: {}.", m.rfc);
    }
    json!({
        "id": m.name,
        "shortDescription": { "text": m.summary },
        "fullDescription": { "text": format!("{}{cite}", m.summary) },
        "help": { "text": help },
        "defaultConfiguration": { "level": level(m.default) },
        "properties": { "tags": [m.group.as_str()] },
    })
}

/// A path as a relative URI reference: `./` prefixes dropped, Windows
/// separators turned into `/`, and every byte outside the unreserved set and
/// `/` percent-encoded (a `:` left bare would read as a scheme).
pub fn uri_reference(path: &str) -> String {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.trim_start_matches('/');
    }
    let owned;
    if cfg!(windows) {
        owned = p.replace('\\', "/");
        p = &owned;
    }
    let mut out = String::with_capacity(p.len());
    if p.starts_with('/') {
        out.push_str("file://");
    }
    for b in p.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Diagnostic;
    use crate::report::Finding;
    use crate::span::{Pos, Span};

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
        let log = sarif.log();
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
        let log = Sarif::new().log();
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        assert_eq!(rules.len(), Rule::ALL.len());
        for (rule, desc) in Rule::ALL.iter().zip(rules) {
            let m = rule.meta();
            assert_eq!(desc["id"], m.name);
            assert!(desc["help"]["text"].as_str().unwrap().contains(m.rfc));
            assert_eq!(desc["defaultConfiguration"]["level"], level(m.default));
            assert_eq!(desc["properties"]["tags"][0], m.group.as_str());
        }
    }

    /// Validate `log` against the OASIS schema shipped in `tests/sarif/`.
    fn validate(log: &Value) -> Result<(), String> {
        let schema: Value =
            serde_json::from_str(include_str!("../../tests/sarif/sarif-schema-2.1.0.json"))
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
        let log = sarif.log();
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
}
