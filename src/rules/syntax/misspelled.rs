//! `misspelled-scheme`.

use std::ops::Range;

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::schemes::near_miss;
use crate::url::{Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Finds a near miss of a common scheme or of its `://` separator:
    /// `htp://`, `ttps://`, `hhttps://`, `httpss://`, `fpt://` (one letter
    /// added, dropped, changed or swapped; a key held down, `hhhttps://`,
    /// counts as one letter added), `http:/host` (one slash), `http//host` (no colon),
    /// `https:://host` (a colon too many) and `http:\\host` (backslashes).
    /// A `ttp://` or `ttps://` alone at its line's start under a line ending
    /// in a lone `h` (text taken out of a PDF, a grid table's wrapped cell)
    /// is said to be cut by the line break, not mistyped. Under `rfc3986` a
    /// userscript's `// @namespace http:/…` is a name never fetched, left
    /// alone.
    /// The scanner finds these although their scheme is not one it looks
    /// for, and a link's destination without its colon
    /// (`[Sodium Halogen](https//sodiumhalogen.com)`, `href="https//…"`,
    /// which a browser reads as a page below the current one) is read as
    /// one when its first segment is a host name. A registered or configured scheme is never a near miss: `sftp`,
    /// `ftps`, `rtsp`, `git+ssh`, `svn+https` are left alone, and so is
    /// a directory named like a scheme before a `:` in a path
    /// (`…/incoming/ftp:/var/incoming/ftp`, a Docker volume mount), and so is
    /// `http:/path` after `curl --unix-socket` on its line (the socket is
    /// the server; Docker's API documentation writes it so), or as an
    /// argument of a copy command starting its line (`docker cp a.pem http:/Mythic/a.pem`, the
    /// container named `http`; `kubectl cp`, `scp`, `rsync`), or glued
    /// after a `:`, a field of a record (passwd's `…:0:0:FTP:/cdrom:/nonexistent`). A letter
    /// changed into a digit is a variant, not a slip: the browser `elinks`' `http4://`
    /// and `http6://` force IPv4 or IPv6, as IANA's `irc6` does. Under
    /// `rfc3986` a scheme the text around names as a word of its own is a
    /// tool's (the Template Text Parser's `ttp://path/to/template`, in text
    /// saying "TTP templates"), not a slip.
    ///
    /// ## Why is this bad?
    /// Nothing opens such a link: a browser treats `htp://` as an unknown
    /// protocol and `http:/host` as a path. It is a typo a reader cannot
    /// click through, and the other rules only see a strange URL.
    ///
    /// ## Standards
    /// Found the same way under both. Under `rfc3986` (the default) it is
    /// the URL's only finding; under `rfc1738` the findings the other rules
    /// always made stay too (`unknown-scheme` for `htp`, `invalid-host` for
    /// `http:/host`). Under `rfc3986` a typo shown beside its right form
    /// on the same lines ("producing `http:/localhost` instead of
    /// `http://localhost`") is the text's example, not reported; nor is a
    /// `sed` substitution's pattern (`sed -e 's/http:/https:/g'`) or a
    /// shell's (`${url/http:/ftp:}`), a regular expression's anchored name (`/^http:/.test(location)`) or a
    /// link the text calls dead (`(dead link: httpx://plus.google.com/…)`),
    /// or two schemes' names with a slash between them, each with its colon
    /// (warcio's comment "only `http:/https:` uris can have http headers"),
    /// or one with a word naming what goes there after its one slash (a
    /// script's comment on the links it mends, `](../../ http:/url)`), or
    /// a program's message quoted as it prints it (PowerShell's
    /// execution-policy error, `https:/go.microsoft.com/fwlink/?LinkID=135170`),
    /// or HTTP's version token with a colon too many (`HTTP:/1.1 200 OK`),
    /// nor a scheme without its colon in a text that lost every colon on
    /// its way (five or more `https//…` in a file and not one `https://`:
    /// a scraped corpus's article text, an IRC log's conversion).
    ///
    /// ## Example
    /// `htp://www.gnu.org/`
    ///
    /// Use instead: `http://www.gnu.org/`
    pub static MISSPELLED_SCHEME = {
        name: "misspelled-scheme",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.1, §3.1",
        summary: "a near miss of a known scheme or its separator: `htp://`, `http:/host`, `http//host`, `https:://host`",
        example: "htp://www.gnu.org/",
        ok_example: "sftp://www.gnu.org/",
        help: "fix the scheme's spelling",
        fix: (Unsafe, "the scheme it nearly is"),
    }
}

