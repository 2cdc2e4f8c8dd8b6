//! `invalid-mailto`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::{addr_spec, escape, Fault};
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Checks that `mailto:` is followed by one RFC 822 addr-spec,
    /// `local-part@domain` (percent escapes decoded first). Header fields after
    /// `?` (RFC 6068) are not judged.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.5: a mailto URL is the encoding of an addr-spec. Without
    /// one, a mail client has nowhere to send to.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) an address obfuscated on purpose
    /// against harvesters, `mailto:joe at example.org` (or `(at)`, `[AT]`,
    /// `'at'`, `-at-`, `+at+`, `%5BAT%5D`, `%3CAT%3E`, `_at_`, `%20at%20`,
    /// Japanese `(あっと)`, an address wrapped after a hyphen with ` at ` on
    /// the next line (`[mailto:help-` then `> bounces at lists.example.org]`),
    /// `ukdATkampsax.dk`, French `AROBAS` or `{arobazz}`, `...at...`, the
    /// `@` itself bracketed, `(@)`,
    /// Google Groups' `jsi··.@tri··y.edu`, `\(at\)` behind
    /// Markdown's escapes, ` dot ` for the dot, or the marks spaced out,
    /// `warner-buildbot @ lothar . com`, or cut short with `...` before the
    /// `@` as Google Groups' archive shows it, `myLifeO...@googlegroups.com`
    /// (later `bj***.@rsu13.org`),
    /// or written as HTML character
    /// references shown outside HTML, `abc&#37;&#52;&#48;example&#46;org`,
    /// or escaped once more in a feed's HTML content, `andrei&amp;#64;…`),
    /// is not reported: its writer broke it deliberately; nor is a
    /// placeholder (`mailto:xxx`, `mailto:foo`, `mailto:user`, `mailto:test`,
    /// `mailto:anonymous`, `mailto:list`, `mailto:body`, `mailto:...`, a local part of dots alone left by an archive's elision (`mailto:.@vuw.ac.nz`), `mailto:-`, `mailto:EmailAddress`),
    /// a notifier
    /// library's server URL with a password (Apprise's
    /// `mailto://user:pass@smtp.example.org`), a wildcard
    /// (`mailto:*`), a noun naming the scheme (`mailto:links`), the scheme
    /// named in running text with a word of another script glued on (`mailto://для
    /// электронной почты`, "`mailto://` for e-mail", its blank lost) or the end
    /// of a regular expression (`/^mailto:/i`); blanks
    /// around an address are trimmed and a display name's `Name <addr>`
    /// is read for its address, as mail clients do, and so is an address
    /// followed by an RFC 822 comment, old HTML's
    /// `mailto:hammer@enterprise.net (AM Contributing Writer)`. As RFC
    /// 6068 allows, the address may be a comma-separated list
    /// (`mailto:a@b.org,c@d.org`) or left to the header fields
    /// (`mailto:?to=a@b.org`, whose `to=` addresses are judged the same
    /// way; a "share by mail" link, `mailto:?subject=x` or `mailto:?to=&subject=x`, names none).
    /// A header field joined to the address with `&` where the `?` goes
    /// (`mailto:john@example.com&subject=Hi`, which a mail client reads as
    /// the domain `example.com&subject=Hi`, a dot-atom RFC 5322 allows) is
    /// reported, placeholder values or not; an address wrapped whole in
    /// angle brackets or quotes (`mailto:<a@b.org>`, `mailto:"a@b.org"`, as
    /// a mail's header writes it) is said to be so.
    /// Under `rfc1738` each of these is reported but the last, which RFC
    /// 822 reads as an address: its `encoded822addr` is one address.
    ///
    /// ## Example
    /// `mailto:webmaster`
    ///
    /// Use instead: `mailto:webmaster@example.org`
    pub static INVALID_MAILTO = {
        name: "invalid-mailto",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.5; RFC 822 §6.1",
        summary: "no RFC 822 addr-spec after `mailto:`",
        example: "mailto:webmaster",
        ok_example: "mailto:webmaster@example.org",
        help: "write mailto:local-part@domain (RFC 1738 §3.5)",
    }
}

