//! Bare URLs (`http://a/b` in running text) and the `URL:` prefix form.
//!
//! The end of a bare URL is found by one forward loop over characters; for
//! each, a `match` says whether it ends the URL, and whether the URL may end
//! right after it ("can be last"). The URL is cut after the last character
//! that can be last. Each arm says why.

use super::chars::{continues_url, decode};
use super::emit::Found;
use super::trigger::{any_scheme_at, Schemes, Window};
use super::wrap;
use crate::scan::Form;

/// Longest bare URL read, in bytes from its first byte. A longer run is cut
/// there: the candidate holds the first 64 KiB, and scanning goes on after
/// it, so memory stays bounded on a 1 GB "URL".
pub(crate) const BARE_CAP: usize = 64 * 1024;

/// Where the end loop stopped.
#[derive(Debug, Clone, Copy)]
pub(crate) struct End {
    /// End of the URL: after the last character that can be last.
    pub end: usize,
    /// Where the loop stopped (the first character that ended it, or the
    /// limit); `end..stop` holds only trailing punctuation.
    pub stop: usize,
}

/// Find the end of a URL whose text after the scheme starts at `from`.
/// `quoted` is the byte right before the URL (0 if none): after a `'` or a
/// backquote, the same mark closing the quote ends the URL.
pub(crate) fn find_end(b: &[u8], from: usize, limit: usize, quoted: u8) -> End {
    let limit = limit.min(b.len());
    let (mut round, mut square, mut curly) = (0u32, 0u32, 0u32);
    let mut quote_open = false;
    let mut query = false;
    // Past a `#`: a fragment, or a client-side route (`#/login?next=`).
    let mut hashed = false;
    let mut end = from;
    // Whether a `/` after the authority's `//` has been read: a port is
    // behind it then.
    let authority_from = if b[from..limit].starts_with(b"//") {
        from + 2
    } else {
        from
    };
    let mut path_seen = false;
    let mut i = from;
    while i < limit {
        let c = b[i];
        path_seen |= c == b'/' && i >= authority_from;
        let (len, can_be_last) = if c < 0x80 {
            let last = match c {
                // Whitespace and control characters end it: RFC 1738 2.2
                // makes them unsafe, and text uses them as separators. So do
                // the wrapper delimiters and the quote mark around strings.
                // A backquote delimits code (Markdown, reST's `` `text`_ ``)
                // and never stands in a URL.
                0..=0x20 | 0x7F | b'<' | b'>' | b'"' | b'`' => break,
                // A string escape in program text (`"http://a/b\n"`,
                // `\xc3\xa4`) ends it: the URL is what the string holds.
                b'\\' if is_string_escape(&b[i..limit]) => break,
                // A URL right after a backslash (an escaped one in a string
                // (Neverball's `"Neverball\\http://neverball.org\\Created by…"`,
                // its lines so separated) ends at the next doubled one.
                b'\\' if quoted == b'\\' && b.get(i + 1) == Some(&b'\\') => break,
                // So does an RTF or TeX control word, unless the URL's path
                // is written with backslashes (`http://a.example/\etc\apps`).
                b'\\' if control_word(&b[i..limit]) && !b[from..i].contains(&b'\\') => break,
                // Java's `%n` (a line break in a format string: picocli's
                // `usage.footer = API: https://artii.herokuapp.com%nSources:`)
                // before a capital, a blank or the end; no escape is `%n`.
                b'%' if b.get(i + 1) == Some(&b'n')
                    && b.get(i + 2).is_none_or(|c| {
                        c.is_ascii_uppercase() || c.is_ascii_whitespace() || *c == b'%'
                    }) =>
                {
                    break
                }
                // Texinfo's `@uref{mailto:a@b.org,contact us}` in a file of
                // another syntax (Org's `#+texinfo_header:`): after a `{`,
                // a comma outside a query ends the argument.
                b',' if quoted == b'{' && !query => break,
                // A list of URLs (`https://a.example,https://b.example`),
                // or of named ones before a query (etcd's `--initial-cluster
                // s1=http://h1:2380,s2=http://h2:2380`).
                b',' if url_at(b, i + 1) || (!query && !hashed && named_url_at(b, i + 1)) => break,
                // ASP.NET's `"applicationUrl": "https://localhost:5001;
                // http://localhost:5000"`: a `;` before another URL.
                b';' if url_at(b, i + 1) => break,
                // After an address, a `;` before no other address is a
                // record's field separator (a Redis key in mailcow's docs,
                // `"dmarc_rpt;microsoft.com;mailto:d@rua.agari.com;20220428"`).
                // Before one (`mailto:a@b.example;c@d.example`) it is
                // Outlook's list, and `invalid-mailto` reports it.
                b';' if !query && is_mailto(b, from) && ends_address_list(b, from, i, limit) => {
                    break
                }
                // Or before `key=`, a record's next tag (DMARC's
                // `rua=mailto:d@example.com;ruf=mailto:…;rf=afrf`): no
                // address holds a `=` before its `@`.
                b';' if !query && is_mailto(b, from) && key_after(b, i) => break,
                // A port is digits only: after one, `,key=` is a list's
                // next item (OpenTelemetry's `endpoint=http://localhost:
                // 14250,pollingIntervalMs=5000`), and `;key=` a connection
                // string's next setting (`Server=http://127.0.0.1:8000;
                // Namespace=test`, Dgraph's `addr=http://vault:8200;acl-
                // field=…` superflag).
                b',' | b';'
                    if !query && !hashed && after_port_before_key(b, from, i, path_seen) =>
                {
                    break
                }
                // And `;` then a word and a blank, a shell's next command
                // (`export http_proxy=http://192.168.1.100:1087;export …`).
                // Or a keyword in capitals, a proxy list's last resort
                // (`HTTP_PROXY=http://p1.example:3128;http://p2.example:
                // 3129;DIRECT`). Or a comment, a configuration's
                // directive ended (nginx's `proxy_pass http://127.0.0.1:
                // 10000;#…`): no port holds a `;`.
                b';' if !query
                    && !hashed
                    && after_port(b, from, i, path_seen)
                    && (command_after(b, i)
                        || keyword_after(b, i)
                        || b.get(i + 1) == Some(&b'#')) =>
                {
                    break
                }
                // No host name holds a `;`: right after one, `;key=` is a
                // connection string's next setting too (Azure's
                // `Endpoint=https://foo.azconfig.io;Id=…;Secret=…`).
                // Nor a `,`: sigstore's `--fulcio="url=https://fulcio.
                // example.com,api-version=1,start-time=…"`.
                b';' | b','
                    if after_host_before_key(b, from, i) && !userinfo_ahead(b, i, limit) =>
                {
                    break
                }
                // A web host never holds a `,`: right after one it separates
                // arguments (GNU Make's `$(call GET_LATEST_VERSION,
                // https://poppler.freedesktop.org,poppler-data-)`) or a
                // setting's fields (Monitorix's `http://10.0.0.1,/monitorix`).
                b',' if in_web_host(b, from, i) && !userinfo_ahead(b, i, limit) => break,
                // Nor a `&` in a URL that is a query's value: `&key=` is
                // the outer query's next parameter (evcc's deep link
                // `evcc://server?url=https://demo.evcc.io&title=Demo`). In
                // prose, `http://host&x=1` is a typo for `?`, and reported.
                // After its port too (TiDB's `s3://backup?…&endpoint=
                // http://10.0.1.10:6060&force-path-style=true`).
                b'&' if quoted == b'='
                    && (after_host_before_key(b, from, i)
                        || after_port_before_key(b, from, i, path_seen)) =>
                {
                    break
                }
                // A `=` right after a port maps the URL to something: Visual
                // Studio's `http://localhost:8111=myProjectPath/myProject`.
                // A `_` there, which no port or path start holds, ends it
                // too: Perl's `s_…_url=http://localhost:8081_` closing its
                // substitution.
                b'=' | b'_' if !query && !hashed && after_port(b, from, i, path_seen) => break,
                // `::` before another URL separates fields (AMPEL's signer
                // `sigstore::https://token.actions.githubusercontent.com::
                // https://github.com/…`); no port or path holds it there.
                b':' if b.get(i + 1) == Some(&b':') && url_at(b, i + 2) => break,
                // After a port, a `,` before a path is a list's: a host
                // list goes on with a host (`mongodb://h1:27017,h2:27017/`),
                // Kubernetes' `--etcd-servers-overrides` example
                // `"/pods#http://etcd4:2379;http://etcd5:2379,/events#…"`
                // with its next item.
                b',' if !query && !hashed && after_port_before_path(b, from, i, path_seen) => break,
                // A pipe ends it outside the query: a shell pipe (`curl
                // http://a/b| sh`), a table's column, usage alternatives
                // (`https://example.com|path/to/file`).
                // Inside brackets it separates alternatives (OGC's
                // `…/def/crs/[epsg|ogc]/0/{code}`, a pattern).
                b'|' if !query && (square == 0 || !alternatives_close(&b[i..limit])) => break,
                // Sentence punctuation right after a URL belongs to the
                // sentence; inside a URL it is fine (`a.b`, `?q`, `:port`).
                // A backslash ends escaped strings (`href=\"http://a/\"`
                // in JSON, `\)` in PostScript). In a query, a pipe is data.
                b'.' | b',' | b';' | b':' | b'!' | b'\\' | b'|' => false,
                b'?' => {
                    query = true;
                    false
                }
                b'#' => {
                    hashed = true;
                    true
                }
                // No web host holds a `[`: right after a dotted name it is
                // code's (R's `res.pt[!is.na(res.pt)]`, which Slack linked
                // as `http://res.pt[…]`).
                b'[' if in_web_host(b, from, i)
                    && b[i - 1].is_ascii_alphanumeric()
                    && b[from..i].contains(&b'.') =>
                {
                    break
                }
                // `URL[URL]`, `URL[Image.jpeg]`: a webmail rendering of a
                // link, or AsciiDoc's `URL[text]`; the bracket ends the URL.
                b'[' if bracket_ends_url(b, i, limit, from, query) => break,
                // After a port only `/`, `?` or `#` goes on: a `(` opens
                // the text's aside (a backup tool's log, `source :
                // http://10.1.2.3:8091(bucket@10.1.2.3:8091)`).
                b'(' if !query
                    && !hashed
                    && after_port(b, from, i, path_seen)
                    && !userinfo_ahead(b, i, limit) =>
                {
                    break
                }
                // After a host too, when the parentheses hold words (an
                // app's `URL(label)` list, `http://192.168.0.1(Router
                // 192.168.0.1)`): a host holds no such aside.
                b'(' if !query
                    && !hashed
                    && only_host(b, from, i, b"")
                    && aside_with_words(b, i, limit)
                    && !userinfo_ahead(b, i, limit) =>
                {
                    break
                }
                // An opener waits for its closer; a URL rarely ends in one.
                b'(' => {
                    round += 1;
                    false
                }
                b'[' => {
                    square += 1;
                    false
                }
                // A template's opener (`…@{{< sitevar >}}`, Hugo's
                // shortcode, cut at its `<`; `{%`) is kept even last, so the
                // URL reads as the pattern it is; another brace waits for
                // its closer.
                b'{' => {
                    curly += 1;
                    matches!(b.get(i + 1), Some(b'{' | b'%'))
                }
                // A closer without its opener inside the URL belongs to the
                // text around it: `(see http://a/b)`, `[a](http://x)`.
                b')' => match round.checked_sub(1) {
                    Some(n) => {
                        round = n;
                        true
                    }
                    None => break,
                },
                b']' => match square.checked_sub(1) {
                    Some(n) => {
                        square = n;
                        true
                    }
                    None => break,
                },
                b'}' => match curly.checked_sub(1) {
                    Some(n) => {
                        curly = n;
                        true
                    }
                    None => break,
                },
                // An apostrophe inside a word (`it's`) stays. A quote at
                // the start of a word opens a pair; one at the end of a word
                // closes it, or closes the quote the URL sits in, or is
                // left out as trailing punctuation.
                b'\'' => {
                    let next = b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric);
                    let prev = i
                        .checked_sub(1)
                        .is_some_and(|p| b[p].is_ascii_alphanumeric());
                    if next {
                        quote_open |= !prev;
                        false
                    } else if quote_open {
                        quote_open = false;
                        true
                    } else if quoted == b'\'' {
                        break;
                    } else {
                        false
                    }
                }
                // Markdown emphasis around a URL (`*http://a/b*`,
                // `_http://a/b_`): the mark that opened it is never last.
                b'*' | b'_' if quoted == c => false,
                // Haddock's monospace (`-- (e.g. @http://jaspervdj.be@)`):
                // the closing `@` is the markup's too.
                b'@' if quoted == b'@' => false,
                // Org's verbatim and code marks (`=news:comp.emacs=`,
                // `~https://a/b~`) likewise, outside a query (where `=` is
                // the value's: `URL=https://a/?key=`).
                b'=' | b'~' if quoted == c && !query => false,
                // TeX's `^^J` (a line feed in `\typeout`, `\message`) is no
                // URL's: `https://www.ams.org/tex/amslatex.html.^^J%`.
                // (A `^^` before a blank is prose's "see above": kept.)
                b'^' if b.get(i + 1) == Some(&b'^')
                    && b.get(i + 2)
                        .is_some_and(|&n| n.is_ascii_alphanumeric() || b"@?[".contains(&n)) =>
                {
                    break
                }
                // Nor is Plan 9 rc's join, `^` before a command's output
                // or a variable (a mkfile's `ftp://host/ghost/gs^`{echo
                // $stem}^/$target`): the URL is built when the line runs.
                b'^' if b.get(i + 1..i + 3).is_some_and(|n| {
                    n == b"`{" || (n[0] == b'$' && (n[1].is_ascii_alphabetic() || n[1] == b'{'))
                }) =>
                {
                    break
                }
                // Nor is a control character in caret notation, a log's
                // `^M` for a carriage return (squid's `{Location: http://a/
                // errors/404.html^MErrorDocument 500 …}`), outside a query.
                b'^' if !query
                    && !hashed
                    && matches!(b.get(i + 1), Some(b'M' | b'J' | b'I' | b'@' | b'['))
                    && (i + 2 == limit
                        || b.get(i + 2).is_some_and(|&n| {
                            n.is_ascii_alphanumeric() || n.is_ascii_whitespace()
                        })) =>
                {
                    break
                }
                // Nor is a `*` closing emphasis opened earlier (`**see
                // http://a/b**`), unless it is all the path (`news:*`).
                b'*' => i > 0 && b[i - 1] == b':',
                // A dash typed as hyphens glued to the URL before prose
                // (`at ftp://ftp.gmd.de-- one of the key resources`): two
                // or more, then a blank or the end; no URL's path ends so
                // (a fragment may: git's `#Documentation/git-checkout.txt---`).
                // Asked at the run's first dash only: the rest share its
                // end (asking at each made a line of dashes quadratic).
                b'-' if !query
                    && !hashed
                    && b.get(i + 1) == Some(&b'-')
                    && b[i - 1] != b'-'
                    && {
                        let n = b[i..limit].iter().take_while(|&&c| c == b'-').count();
                        b.get(i + n).is_none_or(u8::is_ascii_whitespace)
                    } =>
                {
                    break
                }
                // An HTML entity for a delimiter (`&gt;`, `&lt;`, `&quot;`)
                // is text escaped around the URL, never part of it.
                b'&' if is_delimiter_entity(&b[i..limit]) => break,
                // A shell's `&&` before a blank (`curl http://a:30909&& echo`)
                // joins commands; a URL never ends in two.
                b'&' if b.get(i + 1) == Some(&b'&')
                    && b.get(i + 2).is_none_or(u8::is_ascii_whitespace) =>
                {
                    break
                }
                // `%}` with no `{` opened in the URL closes the template
                // tag it stands in (Jinja's `{% link … %}`, odoc's
                // `{%wodoc:a href=https://tarides.com%}`): no escape.
                b'%' if curly == 0 && b.get(i + 1) == Some(&b'}') => break,
                // Letters, digits and the rest of ASCII stay: the validator
                // flags unsafe ones instead of losing part of the URL.
                _ => true,
            };
            (1, last)
        } else {
            match decode(b, i) {
                // Letters and digits of any script continue an IRI; CJK,
                // punctuation, symbols and non-ASCII spaces end it, as such
                // text often follows a URL with no space.
                Some((ch, len)) if continues_url(ch) => (len, true),
                // A byte that is no UTF-8 but a Latin-1 letter (`caf\xe9`
                // in a Latin-1 file) continues it: cutting the URL there
                // would hide the fault instead of reporting it.
                None if is_latin1_letter(c) => (1, true),
                _ => break,
            }
        };
        i += len;
        if can_be_last {
            end = i;
        }
    }
    End { end, stop: i }
}

