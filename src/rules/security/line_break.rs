//! `encoded-line-break`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::escape::escapes;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds `%0D` (CR) and `%0A` (LF) in a URL; a `%0D%0A` pair is one finding.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §6: encoded delimiters of a protocol, "for example, CR and LF
    /// characters for telnet protocols", can be decoded before transmission
    /// and "simulate an extra operation or parameter". Header injection
    /// through `%0D%0A` is the modern form of it.
    ///
    /// ## Standards
    /// Under `rfc3986` an escape in the query or the fragment is not
    /// reported: a client never sends the fragment, and sends the query
    /// still encoded, as form data whose text may hold line breaks (a
    /// playground link's `?text=a%0Ab`, a new issue's `?body=`; text
    /// fragments such as `#:~:text=a%0Ab`), nor one in a path segment's
    /// `;name=value` parameter, form data carried in the path (Google
    /// Cloud's `…/logs/query;query=a%0Ab`), nor one in a segment holding
    /// TeX source, a formula a service draws (`…/svg/%0AO%20%3D%0A%5Cbegin%7Bbmatrix%7D…`),
    /// nor one in a segment of base64 split into lines of one length, each
    /// break encoded (a mail service's click-tracking token,
    /// `…/v1/c/XbbxU…eeJN%0AsDYic…%3D%3D%0A/…`). Nor is a URL that encodes ESC or
    /// BEL too (a terminal escape sequence: `http://localhost:8080/%1b%5d%07%0a`
    /// in an advisory is the attack's payload, shown on purpose). Under
    /// `rfc1738` every escape of every URL is judged.
    ///
    /// ## Example
    /// `http://host/a%0D%0ASet-Cookie:x`
    ///
    /// Use instead: `http://host/a%20b`
    pub static ENCODED_LINE_BREAK = {
        name: "encoded-line-break",
        group: Security,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 §6",
        summary: "`%0D` or `%0A` in the URL",
        example: "http://host/a%0D%0ASet-Cookie:x",
        ok_example: "http://host/a%0Bb",
        help: "make sure no client decodes this into a protocol line break (RFC 1738 §6)",
    }
}

/// Report runs of adjacent `%0D`/`%0A` escapes.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // ESC or BEL encoded beside it (a terminal escape sequence: `wget
    // http://localhost:8080/%1b%5d%32…%07%0a` in an advisory) make the URL
    // an attack's payload, shown on purpose.
    if cx.standard == crate::url::Standard::Rfc3986
        && escapes(cx.url, 0..cx.url.len()).any(|e| matches!(e.value, Some(0x1B | 0x07)))
    {
        return;
    }
    let mut run: Option<std::ops::Range<usize>> = None;
    let end = match (&cx.parts.query, &cx.parts.fragment) {
        _ if cx.standard == crate::url::Standard::Rfc1738 => cx.url.len(),
        (Some(q), _) => q.start - 1,
        (None, Some(f)) => f.start - 1,
        (None, None) => cx.url.len(),
    };
    let rfc3986 = cx.standard == crate::url::Standard::Rfc3986;
    // The segment of the escape last asked about: escapes come in order,
    // so each segment is judged once however many breaks it encodes.
    let mut segment: Option<Segment> = None;
    let mut spared = |at: usize| {
        if segment.as_ref().is_none_or(|s| at >= s.end) {
            let from = segment.as_ref().map_or(0, |s| s.end);
            let start =
                memchr::memrchr(b'/', &cx.url.as_bytes()[from..at]).map_or(from, |k| from + k + 1);
            segment = Some(Segment::starting_at(cx.url, start));
        }
        segment.as_ref().is_some_and(|s| s.spares(at))
    };
    for e in escapes(cx.url, 0..end)
        .filter(|e| matches!(e.value, Some(0x0D | 0x0A)) && !(rfc3986 && spared(e.range.start)))
    {
        match &mut run {
            Some(r) if r.end == e.range.start => r.end = e.range.end,
            _ => {
                if let Some(r) = run.replace(e.range) {
                    report(cx, out, r);
                }
            }
        }
    }
    if let Some(r) = run {
        report(cx, out, r);
    }
}