/// What was mistyped and how it should read: the range of the URL to
/// underline, and the corrected text for that range.
pub(crate) fn misspelling(cx: &Cx<'_>) -> Option<(Range<usize>, String)> {
    if cx.parts.scheme.is_none() {
        // `http//host`: the colon is missing.
        let b = cx.url.as_bytes();
        let name = ["https", "http", "ftp"].iter().find(|s| {
            b.get(..s.len() + 2).is_some_and(|h| {
                h[..s.len()].eq_ignore_ascii_case(s.as_bytes()) && h.ends_with(b"//")
            })
        })?;
        return Some((0..name.len() + 2, format!("{name}://")));
    }
    let scheme = cx.parts.scheme.clone()?;
    let name = cx.text(scheme.clone());
    let body = cx.text(cx.parts.body.clone());
    let lower = name.to_ascii_lowercase();
    let sep = |rest: &str| {
        let n = rest.len() - rest.trim_start_matches([':', '/', '\\']).len();
        scheme.start..scheme.end + 1 + n
    };
    match cx.scheme {
        SchemeKind::Unknown => {
            let target = near_miss(name, &[])?;
            // netmiko's "reference to template within TTP templates
            // collection in ttp://path/to/template.txt format": the text
            // names the tool the scheme belongs to.
            if cx.standard == Standard::Rfc3986 && crate::url::standard::text_names(cx.cand, &lower)
            {
                return None;
            }
            (body.starts_with("//") || body.starts_with("\\\\"))
                .then(|| (sep(body), format!("{target}://")))
        }
        SchemeKind::Http | SchemeKind::Https | SchemeKind::Ftp => {
            // `http::/path` is git's `transport::address`, not a typo.
            // `curl --unix-socket /var/run/docker.sock http:/v1.40/info`:
            // the socket is the server, and Docker's docs leave the host out.
            // So is `docker cp a.pem http:/Mythic/…`, the container `http`.
            let socket = body.starts_with('/')
                && !body.starts_with("//")
                && (cx.after_unix_socket() || cx.in_copy_command() || cx.in_colon_record());
            let wrong = body.starts_with("://")
                || body.starts_with(":\\\\")
                || body.starts_with('\\')
                || (body.starts_with('/') && !body.starts_with("//") && !socket);
            wrong.then(|| (sep(body), format!("{lower}://")))
        }
        _ => None,
    }
}

/// Whether `cx` is a misspelled scheme (so other rules stay quiet on it).
pub(crate) fn is_misspelled(cx: &Cx<'_>) -> bool {
    misspelling(cx).is_some() && super::doubled::pasted_after_one_slash(cx).is_none()
}

