//! Source code: comments are prose, everything else is data.
//!
//! A URL in a comment or a docstring is documentation a maintainer keeps
//! right. A URL in a string literal or in code is data: more often than
//! not a test feeding a parser bad input on purpose (`"http://[::1"`,
//! `s/^http:/https:/`). Both are found (so `extract` lists them); only the
//! comments' are linted, unless `lint-data` says otherwise.
//!
//! The lexer knows just enough of each family to find comments: where a
//! string starts and ends (so the `//` of `"https://a"` starts no comment),
//! and the comment openers. Mistakes err towards data: an unclosed quote
//! makes the rest data, never prose.

use super::{Builder, Document};

/// Which comment syntax a file uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    /// `//` and `/* */`: C, C++, Rust, Go, Java, JavaScript, C#, Swift...
    C,
    /// `#` at a word's start: shell, Perl (and its POD), Ruby, R...
    Hash,
    /// `#` and docstrings (`"""` / `'''`): Python.
    Python,
    /// `--` line comments (and Lua's `--[[ ]]`, Haskell's `{- -}`, SQL's
    /// `/* */`): Lua, Haskell, SQL, Elm, Ada.
    Dash,
    /// `;` line comments and `#| |#` blocks: Emacs Lisp, Common Lisp,
    /// Scheme, Racket, Clojure. Strings (docstrings too) are data.
    Lisp,
    /// A shell session in a Markdown code block: the commands after a `$ `
    /// prompt are prose a reader copies; what the programs printed is data
    /// (`OK: http://:8082/ping`). A block with no prompt is all commands.
    Session,
}

pub(super) fn read(src: &str, family: Family) -> Document {
    let mut b = Builder::for_source(src);
    let data = data(src, family);
    let mut at = 0;
    if family == Family::Dash {
        for (start, end) in haddock_labels(src, &complement(&data, src.len())) {
            b.push(&src[at..start], at);
            b.push(&" ".repeat(end - start), start);
            at = end;
        }
    }
    b.push(&src[at..], at);
    let mut doc = b.finish(false);
    doc.data = data;
    doc
}

/// The labels of Haddock's `<url label>` links in the comments `prose`:
/// from the blank after the URL to the `>`, on one line (xmonad's
/// `<https://mail.haskell.org/pipermail/… Oleg Kiselyov, 27 Apr 2005>`).
/// Read as RFC 1738's wrapper, whose blanks are dropped, the label would
/// be glued onto the URL; blanked, the wrapper ends where the URL does.
/// RFC 1738's own `<URL: http://…>` is no Haddock link.
fn haddock_labels(src: &str, prose: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let b = src.as_bytes();
    let mut labels = Vec::new();
    for &(start, end) in prose {
        for lt in memchr::memchr_iter(b'<', &b[start..end]).map(|k| start + k) {
            let inner = &src[lt + 1..end];
            let Some(close) = inner.find(['>', '<', '\n']) else {
                continue;
            };
            if inner.as_bytes()[close] != b'>' || !starts_with_url(inner) {
                continue;
            }
            let inner = &inner[..close];
            let Some(blank) = inner.find([' ', '\t']) else {
                continue;
            };
            if !inner[blank..].trim().is_empty() {
                labels.push((lt + 1 + blank, lt + 1 + close));
            }
        }
    }
    labels
}

/// The ranges of `src` outside its comments (and docstrings).
pub(super) fn data(src: &str, family: Family) -> Vec<(usize, usize)> {
    let prose = match family {
        Family::C => c_comments(src.as_bytes()),
        Family::Hash | Family::Python => hash_comments(src.as_bytes(), family),
        Family::Dash => dash_comments(src.as_bytes()),
        Family::Lisp => lisp_comments(src.as_bytes()),
        Family::Session => return session_output(src),
    };
    let prose: Vec<(usize, usize)> = prose
        .into_iter()
        .filter(|&(start, end)| !is_commented_out_call(&src[start..end]))
        .collect();
    let mut prose = without_fenced_code(src, &prose);
    if family == Family::Python {
        prose = without(&prose, &doctests(src));
    }
    complement(&prose, src.len())
}

