//! Suppression comments, `[per-file-ignores]`, `exclude-urls` and the
//! `[severity]` decision (issue 13).

use crate::util::{check_lines, code, json_lines, json_paths, stderr, stdout, Dir};

/// `check --format json` over `args`, returning each diagnostic's rule and line.
fn diags(d: &Dir, args: &[&str]) -> Vec<(String, u64)> {
    check_lines(d, args, "rule")
}

fn port(line: u64) -> (String, u64) {
    ("nondefault-port".to_string(), line)
}

#[test]
fn ignore_without_the_space_is_accepted() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "<URL:http://h.acme.org:25/> urlint:ignore\n<URL:http://h.acme.org:25/>\n",
    );
    assert_eq!(diags(&d, &["a.txt"]), [port(2)]);
}

#[test]
fn ignore_next_line_silences_only_the_next_line() {
    let d = Dir::new();
    d.write(
        "a.md",
        "<!-- urlint: ignore-next-line[nondefault-port] -->\n\
         <http://h.acme.org:25/>\n\
         <http://h.acme.org:25/>\n\
         <!-- urlint: ignore-next-line[invalid-host] -->\n\
         <http://h.acme.org:25/>\n",
    );
    assert_eq!(diags(&d, &["a.md"]), [port(3), port(5)]);
}

#[test]
fn ignore_file_anywhere_silences_the_whole_file() {
    let d = Dir::new();
    // Past the scanner's 1 MiB reads, so the comment is read only after
    // the diagnostic was found.
    let mut text = "<URL:http://h.acme.org:25/>\n".to_string();
    text.push_str(&"filler without links\n".repeat(80_000));
    text.push_str("# urlint: ignore-file[security]\n");
    d.write("late.txt", &text);
    d.write("other.txt", "<URL:http://h.acme.org:25/>\n");
    d.write(
        "partial.txt",
        "urlint: ignore-file[syntax]\n<URL:http://h.acme.org:25/>\n",
    );
    assert_eq!(
        diags(&d, &["late.txt", "other.txt", "partial.txt"]),
        [port(1), port(2)]
    );
}

#[test]
fn an_unknown_rule_in_a_comment_is_warned_about_with_the_nearest_name() {
    let d = Dir::new();
    d.write(
        "a.txt",
        "<URL:http://h.acme.org:25/> urlint: ignore[nondefualt-port]\n",
    );
    let out = d.cmd(&["check", "a.txt"]).output().unwrap();
    assert_eq!(code(&out), 1, "the typo silences nothing");
    let err = stderr(&out);
    assert!(
        err.contains("a.txt:1: unknown rule or group `nondefualt-port`")
            && err.contains("did you mean `nondefault-port`?"),
        "{err}"
    );
    let quiet = d.cmd(&["check", "-q", "a.txt"]).output().unwrap();
    assert_eq!(stderr(&quiet), "", "-q silences warnings");
}

#[test]
fn per_file_ignores_turn_rules_off_by_glob_relative_to_the_config() {
    let d = Dir::new();
    d.write(
        "urlint.toml",
        "[per-file-ignores]\n\"docs/**\" = [\"security\"]\n\"CHANGELOG.md\" = [\"nondefault-port\"]\n",
    );
    d.write("docs/a.txt", "<URL:http://h.acme.org:25/>\n");
    d.write("sub/CHANGELOG.md", "<http://h.acme.org:25/>\n");
    d.write("b.txt", "<URL:http://h.acme.org:25/>\n");
    let out = d
        .cmd(&["check", "-q", "--format", "json", "--sort", "path", "."])
        .output()
        .unwrap();
    let paths = json_paths(&out);
    assert_eq!(paths, ["b.txt"], "{}", stderr(&out));
}

#[test]
fn exclude_urls_are_neither_linted_nor_extracted_unless_asked() {
    let d = Dir::new();
    d.write(
        "urlint.toml",
        "exclude-urls = [\"^https?://localhost(:\\\\d+)?/\"]\n",
    );
    d.write(
        "a.txt",
        "<URL:http://localhost:25/x> <URL:http://h.acme.org:25/>\n<URL:http://internal.example/y>\n",
    );
    assert_eq!(diags(&d, &["a.txt"]), [port(1)]);
    let extract = |args: &[&str]| {
        let mut all = vec!["extract"];
        all.extend_from_slice(args);
        all.push("a.txt");
        stdout(&d.cmd(&all).output().unwrap())
    };
    assert_eq!(
        extract(&[]),
        "http://h.acme.org:25/\nhttp://internal.example/y\n"
    );
    assert_eq!(
        extract(&["--exclude-url", "internal\\.example"]),
        "http://h.acme.org:25/\n"
    );
    assert_eq!(
        extract(&["--no-exclude-urls"]),
        "http://localhost:25/x\nhttp://h.acme.org:25/\nhttp://internal.example/y\n"
    );
}

#[test]
fn an_invalid_exclude_url_is_a_configuration_error_naming_file_key_and_cause() {
    let d = Dir::new();
    d.write("urlint.toml", "exclude-urls = [\"(unclosed\"]\n");
    d.write("a.txt", "http://a.example/\n");
    let out = d.cmd(&["check", "a.txt"]).output().unwrap();
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(
        err.contains("urlint.toml")
            && err.contains("exclude-urls")
            && err.contains("(unclosed")
            && err.contains("unclosed group"),
        "{err}"
    );
    let out = Dir::new()
        .cmd(&["extract", "--exclude-url", "[z-a]", "."])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--exclude-url"), "{}", stderr(&out));
}

#[test]
fn a_severity_does_not_turn_an_off_by_default_rule_on() {
    let d = Dir::new();
    d.write("a.txt", "see http://a.example/x here\n");
    d.write("urlint.toml", "[severity]\nbare-url = \"error\"\n");
    assert_eq!(diags(&d, &["a.txt"]), []);
    d.write(
        "urlint.toml",
        "extend-select = [\"bare-url\"]\n[severity]\nbare-url = \"error\"\n",
    );
    let out = d
        .cmd(&["check", "-q", "--format", "json", "a.txt"])
        .output()
        .unwrap();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", stdout(&out));
    assert_eq!(lines[0]["severity"], "error");
}
