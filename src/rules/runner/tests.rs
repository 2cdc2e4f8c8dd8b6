//! Validator-wide tests: the RFCs' own examples, and the quietness promised
//! for ordinary modern URLs.

use crate::rules::testutil::{cand, diagnostics, AT};
use crate::rules::Validator;
use crate::rules::{Group, Rule, RuleConfig, Severity};
use crate::scan::{Candidate, Facts, Form, Segment};
use crate::span::{Pos, Span};

fn rules_of(url: &str) -> Vec<&'static str> {
    diagnostics(&cand(url))
        .iter()
        .map(|d| d.rule.name())
        .collect()
}

#[test]
fn rfc_1630_example_3_and_the_rdb_query_are_invalid_percent_escapes() {
    for url in [
        "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
        "news:12345667123%asdghfh@info.cern.ch",
        "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
    ] {
        assert!(rules_of(url).contains(&"invalid-percent-escape"), "{url}");
    }
    let d = diagnostics(&cand("news:12345667123%asdghfh@info.cern.ch"));
    let d = d
        .iter()
        .find(|d| d.rule == Rule::InvalidPercentEscape)
        .unwrap();
    assert_eq!(d.message, "`%as` is not a percent escape");
    assert_eq!(d.help, "encode a literal % as %25 (RFC 1630, Example 3)");
    assert_eq!((d.span.start.offset, d.span.end.offset), (5 + 16, 5 + 19));
}

#[test]
fn urls_rfc_1738_presents_as_valid_have_no_syntax_or_scheme_findings() {
    let urls = [
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "news:*",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "prospero://host.dom//pros/name",
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "gopher://gopher.micro.umn.edu/1!+ABSTRACT%20+SMELL",
        "gopher://host/7search%09query%09+application/postscript%20Es_ES",
        "mailto:timbl@info.cern.ch",
        "nntp://news.example.org/comp.infosystems.www.misc/1234",
        "telnet://user:password@host:23/",
        "wais://quake.think.com/directory-of-servers?query",
        "http://info.cern.ch:8000/imaginary/test",
        "http://www.myu.edu/org/admin/people#andy",
        "http://info.my.org/AboutUs/Index/Phonebook?dobbins",
        "http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98",
    ];
    for url in urls {
        let bad: Vec<_> = diagnostics(&cand(url))
            .into_iter()
            .filter(|d| matches!(d.rule.group(), Group::Syntax | Group::Scheme))
            .map(|d| format!("{}: {}", d.rule, d.message))
            .collect();
        assert!(bad.is_empty(), "{url}: {bad:?}");
    }
}

#[test]
fn modern_markdown_links_are_quiet_by_default() {
    let v = Validator::new(&RuleConfig::default(), &[]);
    for url in [
        "https://github.com/rust-lang/rust/issues?q=is%3Aopen+label%3Abug&page=2",
        "https://docs.rs/serde/1.0/serde/#traits",
        "https://example.com/a%20b/c.html?x=1&y=2#top",
        "http://localhost:8080/api/v1",
        "https://en.wikipedia.org/wiki/Fish_(disambiguation)",
        "mailto:someone@example.com?subject=Hello%20there",
    ] {
        let mut out = vec![];
        v.check(&cand(url), &mut out);
        assert!(out.is_empty(), "{url}: {out:?}");
    }
}

#[test]
fn disabled_rules_do_not_run_and_configured_severities_apply() {
    let mut config = RuleConfig::default();
    config.ignore("unsafe-character").unwrap();
    config.set_severity(Rule::InvalidHost, Severity::Info);
    let v = Validator::new(&config, &[]);
    let mut out = vec![];
    v.check(&cand("http://my-host-/~x"), &mut out);
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].rule, Rule::InvalidHost);
    assert_eq!(out[0].severity, Severity::Info);
    assert_eq!(out[0].url, "http://my-host-/~x");
    assert_eq!(out[0].help, Rule::InvalidHost.meta().help);
}

