//! LaTeX: `\url{URL}` and `\href{URL}{text}` read as links, and the text
//! with LaTeX's escapes resolved.
//!
//! A `.dtx` (documented LaTeX, its prose in `%` comments) and a `.ins`
//! are read the same way.
//!
//! hyperref and url.sty take `\%`, `\#`, `\&`, `\_`, `\$`, `\~`, `\{` and
//! `\}` in a URL argument for the character itself (a bare `%` would start
//! a comment where the argument passes through another command), and leave
//! out its spaces. In the text the same escapes stand for their character,
//! `\\` and `~` for a space, an unescaped `%` starts a comment (whose words
//! are still read: authors keep URLs there) and other commands' names
//! (`\emph`) are left out, their braced arguments kept.

use super::{Builder, Document, UrlBuilder};

/// The commands whose first braced argument is a URL.
const URL_COMMANDS: &[&str] = &["\\url{", "\\href{"];

/// Farthest a URL argument runs: a runaway `\url{` stops here.
const MAX_URL: usize = 4096;

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut at = 0;
    for k in memchr::memchr_iter(b'\\', bytes) {
        let Some(open) = URL_COMMANDS
            .iter()
            .find(|c| src[k..].starts_with(**c))
            .map(|c| k + c.len())
        else {
            continue;
        };
        if k < at {
            continue;
        }
        let Some((link, close)) = argument(src, open) else {
            continue;
        };
        if !super::is_url(&link.url) {
            continue;
        }
        text(&mut b, src, at, k);
        b.push_for(" ", k);
        at = close;
        b.link(link);
    }
    text(&mut b, src, at, src.len());
    b.finish(false)
}

/// The URL argument opened at `open` (right after its `{`), escapes
/// resolved and spaces left out, and where the text resumes (its `}`).
/// `None` when no `}` closes it within its paragraph.
fn argument(src: &str, open: usize) -> Option<(super::Link, usize)> {
    let bytes = src.as_bytes();
    let mut u = UrlBuilder::default();
    let mut i = open;
    let limit = bytes.len().min(open + MAX_URL);
    while i < limit {
        match bytes[i] {
            b'}' => {
                let lead = src[open..i].len() - src[open..i].trim_start().len();
                let end = open + src[open..i].trim_end().len();
                return (end > open + lead).then(|| (u.finish(open + lead, end, false), i));
            }
            b'\n' if bytes.get(i + 1) == Some(&b'\n') => return None,
            b'\r' if bytes[i + 1..].starts_with(b"\n\r\n") => return None,
            // Another command (`\url{a\url{…`): no URL argument holds one,
            // and each unclosed `\url{` stops here, so the reading stays
            // linear.
            b'\\' if bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic) => return None,
            b'\\' if bytes.get(i + 1).is_some_and(|c| ESCAPED.contains(c)) => {
                u.push(&src[i + 1..i + 2], i, 2);
                i += 2;
            }
            c if c.is_ascii_whitespace() => i += 1,
            // A `%` ending its line is TeX's comment, which eats the line
            // break: the way a long URL is split (`http://www.%` then
            // `dante.de/%`). Elsewhere `%` is the URL's own (`%20`).
            b'%' if bytes[i + 1..limit]
                .iter()
                .find(|c| !matches!(c, b' ' | b'\t' | b'\r'))
                .is_none_or(|&c| c == b'\n') =>
            {
                i += 1;
            }
            _ => {
                let len = src[i..].chars().next().map_or(1, char::len_utf8);
                u.push(&src[i..i + len], i, len);
                i += len;
            }
        }
    }
    None
}

/// The characters a backslash escapes to themselves.
const ESCAPED: &[u8] = b"%#&_$~{}";

/// Append `src[from..to]` with escapes resolved and comments opened.
fn text(b: &mut Builder, src: &str, from: usize, to: usize) {
    let bytes = src.as_bytes();
    let mut run = from;
    let mut i = from;
    while let Some(k) = memchr::memchr3(b'\\', b'%', b'~', &bytes[i..to]) {
        let at = i + k;
        b.push(&src[run..at], run);
        // `\verb+http://localhost:8000+` (Yaws' manual): verbatim text
        // between a delimiter and its repeat, escapes and all; the
        // delimiters are no part of it.
        if let Some((open, close)) = verb_at(bytes, at, to) {
            b.push_escape(" ", at, open - at);
            b.push(&src[open..close], open);
            b.push_escape(" ", close, 1);
            i = close + 1;
            run = i;
            continue;
        }
        let (shown, len) = match bytes[at] {
            // A comment's `%`, a tie's `~`: a space where they stand.
            b'%' | b'~' => (" ", 1),
            _ => match bytes.get(at + 1).filter(|_| at + 1 < to) {
                Some(c) if ESCAPED.contains(c) => (&src[at + 1..at + 2], 2),
                // `\\` breaks the line, `\,` `\;` `\ ` are spaces.
                Some(b'\\' | b',' | b';' | b' ' | b'!') => (" ", 2),
                // `\@` and `\/` adjust spacing, `\-` marks a hyphenation
                // point: nothing shown.
                Some(b'@' | b'/' | b'-') => ("", 2),
                Some(c) if c.is_ascii_alphabetic() => {
                    let name = bytes[at + 1..to]
                        .iter()
                        .take_while(|c| c.is_ascii_alphabetic())
                        .count();
                    (" ", 1 + name)
                }
                _ => ("\\", 1),
            },
        };
        if shown == "\\" {
            b.push(shown, at);
        } else {
            b.push_escape(shown, at, len);
        }
        i = at + len;
        run = i;
    }
    b.push(&src[run..to], run);
}

