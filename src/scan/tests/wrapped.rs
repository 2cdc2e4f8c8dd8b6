//! Wrappers and hard-wrapped bare URLs.

use super::{check, scan_all, urls, B};
use crate::scan::{BrokenBare, Form, ScanOptions};
use crate::span::Pos;

const W: Form = Form::UrlWrapper;
const A: Form = Form::Angle;

fn one(input: &str) -> crate::scan::Candidate {
    let mut c = scan_all(input.as_bytes(), &ScanOptions::default());
    assert_eq!(c.len(), 1, "{c:#?}");
    c.remove(0)
}

#[test]
fn url_wrapper_in_any_case_with_whitespace_after_the_prefix() {
    check("see «<URL:ftp://a/b>».", &[(W, "ftp://a/b")]);
    check("«<url: \thttp://a/b>»", &[(W, "http://a/b")]);
}

#[test]
fn angle_needs_a_known_scheme_or_slashes() {
    check(
        "«<http://a/b>» «<foo://x>» <xsl:template> <user@host>",
        &[(A, "http://a/b"), (A, "foo://x")],
    );
    check("«<mailto:a@b>»", &[(A, "mailto:a@b")]);
    check("«<gopher://h/00>»About Gopher>", &[(A, "gopher://h/00")]);
}

#[test]
fn a_wrapper_longer_than_the_cap_and_closed_on_its_line_is_not_unclosed() {
    // A build mail's `(<https://…/ws/…/ImgLibException.java)>` of 32,000
    // bytes: read as bare text, never reported as unclosed.
    let path = "a/".repeat(6000);
    let long = format!("(<https://qa.example.org/job/ws/{path}X.java)>\n");
    let c = scan_all(long.as_bytes(), &ScanOptions::default());
    assert!(c.iter().all(|c| !c.facts.unterminated), "{c:#?}");
    assert!(c.iter().any(|c| c.url.ends_with("X.java")), "{c:#?}");
    // Near misses: no `>` on the line, so it is unclosed; a `>` after a
    // blank, another wrapper's.
    let open = format!("(<https://qa.example.org/job/ws/{path}X.java)\nmore\n");
    let c = scan_all(open.as_bytes(), &ScanOptions::default());
    assert!(c.iter().any(|c| c.facts.unterminated), "{c:#?}");
    let other = format!("<https://qa.example.org/job/ws/{path} and see <https://b.example/>\n");
    let c = scan_all(other.as_bytes(), &ScanOptions::default());
    assert!(c.iter().any(|c| c.facts.unterminated), "{c:#?}");
}

#[test]
fn a_wrapper_cut_by_an_excerpts_ellipsis_is_not_unclosed() {
    // A generated summary of a post: `&lt;http://…/Bakera …`.
    for text in [
        "Sinusfunktion <http://www.geogebra.org/de/upload/Bakera \u{2026}\n",
        "Sinusfunktion <http://www.geogebra.org/de/upload/Bakera...\n",
    ] {
        let c = scan_all(text.as_bytes(), &ScanOptions::default());
        assert!(c.iter().all(|c| !c.facts.unterminated), "{c:#?}");
        assert_eq!(c.len(), 1, "{c:#?}");
    }
    // Near misses: words after it; an ellipsis in prose.
    for text in [
        "Sinusfunktion <http://www.geogebra.org/de/upload/Bakera and more\n",
        "See <https://a.example/docs ... and the rest\n",
    ] {
        let c = scan_all(text.as_bytes(), &ScanOptions::default());
        assert!(c[0].facts.unterminated, "{c:#?}");
    }
}

#[test]
fn a_wrapper_goes_on_past_a_comments_mark() {
    // scikit-image's gallery example: reST in Python comments.
    let c = one("# see `label2rgb <http://scikit-\n# image.org/docs/api.html#l2r>`_.\n");
    assert_eq!(c.url, "http://scikit-image.org/docs/api.html#l2r");
    let c = one("  // <https://a.example/very/\n  // long/path>\n");
    assert_eq!(c.url, "https://a.example/very/long/path");
    // Near misses: a mark the line before does not have, and one glued
    // to a word, are URL text.
    let c = one("see <https://a.example/a\n# b>\n");
    assert_eq!(c.url, "https://a.example/a#b");
    let c = one("# see <https://a.example/a\n#b>\n");
    assert_eq!(c.url, "https://a.example/a#b");
    // knitr's `## ` before each line R printed.
    let c = one("## Chamberlain S (2017). <URL:\n## https://joss.theoj.org/papers/x>.\n");
    assert_eq!(c.url, "https://joss.theoj.org/papers/x");
    // Doc comments: kitty's `#:`, roxygen's `#'`, Rust's `///` and `//!`.
    for mark in ["#:", "#'", "///", "//!"] {
        let c = one(&format!(
            "{mark} see <https://a.example/harfbuzz-hb-\n{mark} common.html#f>.\n"
        ));
        assert_eq!(
            c.url, "https://a.example/harfbuzz-hb-common.html#f",
            "{mark}"
        );
    }
    // Near miss: a `#:` glued to the next word is URL text.
    let c = one("#: see <https://a.example/a-\n#:b>\n");
    assert_eq!(c.url, "https://a.example/a-#:b");
}

#[test]
fn an_xml_element_in_a_namespace_named_like_a_scheme_is_no_wrapper() {
    // zeep's docstrings quote WSDL's HTTP binding.
    assert!(urls("<http:operation location=\"GetLastTradePrice\"/>").is_empty());
    assert!(urls("  <http:urlReplacement/>\n").is_empty());
    assert!(urls("<http:binding verb='GET'/>").is_empty());
    // EXPath's HTTP client in XQuery, an element with no attribute.
    assert!(urls("  <http:response>\n").is_empty());
    // Near misses: a URL with slashes, a wrapped partial form, a host
    // written without `//`, another scheme's address.
    check(
        "«<http://a.example/ x=\"y\">»",
        &[(A, "http://a.example/x=\"y\"")],
    );
    check("«<http:foo/bar>»", &[(A, "http:foo/bar")]);
    check("«<http:a.example>»", &[(A, "http:a.example")]);
    check("«<mailto:webmaster>»", &[(A, "mailto:webmaster")]);
}

#[test]
fn whitespace_inside_wrappers_is_removed_and_recorded() {
    let c = one("x <URL:ftp://a/b\n   /c d.txt>");
    assert_eq!(c.url, "ftp://a/b/cd.txt");
    assert_eq!(c.raw, "<URL:ftp://a/b\n   /c d.txt>");
    assert_eq!(c.facts.whitespace_removed.len(), 2);
    let ws = c.facts.whitespace_removed[0];
    assert_eq!((ws.start.offset, ws.end.offset), (16, 20));
    // Every byte of `url` maps back to the same byte of the input.
    let input = "x <URL:ftp://a/b\n   /c d.txt>".as_bytes();
    for (k, &b) in c.url.as_bytes().iter().enumerate() {
        assert_eq!(input[c.pos_at(k).offset as usize], b, "byte {k}");
    }
    assert_eq!(
        c.pos_at(9),
        Pos {
            line: 2,
            column: 4,
            offset: 20
        }
    );
}

#[test]
fn a_string_literal_holding_the_opener_alone_is_no_wrapper() {
    assert!(urls("if all.StartsWith(\"<http://\", Ordinal)\n  && x-\n").is_empty());
    assert!(urls("s.startswith('<ftp:')").is_empty());
    assert!(urls("// (`<ab://` = 6 bytes for the bracket+scheme)").is_empty());
    // Near miss: a whole wrapped URL in a string.
    let c = one("s = \"<http://a.example/b>\"");
    assert_eq!((c.form, c.url.as_str()), (A, "http://a.example/b"));
}

#[test]
fn a_sicis_angle_brackets_are_part_of_a_wrapped_doi() {
    let c = one("<https://doi.org/10.1002/(SICI)1098-231X(200003)37:3<247::AID-TEA2>3.0.CO;2-O>");
    assert_eq!(
        (c.url.as_str(), c.facts.unterminated),
        (
            "https://doi.org/10.1002/(SICI)1098-231X(200003)37:3<247::AID-TEA2>3.0.CO;2-O",
            false
        )
    );
    // Near miss: a bracket holding no SICI still ends the wrapper.
    let c = scan_all(b"<https://a.example/x<b c>", &ScanOptions::default());
    assert!(c[0].facts.unterminated, "{c:?}");
}

