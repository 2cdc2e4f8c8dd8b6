//! The two standards a URL's shared syntax is judged by (the README
//! "Standards"), and the documentation names and placeholder passwords that
//! `rfc3986` treats as examples rather than defects.

use std::fmt;

/// Which standard judges characters, host, port and userinfo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Standard {
    /// RFC 3986 and current practice: `~` unreserved, IP-literal hosts,
    /// empty port, user names in any hierarchical URL, example hosts spared.
    #[default]
    Rfc3986,
    /// The letter of RFC 1738 and RFC 1630, as the seeds write it.
    Rfc1738,
}

impl Standard {
    /// Both, default first.
    pub const ALL: &'static [Standard] = &[Standard::Rfc3986, Standard::Rfc1738];

    /// `rfc3986` or `rfc1738`.
    pub fn as_str(self) -> &'static str {
        match self {
            Standard::Rfc3986 => "rfc3986",
            Standard::Rfc1738 => "rfc1738",
        }
    }

    /// Parse `rfc3986` or `rfc1738` (as written in flags and `urlint.toml`).
    pub fn from_name(name: &str) -> Option<Standard> {
        Standard::ALL.iter().copied().find(|s| s.as_str() == name)
    }
}

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether `host` is reserved for documentation or local use since RFC 1738
/// was written: RFC 2606 / RFC 6761 names (`example.com`, `.net`, `.org`,
/// `*.example`, `*.test`, `*.invalid`, `localhost`), RFC 5737 IPv4 and
/// RFC 3849 IPv6 documentation blocks, and loopback; names for local use
/// (`*.local`, a single label) and placeholders (`mycompany.com`, and the
/// fictitious companies of Microsoft's documentation, `contoso.com`). A URL on
/// such a host is an example in a document, not a deployed address.
pub fn is_example_host(host: &str) -> bool {
    // Asked of nearly every URL `check` reads (`nondefault-port`,
    // `password-in-url`): no allocation but the lower-case copy of a name
    // that has capitals.
    let trimmed = host.trim_end_matches('.');
    let lower;
    let h = if trimmed.bytes().any(|c| c.is_ascii_uppercase()) {
        lower = trimmed.to_ascii_lowercase();
        lower.as_str()
    } else {
        trimmed
    };
    if let Some(inner) = h.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return inner == "::1" || inner.starts_with("2001:db8:") || inner == "2001:db8::";
    }
    // `h` is `name` or ends in `.name`.
    let under = |name: &str| {
        h.strip_suffix(name)
            .is_some_and(|rest| rest.is_empty() || rest.ends_with('.'))
    };
    if ["example.com", "example.net", "example.org", "example"]
        .iter()
        .chain(&["test", "invalid", "localhost"])
        // Local use: mDNS (RFC 6762), home networks (RFC 8375).
        .chain(&["local", "home.arpa", "internal"])
        .any(|n| under(n))
    {
        return true;
    }
    // The placeholders documentation writes where the reader's own name
    // goes: `firewall.mycompany.com`, `www.yourdomain.com`, `host.tld`;
    // and a name of one label (`mygithost`, `buildserver`), which no
    // resolver outside a local network answers.
    if !h.contains('.') && h.bytes().any(|c| c.is_ascii_alphabetic()) {
        return true;
    }
    let mut from_last = h.rsplit('.');
    let last = from_last.next();
    let second = from_last.next();
    // `your.ldap.server`: a name written for the reader's, under no TLD
    // there is (`.server`, `.domain`).
    if matches!(last, Some("tld" | "server" | "domain" | "hostname"))
        || second.is_some_and(|l| {
            matches!(
                l,
                "mycompany"
                    | "yourcompany"
                    | "mydomain"
                    | "yourdomain"
                    | "yoursite"
                    | "mysite"
                    | "myserver"
                    | "yourserver"
                    | "myhost"
                    | "yourhost"
                    | "host"
                    | "domain"
                    | "somehost"
                    | "somedomain"
            )
        })
    {
        return true;
    }
    // Microsoft's documentation names its examples' companies, fictitious
    // on purpose: `http://proxy:3128@contoso.com` in NuGet's docs.
    if second.is_some_and(|l| {
        matches!(
            l,
            "contoso" | "fabrikam" | "adatum" | "litwareinc" | "northwindtraders" | "wingtiptoys"
        )
    }) {
        return true;
    }
    // Four labels, each a number below 256.
    let mut octets = [0u8; 4];
    let mut labels = h.split('.');
    for o in &mut octets {
        match labels.next().map(str::parse) {
            Some(Ok(n)) => *o = n,
            _ => return false,
        }
    }
    if labels.next().is_some() {
        return false;
    }
    matches!(
        (octets[0], octets[1], octets[2]),
        (127, _, _) | (192, 0, 2) | (198, 51, 100) | (203, 0, 113)
    )
}

/// Whether a user name is a placeholder a document writes to show where a
/// user name goes (`user`, `username`, `<user>`): the password beside it
/// is then an example too (pip's `https://user:he%2F%2Fo@pypi.company.com`
/// shows how to encode one).
pub fn is_placeholder_user(user: &str) -> bool {
    let u = user.to_ascii_lowercase();
    let word = |u: &str| {
        matches!(
            u,
            "user"
                | "username"
                | "user_name"
                | "myuser"
                | "youruser"
                | "login"
                | "someone"
                // The word in the manuals' other languages (Claws Mail's
                // Spanish `http://usuario:contra@miproxy.ejemplo.com`).
                | "usuario"
                | "utilisateur"
                | "benutzer"
                | "utente"
                // The stock names of examples (Nette's URL class,
                // `http://john:xyz%2A12@nette.org:8080/…`, taken apart;
                // Gentoo's proxy `http://john:f00b_r@proxy.gentoo.org:8080`).
                | "john"
                | "jane"
                | "johndoe"
                | "janedoe"
                | "jdoe"
                | "alice"
                | "bob"
                // Spanish's stock name (misapuntesde's "ejemplo ficticio").
                | "pepe"
                // Anonymous FTP's login (RFC 1635), whose password is the
                // reader's mail address by custom, no secret
                // (`ftp://anonymous:anon@my-ftp-server.com/`).
                | "anonymous"
        )
    };
    // The stock name with what it logs in to (misapuntesde's
    // `ftp://johnftp:…@misapuntesde.com`, `pepeftp`) or numbered (`john2`).
    let service = |u: &str| {
        ["john", "jane", "alice", "bob", "pepe"].iter().any(|n| {
            u.strip_prefix(n).is_some_and(|rest| {
                matches!(rest, "ftp" | "ssh" | "web" | "db")
                    || (!rest.is_empty()
                        && rest.len() <= 2
                        && rest.bytes().all(|c| c.is_ascii_digit()))
            })
        })
    };
    word(&u)
        || service(&u)
        || (u.contains('%') && word(&without_escaped_marks(&u)))
        || (u.starts_with('<') && u.ends_with('>'))
        || (u.starts_with("%3c") && u.ends_with("%3e"))
}

