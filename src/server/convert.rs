//! urlint's results in the protocol's terms: diagnostics, code actions
//! and hovers, with every position in the negotiated encoding.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use lsp_types as lsp;
use lsp_types::{CodeActionKind, NumberOrString, Uri};

use crate::Applicability;
use crate::Checked;
use crate::Diagnostic;
use crate::Linter;
use crate::Severity;
use crate::Source;
use crate::Syntax;

use super::text::{Document, Encoding, Positions};

/// The `source` of every diagnostic, and the last part of the fix-all kind.
pub const NAME: &str = "urlint";

/// The most diagnostics published for one document. A file of 400 000
/// unclosed `<URL:` has as many diagnostics: 130 MB of JSON that no
/// editor can show, and that would take seconds to send and parse. The
/// first ones, in input order, say what is wrong; code actions and hovers
/// still see them all.
pub const MAX_PUBLISHED: usize = 10_000;

/// `source.fixAll.urlint`: what an editor's "fix all on save" asks for.
pub fn fix_all_kind() -> CodeActionKind {
    CodeActionKind::new("source.fixAll.urlint")
}

/// One version of a document, what it was linted with, and the result.
#[derive(Debug)]
pub struct Linted {
    /// The version the client gave it.
    pub version: i32,
    /// The server's lint request it answers (see `worker::Shared::current`).
    pub generation: u64,
    /// Its text.
    pub doc: Arc<Document>,
    /// The linter of its settings.
    pub linter: Arc<Linter>,
    /// How it was read.
    pub source: Source,
    /// What the linter found.
    pub checked: Checked,
}

impl Linted {
    /// The syntax the text was read as.
    fn syntax(&self) -> Syntax {
        self.source.syntax.unwrap_or_else(|| {
            self.source
                .path
                .as_deref()
                .map_or(Syntax::Text, |p| self.linter.syntax_for(p))
        })
    }

    /// Every position any of the diagnostics, their labels or fixes need.
    fn positions(&self, enc: Encoding) -> Positions {
        let spans = self.checked.diagnostics.iter().flat_map(|d| {
            let labels = d.labels.iter().map(|l| l.span);
            let edits = d.fix.iter().flat_map(|f| f.edits.iter().map(|e| e.span));
            std::iter::once(d.span).chain(labels).chain(edits)
        });
        let offsets = spans.flat_map(|s| [s.start.offset as usize, s.end.offset as usize]);
        self.doc.positions(offsets, enc)
    }

    /// The diagnostics to publish (at most [`MAX_PUBLISHED`]).
    pub fn diagnostics(&self, uri: &Uri, enc: Encoding) -> Vec<lsp::Diagnostic> {
        let at = self.positions(enc);
        self.checked
            .diagnostics
            .iter()
            .take(MAX_PUBLISHED)
            .map(|d| diagnostic(d, uri, &at))
            .collect()
    }

