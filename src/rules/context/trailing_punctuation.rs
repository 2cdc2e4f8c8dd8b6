//! `trailing-punctuation`: a link destination (form `link`, whose extent
//! the document's markup gives) ending in `.`, `,`, `;` or `:`.

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Severity};
use crate::scan::Form;
use crate::url::Cx;

declare_rule! {
    /// ## What it does
    /// Finds a link destination that ends with `.`, `,`, `;` or `:`, as in
    /// `[text](https://a.example/x;)`.
    ///
    /// ## Why is this bad?
    /// In running text such a character belongs to the sentence (RFC 1738's
    /// appendix has readers drop it), so the markup's URL and what a reader
    /// copies disagree. Inside link markup it is nearly always a typo: the
    /// server is asked for `x;`, not `x`.
    ///
    /// ## Standards
    /// The same under `rfc3986` and `rfc1738`: it reads the markup, not the
    /// URL grammar. A fragment is left alone: an anchor may end in `:`
    /// (`#-:` names the option `-:`), and so is a query value holding
    /// spaces, encoded or not (`?text=Hello%20world.`, a mail's `body=`),
    /// a sentence whose period is
    /// its own, or a dotted prefix searched for (`?query=services.jibri.`),
    /// or a label's colon (`?title=Bug:`, a prefilled issue title), or a
    /// state an app saved in the URL ending in `;;` (Stellar Lab's) or in
    /// base64 padded with dots (the Twig playground's `?data=…fQ..`), or a
    /// token shaped like a character reference that the markup left as it
    /// is (a formula image's `?\inline&space;x&space;`), or a query whose
    /// parameters `;` separates, one more after the last (Bugzilla's
    /// `buglist.cgi?query_format=advanced;bug_status=RESOLVED;…;`, ATILF's
    /// `form.exe?7;s=2139120285;`), or a list of numbers each with its
    /// comma, the last one too (Google Help's `&ref_topic=3230811,3256124,`;
    /// empty values too, three commas or more, `&layers_timestamp=18641231,,,`),
    /// or a title ending in an ellipsis made a slug of four words or more
    /// that keeps the title's `:` or `,`, two or three of its dots kept
    /// (`…/visual-basic:-gloria,-declino-e..`), or a query value ending in a
    /// name's initial after its comma (`&author=Orben%2CA.`), or a bibcode
    /// of the Astrophysics Data System (`…/abs/2011Natur.480....6.`), or an
    /// abbreviation of three letters at most looked up, the link's text the
    /// last segment (`[tr.](https://www.dictionary.com/browse/tr.)`),
    /// and so is a forum thread's page named after its question, a sentence
    /// with its spaces encoded that the link's text holds stop and all
    /// (`[Insufficient Permission: … scopes. - Course: …](…/Insufficient%20Permission:%20…%20scopes.)`),
    /// and so is a title's abbreviation (Wikipedia's
    /// `…/Google_LLC_v._Oracle_America,_Inc.`, `…/Martin_Luther_King_Jr.`,
    /// `…/Leicester_City_F.C.`, `…/S.M.A.R.T.`, inc.com's `…/topic/NeXT+Computer+Inc.`),
    /// a wiki page's title ending in a short abbreviation after another
    /// (Wiktionary's `…/wiki/etc._pp.`, `…/wiki/d._i.`),
    /// a wiki page named after a citation whose sentences end in stops,
    /// a year in parentheses among them
    /// (psychwiki's `…/wiki/Meehl,_P._E._(1978)._Theoretical_risks…_806-834.`),
    /// a story's title of two sentences made its slug (Digg's
    /// `…/…_is_on_right_now._It_will_last_639_years.`, kuber.studio's
    /// `…/…-in-Gaming.-Everyone-Hates-It.`), a wiki page's title ending in
    /// a year or date in Serbian, Croatian or Bosnian, which write a year as
    /// an ordinal with its stop (Serbian Wikipedia's
    /// `…/wiki/Книнска_операција_1944.`), a token ending in
    /// doubled commas (Flaticon's license link `…/fi/SwkgUx…Sw,,`),
    /// a tag's page whose name ends in the mark in a list of tags, the
    /// link's text the same (del.icio.us's `(tags: [linux,](…/someone/linux,)`;
    /// a `.` is still reported), a script link a scraper resolved against its page
    /// (`…//javascript:void(0);`), an ellipsis ending a query value (a
    /// button's label, `&submit=Continue...`),
    /// a source tree's directory named `.` (`…/tree/HEAD/.`, a
    /// repository's root; a local folder's, `file:///Users/m/Classi/.`), an issue's title made a slug after its key
    /// (`YouTrack`'s `…/issue/TW-74422/Re-run-ignores-last-chain-structure.`)
    /// or after a post's number, the title's capitals kept
    /// (`LeetCode`'s `…/discuss/42568/Share-some-of-my-ideas.`; one word
    /// when the sentence's stop follows the link, colourlovers'
    /// `[this palette](…/palette/27881/crimethInc.).`),
    /// a wiki page's title made its name when the sentence's own stop
    /// follows the link (`(…/wiki/How-to-hash-&-salt-in-various-languages.).`),
    /// Medium's image names without an
    /// extension (`…/max/800/0*Qv_i6KSksTlTz8sL.`, a digit, `*` and a
    /// random name, whose dot is its own),
    /// a title or tag ending in an abbreviation of short words, each with
    /// its stop, in any script (a show's tag page `…/tags/kde%20e.v.`,
    /// Greek Wikipedia's `…/wiki/Μ.Χ.`, `…/wiki/Ph.D.`; every word one
    /// letter but a capitalised first, so a file's `…-en.pdf.` or `sds.c.`
    /// is still reported), the interwiki links of a wiki in the HTML it
    /// wrote, a language's code (`href="…/wiki/sk:"`) or a namespace given
    /// to a special page (`…/Special:AllPages/Category:`; a converter's
    /// Markdown link or a page named `Help:` is still reported),
    /// a share link's title whose last mark is typographic punctuation
    /// encoded, right before the stop (`&linkname=Wonder%E2%80%A6.`),
    /// and a last segment or a query value made of marks only, an
    /// operator's name (`…/wiki/%3F:`, the article on `?:`; Hoogle's
    /// `?hoogle=%5E.`, a search for `^.`), or whose last word after a `_`
    /// is (the J wiki's `…/Help/Primer/090_Cut_;.`, the primitive `;.`),
    /// and a resolver's shortcut ending in an identifier scheme's prefix
    /// (`…/doi:`, `…/hdl:`, to append the identifier to),
    /// and an account's handle that ends in a dot on a site whose handles
    /// may (a channel's `youtube.com/@ez.`, a writer's `medium.com/@Dreamer.`).
    ///
    /// ## Example
    /// `[the spec](https://a.example/spec.html.)`
    ///
    /// Use instead: `[the spec](https://a.example/spec.html)`
    pub static TRAILING_PUNCTUATION = {
        name: "trailing-punctuation",
        group: Context,
        default: Some(Severity::Warning),
        rfc: "RFC 1738 appendix",
        summary: "a link destination that ends with `.`, `,`, `;` or `:`",
        example: "[the spec](https://a.example/spec.html.)",
        ok_example: "[the spec](https://a.example/spec.html).",
        help: "remove the punctuation from the link destination, or encode it if it is meant",
    }
}