/// Report the scheme and separator as written, with the fix.
pub fn check(cx: &Cx<'_>, out: &mut Report<'_>) {
    // `https:/https://…`: a URL pasted after a scheme, `doubled-scheme`'s.
    if !is_misspelled(cx) {
        return;
    }
    let Some((range, fixed)) = misspelling(cx) else {
        return;
    };
    // go-task's changelog: "producing `http:/localhost` instead of
    // `http://localhost`": the text shows the wrong form beside the right.
    if cx.standard == Standard::Rfc3986 {
        let mut right = cx.url.to_string();
        right.replace_range(range.clone(), &fixed);
        if crate::url::standard::line_holds_besides(cx.cand, &right)
            || in_sed_pattern(cx)
            || in_shell_substitution(cx)
            || after_regex_anchor(cx)
            || called_dead(cx)
            || calls_itself_broken(&right)
            || lists_schemes(cx)
            || names_a_placeholder(cx)
            || quotes_a_program(cx.url)
            || is_protocol_version(cx.url)
            || is_userscript_namespace(cx)
        {
            return;
        }
    }
    let written = cx.text(range.clone()).to_string();
    if cut_after_h(cx) {
        // No fix: writing `http://` here would leave the `h` behind.
        out.at_with_help(
            range.clone(),
            format!("`{written}` lacks its `h`, which ends the line before: a line break cut the scheme"),
            format!("join the lines: `{fixed}`"),
        );
        return;
    }
    out.at_with_help(
        range.clone(),
        format!("`{written}` looks like a misspelling of `{fixed}`"),
        format!("write `{fixed}`"),
    );
    let message = format!("write `{fixed}`");
    out.fix(Applicability::Unsafe, &message, vec![(range, fixed)]);
}

/// `// @namespace     http:/ouseful.open.ac.uk/blog/`: a userscript's
/// namespace, a name Greasemonkey never fetches; changing it makes the
/// script another one to its users' browsers.
fn is_userscript_namespace(cx: &Cx<'_>) -> bool {
    crate::url::standard::line_before(cx.cand)
        .is_some_and(|line| line.trim_end().ends_with("@namespace"))
}

/// Whether a `ttp://` or `ttps://` starts its line (after blanks, a table
/// cell's `|` or an invisible character) and the line before ends with a
/// lone `h` (`visit this address: h` over `ttp://192.168.4.1`, text taken
/// out of a PDF; a grid table's cell, `srcset="h |` over `| ttps://…`): the
/// scheme cut by a line break, not mistyped.
fn cut_after_h(cx: &Cx<'_>) -> bool {
    let name = cx.scheme_str();
    if !(name.eq_ignore_ascii_case("ttp") || name.eq_ignore_ascii_case("ttps")) {
        return false;
    }
    let Some(e) = cx.cand.excerpt.as_ref() else {
        return false;
    };
    let is_pad = |c: char| c.is_whitespace() || c == '|' || crate::document::is_invisible_mark(c);
    let head = cx.source_head().unwrap_or_default();
    let line = head.rsplit('\n').next().unwrap_or(head);
    let before = e.before.trim_end_matches(is_pad);
    line.chars().all(is_pad)
        && before.ends_with(['h', 'H'])
        && !before[..before.len() - 1]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
}

/// `sed -e 's/http:/https:/g'` (MLS's Makefile): a `sed` substitution's
/// pattern, right after `s/` at a word's start, where a scheme's name
/// stands without its slashes on purpose.
fn in_sed_pattern(cx: &Cx<'_>) -> bool {
    crate::url::standard::line_before(cx.cand).is_some_and(|line| {
        let Some(head) = line.strip_suffix("s/") else {
            return false;
        };
        head.chars()
            .next_back()
            .is_none_or(|c| matches!(c, '\'' | '"' | ' ' | '\t' | ';' | '{'))
    })
}

/// `"${url/http:/ftp:}"` (RVM's fetch script): a shell parameter
/// expansion's pattern, after `${name/` or `${name//` (or the `#`, `%`
/// that cut a prefix or suffix), where a scheme's name is matched without
/// its slashes.
fn in_shell_substitution(cx: &Cx<'_>) -> bool {
    crate::url::standard::line_before(cx.cand).is_some_and(|line| {
        let head = line.trim_end_matches(['/', '#', '%']);
        let ops = line.len() - head.len();
        let name = head.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        (1..=2).contains(&ops) && name.len() < head.len() && name.ends_with("${")
    })
}

