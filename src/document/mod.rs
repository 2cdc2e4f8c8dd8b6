//! Documents: each file read by its *syntax* before it is scanned.
//!
//! Documentation is Markdown, HTML, AsciiDoc, reStructuredText, JSON, man
//! pages. Their markup is not part of any URL, and their link syntax says
//! exactly where a URL starts and ends. A reader turns a file's text into a
//! [`Document`]:
//!
//! - [`Link`]s: URLs whose extent the markup gives (a Markdown link
//!   destination, an HTML `href`, an AsciiDoc `URL[text]` target), already
//!   decoded, each piece knowing where it came from in the file;
//! - `text`: everything else, for the scanner to read as plain text, with the
//!   markup left out (or blanked), escapes resolved, and an [`OffsetMap`]
//!   leading every byte back to the file.
//!
//! One file per syntax, each small enough to read whole. A reader never
//! needs the scanner: this stage comes before it (see `scan::document`).
//!
//! ```
//! use urlint::document::{read, Syntax};
//!
//! let md = "See [the docs](https://a.example/x;) or serde\\_json at https://b.example/serde\\_json.\n";
//! let doc = read(Syntax::Markdown, md);
//! assert_eq!(doc.links[0].url, "https://a.example/x;");
//! assert!(doc.text.contains("https://b.example/serde_json"));
//! ```

mod asciidoc;
mod code;
mod diff;
mod html;
mod icalendar;
mod json;
mod latex;
pub(crate) mod markdown;
pub mod pattern;
mod po;
mod roff;
mod rst;
mod rtf;
mod texinfo;

use std::path::Path;

pub(crate) use crate::input::offsets::OffsetMap;

/// How a file is read (the README, "How documents are read").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// CommonMark and GitHub-flavoured Markdown.
    Markdown,
    /// HTML and XHTML.
    Html,
    /// AsciiDoc.
    Asciidoc,
    /// reStructuredText.
    Rst,
    /// JSON.
    Json,
    /// roff: man pages, `ms`.
    Roff,
    /// Texinfo.
    Texinfo,
    /// LaTeX: `\url{}` and `\href{}{}` are links, `%` starts a comment.
    Latex,
    /// RTF: control words and braces are markup.
    Rtf,
    /// gettext catalogues: each message's adjacent strings joined.
    Po,
    /// iCalendar and vCard: folded content lines unfolded.
    Icalendar,
    /// Unified diffs and patches: removed lines are data, each line's mark
    /// dropped.
    Diff,
    /// Source code with `//` and `/* */` comments: C, C++, Rust, Go, Java,
    /// JavaScript, TypeScript, C#, Swift, Kotlin... Comments are prose,
    /// the rest data.
    C,
    /// Source code with `#` comments: shell, Perl (and POD), Ruby, R...
    Shell,
    /// Python: `#` comments and docstrings are prose, the rest data.
    Python,
    /// Source code with `--` comments: Lua, Haskell, SQL, Elm, Ada...
    /// Comments are prose, the rest data.
    Lua,
    /// Lisp: Emacs Lisp, Common Lisp, Scheme, Racket, Clojure. `;` and
    /// `#| |#` comments are prose, the rest (strings too) data.
    Lisp,
    /// Plain text: the RFC 1738 appendix rules, hard wraps included.
    Text,
}

