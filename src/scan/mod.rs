//! The scanner: finds URL candidates in a byte stream (STUB — replaced by the scanner work).

pub mod candidate;

pub use candidate::{BrokenBare, Candidate, Excerpt, Facts, Form, Segment};

use std::io::{self, Read};

/// What the scanner looks for.
#[derive(Debug, Clone, Default)]
pub struct ScanOptions {
    /// Schemes to find as bare URLs besides the known ones (lower case).
    pub extra_schemes: Vec<String>,
    /// Attach source lines to each candidate (for `check`'s snippets).
    pub excerpts: bool,
}

/// A reusable scanner; one per thread.
#[derive(Debug)]
pub struct Scanner {
    #[allow(dead_code)]
    options: ScanOptions,
}

impl Scanner {
    /// A scanner with these options.
    pub fn new(options: ScanOptions) -> Scanner {
        Scanner { options }
    }

    /// Scan a whole stream, handing each candidate to `sink` in input order.
    pub fn scan_reader<R: Read>(
        &mut self,
        mut reader: R,
        mut sink: impl FnMut(Candidate),
    ) -> io::Result<()> {
        let mut buf = Vec::new();
        reader.read_to_end(&mut buf)?;
        for c in self.scan_slice(&buf) {
            sink(c);
        }
        Ok(())
    }

    /// Scan bytes already in memory.
    pub fn scan_slice(&mut self, bytes: &[u8]) -> Vec<Candidate> {
        let _ = bytes;
        Vec::new()
    }
}
