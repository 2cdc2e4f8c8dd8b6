//! Mail input through the binary: decoding, positions, message ids, flags.

use std::io::Write;

use crate::util::{code, fixtures, json_lines, stderr, stdout, urlint, Dir};

fn extract(args: &[&str], file: &std::path::Path) -> std::process::Output {
    urlint()
        .arg("extract")
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

#[test]
fn quoted_printable_is_decoded_and_positions_point_into_the_raw_file() {
    let out = extract(
        &["--format", "json"],
        &fixtures().join("mail/qp-softbreak.eml"),
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    let first = &lines[0];
    assert_eq!(
        first["url"],
        "https://ci.example.org/job/urlint/build/1234/console?start=0&lines=500&format=text"
    );
    // Where `https://` starts in the raw file: line 16, column 15.
    assert_eq!(first["start"]["line"], 16);
    assert_eq!(first["start"]["column"], 15);
    assert_eq!(first["message_id"], "20240312091500.GA1234@example.org");
    assert_eq!(first["message_index"], 0);
    for l in &lines {
        let url = l["url"].as_str().unwrap();
        assert!(!url.contains("=3D") && !url.contains("=\n"), "{url}");
    }
    assert!(lines
        .iter()
        .any(|l| l["url"] == "http://caf\u{e9}.example/menu"));
}

#[test]
fn no_mail_scans_the_raw_text() {
    let out = extract(&[], &fixtures().join("mail/qp-softbreak.eml"));
    let decoded = stdout(&out);
    let out = extract(&["--no-mail"], &fixtures().join("mail/qp-softbreak.eml"));
    let raw = stdout(&out);
    assert_ne!(decoded, raw);
    assert!(raw.contains("=3D") || raw.contains("sta="), "{raw}");
}

#[test]
fn list_headers_are_scanned_unless_no_headers() {
    let file = fixtures().join("mail/alternative.eml");
    let with = stdout(&extract(&[], &file));
    assert!(
        with.contains("https://lists.example.com/archives/announce/\n"),
        "{with}"
    );
    assert!(with.contains("https://lists.example.com/options/announce/unsubscribe\n"));
    let without = stdout(&extract(&["--no-headers"], &file));
    assert!(!without.contains("lists.example.com"), "{without}");
    assert!(without.contains("https://example.com/releases/v2.0"));
}

#[test]
fn gzipped_mbox_gives_the_same_urls_as_the_plain_one() {
    let plain = std::fs::read(fixtures().join("mail/archive.mbox")).unwrap();
    let d = Dir::new();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&plain).unwrap();
    let gz = d.write("2024-March.txt.gz", enc.finish().unwrap());
    let a = extract(&["--format", "json"], &fixtures().join("mail/archive.mbox"));
    let b = extract(&["--format", "json"], &gz);
    let strip = |out: &std::process::Output| -> Vec<(String, u64, u64)> {
        json_lines(out)
            .iter()
            .map(|l| {
                (
                    l["url"].as_str().unwrap().to_string(),
                    l["start"]["line"].as_u64().unwrap(),
                    l["message_index"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert!(!strip(&a).is_empty());
    assert_eq!(strip(&a), strip(&b));
    let indexes: Vec<u64> = strip(&a).iter().map(|t| t.2).collect();
    assert!(indexes.windows(2).all(|w| w[0] <= w[1]) && indexes.last() > indexes.first());
}

#[test]
fn malformed_mail_warns_and_goes_on() {
    let out = extract(&[], &fixtures().join("mail/malformed.eml"));
    assert_eq!(code(&out), 0);
    assert!(stderr(&out).contains("warning"), "{}", stderr(&out));
    assert!(stderr(&out).contains("malformed.eml"));
    assert!(stdout(&out).contains("http://truncated.example.com/tail"));
}

#[test]
fn check_reports_defects_in_mail_at_raw_positions() {
    let d = Dir::new();
    let msg = "From: a@example.org\nMessage-ID: <m1@example.org>\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nSee http://host.example:25/x?a=3D1 please\n";
    d.write("m.eml", msg);
    let out = d
        .cmd(&[
            "check",
            "--format",
            "json",
            "-q",
            "--standard",
            "rfc1738",
            "m.eml",
        ])
        .output()
        .unwrap();
    let lines = json_lines(&out);
    let port = lines
        .iter()
        .find(|l| l["rule"] == "nondefault-port")
        .unwrap_or_else(|| panic!("{}", stdout(&out)));
    assert_eq!(port["start"]["line"], 6);
    assert_eq!(port["start"]["column"], 25);
    assert_eq!(port["message_id"], "m1@example.org");
    assert_eq!(port["url"], "http://host.example:25/x?a=1");
}

#[test]
fn maildir_messages_are_read_as_mail() {
    let out = urlint()
        .args(["extract", "--sort", "path"])
        .arg(fixtures().join("mail/maildir"))
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stdout(&out).is_empty());
    assert!(!stdout(&out).contains("=3D"));
}

#[test]
fn human_output_names_the_message_only_when_that_helps() {
    let d = Dir::new();
    let body = "Content-Type: text/plain\n\nSee <URL:http://host.example:25/x>\n";
    d.write(
        "with-id.eml",
        format!("From: a@example.org\nMessage-ID: <m9@example.org>\n{body}"),
    );
    d.write("no-id.eml", format!("From: a@example.org\n{body}"));
    let human = |file: &str| {
        let out = d
            .cmd(&["check", "--color", "never", "--standard", "rfc1738", file])
            .output()
            .unwrap();
        stdout(&out)
    };
    assert!(
        human("with-id.eml").contains("= in message <m9@example.org>"),
        "{}",
        human("with-id.eml")
    );
    let plain = human("no-id.eml");
    assert!(
        plain.contains("nondefault-port") && !plain.contains("in message"),
        "{plain}"
    );
}
