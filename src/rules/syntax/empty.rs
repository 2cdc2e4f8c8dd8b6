//! `empty-url`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::is_empty_url;
use crate::url::{standard, Cx, Standard};

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
    /// Under `rfc3986` (the default) a scheme the text names rather than
    /// gives, followed by a noun such as "URIs", "remote" or "scheme"
    /// (`<s3://> URIs are supported`), after "for" (`port 389 for
    /// <ldap://>`) or "without" (`IP number (without <http://>)`) or set as POD code (`C<http://>`), is not reported, nor is an empty
    /// wrapper in quotes ("without the surrounding `"<URL:>"`"), nor one
    /// holding an ellipsis, the wrapper's form shown (`<URL:...>`). Under
    /// `rfc1738` every one is. Under both, a `#` right after the slashes
    /// on a line holding a `sed` substitution (`sed 's#deb https://#…#g'`)
    /// is the substitution's delimiter, not an empty URL's fragment.
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
    // Nearly every URL holds something: asked first, as it is cheap.
    if !(cx.cand.facts.empty || cx.url.is_empty() || is_empty_url(cx)) {
        return;
    }
    // Under `rfc3986`, "`<s3://>` URIs": a scheme named, not an empty URL
    // left in.
    let rfc3986 = cx.standard == Standard::Rfc3986;
    if rfc3986 && cx.cand.url.contains(':') && standard::names_a_scheme(cx.cand) {
        return;
    }
    // "without the surrounding "<>" or "<URL:>"": an empty wrapper in
    // quotes is named, not left empty.
    if cx.cand.facts.empty || cx.url.is_empty() {
        // `<URL:...>` (winurl's comment, "deal with RFC1738 <URL:...>"):
        // the wrapper's form, an ellipsis standing for any URL.
        let ellipsis = cx.source_text(cx.cand.span).is_some_and(|w| {
            let inner = w.trim_start_matches('<').trim_end_matches('>');
            let inner = match inner.get(..4) {
                Some(p) if p.eq_ignore_ascii_case("URL:") => &inner[4..],
                _ => inner,
            };
            matches!(inner.trim(), "..." | "\u{2026}")
        });
        if !(rfc3986 && (standard::is_quoted(cx.cand) || ellipsis)) {
            out.at_span(cx.cand.span, "the wrapper holds no URL".to_string());
        }
    } else if is_empty_url(cx) && !in_sed_substitution(cx) {
        // `irc://#direnv@FreeNode`: a channel written where the fragment
        // goes, with no server before it.
        let rest = &cx.url[cx.parts.body.end..];
        let message = if rest.is_empty() {
            format!("`{}` has nothing after the scheme", cx.url)
        } else {
            let part = if rest.starts_with('?') {
                "query"
            } else {
                "fragment"
            };
            format!("`{}` names no host: `{rest}` is only a {part}", cx.url)
        };
        out.at(0..cx.url.len(), message);
    }
}

