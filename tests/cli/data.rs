//! Data is not prose: test-data folders and source code outside comments
//! are extracted but not linted, unless `--lint-data` (issue 11).

use crate::util::{check_lines, code, stderr, stdout, Dir};

/// `check --format json` over `args`: each diagnostic's path and line.
fn diags(d: &Dir, args: &[&str]) -> Vec<(String, u64)> {
    check_lines(d, args, "path")
}

fn extracted(d: &Dir, args: &[&str]) -> Vec<String> {
    let mut all = vec!["extract", "--sort", "path"];
    all.extend_from_slice(args);
    let out = d.cmd(&all).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

const BAD: &str = "See http://a..acme.org/ today.\n";

fn tree() -> Dir {
    let d = Dir::new();
    d.write("docs/guide.md", BAD);
    d.write("tests/data/case1.txt", BAD);
    d.write("src/t/case2.txt", BAD);
    d.write("testdata/case3.txt", BAD);
    d
}

#[test]
fn test_data_folders_below_a_walked_path_are_not_linted() {
    let d = tree();
    assert_eq!(diags(&d, &["."]), [("docs/guide.md".to_string(), 1)]);
    // Still found.
    assert_eq!(extracted(&d, &["."]).len(), 4);
}

#[test]
fn lint_data_lints_them_and_so_does_naming_them() {
    let d = tree();
    assert_eq!(diags(&d, &["--lint-data", "."]).len(), 4);
    // The folder named on the command line is what was asked for.
    assert_eq!(
        diags(&d, &["tests"]),
        [("tests/data/case1.txt".to_string(), 1)]
    );
    assert_eq!(diags(&d, &["src/t/case2.txt"]).len(), 1);
    d.write("urlint.toml", "lint-data = true\n");
    assert_eq!(diags(&d, &["."]).len(), 4);
}

#[test]
fn force_exclude_judges_named_relative_paths_as_a_walk_would() {
    // pre-commit names every staged file and passes --force-exclude.
    let d = tree();
    let staged = [
        "--force-exclude",
        "docs/guide.md",
        "tests/data/case1.txt",
        "./src/t/case2.txt",
    ];
    assert_eq!(diags(&d, &staged), [("docs/guide.md".to_string(), 1)]);
    let mut all = vec!["--lint-data"];
    all.extend_from_slice(&staged);
    assert_eq!(diags(&d, &all).len(), 3);
}

#[test]
fn in_source_code_only_comments_are_linted() {
    let d = Dir::new();
    d.write(
        "parse.rs",
        "// Spec: http://a..acme.org/spec\n\
         #[test]\nfn bad() { assert!(parse(\"http://b..acme.org/\").is_err()); }\n",
    );
    d.write(
        "tool.py",
        "\"\"\"See http://c..acme.org/.\"\"\"\nBAD = 'http://d..acme.org/'  # http://e..acme.org/\n",
    );
    assert_eq!(
        diags(&d, &["."]),
        [
            ("parse.rs".to_string(), 1),
            ("tool.py".to_string(), 1),
            ("tool.py".to_string(), 2)
        ]
    );
    assert_eq!(extracted(&d, &["."]).len(), 5);
    assert_eq!(diags(&d, &["--lint-data", "."]).len(), 5);
    // `--syntax text` reads the code as prose.
    assert_eq!(diags(&d, &["--syntax", "text", "parse.rs"]).len(), 2);
}

#[test]
fn gettext_strings_are_joined() {
    let d = Dir::new();
    d.write(
        "de.po",
        "msgid \"\"\n\"See https://www.sphinx-\"\n\"doc.org/x.html\"\nmsgstr \"\"\n",
    );
    assert_eq!(
        extracted(&d, &["de.po"]),
        ["https://www.sphinx-doc.org/x.html"]
    );
    assert!(diags(&d, &["de.po"]).is_empty());
}
