//! Reporting: every output format renders the same results.

pub mod escape;
