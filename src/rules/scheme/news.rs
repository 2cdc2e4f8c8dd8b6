//! `invalid-news`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{char_at, first_not_uchar, host, is_group, Fault};
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
    /// `news://server/*` (the group or message-id judged as above); and text
    /// that only looks like a news URL is not judged: a placeholder group
    /// (`news:newsgroup/messageNo` in a list of URL forms), a setting after
    /// the word (`KB=news:TY=sjis` in a termcap entry: no group holds `=`)
    /// or a host named news and its path (`mount news:/var/spool/news`), or
    /// words joined by colons under a `news` prefix (an XMPP node,
    /// `news:politics:home`), or a list of ids tagged with their kinds
    /// (`news:123456789,project:987654321`, a setting's value), or the user `news` in a password file
    /// (`news:*:16484:0:99999:7:::`, a line of `/etc/shadow`). As RFC 5536
    /// has them, a message-id's right side is a dot-atom, no host name
    /// (newsreaders write `@Dwight_Miller.iix.com`, `@nnrp.ca.mci.com!nnrp1`),
    /// and a dotted group may start with a digit (`3dfx.glide.linux`;
    /// an undotted `2cool4school` is still reported).
    /// Under `rfc1738` a server is not allowed (`news://host/group` is
    /// reported), and every one of these is judged.
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

/// Check news URLs.
pub fn check_news(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.scheme != SchemeKind::News {
        return;
    }
    if cx.standard == Standard::Rfc3986 && not_a_news_url(cx) {
        return;
    }
    if cx.standard == Standard::Rfc3986 && cx.parts.authority.is_some() {
        super::run(cx, out, SchemeKind::News, news_with_server);
    } else {
        super::run(cx, out, SchemeKind::News, news);
    }
}

/// Under `rfc3986`, text that only looks like a news URL: a syntax list's
/// placeholder group (lynx's `news:newsgroup/messageNo`), or the word
/// `news` before a setting, a key in capitals and `=` (a termcap entry's
/// `:KB=news:TY=sjis:`). No group holds `=`, and no message-id lacks `@`.
fn not_a_news_url(cx: &Cx<'_>) -> bool {
    let body = cx.text(cx.parts.body.clone());
    if body.contains('@') {
        return false;
    }
    let group = body.split(['/', '?']).next().unwrap_or_default();
    // A setting's key in capitals before its `=` (`TY=sjis`).
    let setting = body
        .split_once('=')
        .is_some_and(|(key, _)| !key.is_empty() && key.bytes().all(|c| c.is_ascii_uppercase()));
    // `mount news:/var/spool/news`: a host named news and its path (NFS,
    // scp); a news URL's group or message-id never starts with `/`.
    let path = body.starts_with('/') && !body.starts_with("//") && body[1..].contains('/');
    // `<ns>news:politics:home</ns>` (an XMPP pubsub node in XEP-0024's
    // example): words joined by colons, a name under a `news` prefix. A
    // group's parts are joined by dots, and only a message-id (with its
    // `@`) holds a colon.
    let prefixed = group.contains(':')
        && !group.contains('.')
        && group
            .split(':')
            .all(|w| !w.is_empty() && w.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-'));
    // `news:*:16484:0:99999:7:::` (`/etc/shadow`), `news:x:9:9:news:…`
    // (`/etc/passwd`): the user `news`, its password field, then numbers.
    let account = group.split_once(':').is_some_and(|(password, rest)| {
        matches!(password, "*" | "x" | "!" | "!!" | "!*")
            && rest.starts_with(|c: char| c.is_ascii_digit())
    });
    // `FOLLOW_LIST_IDS = "news:123456789,project:987654321"`: a list of
    // ids, each tagged with its kind, the first under `news`; no group is
    // a number, and none holds a comma.
    let ids = group.split(',').count() >= 2
        && group.split(',').enumerate().all(|(k, item)| {
            let id = if k == 0 {
                Some(item)
            } else {
                item.split_once(':')
                    .filter(|(kind, _)| kind.starts_with(|c: char| c.is_ascii_alphabetic()))
                    .map(|(_, id)| id)
            };
            id.is_some_and(|id| !id.is_empty() && id.bytes().all(|c| c.is_ascii_digit()))
        });
    group.eq_ignore_ascii_case("newsgroup")
        || group.eq_ignore_ascii_case("group")
        || ids
        || account
        || setting
        || path
        || prefixed
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
        let right = r.start + at + 1..r.end;
        // RFC 5536's `id-right` is a dot-atom, no host name: newsreaders
        // write `@Dwight_Miller.iix.com` and `@nnrp.ca.mci.com!nnrp1`.
        if cx.standard == Standard::Rfc3986 && is_dot_atom(cx.text(right.clone())) {
            return None;
        }
        return host::check(cx.url, right)
            .map(|f| Fault::new(f.range, format!("message-id host: {}", f.message)));
    }
    // RFC 5536 lets a group's name start with a digit: a hierarchy's
    // (`3dfx.glide.linux`), dotted, is taken so.
    let digit_first = cx.standard == Standard::Rfc3986 && is_digit_first_group(text);
    (!(digit_first || is_group(cx.url, r.clone()))).then(|| {
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
    if rest.is_empty()
        || rest == "*"
        || rest.contains('@')
        || is_digit_first_group(rest)
        || is_group(cx.url, r.clone())
    {
        return None;
    }
    Some(Fault::new(
        r,
        format!("`{rest}` is neither `*`, a newsgroup name (a letter, then letters, digits, `-.+_`) nor `unique@host`"),
    ))
}

/// Whether `s` is a dotted group name whose first component starts with a
/// digit (`3dfx.glide.linux`), which RFC 5536 §3.1.4 allows and RFC 1738
/// does not; an undotted one (`2cool4school`) is still judged.
fn is_digit_first_group(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit())
        && s.contains('.')
        && s.split('.').all(|w| {
            !w.is_empty()
                && w.bytes().any(|c| c.is_ascii_alphabetic())
                && w.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || b"-+_".contains(&c))
        })
}

