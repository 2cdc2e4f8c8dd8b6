//! A URL as the rules see it: split once into [`Parts`], its scheme
//! classified, judged by a [`Standard`]; with the shared grammar checks
//! (`grammar`: host, port, escapes, addr-spec) the per-scheme rules build on.
//!
//! This stage knows the URL and the candidate it came from, never a rule:
//! rules (the next stage) decide what a fault is called and how bad it is.
//!
//! The shared syntax is judged by a [`Standard`]: `rfc3986` (the default,
//! current practice) or `rfc1738` (the letter of the seeds). Under `rfc1738`:
//!
//! Judgement calls, each from the RFC text:
//! - `~`, `|` and `[ ]` are unsafe (RFC 1738 §2.2, as the README lists them);
//!   an IPv6 literal `[::1]` (RFC 2732, later) is one finding, not two.
//! - The first `#` delimits the fragment (RFC 1630); any later `#` is unsafe.
//! - An empty port (`http://h:/`) is `invalid-port`: the BNF says
//!   `port = digits` and §3.1 "If the port is omitted, the colon is as well".
//! - An empty password (`ftp://foo:@host.com/`, shown valid in §3.1) is not
//!   `password-in-url`: it keeps nothing secret.
//! - `unnecessary-escape` spares `%2B` in a query, where RFC 1630 makes `+`
//!   mean space.
//! - Host and port are judged only for the schemes RFC 1738 gives `//host`
//!   (and `https`); `s3://my_bucket` is not ours to judge. A non-ASCII host
//!   is `non-ascii-character`'s alone.
//! - `mailto:` header fields after `?` (RFC 6068) are not judged.
//!
//! Under `rfc3986` the same, except: `~` is unreserved; `[...]` around a
//! host is an IP-literal, valid when it holds an IPv6 or `IPvFuture` address;
//! an empty port is allowed; a user name may stand in any `//authority`; and
//! `nondefault-port`, `password-in-url` and `userinfo-not-allowed` spare the
//! hosts reserved for documentation, as `password-in-url` spares placeholder
//! passwords (see [`standard`]), and a URL the words right before it call
//! wrong (`Incorrect: file:///a%.c`, "an invalid URL such as ...") is an
//! example of its fault: no rule reports it.

pub mod grammar;
pub mod parts;
pub mod punycode;
pub mod standard;

use std::ops::Range;

pub use parts::{Authority, Parts};
pub use standard::Standard;

use crate::scan::Candidate;
use crate::schemes;

pub use crate::schemes::SchemeKind;

impl SchemeKind {
    fn classify(scheme: &str, extra: &[String]) -> SchemeKind {
        if let Some(info) = schemes::info(scheme) {
            info.kind
        } else if extra.iter().any(|e| e.eq_ignore_ascii_case(scheme)) {
            SchemeKind::Configured
        } else {
            SchemeKind::Unknown
        }
    }

    /// Whether the scheme uses RFC 1738 §3.1's `//host:port` (so its host and
    /// port are checked). Unknown schemes are not judged by it: `s3://my_bucket`
    /// follows its own rules.
    pub fn has_ip_authority(self) -> bool {
        matches!(
            self,
            SchemeKind::Ftp
                | SchemeKind::Http
                | SchemeKind::Https
                | SchemeKind::Gopher
                | SchemeKind::Nntp
                | SchemeKind::Telnet
                | SchemeKind::Wais
                | SchemeKind::File
                | SchemeKind::Prospero
        )
    }
}

/// What a rule's check sees.
#[derive(Debug)]
pub struct Cx<'a> {
    /// The candidate being checked.
    pub cand: &'a Candidate,
    /// `cand.url`.
    pub url: &'a str,
    /// The URL split into parts.
    pub parts: Parts,
    /// What its scheme is.
    pub scheme: SchemeKind,
    /// The standard judging the shared syntax.
    pub standard: Standard,
}

impl<'a> Cx<'a> {
    /// Split and classify `cand`.
    pub fn new(cand: &'a Candidate, extra_schemes: &[String], standard: Standard) -> Cx<'a> {
        let parts = Parts::parse(&cand.url);
        let scheme = parts.scheme.clone().map_or(SchemeKind::None, |r| {
            SchemeKind::classify(&cand.url[r], extra_schemes)
        });
        Cx {
            cand,
            url: &cand.url,
            parts,
            scheme,
            standard,
        }
    }

    /// Whether the URL's host is a documentation or local name (RFC 2606,
    /// RFC 6761, RFC 5737, RFC 3849, loopback) that `rfc3986` treats as an
    /// example; always `false` under `rfc1738`, which judges every host alike.
    pub fn is_example(&self) -> bool {
        self.standard == Standard::Rfc3986
            && self
                .parts
                .authority
                .as_ref()
                .is_some_and(|a| standard::is_example_host(self.text(a.host.clone())))
    }

    /// The URL text of `range`.
    pub fn text(&self, range: Range<usize>) -> &'a str {
        self.url.get(range).unwrap_or("")
    }

