//! `password-in-url`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::url::standard::{is_placeholder_password, is_placeholder_user};
use crate::url::{Cx, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a password in the `//user:password@host` part of any URL. An
    /// empty password (`ftp://foo:@host/`, which RFC 1738 §3.1 shows) is not
    /// reported: it keeps nothing secret. The message never repeats the
    /// password.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §6: "The use of URLs containing passwords that should be
    /// secret is clearly unwise." Text with URLs gets archived, indexed and
    /// forwarded.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) documentation is spared: no report on
    /// a host reserved for examples (`example.com`, `.org`, `.net`,
    /// `*.example`, `*.test`, `*.invalid`, `localhost`, RFC 5737 and
    /// RFC 3849 addresses, loopback), nor for a placeholder password
    /// (`password`, `passwd`, `pass`, `secret`, `xxx`, `***`, a token's stand-in of two characters, `eeeeeeeeef…`, one letter,
    /// `<...>`, one holding `secret` or `passw`: `a%20secret`; one ending in `password` with its words run together, `ourverysecretpassword`; one saying it is made up, `not-re%40l`, `fake`, or a keyboard's row, `qwerty`, `querty`, or digits counting up from one, `123`, `123456`; `private` alone; any of these spelled with digits for letters, `s3cret`, `p%40ssw0rd`, or numbered or prefixed, `pass1`, `orgtoken`, `proxypwd`; one holding the word `token` or `key`, `my-token`, `src:key`; a name in camel or snake case saying whose it is and what goes there, `LicenseKey`, `somePW`, `some_pwd`; GitHub's `x-oauth-basic` after a token; one of these words with a mark escaped inside, `pas%2As`; the word in another language, `LÖSENORD`, `Passwort`), nor one for a public playground or demo server
    /// (`play.min.io`, `demo.mattermost.com`: `play.`, `playground.` or
    /// `demo.` in a name of three labels at most, credentials published
    /// for every reader to try), nor one after a web site's name as the user (`http://www.cnn.com:x@evil.example/`, the disguise of RFC 3986 §7.6, shown to warn of it) or one beside a placeholder user name (`user`, `username`, `usuario`,
    /// `<user>`, anonymous FTP's `anonymous`, or an example's stock name, `john`, `jane`, `alice`, `bob`, `pepe` (alone, numbered or with what it logs in to, `johnftp`): `https://user:he%2F%2Fo@pypi.company.com/` shows how to
    /// encode a password, it leaks none), nor a password that repeats the user
    /// name (`admin:admin`, `guest:guest`: an example's or a product's
    /// default), or John Doe split over the two (`john:doe`, `jane:doe`), or
    /// two stock words of Japanese or French examples (`hoge:fuga`, `toto:titi`).
    /// Under `rfc1738` every host and password is judged alike.
    ///
    /// ## Example
    /// `ftp://joe:secret@ftp.example.org/`
    ///
    /// Use instead: `ftp://joe@ftp.example.org/` (the client asks for the password)
    pub static PASSWORD_IN_URL = {
        name: "password-in-url",
        group: Security,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 §6",
        summary: "a password in the URL",
        example: "ftp://joe:secret@ftp.example.org/",
        ok_example: "ftp://joe@ftp.example.org/",
        help: "remove the password and let the client ask for it (RFC 1738 §6)",
        fix: (Unsafe, "remove the password"),
    }
}

/// Report a non-empty password.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(a) = &cx.parts.authority else {
        return;
    };
    let Some(p) = a.password.clone() else {
        return;
    };
    let user = a.userinfo.clone().map_or("", |u| {
        let u = cx.text(u);
        u.split(':').next().unwrap_or(u)
    });
    if cx.standard == Standard::Rfc3986
        && (cx.is_example()
            || is_placeholder_password(cx.text(p.clone()))
            || is_placeholder_user(user)
            || is_disguise(user)
            || is_default_pair(user, cx.text(p.clone()))
            || is_demo_host(cx.text(a.host.clone())))
    {
        return;
    }
    if !p.is_empty() {
        out.at(p.clone(), "the URL contains a password".to_string());
        out.fix(
            Applicability::Unsafe,
            "remove the password",
            vec![(p.start - 1..p.end, String::new())],
        );
    }
}

