//! Terminal safety: escape sequences, C1 controls and bidi overrides in and
//! around URLs and in file names never reach stdout or stderr raw, in any
//! format, and JSON stays valid JSON.

use crate::util::{code, json_lines, stderr, stdout, Dir};

/// Sequences a hostile file may hold, each once inside a URL, right after
/// one, and around one.
const NASTY: &[&str] = &[
    "\x1b[31m",                           // ANSI CSI colour
    "\x1b[2J",                            // CSI clear screen
    "\x1b]8;;http://evil.example/\x1b\\", // OSC 8 hyperlink
    "\x1b]52;c;Y3VybCBldmls\x07",         // OSC 52 clipboard write
    "\x07",                               // BEL
    "\x08\x08",                           // backspaces
    "\r",                                 // carriage return
    "\u{9b}31m",                          // C1 CSI
    "\u{85}",                             // C1 NEL
    "\u{202e}",                           // right-to-left override
    "\u{202a}\u{202b}\u{202c}\u{202d}",
    "\u{2066}\u{2067}\u{2068}\u{2069}", // isolates
];

fn hostile_text() -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    for (i, seq) in NASTY.iter().enumerate() {
        // Writing to a String cannot fail.
        let _ = writeln!(s, "a{seq}http://in{i}.example/x{seq}y");
        let _ = writeln!(s, "{seq}http://after{i}.example/{seq}");
        let _ = writeln!(s, "<URL:http://wrapped{i}.example/{seq}z>");
        let _ = writeln!(s, "<http://angle{i}.example/p{seq}q> {seq}");
    }
    s
}

/// A name holding ESC, BEL, a C1 control and a bidi override.
const EVIL_NAME: &str = "evil\x1b[31m\x07\u{9b}\u{202e}txt.gz.txt";

/// The bytes that must never be written raw: C0 controls but LF, DEL, C1
/// controls (UTF-8 `C2 80`–`C2 9F`), bidi embeddings, overrides and
/// isolates (`E2 80 AA`–`AE`, `E2 81 A6`–`A9`).
fn raw_control(bytes: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(bytes);
    text.char_indices()
        .find(|&(_, c)| {
            matches!(c, '\0'..='\x09' | '\x0b'..='\x1f' | '\x7f'..='\u{9f}'
                | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .map(|(i, _)| i)
}

fn assert_safe(what: &str, out: &std::process::Output) {
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        if let Some(i) = raw_control(bytes) {
            let text = String::from_utf8_lossy(bytes);
            let near: String = text[i..].chars().take(80).collect();
            panic!("{what}: raw control on {stream} at {i}: {near:?}");
        }
    }
}

fn dir() -> Dir {
    let d = Dir::new();
    d.write(EVIL_NAME, hostile_text());
    d
}

#[test]
fn extract_plain_and_json_escape_everything() {
    let d = dir();
    for args in [
        &["extract", "."][..],
        &["extract", "--with-location", "."],
        &["extract", "--with-location", EVIL_NAME],
        &["extract", "--unique", "--sort", "path", "."],
    ] {
        let out = d.cmd(args).output().unwrap();
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert_safe(&format!("{args:?}"), &out);
        let text = stdout(&out);
        assert!(text.contains("http://in4.example/x"), "{text}");
        assert!(text.contains("\\x1b"), "ESC not shown escaped: {text}");
        assert!(text.contains("\\u{202e}"), "RLO not shown escaped: {text}");
    }
    let out = d
        .cmd(&["extract", "--format", "json", EVIL_NAME])
        .output()
        .unwrap();
    assert_safe("extract json", &out);
    let lines = json_lines(&out);
    assert!(lines.len() >= NASTY.len() * 3, "{} lines", lines.len());
    // JSON escapes are transparent: parsed back, the path is the real name.
    assert!(lines.iter().all(|l| l["path"] == EVIL_NAME));
    assert!(lines
        .iter()
        .any(|l| l["raw"].as_str().is_some_and(|r| r.contains('\u{202e}'))));
}

#[test]
fn check_human_and_json_escape_everything() {
    let d = dir();
    for args in [
        &["check", "--color", "never", "."][..],
        &["check", "--color", "never", "--select", "all", "."],
    ] {
        let out = d.cmd(args).output().unwrap();
        assert!(code(&out) <= 1, "{}", stderr(&out));
        assert_safe(&format!("{args:?}"), &out);
        assert!(
            stdout(&out).contains("evil\\x1b[31m\\x07\\u{9b}\\u{202e}txt"),
            "{}",
            stdout(&out)
        );
    }
    let out = d
        .cmd(&["check", "--format", "json", "--select", "all", EVIL_NAME])
        .output()
        .unwrap();
    assert_safe("check json", &out);
    let lines = json_lines(&out);
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| l["path"] == EVIL_NAME));
}

