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

impl Rule {
    /// Every rule.
    pub const ALL: &'static [Rule] = &[Rule::InvalidPercentEscape];

    /// Look a rule up by name.
    pub fn from_name(name: &str) -> Option<Rule> {
        (name == "invalid-percent-escape").then_some(Rule::InvalidPercentEscape)
    }

    /// Metadata.
    pub fn meta(self) -> &'static RuleMeta {
        &META
    }
}

static META: RuleMeta = RuleMeta {
    name: "invalid-percent-escape",
    group: Group::Syntax,
    default: Some(Severity::Error),
    rfc: "RFC 1738 §2.2",
    summary: "stub",
    help: "stub",
};

/// Rule metadata.
#[derive(Debug)]
pub struct RuleMeta {
    /// name
    pub name: &'static str,
    /// group
    pub group: Group,
    /// default
    pub default: Option<Severity>,
    /// rfc
    pub rfc: &'static str,
    /// summary
    pub summary: &'static str,
    /// help
    pub help: &'static str,
}

impl Group {
    /// name
    pub fn as_str(self) -> &'static str {
        "syntax"
    }
}

/// Selection.
#[derive(Debug, Clone, Default)]
pub struct RuleConfig;

impl RuleConfig {
    /// select
    pub fn select(&mut self, _s: &str) -> Result<(), String> {
        Ok(())
    }
    /// extend
    pub fn extend_select(&mut self, _s: &str) -> Result<(), String> {
        Ok(())
    }
    /// ignore
    pub fn ignore(&mut self, _s: &str) -> Result<(), String> {
        Ok(())
    }
    /// set severity
    pub fn set_severity(&mut self, _r: Rule, _s: Severity) {}
    /// severity
    pub fn severity(&self, _r: Rule) -> Option<Severity> {
        None
    }
}

/// explain
pub fn explain(_r: Rule) -> String {
    String::new()
}
