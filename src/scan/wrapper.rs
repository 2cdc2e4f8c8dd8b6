//! Wrapped URLs: `<URL:...>` (`url-wrapper`) and `<scheme:...>` (`angle`).
//!
//! RFC 1738's appendix: whitespace inside the brackets, line breaks included,
//! is ignored when extracting the URL; a line break right after a hyphen
//! leaves it open whether the hyphen belongs (any whitespace after a hyphen
//! counts, as reflowing turns that line break into a space). The content is
//! read until the first `>` (closed) or `<` (a URL cannot hold one:
//! unterminated; but a placeholder's `<name>` inside the URL is read as
//! part of it, a pattern; and a mail client's `<text <href>>` closes at
//! the outer `>`), within
//! [`WRAPPER_CAP`] bytes, [`MAX_LINES`] lines and one paragraph.
//!
//! Reply-quote prefixes on continuation lines: the quote depth of the line
//! the wrapper opens on is counted (`> > <URL:` is depth 2), and exactly that
//! many marks are removed from each continuation line, so in quoted text a
//! `>` beyond the prefix closes the wrapper. In unquoted text a continuation
//! line starting with `|` and a blank is a prefix; one starting with `>` is a
//! prefix only when a blank or another mark follows it and the rest of the
//! line is a single token ending in `>` (`> /c>`); otherwise that `>` closes
//! the wrapper (`<URL:http://a/b` + newline + `> and then...`).

use super::bare::{find_end, is_empty_url};
use super::chars::decode;
use super::emit::Found;
use super::quote;
use super::trigger::{any_scheme_at, Schemes, Window};
use crate::scan::Form;

/// Longest wrapper read, from `<` to `>`.
pub(crate) const WRAPPER_CAP: usize = 8 * 1024;
/// Most lines a wrapper may span.
pub(crate) const MAX_LINES: usize = 10;
/// Longest `#fragment` looked at after a closing `>`.
const FRAGMENT_CAP: usize = 1024;

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C)
}

/// The content of a wrapper as read so far.
#[derive(Default)]
struct Content {
    url: String,
    segments: Vec<(usize, usize)>,
    ws: Vec<(usize, usize)>,
    hyphens: Vec<usize>,
    /// Line breaks crossed so far.
    breaks: usize,
    /// Window index that would continue the current piece.
    cont: Option<usize>,
}

impl Content {
    fn copy(&mut self, text: &str, at: usize) {
        if self.cont != Some(at) {
            self.segments.push((self.url.len(), at));
        }
        self.url.push_str(text);
        self.cont = Some(at + text.len());
    }

    /// An invalid byte becomes U+FFFD in a piece of its own, so positions
    /// after it stay right.
    fn replacement(&mut self, at: usize) {
        self.segments.push((self.url.len(), at));
        self.url.push('\u{FFFD}');
        self.cont = None;
    }
}

/// The length of `<name>` at the start of `b`, a placeholder's name
/// (`<your-user-name>`, `<org_id>`), if one is there.
fn placeholder_name(b: &[u8]) -> Option<usize> {
    let name = b[1..]
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        .count();
    // The URL goes on after it (`/repo>`): a tag ending a line (`<br>`)
    // is markup after an unclosed wrapper.
    let goes_on = b
        .get(name + 2)
        .is_some_and(|&c| c.is_ascii_alphanumeric() || b"/.?&=#>-_:@".contains(&c));
    (name > 0 && b[1].is_ascii_alphabetic() && b.get(1 + name) == Some(&b'>') && goes_on)
        .then_some(name + 2)
}

