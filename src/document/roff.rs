//! roff (man pages): escapes resolved, requests and comments left out, and
//! `.UR URL` hyperlinks read as links.
//!
//! groff writes URLs with escapes a reader never sees: `\:` (a break
//! point), `\&` and `\%` (zero-width), `\-` (a hyphen), `\fB`...`\fR` (font
//! changes), `\(ti` (a tilde). Each is resolved to what the page shows,
//! mapped back to the escape. A request line (`.B text`) contributes its
//! arguments; a comment (`.\"`, `\"`) nothing.

use super::{Builder, Document, UrlBuilder};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let mut body = line;
        let mut base = start;
        if let Some(req) = line.strip_prefix(['.', '\'']) {
            let name_len = req.find(|c: char| c.is_whitespace()).unwrap_or(req.len());
            let name = &req[..name_len];
            if name.starts_with("\\\"") || name.is_empty() && req.trim().is_empty() {
                b.push_for("\n", start);
                continue;
            }
            let args = &req[name_len..];
            let lead = args.len() - args.trim_start().len();
            base = start + 1 + name_len + lead;
            body = &args[lead..];
            if name == "UR" {
                let url = body.trim_end();
                let mut u = UrlBuilder::default();
                pieces(url, base, |shown, at, len| u.push(shown, at, len));
                b.link(u.finish(base, base + url.len(), false));
                b.push_for("\n", start);
                continue;
            }
            b.push_for(" ", start);
        }
        text(&mut b, body, base);
    }
    b.finish(false)
}

/// Append `s` (at source offset `base`) with escapes resolved.
fn text(b: &mut Builder, s: &str, base: usize) {
    pieces(s, base, |shown, at, len| {
        if shown.len() == len {
            b.push(shown, at);
        } else {
            b.push_escape(shown, at, len);
        }
    });
}

/// Hand `s` (at source offset `base`) to `f` piece by piece, escapes
/// resolved: `(what is shown, its source offset, its source length)`. A
/// comment (`\"`) ends the text of its line.
fn pieces(s: &str, base: usize, mut f: impl FnMut(&str, usize, usize)) {
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'\\', &bytes[i..]) {
        let at = i + k;
        f(&s[run..at], base + run, at - run);
        let (shown, len) = escape(&s[at..]);
        if shown == "\u{0}" {
            let nl = s[at..].find('\n').map_or(s.len(), |n| at + n);
            f(&s[nl..], base + nl, s.len() - nl);
            return;
        }
        let len = len.max(1).min(s.len() - at);
        f(shown, base + at, len);
        i = at + len;
        run = i;
    }
    f(&s[run..], base + run, s.len() - run);
}

/// The escape at the start of `s`: what it shows (`"\0"` for a comment)
/// and its length.
fn escape(s: &str) -> (&'static str, usize) {
    let b = s.as_bytes();
    let Some(&c) = b.get(1) else {
        return ("\\", 1);
    };
    match c {
        b'"' | b'#' => ("\u{0}", 2),
        b'-' => ("-", 2),
        b'e' | b'\\' => ("\\", 2),
        b'~' | b' ' | b'0' => (" ", 2),
        b'.' => (".", 2),
        b'\'' => ("'", 2),
        b'`' => ("`", 2),
        b'f' | b'F' | b'*' | b'n' | b'k' | b'g' | b'm' | b'M' | b'V' | b'Y' => {
            ("", 2 + argument_len(&s[2..]))
        }
        // A delimited argument that shows no text: device control
        // (groff's `\X'tty: link http://localhost:9090'`, an OSC 8
        // hyperlink whose text follows), drawing, motions.
        b'X' | b'D' | b'h' | b'v' | b'l' | b'L' | b'x' => ("", 2 + delimited_len(&s[2..])),
        b's' => {
            let sign = usize::from(matches!(b.get(2), Some(b'+' | b'-')));
            let digits = b[2 + sign..]
                .iter()
                .take(2)
                .take_while(|d| d.is_ascii_digit())
                .count();
            (
                "",
                2 + sign + digits.max(usize::from(b.get(2 + sign) == Some(&b'('))),
            )
        }
        b'(' => {
            let len: usize = s[2..].chars().take(2).map(char::len_utf8).sum();
            (special(&s[2..2 + len]), 2 + len)
        }
        b'[' => {
            let close = s[2..].find(']').map_or(s.len(), |k| 2 + k);
            let name = &s[2..close];
            (special(name), (close + 1).min(s.len()))
        }
        // `\:` `\&` `\%` `\/` `\,` `\)` `\c` `\|` `\^` are zero-width;
        // anything else unknown shows nothing here either.
        _ => ("", 1 + s[1..].chars().next().map_or(0, char::len_utf8)),
    }
}

/// Length of a delimited argument (`'tty: link URL'`): up to the same
/// delimiter again on its line, or the line's end.
fn delimited_len(s: &str) -> usize {
    let Some(delim) = s.chars().next().filter(|c| !c.is_whitespace()) else {
        return 0;
    };
    let line = s.find('\n').unwrap_or(s.len());
    let open = delim.len_utf8();
    s[open..line].find(delim).map_or(line, |k| open + k + open)
}

/// Length of a one-letter, `(xx` or `[name]` argument.
fn argument_len(s: &str) -> usize {
    match s.as_bytes().first() {
        None => 0,
        Some(b'(') => 1 + s[1..].chars().take(2).map(char::len_utf8).sum::<usize>(),
        Some(b'[') => s.find(']').map_or(s.len(), |k| k + 1),
        Some(_) => s.chars().next().map_or(0, char::len_utf8),
    }
}

/// The character a special-character name stands for.
fn special(name: &str) -> &'static str {
    match name {
        "ti" | "ap" | "a~" => "~",
        "at" => "@",
        "hy" | "mi" | "-" => "-",
        "aq" | "cq" | "oq" => "'",
        "dq" => "\"",
        "sl" => "/",
        "rs" => "\\",
        "ha" | "a^" => "^",
        "sh" => "#",
        "Do" => "$",
        "ba" | "or" => "|",
        "lB" => "[",
        "rB" => "]",
        "lC" => "{",
        "rC" => "}",
        "lq" => "\u{201c}",
        "rq" => "\u{201d}",
        "em" => "\u{2014}",
        "en" => "\u{2013}",
        "bu" => "\u{2022}",
        _ => " ",
    }
}
