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

#[cfg(test)]
mod tests {
    use super::*;

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