/// The length of `<name>` at the start of `b` when its `>` closes the
/// wrapper too: a placeholder ending the URL, written once
/// (`Link: <https://h.example/api/records/<pid_value> ; rel="linkset"`).
/// Only a name no HTML tag has, one with `_` or a digit after its first
/// letter (`<pid_value>`, `<id2>`; `<BR>`, `<HR>` and custom elements'
/// `<my-tag>` are markup after an unclosed wrapper), and a blank, `;`, `,`
/// or the line's end after it.
fn closing_placeholder(b: &[u8]) -> Option<usize> {
    let name = b[1..]
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'))
        .count();
    let word = &b[1..=name];
    let marked = word.iter().any(|c| *c == b'_' || c.is_ascii_digit());
    let ends = matches!(
        b.get(name + 2),
        None | Some(b' ' | b'\t' | b'\n' | b'\r' | b';' | b',')
    );
    (name > 0 && b[1].is_ascii_alphabetic() && b.get(1 + name) == Some(&b'>') && marked && ends)
        .then_some(name + 2)
}

/// The length of a SICI's `<247::AID-TEA2>` at the start of `b`: a serial
/// item's DOI holds one (`10.1002/(SICI)1098-231X(200003)37:3<247::AID-TEA2>3.0.CO;2-O`),
/// part of the URL a wrapper holds, not its end.
pub(crate) fn sici_part(b: &[u8]) -> Option<usize> {
    let digits = b[1..]
        .iter()
        .take(12)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let rest = b.get(1 + digits..)?;
    let name = rest
        .strip_prefix(b"::")?
        .iter()
        .take(32)
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
        .count();
    (digits > 0 && name > 0 && rest.get(2 + name) == Some(&b'>'))
        .then_some(1 + digits + 2 + name + 1)
}