/// `s` with its percent-escaped marks taken out: pnpm's example of escaping
/// special characters, `https://use%21r:pas%2As@my.proxy:1234/foo`, is
/// `user:pass` with a mark escaped inside each word.
fn without_escaped_marks(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let mark = (b[i] == b'%')
            .then(|| s.get(i + 1..i + 3))
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .is_some_and(|c| c.is_ascii_punctuation());
        if mark {
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a password is a placeholder a document writes to show where a
/// password goes (`password`, `secret`, `xxx`, `***`, one letter, `<...>`),
/// not a leaked secret. A word spelled with digits for letters
/// (`s3cret`, `p%40ssw0rd`) is the same word: the stand-in every tutorial
/// uses, not a secret anyone keeps.
pub fn is_placeholder_password(password: &str) -> bool {
    let p = password.to_ascii_lowercase();
    let leet = unleet(&p);
    // `s:3:c:r:e:t` (Mojo::URL's colons in a password): the word with its
    // marks taken out.
    let squeezed: String = leet.chars().filter(char::is_ascii_alphanumeric).collect();
    if leet != p && (is_password_word(&leet) || is_password_word(&squeezed)) {
        return true;
    }
    // `%2A%2A%2A%2A%2A%2A` (Go's `url.UserPassword("kevinblandy",
    // "******")` printed): a filler escaped is still filler.
    let unescaped = || unescape(password).to_ascii_lowercase();
    is_password_word(&p)
        || (p.contains('%') && is_password_word(&without_escaped_marks(&p)))
        || is_placeholder_shape(password, &p)
        || (p.contains('%') && {
            let u = unescaped();
            is_placeholder_shape(&u, &u)
        })
        || numbered_password_word(&p)
        || is_translated_password_word(password)
}

/// `pass1`, `token2`, `orgtoken`, `mytoken`, `proxypwd` (tektoncd's
/// `https://user1:pass1@url1.com` in a credentials file's example): a
/// placeholder word, numbered for the second example or after a short
/// word naming whose it is. (`compass`, `dogpass1`, `foo2024` may be real.)
fn numbered_password_word(p: &str) -> bool {
    let word = p.trim_end_matches(|c: char| c.is_ascii_digit());
    [
        "", "my", "your", "org", "api", "user", "app", "the", "some", "proxy", "db", "test",
    ]
    .iter()
    .any(|prefix| {
        word.strip_prefix(prefix).is_some_and(|base| {
            matches!(
                base,
                "pass" | "password" | "passwd" | "pwd" | "token" | "secret"
            )
        })
    })
}

/// `s` with its percent escapes decoded (invalid UTF-8 replaced).
fn unescape(s: &str) -> String {
    let bytes: Vec<u8> = crate::url::grammar::escape::decoded(s, 0..s.len()).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The word `password` in the languages documentation is translated into
/// (incus's Swedish `https://INLOGGNING:LÖSENORD@exempel.se/`), escaped or
/// not.
fn is_translated_password_word(password: &str) -> bool {
    let decoded = unescape(password).to_lowercase();
    let word = decoded.trim_end_matches(|c: char| c.is_ascii_digit());
    // "some password", "your password": the Arch wiki's Spanish
    // `ftp://root:algunacontraseña@10.13.X.Y/`.
    let owned = [
        "alguna", "algun", "tu", "su", "mi", "votre", "ton", "dein", "ihr", "sua", "seu", "uw",
        "jouw", "twoje",
    ]
    .iter()
    .filter_map(|p| word.strip_prefix(p))
    .map(|r| r.trim_start_matches(['_', '-', ' ']));
    std::iter::once(word).chain(owned).any(|word| {
        matches!(
            word,
            "lösenord"
                | "losenord"
                | "passwort"
                | "kennwort"
                | "motdepasse"
                | "mot de passe"
                | "mot-de-passe"
                | "contraseña"
                | "contrasena"
                | "contrasenya"
                | "senha"
                | "wachtwoord"
                | "hasło"
                | "haslo"
                | "heslo"
                | "parola"
                | "salasana"
                | "adgangskode"
                | "passord"
                | "jelszó"
                | "jelszo"
                | "parolă"
                | "пароль"
                | "κωδικός"
                | "パスワード"
                | "密码"
                | "密碼"
                | "비밀번호"
                | "mật khẩu"
                | "şifre"
                | "sifre"
                | "sandi"
                | "katasandi"
                | "kata sandi"
        )
    })
}

/// `s3cr3t` read as `secret`, `p%40ssw0rd` as `password`: digits and
/// marks that stand for letters (`3` e, `0` o, `1` i, `4` a, `5` s, `@` a,
/// `$` s).
fn unleet(p: &str) -> String {
    p.replace("%20", " ")
        .replace("%40", "a")
        .replace("%24", "s")
        .chars()
        .map(|c| match c {
            '3' => 'e',
            '0' => 'o',
            '1' => 'i',
            '4' | '@' => 'a',
            '5' | '$' => 's',
            c => c,
        })
        .collect()
}

/// The words of [`is_placeholder_password`]: the password is one, holds one
/// as a word of its own, or says it is made up (`p` in lower case).
fn is_password_word(p: &str) -> bool {
    // the README's list, and the metasyntactic words documentation uses the
    // same way (`foo:bar@host`).
    let word = matches!(
        p,
        "password"
            | "passwd"
            | "pass"
            | "pw"
            | "pwd"
            | "secret"
            // mamba's `user%40mail.com:private@`: the word alone.
            | "private"
            | "mypassword"
            | "yourpassword"
            | "changeme"
            | "foo"
            | "bar"
            | "foobar"
            | "baz"
            | "qux"
            | "quux"
            | "xyz"
    );
    // A password that says what it is, as a word of its own (`a%20secret`,
    // `my-secret`, `password123`, `fake`): an example's, not a leaked one
    // (`TopSecret2024` may be real).
    let says = p
        .replace("%20", " ")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| {
            matches!(
                w,
                "secret"
                    | "mysecret"
                    | "yoursecret"
                    | "pass"
                    | "passwd"
                    | "asdf"
                    | "qwerty"
                    // TeamCity's `valravn:querty@`: the keyboard's row,
                    // misspelled on purpose.
                    | "querty"
                    | "fake"
                    | "dummy"
                    // Prefect's `https://oauth2:my-token@gitlab.com/`:
                    // a real token is a random string, not the word.
                    | "token"
                    | "mytoken"
                    | "yourtoken"
                    | "apikey"
                    // Mongoose OS's `http://src:key@my.dst.api.…/`, the
                    // format of a request spelled out in a comment.
                    | "key"
            ) || w.starts_with("password")
        });
    // Or ends by naming itself, its words run together: capistrano's
    // `capistrano:ourverysecretpassword@github.com`, `mysecretpassword`.
    let named = p.len() <= 32
        && p.bytes().all(|b| b.is_ascii_lowercase())
        && (p.ends_with("password") || p.ends_with("passwd"));
    // Or says it is made up across its marks: `not-re%40l`.
    let made_up = p
        .replace("%40", "a")
        .replace('@', "a")
        .replace(|c: char| !c.is_ascii_alphanumeric(), "")
        .contains("notreal");
    word || says || made_up || named
}

/// The shapes of [`is_placeholder_password`]: filler, one letter, angle
/// brackets, colons, a name in capitals (`p` is `password` in lower case).
fn is_placeholder_shape(password: &str, p: &str) -> bool {
    let filler = p.len() >= 2 && {
        let first = p.as_bytes()[0];
        matches!(first, b'x' | b'*' | b'.') && p.bytes().all(|b| b == first)
    };
    // A token's stand-in, one character over and over with another here and
    // there (`eeeeeeeeefeeeeeeeeef…`, a blog's `.git-credentials` example):
    // no real secret of that length has two distinct characters.
    let repeated = p.len() >= 12 && {
        let mut seen = [false; 256];
        p.bytes().for_each(|b| seen[usize::from(b)] = true);
        seen.iter().filter(|&&s| s).count() <= 2
    };
    let letter = p.len() == 1 && p.as_bytes()[0].is_ascii_alphabetic();
    // `https://git::@github.com/`: an empty password that stops a prompt.
    let colons = !p.is_empty() && p.bytes().all(|b| b == b':');
    let angle =
        p.starts_with('<') && p.ends_with('>') || p.starts_with("%3c") && p.ends_with("%3e");
    // `mailgun+https://KEY:DOMAIN@requestbin.com`, `SECRET_KEY`: a name in
    // capitals stands for the reader's value, as a `$VAR` would.
    // A random secret in capitals (`QWHZKRTPLM`) is not: the name holds a
    // `_` or says what it stands for.
    let capitals = password.len() >= 3
        && password
            .bytes()
            .all(|c| c.is_ascii_uppercase() || c == b'_')
        && password.bytes().any(|c| c != b'_')
        && (password.contains('_')
            || ["KEY", "TOKEN", "SECRET", "DOMAIN", "PASS", "PWD"]
                .iter()
                .any(|w| password.contains(w)));
    // `http://admin:123@www.dostup-ko-vsey-zhizni.com/login` (a Russian
    // tutorial naming a URL's parts): digits counting up from one, the
    // password every example reaches for, as `qwerty` is.
    let counting = p.len() >= 3 && "1234567890".starts_with(p);
    // GitHub's documented password for a token given as the user name
    // (`https://TOKEN:x-oauth-basic@github.com/`): a fixed word, no secret.
    let oauth = p == "x-oauth-basic";
    filler
        || repeated
        || letter
        || angle
        || colons
        || capitals
        || counting
        || oauth
        || names_itself(password)
}

/// `LicenseKey`, `somePW`, `some_pwd`, `apiToken`: a name in camel or
/// snake case whose first word says whose it is and whose last says what
/// goes there (maxmind's `https://AccountID:LicenseKey@download.maxmind.com/`),
/// as a variable's name would. Letters only, short: `Kx9Key` or a long
/// phrase is not a name, and `SuperSecret` may be a password.
fn names_itself(password: &str) -> bool {
    if password.len() > 24
        || !password
            .bytes()
            .all(|c| c.is_ascii_alphabetic() || c == b'_')
    {
        return false;
    }
    // Words split at `_` and where a capital follows a small letter.
    let mut words: Vec<&str> = Vec::new();
    for part in password.split('_').filter(|p| !p.is_empty()) {
        let b = part.as_bytes();
        let mut from = 0;
        for k in 1..b.len() {
            if b[k].is_ascii_uppercase() && b[k - 1].is_ascii_lowercase() {
                words.push(&part[from..k]);
                from = k;
            }
        }
        words.push(&part[from..]);
    }
    // Whose value it is, or what it opens, first: `SuperSecret` and
    // `TigerPass` may be real.
    let owner = words.first().is_some_and(|w| {
        [
            "some", "my", "your", "the", "api", "license", "access", "auth", "account", "app",
            "user", "client", "db", "private", "personal",
        ]
        .iter()
        .any(|o| w.eq_ignore_ascii_case(o))
    });
    owner
        && words.len() >= 2
        && words.iter().all(|w| w.len() >= 2)
        && words.last().is_some_and(|w| {
            [
                "key", "pw", "pwd", "pass", "password", "passwd", "token", "secret",
            ]
            .iter()
            .any(|n| w.eq_ignore_ascii_case(n))
        })
}

/// Words a document puts before a URL it shows as wrong on purpose:
/// `// Incorrect: file:///some/path%.c`, "an invalid URL such as ...".
const CALLED_WRONG: &[&str] = &[
    "incorrect",
    "invalid",
    // `Raise ValueError for URLs like 'http://:8080/'`.
    "raise",
    "reject",
    "malformed",
    "wrong",
    "not valid",
    "bad url",
    "bad uri",
    // lobsters' `# some comments have bad links ('#', 'https://foo/',
    // 'https://http://apple.com')`.
    "bad link",
    // Django's `# Forbid URLs like http:///example.com - with a scheme, but
    // without a hostname.`
    "forbid url",
    "forbid uri",
    // A shape the code handles: "# Handle the case when URL has the form
    // http://https://example.com".
    "has the form",
    // Translations say it too (`invalid` already matches `invalide`,
    // `invalido`): German, Spanish, Japanese.
    "ungültig",
    "inválid",
    "無効",
    "不正",
];

/// Words at the end of the line before a URL that starts its line, which
/// call it wrong: "if you pass a wrongly spelled protocol part / as in
/// `htpts://example.com`". Fewer than on its own line: the line before
/// may be about something else (`<!-- urlint: ignore-next-line[invalid-host] -->`),
/// so `invalid` only as a sentence uses it, over an example block
/// ("The default behavior is to invalidate these `hosts::`").
const CALLED_WRONG_ABOVE: &[&str] = &[
    "wrongly",
    "incorrect",
    "malformed",
    "misspel",
    "invalidate",
    "are invalid",
    "is invalid",
];

/// Words right after a URL that say it fails: `http:/c   error out`,
/// `get('http://%zz/')  # raises InvalidURL`, "... is not correct".
const FAILS_AFTER: &[&str] = &[
    "incorrect",
    "when users forget",
    "not standard",
    "non-standard",
    "nonstandard",
    "invalid",
    "malformed",
    "not correct",
    "not valid",
    "error",
    "wrong",
    "rejected",
    "not parsed",
    "no longer parsed",
    // A parser's release notes: "Otherwise, URIs like
    // "http://256.255.255.0/v1/resource" are considered valid."
    "considered valid",
    // libevent's header: "mailto://www.example.com/cgi-bin/fortune.pl is
    // not a reasonable mailto url".
    "not a reasonable",
    "pas valide",
    "non valide",
    "erreur",
    "ungültig",
    "fehler",
    "inválid",
    "無効",
    "不正",
];

/// The phrases of [`FAILS_AFTER`] that a sentence may break over a line
/// ("URIs like "http://256.255.255.0/" are considered / valid").
const FAILS_ACROSS_A_LINE: &[&str] = &["considered valid"];

/// How far before the URL (reaching into the line before when the URL
/// starts its line) and after it, those words are looked for.
const CALLED_WRONG_REACH: usize = 40;

/// Whether the text right before the candidate (on its line, or at the end
/// of the line before when little precedes it), or right after it, calls
/// it wrong: then it is an example of the fault, not the fault. Needs the
/// candidate's excerpt (`check` always has one).
pub fn is_called_wrong(cand: &crate::scan::Candidate) -> bool {
    if host_says_invalid(&cand.url) || host_is_an_attackers(&cand.url) {
        return true;
    }
    let Some((e, line, after)) = around(cand) else {
        return false;
    };
    if any_in(tail(line, CALLED_WRONG_REACH), CALLED_WRONG) {
        return true;
    }
    if line.len() < CALLED_WRONG_REACH
        && any_in(
            tail(&e.before, CALLED_WRONG_REACH - line.len()),
            CALLED_WRONG_ABOVE,
        )
    {
        return true;
    }
    // Up to the next URL on the line: its words are about that one. When
    // nothing but markup or punctuation follows the URL on its line, the
    // next line with text continues the sentence ("`http://127`" / "is not
    // valid and will cause an error").
    let rest = after.split('\n').next().unwrap_or("");
    let (rest, more_urls) = match rest.find(":/") {
        Some(k) => (&rest[..k], true),
        None => (rest, false),
    };
    if any_in(head(rest, CALLED_WRONG_REACH + 8), FAILS_AFTER) {
        return true;
    }
    // A highlighted code sample's tags take the reach, not its words
    // (Requests' `get(&#39;http://%zz/&#39;)</span> <span class="c1">#
    // raises requests.exceptions.InvalidURL`).
    if rest.contains('<') {
        let mut text = Vec::with_capacity(rest.len());
        crate::scan::push_without_tags(rest.as_bytes(), &mut text);
        if any_in(
            head(&String::from_utf8_lossy(&text), CALLED_WRONG_REACH + 8),
            FAILS_AFTER,
        ) {
            return true;
        }
    }
    // "URIs like "http://256.255.255.0/" are considered / valid": the
    // phrase may run onto the next line.
    if !more_urls && rest.len() < CALLED_WRONG_REACH {
        let joined = format!("{} {}", rest.trim_end(), head(e.next.trim_start(), 16));
        if any_in(&joined, FAILS_ACROSS_A_LINE) {
            return true;
        }
    }
    let mut in_tag = false;
    let ends_line = !more_urls
        && !rest.chars().any(|c| {
            in_tag = (in_tag || c == '<') && c != '>';
            !in_tag && c.is_alphanumeric()
        });
    ends_line && any_in(head(&e.next, CALLED_WRONG_REACH), FAILS_AFTER)
}

/// `http://invaliddomain</`, `https://bad.invalid/%zz`, `https//bad_url`:
/// a host named invalid (RFC 2606 reserves `.invalid` for that) or bad is
/// a test's bad input.
/// A label that is the word, or the word before `domain`, `host`, `url`,
/// `site` or `server` (not `invalidenstrasse.de`, `badge.fury.io`).
fn host_says_invalid(url: &str) -> bool {
    let Some(authority) = authority_of(url) else {
        return false;
    };
    let host = authority.rsplit('@').next().unwrap_or(authority);
    host.split(['.', ':']).any(|label| {
        let label = label
            .trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
            .to_ascii_lowercase();
        ["invalid", "bad"].iter().any(|word| {
            label.strip_prefix(word).is_some_and(|rest| {
                let rest = rest.trim_start_matches(['-', '_']);
                ["", "domain", "host", "url", "site", "server"].contains(&rest)
            })
        })
    })
}

/// What follows the first `//` up to the path, query or fragment: the
/// authority, also of a mistyped `https//host`.
fn authority_of(url: &str) -> Option<&str> {
    let rest = &url[url.find("//")? + 2..];
    Some(&rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())])
}

