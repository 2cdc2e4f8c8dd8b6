//! Settings: built-in defaults, then `urlint.toml`, then command-line flags.
//!
//! The file is found in each input's directory or its nearest parent (like
//! ruff's `pyproject.toml` search), or named with `--config`. Unknown keys and
//! unknown rule names are errors that name the culprit: a typo in a lint
//! configuration must never silently turn a rule off.

#[cfg(feature = "toml")]
mod file;

use std::path::{Path, PathBuf};

use crate::document::Syntax;
use crate::error::Error;
use crate::rules::runner::Wrapper;
#[cfg(feature = "toml")]
use crate::rules::Rule;
use crate::rules::{RuleConfig, Severity};
use crate::url::Standard;

#[cfg(feature = "toml")]
pub use file::ConfigFile;

/// The name of the configuration file.
#[cfg(feature = "toml")]
pub const FILE_NAME: &str = "urlint.toml";

/// Everything `check` and `extract` need to know besides the paths.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// Which rules run, at which severity.
    pub rules: RuleConfig,
    /// Schemes found and accepted besides the known ones (lower case).
    pub extra_schemes: Vec<String>,
    /// Glob patterns of files to leave out (gitignore syntax, relative to
    /// [`Settings::root`]).
    pub exclude: Vec<String>,
    /// `exclude-urls`: regular expressions of URLs to leave alone, each
    /// checked when added.
    pub exclude_urls: Vec<String>,
    /// `[per-file-ignores]`: glob (relative to [`Settings::root`]) and the
    /// rules and groups it turns off.
    pub per_file_ignores: Vec<(String, RuleConfig)>,
    /// `[syntax]`: how files matching each glob are read, first match wins.
    pub syntax: SyntaxGlobs,
    /// The lowest severity that makes `check` exit 1; `None` (`never`):
    /// diagnostics never fail the run.
    pub fail_on: Option<Severity>,
    /// The standard judging the shared syntax (the README, "Standards").
    pub standard: Standard,
    /// `lint-data`: also lint the URLs of folders of test data and vendored
    /// code, and of source
    /// code outside comments (by default extracted, not linted).
    pub lint_data: bool,
    /// `fix-wrapper`: how `bare-url`'s fix wraps a URL; `None` decides by
    /// syntax (`<...>` in Markdown, `<URL:...>` elsewhere).
    pub fix_wrapper: Option<Wrapper>,
    /// Where the settings file was found, if any.
    pub source: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: RuleConfig::default(),
            extra_schemes: Vec::new(),
            exclude: Vec::new(),
            exclude_urls: Vec::new(),
            per_file_ignores: Vec::new(),
            syntax: SyntaxGlobs::default(),
            fail_on: Some(Severity::Warning),
            standard: Standard::default(),
            lint_data: false,
            fix_wrapper: None,
            source: None,
        }
    }
}

/// Parse a severity name as used in flags and the file.
#[cfg(feature = "toml")]
pub fn parse_severity(s: &str) -> Option<Severity> {
    match s {
        "error" => Some(Severity::Error),
        "warning" => Some(Severity::Warning),
        "info" => Some(Severity::Info),
        _ => None,
    }
}

/// Parse a `fail-on` level: a severity, or `never`.
#[cfg(feature = "toml")]
#[allow(clippy::option_option)] // not a level, or the level `never`
pub fn parse_fail_on(s: &str) -> Option<Option<Severity>> {
    if s == "never" {
        Some(None)
    } else {
        parse_severity(s).map(Some)
    }
}

#[cfg(feature = "toml")]
/// Find `urlint.toml` in `dir` or its nearest parent.
pub fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|p| p.is_file())
}

