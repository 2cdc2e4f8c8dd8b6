//! `unterminated-link`: link markup never closed.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::scan::Form;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds link markup that is never closed: a Markdown `[text](http://…`
    /// with no `)` on its line, an HTML `href="http://…` whose quote is not
    /// closed before the tag ends.
    ///
    /// ## Why is this bad?
    /// The renderer does not make a link of it (Markdown shows the markup as
    /// text; HTML swallows what follows into the attribute), so readers get
    /// no link, or a wrong one. urlint reads the text as plain text too.
    ///
    /// ## Standards
    /// It reads the markup, not the URL grammar. Under `rfc3986` (the
    /// default) a page on an attack technique, known by its path (the
    /// README's Standards: `XSS`, `SSRF`, a `portswigger/` folder's notes on
    /// its labs) is not judged: markup breaking out of an attribute
    /// (`<iframe src="…?search=<body onresize=print()>">`) leaves its link
    /// unclosed on purpose. Otherwise the same under `rfc1738`.
    ///
    /// ## Example
    /// `Fixed ([#4656](https://github.com/o/r/pull/4656` at the end of a line
    ///
    /// Use instead: `Fixed ([#4656](https://github.com/o/r/pull/4656))`
    pub static UNTERMINATED_LINK = {
        name: "unterminated-link",
        group: Context,
        default: Some(Severity::Error),
        rfc: "CommonMark link destinations; HTML attribute values",
        summary: "link markup never closed",
        example: "Fixed ([#4656](https://github.com/o/r/pull/4656\n",
        ok_example: "Fixed ([#4656](https://github.com/o/r/pull/4656))\n",
        help: "close the link: `)` after a Markdown destination, the quote after an attribute value",
    }
}

/// A link whose markup the reader found unclosed.
pub fn check_unterminated(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.cand.form == Form::Link && cx.cand.facts.unterminated {
        out.at_span(cx.cand.span, "this link is never closed".to_string());
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::link_rules;
    use crate::rules::Rule;

    #[test]
    fn unterminated_link_is_all_that_is_said() {
        assert_eq!(
            link_rules("https://a.example/x", true),
            [Rule::UnterminatedLink]
        );
        assert!(!link_rules("https://a.example/x", false).contains(&Rule::UnterminatedLink));
    }
}
