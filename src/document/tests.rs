//! Readers and the scan of their documents: exact positions through
//! escapes, and properties every syntax keeps on any input.

use proptest::prelude::*;

use super::{read, Syntax};
use crate::scan::{Candidate, ScanOptions, Scanner};
use crate::span::Pos;

fn scan(syntax: Syntax, src: &str) -> Vec<Candidate> {
    let doc = read(syntax, src);
    let mut found = Vec::new();
    let options = ScanOptions {
        excerpts: true,
        ..ScanOptions::default()
    };
    Scanner::new(options).scan_document(&doc, src, |c| found.push(c));
    found
}

/// The source text under the first candidate `syntax` finds in `src`.
fn first_span_text(syntax: Syntax, src: &str) -> &str {
    let c = &scan(syntax, src)[0];
    &src[c.span.start.offset as usize..c.span.end.offset as usize]
}

fn urls(syntax: Syntax, src: &str) -> Vec<(String, &'static str)> {
    scan(syntax, src)
        .into_iter()
        .filter(|c| !c.facts.unterminated)
        .map(|c| (c.url, c.form.as_str()))
        .collect()
}

/// The position of byte `offset` of `src`, counted the slow way.
fn naive_pos(src: &str, offset: usize) -> Pos {
    let before = &src.as_bytes()[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Pos {
        line: 1 + memchr::memchr_iter(b'\n', before).count() as u64,
        column: 1 + String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count() as u64,
        offset: offset as u64,
    }
}

#[test]
fn a_resolved_escape_keeps_every_later_position_exact() {
    let src = "x [a](https://a.example/serde\\_json&amp;z) y\n";
    let c = &scan(Syntax::Markdown, src)[0];
    assert_eq!(c.url, "https://a.example/serde_json&z");
    let under = c.url.find('_').unwrap();
    assert_eq!(c.pos_at(under).offset as usize, src.find("_json").unwrap());
    let z = c.url.find('z').unwrap();
    assert_eq!(c.pos_at(z).offset as usize, src.find("z)").unwrap());
    // A bare URL found in the text after an escape is cut the same way.
    let src = "see https://b.example/a\\_b/c here\n";
    let c = &scan(Syntax::Markdown, src)[0];
    assert_eq!(c.url, "https://b.example/a_b/c");
    assert_eq!(c.raw, "https://b.example/a\\_b/c");
    let slash = c.url.rfind('/').unwrap();
    assert_eq!(c.pos_at(slash), naive_pos(src, src.rfind("/c").unwrap()));
}

#[test]
fn html_character_references_decode_with_positions() {
    let src = "<p><a href=\"mailto:joss&#37;&#52;&#48;debian&#46;org\">J</a></p>";
    let c = &scan(Syntax::Html, src)[0];
    assert_eq!(c.url, "mailto:joss%40debian.org");
    let d = c.url.find("debian").unwrap();
    assert_eq!(c.pos_at(d).offset as usize, src.find("debian").unwrap());
    assert_eq!(c.raw, "mailto:joss&#37;&#52;&#48;debian&#46;org");
}

#[test]
fn html_attribute_line_breaks_are_not_part_of_the_url() {
    // A URL parser removes ASCII tabs and line breaks from an attribute's
    // value, so an editor's wrap inside `href` does not break the link.
    let src = "<a\nhref=\"https://gitlab.com/m/-/commit/8fa56b\n4f43c7&amp;x\">c</a>";
    let c = &scan(Syntax::Html, src)[0];
    assert_eq!(c.url, "https://gitlab.com/m/-/commit/8fa56b4f43c7&x");
    let k = c.url.find("4f43").unwrap();
    assert_eq!(c.pos_at(k), naive_pos(src, src.find("4f43").unwrap()));
    // Near miss: a space stays (and is linted as unsafe).
    let src = "<a href=\"https://a.example/x y\">c</a>";
    assert_eq!(scan(Syntax::Html, src)[0].url, "https://a.example/x y");
}

#[test]
fn json_escapes_decode_and_end_urls() {
    let src = r#"{"a": "see https://example.org:80\nthen", "b": "http:\/\/x.example\/caf\u00e9"}"#;
    let got = urls(Syntax::Json, src);
    assert_eq!(
        got,
        [
            ("https://example.org:80".to_string(), "bare"),
            ("http://x.example/caf\u{e9}".to_string(), "bare")
        ]
    );
    let c = &scan(Syntax::Json, src)[1];
    assert_eq!(c.raw, r"http:\/\/x.example\/caf\u00e9");
}

#[test]
fn each_reader_finds_its_links() {
    let cases: &[(Syntax, &str, &[&str])] = &[
        (Syntax::Asciidoc, "See https://marlam.de/msmtp/[msmtp] and link:http://a.example/b[b].", &["https://marlam.de/msmtp/", "http://a.example/b"]),
        (Syntax::Rst, "`x <https://a.example/\n   b/>`_ and\n\n.. _t: https://t.example/\n   more/\n", &["https://a.example/b/", "https://t.example/more/"]),
        (Syntax::Texinfo, "@uref{https://a.example/@@x, text} @url{http://b.example/}", &["https://a.example/@x", "http://b.example/"]),
        (Syntax::Texinfo, "@uref{https://@/docs.oracle.com/@/cd/@/806-3568/@/ncg.html,\nGoldberg}", &["https://docs.oracle.com/cd/806-3568/ncg.html"]),
        (Syntax::Roff, ".UR https://\\:a.example/\\:x\n.UE\n\\fBhttp://b.example/a\\-b\\fR\n", &["https://a.example/x", "http://b.example/a-b"]),
        // groff 1.23's hyperlinks: `\X'tty: link URL'` is device control, its text follows.
        (Syntax::Roff, "GUI on \\X'tty: link http://localhost:9090'\\fI\\%http://localhost:9090\\fP\\X'tty: link' on\n", &["http://localhost:9090"]),
        (Syntax::Roff, "a \\h'2n'http://c.example/x\\v'-1'\n", &["http://c.example/x"]),
        (Syntax::Html, "<a href='http://a.example/'>http://a.example/</a> <!-- <a href=\"http://c.example/\"> -->", &["http://a.example/"]),
        // Word's author of a tracked change; near misses: an address, a
        // quotation's source.
        (Syntax::Html, "<ins cite=\"mailto:Mike%20Folk\" datetime=\"2002-12-11T15:36\">(EDC) </ins>", &[]),
        (Syntax::Html, "<del cite=\"mailto:mf@a.example\">x</del>", &["mailto:mf@a.example"]),
        (Syntax::Html, "<q cite=\"mailto:Mike%20Folk\">x</q>", &["mailto:Mike%20Folk"]),
        // tex2page shows its href's `%25` decoded: one URL, not two; a text
        // that differs beyond the escape is read as its own URL (near miss).
        (Syntax::Html, "<a href=\"http://a.example/b.html#%25_idx_1\">http://a.example/b.html#%_idx_1</a>", &["http://a.example/b.html#%25_idx_1"]),
        (Syntax::Html, "<a href=\"http://a.example/%41%25\">http://a.example/A%25</a>", &["http://a.example/%41%25"]),
        (Syntax::Html, "<a href=\"http://a.example/b#%25_x\">http://a.example/b#%_y</a>", &["http://a.example/b#%25_x", "http://a.example/b#%_y"]),
        (Syntax::Markdown, "[https://a.example](https://a.example) `http://code.example/`", &["https://a.example", "http://code.example/"]),
        // The text wrapped where the destination is whole; near miss: other
        // text on two lines.
        (Syntax::Markdown, "at [http://www.the-\nproject.org/r/](http://www.the-project.org/r/).", &["http://www.the-project.org/r/"]),
        (Syntax::Markdown, "at [http://www.the-\nother.org/r/](http://www.the-project.org/r/).", &["http://www.the-", "http://www.the-project.org/r/"]),
    ];
    for (syntax, src, want) in cases {
        let got: Vec<String> = urls(*syntax, src).into_iter().map(|u| u.0).collect();
        assert_eq!(&got, want, "{syntax:?}: {src:?}");
    }
}

#[test]
fn rtf_control_words_end_a_url_and_escapes_resolve() {
    let got =
        |src: &str| -> Vec<String> { urls(Syntax::Rtf, src).into_iter().map(|u| u.0).collect() };
    // alacritty's WiX license: the field's instruction and its result.
    let src = r"{{\field{\*\fldinst{HYPERLINK http://www.apache.org/licenses/ }}{\fldrslt{http://www.apache.org/licenses/\ul0\cf0}}}}\f0\fs22\par";
    assert_eq!(
        got(src),
        [
            "http://www.apache.org/licenses/",
            "http://www.apache.org/licenses/"
        ]
    );
    assert_eq!(
        got(r"see http://a.example/caf\'e9\par next"),
        ["http://a.example/caf\u{e9}"]
    );
    assert_eq!(
        got(r"see http://a.example/\u233?x\par"),
        ["http://a.example/\u{e9}x"]
    );
    // A code point above 32767 is written negative; its fallback `?` goes.
    assert!(read(Syntax::Rtf, r"\u-21504?\u44032?x")
        .text
        .contains("\u{ac00}\u{ac00}x"));
    // Word's fallback written as an escaped byte; `\'+a` is no byte.
    assert!(read(Syntax::Rtf, r"\u8220\'93x\'+a")
        .text
        .starts_with("\u{201c}x "));
    assert_eq!(
        got(r"{\b http://a.example/a\\b}"),
        ["http://a.example/a\\b"]
    );
    // The span is the source's.
    let src = r"{\rtf1 x {\ul http://a.example/p\ul0}}";
    assert_eq!(first_span_text(Syntax::Rtf, src), "http://a.example/p");
}

#[test]
fn a_nested_list_does_not_continue_its_items_url() {
    let md = "- Grafana: http://localhost:3000\n  - user: `admin`\n";
    let got: Vec<String> = urls(Syntax::Markdown, md)
        .into_iter()
        .map(|u| u.0)
        .collect();
    assert_eq!(got, ["http://localhost:3000"]);
}

#[test]
fn a_shell_sessions_output_is_data_and_its_commands_prose() {
    let md = "```sh\n$ traefik healthcheck \\\n  --url http://a.example/\nOK: http://:8082/ping\n$ curl http://b.example/\n```\n\n```bash\ncurl http://c.example/\n```\n";
    let doc = read(Syntax::Markdown, md);
    let data_of = |needle: &str| doc.is_data(md.find(needle).unwrap());
    assert!(!data_of("http://a.example/"), "a continued command");
    assert!(data_of("http://:8082/ping"), "output");
    assert!(!data_of("http://b.example/"));
    assert!(!data_of("http://c.example/"), "no prompt: all commands");
}

#[test]
fn a_block_naming_no_language_is_a_session_when_it_starts_with_a_prompt() {
    // An indented block and a bare fence; trurl's manual shows the URLs it
    // rewrites: the command's own URL is its input when it prints a URL.
    let md = "Examples:\n\n    $ trurl http://646464646/\n    http://38.136.68.134/\n\n    $ trurl 'http://[::1%eth0]/' -g '{zoneid}'\n    eth0\n\n```\n$ urlget http://a.example/\nsaved index.html from http://a.example/\n```\n\n```\nhttp://b.example/\n$ not a session\n```\n";
    let doc = read(Syntax::Markdown, md);
    let data_of = |needle: &str| doc.is_data(md.find(needle).unwrap());
    assert!(data_of("http://646464646/"), "input of a URL rewriter");
    assert!(data_of("http://38.136.68.134/"), "output");
    assert!(!data_of("http://[::1%eth0]/"), "its output is no URL");
    assert!(
        !data_of("http://a.example/"),
        "output that only names a URL"
    );
    assert!(data_of("from http://a.example/"), "output");
    assert!(
        !data_of("http://b.example/"),
        "no prompt first: not a session"
    );
}

#[test]
fn rst_source_shown_in_a_literal_block_is_text_not_targets() {
    // docutils' own design notes show target syntax after `::`, with
    // comments in a second column.
    let src = "\
1. Original syntax::

       .. _blah: http://somewhere    external hyperlink target
       `x <http://a.example/lit>`__

.. code-block:: rst
   :linenos:

   .. _c: http://c.example/    a comment

.. note::

   .. _n: http://n.example/
      continued

.. _after: http://after.example/
   more
";
    let found = urls(Syntax::Rst, src);
    let want = [
        ("http://somewhere", "bare"),
        ("http://a.example/lit", "angle"),
        ("http://c.example/", "bare"),
        ("http://n.example/continued", "link"),
        ("http://after.example/more", "link"),
    ];
    let want: Vec<(String, &str)> = want.iter().map(|&(u, f)| (u.to_string(), f)).collect();
    assert_eq!(found, want);
}

#[test]
fn rst_doctests_are_data_and_code_directives_prose() {
    let src = "\
See http://a.example/.

.. code-block:: python

   get('http://256.1.1.1')  # http://b.example/

.. code-block:: text

   http://c.example/

   >>> f.set(username='@prap', password=':porps')
   >>> f.url
   'http://%40prap:%3Aporps@google.com'

Then http://d.example/.
";
    let doc = read(Syntax::Rst, src);
    let data_of = |needle: &str| doc.is_data(src.find(needle).unwrap());
    // A reader copies an example's URL: mamba's `url="htts://…"`.
    assert!(!data_of("http://256.1.1.1"));
    assert!(!data_of("http://b.example/"));
    assert!(!data_of("http://c.example/"), "no programming language");
    assert!(data_of("http://%40prap"));
    assert!(!data_of("http://a.example/"));
    assert!(!data_of("http://d.example/"));
}

#[test]
fn an_rst_reference_resolves_its_escapes() {
    // MetPy's references: a DOI holding `<` and `>`, escaped.
    let src =
        "doi:`10.1175/x <https://doi.org/10.1175/1520-0434(2000)015\\<0061:PSMUAN\\>2.0.CO;2>`_.\n";
    let found = scan(Syntax::Rst, src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].url,
        "https://doi.org/10.1175/1520-0434(2000)015<0061:PSMUAN>2.0.CO;2"
    );
    assert!(!found[0].facts.unterminated);
    let (start, end) = (
        found[0].span.start.offset as usize,
        found[0].span.end.offset as usize,
    );
    assert!(src[start..].starts_with("https://doi.org/"), "{start}");
    assert!(src[..end].ends_with("2.0.CO;2"), "{end}");
}