#[test]
fn a_backslash_continuing_the_line_is_no_part_of_a_wrapped_url() {
    let input = "`P <https://a.example/modeling/\\\n    ref.html#m>`_";
    let c = one(input);
    assert_eq!(c.url, "https://a.example/modeling/ref.html#m");
    for (k, &b) in c.url.as_bytes().iter().enumerate() {
        assert_eq!(input.as_bytes()[c.pos_at(k).offset as usize], b, "byte {k}");
    }
    // In a CRLF file the backslash comes before the `\r`.
    let c = one("\t<ftp://ftp.example.org/advisory/\\\r\n\t AA-97.03.vul>\r\n");
    assert_eq!(c.url, "ftp://ftp.example.org/advisory/AA-97.03.vul");
    // Near miss: a backslash before a blank, then the break, stays.
    let c = one("<https://a.example/a\\b\\ \n c.html>");
    assert_eq!(c.url, "https://a.example/a\\b\\c.html");
    let c = one("<https://a.example/a\\b\\ \r\n c.html>");
    assert_eq!(c.url, "https://a.example/a\\b\\c.html");
}

#[test]
fn an_unknown_scheme_broken_before_its_slashes_still_rejoins_when_known() {
    check(
        "«<ftp:\n//quake.think.com/pub/x.txt>»",
        &[(A, "ftp://quake.think.com/pub/x.txt")],
    );
}

#[test]
fn hyphen_at_a_line_break_is_kept_with_an_alternative() {
    let c =
        one("<URL:ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-\n   req-02.txt>");
    assert_eq!(
        c.url,
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt"
    );
    assert_eq!(
        c.alternatives,
        vec!["ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-funreq-02.txt"]
    );
    let hyphen = c.url.find("fun-").unwrap() + 3;
    assert_eq!(c.facts.hyphen_breaks, vec![hyphen]);
    assert_eq!(c.pos_at(hyphen).line, 1);
    assert_eq!(c.pos_at(hyphen + 1).line, 2);
    // Reflowed text turned the break into a space: still a hyphen break.
    assert_eq!(
        one("<URL:http://a/uri- archive>").facts.hyphen_breaks,
        vec![12]
    );
    assert!(one("<URL:http://a/b -c>").facts.hyphen_breaks.is_empty());
    // Words after it on its line are a label (Haddock's `<URL label>`).
    assert!(one("<https://a/at-haskell- Internet Archive>")
        .facts
        .hyphen_breaks
        .is_empty());
    assert_eq!(
        one("<https://a/at-haskell-\n Internet Archive>")
            .facts
            .hyphen_breaks,
        vec![20]
    );
    // A label in quotes (Haddock's `<URL "label">`) is no part of the URL;
    // a quote across a line break, or one not closing the wrapper, is.
    assert_eq!(one("<http://a/pkg \"the pkg\">").url, "http://a/pkg");
    assert_eq!(one("<http://a/pkg\n\"x\">").url, "http://a/pkg\"x\"");
    assert_eq!(one("<http://a/pkg \"x\" y>").url, "http://a/pkg\"x\"y");
}

#[test]
fn a_rubys_printed_object_is_no_wrapper() {
    // `#<File:/tmp/x>`: Ruby's (and Crystal's) inspect of an object.
    let found = scan_all(b"p f # => #<File:/tmp/x>", &ScanOptions::default());
    assert!(found.iter().all(|c| c.form != A), "{found:#?}");
    check("#«<file:///tmp/x>»", &[(A, "file:///tmp/x")]);
}

#[test]
fn reply_quote_prefixes_are_removed_from_continuation_lines() {
    check("«<URL:http://a/b\n> /c>»", &[(W, "http://a/b/c")]);
    check(
        "> > «<URL:http://a/b\n> > /c\n> >   /d>»",
        &[(W, "http://a/b/c/d")],
    );
    check(">> «<URL:http://a/b\n>> >»", &[(W, "http://a/b")]);
    check("«<URL:http://a/b\n| /c>»", &[(W, "http://a/b/c")]);
    // Unquoted, a `>` opening a line of prose closes the wrapper.
    check(
        "«<URL:http://a/b\n>» and then more text",
        &[(W, "http://a/b")],
    );
    check("«<URL:http://a/b\n>» and then more>", &[(W, "http://a/b")]);
}

#[test]
fn unterminated_wrapper_is_reported_and_rescanned_as_bare() {
    let c = scan_all(
        b"<URL:http://a/b\n\nnext http://c\n",
        &ScanOptions::default(),
    );
    assert_eq!(c.len(), 3);
    assert!(c[0].facts.unterminated);
    assert_eq!(
        (c[0].raw.as_str(), c[0].url.as_str()),
        ("<URL:", "http://a/b")
    );
    assert_eq!(c[0].segments[0].start.offset, 5);
    assert_eq!((c[1].url.as_str(), c[1].form), ("http://a/b", B));
    assert_eq!(c[2].url, "http://c");
    // A `<` before any `>` also leaves it open; so do 10 lines.
    let c = scan_all(b"<http://a/b <b>", &ScanOptions::default());
    assert!(c[0].facts.unterminated && c[0].raw == "<");
    assert_eq!(c[1].url, "http://a/b");
    let mut long = b"<URL:http://a/b".to_vec();
    long.extend_from_slice(&b"\n x".repeat(10));
    long.push(b'>');
    assert!(
        scan_all(&long, &ScanOptions::default())[0]
            .facts
            .unterminated
    );
    long.drain(long.len() - 4..long.len() - 1);
    assert!(
        !scan_all(&long, &ScanOptions::default())[0]
            .facts
            .unterminated
    );
}

#[test]
fn a_block_quotes_marks_open_no_wrapper() {
    // TiddlyWiki's `<<<` and its citation: a bare URL, never a wrapper
    // left open; two `<` still open one around a URL (near miss).
    let c = one("<<<https://en.wikipedia.org/wiki/LaTeX\n");
    assert_eq!(
        (c.url.as_str(), c.form),
        ("https://en.wikipedia.org/wiki/LaTeX", B)
    );
    assert!(!c.facts.unterminated);
    let c = one("<<http://a/b> x");
    assert_eq!((c.url.as_str(), c.form), ("http://a/b", A));
}

#[test]
fn an_ldif_value_from_a_url_opens_no_wrapper() {
    // `attr:<URL` reads an LDIF value from the URL: a bare URL. Closed,
    // or after a blank, it is still a wrapper (near misses).
    let c = one("cacertificate;binary:<file:///tmp/ipa.der\n");
    assert_eq!((c.url.as_str(), c.form), ("file:///tmp/ipa.der", B));
    assert!(!c.facts.unterminated);
    let c = one("see:<http://a/b> x");
    assert_eq!((c.url.as_str(), c.form), ("http://a/b", A));
    let open = scan_all(b"see: <http://a/b\n", &ScanOptions::default());
    assert!(open[0].facts.unterminated, "{open:?}");
}

#[test]
fn unterminated_by_the_byte_cap() {
    // Past the cap with no `>` on its line: unclosed, its text read again
    // as bare text.
    let mut s = b"<URL:http://a/".to_vec();
    s.extend(std::iter::repeat_n(b'x', 9000));
    s.extend(b"\nmore>");
    let c = scan_all(&s, &ScanOptions::default());
    assert!(c[0].facts.unterminated);
    assert_eq!(c[1].form, B);
    // Closed on its line: too long to read as a wrapper, not unclosed.
    let mut s = b"<URL:http://a/".to_vec();
    s.extend(std::iter::repeat_n(b'x', 9000));
    s.push(b'>');
    let c = scan_all(&s, &ScanOptions::default());
    assert!(c.iter().all(|c| !c.facts.unterminated), "{c:?}");
    assert_eq!(c[0].form, B);
}

#[test]
fn empty_wrappers() {
    for s in [
        "<URL:>",
        "<URL:http://>",
        "<URL:mailto:>",
        "<http://>",
        "<file://>",
    ] {
        assert!(one(s).facts.empty, "{s}");
    }
    assert!(!one("<URL:news:*>").facts.empty);
    // The file system's root (Hadoop's `-fs <file:///>`).
    assert!(!one("<file:///>").facts.empty);
    // ht://Dig's `<url:> </url>` block: an element, no wrapper.
    assert!(scan_all(b"have <url:> </url> blocks", &ScanOptions::default()).is_empty());
    let partial = one("<URL:/relative/path>");
    assert!(!partial.facts.empty);
    assert_eq!(partial.url, "/relative/path");
}

