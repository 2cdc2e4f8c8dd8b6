//! Reporting: every output format renders the same results.
//!
//! Workers render each file's results into a buffer of their own with
//! [`Reporter::file`]; the caller writes each buffer whole, so two files'
//! output never interleave. Formats that need everything at once (SARIF)
//! collect in `file` and write in [`Reporter::finish`].

pub mod escape;
pub mod github;
pub mod human;
pub mod json;
pub mod plain;
pub mod sarif;

use std::fmt::Write as _;
use std::io::{self, Write};

pub(crate) use crate::lint::{Finding, MailRef};
use crate::scan::Candidate;

/// A URL found, as `extract` reports it.
#[derive(Debug, Clone)]
pub struct Found {
    /// The candidate, its positions in the original file.
    pub cand: Candidate,
    /// Set for mail input.
    pub mail: Option<MailRef>,
}

/// Everything found in one input.
#[derive(Debug, Clone, Copy)]
pub struct FileReport<'a> {
    /// The path as given or walked (`-` for standard input).
    pub path: &'a str,
    /// URLs found (extract).
    pub found: &'a [Found],
    /// Diagnostics (check).
    pub findings: &'a [Finding],
}

/// Totals for the closing summary line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Inputs read.
    pub files: u64,
    /// URLs found.
    pub urls: u64,
    /// Diagnostics at error severity.
    pub errors: u64,
    /// Diagnostics at warning severity.
    pub warnings: u64,
    /// Diagnostics at info severity.
    pub infos: u64,
    /// Diagnostics with a safe fix.
    pub fixable: u64,
    /// Diagnostics with an unsafe fix.
    pub unsafe_fixable: u64,
    /// Fixes applied (`--fix`) or shown (`--diff`).
    pub fixed: u64,
}

impl Summary {
    /// The one-line summary `check` prints.
    pub fn line(&self) -> String {
        fn plural(n: u64, one: &str) -> String {
            if n == 1 {
                format!("{n} {one}")
            } else {
                format!("{n} {one}s")
            }
        }
        let mut line = format!(
            "{} checked, {} found: {}, {}, {}",
            plural(self.files, "file"),
            plural(self.urls, "URL"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.infos, "info"),
        );
        // Said only when there is something to say, so the line of a run
        // with nothing to fix is what it always was.
        let mut fixes = Vec::new();
        if self.fixed > 0 {
            fixes.push(format!("{} fixed", self.fixed));
        }
        if self.fixable > 0 {
            fixes.push(format!("{} fixable with --fix", self.fixable));
        }
        if self.unsafe_fixable > 0 {
            fixes.push(format!("{} with --unsafe-fixes", self.unsafe_fixable));
        }
        if !fixes.is_empty() {
            let _ = write!(line, " ({})", fixes.join(", "));
        }
        line
    }
}

/// An output format.
pub trait Reporter: Send + Sync {
    /// Render one file's results into `out`.
    fn file(&self, report: &FileReport<'_>, out: &mut Vec<u8>);

    /// Whether the output shows any URL's line or column: when it shows
    /// none, they need not be counted.
    fn shows_positions(&self) -> bool {
        true
    }

    /// Write whatever comes after all files (SARIF writes everything here).
    fn finish(&self, _summary: &Summary, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}
