//! One input, start to end: sniff → (mail | document | text) → scan →
//! lint → map positions back to the file → drop what is excluded or
//! suppressed. Results go to a callback as they are ready, so a file of
//! any size streams through in bounded memory.

use std::io::{self, Cursor, Read};
use std::sync::{Arc, Mutex, PoisonError};

use super::{per_file_ignored, Finding, Linter, MailMode, MailRef, Snippet, Source};
use crate::document::{self, Syntax};
use crate::error::Error;
use crate::input::mail::{self, MailKind, TextPart};
use crate::input::sniff::{self, Kind};
use crate::rules::runner::{Shown, Wrapper};
use crate::rules::suppress::{self, Directives};
use crate::rules::{Diagnostic, Rule, RuleConfig};
use crate::scan::{Candidate, Scanner};
use crate::span::Pos;

/// Largest file read as a document; a larger one is streamed as plain
/// text, so memory stays bounded.
const DOCUMENT_MAX: usize = 16 << 20;
/// Diagnostics are held until the file ends, so a suppression comment
/// later on their line, or an `ignore-file` anywhere, can still silence
/// them; past this many they are let go, and a later comment only
/// silences what follows.
const HOLD_MAX: usize = 10_000;

/// What reading one input produced, in input order.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // mail refs and notes are the CLI's
pub(crate) enum Event {
    /// A URL found and not excluded (unterminated wrappers and empty URLs
    /// included: `check` reports them, `extract` leaves them out), its
    /// positions in the file.
    Url(Candidate, Option<MailRef>),
    /// A diagnostic that no comment or setting silences (`check` only).
    Finding(Finding),
    /// Something wrong with the input that did not stop its reading.
    Warning(Warning),
}

/// A problem with the input, at a line when it has one.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) struct Warning {
    pub line: Option<u64>,
    pub message: String,
    /// A note (the input was read another way than asked), not a warning.
    pub note: bool,
}

/// How reading went.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    /// Why the input was not read at all (binary, urlint's own SARIF log).
    pub skipped: Option<&'static str>,
    /// Why fixes cannot be written back to the input, if they cannot.
    pub not_rewritable: Option<&'static str>,
}

/// Counts nothing; feeds the suppression-comment reader the text as the
/// scanner reads it, so comments are known by the time results are.
struct Feed<'a, R> {
    inner: R,
    directives: Option<&'a Directives>,
}

impl<R: Read> Read for Feed<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(d) = self.directives {
            d.feed(&buf[..n]);
        }
        Ok(n)
    }
}

/// Ends the input at its first read error, kept in `error` for a note.
struct StopAtError<R> {
    inner: R,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl<R: Read> Read for StopAtError<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Err(e) if e.kind() != io::ErrorKind::Interrupted => {
                *self.error.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                Ok(0)
            }
            r => r,
        }
    }
}

/// One input's diagnostics on their way out.
struct Held<'a, F> {
    emit: F,
    directives: &'a Directives,
    findings: Vec<Finding>,
    /// A URL with its colon was found (`https://`, `http://`, `ftp://`).
    colon_seen: bool,
    /// Held `misspelled-scheme` diagnostics of a scheme without its colon
    /// (`https//host`).
    colonless: usize,
}

/// This many URLs without their colon (`https//imgur.com/a/x`) and not
/// one with it, in a whole file (the judgement waits for its end): the
/// text lost every colon on its way here (a scraped corpus's article
/// text, an IRC log's conversion), and the slips are the converter's, not
/// an author's to fix.
const STRIPPED_MIN: usize = 5;

/// Whether a URL starts with `http`, `https` or `ftp`, then `//` with
/// (`colon`) or without a colon between.
fn web_scheme_then_slashes(url: &str, colon: bool) -> bool {
    let (sep, n) = if colon { ("://", 3) } else { ("//", 2) };
    ["https", "http", "ftp"].iter().any(|s| {
        url.len() >= s.len() + n
            && url.as_bytes()[..s.len()].eq_ignore_ascii_case(s.as_bytes())
            && url[s.len()..].starts_with(sep)
    })
}

/// What every candidate of one input is linted with, on whichever thread
/// found it.
#[derive(Clone, Copy)]
struct PerFile<'a> {
    /// The input starts with a UTF-8 byte order mark.
    bom: bool,
    linting: Linting,
    shown: Shown,
    wrapper: Option<Wrapper>,
    /// The rules `[per-file-ignores]` turns off for this input.
    ignored: Option<&'a RuleConfig>,
}

/// Which candidates are linted: data, not prose, only with `--lint-data`
/// (`extract` lists it, `check` counts it as found and leaves it).
#[derive(Clone, Copy)]
enum Linting {
    /// `extract`, or `check` of an input that is data as a whole.
    Off,
    /// `check`: every candidate but the ones found in data.
    Prose,
    /// `check --lint-data`.
    All,
}

