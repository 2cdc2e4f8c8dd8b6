//! Documents read by their syntax (SPEC "How documents are read"):
//! `fixtures/documents/<name>` extracted must print `<name>.expected`
//! beside it, one URL a line with its exact span in the file on disk
//! (`line:column-line:column offset..offset form url`), and each span's
//! `raw` must be the file's own bytes there, through escapes and decoding.
//! `UPDATE_EXPECT=1 cargo test` rewrites the expected files (read the
//! diff!).

use std::fmt::Write as _;

use crate::util::{code, fixtures, json_lines, stderr, stdout, urlint, Dir};

#[test]
fn every_document_fixture_extracts_as_expected() {
    let dir = fixtures().join("documents");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            (!name.ends_with(".expected")).then_some(name)
        })
        .collect();
    names.sort();
    let mut stale = Vec::new();
    for name in &names {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).unwrap();
        let out = urlint()
            .args(["extract", "--format", "json"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(code(&out), 0, "{name}: {}", stderr(&out));
        let mut got = String::new();
        for l in json_lines(&out) {
            let (s, e) = (&l["start"], &l["end"]);
            let (so, eo) = (
                s["offset"].as_u64().unwrap() as usize,
                e["offset"].as_u64().unwrap() as usize,
            );
            assert_eq!(
                l["raw"].as_str().unwrap(),
                String::from_utf8_lossy(&bytes[so..eo]),
                "{name}: raw is not the file at {so}..{eo}"
            );
            let _ = writeln!(
                got,
                "{}:{}-{}:{} {so}..{eo} {} {}",
                s["line"],
                s["column"],
                e["line"],
                e["column"],
                l["form"].as_str().unwrap(),
                l["url"].as_str().unwrap()
            );
        }
        let expected = dir.join(format!("{name}.expected"));
        if update {
            std::fs::write(&expected, &got).unwrap();
        } else if std::fs::read_to_string(&expected).ok().as_deref() != Some(got.as_str()) {
            stale.push(format!("{}:\n{got}", expected.display()));
        }
    }
    assert!(names.len() >= 9, "a fixture per syntax and one mail");
    assert!(
        stale.is_empty(),
        "stale expectations:\n{}",
        stale.join("\n")
    );
}

#[test]
fn link_faults_are_reported_where_the_markup_is() {
    let out = urlint()
        .args(["check", "--format", "json", "-q"])
        .arg(fixtures().join("documents/markdown.md"))
        .output()
        .unwrap();
    let found: Vec<(String, u64, u64)> = json_lines(&out)
        .iter()
        .map(|l| {
            (
                l["rule"].as_str().unwrap().to_string(),
                l["start"]["line"].as_u64().unwrap(),
                l["start"]["column"].as_u64().unwrap(),
            )
        })
        .collect();
    for want in [
        ("trailing-punctuation", 6, 84),
        ("unsafe-character", 9, 80),
        ("unterminated-link", 12, 29),
    ] {
        assert!(
            found.contains(&(want.0.to_string(), want.1, want.2)),
            "{want:?} in {found:?}"
        );
    }
    // Escapes, emphasis, templates and a repeated link text give nothing.
    assert!(
        !found.iter().any(|f| f.0 == "unsafe-character" && f.1 != 9),
        "{found:?}"
    );
    let on_line_7 = found.iter().filter(|f| f.1 == 7).count();
    assert_eq!(on_line_7, 0, "{found:?}");
}

