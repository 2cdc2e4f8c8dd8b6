//! `nondefault-port`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::schemes::default_port;
use crate::url::grammar::port;
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a port below 1024 (the reserved space) that is not the default
    /// port of the URL's scheme, e.g. an http URL pointing at port 25.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §6: a URL can make a client talk to a server of another
    /// protocol ("the use of gopher URLs to cause a rude message to be sent
    /// via a SMTP server"). "Caution should be used when using any URL which
    /// specifies a port number other than the default for the protocol,
    /// especially when it is a number within the reserved space." Ports of
    /// 1024 and up are common for test servers and are not reported.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) a host reserved for documentation or
    /// local use (`example.com`, `*.example`, `*.test`, `localhost`,
    /// RFC 5737 and RFC 3849 addresses, loopback) is an example, not a
    /// server: not reported; and only a port where another protocol is
    /// known to listen is reported: one the WHATWG Fetch standard lists as a
    /// "bad port" (SMTP 25, SSH 22, IMAP 143, ...; browsers refuse them for
    /// exactly this attack) or another known scheme's default (`gopher://h:80`).
    /// `http://host:81/` is a server that really runs there. Nor is the
    /// port of the scheme's own secure or plain twin (`http://x.com:443`,
    /// `https://h:80`, `ws://h:443`): text writes that to talk about the
    /// mix-up (a redirect from HTTP to HTTPS on one listener), and no
    /// other protocol's server is reached. Nor is a Gopher telnet item's
    /// port 23 (`gopher://h:23/8…`, RFC 1436's type `8`): it names the
    /// telnet server the menu points at. Nor is any port of a `telnet:`
    /// URL: telnet is the client people talk to any text protocol with
    /// (`telnet://uunet.uu.net:119` to a news server by hand, `curl -v
    /// telnet://host:22` to see whether SSH answers), nor port 70 of an
    /// `http:` URL (`http://cyberwerks.com:70/cyberwire/cwd/`: GN and
    /// pygopherd served both protocols there, their web pages often with
    /// the Gopher item type first, `…:70/0h/…`; every one sampled on real
    /// trees was right),
    /// nor a server and port alone, no path, that `curl` or `wget` is run
    /// on, on the URL's line (`curl -v http://173.245.59.67:53`: a probe of
    /// what answers there; `curl http://host:25/v1/upload` is reported),
    /// nor a web URL to a machine of a private network (RFC 1918 addresses,
    /// `http://192.168.5.73:21/`: a lab box or a capture-the-flag target
    /// whose web server runs there, the write-up's finding).
    /// Under `rfc1738`
    /// every host is judged alike, and every reserved port.
    ///
    /// ## Example
    /// `gopher://host:25/0hello`
    ///
    /// Use instead: `gopher://host:70/0hello`
    pub static NONDEFAULT_PORT = {
        name: "nondefault-port",
        group: Security,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 §6",
        summary: "a reserved port (< 1024) that is not the scheme's default; under rfc3986 only one another protocol listens on",
        example: "gopher://host:25/0hello",
        ok_example: "http://host:80/",
        help: "check that this port really serves the scheme's protocol (RFC 1738 §6)",
    }
}

/// Report a reserved, non-default port of a scheme with a known default.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(default) = default_port(cx.scheme_str()) else {
        return;
    };
    let Some(p) = cx.parts.authority.as_ref().and_then(|a| a.port.clone()) else {
        return;
    };
    // Asked after the port, which most URLs do not have.
    if cx.is_example() {
        return;
    }
    let Ok(n) = port::check(cx.url, p.clone(), p.start - 1) else {
        return;
    };
    let other_protocol = cx.standard == Standard::Rfc1738
        || (is_other_protocols(n)
            && !is_twins_port(cx.scheme_str(), n)
            && !is_gopher_telnet_item(cx, n)
            && !is_gn_page(cx, n)
            && !is_probe(cx)
            && !is_private_address(cx)
            && cx.scheme != SchemeKind::Telnet);
    if n < 1024 && n != u32::from(default) && other_protocol {
        out.at(
            p,
            format!(
                "port {n} is reserved for another protocol; `{}` uses {default}",
                cx.scheme_str()
            ),
        );
    }
}

