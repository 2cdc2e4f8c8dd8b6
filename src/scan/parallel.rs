//! One large input on several threads, with the results of the one-thread
//! scan, in the same order.
//!
//! The input is read in chunks that end at a line break (after a blank
//! line when one is near, since nothing the scanner finds crosses one).
//! Each chunk goes to a worker with the [`LOOKBACK`] bytes before it and the
//! [`LOOKAHEAD`] bytes after it, so every trigger in it sees the window the
//! one-thread scan gives it, and is scanned as if the input began a new
//! line there: line numbers count from 1 and columns are already right.
//! The caller's thread reads, hands out chunks and takes them back in input
//! order, adding to each one's line numbers the line breaks of the chunks
//! before it (each worker counts its own: a prefix sum).
//!
//! What the one-thread scan carries across a chunk's start is where the
//! previous candidate ended. Every finder looks back for a candidate's
//! start only within the trigger's own line, so that end matters only when
//! it lies past the chunk's start (a wrapper or a hard-wrapped URL running
//! over the line break). The chunk is then scanned again, on the caller's
//! thread, from that end: rare, and the results are exact either way.
//!
//! A chunk is at most a few MiB and at most `threads + 2` are held at a
//! time, so memory stays bounded. With no line break in four chunks'
//! worth of text (one huge line), the rest is scanned on the caller's
//! thread, as [`Scanner::scan_reader`] would.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::{mpsc, Mutex, PoisonError};

use super::buffer::Rolling;
use super::position::Cursor;
use super::trigger::Schemes;
use super::{stream, Candidate, Pass, Scanner, DEFAULT_CAPACITY, LOOKAHEAD, LOOKBACK};

/// Bytes per chunk handed to a worker.
pub(crate) const CHUNK: usize = 1 << 20;

/// Bytes of the input held in memory, from absolute offset `base`.
struct Held {
    store: Vec<u8>,
    len: usize,
    base: u64,
    /// The input ends where the bytes do.
    eof: bool,
}

impl Held {
    fn bytes(&self) -> &[u8] {
        &self.store[..self.len]
    }

    fn end(&self) -> u64 {
        self.base + self.len as u64
    }

