//! `unsafe-character` and `non-ascii-character`: characters RFC 1738 §2.2
//! says "must always be encoded".

use std::fmt::Write;
use std::ops::Range;

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::is_unsafe;
use crate::validate::{punycode, Cx, Report, Standard};

declare_rule! {
    /// ## What it does
    /// Finds unencoded unsafe characters: space, `< > " { } | \ ^ ~ [ ]`,
    /// backquote, control characters, and a `#` other than the one that
    /// starts the fragment.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.2: these characters get changed by gateways and transport
    /// agents, vary between national character sets, or delimit URLs in
    /// text, so "all unsafe characters must always be encoded". RFC 1738
    /// lists `~` too, though common in `~user` paths; RFC 3986 made it
    /// unreserved (see Standards).
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) `~` is unreserved and not reported, and
    /// the brackets around an IP-literal host (`http://[::1]/`) are part of
    /// the host (whose address `invalid-host` checks); `[` and `]` anywhere
    /// else are still reported. A `#` inside the fragment is allowed, as
    /// browsers (the WHATWG URL standard) and `https://matrix.to/#/#room`
    /// links have it. Under `rfc1738` `~` is unsafe (write `%7E`),
    /// and an IPv6 literal `[::1]` (RFC 2732, later than RFC 1738) is
    /// reported once, as a whole.
    ///
    /// ## Example
    /// `http://host/a|b`
    ///
    /// Use instead: `http://host/a%7Cb`
    pub static UNSAFE_CHARACTER = {
        name: "unsafe-character",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.2",
        summary: "unencoded space, `< > \" { } | \\ ^ [ ]`, backquote, stray `#`, or control character; `~` too under rfc1738",
        example: "http://host/a|b",
        ok_example: "http://host/a%7Cb#frag",
        help: "percent-encode it (RFC 1738 §2.2)",
    }
}

declare_rule! {
    /// ## What it does
    /// Finds characters beyond US-ASCII written unencoded.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.2 only lets graphic US-ASCII characters stand for
    /// themselves; RFC 1630 lists "all 8bit characters beyond DEL" as unsafe.
    /// An IRI like `http://www.bürgerentscheid.de` works in browsers but not in
    /// every tool that reads URLs. In a host the fix is the name's IDNA
    /// A-label (`xn--...`, punycode, RFC 3492), which the help line gives;
    /// elsewhere it is the UTF-8 octets, percent-encoded.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`: both are ASCII-only (RFC 3987
    /// IRIs are a separate standard).
    ///
    /// ## Example
    /// `http://host/café`
    ///
    /// Use instead: `http://host/caf%C3%A9` (the UTF-8 octets, encoded).
    pub static NON_ASCII_CHARACTER = {
        name: "non-ascii-character",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.2; RFC 1630 Unsafe characters",
        summary: "a character beyond US-ASCII, unencoded",
        example: "http://host/caf\u{e9}",
        ok_example: "http://host/caf%C3%A9",
        help: "percent-encode its UTF-8 octets (RFC 1738 §2.2)",
    }
}

/// Runs of unsafe characters (and stray `#`s), IPv6 literals as one finding.
pub fn check_unsafe(cx: &Cx<'_>, out: &mut Report<'_>) {
    let b = cx.url.as_bytes();
    let fragment_hash = cx.parts.fragment.as_ref().map(|f| f.start - 1);
    let rfc1738 = cx.standard == Standard::Rfc1738;
    let ipv6 = cx
        .parts
        .authority
        .as_ref()
        .map(|a| a.host.clone())
        .filter(|h| b.get(h.start) == Some(&b'['));
    if let Some(h) = ipv6.as_ref().filter(|_| rfc1738) {
        // Encoding the brackets would break the address: the help says
        // what the choice really is.
        out.at_with_help(
            h.clone(),
            format!(
                "IPv6 literal `{}`: `[` and `]` are unsafe in RFC 1738 (IPv6 literals come from RFC 2732)",
                cx.text(h.clone())
            ),
            "use a host name, or judge by `--standard rfc3986`, where `[...]` is an IP-literal host (RFC 3986 §3.2.2)".to_string(),
        );
    }
    let bad = |i: usize| {
        let c = b[i];
        let skip = ipv6.as_ref().is_some_and(|h| h.contains(&i)) || (c == b'~' && !rfc1738);
        !skip
            && c.is_ascii()
            && ((c == b'#'
                && Some(i) != fragment_hash
                && (rfc1738 || fragment_hash.is_none_or(|h| i < h)))
                || is_unsafe(char::from(c)))
    };
    let mut i = 0;
    while i < b.len() {
        if !bad(i) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && bad(i) {
            i += 1;
        }
        report_run(cx, out, start..i);
    }
}

fn report_run(cx: &Cx<'_>, out: &mut Report<'_>, run: Range<usize>) {
    let text = cx.text(run.clone());
    let mut shown = String::new();
    let mut encoded = String::new();
    for c in text.chars() {
        // Spell out control characters; `\` itself stays one backslash.
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
        let _ = write!(encoded, "%{:02X}", c as u32);
    }
    let what = if text.len() == 1 {
        "unsafe character"
    } else {
        "unsafe characters"
    };
    let message = if text == "#" {
        "a second `#`: only the first one starts the fragment".to_string()
    } else {
        format!("{what} `{shown}` must be encoded")
    };
    out.at_with_help(run, message, format!("write {encoded} (RFC 1738 §2.2)"));
}

