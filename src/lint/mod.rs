//! The library's front door: a [`Linter`] built once from [`Settings`],
//! then asked to [`extract`](Linter::extract) or [`check`](Linter::check)
//! any number of texts or readers, and to [`apply_fixes`].
//!
//! Everything the command line does to one input happens here, so a
//! library user (or the editor server) gets exactly what `urlint check`
//! prints: the input is sniffed (compressed, UTF-16, mail, binary), read
//! by its syntax, scanned, linted, positions mapped back to the bytes on
//! disk, excluded URLs and suppressed diagnostics dropped. The command
//! line keeps only walking, threads, output and exit codes.

mod fix;
mod read;

use std::io::Read;
use std::path::{Path, PathBuf};

use globset::GlobMatcher;
use regex::RegexSet;

use crate::config::Settings;
use crate::document::Syntax;
use crate::error::Error;
use crate::input::mail::MailOptions;
use crate::rules::runner::Wrapper;
use crate::rules::{Diagnostic, Rule, RuleConfig, Validator};
use crate::scan::{Candidate, Excerpt, ScanOptions, Scanner};
use crate::span::Span;

pub use fix::{apply_fixes, Fixed};
pub(crate) use read::Event;

/// Where a text comes from: a path hint (its syntax by extension or the
/// `[syntax]` table, its `[per-file-ignores]`) and a syntax that overrides
/// both. The default is plain text with no path.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Source {
    /// The file's path, as given or walked; it is not read.
    pub path: Option<PathBuf>,
    /// Read the text as this, whatever the path says.
    pub syntax: Option<Syntax>,
    /// The text is data (test data, vendored code): its URLs are found
    /// but not linted, unless `lint-data` is set.
    pub data: bool,
}

impl Source {
    /// A text known by its path.
    pub fn path(path: impl Into<PathBuf>) -> Source {
        Source {
            path: Some(path.into()),
            syntax: None,
            data: false,
        }
    }

    /// The same source, read as `syntax`.
    #[must_use]
    pub fn with_syntax(mut self, syntax: Syntax) -> Source {
        self.syntax = Some(syntax);
        self
    }
}

/// What [`Linter::check`] found in one text.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Checked {
    /// Every URL found, as [`Linter::extract`] gives them.
    pub urls: Vec<Candidate>,
    /// The diagnostics, in input order, with their fixes.
    pub diagnostics: Vec<Diagnostic>,
    /// Warnings about the input (a suppression comment naming no rule, a
    /// mail part that could not be decoded), each `line: message` or a
    /// sentence.
    pub warnings: Vec<String>,
    /// Why the input's fixes cannot be applied to it as given (mail, a
    /// compressed or UTF-16 file), or `None` when they can.
    pub not_rewritable: Option<&'static str>,
}

impl Checked {
    /// The diagnostics that have a fix of at most `unsafe_fixes`'s level.
    pub fn fixable(&self, unsafe_fixes: bool) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| fix::allowed(d, unsafe_fixes))
            .count()
    }
}

/// When to read an input as mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MailMode {
    /// Decode input that looks like mail (an mbox or a message).
    #[default]
    Auto,
    /// Decode every input as mail.
    Always,
    /// Never decode.
    Never,
}

/// Finds URLs and lints them, as configured; build once, use for any
/// number of inputs (it is `Sync`: threads can share one).
#[derive(Debug)]
pub struct Linter {
    settings: Settings,
    validator: Validator,
    /// `exclude-urls`, compiled once.
    exclude_urls: Option<RegexSet>,
    /// `[per-file-ignores]`, globs relative to [`Linter::root`].
    per_file_ignores: Vec<(GlobMatcher, RuleConfig)>,
    /// The folder globs are relative to.
    root: PathBuf,
    pub(crate) mail: MailMode,
    pub(crate) mail_options: MailOptions,
    /// Read input whose first block has a NUL byte.
    pub(crate) binary: bool,
    /// Leave `exclude-urls` out (`extract --no-exclude-urls`).
    pub(crate) keep_excluded: bool,
}

impl Default for Linter {
    fn default() -> Linter {
        Linter::new(Settings::default()).expect("the defaults are valid")
    }
}

