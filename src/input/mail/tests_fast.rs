//! The fast path ([`super::fast`]) against the full MIME path: same parts,
//! same positions, same warnings, and the full path for whatever the fast
//! header reader does not understand.

use proptest::prelude::*;

use super::message::{self, Sinks};
use super::*;

/// One part as seen from outside: text, identity, exactness, and the file
/// position of every character boundary and of the end, asked forwards, then
/// backwards (out of order, as a reporter may).
type Seen = (String, Option<String>, u64, bool, Vec<Pos>);

fn seen(part: &TextPart) -> Seen {
    let at = |i: usize| {
        part.original_pos(Pos {
            line: 1,
            column: 1,
            offset: i as u64,
        })
    };
    let mut offsets: Vec<usize> = part.text.char_indices().map(|(i, _)| i).collect();
    offsets.push(part.text.len());
    let mut pos: Vec<Pos> = offsets.iter().map(|&i| at(i)).collect();
    pos.extend(offsets.iter().rev().map(|&i| at(i)));
    (
        part.text.clone(),
        part.message_id.clone(),
        part.message_index,
        part.exact,
        pos,
    )
}

type Outcome = (Vec<Seen>, Vec<MailWarning>, Option<String>);

const BASE: Pos = Pos {
    line: 7,
    column: 1,
    offset: 300,
};

/// Decodes `raw` as message 3 at [`BASE`], by the usual route or by the
/// full path only.
fn run(raw: &[u8], mbox: bool, full: bool, opts: &MailOptions) -> Outcome {
    let (mut parts, mut warnings) = (Vec::new(), Vec::new());
    let (mut on_part, mut on_warning) = (|p| parts.push(p), |w| warnings.push(w));
    let sinks = Sinks {
        on_part: &mut on_part,
        on_warning: &mut on_warning,
    };
    let id = if full {
        message::full(raw, BASE, 3, opts, mbox, sinks)
    } else {
        message::decode(raw, BASE, 3, opts, mbox, sinks)
    };
    (parts.iter().map(seen).collect(), warnings, id)
}

/// Asserts both routes agree on `raw`; returns whether the fast one ran.
fn same_both_ways(raw: &[u8]) -> bool {
    for mbox in [true, false] {
        for headers in [true, false] {
            let opts = MailOptions {
                headers,
                ..MailOptions::default()
            };
            let fast = run(raw, mbox, false, &opts);
            let full = run(raw, mbox, true, &opts);
            let shown = String::from_utf8_lossy(raw);
            assert_eq!(fast.0.len(), full.0.len(), "{shown:?}");
            for (a, b) in fast.0.iter().zip(&full.0) {
                assert_eq!(a.0, b.0, "{shown:?}");
                assert_eq!((&a.1, a.2, a.3), (&b.1, b.2, b.3), "{shown:?}");
                let bad = a.4.iter().zip(&b.4).position(|(p, q)| p != q);
                assert!(
                    bad.is_none(),
                    "{shown:?} {:?}: {bad:?} {:?} {:?}",
                    a.0,
                    a.4,
                    b.4
                );
            }
            assert_eq!(fast, full, "{shown:?}");
        }
    }
    fast::parse(raw).is_some()
}

#[test]
fn fixtures_decode_the_same_and_single_parts_go_fast() {
    let fast_ones = [
        "qp-softbreak.eml",
        "flowed-delsp.eml",
        "windows-1252.eml",
        "iso-2022-jp.eml",
        "shift-jis.eml",
        "euc-jp.eml",
        "quoted-reply.eml",
    ];
    for name in fast_ones {
        let raw = super::tests::fixture(name);
        assert!(same_both_ways(&raw), "{name} should take the fast path");
        let crlf = String::from_utf8_lossy(&raw).replace('\n', "\r\n");
        same_both_ways(crlf.as_bytes());
    }
    for name in ["alternative.eml", "forwarded.eml", "malformed.eml"] {
        let raw = super::tests::fixture(name);
        assert!(!same_both_ways(&raw), "{name} needs the MIME walk");
    }
}

