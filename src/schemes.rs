//! The schemes urlint knows, shared by the scanner (what to find as a bare
//! URL) and the rules (`unknown-scheme`, `nondefault-port`, the per-scheme
//! grammars): one table, [`SCHEMES`], at the bottom of the stage order so
//! both can read it.

/// What the scheme of a URL is, decided once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemeKind {
    /// No scheme: a partial form.
    None,
    /// `ftp` (RFC 1738 §3.2).
    Ftp,
    /// `http` (§3.3).
    Http,
    /// `https`, validated as `http` with default port 443.
    Https,
    /// `gopher` (§3.4).
    Gopher,
    /// `mailto` (§3.5).
    Mailto,
    /// `news` (§3.6).
    News,
    /// `nntp` (§3.7).
    Nntp,
    /// `telnet` (§3.8).
    Telnet,
    /// `wais` (§3.9).
    Wais,
    /// `file` (§3.10).
    File,
    /// `prospero` (§3.11).
    Prospero,
    /// Known without a grammar here (RFC 1630's and §4's reserved names).
    Reserved,
    /// Added by configuration.
    Configured,
    /// Neither known nor configured.
    Unknown,
}

/// One known scheme: everything the scanner (what to find as a bare URL)
/// and the rules (its grammar, its default port) know about it.
#[derive(Debug, Clone, Copy)]
pub struct SchemeInfo {
    /// Lower case; matching is case-insensitive.
    pub name: &'static str,
    /// Which grammar judges it.
    pub kind: SchemeKind,
    /// The port RFC 1738 gives it (`https`: 443), if any.
    pub default_port: Option<u16>,
    /// Its URLs always continue with a `/` after the colon: RFC 1738's
    /// `scheme://host/...` schemes (and `file:/path`), and the reserved
    /// names of the same family (`afs`, `nfs`, `tn3270`).
    pub slashed: bool,
}

const fn scheme(
    name: &'static str,
    kind: SchemeKind,
    default_port: Option<u16>,
    slashed: bool,
) -> SchemeInfo {
    SchemeInfo {
        name,
        kind,
        default_port,
        slashed,
    }
}

/// The schemes found as bare URLs without configuration, the one table:
/// RFC 1738's (section 3), RFC 1630's additions, the names RFC 1738
/// section 4 reserves, and `https` (validated as `http`).
pub const SCHEMES: &[SchemeInfo] = &[
    scheme("ftp", SchemeKind::Ftp, Some(21), true),
    scheme("http", SchemeKind::Http, Some(80), true),
    scheme("gopher", SchemeKind::Gopher, Some(70), true),
    scheme("mailto", SchemeKind::Mailto, None, false),
    scheme("news", SchemeKind::News, None, false),
    scheme("nntp", SchemeKind::Nntp, Some(119), true),
    scheme("telnet", SchemeKind::Telnet, Some(23), true),
    scheme("wais", SchemeKind::Wais, Some(210), true),
    scheme("file", SchemeKind::File, None, true),
    scheme("prospero", SchemeKind::Prospero, Some(1525), true),
    scheme("mid", SchemeKind::Reserved, None, false),
    scheme("cid", SchemeKind::Reserved, None, false),
    scheme("urn", SchemeKind::Reserved, None, false),
    scheme("afs", SchemeKind::Reserved, None, true),
    scheme("nfs", SchemeKind::Reserved, None, true),
    scheme("tn3270", SchemeKind::Reserved, Some(23), true),
    scheme("mailserver", SchemeKind::Reserved, None, false),
    scheme("z39.50", SchemeKind::Reserved, None, false),
    scheme("https", SchemeKind::Https, Some(443), true),
];

/// The names of [`SCHEMES`], in its order (the scanner's trigger words).
pub const KNOWN: [&str; SCHEMES.len()] = {
    let mut names = [""; SCHEMES.len()];
    let mut i = 0;
    while i < SCHEMES.len() {
        names[i] = SCHEMES[i].name;
        i += 1;
    }
    names
};

/// What [`SCHEMES`] says of `scheme`, ignoring ASCII case.
pub fn info(scheme: &str) -> Option<&'static SchemeInfo> {
    SCHEMES.iter().find(|s| s.name.eq_ignore_ascii_case(scheme))
}

/// Whether `scheme` is in [`SCHEMES`] and [`SchemeInfo::slashed`],
/// ignoring ASCII case.
pub fn is_slashed(scheme: &[u8]) -> bool {
    SCHEMES
        .iter()
        .any(|s| s.slashed && s.name.as_bytes().eq_ignore_ascii_case(scheme))
}

/// IANA's URI scheme registry (permanent, provisional and historical) and a
/// few unregistered schemes of well-known software, as data with its source
/// and date: one lower-case name a line, `#` comments.
const REGISTRY: &str = include_str!("rules/style/iana-schemes.txt");

