//! `bare-url`: how the URL is written in the text.

use crate::rules::runner::{Report, Wrapper};
use crate::rules::{declare_rule, Applicability};
use crate::scan::Form;
use crate::span::Span;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds URLs written without the `<URL:...>` or `<...>` wrapper.
    ///
    /// ## Why is this bad?
    /// RFC 1738's appendix recommends the wrapper to "delimit the boundaries
    /// of the URL" and keep punctuation out of it. In Markdown and most modern
    /// text bare URLs are normal, so this is off by default. A hard-wrapped
    /// bare URL is left to `broken-bare-url`.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `see http://host/a.`
    ///
    /// Use instead: `see <URL:http://host/a>.`
    pub static BARE_URL = {
        name: "bare-url",
        group: Style,
        default: None,
        rfc: "RFC 1738 appendix",
        summary: "a URL not wrapped in `<URL:...>` or `<...>`",
        example: "see http://host/a.",
        ok_example: "see <URL:http://host/a>.",
        help: "wrap it as <URL:...> (RFC 1738 appendix)",
        fix: (Safe, "wrap it: `<URL:...>` in text and mail, `<...>` in Markdown (`fix-wrapper` chooses); none where brackets are markup"),
    }
}

/// Report a URL found bare or after `URL:` without brackets; a hard-wrapped
/// one is `broken-bare-url`'s, which gives the same advice.
pub fn check_bare(cx: &Cx<'_>, out: &mut Report<'_>) {
    if matches!(cx.cand.form, Form::Bare | Form::UrlPrefix) && cx.cand.facts.broken_bare.is_none() {
        out.at_span(
            cx.cand.span,
            "URL without a `<URL:...>` wrapper".to_string(),
        );
        let Some(wrapper) = out.wrapper() else {
            return;
        };
        let (open, close) = match (cx.cand.form, wrapper) {
            // `URL:` is already written: add the brackets around it.
            (Form::UrlPrefix, _) | (_, Wrapper::Angle) => ("<", ">"),
            (_, Wrapper::Url) => ("<URL:", ">"),
        };
        let (start, end) = (cx.cand.span.start, cx.cand.span.end);
        out.fix_spans(
            Applicability::Safe,
            &format!("wrap it: `{open}...{close}`"),
            vec![
                (Span::new(start, start), String::new(), open.to_string()),
                (Span::new(end, end), String::new(), close.to_string()),
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::spans_of;
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};

    #[test]
    fn bare_url() {
        for (form, fires) in [
            (Form::Bare, true),
            (Form::UrlPrefix, true),
            (Form::Angle, false),
            (Form::UrlWrapper, false),
        ] {
            assert_eq!(
                spans_of("http://h/", form, Facts::default(), Rule::BareUrl).len(),
                usize::from(fires),
                "{form:?}"
            );
        }
    }
}
