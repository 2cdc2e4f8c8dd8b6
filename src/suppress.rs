//! `urlint: ignore` comments: a line containing `urlint: ignore` silences every
//! diagnostic that starts on it; `urlint: ignore[rule,rule]` only those rules.

use crate::scan::Excerpt;

const MARKER: &str = "urlint: ignore";

/// Whether `rule` is silenced on `line` (a line number in the excerpt's own
/// coordinates) by a comment in `excerpt`.
pub fn is_suppressed(excerpt: &Excerpt, line: u64, rule: &str) -> bool {
    let Some(index) = line.checked_sub(excerpt.first_line) else {
        return false;
    };
    let Some(text) = excerpt
        .text
        .split('\n')
        .nth(usize::try_from(index).unwrap_or(usize::MAX))
    else {
        return false;
    };
    line_silences(text, rule)
}

/// Whether a line's text silences `rule`.
pub fn line_silences(text: &str, rule: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find(MARKER) {
        let after = &rest[at + MARKER.len()..];
        match after.strip_prefix('[') {
            None => return true,
            Some(list) => {
                let names = list.split(']').next().unwrap_or("");
                if names.split(',').any(|n| n.trim() == rule) {
                    return true;
                }
            }
        }
        rest = after;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_marker_silences_everything() {
        assert!(line_silences(
            "see http://a:25/ # urlint: ignore",
            "nondefault-port"
        ));
    }

    #[test]
    fn listed_rules_only() {
        let line = "http://a:25/%zz <!-- urlint: ignore[nondefault-port, bare-url] -->";
        assert!(line_silences(line, "nondefault-port"));
        assert!(line_silences(line, "bare-url"));
        assert!(!line_silences(line, "invalid-percent-escape"));
    }

    #[test]
    fn other_lines_are_not_silenced() {
        let ex = Excerpt {
            first_line: 10,
            start_offset: 0,
            text: "a http://x:25/\nb urlint: ignore\n".into(),
        };
        assert!(!is_suppressed(&ex, 10, "nondefault-port"));
        assert!(is_suppressed(&ex, 11, "nondefault-port"));
        assert!(!is_suppressed(&ex, 9, "nondefault-port"));
    }

    #[test]
    fn no_marker_no_silence() {
        assert!(!line_silences("urlint ignore", "x"));
        assert!(!line_silences("urlint: ignor", "x"));
    }
}