/// A candidate made ready for the output: not excluded, linted, its
/// positions and its diagnostics' in the file's coordinates.
struct Ready {
    cand: Candidate,
    mail: Option<MailRef>,
    findings: Vec<Finding>,
}

impl<F: FnMut(Event)> Held<'_, F> {
    /// Pass on a reader's warning (`note`: a remark, not a fault).
    fn warn(&mut self, line: Option<u64>, message: String, note: bool) {
        (self.emit)(Event::Warning(Warning {
            line,
            message,
            note,
        }));
    }

    /// Let the held diagnostics go, less the ones a comment silences;
    /// `end`: the input is read to its end, so what the whole text shows
    /// (every colon lost) can be judged.
    fn release(&mut self, end: bool) {
        let stripped = end && !self.colon_seen && self.colonless >= STRIPPED_MIN;
        for f in self.findings.drain(..) {
            let d = &f.diag;
            if self.directives.silences(d.span.start.line, d.rule) || stripped && is_colonless(d) {
                continue;
            }
            (self.emit)(Event::Finding(f));
        }
    }

    /// Pass on a candidate, holding its diagnostics.
    fn deliver(&mut self, ready: Ready) {
        self.colon_seen |= web_scheme_then_slashes(&ready.cand.url, true);
        self.colonless += ready
            .findings
            .iter()
            .filter(|f| is_colonless(&f.diag))
            .count();
        if !ready.findings.is_empty() {
            self.findings.extend(ready.findings);
            if self.findings.len() >= HOLD_MAX {
                self.release(false);
            }
        }
        (self.emit)(Event::Url(ready.cand, ready.mail));
    }
}

/// A `misspelled-scheme` diagnostic of a scheme without its colon.
fn is_colonless(d: &Diagnostic) -> bool {
    d.rule == Rule::MisspelledScheme && web_scheme_then_slashes(&d.url, false)
}

