//! End-to-end tests of the `urlint` binary: one test binary (faster to build),
//! one module per command.

mod check;
mod ci_fit;
mod data;
mod documents;
mod extract;
mod files_from;
mod fix;
mod formats;
mod hostile;
mod inputs;
mod mail;
mod replay;
mod resolve;
mod server;
mod suppress;
mod util;
