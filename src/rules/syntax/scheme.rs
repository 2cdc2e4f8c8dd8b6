//! `invalid-scheme`.

use std::ops::Range;

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::url::grammar::char_at;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds scheme names with characters other than letters, digits, `+`,
    /// `-` and `.`.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.1 allows only those characters in a scheme name, so a
    /// reader cannot tell where the scheme ends. (Upper-case letters are
    /// allowed but discouraged: see `uppercase-scheme`.)
    ///
    /// A link target with a bracket or quote glued before its scheme
    /// (`[text]([https://…)`, `href="“https://…"`), or an invisible one a
    /// paste carried along (a word joiner or zero-width space, named by its
    /// code point, `U+2060`), is this rule's too: a
    /// reader takes it for a relative reference, which leads nowhere. So
    /// is a whole Markdown link pasted as the destination
    /// (`[text]([https://a/p](https://a/p))`), whose fix keeps the inner
    /// link's target.
    ///
    /// ## Standards
    /// A quoted pattern is no link (`("hdfs://..")`, a program's string
    /// outside its code block). The same under `rfc3986` and `rfc1738`.
    /// Under `rfc1738` the stray
    /// `[` or `"` is also `unsafe-character`, as every unsafe character is.
    ///
    /// ## Example
    /// `<URL:z39_50://host/>`
    ///
    /// Use instead: `<URL:z39.50://host/>`
    pub static INVALID_SCHEME = {
        name: "invalid-scheme",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.1",
        summary: "scheme characters outside `a-z 0-9 + - .`",
        example: "<URL:z39_50://host/>",
        ok_example: "<URL:z39.50://host/>",
        help: "scheme names use only a-z, 0-9, `+`, `-` and `.` (RFC 1738 §2.1)",
        fix: (Unsafe, "remove a stray bracket or quote before the scheme"),
    }
}

/// A bracket or quote glued before the scheme by a slip (`[https://…`,
/// `“https://…`), and its partner if it also closes the URL
/// (`(https://a/)`): where each stands in the URL. `unsafe-character` and
/// `non-ascii-character` leave both to this rule.
pub(crate) fn stray_marks(cx: &Cx<'_>) -> Option<StrayMarks> {
    let r = cx.parts.scheme.clone()?;
    let first = cx.url[r.clone()].chars().next()?;
    // Invisible marks come in runs (`\u{2060}\u{200b}https://…`): all of
    // them are the mark.
    let mark_len = if crate::document::is_invisible_mark(first) {
        let scheme = &cx.url[r.clone()];
        scheme.len()
            - scheme
                .trim_start_matches(crate::document::is_invisible_mark)
                .len()
    } else {
        first.len_utf8()
    };
    let name = &cx.url[r.start + mark_len..r.end];
    let stray = crate::document::is_stray_mark(first)
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    if !stray {
        return None;
    }
    let partner = match first {
        '(' => ')',
        '[' => ']',
        '<' => '>',
        '\u{201c}' => '\u{201d}',
        '\u{2018}' => '\u{2019}',
        quote => quote,
    };
    let end = cx.url.len();
    let closes = (end > r.end && cx.url.ends_with(partner)).then(|| end - partner.len_utf8()..end);
    Some(StrayMarks {
        mark: r.start..r.start + mark_len,
        partner: closes,
    })
}

/// Where a stray mark before the scheme, and its partner closing the URL,
/// stand in the URL (see [`stray_marks`]).
pub(crate) struct StrayMarks {
    mark: Range<usize>,
    partner: Option<Range<usize>>,
}

impl StrayMarks {
    /// Whether URL byte `i` is the mark or its partner.
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.mark.contains(&i) || self.partner.as_ref().is_some_and(|p| p.contains(&i))
    }
}

/// Report the first bad character of the scheme.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(r) = cx.parts.scheme.clone() else {
        return;
    };
    if r.is_empty() {
        out.at(0..1, "the scheme before `:` is empty".to_string());
        return;
    }
    // `[x]([https://a/p](https://a/p))`: a whole Markdown link pasted as
    // the destination (an editor that links what it is given). Removing
    // the `[` would leave `https://a/p](https://a/p)`: the fix keeps the
    // inner link's own target.
    if let Some(target) = nested_link_target(cx.url) {
        out.at_with_help(
            r.clone(),
            "the link's destination is another whole link, `[…](…)`".to_string(),
            format!("write its target alone: `{target}`"),
        );
        out.fix(
            Applicability::Unsafe,
            "keep the inner link's target",
            vec![(0..cx.url.len(), target.to_string())],
        );
        return;
    }
    if let Some(StrayMarks { mark, partner }) = stray_marks(cx) {
        let mark_char = cx.url[mark.clone()].chars().next().unwrap_or(' ');
        // An invisible mark is named by its code point: in backticks it
        // would show as nothing.
        let c = if crate::document::is_invisible_mark(mark_char) {
            cx.url[mark.clone()]
                .chars()
                .map(|m| format!("U+{:04X}", u32::from(m)))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            cx.text(mark.clone()).to_string()
        };
        out.at_with_help(
            r.clone(),
            format!("a stray `{c}` before the scheme `{}`", cx.text(mark.end..r.end)),
            "remove it: a link whose target does not start with its scheme is read as a relative reference".to_string(),
        );
        // Its partner closing the target goes too: `((https://a/))`.
        let edits = std::iter::once(mark)
            .chain(partner)
            .map(|at| (at, String::new()))
            .collect();
        out.fix(
            Applicability::Unsafe,
            &format!("remove the stray `{c}`"),
            edits,
        );
        return;
    }
    let b = cx.url.as_bytes();
    if let Some(i) =
        (r.clone()).find(|&i| !(b[i].is_ascii_alphanumeric() || b"+-.".contains(&b[i])))
    {
        let c = cx.text(char_at(cx.url, i));
        out.at(
            r.clone(),
            format!("`{c}` is not allowed in the scheme `{}`", cx.text(r)),
        );
    }
}

