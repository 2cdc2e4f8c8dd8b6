//! Applying fixes to a text: every byte outside the edits is kept as it
//! was (line endings, a byte order mark, the rest of the text).

use crate::rules::{Applicability, Diagnostic};

/// A text after [`apply_fixes`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fixed {
    /// The new text.
    pub text: String,
    /// How many diagnostics' fixes were applied.
    pub applied: usize,
}

/// Whether `diag` has a fix `--fix` (or, with `unsafe_fixes`,
/// `--unsafe-fixes`) applies.
pub(crate) fn allowed(diag: &Diagnostic, unsafe_fixes: bool) -> bool {
    diag.fix
        .as_ref()
        .is_some_and(|f| unsafe_fixes || f.applicability == Applicability::Safe)
}

/// Apply the fixes of `diagnostics` (found in `text`) to `text`: the safe
/// ones, and with `unsafe_fixes` the unsafe ones too. A fix whose edits
/// would overlap one already taken (or fall outside `text`, or split a
/// character) is left for the next round, whole: half a fix is no fix.
pub fn apply_fixes(text: &str, diagnostics: &[Diagnostic], unsafe_fixes: bool) -> Fixed {
    let mut fixes: Vec<_> = diagnostics
        .iter()
        .filter(|d| allowed(d, unsafe_fixes))
        .filter_map(|d| d.fix.as_ref())
        .collect();
    fixes.sort_by_key(|f| f.edits.first().map(|e| e.span.start.offset));
    let mut taken: Vec<(usize, usize, &str)> = Vec::new();
    let mut applied = 0;
    for fix in fixes {
        let mut edits = Vec::new();
        let ok = fix.edits.iter().all(|e| {
            let (Ok(start), Ok(end)) = (
                usize::try_from(e.span.start.offset),
                usize::try_from(e.span.end.offset),
            ) else {
                return false;
            };
            edits.push((start, end, e.content.as_str()));
            start <= end && text.get(start..end).is_some()
        });
        // An insertion where another edit starts or ends also overlaps it:
        // the order of the two would be a guess.
        let clash = |a: &(usize, usize, &str)| {
            taken
                .iter()
                .any(|b| a.0 < b.1 && b.0 < a.1 || a.0 == b.0 || a.1 == b.1)
        };
        if ok && !edits.iter().any(clash) {
            taken.extend(edits);
            applied += 1;
        }
    }
    taken.sort_by_key(|e| (e.0, e.1));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for (start, end, content) in taken {
        out.push_str(&text[at..start]);
        out.push_str(content);
        at = end;
    }
    out.push_str(&text[at..]);
    Fixed { text: out, applied }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Edit, Fix, Rule, Severity};
    use crate::span::{Pos, Span};

    fn at(start: u64, end: u64) -> Span {
        let p = |offset| Pos {
            line: 1,
            column: offset + 1,
            offset,
        };
        Span::new(p(start), p(end))
    }

    fn diag(applicability: Applicability, edits: &[(u64, u64, &str)]) -> Diagnostic {
        Diagnostic {
            rule: Rule::UppercaseScheme,
            severity: Severity::Info,
            message: String::new(),
            span: at(0, 0),
            url: String::new(),
            help: String::new(),
            labels: Vec::new(),
            fix: Some(Fix {
                applicability,
                message: String::new(),
                edits: edits
                    .iter()
                    .map(|&(s, e, c)| Edit::new(at(s, e), c))
                    .collect(),
            }),
        }
    }

    #[test]
    fn bytes_outside_the_edits_are_kept() {
        let text = "\u{feff}HTTP://a/\r\nx\r\n";
        let d = diag(Applicability::Safe, &[(3, 7, "http")]);
        let fixed = apply_fixes(text, &[d], false);
        assert_eq!(fixed.text, "\u{feff}http://a/\r\nx\r\n");
        assert_eq!(fixed.applied, 1);
    }

    #[test]
    fn unsafe_fixes_wait_for_the_flag() {
        let d = diag(Applicability::Unsafe, &[(0, 1, "%25")]);
        assert_eq!(apply_fixes("%", std::slice::from_ref(&d), false).applied, 0);
        assert_eq!(apply_fixes("%", &[d], true).text, "%25");
    }

    #[test]
    fn an_overlapping_fix_waits_whole_for_the_next_round() {
        let a = diag(Applicability::Safe, &[(0, 2, "x"), (5, 5, ">")]);
        let b = diag(Applicability::Safe, &[(1, 3, "y"), (8, 8, "!")]);
        let c = diag(Applicability::Safe, &[(5, 5, "<")]);
        let fixed = apply_fixes("abcdefghij", &[a, b, c], false);
        assert_eq!(fixed.text, "xcde>fghij");
        assert_eq!(fixed.applied, 1);
    }
}
