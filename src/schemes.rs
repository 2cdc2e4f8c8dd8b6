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
