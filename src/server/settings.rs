//! Which [`Linter`] and [`Source`] a document gets: the settings of the
//! `urlint.toml` that governs its path (the nearest one in its folder or
//! a parent, as `urlint check` finds it), and its syntax.
//!
//! A settings file is stat'ed at every lint and read again when its
//! modification time or size changed, so an edit to `urlint.toml` applies
//! at the next keystroke even in a client that does not report file
//! changes (`workspace/didChangeWatchedFiles` just re-lints sooner).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use crate::Linter;
use crate::Settings;
use crate::Source;
use crate::Syntax;

/// The settings file's name.
pub const CONFIG: &str = "urlint.toml";

/// A settings file as last read.
struct Profile {
    stamp: Option<(SystemTime, u64)>,
    linter: Arc<Linter>,
}

/// The linters of the settings files seen so far.
pub struct Profiles {
    by_file: HashMap<PathBuf, Profile>,
    default: Arc<Linter>,
}

impl Default for Profiles {
    fn default() -> Profiles {
        Profiles {
            by_file: HashMap::new(),
            default: Arc::new(Linter::default()),
        }
    }
}

impl Profiles {
    /// The linter for a file in `dir` (`None`: no folder, the defaults),
    /// and an error to show when its settings file is broken (then the
    /// defaults lint it: a typo in `urlint.toml` must not blank the
    /// editor, but must not go unseen either). The error is given once
    /// per version of the file.
    pub fn linter_for(&mut self, dir: Option<&Path>) -> (Arc<Linter>, Option<String>) {
        let Some(file) = dir.and_then(find) else {
            return (self.default.clone(), None);
        };
        let stamp = std::fs::metadata(&file)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        if let Some(p) = self.by_file.get(&file) {
            if p.stamp == stamp && stamp.is_some() {
                return (p.linter.clone(), None);
            }
        }
        let (linter, error) = match Settings::from_file(&file).and_then(Linter::new) {
            Ok(linter) => (Arc::new(linter), None),
            Err(e) => (self.default.clone(), Some(e.to_string())),
        };
        self.by_file.insert(
            file,
            Profile {
                stamp,
                linter: linter.clone(),
            },
        );
        (linter, error)
    }

    /// Forget every settings file read, so the next lint reads them again.
    pub fn forget(&mut self) {
        self.by_file.clear();
    }
}

/// The nearest `urlint.toml` in `dir` or a parent.
fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(CONFIG))
        .find(|p| p.is_file())
}

/// The [`Source`] a document is linted as. A `[syntax]` glob that matches
/// its path decides first (the project said so), then the editor's
/// language id, then the extension; a buffer never saved has no path.
pub fn source_for(linter: &Linter, path: Option<&Path>, language: &str) -> Source {
    let by_language = syntax_for_language(language);
    let Some(path) = path else {
        return Source::default().with_syntax(by_language.unwrap_or(Syntax::Text));
    };
    let source = Source::path(path);
    let configured = linter.syntax_for(path);
    if configured != Syntax::from_path(path) {
        return source.with_syntax(configured);
    }
    match by_language {
        Some(syntax) => source.with_syntax(syntax),
        None => source,
    }
}

/// The syntax an LSP language id names (the ids VS Code uses, which most
/// clients follow); `None` for plain text and ids urlint does not know,
/// where the extension decides.
pub fn syntax_for_language(id: &str) -> Option<Syntax> {
    Some(match id {
        "markdown" | "mdx" | "gfm" => Syntax::Markdown,
        "html" | "xhtml" | "xml" | "svg" | "vue" | "svelte" => Syntax::Html,
        "asciidoc" | "adoc" => Syntax::Asciidoc,
        "restructuredtext" | "rst" => Syntax::Rst,
        "json" => Syntax::Json,
        "groff" | "nroff" | "roff" | "man" | "troff" => Syntax::Roff,
        "texinfo" => Syntax::Texinfo,
        "po" | "pot" | "gettext" => Syntax::Po,
        "python" => Syntax::Python,
        "c" | "cpp" | "csharp" | "rust" | "go" | "java" | "javascript" | "javascriptreact"
        | "typescript" | "typescriptreact" | "swift" | "kotlin" | "scala" | "dart" | "zig"
        | "objective-c" | "objective-cpp" | "php" | "css" | "scss" | "less" | "jsonc"
        | "groovy" | "proto" => Syntax::C,
        "shellscript" | "sh" | "bash" | "zsh" | "fish" | "perl" | "ruby" | "r" | "yaml"
        | "toml" | "makefile" | "dockerfile" | "cmake" | "ini" | "properties" | "elixir"
        | "nix" | "tcl" | "powershell" => Syntax::Shell,
        _ => return None,
    })
}

/// The path of a `file:` URI (percent-escapes decoded); `None` for other
/// schemes (`untitled:`, `vscode-notebook-cell:`), which name no file.
pub fn uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file://host/path`: only the local host is a path here.
    let path = match rest.find('/') {
        Some(0) => rest,
        Some(at) if &rest[..at] == "localhost" => &rest[at..],
        _ => return None,
    };
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_uri_is_a_path_with_its_escapes_decoded() {
        assert_eq!(
            uri_path("file:///home/a%20b/r%C3%A9sum%C3%A9.md"),
            Some(PathBuf::from("/home/a b/résumé.md"))
        );
        assert_eq!(
            uri_path("file://localhost/x.md"),
            Some(PathBuf::from("/x.md"))
        );
        assert_eq!(uri_path("untitled:Untitled-1"), None);
        assert_eq!(uri_path("file:///x%2"), Some(PathBuf::from("/x%2")));
    }

    #[test]
    fn the_language_id_decides_unless_a_syntax_glob_matches() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG), "[syntax]\n\"*.txt\" = \"rst\"\n").unwrap();
        let mut profiles = Profiles::default();
        let (linter, error) = profiles.linter_for(Some(dir.path()));
        assert_eq!(error, None);
        let txt = dir.path().join("a.txt");
        let md = dir.path().join("a.md");
        assert_eq!(
            source_for(&linter, Some(&txt), "plaintext").syntax,
            Some(Syntax::Rst)
        );
        assert_eq!(
            source_for(&linter, Some(&txt), "markdown").syntax,
            Some(Syntax::Rst)
        );
        assert_eq!(
            source_for(&linter, Some(&md), "html").syntax,
            Some(Syntax::Html)
        );
        assert_eq!(source_for(&linter, Some(&md), "plaintext").syntax, None);
        assert_eq!(
            source_for(&linter, None, "markdown").syntax,
            Some(Syntax::Markdown)
        );
    }

    #[test]
    fn a_changed_settings_file_is_read_again_and_a_broken_one_is_named_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(CONFIG);
        std::fs::write(&file, "ignore = [\"uppercase-scheme\"]\n").unwrap();
        let mut profiles = Profiles::default();
        let (first, _) = profiles.linter_for(Some(dir.path()));
        let (again, _) = profiles.linter_for(Some(dir.path()));
        assert!(Arc::ptr_eq(&first, &again), "unchanged: not read again");
        std::fs::write(&file, "ignore = [\"no-such-rule\"]\n# longer now\n").unwrap();
        let (_, error) = profiles.linter_for(Some(dir.path()));
        assert!(error.unwrap().contains("no-such-rule"));
        let (_, error) = profiles.linter_for(Some(dir.path()));
        assert_eq!(error, None, "named once");
    }
}
