//! Split a URL once into its parts, as byte ranges into the URL text.
//!
//! The split follows RFC 1738 §2.1 (`scheme ":" scheme-specific-part`),
//! §3.1 (`//user:password@host:port/url-path`) and RFC 1630 (the first `#`
//! starts the fragment, the first `?` the query). It never fails: every rule
//! then judges the parts it cares about. Only ASCII delimiters are looked for,
//! so every range boundary is a UTF-8 char boundary.

use std::ops::Range;

/// The `//user:password@host:port` part of a URL (RFC 1738 §3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authority {
    /// Everything after `//` up to the path, query or fragment.
    pub range: Range<usize>,
    /// `user[:password]`, without the `@`, when an `@` is present.
    pub userinfo: Option<Range<usize>>,
    /// The password (after the first `:` of `userinfo`), possibly empty.
    pub password: Option<Range<usize>>,
    /// The host, brackets included for an IPv6 literal; may be empty.
    pub host: Range<usize>,
    /// The port after `:`, possibly empty; `None` when there is no `:`.
    pub port: Option<Range<usize>>,
}

/// A URL split into parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    /// The scheme before the first `:`, when that `:` comes before any `/`,
    /// `?` or `#`. `None` for a partial (relative) form.
    pub scheme: Option<Range<usize>>,
    /// The scheme-specific part: after `scheme:` up to the fragment's `#`.
    pub body: Range<usize>,
    /// Present when `body` starts with `//`.
    pub authority: Option<Authority>,
    /// After the authority (starting at its `/`), or the opaque part, up to
    /// the first `?`.
    pub path: Range<usize>,
    /// After the first `?` of the body (the `?` excluded).
    pub query: Option<Range<usize>>,
    /// After the first `#` (the `#` excluded).
    pub fragment: Option<Range<usize>>,
}

impl Parts {
    /// Split `url`.
    pub fn parse(url: &str) -> Parts {
        let b = url.as_bytes();
        let scheme = b
            .iter()
            .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
            .filter(|&i| b[i] == b':')
            .map(|i| 0..i);
        let body_start = scheme.as_ref().map_or(0, |s| s.end + 1);
        let hash = find(b, body_start, b.len(), |c| c == b'#');
        let body = body_start..hash;
        let fragment = (hash < b.len()).then(|| hash + 1..b.len());

        let mut rest = body_start;
        let authority = if b[body.clone()].starts_with(b"//") {
            let start = body_start + 2;
            let end = find(b, start, hash, |c| c == b'/' || c == b'?');
            rest = end;
            Some(authority(b, start..end))
        } else {
            None
        };
        let q = find(b, rest, hash, |c| c == b'?');
        let query = (q < hash).then(|| q + 1..hash);
        Parts {
            scheme,
            body,
            authority,
            path: rest..q,
            query,
            fragment,
        }
    }

    /// The path with its query, `?` included: what schemes that do not
    /// reserve `?` (ftp, gopher, news, prospero) read as one piece.
    pub fn path_and_query(&self) -> Range<usize> {
        self.path.start..self.body.end
    }
}

/// The first index in `from..to` whose byte matches, or `to`.
fn find(b: &[u8], from: usize, to: usize, pred: impl Fn(u8) -> bool) -> usize {
    b[from..to]
        .iter()
        .position(|&c| pred(c))
        .map_or(to, |i| from + i)
}

fn authority(b: &[u8], range: Range<usize>) -> Authority {
    // The last `@` ends the userinfo: RFC 1738 requires `@` inside user and
    // password to be encoded, so an earlier one is a mistake in the userinfo,
    // not the start of the host.
    let at = b[range.clone()].iter().rposition(|&c| c == b'@');
    let (userinfo, password, hp) = match at {
        Some(i) => {
            let ui = range.start..range.start + i;
            let colon = find(b, ui.start, ui.end, |c| c == b':');
            let password = (colon < ui.end).then(|| colon + 1..ui.end);
            (Some(ui), password, range.start + i + 1)
        }
        None => (None, None, range.start),
    };
    let host_end = if b.get(hp) == Some(&b'[') {
        // An IPv6 literal (RFC 2732): the host runs to its `]`.
        find(b, hp, range.end, |c| c == b']')
            .saturating_add(1)
            .min(range.end)
    } else {
        find(b, hp, range.end, |c| c == b':')
    };
    let port =
        (b.get(host_end) == Some(&b':') && host_end < range.end).then(|| host_end + 1..range.end);
    Authority {
        range: range.clone(),
        userinfo,
        password,
        host: hp..host_end,
        port,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(url: &str) -> String {
        let p = Parts::parse(url);
        let s = |r: &Option<Range<usize>>| r.clone().map_or("-".into(), |r| url[r].to_string());
        let auth = p.authority.as_ref().map_or(String::new(), |a| {
            format!(
                "userinfo={} password={} host={} port={} ",
                s(&a.userinfo),
                s(&a.password),
                &url[a.host.clone()],
                s(&a.port)
            )
        });
        format!("scheme={} ", s(&p.scheme))
            + &auth
            + &format!(
                "path={} query={} fragment={}",
                &url[p.path.clone()],
                s(&p.query),
                s(&p.fragment)
            )
    }

    #[test]
    fn splits_the_common_internet_scheme_syntax() {
        assert_eq!(
            show("ftp://foo:bar@host.com:21/a/b?c#d#e"),
            "scheme=ftp userinfo=foo:bar password=bar host=host.com port=21 path=/a/b query=c fragment=d#e"
        );
        assert_eq!(
            show("ftp://@host.com/"),
            "scheme=ftp userinfo= password=- host=host.com port=- path=/ query=- fragment=-"
        );
        assert_eq!(
            show("ftp://foo:@host.com/"),
            "scheme=ftp userinfo=foo: password= host=host.com port=- path=/ query=- fragment=-"
        );
        assert_eq!(
            show("http://h:/"),
            "scheme=http userinfo=- password=- host=h port= path=/ query=- fragment=-"
        );
        assert_eq!(
            show("http://[::1]:8080/x"),
            "scheme=http userinfo=- password=- host=[::1] port=8080 path=/x query=- fragment=-"
        );
        assert_eq!(
            show("http://h?q"),
            "scheme=http userinfo=- password=- host=h port=- path= query=q fragment=-"
        );
    }

    #[test]
    fn opaque_and_partial_forms() {
        assert_eq!(
            show("mailto:a@b?subject=x"),
            "scheme=mailto path=a@b query=subject=x fragment=-"
        );
        assert_eq!(show("news:*"), "scheme=news path=* query=- fragment=-");
        assert_eq!(
            show("../a:b/c#x"),
            "scheme=- path=../a:b/c query=- fragment=x"
        );
        assert_eq!(show("http:"), "scheme=http path= query=- fragment=-");
        assert_eq!(show(""), "scheme=- path= query=- fragment=-");
    }

    #[test]
    fn non_ascii_does_not_split_characters() {
        let p = Parts::parse("http://b\u{fc}r:\u{e9}/\u{fc}?\u{fc}#\u{fc}");
        let a = p.authority.unwrap();
        assert_eq!(a.host, 7..11);
        assert_eq!(a.port, Some(12..14));
    }
}