/// Whether the URL is a server and port alone, no path beyond `/`, that
/// `curl` or `wget` is run on, on its line (`curl -v
/// http://173.245.59.67:53`, `wget "http://88.88.88.88:22"`): a port
/// probed on purpose, to see what answers there. A request for a page
/// there (`curl -X POST http://host:25/v1/upload`) is still judged.
fn is_probe(cx: &Cx<'_>) -> bool {
    let bare = matches!(cx.text(cx.parts.path.clone()), "" | "/")
        && cx.parts.query.is_none()
        && cx.parts.fragment.is_none();
    if !bare {
        return false;
    }
    let head = cx.source_head().unwrap_or_default();
    let line = head.rsplit('\n').next().unwrap_or(head);
    line.split_whitespace().any(|w| {
        // A command quoted for a shell (`sh -c 'curl …'`) or substituted.
        let w = w.trim_start_matches(['\'', '"', '(', '`', '$']);
        let name = w.rsplit('/').next().unwrap_or(w);
        matches!(name, "curl" | "wget" | "curl.exe" | "wget.exe")
    })
}

/// Whether the host is an address of a private network (RFC 1918: 10/8,
/// 172.16/12, 192.168/16): a machine on the writer's own network, a lab
/// box or a capture-the-flag target whose web server really listens on
/// port 21 or 22 (`http://192.168.5.73:21/`, the write-up's finding); a
/// web URL only (`gopher://192.168.1.1:80/` is still reported). No
/// public server of another protocol is reached, the threat RFC 1738 §6
/// describes; every one judged on real trees was so.
fn is_private_address(cx: &Cx<'_>) -> bool {
    if !matches!(cx.scheme, SchemeKind::Http | SchemeKind::Https) {
        return false;
    }
    let Some(a) = &cx.parts.authority else {
        return false;
    };
    let Ok(ip) = cx.text(a.host.clone()).parse::<std::net::Ipv4Addr>() else {
        return false;
    };
    ip.is_private()
}

/// Whether `n` is the default port of the secure or plain twin of
/// `scheme` (`http` and `https`, `ws` and `wss`): the same protocol, with
/// or without TLS.
fn is_twins_port(scheme: &str, n: u32) -> bool {
    let is = |name: &str| scheme.eq_ignore_ascii_case(name);
    match n {
        443 => is("http") || is("ws"),
        80 => is("https") || is("wss"),
        _ => false,
    }
}

/// `gopher://78.80.30.202:23/8/ps3/new`: a Gopher menu's telnet item (type
/// `8`, or `T` for tn3270; RFC 1436 §3.8, RFC 4266 §2.1) names the telnet
/// server's port, 23 by default; no Gopher request is sent there.
fn is_gopher_telnet_item(cx: &Cx<'_>, n: u32) -> bool {
    n == 23
        && cx.scheme_str().eq_ignore_ascii_case("gopher")
        && matches!(
            cx.text(cx.parts.path.clone()).as_bytes(),
            [b'/', b'8' | b'T', ..]
        )
}

/// `http://cyberwerks.com:70/0h/cyberwire/cwd/…`: GN, a server of the
/// 1990s, answered Gopher and HTTP on one port, 70, and its web pages often
/// kept the Gopher item type as the path's first segment (`/0h/`, `/1/`);
/// pygopherd does the same today (`http://quux.org:70/devel/`). Every
/// `http:` URL on port 70 judged on real trees was one of these.
fn is_gn_page(cx: &Cx<'_>, n: u32) -> bool {
    n == 70 && cx.scheme == SchemeKind::Http
}

