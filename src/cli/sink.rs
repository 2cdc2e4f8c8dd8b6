//! One file's results on their way out: counted, rendered in batches, and
//! streamed once large. What is found, linted and suppressed is the
//! library's ([`crate::lint`]); this only prints it.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, MutexGuard};

use super::pipeline::Run;
use crate::lint::Event;
use crate::report::{FileReport, Finding, Found};

/// Results are rendered in batches of this many, so a file with millions of
/// URLs never holds them all.
const BATCH: usize = 256;
/// Past this much rendered output, a file takes the output lock and streams,
/// so memory stays bounded on huge inputs.
const STREAM_AFTER: usize = 1 << 20;

/// Counts bytes as they are read, for the progress bar.
pub(super) struct Counted<R> {
    pub(super) inner: R,
    pub(super) bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
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
    /// A diagnostic was reported (for `-l`).
    any: bool,
    found: Vec<Found>,
    findings: Vec<Finding>,
    rendered: Vec<u8>,
    held: Option<MutexGuard<'r, Box<dyn Write + Send>>>,
}

impl<'r> FileSink<'r> {
    pub(super) fn new(run: &'r Run, path: &'r str, stream: bool) -> Self {
        FileSink {
            run,
            path,
            stream,
            any: false,
            found: Vec::new(),
            findings: Vec::new(),
            rendered: Vec::new(),
            held: None,
        }
    }

    /// Take one result of the library's reading.
    pub(super) fn event(&mut self, event: Event) {
        let run = self.run;
        match event {
            Event::Url(cand, mail) => {
                if run.job.validate {
                    run.urls.fetch_add(1, Ordering::Relaxed);
                    return;
                }
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
                self.found.push(Found { cand, mail });
                if self.found.len() >= BATCH {
                    self.render();
                }
            }
            Event::Finding(f) => {
                self.findings.push(f);
                if self.findings.len() >= BATCH {
                    self.render();
                }
            }
            Event::Warning(w) => {
                let label = crate::report::escape::escape_control(self.path);
                let kind = if w.note { "note" } else { "warning" };
                let at = w.line.map(|l| format!("{l}:")).unwrap_or_default();
                run.note(&format!(
                    "urlint: {kind}: {label}:{at} {}",
                    crate::report::escape::escape_control(&w.message)
                ));
            }
        }
    }

    fn render(&mut self) {
        let run = self.run;
        for f in &self.findings {
            run.by_severity[f.diag.severity as usize].fetch_add(1, Ordering::Relaxed);
            run.by_rule[f.diag.rule as usize].fetch_add(1, Ordering::Relaxed);
            if let Some(fix) = &f.diag.fix {
                run.fixable[fix.applicability as usize].fetch_add(1, Ordering::Relaxed);
            }
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

    pub(super) fn finish(mut self) -> Vec<u8> {
        self.render();
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
