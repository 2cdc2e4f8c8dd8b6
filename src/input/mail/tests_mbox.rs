//! mbox, gzip, maildir and streaming tests.

use std::cell::Cell;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::rc::Rc;

use super::tests::{decode, decode_with, fixture, mapped, no_encoding_debris, part_with, raw_pos};
use super::*;

/// Whitespace-separated tokens that contain `://`, trimmed of punctuation:
/// a stand-in for the scanner, enough to compare URL sets.
fn urls(parts: &[TextPart]) -> Vec<String> {
    let mut out: Vec<String> = parts
        .iter()
        .flat_map(|p| p.text.split_whitespace())
        .filter_map(|w| w.find("http").map(|i| &w[i..]))
        .filter(|w| w.contains("://"))
        .map(|w| w.trim_end_matches(['.', ',', '>']).to_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn mbox_messages_ids_indexes_and_absolute_lines() {
    let raw = fixture("archive.mbox");
    let (parts, warnings) = decode(&raw, MailKind::Mbox);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&parts);
    let ids: Vec<_> = parts
        .iter()
        .map(|p| (p.message_index, p.message_id.as_deref()))
        .collect();
    assert_eq!(
        ids,
        [
            (0, Some("m1@example.org")),
            (1, Some("m2@example.org")),
            (2, Some("m3@example.org"))
        ]
    );

    let first = part_with(&parts, "http://example.org/first");
    // `>From ` is unquoted, and what follows maps exactly.
    assert!(first
        .text
        .contains("\nFrom the archives: http://example.org/quoted-from\n"));
    assert_eq!(
        mapped(first, "http://example.org/quoted"),
        raw_pos(&raw, b"http://example.org/quoted")
    );
    assert_eq!(
        mapped(first, "From the"),
        raw_pos(&raw, b"From the archives")
    );

    let second = part_with(
        &parts,
        "Grüße, the page is http://example.org/second?a=1&b=2 and",
    );
    let long = "http://example.org/a/very/long/path/that/was/wrapped/by/the/mailer/index.html";
    assert!(second.text.contains(long));
    assert_eq!(
        mapped(second, long),
        raw_pos(&raw, b"http://example.org/a/very")
    );
    assert_eq!(mapped(second, "er/index"), raw_pos(&raw, b"er/index"));
    // An unquoted `From ` not after a blank line stays in the body.
    assert!(second.text.contains("From the list admin"));

    let third = part_with(&parts, "Third: http://example.org/third");
    let pos = mapped(third, "http://");
    assert_eq!(pos, raw_pos(&raw, b"VGhpcmQ6"));
    assert_eq!(pos.line, 31, "line numbers are absolute in the mbox");
}

#[test]
fn mbox_gives_the_urls_of_its_messages_decoded_alone() {
    let raw = fixture("archive.mbox");
    let (from_mbox, _) = decode(&raw, MailKind::Mbox);
    let text = String::from_utf8(raw).unwrap();
    let mut alone = Vec::new();
    for chunk in text
        .split("\n\nFrom ")
        .map(|c| c.trim_start_matches("From "))
    {
        // Drop the separator line; what is left is one message.
        let message = chunk.split_once('\n').unwrap().1;
        alone.extend(decode(message.as_bytes(), MailKind::Message).0);
    }
    assert_eq!(urls(&from_mbox), urls(&alone));
    assert_eq!(urls(&from_mbox).len(), 5);
}

#[test]
fn crlf_mbox_maps_like_lf() {
    let lf = fixture("archive.mbox");
    let crlf: Vec<u8> = String::from_utf8(lf.clone())
        .unwrap()
        .replace('\n', "\r\n")
        .into_bytes();
    let (a, _) = decode(&lf, MailKind::Mbox);
    let (b, warnings) = decode(&crlf, MailKind::Mbox);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&b);
    assert_eq!(urls(&a), urls(&b));
    let second = part_with(
        &b,
        "http://example.org/a/very/long/path/that/was/wrapped/by/the/mailer/",
    );
    let got = mapped(second, "er/index");
    let want = raw_pos(&crlf, b"er/index");
    assert_eq!(got, want);
    assert_eq!(got.line, raw_pos(&lf, b"er/index").line);
}