/// `\verb` or `\verb*` at `at`: where its verbatim text starts (after the
/// delimiter) and where the delimiter closes it, on the same line.
fn verb_at(bytes: &[u8], at: usize, to: usize) -> Option<(usize, usize)> {
    let rest = &bytes[at..to];
    let name = rest.strip_prefix(b"\\verb")?;
    let star = usize::from(name.first() == Some(&b'*'));
    let delim = *name.get(star)?;
    if !delim.is_ascii_punctuation() || delim == b'*' {
        return None;
    }
    let open = at + 5 + star + 1;
    let len = bytes[open..to]
        .iter()
        .position(|&c| c == delim || c == b'\n')?;
    (bytes[open + len] == delim).then_some((open, open + len))
}

#[cfg(test)]
mod tests {
    use super::read;

    fn links(src: &str) -> Vec<(String, &str)> {
        read(src)
            .links
            .iter()
            .map(|l| (l.url.clone(), &src[l.start..l.end]))
            .collect()
    }

    #[test]
    fn url_and_href_arguments_are_links_with_escapes_resolved() {
        let src = "\\href{https://github.com/haskell/cabal/issues?q=is\\%3Aopen+label\\%3A\\%22easy\\%22}{``easy''}\n";
        assert_eq!(
            links(src),
            [(
                "https://github.com/haskell/cabal/issues?q=is%3Aopen+label%3A%22easy%22"
                    .to_string(),
                "https://github.com/haskell/cabal/issues?q=is\\%3Aopen+label\\%3A\\%22easy\\%22"
            )]
        );
        let src = "see \\url{ https://a.example/x\\_y\\#top } now";
        assert_eq!(links(src)[0].0, "https://a.example/x_y#top");
        // A URL broken over lines inside the argument is one URL.
        assert_eq!(
            links("\\url{https://a.example/long/\n  path.html}")[0].0,
            "https://a.example/long/path.html"
        );
        // So is one split with `%` at each line's end (TeX's comment eats
        // the line break); a `%` inside a line is the URL's own.
        assert_eq!(
            links("\\url{%\nhttp://www.%\ndante.de/%20x/% \r\n}")[0].0,
            "http://www.dante.de/%20x/"
        );
    }

    #[test]
    fn an_argument_never_closed_or_not_a_url_is_text() {
        assert!(links("\\url{https://a.example/x\n\nmore").is_empty());
        assert!(links("\\url{https://a.example/x\r\n\r\nmore}").is_empty());
        // Another command inside ends the search: the next one is read.
        assert_eq!(
            links("\\url{https://a.example/x \\url{https://b.example/}")[0].0,
            "https://b.example/"
        );
        assert!(links("\\href{#sec}{section}").is_empty());
        assert!(links("\\url{}").is_empty());
        // The text still has the URL for the scanner.
        let doc = read("\\url{https://a.example/x\n\nmore");
        assert!(doc.text.contains("https://a.example/x"));
    }

    #[test]
    fn text_escapes_comments_and_commands() {
        let doc = read("Visit https://a.example/100\\%\\_off\\\\ or~\\emph{https://b.example/} % https://c.example/\n");
        assert!(
            doc.text.contains("https://a.example/100%_off "),
            "{}",
            doc.text
        );
        assert!(doc.text.contains(" {https://b.example/}"), "{}", doc.text);
        assert!(doc.text.contains("  https://c.example/"), "{}", doc.text);
        assert!(!doc.text.contains('\\'), "{}", doc.text);
        // A lone backslash at the end stays.
        assert!(read("a \\").text.ends_with('\\'));
    }

    #[test]
    fn verbatim_text_is_read_without_its_delimiters() {
        let doc = read("is \\verb+http://localhost:8000+. And \\verb*|a\\_b| x\n");
        assert!(
            doc.text.contains(" http://localhost:8000 ."),
            "{}",
            doc.text
        );
        // Escapes inside are verbatim.
        assert!(doc.text.contains(" a\\_b "), "{}", doc.text);
        // Near misses: a delimiter never repeated on its line, a command
        // that only starts with `verb`.
        assert!(read("\\verb+http://a.example/\n+").text.contains('+'));
        assert!(read("\\verbatim+x+").text.contains("+x+"));
    }
}