/// Whether `scheme` is in the registry data, ignoring ASCII case.
///
/// `check` asks this of every URL (`unknown-scheme`, the typo finder): a
/// binary search over the names, sorted once, instead of reading the
/// hundreds of lines of the data each time.
pub fn is_registered(scheme: &str) -> bool {
    static NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut names: Vec<&str> = REGISTRY
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::trim)
            .collect();
        names.sort_unstable_by(|a, b| cmp_ignore_ascii_case(a, b));
        names
    });
    NAMES
        .binary_search_by(|name| cmp_ignore_ascii_case(name, scheme))
        .is_ok()
}

/// Order `a` and `b` as their ASCII-lower-cased forms, without making them.
fn cmp_ignore_ascii_case(a: &str, b: &str) -> std::cmp::Ordering {
    let a = a.bytes().map(|c| c.to_ascii_lowercase());
    a.cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
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
    // A key held down (`hhhttps`, `htttp`): a run of three or more of one
    // letter counts as two, then one slip more is allowed as usual.
    let mut held = Vec::with_capacity(lower.len());
    for &c in lower.as_bytes() {
        if held.len() >= 2 && held[held.len() - 1] == c && held[held.len() - 2] == c {
            continue;
        }
        held.push(c);
    }
    let squeezed = held.len() < lower.len();
    let targets = || TYPO_TARGETS.iter().copied();
    targets()
        .find(|t| squeezed && held == t.as_bytes())
        .or_else(|| {
            targets().find(|t| {
                one_edit(lower.as_bytes(), t.as_bytes())
                    || (squeezed && one_edit(&held, t.as_bytes()))
            })
        })
}

/// Whether the typed `a` is one slip from `b`: a letter dropped (`htp`),
/// a letter doubled (`hhttps`, `httpss`), two neighbours swapped (`fpt`), or
/// one letter changed to another after the first in a word of four or more
/// (`htpp`).
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
            // A letter, not a digit: `http4://` and `http6://` are ELinks'
            // schemes for IPv4 and IPv6 (as IANA's `irc6` is IRC's).
            let change = p > 0 && a.len() >= 4 && ra[0].is_ascii_alphabetic() && ra[1..] == rb[1..];
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
    info(scheme).is_some()
}

/// The default port of a scheme with a `//host:port` part (RFC 1738 section 3;
/// 443 for https), or `None` where the scheme has no default.
pub fn default_port(scheme: &str) -> Option<u16> {
    info(scheme)?.default_port
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
            ("hhhttps", "https"),
            ("htttp", "http"),
            ("htttps", "https"),
        ] {
            assert_eq!(near_miss(word, &[]), Some(want), "{word}");
        }
        for word in [
            "http",
            "https",
            "ftp",
            "sftp",
            "ftps",
            "tftp",
            "shttp",
            "rtsp",
            "ssh",
            "git",
            "hxxp",
            "hxxps",
            "tp",
            "file",
            "news",
            "xhttp",
            "fsp",
            "sip",
            "fxp",
            "https2",
            "http4",
            "http6",
            "ftp6",
            "hhhhttpsx",
            "ssssh",
        ] {
            assert_eq!(near_miss(word, &[]), None, "{word}");
        }
        assert_eq!(near_miss("htps", &["htps".to_string()]), None);
        // Hadoop's `hftp://namenode:50070/…` is no `http` mistyped.
        assert_eq!(near_miss("hftp", &[]), None);
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
            "hftp",
            "webhdfs",
        ] {
            assert!(is_registered(s), "{s}");
        }
        for s in ["htp", "", "source:", "# IANA"] {
            assert!(!is_registered(s), "{s}");
        }
    }

    #[test]
    fn the_sorted_lookup_finds_every_name_of_the_data_in_any_case() {
        for name in REGISTRY.lines().filter(|l| !l.starts_with('#')) {
            let name = name.trim();
            assert!(is_registered(name), "{name}");
            assert!(is_registered(&name.to_ascii_uppercase()), "{name}");
            assert!(!is_registered(&format!("{name}~")), "{name}~");
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
    fn one_table_says_kind_port_and_slashes() {
        assert_eq!(KNOWN.len(), SCHEMES.len());
        assert_eq!(info("HTTPS").map(|s| s.kind), Some(SchemeKind::Https));
        assert_eq!(info("z39.50").map(|s| s.kind), Some(SchemeKind::Reserved));
        assert!(is_slashed(b"TN3270") && !is_slashed(b"mailto") && !is_slashed(b"sftp"));
    }

    #[test]
    fn default_ports_follow_rfc_1738() {
        assert_eq!(default_port("gopher"), Some(70));
        assert_eq!(default_port("HTTPS"), Some(443));
        assert_eq!(default_port("mailto"), None);
    }
}
