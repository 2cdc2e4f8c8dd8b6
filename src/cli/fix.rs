//! `check --fix`, `--unsafe-fixes` and `--diff`: the library finds and
//! applies the fixes ([`crate::lint::Linter::fix`]); this writes them back
//! (atomically) or prints them as a unified diff.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Cursor, Read, Write};
use std::path::Path;
use std::sync::atomic::Ordering;

use super::pipeline::{FileIn, Run, Worker};
use crate::lint::Source;
use crate::report::escape::escape_control;

/// What to do with fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixMode {
    /// Apply the unsafe fixes too.
    pub unsafe_fixes: bool,
    /// Print a diff instead of writing.
    pub diff: bool,
}

impl Run {
    /// Fix one file: write the fixed text back (or print its diff), then
    /// report what is left.
    pub(super) fn fix_file(
        &self,
        worker: &mut Worker,
        file: &FileIn<'_>,
        path: &Path,
        mut reader: Box<dyn Read + Send>,
        mode: FixMode,
    ) -> Vec<u8> {
        let mut bytes = Vec::new();
        if let Err(e) = reader.read_to_end(&mut bytes) {
            self.error(&format!("{}: {e}", file.label));
            return Vec::new();
        }
        let (old, new) = self.fixed_text(file, bytes, mode);
        let new = match new {
            Ok(new) => new,
            // Not to be rewritten: report it as it is (the library says
            // why); a diff has nothing to show for it.
            Err(bytes) => {
                let report = self.lint(worker, file, Box::new(Cursor::new(bytes)));
                return if mode.diff { Vec::new() } else { report };
            }
        };
        if mode.diff {
            self.files.fetch_add(1, Ordering::Relaxed);
            return unified_diff(file.label, &old, &new).into_bytes();
        }
        if new != old {
            if let Err(e) = write_atomically(path, new.as_bytes()) {
                self.error(&format!("{}: writing the fixes: {e}", file.label));
            }
        }
        self.lint(worker, file, Box::new(Cursor::new(new.into_bytes())))
    }

    /// `--fix -`: the fixed text (all of it) to standard output, what is
    /// left to the report (which `run` sends to standard error).
    pub(super) fn fix_stdin(
        &self,
        worker: &mut Worker,
        file: &FileIn<'_>,
        mut reader: Box<dyn Read + Send>,
        mode: FixMode,
    ) -> Vec<u8> {
        let mut bytes = Vec::new();
        if let Err(e) = reader.read_to_end(&mut bytes) {
            self.error(&format!("{}: {e}", file.label));
            return Vec::new();
        }
        let (old, new) = self.fixed_text(file, bytes, mode);
        let text = match new {
            Ok(new) => new.into_bytes(),
            Err(bytes) => bytes,
        };
        if mode.diff {
            self.files.fetch_add(1, Ordering::Relaxed);
            return unified_diff(file.label, &old, &String::from_utf8_lossy(&text)).into_bytes();
        }
        // The report's buffered output so far goes first.
        let _ = self.lock().flush();
        if let Err(e) = io::stdout()
            .write_all(&text)
            .and_then(|()| io::stdout().flush())
        {
            if e.kind() != io::ErrorKind::BrokenPipe {
                self.error(&format!("writing the fixed text: {e}"));
            }
        }
        self.lint(worker, file, Box::new(Cursor::new(text)))
    }

    /// The text of `bytes` and its fixed form; `Err` with the bytes when
    /// it is not to be rewritten (not UTF-8, mail, compressed, UTF-16).
    fn fixed_text(
        &self,
        file: &FileIn<'_>,
        bytes: Vec<u8>,
        mode: FixMode,
    ) -> (String, Result<String, Vec<u8>>) {
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.into_bytes();
                // Binary, compressed and UTF-16 input the library skips or
                // names itself; other text that is not UTF-8 is said here.
                let head = bytes[..bytes.len().min(HEAD)].to_vec();
                let said = crate::input::sniff::open(Box::new(Cursor::new(head)))
                    .map_or(true, |o| {
                        o.decoded.is_some() || o.kind == crate::input::sniff::Kind::Binary
                    });
                if !said {
                    self.note(&format!(
                        "urlint: note: {}: not UTF-8: its fixes are shown, not applied",
                        escape_control(file.label)
                    ));
                }
                return (String::from_utf8_lossy(&bytes).into_owned(), Err(bytes));
            }
        };
        let source = Source {
            path: file.named.clone(),
            syntax: self.job.syntax,
            data: file.data,
        };
        let linter = &file.profile.linter;
        let (fixed, applied, checked) = linter.fix(&text, &source, mode.unsafe_fixes);
        if checked.not_rewritable.is_some() {
            let bytes = text.clone().into_bytes();
            return (text, Err(bytes));
        }
        self.fixed.fetch_add(applied as u64, Ordering::Relaxed);
        (text, Ok(fixed))
    }
}

