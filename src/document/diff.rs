//! Unified diffs and patches (`.diff`, `.patch`, `.debdiff`): in a hunk,
//! each line's first column is the diff's own mark, not the file's text.
//!
//! The text is each side as the changed file has it: a line's `+`, `-` or
//! blank mark is dropped, so a URL a text file wraps (`<https://a.example/
//! draft-ietf-` and `   x-latest>` on two removed lines) is read across the
//! break as in the file itself. Removed lines are the old file's, which
//! nobody edits any more: data (`extract` lists their URLs, `check` leaves
//! them). Added and context lines are the file as it becomes: text. The old
//! side and the new never run into each other. Everything outside a hunk
//! (a `git format-patch` mail's message, `diff --git` and `+++` headers,
//! a diffstat) is text as it stands.

use super::{Builder, Document};

/// Which side of a hunk a line belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Outside any hunk: headers, a commit message, a diffstat.
    Outside,
    /// A removed line: the old file's.
    Old,
    /// An added or a context line: the new file's.
    New,
}

pub(super) fn read(src: &str) -> Document {
    let mut b = Builder::for_source(src);
    let bytes = src.as_bytes();
    let mut at = 0;
    let mut in_hunk = false;
    let mut last = Side::Outside;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(src.len(), |k| at + k);
        // The line with its line break, if it has one.
        let next = (end + 1).min(src.len());
        let line = &src[at..end];
        if line.starts_with("@@") {
            in_hunk = true;
            b.data.push((at, end));
            b.push_for("\n\n", at);
            last = Side::Outside;
            at = next;
            continue;
        }
        let side = if in_hunk {
            match bytes.get(at) {
                Some(b'-') => Side::Old,
                // A blank context line some tools write without its blank.
                Some(b'+' | b' ' | b'\n' | b'\r') | None => Side::New,
                // `\ No newline at end of file`: the diff's note.
                Some(b'\\') => {
                    b.data.push((at, end));
                    at = next;
                    continue;
                }
                // Anything else ends the hunks: the next commit's message,
                // a `diff --git` line.
                Some(_) => {
                    in_hunk = false;
                    Side::Outside
                }
            }
        } else {
            Side::Outside
        };
        if side != last {
            b.push_for("\n\n", at);
            last = side;
        }
        if side == Side::Outside {
            b.push(&src[at..next], at);
        } else {
            // The mark goes; the line as the file has it stays.
            let from = (at + 1).min(next);
            b.push(&src[from..next], from);
            if side == Side::Old {
                b.data.push((at, end));
            }
        }
        at = next;
    }
    b.finish(true)
}
