//! gettext catalogues (`.po`, `.pot`): each message's strings joined.
//!
//! A long message is written as adjacent string literals, one a line, and
//! gettext cuts them anywhere, URLs included:
//!
//! ```text
//! msgstr ""
//! "instead. See https://www.sphinx-"
//! "doc.org/en/master/usage/theming.html"
//! ```
//!
//! The text a translator sees is their concatenation, escapes decoded
//! (`\n` is a line break, `\"` a quote); each piece maps back to its line.
//! Each keyword (`msgid`, `msgstr[1]`...) starts a new paragraph, so no URL
//! runs from one field into the next. Comments (`#: file.c:12`,
//! `# Translator <mail>`) are text as they stand; an obsolete message
//! (`#~ msgid "..."`) is read like the others but is data.

use super::{Builder, Document};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut at = 0;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(src.len(), |k| at + k);
        let line = &src[at..end];
        let mut indent = line.len() - line.trim_start().len();
        // `#~ msgid "..."`: an obsolete message, kept for history; read
        // as the others are, but data (no translator shows it any more).
        if line[indent..].starts_with("#~") {
            b.data.push((at, end));
            indent += 2;
            indent += line[indent..].len() - line[indent..].trim_start().len();
        }
        let body = &line[indent..];
        if body.starts_with('"') {
            // A continuation: joined to the string before it.
            string(&mut b, src, at + indent + 1, end);
        } else if let Some(quote) = body.starts_with("msg").then(|| body.find('"')).flatten() {
            b.push_for("\n\n", at);
            string(&mut b, src, at + indent + quote + 1, end);
        } else {
            // A comment, a blank line, anything else: text as it stands.
            b.push_for("\n\n", at);
            b.push(line, at);
        }
        at = end + 1;
    }
    b.finish(false)
}

/// Decode the string whose text starts at `from` on a line ending at
/// `end`, up to its closing quote.
fn string(b: &mut Builder, src: &str, from: usize, end: usize) {
    let bytes = &src.as_bytes()[..end];
    let mut run = from;
    let mut i = from;
    while let Some(k) = memchr::memchr2(b'"', b'\\', &bytes[i..]) {
        let at = i + k;
        b.push(&src[run..at], run);
        if bytes[at] == b'"' {
            return;
        }
        let decoded = match bytes.get(at + 1) {
            Some(b'n') => "\n",
            Some(b't') => "\t",
            Some(b'r') => "\r",
            Some(b'"') => "\"",
            Some(b'\\') => "\\",
            // Anything else: the backslash stands for itself.
            _ => {
                run = at;
                i = at + 1;
                continue;
            }
        };
        b.push_escape(decoded, at, 2);
        i = at + 2;
        run = i;
    }
    b.push(&src[run..end], run);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_strings_join_and_fields_do_not() {
        let src = "#: conf.py:12\nmsgid \"\"\n\"See https://www.sphinx-\"\n\"doc.org/x.html\\n\"\nmsgstr \"Siehe \\\"https://a.example/\\\"\"\n";
        let doc = read(src);
        assert!(
            doc.text.contains("See https://www.sphinx-doc.org/x.html\n"),
            "{:?}",
            doc.text
        );
        assert!(
            doc.text.contains("\n\nSiehe \"https://a.example/\""),
            "{:?}",
            doc.text
        );
        assert!(doc.text.contains("#: conf.py:12"));
        // The join maps back: `doc.org` is on the third line.
        let k = doc.text.find("doc.org").unwrap();
        assert_eq!(&src[doc.source_offset(k)..][..7], "doc.org");
    }

    #[test]
    fn an_obsolete_message_is_joined_and_data() {
        let src =
            "#~ msgid \"\"\n#~ \"GPL <http://gnu.org/licenses/gpl.\"\n#~ \"html>\"\nmsgid \"x\"\n";
        let doc = read(src);
        assert!(
            doc.text.contains("GPL <http://gnu.org/licenses/gpl.html>"),
            "{:?}",
            doc.text
        );
        assert!(doc.is_data(src.find("http").unwrap()));
        assert!(!doc.is_data(src.find("msgid \"x").unwrap()));
    }
}
