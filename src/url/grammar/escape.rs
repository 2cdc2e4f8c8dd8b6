//! Percent escapes: `escape = "%" hex hex` (RFC 1738 §5).

use std::ops::Range;

/// One `%` of the URL and what follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Escape {
    /// The `%` and the characters read as its escape: three bytes when valid;
    /// for an invalid one, the `%` and up to two following ASCII characters
    /// other than `%` (so `%%3D` blames only the first `%`).
    pub range: Range<usize>,
    /// The octet, when the escape is valid.
    pub value: Option<u8>,
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Every `%` in `url[range]`, in order. After an invalid escape the scan
/// resumes right after its `%`, so a valid escape it swallowed is still seen.
pub fn escapes(url: &str, range: Range<usize>) -> impl Iterator<Item = Escape> + '_ {
    let b = url.as_bytes();
    let end = range.end.min(b.len());
    let mut i = range.start.min(end);
    std::iter::from_fn(move || {
        let at = i + memchr::memchr(b'%', b.get(i..end)?)?;
        let value = match (b.get(at + 1), b.get(at + 2)) {
            (Some(&h), Some(&l)) if at + 2 < end => hex(h).zip(hex(l)).map(|(h, l)| h << 4 | l),
            _ => None,
        };
        if value.is_some() {
            i = at + 3;
            return Some(Escape {
                range: at..at + 3,
                value,
            });
        }
        let tail = b[at + 1..end]
            .iter()
            .take(2)
            .take_while(|&&c| c.is_ascii() && c != b'%' && !c.is_ascii_control())
            .count();
        i = at + 1;
        Some(Escape {
            range: at..at + 1 + tail,
            value: None,
        })
    })
}

/// The bytes of `url[range]` with valid escapes decoded; an invalid `%`
/// stays a `%` (its rule reports it).
pub fn decoded(url: &str, range: Range<usize>) -> impl Iterator<Item = u8> + '_ {
    let b = url.as_bytes();
    let end = range.end.min(b.len());
    let mut i = range.start.min(end);
    std::iter::from_fn(move || {
        let c = *b.get(i).filter(|_| i < end)?;
        if c == b'%' && i + 2 < end {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                i += 3;
                return Some(h << 4 | l);
            }
        }
        i += 1;
        Some(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(url: &str) -> Vec<(&str, Option<u8>)> {
        escapes(url, 0..url.len())
            .map(|e| (&url[e.range], e.value))
            .collect()
    }

    #[test]
    fn finds_valid_and_invalid_escapes() {
        assert_eq!(all("a%20b%2d"), [("%20", Some(0x20)), ("%2d", Some(0x2d))]);
        assert_eq!(all("news:1%asdg"), [("%as", None)]);
        assert_eq!(all("x%%3D"), [("%", None), ("%3D", Some(0x3d))]);
        assert_eq!(all("x%*.fred"), [("%*.", None)]);
        assert_eq!(all("x%4"), [("%4", None)]);
        assert_eq!(all("x%"), [("%", None)]);
        assert_eq!(all("x%\u{e9}"), [("%", None)]);
    }

    #[test]
    fn escapes_stay_inside_the_range() {
        let url = "a%20b";
        let v: Vec<_> = escapes(url, 0..3).collect();
        assert_eq!(v[0].value, None);
    }

    #[test]
    fn decodes_valid_escapes_only() {
        let url = "a%40b%zz";
        let d: Vec<u8> = decoded(url, 0..url.len()).collect();
        assert_eq!(d, b"a@b%zz");
    }
}
