//! Bad inputs through the real binary, each with the behaviour a user
//! expects: nothing hangs or panics, every unreadable input is named on
//! stderr, every other input is still reported, and the exit code is 2 when
//! something could not be read. Big inputs are test-sized here; the
//! full-size runs (1 GB line, multi-GB file, 100 000 files) were measured
//! by hand and are stated in `fixtures/hostile/README.md`.

mod terminal;

use std::io::Write;
use std::time::Duration;

use crate::util::{code, fixtures, json_lines, stderr, stdout, Dir};

/// Long enough for a debug build on a busy machine; a hang fails the test.
const LIMIT: Duration = Duration::from_secs(60);

fn run(d: &Dir, args: &[&str]) -> std::process::Output {
    d.cmd(args).timeout(LIMIT).output().unwrap()
}

/// No run may panic, whatever it was given.
fn assert_no_panic(out: &std::process::Output) {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_ne!(code(out), 101, "{err}");
}

#[test]
fn invalid_utf8_is_scanned_as_bytes_with_positions_right() {
    let d = Dir::new();
    // Each invalid byte counts as one column (SPEC); a file must not start
    // with FF FE, which is a UTF-16 byte order mark. A byte that is no
    // letter in Latin-1 (0x85) ends a bare URL.
    let text = b"ab\xff\xfe http://a.example/x\x85( <URL:http://b\xffc.example/>\n\xe3\x81 http://c.example/\n";
    d.write("inv.txt", text);
    let at = |needle: &[u8]| {
        text.windows(needle.len())
            .position(|w| w == needle)
            .unwrap()
    };
    let out = run(&d, &["extract", "--with-location", "inv.txt"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "inv.txt:1:6:http://a.example/x\n\
         inv.txt:1:27:http://b\u{fffd}c.example/\n\
         inv.txt:2:4:http://c.example/\n"
    );
    let out = run(&d, &["extract", "--format", "json", "inv.txt"]);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["start"]["offset"], at(b"http://a."));
    assert_eq!(lines[0]["end"]["offset"], at(b"\x85("));
    assert_eq!(lines[1]["start"]["offset"], at(b"<URL:"));
    assert_eq!(lines[1]["end"]["offset"], at(b">\n") + 1);
    assert_eq!(lines[2]["start"]["offset"], at(b"http://c."));
}

#[test]
fn an_empty_wrapper_after_invalid_utf8_is_judged_without_a_panic() {
    // perldoc-jp's EUC-JP translation: the excerpt a rule reads is lossy
    // UTF-8, so an offset from the file's bytes can fall inside a
    // replacement character (a slice there once panicked).
    let d = Dir::new();
    d.write("delta.pod", b"URL \xa4\xcf C<https://> x\n");
    let out = run(&d, &["check", "delta.pod"]);
    assert_no_panic(&out);
    assert!(!stderr(&out).contains("internal error"), "{}", stderr(&out));
    assert_ne!(code(&out), 2, "{}", stderr(&out));
}

#[test]
fn utf16_with_either_bom_is_decoded() {
    let d = Dir::new();
    let text = "see http://utf16.example/x\n";
    let mut le = vec![0xff, 0xfe];
    let mut be = vec![0xfe, 0xff];
    for unit in text.encode_utf16() {
        le.extend_from_slice(&unit.to_le_bytes());
        be.extend_from_slice(&unit.to_be_bytes());
    }
    d.write("le.txt", le);
    d.write("be.txt", be);
    let out = run(&d, &["extract", "--sort", "path", "."]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "http://utf16.example/x\nhttp://utf16.example/x\n"
    );
}

