//! The linkify crate as a command, so `bench/compare.sh` times it beside urlint.
//!
//! `linkify-extract [-j N] PATH...` walks like `urlint --no-ignore` (hidden
//! files skipped, ignore files not read), skips files with a NUL byte in
//! their first 8 KiB, and prints every URL `linkify::LinkFinder` finds, one
//! a line, one file's output at a time. It is the fair peer: same walker
//! crate, same thread count, a library that only finds and does not lint.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};
use linkify::{LinkFinder, LinkKind};

fn main() -> ExitCode {
    let mut threads = 2usize;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "-j" {
            if let Some(n) = args.next().and_then(|n| n.parse().ok()) {
                threads = n;
            } else {
                eprintln!("linkify-extract: -j needs a number");
                return ExitCode::from(2);
            }
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    let Some((first, rest)) = paths.split_first() else {
        eprintln!("usage: linkify-extract [-j N] PATH...");
        return ExitCode::from(2);
    };
    let mut builder = WalkBuilder::new(first);
    for p in rest {
        builder.add(p);
    }
    builder
        .threads(threads)
        .ignore(false)
        .git_ignore(false)
        .git_global(false)
        .git_exclude(false)
        .parents(false);
    let stdout = Mutex::new(io::stdout());
    let failed = Mutex::new(false);
    builder.build_parallel().run(|| {
        let mut finder = LinkFinder::new();
        finder.kinds(&[LinkKind::Url]);
        let stdout = &stdout;
        let failed = &failed;
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return WalkState::Continue;
            };
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                return WalkState::Continue;
            }
            let Ok(bytes) = std::fs::read(entry.path()) else {
                return WalkState::Continue;
            };
            if bytes.iter().take(8192).any(|&b| b == 0) {
                return WalkState::Continue;
            }
            let text = String::from_utf8_lossy(&bytes);
            let mut out = Vec::new();
            for link in finder.links(&text) {
                out.extend_from_slice(link.as_str().as_bytes());
                out.push(b'\n');
            }
            let ok = stdout.lock().is_ok_and(|mut s| s.write_all(&out).is_ok());
            if ok {
                WalkState::Continue
            } else {
                if let Ok(mut f) = failed.lock() {
                    *f = true;
                }
                WalkState::Quit
            }
        })
    });
    if failed.lock().map_or(true, |f| *f) {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