#[test]
fn extra_schemes_are_not_unknown() {
    let v = Validator::new(&RuleConfig::default(), &["git+ssh".to_string()]);
    let mut out = vec![];
    v.check(&cand("GIT+SSH://host/repo"), &mut out);
    let names: Vec<_> = out.iter().map(|d| d.rule.name()).collect();
    assert_eq!(names, ["uppercase-scheme"]);
}

#[test]
fn spans_follow_a_url_rejoined_across_lines() {
    // <URL:http://host/a\n   b%zz>: the second piece starts on line 2, column 4.
    let c = Candidate {
        url: "http://host/ab%zz".into(),
        raw: "<URL:http://host/a\n   b%zz>".into(),
        span: Span::new(
            Pos::START,
            Pos {
                line: 2,
                column: 9,
                offset: 27,
            },
        ),
        form: Form::UrlWrapper,
        alternatives: vec![],
        segments: vec![
            Segment {
                url_start: 0,
                start: Pos {
                    line: 1,
                    column: 6,
                    offset: 5,
                },
            },
            Segment {
                url_start: 13,
                start: Pos {
                    line: 2,
                    column: 4,
                    offset: 22,
                },
            },
        ],
        facts: Facts::default(),
        excerpt: None,
    };
    let d = diagnostics(&c);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(
        d[0].span.start,
        Pos {
            line: 2,
            column: 5,
            offset: 23
        }
    );
    assert_eq!(
        d[0].span.end,
        Pos {
            line: 2,
            column: 8,
            offset: 26
        }
    );
}

#[test]
fn hostile_inputs_do_not_panic() {
    let long = "a".repeat(10_000);
    for url in [
        "",
        ":",
        "%",
        "%%",
        "http:",
        "http://@",
        "http://[",
        "http://]:",
        "http://h:",
        "news:@",
        "mailto:\"",
        "mailto:[",
        "ftp://h/;",
        "prospero://h/;",
        "wais://h/?",
        "gopher://h/1%0",
        "file://",
        "nntp://h//",
        "\u{e9}:\u{e9}",
        "http://\u{e9}\u{e9}:\u{e9}@\u{e9}:\u{e9}/\u{e9}",
        &format!("http://{long}:{long}@{long}:{long}/{long}"),
    ] {
        let _ = diagnostics(&cand(url));
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// Pieces that exercise every part of the grammar, with multi-byte text.
    const PIECES: &[&str] = &[
        "http:",
        "ftp:",
        "news:",
        "mailto:",
        "file:",
        "gopher:",
        "wais:",
        "prospero:",
        "nntp:",
        "telnet:",
        "X:",
        "//",
        "/",
        "@",
        ":",
        "?",
        "#",
        "%",
        "%2",
        "%0D",
        "%41",
        ";type=",
        ";",
        "=",
        "&",
        ".",
        "-",
        "[",
        "]",
        "~",
        " ",
        "a",
        "Z9",
        "255",
        "999",
        "\u{e9}",
        "\u{65e5}",
        "\"",
    ];

    proptest! {
        #[test]
        fn spans_stay_inside_the_url_on_char_boundaries(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..24)
        ) {
            let url: String = pieces.concat();
            let c = cand(&url);
            // Wrapper-level findings (an empty URL) point at the whole wrapper.
            for d in diagnostics(&c).into_iter().filter(|d| d.span != c.span) {
                let (s, e) = (d.span.start.offset, d.span.end.offset);
                prop_assert!(AT <= s && s <= e && e <= AT + url.len() as u64, "{d:?}");
                let (s, e) = ((s - AT) as usize, (e - AT) as usize);
                prop_assert!(url.is_char_boundary(s) && url.is_char_boundary(e), "{d:?}");
                prop_assert!(!d.message.is_empty() && !d.help.is_empty());
            }
        }
    }
}

