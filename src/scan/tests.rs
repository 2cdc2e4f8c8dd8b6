//! Scanner tests: each case runs through `scan_slice` and `scan_reader` at
//! buffer capacities 1, 7 and 64 KiB, which must agree.
//!
//! Cases mark each candidate's raw span inline with `«` and `»`, linkify
//! style, and give its form and URL.

use super::*;
use crate::span::Pos;

mod fixtures;
mod props;
mod wrapped;

pub(super) fn scan_all(input: &[u8], options: &ScanOptions) -> Vec<Candidate> {
    let slice = Scanner::new(options.clone()).scan_slice(input);
    for cap in [1, 7, 65536] {
        let mut o = options.clone();
        o.buffer_capacity = cap;
        let mut got = Vec::new();
        Scanner::new(o).scan_reader(input, |c| got.push(c)).unwrap();
        assert_eq!(got, slice, "reader at capacity {cap} differs");
    }
    // In chunks on threads, from a chunk size that cuts at nearly every
    // line to one that holds the input whole.
    for chunk in [2, 5, 16, 64, 4096] {
        let mut got = Vec::new();
        Scanner::new(options.clone())
            .scan_chunked(input, 3, chunk, |c| got.push(c))
            .unwrap();
        assert_eq!(got, slice, "chunks of {chunk} differ");
    }
    slice
}

/// Scan `marked` (without its marks) and check each candidate's raw span,
/// form and URL against the marks and `expected`, in order.
pub(super) fn check(marked: &str, expected: &[(Form, &str)]) -> Vec<Candidate> {
    let mut input = String::new();
    let mut spans = Vec::new();
    let mut open = 0;
    for ch in marked.chars() {
        match ch {
            '«' => open = input.len(),
            '»' => spans.push((open as u64, input.len() as u64)),
            _ => input.push(ch),
        }
    }
    let found = scan_all(input.as_bytes(), &ScanOptions::default());
    let got: Vec<(Form, &str)> = found.iter().map(|c| (c.form, c.url.as_str())).collect();
    assert_eq!(got, expected, "in {marked:?}");
    let got_spans: Vec<(u64, u64)> = found
        .iter()
        .map(|c| (c.span.start.offset, c.span.end.offset))
        .collect();
    assert_eq!(got_spans, spans, "spans in {marked:?}");
    found
}

fn urls(input: &str) -> Vec<String> {
    scan_all(input.as_bytes(), &ScanOptions::default())
        .into_iter()
        .map(|c| c.url)
        .collect()
}

const B: Form = Form::Bare;

#[test]
fn bare_url_drops_trailing_sentence_punctuation() {
    check("see «http://a/b».", &[(B, "http://a/b")]);
    check(
        "«ftp://h/x»?! and «http://a/b»,",
        &[(B, "ftp://h/x"), (B, "http://a/b")],
    );
    check("«http://a/b?q=1&r=2»;", &[(B, "http://a/b?q=1&r=2")]);
}

#[test]
fn asciidocs_empty_link_text_ends_the_url_in_a_csv_cell() {
    check(
        r#"2025-01-15,"TDD",«https://github.com/test-driven-development»[],"Contains" «https://a.example/re101.html»[],A"#,
        &[
            (B, "https://github.com/test-driven-development"),
            (B, "https://a.example/re101.html"),
        ],
    );
    // Near miss: a bracketed word before a comma stays (a file so named).
    check(
        "«https://a.example/x[1],y» z",
        &[(B, "https://a.example/x[1],y")],
    );
}

#[test]
fn a_regex_group_glued_to_a_url_makes_it_a_pattern() {
    check(
        r#""https://docs-git-([A-z0-9]|-)*cell-x\.vercel\.app" or "https://e.example(?:"#,
        &[],
    );
    check(
        r#""https://f.example([a-z])*" "https://g.example([^/]+)""#,
        &[],
    );
    // Near misses: an aside in parentheses, a link in brackets, a word in
    // brackets in parentheses glued on.
    check(
        "«https://b.example/» ([1]) «http://c.example/x»([d](e)) «http://10.0.0.1:8080»([内网])",
        &[
            (B, "https://b.example/"),
            (B, "http://c.example/x"),
            (B, "http://10.0.0.1:8080"),
        ],
    );
}

