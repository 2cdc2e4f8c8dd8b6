//! `unterminated-link`: link markup never closed.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::scan::Form;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds link markup that is never closed: a Markdown `[text](http://…`
    /// with no `)` on its line, an HTML `href="http://…` whose quote is not
    /// closed before the tag ends. When the next line starts with the rest
    /// of the destination and its `)`, it says so: the line break is what
    /// to remove. A destination written in a reference's brackets
    /// (`[jsonfile][https://github.com/…]`: no definition is labelled with
    /// a URL, so no link is made) is said to be so.
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

/// A link whose markup the reader found unclosed. When the next line
/// starts with the rest of the destination and its `)` (servo's `…closed%3A
/// 2019-02-04..2019-03-11` then `+user%3Aservo+),`), the message says the
/// line break is the fault: the `)` is there, the renderer just never
/// reaches it.
pub fn check_unterminated(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.cand.form != Form::Link || !cx.cand.facts.unterminated {
        return;
    }
    let continued = !crate::url::standard::is_attribute_value(cx.cand)
        && cx
            .cand
            .excerpt
            .as_ref()
            .is_some_and(|e| crate::document::markdown::continues_destination(&e.next));
    // `[jsonfile][https://…]`: a reference's brackets where the
    // destination's parentheses go.
    let bracketed = !crate::url::standard::is_attribute_value(cx.cand)
        && cx
            .source_head()
            .zip(cx.source_rest())
            .is_some_and(|(h, r)| crate::document::markdown::is_bracketed(h, r));
    if bracketed {
        out.at_span_with_help(
            cx.cand.span,
            "this link's destination is in brackets, `[text][url]`: no link is made of it"
                .to_string(),
            "write the destination in parentheses: `[text](url)`".to_string(),
        );
    } else if continued {
        out.at_span_with_help(
            cx.cand.span,
            "this link's destination is broken by a line break: its `)` is on the next line"
                .to_string(),
            "join the destination's lines: a Markdown link destination cannot hold a line break"
                .to_string(),
        );
    } else {
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

    #[test]
    fn a_destination_broken_by_a_line_break_is_said_so() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        // The messages of this rule on a Markdown text.
        let messages = |text: &str| -> Vec<String> {
            document_diagnostics(Syntax::Markdown, text)
                .into_iter()
                .filter(|d| d.rule == Rule::UnterminatedLink)
                .map(|d| d.message)
                .collect()
        };
        let broken = "In the [past month](https://github.com/pulls?q=is%3Apr+closed%3A2019\n+user%3Aservo+), we merged\n";
        let m = messages(broken);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].contains("line break"), "{m:?}");
        // Near misses: no `)` on the next line, a new link there, and a
        // list item's `a)`.
        // A reference's brackets where the destination's parentheses go;
        // near misses: a reference label, a URL with a blank after it.
        let bracketed =
            "this link's destination is in brackets, `[text][url]`: no link is made of it";
        assert_eq!(
            messages("* Added [jsonfile][https://github.com/jprichardson/node-jsonfile] now\n"),
            [bracketed]
        );
        // Each on a line is its own slip, after an unclosed link too (whose
        // further unclosed runs on the line are one).
        assert_eq!(
            messages("See [a][https://a.example/] and [b][https://b.example/], [c](https://c.example/ [d](https://d.example/\n"),
            [bracketed, bracketed, "this link is never closed"]
        );
        for text in [
            "See [jsonfile][jf].\n\n[jf]: https://github.com/jprichardson/node-jsonfile\n",
            "See [x][https://a.example/ y] now\n",
            "See `[x][https://a.example/]` in code\n",
        ] {
            assert!(messages(text).is_empty(), "{text}");
        }
        for text in [
            "In the [past month](https://github.com/pulls?q=is\nnothing here\n",
            "In the [past month](https://github.com/pulls?q=is\n[x](https://a.example/)\n",
            "- [a](http://a.example/x\na) next item\n",
        ] {
            assert_eq!(messages(text), ["this link is never closed"], "{text}");
        }
    }
}
