//! `--format human`: rustc-style diagnostics drawn by codespan-reporting.
//!
//! codespan reads source through its `Files` trait; urlint does not keep
//! files, so [`ExcerptFile`] serves the few lines the scanner kept around each
//! URL and reports their true line numbers and column.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label, Severity as Level};
use codespan_reporting::files::{self, Files};
use codespan_reporting::term::{self, Config};
use termcolor::{Buffer, WriteColor};

use super::escape::{escape_control, escape_control_keep_newlines};
use super::{FileReport, Finding, Reporter};
use crate::rules::{Applicability, Severity};

/// rustc-style snippets, coloured when asked.
#[derive(Debug, Default)]
pub struct Human {
    /// Emit ANSI colours.
    pub color: bool,
    /// `--unsafe-fixes`: an unsafe fix counts as applicable (`[*]`).
    pub unsafe_fixes: bool,
}

impl Reporter for Human {
    fn file(&self, report: &FileReport<'_>, out: &mut Vec<u8>) {
        let config = Config::default();
        let mut buf = if self.color {
            Buffer::ansi()
        } else {
            Buffer::no_color()
        };
        let path = escape_control(report.path).into_owned();
        for finding in report.findings {
            render(&mut buf, &config, &path, finding, self.unsafe_fixes);
        }
        out.extend_from_slice(buf.as_slice());
    }
}

fn level(severity: Severity) -> Level {
    match severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        Severity::Info => Level::Note,
    }
}

fn render(buf: &mut Buffer, config: &Config, path: &str, finding: &Finding, unsafe_fixes: bool) {
    let d = &finding.diag;
    // ruff's mark: `[*]` before a diagnostic `--fix` would remove.
    let applicable = d
        .fix
        .as_ref()
        .is_some_and(|f| unsafe_fixes || f.applicability == Applicability::Safe);
    let mark = if applicable { "[*] " } else { "" };
    let mut report = Report::new(level(d.severity))
        .with_code(d.rule.name())
        .with_message(format!("{mark}{}", escape_control(&d.message)));
    let mut notes = vec![format!("help: {}", d.help)];
    if let Some(fix) = &d.fix {
        notes.push(format!(
            "fix ({}): {}",
            fix.applicability.as_str(),
            escape_control(&fix.message)
        ));
    }
    // Name the message when that says more than the line number does: it
    // has a Message-ID, or it is not the first message of an mbox.
    if let Some(mail) = &finding.mail {
        match (&mail.message_id, mail.index) {
            (Some(id), 0) => notes.push(format!("in message <{}>", escape_control(id))),
            (Some(id), i) => notes.push(format!(
                "in message <{}> (message {} of the mbox)",
                escape_control(id),
                i + 1
            )),
            (None, 0) => {}
            (None, i) => notes.push(format!("in message {} of the mbox", i + 1)),
        }
    }
    let start = d.span.start;
    let file = finding.snippet.as_ref().and_then(|snip| {
        let mut spans = vec![snip.span];
        spans.extend(&snip.labels);
        ExcerptFile::new(path, &snip.excerpt, &spans, start.line, start.column)
    });
    if let Some(file) = &file {
        let mut labels = vec![Label::primary((), file.label.clone())];
        // Further places of the same fault, each with what is wrong there.
        for (range, l) in file.secondary.iter().zip(&d.labels) {
            if let Some(range) = range {
                labels.push(
                    Label::secondary((), range.clone())
                        .with_message(escape_control(&l.message).into_owned()),
                );
            }
        }
        report = report.with_labels(labels);
        let _ = term::emit_to_write_style(buf, config, file, &report.with_notes(notes));
    } else {
        notes.insert(0, format!("at {path}:{}:{}", start.line, start.column));
        let empty = files::SimpleFile::new(path, "");
        let _ = term::emit_to_write_style(buf, config, &empty, &report.with_notes(notes));
    }
    let _ = buf.reset();
}

