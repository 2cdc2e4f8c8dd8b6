//! URL-shaped *patterns*, which are not URLs (the README, "How documents are
//! read"): template placeholders, usage notation, wildcards, globs and
//! ports written as words. Documentation is full of them, and a linter that
//! reads `http://${host}:${port}/` as a URL with a bad host cries wolf.
//!
//! The shapes recognised, each with an example:
//!
//! | shape | example |
//! |---|---|
//! | template placeholder | a host of `#`s (`https://###/realms`) or one partly blotted out (`http://ec2-###-##.compute-1.amazonaws.com/`), `{{base_url}}`, `${host}`, `$(HOST)`, `{% url %}`, `<%= x %>`, `~a`, `{name}`, `{0}`, HAProxy's `%[hdr(host)]`, vim-latex's `<+email+>` |
//! | printf conversion | `%s`, `%d/`, `%(name)s`, `%1$s`, `/%l/`, Qt's `/%2/`, xargs' `/%` or `//%%/` (a `%` not starting a valid escape); Go's error marks `%!B(MISSING)` in a URL printed as a format |
//! | usage notation | `ftp://[user@]host[:port]/path`, `http://host[/path]`, `mailto:[email]` |
//! | wildcard | `https://*.example.com/*`, `http://host/*.html`, `bundle-[hash].js`, `/bot[your-token]/` |
//! | glob | `part{a,b,c}.html`, `vol[1-4]`, `archive[1996-1999]` |
//! | port as a word | `http://host:port/`, `http://localhost:PORT` |
//! | host left to fill in | `https://???????.execute-api.us-east-1.amazonaws.com/` |
//! | part left out | `http://.../back.jpeg`, `https://…/x`, `https://bla...:foo`, `file://h/...path` |
//! | domain suffix | `http://.example.org/` (every host under it) |
//! | typed character set | `key-._~,!@#$%^&*()` (the shifted digit row, in a test) |
//! | substitution | `@PORT@` (autoconf), `$2` (a positional parameter), `&url.php;`, `&x-version;` (an XML or SGML entity), `/|repo_primary_branch|/` (reST) |
//!
//! ```
//! use urlint::document::pattern::is_pattern;
//!
//! assert!(is_pattern("http://${hostname}:${port}/"));
//! assert!(is_pattern("ftp://[user@]machine[[:#]port]/path"));
//! assert!(!is_pattern("http://[2001:db8::1]:8080/a?x[]=1"));
//! ```