/// The punctuation a link destination ends with.
pub fn check_trailing(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.cand.form != Form::Link || cx.cand.facts.unterminated {
        return;
    }
    // In a fragment it may be an anchor's own name (`#-:` for an option).
    if cx.parts.fragment.is_some() {
        return;
    }
    // `?text=My%20really%20*important*%20content.`: a query value that
    // holds encoded spaces is a sentence, and the period is its own.
    if let Some(query) = &cx.parts.query {
        let value = cx.url[query.clone()].rsplit('&').next().unwrap_or_default();
        // So is a title with typographic punctuation encoded, a share
        // link's (AddToAny's `&linkname=Wonder%E2%80%A6.`, an ellipsis).
        let typographic = value
            .len()
            .checked_sub(10)
            .and_then(|k| value.get(k..k + 7))
            .is_some_and(|m| m.eq_ignore_ascii_case("%E2%80%"));
        if value.contains("%20") || value.contains('+') || value.contains(' ') || typographic {
            return;
        }
        // `?query=services.jibri.`: a search for every name under a
        // dotted prefix (an option's namespace) keeps its last dot.
        let prefix = value
            .split_once('=')
            .and_then(|(_, v)| v.strip_suffix('.'))
            .is_some_and(|v| {
                v.contains('.')
                    && v.split('.').all(|name| {
                        name.starts_with(|c: char| c.is_ascii_alphabetic())
                            && name
                                .bytes()
                                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                    })
            });
        // `svg.image?\inline&space;i&space;`: CodeCogs' token for a space,
        // shaped like a character reference but none (the markup would
        // have decoded one), so its `;` is the URL's own.
        let token = value
            .strip_suffix(';')
            .is_some_and(|name| name.len() >= 2 && name.bytes().all(|c| c.is_ascii_alphabetic()))
            && cx.url[..cx.url.len() - value.len()].ends_with('&');
        // `?template=bug_report.md&title=Bug:`: a prefilled title's label;
        // a colon ends no sentence inside a query value.
        // `?_gl=1*12w45u6*_ga*…LjAuMA..`: Google Analytics' linker, copied
        // with the link; its base64 ends in dots.
        // Its `*` may be escaped (`_gl=1%2An3v02c%2A_ga%2A…`), and one
        // dot pads as well as two.
        let linker = (value.starts_with("_gl=1*")
            || value
                .get(..8)
                .is_some_and(|p| p.eq_ignore_ascii_case("_gl=1%2A")))
            && value.ends_with('.');
        // `play?data=eyJ2ZXJzaW9uIjoi…Il1dfQ..`: the Twig playground's
        // saved state, base64 whose padding `=` is written `.`.
        let padded = value
            .split_once('=')
            .is_some_and(|(_, v)| dot_padded_base64(v));
        // Bugzilla's `buglist.cgi?query_format=advanced;bug_status=RESOLVED;…;
        // target_milestone=1.6.11;` (AspectJ's READMEs): parameters
        // separated by `;`, the last one followed by one more.
        // ATILF's CGI too, `form.exe?7;s=2139120285;`: each parameter,
        // the last a `name=value`, ends with its `;`.
        let q = &cx.url[query.clone()];
        let params: Vec<&str> = q.split(';').filter(|p| !p.is_empty()).collect();
        let semicolons = q.ends_with(';')
            && params.len() >= 2
            && (params.last().is_some_and(|p| p.contains('='))
                || params.iter().filter(|p| p.contains('=')).count() >= 2);
        // Hoogle's `?hoogle=%5E.`: a search for an operator (`^.`), the
        // value marks and escapes only, its dot its own.
        let operator = value.split_once('=').is_some_and(|(_, v)| {
            let start = cx.url.len() - v.len();
            let decoded: Vec<u8> =
                crate::url::grammar::escape::decoded(cx.url, start..cx.url.len()).collect();
            decoded.len() >= 2 && decoded.iter().all(u8::is_ascii_punctuation)
        });
        // Google Help's `?hl=en-GB&ref_topic=3230811,3256124,`: a list of
        // numbers, each with its comma, the last one too (as Google
        // writes its topic links); a sentence ends in no comma there.
        // Empty ones too, a value per map layer, when three or more
        // (geo.admin.ch's `&layers_timestamp=18641231,,,`; `1,,` may be a
        // slip).
        let numbers = value.split_once('=').is_some_and(|(_, v)| {
            let commas = v.matches(',').count();
            let empty = v.split(',').filter(|id| id.is_empty()).count();
            v.ends_with(',')
                && commas >= 2
                && (empty == 1 || commas >= 3)
                && v.split(',').any(|id| !id.is_empty())
                && v.split(',').all(|id| {
                    // Decimals too (Utopia's `?c=320,21,1.2,1140,24,1.25,5,2,`).
                    let (int, frac) = id.split_once('.').unwrap_or((id, "0"));
                    id.is_empty()
                        || (!int.is_empty()
                            && !frac.is_empty()
                            && int.bytes().chain(frac.bytes()).all(|c| c.is_ascii_digit()))
                })
        });
        // Google Scholar's `&author=Orben%2CA.`: a name's initial after
        // its comma ends the value.
        let initial = value.split_once('=').is_some_and(|(_, v)| {
            v.strip_suffix('.').is_some_and(|stem| {
                let cap = stem.len().checked_sub(1);
                cap.is_some_and(|k| {
                    stem.as_bytes()[k].is_ascii_uppercase()
                        && (stem[..k].ends_with(',')
                            || stem.len() >= 4
                                && stem.as_bytes()[k - 3..k].eq_ignore_ascii_case(b"%2C"))
                })
            })
        });
        if prefix
            || initial
            || token
            || linker
            || padded
            || semicolons
            || operator
            || numbers
            || cx.url.ends_with(':')
        {
            return;
        }
    }
    // `…/wiki/Google_LLC_v._Oracle_America,_Inc.`: a title ending in an
    // abbreviation (`Inc.`, `Jr.`, `Ltd.`, an initialism such as
    // `Leicester_City_F.C.`) owns its full stop.
    // Words joined by `+` as well (inc.com's `…/topic/NeXT+Computer+Inc.`).
    // The sentence's own stop right after the link (`(…/x.).`): the one
    // inside is then a name's.
    let stop_follows = cx.source_rest().is_some_and(|r| r.starts_with(")."));
    let abbreviation = cx.url.strip_suffix('.').is_some_and(|stem| {
        let segment = stem.rsplit('/').next().unwrap_or_default();
        let word = segment.rsplit(['_', ',', '+']).next().unwrap_or_default();
        segment.contains(['_', '+'])
            && word.starts_with(|c: char| c.is_ascii_uppercase())
            && word.split('.').count() <= 4
            && word.split('.').all(|piece| {
                (1..=4).contains(&piece.len()) && piece.bytes().all(|c| c.is_ascii_alphabetic())
            })
    });
    // `…/wiki/S.M.A.R.T.`: an initialism alone as the title, letters
    // and dots.
    let initialism = cx.url.strip_suffix('.').is_some_and(|stem| {
        let segment = stem.rsplit('/').next().unwrap_or_default();
        segment.split('.').count() >= 2
            && segment
                .split('.')
                .all(|piece| piece.len() == 1 && piece.bytes().all(|c| c.is_ascii_uppercase()))
    });
    // `…/issue/TW-74422/Re-run-ignores-last-chain-structure.`: YouTrack's
    // slug of an issue's title, after the issue's key, keeps the title's
    // full stop (and any inside: `…/Typo-in-Cloud-profile.-No-images…`).
    let issue_slug = cx.url.strip_suffix('.').is_some_and(|stem| {
        let mut segments = stem.rsplit('/');
        let slug = segments.next().unwrap_or_default();
        let key = segments.next().unwrap_or_default();
        // LeetCode's `…/discuss/13397/Clean-Java-solution-with-some-comment.`:
        // a post's number, then its title made a slug with the title's
        // capitals, stop and all (a slug that folds case drops the stop).
        let post = key.len() >= 3
            && key.bytes().all(|c| c.is_ascii_digit())
            && slug.bytes().any(|c| c.is_ascii_uppercase())
            && slug.bytes().any(|c| c.is_ascii_lowercase());
        // colourlovers' `…/palette/27881/crimethInc.` (a palette named after
        // CrimethInc.): one word, when the sentence's own stop follows the
        // link.
        let named = slug.contains('-') || stop_follows;
        named && (is_issue_key(key) || post)
    });
    // `[how to hash & salt](…/openbadges/wiki/How-to-hash-&-salt-in-various-languages.).`:
    // a wiki page's title made its name, the title's full stop inside the
    // link and the sentence's after it.
    let wiki_title = cx.url.ends_with('.')
        && cx.url.contains("/wiki/")
        && cx
            .url
            .rsplit('/')
            .next()
            .is_some_and(|page| page.matches('-').count() >= 2)
        && stop_follows;
    // psychwiki's `…/wiki/Meehl,_P._E._(1978)._Theoretical_risks…_806-834.`:
    // a page named after a reference, a citation whose sentences end in
    // stops inside the title (two or more), the last one too.
    let citation = cx.url.contains("/wiki/")
        && cx
            .url
            .strip_suffix('.')
            .and_then(|stem| stem.rsplit('/').next())
            .is_some_and(|page| {
                // With a year in parentheses, as a reference gives it, or
                // the sentence's own stop after the link (not a name's
                // initials, `…/wiki/J._R._R._Tolkien.)`, a stray stop).
                let year = page.match_indices('(').any(|(k, _)| {
                    page.as_bytes()
                        .get(k + 1..k + 6)
                        .is_some_and(|y| y[..4].iter().all(u8::is_ascii_digit) && y[4] == b')')
                });
                page.matches("._").count() >= 2 && (year || stop_follows)
            });
    // Wiktionary's `…/wiki/etc._pp.`, `…/wiki/d._i.`: a wiki page's title
    // ending in a short abbreviation, lower case too, after another.
    let wiki_abbreviation = cx.url.contains("/wiki/")
        && cx.url.strip_suffix('.').is_some_and(|stem| {
            let page = stem.rsplit('/').next().unwrap_or_default();
            let (before, word) = page.rsplit_once('_').unwrap_or(("", page));
            (1..=4).contains(&word.len())
                && word.bytes().all(|c| c.is_ascii_alphabetic())
                && before.ends_with('.')
        });
    // `…/tags/kde%20e.v.`, `…/wiki/Μ.Χ.`: a title ending in an
    // abbreviation of short words, each with its stop, in any case and
    // script (a show's tag page `pocket%20c.h.i.p.`, Greek's `Μ.Χ.`).
    let dotted = dotted_abbreviation(&cx.url[cx.parts.path.clone()]);
    // MediaWiki's interwiki and namespace links, `…/wiki/sk:` (Slovak
    // Wikisource's main page), `…/Special:AllPages/Category:`: a prefix
    // and its colon name the page, in the `href` MediaWiki wrote. A
    // converter's Markdown link ending so (`…/wiki/Help:`) lost its page.
    let interwiki = crate::url::standard::is_attribute_value(cx.cand)
        && cx.url.contains("/wiki/")
        && cx.url[cx.parts.path.clone()]
            .strip_suffix(':')
            .and_then(|stem| stem.rsplit('/').next())
            .is_some_and(|page| {
                // A language's code (`sk`, `zh-yue`), or a namespace given to
                // a special page (`Special:AllPages/Category:`).
                let (lang, sub) = page.split_once('-').unwrap_or((page, ""));
                let code = (2..=3).contains(&lang.len())
                    && lang.bytes().all(|c| c.is_ascii_lowercase())
                    && sub.bytes().all(|c| c.is_ascii_lowercase());
                let special =
                    cx.url.contains("/Special:") && page.bytes().all(|c| c.is_ascii_alphabetic());
                code || special
            });
    // Digg's `…/The_longest_concert_in_history_is_on_right_now._It_will_last_639_years.`:
    // a story's title of two sentences made its slug, words joined by
    // `_`, a stop and a capital inside; the last stop is the title's too.
    // Words joined by `-` too, their capitals kept (kuber.studio's
    // `…/Roblox-Released-the-Biggest-AI-World-Model-in-Gaming.-Everyone-Hates-It.`).
    let sentences = cx.url.strip_suffix('.').is_some_and(|stem| {
        let slug = stem.rsplit('/').next().unwrap_or_default();
        let sentences_joined_by = |joiner: char| {
            slug.split(joiner).count() >= 6
                && slug.match_indices(['.']).any(|(k, _)| {
                    // A sentence's end, not an abbreviation's (`St._Louis`):
                    // a word of three lower-case letters or more before it
                    // (with `-`, its first letter may be a capital).
                    let word = slug[..k].rsplit(joiner).next().unwrap_or_default();
                    let rest = word.get(1..).unwrap_or_default();
                    let cased = word.bytes().all(|c| c.is_ascii_lowercase())
                        || (joiner == '-'
                            && word.starts_with(|c: char| c.is_ascii_uppercase())
                            && rest.bytes().all(|c| c.is_ascii_lowercase()));
                    slug[k + 1..].starts_with(joiner)
                        && slug
                            .as_bytes()
                            .get(k + 2)
                            .is_some_and(u8::is_ascii_uppercase)
                        && word.len() >= 3
                        && cased
                })
        };
        (sentences_joined_by('_') || sentences_joined_by('-'))
            && slug
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b',' | b'-'))
    });
    // `sr.wikipedia.org/wiki/Книнска_операција_1944.`: Serbian, Croatian
    // and Bosnian write a year as an ordinal, with a stop (`1944. godine`),
    // and a date so (`11.11.1941.`); their wikis' titles keep it. Any of
    // the project's paths (`/wiki/`, the script variants' `/sr-el/`).
    let dated_title = cx.parts.authority.as_ref().is_some_and(|a| {
        let host = cx.text(a.host.clone()).to_ascii_lowercase();
        let (lang, project) = host.split_once('.').unwrap_or_default();
        ORDINAL_STOP_LANGUAGES.contains(&lang)
            && (project.starts_with("wiki") || project.starts_with("wiktionary"))
    }) && cx.url.strip_suffix('.').is_some_and(|stem| {
        let page = stem.rsplit('/').next().unwrap_or_default();
        let word = page.rsplit(['_', ' ']).next().unwrap_or_default();
        let digits = |n: &str, len: std::ops::RangeInclusive<usize>| {
            len.contains(&n.len()) && n.bytes().all(|c| c.is_ascii_digit())
        };
        let date = match word.split('.').collect::<Vec<_>>()[..] {
            [year] => digits(year, 4..=4),
            [day, month, year] => digits(day, 1..=2) && digits(month, 1..=2) && digits(year, 4..=4),
            _ => false,
        };
        page.len() > word.len() && date
    });
    // Flaticon's license link, `…/license/fi/SwkgUx…CoWv3Sw,,`: commas
    // doubled end a random token (long, mixed case and digits), never a
    // sentence (`…/install,,` is a typo).
    let token = cx.url.strip_suffix(",,").is_some_and(|stem| {
        let last = stem.rsplit('/').next().unwrap_or_default();
        last.len() >= 20
            && last.bytes().any(|c| c.is_ascii_uppercase())
            && last.bytes().any(|c| c.is_ascii_lowercase())
            && last.bytes().any(|c| c.is_ascii_digit())
    });
    // `…/post/25/visual-basic:-gloria,-declino-e..`: a title ending in an
    // ellipsis made a slug, its dots kept (two or three, after a word, in
    // a slug of four words or more that keeps the title's `:` or `,`).
    let ellipsis_slug = {
        let stem = cx.url.trim_end_matches('.');
        let dots = cx.url.len() - stem.len();
        let slug = stem.rsplit('/').next().unwrap_or_default();
        // A title's own marks kept in the slug show it is one (a plain
        // slug's `..` is a slip: `…/getting-started-with-docker..`).
        (2..=3).contains(&dots)
            && slug.matches('-').count() >= 3
            && slug.contains([':', ','])
            && slug.ends_with(|c: char| c.is_alphanumeric())
    };
    // The Astrophysics Data System's `…/abs/2011Natur.480....6.`: a
    // bibcode, 19 characters, padded with dots, the last one its own.
    let bibcode = cx.parts.authority.as_ref().is_some_and(|a| {
        cx.text(a.host.clone())
            .to_ascii_lowercase()
            .ends_with("adsabs.harvard.edu")
    }) && cx.url.rsplit('/').next().is_some_and(|code| {
        code.len() == 19 && code.as_bytes()[..4].iter().all(u8::is_ascii_digit)
    });
    // `[tr.](https://www.dictionary.com/browse/tr.)`: an abbreviation looked
    // up, the link's text the last segment, its stop and all.
    // Three letters at most, in a folder (`[here.](…/here.)` is a slip).
    let in_folder = cx.url[cx.parts.path.clone()].matches('/').count() >= 2;
    let looked_up = in_folder
        && cx.url.rsplit('/').next().is_some_and(|word| {
            let stem = word.strip_suffix('.').unwrap_or(word);
            (1..=3).contains(&stem.len())
                && word.len() > stem.len()
                && stem.bytes().all(|c| c.is_ascii_alphabetic())
                && cx.source_head().is_some_and(|h| text_is(h, word))
        });
    if (abbreviation
        || bibcode
        || looked_up
        || title_of_text(cx)
        || ellipsis_slug
        || dated_title
        || initialism
        || issue_slug
        || wiki_title
        || citation
        || sentences
        || token
        || wiki_abbreviation
        || dotted
        || interwiki)
        && cx.parts.query.is_none()
    {
        return;
    }
    // Medium's image without an extension, `…/max/800/0*Qv_i6KSksTlTz8sL.`:
    // a digit, `*` and a random name, whose dot is the image's own (with
    // an extension the same image is `0*Qv_i6KSksTlTz8sL.png`).
    let medium_image = cx.url.strip_suffix('.').is_some_and(|stem| {
        let b = stem.rsplit('/').next().unwrap_or_default().as_bytes();
        b.len() >= 10
            && b[0].is_ascii_digit()
            && b[1] == b'*'
            && b[2..]
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
    });
    if medium_image && cx.parts.query.is_none() {
        return;
    }
    // `…&type=SorobanAuthorizationEntries;;`: Stellar Lab's saved state
    // ends so; a sentence never ends in two semicolons.
    if cx.url.ends_with(";;") {
        return;
    }
    // `http://www.raychase.net//javascript:void(0);`: a script link a feed
    // scraper resolved against the page; its `;` ends a statement.
    if cx.url.ends_with(';') && cx.url[cx.parts.path.clone()].contains("javascript:") {
        return;
    }
    // `&submit=Continue...`: an ellipsis ends a query value that is a word
    // (a form's button label); a sentence ends in one stop.
    let label = cx
        .url
        .strip_suffix("...")
        .and_then(|u| u.rsplit_once('='))
        .map(|(_, v)| v);
    if cx.parts.query.is_some()
        && label.is_some_and(|v| v.len() >= 2 && v.bytes().all(|c| c.is_ascii_alphabetic()))
    {
        return;
    }
    // `…/aptresults.cgi?doit=Search&search=.` (a search for everything,
    // FreeBSD's `&responsible=.`, jqplay's `?query=.`): a query value that
    // is the `.` alone; a sentence's stop follows a value.
    if cx.parts.query.is_some() && cx.url.ends_with("=.") {
        return;
    }
    // `…/tree/HEAD/.` (a repository's root, a generated page's `.`): a
    // directory named as a path in a source tree, not a sentence's stop
    // (that one follows a page: `https://prettier.io/.`).
    // A local folder too (`\href{file:///Users/m/Classi/Automobile/.}`).
    if cx.parts.query.is_none()
        && cx.url.ends_with("/.")
        && (cx.url.contains("/tree/")
            || cx.url.contains("/blob/")
            || cx.scheme == crate::url::SchemeKind::File)
    {
        return;
    }
    // `https://www.youtube.com/@ez.`, Medium's `…/@Dreamer.`: a handle
    // whose name ends in a dot, the whole last segment, on a site whose
    // handles may (not Twitter's, Instagram's or Mastodon's).
    if cx.parts.query.is_none()
        && is_handle_with_dot(cx.url)
        && cx.host_within(&["youtube.com", "medium.com"])
    {
        return;
    }
    // `http://ouseful.open.ac.uk/doi:`: a resolver's shortcut that a
    // reader appends an identifier to; the colon is the prefix's.
    if cx.parts.query.is_none() && is_identifier_prefix(cx.url) {
        return;
    }
    // `…/wiki/%3F:` (the article on the `?:` operator): a last segment of
    // marks and escapes only is an operator's name, its colon its own.
    if cx.parts.query.is_none() && symbol_name(cx.url) {
        return;
    }
    // `[linux,](http://del.icio.us/someone/linux,)`: a tag typed with its
    // comma, the link's text the last segment as it is, mark and all.
    if cx.parts.query.is_none() && is_named_tag(cx) {
        return;
    }
    if let Some(last) = cx.url.bytes().last().filter(|b| b".,;:".contains(b)) {
        let at = cx.url.len() - 1;
        out.at(
            at..at + 1,
            format!("the link destination ends with `{}`", char::from(last)),
        );
    }
}

