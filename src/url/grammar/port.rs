//! `port = digits` (RFC 1738 §3.1 and §5), a TCP port, so at most 65535.

use std::ops::Range;

use super::Fault;

/// The port number in `url[range]`, or why it is not one. `colon` is the
/// index of the `:` before it, underlined when the port is empty.
pub fn check(url: &str, range: Range<usize>, colon: usize) -> Result<u32, Fault> {
    let text = url.get(range.clone()).unwrap_or("");
    if text.is_empty() {
        return Err(Fault::new(
            colon..colon + 1,
            "`:` without a port number (RFC 1738: if the port is omitted, the colon is as well)",
        ));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Fault::new(
            range,
            format!("port `{text}` is not a decimal number"),
        ));
    }
    // Saturate so a thousand-digit port cannot overflow.
    let value = text.bytes().fold(0u32, |v, b| {
        v.saturating_mul(10)
            .saturating_add(u32::from(b - b'0'))
            .min(1_000_000)
    });
    if value > 65_535 {
        return Err(Fault::new(range, format!("port `{text}` is over 65535")));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports() {
        let p = |s: &str| check(s, 1..s.len(), 0).map_err(|f| s[f.range].to_string());
        assert_eq!(p(":80"), Ok(80));
        assert_eq!(p(":065535"), Ok(65535));
        assert_eq!(p(":65536"), Err("65536".into()));
        assert_eq!(
            p(":99999999999999999999"),
            Err("99999999999999999999".into())
        );
        assert_eq!(p(":8o"), Err("8o".into()));
        assert_eq!(p(":"), Err(":".into()));
    }
}