/// Whether the host has digits blotted out with `#`s and goes on after
/// them (`http://ec2-###-##-##-###.compute-1.amazonaws.com/`, an EC2 name
/// redacted): a run of two or more `#` standing as a label's part between
/// `-` or `.` marks, and a `.` and a letter later in the host. A URL's
/// fragment starts after a whole host (`a.example##x`), never in a label.
fn masked_host(url: &str) -> bool {
    let Some(rest) = url.split_once("://").map(|(_, r)| r) else {
        return false;
    };
    let host = rest.split(['/', '?']).next().unwrap_or_default();
    let b = host.as_bytes();
    // The host's first `#` starts the run: one before it starts a fragment.
    let Some(k) = host.find("##").filter(|&k| host.find('#') == Some(k)) else {
        return false;
    };
    let run = b[k..].iter().take_while(|&&c| c == b'#').count();
    let before = k == 0 || matches!(b[k - 1], b'-' | b'.');
    let after = matches!(b.get(k + run), Some(b'-' | b'.'));
    before
        && after
        && host[k..]
            .split_once('.')
            .is_some_and(|(_, rest)| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// Whether a URL's text, as written, is a regular expression's or a `sed`
/// substitution's piece: slashes escaped, then one that is not, the
/// expression's delimiter (`s/git:\/\//http:\/\//g`).
pub fn is_escaped_in_expression(raw: &str) -> bool {
    raw.contains("\\/\\//")
}

/// Whether `url` is a pattern rather than a URL.
pub fn is_pattern(url: &str) -> bool {
    let b = url.as_bytes();
    // Every URL found is asked: one pass says which shapes are possible at
    // all, and most URLs hold none of their marks.
    let marks = b.iter().fold(0u16, |m, &c| m | MARKS[usize::from(c)]);
    if marks & (DOLLAR | BRACE | LT | PERCENT | AT | AMP) != 0 && has_placeholder(b) {
        return true;
    }
    // `--oidc-issuer-url=https://###/realms/test`: a host blotted out with
    // `#`s (a redacted setting); no URL has a fragment where its host goes.
    if marks & HASH != 0 && (memchr::memmem::find(b, b"://##").is_some() || masked_host(url)) {
        return true;
    }
    if marks & HASH != 0 && is_hash_placeholder(url) {
        return true;
    }
    if marks & PERCENT != 0 && (has_printf(b) || has_fmt_error(b)) {
        return true;
    }
    if marks & BRACKET != 0 && has_bracket_notation(url) {
        return true;
    }
    if (marks & (BACKSLASH | STAR | PLUS | BRACKET) != 0 || url.ends_with("!g")) && is_regex(url) {
        return true;
    }
    // Lisp's and Scheme's `format` directives (Hop's `(format
    // "http://~a:~a/hop/wizard" host port)`): `~a`, `~s` or `~d` where
    // the host or port goes, or two of them.
    if marks & TILDE != 0 && has_format_directive(b) {
        return true;
    }
    // `!@#$%^&*()`: the keyboard's shifted digit row, typed to show or
    // test every special character (a Go test's expected string); no
    // address holds it.
    if marks & (DOLLAR | PERCENT | CARET | AMP) == DOLLAR | PERCENT | CARET | AMP
        && b.windows(4).any(|w| w == b"$%^&")
    {
        return true;
    }
    // cmd.exe's caret before every character (`file://^C^:^/^W^i^n^d^o^w^s…`,
    // an attack catalogue's obfuscated command line): the shell drops the
    // carets; no URL is written so.
    if marks & CARET != 0
        && b.windows(3)
            .filter(|w| w[0] == b'^' && w[2] == b'^')
            .count()
            >= 3
    {
        return true;
    }
    // Quarto's `^version^`, filled in when the site is built
    // (`…/download/v^version^/quarto-^version^-linux-amd64.tar.gz`).
    if marks & CARET != 0
        && url
            .split('^')
            .skip(1)
            .step_by(2)
            .any(|w| w.len() >= 2 && w.bytes().all(|c| c.is_ascii_alphabetic() || c == b'_'))
        && url.matches('^').count() >= 2
    {
        return true;
    }
    // Salt's `https://github.com/saltstack/salt/tree/|repo_primary_branch|/salt/`:
    // a reST substitution reference, a whole path segment, filled in when
    // the docs are built.
    if marks & PIPE != 0
        && url.split('/').any(|seg| {
            seg.len() >= 3
                && seg.starts_with('|')
                && seg.ends_with('|')
                && seg.as_bytes()[1].is_ascii_alphabetic()
                && seg[1..seg.len() - 1]
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
        })
    {
        return true;
    }
    // `"https://?(goproxy.io|proxy.golang.com.cn)` (a watchflakes rule in
    // Go's wiki): a regular expression's optional slash, then a group of
    // alternatives where the host goes.
    if marks & PIPE != 0 && memchr::memmem::find(b, b"//?(").is_some() {
        return true;
    }
    // LemonLDAP::NG's `https://#portal#/.well-known/openid-configuration`:
    // a host written `#name#`, the portal's, filled in by the reader; a
    // ColdFusion expression there (`http://#CGI.SERVER_NAME#/x.cfm`).
    if let Some(k) = memchr::memchr(b'#', b).and_then(|_| memchr::memmem::find(b, b"//#")) {
        let name = b[k + 3..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            .count();
        if name >= 2 && b[k + 3].is_ascii_alphabetic() && b.get(k + 3 + name) == Some(&b'#') {
            return true;
        }
    }
    // ocaml.org's old site generator: `…/tree/master/((! tryget filename !))`,
    // a macro filled in when the site is built.
    if memchr::memmem::find(b, b"((!").is_some() && memchr::memmem::find(b, b"!))").is_some() {
        return true;
    }
    // podman's `http://#.#.#.#:3000`: a dotted quad's digits as marks,
    // "your VM's address" where the host goes; and CRAN's policy text,
    // `<https:...>` beside `<doi:...>`, the rest of a URL elided.
    if memchr::memmem::find(b, b"//#.#.#.#").is_some()
        || b.iter()
            .position(|&c| c == b':')
            .is_some_and(|k| &b[k + 1..] == b"..." || &b[k + 1..] == "…".as_bytes())
    {
        return true;
    }
    // Twig's (and Jinja's) string concatenation in an attribute built by
    // a template: `href="https://github.com/doctrine/' ~ project.repositoryName ~ '/"`.
    if memchr::memchr(b'~', b).is_some()
        && (memchr::memmem::find(b, b"' ~ ").is_some()
            || memchr::memmem::find(b, b" ~ '").is_some())
    {
        return true;
    }
    // An XPath through names in a namespace whose prefix is a scheme's
    // (Velocity's RSS stylesheet: `select="news:items/news:item"`,
    // `select="news:headline/text()"`): the prefix again after a `/`, or
    // a node test last. No URL with an authority.
    if let Some(colon) = memchr::memchr(b':', b) {
        let (prefix, rest) = (&url[..colon], &url[colon + 1..]);
        let again = || {
            rest.match_indices('/').any(|(k, _)| {
                rest[k + 1..]
                    .strip_prefix(prefix)
                    .and_then(|r| r.strip_prefix(':'))
                    .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_alphabetic()))
            })
        };
        if !rest.starts_with("//")
            && (["/text()", "/node()", "/comment()"]
                .iter()
                .any(|t| rest.ends_with(t))
                || again())
        {
            return true;
        }
    }
    // Lua's lazy quantifier ending a pattern: `gsub(html,
    // '<A HREF="http://www.internet.com.-</A>', '')`.
    if url.ends_with(".-") {
        return true;
    }
    // `http://host:8080|socks5://host:9050`: alternatives in a usage line.
    if marks & PIPE != 0
        && url
            .match_indices('|')
            .any(|(k, _)| url[k + 1..].contains("://"))
    {
        return true;
    }
    // `https://www.youtube.com/embed/::video.youtubeId::`: a Haxe
    // (templo) template's expression, filled in when the page is made.
    if let Some(k) = colon_after(b, b"/", b":") {
        let expr = &b[k + 2..];
        let name = expr
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.'))
            .count();
        if name > 0 && expr[0].is_ascii_alphabetic() && expr[name..].starts_with(b"::") {
            return true;
        }
    }
    // `\href{file:#1.pdf}`: a TeX macro's parameter where the whole rest
    // of the URL goes (a scheme, then `#1` to `#9`; `##1` in a macro
    // defined inside another, hyperref's `\href{file:##1}{##2}`).
    // After `//` as well: `\def\dourl#1{\href{http://#1}{…}}` (JASA's
    // class, a `.bst` writing the same macro).
    let first_colon = memchr::memchr(b':', b);
    if let Some(colon) = first_colon {
        let slashes = if b[colon + 1..].starts_with(b"//") {
            2
        } else {
            0
        };
        let hashes = b[colon + 1 + slashes..]
            .iter()
            .take_while(|&&c| c == b'#')
            .count();
        let rest = &b[colon + slashes + hashes..];
        if matches!(hashes, 1 | 2 | 4)
            && rest.len() >= 2
            && matches!(rest[1], b'1'..=b'9')
            && !rest.get(2).is_some_and(u8::is_ascii_alphanumeric)
            && url[..colon].bytes().all(|c| c.is_ascii_alphabetic())
        {
            return true;
        }
        // The closing marks of a `%%NAME%%` placeholder (BIRD's release
        // template, `%%AUTO:NEWS:TICK%%`): no escape ends a URL so.
        if b.ends_with(b"%%") {
            return true;
        }
        // WML's `<define-tag email_link><a href="mailto:%0">`: the
        // macro's argument, `%0` to `%9`, as the whole rest (a `%` and one
        // digit is no escape; one ending a longer URL is still reported).
        let after = &b[colon + 1 + slashes..];
        if after.len() == 2
            && after[0] == b'%'
            && after[1].is_ascii_digit()
            && url[..colon].bytes().all(|c| c.is_ascii_alphabetic())
        {
            return true;
        }
    }
    // `# <http:XX.XXX> -> \url{http:XX.XXX}` (a code comment on what a
    // function rewrites): X's, and dots between them, stand for the whole
    // host after the scheme. (`mailto:xxx` is the mailto rule's to judge.)
    if let Some(colon) = first_colon {
        let rest = url[colon + 1..].trim_start_matches('/');
        if rest
            .bytes()
            .all(|c| c.eq_ignore_ascii_case(&b'x') || c == b'.')
            && rest
                .bytes()
                .filter(|c| c.eq_ignore_ascii_case(&b'x'))
                .count()
                >= 2
            && rest.contains('.')
            && url[..colon].bytes().all(|c| c.is_ascii_alphabetic())
        {
            return true;
        }
    }
    let Some(after) = colon_after(b, b"", b"//").map(|k| k + 3) else {
        // `urn:k8s:secret:[name]:[valueKey]`: names in brackets between
        // an opaque URI's colons.
        return marks & BRACKET != 0 && url.split(':').any(has_bracketed_name);
    };
    // `https://???????.execute-api.us-east-1.amazonaws.com/`: question
    // marks standing for a host the reader fills in; `https://:subdomain.
    // example.com`, a route's named parameter (path-to-regexp's) where the
    // host starts.
    // Kyverno's `https://?*.myorg.com/*`: a wildcard's `?` and `*`;
    // Aliyun's referer list, `http://?.aliyun.com`: `?` for one label.
    if b[after..].starts_with(b"??")
        || b[after..].starts_with(b"?*")
        || (b[after..].starts_with(b"?.")
            && b.get(after + 2).is_some_and(u8::is_ascii_alphanumeric))
        || (b.get(after) == Some(&b':')
            && b.get(after + 1).is_some_and(u8::is_ascii_alphabetic)
            && !b[after..]
                .iter()
                .take_while(|&&c| !matches!(c, b'/' | b'?' | b'#'))
                .any(|&c| c == b'@'))
    {
        return true;
    }
    let authority_end =
        memchr::memchr3(b'/', b'?', b'#', &b[after..]).map_or(url.len(), |i| after + i);
    let authority = &url[after..authority_end];
    let path = &url[authority_end..];
    // `http://pr-[prnumber].manual.joomlacode.org`: a bracketed name
    // inside the host. One at its start is an IP literal's, unless a label
    // follows it (JHipster's `https://admin:[password]@[appname].herokuapp.com`).
    let host = authority.rsplit('@').next().unwrap_or_default();
    let literal = host.starts_with('[')
        && !host
            .find(']')
            .is_some_and(|k| matches!(host.as_bytes().get(k + 1), Some(b'.' | b'-')));
    // SLSA's `https://deploy-preview-#--slsa.netlify.app`, "where `#` is
    // the pull request number": a `#` inside the host's name (no label ends
    // in `-`, nor does a fragment start with one).
    let numbered = authority.ends_with('-') && path.starts_with("#-");
    // Cloudflare Pages' `_headers`, `https://staging.:project.pages.dev/`:
    // a named placeholder as a label inside the host, after a `.` and
    // before another (a port is digits, and ends the host).
    let named_label = host.match_indices(".:").any(|(k, _)| {
        let name = &host[k + 2..];
        let word = name
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
            .count();
        name.starts_with(|c: char| c.is_ascii_alphabetic()) && name[word..].starts_with('.')
    });
    numbered
        || named_label
        || (marks & STAR != 0 && authority.contains('*'))
        || (marks & BRACKET != 0 && !literal && has_bracketed_name(host))
        || (marks & (STAR | BRACKET) != 0 && has_wildcard_path(path))
        || has_word_port(authority)
        || ((marks & NON_ASCII != 0 || has_double_dot(b)) && is_elided(authority, path))
        || is_domain_suffix(authority)
}

/// `http://#` (all-contributors' "no homepage" for a contributor),
/// `https://#urltofile` (a command's blank to fill), `href="mailto:#"` (a
/// template's dummy address): a `#` where the host or address goes, alone
/// or before one word (and a port), is a placeholder, as `href="#"` is.
/// Whether `s` (from a `&` after `:`, `/` or `@`, where a query's
/// parameter never starts) starts with a reference to an entity a DTD
/// defines, not HTML: `FreeBSD`'s `DocBook` `mailto:&email;@FreeBSD.org`,
/// `…/&os;-version-RELEASE-arch-memstick.img`, `/&thisrelease;/`. The
/// document's reader decoded HTML's own (`&amp;`); a Latin letter's
/// (`&eacute;`) or a symbol's HTML name (`&trade;`) is text, not a slot.
fn is_dtd_entity(s: &[u8]) -> bool {
    let name_len = s[1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    if name_len < 2 || s.get(1 + name_len) != Some(&b';') || !s[1].is_ascii_alphabetic() {
        return false;
    }
    let Ok(name) = std::str::from_utf8(&s[1..=name_len]) else {
        return false;
    };
    let lower = name.to_ascii_lowercase();
    let letter = [
        "acute", "grave", "uml", "circ", "tilde", "cedil", "ring", "slash", "caron", "ogon",
        "macr", "breve", "dot", "lig",
    ]
    .iter()
    .any(|suffix| lower.len() > suffix.len() && lower.ends_with(suffix));
    let symbol = [
        "eth", "thorn", "szlig", "trade", "deg", "middot", "times", "divide", "euro", "pound",
        "yen", "cent", "sect", "para", "shy", "zwj", "zwnj", "lrm", "rlm", "bull", "rarr", "larr",
        "uarr", "darr", "harr", "micro", "iexcl", "iquest", "plusmn", "not", "ordf", "ordm",
        "ensp", "emsp", "thinsp", "prime", "laquo", "raquo", "sbquo", "bdquo", "dagger", "permil",
        "lsaquo", "rsaquo", "frasl", "infin", "ne", "le", "ge", "sup1", "sup2", "sup3", "frac12",
        "frac14", "frac34", "curren", "brvbar",
    ]
    .contains(&lower.as_str());
    let reference = std::str::from_utf8(&s[..name_len + 2]).unwrap_or("");
    !letter && !symbol && super::html::entity(reference).is_none()
}

fn is_hash_placeholder(url: &str) -> bool {
    let Some(colon) = url.find(':') else {
        return false;
    };
    let (scheme, rest) = (&url[..colon], &url[colon + 1..]);
    let rest = if scheme.eq_ignore_ascii_case("mailto") {
        rest
    } else {
        match rest.strip_prefix("//") {
            Some(r) => r,
            None => return false,
        }
    };
    let Some(word) = rest.strip_prefix('#') else {
        return false;
    };
    let word = word.split_once(':').map_or(word, |(w, port)| {
        if port.bytes().all(|c| c.is_ascii_digit()) {
            w
        } else {
            "/"
        }
    });
    // A word, not a number (`http://#12`, an issue's, mistyped).
    (!word.starts_with(|c: char| c.is_ascii_digit())
        && word
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-')))
        || (scheme.eq_ignore_ascii_case("mailto") && word == "@#.com")
}

/// Whether `b` holds `..`: every elision [`is_elided`] knows but `…` needs
/// one, and most URLs have none, so the splitting there is skipped.
fn has_double_dot(b: &[u8]) -> bool {
    memchr::memchr_iter(b'.', b).any(|k| b.get(k + 1) == Some(&b'.'))
}

/// The first `:` in `b` with `before` right before it and `after` right
/// after it. A URL holds a colon or two, so looking at each is cheaper than
/// building a substring searcher for every URL asked.
fn colon_after(b: &[u8], before: &[u8], after: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b':', b)
        .find(|&k| b[..k].ends_with(before) && b[k + 1..].starts_with(after))
}

/// `http://.example.org/`: every host under a domain (Apache's
/// `CacheEnable disk http://.example.org/`, a cookie's domain).
fn is_domain_suffix(authority: &str) -> bool {
    authority
        .strip_prefix('.')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
}

/// `http://.../back.jpeg`, `https://…/x`, `https://bla...:foo`,
/// `file://host/...path-to-file`: a part left out on purpose. A host never
/// holds `...`; a path segment may (`compare/v1.0...v2.0`), but does not
/// start or end with it.
fn is_elided(authority: &str, path: &str) -> bool {
    let host = authority.rsplit('@').next().unwrap_or(authority);
    // `ftp://server/fakedir%0Acommand.../`: a segment may trail off too.
    let elision = |s: &str| {
        s.starts_with("...") || s.starts_with('…') || s.ends_with("...") || s.ends_with('…')
    };
    host.contains("...")
        || host.contains('…')
        // `http://../officedocument`: a host of dots only.
        || (host.len() >= 2 && host.bytes().all(|c| c == b'.'))
        || path
            .split(['?', '#'])
            .next()
            .unwrap_or_default()
            .split('/')
            .any(elision)
}

const DOLLAR: u16 = 1;
const BRACE: u16 = 2;
const LT: u16 = 4;
const PERCENT: u16 = 8;
const BRACKET: u16 = 16;
const BACKSLASH: u16 = 32;
const STAR: u16 = 64;
const PLUS: u16 = 128;
const PIPE: u16 = 256;
const AT: u16 = 512;
const AMP: u16 = 1024;
/// A byte of a non-ASCII character (`…` is one).
const NON_ASCII: u16 = 2048;
const CARET: u16 = 4096;
const HASH: u16 = 8192;
const TILDE: u16 = 16384;

/// The mark of each byte that some pattern shape needs (0 for the rest).
static MARKS: [u16; 256] = {
    let mut t = [0u16; 256];
    t[b'$' as usize] = DOLLAR;
    t[b'{' as usize] = BRACE;
    t[b'<' as usize] = LT;
    t[b'%' as usize] = PERCENT;
    t[b'[' as usize] = BRACKET;
    t[b']' as usize] = BRACKET;
    t[b'\\' as usize] = BACKSLASH;
    t[b'*' as usize] = STAR;
    t[b'+' as usize] = PLUS;
    t[b'|' as usize] = PIPE;
    t[b'@' as usize] = AT;
    t[b'&' as usize] = AMP;
    t[b'^' as usize] = CARET;
    t[b'#' as usize] = HASH;
    t[b'~' as usize] = TILDE;
    let mut c = 0x80;
    while c < 0x100 {
        t[c] = NON_ASCII;
        c += 1;
    }
    t
};

/// `{{x}}`, `${x}`, `$(x)`, `{% x %}`, `<%= x %>`, `{name}`, `{a,b}`, and
/// `%HOSTIP` (a test suite's variable): braces never stand unencoded in a
/// real URL, so any brace is a template or a glob (its closer may lie past
/// where the URL was cut, as in `{env.host(x)}`).
fn has_placeholder(b: &[u8]) -> bool {
    if b.windows(2).any(|w| matches!(w, b"$(" | b"<%" | b"%>")) {
        return true;
    }
    // PHP's (and Falcon's) `<?= uploadFile.filename ?>`, cut at its blank.
    if memchr::memmem::find(b, b"<?=").is_some() || memchr::memmem::find(b, b"<?php").is_some() {
        return true;
    }
    // Template Toolkit's `[% ver %]` (`openresty-[% ver %].tar.gz`), a
    // blank or a chomping `-` after the `[%` (not a query's `[%22a%22]`).
    if b.windows(3)
        .any(|w| w[0] == b'[' && w[1] == b'%' && matches!(w[2], b' ' | b'-' | b'+'))
    {
        return true;
    }
    // WordPress's `paginate_links()` base, `…/all_posts.php%_%`: the
    // token it replaces with the page's format.
    if memchr::memmem::find(b, b"%_%").is_some() {
        return true;
    }
    // `http://www.%[hdr(host)]%[capture.req.uri]`: HAProxy's sample
    // expression, never an escape.
    if b.windows(3)
        .any(|w| w[0] == b'%' && w[1] == b'[' && w[2].is_ascii_alphabetic())
    {
        return true;
    }
    // `mailto:&email.php.doc.subscribe;`, DocBook's
    // `ftp://ftp.xfree86.org/pub/XFree86/&x-version;/`: an XML or SGML
    // entity a DTD defines (a name with a `.` or `-`, which HTML's have not).
    if memchr::memchr_iter(b'&', b).any(|i| {
        let name = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
            .count();
        let name_text = &b[i + 1..i + 1 + name];
        name > 3
            && name_text[0].is_ascii_alphabetic()
            && (name_text.contains(&b'.') || name_text.contains(&b'-'))
            && b.get(i + 1 + name) == Some(&b';')
    }) || memchr::memchr_iter(b'&', b)
        .any(|i| i > 0 && matches!(b[i - 1], b':' | b'/' | b'@') && is_dtd_entity(&b[i..]))
    {
        return true;
    }
    // `https://github.com/<Your GitHub handle>/git`, cut at the blank: an
    // angle bracket opening a word at the URL's end.
    if let Some(lt) = memchr::memrchr(b'<', b) {
        if lt + 1 < b.len() && b[lt + 1..].iter().all(u8::is_ascii_alphabetic) {
            return true;
        }
    }
    // `&d=<yyyy>-<mm>-<dd>`: a name in angle brackets, inside the URL.
    if memchr::memchr_iter(b'<', b).any(|i| {
        let name = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
            .count();
        name > 0 && b[i + 1].is_ascii_alphabetic() && b.get(i + 1 + name) == Some(&b'>')
    }) {
        return true;
    }
    // `\href{mailto:<+email+>}`: a field a snippet tool (vim-latex,
    // a LaTeX class's template) jumps to and fills in.
    if memchr::memmem::find(b, b"<+")
        .is_some_and(|k| memchr::memmem::find(&b[k + 2..], b"+>").is_some())
    {
        return true;
    }
    if memchr::memchr(b'{', b).is_some() {
        return true;
    }
    // `file://$PWD/x`, `http://127.0.0.1:$PORT/`: a shell variable, where
    // a name could start (RFC 1738's VMS path `disk$user` is a name of its
    // own); `$2` a regex's or a script's positional one.
    let variable = |k: usize| {
        let next = b.get(k + 1).copied().unwrap_or(b' ');
        let starts_name = k == 0 || !b[k - 1].is_ascii_alphanumeric();
        let digits = b[k + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        // `$2` ends the URL or follows a non-name (`Outer$1.html` is a
        // Java class file's name).
        // `:80$HEAP_PAGE`: an upper-case name is a variable wherever it
        // stands (a VMS path's `disk$user` is lower case).
        let upper = b[k + 1..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
            .count();
        // `proxy_pass http://127.0.0.1:8000$suffix;`: a lower-case name
        // that runs to the URL's end is nginx's or a shell's variable too
        // (`price$US` is a name).
        let name = b[k + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        (digits > 0 && (starts_name || k + 1 + digits == b.len()))
            || ((next.is_ascii_alphabetic() || next == b'_') && starts_name)
            || (next.is_ascii_uppercase() && upper >= 3)
            || (next.is_ascii_lowercase() && name >= 3 && k + 1 + name == b.len())
    };
    // `https://x-access-token:${{ secrets.TOKEN }}@github.com/`, cut at the
    // brace: a URL does not end in a bare `$`.
    if b.last() == Some(&b'$') {
        return true;
    }
    if memchr::memchr_iter(b'$', b).any(variable) {
        return true;
    }
    // Univention's config registry template, `https://@%@hostname@%@/`.
    if memchr::memmem::find(b, b"@%@").is_some() {
        return true;
    }
    // Cobbler's `http://@@http_server@@/cblr/svc/op/autoinstall/profile/%1`:
    // a name between doubled `@`, filled in when the template is rendered.
    if memchr::memmem::find_iter(b, b"@@").any(|i| {
        let name = b[i + 2..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        name >= 2 && b[i + 2].is_ascii_alphabetic() && b[i + 2 + name..].starts_with(b"@@")
    }) {
        return true;
    }
    // `http://localhost:@PORT@/`: an autoconf substitution. Meson's and
    // CMake's are in lower case; one counts as a whole host, port or path
    // segment (fwupd's `file://@datadir@/fwupd/remotes.d/`, bareos'
    // `http://localhost:@php_port@/`), not inside an address (`a@b@c`).
    if memchr::memchr_iter(b'@', b).any(|i| {
        let name = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
            .count();
        let lower = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_lowercase() || **c == b'_')
            .count();
        let segment = i > 0
            && matches!(b[i - 1], b'/' | b':')
            && b.get(i + 1 + lower) == Some(&b'@')
            && b.get(i + 2 + lower)
                .is_none_or(|&c| matches!(c, b'/' | b':'));
        (name >= 2 && b.get(i + 1 + name) == Some(&b'@')) || (lower >= 3 && segment)
    }) {
        return true;
    }
    memchr::memchr_iter(b'%', b).any(|i| {
        let name = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || **c == b'_')
            .count();
        let escape = b
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        // `file://%kernel.project_dir%/var`, `file:///%APPDATA%/x`: a
        // parameter between two `%` (Symfony's, Windows' variables; a Tcl
        // REST client's `…/allcalendars/%projection:full%`, with a default;
        // Writerside's `…/%product-version%/index.html`; i-doit's with a
        // filter, `?initial-overview=%objectname|encode%`).
        let mut between = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':' | b'-'))
            .count();
        // The filter after a name that is no escape's start, letters only.
        if !escape && between >= 2 && b.get(i + 1 + between) == Some(&b'|') {
            let filter = b[i + 2 + between..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            if filter > 0 {
                between += 1 + filter;
            }
        }
        // The closing `%` starts no escape (`100%sure%20x` is a URL).
        let close = i + 1 + between;
        let closed = b.get(close) == Some(&b'%')
            && !b
                .get(close + 1..close + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        let enclosed = between >= 2 && b[i + 1].is_ascii_alphabetic() && closed;
        // Boost.Format's positional `%1%` (`…&lng=%1%`, PrusaSlicer's
        // profiles): one digit, which no escape is.
        let positional = between == 1 && b[i + 1].is_ascii_digit() && closed;
        // Ganeti's `…/archive/v%0.16%.tar.gz` ("replace 0.14 with the
        // latest version"): a version marked for the reader to replace.
        let version = between >= 3
            && !escape
            && b[i + 1].is_ascii_digit()
            && b[i + 1..close].contains(&b'.')
            && closed;
        // Go's `fmt` with an argument index, `%[1]s` (a bridge's
        // `…/maps/place/%[1]s,%[2]s`).
        let indexed = b.get(i + 1) == Some(&b'[') && {
            let digits = b[i + 2..].iter().take_while(|c| c.is_ascii_digit()).count();
            digits > 0
                && b.get(i + 2 + digits) == Some(&b']')
                && b.get(i + 3 + digits).is_some_and(u8::is_ascii_alphabetic)
        };
        // Symfony's environment processor, `%env(ALGORITHM_PORT)%`: a
        // name, its argument in parentheses, then the closing `%`.
        let processor = between >= 2
            && b[i + 1].is_ascii_alphabetic()
            && b.get(close) == Some(&b'(')
            && b[close..]
                .iter()
                .position(|&c| c == b')')
                .is_some_and(|k| b.get(close + k + 1) == Some(&b'%'));
        (name >= 2 && !escape) || enclosed || positional || version || indexed || processor
    })
}

/// A regular expression matching URLs: `http://localhost:\d+/`,
/// `web\.archive\.org/.*`.
fn is_regex(url: &str) -> bool {
    [
        "\\d", "\\.", "\\w", "\\s", "\\S", "\\D", "\\W", ".*", ".+", "\\/", "]+", "]*", "\\(",
        "\\)", "(?:", "\\?",
        // A negated class, `grep -Eo "http://i.imgur.com/[^<]*"`, cut
        // where the URL ends.
        "[^",
    ]
    .iter()
    .any(|p| url.contains(p))
        // The end of a substitution, `s!$URL!https://example.com!g`.
        || url.ends_with("!g")
        // roff source quoted in plain text: `https://\:example.com/\:page.html`.
        || url.contains("\\:")
        || has_tex_macro(url.as_bytes())
        || has_backreference(url.as_bytes())
}

/// Whether `b` holds Lisp `format` directives (`~a`, `~s`, `~d`, any
/// case, nothing alphanumeric after): one right after `//` or a `:`, or
/// two anywhere. One after `/` alone may be a user's home (`/~a/`).
fn has_format_directive(b: &[u8]) -> bool {
    let mut count = 0;
    memchr::memchr_iter(b'~', b)
        .filter(|&i| {
            b.get(i + 1)
                .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'a' | b's' | b'd'))
                && !b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric)
        })
        .any(|i| {
            count += 1;
            count >= 2 || b[..i].ends_with(b"//") || b[..i].ends_with(b":")
        })
}

/// `https://github.com/twisted/twisted/blob/trunk/\2`: a regular
/// expression's replacement, a backslash and one digit after a `/`, `=` or
/// `?` (Octave's `sed` making links, `…/bugs/?\2`; a Windows path's
/// `\2024` has more digits).
fn has_backreference(b: &[u8]) -> bool {
    memchr::memchr_iter(b'\\', b).any(|i| {
        let digit = b.get(i + 1).is_some_and(|c| matches!(c, b'1'..=b'9'))
            && !b.get(i + 2).is_some_and(u8::is_ascii_digit);
        // Python's `\g<1>`, cut at its `<`: `\g` ending the URL.
        let group = b.get(i + 1) == Some(&b'g') && (i + 2 == b.len() || b[i + 2] == b'<');
        i > 0 && matches!(b[i - 1], b'/' | b'=' | b'?') && (digit || group)
    })
}

/// `https://ocaml.org/releases/\ocamlversion/refman.pdf`: a TeX macro, a
/// backslash and a name of three letters or more, then `/`, `-`, `.` or `}`
/// (a Windows path's `\dir\file` goes on with a backslash or ends). In a
/// package's own code `@` is a letter too (biblatex's `\abx@arxivpath`),
/// and a class's internal macro may end the URL (the Journal of
/// Statistical Software's `\href{https://doi.org/\@DOI}`).
fn has_tex_macro(b: &[u8]) -> bool {
    memchr::memchr_iter(b'\\', b).any(|i| {
        // `\@DOI`: an internal macro, ending the URL or before a `/` or
        // `}`. Perl's `\@` in a string is an escaped at sign, with a host
        // after it (`mailto:joe\@example.org`).
        // Between a URL's separators it is one too (Copernicus'
        // `…/10.5194/\@journalnameshortlower-\@pvol-…`, MDPI's
        // `…/article/\@doinum?type=…`), where Perl's `\@` follows a user.
        if b.get(i + 1) == Some(&b'@') {
            let name = b[i + 2..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            let next = b.get(i + 2 + name);
            let separated = i > 0
                && matches!(b[i - 1], b'/' | b'-' | b'=' | b'?' | b'&')
                && next.is_some_and(|c| matches!(c, b'-' | b'?' | b'&' | b'=' | b'#'));
            return name >= 3 && (next.is_none_or(|c| matches!(c, b'/' | b'}')) || separated);
        }
        let name = b[i + 1..]
            .iter()
            .take_while(|&&c| c.is_ascii_alphabetic() || c == b'@')
            .count();
        // Perl's `\@` in a string is an escaped at sign, no macro.
        let name = if b.get(i + 1).is_some_and(u8::is_ascii_alphabetic) {
            name
        } else {
            0
        };
        // A formula in a query, its commands before math marks (a chart
        // image's `?cht=tx&chl=(1-\rho)^k\approx(1-p')^k`).
        let formula = name >= 2
            && b[..i].contains(&b'?')
            && b.get(i + 1 + name)
                .is_some_and(|c| matches!(c, b'(' | b')' | b'^' | b'_' | b'{' | b'+' | b'='));
        formula
            || name >= 3
                && b.get(i + 1 + name)
                    .is_some_and(|c| matches!(c, b'/' | b'-' | b'.' | b'}'))
    })
}

/// Go's `fmt` error marks, `%!B(MISSING)`: a program printed the URL as a
/// format string, each of its escapes (`%2B`) read as a conversion (a
/// captured error in the docs of `OpenKruise`, `Get
/// "https://…?verify=…%!B(MISSING)…"`). The output of that mistake, shown
/// as the program printed it, not a URL anybody wrote.
fn has_fmt_error(b: &[u8]) -> bool {
    memchr::memmem::find_iter(b, b"%!").any(|i| {
        b.get(i + 2).is_some_and(u8::is_ascii_alphabetic)
            && [
                &b"(MISSING)"[..],
                b"(BADWIDTH)",
                b"(BADPREC)",
                b"(NOVERB)",
                b"(EXTRA",
            ]
            .iter()
            .any(|m| b[i + 3..].starts_with(m))
    })
}

/// A printf conversion: `%s`, `%d` (not a valid escape), `%(name)s`,
/// `%1$s`, a `git log --pretty` placeholder (`%H`), or one letter as a
/// whole segment or query value (`/%l/`, `=%L`); or two conversions
/// of any letter (`mailto:%w%W`, a Squid error page's codes), where one
/// could be a stray `%`.
fn has_printf(b: &[u8]) -> bool {
    let hex = |c: Option<&u8>| c.is_some_and(u8::is_ascii_hexdigit);
    let letters = memchr::memchr_iter(b'%', b)
        .filter(|&i| {
            b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
                && !(hex(b.get(i + 1)) && hex(b.get(i + 2)))
        })
        .count();
    if letters >= 2 {
        return true;
    }
    // `mailto:%w`: a conversion is all there is after the scheme.
    let body = b.iter().position(|&c| c == b':').map_or(b, |k| &b[k + 1..]);
    let body = body.strip_prefix(b"//").unwrap_or(body);
    if letters == 1 && body.len() == 2 && body[0] == b'%' {
        return true;
    }
    memchr::memchr_iter(b'%', b).any(|i| {
        if hex(b.get(i + 1)) && hex(b.get(i + 2)) {
            return false;
        }
        match b.get(i + 1) {
            // Go's `%v` and `%q` too (a Hugo shortcode's
            // `printf "https://forum.cfx.re/posts/%v.json" $pid`).
            Some(
                b's' | b'd' | b'i' | b'u' | b'f' | b'x' | b'X' | b'c' | b'r' | b'v' | b'q' | b'(',
            ) => true,
            // `%1$s`; or a positional `%2` as a whole path segment between
            // slashes (Qt's `/video/%2/livestreaming`) or as the whole host
            // (mod_rewrite's back-reference, `RewriteRule "^/fetch"
            // "http://%1" [P]`). At a path's or a query's end (`/a/%2`,
            // `=%2`) it may be an escape cut short.
            Some(d) if d.is_ascii_digit() => {
                let host = i >= 2
                    && &b[i - 2..i] == b"//"
                    && b.get(i + 2)
                        .is_none_or(|c| matches!(c, b'/' | b':' | b'?' | b'#'));
                // A query value before the next parameter (xvst's
                // `?lpage=%2&searchWord=%1&…`, Qt's arguments).
                let value = i > 0 && b[i - 1] == b'=' && b.get(i + 2) == Some(&b'&');
                // Robot Framework's `--tagstatlink owner-*:mailto:%1@…`,
                // `…/issue_%1:Jython-bugs`: a match's number before an
                // address's `@` or a title's `:`, where no escape stops.
                let before_mark = matches!(b.get(i + 2), Some(b'@' | b':'))
                    && b.get(i + 3).is_some_and(u8::is_ascii_alphanumeric);
                // A width before a string's conversion, `%1s` (1&1's bounce
                // text, `…/error-messages?ip=%1s`, which sisimai quotes).
                let width = b.get(i + 2) == Some(&b's')
                    && !b.get(i + 3).is_some_and(u8::is_ascii_alphanumeric);
                // The whole address (geokrety's translations,
                // `href=\"mailto:%1?subject=%2\"`).
                let address = i == 7
                    && b[..7].eq_ignore_ascii_case(b"mailto:")
                    && matches!(b.get(i + 2), None | Some(b'?'));
                b.get(i + 2) == Some(&b'$')
                    || width
                    || address
                    || before_mark
                    || (i > 0 && b[i - 1] == b'/' && b.get(i + 2) == Some(&b'/'))
                    || host
                    || value
            }
            // `xargs -I% curl "…/releases/%"`: a lone `%` that is a whole
            // segment or query value is the command's substitution (a stray
            // `%` follows a character, as in `/100%`).
            // So is SQL's `LIKE` wildcard: a whole segment or name
            // (`'http://rdf.freebase.com/ns/%.%'`, `'urn:lsid:%'`).
            None | Some(b'/' | b'&' | b'#') => i > 0 && matches!(b[i - 1], b'/' | b'=' | b':'),
            // `'http://rdf.freebase.com/ns/%.%'`; or a host's first label
            // (mongodb's `LIKE "http://%.letsencrypt.org%"`).
            // crt.sh's search for every name under a domain, `?q=%.example.com`:
            // the wildcard as a whole query value's first label.
            Some(b'.') => {
                // A precision before a conversion (a Hugo template's
                // `printf "https://covers.openlibrary.org/b/id/%.0f-M.jpg"`).
                let precision = b[i + 2..].iter().take_while(|c| c.is_ascii_digit()).count();
                precision > 0
                    && matches!(
                        b.get(i + 2 + precision),
                        Some(b'f' | b'd' | b's' | b'e' | b'g' | b'x')
                    )
                    || i > 0 && b[i - 1] == b'/' && b.get(i + 2) == Some(&b'%') && b.len() == i + 3
                    || i >= 2
                        && &b[i - 2..i] == b"//"
                        && b.ends_with(b"%")
                        && b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric)
                    || i > 0
                        && b[i - 1] == b'='
                        && b[..i].contains(&b'?')
                        && b[i + 2..]
                            .iter()
                            .take_while(|&&c| c != b'&' && c != b'#')
                            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
                        && b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric)
            }
            // `?url=https%%3A//api.soundcloud.com/…` (LMMS's Twig template,
            // whose `format` filter makes `%%` a `%`): printf's escaped
            // percent sign in a nested URL's escaped `://`. (A `%%` before
            // other digits, RFC 1630's `name%%3Ddobbins`, is a bad escape.)
            // Or `xargs -I %%`'s replacement string as the whole host or a
            // whole segment (`echo "http://%%/favicon.ico"`).
            Some(b'%') => {
                b.get(i + 2..i + 6)
                    .is_some_and(|e| e.eq_ignore_ascii_case(b"3A//"))
                    || (i > 0
                        && b[i - 1] == b'/'
                        && b.get(i + 2)
                            .is_none_or(|c| matches!(c, b'/' | b':' | b'?' | b'#')))
            }
            // Objective-C's object conversion (`stringWithFormat:
            // @"file://%@/Contents/Assets/index.html"`, in SWIG's manual).
            Some(b'@') => true,
            // Dovecot's `%$`, the value of an LDAP attribute, as the whole
            // host (`fts_solr=url=https://%$:8983/solr/dovecot/`).
            Some(b'$') => {
                i >= 2
                    && &b[i - 2..i] == b"//"
                    && b.get(i + 2)
                        .is_none_or(|c| matches!(c, b'/' | b':' | b'?' | b'#'))
            }
            // `git log --pretty` placeholders: `commit/%H`, `commit/%h`.
            Some(b'H' | b'h') => b.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric()),
            // `help/1.1/%l/`, `?lang=%L`: one letter that is a whole path
            // segment or query value is a substitution (Roundcube's
            // language), never a mistyped escape in a real URL; so is one
            // that is a local file's name before its extension, in a
            // server's configuration (ProFTPD's
            // `file:/etc/ftpd/acls/%U.allow`, the user's name).
            // (Not a hex letter: `?q=%E` is an escape cut short.)
            Some(c) if c.is_ascii_alphabetic() && !c.is_ascii_hexdigit() => {
                // Virtuoso's `%U` (a string URL-encoded) names a file too
                // (`…/images/P/%U.01.MZZZZZZZ.jpg`), or ends the URL after
                // its port (`http://localhost:8890%U`).
                let file = || {
                    (*c == b'U' || b.get(..5).is_some_and(|s| s.eq_ignore_ascii_case(b"file:")))
                        && b[i - 1] == b'/'
                        && b.get(i + 2) == Some(&b'.')
                        && b.get(i + 3).is_some_and(u8::is_ascii_alphanumeric)
                };
                if i == 0 {
                    return false;
                }
                let last = b.len() == i + 2 && b[i - 1].is_ascii_digit() && *c == b'U';
                // As the fragment too: Virtuoso's `…/countries#%U`.
                let fragment = b[i - 1] == b'#' && *c == b'U' && b.len() == i + 2;
                last || fragment
                    || matches!(b[i - 1], b'/' | b'=')
                        && (file()
                            || b.get(i + 2)
                                .is_none_or(|c| matches!(c, b'/' | b'&' | b'#' | b'?')))
            }
            _ => false,
        }
    })
}

