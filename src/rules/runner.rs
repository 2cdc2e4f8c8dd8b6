//! The validator: runs the enabled rules over one candidate.
//!
//! The URL is split once into [`Parts`]; each enabled rule's check then reads
//! the parts it cares about and reports through a [`Report`], which turns
//! URL byte ranges into input spans and stamps rule, severity, URL and help.
//!
//! One principle keeps the output quiet: each fault is reported by one rule.
//! A bad `%` escape is `invalid-percent-escape`'s, an unsafe or non-ASCII
//! character belongs to `unsafe-character` / `non-ascii-character`; the host
//! and per-scheme grammars accept such characters and judge only structure
//! and reserved characters. In the same spirit an unterminated wrapper or an
//! empty URL gets no other finding, `invalid-scheme` silences
//! `unknown-scheme`, a misspelled or doubled scheme gets no other finding,
//! a break after a hyphen is not also `whitespace-in-url`,
//! and a hard-wrapped bare URL is not also `bare-url`.
//!

#[cfg(test)]
mod tests;

use std::fmt::Write;
use std::ops::Range;

use super::diagnostic::{Diagnostic, Label};
use super::{Rule, RuleConfig, Severity};
use crate::scan::{Candidate, Form};
use crate::span::Span;
use crate::url::{grammar, standard, Cx, Standard};

/// Most diagnostics one rule reports for one URL. Each diagnostic carries a
/// copy of the URL, so a hostile URL with thousands of unsafe characters must
/// not turn into thousands of copies; the rest are summed up in one more.
pub const MAX_PER_RULE: usize = 16;

/// Collects one rule's findings about one URL as one diagnostic: the first
/// finding is its span and message, each further one a label.
#[derive(Debug)]
pub struct Report<'a> {
    rule: Rule,
    severity: Severity,
    cand: &'a Candidate,
    out: &'a mut Vec<Diagnostic>,
    count: usize,
    /// Index in `out` of this rule's diagnostic, once there is one.
    first: Option<usize>,
}

impl Report<'_> {
    /// Report `url[range]` with the rule's default help.
    pub fn at(&mut self, range: Range<usize>, message: String) {
        let span = self.cand.span_of(range);
        self.push(span, message, None);
    }

    /// Report `url[range]` with a help line specialised to this finding.
    pub fn at_with_help(&mut self, range: Range<usize>, message: String, help: String) {
        let span = self.cand.span_of(range);
        self.push(span, message, Some(help));
    }

    /// Report an input span directly (the wrapper, a removed line break).
    pub fn at_span(&mut self, span: Span, message: String) {
        self.push(span, message, None);
    }

    fn push(&mut self, span: Span, message: String, help: Option<String>) {
        self.count += 1;
        if self.count > MAX_PER_RULE {
            return;
        }
        if let Some(d) = self.first.and_then(|i| self.out.get_mut(i)) {
            // A label whose fix differs from the diagnostic's says its own.
            let message = match help {
                Some(h) if h != d.help => format!("{message}; {h}"),
                _ => message,
            };
            d.labels.push(Label { span, message });
            return;
        }
        self.first = Some(self.out.len());
        self.out.push(Diagnostic {
            rule: self.rule,
            severity: self.severity,
            message,
            span,
            url: self.cand.url.clone(),
            help: help.unwrap_or_else(|| self.rule.meta().help.to_string()),
            labels: Vec::new(),
        });
    }

    /// Say in the diagnostic what [`MAX_PER_RULE`] left out.
    fn finish(self) {
        let dropped = self.count.saturating_sub(MAX_PER_RULE);
        if let Some(d) = self.first.and_then(|i| self.out.get_mut(i)) {
            if dropped > 0 {
                let _ = write!(
                    d.message,
                    " ({dropped} more like this in the same URL, not shown)"
                );
            }
        }
    }
}

/// Runs the enabled rules; build once, use for every candidate.
#[derive(Debug, Clone)]
pub struct Validator {
    rules: Vec<(Rule, Severity)>,
    extra_schemes: Vec<String>,
    standard: Standard,
}

impl Validator {
    /// A validator for this configuration; `extra_schemes` are configured
    /// schemes (not `unknown-scheme`).
    pub fn new(config: &RuleConfig, extra_schemes: &[String]) -> Validator {
        Validator {
            rules: Rule::ALL
                .iter()
                .filter_map(|&r| config.severity(r).map(|s| (r, s)))
                .collect(),
            extra_schemes: extra_schemes.to_vec(),
            standard: Standard::default(),
        }
    }

    /// The same validator judging by `standard` (the default is `rfc3986`).
    #[must_use]
    pub fn with_standard(mut self, standard: Standard) -> Validator {
        self.standard = standard;
        self
    }

    /// Append the diagnostics for `cand` to `out`, in rule order.
    pub fn check(&self, cand: &Candidate, out: &mut Vec<Diagnostic>) {
        // A URL the text itself calls wrong ("Incorrect: file:///a%.c") is
        // an example of the fault, not the fault.
        if self.standard == Standard::Rfc3986 && standard::is_called_wrong(cand) {
            return;
        }
        let cx = Cx::new(cand, &self.extra_schemes, self.standard);
        // An unterminated wrapper or an empty URL says all there is to say:
        // linting what is not a URL would only add noise.
        let only = if cand.facts.unterminated && cand.form == Form::Link {
            Some(Rule::UnterminatedLink)
        } else if cand.facts.unterminated {
            Some(Rule::UnterminatedWrapper)
        } else if cand.facts.empty || grammar::is_empty_url(&cx) {
            Some(Rule::EmptyUrl)
        } else if self.standard == Standard::Rfc3986 && crate::rules::syntax_typo(&cx) {
            // A mistyped scheme makes a strange host, port or path: the
            // typo is the one fault to report. (`rfc1738` keeps every
            // finding it always made, and adds the typo's.)
            Some(Rule::MisspelledScheme)
        } else if self.standard == Standard::Rfc3986 && crate::rules::syntax_doubled(&cx) {
            Some(Rule::DoubledScheme)
        } else {
            None
        };
        for &(rule, severity) in &self.rules {
            if only.is_some_and(|o| o != rule) {
                continue;
            }
            let mut report = Report {
                rule,
                severity,
                cand,
                out,
                count: 0,
                first: None,
            };
            (rule.check_fn())(&cx, &mut report);
            report.finish();
        }
    }
}