/// The doctest blocks of `src`: a line that starts (after blanks) with the
/// `>>>` prompt, and the lines after it up to a blank one (`... `
/// continuations and what Python printed). A docstring's
/// `>>> extract("http://256.1.1.1").ipv4` is code, its output what the
/// code printed: data, as a `pycon` block in Markdown is.
pub(super) fn doctests(src: &str) -> Vec<(usize, usize)> {
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    let mut open: Option<usize> = None;
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let body = line.trim();
        let prompt = body == ">>>" || body.starts_with(">>> ");
        // Inside a docstring the block may end at its closing quotes.
        let blank = body.is_empty() || body == "\"\"\"" || body == "'''";
        match open {
            Some(start) if blank => {
                blocks.push((start, at));
                open = None;
            }
            None if prompt => open = Some(at),
            _ => {}
        }
        at += line.len();
    }
    if let Some(start) = open {
        blocks.push((start, at));
    }
    blocks
}

/// `ranges` less `cut` (both sorted; `cut` may overlap itself). One pass
/// over each: a cut range that ends before a range starts is never looked
/// at again.
fn without(ranges: &[(usize, usize)], cut: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut kept = Vec::with_capacity(ranges.len() + 1);
    let mut first = 0;
    for &(start, end) in ranges {
        while cut.get(first).is_some_and(|&(_, e)| e <= start) {
            first += 1;
        }
        let mut at = start;
        for &(s, e) in cut[first..].iter().take_while(|&&(s, _)| s < end) {
            if s > at {
                kept.push((at, s));
            }
            at = at.max(e);
        }
        if at < end {
            kept.push((at, end));
        }
    }
    kept
}

/// `-- print(file.join("http:///a","/y"))`, `// fetch("https://a/x");`: a
/// line comment that is a call statement with a string in it, code taken
/// out of the program, not prose. Its strings are a test's input as
/// much as the program's were.
fn is_commented_out_call(comment: &str) -> bool {
    if comment.contains('\n') {
        return false;
    }
    let body = comment
        .trim_start_matches(['/', '#', '-', ';', '*', '!'])
        .trim()
        .trim_end_matches(';')
        .trim_end();
    let name = body
        .bytes()
        .take_while(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':'))
        .count();
    name > 0
        && body.as_bytes()[0].is_ascii_alphabetic()
        && body[name..].starts_with('(')
        && body.ends_with(')')
        && body.contains(['"', '\''])
}

/// `prose` less the code blocks fenced inside comments: a Rust doc
/// comment's example (a fence of three backquotes, then
/// `.parse("https:////a")?;`), a Lua comment's Markdown block. Its URLs
/// are code, as in a source file.
/// A fence stays open across the comment lines that follow one another.
fn without_fenced_code(src: &str, prose: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let b = src.as_bytes();
    let mut kept = Vec::with_capacity(prose.len());
    let mut fenced = false;
    let mut last_end = 0;
    for &(start, end) in prose {
        // Code between two comments ends any fence.
        if !b[last_end.min(start)..start]
            .iter()
            .all(u8::is_ascii_whitespace)
        {
            fenced = false;
        }
        last_end = end;
        if !fenced
            && memchr::memmem::find(&b[start..end], b"```").is_none()
            && memchr::memmem::find(&b[start..end], b"~~~").is_none()
        {
            kept.push((start, end));
            continue;
        }
        let mut at = start;
        for line in src[start..end].split_inclusive('\n') {
            let text = line.trim_start_matches(|c: char| {
                c.is_whitespace() || matches!(c, '/' | '*' | '!' | '#' | '-')
            });
            let fence = text.starts_with("```") || text.starts_with("~~~");
            if fence {
                fenced = !fenced;
            } else if !fenced {
                match kept.last_mut() {
                    Some(last) if last.1 == at => last.1 = at + line.len(),
                    _ => kept.push((at, at + line.len())),
                }
            }
            at += line.len();
        }
    }
    kept
}