#[test]
fn an_html_comments_close_is_not_the_urls() {
    check(
        "<!--添加：«http://127.0.0.1:8080»--> <!-- «http://a.example/x»-->",
        &[(B, "http://127.0.0.1:8080"), (B, "http://a.example/x")],
    );
    // The sentence's stop before it goes too. So does an arrow's dash,
    // before a blank or after a host. Near miss: a lone dash before a
    // `>` and a word, in a path.
    check(
        "<!--see «http://a.example/x».-->",
        &[(B, "http://a.example/x")],
    );
    check("«http://b.example/y»-> next", &[(B, "http://b.example/y")]);
    check(
        "«https://r3.cpolar.top»->x",
        &[(B, "https://r3.cpolar.top")],
    );
    check("«http://b.example/y-»>x", &[(B, "http://b.example/y-")]);
}

#[test]
fn bare_scheme_is_case_insensitive_and_not_inside_a_word() {
    check("«HTTP://A/B» xhttp://no 1ftp://no", &[(B, "HTTP://A/B")]);
}

#[test]
fn bare_url_may_follow_kana_but_ends_at_cjk_and_full_width() {
    check("こちら«http://a/b»。次", &[(B, "http://a/b")]);
    check(
        "「«http://a/b»」、（«ftp://c/d»）",
        &[(B, "http://a/b"), (B, "ftp://c/d")],
    );
    check("«http://a/b»\u{3000}x", &[(B, "http://a/b")]);
}

#[test]
fn non_ascii_letters_continue_an_iri() {
    check(
        "«http://www.bürgerentscheid.de»",
        &[(B, "http://www.bürgerentscheid.de")],
    );
    check("«http://a/e\u{301}»\u{2014}x", &[(B, "http://a/e\u{301}")]);
}

#[test]
fn unmatched_closers_end_bare_urls() {
    check("(see «http://a/b_(c)»)", &[(B, "http://a/b_(c)")]);
    check(
        "[a](«http://x/y»)[b](«http://z»)",
        &[(B, "http://x/y"), (B, "http://z")],
    );
    check(
        "'«http://a/b»' and «http://a/it's»",
        &[(B, "http://a/b"), (B, "http://a/it's")],
    );
    check("{«http://a/b»}", &[(B, "http://a/b")]);
    // Braces inside a URL make it a template (SPEC: patterns are not URLs).
    check("{http://a/{b}}", &[]);
}

#[test]
fn bare_url_ends_at_delimiters_and_controls() {
    check(
        "\"«http://a/b»\" <a href=\"«http://c»\">",
        &[(B, "http://a/b"), (B, "http://c")],
    );
    check(
        "«http://a/b»\x01c «http://d»\tx",
        &[(B, "http://a/b"), (B, "http://d")],
    );
}

#[test]
fn prose_encoded_for_a_mail_body_ends_the_url_at_its_line_break() {
    check(
        "s = `Hi!%0D%0A%0D%0AJoin me at «https://hoppscotch.io».%0D%0AIt is free.`",
        &[(B, "https://hoppscotch.io")],
    );
    // Near miss: no encoded line break before the URL, the escape is the URL's.
    check(
        "see «https://a.example/x?body=a%0D%0Ab» here",
        &[(B, "https://a.example/x?body=a%0D%0Ab")],
    );
}

#[test]
fn a_wiki_links_bar_ends_its_url() {
    check(
        "See [[«https://example.org/doku.php?id=start»|Start page]] now.",
        &[(B, "https://example.org/doku.php?id=start")],
    );
    // Near misses: one bracket, or none, and the bar may be the query's.
    check(
        "[«http://a.example/x?y=1|2»] and «http://a.example/q?a|b» x",
        &[
            (B, "http://a.example/x?y=1|2"),
            (B, "http://a.example/q?a|b"),
        ],
    );
    // Org's mail link, its subject after `::`; near miss: not a mail's.
    check(
        "like [[«mailto:dominik@science.uva.nl»::Org mode%20is%20buggy][«mailto:d@xxx.uva.nl»::Org]].",
        &[(B, "mailto:dominik@science.uva.nl"), (B, "mailto:d@xxx.uva.nl")],
    );
    check(
        "[[«https://a.example/a::b»]]",
        &[(B, "https://a.example/a::b")],
    );
}

#[test]
fn a_case_ending_glued_to_a_scheme_is_no_url() {
    assert!(urls("URLak http:// edo https://-rekin hasi behar du").is_empty());
    // Near misses: a host after the hyphen's word, or a path.
    check(
        "«https://-rekin.example» x",
        &[(B, "https://-rekin.example")],
    );
    check("«http://-a/b» x", &[(B, "http://-a/b")]);
}

