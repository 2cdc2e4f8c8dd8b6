//! `--format plain`: one URL a line, optionally prefixed `path:line:column:`.

use std::io::Write;

use super::escape::escape_control;
use super::{FileReport, Reporter};

/// The default format of `extract`.
#[derive(Debug, Default)]
pub struct Plain {
    /// Prefix each URL with `path:line:column:`.
    pub with_location: bool,
}

impl Reporter for Plain {
    fn file(&self, report: &FileReport<'_>, out: &mut Vec<u8>) {
        let path = escape_control(report.path);
        for found in report.found {
            let start = found.cand.span.start;
            if self.with_location {
                let _ = write!(out, "{path}:{}:{}:", start.line, start.column);
            }
            // Two copies, not the formatting machinery: this line is most
            // of `extract`'s output.
            out.extend_from_slice(escape_control(&found.cand.url).as_bytes());
            out.push(b'\n');
        }
    }

    fn shows_positions(&self) -> bool {
        self.with_location
    }
}
