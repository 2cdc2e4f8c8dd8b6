//! Mail-shaped text: an mbox built from other text, for the mail half of the corpus.
//!
//! Real archives are what urlint is for, but none ships on a fresh machine,
//! so this wraps documentation text in messages: `From ` separators, headers,
//! reply quotes, and quoted-printable bodies whose soft line breaks land
//! inside URLs, which is the decoding work a plain `rg` never does.

use std::fmt::Write as _;

use crate::Rng;

/// Width at which quoted-printable lines are broken (RFC 2045 allows 76).
const QP_WIDTH: usize = 76;

/// Encode `text` as quoted-printable: `=` and non-ASCII bytes escaped, lines over
/// [`QP_WIDTH`] broken with a soft `=` line break.
///
/// Paragraphs are first joined into one line each, so long URLs get cut by
/// soft breaks the way a mail client's encoder cuts them.
pub fn quoted_printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for paragraph in text.split("\n\n") {
        let joined = paragraph.split('\n').collect::<Vec<_>>().join(" ");
        let mut col = 0usize;
        for &b in joined.as_bytes() {
            let escaped = b == b'=' || !(b == b' ' || b.is_ascii_graphic());
            let width = if escaped { 3 } else { 1 };
            if col + width > QP_WIDTH - 1 {
                out.push_str("=\n");
                col = 0;
            }
            if escaped {
                let _ = write!(out, "={b:02X}");
            } else {
                out.push(char::from(b));
            }
            col += width;
        }
        out.push_str("\n\n");
    }
    out
}

/// Quote `text` as a reply does: `> ` before each line.
pub fn reply_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.lines() {
        out.push_str("> ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Escape body lines that start with `From ` (mboxrd), so they do not split the message.
fn escape_from(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    for line in body.lines() {
        if line.trim_start_matches('>').starts_with("From ") {
            out.push('>');
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// One mbox message around `body`; the kind (plain, quoted-printable,
/// reply) rotates with `n` so every kind appears in any slice of the mbox.
pub fn message(rng: &mut Rng, n: u64, body: &str) -> String {
    let day = 1 + rng.below(28);
    let user = rng.below(500);
    let mut out = String::with_capacity(body.len() + 512);
    let _ = write!(
        out,
        "From user{user}@example.org Mon Jan {day:2} 10:00:00 2001\n\
         From: User {user} <user{user}@example.org>\n\
         To: list@example.net\n\
         Subject: Re: documentation note {n}\n\
         Date: Mon, {day} Jan 2001 10:00:00 +0000\n\
         Message-ID: <{n}.{user}@example.org>\n\
         MIME-Version: 1.0\n"
    );
    let (encoding, text) = match n % 4 {
        0 => ("quoted-printable", quoted_printable(body)),
        1 => ("7bit", reply_quote(body)),
        _ => ("8bit", body.to_owned()),
    };
    let _ = write!(
        out,
        "Content-Type: text/plain; charset=utf-8\n\
         Content-Transfer-Encoding: {encoding}\n\n"
    );
    out.push_str(&escape_from(&text));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_printable_breaks_long_lines_softly() {
        let url = format!("http://example.com/{}", "a".repeat(120));
        let qp = quoted_printable(&format!("see {url} now"));
        assert!(qp.contains("=\n"), "no soft break in {qp}");
        assert!(qp.lines().all(|l| l.len() <= QP_WIDTH));
        let decoded = qp.replace("=\n", "");
        assert!(decoded.contains(&url));
    }

    #[test]
    fn quoted_printable_escapes_equals_and_non_ascii() {
        let qp = quoted_printable("a=b é");
        assert!(qp.starts_with("a=3Db =C3=A9"), "{qp}");
    }

    #[test]
    fn message_has_separator_headers_and_escaped_from() {
        let mut rng = Rng::new(7);
        let m = message(&mut rng, 2, "From here on\nhttp://x.example/\n");
        assert!(m.starts_with("From user"));
        assert!(m.contains("\nSubject: "));
        assert!(m.contains("\n>From here on\n"));
        let q = message(&mut rng, 1, "line\n");
        assert!(q.contains("\n> line\n"));
    }
}
