//! urlint finds every URL in plain text the way RFC 1738's appendix says a
//! reader should, and lints each one against the URL grammar of RFC 1738 and
//! RFC 1630, judged by RFC 3986 and current practice or, on request, by the
//! letter of RFC 1738 ([`url::Standard`]).
//!
//! Data flows one way: [`input`] (walk, decode) → [`scan`] (candidates with
//! spans) → [`validate`] (diagnostics) → [`report`]. No module reaches back up
//! this chain.
//!
//! Finding URLs, then linting them:
//!
//! ```
//! use urlint::rules::RuleConfig;
//! use urlint::rules::Validator;
//! use urlint::url::Standard;
//! use urlint::{ScanOptions, Scanner};
//!
//! let text = b"see <URL:ftp://a.example/pub\n   /x.txt> or http://b.example:25/.";
//! let mut scanner = Scanner::new(ScanOptions::default());
//! let found = scanner.scan_slice(text);
//! let urls: Vec<&str> = found.iter().map(|c| c.url.as_str()).collect();
//! assert_eq!(urls, ["ftp://a.example/pub/x.txt", "http://b.example:25/"]);
//!
//! // By the letter of RFC 1738 every host is judged alike...
//! let validator = Validator::new(&RuleConfig::default(), &[]).with_standard(Standard::Rfc1738);
//! let mut diagnostics = Vec::new();
//! validator.check(&found[1], &mut diagnostics);
//! assert_eq!(diagnostics[0].rule.name(), "nondefault-port");
//! // Spans point into the original text: the `25` is on line 2, column 32.
//! assert_eq!((diagnostics[0].span.start.line, diagnostics[0].span.start.column), (2, 32));
//!
//! // ...while the default standard, RFC 3986 and current practice, reads
//! // `b.example` as a documentation example.
//! let mut diagnostics = Vec::new();
//! Validator::new(&RuleConfig::default(), &[]).check(&found[1], &mut diagnostics);
//! assert!(diagnostics.is_empty());
//! ```

pub mod cli;
pub mod config;
pub mod document;
pub mod error;
pub mod input;
pub mod lint;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod scan;
pub mod schemes;
pub mod span;
pub mod url;

#[cfg(test)]
mod layers;

pub use rules::Diagnostic;
pub use scan::{Candidate, Form, ScanOptions, Scanner};
pub use span::{Pos, Span};
