//! One file's results on their way out: filtered (excluded URLs,
//! suppression comments, per-file ignores), validated, rendered in batches,
//! and streamed once large.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::MutexGuard;

use super::pipeline::Run;
use super::profiles::{per_file_ignored, Profile};
use crate::input::mail::TextPart;
use crate::report::{FileReport, Finding, Found, MailRef, Snippet};
use crate::rules::RuleConfig;
use crate::scan::Candidate;
use crate::span::Pos;
use crate::rules::suppress::{self, Directives};

/// Results are rendered in batches of this many, so a file with millions of
/// URLs never holds them all.
const BATCH: usize = 256;
/// Diagnostics are held until the file ends, so an `ignore-file` comment
/// anywhere can still silence them; past this many they are rendered, and
/// a later `ignore-file` only silences what follows.
const HOLD_MAX: usize = 10_000;
/// Past this much rendered output, a file takes the output lock and streams,
/// so memory stays bounded on huge inputs.
const STREAM_AFTER: usize = 1 << 20;

/// Counts bytes as they are read, for the progress bar, and hands them to
/// the suppression-comment reader.
pub(super) struct Counted<'a, R> {
    pub(super) inner: R,
    pub(super) bytes: &'a AtomicU64,
    pub(super) directives: Option<&'a Directives>,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        if let Some(d) = self.directives {
            d.feed(&buf[..n]);
        }
        Ok(n)
    }
}

/// Collects one file's results, renders them in batches, and streams when
/// the output grows large.
#[allow(clippy::struct_excessive_bools)] // four independent facts of one file
pub(super) struct FileSink<'r> {
    run: &'r Run,
    path: &'r str,
    stream: bool,
    profile: &'r Profile,
    /// `[per-file-ignores]` for this file.
    ignored: Option<RuleConfig>,
    /// The file starts with a UTF-8 BOM (see [`FileSink::bom_fix`]).
    bom: bool,
    /// The file is test data or vendored code: its URLs are extracted, not linted (unless
    /// `lint-data`).
    pub(super) test_data: bool,
    /// A diagnostic was reported (for `-l`).
    any: bool,
    found: Vec<Found>,
    findings: Vec<Finding>,
    diags: Vec<crate::rules::Diagnostic>,
    rendered: Vec<u8>,
    held: Option<MutexGuard<'r, Box<dyn Write + Send>>>,
}

impl<'r> FileSink<'r> {
    pub(super) fn new(
        run: &'r Run,
        path: &'r str,
        stream: bool,
        profile: &'r Profile,
        ignored: Option<RuleConfig>,
        bom: bool,
    ) -> Self {
        FileSink {
            run,
            path,
            stream,
            profile,
            ignored,
            bom,
            test_data: false,
            any: false,
            found: Vec::new(),
            findings: Vec::new(),
            diags: Vec::new(),
            rendered: Vec::new(),
            held: None,
        }
    }

    /// A UTF-8 byte order mark is no character a reader sees: columns on
    /// line 1 count from after it (offsets stay byte offsets).
    fn bom_fix(&self, mut pos: Pos) -> Pos {
        if self.bom && pos.line == 1 && pos.column > 1 {
            pos.column -= 1;
        }
        pos
    }

    /// Take one candidate; `part` is the decoded mail part it was found in,
    /// whose coordinates it is in until mapped back to the file here.
    pub(super) fn candidate(
        &mut self,
        mut cand: Candidate,
        part: Option<&TextPart>,
        directives: &Directives,
    ) {
        let run = self.run;
        if self.profile.excludes_url(&cand.url) {
            return;
        }
        let mail = part.map(|p| MailRef {
            message_id: p.message_id.clone(),
            index: p.message_index,
        });
        if let Some(validator) = &self.profile.validator {
            run.urls.fetch_add(1, Ordering::Relaxed);
            if (self.test_data || cand.facts.data) && !self.profile.settings.lint_data {
                // Data, not prose: `extract` lists it, `check` leaves it.
                return;
            }
            self.diags.clear();
            validator.check(&cand, &mut self.diags);
            let diags = std::mem::take(&mut self.diags);
            for mut diag in diags {
                if per_file_ignored(self.ignored.as_ref(), diag.rule) {
                    continue;
                }
                if let Some(ex) = &cand.excerpt {
                    if suppress::is_suppressed(ex, diag.span.start.line, diag.rule) {
                        continue;
                    }
                }
                let snippet = cand.excerpt.as_ref().map(|e| Snippet {
                    excerpt: e.clone(),
                    span: diag.span,
                    labels: diag.labels.iter().map(|l| l.span).collect(),
                });
                if let Some(part) = part {
                    diag.span.start = part.original_pos(diag.span.start);
                    diag.span.end = part.original_pos(diag.span.end);
                    for l in &mut diag.labels {
                        l.span.start = part.original_pos(l.span.start);
                        l.span.end = part.original_pos(l.span.end);
                    }
                }
                diag.span.start = self.bom_fix(diag.span.start);
                diag.span.end = self.bom_fix(diag.span.end);
                if directives.silences(diag.span.start.line, diag.rule) {
                    continue;
                }
                self.findings.push(Finding {
                    diag,
                    snippet,
                    mail: mail.clone(),
                });
            }
            if self.findings.len() >= HOLD_MAX {
                self.render(directives);
            }
        } else {
            if cand.facts.unterminated || cand.facts.empty {
                return;
            }
            if let Some(seen) = &run.job.unique {
                let mut seen = seen
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if !seen.insert(cand.url.clone()) {
                    return;
                }
            }
            run.urls.fetch_add(1, Ordering::Relaxed);
            if let Some(part) = part {
                cand.map_positions(|p| part.original_pos(p));
            }
            if self.bom {
                cand.map_positions(|mut p| {
                    if p.line == 1 && p.column > 1 {
                        p.column -= 1;
                    }
                    p
                });
            }
            self.found.push(Found { cand, mail });
            if self.found.len() >= BATCH {
                self.render(directives);
            }
        }
    }

    fn render(&mut self, directives: &Directives) {
        let run = self.run;
        self.findings
            .retain(|f| !directives.file_silences(f.diag.rule));
        for f in &self.findings {
            run.by_severity[f.diag.severity as usize].fetch_add(1, Ordering::Relaxed);
            run.by_rule[f.diag.rule as usize].fetch_add(1, Ordering::Relaxed);
        }
        self.any |= !self.findings.is_empty();
        if !(run.job.files_only || run.job.statistics) {
            let report = FileReport {
                path: self.path,
                found: &self.found,
                findings: &self.findings,
            };
            run.job.reporter.file(&report, &mut self.rendered);
        }
        self.found.clear();
        self.findings.clear();
        if self.stream && self.rendered.len() >= STREAM_AFTER {
            let out = self.held.get_or_insert_with(|| run.lock());
            run.write(out, &self.rendered);
            self.rendered.clear();
        }
    }

    pub(super) fn finish(mut self, directives: &Directives) -> Vec<u8> {
        self.render(directives);
        if self.run.job.files_only && self.any {
            let path = crate::report::escape::escape_control(self.path);
            self.rendered.extend_from_slice(path.as_bytes());
            self.rendered.push(b'\n');
        }
        if let Some(mut out) = self.held.take() {
            self.run.write(&mut out, &self.rendered);
            self.rendered.clear();
        }
        std::mem::take(&mut self.rendered)
    }
}
