//! `invalid-percent-escape`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability};
use crate::url::grammar::escape::escapes;
use crate::url::grammar::host;
use crate::url::{standard, Cx, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a `%` that is not followed by two hexadecimal digits.
    ///
    /// ## Why is this bad?
    /// In a URL `%` always starts an encoded octet: RFC 1630 says "all %
    /// characters imply encodings", and calls `%*` and `%as` illegal
    /// (Example 3). A reader cannot decode the URL, and tools disagree about
    /// what it means.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) the bare `%` before an IPv6 zone ID
    /// (`http://[fe80::1%eth0]/`), which RFC 6874 §4 asks parsers to
    /// accept, is not reported; `invalid-host` judges the literal; nor is a
    /// query value that is a percentage, the next parameter right after it
    /// (`?iframe=no&w=100%&sidebar=yes`, sched.com's embed links: browsers
    /// pass it on as it is), nor a `%` and one digit ending the URL on a
    /// line with other such numbers (`curl --user "%1:%2" "…/mdb/%3"`: a
    /// command's positional arguments), nor a fragment of digits ending in
    /// `%` (archive.today's point of the page, `https://archive.is/L7wRJ#76%`),
    /// nor a `%` ending a URL quoted after SQL's `LIKE` (`WHERE url LIKE
    /// 'http://a.example/share/1707%'`: the wildcard), nor the `%` that
    /// starts an anchor tex2page names (R5RS's `…/r5rs-Z-H-9.html#%_sec_6.6`,
    /// SICP's `…/book-Z-H-11.html#%_thm_1.14`),
    /// nor one in a Wikipedia citation's anchor, which holds the
    /// reference's name as written (`#cite_ref-Density_85%_1-0`),
    /// nor `mod_rewrite`'s back-reference on a `RewriteRule` line
    /// (`RewriteRule ^(.*)$ http://blog.example/%1 [R=301,L]`),
    /// nor a `%` before a `-` in a fragment (Tistory's heading ids,
    /// `#--%---Binary-%--Decoder%----`: the title's escapes with every
    /// digit made `-`),
    /// nor a `news:` message-id's own `%` in Outlook Express's attribution,
    /// its `...` after it ("wrote in message
    /// news:%hfv7.8396$ym4.360194@iad-read.news.verio.net...", a
    /// newsreader's, RFC 5536's `atext`).
    /// Otherwise the same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `news:12345667123%asdghfh@info.cern.ch`
    ///
    /// Use instead: encode a literal `%` as `%25`:
    /// `news:12345667123%25asdghfh@info.cern.ch`
    pub static INVALID_PERCENT_ESCAPE = {
        name: "invalid-percent-escape",
        group: Syntax,
        default: Some(crate::rules::Severity::Error),
        rfc: "RFC 1630 Example 3; RFC 1738 §2.2",
        summary: "`%` not followed by two hex digits",
        example: "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
        ok_example: "http://info.cern.ch/RDB/EMP?*%20where%20name%3Ddobbins",
        help: "encode a literal % as %25 (RFC 1630, Example 3)",
        fix: (Unsafe, "`%` → `%25`"),
    }
}

/// Whether the `%` at `at` ends a query value that is a percentage, the
/// next parameter right after it (`?iframe=no&w=100%&sidebar=yes`, the
/// embed links sched.com hands out): browsers and servers pass it on as
/// it is, and the value means what it says. At the URL's end a `%` after
/// digits is rather a stray (`?id=19159%`).
fn is_percentage(cx: &Cx<'_>, at: usize) -> bool {
    let b = cx.url.as_bytes();
    cx.parts.query.as_ref().is_some_and(|q| q.contains(&at))
        && at > 0
        && b[at - 1].is_ascii_digit()
        && matches!(b.get(at + 1), Some(b'&' | b';'))
}

/// Whether the `%` at `at` ends a fragment of digits: archive.today's link
/// to a point of the page, `https://archive.is/L7wRJ#76%`, the share link
/// it hands out (browsers leave a fragment as it is).
fn is_scroll_position(cx: &Cx<'_>, at: usize) -> bool {
    cx.parts.fragment.as_ref().is_some_and(|f| {
        let Some(digits) = cx.url.get(f.start..at) else {
            return false;
        };
        f.end == at + 1
            && !digits.is_empty()
            && digits.bytes().all(|c| c.is_ascii_digit() || c == b'.')
            && digits.as_bytes()[0].is_ascii_digit()
    })
}