    /// Read until `want` bytes are held or the input ends.
    fn fill<R: Read>(&mut self, reader: &mut R, want: usize) -> io::Result<()> {
        if self.store.len() < want {
            self.store.resize(want, 0);
        }
        while !self.eof && self.len < want {
            match reader.read(&mut self.store[self.len..want]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// A piece of the input for one worker: the triggers in `start..end`, and
/// the bytes around them.
struct Chunk {
    index: usize,
    held: Held,
    start: u64,
    end: u64,
}

/// A chunk scanned as if a candidate had just ended at its start.
struct Scanned {
    chunk: Chunk,
    found: Vec<Candidate>,
    /// Where the last candidate ended.
    consumed: u64,
    /// Line breaks in `start..end`.
    newlines: u64,
}

/// Scan the triggers of `chunk` from absolute offset `pos`, the previous
/// candidate having ended at `consumed`; returns what was found, where the
/// last candidate ended and the line breaks in the chunk. Lines count from
/// 1 at the chunk's start; without `lines`, none are counted (positions
/// are offsets only, see [`Scanner::set_lines`]).
fn scan_chunk(
    schemes: &Schemes,
    excerpts: bool,
    lines: bool,
    chunk: &Chunk,
    pos: u64,
    consumed: u64,
) -> (Vec<Candidate>, u64, u64) {
    let h = &chunk.held;
    let mut found = Vec::new();
    let mut cursor = Cursor::at_line_start(chunk.start).counting(lines);
    let mut consumed = consumed;
    if pos < chunk.end {
        let mut pass = Pass::new(schemes, excerpts);
        pass.cursor = cursor;
        pass.pos = pos;
        pass.consumed = consumed;
        pass.stop = chunk.end;
        // The bytes reach `LOOKAHEAD` past `end` (or the input's end), so
        // no trigger before `end` asks for more.
        pass.run(h.bytes(), h.base, h.eof, &mut |c| found.push(c));
        cursor = pass.cursor;
        consumed = pass.consumed;
    }
    // The cursor has counted the lines up to the last candidate; count
    // the rest (all of them if a candidate took it past the end).
    let newlines = if !lines {
        0
    } else if cursor.offset() <= chunk.end {
        cursor.advance(h.bytes(), h.base, chunk.end).line - 1
    } else {
        let (from, to) = (
            (chunk.start - h.base) as usize,
            (chunk.end - h.base) as usize,
        );
        memchr::memchr_iter(b'\n', &h.bytes()[from..to]).count() as u64
    };
    (found, consumed, newlines)
}

/// Add `by` to every line number of `c`.
fn shift_lines(c: &mut Candidate, by: u64) {
    if by == 0 {
        return;
    }
    c.map_positions(|mut p| {
        p.line += by;
        p
    });
    if let Some(ex) = &mut c.excerpt {
        ex.first_line += by;
    }
}

/// The caller's side: what has been handed on, in input order.
struct Release {
    /// Index of the next chunk to hand on.
    next: usize,
    /// Line number of that chunk's first line.
    line: u64,
    /// Where the last candidate handed on ended.
    consumed: u64,
}

impl Scanner {
    /// [`Scanner::scan_reader`] on `threads` threads: the same candidates
    /// in the same order, the input read on this thread and scanned in
    /// chunks of a few MiB on the others. Memory stays bounded (a few
    /// chunks per thread).
    pub fn scan_reader_parallel<R: Read>(
        &mut self,
        reader: R,
        threads: usize,
        sink: impl FnMut(Candidate),
    ) -> io::Result<()> {
        self.scan_chunked(reader, threads, CHUNK, sink)
    }

    /// As [`Scanner::scan_reader_parallel`], with chunks of about `chunk`
    /// bytes (tests use tiny ones).
    pub(crate) fn scan_chunked<R: Read>(
        &mut self,
        mut reader: R,
        threads: usize,
        chunk: usize,
        mut sink: impl FnMut(Candidate),
    ) -> io::Result<()> {
        let chunk = chunk.max(2);
        let schemes = &self.schemes;
        let excerpts = self.options.excerpts;
        let lines = self.lines();
        let mut cur = Held {
            store: std::mem::take(&mut self.buf),
            len: 0,
            base: 0,
            eof: false,
        };
        let first = cur.fill(&mut reader, chunk + LOOKAHEAD + 1);
        let mut release = Release {
            next: 0,
            line: 1,
            consumed: 0,
        };
        // Where the rest is scanned on this thread, if it is.
        let mut rest_at = None;
        let result = if first.is_err() || threads < 2 || (cur.eof && cur.len <= chunk) {
            rest_at = Some(0);
            first
        } else {
            let (job_tx, job_rx) = mpsc::channel::<Chunk>();
            let job_rx = Mutex::new(job_rx);
            std::thread::scope(|scope| {
                // Dropped when this closure returns: the workers then stop.
                let job_tx = job_tx;
                let (done_tx, done_rx) = mpsc::channel::<Scanned>();
                for _ in 0..threads {
                    let (job_rx, done_tx) = (&job_rx, done_tx.clone());
                    scope.spawn(move || loop {
                        let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        let Ok(chunk) = job else { break };
                        let (found, consumed, newlines) =
                            scan_chunk(schemes, excerpts, lines, &chunk, chunk.start, chunk.start);
                        let scanned = Scanned {
                            chunk,
                            found,
                            consumed,
                            newlines,
                        };
                        if done_tx.send(scanned).is_err() {
                            break;
                        }
                    });
                }
                drop(done_tx);
                let mut pool: Vec<Vec<u8>> = Vec::new();
                let mut pending = BTreeMap::new();
                let mut sent = 0;
                let mut start = 0;
                let mut reading = true;
                let mut result = Ok(());
                loop {
                    while reading && sent - release.next < threads + 1 {
                        match next_chunk(&mut cur, &mut reader, start, chunk, &mut pool) {
                            Ok(Some((held, end))) => {
                                let job = Chunk {
                                    index: sent,
                                    held,
                                    start,
                                    end,
                                };
                                sent += 1;
                                start = end;
                                reading = end < cur.end() || !cur.eof;
                                job_tx.send(job).expect("workers wait for every chunk");
                            }
                            Ok(None) => {
                                rest_at = Some(start);
                                reading = false;
                            }
                            Err(e) => {
                                result = Err(e);
                                reading = false;
                            }
                        }
                    }
                    if release.next == sent {
                        break;
                    }
                    let done = done_rx.recv().expect("a worker holds every chunk sent");
                    pending.insert(done.chunk.index, done);
                    while let Some(done) = pending.remove(&release.next) {
                        let store =
                            hand_on(schemes, excerpts, lines, done, &mut release, &mut sink);
                        pool.push(store);
                    }
                }
                result
            })
        };
        // The rest on this thread: the whole input when it is small, or
        // from the start of a line too long to cut into chunks.
        let result = match (result, rest_at) {
            (Ok(()), Some(at)) => {
                let mut pass = Pass::new(schemes, excerpts);
                pass.cursor = Cursor::at_line_start(at).counting(lines);
                pass.pos = release.consumed.max(at);
                pass.consumed = release.consumed;
                let mut roll = Rolling::holding(
                    std::mem::take(&mut cur.store),
                    cur.len,
                    cur.base,
                    cur.eof,
                    DEFAULT_CAPACITY,
                );
                let by = release.line - 1;
                let r = stream(pass, &mut roll, &mut reader, &mut |mut c| {
                    shift_lines(&mut c, by);
                    sink(c);
                });
                cur.store = roll.into_inner();
                r
            }
            (r, _) => r,
        };
        self.buf = cur.store;
        result
    }
}

/// Hand on a scanned chunk's candidates, scanning it again first if the
/// candidate before it ran past its start; returns its buffer for reuse.
fn hand_on(
    schemes: &Schemes,
    excerpts: bool,
    lines: bool,
    done: Scanned,
    release: &mut Release,
    sink: &mut impl FnMut(Candidate),
) -> Vec<u8> {
    let Scanned {
        chunk,
        mut found,
        mut consumed,
        newlines,
    } = done;
    if release.consumed > chunk.start {
        (found, consumed, _) = scan_chunk(
            schemes,
            excerpts,
            lines,
            &chunk,
            release.consumed,
            release.consumed,
        );
    }
    let by = release.line - 1;
    for mut c in found {
        shift_lines(&mut c, by);
        sink(c);
    }
    release.consumed = consumed;
    release.line += newlines;
    release.next += 1;
    chunk.held.store
}

/// Cut the next chunk from `start`: returns its bytes and its end, and
/// leaves in `cur` what the chunk after it needs. `None` when no line
/// break is near enough to end it (one huge line).
fn next_chunk<R: Read>(
    cur: &mut Held,
    reader: &mut R,
    start: u64,
    chunk: usize,
    pool: &mut Vec<Vec<u8>>,
) -> io::Result<Option<(Held, u64)>> {
    let rel = (start - cur.base) as usize;
    cur.fill(reader, rel + chunk + LOOKAHEAD + 1)?;
    let end = if cur.eof && cur.len - rel <= chunk {
        cur.len
    } else {
        let lo = rel + chunk / 2;
        let hi = (rel + chunk).min(cur.len);
        let b = cur.bytes();
        // After a blank line if there is one in the last eighth, else
        // after the last line break in the second half, else after the
        // first one past it.
        let near = hi - chunk / 8;
        let blank = memchr::memmem::rfind(&b[near - 1..hi], b"\n\n").map(|k| near + k);
        let found = blank.or_else(|| memchr::memrchr(b'\n', &b[lo..hi]).map(|k| lo + k));
        let found = if let Some(k) = found {
            Some(k)
        } else {
            let far = rel + 4 * chunk;
            cur.fill(reader, far + LOOKAHEAD + 1)?;
            let b = cur.bytes();
            memchr::memchr(b'\n', &b[hi..far.min(cur.len)]).map(|k| hi + k)
        };
        match found {
            Some(k) => k + 1,
            None => return Ok(None),
        }
    };
    // The next chunk starts at `end`: it keeps the look-back before it and
    // whatever was read past it.
    let keep = end.saturating_sub(LOOKBACK);
    let mut next = Held {
        store: pool.pop().unwrap_or_default(),
        len: cur.len - keep,
        base: cur.base + keep as u64,
        eof: cur.eof,
    };
    if next.store.len() < next.len {
        next.store.resize(next.len, 0);
    }
    next.store[..next.len].copy_from_slice(&cur.bytes()[keep..]);
    let end = cur.base + end as u64;
    Ok(Some((std::mem::replace(cur, next), end)))
}