#[test]
fn findings_per_rule_are_capped_with_a_summary() {
    use crate::rules::runner::MAX_PER_RULE;
    let url = format!("http://h/{}", "a|".repeat(1000));
    let d: Vec<_> = diagnostics(&cand(&url))
        .into_iter()
        .filter(|d| d.rule == Rule::UnsafeCharacter)
        .collect();
    // One diagnostic: the first place, MAX_PER_RULE - 1 labels, and the
    // rest summed up in its message.
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].labels.len(), MAX_PER_RULE - 1);
    assert!(
        d[0].message.ends_with(&format!(
            "({} more like this in the same URL, not shown)",
            1000 - MAX_PER_RULE
        )),
        "{}",
        d[0].message
    );
    let few = format!("http://h/{}", "a|".repeat(MAX_PER_RULE));
    let d: Vec<_> = diagnostics(&cand(&few))
        .into_iter()
        .filter(|d| d.rule == Rule::UnsafeCharacter)
        .collect();
    assert_eq!((d.len(), d[0].labels.len()), (1, MAX_PER_RULE - 1));
    assert!(!d[0].message.contains("not shown"));
}

#[test]
fn a_quoted_printable_attribute_in_raw_mail_is_not_linted() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    let qp = "<img src=3D\"https://a.example/aa/?e=3D%7B%22c%22%3A%22f1%22%=\n2C%22t%22\" />\n";
    assert_eq!(rules(qp, Standard::Rfc3986), []);
    // Near miss: the same URL after a plain `src="`.
    let plain = "<img src=\"https://a.example/aa/?e=%7B%22c%22%=\n2C%22t%22\" />\n";
    assert!(!rules(plain, Standard::Rfc3986).is_empty());
}

#[test]
fn a_forums_shortened_link_text_is_not_linted() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    let page = "<a class=\"postlink\" href=\"http://validator.w3.org/check?uri=http%3A%2F%2Fa.example%2Fx.php\">http://validator.w3.org/check?uri=http% ... Fx.php</a><br />\n";
    let escape = crate::rules::Rule::InvalidPercentEscape;
    assert!(!rules(page, Standard::Rfc3986).contains(&escape));
    // Near miss: the ellipsis in prose after the URL.
    let prose = "see http://validator.w3.org/check?uri=http% ... and so on\n";
    assert!(rules(prose, Standard::Rfc3986).contains(&escape));
}

#[test]
fn a_links_text_shortened_by_two_dots_is_not_linted() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    let host = crate::rules::Rule::InvalidHost;
    // An R Markdown page's link: the text shortened, the target whole.
    let page = "<a href=\"https://www.kidney-international.org/article/S0085-2538(20)30508-1/fulltext\">https://www.kidney-international.o..cle/S0085-2538(20)30508-1/fulltext</a>\n";
    assert!(!rules(page, Standard::Rfc3986).contains(&host));
    // Near misses: a target that does not hold both ends, and no link.
    let other = "<a href=\"https://www.kidney-international.org/x\">https://www.kidney-international.o..cle/S0085-2538(20)30508-1/fulltext</a>\n";
    assert!(rules(other, Standard::Rfc3986).contains(&host));
    let prose = "see https://www.kidney-international.o..cle/fulltext now\n";
    assert!(rules(prose, Standard::Rfc3986).contains(&host));
}

#[test]
fn a_url_cut_short_by_an_ellipsis_is_not_linted() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    // meetupr's README: R prints a tibble, its column cut with `…`.
    let tibble = "1 14534094 Gabriela de Queiroz https://secure-\u{2026}\n";
    assert_eq!(rules(tibble, Standard::Rfc3986), []);
    // Near miss: three dots typed after it, a sentence's.
    let dots = "see https://secure-... now\n";
    assert!(rules(dots, Standard::Rfc3986).contains(&Rule::InvalidHost));
    // A link's text shortened with `...` ending it (Disqus' comments);
    // near miss: the dots before other text in the link.
    let html = |text: &str| {
        crate::rules::testutil::document_diagnostics(crate::document::Syntax::Html, text)
            .iter()
            .any(|d| d.rule == Rule::InvalidHost)
    };
    assert!(!html(
        "<a href=\"http://www.d-e-f-i-n-i-t-e-l-y.com\">http://www.d-e-f-i-n-i-t-e-...</a>"
    ));
    assert!(html(
        "<a href=\"http://www.d-e-f-i-n-i-t-e-l-y.com\">http://www.d-e-f-i-n-i-t-e-... x</a>"
    ));
}

