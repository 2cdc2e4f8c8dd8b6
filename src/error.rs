//! The library's one error type: what went wrong, and with which file.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why urlint could not do what was asked: a settings file or flag that
/// does not parse, or an input that could not be read. It names the file
/// (when there is one) and the cause, and prints as `path: cause`, the way
/// the command line reports it.
#[derive(Debug)]
#[non_exhaustive]
pub struct Error {
    path: Option<PathBuf>,
    message: String,
    io: Option<std::io::Error>,
}

impl Error {
    /// An error about settings or input text, with no file yet.
    pub(crate) fn msg(message: impl Into<String>) -> Error {
        Error {
            path: None,
            message: message.into(),
            io: None,
        }
    }

    /// An error reading or writing.
    pub(crate) fn io(io: std::io::Error) -> Error {
        Error {
            path: None,
            message: io.to_string(),
            io: Some(io),
        }
    }

    /// The same error, said of `path` (kept if one is already named).
    #[must_use]
    pub(crate) fn at(mut self, path: &Path) -> Error {
        if self.path.is_none() {
            self.path = Some(path.to_path_buf());
        }
        self
    }

    /// The file the error is about, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The cause, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => write!(f, "{}: {}", p.display(), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io.as_ref().map(|e| e as _)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::io(e)
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::msg(message)
    }
}