    /// The code actions for the diagnostics touching `range`.
    pub fn code_actions(
        &self,
        uri: &Uri,
        range: lsp::Range,
        only: Option<&[CodeActionKind]>,
        enc: Encoding,
    ) -> Vec<lsp::CodeActionOrCommand> {
        let wants = |kind: &CodeActionKind| {
            only.is_none_or(|only| {
                only.iter().any(|o| {
                    kind.as_str() == o.as_str()
                        || kind.as_str().starts_with(&format!("{}.", o.as_str()))
                })
            })
        };
        let (from, to) = (
            self.doc.offset(range.start, enc),
            self.doc.offset(range.end, enc),
        );
        let at = self.positions(enc);
        let rewritable = self.checked.not_rewritable.is_none();
        let mut actions = Vec::new();
        for d in &self.checked.diagnostics {
            let (start, end) = (d.span.start.offset as usize, d.span.end.offset as usize);
            if start > to || end < from {
                continue;
            }
            let lsp_diag = diagnostic(d, uri, &at);
            if let Some(fix) = d
                .fix
                .as_ref()
                .filter(|_| rewritable && wants(&CodeActionKind::QUICKFIX))
            {
                let edits = fix
                    .edits
                    .iter()
                    .map(|e| lsp::TextEdit {
                        range: range_of(&at, e.span),
                        new_text: e.content.clone(),
                    })
                    .collect();
                let safe = fix.applicability == Applicability::Safe;
                actions.push(action(
                    format!(
                        "{} ({}{})",
                        capitalized(&fix.message),
                        d.rule.name(),
                        if safe { "" } else { ", unsafe" }
                    ),
                    CodeActionKind::QUICKFIX,
                    Some(vec![lsp_diag.clone()]),
                    uri,
                    edits,
                    safe,
                ));
            }
            if wants(&CodeActionKind::QUICKFIX) {
                if let Some(edit) = self.ignore_edit(d, enc) {
                    actions.push(action(
                        format!("Ignore `{}` on this line", d.rule.name()),
                        CodeActionKind::QUICKFIX,
                        Some(vec![lsp_diag]),
                        uri,
                        vec![edit],
                        false,
                    ));
                }
            }
        }
        if rewritable && wants(&fix_all_kind()) && self.checked.fixable(false) > 0 {
            if let Some(edit) = self.fix_all(enc) {
                actions.push(action(
                    "Fix all safely fixable urlint diagnostics".to_string(),
                    fix_all_kind(),
                    None,
                    uri,
                    vec![edit],
                    false,
                ));
            }
        }
        actions
    }

    /// Every safe fix, applied and re-checked until nothing more is
    /// fixable (as `check --fix` does), as one edit: the changed middle.
    fn fix_all(&self, enc: Encoding) -> Option<lsp::TextEdit> {
        let old = self.doc.text();
        let (new, applied, _) = self.linter.fix(old, &self.source, false);
        if applied == 0 || new == old {
            return None;
        }
        let mut prefix = old
            .bytes()
            .zip(new.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let mut suffix = old[prefix..]
            .bytes()
            .rev()
            .zip(new[prefix..].bytes().rev())
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix)
        {
            suffix -= 1;
        }
        Some(lsp::TextEdit {
            range: lsp::Range::new(
                self.doc.position(prefix, enc),
                self.doc.position(old.len() - suffix, enc),
            ),
            new_text: new[prefix..new.len() - suffix].to_string(),
        })
    }

    /// The edit that silences `d` on its line: the rule added to a
    /// `urlint: ignore[...]` already there, or a comment in the syntax's
    /// own form (an HTML comment in Markdown, so it does not render),
    /// on the line or, where comments must start a line, the line above.
    fn ignore_edit(&self, d: &Diagnostic, enc: Encoding) -> Option<lsp::TextEdit> {
        let text = self.doc.text();
        let line = self.doc.line_around(d.span.start.offset as usize);
        let content = &text[line.clone()];
        let rule = d.rule.name();
        for prefix in ["urlint: ignore[", "urlint:ignore["] {
            if let Some(at) = content.find(prefix) {
                let list = line.start + at + prefix.len();
                let close = text[list..line.end].find(']')? + list;
                let sep = if text[list..close].trim().is_empty() {
                    ""
                } else {
                    ","
                };
                let pos = self.doc.position(close, enc);
                return Some(lsp::TextEdit {
                    range: lsp::Range::new(pos, pos),
                    new_text: format!("{sep}{rule}"),
                });
            }
        }
        let at_end = |comment: String| {
            let pos = self.doc.position(line.end, enc);
            Some(lsp::TextEdit {
                range: lsp::Range::new(pos, pos),
                new_text: comment,
            })
        };
        let above = |marker: &str| {
            let indent: String = content.chars().take_while(|c| c.is_whitespace()).collect();
            let pos = self.doc.position(line.start, enc);
            Some(lsp::TextEdit {
                range: lsp::Range::new(pos, pos),
                new_text: format!(
                    "{indent}{marker} urlint: ignore-next-line[{rule}]{}",
                    eol(text, line.end)
                ),
            })
        };
        match self.syntax() {
            Syntax::Markdown | Syntax::Html => at_end(format!(" <!-- urlint: ignore[{rule}] -->")),
            Syntax::C => at_end(format!(" // urlint: ignore[{rule}]")),
            Syntax::Shell | Syntax::Python => at_end(format!(" # urlint: ignore[{rule}]")),
            Syntax::Roff => at_end(format!(" \\\" urlint: ignore[{rule}]")),
            Syntax::Latex => at_end(format!(" % urlint: ignore[{rule}]")),
            Syntax::Lisp => at_end(format!(" ; urlint: ignore[{rule}]")),
            Syntax::Asciidoc => above("//"),
            Syntax::Texinfo => above("@c"),
            Syntax::Po => above("#"),
            // JSON and iCalendar have no comments: any text would break
            // the file; in RTF it would show in the document (an
            // installer's license); in a patch, the patch would no longer
            // apply.
            Syntax::Json | Syntax::Rtf | Syntax::Icalendar | Syntax::Diff => None,
            _ => at_end(format!(" urlint: ignore[{rule}]")),
        }
    }

