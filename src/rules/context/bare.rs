//! `broken-bare-url`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::scan::BrokenBare;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds a bare URL cut by a hard wrap, on strong evidence (the exact
    /// rules are in the README, "Hard-wrapped bare URLs"): it runs to the
    /// end of its line, the next line starts with a token that reads as a
    /// path (it holds `/` or a file extension; a prose word or a `key:`
    /// never does), and that token would not have fit on the URL's line at
    /// a mail client's wrap width. The URL is read rejoined. Weaker
    /// evidence is `possibly-broken-url`'s, off by default.
    ///
    /// ## Why is this bad?
    /// Mail clients hard-wrap long lines. A bare URL has no delimiters, so no
    /// reader can tell for sure whether the next line belongs to it; the
    /// RFC 1738 appendix wrapper `<URL:...>` exists for exactly this.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `http://host/a/very/long/` ending a line filled to column 70, and
    /// `path.html` on the next
    ///
    /// Use instead: `<URL:http://host/a/very/long/` and `path.html>`
    pub static BROKEN_BARE_URL = {
        name: "broken-bare-url",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 appendix",
        summary: "a bare URL cut by a hard wrap, rejoined on strong evidence",
        example: "http://ftp.gnu.org/pub/gnu/a/very/long/path/that/fills/its/line/to-col-70/\npath.html",
        ok_example: "<URL:http://ftp.gnu.org/pub/gnu/a/very/long/path/that/fills/its/line/to-col-70/\n path.html>",
        help: "wrap it as <URL:...> so it can be rejoined safely (RFC 1738 appendix)",
        fix: (Unsafe, "join the URL onto its first line, wrapped as `<URL:...>`"),
    }
}

/// Report what the scanner decided about a hard-wrapped bare URL.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // The weak case is `possibly-broken-url`'s.
    if cx.cand.facts.broken_bare != Some(BrokenBare::Rejoined) {
        return;
    }
    let alt = cx.cand.alternatives.first().map_or("", String::as_str);
    out.at_span(
        cx.cand.span,
        format!("this URL was cut by a line wrap; read as rejoined (literal text: `{alt}`)"),
    );
    out.fix_spans(
        Applicability::Unsafe,
        "join the URL onto its first line, wrapped as `<URL:...>`",
        vec![(
            cx.cand.span,
            cx.cand.raw.clone(),
            format!("<URL:{}>", cx.cand.url),
        )],
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{BrokenBare, Facts, Form};

    #[test]
    fn broken_bare_url() {
        for (kind, want) in [(BrokenBare::Rejoined, 1), (BrokenBare::Literal, 0)] {
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
            assert_eq!(d.len(), want, "{kind:?}");
            if want == 1 {
                assert_eq!(d[0].span, c.span);
                assert!(d[0].message.contains("http://host/a/b.html"));
            }
        }
        let c = cand_with("http://host/a/", Form::Bare, Facts::default());
        assert!(diagnostics(&c)
            .iter()
            .all(|d| d.rule != Rule::BrokenBareUrl));
    }
}
