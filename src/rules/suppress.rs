//! Suppression comments.
//!
//! - `urlint: ignore` silences every diagnostic that starts on its line;
//!   `urlint: ignore[rule,group]` only those rules and groups.
//! - `urlint: ignore-next-line[...]` does the same for the line after it,
//!   for code samples and tables where the URL's own line cannot take one.
//! - `urlint: ignore-file[...]`, anywhere in a file, for the whole file.
//!
//! The space after `urlint:` is optional (`urlint:ignore`). A name in a list
//! that is no rule or group is reported, with the nearest name, so a typo
//! does not silently suppress nothing.

use std::cell::RefCell;
use std::collections::BTreeMap;

use crate::rules::{Group, Rule};
use crate::scan::Excerpt;

const PREFIX: &[u8] = b"urlint:";

/// What a comment covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Its own line.
    Line,
    /// The line after it.
    NextLine,
    /// The whole file.
    File,
}

/// One suppression comment: its scope and the names it lists (`None`: all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// What it covers.
    pub scope: Scope,
    /// Rules and groups listed in brackets; `None` silences everything.
    pub names: Option<Vec<String>>,
}

impl Directive {
    fn silences(&self, rule: Rule) -> bool {
        self.names.as_ref().is_none_or(|names| {
            names
                .iter()
                .any(|n| n == rule.name() || n == rule.meta().group.as_str())
        })
    }
}

/// Every suppression comment in `text` (one line, or any text: a comment
/// ends at a line break).
pub fn parse(text: &str) -> Vec<Directive> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&bytes[from..], PREFIX) {
        let start = from + at + PREFIX.len();
        from = start;
        let rest = text[start..].trim_start_matches([' ', '\t']);
        let Some(rest) = rest.strip_prefix("ignore") else {
            continue;
        };
        let (scope, rest) = if let Some(r) = rest.strip_prefix("-next-line") {
            (Scope::NextLine, r)
        } else if let Some(r) = rest.strip_prefix("-file") {
            (Scope::File, r)
        } else {
            (Scope::Line, rest)
        };
        // `urlint: ignored` or `urlint: ignore-all` are no comments of ours.
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
            continue;
        }
        let names = rest.strip_prefix('[').map(|list| {
            let list = list.split(['\n', ']']).next().unwrap_or("");
            list.split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect()
        });
        found.push(Directive { scope, names });
    }
    found
}

/// Whether `rule` is silenced on `line` (a line number in the excerpt's own
/// coordinates) by a same-line comment in `excerpt`. The excerpt holds the
/// URL's whole lines, so this sees a comment after the URL even when the
/// file has not been read that far.
pub fn is_suppressed(excerpt: &Excerpt, line: u64, rule: Rule) -> bool {
    let Some(index) = line.checked_sub(excerpt.first_line) else {
        return false;
    };
    let Some(text) = excerpt
        .text
        .split('\n')
        .nth(usize::try_from(index).unwrap_or(usize::MAX))
    else {
        return false;
    };
    parse(text)
        .iter()
        .any(|d| d.scope == Scope::Line && d.silences(rule))
}

/// The suppression comments of one file, collected as its bytes are read
/// (see [`Directives::feed`]); lines are counted only where a comment is.
#[derive(Debug, Default)]
pub struct Directives {
    state: RefCell<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Line numbers (1-based) whose text holds a comment, and its directives.
    lines: BTreeMap<u64, Vec<Directive>>,
    /// `ignore-file` directives.
    file: Vec<Directive>,
    /// Unknown names met, as `line: message`.
    warnings: Vec<String>,
    /// Newlines before `counted` bytes.
    line: u64,
    /// The unfinished last line of what was fed (only its tail: a comment
    /// of interest is short).
    partial: Vec<u8>,
}

/// How much of a long unfinished line is kept: enough for a comment.
const PARTIAL_MAX: usize = 1024;

