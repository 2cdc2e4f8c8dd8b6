//! Input: finding files (`walk`), turning each into a stream of text bytes
//! (`sniff`: gzip, UTF-16, binary detection), and decoding mail (`mail`).

pub mod mail;
pub mod readahead;
pub mod sniff;
pub mod walk;
