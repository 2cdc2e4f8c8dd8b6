//! Invariants of the mail decoder, for the `mail` fuzz target and the
//! replay test.

use std::io::Read;

use urlint::input::mail::{for_each_part, MailKind, MailOptions};
use urlint::scan::{ScanOptions, Scanner};
use urlint::Pos;

use super::{check_candidates, validate_checked, LineIndex};

/// Decode `data` (after its first byte, which picks mbox or message, header
/// scanning, a small message cap and a trickling reader) and check every
/// part and warning.
pub fn mail_checked(data: &[u8]) {
    let Some((&knob, raw)) = data.split_first() else {
        return;
    };
    let kind = if knob & 1 == 1 {
        MailKind::Mbox
    } else {
        MailKind::Message
    };
    let opts = MailOptions {
        headers: knob & 2 == 0,
        // A small cap makes the "rest scanned undecoded" path reachable.
        max_message_bytes: if knob & 4 == 4 { 512 } else { 64 << 20 },
    };
    let whole = decode(raw, kind, &opts, raw.len().max(1));
    let trickled = decode(raw, kind, &opts, usize::from(knob >> 3) + 1);
    assert!(whole == trickled, "decoding depends on read sizes");
    let lines = LineIndex::new(raw);
    let mut scanner = Scanner::new(ScanOptions::default());
    let mut last_index = 0;
    for (text, index, positions) in &whole.parts {
        assert!(*index >= last_index, "message indexes go backwards");
        last_index = *index;
        for &(at, got) in positions {
            let off = usize::try_from(got.offset).unwrap_or(usize::MAX);
            assert!(
                off <= raw.len(),
                "text offset {at} maps to {off} past the input"
            );
            assert_eq!(
                got,
                lines.pos(off),
                "text offset {at} maps to a wrong position"
            );
        }
        let found = scanner.scan_slice(text.as_bytes());
        check_candidates(text.as_bytes(), &found);
        validate_checked(text.as_bytes(), &found);
    }
    for pos in &whole.warnings {
        let off = usize::try_from(pos.offset).unwrap_or(usize::MAX);
        assert!(off <= raw.len(), "warning at {off} past the input");
        assert_eq!(*pos, lines.pos(off), "warning position");
    }
}

/// What one decoding produced, comparable across read sizes.
#[derive(PartialEq)]
struct Decoded {
    parts: Vec<Part>,
    warnings: Vec<Pos>,
}

/// Text, message index, and (text offset, file position) of each char.
type Part = (String, u64, Vec<(usize, Pos)>);

fn decode(raw: &[u8], kind: MailKind, opts: &MailOptions, chunk: usize) -> Decoded {
    let mut out = Decoded {
        parts: Vec::new(),
        warnings: Vec::new(),
    };
    let result = for_each_part(
        Chunks { rest: raw, chunk },
        kind,
        opts,
        |part| {
            let positions = part
                .text
                .char_indices()
                .map(|(i, _)| i)
                .chain([part.text.len()])
                .map(|i| {
                    let p = part.original_pos(Pos::new(1, 1, i as u64));
                    (i, p)
                })
                .collect();
            out.parts.push((part.text, part.message_index, positions));
        },
        |w| out.warnings.push(w.pos),
    );
    assert!(result.is_ok(), "reading a slice failed: {result:?}");
    out
}

/// A reader handing out at most `chunk` bytes per call.
struct Chunks<'a> {
    rest: &'a [u8],
    chunk: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}