#[test]
fn what_the_fast_reader_leaves_to_the_parser() {
    let full = [
        "Content-Type: multipart/mixed; boundary=b\n\n--b\n\nx\n--b--\n",
        "Content-Type: message/rfc822\n\nSubject: x\n\nhttp://x/\n",
        "Content-Type: application/octet-stream\n\nhttp://x/\n",
        "Content-Type: text/plain; charset*=utf-8''x\n\nx\n",
        "Content-Type: text/plain; charset*0=utf; charset*1=-8\n\nx\n",
        "Content-Type: text/plain (note)\n\nx\n",
        "Content-Type: text/plain; charset=\"=?utf-8?q?x?=\"\n\nx\n",
        "Content-Type: text/plain; charset = utf-8\n\nx\n",
        "Content-Type: text/plain; charset=\n utf-8\n\nx\n",
        "Content-Type: text/plain\nContent-Type: text/html\n\nx\n",
        "Content-Transfer-Encoding: base64\nContent-Transfer-Encoding: 7bit\n\nx\n",
        "Content-Transfer-Encoding: quoted-printable (why)\n\nx\n",
        "Message-ID: <a@b>\nMessage-ID: <c@d>\n\nx\n",
        "Message-ID: <a@b> <c@d>\n\nx\n",
        "Message-ID: a@b\n\nx\n",
        "Content-Description: =?utf-8?q?caf=C3=A9?=\n\nx\n",
        "Subject : x\n\nx\n",
        "Subject: x\nnot a field\n\nx\n",
        " Subject: x\n\nx\n",
        "\nhttp://no-header.example/\n",
        "Subject: x\n",
        "Subject: no empty line\nhttp://x/\n",
    ];
    for raw in full {
        assert!(!same_both_ways(raw.as_bytes()), "{raw:?}");
    }
    let fast = [
        "Subject: x\n\nhttp://x/\n",
        "Content-Type: TEXT/Plain; Charset=\"ISO-8859-1\"; format=Flowed; DelSp=Yes\n\nx\n",
        "Content-Type: text/plain;\n\tcharset=utf-8\nMessage-ID:\n <fold@x>\n\nx\n",
        "Content-Transfer-Encoding: Quoted-Printable\n\nhttp://x/?a=3Db=\nc\n",
        "Content-Type: text/html; charset=us-ascii\n\n<a href=\"http://h/\">h</a>\n",
        "List-Archive: <http://a.example/\n  x>\nArchived-At: <http://b/>\n\nbody\n",
        "Subject: =?utf-8?q?caf=C3=A9?=\n folded\n\n\n",
    ];
    for raw in fast {
        assert!(same_both_ways(raw.as_bytes()), "{raw:?}");
    }
}

/// Header fields that exercise the fast reader's edges, valid or not.
const FIELDS: &[&str] = &[
    "Message-ID: <a@b>\n",
    "Message-Id:  <x.y@z> \n",
    "Message-ID:\n <fold@x>\n",
    "Message-ID: <a@b> (c)\n",
    "Message-ID: <caf\u{e9}@x>\n",
    "Content-Type: text/plain\n",
    "Content-Type: text/plain; charset=utf-8\n",
    "content-type: TEXT/PLAIN; Charset=\"UTF-8\"; format=flowed; delsp=yes\n",
    "Content-Type: text/plain;\n\tcharset=iso-8859-1;\n",
    "Content-Type: text/html; charset=us-ascii\n",
    "Content-Type: text/plain; charset=x-nope\n",
    "Content-Type: text/plain; charset=shift_jis; format=flowed\n",
    "Content-Type: text/plain; charset=iso-2022-jp\n",
    "Content-Type: text/plain; charset=utf-16le\n",
    "Content-Type: text/enriched\n",
    "Content-Type: multipart/mixed; boundary=b\n",
    "Content-Type: text/plain; charset*=utf-8''x\n",
    "Content-Type: text/plain ; charset=utf-8 ; \n",
    "Content-Transfer-Encoding: 7bit\n",
    "Content-Transfer-Encoding: quoted-printable\n",
    "Content-Transfer-Encoding: Base64\n",
    "Content-Transfer-Encoding:\n QUOTED-PRINTABLE \n",
    "Content-Transfer-Encoding: x-uuencode\n",
    "List-Archive: <http://a.example/\n  x>\n",
    "list-unsubscribe:<http://u.example/>\n",
    "Archived-At: <http://arch.example/1>\n",
    "Subject: hi\n",
    "Subject: =?utf-8?q?caf=C3=A9?=\n  folded\n",
    "Content-Description: =?utf-8?q?x?=\n",
    "X-Weird : value\n",
    "bogus line\n",
    "From: A <a@b>\n \n",
];

