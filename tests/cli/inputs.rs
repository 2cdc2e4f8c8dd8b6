//! What gets read: walking, ignore files, globs, gzip, binary and bad inputs.

use std::fmt::Write as _;
use std::io::Write;

use crate::util::{code, stderr, stdout, Dir};

fn tree() -> Dir {
    let d = Dir::new();
    d.write("a.txt", "http://a.example/\n");
    d.write("docs/b.md", "[b](http://b.example/)\n");
    d.write("build/c.txt", "http://c.example/\n");
    d.write(".hidden/d.txt", "http://d.example/\n");
    d.write(".gitignore", "build/\n");
    d
}

fn urls(d: &Dir, args: &[&str]) -> Vec<String> {
    let mut all = vec!["extract", "--sort", "path"];
    all.extend_from_slice(args);
    // The tests' standard input is a pipe, which urlint reads when no path
    // is given; name the directory to walk.
    all.push(".");
    let out = d.cmd(&all).output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

#[test]
fn walks_the_current_directory_honouring_gitignore_and_hidden() {
    let d = tree();
    assert_eq!(urls(&d, &[]), ["http://a.example/", "http://b.example/"]);
}

#[test]
fn no_ignore_hidden_and_glob_change_the_walk() {
    let d = tree();
    assert_eq!(urls(&d, &["--no-ignore"]).len(), 3);
    assert_eq!(urls(&d, &["--hidden"]).len(), 3);
    assert_eq!(urls(&d, &["--glob", "*.md"]), ["http://b.example/"]);
    assert_eq!(urls(&d, &["--glob", "!*.md"]), ["http://a.example/"]);
}

#[test]
fn config_exclude_leaves_files_out() {
    let d = tree();
    d.write("urlint.toml", "exclude = [\"docs/**\"]\n");
    assert_eq!(urls(&d, &[]), ["http://a.example/"]);
}

#[test]
fn gzip_is_read_through() {
    let d = Dir::new();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(b"archived at <URL:http://z.example/arch.txt>\n")
        .unwrap();
    d.write("2024-May.txt.gz", enc.finish().unwrap());
    assert_eq!(urls(&d, &[]), ["http://z.example/arch.txt"]);
}

#[test]
fn binary_files_are_skipped_quietly_unless_asked() {
    let d = Dir::new();
    d.write("blob.txt", b"\x00\x01http://hidden.example/\n");
    d.write("text.txt", "http://shown.example/\n");
    let out = d.cmd(&["extract", "--sort", "path", "."]).output().unwrap();
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out), "http://shown.example/\n");
    assert_eq!(stderr(&out), "");
    let out = d
        .cmd(&["extract", "--sort", "path", "--binary", "."])
        .output()
        .unwrap();
    assert_eq!(
        stdout(&out),
        "http://hidden.example/\nhttp://shown.example/\n"
    );
}

#[test]
fn a_missing_file_is_named_the_rest_still_read_and_exit_is_2() {
    let d = Dir::new();
    d.write("ok.txt", "http://ok.example/\n");
    let out = d
        .cmd(&["extract", "missing.txt", "ok.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert_eq!(stdout(&out), "http://ok.example/\n");
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn a_fifo_named_on_the_command_line_is_skipped_not_waited_on() {
    let d = Dir::new();
    let fifo = d.path().join("pipe");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !status.is_ok_and(|s| s.success()) {
        return;
    }
    d.write("ok.txt", "http://ok.example/\n");
    let out = d
        .cmd(&["extract", "pipe", "ok.txt"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("pipe"));
    assert_eq!(stdout(&out), "http://ok.example/\n");
}

#[test]
fn utf16_with_bom_is_decoded() {
    let d = Dir::new();
    let mut bytes = vec![0xff, 0xfe];
    for unit in "see http://utf16.example/x\n".encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    d.write("u16.txt", bytes);
    assert_eq!(urls(&d, &[]), ["http://utf16.example/x"]);
}

#[test]
fn control_characters_from_input_are_escaped_on_output() {
    let d = Dir::new();
    d.write("evil.txt", "<URL:http://a.example/\x1b[2Jx>\n");
    let out = d.cmd(&["extract", "evil.txt"]).output().unwrap();
    let text = stdout(&out);
    assert!(
        !text.contains('\x1b'),
        "raw ESC reached the output: {text:?}"
    );
    assert!(text.contains("http://a.example/"), "{text:?}");
}

/// `-j` never changes what one file prints, line numbers and snippets
/// included. (Chunked scanning itself starts at 32 MiB, too large for a
/// test binary built without optimisation: the library's tests run it on
/// small chunks, `src/scan/tests` and `src/lint/tests.rs`.)
#[test]
fn a_large_file_on_several_threads_prints_what_one_thread_prints() {
    let d = Dir::new();
    let mut text = String::new();
    let mut n = 0;
    while text.len() < 5 << 20 {
        n += 1;
        write!(
            text,
            "Paragraph {n}: see http://example.com/doc/{n}.html and <URL:ftp://ftp.example.org/pub/\n    file-{n}.txt> or\nhttp://example.net/a/very/long/path/that/was/hard/wrapped/by/a/mail/client/{n}/\nnext/page.html here.\n\n"
        )
        .unwrap();
        if n % 97 == 0 {
            text.push_str(&"word ".repeat(3000));
            text.push('\n');
        }
    }
    d.write("big.txt", &text);
    for args in [&["extract"][..], &["check", "--format", "json"][..]] {
        let run = |j: &str| {
            let out = d
                .cmd(args)
                .args([j, "--no-progress", "big.txt"])
                .output()
                .unwrap();
            stdout(&out)
        };
        let one = run("-j1");
        // Three URLs a paragraph (the hard-wrapped one rejoined); `check`
        // prints its diagnostics and a summary.
        let least = if args[0] == "extract" { 3 * n } else { 2 };
        assert!(one.lines().count() >= least, "{args:?}: {one}");
        assert_eq!(run("-j3"), one, "{args:?}");
    }
}
