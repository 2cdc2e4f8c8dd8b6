//! Style: legal but unusual, or off by default.

pub mod bare_url;
pub mod escape;
pub mod unknown_scheme;
pub mod uppercase_scheme;
pub mod whitespace_in_url;
