//! Bare URLs cut by a hard line wrap.
//!
//! Mail clients wrap at 72–80 columns and may cut a long URL in two. No rule
//! is safe here, so the scanner weighs evidence (the exact rules are in the
//! module documentation of [`crate::scan`], "Hard-wrapped bare URLs"):
//! strong evidence rejoins the URL, weak evidence keeps the literal part and
//! offers the rejoined form as an alternative. Strong means what a wrapping
//! client leaves behind: it moved the next word down because it would not
//! fit, and that word reads as a path. Either way the continuation is
//! consumed, so it is never reported as a URL of its own.

use super::bare::find_end;
use super::emit::Found;
use super::position::columns;
use super::quote;
use super::trigger::{any_scheme_at, Schemes, Window};
use crate::scan::BrokenBare;

/// Narrowest wrap width of common mail clients.
pub(crate) const WRAP_MIN: u64 = 72;
/// Narrowest line that counts as filled to a wrap width, where a client
/// that cuts overlong words cut this one anywhere.
const FILLED_MIN: u64 = 70;
/// Widest such line.
pub(crate) const WRAP_MAX: u64 = 80;
/// Longest continuation token looked at.
pub(crate) const TOKEN_CAP: usize = 1024;
/// Most continuation lines joined to one URL.
const MAX_LINES: usize = 9;

/// Blanks in a row that make a column gap: more than justified text
/// (`lation,   please  contact`) puts between words.
const GAP: usize = 5;

/// Whether `s` holds a column gap (or a tab) after some text.
fn has_gap(s: &[u8]) -> bool {
    let start = s
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(s.len());
    let s = &s[start..];
    s.contains(&b'\t') || s.windows(GAP).any(|w| w.iter().all(|&c| c == b' '))
}

/// Whether the URL's line (from `ls`) and the next line start with the same
/// word of four bytes or more before the URL (`2026/04/14 11:36:04 NOTICE:
/// Serving GUI on http://…` and a next line of the same log): records of a
/// log or a list, not a line and its wrapped end.
fn same_start(b: &[u8], ls: usize, url_start: usize, next_token: usize) -> bool {
    let word = |at: usize| {
        let from = at
            + b[at..]
                .iter()
                .take_while(|c| **c == b' ' || **c == b'\t')
                .count();
        let len = b[from..]
            .iter()
            .take_while(|c| !c.is_ascii_whitespace())
            .count();
        (from, &b[from..from + len])
    };
    let (from, first) = word(ls);
    first.len() >= 4 && from + first.len() < url_start && word(next_token).1 == first
}

/// The extension of a file's name (`jpg` of `001_hu7e5_320x0.jpg`): one
/// to five letters or digits after its last `.`, a stem before it.
fn extension(name: &[u8]) -> Option<&[u8]> {
    let dot = name.iter().rposition(|&c| c == b'.')?;
    let ext = &name[dot + 1..];
    (dot > 0 && (1..=5).contains(&ext.len()) && ext.iter().all(u8::is_ascii_alphanumeric))
        .then_some(ext)
}

/// Whether the token `tok`, alone on its line (which ends at or after
/// `end`), is a file's name and the next line with text (a blank line
/// between allowed) is another alone, with the same extension: a list of
/// files, one a line (a link checker's log of the images each page holds,
/// under `Getting links from: https://…/lobsters/`), where a wrapped URL's
/// rest would be followed by text or by the next URL. (Asked when the URL
/// ends in `/` or a letter or digit, and the token holds no `/`: a URL cut
/// after `-` or `_`, or a path going on, is a wrap whatever follows.)
fn files_listed(b: &[u8], tok: &[u8], end: usize) -> bool {
    let Some(ext) = extension(tok) else {
        return false;
    };
    let mut at = memchr::memchr(b'\n', &b[end..]).map_or(b.len(), |k| end + k + 1);
    for _ in 0..2 {
        let stop = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
        let line = b[at..stop].trim_ascii();
        if !line.is_empty() {
            return !line.iter().any(u8::is_ascii_whitespace)
                && memchr::memmem::find(line, b"://").is_none()
                && extension(line).is_some_and(|e| e.eq_ignore_ascii_case(ext));
        }
        at = (stop + 1).min(b.len());
    }
    false
}

/// Whether the URL stands alone at the start of its line and the next
/// line, indented deeper, is the first item of a list under it: the line
/// after holds another item at that indentation, or another URL back at
/// the URL's (`ESMValTool`'s dataset notes, a directory's URL over the file
/// names to fetch from it). A writer who breaks a long URL after a `/` and
/// indents the rest goes on with text, not another such line.
fn listed_under(b: &[u8], ls: usize, url_start: usize, next_line: usize) -> bool {
    let indent = |at: usize| indent_at(b, at);
    let own = indent(ls);
    let deeper = indent(next_line);
    if url_start != ls + own || deeper <= own {
        return false;
    }
    let Some(after) = memchr::memchr(b'\n', &b[next_line..]).map(|k| next_line + k + 1) else {
        return false;
    };
    let end = memchr::memchr(b'\n', &b[after..]).map_or(b.len(), |k| after + k);
    let line = &b[after..end];
    let content = line.trim_ascii();
    let at = indent(after);
    let one_word = !content.is_empty() && !content.iter().any(u8::is_ascii_whitespace);
    (at == deeper && one_word)
        || (at == own && one_word && memchr::memmem::find(content, b"://").is_some())
}

