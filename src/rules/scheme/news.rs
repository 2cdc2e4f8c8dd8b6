//! `invalid-news` and `invalid-nntp`.

use crate::rules::{declare_rule, Severity};
use std::ops::Range;

use crate::rules::runner::Report;
use crate::url::grammar::{
    char_at, first_not_uchar, host, missing_authority, owned_elsewhere, Fault,
};
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Checks that `news:` is followed by `*`, a newsgroup name (a letter,
    /// then letters, digits, `- . + _`) or a message-id `unique@host`.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.6 defines exactly these three forms; the `@` is what tells a
    /// message-id from a group. Anything else names nothing a news reader can
    /// find.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) RFC 5538's form with a server is a
    /// news URL too: `news://server/group`, `news://server/unique@host`,
    /// `news://server/*` (the group or message-id judged as above). Under
    /// `rfc1738` a server is not allowed: `news://host/group` is reported.
    ///
    /// ## Example
    /// `news:2cool4school`
    ///
    /// Use instead: `news:comp.infosystems.www.misc`
    pub static INVALID_NEWS = {
        name: "invalid-news",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.6",
        summary: "not `*`, a group name, or `unique@host`",
        example: "news:2cool4school",
        ok_example: "news:comp.infosystems.www.misc",
        help: "write news:*, news:group.name or news:unique@host (RFC 1738 §3.6)",
    }
}

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
    /// The same under `rfc3986` and `rfc1738`.
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

/// Check news URLs.
pub fn check_news(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.standard == Standard::Rfc3986 && cx.parts.authority.is_some() {
        super::run(cx, out, SchemeKind::News, news_with_server);
    } else {
        super::run(cx, out, SchemeKind::News, news);
    }
}

/// Check nntp URLs.
pub fn check_nntp(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Nntp, nntp);
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`.
fn is_group(url: &str, r: Range<usize>) -> bool {
    let b = url.as_bytes().get(r).unwrap_or_default();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || b"-.+_".contains(&c) || owned_elsewhere(c))
}

/// `newsurl = "news:" ( "*" | group | article )`,
/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
fn news(cx: &Cx<'_>) -> Option<Fault> {
    let r = cx.parts.body.clone();
    let text = cx.text(r.clone());
    if text == "*" {
        return None;
    }
    if let Some(at) = text.find('@') {
        let unique = r.start..r.start + at;
        if unique.is_empty() {
            return Some(Fault::new(r, "a message-id needs a unique part before `@`"));
        }
        if let Some(i) = first_not_uchar(cx.url, unique, b";/?:&=") {
            return Some(Fault::new(
                char_at(cx.url, i),
                "a message-id may not contain this character unencoded",
            ));
        }
        return host::check(cx.url, r.start + at + 1..r.end)
            .map(|f| Fault::new(f.range, format!("message-id host: {}", f.message)));
    }
    (!is_group(cx.url, r.clone())).then(|| {
        Fault::new(r, format!("`{text}` is neither `*`, a newsgroup name (a letter, then letters, digits, `-.+_`) nor `unique@host`"))
    })
}

/// RFC 5538 §2.1, the current form with a server:
/// `news://server[:port]/` then nothing (the server's list), `*`, a group
/// or a message-id. The server is `invalid-host`'s to judge.
fn news_with_server(cx: &Cx<'_>) -> Option<Fault> {
    let r = cx.parts.path_and_query();
    let text = cx.text(r.clone());
    let rest = text.strip_prefix('/').unwrap_or(text);
    let r = r.start + (text.len() - rest.len())..r.end;
    if rest.is_empty() || rest == "*" || rest.contains('@') || is_group(cx.url, r.clone()) {
        return None;
    }
    Some(Fault::new(
        r,
        format!("`{rest}` is neither `*`, a newsgroup name (a letter, then letters, digits, `-.+_`) nor `unique@host`"),
    ))
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
    match article {
        Some(a) if a.is_empty() || !a.bytes().all(|b| b.is_ascii_digit()) => {
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
    fn a_server_under_rfc3986() {
        table_3986(
            Rule::InvalidNews,
            &[
                (
                    "news://developer-forums.novell.com/novell.devsup.webserver",
                    &[],
                ),
                ("news://news.example.org/1234@host.example.org", &[]),
                ("news://news.example.org/", &[]),
                ("news://news.example.org/9group", &["9group"]),
                ("news:2cool4school", &["2cool4school"]),
            ],
        );
        table(
            Rule::InvalidNews,
            &[(
                "news://news.example.org/comp.lang.c",
                &["//news.example.org/comp.lang.c"],
            )],
        );
    }

    #[test]
    fn invalid_news() {
        table(
            Rule::InvalidNews,
            &[
                ("news:2cool4school", &["2cool4school"]),
                ("news:comp/lang", &["comp/lang"]),
                ("news:@host.com", &["@host.com"]),
                ("news:abc@my_host", &["my_host"]),
                ("news:a<b@h.com", &[]),
                ("news:*", &[]),
                ("news:comp.infosystems.www.misc", &[]),
                ("news:alt.fan.c++", &[]),
                ("news:12345667123%asdghfh@info.cern.ch", &[]),
                ("news:1234.5678@news.example.org", &[]),
            ],
        );
    }

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
            ],
        );
    }
}
