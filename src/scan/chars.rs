//! Character classes the scanner's end rules are written in.
//!
//! Kept apart so each rule reads as one word (`is_cjk`, `is_combining`), and
//! so decoding one character from raw bytes never allocates.

/// Decode the character at `bytes[i]`: `Some((char, len))`, or `None` for an
/// invalid UTF-8 byte (or a sequence cut by the end of `bytes`).
pub(crate) fn decode(bytes: &[u8], i: usize) -> Option<(char, usize)> {
    let b = *bytes.get(i)?;
    if b < 0x80 {
        return Some((char::from(b), 1));
    }
    let len = match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let piece = bytes.get(i..i + len)?;
    let c = std::str::from_utf8(piece).ok()?.chars().next()?;
    Some((c, len))
}

/// Han, kana, Hangul, CJK punctuation and symbols, and full-width forms:
/// Japanese, Chinese and Korean text puts these right after a URL with no
/// space, so they end a bare URL even though many are "alphabetic".
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x11FF      // Hangul Jamo
        | 0x2E80..=0x2FFF    // CJK radicals, Kangxi, description characters
        | 0x3000..=0x303F    // CJK symbols and punctuation (U+3000, 、。「」)
        | 0x3040..=0x30FF    // Hiragana, Katakana
        | 0x3100..=0x31FF    // Bopomofo, Hangul compatibility Jamo, kana ext.
        | 0x3200..=0x4DBF    // enclosed CJK, CJK compatibility, ext. A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xA960..=0xA97F    // Hangul Jamo ext. A
        | 0xAC00..=0xD7FF    // Hangul syllables, Jamo ext. B
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0xFE30..=0xFE4F    // CJK compatibility forms
        | 0xFF00..=0xFFEF    // half-width and full-width forms (（）：)
        | 0x1B000..=0x1B16F  // kana supplement and extensions
        | 0x20000..=0x3FFFF  // CJK ext. B and later, planes 2 and 3
    )
}

/// Combining marks that `char::is_alphanumeric` does not cover (accents
/// written as separate code points): they belong to the letter before them.
pub(crate) fn is_combining(c: char) -> bool {
    matches!(u32::from(c),
        0x0300..=0x036F
        | 0x0483..=0x0489
        | 0x0591..=0x05BD
        | 0x0610..=0x061A
        | 0x064B..=0x065F
        | 0x0900..=0x0963   // Indic scripts (Devanagari to Malayalam and
        | 0x0966..=0x0DFF   // Sinhala): viramas and vowel signs, not dandas
        | 0x0E31..=0x0E3A   // Thai vowel and tone marks
        | 0x0E47..=0x0E4E
        | 0x1AB0..=0x1AFF
        | 0x1DC0..=0x1DFF
        | 0x200C..=0x200D   // zero-width (non-)joiners inside words
        | 0x20D0..=0x20FF
        | 0xFE00..=0xFE0F   // variation selectors
        | 0xFE20..=0xFE2F
    )
}

/// A character that may continue a bare URL after ASCII has run out:
/// letters and digits of any script (an IRI is found whole, then linted),
/// and the marks that combine with them.
pub(crate) fn continues_url(c: char) -> bool {
    !is_cjk(c) && (c.is_alphanumeric() || is_combining(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_rejects_invalid_and_cut_sequences() {
        assert_eq!(decode("\u{e9}".as_bytes(), 0), Some(('\u{e9}', 2)));
        assert_eq!(decode(b"\xC3", 0), None);
        assert_eq!(decode(b"\xFF", 0), None);
        assert_eq!(decode(b"\xED\xA0\x80", 0), None);
    }

    #[test]
    fn cjk_ends_but_other_letters_continue() {
        assert!(!continues_url('\u{3002}')); // 。
        assert!(!continues_url('\u{3042}')); // あ
        assert!(!continues_url('\u{FF08}')); // （
        assert!(!continues_url('\u{6F22}')); // 漢
        assert!(continues_url('\u{fc}')); // ü
        assert!(continues_url('\u{301}')); // combining acute
        assert!(!continues_url('\u{2014}')); // em dash
        assert!(!continues_url('\u{a0}')); // no-break space
    }
}
