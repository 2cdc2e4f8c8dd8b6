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

use ignore::gitignore::{Gitignore, GitignoreBuilder};

use crate::Error;
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
    /// `exclude`, rooted at the settings file's folder.
    exclude: Option<Gitignore>,
}

/// What governs one document.
pub struct Governed {
    /// The linter of its settings.
    pub linter: Arc<Linter>,
    /// `exclude` leaves it out: it gets no diagnostics, as the file would
    /// get none from `urlint check` walking the project (or from the
    /// pre-commit hook, which passes `--force-exclude`).
    pub excluded: bool,
    /// The settings file is broken (given once per version of the file):
    /// the defaults lint meanwhile, since a typo in `urlint.toml` must not
    /// blank the editor, but must not go unseen either.
    pub error: Option<String>,
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
    /// What governs a document at `path`, or, for a buffer never saved,
    /// one in `dir` (`None`: the defaults).
    pub fn governing(&mut self, path: Option<&Path>, dir: Option<&Path>) -> Governed {
        let dir = path.and_then(Path::parent).or(dir);
        let Some(file) = dir.and_then(find) else {
            return Governed {
                linter: self.default.clone(),
                excluded: false,
                error: None,
            };
        };
        let stamp = std::fs::metadata(&file)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        let mut error = None;
        let fresh = self
            .by_file
            .get(&file)
            .is_some_and(|p| p.stamp == stamp && stamp.is_some());
        if !fresh {
            let read = Settings::from_file(&file).and_then(|settings| {
                let exclude = exclude(&settings)?;
                Ok((Linter::new(settings)?, exclude))
            });
            let (linter, exclude) = match read {
                Ok((linter, exclude)) => (Arc::new(linter), exclude),
                Err(e) => {
                    error = Some(e.to_string());
                    (self.default.clone(), None)
                }
            };
            let profile = Profile {
                stamp,
                linter,
                exclude,
            };
            self.by_file.insert(file.clone(), profile);
        }
        let profile = &self.by_file[&file];
        let excluded = match (path, &profile.exclude) {
            (Some(path), Some(globs)) => {
                path.starts_with(globs.path())
                    && globs.matched_path_or_any_parents(path, false).is_ignore()
            }
            _ => false,
        };
        Governed {
            linter: profile.linter.clone(),
            excluded,
            error,
        }
    }

    /// Forget every settings file read, so the next lint reads them again.
    pub fn forget(&mut self) {
        self.by_file.clear();
    }
}

/// `exclude` as gitignore lines rooted at the settings file's folder, as
/// `urlint check` reads them.
fn exclude(settings: &Settings) -> Result<Option<Gitignore>, Error> {
    let Some(root) = settings.root().filter(|_| !settings.exclude.is_empty()) else {
        return Ok(None);
    };
    let mut globs = GitignoreBuilder::new(root);
    for glob in &settings.exclude {
        globs
            .add_line(None, glob)
            .map_err(|e| Error::msg(format!("exclude `{glob}`: {e}")))?;
    }
    globs
        .build()
        .map(Some)
        .map_err(|e| Error::msg(e.to_string()))
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
        "rtf" => Syntax::Rtf,
        "icalendar" | "vcard" => Syntax::Icalendar,
        "diff" | "patch" => Syntax::Diff,
        "po" | "pot" | "gettext" => Syntax::Po,
        "python" => Syntax::Python,
        "lisp" | "emacs-lisp" | "elisp" | "commonlisp" | "scheme" | "racket" | "clojure" => {
            Syntax::Lisp
        }
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
        let governed = profiles.governing(None, Some(dir.path()));
        assert_eq!(governed.error, None);
        let linter = governed.linter;
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
        let doc = dir.path().join("a.md");
        let first = profiles.governing(Some(&doc), None).linter;
        let again = profiles.governing(Some(&doc), None).linter;
        assert!(Arc::ptr_eq(&first, &again), "unchanged: not read again");
        std::fs::write(&file, "ignore = [\"no-such-rule\"]\n# longer now\n").unwrap();
        let error = profiles.governing(Some(&doc), None).error;
        assert!(error.unwrap().contains("no-such-rule"));
        assert_eq!(
            profiles.governing(Some(&doc), None).error,
            None,
            "named once"
        );
    }

    #[test]
    fn exclude_leaves_a_document_out() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(CONFIG),
            "exclude = [\"vendor/**\", \"*.min.js\"]\n",
        )
        .unwrap();
        let mut profiles = Profiles::default();
        let mut excluded = |p: &str| profiles.governing(Some(&dir.path().join(p)), None).excluded;
        assert!(excluded("vendor/lib/a.md"));
        assert!(excluded("web/app.min.js"));
        assert!(!excluded("docs/a.md"));
        assert!(!excluded("vendored.md"));
    }
}
