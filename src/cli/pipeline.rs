//! Running one job over many inputs: open → sniff → scan → validate →
//! render, one file per worker at a time, each file's output written whole.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex, MutexGuard};

use ignore::WalkState;

use crate::input::mail::{self, MailKind, MailOptions, TextPart};
use crate::input::sniff::{self, Kind};
use crate::input::walk::{self, Entry, WalkOptions};
use crate::report::escape::escape_control;
use crate::report::{FileReport, Finding, Found, MailRef, Reporter, Snippet, Summary};
use crate::rules::Severity;
use crate::scan::{Candidate, ScanOptions, Scanner};
use crate::suppress;
use crate::validate::Validator;

/// Results are rendered in batches of this many, so a file with millions of
/// URLs never holds them all.
const BATCH: usize = 256;
/// Past this much rendered output, a file takes the output lock and streams,
/// so memory stays bounded on huge inputs.
const STREAM_AFTER: usize = 1 << 20;

/// What to do with each input.
pub struct Job {
    /// Scanner settings.
    pub scan: ScanOptions,
    /// Set for `check`.
    pub validator: Option<Validator>,
    /// The output format.
    pub reporter: Box<dyn Reporter>,
    /// `extract --unique`: URLs printed so far.
    pub unique: Option<Mutex<HashSet<String>>>,
    /// Scan files that look binary.
    pub binary: bool,
    /// When to read input as mail.
    pub mail: MailMode,
    /// Mail decoding options.
    pub mail_options: MailOptions,
}

/// `--mail` / `--no-mail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailMode {
    /// Decode input that looks like mail (an mbox or a message).
    Auto,
    /// Decode every input as mail.
    Always,
    /// Never decode.
    Never,
}

/// Shared state of a run.
pub struct Run {
    job: Job,
    out: Mutex<io::Stdout>,
    errors: AtomicU64,
    broken_pipe: AtomicBool,
    files: AtomicU64,
    bytes: AtomicU64,
    urls: AtomicU64,
    by_severity: [AtomicU64; 3],
}

/// One input to read.
#[derive(Debug, Clone)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    fn label(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::Path(p) => p.display().to_string(),
        }
    }
}

impl Run {
    /// A run of `job` writing to standard output.
    pub fn new(job: Job) -> Run {
        Run {
            job,
            out: Mutex::new(io::stdout()),
            errors: AtomicU64::new(0),
            broken_pipe: AtomicBool::new(false),
            files: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            urls: AtomicU64::new(0),
            by_severity: Default::default(),
        }
    }

    /// Report an input that could not be read; the run goes on.
    pub fn error(&self, message: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let _ = writeln!(io::stderr(), "urlint: {}", escape_control(message));
    }

    /// How many inputs failed.
    pub fn errors(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }

    /// The totals so far.
    pub fn summary(&self) -> Summary {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        Summary {
            files: get(&self.files),
            urls: get(&self.urls),
            errors: get(&self.by_severity[2]),
            warnings: get(&self.by_severity[1]),
            infos: get(&self.by_severity[0]),
        }
    }

    /// Bytes read so far, for progress reporting.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The most severe diagnostic reported, if any.
    pub fn worst(&self) -> Option<Severity> {
        let s = self.summary();
        if s.errors > 0 {
            Some(Severity::Error)
        } else if s.warnings > 0 {
            Some(Severity::Warning)
        } else if s.infos > 0 {
            Some(Severity::Info)
        } else {
            None
        }
    }

    /// Whether output stopped because the reader went away.
    pub fn broken_pipe(&self) -> bool {
        self.broken_pipe.load(Ordering::Relaxed)
    }

    /// Let the reporter write its closing part.
    pub fn finish(&self) {
        let summary = self.summary();
        let mut out = self.lock();
        let mut buf = Vec::new();
        if self.job.reporter.finish(&summary, &mut buf).is_ok() {
            self.write(&mut out, &buf);
        }
        let _ = out.flush();
    }

