//! How a URL sits in text (RFC 1738 appendix, RFC 1630 partial forms). These
//! rules read the scanner's `facts`, not the URL.

pub mod bare;
pub mod link;
pub mod partial;
pub mod possibly_broken;
pub mod wrapper;