/// Replace `path`'s content with `bytes`: written to a temporary file in
/// the same folder, given the file's permissions, then renamed over it, so
/// a reader never sees half a file and a crash leaves the old one.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // Through a symbolic link, the file it names is rewritten; the link
    // stays a link.
    let path = &fs::canonicalize(path)?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let permissions = fs::metadata(path)?.permissions();
    let mut n = 0u32;
    let (tmp, mut out) = loop {
        let tmp = dir.join(format!(".{name}.urlint-{}-{n}.tmp", std::process::id()));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let written = out
        .write_all(bytes)
        .and_then(|()| out.sync_all())
        .and_then(|()| fs::set_permissions(&tmp, permissions))
        .and_then(|()| fs::rename(&tmp, path));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// How much of a file that is not UTF-8 is sniffed for why.
const HEAD: usize = 8 * 1024;

/// Lines of context around each change, as `diff -u` gives.
const CONTEXT: usize = 3;
/// How far ahead a changed region is looked for its end; fixes change a
/// line or join two, so a short look suffices.
const RESYNC: usize = 64;

/// A unified diff from `old` to `new`, both named `label` (`a/` and `b/`
/// prefixed, for `git apply` and `patch -p1`). Lines keep their endings,
/// so a CRLF file's diff applies to it as it is.
pub(crate) fn unified_diff(label: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    let before: Vec<&str> = old.split_inclusive('\n').collect();
    let after: Vec<&str> = new.split_inclusive('\n').collect();
    // Each change: (start in a, end in a, start in b, end in b).
    let mut changes = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        if i < before.len() && j < after.len() && before[i] == after[j] {
            i += 1;
            j += 1;
            continue;
        }
        let (di, dj) = resync(&before[i..], &after[j..]);
        changes.push((i, i + di, j, j + dj));
        i += di;
        j += dj;
    }
    // An absolute path keeps its root under `a/`, as `diff -u` would
    // not, so that `patch -p1` run from `/` still finds it.
    let label = label.trim_start_matches('/');
    let mut out = format!("--- a/{label}\n+++ b/{label}\n");
    let mut k = 0;
    while k < changes.len() {
        // Changes closer than twice the context share a hunk.
        let mut end = k;
        while end + 1 < changes.len() && changes[end + 1].0 <= changes[end].1 + 2 * CONTEXT {
            end += 1;
        }
        let a_start = changes[k].0.saturating_sub(CONTEXT);
        let a_end = (changes[end].1 + CONTEXT).min(before.len());
        let b_start = changes[k].2 - (changes[k].0 - a_start);
        let b_end = (changes[end].3 + (a_end - changes[end].1)).min(after.len());
        let mut body = String::new();
        let mut at = a_start;
        for &(s, e, bs, be) in &changes[k..=end] {
            for line in &before[at..s] {
                push_line(&mut body, ' ', line);
            }
            for line in &before[s..e] {
                push_line(&mut body, '-', line);
            }
            for line in &after[bs..be] {
                push_line(&mut body, '+', line);
            }
            at = e;
        }
        for line in &before[at..a_end] {
            push_line(&mut body, ' ', line);
        }
        let _ = writeln!(
            out,
            "@@ -{} +{} @@",
            range(a_start, a_end - a_start),
            range(b_start, b_end - b_start)
        );
        out.push_str(&body);
        k = end + 1;
    }
    out
}

/// `start,len` as a hunk header writes it (1-based; an empty range names
/// the line before it).
fn range(start: usize, len: usize) -> String {
    if len == 0 {
        format!("{start},0")
    } else {
        format!("{},{len}", start + 1)
    }
}

fn push_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

/// The shortest lengths `(i, j)` after which `a[i..]` and `b[j..]` start
/// with the same line again (or both end).
fn resync(old: &[&str], new: &[&str]) -> (usize, usize) {
    for total in 1..=2 * RESYNC {
        for i in 0..=total.min(old.len()) {
            let j = total - i;
            if j > new.len() {
                continue;
            }
            let both_end = i == old.len() && j == new.len();
            let meet = i < old.len() && j < new.len() && old[i] == new[j];
            if both_end || (meet && follows(old, new, i, j)) {
                return (i, j);
            }
        }
    }
    (old.len(), new.len())
}

/// Whether the lines after `a[i]`/`b[j]` agree too (or run out together),
/// so a repeated line such as a blank one is no false match.
fn follows(old: &[&str], new: &[&str], at_old: usize, at_new: usize) -> bool {
    let n = 2.min(old.len() - at_old).min(new.len() - at_new);
    (0..n).all(|k| old[at_old + k] == new[at_new + k])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_names_both_sides_and_keeps_line_endings() {
        let old = "one\r\ntwo HTTP://a/\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\n";
        let new = old.replace("HTTP", "http");
        let d = unified_diff("x.txt", old, &new);
        assert_eq!(
            d,
            "--- a/x.txt\n+++ b/x.txt\n@@ -1,5 +1,5 @@\n one\r\n-two HTTP://a/\r\n+two http://a/\r\n three\r\n four\r\n five\r\n"
        );
    }

    #[test]
    fn joined_lines_and_a_missing_final_newline() {
        let old = "a\nhttp://x/long\n  rest more\nz";
        let new = "a\n<URL:http://x/longrest> more\nq";
        let d = unified_diff("y", old, new);
        assert!(d.contains("@@ -1,4 +1,3 @@\n a\n-http://x/long\n-  rest more\n-z\n\\ No newline at end of file\n+<URL:http://x/longrest> more\n+q\n\\ No newline at end of file\n"), "{d}");
        assert_eq!(unified_diff("y", old, old), "");
    }
}