/// `sed 's#deb https://#deb [signed-by=…] https://#g'`: a `#` right after
/// the slashes is the delimiter of a `sed` substitution the line holds
/// (`s#` after a quote or a blank), no fragment of an empty URL.
fn in_sed_substitution(cx: &Cx<'_>) -> bool {
    let rest = &cx.url[cx.parts.body.end..];
    rest.starts_with('#')
        && standard::line_before(cx.cand)
            .is_some_and(|line| ["'s#", "\"s#", " s#"].iter().any(|s| line.contains(s)))
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
    fn an_ellipsis_in_a_wrapper_is_its_form() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        assert_eq!(
            rules("deal with RFC1738 <URL:...> here\n", Standard::Rfc3986),
            []
        );
        assert_eq!(
            rules("the form <URL:\u{2026}> here\n", Standard::Rfc3986),
            []
        );
        // Near miss: an empty wrapper.
        assert_eq!(
            rules("see <URL:> here\n", Standard::Rfc3986),
            [Rule::EmptyUrl]
        );
    }

    #[test]
    fn a_sed_substitution_with_hash_delimiters_is_no_empty_url() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let sed = "  | sed 's#deb https://#deb [signed-by=/k.gpg] https://#g' \\\n";
        assert_eq!(rules(sed, Standard::Rfc3986), []);
        // Near miss: a fragment after empty slashes, no `sed` on the line
        // (a number: a word there is a placeholder, `https://#urltofile`).
        let bare = "see https://#12 for the list\n";
        assert_eq!(rules(bare, Standard::Rfc3986), [Rule::EmptyUrl]);
    }

    #[test]
    fn a_url_with_only_a_fragment_says_so() {
        let c = cand_with("irc://#direnv@FreeNode", Form::Bare, Facts::default());
        let d = diagnostics(&c);
        let d = d.iter().find(|d| d.rule == Rule::EmptyUrl).unwrap();
        assert_eq!(
            d.message,
            "`irc://#direnv@FreeNode` names no host: `#direnv@FreeNode` is only a fragment"
        );
        let c = cand_with("http://", Form::Bare, Facts::default());
        let d = diagnostics(&c);
        assert_eq!(d[0].message, "`http://` has nothing after the scheme");
    }

    #[test]
    fn a_scheme_named_in_prose_is_not_an_empty_url_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let named = "If S3 support is enabled, <s3://> URIs are accepted.\n";
        assert_eq!(rules(named, Standard::Rfc3986), []);
        assert_eq!(rules(named, Standard::Rfc1738), [Rule::EmptyUrl]);
        let remote = "When checking an <ssh://> remote repository, note that\n";
        assert_eq!(rules(remote, Standard::Rfc3986), []);
        let listed = "Translates any I<nntp:> or I<news:> URLs to Google Groups.\n";
        assert_eq!(rules(listed, Standard::Rfc3986), []);
        assert_eq!(
            rules(listed, Standard::Rfc1738),
            [Rule::EmptyUrl, Rule::EmptyUrl]
        );
        // Mojolicious' cookbook: schemes set as POD code.
        let pod = "Instead of C<http://> and C<ws://> you can use the\n";
        assert_eq!(rules(pod, Standard::Rfc3986), []);
        assert_eq!(
            rules(pod, Standard::Rfc1738),
            [Rule::EmptyUrl, Rule::EmptyUrl]
        );
        let not_pod = "Instead of X<http://> you can\n";
        assert_eq!(rules(not_pod, Standard::Rfc3986), [Rule::EmptyUrl]);
        // Near misses: a list that is no scheme's, a noun after prose.
        let not_listed = "Translates any <nntp:> or all URLs to Google Groups.\n";
        assert_eq!(rules(not_listed, Standard::Rfc3986), [Rule::EmptyUrl]);
        let left_in = "Download it from <http://> today.\n";
        assert_eq!(rules(left_in, Standard::Rfc3986), [Rule::EmptyUrl]);
        // What a port is for (Virtuoso's LDAP docs); near miss: a word
        // ending in `for`.
        let ports = "default port number 389 for <ldap://> and port number 636 for <ldaps://>.\n";
        assert_eq!(rules(ports, Standard::Rfc3986), []);
        assert_eq!(
            rules("see therefor <ldap://>.\n", Standard::Rfc3986),
            [Rule::EmptyUrl]
        );
        // A character of several bytes before the word (zotonic's docs).
        let curly = "prefix the URL with \u{201c}for <http://>\n";
        assert_eq!(rules(curly, Standard::Rfc3986), []);
        let curly = "prefix the URL with \u{201c}<http://>\n";
        assert_eq!(rules(curly, Standard::Rfc3986), [Rule::EmptyUrl]);
        // Markdown's escaped brackets (the Virtuoso docs' `\<ldap://\>`).
        let escaped = "port number 389 for \\<ldap://\\> and port\n";
        assert_eq!(rules(escaped, Standard::Rfc3986), []);
        // opusfile's Doxygen pages: schemes listed, or named as a
        // sentence's subject, in wrappers written with entities.
        for named in [
            "Currently only the &lt;file:&gt;, &lt;http:&gt;, and &lt;https:&gt; schemes are supported.\n",
            "Both <http:> and <https:> may be disabled at compile time.\n",
        ] {
            assert_eq!(rules(named, Standard::Rfc3986), [], "{named}");
        }
        // An HTML page's code span around the name (libtorrent's audit).
        let html = "read files using <tt class=\"docutils literal\"><span class=\"pre\">&lt;file://&gt;</span></tt> URIs\n";
        assert_eq!(
            crate::rules::testutil::document_rules(
                crate::document::Syntax::Html,
                html,
                Standard::Rfc3986
            ),
            []
        );
        // Near miss: one empty wrapper, no noun after it.
        assert_eq!(
            rules(
                "Both <http:> and the rest may be disabled.\n",
                Standard::Rfc3986
            ),
            [Rule::EmptyUrl]
        );
        // Pulp's changelog: the kind of sync, path or source.
        for named in [
            "-   Fix <file://> syncs deleting files.\n",
            "Importing <file:///> paths works.\n",
        ] {
            assert_eq!(rules(named, Standard::Rfc3986), [], "{named}");
        }
    }

    #[test]
    fn an_empty_wrapper_in_quotes_is_named_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        use crate::url::Standard;
        let named = "without the surrounding \"<>\" or \"<URL:>\" -IZ\n";
        assert_eq!(rules(named, Standard::Rfc3986), []);
        assert_eq!(rules(named, Standard::Rfc1738), [Rule::EmptyUrl]);
        // The prefix to leave out; near miss: another word before it.
        let without = "**Host** The node's name or IP number (without <http://>).\n";
        assert_eq!(rules(without, Standard::Rfc3986), []);
        let with = "**Host** The node's name or IP number (with <http://>).\n";
        assert_eq!(rules(with, Standard::Rfc3986), [Rule::EmptyUrl]);
        let ticks = "write `<URL:>` around it\n";
        assert_eq!(rules(ticks, Standard::Rfc3986), []);
        // Near misses: one quote only, and an empty wrapper left in.
        for text in ["see \"<URL:> here\n", "see <URL:> here\n"] {
            assert_eq!(rules(text, Standard::Rfc3986), [Rule::EmptyUrl], "{text}");
        }
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
