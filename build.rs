//! Puts the git revision into `urlint --version`.
//!
//! Sets `URLINT_VERSION` to `0.1.0 (1a2b3c4d5e6f)` when the package is built
//! from its own git checkout, and to the bare package version otherwise: from
//! a crates.io tarball, without git installed, or inside some other
//! repository (a vendored copy must not report its host's revision).
//! `URLINT_BUILD_REV` overrides the revision, for packagers building from an
//! export.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=URLINT_BUILD_REV");
    let version = env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let manifest = env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let rev = env::var("URLINT_BUILD_REV")
        .ok()
        .filter(|r| !r.trim().is_empty())
        .or_else(|| manifest.as_deref().and_then(git_revision));
    match rev {
        Some(rev) => println!("cargo:rustc-env=URLINT_VERSION={version} ({})", rev.trim()),
        None => println!("cargo:rustc-env=URLINT_VERSION={version}"),
    }
}

/// The short revision of HEAD, if `dir` is the top of a git work tree.
fn git_revision(dir: &Path) -> Option<String> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same(Path::new(&top), dir) {
        return None;
    }
    // Rebuild when HEAD moves: HEAD itself, the branch it names, and
    // packed-refs (where `git gc` moves branch tips).
    for file in ["HEAD", "packed-refs"] {
        watch(dir, file);
    }
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watch(dir, &branch);
    }
    git(dir, &["rev-parse", "--short=12", "HEAD"])
}

fn watch(dir: &Path, name: &str) {
    if let Some(path) = git(dir, &["rev-parse", "--git-path", name]) {
        let path = dir.join(path);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

/// Run git in `dir`; its trimmed output when it succeeds with some.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}
