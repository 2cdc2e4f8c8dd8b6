//! Reading ahead on a second thread, so the kernel's copy of a large file
//! overlaps with scanning instead of taking turns with it.
//!
//! Only worth it for large inputs when a core would otherwise sit idle (one
//! big file on a multi-core machine); the channel holds at most two chunks,
//! so memory stays bounded.

use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver};
use std::thread;

/// Bytes read per chunk by the read-ahead thread.
const CHUNK: usize = 1 << 20;

/// A reader whose bytes are read by a background thread.
pub struct ReadAhead {
    rx: Receiver<io::Result<Vec<u8>>>,
    current: Vec<u8>,
    pos: usize,
    done: bool,
}

impl ReadAhead {
    /// Start reading `inner` on a new thread.
    pub fn new<R: Read + Send + 'static>(mut inner: R) -> ReadAhead {
        let (tx, rx) = sync_channel(2);
        thread::spawn(move || loop {
            let mut chunk = vec![0; CHUNK];
            let mut len = 0;
            let result = loop {
                match inner.read(&mut chunk[len..]) {
                    Ok(0) => break Ok(()),
                    Ok(n) => {
                        len += n;
                        if len == CHUNK {
                            break Ok(());
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => break Err(e),
                }
            };
            chunk.truncate(len);
            let last = len < CHUNK || result.is_err();
            let message = result.map(|()| chunk);
            // The reader was dropped: nobody wants the rest.
            if tx.send(message).is_err() || last {
                return;
            }
        });
        ReadAhead {
            rx,
            current: Vec::new(),
            pos: 0,
            done: false,
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.current.len() {
            if self.done {
                return Ok(0);
            }
            match self.rx.recv() {
                Ok(Ok(chunk)) => {
                    self.done = chunk.len() < CHUNK;
                    self.current = chunk;
                    self.pos = 0;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => {
                    self.done = true;
                    return Ok(0);
                }
            }
        }
        let n = buf.len().min(self.current.len() - self.pos);
        buf[..n].copy_from_slice(&self.current[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yields_every_byte_in_order() {
        let data: Vec<u8> = (0..(3 * CHUNK + 12_345)).map(|i| (i % 251) as u8).collect();
        let mut out = Vec::new();
        ReadAhead::new(io::Cursor::new(data.clone()))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, data);
    }

    #[test]
    fn an_exact_multiple_of_the_chunk_ends_cleanly() {
        let data = vec![7u8; 2 * CHUNK];
        let mut out = Vec::new();
        ReadAhead::new(io::Cursor::new(data.clone()))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out.len(), data.len());
    }

    #[test]
    fn errors_reach_the_reader() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let err = ReadAhead::new(Failing)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert_eq!(err.to_string(), "disk on fire");
    }
}
