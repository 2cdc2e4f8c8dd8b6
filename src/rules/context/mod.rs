//! How a URL sits in text (RFC 1738 appendix, RFC 1630 partial forms). These
//! rules read the scanner's `facts`, not the URL.

pub mod bare;
pub mod fragment_outside_wrapper;
pub mod hyphen_line_break;
pub mod partial;
pub mod possibly_broken;
pub mod trailing_punctuation;
pub mod unterminated_link;
pub mod unterminated_wrapper;
