//! `urlint server` end to end: the built binary as a subprocess, spoken to
//! in JSON-RPC with Content-Length framing, as an editor does.

// Messages are built with `json!` at each call, and handed over whole.
#![allow(clippy::needless_pass_by_value)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::util::Dir;

/// Long enough for a debug build on a loaded 2-core machine linting a
/// hostile document; a hang still fails.
const PATIENCE: Duration = Duration::from_secs(120);

/// A client: the server's stdin, and its messages read on a thread.
struct Lsp {
    child: Child,
    stdin: Option<ChildStdin>,
    from_server: Receiver<Value>,
    /// Messages read while waiting for another.
    seen: VecDeque<Value>,
    next_id: i64,
    /// The folder it runs in, kept while it runs.
    dir: Option<Dir>,
}

impl Lsp {
    /// Start `urlint server` in `dir` and initialize it with `capabilities`.
    fn start_in(dir: &std::path::Path, capabilities: Value) -> (Lsp, Value) {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("urlint"))
            .arg("server")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("urlint server starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(msg) = read_message(&mut r) {
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        let mut lsp = Lsp {
            stdin: child.stdin.take(),
            child,
            from_server: rx,
            seen: VecDeque::new(),
            next_id: 0,
            dir: None,
        };
        let init = lsp.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        lsp.notify("initialized", json!({}));
        (lsp, init)
    }

    fn start(capabilities: Value) -> (Lsp, Value) {
        let dir = Dir::new();
        let (mut lsp, init) = Lsp::start_in(dir.path(), capabilities);
        lsp.dir = Some(dir);
        (lsp, init)
    }

    fn send(&mut self, msg: &Value) {
        let body = serde_json::to_vec(msg).unwrap();
        let stdin = self.stdin.as_mut().expect("open");
        write!(stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        stdin.write_all(&body).unwrap();
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Send a request and wait for its answer (the whole response).
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|m| m["id"] == id && m.get("method").is_none())
    }

    /// A request's result; an error answer fails the test.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.call(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// The first message (seen or to come) that `want` accepts.
    fn wait(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.seen.iter().position(&want) {
            return self.seen.remove(i).unwrap();
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from_server.recv_timeout(left) {
                Ok(msg) if want(&msg) => return msg,
                Ok(msg) => self.seen.push_back(msg),
                Err(RecvTimeoutError::Timeout) => panic!("no answer in {PATIENCE:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server went away"),
            }
        }
    }

    /// The next diagnostics published for `uri` at `version`.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let msg = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        msg["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn open(&mut self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
    }

    /// `shutdown`, `exit`, and the exit status.
    fn shutdown(mut self) -> i32 {
        assert_eq!(self.request("shutdown", json!(null)), Value::Null);
        self.exit()
    }

    fn exit(mut self) -> i32 {
        self.notify("exit", json!(null));
        self.stdin.take();
        self.child.wait().unwrap().code().expect("exited")
    }
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                len = value.trim().parse().ok();
            }
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).expect("JSON"))
}