/// Square brackets outside an IP-literal host: usage notation
/// (`[user@]`, `[:port]`, `[/path]`) or a glob range (`[1-4]`). A bracket
/// pair holding just a name (`?filter[name]=x`, `?a[]=1`) is a query
/// convention, not a pattern.
fn has_bracket_notation(url: &str) -> bool {
    let b = url.as_bytes();
    // `<mailto:[ow->email]>` (Sympa's template variable, cut at its `>`):
    // no address starts with a bracket, a placeholder does.
    if b.len() > 8 && b[..8].eq_ignore_ascii_case(b"mailto:[") {
        return true;
    }
    // A W3C charter's template, `mailto:public-[email-list]@w3.org`: a
    // bracketed name where part of the address goes.
    if b.len() > 7 && b[..7].eq_ignore_ascii_case(b"mailto:") {
        let named = memchr::memchr_iter(b'[', b).any(|open| {
            let inner = &b[open + 1..];
            let name = inner
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'))
                .count();
            name >= 2 && inner.get(name) == Some(&b']')
        });
        if named {
            return true;
        }
    }
    let host_start = url.find("://").map(|i| i + 3);
    // A defanged address, its dots made harmless for a threat report
    // (`http://sfrclak[]com:8000/6202033` in a quoted attack script,
    // `evil[dot]com`; `[.]` is an optional suffix's notation below).
    if let Some(h) = host_start {
        let host = &b[h..memchr::memchr(b'/', &b[h..]).map_or(b.len(), |k| h + k)];
        // Between two labels' letters (`http://[:a[]].b:80`, a parser's
        // bug report, is another matter).
        let defanged = host.windows(4).any(|w| {
            w[0].is_ascii_alphanumeric() && &w[1..3] == b"[]" && w[3].is_ascii_alphanumeric()
        }) || host.windows(5).any(|w| w.eq_ignore_ascii_case(b"[dot]"));
        if defanged {
            return true;
        }
    }
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'[', &b[i..]) {
        let open = i + k;
        let close = b[open..].iter().position(|&c| c == b']').map(|c| open + c);
        let inner = &url[open + 1..close.unwrap_or(b.len())];
        // An address never holds `@`, a backslash or a range: `https://[::1@1234]/`
        // is Unbound's `address@port`, `http://[unix:/path/to/socket]/`
        // h2o's Unix socket, `https://[a-zA-Z0-9.:_/\-]\+` a regular
        // expression's class: notation like `[user@]`. (`[2001:db8::1/64]`
        // is an address written wrong, and judged.)
        // `http://[host:port]/SOAP/services.wsdl`: a word of three letters
        // or more, not all hex digits, is notation too (a zone's name
        // after `%` aside: `[fe80::1%eth0]`; a typo such as `[fe80::zz]`
        // is judged).
        let address = inner.split('%').next().unwrap_or_default();
        let word = address.split([':', '.']).any(|w| {
            w.len() >= 3
                && w.bytes()
                    .all(|c| c.is_ascii_alphabetic() || c == b'_' || c == b'-')
                && w.bytes().any(|c| !c.is_ascii_hexdigit())
        });
        let ip_literal = Some(open) == host_start
            && close.is_some()
            && inner.contains(':')
            && !inner.contains(['@', '\\'])
            && !inner.starts_with("unix:")
            && !inner.contains("a-z")
            && (!word || starts_ipvfuture(inner));
        // Where the host goes, a bracket holding a name, not an address:
        // `https://[your-tenant].sharepoint.com/`, `http://[IP of Snowball]`
        // (cut at the space), `https://[YOUR-DOMAIN]/`, in any script
        // (PHP's Russian manual, `https://[имя вашего сайта].scm…`).
        // SRFI 108's quasi-literal, `&URI{http://&[example-host]/}`: an
        // expression unquoted where the host goes, after `&` or `@`.
        let unquoted = host_start.is_some_and(|h| h + 1 == open && matches!(b[h], b'&' | b'@'));
        let placeholder_host = (Some(open) == host_start || unquoted)
            && !inner.is_empty()
            && !inner.contains(':')
            && !starts_ipvfuture(inner)
            && inner.bytes().any(|c| {
                c.is_ascii_alphabetic() && !c.is_ascii_hexdigit()
                    || c == b'-'
                    || c == b'_'
                    || !c.is_ascii()
            });
        if placeholder_host && !inner.contains('%') {
            return true;
        }
        if !ip_literal {
            // `latest[-x.y].txt`, `file[.gz]`: an optional suffix.
            let notation = close.is_some()
                && (inner.starts_with(['[', '-', '.', '_'])
                    || inner.contains(['@', ':', '/', '|', '#'])
                    || is_range(inner));
            if notation {
                return true;
            }
        }
        i = open + 1;
    }
    false
}