/// Whether a URL with slashes (`https://…`) starts at `i`.
fn url_at(b: &[u8], i: usize) -> bool {
    any_scheme_at(b, i).is_some_and(|c| b.get(c + 1) == Some(&b'/'))
}

/// Whether `name=` and a URL with slashes start at `i` (`s2=http://h2/`).
fn named_url_at(b: &[u8], i: usize) -> bool {
    let name = b[i.min(b.len())..]
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
        .count();
    name > 0 && b.get(i + name) == Some(&b'=') && url_at(b, i + name + 1)
}

/// Whether the comma at `i` follows the port of the authority that starts
/// at `from` (`//localhost:14250,`) and a `name=` follows it.
fn after_port_before_key(b: &[u8], from: usize, i: usize, path_seen: bool) -> bool {
    after_port(b, from, i, path_seen) && key_after(b, i)
}

/// The word of bytes `class` takes right after `i` (at most 32), and the
/// byte after it.
fn word_after(b: &[u8], i: usize, class: fn(&u8) -> bool) -> (usize, Option<u8>) {
    let word = b[i + 1..].iter().take(32).take_while(|c| class(c)).count();
    (word, b.get(i + 1 + word).copied())
}

/// Whether a word of letters and a blank follow the byte at `i`: a
/// command after a shell's `;`.
fn command_after(b: &[u8], i: usize) -> bool {
    let (word, next) = word_after(b, i, u8::is_ascii_lowercase);
    word > 0 && matches!(next, Some(b' ' | b'\t'))
}