/// `p=/^http:/.test(d.location)` (Twitter's widget script, pasted into
/// moviepy's docs): a regular expression's `^` anchors the scheme's name,
/// written without its slashes on purpose. Prose never puts `^` there.
fn after_regex_anchor(cx: &Cx<'_>) -> bool {
    crate::url::standard::line_before(cx.cand).is_some_and(|line| {
        line.strip_suffix('^')
            .and_then(|head| head.chars().next_back())
            .is_some_and(|c| matches!(c, '/' | '(' | '\'' | '"' | '|'))
    })
}

/// `# only http:/https: uris can have http headers` (warcio's comment):
/// two schemes' names, each with its colon, a slash between them as in
/// "and/or"; the second is followed by its colon and no `//`.
fn lists_schemes(cx: &Cx<'_>) -> bool {
    let Some(second) = cx.url.split_once(":/").map(|(_, rest)| rest) else {
        return false;
    };
    crate::schemes::is_registered(second)
        && cx
            .source_rest()
            .is_some_and(|rest| rest.starts_with(':') && !rest[1..].starts_with('/'))
}

/// `](../../ http:/url)` (a link-repair script's comment on what it
/// mends): a word naming what goes there after the one slash, the
/// pattern's placeholder. (`http:/host` is a typo's usual example.)
fn names_a_placeholder(cx: &Cx<'_>) -> bool {
    cx.url
        .split_once(":/")
        .is_some_and(|(_, rest)| matches!(rest, "url" | "uri" | "link" | "address"))
}

/// `HTTP:/1.1 200 OK` (a how-to's response, typed): the protocol's
/// version token `HTTP/1.1` with a colon too many, no URL.
fn is_protocol_version(url: &str) -> bool {
    url.split_once(":/")
        .is_some_and(|(_, v)| matches!(v, "0.9" | "1.0" | "1.1" | "2" | "2.0" | "3"))
}

/// `https:/go.microsoft.com/fwlink/?LinkID=135170`: PowerShell's own
/// message on its execution policy ("see `about_Execution_Policies` at …")
/// has the one slash, and text quoting the error quotes it as printed.
fn quotes_a_program(url: &str) -> bool {
    let message = "https:/go.microsoft.com/fwlink/?LinkID=1351";
    url.get(..message.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(message))
}

/// `ftp:/broken` (python-creole's changelog: "Don't allow ``ftp:/broken``
/// (Only one slash) to be a link"): a URL whose only word says it is
/// broken is the text's example.
fn calls_itself_broken(right: &str) -> bool {
    let word = right
        .split_once("://")
        .map_or("", |(_, rest)| rest.trim_matches('/'))
        .to_ascii_lowercase();
    ["broken", "invalid", "bad", "wrong", "typo"].contains(&word.as_str())
}