/// An IP-literal of the future form is `v`, hex digits and a dot
/// (`[v7.abc]`); a name may start with a v (`[VOTRE-SITE]`).
fn starts_ipvfuture(inner: &str) -> bool {
    let b = inner.as_bytes();
    matches!(b.first(), Some(b'v' | b'V')) && b.get(1).is_some_and(u8::is_ascii_hexdigit)
}

/// `1-4`, `a-z`, `1996-1999`: a glob range.
fn is_range(inner: &str) -> bool {
    let Some((a, z)) = inner.split_once('-') else {
        return false;
    };
    let word = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_alphanumeric());
    word(a) && word(z) && (a.len() == 1 || a.bytes().all(|c| c.is_ascii_digit()))
}

/// A path segment made of a wildcard (`/*`, `/*.html`, `/**/`) or of a
/// bracketed name (`/software/[command]/manual`).
fn has_wildcard_path(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    path.split('/').any(|seg| {
        seg.starts_with('*')
            || (seg.len() > 2 && seg.starts_with('[') && seg.ends_with(']'))
            || has_bracketed_name(seg)
            || has_digit_set(seg)
    })
}

/// `/api/v[12]/spans`: a regular expression's or a glob's set of digits
/// glued to a name (a link checker's ignore pattern), two to four distinct
/// digits. A file's number in brackets is one (`report[1].pdf`), and a
/// query's `ids[12]=` is not in the path.
fn has_digit_set(seg: &str) -> bool {
    let b = seg.as_bytes();
    seg.match_indices('[').any(|(k, _)| {
        let Some(len) = seg[k + 1..].find(']') else {
            return false;
        };
        let set = &b[k + 1..k + 1 + len];
        k > 0
            && b[k - 1].is_ascii_alphabetic()
            && (2..=4).contains(&set.len())
            && set.iter().all(u8::is_ascii_digit)
            && set.iter().enumerate().all(|(n, c)| !set[..n].contains(c))
    })
}