/// Whether a word in capitals, ending the token, follows the byte at `i`.
fn keyword_after(b: &[u8], i: usize) -> bool {
    let (word, next) = word_after(b, i, u8::is_ascii_uppercase);
    word >= 2 && next.is_none_or(|c| c.is_ascii_whitespace() || matches!(c, b';' | b'"' | b'\''))
}

/// Whether a `name=` follows the byte at `i`.
fn key_after(b: &[u8], i: usize) -> bool {
    let key = b[i + 1..]
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
        .count();
    key > 0 && b.get(i + 1 + key) == Some(&b'=')
}

/// Whether the comma at `i` follows the port of the authority that starts
/// at `from` and a `/` follows it.
fn after_port_before_path(b: &[u8], from: usize, i: usize, path_seen: bool) -> bool {
    b.get(i + 1) == Some(&b'/') && after_port(b, from, i, path_seen)
}

/// Whether `rest`, from a `|`, goes on with words and `|` to a `]`.
fn alternatives_close(rest: &[u8]) -> bool {
    let words = rest
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'|' | b'_' | b'-'))
        .count();
    words > 1 && rest.get(words) == Some(&b']')
}

/// Whether the `;` or `,` at `i` ends the host of the authority that starts at
/// `from` (`//foo.azconfig.io;`, no path or port yet) and a `name=`
/// follows it. (The caller rules out a user's `;AUTH=`, RFC 5092's
/// `imap://fred;AUTH=*@host/`.)
fn after_host_before_key(b: &[u8], from: usize, i: usize) -> bool {
    only_host(b, from, i, b"") && key_after(b, i)
}

/// Whether `from..i` is `//` and a host name (its letters, digits, `.`,
/// `-`, `_`, and any of `also`), nothing else yet.
fn only_host(b: &[u8], from: usize, i: usize, also: &[u8]) -> bool {
    b[from..i].strip_prefix(b"//").is_some_and(|host| {
        !host.is_empty()
            && host.iter().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_') || also.contains(c)
            })
    })
}

/// Whether `i` is in the host of an `http`, `https` or `ftp` URL whose
/// text after the scheme's `:` starts at `from` (`//host` and then `i`).
fn in_web_host(b: &[u8], from: usize, i: usize) -> bool {
    let scheme = &b[from.saturating_sub(6)..from.saturating_sub(1)];
    let web = [&b"http"[..], b"https", b"ftp"].iter().any(|s| {
        scheme.len() >= s.len()
            && scheme[scheme.len() - s.len()..].eq_ignore_ascii_case(s)
            && (scheme.len() == s.len()
                || !scheme[scheme.len() - s.len() - 1].is_ascii_alphabetic())
    });
    web && only_host(b, from, i, b":")
}

