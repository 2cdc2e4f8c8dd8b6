//! `invalid-host`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::escape::escapes;
use crate::url::grammar::host;
use crate::url::{Cx, SchemeKind, Standard};
use std::ops::Range;

declare_rule! {
    /// ## What it does
    /// Checks the host of the schemes that use RFC 1738 §3.1's
    /// `//user:password@host:port`: dot-separated labels of letters, digits
    /// and `-`, not starting or ending with `-`, the top label starting with
    /// a letter, or else a dotted-quad IP address with octets up to 255.
    ///
    /// ## Why is this bad?
    /// Such a host cannot be resolved: `-host.example.com`, `1.2.3` and
    /// `300.1.1.1` are typos or placeholders. Unknown schemes are not judged
    /// (they may not use DNS names), non-ASCII names are left to
    /// `non-ascii-character`, and `file://` may have an empty host.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) a host in brackets is an IP-literal
    /// and must hold a valid IPv6 address (eight hex groups, one `::`, an
    /// optional dotted quad at the end) or an `IPvFuture` `v1.xyz`. Under
    /// `rfc1738` brackets are `unsafe-character`'s, and this rule only
    /// checks that they enclose hex digits, `:` and `.`. Names and dotted
    /// quads are judged alike under both, except that `rfc3986` allows
    /// percent escapes, `_` and the sub-delims `!$&'()*+,;=` in a name
    /// (`reg-name`, RFC 3986 §3.2.2; `_dmarc.example.org` in practice, and
    /// `https://fake.example;auto` is curl's option syntax, not a typo), and
    /// a fully qualified name's final dot (`http://localhost.:9000`); an
    /// empty host before a port is the address a server listens on
    /// (`http://:80`), and one before a Unix socket's path is Docker's
    /// client's way (`http:///var/run/docker.sock/v1.18/…`), while
    /// `https:///host` is still reported. An IPv4
    /// address in `inet_aton`'s other notations, which browsers read
    /// (`http://0x7f000001/`, `http://0177.0.0.1/`, one 32-bit number
    /// `http://2130706433/`, loopback written short, `http://127.1:8000/`),
    /// or counting digits, the address examples make up (`123.456.78.90`, or last, `13.125.123.456`),
    /// or one with parts blotted out by `x`s (`http://xx.28.xx.53:8080/`),
    /// or a command's option read as a host (`http://--help/`, a window's
    /// title after `iexplore.exe --help`),
    /// is shown on purpose under `rfc3986`, and so is
    /// the DNS root's dot alone (a DNS server's `https://.:443` server block),
    /// a name followed by its port with the colon escaped (git's credential
    /// store, `http://u:p@220.231.228.87%3a8100`),
    /// a Pages site named after an account that ends in `-`
    /// (`https://lionel-.github.io/`), a name of one label, words joined by
    /// `-`, with a digit first (an nginx upstream's `http://4layer-nginx`,
    /// RFC 1123 §2.1), a name with a label of dashes alone, masked
    /// (`http://redmine.fq.---.jp/`), and a hex digest standing where an
    /// anonymised host was (32 hex
    /// digits or more, in a sample of telemetry), or a Docker container's
    /// short ID, its host name inside Docker (`http://380924f6ba29:8080`).
    /// Nor is the host of a request curl sends to a Unix socket (`curl
    /// --unix-socket /var/run/docker.sock http://v1.41/version`, ignored),
    /// or an address defanged in a write-up on malware
    /// (`http://39.107.60[.]51/`), or a one-label name the scan cut at a
    /// letter beyond ASCII, the text going on with a port or a path, a
    /// placeholder in the reader's language (`http://1번노드외부IP:9200/`;
    /// `http://8080에 접속하세요` is reported). A bare URL's name whose last label ends
    /// in `-` at the end of its line, the next line going on with the rest of it
    /// (`https://www.hackers-` over `arise.com/post/…` in a Markdown
    /// copy of a book), is reported as cut by the line break, under both.
    ///
    /// ## Example
    /// `http://host..example.com/`
    ///
    /// Use instead: `http://host.example.com/`
    pub static INVALID_HOST = {
        name: "invalid-host",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.1",
        summary: "bad domain label, digit-led top label that is not a dotted quad, octet over 255",
        example: "http://host..example.com/",
        ok_example: "http://host.example.com/",
        help: "a host is a domain name (letters, digits, `-`) or a dotted-quad IP address (RFC 1738 §3.1)",
    }
}