#[test]
fn a_catalogue_not_in_utf8_is_still_read_by_its_syntax() {
    let d = Dir::new();
    // Latin-1: `\xe9` is not UTF-8. The URL is cut over two strings.
    let mut po = b"msgid \"\"\n\"Licence GPLv3+ (\xe9dition) <http://gnu.org/licenses/gpl.\"\n\"html>\\n\"\nmsgstr \"\"\n".to_vec();
    po.extend_from_slice(b"msgid \"Aide: <http:///www.gnu.org/gethelp/>\"\n");
    d.write("af.po", &po);
    let out = d
        .cmd(&["check", "--format", "json", "af.po"])
        .output()
        .unwrap();
    let found: Vec<(String, String, u64, u64)> = json_lines(&out)
        .iter()
        .map(|l| {
            (
                l["rule"].as_str().unwrap().to_string(),
                l["url"].as_str().unwrap().to_string(),
                l["start"]["line"].as_u64().unwrap(),
                l["start"]["column"].as_u64().unwrap(),
            )
        })
        .collect();
    // The joined URL is clean; the real fault is found where it is.
    assert_eq!(
        found,
        [(
            "invalid-host".to_string(),
            "http:///www.gnu.org/gethelp/".to_string(),
            5,
            20
        )],
        "{}",
        stdout(&out)
    );
}