impl Syntax {
    /// Every syntax, in the README's order.
    pub const ALL: &'static [Syntax] = &[
        Syntax::Markdown,
        Syntax::Html,
        Syntax::Asciidoc,
        Syntax::Rst,
        Syntax::Json,
        Syntax::Roff,
        Syntax::Texinfo,
        Syntax::Latex,
        Syntax::Rtf,
        Syntax::Po,
        Syntax::Icalendar,
        Syntax::Diff,
        Syntax::C,
        Syntax::Shell,
        Syntax::Python,
        Syntax::Lua,
        Syntax::Lisp,
        Syntax::Text,
    ];

    /// The name `--syntax` and `[syntax]` take.
    pub fn as_str(self) -> &'static str {
        match self {
            Syntax::Markdown => "markdown",
            Syntax::Html => "html",
            Syntax::Asciidoc => "asciidoc",
            Syntax::Rst => "rst",
            Syntax::Json => "json",
            Syntax::Roff => "roff",
            Syntax::Texinfo => "texinfo",
            Syntax::Latex => "latex",
            Syntax::Rtf => "rtf",
            Syntax::Po => "po",
            Syntax::Icalendar => "icalendar",
            Syntax::Diff => "diff",
            Syntax::C => "c",
            Syntax::Shell => "shell",
            Syntax::Python => "python",
            Syntax::Lua => "lua",
            Syntax::Lisp => "lisp",
            Syntax::Text => "text",
        }
    }

    /// The syntax called `name`, if any.
    pub fn from_name(name: &str) -> Option<Syntax> {
        Syntax::ALL.iter().copied().find(|s| s.as_str() == name)
    }

    /// The syntax a file's name says, `text` when it says none. A
    /// compressed file is judged by its name without `.gz` (and the like).
    pub fn from_path(path: &Path) -> Syntax {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_ascii_lowercase();
        let name = crate::input::without_compression(&name);
        // A build's template (`unbound.conf.5.in`, `index.html.in`, which
        // autoconf or CMake fills in) is the file it becomes.
        let name = name
            .strip_suffix(".in")
            .filter(|stem| stem.contains('.'))
            .unwrap_or(name);
        // A page saved whole by a browser keeps its scripts and styles in
        // `…_files/` as `analytics.js.download` (`analytics.js.下载` in a
        // Chinese one): the file it was.
        let name = name
            .strip_suffix(".download")
            .or_else(|| name.strip_suffix(".\u{4e0b}\u{8f7d}"))
            .filter(|stem| stem.contains('.'))
            .unwrap_or(name);
        let Some((stem, ext)) = name.rsplit_once('.') else {
            return Syntax::Text;
        };
        match Syntax::from_extension(ext) {
            Syntax::Text => {}
            known => return known,
        }
        // Content negotiation and translations: `core.html.fr.utf8`,
        // `mod_ssl.xml.es`, `index.html.ko.euc-kr`. A markup extension
        // before short suffixes decides.
        let mut stem = stem;
        let mut suffixes = 1;
        while let Some((rest, ext)) = stem.rsplit_once('.') {
            let syntax = Syntax::from_extension(ext);
            if matches!(
                syntax,
                Syntax::Markdown | Syntax::Html | Syntax::Asciidoc | Syntax::Rst | Syntax::Texinfo
            ) {
                return syntax;
            }
            suffixes += 1;
            if suffixes > 2 || ext.len() > 8 {
                break;
            }
            stem = rest;
        }
        Syntax::Text
    }

    /// A `.txt` file its name calls `text`, judged by its first bytes
    /// (the caller asks only for those): one that
    /// opens with a YAML front matter block (a `---` line, `key: value`
    /// lines, a `---` or `...` line), which static site generators and
    /// pandoc read before Markdown, is Markdown (the CommonMark spec's
    /// `spec.txt`); one that opens with `BEGIN:VCALENDAR` or `BEGIN:VCARD`
    /// is iCalendar; one written in reStructuredText (Django's documentation
    /// and other Sphinx projects name their sources `.txt`) is reST; one
    /// that opens as an HTML page (`<!DOCTYPE html`, `<html`: a page saved
    /// as `.txt`, as old how-tos are) is HTML; one that opens with a roff
    /// comment, title or macro definition (`'\"`, `.\"`, `.TH `, `.de `:
    /// Tcl's manual pages are named `.n`, a name other languages use too)
    /// is roff; one that opens as a unified diff (`diff --git`, or `--- `
    /// and `+++ ` lines) is a diff, also when an inner extension named it
    /// Markdown (a changelog site's `0793f53_packaging.md.txt`). Any other
    /// syntax stays.
    #[must_use]
    pub fn refined_by_head(self, head: &[u8]) -> Syntax {
        if self == Syntax::Text && opens_roff(head) {
            Syntax::Roff
        } else if self == Syntax::Text && opens_html_page(head) {
            Syntax::Html
        } else if self == Syntax::Text && has_front_matter(head) {
            Syntax::Markdown
        } else if matches!(self, Syntax::Text | Syntax::Markdown) && opens_diff(head) {
            // `0793f53_packaging.md.txt`: a diff of a Markdown page.
            Syntax::Diff
        } else if self == Syntax::Text && icalendar::opens_object(head) {
            Syntax::Icalendar
        } else if self == Syntax::Text && looks_like_rst(head) {
            Syntax::Rst
        } else {
            self
        }
    }

    /// The syntax a file name's last extension (lower case) says.
    fn from_extension(ext: &str) -> Syntax {
        match ext {
            "md" | "markdown" | "mdown" | "mkd" | "mdx" => Syntax::Markdown,
            // `.bs`: Bikeshed, the HTML source of W3C and WHATWG specs;
            // `.sgml`: DocBook's and LinuxDoc's (`<ulink url="…">`);
            // `.xmi`, `.uml`, `.ecore`: XML models Eclipse's tools write, their
            // `xmlns:` names (`http:///schemas/ACAL_UML_Profile/_kRf…/2`) no links.
            "html" | "htm" | "xhtml" | "svg" | "xml" | "bs" | "sgml" | "sgm" | "xmi" | "uml"
            | "ecore" => Syntax::Html,
            "adoc" | "asciidoc" | "asc" => Syntax::Asciidoc,
            "rst" => Syntax::Rst,
            "json" => Syntax::Json,
            "man" | "ms" => Syntax::Roff,
            // `ls.1`, and sections with a suffix: `openssl.1ssl`, `File::Spec.3pm`,
            // NTP's `ntp-keygen.1ntp-keygenman`.
            s if s.starts_with(|c: char| matches!(c, '1'..='9'))
                && s[1..].bytes().all(|c| c.is_ascii_lowercase() || c == b'-') =>
            {
                Syntax::Roff
            }
            "texi" | "texinfo" => Syntax::Texinfo,
            "tex" | "ltx" | "latex" | "sty" | "cls" | "dtx" | "ins" => Syntax::Latex,
            "rtf" => Syntax::Rtf,
            "po" | "pot" => Syntax::Po,
            "ics" | "ifb" | "vcf" | "vcard" => Syntax::Icalendar,
            "diff" | "patch" | "debdiff" => Syntax::Diff,
            "c" | "h" | "cc" | "cpp" | "cxx" | "c++" | "hpp" | "hh" | "hxx" | "inl" | "ino"
            | "m" | "mm" | "rs" | "go" | "java" | "kt" | "kts" | "scala" | "sc" | "groovy"
            | "gradle" | "swift" | "cs" | "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts"
            | "tsx" | "dart" | "php" | "zig" | "proto" | "sol" | "css" | "scss" | "less"
            // V and Verilog (`//`, `/* */`); Coq's `.v` comments, `(* *)`,
            // are then read as code, which errs towards data.
            | "v" | "sv" => Syntax::C,
            "sh" | "bash" | "zsh" | "ksh" | "fish" | "pl" | "pm" | "perl" | "rb" | "r" | "tcl"
            | "ps1" | "awk" | "cmake" | "ex" | "exs" | "cr" | "jl" | "nim" | "coffee"
            | "zsh-theme" => Syntax::Shell,
            "py" | "pyi" | "pyw" | "pyx" => Syntax::Python,
            "lua" | "hs" | "lhs" | "sql" | "elm" | "ada" | "adb" | "ads" | "vhd" | "vhdl" => {
                Syntax::Lua
            }
            "el" | "lisp" | "lsp" | "cl" | "scm" | "ss" | "rkt" | "rktl" | "clj" | "cljs" | "cljc"
            | "fnl" => Syntax::Lisp,
            _ => Syntax::Text,
        }
    }

    /// Whether hard-wrapped bare URLs are rejoined: in plain text (and mail)
    /// only; other syntaxes say by their own rules where a URL ends.
    pub fn hard_wraps(self) -> bool {
        self == Syntax::Text
    }
}