/// Check the host of ip-based schemes.
/// `http://22b137b6…c3b3fe2/clients` in a sample of telemetry: a hex
/// digest (32 hex digits or more, letters and digits both) standing where
/// an anonymised host was, no name anybody typed.
fn is_digest(name: &str) -> bool {
    name.len() >= 32 && is_mixed_hex(name)
}

/// `http://380924f6ba29:8080`, a server's log inside Docker: the
/// container's short ID (12 hex digits) is its host name there.
fn is_container_id(name: &str) -> bool {
    name.len() == 12 && !name.bytes().any(|c| c.is_ascii_uppercase()) && is_mixed_hex(name)
}

/// Whether `name` is hex digits only, with both digits and letters (a
/// hash's or an ID's, not a word or a number).
fn is_mixed_hex(name: &str) -> bool {
    name.bytes().all(|c| c.is_ascii_hexdigit())
        && name.bytes().any(|c| c.is_ascii_digit())
        && name.bytes().any(|c| c.is_ascii_alphabetic())
}

/// `https://lionel-.github.io/slidedecks/`: a user's site on GitHub (or
/// GitLab) Pages is named after the account, and GitHub once let a name
/// end in `-`; the address works and has no other spelling.
fn is_pages_account(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["github.io", "gitlab.io"].iter().any(|pages| {
        lower
            .strip_suffix(pages)
            .and_then(|rest| rest.strip_suffix('.'))
            .is_some_and(|user| {
                user.len() > 1
                    && user.ends_with('-')
                    && !user.starts_with('-')
                    && user.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
            })
    })
}

pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if !cx.scheme.has_ip_authority() || crate::rules::file_spared(cx) {
        return;
    }
    let Some(a) = &cx.parts.authority else {
        // Schemes with their own rule report a missing `//` there.
        // `<http:59FB336FB5FA814F086C2AD38D37D53C>` in Virtuoso's log: a
        // graph's name, a digest after the scheme, no host forgotten.
        // `docker cp a.pem http:/Mythic/a.pem`: the container `http`.
        if !cx.after_unix_socket()
            && !cx.in_copy_command()
            && !cx.in_colon_record()
            && !is_digest(cx.text(cx.parts.body.clone()))
            && matches!(
                cx.scheme,
                SchemeKind::Http | SchemeKind::Https | SchemeKind::Ftp
            )
        {
            let s = cx.scheme_str();
            out.at(
                cx.parts.body.clone(),
                format!("no `//host` after `{s}:`: a `{s}` URL is `{s}://host/path`"),
            );
        }
        return;
    };
    if a.host.is_empty() {
        // `https://a:b@測試/`: a bare URL ends at CJK text, so the scan cut
        // an IDN host off; the host is not empty, only unread.
        let cut = cx
            .source_after()
            .is_some_and(|c| !c.is_ascii() && c.is_alphanumeric());
        // `"http://user@..."`: the host left out on purpose, the `...`
        // taken for trailing punctuation.
        let elided = cx
            .source_after()
            .is_some_and(|c| c == '.' || c == '\u{2026}')
            && cx.url.ends_with('@');
        // `http://:80`: every interface, port 80, as servers (Go's
        // `net/http`, Caddy) write the address they listen on; RFC 3986's
        // `reg-name` may be empty. A port is needed: `https:///a` is a typo.
        let listen = a.port.as_ref().is_some_and(|p| !p.is_empty());
        // `Post http:///var/run/docker.sock/v1.18/containers/create: dial
        // unix …` (Docker's error, pasted): the socket's path stands where
        // the host would, as Docker's client writes it.
        let socket = cx
            .text(cx.parts.path.clone())
            .split('/')
            .take(5)
            .any(|seg| {
                seg.len() > 5
                    && seg
                        .get(seg.len() - 5..)
                        .is_some_and(|e| e.eq_ignore_ascii_case(".sock"))
            });
        if cx.standard == Standard::Rfc3986 && (cut || elided || listen || socket) {
            return;
        }
        if cx.scheme != SchemeKind::File {
            let r = if a.range.is_empty() {
                a.range.start - 2..a.range.start
            } else {
                a.range.clone()
            };
            out.at(r, "no host after `//`".to_string());
        }
        return;
    }
    let literal = cx.url.as_bytes().get(a.host.start) == Some(&b'[');
    if literal && cx.standard == Standard::Rfc3986 {
        if let Some(f) = host::ip_literal_fault(cx.url, a.host.clone()) {
            out.at(f.range, f.message);
        }
        return;
    }
    // `http://localhost.:9000`: a fully qualified name's final dot, the DNS
    // root (RFC 1034 §3.1), which resolvers and browsers accept.
    let mut hostname = a.host.clone();
    let name = cx.text(hostname.clone());
    if cx.standard == Standard::Rfc3986
        && name.len() > 1
        && name.ends_with('.')
        && !name.ends_with("..")
    {
        hostname.end -= 1;
    }
    // `http://wwh:123456@220.231.228.87%3a8100` (git's credential store,
    // `.git-credentials`, escapes the port's colon): the name ends before
    // the escaped colon and the port's digits.
    if cx.standard == Standard::Rfc3986 {
        let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let stem = &name[..name.len() - digits];
        if (1..=5).contains(&digits)
            && stem.len() > 3
            && stem
                .get(stem.len() - 3..)
                .is_some_and(|e| e.eq_ignore_ascii_case("%3a"))
        {
            hostname.end -= digits + 3;
        }
    }
    // `https://.:443 {`: CoreDNS's server block for the root zone, whose
    // name is the root's dot alone.
    if cx.standard == Standard::Rfc3986
        && (name == "."
            || ipv4_number_form(cx.text(hostname.clone()))
            || is_short_loopback(name)
            || is_counting_digits(name)
            || is_redacted_address(name)
            || is_masked_name(name)
            || is_local_name_with_digit(name)
            // `http://--help/ - Internet Explorer`: a window's title after
            // `iexplore.exe --help`, the option read as a host.
            || name.starts_with("--")
            || is_digest(name)
            || is_container_id(name)
            || is_pages_account(name)
            // `curl --unix-socket /var/run/docker.sock http://v1.41/version`:
            // the socket is the server, and curl ignores the host.
            || cx.after_unix_socket()
            // `http://39.107.60[.]51/api/`: an address defanged on purpose in
            // a malware write-up, the scan cut at its `[`.
            || cx.source_rest().is_some_and(|r| r.starts_with("[.]"))
            // `http://1번노드외부IP:9200/` ("node 1's external IP"): a
            // placeholder in the reader's language, which the scan cut at
            // its first letter; a single label is all that was read.
            // The text goes on as a URL after the words (a port, a path):
            // a particle after a host forgotten (`http://8080에 접속하세요`)
            // is still reported.
            || (!name.contains('.')
                && a.host.end == cx.url.len()
                && cx
                    .source_after()
                    .is_some_and(|c| !c.is_ascii() && c.is_alphanumeric())
                && cx.source_rest().is_some_and(|rest| {
                    let after = rest.trim_start_matches(char::is_alphanumeric);
                    after.starts_with('/')
                        || after
                            .strip_prefix(':')
                            .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit()))
                })))
    {
        return;
    }
    // RFC 3986 §3.2.2: `_` is unreserved and the sub-delims are allowed in
    // a reg-name, as in practice (`_dmarc.example.org`, `mongodb://a,b`);
    // judge the name with them read as letters. In prose, a sub-delim
    // where a host should end is rather text glued to a URL
    // (`--referer "https://fake.example;auto"`, `?target=http://a.io&m=x`).
    let reg_name = |c: char| c == '_' || "!$&'()*+,;=".contains(c);
    if cx.standard == Standard::Rfc3986 && cx.text(hostname.clone()).contains('%') {
        // RFC 3986 §3.2.2: `reg-name` may hold percent escapes (an IDN
        // written in UTF-8 octets; a socket's path, Docker's
        // `http://%2F%2F.%2Fpipe%2Fdocker_engine/v1.24/…`). Judge the name
        // with each valid escape read as three letters, which keeps every
        // range in place, and `_` and the sub-delims as letters too.
        let mut url = cx.url.replace(reg_name, "x");
        for e in escapes(cx.url, hostname.clone()).filter(|e| e.value.is_some()) {
            url.replace_range(e.range, "xxx");
        }
        if let Some(f) = host::check(&url, hostname.clone()) {
            // Quote the name as written, not the stand-in letters.
            let shown = url.get(f.range.clone()).unwrap_or_default();
            let message = f.message.replace(shown, cx.text(f.range.clone()));
            out.at(f.range, message);
        }
        return;
    }
    if cx.standard == Standard::Rfc3986 && cx.text(hostname.clone()).contains(reg_name) {
        let url = cx.url.replace(reg_name, "x");
        if let Some(f) = host::check(&url, hostname.clone()) {
            out.at(f.range, f.message);
        }
        return;
    }
    if let Some(f) = host::check(cx.url, hostname.clone()) {
        match cut_at_line_end(cx, f.range.clone()) {
            Some(message) => out.at_with_help(
                f.range,
                message,
                "write the URL on one line: a line break ends it".to_string(),
            ),
            None => out.at(f.range, f.message),
        }
    }
}