    /// The hover for byte `offset`: the docs of the rules flagging it.
    pub fn hover(&self, offset: usize, enc: Encoding) -> Option<lsp::Hover> {
        let hits: Vec<&Diagnostic> = self
            .checked
            .diagnostics
            .iter()
            .filter(|d| {
                (d.span.start.offset as usize) <= offset && offset <= d.span.end.offset as usize
            })
            .collect();
        let first = hits.first()?;
        let mut seen = Vec::new();
        let mut parts = Vec::new();
        for d in &hits {
            if seen.contains(&d.rule) {
                continue;
            }
            seen.push(d.rule);
            parts.push(rule_docs(d));
        }
        let at = self.doc.positions(
            [
                first.span.start.offset as usize,
                first.span.end.offset as usize,
            ],
            enc,
        );
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: parts.join("\n\n---\n\n"),
            }),
            range: Some(range_of(&at, first.span)),
        })
    }
}

/// One rule's documentation, headed by what it says here.
fn rule_docs(d: &Diagnostic) -> String {
    let meta = d.rule.meta();
    let mut out = format!(
        "**urlint `{}`** ({}, {}) · {}\n\n{}\n\n*help:* {}\n\n{}",
        meta.name,
        meta.group.as_str(),
        d.severity.as_str(),
        meta.rfc,
        d.message,
        d.help,
        explanation(meta.explanation)
    );
    if let Some((applicability, what)) = meta.fix {
        let _ = write!(out, "\n\n*Fix ({}):* {what}", applicability.as_str());
    }
    out
}

/// A rule's doc comment as Markdown: the space after each `///` gone, so
/// indented lines do not become code blocks.
fn explanation(docs: &str) -> String {
    docs.trim()
        .lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn diagnostic(d: &Diagnostic, uri: &Uri, at: &Positions) -> lsp::Diagnostic {
    let related: Vec<lsp::DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .map(|l| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), range_of(at, l.span)),
            message: l.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: range_of(at, d.span),
        severity: Some(match d.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            _ => lsp::DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.rule.name().to_string())),
        code_description: None,
        source: Some(NAME.to_string()),
        message: if d.help.is_empty() {
            d.message.clone()
        } else {
            format!("{}\nhelp: {}", d.message, d.help)
        },
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

fn range_of(at: &Positions, span: crate::Span) -> lsp::Range {
    lsp::Range::new(
        at.get(span.start.offset as usize),
        at.get(span.end.offset as usize),
    )
}