#[test]
fn fragment_written_after_the_wrapper() {
    let c = one("<URL:http://a/b>#frag. Next");
    assert_eq!(c.url, "http://a/b");
    assert_eq!(c.alternatives, vec!["http://a/b#frag"]);
    let f = c.facts.fragment_outside.unwrap();
    assert_eq!((f.start.offset, f.end.offset), (16, 21));
    assert!(one("<URL:http://a/b># x").facts.fragment_outside.is_none());
}

#[test]
fn a_tag_after_the_wrapper_is_no_fragment() {
    // Open Shownotes Format: tags follow a link, a blank between; one
    // written without it is still a tag. Near miss: a text with no tags.
    let notes = "00:01 Ghana <http://a.example/wiki/Ghana> #g\n\
                 00:02 Adlon <http://a.example/wiki/Adlon> #wikilink #g\n\
                 00:03 Open GL <http://a.example/wiki/Open_GL>#g\n";
    let found = scan_all(notes.as_bytes(), &ScanOptions::default());
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().all(|c| c.facts.fragment_outside.is_none()));
    let listed = one("CSMA <http://a.example/wiki/CSMA>#g #t");
    assert!(listed.facts.fragment_outside.is_none());
    let alone = one("see <http://a.example/doc>#section and more");
    assert!(alone.facts.fragment_outside.is_some());
    // Every link tagged so, no blank anywhere.
    let glued = "<http://a.example/a>#g\n<http://a.example/b>#g\n<http://a.example/c>#v\n";
    let found = scan_all(glued.as_bytes(), &ScanOptions::default());
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(
        found.iter().all(|c| c.facts.fragment_outside.is_none()),
        "{found:?}"
    );
    // Fragments so written in running text are still faults, however
    // many; and `>` that close no wrapper (HTML's, a quote's) count for
    // nothing.
    let prose = "see <URL:http://a.example/x>#intro and\n\
                 <URL:http://a.example/y>#usage here and\n\
                 <URL:http://a.example/z>#faq too\n";
    let found = scan_all(prose.as_bytes(), &ScanOptions::default());
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(
        found.iter().all(|c| c.facts.fragment_outside.is_some()),
        "{found:?}"
    );
    let html = "<b>#a</b>\n<i>#b</i>\n> #c\n<http://a.example/x>#d\n";
    let found = scan_all(html.as_bytes(), &ScanOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].facts.fragment_outside.is_some(), "{found:?}");
}

#[test]
fn invalid_utf8_in_a_wrapper_becomes_a_replacement_in_its_own_segment() {
    let c = scan_all(b"<URL:http://a/\xFFb>", &ScanOptions::default());
    assert_eq!(c[0].url, "http://a/\u{FFFD}b");
    assert_eq!(c[0].segments.len(), 3);
    assert_eq!(c[0].pos_at(c[0].url.len() - 1).offset, 15);
    assert_eq!(c[0].pos_at(c[0].url.len() - 1).column, 16);
}

fn filled(url_line: &str) -> String {
    // Pad the line in front of the URL to 76 columns.
    let pad = 76 - url_line.chars().count();
    format!("{}{url_line}", "w ".repeat(pad / 2) + &" ".repeat(pad % 2))
}

#[test]
fn a_templates_parameter_ends_at_its_line() {
    // Wikidot's challenge pages: one parameter a line, each after a bar.
    let text = "|forum_url=http://tibasicdev.wikidot.com/forum/t-164477/program-challenge-9\n|day=31|month=11|year=2009\n";
    let c = one(text);
    assert_eq!(
        c.url,
        "http://tibasicdev.wikidot.com/forum/t-164477/program-challenge-9"
    );
    assert_eq!(c.facts.broken_bare, None);
    // Near miss: a line that is no parameter, quoted with a bar.
    let text = format!(
        "| {}\n| day/31.html\n",
        filled("see http://a.example/forum/")
    );
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn a_tab_indented_line_wider_than_the_wrap_width_was_not_wrapped() {
    // A page's wireframe (a school's notes): items indented by a tab, one
    // a line; the URL's line is 8 + 77 columns wide, no client's wrap.
    let item = format!("\t{}https://www.worldbandy.com/", "w ".repeat(25));
    let text = format!("{item}\n\tgorog.gif\n");
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: the same line with its tab counted as one column, a
    // space, is filled to the width and wrapped.
    let text = format!("{}\ngorog.gif\n", item.replacen('\t', " ", 1));
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn strongly_evidenced_hard_wrap_is_rejoined() {
    let text = format!(
        "{}\nreq-02.txt\nThanks.\n",
        filled("http://example.com/drafts/draft-fun-")
    );
    let c = one(&text);
    assert_eq!(c.url, "http://example.com/drafts/draft-fun-req-02.txt");
    assert_eq!(c.alternatives, vec!["http://example.com/drafts/draft-fun-"]);
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Rejoined));
    assert_eq!(c.segments.len(), 2);
    assert_eq!(c.segments[1].start.line, 2);
    assert_eq!(c.span.end.line, 2);
}