/// `form url` of each URL `extract --format json` (in `args`) finds in `d`.
fn forms_and_urls(d: &Dir, args: &[&str]) -> Vec<String> {
    let out = d.cmd(args).output().unwrap();
    json_lines(&out)
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                l["form"].as_str().unwrap(),
                l["url"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn syntax_is_chosen_by_flag_and_by_config_glob() {
    let d = Dir::new();
    d.write("notes.txt", "See [docs](https://a.example.org/x\\_y).\n");
    let urls = |args: &[&str]| forms_and_urls(&d, args);
    // As text, the Markdown escape stays and the `)` ends a bare URL.
    assert_eq!(
        urls(&["extract", "--format", "json", "notes.txt"]),
        ["bare https://a.example.org/x\\_y"]
    );
    assert_eq!(
        urls(&[
            "extract",
            "--format",
            "json",
            "--syntax",
            "markdown",
            "notes.txt"
        ]),
        ["link https://a.example.org/x_y"]
    );
    // Every syntax the library reads is a value of `--syntax`.
    for syntax in urlint::document::Syntax::ALL {
        let out = d
            .cmd(&["extract", "--syntax", syntax.as_str(), "notes.txt"])
            .output()
            .unwrap();
        assert_eq!(code(&out), 0, "{}: {}", syntax.as_str(), stderr(&out));
    }
    d.write("license.doc", "{\\fldrslt{https://a.example.org/l\\ul0}}");
    assert_eq!(
        urls(&[
            "extract",
            "--format",
            "json",
            "--syntax",
            "rtf",
            "license.doc"
        ]),
        ["bare https://a.example.org/l"]
    );
    d.write("urlint.toml", "[syntax]\n\"*.txt\" = \"markdown\"\n");
    assert_eq!(
        urls(&["extract", "--format", "json", "notes.txt"]),
        ["link https://a.example.org/x_y"]
    );
    d.write("urlint.toml", "[syntax]\n\"*.txt\" = \"troff2\"\n");
    let out = d.cmd(&["extract", "notes.txt"]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("unknown syntax `troff2`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_document_past_the_cap_is_read_as_text_with_a_note() {
    let d = Dir::new();
    let mut big = String::from("[a](http://first.example.org/x\\_y)\n");
    while big.len() <= 16 << 20 {
        big.push_str("lorem ipsum dolor sit amet, consectetur adipiscing elit\n");
    }
    d.write("big.md", &big);
    let out = d.cmd(&["extract", "big.md"]).output().unwrap();
    assert_eq!(code(&out), 0);
    assert!(
        stderr(&out).contains("big.md: larger than 16 MiB"),
        "{}",
        stderr(&out)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("http://first.example.org/x\\_y"),
        "read as text, the escape stays"
    );
}

/// A calendar feed cached under a hash (php.net's `backend/events/`) has
/// no extension: its first line says it is iCalendar, whose folded lines
/// are no hard wraps.
#[test]
fn a_file_opening_a_calendar_is_read_as_icalendar() {
    let d = Dir::new();
    let feed = "BEGIN:VCALENDAR\r\nX-ORIGINAL-URL:http://www.meetup.com/buffalophp/events/ical/The+Buffalo+P\r\n HP+User+Group/\r\nEND:VCALENDAR\r\n";
    d.write("20156e59322ddc1278794649d1f21fdf", feed);
    let out = d
        .cmd(&["check", "20156e59322ddc1278794649d1f21fdf"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let found = forms_and_urls(
        &d,
        &[
            "extract",
            "--format",
            "json",
            "20156e59322ddc1278794649d1f21fdf",
        ],
    );
    assert_eq!(
        found,
        ["url-prefix http://www.meetup.com/buffalophp/events/ical/The+Buffalo+PHP+User+Group/"]
    );
    // Read as text, the fold is a hard wrap.
    let out = d
        .cmd(&[
            "check",
            "--syntax",
            "text",
            "20156e59322ddc1278794649d1f21fdf",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(stdout(&out).contains("broken-bare-url"), "{}", stdout(&out));
}

#[test]
fn a_file_without_an_extension_written_in_rst_is_rst() {
    // libfmt's `ChangeLog.rst`, shipped by Debian as `changelog`: an image
    // directive's URI goes on over an indented line, which docutils joins.
    let d = Dir::new();
    let url = "https://user-images.githubusercontent.com/576385/\n  175071215-12809244-dab0-4005-96d8-7cd911c964d5.png\n";
    d.write("changelog", format!("* Faster:\n\n  .. image:: {url}"));
    // Near misses: no directive in an extensionless file, and text forced.
    d.write(
        "notes",
        format!("* Faster, and the screenshot is here:\n  {url}"),
    );
    for (args, want) in [
        (&["check", "changelog"][..], 0),
        (&["check", "notes"], 1),
        (&["check", "--syntax", "text", "changelog"], 1),
    ] {
        let out = d.cmd(args).output().unwrap();
        assert_eq!(code(&out), want, "{args:?}: {}", stdout(&out));
    }
}

#[test]
fn a_text_file_with_front_matter_is_read_as_markdown() {
    let d = Dir::new();
    let body = "See [docs](https://a.example.org/x\\_y).\n\n```````` example\n<https://foo.bar.`baz>`\n.\n<p>x</p>\n````````\n";
    d.write(
        "spec.txt",
        format!("---\ntitle: A Spec\nversion: '1.0'\n...\n\n{body}"),
    );
    d.write("plain.txt", body);
    let found = |args: &[&str]| forms_and_urls(&d, args);
    // Markdown: the link's escape resolved, the spec's example data.
    assert_eq!(
        found(&["extract", "--format", "json", "spec.txt"]),
        [
            "link https://a.example.org/x_y",
            "angle https://foo.bar.`baz"
        ]
    );
    let out = d.cmd(&["check", "spec.txt"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    // Without front matter it is text; `--syntax text` forces text.
    let out = d.cmd(&["check", "plain.txt"]).output().unwrap();
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert_eq!(
        found(&["extract", "--format", "json", "--syntax", "text", "spec.txt"])[0],
        "bare https://a.example.org/x\\_y"
    );
    // A `[syntax]` table is obeyed as it stands.
    d.write("urlint.toml", "[syntax]\n\"*.txt\" = \"text\"\n");
    assert_eq!(
        found(&["extract", "--format", "json", "spec.txt"])[0],
        "bare https://a.example.org/x\\_y"
    );
}

#[test]
fn a_patch_lints_its_new_lines_only_even_as_a_mail() {
    // A `git format-patch` mail: a removed line's typo is the old file's,
    // an added line's is the patch's own.
    let rules = |args: &[&str]| -> Vec<(String, u64)> {
        let out = urlint()
            .args(["check", "--format", "json", "-q"])
            .args(args)
            .arg(fixtures().join("documents/update.patch"))
            .output()
            .unwrap();
        json_lines(&out)
            .iter()
            .map(|l| {
                (
                    l["rule"].as_str().unwrap().to_string(),
                    l["start"]["line"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(rules(&[]), [("invalid-percent-escape".to_string(), 24)]);
    // `--lint-data` lints the old side too.
    let all = rules(&["--lint-data"]);
    assert!(
        all.contains(&("misspelled-scheme".to_string(), 21)),
        "{all:?}"
    );
    // Read as mail (as `--mail` asks), every line is the message's text.
    let mail = rules(&["--mail"]);
    assert!(
        mail.contains(&("misspelled-scheme".to_string(), 21)),
        "{mail:?}"
    );
}

#[test]
fn a_diff_rendered_by_rfcdiff_is_data() {
    // httpwg's `diffs/diff_cache_04_to_05.html`: each side's draft text in
    // table cells, its `<URL>` wrappers cut at the cell's end.
    let d = Dir::new();
    let page = "<!DOCTYPE html>\n<!-- Generated by rfcdiff 1.46: rfcdiff  -->\n<html><body><table>\n<tr><td class=\"left\">   o  Deprecate Pragma (&lt;https://github.com/httpwg/http-core/</td><td class=\"right\">x</td></tr>\n</table></body></html>\n";
    d.write("diff_cache.html", page);
    let out = d.cmd(&["check", "diff_cache.html"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let found = forms_and_urls(&d, &["extract", "--format", "json", "diff_cache.html"]);
    assert_eq!(found.len(), 1, "{found:?}");
    // Without the generator's comment the same page is linted.
    d.write(
        "page.html",
        page.replace("Generated by rfcdiff", "Written by hand"),
    );
    let out = d.cmd(&["check", "page.html"]).output().unwrap();
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("unterminated-wrapper"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_page_a_javascript_framework_prerendered_is_data() {
    // pocketbase's `site/static/old/docs/*/index.html`: SvelteKit's
    // prerendered pages, whose footer link gets its domain from the app
    // on load.
    let d = Dir::new();
    let page = "<!DOCTYPE html>\n<html><head>\n<link href=\"../../_app/immutable/assets/2.0975cac3.css\" rel=\"stylesheet\">\n</head><body>\n<a href=\"mailto:support\" aria-label=\"Contact support\">mail</a>\n</body></html>\n";
    d.write("index.html", page);
    let out = d.cmd(&["check", "index.html"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let found = forms_and_urls(&d, &["extract", "--format", "json", "index.html"]);
    assert_eq!(found.len(), 1, "{found:?}");
    // The same page with hand-written assets is linted.
    d.write("page.html", page.replace("_app/immutable/", "css/"));
    let out = d.cmd(&["check", "page.html"]).output().unwrap();
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(stdout(&out).contains("invalid-mailto"), "{}", stdout(&out));
}

#[test]
fn the_commonmark_spec_examples_as_json_are_data() {
    // biome's `xtask/coverage/src/markdown/spec.json`: the spec's examples,
    // malformed on purpose.
    let d = Dir::new();
    let dump = "[\n  {\n    \"markdown\": \"<https://foo.bar.`baz>`\\n\",\n    \"html\": \"<p>&lt;https://foo.bar.<code>baz&gt;</code></p>\\n\",\n    \"example\": 346,\n    \"start_line\": 6230\n  }\n]\n";
    d.write("spec.json", dump);
    let out = d.cmd(&["check", "spec.json"]).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let found = forms_and_urls(&d, &["extract", "--format", "json", "spec.json"]);
    assert!(!found.is_empty(), "{found:?}");
    // The same example in a JSON of another shape is linted.
    d.write("notes.json", dump.replace("\"example\"", "\"number\""));
    let out = d.cmd(&["check", "notes.json"]).output().unwrap();
    assert_eq!(code(&out), 1, "{}", stdout(&out));
}