/// The columns a line takes on a terminal or in a mail client, a tab
/// going on to the next multiple of 8: `\t` and 77 characters is a line
/// of 85, wider than any wrap width, so no client wrapped it there.
fn tab_columns(line: &[u8]) -> u64 {
    let mut pieces = line.split(|&c| c == b'\t');
    let mut width = pieces.next().map_or(0, columns);
    for piece in pieces {
        width = (width / 8 + 1) * 8 + columns(piece);
    }
    width
}

/// Whether `s` is a template parameter's `name=` (`forum_url=`).
fn is_parameter_name(s: &[u8]) -> bool {
    s.strip_suffix(b"=").is_some_and(|name| {
        !name.is_empty()
            && name[0].is_ascii_alphabetic()
            && name
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
    })
}

/// The blanks and tabs that indent the line starting at `at`.
fn indent_at(b: &[u8], at: usize) -> usize {
    b[at..]
        .iter()
        .take_while(|c| matches!(c, b' ' | b'\t'))
        .count()
}

/// Where line breaking may cut a URL (after `/`, `-`, `?`, ...).
const BREAKS: &[u8] = b"/-?&=#_~+";

/// Whether the next line (from `next_line`) is indented deeper than the
/// URL's line (from `ls`) while the URL's line goes on with a paragraph at
/// the indentation of the line before it, starting no list item: a block of
/// its own below (Chez Scheme's `LOG` lists the files an entry touched,
/// indented under it), not a wrapped line's end. A wrapping client never
/// indents what it moves; a line folded at the margin is another matter,
/// and so is a URL its writer broke after a `/` and indented (the caller
/// asks only when the URL's line ends in no break opportunity).
fn deeper_block(b: &[u8], ls: usize, next_line: usize) -> bool {
    let indent = |at: usize| indent_at(b, at);
    // A line at the margin whose next line is indented by a blank or so is
    // folded (an iCalendar property, a mail header): one line.
    let own = indent(ls);
    if ls == 0 || own == 0 || indent(next_line) < own + 2 {
        return false;
    }
    let content = &b[ls + own..];
    let digits = content.iter().take_while(|c| c.is_ascii_digit()).count();
    let item = (matches!(content.first(), Some(b'-' | b'*' | b'+'))
        && content.get(1) == Some(&b' '))
        || (digits > 0 && matches!(content.get(digits), Some(b'.' | b')')));
    let prev = memchr::memrchr(b'\n', &b[..ls - 1]).map_or(0, |k| k + 1);
    !item && !b[prev..ls - 1].trim_ascii().is_empty() && indent(prev) == own
}

/// Whether `s` starts with a column gap (or a tab) and then text.
fn gap_then_text(s: &[u8]) -> bool {
    let run = s.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    (run >= GAP || s.first() == Some(&b'\t'))
        && s.get(run).is_some_and(|c| !c.is_ascii_whitespace())
}

/// `/dl/v* https://a/v:splat` over `/dl/* https://b/:splat`: a token, a
/// blank, then a URL of its own is a row of a two-column file. So is one
/// with a dash or colon between (the dependencies a `SlackBuild` README lists,
/// `development/numpy - http://numpy.scipy.org/`).
fn blank_then_url(s: &[u8]) -> bool {
    let mut run = s.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    if run > 0 && matches!(s.get(run), Some(b'-' | b':' | b'=')) && s.get(run + 1) == Some(&b' ') {
        run += 1 + s[run + 1..].iter().take_while(|&&c| c == b' ').count();
    }
    run > 0
        && any_scheme_at(s, run)
            .is_some_and(|colon| s.get(colon + 1..colon + 3) == Some(b"//".as_slice()))
}

/// `/frontend/ux https://symfony.com/…/index.html` over `/messenger/results
/// /messenger#results`: the URL's line is a path and the URL, the next line
/// a path and more words; rows of a redirect map, where no wrap ever leaves
/// a line.
fn path_rows(b: &[u8], line: usize, url_start: usize, next_line: usize) -> bool {
    // Up to three words of the line `s` starts: enough to tell one or two.
    fn words(s: &[u8]) -> [Option<&[u8]>; 3] {
        let end = s.iter().position(|&c| c == b'\n').unwrap_or(s.len());
        let mut it = s[..end]
            .split(u8::is_ascii_whitespace)
            .filter(|w| !w.is_empty());
        [it.next(), it.next(), it.next()]
    }
    let path = |w: Option<&[u8]>| w.is_some_and(|w| w.starts_with(b"/"));
    let here = words(&b[line..url_start]);
    let next = words(&b[next_line..b.len().min(next_line + 4 * WRAP_MAX as usize)]);
    // (Netlify's `_redirects` adds conditions and a status to a row:
    // `/serving/* go-get=:go-get /golang/serving.html 200`.)
    path(here[0]) && here[1].is_none() && path(next[0]) && next[1].is_some()
}