    fn lock(&self) -> MutexGuard<'_, io::Stdout> {
        self.out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write(&self, out: &mut io::Stdout, bytes: &[u8]) {
        if bytes.is_empty() || self.broken_pipe() {
            return;
        }
        if let Err(e) = out.write_all(bytes) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                self.broken_pipe.store(true, Ordering::Relaxed);
            } else {
                self.error(&format!("writing output: {e}"));
            }
        }
    }

    /// Read one input on this thread and print its results.
    pub fn read_one(&self, input: &Input) {
        let mut scanner = Scanner::new(self.job.scan.clone());
        let out = self.process(&mut scanner, input, true);
        let mut lock = self.lock();
        self.write(&mut lock, &out);
    }

    /// Read paths (none of them `-`) in parallel, printing as each completes.
    pub fn walk_parallel(&self, paths: &[PathBuf], opts: &WalkOptions) {
        let walker = match walk::parallel(paths, opts) {
            Ok(w) => w,
            Err(e) => return self.error(&e),
        };
        walker.run(|| {
            let mut scanner = Scanner::new(self.job.scan.clone());
            Box::new(move |result| {
                match walk::entry(result) {
                    Some(Entry::File { path, .. }) => {
                        let out = self.process(&mut scanner, &Input::Path(path), true);
                        let mut lock = self.lock();
                        self.write(&mut lock, &out);
                    }
                    Some(Entry::Error(e)) => self.error(&e),
                    None => {}
                }
                if self.broken_pipe() {
                    WalkState::Quit
                } else {
                    WalkState::Continue
                }
            })
        });
    }

    /// Read inputs in path order on `threads` workers, printing in that order.
    pub fn sorted(&self, inputs: &[Result<Input, String>], threads: usize) {
        let next = AtomicU64::new(0);
        let (tx, rx) = mpsc::channel::<(usize, Vec<u8>)>();
        std::thread::scope(|s| {
            for _ in 0..threads.max(1) {
                let tx = tx.clone();
                let next = &next;
                s.spawn(move || {
                    let mut scanner = Scanner::new(self.job.scan.clone());
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(input) = inputs.get(i) else { break };
                        let out = match input {
                            Ok(input) => self.process(&mut scanner, input, false),
                            Err(e) => {
                                self.error(e);
                                Vec::new()
                            }
                        };
                        if tx.send((i, out)).is_err() || self.broken_pipe() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // Reorder buffer: print file i only after every file before it.
            let mut pending = BTreeMap::new();
            let mut want = 0;
            for (i, out) in rx {
                pending.insert(i, out);
                while let Some(out) = pending.remove(&want) {
                    let mut lock = self.lock();
                    self.write(&mut lock, &out);
                    want += 1;
                }
            }
        });
    }

    /// Read one input; returns what is left to print. With `stream`, a file
    /// whose output grows large takes the output lock and writes as it goes.
    pub fn process(&self, scanner: &mut Scanner, input: &Input, stream: bool) -> Vec<u8> {
        let label = input.label();
        let reader: Box<dyn Read + Send> = match input {
            Input::Stdin => Box::new(io::stdin()),
            Input::Path(path) => match open_file(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    self.error(&format!("{label}: {e}"));
                    return Vec::new();
                }
            },
        };
        let opened = match sniff::open(reader) {
            Ok(o) => o,
            Err(e) => {
                self.error(&format!("{label}: {e}"));
                return Vec::new();
            }
        };
        if opened.kind == Kind::Binary && !self.job.binary {
            return Vec::new();
        }
        self.files.fetch_add(1, Ordering::Relaxed);
        let mail_kind = match self.job.mail {
            MailMode::Never => None,
            MailMode::Auto => mail::sniff(&opened.head),
            MailMode::Always => Some(mail::sniff(&opened.head).unwrap_or(MailKind::Message)),
        };
        let mut sink = FileSink::new(self, &label, stream);
        let reader = Counted {
            inner: opened.reader,
            bytes: &self.bytes,
        };
        let result = match mail_kind {
            None => scanner.scan_reader(reader, |cand| sink.candidate(cand, None)),
            Some(kind) => mail::for_each_part(
                reader,
                kind,
                &self.job.mail_options,
                |part| {
                    for cand in scanner.scan_slice(part.text.as_bytes()) {
                        sink.candidate(cand, Some(&part));
                    }
                },
                |warning| {
                    let _ = writeln!(
                        io::stderr(),
                        "urlint: warning: {label}:{}: {}",
                        warning.pos.line,
                        escape_control(&warning.to_string())
                    );
                },
            ),
        };
        if let Err(e) = result {
            self.error(&format!("{label}: {e}"));
        }
        sink.finish()
    }
}

/// Counts bytes as they are read, for the progress bar.
struct Counted<'a, R> {
    inner: R,
    bytes: &'a AtomicU64,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn open_file(path: &Path) -> io::Result<File> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    if !meta.is_file() {
        return Err(io::Error::other(
            "not a regular file, skipped (to read it anyway, redirect it to `urlint ... -`)",
        ));
    }
    Ok(file)
}

/// Collects one file's results, renders them in batches, and streams when
/// the output grows large.
struct FileSink<'r> {
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
    fn new(run: &'r Run, path: &'r str, stream: bool) -> Self {
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
    fn candidate(&mut self, mut cand: Candidate, part: Option<&TextPart>) {
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
                    if suppress::is_suppressed(ex, diag.span.start.line, diag.rule.name()) {
                        continue;
                    }
                }
                run.by_severity[diag.severity as usize].fetch_add(1, Ordering::Relaxed);
                let snippet = cand.excerpt.as_ref().map(|e| Snippet {
                    excerpt: e.clone(),
                    span: diag.span,
                });
                let mut diag = diag;
                if let Some(part) = part {
                    diag.span.start = part.original_pos(diag.span.start);
                    diag.span.end = part.original_pos(diag.span.end);
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

    fn finish(mut self) -> Vec<u8> {
        self.render();
        if let Some(mut out) = self.held.take() {
            self.run.write(&mut out, &self.rendered);
            self.rendered.clear();
        }
        std::mem::take(&mut self.rendered)
    }
}