/// Whether the address is `user at host` (or `(at)`, `[AT]`, `_at_`,
/// `joe%20at%20host%20dot%20org`, `ukdATkampsax.dk`, `avi _AT_ unix :dot:
/// sh`) in the source: written so on purpose, against address harvesters.
/// The `at` is either inside the candidate (a wrapper rejoined `<mailto:joe
/// at host>`) or right after it (`href="mailto:joe at host"` ends the bare
/// URL at the space).
pub(crate) fn obfuscated(cx: &Cx<'_>) -> bool {
    // Buildbot's `<mailto:warner-buildbot @ lothar . com>`: the marks
    // spaced out, which no address has.
    let raw = &cx.cand.raw;
    if [" @ ", " @\n", " @\r\n"].iter().any(|w| raw.contains(w)) && raw.contains(" . ") {
        return true;
    }
    // Google Groups' archive, `[mailto:myLifeO...@googlegroups.com]`: the
    // local part cut short with `...` against harvesting (no address holds
    // two dots in a row).
    // Its later form masks with stars, `[mailto:bj***.@rsu13.org]`.
    if cx.url.contains("...@") || cx.url.contains("***.@") || cx.url.contains("***@") {
        return true;
    }
    // Hypermail's reply link with the domain taken out against harvesting
    // (`mailto:j.m.gregory?Subject=Re%3A%20%5BCF-metadata%5D…`, every
    // message of a list's archive): a reply's subject after a local part.
    let reply = cx.parts.query.as_ref().is_some_and(|q| {
        let q = cx.text(q.clone()).as_bytes();
        [&b"subject=re%3a"[..], b"subject=re:"]
            .iter()
            .any(|p| q.get(..p.len()).is_some_and(|w| w.eq_ignore_ascii_case(p)))
    });
    let local = cx.text(cx.parts.body.clone());
    let local = local.split('?').next().unwrap_or_default();
    if reply
        && crate::url::standard::is_attribute_value(cx.cand)
        && !local.is_empty()
        && local
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+'))
    {
        return true;
    }
    // `mailto:david.delabassee(@)oracle.com`: the `@` itself bracketed,
    // as `(at)` is, against harvesting.
    // A local part before it and a dotted domain after it, or it is an
    // address missing its parts (`mailto:(@)oracle.com`, `mailto:a(@)`).
    let body = cx.text(cx.parts.body.clone());
    let address = body.split(['?', '#']).next().unwrap_or_default();
    // Each address of a list (`a(@)b.com,c(@)d.com`).
    let bracketed = address.split(',').all(|one| {
        ["(@)", "[@]", "{@}"].iter().any(|w| {
            one.split_once(w).is_some_and(|(local, domain)| {
                let plain = |s: &str| !s.is_empty() && !s.contains(['@', '(', ')', ' ']);
                plain(local) && plain(domain) && domain.contains('.') && !domain.ends_with('.')
            })
        })
    });
    if bracketed {
        return true;
    }
    if cx.url.contains('@') {
        return false;
    }
    // docutils' `cloak_email_addresses` shown outside HTML:
    // `mailto:abc&#37;&#52;&#48;example&#46;org` is `abc%40example.org`
    // once a browser reads the character references; escaped once more
    // in a feed's HTML content (Pelican's Atom feed,
    // `href="mailto:andrei&amp;#64;metalanguage.com"` inside `&lt;a …&gt;`).
    let lower = raw.to_ascii_lowercase();
    // (In a real attribute, `href="mailto:a&amp;#64;b"` is escaped twice
    // by mistake: a browser reads `a&#64;b`.)
    let attribute = cx.cand.form == crate::scan::Form::Link
        && crate::url::standard::is_attribute_value(cx.cand);
    let unescaped = if attribute {
        lower.clone()
    } else {
        lower.replace("&amp;", "&")
    };
    if ["&#64;", "&#x40;", "&#37;", "&#46;", "&#x2e;"]
        .iter()
        .any(|w| unescaped.contains(w))
    {
        return true;
    }
    if says_at(&cx.cand.raw) {
        return true;
    }
    // SuperMemo's `mailto:alexis%20(add%20an%20arobase%20here)%20supermemo.wiki`:
    // an aside in words where the `@` goes, telling the reader what to do.
    let aside = lower.match_indices("%20(").any(|(k, _)| {
        lower[k + 4..]
            .split_once(")%20")
            .is_some_and(|(words, _)| words.contains("%20") && !words.contains(['(', ')']))
    });
    if aside {
        return true;
    }
    // Outlook's quoted header in a list archive, the address wrapped after
    // a hyphen: `[mailto:help-` then `> bounces at lists.whatwg.org]`.
    let wrapped = cx.url.ends_with('-')
        && cx.cand.excerpt.as_ref().is_some_and(|e| {
            let next = e.next.trim_start_matches(['>', ' ', '\t']);
            let word = next.len() - next.trim_start_matches(|c: char| !c.is_whitespace()).len();
            word > 0 && next[word..].to_ascii_lowercase().starts_with(" at ")
        });
    if wrapped {
        return true;
    }
    let Some(rest) = cx.source_rest() else {
        return false;
    };
    // An attribute's value, then the link's text going on with the rest
    // (MediaWiki's `href="mailto:tea_hugutaku">(あっと) yahoo.co.jp`).
    let rest = rest
        .strip_prefix(['"', '\''])
        .and_then(|r| r.strip_prefix('>'))
        .map_or(rest, |text| text.trim_start());
    // The SRFI pages' link text, `mailto:srfi minus 41 at srfi dot
    // schemers dot org`: the address spelled out in words, cut at its
    // first blank.
    let words: String = rest
        .chars()
        .take(64)
        .take_while(|&c| c != '\n' && c != '<')
        .collect::<String>()
        .to_ascii_lowercase();
    if words.contains(" at ") && words.contains(" dot ") {
        return true;
    }
    // Google Groups' later masking, `jsi··.@tri··y.edu`: middle dots
    // where letters were, which end the URL before them.
    if rest.starts_with("\u{b7}\u{b7}") {
        return true;
    }
    let after: String = rest.chars().take(8).collect();
    let after = after.to_ascii_lowercase();
    [
        " at ", " (at)", " [at]", "(at)", "[at]", "{at}", "_at_", " _at_", " 'at' ", " - dot",
        "[dot]", "(dot)", " dot ",
    ]
    .iter()
    .any(|w| after.starts_with(w))
        // Japanese: "at" in kana (a Mastodon wiki's `[mailto:tea_hugutaku
        // (あっと) yahoo.co.jp …]`).
        || ["(あっと)", "（あっと）", "あっと", "(アット)", "（アット）", "アット"]
            .iter()
            .any(|w| after.trim_start().starts_with(w))
}

