//! `--format json`: JSON Lines, one object per URL (extract) or diagnostic
//! (check), in the field order the README's "Output formats" shows.

use std::fmt::Write as _;

use serde::Serialize;

use super::{FileReport, Reporter};
use crate::span::Pos;

/// JSON Lines output.
#[derive(Debug, Default)]
pub struct Json;

#[derive(Serialize)]
#[allow(clippy::struct_field_names)] // `url` is the documented field name
struct Url<'a> {
    path: &'a str,
    url: &'a str,
    raw: &'a str,
    form: &'a str,
    start: Pos,
    end: Pos,
    alternatives: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_index: Option<u64>,
}

#[derive(Serialize)]
struct Diag<'a> {
    path: &'a str,
    rule: &'a str,
    group: &'a str,
    severity: &'a str,
    message: &'a str,
    url: &'a str,
    start: Pos,
    end: Pos,
    help: &'a str,
    /// Further places of the same fault; left out when there are none, so
    /// a one-place diagnostic is exactly the README's example.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    labels: Vec<JsonLabel<'a>>,
    /// The fix, or `null` (SPEC: every diagnostic says whether it has one).
    fix: Option<JsonFix<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_index: Option<u64>,
}

/// A fix as JSON: positions as the diagnostic's, `start`/`end` per edit.
#[derive(Serialize)]
struct JsonFix<'a> {
    applicability: &'a str,
    message: &'a str,
    edits: Vec<JsonEdit<'a>>,
}

#[derive(Serialize)]
struct JsonEdit<'a> {
    start: Pos,
    end: Pos,
    content: &'a str,
}

/// One further place of a diagnostic's fault.
#[derive(Serialize)]
struct JsonLabel<'a> {
    start: Pos,
    end: Pos,
    message: &'a str,
}

impl Reporter for Json {
    fn file(&self, report: &FileReport<'_>, out: &mut Vec<u8>) {
        for f in report.found {
            let c = &f.cand;
            let line = Url {
                path: report.path,
                url: &c.url,
                raw: &c.raw,
                form: c.form.as_str(),
                start: c.span.start,
                end: c.span.end,
                alternatives: &c.alternatives,
                message_id: f.mail.as_ref().and_then(|m| m.message_id.as_deref()),
                message_index: f.mail.as_ref().map(|m| m.index),
            };
            push_line(out, &line);
        }
        for f in report.findings {
            let d = &f.diag;
            let line = Diag {
                path: report.path,
                rule: d.rule.name(),
                group: d.rule.meta().group.as_str(),
                severity: d.severity.as_str(),
                message: &d.message,
                url: &d.url,
                start: d.span.start,
                end: d.span.end,
                help: &d.help,
                labels: d
                    .labels
                    .iter()
                    .map(|l| JsonLabel {
                        start: l.span.start,
                        end: l.span.end,
                        message: &l.message,
                    })
                    .collect(),
                fix: d.fix.as_ref().map(|fix| JsonFix {
                    applicability: fix.applicability.as_str(),
                    message: &fix.message,
                    edits: fix
                        .edits
                        .iter()
                        .map(|e| JsonEdit {
                            start: e.span.start,
                            end: e.span.end,
                            content: &e.content,
                        })
                        .collect(),
                }),
                message_id: f.mail.as_ref().and_then(|m| m.message_id.as_deref()),
                message_index: f.mail.as_ref().map(|m| m.index),
            };
            push_line(out, &line);
        }
    }
}

fn push_line(out: &mut Vec<u8>, value: &impl Serialize) {
    if let Ok(text) = serde_json::to_string(value) {
        out.extend_from_slice(terminal_safe(&text).as_bytes());
        out.push(b'\n');
    }
}

/// `serde_json` escapes C0 controls but writes C1 controls and bidi overrides
/// as they are; escape those as `\uXXXX` too, so JSON piped to a terminal
/// cannot reorder or drive it. The JSON value is unchanged.
pub fn terminal_safe(json: &str) -> std::borrow::Cow<'_, str> {
    let risky = |c: char| matches!(c, '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}');
    if !json.chars().any(risky) {
        return std::borrow::Cow::Borrowed(json);
    }
    let mut s = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if risky(c) {
            let _ = write!(s, "\\u{:04x}", c as u32);
        } else {
            s.push(c);
        }
    }
    std::borrow::Cow::Owned(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_and_c1_become_json_escapes() {
        let raw = serde_json::to_string("a\u{202e}b\u{9b}c\u{1b}").unwrap();
        let safe = terminal_safe(&raw);
        assert_eq!(safe, "\"a\\u202eb\\u009bc\\u001b\"");
        let back: String = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, "a\u{202e}b\u{9b}c\u{1b}");
    }
}