impl Linter {
    /// Read one input and hand its results to `emit`. `check` lints; else
    /// URLs are only found.
    pub(crate) fn read(
        &self,
        scanner: &mut Scanner,
        reader: Box<dyn Read + Send>,
        source: &Source,
        check: bool,
        emit: impl FnMut(Event),
    ) -> Result<Outcome, Error> {
        let mut opened = sniff::open(reader)?;
        let mut outcome = Outcome::default();
        // Compressed data whose first block does not decompress: an error
        // in a file named as compressed (`notes.txt.gz` cut short); in any
        // other, data that only starts like it (rdoc's `binary.dat`, the
        // `file` command's zstd test files), skipped as binary.
        let named = |p: &std::path::Path| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            crate::input::without_compression(&name).len() < name.len()
        };
        let named_compressed = source.path.as_deref().is_some_and(named);
        if let Some(e) = opened.undecodable.take() {
            if named_compressed {
                return Err(e.into());
            }
            outcome.skipped =
                Some("starts like compressed data but does not decompress, skipped as binary");
            return Ok(outcome);
        }
        if is_own_sarif(&opened.head) {
            outcome.skipped = Some("urlint's own SARIF log, skipped");
            return Ok(outcome);
        }
        if opened.kind == Kind::Binary && !self.binary {
            outcome.skipped = Some(sniff::binary_reason(&opened.head));
            return Ok(outcome);
        }
        // A file the name alone calls text may say otherwise in its head:
        // a `.txt` opening with YAML front matter is Markdown, any one
        // opening with `BEGIN:VCALENDAR` iCalendar (a feed cached under a
        // hash); a `[syntax]` table is obeyed as is.
        let syntax = source.syntax.unwrap_or_else(|| {
            source.path.as_deref().map_or(Syntax::Text, |p| {
                let named = self.syntax_for(p);
                let txt = p.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"));
                // `fileutil.n`: a Tcl manual page, roff by its head.
                let n = p.extension().is_some_and(|e| e == "n");
                // libfmt's `ChangeLog.rst`, shipped by Debian as `changelog`.
                let bare = p.extension().is_none();
                let refined = named.refined_by_head(&opened.head);
                if self.settings.syntax.is_empty()
                    && (txt
                        || refined == Syntax::Icalendar
                        || (n && refined == Syntax::Roff)
                        || (bare && refined == Syntax::Rst))
                {
                    refined
                } else {
                    named
                }
            })
        });
        // A patch `git format-patch` wrote is a mail, but its hunks are
        // what it holds: read by its name unless `--mail` says otherwise.
        let mail_kind = match self.mail {
            MailMode::Never => None,
            MailMode::Auto if syntax == Syntax::Diff => None,
            MailMode::Auto => mail::sniff(&opened.head),
            MailMode::Always => Some(mail::sniff(&opened.head).unwrap_or(MailKind::Message)),
        };
        outcome.not_rewritable = if mail_kind.is_some() {
            Some("mail is never rewritten")
        } else {
            opened.decoded
        };
        // Such data may also fail further on (Yaws' `compile_layout.dia`, a
        // gzip whose checksum is wrong): the text up to the failure is read
        // and the failure noted, not counted as an unreadable file.
        let late = (opened.compressed && !named_compressed).then(|| Arc::new(Mutex::new(None)));
        let inner: Box<dyn Read + Send> = match &late {
            Some(slot) => Box::new(StopAtError {
                inner: opened.reader,
                error: Arc::clone(slot),
            }),
            None => opened.reader,
        };
        let directives = Directives::default();
        let reader = Feed {
            inner,
            directives: check.then_some(&directives),
        };
        let ignored = source.path.as_deref().and_then(|p| self.ignored_rules(p));
        let mut held = Held {
            emit,
            directives: &directives,
            findings: Vec::new(),
            colon_seen: false,
            colonless: 0,
        };
        let data = source.data
            || is_rendered_diff(&opened.head)
            || is_spec_examples(&opened.head)
            || is_iana_registry(&opened.head)
            || is_tex_log(&opened.head)
            || (syntax == Syntax::Html
                && (is_prerendered_app(&opened.head) || is_pipermail_message(&opened.head)));
        let per_file = PerFile {
            bom: opened.utf8_bom,
            linting: match (check, self.settings.lint_data, data) {
                (false, _, _) | (true, false, true) => Linting::Off,
                (true, false, false) => Linting::Prose,
                (true, true, _) => Linting::All,
            },
            shown: source
                .path
                .as_deref()
                .map_or(Shown::Nothing, |p| shown_by_path(p, syntax)),
            wrapper: self.wrapper(syntax),
            ignored: ignored.as_ref(),
        };
        let mut diags = Vec::new();
        let mut take = |cand: Candidate, part: Option<&TextPart>, held: &mut Held<'_, _>| {
            if let Some(ready) = self.prepare(cand, part, per_file, &mut diags) {
                held.deliver(ready);
            }
        };
        let result = match mail_kind {
            None if syntax == Syntax::Text => {
                scanner.scan_stream(reader, |cand| take(cand, None, &mut held))
            }
            None => {
                let mut notes = Vec::new();
                let r = read_document(scanner, reader, syntax, &mut notes, |cand| {
                    take(cand, None, &mut held);
                });
                for message in notes {
                    held.warn(None, message, true);
                }
                r
            }
            // An mbox on every thread allowed: parts decoded and scanned
            // on workers, taken here in file order.
            Some(MailKind::Mbox) if scanner.threads() > 1 => {
                let mut warnings = Vec::new();
                let r = mail::for_each_part_parallel(
                    reader,
                    &self.mail_options,
                    scanner.threads(),
                    || (self.scanner(check), Vec::new()),
                    // Linted and mapped to the file on the worker, which
                    // also drops the part: memory is freed by the thread
                    // that took it (glibc's arenas are slow otherwise).
                    |(scanner, diags), part| {
                        let mut ready = Vec::new();
                        scan_part(scanner, &part, |cand| {
                            ready.extend(self.prepare(cand, Some(&part), per_file, diags));
                        });
                        ready
                    },
                    |ready| {
                        for r in ready {
                            held.deliver(r);
                        }
                    },
                    |w| warnings.push((w.pos.line, w.to_string())),
                );
                for (line, message) in warnings {
                    held.warn(Some(line), message, false);
                }
                r
            }
            Some(kind) => {
                let mut warnings = Vec::new();
                let r = mail::for_each_part(
                    reader,
                    kind,
                    &self.mail_options,
                    |part| {
                        scan_part(scanner, &part, |cand| take(cand, Some(&part), &mut held));
                    },
                    |w| warnings.push((w.pos.line, w.to_string())),
                );
                for (line, message) in warnings {
                    held.warn(Some(line), message, false);
                }
                r
            }
        };
        directives.finish();
        held.release(true);
        result?;
        if let Some(e) = late
            .as_ref()
            .and_then(|slot| slot.lock().unwrap_or_else(PoisonError::into_inner).take())
        {
            held.warn(
                None,
                format!("compressed data fails further on ({e}): read up to there"),
                false,
            );
        }
        for w in directives.warnings() {
            let (line, message) = w.split_once(": ").unwrap_or(("", &w));
            held.warn(line.parse().ok(), message.to_string(), false);
        }
        Ok(outcome)
    }

    /// Make one candidate ready for the output; `part` is the decoded mail
    /// part it was found in, whose coordinates it is in until mapped back
    /// to the file here. `None` when the URL is excluded.
    fn prepare(
        &self,
        mut cand: Candidate,
        part: Option<&TextPart>,
        pf: PerFile<'_>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Ready> {
        if self.excludes_url(&cand.url) {
            return None;
        }
        let mail = part.map(|p| MailRef {
            message_id: p.message_id.clone(),
            index: p.message_index,
        });
        // A UTF-8 byte order mark is no character a reader sees: columns
        // on line 1 count from after it (offsets stay byte offsets).
        let to_file = |mut p: Pos| {
            if let Some(part) = part {
                p = part.original_pos(p);
            }
            if pf.bom && p.line == 1 && p.column > 1 {
                p.column -= 1;
            }
            p
        };
        let lint = match pf.linting {
            Linting::Off => false,
            Linting::Prose => !cand.facts.data,
            Linting::All => true,
        };
        let mut findings = Vec::new();
        if lint {
            // An HTML mail part is markup: no wrapper can be added as text.
            let wrapper = pf.wrapper.filter(|_| !part.is_some_and(|p| p.html));
            diags.clear();
            self.validator.check_in(&cand, diags, wrapper, pf.shown);
            for mut diag in diags.drain(..) {
                if per_file_ignored(pf.ignored, diag.rule) {
                    continue;
                }
                // The excerpt holds the URL's whole lines, so a comment
                // right after it is seen before the file is read that far.
                if let Some(ex) = &cand.excerpt {
                    if suppress::is_suppressed(ex, diag.span.start.line, diag.rule) {
                        continue;
                    }
                }
                let snippet = cand.excerpt.as_ref().map(|e| Snippet {
                    excerpt: e.clone(),
                    span: diag.span,
                    labels: diag.labels.iter().map(|l| l.span).collect(),
                });
                diag.span.start = to_file(diag.span.start);
                diag.span.end = to_file(diag.span.end);
                for l in &mut diag.labels {
                    l.span.start = to_file(l.span.start);
                    l.span.end = to_file(l.span.end);
                }
                if let Some(fix) = &mut diag.fix {
                    for e in &mut fix.edits {
                        e.span.start = to_file(e.span.start);
                        e.span.end = to_file(e.span.end);
                    }
                }
                findings.push(Finding {
                    diag,
                    snippet,
                    mail: mail.clone(),
                });
            }
        }
        if part.is_some() || pf.bom {
            cand.map_positions(to_file);
        }
        Some(Ready {
            cand,
            mail,
            findings,
        })
    }
}