/// The family of a code block's language (a Markdown fence's info string):
/// programming languages, and shell sessions (whose output is data).
/// Configuration is settings a reader copies, linted as prose.
pub(super) fn family_of_language(info: &str) -> Option<Family> {
    // R Markdown's and Quarto's chunks, ```` ```{r} ````, `{python echo=FALSE}`,
    // and pandoc's class, `{.python}`, name it in braces.
    let info = info
        .trim_start()
        .trim_start_matches('{')
        .trim_start_matches('.');
    let lang = info
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '{' | '}'))
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    if matches!(
        lang.as_str(),
        "sh" | "bash"
            | "zsh"
            | "ksh"
            | "shell"
            | "console"
            | "shell-session"
            | "sh-session"
            | "terminal"
    ) {
        return Some(Family::Session);
    }
    // A fence names a language as a file's extension does, or in full.
    let ext = match lang.as_str() {
        "rust" => "rs",
        "golang" => "go",
        "kotlin" => "kt",
        "csharp" | "c#" => "cs",
        "javascript" => "js",
        "typescript" => "ts",
        "objc" | "objective-c" => "m",
        "python" | "python3" | "pycon" => "py",
        "ruby" => "rb",
        "perl" => "pl",
        "elisp" | "emacs-lisp" | "common-lisp" => "el",
        "scheme" => "scm",
        "racket" => "rkt",
        "clojure" => "clj",
        other => other,
    };
    match super::Syntax::from_extension(ext) {
        super::Syntax::C => Some(Family::C),
        super::Syntax::Python => Some(Family::Python),
        super::Syntax::Lua => Some(Family::Dash),
        super::Syntax::Lisp => Some(Family::Lisp),
        // A shell script's commands are prose a reader copies.
        super::Syntax::Shell if !matches!(ext, "fish" | "ps1") => Some(Family::Hash),
        _ => None,
    }
}

/// A code block that names no language is a shell session when its first
/// line with text starts with a `$ ` prompt.
pub(super) fn session(block: &str) -> Option<Family> {
    let first = block.lines().find(|l| !l.trim().is_empty())?.trim();
    if first.starts_with("$ ") {
        Some(Family::Session)
    } else if first == ">>>" || first.starts_with(">>> ") {
        // A Python session: a `pycon` block that names no language.
        Some(Family::Python)
    } else {
        None
    }
}

/// The output lines of a shell session: those after a line that starts
/// with a `$ ` prompt, up to the next prompt, unless the command goes on
/// (a line ending in `\`). Nothing when no line has a prompt.
///
/// A command whose output starts with a URL rewrites URLs
/// (`$ trurl http://646464646/` prints `http://38.136.68.134/`): the one
/// it was given is its input, shown on purpose however odd, so its lines
/// are data too.
fn session_output(src: &str) -> Vec<(usize, usize)> {
    let mut data: Vec<(usize, usize)> = Vec::new();
    let mut seen_prompt = false;
    let mut continued = false;
    // Where the last command's lines start.
    let mut command = 0;
    let mut at = 0;
    let push = |data: &mut Vec<(usize, usize)>, from: usize, to: usize| match data.last_mut() {
        Some(last) if last.1 >= from => last.1 = last.1.max(to),
        _ => data.push((from, to)),
    };
    for line in src.split_inclusive('\n') {
        let body = line.trim_end();
        let prompt = body.trim_start().starts_with("$ ");
        if prompt && !continued {
            command = at;
        }
        seen_prompt |= prompt;
        if seen_prompt && !prompt && !continued && !body.is_empty() {
            if starts_with_url(body.trim_start()) && command < at {
                push(&mut data, command, at);
            }
            push(&mut data, at, at + line.len());
            // Only the first output line tells.
            command = at + line.len();
        }
        continued = (prompt || continued) && body.ends_with('\\');
        at += line.len();
    }
    data
}