/// A wrapper opening at the `<` at `lt`, or `None` if the text after `<` is
/// not a URL (`<xsl:template>`, `<user@host>`).
pub(crate) fn wrapper(w: &Window, schemes: &Schemes, lt: usize) -> Option<Found> {
    let b = w.bytes;
    let after = lt + 1;
    // TiddlyWiki's block quote, `<<<https://en.wikipedia.org/wiki/LaTeX`
    // (its citation after the marks): a third `<` opens no wrapper.
    if lt >= 2 && &b[lt - 2..lt] == b"<<" {
        return None;
    }
    let (form, content_start, opener_end) = if b
        .get(after..after + 4)
        .is_some_and(|s| s.eq_ignore_ascii_case(b"URL:"))
    {
        // "URL:" may be followed by blanks (the README); they are not
        // whitespace inside the URL.
        let start = after
            + 4
            + b[after + 4..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
        // A grammar quoting the wrapper (`"<URL:" absoluteURL ">"`) wraps
        // no URL, nor does a path in program text (`<url::ParseError>`).
        if b.get(start) == Some(&b'"') || b.get(after + 4) == Some(&b':') {
            return None;
        }
        // GCC's `See <URL:<http://bugzilla.redhat.com/bugzilla>> for
        // instructions.`: the URL in brackets of its own, read as those.
        if b.get(start) == Some(&b'<')
            && any_scheme_at(b, start + 1)
                .is_some_and(|colon| !b[start + 1..colon].eq_ignore_ascii_case(b"URL"))
        {
            return None;
        }
        // `<url:> </url>`: ht://Dig's configuration block, an element
        // named in lower case with nothing in it, no wrapper.
        if b.get(start) == Some(&b'>') && &b[after..after + 3] == b"url" {
            return None;
        }
        (Form::UrlWrapper, start, after + 4)
    } else {
        let colon = any_scheme_at(b, after)?;
        let slashes = b.get(colon + 1..colon + 3) == Some(b"//");
        if !(slashes || schemes.contains(&b[after..colon])) {
            return None;
        }
        // `Vec<file::Entry>`, `Into<http::Uri>`: a path in program text.
        if b.get(colon + 1) == Some(&b':') {
            return None;
        }
        // `#<File:/tmp/x>`: how Ruby (and Crystal) print an object, its
        // class's name capitalised after `#<`; no wrapper.
        if lt > 0 && b[lt - 1] == b'#' && b[after].is_ascii_uppercase() && !slashes {
            return None;
        }
        // `all.StartsWith("<http://", …)`: a string literal holding the
        // opener alone, in the code of a Markdown parser, or a code span
        // (`` `<ab://` = 6 bytes ``, a comment on an IRI's bytes); no wrapper.
        let rest = colon + if slashes { 3 } else { 1 };
        if lt > 0 && matches!(b[lt - 1], b'"' | b'\'' | b'`') && b.get(rest) == Some(&b[lt - 1]) {
            return None;
        }
        // `<http:operation location="GetLastTradePrice"/>`: an XML element
        // in a namespace whose prefix is a scheme's name (WSDL's HTTP
        // binding), no URL.
        if !slashes && is_xml_element(&b[colon + 1..]) {
            return None;
        }
        // `<http:response>` (EXPath's HTTP client, in XQuery): an element
        // with no attribute. A web URL without `//` and without a dot
        // names no host anyway.
        let web = [&b"http"[..], b"https", b"ftp"]
            .iter()
            .any(|s| b[after..colon].eq_ignore_ascii_case(s));
        let name = b[colon + 1..]
            .iter()
            .take(64)
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
            .count();
        if web
            && !slashes
            && name > 0
            && b[colon + 1].is_ascii_alphabetic()
            && b.get(colon + 1 + name) == Some(&b'>')
        {
            return None;
        }
        // `<mailto:user at host>`: an address munged against harvesting,
        // as list archives print them; joining its words makes no URL.
        if b[after..colon].eq_ignore_ascii_case(b"mailto") && is_munged(&b[colon + 1..]) {
            return None;
        }
        // The opener is only `<`: the scheme is rescanned as bare text if
        // the wrapper is never closed.
        (Form::Angle, after, after)
    };
    let depth = quote::depth_at(w, lt);
    let limit = (lt + WRAPPER_CAP).min(b.len());
    let mut content = Content::default();
    let mut i = content_start;
    let closed = loop {
        if i >= limit {
            break None;
        }
        match b[i] {
            b'>' => break Some(i),
            // `<https://github.com/<your-user-name>/repo>`: a placeholder's
            // name in angle brackets is part of the wrapped pattern (which
            // the pattern test then leaves out), no unclosed wrapper.
            b'<' => match placeholder_name(&b[i..limit]).or_else(|| sici_part(&b[i..limit])) {
                Some(len) => {
                    content.copy(std::str::from_utf8(&b[i..i + len]).unwrap_or_default(), i);
                    i += len;
                }
                None => match (closing_placeholder(&b[i..limit]), nested_href(b, i, limit)) {
                    (Some(len), _) => {
                        content.copy(std::str::from_utf8(&b[i..i + len]).unwrap_or_default(), i);
                        break Some(i + len - 1);
                    }
                    (None, Some(end)) => break Some(end),
                    (None, None) => break None,
                },
            },
            byte if byte < 0x80 && !is_blank(byte) && byte != b'\n' => {
                let run = b[i..limit]
                    .iter()
                    .position(|&byte| {
                        byte >= 0x80
                            || byte == b'<'
                            || byte == b'>'
                            || byte == b'\n'
                            || is_blank(byte)
                    })
                    .map_or(limit, |k| i + k);
                // ASCII only, so always valid UTF-8.
                content.copy(std::str::from_utf8(&b[i..run]).unwrap_or_default(), i);
                i = run;
            }
            byte if byte >= 0x80 => match decode(b, i) {
                Some((ch, _)) if ch.is_whitespace() => {
                    match whitespace(b, i, limit, depth, &mut content) {
                        Some(next) => i = next,
                        None => break None,
                    }
                }
                Some((_, len)) => {
                    content.copy(std::str::from_utf8(&b[i..i + len]).unwrap_or_default(), i);
                    i += len;
                }
                None => {
                    content.replacement(i);
                    i += 1;
                }
            },
            _ => match whitespace(b, i, limit, depth, &mut content) {
                Some(next) => i = next,
                None => break None,
            },
        }
    };
    let Some(gt) = closed else {
        // A wrapper longer than the cap (a build log's `<https://…/ws/…>`
        // of 32,000 bytes) closed further on its line: too long to read,
        // not unclosed. The URL in it is read as bare text.
        // The `>` must be the first byte past the cap that no URL holds
        // (not another wrapper's, after a blank).
        if i >= limit && limit < b.len() && content.ws.is_empty() {
            let end = b.len().min(lt + super::bare::BARE_CAP);
            let stop = b[limit..end]
                .iter()
                .position(|&c| c == b'>' || c == b'<' || c == b'\n' || is_blank(c))
                .map(|k| b[limit + k]);
            if stop == Some(b'>') {
                return None;
            }
        }
        // A site's excerpt of a post, cut off with an ellipsis inside the
        // wrapper (`&lt;http://www.geogebra.org/…/Bakera …` in a generated
        // summary): the post has the whole of it, nothing here to close.
        // The ellipsis ends the line or a closing tag follows it (not
        // prose's `<https://a.example/docs ... and the rest`).
        let piece_end = content.ws.first().map_or(i, |w| w.0);
        let after = &b[piece_end.min(b.len())..];
        let after = &after[after.iter().take_while(|&&c| is_blank(c)).count()..];
        let rest = after
            .strip_prefix("…".as_bytes())
            .or_else(|| after.strip_prefix(b"..."));
        let cut = rest.is_some_and(|r| {
            let r = &r[r.iter().take_while(|&&c| is_blank(c)).count()..];
            r.is_empty() || r[0] == b'\n' || r[0] == b'\r' || r.starts_with(b"</")
        });
        if form == Form::Angle && cut {
            return None;
        }
        // LDIF's `cacertificate;binary:<file:///tmp/ipa.der`: a value read
        // from a URL, after its attribute's `:`; no wrapper was opened.
        if form == Form::Angle && lt >= 2 && b[lt - 1] == b':' && b[lt - 2].is_ascii_alphanumeric()
        {
            return None;
        }
        // Unterminated: the span is the opener; the URL is the first piece
        // read (what the writer evidently meant to wrap).
        let mut first_end = content.segments.get(1).map_or(content.url.len(), |s| s.0);
        // A replacement for an invalid byte is no URL, and its three bytes
        // in `url` would reach past the one in the input.
        if let Some(&(_, at)) = content.segments.first() {
            let replaced = content.url.get(..first_end) == Some("\u{FFFD}")
                && b.get(at..at + 3) != Some("\u{FFFD}".as_bytes());
            if replaced {
                first_end = 0;
            }
        }
        content.url.truncate(first_end);
        content.segments.truncate(1);
        if content.segments.is_empty() {
            content.segments.push((0, content_start));
        }
        let mut f = Found::new(form, lt, opener_end, content.url, content_start);
        f.segments = content.segments;
        f.unterminated = true;
        return Some(f);
    };
    if form == Form::Angle {
        if chat_link(b, content_start, gt, &mut content) {
            return None;
        }
        // `\<http://a.example\>`: brackets escaped with backslashes (a
        // markup's literal `<`, `>`); the last backslash is the escape's.
        if lt > 0 && b[lt - 1] == b'\\' && content.url.len() > 1 && content.url.ends_with('\\') {
            let cut = content.url.len() - 1;
            content.url.truncate(cut);
            content.segments.retain(|s| s.0 < cut);
        }
    }
    let end = gt + 1;
    // `["<scheme://><hostname>:<port>"]`: usage notation, each part in its
    // own brackets; the scheme's are no empty wrapper.
    if is_empty_url(&content.url) && b.get(end) == Some(&b'<') {
        return None;
    }
    // Haddock's `<http://a.example/x "the label">`: words in quotes after
    // a blank on the URL's line are the link's label, not its text.
    if let Some(&(from, to)) = content
        .ws
        .iter()
        .find(|&&(from, to)| b.get(to) == Some(&b'"') && !b[from..to].contains(&b'\n'))
        .filter(|_| form == Form::Angle && b[gt - 1] == b'"')
    {
        if let Some(&(cut, _)) = content.segments.iter().find(|s| s.1 == to) {
            content.url.truncate(cut);
            content.segments.retain(|s| s.0 < cut);
            content.ws.retain(|w| w.1 <= from);
            content.hyphens.retain(|&h| h < cut);
        }
    }
    let mut f = Found::new(form, lt, end, String::new(), content_start);
    if !content.segments.is_empty() {
        f.segments = content.segments;
    }
    f.empty = is_empty_url(&content.url);
    // Words after the URL on its own line (Haddock's `<URL label>`:
    // `…-at-haskell- Internet Archive>`): a label, no hyphen broken off.
    // One blank after a hyphen is still a reflowed line break.
    let on_one_line = content.ws.len() >= 2
        && content
            .ws
            .iter()
            .all(|&(from, to)| memchr::memchr(b'\n', &b[from..to]).is_none());
    if on_one_line {
        content.hyphens.clear();
    }
    if !content.hyphens.is_empty() {
        let mut alt = content.url.clone();
        for &h in content.hyphens.iter().rev() {
            alt.remove(h);
        }
        f.alternatives.push(alt);
    }
    if b.get(end) == Some(&b'#') && !is_tag(b, end) {
        let frag = find_end(b, end + 1, end + 1 + FRAGMENT_CAP, 0);
        if frag.end > end + 1 {
            f.fragment = Some((end, frag.end));
            let mut alt = content.url.clone();
            alt.push_str(&String::from_utf8_lossy(&b[end..frag.end]));
            f.alternatives.push(alt);
            f.resume = frag.end;
        }
    }
    // `<mailto:a@b[mailto:a@b>`: a mail client's rendering of a link (its
    // text, then its target in brackets); the URL is the text.
    if let Some(cut) = rendered_link(&content.url) {
        content.url.truncate(cut);
        f.segments.retain(|s| s.0 < cut.max(1));
    }
    f.url = content.url;
    f.ws = content.ws;
    f.hyphen_breaks = content.hyphens;
    Some(f)
}

/// How far after a wrapper [`is_tag`] looks for the text's other tags
/// (before it, the window's look-back: what every scan of it sees).
const TAG_LOOK: usize = 4 * 1024;

/// Whether the `#` at `at`, right after a wrapper's `>`, starts a tag, not
/// the URL's fragment: another tag follows it (`<…/Carrier_Sense…>#g #t`),
/// or it ends its line and the text writes tags after its wrappers, three
/// or more near it, this one among them (the Open Shownotes Format's
/// `<http://…/wiki/Ghana> #g`, where `<…/Open_GL>#g` is the same tag, its
/// blank left out). A fragment so written in running text is reported.
fn is_tag(b: &[u8], at: usize) -> bool {
    let word = b[at + 1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
        .count();
    if word == 0 || !b[at + 1].is_ascii_alphabetic() {
        return false;
    }
    let rest = &b[at + 1 + word..];
    let blanks = rest.iter().take_while(|&&c| is_blank(c)).count();
    if blanks > 0
        && rest.get(blanks) == Some(&b'#')
        && rest.get(blanks + 1).is_some_and(u8::is_ascii_alphabetic)
    {
        return true;
    }
    if !matches!(rest.get(blanks), None | Some(b'\n' | b'\r')) {
        return false;
    }
    // Others near it, with a blank or without (a tag on every link,
    // `<…/wiki/Footbonaut>#g`): three or more in all, each after a `>`
    // that closes a URL's wrapper on its line.
    let to = (at + TAG_LOOK).min(b.len());
    let tagged = |gt: usize, tag: usize| {
        b.get(tag).is_some_and(u8::is_ascii_alphabetic) && closes_wrapper(b, gt)
    };
    let spaced = memchr::memmem::find_iter(&b[..to], b"> #").filter(|&k| tagged(k, k + 3));
    let glued = memchr::memmem::find_iter(&b[..to], b">#").filter(|&k| tagged(k, k + 2));
    spaced.chain(glued).nth(2).is_some()
}

/// Whether the `>` at `gt` closes a URL's wrapper: the last `<` before it
/// on its line starts a scheme's name and its `:`.
fn closes_wrapper(b: &[u8], gt: usize) -> bool {
    let from = gt.saturating_sub(WRAPPER_CAP);
    let line = memchr::memrchr(b'\n', &b[from..gt]).map_or(from, |k| from + k + 1);
    memchr::memrchr(b'<', &b[line..gt]).is_some_and(|k| {
        let name = &b[line + k + 1..gt];
        let letters = name.iter().take_while(|c| c.is_ascii_alphabetic()).count();
        letters >= 2 && name.get(letters) == Some(&b':')
    })
}

/// Whether `rest`, after `<prefix:`, is the rest of an XML element: a name,
/// then `/>` (`<http:urlReplacement/>`) or an attribute
/// (`<http:operation location="x"/>`).
fn is_xml_element(rest: &[u8]) -> bool {
    let name = |s: &[u8]| {
        if !s
            .first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return 0;
        }
        s.iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            .count()
    };
    let n = name(rest);
    if n == 0 {
        return false;
    }
    let after = &rest[n..];
    if after.starts_with(b"/>") {
        return true;
    }
    let blanks = after.iter().take_while(|c| is_blank(**c)).count();
    if blanks == 0 {
        return false;
    }
    let attr = &after[blanks..];
    let a = name(attr);
    a > 0 && (attr[a..].starts_with(b"=\"") || attr[a..].starts_with(b"='"))
}

/// `<http://launchpad.net/~mbp/ <http://launchpad.net/%7Embp/>>`: a mail
/// client's rendering of a link (its text, then its address in angle
/// brackets) quoted in angle brackets itself. At the `<` after a blank:
/// where the outer wrapper's `>` is, when a wrapped URL follows and the
/// outer `>` right after its own.
fn nested_href(b: &[u8], lt: usize, limit: usize) -> Option<usize> {
    if !(lt > 0 && is_blank(b[lt - 1])) {
        return None;
    }
    let inner = any_scheme_at(&b[..limit], lt + 1)?;
    let gt = inner
        + b[inner..limit]
            .iter()
            .position(|&c| c == b'>' || c == b'<' || c.is_ascii_whitespace())?;
    (b[gt] == b'>' && b.get(gt + 1) == Some(&b'>')).then_some(gt + 1)
}

/// `<https://a.example/|the docs page>`: Slack's and Rocket.Chat's link
/// markup, a URL, `|` and the words shown. The words are no part of the
/// URL, so the URL ends at the `|`; a `|` with no blank after it on its
/// line (`<https://a.example/?f=a|b>`) is left in the URL, unless it
/// stands before the query, where the host or path is
/// (`<https://rocket.chat|link>`, the Perl Advent calendar's
/// `A<https://a.example/wiki/UTC|UTC>`).
///
/// Returns whether the link is the chat's own guess at code someone typed:
/// the words shown are the URL without its `http://` and hold a mark of
/// code (R's `res.pt[!is.na(res.pt)]`, which Slack linked as
/// `<http://res.pt[!is.na(res.pt)]|res.pt[!is.na(res.pt)]>`): no URL
/// anybody wrote.
fn chat_link(b: &[u8], start: usize, gt: usize, c: &mut Content) -> bool {
    let Some(pipe) = memchr::memchr(b'|', &b[start..gt]).map(|k| start + k) else {
        return false;
    };
    let text = &b[pipe + 1..gt];
    let head = &b[start..pipe];
    let guessed = [&b"http://"[..], b"https://"].iter().any(|s| {
        head.len() > s.len() && head[..s.len()].eq_ignore_ascii_case(s) && &head[s.len()..] == text
    }) && text.iter().any(|c| matches!(c, b'[' | b'(' | b'!' | b'$'));
    if guessed {
        return true;
    }
    let line = &text[..memchr::memchr(b'\n', text).unwrap_or(text.len())];
    let words = line
        .iter()
        .position(|&x| !is_blank(x))
        .is_some_and(|first| {
            line[first..]
                .iter()
                .position(|&x| is_blank(x))
                .is_some_and(|gap| line[first + gap..].iter().any(|&x| !is_blank(x)))
        });
    // `<https://rocket.chat|link>`: a `|` where the host or the path is
    // (no host holds one, a path rarely, unencoded) starts the words, even
    // one word; in a query it is a list's separator (`?family=Roboto|Lato`).
    let before_query = !head.iter().any(|c| matches!(c, b'?' | b'#'));
    if !(words || before_query) || pipe == start {
        return false;
    }
    // `<http://simile.org/piggybank/[user-name|member-name]>`: a `|`
    // between brackets separates alternatives, a usage note's.
    let bracket = head
        .iter()
        .rposition(|&x| x == b'[')
        .is_some_and(|o| !head[o..].contains(&b']') && b[pipe..gt].contains(&b']'));
    if bracket {
        return false;
    }
    // The piece of the URL the `|` was copied into.
    let Some(&(at, from)) = c.segments.iter().rev().find(|s| s.1 <= pipe) else {
        return false;
    };
    let cut = (at + (pipe - from)).min(c.url.len());
    // A piece copied other than byte for byte (a blank left out before
    // the `|`) puts it elsewhere; the URL is then left whole.
    if !c.url.is_char_boundary(cut) || c.url.as_bytes().get(cut) != Some(&b'|') {
        return false;
    }
    c.url.truncate(cut);
    c.segments.retain(|s| s.0 < cut);
    c.ws.retain(|w| w.1 < pipe);
    c.hyphens.retain(|&h| h < cut);
    false
}

/// Where a `[` followed by a URL (`...[mailto:`, `...[https://`) starts.
/// A usage line's optional user (`<http://[username:password@]host>`)
/// is no URL: its name is followed by no `//`, and it is not `mailto`.
fn rendered_link(url: &str) -> Option<usize> {
    let b = url.as_bytes();
    url.match_indices('[').map(|(k, _)| k).find(|&k| {
        k > 0
            && any_scheme_at(b, k + 1).is_some_and(|colon| {
                b[colon + 1..].starts_with(b"//") || b[k + 1..colon].eq_ignore_ascii_case(b"mailto")
            })
    })
}

/// Whether the text after `mailto:` reads `user at host` before the `>`.
fn is_munged(rest: &[u8]) -> bool {
    let line = &rest[..rest.len().min(256)];
    let line = &line[..memchr::memchr2(b'>', b'\n', line).unwrap_or(line.len())];
    memchr::memmem::find(line, b" at ").is_some()
}

/// Skip a whitespace run at `i` (line breaks, continuation prefixes and
/// Unicode spaces included) and record it. `None` when the wrapper must end
/// unterminated: a blank line, the line limit, or the cap.
fn whitespace(
    b: &[u8],
    mut i: usize,
    limit: usize,
    depth: usize,
    c: &mut Content,
) -> Option<usize> {
    let start = i;
    loop {
        if i >= limit {
            return None;
        }
        let x = b[i];
        if x == b'\n' {
            // A backslash right before the break continues the line (a
            // reST docstring's `<https://…/modeling/\` + `reference_api.html>`_`,
            // which docutils joins; a shell's, C's): no part of the URL.
            // A CRLF file's `\` comes before the `\r` (an e-zine's
            // `<ftp://…/advisory/\` + `AA-97.03.ftpd.signal.handling.vul>`).
            if b[start..i].iter().all(|&x| x == b'\r')
                && start > 0
                && b[start - 1] == b'\\'
                && c.url.ends_with('\\')
            {
                c.url.pop();
                if c.segments.last().is_some_and(|s| s.0 == c.url.len()) {
                    c.segments.pop();
                }
            }
            c.breaks += 1;
            if c.breaks >= MAX_LINES {
                return None;
            }
            i = continuation(b, i + 1, depth, limit)?;
        } else if is_blank(x) {
            i += 1;
        } else if let Some((ch, len)) = decode(b, i).filter(|_| x >= 0x80) {
            if !ch.is_whitespace() {
                break;
            }
            i += len;
        } else {
            break;
        }
    }
    // Reflowing a paragraph (as in a one-paragraph-a-line copy of an RFC)
    // turns the line break after the hyphen into a space: that counts too.
    if c.url.ends_with('-') {
        c.hyphens.push(c.url.len() - 1);
    }
    c.ws.push((start, i));
    c.cont = None;
    Some(i)
}

/// The first content byte of the continuation line starting at `j`, after
/// its indentation and quote prefix; `None` for a blank line (the paragraph
/// ends, so does the wrapper).
fn continuation(b: &[u8], j: usize, depth: usize, limit: usize) -> Option<usize> {
    let mut k = j;
    while k < limit && is_blank(b[k]) {
        k += 1;
    }
    if depth > 0 {
        if let Some(after) = quote::strip(b, j, depth, limit) {
            k = after;
        }
    } else if k + 1 < limit && is_prefix_mark(b, k, limit) {
        k = quote::marks(b, k, limit).1;
    } else if let Some(len) = comment_mark(b, k, limit).filter(|&len| {
        // The line before opens with the same mark: a comment goes on.
        let end = j.saturating_sub(1);
        let start = memchr::memrchr(b'\n', &b[..end]).map_or(0, |p| p + 1);
        let first = start + b[start..end].iter().take_while(|&&c| is_blank(c)).count();
        b.get(first..first + len) == b.get(k..k + len)
    }) {
        k += len;
    }
    while k < limit && is_blank(b[k]) {
        k += 1;
    }
    (k < limit && b[k] != b'\n').then_some(k)
}

/// The length of a line comment's mark at `k` (`#`, `//`, `--`, `;`, `%`,
/// `##`, `;;`, `%%`, `#:`, `#'`, `///`, `//!`, a block comment's `*`) when a blank or the line's end follows it: a
/// wrapper in a comment goes on past the next line's mark
/// (scikit-image's ``# `label2rgb <http://scikit-`` over
/// ``# image.org/docs/…>`_``).
fn comment_mark(b: &[u8], k: usize, limit: usize) -> Option<usize> {
    // Doubled marks too: knitr's `## ` before what R printed, Lisp's `;;`;
    // and doc comments: Rust's `///` and `//!`, roxygen's `#'`, kitty's
    // `#:` (its `kitty.conf` documents every option so).
    let len = match b.get(k..limit.min(k + 3))? {
        [b'/', b'/', b'/' | b'!'] => 3,
        [b'/', b'/', ..]
        | [b'-', b'-', ..]
        | [b'#', b'#' | b':' | b'\'', ..]
        | [b';', b';', ..]
        | [b'%', b'%', ..] => 2,
        [b'#' | b';' | b'%' | b'*', ..] => 1,
        _ => return None,
    };
    b.get(k + len)
        .is_none_or(|&c| is_blank(c) || c == b'\n')
        .then_some(len)
}

/// In unquoted text, whether the mark at `k` is a reply-quote prefix rather
/// than the closing `>` (see the module documentation).
fn is_prefix_mark(b: &[u8], k: usize, limit: usize) -> bool {
    let next = b[k + 1];
    let spaced = matches!(next, b' ' | b'\t' | b'>' | b'|');
    match b[k] {
        b'|' => spaced,
        b'>' if spaced => {
            let m = quote::marks(b, k, limit).1;
            let line_end = memchr::memchr(b'\n', &b[m..limit]).map_or(limit, |e| m + e);
            let rest = &b[m..line_end];
            match rest.iter().position(|&x| x == b'>') {
                Some(p) => p > 0 && !rest[..p].iter().any(|&x| x.is_ascii_whitespace()),
                None => false,
            }
        }
        _ => false,
    }
}
