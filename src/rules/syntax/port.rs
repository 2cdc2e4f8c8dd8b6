//! `invalid-port`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::port;
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Checks the port after the host: decimal digits, at most 65535. An
    /// empty port (`http://host:/`) is reported too: RFC 1738's BNF says
    /// `port = digits` (one or more), and §3.1 "If the port is omitted, the
    /// colon is as well."
    ///
    /// ## Why is this bad?
    /// A port that is not a TCP port number cannot be connected to; clients
    /// disagree on what they do with it.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) an empty port (`http://host:/`) is
    /// allowed, as RFC 3986 §3.2.3 writes `port = *DIGIT` (under `rfc1738`
    /// it is reported), and so is `-1`, which a server's log prints for a
    /// port it has turned off (`WildFly`'s `https://192.168.0.115:-1/management`)
    /// and no writer means as a URL; a "port" holding a character no URL
    /// may hold (`http://localhost:631"`, a quote glued on) is left to
    /// `unsafe-character`, which names the real fault, and so is the value
    /// of a `key:value` pair after a host and `;` (a search box's settings,
    /// `S:http://a.example;AWFID:5059c8b`, the URL ending at the `;`).
    /// Hatena's link notation is no port either (`[http://a.example:title=Page]`,
    /// a page's title asked for in brackets).
    /// Digits and the 65535
    /// limit apply under both.
    ///
    /// ## Example
    /// `http://host:80a/`
    ///
    /// Use instead: `http://host:8080/`
    pub static INVALID_PORT = {
        name: "invalid-port",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.1",
        summary: "port not digits or over 65535",
        example: "http://host:80a/",
        ok_example: "http://host:8080/",
        help: "a port is a decimal number up to 65535, or left out with its `:` (RFC 1738 §3.1)",
    }
}

/// Check the port of ip-based schemes (`file` has none: `invalid-file`).
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if !cx.scheme.has_ip_authority() || cx.scheme == SchemeKind::File {
        return;
    }
    let Some(p) = cx.parts.authority.as_ref().and_then(|a| a.port.clone()) else {
        return;
    };
    if p.is_empty() && cx.standard == Standard::Rfc3986 {
        return;
    }
    // `https://192.168.0.115:-1/management` (WildFly's boot log, quoted):
    // a server printing `-1` for a port it has turned off, no URL anyone
    // wrote.
    if cx.standard == Standard::Rfc3986 && cx.text(p.clone()) == "-1" {
        return;
    }
    // `http://localhost:631"` (a converter's closing quote glued on),
    // `http://Serving earth data: addressing requirements` (a title for a
    // link): a character no URL may hold is the fault, which
    // `unsafe-character` reports; the "port" is only its by-product.
    if cx.standard == Standard::Rfc3986
        && cx
            .text(p.clone())
            .contains([' ', '"', '<', '>', '{', '}', '|', '\\', '^', '`'])
    {
        return;
    }
    // `S:http://nedbatchelder.com;AWFID:5059…` (a Google search box's
    // settings, `key:value` pairs joined by `;`): the URL ends at the `;`
    // after its host, and the "port" is the next pair's value.
    let host = cx.parts.authority.as_ref().map(|a| cx.text(a.host.clone()));
    if cx.standard == Standard::Rfc3986
        && host.is_some_and(|h| {
            h.rsplit_once(';').is_some_and(|(name, key)| {
                name.contains('.')
                    && !key.is_empty()
                    && key.bytes().all(|c| c.is_ascii_alphabetic())
            })
        })
    {
        return;
    }
    // Hatena's link notation, `[http://mattn.kaoriya.net:title=mattn]`: a
    // keyword after the host's `:` in brackets asks for the page's title
    // (or its bookmark count, an image, an embed); no port.
    let hatena = cx
        .text(p.clone())
        .split([':', '='])
        .next()
        .is_some_and(|k| {
            matches!(
                k,
                "title" | "bookmark" | "image" | "embed" | "barcode" | "detail"
            )
        });
    if cx.standard == Standard::Rfc3986 && hatena && cx.source_before() == Some('[') {
        return;
    }
    if let Err(f) = port::check(cx.url, p.clone(), p.start - 1) {
        out.at(f.range, f.message);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn empty_port_is_fine_under_rfc3986() {
        table_3986(
            Rule::InvalidPort,
            &[
                ("http://host:/", &[]),
                ("http://host:80a/", &["80a"]),
                ("http://host:65536/", &["65536"]),
                // A log's disabled port; near miss: another negative one.
                ("https://192.168.0.115:-1/management", &[]),
                ("https://192.168.0.115:-2/management", &["-2"]),
                // A character no URL holds, `unsafe-character`'s; near
                // miss: letters.
                ("http://localhost:631\"", &[]),
                ("http://localhost:631x", &["631x"]),
                // A `key:value` list joined by `;` after the URL; near
                // misses: no key's name, no dotted host before it.
                ("http://nedbatchelder.com;AWFID:5059c8b", &[]),
                ("http://nedbatchelder.com;:5059c8b", &["5059c8b"]),
                ("http://localhost;AWFID:5059c8b", &["5059c8b"]),
            ],
        );
    }

    #[test]
    fn hatenas_link_notation_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let has = |text: &str| rules_in_text(text, Standard::Rfc3986).contains(&Rule::InvalidPort);
        assert!(!has("[http://mattn.kaoriya.net:title=mattn]\n"));
        assert!(!has("[http://www.nicograph.jp:title]\n"));
        // Near misses: no bracket before it, another word.
        assert!(has("see http://mattn.kaoriya.net:title=mattn\n"));
        assert!(has("[http://mattn.kaoriya.net:titles=mattn]\n"));
    }

    #[test]
    fn invalid_port() {
        table(
            Rule::InvalidPort,
            &[
                ("http://host:80a/", &["80a"]),
                ("http://host:65536/", &["65536"]),
                ("http://host:/", &[":"]),
                ("ftp://u:p@host:x", &["x"]),
                ("http://host:65535/", &[]),
                ("http://host/a:b", &[]),
                ("x-custom://host:abc/", &[]),
            ],
        );
    }
}