/// The byte offset of a UTF-16 position (as an editor computes it).
fn offset(text: &str, pos: &Value) -> usize {
    let (line, character) = (
        pos["line"].as_u64().unwrap() as usize,
        pos["character"].as_u64().unwrap() as usize,
    );
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    for (i, c) in text[start..].char_indices() {
        if units >= character || c == '\n' {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// Apply `TextEdit`s (UTF-16 ranges) the way an editor does: last first.
fn apply(text: &str, edits: &[Value]) -> String {
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(text, &e["range"]["start"]),
                offset(text, &e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (a, b, new) in edits {
        out.replace_range(a..b, new);
    }
    out
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

fn range(l1: u64, c1: u64, l2: u64, c2: u64) -> Value {
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// An unsaved Markdown buffer: an emoji (two UTF-16 units, one UTF-32,
/// four bytes) and an `e` with a combining acute (two code points) before
/// an upper-case scheme and a bad escape.
const NOTES: &str = "# Notes 😀\n\nSee 😀 e\u{301} HTTP://example.com/a%zz now.\n";

#[test]
fn initialize_negotiates_the_position_encoding() {
    for (offered, chosen) in [
        (None, "utf-16"),
        (Some(json!(["utf-16"])), "utf-16"),
        (Some(json!(["utf-32", "utf-16"])), "utf-32"),
        (Some(json!(["utf-16", "utf-32", "utf-8"])), "utf-8"),
    ] {
        let capabilities = match &offered {
            None => json!({}),
            Some(list) => json!({"general": {"positionEncodings": list}}),
        };
        let (lsp, init) = Lsp::start(capabilities);
        let caps = &init["capabilities"];
        assert_eq!(caps["positionEncoding"], chosen, "offered {offered:?}");
        assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental");
        assert_eq!(caps["hoverProvider"], true);
        assert_eq!(
            caps["codeActionProvider"]["codeActionKinds"],
            json!(["quickfix", "source.fixAll.urlint"])
        );
        assert_eq!(init["serverInfo"]["name"], "urlint");
        assert_eq!(lsp.shutdown(), 0);
    }
}

#[test]
fn an_unsaved_markdown_buffer_gets_exact_ranges_in_each_encoding() {
    // "See " then the emoji, a space, e + U+0301, a space: the scheme
    // starts at 10 UTF-16 units, 9 scalar values, 13 bytes.
    for (encoding, scheme_at) in [("utf-16", 10u64), ("utf-32", 9), ("utf-8", 13)] {
        let (mut lsp, _) = Lsp::start(json!({"general": {"positionEncodings": [encoding]}}));
        lsp.open("untitled:Untitled-1", "markdown", NOTES);
        let diagnostics = lsp.diagnostics("untitled:Untitled-1", 1);
        assert_eq!(
            codes(&diagnostics),
            ["invalid-percent-escape", "uppercase-scheme"]
        );
        let escape_at = scheme_at + "HTTP://example.com/a".len() as u64;
        assert_eq!(
            diagnostics[0]["range"],
            range(2, escape_at, 2, escape_at + 3),
            "{encoding}"
        );
        assert_eq!(
            diagnostics[1],
            json!({
                "range": range(2, scheme_at, 2, scheme_at + 4),
                "severity": 3,
                "code": "uppercase-scheme",
                "source": "urlint",
                "message": "scheme `HTTP` is not in lower case\nhelp: write `http:` (RFC 1738 §2.1)",
            }),
            "{encoding}"
        );
        assert_eq!(diagnostics[0]["severity"], 1);
        assert_eq!(lsp.shutdown(), 0);
    }
}

#[test]
fn a_quick_fix_applied_as_an_edit_clears_its_diagnostic() {
    let uri = "untitled:Untitled-2";
    let (mut lsp, _) = Lsp::start(json!({}));
    lsp.open(uri, "markdown", NOTES);
    let diagnostics = lsp.diagnostics(uri, 1);
    let scheme = diagnostics[1]["range"].clone();
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": scheme,
               "context": {"diagnostics": [diagnostics[1]]}}),
    );
    let actions = actions.as_array().unwrap();
    let titles: Vec<&str> = actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Lower-case the scheme (uppercase-scheme)",
            "Ignore `uppercase-scheme` on this line",
            "Fix all safely fixable urlint diagnostics",
        ]
    );
    let fix = &actions[0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(fix["diagnostics"][0]["code"], "uppercase-scheme");
    let edits = fix["edit"]["changes"][uri].as_array().unwrap().clone();
    assert_eq!(edits, [json!({"range": scheme, "newText": "http"})]);
    // The ignore comment is Markdown's, at the end of the line.
    let ignore = actions[1]["edit"]["changes"][uri].as_array().unwrap();
    let ignored = apply(NOTES, ignore);
    assert!(
        ignored.contains("a%zz now. <!-- urlint: ignore[uppercase-scheme] -->\n"),
        "{ignored}"
    );
    assert_eq!(actions[2]["kind"], "source.fixAll.urlint");

    // The editor applies the fix as an incremental change...
    let fixed = apply(NOTES, &edits);
    assert!(fixed.contains(" http://example.com/a%zz"));
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": edits[0]["range"], "text": "http"}]}),
    );
    // ...and the diagnostic is gone, the other one stays where it was.
    let after = lsp.diagnostics(uri, 2);
    assert_eq!(codes(&after), ["invalid-percent-escape"]);
    assert_eq!(after[0]["range"], diagnostics[0]["range"]);

    // The unsafe fix for the escape, asked for by its range.
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": after[0]["range"],
               "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    let fix = &actions[0];
    assert_eq!(
        fix["title"],
        "Encode the `%` as `%25` (invalid-percent-escape, unsafe)"
    );
    assert!(fix.get("isPreferred").is_none());
    let edit = fix["edit"]["changes"][uri][0].clone();
    let fixed = apply(&fixed, std::slice::from_ref(&edit));
    assert!(fixed.contains("http://example.com/a%25zz now."));
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3},
               "contentChanges": [{"range": edit["range"], "text": edit["newText"]}]}),
    );
    assert_eq!(lsp.diagnostics(uri, 3), Vec::<Value>::new());
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn fix_all_applies_every_safe_fix() {
    let uri = "untitled:fix-all";
    let text = "HTTP://a.example/ and <URL:http://b.example/>#top\n";
    let (mut lsp, _) = Lsp::start(json!({}));
    lsp.open(uri, "plaintext", text);
    let before = lsp.diagnostics(uri, 1);
    assert!(before.len() >= 2, "{before:?}");
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range(0, 0, 0, 0),
               "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["kind"], "source.fixAll.urlint");
    let edits = actions[0]["edit"]["changes"][uri].as_array().unwrap();
    let fixed = apply(text, edits);
    assert_eq!(fixed, "http://a.example/ and <URL:http://b.example/#top>\n");
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(lsp.diagnostics(uri, 2), Vec::<Value>::new());
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn hover_on_a_flagged_url_shows_the_rule_docs() {
    let uri = "untitled:hover";
    let (mut lsp, _) = Lsp::start(json!({}));
    lsp.open(uri, "markdown", NOTES);
    lsp.diagnostics(uri, 1);
    let hover = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 12}}),
    );
    assert_eq!(hover["contents"]["kind"], "markdown");
    let docs = hover["contents"]["value"].as_str().unwrap();
    assert!(
        docs.starts_with("**urlint `uppercase-scheme`** (style, info)"),
        "{docs}"
    );
    assert!(docs.contains("## What it does\nFinds upper-case letters in a scheme name."));
    assert!(docs.contains("*Fix (safe):* lower-case the scheme"));
    assert_eq!(hover["range"], range(2, 10, 2, 14));
    // Nothing flagged under the heading: no hover.
    let none = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 2}}),
    );
    assert_eq!(none, Value::Null);
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn settings_come_from_the_governing_urlint_toml_and_are_reloaded() {
    let dir = Dir::new();
    let config = dir.write("urlint.toml", "ignore = [\"uppercase-scheme\"]\n");
    // On disk the file says something else: the buffer is what counts.
    let path = dir.write("docs/a.md", "nothing here\n");
    let uri = format!("file://{}", path.display());
    let (mut lsp, _) = Lsp::start_in(
        dir.path(),
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    // The server asks to be told about settings files.
    let register = lsp.wait(|m| m["method"] == "client/registerCapability");
    assert_eq!(
        register["params"]["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"],
        "**/urlint.toml"
    );
    lsp.send(&json!({"jsonrpc": "2.0", "id": register["id"], "result": null}));
    lsp.open(
        &uri,
        "markdown",
        "See HTTP://example.com/ and https://example.org/.\n",
    );
    assert_eq!(lsp.diagnostics(&uri, 1), Vec::<Value>::new());

    std::fs::write(&config, "extend-select = [\"bare-url\"]\n").unwrap();
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": format!("file://{}", config.display()), "type": 2}]}),
    );
    let diagnostics = lsp.diagnostics(&uri, 1);
    assert_eq!(
        codes(&diagnostics),
        ["uppercase-scheme", "bare-url", "bare-url"]
    );
    // bare-url's fix in Markdown is an autolink.
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostics[2]["range"],
               "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    let edits = actions[0]["edit"]["changes"][&uri].as_array().unwrap();
    let fixed = apply("See HTTP://example.com/ and https://example.org/.\n", edits);
    assert!(fixed.contains("and <https://example.org/>."), "{fixed}");

    // A broken settings file is shown, and the defaults lint meanwhile.
    std::fs::write(&config, "ignore = [\"no-such-rule\"]\n").unwrap();
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": format!("file://{}", config.display()), "type": 2}]}),
    );
    let shown = lsp.wait(|m| m["method"] == "window/showMessage");
    let message = shown["params"]["message"].as_str().unwrap();
    assert!(message.contains("no-such-rule"), "{message}");
    assert_eq!(codes(&lsp.diagnostics(&uri, 1)), ["uppercase-scheme"]);
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn the_syntax_comes_from_the_language_id() {
    // The same text: Markdown sees a link destination, plain text a URL
    // in brackets that takes the `)` and more.
    let text = "[a](http://x.example/a.)\n";
    let (mut lsp, _) = Lsp::start(json!({}));
    lsp.open("untitled:md", "markdown", text);
    lsp.open("untitled:txt", "plaintext", text);
    let markdown = lsp.diagnostics("untitled:md", 1);
    let plain = lsp.diagnostics("untitled:txt", 1);
    assert_eq!(codes(&markdown), ["trailing-punctuation"]);
    assert_ne!(codes(&markdown), codes(&plain));
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn closing_a_document_clears_its_diagnostics_and_save_lints_again() {
    let uri = "untitled:close";
    let (mut lsp, _) = Lsp::start(json!({}));
    lsp.open(uri, "plaintext", "HTTP://a.example/\n");
    assert_eq!(lsp.diagnostics(uri, 1).len(), 1);
    lsp.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(lsp.diagnostics(uri, 1).len(), 1);
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let cleared =
        lsp.wait(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri);
    assert_eq!(cleared["params"]["diagnostics"], json!([]));
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn hostile_documents_are_answered_in_bounded_time() {
    let (mut lsp, _) = Lsp::start(json!({}));
    // A 2 MB line ending in a URL, and a megabyte of unclosed wrappers.
    let long = format!("{} HTTP://end.example/\n", "a".repeat(2 << 20));
    lsp.open("untitled:long", "plaintext", &long);
    let openers = "<URL:".repeat(200_000);
    lsp.open("untitled:openers", "plaintext", &openers);
    let started = Instant::now();
    let d = lsp.diagnostics("untitled:long", 1);
    assert_eq!(codes(&d), ["uppercase-scheme"]);
    assert_eq!(d[0]["range"]["start"]["character"], (2 << 20) + 1);
    // One diagnostic an opener: the first 10 000 are published, and the
    // client's log says so.
    let d = lsp.diagnostics("untitled:openers", 1);
    assert_eq!(d.len(), 10_000);
    assert_eq!(d[9_999]["range"]["start"]["character"], 5 * 9_999);
    let logged = lsp.wait(|m| m["method"] == "window/logMessage");
    let message = logged["params"]["message"].as_str().unwrap();
    assert!(
        message.contains("200000 diagnostics; the first 10000 are shown"),
        "{message}"
    );
    // The server still answers.
    let hover = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:long"},
               "position": {"line": 0, "character": (2 << 20) + 2}}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("uppercase-scheme"));
    assert!(started.elapsed() < PATIENCE);
    assert_eq!(lsp.shutdown(), 0);
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let (lsp, _) = Lsp::start(json!({}));
    assert_eq!(lsp.exit(), 1);
}