/// Whether `s` starts with `scheme://`.
fn starts_with_url(s: &str) -> bool {
    let scheme = s
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        .count();
    scheme > 0 && s.as_bytes()[0].is_ascii_alphabetic() && s[scheme..].starts_with("://")
}

/// The ranges of `0..len` outside `prose` (sorted, disjoint).
fn complement(prose: &[(usize, usize)], len: usize) -> Vec<(usize, usize)> {
    without(&[(0, len)], prose)
}

/// The end of the line holding `from` (the offset of its `\n`, or the end).
fn line_end(b: &[u8], from: usize) -> usize {
    memchr::memchr(b'\n', &b[from..]).map_or(b.len(), |k| from + k)
}

/// The offset after the `quote` that closes a string whose text starts at
/// `from`, with `\` escaping; the end when none does. With `one_line`, a
/// line break ends the string too (and is returned).
fn string_end(b: &[u8], from: usize, quote: u8, one_line: bool) -> usize {
    let mut i = from;
    loop {
        let next = if one_line {
            memchr::memchr3(quote, b'\\', b'\n', &b[i..])
        } else {
            memchr::memchr2(quote, b'\\', &b[i..])
        };
        let Some(k) = next else { return b.len() };
        let at = i + k;
        match b[at] {
            b'\\' => i = (at + 2).min(b.len()),
            c if c == quote => return at + 1,
            // A line break ends a one-line string.
            _ => return at,
        }
    }
}

/// After an opening `'` at `at`: the end of a character literal or a
/// single-quoted string closed on the same line, or `at + 1` when nothing
/// closes it there (a Rust lifetime, an apostrophe).
fn quote_end(b: &[u8], at: usize) -> usize {
    let end = string_end(b, at + 1, b'\'', true);
    if end > at + 1 && b[end - 1] == b'\'' {
        end
    } else {
        at + 1
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// A Rust raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `at` (the
/// `r`): its end, if it is one.
fn raw_string_end(b: &[u8], at: usize) -> Option<usize> {
    let starts_word = |k: usize| k == 0 || !is_ident(b[k - 1]);
    if !(starts_word(at) || (b[at - 1] == b'b' && starts_word(at - 1))) {
        return None;
    }
    let hashes = b[at + 1..].iter().take_while(|&&c| c == b'#').count();
    if b.get(at + 1 + hashes) != Some(&b'"') {
        return None;
    }
    let body = at + 2 + hashes;
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    Some(memchr::memmem::find(&b[body..], &close).map_or(b.len(), |k| body + k + close.len()))
}

/// Comments of the C family, with the strings that may hide their openers.
/// Longest `//` comment read as prose without a look at its blanks.
const LINE_COMMENT_MAX: usize = 4096;

/// Whether a `//` "comment" is minified code: over [`LINE_COMMENT_MAX`]
/// bytes with fewer than one blank in 50 (prose has one in six or so).
fn is_minified_run(comment: &[u8]) -> bool {
    comment.len() > LINE_COMMENT_MAX
        && memchr::memchr3_iter(b' ', b'\t', b'\r', comment).count() * 50 < comment.len()
}

fn c_comments(b: &[u8]) -> Vec<(usize, usize)> {
    let mut prose = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let Some(k) = b[i..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'"' | b'\'' | b'`' | b'r'))
        else {
            break;
        };
        let at = i + k;
        i = match b[at] {
            // Not the `//` of an unquoted `url(http://…)` in CSS.
            b'/' if b.get(at + 1) == Some(&b'/') && (at == 0 || b[at - 1] != b':') => {
                let end = line_end(b, at);
                // Over 4 KiB and nearly without blanks: minified code
                // whose strings or regular expressions this reading lost
                // track of (AddThis' `{…,blogger:1,mailto:1,…}` in a saved
                // page's script), no comment anyone wrote (a licence on one
                // line, a generated doc comment, have their blanks).
                if !is_minified_run(&b[at..end]) && !shows_output(b, at, end) {
                    prose.push((at, end));
                }
                end
            }
            b'/' if b.get(at + 1) == Some(&b'*') => {
                let end = memchr::memmem::find(&b[at + 2..], b"*/").map_or(b.len(), |k| at + 4 + k);
                prose.push((at, end));
                end
            }
            b'"' if b[at..].starts_with(b"\"\"\"") => {
                memchr::memmem::find(&b[at + 3..], b"\"\"\"").map_or(b.len(), |k| at + 6 + k)
            }
            b'"' => string_end(b, at + 1, b'"', false),
            b'`' => string_end(b, at + 1, b'`', false),
            b'\'' => quote_end(b, at),
            b'r' => raw_string_end(b, at).unwrap_or(at + 1),
            _ => at + 1,
        };
    }
    prose
}