/// `https://Q3AM3UQ867SPQQA43P2F:zuf+…@play.min.io`: a public playground's
/// or demo server's credentials, published for every reader to try. A
/// service's own public name has three labels at most (`play.min.io`,
/// `demo.mattermost.com`); a company's internal `demo.corp.acme.org` may
/// hold a real secret.
fn is_demo_host(host: &str) -> bool {
    let first = host
        .split('.')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    (2..=3).contains(&host.split('.').count())
        && matches!(first.as_str(), "play" | "playground" | "demo")
}

/// `https://admin:admin@nifi.apache.org:1234/` (a `getUri` example in a guide),
/// `guest:guest`: a password that repeats the user name is an example's
/// or a product's well-known default, no secret the text gives away. So is
/// John Doe split over the two (`# Proxy = http://john:doe@proxy.localnet.com:8080`
/// in bitlbee's sample configuration): the name for anybody.
///
/// So are two stock words of Japanese or French documentation
/// (`https://hoge:fuga@github.com/hage/hage.git`, `toto:titi@`); one alone
/// may be a real weak password (`root:toto@`).
fn is_default_pair(user: &str, password: &str) -> bool {
    let stock = |w: &str| {
        [
            "hoge", "fuga", "piyo", "hogehoge", "fugafuga", "toto", "titi", "tata", "tutu",
        ]
        .iter()
        .any(|s| w.eq_ignore_ascii_case(s))
    };
    (!user.is_empty() && user.eq_ignore_ascii_case(password))
        || (["john", "jane"]
            .iter()
            .any(|u| user.eq_ignore_ascii_case(u))
            && password.eq_ignore_ascii_case("doe"))
        || (stock(user) && stock(password))
}

