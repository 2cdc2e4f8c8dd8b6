//! The library's promises, on the repository's fixtures: fixes remove
//! what they fix, and nothing else changes.

use std::path::{Path, PathBuf};

use super::{apply_fixes, Linter, Source};
use crate::config::Settings;
use crate::rules::Rule;
use crate::url::Standard;

/// Every rule fixture (`fixtures/rules/`, and `rfc1738/` judged by that
/// standard), with a linter running every rule.
fn fixtures() -> Vec<(PathBuf, String, Linter)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/rules");
    let mut out = Vec::new();
    for (dir, standard) in [
        (root.clone(), Standard::Rfc3986),
        (root.join("rfc1738"), Standard::Rfc1738),
    ] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt" || e == "md"))
            .collect();
        paths.sort();
        for path in paths {
            let mut settings = Settings::default();
            settings.rules.select("all").unwrap();
            settings.standard = standard;
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path, text, Linter::new(settings).unwrap()));
        }
    }
    out
}

/// The rules `settings` report on `text` read as the file at `path`, in
/// order.
fn rules_of(settings: Settings, text: &str, path: &str) -> Vec<Rule> {
    Linter::new(settings)
        .unwrap()
        .check(text, &Source::path(path))
        .diagnostics
        .iter()
        .map(|d| d.rule)
        .collect()
}

fn count(linter: &Linter, text: &str, source: &Source, rule: Rule) -> usize {
    linter
        .check(text, source)
        .diagnostics
        .iter()
        .filter(|d| d.rule == rule)
        .count()
}

#[test]
fn encoding_a_blank_is_an_unsafe_fix() {
    use crate::rules::Applicability;
    let fix = |text: &str| {
        Linter::new(Settings::default())
            .unwrap()
            .check(text, &Source::path("a.md"))
            .diagnostics
            .into_iter()
            .find(|d| d.rule == Rule::UnsafeCharacter)
            .and_then(|d| d.fix)
            .map(|f| f.applicability)
    };
    // git's Rev News: `]` typed for `)`, the prose after it in the link.
    assert_eq!(
        fix("* nodegit [0.5.0](https://github.com/nodegit/nodegit/releases/tag/v0.5.0] yolo release :)\n"),
        Some(Applicability::Unsafe)
    );
    // Near miss: no blank, a safe encoding.
    assert_eq!(
        fix("* [x](https://a.example/tag/v0.5.0]x)\n"),
        Some(Applicability::Safe)
    );
}

#[test]
fn each_fix_removes_its_diagnostic_and_only_fixing_rules_fix() {
    let mut fixed_by_rule = vec![0; Rule::ALL.len()];
    for (path, text, linter) in fixtures() {
        let source = Source::path(&path);
        let checked = linter.check(&text, &source);
        for d in &checked.diagnostics {
            let Some(fix) = &d.fix else { continue };
            assert!(
                d.rule.meta().fix.is_some(),
                "{}: {} has a fix but declares none",
                path.display(),
                d.rule
            );
            // The declared applicability, or a guess's (`unsafe-character`
            // encoding a blank, which is as often where the URL ended).
            let declared = d.rule.meta().fix.map(|f| f.0);
            assert!(
                Some(fix.applicability) == declared
                    || fix.applicability == crate::rules::Applicability::Unsafe,
                "{}: {} fix is {:?}, declared {declared:?}",
                path.display(),
                d.rule,
                fix.applicability
            );
            let fixed = apply_fixes(&text, std::slice::from_ref(d), true);
            assert_eq!(fixed.applied, 1, "{}: {d:?}", path.display());
            let before = count(&linter, &text, &source, d.rule);
            let after = count(&linter, &fixed.text, &source, d.rule);
            assert!(
                after < before,
                "{}: fixing {} left it ({before} → {after}):\n{}",
                path.display(),
                d.rule,
                fixed.text
            );
            fixed_by_rule[d.rule as usize] += 1;
        }
    }
    for &rule in Rule::ALL {
        if rule.meta().fix.is_some() {
            assert!(
                fixed_by_rule[rule as usize] > 0,
                "{rule} declares a fix but offers none on its fixtures"
            );
        }
    }
}