/// Whether `head` opens an HTML page: `<!DOCTYPE html` or `<html` first
/// (after a byte-order mark and blanks), in any case.
fn opens_html_page(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let head = head.trim_ascii_start();
    let starts = |p: &[u8]| head.len() >= p.len() && head[..p.len()].eq_ignore_ascii_case(p);
    (starts(b"<!DOCTYPE html") || starts(b"<html"))
        && head
            .get(if starts(b"<html") { 5 } else { 14 })
            .is_none_or(|c| c.is_ascii_whitespace() || *c == b'>')
}

/// Whether `head` opens as a unified diff: `git diff`'s `diff --git a/x
/// b/x` line, or the `--- ` and `+++ ` headers (a changelog site's
/// `pages/diffs/0793f53_packaging.md.txt`, whose `@@ … @@` lines repeat a
/// line of the file cut short).
fn opens_diff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    if head.starts_with(b"diff --git ") {
        return true;
    }
    let mut lines = head.split(|&c| c == b'\n');
    matches!(
        (lines.next(), lines.next()),
        (Some(a), Some(b)) if a.starts_with(b"--- ") && b.starts_with(b"+++ ")
    )
}

/// Whether `head` opens as roff source: a comment line (`'\"`, `.\"`),
/// the title macro (`.TH name`) or a macro definition (`.de name`,
/// groff's `.de1 name`: the prologue GNU `autogen` puts before NTP's `.TH`).
fn opens_roff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    [&b"'\\\""[..], b".\\\"", b".TH ", b".de ", b".de1 "]
        .iter()
        .any(|p| head.starts_with(p))
}

