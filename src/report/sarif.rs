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

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;

use serde::Serialize;

use super::json::terminal_safe;
use super::{FileReport, Finding, Reporter, Summary};
use crate::rules::{Rule, RuleMeta, Severity};

/// The schema the log declares (the OASIS standard's errata 01 location).
pub const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// SARIF 2.1.0 output, written whole at the end.
#[derive(Debug)]
pub struct Sarif {
    results: Mutex<Vec<SarifResult>>,
    /// Rule name → its index in `tool.driver.rules`.
    index: HashMap<&'static str, usize>,
}

// The SARIF objects urlint writes, fields in the order the standard lists
// them, so the log reads top-down: schema, version, tool, results.

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<Descriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    id: &'static str,
    short_description: Text,
    full_description: Text,
    help: Text,
    default_configuration: Configuration,
    properties: Tags,
}

#[derive(Serialize)]
struct Text {
    text: String,
    /// GitHub shows this in the alert, where there is room for the rule's
    /// whole explanation.
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<String>,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct Tags {
    tags: [&'static str; 1],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Message,
    locations: [Location; 1],
    /// Further places of the same fault in the URL.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<RelatedLocation>,
    /// The diagnostic's fix, as SARIF's replacements.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix>,
    properties: ResultProperties,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix {
    description: Message,
    artifact_changes: [ArtifactChange; 1],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Message,
}

/// A further place, with what is wrong there.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatedLocation {
    physical_location: PhysicalLocation,
    message: Message,
}

#[derive(Debug, Serialize)]
struct Message {
    text: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    /// Relative URIs resolve against the checkout; `file:` URIs take none.
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u64,
    start_column: u64,
    end_line: u64,
    end_column: u64,
    byte_offset: u64,
    byte_length: u64,
}

/// What SARIF has no field for: the whole URL, the help line, and where in
/// a mail archive the URL was.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultProperties {
    url: String,
    help: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_index: Option<u64>,
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

    /// Take the results collected so far into a log.
    fn take_log(&self) -> Log {
        let mut results = std::mem::take(
            &mut *self
                .results
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        results.sort_by(|a, b| {
            let key = |r: &SarifResult| {
                let loc = &r.locations[0].physical_location;
                (
                    loc.artifact_location.uri.clone(),
                    loc.region.start_line,
                    loc.region.start_column,
                    r.rule_id.clone(),
                )
            };
            key(a).cmp(&key(b))
        });
        Log {
            schema: SCHEMA_URI,
            version: "2.1.0",
            runs: [Run {
                tool: Tool {
                    driver: Driver {
                        name: "urlint",
                        // Not `--version`'s git revision: the log of a run
                        // should not change with every commit.
                        version: env!("CARGO_PKG_VERSION"),
                        semantic_version: env!("CARGO_PKG_VERSION"),
                        rules: Rule::ALL.iter().map(|r| descriptor(r.meta())).collect(),
                    },
                },
                column_kind: "unicodeCodePoints",
                results,
            }],
        }
    }

    /// The log text: pretty JSON, made safe for a terminal.
    fn render(&self) -> io::Result<String> {
        let text = serde_json::to_string_pretty(&self.take_log()).map_err(io::Error::other)?;
        // A big run's log is large: copy it only when something needed escaping.
        Ok(match terminal_safe(&text) {
            Cow::Borrowed(_) => text,
            Cow::Owned(safe) => safe,
        })
    }

    fn result(&self, uri: &str, finding: &Finding) -> SarifResult {
        let d = &finding.diag;
        let name = d.rule.name();
        let absolute = uri.starts_with("file:");
        let physical = |span: crate::span::Span| PhysicalLocation {
            artifact_location: ArtifactLocation {
                uri: uri.to_string(),
                uri_base_id: (!absolute).then_some("%SRCROOT%"),
            },
            region: Region {
                start_line: span.start.line,
                start_column: span.start.column,
                end_line: span.end.line,
                end_column: span.end.column,
                byte_offset: span.start.offset,
                byte_length: span.end.offset.saturating_sub(span.start.offset),
            },
        };
        let related_locations = d
            .labels
            .iter()
            .map(|l| RelatedLocation {
                physical_location: physical(l.span),
                message: Message {
                    text: l.message.clone(),
                },
            })
            .collect();
        let fixes = d
            .fix
            .iter()
            .map(|fix| SarifFix {
                description: Message {
                    text: format!("{} ({})", fix.message, fix.applicability.as_str()),
                },
                artifact_changes: [ArtifactChange {
                    artifact_location: physical(d.span).artifact_location,
                    replacements: fix
                        .edits
                        .iter()
                        .map(|e| Replacement {
                            deleted_region: physical(e.span).region,
                            inserted_content: Message {
                                text: e.content.clone(),
                            },
                        })
                        .collect(),
                }],
            })
            .collect();
        SarifResult {
            rule_id: name.to_string(),
            rule_index: self.index.get(name).copied(),
            level: level(Some(d.severity)),
            message: Message {
                text: d.message.clone(),
            },
            locations: [Location {
                physical_location: physical(d.span),
            }],
            related_locations,
            fixes,
            properties: ResultProperties {
                url: d.url.clone(),
                help: d.help.clone(),
                message_id: finding.mail.as_ref().and_then(|m| m.message_id.clone()),
                message_index: finding.mail.as_ref().map(|m| m.index),
            },
        }
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
        let results: Vec<SarifResult> = report
            .findings
            .iter()
            .map(|f| self.result(&uri, f))
            .collect();
        self.results
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend(results);
    }

    fn finish(&self, _summary: &Summary, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.render()?.as_bytes())?;
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
fn descriptor(m: &'static RuleMeta) -> Descriptor {
    let mut full = m.summary.to_string();
    let mut help = m.help.to_string();
    // The explanation is captured from doc comments: drop the space after
    // each `///`, as `urlint rules RULE` does.
    let mut markdown = String::new();
    for line in m.explanation.trim_end().lines() {
        markdown.push_str(line.strip_prefix(' ').unwrap_or(line));
        markdown.push('\n');
    }
    markdown.truncate(markdown.trim_end().len());
    if !m.rfc.is_empty() {
        let _ = write!(full, " ({})", m.rfc);
        let _ = write!(help, "\n\nReference: {}.", m.rfc);
        let _ = write!(markdown, "\n\n**Reference:** {}.", m.rfc);
    }
    let markdown = (!m.explanation.trim().is_empty()).then_some(markdown);
    Descriptor {
        id: m.name,
        short_description: Text {
            text: m.summary.to_string(),
            markdown: None,
        },
        full_description: Text {
            text: full,
            markdown: None,
        },
        help: Text {
            text: help,
            markdown,
        },
        default_configuration: Configuration {
            level: level(m.default),
        },
        properties: Tags {
            tags: [m.group.as_str()],
        },
    }
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
mod tests;
