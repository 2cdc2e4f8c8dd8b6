//! Running one job over many inputs: open → sniff → scan → validate →
//! render, one file per worker at a time, each file's output written whole.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard, PoisonError};

use ignore::WalkState;

use super::fix::FixMode;
use super::profiles::{Profile, Profiles};
use super::sink::{Counted, FileSink};

use crate::document::Syntax;
use crate::input::readahead::ReadAhead;
use crate::input::walk::{self, Entry, WalkOptions};
use crate::lint::{Linter, Source};
use crate::report::escape::escape_control;
use crate::report::{Reporter, Summary};
use crate::rules::{Rule, Severity};
use crate::scan::Scanner;

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
    /// Read large files on a second thread (more than one thread allowed).
    pub read_ahead: bool,
    /// Threads one large plain-text file may be scanned on (`-j`).
    pub threads: usize,
    /// `check --fix`, `--unsafe-fixes`, `--diff`.
    pub fix: Option<FixMode>,
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

/// Files at least this large are read ahead on a second thread.
const READ_AHEAD_MIN: u64 = 16 << 20;
/// Files at least this large, met while no other file is being read, are
/// scanned on every thread; below it, starting the threads and touching
/// their buffers costs more than they save (a 9 MB file took 1.6× as long).
const PARALLEL_MIN: u64 = 32 << 20;