#[test]
fn fixing_everything_leaves_no_fixable_diagnostic_and_is_idempotent() {
    for (path, text, linter) in fixtures() {
        let source = Source::path(&path);
        let (fixed, _, left) = linter.fix(&text, &source, true);
        assert_eq!(
            left.fixable(true),
            0,
            "{}: still fixable after fixing:\n{fixed}",
            path.display()
        );
        let (again, applied, _) = linter.fix(&fixed, &source, true);
        assert_eq!(
            (again.as_str(), applied),
            (fixed.as_str(), 0),
            "{}",
            path.display()
        );
    }
}

#[test]
fn a_comment_far_right_of_the_url_suppresses_it() {
    // Issue 12: suppression read the display excerpt, cut 240 bytes after
    // the URL, so this comment went unseen.
    let linter = Linter::new(Settings {
        standard: Standard::Rfc1738,
        ..Settings::default()
    })
    .unwrap();
    let pad = "y".repeat(300);
    for end in ["", "\n"] {
        let text = format!("x http://a.example:25/ {pad} urlint: ignore[nondefault-port]{end}");
        assert!(
            linter
                .check(&text, &Source::default())
                .diagnostics
                .is_empty(),
            "{end:?}"
        );
        let text = format!("x http://a.example:25/ {pad} urlint: ignore[bare-url]{end}");
        let rules: Vec<Rule> = linter
            .check(&text, &Source::default())
            .diagnostics
            .iter()
            .map(|d| d.rule)
            .collect();
        assert_eq!(rules, [Rule::NondefaultPort]);
    }
}

#[test]
fn crlf_and_a_byte_order_mark_are_kept() {
    let linter = Linter::default();
    let text = "\u{feff}one HTTP://a.example/\r\n<URL:http://b.example/x>#top\r\nend";
    let (fixed, applied, left) = linter.fix(text, &Source::default(), false);
    assert_eq!(applied, 2);
    assert_eq!(
        fixed,
        "\u{feff}one http://a.example/\r\n<URL:http://b.example/x#top>\r\nend"
    );
    assert!(left.diagnostics.is_empty(), "{:?}", left.diagnostics);
}

#[test]
fn compressed_data_that_does_not_decompress_is_binary_unless_named_so() {
    let gz = crate::input::sniff::gzip_cut_short(b"see http://a.example/x\n", 12);
    let linter = Linter::new(Settings::default()).unwrap();
    // rdoc's `test/rdoc/binary.dat`: skipped, with the reason.
    let checked = linter
        .check_reader(
            std::io::Cursor::new(gz.clone()),
            &Source::path("binary.dat"),
        )
        .unwrap();
    assert!(checked.diagnostics.is_empty());
    assert!(
        checked.warnings[0].contains("does not decompress"),
        "{checked:?}"
    );
    // A file named as compressed that is cut short is an error.
    let err = linter
        .check_reader(std::io::Cursor::new(gz), &Source::path("notes.txt.gz"))
        .unwrap_err();
    assert!(err.to_string().contains("notes.txt.gz"), "{err}");
}

#[test]
fn compressed_data_failing_further_on_is_read_up_to_there_unless_named_so() {
    // Yaws' `compile_layout.dia`: gzip whose whole text decompresses but
    // whose checksum is wrong; more than the head, so the head reads.
    let mut text = "see http://a.example/x\n".repeat(1000);
    text.push_str("and http://b.example/y\n");
    let mut gz = crate::input::sniff::gzip_cut_short(text.as_bytes(), 0);
    let crc = gz.len() - 8;
    gz[crc] ^= 0xff;
    let linter = Linter::new(Settings::default()).unwrap();
    let checked = linter
        .check_reader(
            std::io::Cursor::new(gz.clone()),
            &Source::path("layout.dia"),
        )
        .unwrap();
    assert_eq!(checked.urls.len(), 1001);
    assert!(
        checked
            .warnings
            .iter()
            .any(|w| w.contains("fails further on")),
        "{checked:?}"
    );
    // Named as compressed, it is an error as before.
    let err = linter
        .check_reader(std::io::Cursor::new(gz), &Source::path("layout.txt.gz"))
        .unwrap_err();
    assert!(err.to_string().contains("layout.txt.gz"), "{err}");
}

