//! One finding about one URL, built once and printed by any report format.

use crate::rules::{Rule, Severity};
use crate::span::Span;

/// A problem found in a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Which rule found it.
    pub rule: Rule,
    /// How serious it is, after configuration.
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
}

/// One more place a diagnostic's fault shows in its URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Where, in the input.
    pub span: Span,
    /// What is wrong there (may quote input; reporters escape it).
    pub message: String,
}
