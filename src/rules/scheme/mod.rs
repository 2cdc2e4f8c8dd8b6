//! Per-scheme grammar (RFC 1738 §3 and the BNF of §5).

pub mod file;
pub mod ftp;
pub mod gopher;
pub mod mailto;
pub mod news;
pub mod nntp;
pub mod prospero;
pub mod telnet;
pub mod userinfo;
pub mod wais;

use crate::rules::runner::Report;
use crate::url::grammar::Fault;
use crate::url::{Cx, SchemeKind};

/// Run a scheme's grammar when the URL has that scheme.
fn run(cx: &Cx<'_>, out: &mut Report<'_>, kind: SchemeKind, grammar: fn(&Cx<'_>) -> Option<Fault>) {
    if cx.scheme == kind {
        if let Some(f) = grammar(cx) {
            out.at(f.range, f.message);
        }
    }
}