impl Directives {
    /// Read the next bytes of the file.
    pub fn feed(&self, bytes: &[u8]) {
        let mut st = self.state.borrow_mut();
        let mut rest = bytes;
        // Finish the pending line first.
        if !st.partial.is_empty() {
            let Some(nl) = memchr::memchr(b'\n', rest) else {
                st.push_partial(rest);
                return;
            };
            let mut line = std::mem::take(&mut st.partial);
            line.extend_from_slice(&rest[..nl]);
            st.complete_line(&line);
            rest = &rest[nl + 1..];
        }
        let Some(last_nl) = memchr::memrchr(b'\n', rest) else {
            st.push_partial(rest);
            return;
        };
        let (whole, tail) = rest.split_at(last_nl + 1);
        let mut counted = 0;
        let mut from = 0;
        while let Some(at) = memchr::memmem::find(&whole[from..], PREFIX) {
            let at = from + at;
            let line_start = memchr::memrchr(b'\n', &whole[..at]).map_or(0, |i| i + 1);
            let line_end = at + memchr::memchr(b'\n', &whole[at..]).unwrap_or(whole.len() - at);
            st.line += memchr::memchr_iter(b'\n', &whole[counted..line_start]).count() as u64;
            st.complete_line(&whole[line_start..line_end]);
            // `complete_line` counted this line's newline; do not count it
            // again below.
            counted = (line_end + 1).min(whole.len());
            from = counted;
        }
        st.line += memchr::memchr_iter(b'\n', &whole[counted..]).count() as u64;
        st.push_partial(tail);
    }

    /// The input has ended: its last line, if it has no line break, is
    /// read as a whole line.
    pub fn finish(&self) {
        let mut st = self.state.borrow_mut();
        if !st.partial.is_empty() {
            let line = std::mem::take(&mut st.partial);
            st.complete_line(&line);
        }
    }

    /// Whether `rule` is silenced at `line` by a comment read so far.
    pub fn silences(&self, line: u64, rule: Rule) -> bool {
        let st = self.state.borrow();
        st.file.iter().any(|d| d.silences(rule))
            || st.lines.get(&line).is_some_and(|ds| {
                ds.iter()
                    .any(|d| d.scope == Scope::Line && d.silences(rule))
            })
            || line.checked_sub(1).is_some_and(|prev| {
                st.lines.get(&prev).is_some_and(|ds| {
                    ds.iter()
                        .any(|d| d.scope == Scope::NextLine && d.silences(rule))
                })
            })
    }

    /// Whether an `ignore-file` comment has been read that silences `rule`.
    pub fn file_silences(&self, rule: Rule) -> bool {
        self.state.borrow().file.iter().any(|d| d.silences(rule))
    }

    /// Warnings about unknown names, as `line: message`.
    pub fn warnings(&self) -> Vec<String> {
        self.state.borrow().warnings.clone()
    }
}

impl State {
    /// Keep the unfinished line's tail. On a long line, comments in the
    /// part let go are read first (each has [`PARTIAL_MAX`] bytes after it
    /// still at hand), so a comment far into a long line is not lost.
    fn push_partial(&mut self, bytes: &[u8]) {
        self.partial.extend_from_slice(bytes);
        if self.partial.len() <= 2 * PARTIAL_MAX {
            return;
        }
        let cut = self.partial.len() - PARTIAL_MAX;
        let number = self.line + 1;
        let mut from = 0;
        let mut found = Vec::new();
        // A comment starting just before the cut is read now too.
        let reach = (cut + PREFIX.len() - 1).min(self.partial.len());
        while let Some(at) = memchr::memmem::find(&self.partial[from..reach], PREFIX) {
            let start = from + at;
            let next = memchr::memmem::find(&self.partial[start + 1..], PREFIX)
                .map_or(self.partial.len(), |n| start + 1 + n);
            let text = String::from_utf8_lossy(&self.partial[start..next]);
            found.extend(parse(&text));
            from = start + 1;
        }
        self.partial.drain(..cut);
        for d in found {
            self.note(number, d);
        }
    }

    /// A whole line (without its newline) was read: note its comments, then
    /// count it.
    fn complete_line(&mut self, line: &[u8]) {
        self.line += 1;
        if memchr::memmem::find(line, PREFIX).is_none() {
            return;
        }
        let number = self.line;
        let text = String::from_utf8_lossy(line);
        for d in parse(&text) {
            self.note(number, d);
        }
    }

    /// Record one comment found on line `number`.
    fn note(&mut self, number: u64, d: Directive) {
        for name in d.names.iter().flatten() {
            if Rule::from_name(name).is_none() && Group::from_name(name).is_none() {
                let hint = nearest_name(name)
                    .map(|n| format!(" (did you mean `{n}`?)"))
                    .unwrap_or_default();
                self.warnings.push(format!(
                    "{number}: unknown rule or group `{name}` in a suppression comment{hint}"
                ));
            }
        }
        if d.scope == Scope::File {
            self.file.push(d);
        } else {
            self.lines.entry(number).or_default().push(d);
        }
    }
}