/// `(dead link: httpx://plus.google.com/…)` (scala-lang's posts): a link
/// the text calls dead, its scheme broken on purpose so nothing follows it.
fn called_dead(cx: &Cx<'_>) -> bool {
    crate::url::standard::line_before(cx.cand).is_some_and(|line| {
        let line = line.trim_end().trim_end_matches(':').to_ascii_lowercase();
        line.ends_with("dead link") || line.ends_with("broken link")
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand, diagnostics_with, table, table_3986};
    use crate::rules::Rule;
    use crate::url::Standard;

    #[test]
    fn the_wrong_form_shown_beside_the_right_one_is_no_typo() {
        let rules = |text: &str| {
            crate::rules::testutil::rules_in_text(text, Standard::Rfc3986)
                .into_iter()
                .filter(|r| *r == Rule::MisspelledScheme)
                .count()
        };
        let shown = "- Fixed `joinUrl` collapsing the `//` (e.g. producing\n  `http:/localhost` instead of `http://localhost`) (#2915).\n";
        assert_eq!(rules(shown), 0);
        // Near misses: another URL's right form, or none, beside it.
        assert_eq!(rules("see http:/localhost/a and http://localhost/b\n"), 1);
        // A sed substitution's pattern; near miss: `s/` and a blank (a
        // scheme right after a `/` is a path's name, as in a volume mount).
        assert_eq!(rules("\tsed -e 's/http:/https:/g' a.html\n"), 0);
        assert_eq!(rules("see docs/ http:/localhost/a\n"), 1);
        // Two schemes' names with a slash between them; near misses: a
        // host that is no scheme's name, or the second's `://`.
        assert_eq!(rules("# only http:/https: uris have headers\n"), 0);
        assert_eq!(rules("# only http:/localhost: uris have headers\n"), 1);
        // (A whole URL after the slash is `doubled-scheme`'s.)
        assert!(crate::rules::testutil::rules_in_text(
            "see http:/https://example.org/ here\n",
            Standard::Rfc3986
        )
        .contains(&Rule::DoubledScheme));
        // A placeholder word after the one slash; near miss: a host.
        assert_eq!(
            rules("# Pattern: ](../../ http:/url) or ](../ftp:/url)\n"),
            0
        );
        assert_eq!(rules("# Pattern: ](../../ http:/tads.org)\n"), 1);
        // A shell expansion's pattern; near misses: no `${name` before the
        // slash, or a URL after the expansion.
        for shell in [
            "__fallbacks+=( \"${url/http:/ftp:}\" \"${url/https:/ftp:}\" )\n",
            "u=${url//http:/ftp:}\n",
            "u=${url#http:/}\n",
        ] {
            assert_eq!(rules(shell), 0, "{shell}");
        }
        assert_eq!(rules("see {url: http:/a.example/x\n"), 1);
        assert_eq!(rules("u=${url} http:/a.example/x\n"), 1);
        // A link the text calls dead, its scheme broken on purpose; near
        // miss: a dead link's page named after it.
        assert_eq!(
            rules("Video (dead link: httpx://plus.google.com/u/5/e)\n"),
            0
        );
        assert_eq!(rules("dead link checker at httpx://a.example/\n"), 1);
        // A URL whose word says it is broken; near miss: another word.
        assert_eq!(
            rules("* Bugfix: Don't allow ``ftp:/broken`` (Only one slash)\n"),
            0
        );
        assert_eq!(rules("see ftp:/brokenlinks.example/\n"), 1);
        // A regular expression's anchor; near miss: a `^` that is no
        // anchor's (a caret pointing at the typo below a line).
        assert_eq!(rules("p=/^http:/.test(d.location)?'http':'https';\n"), 0);
        assert_eq!(rules("see ^http:/a.example/x\n"), 1);
        assert_eq!(rules("see http:/localhost instead\n"), 1);
        // The right form as the link's target, the typo in its text.
        let html = "<a href=\"http://www.cs.hut.fi/x.gz\">htp://www.cs.hut.fi/x.gz</a>\n";
        assert_eq!(rules(html), 1);
        let rst = "`htp://a.example/x <http://a.example/x>`_\n";
        assert_eq!(rules(rst), 1);
        // A longer URL that starts with the right form is another URL.
        assert_eq!(
            rules("Open htp://localhost now; the API is at http://localhost:8080/api.\n"),
            1
        );
        // The right form ending a sentence still counts.
        assert_eq!(
            rules("Not htp://example.org/a but http://example.org/a.\n"),
            0
        );
    }

    #[test]
    fn a_scheme_the_text_names_is_a_tools() {
        use crate::rules::testutil::rules_in_text;
        let misspelled =
            |text: &str, standard| rules_in_text(text, standard).contains(&Rule::MisspelledScheme);
        // netmiko's docstring: TTP's own scheme for its templates.
        let text = "        to template within TTP templates collection in\n            ttp://path/to/template.txt format\n";
        assert!(!misspelled(text, Standard::Rfc3986));
        assert!(misspelled(text, Standard::Rfc1738));
        assert!(!misspelled(
            "a ``ttp://path/to/template`` (TTP Templates)\n",
            Standard::Rfc3986
        ));
        // Near misses: the name inside a word, or only in the URL.
        for text in [
            "see https://attp.example/ and ttp://a.example/x\n",
            "see ttp://a.example/x now\n",
        ] {
            assert!(misspelled(text, Standard::Rfc3986), "{text}");
        }
    }

    #[test]
    fn a_programs_message_quoted_as_printed_is_no_typo() {
        let fired = |url: &str| {
            crate::rules::testutil::diagnostics_with(&cand(url), Standard::Rfc3986)
                .iter()
                .any(|d| d.rule == Rule::MisspelledScheme)
        };
        // PowerShell's execution-policy error, pasted into a blog.
        assert!(!fired("https:/go.microsoft.com/fwlink/?LinkID=135170"));
        assert!(!fired("https:/go.microsoft.com/fwlink/?LinkID=1351"));
        // Near misses: another of Microsoft's links, another host.
        assert!(fired("https:/go.microsoft.com/fwlink/?linkid=2099"));
        assert!(fired("https:/aka.ms/fwlink/?LinkID=135170"));
        // A response's version token with a colon too many; near miss: a
        // host of digits.
        assert!(!fired("HTTP:/1.1"));
        assert!(fired("http:/1.1.1.1/"));
    }

    #[test]
    fn a_unix_socket_request_needs_no_host() {
        let rules = |text: &str| {
            crate::rules::testutil::rules_in_text(text, Standard::Rfc3986)
                .into_iter()
                .filter(|r| matches!(r, Rule::MisspelledScheme | Rule::InvalidHost))
                .count()
        };
        let socket = "$ curl -H \"Content-Type: application/json\" -XPOST -d '{}' --unix-socket /var/run/docker.sock http:/VolumeDriver.List\n";
        assert_eq!(rules(socket), 0);
        assert_eq!(rules("Open http:/www.gnu.org/ in a browser.\n"), 1);
        // A Docker volume mount whose host directory is named `ftp`;
        // near miss: the typo after a blank.
        assert_eq!(rules("  - ${DATA}/fuw/incoming/ftp:/var/incoming/ftp\n"), 0);
        assert_eq!(rules("  - see ftp:/var/incoming/ftp\n"), 1);
        // A container named `http` that `docker cp` copies into
        // (InternalAllTheThings' Mythic notes), and `scp`'s host; near
        // misses: a word ending in `scp`, no copy command.
        let cp = "docker cp /etc/letsencrypt/archive/example.com/privkey1.pem http:/Mythic/http/c2_code/privkey.pem\n";
        assert_eq!(rules(cp), 0);
        assert_eq!(rules("$ scp notes.txt ftp:/srv/notes.txt\n"), 0);
        assert_eq!(rules("winscp notes.txt ftp:/srv/notes.txt\n"), 1);
        assert_eq!(rules("docker run -v a:/b http:/Mythic/x\n"), 1);
        // A passwd line, the user `FTP` with its home (FreeBSD's handbook);
        // near miss: after a blank.
        assert_eq!(rules("ftp:*:99:99::0:0:FTP:/cdrom:/nonexistent\n"), 0);
        assert_eq!(rules("user:*:9:9:ftp:/cdrom/x\n"), 0);
        assert_eq!(rules("user:*:9:9: ftp:/cdrom/x\n"), 1);
        assert_eq!(rules("Homepage:http:/a.example/x\n"), 1);
        // Near misses of the copy command (the review's): not its
        // argument, after another command or a comment.
        assert_eq!(
            rules("The rsync docs are at http:/rsync.samba.org/doc.html\n"),
            1
        );
        assert_eq!(
            rules("docker cp f.txt web:/tmp/ ; curl http:/localhost/health\n"),
            1
        );
        assert_eq!(
            rules("rsync -av ./site/ web:/var/www/ # then browse http:/a.example/\n"),
            1
        );
        assert_eq!(rules("$ sudo scp notes.txt ftp:/srv/notes.txt\n"), 0);
    }

    const CASES: &[(&str, &[&str])] = &[
        ("htp://host/", &["htp://"]),
        ("ttps://host/", &["ttps://"]),
        ("hhttps://host/", &["hhttps://"]),
        ("hhhttps://host/", &["hhhttps://"]),
        ("httpss://host/", &["httpss://"]),
        ("fpt://host/pub", &["fpt://"]),
        ("http:/host/a", &["http:/"]),
        ("https:://host/a", &["https:://"]),
        ("http:\\\\host\\a", &["http:\\\\"]),
        ("http://host/a", &[]),
        ("sftp://host/", &[]),
        ("rtsp://host/", &[]),
        ("git+ssh://host/", &[]),
        ("svn+https://host/", &[]),
        ("file:/etc/motd", &[]),
        ("x-custom://host/", &[]),
        ("htp:thing", &[]),
        ("http::/site/path", &[]),
        ("http//host/a", &["http//"]),
        ("HTTPS//host/a", &["HTTPS//"]),
        ("//host/a", &[]),
        ("httpd/conf", &[]),
    ];

    #[test]
    fn misspelled_scheme_under_both_standards() {
        table(Rule::MisspelledScheme, CASES);
        table_3986(Rule::MisspelledScheme, CASES);
    }

    #[test]
    fn rfc1738_keeps_the_other_findings() {
        let rules: Vec<_> = diagnostics_with(&cand("htp://host/"), Standard::Rfc1738)
            .iter()
            .map(|d| d.rule)
            .collect();
        assert_eq!(rules, [Rule::MisspelledScheme, Rule::UnknownScheme]);
    }

    #[test]
    fn it_is_the_only_finding_and_says_the_fix() {
        for url in ["htp://host/", "https:://host/", "http:/host"] {
            let d = diagnostics_with(&cand(url), Standard::Rfc3986);
            let rules: Vec<_> = d.iter().map(|d| d.rule).collect();
            assert_eq!(rules, [Rule::MisspelledScheme], "{url}");
        }
        let d = diagnostics_with(&cand("hhttps://a.org/"), Standard::Rfc3986);
        assert_eq!(d[0].help, "write `https://`");
    }

    #[test]
    fn a_userscripts_namespace_is_no_link() {
        use crate::rules::testutil::rules_in_text as rules;
        let header = "// @namespace     http:/ouseful.open.ac.uk/blog/\n";
        assert!(!rules(header, Standard::Rfc3986).contains(&Rule::MisspelledScheme));
        // Near miss: another key.
        let header = "// @homepage     http:/ouseful.open.ac.uk/blog/\n";
        assert!(rules(header, Standard::Rfc3986).contains(&Rule::MisspelledScheme));
    }

    #[test]
    fn a_scheme_cut_after_its_h_says_so() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        let messages = |syntax, text: &str| -> Vec<String> {
            document_diagnostics(syntax, text)
                .into_iter()
                .filter(|d| d.rule == Rule::MisspelledScheme)
                .map(|d| d.message)
                .collect()
        };
        let cut = "`ttp://` lacks its `h`, which ends the line before: a line break cut the scheme";
        let d = document_diagnostics(Syntax::Text, "visit: h\nttp://192.168.4.1 now\n");
        assert!(d[0].fix.is_none(), "{d:?}");
        assert_eq!(
            messages(
                Syntax::Text,
                "visit this address: h\n\u{200b} ttp://192.168.4.1 now\n"
            ),
            [cut]
        );
        assert_eq!(
            messages(
                Syntax::Markdown,
                "| a srcset=\"h |\n| ttps://p.example.org/x.jpg |\n"
            ),
            [cut.replace("ttp:", "ttps:")]
        );
        // Near misses: a word ending in `h` before, text before the URL.
        let typo = "`ttp://` looks like a misspelling of `http://`";
        for text in [
            "visit this high tech\nttp://192.168.4.1 now\n",
            "visit this address: h\nor ttp://192.168.4.1 now\n",
        ] {
            assert_eq!(messages(Syntax::Text, text), [typo], "{text}");
        }
    }
}