/// Scan one decoded mail part: an HTML or iCalendar part as a document,
/// any other as text.
fn scan_part(scanner: &mut Scanner, part: &TextPart, sink: impl FnMut(Candidate)) {
    if part.html || part.calendar {
        let syntax = if part.html {
            Syntax::Html
        } else {
            Syntax::Icalendar
        };
        let doc = document::read(syntax, &part.text);
        scanner.scan_document(&doc, &part.text, sink);
    } else {
        // Every position is mapped back to the file from its offset.
        scanner.scan_slice_offsets(part.text.as_bytes(), sink);
    }
}

/// What a document shows on purpose, by its path. A security advisory, by
/// its file name (`CVE-2022-27780.md`, `GHSA-xxxx-xxxx-xxxx.md`): its
/// malformed URLs are the exploit's input (`http://example.com%2F10.0.0.1/`
/// "would be allowed by ..."). A page on an attack technique, by its name
/// or its folder's (the payload collection's `Server Side Request
/// Forgery/README.md`, OWASP's `XSS_Filter_Evasion_Cheat_Sheet.md`): its
/// URLs are the payloads. A URL library's source code, by its name
/// (wget's `url.c`, Perl's `URI.pm`, w3lib's `_url.py`, nodemailer's
/// `url.js`, or a file in a `url` or `uri` folder): its comments' odd URLs
/// are the cases it handles.
fn shown_by_path(path: &std::path::Path, syntax: Syntax) -> Shown {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Shown::Nothing;
    };
    let cve = name
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("CVE-"))
        && name[4..].starts_with(|c: char| c.is_ascii_digit());
    let ghsa = name
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("GHSA-"));
    if cve || ghsa {
        return Shown::Advisory;
    }
    let attack = path
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .any(names_an_attack);
    if attack {
        Shown::Attacks
    } else if is_code(syntax) && is_url_library(path) {
        Shown::Parser
    } else {
        Shown::Nothing
    }
}