/// The message for a host whose last label ends in `-` at the end of its
/// line, the name going on at the start of the next (`https://www.hackers-`
/// over `arise.com/post/…` in a book's Markdown copy): the fault is the
/// line break, which the document keeps (only plain text's hard wraps are
/// rejoined), not a name someone chose.
fn cut_at_line_end(cx: &Cx<'_>, fault: Range<usize>) -> Option<String> {
    // A bare URL's: a wrapper's or a link's end is its markup's.
    let label = cx.text(fault.clone());
    if cx.cand.form != crate::scan::Form::Bare || fault.end != cx.url.len() || !label.ends_with('-')
    {
        return None;
    }
    // A soft hyphen after it, a PDF's typesetting, is no text either.
    let rest = cx.source_rest()?.trim_start_matches('\u{ad}');
    if !(rest.is_empty() || rest.starts_with(['\n', '\r'])) {
        return None;
    }
    let next = cx.cand.excerpt.as_ref()?.next.trim_start();
    let word = next
        .split_whitespace()
        .next()?
        .trim_end_matches([',', '.', ';', ':', ')', '>']);
    let name = word.split('/').next().unwrap_or_default();
    (name.contains('.') && name.starts_with(|c: char| c.is_ascii_alphanumeric())).then(|| {
        format!(
            "the host is cut by a line break after `{label}`: the next line goes on with `{word}`"
        )
    })
}

/// `http://0x7f000001/`, `http://1113343453/`, `http://0177.0.0.1/`: an
/// IPv4 address in one of the other notations `inet_aton` and browsers
/// read (the WHATWG URL standard's IPv4 parser: hex `0x` or octal `0`-led
/// parts, or the whole address as one number). Nobody types one by
/// mistake; a page about obfuscated or equivalent addresses shows them on
/// purpose. Plain decimal parts (`1.2.3`, `300.1.1.1`) are still judged:
/// they are typos far more often.
fn ipv4_number_form(name: &str) -> bool {
    // Asked of every host: a name (`www.`) is turned away at its first byte.
    if !name.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    let number = |p: &str| {
        let hex = p
            .strip_prefix("0x")
            .or_else(|| p.strip_prefix("0X"))
            .map(|h| !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit()));
        hex.unwrap_or(!p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
    };
    let parts = name.split('.');
    if parts.clone().count() > 4 || !parts.clone().all(number) {
        return false;
    }
    let other = |p: &str| p.len() > 1 && (p[1..].starts_with(['x', 'X']) || p.starts_with('0'));
    // One number of eight digits or more: a 32-bit address in decimal;
    // or `0`, every interface (`Accepting connections at http://0:5000/`,
    // as Perl's HTTP::Server::PSGI prints it).
    let one = !name.contains('.') && (name.len() >= 8 || name == "0");
    parts.clone().any(other) || one
}

