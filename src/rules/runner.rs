//! The validator: runs the enabled rules over one candidate.
//!
//! The URL is split once into [`Parts`](crate::url::Parts); each enabled rule's check then reads
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

use super::diagnostic::{Applicability, Diagnostic, Edit, Fix, Label};
use super::{Group, Rule, RuleConfig, Severity};
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
    wrapper: Option<Wrapper>,
}

/// How `bare-url`'s fix wraps a URL: `<URL:...>`, as RFC 1738's appendix
/// recommends for text and mail, or `<...>`, which Markdown reads as an
/// autolink (`fix-wrapper` in `urlint.toml` chooses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Wrapper {
    /// `<URL:...>`.
    #[default]
    Url,
    /// `<...>`.
    Angle,
}

impl Wrapper {
    /// The wrapper the fix uses in a file of `syntax`, unless configured;
    /// `None` where brackets would be markup (HTML, JSON, roff...), so no
    /// wrapper can be added as plain text.
    pub fn for_syntax(syntax: crate::document::Syntax) -> Option<Wrapper> {
        match syntax {
            crate::document::Syntax::Markdown => Some(Wrapper::Angle),
            crate::document::Syntax::Text => Some(Wrapper::Url),
            _ => None,
        }
    }

    /// Parse `url` or `angle` (as in `urlint.toml`).
    pub fn from_name(name: &str) -> Option<Wrapper> {
        match name {
            "url" => Some(Wrapper::Url),
            "angle" => Some(Wrapper::Angle),
            _ => None,
        }
    }
}