#[test]
fn a_sed_substitutions_delimiter_ends_the_url() {
    check(
        "sed \"s~proxy_pass «http://localhost:9411»~proxy_pass ${URL}~g\" f",
        &[(B, "http://localhost:9411")],
    );
    check(
        "sed 's@«http://old.example/a»@«https://new.example/a»@' f",
        &[(B, "http://old.example/a"), (B, "https://new.example/a")],
    );
    // Right after the delimiter: nothing is left of the URL.
    assert!(urls("-e 's~http://~https://~g'").is_empty());
    // Near misses: no substitution opened on the line, or another mark.
    check(
        "see «http://a.example/~user,x@y»",
        &[(B, "http://a.example/~user,x@y")],
    );
    check(
        "\"s~x\"\n«http://a.example/~b»",
        &[(B, "http://a.example/~b")],
    );
    check(
        "'s~x' «http://a.example/p!q»",
        &[(B, "http://a.example/p!q")],
    );
}

#[test]
fn a_scheme_with_nothing_after_it_is_not_a_url() {
    assert!(urls("ftpurl = \"ftp://\" hostport").is_empty());
    assert!(urls("mailto: alone, http://. and ftp: the protocol").is_empty());
    assert!(urls("gopher://<host>:<port>/").is_empty());
    check("«news:*» «mailto:a@b»", &[(B, "news:*"), (B, "mailto:a@b")]);
}

#[test]
fn extra_schemes_are_found_bare() {
    let o = ScanOptions {
        extra_schemes: vec!["git".into()],
        ..ScanOptions::default()
    };
    let c = scan_all(b"clone git://h/r.git now; svn://no", &o);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].url, "git://h/r.git");
}

#[test]
fn url_prefix_form() {
    check("«URL:http://a/b». next", &[(Form::UrlPrefix, "http://a/b")]);
    check("(«url:foo://x»)", &[(Form::UrlPrefix, "foo://x")]);
    check("the URL: «http://a»", &[(B, "http://a")]);
}

#[test]
fn positions_count_lines_and_scalar_columns() {
    let c = scan_all("é\nあい http://a/b\n".as_bytes(), &ScanOptions::default());
    let start = c[0].span.start;
    assert_eq!(
        start,
        Pos {
            line: 2,
            column: 4,
            offset: 10
        }
    );
    assert_eq!(
        c[0].span.end,
        Pos {
            line: 2,
            column: 14,
            offset: 20
        }
    );
    assert_eq!(
        c[0].segments,
        vec![Segment {
            url_start: 0,
            start
        }]
    );
}

#[test]
fn an_invalid_byte_counts_one_column_and_ends_a_bare_url() {
    let c = scan_all(b"\xE3\x81\xFF http://a/b\x85c", &ScanOptions::default());
    assert_eq!(c[0].url, "http://a/b");
    assert_eq!(c[0].span.start.column, 5);
}

#[test]
fn a_latin1_letter_continues_a_bare_url_in_a_piece_of_its_own() {
    // `café` in a Latin-1 file: the URL is not cut at the `é`.
    let c = scan_all(b"see http://a/caf\xE9/x ok", &ScanOptions::default());
    assert_eq!(c[0].url, "http://a/caf\u{e9}/x");
    assert_eq!(c[0].span.end.offset, 19);
    let x = c[0].url.find("/x").unwrap();
    assert_eq!(c[0].pos_at(x).offset, 17, "the byte after the é");
    assert_eq!(c[0].pos_at(x).column, 18);
}

#[test]
fn long_bare_url_is_cut_at_the_cap() {
    let mut input = b"x http://a/".to_vec();
    input.resize(200_000, b'a');
    input.extend_from_slice(b" http://b/c");
    let c = scan_all(&input, &ScanOptions::default());
    assert_eq!(c[0].url.len(), bare::BARE_CAP);
    assert_eq!(c.last().map(|c| c.url.as_str()), Some("http://b/c"));
}

#[test]
fn long_lines_stay_linear_and_positions_exact() {
    // 3 MB on one line with URLs spread over it: the cursor never rescans.
    let mut input = Vec::new();
    for k in 0..30_000 {
        input.extend_from_slice(b"some words and a link http://h/");
        input.extend_from_slice(k.to_string().as_bytes());
        input.extend_from_slice(b" then more words, a: colon <b> ");
    }
    let c = scan_all(&input, &ScanOptions::default());
    assert_eq!(c.len(), 30_000);
    let last = &c[29_999];
    assert_eq!(last.span.start.line, 1);
    assert_eq!(last.span.start.column, last.span.start.offset + 1);
}