impl Linter {
    /// A linter for `settings`; fails on a `[per-file-ignores]` glob or an
    /// `exclude-urls` pattern that does not parse.
    pub fn new(settings: Settings) -> Result<Linter, Error> {
        let named = |e: &dyn std::fmt::Display| match &settings.source {
            Some(p) => Error::msg(e.to_string()).at(p),
            None => Error::msg(e.to_string()),
        };
        let exclude_urls = if settings.exclude_urls.is_empty() {
            None
        } else {
            Some(RegexSet::new(&settings.exclude_urls).map_err(|e| named(&e))?)
        };
        let per_file_ignores = settings
            .per_file_ignores
            .iter()
            .map(|(glob, rules)| {
                globset::GlobBuilder::new(glob)
                    .literal_separator(false)
                    .build()
                    .map(|g| (g.compile_matcher(), rules.clone()))
                    .map_err(|e| named(&format!("[per-file-ignores] `{glob}`: {e}")))
            })
            .collect::<Result<_, _>>()?;
        let root = settings
            .root()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let root = std::env::current_dir().map_or(root.clone(), |cwd| cwd.join(root));
        Ok(Linter {
            validator: Validator::new(&settings.rules, &settings.extra_schemes)
                .with_standard(settings.standard),
            settings,
            exclude_urls,
            per_file_ignores,
            root,
            mail: MailMode::Auto,
            mail_options: MailOptions::default(),
            binary: false,
            keep_excluded: false,
        })
    }

    /// The settings it was built from.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The same linter, deciding so whether input is mail (the default:
    /// when it looks like mail).
    #[must_use]
    pub fn with_mail(mut self, mode: MailMode) -> Linter {
        self.mail = mode;
        self
    }

    /// Every URL in `text`, in input order (not the unterminated wrappers
    /// and empty URLs that `check` reports).
    pub fn extract(&self, text: &str, source: &Source) -> Vec<Candidate> {
        self.extract_reader(std::io::Cursor::new(text.as_bytes().to_vec()), source)
            .unwrap_or_default()
    }

    /// Every URL read from `reader` (decompressed, transcoded and decoded
    /// as needed), in input order.
    pub fn extract_reader(
        &self,
        reader: impl Read + Send + 'static,
        source: &Source,
    ) -> Result<Vec<Candidate>, Error> {
        let mut urls = Vec::new();
        let mut scanner = self.scanner(false);
        self.read(&mut scanner, Box::new(reader), source, false, |event| {
            if let Event::Url(cand, _) = event {
                if !(cand.facts.unterminated || cand.facts.empty) {
                    urls.push(cand);
                }
            }
        })
        .map_err(|e| at_source(e, source))?;
        Ok(urls)
    }

    /// Lint every URL in `text`.
    pub fn check(&self, text: &str, source: &Source) -> Checked {
        self.check_reader(std::io::Cursor::new(text.as_bytes().to_vec()), source)
            .unwrap_or_default()
    }

    /// Lint every URL read from `reader`.
    pub fn check_reader(
        &self,
        reader: impl Read + Send + 'static,
        source: &Source,
    ) -> Result<Checked, Error> {
        let mut checked = Checked::default();
        let mut scanner = self.scanner(true);
        let outcome = self
            .read(
                &mut scanner,
                Box::new(reader),
                source,
                true,
                |event| match event {
                    Event::Url(cand, _) => {
                        if !(cand.facts.unterminated || cand.facts.empty) {
                            checked.urls.push(cand);
                        }
                    }
                    Event::Finding(f) => checked.diagnostics.push(f.diag),
                    Event::Warning(w) => checked.warnings.push(match w.line {
                        Some(line) => format!("{line}: {}", w.message),
                        None => w.message,
                    }),
                },
            )
            .map_err(|e| at_source(e, source))?;
        checked.not_rewritable = outcome.not_rewritable;
        if let Some(why) = outcome.skipped {
            checked.warnings.push(why.to_string());
        }
        Ok(checked)
    }

    /// Check `text`, apply its fixes (the unsafe ones too with
    /// `unsafe_fixes`) and check again, until nothing more is fixable or
    /// ten rounds have passed: a fix can uncover another (a scheme both
    /// doubled and upper case). Returns the fixed text, how many fixes were
    /// applied, and what remains.
    pub fn fix(&self, text: &str, source: &Source, unsafe_fixes: bool) -> (String, usize, Checked) {
        let mut text = text.to_string();
        let mut applied = 0;
        for _ in 0..10 {
            let checked = self.check(&text, source);
            if checked.not_rewritable.is_some() {
                return (text, applied, checked);
            }
            let fixed = apply_fixes(&text, &checked.diagnostics, unsafe_fixes);
            if fixed.applied == 0 {
                return (text, applied, checked);
            }
            applied += fixed.applied;
            text = fixed.text;
        }
        let checked = self.check(&text, source);
        (text, applied, checked)
    }

