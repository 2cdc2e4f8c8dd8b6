//! `unsafe-character` and `non-ascii-character`: characters RFC 1738 §2.2
//! says "must always be encoded".

use std::fmt::Write;
use std::ops::Range;

use crate::rules::{declare_rule, Severity};
use crate::validate::grammar::is_unsafe;
use crate::validate::{Cx, Report};

declare_rule! {
    /// ## What it does
    /// Finds unencoded unsafe characters: space, `< > " { } | \ ^ ~ [ ]`,
    /// backquote, control characters, and a `#` other than the one that
    /// starts the fragment.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.2: these characters get changed by gateways and transport
    /// agents, vary between national character sets, or delimit URLs in
    /// text, so "all unsafe characters must always be encoded". `~` is in
    /// the list too, though common in `~user` paths: write `%7E` to be safe.
    /// An IPv6 literal `[::1]` (RFC 2732, later than RFC 1738) is reported
    /// once, as a whole.
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
        summary: "unencoded space, `< > \" { } | \\ ^ ~ [ ]`, backquote, stray `#`, or control character",
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
    /// every tool that reads URLs.
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
    let ipv6 = cx
        .parts
        .authority
        .as_ref()
        .map(|a| a.host.clone())
        .filter(|h| b.get(h.start) == Some(&b'['));
    if let Some(h) = &ipv6 {
        out.at(
            h.clone(),
            format!(
                "IPv6 literal `{}`: `[` and `]` are unsafe in RFC 1738 (IPv6 literals come from RFC 2732)",
                cx.text(h.clone())
            ),
        );
    }
    let bad = |i: usize| {
        let c = b[i];
        let skip = ipv6.as_ref().is_some_and(|h| h.contains(&i));
        !skip
            && c.is_ascii()
            && ((c == b'#' && Some(i) != fragment_hash) || is_unsafe(char::from(c)))
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

/// Runs of non-ASCII characters.
pub fn check_non_ascii(cx: &Cx<'_>, out: &mut Report<'_>) {
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
        let mut encoded = String::new();
        for byte in text.bytes() {
            let _ = write!(encoded, "%{byte:02X}");
        }
        out.at_with_help(
            start..end,
            format!("`{text}` is not US-ASCII and must be encoded"),
            format!("write {encoded} (its UTF-8 octets; RFC 1738 §2.2)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::validate::testutil::{cand, diagnostics, table};

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
        let msgs: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::UnsafeCharacter)
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            msgs,
            [
                "unsafe character `\\` must be encoded",
                "unsafe character `\\t` must be encoded"
            ]
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
