//! The `urlint` command line: flags (`args`), wiring (`run`), and the
//! per-file pipeline (`pipeline`). The binary is a thin call to [`main`].

pub mod args;
pub mod pipeline;
mod run;
mod sink;

pub use run::main;
