//! `urlint extract`.

use std::fmt::Write as _;

use crate::util::{code, fixtures, json_lines, stderr, stdout, urlint, Dir};

#[test]
fn extracts_every_form_from_the_readme_example() {
    let out = urlint()
        .args(["extract", "--sort", "path"])
        .arg(fixtures().join("examples/announcement.txt"))
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let want = std::fs::read_to_string(fixtures().join("examples/announcement.urls")).unwrap();
    assert_eq!(stdout(&out), want);
}

#[test]
fn json_fields_come_in_spec_order_with_positions() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "line one\nsee <URL:ftp://a.example/x\n   /y.txt> now\n",
    );
    let out = d
        .cmd(&["extract", "--format", "json", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0);
    let text = stdout(&out);
    assert_eq!(
        text.trim_end(),
        r#"{"path":"a.txt","url":"ftp://a.example/x/y.txt","raw":"<URL:ftp://a.example/x\n   /y.txt>","form":"url-wrapper","start":{"line":2,"column":5,"offset":13},"end":{"line":3,"column":11,"offset":46},"alternatives":[]}"#
    );
}

#[test]
fn stdin_is_read_with_dash_and_named_dash() {
    let out = urlint()
        .args(["extract", "--format", "json", "-"])
        .write_stdin("go to http://example.org/x. Thanks\n")
        .output()
        .unwrap();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["path"], "-");
    assert_eq!(lines[0]["url"], "http://example.org/x");
    assert_eq!(lines[0]["form"], "bare");
}

#[test]
fn unique_prints_each_url_once() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "http://a.example/ and http://a.example/ and http://b.example/\n",
    );
    let out = d.cmd(&["extract", "--unique", "a.txt"]).output().unwrap();
    assert_eq!(stdout(&out), "http://a.example/\nhttp://b.example/\n");
}

#[test]
fn with_location_prefixes_path_line_column() {
    let d = Dir::new();
    d.write("a.txt", "x\n  \u{e9}t\u{e9} http://a.example/\n");
    let out = d
        .cmd(&["extract", "--with-location", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "a.txt:2:7:http://a.example/\n");
}

#[test]
fn sort_path_orders_files_and_never_interleaves() {
    let d = Dir::new();
    for i in 0..40 {
        let mut body = String::new();
        for j in 0..200 {
            writeln!(body, "see http://host{i}.example/page{j} here").unwrap();
        }
        d.write(&format!("d{}/f{i:02}.txt", i % 3), body);
    }
    let sorted = d
        .cmd(&[
            "extract",
            "--sort",
            "path",
            "-j",
            "2",
            "--with-location",
            ".",
        ])
        .output()
        .unwrap();
    let paths: Vec<String> = stdout(&sorted)
        .lines()
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(paths.len(), 40 * 200);
    let mut want = paths.clone();
    want.sort();
    assert_eq!(paths, want, "--sort path must print in path order");

    // Unsorted: each file's lines must still be contiguous.
    let out = d
        .cmd(&["extract", "-j", "2", "--with-location", "."])
        .output()
        .unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut last = String::new();
    for line in stdout(&out).lines() {
        let path = line.split(':').next().unwrap().to_string();
        if path != last {
            assert!(seen.insert(path.clone()), "output of {path} is interleaved");
            last = path;
        }
    }
    assert_eq!(seen.len(), 40);
}

#[test]
fn unwrapped_wrapper_and_fragments_are_not_urls_of_their_own() {
    let d = Dir::new();
    d.write(
        "rfc.txt",
        "   [12] Kunze, J., \"Functional Requirements for Internet Resource\n        Locators\", <URL:ftp://ds.internic.net/internet-drafts/draft-ietf-\n        uri-irl-fun-req-02.txt>\n",
    );
    let out = d.cmd(&["extract", "rfc.txt"]).output().unwrap();
    assert_eq!(
        stdout(&out),
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt\n"
    );
}