/// A few source lines, escaped, that know their place in the real file.
struct ExcerptFile<'a> {
    name: &'a str,
    source: String,
    line_starts: Vec<usize>,
    /// Line number of the first excerpt line in the original file.
    first_line: u64,
    label: Range<usize>,
    /// The further labels' ranges in `source`, `None` for one outside it.
    secondary: Vec<Option<Range<usize>>>,
    /// The true column of the label's start (the excerpt may be clipped).
    column: u64,
}

impl<'a> ExcerptFile<'a> {
    fn new(
        name: &'a str,
        excerpt: &crate::scan::Excerpt,
        spans: &[crate::span::Span],
        true_line: u64,
        true_column: u64,
    ) -> Option<ExcerptFile<'a>> {
        let text = &excerpt.text;
        let rel = |offset: u64| {
            let i = usize::try_from(offset.checked_sub(excerpt.start_offset)?).ok()?;
            (i <= text.len() && text.is_char_boundary(i)).then_some(i)
        };
        let ranges: Vec<Option<(usize, usize)>> = spans
            .iter()
            .map(|sp| {
                let (s, e) = (rel(sp.start.offset)?, rel(sp.end.offset)?);
                Some((s, e.max(s)))
            })
            .collect();
        let span = *spans.first()?;
        ranges.first().copied().flatten()?;
        // Escape the pieces between label ends apart, so each label
        // follows the text. CRLF files: the CR of a line end is not shown.
        let piece = |t: &str| escape_control_keep_newlines(&t.replace("\r\n", "\n")).into_owned();
        let mut cuts: Vec<usize> = ranges.iter().flatten().flat_map(|&(s, e)| [s, e]).collect();
        cuts.extend([0, text.len()]);
        cuts.sort_unstable();
        cuts.dedup();
        let mut source = String::new();
        let mut at = Vec::with_capacity(cuts.len());
        for w in cuts.windows(2) {
            at.push((w[0], source.len()));
            source.push_str(&piece(&text[w[0]..w[1]]));
        }
        at.push((text.len(), source.len()));
        let to_source = |i: usize| at.iter().find(|(c, _)| *c == i).map(|&(_, o)| o);
        let mapped: Vec<Option<Range<usize>>> = ranges
            .iter()
            .map(|r| r.and_then(|(s, e)| Some(to_source(s)?..to_source(e)?)))
            .collect();
        let label = mapped.first().cloned().flatten()?;
        let secondary = mapped[1..].to_vec();
        let line_starts = files::line_starts(&source).collect();
        // Mail excerpts are in decoded coordinates: shift their numbering so
        // the label's line is the true one.
        let label_line = span.start.line;
        let first_line = (true_line + excerpt.first_line).saturating_sub(label_line);
        Some(ExcerptFile {
            name,
            source,
            line_starts,
            first_line,
            label,
            secondary,
            column: true_column,
        })
    }
}

impl<'f> Files<'f> for ExcerptFile<'_> {
    type FileId = ();
    type Name = &'f str;
    type Source = &'f str;

    fn name(&'f self, (): ()) -> Result<&'f str, files::Error> {
        Ok(self.name)
    }

    fn source(&'f self, (): ()) -> Result<&'f str, files::Error> {
        Ok(&self.source)
    }

    fn line_index(&'f self, (): (), byte_index: usize) -> Result<usize, files::Error> {
        Ok(self
            .line_starts
            .binary_search(&byte_index)
            .unwrap_or_else(|next| next - 1))
    }

    fn line_number(&'f self, (): (), line_index: usize) -> Result<usize, files::Error> {
        Ok(usize::try_from(self.first_line).unwrap_or(usize::MAX) + line_index)
    }

    fn column_number(
        &'f self,
        (): (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        if byte_index == self.label.start {
            return Ok(usize::try_from(self.column).unwrap_or(usize::MAX));
        }
        let range = self.line_range((), line_index)?;
        Ok(files::column_index(&self.source, range, byte_index) + 1)
    }

    fn line_range(&'f self, (): (), line_index: usize) -> Result<Range<usize>, files::Error> {
        let start = *self
            .line_starts
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: self.line_starts.len().saturating_sub(1),
            })?;
        let end = self
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(self.source.len());
        Ok(start..end)
    }
}