#[test]
fn gzipped_mbox_decodes_the_same() {
    let raw = fixture("archive.mbox");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&raw).unwrap();
    let gz = gz.finish().unwrap();
    let mut head = Vec::new();
    flate2::read::GzDecoder::new(gz.as_slice())
        .take(512)
        .read_to_end(&mut head)
        .unwrap();
    assert_eq!(sniff(&head), Some(MailKind::Mbox));
    let mut parts = Vec::new();
    let reader = flate2::read::GzDecoder::new(gz.as_slice());
    for_each_part(
        reader,
        MailKind::Mbox,
        &MailOptions::default(),
        |p| parts.push(p),
        |_| {},
    )
    .unwrap();
    let (plain, _) = decode(&raw, MailKind::Mbox);
    assert_eq!(parts.len(), plain.len());
    for (g, p) in parts.iter().zip(&plain) {
        assert_eq!(g.text, p.text);
        assert_eq!(mapped(g, "http"), mapped(p, "http"));
    }
}

#[test]
fn maildir_messages_decode() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mail/maildir");
    assert!(is_maildir(&dir));
    let files = maildir_messages(&dir).unwrap();
    assert_eq!(files.len(), 2, "tmp/ and dot files are skipped: {files:?}");
    let mut all = Vec::new();
    for f in &files {
        let raw = std::fs::read(f).unwrap();
        assert_eq!(sniff(&raw), Some(MailKind::Message), "{f:?}");
        all.extend(decode(&raw, MailKind::Message).0);
    }
    part_with(
        &all,
        "https://ci.example.org/job/urlint/build/1234/console?start=0&lines=500",
    );
    part_with(&all, "thread-about-url-wrapping-in-plain-text-mail.html");
}

/// Generates an mbox of `n` messages on the fly and counts what was read.
struct Generated {
    n: usize,
    next: usize,
    pending: Vec<u8>,
    produced: Rc<Cell<u64>>,
}

fn generated_message(i: usize) -> String {
    format!(
        "From gen{i}@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <g{i}@example.org>\n\
         Content-Transfer-Encoding: quoted-printable\n\nsee http://example.org/{i}?k=3D=\nv {}\n\n",
        "padding ".repeat(64)
    )
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() && self.next < self.n {
            self.pending = generated_message(self.next).into_bytes();
            self.next += 1;
        }
        let k = buf.len().min(self.pending.len());
        buf[..k].copy_from_slice(&self.pending[..k]);
        self.pending.drain(..k);
        self.produced.set(self.produced.get() + k as u64);
        Ok(k)
    }
}

#[test]
fn big_mbox_streams_one_message_at_a_time() {
    let n = 5000;
    let size = generated_message(0).len() as u64 + 8;
    let produced = Rc::new(Cell::new(0));
    let reader = Generated {
        n,
        next: 0,
        pending: Vec::new(),
        produced: Rc::clone(&produced),
    };
    let mut seen = 0usize;
    for_each_part(
        reader,
        MailKind::Mbox,
        &MailOptions::default(),
        |p| {
            let i = p.message_index;
            assert_eq!(p.message_id, Some(format!("g{i}@example.org")));
            assert!(p.text.contains(&format!("http://example.org/{i}?k=v ")));
            // Read ahead: at most the next message plus one buffer.
            let limit = (i + 2) * size + 64 * 1024;
            assert!(
                produced.get() <= limit,
                "message {i}: read {}",
                produced.get()
            );
            seen += 1;
        },
        |w| panic!("{w:?}"),
    )
    .unwrap();
    assert_eq!(seen, n);
}

#[test]
fn oversized_message_warns_and_scans_the_rest_undecoded() {
    let mut raw =
        b"From a@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <big@example.org>\n\n".to_vec();
    for i in 0..400 {
        raw.extend_from_slice(format!("line {i} http://example.org/{i}\n").as_bytes());
    }
    raw.extend_from_slice(b"\nFrom b@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <next@example.org>\n\nhttp://example.org/next\n");
    let opts = MailOptions {
        max_message_bytes: 1000,
        ..MailOptions::default()
    };
    let (parts, warnings) = decode_with(&raw, MailKind::Mbox, &opts);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("larger than 1000 bytes"));
    assert_eq!(warnings[0].message_id.as_deref(), Some("big@example.org"));
    for i in [0, 5, 399] {
        let needle = format!("http://example.org/{i}\n");
        let part = part_with(&parts, &needle);
        assert_eq!(part.message_index, 0);
        assert_eq!(
            mapped(part, &needle),
            raw_pos(&raw, needle.as_bytes()),
            "{i}"
        );
    }
    let next = part_with(&parts, "http://example.org/next");
    assert_eq!(
        (next.message_index, next.message_id.as_deref()),
        (1, Some("next@example.org"))
    );
}

