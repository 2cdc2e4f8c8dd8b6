//! `hyphen-line-break`, `unterminated-wrapper` and `fragment-outside-wrapper`:
//! the wrapper `<URL:...>` of RFC 1738's appendix.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::span::{Pos, Span};
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds a wrapped URL broken across lines right after a hyphen.
    ///
    /// ## Why is this bad?
    /// RFC 1738's appendix: "No whitespace should be introduced after a
    /// hyphen", because typesetters add hyphens when breaking lines, so "the
    /// hyphen may or may not actually be part of the URL". urlint keeps the
    /// hyphen and offers the other reading as an alternative.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:http://host/long-` then `name.html>` on the next line
    ///
    /// Use instead: break the line before or after another character:
    /// `<URL:http://host/long-name` then `.html>`
    pub static HYPHEN_LINE_BREAK = {
        name: "hyphen-line-break",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 appendix",
        summary: "a wrapper broken right after a hyphen",
        example: "<URL:http://host/long-\n  name.html>",
        ok_example: "<URL:http://host/long-name\n  .html>",
        help: "break the line somewhere other than right after a `-` (RFC 1738 appendix)",
    }
}

declare_rule! {
    /// ## What it does
    /// Finds `<URL:` or `<scheme:` never closed by `>` within its paragraph
    /// or ten lines.
    ///
    /// ## Why is this bad?
    /// The wrapper exists to delimit the URL (RFC 1738 appendix); without its
    /// `>` a reader cannot know where the URL ends. urlint reads the text as
    /// bare text instead.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `see <URL:http://host/a and more text`
    ///
    /// Use instead: `see <URL:http://host/a> and more text`
    pub static UNTERMINATED_WRAPPER = {
        name: "unterminated-wrapper",
        group: Context,
        default: Some(Severity::Error),
        rfc: "RFC 1738 appendix",
        summary: "`<URL:` or `<scheme:` never closed",
        example: "see <URL:http://host/a and more text",
        ok_example: "see <URL:http://host/a> and more text",
        help: "close the wrapper with `>` (RFC 1738 appendix)",
    }
}

declare_rule! {
    /// ## What it does
    /// Finds a `#fragment` written right after the closing `>` of a wrapper.
    ///
    /// ## Why is this bad?
    /// RFC 1738's appendix: "In the case where a fragment/anchor identifier is
    /// associated with a URL (following a "#"), the identifier would be placed
    /// within the brackets as well." Outside, it is lost to anyone extracting
    /// the URL.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:http://host/doc>#section`
    ///
    /// Use instead: `<URL:http://host/doc#section>`
    pub static FRAGMENT_OUTSIDE_WRAPPER = {
        name: "fragment-outside-wrapper",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 appendix",
        summary: "`<URL:http://a/b>#frag`: the fragment belongs inside",
        example: "<URL:http://host/doc>#section",
        ok_example: "<URL:http://host/doc#section>",
        help: "move the #fragment inside the brackets (RFC 1738 appendix)",
        fix: (Safe, "move the `#fragment` inside the `>`"),
    }
}

/// One finding per hyphen followed by a removed line break.
pub fn check_hyphen(cx: &Cx<'_>, out: &mut Report<'_>) {
    for &i in &cx.cand.facts.hyphen_breaks {
        if cx.url.as_bytes().get(i) != Some(&b'-') {
            continue;
        }
        let alt = cx
            .cand
            .alternatives
            .first()
            .map_or(String::new(), |a| format!(" (or `{a}`)"));
        out.at(
            i..i + 1,
            format!("line break after `-`: the hyphen may not be part of the URL{alt}"),
        );
    }
}

/// The opener of an unclosed wrapper: `<URL:` or `<`.
pub fn check_unterminated(cx: &Cx<'_>, out: &mut Report<'_>) {
    if !cx.cand.facts.unterminated {
        return;
    }
    let raw = cx.cand.raw.as_bytes();
    let n: u64 = if raw
        .get(1..5)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"URL:"))
    {
        5
    } else {
        1
    };
    let start = cx.cand.span.start;
    let end = Pos {
        line: start.line,
        column: start.column + n,
        offset: start.offset + n,
    };
    let end = if end.offset <= cx.cand.span.end.offset {
        end
    } else {
        cx.cand.span.end
    };
    out.at_span(
        Span::new(start, end),
        "this wrapper is never closed with `>`".to_string(),
    );
}

/// The fragment the scanner saw after `>`.
pub fn check_fragment(cx: &Cx<'_>, out: &mut Report<'_>) {
    if let Some(span) = cx.cand.facts.fragment_outside {
        out.at_span(span, "the fragment is outside the wrapper".to_string());
        // Move it in: the same text, before the closing `>`.
        let Some(fragment) = cx.source_text(span) else {
            return;
        };
        let close = cx.cand.span.end;
        let Some(offset) = close.offset.checked_sub(1) else {
            return;
        };
        let before = Pos {
            line: close.line,
            column: close.column.saturating_sub(1),
            offset,
        };
        let fragment = fragment.to_string();
        out.fix_spans(
            Applicability::Safe,
            "move the fragment inside the `>`",
            vec![
                (Span::new(before, before), String::new(), fragment.clone()),
                (span, fragment, String::new()),
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::span::{Pos, Span};

    fn pos(column: u64) -> Pos {
        Pos {
            line: 1,
            column,
            offset: column - 1,
        }
    }

    #[test]
    fn hyphen_line_break() {
        let facts = Facts {
            hyphen_breaks: vec![13, 3],
            ..Facts::default()
        };
        let c = cand_with("http://host/a-b.html", Form::UrlWrapper, facts);
        let d: Vec<_> = diagnostics(&c)
            .into_iter()
            .filter(|d| d.rule == Rule::HyphenLineBreak)
            .collect();
        // Index 3 is not a hyphen: ignored rather than mis-underlined.
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span, Span::new(pos(19), pos(20)));
        let clean = cand_with("http://host/a-b", Form::UrlWrapper, Facts::default());
        assert!(diagnostics(&clean)
            .iter()
            .all(|d| d.rule != Rule::HyphenLineBreak));
    }

    #[test]
    fn unterminated_wrapper_is_the_only_finding_and_underlines_the_opener() {
        let facts = Facts {
            unterminated: true,
            ..Facts::default()
        };
        let c = cand_with("HTTP://a b%zz", Form::UrlWrapper, facts);
        let d = diagnostics(&c);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].rule, Rule::UnterminatedWrapper);
        assert_eq!(d[0].span, Span::new(pos(1), pos(6)));
        let mut angle = cand_with(
            "http://a",
            Form::Angle,
            Facts {
                unterminated: true,
                ..Facts::default()
            },
        );
        angle.raw = "<http://a".into();
        assert_eq!(diagnostics(&angle)[0].span, Span::new(pos(1), pos(2)));
    }

    #[test]
    fn fragment_outside_wrapper() {
        let frag = Span::new(pos(20), pos(24));
        let facts = Facts {
            fragment_outside: Some(frag),
            ..Facts::default()
        };
        let c = cand_with("http://host/doc", Form::UrlWrapper, facts);
        let d: Vec<_> = diagnostics(&c)
            .into_iter()
            .filter(|d| d.rule == Rule::FragmentOutsideWrapper)
            .collect();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span, frag);
        let ok = cand_with("http://host/doc#sec", Form::UrlWrapper, Facts::default());
        assert!(diagnostics(&ok)
            .iter()
            .all(|d| d.rule != Rule::FragmentOutsideWrapper));
    }
}