/// Whether `head` reads as reStructuredText: a line of explicit markup
/// that only reST writes (a directive `.. note::`, a target `.. _name:`),
/// or a title with a line of the same mark over and under it together
/// with an inline literal (` ``code`` `). Plain text draws boxes of `=`,
/// but rarely both.
fn looks_like_rst(head: &[u8]) -> bool {
    // Borrowed when valid (nearly always): the lossy copy of every text
    // file's head cost 2.4% of reading a documentation tree.
    let text = match simdutf8::basic::from_utf8(head) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(head),
    };
    // Most heads hold neither a directive's `.. ` at a line start (or
    // indented under a list item: libfmt's changelog, `  .. code:: c++`)
    // nor a literal's ``` `` ```: those are found first, and the lines
    // split only when one is there.
    let directive = memchr::memmem::find_iter(head, b".. ").any(|at| {
        head[..at]
            .iter()
            .rev()
            .take_while(|&&c| c != b'\n')
            .all(|&c| c == b' ')
    });
    let markup = directive
        && text.lines().map(str::trim).any(|l| {
            let Some(rest) = l.strip_prefix(".. ") else {
                return false;
            };
            if let Some(name) = rest.strip_prefix('_') {
                return name.find(": ").is_some_and(|k| k > 0) || name.ends_with(':');
            }
            rest.find("::").is_some_and(|k| {
                k > 0
                    && rest[..k]
                        .bytes()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':'))
            })
        });
    if markup {
        return true;
    }
    if memchr::memmem::find(head, b"``").is_none() {
        return false;
    }
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let adornment = |l: &str| {
        l.len() >= 3
            && l.bytes()
                .all(|c| c == l.as_bytes()[0] && b"=-~*#^\"+".contains(&c))
    };
    lines
        .windows(3)
        .any(|w| adornment(w[0]) && w[2] == w[0] && !w[1].trim().is_empty() && !adornment(w[1]))
}

/// Whether `head` opens with a YAML front matter block, closed within it.
fn has_front_matter(head: &[u8]) -> bool {
    let Some(rest) = head
        .strip_prefix(b"---\n")
        .or_else(|| head.strip_prefix(b"---\r\n"))
    else {
        return false;
    };
    let mut keys = 0;
    for line in rest.split(|&c| c == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line == b"---" || line == b"..." {
            return keys > 0;
        }
        match line.first() {
            Some(c) if c.is_ascii_alphabetic() => {
                let k = line
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
                    .count();
                if line.get(k) != Some(&b':') || !matches!(line.get(k + 1), None | Some(b' ')) {
                    return false;
                }
                keys += 1;
            }
            // A value continued, a list's item, a comment, a blank line.
            None | Some(b' ' | b'\t' | b'-' | b'#') => {}
            Some(_) => return false,
        }
    }
    false
}