/// What a path segment says of the line breaks encoded in it.
struct Segment {
    /// Where the next segment's `/` stands (or the URL ends).
    end: usize,
    /// Where the `=` of its first `;name=value` parameter stands (RFC 3986
    /// §3.3): form data carried in the path, as Google Cloud's console
    /// carries a query's lines, `…/logs/query;query=a%0Ab`; a break after
    /// it is the value's.
    parameter: Option<usize>,
    /// It holds TeX source, an escaped `\` before a command's name
    /// (`%5Cbegin`): a formula a rendering service draws
    /// (`http://tex.s2cms.ru/svg/%0AO%20%3D%0A%5Cbegin%7Bbmatrix%7D…` in an
    /// RFC's image), its lines the formula's.
    formula: bool,
    /// It is base64 text split into lines of one length (Ruby's
    /// `Base64.encode64`, 60 a line; MIME's 76), each line break encoded: a
    /// mail service's click-tracking token (beehiiv's
    /// `…/v1/c/XbbxU…eeJN%0AsDYic…%3D%3D%0A/…`), opaque to the reader and
    /// made so on purpose.
    base64: bool,
}

impl Segment {
    fn starting_at(url: &str, start: usize) -> Segment {
        let end = memchr::memchr(b'/', &url.as_bytes()[start..]).map_or(url.len(), |k| start + k);
        let text = &url[start..end];
        let mut parameter = None;
        let mut at = start;
        for (k, part) in text.split(';').enumerate() {
            if k > 0 && parameter.is_none() {
                let named = part.split_once('=').is_some_and(|(name, _)| {
                    !name.is_empty()
                        && name
                            .bytes()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
                });
                if named {
                    parameter = part.find('=').map(|e| at + e);
                }
            }
            at += part.len() + 1;
        }
        let formula = text.as_bytes().windows(4).any(|w| {
            w[0] == b'%'
                && w[1] == b'5'
                && w[2].eq_ignore_ascii_case(&b'c')
                && w[3].is_ascii_alphabetic()
        });
        Segment {
            end,
            parameter,
            formula,
            base64: is_base64_lines(text),
        }
    }

    /// Whether a break encoded at `at`, in this segment, is its text's own.
    fn spares(&self, at: usize) -> bool {
        self.parameter.is_some_and(|p| p < at) || self.formula || self.base64
    }
}

/// Whether a segment's text is base64 in lines of one length, 40 or more,
/// each break written `%0A` (the last may be shorter, its break kept or not).
fn is_base64_lines(segment: &str) -> bool {
    // The length of one line in base64 characters (`%2B`, `%2F` and `%3D`
    // counting one each), or `None` if it holds anything else.
    let line_len = |line: &str| -> Option<usize> {
        let b = line.as_bytes();
        let (mut i, mut n) = (0, 0);
        while i < b.len() {
            if b[i] == b'%' {
                let code = b.get(i + 1..i + 3)?.to_ascii_uppercase();
                if !matches!(&code[..], b"2B" | b"2F" | b"3D") {
                    return None;
                }
                i += 3;
            } else if b[i].is_ascii_alphanumeric() || matches!(b[i], b'-' | b'_') {
                i += 1;
            } else {
                return None;
            }
            n += 1;
        }
        Some(n)
    };
    // The last line's break ends the text (Ruby's ends so), or not (MIME).
    let text = segment
        .strip_suffix("%0A")
        .or_else(|| segment.strip_suffix("%0a"))
        .unwrap_or(segment);
    let lines: Vec<&str> = text.split("%0A").flat_map(|l| l.split("%0a")).collect();
    let Some((last, full)) = lines.split_last() else {
        return false;
    };
    let Some(width) = full.first().and_then(|l| line_len(l)) else {
        return false;
    };
    width >= 40
        && full.iter().all(|l| line_len(l) == Some(width))
        && line_len(last).is_some_and(|n| n <= width)
}