/// `http://www.cnn.com:USArticle1840@www.liquidshirts.com/`: a user name
/// that is a web site's name dresses the URL up as that site (RFC 3986
/// §7.6, semantic attacks). Text shows it to warn of the trick; what
/// stands after its `:` is a disguise's path, no secret.
fn is_disguise(user: &str) -> bool {
    let lower = user.to_ascii_lowercase();
    lower.contains('.')
        && (lower.starts_with("www.")
            || [".com", ".org", ".net", ".gov", ".edu"]
                .iter()
                .any(|t| lower.ends_with(t)))
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand, diagnostics, table, table_3986};
    use crate::rules::Rule;

    #[test]
    fn examples_and_placeholders_under_rfc3986() {
        table_3986(
            Rule::PasswordInUrl,
            &[
                ("ftp://joe:s3cr3t@ftp.example.org/", &[]),
                ("postgres://u:pw@localhost/x", &[]),
                ("http://u:hunter2@127.0.0.1:8080/", &[]),
                ("https://u:password@db.internal.corp/", &[]),
                ("https://u:xxx@db.internal.corp/", &[]),
                ("https://u:<token>@db.internal.corp/", &[]),
                ("https://u:hunter2@db.internal.corp/", &["hunter2"]),
                ("https://user:he%2F%2Fo@pypi.company.com/simple", &[]),
                // An example's stock name; near miss: another name.
                ("http://john:xyz%2A12@nette.org:8080/en/download", &[]),
                ("http://alice:f00b_r@proxy.gentoo.org:8080", &[]),
                (
                    "http://johnny:xyz%2A12@nette.org:8080/en/download",
                    &["xyz%2A12"],
                ),
                // With what it logs in to, or numbered (misapuntesde's
                // "ejemplo ficticio"); near misses: a longer rest, a name.
                ("ftp://johnftp:rpi43v3r!@misapuntesde.com", &[]),
                ("ftp://pepeftp:rpi43v3r!@misapuntesde.com", &[]),
                // Anonymous FTP's login; a proxy's placeholder password;
                // near misses: another user, a word after `proxy`.
                ("ftp://anonymous:anon@my-ftp-server.com:21/dir", &[]),
                ("ftp://anon:x9Fq2@my-ftp-server.com:21/dir", &["x9Fq2"]),
                ("http://proxyuser:proxypwd@proxy.server.com:8080", &[]),
                (
                    "http://proxyuser:proxyhorse@proxy.server.com:8080",
                    &["proxyhorse"],
                ),
                ("ftp://bob2:rpi43v3r@misapuntesde.com", &[]),
                ("ftp://johnson:rpi43v3r@misapuntesde.com", &["rpi43v3r"]),
                ("ftp://bobby:rpi43v3r@misapuntesde.com", &["rpi43v3r"]),
                ("https://<user>:hunter2@db.internal.corp/", &[]),
                ("https://users:hunter2@db.internal.corp/", &["hunter2"]),
                // The word in another language (Claws Mail's Spanish manual).
                ("http://usuario:contra@miproxy.ejemplo.com:8080", &[]),
                (
                    "http://usuarios:contra@miproxy.ejemplo.com:8080",
                    &["contra"],
                ),
                // pnpm's example of escaping marks: `user:pass` with one
                // escaped inside each word; near miss: a real-looking pair.
                ("https://use%21r:pas%2As@my.proxy:1234/foo", &[]),
                ("https://ro%21b:hun%2Ater9@my.proxy/", &["hun%2Ater9"]),
                ("ftp://joe:tiger@ftp.funet.fi/", &["tiger"]),
                // The user name repeated: a default pair; a near miss.
                ("https://admin:admin@nifi.apache.org:1234/path", &[]),
                ("https://admin:admin1@nifi.apache.org/", &["admin1"]),
                // John Doe; near misses: another name, another surname.
                ("http://john:doe@proxy.localnet.com:8080", &[]),
                ("http://Jane:Doe@proxy.localnet.com/", &[]),
                ("http://jim:doe@proxy.localnet.com/", &["doe"]),
                ("http://jim:doe2@proxy.localnet.com/", &["doe2"]),
                // Two stock words of Japanese or French examples; near
                // misses: one of them beside a real user.
                ("https://hoge:fuga@github.com/hage/hage.git", &[]),
                ("https://toto:titi@db.mycorp.io/app", &[]),
                ("https://root:toto@db.mycorp.io/app", &["toto"]),
                ("ftp://deploy:fuga@ftp.mycorp.io/", &["fuga"]),
                // A site's name as the user: the disguise of RFC 3986 §7.6.
                (
                    "http://www.cnn.com:USArticle1840@www.liquidshirts.com/",
                    &[],
                ),
                ("http://paypal.com:login@login-paypal.evil.net/", &[]),
                // Near misses: a dotted user name, a host-like word.
                ("https://john.doe:hunter2@db.internal.corp/", &["hunter2"]),
                ("https://wwwadmin:hunter2@db.internal.corp/", &["hunter2"]),
                // A public playground's published credentials (MinIO's).
                (
                    "https://Q3AM3UQ867SPQQA43P2F:zuf+tfteSlswRu7@play.min.io",
                    &[],
                ),
                ("https://admin:hunter2@demo.acme.org/", &[]),
                // Near misses: a host that only starts like one.
                ("https://admin:hunter2@player.acme.org/", &["hunter2"]),
                ("https://admin:hunter2@demos.acme.org/", &["hunter2"]),
                (
                    "https://deploy:Zq8vLp2x@sandbox.corp.acme.org/",
                    &["Zq8vLp2x"],
                ),
                ("https://deploy:Zq8vLp2x@demo.corp.acme.org/", &["Zq8vLp2x"]),
            ],
        );
    }

    #[test]
    fn password_in_url() {
        table(
            Rule::PasswordInUrl,
            &[
                ("ftp://joe:secret@ftp.example.org/", &["secret"]),
                ("postgres://u:pw@db/x", &["pw"]),
                ("ftp://foo:@host.com/", &[]),
                ("ftp://joe@host/", &[]),
                ("http://host/a:b@c", &[]),
            ],
        );
    }

    #[test]
    fn the_message_does_not_quote_the_password() {
        let d = diagnostics(&cand("ftp://joe:hunter2@h/"));
        let d = d.iter().find(|d| d.rule == Rule::PasswordInUrl).unwrap();
        assert!(!d.message.contains("hunter2") && !d.help.contains("hunter2"));
    }

    #[test]
    fn text_calling_a_url_wrong_does_not_hide_a_leaked_password() {
        use crate::rules::testutil::diagnostics_with;
        use crate::scan::{ScanOptions, Scanner};
        use crate::url::Standard;
        let rules = |text: &str| -> Vec<Rule> {
            Scanner::new(ScanOptions {
                excerpts: true,
                ..ScanOptions::default()
            })
            .scan_slice(text.as_bytes())
            .iter()
            .flat_map(|c| diagnostics_with(c, Standard::Rfc3986))
            .map(|d| d.rule)
            .collect()
        };
        assert_eq!(
            rules("curl https://admin:hunter2@prod.acme.org:99x/  # error 401\n"),
            [Rule::PasswordInUrl]
        );
        assert_eq!(
            rules("curl https://admin:hunter2@prod.acme.org:99x/\n"),
            [Rule::InvalidPort, Rule::PasswordInUrl, Rule::BareUrl]
        );
    }
}
