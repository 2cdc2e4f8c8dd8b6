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
//! (`#~ msgid "..."`) and a fuzzy message's previous source text (`#|
//! msgid "..."`) are read like the others but are data. In a message
//! flagged as a printf-style format string (`#, python-format`, `c-format`...), `%%`
//! is a literal `%`: `?subject=Gold%%20membership` becomes `%20` on the
//! page.

use super::{Builder, Document};

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut at = 0;
    // The message being read is a printf-style format string.
    let mut format = false;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(src.len(), |k| at + k);
        let line = &src[at..end];
        let mut indent = line.len() - line.trim_start().len();
        // `#~ msgid "..."`: an obsolete message, kept for history; `#|
        // msgid "..."`: a fuzzy message's previous source text, a tool's
        // copy. Read as the others are, but data: nobody shows either.
        if line[indent..].starts_with("#~") || line[indent..].starts_with("#|") {
            b.data.push((at, end));
            indent += 2;
            indent += line[indent..].len() - line[indent..].trim_start().len();
        }
        let body = &line[indent..];
        if body.starts_with('"') {
            // A continuation: joined to the string before it.
            string(&mut b, src, at + indent + 1, end, format);
        } else if let Some(quote) = body.starts_with("msg").then(|| body.find('"')).flatten() {
            b.push_for("\n\n", at);
            string(&mut b, src, at + indent + quote + 1, end, format);
        } else {
            // A comment, a blank line, anything else: text as it stands.
            // A blank line ends the message; its flags come before it.
            if body.trim().is_empty() {
                format = false;
            } else if let Some(flags) = body.strip_prefix("#,") {
                format |= flags
                    .split(',')
                    .map(str::trim)
                    .any(|f| PERCENT_FORMATS.contains(&f));
            }
            b.push_for("\n\n", at);
            b.push(line, at);
        }
        at = end + 1;
    }
    b.finish(false)
}

/// The format flags whose strings write a literal `%` as `%%` (printf's
/// family); Qt's, Java's `MessageFormat`, C#'s and the shell's do not.
const PERCENT_FORMATS: &[&str] = &[
    "c-format",
    "objc-format",
    "python-format",
    "java-printf-format",
    "perl-format",
    "php-format",
    "awk-format",
    "tcl-format",
    "lua-format",
    "elisp-format",
    "librep-format",
    "object-pascal-format",
    "gcc-internal-format",
    "gfc-internal-format",
    "boost-format",
    "ruby-format",
    "go-format",
    "javascript-format",
];

/// Decode the string whose text starts at `from` on a line ending at
/// `end`, up to its closing quote; `format`: `%%` is a literal `%`.
fn string(b: &mut Builder, src: &str, from: usize, end: usize, format: bool) {
    let bytes = &src.as_bytes()[..end];
    // Outside a format string `%` is a byte like any other: the search
    // looks for the quote twice instead.
    let percent = if format { b'%' } else { b'"' };
    let mut run = from;
    let mut i = from;
    while let Some(k) = memchr::memchr3(b'"', b'\\', percent, &bytes[i..]) {
        let at = i + k;
        b.push(&src[run..at], run);
        if bytes[at] == b'"' {
            return;
        }
        if bytes[at] == b'%' {
            if bytes.get(at + 1) == Some(&b'%') {
                b.push_escape("%", at, 2);
                i = at + 2;
            } else {
                b.push("%", at);
                i = at + 1;
            }
            run = i;
            continue;
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
    fn a_format_string_writes_a_percent_as_two() {
        let src = "#, python-format\nmsgid \"\"\n\"<a href=\\\"mailto:rev@r.org?\"\n\"subject=Gold%%20membership %(x)s\\\">\"\n\nmsgid \"see http://a.example/50%%\"\n";
        let doc = read(src);
        assert!(
            doc.text
                .contains("mailto:rev@r.org?subject=Gold%20membership %(x)s"),
            "{:?}",
            doc.text
        );
        // The escape maps back to its two bytes' first.
        let k = doc.text.find("%20").unwrap();
        assert_eq!(&src[doc.source_offset(k)..][..4], "%%20");
        // Near miss: after the blank line, a message with no flag.
        assert!(doc.text.contains("http://a.example/50%%"), "{:?}", doc.text);
        // Flags over two lines add up; Qt's format keeps `%%` as it is.
        let two = read("#, c-format\n#, fuzzy\nmsgid \"see http://a.example/50%%20off\"\n");
        assert!(two.text.contains("50%20off"), "{:?}", two.text);
        let qt = read("#, qt-format\nmsgid \"see http://a.example/50%%20off\"\n");
        assert!(qt.text.contains("50%%20off"), "{:?}", qt.text);
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

    #[test]
    fn a_fuzzy_messages_previous_text_is_data() {
        let src = "#, fuzzy\n#| msgid \"\"\n#| \"from https://www.kernel.org/pub/linux/utils/util-linux/[Linux \"\n#| \"Kernel Archive]\"\nmsgid \"see https://a.example/\"\n";
        let doc = read(src);
        assert!(doc.is_data(src.find("https://www.kernel").unwrap()));
        assert!(!doc.is_data(src.find("https://a.example").unwrap()));
    }
}