    /// A scanner for this linter's schemes (`check` keeps source lines, for
    /// snippets, suppression comments and fixes).
    pub(crate) fn scanner(&self, check: bool) -> Scanner {
        Scanner::new(self.scan_options(check))
    }

    pub(crate) fn scan_options(&self, check: bool) -> ScanOptions {
        ScanOptions {
            extra_schemes: self.settings.extra_schemes.clone(),
            excerpts: check,
            ..ScanOptions::default()
        }
    }

    /// Whether a URL is left alone (`exclude-urls`).
    fn excludes_url(&self, url: &str) -> bool {
        !self.keep_excluded && self.exclude_urls.as_ref().is_some_and(|s| s.is_match(url))
    }

    /// The absolute form of `path`: `.` and `..` resolved by name, as
    /// ruff does, so globs match `../a.txt` from the right folder.
    fn absolute(path: &Path) -> PathBuf {
        use std::path::Component;
        let joined = std::env::current_dir().map_or_else(|_| path.to_path_buf(), |c| c.join(path));
        let mut abs = PathBuf::new();
        for part in joined.components() {
            match part {
                Component::CurDir => {}
                Component::ParentDir => {
                    abs.pop();
                }
                other => abs.push(other),
            }
        }
        abs
    }

    /// The rules `[per-file-ignores]` turns off for `path`; `None` when no
    /// entry matches.
    fn ignored_rules(&self, path: &Path) -> Option<RuleConfig> {
        if self.per_file_ignores.is_empty() {
            return None;
        }
        let path = Linter::absolute(path);
        let rel = path.strip_prefix(&self.root).unwrap_or(&path);
        let name = Path::new(path.file_name()?);
        let mut hit: Option<RuleConfig> = None;
        for (glob, rules) in &self.per_file_ignores {
            if glob.is_match(rel) || glob.is_match(name) {
                let merged = hit.get_or_insert_with(|| {
                    let mut none = RuleConfig::default();
                    let _ = none.ignore("all");
                    none
                });
                for rule in rules.enabled() {
                    let _ = merged.extend_select(rule.name());
                }
            }
        }
        hit
    }

    /// How a file at `path` is read: `[syntax]` globs are relative to the
    /// settings file's folder, then the extension decides.
    pub fn syntax_for(&self, path: &Path) -> Syntax {
        // No globs: the file name decides, and no `getcwd` is made per file.
        if self.settings.syntax.is_empty() {
            return Syntax::from_path(path);
        }
        let abs = Linter::absolute(path);
        let rel = abs.strip_prefix(&self.root).unwrap_or(&abs);
        self.settings.syntax.syntax_for(rel)
    }

    /// How `bare-url`'s fix wraps a URL in a file of `syntax`, if it can.
    fn wrapper(&self, syntax: Syntax) -> Option<Wrapper> {
        Wrapper::for_syntax(syntax).map(|default| self.settings.fix_wrapper.unwrap_or(default))
    }
}

fn at_source(e: Error, source: &Source) -> Error {
    match &source.path {
        Some(p) => e.at(p),
        None => e,
    }
}

/// Where in a mail archive a result came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailRef {
    /// The message's `Message-ID`, when it has one.
    pub message_id: Option<String>,
    /// 0-based index of the message in its mbox.
    pub index: u64,
}

/// Source text to show under a diagnostic.
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the human format's
pub struct Snippet {
    /// The lines around the URL.
    pub excerpt: Excerpt,
    /// The span to underline, in the excerpt's own coordinates (for decoded
    /// mail these differ from the file's).
    pub span: Span,
    /// The spans of the diagnostic's further labels, in the same coordinates.
    pub labels: Vec<Span>,
}

/// A diagnostic with what the human format shows around it.
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the reports'
pub struct Finding {
    /// The diagnostic, its span in the original file.
    pub diag: Diagnostic,
    /// Source lines for the human format.
    pub snippet: Option<Snippet>,
    /// Set for mail input.
    pub mail: Option<MailRef>,
}

/// Whether `[per-file-ignores]` silences `rule`.
fn per_file_ignored(ignored: Option<&RuleConfig>, rule: Rule) -> bool {
    ignored.is_some_and(|r| r.is_enabled(rule))
}
#[cfg(test)]
mod tests;
