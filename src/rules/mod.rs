//! The rule registry (STUB — replaced by the rules work).

use std::fmt;

/// How serious a diagnostic is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing.
    Info,
    /// Probably wrong.
    Warning,
    /// Wrong by the RFC grammar.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Rule groups of SPEC.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Generic URL syntax.
    Syntax,
    /// Per-scheme grammar.
    Scheme,
    /// RFC 1738 section 6.
    Security,
    /// How the URL sits in text.
    Context,
    /// Style.
    Style,
}

/// A lint rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// placeholder
    InvalidPercentEscape,
}

impl Rule {
    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        "invalid-percent-escape"
    }
}
