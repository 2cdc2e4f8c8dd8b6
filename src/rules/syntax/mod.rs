//! Generic URL syntax (RFC 1738 §2, RFC 1630).

pub mod chars;
pub mod empty;
pub mod escape;
pub mod host;
pub mod port;
pub mod scheme;
