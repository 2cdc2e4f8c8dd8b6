//! urlint finds every URL in plain text the way RFC 1738's appendix says a
//! reader should, and lints each one against the URL grammar of RFC 1738 and
//! RFC 1630.
//!
//! Data flows one way: [`input`] (walk, decode) → [`scan`] (candidates with
//! spans) → [`validate`] (diagnostics) → [`report`]. No module reaches back up
//! this chain.

pub mod diagnostic;
pub mod input;
pub mod rules;
pub mod scan;
pub mod schemes;
pub mod span;
pub mod validate;

pub use diagnostic::Diagnostic;
pub use scan::{Candidate, Form, ScanOptions, Scanner};
pub use span::{Pos, Span};