/// A URL whose extent the markup gives (form `link`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Link {
    /// The URL, markup escapes and character references decoded.
    pub url: String,
    /// Byte range of the URL as written in the source (the destination,
    /// without the markup around it).
    pub start: usize,
    /// End of that range (exclusive).
    pub end: usize,
    /// `(index in url, source offset)` where each piece of `url` starts;
    /// within a piece, `url` is the source byte for byte. The first is at 0.
    pub pieces: Vec<(usize, usize)>,
    /// The markup was never closed (`[text](http://a/b` to the end of the
    /// paragraph, an attribute value with no closing quote).
    pub unterminated: bool,
}

impl Link {
    /// A link whose URL is `src[start..end]` as it stands.
    pub(crate) fn verbatim(src: &str, start: usize, end: usize) -> Link {
        Link {
            url: src[start..end].to_owned(),
            start,
            end,
            pieces: vec![(0, start)],
            unterminated: false,
        }
    }
}

/// Builds a link URL from pieces of the source (escapes resolved).
#[derive(Debug, Default)]
pub(crate) struct UrlBuilder {
    url: String,
    pieces: Vec<(usize, usize)>,
    /// Source offset right after the last piece, to merge contiguous ones.
    next: usize,
}

impl UrlBuilder {
    /// Append `s`, which stands at source offset `from` (a resolved escape:
    /// the source of its first byte).
    pub(crate) fn push(&mut self, s: &str, from: usize, source_len: usize) {
        if s.is_empty() {
            return;
        }
        if self.pieces.is_empty() || self.next != from || source_len != s.len() {
            self.pieces.push((self.url.len(), from));
        }
        self.url.push_str(s);
        self.next = if source_len == s.len() {
            from + source_len
        } else {
            // A decoded escape is a piece of its own.
            usize::MAX
        };
    }

    pub(crate) fn finish(self, start: usize, end: usize, unterminated: bool) -> Link {
        let mut pieces = self.pieces;
        if pieces.is_empty() {
            pieces.push((0, start));
        }
        Link {
            url: self.url,
            start,
            end,
            pieces,
            unterminated,
        }
    }
}

/// What a reader makes of a file.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Document {
    /// Text for the scanner: markup left out or blanked, escapes resolved.
    pub text: String,
    /// From offsets in `text` to offsets in the source.
    pub(crate) map: OffsetMap,
    /// URLs the markup delimits, in source order.
    pub links: Vec<Link>,
    /// Whether hard-wrapped bare URLs in `text` are rejoined.
    pub hard_wraps: bool,
    /// Resolved escapes: `(text start, text end, source end)`, in order,
    /// so a URL ending in one ends where the escape does in the source.
    pub(crate) escapes: Vec<(usize, usize, usize)>,
    /// Source ranges holding data, not prose (source code outside its
    /// comments), sorted and disjoint: their URLs are found, not linted.
    pub(crate) data: Vec<(usize, usize)>,
}

impl Document {
    /// The source offset of `text` offset `off`.
    pub fn source_offset(&self, off: usize) -> usize {
        self.map.map(off)
    }

    /// The source offset just after text offset `end` (exclusive): after
    /// the source of the last byte before it (all of an escape), so markup
    /// that follows in the source (a closing `**`) is not taken in.
    pub fn source_end(&self, end: usize) -> usize {
        if end == 0 {
            return self.map.map(0);
        }
        let k = self.escapes.partition_point(|e| e.0 < end);
        match k.checked_sub(1).map(|k| self.escapes[k]) {
            Some((_, out_end, src_end)) if end <= out_end => src_end,
            _ => self.map.map(end - 1) + 1,
        }
    }

    /// Whether source offset `off` lies in data (see [`Document::data`]).
    pub fn is_data(&self, off: usize) -> bool {
        let k = self.data.partition_point(|&(s, _)| s <= off);
        k > 0 && off < self.data[k - 1].1
    }

    /// Offsets in `text`, strictly between `from` and `to`, where the map
    /// to the source jumps (an escape resolved, markup left out): a URL
    /// found in `text` is cut into pieces there.
    pub(crate) fn breaks(&self, from: usize, to: usize) -> impl Iterator<Item = usize> + '_ {
        self.map.breaks(from, to)
    }
}

/// Collects a reader's output: text with its map, and links.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    pub(crate) text: String,
    pub(crate) map: OffsetMap,
    pub(crate) links: Vec<Link>,
    pub(crate) escapes: Vec<(usize, usize, usize)>,
    /// Source ranges of data (see [`Document::data`]), in order.
    pub(crate) data: Vec<(usize, usize)>,
}

