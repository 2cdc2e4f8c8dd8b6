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

/// RFC 3986 §3.2.2 `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`:
/// the check `rfc3986` applies to a bracketed host (`rfc1738` keeps the
/// looser look of [`check`], the brackets being unsafe there anyway).
///
/// An IPv6 address may carry a zone ID (RFC 6874 §2, `[fe80::1%25eth0]`),
/// also with the bare `%` RFC 6874 §4 asks parsers to accept
/// (`[fe80::1%eth0]`, as written by `ip` and `ping`). An address with `x`
/// for hex digits (`[fe80::xxxx]`, `[fe80:928d:xxff:fexx:xxxx]`) is
/// redacted or a placeholder, not a typo.
pub fn ip_literal_fault(url: &str, range: Range<usize>) -> Option<Fault> {
    let host = url.get(range.clone())?;
    let inner = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    let ok = inner.is_some_and(|i| {
        let (addr, zone) = split_zone(i);
        (is_ipv6(addr) && zone.is_none_or(is_zone_id)) || is_ipvfuture(i) || is_redacted(i)
    });
    (!ok).then(|| {
        Fault::new(
            range,
            format!("`{host}` is not an IPv6 or IPvFuture address literal"),
        )
    })
}

/// The address and, after `%25` (or RFC 6874 §4's bare `%`), the zone ID.
pub fn split_zone(inner: &str) -> (&str, Option<&str>) {
    match inner.split_once('%') {
        Some((addr, zone)) => {
            // `%25` then a zone is the escaped form; `%25` alone is an
            // empty zone ID.
            let zone = zone.strip_prefix("25").unwrap_or(zone);
            (addr, Some(zone))
        }
        None => (inner, None),
    }
}

/// RFC 6874 `ZoneID = 1*( unreserved / pct-encoded )`.
fn is_zone_id(zone: &str) -> bool {
    !zone.is_empty()
        && super::escape::escapes(zone, 0..zone.len()).all(|e| e.value.is_some())
        && zone
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b))
}

/// Hex groups with `x` standing for digits, at least one `x`: a redacted
/// or placeholder address, however many groups are left.
fn is_redacted(inner: &str) -> bool {
    inner.bytes().any(|b| b == b'x' || b == b'X')
        && inner.split(':').all(|g| {
            g.len() <= 4
                && g.bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b'x' || b == b'X')
        })
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn is_ipvfuture(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((ver, tail)) = rest.split_once('.') else {
        return false;
    };
    !ver.is_empty()
        && ver.bytes().all(|b| b.is_ascii_hexdigit())
        && !tail.is_empty()
        && tail
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:".contains(&b))
}

/// An IPv6 address (RFC 4291 §2.2 text forms, as RFC 3986 §3.2.2 writes
/// them): eight 16-bit hex groups, one `::` standing for one or more zero
/// groups, and optionally a dotted-quad IPv4 address as the last 32 bits.
fn is_ipv6(s: &str) -> bool {
    let (head, tail, compressed) = match s.split_once("::") {
        Some((h, t)) => (h, t, true),
        None => (s, "", false),
    };
    if tail.contains("::") {
        return false;
    }
    let groups = |part: &str| -> Option<usize> {
        if part.is_empty() {
            return Some(0);
        }
        let pieces: Vec<&str> = part.split(':').collect();
        let mut n = 0;
        for (k, p) in pieces.iter().enumerate() {
            if k + 1 == pieces.len() && p.contains('.') {
                is_ipv4(p).then_some(())?;
                n += 2;
            } else if (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_hexdigit()) {
                n += 1;
            } else {
                return None;
            }
        }
        Some(n)
    };
    // An embedded IPv4 address may only end the address.
    if compressed && head.contains('.') {
        return false;
    }
    match (groups(head), groups(tail)) {
        (Some(h), Some(t)) if compressed => h + t <= 7,
        (Some(h), _) => h == 8,
        _ => false,
    }
}

fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            (1..=3).contains(&p.len())
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u16>().is_ok_and(|v| v <= 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ip_literals_under_rfc3986() {
        let ok = |h: &str| ip_literal_fault(h, 0..h.len()).is_none();
        for good in [
            "[::1]",
            "[::]",
            "[2001:db8::1]",
            "[2001:0db8:0000:0000:0000:ff00:0042:8329]",
            "[fe80::1:2]",
            "[::ffff:192.0.2.1]",
            "[1:2:3:4:5:6:7::]",
            "[v1.fe80::a+en1]",
        ] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "[zz]",
            "[::1",
            "[]",
            "[1:2:3:4:5:6:7:8:9]",
            "[1::2::3]",
            "[12345::]",
            "[1:2:3:4:5:6:7]",
            "[::ffff:300.0.2.1]",
            "[1.2.3.4::]",
            "[v.x]",
            "[vz.x]",
        ] {
            assert!(!ok(bad), "{bad}");
        }
    }

    #[test]
    fn zone_ids_and_redacted_addresses() {
        let ok = |h: &str| ip_literal_fault(h, 0..h.len()).is_none();
        // RFC 6874: `%25` then the zone; §4's bare `%` (curl's URL-SYNTAX.md,
        // curl(1)).
        for good in [
            "[fe80::3%25eth0]",
            "[fe80::1%eth0]",
            "[fe80::1%25en1.x~y]",
            "[fe80::1%25%41]",
            // curl's KNOWN_BUGS: a link-local address with digits hidden.
            "[fe80:928d:xxff:fexx:xxxx]",
            "[fe80::xxxx]",
        ] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "[fe80::1%]",
            "[fe80::1%25]",
            "[fe80::1%25eth/0]",
            "[fe80::1%zz%]",
            "[zz%25eth0]",
            "[::1%25eth0%2]",
            "[xyz]",
            "[fexxx::1]",
        ] {
            assert!(!ok(bad), "{bad}");
        }
    }

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