/// `bundle-[hash].js.map`, `[name].[contenthash].js`, `/posts/[...slug]`: a
/// bundler's or a router's name in brackets inside a path segment.
/// Set off by `-` or `.` as a file name's parts are (`a_[b]` is a name), or
/// after a user's `@` (`/user/example@[hostname]/`, a mailbox in a path).
/// Glued to a word, only a name written as one (`-` or `_` inside) ending
/// the segment is a placeholder: Telegram's `/bot[your-token]/` is, a
/// GitHub App's `/dependabot[bot]` is a name.
fn has_bracketed_name(seg: &str) -> bool {
    let b = seg.as_bytes();
    seg.match_indices('[').any(|(k, _)| {
        let Some(len) = seg[k + 1..].find(']') else {
            return false;
        };
        let name = seg[k + 1..k + 1 + len].trim_start_matches("...");
        let close = k + 1 + len;
        let glued = k > 0
            && b[k - 1].is_ascii_alphanumeric()
            && close + 1 == b.len()
            && name.len() >= 5
            && name.contains(['-', '_']);
        // A date format in capitals may hold dots: `[YYYY.MM].tar.gz`.
        let format = !name.bytes().any(|c| c.is_ascii_lowercase());
        // Words a translator replaces: `W3C_INTRO_SFHI.[lang code].vtt`.
        let words = !name.ends_with(' ') && !name.contains("  ");
        (k == 0 || matches!(b[k - 1], b'-' | b'.' | b'@') || glued)
            && b.get(close + 1).is_none_or(|c| matches!(c, b'-' | b'.'))
            && name.len() >= 2
            && name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|c| {
                c.is_ascii_alphanumeric()
                    || c == b'_'
                    || c == b'-'
                    || c == b':'
                    || (format && c == b'.')
                    || (words && c == b' ' && !glued)
            })
    })
}

