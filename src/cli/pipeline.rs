//! Running one job over many inputs: open → sniff → scan → validate →
//! render, one file per worker at a time, each file's output written whole.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard, PoisonError};

use ignore::WalkState;

use super::profiles::{Profile, Profiles};
use super::sink::{Counted, FileSink};

use crate::document::{self, Syntax};
use crate::input::mail::{self, MailKind, MailOptions};
use crate::input::readahead::ReadAhead;
use crate::input::sniff::{self, Kind};
use crate::input::walk::{self, Entry, WalkOptions};
use crate::report::escape::escape_control;
use crate::report::{Reporter, Summary};
use crate::rules::{Rule, Severity};
use crate::scan::Scanner;
use crate::rules::suppress::Directives;

/// What to do with each input.
#[allow(clippy::struct_excessive_bools)] // each is an independent on/off flag
pub struct Job {
    /// Settings per file (the nearest `urlint.toml`, flags on top).
    pub profiles: Arc<Profiles>,
    /// `check` (lint) rather than `extract`.
    pub validate: bool,
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
    /// `-q`: no warnings or notes on stderr.
    pub quiet: bool,
    /// `-l`: print the paths of files with diagnostics, not the diagnostics.
    pub files_only: bool,
    /// `--statistics`: count per rule, print no diagnostics.
    pub statistics: bool,
    /// `--force-exclude`: `exclude` applies to files named explicitly too.
    pub force_exclude: bool,
    /// `--stdin-filename`: the name standard input stands for.
    pub stdin_filename: Option<PathBuf>,
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
    out: Mutex<Box<dyn Write + Send>>,
    errors: AtomicU64,
    broken_pipe: AtomicBool,
    files: AtomicU64,
    bytes: AtomicU64,
    pub(super) urls: AtomicU64,
    pub(super) by_severity: [AtomicU64; 3],
    /// Diagnostics per rule, indexed by `Rule as usize` (`--statistics`).
    pub(super) by_rule: Vec<AtomicU64>,
}

/// One input to read.
#[derive(Debug, Clone)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file, and how it came to be read.
    Path(PathBuf, Origin),
}

/// How a file came to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Named on the command line or listed by `--files-from`.
    Named,
    /// Found by walking a folder.
    Walked,
    /// Found by walking, in a folder of test data or vendored code below
    /// the walked path: its URLs are extracted, not linted (unless
    /// `--lint-data`).
    TestData,
}

impl Origin {
    /// The origin of a file the walk met.
    pub fn of(explicit: bool, test_data: bool) -> Origin {
        match (explicit, test_data) {
            (true, _) => Origin::Named,
            (false, false) => Origin::Walked,
            (false, true) => Origin::TestData,
        }
    }
}

/// How a path is shown: as given or walked, without a leading `./`, so
/// every format names a file the same way (SARIF and GitHub need it so).
pub fn display_path(path: &Path) -> String {
    let shown = path.display().to_string();
    match shown.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest.trim_start_matches('/').to_string(),
        _ => shown,
    }
}

impl Input {
    fn label(&self, stdin_filename: Option<&Path>) -> String {
        match self {
            Input::Stdin => stdin_filename.map_or_else(|| "-".to_string(), display_path),
            Input::Path(p, _) => display_path(p),
        }
    }
}