/// The syntaxes of source code, whose comments are its prose.
fn is_code(syntax: Syntax) -> bool {
    matches!(
        syntax,
        Syntax::C | Syntax::Shell | Syntax::Python | Syntax::Lua | Syntax::Lisp
    )
}

/// Whether a source file's name, or its folder's, says it parses URLs: a
/// stem (less a leading `_`) of `url`, `uri`, `urls`, `urlparse`,
/// `url_parser`, `urlutils`, Racket's `url-string`... , or a folder named
/// `url` or `uri` (Perl's `URI/_generic.pm`).
fn is_url_library(path: &std::path::Path) -> bool {
    let word = |s: &str| {
        let s = s.trim_start_matches('_').to_ascii_lowercase();
        let rest = s
            .strip_prefix("url")
            .or_else(|| s.strip_prefix("uri"))
            .map(|r| r.trim_start_matches(['_', '-']));
        rest.is_some_and(|r| {
            ["", "s", "parse", "parser", "util", "utils", "lib", "string"].contains(&r)
        })
    };
    let stem = path.file_stem().and_then(|n| n.to_str()).unwrap_or("");
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .is_some_and(|f| ["url", "uri"].contains(&f.to_ascii_lowercase().as_str()));
    word(stem) || folder
}

/// Whether a file's or folder's name names a web attack technique, as a
/// word (`SSRF-Cloud-Instances.md`, `Open Redirect`, `CRLF Injection`,
/// penetration testing's notes, `Pentesting/`, `渗透测试面试题库`;
/// not `injections.rs`'s dependency injection, nor `openness`).
fn names_an_attack(name: &str) -> bool {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let has = |w: &str| words.iter().any(|x| x == w);
    let pair = |a: &str, b: &str| words.windows(2).any(|p| p[0] == a && p[1] == b);
    // PortSwigger's Web Security Academy: notes on its labs (`portswigger/`).
    [
        "ssrf",
        "xss",
        "csrf",
        "xxe",
        "crlf",
        "ssti",
        "payloads",
        "pentest",
        "pentesting",
        "portswigger",
    ]
        .iter()
        .any(|w| has(w))
        || pair("request", "forgery")
        || pair("penetration", "testing")
        // Penetration testing, in Chinese (`渗透测试面试题库`).
        || name.contains("渗透测试")
        || pair("open", "redirect")
        || pair("filter", "evasion")
        || (has("injection") && !has("dependency"))
}

/// Whether `head` says the page is a diff a tool rendered in HTML
/// (rfcdiff's side-by-side comparison of two drafts: `<!-- Generated by
/// rfcdiff 1.46 -->`, or in older versions only its title, `<title>Diff:
/// a.txt - b.txt</title>`): both sides are copies of other documents, cut
/// into table cells, and nobody edits the page. Its URLs are data.
fn is_rendered_diff(head: &[u8]) -> bool {
    let head = &head[..head.len().min(1024)];
    let titled = memchr::memmem::find(head, b"<title>Diff: ").is_some_and(|k| {
        let title = &head[k..];
        let end = memchr::memmem::find(title, b"</title>").unwrap_or(0);
        memchr::memmem::find(&title[..end], b" - ").is_some()
    });
    titled || memchr::memmem::find(head, b"<!-- Generated by rfcdiff").is_some()
}

/// Whether `head` begins a mail archive's message page that Mailman's
/// pipermail wrote (`<LINK REL="made" HREF="mailto:…">` and `<META
/// NAME="robots" CONTENT="index,nofollow">`): someone's mail, escaped into
/// HTML, with links pipermail made by itself (taking `&lt;/a` into them,
/// whatwg.org's archives); nobody edits it, and its mail's URLs are data.
fn is_pipermail_message(head: &[u8]) -> bool {
    let head = &head[..head.len().min(2048)];
    memchr::memmem::find(head, b"<LINK REL=\"made\" HREF=\"mailto:").is_some()
        && memchr::memmem::find(head, b"<META NAME=\"robots\" CONTENT=\"index,nofollow\">")
            .is_some()
}

/// Whether `head` is the `CommonMark` (or GFM) spec's examples dumped as
/// JSON (`spec_tests.py --dump-tests`, which Markdown parsers keep for
/// their conformance tests: `{"markdown": "…", "html": "…", "example": 1,
/// "start_line": …}`): each example's input is malformed on purpose, as
/// the spec's own `example` blocks are.
fn is_spec_examples(head: &[u8]) -> bool {
    let head = &head[..head.len().min(1024)];
    head.trim_ascii_start().starts_with(b"[")
        && [&b"\"markdown\":"[..], b"\"html\":", b"\"example\":"]
            .iter()
            .all(|k| memchr::memmem::find(head, k).is_some())
}

