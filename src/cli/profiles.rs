//! Settings per file: the nearest `urlint.toml` above each input (as ruff
//! finds its configuration), with the command line's flags on top.
//!
//! A run over a tree with several configuration files meets each one many
//! times, so both lookups are cached: folder → settings file, and settings
//! file → [`Profile`] (parsed, validated, regexes compiled once).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::gitignore::{Gitignore, GitignoreBuilder};

use crate::config::{self, Settings};
use crate::error::Error;
use crate::input::mail::MailOptions;
use crate::lint::{Linter, MailMode};
use crate::rules::Severity;
use crate::url::Standard;

/// What the command line says on top of every settings file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--select`.
    pub select: Vec<String>,
    /// `--extend-select`.
    pub extend_select: Vec<String>,
    /// `--ignore`.
    pub ignore: Vec<String>,
    /// `--scheme`.
    pub schemes: Vec<String>,
    /// `--exclude-url`.
    pub exclude_urls: Vec<String>,
    /// `extract --no-exclude-urls`: report excluded URLs too.
    pub no_exclude_urls: bool,
    /// `--standard`.
    pub standard: Option<Standard>,
    /// `--lint-data`.
    pub lint_data: bool,
    /// `--mail` / `--no-mail`.
    pub mail: MailMode,
    /// Mail decoding options.
    pub mail_options: MailOptions,
    /// `--binary`: read files that look binary.
    pub binary: bool,
}

/// Everything needed to read one file, built from one settings file.
pub struct Profile {
    /// The library's linter for these settings, flags applied.
    pub linter: Linter,
    /// `exclude`, rooted at the settings file's folder.
    exclude: Option<Gitignore>,
    /// The folder globs are relative to (absolute).
    root: PathBuf,
}

impl Profile {
    fn build(mut settings: Settings, o: &Overrides, cwd: &Path) -> Result<Profile, String> {
        let flag = |name: &str, e: Error| format!("{name}: {}", e.message());
        if !o.select.is_empty() {
            settings
                .rules
                .select(&o.select.join(","))
                .map_err(|e| flag("--select", e))?;
        }
        if !o.extend_select.is_empty() {
            settings
                .rules
                .extend_select(&o.extend_select.join(","))
                .map_err(|e| flag("--extend-select", e))?;
        }
        if !o.ignore.is_empty() {
            settings
                .rules
                .ignore(&o.ignore.join(","))
                .map_err(|e| flag("--ignore", e))?;
        }
        if o.lint_data {
            settings.lint_data = true;
        }
        if let Some(standard) = o.standard {
            settings.standard = standard;
        }
        for scheme in &o.schemes {
            settings
                .add_scheme(scheme)
                .map_err(|e| flag("--scheme", e))?;
        }
        for pattern in &o.exclude_urls {
            settings
                .add_exclude_url(pattern)
                .map_err(|e| flag("--exclude-url", e))?;
        }
        let root = cwd.join(settings.root().unwrap_or(Path::new(".")));
        let named = |e: &dyn std::fmt::Display| match &settings.source {
            Some(p) => format!("{}: {e}", p.display()),
            None => e.to_string(),
        };
        let exclude = if settings.exclude.is_empty() {
            None
        } else {
            let mut b = GitignoreBuilder::new(&root);
            for glob in &settings.exclude {
                b.add_line(None, glob)
                    .map_err(|e| named(&format!("exclude `{glob}`: {e}")))?;
            }
            Some(b.build().map_err(|e| named(&e))?)
        };
        let mut linter = Linter::new(settings).map_err(|e| e.to_string())?;
        linter.mail = o.mail;
        linter.mail_options = o.mail_options.clone();
        linter.binary = o.binary;
        linter.keep_excluded = o.no_exclude_urls;
        Ok(Profile {
            linter,
            exclude,
            root,
        })
    }

    /// Whether `path` (absolute) is left out by `exclude`.
    pub fn excludes(&self, path: &Path, is_dir: bool) -> bool {
        self.exclude.as_ref().is_some_and(|g| {
            path.starts_with(&self.root) && g.matched_path_or_any_parents(path, is_dir).is_ignore()
        })
    }

    /// The settings, flags applied.
    pub fn settings(&self) -> &Settings {
        self.linter.settings()
    }

    /// The severity that makes `check` exit 1, if any.
    pub fn fail_on(&self) -> Option<Severity> {
        self.settings().fail_on
    }
}

