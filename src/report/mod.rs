//! Output: every format urlint prints, and the escaping they share.

pub mod escape;
pub mod github;