/// Whether `s` spells an address's `@` or `.` out: the words a harvester
/// does not read as one.
fn says_at(s: &str) -> bool {
    // OWASP's wiki export, `mailto:name\(at\)example.org`: Markdown's
    // escapes around the word.
    let lower = s.to_ascii_lowercase().replace('\\', "");
    let spelled = [
        " at ",
        "(at)",
        "[at]",
        "{at}",
        "_at_",
        "%20at%20",
        // DocBook's `[AT]` in a link target, percent-encoded (Wireshark's
        // guides: `mailto:wireshark-dev%5BAT%5Dwireshark.org`).
        "%5bat%5d",
        "%28at%29",
        // The SRFI documents' `srfi+minus+1+at+srfi+dot+schemers+dot+org`
        // (a form's `+` for a blank) and `jensaxel-at-soegaard.net`.
        "+at+",
        "+dot+",
        "-at-",
        // NTP's `mailto:kardel%20%3CAT%3E%20ntp.org`, shown as `kardel <AT> ntp.org`.
        "%3cat%3e",
        "<at>",
        // French: OCaml's platform blog, `mailto:raja.boujbel(à)ocamlpro.com`.
        "(à)",
        "[à]",
        "(À)",
        "%28%c3%a0%29",
        " at\n",
        " dot ",
        "%20dot%20",
        ":dot:",
        "[dot]",
        "(dot)",
        "_dot_",
        // French, `lemireAROBASondelette.com`, `v.gay{arobazz}aravissimo.com`;
        // `name...at...host`.
        "arobas",
        "arobaz",
        "...at...",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // `ukdATkampsax.dk`: a capital `AT` between lower-case letters.
    let b = s.as_bytes();
    spelled
        || b.windows(4)
            .any(|w| w[0].is_ascii_lowercase() && &w[1..3] == b"AT" && w[3].is_ascii_lowercase())
}

/// Whether the address is a placeholder a document writes to show where
/// one goes (`mailto:xxx`, `mailto:...`, `mailto:YOUR EMAIL`; xml2rfc's
/// `mailto:-` for an author with none), a wildcard (a shell `case`'s
/// `mailto:*)`), or a noun that makes the text name the scheme
/// (`mailto:links` in a translation that lost its space).
fn placeholder(cx: &Cx<'_>) -> bool {
    // The address, before any header fields (`mailto:list?subject`).
    let body = cx.text(cx.parts.body.clone());
    let written = body.split('?').next().unwrap_or(body);
    // Words in capitals where the address goes (bikeshed's test-file
    // skeleton, `href="mailto:AUTHOR EMAIL HERE"`, or `MAINTAINER_EMAIL`):
    // a template's slot. One capitalised word alone may be a name
    // (`mailto:ATLAS`), so another word must follow it, by `_` or a blank.
    // An awk pattern's closing `/` may follow the slot (a site script's
    // `awk '/mailto:STATICUS_CONTACT/ {print}'`): no address ends in `/`.
    let slot = written.strip_suffix('/').unwrap_or(written);
    if slot.len() >= 3 && slot.bytes().all(|c| c.is_ascii_uppercase() || c == b'_') {
        let next_word = cx.source_rest().is_some_and(|r| {
            let r = r.as_bytes();
            r.len() > 1 && r[0] == b' ' && r[1].is_ascii_uppercase()
        });
        if slot.contains('_') || next_word {
            return true;
        }
    }
    // A quoted Usenet post's `john...@vuw.ac.nz` (an archive's elision
    // against harvesters), linked by man2html from what was left:
    // `mailto:.@vuw.ac.nz`, a local part of dots alone.
    if written
        .split_once('@')
        .is_some_and(|(local, _)| !local.is_empty() && local.bytes().all(|c| c == b'.'))
    {
        return true;
    }
    let address = written.to_ascii_lowercase();
    matches!(
        address.as_str(),
        "..."
            | "…"
            | "-"
            | "foo"
            | "bar"
            | "baz"
            | "address"
            | "addr"
            | "email"
            | "someone"
            // matomo's `{@link mailto:test}  // mailto link`: a syntax
            // shown with a dummy address.
            | "test"
            | "example"
            // `# mailto:user or user:pass authentication`: the parts of a
            // URL named, above a regular expression.
            | "user"
            | "username"
            | "recipient"
            // fluid's maintainers table links `mailto:anonymous` where an
            // address is withheld.
            | "anonymous"
            // ReSpec's `// The <a href="mailto:list?subject"> link for
            // the public list`: the link's shape sketched in a comment.
            | "list"
            // ROBODoc's manual on its link syntax (`href:body`,
            // `mailto:body`, `http://body`): the link's text named.
            | "body"
    )
        // X's for the address, one or more (LibreOffice's help listing what
        // AutoCorrect links: `x@x`, `mailto:x`).
        || (!address.is_empty() && address.bytes().all(|c| c == b'x'))
        // `<mailto:EmailAddress>` beside `<tel:PhoneNumber>` (XEP-0130's
        // glossary): the parts of an address named, not given.
        || matches!(
            address.replace(['-', '_', '.'], "").as_str(),
            "emailaddress" | "mailaddress" | "youremail" | "youraddress" | "myemail"
        )
        || address.starts_with('*')
        || address.ends_with('*')
        // `mailto:YOUR EMAIL[YOUR EMAIL]` in a template: the reader's own
        // (the word alone, or before `_`, `-` or a blank: not `youri@`).
        || address == "your"
        || ["your_", "your-", "your%20", "your "]
            .iter()
            .any(|p| address.starts_with(p))
        || matches!(
            address.as_str(),
            "link" | "links" | "url" | "urls" | "uri" | "uris"
        )
}

/// `/^mailto:/i` (a spam filter's rules, a bundle's `/^mailto:/i.test(u)`):
/// the scheme ends a regular expression, a `/` and its flags follow. No
/// address starts with one `/` (a mistaken `mailto://a@b.org` has two).
fn regex_end(cx: &Cx<'_>) -> bool {
    let body = cx.text(cx.parts.body.clone());
    let Some(rest) = body.strip_prefix('/') else {
        return false;
    };
    let flags = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    flags <= 4
        && rest[..flags].bytes().all(|c| b"gimsuy".contains(&c))
        && rest[flags..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric() && c != '@' && c != '/')
}

/// `mailto://user:pass@smtp.example.org` (Apprise's and other notifier
/// libraries' configuration): an authority with a password, the notation of
/// a tool that sends mail through that server, not an address link.
fn service_notation(cx: &Cx<'_>) -> bool {
    let body = cx.text(cx.parts.body.clone());
    body.strip_prefix("//")
        .and_then(|rest| rest.rsplit_once('@'))
        .is_some_and(|(userinfo, _)| {
            userinfo
                .split_once(':')
                .is_some_and(|(user, pass)| !user.is_empty() && !pass.is_empty())
        })
}

/// `mailto://для электронной почты` ("`mailto://` for e-mail", a
/// translation that lost the blank after the scheme): the scheme named in
/// prose, a word of another script glued to it, no address.
fn scheme_named(cx: &Cx<'_>) -> bool {
    // Only in running text: a link's author wrote the address there.
    cx.cand.form == crate::scan::Form::Bare
        && cx
            .text(cx.parts.body.clone())
            .strip_prefix("//")
            .is_some_and(|word| {
                !word.is_empty() && word.chars().all(|c| !c.is_ascii() && c.is_alphabetic())
            })
}

/// Check the address of mailto URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // Every URL comes here: the address tests (each copies text) only
    // for a `mailto:` one, the only kind `run` judges.
    if cx.scheme != SchemeKind::Mailto {
        return;
    }
    if cx.standard == Standard::Rfc3986 && obfuscated(cx) {
        return;
    }
    // Said even of an example whose values are placeholders
    // (`mailto:john@example.com&subject=...`, a tutorial's): the `?` is
    // what the example teaches.
    if let Some(f) = fields_without_question_mark(cx).filter(|_| cx.standard == Standard::Rfc3986) {
        out.at(f.range, f.message);
        return;
    }
    if cx.standard == Standard::Rfc3986
        && (placeholder(cx) || regex_end(cx) || service_notation(cx) || scheme_named(cx))
    {
        return;
    }
    super::run(cx, out, SchemeKind::Mailto, mailto);
}

