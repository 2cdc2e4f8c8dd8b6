//! Texinfo: `@uref{URL, text, replacement}` and `@url{URL}`.
//!
//! The URL is the first argument, up to the `,` or `}`; `@@`, `@{` and
//! `@}` inside it stand for `@`, `{` and `}`, and `@/` (a place to break a
//! long URL's line) stands for nothing. The other arguments, and the rest
//! of the file, are text for the scanner.

use super::{Builder, Document, UrlBuilder};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut found = Vec::new();
    for at in memchr::memchr_iter(b'@', bytes) {
        let rest = &src[at..];
        let open = if rest.starts_with("@uref{") {
            at + 6
        } else if rest.starts_with("@url{") {
            at + 5
        } else {
            continue;
        };
        let mut u = UrlBuilder::default();
        let mut i = open;
        // A URL argument is short; a runaway `@uref{` stops here.
        while i < bytes.len() && i < open + 4096 {
            match bytes[i] {
                b',' | b'}' => break,
                b'@' if matches!(bytes.get(i + 1), Some(b'@' | b'{' | b'}')) => {
                    u.push(&src[i + 1..i + 2], i + 1, 1);
                    i += 2;
                }
                // `@/` (a place to break the line), `@-` (to hyphenate),
                // `@:` and `@&`: formatting, no character of the URL.
                b'@' if matches!(bytes.get(i + 1), Some(b'/' | b'-' | b':' | b'&')) => i += 2,
                b'\n' if bytes.get(i + 1) == Some(&b'\n') => break,
                b'\r' if bytes[i + 1..].starts_with(b"\n\r\n") => break,
                // Another command (`@url{a@url{…`): the argument is no URL,
                // and each unclosed one stops here (linear reading).
                b'@' if bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic) => break,
                c if c.is_ascii_whitespace() => i += 1,
                _ => {
                    let len = src[i..].chars().next().map_or(1, char::len_utf8);
                    u.push(&src[i..i + len], i, len);
                    i += len;
                }
            }
        }
        let lead = src[open..i].len() - src[open..i].trim_start().len();
        let end = open + src[open..i].trim_end().len();
        if end > open + lead {
            found.push(u.finish(open + lead, end, false));
        }
    }
    let mut at = 0;
    for link in found {
        if super::is_url(&link.url) && link.start >= at {
            text(&mut b, src, at, link.start);
            b.push_for(" ", link.start);
            at = link.end;
            b.link(link);
        }
    }
    text(&mut b, src, at, src.len());
    b.finish(false)
}

/// Append `src[from..to]` with `@`-escapes resolved: `@@`, `@{`, `@}`,
/// `@comma{}` and the like stand for a character (or none); other
/// commands' names (`@code{`) and closing braces are left out, their
/// arguments kept (and `@var{x}`'s braces with them: a placeholder).
/// How a command's closing brace reads.
#[derive(Clone, Copy)]
enum Close {
    /// Left out (`@emph{x}`).
    Nothing,
    /// Kept (`@var{x}`: a placeholder).
    Brace,
    /// A blank: a code sample's end (`@samp{x}`, `@code{x}`), a footnote's.
    Blank,
}

fn text(b: &mut Builder, src: &str, from: usize, to: usize) {
    let bytes = src.as_bytes();
    let mut run = from;
    let mut i = from;
    // The commands whose braced argument is open: how each one's closing
    // brace reads, so a `}` closes the innermost.
    let mut open: Vec<Close> = Vec::new();
    while let Some(k) = memchr::memchr2(b'@', b'}', &bytes[i..to]) {
        let at = i + k;
        if bytes[at] == b'}' {
            // A command's closing brace is no text of its own; a code
            // sample's ends a token, as its closing quote does in Info
            // (`@samp{<URL:} and @samp{>}` names the opener).
            match open.pop() {
                Some(Close::Nothing) => {
                    b.push(&src[run..at], run);
                    run = at + 1;
                }
                Some(Close::Blank) => {
                    b.push(&src[run..at], run);
                    b.push_for(" ", at);
                    run = at + 1;
                }
                Some(Close::Brace) | None => {}
            }
            i = at + 1;
            continue;
        }
        b.push(&src[run..at], run);
        let rest = &src[at..to];
        let (shown, len) = match rest.as_bytes().get(1) {
            Some(b'@' | b'{' | b'}' | b'.' | b'?' | b'!') => (&rest[1..2], 2usize),
            Some(b':' | b'/' | b'-' | b'*' | b'&') => ("", 2),
            _ if rest.starts_with("@comma{}") => (",", 8),
            _ => {
                let name = rest[1..]
                    .bytes()
                    .take_while(u8::is_ascii_alphabetic)
                    .count();
                let brace = rest.as_bytes().get(1 + name) == Some(&b'{');
                // `@var{pkg}`: a metasyntactic variable keeps its braces, so
                // `https://www.gnu.org/software/@var{pkg}/` reads as the
                // pattern it is.
                let var = brace && &rest[1..=name] == "var";
                if brace {
                    open.push(match &rest[1..=name] {
                        "var" => Close::Brace,
                        // A footnote's text goes to the page's foot: what
                        // follows its brace is no more of it (GHDL's
                        // `Dict@footnote{https://…#typing.Dict}[Callable`).
                        "samp" | "code" | "kbd" | "env" | "file" | "option" | "command"
                        | "footnote" => Close::Blank,
                        _ => Close::Nothing,
                    });
                }
                (if var { "{" } else { "" }, 1 + name + usize::from(brace))
            }
        };
        b.push_escape(
            if shown.is_empty() && len > 2 {
                " "
            } else {
                shown
            },
            at,
            len,
        );
        i = at + len.max(1);
        run = i;
    }
    b.push(&src[run..to], run);
}