impl Builder {
    /// A builder for reading `src`: its text rarely outgrows the source.
    pub(crate) fn for_source(src: &str) -> Builder {
        Builder {
            text: String::with_capacity(src.len()),
            ..Builder::default()
        }
    }

    /// Append source text `s` found at source offset `from`, byte for byte.
    pub(crate) fn push(&mut self, s: &str, from: usize) {
        if s.is_empty() {
            return;
        }
        self.map.linear(self.text.len(), from);
        self.text.push_str(s);
    }

    /// Append `s`, which stands for the markup at source offset `at` (a
    /// separator, a resolved escape): every byte of it maps there.
    pub(crate) fn push_for(&mut self, s: &str, at: usize) {
        if s.is_empty() {
            return;
        }
        self.map.point(self.text.len(), at);
        self.text.push_str(s);
    }

    /// Append `s`, which an escape of `len` source bytes at `at` stands
    /// for (`\_`, `&amp;`, `\u00e9`).
    pub(crate) fn push_escape(&mut self, s: &str, at: usize, len: usize) {
        if s.is_empty() {
            return;
        }
        let start = self.text.len();
        self.push_for(s, at);
        self.escapes.push((start, self.text.len(), at + len));
    }

    /// Replace `text[from..]` with spaces (line breaks kept): a link's text
    /// that the scanner must not find a second time. The length, and so
    /// the map, stays.
    pub(crate) fn blank_from(&mut self, from: usize) {
        let to = self.text.len();
        blank(&mut self.text, from, to);
    }

    /// Add a link if it is a URL (it has a scheme) and not a pattern. A
    /// destination with a stray bracket or quote glued before its
    /// `scheme://` (proptest's `([\#498]([https://github.com/…))`) is the
    /// author's URL gone wrong, kept whole so that `invalid-scheme` shows
    /// it: read as a relative reference, the link leads nowhere.
    pub(crate) fn link(&mut self, link: Link) {
        // A quoted destination is a pattern when what it quotes is one
        // (`("hdfs://..")`, Scala's string outside its code block).
        let stray = has_stray_before_scheme(&link.url);
        let inner = if stray {
            let rest = &link.url[link.url.chars().next().map_or(0, char::len_utf8)..];
            rest.strip_suffix(['"', '\'', ']', ')', '>', '`', '\u{201d}', '\u{2019}'])
                .unwrap_or(rest)
        } else {
            &link.url
        };
        if (is_url(&link.url) || stray || is_colonless_web_url(&link.url))
            && !pattern::is_pattern(inner)
        {
            self.links.push(link);
        }
    }

    pub(crate) fn finish(mut self, hard_wraps: bool) -> Document {
        self.links.sort_by_key(|l| l.start);
        // Data ranges in order and apart (an example inside an example).
        self.data.sort_unstable();
        self.data.dedup_by(|next, prev| {
            let overlaps = next.0 <= prev.1;
            if overlaps {
                prev.1 = prev.1.max(next.1);
            }
            overlaps
        });
        Document {
            text: self.text,
            map: self.map,
            links: self.links,
            hard_wraps,
            escapes: self.escapes,
            data: self.data,
        }
    }
}

/// A search for the next `needle` that remembers its answer: asked again
/// from a later point, it searches again only once it has been passed, so
/// a reader that asks at every one of a flood of unclosed openers stays
/// linear.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) enum Next {
    /// Not searched yet.
    #[default]
    Unknown,
    /// The last answer.
    At(usize),
    /// There is none left.
    Never,
}

impl Next {
    /// The first `needle` in `hay` at or after `from`.
    pub(crate) fn find(&mut self, hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
        match *self {
            Next::At(at) if at >= from => return Some(at),
            Next::Never => return None,
            _ => {}
        }
        let rest = hay.get(from..).unwrap_or_default();
        // One byte (a closing quote, asked of every attribute): `memchr`
        // itself, without building a substring searcher each time.
        let found = match needle {
            [byte] => memchr::memchr(*byte, rest),
            _ => memchr::memmem::find(rest, needle),
        }
        .map(|k| from + k);
        *self = found.map_or(Next::Never, Next::At);
        found
    }
}

