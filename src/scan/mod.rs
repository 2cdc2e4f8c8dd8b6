//! The scanner: finds URL candidates in a byte stream, the way RFC 1738's
//! appendix "Recommendations for URLs in Context" says a reader should.
//!
//! One streaming pass. `memchr(b':')` finds triggers; a `:` may end a
//! scheme (`trigger.rs`), whose text may follow a `<` that opens a wrapper
//! (`wrapper.rs`) or stand bare (`bare.rs`). Each trigger sees a bounded
//! window of the input (512 bytes back, 128 KiB ahead), the same whether the input is a slice or a reader,
//! so both give identical results; a forward-only cursor (`position.rs`)
//! turns offsets into line and column.
//!
//! ```
//! use urlint::scan::{Form, ScanOptions, Scanner};
//!
//! let text = b"See <URL:ftp://ds.internic.net/rfc/\n   rfc1738.txt> or http://a/b.";
//! let found = Scanner::new(ScanOptions::default()).scan_slice(text);
//! assert_eq!(found[0].url, "ftp://ds.internic.net/rfc/rfc1738.txt");
//! assert_eq!(found[0].form, Form::UrlWrapper);
//! assert_eq!((found[1].url.as_str(), found[1].span.start.line), ("http://a/b", 2));
//! ```
//!
//! # Forms
//!
//! - `url-wrapper` `<URL:...>` (`URL:` in any case, whitespace may follow);
//! - `angle` `<scheme:...>` where the scheme is known, or any scheme
//!   followed by `//` (so `<xsl:template>` and `<user@host>` are not URLs);
//! - `url-prefix` `URL:scheme:...` without brackets, any scheme, ended like a
//!   bare URL;
//! - `bare`: a known or configured scheme, any case, not preceded by an
//!   ASCII letter or digit.
//!
//! # Wrappers
//!
//! All whitespace inside the brackets (Unicode spaces, line breaks, the next
//! line's indentation and reply-quote prefix) is removed and each removed run
//! recorded. A hyphen right before removed whitespace (a line break, or
//! the space reflowing leaves in its place) is kept in `url`; the form
//! without it goes into `alternatives` and its index into
//! `facts.hyphen_breaks`. The content ends at the first `>`; a `#fragment`
//! written right after it is recorded, and the URL with it offered as an
//! alternative. It is *unterminated* when a
//! `<` comes first, or a blank line, or an 11th line, or 8 KiB from the `<`:
//! the candidate's span is then just the opener (`<URL:`, or `<` for an angle
//! form), its `url` the first piece of text after it, and scanning goes on
//! right after the opener, so bare URLs inside are still found. An invalid
//! UTF-8 byte inside a wrapper becomes U+FFFD, in a segment of its own.
//!
//! # Bare URLs
//!
//! A bare URL ends at whitespace (any Unicode space), a control character,
//! `<`, `>`, `"`, invalid UTF-8, or a non-ASCII character that is not a
//! letter, digit or combining mark, or is CJK (Han, kana, Hangul, CJK
//! punctuation, full-width forms). Trailing `. , ; : ! ?` are left out; a
//! closing `)`, `]`, `}` or `'` without its opener inside the URL ends it
//! (an apostrophe inside a word, `it's`, stays). A backquote is never last,
//! and ends a URL written right after one (Markdown code spans); so does the
//! `*` or `_` of Markdown emphasis around a URL. A backslash is never last
//! (escaped strings), and `&gt;`, `&lt;`, `&quot;` or `&apos;` (or a numeric
//! reference to one of those characters, `&#39;`) end a URL. A
//! scheme with no letter or digit after it (`http://`, `mailto:`,
//! `http://.`) is not a URL. A bare URL is read for at most 64 KiB; a longer
//! run is cut there and scanning resumes after the cut.
//!
//! # Mistyped schemes
//!
//! So that `misspelled-scheme` can report them, two shapes are found as
//! bare URLs although their scheme is not one to find (`typo.rs`): a word
//! one slip away from `http`, `https` or `ftp` that is no registered or
//! configured scheme, followed by `://` or `:\\` (`htp://`, `hhttps://`,
//! `fpt://`); a known `//` scheme followed by `:://` or `:\\`
//! (`https:://host`, `http:\\host`); and `http`, `https` or `ftp` followed
//! by `//` with no colon (`http//host`), the one trigger that is not a `:`:
//! a second search, for `//`, runs beside the colon search, and nearly
//! every `//` it finds follows a colon and is dismissed at once.
//!
//! # Hard-wrapped bare URLs
//!
//! A bare (or `URL:`-prefixed) URL whose text runs to the end of its line
//! (only a line break follows it, trailing punctuation aside) may continue on
//! the next line. The *next token* is the first word of the next line, after
//! its indentation and the same number of reply-quote marks as the URL's own
//! line, trimmed like a bare URL; it holds a letter or digit, never
//! starts with a known scheme, never holds `://`, and never starts with
//! markup (`[`, `(`, `<`, `{`, `*`, a bar, a quote or a backquote: a Markdown reference definition such as
//! `[1]: http://…` is not a path). It
//! *continues* the URL when either
//!
//! - the URL's line ends with one of `/ - = & %` and the token does not
//!   start with an upper-case letter (a new sentence), or
//! - the token reads as a path piece: it starts with one of `/ ? & = # ~`,
//!   holds one of `/ ? & = # _ ~` or a percent escape (`%20`; not `%global`), or has a dot between two letters or
//!   digits (`req-02.txt`). After a line ending in `.` or `?`, which also
//!   end sentences, only this second kind of evidence counts.
//!
//! The evidence is **strong** when, besides, a wrapping client would have
//! moved the token down because it did not fit: the URL's line is at most
//! 80 columns wide and the line plus a space plus the token is wider than
//! 72 (mail clients wrap at 72 to 80), whatever the line's own width; the
//! line ends where line breaking may cut a URL (after `/ - ? & = # _ ~ +`)
//! or is filled to 70 columns or more (a client cutting an overlong word
//! anywhere), so a short line ending in a letter or digit is never strong;
//! the line does not end in a backslash (a shell or string continuation,
//! broken on purpose, is no evidence at all); and
//! the token reads as a path: it holds `/`, `?`, `=`, `&` or an escape, or ends in
//! a file extension (`november.html`; not after a capital, `Node.js`, nor a
//! mail address's domain after a web URL that ends in a word, `…/~mpeppler` then
//! `mpeppler@peppler.org`),
//! and is not a `key:`, a pip requirement (`name==1.2`, `name!=3.3`), a
//! protocol's version (`HTTP/1.1 300 Multiple Choices` under a `curl` command), the
//! name of an assignment (`name.url = "..."`, `name="..."`), another key
//! of a settings file whose line is `Key=URL` (`#After=network.target`),
//! nor an English function word (`and`, `or`, `the`, `see`, ...); and
//! neither line is laid out in columns (text, then five
//! blanks or a tab, then the URL; or the token followed by such a gap, or by
//! a blank and a URL of its own: a redirect table, not a wrap); nor is the
//! URL's line a comment (`#`, `//`, `;`, `--`) that the next line does not
//! go on. Then `url` is the rejoined form, the literal part goes into
//! `alternatives`, and `facts.broken_bare` is `Rejoined` (`broken-bare-url`);
//! the join repeats over up to 9 lines while the token was alone on its
//! line and the next one is again moved down this way. Otherwise the
//! evidence is **weak**: `url` stays the literal part, the rejoined form goes
//! into `alternatives`, and `facts.broken_bare` is `Literal`
//! (`possibly-broken-url`, off by default). Either way the
//! continuation token is consumed, so it is never reported on its own.
//! A URL glued to a bar (`|https://…/`, a template's parameter or a table's
//! cell) is never continued.
//! A line of 72 to 76 bytes ending in `=` in a quoted-printable body kept
//! undecoded (the `=` in the URL's path, or `=3D`, a line ending in `=20`
//! or another such line near) is the encoding's soft break: no join is
//! tried.

