//! `--files-from`: the paths to read, listed in a file or on standard input,
//! as a scheduler (xargs, Spark's `RDD.pipe`, Hadoop Streaming) hands them over.

use crate::util::{code, json_lines, stderr, stdout, Dir};

fn tree() -> Dir {
    let d = Dir::new();
    d.write("a.txt", "http://a.example/\n");
    d.write("b.txt", "http://b.example/\n");
    d.write("docs/c.md", "[c](http://c.example/)\n");
    d.write("docs/deep/d.txt", "http://d.example/\n");
    d.write("docs/skip.log", "http://ignored.example/\n");
    d.write("docs/.gitignore", "*.log\n");
    d.write("unlisted.txt", "http://unlisted.example/\n");
    d
}

fn sorted_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

#[test]
fn paths_are_read_from_a_file_and_only_those() {
    let d = tree();
    d.write("list.txt", "a.txt\n\nb.txt\r\n");
    for cmd in ["extract", "check"] {
        let out = d
            .cmd(&[cmd, "--format", "json", "--files-from", "list.txt"])
            .output()
            .unwrap();
        assert!(code(&out) < 2, "{cmd}: {}", stderr(&out));
        let mut paths: Vec<String> = json_lines(&out)
            .iter()
            .map(|v| v["path"].as_str().unwrap().to_string())
            .collect();
        paths.dedup();
        paths.sort();
        if cmd == "extract" {
            assert_eq!(paths, ["a.txt", "b.txt"], "{cmd}");
        } else {
            // `check` reports only URLs with diagnostics; these have none
            // under the default rules, so nothing may come from elsewhere.
            assert!(
                paths.iter().all(|p| p == "a.txt" || p == "b.txt"),
                "{paths:?}"
            );
        }
    }
}

#[test]
fn paths_are_read_from_standard_input() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--sort", "path", "--files-from", "-"])
        .write_stdin("b.txt\na.txt\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // As with PATH arguments, `--sort path` sorts within each listed path
    // and keeps the list's order.
    assert_eq!(stdout(&out), "http://b.example/\nhttp://a.example/\n");
}

#[test]
fn check_reads_its_paths_from_standard_input_too() {
    let d = Dir::new();
    d.write("bad.txt", "see <URL:http://x.example/%zz>\n");
    d.write("other.txt", "see <URL:http://y.example/%zz>\n");
    let out = d
        .cmd(&["check", "--format", "json", "--files-from", "-"])
        .write_stdin("bad.txt\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let diags = json_lines(&out);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["path"], "bad.txt");
    assert_eq!(diags[0]["rule"], "invalid-percent-escape");
}

#[test]
fn null_separated_lists_allow_any_file_name() {
    let d = tree();
    d.write("odd\nname.txt", "http://odd.example/\n");
    let out = d
        .cmd(&["extract", "--sort", "path", "--files-from", "-", "--null"])
        .write_stdin("odd\nname.txt\0a.txt\0")
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        sorted_lines(&stdout(&out)),
        ["http://a.example/", "http://odd.example/"]
    );
}

#[test]
fn null_without_files_from_is_refused() {
    let d = tree();
    let out = d.cmd(&["extract", "--null", "a.txt"]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--files-from"), "{}", stderr(&out));
}

#[test]
fn a_missing_listed_path_is_named_and_the_others_are_still_read() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--files-from", "-"])
        .write_stdin("a.txt\nno/such/file.txt\nb.txt\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("no/such/file.txt"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        sorted_lines(&stdout(&out)),
        ["http://a.example/", "http://b.example/"]
    );
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_listed_is_named_and_the_others_are_still_read() {
    let d = tree();
    std::os::unix::fs::symlink(d.path().join("gone.txt"), d.path().join("dangling.txt")).unwrap();
    let out = d
        .cmd(&["extract", "--sort", "path", "--files-from", "-"])
        .write_stdin("dangling.txt\na.txt\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("dangling.txt"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://a.example/\n");
}

#[test]
fn a_listed_directory_is_walked_with_the_usual_rules() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--sort", "path", "--files-from", "-"])
        .write_stdin("docs\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // docs/.gitignore leaves skip.log out, as when `docs` is a PATH.
    assert_eq!(stdout(&out), "http://c.example/\nhttp://d.example/\n");
}

#[test]
fn path_arguments_are_read_as_well_as_the_listed_ones() {
    let d = tree();
    d.write("list.txt", "b.txt\n");
    let out = d
        .cmd(&[
            "extract",
            "--sort",
            "path",
            "--files-from",
            "list.txt",
            "a.txt",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://a.example/\nhttp://b.example/\n");
}

#[test]
fn an_empty_list_reads_nothing_not_the_current_directory() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--files-from", "-"])
        .write_stdin("\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn an_unreadable_list_is_an_error_naming_it() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--files-from", "no-such-list.txt", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--files-from no-such-list.txt"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), "", "nothing is read when the list is not");
}

#[test]
fn standard_input_cannot_be_both_the_list_and_an_input() {
    let d = tree();
    let out = d
        .cmd(&["extract", "--files-from", "-", "-"])
        .write_stdin("a.txt\n")
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("standard input"), "{}", stderr(&out));
}
