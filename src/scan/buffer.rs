//! The rolling buffer behind [`Scanner::scan_reader`](super::Scanner::scan_reader).
//!
//! Like ripgrep's line buffer, but it never grows with the input: the
//! scanner asks for a bounded look-ahead past the trigger it is at, the
//! buffer drops everything before a bounded look-back and reads just enough
//! to cover it. Its size stays under twice look-back + look-ahead + one
//! read, on a multi-GB file and on a single 1 GB line alike.

use std::io::{self, Read};

/// Bytes of the input from absolute offset `base` on.
///
/// `store` only grows and is zeroed once: the valid bytes are
/// `store[..len]`, and the rest is room to read into. Zeroing a fresh
/// chunk before every read cost more than the reads themselves on a tree of
/// small files.
#[derive(Debug)]
pub(crate) struct Rolling {
    store: Vec<u8>,
    len: usize,
    /// Absolute offset of the first valid byte.
    pub base: u64,
    /// Whether the reader is exhausted (the bytes then end where the input does).
    pub eof: bool,
    /// Bytes asked of the reader per `read` call.
    chunk: usize,
}

impl Rolling {
    /// An empty buffer reusing `store`'s allocation.
    pub(crate) fn new(store: Vec<u8>, chunk: usize) -> Rolling {
        Rolling {
            store,
            len: 0,
            base: 0,
            eof: false,
            chunk: chunk.max(1),
        }
    }

    /// A buffer already holding `store[..len]`, the input from absolute
    /// offset `base` on (`eof`: up to its end).
    pub(crate) fn holding(
        store: Vec<u8>,
        len: usize,
        base: u64,
        eof: bool,
        chunk: usize,
    ) -> Rolling {
        Rolling {
            store,
            len,
            base,
            eof,
            chunk: chunk.max(1),
        }
    }

    /// The bytes held, from absolute offset `base` on.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.store[..self.len]
    }

    /// Drop the bytes before absolute offset `keep`, then read until the
    /// buffer reaches absolute offset `need` or the input ends.
    pub(crate) fn refill<R: Read>(
        &mut self,
        reader: &mut R,
        keep: u64,
        need: u64,
    ) -> io::Result<()> {
        // Drop only once the dead prefix is at least half the buffer, so
        // the bytes moved never outnumber the bytes dropped; the buffer stays
        // under twice its working size.
        let drop = (keep.saturating_sub(self.base) as usize).min(self.len);
        if drop > 0 && drop * 2 >= self.len {
            self.store.copy_within(drop..self.len, 0);
            self.len -= drop;
            self.base += drop as u64;
        }
        while !self.eof && self.base + (self.len as u64) < need {
            let want = self.len + self.chunk;
            if self.store.len() < want {
                self.store.resize(want, 0);
            }
            let n = loop {
                match reader.read(&mut self.store[self.len..want]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            self.len += n;
            self.eof = n == 0;
        }
        Ok(())
    }

    /// The allocation, for reuse by the next scan.
    pub(crate) fn into_inner(self) -> Vec<u8> {
        self.store
    }
}

/// Read `reader` to its end, but no more than `max` bytes, into `store`
/// from its start; returns how many bytes were read (`store[..n]`).
///
/// `store` is a [`Rolling`] buffer's: its length is memory already zeroed,
/// which is read into as it is, and it grows (zeroed once) only past what
/// earlier inputs needed. A whole document read this way, file after file,
/// touches no fresh pages and copies nothing on growing, where
/// `read_to_end` into a new `Vec` did both for every file.
pub(crate) fn read_whole<R: Read>(
    store: &mut Vec<u8>,
    reader: &mut R,
    max: usize,
) -> io::Result<usize> {
    let mut len = 0;
    while len < max {
        if len == store.len() {
            let grown = (store.len() * 2).max(READ_WHOLE_MIN).min(max);
            store.resize(grown, 0);
        }
        let room = store.len().min(max);
        match reader.read(&mut store[len..room]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(len)
}

/// The least room [`read_whole`] starts with.
const READ_WHOLE_MIN: usize = 64 << 10;

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out at most `step` bytes a call, with an interruption first.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        interrupted: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if !self.interrupted {
                self.interrupted = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.step).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn read_whole_reads_to_the_end_or_the_limit_into_reused_room() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        // Room left by an earlier, longer input, full of its bytes.
        let mut store = vec![7u8; 300_000];
        for (max, step) in [
            (usize::MAX, 1 << 20),
            (usize::MAX, 999),
            (1000, 7),
            (200_000, 4096),
        ] {
            let mut r = Trickle {
                data: &data,
                step,
                interrupted: false,
            };
            let n = read_whole(&mut store, &mut r, max).unwrap();
            assert_eq!(n, data.len().min(max));
            assert_eq!(&store[..n], &data[..n]);
        }
        let mut fresh = Vec::new();
        let n = read_whole(&mut fresh, &mut &data[..10], usize::MAX).unwrap();
        assert_eq!((n, &fresh[..n]), (10, &data[..10]));
        let n = read_whole(&mut fresh, &mut &b""[..], usize::MAX).unwrap();
        assert_eq!(n, 0);
    }

    #[test]
    fn keeps_only_what_is_asked_for() {
        let data: Vec<u8> = (0..=255).collect();
        let mut r = Rolling::new(Vec::new(), 7);
        let mut src = &data[..];
        r.refill(&mut src, 0, 20).unwrap();
        assert!(r.bytes().len() >= 20 && r.bytes().len() < 27);
        r.refill(&mut src, 100, 130).unwrap();
        assert!(r.base <= 100 && r.base + r.bytes().len() as u64 >= 130);
        r.refill(&mut src, 200, 210).unwrap();
        assert_eq!(r.bytes()[0], r.base as u8);
        assert!(r.base <= 200 && r.base + r.bytes().len() as u64 >= 210);
        assert_eq!(r.bytes()[0], r.base as u8);
        r.refill(&mut src, 250, 10_000).unwrap();
        assert!(r.eof);
        assert_eq!(r.base + r.bytes().len() as u64, 256);
    }
}