mod bare;
mod buffer;
pub mod candidate;
mod chars;
mod document;
mod emit;
pub(crate) use emit::push_without_tags;
pub(crate) use wrapper::sici_part;
mod parallel;
mod position;
mod quote;
mod trigger;
mod typo;
mod wrap;
mod wrapper;

#[cfg(test)]
mod tests;

pub use candidate::{BrokenBare, Candidate, Excerpt, Facts, Form, Segment};

use std::io::{self, Read};

use crate::document::pattern::{is_escaped_in_expression, is_pattern};
use buffer::Rolling;
use emit::Found;
use position::Cursor;
use trigger::{Schemes, Window};

/// Bytes before a trigger every finder may look at.
const LOOKBACK: usize = 512;
/// Bytes after a trigger every finder may look at; larger than the bare-URL
/// cap plus the hard-wrap look-ahead plus an excerpt's reach.
const LOOKAHEAD: usize = 128 * 1024;
/// Bytes read per `read` call when the options leave it at 0.
const DEFAULT_CAPACITY: usize = 1024 * 1024;
/// Largest buffer a scanner keeps between inputs (see
/// [`Scanner::return_buffer`]).
const BUFFER_KEEP: usize = 4 << 20;

/// What the scanner looks for.
#[derive(Debug, Clone, Default)]
pub struct ScanOptions {
    /// Schemes to find as bare URLs besides the known ones (any case; names
    /// longer than 32 bytes are ignored).
    pub extra_schemes: Vec<String>,
    /// Attach source lines to each candidate (for `check`'s snippets).
    pub excerpts: bool,
    /// Bytes asked of the reader per read in [`Scanner::scan_reader`]; 0
    /// means 256 KiB. Results never depend on it (tests run at 1 and 7).
    pub buffer_capacity: usize,
}