/// Why a file was passed over without being read.
enum Skip {
    /// Quietly: walked into, and excluded or not text.
    Quiet,
    /// With a note on stderr (named explicitly), saying why.
    Note(&'static str),
}

impl Run {
    /// A run of `job` writing to `out` (standard output or `--output-file`).
    pub fn new(job: Job, out: Box<dyn Write + Send>) -> Run {
        Run {
            job,
            out: Mutex::new(out),
            errors: AtomicU64::new(0),
            broken_pipe: AtomicBool::new(false),
            files: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            urls: AtomicU64::new(0),
            by_severity: Default::default(),
            by_rule: Rule::ALL.iter().map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// A warning or note on stderr, unless `-q`.
    pub fn note(&self, message: &str) {
        if !self.job.quiet {
            stderr_line(message);
        }
    }

    /// Write text that is not one file's results (the summary line) to the
    /// output.
    pub fn write_text(&self, text: &str) {
        let mut out = self.lock();
        self.write(&mut out, text.as_bytes());
        let _ = out.flush();
    }

    /// Diagnostics per rule, most frequent first (`--statistics`).
    pub fn statistics(&self) -> Vec<(Rule, u64)> {
        let mut counts: Vec<(Rule, u64)> = Rule::ALL
            .iter()
            .map(|&r| (r, self.by_rule[r as usize].load(Ordering::Relaxed)))
            .filter(|&(_, n)| n > 0)
            .collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
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
        // `-l` and `--statistics` replace the format's output, closing part
        // included (an empty SARIF log after the paths would be noise).
        let replaced = self.job.files_only || self.job.statistics;
        if !replaced && self.job.reporter.finish(&summary, &mut buf).is_ok() {
            self.write(&mut out, &buf);
        }
        let _ = out.flush();
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Box<dyn Write + Send>> {
        self.out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn write(&self, out: &mut Box<dyn Write + Send>, bytes: &[u8]) {
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
        let mut scanner = Worker::default();
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
            let mut scanner = Worker::default();
            Box::new(move |result| {
                match walk::entry(result) {
                    Some(Entry::File {
                        path,
                        explicit,
                        test_data,
                    }) => {
                        let input = Input::Path(path, Origin::of(explicit, test_data));
                        let out = self.process(&mut scanner, &input, true);
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
                    let mut scanner = Worker::default();
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

    /// The profile for `input`, or why it is not read.
    fn profile_for(&self, input: &Input) -> Result<Arc<Profile>, String> {
        let profiles = &self.job.profiles;
        match (input, &self.job.stdin_filename) {
            (Input::Stdin, None) => Ok(Arc::clone(profiles.base())),
            (Input::Stdin, Some(name)) | (Input::Path(name, _), _) => profiles.for_file(name),
        }
    }

    /// Read one input; returns what is left to print. With `stream`, a file
    /// whose output grows large takes the output lock and writes as it goes.
    pub fn process(&self, worker: &mut Worker, input: &Input, stream: bool) -> Vec<u8> {
        let label = input.label(self.job.stdin_filename.as_deref());
        let profile = match self.profile_for(input) {
            Ok(p) => p,
            // The settings error names its file; every input under it
            // fails (exit 2), but the error is said once.
            Err(e) => {
                if self.job.profiles.first_report(&e) {
                    self.error(&e);
                } else {
                    self.errors.fetch_add(1, Ordering::Relaxed);
                }
                return Vec::new();
            }
        };
        let named = match input {
            Input::Stdin => self.job.stdin_filename.clone(),
            Input::Path(p, _) => Some(p.clone()),
        };
        let explicit = matches!(input, Input::Path(_, Origin::Named));
        if self.job.force_exclude {
            if let Some(p) = &named {
                if profile.excludes(&self.job.profiles.absolute(p), false) {
                    return Vec::new();
                }
            }
        }
        let reader: Box<dyn Read + Send> = match input {
            Input::Stdin => Box::new(io::stdin()),
            Input::Path(path, _) => match open_file(path) {
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
        let skip = if is_own_sarif(&opened.head) {
            Some(if explicit {
                Skip::Note("urlint's own SARIF log, skipped")
            } else {
                Skip::Quiet
            })
        } else if opened.kind == Kind::Binary && !self.job.binary {
            Some(if explicit || matches!(input, Input::Stdin) {
                Skip::Note(sniff::binary_reason(&opened.head))
            } else {
                Skip::Quiet
            })
        } else {
            None
        };
        match skip {
            Some(Skip::Quiet) => return Vec::new(),
            Some(Skip::Note(why)) => {
                self.note(&format!("urlint: {}: {why}", escape_control(&label)));
                return Vec::new();
            }
            None => {}
        }
        self.files.fetch_add(1, Ordering::Relaxed);
        let mail_kind = match self.job.mail {
            MailMode::Never => None,
            MailMode::Auto => mail::sniff(&opened.head),
            MailMode::Always => Some(mail::sniff(&opened.head).unwrap_or(MailKind::Message)),
        };
        let abs = named.as_deref().map(|p| self.job.profiles.absolute(p));
        let ignored = abs.as_deref().and_then(|p| profile.ignored_rules(p));
        let directives = Directives::default();
        let mut sink = FileSink::new(self, &label, stream, &profile, ignored, opened.utf8_bom);
        sink.test_data = matches!(input, Input::Path(_, Origin::TestData));
        let reader = Counted {
            inner: opened.reader,
            bytes: &self.bytes,
            directives: self.job.validate.then_some(&directives),
        };
        let syntax = self.job.syntax.unwrap_or_else(|| match &abs {
            None => Syntax::Text,
            Some(abs) => profile.syntax_for(abs),
        });
        let scanner = worker.scanner(&profile);
        let result = match mail_kind {
            None if syntax == Syntax::Text => {
                scanner.scan_reader(reader, |cand| sink.candidate(cand, None, &directives))
            }
            None => read_document(scanner, reader, syntax, &label, self.job.quiet, |cand| {
                sink.candidate(cand, None, &directives);
            }),
            Some(kind) => mail::for_each_part(
                reader,
                kind,
                &self.job.mail_options,
                |part| {
                    if part.html {
                        let doc = document::read(Syntax::Html, &part.text);
                        scanner.scan_document(&doc, &part.text, |cand| {
                            sink.candidate(cand, Some(&part), &directives);
                        });
                    } else {
                        scanner.scan_slice_each(part.text.as_bytes(), |cand| {
                            sink.candidate(cand, Some(&part), &directives);
                        });
                    }
                },
                |warning| {
                    self.note(&format!(
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
        for warning in directives.warnings() {
            self.note(&format!(
                "urlint: warning: {}:{warning}",
                escape_control(&label)
            ));
        }
        sink.finish(&directives)
    }
}

/// A worker thread's scanner, rebuilt only when a file's settings ask for
/// other schemes than the last file's.
#[derive(Default)]
pub struct Worker {
    scanner: Option<(Vec<String>, Scanner)>,
}

impl Worker {
    fn scanner(&mut self, profile: &Profile) -> &mut Scanner {
        let want = &profile.scan.extra_schemes;
        if self.scanner.as_ref().is_none_or(|(have, _)| have != want) {
            self.scanner = Some((want.clone(), Scanner::new(profile.scan.clone())));
        }
        &mut self.scanner.as_mut().expect("just set").1
    }
}

/// Whether `head` begins urlint's own SARIF log: linting it would report
/// every rule's examples again, so a walk never reads it.
fn is_own_sarif(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.trim_start().starts_with('{')
        && text.contains("\"$schema\"")
        && text.contains("sarif")
        && text.contains("\"name\": \"urlint\"")
}

/// Read a whole file as `syntax` and scan it. A file past
/// [`DOCUMENT_MAX`], or not UTF-8, is scanned as plain text instead (the
/// first with a note on stderr, as its markup will not be understood).
fn read_document(
    scanner: &mut Scanner,
    mut reader: impl Read,
    syntax: Syntax,
    label: &str,
    quiet: bool,
    sink: impl FnMut(crate::scan::Candidate),
) -> io::Result<()> {
    let mut head = Vec::new();
    reader
        .by_ref()
        .take(DOCUMENT_MAX as u64 + 1)
        .read_to_end(&mut head)?;
    if head.len() > DOCUMENT_MAX && !quiet {
        stderr_line(&format!(
            "urlint: note: {}: larger than {} MiB, read as plain text instead of {}",
            escape_control(label),
            DOCUMENT_MAX >> 20,
            syntax.as_str()
        ));
    }
    if head.len() > DOCUMENT_MAX {
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