/// A header field joined to the address with `&` where RFC 6068 §2 has
/// a `?` (`mailto:john@example.com&subject=Hi`): the mail client takes
/// `example.com&subject=Hi` for the domain, which RFC 5322's dot-atom
/// allows, and no subject is set.
fn fields_without_question_mark(cx: &Cx<'_>) -> Option<Fault> {
    const FIELDS: &[&str] = &["subject=", "cc=", "bcc=", "body=", "to="];
    if cx.parts.query.is_some() {
        return None;
    }
    let body = cx.parts.body.clone();
    let text = cx.text(body.clone());
    let at = text.find('@')?;
    let amp = at + text[at..].find('&')?;
    let field = &text[amp + 1..];
    FIELDS
        .iter()
        .any(|f| {
            field
                .get(..f.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(f))
        })
        .then(|| {
            let name = &field[..field.find('=').unwrap_or(0)];
            Fault::new(
                body.start + amp..body.start + amp + 1,
                format!(
                    "`&{name}=` follows the address: header fields start after a `?` (RFC 6068 §2)"
                ),
            )
        })
}

/// `mailtourl = "mailto:" encoded822addr`. The part after a `?` (RFC 6068
/// header fields, later than RFC 1738 but everywhere) is not judged.
fn mailto(cx: &Cx<'_>) -> Option<Fault> {
    let end = cx
        .parts
        .query
        .as_ref()
        .map_or(cx.parts.body.end, |q| q.start - 1);
    let r = cx.parts.body.start..end;
    let rfc6068 = cx.standard == Standard::Rfc3986;
    // RFC 6068: every recipient may be in the header fields
    // (`mailto:?to=a@b.org`; none at all in a "share by mail" link,
    // `mailto:?subject=…&body=…`), and `to` is a list (`a@b.org,c@d.org`).
    if rfc6068 && r.is_empty() {
        if let Some(q) = cx.parts.query.clone() {
            return to_fields(cx, q);
        }
    }
    // Perl's `"mailto:a\@b.org"` in a string: the escape is gone in the
    // page it writes (see `unsafe-character`). Written as it stands, not
    // encoded: `a%5C@b.org` is a backslash in the address.
    let written = cx.text(r.clone());
    let unescaped = (cx.standard == Standard::Rfc3986
        && written.matches('@').count() == 1
        && written.contains("\\@"))
    .then(|| written.replacen("\\@", "@", 1));
    let address: Vec<u8> = match &unescaped {
        Some(a) => escape::decoded(a, 0..a.len()).collect(),
        None => escape::decoded(cx.url, r.clone()).collect(),
    };
    // `mailto:<a@b.org>`, `mailto:"a@b.org"`: the address written as a
    // mail's header writes it, brackets or quotes and all; said so (the
    // grammar's fault would name an empty local part or a missing domain).
    if rfc6068 {
        if let Some(marks) = wrapped(&address) {
            return Some(Fault::new(
                r,
                format!("the address is in {marks}: a mailto URL holds it bare"),
            ));
        }
    }
    let why = if rfc6068 {
        address
            .split(|&c| c == b',')
            .try_for_each(|a| addr_spec::check(mailbox(a).iter().copied()))
    } else {
        addr_spec::check(address.into_iter())
    }
    .err()?;
    let r = if r.is_empty() {
        cx.parts.body.clone()
    } else {
        r
    };
    let r = if r.is_empty() { 0..cx.url.len() } else { r };
    Some(Fault::new(r, why))
}

/// What wraps a whole address (`<a@b.org>`, `"a@b.org"`), if anything:
/// the marks' name. A quoted local part (`"john doe"@b.org`) is no wrap.
fn wrapped(address: &[u8]) -> Option<&'static str> {
    let (first, last) = (address.first()?, address.last()?);
    let inner = address.get(1..address.len().checked_sub(1)?)?;
    let marks = match (first, last) {
        (b'<', b'>') => "angle brackets, `<…>`",
        (b'"', b'"') => "quotes, `\"…\"`",
        _ => return None,
    };
    let at = memchr::memchr(b'@', inner)?;
    (at > 0 && at + 1 < inner.len() && !inner.iter().any(|c| b"<>\" ,".contains(c)))
        .then_some(marks)
}

/// The address a mail client reads from one recipient: blanks around it
/// trimmed (`mailto:%20rick@linuxmafia.com%20`, `mailto:  steve@host`,
/// whose spaces `unsafe-character` reports), and a display name's
/// `Karsten Hilbert <k.hilbert@gmx.net>` taken for its address, as every
/// client does though RFC 6068 names only the address.
fn mailbox(a: &[u8]) -> &[u8] {
    let a = a.trim_ascii();
    if let Some(addr) = std::str::from_utf8(a).ok().and_then(commented) {
        return addr.as_bytes();
    }
    match (a.iter().rposition(|&c| c == b'<'), a.last()) {
        // A name, no address of its own, before the bracket.
        (Some(lt), Some(b'>')) if lt > 0 && !a[..lt].contains(&b'@') => &a[lt + 1..a.len() - 1],
        _ => a,
    }
}

/// The address of `addr (Comment)`, an address and an RFC 822 comment
/// after it (`hammer@enterprise.net (AM Contributing Writer)`, old
/// HTML's mailto links): the comment closes the text, holds no
/// parenthesis of its own, and the address has its `@` and no blank.
pub(crate) fn commented(text: &str) -> Option<&str> {
    let (addr, comment) = text.split_once(" (")?;
    let comment = comment.strip_suffix(')')?;
    (addr.contains('@') && !addr.contains([' ', '(', ')']) && !comment.contains(['(', ')']))
        .then_some(addr)
}