/// Whether the `%` at `at` starts a fragment naming an anchor tex2page
/// wrote (`…/r5rs-Z-H-9.html#%_sec_6.6`, `#%_idx_144`, `#%_chap_Temp_9`,
/// SICP's exercises and figures `#%_thm_1.14`, `#%_fig_1.1`: R5RS, SICP
/// and the SRFI pages link them so): the target page names its anchor
/// with the `%` itself, and browsers leave a fragment as it is. Another
/// word in the same shape counts on a page tex2page named (`…-Z-H-11.html`).
fn is_tex2page_anchor(cx: &Cx<'_>, at: usize) -> bool {
    let page = || {
        let path = cx.text(cx.parts.path.clone());
        path.strip_suffix(".html").is_some_and(|p| {
            p.rsplit_once("-Z-H-")
                .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        })
    };
    cx.parts.fragment.as_ref().is_some_and(|f| {
        f.start == at
            && cx.url.get(at + 1..).is_some_and(|rest| {
                let word = rest
                    .strip_prefix('_')
                    .and_then(|r| r.split_once('_'))
                    .map(|(w, _)| w)
                    .filter(|w| {
                        (2..=9).contains(&w.len()) && w.bytes().all(|c| c.is_ascii_lowercase())
                    });
                word.is_some_and(|w| {
                    [
                        "sec", "idx", "chap", "toc", "thm", "fig", "part", "footnote",
                    ]
                    .contains(&w)
                        || page()
                })
            })
    })
}

/// Whether the `%` at `at` is in a fragment naming a Wikipedia citation
/// (`…/wiki/Phosphoric_acid#cite_ref-Density_85%_1-0`): the wiki makes the
/// anchor of the reference's name as written, `85%` and all, and browsers
/// find it as it is.
fn is_citation_anchor(cx: &Cx<'_>, at: usize) -> bool {
    cx.parts.fragment.as_ref().is_some_and(|f| {
        f.contains(&at)
            && cx
                .url
                .get(f.clone())
                .is_some_and(|frag| frag.starts_with("cite_ref-") || frag.starts_with("cite_note-"))
    })
}

/// Whether the `%` at `at` is followed by `-` in the fragment: a blog's
/// heading id made of its percent-encoded title with each digit turned to
/// `-` (Tistory's `…/404#--%---Binary-%--Decoder%----`, the heading
/// "2-bit Binary Decoder"), which the page really has and browsers find as
/// written. No escape starts `%-`, so none was meant.
fn is_dashed_anchor(cx: &Cx<'_>, at: usize) -> bool {
    cx.parts.fragment.as_ref().is_some_and(|f| f.contains(&at))
        && cx.url.as_bytes().get(at + 1) == Some(&b'-')
}

/// Whether the `%` at `at` ends the URL quoted after SQL's `LIKE`
/// (`WHERE share_url LIKE 'http://a.f.budejie.com/share/17076710%'`): the
/// wildcard for any rest, in a query on a table of URLs.
fn is_like_wildcard(cx: &Cx<'_>, at: usize) -> bool {
    at + 1 == cx.url.len()
        && cx.source_head().is_some_and(|h| {
            let line = h.rsplit('\n').next().unwrap_or(h);
            let line = line.trim_end_matches('%');
            let Some(head) = line.strip_suffix(['\'', '"']) else {
                return false;
            };
            let head = head.trim_end().as_bytes();
            head.len() >= 4 && head[head.len() - 4..].eq_ignore_ascii_case(b"like")
        })
}

/// Whether the `%` at `at` and one digit end the URL on a line that holds
/// other such numbers outside it: a command's positional arguments (SVWS's
/// `curl --user "%1:%2" … "https://localhost/…/mdb/%3"`, a batch file's),
/// filled in before anything reads the URL.
fn is_positional(cx: &Cx<'_>, at: usize) -> bool {
    let b = cx.url.as_bytes();
    if b.len() != at + 2 || !b[at + 1].is_ascii_digit() {
        return false;
    }
    // Another `%` and one digit, not an escape's start, in the lines
    // around the URL.
    let numbered = |t: &str| {
        let t = t.as_bytes();
        memchr::memchr_iter(b'%', t).any(|k| {
            t.get(k + 1).is_some_and(u8::is_ascii_digit)
                && !t.get(k + 2).is_some_and(u8::is_ascii_alphanumeric)
        })
    };
    cx.source_head().is_some_and(numbered) || cx.source_rest().is_some_and(numbered)
}