/// `http://mysite.example.com\@attacker.com`, `http://evil.com\@good.com/`:
/// a host named for the attacker, where the URL goes or where it seems to,
/// is a security advisory's illustration of the attack, never a page
/// anyone links to. A label of the authority that is the word, or the word
/// before `site`, `host`, `domain`, `server`, `corp` or `com` (not
/// `evilmartians.com`).
fn host_is_an_attackers(url: &str) -> bool {
    let Some(authority) = authority_of(url) else {
        return false;
    };
    authority.split(['.', ':', '@', '\\']).any(|label| {
        let label = label.to_ascii_lowercase();
        ["attacker", "evil", "malicious"].iter().any(|word| {
            label.strip_prefix(word).is_some_and(|rest| {
                let rest = rest.trim_start_matches(['-', '_']);
                ["", "site", "host", "domain", "server", "corp", "com"].contains(&rest)
            })
        })
    })
}

/// The candidate's excerpt, its line up to the URL, and the excerpt's text
/// after the URL (the excerpt starts where the URL's line does).
fn around(cand: &crate::scan::Candidate) -> Option<(&crate::scan::Excerpt, &str, &str)> {
    let e = cand.excerpt.as_ref()?;
    let at = cand.span.start.offset.saturating_sub(e.start_offset) as usize;
    let end = cand.span.end.offset.saturating_sub(e.start_offset) as usize;
    Some((e, e.text.get(..at)?, e.text.get(end..)?))
}

