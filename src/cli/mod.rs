//! The `urlint` command line: flags (`args`), wiring (`run`), and the
//! per-file pipeline (`pipeline`). The binary is a thin call to [`main`].

pub mod args;
pub mod extra;
mod fix;
pub mod pipeline;
mod profiles;
pub mod progress;
mod run;
mod sink;

pub use extra::VERSION;
pub use run::main;
