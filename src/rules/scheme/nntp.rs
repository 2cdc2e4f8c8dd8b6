//! `invalid-nntp`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{is_group, missing_authority, Fault};
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Checks that an nntp URL is `nntp://host:port/group` with an optional
    /// `/article-number`.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.7 gives exactly that form; an article is named by its
    /// number within the group, so anything after it, or a non-number, cannot
    /// be fetched.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) a news server's name alone, its first
    /// label `news` or `nntp` and its last a top-level domain of two or
    /// three letters (`nntp://nntp.perl.org`, a page's link for a
    /// newsreader to list the server's groups), is what is meant and is
    /// not reported; a group's name where the server goes
    /// (`nntp://rec.games.roguelike.angband`, `nntp://news.answers`) still is;
    /// a group's URL ending in a slash, no article after it
    /// (`nntp://msnews.microsoft.com/microsoft.public.win2000.security/`), is the group.
    /// Otherwise the same
    /// under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `nntp://news.example.org/comp.lang.c/first`
    ///
    /// Use instead: `nntp://news.example.org/comp.lang.c/1234`
    pub static INVALID_NNTP = {
        name: "invalid-nntp",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.7",
        summary: "not `nntp://hostport/group[/digits]`",
        example: "nntp://news.example.org/comp.lang.c/first",
        ok_example: "nntp://news.example.org/comp.lang.c/1234",
        help: "write nntp://host/group or nntp://host/group/number (RFC 1738 §3.7)",
    }
}

/// Check nntp URLs.
pub fn check_nntp(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Nntp, nntp);
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
fn nntp(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "nntp://host:port/group/article") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    let path = cx.text(r.clone());
    let bad = |m: &str| {
        Some(Fault::new(
            if r.is_empty() {
                cx.parts.body.clone()
            } else {
                r.clone()
            },
            m,
        ))
    };
    let host = cx
        .parts
        .authority
        .as_ref()
        .map(|a| cx.text(a.host.clone()).to_ascii_lowercase())
        .unwrap_or_default();
    // A server's name ends in a top-level domain (`nntp.perl.org`); a
    // group of the `news.*` hierarchy does not (`nntp://news.answers`).
    let tld = host.rsplit('.').next().unwrap_or_default();
    let server = (host.starts_with("news.") || host.starts_with("nntp."))
        && (2..=3).contains(&tld.len())
        && tld.bytes().all(|c| c.is_ascii_alphabetic());
    if cx.standard == Standard::Rfc3986 && server && (path.is_empty() || path == "/") {
        return None;
    }
    let Some(rest) = path.strip_prefix('/') else {
        return bad("an nntp URL names a group: `nntp://host/group`");
    };
    let (grp, article) = rest
        .split_once('/')
        .map_or((rest, None), |(g, a)| (g, Some(a)));
    let g = r.start + 1..r.start + 1 + grp.len();
    if !is_group(cx.url, g) {
        return bad("the group is not a newsgroup name (a letter, then letters, digits, `-.+_`)");
    }
    // `nntp://msnews.microsoft.com/microsoft.public.win2000.security/`:
    // a group's URL with a slash after it names no article, and a
    // newsreader opens the group.
    let group_slash = cx.standard == Standard::Rfc3986 && article == Some("");
    match article {
        Some(a) if !group_slash && (a.is_empty() || !a.bytes().all(|b| b.is_ascii_digit())) => {
            bad("the article after the group must be a number")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn invalid_nntp() {
        table(
            Rule::InvalidNntp,
            &[
                ("nntp://h/comp.lang.c/first", &["/comp.lang.c/first"]),
                ("nntp://h/", &["/"]),
                ("nntp://h", &["//h"]),
                ("nntp:comp.lang.c", &["comp.lang.c"]),
                ("nntp://h/9group", &["/9group"]),
                ("nntp://h/comp.lang.c/1234", &[]),
                ("nntp://h:119/comp.lang.c", &[]),
                ("nntp://nntp.perl.org", &["//nntp.perl.org"]),
            ],
        );
    }

    #[test]
    fn a_news_servers_name_alone_is_meant_under_rfc3986() {
        table_3986(
            Rule::InvalidNntp,
            &[
                ("nntp://nntp.perl.org", &[]),
                ("nntp://news.example.org/", &[]),
                // Near misses: a group's name as the server, another host
                // alone, a server's name with a path that is no group.
                (
                    "nntp://rec.games.roguelike.angband",
                    &["//rec.games.roguelike.angband"],
                ),
                ("nntp://h.example.org", &["//h.example.org"]),
                ("nntp://news.answers", &["//news.answers"]),
                // A group's URL with a slash after it; near miss: a word
                // for the article.
                (
                    "nntp://msnews.microsoft.com/microsoft.public.win2000.security/",
                    &[],
                ),
                (
                    "nntp://msnews.microsoft.com/microsoft.public.x/first",
                    &["/microsoft.public.x/first"],
                ),
                (
                    "nntp://news.announce.newusers",
                    &["//news.announce.newusers"],
                ),
                ("nntp://news.example.org/9x", &["/9x"]),
            ],
        );
    }
}