/// `double list comp: https://…/1518955211582099456` over `re.sub fn:
/// https://…`: the URL's line is a label, `: ` and the URL, and so is the
/// next line, another URL after its label's colon; entries of a list, where
/// a wrapped URL's rest would not be followed by a label and a new URL.
fn labelled_rows(b: &[u8], line: usize, url_start: usize, next_line: usize) -> bool {
    let end = memchr::memchr(b'\n', &b[next_line..]).map_or(b.len(), |k| next_line + k);
    let next = &b[next_line..end.min(next_line + 4 * WRAP_MAX as usize)];
    let labelled = |s: &[u8]| {
        memchr::memmem::find_iter(s, b": ").any(|k| {
            let rest = &s[k + 2..];
            let word = &rest[..rest.iter().position(|&c| c == b' ').unwrap_or(rest.len())];
            k > 0 && memchr::memmem::find(word, b"://").is_some()
        })
    };
    b[line..url_start].ends_with(b": ") && labelled(next)
}

/// `# see https://a/x.html#arp_ignore` over `net.ipv4.conf.all=0`: the URL's
/// line is a comment (`#`, `//`, `;`, `--`, `%`) and the next line is not, so it
/// cannot hold the comment's wrapped rest. Nor can a comment line whose
/// token is glued to its marker (`# https://a/doc/systemd/` over
/// `#Requires=x.socket`, a setting left out): the marker is that line's.
fn comment_ends(b: &[u8], line: usize, url_start: usize, next_line: usize, token: usize) -> bool {
    let marker = |s: &[u8]| -> Option<&'static [u8]> {
        let s = s.trim_ascii_start();
        // `-- ` with its blank: `--server https://acme-` is an option.
        // `%`: Erlang's, TeX's, MATLAB's (Tsung's `%% http://…/msg00024.html`
        // over `?DebugF("thinktime…`, a macro call).
        [b"#".as_slice(), b"//", b";", b"-- ", b"%"]
            .into_iter()
            .find(|m| s.starts_with(m))
    };
    // `llfio:x64-windows=fail # https://github.com/…/pull/175` over the
    // next record: a comment trailing data (a blank, `#` or `//`, a blank)
    // ends with its line as well.
    let trailing = |s: &[u8]| -> Option<&'static [u8]> {
        [b" # ".as_slice(), b" // "]
            .into_iter()
            .find(|m| s.windows(m.len()).any(|w| w == *m))
            .map(<[u8]>::trim_ascii)
    };
    let Some(m) = marker(&b[line..url_start]).or_else(|| trailing(&b[line..url_start])) else {
        return false;
    };
    let end = b[next_line..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |k| next_line + k);
    let rest = b[next_line..end].trim_ascii_start();
    !rest.starts_with(m) || token == end - rest.len()
}

/// `Subject: [w3m-dev 01684] Re: http://cvs.m17n.org/~akr/diary/` over the
/// message's first line: the URL's line is a mail header, and a header's
/// continuation starts with a blank (RFC 5322 §2.2.3 folding), so a line
/// that does not is not its rest.
fn header_ends(b: &[u8], line: usize, next_line: usize) -> bool {
    const NAMES: &[&[u8]] = &[
        b"subject",
        b"from",
        b"to",
        b"cc",
        b"bcc",
        b"reply-to",
        b"date",
        b"message-id",
        b"in-reply-to",
        b"references",
        b"organization",
    ];
    let s = &b[line..];
    let n = s
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
        .count();
    let name = &s[..n];
    s.get(n..n + 2) == Some(b": ".as_slice())
        && (NAMES.iter().any(|h| h.eq_ignore_ascii_case(name))
            || name.len() > 2 && name[..2].eq_ignore_ascii_case(b"x-"))
        && !matches!(b.get(next_line), Some(b' ' | b'\t'))
}

/// The first token of the line after a URL that ran to its line's end.
struct Next {
    /// Start of the line.
    line: usize,
    /// The token (`end` trimmed like a bare URL, `stop` where its run ended).
    start: usize,
    end: usize,
    stop: usize,
    /// Nothing but closing punctuation and blanks follows it on its line.
    single: bool,
    /// A `:` follows it (`key:` of YAML, a definition list, a label).
    key: bool,
}