#[test]
fn deeply_nested_messages_do_not_overflow() {
    let mut raw = b"Message-ID: <nest@example.org>\n".to_vec();
    for _ in 0..20_000 {
        raw.extend_from_slice(b"Content-Type: message/rfc822\n\n");
    }
    raw.extend_from_slice(b"Subject: x\n\nhttp://deep.example.org/\n");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(
        warnings.iter().any(|w| w.message.contains("nested")),
        "{warnings:?}"
    );
    let part = part_with(&parts, "http://deep.example.org/");
    assert_eq!(mapped(part, "http://deep"), raw_pos(&raw, b"http://deep"));
}

#[test]
fn a_big_flat_digest_is_decoded_normally() {
    let mut raw = b"Message-ID: <digest@example.org>\nSubject: dev Digest, Vol 1, Issue 2\n\
        Content-Type: multipart/digest; boundary=d\n\n"
        .to_vec();
    for i in 0..300 {
        raw.extend_from_slice(
            format!(
                "--d\n\nSubject: RFC 822 again\n\nSee http://example.org/{i}/ about RFC 822.\n\n"
            )
            .as_bytes(),
        );
    }
    raw.extend_from_slice(b"--d--\n");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    for i in [0, 150, 299] {
        let url = format!("http://example.org/{i}/");
        assert_eq!(
            mapped(part_with(&parts, &url), &url),
            raw_pos(&raw, url.as_bytes())
        );
    }
}

#[test]
fn parts_can_move_to_another_thread_and_warnings_display() {
    fn send<T: Send>(_: &T) {}
    let (parts, warnings) = decode(&fixture("malformed.eml"), MailKind::Message);
    send(&parts[0]);
    let shown = warnings[0].to_string();
    assert!(
        shown.starts_with("message 1 <broken-1@example.com>: "),
        "{shown}"
    );
}

#[test]
fn crlf_message_headers_html_and_flowed() {
    for name in ["alternative.eml", "flowed-delsp.eml", "qp-softbreak.eml"] {
        let lf = String::from_utf8(fixture(name)).unwrap();
        let crlf = lf.replace('\n', "\r\n").into_bytes();
        let (a, _) = decode(lf.as_bytes(), MailKind::Message);
        let (b, warnings) = decode(&crlf, MailKind::Message);
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert_eq!(a.len(), b.len(), "{name}");
        for (pa, pb) in a.iter().zip(&b) {
            // Same text but for the kept `\r`s; same lines; exact offsets.
            assert_eq!(
                pa.text.replace('\r', ""),
                pb.text.replace('\r', ""),
                "{name}"
            );
            for (i, _) in pb.text.match_indices("http") {
                let at = |p: &TextPart, i: usize| {
                    p.original_pos(Pos {
                        line: 1,
                        column: 1,
                        offset: i as u64,
                    })
                };
                let got = at(pb, i);
                let url = &pb.text[i..i + 7];
                if pb.exact {
                    let raw = &crlf[usize::try_from(got.offset).unwrap()..];
                    assert!(raw.starts_with(url.as_bytes()), "{name}: {url}");
                }
                let j = pa
                    .text
                    .match_indices("http")
                    .nth(pb.text[..i].matches("http").count());
                assert_eq!(got.line, at(pa, j.unwrap().0).line, "{name}: {url}");
            }
        }
    }
}

#[test]
fn a_separator_right_at_the_cap_is_still_found() {
    let first =
        "From a@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <a@x>\n\nhttp://a.example/\n\n";
    let second =
        "From b@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <b@x>\n\nhttp://b.example/\n";
    let body_len = first.len() - first.find('\n').unwrap() - 1;
    for cap in body_len..body_len + 6 {
        let raw = format!("{first}{second}");
        let opts = MailOptions {
            max_message_bytes: cap,
            ..MailOptions::default()
        };
        let (parts, _) = decode_with(raw.as_bytes(), MailKind::Mbox, &opts);
        let b = part_with(&parts, "http://b.example/");
        assert_eq!(b.message_index, 1, "cap {cap}");
        assert_eq!(b.message_id.as_deref(), Some("b@x"), "cap {cap}");
    }
}

#[test]
fn prose_from_after_a_blank_line_does_not_split() {
    let raw = b"From a@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <one@x>\n\n\
        Hi.\n\nFrom what I hear, http://example.org/hear is right.\n";
    let (parts, _) = decode(raw, MailKind::Mbox);
    let part = part_with(&parts, "http://example.org/hear");
    assert_eq!(part.message_id.as_deref(), Some("one@x"));
    assert_eq!(parts.len(), 1);
}

/// Every part's text, place in the file and origin, and every warning, as
/// the reading hands them out.
#[derive(Debug, PartialEq)]
enum Seen {
    Part {
        text: String,
        html: bool,
        id: Option<String>,
        index: u64,
        exact: bool,
        /// Where the text's first, middle and last bytes map to.
        at: [Pos; 3],
    },
    Warning(MailWarning),
}