impl Settings {
    #[cfg(feature = "toml")]
    /// Load settings: `explicit` if given, else the file found from `cwd`, else
    /// the defaults.
    pub fn load(explicit: Option<&Path>, cwd: &Path) -> Result<Settings, Error> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => find(cwd),
        };
        match path {
            Some(path) => Settings::from_file(&path),
            None => Ok(Settings::default()),
        }
    }

    #[cfg(feature = "toml")]
    /// Load the settings file at `path` over the defaults.
    pub fn from_file(path: &Path) -> Result<Settings, Error> {
        let named = |e: &dyn std::fmt::Display| Error::msg(e.to_string()).at(path);
        let text = std::fs::read_to_string(path).map_err(|e| named(&e))?;
        let file = ConfigFile::parse(&text).map_err(|e| named(&e))?;
        let mut settings = Settings::default();
        settings.apply_file(&file).map_err(|e| named(&e))?;
        settings.source = Some(path.to_path_buf());
        Ok(settings)
    }

    #[cfg(feature = "toml")]
    /// Layer a parsed file over these settings.
    pub(crate) fn apply_file(&mut self, file: &ConfigFile) -> Result<(), String> {
        if let Some(select) = &file.select {
            self.rules
                .select(&select.join(","))
                .map_err(|e| e.to_string())?;
        }
        if let Some(extend) = &file.extend_select {
            self.rules
                .extend_select(&extend.join(","))
                .map_err(|e| e.to_string())?;
        }
        if let Some(ignore) = &file.ignore {
            self.rules
                .ignore(&ignore.join(","))
                .map_err(|e| e.to_string())?;
        }
        for (name, level) in &file.severity {
            let rule = Rule::from_name(name)
                .ok_or_else(|| format!("unknown rule `{name}` in [severity]"))?;
            let severity = parse_severity(level).ok_or_else(|| {
                format!("unknown severity `{level}` for `{name}` (use error, warning or info)")
            })?;
            // A severity says how loud a rule is, not whether it runs: an
            // off-by-default rule stays off until `select`/`extend-select`
            // turns it on, so `[severity]` can be shared across projects.
            let was_on = self.rules.is_enabled(rule);
            self.rules.set_severity(rule, severity);
            if !was_on {
                self.rules.ignore(rule.name()).map_err(|e| e.to_string())?;
            }
        }
        if let Some(level) = &file.fail_on {
            self.fail_on = parse_fail_on(level).ok_or_else(|| {
                format!("unknown fail-on `{level}` (use error, warning, info or never)")
            })?;
        }
        for pattern in &file.exclude_urls {
            self.add_exclude_url(pattern)
                .map_err(|e| format!("exclude-urls: {e}"))?;
        }
        for (glob, names) in &file.per_file_ignores {
            globset::Glob::new(glob)
                .map_err(|e| format!("invalid glob `{glob}` in [per-file-ignores]: {e}"))?;
            let mut rules = RuleConfig::default();
            rules
                .select(&names.join(","))
                .map_err(|e| format!("[per-file-ignores] `{glob}`: {e}"))?;
            self.per_file_ignores.push((glob.clone(), rules));
        }
        if let Some(name) = &file.standard {
            self.standard = Standard::from_name(name)
                .ok_or_else(|| format!("unknown standard `{name}` (use rfc3986 or rfc1738)"))?;
        }
        if let Some(lint_data) = file.lint_data {
            self.lint_data = lint_data;
        }
        if let Some(name) = &file.fix_wrapper {
            self.fix_wrapper = Some(
                Wrapper::from_name(name)
                    .ok_or_else(|| format!("unknown fix-wrapper `{name}` (use url or angle)"))?,
            );
        }
        for scheme in &file.extra_schemes {
            self.add_scheme(scheme).map_err(|e| e.to_string())?;
        }
        self.exclude.extend(file.exclude.iter().cloned());
        for (glob, name) in &file.syntax {
            let syntax = Syntax::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Syntax::ALL.iter().map(|s| s.as_str()).collect();
                format!(
                    "unknown syntax `{name}` for `{glob}` in [syntax] (use one of {})",
                    names.join(", ")
                )
            })?;
            self.syntax.add(glob, syntax)?;
        }
        Ok(())
    }

    /// Leave URLs matching `pattern` (a regular expression) alone; an
    /// invalid pattern is an error quoting the regex engine's reason.
    pub fn add_exclude_url(&mut self, pattern: &str) -> Result<(), Error> {
        regex::Regex::new(pattern)
            .map_err(|e| Error::msg(format!("invalid regex `{pattern}`: {e}")))?;
        self.exclude_urls.push(pattern.to_string());
        Ok(())
    }

    /// The folder the settings' globs are relative to: the settings file's.
    pub fn root(&self) -> Option<&Path> {
        self.source.as_deref().and_then(Path::parent)
    }

    /// Accept one more scheme, checking it is a scheme name (RFC 1738 §2.1).
    pub fn add_scheme(&mut self, scheme: &str) -> Result<(), Error> {
        let ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !ok {
            return Err(Error::msg(format!(
                "`{scheme}` is not a scheme name (letters, digits, + - . starting with a letter)"
            )));
        }
        let lower = scheme.to_ascii_lowercase();
        if !self.extra_schemes.contains(&lower) {
            self.extra_schemes.push(lower);
        }
        Ok(())
    }
}