/// A tiny deterministic generator: the same edits on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// UTF-16 position of byte `at` (on a char boundary).
fn position(text: &str, at: usize) -> Value {
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[start..at].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}

#[test]
fn random_incremental_edits_leave_the_server_with_the_edited_text() {
    // The server's text after random incremental edits is seen through its
    // diagnostics: they equal those of the same text opened afresh.
    const PIECES: &[&str] = &[
        "a",
        "😀",
        "e\u{301}",
        "\n",
        " ",
        "HTTP://x.example/",
        "%zz",
        "<URL:",
        ">",
        "中",
        "http://",
    ];
    let (mut lsp, _) = Lsp::start(json!({}));
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for case in 0..25 {
        let uri = format!("untitled:edited-{case}");
        let mut text = String::from("See HTTP://a.example/%zz\n");
        lsp.open(&uri, "plaintext", &text);
        let mut changes = Vec::new();
        for _ in 0..=rng.below(12) {
            let bounds: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .collect();
            let a = bounds[rng.below(bounds.len())];
            let b = bounds[rng.below(bounds.len())];
            let (a, b) = (a.min(b), a.max(b));
            let insert: String = (0..rng.below(4))
                .map(|_| PIECES[rng.below(PIECES.len())])
                .collect();
            changes.push(
                json!({"range": {"start": position(&text, a), "end": position(&text, b)},
                                "text": insert}),
            );
            text.replace_range(a..b, &insert);
        }
        lsp.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes}),
        );
        let fresh = format!("untitled:fresh-{case}");
        lsp.open(&fresh, "plaintext", &text);
        let edited = lsp.diagnostics(&uri, 2);
        let opened = lsp.diagnostics(&fresh, 1);
        assert_eq!(edited, opened, "case {case}: {text:?}");
    }
    assert_eq!(lsp.shutdown(), 0);
}