/// Look at the line after the run `url_start..stop` and rejoin or annotate
/// `found` when the evidence says the URL continues there.
pub(crate) fn rejoin(
    w: &Window,
    schemes: &Schemes,
    found: &mut Found,
    url_start: usize,
    stop: usize,
) {
    let b = w.bytes;
    // Most URLs do not end their line: skip the look-back for them.
    if !matches!(b.get(stop), Some(b'\n' | b'\r')) {
        return;
    }
    // A URL glued to a bar (a MediaWiki template's parameter,
    // `{{ExtLink` / `|https://…/` / `|text=…`; a table's cell) is a field of
    // its own: the next line's bar starts the next field, no quote's
    // wrapped rest (a reply quoted with `|` has a blank after it).
    if url_start > 0 && b[url_start - 1] == b'|' {
        return;
    }
    // So is a template's named parameter on a line of its own
    // (`|forum_url=http://…/program-challenge-9` over `|day=31|month=11`):
    // the next line's bar starts the next parameter.
    let ls = memchr::memrchr(b'\n', &b[..url_start]).map_or(0, |k| k + 1);
    if b.get(ls) == Some(&b'|') && is_parameter_name(&b[ls + 1..url_start]) {
        return;
    }
    let depth = quote::depth_at(w, found.start);
    let mut line = w.line_start(found.start, quote::LINE_LOOK);
    // Pieces of the rejoined URL: `(from, to)` window ranges.
    let mut pieces: Vec<(usize, usize)> = vec![(url_start, stop)];
    let mut last_end = found.end;
    for round in 0..MAX_LINES {
        let run_end = pieces[pieces.len() - 1].1;
        // A backslash before the line break continues the line on purpose
        // (a shell command, a PostScript or C string): no wrap cut it.
        if b[run_end - 1] == b'\\' {
            break;
        }
        // A quoted-printable body kept undecoded (a list archive's, a
        // disk magazine's mail): the line's `=` is the encoding's soft
        // break, which a mail reader removes, not a wrap to report.
        if b[run_end - 1] == b'=' && line.is_some_and(|ls| soft_break(b, ls, run_end)) {
            break;
        }
        let Some(next) = next_token(w, schemes, run_end, depth) else {
            break;
        };
        let tok = &b[next.start..next.end];
        // `=20` alone on the next line: quoted-printable's encoded
        // trailing blank, no piece of a URL.
        if is_qp_escape(tok) {
            break;
        }
        let upper = tok[0].is_ascii_uppercase();
        // `.` and `?` also end sentences ("see http://a/b?id=1." and a new
        // line): after them only a path piece is evidence.
        let break_end = b"/-=&%".contains(&b[run_end - 1]) && !upper;
        let completes = completes_extension(&b[url_start..run_end], tok);
        if !(break_end || completes || is_path_piece(tok)) {
            break;
        }
        // A wrapping client moves a word to the next line because it would
        // not fit: the URL's line fits the wrap width, and it plus a space
        // plus the token does not. A line of more than 4 bytes a column
        // cannot be 80 columns wide; skip counting a long line's characters.
        // Where it cut: at a break opportunity of the URL (after `/`, `-`,
        // `?`, ...: line breaking allows those), or anywhere in a line filled
        // to the width (a client cutting an overlong word). A short line
        // ending in a letter or digit was ended by its writer.
        let moved = line.is_some_and(|ls| {
            run_end - ls <= 4 * WRAP_MAX as usize && {
                let width = tab_columns(&b[ls..run_end]);
                let at_break = BREAKS.contains(&b[run_end - 1]);
                let filled = width >= FILLED_MIN;
                width <= WRAP_MAX && width + 1 + columns(tok) > WRAP_MIN && (at_break || filled)
            }
        });
        // Columns (`/old/path      https://new/path` in a redirect table):
        // text, then a run of blanks, then the URL; or the next line's
        // token followed by such a run. A wrapping client leaves no gaps.
        let table = (round == 0 && line.is_some_and(|ls| has_gap(&b[ls..url_start])))
            || gap_then_text(&b[next.end..b.len().min(next.end + 64)])
            || blank_then_url(&b[next.stop..b.len().min(next.stop + 64)])
            || (round == 0
                && line.is_some_and(|ls| comment_ends(b, ls, url_start, next.line, next.start)))
            || (round == 0 && line.is_some_and(|ls| header_ends(b, ls, next.line)))
            || (!next.single && is_date(tok))
            || (round == 0 && line.is_some_and(|ls| path_rows(b, ls, url_start, next.line)))
            || (round == 0 && line.is_some_and(|ls| labelled_rows(b, ls, url_start, next.line)))
            // `…/ficheexp/docs/` over `/datasan/sites/…/docs`: a path of
            // its own (the folder the URL serves); a wrap never doubles the
            // `/` it broke after.
            || (b[run_end - 1] == b'/' && tok[0] == b'/')
            || (round == 0 && line.is_some_and(|ls| same_start(b, ls, url_start, next.start)))
            || (round == 0
                && next.single
                && line.is_some_and(|ls| listed_under(b, ls, url_start, next.line)))
            || (round == 0
                && next.single
                && (b[run_end - 1] == b'/' || b[run_end - 1].is_ascii_alphanumeric())
                && !tok.contains(&b'/')
                && files_listed(b, tok, next.end))
            || (round == 0
                && !BREAKS.contains(&b[run_end - 1])
                && line.is_some_and(|ls| deeper_block(b, ls, next.line)))
            || params_below(b, next.end);
        // `return_code="%(?..`: `=` and a quote right after the token make
        // it an assignment in code, not a piece of a URL (a URL wrapped
        // inside quotes still ends at its closing quote).
        let quoted = tok.ends_with(b"=") && matches!(b.get(next.end), Some(b'"' | b'\''))
            || is_assigned(&b[next.end..b.len().min(next.end + 8)])
            || (round == 0 && line.is_some_and(|ls| is_setting(&b[ls..url_start], tok)))
            || (round == 0 && is_next_key(&b[url_start..run_end], tok))
            || (round == 0 && line.is_some_and(|ls| closes_quote(b, ls, url_start, run_end)))
            || (round == 0 && in_schema_location(b, url_start));
        // "…/issues." and "Patches/pull requests" on the next line: a
        // sentence ended and a new one starts with a capital.
        let sentence = matches!(b[run_end - 1], b'.' | b'!' | b'?') && upper;
        let strong = moved
            && !table
            && !quoted
            && !sentence
            && !next.key
            && (completes || is_path(tok))
            && !(names_a_file(&b[url_start..run_end])
                && (tok[0].is_ascii_alphanumeric() || is_slash_name(tok)))
            && !is_function_word(tok)
            && !signs_off(&b[url_start..run_end], tok)
            && !(round == 0
                && b[run_end - 1] == b'/'
                && next.single
                && !tok.contains(&b'/')
                && line.is_some_and(|ls| unwrapped_near(b, ls)));
        if !strong {
            if round == 0 {
                // Weak: the literal part stays the URL.
                let mut joined = String::from_utf8_lossy(&b[url_start..run_end]).into_owned();
                joined.push_str(&String::from_utf8_lossy(tok));
                found.alternatives.push(joined);
                found.broken = Some(BrokenBare::Literal);
                found.resume = next.end;
            }
            break;
        }
        pieces.push((next.start, next.stop));
        last_end = next.end;
        line = Some(next.line);
        // Text after the token ends the URL there.
        if !next.single {
            break;
        }
    }
    if pieces.len() < 2 {
        return;
    }
    // Strong: the rejoined form is the URL; the last piece ends where its
    // token was trimmed.
    let n = pieces.len();
    pieces[n - 1].1 = last_end;
    let literal = std::mem::take(&mut found.url);
    found.segments.clear();
    found.ws.clear();
    for (k, &(from, to)) in pieces.iter().enumerate() {
        if k > 0 {
            found.ws.push((pieces[k - 1].1, from));
        }
        // Each line's piece copied as the bare URL's own text is (a
        // Latin-1 letter in a piece of its own).
        super::bare::copy_latin1(&b[from..to], from, found);
    }
    found.alternatives.push(literal);
    found.broken = Some(BrokenBare::Rejoined);
    found.end = last_end;
    found.resume = last_end;
}