/// The `[syntax]` table: globs matched against a file's path (as walked,
/// or its name), each naming the syntax to read it as.
#[derive(Debug, Clone, Default)]
pub struct SyntaxGlobs {
    globs: Vec<(globset::GlobMatcher, Syntax)>,
}

impl SyntaxGlobs {
    /// Whether no glob is set: the extension alone decides.
    pub fn is_empty(&self) -> bool {
        self.globs.is_empty()
    }

    /// Add `glob` → `syntax`; an invalid glob is an error naming it.
    pub fn add(&mut self, glob: &str, syntax: Syntax) -> Result<(), String> {
        let matcher = globset::GlobBuilder::new(glob)
            .literal_separator(false)
            .build()
            .map_err(|e| format!("invalid glob `{glob}` in [syntax]: {e}"))?
            .compile_matcher();
        self.globs.push((matcher, syntax));
        Ok(())
    }

    /// The syntax for `path`: the first matching glob's, else the one its
    /// extension says.
    pub fn syntax_for(&self, path: &Path) -> Syntax {
        let rel = path.strip_prefix(".").unwrap_or(path);
        self.globs
            .iter()
            .find(|(m, _)| m.is_match(rel))
            .map_or_else(|| Syntax::from_path(path), |&(_, s)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_file_in_a_parent_directory() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("a/b");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(dir.path().join(FILE_NAME), "fail-on = \"error\"\n").unwrap();
        let s = Settings::load(None, &sub).unwrap();
        assert_eq!(s.fail_on, Some(Severity::Error));
        assert_eq!(s.source.unwrap(), dir.path().join(FILE_NAME));
    }

    #[test]
    fn syntax_table_maps_globs_before_extensions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(
            &path,
            "[syntax]\n\"*.mdx\" = \"markdown\"\n\"notes/*.md\" = \"text\"\n",
        )
        .unwrap();
        let s = Settings::load(Some(&path), dir.path()).unwrap();
        assert_eq!(
            s.syntax.syntax_for(Path::new("docs/a.mdx")),
            Syntax::Markdown
        );
        assert_eq!(s.syntax.syntax_for(Path::new("./notes/a.md")), Syntax::Text);
        assert_eq!(s.syntax.syntax_for(Path::new("b.md")), Syntax::Markdown);
        assert_eq!(s.syntax.syntax_for(Path::new("c.txt")), Syntax::Text);
        std::fs::write(&path, "[syntax]\n\"*.x\" = \"troff2\"\n").unwrap();
        let err = Settings::load(Some(&path), dir.path())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("troff2") && err.contains("urlint.toml"),
            "{err}"
        );
    }

    #[test]
    fn unknown_key_is_an_error_naming_file_and_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "selekt = [\"all\"]\n").unwrap();
        let err = Settings::load(Some(&path), dir.path())
            .unwrap_err()
            .to_string();
        assert!(err.contains("urlint.toml"), "{err}");
        assert!(err.contains("selekt"), "{err}");
    }

    #[test]
    fn schemes_are_checked_and_lowered() {
        let mut s = Settings::default();
        s.add_scheme("Git+SSH").unwrap();
        assert_eq!(s.extra_schemes, vec!["git+ssh"]);
        assert!(s.add_scheme("1abc").is_err());
        assert!(s.add_scheme("a b").is_err());
    }

    #[test]
    fn standard_defaults_to_rfc3986_and_is_read_from_the_file() {
        let mut s = Settings::default();
        assert_eq!(s.standard, Standard::Rfc3986);
        s.apply_file(&ConfigFile::parse("standard = \"rfc1738\"\n").unwrap())
            .unwrap();
        assert_eq!(s.standard, Standard::Rfc1738);
        let file = ConfigFile::parse("standard = \"rfc2396\"\n").unwrap();
        let err = Settings::default().apply_file(&file).unwrap_err();
        assert!(err.contains("rfc2396"), "{err}");
    }

    #[test]
    fn bad_severity_is_named() {
        let file = ConfigFile::parse("fail-on = \"fatal\"\n").unwrap();
        let err = Settings::default().apply_file(&file).unwrap_err();
        assert!(err.contains("fatal"), "{err}");
    }
}
