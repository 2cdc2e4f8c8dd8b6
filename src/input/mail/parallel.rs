//! An mbox on several threads: the splitter (`mbox.rs`) finds messages on
//! the caller's thread and hands them out in batches; workers decode each
//! message and do the caller's work on its parts; the results come back in
//! message order, so the caller sees what the one-thread reading gives.
//!
//! What the splitter does itself (an oversized message: its head decoded,
//! the rest handed out undecoded; its warning) waits until every batch
//! before it is handed on. At most `2 × threads` batches of about 1 MiB
//! are out at a time, so memory stays bounded.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::Range;
use std::sync::{mpsc, Mutex, PoisonError};

use super::{mbox, message, MailOptions, MailWarning, TextPart};
use crate::span::Pos;

/// Bytes of messages per batch.
const BATCH: usize = 1 << 20;

/// Messages for one worker: their bytes one after another.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    /// Each message's bytes, position, index and whether to unquote it.
    messages: Vec<(Range<usize>, Pos, u64, bool)>,
}

/// One result of decoding, in the order the one-thread reading gives it.
enum Item<T> {
    Part(T),
    Warning(MailWarning),
}

/// The caller's side: batches out, results back in order.
struct Pool<T, R, W> {
    batch: Batch,
    jobs: mpsc::Sender<(usize, Batch)>,
    done: mpsc::Receiver<(usize, Vec<Item<T>>, Vec<u8>)>,
    /// Batch buffers back from the workers, for reuse.
    free: Vec<Vec<u8>>,
    sent: usize,
    next: usize,
    pending: BTreeMap<usize, Vec<Item<T>>>,
    most: usize,
    on_result: R,
    on_warning: W,
}

impl<T, R: FnMut(T), W: FnMut(MailWarning)> Pool<T, R, W> {
    fn defer(&mut self, bytes: &[u8], base: Pos, index: u64, unquote: bool) {
        if self.batch.bytes.capacity() == 0 {
            self.batch.bytes = self.free.pop().unwrap_or_default();
        }
        let at = self.batch.bytes.len();
        self.batch.bytes.extend_from_slice(bytes);
        self.batch
            .messages
            .push((at..self.batch.bytes.len(), base, index, unquote));
        if self.batch.bytes.len() >= BATCH {
            self.send();
        }
    }

    fn send(&mut self) {
        if self.batch.messages.is_empty() {
            return;
        }
        let batch = std::mem::take(&mut self.batch);
        self.jobs
            .send((self.sent, batch))
            .expect("workers wait for every batch");
        self.sent += 1;
        while self.sent - self.next > self.most {
            self.receive();
        }
    }

    /// Wait for one batch, and hand on every batch now complete in order.
    fn receive(&mut self) {
        let (i, items, mut bytes) = self.done.recv().expect("a worker holds every batch sent");
        bytes.clear();
        self.free.push(bytes);
        self.pending.insert(i, items);
        while let Some(items) = self.pending.remove(&self.next) {
            for item in items {
                match item {
                    Item::Part(t) => (self.on_result)(t),
                    Item::Warning(w) => (self.on_warning)(w),
                }
            }
            self.next += 1;
        }
    }

    /// Hand on everything deferred so far.
    fn flush(&mut self) {
        self.send();
        while self.next < self.sent {
            self.receive();
        }
    }
}

/// [`super::for_each_part`] for an mbox on `threads` threads: `work` runs
/// on a worker for each text part, with that worker's `state`, and
/// `on_result` gets what it returns, in the order the parts come in the
/// file; warnings come in that order too.
pub fn for_each_part_parallel<S, T: Send>(
    reader: impl Read,
    opts: &MailOptions,
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, TextPart) -> T + Sync,
    on_result: impl FnMut(T),
    on_warning: impl FnMut(MailWarning),
) -> io::Result<()> {
    let (jobs, job_rx) = mpsc::channel::<(usize, Batch)>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (job_rx, done_tx, state, work) = (&job_rx, done_tx.clone(), &state, &work);
            scope.spawn(move || {
                let mut st = state();
                loop {
                    let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok((i, mut batch)) = job else { break };
                    let items = RefCell::new(Vec::new());
                    for (range, base, index, unquote) in batch.messages.drain(..) {
                        message::decode(
                            &batch.bytes[range],
                            base,
                            index,
                            opts,
                            unquote,
                            message::Sinks {
                                on_part: &mut |p| {
                                    items.borrow_mut().push(Item::Part(work(&mut st, p)));
                                },
                                on_warning: &mut |w| items.borrow_mut().push(Item::Warning(w)),
                            },
                        );
                    }
                    if done_tx.send((i, items.into_inner(), batch.bytes)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let pool = RefCell::new(Pool {
            batch: Batch::default(),
            jobs,
            done,
            free: Vec::new(),
            sent: 0,
            next: 0,
            pending: BTreeMap::new(),
            most: 2 * threads,
            on_result,
            on_warning,
        });
        // What the splitter decodes or warns of itself comes after every
        // message deferred before it.
        let mut own = state();
        let result = mbox::Splitter {
            opts,
            mbox: true,
            on_part: |p| {
                let mut pool = pool.borrow_mut();
                pool.flush();
                let t = work(&mut own, p);
                (pool.on_result)(t);
            },
            on_warning: |w| {
                let mut pool = pool.borrow_mut();
                pool.flush();
                (pool.on_warning)(w);
            },
            defer: Some(&|bytes: &[u8], base, index, unquote| {
                pool.borrow_mut().defer(bytes, base, index, unquote);
            }),
        }
        .run(reader);
        let mut pool = pool.into_inner();
        pool.flush();
        // Dropping the pool closes the job channel: the workers stop.
        drop(pool);
        result
    })
}
