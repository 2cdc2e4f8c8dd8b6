//! Linting off the main loop: one thread takes lint jobs, keeps only the
//! newest per document, waits out each job's debounce, lints, and
//! publishes unless the document has moved on meanwhile. The main loop
//! stays free to answer requests while a 2 MB line is linted, and a burst
//! of keystrokes costs one lint, not one each.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use lsp_server::{Message, Notification};
use lsp_types as lsp;
use lsp_types::Uri;

use super::convert::{Linted, MAX_PUBLISHED};
use super::text::{Document, Encoding};
use crate::Linter;
use crate::Source;

/// What to lint, and not before when.
pub struct Job {
    /// The document's URI.
    pub uri: Uri,
    /// The version this text is.
    pub version: i32,
    /// Which lint request of the server's this is (see [`Shared::current`]).
    pub generation: u64,
    /// The text.
    pub doc: Arc<Document>,
    /// Its settings' linter.
    pub linter: Arc<Linter>,
    /// How to read it.
    pub source: Source,
    /// The debounce: lint at this instant, unless a newer version comes.
    pub due: Instant,
}

/// What the main loop and the worker share.
pub struct Shared {
    /// The newest lint request (a number the server counts up) for each
    /// open document, by URI: a result for an older one is stale and is
    /// dropped, and a closed document gets none. Not the client's version:
    /// a document closed and opened again restarts at the same version,
    /// and new settings re-lint the same one.
    pub current: Mutex<HashMap<String, u64>>,
    /// The newest result per document, for code actions and hovers.
    pub results: Mutex<HashMap<String, Arc<Linted>>>,
    /// The negotiated position encoding.
    pub encoding: Encoding,
    /// To the client (the connection's sender; a client that has gone
    /// away is not an error worth dying for: the main loop ends when its
    /// input does).
    pub send: Box<dyn Fn(Message) + Send + Sync>,
}

impl Shared {
    /// Whether `generation` is the open document's newest lint request.
    pub fn is_current(&self, uri: &str, generation: u64) -> bool {
        lock(&self.current).get(uri) == Some(&generation)
    }

    /// Publish `linted` for `uri` if it is still the newest request. The
    /// check and the send happen under one lock, so a close or a newer
    /// result can never be overtaken by an older one.
    pub fn publish(&self, uri: &Uri, linted: Arc<Linted>) {
        let diagnostics = linted.diagnostics(uri, self.encoding);
        let current = lock(&self.current);
        if current.get(uri.as_str()) != Some(&linted.generation) {
            return;
        }
        let version = linted.version;
        lock(&self.results).insert(uri.as_str().to_string(), linted);
        self.send_diagnostics(uri, diagnostics, Some(version));
        drop(current);
    }

    /// Send `publishDiagnostics`.
    pub fn send_diagnostics(
        &self,
        uri: &Uri,
        diagnostics: Vec<lsp::Diagnostic>,
        version: Option<i32>,
    ) {
        self.notify::<lsp::notification::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version,
        });
    }

    /// Send a notification.
    pub fn notify<N: lsp::notification::Notification>(&self, params: N::Params) {
        (self.send)(Message::Notification(Notification::new(
            N::METHOD.to_string(),
            params,
        )));
    }

    /// Tell the client's log.
    pub fn log(&self, typ: lsp::MessageType, message: String) {
        self.notify::<lsp::notification::LogMessage>(lsp::LogMessageParams { typ, message });
    }
}

/// A lock that a panic elsewhere did not spoil: the maps stay consistent
/// (each update is one insert or remove).
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Start the worker; it ends when every sender of jobs is dropped.
pub fn spawn(shared: Arc<Shared>) -> (Sender<Job>, JoinHandle<()>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("urlint-lint".to_string())
        .spawn(move || work(&shared, &rx))
        .expect("a thread can be started");
    (tx, handle)
}

fn work(shared: &Shared, rx: &Receiver<Job>) {
    let mut pending: HashMap<String, Job> = HashMap::new();
    loop {
        let next = pending.values().map(|j| j.due).min();
        let got = match next {
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(due) => rx.recv_timeout(due.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(job) => {
                // A newer version replaces the waiting one: stale
                // versions are never linted.
                pending.insert(job.uri.as_str().to_string(), job);
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => return,
            Err(RecvTimeoutError::Timeout) => {}
        }
        let now = Instant::now();
        let Some(key) = pending
            .iter()
            .filter(|(_, j)| j.due <= now)
            .min_by_key(|(_, j)| j.due)
            .map(|(k, _)| k.clone())
        else {
            continue;
        };
        let job = pending.remove(&key).expect("just found");
        if !shared.is_current(&key, job.generation) {
            continue;
        }
        let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            job.linter.check(job.doc.text(), &job.source)
        }));
        match checked {
            Ok(checked) => {
                if checked.diagnostics.len() > MAX_PUBLISHED {
                    shared.log(
                        lsp::MessageType::WARNING,
                        format!(
                            "urlint: {} has {} diagnostics; the first {MAX_PUBLISHED} are shown",
                            job.uri.as_str(),
                            checked.diagnostics.len()
                        ),
                    );
                }
                let linted = Arc::new(Linted {
                    version: job.version,
                    generation: job.generation,
                    doc: job.doc,
                    linter: job.linter,
                    source: job.source,
                    checked,
                });
                shared.publish(&job.uri, linted);
            }
            Err(panic) => shared.log(
                lsp::MessageType::ERROR,
                format!(
                    "urlint: linting {} panicked: {}",
                    job.uri.as_str(),
                    super::panic_message(&*panic)
                ),
            ),
        }
    }
}
