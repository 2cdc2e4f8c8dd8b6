//! `fragment-outside-wrapper`: `<URL:...>#frag`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::span::{Pos, Span};
use crate::url::Cx;

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
    use crate::rules::testutil::{cand_with, col, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::span::Span;

    #[test]
    fn fragment_outside_wrapper() {
        let frag = Span::new(col(20), col(24));
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