/// `alert(encodeURI(url)); // http://%5B2607:f8b0::1007%5D/`: a tutorial's
/// line comment after a statement that prints, holding only what it
/// prints. The value is the program's output, shown as it comes out
/// (wrong on purpose, often); a comment with words (`// see https://…`)
/// stays prose.
fn shows_output(b: &[u8], at: usize, end: usize) -> bool {
    let start = b[..at]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |k| k + 1);
    let code = &b[start..at];
    let prints = [
        &b"alert("[..],
        b"console.log(",
        b"print(",
        b"println!(",
        b"printf(",
        b"puts(",
    ]
    .iter()
    .any(|p| memchr::memmem::find(code, p).is_some());
    if !prints {
        return false;
    }
    let body = b[at + 2..end].trim_ascii();
    let body = [&b"=>"[..], b"->", "\u{2192}".as_bytes()]
        .iter()
        .find_map(|a| body.strip_prefix(*a))
        .unwrap_or(body)
        .trim_ascii_start();
    let word = &body[..body
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(body.len())];
    word.len() == body.len() && memchr::memmem::find(word, b":").is_some()
}

/// Comments of the `#` family: `#` at the start of a word, Perl's POD and
/// Ruby's `=begin` blocks, and Python's docstrings.
fn hash_comments(b: &[u8], family: Family) -> Vec<(usize, usize)> {
    let python = family == Family::Python;
    let mut prose = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let Some(k) = b[i..]
            .iter()
            .position(|&c| matches!(c, b'#' | b'"' | b'\'' | b'='))
        else {
            break;
        };
        let at = i + k;
        let line_start = at == 0 || b[at - 1] == b'\n';
        i = match b[at] {
            b'#' if line_start || b[at - 1].is_ascii_whitespace() || b[at - 1] == b';' => {
                let end = line_end(b, at);
                prose.push((at, end));
                end
            }
            b'=' if !python && line_start && b.get(at + 1).is_some_and(u8::is_ascii_alphabetic) => {
                // POD (`=head1` … `=cut`) or `=begin` … `=end`.
                let mut end = b.len();
                let mut j = line_end(b, at);
                while j < b.len() {
                    let line = &b[j + 1..line_end(b, j + 1)];
                    if line.starts_with(b"=cut") || line.starts_with(b"=end") {
                        end = j + 1 + line.len();
                        break;
                    }
                    j = line_end(b, j + 1);
                }
                prose.push((at, end));
                end
            }
            q @ (b'"' | b'\'') if b[at..].starts_with(&[q, q, q]) => {
                let close = [q, q, q];
                let end =
                    memchr::memmem::find(&b[at + 3..], &close).map_or(b.len(), |k| at + 6 + k);
                // A docstring stands alone at the start of its line; a
                // triple-quoted value (`FIXTURE = """…"""`) is data.
                let ls = memchr::memrchr(b'\n', &b[..at]).map_or(0, |k| k + 1);
                if python && b[ls..at].iter().all(|c| *c == b' ' || *c == b'\t') {
                    prose.push((at, end));
                }
                end
            }
            q @ (b'"' | b'\'') => string_end(b, at + 1, q, python),
            _ => at + 1,
        };
    }
    prose
}