/// Whether `head` begins a copy of an IANA registry in its XML form
/// (`<registry xmlns="http://www.iana.org/assignments"`: netaddr's
/// `multicast-addresses.xml`): published data, fixed by nobody in the
/// project, whose contacts are written `mailto:a.c.spelt&kpn.com` on
/// purpose, as an IETF document copy is (see `walk::is_standard_copy`).
fn is_iana_registry(head: &[u8]) -> bool {
    let head = &head[..head.len().min(2048)];
    memchr::memmem::find(head, b"<registry xmlns=\"http://www.iana.org/assignments\"").is_some()
}

/// Whether `head` begins a TeX engine's log (`This is XeTeX, Version
/// 3.14159265…`: rOpenSci's `ropensci-dev-guide.log`, committed by
/// mistake): the program's output, its lines cut at 79 columns right
/// through the URLs, fixed by rerunning TeX, not by editing. (A `.log`
/// is not data by its name: the ABS Guide's `Change.log` is a changelog.)
fn is_tex_log(head: &[u8]) -> bool {
    // The engine's name, one word: `pdfTeX`, `XeTeX`, `LuaHBTeX`, `e-TeX`.
    head.strip_prefix(b"This is ").is_some_and(|rest| {
        let name = rest
            .iter()
            .take(16)
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
            .count();
        rest[..name].ends_with(b"TeX") && rest[name..].starts_with(b", Version ")
    })
}

/// Whether `head` is a page a JavaScript framework prerendered: its head
/// loads the framework's built bundles (`_app/immutable/` for `SvelteKit`,
/// `/_next/static/` for Next.js, `/_nuxt/` for Nuxt). The app rewrites the
/// page when it loads (pocketbase's footer link `mailto:support` gets its
/// domain there, against spam harvesters), and the page is rebuilt from
/// its sources, where any defect is fixed: build output, as `dist/` is
/// (see `walk::in_data_folder`). Its URLs are data.
fn is_prerendered_app(head: &[u8]) -> bool {
    const BUNDLES: [&[u8]; 3] = [b"_app/immutable/", b"_next/static/", b"_nuxt/"];
    BUNDLES.iter().any(|bundle| {
        memchr::memmem::find_iter(head, bundle).any(|k| {
            // Only as an attribute's value (`href="../../_app/…"`,
            // `src="/_next/…"`), not a page's words about the framework.
            let before = head[..k].trim_ascii_end();
            let path = before
                .iter()
                .rposition(|&b| b == b'"' || b == b'\'')
                .map_or(before, |q| &before[q + 1..]);
            let attr = &before[..before.len() - path.len()];
            path.iter().all(|&b| b == b'.' || b == b'/')
                && (attr.ends_with(b"href=\"")
                    || attr.ends_with(b"src=\"")
                    || attr.ends_with(b"href='")
                    || attr.ends_with(b"src='"))
        })
    })
}

/// Whether `head` begins urlint's own SARIF log: linting it would report
/// every rule's examples again, so a walk never reads it.
fn is_own_sarif(head: &[u8]) -> bool {
    // Asked of every file: the first byte rules out nearly all at once.
    if head.trim_ascii_start().first() != Some(&b'{') {
        return false;
    }
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.trim_start().starts_with('{')
        && text.contains("\"$schema\"")
        && text.contains("sarif")
        && text.contains("\"name\": \"urlint\"")
}

/// Read a whole file as `syntax` and scan it. A file past
/// [`DOCUMENT_MAX`], or not UTF-8, is scanned as plain text instead (the
/// first with a note, as its markup will not be understood).
fn read_document(
    scanner: &mut Scanner,
    mut reader: impl Read,
    syntax: Syntax,
    notes: &mut Vec<String>,
    sink: impl FnMut(Candidate),
) -> io::Result<()> {
    // Into the scanner's buffer: memory earlier files already touched.
    let (mut store, read) = scanner.read_whole(&mut reader, DOCUMENT_MAX + 1);
    let n = match read {
        Ok(n) => n,
        Err(e) => {
            scanner.return_buffer(store);
            return Err(e);
        }
    };
    if n > DOCUMENT_MAX {
        let head = store[..n].to_vec();
        scanner.return_buffer(store);
        notes.push(format!(
            "larger than {} MiB, read as plain text instead of {}",
            DOCUMENT_MAX >> 20,
            syntax.as_str()
        ));
        return scanner.scan_reader(Cursor::new(head).chain(reader), sink);
    }
    // Not UTF-8 (a Latin-1 catalogue or page): read by its syntax all the
    // same, each byte that is not UTF-8 standing in as one control
    // character, so every position stays the file's and no URL runs
    // through such a byte.
    // Validated once, by SIMD (std's check ran twice over every page).
    if simdutf8::basic::from_utf8(&store[..n]).is_err() {
        stand_in(&mut store[..n]);
    }
    if let Ok(text) = simdutf8::basic::from_utf8(&store[..n]) {
        let doc = document::read(syntax, text);
        scanner.scan_document(&doc, text, sink);
    }
    scanner.return_buffer(store);
    Ok(())
}