/// Whether an `@` outside the parentheses opened at `i` comes before the
/// next `/` or blank: the digits before `i` were a password's
/// (`http://user:1234(x)@host/`), no port. (An `@` inside them is the
/// aside's: `:8091(bucket@10.1.2.3:8091)`.)
fn userinfo_ahead(b: &[u8], i: usize, limit: usize) -> bool {
    let mut depth = 0usize;
    for &c in b[i..limit.min(i + 256)]
        .iter()
        .take_while(|&&c| c != b'/' && !c.is_ascii_whitespace())
    {
        match c {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'@' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Whether the `(` at `i` opens words closed on its line: a blank, then
/// its `)`, before the line ends.
fn aside_with_words(b: &[u8], i: usize, limit: usize) -> bool {
    let inner = &b[i + 1..limit.min(i + 256)];
    inner
        .iter()
        .position(|&c| matches!(c, b')' | b'(' | b'\n'))
        .is_some_and(|k| inner[k] == b')' && inner[..k].contains(&b' '))
}

/// Whether the byte at `i` follows the port of the authority that starts at
/// `from` (`//localhost:14250` and then `i`).
/// `path_seen` says whether a `/` after the authority's `//` came before
/// `i`: asked of the loop's state, the test costs the digits only (asking
/// the text each time made a line of `:1;1:1;1…` quadratic).
fn after_port(b: &[u8], from: usize, i: usize, path_seen: bool) -> bool {
    if path_seen {
        return false;
    }
    let digits = b[from..i]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let Some(colon) = (i - digits).checked_sub(1) else {
        return false;
    };
    let authority = b[from..colon.max(from)]
        .strip_prefix(b"//")
        .unwrap_or(&b[from..colon.max(from)]);
    digits > 0 && colon >= from && b[colon] == b':' && !authority.is_empty()
}

/// Where a URL read to `end` (its text after the scheme from `from`) ends
/// when what follows its port is another field of the text, not the URL's:
/// openHAB's binding `<[http://icanhazip.com:3600000:JS(valid_ip.js)]` (the
/// URL, a refresh interval, a transform: the URL ends before the first
/// `:`), or mitmproxy's port to listen on, `--mode reverse:http://localhost:
/// 5000@5555` (the `@` and the port are the mode's). `http://h:80:index.html`
/// and `http://admin:1234@8080` stay whole, a port or a host to report.
fn port_field_cut(
    b: &[u8],
    url_start: usize,
    from: usize,
    end: usize,
    quoted: u8,
) -> Option<usize> {
    let authority = b[from..end].strip_prefix(b"//")?;
    let authority = &authority[..authority
        .iter()
        .position(|&c| c == b'/')
        .unwrap_or(authority.len())];
    let start = from + 2;
    let first = authority.iter().position(|&c| c == b':')?;
    let digits = authority[first + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let after = &authority[first + 1 + digits..];
    match after.first() {
        // A field named by a word, its argument in parentheses, in a
        // binding's brackets.
        Some(b':') => {
            let word = after[1..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            (quoted == b'[' && word > 0 && after.get(1 + word) == Some(&b'('))
                .then_some(start + first)
        }
        // The listen port after a mitmproxy mode.
        Some(b'@') => {
            let port = &after[1..];
            let mode = [&b"reverse:"[..], b"upstream:"]
                .iter()
                .any(|m| b[..url_start].ends_with(m));
            (mode && (1..=5).contains(&port.len()) && port.iter().all(u8::is_ascii_digit))
                .then_some(start + first + 1 + digits)
        }
        _ => None,
    }
}

/// Whether a byte that is not UTF-8 is a Latin-1 letter (`À`–`ÿ` but `×`
/// and `÷`); windows-1252 agrees on these.
pub(crate) fn is_latin1_letter(c: u8) -> bool {
    c >= 0xC0 && c != 0xD7 && c != 0xF7
}

/// Whether the URL whose text after the scheme starts at `from` is a
/// `mailto:` one.
fn is_mailto(b: &[u8], from: usize) -> bool {
    from >= 7 && b[from - 7..from].eq_ignore_ascii_case(b"mailto:")
}

/// Whether the `;` at `i` follows an address (an `@` since `from`) and
/// the field after it holds none: no list goes on there.
fn ends_address_list(b: &[u8], from: usize, i: usize, limit: usize) -> bool {
    b[from..i].contains(&b'@')
        && !b[i + 1..limit]
            .iter()
            .take_while(|&&c| !(c.is_ascii_whitespace() || b";,\"'<>".contains(&c)))
            .any(|&c| c == b'@')
}

/// Whether the `[` at `i` ends the URL: a URL follows it (`URL[URL]`,
/// `mailto:a@b[mailto:a@b`), or, outside the host and the query, it opens
/// a bracketed word that ends the token (`URL[Image.jpeg]`, `URL[text]`).
fn bracket_ends_url(b: &[u8], i: usize, limit: usize, from: usize, query: bool) -> bool {
    if i == from || (i >= 2 && &b[i - 2..i] == b"//") || b[i - 1] == b'@' {
        return false;
    }
    let reach = (i + 256).min(limit);
    let inner = &b[i + 1..reach];
    if any_scheme_at(b, i + 1).is_some_and(|colon| colon < reach) {
        return true;
    }
    // An address holds no bracket (a domain literal follows `@`, above).
    if is_mailto(b, from) {
        return true;
    }
    // `URL[link text with words]`, perhaps wrapped: AsciiDoc or a rendering.
    // The words may be joined by a no-break space (Cloudflare's `[email
    // protected]`, standing where it hid an address in a scraped page).
    if let Some(close) = inner.iter().position(|&c| c == b']' || c == b'[') {
        let words = &inner[..close];
        let blank_line = memchr::memmem::find(words, b"\n\n").is_some();
        let blank = words.iter().any(u8::is_ascii_whitespace)
            || memchr::memmem::find(words, "\u{a0}".as_bytes()).is_some();
        if inner[close] == b']' && !blank_line && blank {
            return true;
        }
    }
    let Some(close) = inner
        .iter()
        .position(|&c| c == b']' || c.is_ascii_whitespace() || c == b'[')
    else {
        return false;
    };
    if inner[close] != b']' {
        return false;
    }
    // `[text](`: Markdown link syntax, never the inside of a URL.
    if inner.get(close + 1) == Some(&b'(') {
        return true;
    }
    if query {
        return false;
    }
    let after = inner.get(close + 1).copied();
    let after2 = inner.get(close + 2).copied();
    // AsciiDoc's `URL[]` (the URL its own text) in a CSV table's cell, the
    // next cell right after its comma (`…/x[],"Contains …"`).
    if close == 0 && matches!(after, Some(b',' | b';')) {
        return true;
    }
    match after {
        None => true,
        // The end of the token, or of the string or code span it is in, or
        // of a table's cell (`|link:URL[Allure]|2593` in AsciiDoc); or text
        // of another script (`URL[text]。` in a translation).
        Some(c)
            if c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'|') || c >= 0x80 =>
        {
            true
        }
        // Sentence punctuation, then the token's end: `URL[].`, and
        // `(URL[]).` with the parenthesis closed; the end may be a
        // no-break space (`URL[text].\u{a0}`).
        Some(b'.' | b',' | b';' | b':' | b')') => {
            let rest = &inner[close + 1..];
            let n = rest
                .iter()
                .take(3)
                .take_while(|c| b".,;:)".contains(c))
                .count();
            after2.is_none_or(|c| c.is_ascii_whitespace() || c >= 0x80)
                || (rest[0] == b')' && rest.get(n).is_none_or(u8::is_ascii_whitespace))
                // AsciiDoc's labeled list, `URL[text]::` ending the term.
                || (rest.starts_with(b"::") && rest.get(n).is_none_or(u8::is_ascii_whitespace))
        }
        // Emphasis closed around it, then the token's end: zsh-lovers'
        // AsciiDoc `*http://www.zsh.org/[]*`, `_URL[text]_`.
        Some(m @ (b'*' | b'_')) => {
            let n = inner[close + 1..].iter().take_while(|&&c| c == m).count();
            inner
                .get(close + 1 + n)
                .is_none_or(|c| c.is_ascii_whitespace() || b".,;:)".contains(c))
        }
        // `URL[Elasticsearch]/link:URL[OpenSearch]` (AsciiDoc in Hibernate's
        // site): a `/` between two links, another scheme right after it.
        Some(b'/') => any_scheme_at(b, i + close + 3).is_some(),
        _ => false,
    }
}

/// Whether `rest` starts with a string escape that ends a URL in program
/// text: `\n`, `\t`, `\r`, a digit (`\0`, a sed `\1`), `\x` and a hex
/// digit, `\u` and four, or a terminal's `\e]`, `\e[`, `\e\\` and `\a`.
fn is_string_escape(rest: &[u8]) -> bool {
    match rest.get(1) {
        // `\0` (a C string's end) and `\1` (a sed backreference) too.
        Some(b'n' | b't' | b'r' | b'0'..=b'9') => true,
        Some(b'x') => rest.get(2).is_some_and(u8::is_ascii_hexdigit),
        // A JSON or JavaScript string's `\u0026` (Google's `webViewLink`).
        Some(b'u') => rest
            .get(2..6)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)),
        // A terminal escape: `\e]8;;URL\e\\` (an OSC 8 hyperlink), `\e[0m`;
        // `\a` (BEL) ends an OSC too.
        Some(b'e') => matches!(rest.get(2), Some(b'\\' | b'[' | b']')),
        Some(b'a') => !rest.get(2).is_some_and(u8::is_ascii_alphanumeric),
        // Prolog's `\c` ending a line: the quoted atom goes on after the
        // next line's blanks (SWI-Prolog's `consult('https://…/\c`).
        Some(b'c') => matches!(rest.get(2), Some(b'\n' | b'\r')),
        // roff's font changes, in a patch to a manual page (`\fIwput
        // ftp://host/\fR to upload`).
        Some(b'f') => matches!(rest.get(2), Some(b'R' | b'B' | b'I' | b'P' | b'(' | b'[')),
        _ => false,
    }
}

/// Whether `rest` starts with an RTF or TeX control word before a blank,
/// a group, a backquote (TeX's `` \char`\~ ``) or the line's end: NSIS's
/// rich-edit text (`\pard http://nsis.sf.net\par {\b …}`), biblatex's
/// `\biburl https://doi.org/…\endurl`. A path written with backslashes
/// goes on with another one.
fn control_word(rest: &[u8]) -> bool {
    let word = rest[1..]
        .iter()
        .take_while(|c| c.is_ascii_lowercase())
        .count();
    (2..=8).contains(&word)
        && matches!(
            rest.get(1 + word),
            None | Some(b' ' | b'{' | b'}' | b'`' | b'\n' | b'\r')
        )
}

/// Whether `rest` starts with `&gt;`, `&lt;`, `&quot;` or `&apos;` (any
/// case), or a numeric reference to one of those characters (`&#39;`,
/// `&#x27;`, `&#034;`): the entities of characters that end a URL, as
/// HTML escaped into JSON strings or plain text writes them.
fn is_delimiter_entity(rest: &[u8]) -> bool {
    let named = [&b"&gt;"[..], b"&lt;", b"&quot;", b"&apos;"]
        .iter()
        .any(|e| {
            rest.get(..e.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(e))
        });
    named || numeric_entity(rest).is_some_and(|c| matches!(c, b'"' | b'\'' | b'<' | b'>'))
}

/// The character an ASCII numeric reference at the start of `rest` stands
/// for (`&#39;` or `&#x27;` is `'`), when it is one and ends with `;`.
fn numeric_entity(rest: &[u8]) -> Option<u8> {
    let body = rest.strip_prefix(b"&#")?;
    let (hex, digits) = match body.first() {
        Some(b'x' | b'X') => (true, &body[1..]),
        _ => (false, body),
    };
    let end = digits.iter().take(8).position(|&b| b == b';')?;
    let text = std::str::from_utf8(&digits[..end]).ok()?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let value = u32::from_str_radix(text, if hex { 16 } else { 10 }).ok()?;
    u8::try_from(value).ok().filter(u8::is_ascii)
}

/// Whether the text after a scheme holds something URL-like: a letter or a
/// digit (`news:*` aside). `http://`, `mailto:` or `http://.` alone are not
/// URLs; a grammar writes them like that.
pub(crate) fn has_substance(rest: &str) -> bool {
    rest == "*" || rest.chars().any(char::is_alphanumeric)
}

/// Whether the text after a bare scheme starts the way that scheme's URLs
/// do. The schemes RFC 1738 writes as `scheme://host/...` (and `file:/path`)
/// need a `/`; the others (`mailto:`, `news:*`, `urn:`, configured ones)
/// need a letter, digit, `/`, `%` or `*`. So `File::create` and
/// `file::is_same_file` in program text, or "HTTP: the protocol", are not
/// URLs.
pub(crate) fn starts_like_url(scheme: &[u8], rest: &str) -> bool {
    let Some(first) = rest.bytes().next() else {
        return false;
    };
    if crate::schemes::is_slashed(scheme) {
        first == b'/'
    } else if first == b'?' {
        // `mailto:?to=a%2C%20b`: recipients in the query (RFC 6068).
        scheme.eq_ignore_ascii_case(b"mailto")
    } else {
        first.is_ascii_alphanumeric() || b"/%*".contains(&first) || first >= 0x80
    }
}

/// Whether a wrapper's rejoined content is empty (`<URL:>`, `<URL:http://>`).
/// A partial form without a scheme is not empty if it has any substance.
pub(crate) fn is_empty_url(url: &str) -> bool {
    match any_scheme_at(url.as_bytes(), 0) {
        // `<file:///>`: the file system's root (Hadoop's `-fs <file:///>`).
        Some(4) if url[..4].eq_ignore_ascii_case("file") && &url[5..] == "///" => false,
        Some(colon) => !has_substance(&url[colon + 1..]),
        None => !has_substance(url),
    }
}

/// A bare URL whose scheme ends at the `:` at `colon` and starts at or
/// after `floor`.
pub(crate) fn bare(w: &Window, schemes: &Schemes, colon: usize, floor: usize) -> Option<Found> {
    let start = schemes.scheme_before(w, colon, floor)?;
    let quoted = if start > 0 { w.bytes[start - 1] } else { 0 };
    read(w, schemes, Form::Bare, start, start, colon, quoted)
}

/// A `URL:scheme:...` prefix form; `colon` is the `:` of `URL:`. Any
/// syntactically valid scheme is taken, as the prefix says it is a URL.
pub(crate) fn prefix(w: &Window, schemes: &Schemes, colon: usize) -> Option<Found> {
    let url_start = colon + 1;
    let scheme_colon = any_scheme_at(w.bytes, url_start)?;
    let quoted = if colon >= 4 { w.bytes[colon - 4] } else { 0 };
    read(
        w,
        schemes,
        Form::UrlPrefix,
        colon - 3,
        url_start,
        scheme_colon,
        quoted,
    )
}

fn read(
    w: &Window,
    schemes: &Schemes,
    form: Form,
    start: usize,
    url_start: usize,
    colon: usize,
    quoted: u8,
) -> Option<Found> {
    // Judge the first byte before reading the run: rejecting only after a
    // 64 KiB read would make `http:http:http:...` quadratic.
    let first = w.bytes.get(colon + 1..colon + 2).unwrap_or_default();
    if form == Form::Bare
        && !starts_like_url(
            &w.bytes[url_start..colon],
            std::str::from_utf8(first).unwrap_or("\u{80}"),
        )
    {
        return None;
    }
    let limit = start.saturating_add(BARE_CAP);
    let mut end = find_end(w.bytes, colon + 1, limit, quoted);
    let cut = sed_cut(w.bytes, start, colon + 1, end.end)
        .or_else(|| encoded_prose_cut(w.bytes, start, colon + 1, end.end))
        .or_else(|| wiki_link_cut(w.bytes, url_start, colon + 1, end.end));
    if let Some(cut) = cut {
        end = End {
            end: cut,
            stop: cut,
        };
    }
    // `<!--不需要添加：http://127.0.0.1:8080-->`: an HTML comment's close
    // glued on (a port of `8080--`), and the sentence's stop before it.
    // Or an arrow (`输入https://5d37b78.r3.cpolar.top-> 然后…`, a list of
    // steps): its `-` is the arrow's, not a name's last character.
    let dashes = w.bytes[colon + 1..end.end]
        .iter()
        .rev()
        .take_while(|&&c| c == b'-')
        .count();
    // One dash: an arrow before a blank, or ending a host (no name ends
    // in `-`); `…/y->x` may be a path's.
    let arrow = dashes >= 2
        || w.bytes.get(end.end + 1).is_none_or(u8::is_ascii_whitespace)
        || w.bytes[colon + 1..end.end]
            .strip_prefix(b"//")
            .is_some_and(|a| !a.contains(&b'/'));
    if end.end >= colon + 4 && dashes > 0 && arrow && w.bytes.get(end.end) == Some(&b'>') {
        let mut cut = end.end - dashes;
        while cut > colon + 1 && b".,;:!?".contains(&w.bytes[cut - 1]) {
            cut -= 1;
        }
        end = End {
            end: cut,
            stop: end.end - dashes,
        };
    }
    if let Some(cut) = port_field_cut(w.bytes, url_start, colon + 1, end.end, quoted) {
        end = End {
            end: cut,
            stop: cut,
        };
    }
    let rest = match std::str::from_utf8(&w.bytes[colon + 1..end.end]) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(&w.bytes[colon + 1..end.end]),
    };
    // `file:///` names the root: a URL with no letter in it.
    let root = w.bytes[url_start..colon].eq_ignore_ascii_case(b"file") && rest == "///";
    // `mailto:user at host`: munged against harvesting, no address.
    let munged = w.bytes[url_start..colon].eq_ignore_ascii_case(b"mailto")
        && !rest.contains('@')
        && w.bytes[end.stop..].starts_with(b" at ");
    // `URLak http:// edo https://-rekin hasi behar du`: a case ending
    // glued to the scheme's name in Basque (no host starts with `-`).
    let suffix = rest
        .strip_prefix("//-")
        .is_some_and(|word| !word.is_empty() && word.chars().all(char::is_alphabetic));
    // `\url{%` / `http://www.%` / `dante.de/%` quoted in hyperref's plain
    // ChangeLog: TeX's comment mark joining lines after a separator, no
    // escape; the URL is TeX source, not text. A `%` after a bug's number
    // (`…?id=19159%`) is a stray one, and an escape a hard wrap cut (`%`,
    // then `20…` or `C3%A9…` on the next line) a wrap: both reported.
    let tex_split = w.bytes[end.end - 1] == b'%'
        && end.end >= 2
        && matches!(w.bytes[end.end - 2], b'.' | b'/' | b'-')
        && matches!(w.bytes.get(end.end), Some(b'\n' | b'\r'))
        && !{
            let next = w.bytes[end.end..].trim_ascii_start();
            next.len() >= 2
                && next[..2].iter().all(u8::is_ascii_hexdigit)
                && (next[0].is_ascii_digit() || next.get(2) == Some(&b'%'))
        };
    // linkify-it's comment on inputs "like `mailto:mailto:...`": a word
    // after the scheme and an ellipsis glued on, the shape of an input,
    // not an address.
    let elided = rest.bytes().all(|c| c.is_ascii_alphabetic())
        && [
            &b":..."[..],
            b"...",
            ":\u{2026}".as_bytes(),
            "\u{2026}".as_bytes(),
        ]
        .iter()
        .any(|e| w.bytes[end.end..].starts_with(e));
    if !(has_substance(&rest) || root)
        || munged
        || suffix
        || tex_split
        || elided
        || placeholder_at(w.bytes, end.stop)
        || regex_group_at(w.bytes, end.end)
        || spaced_placeholder_at(w.bytes, colon + 1, end.stop)
    {
        return None;
    }
    let mut found = Found::new(form, start, end.end, String::new(), url_start);
    found.segments.clear();
    copy_latin1(&w.bytes[url_start..end.end], url_start, &mut found);
    if w.hard_wraps {
        wrap::rejoin(w, schemes, &mut found, url_start, end.stop);
    }
    Some(found)
}

/// `sed "s~proxy_pass http://localhost:9411~proxy_pass ${URL}~g"`: inside a
/// `sed` substitution, its delimiter ends the URL. Returns where, when the
/// URL (`from..end`) holds one of `~ @ , !` and the line before the scheme
/// at `start` opens a substitution with it (a quote, `s`, the delimiter).
/// (`/` is escaped inside such URLs, `|` ends one anyway, and `s#…#` is
/// `empty-url`'s to spare.)
fn sed_cut(b: &[u8], start: usize, from: usize, end: usize) -> Option<usize> {
    let at = b[from..end]
        .iter()
        .position(|c| matches!(c, b'~' | b'@' | b',' | b'!'))?;
    let line = line_start(b, start, 256);
    let delimiter = b[line..start].windows(3).rev().find_map(|s| {
        (matches!(s[0], b'\'' | b'"') && s[1] == b's' && matches!(s[2], b'~' | b'@' | b',' | b'!'))
            .then_some(s[2])
    })?;
    Some(from + at + memchr::memchr(delimiter, &b[from + at..end])?)
}

/// `summary = "Hi there!%0D%0A%0D%0A… Hoppscotch - https://hoppscotch.io.%0D%0AIt
/// is …"`: prose percent-encoded for a `mailto:` body, its line breaks
/// written `%0A`. When the line before the URL already holds an encoded
/// line break, the URL's own `%0D` or `%0A` is the prose's: the URL ends
/// there, without the sentence's punctuation before it.
fn encoded_prose_cut(b: &[u8], start: usize, from: usize, end: usize) -> Option<usize> {
    let is_break =
        |w: &[u8]| w[0] == b'%' && w[1] == b'0' && matches!(w[2], b'A' | b'a' | b'D' | b'd');
    let at = from + b[from..end].windows(3).position(is_break)?;
    let line = line_start(b, start, 512);
    if !b[line..start].windows(3).any(is_break) {
        return None;
    }
    let kept = b[from..at]
        .iter()
        .rposition(|c| !b".,;:!?".contains(c))
        .map_or(from, |k| from + k + 1);
    Some(kept)
}

/// `[[https://example.org/doku.php?id=start|Start page]]`: a `DokuWiki` link
/// writes its label after a `|`, which ends the URL that `[[` opens (a
/// query may otherwise hold a `|`). Org's
/// `[[mailto:a@b.example::Subject][…]]` writes a mail's subject after `::`,
/// which no address holds.
fn wiki_link_cut(b: &[u8], url_start: usize, from: usize, end: usize) -> Option<usize> {
    let opener = url_start.checked_sub(2).map(|k| &b[k..url_start]);
    let bar = (opener == Some(b"[["))
        .then(|| memchr::memchr(b'|', &b[from..end]).map(|at| from + at))
        .flatten();
    // Org's description may show the address too: `[[mailto:…::S][mailto:…::S]]`.
    let subject = (is_mailto(b, from) && matches!(opener, Some(b"[[" | b"][")))
        .then(|| memchr::memmem::find(&b[from..end], b"::").map(|at| from + at))
        .flatten();
    bar.into_iter().chain(subject).min()
}

/// Where the line holding `at` starts, looking back `reach` bytes at most.
fn line_start(b: &[u8], at: usize, reach: usize) -> usize {
    let floor = at.saturating_sub(reach);
    memchr::memrchr(b'\n', &b[floor..at]).map_or(floor, |k| floor + k + 1)
}

/// Copy `raw` (at window index `at`) into `found.url`. Valid UTF-8 is
/// copied as it is; a Latin-1 byte becomes its character, in a piece of
/// its own, so positions after it stay right.
pub(crate) fn copy_latin1(raw: &[u8], at: usize, found: &mut Found) {
    if let Ok(text) = std::str::from_utf8(raw) {
        found.segments.push((found.url.len(), at));
        found.url.push_str(text);
        return;
    }
    let mut i = 0;
    let mut contiguous = false;
    for chunk in raw.utf8_chunks() {
        let valid = chunk.valid();
        if !valid.is_empty() {
            if !contiguous {
                found.segments.push((found.url.len(), at + i));
            }
            found.url.push_str(valid);
            i += valid.len();
        }
        for &byte in chunk.invalid() {
            found.segments.push((found.url.len(), at + i));
            found.url.push(char::from(byte));
            i += 1;
        }
        contiguous = chunk.invalid().is_empty();
    }
    if found.segments.is_empty() {
        found.segments.push((0, at));
    }
}

/// Whether a `<name>` placeholder stands at `i`, right where a URL stopped
/// (`http://localhost:<port>/`): then the URL is a pattern. A name of
/// several words counts only inside the URL, the address going on after
/// it (`https://django-girls-<your cloud9 username>.c9users.io`).
fn placeholder_at(b: &[u8], i: usize) -> bool {
    if b.get(i) != Some(&b'<') {
        return false;
    }
    // `https://user:pass@<...>`: an ellipsis for whatever comes there.
    let rest = &b[i + 1..];
    if rest.starts_with(b"...>") || rest.starts_with("…>".as_bytes()) {
        return true;
    }
    // `'https://<your canvas="" instance="">/api/v1/…'` (Perl Maven's page,
    // its words taken for a tag's attributes by an HTML converter): right
    // after `//`, a bracketed word with the URL's path after it stands for
    // the host, whatever the brackets hold.
    if b[..i].ends_with(b"//") && rest.first().is_some_and(u8::is_ascii_alphabetic) {
        let close = rest
            .iter()
            .take(128)
            .position(|&c| matches!(c, b'>' | b'<' | b'\n'));
        if close.is_some_and(|k| rest[k] == b'>' && matches!(rest.get(k + 1), Some(b'/' | b':'))) {
            return true;
        }
    }
    // The name may be in any script (`https://green---<サービスURL>`).
    let name = rest
        .iter()
        .take(64)
        .take_while(|&&c| c.is_ascii_alphanumeric() || c >= 0x80 || matches!(c, b'_' | b'-' | b' '))
        .count();
    let words = &b[i + 1..i + 1 + name];
    let letter_first = std::str::from_utf8(words)
        .ok()
        .and_then(|w| w.chars().next())
        .is_some_and(char::is_alphabetic);
    let spaced = words.contains(&b' ');
    let goes_on = || {
        b.get(i + 2 + name)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || b"/.?&=#:-_@".contains(&c))
    };
    name > 0
        && letter_first
        && b.get(i + 1 + name) == Some(&b'>')
        && (!spaced
            || (!words.ends_with(b" ") && !words.windows(2).any(|w| w == b"  ") && goes_on()))
}

