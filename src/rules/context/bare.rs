//! `broken-bare-url`.

use crate::rules::{declare_rule, Severity};
use crate::scan::BrokenBare;
use crate::validate::{Cx, Report};

declare_rule! {
    /// ## What it does
    /// Finds a bare URL that evidently continues on the next line: it ends
    /// the line with `/`, `-`, `.`, `?`, `=`, `&` or `%`, or the next line
    /// starts with a path piece.
    ///
    /// ## Why is this bad?
    /// Mail clients hard-wrap long lines. A bare URL has no delimiters, so no
    /// reader can tell for sure whether the next line belongs to it; the
    /// RFC 1738 appendix wrapper `<URL:...>` exists for exactly this.
    ///
    /// ## Example
    /// `http://host/a/very/long/` at the end of a line, `path.html` on the next
    ///
    /// Use instead: `<URL:http://host/a/very/long/` and `path.html>`
    pub static BROKEN_BARE_URL = {
        name: "broken-bare-url",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 appendix",
        summary: "a bare URL that evidently continues on the next line",
        example: "http://host/a/very/long/\npath.html",
        ok_example: "<URL:http://host/a/very/long/\n path.html>",
        help: "wrap it as <URL:...> so it can be rejoined safely (RFC 1738 appendix)",
    }
}

/// Report what the scanner decided about a hard-wrapped bare URL.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    let Some(kind) = cx.cand.facts.broken_bare else {
        return;
    };
    let alt = cx.cand.alternatives.first().map_or("", String::as_str);
    let message = match kind {
        BrokenBare::Rejoined => {
            format!("this URL was cut by a line wrap; read as rejoined (literal text: `{alt}`)")
        }
        BrokenBare::Literal => {
            format!("this URL may continue on the next line (rejoined: `{alt}`)")
        }
    };
    out.at_span(cx.cand.span, message);
}

#[cfg(test)]
mod tests {
    use crate::rules::Rule;
    use crate::scan::{BrokenBare, Facts, Form};
    use crate::validate::testutil::{cand_with, diagnostics};

    #[test]
    fn broken_bare_url() {
        for kind in [BrokenBare::Rejoined, BrokenBare::Literal] {
            let facts = Facts {
                broken_bare: Some(kind),
                ..Facts::default()
            };
            let mut c = cand_with("http://host/a/", Form::Bare, facts);
            c.alternatives = vec!["http://host/a/b.html".into()];
            let d: Vec<_> = diagnostics(&c)
                .into_iter()
                .filter(|d| d.rule == Rule::BrokenBareUrl)
                .collect();
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].span, c.span);
            assert!(d[0].message.contains("http://host/a/b.html"));
        }
        let c = cand_with("http://host/a/", Form::Bare, Facts::default());
        assert!(diagnostics(&c)
            .iter()
            .all(|d| d.rule != Rule::BrokenBareUrl));
    }
}
