//! Running one job over many inputs: open → sniff → scan → validate →
//! render, one file per worker at a time, each file's output written whole.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex, MutexGuard, PoisonError};

use ignore::WalkState;

use super::sink::{Counted, FileSink};

use crate::config::SyntaxGlobs;
use crate::document::{self, Syntax};
use crate::input::mail::{self, MailKind, MailOptions};
use crate::input::readahead::ReadAhead;
use crate::input::sniff::{self, Kind};
use crate::input::walk::{self, Entry, WalkOptions};
use crate::report::escape::escape_control;
use crate::report::{Reporter, Summary};
use crate::rules::Severity;
use crate::scan::{ScanOptions, Scanner};
use crate::validate::Validator;

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
    /// Read large files on a second thread (more than one thread allowed).
    pub read_ahead: bool,
    /// When to read input as mail.
    pub mail: MailMode,
    /// Mail decoding options.
    pub mail_options: MailOptions,
    /// `--syntax`: read every input as this.
    pub syntax: Option<Syntax>,
    /// `[syntax]` globs, then the extension, for the others.
    pub syntax_globs: SyntaxGlobs,
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

/// Files at least this large are read ahead on a second thread.
const READ_AHEAD_MIN: u64 = 16 << 20;
/// Largest file read as a document; a larger one is streamed as plain
/// text, so memory stays bounded.
const DOCUMENT_MAX: usize = 16 << 20;

/// Shared state of a run.
pub struct Run {
    pub(super) job: Job,
    out: Mutex<io::Stdout>,
    errors: AtomicU64,
    broken_pipe: AtomicBool,
    files: AtomicU64,
    bytes: AtomicU64,
    pub(super) urls: AtomicU64,
    pub(super) by_severity: [AtomicU64; 3],
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
        stderr_line(&format!("urlint: {}", escape_control(message)));
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

    pub(super) fn lock(&self) -> MutexGuard<'_, io::Stdout> {
        self.out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn write(&self, out: &mut io::Stdout, bytes: &[u8]) {
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
        let threads = threads.max(1);
        // Files done ahead of the one being printed wait in memory; at most
        // this many may be in flight past it, so a slow first file cannot
        // make the others pile up.
        let ahead = 4 * threads;
        let next = AtomicU64::new(0);
        let printed = (Mutex::new(0usize), Condvar::new());
        let (tx, rx) = mpsc::channel::<(usize, Vec<u8>)>();
        std::thread::scope(|s| {
            for _ in 0..threads {
                let tx = tx.clone();
                let (next, printed) = (&next, &printed);
                s.spawn(move || {
                    let mut scanner = Scanner::new(self.job.scan.clone());
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(input) = inputs.get(i) else { break };
                        // Every file before `i` is claimed by a worker that
                        // does not wait, so the printer always catches up.
                        let mut done = printed.0.lock().unwrap_or_else(PoisonError::into_inner);
                        while i >= *done + ahead {
                            done = printed.1.wait(done).unwrap_or_else(PoisonError::into_inner);
                        }
                        drop(done);
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
                    *printed.0.lock().unwrap_or_else(PoisonError::into_inner) = want;
                    printed.1.notify_all();
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
                // A large file while another core is free: let that core do
                // the kernel's copying.
                Ok(f)
                    if self.job.read_ahead
                        && f.metadata().is_ok_and(|m| m.len() >= READ_AHEAD_MIN) =>
                {
                    Box::new(ReadAhead::new(f))
                }
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
        let syntax = self.job.syntax.unwrap_or_else(|| match input {
            Input::Stdin => Syntax::Text,
            Input::Path(p) => self.job.syntax_globs.syntax_for(p),
        });
        let result = match mail_kind {
            None if syntax == Syntax::Text => {
                scanner.scan_reader(reader, |cand| sink.candidate(cand, None))
            }
            None => read_document(scanner, reader, syntax, &label, |cand| {
                sink.candidate(cand, None);
            }),
            Some(kind) => mail::for_each_part(
                reader,
                kind,
                &self.job.mail_options,
                |part| {
                    if part.html {
                        let doc = document::read(Syntax::Html, &part.text);
                        scanner.scan_document(&doc, &part.text, |cand| {
                            sink.candidate(cand, Some(&part));
                        });
                    } else {
                        scanner.scan_slice_each(part.text.as_bytes(), |cand| {
                            sink.candidate(cand, Some(&part));
                        });
                    }
                },
                |warning| {
                    stderr_line(&format!(
                        "urlint: warning: {label}:{}: {}",
                        warning.pos.line,
                        escape_control(&warning.to_string())
                    ));
                },
            ),
        };
        if let Err(e) = result {
            self.error(&format!("{label}: {e}"));
        }
        sink.finish()
    }
}

/// Read a whole file as `syntax` and scan it. A file past
/// [`DOCUMENT_MAX`], or not UTF-8, is scanned as plain text instead (the
/// first with a note on stderr, as its markup will not be understood).
fn read_document(
    scanner: &mut Scanner,
    mut reader: impl Read,
    syntax: Syntax,
    label: &str,
    sink: impl FnMut(crate::scan::Candidate),
) -> io::Result<()> {
    let mut head = Vec::new();
    reader
        .by_ref()
        .take(DOCUMENT_MAX as u64 + 1)
        .read_to_end(&mut head)?;
    if head.len() > DOCUMENT_MAX {
        stderr_line(&format!(
            "urlint: note: {}: larger than {} MiB, read as plain text instead of {}",
            escape_control(label),
            DOCUMENT_MAX >> 20,
            syntax.as_str()
        ));
        return scanner.scan_reader(io::Cursor::new(head).chain(reader), sink);
    }
    match String::from_utf8(head) {
        Ok(text) => {
            let doc = document::read(syntax, &text);
            scanner.scan_document(&doc, &text, sink);
            Ok(())
        }
        Err(e) => scanner.scan_reader(io::Cursor::new(e.into_bytes()), sink),
    }
}

/// Write one line to stderr in a single `write`: stderr is unbuffered, so a
/// formatted `writeln!` is several writes, and the line could be cut by
/// another thread's, or by another process's when tasks share a log (Spark,
/// Hadoop Streaming).
fn stderr_line(line: &str) {
    let mut buf = String::with_capacity(line.len() + 1);
    buf.push_str(line);
    buf.push('\n');
    let _ = io::stderr().write_all(buf.as_bytes());
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