/// Replace `text[from..to]` with spaces, keeping line breaks and length.
pub(crate) fn blank(text: &mut String, from: usize, to: usize) {
    let Some(piece) = text.get(from..to) else {
        return;
    };
    let blanked: String = piece
        .chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect();
    text.replace_range(from..to, &blanked);
}

/// Whether a link destination is a URL, not a relative reference: it
/// starts with a scheme that is known, or that is followed by `//` (as for
/// the `angle` form, so `javascript:void(0)` and `C:\dir` are not URLs).
pub(crate) fn is_url(dest: &str) -> bool {
    let b = dest.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let Some(colon) = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
    else {
        return false;
    };
    if b[colon] != b':' || colon > 32 {
        return false;
    }
    let rest = &dest[colon + 1..];
    if rest.starts_with("//") {
        return rest.len() > 2;
    }
    crate::schemes::is_known(&dest[..colon].to_ascii_lowercase())
        && rest.bytes().next().is_some_and(|c| c != b':')
}

/// Whether the `<` and `>` in a link's fragment `frag` belong to its
/// anchor's name, as a documentation generator writes it: no blank, and
/// the brackets paired, the first one opening (coqdoc's `#b<sub>1</sub>`,
/// javadoc's `#sort(java.util.List<T>)`), or each quoted (coqdoc's
/// `#:nat_scope:x_'>'_x`).
pub(crate) fn is_anchor_name(frag: &[u8]) -> bool {
    let brackets = || {
        frag.iter()
            .enumerate()
            .filter(|(_, &c)| c == b'<' || c == b'>')
    };
    let count = |x: u8| memchr::memchr_iter(x, frag).count();
    let paired = count(b'<') == count(b'>') && brackets().next().is_some_and(|(_, &c)| c == b'<');
    let quoted =
        brackets().all(|(k, _)| frag[..k].ends_with(b"'") || frag[k + 1..].starts_with(b"'"));
    !frag.iter().any(u8::is_ascii_whitespace) && (paired || quoted)
}

/// A bracket or quote a slip may glue before a link target's scheme, or an
/// invisible character a paste carries along (a word joiner, a zero-width
/// space or joiner, a byte order mark: a podcast's show notes link
/// `(\u{2060}https://…)`).
pub(crate) fn is_stray_mark(c: char) -> bool {
    matches!(
        c,
        '[' | '(' | '<' | '"' | '\'' | '`' | '\u{201c}' | '\u{2018}'
    ) || is_invisible_mark(c)
}

/// A character that takes no room on the page: the stray marks a reader
/// cannot see, named by their code point in messages.
pub(crate) fn is_invisible_mark(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}')
}

/// Whether `dest` is one bracket or quote, then a URL with `//` after its
/// scheme: `[https://…`, `"https://…`, `“https://…`. A path or a word
/// before the scheme is not this (`/https://…` is a proxy's route).
pub(crate) fn has_stray_before_scheme(dest: &str) -> bool {
    let mut chars = dest.chars();
    let first = chars.next();
    let stray = first.is_some_and(is_stray_mark);
    // A run of invisible marks is one (`\u{2060}\u{200b}https://…`).
    let rest = if first.is_some_and(is_invisible_mark) {
        chars.as_str().trim_start_matches(is_invisible_mark)
    } else {
        chars.as_str()
    };
    stray
        && is_url(rest)
        && rest
            .find(':')
            .is_some_and(|colon| rest[colon + 1..].starts_with("//"))
}

