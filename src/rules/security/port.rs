//! `nondefault-port`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::schemes::default_port;
use crate::url::grammar::port;
use crate::url::Cx;

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
    /// server: not reported. Under `rfc1738` every host is judged alike.
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
        summary: "a reserved port (< 1024) that is not the scheme's default",
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
    if cx.is_example() {
        return;
    }
    let Some(p) = cx.parts.authority.as_ref().and_then(|a| a.port.clone()) else {
        return;
    };
    let Ok(n) = port::check(cx.url, p.clone(), p.start - 1) else {
        return;
    };
    if n < 1024 && n != u32::from(default) {
        out.at(
            p,
            format!(
                "port {n} is reserved for another protocol; `{}` uses {default}",
                cx.scheme_str()
            ),
        );
    }
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
                ("gopher://gopher.floodgap.com:25/0x", &["25"]),
            ],
        );
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
            ],
        );
    }
}
