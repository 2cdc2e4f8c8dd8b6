//! Property tests: any input decodes without panicking, and every position
//! handed back is a real position in the input, consistent with itself.

use proptest::prelude::*;

use super::*;

/// Pieces that exercise the decoders' edges; random bytes fill the gaps.
const FRAGMENTS: &[&[u8]] = &[
    b"From a@b Mon Jan  1 00:00:00 2024\n",
    b"\n",
    b"\r\n",
    b">From x\n",
    b"Message-ID: <x@y>\n",
    b"Content-Type: multipart/mixed; boundary=b\n",
    b"Content-Type: multipart/alternative; boundary=\"c\"\n",
    b"--b\n",
    b"--b--\n",
    b"--c\r\n",
    b"Content-Type: message/rfc822\n",
    b"Content-Type: text/html; charset=iso-2022-jp\n",
    b"Content-Type: text/plain; charset=shift_jis; format=flowed; delsp=yes\n",
    b"Content-Type: text/plain; charset=x-nope\n",
    b"Content-Transfer-Encoding: quoted-printable\n",
    b"Content-Transfer-Encoding: base64\n",
    b"List-Archive: <http://a.example/\n  x>\n",
    b"http://example.org/a?b=3Dc=\n",
    b"=E9=\r\n",
    b"=",
    b"aHR0cDovL3gueC8=\n",
    b"<a href=\"http://h.example/&amp;\">t</a>",
    b"\x1b$B$3$s\x1b(B",
    b"\x82\xa0\xc3\xa9\xff",
    b"caf\xc3\xa9 ",
    b"> quoted \n",
    b"Content-Type: text/html\n",
    b"Content-Type: text/plain; format=flowed\n",
    b"Content-Type: text/plain; charset=utf-16le\n",
    b"<p>&lt;URL:http://e.example/&gt;&#x41;&#99999999;&bogus;",
    b"\xe2\x82",
    b"Q29udGVudC1UeXBlOiB0ZXh0L3BsYWluCgpodHRwOi8veC8K\n",
];

fn input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        3 => proptest::sample::select(FRAGMENTS).prop_map(<[u8]>::to_vec),
        1 => proptest::collection::vec(any::<u8>(), 0..8),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn check(raw: &[u8], kind: MailKind, opts: &MailOptions) {
    let (parts, _) = super::tests::decode_with(raw, kind, opts);
    for part in &parts {
        for (i, _) in part.text.char_indices().step_by(3) {
            let got = part.original_pos(Pos {
                line: 1,
                column: 1,
                offset: i as u64,
            });
            let off = usize::try_from(got.offset).unwrap();
            assert!(off <= raw.len(), "{off} > {}", raw.len());
            // The position must agree with a count from the file start.
            let want = pos_at(raw, off);
            assert_eq!(got, want, "text offset {i} in {:?}", part.text);
        }
    }
}

/// The position of byte `off`, counted from the start of `raw`.
fn pos_at(raw: &[u8], off: usize) -> Pos {
    let line_start = raw[..off]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    Pos {
        line: 1 + memchr::memchr_iter(b'\n', &raw[..off]).count() as u64,
        column: 1 + crate::input::offsets::count_scalars(&raw[line_start..off]),
        offset: off as u64,
    }
}

/// A reader that hands out one byte per call, to shake out buffer-boundary
/// bugs in the streaming splitter.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

fn summary(parts: &[TextPart]) -> Vec<(String, u64, Option<String>, Vec<Pos>)> {
    parts
        .iter()
        .map(|p| {
            let pos = p
                .text
                .char_indices()
                .map(|(i, _)| {
                    p.original_pos(Pos {
                        line: 1,
                        column: 1,
                        offset: i as u64,
                    })
                })
                .collect();
            (p.text.clone(), p.message_index, p.message_id.clone(), pos)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_input_decodes_with_positions_in_bounds(raw in input()) {
        check(&raw, MailKind::Mbox, &MailOptions::default());
        check(&raw, MailKind::Message, &MailOptions::default());
    }

    #[test]
    fn trickled_input_decodes_the_same(raw in input(), cap in 16usize..400) {
        let opts = MailOptions { max_message_bytes: cap, ..MailOptions::default() };
        let (whole, _) = super::tests::decode_with(&raw, MailKind::Mbox, &opts);
        let mut trickled = Vec::new();
        for_each_part(Trickle(&raw), MailKind::Mbox, &opts, |p| trickled.push(p), |_| {}).unwrap();
        prop_assert_eq!(summary(&whole), summary(&trickled));
        check(&raw, MailKind::Mbox, &opts);
        check(&raw, MailKind::Message, &opts);
    }
}