/// Reserved ports another protocol listens on: the WHATWG Fetch standard's
/// "bad ports" below 1024 (fetch.spec.whatwg.org, "port blocking", 2024),
/// and the defaults of known schemes (http 80, gopher 70, https 443, wais
/// 210).
fn is_other_protocols(n: u32) -> bool {
    const PORTS: &[u32] = &[
        1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 70, 77, 79, 80, 87,
        95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
        179, 210, 389, 427, 443, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
        563, 587, 601, 636, 989, 990, 993, 995,
    ];
    PORTS.binary_search(&n).is_ok()
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn example_hosts_are_spared_under_rfc3986() {
        table_3986(
            Rule::NondefaultPort,
            &[
                ("http://example.com:25/", &[]),
                ("http://localhost:443/", &[]),
                ("http://192.0.2.1:21/", &[]),
                ("http://[2001:db8::1]:22/", &[]),
                ("http://mail.gnu.org:25/", &["25"]),
                // A private network's machine (a CTF write-up's target);
                // near misses: a public address, a name.
                (
                    "http://192.168.5.73:21/9a618248b64db62d15b300a07b00580b/",
                    &[],
                ),
                ("http://10.10.119.190:22/nnxhweOV/index.php", &[]),
                ("http://172.20.0.5:25/", &[]),
                ("http://172.32.0.5:25/", &["25"]),
                ("http://88.88.88.88:22/x", &["22"]),
                ("http://box.lan:21/", &["21"]),
                ("gopher://192.168.1.1:80/", &["80"]),
                ("gopher://gopher.floodgap.com:25/0x", &["25"]),
                // A server that really runs on a port no other protocol has.
                ("http://lmark.mgx.hu:81/download/vim/sicad.vim", &[]),
                ("http://www.gnu.org:800/", &[]),
                // The twin's port: the HTTP-to-HTTPS mix-up talked about.
                ("https://www.gnu.org:80/", &[]),
                ("http://x.com:443", &[]),
                ("wss://x.com:80/", &[]),
                // Near misses: another protocol's port for the same schemes.
                ("https://www.gnu.org:25/", &["25"]),
                ("http://x.com:993/", &["993"]),
                ("gopher://x.com:443/", &["443"]),
                // A Gopher menu's telnet item names the telnet port; a
                // text item sent there, or another port, is reported.
                ("gopher://78.80.30.202:23/8/ps3/new", &[]),
                ("gopher://gopher.floodgap.com:23/T", &[]),
                ("gopher://gopher.floodgap.com:23/0file", &["23"]),
                ("gopher://gopher.floodgap.com:25/8x", &["25"]),
                // Telnet to another protocol's port, on purpose; near
                // miss: the same port for another scheme.
                ("telnet://uunet.uu.net:119", &[]),
                ("telnet://192.168.1.10:22", &[]),
                ("gopher://uunet.uu.net:119/", &["119"]),
                // GN's web pages on the Gopher port, with or without the
                // item type first; near misses: TLS there, another port.
                (
                    "http://cyberwerks.com:70/0h/cyberwire/cwd/cwd.96.05.22a.html",
                    &[],
                ),
                ("http://cyberwerks.com:70/1/", &[]),
                ("http://cyberwerks.com:70/cyberwire/", &[]),
                ("https://cyberwerks.com:70/cyberwire/", &["70"]),
                ("http://cyberwerks.com:79/cyberwire/", &["79"]),
            ],
        );
    }

    #[test]
    fn a_port_curl_or_wget_probes_under_rfc3986() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let fires =
            |text: &str, standard| rules_in_text(text, standard).contains(&Rule::NondefaultPort);
        for text in [
            "$ docker exec -it pod sh -c 'curl -v http://173.245.59.67:53'\n",
            "wget \"http://88.88.88.88:22\"\n",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // Near misses: a page requested there; a link in prose; a word
        // that only contains `curl`.
        assert!(fires(
            "curl -X POST http://reports.acme-corp.net:25/v1/upload\n",
            Standard::Rfc3986
        ));
        assert!(fires(
            "see http://173.245.59.67:53 now\n",
            Standard::Rfc3986
        ));
        assert!(fires("curly http://173.245.59.67:53\n", Standard::Rfc3986));
    }

    #[test]
    fn nondefault_port() {
        table(
            Rule::NondefaultPort,
            &[
                ("http://host:25/", &["25"]),
                ("https://host:80/", &["80"]),
                ("gopher://host:25/0x", &["25"]),
                ("http://host:80/", &[]),
                ("https://host:443/", &[]),
                ("http://host:8080/", &[]),
                ("http://host/", &[]),
                ("x-custom://host:25/", &[]),
                ("http://host:99999/", &[]),
                ("http://host:81/", &["81"]),
            ],
        );
    }
}
