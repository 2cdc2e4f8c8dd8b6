//! `invalid-ftp-type`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::url::grammar::Fault;
use crate::url::{Cx, SchemeKind};

declare_rule! {
    /// ## What it does
    /// Checks the `;type=` of an FTP URL: it must be `a`, `i` or `d`, and
    /// come last. Any other `;` in an FTP path is reported too, since `;` is
    /// reserved there.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §3.2.2: the typecode is "one of the characters a, i, or d";
    /// a client cannot know which TYPE command to send for anything else.
    ///
    /// ## Standards
    /// Under `rfc3986` the path ends at `?`: a query's `;` is the query's
    /// (a data server's `….dat?column=field17&amp;timerange=1963`, an
    /// HTML entity shown in a code block). Under `rfc1738`, whose FTP URLs
    /// have no query, a `?` is the path's and so is any `;` after it.
    ///
    /// ## Example
    /// `ftp://host/file.txt;type=x`
    ///
    /// Use instead: `ftp://host/file.txt;type=a`
    pub static INVALID_FTP_TYPE = {
        name: "invalid-ftp-type",
        group: Scheme,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §3.2.2",
        summary: "`;type=` other than a, i, d",
        example: "ftp://host/file.txt;type=x",
        ok_example: "ftp://host/file.txt;type=i",
        help: "use ;type=a (ASCII), ;type=i (image) or ;type=d (directory list) (RFC 1738 §3.2.2)",
    }
}

/// Check `;type=` in ftp URLs.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    super::run(cx, out, SchemeKind::Ftp, ftp_type);
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`: `;` is
/// reserved in the path and only introduces a final `;type=a|i|d`.
fn ftp_type(cx: &Cx<'_>) -> Option<Fault> {
    cx.parts.authority.as_ref()?;
    let r = match cx.standard {
        crate::url::Standard::Rfc3986 => cx.parts.path.clone(),
        crate::url::Standard::Rfc1738 => cx.parts.path_and_query(),
    };
    let b = cx.url.as_bytes();
    let semi = r.start + memchr::memchr(b';', b.get(r.clone())?)?;
    let tail = cx.text(semi + 1..r.end);
    let is_type = tail
        .get(..5)
        .is_some_and(|t| t.eq_ignore_ascii_case("type="));
    if !is_type {
        return Some(Fault::new(
            semi..semi + 1,
            "`;` is reserved in an FTP path: it only introduces `;type=`; encode a literal one as %3B",
        ));
    }
    let code = &tail[5..];
    if matches!(code, "a" | "i" | "d" | "A" | "I" | "D") {
        return None;
    }
    Some(Fault::new(
        semi..r.end,
        format!("`;type={code}` is not a, i or d"),
    ))
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::table;
    use crate::rules::Rule;

    #[test]
    fn invalid_ftp_type() {
        table(
            Rule::InvalidFtpType,
            &[
                ("ftp://h/f;type=x", &[";type=x"]),
                ("ftp://h/f;type=", &[";type="]),
                ("ftp://h/f;type=ai", &[";type=ai"]),
                ("ftp://h/a;b/c", &[";"]),
                ("ftp://h/f;type=i", &[]),
                ("ftp://h/f;TYPE=D", &[]),
                ("ftp://h/dir/", &[]),
                ("http://h/f;type=x", &[]),
            ],
        );
    }

    #[test]
    fn a_querys_semicolon_is_the_querys_under_rfc3986() {
        use crate::rules::testutil::{cand_with, diagnostics_with};
        use crate::scan::{Facts, Form};
        use crate::url::Standard;
        let rules = |url: &str, standard| {
            diagnostics_with(&cand_with(url, Form::Bare, Facts::default()), standard)
                .into_iter()
                .map(|d| d.rule)
                .filter(|r| *r == Rule::InvalidFtpType)
                .count()
        };
        let url =
            "ftp://nssdcftp.gsfc.nasa.gov/omni/omni2_1963.dat?column=field17&amp;timerange=1963";
        assert_eq!(rules(url, Standard::Rfc3986), 0);
        assert_eq!(rules(url, Standard::Rfc1738), 1);
        // Near miss: a `;` before the query is still the path's.
        assert_eq!(rules("ftp://h.example/a;b/c?x=1", Standard::Rfc3986), 1);
    }
}
