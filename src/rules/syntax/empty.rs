//! `empty-url`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::is_empty_url;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds wrappers with nothing URL-like inside (`<URL:>`), and URLs that
    /// are a scheme with nothing after it (`<http://>`, `<URL:news:>`).
    ///
    /// ## Why is this bad?
    /// The text promises a URL and gives none: usually a placeholder left in
    /// or a URL lost in editing. No other rule runs on such a URL.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:http://>`
    ///
    /// Use instead: `<URL:http://host/>`
    pub static EMPTY_URL = {
        name: "empty-url",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.1",
        summary: "`<URL:>`, or a scheme with nothing after it",
        example: "<URL:http://>",
        ok_example: "<URL:http://host/>",
        help: "write the whole URL, or remove the wrapper",
    }
}

/// Report an empty wrapper (scanner fact) or a scheme-only URL.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.cand.facts.empty || cx.url.is_empty() {
        out.at_span(cx.cand.span, "the wrapper holds no URL".to_string());
    } else if is_empty_url(cx) {
        out.at(
            0..cx.url.len(),
            format!("`{}` has nothing after the scheme", cx.url),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics, table};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};

    #[test]
    fn empty_url() {
        table(
            Rule::EmptyUrl,
            &[
                ("http://", &["http://"]),
                ("news:", &["news:"]),
                ("http://#x", &["http://#x"]),
                ("http://h", &[]),
                ("news:*", &[]),
            ],
        );
    }

    #[test]
    fn an_empty_wrapper_gets_only_empty_url_on_the_wrapper() {
        let facts = Facts {
            empty: true,
            ..Facts::default()
        };
        let c = cand_with("HTTP://", Form::UrlWrapper, facts);
        let d = diagnostics(&c);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].rule, Rule::EmptyUrl);
        assert_eq!(d[0].span, c.span);
    }
}