/// Body pieces: URLs, encodings, mbox quoting, stray bytes.
const BODY: &[&[u8]] = &[
    b"see http://example.org/a?b=3Dc=\n",
    b"caf\xc3\xa9 ",
    b"\xe9\xff",
    b">From x\n",
    b">>From y\n",
    b"=E9=\r\n",
    b"aHR0cDovL3gueC8=\n",
    b"<a href=\"http://h.example/\">t</a>",
    b"> quoted http://q.example/ \n",
    b"\n",
    b"\r\n",
    b"soft \n",
    b"\x1b$B$3$s\x1b(B",
    b"http://x.example/\xe2\x82",
];

fn message() -> impl Strategy<Value = Vec<u8>> {
    let fields = proptest::collection::vec(proptest::sample::select(FIELDS), 0..6);
    let piece = prop_oneof![
        4 => proptest::sample::select(BODY).prop_map(<[u8]>::to_vec),
        1 => proptest::collection::vec(any::<u8>(), 0..6),
    ];
    let body = proptest::collection::vec(piece, 0..12);
    (fields, body, any::<bool>()).prop_map(|(fields, body, crlf)| {
        let mut head = fields.concat();
        head.push('\n');
        if crlf {
            head = head.replace('\n', "\r\n");
        }
        let mut raw = head.into_bytes();
        raw.extend(body.concat());
        raw
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn fast_and_full_paths_agree(raw in message()) {
        same_both_ways(&raw);
    }
}

#[test]
fn most_generated_messages_take_the_fast_path() {
    // Guards the property test above against comparing the full path with
    // itself: plain fields and bodies must go fast.
    let mut fast = 0;
    for (i, body) in BODY.iter().enumerate() {
        let mut raw = FIELDS[i % 3].as_bytes().to_vec();
        raw.extend_from_slice(FIELDS[5 + i % 5].as_bytes());
        raw.extend_from_slice(b"\n");
        raw.extend_from_slice(body);
        fast += usize::from(same_both_ways(&raw));
    }
    assert_eq!(fast, BODY.len());
}

/// A reader handing out at most `n` bytes per call.
struct Chunked<'a>(&'a [u8], usize);

impl std::io::Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = buf.len().min(self.1).min(self.0.len());
        buf[..k].copy_from_slice(&self.0[..k]);
        self.0 = &self.0[k..];
        Ok(k)
    }
}

#[test]
fn big_and_odd_sized_messages_split_and_map_exactly() {
    // Messages from a few bytes to several read buffers long, one past the
    // size cap, read in odd-sized pieces: each URL must map to its own bytes.
    let cap = 100_000;
    let (mut raw, mut oversized) = (Vec::new(), 0);
    for i in 0..40usize {
        let pad = "pad line ".repeat((i * 7919) % 16_000);
        let cte = if i % 3 == 0 {
            "quoted-printable"
        } else {
            "8bit"
        };
        let msg = format!(
            "Message-ID: <m{i}@x>\nContent-Transfer-Encoding: {cte}\n\n\
             {pad}\nhttp://example.org/{i}/ end\n\n"
        );
        oversized += usize::from(msg.len() > cap);
        raw.extend_from_slice(format!("From m{i}@x Mon Apr  1 10:00:00 2024\n{msg}").as_bytes());
    }
    assert!(oversized > 0 && oversized < 40);
    let opts = MailOptions {
        max_message_bytes: cap,
        ..MailOptions::default()
    };
    let want: Vec<Pos> = (0..40usize)
        .map(|i| super::tests::raw_pos(&raw, format!("http://example.org/{i}/").as_bytes()))
        .collect();
    for piece in [1 << 20, 65_536, 7919] {
        let mut parts = Vec::new();
        let mut warnings = Vec::new();
        let reader = Chunked(&raw, piece);
        for_each_part(
            reader,
            MailKind::Mbox,
            &opts,
            |p| parts.push(p),
            |w| {
                warnings.push(w);
            },
        )
        .unwrap();
        assert_eq!(warnings.len(), oversized, "{warnings:?}");
        for (i, want) in want.iter().enumerate() {
            let url = format!("http://example.org/{i}/");
            let part = super::tests::part_with(&parts, &url);
            assert_eq!(part.message_index, i as u64);
            assert_eq!(super::tests::mapped(part, &url), *want, "{i} by {piece}");
        }
    }
}
