//! The `urlint` command line: flags (`args`), wiring (`run`), and the
//! per-file pipeline (`pipeline`). The binary is a thin call to [`main`].

pub mod args;
pub mod pipeline;
mod run;

pub use run::main;