#[test]
fn excerpts_hold_whole_lines_or_a_clip() {
    let o = ScanOptions {
        excerpts: true,
        ..ScanOptions::default()
    };
    let c = scan_all(b"one\ntwo http://a/b three\nfour", &o);
    let e = c[0].excerpt.as_ref().unwrap();
    assert_eq!((e.first_line, e.start_offset), (2, 4));
    assert_eq!(e.text, "two http://a/b three\n");
    let mut long = "x".repeat(1000);
    long.push_str(" http://a/b ");
    long.push_str(&"y".repeat(1000));
    let c = scan_all(long.as_bytes(), &o);
    let e = c[0].excerpt.as_ref().unwrap();
    assert!(e.text.len() < 600 && e.text.contains("http://a/b"));
    assert_eq!(e.start_offset, 1001 - emit::EXCERPT_CLIP as u64);
    assert!(scan_all(b"http://a", &ScanOptions::default())[0]
        .excerpt
        .is_none());
}

#[test]
fn output_is_in_input_order() {
    let c = scan_all(
        b"<URL:ftp://a/b> http://c <http://d\ne> URL:news:x <URL:unclosed http://f",
        &ScanOptions::default(),
    );
    let starts: Vec<u64> = c.iter().map(|c| c.span.start.offset).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted);
    assert_eq!(c.len(), 6);
}

/// A reader producing `len` bytes of `pattern` repeated, never held whole.
struct Repeat {
    pattern: &'static [u8],
    at: usize,
    left: usize,
}