fn action(
    title: String,
    kind: CodeActionKind,
    diagnostics: Option<Vec<lsp::Diagnostic>>,
    uri: &Uri,
    edits: Vec<lsp::TextEdit>,
    preferred: bool,
) -> lsp::CodeActionOrCommand {
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title,
        kind: Some(kind),
        diagnostics,
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..lsp::WorkspaceEdit::default()
        }),
        is_preferred: preferred.then_some(true),
        ..lsp::CodeAction::default()
    })
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The line break the text uses after `at`, or `\n`.
fn eol(text: &str, at: usize) -> &'static str {
    if text[at..].starts_with("\r\n") {
        "\r\n"
    } else if text[at..].starts_with('\r') {
        "\r"
    } else {
        "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn linted(text: &str, syntax: Syntax) -> Linted {
        let linter = Arc::new(Linter::default());
        let source = Source::default().with_syntax(syntax);
        let checked = linter.check(text, &source);
        Linted {
            version: 1,
            generation: 1,
            doc: Arc::new(Document::new(text.to_string())),
            linter,
            source,
            checked,
        }
    }

    /// The text after the "ignore this rule" action for its first
    /// diagnostic, or `None` where there is none.
    fn ignored(text: &str, syntax: Syntax) -> Option<String> {
        let l = linted(text, syntax);
        let d = &l.checked.diagnostics[0];
        let edit = l.ignore_edit(d, Encoding::Utf16)?;
        let start = l.doc.offset(edit.range.start, Encoding::Utf16);
        let end = l.doc.offset(edit.range.end, Encoding::Utf16);
        let mut out = text.to_string();
        out.replace_range(start..end, &edit.new_text);
        // The comment silences the diagnostic, and only it.
        let after = linted(&out, syntax);
        assert!(
            !after.checked.diagnostics.iter().any(|a| a.rule == d.rule),
            "{out:?} still has {}",
            d.rule.name()
        );
        Some(out)
    }

    #[test]
    fn the_ignore_comment_takes_each_syntax_form() {
        let cases = [
            (
                Syntax::Markdown,
                "a HTTP://x.example/\n",
                "a HTTP://x.example/ <!-- urlint: ignore[uppercase-scheme] -->\n",
            ),
            (
                Syntax::C,
                "// see HTTP://x.example/\nint x;\n",
                "// see HTTP://x.example/ // urlint: ignore[uppercase-scheme]\nint x;\n",
            ),
            (
                Syntax::Python,
                "# HTTP://x.example/\r\n",
                "# HTTP://x.example/ # urlint: ignore[uppercase-scheme]\r\n",
            ),
            (
                Syntax::Text,
                "HTTP://x.example/",
                "HTTP://x.example/ urlint: ignore[uppercase-scheme]",
            ),
            (
                Syntax::Asciidoc,
                "  HTTP://x.example/\n",
                "  // urlint: ignore-next-line[uppercase-scheme]\n  HTTP://x.example/\n",
            ),
        ];
        for (syntax, text, want) in cases {
            assert_eq!(ignored(text, syntax).as_deref(), Some(want), "{syntax:?}");
        }
        // JSON has no comment to add.
        assert_eq!(
            ignored("{\"u\": \"HTTP://x.example/\"}\n", Syntax::Json),
            None
        );
    }

    #[test]
    fn an_ignore_list_on_the_line_gets_the_rule_added() {
        let text = "http://relay.acme.com:25/ <!-- urlint: ignore[bare-url] -->\n";
        assert_eq!(
            ignored(text, Syntax::Markdown).unwrap(),
            "http://relay.acme.com:25/ <!-- urlint: ignore[bare-url,nondefault-port] -->\n"
        );
    }

    #[test]
    fn no_fix_is_offered_where_the_text_cannot_be_rewritten() {
        // Mail: positions map into the raw message, but its fixes are
        // reported, not applied.
        let mail =
            "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\nSubject: x\n\nSee HTTP://x.example/\n";
        let l = linted(mail, Syntax::Text);
        assert!(l.checked.not_rewritable.is_some());
        assert!(!l.checked.diagnostics.is_empty());
        let uri: Uri = "untitled:mail".parse().unwrap();
        let all = lsp::Range::new(lsp::Position::new(0, 0), lsp::Position::new(9, 0));
        let actions = l.code_actions(&uri, all, None, Encoding::Utf16);
        let titles: Vec<String> = actions
            .iter()
            .map(|a| match a {
                lsp::CodeActionOrCommand::CodeAction(a) => a.title.clone(),
                lsp::CodeActionOrCommand::Command(c) => c.title.clone(),
            })
            .collect();
        assert!(titles.iter().all(|t| t.starts_with("Ignore")), "{titles:?}");
    }
}
