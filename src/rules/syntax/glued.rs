//! `glued-url`.

use std::ops::Range;

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds two URLs run together with no separator:
    /// `https://a.org/communicationhttps://docs.a.org/`. The second URL
    /// starts right after a letter or digit of the first. A URL after `/`,
    /// `=`, `?`, `&` or any other punctuation is a legitimate nested URL
    /// (`https://web.archive.org/web/2019/https://a.org/`,
    /// `?next=https://a.org/`) and is not reported, nor is one after a
    /// percent escape (`http://a.org%20http://b.org`: a space encoded on
    /// purpose).
    ///
    /// ## Why is this bad?
    /// A space or line break was lost, usually when text was reflowed or
    /// pasted: the link now points at a path nobody wrote, and the second
    /// URL is gone.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `https://www.gnu.org/communicationhttps://docs.gnu.org/`
    ///
    /// Use instead: `https://www.gnu.org/communication https://docs.gnu.org/`
    pub static GLUED_URL = {
        name: "glued-url",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 appendix",
        summary: "two URLs run together with no separator: `…/communicationhttps://docs…`",
        example: "https://www.gnu.org/communicationhttps://docs.gnu.org/",
        ok_example: "https://web.archive.org/web/2019/https://www.gnu.org/",
        help: "separate the two URLs with a space or a line break",
    }
}

/// Start of each `http://`, `https://` or `ftp://` inside the URL that
/// follows a letter or digit and is followed by something URL-like.
fn glued_at(url: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let b = url.as_bytes();
    // Each scheme looked for ends in `://`, which most URLs do not hold
    // after their own scheme: then no position is tried.
    let end = if memchr::memmem::find(b, b"://").is_some() {
        b.len()
    } else {
        0
    };
    (1..end).filter_map(move |i| {
        if !b[i - 1].is_ascii_alphanumeric() {
            return None;
        }
        // `http://foo.bar%20http://foo.bar`: after a percent escape (an
        // encoded space or `/`) the URL was separated on purpose.
        // Encoded twice too (a Google redirect's `…%2526continue%253Dhttps://
        // docs.google.com/…`, a nested URL after an `=` escaped twice).
        let escaped = |k: usize| {
            i >= k
                && b[i - k] == b'%'
                && b[i - 2].is_ascii_hexdigit()
                && b[i - 1].is_ascii_hexdigit()
        };
        if escaped(3) || (escaped(5) && &b[i - 4..i - 2] == b"25") {
            return None;
        }
        let rest = &url[i..];
        let n = ["https://", "http://", "ftp://"].iter().find_map(|s| {
            let head = rest.get(..s.len())?;
            head.eq_ignore_ascii_case(s).then_some(s.len())
        })?;
        rest.as_bytes()
            .get(n)
            .is_some_and(u8::is_ascii_alphanumeric)
            .then_some(i..i + n)
    })
}

/// Report each glued-on URL's scheme.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // The first scheme is the URL's own; look after it.
    let from = cx.parts.scheme.as_ref().map_or(0, |s| s.end + 1);
    let after = cx.url.get(from..).unwrap_or("");
    for r in glued_at(after) {
        let r = from + r.start..from + r.end;
        // `<https://a.example/arcN or https://b.example/arcN, remove …>`
        // (ARCs' template): a blank or a line break stood between the two
        // in the text, which the wrapper's rejoining took out; no glue.
        if cx.cand.segments.iter().any(|s| s.url_start == r.start) {
            continue;
        }
        let before = cx.text(cx.parts.scheme.as_ref().map_or(0, |s| s.start)..r.start);
        out.at(
            r,
            format!("a URL starts right after `{before}` with no space between"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    const CASES: &[(&str, &[&str])] = &[
        (
            "https://a.org/communicationhttps://docs.a.org/",
            &["https://"],
        ),
        ("http://a.org/x.htmlhttp://b.org/", &["http://"]),
        ("https://a.org/2https://b.org/", &["https://"]),
        ("https://web.archive.org/web/2019/https://a.org/", &[]),
        ("https://web.archive.org/web/2019*/https://a.org/", &[]),
        ("https://a.org/?next=https://b.org/", &[]),
        ("https://a.org/?a=1&https://b.org/", &[]),
        ("https://a.org/login?https://b.org/", &[]),
        ("git+https://a.org/x", &[]),
        ("https://a.org/see-https", &[]),
        ("https://a.org/xhttps://", &[]),
        ("http://foo.bar%20http://foo.bar", &[]),
        ("https://a.org/?u=x%2Fhttps://b.org/", &[]),
        ("https://a.org/url?q=a%2526continue%253Dhttps://b.org/", &[]),
        // Near misses: `%25` and no hex digits after it, another escape
        // than `%25` before the digits.
        ("https://a.org/url?q=a%25ZZhttps://b.org/", &["https://"]),
        ("https://a.org/url?q=a%2F3Dhttps://b.org/", &["https://"]),
        // Near miss: a `%` that is no escape.
        ("http://a.org/5%2http://b.org/", &["http://"]),
    ];

    #[test]
    fn urls_a_blank_parted_in_the_text_are_not_glued() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let glued = |text: &str| rules_in_text(text, Standard::Rfc3986).contains(&Rule::GluedUrl);
        // ARCs' template: two choices and an instruction in one wrapper.
        assert!(!glued(
            "x: <https://a.example/arcN or https://b.example/arcN, remove it>\n"
        ));
        assert!(!glued("x: <https://a.example/x https://b.example/y>\n"));
        assert!(!glued("x: <https://a.example/x\n   https://b.example/y>\n"));
        // Near misses: glued inside the wrapper, and bare.
        assert!(glued("x: <https://a.example/xhttps://b.example/y>\n"));
        assert!(glued("x: https://a.example/xhttps://b.example/y\n"));
    }

    #[test]
    fn glued_url_under_both_standards() {
        table(Rule::GluedUrl, CASES);
        table_3986(Rule::GluedUrl, CASES);
    }
}