/// Whether the candidate's excerpt, outside the candidate itself, holds
/// `text` as a word of its own (not inside a longer URL), in the text
/// rather than as a link's target (`<ulink url="http://a/">htp://a/`
/// shows a typo in the link's text: the target is the link's, not a form
/// the text compares).
pub fn line_holds_besides(cand: &crate::scan::Candidate, text: &str) -> bool {
    let Some((_, before, after)) = around(cand) else {
        return false;
    };
    // The match ends where the text's URL does: at a blank, a quote or a
    // bracket, or a sentence's mark before a blank, not at a URL character
    // (`http://localhost:8080/api` is another URL than `http://localhost`).
    let ends = |rest: &str| {
        let mut chars = rest.chars();
        match chars.next() {
            None => true,
            Some(c) if ".,;:!?".contains(c) => chars.next().is_none_or(char::is_whitespace),
            Some(c) => !(c.is_alphanumeric() || "/-_~%:#@[]!$&'()*+,;=?".contains(c)),
        }
    };
    let alone = |s: &str| {
        s.match_indices(text).any(|(k, _)| {
            let head = &s[..k];
            ends(&s[k + text.len()..])
                && !["=\"", "='", "](", "=", "<"]
                    .iter()
                    .any(|m| head.ends_with(m))
        })
    };
    alone(before) || alone(after)
}

/// Whether the text around the candidate (its lines, the end of the line
/// before, the start of the next) names `word` as a word of its own, in
/// any case, outside the candidate: "reference to template within TTP
/// templates collection in / `ttp://path/to/template.txt` format" names
/// the tool whose scheme `ttp` is.
pub fn text_names(cand: &crate::scan::Candidate, word: &str) -> bool {
    let Some((e, before, after)) = around(cand) else {
        return false;
    };
    let named = |s: &str| {
        let lower = s.to_ascii_lowercase();
        lower.match_indices(word).any(|(k, _)| {
            let b = lower.as_bytes();
            let end = k + word.len();
            (k == 0 || !b[k - 1].is_ascii_alphanumeric())
                && b.get(end)
                    .is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b':')
        })
    };
    named(&e.before) || named(before) || named(after) || named(&e.next)
}

/// Whether the candidate stands between two separators glued to what is
/// around them: `sep` (or `escaped`, its HTML form in the file) right
/// after its URL, and no blank right before it. A wrapper's opener is
/// written after a blank or a bracket, not glued to a word.
pub fn between_separators(cand: &crate::scan::Candidate, sep: &str, escaped: &str) -> bool {
    let Some((e, before, _)) = around(cand) else {
        return false;
    };
    let end = cand
        .pos_at(cand.url.len())
        .offset
        .saturating_sub(e.start_offset) as usize;
    let Some(after) = e.text.get(end..) else {
        return false;
    };
    before
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || "/.#-_'".contains(c))
        && (after.starts_with(sep) || after.starts_with(escaped))
}

/// The candidate's line up to the URL, when its excerpt was kept.
pub fn line_before(cand: &crate::scan::Candidate) -> Option<&str> {
    around(cand).map(|(_, before, _)| before.rsplit('\n').next().unwrap_or(before))
}

/// Whether the candidate is a quoted string's whole text followed by a
/// concatenation operator (`"https://typescript-v2-" + prNumber`, Lua's
/// `..`, PHP's and Perl's `.`): the first piece of a URL built at run
/// time, not a URL. Needs the excerpt.
pub fn is_concatenated(cand: &crate::scan::Candidate) -> bool {
    let Some((_, before, after)) = around(cand) else {
        return false;
    };
    let Some(quote) = before
        .chars()
        .next_back()
        .filter(|c| matches!(c, '"' | '\''))
    else {
        return false;
    };
    let Some(rest) = after.strip_prefix(quote) else {
        return false;
    };
    // `" . $x` and `" ~ x` with blanks around (a sentence's `".` has
    // none before); `+` and Lua's `..` with or without.
    let trimmed = rest.trim_start_matches([' ', '\t']);
    let blank_after = |op: &str| {
        trimmed
            .strip_prefix(op)
            .is_some_and(|r| r.starts_with([' ', '\t', '\n', '"', '\'']))
    };
    blank_after("+")
        || (blank_after("..") && !trimmed.starts_with("..."))
        || rest.starts_with(" . ")
        || rest.starts_with(" ~ ")
}

/// Words of a sentence about a security hole, a parser's bug or a URL's
/// own syntax: a URL the sentence shows ("URLs like
/// `https:///example.com/a.git` that were susceptible to CVE-2020-11008",
/// "a host-confusion parsing bug where URLs such as `http://[:a[]].b:80`
/// were parsed as ...", "`http:///path` has an empty authority") is the
/// bad input itself, written that way on purpose.
/// (Words that also fill ordinary pages, "report a vulnerability", "to
/// avoid confusion", "bypass the proxy", are not among them.)
const FAULT_SHOWN: &[&str] = &[
    "cve-",
    // "fix for buffer-overrun in LYMail.c when processing a
    // mailto:very-long-address".
    "buffer overrun",
    "buffer-overrun",
    "buffer overflow",
    "buffer-overflow",
    "ssrf",
    "susceptible",
    "parsing bug",
    "parser bug",
    // "The count checks reject URLs with ... (e.g. 'http://[:a[]].b:80')";
    // not a "Rejected by CommonMark" alone, which may be about markup.
    "reject url",
    "rejects url",
    "rejected url",
    // Go's release notes: "Parse now rejects malformed URLs containing
    // colons in the host subcomponent, such as `http://::1/`"; "For
    // example, `http:///path` has an empty authority (host)".
    "malformed url",
    "malformed uri",
    "empty authority",
    // A parser's test, in its comment: "/* parsing http:///toto will fail
    // */"; SpamAssassin's "Also ignore some bad parses like
    // http://foo.bar%20http://foo.bar".
    "will fail",
    "should fail",
    "must fail",
    "bad parse",
    // "This is to handle crazy stuff like http:///origin.com"; "bogus
    // URLs such as ...".
    "crazy",
    "bogus",
    // Boulder's comment: "requests with an empty `Host` produce results
    // like `http:///acme/new-authz`".
    "empty host",
    "empty `host`",
    "missing host",
    "without a host",
    // A validator's release notes: "Fixed a regression in ``URLValidator``
    // that allowed URLs with consecutive dots in the domain section (like
    // ``http://example..com/``) to pass".
    "urlvalidator",
    "url validator",
    "consecutive dots",
    // w3lib's comment on the URL Standard: "whose dot segments browsers
    // leave untouched (e.g. "mailto:a/../b" stays as is, ...)".
    "dot segment",
];

/// How far from the URL, within its sentence, [`FAULT_SHOWN`] is looked for.
const FAULT_REACH: usize = 100;