/// `localhost:800x`: x's for the digits a reader picks (`80xx`), in a
/// port of four digits or five (`:80x` is a typo, as `:80a` is).
fn is_digits_then_xs(port: &str) -> bool {
    let digits = port.trim_end_matches(['x', 'X']);
    port.len() >= 4
        && digits.len() < port.len()
        && !digits.is_empty()
        && digits.bytes().all(|c| c.is_ascii_digit())
}

/// `host:port`, `host:PORT`, `:port_number`: the port written as a word.
fn has_word_port(authority: &str) -> bool {
    if memchr::memchr(b':', authority.as_bytes()).is_none() {
        return false;
    }
    let mut host_port = authority.rsplit('@').next().unwrap_or_default();
    // `http://[::1]:port/`: the port after an IP literal's bracket (its
    // own colons are the address's).
    if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(k) if host_port[k + 1..].starts_with(':') => host_port = &host_port[k + 1..],
            _ => return false,
        }
    }
    match host_port.rsplit_once(':') {
        // `localhost:8001-8002`: a range of ports.
        Some((_, port))
            if port.split_once('-').is_some_and(|(a, z)| {
                !a.is_empty()
                    && !z.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && z.bytes().all(|c| c.is_ascii_digit())
            }) =>
        {
            true
        }
        Some((_, port)) if is_digits_then_xs(port) => true,
        // A word, not a typo in a number (`80a` is an invalid port); or a
        // word in brackets (Graylog's `http://graylog.example.org:[port]/gelf`)
        // or parentheses (a benchmark's `http://169.254.237.101:(PORT)/blog`).
        // In any script (a Turkish guide's `http://xxxxxx:portnumarası`),
        // and a bracketed word before the digits the reader keeps (a node
        // guide's `http://localhost:(your_custom_port)657`, its own prefix
        // before `657`).
        Some((_, port)) => {
            let port = port.trim_end_matches(|c: char| c.is_ascii_digit());
            let port = port
                .strip_prefix('[')
                .and_then(|p| p.strip_suffix(']'))
                .or_else(|| port.strip_prefix('(').and_then(|p| p.strip_suffix(')')))
                .or_else(|| Some(port).filter(|p| !p.ends_with([']', ')'])))
                .unwrap_or_default();
            port.starts_with(char::is_alphabetic)
                && port
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_from_real_documentation() {
        for p in [
            "http://${hostname}:${port}/",
            "http://#.#.#.#:3000",
            "mailto:public-[email-list]@w3.org",
            "https://github.com/ocaml/ocaml.org/tree/master/((! tryget filename !))",
            "https:...",
            "doi:…",
            "file:#1.pdf",
            "file:##1",
            "file:####2.pdf",
            "http://#1",
            "mailto:%0",
            "http://%1",
            "https://www.google.com/maps/place/%[1]s,%[2]s",
            "NEWS:TICK%%",
            "https://doi.org/10.5194/\\@journalnameshortlower-\\@pvol-\\@fpage-supplement",
            "https://www.mdpi.com/article/\\@doinum?type=check_update&version=1",
            "https://openresty.org/download/openresty-[% ver %].tar.gz",
            "https://a.example/x-[%- ver -%].tgz",
            "https://github.com/quarto-dev/quarto-cli/releases/download/v^version^/quarto-^version^-linux-amd64.tar.gz",
            "http://www.internet.com.-",
            // SpamAssassin's rules: Perl regular expressions.
            "mailto:(?:leave-\\S+|\\S+-unsubscribe)\\@\\S+",
            "http://\\S+\\.example/",
            "{{base_url}}/x",
            "https://{{ site.url }}/a",
            "https://???????.execute-api.us-east-1.amazonaws.com/dev",
            "http://[::1]:port/",
            "https://:subdomain.example.com",
            "https://staging.:project.pages.dev/",
            "http://#",
            "https://#urltofile",
            "https://#:8443",
            "mailto:#",
            "mailto:#@#.com",
            "https://?*.myorg.com/*",
            "http://?.aliyun.com",
            "https://@%@hostname@%@.@%@domainname@%@/wekan",
            "https://raw.githubusercontent.com/o/r/main/\\g",
            "https://raw.githubusercontent.com/o/r/main/\\g<1>/",
            "https://github.com/{_repo}/issues/%s",
            "http://%%/favicon.ico",
            "https://covers.openlibrary.org/b/id/%.0f-M.jpg",
            "https://a.example/%%/x",
            "mailto:%s",
            "http://example.org/%(name)s/x",
            "http://a.example/%1$s",
            "https://r.example/data?verify=17-x6R%!B(MISSING)XcQ%!D(MISSING)",
            "http://a.example/%d/",
            "ftp://[user@]machine[[:#]port]/path",
            "http://host[:port]/path",
            "https://*.example.com/*",
            "http://a.example/*.html",
            "http://a.example/archive[1996-1999]/vol[1-4]/part{a,b,c}.html",
            "http://host:port/json/list",
            "http://localhost:PORT/",
            "http://$(HOST)/x",
            "http://a.example/<%= path %>",
            "http://localhost:8080/<?=",
            "http://~a:~a/hop/wizard",
            "http://localhost:~a/hop/hz",
            "http://%HOSTIP:%HTTPPORT/we/want/%TESTNUMBER",
            "https://{env.authority_for(env.domain1",
            "https://www.gnu.org/software/[command]/manual/",
            "file://$PWD/file_parent",
            "http://127.0.0.1:$LIB_HTTPD_PORT/smart",
            "http://localhost:\\d+/",
            "http://web\\.archive\\.org/web/.*google\\.com/",
            "http://localhost:8080|socks5://localhost:9050",
            "https://example.com!g",
            "http://.../back.jpeg",
            "https://github.com/fusesource/jansi/commit/%H",
            "https://\\:example.com/\\:page.html",
            "http://host:port$2",
            "http://myserver.com:80$HEAP_PAGE",
            "https://bla...:foo=https://",
            "file://user@hostname/...path-to-file",
            "http://../officedocument",
            "https://dl.k8s.io/ci/latest[-x.y].txt",
            "https://x-access-token:$",
            "urn:k8s:secret:[name]:[valueKey]",
            "mailto:%w%W",
            "mailto:%w",
            "mailto:&email.php.doc.subscribe;",
            "https://github.com/<Your",
            "https://localhost:8001-8002",
            "http://localhost:800x",
            "https://forum.cfx.re/posts/%v.json",
            "http://media.w3.org/wai/accessibility-intro/W3C_INTRO_SFHI.[lang code].vtt",
            "http://localhost:80XX/",
            "https://ocaml.org/releases/\\ocamlversion/ocaml-\\ocamlversion-refman.pdf",
            "http://kong-ip:kong-port/",
            "http://graylog.example.org:[port]/gelf",
            "https://example.com/project/sourcemaps/bundle-[hash].js.map",
            "https://a.example/blog/[...slug]",
            "https://a.example/js/[name].[contenthash].js",
            "https://dateful.com/convert/aoe?t=1159pm&d=<yyyy>-<mm>-<dd>",
            "mailto:<+email+>",
            "https://<+host+>/x",
            "http://localhost:@PORT@/server-status",
            "http://.example.org/",
            "https://[your-tenant].sharepoint.com/",
            "https://[имя",
            "http://&[example-host]/",
            "http://@[example-host]/",
            "https://?(goproxy.io|proxy.golang.com.cn|goproxy.cn)",
            "http://[IP",
            "https://[YOUR-DOMAIN]/some-path-to/Documents",
            "https://…/x",

            "http://127.0.0.1:8000$suffix",
            "https://[VOTRE-SITE]/api/",
            "https://$host$request_uri",
            "file://%kernel.project_dir%/var/sessions",
            "file:///%APPDATA%/app",
            "https://files.prusa3d.com/?latest=slicer-profiles&lng=%1%",
            "http://example.com/all_posts.php%_%",
            "https://prusalator.prusa3d.com/project/11/locale/82/key/%1%",
            "https://github.com/ganeti/instance-debootstrap/archive/v%0.16%.tar.gz",
            "http://i.imgur.com/[^",
            "file://^C^:^/^W^i^n^d^o^w^s^/^s^y^s^t^e^m^3^2^/^c^a^l^c^.^e^x^e",
            "http://sfrclak[]com:8000/6202033",
            "hxxp://evil[DOT]example/x",
            "file://%cache_dir%/x",
            "https://docs.roundcube.net/doc/help/1.1/%l/",
            "http://a.example/?lang=%L&x=1",
            "file:/etc/ftpd/acls/%U.allow",
            "https://www.youtube.com/embed/::video.youtubeId::",
            "file://@datadir@/fwupd/remotes.d/vendor/firmware",
            "http://localhost:@php_port@/",
            "http://@@http_server@@/cblr/svc/op/autoinstall/profile/%1",
            "http://@@http_server@@/cobbler/images/@@distro_name@@/wimboot",
            "https://#portal#/.well-known/openid-configuration",
            "news:items/news:item",
            "http://#CGI.SERVER_NAME#.../target.cfm",
            "https://github.com/doctrine/' ~ project.repositoryName ~ '/",
            "http://www.myvideo.de/Videos_A-Z?lpage=%2&searchWord=%1&searchOrder=0",
            "news:headline/text()",
            "http://www.google.com/calendar/feeds/default/allcalendars/%projection:full%",
            "http://a.example/%v",
            "https://studio.youtube.com/video/%2/livestreaming",
            "http://%1",
            "https://%$:8983/solr/dovecot/",
            "file://%@/Contents/Assets/index.html",
            "https://arxiv.org/\\abx@arxivpath/#1",
            "https://doi.org/\\@DOI",
            "http://domain.org/ok.html\\?except_this=1",
            "http:XX.XXX",
            "https://xxx.xxx.xxx.xxx",
            "http://%1/x?q=1",
            "http://localhost:8080/dav/principals/user/example@[hostname]/",
            "https://api.github.com/repos/getzola/zola/releases/%",
            "http://a.example/?release=%&x=1",
            "http://www.%[hdr(host)]",
            "https://[::1@1234]/a/b/c/d",
            "http://[unix:/path/to/socket]/path",
            "https://[a-zA-Z0-9.:_/\\-]\\+",
            "ftp://ftp.xfree86.org/pub/XFree86/&x-version;/binaries/",
            // FreeBSD's DocBook entities.
            "mailto:&email;@FreeBSD.org",
            "mailto:&bugbusters;",
            "mailto:security-officer@&os;.org",
            "ftp://ftp.FreeBSD.org/pub/FreeBSD/releases/&arch;/&thisrelease;/",
            "https://github.com/twisted/twisted/blob/trunk/\\2",
            "https://savannah.gnu.org/bugs/?\\2",
            "https://a.example/?q=\\1&x=y",
            "mailto:[ow-",
            "MAILTO:[email]",
            "https://api.telegram.org/bot[myauthorization-token]/setwebhook",
            "https://api.telegram.org/bot[my_token]",
            "https://example.org/bucket/key-._~,!@#$%^&*()?Foo=z&Foo=o",
            "http://localhost:9411/api/v[12]/spans",
            "http://pr-[prnumber].manual.joomlacode.org",
            "https://admin:[password]@[appname].herokuapp.com",
            "https://deploy-preview-#--slsa.netlify.app",
            "http://169.254.237.101:(PORT)/blog",
            "http://xxxxxx:portnumarası",
            "http://localhost:(your_custom_port)657",
            "https://w.soundcloud.com/player/?url=https%%3A//api.soundcloud.com/playlists/1",
            "https://[my-app]-staging.example.net/",
            "https://github.com/RIOT-OS/RIOT/archive/[YYYY.MM].tar.gz",
            "ftp://server/fakedir%0Acommand.../",
            "https://a.example/api/v[123]",
            "https://github.com/saltstack/salt/tree/|repo_primary_branch|/salt/states",
            "http://[host:port]/SOAP/services.wsdl",
            "http://[ip:port]/",
            "http://ec1.images-amazon.com/images/P/%U.01.MZZZZZZZ.jpg",
            "http://localhost:8890%U",
            "http://www.geonames.org/countries/#%U",
            "http://chart.apis.google.com/chart?cht=tx&chl=(1-\\rho)^k\\approx(1-p')^k",
            "http://rdf.freebase.com/ns/%.%",
            "http://%.letsencrypt.org%",
            "https://crt.sh/?q=%.example.com",
            "https://###/realms/test",
            "http://ec2-###-##-##-###.compute-1.amazonaws.com:8088/",
            "https://##/oauth2/auth",
            "https://crt.sh/?q=%.example.com&output=json",
            "mailto:%1?subject=%2",
            "http://postmaster.1and1.com/en/error-messages?ip=%1s",
            "urn:lsid:%",
            "https://www.jetbrains.com/help/teamcity/kotlin-dsl-documentation/%product-version%/index.html",
            "https://mypatchmanager.com:8080/patchmanager.plp?initial-overview=%objectname|encode%",
            "http://localhost:%env(ALGORITHM_PORT)%",
            "file://%USERPROFILE%/x",
            "http://bugs.jython.org/issue_%1:Jython-bugs",
            "mailto:%1@domain.com?subject=Acceptance_Tests:Send_Mail",
        ] {
            assert!(is_pattern(p), "{p} is a pattern");
        }
    }

    #[test]
    fn short_texts_of_marks_never_panic() {
        // Every text of up to three of these, the marks the shapes look
        // around (a `%` first once panicked looking behind it).
        let marks = [
            "%", "U", "1", "@", ":", "/", "#", "=", "[", "]", "\\", "$", "{", ".", "a", "|",
        ];
        for a in marks {
            for b in marks {
                for c in marks {
                    let _ = is_pattern(&format!("{a}{b}{c}"));
                    let _ = is_pattern(&format!("{a}{b}"));
                }
            }
        }
    }

    #[test]
    fn slashes_escaped_before_a_delimiter_are_an_expressions() {
        assert!(is_escaped_in_expression("http:\\/\\//g"));
        // Near misses: JSON's escaped slashes, a path after them.
        assert!(!is_escaped_in_expression("https:\\/\\/a.example\\/x"));
        assert!(!is_escaped_in_expression("http://a//b"));
    }

    #[test]
    fn a_double_dot_is_looked_for_anywhere() {
        assert!(has_double_dot(b"http://../x"));
        assert!(has_double_dot(b"https://a.example/x.."));
        assert!(!has_double_dot(b"https://a.example/x.y.z"));
        assert!(!has_double_dot(b"."));
        assert!(!has_double_dot(b""));
    }

    #[test]
    fn urls_that_look_a_little_like_patterns() {
        for u in [
            // An address with a fragment of marks of its own.
            "http://1.2.3.4/#.#",
            // No host, a query that is a dot (a near miss of `?.` for a
            // label).
            "http://?.",
            "http://?./x",
            // Near miss of a named label: a port after a dot.
            "https://staging.:8080/",
            // Near misses of a `#` placeholder: a path after it, a host
            // before it, an address after it.
            "http://#/x",
            "http://a.example/#x",
            "mailto:#x@a.example.org",
            // A user's home of one letter; a longer name.
            "http://www.cs.example.edu/~a/papers/",
            "http://a.example/~sk/x",
            // A badge's alternatives, and a bar inside a segment.
            "https://img.shields.io/badge/python-3.9%20|%203.10-blue.svg",
            "https://a.example/|x|y/",
            // A lone `#` after `//`: an empty host, reported; so is an
            // empty host before a port.
            "https://#/x",
            "http://:8080/x",
            // A port's typo: letters glued to digits, digits after a
            // bracket closing nothing, brackets of digits.
            "http://a.example:80a/",
            "http://a.example:8o8o/",
            "http://a.example:x)657/",
            "http://a.example:(80)/",
            // An empty host and port: a published page's placeholders
            // lost (`http://<host>:<port>/jolokia`), reported.
            "http://:/jolokia/version",
            "https://://wiki.nginx.org/HttpLuaModule#ngx.exec",
            // A `%.` before no domain name, or not a whole value.
            "https://a.example/?q=%.x/y",
            "https://a.example/?q=a%.b",
            // A `+` in an address after a bracket, no `+>` closing it.
            "mailto:<+a@b.example",
            "https://a.example/|1|/",
            "http://[2001:db8::1]:8080/",
            "http://[fe80::1%eth0]/",
            "http://[fe80::1%25eth0]:8080/",
            "https://a.example/%$:x",
            // Near misses of Go's marks: `%!` alone, a word in capitals.
            "https://a.example/%!B/x",
            "https://a.example/%21B(MISSING)",
            "http://[v7.abc]/",
            "http://[::ffff:192.0.2.1]/",
            "http://a.example/?a[]=1&filter[name]=x",
            // A file's number, a query's index, a set with a digit twice.
            "http://a.example/report[1].pdf",
            "http://a.example/x?ids[12]=1",
            "http://a.example/v[11]/x",
            // A lower-case name with a dot is no date format.
            "http://a.example/archive/[v1.2].tar.gz",
            // Near misses of `%1%`: an escape after it, two digits.
            "http://a.example/?a=%1%41",
            "http://a.example/?a=%12%",
            // Near miss of carets before characters: two alone.
            "https://a.example/x^y^z",
            // Near miss of a defanged host: brackets in the query.
            "http://a.example/x?a[]=1",
            // Near misses of a version between `%`: no dot, an escape.
            "http://a.example/v%016%.tar.gz",
            "http://a.example/v%0A.16%41.tar.gz",
            "http://[fe80::1]:8080/a",
            "http://a.example/%2Fx%41",
            // Near misses of a positional `%1`: a query's value (an escape
            // cut short), a digit inside a segment, an escape.
            "http://a.example/?q=%2",
            "http://a.example/a%2",
            "https://h.example/fetch/%2",
            // Near misses of a bracketed port: digits in brackets, an
            // IPv6 literal.
            "http://h.example:[8080]/",
            "http://h.example:(8080)/",
            // Near misses of printf's `%%`: one `%` before hex digits, `%%`
            // before no escape.
            "https://a.example/?url=https%3A//b.example/",
            "https://a.example/100%%/x",
            "https://a.example/%%41/x",
            "https://a.example/%.x/y",
            "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
            "https://a.example/Language%%20files/",
            "http://h.example:8080(x)/",
            "http://[2001:db8::1]/x",
            // Near misses of a name in brackets opening the host: an IP
            // literal with a port, or alone; a bracketed number before a dot.
            "http://[::1]:8080/x",
            "http://[::1]/",
            "http://[12].example/",
            // Near misses of `#` for a number in the host: a fragment
            // after a host, after a label ending in `-`.
            "https://a.example#-top",
            "https://pr-.example/#-x",
            "http://a.example/%2F",
            // Near misses of X's for an address: a real name among them,
            // one X, a path after them.
            "http://xx.example/",
            "http://x.org",
            "http://xxx.xxx/page",
            "mailto:xxx",
            "http://a.example/%da",
            "http://a.example/%zz",
            // A hex letter before an extension is an escape cut short.
            "http://a.example/%E.html",
            // Two `@` inside an address, not a substitution's segment.
            "mailto:a@b@c.example",
            "http://a@bcd@e.example/",
            "http://a:@bcd@e.example/",
            "news:*",
            "https://a.example/page#1",
            "https://a.example/?ids=[%221%22]",
            "https://a.example/wiki/W^X",
            "https://a.example/?q=a^b^c",
            "https://a.example/a-.b-c",
            "file:#12.pdf",
            "file:###1",
            "http://a.example:8080/x",
            // An x among the digits, or ending a short port: a typo.
            "http://a.example:8x0/",
            "http://a.example:80x/",
            "http://user:pass@a.example/",
            "http://a.example/a*b",
            "http://a.example/100%",
            "mailto:a@b.example",
            // A fragment after a host; a news article's number after its
            // group; Plone's views: one `@@` before a name, not around it.
            "https://a.example/#portal#x",
            // A fragment of `#`s after a whole host; one `#` in the host.
            "https://a.example##x.y",
            "http://ec2-#.compute-1.amazonaws.com/",
            "http://example.com:99999#step-##.intro",
            "news:comp.lang.c/12345",
            "http://localhost:8080/Plone/@@overview-controlpanel",
            "https://a.example/site/@@search?q=x",
            "mailto:a@[192.0.2.1]",
            "mailto:éa[x]@b.example",
            "mailto:",
            "http://a.example/%DE%AD",
            "http://a.example/%C3%A9",
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            "https://docs.example.org/api/Outer$1.html",
            "https://github.com/o/r/compare/v1.0...v2.0",
            "http://server\\files\\folder",
            "https://a.example/price$US",
            "http://[fe80::g]/",
            "http://[2001:db8::zz]/",
            "http://a.example/%ab%cd",
            "http://a.example/%abcd%20x",
            "http://a.example/%e9t%e9",
            // One `?` right after `//`: an empty host, a fault (not a
            // host left to fill in).
            "https://?q=1",
            // An empty host before a port is a fault, not a parameter.
            "http://:8080/",
            // An empty user name before a password (Redis's form).
            "redis://:s9Xk2pQ7vLm3@cache.prod.acme.org:6379/0",
            "http://[::1]:8080/",
            "http://[::1]port/",
            "https://a.example/\\gx",
            "http://a.example/50%off%20now",
            "http://a.example/x%l/",
            "http://a.example/%l10n/",
            "https://a.example/search?q=%E",
            "https://a.example/search?q=%2",
            "https://a.example/a%2/b",
            "https://a.example/search?q=%C&x=1",
            "http://a.example/%l.html",
            "http://a.example/%lang/",
            "http://a.example/user/a_[b]/",
            "https://github.com/apps/dependabot[bot]/x",
            "https://a.example/user/bot[my-token]x/",
            "https://a.example/user/bot[abc]/",
            "http://a.example/%25/",
            "http://a.example/a%/",
            "http://a.example/%[/",
            "http://a.example/?a=1&b-c=2;d",
            "http://a.example/?a=1&b-c;",
            "http://[2001:db8::1/64]/",
            "file:///C:/x\\2024\\a.txt",
            "https://a.example/x\\2y",
            // Near misses of a formula: a command in the path, one before
            // no math mark.
            "https://a.example/x\\rho(1)",
            "https://a.example/?q=a\\rho",
            // Perl's escaped at sign before a host; too short a name.
            "mailto:joe\\@example.org",
            "http://joe\\@example.org/?a=1",
            "https://a.example/\\@ab",
            "http://#12",
            "mailto:%0a",
            "mailto:%1x@a.example",
            "http://a.example/%env(x)y",
            "http://wiki.example/About%%20ros.org",
            "http://a.example/%0",
            "http://a.example/%1sx",
            "http://a.example/#1",
            // A query's alternatives, after a host.
            "https://a.example/?(a|b)",
            // A filter's bar after an escape, or after a name with no
            // filter's letters.
            "https://a.example/?q=%ab|cd%",
            "https://a.example/?q=%name|%",
            // HTML's own names for letters and symbols, a one-letter name,
            // no `;`: text, not a DTD's slot.
            "https://fr.example/wiki/Caf&eacute;",
            "https://a.example/Brand&trade;/x",
            "https://a.example/?a=1&b;c=2",
            "https://a.example/?a=1&email=x",
            // After a value, a query's parameter (the review's).
            "http://a.example/?x=1&minus;y",
            "http://a.example/?page=2&sort;asc",
        ] {
            assert!(!is_pattern(u), "{u} is a URL");
        }
    }
}