/// Longest and shortest lines a quoted-printable encoder ends with a soft
/// break: 76 bytes at most, `=` included (RFC 2045 §6.7), a few less when
/// an escape would not fit.
const QP_LINE: std::ops::RangeInclusive<usize> = 72..=76;
/// How far around a soft break the text is searched for other signs of
/// quoted-printable.
const QP_LOOK: usize = 32 << 10;

/// Whether the line from `ls` to `end`, ending in `=`, is a
/// quoted-printable soft break: as long as an encoder makes one
/// (`…/attachments/20070808/5=` over `eb35333/…`), with another sign of
/// the encoding near it (an escaped `=`, `=3D`; an escaped blank ending a
/// line, `=20`; another line so broken). Without one, a line ending in `=`
/// is judged as any wrap.
fn soft_break(b: &[u8], ls: usize, end: usize) -> bool {
    if !QP_LINE.contains(&(end - ls)) {
        return false;
    }
    let lo = ls.saturating_sub(QP_LOOK);
    let hi = (end + QP_LOOK).min(b.len());
    let near = &b[lo..hi];
    if memchr::memmem::find(near, b"=3D").is_some()
        || memchr::memmem::find(near, b"=20\n").is_some()
    {
        return true;
    }
    memchr::memmem::find_iter(near, b"=\n").any(|k| {
        let at = lo + k + 1;
        let start = memchr::memrchr(b'\n', &b[..at - 1]).map_or(0, |j| j + 1);
        at != end + 1 && at != end && QP_LINE.contains(&(at - start))
    })
}

/// Whether `tok` is one quoted-printable escape and nothing else (`=20`).
fn is_qp_escape(tok: &[u8]) -> bool {
    tok.len() == 3
        && tok[0] == b'='
        && tok[1..]
            .iter()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_lowercase())
}

/// Whether the line after the one `at` is on starts with `&`: a query
/// laid out a parameter a line on purpose ("line breaks for readability
/// only": `…/authorize?` then `response_type=code` then `&client_id=…`),
/// which no wrapping client makes.
fn params_below(b: &[u8], at: usize) -> bool {
    let reach = b.len().min(at + 256);
    memchr::memchr(b'\n', &b[at..reach]).is_some_and(|k| {
        b[at + k + 1..reach]
            .iter()
            .find(|c| !matches!(c, b' ' | b'\t'))
            .is_some_and(|&c| c == b'&')
    })
}

/// How far around a URL's line [`unwrapped_near`] looks, each way.
const UNWRAPPED_LOOK: usize = 4096;

/// Whether the text around `ls` (a line's start) was never hard-wrapped,
/// asked of a URL ending in `/` with a file's name alone on the next line
/// (a URL broken mid-word, or a path going on, is a wrap wherever it is):
/// two lines or more near it run past the wrap width with a blank a
/// wrapping client would have broken them at (maranemil's ISO list, whose
/// `Exton|OS 64 bit based on Ubuntu/Debian with Mate/Openbox Installation
/// in Virtualbox VM 1.2Gb` stands above a directory URL and its file's name
/// on the next line). A long URL alone on its line, which no client
/// breaks, a reply's quoted lines, which quoting widened, and nroff's
/// overstruck bold do not count.
fn unwrapped_near(b: &[u8], ls: usize) -> bool {
    let from = ls.saturating_sub(UNWRAPPED_LOOK);
    let to = b.len().min(ls + UNWRAPPED_LOOK);
    b[from..to]
        .split(|&c| c == b'\n')
        .filter(|l| {
            let text = l.trim_ascii();
            let Some(blank) = text.iter().position(|&c| c == b' ' || c == b'\t') else {
                return false;
            };
            // nroff's bold (`B\bBu\bu…`, Postfix's README_FILES) is half as
            // wide as its bytes: a heading, not a line past the width.
            !text.starts_with(b">")
                && !text.contains(&0x08)
                && l.len() > WRAP_MAX as usize + 8
                && columns(l) > WRAP_MAX + 8
                && columns(&text[..blank]) < WRAP_MAX
        })
        .nth(1)
        .is_some()
}