/// Whether the URL's last segment is an identifier scheme's prefix and
/// its colon (`…/doi:`, `…/hdl:`, `…/isbn:`), a shortcut to append an
/// identifier to.
fn is_identifier_prefix(url: &str) -> bool {
    let segment = url.rsplit('/').next().unwrap_or_default();
    ["doi:", "hdl:", "isbn:", "issn:", "pmid:", "arxiv:", "urn:"]
        .iter()
        .any(|p| segment.eq_ignore_ascii_case(p))
}

/// Whether the last segment is a sentence with its spaces encoded, ending
/// in its stop, that the link's own text holds as it is: a forum thread's
/// page named after its question (`[Insufficient Permission: Request had
/// insufficient authentication scopes. - Course: …](…/Insufficient%20Permission:%20Request%20had%20insufficient%20authentication%20scopes.)`).
fn title_of_text(cx: &Cx<'_>) -> bool {
    let path = &cx.url[cx.parts.path.clone()];
    let segment = path.rsplit('/').next().unwrap_or_default();
    if !segment.ends_with('.') || segment.matches("%20").count() < 3 {
        return false;
    }
    let decoded: Vec<u8> =
        crate::url::grammar::escape::decoded(segment, 0..segment.len()).collect();
    let Ok(title) = std::str::from_utf8(&decoded) else {
        return false;
    };
    cx.source_head()
        .and_then(|head| head.strip_suffix("]("))
        .and_then(|head| head.rsplit_once('[').map(|(_, text)| text))
        .is_some_and(|text| text.contains(title))
}