/// The target of a Markdown link that is a destination whole,
/// `[https://a/p](https://a/p)`: `https://a/p`, when it starts with a
/// scheme and `//`.
fn nested_link_target(url: &str) -> Option<&str> {
    let inner = url.strip_prefix('[')?.strip_suffix(')')?;
    let (_, target) = inner.split_once("](")?;
    let colon = target.find(':')?;
    (colon > 0
        && target[..colon]
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        && target[colon + 1..].starts_with("//")
        && !target.contains(['(', ')', '[', ']', ' ']))
    .then_some(target)
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn invalid_scheme() {
        table(
            Rule::InvalidScheme,
            &[
                ("my_scheme://host/", &["my_scheme"]),
                ("h\u{e9}:x", &["h\u{e9}"]),
                (":x", &[":"]),
                ("z39.50:x", &[]),
                ("svn+ssh://host/", &[]),
                ("HTTP://host/", &[]),
                ("a/b:c", &[]),
            ],
        );
    }

    #[test]
    fn a_link_pasted_as_a_destination_keeps_its_target() {
        let d = crate::rules::testutil::document_diagnostics(
            crate::document::Syntax::Markdown,
            "see [x]([https://a.example.org/p](https://a.example.org/q)) now\n",
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].rule, Rule::InvalidScheme);
        assert_eq!(
            d[0].message,
            "the link's destination is another whole link, `[…](…)`"
        );
        let fix = d[0].fix.as_ref().expect("a fix");
        assert_eq!(fix.edits[0].content, "https://a.example.org/q");
        // Near misses: a bracket alone (its `[` removed), no target after.
        assert_eq!(super::nested_link_target("[https://a.example.org/p]"), None);
        assert_eq!(
            super::nested_link_target("[https://a.example.org/p](x y)"),
            None
        );
    }

    #[test]
    fn a_stray_mark_before_the_scheme_is_the_schemes_fault_alone() {
        use crate::rules::testutil::{cand_with, diagnostics_with};
        use crate::scan::{Facts, Form};
        use crate::url::Standard;
        let rules = |url: &str, standard| {
            diagnostics_with(&cand_with(url, Form::Link, Facts::default()), standard)
                .into_iter()
                .map(|d| d.rule)
                .collect::<Vec<_>>()
        };
        // Not also `unsafe-character` or `non-ascii-character`, whose fix
        // (`%5Bhttps://`) would leave the link as broken.
        for url in [
            "[https://a.example/x",
            "\"https://a.example/x",
            "\u{201c}https://a.example/x",
        ] {
            assert_eq!(
                rules(url, Standard::Rfc3986),
                [Rule::InvalidScheme],
                "{url}"
            );
        }
        let d = diagnostics_with(
            &cand_with("[https://a.example/x", Form::Link, Facts::default()),
            Standard::Rfc3986,
        );
        assert_eq!(d[0].message, "a stray `[` before the scheme `https`");
        // A `[` later in the URL is still unsafe; `rfc1738` reports both.
        assert_eq!(
            rules("https://a.example/[x", Standard::Rfc3986),
            [Rule::UnsafeCharacter]
        );
        assert_eq!(
            rules("[https://a.example/x", Standard::Rfc1738),
            [Rule::UnsafeCharacter, Rule::InvalidScheme]
        );
    }

    #[test]
    fn an_invisible_character_before_a_links_scheme_is_named_by_its_code_point() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        // A podcast's show notes: a word joiner pasted before the scheme
        // makes the link relative. Not also `non-ascii-character`.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [the show](\u{2060}https://a.example.org/ep1) and [x](\u{feff}https://a.example.org/ep2).\n",
        );
        let found: Vec<_> = d.iter().map(|d| (d.rule, d.message.as_str())).collect();
        assert_eq!(
            found,
            [
                (
                    Rule::InvalidScheme,
                    "a stray `U+2060` before the scheme `https`"
                ),
                (
                    Rule::InvalidScheme,
                    "a stray `U+FEFF` before the scheme `https`"
                ),
            ]
        );
        let fix = d[0].fix.as_ref().expect("a fix");
        assert_eq!(fix.edits[0].content, "");
        // A run of them is one mark.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [a](\u{2060}\u{200b}https://a.example.org/ep4).\n",
        );
        let found: Vec<_> = d.iter().map(|d| (d.rule, d.message.as_str())).collect();
        assert_eq!(
            found,
            [(
                Rule::InvalidScheme,
                "a stray `U+2060 U+200B` before the scheme `https`"
            )]
        );
        // Near misses: a relative target after the mark is no URL; in
        // running text the URL starts at its scheme.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [notes](\u{2060}notes/ep1.md) or (\u{2060}https://a.example.org/ep3).\n",
        );
        let found: Vec<_> = d.iter().map(|d| (d.rule, d.url.as_str())).collect();
        assert_eq!(found, [(Rule::BareUrl, "https://a.example.org/ep3")]);
    }
}