#[test]
fn weak_evidence_keeps_the_literal_url() {
    let c = one("short line http://example.com/a/\nb/c.html and more\n");
    assert_eq!(c.url, "http://example.com/a/");
    assert_eq!(c.alternatives, vec!["http://example.com/a/b/c.html"]);
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Literal));
    // A prose word, a `key:` or a capitalised name is weak at most, even
    // where it would not have fit.
    for next in ["cygwin", "where", "name: x", "Node.js"] {
        let text = format!("{}\n{next}\n", filled("http://example.com/a/"));
        let c = one(&text);
        assert_eq!(c.facts.broken_bare, Some(BrokenBare::Literal), "{next}");
        assert_eq!(c.url, "http://example.com/a/");
    }
    // A path token that would have fit on the line was not moved by a
    // wrapping client: weak.
    let text = format!("{}\nb.html\n", "w ".repeat(20) + "http://e.org/a/");
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Literal));
    // A query laid out a parameter a line, on purpose: weak; near miss,
    // the same without the `&` lines below.
    let query = filled("https://login.example.com/common/oauth2/authorize?");
    let laid_out = format!("{query}\nresponse_type=code\n&client_id=abc\n");
    let c = one(&laid_out);
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Literal), "{c:?}");
    let cut = format!("{query}\nresponse_type=code\nThanks.\n");
    assert_eq!(one(&cut).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn an_extension_cut_short_and_completed_on_the_next_line_is_strong() {
    // Kamailio's text manual: `….t` then `xt,`.
    let text = "   Returns the detailed type of the given IP () (see\n   \
                http://www.iana.org/assignments/ipv6-address-space/ipv6-address-space.t\n   \
                xt,\n   RFC 5735).\n";
    let c = one(text);
    assert_eq!(
        c.url,
        "http://www.iana.org/assignments/ipv6-address-space/ipv6-address-space.txt"
    );
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near misses: a word that completes no extension, a capital, and a
    // short line ended by its writer.
    for next in ["xyz,", "Xt,"] {
        let text = format!("{}\n{next}\n", filled("http://e.org/a/space.t"));
        assert_ne!(
            one(&text).facts.broken_bare,
            Some(BrokenBare::Rejoined),
            "{next}"
        );
    }
    let text = "see http://e.org/a/space.t\nxt,\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn a_word_after_a_whole_file_name_is_no_wrap() {
    // A Zabbix template's YAML: `…/iostats.rst` then `I/Os currently in
    // progress.` on the next line; glued, `iostats.rstI/Os` names nothing.
    let text = format!(
        "{}\nI/Os currently in progress\n",
        filled("https://www.kernel.org/doc/Documentation/iostats.rst")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // TapirMD's italics on the line after a link; near miss: a path
    // piece after two slashes.
    let text = format!(
        "{}\n//(If you only care about the reasons, read this one.)//\n",
        filled("https://go.googlesource.com/proposal/+/master/design/")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A Debian copyright file: a tarball's URL, then files inside it.
    let text = format!(
        "{}\nlilypond-2.12.3/COPYING and lilypond-2.12.3/mf/*\n",
        filled("http://download.linuxaudio.org/lilypond/lilypond-2.12.3.tar.gz")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A mail's sign-off after a slash (a list archive's `/Daniel`).
    let text = format!(
        "{}
/Daniel
-------------- next part --------------
",
        filled("http://lists.whatwg.org/htdig.cgi/whatwg-whatwg.org/2010-June/026611.html")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near misses: a fragment or a path piece after the file name, a
    // segment after a slash, and a file name cut before its last letters,
    // still rejoin.
    for (line, next, url) in [
        (
            "https://a.example/x/page.html",
            "/Main_Page",
            "https://a.example/x/page.html/Main_Page",
        ),
        (
            "https://a.example/x/iostats.rst",
            "#field/1",
            "https://a.example/x/iostats.rst#field/1",
        ),
        (
            "https://a.example/x/page.htm",
            "l/a.png",
            "https://a.example/x/page.html/a.png",
        ),
    ] {
        let c = one(&format!("{}\n{next} and more\n", filled(line)));
        assert_eq!(
            (c.url.as_str(), c.facts.broken_bare),
            (url, Some(BrokenBare::Rejoined))
        );
    }
}

#[test]
fn a_list_indented_under_a_url_is_no_wrap() {
    // ESMValTool's dataset notes: a directory's URL alone on its line,
    // the files to fetch from it indented below, or another URL after.
    let url = "ftp://ftp.cdc.noaa.gov/Projects/Datasets/data.ncep.reanalysis/pressure/";
    for after in ["      hgt.mon.mean.nc\n", &format!("    {url}\n")] {
        let text = format!("    {url}\n      air.mon.mean.nc\n{after}");
        let c = scan_all(text.as_bytes(), &ScanOptions::default());
        assert_eq!(c[0].url, url, "{text}");
        assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined), "{text}");
    }
    // Near misses: the rest at the URL's indentation, text after it (the
    // same with another file after is a list of files), or text after the
    // indented piece, is still a wrap.
    for text in [
        format!("    {url}\n    air.mon.mean.nc\n    was the file to fetch.\n"),
        format!("    {url}\n      air.mon.mean.nc\n    is the file to fetch.\n"),
    ] {
        let c = one(&text);
        assert_eq!(c.facts.broken_bare, Some(BrokenBare::Rejoined), "{text}");
    }
}

#[test]
fn a_quote_closed_at_the_line_end_is_no_wrap() {
    // mailfromd's manual: a sed address matching `script file:`, the
    // command's output on the next line.
    let text = "$ mailfromd --show-defaults --no-config | sed -ne '/^script file:/s///p'\n/etc/mailfromd.mfl\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: no quote opened before the URL on its line.
    let text = "$ mailfromd --show-defaults --no-config | sed -ne /^script file:/s///p'\n/etc/mailfromd.mfl\n";
    assert_eq!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn a_schema_location_holds_pairs_not_a_wrap() {
    let pair = "                http://jboss.org/xml/ns/javax/validation/configuration\n                validation-configuration-1.1.xsd\">\n";
    let text = format!("<xs:schema\n    xsi:schemaLocation=\"\n{pair}");
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: the attribute's value closed before the URL.
    let text = format!("<xs:schema xsi:schemaLocation=\"a b\">\n{pair}");
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn a_path_that_would_not_fit_is_strong_whatever_the_line_width() {
    // `.../archives/` ending at column 65, and the next word too long for
    // a 72-column line: a wrapping client moved it; text may follow it.
    let url_line = format!(
        "{}http://lists.gnu.org/archive/html/archives/",
        "w ".repeat(11)
    );
    assert_eq!(url_line.chars().count(), 65);
    let text = format!("{url_line}\n2005/november.html and is updated\n");
    let c = one(&text);
    assert_eq!(
        c.url,
        "http://lists.gnu.org/archive/html/archives/2005/november.html"
    );
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Rejoined));
    // A short line ending in a digit was ended by its writer (a list of a
    // bug URL and a patch name); a backslash continues a line on purpose.
    let text =
        "    https://bugs.llvm.org/show_bug.cgi?id=43677\n    disable-fuzzer-compiler-rt.diff\n";
    assert_eq!(one(text).facts.broken_bare, Some(BrokenBare::Literal));
    let text = format!("{}\\\n/x/y.html\n", filled("curl http://example.com/a/b"));
    assert_eq!(one(&text).facts.broken_bare, None);
    // Code on the next line is no path, though it holds one.
    let text = "new URL('/some/path%.c', 'file:');    // Incorrect: file:///some/path%.c\npathToFileURL('/some/path%.c');\n";
    assert_eq!(one(text).url, "file:///some/path%.c");
    // Text after the token ends the URL there, over no more lines.
    let text = format!("{}\nindex.html and more\n", filled("http://example.com/a/"));
    assert_eq!(one(&text).url, "http://example.com/a/index.html");
    // A message catalogue's next key (Jenkins' `.properties`): a `name=`
    // after a URL with no query is a new setting, not the query.
    let text = format!(
        "{}\nHudson.ViewAlreadyExists=Una vista\n",
        filled("all''indirizzo http://latuaistanzajenkins/userContent/")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A signature: the home page filling its line, the mail address on the
    // next (DBI's shelved mail); a domain is no file extension.
    let text = format!(
        "{}\nmpeppler@peppler.org - phone\n",
        filled("Michael Peppler - http://www.mbay.net/~mpeppler")
    );
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // After `mailto:` the address's rest does continue it (Postfix's
    // TLSRPT record).
    let text = format!(
        "{}\nreport@example.com\"\n",
        filled("_smtp._tls IN TXT \"v=TLSRPTv1; rua=mailto:smtp-tls-")
    );
    assert_eq!(one(&text).url, "mailto:smtp-tls-report@example.com");
    // So does a message-id after an archive's `/`.
    let text = format!(
        "{}\n20141116001628.GO32192@teltox.donarmstrong.com) 2014\n",
        filled("Bug #746578 (https://lists.debian.org/")
    );
    assert_eq!(
        one(&text).url,
        "https://lists.debian.org/20141116001628.GO32192@teltox.donarmstrong.com"
    );
    // Near misses: a lower-case `name=` is a path segment's
    // (`…/17z/` then `data=!3m1!4b1`), and after a `?` the same token
    // is the query's rest.
    let text = format!(
        "{}\ndata=!3m1!4b1\n",
        filled("https://www.google.com/maps/@5,6,17z/")
    );
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = format!(
        "{}\nsearchTerm=x&page=2\n",
        filled("http://e.org/search?lang=it&")
    );
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
}

#[test]
fn columns_are_a_table_not_a_wrap() {
    // A Netlify `_redirects` file: from, blanks, to.
    let text = concat!(
        "/guide/computed.html                https://v2.vuejs.org/v2/guide/computed.html\n",
        "/guide/custom-directive.html        https://v2.vuejs.org/v2/guide/custom-directive.html\n",
    );
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c[0].url, "https://v2.vuejs.org/v2/guide/computed.html");
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    assert_eq!(c.len(), 2);
    // The next line's token followed by a column gap.
    let text = format!("{}\nb/c.html      two\n", filled("http://example.com/a/"));
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A changelog's next dated entry (acro's `HISTORY`); near miss: a
    // date alone on its line, a date archive's path.
    let text = "2015/07/20 v2.0b  - implement https://github.com/cgnieder/acro/issue/42\n2015/09/05 v2.1   - add list object type\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = format!(
        "{}\n2015/09/05\n",
        filled("see http://blog.example.com/archive/")
    );
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // The next line's own: a network-path reference, a command with an
    // option (a program's path or name), a URL of a registered scheme;
    // near miss: a path piece.
    for next in [
        "//cdn.datatables.net/plug-ins/numeric-comma.js",
        "/usr/lib/geoclue-2.0/geoclue -t 5",
        "fsck.ext4 -pf /dev/sde2",
        "view-source:blueimp.github.io/jQuery-File-Upload/",
    ] {
        let text = format!("{}\n{next}\n", filled("see http://example.com/a/long/"));
        let c = scan_all(text.as_bytes(), &ScanOptions::default());
        assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined), "{next}");
    }
    let text = format!(
        "{}\nfsck-ext4.html\n",
        filled("see http://example.com/a/long/")
    );
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Text never hard-wrapped (maranemil's list of ISOs: lines run past
    // the width with blanks to break at), where a directory's URL has its
    // file's name on the next line; near miss: the long lines are quoted.
    let long = "Exton|OS 64 bit based on Ubuntu/Debian with Mate/Openbox Installation in Virtualbox VM 1.2Gb\n";
    let url = "https://sourceforge.net/projects/manjarolinux/files/archive/0.8.9/xfce-minimal/\nmanjaro-xfce-minimal-0.8.9-i686.iso\n";
    let list = format!("{long}{long}\nManjaro Xfce 0.8.9\n{url}");
    assert_ne!(one(&list).facts.broken_bare, Some(BrokenBare::Rejoined));
    let quoted = format!("> {long}> {long}\nManjaro Xfce 0.8.9\n{url}");
    assert_eq!(one(&quoted).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Nor is nroff's bold, each letter struck twice (Postfix's README_FILES).
    let bold: String = long
        .chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                format!("{c}\u{8}{c}")
            }
        })
        .collect();
    let headings = format!("{bold}{bold}\nManjaro Xfce 0.8.9\n{url}");
    assert_eq!(one(&headings).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Nor does it spare a path going on (dsbook's R string, its quote
    // closed on the next line) or a URL broken mid-word (Virtuoso's).
    for cut in [
        "url <- \"https://raw.githubusercontent.com/rafalab/dslabs/master/inst/\nextdata/murders.csv\"\n",
        "http://localhost:8890/OAuth/request_token?oauth_version=1.0&oauth_nonce\n=dad4cb071e2169cbcaa051d404ac61a3&oauth_timestamp=1201873644\n",
    ] {
        let text = format!("{long}{long}\n{cut}");
        assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined), "{cut}");
    }
    // Records of a log that start alike.
    let text = "    2026/04/14 11:36:04 NOTICE: Serving GUI on http://127.0.0.1:50802/\n    2026/04/14 11:36:04 NOTICE: GUI available\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A block indented under a paragraph's line (Chez Scheme's `LOG`: the
    // files an entry touched); near misses: the same lines unindented, and
    // a list item's hanging indent.
    let entry = "  get-mode, and path-absolute more consistent with\n  https://docs.microsoft.com/en-us/windows/desktop/FileIO/naming-a-file\n    6.ss, 6.ms, io.stex, release_notes.stex\n";
    assert_ne!(one(entry).facts.broken_bare, Some(BrokenBare::Rejoined));
    let flat = entry.replace("\n    6.ss", "\n  6.ss");
    assert_eq!(one(&flat).facts.broken_bare, Some(BrokenBare::Rejoined));
    let item = "  and more\n- https://docs.microsoft.com/en-us/windows/desktop/FileIO/naming-a-file\n  6.ss, 6.ms\n";
    assert_eq!(one(item).facts.broken_bare, Some(BrokenBare::Rejoined));
    // OCaml's comment: a URL its writer broke after a `/` and indented.
    let comment = "   \"64-Bit ELF V2 ABI Specification -- Power Architecture\"\n   http://openpowerfoundation.org/wp-content/uploads/resources/leabi/\n     content/dbdoclet.50655239___RefHeading___Toc377640569.html\n";
    assert_eq!(one(comment).facts.broken_bare, Some(BrokenBare::Rejoined));
    let folded = "BEGIN:VCALENDAR\nX-ORIGINAL-URL:http://www.meetup.com/buffalophp/events/ical/The+Buffalo+P\n HP+User+Group/\n";
    assert_eq!(one(folded).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A URL wrapped inside quotes is still rejoined.
    let text = format!(
        "{}\nrest/page.html\" and more\n",
        filled("see \"http://example.com/a/long/")
    );
    assert_eq!(one(&text).url, "http://example.com/a/long/rest/page.html");
    // An assignment on the next line is code.
    let text = "# ZSH Theme - Preview: https://github.com/ohmyzsh/ohmyzsh/wiki/Themes#gallifrey\nreturn_code=\"%(?..%{$fg[red]%}%? x)\"\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A pip requirement on the next line is not the URL's rest.
    for text in [
        "git+https://github.com/sqlalchemyorg/zzzeeksphinx.git#egg=zzzeeksphinx\nsphinx-copybutton==0.5.1\n",
        "    # tracked by https://github.com/pytest-dev/pytest-xdist/issues/907\n    pytest-xdist!=3.3.0\n",
    ] {
        assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined), "{text}");
    }
    // Nor is a response's status line under a `curl` command; near miss:
    // a path in capitals.
    let curl = filled("-H \"Negotiate: vlist\" http://localhost:8890/DAV/TCN/page");
    let text = format!("{curl}\nHTTP/1.1 300 Multiple Choices\n");
    assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = format!("{curl}\nDAV/TCN/x.html is the rest\n");
    assert_eq!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A comment's URL does not go on into the next line's code.
    let text = "# For more information see:\n# https://www.kernel.org/doc/html/latest/networking/ip-sysctl.html#arp_ignore\nnet.ipv4.conf.all.arp_ignore=0\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // An Erlang comment's URL does not go on into a macro call.
    let text = "%% http://www.erlang.org/ml-archive/erlang-questions/200202/msg00024.html\n    ?DebugF(\"thinktime of ~p~n\",[Think]),\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Nor does a comment trailing a record go on into the next record.
    let text = "llfio:x64-windows-release=fail # https://github.com/ned14/llfio/pull/175\nllfio:x64-windows-static-md=fail\n";
    let u = one(text);
    assert_ne!(u.facts.broken_bare, Some(BrokenBare::Rejoined));
    assert_eq!(u.url, "https://github.com/ned14/llfio/pull/175");
    // Near miss: a `#` that starts no comment (`#3`, no blank after it).
    let text =
        "the fix for llfio:x64-windows-release, see #3 https://github.com/ned14/\nllfio/pull/175\n";
    assert_eq!(one(text).url, "https://github.com/ned14/llfio/pull/175");
    // Nor into the next comment line's own word, glued to its marker.
    let text = "# Requires installation, configuration, enabling of systemd lighttpd*.socket\n# https://git.lighttpd.net/lighttpd/lighttpd1.4/src/branch/master/doc/systemd/\n#Requires=lighttpd-http-ipv4.socket lighttpd-http-ipv6.socket\n";
    let u = one(text);
    assert_ne!(u.facts.broken_bare, Some(BrokenBare::Rejoined));
    assert_eq!(
        u.url,
        "https://git.lighttpd.net/lighttpd/lighttpd1.4/src/branch/master/doc/systemd/"
    );
    // A README's list of dependencies, each a path, a dash and a URL.
    let text = "libraries/matplotlib - http://matplotlib.sourceforge.net/\ndevelopment/numpy - http://numpy.scipy.org/\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    // Rows of a redirect map: a path and its target.
    let text = "/components/templating/helpers/slotshelper https://github.com/symfony/templating\n/components/translation/introduction /components/translation\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = "/frontend/ux https://symfony.com/bundles/StimulusBundle/current/index.html\n/messenger/handler_results /messenger#messenger-getting-handler-results\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // A list of labels and URLs: the next line is another entry.
    let text = "double list comp: https://twitter.com/nedbat/status/1518955211582099456\nre.sub fn: https://twitter.com/nedbat/status/1518571274817187842\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c.len(), 2, "{c:#?}");
    assert_eq!(
        c[0].url,
        "https://twitter.com/nedbat/status/1518955211582099456"
    );
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: no URL after the next line's colon.
    let text =
        "double list comp: https://twitter.com/nedbat/status/15189552115820/\nre.sub fn: see\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined), "{c:#?}");
    // A URL over the folder it serves: the next line's path is its own.
    let text = "# Webdev:\nhttp://webdev.citepro.cite-sciences.fr/ficheexp/docs/\n/datasan/sites/cite-sciences/ficheexp/docs\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined), "{c:#?}");
    // Netlify's rows carry conditions and a status.
    let text = "/security-guard/* https://pkg.go.dev/knative.dev/security-guard/:splat\n/serving/* go-get=:go-get /golang/serving.html 200\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: a path's piece alone on the next line is the URL's rest
    // (one starting with `/` after the URL's `/` would be a path of its
    // own, as above).
    let text = "/security-guard/* https://pkg.go.dev/knative.dev/security-guard/\nserving/x.html\n";
    assert_eq!(
        one(text).url,
        "https://pkg.go.dev/knative.dev/security-guard/serving/x.html"
    );
    // A sentence ends with the URL, and the next starts with a capital.
    let text = "Bugs can still be sent to https://github.com/cyrusimap/cyrus-imapd/issues.\nPatches/pull requests are even better.\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Near miss: no full stop, and the path goes on.
    let text = "Bugs can still be sent to https://github.com/cyrusimap/cyrus-imapd/issues/\nPatches/pull requests are even better.\n";
    assert_eq!(
        one(text).url,
        "https://github.com/cyrusimap/cyrus-imapd/issues/Patches/pull"
    );
    // A Wayback Machine address goes on over a URL nested in its path.
    let text = "could be found at https://web.archive.org/web/\n20080526153208/http://www.monkeys.com/anti-spam/filtering/sender-domain-\nvalidate.in.\n";
    assert_eq!(
        one(text).url,
        "https://web.archive.org/web/20080526153208/http://www.monkeys.com/anti-spam/filtering/sender-domain-validate.in"
    );
    // Near misses: a path, then another URL of its own, is no
    // continuation, and that URL is not lost.
    let text = "Old page: https://example.com/old/\nweb.archive.org/web/20200101000000/https://exmaple.com/old\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c[0].url, "https://example.com/old/", "{c:#?}");
    assert!(
        c.iter().any(|c| c.url == "https://exmaple.com/old"),
        "{c:#?}"
    );
    let text = "Mirror is at https://a.example/x/\nfoo/http://b.example/y more words\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c.len(), 2, "{c:#?}");
    // An iCalendar line carries an address of its own.
    let text = "ATTENDEE;CN=Test User;PARTSTAT=ACCEPTED;RSVP=TRUE:MAILTO:cassandane@example.com\nATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:MAILTO:friend@example.com\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(c.len(), 2, "{c:#?}");
    assert_eq!(c[0].url, "MAILTO:cassandane@example.com");
    // A mail header's rest is folded onto a line that starts with a blank.
    let text = "Subject: [w3m-dev 01684] Re: http://cvs.m17n.org/~akr/diary/\napplication/x-deflate support.\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = "Subject: [w3m-dev 01684] Re: http://cvs.m17n.org/~akr/diary/\n application/x-deflate support.\n";
    assert_eq!(
        one(text).url,
        "http://cvs.m17n.org/~akr/diary/application/x-deflate"
    );
    // An option is no comment: argparse's wrapped help is a hard wrap.
    let text = "  --test-cert, --staging\n                        revoke test (invalid) certificates; equivalent to\n                        --server https://acme-\n                        staging-v02.api.letsencrypt.org/directory (default:\n";
    assert_eq!(
        one(text).url,
        "https://acme-staging-v02.api.letsencrypt.org/directory"
    );
    // A token and a URL of its own on the next line: a two-column file.
    let text = "/dl/v* https://github.com/kubernetes-sigs/kind/releases/download/v:splat\n/dl/* https://storage.googleapis.com/k8s-staging-kind/:splat\n";
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_ne!(c[0].facts.broken_bare, Some(BrokenBare::Rejoined));
    // An RPM macro is no escape.
    let text = "# AVOIDS CRASH BUG in make https://bugzilla.redhat.com/show_bug.cgi?id=903009\n%global debug_package %{nil}\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // An assignment with blanks around `=`, and a settings file's next key.
    let text = "    # Search: https://www.nixhub.io/packages/kubernetes-controller-tools\n    nixpkgs-kct.url = \"github:NixOS/nixpkgs/ee09\";\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    let text = "[Unit]\nDescription=Traefik, the reverse proxy and load balancer\nDocumentation=https://doc.traefik.io/traefik/\n#After=network-online.target\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // The URL after another value of the same key (buildbot's unit).
    let text = "[Unit]\nDescription=Buildbot Master %i\nDocumentation=man:buildbot(1) https://docs.buildbot.net/\nAfter=network.target\n";
    let found = scan_all(text.as_bytes(), &ScanOptions::default());
    assert!(
        found
            .iter()
            .all(|c| c.facts.broken_bare != Some(BrokenBare::Rejoined)),
        "{found:?}"
    );
    // Qt's INI keys, a group's `\` and `%20` for blanks (TeXstudio's profile).
    let text = "Grammar\\Language%20Tool%20URL=http://localhost:8081/\nGrammar\\Long%20Repetition%20Check=true\n";
    assert_ne!(one(text).facts.broken_bare, Some(BrokenBare::Rejoined));
    // Justified text's double and triple blanks are no columns.
    let text = "lation,   please  contact  the  Translation  Project  (https://translationpro-\nject.org/).\n";
    assert_eq!(one(text).url, "https://translationpro-ject.org/");
}

#[test]
fn no_evidence_no_join() {
    for text in [
        "see http://example.com/a\nand more\n",
        "see http://example.com/a/.\nThe end\n",
        "see http://example.com/a \nb/c.html\n",
        "see http://example.com/a/\n\nb/c.html\n",
    ] {
        let c = scan_all(text.as_bytes(), &ScanOptions::default());
        assert_eq!(c[0].facts.broken_bare, None, "{text:?}");
    }
    let text = format!("{}\n--\nBob\n", filled("http://example.com/a/"));
    assert_eq!(one(&text).facts.broken_bare, None);
    // A command's next argument, a home directory (Org's `\~` escaped):
    // no continuation; a user's `~name/` after a `/` still is.
    for next in ["\\~/.config/emacs~", "~/.config/emacs"] {
        let text = format!(
            "{}\n   {next}\n",
            filled("git clone https://github.com/d/doom")
        );
        let c = one(&text);
        assert_eq!(c.facts.broken_bare, None, "{next}");
        assert_eq!(c.url, "https://github.com/d/doom");
    }
    let text = format!(
        "{}\n~smith/papers.html\n",
        filled("http://www.cs.example.edu/")
    );
    assert_eq!(
        one(&text).url,
        "http://www.cs.example.edu/~smith/papers.html"
    );
    // The next line holding a URL of its own is no continuation.
    let c = scan_all(b"see http://a/b/\nhttp://c/d\n", &ScanOptions::default());
    assert_eq!(c.len(), 2);
}

#[test]
fn a_sentence_ending_after_a_url_is_no_continuation() {
    // A filled line ending "...bug=479284." followed by a signature-like
    // word: the period ends the sentence, and `mtk` is no path piece.
    let text = format!(
        "{}\n    mtk\n",
        filled("as per http://bugs.debian.org/cgi-bin/bugreport.cgi?bug=479284.")
    );
    let c = one(&text);
    assert_eq!(
        c.url,
        "http://bugs.debian.org/cgi-bin/bugreport.cgi?bug=479284"
    );
    assert_eq!(c.facts.broken_bare, None);
    // "and" alone after a filled line ending in `/` is a sentence going on:
    // weak evidence at most.
    let text = format!(
        "{}\n    and\n",
        filled("See also http://www.example.net/blog/ldd-code-execution/")
    );
    let c = one(&text);
    assert_eq!(c.url, "http://www.example.net/blog/ldd-code-execution/");
    assert_eq!(c.facts.broken_bare, Some(BrokenBare::Literal));
    // A path piece after the period still is.
    let text = format!(
        "{}\nindex.html\n",
        filled("see http://example.com/docs/v2.")
    );
    assert!(one(&text).facts.broken_bare.is_some());
}

#[test]
fn markdown_reference_definitions_are_not_continuations() {
    // Each line is a definition; the next one's `[label]` is markup, and a
    // token holding `://` carries its own URL, even on a filled line.
    let text = format!(
        "[#866]: https://github.com/rust-random/rand/pull/866\n[#888]: https://github.com/x/y/pull/888\n{}\n[Damerau-Levenshtein]:http://en.wikipedia.org/wiki/D\n",
        filled("[string similarity metrics]:http://en.wikipedia.org/wiki/String_metric")
    );
    let c = scan_all(text.as_bytes(), &ScanOptions::default());
    let urls: Vec<&str> = c.iter().map(|c| c.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "https://github.com/rust-random/rand/pull/866",
            "https://github.com/x/y/pull/888",
            "http://en.wikipedia.org/wiki/String_metric",
            "http://en.wikipedia.org/wiki/D",
        ]
    );
    assert!(c.iter().all(|c| c.facts.broken_bare.is_none()), "{c:#?}");
}

#[test]
fn program_text_with_scheme_like_words_is_not_a_url() {
    let c = scan_all(
        b"use same_file::is_same_file; File::create(p) and file::Error; HTTP: a protocol\n",
        &ScanOptions::default(),
    );
    assert!(c.is_empty(), "{c:#?}");
}

#[test]
fn quoted_hard_wrap_strips_the_same_quote_depth() {
    let text = format!(
        "> {}\n> /x/y.html\n",
        filled("http://example.com/a/b").split_at(2).1
    );
    let c = one(&text);
    assert_eq!(c.url, "http://example.com/a/b/x/y.html");
}

/// Every byte of `url` outside replacement characters is the input byte its
/// position points at.
fn assert_maps_back(input: &str, c: &crate::scan::Candidate) {
    for (k, &b) in c.url.as_bytes().iter().enumerate() {
        assert_eq!(
            input.as_bytes()[c.pos_at(k).offset as usize],
            b,
            "byte {k} of {:?}",
            c.url
        );
    }
}

#[test]
fn crlf_line_ends_and_unicode_spaces_inside_wrappers() {
    let text = "<URL:\r\n   http://a/b\r\n   /c\u{3000}d>";
    let c = one(text);
    assert_eq!(c.url, "http://a/b/cd");
    assert_eq!(c.facts.whitespace_removed.len(), 3);
    assert_maps_back(text, &c);
    let c = scan_all(b"<URL:http://a/b\r\n\r\n/c>", &ScanOptions::default());
    assert!(c[0].facts.unterminated);
}

#[test]
fn rejoined_urls_map_back_to_the_input() {
    let text = format!(
        "{}\r\n    req-02.txt\n",
        filled("URL:http://example.com/drafts/draft-fun-")
    );
    let c = one(&text);
    assert_eq!(
        (c.form, c.url.as_str()),
        (
            Form::UrlPrefix,
            "http://example.com/drafts/draft-fun-req-02.txt"
        )
    );
    assert_maps_back(&text, &c);
    let ws = c.facts.whitespace_removed[0];
    assert_eq!(
        &text[ws.start.offset as usize..ws.end.offset as usize],
        "\r\n    "
    );
}

#[test]
fn excerpt_covers_every_line_of_a_wrapper() {
    let o = ScanOptions {
        excerpts: true,
        ..ScanOptions::default()
    };
    let c = scan_all(b"a\nsee <URL:http://a/b\n  /c> ok\nz", &o);
    let e = c[0].excerpt.as_ref().unwrap();
    assert_eq!((e.first_line, e.start_offset), (2, 2));
    assert_eq!(e.text, "see <URL:http://a/b\n  /c> ok\n");
}

#[test]
fn a_hard_wrap_over_three_lines_is_joined_line_by_line() {
    let second = format!("{}/", "p".repeat(74));
    let text = format!("{}\n{second}\nlast.html\n", filled("http://example.com/a/"));
    let c = one(&text);
    assert_eq!(c.url, format!("http://example.com/a/{second}last.html"));
    assert_eq!(c.segments.len(), 3);
    assert_eq!(c.span.end.line, 3);
    assert_maps_back(&text, &c);
}

#[test]
fn blanks_after_the_url_prefix_are_not_whitespace_in_the_url() {
    let c = one("see <URL: http://a.example/x> now");
    assert_eq!(c.url, "http://a.example/x");
    assert!(c.facts.whitespace_removed.is_empty(), "{:?}", c.facts);
    assert_eq!(c.raw, "<URL: http://a.example/x>");
}

#[test]
fn a_mail_clients_link_quoted_in_angle_brackets_is_one_wrapper() {
    // distcc's ChangeLog: a link's text, then its address, in brackets.
    let text = "Martin <http://launchpad.net/~mbp/ <http://launchpad.net/%7Embp/>>\n";
    let found = scan_all(text.as_bytes(), &ScanOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].url, "http://launchpad.net/~mbp/");
    assert!(!found[0].facts.unterminated);
    // Near misses: one `>` only, and no blank before the inner `<`.
    let once = "Martin <http://a.example/x <http://a.example/y> and\n";
    let found = scan_all(once.as_bytes(), &ScanOptions::default());
    assert!(found.iter().any(|c| c.facts.unterminated), "{found:?}");
    let glued = "Martin <http://a.example/x<http://a.example/y>>\n";
    let found = scan_all(glued.as_bytes(), &ScanOptions::default());
    assert!(found.iter().any(|c| c.facts.unterminated), "{found:?}");
}

#[test]
fn chat_link_markup_ends_the_url_at_the_pipe() {
    // Slack's and Rocket.Chat's `<url|words shown>`.
    let input = "Link: <https://www.rocket.chat/ |Lorem ipsum dolor> or";
    let c = one(input);
    assert_eq!(c.url, "https://www.rocket.chat/");
    assert!(c.facts.whitespace_removed.is_empty());
    assert_maps_back(input, &c);
    check(
        "«<http://a.example/x|This message *is* a link>»",
        &[(A, "http://a.example/x")],
    );
    // A `|` after a line break and before a character of three bytes
    // (a fuzzer's find): no cut inside the character, no panic.
    let found = scan_all(
        ">\u{3c}ftp:\n|\u{3002}>".as_bytes(),
        &ScanOptions::default(),
    );
    assert!(found.iter().all(|c| !c.url.is_empty()), "{found:?}");
    // One word after a `|` inside a query: still the URL's.
    check("«<http://a/b?c|d>»", &[(A, "http://a/b?c|d")]);
    // Unless the `|` stands where the host or path is (Pod::Advent's
    // `A<url|label>`): no host holds one, a path rarely.
    check(
        "«<https://rocket.chat|link>»",
        &[(A, "https://rocket.chat")],
    );
    check(
        "A«<http://en.wikipedia.org/wiki/UTC|UTC>»",
        &[(A, "http://en.wikipedia.org/wiki/UTC")],
    );
    check("A«<http:../18/|here>»", &[(A, "http:../18/")]);
    // Alternatives between brackets (a usage note, the Virtuoso wiki's):
    // one pattern, no URL; near miss: a bracket closed before the `|`.
    check("<http://simile.org/piggybank/[user-name|member-name]>", &[]);
    check(
        "«<http://a.example/a[1]/y|label>»",
        &[(A, "http://a.example/a[1]/y")],
    );
    // Slack's own link of R code someone typed (the words shown are the
    // URL without `http://`): no wrapper, and read bare only the dotted
    // name is a URL; near misses: a URL whose words differ, a domain
    // with no mark of code.
    assert_eq!(
        urls("pt = <http://res.pt[min(idx)]|res.pt[min(idx)]>"),
        ["http://res.pt"]
    );
    check(
        "«<http://res.pt[min(idx)]|see res.pt>»",
        &[(A, "http://res.pt[min(idx)]")],
    );
    check(
        "«<http://example.org|example.org>»",
        &[(A, "http://example.org")],
    );
    // Slack's export of an address: `<mailto:…|shown>`.
    check(
        "«<mailto:bob@a.example|bob@a.example>»",
        &[(A, "mailto:bob@a.example")],
    );
    check(
        "«<https://a.example/?family=A|B+C>»",
        &[(A, "https://a.example/?family=A|B+C")],
    );
    // Brackets escaped with backslashes: the closing escape is no part.
    check(
        "\\«<http://www.oceaninfomatics.com\\>»",
        &[(A, "http://www.oceaninfomatics.com")],
    );
    // `<URL:…>` is RFC 1738's wrapper, never chat markup.
    check("«<URL:http://a/b|c d>»", &[(W, "http://a/b|cd")]);
}

#[test]
fn a_placeholder_name_inside_a_wrapper_makes_it_a_pattern() {
    // MicroPython's "a fork at <https://github.com/<your-user-name>/micropython>":
    // no unclosed wrapper, no URL (the pattern is left out).
    let found = scan_all(
        b"a fork at <https://github.com/<your-user-name>/micropython>.\n",
        &ScanOptions::default(),
    );
    assert!(found.is_empty(), "{found:#?}");
    // A placeholder ending the URL whose `>` closes the wrapper too: an
    // RFC's `Link:` header example, and one in capitals ending its line.
    for text in [
        "Link: <https://h.example/api/records/<pid_value> ; rel=\"linkset\"\n",
        "see <http://a.example/y<ID_2>\nmore\n",
        "<http://a.example/z<foo_bar>, more\n",
    ] {
        let found = scan_all(text.as_bytes(), &ScanOptions::default());
        assert!(found.is_empty(), "{text}: {found:#?}");
    }
    // Near misses: a tag ending the line after an unclosed wrapper, and a
    // `<` that opens no name, still leave the wrapper unclosed; so does a
    // placeholder's name before a quote.
    for text in [
        "see <http://a.example/x<br>\nmore\n",
        "see <http://a.example/x</b> more\n",
        "see <http://a.example/x<pid_value>\" more\n",
        "Read <http://example.com/foo<BR>\n",
        "See <URL:http://example.com/bar<HR> for details\n",
        "see <http://a.example/x<my-tag>\n",
    ] {
        let found = scan_all(text.as_bytes(), &ScanOptions::default());
        assert!(
            found.iter().any(|c| c.facts.unterminated),
            "{text}: {found:#?}"
        );
    }
}

#[test]
fn a_scheme_in_brackets_before_more_bracketed_parts_is_notation() {
    // Telegraf's `agents = ["<scheme://><hostname>:<port>"]`.
    let found = scan_all(
        b"format:  agents = [\"<scheme://><hostname>:<port>\"] or <http://><host>\n",
        &ScanOptions::default(),
    );
    assert!(found.is_empty(), "{found:#?}");
    // Near miss: an empty wrapper on its own is still one.
    let c = one("see <http://> here\n");
    assert!(c.facts.empty);
}

#[test]
fn an_authors_wrapper_holding_an_ellipsis_is_found() {
    // An autolink holding a browser's shortened copy leads nowhere: found
    // (a link's target with one is a shortened display, see `document`).
    let c = one("- <http://wiki.ubuntu.org.cn/ADSL%EF%BC%88PPPOE\u{2026}\u{2026}.8D%97>");
    assert_eq!(c.form, A);
}

#[test]
fn a_quoted_printable_soft_break_is_no_wrap() {
    // Pipermail's text archive of an undecoded quoted-printable mail: the
    // encoder's 76-byte lines end in `=` wherever they fall.
    let line = "Url : http://twistedmatrix.com/pipermail/inheritance/attachments/20070808/5=";
    assert_eq!(line.len(), 76);
    let rule = format!("{}=", "-".repeat(75));
    let text = format!("{rule}\n---\n{line}\neb35333/advertisement-0001.pdf\nFrom x\n");
    let c = one(&text);
    assert_eq!(c.facts.broken_bare, None, "{c:?}");
    // Near miss: the same line with no other sign of the encoding.
    let c = one(&format!("{line}\neb35333/advertisement-0001.pdf\nFrom x\n"));
    assert!(c.facts.broken_bare.is_some(), "{c:?}");
    // In the query, with the encoding's `=3D` near it; and `=20` alone on
    // the next line, an encoded trailing blank.
    let query = "http://www.zeoneo.com/index.php?subpage=3Dproducts&product=3Dinvasion&scree=";
    assert_eq!(query.len(), 76);
    let c = one(&format!("{query}\nnshots=3Dall\n"));
    assert_eq!(c.facts.broken_bare, None, "{c:?}");
    let c = one(&format!(
        "{}\n       =20\n",
        filled("http://loki.example.com/bds.exe?getdoc+2821+Delphi")
    ));
    assert_eq!(c.facts.broken_bare, None, "{c:?}");
    // Near misses: a query's `=` ending a line, no other sign of the
    // encoding; a path's `=` on a short line.
    let query = filled("http://a.example/q?first=1&second=");
    let c = one(&format!("{query}\n42/x.html\nThanks.\n"));
    assert!(c.facts.broken_bare.is_some(), "{c:?}");
    let c = one("see http://a.example/path/x=\nlong/y.html here\n");
    assert!(c.facts.broken_bare.is_some(), "{c:?}");
}

#[test]
fn a_url_glued_to_a_bar_is_a_field_no_wrap() {
    // Whonix's wiki export: a template's parameters, one a line.
    let text = format!(
        "{{{{ExtLink\n{}\n|text=community member\n}}}}\n",
        "|https://openinventionnetwork.com/our-members/community-members/our-community-members/"
    );
    let c = one(&text);
    assert_eq!(c.facts.broken_bare, None, "{c:?}");
    // Near miss: a reply quoted with `| `, its URL wrapped.
    let quoted = format!(
        "| {}\n| req-02.txt\n",
        filled("http://example.com/drafts/draft-fun-").trim_start()
    );
    let c = one(&quoted);
    assert!(c.facts.broken_bare.is_some(), "{c:?}");
}

#[test]
fn spans_counted_on_from_the_last_equal_each_counted_alone() {
    // A wrapped URL of three pieces with characters of several widths:
    // positions counted on from the one before (`spans_of`, for many
    // labels or edits) are those counted from each piece's start.
    let c = one("see <URL:http://a.example/é中/x\n   y€z/ü?q=1\n   #frag> now\n");
    let bounds: Vec<usize> = (0..=c.url.len())
        .filter(|&i| c.url.is_char_boundary(i))
        .collect();
    let ranges: Vec<std::ops::Range<usize>> = bounds
        .windows(2)
        .map(|w| w[0]..w[1])
        .chain(bounds.iter().map(|&i| i..i))
        .collect();
    let mut sorted = ranges.clone();
    sorted.sort_by_key(|r| (r.start, r.end));
    let each: Vec<_> = sorted.iter().map(|r| c.span_of(r.clone())).collect();
    assert_eq!(c.spans_of(sorted.clone()), each);
    // Out of order, it starts again where it must.
    let mut reversed = sorted.clone();
    reversed.reverse();
    let each: Vec<_> = reversed.iter().map(|r| c.span_of(r.clone())).collect();
    assert_eq!(c.spans_of(reversed), each);
}

#[test]
fn a_list_of_files_one_a_line_is_no_wrapped_rest() {
    // A link checker's log: a page's URL, then the images it holds, one a
    // line (brunoamaral's `brokenlinks.log`); a blank line between allowed.
    let page = "Getting links from: https://brunoamaral.eu/pt/post/september-2012/\n";
    for list in [
        "Photo%2018-09-12%2019%2039%2045.jpeg\nPhoto%2018-09-12%2019%2039%2045_hu49_320x0_resize.jpeg\n",
        "pablo-guerrero-462492-unsplash_huaf91cccbdd436258cbcf35d9c24ccf76_4946926_350x233_fill_q90_lanczos.jpg\n\n31138750083_5e3bfa7df6_o_hue6000c6aa84e5507f_350x233_fill.jpg\n",
    ] {
        let text = format!("{page}{list}");
        assert_ne!(one(&text).facts.broken_bare, Some(BrokenBare::Rejoined), "{list}");
    }
    // Near misses: another extension next, text next, the next URL next.
    for rest in [
        "2005/november.html\nindex.php\n",
        "2005/november.html\nand the page is updated.\n",
        "2005/november.html\nhttp://a.example/b.html\n",
        "2005/november.html\n\n2005/december.html\n",
    ] {
        let text = format!("{}\n{rest}", filled("see http://example.com/archives/"));
        let first = scan_all(text.as_bytes(), &ScanOptions::default()).remove(0);
        assert_eq!(
            first.facts.broken_bare,
            Some(BrokenBare::Rejoined),
            "{rest}"
        );
    }
    // Nor a URL cut after `-` or `_` (the review's), whatever follows.
    for (url, rest) in [
        (
            "see http://example.com/reports/final-report-2019-",
            "v2.pdf\n\nsummary.pdf\n",
        ),
        (
            "see http://example.com/gallery/img_",
            "0001.jpg\nimg_0002.jpg\n",
        ),
    ] {
        let text = format!("{}\n{rest}", filled(url));
        let first = scan_all(text.as_bytes(), &ScanOptions::default()).remove(0);
        assert_eq!(first.facts.broken_bare, Some(BrokenBare::Rejoined), "{url}");
    }
}