/// Wikipedia's languages that write a year in a title as an ordinal, its
/// stop kept (`…_1944.`), by their subdomain: Serbian, Croatian, Bosnian,
/// Serbo-Croatian.
const ORDINAL_STOP_LANGUAGES: &[&str] = &["sr", "hr", "bs", "sh"];

/// Whether the link's text (Markdown's `[text](`) is the destination's
/// last segment, ending in the same `,`, `;` or `:`, in a list of tags
/// (del.icio.us's daily links, `(tags: [tools:](http://del.icio.us/someone/tools:)`):
/// the tag's page is named so. Elsewhere the mark copied into both is the
/// slip (`[options:](…/config/options:)`), and a `.` is (but an
/// abbreviation's, looked up: `[tr.](…/browse/tr.)`).
fn is_named_tag(cx: &Cx<'_>) -> bool {
    let segment = cx.url[cx.parts.path.clone()]
        .rsplit('/')
        .next()
        .unwrap_or_default();
    let Some(head) = cx.source_head() else {
        return false;
    };
    let line = head
        .rsplit('\n')
        .next()
        .unwrap_or(head)
        .to_ascii_lowercase();
    segment.len() >= 2
        && segment.ends_with([',', ';', ':'])
        && line.contains("tags:")
        && text_is(head, segment)
}

