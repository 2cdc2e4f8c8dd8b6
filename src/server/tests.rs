//! The main loop in-process, over an in-memory connection: what the
//! end-to-end tests (`tests/cli/server.rs`) cannot provoke from outside.

use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

use super::serve;

struct Client {
    conn: Connection,
    server: std::thread::JoinHandle<u8>,
}

impl Client {
    fn start() -> Client {
        let (server, client) = Connection::memory();
        let server = std::thread::spawn(move || serve(&server));
        let c = Client {
            conn: client,
            server,
        };
        c.request(1, "initialize", json!({"capabilities": {}}));
        c.response(1);
        c.notify("initialized", json!({}));
        c
    }

    fn request(&self, id: i32, method: &str, params: Value) {
        let req = Request::new(RequestId::from(id), method.to_string(), params);
        self.conn.sender.send(req.into()).unwrap();
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn.sender.send(n.into()).unwrap();
    }

    fn next(&self) -> Message {
        self.conn
            .receiver
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers")
    }

    fn response(&self, id: i32) -> lsp_server::Response {
        loop {
            if let Message::Response(r) = self.next() {
                if r.id == RequestId::from(id) {
                    return r;
                }
            }
        }
    }

    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(n) = self.next() {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params;
                }
            }
        }
    }

    fn exit(self) -> u8 {
        self.notify("exit", json!(null));
        self.server.join().unwrap()
    }
}

#[test]
fn a_panic_in_a_request_is_an_error_answer_and_the_server_goes_on() {
    let c = Client::start();
    c.request(2, "urlint/panic", json!(null));
    let r = c.response(2);
    let error = r.response_result.expect_err("an error answer");
    assert_eq!(error.code, lsp_server::ErrorCode::InternalError as i32);
    assert!(
        error.message.contains("asked to panic"),
        "{}",
        error.message
    );
    // ...and it still lints and answers.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "untitled:x", "languageId": "plaintext",
               "version": 1, "text": "HTTP://a.example/\n"}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"][0]["code"], "uppercase-scheme");
    c.request(3, "shutdown", json!(null));
    assert!(c.response(3).response_result.is_ok());
    assert_eq!(c.exit(), 0);
}

#[test]
fn exit_without_shutdown_is_status_1_and_unknown_methods_are_refused() {
    let c = Client::start();
    c.request(2, "textDocument/definition", json!({}));
    let error = c.response(2).response_result.expect_err("not answered");
    assert_eq!(error.code, lsp_server::ErrorCode::MethodNotFound as i32);
    assert_eq!(c.exit(), 1);
}

#[test]
fn after_shutdown_requests_are_refused() {
    let c = Client::start();
    c.request(2, "shutdown", json!(null));
    c.response(2);
    c.request(3, "textDocument/hover", json!({}));
    let error = c.response(3).response_result.expect_err("refused");
    assert_eq!(error.code, lsp_server::ErrorCode::InvalidRequest as i32);
    assert_eq!(c.exit(), 0);
}

#[test]
fn a_burst_of_changes_is_linted_once_for_its_last_version() {
    let c = Client::start();
    let uri = "untitled:burst";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "plaintext", "version": 0, "text": ""}}),
    );
    assert_eq!(c.diagnostics()["version"], 0);
    for v in 1..=50 {
        // Each change appends a character: the last text is 50 `x`s then
        // an upper-case scheme.
        let text = if v == 50 { " HTTP://a.example/" } else { "x" };
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": v},
                   "contentChanges": [{"range": {"start": {"line": 0, "character": v - 1},
                                                 "end": {"line": 0, "character": v - 1}},
                                       "text": text}]}),
        );
    }
    // The debounce holds versions back while changes keep coming, and a
    // version overtaken before its lint is never published: a handful of
    // publications at most (normally one), in order, the last for 50.
    let mut published = Vec::new();
    let d = loop {
        let d = c.diagnostics();
        published.push(d["version"].as_i64().unwrap());
        if d["version"] == 50 {
            break d;
        }
    };
    assert!(published.windows(2).all(|w| w[0] < w[1]), "{published:?}");
    assert!(published.len() < 10, "{published:?}");
    assert_eq!(d["diagnostics"][0]["code"], "uppercase-scheme");
    assert_eq!(d["diagnostics"][0]["range"]["start"]["character"], 50);
    c.request(9, "shutdown", json!(null));
    c.response(9);
    assert_eq!(c.exit(), 0);
}

#[test]
fn a_document_reopened_at_the_same_version_gets_its_new_texts_diagnostics() {
    let c = Client::start();
    let open = |text: &str| {
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": "untitled:re", "languageId": "plaintext",
                   "version": 1, "text": text}}),
        );
    };
    // A first text slow enough to be mid-lint when it is closed.
    open(&"HTTP://a.example/ ".repeat(20_000));
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": "untitled:re"}}),
    );
    open("ftp://b.example/%zz\n");
    // Whatever was published for the first text (nothing, or its
    // diagnostics before the close cleared them), the last word is the
    // second text's, and no later message brings the first one back.
    let mut last = c.diagnostics();
    while last["diagnostics"].as_array().unwrap().len() != 1 {
        last = c.diagnostics();
    }
    assert_eq!(last["diagnostics"][0]["code"], "invalid-percent-escape");
    c.request(9, "shutdown", json!(null));
    loop {
        match c.next() {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                panic!("published after the second text's result: {}", n.params);
            }
            Message::Response(r) if r.id == RequestId::from(9) => break,
            _ => {}
        }
    }
    assert_eq!(c.exit(), 0);
}