fn report(cx: &Cx<'_>, out: &mut Report<'_>, r: std::ops::Range<usize>) {
    out.at(r.clone(), format!("`{}` encodes a line break", cx.text(r)));
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_fragment_is_never_sent_so_rfc3986_leaves_it() {
        use crate::rules::testutil::{table_3986, underlined_with};
        use crate::url::Standard;
        let url = "https://a.example/x#:~:text=custom%20buckets.%0A%20";
        table_3986(
            crate::rules::Rule::EncodedLineBreak,
            &[
                (url, &[]),
                ("https://a.example/a%0Ab#f", &["%0A"]),
                ("http://localhost:8080/%1b%5d%07%0a", &[]),
                ("http://localhost:8080/%09%0a", &["%0a"]),
                ("http://h/%00%0d%0aSet-Cookie:x", &["%0d%0a"]),
                ("https://spec.commonmark.org/dingus/?text=a%0Ab", &[]),
                // TeX source a service draws; near misses: an escaped
                // backslash before no command, or in another segment.
                (
                    "http://tex.s2cms.ru/svg/%0AO%20%3D%0A%5Cbegin%7Bbmatrix%7D%0A",
                    &[],
                ),
                ("http://tex.s2cms.ru/svg/%0A%5C%7B", &["%0A"]),
                ("http://tex.s2cms.ru/%5Cbegin/%0Ab", &["%0A"]),
                // A path parameter's value is form data too; a `;` with
                // no `name=`, or in an earlier segment, is not (near misses).
                (
                    "https://console.cloud.google.com/logs/query;query=a%22%0Alog;timeRange=P7D",
                    &[],
                ),
                ("https://a.example/x;a%0Ab", &["%0A"]),
                ("https://a.example/x;q=1/a%0Ab", &["%0A"]),
                // Base64 in lines of 60, each break encoded: a mail
                // service's tracking token. Near misses: lines of unequal
                // length, short lines, a word that is not base64.
                (
                    "https://link.mail.beehiiv.com/v1/c/XbbxUCr929CCQHgKWeye7FkS5u3HHoWhe%2BAy0HB8U9eYGfk6GjwDngNaeeJN%0AsDYicYOf7XS2LnadT02h3uUdFpqGCTuyisdIRrljTxfsPm9gzRiYgbO7QjLi%0AXZ06ZS3B4490baawCx2JdmecDOhj4BY%2Fng%3D%3D%0A/f6c76c3d7792b056",
                    &[],
                ),
                (
                    "https://a.example/c/XbbxUCr929CCQHgKWeye7FkS5u3HHoWhe%2BAy0HB8U9eYGfk6GjwDngNaeeJN%0AsDYicYOf7XS2LnadT02h3uUdFpqGCTuyisdIRrljTxfsPm9gzRiYgbO7Q%0Ax",
                    &["%0A", "%0A"],
                ),
                ("https://a.example/c/abc%0Adef%0A", &["%0A", "%0A"]),
                (
                    "https://a.example/c/Some%20words%20here%20and%20there%20and%20more%20of%20them%0Aok",
                    &["%0A"],
                ),
            ],
        );
        assert_eq!(
            underlined_with(url, crate::rules::Rule::EncodedLineBreak, Standard::Rfc1738),
            ["%0A"]
        );
    }

    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn encoded_line_break() {
        table(
            Rule::EncodedLineBreak,
            &[
                ("http://host/a%0D%0ASet-Cookie:x", &["%0D%0A"]),
                ("http://host/a%0ab%0d", &["%0a", "%0d"]),
                ("telnet://h/%0A", &["%0A"]),
                ("http://host/a%0Bb%20%D0%A0", &[]),
            ],
        );
    }
}
