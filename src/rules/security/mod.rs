//! RFC 1738 §6, "Security Considerations".

pub mod line_break;
pub mod password;
pub mod port;