/// Whether a destination is a web address that lost its colon
/// (`[Sodium Halogen](https//sodiumhalogen.com)`): read as a relative
/// reference it leads to a page `https//…` below the current one, which
/// no author means, so it is kept for `misspelled-scheme` to report. The
/// first segment after `//` must read as a host (a dot inside it), so a
/// path such as `http//notes` stays relative.
pub(crate) fn is_colonless_web_url(dest: &str) -> bool {
    let b = dest.as_bytes();
    let Some(rest) = [&b"https//"[..], b"http//", b"ftp//"]
        .iter()
        .find(|p| b.len() > p.len() && b[..p.len()].eq_ignore_ascii_case(p))
        .map(|p| &b[p.len()..])
    else {
        return false;
    };
    let host = rest
        .split(|&c| matches!(c, b'/' | b'?' | b'#'))
        .next()
        .unwrap_or_default();
    // A name's last label, not a file's extension (`http//README.md`, a
    // folder `http/` meant) or a version's number (`http//v1.2/notes`).
    let top = host.rsplit(|&c| c == b'.').next().unwrap_or_default();
    let top = top.split(|&c| c == b':').next().unwrap_or_default();
    let file = [
        &b"md"[..],
        b"html",
        b"htm",
        b"txt",
        b"json",
        b"png",
        b"jpg",
        b"jpeg",
        b"gif",
        b"svg",
        b"pdf",
        b"xml",
        b"yml",
        b"yaml",
        b"rst",
        b"php",
        b"js",
        b"css",
        b"ts",
        b"py",
        b"rs",
    ]
    .iter()
    .any(|e| top.eq_ignore_ascii_case(e));
    host.first().is_some_and(u8::is_ascii_alphanumeric)
        && host.contains(&b'.')
        && host.last().is_some_and(u8::is_ascii_alphanumeric)
        && host
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b':'))
        && top.len() >= 2
        && top.iter().all(u8::is_ascii_alphabetic)
        && !file
}

/// Read `src` as `syntax`.
pub fn read(syntax: Syntax, src: &str) -> Document {
    let mut doc = read_links(syntax, src);
    one_unterminated_a_line(&mut doc.links, src);
    doc.links.retain(|l| !shortened_by_markup(l, src));
    doc
}

/// Whether a link's source holds a forum's "show more" cut: Discourse
/// shortens a quoted link's text inside it, an ellipsis in a
/// `show-more-container` and the rest hidden (a forum archive's
/// `https://github.com/commontk/CTK/iss<span class="show-more-container">…`):
/// no address anyone wrote. (An ellipsis alone is another matter: Asciidoctor's
/// in a javadoc anchor, a Slack cut pasted as `blob[…]ain`, links that lead
/// nowhere, reported.)
fn shortened_by_markup(link: &Link, source: &str) -> bool {
    source
        .get(link.start..link.end)
        .is_some_and(|s| s.contains("class=\"show-more"))
}

/// Keep the first unclosed link of each line: those after it on the line
/// are the same broken run (`[a](http://x/[a](http://x/...`), not news.
/// A destination in a reference's brackets is whole, each its own slip
/// (`[a][https://x/] and [b][https://y/]`).
fn one_unterminated_a_line(links: &mut Vec<Link>, src: &str) {
    let mut last: Option<usize> = None;
    links.retain(|l| {
        let bracketed = || {
            src.get(..l.start)
                .zip(src.get(l.end..))
                .is_some_and(|(h, r)| markdown::is_bracketed(h, r))
        };
        if !l.unterminated || bracketed() {
            return true;
        }
        let same_line = last.is_some_and(|p| {
            p <= l.start && memchr::memchr(b'\n', &src.as_bytes()[p..l.start]).is_none()
        });
        last = Some(l.start);
        !same_line
    });
}

fn read_links(syntax: Syntax, src: &str) -> Document {
    match syntax {
        Syntax::Markdown => markdown::read(src),
        Syntax::Html => html::read(src),
        Syntax::Asciidoc => asciidoc::read(src),
        Syntax::Rst => rst::read(src),
        Syntax::Json => json::read(src),
        Syntax::Roff => roff::read(src),
        Syntax::Texinfo => texinfo::read(src),
        Syntax::Latex => latex::read(src),
        Syntax::Rtf => rtf::read(src),
        Syntax::Po => po::read(src),
        Syntax::Icalendar => icalendar::read(src),
        Syntax::Diff => diff::read(src),
        Syntax::C => code::read(src, code::Family::C),
        Syntax::Shell => code::read(src, code::Family::Hash),
        Syntax::Python => code::read(src, code::Family::Python),
        Syntax::Lua => code::read(src, code::Family::Dash),
        Syntax::Lisp => code::read(src, code::Family::Lisp),
        Syntax::Text => {
            let mut b = Builder::for_source(src);
            b.push(src, 0);
            b.finish(true)
        }
    }
}

#[cfg(test)]
mod tests;