/// The profiles of one run.
pub struct Profiles {
    overrides: Overrides,
    cwd: PathBuf,
    /// `--config FILE`: one profile for every file.
    fixed: Option<Arc<Profile>>,
    /// The profile of the current directory: the run's `fail-on` and the
    /// one for standard input without `--stdin-filename`.
    base: Arc<Profile>,
    /// Folder → its settings file (or none).
    dirs: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    /// Settings file → its profile, or the error loading it.
    files: Mutex<HashMap<PathBuf, Result<Arc<Profile>, String>>>,
    /// Used where no settings file is found.
    default: Arc<Profile>,
    /// Settings errors already said on stderr: a broken file is named once,
    /// not once per file below it.
    reported: Mutex<HashSet<String>>,
}

impl Profiles {
    /// Build the profiles: `explicit` is `--config`.
    pub fn new(explicit: Option<&Path>, overrides: Overrides) -> Result<Profiles, String> {
        let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
        let default = Arc::new(Profile::build(Settings::default(), &overrides, &cwd)?);
        let fixed = match explicit {
            Some(path) => {
                let settings = Settings::from_file(path).map_err(|e| e.to_string())?;
                Some(Arc::new(Profile::build(settings, &overrides, &cwd)?))
            }
            None => None,
        };
        let mut profiles = Profiles {
            overrides,
            base: Arc::clone(&default),
            cwd,
            fixed,
            dirs: Mutex::new(HashMap::new()),
            files: Mutex::new(HashMap::new()),
            default,
            reported: Mutex::new(HashSet::new()),
        };
        profiles.base = match &profiles.fixed {
            Some(p) => Arc::clone(p),
            None => profiles.for_dir(&profiles.cwd.clone())?,
        };
        Ok(profiles)
    }

    /// The current directory's profile (see [`Profiles::base`]).
    pub fn base(&self) -> &Arc<Profile> {
        &self.base
    }

    /// The absolute form of `path`, for matching globs and finding its
    /// settings: `.` and `..` are resolved by name (as ruff does), so
    /// `../a.txt` gets the parent folder's settings, not the current one's.
    pub fn absolute(&self, path: &Path) -> PathBuf {
        use std::path::Component;
        let mut abs = PathBuf::new();
        for part in self.cwd.join(path).components() {
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

    /// Whether `error` (from [`Profiles::for_file`]) is met for the first
    /// time, and so is to be said.
    pub fn first_report(&self, error: &str) -> bool {
        self.reported
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(error.to_string())
    }

    /// The profile for a file at `path`.
    pub fn for_file(&self, path: &Path) -> Result<Arc<Profile>, String> {
        if let Some(p) = &self.fixed {
            return Ok(Arc::clone(p));
        }
        let abs = self.absolute(path);
        match abs.parent() {
            Some(dir) => self.for_dir(dir),
            None => Ok(Arc::clone(&self.default)),
        }
    }

    /// The profile for files in the folder `dir` (absolute).
    fn for_dir(&self, dir: &Path) -> Result<Arc<Profile>, String> {
        if let Some(p) = &self.fixed {
            return Ok(Arc::clone(p));
        }
        let config = self.config_for(dir);
        let Some(config) = config else {
            return Ok(Arc::clone(&self.default));
        };
        let mut files = self.files.lock().unwrap_or_else(PoisonError::into_inner);
        files
            .entry(config.clone())
            .or_insert_with(|| {
                let settings = Settings::from_file(&config).map_err(|e| e.to_string())?;
                Profile::build(settings, &self.overrides, &self.cwd).map(Arc::new)
            })
            .clone()
    }

    /// The nearest settings file at or above `dir`, each folder asked of the
    /// file system once.
    fn config_for(&self, dir: &Path) -> Option<PathBuf> {
        let mut dirs = self.dirs.lock().unwrap_or_else(PoisonError::into_inner);
        let mut walked = Vec::new();
        let mut found = None;
        for d in dir.ancestors() {
            if let Some(known) = dirs.get(d) {
                found.clone_from(known);
                break;
            }
            walked.push(d.to_path_buf());
            let candidate = d.join(config::FILE_NAME);
            if candidate.is_file() {
                found = Some(candidate);
                break;
            }
        }
        for d in walked {
            dirs.insert(d, found.clone());
        }
        found
    }
}