/// Whether the `%` at `at` and one digit are `mod_rewrite`'s back-reference
/// to its condition's match, on a `RewriteRule` line (`RewriteRule ^(.*)$
/// http://blog.example/%1 [R=301,L]`): Apache fills it in.
fn is_rewrite_backreference(cx: &Cx<'_>, at: usize) -> bool {
    let b = cx.url.as_bytes();
    let digit = b.get(at + 1).is_some_and(u8::is_ascii_digit)
        && !b.get(at + 2).is_some_and(u8::is_ascii_hexdigit);
    digit
        && standard::line_before(cx.cand)
            .is_some_and(|line| line.trim_start().starts_with("RewriteRule"))
}

/// Whether the URL is a `news:` message-id in Outlook Express's
/// attribution, "wrote in message news:%hfv7.8396$ym4.360194@iad-read.news.verio.net...",
/// its `...` right after: a `%` is one of the id's characters (RFC 5536's
/// `atext`), written by the newsreader, not a URL an author typed.
fn is_message_id(cx: &Cx<'_>) -> bool {
    cx.scheme == crate::url::SchemeKind::News
        && cx.parts.authority.is_none()
        && cx.text(cx.parts.body.clone()).contains('@')
        && cx.source_rest().is_some_and(|r| r.starts_with("..."))
}

