//! urlint finds every URL in plain text the way RFC 1738's appendix says a
//! reader should, and lints each one against the URL grammar of RFC 1738
//! and RFC 1630, judged by RFC 3986 and current practice or, on request, by
//! the letter of RFC 1738 ([`Standard`]). Many diagnostics carry a [`Fix`].
//!
//! The library is one [`Linter`], built once from [`Settings`] (what
//! `urlint.toml` holds), then asked to [`extract`](Linter::extract) or
//! [`check`](Linter::check) texts or readers; the `urlint` command line
//! uses it exactly so. Positions ([`Span`], [`Pos`]) always point into the
//! input as given, through rejoined wrappers, document escapes and mail
//! decoding.
//!
//! ```
//! use urlint::{apply_fixes, Linter, Rule, Settings, Source, Standard};
//!
//! let text = "see <URL:ftp://a.example/pub\n   /x.txt> or HTTP://b.example:25/.";
//! let linter = Linter::default();
//!
//! // Found as a reader would type them: the wrapper's line break rejoined.
//! let urls: Vec<String> = linter
//!     .extract(text, &Source::default())
//!     .into_iter()
//!     .map(|c| c.url)
//!     .collect();
//! assert_eq!(urls, ["ftp://a.example/pub/x.txt", "HTTP://b.example:25/"]);
//!
//! // Linted: spans point into `text` (line 2, column 15 is the `HTTP`).
//! let checked = linter.check(text, &Source::default());
//! let d = &checked.diagnostics[0];
//! assert_eq!(d.rule, Rule::UppercaseScheme);
//! assert_eq!((d.span.start.line, d.span.start.column), (2, 15));
//!
//! // ...and fixed: every byte outside the edits stays as it was.
//! let fixed = apply_fixes(text, &checked.diagnostics, false);
//! assert!(fixed.text.ends_with("or http://b.example:25/."));
//!
//! // By the letter of RFC 1738, `b.example` is a host like any other,
//! // and port 25 belongs to mail.
//! let mut settings = Settings::default();
//! settings.standard = Standard::Rfc1738;
//! let strict = Linter::new(settings)?;
//! let rules: Vec<Rule> = strict
//!     .check(text, &Source::path("notes.txt"))
//!     .diagnostics
//!     .iter()
//!     .map(|d| d.rule)
//!     .collect();
//! assert_eq!(rules, [Rule::NondefaultPort, Rule::UppercaseScheme]);
//! # Ok::<(), urlint::Error>(())
//! ```
//!
//! Data flows one way through the stages `span → input → document → scan
//! → url → rules → lint → report → server → cli`; no module imports a
//! later one (a test holds the source to it), and the language server uses
//! only the API re-exported here. Only the items re-exported here are the
//! API; the hidden modules are public for the fuzz and bench crates alone.

#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
mod config;
// Its overview names the crate-private offset map it is built on.
#[allow(rustdoc::private_intra_doc_links)]
#[doc(hidden)]
pub mod document;
mod error;
#[doc(hidden)]
pub mod input;
mod lint;
#[cfg(feature = "cli")]
mod report;
#[doc(hidden)]
pub mod resolve;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod scan;
mod schemes;
#[cfg(feature = "server")]
#[doc(hidden)]
pub mod server;
mod span;
#[doc(hidden)]
pub mod url;

#[cfg(test)]
mod layers;

/// The README's Rust example ("As a library") runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use config::{Settings, SyntaxGlobs};
pub use document::Syntax;
pub use error::Error;
pub use lint::{apply_fixes, Checked, Fixed, Linter, MailMode, Source};
pub use rules::runner::Wrapper;
pub use rules::{
    Applicability, Diagnostic, Edit, Fix, Group, Label, Rule, RuleConfig, RuleMeta, Severity,
};
pub use scan::{BrokenBare, Candidate, Facts, Form};
pub use span::{Pos, Span};
pub use url::Standard;