/// Runs of non-ASCII characters; in a host, the help gives its A-label.
pub fn check_non_ascii(cx: &Cx<'_>, out: &mut Report<'_>) {
    let host = cx.parts.authority.as_ref().map(|a| a.host.clone());
    let a_label = host
        .clone()
        .and_then(|h| punycode::host_to_ascii(cx.text(h)));
    let mut chars = cx.url.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_ascii() {
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some((i, c)) = chars.next_if(|(_, c)| !c.is_ascii()) {
            end = i + c.len_utf8();
        }
        let text = cx.text(start..end);
        let in_host = host.as_ref().is_some_and(|h| h.contains(&start));
        let help = match &a_label {
            Some(a) if in_host => {
                format!("write the host as its IDNA A-label `{a}` (punycode, RFC 3492)")
            }
            _ => {
                let mut encoded = String::new();
                for byte in text.bytes() {
                    let _ = write!(encoded, "%{byte:02X}");
                }
                format!("write {encoded} (its UTF-8 octets; RFC 1738 §2.2)")
            }
        };
        out.at_with_help(
            start..end,
            format!("`{text}` is not US-ASCII and must be encoded"),
            help,
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_inside_the_fragment_is_fine_under_rfc3986() {
        use crate::validate::testutil::{table_3986, underlined_with};
        use crate::validate::Standard;
        let url = "https://matrix.to/#/#tldr-pages:matrix.org";
        table_3986(
            crate::rules::Rule::UnsafeCharacter,
            &[(url, &[]), ("https://a.example/a#b|c", &["|"])],
        );
        assert_eq!(
            underlined_with(url, crate::rules::Rule::UnsafeCharacter, Standard::Rfc1738),
            ["#"]
        );
    }

    use crate::rules::Rule;
    use crate::validate::testutil::{cand, diagnostics, diagnostics_with, table, table_3986};
    use crate::validate::Standard;

    #[test]
    fn unsafe_character_under_rfc3986() {
        table_3986(
            Rule::UnsafeCharacter,
            &[
                ("http://host/~user/", &[]),
                ("http://[::1]:80/a", &[]),
                ("http://[2001:db8::1]/", &[]),
                ("http://h/[x]", &["[", "]"]),
                ("http://host/a|b~c", &["|"]),
                ("http://host/a b", &[" "]),
            ],
        );
    }

    #[test]
    fn ipv6_help_never_says_percent_encode() {
        for standard in [Standard::Rfc1738, Standard::Rfc3986] {
            for d in diagnostics_with(&cand("http://[::1]:80/a"), standard) {
                assert!(!d.help.contains("percent-encode"), "{standard}: {d:?}");
                assert!(!d.help.contains("%5B"), "{standard}: {d:?}");
            }
        }
    }

    #[test]
    fn idn_host_help_is_the_a_label() {
        let d = diagnostics(&cand("http://www.b\u{fc}cher.example/caf\u{e9}"));
        let d: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::NonAsciiCharacter)
            .collect();
        // One diagnostic for the URL; the path's `é` is a label with its own fix.
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].help.contains("`www.xn--bcher-kva.example`"),
            "{}",
            d[0].help
        );
        assert_eq!(d[0].labels.len(), 1);
        assert!(
            d[0].labels[0].message.contains("%C3%A9"),
            "{:?}",
            d[0].labels
        );
    }

    #[test]
    fn unsafe_character() {
        table(
            Rule::UnsafeCharacter,
            &[
                ("http://host/a|b", &["|"]),
                ("http://host/~user/", &["~"]),
                ("http://host/a b{}c", &[" ", "{}"]),
                ("http://host/a\\b^c`d", &["\\", "^", "`"]),
                ("http://host/a#b#c", &["#"]),
                ("http://host/a\tb", &["\t"]),
                ("http://[::1]:80/a", &["[::1]"]),
                ("http://h/[x]", &["[", "]"]),
                ("http://host/a%7Cb#frag", &[]),
                ("http://host/a?x=1&y=2;z", &[]),
                ("http://host/it's(ok)!*,$+", &[]),
            ],
        );
    }

    #[test]
    fn unsafe_character_help_names_the_encoding() {
        let d = diagnostics(&cand("http://host/~me"));
        let d = d.iter().find(|d| d.rule == Rule::UnsafeCharacter).unwrap();
        assert!(d.help.contains("%7E"), "{}", d.help);
        assert_eq!(d.message, "unsafe character `~` must be encoded");
        let d = diagnostics(&cand("http://host/a\\b\tc"));
        let d: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::UnsafeCharacter)
            .collect();
        assert_eq!(d.len(), 1, "one rule reports a URL once");
        assert_eq!(d[0].message, "unsafe character `\\` must be encoded");
        let labels: Vec<_> = d[0].labels.iter().map(|l| l.message.as_str()).collect();
        assert_eq!(
            labels,
            ["unsafe character `\\t` must be encoded; write %09 (RFC 1738 §2.2)"]
        );
    }

    #[test]
    fn non_ascii_character() {
        table(
            Rule::NonAsciiCharacter,
            &[
                ("http://www.b\u{fc}rgerentscheid.de/", &["\u{fc}"]),
                (
                    "http://h/\u{65e5}\u{672c}x\u{e9}",
                    &["\u{65e5}\u{672c}", "\u{e9}"],
                ),
                ("http://h/caf%C3%A9", &[]),
            ],
        );
        let d = diagnostics(&cand("http://h/\u{e9}"));
        let d = d
            .iter()
            .find(|d| d.rule == Rule::NonAsciiCharacter)
            .unwrap();
        assert!(d.help.contains("%C3%A9"), "{}", d.help);
    }
}