/// The rule or group name closest to `name`, if one is close (a typo).
pub fn nearest_name(name: &str) -> Option<&'static str> {
    let names = Rule::ALL
        .iter()
        .map(|r| r.name())
        .chain(Group::ALL.iter().map(|g| g.as_str()));
    names
        .map(|n| (edit_distance(name, n), n))
        .filter(|&(d, n)| d <= (n.len() / 3).max(2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn silences(line: &str, rule: Rule) -> bool {
        parse(line)
            .iter()
            .any(|d| d.scope == Scope::Line && d.silences(rule))
    }

    #[test]
    fn bare_marker_silences_everything() {
        assert!(silences(
            "see http://a:25/ # urlint: ignore",
            Rule::NondefaultPort
        ));
        assert!(silences(
            "see http://a:25/ # urlint:ignore",
            Rule::NondefaultPort
        ));
    }

    #[test]
    fn listed_rules_and_groups_only() {
        let line = "http://a:25/%zz <!-- urlint: ignore[nondefault-port, syntax] -->";
        assert!(silences(line, Rule::NondefaultPort));
        assert!(silences(line, Rule::InvalidPercentEscape));
        assert!(!silences(line, Rule::BareUrl));
    }

    #[test]
    fn other_scopes_do_not_silence_their_own_line() {
        assert!(!silences("x urlint: ignore-next-line", Rule::BareUrl));
        assert!(!silences("x urlint: ignore-file", Rule::BareUrl));
        assert!(!silences("urlint: ignored", Rule::BareUrl));
        assert!(!silences("urlint ignore", Rule::BareUrl));
    }

    #[test]
    fn excerpt_lines_are_their_own() {
        let ex = Excerpt {
            first_line: 10,
            start_offset: 0,
            text: "a http://x:25/\nb urlint: ignore\n".into(),
            before: String::new(),
            next: String::new(),
        };
        assert!(!is_suppressed(&ex, 10, Rule::NondefaultPort));
        assert!(is_suppressed(&ex, 11, Rule::NondefaultPort));
        assert!(!is_suppressed(&ex, 9, Rule::NondefaultPort));
    }

    #[test]
    fn fed_in_any_chunks_the_lines_are_the_same() {
        let text = "one\n<!-- urlint: ignore-next-line[bare-url] -->\nhttp://a/\nx\n\
                    y urlint:ignore-file[security]\nlast http://b/ urlint: ignore";
        for size in [1, 3, 7, 64, 4096] {
            let d = Directives::default();
            for chunk in text.as_bytes().chunks(size) {
                d.feed(chunk);
            }
            d.feed(b"\n");
            assert!(d.silences(3, Rule::BareUrl), "size {size}");
            assert!(!d.silences(4, Rule::BareUrl), "size {size}");
            assert!(!d.silences(3, Rule::InvalidHost), "size {size}");
            assert!(d.file_silences(Rule::NondefaultPort), "size {size}");
            assert!(d.silences(6, Rule::InvalidHost), "size {size}");
        }
    }

    #[test]
    fn a_comment_far_into_a_long_last_line_is_read() {
        // The comment sits more than the excerpt's reach past the URL, on
        // a line longer than the unfinished-line buffer, with no final
        // line break: the issue-12 case the excerpt alone missed.
        let line = format!(
            "http://a:25/ {} urlint: ignore[nondefault-port] {}",
            "y".repeat(3000),
            "z".repeat(3000)
        );
        for size in [1, 7, 64, 4096, 1 << 20] {
            let d = Directives::default();
            for chunk in format!("x\n{line}").as_bytes().chunks(size) {
                d.feed(chunk);
            }
            d.finish();
            assert!(d.silences(2, Rule::NondefaultPort), "size {size}");
            assert!(!d.silences(2, Rule::BareUrl), "size {size}");
            assert!(!d.silences(1, Rule::NondefaultPort), "size {size}");
        }
    }

    #[test]
    fn unknown_names_warn_with_the_nearest() {
        let d = Directives::default();
        d.feed(b"a\nb urlint: ignore[nondefualt-port, zzzzzzzz]\n");
        let w = d.warnings();
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].starts_with("2: ") && w[0].contains("`nondefault-port`"),
            "{w:?}"
        );
        assert!(!w[1].contains("did you mean"), "{w:?}");
    }
}