/// Report every `%` that does not start a valid escape.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // A valid IP-literal's zone ID (RFC 6874 §4's bare `%`) is the host's.
    let zone = cx
        .parts
        .authority
        .as_ref()
        .map(|a| a.host.clone())
        .filter(|h| {
            cx.standard == Standard::Rfc3986
                && cx.url.as_bytes().get(h.start) == Some(&b'[')
                && host::ip_literal_fault(cx.url, h.clone()).is_none()
        });
    let mut edits = Vec::new();
    for e in escapes(cx.url, 0..cx.url.len()).filter(|e| e.value.is_none()) {
        if zone.as_ref().is_some_and(|h| h.contains(&e.range.start)) {
            continue;
        }
        if cx.standard == Standard::Rfc3986
            && (is_percentage(cx, e.range.start)
                || is_positional(cx, e.range.start)
                || is_rewrite_backreference(cx, e.range.start)
                || is_scroll_position(cx, e.range.start)
                || is_like_wildcard(cx, e.range.start)
                || is_tex2page_anchor(cx, e.range.start)
                || is_citation_anchor(cx, e.range.start)
                || is_dashed_anchor(cx, e.range.start)
                || is_message_id(cx))
        {
            continue;
        }
        let text = cx.text(e.range.clone());
        let message = if text.len() == 1 {
            "`%` is not followed by two hex digits".to_string()
        } else {
            format!("`{text}` is not a percent escape")
        };
        edits.push((e.range.start..e.range.start + 1, "%25".to_string()));
        out.at(e.range, message);
    }
    out.fix(Applicability::Unsafe, "encode the `%` as `%25`", edits);
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn a_bare_zone_id_percent_under_rfc3986() {
        table_3986(
            Rule::InvalidPercentEscape,
            &[
                ("http://[fe80::1%eth0]/", &[]),
                ("https://[fe80::20c:29ff:fe9c:409b%eth0]:1234", &[]),
                ("http://[fe80::1%25eth0]/a%zz", &["%zz"]),
                // An empty zone is no zone: the `%` is still reported.
                ("http://[fe80::1%]/", &["%]/"]),
                // A percentage as a query value; near misses: at the end,
                // in the path, no digit before it.
                (
                    "https://a.sched.com/event/1?iframe=no&w=100%&sidebar=yes",
                    &[],
                ),
                ("https://a.example/show_bug.cgi?id=19159%", &["%"]),
                ("https://a.example/100%&x/", &["%&x"]),
                ("https://a.example/?w=full%&x=1", &["%&x"]),
                // archive.today's point of the page; near misses: letters
                // in the fragment, a `%` in the path.
                ("https://archive.is/L7wRJ#76%", &[]),
                ("https://archive.is/L7wRJ#7.5%", &[]),
                ("https://archive.is/L7wRJ#top%", &["%"]),
                // tex2page's anchors; near miss: another word.
                ("http://a.example/r5rs-Z-H-9.html#%_sec_6.6", &[]),
                ("http://a.example/r5rs-Z-H-9.html#%_idx_144", &[]),
                ("http://a.example/r5rs-Z-H-9.html#%_foo_1", &[]),
                ("http://a.example/book-Z-H-11.html#%_thm_1.14", &[]),
                ("http://a.example/book.html#%_fig_1.1", &[]),
                ("http://a.example/page.html#%_foo_1", &["%_f"]),
                ("http://a.example/r5rs-Z-H-9.html#%_Foo_1", &["%_F"]),
                // A Wikipedia citation's anchor; near miss: another anchor.
                (
                    "https://en.wikipedia.org/wiki/Phosphoric_acid#cite_ref-Density_85%_1-0",
                    &[],
                ),
                ("https://en.wikipedia.org/wiki/X#Density_85%_1-0", &["%_1"]),
                // Tistory's heading id, each digit of its escapes a `-`;
                // near misses: in the path, another mark.
                (
                    "https://a.tistory.com/404#--%---Binary-%--Decoder%----",
                    &[],
                ),
                ("https://a.tistory.com/586#Causal%--System", &[]),
                ("https://a.tistory.com/%--/586", &["%--"]),
                ("https://a.tistory.com/586#Causal%_-System", &["%_-"]),
                ("https://a.example/76%", &["%"]),
                // A bad escape before a fragment (perl.com's Google Groups
                // links once panicked here).
                ("https://a.example/?q=%Dr#fc", &["%Dr"]),
            ],
        );
        table(
            Rule::InvalidPercentEscape,
            &[("http://[fe80::1%eth0]/", &["%et"])],
        );
    }

    #[test]
    fn a_commands_positional_arguments_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let line = "curl --user \"%1:%2\" -X POST \"https://localhost/api/mdb/%3\"\n";
        assert!(!rules_in_text(line, Standard::Rfc3986).contains(&Rule::InvalidPercentEscape));
        assert!(rules_in_text(line, Standard::Rfc1738).contains(&Rule::InvalidPercentEscape));
        // Near misses: no other argument on the line, or an escape's
        // first digit (`%2F`) elsewhere.
        for text in [
            "curl -X POST \"https://localhost/api/mdb/%3\"\n",
            "see https://a.example/%2F and https://b.example/mdb/%3 now\n",
        ] {
            assert!(
                rules_in_text(text, Standard::Rfc3986).contains(&Rule::InvalidPercentEscape),
                "{text}"
            );
        }
    }

    #[test]
    fn a_newsreaders_message_id_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let has = |text: &str, standard| {
            rules_in_text(text, standard).contains(&Rule::InvalidPercentEscape)
        };
        // Outlook Express's attribution in a Usenet archive.
        let text =
            "\"Bob\" wrote in message news:%hfv7.8396$ym4.360194@iad-read.news.verio.net...\n";
        assert!(!has(text, Standard::Rfc3986));
        assert!(has(text, Standard::Rfc1738));
        // Near misses: a group, a message-id under a server's URL, and
        // one without the attribution's `...` (RFC 1630's Example 3).
        assert!(has("see news:comp.lang.c%zz... now\n", Standard::Rfc3986));
        assert!(has(
            "see news://h.example/%zz@h.example... now\n",
            Standard::Rfc3986
        ));
        assert!(has(
            "see news:12345667123%asdghfh@info.cern.ch now\n",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn mod_rewrites_back_reference_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let has = |text: &str| {
            rules_in_text(text, Standard::Rfc3986).contains(&Rule::InvalidPercentEscape)
        };
        assert!(!has(
            "    RewriteRule ^(.*)$ http://blog.example.org/%1 [R=301,L]\n"
        ));
        // Near misses: another directive; prose naming the directive.
        assert!(has("    Redirect / http://blog.example.org/%1\n"));
        assert!(has("Use RewriteRule, not http://blog.example.org/%1\n"));
    }

    #[test]
    fn sqls_like_wildcard_ending_a_quoted_url_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let has = |text: &str| {
            rules_in_text(text, Standard::Rfc3986).contains(&Rule::InvalidPercentEscape)
        };
        assert!(!has(
            "WHERE share_url LIKE 'http://a.example/share/17076710%';\n"
        ));
        assert!(!has(
            "mysql> SELECT * FROM t WHERE u like '%http://a.example/s/17%';\n"
        ));
        // Near misses: no `LIKE` before the quote, a `%` inside the URL.
        assert!(has(
            "WHERE share_url = 'http://a.example/share/17076710%';\n"
        ));
        assert!(has("WHERE u LIKE 'http://a.example/%zz/1';\n"));
    }

    #[test]
    fn invalid_percent_escape() {
        table(
            Rule::InvalidPercentEscape,
            &[
                ("news:12345667123%asdghfh@info.cern.ch", &["%as"]),
                ("fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", &["%*."]),
                (
                    "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
                    &["%"],
                ),
                ("http://h/a%2", &["%2"]),
                ("http://h/100%", &["%"]),
                // RFC 1738's letter: a percentage is no escape either.
                ("http://h/?w=100%&x=1", &["%&x"]),
                ("http://h/a#b%zz", &["%zz"]),
                ("http://h/a%20b%2Dc%2dd", &[]),
                ("http://h/a%25", &[]),
            ],
        );
    }
}