impl Report<'_> {
    /// How a bare URL is to be wrapped in the file being checked.
    pub fn wrapper(&self) -> Option<Wrapper> {
        self.wrapper
    }

    /// Report `url[range]` with the rule's default help.
    pub fn at(&mut self, range: Range<usize>, message: String) {
        if self.count >= MAX_PER_RULE {
            // Only counted (see `push`): no position to work out.
            self.count += 1;
            return;
        }
        let span = self.cand.span_of(range);
        self.push(span, message, None);
    }

    /// Report `url[range]` with a help line specialised to this finding.
    pub fn at_with_help(&mut self, range: Range<usize>, message: String, help: String) {
        if self.count >= MAX_PER_RULE {
            self.count += 1;
            return;
        }
        let span = self.cand.span_of(range);
        self.push(span, message, Some(help));
    }

    /// Report an input span directly (the wrapper, a removed line break).
    pub fn at_span(&mut self, span: Span, message: String) {
        self.push(span, message, None);
    }

    /// [`Report::at_span`] with a help line specialised to this finding.
    pub fn at_span_with_help(&mut self, span: Span, message: String, help: String) {
        self.push(span, message, Some(help));
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
            fix: None,
        });
    }

    /// Offer a fix for this rule's diagnostic: each edit replaces
    /// `url[range]` with its text. It is kept only if every range is the
    /// input's own text, byte for byte (see [`verified`]).
    pub fn fix(
        &mut self,
        applicability: Applicability,
        message: &str,
        edits: Vec<(Range<usize>, String)>,
    ) {
        // Positions counted in one pass (edits come in order, and a
        // hostile URL may have a hundred thousand).
        let mut edits = edits;
        edits.sort_by_key(|e| (e.0.start, e.0.end));
        let spans = self.cand.spans_of(edits.iter().map(|e| e.0.clone()));
        let edits = edits
            .into_iter()
            .zip(spans)
            .map(|((range, content), span)| {
                let old = self.cand.url.get(range).unwrap_or("").to_string();
                (span, old, content)
            })
            .collect();
        self.fix_spans(applicability, message, edits);
    }

    /// Offer a fix whose edits are input spans, each with the text it
    /// expects to find there (checked against the source, as for
    /// [`Report::fix`]).
    pub fn fix_spans(
        &mut self,
        applicability: Applicability,
        message: &str,
        mut edits: Vec<(Span, String, String)>,
    ) {
        let Some(d) = self.first.and_then(|i| self.out.get_mut(i)) else {
            return;
        };
        edits.sort_by_key(|e| (e.0.start.offset, e.0.end.offset));
        let overlap = edits
            .windows(2)
            .any(|w| w[1].0.start.offset < w[0].0.end.offset);
        if overlap
            || edits.is_empty()
            || !edits
                .iter()
                .all(|(span, old, _)| verified(self.cand, *span, old))
        {
            return;
        }
        d.fix = Some(Fix {
            applicability,
            message: message.to_string(),
            edits: edits
                .into_iter()
                .map(|(span, _, content)| Edit { span, content })
                .collect(),
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

/// Whether the input holds `old` at `span`, read from the candidate's
/// excerpt of its source lines. A URL rejoined across lines, or read
/// through a document's escapes or a mail part's decoding, differs from
/// its source there: an edit made in the URL's terms would then change the
/// wrong bytes, so such a fix is not offered. Without an excerpt nothing
/// can be checked, and no fix is offered either.
fn verified(cand: &Candidate, span: Span, old: &str) -> bool {
    let Some(ex) = &cand.excerpt else {
        return false;
    };
    let (Some(from), Some(to)) = (
        span.start.offset.checked_sub(ex.start_offset),
        span.end.offset.checked_sub(ex.start_offset),
    ) else {
        return false;
    };
    let (Ok(from), Ok(to)) = (usize::try_from(from), usize::try_from(to)) else {
        return false;
    };
    to - from == old.len() && ex.text.get(from..to) == Some(old)
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
        self.check_with(cand, out, Some(Wrapper::Url));
    }

    /// [`Validator::check`], with `wrapper` for `bare-url`'s fix (`None`:
    /// no fix).
    pub fn check_with(
        &self,
        cand: &Candidate,
        out: &mut Vec<Diagnostic>,
        wrapper: Option<Wrapper>,
    ) {
        self.check_in(cand, out, wrapper, Shown::Nothing);
    }

    /// [`Validator::check_with`] for a candidate of a document that may
    /// show bad URLs on purpose (see [`Shown`]). Under `rfc3986` such a
    /// URL's own syntax is not reported; how it sits in the text and a
    /// leaked password still are.
    pub fn check_in(
        &self,
        cand: &Candidate,
        out: &mut Vec<Diagnostic>,
        wrapper: Option<Wrapper>,
        shown: Shown,
    ) {
        let first = out.len();
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
                wrapper,
            };
            (rule.check_fn())(&cx, &mut report);
            report.finish();
        }
        // A directory named like a scheme before a `:` and a path, a
        // Docker volume mount's `…/incoming/ftp:/var/incoming/ftp`
        // (`host-path:container-path`): no URL starts after a `/`.
        if self.standard == Standard::Rfc3986 && out.len() > first {
            let body = cx.text(cx.parts.body.clone());
            if body.starts_with('/')
                && !body.starts_with("//")
                && cx.source_before().is_some_and(|c| c == '/' || c == '\\')
            {
                out.truncate(first);
                return;
            }
        }
        // A scheme nobody registered, not mistyped and not configured, is
        // an application's own, with its own syntax (Squeak's help links,
        // `href="code://TestRunner open"`, run Smalltalk): only its name
        // and the markup around it are judged.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && cx.scheme == crate::url::SchemeKind::Unknown
            && !crate::schemes::is_registered(cx.scheme_str())
        {
            retain_from(out, first, |d| {
                matches!(
                    d.rule,
                    Rule::InvalidScheme
                        | Rule::MisspelledScheme
                        | Rule::DoubledScheme
                        | Rule::GluedUrl
                        | Rule::UnknownScheme
                        | Rule::UppercaseScheme
                        | Rule::UnterminatedLink
                        | Rule::UnterminatedWrapper
                )
            });
        }
        // `s/git:\/\//http:\/\//g` in Markdown, whose reader took the
        // backslashes for escapes: the source shows the expression the
        // scanner leaves alone in plain text.
        if out.len() > first && crate::document::pattern::is_escaped_in_expression(&cand.raw) {
            out.truncate(first);
            return;
        }
        // `<a href=3D"https://…?c=3D51=` + a soft line break: a mail kept
        // raw in a text file (DKIM test data), its body quoted-printable and
        // never decoded; the URL's text is not yet the URL.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && cx
                .source_head()
                .is_some_and(|h| h.ends_with("=3D\"") || h.ends_with("=3D'"))
        {
            out.truncate(first);
            return;
        }
        // `<a href="…uri=http%3A%2F%2Fforums…">http://validator.w3.org/check?uri=http%
        // ... Findex.php</a>`: a forum's link text shortened around an
        // ellipsis (phpBB's magic URLs); the link's target is whole.
        // `https://secure-…` (R's console cutting a tibble's column): a URL
        // shown cut short, an ellipsis right after it; its host or path is
        // not what the text gives.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && (cx.source_rest().is_some_and(is_shortened_link_text)
                || is_elided_href_text(&cx)
                || cx.source_after() == Some('\u{2026}'))
        {
            retain_from(out, first, |d| d.rule.group() == Group::Security);
        }
        // `https://ngff--<PR#>.org.readthedocs.build/` (a preview site's
        // address, the pull request's number its placeholder): the URL
        // the scan ended at `<` goes on after the placeholder; a template.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && cx.source_rest().is_some_and(continues_past_placeholder)
        {
            out.truncate(first);
            return;
        }
        // `news:x:9:13:news:/var/spool/news:`: a passwd entry, whose first
        // field is a user's name, not a scheme.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && standard::in_passwd_entry(cand)
        {
            out.truncate(first);
            return;
        }
        // `"https://typescript-v2-" + prNumber + ".vercel.app/"` in a
        // comment: the first piece of a string built by concatenation, whose
        // host and path the pieces after it finish (only a piece that ends
        // in its host: one holding a path is judged whole).
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && cx.parts.path.is_empty()
            && cx.parts.query.is_none()
            && cx.parts.fragment.is_none()
            && standard::is_concatenated(cand)
        {
            retain_from(out, first, |d| {
                d.rule.group() == Group::Security
                    || matches!(d.rule, Rule::MisspelledScheme | Rule::DoubledScheme)
            });
        }
        // A URL the text itself calls wrong ("Incorrect: file:///a%.c") is
        // an example of the fault, not the fault; asked only of URLs with a
        // finding. A leaked password is still one.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && standard::is_called_wrong(cand)
        {
            retain_from(out, first, |d| d.rule.group() == Group::Security);
        }
        // A URL a sentence about a vulnerability or a parser's bug shows
        // ("URLs like https:///a.com/x.git were susceptible to CVE-..."), a
        // diagram takes apart on the line below, or an equation compares
        // with another form (`http://2130706433/ == http://127.0.0.1/`) is
        // that bug's input, the diagram's subject or a form shown: its own
        // syntax is not the document's fault. How it sits in the text
        // still is.
        if self.standard == Standard::Rfc3986
            && out.len() > first
            && out[first..].iter().any(|d| shown_input(d.rule))
            && (shown != Shown::Nothing
                || standard::shows_a_fault(cand)
                || standard::is_diagrammed(cand)
                || standard::is_compared(cand))
        {
            retain_from(out, first, |d| !shown_input(d.rule));
        }
        // A page on an attack shows its payloads: an encoded line break
        // (CRLF injection), an internal port (SSRF), a scheme mistyped to
        // slip past a filter (`<IMG SRC="httx://badguy.com/a.jpg">`), or
        // doubled or one URL nested in another to the same end (the XSS
        // cheat sheet's `<A HREF="http://www.gohttp://www.google.com/ogle.com/">`),
        // the empty `<http://>` a filter looks for, or markup that breaks
        // out of an attribute (`<iframe src="…?search=<body onresize=print()>">`,
        // the link left unclosed on purpose). A link's mistyped,
        // doubled or glued scheme is still the page's own typo.
        if self.standard == Standard::Rfc3986 && shown == Shown::Attacks && out.len() > first {
            retain_from(out, first, |d| {
                !(matches!(
                    d.rule,
                    Rule::EncodedLineBreak
                        | Rule::NondefaultPort
                        | Rule::EmptyUrl
                        | Rule::UnterminatedLink
                ) || (matches!(
                    d.rule,
                    Rule::MisspelledScheme | Rule::DoubledScheme | Rule::GluedUrl
                ) && cand.form != Form::Link))
            });
        }
    }
}