/// A reusable scanner; one per thread. It owns its buffer, so scanning many
/// files allocates only for what it finds.
#[derive(Debug)]
pub struct Scanner {
    options: ScanOptions,
    schemes: Schemes,
    buf: Vec<u8>,
    /// Threads a large stream may be scanned on ([`Scanner::set_threads`]).
    threads: usize,
    /// Count lines and columns ([`Scanner::set_lines`]).
    lines: bool,
}

impl Scanner {
    /// A scanner with these options.
    pub fn new(options: ScanOptions) -> Scanner {
        let schemes = Schemes::new(&options.extra_schemes);
        Scanner {
            options,
            schemes,
            buf: Vec::new(),
            threads: 1,
            lines: true,
        }
    }

    /// Let [`Scanner::scan_stream`] scan a large input on up to `threads`
    /// threads (1, the default: on the caller's only).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Threads a large input may be scanned on ([`Scanner::set_threads`]).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Read `reader` whole, at most `max` bytes, into the scanner's own
    /// buffer, which is lent out for it and must come back through
    /// [`Scanner::return_buffer`]; returns the buffer and how many of its
    /// bytes were read. A document is read whole into memory the stream
    /// scan of the files before it already touched (see
    /// [`buffer::read_whole`]).
    pub(crate) fn read_whole<R: Read>(
        &mut self,
        reader: &mut R,
        max: usize,
    ) -> (Vec<u8>, io::Result<usize>) {
        let mut store = std::mem::take(&mut self.buf);
        let n = buffer::read_whole(&mut store, reader, max);
        (store, n)
    }

    /// Take back the buffer [`Scanner::read_whole`] lent out. One grown
    /// past [`BUFFER_KEEP`] by a large document is let go, so a thread
    /// does not hold its largest document's size for the rest of a walk.
    pub(crate) fn return_buffer(&mut self, store: Vec<u8>) {
        if store.len() <= BUFFER_KEEP {
            self.buf = store;
        }
    }

    /// Whether [`Scanner::scan_reader`], [`Scanner::scan_stream`] and
    /// [`Scanner::scan_document`] count lines and columns (the default).
    /// Off, every position they give is line 1, column 1 with its exact
    /// offset: for a caller that shows no position (`extract`'s plain
    /// output), this spares counting the line breaks of the whole input.
    /// Ignored when excerpts are asked for.
    pub fn set_lines(&mut self, lines: bool) {
        self.lines = lines;
    }