#[test]
fn errors_naming_a_hostile_path_are_escaped() {
    let d = Dir::new();
    let missing = "gone\x1b]52;c;eA==\x07\u{202e}.txt";
    let out = d.cmd(&["extract", missing]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert_safe("missing file", &out);
    assert!(
        stderr(&out).contains("gone\\x1b]52;c;eA==\\x07\\u{202e}.txt"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_same_text_on_stdin_is_escaped_too() {
    let out = crate::util::urlint()
        .args(["check", "--format", "json", "-"])
        .write_stdin(hostile_text())
        .output()
        .unwrap();
    assert_safe("stdin json", &out);
    json_lines(&out);
}

/// A `urlint.toml` in a walked repository is input too: its parse error
/// quotes the bad line, which must not drive the terminal.
#[test]
fn a_hostile_config_file_error_is_escaped() {
    let d = Dir::new();
    d.write("urlint.toml", "exclude = [\x1b]52;c;eA==\x07 \u{202e}\n");
    let out = d.cmd(&["check"]).output().unwrap();
    assert_eq!(code(&out), 2);
    assert_safe("config error", &out);
    assert!(
        stderr(&out).contains("\\x1b]52;c;eA==\\x07"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_hostile_fixtures_print_escaped() {
    let dir = crate::util::fixtures().join("hostile");
    let out = crate::util::urlint()
        .current_dir(&dir)
        .args(["extract", "--with-location", "--sort", "path"])
        .args(["ansi-in-urls.txt", "bidi.txt", "invalid-utf8.txt"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_safe("fixtures", &out);
    let text = stdout(&out);
    for want in [
        "ansi-in-urls.txt:1:16:http://a.example/\\x1b[31mred\\x1b[0m\n",
        "ansi-in-urls.txt:4:19:http://c.example/\\x1b]52;c;Y3VybCBldmls\\x07\n",
        "ansi-in-urls.txt:7:9:http://e.example/\\u{9b}31m\n",
        "bidi.txt:2:19:http://a.example/\\u{202e}gnp.exe\n",
        "bidi.txt:3:11:http://b.example/\\u{2066}x\\u{2069}/\n",
        "invalid-utf8.txt:3:24:http://c.example/\n",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
}

/// Mail decoding can make control characters out of plain ASCII (`=1B`
/// in quoted-printable, base64); they and a hostile Message-ID are escaped
/// like any other input.
#[test]
fn decoded_mail_is_escaped_too() {
    let d = Dir::new();
    d.write(
        "box.mbox",
        "From a@example.org Mon Jan  1 00:00:00 2024\n\
         Message-ID: <\x1b]52;c;eA==\x07\u{202e}@example.org>\n\
         Content-Transfer-Encoding: quoted-printable\n\n\
         See <URL:http://qp.example/=1B[2J=07=C2=9B=E2=80=AEx> and http://b.example/%zz\n",
    );
    for args in [
        &["check", "--color", "never", "--select", "all", "box.mbox"][..],
        &["check", "--format", "json", "--select", "all", "box.mbox"],
        &["extract", "--format", "json", "box.mbox"],
        &["extract", "--with-location", "box.mbox"],
    ] {
        let out = d.cmd(args).output().unwrap();
        assert!(code(&out) <= 1, "{args:?}: {}", stderr(&out));
        assert_safe(&format!("{args:?}"), &out);
        let text = stdout(&out);
        assert!(text.contains("qp.example"), "{args:?}: {text}");
        if args.contains(&"json") {
            json_lines(&out);
        }
    }
}

#[test]
fn sarif_and_github_formats_escape_everything() {
    let d = dir();
    let out = d
        .cmd(&["check", "--format", "sarif", "--select", "all", EVIL_NAME])
        .output()
        .unwrap();
    assert_safe("check sarif", &out);
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    let out = d
        .cmd(&["check", "--format", "github", "--select", "all", EVIL_NAME])
        .output()
        .unwrap();
    assert_safe("check github", &out);
    // One workflow command a line: nothing from the input starts another.
    assert!(
        stdout(&out).lines().all(|l| l.starts_with("::")),
        "{}",
        stdout(&out)
    );
}