/// Whether the sentence holding the candidate (from the line before, if the
/// URL is near its line's start, to the next line, if near its end) is
/// about a vulnerability or a parser's bug: then the URL's malformed syntax
/// is what the sentence shows. Needs the candidate's excerpt.
pub fn shows_a_fault(cand: &crate::scan::Candidate) -> bool {
    let Some((e, line, after)) = around(cand) else {
        return false;
    };
    let after = after.split('\n').next().unwrap_or("");
    let before = format!("{} {line}", e.before);
    let before = tail(&before, FAULT_REACH);
    // The sentence starts after the last full stop before the URL, ends at
    // the first one after it (a stop before a capital: not "e.g. `http…`").
    let stops = |s: &str| {
        s.match_indices(". ")
            .filter(|&(k, _)| s[k + 2..].starts_with(|c: char| c.is_uppercase()))
            .map(|(k, _)| k)
            .collect::<Vec<_>>()
    };
    let before = stops(before).last().map_or(before, |&k| &before[k + 2..]);
    let after = format!("{after} {}", e.next);
    let after = head(&after, FAULT_REACH);
    let after = stops(after).first().map_or(after, |&k| &after[..k]);
    any_in(before, FAULT_SHOWN) || any_in(after, FAULT_SHOWN)
}

/// Whether the candidate stands in a `/etc/passwd` entry
/// (`news:x:9:13:news:/var/spool/news:` or a GECOS field's `Anonymous
/// FTP:/var/ftp:/bin/false`): seven `:`-separated fields, the third and
/// fourth numbers; or BSD's `master.passwd`, ten fields, the sixth and
/// seventh numbers or empty (poudriere's `ftp:*:14:14::0:0:Anonymous
/// FTP:/var/ftp:/nonexistent`). The scheme is a user's name, no URL's.
/// Needs the excerpt.
pub fn in_passwd_entry(cand: &crate::scan::Candidate) -> bool {
    let Some((_, line, after)) = around(cand) else {
        return false;
    };
    let after = after.split('\n').next().unwrap_or("");
    let entry = |s: &str| {
        let f: Vec<&str> = s.trim().split(':').collect();
        let number = |x: &str| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit());
        let master = f.len() == 10
            && [f[5], f[6]]
                .iter()
                .all(|x| x.bytes().all(|c| c.is_ascii_digit()));
        (f.len() == 7 || master)
            && !f[0].is_empty()
            && f[0]
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'+'))
            && number(f[2])
            && number(f[3])
    };
    // The line, or the word holding the URL (two entries on one line).
    let start = line
        .rfind(|c: char| c.is_ascii_whitespace())
        .map_or(0, |k| k + 1);
    let word_end = after
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(after.len());
    let word = format!("{}{}{}", &line[start..], cand.raw, &after[..word_end]);
    // Or the line after a comment's or a prompt's mark (`# nobody:…:1:0:
    // nobody for ftp:/:/bin/false`, a shell session's output in a post).
    // There the home and the shell must be paths, as a log's fields are not.
    let whole = format!("{line}{}{after}", cand.raw);
    let marked = whole.trim_start_matches(['#', '>', '$', ' ', '\t']);
    let paths = || {
        let f: Vec<&str> = marked.trim().split(':').collect();
        f.len() == 7 && f[5].starts_with('/') && f[6].starts_with('/') && !f[6].contains('.')
    };
    entry(&whole) || entry(&word) || (marked.len() < whole.len() && entry(marked) && paths())
}

/// Whether an equation compares the candidate with another form
/// (`e.g. http://2130706433/ == http://127.0.0.1/`), or a typed arrow maps
/// one onto the other (a page on shortened addresses: `http://127.0.0.1 →
/// http://127.1`): the URL is one way of writing an address, shown as
/// such, not a link. Needs the excerpt. (An ASCII `=>` is a redirect map's
/// or a program's, whose URLs are links.)
pub fn is_compared(cand: &crate::scan::Candidate) -> bool {
    const OPS: [&str; 4] = ["==", "!=", "\u{2192}", "\u{21d2}"];
    let Some((_, before, after)) = around(cand) else {
        return false;
    };
    let before = before.trim_end_matches([' ', '\t']);
    let after = after.trim_start_matches([' ', '\t']);
    OPS.iter()
        .any(|op| after.starts_with(op) || before.ends_with(op))
}

/// Whether the next line under the candidate draws a diagram of its parts:
/// only `|`, `^`, `\_/`, `` ` `` and dashes after any comment marker (rust-url's
/// `https://user@pass:example.com:1234/foo/bar?baz#quux` over
/// `|      |    |          | ^^^^|`, RFC 3986 §3's `\_/   \______/`). The
/// URL is the diagram's subject, built to show its parts, not a link.
pub fn is_diagrammed(cand: &crate::scan::Candidate) -> bool {
    let Some(e) = &cand.excerpt else {
        return false;
    };
    let line = e.next.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '/' | '#' | '*' | '!' | ';')
    });
    let marks = line
        .chars()
        .filter(|c| matches!(c, '|' | '^' | '\\' | '_'))
        .count();
    // Pointers (`|` or `\`) and underlines, not a table's `|---|---|`, an
    // Outlook separator `_____` or an RST `^^^^` underline (one character
    // repeated).
    let first = line.chars().next();
    marks >= 3
        && line.contains(['|', '\\'])
        && line.contains(['^', '\\', '_'])
        && !line.trim_end().chars().all(|c| Some(c) == first)
        && line.chars().all(|c| {
            c.is_whitespace() || matches!(c, '|' | '^' | '\\' | '_' | '/' | '`' | '-' | '~')
        })
}

/// Whether `url` names what goes where a URL goes instead of giving one:
/// one lower-case word that is, or ends in, `url`, `uri`, `address`,
/// `addr`, `link`, `host` or `location` (`<URL:address>`, `<ldapurl>`). A
/// file's name, `<URL:README>`, is a partial URL.
pub fn is_placeholder_word(url: &str) -> bool {
    !url.is_empty()
        && url.bytes().all(|c| c.is_ascii_lowercase())
        && ["url", "uri", "address", "addr", "link", "host", "location"]
            .iter()
            .any(|w| url.ends_with(w))
}

/// Whether the candidate is a quoted attribute's value (`href="…"`,
/// `HREF='…'`), as HTML writes links and Markdown cannot.
pub fn is_attribute_value(cand: &crate::scan::Candidate) -> bool {
    around(cand).is_some_and(|(_, before, _)| before.ends_with("=\"") || before.ends_with("='"))
}

/// Whether the candidate stands between a pair of quotes or backticks:
/// `"<URL:>"`, `` `<URL:>` ``, the wrapper named in prose ("without the
/// surrounding "<>" or "<URL:>"").
pub fn is_quoted(cand: &crate::scan::Candidate) -> bool {
    let Some((_, before, after)) = around(cand) else {
        return false;
    };
    let (Some(open), Some(close)) = (before.chars().next_back(), after.chars().next()) else {
        return false;
    };
    open == close && matches!(open, '"' | '`' | '\'')
}

/// Nouns after a bare scheme that make it the name of a kind of URL:
/// "`<s3://>` URIs", "an `<ssh://>` remote repository".
const SCHEME_NOUNS: &[&str] = &[
    "url",
    "urls",
    "uri",
    "uris",
    "iri",
    "iris",
    "link",
    "links",
    "address",
    "addresses",
    "scheme",
    "schemes",
    "protocol",
    "protocols",
    "prefix",
    "prefixes",
    "remote",
    "remotes",
    "repository",
    "repositories",
    "repo",
    "repos",
    "location",
    "locations",
    "endpoint",
    "endpoints",
    "server",
    "servers",
    "resource",
    "resources",
    "form",
    "style",
    "syntax",
    "support",
    "backend",
    "backends",
    "scheme-less",
    // Pulp's changelog: "Fix <file://> syncs", "<file:///> paths".
    "sync",
    "syncs",
    "path",
    "paths",
    "source",
    "sources",
];