    /// Whether lines and columns are counted ([`Scanner::set_lines`]).
    pub(crate) fn lines(&self) -> bool {
        self.lines || self.options.excerpts
    }

    /// [`Scanner::scan_reader`], or [`Scanner::scan_reader_parallel`] when
    /// more than one thread is allowed and no excerpts are asked for: the
    /// same candidates either way. (`check`, which asks for excerpts,
    /// validates each candidate on one thread, several times slower than
    /// scanning: candidates found ahead, excerpts and all, would only pile
    /// up in memory.)
    pub fn scan_stream<R: Read>(
        &mut self,
        reader: R,
        sink: impl FnMut(Candidate),
    ) -> io::Result<()> {
        if self.threads > 1 && !self.options.excerpts {
            self.scan_reader_parallel(reader, self.threads, sink)
        } else {
            self.scan_reader(reader, sink)
        }
    }

    /// Scan a whole stream, handing each candidate to `sink` in input order.
    /// Memory stays bounded whatever the input's size or line length.
    pub fn scan_reader<R: Read>(
        &mut self,
        mut reader: R,
        mut sink: impl FnMut(Candidate),
    ) -> io::Result<()> {
        let capacity = match self.options.buffer_capacity {
            0 => DEFAULT_CAPACITY,
            n => n,
        };
        let mut roll = Rolling::new(std::mem::take(&mut self.buf), capacity);
        let mut pass = Pass::new(&self.schemes, self.options.excerpts);
        pass.cursor = pass.cursor.counting(self.lines());
        let result = stream(pass, &mut roll, &mut reader, &mut sink);
        self.buf = roll.into_inner();
        result
    }

    /// Scan bytes already in memory.
    pub fn scan_slice(&mut self, bytes: &[u8]) -> Vec<Candidate> {
        let mut out = Vec::new();
        self.scan_slice_each(bytes, |c| out.push(c));
        out
    }

    /// Scan bytes already in memory, handing each candidate to `sink` as it
    /// is found (a large decoded mail part need not hold them all).
    pub fn scan_slice_each(&mut self, bytes: &[u8], sink: impl FnMut(Candidate)) {
        self.scan_text(bytes, true, self.options.excerpts, true, sink);
    }

    /// [`Scanner::scan_slice_each`] for a caller that maps every position
    /// back to its file from the offset alone (a decoded mail part): lines
    /// and columns are counted only when excerpts, which show them, are
    /// asked for. Offsets are exact either way.
    pub(crate) fn scan_slice_offsets(&mut self, bytes: &[u8], sink: impl FnMut(Candidate)) {
        let excerpts = self.options.excerpts;
        self.scan_text(bytes, true, excerpts, excerpts, sink);
    }

    /// Scan bytes in memory, rejoining hard-wrapped bare URLs or not, with
    /// excerpts of `bytes` or not, counting lines and columns or only
    /// offsets.
    fn scan_text(
        &mut self,
        bytes: &[u8],
        hard_wraps: bool,
        excerpts: bool,
        lines: bool,
        mut sink: impl FnMut(Candidate),
    ) {
        let mut pass = Pass::new(&self.schemes, excerpts);
        pass.hard_wraps = hard_wraps;
        pass.cursor = Cursor::new().counting(lines);
        pass.run(bytes, 0, true, &mut sink);
    }
}

/// Go on with `pass` over what `roll` holds and then what `reader` has,
/// reading as the look-ahead needs.
fn stream<R: Read>(
    mut pass: Pass<'_>,
    roll: &mut Rolling,
    reader: &mut R,
    sink: &mut impl FnMut(Candidate),
) -> io::Result<()> {
    loop {
        let Some(at) = pass.run(roll.bytes(), roll.base, roll.eof, sink) else {
            return Ok(());
        };
        // Everything before the look-back of the next trigger is done
        // with: let the cursor pass it, then drop it.
        let keep = at.saturating_sub(LOOKBACK as u64).max(roll.base);
        if pass.cursor.offset() < keep {
            pass.cursor.advance(roll.bytes(), roll.base, keep);
        }
        roll.refill(reader, keep, at + LOOKAHEAD as u64)?;
    }
}

