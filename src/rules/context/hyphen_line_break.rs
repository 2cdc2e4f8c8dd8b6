//! `hyphen-line-break`: the wrapper `<URL:...>` of RFC 1738's appendix,
//! broken right after a hyphen.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
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
    /// Under `rfc3986` (the default) a reStructuredText reference
    /// (`` `text <URL>`_ ``, in a Python docstring say) is not reported:
    /// docutils removes the line break and keeps the hyphen, as its author
    /// meant. Under `rfc1738` every wrapper is judged alike.
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

/// One finding per hyphen followed by a removed line break.
pub fn check_hyphen(cx: &Cx<'_>, out: &mut Report<'_>) {
    // `` `text <https://a/securing-`` / ``builds/>`_ ``: a reStructuredText
    // reference (in a docstring, say), whose whitespace docutils removes
    // and whose hyphen it keeps; no typesetter put it there.
    if cx.standard == crate::url::Standard::Rfc3986 && cx.source_after() == Some('`') {
        return;
    }
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

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, col, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::span::Span;

    #[test]
    fn an_rst_reference_keeps_its_hyphen_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let text = "    `Cloud Builds <https://cloud.google.com/build/docs/securing-\n    builds/configure>`_, and\n";
        let hyphen = |standard: Standard| {
            rules_in_text(text, standard)
                .into_iter()
                .filter(|&r| r == Rule::HyphenLineBreak)
                .count()
        };
        assert_eq!(hyphen(Standard::Rfc3986), 0);
        assert_eq!(hyphen(Standard::Rfc1738), 1);
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
        assert_eq!(d[0].span, Span::new(col(19), col(20)));
        let clean = cand_with("http://host/a-b", Form::UrlWrapper, Facts::default());
        assert!(diagnostics(&clean)
            .iter()
            .all(|d| d.rule != Rule::HyphenLineBreak));
    }
}