#[test]
fn mail_is_not_rewritten() {
    let linter = Linter::default();
    let mail = "From: a@example.org\nSubject: x\n\nsee HTTP://a.example/\n";
    let checked = linter.check(mail, &Source::default());
    assert_eq!(checked.not_rewritable, Some("mail is never rewritten"));
    assert_eq!(checked.fixable(false), 1);
    let (fixed, applied, _) = linter.fix(mail, &Source::default(), false);
    assert_eq!((fixed.as_str(), applied), (mail, 0));
}

#[test]
fn markdown_wraps_a_bare_url_as_an_autolink() {
    let mut settings = Settings::default();
    settings.rules.extend_select("bare-url").unwrap();
    let linter = Linter::new(settings).unwrap();
    let (md, _, _) = linter.fix("see http://a.example/x.\n", &Source::path("a.md"), false);
    assert_eq!(md, "see <http://a.example/x>.\n");
    let (txt, _, _) = linter.fix("see http://a.example/x.\n", &Source::path("a.txt"), false);
    assert_eq!(txt, "see <URL:http://a.example/x>.\n");
    // In HTML brackets are markup: no fix.
    let html = "<p>see http://a.example/x.</p>\n";
    let checked = linter.check(html, &Source::path("a.html"));
    assert_eq!(checked.diagnostics[0].rule, Rule::BareUrl);
    assert!(checked.diagnostics[0].fix.is_none());
}

#[test]
fn a_stray_mark_before_the_scheme_is_removed_with_its_partner() {
    let linter = Linter::new(Settings::default()).unwrap();
    for (text, want) in [
        (
            "([#4]([https://a.example/4))\n",
            "([#4](https://a.example/4))\n",
        ),
        ("[a]((https://a.example/x))\n", "[a](https://a.example/x)\n"),
        ("[a](\"https://a.example/\")\n", "[a](https://a.example/)\n"),
    ] {
        let (fixed, applied, _) = linter.fix(text, &Source::path("a.md"), true);
        assert_eq!((fixed.as_str(), applied), (want, 1), "{text}");
        // An unsafe fix: not applied without asking.
        let (kept, _, _) = linter.fix(text, &Source::path("a.md"), false);
        assert_eq!(kept, text);
    }
}

