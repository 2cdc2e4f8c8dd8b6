//! A progress line on stderr for long runs: files and bytes read, URLs found.
//!
//! It is drawn only for a person watching: stderr is a terminal, `CI` is not
//! set, `--quiet`/`--no-progress` were not given, and the results are not
//! streaming to the same screen (stdout a terminal too), where the redrawn
//! line would tangle with them. It appears only after [`DELAY`], so short
//! runs print nothing extra, and it is erased when the run ends.
//!
//! A thread polls the run's counters; the workers never touch the bar.

use std::ffi::OsStr;
use std::io::{self, IsTerminal};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::Scope;
use std::time::{Duration, Instant};

use indicatif::{HumanBytes, HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the line appears.
pub const DELAY: Duration = Duration::from_secs(1);
/// How often the line is refreshed.
const TICK: Duration = Duration::from_millis(100);

/// What decides whether the line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // five independent facts
pub struct Conditions {
    /// stderr is a terminal.
    pub stderr_terminal: bool,
    /// stdout is a terminal.
    pub stdout_terminal: bool,
    /// The `CI` environment variable says this is a CI job.
    pub ci: bool,
    /// `--quiet` or `--no-progress`.
    pub quiet: bool,
    /// Results are written to stdout as files finish (every format but
    /// SARIF, which writes once at the end).
    pub streaming: bool,
}

impl Conditions {
    /// The conditions of this process.
    pub fn detect(quiet: bool, streaming: bool) -> Conditions {
        Conditions {
            stderr_terminal: io::stderr().is_terminal(),
            stdout_terminal: io::stdout().is_terminal(),
            ci: is_ci(std::env::var_os("CI").as_deref()),
            quiet,
            streaming,
        }
    }

    /// Whether to draw the progress line.
    pub fn show(self) -> bool {
        let tangled = self.streaming && self.stdout_terminal;
        self.stderr_terminal && !self.ci && !self.quiet && !tangled
    }
}

/// CI services set `CI` (GitHub Actions, GitLab, Travis, ...); an empty
/// value, `false` or `0` is read as unset.
pub fn is_ci(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The counters the line shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Inputs read.
    pub files: u64,
    /// Bytes read.
    pub bytes: u64,
    /// URLs found.
    pub urls: u64,
}

/// The text of the line.
pub fn status(c: Counts) -> String {
    let files = if c.files == 1 { "file" } else { "files" };
    let urls = if c.urls == 1 { "URL" } else { "URLs" };
    format!(
        "{} {files}, {} read, {} {urls} found",
        HumanCount(c.files),
        HumanBytes(c.bytes),
        HumanCount(c.urls)
    )
}

/// Stops the progress thread when dropped (before its scope joins it).
pub struct Watch {
    stop: Arc<(Mutex<bool>, Condvar)>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let (flag, cv) = &*self.stop;
        *flag.lock().unwrap_or_else(PoisonError::into_inner) = true;
        cv.notify_all();
    }
}

/// Start the progress thread in `scope` if `show`; it polls `counts` until
/// the returned [`Watch`] is dropped.
pub fn watch<'scope, F>(scope: &'scope Scope<'scope, '_>, show: bool, counts: F) -> Watch
where
    F: Fn() -> Counts + Send + 'scope,
{
    let stop = Arc::new((Mutex::new(false), Condvar::new()));
    if show {
        let stop = Arc::clone(&stop);
        scope.spawn(move || draw(&stop, &counts));
    }
    Watch { stop }
}

fn draw(stop: &(Mutex<bool>, Condvar), counts: &dyn Fn() -> Counts) {
    if wait(stop, DELAY) {
        return;
    }
    // The clock shows the whole run, not the time since the line appeared.
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10))
        .with_elapsed(DELAY);
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} [{elapsed}]") {
        bar.set_style(style);
    }
    loop {
        bar.set_message(status(counts()));
        bar.tick();
        if wait(stop, TICK) {
            break;
        }
    }
    bar.finish_and_clear();
}

/// Sleep up to `time`; true as soon as the stop flag is set.
fn wait((flag, cv): &(Mutex<bool>, Condvar), time: Duration) -> bool {
    let deadline = Instant::now() + time;
    let mut stopped = flag.lock().unwrap_or_else(PoisonError::into_inner);
    while !*stopped {
        let now = Instant::now();
        if now >= deadline {
            return false;
        }
        stopped = cv
            .wait_timeout(stopped, deadline - now)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> Conditions {
        Conditions {
            stderr_terminal: true,
            stdout_terminal: false,
            ci: false,
            quiet: false,
            streaming: true,
        }
    }

    #[test]
    fn shown_only_to_a_person_watching() {
        assert!(person().show());
        for not in [
            Conditions {
                stderr_terminal: false,
                ..person()
            },
            Conditions {
                ci: true,
                ..person()
            },
            Conditions {
                quiet: true,
                ..person()
            },
            Conditions {
                stdout_terminal: true,
                ..person()
            },
        ] {
            assert!(!not.show(), "{not:?}");
        }
        // SARIF prints at the end, so a terminal stdout is no obstacle.
        let sarif = Conditions {
            stdout_terminal: true,
            streaming: false,
            ..person()
        };
        assert!(sarif.show());
    }

    #[test]
    fn ci_variable() {
        assert!(is_ci(Some(OsStr::new("true"))));
        assert!(is_ci(Some(OsStr::new("1"))));
        assert!(!is_ci(None));
        assert!(!is_ci(Some(OsStr::new(""))));
        assert!(!is_ci(Some(OsStr::new("false"))));
        assert!(!is_ci(Some(OsStr::new("0"))));
    }

    #[test]
    fn status_line() {
        let c = Counts {
            files: 1234,
            bytes: 5 * 1024 * 1024,
            urls: 1,
        };
        assert_eq!(status(c), "1,234 files, 5.00 MiB read, 1 URL found");
    }

    #[test]
    fn a_short_run_stops_the_thread_before_it_draws() {
        let polled = std::sync::atomic::AtomicBool::new(false);
        let started = Instant::now();
        std::thread::scope(|s| {
            let _watch = watch(s, true, || {
                polled.store(true, std::sync::atomic::Ordering::Relaxed);
                Counts::default()
            });
        });
        assert!(started.elapsed() < DELAY, "the watch must not hold the run");
        assert!(!polled.load(std::sync::atomic::Ordering::Relaxed));
    }
}