/// `123.456.78.90` ("if the IP address is 123.456.78.90"): the digits
/// counted up, the address every example makes up; no typo makes it.
/// They may come last, after a real network's start (`13.125.123.456`,
/// a sample output's EC2 address).
fn is_counting_digits(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    name.starts_with("123.456.")
        || (parts.len() == 4
            && parts.ends_with(&["123", "456"])
            && parts[..2]
                .iter()
                .all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_digit())))
}

/// `xx.28.xx.53` (a blog's `printf("eg: … http://xx.28.xx.53:8080/…")`):
/// an IPv4 address with some parts blotted out by `x`s, shown so on
/// purpose; no typo turns digits into letters.
fn is_redacted_address(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    let digits = |p: &&str| (1..=3).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_digit());
    let blot = |p: &&str| (1..=3).contains(&p.len()) && p.bytes().all(|c| matches!(c, b'x' | b'X'));
    parts.len() == 4
        && parts.iter().all(|p| digits(p) || blot(p))
        && parts.iter().any(digits)
        && parts.iter().any(blot)
}

/// `redmine.fq.---.jp`: a label of dashes alone, a name masked before
/// the text was published; no registry gives such a label.
fn is_masked_name(name: &str) -> bool {
    name.contains('.')
        && name
            .split('.')
            .any(|l| l.len() >= 3 && l.bytes().all(|c| c == b'-'))
}

/// `http://4layer-nginx` (an nginx upstream's name), a Docker service's
/// `2fa-server`: a name of one label, words joined by `-`, may start with
/// a digit (RFC 1123 §2.1); the top-label rule is for names under a TLD.
/// A run of hex digits alone (`http://5a77c24cf265da4e747f92e8/`, an ID
/// where a host should be) is still judged.
fn is_local_name_with_digit(name: &str) -> bool {
    !name.contains('.')
        && name.starts_with(|c: char| c.is_ascii_digit())
        && name.contains('-')
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
        && !name.bytes().all(|c| c.is_ascii_hexdigit() || c == b'-')
}