#[test]
fn a_nul_file_is_skipped_as_binary_even_when_named_and_binary_scans_it() {
    let d = Dir::new();
    d.write("blob.bin", b"MZ\x00\x00 http://in.binary.example/ \x00");
    let out = run(&d, &["check", "blob.bin"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("0 files checked"),
        "{}",
        stdout(&out)
    );
    let out = run(&d, &["extract", "--binary", "blob.bin"]);
    assert_eq!(stdout(&out), "http://in.binary.example/\n");
}

#[test]
fn a_long_single_line_is_read_whole() {
    // 4 MB without a line break, URLs at the start, middle and end; the
    // 1 GB version was measured by hand (peak RSS in the fixtures README).
    let d = Dir::new();
    let filler = "x".repeat(2 << 20);
    let body = format!(
        "http://first.example/ {filler} http://middle.example/ {filler} http://last.example/"
    );
    d.write("line.txt", body);
    let out = run(&d, &["extract", "--with-location", "line.txt"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let mid = 22 + (2 << 20) + 1 + 1;
    let last = mid + 24 + (2 << 20);
    assert_eq!(
        stdout(&out),
        format!(
            "line.txt:1:1:http://first.example/\n\
             line.txt:1:{mid}:http://middle.example/\n\
             line.txt:1:{last}:http://last.example/\n"
        )
    );
}

#[test]
fn a_hundred_thousand_unclosed_openers_are_each_reported_once() {
    let d = Dir::new();
    d.write(
        "open.txt",
        format!("{} http://after.example/\n", "<URL:".repeat(100_000)),
    );
    let out = run(&d, &["extract", "open.txt"]);
    assert_eq!(code(&out), 0);
    // Unterminated wrappers are not printed; the bare URL after them is.
    assert_eq!(stdout(&out), "http://after.example/\n");
    let out = run(&d, &["check", "--format", "json", "open.txt"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 100_000);
    assert!(lines.iter().all(|l| l["rule"] == "unterminated-wrapper"));
}

#[test]
fn deeply_nested_brackets_neither_overflow_nor_hide_the_url() {
    let d = Dir::new();
    let deep = 200_000;
    let mut body = String::new();
    for (open, close) in [("(", ")"), ("[", "]"), ("{", "}"), ("<", ">")] {
        body.push_str(&open.repeat(deep));
        body.push_str("http://nested.example/a");
        body.push_str(&close.repeat(deep));
        body.push('\n');
    }
    d.write("nest.txt", body);
    let out = run(&d, &["extract", "nest.txt"]);
    assert_no_panic(&out);
    assert_eq!(code(&out), 0);
    let got = stdout(&out);
    assert_eq!(got.lines().count(), 4, "{got}");
    assert!(got.lines().all(|l| l == "http://nested.example/a"), "{got}");
    let out = run(&d, &["check", "--format", "json", "nest.txt"]);
    assert_no_panic(&out);
}

#[test]
fn the_kept_hostile_fixtures_scan_cleanly() {
    let out = crate::util::urlint()
        .args(["check", "--format", "json", "--sort", "path"])
        .arg(fixtures().join("hostile"))
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_no_panic(&out);
    json_lines(&out);
}

#[cfg(unix)]
#[test]
fn symlink_loops_end_walked_quietly_and_named_when_given() {
    use std::os::unix::fs::symlink;
    let d = Dir::new();
    d.write("tree/ok.txt", "http://ok.example/\n");
    symlink("..", d.path().join("tree/up")).unwrap();
    symlink("l2", d.path().join("l1")).unwrap();
    symlink("l1", d.path().join("l2")).unwrap();
    // Walking does not follow links (as ripgrep): the loop is never entered.
    let out = run(&d, &["extract", "tree"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://ok.example/\n");
    assert_eq!(stderr(&out), "");
    // A loop named on the command line cannot be read: say so.
    let out = run(&d, &["extract", "--sort", "path", "l1", "tree"]);
    assert_eq!(code(&out), 2);
    assert_eq!(stdout(&out), "http://ok.example/\n");
    assert!(stderr(&out).contains("l1"), "{}", stderr(&out));
}

#[test]
fn files_removed_while_walking_are_named_and_never_panic() {
    let d = Dir::new();
    let n = 3000;
    for i in 0..n {
        d.write(
            &format!("t/{:02}/f{i}.txt", i % 30),
            format!("http://e.example/{i}\n"),
        );
    }
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("urlint"))
        .current_dir(d.path())
        .args(["extract", "-j", "2", "t"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Remove every other file while the walk runs.
    for i in (0..n).step_by(2) {
        let _ = std::fs::remove_file(d.path().join(format!("t/{:02}/f{i}.txt", i % 30)));
    }
    let out = child.wait_with_output().unwrap();
    assert_no_panic(&out);
    let err = stderr(&out);
    // Each vanished file the walker had listed is named; none is skipped
    // silently: every URL of a file that was not named was printed.
    match code(&out) {
        0 => assert_eq!(err, ""),
        2 => assert!(err.lines().all(|l| l.starts_with("urlint: t/")), "{err}"),
        c => panic!("exit {c}: {err}"),
    }
    let printed = stdout(&out).lines().count();
    let named = err.lines().count();
    assert!(printed >= n / 2, "{printed} printed");
    assert!(printed + named <= n, "{printed} printed, {named} named");
}

#[test]
fn a_path_that_vanished_is_named_and_the_rest_reported() {
    let d = Dir::new();
    d.write("ok.txt", "http://ok.example/\n");
    let gone = d.write("gone.txt", "http://gone.example/\n");
    std::fs::remove_file(gone).unwrap();
    let out = run(&d, &["check", "--format", "json", "gone.txt", "ok.txt"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("gone.txt"), "{}", stderr(&out));
}

/// As root, file permissions do not apply; drop to `nobody` with `setpriv`
/// (util-linux) when it is there, so the test is real on CI machines too.
#[cfg(unix)]
#[test]
fn a_file_without_read_permission_is_named_and_the_rest_reported() {
    use std::os::unix::fs::PermissionsExt;
    let d = Dir::new();
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    d.write("ok.txt", "http://ok.example/\n");
    let locked = d.write("locked.txt", "http://locked.example/\n");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("urlint");
    let args = ["extract", "--sort", "path", "locked.txt", "ok.txt"];
    let mut cmd = if std::fs::read(&locked).is_ok() {
        // Root: the binary must be reachable by `nobody` as well.
        let copy = d.path().join("urlint-bin");
        std::fs::copy(&bin, &copy).unwrap();
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(copy);
        c
    } else {
        std::process::Command::new(bin)
    };
    let out = match cmd.current_dir(d.path()).args(args).output() {
        Ok(out) if !stderr(&out).starts_with("setpriv:") => out,
        _ => return, // no way to lose read permission here
    };
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://ok.example/\n");
    assert!(
        stderr(&out).contains("locked.txt: Permission denied"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_and_dev_zero_given_as_paths_are_skipped_with_a_warning() {
    let d = Dir::new();
    let made = std::process::Command::new("mkfifo")
        .arg(d.path().join("pipe"))
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo failed");
    d.write("ok.txt", "http://ok.example/\n");
    for sort in [&[][..], &["--sort", "path"][..]] {
        let mut args = vec!["extract"];
        args.extend_from_slice(sort);
        args.extend(["pipe", "/dev/zero", "ok.txt"]);
        let out = run(&d, &args);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert_eq!(stdout(&out), "http://ok.example/\n");
        let err = stderr(&out);
        assert!(err.contains("pipe: not a regular file, skipped"), "{err}");
        assert!(
            err.contains("/dev/zero: not a regular file, skipped"),
            "{err}"
        );
    }
    // A FIFO met while walking is skipped quietly, like ripgrep.
    let out = run(&d, &["extract", "."]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

#[test]
fn a_truncated_gz_is_named_and_the_rest_reported() {
    let d = Dir::new();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    for i in 0..20_000 {
        writeln!(enc, "line {i} http://gz.example/{i}").unwrap();
    }
    let mut gz = enc.finish().unwrap();
    gz.truncate(gz.len() / 2);
    d.write("cut.txt.gz", gz);
    d.write("ok.txt", "http://ok.example/\n");
    let out = run(&d, &["extract", "--sort", "path", "cut.txt.gz", "ok.txt"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("cut.txt.gz"), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("http://ok.example/\n"));
}

#[test]
fn an_empty_file_is_read_without_fuss() {
    let d = Dir::new();
    d.write("empty.txt", "");
    let out = run(&d, &["check", "empty.txt"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert!(
        stdout(&out).starts_with("1 file checked, 0 URLs"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_directory_of_ten_thousand_small_files_is_read_whole() {
    let d = Dir::new();
    let n = 10_000;
    for i in 0..n {
        d.write(
            &format!("many/{:03}/f{i}.txt", i % 100),
            format!("http://m.example/{i}\n"),
        );
    }
    let out = run(&d, &["extract", "--sort", "path", "many"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let mut got: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(got.len(), n);
    got.sort();
    got.dedup();
    assert_eq!(got.len(), n);
}

/// Markup parsers have quadratic traps (bracket and emphasis stacks,
/// unclosed attribute values): a flood of each unclosed shape, one line of
/// 1 MB, finishes (the 60 s limit would catch a quadratic read: linear
/// takes well under a second) and says so once a line, not once a shape.
#[test]
fn document_floods_finish_with_one_diagnostic_a_line() {
    let d = Dir::new();
    let shapes: [(&str, &str, &str, &str); 4] = [
        ("a.md", "", "[a](http://x/", ""),
        ("a.html", "", "<a href=\"http://x/", ""),
        ("a.json", "{\"a\": \"", "\\nhttp://x/", "\"}"),
        ("a.adoc", "", "http://x/[", ""),
    ];
    for (name, pre, unit, post) in shapes {
        let body = unit.repeat((1 << 20) / unit.len());
        d.write(name, format!("{pre}{body}{post}\n"));
        let out = run(&d, &["check", "--format", "json", "-q", name]);
        assert_no_panic(&out);
        let lines = json_lines(&out);
        assert!(lines.len() <= 1, "{name}: {} diagnostics", lines.len());
        let out = run(&d, &["extract", name]);
        assert_no_panic(&out);
        // What is found is short: nothing runs on to the 64 KiB cap.
        let longest = stdout(&out).lines().map(str::len).max().unwrap_or(0);
        assert!(longest < 100, "{name}: a URL of {longest} bytes");
    }
}

#[test]
fn a_panic_reading_one_file_is_reported_and_the_rest_still_read() {
    // A bug that panics on one file (forced here; debug builds only) must
    // not hang the workers waiting for its turn to print, nor lose the
    // other files.
    let d = Dir::new();
    for name in ["a.txt", "b.txt", "c.txt"] {
        d.write(name, "see htp://x.example/ here\n");
    }
    for threads in ["-j1", "-j2"] {
        let out = d
            .cmd(&["check", "--sort", "path", threads, "."])
            .env("URLINT_TEST_PANIC_ON", "b.txt")
            .timeout(LIMIT)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(code(&out), 2, "{threads}: {err}");
        assert!(err.contains("b.txt: internal error"), "{threads}: {err}");
        let text = stdout(&out);
        assert!(
            text.contains("a.txt") && text.contains("c.txt"),
            "{threads}: {text}"
        );
        assert!(!text.contains("b.txt:1"), "{threads}: {text}");
    }
}