impl std::io::Read for Repeat {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = out.len().min(self.left);
        for byte in &mut out[..n] {
            *byte = self.pattern[self.at];
            self.at = (self.at + 1) % self.pattern.len();
        }
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn memory_stays_bounded_on_one_huge_line() {
    for pattern in [
        &b"words http://h/p <URL:ftp://a/b> x "[..],
        b"aaaaaaaaaaaaa/",
        b"<URL:",
    ] {
        let mut scanner = Scanner::new(ScanOptions::default());
        let mut n = 0usize;
        let reader = Repeat {
            pattern,
            at: 0,
            left: 8 << 20,
        };
        scanner.scan_reader(reader, |_| n += 1).unwrap();
        assert!(scanner.buf.capacity() <= 2 * (LOOKBACK + LOOKAHEAD + DEFAULT_CAPACITY));
        if pattern.starts_with(b"words") {
            // Whole repeats give two each; the cut last one holds a bare URL.
            let (full, rest) = ((8 << 20) / pattern.len(), (8 << 20) % pattern.len());
            assert_eq!(n, 2 * full + usize::from(rest > 16));
        }
    }
}

#[test]
fn near_misses_are_not_urls() {
    assert!(urls("at 12:30, acid:x humid:y turn:z Re: x").is_empty());
    check("<«<URL:http://x>»>", &[(Form::UrlWrapper, "http://x")]);
    // GCC's bug-report line: the URL in brackets of its own inside
    // `<URL:…>`, read as those; the outer `>` is text.
    check(
        "See <URL:«<http://bugzilla.redhat.com/bugzilla>»> for instructions.",
        &[(Form::Angle, "http://bugzilla.redhat.com/bugzilla")],
    );
    check("«http://[::1]:8080/a»:", &[(B, "http://[::1]:8080/a")]);
}

/// Shapes seen in real documentation and mail (issue "Documents"), each a
/// case other tools' suites or real archives showed.
#[test]
fn real_world_shapes() {
    let cases: &[(&str, &[&str])] = &[
        // A `scheme::` double colon is a path in program text.
        ("Vec<file::Entry>, HashMap<ftp::Session, u32>, Into<http::Uri>", &[]),
        // A regular expression anchored at the start (Pulumi's plugin
        // download map); a `^` elsewhere is no anchor.
        (
            "when set to \"^https://foo=https://bar,^github://=https://buzz\", HTTPS",
            &[],
        ),
        ("see https://a.example/wiki/W^X", &["https://a.example/wiki/W^X"]),
        // A proxy list's address wildcard (FoxyProxy's `http://10.*`);
        // near misses: a whole address, and a name, before `.*`.
        ("pattern=\"http://10.*\" and http://192.168.*", &[]),
        ("http://10.0.0.1.* is it", &["http://10.0.0.1"]),
        ("**see http://a.example.**", &["http://a.example"]),
        // A record's field after an address; near misses: another
        // address after the `;`, and a `;` in a mailto query.
        (
            "redis-cli ZRANGE \"dmarc_rpt;microsoft.com;mailto:d@rua.agari.com;20220428\" 0 49",
            &["mailto:d@rua.agari.com"],
        ),
        ("mailto:a@b.example;c@d.example", &["mailto:a@b.example;c@d.example"]),
        // TeX source quoted in a plain ChangeLog, split with `%`; near
        // miss: a `%` ending a URL before a blank.
        ("  \\url{%\n  http://www.%\n  dante.de/%\n  }", &[]),
        ("see http://a.example/100% now", &["http://a.example/100%"]),
        // An input's shape, elided; near miss: an address before `...`.
        ("# quadratic on inputs like `mailto:mailto:...`", &[]),
        ("write to mailto:a@b.example... or not", &["mailto:a@b.example"]),
        ("see http://a.example/a%\n20b", &["http://a.example/a%"]),
        ("# the bug http://a.example/?id=19159%\n# notes", &["http://a.example/?id=19159%"]),
        // A web host holds no `,`: a Make call's next argument, a setting's
        // next field; near miss: a path's comma.
        (
            "$(call GET_LATEST_VERSION, https://poppler.freedesktop.org,poppler-data-)",
            &["https://poppler.freedesktop.org"],
        ),
        ("1 = http://10.0.0.1,/monitorix,/monitorix-cgi", &["http://10.0.0.1"]),
        ("see http://a.example/x,y now", &["http://a.example/x,y"]),
        ("mailto:a@b.example?subject=x;y", &["mailto:a@b.example?subject=x;y"]),
        // A `(` right after a port opens the text's aside (Couchbase's
        // backup log); after a path it is the URL's.
        (
            "source : http://10.142.180.104:8091(travelSampleBackup@10.142.180.104:8091)",
            &["http://10.142.180.104:8091"],
        ),
        (
            "see http://a.example:8080/f(x) and http://a.example/b(c)",
            &["http://a.example:8080/f(x)", "http://a.example/b(c)"],
        ),
        // A proxy list's `;DIRECT` after the last port; near miss: a
        // path's `;` before capitals.
        (
            "export HTTP_PROXY=http://p1.example:3128;http://p2.example:3129;DIRECT\n",
            &["http://p1.example:3128", "http://p2.example:3129"],
        ),
        ("see http://a.example/x;DIRECT now", &["http://a.example/x;DIRECT"]),
        // After a host, a `(` holding words is a label's (an app's
        // `URL(label)` list); near misses: one word in them, a path's.
        (
            "\"http://192.168.0.1(Router 192.168.0.1)\",\"https://eslint.org(ESLint: lint ts)\"",
            &["http://192.168.0.1", "https://eslint.org"],
        ),
        (
            "see http://a.example(b) and http://a.example/f(x y)",
            &["http://a.example(b)", "http://a.example/f(x"],
        ),
        // Digits before `(` and then an `@`: a password's, no port.
        (
            "see http://user:1234(x)@host.example/ ok",
            &["http://user:1234(x)@host.example/"],
        ),
        // A template where the host goes, cut at its `<` (Hugo's
        // shortcode): a pattern, not a URL with no host.
        (
            "url = https://rc:pw@{{< sitevar name=\"x\" >}}/api/oidc",
            &[],
        ),
        // A lone brace is no template's: the URL before it stays one.
        ("open http://example.org/path{ now", &["http://example.org/path"]),
        // A shell pipe, closing emphasis and a closing quote end a URL.
        ("curl http://x.example/foo| sh", &["http://x.example/foo"]),
        // Lists of URLs, plain and named (etcd's `--initial-cluster`); a
        // query's named value is the query's.
        (
            "--endpoints=http://10.0.1.10:2379,http://10.0.1.11:2379",
            &["http://10.0.1.10:2379", "http://10.0.1.11:2379"],
        ),
        (
            "--initial-cluster s1=http://localhost:2380,s2=http://localhost:22380",
            &["http://localhost:2380", "http://localhost:22380"],
        ),
        (
            "see https://a.example/x?a=1,next=https://b.example/",
            &["https://a.example/x?a=1,next=https://b.example/"],
        ),
        (
            "see https://a.example/#/login,next=https://b.example/",
            &["https://a.example/#/login,next=https://b.example/"],
        ),
        ("**see http://a.example/x**", &["http://a.example/x"]),
        ("<a href='http://example.org'/>", &["http://example.org"]),
        ("news:* and news:*.", &["news:*", "news:*"]),
        // A terminal's OSC 8 hyperlink in a printf string.
        (
            "printf '\\e]8;;http://github.com/junegunn/fzf\\e\\\\Link\\e]8;;\\a'",
            &["http://github.com/junegunn/fzf"],
        ),
        ("echo http://a.example/x\\a", &["http://a.example/x"]),
        (
            "\"https://drive.google.com/file/d/0AxB/view?usp=drivesdk\\u0026resourcekey=0-AB\"",
            &["https://drive.google.com/file/d/0AxB/view?usp=drivesdk"],
        ),
        ("http://a.example/\\etc\\apps", &["http://a.example/\\etc\\apps"]),
        // A backquote never stands in a URL (reST `` `text URL`_ ``).
        ("`Create https://git.python.org`_", &["https://git.python.org"]),
        // The root directory, and recipients in the query.
        ("file:/// is the root", &["file:///"]),
        ("mailto:?to=addr1%2C%20addr2", &["mailto:?to=addr1%2C%20addr2"]),
        // A grammar quoting the wrapper, and a munged address.
        ("\"<URL:\" absoluteURL \">\"", &[]),
        ("<mailto:user at lists.example.org>", &[]),
        ("mailto:bob at example.org", &[]),
        ("mailto:bob@example.org at noon", &["mailto:bob@example.org"]),
        // A combining mark or ZWJ inside a word continues the URL.
        (
            "http://ml.example/someone-you-\u{d28}\u{d3f}\u{d28}\u{d4d}\u{d28}\u{d46}-\u{d33}\u{d4d}\u{200d}.html",
            &["http://ml.example/someone-you-\u{d28}\u{d3f}\u{d28}\u{d4d}\u{d28}\u{d46}-\u{d33}\u{d4d}\u{200d}.html"],
        ),
        // Webmail renderings of a link, and AsciiDoc link text in text.
        (
            "http://a.example/x[http://a.example/x] and http://b.example/y[Image.jpeg]",
            &["http://a.example/x", "http://a.example/x", "http://b.example/y"],
        ),
        ("mailto:a@b.example[mailto:a@b.example", &["mailto:a@b.example", "mailto:a@b.example"]),
        ("https://marlam.de/msmtp/[msmtp]", &["https://marlam.de/msmtp/"]),
        // ...but an IPv6 host and a query's brackets stay.
        ("http://[2001:db8::1]:80/x", &["http://[2001:db8::1]:80/x"]),
        ("http://a.example/?a[]=1&f[name]=x y", &["http://a.example/?a[]=1&f[name]=x"]),
        // Patterns are not URLs.
        ("http://localhost:<port>/api", &[]),
        ("http://${hostname}:${port}/", &[]),
        ("https://*.example.com/*", &[]),
        ("ftp://[user@]machine[[:#]port]/path", &[]),
        ("PROXY=<http://[username:password@]host[:port]>", &[]),
        // A quote before the `<` and one before the `>`: the wrapper holds
        // the second (a converter's `"<https://www.">`, whose rendered
        // autolink ends in `"`: reported, no quote trimmed away).
        ("either \"<https://www.\">, or", &["https://www.\""]),
        ("http://host:port/json/list", &[]),
        ("printf 'mailto:%s'", &[]),
        ("file://$PWD/x and http://%HOSTIP:%HTTPPORT/%TESTNUMBER", &[]),
        // String escapes in program text end a URL; AsciiDoc link text too.
        ("\"https://a.example/x.html\\n\"", &["https://a.example/x.html"]),
        ("'https://r\\xc3\\xa4k.se'", &["https://r"]),
        ("'http://a.example/t.png[tiger]'", &["http://a.example/t.png"]),
        ("see https://github.com/g/git[the\ngit tree] now", &["https://github.com/g/git"]),
        ("mailto:doc@a.example[,id=contact]", &["mailto:doc@a.example"]),
        // Org's verbatim marks close around a URL; a query keeps its `=`.
        ("| =news:comp.emacs= | Usenet link |", &["news:comp.emacs"]),
        ("in ~https://orgmode.org/~ code", &["https://orgmode.org/"]),
        ("URL=https://a.example/?key= here", &["https://a.example/?key="]),
        ("see https://a.example/x= here", &["https://a.example/x="]),
        // A Texinfo argument in another file's text ends at its comma.
        ("@uref{mailto:yantar92@posteo.net,contact the maintainer}", &["mailto:yantar92@posteo.net"]),
        ("{https://a.example/?a=1,2}", &["https://a.example/?a=1,2"]),
        // TeX's `^^J` notation for a line feed.
        ("See also https://www.ams.org/tex/amslatex.html.^^J%", &["https://www.ams.org/tex/amslatex.html"]),
        // ...but `^^` before a blank stays, for the rules to see.
        ("https://k.example/start/#write-a-post^^ thats it", &["https://k.example/start/#write-a-post^^"]),
        // A shell's `;` and next command after a port; near miss: after
        // a path.
        ("export http_proxy=http://192.168.1.100:1087;export https_proxy=x", &["http://192.168.1.100:1087"]),
        ("see http://a.example:8080/a;export b", &["http://a.example:8080/a;export"]),
        // A configuration's directive ended and a comment after it; near
        // miss: after a path, a `;#` stays.
        ("proxy_pass http://127.0.0.1:10000;#comment", &["http://127.0.0.1:10000"]),
        // A DMARC record's next tag; near miss: Outlook's list.
        ("\"v=DMARC1;p=none;rua=mailto:d@example.com;ruf=mailto:e@example.com;rf=afrf\"", &["mailto:d@example.com", "mailto:e@example.com"]),
        // Cloudflare's stand-in for an address it hid, its words joined
        // by a no-break space.
        ("[https://www.mail-archive.com/[email\u{a0}protected]/msg1.html](x)", &["https://www.mail-archive.com/"]),
        // An arrow glued on; near miss: a name's hyphen before a blank.
        ("\u{8f93}\u{5165}https://5d37b78.r3.cpolar.top-> next", &["https://5d37b78.r3.cpolar.top"]),
        ("see https://a.example/a- b", &["https://a.example/a-"]),
        // A binding's fields after a port; near misses: a port then a
        // path, a password after a user's colon.
        ("{ http=\"<[http://icanhazip.com:3600000:JS(valid_ip.js)]\" }", &["http://icanhazip.com"]),
        ("see http://a.example:80/x:y here", &["http://a.example:80/x:y"]),
        ("see http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/ here", &["http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/"]),
        ("see ftp://u:1234:pw@a.example/ here", &["ftp://u:1234:pw@a.example/"]),
        ("see http://icanhazip.com:3600000:JS(x) here", &["http://icanhazip.com:3600000:JS(x)"]),
        ("see http://www.example.com:80:index.html now", &["http://www.example.com:80:index.html"]),
        // mitmproxy's port to listen on; near miss: a host after the `@`.
        ("mitmdump --mode reverse:http://localhost:5000@5555 --x", &["http://localhost:5000"]),
        ("`--mode reverse:http://localhost:5000@5555` sets", &["http://localhost:5000"]),
        ("see http://u:5000@h5555.example/ here", &["http://u:5000@h5555.example/"]),
        ("Connect with http://admin:1234@8080 then", &["http://admin:1234@8080"]),
        ("see http://a.example/a;#b here", &["http://a.example/a;#b"]),
        // A shell's `&&` glued on; near miss: one `&` in a query.
        ("while sleep 1;do curl http://foo.example.com:30909&& echo;done", &["http://foo.example.com:30909"]),
        ("curl http://a.example/?x=1&&y=2 now", &["http://a.example/?x=1&&y=2"]),
        // Plan 9 rc's join before a command's output or a variable; a
        // caret before other text stays, for the rules to see.
        ("hget -o $t ftp://m.example/ghost/gs^`{echo $stem}^/$t", &["ftp://m.example/ghost/gs"]),
        ("hget http://m.example/a^$stem.tgz", &["http://m.example/a"]),
        ("see http://m.example/a^b/ here", &["http://m.example/a^b/"]),
        // AsciiDoc's empty link text, the parenthesis around it closed.
        ("manual (http://www.lua.org/docs.html[]). In", &["http://www.lua.org/docs.html"]),
        ("(http://a.example/x[y]), then", &["http://a.example/x"]),
        // ...and in a table's cell.
        ("|link:https://plugins.jenkins.io/allure[Allure]|2593", &["https://plugins.jenkins.io/allure"]),
        // ...and in emphasis closed after it; near miss: a word goes on.
        ("    *http://www.zsh.org/[]*\n", &["http://www.zsh.org/"]),
        ("see _https://a.example/g/[the guide]_.", &["https://a.example/g/"]),
        ("http://a.example/p[]_x y", &["http://a.example/p[]_x"]),
        // ...but a query's brackets before more of the URL stay.
        ("(http://a.example/p[]).x", &["http://a.example/p[]"]),
    ];
    for (input, want) in cases {
        assert_eq!(&urls(input), want, "in {input:?}");
    }
}

#[test]
fn mistyped_schemes_are_found_in_order_at_every_capacity() {
    check(
        "a «htp://x.org/a» b «http//y.org/b:c» c «https:://z.org» d «http://w.org/e//f» e «ftp//v.org/»",
        &[
            (B, "htp://x.org/a"),
            (B, "http//y.org/b:c"),
            (B, "https:://z.org"),
            (B, "http://w.org/e//f"),
            (B, "ftp//v.org/"),
        ],
    );
    // A long stretch without triggers, then one, across buffer refills.
    let text = format!("{}http//late.org/x\n", "word ".repeat(5000));
    assert_eq!(urls(&text), ["http//late.org/x"]);
}

/// A Latin-1 letter on the continuation line of a hard-wrapped URL keeps
/// a piece of its own, like one on the first line (found by the property
/// test on `mailto:URL:\xff...mailto:\n\xff`).
#[test]
fn a_rejoined_hard_wrap_copies_latin1_letters_like_the_first_line() {
    let mut text =
        b"Archived messages are listed at http://lists.example.org/pipermail/archives/".to_vec();
    text.extend_from_slice(b"\ncaf\xe9/november.html\n");
    let c = &scan_all(&text, &ScanOptions::default())[0];
    assert!(c.url.ends_with("caf\u{e9}/november.html"), "{}", c.url);
    let slash = c.url.rfind('/').unwrap();
    assert_eq!(
        c.pos_at(slash).offset as usize,
        text.len() - "/november.html\n".len()
    );
}

#[test]
fn slashes_escaped_in_a_sed_substitution_make_no_url() {
    // theforeman.org's manual: `git://` submodules fetched over `http://`.
    let found = urls("sed -i 's/git:\\/\\//http:\\/\\//g' .gitmodules\n");
    assert!(found.iter().all(|u| u != "http:///g"), "{found:?}");
    // Near miss: slashes doubled but not escaped.
    assert_eq!(urls("see http://a.example//x\n"), ["http://a.example//x"]);
}

#[test]
fn a_url_after_an_escaped_backslash_ends_at_the_next() {
    // Neverball's level titles: lines separated by `\\` in a string.
    assert_eq!(
        urls("title \"Neverball\\\\http://neverball.org\\\\Created by R. K.\"\n"),
        ["http://neverball.org"]
    );
    // Near misses: no backslash before the URL, or one alone after it.
    assert_eq!(
        urls("see http://a.example/x\\\\y\n"),
        ["http://a.example/x\\\\y"]
    );
    assert_eq!(
        urls("x\\\\http://a.example/x\\y\n"),
        ["http://a.example/x\\y"]
    );
}

#[test]
fn a_dash_typed_as_hyphens_after_a_url_is_prose() {
    // Hugo's manual: "at ftp://ftp.gmd.de-- one of the key resources".
    assert_eq!(
        urls("at ftp://ftp.gmd.de-- one of the key resources\nand http://a.example/x---\n"),
        ["ftp://ftp.gmd.de", "http://a.example/x"]
    );
    // Near misses: hyphens inside the URL, one hyphen before a blank.
    assert_eq!(
        urls("see http://a.example/a--b now\n"),
        ["http://a.example/a--b"]
    );
    assert_eq!(
        urls("see http://a.example/a- now\n"),
        ["http://a.example/a-"]
    );
    // A fragment may end so (git's anchor for `--`).
    assert_eq!(
        urls(
            "See https://git-scm.com/docs/git-checkout#Documentation/git-checkout.txt--- for it\n"
        ),
        ["https://git-scm.com/docs/git-checkout#Documentation/git-checkout.txt---"]
    );
}
