//! `host = hostname | hostnumber` (RFC 1738 §3.1 and §5).
//!
//! A hostname is dot-separated labels of letters, digits and hyphens, each
//! starting and ending with a letter or digit; the top (rightmost) label
//! starts with a letter, which is what tells names from `hostnumber`s, four
//! dot-separated decimal groups (checked here to be octets, ≤ 255).

use std::ops::Range;

use super::{owned_elsewhere, Fault};

/// Check `url[range]` as a non-empty host.
pub fn check(url: &str, range: Range<usize>) -> Option<Fault> {
    let host = url.get(range.clone())?;
    if host.is_empty() {
        return Some(Fault::new(range, "the host is empty"));
    }
    if host.starts_with('[') {
        return ipv6_literal(host, range);
    }
    // A name written in another script is one finding, `non-ascii-character`'s.
    if !host.is_ascii() {
        return None;
    }
    let labels = || {
        host.split('.').scan(range.start, |at, label| {
            let r = *at..*at + label.len();
            *at += label.len() + 1;
            Some((label, r))
        })
    };
    let end = range.end;
    for (label, r) in labels() {
        if let Some(f) = label_fault(label, r, end) {
            return Some(f);
        }
    }
    let (top, top_range) = labels().last()?;
    if !top.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let all_digits = labels().all(|(l, _)| l.bytes().all(|b| b.is_ascii_digit()));
    if all_digits && labels().count() == 4 {
        for (label, r) in labels() {
            // Leading zeros are digits too; length guards the parse.
            let value = label.trim_start_matches('0');
            if value.len() > 3 || value.parse::<u16>().is_ok_and(|v| v > 255) {
                return Some(Fault::new(
                    r,
                    format!("`{label}` is over 255, so `{host}` is not an IP address"),
                ));
            }
        }
        return None;
    }
    Some(Fault::new(
        top_range,
        format!(
            "the top label `{top}` starts with a digit, but `{host}` is not a dotted-quad IP address"
        ),
    ))
}

fn label_fault(label: &str, r: Range<usize>, host_end: usize) -> Option<Fault> {
    if label.is_empty() {
        // Point at the dot: the one after, or for a trailing dot the one before.
        let at = if r.start < host_end {
            r.start..r.start + 1
        } else {
            r.start.saturating_sub(1)..r.start
        };
        return Some(Fault::new(
            at,
            "the host has an empty label (`..` or a dot at an end)",
        ));
    }
    if let Some(i) = label.bytes().position(|b| {
        !(b.is_ascii_alphanumeric() || b == b'-') && (b == b'%' || !owned_elsewhere(b))
    }) {
        let c = char::from(label.as_bytes()[i]);
        let why = if c == '%' {
            "a host name cannot be percent-encoded".to_string()
        } else {
            format!("`{c}` is not allowed in a host name (letters, digits and `-` only)")
        };
        return Some(Fault::new(r, format!("label `{label}`: {why}")));
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Some(Fault::new(
            r,
            format!("label `{label}` starts or ends with `-`"),
        ));
    }
    None
}

fn ipv6_literal(host: &str, range: Range<usize>) -> Option<Fault> {
    // `[` and `]` are `unsafe-character`'s; judge only what is inside.
    let inner = host.strip_prefix('[')?.strip_suffix(']');
    match inner {
        Some(inner)
            if !inner.is_empty()
                && inner
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.') =>
        {
            None
        }
        _ => Some(Fault::new(
            range,
            format!("`{host}` is not an IPv6 address literal"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(host: &str) -> Option<String> {
        check(host, 0..host.len()).map(|f| host[f.range].to_string())
    }

    #[test]
    fn accepts_names_and_dotted_quads() {
        for ok in [
            "a",
            "host.com",
            "vms.host.edu",
            "3com.com",
            "x-y.z9",
            "10.0.0.255",
            "010.0.0.1",
            "[::1]",
            "[2001:db8::1]",
            "b\u{fc}rger.de",
            "a~b.com",
        ] {
            assert_eq!(fault(ok), None, "{ok}");
        }
    }

    #[test]
    fn rejects_bad_labels_with_the_label_underlined() {
        let cases = [
            ("my_host.com", "my_host"),
            ("-a.com", "-a"),
            ("a-.com", "a-"),
            ("a..com", "."),
            ("a.com.", "."),
            ("example.3com", "3com"),
            ("1.2.3", "3"),
            ("1.2.3.4.5", "5"),
            ("256.1.1.1", "256"),
            ("1.1.1.1000", "1000"),
            ("h%41st.com", "h%41st"),
            ("[zz]", "[zz]"),
            ("[::1", "[::1"),
        ];
        for (host, bad) in cases {
            assert_eq!(fault(host).as_deref(), Some(bad), "{host}");
        }
    }
}