fn seen_part(p: &TextPart) -> Seen {
    let ends =
        [0, p.text.len() / 2, p.text.len()].map(|k| p.original_pos(Pos::new(1, 1, k as u64)));
    Seen::Part {
        text: p.text.clone(),
        html: p.html,
        id: p.message_id.clone(),
        index: p.message_index,
        exact: p.exact,
        at: ends,
    }
}

#[test]
fn an_mbox_on_threads_gives_the_parts_and_warnings_of_one_thread_in_order() {
    // Several batches' worth of quoted-printable, base64, multipart and
    // HTML messages, with an oversized one and a bad charset among them.
    let mut raw = String::new();
    for i in 0..5000 {
        raw.push_str(&generated_message(i));
        match i % 400 {
            7 => raw.push_str(
                "From b@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <b64@example.org>\n\
                 Content-Transfer-Encoding: base64\n\naHR0cDovL2V4YW1wbGUub3JnL2I2NA==\n\n",
            ),
            8 => raw.push_str(
                "From m@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <mp@example.org>\n\
                 Content-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain; charset=x-unknown\n\n\
                 http://example.org/plain\n--b\nContent-Type: text/html\n\n<a href=\"http://example.org/html\">x</a>\n--b--\n\n",
            ),
            9 => {
                raw.push_str("From o@example.org Mon Apr  1 10:00:00 2024\nMessage-ID: <over@example.org>\n\n");
                for k in 0..100 {
                    writeln!(raw, "line {k} http://example.org/over/{k}").unwrap();
                }
                raw.push('\n');
            }
            _ => {}
        }
    }
    let opts = MailOptions {
        max_message_bytes: 2000,
        ..MailOptions::default()
    };
    let want = std::cell::RefCell::new(Vec::new());
    for_each_part(
        raw.as_bytes(),
        MailKind::Mbox,
        &opts,
        |p| want.borrow_mut().push(seen_part(&p)),
        |w| want.borrow_mut().push(Seen::Warning(w)),
    )
    .unwrap();
    let want = want.into_inner();
    let warnings = want
        .iter()
        .filter(|s| matches!(s, Seen::Warning(_)))
        .count();
    assert!(
        want.len() > 5000 && warnings >= 26,
        "{} seen, {warnings} warnings",
        want.len()
    );
    for threads in [1, 2, 3] {
        let got = std::cell::RefCell::new(Vec::new());
        for_each_part_parallel(
            raw.as_bytes(),
            &opts,
            threads,
            || 0usize,
            |count, p| {
                *count += 1;
                seen_part(&p)
            },
            |s| got.borrow_mut().push(s),
            |w| got.borrow_mut().push(Seen::Warning(w)),
        )
        .unwrap();
        assert!(got.into_inner() == want, "{threads} threads differ");
    }
}

/// The splitter's one search for `From ` tells the decoder which messages
/// hold an mboxrd-quoted line: wherever that line falls against the 64 KiB
/// reads, on one thread or several, it is unquoted, and only at a line
/// start.
#[test]
fn quoted_from_lines_are_unquoted_across_reads() {
    let from = "From a@example.org Mon Jan  1 00:00:00 2024\n";
    let head = "Message-ID: <q@example.org>\n\n";
    for pad in (65_490..65_560).step_by(7) {
        let mut raw = format!("{from}{head}first\n\n{from}{head}");
        raw.push_str(&"x".repeat(pad - raw.len()));
        raw.push_str("\n>From the archive http://example.org/q\n>>From deeper\nno >From here\n");
        write!(raw, "\n{from}{head}plain >From x\n").unwrap();
        let check = |texts: &[String], how: &str| {
            assert_eq!(texts.len(), 3, "{pad} {how}");
            assert!(
                texts[1].contains("\nFrom the archive http://example.org/q\n>From deeper\n"),
                "{pad} {how}: {:?}",
                &texts[1][texts[1].len() - 90..]
            );
            assert!(texts[1].ends_with("no >From here\n\n"), "{pad} {how}");
            assert_eq!(texts[2], "plain >From x\n", "{pad} {how}");
        };
        let (parts, _) = decode(raw.as_bytes(), MailKind::Mbox);
        let texts: Vec<String> = parts.into_iter().map(|p| p.text).collect();
        check(&texts, "one thread");
        for threads in [2, 3] {
            let mut texts = Vec::new();
            for_each_part_parallel(
                raw.as_bytes(),
                &MailOptions::default(),
                threads,
                || (),
                |(), p| p.text,
                |t| texts.push(t),
                |_| {},
            )
            .unwrap();
            check(&texts, &format!("{threads} threads"));
        }
    }
}