#[test]
fn an_rst_escaped_blank_or_line_end_is_removed() {
    // gammu's target ends its line with a backslash; docutils drops it
    // with the line break (the built page's href has none). Escaped blanks
    // inside go too; an escaped letter is the letter.
    let src = r".. _Gettext: http://a.example/GNU_gettext\

.. _b: http://b.example/x\ y/z

.. _c: http://c.example/\q
";
    let urls: Vec<_> = scan(Syntax::Rst, src).into_iter().map(|c| c.url).collect();
    assert_eq!(
        urls,
        [
            "http://a.example/GNU_gettext",
            "http://b.example/xy/z",
            "http://c.example/q"
        ]
    );
}

#[test]
fn an_rst_uris_blanks_after_a_slash_are_a_joined_break_and_go() {
    // getodk's reference: docutils' href is the URL meant; so after a
    // hyphen (AdaCore's slug) or a dot (more-itertools' anchor). Blanks
    // between two words stay (h4cker's file names, near miss). Blanks
    // after the scheme's colon go too (siphon's `<mailto: support@…>`).
    let src = "`code <https://www.iana.org/assignments/   language-subtag-registry/x>`_ and\n\
               `d <https://a.example/core//Economics/ASEAN Stats.yml>`_\n\
               `GCD <http://a.example/entries/tips-and-tricks- proving-the-gcd>`_\n\
               `r <https://a.example/api.html#more_itertools. random_range>`_\n\
               `mail <mailto: help@a.example>`_, `t <https://a.example/T x>`_\n";
    let urls: Vec<_> = scan(Syntax::Rst, src).into_iter().map(|c| c.url).collect();
    assert_eq!(
        urls,
        [
            "https://www.iana.org/assignments/language-subtag-registry/x",
            "https://a.example/core//Economics/ASEAN Stats.yml",
            "http://a.example/entries/tips-and-tricks-proving-the-gcd",
            "https://a.example/api.html#more_itertools.random_range",
            "mailto:help@a.example",
            "https://a.example/T x",
        ]
    );
}

