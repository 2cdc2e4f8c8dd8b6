//! One finding about one URL, built once and printed by any report format,
//! with the fix that would remove it when there is one.

use serde::{Serialize, Serializer};

use crate::rules::{Rule, Severity};
use crate::span::Span;

/// A problem found in a URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Which rule found it.
    #[serde(serialize_with = "by_name")]
    pub rule: Rule,
    /// How serious it is, after configuration.
    #[serde(serialize_with = "by_name")]
    pub severity: Severity,
    /// What is wrong, in one sentence (may quote input; reporters escape it).
    pub message: String,
    /// The offending part in the input: the `%as`, the host, the password, or
    /// the wrapper for context rules.
    pub span: Span,
    /// The URL the problem is in.
    pub url: String,
    /// How to fix it, citing the RFC section.
    pub help: String,
    /// Further places of the same fault in the same URL (the README: "one
    /// rule reports a URL once"), after the one `span` points at.
    pub labels: Vec<Label>,
    /// The edits that would remove it, when the rule knows them and they
    /// can be made to the input as written.
    pub fix: Option<Fix>,
}

fn by_name<S: Serializer, T: std::fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// One more place a diagnostic's fault shows in its URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Label {
    /// Where, in the input.
    pub span: Span,
    /// What is wrong there (may quote input; reporters escape it).
    pub message: String,
}

/// Whether a fix may be applied without a person looking (ruff's split).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Applicability {
    /// The URL means the same after it, or the text moves the way the RFC
    /// says: `check --fix` applies it.
    Safe,
    /// A guess a person should review: only `--unsafe-fixes` applies it.
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// The edits that remove one diagnostic. Its edits never overlap, and are
/// in input order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Fix {
    /// `safe` or `unsafe`.
    pub applicability: Applicability,
    /// What it does, e.g. "lower-case the scheme".
    pub message: String,
    /// The replacements, in input order.
    pub edits: Vec<Edit>,
}

/// Replace the input's text at `span` with `content` (an empty span
/// inserts, an empty `content` deletes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Edit {
    /// Where, in the input as it is on disk.
    pub span: Span,
    /// The new text.
    pub content: String,
}

impl Edit {
    /// An edit replacing `span` with `content`.
    pub fn new(span: Span, content: impl Into<String>) -> Edit {
        Edit {
            span,
            content: content.into(),
        }
    }
}