/// What `urlint rules NAME` shows as the example and the near miss, read
/// by the real scanner (as a Markdown file when it has link markup) with
/// every rule on: the example fires the rule under the default standard
/// or, for a rule only the letter of RFC 1738 has, under `rfc1738`; the
/// near miss does not fire it there. Besides its own rule an example may
/// only fire the two off-by-default rules about how any URL sits in text,
/// `bare-url` and `whitespace-in-url` (a hard-wrapped URL's line break).
#[test]
fn rule_examples_fire_their_rule_through_the_real_scanner() {
    let fired = |text: &str, standard: Standard, rule: Rule| -> Vec<Rule> {
        let mut settings = Settings {
            standard,
            ..Settings::default()
        };
        settings.rules.select("all").unwrap();
        let path = if text.contains("](") { "x.md" } else { "x.txt" };
        rules_of(settings, text, path)
            .into_iter()
            .filter(|&r| r == rule || !matches!(r, Rule::BareUrl | Rule::WhitespaceInUrl))
            .collect()
    };
    let mut wrong = Vec::new();
    for &rule in Rule::ALL {
        let m = rule.meta();
        let own = |rules: &[Rule]| rules.iter().all(|&r| r == rule) && rules.contains(&rule);
        let by_default = fired(m.example, Standard::Rfc3986, rule);
        let by_letter = fired(m.example, Standard::Rfc1738, rule);
        let standard = if own(&by_default) {
            Standard::Rfc3986
        } else if by_default.is_empty() && own(&by_letter) {
            Standard::Rfc1738
        } else {
            wrong.push(format!(
                "{}: example {:?} fires {by_default:?} (rfc1738: {by_letter:?})",
                m.name, m.example
            ));
            continue;
        };
        let near = fired(m.ok_example, standard, rule);
        if near.contains(&rule) {
            wrong.push(format!(
                "{}: ok_example {:?} fires it",
                m.name, m.ok_example
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn ok_examples_of_grammar_rules_are_clean_by_default() {
    let linter = Linter::default();
    for &rule in Rule::ALL.iter().filter(|r| {
        matches!(
            r.group(),
            crate::rules::Group::Syntax
                | crate::rules::Group::Scheme
                | crate::rules::Group::Security
        )
    }) {
        let text = rule.meta().ok_example;
        let checked = linter.check(text, &Source::default());
        // (`sftp://` is not even found: no near miss of a scheme, no URL.)
        assert!(checked.urls.len() <= 1, "{}: {text:?}", rule.name());
        assert!(
            checked.diagnostics.is_empty(),
            "{}: {:?}",
            rule.name(),
            checked.diagnostics
        );
    }
}

#[test]
fn candidates_and_diagnostics_serialize() {
    let linter = Linter::default();
    let checked = linter.check("see HTTP://a.example/x\n", &Source::default());
    let url = serde_json::to_value(&checked.urls[0]).unwrap();
    assert_eq!(url["url"], "HTTP://a.example/x");
    assert_eq!(url["form"], "bare");
    assert_eq!(url["span"]["start"]["column"], 5);
    let d = serde_json::to_value(&checked.diagnostics[0]).unwrap();
    assert_eq!(d["rule"], "uppercase-scheme");
    assert_eq!(d["severity"], "info");
    assert_eq!(d["fix"]["applicability"], "safe");
    assert_eq!(d["fix"]["edits"][0]["content"], "http");
}

#[test]
fn a_linter_is_shared_across_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Linter>();
    let linter = Linter::default();
    let found: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|i| {
                let linter = &linter;
                s.spawn(move || {
                    let text = format!("see HTTP://h{i}.example/ and http://x.example/");
                    linter.check(&text, &Source::default()).diagnostics.len()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(found, [1, 1]);
}

/// Plain text and an mbox several chunks and batches long, read with the
/// scanner allowed three threads, give the URLs (positions and message
/// included), warnings and, for `check`, diagnostics of one thread, in the
/// same order (an mbox's parts are linted on the workers).
#[test]
fn reading_on_threads_gives_what_one_thread_gives() {
    use std::fmt::Write as _;

    use super::Event;
    use crate::scan::Scanner;

    let linter = Linter::new(Settings::default()).unwrap();
    let (mut text, mut mbox) = (String::new(), String::new());
    for n in 0..12_000 {
        writeln!(
            text,
            "{n}: see http://example.com/{n}.html and <URL:ftp://ftp.example.org/pub/\n    file-{n}.txt> or\nhttp://example.net/a/long/path/hard/wrapped/by/a/mail/client/number/{n}/\nnext/page.html here.\n"
        )
        .unwrap();
        writeln!(
            mbox,
            "From a@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <m{n}@example.org>\n\
             Content-Transfer-Encoding: quoted-printable\n\nsee http://example.org/{n}?k=3D=\nv and {}\n",
            match n % 1000 {
                7 => "=FF=FE",
                n if n % 97 == 0 => "htps://example.org/typo http://a.example/x=20y",
                _ => "more",
            }
        )
        .unwrap();
    }
    for (input, name) in [(text, "a.txt"), (mbox, "a.mbox")] {
        let run = |threads, check| {
            let mut scanner: Scanner = linter.scanner(check);
            scanner.set_threads(threads);
            let (mut seen, mut findings) = (Vec::new(), 0);
            let reader = Box::new(std::io::Cursor::new(input.clone().into_bytes()));
            linter
                .read(
                    &mut scanner,
                    reader,
                    &Source::path(name),
                    check,
                    |e| match e {
                        Event::Url(c, m) => {
                            let m = m.map(|m| (m.message_id, m.index));
                            seen.push(format!("{c:?} {m:?}"));
                        }
                        Event::Warning(w) => seen.push(w.message),
                        Event::Finding(f) => {
                            findings += 1;
                            let m = f.mail.map(|m| (m.message_id, m.index));
                            seen.push(format!("{:?} {:?} {m:?}", f.diag.rule, f.diag.span));
                        }
                    },
                )
                .unwrap();
            (seen, findings)
        };
        for check in [false, true] {
            let (one, findings) = run(1, check);
            assert!(one.len() >= 12_000, "{name}: {} seen", one.len());
            if check && name == "a.mbox" {
                assert!(findings >= 100, "{name}: {findings} diagnostics");
            }
            assert!(
                run(3, check).0 == one,
                "{name} ({check}): three threads differ"
            );
        }
    }
}

/// A security advisory's malformed URLs are the exploit's input: under
/// `rfc3986` their syntax is not reported in a file named for its CVE, but
/// a typo of the scheme still is, and the same text elsewhere is linted.
#[test]
fn an_advisory_shows_its_bad_urls_on_purpose() {
    let text = "For example, a URL like `http://example.com%2F10.0.0.1/`, would be allowed.\n\
                See htps://curl.se/docs/ for more.\n";
    let rules = |path: &str, standard: Standard| -> Vec<Rule> {
        let settings = Settings {
            standard,
            ..Settings::default()
        };
        rules_of(settings, text, path)
    };
    for name in ["docs/CVE-2022-27780.md", "GHSA-abcd-efgh-ijkl.md"] {
        assert_eq!(
            rules(name, Standard::Rfc3986),
            [Rule::MisspelledScheme],
            "{name}"
        );
    }
    for name in ["docs/notes.md", "docs/CVE-list-by-name.md"] {
        assert_eq!(
            rules(name, Standard::Rfc3986),
            [Rule::InvalidHost, Rule::MisspelledScheme],
            "{name}"
        );
    }
    assert!(rules("docs/CVE-2022-27780.md", Standard::Rfc1738).contains(&Rule::InvalidHost));
}

/// A page on an attack technique shows payloads: under `rfc3986` their
/// syntax, encoded line breaks, ports and mistyped schemes outside links
/// are not reported; a link's mistyped scheme is the page's typo.
#[test]
fn a_page_on_an_attack_shows_its_payloads() {
    let text = "Use `http://127.0.0.256:22/` and `http://a.example/%0d%0aSet-Cookie:x`.\n\
                Redis: gopher://127.0.0.1:6379/_SET%20x%200%0d%0aQUIT%0d%0a\n\
                A normal `<IMG SRC=\"httx://badguy.example/a.jpg\">` is a vector.\n\
                So is `<A HREF=\"http://www.gohttp://www.google.com/ogle.com/\">` and\n\
                `<script src=\"https://https://www.google.com/test\">`.\n\
                If the filter checks `<http://>;` at the start, evade it.\n\
                See [the paper](hhttps://www.example.org/paper).\n";
    let rules = |path: &str, standard: Standard| -> Vec<Rule> {
        let settings = Settings {
            standard,
            ..Settings::default()
        };
        rules_of(settings, text, path)
    };
    assert_eq!(
        rules("Server Side Request Forgery/README.md", Standard::Rfc3986),
        [Rule::MisspelledScheme]
    );
    let elsewhere = rules("docs/notes.md", Standard::Rfc3986);
    for rule in [
        Rule::InvalidHost,
        Rule::EncodedLineBreak,
        Rule::NondefaultPort,
        Rule::MisspelledScheme,
        Rule::EmptyUrl,
        Rule::InvalidGopher,
        Rule::GluedUrl,
        Rule::DoubledScheme,
    ] {
        assert!(elsewhere.contains(&rule), "{rule:?} in {elsewhere:?}");
    }
    assert!(rules("SSRF/README.md", Standard::Rfc1738).contains(&Rule::EncodedLineBreak));
}

/// A mail's invitation folds its lines: the URL folded in a
/// `text/calendar` part is one URL, not a hard-wrapped one.
#[test]
fn a_mailed_invitation_is_unfolded() {
    let mail = "From: a@example.org\r\nSubject: invite\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\nBEGIN:VCALENDAR\r\nDESCRIPTION:View your event at http://www.google.com/calendar/event?action=VI\r\n EW&eid=NGxlN3JlZjNo\\n\\nInvitation\r\nEND:VCALENDAR\r\n--b--\r\n";
    assert_eq!(rules_of(Settings::default(), mail, "invite.eml"), []);
    let found = Linter::new(Settings::default())
        .unwrap()
        .extract(mail, &Source::path("invite.eml"));
    let urls: Vec<&str> = found.iter().map(|u| u.url.as_str()).collect();
    assert_eq!(
        urls,
        ["http://www.google.com/calendar/event?action=VIEW&eid=NGxlN3JlZjNo"]
    );
}

/// A message page Mailman's pipermail wrote is data: its links are the
/// archiver's (`&lt;/a` taken into them), not the mail writer's.
#[test]
fn a_pipermail_message_page_is_data() {
    let page = "<HTML>\n <HEAD>\n   <TITLE> [html5] r793\n   </TITLE>\n   <LINK REL=\"made\" HREF=\"mailto:w%40lists.whatwg.org?Subject=r793\">\n   <META NAME=\"robots\" CONTENT=\"index,nofollow\">\n </HEAD>\n<BODY><PRE>See &lt;a href=&quot;<A HREF=\"http://dev.w3.org/a?rev=1&amp;x=1&lt;/a\">http://dev.w3.org/a?rev=1&amp;x=1&lt;/a</A>&gt;\n</PRE></BODY></HTML>\n";
    assert_eq!(rules_of(Settings::default(), page, "2007/007715.html"), []);
    let all = Settings {
        lint_data: true,
        ..Settings::default()
    };
    assert!(!rules_of(all, page, "2007/007715.html").is_empty());
}

/// A file in another encoding than UTF-8 (GBK's `进程`, bytes `bd f8 b3 cc`)
/// is read with a stand-in for each byte; no rule reports them, and no fix
/// overwrites the word.
#[test]
fn bytes_of_another_encoding_are_not_unsafe_characters() {
    let mut gbk = b"[\"x\"](http://zh.wikipedia.org/wiki/".to_vec();
    gbk.extend([0xbd, 0xf8, 0xb3, 0xcc]);
    gbk.extend(b")\n");
    let linter = Linter::new(Settings::default()).unwrap();
    let checked = linter
        .check_reader(std::io::Cursor::new(gbk), &Source::path("notes.md"))
        .unwrap();
    assert_eq!(checked.urls.len(), 1);
    assert_eq!(checked.diagnostics, []);
    // One byte glued on at the end (a Latin-1 page's `«`) is reported, with
    // no fix: what byte it was is lost.
    let mut latin1 = b"<a href=\"mailto:andreas@chiemgau.example".to_vec();
    latin1.extend([0xab]);
    latin1.extend(b"\">x</a>\n");
    let checked = linter
        .check_reader(std::io::Cursor::new(latin1), &Source::path("page.html"))
        .unwrap();
    let glued: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.rule == Rule::UnsafeCharacter)
        .collect();
    assert_eq!(glued.len(), 1, "{:?}", checked.diagnostics);
    assert!(glued[0].fix.is_none());
}

/// A diff saved as `.md.txt` is read as a diff: a hunk's header repeats
/// a line cut short, and no link is left open there.
#[test]
fn a_diff_saved_as_text_is_read_as_a_diff() {
    let page = "diff --git a/p.md b/p.md\n--- a/p.md\n+++ b/p.md\n@@ -310,50 +268,42 @@ A new feature is [dynamic color](https://m3.material.io/styles/color/dynam\n A new feature is [dynamic color](https://m3.material.io/styles/color/dynamic).\n";
    let rules = rules_of(Settings::default(), page, "pages/diffs/0793f53_m3.md.txt");
    assert!(!rules.contains(&Rule::UnterminatedLink), "{rules:?}");
    // Near miss: the same hunk header in a Markdown page of its own.
    let rules = rules_of(
        Settings::default(),
        &page[page.find("@@").unwrap()..],
        "notes.md",
    );
    assert!(rules.contains(&Rule::UnterminatedLink), "{rules:?}");
}

#[test]
fn a_text_that_lost_every_colon_is_not_an_authors_slip() {
    let linter = Linter::new(Settings::default()).unwrap();
    let source = Source::path("log.md");
    let n = |text: &str| count(&linter, text, &source, Rule::MisspelledScheme);
    // An IRC log's conversion dropped every colon: five URLs, none whole.
    let stripped = "<a> see https//imgur.com/a/x\n<b> and http//docs.example.org/en/\n\
                    <c> https//lists.example.org/pipermail/x.html\n\
                    <d> https//a.example.org/y and https//b.example.org/z\n";
    assert_eq!(n(stripped), 0);
    // Three slips are an author's, and so are five beside a whole URL.
    let three =
        "see https//imgur.com/a/x and http//docs.example.org/en/ and https//c.example.org\n";
    assert_eq!(n(three), 3);
    let beside = format!("{stripped}the list: https://lists.example.org/\n");
    assert_eq!(n(&beside), 5);
    // Other misspellings are not the converter's.
    let typos = "htp://a.example.org/ ttps://b.example.org/ hhttps://c.example.org/\n";
    assert_eq!(n(typos), 3);
}

/// A link's destination that lost its colon leads nowhere (read as a
/// relative reference, a page `https//…` below this one): reported in
/// Markdown and HTML as in text. A relative path whose first segment
/// has no dot (`http//notes`) is left alone.
#[test]
fn a_link_destination_without_its_colon_is_a_misspelled_scheme() {
    let linter = Linter::new(Settings::default()).unwrap();
    let n =
        |text: &str, path: &str| count(&linter, text, &Source::path(path), Rule::MisspelledScheme);
    assert_eq!(
        n("[Sodium Halogen](https//sodiumhalogen.com)\n", "post.md"),
        1
    );
    assert_eq!(n("[a](HTTP//a.example.org/x?y#z)\n", "post.md"), 1);
    assert_eq!(
        n("<a href=\"https//sodiumhalogen.com\">x</a>\n", "page.html"),
        1
    );
    assert_eq!(
        n(
            "[a](http//notes) [b](https//) [c](ftp//-a.example.org/)\n",
            "post.md"
        ),
        0
    );
    assert_eq!(n("[a](docs/https//a.example.org/)\n", "post.md"), 0);
    // A folder `http/` meant: a file's name or a version after `//`.
    assert_eq!(
        n(
            "[a](http//README.md) [b](http//index.html) [c](http//v1.2/notes)\n",
            "post.md"
        ),
        0
    );
}

/// A payload that breaks out of an attribute leaves its link unclosed on
/// purpose: not reported on a page on an attack (notes on a security academy's labs).
#[test]
fn a_payload_breaking_out_of_an_attribute_on_an_attack_page() {
    let text = "Payload:\n\n<iframe src=\"https://lab.web-security-academy.net/?search=<body onresize=print()>\">\n";
    let rules = |path: &str| rules_of(Settings::default(), text, path);
    assert!(!rules("notes/portswigger/xss-reflected.md").contains(&Rule::UnterminatedLink));
    assert!(!rules("02 Cross-site Scripting (XSS)/14.md").contains(&Rule::UnterminatedLink));
    assert!(rules("docs/notes.md").contains(&Rule::UnterminatedLink));
}