#[test]
fn an_rst_reference_broken_in_a_grid_table_cell_is_the_cell_text() {
    let src = "\
+--------------+---------------------------+
| Old          | New                       |
+==============+===========================+
| deploy       | `client <https://github.c |
| (see below)  | om/scrapy/client>`_ and é |
+--------------+---------------------------+
";
    let found = scan(Syntax::Rst, src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].url, "https://github.com/scrapy/client");
    assert_eq!(found[0].span.start.line, 4);
    assert_eq!(found[0].span.end.line, 5);
    let (start, end) = (
        found[0].span.start.offset as usize,
        found[0].span.end.offset as usize,
    );
    assert!(src[start..].starts_with("https://github.c |"), "{start}");
    assert!(src[..end].ends_with("om/scrapy/client"), "{end}");
}

#[test]
fn an_rst_reference_whose_opener_ends_a_cells_line_is_the_next_lines() {
    // dicom_standard's grid table: `<` ends the cell's first line, the
    // target on the row below (it panicked on the blank rest of the line).
    let src = "\
   |            | Module <          |       |
   |            | #sect_F.3.2.1>`__ |       |
   | see        | `x <https://a.exa |       |
   |            | mple/>`__         |       |
";
    let found = scan(Syntax::Rst, src);
    let urls: Vec<_> = found.iter().map(|c| c.url.as_str()).collect();
    assert_eq!(urls, ["https://a.example/"]);
}

#[test]
fn rst_references_broken_in_two_cells_of_a_row_are_each_their_cells() {
    // OpenZFS's mailing-list table (pandoc's output): both the first and
    // the last column break a reference, and the nearest `<` before the
    // last one's close is the first one's.
    let src = "\
+----------------------+----------------------+
| `zfs-announce\\       | `archive             |
| @list.zfsonlinux.\\   | <https://zfsonli     |
| org <https://zfsonli | nux.topicbox.com/gro |
| nux.topicbox.com/gro | ups/zfs-announce>`__ |
| ups/zfs-announce>`__ |                      |
+----------------------+----------------------+
";
    let found = scan(Syntax::Rst, src);
    let urls: Vec<_> = found.iter().map(|c| c.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "https://zfsonlinux.topicbox.com/groups/zfs-announce",
            "https://zfsonlinux.topicbox.com/groups/zfs-announce"
        ],
        "{found:?}"
    );
    assert!(found.iter().all(|c| !c.facts.unterminated), "{found:?}");
    // Near miss: the cell's own text holds no `<` before its close; the
    // other cell's `<` is not taken.
    let src = "\
+----------------------+----------------------+
| see <https://a.examp | plain                |
| le/x>`__             | text>`__             |
+----------------------+----------------------+
";
    let urls: Vec<_> = scan(Syntax::Rst, src).into_iter().map(|c| c.url).collect();
    assert_eq!(urls, ["https://a.example/x"]);
}