/// Whether a regular expression's group opens at `i`, right where a URL
/// ended (`"https://docs-git-([A-z0-9]|-)*cell-x\\.vercel\\.app"`, giscus'
/// `originsRegex`): `(?:`, or `(` and a class closed before `|`, `*`, `+`,
/// `?` or `{`, or before `)` when it reads as a class. Then the URL is a
/// pattern.
fn regex_group_at(b: &[u8], i: usize) -> bool {
    let rest = &b[i.min(b.len())..];
    if rest.starts_with(b"(?:") {
        return true;
    }
    let Some(class) = rest.strip_prefix(b"([") else {
        return false;
    };
    // A `)` right after the class closes the group; then the class must
    // read as one (a range, a negation, an escape): `([内网])` is an aside.
    class
        .iter()
        .take(64)
        .position(|&c| matches!(c, b']' | b'\n'))
        .is_some_and(|k| {
            let inner = &class[..k];
            let regex_class = inner.first() == Some(&b'^')
                || inner.contains(&b'\\')
                || inner.windows(3).any(|w| {
                    w[1] == b'-' && w[0].is_ascii_alphanumeric() && w[2].is_ascii_alphanumeric()
                });
            class[k] == b']'
                && match class.get(k + 1) {
                    Some(b'|' | b'*' | b'+' | b'?' | b'{') => true,
                    Some(b')') => regex_class,
                    _ => false,
                }
        })
}

