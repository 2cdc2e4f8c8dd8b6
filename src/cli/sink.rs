//! One file's results on their way out: validated, filtered, rendered in
//! batches, and streamed once large.

use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::MutexGuard;

use super::pipeline::Run;
use crate::input::mail::TextPart;
use crate::report::{FileReport, Finding, Found, MailRef, Snippet};
use crate::scan::Candidate;
use crate::suppress;

/// Results are rendered in batches of this many, so a file with millions of
/// URLs never holds them all.
const BATCH: usize = 256;
/// Past this much rendered output, a file takes the output lock and streams,
/// so memory stays bounded on huge inputs.
const STREAM_AFTER: usize = 1 << 20;

/// Counts bytes as they are read, for the progress bar.
pub(super) struct Counted<'a, R> {
    pub(super) inner: R,
    pub(super) bytes: &'a AtomicU64,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Collects one file's results, renders them in batches, and streams when
/// the output grows large.
pub(super) struct FileSink<'r> {
    run: &'r Run,
    path: &'r str,
    stream: bool,
    found: Vec<Found>,
    findings: Vec<Finding>,
    diags: Vec<crate::Diagnostic>,
    rendered: Vec<u8>,
    held: Option<MutexGuard<'r, io::Stdout>>,
}

impl<'r> FileSink<'r> {
    pub(super) fn new(run: &'r Run, path: &'r str, stream: bool) -> Self {
        FileSink {
            run,
            path,
            stream,
            found: Vec::new(),
            findings: Vec::new(),
            diags: Vec::new(),
            rendered: Vec::new(),
            held: None,
        }
    }

    /// Take one candidate; `part` is the decoded mail part it was found in,
    /// whose coordinates it is in until mapped back to the file here.
    pub(super) fn candidate(&mut self, mut cand: Candidate, part: Option<&TextPart>) {
        let run = self.run;
        let mail = part.map(|p| MailRef {
            message_id: p.message_id.clone(),
            index: p.message_index,
        });
        if let Some(validator) = &run.job.validator {
            run.urls.fetch_add(1, Ordering::Relaxed);
            self.diags.clear();
            validator.check(&cand, &mut self.diags);
            for diag in self.diags.drain(..) {
                if let Some(ex) = &cand.excerpt {
                    if suppress::is_suppressed(ex, diag.span.start.line, diag.rule) {
                        continue;
                    }
                }
                run.by_severity[diag.severity as usize].fetch_add(1, Ordering::Relaxed);
                let snippet = cand.excerpt.as_ref().map(|e| Snippet {
                    excerpt: e.clone(),
                    span: diag.span,
                    labels: diag.labels.iter().map(|l| l.span).collect(),
                });
                let mut diag = diag;
                if let Some(part) = part {
                    diag.span.start = part.original_pos(diag.span.start);
                    diag.span.end = part.original_pos(diag.span.end);
                    for l in &mut diag.labels {
                        l.span.start = part.original_pos(l.span.start);
                        l.span.end = part.original_pos(l.span.end);
                    }
                }
                self.findings.push(Finding {
                    diag,
                    snippet,
                    mail: mail.clone(),
                });
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
            self.found.push(Found { cand, mail });
        }
        if self.found.len() + self.findings.len() >= BATCH {
            self.render();
        }
    }

    fn render(&mut self) {
        let report = FileReport {
            path: self.path,
            found: &self.found,
            findings: &self.findings,
        };
        self.run.job.reporter.file(&report, &mut self.rendered);
        self.found.clear();
        self.findings.clear();
        if self.stream && self.rendered.len() >= STREAM_AFTER {
            let run = self.run;
            let out = self.held.get_or_insert_with(|| run.lock());
            run.write(out, &self.rendered);
            self.rendered.clear();
        }
    }

    pub(super) fn finish(mut self) -> Vec<u8> {
        self.render();
        if let Some(mut out) = self.held.take() {
            self.run.write(&mut out, &self.rendered);
            self.rendered.clear();
        }
        std::mem::take(&mut self.rendered)
    }
}