/// Whether `head`, the source before a Markdown link's destination, ends
/// with the link's text `[text](` and that text is `text`.
fn text_is(head: &str, text: &str) -> bool {
    head.strip_suffix("](")
        .and_then(|h| h.strip_suffix(text))
        .is_some_and(|h| h.ends_with('['))
}

/// Whether a path's last word is an abbreviation of two or more short
/// words (one to three letters, of any script), each ending in its stop:
/// `e.v.` after a blank (`%20`, `_`, `+`, `-`) or as the whole segment.
fn dotted_abbreviation(path: &str) -> bool {
    let Some(stem) = path.strip_suffix('.') else {
        return false;
    };
    let segment = stem.rsplit('/').next().unwrap_or_default();
    let word = ["%20", "_", "+", "-"]
        .iter()
        .filter_map(|sep| segment.rsplit_once(sep).map(|(_, w)| w))
        .min_by_key(|w| w.len())
        .unwrap_or(segment);
    let pieces: Vec<&str> = word.split('.').collect();
    // One case throughout, or each word capitalised (`Ph.D.`): `S.m.A.`
    // is no abbreviation. Every word is one letter but a capitalised
    // first (`Ph`): `ms-cb-en.pdf.` and `sds.c.` are files' names and a
    // sentence's stop.
    let last_letter = pieces.iter().enumerate().all(|(k, p)| {
        let mut chars = p.chars();
        let first = chars.next();
        p.chars().count() == 1
            || (k == 0 && first.is_some_and(char::is_uppercase) && chars.all(char::is_lowercase))
    });
    let uniform = word.chars().all(|c| !c.is_uppercase())
        || word.chars().all(|c| !c.is_lowercase())
        || pieces.iter().all(|piece| {
            let mut chars = piece.chars();
            chars.next().is_some_and(char::is_uppercase) && chars.all(char::is_lowercase)
        });
    uniform
        && last_letter
        && pieces.len() >= 2
        && pieces.iter().all(|piece| {
            (1..=3).contains(&piece.chars().count()) && piece.chars().all(char::is_alphabetic)
        })
}

/// Whether `value` is base64 padded with `.` instead of `=`, a multiple
/// of four in all, whose bytes decode to text (a saved state's JSON, a
/// linker's timestamps), no control character among them: a random ID
/// that happens to end in a stop decodes to bytes that hold some.
fn dot_padded_base64(value: &str) -> bool {
    let data = value.trim_end_matches('.');
    if !(1..=2).contains(&(value.len() - data.len())) || value.len() % 4 != 0 || data.len() < 16 {
        return false;
    }
    let sextet = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'-' | b'+' => Some(62),
        b'_' | b'/' => Some(63),
        _ => None,
    };
    let (mut bits, mut n) = (0u32, 0);
    for &c in data.as_bytes() {
        let Some(v) = sextet(c) else { return false };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            let byte = (bits >> n) & 0xff;
            // Control characters: UTF-8's bytes (0x80 up) may be text.
            if byte < 0x20 && !matches!(byte, 0x09 | 0x0a | 0x0d) || byte == 0x7f {
                return false;
            }
        }
    }
    // The bits left over are padding, zero in a canonical encoding.
    bits & ((1 << n) - 1) == 0
}

/// Whether `seg` is an issue tracker's key: a project's capitals, `-`
/// and a number (`TW-74422`, `KT_2-15`).
fn is_issue_key(seg: &str) -> bool {
    seg.split_once('-').is_some_and(|(project, number)| {
        project.starts_with(|c: char| c.is_ascii_uppercase())
            && project
                .bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_')
            && !number.is_empty()
            && number.bytes().all(|c| c.is_ascii_digit())
    })
}

/// Whether the URL ends in a last path segment that is an account's
/// handle ending in `.`, `@` and a word before it (`…/@ez.`, `…/@will.c.`).
fn is_handle_with_dot(url: &str) -> bool {
    let last = &url[url.rfind('/').map_or(0, |k| k + 1)..];
    last.strip_prefix('@')
        .and_then(|h| h.strip_suffix('.'))
        .is_some_and(|name| {
            name.starts_with(|c: char| c.is_alphanumeric())
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
        })
}

/// Whether the last path segment holds no letter or digit, escaped or not
/// (`%3F:`, `::`): a name made of marks; or its last word after a `_`
/// does (the J wiki's `…/Help/Primer/090_Cut_;.`, a page named after the
/// primitive `;.`).
fn symbol_name(url: &str) -> bool {
    let start = url.rfind(['/', '_']).map_or(0, |k| k + 1);
    let mut marks = 0;
    for b in crate::url::grammar::escape::decoded(url, start..url.len()) {
        if b.is_ascii_alphanumeric() || !b.is_ascii() || b.is_ascii_whitespace() {
            return false;
        }
        marks += 1;
    }
    // The trailing mark and at least one more.
    marks >= 2 && url.contains("://") && !url[start..].contains("...")
}

