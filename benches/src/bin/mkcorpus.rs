//! Build the large corpus files for `bench/compare.sh` from a directory of text.
//!
//! `mkcorpus KIND SRC OUT MB`, KIND one of:
//! - `mbox`: messages (headers, `From ` lines, quoted-printable and quoted bodies) from SRC's text;
//! - `concat`: SRC's files one after another;
//! - `oneline`: the same with every line break turned into a space: one line of MB megabytes.
//!
//! SRC is read again from the start until OUT reaches MB megabytes. One
//! source file is in memory at a time, so the output can exceed RAM.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use urlint_bench::{mail, Rng};

/// Bytes of a file looked at to decide it is binary, as urlint and ripgrep do.
const SNIFF: usize = 8192;
/// Largest body put in one message: docs files are cut at paragraphs to about this.
const BODY_MAX: usize = 6000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, src, out, mb] = args.as_slice() else {
        eprintln!("usage: mkcorpus mbox|concat|oneline SRC_DIR OUT_FILE MEGABYTES");
        return ExitCode::from(2);
    };
    let Ok(mb) = mb.parse::<u64>() else {
        eprintln!("mkcorpus: MEGABYTES must be a whole number, got {mb:?}");
        return ExitCode::from(2);
    };
    match run(kind, Path::new(src), Path::new(out), mb * 1_000_000) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mkcorpus: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(kind: &str, src: &Path, out: &Path, target: u64) -> io::Result<()> {
    let mut files = Vec::new();
    walk(src, &mut files)?;
    files.sort();
    if files.is_empty() {
        return Err(io::Error::other(format!(
            "no text files under {}",
            src.display()
        )));
    }
    let mut w = BufWriter::with_capacity(1 << 20, File::create(out)?);
    let mut written = 0u64;
    let mut rng = Rng::new(42);
    let mut n = 0u64;
    'outer: loop {
        for path in &files {
            let Some(text) = read_text(path) else {
                continue;
            };
            let piece = match kind {
                "concat" => text,
                "oneline" => text.replace(['\n', '\r'], " "),
                "mbox" => {
                    let mut all = String::new();
                    for body in bodies(&text) {
                        n += 1;
                        all.push_str(&mail::message(&mut rng, n, body));
                    }
                    all
                }
                other => return Err(io::Error::other(format!("unknown kind {other:?}"))),
            };
            let left = target.saturating_sub(written);
            let take = cut(&piece, usize::try_from(left).unwrap_or(usize::MAX));
            w.write_all(take.as_bytes())?;
            written += take.len() as u64;
            if written >= target {
                break 'outer;
            }
        }
    }
    if kind != "oneline" {
        w.write_all(b"\n")?;
    }
    w.flush()
}

/// The longest prefix of `s` of at most `max` bytes that ends on a char boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Split text into message bodies of about [`BODY_MAX`] bytes at paragraph breaks.
fn bodies(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let rest = &text[start..];
        let window = cut(rest, BODY_MAX);
        let end = if window.len() == rest.len() {
            rest.len()
        } else {
            window.rfind("\n\n").map_or(window.len(), |i| i + 2)
        };
        let end = end.max(1);
        let end = (end..=rest.len())
            .find(|&e| rest.is_char_boundary(e))
            .unwrap_or(rest.len());
        out.push(&rest[..end]);
        start += end;
    }
    out
}

/// A file's text, or `None` when it looks binary or cannot be read.
fn read_text(path: &Path) -> Option<String> {
    let bytes = fs::read(path).ok()?;
    if bytes.iter().take(SNIFF).any(|&b| b == 0) {
        return None;
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Regular files under `dir`, not following symbolic links.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(entry.path());
            } else if kind.is_file() {
                out.push(entry.path());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_stays_on_char_boundaries() {
        assert_eq!(cut("aé", 2), "a");
        assert_eq!(cut("abc", 10), "abc");
    }

    #[test]
    fn bodies_cover_the_text_in_order() {
        let text = format!("{}\n\n{}\n\nend", "x".repeat(5000), "y".repeat(5000));
        let parts = bodies(&text);
        assert!(parts.len() >= 2);
        assert_eq!(parts.concat(), text);
        assert!(parts.iter().all(|p| p.len() <= BODY_MAX));
    }
}
