//! The schemes urlint knows, shared by the scanner (what to find as a bare
//! URL) and the validator (`unknown-scheme`, `nondefault-port`).

/// Schemes found as bare URLs without configuration: RFC 1738's
/// (section 3), RFC 1630's additions, the names RFC 1738 section 4 reserves,
/// and `https`. Lower case; matching is case-insensitive.
pub const KNOWN: &[&str] = &[
    "ftp",
    "http",
    "gopher",
    "mailto",
    "news",
    "nntp",
    "telnet",
    "wais",
    "file",
    "prospero",
    "mid",
    "cid",
    "urn",
    "afs",
    "nfs",
    "tn3270",
    "mailserver",
    "z39.50",
    "https",
];

/// Known schemes whose URLs always continue with a `/` after the colon:
/// RFC 1738's `scheme://host/...` schemes (and `file:/path`), and the
/// reserved names of the same family (`afs`, `nfs`, `tn3270`).
pub const SLASHED: &[&str] = &[
    "ftp", "http", "https", "gopher", "telnet", "wais", "file", "prospero", "nntp", "afs", "nfs",
    "tn3270",
];

/// Whether `scheme` is one of [`SLASHED`], ignoring ASCII case.
pub fn is_slashed(scheme: &[u8]) -> bool {
    SLASHED
        .iter()
        .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
}

/// IANA's URI scheme registry (permanent, provisional and historical) and a
/// few unregistered schemes of well-known software, as data with its source
/// and date: one lower-case name a line, `#` comments.
const REGISTRY: &str = include_str!("rules/style/iana-schemes.txt");

/// Whether `scheme` is in the registry data, ignoring ASCII case.
pub fn is_registered(scheme: &str) -> bool {
    REGISTRY
        .lines()
        .filter(|l| !l.starts_with('#'))
        .any(|l| l.trim().eq_ignore_ascii_case(scheme))
}

/// The registry data, as written (for tests).
#[cfg(test)]
pub fn registry_text() -> &'static str {
    REGISTRY
}

/// The schemes whose near misses are `misspelled-scheme`: the ones people
/// type most, longest first so `htps` reads as `https`.
const TYPO_TARGETS: &[&str] = &["https", "http", "ftp"];

/// The common scheme `word` is one slip away from (one letter added,
/// dropped, changed, or two swapped: `htp`, `hhttps`, `httpss`, `fpt`), or
/// `None` when it is that scheme, a registered or configured scheme
/// (`sftp`, `ftps`, `shttp`), or too short to tell.
pub fn near_miss(word: &str, extra: &[String]) -> Option<&'static str> {
    if word.len() < 3
        || !word.bytes().all(|b| b.is_ascii_alphanumeric())
        || is_known(word)
        || is_registered(word)
        || extra.iter().any(|e| e.eq_ignore_ascii_case(word))
    {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    TYPO_TARGETS
        .iter()
        .copied()
        .find(|t| one_edit(lower.as_bytes(), t.as_bytes()))
}

/// Whether the typed `a` is one slip from `b`: a letter dropped (`htp`),
/// a letter doubled (`hhttps`, `httpss`), two neighbours swapped (`fpt`), or
/// one letter changed after the first in a word of four or more (`htpp`).
/// Other insertions and first-letter changes are left out: `xhttp`, `fsp`
/// and `sip` are words or schemes of their own far more often than typos.
fn one_edit(a: &[u8], b: &[u8]) -> bool {
    if a == b || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[p..], &b[p..]);
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => {
            let swap = ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..];
            let change = p > 0 && a.len() >= 4 && ra[1..] == rb[1..];
            swap || change
        }
        std::cmp::Ordering::Less => ra == &rb[1..],
        std::cmp::Ordering::Greater => {
            let doubled = (p > 0 && a[p] == a[p - 1]) || a.get(p + 1) == Some(&a[p]);
            doubled && &ra[1..] == rb
        }
    }
}

/// Whether `scheme` is one of [`KNOWN`], ignoring ASCII case.
pub fn is_known(scheme: &str) -> bool {
    KNOWN.iter().any(|k| k.eq_ignore_ascii_case(scheme))
}

/// The default port of a scheme with a `//host:port` part (RFC 1738 section 3;
/// 443 for https), or `None` where the scheme has no default.
pub fn default_port(scheme: &str) -> Option<u16> {
    let port = match scheme.to_ascii_lowercase().as_str() {
        "ftp" => 21,
        "http" => 80,
        "https" => 443,
        "gopher" => 70,
        "nntp" => 119,
        "telnet" | "tn3270" => 23,
        "wais" => 210,
        "prospero" => 1525,
        _ => return None,
    };
    Some(port)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_of_common_schemes() {
        for (word, want) in [
            ("htp", "http"),
            ("ttps", "https"),
            ("hhttps", "https"),
            ("httpss", "https"),
            ("htps", "https"),
            ("HTPP", "http"),
            ("fpt", "ftp"),
            ("hhttp", "http"),
        ] {
            assert_eq!(near_miss(word, &[]), Some(want), "{word}");
        }
        for word in [
            "http", "https", "ftp", "sftp", "ftps", "tftp", "shttp", "rtsp", "ssh", "git", "hxxp",
            "hxxps", "tp", "file", "news", "xhttp", "fsp", "sip", "fxp", "https2",
        ] {
            assert_eq!(near_miss(word, &[]), None, "{word}");
        }
        assert_eq!(near_miss("htps", &["htps".to_string()]), None);
    }

    #[test]
    fn registry_knows_registered_and_common_schemes() {
        for s in [
            "ssh",
            "git",
            "rdar",
            "SPOTIFY",
            "ms-settings",
            "z39.50r",
            "svn+ssh",
        ] {
            assert!(is_registered(s), "{s}");
        }
        for s in ["htp", "", "source:", "# IANA"] {
            assert!(!is_registered(s), "{s}");
        }
    }

    #[test]
    fn known_is_case_insensitive_and_exact() {
        assert!(is_known("HTTP"));
        assert!(is_known("z39.50"));
        assert!(!is_known("htt"));
        assert!(!is_known("javascript"));
    }

    #[test]
    fn default_ports_follow_rfc_1738() {
        assert_eq!(default_port("gopher"), Some(70));
        assert_eq!(default_port("HTTPS"), Some(443));
        assert_eq!(default_port("mailto"), None);
    }
}
