//! Input decoding: turning files on disk into text to scan, with a way back
//! to positions in the original bytes.

pub mod mail;
