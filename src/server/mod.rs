//! `urlint server`: a Language Server (LSP 3.17, JSON-RPC over stdio) on
//! the library's public API alone, like any other user of [`Linter`]. It
//! lints the editor's buffer, never the file on disk.
//!
//! The main loop owns the open documents and answers requests; linting
//! happens in a worker (`worker.rs`), debounced, with stale versions
//! dropped. Every handler runs under `catch_unwind`: a panic answers its
//! request with an error and the server goes on.

mod convert;
mod settings;
mod text;
mod worker;

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::Uri;

use crate::Linter;

use convert::Linted;
use settings::Profiles;
use text::{Document, Encoding};
use worker::{lock, Job, Shared};

/// How long typing must pause before a changed document is linted again.
const DEBOUNCE: Duration = Duration::from_millis(100);

/// Run the server on stdin and stdout until the client says `exit`: exit
/// status 0 after a `shutdown`, 1 without one (as the protocol asks).
pub fn run() -> ExitCode {
    let (connection, io_threads) = Connection::stdio();
    let code = serve(&connection);
    drop(connection);
    if let Err(e) = io_threads.join() {
        // stderr is the client's log: stdout carries the protocol.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("urlint server: {e}");
        }
    }
    ExitCode::from(code)
}

/// Speak the protocol on `connection` from `initialize` to `exit`; the
/// exit status.
pub fn serve(connection: &Connection) -> u8 {
    let Ok((id, params)) = connection.initialize_start() else {
        return 1;
    };
    let params: lsp::InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let encoding = Encoding::negotiate(
        params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref()),
    );
    let result = lsp::InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(lsp::ServerInfo {
            name: "urlint".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    let result = serde_json::to_value(result).expect("serializable");
    if connection.initialize_finish(id, result).is_err() {
        return 1;
    }
    let sender = connection.sender.clone();
    let shared = Arc::new(Shared {
        current: std::sync::Mutex::default(),
        results: std::sync::Mutex::default(),
        encoding,
        send: Box::new(move |m| {
            let _ = sender.send(m);
        }),
    });
    let mut server = Server::new(shared, &params);
    server.watch_settings(&params);
    let mut shutting_down = false;
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                let response = if shutting_down {
                    Response::new_err(
                        req.id,
                        ErrorCode::InvalidRequest as i32,
                        "the server is shutting down".to_string(),
                    )
                } else if req.method == lsp::request::Shutdown::METHOD {
                    shutting_down = true;
                    Response::new_ok(req.id, ())
                } else {
                    server.request(req)
                };
                (server.shared.send)(response.into());
            }
            Message::Notification(n) if n.method == lsp::notification::Exit::METHOD => {
                server.stop();
                return u8::from(!shutting_down);
            }
            Message::Notification(n) => {
                let method = n.method.clone();
                if let Err(e) = guarded(|| server.notification(n)) {
                    server
                        .shared
                        .log(lsp::MessageType::ERROR, format!("urlint: {method}: {e}"));
                }
            }
            // Answers to our requests (registering the file watcher).
            Message::Response(_) => {}
        }
    }
    // The input ended without `exit`.
    server.stop();
    1
}

fn capabilities(encoding: Encoding) -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                save: Some(lsp::TextDocumentSyncSaveOptions::SaveOptions(
                    lsp::SaveOptions {
                        include_text: Some(false),
                    },
                )),
                ..lsp::TextDocumentSyncOptions::default()
            },
        )),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp::CodeActionKind::QUICKFIX,
                    convert::fix_all_kind(),
                ]),
                ..lsp::CodeActionOptions::default()
            },
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        ..lsp::ServerCapabilities::default()
    }
}

/// An open document.
struct Open {
    uri: Uri,
    version: i32,
    language: String,
    doc: Arc<Document>,
    /// Its newest lint request.
    generation: u64,
}

/// The main loop's state.
struct Server {
    shared: Arc<Shared>,
    docs: HashMap<String, Open>,
    profiles: Profiles,
    /// Where an unsaved buffer's settings come from: the first workspace
    /// folder, else the folder the server started in.
    workspace: Option<PathBuf>,
    worker: Option<(Sender<Job>, JoinHandle<()>)>,
    /// The last lint request's number.
    generation: u64,
}

