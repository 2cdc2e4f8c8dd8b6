//! Input: finding files (`walk`), and turning each into a stream of text bytes
//! (`sniff`: gzip, UTF-16, binary detection).

pub mod sniff;
pub mod walk;