/// Replace each byte of an invalid UTF-8 sequence in `bytes` by SUB
/// (U+001A), keeping valid text: the length, and so every offset, stays.
fn stand_in(bytes: &mut [u8]) {
    let mut at = 0;
    while let Err(e) = std::str::from_utf8(&bytes[at..]) {
        let bad = at + e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - bad);
        bytes[bad..bad + len].fill(0x1A);
        at = bad + len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_on_attacks_are_known_by_their_paths() {
        use std::path::Path;
        for path in [
            "Server Side Request Forgery/README.md",
            "SSRF-Cloud-Instances.md",
            "cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.md",
            "CRLF Injection/README.md",
            "Open Redirect/README.md",
            "docs/payloads/list.md",
            "notes/Pentesting/web.md",
            "docs/penetration-testing.md",
            "20-渗透测试面试题库/渗透测试面试题大全.md",
            "learning/portswigger/dom-cookie-manipulation/exploit.html",
        ] {
            assert_eq!(
                shown_by_path(Path::new(path), Syntax::Markdown),
                Shown::Attacks,
                "{path}"
            );
        }
        assert_eq!(
            shown_by_path(Path::new("advisories/CVE-2022-27780.md"), Syntax::Markdown),
            Shown::Advisory
        );
        // Near misses: words inside others, and dependency injection.
        for path in [
            "docs/dependency-injection.md",
            "src/injections.rs",
            "docs/openness/redirects.md",
            "docs/xssafe.md",
            "docs/CVE-list.md",
            "docs/penetration.md",
            "docs/testing.md",
        ] {
            assert_eq!(
                shown_by_path(Path::new(path), Syntax::Markdown),
                Shown::Nothing,
                "{path}"
            );
        }
    }

    #[test]
    fn a_url_librarys_source_is_known_by_its_name() {
        use std::path::Path;
        for path in [
            "src/url.c",
            "fatlib/URI.pm",
            "w3lib/_url.py",
            "dist/cjs/shared/url.js",
            "lib/urlparse.py",
            "src/url_parser.rs",
            "lib/URI/_generic.pm",
            "src/url/host.rs",
            "collects/net/url-string.rkt",
        ] {
            let syntax = Syntax::from_path(Path::new(path));
            assert_eq!(
                shown_by_path(Path::new(path), syntax),
                Shown::Parser,
                "{path}"
            );
        }
        // Near misses: a page about URLs, a name with more in it, a
        // folder further up.
        for path in [
            "docs/url.md",
            "src/urlencode.c",
            "src/curl.c",
            "src/url/parse/host.rs",
            "src/uris.txt",
        ] {
            let syntax = Syntax::from_path(Path::new(path));
            assert_eq!(
                shown_by_path(Path::new(path), syntax),
                Shown::Nothing,
                "{path}"
            );
        }
    }

    #[test]
    fn an_iana_registry_is_known_by_its_head() {
        let head = b"<?xml version='1.0' encoding='UTF-8'?>\n<registry xmlns=\"http://www.iana.org/assignments\" id=\"multicast-addresses\">\n";
        assert!(is_iana_registry(head));
        // Near misses: a page linking to the registries, another registry.
        assert!(!is_iana_registry(
            b"<p>See <a href=\"http://www.iana.org/assignments\">IANA</a></p>\n"
        ));
        assert!(!is_iana_registry(b"<registry xmlns=\"urn:example\">\n"));
    }

    #[test]
    fn a_tex_log_is_known_by_its_first_line() {
        for head in [
            &b"This is XeTeX, Version 3.14159265-2.6-0.99999 (TeX Live 2018) (preloaded format=xelatex 2019.4.23)  23 APR 2019 11:15\nentering extended mode\n"[..],
            b"This is pdfTeX, Version 3.141592653-2.6-1.40.25 (TeX Live 2023) (preloaded format=pdflatex)\n",
            b"This is LuaHBTeX, Version 1.17.0 (TeX Live 2023)  (format=lualatex 2023.5.1)\n",
        ] {
            assert!(is_tex_log(head), "{}", String::from_utf8_lossy(head));
        }
        // Near misses: a changelog (the ABS Guide's `Change.log`), prose
        // naming the engine, the engine's name after the first line.
        for head in [
            &b"Changes in version 10: fixed http://http://bash.deta.in/Change.log\n"[..],
            b"This is a guide to XeTeX, Version 3 and later.\n",
            b"Build output\nThis is pdfTeX, Version 3.14\n",
        ] {
            assert!(!is_tex_log(head), "{}", String::from_utf8_lossy(head));
        }
    }

    #[test]
    fn a_prerendered_app_page_is_known_by_its_bundles() {
        for head in [
            &b"<head>\n<link href=\"../../_app/immutable/assets/2.0975cac3.css\" rel=\"stylesheet\">"[..],
            b"<link rel=\"modulepreload\" href=\"/_app/immutable/entry/start.js\">",
            b"<script src=\"/_next/static/chunks/main-3c1e.js\" defer></script>",
            b"<link rel='preload' href='/_nuxt/entry.4f2a.js'>",
        ] {
            assert!(is_prerendered_app(head), "{}", String::from_utf8_lossy(head));
        }
        // Near misses: the page's words about the framework, an asset
        // folder of another name, a bundle on another site's path.
        for head in [
            &b"<p>Built files go to <code>_app/immutable/</code> and <code>/_next/static/</code>.</p>"[..],
            b"<link href=\"/assets/app.4f2a.css\" rel=\"stylesheet\">",
            b"<a href=\"https://example.com/docs/_nuxt/\">the folder</a>",
        ] {
            assert!(!is_prerendered_app(head), "{}", String::from_utf8_lossy(head));
        }
    }

    #[test]
    fn a_pipermail_message_page_is_known_by_its_head() {
        let head = b"<HTML>\n <HEAD>\n   <TITLE> [html5] r793 - /\n   </TITLE>\n   <LINK REL=\"Index\" HREF=\"index.html\" >\n   <LINK REL=\"made\" HREF=\"mailto:commit-watchers%40lists.whatwg.org?Subject=Re%3A%20r793\">\n   <META NAME=\"robots\" CONTENT=\"index,nofollow\">\n";
        assert!(is_pipermail_message(head));
        // Near misses: an archive's index page (no `made` link, not
        // indexed), a page with only an author's `made` link.
        for head in [
            &b"<title>The whatwg April 2009 Archive by date</title>\n<META NAME=\"robots\" CONTENT=\"noindex,follow\">"[..],
            b"<LINK REL=\"made\" HREF=\"mailto:me@a.example\">\n<title>Home</title>",
        ] {
            assert!(!is_pipermail_message(head), "{}", String::from_utf8_lossy(head));
        }
    }

    #[test]
    fn the_spec_examples_as_json_are_known_by_their_head() {
        let dump = b"[\n  {\n    \"markdown\": \"<https://foo.bar.`baz>`\\n\",\n    \"html\": \"<p>x</p>\\n\",\n    \"example\": 346,\n    \"start_line\": 6230\n  }";
        assert!(is_spec_examples(dump));
        // Near misses: a document with a `markdown` field, and no array.
        assert!(!is_spec_examples(
            b"[{\"markdown\": \"# Title\", \"title\": \"x\"}]"
        ));
        assert!(!is_spec_examples(
            b"{\"markdown\": \"a\", \"html\": \"b\", \"example\": 1}"
        ));
    }

    #[test]
    fn an_rfcdiff_page_is_known_by_its_head() {
        let head = b"<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\"> \n<!-- Generated by rfcdiff 1.46: rfcdiff  --> \n<html>";
        assert!(is_rendered_diff(head));
        assert!(is_rendered_diff(b"<html>\n<head>\n  <title>Diff: frankenRFC723x_sem.txt - draft-ietf-httpbis-semantics-latest.txt</title>"));
        assert!(!is_rendered_diff(
            b"<html><title>Diff: how to read one</title>"
        ));
        // Near misses: another generator, and the words in the page's text.
        assert!(!is_rendered_diff(b"<!-- Generated by Sphinx -->\n<html>"));
        let late = format!("<html>{}<!-- Generated by rfcdiff -->", " ".repeat(2000));
        assert!(!is_rendered_diff(late.as_bytes()));
    }

    #[test]
    fn invalid_utf8_stands_in_byte_for_byte() {
        let mut bytes = b"caf\xe9 http://a.example/\xff\xfe x \xe2\x82".to_vec();
        let len = bytes.len();
        stand_in(&mut bytes);
        assert_eq!(bytes.len(), len);
        assert_eq!(
            std::str::from_utf8(&bytes).unwrap(),
            "caf\u{1a} http://a.example/\u{1a}\u{1a} x \u{1a}\u{1a}"
        );
        let mut valid = "ünïcödé".as_bytes().to_vec();
        stand_in(&mut valid);
        assert_eq!(valid, "ünïcödé".as_bytes());
    }
}
