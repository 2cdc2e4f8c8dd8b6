//! Content-Transfer-Encoding decoders that remember where each byte came from.
//!
//! Quoted-printable keeps an exact map (an `=XX` byte maps to its `=`, a soft
//! line break disappears), so a URL split by `=\n` still starts where it starts
//! in the file. Base64 has no useful byte correspondence: its whole output maps
//! to the start of the body. Both decode as far as they can and report, rather
//! than fail, on malformed input.

use crate::input::offsets::OffsetMap;

/// Decoded bytes and the map back into the encoded input.
#[derive(Debug, Default)]
pub(crate) struct Decoded {
    pub(crate) bytes: Vec<u8>,
    pub(crate) map: OffsetMap,
    /// What was wrong with the input, if anything (first problem only).
    pub(crate) problem: Option<String>,
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        // Lower case is not canonical but common (RFC 2045 6.7 (1) asks
        // decoders to accept it).
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Decodes quoted-printable (RFC 2045 6.7).
///
/// Trailing whitespace is kept: format=flowed marks soft breaks with it, and it
/// never changes a URL. A stray `=` is kept literally, as RFC 2045 suggests.
pub(crate) fn quoted_printable(input: &[u8]) -> Decoded {
    let mut out = Decoded {
        bytes: Vec::with_capacity(input.len()),
        // About one soft line break per line: room for those.
        map: OffsetMap::with_capacity(input.len() / 64 + 1),
        problem: None,
    };
    let mut i = 0;
    let mut run_start = 0;
    while let Some(eq) = memchr::memchr(b'=', input.get(i..).unwrap_or_default()) {
        let eq = i + eq;
        out.map.linear(out.bytes.len(), run_start);
        out.bytes.extend_from_slice(&input[run_start..eq]);
        let rest = &input[eq + 1..];
        if let (Some(h), Some(l)) = (
            rest.first().copied().and_then(hex_value),
            rest.get(1).copied().and_then(hex_value),
        ) {
            out.map.linear(out.bytes.len(), eq);
            out.bytes.push(h << 4 | l);
            i = eq + 3;
        } else {
            // A soft line break: `=`, optional transport padding, end of line.
            let pad = rest
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            match rest.get(pad..) {
                Some([b'\n', ..]) => i = eq + 1 + pad + 1,
                Some([b'\r', b'\n', ..]) => i = eq + 1 + pad + 2,
                Some([]) => i = input.len(),
                _ => {
                    out.map.linear(out.bytes.len(), eq);
                    out.bytes.push(b'=');
                    out.problem.get_or_insert_with(|| {
                        "quoted-printable: `=` not followed by two hex digits".into()
                    });
                    i = eq + 1;
                }
            }
        }
        run_start = i;
    }
    out.map.linear(out.bytes.len(), run_start);
    out.bytes
        .extend_from_slice(input.get(run_start..).unwrap_or_default());
    out
}

fn b64_value(b: u8) -> Option<u32> {
    match b {
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'a'..=b'z' => Some(u32::from(b - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes base64 (RFC 2045 6.8), skipping line breaks and, with a problem
/// noted, any other character outside the alphabet; everything maps to 0.
pub(crate) fn base64(input: &[u8]) -> Decoded {
    let mut out = Decoded {
        bytes: Vec::with_capacity(input.len() / 4 * 3 + 3),
        ..Decoded::default()
    };
    out.map.point(0, 0);
    let mut acc = 0u32;
    let mut bits = 0u32;
    let mut padded = false;
    for &b in input {
        if let Some(v) = b64_value(b) {
            if padded {
                out.problem
                    .get_or_insert_with(|| "base64: data after `=` padding".into());
                padded = false;
                acc = 0;
                bits = 0;
            }
            acc = acc << 6 | v;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.bytes.push((acc >> bits) as u8);
                acc &= (1 << bits) - 1;
            }
        } else if b == b'=' {
            padded = true;
        } else if !b.is_ascii_whitespace() {
            out.problem.get_or_insert_with(|| {
                format!(
                    "base64: invalid character {:?}",
                    char::from(b).escape_default().to_string()
                )
            });
        }
    }
    if bits >= 6 {
        // A lone sextet cannot make a byte: the data was cut short.
        out.problem
            .get_or_insert_with(|| "base64: truncated data".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qp_soft_break_and_escapes() {
        let raw = b"see http://exa=\nmple.org/?a=3Db&c=3D1 ok=\r\nend";
        let d = quoted_printable(raw);
        assert_eq!(d.bytes, b"see http://example.org/?a=b&c=1 okend");
        assert!(d.problem.is_none());
        let text = d.bytes.as_slice();
        let at = |s: &[u8]| text.windows(s.len()).position(|w| w == s).unwrap();
        // `mple` after the soft break maps past `=\n`.
        assert_eq!(d.map.map(at(b"mple")), 16);
        // The decoded `=` maps to the `=` of `=3D`.
        let eq3d = raw.windows(3).position(|w| w == b"=3D").unwrap();
        assert_eq!(d.map.map(at(b"=b")), eq3d);
        assert_eq!(d.map.map(at(b"end")), raw.len() - 3);
    }

    #[test]
    fn qp_stray_equals_kept_and_reported() {
        let d = quoted_printable(b"a=zz b=");
        assert_eq!(d.bytes, b"a=zz b");
        assert!(d.problem.is_some());
    }

    #[test]
    fn base64_decodes_and_flags_garbage() {
        let d = base64(b"aHR0cDovL2V4\r\nYW1wbGUub3JnLw==\r\n");
        assert_eq!(d.bytes, b"http://example.org/");
        assert!(d.problem.is_none());
        assert_eq!(d.map.map(10), 0);
        let bad = base64(b"aHR0c*DovL2V4YW1wbGUub3JnLw=");
        assert_eq!(bad.bytes, b"http://example.org/");
        assert!(bad.problem.unwrap().contains("invalid character"));
        assert!(base64(b"aHR0cA").problem.is_none());
        assert!(base64(b"aHR0c").problem.unwrap().contains("truncated"));
    }
}