/// Whether `s` is RFC 5322's `dot-atom-text`: words of `atext` (letters,
/// digits and ``!#$%&'*+-/=?^_`{|}~``) joined by single dots.
fn is_dot_atom(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c))
        })
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
                // RFC 5536's group names and message-ids: a digit first in
                // a hierarchy, `_` and `!` after the `@`; near misses: a
                // component of digits only, a blank after the `@`.
                ("news://news.3dfx.com/3dfx.glide.linux", &[]),
                ("news:3dfx.glide.linux", &[]),
                ("news:3A1B2C@Dwight_Miller.iix.com", &[]),
                ("news:abc@nnrp.ca.mci.com!nnrp1.uunet.ca", &[]),
                ("news:3dfx.1999", &["3dfx.1999"]),
                ("news:abc@a..b", &["."]),
                ("news:2cool4school", &["2cool4school"]),
                // A host named news and its path: `mount news:/var/spool/news`.
                ("news:/var/spool/news", &[]),
                ("news:var/spool/news", &["var/spool/news"]),
                ("news:/comp.os.linux.announce", &["/comp.os.linux.announce"]),
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
    fn placeholders_and_settings_are_not_news_urls_under_rfc3986() {
        let cases: &[(&str, &[&str])] = &[
            ("news:newsgroup/messageNo", &[]),
            ("news:newsgroup/startNo-endNo", &[]),
            ("news:TY=sjis", &[]),
            ("news:politics:home", &[]),
            // The user `news` in `/etc/shadow` and `/etc/passwd`.
            ("news:*:16484:0:99999:7", &[]),
            ("news:x:9:9:news:/var/spool/news:/usr/sbin/nologin", &[]),
            ("news:politics:foreign:usa", &[]),
            // A list of tagged ids; near misses: a group before the comma,
            // a word as the second id.
            ("news:123456789,project:987654321", &[]),
            ("news:comp.lang,project:9", &["comp.lang,project:9"]),
            ("news:123,project:x", &["123,project:x"]),
            // Near misses: a real group with a bad character, a message-id;
            // a colon in a dotted group, an empty word between colons.
            ("news:comp.lang:c", &["comp.lang:c"]),
            ("news:a::b", &["a::b"]),
            ("news:*:x", &["*:x"]),
            ("news:comp.lang/x", &["comp.lang/x"]),
            ("news:a=b@", &[""]),
            ("news:comp.lang.c=x", &["comp.lang.c=x"]),
        ];
        table_3986(Rule::InvalidNews, cases);
        table(Rule::InvalidNews, &[("news:TY=sjis", &["TY=sjis"])]);
        table(
            Rule::InvalidNews,
            &[("news:politics:home", &["politics:home"])],
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
}