/// Whether the run ends in a `'` that closes one opened earlier on its
/// line, before the URL: mailfromd's `sed -ne '/^script file:/s///p'`,
/// its output on the next line. A wrapped URL is not cut after a quote.
fn closes_quote(b: &[u8], line: usize, url_start: usize, run_end: usize) -> bool {
    b[run_end - 1] == b'\'' && b[line..url_start].contains(&b'\'')
}

/// Whether the URL at `url_start` is in an XML `schemaLocation` value,
/// pairs of a namespace and its schema's location (Hibernate Validator's
/// `xsi:schemaLocation="` / `http://jboss.org/xml/ns/javax/validation/configuration`
/// / `validation-configuration-1.1.xsd"`): the next line is the pair's
/// other half, not the URL's rest.
fn in_schema_location(b: &[u8], url_start: usize) -> bool {
    let before = &b[url_start.saturating_sub(512)..url_start];
    let Some(k) = memchr::memmem::rfind(before, b"chemaLocation=") else {
        return false;
    };
    let value = &before[k + b"chemaLocation=".len()..];
    value
        .first()
        .is_some_and(|&q| matches!(q, b'"' | b'\'') && !value[1..].contains(&q))
}

/// The token that starts the line after `run_end`, if the run reaches the end
/// of its line and that line (in the same quote) starts with a token that
/// could continue a URL.
fn next_token(w: &Window, schemes: &Schemes, run_end: usize, depth: usize) -> Option<Next> {
    let b = w.bytes;
    let mut nl = run_end;
    if b.get(nl) == Some(&b'\r') {
        nl += 1;
    }
    if b.get(nl) != Some(&b'\n') {
        return None;
    }
    let line = nl + 1;
    let start = quote::strip(b, line, depth, line + TOKEN_CAP)?;
    let end = find_end(b, start, start + TOKEN_CAP, 0);
    // No letter or digit (`--` before a signature): not a path piece.
    let tok = &b[start..end.end];
    if end.stop >= start + TOKEN_CAP || !tok.iter().any(u8::is_ascii_alphanumeric) {
        return None;
    }
    // A token that is itself a URL starts a new one (one of any registered
    // scheme in a list of links: `view-source:blueimp.github.io/…`).
    if let Some(colon) = any_scheme_at(b, start) {
        let name = std::str::from_utf8(&b[start..colon]).unwrap_or_default();
        if schemes.contains(&b[start..colon])
            || (name.len() > 2 && crate::schemes::is_registered(name) && colon + 1 < end.end)
        {
            return None;
        }
    }
    // A network-path reference (`//cdn.datatables.net/…` under a fiddle's
    // URL), a URL of its own.
    if tok.starts_with(b"//") {
        return None;
    }
    // A command with an option after it (`fsck.ext4 -pf /dev/sde2`,
    // `/usr/lib/geoclue-2.0/geoclue -t 5` under a how-to's URL): the next
    // line's own.
    if b.get(end.end..end.end + 3)
        .is_some_and(|o| o[0] == b' ' && o[1] == b'-' && o[2].is_ascii_alphabetic())
    {
        return None;
    }
    // Markup, not a path: a Markdown reference definition (`[1]: http://…`),
    // a link, a table cell or emphasis starts with one of these, and a token
    // holding `://` carries a URL of its own (`[x]:http://…`).
    if b"[(<{*|\"'`".contains(&tok[0]) || holds_url(tok) {
        return None;
    }
    // A home directory (`~/.config/emacs`, `\~/…` escaped in Org) or a
    // backslash never continues a URL: the next argument of a command
    // (`git clone https://… ~/.config/emacs`).
    if tok[0] == b'\\' || tok.starts_with(b"~/") {
        return None;
    }
    // An iCalendar line, `ATTENDEE;PARTSTAT=ACCEPTED:MAILTO:a@b.org`,
    // carries a mail address of its own.
    if tok.windows(7).any(|t| t.eq_ignore_ascii_case(b"mailto:")) {
        return None;
    }
    // Bounded, so a line of a million blanks costs nothing and the answer
    // never depends on where the window ends.
    let lim = (end.stop + TOKEN_CAP).min(b.len());
    let mut k = end.end;
    while k < lim && b".,;:!?)]}'\" \t\r".contains(&b[k]) {
        k += 1;
    }
    let single = if k < lim { b[k] == b'\n' } else { k == b.len() };
    let key = b.get(end.end) == Some(&b':');
    Some(Next {
        line,
        start,
        end: end.end,
        stop: end.stop,
        single,
        key,
    })
}

/// Whether a token holds `://`, the start of a URL of its own, other than
/// the archived URL of a Wayback Machine address after its timestamp
/// (`20080526153208/http://www.…` or `web/2008…/http://…` on the line after
/// `https://web.archive.org/web/`).
fn holds_url(tok: &[u8]) -> bool {
    tok.windows(3).enumerate().any(|(k, t)| {
        if t != b"://" {
            return false;
        }
        let scheme = tok[..k]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
            .count();
        !(scheme > 0 && is_wayback_stamp(&tok[..k - scheme]))
    })
}

