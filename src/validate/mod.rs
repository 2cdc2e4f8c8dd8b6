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
//! The shared syntax is judged by a [`Standard`]: `rfc3986` (the default,
//! current practice) or `rfc1738` (the letter of the seeds). Under `rfc1738`:
//!
//! Judgement calls, each from the RFC text:
//! - `~`, `|` and `[ ]` are unsafe (RFC 1738 §2.2, as the README lists them);
//!   an IPv6 literal `[::1]` (RFC 2732, later) is one finding, not two.
//! - The first `#` delimits the fragment (RFC 1630); any later `#` is unsafe.
//! - An empty port (`http://h:/`) is `invalid-port`: the BNF says
//!   `port = digits` and §3.1 "If the port is omitted, the colon is as well".
//! - An empty password (`ftp://foo:@host.com/`, shown valid in §3.1) is not
//!   `password-in-url`: it keeps nothing secret.
//! - `unnecessary-escape` spares `%2B` in a query, where RFC 1630 makes `+`
//!   mean space.
//! - Host and port are judged only for the schemes RFC 1738 gives `//host`
//!   (and `https`); `s3://my_bucket` is not ours to judge. A non-ASCII host
//!   is `non-ascii-character`'s alone.
//! - `mailto:` header fields after `?` (RFC 6068) are not judged.
//!
//! Under `rfc3986` the same, except: `~` is unreserved; `[...]` around a
//! host is an IP-literal, valid when it holds an IPv6 or `IPvFuture` address;
//! an empty port is allowed; a user name may stand in any `//authority`; and
//! `nondefault-port`, `password-in-url` and `userinfo-not-allowed` spare the
//! hosts reserved for documentation, as `password-in-url` spares placeholder
//! passwords (see [`standard`]), and a URL the words right before it call
//! wrong (`Incorrect: file:///a%.c`, "an invalid URL such as ...") is an
//! example of its fault: no rule reports it.

pub mod grammar;
pub mod parts;
pub mod punycode;
pub mod standard;

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;

use std::fmt::Write;
use std::ops::Range;

pub use parts::{Authority, Parts};
pub use standard::Standard;

use crate::diagnostic::Diagnostic;
use crate::rules::{Rule, RuleConfig, Severity};
use crate::scan::{Candidate, Form};
use crate::schemes;
use crate::span::Span;

/// What the scheme of a URL is, decided once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemeKind {
    /// No scheme: a partial form.
    None,
    /// `ftp` (RFC 1738 §3.2).
    Ftp,
    /// `http` (§3.3).
    Http,
    /// `https`, validated as `http` with default port 443.
    Https,
    /// `gopher` (§3.4).
    Gopher,
    /// `mailto` (§3.5).
    Mailto,
    /// `news` (§3.6).
    News,
    /// `nntp` (§3.7).
    Nntp,
    /// `telnet` (§3.8).
    Telnet,
    /// `wais` (§3.9).
    Wais,
    /// `file` (§3.10).
    File,
    /// `prospero` (§3.11).
    Prospero,
    /// Known without a grammar here (RFC 1630's and §4's reserved names).
    Reserved,
    /// Added by configuration.
    Configured,
    /// Neither known nor configured.
    Unknown,
}

impl SchemeKind {
    fn classify(scheme: &str, extra: &[String]) -> SchemeKind {
        const NAMED: &[(&str, SchemeKind)] = &[
            ("ftp", SchemeKind::Ftp),
            ("http", SchemeKind::Http),
            ("https", SchemeKind::Https),
            ("gopher", SchemeKind::Gopher),
            ("mailto", SchemeKind::Mailto),
            ("news", SchemeKind::News),
            ("nntp", SchemeKind::Nntp),
            ("telnet", SchemeKind::Telnet),
            ("wais", SchemeKind::Wais),
            ("file", SchemeKind::File),
            ("prospero", SchemeKind::Prospero),
        ];
        if let Some(&(_, kind)) = NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(scheme)) {
            kind
        } else if schemes::is_known(scheme) {
            SchemeKind::Reserved
        } else if extra.iter().any(|e| e.eq_ignore_ascii_case(scheme)) {
            SchemeKind::Configured
        } else {
            SchemeKind::Unknown
        }
    }

    /// Whether the scheme uses RFC 1738 §3.1's `//host:port` (so its host and
    /// port are checked). Unknown schemes are not judged by it: `s3://my_bucket`
    /// follows its own rules.
    pub fn has_ip_authority(self) -> bool {
        matches!(
            self,
            SchemeKind::Ftp
                | SchemeKind::Http
                | SchemeKind::Https
                | SchemeKind::Gopher
                | SchemeKind::Nntp
                | SchemeKind::Telnet
                | SchemeKind::Wais
                | SchemeKind::File
                | SchemeKind::Prospero
        )
    }
}

/// What a rule's check sees.
#[derive(Debug)]
pub struct Cx<'a> {
    /// The candidate being checked.
    pub cand: &'a Candidate,
    /// `cand.url`.
    pub url: &'a str,
    /// The URL split into parts.
    pub parts: Parts,
    /// What its scheme is.
    pub scheme: SchemeKind,
    /// The standard judging the shared syntax.
    pub standard: Standard,
}

impl<'a> Cx<'a> {
    /// Split and classify `cand`.
    pub fn new(cand: &'a Candidate, extra_schemes: &[String], standard: Standard) -> Cx<'a> {
        let parts = Parts::parse(&cand.url);
        let scheme = parts.scheme.clone().map_or(SchemeKind::None, |r| {
            SchemeKind::classify(&cand.url[r], extra_schemes)
        });
        Cx {
            cand,
            url: &cand.url,
            parts,
            scheme,
            standard,
        }
    }

    /// Whether the URL's host is a documentation or local name (RFC 2606,
    /// RFC 6761, RFC 5737, RFC 3849, loopback) that `rfc3986` treats as an
    /// example; always `false` under `rfc1738`, which judges every host alike.
    pub fn is_example(&self) -> bool {
        self.standard == Standard::Rfc3986
            && self
                .parts
                .authority
                .as_ref()
                .is_some_and(|a| standard::is_example_host(self.text(a.host.clone())))
    }

    /// The URL text of `range`.
    pub fn text(&self, range: Range<usize>) -> &'a str {
        self.url.get(range).unwrap_or("")
    }

    /// The character the input has right after the candidate, when its
    /// excerpt was kept (`check` keeps one).
    pub fn source_after(&self) -> Option<char> {
        let e = self.cand.excerpt.as_ref()?;
        let at = self.cand.span.end.offset.checked_sub(e.start_offset)?;
        e.text.get(usize::try_from(at).ok()?..)?.chars().next()
    }

    /// The scheme as written, or `""`.
    pub fn scheme_str(&self) -> &'a str {
        self.parts.scheme.clone().map_or("", |r| self.text(r))
    }
}

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
            d.labels.push(crate::diagnostic::Label { span, message });
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
