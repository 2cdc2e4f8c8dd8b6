//! Inputs for urlint's benchmarks, generated so every machine measures the same bytes.
//!
//! The criterion benches and the corpus generator both draw on these, so a
//! number in `cargo bench` and a number in `bench/compare.sh` come from text
//! of the same shape. A fixed-seed generator keeps runs comparable without
//! shipping megabytes of fixtures.

use std::fmt::Write as _;

pub mod mail;

/// A small deterministic generator (xorshift64*): reproducible inputs, no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for this seed (zero is replaced, xorshift would stay at zero).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0); the slight modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "the",
    "resource",
    "locator",
    "of",
    "a",
    "network",
    "object",
    "is",
    "written",
    "in",
    "text",
    "and",
    "mail",
    "messages",
    "where",
    "readers",
    "expect",
    "to",
    "find",
    "it",
    "host",
    "path",
    "scheme",
    "that",
    "server",
    "document",
    "with",
    "for",
    "protocol",
    "specification",
    "section",
    "characters",
    "encoded",
    "reserved",
    "must",
    "be",
    "may",
    "not",
    "this",
    "which",
    "file",
];

const URLS: &[&str] = &[
    "http://www.example.com/",
    "https://example.org/docs/index.html",
    "ftp://ftp.example.net/pub/rfc/rfc1738.txt",
    "http://info.cern.ch/hypertext/WWW/Addressing/URL/Overview.html",
    "mailto:someone@example.com",
    "news:comp.infosystems.www",
    "gopher://gopher.example.edu:70/00/about",
    "http://host.example:8080/a/b_(c)?q=1&r=%20x#frag",
    "telnet://user@host.example.org/",
    "file://localhost/etc/fstab",
];

/// Append words until the line reaches `width` bytes, then a newline.
fn prose_line(rng: &mut Rng, out: &mut String, width: usize) {
    let start = out.len();
    while out.len() - start < width {
        if out.len() > start {
            out.push(' ');
        }
        out.push_str(rng.pick(WORDS));
    }
    out.push('\n');
}

/// Plain prose with one URL every `every` lines: the common case, mostly no-match scanning.
pub fn prose(bytes: usize, every: usize) -> String {
    let mut rng = Rng::new(1);
    let mut out = String::with_capacity(bytes + 128);
    let mut line = 0usize;
    while out.len() < bytes {
        line += 1;
        if line.is_multiple_of(every.max(1)) {
            out.push_str("See ");
            out.push_str(rng.pick(URLS));
            out.push_str(" for details.\n");
        } else {
            prose_line(&mut rng, &mut out, 70);
        }
        if line.is_multiple_of(9) {
            out.push('\n');
        }
    }
    out
}

/// RFC-like text: indented paragraphs, `<URL:...>` wrappers broken across lines.
pub fn rfc(bytes: usize) -> String {
    let mut rng = Rng::new(2);
    let mut out = String::with_capacity(bytes + 256);
    let mut n = 0usize;
    while out.len() < bytes {
        n += 1;
        for _ in 0..4 {
            out.push_str("   ");
            prose_line(&mut rng, &mut out, 66);
        }
        let url = rng.pick(URLS);
        match n % 3 {
            0 => {
                // A wrapper broken after the scheme, continued with indentation.
                let cut = url.find(':').map_or(0, |i| i + 1);
                out.push_str("   as in <URL:");
                out.push_str(&url[..cut]);
                out.push_str("\n      ");
                out.push_str(&url[cut..]);
                out.push_str(">.\n");
            }
            1 => {
                out.push_str("   the angle form <");
                out.push_str(url);
                out.push_str("> is also read.\n");
            }
            _ => {
                out.push_str("   URL:");
                out.push_str(url);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    out
}

/// A dense list: one URL per line, the worst case for per-candidate work.
pub fn dense(bytes: usize) -> String {
    let mut rng = Rng::new(3);
    let mut out = String::with_capacity(bytes + 128);
    let mut i = 0u64;
    while out.len() < bytes {
        i += 1;
        out.push_str(rng.pick(URLS));
        if i.is_multiple_of(2) {
            let _ = write!(out, "?id={i}");
        }
        out.push('\n');
    }
    out
}

/// Japanese prose with URLs glued to kana, as in the translated RFC 1630.
pub fn japanese(bytes: usize) -> String {
    const JA: &[&str] = &[
        "資源",
        "位置",
        "指定子",
        "は",
        "の",
        "を",
        "ネットワーク",
        "文書",
        "に",
        "で",
        "記述",
        "されます",
        "。",
        "、",
        "サーバ",
        "プロトコル",
    ];
    let mut rng = Rng::new(4);
    let mut out = String::with_capacity(bytes + 256);
    let mut line = 0usize;
    while out.len() < bytes {
        line += 1;
        for _ in 0..20 {
            out.push_str(rng.pick(JA));
        }
        if line.is_multiple_of(4) {
            out.push_str("参照：");
            out.push_str(rng.pick(URLS));
            out.push_str("を見よ。");
        }
        out.push('\n');
    }
    out
}

/// Named pathological inputs: long runs that could make a scanner back-track.
///
/// Each is a single line unless the name says otherwise, because the
/// per-line cost is what goes quadratic if anything does.
pub fn pathological(bytes: usize) -> Vec<(&'static str, String)> {
    let repeat = |unit: &str| unit.repeat(bytes / unit.len().max(1) + 1);
    vec![
        ("lt-run", repeat("<")),
        ("percent-run", format!("http://h/{}", repeat("%"))),
        ("paren-run", format!("http://h/{}", repeat("("))),
        ("scheme-chain", repeat("http://")),
        ("url-wrapper-open", repeat("<URL:")),
        ("long-url", format!("http://h/{}", repeat("a"))),
        ("no-newline-prose", prose(bytes, 50).replace('\n', " ")),
    ]
}

/// Every named input for the throughput benches, at roughly `bytes` each.
pub fn inputs(bytes: usize) -> Vec<(&'static str, String)> {
    vec![
        ("prose-sparse", prose(bytes, 40)),
        ("rfc-wrappers", rfc(bytes)),
        ("dense-list", dense(bytes)),
        ("japanese", japanese(bytes)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_reach_the_requested_size() {
        for (name, text) in inputs(10_000) {
            assert!(text.len() >= 10_000, "{name} is {} bytes", text.len());
            assert!(text.len() < 11_000, "{name} overshoots: {}", text.len());
        }
        for (name, text) in pathological(5_000) {
            assert!(text.len() >= 5_000, "{name} is {} bytes", text.len());
        }
    }

    #[test]
    fn generators_are_deterministic() {
        assert_eq!(prose(5_000, 10), prose(5_000, 10));
        assert_eq!(rfc(5_000), rfc(5_000));
    }

    #[test]
    fn inputs_contain_their_urls() {
        assert!(prose(5_000, 10).contains("://"));
        assert!(rfc(5_000).contains("<URL:"));
        assert!(rfc(5_000).contains("\n      "));
        assert!(japanese(5_000).contains("参照："));
        assert_eq!(dense(5_000).lines().filter(|l| !l.contains(':')).count(), 0);
    }

    #[test]
    fn rng_stays_in_range() {
        let mut rng = Rng::new(0);
        for n in 1..200 {
            assert!(rng.below(n) < n);
        }
    }
}
