//! Hand-built candidates for rule tests, independent of the scanner (and
//! [`rules_in_text`], for rules that read the text around a URL).

use crate::rules::Diagnostic;
use crate::rules::Validator;
use crate::rules::{Rule, RuleConfig};
use crate::scan::{Candidate, Facts, Form, Segment};
use crate::span::{Pos, Span};
use crate::url::Standard;

/// Offset of the URL in the candidate's line: `<URL:` comes first.
pub const AT: u64 = 5;

/// `<URL:url>` at the start of line 1, all on one line.
pub fn cand(url: &str) -> Candidate {
    cand_with(url, Form::UrlWrapper, Facts::default())
}

/// Position `column` of line 1 (offset `column - 1`).
pub fn col(column: u64) -> Pos {
    Pos {
        line: 1,
        column,
        offset: column - 1,
    }
}

/// The spans (main and labels) of `rule`'s diagnostics on a hand-built
/// candidate.
pub fn spans_of(url: &str, form: Form, facts: Facts, rule: Rule) -> Vec<Span> {
    diagnostics(&cand_with(url, form, facts))
        .into_iter()
        .filter(|d| d.rule == rule)
        .flat_map(|d| std::iter::once(d.span).chain(d.labels.into_iter().map(|l| l.span)))
        .collect()
}

/// The rules that fire on a link destination, closed or not.
pub fn link_rules(url: &str, unterminated: bool) -> Vec<Rule> {
    let facts = Facts {
        unterminated,
        ..Facts::default()
    };
    diagnostics(&cand_with(url, Form::Link, facts))
        .into_iter()
        .map(|d| d.rule)
        .collect()
}

/// A candidate of any form with the given facts, on one line.
pub fn cand_with(url: &str, form: Form, facts: Facts) -> Candidate {
    let raw = format!("<URL:{url}>");
    let chars = raw.chars().count() as u64;
    Candidate {
        url: url.to_string(),
        span: Span::new(
            Pos::START,
            Pos {
                line: 1,
                column: 1 + chars,
                offset: raw.len() as u64,
            },
        ),
        raw,
        form,
        alternatives: vec![],
        segments: vec![Segment {
            url_start: 0,
            start: Pos {
                line: 1,
                column: 1 + AT,
                offset: AT,
            },
        }],
        facts,
        excerpt: None,
    }
}

/// Diagnostics for `cand` with every rule enabled, under `rfc1738`: the
/// rule tables written before there were two standards test its letter.
pub fn diagnostics(cand: &Candidate) -> Vec<Diagnostic> {
    diagnostics_with(cand, Standard::Rfc1738)
}

/// Diagnostics for `cand` with every rule enabled, under `standard`.
pub fn diagnostics_with(cand: &Candidate, standard: Standard) -> Vec<Diagnostic> {
    let mut out = vec![];
    Validator::new(&RuleConfig::all(), &["x-custom".to_string()])
        .with_standard(standard)
        .check(cand, &mut out);
    out
}

/// The rules that fire, with every rule enabled, on the URLs of `text` as
/// `check` scans it: with excerpts, so a rule can read the words around a
/// URL ("`<s3://>` URIs", `curl --unix-socket`).
pub fn rules_in_text(text: &str, standard: Standard) -> Vec<Rule> {
    let mut scanner = crate::scan::Scanner::new(crate::scan::ScanOptions {
        excerpts: true,
        ..crate::scan::ScanOptions::default()
    });
    scanner
        .scan_slice(text.as_bytes())
        .iter()
        .flat_map(|c| diagnostics_with(c, standard))
        .map(|d| d.rule)
        .collect()
}

/// The URL text each diagnostic of `rule` underlines, for `<URL:url>`.
pub fn underlined(url: &str, rule: Rule) -> Vec<String> {
    underlined_with(url, rule, Standard::Rfc1738)
}

/// [`underlined`] under `standard`.
pub fn underlined_with(url: &str, rule: Rule, standard: Standard) -> Vec<String> {
    let c = cand(url);
    diagnostics_with(&c, standard)
        .into_iter()
        .filter(|d| d.rule == rule)
        .flat_map(|d| {
            let mut spans = vec![d.span];
            spans.extend(d.labels.iter().map(|l| l.span));
            spans
        })
        .map(|span| {
            let s = (span.start.offset - AT) as usize;
            let e = (span.end.offset - AT) as usize;
            url.get(s..e).unwrap_or("<outside the url>").to_string()
        })
        .collect()
}

/// Assert, for each `(url, underlined parts)`, exactly those diagnostics of
/// `rule` under `rfc1738`.
pub fn table(rule: Rule, cases: &[(&str, &[&str])]) {
    for (url, want) in cases {
        assert_eq!(underlined(url, rule), *want, "{rule} on {url}");
    }
}

/// [`table`] under the default standard, `rfc3986`.
pub fn table_3986(rule: Rule, cases: &[(&str, &[&str])]) {
    for (url, want) in cases {
        assert_eq!(
            underlined_with(url, rule, Standard::Rfc3986),
            *want,
            "{rule} on {url} (rfc3986)"
        );
    }
}

/// The candidates of a document of `syntax`, excerpts kept (as `check`
/// scans them).
fn document_candidates(syntax: crate::document::Syntax, text: &str) -> Vec<Candidate> {
    let doc = crate::document::read(syntax, text);
    let mut found = Vec::new();
    crate::scan::Scanner::new(crate::scan::ScanOptions {
        excerpts: true,
        ..crate::scan::ScanOptions::default()
    })
    .scan_document(&doc, text, |c| found.push(c));
    found
}

/// Every diagnostic of a document of `syntax`, under the default standard.
pub fn document_diagnostics(syntax: crate::document::Syntax, text: &str) -> Vec<Diagnostic> {
    document_candidates(syntax, text)
        .iter()
        .flat_map(|c| diagnostics_with(c, Standard::Rfc3986))
        .collect()
}

/// The rules that fire on the one URL of a document of `syntax`.
pub fn document_rules(
    syntax: crate::document::Syntax,
    text: &str,
    standard: Standard,
) -> Vec<Rule> {
    let found = document_candidates(syntax, text);
    assert_eq!(found.len(), 1, "{found:?}");
    diagnostics_with(&found[0], standard)
        .iter()
        .map(|d| d.rule)
        .collect()
}
