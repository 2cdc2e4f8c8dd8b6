//! Generic URL syntax (RFC 1738 §2, RFC 1630), and the typos no grammar
//! names (`misspelled-scheme`, `doubled-scheme`, `glued-url`).

pub mod chars;
pub mod doubled;
pub mod empty;
pub mod escape;
pub mod glued;
pub mod host;
pub mod misspelled;
pub mod port;
pub mod scheme;
