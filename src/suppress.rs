//! `urlint: ignore` comments: a line containing `urlint: ignore` silences every
//! diagnostic that starts on it; `urlint: ignore[rule,group]` only those rules
//! and groups (as `--ignore` takes them).

use crate::rules::Rule;
use crate::scan::Excerpt;

const MARKER: &str = "urlint: ignore";

/// Whether `rule` is silenced on `line` (a line number in the excerpt's own
/// coordinates) by a comment in `excerpt`.
pub fn is_suppressed(excerpt: &Excerpt, line: u64, rule: Rule) -> bool {
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
    line_silences(text, rule.name(), rule.meta().group.as_str())
}

/// Whether a line's text silences the rule named `rule` of group `group`.
pub fn line_silences(text: &str, rule: &str, group: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find(MARKER) {
        let after = &rest[at + MARKER.len()..];
        match after.strip_prefix('[') {
            None => return true,
            Some(list) => {
                let names = list.split(']').next().unwrap_or("");
                if names
                    .split(',')
                    .any(|n| n.trim() == rule || n.trim() == group)
                {
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
        let line = "see http://a:25/ # urlint: ignore";
        assert!(line_silences(line, "nondefault-port", "security"));
    }

    #[test]
    fn listed_rules_only() {
        let line = "http://a:25/%zz <!-- urlint: ignore[nondefault-port, bare-url] -->";
        assert!(line_silences(line, "nondefault-port", "security"));
        assert!(line_silences(line, "bare-url", "style"));
        assert!(!line_silences(line, "invalid-percent-escape", "syntax"));
    }

    #[test]
    fn listed_groups_silence_their_rules() {
        let line = "http://a:25/%zz urlint: ignore[syntax]";
        assert!(line_silences(line, "invalid-percent-escape", "syntax"));
        assert!(!line_silences(line, "nondefault-port", "security"));
    }

    #[test]
    fn other_lines_are_not_silenced() {
        let ex = Excerpt {
            first_line: 10,
            start_offset: 0,
            text: "a http://x:25/\nb urlint: ignore\n".into(),
        };
        assert!(!is_suppressed(&ex, 10, Rule::NondefaultPort));
        assert!(is_suppressed(&ex, 11, Rule::NondefaultPort));
        assert!(!is_suppressed(&ex, 9, Rule::NondefaultPort));
    }

    #[test]
    fn no_marker_no_silence() {
        assert!(!line_silences("urlint ignore", "x", "y"));
        assert!(!line_silences("urlint: ignor", "x", "y"));
    }
}