/// `127.1`, `127.0.1`: loopback written short (`hget
/// http://127.1:8000/index` in Plan 9's venti example), which `inet_aton`
/// and browsers read as `127.0.0.1`; typed on purpose. A last part left
/// empty (`127.0.0.:8000`, a translation that lost the `1`) is a typo.
fn is_short_loopback(name: &str) -> bool {
    let parts = name.split('.');
    name.starts_with("127.")
        && (2..=3).contains(&parts.clone().count())
        && parts
            .clone()
            .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn a_host_the_scan_cut_at_cjk_is_not_empty() {
        use crate::rules::testutil::rules_in_text;
        use crate::url::Standard;
        let fires =
            |text: &str, standard| rules_in_text(text, standard).contains(&Rule::InvalidHost);
        let text = "new URL('https://a:b@\u{6e2c}\u{8a66}?abc#foo');";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(fires("see https://a:b@ now", Standard::Rfc3986));
        // The host left out: `"http://user@..."`.
        assert!(!fires(
            "deny URLs with userinfo (\"http://user@...\")",
            Standard::Rfc3986
        ));
        // A unix socket's request, whose host curl ignores; an address
        // defanged with `[.]`. Near misses: no socket option, no `[.]`.
        for text in [
            "curl --silent --unix-socket /var/run/docker.sock http://v1.41/version",
            "new URI(\"http://39.107.60[.]51/api/software/\")",
            "http://1\u{bc88}\u{b178}\u{b4dc}IP:9200/?pretty",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        assert!(fires(
            "curl --silent http://v1.41/version",
            Standard::Rfc3986
        ));
        assert!(fires(
            "new URI(\"http://39.107.60[0]51/\")",
            Standard::Rfc3986
        ));
        // Near misses of a placeholder cut at a letter: a dotted name cut;
        // a particle after a forgotten host, no port or path after it.
        assert!(fires(
            "\u{bc0c} http://8080\u{c5d0} \u{c811}",
            Standard::Rfc3986
        ));
        assert!(fires(
            "\u{8bbf} http://1000\u{7aef}\u{53e3} \u{5373}",
            Standard::Rfc3986
        ));
        assert!(fires(
            "\u{8bbf}http://192.168.1\u{6253}\u{5f00}",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn a_host_cut_by_a_line_break_says_so() {
        // A book's Markdown copy, a URL hyphenated at its host.
        let md = "see https://www.hackers-\narise.com/post/2019/stuxnet, and more\n";
        let d = crate::rules::testutil::document_diagnostics(crate::document::Syntax::Markdown, md);
        let host: Vec<_> = d.iter().filter(|d| d.rule == Rule::InvalidHost).collect();
        assert_eq!(host.len(), 1, "{d:?}");
        assert_eq!(
            host[0].message,
            "the host is cut by a line break after `hackers-`: the next line goes on with `arise.com/post/2019/stuxnet`"
        );
        // A soft hyphen between the `-` and the break (a PDF's).
        let md = "see https://www.smart-\u{ad}\nindustry.net/x and more\n";
        let d = crate::rules::testutil::document_diagnostics(crate::document::Syntax::Markdown, md);
        assert!(
            d.iter()
                .any(|d| d.message.starts_with("the host is cut by a line break")),
            "{d:?}"
        );
        // Near misses: the next line a word, not a name; text after the
        // URL on its line. Each is the label's fault, as before.
        for md in [
            "see https://www.hackers-\nand more\n",
            "see https://www.hackers- arise.com/x\n",
            "see <https://www.hackers->\narise.com/x\n",
        ] {
            let d =
                crate::rules::testutil::document_diagnostics(crate::document::Syntax::Markdown, md);
            let host: Vec<_> = d.iter().filter(|d| d.rule == Rule::InvalidHost).collect();
            assert_eq!(host.len(), 1, "{md}: {d:?}");
            assert!(
                host[0].message.starts_with("label `hackers-`"),
                "{md}: {d:?}"
            );
        }
    }

    #[test]
    fn ip_literals_under_rfc3986() {
        table_3986(
            Rule::InvalidHost,
            &[
                ("http://[::1]:8080/", &[]),
                ("http://[2001:db8::7]/c=GB", &[]),
                ("http://[v7.abc]/", &[]),
                ("http://[1::2::3]/", &["[1::2::3]"]),
                ("http://[fe80::g]/", &["[fe80::g]"]),
                ("http://my_host.example.com/", &[]),
                ("http://-host.example.com/", &["-host"]),
                ("https://fake.example;auto", &[]),
                ("http://prometheus.io&module=http_2xx", &[]),
                ("mongodb://a.example,b.example/db", &[]),
                ("http://loki:s@localhost.:9000", &[]),
                ("http://:80", &[]),
                ("https:///slack.cncf.io", &["//"]),
                // Docker's client: the socket's path where the host is;
                // near miss: a file name that only starts so.
                ("http:///var/run/docker.sock/v1.18/containers/create", &[]),
                ("http:///var/run/docker.socket.html", &["//"]),
                ("http://www.gnu.org./", &[]),
                ("http://www.gnu.org../", &["."]),
                ("http://1.2.3./", &["3"]),
                ("http://a..b;c/", &["."]),
                ("https://%CF%80.example/", &[]),
                ("https://a%CF%80b.example/", &[]),
                ("https://my-%CF%80-.example/", &["my-%CF%80-"]),
                // A socket's path (Docker's named pipe on Windows).
                (
                    "http://%2F%2F.%2Fpipe%2Fdocker_engine/v1.24/containers",
                    &[],
                ),
            ],
        );
    }

    #[test]
    fn ipv4_in_other_notations_is_shown_on_purpose_under_rfc3986() {
        let cases: &[(&str, &[&str])] = &[
            ("http://0x7f000001/", &[]),
            ("http://0x7f.0.0.1/", &[]),
            ("http://1113343453/", &[]),
            ("http://0177.0.0.1/", &[]),
            ("http://0:5000/", &[]),
            ("http://127.1:8000/index", &[]),
            ("http://127.0.1/", &[]),
            ("http://127.0.0.:8000/", &["0"]),
            // Counting digits, the address every example makes up
            // ("if the IP address is 123.456.78.90"); near miss: a typo.
            ("http://123.456.78.90:8080/", &[]),
            ("http://13.125.123.456:8080/console", &[]),
            ("http://13.125.123.457:8080/console", &["457"]),
            // git's credential store, the port's colon escaped; near miss:
            // another escape before the digits.
            ("http://wwh:123456@220.231.228.87%3a8100", &[]),
            ("http://wwh@git.corp.example%3A8100", &[]),
            ("http://220.231.228.87%3b8100", &["87%3b8100"]),
            // A name masked with dashes; one label of words with a digit
            // first. Near misses: dashes ending a label, a hex ID.
            ("http://redmine.fq.---.jp/work_time/index", &[]),
            ("http://4layer-nginx", &[]),
            ("http://redmine.fq-.jp/", &["fq-"]),
            (
                "http://5bcf14cee51d-451cb039d13d/",
                &["5bcf14cee51d-451cb039d13d"],
            ),
            // Parts blotted out by `x`s; near misses: a letter that is no
            // blot, five parts.
            ("http://xx.28.xx.53:8080/otaupdate/", &[]),
            ("http://192.168.x.1/", &[]),
            ("http://xx.28.yy.53:8080/", &["53"]),
            ("http://x.1.2.3.4/", &["4"]),
            // A command's option read as the host; near miss: one dash.
            ("http://--help/", &[]),
            ("http://-help/", &["-help"]),
            ("http://123.256.78.90/", &["256"]),
            ("http://89.0x00000000068.000000160.0x000011", &[]),
            // Near misses: decimal typos, a short number, a hex word.
            ("http://1.2.3/", &["3"]),
            ("http://128.1/", &["1"]),
            ("ftp://300.1.1.1/", &["300"]),
            ("http://12345/", &["12345"]),
            ("http://7:5000/", &["7"]),
            ("http://0xzz.0.0.1/", &["1"]),
            // The root zone's dot alone (CoreDNS), but no empty labels.
            ("https://.:443", &[]),
            ("https://..:443", &["."]),
            // A digest for an anonymised host; near misses: a letter no hex
            // digit is, too short to be a digest.
            (
                "http://22b137b6aae9bc40feb7ff14a08a1b9ecbc6305f77956214404c5b744c3b3fe2/clients",
                &[],
            ),
            (
                "http://22b137b6aae9bc40feb7ff14a08a1b9ecbc6305f77956214404c5b744c3b3fg2/",
                &["22b137b6aae9bc40feb7ff14a08a1b9ecbc6305f77956214404c5b744c3b3fg2"],
            ),
            ("http://22b137b6aae/", &["22b137b6aae"]),
            // A Docker container's short ID, its host name inside Docker
            // (a server's log); near misses: 13 digits, an upper-case one.
            ("http://380924f6ba29:8080", &[]),
            ("http://380924f6ba290:8080", &["380924f6ba290"]),
            ("http://380924F6BA29:8080", &["380924F6BA29"]),
            // A graph named by a digest after the scheme (Virtuoso's log);
            // near miss: a short one, a host forgotten.
            ("http:59FB336FB5FA814F086C2AD38D37D53C", &[]),
            ("http:59FB336FB5FA", &["59FB336FB5FA"]),
            // A Pages site named after an account ending in `-`; near
            // misses: another host, a label deeper down.
            ("https://lionel-.github.io/slides/", &[]),
            ("https://lionel-.example.io/", &["lionel-"]),
            ("https://a-.b.github.io/", &["a-"]),
        ];
        table_3986(Rule::InvalidHost, cases);
        table(
            Rule::InvalidHost,
            &[("http://0x7f000001/", &["0x7f000001"])],
        );
    }

    #[test]
    fn invalid_host() {
        table(
            Rule::InvalidHost,
            &[
                ("http://my_host.example.com/", &["my_host"]),
                ("http://1.2.3/", &["3"]),
                ("ftp://300.1.1.1/", &["300"]),
                ("http://a..b/", &["."]),
                ("https://-x.org", &["-x"]),
                ("http:///path", &["//"]),
                ("http://user@:80/", &["user@:80"]),
                ("http:path", &["path"]),
                ("http://127.0.0.1:8080/", &[]),
                ("http://vms.host.edu/", &[]),
                ("file:///etc/motd", &[]),
                ("gopher://h_x/", &["h_x"]),
                ("https://fake.example;auto", &["example;auto"]),
                ("s3://my_bucket/x", &[]),
                ("x-custom://my_host/", &[]),
            ],
        );
    }
}
