//! The shape of `urlint.toml`.

use std::collections::BTreeMap;

use serde::Deserialize;

/// `urlint.toml` as written. Every key is optional; unknown keys are errors.
///
/// ```toml
/// select = ["syntax", "scheme", "security"]   # replaces the default set
/// extend-select = ["bare-url"]                 # adds to it
/// ignore = ["uppercase-scheme"]
/// fail-on = "error"
/// standard = "rfc1738"                        # default "rfc3986"
/// lint-data = true                             # also lint tests/, vendor/, code strings
/// extra-schemes = ["git", "ssh"]
/// exclude = ["vendor/**", "*.min.js"]        # relative to this file's folder
/// exclude-urls = ["^https?://localhost(:\\d+)?/"]  # regexes, URLs left alone
///
/// [per-file-ignores]
/// "CHANGELOG.md" = ["bare-url"]
/// "docs/legacy/**" = ["style"]
///
/// [syntax]
/// "*.mdx" = "markdown"
/// "docs/**/*.txt" = "rst"
///
/// [severity]
/// nondefault-port = "error"
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    /// Rules or groups to run, replacing the defaults.
    pub select: Option<Vec<String>>,
    /// Rules or groups to add to the selection.
    pub extend_select: Option<Vec<String>>,
    /// Rules or groups to turn off.
    pub ignore: Option<Vec<String>>,
    /// Severity overrides by rule name.
    #[serde(default)]
    pub severity: BTreeMap<String, String>,
    /// `error`, `warning`, `info` or `never`.
    pub fail_on: Option<String>,
    /// How `bare-url`'s fix wraps a URL: `url` (`<URL:...>`) or `angle`
    /// (`<...>`); unset, by syntax.
    pub fix_wrapper: Option<String>,
    /// `rfc3986` (default) or `rfc1738`.
    pub standard: Option<String>,
    /// Also lint URLs in data: folders of test data and vendored code, source code outside
    /// comments.
    pub lint_data: Option<bool>,
    /// Schemes to find and accept besides the known ones.
    #[serde(default)]
    pub extra_schemes: Vec<String>,
    /// Globs of files to leave out.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Regular expressions: a URL matching any is neither linted nor
    /// extracted.
    #[serde(default)]
    pub exclude_urls: Vec<String>,
    /// Rules or groups turned off for files matching each glob.
    #[serde(default)]
    pub per_file_ignores: BTreeMap<String, Vec<String>>,
    /// Syntax by glob (`"*.mdx" = "markdown"`), before the extension decides.
    #[serde(default)]
    pub syntax: BTreeMap<String, String>,
}

impl ConfigFile {
    /// Parse the file's text.
    pub fn parse(text: &str) -> Result<ConfigFile, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())
    }
}
