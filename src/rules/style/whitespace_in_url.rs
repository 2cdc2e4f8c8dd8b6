//! `whitespace-in-url`: how the URL is written in the text.

use crate::rules::declare_rule;
use crate::rules::runner::Report;
use crate::span::Span;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Reports each run of whitespace that was removed to rejoin a wrapped
    /// URL broken across lines.
    ///
    /// ## Why is this bad?
    /// It is not: RFC 1738's appendix allows it ("The whitespace should be
    /// ignored when extracting the URL"). But a tool that does not know the
    /// rule will cut the URL there, so this is off by default, for texts
    /// meant to be read by such tools. A break right after a hyphen is left
    /// to `hyphen-line-break`.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:http://host/a` then `/b>` on the next line
    ///
    /// Use instead: `<URL:http://host/a/b>`
    pub static WHITESPACE_IN_URL = {
        name: "whitespace-in-url",
        group: Style,
        default: None,
        rfc: "RFC 1738 appendix",
        summary: "whitespace removed to rejoin a wrapped URL",
        example: "<URL:http://host/a\n  /b>",
        ok_example: "<URL:http://host/a/b>",
        help: "keep the URL on one line if readers may not rejoin it (RFC 1738 appendix)",
    }
}

/// One finding per removed run of whitespace.
/// A break after a hyphen is `hyphen-line-break`'s finding, not this one's.
pub fn check_whitespace(cx: &Cx<'_>, out: &mut Report<'_>) {
    let f = &cx.cand.facts;
    let after_hyphen = |span: Span| {
        f.hyphen_breaks
            .iter()
            .any(|&i| cx.cand.span_of(i..i + 1).end == span.start)
    };
    for &span in f.whitespace_removed.iter().filter(|&&s| !after_hyphen(s)) {
        out.at_span(
            span,
            "whitespace inside the URL, removed to rejoin it".to_string(),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::spans_of;
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::span::{Pos, Span};

    #[test]
    fn whitespace_in_url() {
        let ws = Span::new(
            Pos {
                line: 1,
                column: 19,
                offset: 18,
            },
            Pos {
                line: 2,
                column: 3,
                offset: 21,
            },
        );
        let facts = Facts {
            whitespace_removed: vec![ws, ws],
            ..Facts::default()
        };
        assert_eq!(
            spans_of(
                "http://host/a/b",
                Form::UrlWrapper,
                facts,
                Rule::WhitespaceInUrl
            ),
            [ws, ws]
        );
        assert!(spans_of(
            "http://host/a/b",
            Form::UrlWrapper,
            Facts::default(),
            Rule::WhitespaceInUrl
        )
        .is_empty());
    }
}