/// The state of one scan over one input.
struct Pass<'s> {
    schemes: &'s Schemes,
    excerpts: bool,
    /// Rejoin hard-wrapped bare URLs (see [`Window::hard_wraps`]).
    hard_wraps: bool,
    cursor: Cursor,
    /// Absolute offset where the trigger search goes on.
    pos: u64,
    /// End of the text the last candidate took; the next starts here or later.
    consumed: u64,
    /// Absolute offset of the next `http//` (a scheme without its colon,
    /// found by `typo.rs`), when the search up to `colonless_to` found one.
    colonless_next: Option<u64>,
    /// Absolute end of the text searched for it.
    colonless_to: u64,
    /// Triggers at or after this absolute offset are left alone (the end
    /// of a chunk scanned on its own, `parallel.rs`).
    stop: u64,
}

impl<'s> Pass<'s> {
    fn new(schemes: &'s Schemes, excerpts: bool) -> Pass<'s> {
        Pass {
            schemes,
            excerpts,
            hard_wraps: true,
            cursor: Cursor::new(),
            pos: 0,
            consumed: 0,
            colonless_next: None,
            colonless_to: 0,
            stop: u64::MAX,
        }
    }

    /// The window index of the next `http//` at or after `from`, searching
    /// each part of the buffer once.
    fn next_colonless(&mut self, buf: &[u8], base: u64, from: usize) -> Option<usize> {
        let abs_from = base + from as u64;
        let end = base + buf.len() as u64;
        let stale = match self.colonless_next {
            Some(p) => p < abs_from,
            None => self.colonless_to < end,
        };
        if stale {
            // After a miss, go on where that search ended (one byte back, so
            // a `//` across the old end is seen).
            let start = match self.colonless_next {
                Some(_) => abs_from,
                None => self.colonless_to.saturating_sub(1).max(abs_from),
            };
            let start = usize::try_from(start - base).unwrap_or(buf.len());
            self.colonless_next = typo::next_colonless(buf, start).map(|j| base + j as u64);
            self.colonless_to = end;
        }
        self.colonless_next
            .and_then(|p| usize::try_from(p.checked_sub(base)?).ok())
    }

    /// Scan the triggers in `buf` (the input from absolute offset `base`).
    /// Returns the offset of a trigger that needs more input after it, or
    /// `None` when the input is done.
    fn run(
        &mut self,
        buf: &[u8],
        base: u64,
        eof: bool,
        sink: &mut impl FnMut(Candidate),
    ) -> Option<u64> {
        loop {
            let from = self.pos.saturating_sub(base) as usize;
            let colon = trigger::next_colon(buf, from);
            let colonless = self.next_colonless(buf, base, from);
            let (i, slashes) = match (colon, colonless) {
                (Some(c), Some(s)) if s < c => (s, true),
                (Some(c), _) => (c, false),
                (None, Some(s)) => (s, true),
                (None, None) => {
                    self.pos = base + buf.len() as u64;
                    return (!eof).then_some(self.pos);
                }
            };
            if base + i as u64 >= self.stop {
                self.pos = base + i as u64;
                return None;
            }
            if !eof && buf.len() - i < LOOKAHEAD {
                self.pos = base + i as u64;
                return Some(self.pos);
            }
            let lo = i.saturating_sub(LOOKBACK);
            let hi = (i + LOOKAHEAD).min(buf.len());
            let w = Window {
                bytes: &buf[lo..hi],
                base: base + lo as u64,
                hard_wraps: self.hard_wraps,
            };
            let floor = self.consumed.saturating_sub(w.base) as usize;
            let found = if slashes {
                typo::colonless(&w, i - lo, floor)
            } else {
                find(&w, self.schemes, i - lo, floor)
            };
            match found {
                // An unclosed `<scheme:` ends before its own colon: look at
                // that colon again, as the start of a bare URL.
                Some(found) if found.resume <= i - lo => {
                    let resume = w.abs(found.resume);
                    let anchored = is_anchored(&w, &found) || is_address_wildcard(&w, &found);
                    let c = emit::build(&mut self.cursor, buf, base, &w, found, self.excerpts);
                    self.pos = base + i as u64;
                    self.consumed = resume;
                    if !anchored && !is_pattern(&c.url) && !is_escaped_in_expression(&c.raw) {
                        sink(c);
                    }
                }
                Some(found) => {
                    let resume = w.abs(found.resume.max(i - lo + 1));
                    let anchored = is_anchored(&w, &found) || is_address_wildcard(&w, &found);
                    let c = emit::build(&mut self.cursor, buf, base, &w, found, self.excerpts);
                    self.pos = resume;
                    self.consumed = resume;
                    if !anchored && !is_pattern(&c.url) && !is_escaped_in_expression(&c.raw) {
                        sink(c);
                    }
                }
                None => self.pos = base + i as u64 + 1,
            }
        }
    }
}

/// `"^https://foo=https://bar,^github://=https://buzz"`: a bare URL with
/// slashes right after a `^` is a regular expression anchored at the start,
/// a pattern. (`/^mailto:/i` is left to the rules, which know a regular
/// expression ending at the scheme under `rfc3986` only.)
fn is_anchored(w: &Window, found: &Found) -> bool {
    found.form == Form::Bare
        && found.start > 0
        && w.bytes[found.start - 1] == b'^'
        && found.url.contains("://")
}

/// The proxy switcher's `pattern="http://10.*"`, a proxy list's `http://192.168.*`:
/// a bare URL whose host is the first one to three numbers of an address,
/// cut where `.*` stands for the rest of it, is a wildcard, a pattern.
/// (The scanner leaves the `.*` out, as punctuation after a URL.)
fn is_address_wildcard(w: &Window, found: &Found) -> bool {
    let host = found
        .url
        .split_once("://")
        .map_or("", |(_, rest)| rest.rsplit('@').next().unwrap_or(rest));
    found.form == Form::Bare
        && w.bytes[found.end..].starts_with(b".*")
        && !host.is_empty()
        && host.split('.').count() < 4
        && host
            .split('.')
            .all(|l| !l.is_empty() && l.bytes().all(|c| c.is_ascii_digit()))
}

/// The URL whose scheme (or `URL` prefix) ends at the `:` at window index
/// `i`, starting no earlier than `floor` (where the previous one ended).
///
/// Only colons are triggers: a wrapper is found from its colon by looking
/// back over the scheme to the `<`. Searching for one byte is several times
/// faster than for two, and in markup-heavy text most `<` open tags.
fn find(w: &Window, schemes: &Schemes, i: usize, floor: usize) -> Option<Found> {
    let b = w.bytes;
    let low = i.saturating_sub(trigger::MAX_SCHEME + 1).max(floor);
    // The word before a colon is short: walking back over it to look for
    // the `<` costs less than a SIMD search call over the 33 bytes.
    let mut s = i;
    while s > low && trigger::is_scheme_char(b[s - 1]) {
        s -= 1;
    }
    if s > low && b[s - 1] == b'<' {
        if let Some(found) = wrapper::wrapper(w, schemes, s - 1) {
            return Some(found);
        }
    }
    // Most colons are prose ("Note: ...", `a::b`): one look at the next byte
    // dismisses them before any scheme lookup. After a scheme's `:` comes
    // what `bare::starts_like_url` accepts (or a letter, for `URL:`).
    let next = b.get(i + 1).copied().unwrap_or(b' ');
    // A mistyped scheme (`https:://`, `htp://`) is tried last; after a
    // prose colon only the doubled colon or backslashes can follow one.
    if !(next.is_ascii_alphanumeric() || b"/%*?".contains(&next) || next >= 0x80) {
        if next == b':' || next == b'\\' {
            typo::find(w, schemes, i, floor)
        } else {
            None
        }
    } else if trigger::is_url_prefix(w, i, floor) {
        bare::prefix(w, schemes, i).or_else(|| bare::bare(w, schemes, i, floor))
    } else {
        // Only `htp://` is left for the typo finder after a letter.
        bare::bare(w, schemes, i, floor).or_else(|| {
            (next == b'/')
                .then(|| typo::find(w, schemes, i, floor))
                .flatten()
        })
    }
}