impl Server {
    fn new(shared: Arc<Shared>, params: &lsp::InitializeParams) -> Server {
        let folder = params
            .workspace_folders
            .as_ref()
            .and_then(|f| f.first())
            .map(|f| f.uri.as_str().to_string());
        #[allow(deprecated)] // root_uri: older clients send only it
        let root = folder.or_else(|| params.root_uri.as_ref().map(|u| u.as_str().to_string()));
        let workspace = root
            .as_deref()
            .and_then(settings::uri_path)
            .or_else(|| std::env::current_dir().ok());
        let worker = worker::spawn(shared.clone());
        Server {
            shared,
            docs: HashMap::new(),
            profiles: Profiles::default(),
            workspace,
            worker: Some(worker),
            generation: 0,
        }
    }

    /// Ask a client that can to tell us when a `urlint.toml` changes.
    fn watch_settings(&self, params: &lsp::InitializeParams) {
        let dynamic = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false);
        if !dynamic {
            return;
        }
        let options = lsp::DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![lsp::FileSystemWatcher {
                glob_pattern: lsp::GlobPattern::String(format!("**/{}", settings::CONFIG)),
                kind: None,
            }],
        };
        let params = lsp::RegistrationParams {
            registrations: vec![lsp::Registration {
                id: "urlint-settings".to_string(),
                method: lsp::notification::DidChangeWatchedFiles::METHOD.to_string(),
                register_options: serde_json::to_value(options).ok(),
            }],
        };
        (self.shared.send)(
            Request::new(
                "urlint-register".to_string().into(),
                lsp::request::RegisterCapability::METHOD.to_string(),
                params,
            )
            .into(),
        );
    }

    /// Stop the worker (after the lint it may be in), so that nothing
    /// holds the connection any more.
    fn stop(&mut self) {
        if let Some((jobs, handle)) = self.worker.take() {
            drop(jobs);
            let _ = handle.join();
        }
    }

    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let method = req.method.clone();
        match guarded(|| self.answer(req)) {
            Ok(Some(value)) => Response::new_ok(id, value),
            Ok(None) => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("urlint does not answer {method}"),
            ),
            Err(e) => Response::new_err(id, ErrorCode::InternalError as i32, e),
        }
    }

    /// The answer to a request; `None` for a method it does not know.
    fn answer(&mut self, req: Request) -> Result<Option<serde_json::Value>, String> {
        let value = match req.method.as_str() {
            lsp::request::CodeActionRequest::METHOD => {
                let p: lsp::CodeActionParams = params(req.params)?;
                let enc = self.shared.encoding;
                let actions = self.linted(&p.text_document.uri).map(|l| {
                    l.code_actions(
                        &p.text_document.uri,
                        p.range,
                        p.context.only.as_deref(),
                        enc,
                    )
                });
                serde_json::to_value(actions.unwrap_or_default())
            }
            lsp::request::HoverRequest::METHOD => {
                let p: lsp::HoverParams = params(req.params)?;
                let pos = p.text_document_position_params;
                let enc = self.shared.encoding;
                let hover = self
                    .linted(&pos.text_document.uri)
                    .and_then(|l| l.hover(l.doc.offset(pos.position, enc), enc));
                serde_json::to_value(hover)
            }
            #[cfg(test)]
            "urlint/panic" => panic!("asked to panic"),
            _ => return Ok(None),
        };
        value.map(Some).map_err(|e| e.to_string())
    }

    fn notification(&mut self, n: Notification) -> Result<(), String> {
        use lsp::notification as note;
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let p: lsp::DidOpenTextDocumentParams = params(n.params)?;
                let item = p.text_document;
                let key = item.uri.as_str().to_string();
                let open = Open {
                    uri: item.uri,
                    version: item.version,
                    language: item.language_id,
                    doc: Arc::new(Document::new(item.text)),
                    generation: 0,
                };
                self.docs.insert(key.clone(), open);
                self.schedule(&key, Duration::ZERO);
            }
            note::DidChangeTextDocument::METHOD => {
                let p: lsp::DidChangeTextDocumentParams = params(n.params)?;
                let key = p.text_document.uri.as_str();
                let enc = self.shared.encoding;
                let Some(open) = self.docs.get_mut(key) else {
                    return Err(format!("{key} is not open"));
                };
                let doc = Arc::make_mut(&mut open.doc);
                for change in p.content_changes {
                    doc.apply(change, enc);
                }
                open.version = p.text_document.version;
                let key = key.to_string();
                self.schedule(&key, DEBOUNCE);
            }
            note::DidSaveTextDocument::METHOD => {
                let p: lsp::DidSaveTextDocumentParams = params(n.params)?;
                let key = p.text_document.uri.as_str().to_string();
                if key.ends_with(settings::CONFIG) {
                    self.settings_changed();
                } else {
                    self.schedule(&key, Duration::ZERO);
                }
            }
            note::DidCloseTextDocument::METHOD => {
                let p: lsp::DidCloseTextDocumentParams = params(n.params)?;
                let key = p.text_document.uri.as_str();
                self.docs.remove(key);
                lock(&self.shared.results).remove(key);
                // Cleared under the lock the worker publishes under, so a
                // lint finishing now cannot bring the diagnostics back.
                let mut current = lock(&self.shared.current);
                current.remove(key);
                self.shared
                    .send_diagnostics(&p.text_document.uri, Vec::new(), None);
                drop(current);
            }
            note::DidChangeWatchedFiles::METHOD => {
                let p: lsp::DidChangeWatchedFilesParams = params(n.params)?;
                if p.changes
                    .iter()
                    .any(|c| c.uri.as_str().ends_with(settings::CONFIG))
                {
                    self.settings_changed();
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Settings files changed: read them again and re-lint every document.
    fn settings_changed(&mut self) {
        self.profiles.forget();
        let keys: Vec<String> = self.docs.keys().cloned().collect();
        for key in keys {
            self.schedule(&key, Duration::ZERO);
        }
    }

    /// The linter and source for an open document (its settings read
    /// again if they changed; a broken settings file is shown), and
    /// whether `exclude` leaves it out.
    fn job(&mut self, key: &str) -> Option<(Arc<Linter>, crate::Source, bool)> {
        let open = self.docs.get(key)?;
        let path = settings::uri_path(open.uri.as_str());
        let governed = self
            .profiles
            .governing(path.as_deref(), self.workspace.as_deref());
        if let Some(error) = governed.error {
            self.shared
                .notify::<lsp::notification::ShowMessage>(lsp::ShowMessageParams {
                    typ: lsp::MessageType::ERROR,
                    message: format!("urlint: {error} (linting with the default settings)"),
                });
        }
        let source = settings::source_for(&governed.linter, path.as_deref(), &open.language);
        Some((governed.linter, source, governed.excluded))
    }

    /// Hand the document's current version to the worker, to lint after
    /// `delay`.
    fn schedule(&mut self, key: &str, delay: Duration) {
        let Some((linter, source, excluded)) = self.job(key) else {
            return;
        };
        self.generation += 1;
        let generation = self.generation;
        let open = self.docs.get_mut(key).expect("job() found it");
        open.generation = generation;
        lock(&self.shared.current).insert(key.to_string(), generation);
        if excluded {
            // Published directly: nothing to lint, and diagnostics from
            // before the file was excluded must go.
            let linted = Arc::new(Linted {
                version: open.version,
                generation,
                doc: open.doc.clone(),
                linter,
                source,
                checked: crate::Checked::default(),
            });
            self.shared.publish(&open.uri, linted);
            return;
        }
        let job = Job {
            uri: open.uri.clone(),
            version: open.version,
            generation,
            doc: open.doc.clone(),
            linter,
            source,
            due: Instant::now() + delay,
        };
        if let Some((jobs, _)) = &self.worker {
            let _ = jobs.send(job);
        }
    }

    /// The current version's lint result: the worker's if it has one,
    /// else linted here and now (a code action asked for mid-debounce).
    fn linted(&mut self, uri: &Uri) -> Option<Arc<Linted>> {
        let key = uri.as_str();
        let (version, generation) = self.docs.get(key).map(|o| (o.version, o.generation))?;
        if let Some(linted) = lock(&self.shared.results).get(key) {
            if linted.generation == generation {
                return Some(linted.clone());
            }
        }
        let (linter, source, excluded) = self.job(key)?;
        let doc = self.docs[key].doc.clone();
        let checked = if excluded {
            crate::Checked::default()
        } else {
            linter.check(doc.text(), &source)
        };
        let linted = Arc::new(Linted {
            version,
            generation,
            doc,
            linter,
            source,
            checked,
        });
        lock(&self.shared.results).insert(key.to_string(), linted.clone());
        Some(linted)
    }
}

fn params<P: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<P, String> {
    serde_json::from_value(value).map_err(|e| format!("invalid params: {e}"))
}

/// Run `f`, turning a panic into an error carrying its message.
fn guarded<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => Err(format!("urlint panicked: {}", panic_message(&*panic))),
    }
}

/// The text a panic was raised with.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

#[cfg(test)]
mod tests;