#[test]
fn unterminated_links_are_found_and_their_text_still_scanned() {
    let found = scan(
        Syntax::Markdown,
        "Fixed ([#1](https://a.example/pull/1\nnext line\n",
    );
    assert!(found[0].facts.unterminated && found[0].form.as_str() == "link");
    assert_eq!(found[1].url, "https://a.example/pull/1");
    // Hard-wrapped inside the destination, its `)` on the next line: the
    // link alone, not the text's piece cut at the line's end too.
    let found = scan(
        Syntax::Markdown,
        "[Deploy](http://about.travis-\nci.org/docs/heroku/) now\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].facts.unterminated, "{found:?}");
    let found = scan(
        Syntax::Markdown,
        "[Linus](http://git.k\nernel.org/?p=linux-2.6.git;a=summary)\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    // Near misses: a list item's `a)`, markup: the text is scanned.
    for text in [
        "- [a](http://a.example/x\na) next item\n",
        "[a](http://a.example/x\n<b>) bar\n",
    ] {
        assert_eq!(scan(Syntax::Markdown, text).len(), 2, "{text}");
    }
    // Closed with a full-width parenthesis (zenany's weekly): the URL ends
    // there, not at the next blank of the Chinese prose after it.
    let found = scan(
        Syntax::Markdown,
        "[框架](https://a.example/s?sn=27e05）、如何评价\n",
    );
    assert!(found[0].facts.unterminated, "{found:?}");
    assert_eq!(found[0].url, "https://a.example/s?sn=27e05");
    let found = scan(Syntax::Html, "<a href=\"http://a.example/x>next</a>");
    assert!(found[0].facts.unterminated, "{found:?}");
    assert_eq!(found[0].url, "http://a.example/x");
}

#[test]
fn a_tilde_inside_a_url_is_no_strikethrough() {
    // Two links with text fragments on one line, which CommonMark rejects
    // for their blanks, so their text is read (cubxxw's notes).
    let src = "Test it[7](https://a.example/x#:~:text=Cloud Native)。See[8](https://b.example/y#:~:text=The completed)\n";
    let found: Vec<String> = scan(Syntax::Markdown, src)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert!(
        found
            .iter()
            .any(|u| u.starts_with("https://a.example/x#:~:text=Cloud"))
            && found
                .iter()
                .any(|u| u.starts_with("https://b.example/y#:~:text=The")),
        "{found:?}"
    );
    // Near miss: strikethrough around words is still left out.
    assert_eq!(
        urls(Syntax::Markdown, "See ~~old~~ https://a.example/x now\n"),
        [("https://a.example/x".to_string(), "bare")]
    );
}

#[test]
fn a_scheme_in_emphasis_ends_there() {
    // enkidevs' quiz: the schemes named in bold, a footnote's mark after.
    let found = scan(Syntax::Markdown, "Answer: **http://** or **https://**[1]\n");
    assert!(
        found.iter().all(|c| !c.url.contains('[')),
        "{:?}",
        found.iter().map(|c| &c.url).collect::<Vec<_>>()
    );
    // Near misses: a URL in bold or in italics.
    assert_eq!(
        urls(Syntax::Markdown, "See **https://a.example/x**[1] here\n"),
        [("https://a.example/x".to_string(), "bare")]
    );
    assert_eq!(
        urls(Syntax::Markdown, "See *https://a.example/x*[2] here\n"),
        [("https://a.example/x".to_string(), "bare")]
    );
}

#[test]
fn a_destination_closed_on_the_next_line_is_closed() {
    // CommonMark allows one line break before the `)`: enkidevs' front
    // matter folds `[site](http://a.example/page/` and `    ){website}`.
    let src = "---\nlinks:\n  - >-\n    [site](http://a.example/page/\n    ){website}\n---\n";
    let found = scan(Syntax::Markdown, src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(!found[0].facts.unterminated, "{found:?}");
    assert_eq!(found[0].url, "http://a.example/page/");
    // Near misses: a blank line between, or text before the `)`.
    for src in [
        "---\nx: >-\n    [site](http://a.example/page/\n\n    )\n---\n",
        "---\nx: >-\n    [site](http://a.example/page/\n    more)\n---\n",
    ] {
        assert!(scan(Syntax::Markdown, src)[0].facts.unterminated, "{src}");
    }
}

#[test]
fn a_stray_bracket_or_quote_before_the_scheme_keeps_the_link() {
    // proptest's changelog: `[` glued before `https://` in the target.
    for (syntax, src, want) in [
        (
            Syntax::Markdown,
            "Add it. ([\\#498]([https://a.example/pull/498))\n",
            "[https://a.example/pull/498",
        ),
        (
            Syntax::Markdown,
            "[d](\"https://a.example/x)\n",
            "\"https://a.example/x",
        ),
        (
            Syntax::Html,
            "<a href=\"\u{201c}https://a.example/x\">x</a>",
            "\u{201c}https://a.example/x",
        ),
    ] {
        let found = urls(syntax, src);
        assert_eq!(found, [(want.to_string(), "link")], "{src}");
    }
    // A word or a path before the scheme is no stray mark, and a scheme
    // without `//` after a quote is not taken for a URL.
    for src in [
        "[a](/https://a.example/x)\n",
        "[a](\"mailto:a@b.example)\n",
        "[a]([x)\n",
    ] {
        assert_eq!(urls(Syntax::Markdown, src), [], "{src}");
    }
}

#[test]
fn an_xml_feeds_elements_are_fields_of_their_own() {
    // A Blogger export: a comment's text ends in a URL, its author follows.
    let feed = "<?xml version='1.0' encoding='UTF-8'?><feed xmlns='http://www.w3.org/2005/Atom'><entry><content type='html'>JT&lt;BR/&gt;http://www.fireme.example/Udi</content><author><name>Brad</name><uri>https://www.blogger.com/profile/1</uri></author></entry></feed>\n";
    let urls: Vec<String> = scan(Syntax::Html, feed)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert!(
        urls.contains(&"http://www.fireme.example/Udi".to_string()),
        "{urls:?}"
    );
    assert!(
        urls.contains(&"https://www.blogger.com/profile/1".to_string()),
        "{urls:?}"
    );
    // A page, XHTML too, keeps inline elements inline: `<wbr>` joins.
    for page in [
        "<p>http://a.example/<wbr>b</p>\n",
        "<?xml version='1.0'?><html xmlns='http://www.w3.org/1999/xhtml'><p>http://a.example/<wbr>b</p></html>\n",
        &format!("<?xml version='1.0'?><!-- {} -->\n<html><p>http://a.example/<wbr>b</p></html>\n", "licence ".repeat(200)),
    ] {
        let urls: Vec<String> = scan(Syntax::Html, page).into_iter().map(|c| c.url).collect();
        assert_eq!(urls, ["http://a.example/b"], "{page}");
    }
}

#[test]
fn a_rejected_destination_ends_at_a_table_cells_border() {
    // A pandoc grid table wrapping a link in its cell: the `)` found is
    // another column's; the destination is cut at the cell, unclosed.
    let src = "| ----- | v}](https://www | ajplusenglish/) | ----- |\n| ----- | .facebook.com/A | ---------- | ----- |\n";
    let links: Vec<_> = scan(Syntax::Markdown, src)
        .into_iter()
        .filter(|c| c.form.as_str() == "link")
        .map(|c| (c.url, c.facts.unterminated))
        .collect();
    assert_eq!(links, [("https://www".to_string(), true)]);
    // Near misses: a blank inside the destination, no bar; a bar outside
    // a table (a search's `OR`).
    for (src, url) in [
        ("<p>[x](http://a.example/ b) y</p>\n", "http://a.example/ b"),
        (
            "Search [all](https://a.example/issues?q=label:bug | label:crash) today.\n",
            "https://a.example/issues?q=label:bug | label:crash",
        ),
        (
            "+1 see [all](https://a.example/issues?q=bug | crash) today.\n",
            "https://a.example/issues?q=bug | crash",
        ),
    ] {
        let links: Vec<_> = scan(Syntax::Markdown, src)
            .into_iter()
            .filter(|c| c.form.as_str() == "link")
            .map(|c| (c.url, c.facts.unterminated))
            .collect();
        assert_eq!(links, [(url.to_string(), false)], "{src}");
    }
}

#[test]
fn a_rejected_links_parentheses_pair_up_within_a_word() {
    let dests = |src: &str| -> Vec<String> {
        scan(Syntax::Markdown, src)
            .into_iter()
            .filter(|c| c.form.as_str() == "link")
            .map(|c| c.url)
            .collect()
    };
    // In an HTML block, CommonMark reads no links; their writer meant two.
    assert_eq!(
        dests("<p>In [Mesa](http://w.example/Mesa_(lang%29) and [Pilot](http://w.example/Pilot_(os%29):</p>\n"),
        ["http://w.example/Mesa_(lang%29", "http://w.example/Pilot_(os%29"]
    );
    // Inside a word they pair up; a blank in a destination is still read.
    assert_eq!(
        dests("<p>See [perf](https://w.example/Perf_(Linux)) and [x](http://a.example/ b).</p>\n"),
        ["https://w.example/Perf_(Linux)", "http://a.example/ b"]
    );
    // A site generator's image size after a blank (Pharo's Foliage);
    // near miss: a word that is no `name=value`.
    assert_eq!(
        dests("![](http://files.example/x.png width=600px) and [y](http://a.example/ b=1 c)\n"),
        ["http://files.example/x.png", "http://a.example/ b=1 c"]
    );
    // markdown-it-imsize's `=WxH` (a VuePress site); near misses: no
    // digits, a word after `x`.
    assert_eq!(
        dests("![a](https://a.example/z.svg =x150) ![b](https://a.example/y.svg =100x) [c](http://a.example/ =) [d](http://a.example/ =1xb)\n"),
        ["https://a.example/z.svg", "https://a.example/y.svg", "http://a.example/ =", "http://a.example/ =1xb"]
    );
}

#[test]
fn a_link_in_data_is_a_data_candidate() {
    // A generated page's head, a spec's example: their `href`s are found
    // and not linted, as the bare URLs beside them.
    let html = "<html><head><meta name=generator content=Quartz>\
                <link href=\"https://a.example/x y\"></head><body>\
                <p class=example><a href=\"https://b.example/%zz\">b</a>\
                <p><a href=\"https://c.example/x y\">c</a></body>";
    let data: Vec<(String, bool)> = scan(Syntax::Html, html)
        .into_iter()
        .filter(|c| c.form.as_str() == "link")
        .map(|c| (c.url, c.facts.data))
        .collect();
    assert_eq!(
        data,
        [
            ("https://a.example/x y".to_string(), true),
            ("https://b.example/%zz".to_string(), true),
            ("https://c.example/x y".to_string(), false)
        ]
    );
}

#[test]
fn link_markup_shown_in_a_code_span_is_data() {
    let md = "Write ``[id](mailto:real-email-id)`` or `[x](https://https://x.example/)`, \
              not `https://https://y.example/`, `<a href=\"https://https://w.example/\">`, \
              `[a] https://z.example/%zz`, `urls[0](http://u.example/%zz)` \
              or `[![b](https://i.example/b.svg)](https://https://v.example/)`.\n";
    let doc = read(Syntax::Markdown, md);
    let data_of = |needle: &str| doc.is_data(md.find(needle).unwrap());
    assert!(data_of("mailto:real-email-id"));
    assert!(data_of("https://https://x.example/"));
    // Near misses: a URL alone in a span, HTML (an attack's vector, shown
    // as written), a bracket with no link markup.
    assert!(!data_of("https://https://y.example/"));
    assert!(!data_of("https://https://w.example/"));
    assert!(!data_of("http://u.example/%zz"), "no link markup alone");
    assert!(!data_of("https://https://v.example/"), "a badge to copy");
    assert!(!data_of("https://z.example/%zz"));
}

#[test]
fn a_code_block_in_a_tight_list_item_starts_a_line() {
    // The item's text is no paragraph: the block's first URL is not glued
    // to it. Near miss: the block's lines stay apart too.
    for md in [
        "- b\n    ```\n    https://a.example/x\n    https://b.example/y\n    ```\n",
        "1. b\n   ```\n   https://a.example/x\n   https://b.example/y\n   ```\n",
    ] {
        assert_eq!(
            urls(Syntax::Markdown, md),
            [
                ("https://a.example/x".to_string(), "bare"),
                ("https://b.example/y".to_string(), "bare")
            ],
            "{md}"
        );
    }
}

#[test]
fn strings_in_a_code_block_of_a_programming_language_are_data() {
    let md = "See http://a.example/.\n\n```js\n// docs: http://b.example/\nconst u = 'file://foo:1234/bar';\n```\n\n```sh\ncurl 'http://c.example/'\n```\n";
    let doc = read(Syntax::Markdown, md);
    let data_of = |needle: &str| doc.is_data(md.find(needle).unwrap());
    assert!(!data_of("http://a.example/"));
    assert!(!data_of("http://b.example/"), "a comment is prose");
    assert!(data_of("file://foo"), "a string in js is data");
    assert!(!data_of("http://c.example/"), "a shell command is prose");
    let found: Vec<bool> = scan(Syntax::Markdown, md)
        .iter()
        .map(|c| c.facts.data)
        .collect();
    assert_eq!(found, [false, false, true, false]);
    // A chunk naming its language in braces, as pandoc (R Markdown) writes it.
    let rmd = "```{r setup, echo=FALSE}\nx <- sub(\"<doi:\", \"<https://doi.org/\", y)\n```\n";
    let doc = read(Syntax::Markdown, rmd);
    assert!(doc.is_data(rmd.find("https://doi.org/").unwrap()));
}

#[test]
fn lisp_is_code_by_its_name_or_its_fence() {
    for name in [
        "magit-process.el",
        "test-org.el",
        "core.clj",
        "r7rs.scm",
        "x.LISP",
    ] {
        assert_eq!(
            Syntax::from_path(std::path::Path::new(name)),
            Syntax::Lisp,
            "{name}"
        );
    }
    let el = ";; See https://a.example/.\n(defun f () \"Say \\\\='https://yourname@github.com\\\\='.\")\n";
    let doc = read(Syntax::Lisp, el);
    assert!(!doc.is_data(el.find("https://a.example/").unwrap()));
    assert!(doc.is_data(el.find("https://yourname").unwrap()));
    let md = "```elisp\n(setq u \"file://foo:1234/bar\") ; see http://b.example/\n```\n";
    let doc = read(Syntax::Markdown, md);
    assert!(doc.is_data(md.find("file://foo").unwrap()));
    assert!(!doc.is_data(md.find("http://b.example/").unwrap()));
}

#[test]
fn a_texinfo_code_sample_ends_a_token() {
    let doc = read(
        Syntax::Texinfo,
        "include the @samp{<URL:} and @samp{>} here, @emph{x}y\n",
    );
    assert!(doc.text.contains("<URL: "), "{:?}", doc.text);
    assert!(doc.text.contains(" xy"), "{:?}", doc.text);
    // The opener and closer named are no partial URL.
    let src = "necessary to include the @samp{<URL:} and @samp{>} in the output,\n";
    let c = &scan(Syntax::Texinfo, src)[0];
    let mut out = Vec::new();
    crate::rules::Validator::new(&crate::rules::RuleConfig::default(), &[]).check(c, &mut out);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn docbooks_blocks_end_a_line_and_its_inline_tags_join() {
    // illumos' guide: the URL is split over two inline elements and ends
    // where the `<screen>` does, before the next `<para>`.
    let src = "<screen># <userinput>setenv http_proxy http:</userinput><replaceable>//mycache.domain:8080</replaceable></screen><para>Or, specify</para>";
    let got: Vec<String> = urls(Syntax::Html, src).into_iter().map(|u| u.0).collect();
    assert_eq!(got, ["http://mycache.domain:8080"]);
}

#[test]
fn a_texinfo_footnote_ends_its_url() {
    // GHDL's type hints: the footnote's brace, then the annotation goes
    // on; a URL in the footnote's text still runs to its brace.
    let src =
        "Dict@footnote{https://docs.python.org/3/library/typing.html#typing.Dict}[Callable, x]\n\
               see@footnote{at https://a.example/bc}.\n";
    let found: Vec<String> = scan(Syntax::Texinfo, src)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert_eq!(
        found,
        [
            "https://docs.python.org/3/library/typing.html#typing.Dict",
            "https://a.example/bc"
        ]
    );
}

#[test]
fn a_texinfo_variable_is_a_placeholder() {
    let src = "@var{pkg} home page: <https://www.gnu.org/software/@var{pkg}/>\nand <https://www.gnu.org/software/@code{grep}/>\n";
    let found: Vec<String> = scan(Syntax::Texinfo, src)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert_eq!(found, ["https://www.gnu.org/software/grep/"]);
}

#[test]
fn a_text_file_with_front_matter_is_markdown() {
    let spec = b"---\ntitle: CommonMark Spec\nauthor: John MacFarlane\nversion: '0.31.2'\nlicense: '[CC-BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/)'\n...\n\n# Introduction\n";
    assert_eq!(Syntax::Text.refined_by_head(spec), Syntax::Markdown);
    let jekyll = b"---\r\nlayout: post\r\ntags:\r\n  - a\r\n---\r\nText\r\n";
    assert_eq!(Syntax::Text.refined_by_head(jekyll), Syntax::Markdown);
    // Near misses: a rule of dashes, prose after it, a block never
    // closed, nothing in it; and a syntax its name gave.
    for head in [
        &b"---\nThis release fixes: many things\n---\n"[..],
        b"-----\ntitle: x\n-----\n",
        b"---\ntitle: x\nno close\n",
        b"---\n---\n",
        b"notes\n---\ntitle: x\n---\n",
    ] {
        assert_eq!(
            Syntax::Text.refined_by_head(head),
            Syntax::Text,
            "{}",
            String::from_utf8_lossy(head)
        );
    }
    assert_eq!(Syntax::Rst.refined_by_head(spec), Syntax::Rst);
}

#[test]
fn a_file_that_opens_as_roff_is_roff() {
    // tcllib's `fileutil.n`, a Tcl manual page.
    let page = b"'\\\"\n'\\\" Generated from file 'fileutil\\&.man' by tcllib/doctools\n";
    assert_eq!(Syntax::Text.refined_by_head(page), Syntax::Roff);
    assert_eq!(
        Syntax::Text.refined_by_head(b".TH FILEUTIL n 1.16\n"),
        Syntax::Roff
    );
    // AutoGen's man pages (NTP's) define a macro before the title.
    assert_eq!(
        Syntax::Text.refined_by_head(b".de1 NOP\n.  it 1 an-trap\n"),
        Syntax::Roff
    );
    // Nemerle's `.n` source and prose stay text; so does a line about
    // `.deb` packages (near miss).
    assert_eq!(
        Syntax::Text.refined_by_head(b"using System;\n"),
        Syntax::Text
    );
    assert_eq!(
        Syntax::Text.refined_by_head(b".deb packages are built by\n"),
        Syntax::Text
    );
    assert_eq!(Syntax::Text.refined_by_head(b".THE END\n"), Syntax::Text);
}

#[test]
fn a_text_file_that_opens_a_diff_is_a_diff() {
    let git = &b"diff --git a/packaging.md b/packaging.md\nindex 1..2 100644\n"[..];
    let unified = b"--- a/packaging.md\n+++ b/packaging.md\n@@ -1 +1 @@\n";
    // `0793f53_packaging.md.txt`, which its inner extension calls Markdown,
    // too. Near misses: a rule of dashes over text, a line about diffs.
    for (named, head, want) in [
        (Syntax::Text, git, Syntax::Diff),
        (Syntax::Text, unified, Syntax::Diff),
        (Syntax::Markdown, git, Syntax::Diff),
        (Syntax::Text, b"--- Notes ---\nSee below.\n", Syntax::Text),
        (Syntax::Text, b"diff is a tool\n", Syntax::Text),
    ] {
        assert_eq!(
            named.refined_by_head(head),
            want,
            "{}",
            String::from_utf8_lossy(head)
        );
    }
    // A hunk's header repeats a line cut short: no link is left open.
    let page = "diff --git a/p.md b/p.md\n--- a/p.md\n+++ b/p.md\n@@ -310,50 +268,42 @@ A new feature is [dynamic color](https://m3.material.io/styles/color/dynam\n ok\n";
    let found = urls(Syntax::Text.refined_by_head(page.as_bytes()), page);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_text_file_that_opens_an_html_page_is_html() {
    // MapServer's `en/howto/suse-linux.txt`, a page saved from a word
    // processor.
    let page =
        b"<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.0 Transitional//EN\">\n<HTML>\n<HEAD>\n";
    assert_eq!(Syntax::Text.refined_by_head(page), Syntax::Html);
    assert_eq!(
        Syntax::Text.refined_by_head(b"\xEF\xBB\xBF\n  <html lang=\"en\">\n"),
        Syntax::Html
    );
    // Near misses: prose about a page, a tag of another name, HTML later
    // in the file; and a syntax its name gave.
    for head in [
        &b"Save it as <html> and open it.\n"[..],
        b"<htmlish>\n",
        b"Notes\n<!DOCTYPE html>\n",
    ] {
        assert_eq!(
            Syntax::Text.refined_by_head(head),
            Syntax::Text,
            "{}",
            String::from_utf8_lossy(head)
        );
    }
    assert_eq!(Syntax::Markdown.refined_by_head(page), Syntax::Markdown);
}

#[test]
fn a_text_file_written_in_rst_is_rst() {
    // Django's documentation: a `.txt` with a directive, or a title over
    // and under lined with an inline literal below it.
    let queryset = b"==========================\nQuerySet API reference\n==========================\n\n.. currentmodule:: django.db.models\n";
    assert_eq!(Syntax::Text.refined_by_head(queryset), Syntax::Rst);
    let target = b"Notes\n\n.. _Oracle: https://docs.oracle.com/en/\n   database/\n";
    assert_eq!(Syntax::Text.refined_by_head(target), Syntax::Rst);
    let release = b"===========================\nDjango 1.8.10 release notes\n===========================\n\nA URL like ``http://a.example`` would be safe.\n";
    assert_eq!(Syntax::Text.refined_by_head(release), Syntax::Rst);
    // libfmt's `ChangeLog.rst`, shipped by Debian as `changelog`: its
    // directives are indented under list items.
    let changelog = b"9.1.0 - 2022-08-27\n------------------\n\n* Faster (`#1 <https://a.example/1>`_):\n\n  .. code:: c++\n\n     int main() {}\n";
    assert_eq!(Syntax::Text.refined_by_head(changelog), Syntax::Rst);
    // Near misses: a box of `=` without reST inside, an underline alone
    // with a literal, dots that start a sentence, `..` in a path.
    for head in [
        &b"=====\nREADME\n=====\n\nSee http://a.example/.\n"[..],
        b"README\n======\n\nRun ``make``.\n",
        b".. and then it stopped: see http://a.example/\n",
        b".. /usr/lib:: not a directive\n",
        b"cd .. && make\n",
        b"  .. and so on:: it went\n",
        b"wait... then:: more\n",
    ] {
        assert_eq!(
            Syntax::Text.refined_by_head(head),
            Syntax::Text,
            "{}",
            String::from_utf8_lossy(head)
        );
    }
}

#[test]
fn a_specifications_example_block_is_data() {
    // The CommonMark spec's examples: Markdown input and the HTML it makes.
    let md = "An autolink:\n\n```````````````````````````````` example\n<https://foo.bar.`baz>`\n.\n<p><a href=\"https://foo.bar.%60baz\">https://foo.bar.`baz</a>`</p>\n````````````````````````````````\n\nSee https://spec.commonmark.org/.\n\n```examples\nhttp://b.example/\n```\n";
    let doc = read(Syntax::Markdown, md);
    let data_of = |needle: &str| doc.is_data(md.find(needle).unwrap());
    assert!(data_of("https://foo.bar.`baz>"));
    assert!(data_of("https://foo.bar.%60baz"));
    assert!(!data_of("https://spec.commonmark.org/"));
    assert!(!data_of("http://b.example/"), "another info string");
    // A block named `example` that is no spec's: no `.` line between.
    let md = "```example\nendpoint = \"htps://api.github.com/repos/a\"\n```\n";
    let doc = read(Syntax::Markdown, md);
    assert!(!doc.is_data(md.find("htps").unwrap()));
}

#[test]
fn a_front_matters_excerpt_is_data() {
    // daichangya's Hexo posts: the excerpt a copy of the opening, every
    // `:` lost; the post's own text is linted.
    let md = "---\ntitle: X http//a.example/\nexcerpt: see [x](http//www.journaldev.com/1716/ite\n  and http//c.example/\npermalink: /a/\n---\n\nsee http//b.example/x\n";
    let doc = read(Syntax::Markdown, md);
    assert!(doc.is_data(md.find("http//www").unwrap()));
    assert!(doc.is_data(md.find("http//c.").unwrap()));
    // Near misses: another key, the post's text.
    assert!(!doc.is_data(md.find("http//a.").unwrap()));
    assert!(!doc.is_data(md.find("http//b.").unwrap()));
}

#[test]
fn a_front_matters_escaped_line_break_joins_a_quoted_value() {
    // jakearchibald.com's `summary:`, a URL broken with YAML's `\`, which
    // joins the lines without a blank; escaped quotes before it do not
    // close the value. Near misses: a plain value's `\`, a single-quoted
    // value's.
    let md = "---\nsummary: \"See [the talk](http://a.example/video/xw_jake-arch\\\n  ibald_tech) and \\\"q\\\" too\"\n\
              plain: http://b.example/x\\\n  y\n\
              single: 'http://c.example/x\\\n  y'\n\
              quoted: \"say \\\"hi\\\" http://d.example/x\\\n  y\"\n---\n\ntext\n";
    let urls: Vec<_> = scan(Syntax::Markdown, md)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert!(
        urls.contains(&"http://a.example/video/xw_jake-archibald_tech".to_string()),
        "{urls:?}"
    );
    assert!(
        urls.contains(&"http://d.example/xy".to_string()),
        "{urls:?}"
    );
    for near in ["http://b.example/x", "http://c.example/x"] {
        assert!(
            urls.iter()
                .any(|u| u.starts_with(near) && !u.ends_with('y')),
            "{near}: {urls:?}"
        );
    }
    let found = scan(Syntax::Markdown, md);
    let a = found
        .iter()
        .find(|c| c.url.starts_with("http://a."))
        .unwrap();
    assert!(!a.facts.unterminated);
    assert_eq!((a.span.start.line, a.span.end.line), (2, 3));
}

#[test]
fn a_front_matters_escaped_quote_is_a_quote() {
    // A conference's talk abstract: a link with its title, the quotes
    // escaped in YAML's double-quoted value. Near miss: a single-quoted
    // value keeps its backslashes.
    let md = "---\nabstract: \"I made [B](https://b.example \\\"B\\\") a site\"\n\
              other: 'see [C](https://c.example \\\"C\\\")'\n---\n\ntext\n";
    let urls: Vec<_> = scan(Syntax::Markdown, md)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert!(urls.contains(&"https://b.example".to_string()), "{urls:?}");
    assert!(
        urls.iter().any(|u| u.starts_with("https://c.example \\")),
        "{urls:?}"
    );
}

#[test]
fn emphasis_inside_a_word_is_a_wildcard() {
    let md = "includes = ['https://*.*.sanity.io/**'] and **bold https://a.example/x**\n";
    let doc = read(Syntax::Markdown, md);
    assert!(
        doc.text.contains("https://*.*.sanity.io/**"),
        "{:?}",
        doc.text
    );
    assert!(
        doc.text.contains("bold https://a.example/x"),
        "{:?}",
        doc.text
    );
    assert!(!doc.text.contains("**bold"), "{:?}", doc.text);
    // Emphasis around a URL is still markup.
    for md in [
        "Visit _https://a.example/docs_.\n",
        "(*https://a.example/x*)\n",
    ] {
        let urls: Vec<String> = scan(Syntax::Markdown, md)
            .into_iter()
            .map(|c| c.url)
            .collect();
        assert!(
            urls == ["https://a.example/docs"] || urls == ["https://a.example/x"],
            "{md:?}: {urls:?}"
        );
    }
}

#[test]
fn syntax_from_path() {
    use std::path::Path;
    for (path, syntax) in [
        ("README.md", Syntax::Markdown),
        ("a/b/index.HTML", Syntax::Html),
        ("doc.adoc", Syntax::Asciidoc),
        ("index.rst", Syntax::Rst),
        ("package.json", Syntax::Json),
        ("ls.1", Syntax::Roff),
        ("openssl-passwd.1ssl", Syntax::Roff),
        ("File::Spec.3pm", Syntax::Roff),
        ("ntp-keygen.1ntp-keygenman", Syntax::Roff),
        ("ls.1.gz", Syntax::Roff),
        ("emacs.texi", Syntax::Texinfo),
        ("hyperref.sty", Syntax::Latex),
        ("hluatex.dtx", Syntax::Latex),
        // BibTeX is no LaTeX: a `url` field is verbatim, its `%` no
        // comment (a bibliography's `…/resource%0Ahttp://…`, two URLs).
        ("main/2011.bib", Syntax::Text),
        ("notes.txt", Syntax::Text),
        ("Makefile", Syntax::Text),
        ("page.html.gz", Syntax::Html),
        ("mod/core.html.fr.utf8", Syntax::Html),
        ("mod/mod_ssl.xml.es", Syntax::Html),
        ("index.html.ko.euc-kr", Syntax::Html),
        ("UML/ACAL_UML.profile.uml", Syntax::Html),
        ("model/Provenance.xmi", Syntax::Html),
        ("guide.md.orig", Syntax::Markdown),
        // R Markdown and Quarto are pandoc's Markdown, which allows what
        // CommonMark rejects (a blank in a link's destination): text.
        ("content/blog/index.Rmd", Syntax::Text),
        ("slides.qmd", Syntax::Text),
        ("notes.html.aa.bb.dd", Syntax::Text),
        ("main.rs", Syntax::C),
        ("vlib/net/urllib/urllib_test.v", Syntax::C),
        ("rtl/uart.sv", Syntax::C),
        ("demo/regexp.rktl", Syntax::Lisp),
        ("build.sh", Syntax::Shell),
        ("setup.py", Syntax::Python),
        ("init.lua", Syntax::Lua),
        ("HTML.hs", Syntax::Lua),
        ("schema.sql", Syntax::Lua),
        ("de.po", Syntax::Po),
        ("License.rtf", Syntax::Rtf),
        ("tool.c.txt", Syntax::Text),
        ("doc/unbound.conf.5.in", Syntax::Roff),
        ("index.html.in", Syntax::Html),
        ("config.h.in", Syntax::C),
        ("Makefile.in", Syntax::Text),
        ("login.in", Syntax::Text),
        ("Fort & Forge_files/analytics.js.download", Syntax::C),
        (
            "Fort & Forge_files/analytics.js.\u{4e0b}\u{8f7d}",
            Syntax::C,
        ),
        ("Page_files/style.css.download", Syntax::C),
        ("setup.download", Syntax::Text),
        ("doc/hcar/Cabal-201811.tex", Syntax::Latex),
        ("hyperref.sty", Syntax::Latex),
        ("howto/linuxdoc/3-Button-Mouse.sgml", Syntax::Html),
        ("nag2/ch14.sgm", Syntax::Html),
        ("debian/patches/0001-fix-docs.patch", Syntax::Diff),
        ("auth48/rfc9111-to-be.txt.diff", Syntax::Diff),
        ("pkg_1.2-3.debdiff", Syntax::Diff),
    ] {
        assert_eq!(Syntax::from_path(Path::new(path)), syntax, "{path}");
    }
    for &s in Syntax::ALL {
        assert_eq!(Syntax::from_name(s.as_str()), Some(s));
    }
}

/// Markup-heavy fragments, so random documents exercise every reader.
const PIECES: &[&str] = &[
    "http://a.example/",
    "https://b.example/x?y=1",
    "mailto:a@b.example",
    "[",
    "]",
    "(",
    ")",
    "](",
    "<",
    ">",
    "<a href=\"",
    "<a href='",
    "\"",
    "'",
    "&amp;",
    "&#37;",
    "&lt;",
    "\\",
    "\\_",
    "\\:",
    "\\-",
    "\\(ti",
    "\\fB",
    "`",
    "*",
    "**",
    "_",
    "{",
    "}",
    "{{",
    "${",
    "@uref{",
    "@@",
    ",",
    ".",
    ";",
    ":",
    " ",
    "\n",
    "\n\n",
    "   ",
    ".. _t: ",
    "`x <",
    ">`_",
    "link:",
    "[t]",
    "é",
    "\u{200d}",
    "日本",
    "\"a\": \"",
    "\\n",
    "\\u00e9",
    "\\/",
    "<!--",
    "-->",
    "<script>",
    "%s",
    "\r\n",
    "\u{1F600}",
    "//",
    "/*",
    "*/",
    "# ",
    "'",
    "\"\"\"",
    "r#\"",
    "\"#",
    "`",
    "msgid \"",
    "\"\n\"",
    "\n=head1 x\n",
    "\n=cut\n",
    // reST grid tables (a reference broken across a cell's lines panicked).
    "| ",
    " |",
    "|",
    ">`__",
    "+----+",
    "#s",
];

fn document() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|v| v.concat())
}

fn check_candidate(src: &str, c: &Candidate) {
    let (s, e) = (c.span.start.offset as usize, c.span.end.offset as usize);
    assert!(s <= e && e <= src.len(), "span {s}..{e} out of bounds");
    assert!(
        src.is_char_boundary(s) && src.is_char_boundary(e),
        "span {s}..{e}"
    );
    assert_eq!(c.raw, src[s..e]);
    assert_eq!(c.span.start, naive_pos(src, s));
    assert_eq!(c.span.end, naive_pos(src, e));
    assert_eq!(c.segments.first().map(|s| s.url_start), Some(0));
    for seg in &c.segments {
        let off = seg.start.offset as usize;
        assert!(
            off <= src.len() && src.is_char_boundary(off),
            "segment at {off}"
        );
        assert_eq!(seg.start, naive_pos(src, off));
        assert!(c.url.is_char_boundary(seg.url_start));
        assert_eq!(c.pos_at(seg.url_start), seg.start);
    }
    if let Some(ex) = &c.excerpt {
        let from = ex.start_offset as usize;
        assert!(
            src[from..].starts_with(&ex.text),
            "excerpt is the source's own text"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_syntax_keeps_spans_in_bounds_and_exact(src in document()) {
        for &syntax in Syntax::ALL {
            for c in scan(syntax, &src) {
                let r = std::panic::catch_unwind(|| check_candidate(&src, &c));
                prop_assert!(r.is_ok(), "{:?}: {:?} in {:?}", syntax, c, src);
            }
            // Data ranges are sorted, disjoint, non-empty and in the source.
            let doc = read(syntax, &src);
            prop_assert!(doc.data.windows(2).all(|w| w[0].1 <= w[1].0), "{:?}", syntax);
            prop_assert!(doc.data.iter().all(|&(s, e)| s < e && e <= src.len()), "{:?}", syntax);
        }
    }
}

/// A reST grid table's rows, cells of reference pieces (DICOM's standard
/// ``| Module <  |`` over ``| #sect_F.3.2.1>`__ |`` panicked).
fn grid_table() -> impl Strategy<Value = String> {
    let cell = prop::collection::vec(
        prop::sample::select(
            &[
                " ",
                "  ",
                "<",
                ">`__",
                ">`_",
                "`x ",
                "a",
                "#s",
                "https://a.ex",
                "/",
                "é",
            ][..],
        ),
        0..6,
    )
    .prop_map(|v| v.concat());
    prop::collection::vec(prop::collection::vec(cell, 1..4), 1..6).prop_map(|rows| {
        rows.iter().fold(String::new(), |mut table, cells| {
            table.push_str("   | ");
            table.push_str(&cells.join(" | "));
            table.push_str(" |\n");
            table
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn rst_grid_tables_keep_spans_in_bounds_and_exact(src in grid_table()) {
        for c in scan(Syntax::Rst, &src) {
            let r = std::panic::catch_unwind(|| check_candidate(&src, &c));
            prop_assert!(r.is_ok(), "{:?} in {:?}", c, src);
        }
    }
}

#[test]
fn a_remembered_search_finds_one_byte_and_longer_needles_alike() {
    let hay = b"a\"b\"c-->d\"";
    let mut quote = super::Next::default();
    assert_eq!(quote.find(hay, 0, b"\""), Some(1));
    assert_eq!(quote.find(hay, 1, b"\""), Some(1));
    assert_eq!(quote.find(hay, 2, b"\""), Some(3));
    assert_eq!(quote.find(hay, 4, b"\""), Some(9));
    assert_eq!(quote.find(hay, 10, b"\""), None);
    assert_eq!(quote.find(hay, 0, b"\""), None, "none left, remembered");
    let mut close = super::Next::default();
    assert_eq!(close.find(hay, 0, b"-->"), Some(5));
    assert_eq!(close.find(hay, 6, b"-->"), None);
}

#[test]
fn icalendar_lines_are_unfolded_and_escapes_resolve() {
    let got = |src: &str| -> Vec<String> {
        urls(Syntax::Icalendar, src)
            .into_iter()
            .map(|u| u.0)
            .collect()
    };
    // php.net's cached Meetup feed: folded after 75 octets, CRLF and one
    // blank removed; a DESCRIPTION's `\n` ends the URL.
    let src = "BEGIN:VCALENDAR\r\nX-ORIGINAL-URL:http://www.meetup.com/buffalophp/events/ical/The+Buffalo+P\r\n HP+User+Group/\r\nDESCRIPTION:Food...\\n\\nDetails: http://www.meetup.com/buffalophp/events/1608625\r\n 12/\\n\\nMore\\, later\r\nEND:VCALENDAR\r\n";
    assert_eq!(
        got(src),
        [
            "http://www.meetup.com/buffalophp/events/ical/The+Buffalo+PHP+User+Group/",
            "http://www.meetup.com/buffalophp/events/160862512/"
        ]
    );
    // A tab folds too, and LF line ends; `\,` is a comma.
    assert_eq!(
        got("URL:https://a.example/x\n\ty/z\\,w\n"),
        ["https://a.example/xy/z,w"]
    );
    // An unfolded line is its own.
    assert_eq!(
        got("URL:https://a.example/x\nhttps://b.example/\n"),
        ["https://a.example/x", "https://b.example/"]
    );
    // The span is the source's, fold included.
    let src = "ATTACH:https://a.example/ab\r\n cd\r\n";
    assert_eq!(
        first_span_text(Syntax::Icalendar, src),
        "https://a.example/ab\r\n cd"
    );
}

#[test]
fn a_calendar_is_known_by_its_name_or_its_first_line() {
    for name in ["invite.ics", "team.vcf", "x.VCARD"] {
        assert_eq!(
            Syntax::from_path(std::path::Path::new(name)),
            Syntax::Icalendar,
            "{name}"
        );
    }
    for head in [
        &b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"[..],
        b"\xEF\xBB\xBFBEGIN:VCARD\nFN:x\n",
        b"\nbegin:vcalendar\n",
    ] {
        assert_eq!(Syntax::Text.refined_by_head(head), Syntax::Icalendar);
    }
    // Near misses: the words elsewhere, and another syntax's file.
    assert_eq!(
        Syntax::Text.refined_by_head(b"To add it, paste BEGIN:VCALENDAR ...\n"),
        Syntax::Text
    );
    assert_eq!(
        Syntax::Markdown.refined_by_head(b"BEGIN:VCALENDAR\n"),
        Syntax::Markdown
    );
}

/// Each URL a diff holds and whether it is data.
fn diff_urls(src: &str) -> Vec<(String, bool)> {
    scan(Syntax::Diff, src)
        .into_iter()
        .map(|c| (c.url, c.facts.data))
        .collect()
}

#[test]
fn diff_removed_lines_are_data_and_wrapped_urls_are_rejoined() {
    // httpwg's diff of an RFC against its last draft.
    let src = "--- draft.txt\n+++ rfc.txt\n@@ -140,4 +140,4 @@\n \
               [HTTP]     Fielding, R.,\n\
               -              <https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-\n\
               -              semantics-latest>.\n\
               +              <https://www.rfc-editor.org/info/rfc9110>.\n";
    assert_eq!(
        diff_urls(src),
        [
            (
                "https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-semantics-latest"
                    .to_string(),
                true
            ),
            ("https://www.rfc-editor.org/info/rfc9110".to_string(), false),
        ]
    );
}

#[test]
fn diff_the_message_and_the_new_side_are_text() {
    let src = "From: a@b.example\nSubject: [PATCH] docs\n\nSee https://a.example/why\n\
               ---\ndiff --git a/README b/README\n@@ -1 +1,2 @@\n see\n\
               +https://b.example/new\n\\ No newline at end of file\n";
    assert_eq!(
        diff_urls(src),
        [
            ("https://a.example/why".to_string(), false),
            ("https://b.example/new".to_string(), false),
        ]
    );
}

#[test]
fn diff_old_and_new_sides_do_not_run_together() {
    // A removed line ending in a hyphen does not take the added one.
    let src = "@@ -1 +1 @@\n-see https://a.example/draft-\n+rfc9110 https://b.example/\n";
    assert_eq!(
        diff_urls(src),
        [
            ("https://a.example/draft-".to_string(), true),
            ("https://b.example/".to_string(), false),
        ]
    );
    // Without a hunk header, a line's `-` is the text's own.
    assert_eq!(
        diff_urls("- see https://a.example/x\n"),
        [("https://a.example/x".to_string(), false)]
    );
}

#[test]
fn a_space_in_an_angle_bracketed_markdown_destination_is_encoded() {
    // CommonMark allows spaces in `<...>`; renderers write them as `%20`.
    let src = "[demo](<https://a.example/?c=Schedule a demo>) [b](https://b.example/x y)\n";
    let found = scan(Syntax::Markdown, src);
    assert_eq!(found[0].url, "https://a.example/?c=Schedule%20a%20demo");
    // The `%20` starts at the space it stands for; the `a` after it is
    // the `a` of the source.
    let space = src.find("Schedule ").unwrap() + "Schedule".len();
    let at = found[0].url.find("%20").unwrap();
    assert_eq!(found[0].pos_at(at).offset as usize, space);
    assert_eq!(found[0].pos_at(at + 3).offset as usize, space + 1);
    // Without angle brackets the space stays: CommonMark rejects that
    // link, and the rule on spaces reports it.
    assert!(found.iter().any(|c| c.url == "https://b.example/x y"));
    // So does one in the path (a translation's slip), angle brackets or
    // not: the renderer's `%20` would name another page.
    let src = "[cors](<https://github.com/express js/cors?q=a b>)\n";
    assert_eq!(
        scan(Syntax::Markdown, src)[0].url,
        "https://github.com/express js/cors?q=a%20b"
    );
    // A file's name with a space in it is that file's (a README linking
    // `Interview List.md`): encoded, as the renderer does.
    let src = "[os](<https://github.com/k/D/blob/master/Interview List.md#os>)\n";
    assert_eq!(
        scan(Syntax::Markdown, src)[0].url,
        "https://github.com/k/D/blob/master/Interview%20List.md#os"
    );
}

#[test]
fn asciidoc_passthrough_marks_and_a_window_caret_are_markup() {
    let got = |src: &str| -> Vec<String> {
        urls(Syntax::Asciidoc, src)
            .into_iter()
            .map(|u| u.0)
            .collect()
    };
    assert_eq!(
        got("go to `+http://localhost:8091+` to access it\n"),
        ["http://localhost:8091"]
    );
    assert_eq!(
        got("see https://access.redhat.com/solutions/1[https://access.redhat.com/solutions/1^]\n"),
        [
            "https://access.redhat.com/solutions/1",
            "https://access.redhat.com/solutions/1"
        ]
    );
    // An unconstrained passthrough around the URL inside a code span.
    assert_eq!(
        got("e.g. `curl --http1.1 ++http://localhost:8080++`):\n"),
        ["http://localhost:8080"]
    );
    // Near misses: `++` inside URLs or after a word stays.
    assert_eq!(
        got("see https://a.example/c++/ and https://b.example/c++/ too\n"),
        ["https://a.example/c++/", "https://b.example/c++/"]
    );
    assert_eq!(
        got("C++11 and https://a.example/x++ y\n"),
        ["https://a.example/x++"]
    );
    // Near misses: a `+` inside a URL, outside backquotes, and a caret
    // inside a URL stay.
    assert_eq!(
        got("a https://a.example/c++/x+ and https://a.example/y^z\n"),
        ["https://a.example/c++/x+", "https://a.example/y^z"]
    );
}

#[test]
fn a_tag_right_after_the_scheme_is_a_host_placeholder() {
    // Perl Maven's page: `<your canvas instance>`, its words taken for
    // attributes by an HTML converter; no URL with an empty host is left.
    let src = "my $u = 'https://<your canvas=\"\" instance=\"\">/api/v1/accounts/self/sis_imports.json';\n";
    assert_eq!(urls(Syntax::Markdown, src), []);
    // Near miss: a tag after the host is markup, left out.
    let src = "see https://a.example/<b>docs</b> now\n";
    assert_eq!(
        urls(Syntax::Markdown, src),
        [("https://a.example/docs".to_string(), "bare")]
    );
}

#[test]
fn a_link_a_forum_shortened_with_show_more_is_no_url() {
    // A Discourse archive: the link's text cut inside, an ellipsis in a
    // `show-more-container` and the rest hidden.
    let md = "See [x](https://github.com/commontk/CTK/iss<span class=\"show-more-container\"><a href=\"\" class=\"show-more\">\u{2026}</a></span><span class=\"excerpt hidden\">ues/1213</span>).\n";
    let found: Vec<String> = scan(Syntax::Markdown, md)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert!(found.iter().all(|u| !u.contains("commontk")), "{found:?}");
    // Near miss: an ellipsis alone in a link's target (Asciidoctor's, in a
    // javadoc anchor) is a link that leads nowhere, found and judged.
    let md = "See [x](https://docs.oracle.com/x.html#m-java.lang.Object\u{2026}-).\n";
    let found: Vec<String> = scan(Syntax::Markdown, md)
        .into_iter()
        .map(|c| c.url)
        .collect();
    assert_eq!(
        found,
        ["https://docs.oracle.com/x.html#m-java.lang.Object\u{2026}-"]
    );
}

#[test]
fn a_quoted_destination_is_a_pattern_when_what_it_quotes_is_one() {
    // Scala outside its code block: `sequenceFile[K,V]("hdfs://..")`.
    let links = |md: &str| read(Syntax::Markdown, md).links.len();
    assert_eq!(
        links("val d=sc.sequenceFile[UserId,UserInfo](\"hdfs://..\")\n"),
        0
    );
    // Near miss: a whole URL quoted is still the author's link gone wrong.
    assert_eq!(links("see [x](\"https://a.example.org/x\")\n"), 1);
}
