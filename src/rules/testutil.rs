//! Hand-built candidates for rule tests, independent of the scanner.

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

/// A candidate read from example text the way the scanner would: a
/// `<URL:...>` wrapper (whitespace removed, hyphen breaks, a `#fragment` after
/// `>`, unclosed), or a bare URL (after an optional `see `), which is marked
/// `broken_bare` when a line break follows it: `Rejoined` (strong evidence)
/// when its line is 70 columns or wider, `Literal` otherwise. Anything else is taken as a
/// URL in a wrapper, so `bare-url` stays quiet.
pub fn from_text(text: &str) -> Candidate {
    if text.contains("](") {
        // Link markup: read it as Markdown, as a `.md` file is.
        let doc = crate::document::read(crate::document::Syntax::Markdown, text);
        let mut found = Vec::new();
        crate::scan::Scanner::new(crate::scan::ScanOptions::default()).scan_document(
            &doc,
            text,
            |c| found.push(c),
        );
        return found.into_iter().next().expect("a URL in the example");
    }
    let (wrapped, begin, url_from) = match text.find("<URL:") {
        Some(i) => (true, i, i + 5),
        None => (
            false,
            text.find("see ").map_or(0, |i| i + 4),
            text.find("see ").map_or(0, |i| i + 4),
        ),
    };
    if !wrapped && !text.contains('\n') && begin == 0 {
        return cand(text);
    }
    let mut pos = Pos::START;
    let mut facts = Facts::default();
    let (mut url, mut segments, mut raw_end) = (String::new(), vec![], text.len());
    let mut ws_start: Option<Pos> = None;
    let mut span_start = Pos::START;
    let mut closed = false;
    for (i, c) in text.char_indices() {
        if i == begin {
            span_start = pos;
        }
        if i >= url_from && !closed {
            if wrapped && c == '>' {
                closed = true;
                raw_end = i + 1;
            } else if c.is_whitespace() && (wrapped || !url.is_empty()) {
                if !wrapped {
                    facts.broken_bare = Some(crate::scan::BrokenBare::Literal);
                    raw_end = i;
                    closed = true;
                } else if ws_start.is_none() {
                    ws_start = Some(pos);
                    if url.ends_with('-') {
                        facts.hyphen_breaks.push(url.len() - 1);
                    }
                }
            } else {
                let rejoined = ws_start
                    .take()
                    .map(|s| facts.whitespace_removed.push(Span::new(s, pos)));
                if url.is_empty() || rejoined.is_some() {
                    segments.push(Segment {
                        url_start: url.len(),
                        start: pos,
                    });
                }
                url.push(c);
            }
        } else if closed && wrapped && i == raw_end && c == '#' {
            let end = text[i..]
                .find(char::is_whitespace)
                .map_or(text.len(), |e| i + e);
            let mut p = pos;
            p.column += text[i..end].chars().count() as u64;
            p.offset += (end - i) as u64;
            facts.fragment_outside = Some(Span::new(pos, p));
        }
        if c == '\n' {
            pos = Pos {
                line: pos.line + 1,
                column: 1,
                offset: pos.offset + 1,
            };
        } else {
            pos.column += 1;
            pos.offset += c.len_utf8() as u64;
        }
    }
    if wrapped && !closed {
        facts.unterminated = true;
    }
    if !wrapped {
        let trimmed = url.trim_end_matches(['.', ',']).len();
        url.truncate(trimmed);
    }
    let raw = text[begin..raw_end].to_string();
    let mut alternatives = match facts.broken_bare {
        Some(_) => vec![format!("{url}{}", text[raw_end..].trim())],
        None => vec![],
    };
    let first_line = text.lines().next().map_or(0, |l| l.chars().count());
    if facts.broken_bare.is_some() && first_line >= 70 {
        facts.broken_bare = Some(crate::scan::BrokenBare::Rejoined);
        std::mem::swap(&mut url, &mut alternatives[0]);
    }
    let end = pos_of(text, raw_end);
    Candidate {
        url,
        raw,
        span: Span::new(span_start, end),
        form: if wrapped {
            Form::UrlWrapper
        } else {
            Form::Bare
        },
        alternatives,
        segments,
        facts,
        excerpt: None,
    }
}

fn pos_of(text: &str, index: usize) -> Pos {
    let before = &text[..index];
    let line = before.matches('\n').count() as u64 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Pos {
        line,
        column: before[line_start..].chars().count() as u64 + 1,
        offset: index as u64,
    }
}
