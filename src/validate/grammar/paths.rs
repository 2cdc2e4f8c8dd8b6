//! The scheme-specific parts of RFC 1738 §3 and the BNF of §5, one function
//! per scheme; each assumes its scheme and returns the first fault.

use std::ops::Range;

use super::{addr_spec, char_at, escape, first_not_uchar, host, missing_authority, Fault};
use crate::validate::Cx;

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`: `;` is
/// reserved in the path and only introduces a final `;type=a|i|d`.
pub fn ftp_type(cx: &Cx<'_>) -> Option<Fault> {
    cx.parts.authority.as_ref()?;
    let r = cx.parts.path_and_query();
    let b = cx.url.as_bytes();
    let semi = r.start + memchr::memchr(b';', b.get(r.clone())?)?;
    let tail = cx.text(semi + 1..r.end);
    let is_type = tail
        .get(..5)
        .is_some_and(|t| t.eq_ignore_ascii_case("type="));
    if !is_type {
        return Some(Fault::new(
            semi..semi + 1,
            "`;` is reserved in an FTP path: it only introduces `;type=`; encode a literal one as %3B",
        ));
    }
    let code = &tail[5..];
    if matches!(code, "a" | "i" | "d" | "A" | "I" | "D") {
        return None;
    }
    Some(Fault::new(
        semi..r.end,
        format!("`;type={code}` is not a, i or d"),
    ))
}

/// `mailtourl = "mailto:" encoded822addr`. The part after a `?` (RFC 6068
/// header fields, later than RFC 1738 but everywhere) is not judged.
pub fn mailto(cx: &Cx<'_>) -> Option<Fault> {
    let end = cx
        .parts
        .query
        .as_ref()
        .map_or(cx.parts.body.end, |q| q.start - 1);
    let r = cx.parts.body.start..end;
    let why = addr_spec::check(escape::decoded(cx.url, r.clone())).err()?;
    let r = if r.is_empty() {
        cx.parts.body.clone()
    } else {
        r
    };
    let r = if r.is_empty() { 0..cx.url.len() } else { r };
    Some(Fault::new(r, why))
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`.
fn is_group(url: &str, r: Range<usize>) -> bool {
    let b = url.as_bytes().get(r).unwrap_or_default();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| {
            c.is_ascii_alphanumeric() || b"-.+_".contains(&c) || super::owned_elsewhere(c)
        })
}

/// `newsurl = "news:" ( "*" | group | article )`,
/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
pub fn news(cx: &Cx<'_>) -> Option<Fault> {
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
pub fn news_with_server(cx: &Cx<'_>) -> Option<Fault> {
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
pub fn nntp(cx: &Cx<'_>) -> Option<Fault> {
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

/// `telneturl = "telnet://" login [ "/" ]`.
pub fn telnet(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "telnet://user:password@host:port/") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    match cx.text(r.clone()) {
        "" | "/" => None,
        _ => Some(Fault::new(
            r,
            "a telnet URL has no path, only an optional final `/`",
        )),
    }
}

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search
/// [ "%09" gopher+_string ]]]]]`; a selector may not contain CR or LF.
pub fn gopher(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "gopher://host:port/<type><selector>") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    // Skip the `/` and the one-character type, which may itself be encoded.
    let gtype = if cx.url.as_bytes().get(r.start + 1) == Some(&b'%') {
        3
    } else {
        1
    };
    let sel_start = (r.start + 1 + gtype).min(r.end);
    for e in escape::escapes(cx.url, sel_start..r.end) {
        match e.value {
            Some(0x09) => return None,
            Some(0x0A | 0x0D) => {
                return Some(Fault::new(
                    e.range,
                    "a Gopher selector cannot contain CR or LF (RFC 1738 §3.4)",
                ))
            }
            _ => {}
        }
    }
    None
}

/// `waisdatabase | waisindex | waisdoc`: `/database`, `/database?search` or
/// `/database/wtype/wpath`, each part `*uchar`.
pub fn wais(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "wais://host:port/database") {
        return Some(f);
    }
    let p = cx.parts.path.clone();
    let path = cx.text(p.clone());
    let Some(rest) = path.strip_prefix('/') else {
        return Some(Fault::new(
            cx.parts.body.clone(),
            "a WAIS URL names a database: `wais://host/database`",
        ));
    };
    let parts = rest.split('/').count();
    if parts != 1 && parts != 3 {
        return Some(Fault::new(
            p,
            "a WAIS path is `/database` or `/database/wtype/wpath`",
        ));
    }
    if let Some(i) = first_not_uchar(cx.url, p.start + 1..p.end, b"/") {
        return Some(Fault::new(
            char_at(cx.url, i),
            "reserved character in a WAIS database, type or path: encode it",
        ));
    }
    let q = cx.parts.query.clone()?;
    if parts == 3 {
        return Some(Fault::new(
            q.start - 1..q.end,
            "a WAIS document URL takes no `?search`",
        ));
    }
    let i = first_not_uchar(cx.url, q, b";:@&=")?;
    Some(Fault::new(
        char_at(cx.url, i),
        "`/` or `?` in a WAIS search must be encoded",
    ))
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ ";" fieldname "=" fieldvalue ]`.
pub fn prospero(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "prospero://host:port/hsoname") {
        return Some(f);
    }
    let r = cx.parts.path_and_query();
    if !cx.text(r.clone()).starts_with('/') {
        return Some(Fault::new(
            cx.parts.body.clone(),
            "a Prospero URL names an object: `prospero://host/hsoname`",
        ));
    }
    let b = cx.url.as_bytes();
    let end = memchr::memchr(b';', &b[r.clone()]).map_or(r.end, |i| r.start + i);
    if let Some(i) = first_not_uchar(cx.url, r.start..end, b"/?:@&=") {
        return Some(Fault::new(
            char_at(cx.url, i),
            "reserved character in a Prospero name: encode it",
        ));
    }
    let mut at = end;
    while at < r.end {
        let next = memchr::memchr(b';', &b[at + 1..r.end]).map_or(r.end, |i| at + 1 + i);
        let field = at..next;
        let text = cx.text(at + 1..next);
        match text.split_once('=') {
            Some((_, value))
                if !value.contains('=')
                    && first_not_uchar(cx.url, at + 1..next, b"?:@&=").is_none() => {}
            _ => {
                return Some(Fault::new(
                    field,
                    "a Prospero field is `;name=value` (no `/`, one `=`)",
                ));
            }
        }
        at = next;
    }
    None
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`: no user, no port.
pub fn file(cx: &Cx<'_>) -> Option<Fault> {
    if let Some(f) = missing_authority(cx, "file://host/path") {
        return Some(f);
    }
    let a = cx.parts.authority.as_ref()?;
    if let Some(ui) = &a.userinfo {
        return Some(Fault::new(
            ui.start..ui.end + 1,
            "a file URL has no user or password",
        ));
    }
    if let Some(p) = &a.port {
        return Some(Fault::new(p.start - 1..p.end, "a file URL has no port"));
    }
    if cx.parts.path.is_empty() {
        return Some(Fault::new(
            a.range.clone(),
            "a file URL needs a `/path` after the host",
        ));
    }
    None
}
