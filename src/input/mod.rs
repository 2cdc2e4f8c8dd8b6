//! Input: finding files (`walk`), turning each into a stream of text bytes
//! (`sniff`: gzip, UTF-16, binary detection), decoding mail (`mail`), and
//! the offset maps that lead decoded text back to the file (`offsets`).

pub mod mail;
pub(crate) mod offsets;
pub mod readahead;
pub mod sniff;
#[cfg(feature = "cli")]
pub mod walk;
