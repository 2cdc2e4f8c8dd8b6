//! Helpers: a command in a temporary directory, and readable assertions.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// A scratch directory and a way to run `urlint` in it.
pub struct Dir {
    pub tmp: tempfile::TempDir,
}

impl Dir {
    pub fn new() -> Dir {
        Dir {
            tmp: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn path(&self) -> &Path {
        self.tmp.path()
    }

    /// Write a file (creating parent directories).
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.tmp.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&path, contents).unwrap();
        path
    }

    /// `urlint ARGS` run in this directory.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = urlint();
        cmd.current_dir(self.path()).args(args);
        cmd
    }
}

/// The binary under test, with colour and configuration from the
/// environment cleared.
pub fn urlint() -> Command {
    let mut cmd = Command::cargo_bin("urlint").expect("binary");
    cmd.env_remove("NO_COLOR");
    cmd
}

/// The repository's `fixtures/` directory.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// stdout as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The exit code.
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

/// Parse JSON Lines output.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}")))
        .collect()
}

/// `check -q --format json --sort path ARGS` run in `d`, which must end
/// with 0 or 1: each diagnostic's `key` (`"rule"`, `"path"`) and line.
pub fn check_lines(d: &Dir, args: &[&str], key: &str) -> Vec<(String, u64)> {
    let mut all = vec!["check", "-q", "--format", "json", "--sort", "path"];
    all.extend_from_slice(args);
    let out = d.cmd(&all).output().unwrap();
    assert!(code(&out) <= 1, "{}", stderr(&out));
    json_lines(&out)
        .iter()
        .map(|l| {
            (
                l[key].as_str().unwrap().to_string(),
                l["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The `path` of each JSON line, in order.
pub fn json_paths(out: &Output) -> Vec<String> {
    json_lines(out)
        .iter()
        .map(|l| l["path"].as_str().unwrap().to_string())
        .collect()
}