/// The comments of a `--` language: `-- text` to the line's end, `--[[ ]]`
/// (Lua), `{- -}` (Haskell), `/* */` (SQL). Strings (`"..."`, `'...'`,
/// Lua's `[[...]]`) are skipped; a `'` after a name is Haskell's prime
/// (`foldl'`), not a quote.
fn dash_comments(b: &[u8]) -> Vec<(usize, usize)> {
    let mut prose = Vec::new();
    let mut i = 0;
    let block = |from: usize, close: &[u8]| {
        memchr::memmem::find(&b[from..], close).map_or(b.len(), |k| from + k + close.len())
    };
    while let Some(k) = b[i..]
        .iter()
        .position(|&c| matches!(c, b'-' | b'{' | b'/' | b'[' | b'"' | b'\''))
    {
        let at = i + k;
        let next = b.get(at + 1).copied();
        i = match (b[at], next) {
            (b'-', Some(b'-')) => {
                let end = if b[at + 2..].starts_with(b"[[") {
                    block(at + 4, b"]]")
                } else {
                    line_end(b, at)
                };
                prose.push((at, end));
                end
            }
            (b'{', Some(b'-')) | (b'/', Some(b'*')) => {
                let end = block(at + 2, if b[at] == b'{' { b"-}" } else { b"*/" });
                prose.push((at, end));
                end
            }
            (b'[', Some(b'[')) => block(at + 2, b"]]"),
            (b'\'', _) if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') => {
                at + 1
            }
            (q @ (b'"' | b'\''), _) => string_end(b, at + 1, q, true),
            _ => at + 1,
        };
    }
    prose
}

