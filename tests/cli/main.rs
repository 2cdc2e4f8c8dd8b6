//! End-to-end tests of the `urlint` binary: one test binary (faster to build),
//! one module per command.

mod check;
mod extract;
mod formats;
mod inputs;
mod mail;
mod resolve;
mod util;