/// Whether the text names the URL's scheme rather than giving a URL: a
/// scheme with nothing after it followed by a noun such as "URIs" or "remote"
/// ("`<s3://>` URIs are supported"), wrapped or not. Such a URL is not an
/// empty one left in by mistake.
pub fn names_a_scheme(cand: &crate::scan::Candidate) -> bool {
    let Some(e) = &cand.excerpt else {
        return false;
    };
    let end = cand.span.end.offset.saturating_sub(e.start_offset) as usize;
    let Some(after) = e.text.get(end..) else {
        return false;
    };
    // POD's code and italics, `C<http://>`, `I<ws://>`: a scheme set as
    // code, named ("Instead of C<http://> and C<ws://> you can use ...").
    let start = cand.span.start.offset.saturating_sub(e.start_offset) as usize;
    let pod_code = cand.raw.starts_with('<')
        && cand.raw.ends_with('>')
        && e.text.get(..start).is_some_and(|before| {
            let b = before.as_bytes();
            b.last()
                .is_some_and(|c| matches!(c, b'C' | b'I' | b'B' | b'F'))
                && b.get(b.len().wrapping_sub(2))
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        });
    if pod_code {
        return true;
    }
    // "default port number 389 for <ldap://> and 636 for <ldaps://>": what
    // something is for is a kind of URL, not one left empty.
    let named_for = e.text.get(..start).is_some_and(|before| {
        let before = before.trim_end_matches(['`', '"', '\'', '*', '_', '(', '\\', ' ', '\t']);
        let word = &before[before
            .trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .len()..];
        // GeoNetwork's "The node's name or IP number (without
        // <http://>)": the prefix to leave out.
        ["for", "without"]
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w))
            && before.len() > word.len()
    });
    if named_for {
        return true;
    }
    // opusfile's Doxygen pages, "only the &lt;file:&gt;, &lt;http:&gt;,
    // and &lt;https:&gt; schemes … Both &lt;http:&gt; and &lt;https:&gt;
    // may be disabled": empty wrappers side by side on a line name schemes.
    // (The excerpt is lossy UTF-8: an offset may fall inside a replacement
    // character, so every slice is checked.)
    let line = {
        let from = e
            .text
            .get(..start)
            .and_then(|t| t.rfind('\n'))
            .map_or(0, |k| k + 1);
        let to = e
            .text
            .get(end..)
            .and_then(|t| t.find('\n'))
            .map_or(e.text.len(), |k| end + k);
        e.text.get(from..to).unwrap_or_default()
    };
    if empty_wrappers(line) >= 2 {
        return true;
    }
    let after = after.replace("&gt;", ">").replace("&lt;", "<");
    let marks = ['>', '<', '`', '"', '\'', ')', '*', '_', '-', ' ', '\t'];
    // A page's markup closed after the name (libtorrent's audit,
    // `&lt;file://&gt;</span></tt> URIs`): its end tags are no words.
    let mut after = after.trim_start_matches(['>', ' ']);
    while let Some(rest) = after.strip_prefix("</") {
        let Some(k) = rest
            .find('>')
            .filter(|&k| k <= 12 && rest[..k].bytes().all(|c| c.is_ascii_alphanumeric()))
        else {
            break;
        };
        after = rest[k + 1..].trim_start_matches(['>', ' ']);
    }
    let mut after = after.trim_start_matches(marks);
    // "I<nntp:> or I<news:> URLs", "`ftp:`, `http:` and `https:` links":
    // the noun may follow a list of schemes, each written as a scheme.
    for _ in 0..4 {
        let Some(rest) = [", and ", ", or ", "or ", "and ", ", ", "/ "]
            .iter()
            .find_map(|sep| after.strip_prefix(sep))
        else {
            break;
        };
        let rest = rest.trim_start_matches(marks);
        let other = &rest[..rest.find([' ', '\t', ',']).unwrap_or(rest.len())];
        if !other.trim_end_matches(marks).ends_with(':') {
            break;
        }
        after = rest[other.len()..].trim_start_matches(marks);
        after = after
            .strip_prefix(", ")
            .map_or(after, |r| r.trim_start_matches(marks));
    }
    let word: &str = after
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .next()
        .unwrap_or_default();
    SCHEME_NOUNS.iter().any(|n| n.eq_ignore_ascii_case(word))
}

/// How many empty wrappers (`<http:>`, `<ftp://>`, or with the brackets
/// written `&lt;` and `&gt;`) `line` holds.
fn empty_wrappers(line: &str) -> usize {
    let line = line.replace("&lt;", "<").replace("&gt;", ">");
    line.split('<')
        .skip(1)
        .filter(|piece| {
            let Some(inner) = piece.split('>').next().filter(|_| piece.contains('>')) else {
                return false;
            };
            let name = inner
                .trim_end_matches('/')
                .strip_suffix(':')
                .unwrap_or_default();
            !name.is_empty()
                && name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        })
        .count()
}

/// Whether `hay` holds one of `words` (lower case), ASCII letters compared
/// without case; no allocation, as every URL with a finding asks.
fn any_in(hay: &str, words: &[&str]) -> bool {
    let hay = hay.as_bytes();
    words.iter().any(|w| {
        let w = w.as_bytes();
        hay.windows(w.len()).any(|x| x.eq_ignore_ascii_case(w))
    })
}

/// The last `n` bytes of `s` or a little fewer, on a character boundary.
fn tail(s: &str, n: usize) -> &str {
    let mut from = s.len().saturating_sub(n);
    while !s.is_char_boundary(from) {
        from += 1;
    }
    &s[from..]
}