#[test]
fn a_url_going_on_past_a_placeholder_is_a_template() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    // ome-ngff's preview address, the pull request's number to fill in.
    let text = "Each PR gets `https://ngff--<PR#>.org.readthedocs.build/` as preview.\n";
    assert_eq!(rules(text, Standard::Rfc3986), []);
    // A WML template's element, closed in itself.
    let wml = "<a href=\"http://perldoc.perl.org/<get-var name />.html\">x</a>\n";
    assert_eq!(rules(wml, Standard::Rfc3986), []);
    // Near misses: nothing of the URL after the name, or a comma.
    for text in [
        "see https://ngff--<PR#> now\n",
        "see https://ngff--<PR#>, now\n",
    ] {
        assert!(
            rules(text, Standard::Rfc3986).contains(&Rule::InvalidHost),
            "{text}"
        );
    }
}

#[test]
fn a_passwd_entry_holds_no_url_under_rfc3986() {
    use crate::url::standard::Standard;
    let rules = crate::rules::testutil::rules_in_text;
    let text = "ftp:x:14:50:Anonymous FTP:/var/ftp:/bin/false\nnews:x:9:13:news:/var/spool/news:\n";
    assert_eq!(rules(text, Standard::Rfc3986), []);
    assert!(!rules(text, Standard::Rfc1738).is_empty());
}

#[test]
fn a_url_a_sentence_on_a_bug_shows_keeps_only_how_it_sits_in_text() {
    use crate::url::standard::Standard;
    // Every rule runs here; style ones (`bare-url`) are beside the point.
    let rules_in_text = |text: &str, standard| {
        crate::rules::testutil::rules_in_text(text, standard)
            .into_iter()
            .filter(|r| r.group() != crate::rules::Group::Style)
            .collect::<Vec<_>>()
    };
    let text = "Fixed a parsing bug where URLs such as http://[:a[]].b:80 were parsed.\n";
    assert_eq!(rules_in_text(text, Standard::Rfc3986), []);
    // rfc1738 judges the URL alone, as it always did.
    assert!(rules_in_text(text, Standard::Rfc1738).contains(&Rule::InvalidHost));
    // Without the sentence, the host is wrong.
    let plain = "The mirror is at http://[:a[]].b:80 now.\n";
    assert!(rules_in_text(plain, Standard::Rfc3986).contains(&Rule::InvalidHost));
    // A leaked password is still one, and a typo of the scheme still a typo.
    let leak = "Fixed a parsing bug where http://u:hunter9@256.1.1.1/ was parsed.\n";
    assert_eq!(
        rules_in_text(leak, Standard::Rfc3986),
        [Rule::PasswordInUrl]
    );
    let typo = "Fixed a parsing bug, see htps://github.com/a/b/issues/1 for it.\n";
    assert_eq!(
        rules_in_text(typo, Standard::Rfc3986),
        [Rule::MisspelledScheme]
    );
    // A diagram of the URL's parts below it: its subject.
    let drawn = "/// https://user@pass:example.com:1234/foo\n///      |      |    |  ^^^^\n";
    assert_eq!(rules_in_text(drawn, Standard::Rfc3986), []);
    assert!(rules_in_text(drawn, Standard::Rfc1738).contains(&Rule::InvalidPort));
    // How the URL sits in the text is still the document's fault.
    let cut = "Fixed a parsing bug, see <URL:http://[:a[]].b:80 for the report\n";
    assert_eq!(
        rules_in_text(cut, Standard::Rfc3986),
        [Rule::UnterminatedWrapper]
    );
}