/// Whether the URL (`from..stop`) ends inside a `%two words%` placeholder
/// cut at its blank (`https://github.com/%your username%/openscad.git`,
/// the README of OpenSCAD): its last segment is `%` and letters, and after
/// the stop come more words and the closing `%` on the same line. Then the
/// URL is a pattern.
fn spaced_placeholder_at(b: &[u8], from: usize, stop: usize) -> bool {
    let Some(open) = memchr::memrchr(b'%', &b[from..stop]).map(|k| from + k) else {
        return false;
    };
    let word = &b[open + 1..stop];
    let rest = &b[stop..b.len().min(stop + 48)];
    let words = rest
        .iter()
        .take_while(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'_' | b'-'))
        .count();
    open > from
        && b[open - 1] == b'/'
        && word.first().is_some_and(u8::is_ascii_alphabetic)
        && word
            .iter()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'-'))
        && !(word.len() >= 2 && word[..2].iter().all(u8::is_ascii_hexdigit))
        && rest.first() == Some(&b' ')
        && rest[..words].iter().any(u8::is_ascii_alphabetic)
        && rest.get(words) == Some(&b'%')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placeholder_of_two_words_in_percent_signs() {
        let at = |s: &str| {
            let stop = s.find(' ').unwrap_or(s.len());
            spaced_placeholder_at(s.as_bytes(), 0, stop)
        };
        assert!(at("https://github.com/%your username%/openscad.git"));
        assert!(at("https://a.example/%your-name here%/x"));
        // Near misses: an escape cut at a blank, no closing `%`, the
        // `%` not a segment's start, no `%` at all.
        assert!(!at("https://a.example/%zz%20 b%/"));
        assert!(!at("https://a.example/%your username/x"));
        assert!(!at("https://a.example/a%your username%/x"));
        assert!(!at("https://a.example/your username%/x"));
    }

    #[test]
    fn a_placeholder_in_angle_brackets_where_the_url_stops() {
        let at = |s: &str| placeholder_at(s.as_bytes(), s.find('<').unwrap());
        assert!(at("http://localhost:<port>/"));
        assert!(at("https://django-girls-<your cloud9 username>.c9users.io"));
        assert!(at("the URI is in the https://user:pass@<...> form"));
        assert!(at("`https://green---<サービスURL>`"));
        assert!(at(
            "'https://<your canvas=\"\" instance=\"\">/api/v1/accounts/self/sis_imports.json'"
        ));
        // Near misses: a tag after `//` with no path after it, or one
        // after a host.
        assert!(!at("see https://<b c=\"d\"> bold"));
        assert!(!at("https://a.example/<a href=\"x\">/y"));
        // Words with nothing of the URL after them are prose or markup.
        assert!(!at("https://a.example/<your cloud9 username> and more"));
        assert!(!at("https://a.example/<a  b>.x"));
        assert!(!at("https://a.example/<a href=x>"));
        assert!(!at("https://a.example/<«x»>"));
    }

    fn url_end(s: &str) -> &str {
        let e = find_end(s.as_bytes(), 0, s.len(), 0);
        &s[..e.end]
    }

    /// The end of the URL whose text after `scheme:` is `rest`.
    fn url_end_after(scheme: &str, rest: &str) -> String {
        let s = format!("{scheme}:{rest}");
        let from = scheme.len() + 1;
        let e = find_end(s.as_bytes(), from, s.len(), 0);
        s[from..e.end].to_string()
    }

    #[test]
    fn end_rules() {
        assert_eq!(url_end("a/b. next"), "a/b");
        assert_eq!(url_end("a/b_(c))"), "a/b_(c)");
        assert_eq!(url_end("x/y)[b]"), "x/y");
        assert_eq!(url_end("a/it's ok"), "a/it's");
        assert_eq!(url_end("a/b\u{3002}x"), "a/b");
        assert_eq!(url_end("b\u{fc}rger.de/x"), "b\u{fc}rger.de/x");
        assert_eq!(url_end("a/b\u{3000}c"), "a/b");
        assert_eq!(url_end("a/b\"c"), "a/b");
        assert_eq!(url_end("a/b?!"), "a/b");
        assert_eq!(url_end("a/'b' c"), "a/'b'");
        assert_eq!(url_end("a/b` c"), "a/b");
        assert_eq!(url_end("v8.dev/\\\" x"), "v8.dev/");
        assert_eq!(
            url_end("a/JanWielemaker/\\c\n  chat80/x"),
            "a/JanWielemaker/"
        );
        assert_eq!(url_end("host/\\fR to upload"), "host/");
        // Near misses: a backslash before other letters and more path stays.
        assert_eq!(url_end("a/\\cx/y z"), "a/\\cx/y");
        assert_eq!(url_end("a/\\fx/y z"), "a/\\fx/y");
        assert_eq!(url_end("a/\\c y"), "a/\\c");
        assert_eq!(url_end("a.com%nSources: x"), "a.com");
        assert_eq!(url_end("a.com/x%n"), "a.com/x");
        // Near misses: a `%n` before lower case (a placeholder's), an escape.
        assert_eq!(url_end("a.com/%name%/x y"), "a.com/%name%/x");
        assert_eq!(url_end("a.com/%4Ex y"), "a.com/%4Ex");
        assert_eq!(url_end("a/b&gt; c"), "a/b");
        assert_eq!(url_end("a/b?x=1&amp;y=2 c"), "a/b?x=1&amp;y=2");
        // Numeric references to a quote or an angle bracket end it too
        // (Node.js's API docs: HTML escaped into JSON strings); other
        // numbers, and a reference with no `;`, stay (near misses).
        assert_eq!(url_end("h:8080&#39;);"), "h:8080");
        assert_eq!(url_end("a/b&#x27;c"), "a/b");
        assert_eq!(url_end("a/b&#034; c"), "a/b");
        assert_eq!(url_end("a/b&#X3E;c"), "a/b");
        assert_eq!(url_end("a/b?x=1&#38;y c"), "a/b?x=1&#38;y");
        assert_eq!(url_end("a/b&#39 c"), "a/b&#39");
        assert_eq!(url_end("a/b&#+39;c"), "a/b&#+39;c");
        // `%}` closes the template tag the URL stands in, unless the URL
        // opened it (a pattern); `%7D` and `%` before other text stay.
        assert_eq!(url_end("tarides.com%}{%img%}"), "tarides.com");
        assert_eq!(url_end("a/{%x%}/b c"), "a/{%x%}/b");
        assert_eq!(url_end("a/%7D%} c"), "a/%7D");
        assert_eq!(url_end("a/%zz c"), "a/%zz");
        // AsciiDoc's `URL[text]` before text of another script.
        assert_eq!(
            url_end("github.com/newren/git-filter-repo[git-filter-repo]\u{3002}fi"),
            "github.com/newren/git-filter-repo"
        );
        assert_eq!(url_end("a/x[y]z c"), "a/x[y]z");
        // AsciiDoc's `link:URL[text].` before a no-break space; a letter
        // after the stop keeps the bracket (near miss).
        assert_eq!(url_end("a/GROOVY-6044[text].\u{a0}x"), "a/GROOVY-6044");
        assert_eq!(url_end("a/GROOVY-6044[text].x y"), "a/GROOVY-6044[text].x");
        // AsciiDoc's labeled list: `URL[text]::` is the term (asciidoc-py's
        // manual); `::` and more text is no term's end.
        assert_eq!(
            url_end("www.xmlsoft.org[xsltproc]::\n  The"),
            "www.xmlsoft.org"
        );
        assert_eq!(url_end("h.org[x]::y z"), "h.org[x]::y");
        // Code after a dotted web host; near misses: a name with no dot,
        // another scheme's.
        assert_eq!(
            url_end_after("http", "//res.pt[!is.na(res.pt)]|res.pt"),
            "//res.pt"
        );
        assert_eq!(url_end_after("http", "//host[!x]y z"), "//host[!x]y");
        assert_eq!(url_end_after("git", "//res.pt[!x]y z"), "//res.pt[!x]y");
        // Two AsciiDoc links with a `/` between; near miss: a path after it.
        assert_eq!(
            url_end("www.elastic.co/es[Elasticsearch]/link:https://www.opensearch.org[O] x"),
            "www.elastic.co/es"
        );
        assert_eq!(url_end("h.org/a[x]/b c"), "h.org/a[x]/b");
        // A list's next item after a port; a path's or a query's comma stays.
        assert_eq!(
            url_end("//localhost:14250,pollingIntervalMs=5000,rate=0.25"),
            "//localhost:14250"
        );
        assert_eq!(url_end("//h:80/a,b=1"), "//h:80/a,b=1");
        assert_eq!(url_end("//h:80?a=1,b=2"), "//h:80?a=1,b=2");
        assert_eq!(url_end("//h:80,90"), "//h:80,90");
        assert_eq!(
            url_end("//etcd5:2379,/events#http://etcd6:2379\""),
            "//etcd5:2379"
        );
        assert_eq!(url_end("//h1:27017,h2:27017/db"), "//h1:27017,h2:27017/db");
        assert_eq!(url_end("//h/a:80,/b"), "//h/a:80,/b");
        assert_eq!(
            url_end("//127.0.0.1:8000;Namespace=test;Database=test"),
            "//127.0.0.1:8000"
        );
        assert_eq!(url_end("//h:80/a;b=1"), "//h:80/a;b=1");
        // After a host as after a port (an Azure connection string); a
        // path's or a user's `;` stays (RFC 5092's IMAP `;AUTH=`), as
        // does one before no `key=`.
        assert_eq!(
            url_end("//foo.azconfig.io;Id=osOX-l9-s0:sig;Secret=00"),
            "//foo.azconfig.io"
        );
        assert_eq!(url_end("//h/a;Id=1"), "//h/a;Id=1");
        assert_eq!(url_end("//fred;AUTH=*@h/INBOX"), "//fred;AUTH=*@h/INBOX");
        assert_eq!(url_end("//h;x"), "//h;x");
        assert_eq!(url_end("//h:80;90"), "//h:80;90");
        assert_eq!(
            url_end("//localhost:5001;http://localhost:5000\""),
            "//localhost:5001"
        );
        assert_eq!(url_end("//h/a;b/c"), "//h/a;b/c");
        // sigstore's list of settings after a host; a host list, a user's
        // comma, a path's comma and a comma before no `key=` stay.
        assert_eq!(
            url_end("//fulcio.example.com,api-version=1,start-time=2024-01-01T00:00:00Z\""),
            "//fulcio.example.com"
        );
        assert_eq!(url_end("//h1,h2/db"), "//h1,h2/db");
        assert_eq!(url_end("//a,b=c@h/"), "//a,b=c@h/");
        assert_eq!(url_end("//h/a,b=1"), "//h/a,b=1");
        assert_eq!(url_end("//h,x y"), "//h,x");
        // `::` between fields before another URL; a doubled colon before a
        // port or a path is the URL's own typo.
        assert_eq!(
            url_end("//token.actions.example.com::https://github.com/o/r/x.yml@refs/heads/main\""),
            "//token.actions.example.com"
        );
        assert_eq!(url_end("//h::8080/x"), "//h::8080/x");
        // Alternatives in brackets go on; a pipe elsewhere, or one in an
        // unclosed bracket, ends the URL.
        assert_eq!(
            url_end("//www.opengis.net/def/crs/[epsg|ogc]/0/{code}\""),
            "//www.opengis.net/def/crs/[epsg|ogc]/0/{code}"
        );
        assert_eq!(url_end("//h/a|b"), "//h/a");
        assert_eq!(url_end("//h/[a|b c"), "//h/[a");
        // After a host, `&key=` ends a URL that is a query's value; in
        // prose (a typo for `?`) it stays.
        let e = find_end(b"//demo.evcc.io&title=Demo ", 0, 26, b'=');
        assert_eq!(e.end, 14);
        assert_eq!(url_end("//h.example&x=1 "), "//h.example&x=1");
        // And after a port (TiDB's backup endpoint).
        let e = find_end(b"//10.0.1.10:6060&force-path-style=true ", 0, 39, b'=');
        assert_eq!(e.end, 16);
        // A `=` after a port maps the URL; near miss: one in a query.
        assert_eq!(
            url_end("//localhost:8111=myProjectPath/x "),
            "//localhost:8111"
        );
        assert_eq!(url_end("//h:80/?a=b "), "//h:80/?a=b");
        // So does a `_` (Perl's `s_…_…_` substitution); near misses: in a
        // path or query.
        assert_eq!(url_end("//localhost:8081_' */etc/x "), "//localhost:8081");
        assert_eq!(url_end("//h:80/a_b?c_d=1_ "), "//h:80/a_b?c_d=1_");
        // A carriage return in caret notation (squid's log); near misses:
        // `^` in a query (a search's anchor) or before other letters.
        assert_eq!(
            url_end("//a.example/404.html^MErrorDocument 500 "),
            "//a.example/404.html"
        );
        assert_eq!(url_end("//h/?q=^Main "), "//h/?q=^Main");
        assert_eq!(url_end("//h/a^Bb "), "//h/a^Bb");
        // An RTF control word (NSIS's rich-edit text); near miss: a path
        // written with backslashes.
        assert_eq!(url_end("//nsis.sf.net\\par {\\b x} "), "//nsis.sf.net");
        assert_eq!(url_end("//h\\dir\\file.txt "), "//h\\dir\\file.txt");
        // biblatex's closing macro, its `\e` no terminal's escape.
        assert_eq!(
            url_end("//doi.org/10.1002/w.1361\\endurl\n"),
            "//doi.org/10.1002/w.1361"
        );
        assert_eq!(url_end("//h/a::b c"), "//h/a::b");
        let e = find_end(b"a/b** c", 0, 7, b'*');
        assert_eq!(e.end, 3);
        let e = find_end(b"a/b_c_ d", 0, 8, b'_');
        assert_eq!(e.end, 5, "an inner `_` stays, the closing one does not");
        let e = find_end(b"//jaspervdj.be@) x", 0, 18, b'@');
        assert_eq!(e.end, 14, "Haddock's closing `@`");
        let e = find_end(b"//u@h.example/@ x", 0, 17, b'@');
        assert_eq!(e.end, 14, "a user's `@` stays, the closing one does not");
        assert_eq!(url_end("//h.example/@ x"), "//h.example/@");
    }

    #[test]
    fn bare_schemes_need_a_url_like_start() {
        assert!(starts_like_url(b"file", "///etc/motd"));
        assert!(starts_like_url(b"FILE", "/etc/motd"));
        assert!(!starts_like_url(b"file", ":is_same_file"));
        assert!(!starts_like_url(b"File", ":create"));
        assert!(!starts_like_url(b"http", "foo"));
        assert!(starts_like_url(b"news", "*"));
        assert!(starts_like_url(b"mailto", "a@b.example"));
        assert!(starts_like_url(b"urn", "/iana/dns"));
        assert!(!starts_like_url(b"mailto", ":x"));
    }

    #[test]
    fn substance() {
        assert!(!is_empty_url("news:*"));
        assert!(is_empty_url("http://"));
        assert!(is_empty_url("mailto:"));
        assert!(is_empty_url(""));
        assert!(!is_empty_url("/relative/path"));
        assert!(!has_substance("//."));
    }
}
