//! `unterminated-wrapper`: a `<URL:` or `<scheme:` never closed.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::span::{Pos, Span};
use crate::url::{standard, Cx, Standard};

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
    /// Under `rfc3986` (the default) `<URL:` followed by a blank and one
    /// lower-case word, "Treat `<URL:  as` text", is the opener talked
    /// about, not a wrapper, and is not reported; nor is a `<` glued on
    /// both sides between fields (`0.9.1<http://jabber.org/protocol/caps<…`,
    /// XEP-0115's verification string: a separator). Under `rfc1738` each is.
    /// Under both, a wrapper closed on its line after more than 8 KiB (a
    /// build log's `<https://…/ws/…>` of 32,000 bytes) is too long to read
    /// as one, not unclosed: its URL is read as bare text (the `>` the first
    /// byte past the cap that no URL holds); and one cut off by an ellipsis
    /// ending its line or before a closing tag (`<http://www.geogebra.org/…/Bakera …`,
    /// a site's summary of a post) was shortened, not left open.
    /// Under both, a placeholder's `<name>` ending the URL closes the
    /// wrapper with its own `>` (`Link: <https://h.example/records/<pid_value> ;
    /// rel="linkset"`, a name with `_` or a digit, no HTML tag's, then a
    /// blank, `;`, `,` or the line's end): a pattern, left out.
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

/// The opener of an unclosed wrapper: `<URL:` or `<`.
pub fn check_unterminated(cx: &Cx<'_>, out: &mut Report<'_>) {
    if !cx.cand.facts.unterminated {
        return;
    }
    // Under `rfc3986`, "Treat <URL:  as text": the opener talked about,
    // then a blank and a word of prose, not a URL.
    let gap = cx.cand.pos_at(0).offset > cx.cand.span.end.offset;
    // The word may end its sentence ("Document reason for not using <URL:
    // format."), or the punctuation stand alone ("without the
    // @samp{<URL:}.").
    let word = cx.url.trim_end_matches(['.', ',', ';', ')']);
    let talked_about = gap && word.bytes().all(|c| c.is_ascii_lowercase());
    if cx.standard == Standard::Rfc3986 && !cx.url.is_empty() && talked_about {
        return;
    }
    // Under `rfc3986`, "# List-Post: <mailto:" (a header's shape, the
    // address left out): an opener with nothing after its scheme to close.
    let scheme_only = cx
        .url
        .strip_suffix("//")
        .unwrap_or(cx.url)
        .strip_suffix(':')
        .is_some_and(|s| !s.is_empty() && !s.contains(':'));
    if cx.standard == Standard::Rfc3986 && scheme_only {
        return;
    }
    // Under `rfc3986`, `0.9.1<http://jabber.org/protocol/caps<http://…`
    // (XEP-0115's verification string): `<` separates fields glued to
    // it on both sides, it opens nothing.
    if cx.standard == Standard::Rfc3986 && standard::between_separators(cx.cand, "<", "&lt;") {
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

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, col, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::span::Span;

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
        assert_eq!(d[0].span, Span::new(col(1), col(6)));
        let mut angle = cand_with(
            "http://a",
            Form::Angle,
            Facts {
                unterminated: true,
                ..Facts::default()
            },
        );
        angle.raw = "<http://a".into();
        assert_eq!(diagnostics(&angle)[0].span, Span::new(col(1), col(2)));
    }

    #[test]
    fn an_opener_followed_by_a_word_is_talked_about_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let about = "* Treat <URL:  as text rather than a junk tag, so we display\n";
        assert_eq!(rules(about, Standard::Rfc3986), []);
        let named = "already has to detect them without the <URL: .\n";
        assert_eq!(rules(named, Standard::Rfc3986), []);
        let reason = "\t* doc/texinfo.txi (uref): Document reason for not using <URL: format.\n";
        assert_eq!(rules(reason, Standard::Rfc3986), []);
        assert_eq!(
            rules(reason, Standard::Rfc1738),
            [Rule::UnterminatedWrapper]
        );
        assert_eq!(rules(about, Standard::Rfc1738), [Rule::UnterminatedWrapper]);
        // Near misses: a URL never closed, and a partial one.
        let partial = "see <URL:README for more\n";
        assert!(rules(partial, Standard::Rfc3986).contains(&Rule::UnterminatedWrapper));
        let open = "   <https://developers.yubico.com/PGP/Attestation.html:\n\n   Key-ID: 81\n";
        assert!(rules(open, Standard::Rfc3986).contains(&Rule::UnterminatedWrapper));
    }

    #[test]
    fn angle_brackets_separating_fields_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let fields = "S = 'client/pc//Exodus 0.9.1<http://jabber.org/protocol/caps<http://jabber.org/protocol/muc<'\n";
        assert!(!rules(fields, Standard::Rfc3986).contains(&Rule::UnterminatedWrapper));
        assert!(rules(fields, Standard::Rfc1738).contains(&Rule::UnterminatedWrapper));
        // Near misses: a blank before the opener, a blank after the URL.
        for open in [
            "see <http://jabber.org/protocol/caps<b\n",
            "0.9.1<http://jabber.org/protocol/caps and more\n",
        ] {
            assert!(
                rules(open, Standard::Rfc3986).contains(&Rule::UnterminatedWrapper),
                "{open}"
            );
        }
    }

    #[test]
    fn an_opener_with_only_its_scheme_is_a_shape_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let shape = "# EZMLM\n# List-Post: <mailto:\n# List-Help: <mailto:\n# Precedence: bulk\n";
        assert_eq!(rules(shape, Standard::Rfc3986), []);
        assert!(rules(shape, Standard::Rfc1738).contains(&Rule::UnterminatedWrapper));
        // Near misses: an address begun, a host begun.
        for open in ["# List-Post: <mailto:a\n", "see <http://a.example\n"] {
            assert!(
                rules(open, Standard::Rfc3986).contains(&Rule::UnterminatedWrapper),
                "{open}"
            );
        }
    }
}