/// Shared state of a run.
pub struct Run {
    pub(super) job: Job,
    out: Mutex<Box<dyn Write + Send>>,
    errors: AtomicU64,
    broken_pipe: AtomicBool,
    /// Files being read right now: one file is scanned on every thread
    /// (`-j`) only while no other file keeps a thread busy.
    busy: AtomicUsize,
    pub(super) files: AtomicU64,
    /// Shared with each file's reader, which counts as it reads.
    pub(super) bytes: Arc<AtomicU64>,
    /// Diagnostics with a safe and with an unsafe fix (by
    /// `Applicability as usize`).
    pub(super) fixable: [AtomicU64; 2],
    /// Fixes applied (`--fix`) or offered (`--diff`).
    pub(super) fixed: AtomicU64,
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

impl Run {
    /// A run of `job` writing to `out` (standard output or `--output-file`).
    pub fn new(job: Job, out: Box<dyn Write + Send>) -> Run {
        Run {
            busy: AtomicUsize::new(0),
            job,
            out: Mutex::new(out),
            errors: AtomicU64::new(0),
            broken_pipe: AtomicBool::new(false),
            files: AtomicU64::new(0),
            bytes: Arc::new(AtomicU64::new(0)),
            urls: AtomicU64::new(0),
            fixable: Default::default(),
            fixed: AtomicU64::new(0),
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
            fixable: get(&self.fixable[0]),
            unsafe_fixable: get(&self.fixable[1]),
            fixed: get(&self.fixed),
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

    /// [`Self::process`], with a panic inside it (a bug in urlint) reported
    /// as this input's error: the other inputs are still read, and no
    /// worker is left waiting for this one's turn to print.
    fn process_guarded(&self, worker: &mut Worker, input: &Input, stream: bool) -> Vec<u8> {
        let run = std::panic::AssertUnwindSafe(|| self.process(worker, input, stream));
        if let Ok(out) = std::panic::catch_unwind(run) {
            return out;
        }
        // Its caches may be half written.
        *worker = Worker::default();
        let label = input.label(self.job.stdin_filename.as_deref());
        self.error(&format!(
            "{label}: internal error: urlint panicked reading it (please report this bug)"
        ));
        Vec::new()
    }

    /// Read one input on this thread and print its results.
    pub fn read_one(&self, input: &Input) {
        let mut scanner = Worker::default();
        let out = self.process_guarded(&mut scanner, input, true);
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
                        let out = self.process_guarded(&mut scanner, &input, true);
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
                            Ok(input) => self.process_guarded(&mut scanner, input, false),
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

    /// A large file while another core is free: let that core do the
    /// kernel's copying.
    fn read_ahead(&self, f: File, len: u64) -> Box<dyn Read + Send> {
        if self.job.read_ahead && len >= READ_AHEAD_MIN {
            Box::new(ReadAhead::new(f))
        } else {
            Box::new(f)
        }
    }

    /// Read one input; returns what is left to print. With `stream`, a file
    /// whose output grows large takes the output lock and writes as it goes.
    pub fn process(&self, worker: &mut Worker, input: &Input, stream: bool) -> Vec<u8> {
        let label = input.label(self.job.stdin_filename.as_deref());
        // A bug that panics, on demand: the tests' way to show one input's
        // panic neither stops the run nor hangs it (debug builds only).
        #[cfg(debug_assertions)]
        if std::env::var_os("URLINT_TEST_PANIC_ON")
            .is_some_and(|name| label.ends_with(&*name.to_string_lossy()))
        {
            panic!("URLINT_TEST_PANIC_ON: {label}");
        }
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
        if self.job.force_exclude {
            if let Some(p) = &named {
                if profile.excludes(&self.job.profiles.absolute(p), false) {
                    return Vec::new();
                }
            }
        }
        let _busy = Busy::enter(&self.busy);
        let alone = self.busy.load(Ordering::Relaxed) == 1;
        let mut threads = 1;
        let reader: Box<dyn Read + Send> = match input {
            Input::Stdin => {
                threads = if alone { self.job.threads } else { 1 };
                Box::new(io::stdin())
            }
            Input::Path(path, _) => match open_file(path) {
                // A large file while no other keeps the threads busy: it is
                // scanned on all of them (plain text for `extract`, an mbox),
                // read on this one.
                Ok((f, len))
                    if alone
                        && self.job.threads > 1
                        && len >= PARALLEL_MIN
                        && !self.job.validate =>
                {
                    threads = self.job.threads;
                    Box::new(f)
                }
                Ok((f, len)) if alone && len >= PARALLEL_MIN => {
                    threads = self.job.threads;
                    self.read_ahead(f, len)
                }
                Ok((f, len)) => self.read_ahead(f, len),
                Err(e) => {
                    self.error(&format!("{label}: {e}"));
                    return Vec::new();
                }
            },
        };
        let file = FileIn {
            profile: &profile,
            named,
            label: &label,
            explicit: !matches!(input, Input::Path(_, Origin::Walked | Origin::TestData)),
            data: match input {
                Input::Path(_, Origin::TestData) => true,
                // `--force-exclude` (pre-commit names every staged file):
                // a relative path's folders are judged as a walk's would be.
                Input::Path(p, Origin::Named) if self.job.force_exclude && p.is_relative() => {
                    walk::in_data_folder(p, p.components().count())
                }
                _ => false,
            },
            stream,
            threads,
        };
        match (self.job.fix, input) {
            (Some(mode), Input::Path(path, _)) => self.fix_file(worker, &file, path, reader, mode),
            (Some(mode), Input::Stdin) => self.fix_stdin(worker, &file, reader, mode),
            (None, _) => self.lint(worker, &file, reader),
        }
    }

    /// Lint what `reader` holds and render it.
    pub(super) fn lint(
        &self,
        worker: &mut Worker,
        file: &FileIn<'_>,
        reader: Box<dyn Read + Send>,
    ) -> Vec<u8> {
        let reader = Counted {
            inner: reader,
            bytes: Arc::clone(&self.bytes),
        };
        let source = Source {
            path: file.named.clone(),
            syntax: self.job.syntax,
            data: file.data,
        };
        let mut sink = FileSink::new(self, file.label, file.stream);
        let linter = &file.profile.linter;
        let scanner = worker.scanner(linter, self.job.validate);
        scanner.set_threads(file.threads);
        scanner.set_lines(self.job.validate || self.job.reporter.shows_positions());
        let result = linter.read(scanner, Box::new(reader), &source, self.job.validate, |e| {
            sink.event(e);
        });
        match result {
            Ok(outcome) => {
                if let Some(why) = outcome.skipped {
                    if file.explicit {
                        self.note(&format!("urlint: {}: {why}", escape_control(file.label)));
                    }
                    return Vec::new();
                }
                self.files.fetch_add(1, Ordering::Relaxed);
                if let (Some(why), Some(_)) = (outcome.not_rewritable, self.job.fix) {
                    self.note(&format!(
                        "urlint: note: {}: {why}: its fixes are shown, not applied",
                        escape_control(file.label)
                    ));
                }
            }
            Err(e) => {
                self.files.fetch_add(1, Ordering::Relaxed);
                self.error(&format!("{}: {}", file.label, e.message()));
            }
        }
        sink.finish()
    }
}

/// One input on its way through [`Run::process`].
pub(super) struct FileIn<'a> {
    pub(super) profile: &'a Profile,
    /// The path its settings and syntax go by.
    pub(super) named: Option<PathBuf>,
    /// As shown.
    pub(super) label: &'a str,
    /// Named on the command line or standard input: a skipped one is said.
    pub(super) explicit: bool,
    /// Test data or vendored code below a walked path: its URLs are
    /// extracted, not linted (unless `lint-data`).
    pub(super) data: bool,
    pub(super) stream: bool,
    /// Threads it may be scanned on.
    pub(super) threads: usize,
}

/// Counts a file as being read while it lives.
struct Busy<'a>(&'a AtomicUsize);

impl<'a> Busy<'a> {
    fn enter(count: &'a AtomicUsize) -> Busy<'a> {
        count.fetch_add(1, Ordering::Relaxed);
        Busy(count)
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A worker thread's scanner, rebuilt only when a file's settings ask for
/// other schemes than the last file's.
#[derive(Default)]
pub struct Worker {
    scanner: Option<(Vec<String>, Scanner)>,
}

impl Worker {
    pub(super) fn scanner(&mut self, linter: &Linter, check: bool) -> &mut Scanner {
        let want = &linter.settings().extra_schemes;
        if self.scanner.as_ref().is_none_or(|(have, _)| have != want) {
            self.scanner = Some((want.clone(), linter.scanner(check)));
        }
        &mut self.scanner.as_mut().expect("just set").1
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

/// Open a regular file; with its length, from the one `statx` made.
fn open_file(path: &Path) -> io::Result<(File, u64)> {
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
    Ok((file, meta.len()))
}