#[test]
fn the_first_piece_of_a_concatenated_string_is_not_linted() {
    use crate::rules::testutil::rules_in_text as rules;
    use crate::url::Standard;
    // TypeScript-Website's comment: the host is finished by the pieces after.
    for text in [
        "// to   \"https://typescript-v2-\" + prNumber + \".vercel.app/docs\",\n",
        "local u = 'http://a_host-' .. name\n",
        "$u = 'http://a_host-' . $name;\n",
    ] {
        assert!(
            !rules(text, Standard::Rfc3986).contains(&Rule::InvalidHost),
            "{text}"
        );
        assert!(
            rules(text, Standard::Rfc1738).contains(&Rule::InvalidHost),
            "{text}"
        );
    }
    // Near misses: a quoted URL ending a sentence, and one followed by
    // an ellipsis, are whole URLs.
    for text in [
        "He wrote \"https://typescript-v2-\". Then he left.\n",
        "see 'http://a_host-'... and more\n",
    ] {
        assert!(
            rules(text, Standard::Rfc3986).contains(&Rule::InvalidHost),
            "{text}"
        );
    }
    // A mistyped scheme is still a typo, and a piece holding a path is
    // judged whole.
    for text in [
        "url = \"htp://api.example.com/v1/\" + path\n",
        "u = \"http://a_host-/api/\" + path\n",
    ] {
        assert_ne!(rules(text, Standard::Rfc3986), [], "{text}");
    }
    // A password is still a leak.
    let leak = "u = \"https://admin:hunter2@db.acme.org/\" + path\n";
    assert!(rules(leak, Standard::Rfc3986).contains(&Rule::PasswordInUrl));
}

#[test]
fn slashes_escaped_in_a_markdown_sed_line_are_an_expressions() {
    use crate::url::standard::Standard;
    // theforeman.org's manual: Markdown reads `\/` as an escaped `/`, so
    // only the source shows the expression.
    let md = |text: &str| {
        crate::rules::testutil::document_rules(
            crate::document::Syntax::Markdown,
            text,
            Standard::Rfc3986,
        )
    };
    let line = "sed -i 's/git:\\/\\//http:\\/\\//g' .gitmodules\n";
    assert_eq!(md(line), []);
    // Near miss: the same URL's fault, no escaped slashes.
    assert!(!md("see http:///g here\n").is_empty());
}

#[test]
fn an_unregistered_schemes_own_syntax_is_not_judged_under_rfc3986() {
    use crate::document::Syntax;
    use crate::rules::testutil::document_rules;
    use crate::url::Standard;
    // Squeak's help links run Smalltalk: `code:` is nobody's registered
    // scheme, and its payload follows the application's syntax.
    for text in [
        "<a href=\"code://TestRunner open\">runner</a>\n",
        "<a href=\"code://Compiler evaluate: '%28a%0D'\">x</a>\n",
    ] {
        assert_eq!(
            document_rules(Syntax::Html, text, Standard::Rfc3986),
            [Rule::UnknownScheme],
            "{text}"
        );
        assert!(!document_rules(Syntax::Html, text, Standard::Rfc1738).is_empty());
    }
    // Near misses: a registered scheme, and a mistyped known one, are
    // judged as before.
    for (text, rule) in [
        (
            "<a href=\"https://a.example/x y\">x</a>\n",
            Rule::UnsafeCharacter,
        ),
        (
            "<a href=\"ssh://h.example/x y\">x</a>\n",
            Rule::UnsafeCharacter,
        ),
        (
            "<a href=\"htp://a.example/x\">x</a>\n",
            Rule::MisspelledScheme,
        ),
    ] {
        assert!(
            document_rules(Syntax::Html, text, Standard::Rfc3986).contains(&rule),
            "{text}"
        );
    }
}