/// The first `n` bytes of `s` or a little fewer, on a character boundary.
fn head(s: &str, n: usize) -> &str {
    let mut to = n.min(s.len());
    while !s.is_char_boundary(to) {
        to -= 1;
    }
    &s[..to]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ask` of each URL found in `text`, excerpts kept.
    fn each(text: &str, ask: fn(&crate::scan::Candidate) -> bool) -> Vec<bool> {
        use crate::scan::{ScanOptions, Scanner};
        let mut s = Scanner::new(ScanOptions {
            excerpts: true,
            ..ScanOptions::default()
        });
        s.scan_slice(text.as_bytes()).iter().map(ask).collect()
    }

    #[test]
    fn urls_an_equation_compares() {
        let compared = |text: &str| each(text, is_compared);
        assert_eq!(
            compared("// (e.g. http://2130706433/ == http://127.0.0.1/) that has\n"),
            [true, true]
        );
        assert_eq!(compared("assert url != http://a.example/x\n"), [true]);
        // Near misses: a query's `=`, an arrow, and prose.
        assert_eq!(compared("see http://a.example/?x==1 now\n"), [false]);
        assert_eq!(
            compared("http://a.example/ => http://b.example/\n"),
            [false, false]
        );
        assert_eq!(compared("see http://a.example/ and more\n"), [false]);
        // The Book of Secret Knowledge's shortened addresses.
        assert_eq!(
            compared("http://1.0.0.1 \u{2192} http://1.1\n"),
            [true, true]
        );
        assert_eq!(
            compared("http://192.168.257 \u{21d2} 192.168.1.1\n"),
            [true]
        );
        assert_eq!(compared("see http://1.1 \u{2190} there\n"), [false]);
    }

    #[test]
    fn urls_the_text_calls_wrong() {
        let called = |text: &str| each(text, is_called_wrong);
        // libevent's comment on what its URI parser accepts.
        assert_eq!(
            called(" * mailto://www.example.com/cgi-bin/fortune.pl is not a reasonable\n * mailto url, http://www.example.com:99999/ is not a reasonable HTTP\n"),
            [true, true]
        );
        assert_eq!(
            called("see http://a.example:99999/ for a reasonable price\n"),
            [false]
        );
        // A host named so: a test's bad input.
        assert_eq!(called("skip http://invaliddomain</ now\n"), [true]);
        // A highlighted sample's tags take no reach; a comment saying
        // nothing of the URL is no verdict (near miss).
        assert_eq!(
            called("get(&#39;http://%zz/&#39;)</span>   <span class=\"c1\"># raises requests.exceptions.InvalidURL</span>\n"),
            [true]
        );
        assert_eq!(
            called("get(&#39;http://%zz/&#39;)</span>   <span class=\"c1\"># fetches the requests.exceptions page</span>\n"),
            [false]
        );
        assert_eq!(called("see https://bad.invalid/%zz\n"), [true]);
        assert_eq!(called("see https://a.example/invalid/%zz\n"), [false]);
        // The word must be the label's: a street, a user's password.
        assert_eq!(
            called("see https://www.invalidenstrasse.de/a%zz/\n"),
            [false]
        );
        assert_eq!(
            called("see http://user:invalidated@db.company.com/%zz\n"),
            [false]
        );
        assert_eq!(called("see http://invalid-host:8080/%zz\n"), [true]);
        // A host named for the attacker: an advisory's illustration.
        assert_eq!(
            called("a URL like ``http://mysite.example.com\\@attacker.com`` would be\n"),
            [true]
        );
        assert_eq!(called("see http://evil-site.org/%zz\n"), [true]);
        assert_eq!(called("see https://evilmartians.com/%zz\n"), [false]);
        assert_eq!(called("see https://a.example/evil/%zz\n"), [false]);
        // w3lib's comment: where the URL seems to go.
        assert_eq!(
            called("# alone. Without this, \"http://evil.com\\@good.com/\" is read as userinfo\n"),
            [true]
        );
        // validators' manual: a bad URL named so.
        assert_eq!(called("print(url('https//bad_url'))\n"), [true]);
        assert_eq!(called("see https//badge.fury.io/x\n"), [false]);
        // Django's comment on the URLs it forbids.
        assert_eq!(
            called("    # Forbid URLs like http:///example.com - with a scheme, but without a\n"),
            [true]
        );
        assert_eq!(called("We forbid nothing: http:///example.com\n"), [false]);
        // lobsters' comment on links its users wrote.
        assert_eq!(
            called("  # some comments have bad links ('#', 'https://foo/', 'https://http://apple.com')\n"),
            [true, true]
        );
        assert_eq!(called("Good links: https://http://apple.com\n"), [false]);
        assert_eq!(
            called("new URL('/p%.c', 'x');  // Incorrect: file:///some/path%.c\n"),
            [true]
        );
        assert_eq!(
            called("An invalid URL such as http://a:80x/ fails."),
            [true]
        );
        assert_eq!(called("See http://a.org/%zz for the list."), [false]);
        assert_eq!(
            called("    # Handle the case when URL has the form http://https://example.com\n"),
            [true]
        );
        assert_eq!(called("The form at http://https://example.com\n"), [false]);
        // The end of the line before, when the URL starts its line.
        assert_eq!(
            called("if you pass a wrongly spelled protocol part\nas in `htpts://example.com` or\n"),
            [true]
        );
        let long = format!(
            "a wrongly spelled part\n{} http://a.org/%zz\n",
            "x".repeat(50)
        );
        assert_eq!(called(&long), [false]);
        assert_eq!(
            called("<!-- urlint: ignore-next-line[invalid-host] -->\n<http://h.acme.org:25/>\n"),
            [false]
        );
        // A block's introduction over a blank line (a README's reST
        // literal block); near misses: no `:` ending it, other words.
        assert_eq!(
            called("The default behavior is to invalidate these hosts::\n\n    http://256.256.256.256\n"),
            [true]
        );
        assert_eq!(
            called(
                "The default behavior is to invalidate these hosts\n\n    http://256.256.256.256\n"
            ),
            [false]
        );
        // Every item of a list of examples under it, one URL a line; near
        // misses: a list under an introduction that calls them nothing, an
        // item after a line of prose.
        assert_eq!(
            called("Invalidate these hosts::\n\n    http://256.256.256.256\n    http://999.9.9.9.9\n    http://1.2.3.4.5\n"),
            [true, true, true]
        );
        assert_eq!(
            called("Invalidate these hosts:\n    http://256.256.256.256\n    http://999.9.9.9.9\n"),
            [true, true]
        );
        assert_eq!(
            called("Accept these hosts::\n\n    http://256.256.256.256\n    http://999.9.9.9.9\n"),
            [false, false]
        );
        assert_eq!(
            called("Invalidate these hosts::\n\n    http://256.256.256.256\n    and\n    http://999.9.9.9.9\n"),
            [true, false]
        );
        assert_eq!(
            called(
                "The default behavior is to accept these hosts::\n\n    http://256.256.256.256\n"
            ),
            [false]
        );
        // Right after it.
        assert_eq!(
            called(" * http://a.com/b  ../../../c   http:/c     error out\n"),
            [false, true]
        );
        assert_eq!(
            called("requests.get('http://%zz/')   # raises requests.exceptions.InvalidURL\n"),
            [true]
        );
        assert_eq!(
            called("- `https://www.example..com` is no longer parsed as an URL (#41)\n"),
            [true]
        );
        assert_eq!(
            called("  Otherwise, URIs like \"http://256.255.255.0/v1/resource\" are considered\n  valid.\n"),
            [true]
        );
        assert_eq!(
            called("// accept `git+https:/host/owner/repo` when users forget to\n"),
            [true]
        );
        assert_eq!(
            called(" * wget \"http://::1/xxx\", but this is not standard.\n"),
            [true]
        );
        // The next line with text, when the URL ends its line.
        assert_eq!(
            called("ProxyPass \"/apps\"  \"http://127\"\n  </highlight>\n  <p>is not valid and will cause\n"),
            [true]
        );
        assert_eq!(
            called("See http://a.org/%zz\n\nThe error codes are listed.\n"),
            [false]
        );
        assert_eq!(
            called("<pre>ProxyPass \"http://127\"</pre>\n\n<p>is not valid</p>\n"),
            [true]
        );
        // In a translation.
        assert_eq!(
            called("ProxyPass \"/apps\"     \"http://127\"\n        </highlight>\n        <p>n'est pas valide et provoquera une erreur\n"),
            [true]
        );
        assert_eq!(called("不正なURL http://a:80x/ の例"), [true]);
        // A word beyond ASCII on the next line.
        assert_eq!(called("  \"http://127\"\n  ist ungültig.\n"), [true]);
        // Only the words right before it count, not a whole line's.
        let far = format!("invalid {} http://a.org/%zz", "x".repeat(60));
        assert_eq!(called(&far), [false]);
    }

    #[test]
    fn urls_a_sentence_shows_as_a_fault() {
        let shown = |text: &str| each(text, shows_a_fault);
        // git's comment: the words are on the next line.
        assert_eq!(
            shown("\t * URLs like https::example.com/a.git and\n\t * https:///example.com/a.git that were\n\t * susceptible to CVE-2020-11008.\n"),
            [true]
        );
        // yarl's changelog: on the line before.
        assert_eq!(
            shown("- Fixed a host-confusion parsing bug where URLs containing brackets\n  in the host (e.g. ``http://[:localhost[]].google:80``) were parsed\n"),
            [true]
        );
        // yarl's comment: the verb of its own sentence.
        assert_eq!(
            shown("# SSRF. The count checks reject URLs with more than one bracket pair in the\n# host (e.g. 'http://[:localhost[]].google:80'),\n"),
            [true]
        );
        // Django's release notes, on what its validator let through.
        assert_eq!(
            shown("* Fixed a regression in ``URLValidator`` that allowed URLs with consecutive\n  dots in the domain section (like ``http://example..com/``) to pass\n"),
            [true]
        );
        assert_eq!(
            shown("The domain (see ``http://example..com/``) is listed.\n"),
            [false]
        );
        // Rejected markup is not a rejected URL.
        assert_eq!(
            shown("Rejected by CommonMark but meant as links: [home](ttps://www.example.org/).\n"),
            [false]
        );
        // A sentence that ended before the URL says nothing of it.
        assert_eq!(
            shown("Fixed CVE-2024-1 in the parser. Docs moved to http://a.org/%zz for now.\n"),
            [false]
        );
        // Words every security page has are no sign.
        assert_eq!(
            shown("To report a vulnerability, visit https://hackerone.com/a%zz\n"),
            [false]
        );
        assert_eq!(shown("See http://a.org/%zz for the list.\n"), [false]);
        // Go's release notes, on what its URL parser accepts.
        assert_eq!(
            shown("[`Parse`](/pkg/net/url#Parse) now rejects malformed URLs containing colons in the host subcomponent,\nsuch as `http://::1/` or `http://localhost:80:80/`.\n"),
            [true, true]
        );
        assert_eq!(
            shown("authority and URLs with an empty authority. For example,\n`http:///path` has an empty authority (host),\n"),
            [true]
        );
        assert_eq!(
            shown(
                "  if ('/' == *tok) { // This is to handle crazy stuff like http:///origin.com\n"
            ),
            [true]
        );
        // A parser's test in its comment.
        assert_eq!(shown("\t/* parsing http:///toto will fail */\n"), [true]);
        // What a request without a host is turned into.
        assert_eq!(
            shown("\t// Default to \"localhost\" when no request.Host is provided. Otherwise requests\n\t// with an empty `Host` produce results like `http:///acme/new-authz`\n"),
            [true]
        );
        assert_eq!(
            shown("The empty host list moved. See http:///acme/new-authz now.\n"),
            [false]
        );
        // Near miss: a failure of something else, in another sentence.
        assert_eq!(
            shown("The build will fail. Docs are at http://a.org/%zz now.\n"),
            [false]
        );
        // Malformed what is asked: a page is no URL.
        assert_eq!(
            shown("Fixed the malformed page header. See http://a.org/%zz.\n"),
            [false]
        );
    }

    #[test]
    fn urls_in_a_passwd_entry() {
        let entry = |text: &str| each(text, in_passwd_entry);
        assert_eq!(entry("news:x:9:13:news:/var/spool/news:\n"), [true]);
        assert_eq!(
            entry("ftp:x:14:50:Anonymous FTP:/var/ftp:/bin/false\n"),
            [true]
        );
        assert_eq!(
            entry("mail:x:8:8:mail:/var/mail:/bin/sh news:x:9:9:news:/var/spool/news:/bin/sh\n"),
            [true]
        );
        // BSD's master.passwd: ten fields.
        assert_eq!(
            entry("ftp:*:14:14::0:0:Anonymous FTP:/var/ftp:/nonexistent\n"),
            [true]
        );
        // A shell session's output after a comment's mark, the scheme's
        // name in a GECOS field with blanks; near miss: a sentence.
        assert_eq!(
            entry("# nobody:28nxEPGl5Ifik:1:0:nobody for ftp:/:/bin/false\n"),
            [true]
        );
        assert_eq!(entry("# see ftp:/:/bin/false here\n"), [false]);
        assert_eq!(
            entry("> INFO:12:30:45:GET http:/api.example.com:8080/v1\n"),
            [false]
        );
        // Near misses: six fields, and names where the numbers go; a
        // blank beyond ASCII before the URL (no panic on its bytes).
        assert_eq!(entry("news:x:9:13:news:/var/spool/news\n"), [false]);
        assert_eq!(entry("a\u{85}http://h/ x\n"), [false]);
        assert_eq!(entry("news:a:b:c:d:e:f see it\n"), [false]);
        assert_eq!(
            entry("ftp:*:14:14::x:0:Anonymous FTP:/var/ftp:/sh\n"),
            [false]
        );
    }

    #[test]
    fn urls_a_diagram_takes_apart() {
        let drawn = |text: &str| each(text, is_diagrammed);
        assert_eq!(
            drawn("/// https://user@pass:example.com:1234/foo/bar?baz#quux\n///      |      |    |          | ^^^^|       |   |\n"),
            [true]
        );
        assert_eq!(
            drawn("   http://example.com:8042/over/there?name=ferret#nose\n   \\_/   \\______________/\\_________/ \\_________/ \\__/\n"),
            [true]
        );
        // A Markdown table's rule or a heading's underline is no diagram.
        assert_eq!(drawn("See http://a.org/%zz\n|---|---|\n"), [false]);
        assert_eq!(drawn("http://a.org/%zz\n---------\n"), [false]);
        assert_eq!(drawn("http://a.org/%zz\nnext line\n"), [false]);
        assert_eq!(
            drawn("http://a.org/%zz\n\n________________________________\n"),
            [false]
        );
        assert_eq!(drawn("http://a.org/%zz\n^^^^^^^^^^^^^^^^\n"), [false]);
    }

    #[test]
    fn names_round_trip_and_rfc3986_is_default() {
        for &s in Standard::ALL {
            assert_eq!(Standard::from_name(s.as_str()), Some(s));
        }
        assert_eq!(Standard::from_name("rfc2396"), None);
        assert_eq!(Standard::default(), Standard::Rfc3986);
    }

    #[test]
    fn example_hosts() {
        for host in [
            "example.com",
            "www.example.org",
            "EXAMPLE.NET",
            "a.example",
            "host.test",
            "x.invalid",
            "localhost",
            "127.0.0.1",
            "192.0.2.10",
            "198.51.100.7",
            "203.0.113.255",
            "[::1]",
            "[2001:db8::1]",
            "example.com.",
            "printer.local",
            "nas.home.arpa",
            "firewall.mycompany.com",
            "www.yourdomain.com",
            "host.tld",
            "mygithost",
            "buildserver",
            "host.com",
            "www.domain.com",
            "LOCALHOST.",
            "Printer.Local",
            "127.1.2.3",
            "+127.0.0.1",
            "[2001:DB8::]",
            "Host.TLD",
            "your.ldap.server",
            "ldap.my.domain",
            "contoso.com",
            "www.Fabrikam.com",
        ] {
            assert!(is_example_host(host), "{host}");
        }
        for host in [
            "example.co.uk",
            "myexample.com",
            "examples.com",
            "192.0.3.1",
            "10.0.0.1",
            "testing.org",
            "[2001:db9::1]",
            "github.com",
            "mycompany.io.evil.example.co",
            "tld.example.co",
            "10",
            "1.2.3",
            "127.0.0.1.5",
            "127.0.0.x",
            "256.0.0.1",
            "xexample.com",
            "yours.org",
            "your.org",
            "server.yourco.com",
            "contoso.example.co.uk",
            "mycontoso.com",
            ".",
            "",
        ] {
            assert!(!is_example_host(host), "{host}");
        }
    }

    #[test]
    fn placeholder_passwords() {
        for p in [
            "password",
            "PASSWD",
            "pass",
            "secret",
            "xxx",
            "***",
            "p",
            "<pw>",
            "%3Cpw%3E",
            "bar",
            "foobar",
            "a%20secret",
            "my-secret",
            "mysecret",
            "Password123",
            ":",
            "github_pat_asdf",
            "DOMAIN",
            "SECRET_KEY",
            "private",
            "not-re%40l",
            "not-real",
            "fake-token",
            "s3cr3t",
            "s3cret",
            "p%40ssw0rd",
            "Passw0rd!",
            "p4ss",
            "s:3:c:r:e:t",
            "pass1",
            "token2",
            "proxypwd",
            "dbpass",
            "orgtoken",
            "my-token",
            "key",
            "secret-key",
            "pas%2As",
            "pa%24%24word",
            "my_api-token",
            "YOUR-APIKEY",
            "mytoken",
            "Password2",
            "L%C3%96SENORD",
            "LÖSENORD",
            "passwort",
            "contraseña",
            "algunacontraseña",
            "tu_contraseña",
            "votremotdepasse",
            "пароль",
            "ourverysecretpassword",
            "supersecretpasswd",
            "querty",
            "123",
            "123456",
            "1234567890",
            "eeeeeeeeefeeeeeeeeefeeeeeeeeefeeeeeeeeef",
            "000000000000",
            "%2A%2A%2A%2A%2A%2A",
            "quux",
            "LicenseKey",
            "somePW",
            "some_pwd",
            "apiToken",
            "x-oauth-basic",
        ] {
            assert!(is_placeholder_password(p), "{p}");
        }
        for p in [
            "hunter2",
            "x1",
            "tuxedo",
            "suasenhax",
            "s3cur1ty9",
            "l33tc0de",
            "tiger",
            "ab",
            "TopSecret2024",
            "ourpassword9",
            "dogpasswords",
            "privately9",
            "Private!2024",
            "XK9QZ2PL",
            "QWHZKRTPLM",
            "___",
            "notable",
            "fakir9",
            // Near misses of a numbered or prefixed word.
            "tokens",
            "tokenizer-9x",
            "monkey",
            "keys9",
            // Near misses of an escaped mark inside a word: an escaped
            // letter, a mark in a word that is no placeholder.
            "p%61ss9x",
            "hun%21ter2",
            "passage1",
            "hunterpass9x",
            "longprefixtoken",
            // Near misses of a name that says what it is: one word, a
            // digit in it, a one-letter word.
            "Kx9Key",
            "aKey",
            "MonkeyBusiness",
            "SuperSecret",
            "TigerPass",
            "x-oauth-basic9",
            "1token",
            "compass",
            "dogpass1",
            "foo2024",
            "quertz9",
            // Near misses of digits counting up: not from one, too short,
            // out of step.
            "234",
            "12",
            "1243",
            "12345x",
            // Near misses of one character over and over: short, or three.
            "eeeeef",
            "eeeeeeeeefeeeeeeeeeg",
            "%2A%2Ax",
        ] {
            assert!(!is_placeholder_password(p), "{p}");
        }
    }
}