/// `2015/09/05` or `2015-09-05`, all of `tok`: with text after it on its
/// line, a changelog's next dated entry (acro's `HISTORY`: `… https://
/// github.com/cgnieder/acro/issue/42` over `2015/09/05 v2.1   - add …`),
/// no piece of the URL above.
fn is_date(tok: &[u8]) -> bool {
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    tok.len() == 10
        && matches!(tok[4], b'/' | b'-')
        && tok[7] == tok[4]
        && digits(&tok[..4])
        && digits(&tok[5..7])
        && digits(&tok[8..])
}

/// `20080526153208/`, `web/2008id_/`: a Wayback Machine timestamp (4 to 14
/// digits, maybe a two-letter flag and `_`) and its slash, all of `s`.
fn is_wayback_stamp(s: &[u8]) -> bool {
    let s = s.strip_prefix(b"web/").unwrap_or(s);
    let Some(s) = s.strip_suffix(b"/") else {
        return false;
    };
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    let flag = &s[digits..];
    (4..=14).contains(&digits)
        && (flag.is_empty()
            || (flag.len() == 3 && flag[..2].iter().all(u8::is_ascii_lowercase) && flag[2] == b'_'))
}

/// `nixpkgs-kct.url = "github:..."`: blanks, then `=` after the token make
/// it the name of an assignment.
fn is_assigned(after: &[u8]) -> bool {
    let blanks = after
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count();
    blanks > 0 && after.get(blanks) == Some(&b'=') && after.get(blanks + 1) != Some(&b'=')
}

/// A settings file's lines: the URL is (in) the value of `Documentation=`
/// (`Documentation=man:buildbot(1) https://docs.buildbot.net/`) and the
/// next line is another (`#After=network-online.target`), not its rest.
fn is_setting(before_url: &[u8], tok: &[u8]) -> bool {
    // Qt's INI files write a group's `\` and a key's blanks as `%20`
    // (TeXstudio's `Grammar\Language%20Tool%20URL=http://localhost:8081/`).
    let key = |s: &[u8]| {
        let n = s
            .iter()
            .take_while(|c| {
                c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'\\' | b'%')
            })
            .count();
        n > 0 && s[0].is_ascii_alphabetic() && s.get(n) == Some(&b'=')
    };
    let before = before_url.trim_ascii_start();
    key(before) && {
        let tok = tok
            .strip_prefix(b"#")
            .or_else(|| tok.strip_prefix(b";"))
            .unwrap_or(tok);
        key(tok)
    }
}

/// Jenkins' `Messages_it.properties`: `…all'indirizzo http://host/userContent/`
/// and then `Hudson.ViewAlreadyExists=Una …`, the next message's key. A
/// `name=` token after a URL with no query is a new setting: a query's
/// `name=` comes after a `?`.
fn is_next_key(url: &[u8], tok: &[u8]) -> bool {
    let n = tok
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
        .count();
    // A settings key, dotted or in capitals (`Hudson.ViewAlreadyExists`,
    // `MAX_SIZE`); Google Maps' path segment `data=!3m1` is lower case.
    let key = &tok[..n];
    n >= 2
        && tok[0].is_ascii_alphabetic()
        && tok.get(n) == Some(&b'=')
        && (key.contains(&b'.') || key.iter().any(u8::is_ascii_uppercase))
        && !url.contains(&b'?')
        && !matches!(url.last(), Some(b'=' | b'&'))
}

/// English function words that end a sentence's line far more often than
/// they name a path segment: "See `http://a/b/`" and, alone on the next
/// line, "and". Never strong evidence of a wrapped URL.
fn is_function_word(tok: &[u8]) -> bool {
    const WORDS: &[&[u8]] = &[
        b"and", b"or", b"the", b"to", b"for", b"in", b"of", b"on", b"at", b"by", b"with", b"see",
        b"is", b"are", b"was", b"from", b"as", b"it", b"this", b"that", b"which", b"but", b"not",
        b"also", b"if", b"then", b"there", b"here",
    ];
    WORDS.iter().any(|w| w.eq_ignore_ascii_case(tok))
}

/// Whether the URL's line ends in a file extension cut short that the next
/// line's token completes: Kamailio's text manual breaks
/// `…/ipv6-address-space.t` before `xt,`, a wrap no writer makes.
fn completes_extension(run: &[u8], tok: &[u8]) -> bool {
    let segment = run.rsplit(|&c| c == b'/').next().unwrap_or_default();
    let Some(dot) = segment.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    let head = &segment[dot + 1..];
    if dot == 0
        || !(1..=3).contains(&head.len())
        || !(1..=4).contains(&tok.len())
        || !head.iter().chain(tok).all(u8::is_ascii_lowercase)
    {
        return false;
    }
    let ext = [head, tok].concat();
    is_file_extension(&ext) || matches!(ext.as_slice(), b"htm" | b"asp")
}

/// The extensions of the files URLs name most (`html`, `pdf`, `png`, ...),
/// in lower case: what a file name's end is judged by here. (`htm` and
/// `asp` are also the start of a longer one.)
fn is_file_extension(ext: &[u8]) -> bool {
    matches!(
        ext,
        b"txt"
            | b"html"
            | b"shtml"
            | b"pdf"
            | b"php"
            | b"xml"
            | b"json"
            | b"aspx"
            | b"jsp"
            | b"cgi"
            | b"png"
            | b"jpg"
            | b"jpeg"
            | b"gif"
            | b"svg"
            | b"zip"
            | b"tgz"
    )
}

