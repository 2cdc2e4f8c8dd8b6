//! Style: legal but unusual, or off by default.

pub mod escape;
pub mod scheme;
pub mod text;