#[cfg(test)]
mod tests {
    use crate::rules::testutil::{cand_with, diagnostics, link_rules};
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};

    #[test]
    fn trailing_punctuation_in_a_link_destination() {
        for url in [
            "https://a.example/x;",
            "https://a.example/x.",
            "https://a.example/x,",
            "https://a.example/?q=x%20y&page=2.",
            "https://a.example/a+b/x.",
            "https://a.example/spec.html.",
            "https://a.example/pub/jonh.",
            "https://a.example/See.",
            "https://a.example/Releases_2024.",
            // Near misses of a dotted prefix: one name, a version.
            "https://a.example/?query=services.",
            "https://a.example/?v=1.2.",
            // A colon after a path, a full stop after a query value.
            "https://a.example/x:",
            "https://a.example/?title=Bug.",
            // Near miss of Google's linker: another parameter's value.
            "https://a.example/?gl=1*x..",
            // Near misses of an initialism: a file name, a long piece.
            "https://a.example/Release_Notes.2024.",
            "https://a.example/Team_A.Report.",
            // Near misses of an operator's name: a word, an escaped word.
            "https://a.example/wiki/%3Fx:",
            "https://a.example/%41.",
            "https://a.example/?q=%5Ex.",
            // Near misses of an abbreviation joined by `+`, and of
            // Medium's image name: a word in lower case; no digit before
            // the `*`, a short name.
            "https://a.example/topic/next+computer+inc.",
            "https://a.example/max/800/x*Qv_i6KSksTlTz8sL.",
            "https://a.example/max/800/0*Qv_i6.",
            // Near misses of a token: one letter, no `&` before it.
            "https://a.example/?x=1&a;",
            "https://a.example/?x=space;",
            // Near misses of `;` separators: one parameter; of an
            // initialism alone: a lower-case piece.
            "https://a.example/?x=1;",
            "https://a.example/?x=1;y;",
            "https://a.example/wiki/Some_Page._Other.",
            "https://de.wikipedia.org/wiki/MIA.",
            "https://en.wikipedia.org/wiki/J._R._R._Tolkien.",
            "https://a.example/x;",
            "https://a.example/docs...",
            "https://de.wikipedia.org/wiki/Vue.js.",
            "https://a.example/x/etc._pp.",
            "https://a.example/wiki/S.m.A.",
            // Near misses of dot-padded base64: one dot too many for a
            // multiple of four; a word, whose bytes decoded are no text.
            "https://twig.symfony.com/play?data=eyJ2ZXJzaW9uIjoiMy44LjAifQ...",
            "https://a.example/?q=SomeLongerWordWithCapitals..",
            // A playlist's ID and a sentence's stop: a multiple of four,
            // but no text inside.
            "https://www.youtube.com/watch?v=ufj5_bppBsA&list=PLFDnELG9dpVxQCxuD-9BSy2E7BWY3t.",
            // Near misses of a directory named `.` and of the linker: a
            // dot after a name, a page's sentence stop, a `_gl` that is not
            // the linker's.
            "https://github.com/a/b/tree/HEAD/x.",
            "https://prettier.io/.",
            "https://a.example/?_gl=2%2Ax.",
            // Near misses of an issue's slug: no key before it, a slug of
            // one word.
            "https://youtrack.jetbrains.com/issue/Re-run-ignores-last-chain-structure.",
            "https://youtrack.jetbrains.com/issue/TW-74422/Typo.",
            // Near misses of a two-sentence title: one sentence, few
            // words; of a token: one comma.
            "http://digg.com/software/Microsoft_to_release_Internet_Explorer_7.0_this_summer.",
            "http://a.example/It_is_on._It_will.",
            "https://www.flaticon.com/profile/license/fi/SwkgUxJEL3JglsTgaFIv-7Lfhb7w7SVQ,",
            "https://a.example/docs/install,,",
            "https://en.wikipedia.org/wiki/History_of_St._Louis_in_the_20th_century.",
            "https://a.example/blog/Released-the-Biggest-World-Model-in-Gaming-Everyone-Hates-It.",
            "https://a.example/blog/Released-the-Biggest-World-Model-in-GAMING.-Everyone-Hates-It.",
            "https://a.example/blog/The-Story-of-St.-Louis-in-the-West.",
            "https://en.wikipedia.org/wiki/Battle_of_Midway_1942.",
            "http://sr.wikipedia.org/wiki/1944.",
            "http://sr.wikipedia.org/wiki/Operacija_Neretva.",
            "http://sr.example.org/wiki/Operacija_1944.",
            "https://de.wikipedia.org/wiki/Olympische_Sommerspiele_1936.",
            "https://de.wikipedia.org/wiki/Windows_10.",
            "http://sr.wikipedia.org/wiki/Formula_1.",
            // Near misses of a post's slug: folded to lower case, a short
            // number (a version, a page).
            "https://a.example/questions/13397/clean-java-solution.",
            "https://a.example/discuss/12/Clean-Java-solution.",
            // Near misses of a dotted abbreviation: a long piece, a
            // digit, a version; of an interwiki prefix: no wiki, a blank.
            "https://a.example/tags/kde%20ev.prod.",
            "https://a.example/tags/kde%20e.v2.",
            "https://a.example/r/v1.2.",
            "https://a.example/docs/sk:",
            "https://a.example/wiki/Main%20Page:",
            "https://a.example/wiki/Ph.Dd.x.",
            "https://www.pragma-ade.com/general/manuals/ms-cb-en.pdf.",
            "https://mirror.ctan.org/macros/latex/contrib/hyperref/doc/hyperref-doc.pdf.",
            "https://github.com/redis/redis/blob/unstable/src/sds.c.",
            "https://a.example/src/my_io.h.",
            "https://a.example/?linkname=Wonder%E2.",
            "https://example.org/page?title=Foo%E2%80%93Bar.",
        ] {
            assert!(
                link_rules(url, false).contains(&Rule::TrailingPunctuation),
                "{url}"
            );
        }
        // A last character beyond ASCII: no panic on its bytes.
        for url in ["https://историк.рф", "https://a.example/é"] {
            assert!(
                !link_rules(url, false).contains(&Rule::TrailingPunctuation),
                "{url}"
            );
        }
        for url in [
            "https://a.example/x",
            "https://a.example/x.html",
            "https://a.example/?a=b;c=d",
            "https://spec.commonmark.org/dingus/?text=My%20really%20*important*%20content.",
            "https://a.example/?q=one+sentence.",
            "mailto:a@b.example?subject=Hi&body=I agree to the web.",
            "https://lab.stellar.org/?$=network$id=testnet&type=Entries;;",
            "https://search.nixos.org/options?channel=22.05&query=services.jibri.",
            "https://github.com/RIOT-OS/RIOT/issues/new?template=bug_report.md&title=Bug:",
            "https://en.wikipedia.org/wiki/Google_LLC_v._Oracle_America,_Inc.",
            "https://en.wikipedia.org/wiki/Martin_Luther_King_Jr.",
            "https://en.wikipedia.org/wiki/Leicester_City_F.C.",
            "http://en.wikipedia.org/wiki/S.M.A.R.T.",
            "https://bugs.eclipse.org/bugs/buglist.cgi?query_format=advanced;bug_status=RESOLVED;product=AspectJ;target_milestone=1.6.11;",
            "http://atilf.atilf.fr/dendien/scripts/generic/form.exe?7;s=2139120285;",
            "https://en.wikipedia.org/wiki/Washington,_D.C.",
            "http://www.inc.com/topic/NeXT+Computer+Inc.",
            "https://cdn-images-1.medium.com/max/800/0*Qv_i6KSksTlTz8sL.",
            "https://d262ilb51hltx0.cloudfront.net/max/800/0*RiXOWhjkTw8ELX7M.",
            // The article on the `?:` operator.
            "https://en.wikipedia.org/wiki/%3F:",
            // The J wiki's page on the primitive `;.`.
            "https://code.jsoftware.com/wiki/Help/Primer/090_Cut_;.",
            // A channel's and a writer's handles ending in a dot.
            "https://www.youtube.com/@ez.",
            "https://medium.com/@Dreamer.",
            "https://latex.codecogs.com/svg.image?\\inline&space;i&space;",
            "https://support.mozilla.org/kb/x?_gl=1*12w45u6*_ga*MTY3MTE5OTUyMy4xLjAuMA..",
            "https://gitlab.com/x.yml?_gl=1%2a1hjur0y%2a_ga%2aNDkwNzM2Mzg5LjE2MzUxODMzMTE.",
            "https://a.example/i/0?_gl=1%2An3v02c%2A_ga%2ANzYwODcyNTg5LjE3Mjc3MTEzNzY.%2A_ga_5%2AMC4wLjAuMA..",
            // Hoogle's search for the operator `^.`.
            "https://hoogle.haskell.org/?hoogle=%5E.",
            // YouTrack's slug of an issue's title.
            "https://youtrack.jetbrains.com/issue/TW-74422/Re-run-ignores-last-chain-structure.",
            // LeetCode's slug of a post's title, after the post's number.
            "https://leetcode.com/problems/gas-station/discuss/42568/Share-some-of-my-ideas.",
            // A repository's root as a dot segment.
            "https://github.com/sourcegraph/cody-analytics/tree/HEAD/.",
            "https://github.com/ats-lang/ats-lang.github.io/blob/master/CODE/CHAP_DYNLOAD/.",
            "file:///Users/m/Classi/Automobile/.",
            // A script link resolved against its page; a button's label.
            "http://www.raychase.net//javascript:void(0);",
            "http://www.0xsky.com//javascript:;",
            "https://www.w3.org/new-doc?location=%2FTeam%2F&submit=Continue...",
            // A wiki page's title ending in an abbreviation.
            "http://de.wiktionary.org/wiki/etc._pp.",
            "https://de.wiktionary.org/wiki/d._i.",
            // A wiki page named after a reference, its citation's stops.
            "http://www.psychwiki.com/wiki/Meehl,_P._E._(1978)._Theoretical_risks:_Sir_karl._Journal_of_Psychology,_46(4),_806-834.",
            // A story's title of two sentences made its slug (Digg's), and
            // a license token ending in doubled commas (Flaticon's).
            "http://digg.com/general_sciences/The_longest_concert_in_history_is_on_right_now._It_will_last_639_years.",
            "https://kuber.studio/blog/AI/Roblox-Released-the-Biggest-AI-World-Model-in-Gaming.-Everyone-Hates-It.",
            // A year or date ending a title where ordinals take a stop.
            "http://sr.wikipedia.org/wiki/%D0%9A%D0%BD%D0%B8%D0%BD%D1%81%D0%BA%D0%B0_1944.",
            "http://sr.wikisource.org/wiki/Proglas_11.11.1941.",
            "http://sr.wikipedia.org/sr-el/Masakr_u_Vranji%C4%87u_decembra_1943.",
            "https://www.flaticon.com/profile/license/fi/SwkgUxJEL3JglsTgaFIv-7Lfhb7w7SVQ,,",
            // A tag page or title ending in an abbreviation of short
            // words (Jupiter Broadcasting's tags, Greek's `Μ.Χ.`).
            "https://extras.show/tags/kde%20e.v.",
            "https://linuxactionnews.com/tags/bernstein%20v%20u.s.",
            "https://linuxunplugged.com/tags/pocket%20c.h.i.p.",
            "https://el.wikipedia.org/wiki/Μ.Χ.",
            "https://en.wikipedia.org/wiki/Ph.D.",
            // A share link's title, its ellipsis encoded.
            "https://www.addtoany.com/add_to/facebook?linkurl=x&linkname=Wonder%E2%80%A6.",
            // The Twig playground's state: base64, `.` for its padding.
            "https://twig.symfony.com/play?data=eyJ2ZXJzaW9uIjoiMy44LjAifQ..",
        ] {
            assert!(
                !link_rules(url, false).contains(&Rule::TrailingPunctuation),
                "{url}"
            );
        }
        // Near misses of a handle: a page under it, an address, a site
        // whose handles hold no dot; an encoded blank is no mark.
        for url in [
            "https://www.youtube.com/@ez/videos.",
            "https://a.example/user@ez.",
            "https://twitter.com/@jack.",
            "https://www.instagram.com/@natgeo.",
            "https://notyoutube.com/@ez.",
            "https://a.example/x_%20.",
        ] {
            assert!(
                link_rules(url, false).contains(&Rule::TrailingPunctuation),
                "{url}"
            );
        }
        let bare = cand_with("https://a.example/x;", Form::Bare, Facts::default());
        assert!(!diagnostics(&bare)
            .iter()
            .any(|d| d.rule == Rule::TrailingPunctuation));
    }

    #[test]
    fn an_interwiki_link_mediawiki_wrote() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        for href in [
            "https://en.wikisource.org/wiki/sk:",
            "https://en.wikipedia.org/wiki/Special:AllPages/Category:",
        ] {
            let html = format!("<li><a href=\"{href}\" title=\"s:sk:\">Slovenčina</a></li>\n");
            let rules = document_rules(Syntax::Html, &html, Standard::Rfc3986);
            assert!(!rules.contains(&Rule::TrailingPunctuation), "{href}");
        }
        // Near misses: a hand-written link to a wiki page named by a word
        // and a colon (GitHub's wiki, Wikipedia's `Help:`).
        for href in [
            "https://github.com/o/r/wiki/Install:",
            "https://en.wikipedia.org/wiki/Help:",
        ] {
            let html = format!("<a href=\"{href}\">x</a>\n");
            let rules = document_rules(Syntax::Html, &html, Standard::Rfc3986);
            assert!(rules.contains(&Rule::TrailingPunctuation), "{href}");
        }
        // Near misses: a converter's Markdown link that lost its page, and
        // a prefix that is no word.
        let md = "See [the wiki](http://openbox.org/wiki/Help:).\n";
        assert!(document_rules(Syntax::Markdown, md, Standard::Rfc3986)
            .contains(&Rule::TrailingPunctuation));
        let html = "<a href=\"https://a.example/wiki/%3Fx:\">x</a>\n";
        assert!(document_rules(Syntax::Html, html, Standard::Rfc3986)
            .contains(&Rule::TrailingPunctuation));
    }

    #[test]
    fn a_wiki_titles_stop_before_the_sentences() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let rules = |md: &str| document_rules(Syntax::Markdown, md, Standard::Rfc3986);
        let page =
            "https://github.com/mozilla/openbadges/wiki/How-to-hash-&-salt-in-various-languages.";
        assert!(
            !rules(&format!("See [how to hash]({page}).\n")).contains(&Rule::TrailingPunctuation)
        );
        // Near misses: no stop after the link, or no wiki.
        assert!(
            rules(&format!("See [how to hash]({page}) now\n")).contains(&Rule::TrailingPunctuation)
        );
        assert!(rules("See [x](https://a.example/How-to-hash-and-salt.).\n")
            .contains(&Rule::TrailingPunctuation));
        // A post's title of one word after its number (colourlovers'
        // palette named after CrimethInc.); near misses: no stop after the
        // link, no number before.
        let palette = "http://www.colourlovers.com/palette/27881/crimethInc.";
        assert!(
            !rules(&format!("I found [this]({palette}).\n")).contains(&Rule::TrailingPunctuation)
        );
        assert!(rules(&format!("I found [this]({palette}) here\n"))
            .contains(&Rule::TrailingPunctuation));
        assert!(
            rules("I found [this](http://a.example/palette/crimethInc.).\n")
                .contains(&Rule::TrailingPunctuation)
        );
        assert!(
            rules("See [x](http://a.example/2023/README.).\n").contains(&Rule::TrailingPunctuation)
        );
    }

    #[test]
    fn a_forum_questions_title_and_a_list_of_numbers_keep_their_marks() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let md = |text: &str| document_rules(Syntax::Markdown, text, Standard::Rfc3986);
        let thread = "https://acloud.guru/forums/gcp/discussion/-Lh3ET/Insufficient%20Permission:%20Request%20had%20insufficient%20scopes.";
        assert_eq!(
            md(&format!("- [Insufficient Permission: Request had insufficient scopes. - Course: GCP]({thread})\n")),
            []
        );
        // Near misses: another text, a title of two words.
        assert_eq!(
            md(&format!("- [the thread]({thread})\n")),
            [Rule::TrailingPunctuation]
        );
        assert_eq!(
            md("- [My Notes.](https://a.example/My%20Notes.)\n"),
            [Rule::TrailingPunctuation]
        );
        let html = |text: &str| document_rules(Syntax::Html, text, Standard::Rfc3986);
        assert_eq!(
            html("<a href=\"https://support.google.com/youtube/topic/10314939?hl=en-GB&amp;ref_topic=3230811,3256124,\">t</a>\n"),
            []
        );
        assert_eq!(
            md("[GeoAdmin](https://map.geo.admin.ch/?topic=ech&layers_timestamp=18641231,,,) s'est\n"),
            []
        );
        assert_eq!(
            md("[Utopia](https://utopia.fyi/generator?c=320,21,1.2,1140,24,1.25,5,2,)\n"),
            []
        );
        // Near misses: one number, a word in the list, an empty item.
        for query in [
            "ref_topic=3230811,",
            "ref_topic=3230811,abc,",
            "ref_topic=3.,4,",
            "ref_topic=1,,",
        ] {
            assert_eq!(
                html(&format!("<a href=\"https://a.example/t?{query}\">t</a>\n")),
                [Rule::TrailingPunctuation],
                "{query}"
            );
        }
    }

    #[test]
    fn a_query_value_that_is_a_dot_is_kept() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let rules = |md: &str| document_rules(Syntax::Markdown, md, Standard::Rfc3986);
        for md in [
            "[all](https://ibmtechu.com/cgi-bin/cms/aptresults.cgi?myevent=Rome2018&search=.)\n",
            "[jq](https://jqplay.org/?query=.)\n",
        ] {
            assert!(!rules(md).contains(&Rule::TrailingPunctuation), "{md}");
        }
        // Near miss: a value and the stop after it.
        assert!(
            rules("[all](https://a.example/x?search=all.)\n").contains(&Rule::TrailingPunctuation)
        );
    }

    #[test]
    fn an_identifier_prefix_keeps_its_colon() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let html = |text: &str| document_rules(Syntax::Html, text, Standard::Rfc3986);
        assert_eq!(
            html("<a href=\"http://open.ac.uk/doi:\">a shortcut</a>\n"),
            []
        );
        // Near misses: another word, a prefix inside a longer name.
        for url in ["http://a.example/docs:", "http://a.example/mydoi:"] {
            assert_eq!(
                html(&format!("<a href=\"{url}\">x</a>\n")),
                [Rule::TrailingPunctuation],
                "{url}"
            );
        }
    }

    #[test]
    fn a_tags_page_named_with_its_mark() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let rules = |md: &str| document_rules(Syntax::Markdown, md, Standard::Rfc3986);
        for md in [
            "(tags: [linux,](http://del.icio.us/someone/linux,) india)\n",
            "(tags: [tools:](http://del.icio.us/someone/tools:))\n",
        ] {
            assert!(!rules(md).contains(&Rule::TrailingPunctuation), "{md}");
        }
        // Near misses: other text, no list of tags, a stop, the whole URL
        // as the text.
        for md in [
            "See [linux](http://del.icio.us/someone/linux,)\n",
            "Set the following [options:](https://docs.a.example/config/options:) first.\n",
            "See [here.](http://a.example/here.)\n",
            "[http://a.example/x,](http://a.example/x,)\n",
        ] {
            assert!(rules(md).contains(&Rule::TrailingPunctuation), "{md}");
        }
    }

    #[test]
    fn an_abbreviation_looked_up_a_bibcode_and_an_initial_keep_their_stop() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let rules = |md: &str| document_rules(Syntax::Markdown, md, Standard::Rfc3986);
        for md in [
            "- [tr.](https://www.dictionary.com/browse/tr.)\n",
            "[2011Natur.480....6.](https://ui.adsabs.harvard.edu/abs/2011Natur.480....6.)\n",
            "[G](http://scholar.google.com/scholar_lookup?&title=&author=Orben%2CA.)\n",
        ] {
            assert!(!rules(md).contains(&Rule::TrailingPunctuation), "{md}");
        }
        // Near misses: of an abbreviation looked up, a longer word, other
        // text, no folder; a bibcode elsewhere; a word before the stop.
        for md in [
            "[here.](https://www.dictionary.com/browse/here.)\n",
            "[see](https://www.dictionary.com/browse/tr.)\n",
            "[tr.](https://tr.example/tr.)\n",
            "[x](https://a.example/abs/2011Natur.480....6.)\n",
            "[x](https://ui.adsabs.harvard.edu/abs/2011Natur.)\n",
            "[G](http://a.example/s?author=Orben%2CAb.)\n",
            "[G](http://a.example/s?author=OrbenA.)\n",
        ] {
            assert!(rules(md).contains(&Rule::TrailingPunctuation), "{md}");
        }
    }

    #[test]
    fn a_title_ending_in_an_ellipsis_made_a_slug() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        use crate::url::Standard;
        let html = |text: &str| document_rules(Syntax::Html, text, Standard::Rfc3986);
        assert_eq!(
            html("<a href=\"https://www.sciano.net/post/25/visual-basic:-gloria,-declino-e..\">x</a>. <br />\n"),
            []
        );
        // Near misses: one stop, a short slug.
        for url in [
            "https://a.example/post/a-b-c-d.",
            "https://a.example/post/a-b..",
            "https://docs.example.com/getting-started-with-docker..",
        ] {
            assert_eq!(
                html(&format!("<a href=\"{url}\">x</a>\n")),
                [Rule::TrailingPunctuation],
                "{url}"
            );
        }
    }
}
