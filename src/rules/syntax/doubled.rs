//! `doubled-scheme`.

use std::ops::Range;

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::url::{Cx, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a scheme written twice: `https://https://host/`,
    /// `http://http//host/`, `http://https://host/`, also with a stray
    /// bracket or quote between (`https://(https://host/`). The second
    /// scheme and its separator are underlined. A whole URL pasted after a
    /// scheme and one slash (`https:/https://github.com/…`) is this rule's
    /// too, the first scheme underlined: `misspelled-scheme`'s fix would
    /// make it `https://https://…`.
    ///
    /// ## Why is this bad?
    /// The URL's host is then `https` (or `http`), and the real host is
    /// read as a path: the link goes nowhere. It happens when a URL is
    /// pasted into a field or template that already holds the scheme.
    /// Without this rule it would read as "`:` without a port number".
    ///
    /// ## Standards
    /// Found the same way under both. Under `rfc3986` (the default) it is
    /// the URL's only finding, and a doubled form with the rest elided
    /// ("would produce `http://https://...`"), or alone in quotes or beside
    /// the right form (a commit log's `Typo in URL: http://http:// instead
    /// of http://`), is a form described, not reported; under `rfc1738`
    /// the findings the other rules always made stay too (`invalid-port`
    /// for the `:` of `https:`).
    ///
    /// ## Example
    /// `https://https://www.gnu.org/`
    ///
    /// Use instead: `https://www.gnu.org/`
    pub static DOUBLED_SCHEME = {
        name: "doubled-scheme",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.1",
        summary: "a scheme written twice: `https://https://host/`",
        example: "https://https://www.gnu.org/",
        ok_example: "https://http.example.net/",
        help: "remove the second scheme",
        fix: (Safe, "drop the repeated scheme"),
    }
}

/// The range of the second `scheme:` / `scheme//` right after `//`, with
/// a stray bracket or quote before it (`https://(https://why3.lri.fr/`, a
/// link pasted into the markup twice).
pub(crate) fn doubled(cx: &Cx<'_>) -> Option<Range<usize>> {
    let a = cx.parts.authority.as_ref()?;
    let start = a.range.start;
    let rest = cx.url.get(start..)?;
    let stray = usize::from(rest.starts_with(['(', '[', '<', '"', '\'']));
    let rest = &rest[stray..];
    ["https", "http", "ftp"].iter().find_map(|s| {
        let head = rest.get(..s.len())?;
        if !head.eq_ignore_ascii_case(s) {
            return None;
        }
        let after = &rest[s.len()..];
        let sep = ["://", ":/", "//"].iter().find(|p| after.starts_with(*p))?;
        // "would produce `http://https://...`": the rest elided, a form
        // described, not a link typed twice; so is the doubled form alone
        // in quotes or beside the right one (a commit log's `Fixed a URL
        // that started with "http://http://"`, `http://http:// instead of
        // http://`).
        let elided = after.len() == sep.len()
            && cx.standard == Standard::Rfc3986
            && (cx
                .source_after()
                .is_some_and(|c| c == '.' || c == '\u{2026}')
                || (stray == 0 && crate::url::standard::is_quoted(cx.cand))
                || crate::url::standard::line_holds_besides(cx.cand, &cx.url[..start]));
        (!elided).then_some(start..start + stray + s.len() + sep.len())
    })
}

/// Report the second scheme.
/// `https:/https://github.com/…`: a URL pasted after a scheme already
/// typed, one slash between them; what `misspelled-scheme` would make of it
/// (`https://https://…`) is still wrong. The first scheme and its `:/`.
pub(crate) fn pasted_after_one_slash(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.parts.authority.is_some() {
        return None;
    }
    let first = cx.parts.scheme.clone()?;
    // A web scheme first: `file:/https://…` is a local path's own form.
    if !["https", "http", "ftp"]
        .iter()
        .any(|s| cx.text(first.clone()).eq_ignore_ascii_case(s))
    {
        return None;
    }
    let after = first.end + 2;
    if cx.url.get(first.end..after) != Some(":/") {
        return None;
    }
    let rest = cx.url.get(after..)?;
    let web = ["https://", "http://", "ftp://"].iter().find(|s| {
        rest.get(..s.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(s))
    })?;
    let host = &rest[web.len()..];
    host.starts_with(|c: char| c.is_ascii_alphanumeric())
        .then_some(first.start..after)
}

pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if let Some(r) = pasted_after_one_slash(cx) {
        let first = cx.text(r.clone()).to_string();
        // `https:/https://…` says "twice"; `ftp:/https://…`, one too many.
        let second = &cx.url[r.end..];
        let same = second.len() > first.len() - 1
            && second.as_bytes()[..first.len() - 1]
                .eq_ignore_ascii_case(&first.as_bytes()[..first.len() - 1]);
        let message = if same {
            format!("the scheme is written twice: `{first}` before a whole URL")
        } else {
            format!("a scheme too many: `{first}` before a whole URL")
        };
        out.at_with_help(
            r.clone(),
            message,
            format!("remove the first scheme and its `:/`, `{first}`"),
        );
        out.fix(
            Applicability::Safe,
            "drop the repeated scheme",
            vec![(r, String::new())],
        );
        return;
    }
    if let Some(r) = doubled(cx) {
        let second = cx.text(r.clone()).to_string();
        out.at(
            r.clone(),
            format!("the scheme is written twice: `{second}` again after `//`"),
        );
        out.fix(
            Applicability::Safe,
            "drop the repeated scheme",
            vec![(r, String::new())],
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand, diagnostics_with, table, table_3986};
    use crate::rules::Rule;
    use crate::url::Standard;

    const CASES: &[(&str, &[&str])] = &[
        ("https://https://host/", &["https://"]),
        ("http://http//host/", &["http//"]),
        ("http://https://host/a", &["https://"]),
        ("HTTP://HTTP://host/", &["HTTP://"]),
        ("https://(https://why3.lri.fr/", &["(https://"]),
        ("http://[http://a.org/", &["[http://"]),
        ("http://(a.org/", &[]),
        ("http://(httpd.apache.org/", &[]),
        ("https://http.example.net/", &[]),
        ("https://httpbin.org/get", &[]),
        ("http://ftp.gnu.org/", &[]),
        ("https://web.archive.org/web/2019/https://a.org/", &[]),
        ("https://host/?next=https://a.org/", &[]),
    ];

    #[test]
    fn a_doubled_form_with_the_rest_elided_is_described_under_rfc3986() {
        use crate::rules::testutil::rules_in_text as rules;
        let text = "  // guessing here would produce `http://https://...`. Callers\n";
        assert!(!rules(text, Standard::Rfc3986).contains(&Rule::DoubledScheme));
        assert!(rules(text, Standard::Rfc1738).contains(&Rule::DoubledScheme));
        // Alone in quotes, or beside the right form.
        for text in [
            "Fixed a URL that started with \"http://http://\"\n",
            "Typo in URL: http://http:// instead of http:// and more.\n",
        ] {
            assert!(
                !rules(text, Standard::Rfc3986).contains(&Rule::DoubledScheme),
                "{text}"
            );
        }
        // Near misses: a host after it, nothing elided, a host in quotes.
        for text in [
            "see https://https://host/...\n",
            "see <https://https://>\n",
            "see \"https://https://host/\"\n",
        ] {
            assert!(
                rules(text, Standard::Rfc3986).contains(&Rule::DoubledScheme),
                "{text}"
            );
        }
    }

    #[test]
    fn doubled_scheme_under_both_standards() {
        table(Rule::DoubledScheme, CASES);
        table_3986(Rule::DoubledScheme, CASES);
    }

    #[test]
    fn a_url_pasted_after_a_scheme_and_one_slash() {
        use crate::rules::testutil::rules_in_text as rules;
        let d = crate::rules::testutil::document_diagnostics(
            crate::document::Syntax::Markdown,
            "see [b](https:/https://github.com/a/b) now\n",
        );
        let found: Vec<_> = d.iter().map(|d| (d.rule, d.message.as_str())).collect();
        assert_eq!(
            found,
            [(
                Rule::DoubledScheme,
                "the scheme is written twice: `https:/` before a whole URL"
            )]
        );
        assert_eq!(d[0].fix.as_ref().expect("a fix").edits[0].content, "");
        assert_eq!(d[0].help, "remove the first scheme and its `:/`, `https:/`");
        // Two schemes that differ are one too many.
        let d = crate::rules::testutil::document_diagnostics(
            crate::document::Syntax::Markdown,
            "see [b](ftp:/https://github.com/a/b) now\n",
        );
        assert_eq!(
            d[0].message,
            "a scheme too many: `ftp:/` before a whole URL"
        );
        // Near miss: a local path's scheme first.
        assert!(
            !rules("see file:/https://a.example/x now\n", Standard::Rfc3986)
                .contains(&Rule::DoubledScheme)
        );
        // Near misses: one slash before a host, a path, no host after.
        for text in [
            "see https:/github.com/a/b now\n",
            "see http:/https-proxy/x now\n",
        ] {
            let r = rules(text, Standard::Rfc3986);
            assert!(
                r.contains(&Rule::MisspelledScheme) && !r.contains(&Rule::DoubledScheme),
                "{text}: {r:?}"
            );
        }
    }

    #[test]
    fn rfc1738_keeps_the_port_finding() {
        let rules: Vec<_> = diagnostics_with(&cand("https://https://host/"), Standard::Rfc1738)
            .iter()
            .map(|d| d.rule)
            .collect();
        assert_eq!(rules, [Rule::InvalidPort, Rule::DoubledScheme]);
    }

    #[test]
    fn it_is_not_also_a_port_or_host_fault() {
        let d = diagnostics_with(&cand("https://https://host/"), Standard::Rfc3986);
        let rules: Vec<_> = d.iter().map(|d| d.rule).collect();
        assert_eq!(rules, [Rule::DoubledScheme]);
    }
}
