//! `partial-url-in-text`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::scan::Form;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds a partial (relative) form, a URL without a scheme, inside a
    /// wrapper or after `URL:` in plain text.
    ///
    /// ## Why is this bad?
    /// RFC 1630: partial forms are relative to the document they are in, and
    /// plain text has no base; there "the full form must always be used".
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `<URL:../docs/intro.html>`
    ///
    /// Use instead: `<URL:http://host/docs/intro.html>`
    pub static PARTIAL_URL_IN_TEXT = {
        name: "partial-url-in-text",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1630 Partial (relative) form",
        summary: "a partial form inside a wrapper in plain text",
        example: "<URL:../docs/intro.html>",
        ok_example: "<URL:http://host/docs/intro.html>",
        help: "write the full URL with its scheme and host (RFC 1630, partial form)",
    }
}

/// Report wrapped or `URL:`-prefixed text without a scheme.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let claimed = cx.cand.form.is_wrapped() || cx.cand.form == Form::UrlPrefix;
    if claimed && cx.parts.scheme.is_none() {
        out.at_span(cx.cand.span, format!("`{}` is a partial URL", cx.url));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};

    #[test]
    fn partial_url_in_text() {
        let cases = [
            ("../docs/intro.html", Form::UrlWrapper, true),
            ("/docs/intro.html", Form::Angle, true),
            ("docs#x", Form::UrlPrefix, true),
            ("http://host/docs", Form::UrlWrapper, false),
            ("news:*", Form::Angle, false),
        ];
        for (url, form, fires) in cases {
            let c = cand_with(url, form, Facts::default());
            let d: Vec<_> = diagnostics(&c)
                .into_iter()
                .filter(|d| d.rule == Rule::PartialUrlInText)
                .collect();
            assert_eq!(d.len(), usize::from(fires), "{url}");
            if fires {
                assert_eq!(d[0].span, c.span);
            }
        }
    }
}
