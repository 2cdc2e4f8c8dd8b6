//! `partial-url-in-text`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::scan::Form;
use crate::url::{standard, Cx, Standard};

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
    /// Under `rfc3986` (the default) a wrapper holding one lower-case word
    /// naming what goes there, `<URL:address>` or `<URL:ldapurl>` (a word
    /// ending in `url`, `uri`, `address`, `link`, `host`...), is not
    /// reported; `<URL:README>` is. Nor is an empty XML element under the
    /// namespace prefix `url` (`<url:malformed-url/>`: lower case, a name,
    /// `/>`), nor a network-path reference to a documentation host
    /// (debmake's copyright template, `Source: <url://example.com>`), nor a
    /// case ending glued to a placeholder in lower case (Finnish `<url:stä>`,
    /// "from `<url>`": letters only, one beyond ASCII). Under
    /// `rfc1738` every one is.
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
    // Under `rfc3986`, `<URL:address>`: the name of what goes there.
    // And "include the @samp{<URL:} and @samp{>} in the output": the
    // opener and the closer named, a word between that touches neither
    // (a blank, or the markup around each, lies between).
    let raw = cx.cand.raw.as_str();
    let (start, end) = (cx.cand.span.start.offset, cx.cand.span.end.offset);
    let spaced = raw
        .get(..5)
        .is_some_and(|o| o.eq_ignore_ascii_case("<URL:"))
        && raw.ends_with('>')
        && cx.cand.pos_at(0).offset > start + 5
        && cx.cand.pos_at(cx.url.len()).offset + 1 < end
        && !cx.url.is_empty()
        && cx.url.bytes().all(|c| c.is_ascii_lowercase());
    // `<url:malformed-url/>` (XEP-0103's error conditions): an empty XML
    // element under the namespace prefix `url`, in lower case as XML
    // writes prefixes, where RFC 1738's opener is `<URL:`.
    let element = (raw.starts_with("<url:") || raw.starts_with("&lt;url:"))
        && (raw.ends_with("/>") || raw.ends_with("/&gt;"))
        && cx.url.strip_suffix('/').is_some_and(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        });
    // `Source: <url://example.com>` (the copyright file debmake writes for
    // the maintainer to fill in): a network-path reference to a
    // documentation host is an example of where an address goes.
    let example = cx.url.starts_with("//") && cx.is_example();
    // `<url:stä>` (a Finnish translation: "from <url>", the case ending
    // glued to the placeholder with a colon): written in lower case, a
    // word with a letter beyond ASCII and nothing a path has.
    let inflected =
        raw.starts_with("<url:") && !cx.url.is_ascii() && cx.url.chars().all(char::is_alphabetic);
    let named = cx.standard == Standard::Rfc3986
        && (standard::is_placeholder_word(cx.url) || spaced || element || example || inflected);
    if claimed && cx.parts.scheme.is_none() && !named {
        out.at_span(cx.cand.span, format!("`{}` is a partial URL", cx.url));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};

    #[test]
    fn an_opener_and_closer_named_around_a_word_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let named = "necessary to include the <URL: and > in the output,\n";
        assert!(!rules(named, Standard::Rfc3986).contains(&Rule::PartialUrlInText));
        assert!(rules(named, Standard::Rfc1738).contains(&Rule::PartialUrlInText));
        // Near miss: a partial URL with no blanks.
        let partial = "see <URL:intro> for more\n";
        assert!(rules(partial, Standard::Rfc3986).contains(&Rule::PartialUrlInText));
    }

    #[test]
    fn an_empty_xml_element_prefixed_url_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let element = "<td><url:malformed-url/></td>\n";
        assert!(!rules(element, Standard::Rfc3986).contains(&Rule::PartialUrlInText));
        assert!(rules(element, Standard::Rfc1738).contains(&Rule::PartialUrlInText));
        // As an XML page shows it, escaped.
        let page = "<td>&lt;url:malformed-url/&gt;</td>\n";
        let in_page = |standard| {
            crate::rules::testutil::document_rules(crate::document::Syntax::Html, page, standard)
        };
        assert!(!in_page(Standard::Rfc3986).contains(&Rule::PartialUrlInText));
        assert!(in_page(Standard::Rfc1738).contains(&Rule::PartialUrlInText));
        // Near misses: RFC 1738's opener, a path before the `/`.
        for partial in ["see <URL:docs/> here\n", "see <url:a/b/> here\n"] {
            assert!(
                rules(partial, Standard::Rfc3986).contains(&Rule::PartialUrlInText),
                "{partial}"
            );
        }
    }

    #[test]
    fn a_network_path_to_a_documentation_host_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let template = "Source: <url://example.com>\n";
        assert_eq!(rules(template, Standard::Rfc3986), []);
        assert_eq!(rules(template, Standard::Rfc1738), [Rule::PartialUrlInText]);
        // Near miss: a real host without its scheme.
        let partial = "Source: <url://ftp.gnu.org/gnu/hello/>\n";
        assert_eq!(rules(partial, Standard::Rfc3986), [Rule::PartialUrlInText]);
    }

    #[test]
    fn a_case_ending_glued_to_a_placeholder_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        // Limnoria's Finnish catalogue: "from <url>".
        let finnish = "\" Palauttaa ur1-version <url:st\u{e4}>.\\n\"\n";
        assert_eq!(rules(finnish, Standard::Rfc3986), []);
        assert!(rules(finnish, Standard::Rfc1738).contains(&Rule::PartialUrlInText));
        // Near misses: RFC 1738's opener in capitals, an ASCII word.
        let upper = "see <URL:st\u{e4}> here\n";
        assert!(rules(upper, Standard::Rfc3986).contains(&Rule::PartialUrlInText));
        let ascii = "see <url:intro> here\n";
        assert_eq!(rules(ascii, Standard::Rfc3986), [Rule::PartialUrlInText]);
    }

    #[test]
    fn partial_url_in_text() {
        let cases = [
            ("../docs/intro.html", Form::UrlWrapper, true),
            ("/docs/intro.html", Form::Angle, true),
            ("docs#x", Form::UrlPrefix, true),
            ("http://host/docs", Form::UrlWrapper, false),
            ("news:*", Form::Angle, false),
            // Under `rfc1738` (what `diagnostics` runs), a bare word too.
            ("address", Form::UrlWrapper, true),
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

    #[test]
    fn a_bare_word_in_a_wrapper_is_named_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let named = "allow pasting URLs of the form <URL:address> to lynx.\n";
        assert_eq!(rules(named, Standard::Rfc3986), []);
        assert_eq!(rules(named, Standard::Rfc1738), [Rule::PartialUrlInText]);
        // Near misses: a file's name and a path are partial URLs.
        for text in [
            "see <URL:intro.html>\n",
            "see <URL:docs/intro>\n",
            "see <URL:README> for more\n",
        ] {
            assert_eq!(
                rules(text, Standard::Rfc3986),
                [Rule::PartialUrlInText],
                "{text}"
            );
        }
    }
}