/// Whether the URL's path ends in a whole file name (`…/iostats.rst`,
/// `…/index.html`): a word on the next line glued to it (`I/Os currently
/// in progress`, a YAML block's next line) would make `iostats.rstI/Os`,
/// no wrap's cut. A query, fragment or path piece may still follow.
fn names_a_file(run: &[u8]) -> bool {
    let Some(path) = memchr::memmem::find(run, b"://")
        .and_then(|k| memchr::memchr(b'/', &run[k + 3..]).map(|p| k + 3 + p))
    else {
        return false;
    };
    let segment = run[path..]
        .rsplit(|&c| c == b'/')
        .next()
        .unwrap_or_default();
    let Some(dot) = segment.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    let ext = segment[dot + 1..].to_ascii_lowercase();
    // Archives and packages too: a Debian copyright's
    // `…/lilypond-2.12.3.tar.gz`, then `lilypond-2.12.3/COPYING and …`
    // naming files inside it.
    dot > 0
        && (is_file_extension(&ext)
            || matches!(
                ext.as_slice(),
                b"rst" | b"gz" | b"bz2" | b"xz" | b"tar" | b"deb" | b"rpm" | b"jar"
            ))
}

/// Whether a token reads as a path, strongly enough to rejoin on: it holds
/// `/` or a query's `? = & %`, or ends in a file extension (`november.html`,
/// `req-02.txt`) and does not start with a capital (`Node.js` is prose).
/// A prose word (`for`, `where`, `cygwin`) never does.
fn is_path(tok: &[u8]) -> bool {
    // Markup, not a path: TapirMD's italics `//(If you only care …)//` on
    // the line after its link `__https://…/60078-loopvar.md__.`.
    if tok.starts_with(b"//") && !tok.get(2).is_some_and(u8::is_ascii_alphanumeric) {
        return false;
    }
    // Code, not a path: `pathToFileURL('/a/b')` calls a function.
    let head = tok
        .iter()
        .position(|&c| c == b'/')
        .map_or(tok, |i| &tok[..i]);
    if head.contains(&b'(') {
        return false;
    }
    // A requirement, not a query: `sphinx-copybutton==0.5.1`,
    // `pytest-xdist!=3.3.0` on the line after a URL in a pip list.
    let version_spec = tok
        .windows(3)
        .any(|w| matches!(&w[..2], b"==" | b"!=" | b">=" | b"<=" | b"~=") && w[2].is_ascii_digit());
    if version_spec {
        return false;
    }
    // A protocol's version, not a path: `HTTP/1.1 300 Multiple Choices`,
    // the status line of a response printed under the `curl` command.
    let protocol = tok.iter().position(|&c| c == b'/').is_some_and(|k| {
        k >= 3
            && tok[..k].iter().all(u8::is_ascii_uppercase)
            && tok[k + 1..]
                .iter()
                .all(|c| c.is_ascii_digit() || *c == b'.')
            && tok.get(k + 1).is_some_and(u8::is_ascii_digit)
    });
    if protocol {
        return false;
    }
    if tok.iter().any(|c| b"/?=&".contains(c)) || has_escape(tok) {
        return true;
    }
    let Some(dot) = tok.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    let ext = &tok[dot + 1..];
    dot > 0
        && tok[dot - 1].is_ascii_alphanumeric()
        && !tok[0].is_ascii_uppercase()
        && (2..=5).contains(&ext.len())
        && ext.iter().all(u8::is_ascii_alphanumeric)
        && ext.iter().any(u8::is_ascii_alphabetic)
}

/// Whether `tok` is a mail address on the line after a web URL ending in
/// a word: a signature's home page, then its address (`…/~mpeppler` then
/// `mpeppler@peppler.org`); its domain is no file extension. After a `/`
/// it is a path's next segment (a list archive's message-id,
/// `https://lists.debian.org/` then `2014…GO32192@teltox.donarmstrong.com`),
/// and after `mailto:` the address's rest (Postfix's `rua=mailto:smtp-tls-`
/// then `report@example.com`).
fn signs_off(url: &[u8], tok: &[u8]) -> bool {
    tok.contains(&b'@')
        && !tok.contains(&b'/')
        && url.last().is_some_and(u8::is_ascii_alphanumeric)
        && !url
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"mailto:"))
}

/// Whether `tok` is a name after a slash, a mail's sign-off (`/Daniel`
/// on the line after `…/026611.html` in a list archive): one capitalised
/// word of letters, no path's segment after a whole file name.
fn is_slash_name(tok: &[u8]) -> bool {
    tok.len() >= 3
        && tok[0] == b'/'
        && tok[1].is_ascii_uppercase()
        && tok[2..].iter().all(u8::is_ascii_lowercase)
}

/// Whether `tok` holds a percent escape (`%20`); `%global` (an RPM macro)
/// or `100%` does not.
fn has_escape(tok: &[u8]) -> bool {
    tok.windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// Whether a token reads as a piece of a URL path rather than a word: it
/// starts with a path or query character, or holds one inside, or a dot
/// between letters (`req-02.txt`).
fn is_path_piece(tok: &[u8]) -> bool {
    if b"/?&=#~".contains(&tok[0]) || has_escape(tok) {
        return true;
    }
    if tok.iter().any(|c| b"/?&=#_~".contains(c)) {
        return true;
    }
    tok.windows(3)
        .any(|t| t[0].is_ascii_alphanumeric() && t[1] == b'.' && t[2].is_ascii_alphanumeric())
}
