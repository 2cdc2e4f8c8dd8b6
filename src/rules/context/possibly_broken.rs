//! `possibly-broken-url`.

use crate::rules::declare_rule;
use crate::rules::runner::Report;
use crate::scan::BrokenBare;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds a bare URL that ends its line where the next line *might*
    /// continue it, on weak evidence (see the README, "Hard-wrapped bare
    /// URLs"): the URL is read as written, and the rejoined form is offered
    /// in `alternatives` and in the message. Off by default.
    ///
    /// ## Why is this bad?
    /// It may not be: on real documentation the weak case is nearly always
    /// a table row, a list, a YAML key or prose after a URL that ends in
    /// `/`. Turn it on (`--extend-select possibly-broken-url`) to review a
    /// mail archive for URLs a wrapping client may have cut; when one was,
    /// wrap it as the RFC 1738 appendix says.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`.
    ///
    /// ## Example
    /// `see http://host/docs/` at the end of a short line, `index.html` on the next
    ///
    /// Use instead: `see <URL:http://host/docs/index.html>`
    pub static POSSIBLY_BROKEN_URL = {
        name: "possibly-broken-url",
        group: Context,
        default: None,
        rfc: "RFC 1738 appendix",
        summary: "a bare URL that ends a line where the next line might continue it (weak evidence)",
        example: "see http://host/docs/\nindex.html",
        ok_example: "see <URL:http://host/docs/\n index.html>",
        help: "if the next line continues it, wrap it as <URL:...> (RFC 1738 appendix)",
    }
}

/// Report a bare URL the scanner kept literal on weak evidence.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.cand.facts.broken_bare != Some(BrokenBare::Literal) {
        return;
    }
    let alt = cx.cand.alternatives.first().map_or("", String::as_str);
    out.at_span(
        cx.cand.span,
        format!("this URL may continue on the next line (rejoined: `{alt}`)"),
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics};
    use crate::rules::Rule;
    use crate::scan::{BrokenBare, Facts, Form};

    #[test]
    fn reports_only_the_weak_case() {
        for (kind, want) in [
            (Some(BrokenBare::Literal), 1),
            (Some(BrokenBare::Rejoined), 0),
            (None, 0),
        ] {
            let facts = Facts {
                broken_bare: kind,
                ..Facts::default()
            };
            let mut c = cand_with("http://host/a/", Form::Bare, facts);
            c.alternatives = vec!["http://host/a/b.html".into()];
            let d: Vec<_> = diagnostics(&c)
                .into_iter()
                .filter(|d| d.rule == Rule::PossiblyBrokenUrl)
                .collect();
            assert_eq!(d.len(), want, "{kind:?}");
            if want == 1 {
                assert!(d[0].message.contains("http://host/a/b.html"));
            }
        }
    }
}