/// What a document shows on purpose, said by its path: its malformed URLs
/// are then inputs it shows, not its faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shown {
    /// An ordinary document.
    #[default]
    Nothing,
    /// A security advisory (`CVE-2022-27780.md`, `GHSA-….md`): its
    /// malformed URLs are the exploit's input.
    Advisory,
    /// A page on an attack technique (`Server Side Request Forgery/`,
    /// `XSS_Filter_Evasion_Cheat_Sheet.md`): as an advisory, and its
    /// encoded line breaks, ports, empty URLs and mistyped schemes outside
    /// links are the payloads.
    Attacks,
    /// A URL library's source code (`url.c`, `URI.pm`): the odd URLs its
    /// comments show are the cases it parses.
    Parser,
}

/// Whether `rest`, the text after a URL, is the rest of a link's text
/// shortened around an ellipsis: ` ... Findex.php</a>`; or an ellipsis
/// ending it, `...</a>` (Disqus' `<a href="http://www.d-e-f-i-n-i-t-e-l-y.com">
/// http://www.d-e-f-i-n-i-t-e-...</a>`).
fn is_shortened_link_text(rest: &str) -> bool {
    let ends = |tail: &str| {
        tail.get(..4)
            .is_some_and(|t| t.eq_ignore_ascii_case("</a>"))
    };
    if rest
        .strip_prefix("...")
        .or_else(|| rest.strip_prefix('\u{2026}'))
        .is_some_and(ends)
    {
        return true;
    }
    let Some(tail) = rest
        .strip_prefix(" ... ")
        .or_else(|| rest.strip_prefix(" \u{2026} "))
    else {
        return false;
    };
    let end = tail
        .find(|c: char| c.is_whitespace() || c == '<')
        .unwrap_or(tail.len());
    end > 0 && tail[end..].to_ascii_lowercase().starts_with("</a>")
}