/// The first fault among the addresses of the `to=` fields of the query
/// at `q` (RFC 6068 §2), each a comma-separated list, percent-decoded.
fn to_fields(cx: &Cx<'_>, q: std::ops::Range<usize>) -> Option<Fault> {
    let mut at = q.start;
    for field in cx.text(q).split('&') {
        let range = at..at + field.len();
        at = range.end + 1;
        let Some(value) = field
            .get(..3)
            .filter(|k| k.eq_ignore_ascii_case("to="))
            .map(|_| range.start + 3..range.end)
        else {
            continue;
        };
        let list: Vec<u8> = escape::decoded(cx.url, value.clone()).collect();
        // `mailto:?to=&subject=…`: an empty `to`, as a "share by mail"
        // link leaves it, adds no recipient (RFC 6068 §2 lets every one be
        // left out).
        if list.is_empty() {
            continue;
        }
        // `?to=address(es)`: usage notation for a format, not an address.
        let notation = list.contains(&b'(')
            && list
                .iter()
                .all(|&c| c.is_ascii_alphabetic() || matches!(c, b'(' | b')'));
        if notation {
            continue;
        }
        if let Err(why) = list
            .split(|&c| c == b',')
            .try_for_each(|a| addr_spec::check(a.iter().copied()))
        {
            return Some(Fault::new(value, why));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;
    use crate::url::Standard;

    fn fires(text: &str, standard: Standard) -> bool {
        crate::rules::testutil::rules_in_text(text, standard).contains(&Rule::InvalidMailto)
    }

    #[test]
    fn a_slot_in_capitals_before_an_awk_patterns_slash_under_rfc3986() {
        let text = "awk '/mailto:STATICUS_CONTACT/ {print;print;next}; 1'\n";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        // Near miss: one word, a name as often.
        assert!(fires("awk '/mailto:ATLAS/ {print}'\n", Standard::Rfc3986));
    }

    #[test]
    fn placeholder_addresses_under_rfc3986() {
        // xml2rfc's author with no address: `<a href="mailto:-">`.
        let text = "<a href=\"mailto:-\" title=\"Harvard University\">Bradner, S.</a>";
        assert!(!html_rules(text, Standard::Rfc3986).contains(&Rule::InvalidMailto));
        assert!(html_rules(text, Standard::Rfc1738).contains(&Rule::InvalidMailto));
        assert!(fires("write to mailto:x- now", Standard::Rfc3986));
        let text = "/* list of contact uris, e.g. mailto:xxx */";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(fires("write to mailto:xavier", Standard::Rfc3986));
        let text = "| Jane | [mailto:anonymous](mailto:anonymous) |";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires("write to mailto:anonymously", Standard::Rfc3986));
        let text = "<code>mailto:body</code> -- This is replaced with";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires("write to mailto:bodyshop", Standard::Rfc3986));
        let text = "e-mail john&#46;&#46;&#46;<A HREF=\"mailto:.@vuw.ac.nz\">.@vuw.ac.nz</A>";
        assert!(!html_rules(text, Standard::Rfc3986).contains(&Rule::InvalidMailto));
        assert!(fires(
            "write to mailto:j..@vuw.ac.nz now",
            Standard::Rfc3986
        ));
        let text = "// The <a href=\"mailto:list?subject\"> link for the public list";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires("write to mailto:lists", Standard::Rfc3986));
        let text = "Email addresses: x@x, mailto:x";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(fires("Email addresses: mailto:y", Standard::Rfc3986));
        let text = "{@link mailto:test}          // mailto link\n";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(fires("{@link mailto:tester}\n", Standard::Rfc3986));
        let text = "a URI such as <tel:PhoneNumber> or <mailto:EmailAddress> (see RFC 2368)";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(!fires("write to mailto:email-address", Standard::Rfc3986));
        // Near miss: a real mailbox named so, with its domain missing.
        assert!(fires("write to mailto:emailaddresses", Standard::Rfc3986));
    }

    #[test]
    fn a_notifiers_service_url_under_rfc3986() {
        // fail2ban's action for Apprise.
        let text = "#         fail2ban=mailto://user:pass@example.com\n";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(!fires(
            "- mailto://user:pass@example.com:\n",
            Standard::Rfc3986
        ));
        // Near misses: an empty password, and no authority.
        for text in [
            "mail mailto://joe:@example.org now",
            "mail mailto:joe:secret@example.org now",
        ] {
            assert!(fires(text, Standard::Rfc3986), "{text}");
        }
    }

    #[test]
    fn a_regular_expression_ending_at_the_scheme_under_rfc3986() {
        for text in [
            "uri  __URI_MAILTO  /^mailto:/i\n",
            "if(/^mailto:/i.test(e.url))return\n",
            "m = s.match(/mailto:/g)\n",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // Near misses: two slashes, a path, a word that is no flag.
        for text in ["see mailto:/home/a", "see mailto:/info"] {
            assert!(fires(text, Standard::Rfc3986), "{text}");
        }
    }

    #[test]
    fn wildcards_and_scheme_nouns_under_rfc3986() {
        // A shell `case` pattern, and a translation that lost its space.
        for text in ["case $arg in\n\tmailto:*)\n", "handler for mailto:links"] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // Near misses: a real local part, and a noun that is no scheme noun.
        assert!(fires("write to mailto:linksys", Standard::Rfc3986));
        // A real local part that lost its domain, even one a scheme noun.
        assert!(fires("[mail us](mailto:support)", Standard::Rfc3986));
        assert!(fires("write to mailto:li*nks", Standard::Rfc3986));
        // Metasyntactic names (`HREF="mailto:foo"`), not a real local part.
        assert!(!fires(
            "a LINK HREF=\"mailto:foo\" in it",
            Standard::Rfc3986
        ));
        assert!(fires(
            "a LINK HREF=\"mailto:food\" in it",
            Standard::Rfc3986
        ));
        // The parts of a URL named in a comment (spaCy's URL pattern).
        assert!(!fires(
            "# mailto:user or user:pass authentication",
            Standard::Rfc3986
        ));
        assert!(fires("# mailto:users", Standard::Rfc3986));
    }

    #[test]
    fn rfc6068_lists_and_header_fields_under_rfc3986() {
        for text in [
            "HREF=\"mailto:me@myhost.org,her@herhost.org\"",
            "mailto:?to=joe@example.org&subject=hi",
            "mailto:?subject=hi",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // The `to=` fields' addresses are judged as the address is.
        for text in ["mailto:?to=webmaster", "mailto:?to=a@b.org,bob&subject=x"] {
            assert!(fires(text, Standard::Rfc3986), "{text}");
        }
        assert!(!fires("mailto:?TO=a%40b.org&to=c@d.org", Standard::Rfc3986));
        // An empty `to` adds no recipient; near miss: an empty address
        // in the list.
        assert!(!fires(
            "mailto:?to=&subject=mailto%20with%20examples&body=x",
            Standard::Rfc3986
        ));
        assert!(fires("mailto:?to=a@b.org,,c@d.org", Standard::Rfc3986));
        // A format described: `mailto:?to=address(es)[&foo=blah]`.
        assert!(!fires(
            "allows mailto:?to=address(es) as a format",
            Standard::Rfc3986
        ));
        // Each address in the list is still judged, and a list needs both.
        assert!(fires("mailto:me@myhost.org,her", Standard::Rfc3986));
        assert!(fires("mailto:me@myhost.org,,her@x.org", Standard::Rfc3986));
        // A header field after `&` where the `?` goes, placeholder values
        // or not; near misses: after a `?`, a `&` in the local part.
        assert!(fires(
            "mailto:john@example.com&subject=Hi",
            Standard::Rfc3986
        ));
        assert!(fires(
            "mailto:john@example.com&subject=...",
            Standard::Rfc3986
        ));
        assert!(!fires(
            "mailto:john@example.com?cc=a@b.org&subject=Hi",
            Standard::Rfc3986
        ));
        assert!(!fires("mailto:tom&jerry@example.com", Standard::Rfc3986));
    }

    #[test]
    fn deliberately_obfuscated_addresses_under_rfc3986() {
        // `user at host` is no URL at all: the scanner leaves it alone.
        for text in [
            "<mailto:xcb at lists.freedesktop.org>",
            "HREF=\"mailto:tal197 at users.sf.net\"",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(!fires(text, Standard::Rfc1738), "{text}");
        }
        // Hypermail's reply link, the domain taken out; near misses: a
        // subject that is no reply, a blank in the local part.
        let text = "<a href=\"mailto:j.m.gregory?Subject=Re%3A%20%5BCF-metadata%5D%20x\">";
        assert_eq!(html_rules(text, Standard::Rfc3986), []);
        assert!(html_rules(text, Standard::Rfc1738).contains(&Rule::InvalidMailto));
        assert!(fires(
            "[c](mailto:support?subject=Re%3A%20Your%20order)",
            Standard::Rfc3986
        ));
        for text in [
            "<a href=\"mailto:webmaster?subject=Feedback\">",
            "<a href=\"mailto:j%20gregory?Subject=Re%3A%20x\">",
        ] {
            assert!(
                html_rules(text, Standard::Rfc3986).contains(&Rule::InvalidMailto),
                "{text}"
            );
        }
        // Google Groups' elision; near miss: one dot, a real address.
        let text = "> [mailto:myLifeO...@googlegroups.com] On Behalf Of eastside";
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        let text = "> On Mon, <mailto:gr***.@grasehotspot.org> wrote:";
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        assert!(fires(
            "see mailto:my..x@googlegroups.com",
            Standard::Rfc3986
        ));
        let text = "mail mailto:joe (at) example.org";
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        // The `@` itself bracketed; near misses: a bracket beside it, no
        // local part, no domain.
        let md_fires = |text: &str| {
            crate::rules::testutil::document_rules(
                crate::document::Syntax::Markdown,
                text,
                Standard::Rfc3986,
            )
            .contains(&Rule::InvalidMailto)
        };
        assert!(!md_fires("[mail](mailto:david.delabassee(@)oracle.com)"));
        assert!(!md_fires(
            "[mail](mailto:a(@)b.example.com,c(@)d.example.com)"
        ));
        for text in [
            "[m](mailto:david(@oracle.com)",
            "[m](mailto:(@)oracle.com)",
            "[m](mailto:david(@))",
            "[m](mailto:a(@)b.example.com,c(@))",
        ] {
            assert!(md_fires(text), "{text}");
        }
        assert!(fires(text, Standard::Rfc1738), "{text}");
        assert!(fires(
            "write to mailto:bug-time.org today",
            Standard::Rfc3986
        ));
        assert!(fires("write to mailto:attic.org today", Standard::Rfc3986));
        assert!(fires(
            "write to mailto:cat-atlas.org today",
            Standard::Rfc3986
        ));
        // Markdown's escapes around `(at)` (OWASP's wiki export), the
        // French word, dots around the word; near misses: an Austrian
        // host, a word holding the letters.
        let md = r"mail [me](mailto:jeff.williams\(at\)owasp.org) now";
        let md_rules = |standard| {
            crate::rules::testutil::document_rules(crate::document::Syntax::Markdown, md, standard)
        };
        assert!(!md_rules(Standard::Rfc3986).contains(&Rule::InvalidMailto));
        assert!(md_rules(Standard::Rfc1738).contains(&Rule::InvalidMailto));
        for text in [
            "<a href=\"mailto:lemireAROBASondelette.com\">x</a>",
            "mail mailto:joe...at...example.org now",
            "<a href=\"mailto:v.gay%7Barobazz%7Daravissimo.com\">x</a>",
            "> In article, jsi\u{b7}\u{b7}.@tri\u{b7}\u{b7}y.edu wrote: Mailto:jsi\u{b7}\u{b7}.@tri\u{b7}\u{b7}y.edu",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        assert!(fires(
            "write to mailto:joe.at.example.org today",
            Standard::Rfc3986
        ));
        assert!(fires(
            "write to mailto:arobase.example.org",
            Standard::Rfc1738
        ));
        // French: OCaml's platform blog's front matter.
        let text = r#"authors: "Raja Boujbel" {"mailto:raja.boujbel(à)ocamlpro.com"}"#;
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        assert!(fires(text, Standard::Rfc1738), "{text}");
        assert!(fires(
            "write to mailto:raja.boujbel-à.org today",
            Standard::Rfc3986
        ));
        // Japanese, in a wiki's link and the page MediaWiki made of it;
        // near miss: other words in the link's text.
        for text in [
            "Email: [mailto:tea_hugutaku (あっと) yahoo.co.jp tea_hugutaku (あっと) yahoo.co.jp]",
            "<a href=\"mailto:tea_hugutaku\">(あっと) yahoo.co.jp</a>",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
        }
        assert!(fires(
            "<a href=\"mailto:tea_hugutaku\">write to me</a>",
            Standard::Rfc3986
        ));
        // Spelled out in words after a first one; near miss: prose.
        let text = "<a href=\"x\">mailto:srfi minus 41 at srfi dot schemers dot org</a>";
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        assert!(fires("write mailto:srfi today, at noon", Standard::Rfc3986));
        // Wrapped after a hyphen in a quoted Outlook header; near miss:
        // the next line's word with no `at` after it.
        let text = "> From: help-bounces at lists.example.org [mailto:help-\n> bounces at lists.example.org] On Behalf Of A\n";
        assert!(!fires(text, Standard::Rfc3986), "{text}");
        let text = "> From: [mailto:help-\n> bounces and more] On Behalf Of A\n";
        assert!(fires(text, Standard::Rfc3986), "{text}");
        // Near miss: an escape that only starts like `[AT]`.
        assert!(fires(
            "write to mailto:joe%5Bat.org today",
            Standard::Rfc3986
        ));
        // The Linux Documentation Project's spellings.
        for text in [
            "Dickow, mailto:ukdATkampsax.dk here",
            "mail mailto:bartek_at_spillkescht.lu/ now",
            "mail mailto:alavoor[AT]yahoo.com now",
            "mail mailto:christopher%20dot%20albert%20at%20mcgill%20dot%20ca now",
            "# Friedhelm Kueck mailto:fk_AT_impress.de",
            "mail mailto:christopher[dot]albert now",
            "mail mailto:wireshark-dev%5BAT%5Dwireshark.org now",
            "mail mailto:joe%28at%29example.org now",
            "mail mailto:kardel%20%3CAT%3E%20ntp.org now",
            "mail mailto:srfi+minus+1%20%20+at+srfi+dotschemers+dot+org now",
            "mail mailto:srfi-editors+at+srfi+dot+schemers+dot+org now",
            "mail mailto:jensaxel-at-soegaard.net now",
            "mail mailto:sebastian.egner-AT-philips.com now",
            // ULHPC's `(mailto:hpc-users 'at' uni.lu)`.
            "mail (mailto:hpc-users 'at' uni.lu) now",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // Buildbot's README: reST keeps the blanks of its link target.
        let rst = "from `Brian Warner <mailto:warner-buildbot @\nlothar . com>`_, and\n";
        let rules = |standard| {
            crate::rules::testutil::document_rules(crate::document::Syntax::Rst, rst, standard)
        };
        assert_eq!(rules(Standard::Rfc3986), []);
        assert!(rules(Standard::Rfc1738).contains(&Rule::InvalidMailto));
        // Near misses: one mark spaced out (a typo), capitals that are a
        // name, and `at` inside a word.
        let typo = crate::rules::testutil::document_rules(
            crate::document::Syntax::Rst,
            "mail `Joe <mailto:joe @example.org>`_ now\n",
            Standard::Rfc3986,
        );
        assert!(!typo.is_empty(), "{typo:?}");
        assert!(fires("mail mailto:ATLAS today", Standard::Rfc3986));
        // docutils' cloaked address, shown in its manual as the HTML it writes.
        let cloaked = "<a href=\"mailto:abc&#37;&#52;&#48;example&#46;org\">\n";
        assert!(!fires(cloaked, Standard::Rfc3986));
        assert!(fires(cloaked, Standard::Rfc1738));
        // The same escaped once more, a feed's HTML content (Pelican's
        // Atom feed) in its XML.
        let feed = "&lt;a href=\"mailto:andrei&amp;#64;metalanguage.com\"&gt;andrei&lt;/a&gt;\n";
        assert!(!fires(feed, Standard::Rfc3986));
        assert!(fires(feed, Standard::Rfc1738));
        // Near miss: a real attribute escaped twice by mistake.
        let twice = crate::rules::testutil::document_rules(
            crate::document::Syntax::Html,
            "<a href=\"mailto:andrei&amp;#64;metalanguage.com\">x</a>\n",
            Standard::Rfc3986,
        );
        assert!(twice.contains(&Rule::InvalidMailto), "{twice:?}");
        assert!(fires(
            "mail mailto:abc&amp;example today",
            Standard::Rfc3986
        ));
        assert!(fires("mail mailto:catalog.org today", Standard::Rfc3986));
        // An aside where the `@` goes (SuperMemo's wiki); near misses: one
        // word in the parentheses, no blank after them.
        let aside = "[me](mailto:alexis%20(add%20an%20arobase%20here)%20supermemo.wiki?subject=Hi)";
        assert!(!fires(aside, Standard::Rfc3986));
        assert!(fires(aside, Standard::Rfc1738));
        assert!(fires(
            "[me](mailto:alexis%20(x)%20supermemo.wiki)",
            Standard::Rfc3986
        ));
        assert!(fires(
            "[me](mailto:alexis%20(a%20b)supermemo.wiki)",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn a_mailbox_as_clients_read_it_under_rfc3986() {
        for text in [
            "<mailto:Karsten%20Hilbert%20%3CKarsten.Hilbert@gmx.net%3E?subject=x>",
            "<mailto:%20rick@linuxmafia.com%20>",
        ] {
            assert!(!fires(text, Standard::Rfc3986), "{text}");
            assert!(fires(text, Standard::Rfc1738), "{text}");
        }
        // Near misses: a name with no address, an address left open.
        assert!(fires(
            "<mailto:Karsten%20Hilbert%20%3C%3E>",
            Standard::Rfc3986
        ));
        assert!(fires("<mailto:%3Ck.hilbert@gmx.net>", Standard::Rfc3986));
        // An RFC 822 comment after the address, old HTML's way; near
        // misses: a comment with no address before it, one not closed.
        let html = "<A HREF=\"mailto:hammer@enterprise.net (AM Contributing Writer)\">Hammer</A>";
        assert_eq!(html_rules(html, Standard::Rfc3986), []);
        assert!(html_rules(html, Standard::Rfc1738).contains(&Rule::InvalidMailto));
        for html in [
            "<A HREF=\"mailto:hammer (AM Contributing Writer)\">Hammer</A>",
            "<A HREF=\"mailto:hammer@enterprise.net (AM Contributing\">Hammer</A>",
        ] {
            assert!(
                html_rules(html, Standard::Rfc3986).contains(&Rule::InvalidMailto),
                "{html}"
            );
        }
        // An address is no display name (Outlook's doubled form).
        assert!(fires(
            "<mailto:bob@example..org%3Cbob@example..org%3E>",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn an_address_in_brackets_or_quotes_is_said_so_under_rfc3986() {
        use crate::rules::testutil::{cand_with, diagnostics_with};
        use crate::scan::{Facts, Form};
        let messages = |url: &str| -> Vec<String> {
            diagnostics_with(
                &cand_with(url, Form::Link, Facts::default()),
                Standard::Rfc3986,
            )
            .into_iter()
            .filter(|d| d.rule == Rule::InvalidMailto)
            .map(|d| d.message)
            .collect()
        };
        assert_eq!(
            messages("mailto:<geotribu+article@gmail.com>?subject=Hi"),
            ["the address is in angle brackets, `<…>`: a mailto URL holds it bare"]
        );
        assert_eq!(
            messages("mailto:\"question@simbad.u-strasbg.fr\""),
            ["the address is in quotes, `\"…\"`: a mailto URL holds it bare"]
        );
        // Near misses: a quoted local part is the grammar's to judge, a
        // bracket left open another fault.
        assert!(messages("mailto:\"john doe\"@a.example").is_empty());
        assert_ne!(
            messages("mailto:\"@\""),
            ["the address is in quotes, `\"…\"`: a mailto URL holds it bare"]
        );
        assert_ne!(
            messages("mailto:<k.hilbert@gmx.net"),
            ["the address is in angle brackets, `<…>`: a mailto URL holds it bare"]
        );
    }

    #[test]
    fn the_readers_own_address_is_a_placeholder_under_rfc3986() {
        let text = "please email me mailto:YOUR EMAIL[YOUR EMAIL].";
        assert!(!fires(text, Standard::Rfc3986));
        assert!(fires(text, Standard::Rfc1738));
        assert!(fires("mail mailto:yo today", Standard::Rfc3986));
        // A capitalised slot in a template (bikeshed's WPT skeleton).
        assert!(!fires(
            r#"<link rel="author" href="mailto:AUTHOR EMAIL HERE">"#,
            Standard::Rfc3986
        ));
        assert!(!fires(
            "contact mailto:MAINTAINER_EMAIL now",
            Standard::Rfc3986
        ));
        // Lower or mixed case without `@` is still a broken address.
        assert!(fires("contact mailto:Author now", Standard::Rfc3986));
        assert!(fires("contact mailto:ab now", Standard::Rfc3986));
        assert!(fires(
            "mail mailto:youri.petrov@example..org now",
            Standard::Rfc3986
        ));
    }

    fn html_rules(text: &str, standard: Standard) -> Vec<Rule> {
        crate::rules::testutil::document_rules(crate::document::Syntax::Html, text, standard)
    }

    #[test]
    fn an_obfuscated_address_has_no_unsafe_space_under_rfc3986() {
        // shared-mime-info's HTML: the attribute holds the whole address.
        let text = "<a HREF=\"mailto:tal197 at users.sf.net\">tal197</a>";
        let rules = |standard| html_rules(text, standard);
        assert_eq!(rules(Standard::Rfc3986), []);
        assert!(rules(Standard::Rfc1738).contains(&Rule::UnsafeCharacter));
    }

    #[test]
    fn perls_escaped_at_sign_under_rfc3986() {
        // w3m's help page, written by a Perl script.
        let text = "<A HREF=\"mailto:aito\\@fw.ipsj.or.jp\">A.ITO</A>";
        let rules = |standard| html_rules(text, standard);
        assert_eq!(rules(Standard::Rfc3986), []);
        let old = rules(Standard::Rfc1738);
        assert!(old.contains(&Rule::InvalidMailto) && old.contains(&Rule::UnsafeCharacter));
        // An encoded backslash is one in the address.
        assert!(fires("mailto:a%5C@b.org", Standard::Rfc3986));
        // Two at-signs are still two.
        assert!(fires("mailto:a\\@b@c.org", Standard::Rfc3986));
    }

    #[test]
    fn a_scheme_named_in_prose_under_rfc3986() {
        // A translation that lost the blank: "mailto:// for e-mail".
        let text = "\u{043d}\u{0430}\u{043f}\u{0440}. http://x.example \u{0438}\u{043b}\u{0438} mailto://\u{0434}\u{043b}\u{044f} \u{043f}\u{043e}\u{0447}\u{0442}\u{044b}\n";
        let rules = |standard| crate::rules::testutil::rules_in_text(text, standard);
        assert!(!rules(Standard::Rfc3986).contains(&Rule::InvalidMailto));
        assert!(rules(Standard::Rfc1738).contains(&Rule::InvalidMailto));
        // Near misses: an ASCII word; an address; a link, whose author
        // wrote the address there.
        assert!(fires("mailto://support", Standard::Rfc3986));
        let link = crate::rules::testutil::document_rules(
            crate::document::Syntax::Markdown,
            "[\u{043d}\u{0430}\u{043c}](mailto://\u{0434}\u{043b}\u{044f})\n",
            Standard::Rfc3986,
        );
        assert!(link.contains(&Rule::InvalidMailto), "{link:?}");
        assert!(fires(
            "mailto://\u{0434}\u{043b}\u{044f}@",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn invalid_mailto() {
        table(
            Rule::InvalidMailto,
            &[
                ("mailto:webmaster", &["webmaster"]),
                ("mailto:a@b@c", &["a@b@c"]),
                ("mailto:a@b,c@d", &["a@b,c@d"]),
                ("mailto:?subject=hi", &["?subject=hi"]),
                ("mailto:a%20b@c", &["a%20b@c"]),
                ("mailto:timbl@info.cern.ch", &[]),
                ("mailto:a@b?subject=x&body=y", &[]),
                ("mailto:%22a%20b%22@c.org", &[]),
                ("mailto:a%40b@c", &["a%40b@c"]),
            ],
        );
    }
}
