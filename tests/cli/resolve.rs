//! `urlint resolve`.

use crate::util::{code, stdout, urlint};

fn run(args: &[&str]) -> (i32, String) {
    let out = urlint().arg("resolve").args(args).output().unwrap();
    (code(&out), stdout(&out))
}

#[test]
fn rfc_1630_examples_one_result_a_line_in_order() {
    let (status, text) = run(&[
        "--base",
        "magic://a/b/c//d/e/f",
        "g",
        "/g",
        "//g",
        "../g",
        "g:h",
    ]);
    assert_eq!(status, 0);
    assert_eq!(
        text,
        "magic://a/b/c//d/e/g\nmagic://a/g\nmagic://g\nmagic://a/b/c//d/g\ng:h\n"
    );
}

#[test]
fn rfc3986_flag_changes_the_result_where_the_rfcs_differ() {
    let base = ["--base", "magic://a/b/c"];
    let (_, old) = run(&[base[0], base[1], "../../g"]);
    let (_, new) = run(&[base[0], base[1], "--rfc3986", "../../g"]);
    assert_eq!(old, "magic://g\n");
    assert_eq!(new, "magic://a/g\n");
}

#[test]
fn a_relative_base_is_an_error() {
    let (status, text) = run(&["--base", "a/b", "g"]);
    assert_eq!(status, 2);
    assert_eq!(text, "");
}
