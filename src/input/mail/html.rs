//! Text and link targets out of an HTML part.
//!
//! The scanner reads plain text, so HTML is flattened: tags become a space (a
//! line break for block tags, so paragraphs still end wrappers), `href` and
//! `src` values are written out between spaces, character references are
//! decoded, and scripts, styles and comments are dropped. Every output byte
//! maps back to the tag or character it came from.

use super::offsets::OffsetMap;

const BLOCK: &[&str] = &[
    "br",
    "p",
    "div",
    "li",
    "tr",
    "td",
    "table",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "hr",
];

struct Out {
    text: String,
    map: OffsetMap,
}

impl Out {
    fn push(&mut self, s: &str, from: usize) {
        self.map.linear(self.text.len(), from);
        self.text.push_str(s);
    }

    /// Appends `s` (found at `base`), decoding character references.
    fn push_decoded(&mut self, s: &str, base: usize) {
        let mut i = 0;
        while let Some(amp) = s.get(i..).and_then(|r| r.find('&')) {
            let amp = i + amp;
            self.push(&s[i..amp], base + i);
            if let Some((c, len)) = entity(&s[amp..]) {
                self.map.linear(self.text.len(), base + amp);
                self.text.push(c);
                i = amp + len;
            } else {
                self.push("&", base + amp);
                i = amp + 1;
            }
        }
        self.push(s.get(i..).unwrap_or_default(), base + i);
    }
}

/// Decodes the character reference at the start of `s` (which starts with
/// `&`): the character and the reference's length.
fn entity(s: &str) -> Option<(char, usize)> {
    let end = s.bytes().take(12).position(|b| b == b';')?;
    let name = &s[1..end];
    let c = if let Some(num) = name.strip_prefix('#') {
        let v = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        char::from_u32(v)?
    } else {
        match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            "nbsp" => '\u{a0}',
            _ => return None,
        }
    };
    Some((c, end + 1))
}

fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Flattens `html` to scannable text; the map leads back into `html`.
pub(crate) fn to_text(html: &str) -> (String, OffsetMap) {
    let mut out = Out {
        text: String::with_capacity(html.len() / 2),
        map: OffsetMap::new(),
    };
    let mut i = 0;
    // Once a search for `>` or `-->` fails, it fails for every later start:
    // remembering that keeps a flood of unclosed `<a` linear.
    let (mut no_gt, mut no_comment_end) = (false, false);
    while let Some(lt) = html.get(i..).and_then(|r| r.find('<')) {
        let lt = i + lt;
        out.push_decoded(&html[i..lt], i);
        let rest = &html[lt..];
        let next = rest.as_bytes().get(1).copied().unwrap_or(b' ');
        let close = if rest.starts_with("<!--") {
            let end = (!no_comment_end).then(|| rest.find("-->")).flatten();
            no_comment_end = end.is_none();
            end.map(|e| e + 3)
        } else if next.is_ascii_alphabetic() || matches!(next, b'/' | b'!' | b'?') {
            let end = (!no_gt).then(|| rest.find('>')).flatten();
            no_gt = end.is_none();
            end.map(|e| e + 1)
        } else {
            None
        };
        let Some(len) = close else {
            // Not a tag (or never closed): plain text.
            out.push("<", lt);
            i = lt + 1;
            continue;
        };
        let tag = &rest[..len];
        let name_len = tag[1..]
            .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
            .unwrap_or(0);
        let name = tag
            .get(1..=name_len)
            .unwrap_or_default()
            .to_ascii_lowercase();
        let bare = name.trim_start_matches('/');
        let sep = if BLOCK.contains(&bare) { "\n" } else { " " };
        out.push(sep, lt);
        attributes(tag, lt, &mut out);
        i = lt + len;
        if name == "script" || name == "style" {
            let end_tag = format!("</{name}");
            i = find_ci(&html[i..], &end_tag).map_or(html.len(), |e| i + e);
        }
    }
    out.push_decoded(html.get(i..).unwrap_or_default(), i);
    (out.text, out.map)
}

/// Writes out the `href` and `src` values of one tag (found at `base`).
fn attributes(tag: &str, base: usize, out: &mut Out) {
    let b = tag.as_bytes();
    let mut i = 1;
    while i < b.len() {
        let Some(eq) = tag[i..].find('=') else { return };
        let eq = i + eq;
        let name = tag[i..eq].trim_end();
        let name = name
            .rsplit(|c: char| c.is_ascii_whitespace())
            .next()
            .unwrap_or_default();
        let mut v = eq + 1;
        while b.get(v).is_some_and(u8::is_ascii_whitespace) {
            v += 1;
        }
        let (start, end) = if let Some(&q @ (b'"' | b'\'')) = b.get(v) {
            let end = tag[v + 1..]
                .find(char::from(q))
                .map_or(b.len(), |e| v + 1 + e);
            (v + 1, end)
        } else {
            let end = tag[v..]
                .find(|c: char| c.is_ascii_whitespace() || c == '>')
                .map_or(b.len(), |e| v + e);
            (v, end)
        };
        if name.eq_ignore_ascii_case("href") || name.eq_ignore_ascii_case("src") {
            out.push_decoded(&tag[start..end], base + start);
            out.push(" ", base + end);
        }
        i = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_text_and_entities() {
        let html = "<html><style>a{background:url(http://no.example/)}</style>\n\
            <p>Read <a href=\"http://example.org/?a=1&amp;b=2\">the&nbsp;docs</a>\
            <img src='http://img.example/x.png'> or &lt;URL:http://w.example/&gt;</p>\
            <!-- http://comment.example/ --></html>";
        let (text, map) = to_text(html);
        assert!(text.contains(" http://example.org/?a=1&b=2 "), "{text}");
        assert!(text.contains("http://img.example/x.png"));
        assert!(text.contains("<URL:http://w.example/>"));
        assert!(text.contains("the\u{a0}docs"));
        assert!(!text.contains("no.example"));
        assert!(!text.contains("comment.example"));
        let at = text.find("http://example.org").unwrap();
        assert_eq!(map.map(at), html.find("http://example.org").unwrap());
        let b = text.find("b=2").unwrap();
        assert_eq!(map.map(b), html.find("b=2").unwrap());
    }

    #[test]
    fn unclosed_tags_stay_linear() {
        let html = "<a <!-- ".repeat(200_000);
        let start = std::time::Instant::now();
        let (text, _) = to_text(&html);
        assert_eq!(text, html);
        assert!(
            start.elapsed().as_secs() < 5,
            "quadratic: {:?}",
            start.elapsed()
        );
    }

    #[test]
    fn stray_angle_brackets_are_text() {
        let (text, _) = to_text("1 < 2 and <broken http://x.example/");
        assert_eq!(text, "1 < 2 and <broken http://x.example/");
    }
}