/// Comments of the Lisp family: `;` to the line's end and `#| … |#`.
/// A string's quote opens and closes it (`\"` escaped); a character
/// literal (`?\"`, `?"`, `#\"`) is no quote.
fn lisp_comments(b: &[u8]) -> Vec<(usize, usize)> {
    let mut prose = Vec::new();
    let mut i = 0;
    while let Some(k) = b[i..]
        .iter()
        .position(|&c| matches!(c, b';' | b'"' | b'#' | b'?'))
    {
        let at = i + k;
        i = match b[at] {
            b';' => {
                let end = line_end(b, at);
                prose.push((at, end));
                end
            }
            b'#' if b.get(at + 1) == Some(&b'|') => {
                let end = memchr::memmem::find(&b[at + 2..], b"|#").map_or(b.len(), |k| at + 4 + k);
                prose.push((at, end));
                end
            }
            // `#\"` (Scheme, Common Lisp) and `?\"` / `?"` (Emacs Lisp):
            // a character, then past it.
            b'#' | b'?' if b.get(at + 1) == Some(&b'\\') => (at + 3).min(b.len()),
            b'?' if b.get(at + 1) == Some(&b'"') => at + 2,
            b'"' => string_end(b, at + 1, b'"', false),
            _ => at + 1,
        };
    }
    prose
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_fenced_in_a_doc_comment_is_data() {
        let src = "/// See https://a.example/.\n///\n/// ```\n/// let u = Url::parse(\"https:////b.example\")?;\n/// ```\n/// And https://c.example/.\nfn f() {}\n";
        let doc = read(src, Family::C);
        let data_of = |needle: &str| doc.is_data(src.find(needle).unwrap());
        assert!(!data_of("https://a.example/"));
        assert!(data_of("https:////b.example"));
        assert!(!data_of("https://c.example/"));
    }

    #[test]
    fn a_commented_out_call_is_code() {
        let src = "-- print(file.join(\"http:///a\",\"/y\"))\n\
                   -- see http://b.example/ (\"docs\")\n\
                   x = 1 -- fetch(\"http://c.example/\")\n";
        assert_eq!(
            prose(src, Family::Dash),
            ["-- see http://b.example/ (\"docs\")"]
        );
        let c = "// fetch(\"https://a.example/x\");\n// Fetch the page (see https://b.example/).\n";
        assert_eq!(
            prose(c, Family::C),
            ["// Fetch the page (see https://b.example/)."]
        );
    }

    #[test]
    fn lisp_comments_are_prose_and_strings_data() {
        let src = "(defun f () \"Doc https://a.example/\" ; see https://b.example/\n\
                   (eq c ?\\\") (eq d ?\") #| block https://c.example/ |# \"x;y\")\n\
                   ;;; Commentary: https://d.example/\n";
        assert_eq!(
            prose(src, Family::Lisp),
            [
                "; see https://b.example/",
                "#| block https://c.example/ |#",
                ";;; Commentary: https://d.example/"
            ]
        );
    }

    #[test]
    fn dash_comments_are_prose() {
        let src =
            "local u = \"http://a/\" -- see http://b/\n--[[ http://c/\n]] x = [[http://d/]]\n\
                   foldl' f 'x' {- http://e/ -} /* http://f/ */ s = '--not'\n";
        assert_eq!(
            prose(src, Family::Dash),
            [
                "-- see http://b/",
                "--[[ http://c/\n]]",
                "{- http://e/ -}",
                "/* http://f/ */"
            ]
        );
    }

    #[test]
    fn a_haddock_links_label_is_no_part_of_its_url() {
        let src = "-- | See <https://a.example/x.html Oleg, 27 Apr 2005, \"Zipper\"> and\n\
                   -- <http://b.example/y>, <URL: http://c.example/z>.\nf = \"<http://d.example/ w>\"\n";
        let doc = read(src, Family::Dash);
        assert_eq!(doc.text.len(), src.len());
        let label = " Oleg, 27 Apr 2005, \"Zipper\"";
        let blanked = format!("<https://a.example/x.html{}> and", " ".repeat(label.len()));
        assert!(doc.text.contains(&blanked), "{}", doc.text);
        // Near misses: no label, RFC 1738's wrapper, and a string (data).
        assert!(doc
            .text
            .contains("<http://b.example/y>, <URL: http://c.example/z>"));
        assert!(doc.text.contains("\"<http://d.example/ w>\""));
    }

    /// The prose of `src`, as text.
    fn prose(src: &str, family: Family) -> Vec<&str> {
        let doc = read(src, family);
        complement(&doc.data, src.len())
            .iter()
            .map(|&(s, e)| &src[s..e])
            .collect()
    }

    #[test]
    fn c_comments_are_prose_and_strings_hide_their_openers() {
        let src = "let u = \"https://a.example/x\"; // see https://b.example/\n\
                   /* block https://c.example/ */ f('\"', \"//no\");\n";
        assert_eq!(
            prose(src, Family::C),
            [
                "// see https://b.example/",
                "/* block https://c.example/ */"
            ]
        );
    }

    #[test]
    fn a_lisp_character_at_the_end_is_read_safely() {
        for src in ["(eq c ?\\", "#\\", "?\"", ";", "#|"] {
            let _ = prose(src, Family::Lisp);
        }
        assert_eq!(prose("x ?\\", Family::Lisp), Vec::<&str>::new());
    }

    #[test]
    fn a_comment_showing_what_a_statement_prints_is_output() {
        let src = "alert(encodeURI(url)); // http://%5B2607:f8b0::1007%5D/\n\
                   console.log(u.href); // \u{2192} https://a.example/x\n\
                   alert(url); // see https://b.example/ for why\n\
                   let u = url; // https://c.example/\n";
        assert_eq!(
            prose(src, Family::C),
            ["// see https://b.example/ for why", "// https://c.example/"]
        );
    }

    #[test]
    fn rust_raw_strings_lifetimes_and_multi_line_strings() {
        let src = "fn f<'a>(x: &'a str) { r#\"// not \"# ; b\"//\" }\n\
                   let s = \"one\n//two\"; // three\n";
        assert_eq!(prose(src, Family::C), ["// three"]);
    }

    #[test]
    fn a_line_comment_over_4_kib_is_minified_code() {
        let keys = "a:1,".repeat(1100);
        // What a reading that lost a string's track takes for a comment
        // (`…://a.example/"` closing a string it never opened).
        let src = format!("var x=1; // {keys}mailto:1}}\n// see https://b.example/\n");
        let found = prose(&src, Family::C);
        assert_eq!(found, ["// see https://b.example/"], "{found:?}");
        // Near miss: a licence on one line is long, and has its blanks.
        let licence = "Licensed under the Apache License. ".repeat(130);
        let src = format!("// {licence}See htp://www.apache.org/licenses/\nint x;\n");
        assert_eq!(prose(&src, Family::C).len(), 1);
    }

    #[test]
    fn the_slashes_of_an_unquoted_url_start_no_comment() {
        let src = "a { background: url(http://a.example/x.png); } /* ok http://b.example/ */\n";
        assert_eq!(prose(src, Family::C), ["/* ok http://b.example/ */"]);
    }

    #[test]
    fn an_unclosed_quote_makes_the_rest_data() {
        assert!(prose("x = \"http://a // b\n// c\n", Family::C).is_empty());
        // A triple-quoted value is data.
        let fixture = "FIXTURE = \"\"\"<a href=\"http://bad..\">\"\"\"\n";
        assert!(prose(fixture, Family::Python).is_empty());
    }

    #[test]
    fn hash_comments_start_a_word() {
        let src = "echo ${#a} $# http://a/#frag # see http://b/\n\
                   x='# not' \"# not\"\n#!/bin/sh\n";
        assert_eq!(prose(src, Family::Hash), ["# see http://b/", "#!/bin/sh"]);
    }

    #[test]
    fn perl_pod_is_prose() {
        let src = "my $u = 'http://a/';\n=head1 SEE\n\nhttp://b/\n\n=cut\nprint;\n";
        assert_eq!(
            prose(src, Family::Hash),
            ["=head1 SEE\n\nhttp://b/\n\n=cut"]
        );
    }

    #[test]
    fn python_docstrings_are_prose_and_strings_end_at_the_line() {
        let src = "def f():\n    \"\"\"See http://a/.\"\"\"\n    return 'http://b/' # c\n";
        assert_eq!(
            prose(src, Family::Python),
            ["\"\"\"See http://a/.\"\"\"", "# c"]
        );
        // A triple-quoted string outside Python is a string.
        assert!(prose("x = \"\"\"http://a/\"\"\"\n", Family::Hash).is_empty());
    }

    #[test]
    fn ranges_less_cuts_and_the_complement() {
        assert_eq!(
            without(&[(0, 10), (20, 30)], &[(2, 4), (3, 6), (8, 22)]),
            [(0, 2), (6, 8), (22, 30)]
        );
        assert_eq!(complement(&[(1, 3), (2, 5)], 8), [(0, 1), (5, 8)]);
        assert!(complement(&[], 0).is_empty());
    }

    #[test]
    fn a_docstrings_doctest_is_code_and_its_output_data() {
        let src = "def f(u):\n    \"\"\"Parse http://a.example/.\n\n    >>> extract(\"http://256.1.1.1\").ipv4\n    ''\n    >>> f.url\n    'http://u:p@b.example'\n\n    See http://c.example/.\n    >>> f(1)\n    \"\"\"\n";
        let kept = prose(src, Family::Python);
        let text = kept.concat();
        assert!(text.contains("http://a.example/"), "{kept:?}");
        assert!(text.contains("http://c.example/"), "{kept:?}");
        assert!(!text.contains("256.1.1.1"), "{kept:?}");
        assert!(!text.contains("u:p@"), "{kept:?}");
        // `>>>` inside a line, or a quote's marks in a comment, is no prompt.
        let src = "# see a >>> b http://d.example/\n\"\"\"x >>> http://e.example/\"\"\"\n";
        assert_eq!(prose(src, Family::Python).len(), 2);
        assert_eq!(doctests(">>> a\nout\n\ntext\n>>>\n"), [(0, 10), (16, 20)]);
        assert_eq!(session("\n>>> import a\n"), Some(Family::Python));
        assert_eq!(session(">>>> x\n"), None);
    }
}