/// Whether `rest`, the text after a URL, is a placeholder in angle
/// brackets and the URL's rest (`<PR#>.org.readthedocs.build/`): a name
/// no HTML element has (an upper-case letter, `#` or `_` in it) or a
/// template's element closed in itself, then `.` or `/` and a letter or
/// digit.
fn continues_past_placeholder(rest: &str) -> bool {
    let Some(inner) = rest.strip_prefix('<') else {
        return false;
    };
    let Some(close) = inner.find('>').filter(|&k| (1..=32).contains(&k)) else {
        return false;
    };
    let name = &inner[..close];
    let after = &inner.as_bytes()[close + 1..];
    // Or a template's own element, closed in itself (WML's
    // `http://perldoc.perl.org/<get-var name />.html`).
    let element = name.ends_with(" /") && name.len() > 2;
    name.bytes()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'#' | b'_' | b'-' | b' ' | b'/'))
        && (element
            || name
                .bytes()
                .any(|c| c.is_ascii_uppercase() || matches!(c, b'#' | b'_')))
        && matches!(after, [b'.' | b'/', c, ..] if c.is_ascii_alphanumeric())
}

/// Whether the URL is a link's text shortened by two dots in its middle,
/// the link's target beside it holding both ends (an R Markdown page's
/// `<a href="https://www.kidney-international.org/article/S0085-…/fulltext">
/// https://www.kidney-international.o..cle/S0085-…/fulltext</a>`).
fn is_elided_href_text(cx: &Cx<'_>) -> bool {
    let Some(dots) = cx.url.find("..") else {
        return false;
    };
    let (head, tail) = (&cx.url[..dots], cx.url[dots..].trim_start_matches('.'));
    let closes = cx
        .source_rest()
        .is_some_and(|r| r.get(..4).is_some_and(|t| t.eq_ignore_ascii_case("</a>")));
    closes
        && head.len() > "https://".len()
        && !tail.is_empty()
        && cx.source_head().is_some_and(|h| {
            h.rfind("href=").is_some_and(|at| {
                let target = &h[at..];
                target.contains(head) && target.contains(tail)
            })
        })
}

/// A finding about a URL's own syntax, which a bug's input or a diagram's
/// subject has on purpose. A typo of the scheme, a doubled or a glued one
/// is never written so on purpose: those stay.
fn shown_input(rule: Rule) -> bool {
    matches!(rule.group(), Group::Syntax | Group::Scheme)
        && !matches!(
            rule,
            Rule::MisspelledScheme | Rule::DoubledScheme | Rule::GluedUrl | Rule::EmptyUrl
        )
}

/// Keep `out[..first]` (other URLs' findings) and those of `out[first..]`
/// that `keep` accepts.
fn retain_from(out: &mut Vec<Diagnostic>, first: usize, keep: impl Fn(&Diagnostic) -> bool) {
    let mut i = 0;
    out.retain(|d| {
        let kept = i < first || keep(d);
        i += 1;
        kept
    });
}