    /// The character the input has right after the candidate, when its
    /// excerpt was kept (`check` keeps one).
    pub fn source_after(&self) -> Option<char> {
        self.source_rest()?.chars().next()
    }

    /// The kept excerpt's text from the candidate's end on (`check` keeps one).
    pub fn source_rest(&self) -> Option<&'a str> {
        let e = self.cand.excerpt.as_ref()?;
        let at = self.cand.span.end.offset.checked_sub(e.start_offset)?;
        e.text.get(usize::try_from(at).ok()?..)
    }

    /// The kept excerpt's text before the candidate (`check` keeps one).
    pub fn source_head(&self) -> Option<&'a str> {
        let e = self.cand.excerpt.as_ref()?;
        let at = self.cand.span.start.offset.checked_sub(e.start_offset)?;
        e.text.get(..usize::try_from(at).ok()?)
    }

    /// The character the input has right before the candidate, when its
    /// excerpt was kept (`check` keeps one).
    pub fn source_before(&self) -> Option<char> {
        self.source_head()?.chars().next_back()
    }

    /// Whether the host is one of `domains` (lower case) or a name under
    /// one (`www.youtube.com` under `youtube.com`), in any case.
    pub fn host_within(&self, domains: &[&str]) -> bool {
        let Some(a) = &self.parts.authority else {
            return false;
        };
        let host = self.text(a.host.clone()).as_bytes();
        domains.iter().any(|d| {
            host.len() >= d.len() && {
                let (head, tail) = host.split_at(host.len() - d.len());
                tail.eq_ignore_ascii_case(d.as_bytes()) && (head.is_empty() || head.ends_with(b"."))
            }
        })
    }

    /// Whether the URL follows `--unix-socket` on its line (`curl
    /// --unix-socket /var/run/docker.sock http:/v1.40/info`): the socket is
    /// the server, and documentation leaves the host out.
    pub fn after_unix_socket(&self) -> bool {
        self.line_head().contains("--unix-socket")
    }

    /// Whether the URL is an argument of a command that copies to or from a
    /// container or host named before a `:` (`docker cp a.pem
    /// http:/Mythic/c2.pem`, into the container named `http`; `kubectl cp`,
    /// `scp`, `rsync`): a name and a path, no scheme.
    pub fn in_copy_command(&self) -> bool {
        // The command starts the line (after a prompt or `sudo`), and no
        // other command or a comment starts before the URL.
        let line = self.line_head().trim_start();
        let line = line.strip_prefix("$ ").unwrap_or(line).trim_start();
        let line = line.strip_prefix("sudo ").unwrap_or(line);
        [
            "docker cp ",
            "docker container cp ",
            "podman cp ",
            "kubectl cp ",
            "scp ",
            "rsync ",
        ]
        .iter()
        .any(|c| line.starts_with(c))
            && !line.contains(['`', ';', '|', '#'])
            && !line.contains("&&")
    }

    /// Whether the URL is glued after a `:` that ends the fourth field or a
    /// later one of a colon-separated record: passwd's
    /// `ftp:*:99:99::0:0:FTP:/cdrom:/nonexistent`, whose `FTP:/cdrom` is a
    /// user's name and home, no scheme. (`Homepage:http:/a.example` is a
    /// label and a URL, its typo reported.)
    pub fn in_colon_record(&self) -> bool {
        let line = self.line_head();
        self.source_before() == Some(':')
            && line.matches(':').count() >= 4
            && !line.trim_start().contains(char::is_whitespace)
    }

    /// The text of the URL's line before it, as far as the excerpt holds.
    fn line_head(&self) -> &'a str {
        let before = self.source_head().unwrap_or("");
        before.rsplit('\n').next().unwrap_or(before)
    }

    /// The input's own text at `span`, when the candidate's excerpt holds
    /// it (`check` keeps one).
    pub fn source_text(&self, span: crate::span::Span) -> Option<&'a str> {
        let e = self.cand.excerpt.as_ref()?;
        let from = usize::try_from(span.start.offset.checked_sub(e.start_offset)?).ok()?;
        let to = usize::try_from(span.end.offset.checked_sub(e.start_offset)?).ok()?;
        e.text.get(from..to)
    }

    /// The scheme as written, or `""`.
    pub fn scheme_str(&self) -> &'a str {
        self.parts.scheme.clone().map_or("", |r| self.text(r))
    }
}
