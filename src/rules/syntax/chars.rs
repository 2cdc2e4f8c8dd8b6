//! `unsafe-character` and `non-ascii-character`: characters RFC 1738 §2.2
//! says "must always be encoded".

use std::fmt::Write;
use std::ops::Range;

use crate::rules::runner::Report;
use crate::rules::{declare_rule, Applicability, Severity};
use crate::url::grammar::is_unsafe;
use crate::url::{punycode, standard, Cx, SchemeKind, Standard};

declare_rule! {
    /// ## What it does
    /// Finds unencoded unsafe characters: space, `< > " { } | \ ^ ~ [ ]`,
    /// backquote, control characters, and a `#` other than the one that
    /// starts the fragment.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.2: these characters get changed by gateways and transport
    /// agents, vary between national character sets, or delimit URLs in
    /// text, so "all unsafe characters must always be encoded". RFC 1738
    /// lists `~` too, though common in `~user` paths; RFC 3986 made it
    /// unreserved (see Standards).
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) `~` is unreserved and not reported, and
    /// the brackets around an IP-literal host (`http://[::1]/`) are part of
    /// the host (whose address `invalid-host` checks); `[` and `]` anywhere
    /// else are still reported. A `#` inside the fragment is allowed, as
    /// browsers (the WHATWG URL standard) and `https://matrix.to/#/#room`
    /// links have it. Square brackets that pair up in the query or the
    /// fragment (`?filter[status]=open`, `?token=[token]`; nested in the
    /// fragment, a wiki's story filter `#:[tag[task]]`) are the array
    /// parameters and placeholders every browser and HTTP library sends
    /// as they are; a lone one (`/pull/496]`) is still reported, and in a
    /// path only a GitHub app's account (`github.com/dependabot[bot]`),
    /// the number a browser gave a saved copy in a file's name
    /// (`…/Colubris-AP-72dpi-RGB[1].jpg`) and the frame Node.js prints for
    /// code run with `-e` (`file:///Users/you/app/[eval1]:1`) are spared,
    /// and, outside a wrapper spread over lines, the brackets paired around
    /// a name inside one path segment, the name a file or page really has
    /// (`…/files/[EN]ASNA09.pdf`; not `[]`, `[…]`, a blank inside, or one
    /// ending the segment, a footnote's `…/report.pdf[1]`), empty brackets
    /// ending a file's name before its extension (`…/tj_pkp214u06[].gif`),
    /// a C++ operator's page at cplusplus.com or cppreference.com
    /// (`…/string/operator[]/`, `…/operator<<`), and in a link
    /// the quotes around one word of a title made a page's name
    /// (`…/wiki/Jon_"maddog"_Hall`; between a slug's hyphens,
    /// `…-why-"so-what"-test/`) or around a CJK headline made an
    /// article's slug (`…/article/"创业快线：国际篇"–医疗健康`) or a title's
    /// first word before its colon and hyphen (`…/paper/"GrabCut":-interactive-…`). So are
    /// double quotes that pair up there (a quoted search term in a link,
    /// `?q="Project:+openssh"`, which browsers encode as they send it, or
    /// one opened escaped and closed raw, `?q=milestone%3A%223.5"`, or the
    /// other way, `?q=label%3A"Needs+Design+Feedback%22`, the `%22` ending
    /// the term in the same parameter), and
    /// a `|` in the query or fragment (`?family=Roboto|Lato`: the WHATWG URL
    /// standard sends it as it is, and APIs take lists so), nor a `^` in
    /// the query (a search's regular expression, `?q=file:^src/`, or a
    /// parameter's separator, `?ref_src=twsrc^google`, sent as it is too;
    /// one that ends the query, `?usp=sharing^`, is a stray mark), nor
    /// the `\`, `{` and `}` of a formula a service draws, TeX source as the
    /// whole query (`…/svg.image?\inline&space;\frac{a}{b}`, or any query
    /// of the `CodeCogs` renderer, `…/svg.latex?Alice%20\%20And`), nor a `<` or
    /// `>` opening a query's value or a search qualifier's before a number
    /// (`?q=stars:>1000`, a badge's `&message=>0.97.1`), nor the
    /// brackets of Facebook's tracking code (`&__tn__=R]-R`), nor
    /// the key a Vim help tag names at a fragment's end
    /// (`editing.html#CTRL-^`, `tagsrch.html#CTRL-]`), nor an
    /// eDonkey link's bars (`ed2k://|file|name|size|hash|/`, its form). In an HTML attribute's fragment naming a method by its
    /// signature (old javadoc's `href="…#wait(long, int)"`), a space after a
    /// comma is the anchor's own and browsers find it, and so are an array
    /// type's brackets (`char[]`, groovydoc's JVM descriptors `[C` and
    /// `[Ljava.lang.Object;`), as are `<` and `>`
    /// in a quoted attribute's fragment (Clojure's `#clojure.core/tap>`;
    /// paired or quoted, a generator's anchor: javadoc's
    /// `#sort(java.util.List<java.lang.String>)`, which a link of any
    /// syntax may copy as it is when no blank is in it, Android's
    /// `#onChanged(java.util.List<a.b.C>)`; a SICI DOI's item code at
    /// doi.org, `10.1002/(SICI)1097-4571(199101)42:1<7::AID-ASI2>3.0.CO;2-P`,
    /// which the resolver takes as written; coqdoc's `#:type_scope:x_'<>'_x`, and a backslash quoted there, Coq's `x_'/\'_x`),
    /// and the blanks and brackets of a mailbox with a display name
    /// (`mailto:Daryll Strauss <daryll@harlot.rb.ca.us>`, which browsers
    /// pass on as it is and mail clients read), and the blanks of an
    /// address's RFC 822 comment (`mailto:a@b.example (Editor)`), and the
    /// blanks of a Logseq Zotero link's file name
    /// (`file://zotero_link/Physics/2000_Kitaev_Unpaired Majorana.pdf`,
    /// written by the integration, resolved by Logseq as it is).
    /// A backslash
    /// before a shell, INI, Markdown, AsciiDoc or Perl metacharacter (`?a=1\&b=2`,
    /// `r\#egg=x`, `Squid\_W.png`, a shell's or TeX's `\~bodo/`, TeX's `\%20`, curl's
    /// `?include\[\]=linux`, AsciiDoc's `?\user@lists.example.org` (an address kept
    /// from becoming a mail link), `src/\+/HEAD` (not in an HTML attribute,
    /// where a browser reads `\` as `/`), `mailto:a\@b.org` and gtk-doc's
    /// `multifile://start:stop\@pattern` (`\@` outside http, https, ftp,
    /// file, ws and wss, whose `\` a browser reads as `/`)) is that syntax's
    /// escape, and npm's
    /// version range after a package (`reveal.js@^5`, or as a folder of its
    /// own, npmmirror's `…/antd/^5/files/…`) is what CDNs take, as
    /// git's parent-of mark in a compare or commit view
    /// (`/compare/v1.0^...v1.1`) is what GitHub and GitLab take, and
    /// Gitiles' `…/+/1251ca7^!/` (a commit's diff). An
    /// address obfuscated on purpose (`mailto:joe at example.org`, see
    /// `invalid-mailto`) and a command-line tool's local path after
    /// `file://` (`file://C:\dir\in.json`, see `invalid-file`) are not
    /// URLs to fix, nor are the stand-ins (U+001A) for bytes of a file in
    /// another encoding than UTF-8 (a GBK page's `…/wiki/进程`), but for one
    /// byte ending the URL, glued on (a Latin-1 page's `mailto:a@b.de«`),
    /// reported with no fix. An HTML attribute's name and `=` left after a
    /// Markdown destination's one blank in its path (`![t](…/x.png alt=)`,
    /// `[w](…/webhooks/ rel=)`) is named so, its fix removing it (unsafe).
    /// Under `rfc1738` `~` is unsafe (write `%7E`),
    /// and an IPv6 literal `[::1]` (RFC 2732, later than RFC 1738) is
    /// reported once, as a whole.
    ///
    /// ## Example
    /// `<URL:http://host/a|b>`
    ///
    /// Use instead: `<URL:http://host/a%7Cb>`
    pub static UNSAFE_CHARACTER = {
        name: "unsafe-character",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.2",
        summary: "unencoded space, `< > \" { } | \\ ^ [ ]`, backquote, stray `#`, or control character; `~` too under rfc1738",
        example: "<URL:http://host/a|b>",
        ok_example: "<URL:http://host/a%7Cb#frag>",
        help: "percent-encode it (RFC 1738 §2.2)",
        fix: (Safe, "percent-encode the character; a blank (`%20`) only with `--unsafe-fixes`, as often where the URL should have ended"),
    }
}

declare_rule! {
    /// ## What it does
    /// Finds characters beyond US-ASCII written unencoded.
    ///
    /// ## Why is this bad?
    /// RFC 1738 §2.2 only lets graphic US-ASCII characters stand for
    /// themselves; RFC 1630 lists "all 8bit characters beyond DEL" as unsafe.
    /// An IRI like `http://www.bürgerentscheid.de` works in browsers but not in
    /// every tool that reads URLs. In a host the fix is the name's IDNA
    /// A-label (`xn--...`, punycode, RFC 3492), which the help line gives;
    /// elsewhere it is the UTF-8 octets, percent-encoded. An ellipsis `…`
    /// (not between two letters beyond ASCII, a title's) is named for what it is, a URL
    /// shortened for display and copied as shown (`…/wiki/A…..(software)`),
    /// with no fix: encoding it would not bring the rest back.
    ///
    /// ## Standards
    /// Under `rfc3986` (the default) a URL written as an IRI (RFC 3987) is
    /// accepted, as browsers, Markdown and HTML (the WHATWG URL standard)
    /// accept it: letters, digits, marks and symbols of any script in the
    /// path, query and fragment (`https://de.wikipedia.org/wiki/Straße`),
    /// and a host name IDNA can turn into an A-label (`http://örnek.com`).
    /// Still reported there: spaces and invisible characters (no-break
    /// space, zero-width and bidirectional controls, soft hyphen, RFC 3987
    /// §4.1; but not a zero-width non-joiner or joiner after a letter
    /// beyond ASCII or an Indic vowel sign or virama, which Persian and Indic
    /// spelling writes inside a word: `…/wiki/بؤلگه‌سی`), private-use and non-characters, punctuation of the General
    /// Punctuation and CJK blocks (curly quotes, `…`, `。`, mostly prose
    /// glued to the URL; but not CJK punctuation between two CJK letters
    /// (or a CJK bracket), a title's own: `…/报告：全球软件安全.pdf`,
    /// `…/课程翻译（一）：渲染性能/`, nor the ideographic comma
    /// numbering a file (`…/Presentations/41、benchmarksql-report.pdf`),
    /// nor, in a link, one listing a title's parts or numbering a heading
    /// (`…-安装数据服务器、aos和客户端-step-2/`, `#2、google-fonts`),
    /// nor, in a link, a fullwidth hyphen or other joining mark after a CJK
    /// letter in a name (`…/驱动力图－2016年中盘点.png`) or any CJK mark ending
    /// a segment of a CJK title (`…/入坑开源项目？/`, `…/远高于redis？/`), or a
    /// `？` or `！` ending the link after a segment of CJK letters only
    /// (`…/sp/中二病也要谈恋爱！`), CJK punctuation in a
    /// docsify route's title or ending a heading's `?id=`
    /// (`…/find-common-urls?id=如何…相同的-url？`) or a heading's fragment
    /// after a CJK letter (`…/events.html#为什么在-HTML-中监听事件？`) or inside
    /// one between two words (`…#io-多路复用之select、poll、epoll详解`), or in a
    /// fragment that is a heading's text as blog engines make its id
    /// (cnblogs' `…/13506946.html#什么是分布式锁？`; after a hash route's
    /// page, a heading naming functions, `#docs/string-methods#实例方法：padStart()，padEnd()`,
    /// its words Latin ones too, `#docs/object-methods#Object.keys()，Object.values()`) or a browser's text fragment
    /// (`#:~:text=焦点小组，即小组`), nor a
    /// title's `？`, `！` or `：` after a CJK letter before a Latin word in a
    /// link (`…/了解Emoji吗？Emoji全貌.png`, `…/源码鉴赏：Retrofit.md`), or a
    /// `？` or `！` ending a file's name before its extension in a segment of
    /// CJK letters (`…/为什么要学OAuth 2.0？.md`), or a fullwidth hyphen between
    /// two numbers in one (`…/wiki/2019－2020年新型冠狀病毒肺炎事件`), nor CJK brackets paired
    /// around CJK letters in one segment of a link's path (or one parameter
    /// of its query, a docsify heading's `?id=开发sdk（spring-boot-starter）`),
    /// a title made a slug (`…/《Python自然语言处理》阅读笔记（一）`, fullwidth quotes
    /// `…/＂创业快线：国际篇＂–医疗健康`), nor CJK punctuation (not a
    /// fullwidth `％`, `／` or `＃`) inside a folder's name holding CJK
    /// letters, the path going on after it (Hexo's tag page
    /// `…/tags/kcptun，IPv6-免流/`) or as the whole name of a file in a
    /// path of CJK names (an emoji set's `…/那兔/。。。.png`), nor a curly apostrophe
    /// inside a word of a link's path, `…/raspberry-pi’s-birthday.md`, a
    /// file so named, or quoting a slug's words there
    /// (`…-by-‘build-an-app’-…`; double quotes, German or English, in a
    /// file's name, `…/Terroristen-„Aktivisten“-.jpg`: a page's slug drops
    /// them) or eliding one between a title's words
    /// (`…/wiki/Rock_’n’_Roll_Highschool`), nor punctuation in a link's query that
    /// holds a sentence, `?text=“Learn%20React”%20by%20…`, or a message
    /// parameter's value, `?text=【非公式】…`, a share link's
    /// post, or a search's words, `&as_epq=…谁？&`, or in a fragment's parameter holding one, Mastodon's
    /// `#text=What’s the right way…`, or a text fragment's passage,
    /// `#:~:text=It’s%20interesting%20…`), and a host IDNA rejects. Those
    /// titles' and sentences' marks are judged so in URLs of up to 4 KiB;
    /// in a longer one (no page's address, hostile input) each is reported.
    /// Under `rfc1738` every character beyond US-ASCII is reported.
    ///
    /// ## Example
    /// `http://host/café`
    ///
    /// Use instead: `http://host/caf%C3%A9` (the UTF-8 octets, encoded).
    pub static NON_ASCII_CHARACTER = {
        name: "non-ascii-character",
        group: Syntax,
        default: Some(Severity::Error),
        rfc: "RFC 1738 §2.2; RFC 1630 Unsafe characters; RFC 3987 §2.2, §4.1",
        summary: "a character beyond US-ASCII, unencoded; under rfc3986 only one no IRI has (space, invisible, prose punctuation)",
        example: "http://host/caf\u{e9}",
        ok_example: "http://host/caf%C3%A9",
        help: "percent-encode its UTF-8 octets (RFC 1738 §2.2)",
        fix: (Safe, "percent-encode its UTF-8 (an IDN host: its punycode A-label)"),
    }
}

/// Runs of unsafe characters (and stray `#`s), IPv6 literals as one finding.
pub fn check_unsafe(cx: &Cx<'_>, out: &mut Report<'_>) {
    if cx.standard == Standard::Rfc3986
        && (crate::rules::file_spared(cx) || crate::rules::mailto_obfuscated(cx))
    {
        return;
    }
    let b = cx.url.as_bytes();
    // Most URLs hold no unsafe character: nothing to look for or spare.
    if !b
        .iter()
        .any(|&c| c == b'#' || (c.is_ascii() && is_unsafe(char::from(c))))
    {
        return;
    }
    // Sorted, so that asking of each unsafe byte is a binary search (a
    // line of 200,000 spared pairs took seconds with a linear one).
    let spared = if cx.standard == Standard::Rfc3986 {
        let mut s = sent_as_written(cx);
        s.sort_unstable();
        s.dedup();
        s
    } else {
        Vec::new()
    };
    let fragment_hash = cx.parts.fragment.as_ref().map(|f| f.start - 1);
    let rfc1738 = cx.standard == Standard::Rfc1738;
    let stray = super::scheme::stray_marks(cx);
    let signature = (!rfc1738).then(|| javadoc_anchor(cx)).flatten();
    let operator = (!rfc1738).then(|| operator_anchor(cx)).flatten();
    let generated = (!rfc1738).then(|| generated_anchor(cx)).flatten();
    let generic = (!rfc1738).then(|| generic_signature(cx)).flatten();
    let sici = (!rfc1738).then(|| sici_item(cx)).flatten();
    let operator_page = (!rfc1738).then(|| operator_segment(cx)).flatten();
    let ipv6 = cx
        .parts
        .authority
        .as_ref()
        .map(|a| a.host.clone())
        .filter(|h| b.get(h.start) == Some(&b'['));
    if let Some(h) = ipv6.as_ref().filter(|_| rfc1738) {
        // Encoding the brackets would break the address: the help says
        // what the choice really is.
        out.at_with_help(
            h.clone(),
            format!(
                "IPv6 literal `{}`: `[` and `]` are unsafe in RFC 1738 (IPv6 literals come from RFC 2732)",
                cx.text(h.clone())
            ),
            "use a host name, or judge by `--standard rfc3986`, where `[...]` is an IP-literal host (RFC 3986 §3.2.2)".to_string(),
        );
    }
    // Whether byte `i` is unsafe where it stands. The byte's own class is
    // asked first: nearly every byte is safe, and the exceptions below
    // (a search of the spared offsets among them) cost more.
    let bad = |i: usize| {
        let c = b[i];
        let unsafe_here = c.is_ascii()
            && ((c == b'#'
                && Some(i) != fragment_hash
                && (rfc1738 || fragment_hash.is_none_or(|h| i < h)))
                || is_unsafe(char::from(c)));
        if !unsafe_here {
            return false;
        }
        let skip = ipv6.as_ref().is_some_and(|h| h.contains(&i))
            || (c == b'~' && !rfc1738)
            // SUB stands in for each byte the reader could not decode as
            // UTF-8 (a GBK or Latin-1 file's `…/wiki/进程`, `News_übernehmen`):
            // the file's encoding, not the URL's fault, and encoding the
            // stand-ins would overwrite the word. One byte ending the URL
            // is glued on (a Latin-1 page's `href="mailto:a@b.de«"`).
            || (c == 0x1A && !rfc1738 && !glued_byte(b, i))
            // eDonkey's links are fields between bars
            // (`ed2k://|file|name.iso|734003200|8A7…|/`), the form itself.
            || (c == b'|' && !rfc1738 && cx.scheme_str().eq_ignore_ascii_case("ed2k"))
            || (c == b'\\'
                && !rfc1738
                && is_shell_escape(b.get(i + 1))
                // In an HTML attribute nothing escapes: a browser reads the
                // `\` as `/` (`src/\+/HEAD` goes to `src//+/HEAD`). Perl's
                // `\@` is gone from the page its script writes.
                && (b.get(i + 1) == Some(&b'@')
                    || !(cx.cand.form == crate::scan::Form::Link
                        && standard::is_attribute_value(cx.cand)))
                // `http://evil.example\@good.example/`: a browser reads the
                // `\` as `/` in a web scheme's URL (WHATWG's special ones);
                // elsewhere `\@` is Perl's or gtk-doc's escaped at-sign
                // (`mailto:a\@b.org`, `<multifile://start:stop\@pattern>`),
                // and so is it in a query, after the host (a curl command's
                // `?email=123\@qq.com`, the at-sign kept from the shell).
                && (b.get(i + 1) != Some(&b'@')
                    || !is_web_scheme(cx)
                    || cx.parts.query.as_ref().is_some_and(|q| q.contains(&i))))
            || (c == b'\\' && !rfc1738 && i >= cx.parts.path.start && escapes_address(&b[i + 1..]))
            || (c == b'\\' && !rfc1738 && in_doubled_escape(b, i))
            || (!rfc1738
                && (is_version_caret(b, i) || is_revision_caret(b, i) || is_cmd_escape(b, i)))
            || (matches!(c, b' ' | b'[' | b']')
                && signature.as_ref().is_some_and(|r| r.contains(&i))
                && (c == b' ' || is_array_mark(b, i)))
            || spared.binary_search(&i).is_ok()
            || operator.as_ref().is_some_and(|r| r.contains(&i))
            || (matches!(c, b'<' | b'>')
                && [&generated, &generic, &sici]
                    .iter()
                    .any(|r| r.as_ref().is_some_and(|r| r.contains(&i))))
            // coqdoc's `#:type_scope:x_'/\'_x`, Coq's conjunction quoted.
            || (c == b'\\'
                && generated.as_ref().is_some_and(|r| r.contains(&i))
                && (b.get(i + 1) == Some(&b'\'') || (i > 0 && b[i - 1] == b'\'')))
            || operator_page.as_ref().is_some_and(|r| r.contains(&i))
            // A stray `[` or `"` glued before the scheme, and its partner,
            // are the scheme's fault (`invalid-scheme`): `%5Bhttps://` is
            // no better.
            || (!rfc1738 && stray.as_ref().is_some_and(|s| s.contains(i)));
        !skip
    };
    // `![t](https://p1.meituan.net/x.png alt=)`, `[w](…/webhooks/ rel=)`:
    // an HTML attribute left in a Markdown destination after its one
    // blank; the link renders as text. The fix removes it: encoding the
    // blank would keep it in the URL.
    if let Some(at) = (!rfc1738).then(|| attribute_tail(cx)).flatten() {
        if !(0..at).any(bad) {
            out.at_with_help(
                at..b.len(),
                format!(
                    "`{}` after a blank is an HTML attribute left in the link's destination",
                    cx.text(at + 1..b.len())
                ),
                "remove it: with it the link renders as text".to_string(),
            );
            out.fix(
                Applicability::Unsafe,
                "remove the attribute",
                vec![(at..b.len(), String::new())],
            );
            return;
        }
    }
    let mut edits = Vec::new();
    let mut titled = false;
    let mut guessed = false;
    let mut i = 0;
    while i < b.len() {
        if !bad(i) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && bad(i) {
            i += 1;
        }
        if !rfc1738 && b[start..i] == [0x1A] {
            // What byte it was is lost with the decoding: no edit for it.
            out.at_with_help(
                start..i,
                "a byte that is not UTF-8 ends the URL: a character of the file's own encoding glued on (Latin-1's `«` or no-break space)".to_string(),
                "remove it from the URL".to_string(),
            );
            continue;
        }
        // A title glued on: the fix writes the blank before it, and the
        // title's own quotes and words are the title's.
        let glued = b[start] == b'"' && is_glued_title(cx, start);
        let replacement = report_run(cx, out, start..i, glued);
        if glued {
            titled = true;
            // One word after a word of the path (`…/Heroes"Bowie"`) may be
            // the path's: the blank is then offered, not applied unasked.
            guessed = !cx.url[start..].contains(' ') && b[start - 1] != b'/';
            edits.push((start..start, " ".to_string()));
            break;
        }
        edits.push((start..i, replacement));
    }
    // A blank is as often where the URL should have ended (`](…/v0.5.0]
    // yolo release :)`, `]` typed for `)`) as a character of it: encoding
    // it is offered, never applied unasked.
    let blank = edits
        .iter()
        .any(|(r, _)| b[r.clone()].iter().any(u8::is_ascii_whitespace));
    let applicability = if blank || guessed {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    // Encoding the brackets of an IPv6 literal would break the address:
    // with one reported, there is no fix.
    let what = match (titled, edits.len()) {
        (true, 1) => "write a blank before the title",
        (true, _) => "percent-encode the unsafe characters and write a blank before the title",
        _ => "percent-encode the unsafe characters",
    };
    if ipv6.is_none() || !rfc1738 {
        out.fix(applicability, what, edits);
    }
}

/// Where the blank before an HTML attribute's name (`alt`, `rel`, `title`,
/// ...; in lower case, with `=` and maybe a value) ending a Markdown destination stands:
/// `…/x.png alt=`, `…/webhooks/ rel=`. The URL's only blank.
fn attribute_tail(cx: &Cx<'_>) -> Option<usize> {
    if cx.cand.form != crate::scan::Form::Link || standard::is_attribute_value(cx.cand) {
        return None;
    }
    let at = cx.url.rfind(' ')?;
    // A query's or fragment's words may be a search's (`?q=photo alt`).
    if cx.parts.query.is_some() || cx.parts.fragment.is_some() {
        return None;
    }
    let tail = &cx.url[at + 1..];
    // With its `=`, in lower case: a bare word (`…/docs/Inline Style`,
    // `…/wiki/Page Title`) is the page's name.
    let (name, _) = tail.split_once('=')?;
    let known = [
        "alt", "rel", "title", "width", "height", "class", "target", "style", "id",
    ]
    .contains(&name);
    (known && !cx.url[..at].contains(char::is_whitespace) && !tail.contains(['"', '\'']))
        .then_some(at)
}

/// The fragment of an HTML attribute's link that names a method by its
/// signature, `#wait(long, int)`: old javadoc's anchors hold a space after
/// each comma, and browsers find them. (A Markdown destination cannot hold
/// a space.) `None` for any other fragment.
fn javadoc_anchor(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.cand.form != crate::scan::Form::Link || !standard::is_attribute_value(cx.cand) {
        return None;
    }
    let (f, args) = signature(cx)?;
    let listed = args
        .match_indices(' ')
        .all(|(k, _)| args[..k].ends_with(','));
    (listed && !args.contains(['(', ')'])).then_some(f)
}

/// The fragment of a link that names a method by its signature,
/// `#name(args)` (`wait`, `set$Value`), and the arguments' text.
fn signature<'a>(cx: &Cx<'a>) -> Option<(Range<usize>, &'a str)> {
    let f = cx.parts.fragment.clone()?;
    let (name, args) = cx.text(f.clone()).split_once('(')?;
    let named = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'));
    Some((f, args.strip_suffix(')')?)).filter(|_| named)
}

/// The fragment of any link naming a method by a signature with generic
/// types and no blank, copied from a Java or Android reference page
/// (`#onPlaybackConfigChanged(java.util.List<android.media.AudioPlaybackConfiguration>)`):
/// its angle brackets pair up, are the types', and browsers encode them
/// and find the anchor. A blank there still breaks a Markdown link, and an
/// unpaired bracket is still judged.
fn generic_signature(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.cand.form != crate::scan::Form::Link {
        return None;
    }
    let (f, args) = signature(cx)?;
    let typed = args
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || b"._$<>,[]?".contains(&c));
    let mut depth = 0i32;
    let paired = args.bytes().all(|c| {
        depth += i32::from(c == b'<') - i32::from(c == b'>');
        depth >= 0
    }) && depth == 0;
    (typed && paired && args.contains('<')).then_some(f)
}

/// The item code of a SICI-style DOI at doi.org, `<7::AID-ASI2>` in
/// `https://doi.org/10.1002/(SICI)1097-4571(199101)42:1<7::AID-ASI2>3.0.CO;2-P`:
/// Wiley's and others' DOIs hold the angle brackets, and the resolver
/// takes them as written (the DOI Handbook lists them as they are).
fn sici_item(cx: &Cx<'_>) -> Option<Range<usize>> {
    let host = cx.parts.authority.as_ref()?.host.clone();
    let host = cx.text(host).to_ascii_lowercase();
    if host != "doi.org" && !host.ends_with(".doi.org") {
        return None;
    }
    let path = cx.parts.path.clone();
    let text = cx.text(path.clone());
    let open = text.find('<')?;
    // The scanner's reading of the same item code inside a wrapper.
    let len = crate::scan::sici_part(&text.as_bytes()[open..])?;
    Some(path.start + open..path.start + open + len)
}

/// The fragment of an HTML attribute's link that names an anchor a
/// documentation generator made from code, its angle brackets and all:
/// javadoc's generic types (`#sort(java.util.List<T>)`), coqdoc's
/// subscripts and notations (`#b<sub>1</sub>`, `#:type_scope:x_'<>'_x`).
/// Browsers encode them and find the anchor. A fragment with a blank, or
/// whose brackets neither pair up nor stand in quotes (`#intro>`, a
/// wrapper's closer typed in), is still judged.
fn generated_anchor(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.cand.form != crate::scan::Form::Link || !standard::is_attribute_value(cx.cand) {
        return None;
    }
    let f = cx.parts.fragment.clone()?;
    crate::document::is_anchor_name(cx.text(f.clone()).as_bytes()).then_some(f)
}

/// The fragment of a link that names an operator and nothing else, the
/// anchor a language's API docs give it (Elm's `…/Basics#|>`, `#<|`,
/// `#>>`): the brackets and the bar are its name, and browsers find it.
fn operator_anchor(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.cand.form != crate::scan::Form::Link {
        return None;
    }
    let f = cx.parts.fragment.clone()?;
    is_operator_name(cx.text(f.clone()).as_bytes(), b"|<>=+-*/&^!~.:$@?%").then_some(f)
}

/// Whether `name` is an operator's name: one to four of `marks`, at least
/// one of them a bracket or a bar (`|>`, `<=`, `->>`).
fn is_operator_name(name: &[u8], marks: &[u8]) -> bool {
    (1..=4).contains(&name.len())
        && name.iter().all(|c| marks.contains(c))
        && name.iter().any(|c| matches!(c, b'|' | b'<' | b'>'))
}

/// The last path segment of a link that names an operator and nothing
/// else, its `=` perhaps escaped: Janet's API pages link each function's
/// page so (`https://janetdocs.org/<`, `…/->>`, `…/>%3d`), as Elm's docs
/// anchor theirs. A word before the mark (`…/compare<`) is still judged.
fn operator_segment(cx: &Cx<'_>) -> Option<Range<usize>> {
    if cx.cand.form != crate::scan::Form::Link || cx.parts.query.is_some() {
        return None;
    }
    let path = cx.parts.path.clone();
    let start = cx.url[path.clone()]
        .rfind('/')
        .map(|k| path.start + k + 1)?;
    let decoded: Vec<u8> = crate::url::grammar::escape::decoded(cx.url, start..path.end).collect();
    // `>` alone after a `/` is rather a wrapper's closer typed into the
    // link (`…/testing-requirements/>`), reported.
    let operator =
        is_operator_name(&decoded, b"|<>=+-*&^!~.:$@?%") && !decoded.iter().all(|&c| c == b'>');
    operator.then_some(start..path.end)
}

/// An array type's mark in a signature anchor: `char[]`'s brackets, or the
/// `[` of a JVM descriptor (`[C`, `[Ljava.lang.Object;`) that groovydoc
/// and old javadoc write in their anchors, `#write([C, int, int)`.
fn is_array_mark(b: &[u8], i: usize) -> bool {
    match b[i] {
        b'[' => matches!(
            b.get(i + 1),
            Some(b']' | b'[' | b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b'L')
        ),
        b']' => i > 0 && b[i - 1] == b'[',
        _ => false,
    }
}

/// `curl http://h/x?a=1\&b=2`, tox's `git+https://h/r\#egg=x`, Markdown's
/// `files/Squid\_W.png` in a text file, AsciiDoc's `src/\+/HEAD` (no
/// passthrough) in the YAML it is made from, Perl's `"mailto:a\@b.org"`: a
/// backslash before a shell, INI, Markdown, AsciiDoc or Perl metacharacter is the
/// surrounding syntax's escape, gone before any client sees the URL;
/// encoding it would break the URL.
/// `list.html?\user@cassandra.apache.org[…]`: AsciiDoc's escape that keeps
/// an address inside a link's target from becoming a mail link of its own
/// (the backslash is gone from the page). A mail address follows: a local
/// part, `@`, and a domain with a dot. (Asked only after the authority,
/// where `http://evil.example\user@good.example/` is a browser's `/`.)
fn escapes_address(rest: &[u8]) -> bool {
    let local = rest
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'+' | b'-'))
        .count();
    let domain = &rest[local..];
    let Some(domain) = domain.strip_prefix(b"@") else {
        return false;
    };
    let name = domain
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
        .count();
    local > 0 && domain[..name].contains(&b'.')
}

/// A scheme whose URLs a browser parses with `\` read as `/` (WHATWG URL's
/// special schemes: http, https, ftp, file, ws, wss).
fn is_web_scheme(cx: &Cx<'_>) -> bool {
    matches!(
        cx.scheme,
        SchemeKind::Http | SchemeKind::Https | SchemeKind::Ftp | SchemeKind::File
    ) || ["ws", "wss"]
        .iter()
        .any(|s| cx.scheme_str().eq_ignore_ascii_case(s))
}

fn is_shell_escape(next: Option<&u8>) -> bool {
    matches!(
        next,
        Some(
            b'&' | b'#'
                | b';'
                | b'?'
                | b'!'
                | b'$'
                | b'*'
                | b'('
                | b')'
                | b'\''
                | b'='
                | b'_'
                | b'-'
                | b'@'
                | b'+'
                // `\~`: a shell's tilde kept from expansion, TeX's tilde
                // (BibTeX's `\url{https://www.openssl.org/\~bodo/}`).
                | b'~'
                // `\[\]`: curl's escaped glob brackets (`curl '…?include\[\]=
                // linux'`), Markdown's escaped brackets.
                | b'['
                | b']'
                // `\%`: TeX's percent sign (a BibTeX `url` field's
                // `BillG\%20Review.ppt`, the `\%20` an escape once TeX reads it).
                | b'%'
        )
    )
}

/// `'…/wiki/Hard\\_disk\\_drive'` (a knitr chunk's caption, an R
/// string): an escape written inside a string, where `\\` is one `\`
/// once the string is read. The backslash at `i` is one of exactly two
/// before a character a shell or Markdown escapes (`@` aside: a browser
/// reads `\` before it as `/`).
fn in_doubled_escape(b: &[u8], i: usize) -> bool {
    let start = b[..i]
        .iter()
        .rposition(|&c| c != b'\\')
        .map_or(0, |k| k + 1);
    let end = i + b[i..].iter().take_while(|&&c| c == b'\\').count();
    end - start == 2 && b.get(end) != Some(&b'@') && is_shell_escape(b.get(end))
}

/// `https://unpkg.com/reveal.js@^5`: npm's version range after a package
/// name, which CDNs take as it is; npmmirror's takes it as a path segment
/// of its own (`https://registry.npmmirror.com/antd/^5/files/lib/index.js`).
fn is_version_caret(b: &[u8], i: usize) -> bool {
    if b[i] != b'^' || i == 0 || !b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    // As a segment: the whole of it a version, a folder after it.
    let version = b[i + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit() || **c == b'.')
        .count();
    b[i - 1] == b'@' || (b[i - 1] == b'/' && b.get(i + 1 + version) == Some(&b'/'))
}

/// `…/geocubes^&datetime=…^&bbox=…`: cmd.exe's escape before a query's `&`,
/// which a Windows shell removes (CSC's GIS tutorial: "add `^` before
/// `&`"), as a Unix shell removes `\&`.
fn is_cmd_escape(b: &[u8], i: usize) -> bool {
    b[i] == b'^' && i > 0 && b[i - 1] != b'^' && b.get(i + 1) == Some(&b'&')
}

/// `https://github.com/o/r/compare/v1.0^...v1.1`: git's parent-of mark on
/// a revision in a compare or commit view, before `...`, `..`, `~`, a
/// digit, `/` or the end, which GitHub and GitLab take as written.
fn is_revision_caret(b: &[u8], i: usize) -> bool {
    if b[i] != b'^' || i == 0 || !b[i - 1].is_ascii_alphanumeric() {
        return false;
    }
    let before = &b[..i];
    // In the path: a query's trailing `^` is a stray footnote mark.
    if memchr::memchr2(b'?', b'#', before).is_some() {
        return false;
    }
    let view = [
        b"/compare/".as_slice(),
        b"/commits/",
        b"/commit/",
        b"/tree/",
    ]
    .iter()
    .any(|v| memchr::memmem::find(before, v).is_some());
    let next = &b[i + 1..];
    // Gitiles' `…/+/1251ca7…^!/`: a commit and its parent, its diff shown
    // (`!` raw or escaped, `^%21`).
    let gitiles = memchr::memmem::find(before, b"/+/").is_some()
        && (next.starts_with(b"!") || next.starts_with(b"%21"));
    gitiles
        || view
            && (next.is_empty()
                || next.starts_with(b"..")
                || next[0] == b'~'
                || next[0] == b'/'
                || next[0].is_ascii_digit())
}

/// C++'s operators whose names hold unsafe characters, each a page of
/// cplusplus.com and cppreference (`…/operator[]/`, `…/operator<<`).
const OPERATORS: [&str; 17] = [
    "[]", "<<", ">>", "<<=", ">>=", "<=>", "<", ">", "<=", ">=", "|", "||", "|=", "^", "^=", "->",
    "->*",
];

/// Offsets of the unsafe characters browsers send as written (WHATWG URL)
/// where they stand for something: within the query or within the
/// fragment, the `[` and `]` that pair up (unnested in the query, nested
/// too in the fragment: `#:[tag[task]]`), the `"` that pair up (a quoted
/// search term, `?q="Project:+openssh"`, or one opened escaped,
/// `?q=m%3A%223.5"`) and every `|` (a list, `?family=Roboto|Lato`);
/// a query's `^` that starts a term (a regular expression's anchor); `<`
/// and `>` in a quoted HTML attribute's fragment (an anchor's name); the
/// blanks and brackets of a mailbox with a display name; and the brackets
/// of a GitHub app's account in a path.
fn sent_as_written(cx: &Cx<'_>) -> Vec<usize> {
    let b = cx.url.as_bytes();
    let mut out = Vec::new();
    // A quoted attribute's fragment (`href="…#clojure.core/tap>"`): the
    // markup cannot have cut it, so its `<` and `>` are an anchor's name.
    let attribute = cx.parts.fragment.is_some()
        && cx.cand.form == crate::scan::Form::Link
        && standard::is_attribute_value(cx.cand);
    // `https://latex.codecogs.com/svg.image?\inline&space;d(p,q)=|p-q|`: a
    // formula a service draws, TeX source as the whole query (its first
    // byte a command's `\`); browsers send its `\`, `{`, `}` as they are.
    if let Some(q) = &cx.parts.query {
        // A command's `\` and two letters, and more TeX: a group's braces,
        // CodeCogs' `&space;`, or another command (AsciiDoc's escaped
        // `?\user@lists.example.org` is one word).
        let command = |k: usize| {
            b.get(k) == Some(&b'\\')
                && b.get(k + 1..k + 3)
                    .is_some_and(|w| w.iter().all(u8::is_ascii_lowercase))
        };
        let query = &cx.url[q.clone()];
        // CodeCogs' renderer by its name (`…/svg.latex?`, `…/png.image?`):
        // its query is TeX however it starts (`Alice%20\%20And`, a
        // control space between words).
        let path = &cx.url[cx.parts.path.clone()];
        let codecogs = cx.parts.authority.as_ref().is_some_and(|a| {
            let host = cx.text(a.host.clone()).to_ascii_lowercase();
            host == "codecogs.com" || host.ends_with(".codecogs.com")
        });
        let renderer = codecogs
            && [".latex", ".image"].iter().any(|e| {
                path.rsplit('/')
                    .next()
                    .is_some_and(|last| last.len() > e.len() && last.ends_with(e))
            });
        let formula = (renderer && query.contains('\\'))
            || command(q.start)
                && (query.contains(['{', '}'])
                    || query.contains("&space;")
                    || q.clone().filter(|&k| command(k)).count() >= 2);
        if formula {
            out.extend(q.clone().filter(|&i| matches!(b[i], b'\\' | b'{' | b'}')));
        }
        // Facebook's tracking parameter, `&__tn__=R]-R` in its redirect
        // links (`l.facebook.com/l.php?u=…`): a code of marks, sent as is.
        if let Some(k) = query.find("__tn__=") {
            let from = q.start + k + 7;
            let to = cx.url[from..q.end].find('&').map_or(q.end, |e| from + e);
            out.extend((from..to).filter(|&i| matches!(b[i], b'[' | b']')));
        }
    }
    for (r, query) in [(&cx.parts.query, true), (&cx.parts.fragment, false)] {
        let Some(r) = r else { continue };
        let mut open = Vec::new();
        let mut quote = None;
        // An escaped `%22` still waiting for its closing quote.
        let mut escaped_quote = false;
        for i in r.clone() {
            match b[i] {
                // GitHub's `?q=label%3A"Needs+Design+Feedback%22`: a term
                // opened raw and closed escaped is one pair too.
                b'%' if b.get(i + 1..i + 3) == Some(b"22") => {
                    // Closing a raw quote: in the same parameter, ending
                    // the term, no raw quote after it.
                    let ends_term = b.get(i + 3).is_none_or(|c| matches!(c, b'&' | b'+' | b'#'))
                        && !b[i + 3..r.end].contains(&b'"');
                    match quote {
                        Some(o) if ends_term && !b[o..i].contains(&b'&') => {
                            quote = None;
                            out.push(o);
                        }
                        Some(_) => {}
                        None => escaped_quote = !escaped_quote,
                    }
                }
                // NuGet's `?q=milestone%3A%223.5%20RC"`: a quoted term
                // opened escaped and closed raw is one pair still.
                b'"' if quote.is_none() && escaped_quote => {
                    escaped_quote = false;
                    out.push(i);
                }
                // A search's regular expression, `?q=file:^\.pre-commit`,
                // or a parameter's own separator, Twitter's
                // `?ref_src=twsrc^google|twcamp^serp`: browsers send a
                // query's `^` as it is (WHATWG URL). One that ends a word
                // and the query (`?usp=sharing^`) is a stray footnote mark.
                // So is an operator's name between escaped parentheses
                // (SWI-Prolog's `?object=f%28%28^%29/2%29`).
                b'^' if query
                    && i + 1 < r.end
                    && (!b[i - 1].is_ascii_alphanumeric()
                        || b[i + 1].is_ascii_alphanumeric()
                        || b[i + 1] == b'%') =>
                {
                    out.push(i);
                }
                // A fragment's parameter opening with a regular expression's
                // anchor (regulex's `#!flags=&re=^(a|b)*%3F%24`). Or an
                // anchor named with one, browsers taking it as written
                // (WHATWG URL) and finding the heading: Raku's
                // `#The_^_twigil` (between `_` or `-`), `#methodop_.^`
                // (after a `.`, raw or escaped) ending a link its markup
                // closed; after a word it is a stray footnote's mark.
                b'^' if !query
                    && (b[i - 1] == b'='
                        || (i + 1 < r.end
                            && matches!(b[i - 1], b'_' | b'-')
                            && matches!(b[i + 1], b'_' | b'-'))
                        || (i + 1 == r.end
                            && cx.cand.form == crate::scan::Form::Link
                            && (b[i - 1] == b'.' || (i >= 3 && b[i - 3] == b'%')))) =>
                {
                    out.push(i);
                }
                // Vim's help tags for keys, `editing.html#CTRL-^`,
                // `tagsrch.html#CTRL-]`, `#i_CTRL-W_]`: the anchor is the
                // key's name, and browsers find it.
                b'^' | b']' | b'[' | b'\\' if !query && is_vim_key(b, r.start, i) => {
                    out.push(i);
                }
                // Paired; in the fragment nested too (TiddlyWiki's
                // permalink to a story filter, `#:[tag[task]]`), not in
                // the query (`?a=[[1]]`).
                b'[' => {
                    if query {
                        open.clear();
                    }
                    open.push(i);
                }
                b']' => {
                    if let Some(o) = open.pop() {
                        out.extend([o, i]);
                    }
                }
                b'"' => match quote.take() {
                    Some(o) => out.extend([o, i]),
                    None => quote = Some(i),
                },
                // `?family=Roboto|Lato`: browsers send it as it is, and keep
                // it in a fragment (`#here|method->PUT`).
                b'|' => out.push(i),
                // Clojure's `#clojure.core/tap>`, `#clojure.main/err->msg`:
                // browsers find the anchor by its decoded name.
                b'<' | b'>' if !query && attribute => out.push(i),
                // A comparison opening a value or a search qualifier's
                // (GitHub's `?q=stars:>1000`, `created:>=2020-01-01`, a
                // shields.io badge's `&message=>0.97.1`, a version's
                // `>=v0.146.0`): browsers send it.
                b'<' | b'>' if query => {
                    let before = &b[r.start..i];
                    let opens = before.ends_with(b"=")
                        || before.ends_with(b":")
                        || before.ends_with(b"%3A")
                        || before.ends_with(b"%3a");
                    let digit = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
                    let k = i + 1 + usize::from(b.get(i + 1) == Some(&b'='));
                    let version =
                        digit(k) || (matches!(b.get(k), Some(b'v' | b'V')) && digit(k + 1));
                    if opens && version {
                        out.push(i);
                    }
                }
                _ => {}
            }
        }
    }
    // `mailto:Daryll Strauss <daryll@harlot.rb.ca.us>`: a display name
    // and its address; a mailto URL's path is opaque, browsers pass it on
    // as it is, and every mail client reads the mailbox.
    if cx.scheme == SchemeKind::Mailto {
        let body = cx.parts.body.clone();
        let text = cx.text(body.clone());
        let named = text.split_once(" <").is_some_and(|(name, rest)| {
            !name.trim().is_empty()
                && !name.contains(['<', '>', '@'])
                && rest
                    .strip_suffix('>')
                    .is_some_and(|addr| addr.contains('@') && !addr.contains(['<', '>', ' ']))
        });
        if named {
            out.extend(body.clone().filter(|&i| matches!(b[i], b' ' | b'<' | b'>')));
        }
        // `mailto:hammer@enterprise.net (AM Contributing Writer)`: an
        // address and an RFC 822 comment naming its owner, old HTML's
        // way; mail clients drop the comment.
        if crate::rules::scheme::mailto::commented(text).is_some() {
            let at = body.start + text.find(" (").unwrap_or(0);
            out.extend((at..body.end).filter(|&i| b[i] == b' '));
        }
    }
    // Logseq's Zotero links, `![paper.pdf](file://zotero_link/Physics/A
    // title.pdf)`: written by the Zotero integration, resolved by Logseq
    // against the Zotero folder with the file's own name, spaces and all.
    if cx.cand.form == crate::scan::Form::Link
        && b.len() > 19
        && b[..19].eq_ignore_ascii_case(b"file://zotero_link/")
    {
        out.extend(cx.parts.path.clone().filter(|&i| b[i] == b' '));
    }
    // `https://github.com/dependabot[bot]`: a GitHub app's account, named
    // so by GitHub and linked so by every changelog generator; browsers
    // send the brackets as they are.
    let github = || {
        cx.parts.authority.as_ref().is_some_and(|a| {
            let host = cx.text(a.host.clone());
            host.eq_ignore_ascii_case("github.com") || host.ends_with(".github.com")
        })
    };
    let path = &cx.parts.path;
    let bots = cx.url[path.clone()].match_indices("[bot]");
    for (k, _) in bots.filter(|_| github()) {
        let at = path.start + k;
        let named = at > path.start && b[at - 1] != b'/';
        if named
            && b.get(at + 5)
                .is_none_or(|c| matches!(c, b'/' | b'?' | b'#'))
        {
            out.extend([at, at + 4]);
        }
    }
    // `file:///Users/you/app/[eval1]:1`: the frame Node.js prints for code
    // run with `-e` (a SyntaxError's first line), its line number after.
    if let Some(k) = cx.url[path.clone()].rfind("/[eval") {
        let at = path.start + k + 1;
        let digits = b[at + 5..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let close = at + 5 + digits;
        let rest = &b[(close + 1).min(b.len())..];
        if b.get(close) == Some(&b']')
            && rest.first() == Some(&b':')
            && rest.len() > 1
            && rest[1..].iter().all(|c| c.is_ascii_digit() || *c == b':')
        {
            out.extend([at, close]);
        }
    }
    // `…/Colubris-AP-72dpi-RGB[1].jpg`, `…/MIT[1].Press.Introduction…pdf`:
    // the number a browser or a mail client gave a saved copy, kept in the
    // file's name when it was put online; the link works as written.
    let last = cx.url[path.clone()]
        .rfind('/')
        .map_or(path.start, |k| path.start + k + 1);
    let name = &b[last..path.end];
    for (k, _) in cx.url[last..path.end].match_indices('[') {
        let digits = name[k + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let close = k + 1 + digits;
        if k > 0
            && name[k - 1].is_ascii_alphanumeric()
            && (1..=2).contains(&digits)
            && name.get(close) == Some(&b']')
            && name[close + 1..].contains(&b'.')
            && matches!(name.get(close + 1), Some(b'.' | b'-' | b'_'))
        {
            out.extend([last + k, last + close]);
        }
    }
    // `…/reference/string/string/operator[]/`, `…/operator<<`: C++'s
    // operators, each a page of cplusplus.com and cppreference named so.
    if cx.host_within(&["cplusplus.com", "cppreference.com"]) {
        let mut from = path.start;
        for segment in cx.url[path.clone()].split('/') {
            if segment
                .strip_prefix("operator")
                .is_some_and(|marks| OPERATORS.contains(&marks))
            {
                out.extend(from + 8..from + segment.len());
            }
            from += segment.len() + 1;
        }
    }
    // `…/image/tj_pkp214u06[].gif`: empty brackets ending a file's name
    // before its extension, the name it really has (a bracket pasted in
    // elsewhere, `…/ember-4-3[]/`, is still reported).
    let last_name = &b[last..path.end];
    if let Some(k) = memchr::memmem::find(last_name, b"[]") {
        let ext = &last_name[k + 2..];
        if k > 0
            && last_name[k - 1].is_ascii_alphanumeric()
            && ext.first() == Some(&b'.')
            && (2..=5).contains(&(ext.len() - 1))
            && ext[1..].iter().all(u8::is_ascii_alphanumeric)
        {
            out.extend([last + k, last + k + 1]);
        }
    }
    // `[…](https://infoscience.epfl.ch/…/files/[EN]ASNA09.pdf)`,
    // `…/[Tech]%20blockchain/…`, a Hexo post's `…/2014-08-19-[译]…/`,
    // `…/Foundations_of_streaming_SQL_[QCon_London_2018].pptx`: brackets
    // paired inside one segment of the path are the name a file or page
    // really has, and browsers send them as written (the WHATWG URL
    // standard leaves them). Not empty (`…/ember-4-3[]/`), not an
    // ellipsis (Slack's `…/blob[…]ain/`), not nested, not a blank; not in
    // a wrapper, whose blanks were taken out (`<http://…/rfc4346.txt ,
    // which was superseded by [TLS12].`, the `>` misplaced).
    // An angle-bracketed URL on one line is as whole as a link
    // (`<https://github.com/o/r/wiki/⒛-[规范]--CSS-BEM-书写规范>`).
    let one_line_angle =
        cx.cand.form == crate::scan::Form::Angle && cx.cand.facts.whitespace_removed.is_empty();
    if one_line_angle
        || matches!(
            cx.cand.form,
            crate::scan::Form::Link | crate::scan::Form::Bare | crate::scan::Form::UrlPrefix
        )
    {
        // Per segment: the `[` waiting for its `]`, or `Err` once a bracket
        // nests or closes nothing there (none after it is spared).
        let mut open: Result<Option<usize>, ()> = Ok(None);
        for i in path.clone() {
            match (b[i], open) {
                (b'/', _) => open = Ok(None),
                (b'[', Ok(None)) => open = Ok(Some(i)),
                (b']', Ok(Some(o))) => {
                    open = Ok(None);
                    let inner = &cx.url[o + 1..i];
                    // A name goes on after it (`[EN]ASNA09.pdf`); one
                    // ending the segment is rather a footnote's mark
                    // pasted in (`…/report.pdf[1]`).
                    let named = !inner.is_empty()
                        && inner.chars().any(char::is_alphanumeric)
                        && !inner.contains(['…', ' '])
                        && !inner.contains("...")
                        && b.get(i + 1)
                            .is_some_and(|&c| !matches!(c, b'/' | b'?' | b'#'));
                    if named {
                        out.extend([o, i]);
                    }
                }
                (b'[' | b']', _) => open = Err(()),
                _ => {}
            }
        }
    }
    // `[Jon "maddog" Hall](https://en.wikipedia.org/wiki/Jon_"maddog"_Hall)`:
    // a nickname quoted in a title made a page's name, the quotes around
    // one word between the title's `_`; the markup gave the link's end,
    // and browsers encode them. Two quotes in the segment, no more.
    if cx.cand.form == crate::scan::Form::Link && cx.url[path.clone()].contains('"') {
        let mut from = path.start;
        for segment in cx.url[path.clone()].split('/') {
            let quotes: Vec<usize> = segment.match_indices('"').map(|(k, _)| from + k).collect();
            if let [o, c] = quotes[..] {
                let word = &cx.url[o + 1..c];
                // Or a quoted word between a slug's hyphens (a post's
                // `…/introducing-the-5-why-"so-what"-test/`).
                let nickname = !word.is_empty()
                    && word.chars().all(|x| x.is_ascii_alphanumeric() || x == '-')
                    && o > from
                    && matches!(b[o - 1], b'_' | b'-')
                    && b.get(c + 1) == Some(&b[o - 1]);
                // A quoted headline made an article's slug, in CJK letters
                // (hktdc's `…/article/"创业快线：国际篇"–医疗健康`): the quotes
                // open the segment or follow a separator, and close it or
                // precede one.
                // Or a quoted title's word opening a slug, a colon after it
                // (Semantic Scholar's `…/paper/"GrabCut":-interactive-…/7a95…`).
                let headline = (word.chars().any(is_cjk_letter)
                    || (o == from
                        && word.starts_with(char::is_alphabetic)
                        && b.get(c + 1..c + 3) == Some(b":-")))
                    && word
                        .chars()
                        .all(|x| x.is_alphanumeric() || is_cjk_mark(x) || matches!(x, '-' | '_'))
                    && (o == from || matches!(b[o - 1], b'_' | b'-'))
                    && cx.url[c + 1..].chars().next().is_none_or(|x| {
                        matches!(x, '/' | '_' | '-' | ':' | '\u{2013}' | '\u{2014}')
                    });
                if nickname || headline {
                    out.extend([o, c]);
                }
            }
            from += segment.len() + 1;
        }
    }
    out
}

/// Whether the mark at `i` ends a fragment (starting at `start`) that is
/// a Vim help tag naming a key: `CTRL-^`, `i_CTRL-]`, `CTRL-W_]`.
fn is_vim_key(b: &[u8], start: usize, i: usize) -> bool {
    let tag = &b[start..i];
    i + 1 == b.len() && (tag.ends_with(b"CTRL-") || tag.ends_with(b"CTRL-W_"))
}

/// Whether the stand-in at `i` is one byte of another encoding ending the
/// URL, after an ASCII character: glued on, not a letter of its words.
fn glued_byte(b: &[u8], i: usize) -> bool {
    i + 1 == b.len() && i > 0 && b[i - 1] != 0x1A && b[i - 1].is_ascii()
}

/// Report one run; returns its encoded form, for the fix.
fn report_run(cx: &Cx<'_>, out: &mut Report<'_>, run: Range<usize>, glued_title: bool) -> String {
    let text = cx.text(run.clone());
    let mut shown = String::new();
    let mut encoded = String::new();
    for c in text.chars() {
        // Spell out control characters; `\` itself stays one backslash.
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
        let _ = write!(encoded, "%{:02X}", c as u32);
    }
    let what = if text.len() == 1 {
        "unsafe character"
    } else {
        "unsafe characters"
    };
    if glued_title {
        out.at_with_help(
            run,
            "a link's title glued to its URL: a blank must come before the title's `\"`"
                .to_string(),
            "write a blank between the URL and the quoted title".to_string(),
        );
        return encoded;
    }
    let message = if text == "#" {
        "a second `#`: only the first one starts the fragment".to_string()
    } else {
        format!("{what} `{shown}` must be encoded")
    };
    out.at_with_help(run, message, format!("write {encoded} (RFC 1738 §2.2)"));
    encoded
}

/// Whether the `"` at `at` opens a Markdown link's title typed with no
/// blank before it (`[forum](https://forum.example.org/"Technical Support
/// Forum")`, or one word right after a `/` or a word of the path,
/// `…/"GroupDocs")`, `…/detail.html"解决方法")`): the
/// destination ends with the closing quote, and the words between are a
/// title's, blanks and all. Encoding the quotes is no fix.
fn is_glued_title(cx: &Cx<'_>, at: usize) -> bool {
    let title = &cx.url[at + 1..];
    cx.cand.form == crate::scan::Form::Link
        && !standard::is_attribute_value(cx.cand)
        && at > 0
        && !cx.url.as_bytes()[at - 1].is_ascii_whitespace()
        && title.len() > 1
        && title.ends_with('"')
        && (title[..title.len() - 1].contains(' ')
            || cx.url.as_bytes()[at - 1] == b'/'
            // Or right after a word of the path (`…/detail_2468.html"解决方法"`):
            // a path holds no quoted word at its end; a query may
            // (`?q="foo"`).
            || (cx.url.as_bytes()[at - 1].is_ascii_alphanumeric()
                && cx.parts.path.contains(&at)))
        && !title[..title.len() - 1].contains('"')
}

/// Longest URL whose CJK and sentence punctuation is judged as a title's
/// (see [`check_non_ascii`]).
const TITLED_MAX: usize = 4096;

/// Runs of non-ASCII characters; in a host, the help gives its A-label.
pub fn check_non_ascii(cx: &Cx<'_>, out: &mut Report<'_>) {
    // Nearly every URL: nothing to report, and no A-label to work out.
    if cx.url.is_ascii() {
        return;
    }
    let host = cx.parts.authority.as_ref().map(|a| a.host.clone());
    let a_label = host
        .clone()
        .and_then(|h| punycode::host_to_ascii(cx.text(h)));
    let iri = cx.standard == Standard::Rfc3986;
    // The title's and sentence's marks below are each judged by reading
    // around them (a segment, a query): on a URL longer than any title's
    // page address that would be quadratic on hostile input (a 700 KB
    // query of quotes took minutes), so there every such mark is reported.
    let titled = cx.url.len() <= TITLED_MAX;
    let stray = super::scheme::stray_marks(cx);
    // Under rfc3986 a character is reported when no IRI may hold it, or
    // when it is in a host IDNA cannot convert.
    let reported = |i: usize, c: char| {
        if c.is_ascii() {
            return false;
        }
        if !iri {
            return true;
        }
        // `“https://…”`: the scheme's fault (`invalid-scheme`).
        if stray.as_ref().is_some_and(|s| s.contains(i)) {
            return false;
        }
        let in_host = host.as_ref().is_some_and(|h| h.contains(&i));
        if in_host {
            return !is_iri_char(c) || a_label.is_none();
        }
        !is_iri_char(c)
            && !(titled
                && (is_cjk_name_punctuation(cx.url, i, c)
                    || is_link_name_punctuation(cx, i, c)
                    || is_name_quote(cx, i, c)
                    || is_title_bracket(cx, i, c)
                    || is_title_quote(cx, i, c)
                    || in_sentence_query(cx, i, c)
                    || is_route_title_punctuation(cx, i, c)
                    || is_heading_id_punctuation(cx, i, c)
                    || is_inside_heading_fragment(cx, i, c)
                    || is_heading_text_fragment(cx, i, c)
                    || is_file_numbering(cx.url, i, c)
                    || is_word_joiner(cx.url, i, c)
                    || is_enumeration_comma(cx, i, c)))
    };
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut chars = cx.url.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !reported(start, c) {
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some((i, c)) = chars.next_if(|&(i, c)| reported(i, c)) {
            end = i + c.len_utf8();
        }
        let text = cx.text(start..end);
        // `…/wiki/A…..(software)`, `?hl=en…`: a URL shortened for display
        // and copied as shown; `%E2%80%A6` would not bring the rest back.
        // Between two letters beyond ASCII it is a title's (`…/wiki/あ…い`),
        // to encode; anywhere else a display's cut (`…/aaaa…bbbb.html`).
        let title_letter = |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && c.is_alphabetic());
        let shortened = text.chars().all(|c| c == '\u{2026}')
            && !(title_letter(cx.url[..start].chars().next_back())
                && title_letter(cx.url[end..].chars().next()));
        if shortened {
            out.at_with_help(
                start..end,
                "`…` stands for a part of the URL left out for display".to_string(),
                "copy the whole URL from where it was shortened".to_string(),
            );
            continue;
        }
        let in_host = host.as_ref().is_some_and(|h| h.contains(&start));
        let help = match (&a_label, &host) {
            (Some(a), Some(h)) if in_host => {
                // One edit for the whole host, however many runs it has.
                if !edits.iter().any(|(r, _)| r == h) {
                    edits.push((h.clone(), a.clone()));
                }
                format!("write the host as its IDNA A-label `{a}` (punycode, RFC 3492)")
            }
            _ => {
                let mut encoded = String::new();
                for byte in text.bytes() {
                    let _ = write!(encoded, "%{byte:02X}");
                }
                edits.push((start..end, encoded.clone()));
                format!("write {encoded} (its UTF-8 octets; RFC 1738 §2.2)")
            }
        };
        out.at_with_help(
            start..end,
            format!("`{text}` is not US-ASCII and must be encoded"),
            help,
        );
    }
    out.fix(
        Applicability::Safe,
        "percent-encode the characters (a host: its A-label)",
        edits,
    );
}

/// Whether `c`, at `i` in `url`, is CJK or fullwidth punctuation between
/// two CJK letters: a title's own (a report's file name, `…/GitHub%202020%20
/// 报告：全球软件安全.pdf`), not prose glued to the URL or a mark typed
/// with an input method where an ASCII one was meant (`…/x.html）`,
/// `…/a？b=1`), which have no CJK letter on one side.
///
/// A CJK bracket on either side counts as the title's letter
/// (`…/Android性能优化课程翻译（一）：渲染性能/`, a post's title made its slug).
fn is_cjk_name_punctuation(url: &str, i: usize, c: char) -> bool {
    // Ideographs, kana, Hangul syllables.
    // A bracket counts when its partner stands in the same segment: the
    // title's (`（一）`), not a link closed with `）` and prose after it
    // (`…#quickstart_multibroker），一种是…`).
    let segment = segment_around(url, i);
    let closed = |x: char| {
        CJK_BRACKETS
            .iter()
            .any(|&(open, close)| close == x && url[segment.start..i].contains(open))
    };
    let opened = |x: char| {
        CJK_BRACKETS
            .iter()
            .any(|&(open, close)| open == x && url[i..segment.end].contains(close))
    };
    let bracket = |x: char| CJK_BRACKETS.iter().any(|&(o, cl)| o == x || cl == x);
    is_cjk_mark(c)
        && !bracket(c)
        && url[..i]
            .chars()
            .next_back()
            .is_some_and(|b| is_cjk_letter(b) || closed(b))
        && url[i + c.len_utf8()..]
            .chars()
            .next()
            .is_some_and(|a| is_cjk_letter(a) || opened(a))
}

/// Whether `c`, at `i` in a link, is the ideographic comma of a title's
/// list or a heading's number (a Hexo permalink's `…-安装数据服务器、aos和客户端-step-2/`,
/// a heading's anchor `#2、google-fonts`): after a CJK letter or a digit,
/// before a letter or digit. No ASCII mark is typed as `、`, and a bare URL
/// ends before it; one ending the link is prose.
fn is_enumeration_comma(cx: &Cx<'_>, i: usize, c: char) -> bool {
    c == '\u{3001}'
        && matches!(
            cx.cand.form,
            crate::scan::Form::Link | crate::scan::Form::Angle
        )
        && (cx.url[..i].chars().next_back().is_some_and(is_cjk_letter) || {
            // A number starting its segment or fragment (`#2、…`).
            let digits = cx.url[..i].trim_end_matches(|d: char| d.is_ascii_digit());
            digits.len() < i && digits.ends_with(['/', '#', '-', '_'])
        })
        && cx.url[i + c.len_utf8()..]
            .chars()
            .next()
            .is_some_and(|a| is_cjk_letter(a) || a.is_ascii_alphanumeric())
}

/// The path segment (or the text between two `/`) holding byte `i` of
/// `url`, its slashes left out.
fn segment_around(url: &str, i: usize) -> Range<usize> {
    let start = url[..i].rfind('/').map_or(0, |k| k + 1);
    let end = url[i..].find('/').map_or(url.len(), |k| i + k);
    start..end
}

/// Whether `c`, at `i` in a link the markup ended, is a fullwidth mark
/// that joins words (a hyphen, a wave dash, a middle dot, a low line)
/// after a CJK letter and before a letter or digit: a file named after a
/// title (`…/驱动力图－2016年中盘点.png`, an image link), or any CJK mark after
/// a CJK letter ending a segment (a title's slug, `…/入坑开源项目？/`).
/// Sentence marks elsewhere are prose glued on (`…/rfc7946section-3.1.4。要在…`), a bare URL
/// never holds one (the scan ends it there), and one at a link's end is
/// prose or a mark typed for an ASCII one (`…/x.html）`).
fn is_link_name_punctuation(cx: &Cx<'_>, i: usize, c: char) -> bool {
    let (mut head, mut tail) = (cx.url[..i].chars(), cx.url[i + c.len_utf8()..].chars());
    let (before, before2) = (head.next_back(), head.next_back());
    let (after, after2) = (tail.next(), tail.next());
    // The path segment holding the mark, and whether it holds CJK letters.
    let whole = segment_around(cx.url, i);
    let cjk_segment = || cx.url[whole.clone()].chars().any(is_cjk_letter);
    // Doubled, the hyphen is a dash (`…/路上－－鄉道中108（下）`, a post's
    // slug): the letters around the pair decide.
    let word = |a: Option<char>| a.is_some_and(|a| a.is_ascii_alphanumeric() || is_cjk_letter(a));
    let joining = matches!(
        c,
        '\u{FF0D}' | '\u{301C}' | '\u{FF5E}' | '\u{30FB}' | '\u{FF3F}'
    );
    let dash = c == '\u{FF0D}';
    let joins = joining
        && ((before.is_some_and(is_cjk_letter) && word(after))
            || (dash && before.is_some_and(is_cjk_letter) && after == Some(c) && word(after2))
            || (dash && before == Some(c) && before2.is_some_and(is_cjk_letter) && word(after)));
    // Or any CJK mark ending a segment, a title's slug (dao.fm's
    // `…/vol-333-编码人声：新人该怎样入坑开源项目？/`).
    // The title may end in a word in Latin letters (taohui.tech's
    // `…/为什么nginx的性能远高于redis？/`) when its segment holds CJK ones.
    let cjk_before = before.is_some_and(is_cjk_letter);
    let segment = &cx.url[whole.start..i];
    let latin_end =
        before.is_some_and(|b| b.is_ascii_alphanumeric()) && segment.chars().any(is_cjk_letter);
    let ends_title = is_cjk_mark(c) && after == Some('/') && (cjk_before || latin_end);
    // A title's question or exclamation mark before its next word in Latin
    // letters (`…/你真的了解Emoji吗？Emoji全貌大揭秘_基本Emoji.png`, an image
    // named after its post); a full stop there is rather `.` mistyped
    // (`…/不需要派生状态。html`). A title's colon too, before its subject's
    // name (`…/Android开源框架源码鉴赏：Retrofit.md`, a GitHub file's name).
    // Or before a hyphen joining the title's next words in a slug
    // (`…/または機能しない？-5つの一般/`).
    let rest = &cx.url[i + c.len_utf8()..];
    let joined = rest.strip_prefix('-').and_then(|r| r.chars().next());
    // Or ending the link, a title's own question or exclamation after a
    // segment of CJK letters only (`…/sp/中二病也要谈恋爱！`, bilibili's page
    // named after the show); `。` or `：` there is prose.
    let ends_link = matches!(c, '\u{FF1F}' | '\u{FF01}')
        && after.is_none()
        && segment.chars().count() >= 2
        && segment.chars().all(is_cjk_letter);
    // The colon may follow a Latin word of a CJK title, too (SwiftGuide's
    // `…/AutoLayout：UITableViewCell%20自适应高度的一个例子/`); not a
    // MediaWiki namespace typed fullwidth (`…/wiki/Category：Linux发行版`).
    let latin_title = c == '\u{FF1A}'
        && segment.len() >= 2
        && segment.bytes().all(|b| b.is_ascii_alphanumeric())
        && segment.bytes().any(|b| b.is_ascii_alphabetic())
        && !cx.url[..whole.start].ends_with("/wiki/")
        && cjk_segment();
    let asks = matches!(c, '\u{FF1F}' | '\u{FF01}' | '\u{FF1A}')
        && (cjk_before || latin_title)
        && (after.is_some_and(|a| a.is_ascii_alphanumeric())
            || joined.is_some_and(|a| a.is_ascii_alphanumeric() || is_cjk_letter(a)));
    // Or a title's question or exclamation ending a file's name before its
    // extension, the segment holding CJK letters (a course's page
    // `…/00 开篇词 为什么要学OAuth 2.0？.md`).
    let ends_file_name = matches!(c, '\u{FF1F}' | '\u{FF01}')
        && (cjk_before || latin_end)
        && rest.strip_prefix('.').is_some_and(|ext| {
            (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        });
    // A joining mark after a number in a CJK title (zh.wikipedia's
    // `…/wiki/2019－2020年新型冠狀病毒肺炎事件`): the title's, when its
    // segment holds CJK letters and a digit follows.
    let year_range = joining
        && before.is_some_and(|b| b.is_ascii_digit())
        && after.is_some_and(|a| a.is_ascii_digit())
        && cjk_segment();
    // A mark inside a folder's name that holds CJK letters, the path going
    // on after it: a blog engine's page for a tag or category named so
    // (Hexo's `…/tags/kcptun，IPv6-免流/`), no prose glued on.
    // CJK punctuation proper, not a fullwidth form of a URL's own delimiter
    // (`％`, `／`, `＃`, typed with an input method for `%`, `/`, `#`).
    let name_mark = matches!(
        c,
        '\u{3001}'
            ..='\u{303F}'
                | '\u{FF0C}'
                | '\u{FF1B}'
                | '\u{FF01}'
                | '\u{FF08}'
                | '\u{FF09}'
                | '\u{FF1A}'
                | '\u{FF0B}'
    );
    // Or a file's name, the last segment ending in an extension with a
    // letter, no `.` before the mark, the mark no full stop
    // (`…/向前环形搜索到脏entry，向后环形查找到…的情况.png`, an image named
    // after its caption). Prose glued to a link's last segment ends in no
    // extension (`…/jessie/unrar，试用xx天一例`) or follows a file's name
    // or a version (`…/guide.html，以及readme.md`, `…/v1.2，最新版v1.3`), and
    // `…/麦轮。png` is a full stop typed for `.`.
    let file = file_name(&cx.url[whole.clone()]);
    let names_file = c != '\u{3002}'
        && !segment.contains('.')
        && file.is_some_and(|(_, ext)| ext.bytes().any(|b| b.is_ascii_alphabetic()));
    // A MediaWiki namespace typed fullwidth is a typo wherever it is
    // (`…/wiki/File：中国地图.png`).
    let namespace = c == '\u{FF1A}' && cx.url[..whole.start].ends_with("/wiki/");
    let folder = name_mark
        && cx.parts.path.contains(&i)
        && whole.start < i
        && cx.url[i + c.len_utf8()..whole.end]
            .chars()
            .any(char::is_alphanumeric)
        && (cx.parts.path.contains(&whole.end) || names_file)
        && !namespace
        && cjk_segment()
        // A name's characters only: not prose and another link glued on
        // (`…/dabit3）我是[AWS Mobile](https://…/`).
        && cx.url[whole.clone()]
            .chars()
            .all(|n| n.is_alphanumeric() || is_cjk_mark(n) || matches!(n, '-' | '_' | '.' | '%'))
        && !cx.url[whole.end..].contains("://");
    // A file named with marks alone, in a path of CJK names (an emoji
    // set's `…/那兔/。。。.png`, the sticker of an ellipsis).
    let marks_file = name_mark
        && cx.parts.path.contains(&i)
        && file.is_some_and(|(stem, _)| stem.chars().all(is_cjk_mark))
        && cx.text(cx.parts.path.clone()).chars().any(is_cjk_letter);
    (joins
        || marks_file
        || year_range
        || ends_title
        || asks
        || ends_link
        || ends_file_name
        || folder)
        && cx.cand.form == crate::scan::Form::Link
}

/// A segment's stem and extension when it names a file: a stem, a `.`, and
/// one to five ASCII letters or digits.
fn file_name(segment: &str) -> Option<(&str, &str)> {
    segment.rsplit_once('.').filter(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Whether `c`, at `i`, is CJK or fullwidth punctuation in a link's
/// client-side route (`#/…`) after a CJK letter or a circled number: a
/// page's title in a docsify site, whose link the markup ended
/// (`…/#/13.SpringCloud架构剖析/…/02.Nacos架构原理①：一条注册请求会经历什么？`).
fn is_route_title_punctuation(cx: &Cx<'_>, i: usize, c: char) -> bool {
    is_cjk_mark(c)
        && cx.cand.form == crate::scan::Form::Link
        && cx
            .parts
            .fragment
            .as_ref()
            .is_some_and(|f| f.contains(&i) && cx.url[f.clone()].starts_with('/'))
        && cx.url[..i]
            .chars()
            .next_back()
            .is_some_and(|p| is_cjk_letter(p) || matches!(u32::from(p), 0x2460..=0x24FF))
}

/// Whether `c`, at `i`, is CJK or fullwidth punctuation ending a link's
/// `?id=` (its query's, or its route's) that names a heading by its words:
/// docsify's anchor keeps the heading's own `？`
/// (`…/find-common-urls?id=如何从大量的-url-中找出相同的-url？`, the heading
/// "如何从大量的 URL 中找出相同的 URL？"), whose link the markup ended. The id
/// must hold a CJK letter; `…?id=x？` is still reported.
fn is_heading_id_punctuation(cx: &Cx<'_>, i: usize, c: char) -> bool {
    let head = &cx.url[..i];
    is_cjk_mark(c)
        && cx.cand.form == crate::scan::Form::Link
        && i + c.len_utf8() == cx.url.len()
        && (head.rfind("?id=").is_some_and(|at| {
            let id = &head[at + 4..];
            !id.contains('&') && id.chars().any(is_cjk_letter)
        }) || heading_fragment(cx, head))
}

/// Whether `head` ends in a link's fragment naming a heading by its CJK
/// words, joined by `-` (`…/events.html#为什么在-HTML-中监听事件`, the
/// heading "为什么在 HTML 中监听事件？"), a CJK letter last: the mark after
/// it is the heading's own.
fn heading_fragment(cx: &Cx<'_>, head: &str) -> bool {
    cx.parts.fragment.as_ref().is_some_and(|f| {
        let frag = head.get(f.start..).unwrap_or_default();
        is_heading_slug(frag) && head.chars().next_back().is_some_and(is_cjk_letter)
    })
}

/// Whether `frag` reads as a heading's words joined by `-`, holding no ASCII
/// mark but `-` and `_` (`#readconcern."majority"%29如果您…` is another
/// page's anchor with prose glued on).
fn is_heading_slug(frag: &str) -> bool {
    frag.contains('-')
        && !frag
            .bytes()
            .any(|c| c.is_ascii_punctuation() && c != b'-' && c != b'_')
}

/// Whether `c`, at `i`, is CJK punctuation inside a link's fragment that
/// names a CJK heading by its words joined by `-`, a word on each side
/// (`…/select_poll_epoll.html#io-多路复用之select、poll、epoll详解`): the
/// heading's own, which the anchor keeps.
fn is_inside_heading_fragment(cx: &Cx<'_>, i: usize, c: char) -> bool {
    let word = |x: char| x.is_alphanumeric();
    is_cjk_mark(c)
        && cx.cand.form == crate::scan::Form::Link
        && cx.parts.fragment.as_ref().is_some_and(|f| {
            let frag = cx.text(f.clone());
            f.contains(&i) && is_heading_slug(frag) && frag.chars().any(is_cjk_letter)
        })
        && cx.url[..i].chars().next_back().is_some_and(word)
        && cx.url[i + c.len_utf8()..].chars().next().is_some_and(word)
}

/// Whether `c`, at `i`, is CJK punctuation in a link's fragment that is a
/// heading's text as it stands, the id cnblogs and other blog engines give
/// a heading (`…/p/13506946.html#什么是分布式锁？`, `#1、概述`): the fragment
/// starts with a letter or digit, holds CJK letters and no ASCII mark but
/// `-`, `_` and `.`, and a letter or digit stands before the mark. Or a
/// text fragment's quoted passage (`#:~:text=焦点小组，即小组`), a browser's
/// link to words on the page.
fn is_heading_text_fragment(cx: &Cx<'_>, i: usize, c: char) -> bool {
    if !is_cjk_mark(c) || cx.cand.form != crate::scan::Form::Link {
        return false;
    }
    let Some(f) = cx.parts.fragment.clone().filter(|f| f.contains(&i)) else {
        return false;
    };
    let frag = cx.text(f.clone());
    if frag.starts_with(":~:text=") {
        return true;
    }
    // A hash route's page, then its heading (ruanyifeng's
    // `#docs/string-methods#实例方法：padStart()，padEnd()`): the heading is
    // what follows the last `#`, and may name functions, `()` paired.
    // After a route, its words may all be Latin, a CJK comma between
    // them (`#docs/object-methods#Object.keys()，Object.values()`,
    // `#__proto__属性，…`).
    let route = frag.rfind('#');
    let start = route.map_or(f.start, |k| f.start + k + 1);
    if i < start {
        return false;
    }
    let text = cx.text(start..f.end);
    let heading = (text.starts_with(|x: char| x.is_alphanumeric())
        || (route.is_some() && text.starts_with('_')))
        && (route.is_some() || text.chars().filter(|&x| is_cjk_letter(x)).count() >= 2)
        && !text.bytes().any(|x| {
            x.is_ascii_punctuation()
                && !matches!(x, b'-' | b'_' | b'.')
                && !(route.is_some() && matches!(x, b'(' | b')'))
        })
        && parens_pair(text);
    // Last, only a heading's own question, exclamation or colon: a full
    // stop or comma there is prose's (`#安装步骤。`).
    let last = i + c.len_utf8() == cx.url.len();
    heading
        && (!last || matches!(c, '\u{FF1F}' | '\u{FF01}' | '\u{FF1A}'))
        && cx.url[..i]
            .chars()
            .next_back()
            .is_some_and(|b| b.is_alphanumeric() || (route.is_some() && b == ')'))
}

/// Whether every `(` in `s` is closed by a `)` after it and every `)`
/// closes one.
fn parens_pair(s: &str) -> bool {
    let mut depth = 0usize;
    for b in s.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// Whether `c`, at `i`, is the ideographic comma of a file's number at
/// the start of its name (`…/Presentations/41、benchmarksql-report.pdf`):
/// Chinese numbers a list so, and the file kept its place in one.
fn is_file_numbering(url: &str, i: usize, c: char) -> bool {
    let digits = url[..i].len()
        - url[..i]
            .trim_end_matches(|d: char| d.is_ascii_digit())
            .len();
    c == '\u{3001}'
        && (1..=3).contains(&digits)
        && url[..i - digits].ends_with('/')
        && url[i + c.len_utf8()..]
            .chars()
            .next()
            .is_some_and(|n| n.is_ascii_alphanumeric() || is_cjk_letter(n))
}

/// Whether `c`, at `i`, is a zero-width non-joiner or joiner after a
/// letter beyond ASCII: Persian and Azerbaijani spelling writes one inside
/// words (Wikipedia's `…/wiki/اورمو_بؤلگه‌سی‌نین_کندلری`), as Indic scripts
/// do, so the page's own title holds it. After ASCII, or alone, it is an
/// invisible character pasted in.
fn is_word_joiner(url: &str, i: usize, c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
        && url[..i].chars().next_back().is_some_and(|b| {
            // A vowel sign or virama of an Indic script (Kannada's and
            // Sinhala's `್‌`) is no letter, but the word's.
            !b.is_ascii() && (b.is_alphabetic() || matches!(u32::from(b), 0x0900..=0x0DFF))
        })
}

/// Whether `c` is CJK or fullwidth punctuation (the ideographic space
/// aside, which separates words).
fn is_cjk_mark(c: char) -> bool {
    matches!(u32::from(c), 0x3001..=0x303F | 0xFF01..=0xFF0F | 0xFF1A..=0xFF20)
}

/// Whether `c` is a CJK letter: an ideograph, kana or a Hangul syllable.
fn is_cjk_letter(c: char) -> bool {
    matches!(u32::from(c), 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// CJK brackets, each opener with its closer.
const CJK_BRACKETS: [(char, char); 8] = [
    ('\u{300A}', '\u{300B}'), // 《 》
    ('\u{3008}', '\u{3009}'), // 〈 〉
    ('\u{300C}', '\u{300D}'), // 「 」
    ('\u{300E}', '\u{300F}'), // 『 』
    ('\u{3010}', '\u{3011}'), // 【 】
    ('\u{3014}', '\u{3015}'), // 〔 〕
    ('\u{FF08}', '\u{FF09}'), // （ ）
    ('\u{FF02}', '\u{FF02}'), // ＂ ＂
];

/// Whether `c`, at `i` in a link's path, is a Chinese curly quote around
/// words of a title made its slug, opened right after a CJK letter and
/// closed in the same segment, not empty (`SwiftGuide`'s link
/// `…/可视化编程-Tips-之“消灭重复的代码之-UITableView-篇”/`). A quoted title
/// glued on after a Latin word or a file's name (`…/7890“解决方法”`,
/// `…/detail.html“解决方法”`) is prose typed with an input method.
fn is_title_quote(cx: &Cx<'_>, i: usize, c: char) -> bool {
    const OPEN: char = '\u{201C}';
    const CLOSE: char = '\u{201D}';
    if cx.cand.form != crate::scan::Form::Link || !cx.parts.path.contains(&i) {
        return false;
    }
    let segment = segment_around(cx.url, i);
    let opened_after_letter =
        |at: usize| cx.url[..at].chars().next_back().is_some_and(is_cjk_letter);
    match c {
        OPEN => {
            opened_after_letter(i)
                && cx.url[i + OPEN.len_utf8()..segment.end]
                    .find(CLOSE)
                    .is_some_and(|k| k > 0)
        }
        CLOSE => cx.url[segment.start..i].rfind(OPEN).is_some_and(|k| {
            let at = segment.start + k;
            opened_after_letter(at) && at + OPEN.len_utf8() < i
        }),
        _ => false,
    }
}

/// Whether `c`, at `i` in a link's path or fragment, is a CJK bracket
/// closed (or opened) in the same path segment, or fragment, that holds a
/// CJK letter: a post's title made its slug (`…/13/《Python自然语言处理》
/// 阅读笔记（一）`), or a heading's anchor
/// (`…/wiki/…#程式語言等級的虛擬化（Programming_Language_Level）`, a
/// docsify page's `?id=开发sdk（spring-boot-starter）`), whose link the
/// markup ended. An unpaired one (`…/x.html）`, typed for `)`),
/// or a pair in a name with no CJK letter, is still reported.
fn is_title_bracket(cx: &Cx<'_>, i: usize, c: char) -> bool {
    if !matches!(
        cx.cand.form,
        crate::scan::Form::Link | crate::scan::Form::Angle
    ) {
        return false;
    }
    let (seg_start, seg_end) = if cx.parts.path.contains(&i) {
        let path = cx.parts.path.clone();
        (
            cx.url[path.start..i]
                .rfind('/')
                .map_or(path.start, |k| path.start + k + 1),
            cx.url[i..path.end].find('/').map_or(path.end, |k| i + k),
        )
    } else if let Some(f) = cx.parts.fragment.clone().filter(|f| f.contains(&i)) {
        (f.start, f.end)
    } else if let Some(q) = cx.parts.query.clone().filter(|q| q.contains(&i)) {
        // A query's parameter: a docsify heading's `?id=开发sdk（spring-boot-starter）`.
        let p = parameter_around(cx.url, q, i);
        (p.start, p.end)
    } else {
        return false;
    };
    let after = &cx.url[i + c.len_utf8()..seg_end];
    let before = &cx.url[seg_start..i];
    // In a query's parameter the title opens the value: prose glued on
    // after a Latin value (`?utm_source=tuicool（语法篇）`) is reported.
    let in_query = cx.parts.query.as_ref().is_some_and(|q| q.contains(&i));
    let named = || {
        if in_query {
            let value = before.split_once('=').map_or(before, |(_, v)| v);
            let opens = |x: char| CJK_BRACKETS.iter().any(|&(o, _)| o == x);
            value
                .split(opens)
                .next()
                .is_some_and(|head| head.chars().any(is_cjk_letter))
        } else {
            before.chars().chain(after.chars()).any(is_cjk_letter)
        }
    };
    CJK_BRACKETS.iter().any(|&(open, close)| {
        (c == open && after.contains(close) || c == close && before.contains(open)) && named()
    })
}

/// Whether `c`, at `i`, is a typographic apostrophe inside a word of a
/// link's path (`…/article/2021/raspberry-pi’s-ninth-birthday.md`) or a
/// quote around a slug's words there (`…-by-‘build-an-app’-…`): the file
/// or page is named so, and the markup gave the link's end. A bare URL's
/// `’s` is still reported: there the possessive is prose glued on.
fn is_name_quote(cx: &Cx<'_>, i: usize, c: char) -> bool {
    let before = cx.url[..i].chars().next_back();
    let after = cx.url[i + c.len_utf8()..].chars().next();
    // A slug's quoted words (pixelstech's `…-misled-by-‘build-an-app-in-5-
    // minutes’%3a-in-depth-…`): `‘` opening a word after a separator, `’`
    // closing one before a separator.
    let separator = |c: Option<char>| c.is_some_and(|c| matches!(c, '-' | '_' | '/' | '%' | '.'));
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    // An elision between a title's words (German Wikipedia's
    // `…/wiki/Rock_’n’_Roll_Highschool`): `’` opening a word after a
    // separator, its partner closing it in the same segment.
    let elision = || {
        let from = i + c.len_utf8();
        separator(before)
            && word(after)
            && cx.url[from..segment_around(cx.url, i).end]
                .find('\u{2019}')
                .is_some_and(|k| {
                    let at = from + k;
                    word(cx.url[..at].chars().next_back())
                        && separator(cx.url[at + '\u{2019}'.len_utf8()..].chars().next())
                })
    };
    // A file's words in double quotes, German `„…“` or English `“…”` (a
    // magazine's upload `…/Terroristen-„Aktivisten“-.jpg`, the file named
    // so): the opening one after a separator before a word, its partner
    // closing a word before a separator, both in one segment that ends in
    // an extension. German's opening mark may stand alone there (the
    // upload `…/Was-Baerbock-für-„paris-kompatibel-hält_.jpg`). A page's
    // slug drops the quotes (WordPress'), so one holding them is a slip
    // (`…/the-return-of-the-“who-are-you”-thread/`).
    // Paired by place: the opener's partner closes a word before a
    // separator, the closer's opens one after a separator.
    let file_name = || {
        let segment = &cx.url[segment_around(cx.url, i)];
        segment.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        })
    };
    let closing_at = |k: usize, m: char| {
        word(cx.url[..k].chars().next_back())
            && separator(cx.url[k + m.len_utf8()..].chars().next())
    };
    let opening_at = |k: usize, m: char| {
        separator(cx.url[..k].chars().next_back())
            && word(cx.url[k + m.len_utf8()..].chars().next())
    };
    let opens = |partner: char| {
        let end = segment_around(cx.url, i).end;
        let from = i + c.len_utf8();
        separator(before)
            && word(after)
            && cx.url[from..end]
                .match_indices(partner)
                .any(|(k, _)| closing_at(from + k, partner))
    };
    let closes = |partner: char| {
        let start = segment_around(cx.url, i).start;
        word(before)
            && separator(after)
            && cx.url[start..i]
                .match_indices(partner)
                .any(|(k, _)| opening_at(start + k, partner))
    };
    let placed = match c {
        '\u{2019}' => word(before) && (word(after) || separator(after)) || elision(),
        '\u{2018}' => separator(before) && word(after),
        '\u{201e}' => file_name() && separator(before) && word(after),
        '\u{201c}' => file_name() && (opens('\u{201d}') || closes('\u{201e}')),
        '\u{201d}' => file_name() && closes('\u{201c}'),
        _ => false,
    };
    placed
        && matches!(
            cx.cand.form,
            crate::scan::Form::Link | crate::scan::Form::Angle
        )
        && cx.parts.path.contains(&i)
}

/// Whether `i` is in a link's query that holds a sentence (spaces,
/// encoded or not, `?text=🎁%20“Learn%20React”%20by…`, a share link's
/// post, Google Books' `&dq=*Ms*+“Surviving+the+Unbelievable”`), or in a
/// fragment that passes one as a parameter (Mastodon's share page,
/// `#text=What’s the right way…`): its quotes and ellipses are the
/// sentence's, meant, and browsers encode them. (A raw space is
/// `unsafe-character`'s to report.) Only a sentence's punctuation: an
/// invisible or bidirectional control there is still reported.
fn in_sentence_query(cx: &Cx<'_>, i: usize, c: char) -> bool {
    if !is_sentence_mark(c) {
        return false;
    }
    let sentence = |r: &std::ops::Range<usize>| {
        let part = &cx.url[r.clone()];
        r.contains(&i)
            && (part.matches("%20").count() + part.matches([' ', '+']).count() >= 2
                || (message_parameter(cx.url, r.clone(), i)
                    && !cx.url[cx.parts.path.clone()].ends_with("index.php")))
    };
    // Parameters, not an anchor: `text=`, Google Books' `#v=onepage&q=…`
    // (a name first: `#：~：text=`, a text fragment's directive mangled by a
    // translation, is still reported).
    // A text fragment's passage too (`#:~:text=It’s%20interesting%20…`), a
    // browser's link to words on the page, quoted as the page has them.
    let shared_text = |r: &std::ops::Range<usize>| {
        let f = &cx.url[r.clone()];
        let name = f.bytes().take_while(u8::is_ascii_alphanumeric).count();
        (name > 0 && f.as_bytes().get(name) == Some(&b'=')) || f.starts_with(":~:text=")
    };
    matches!(
        cx.cand.form,
        crate::scan::Form::Link | crate::scan::Form::Angle
    ) && (cx.parts.query.as_ref().is_some_and(sentence)
        || cx
            .parts
            .fragment
            .as_ref()
            .is_some_and(|f| shared_text(f) && sentence(f)))
}

/// Whether byte `i` of a query or fragment (`url[r]`) is in the value of a
/// parameter that carries a message holding a CJK letter (Chinese,
/// Japanese or Korean): a share link's post, `?text=【非公式】AtCoderが…`,
/// `title=`, `body=`, `subject=`, `summary=`, `description=`, `quote=`,
/// `status=`, `message=`, or a search's words, the mark inside them (`q=`,
/// `wd=`, Google Scholar's `as_epq=`), or a text fragment's passage
/// (`#:~:text=检查电脑…“设备管理器”`).
fn message_parameter(url: &str, r: Range<usize>, i: usize) -> bool {
    let around = parameter_around(url, r, i);
    let param = &url[around.clone()];
    let Some(eq) = param.find('=').filter(|&eq| around.start + eq < i) else {
        return false;
    };
    let name = param[..eq].strip_prefix(":~:").unwrap_or(&param[..eq]);
    // A search's words, the mark inside them: one ending the link may be
    // prose's (`?q=如何-url？`).
    let search = [
        "q", "query", "search", "keyword", "keywords", "kw", "wd", "as_q", "as_epq", "as_oq",
    ]
    .iter()
    .any(|n| name.eq_ignore_ascii_case(n))
        && url[i..].chars().nth(1).is_some();
    (search
        || [
            "text",
            "title",
            "body",
            "subject",
            "summary",
            "description",
            "quote",
            "status",
            "message",
        ]
        .iter()
        .any(|n| name.eq_ignore_ascii_case(n)))
        && param[eq + 1..].chars().any(is_cjk_letter)
}

/// The parameter of a query or fragment (`url[r]`, parameters split at
/// `&`) that holds byte `i`.
fn parameter_around(url: &str, r: Range<usize>, i: usize) -> Range<usize> {
    let start = url[r.start..i]
        .rfind('&')
        .map_or(r.start, |k| r.start + k + 1);
    let end = url[i..r.end].find('&').map_or(r.end, |k| i + k);
    start..end
}

/// Whether `c` is punctuation a sentence holds: curly quotes and
/// apostrophes, guillemets, dashes, an ellipsis, CJK and fullwidth marks;
/// not a zero-width, bidirectional or private-use character.
fn is_sentence_mark(c: char) -> bool {
    matches!(u32::from(c), 0x2010..=0x2027 | 0x2030..=0x205E | 0x00AB | 0x00BB | 0x3000..=0x303F | 0xFF01..=0xFF65)
}

/// Whether an IRI (RFC 3987 `ucschar`) may hold `c` as it is, leaving out
/// what is never meant as part of an address written in a document:
/// spaces, invisible and bidirectional formatting characters (RFC 3987
/// §4.1), private use, non-characters and specials, and the punctuation of
/// the General Punctuation, CJK Symbols and fullwidth-ASCII blocks
/// (curly quotes, `…`, `。`, `，`; dashes aside), which is prose glued to
/// a URL.
fn is_iri_char(c: char) -> bool {
    let u = u32::from(c);
    let invisible = matches!(
        u,
        0xAD | 0x34F | 0x61C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180E | 0x3164 | 0xFEFF
    );
    // Dashes (U+2010–2015) are left out: inside a delimited URL they are
    // a title's (`wiki/Elliptic-curve_Diffie–Hellman`); a bare URL ends
    // before one anyway.
    let punctuation = matches!(u, 0x2000..=0x200F | 0x2016..=0x206F | 0x3000..=0x303F | 0xFF01..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65);
    let private = matches!(u, 0xE000..=0xF8FF | 0xF0000..);
    let nonchar = matches!(u, 0xFDD0..=0xFDEF | 0xFFF0..=0xFFFF) || u & 0xFFFE == 0xFFFE;
    !(c.is_whitespace() || c.is_control() || invisible || punctuation || private || nonchar)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_inside_the_fragment_is_fine_under_rfc3986() {
        use crate::rules::testutil::{table_3986, underlined_with};
        use crate::url::Standard;
        let url = "https://matrix.to/#/#tldr-pages:matrix.org";
        table_3986(
            crate::rules::Rule::UnsafeCharacter,
            &[
                (url, &[]),
                ("https://a.example/a#b|c", &[]),
                ("https://a.example/a|b#c", &["|"]),
            ],
        );
        assert_eq!(
            underlined_with(url, crate::rules::Rule::UnsafeCharacter, Standard::Rfc1738),
            ["#"]
        );
    }

    use crate::document::Syntax;
    use crate::rules::testutil::{
        cand, cand_with, diagnostics, diagnostics_with, table, table_3986,
    };
    use crate::rules::Rule;
    use crate::scan::{Facts, Form};
    use crate::url::Standard;

    /// Whether `unsafe-character` fires on the one URL of a Markdown
    /// document under the default standard.
    fn unsafe_in_markdown(text: &str) -> bool {
        unsafe_in(Syntax::Markdown, text, Standard::Rfc3986)
    }

    /// Whether `unsafe-character` fires on the one URL of a document.
    fn unsafe_in(syntax: crate::document::Syntax, text: &str, standard: Standard) -> bool {
        crate::rules::testutil::document_rules(syntax, text, standard)
            .contains(&Rule::UnsafeCharacter)
    }

    #[test]
    fn unsafe_character_under_rfc3986() {
        table_3986(
            Rule::UnsafeCharacter,
            &[
                ("http://host/~user/", &[]),
                ("http://[::1]:80/a", &[]),
                ("http://[2001:db8::1]/", &[]),
                ("http://h/[x]", &["[", "]"]),
                ("http://host/a|b~c", &["|"]),
                ("http://host/a b", &[" "]),
                // A shell's or tox's escape is not URL text; a Windows path is.
                ("http://h/x?a=1\\&b=2", &[]),
                // cmd.exe's `^&`; a caret before anything else is reported.
                ("https://h/geocubes?x=1^&bbox=2", &[]),
                ("https://h/doc_for?object=f%28%28^%29/2%29", &[]),
                ("https://h/a^b?x=1", &["^"]),
                ("git+https://h/r\\#egg=x", &[]),
                ("http://h/a\\b", &["\\"]),
                ("https://h.gov/files/Squid\\_W.png", &[]),
                // Written in a string: `\\_` is `\_` once read. Near
                // misses: three backslashes, or two before a letter.
                ("https://en.wikipedia.org/wiki/Hard\\\\_disk\\\\_drive", &[]),
                ("https://h/a\\\\\\_b", &["\\\\"]),
                ("https://h/a\\\\b", &["\\\\"]),
                (
                    "https://chromium.googlesource.com/chromium/src/\\+/HEAD/x.md",
                    &[],
                ),
                ("https://unpkg.com/reveal.js@^5/dist/reveal.css", &[]),
                // git's parent-of mark in a compare view (nbsphinx's docs).
                (
                    "https://github.com/spatialaudio/nbsphinx/compare/rtd-theme^...rtd-theme",
                    &[],
                ),
                ("https://github.com/o/r/commit/abc123^", &[]),
                // Gitiles' commit and its parent, the diff shown; near
                // miss: no `!` after it.
                (
                    "https://chromium.googlesource.com/codecs/libwebp2/+/1251ca7^%21/",
                    &[],
                ),
                ("https://chromium.googlesource.com/x/+/1251ca7^!/", &[]),
                ("https://chromium.googlesource.com/x/+/1251ca7^/", &["^"]),
                ("https://h.example/docs/a^...b", &["^"]),
                ("https://github.com/o/r/compare/^x", &["^"]),
                ("https://github.com/o/r/tree/main/x?usp=sharing^", &["^"]),
                ("https://h/a^5", &["^"]),
                // gtk-doc's escaped at-sign outside the web's schemes; in
                // a web URL a browser reads the `\` as `/`.
                ("multifile://start:stop\\@location-pattern", &[]),
                ("http://a.example\\@b.example/", &["\\"]),
                ("wss://a.example\\@b.example/", &["\\"]),
                // In a query, after the host: a shell's escaped at-sign.
                ("http://127.0.0.1:8080/query?email=123\\@qq.com", &[]),
                // AsciiDoc's escaped address in a link's target; a
                // backslash before a word that is no address stays.
                (
                    "https://lists.apache.org/list.html?\\user@cassandra.apache.org",
                    &[],
                ),
                ("https://h/list.html?\\user@localhost", &["\\"]),
                // In the authority a browser reads the `\` as `/`: no escape.
                ("http://a.example\\user@b.example/", &["\\"]),
                ("https://h/a\\user", &["\\"]),
                ("https://www.openssl.org/\\~bodo/tls-cbc.txt", &[]),
                ("https://h.org/generics/BillG\\%20Review\\%202001.ppt", &[]),
                // Near miss: a backslash before an escape's digits.
                ("https://h.org/generics/BillG\\20Review.ppt", &["\\"]),
                ("https://h.org/api/count?include\\[\\]=linux&b=x", &[]),
                ("https://h.org/a\\[1\\]/b", &["[", "]"]),
            ],
        );
        assert_eq!(
            crate::rules::testutil::underlined_with(
                "http://h/x?a=1\\&b=2",
                Rule::UnsafeCharacter,
                Standard::Rfc1738
            ),
            ["\\"]
        );
    }

    #[test]
    fn iris_under_rfc3986() {
        // tldr-pages, lychee, linkify: IRIs a maintainer keeps.
        table_3986(
            Rule::NonAsciiCharacter,
            &[
                ("http://\u{f6}rnek.com", &[]),
                ("https://exemplu.com/fi\u{219}ier.patch", &[]),
                ("https://host.tld/\u{444}\u{430}\u{439}\u{43b}.key", &[]),
                (
                    "https://wiki.archlinux.org/title/List_(\u{6b63}\u{9ad4})",
                    &[],
                ),
                ("http://a.com/\u{3a9}\u{2248}", &[]),
                ("http://h/caf\u{e9}?q=\u{e9}#\u{e9}", &[]),
                (
                    "https://en.wikipedia.org/wiki/Elliptic-curve_Diffie\u{2013}Hellman",
                    &[],
                ),
                // Invisible, space and prose punctuation are never meant.
                ("http://h/a\u{200b}b", &["\u{200b}"]),
                ("http://h/a\u{a0}b", &["\u{a0}"]),
                ("http://h/a\u{ad}b", &["\u{ad}"]),
                ("http://h/a\u{202e}b", &["\u{202e}"]),
                ("http://h/a\u{201d}", &["\u{201d}"]),
                ("http://h/caf\u{e9}\u{2026}", &["\u{2026}"]),
                ("http://h/a\u{3002}", &["\u{3002}"]),
                ("http://h/\u{e000}", &["\u{e000}"]),
                // A CJK title's own colon between two ideographs; near
                // misses: after ASCII, at the end, an ideographic space.
                (
                    "https://h/GitHub%202020%20\u{62a5}\u{544a}\u{ff1a}\u{5168}\u{7403}.pdf",
                    &[],
                ),
                ("https://h/a.html\u{ff09}", &["\u{ff09}"]),
                ("https://h/a\u{ff1f}b=\u{5168}", &["\u{ff1f}"]),
                ("https://h/\u{62a5}\u{ff0c}", &["\u{ff0c}"]),
                ("https://h/\u{62a5}\u{3000}\u{5168}", &["\u{3000}"]),
            ],
        );
    }

    #[test]
    fn a_generators_anchor_in_an_html_attribute_under_rfc3986() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        // coqdoc's notations, javadoc's generics (coqdoc's subscripts,
        // `#b<sub>1</sub>`, are read as a template's `<name>`).
        for href in [
            "http://a.example/Peano.html#:nat_scope:x_'>'_x",
            "http://a.example/L.html#:type_scope:x_'<>'_x",
            "http://a.example/L.html#:type_scope:x_'/\\'_x",
            "http://a.example/j.html#sort(java.util.List<java.lang.String>)",
        ] {
            let html = format!("<p><a href=\"{href}\">x</a></p>\n");
            assert!(!unsafe_in(Syntax::Html, &html, Standard::Rfc3986), "{href}");
            assert!(unsafe_in(Syntax::Html, &html, Standard::Rfc1738), "{href}");
        }
        // Near miss: in Markdown, where no generator wrote it.
        assert!(document_rules(
            Syntax::Markdown,
            "[a](http://a.example/L.html#:type_scope:x_'<>'_x)\n",
            Standard::Rfc3986
        )
        .contains(&Rule::UnsafeCharacter));
    }

    #[test]
    fn a_bracketed_name_in_a_links_path_under_rfc3986() {
        use crate::document::Syntax;
        for md in [
            "[paper](https://infoscience.epfl.ch/record/200525/files/[EN]ASNA09.pdf)\n",
            "[pdf](http://vpb.a.example/[Tech]%20blockchain/Overview.pdf)\n",
            "[post](http://www.a.example/angularjs/2014-08-19-[%E8%AF%91]scope/)\n",
            "[book](<https://pan.a.example/Design%20[RISC-V]%20(2017).pdf>)\n",
            "see http://cdn.a.example/ppt/Foundations_of_streaming_SQL_[QCon_London_2018].pptx\n",
        ] {
            assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986), "{md}");
            assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc1738), "{md}");
        }
        // Near misses: empty, an ellipsis, a pair and a lone one, a blank
        // inside, a lone one, and a wrapper's (which may be rejoined
        // across blanks).
        for md in [
            "[p](https://blog.a.example/ember-released-4-3[]/)\n",
            "[p](https://gitlab.com/a/b/-/blob[…]ain/x.md)\n",
            "[p](https://a.example/x[a]]b/c)\n",
            "[p](https://a.example/report.pdf[1])\n",
            "[p](https://a.example/docs/Guide[PDF]/x.html)\n",
            "[p](https://a.example/x[a b]/z)\n",
            "[p](https://a.example/x]y/z)\n",
            "see <http://a.example/files/[EN]\n  ASNA09.pdf> now\n",
        ] {
            assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc3986), "{md}");
        }
    }

    #[test]
    fn a_quoted_nickname_in_a_links_title_under_rfc3986() {
        use crate::document::Syntax;
        let md = "| [Jon \"maddog\" Hall](https://en.wikipedia.org/wiki/Jon_\"maddog\"_Hall) |\n";
        assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
        assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc1738));
        // Near misses: a lone quote, a quote glued on, two words quoted.
        for md in [
            "[p](https://a.example/wiki/Jon_\"maddog_Hall)\n",
            "[p](https://a.example/wiki/Jon_Hall\")\n",
            "[p](https://a.example/wiki/Jon_\"mad_dog\"_Hall)\n",
            "[p](https://a.example/2010/the-5-why-\"so-what\"_test/)\n",
            "[p](https://a.example/2010/the-5-why-\"so what\"-test/)\n",
        ] {
            assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc3986), "{md}");
        }
        // A quoted word between a slug's hyphens, in a reference
        // definition with its title.
        let md = "[4]: http://lssacademy.com/2010/01/10/introducing-the-5-why-\"so-what\"-test/ \"View the article\"\n";
        assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
    }

    #[test]
    fn an_ed2k_links_bars_under_rfc3986() {
        let link = "ed2k://|file|ubuntu.iso|734003200|8A7D1F3A2B4C5D6E7F8091A2B3C4D5E6|/";
        table_3986(
            Rule::UnsafeCharacter,
            &[(link, &[]), ("http://h/a|b|c|/", &["|", "|", "|"])],
        );
        table(Rule::UnsafeCharacter, &[(link, &["|", "|", "|", "|", "|"])]);
    }

    #[test]
    fn a_generic_signature_and_a_sici_doi_in_any_link_under_rfc3986() {
        use crate::document::Syntax;
        for md in [
            // A method anchor copied from the Android reference.
            "[cb](https://developer.android.com/reference/a/M#onChanged(java.util.List<a.b.C>))\n",
            "[m](https://a.example/j#put(java.util.Map<java.lang.String,java.util.List<java.lang.Integer>>))\n",
            // Wiley's SICI DOIs, at doi.org and dx.doi.org.
            "[d](https://doi.org/10.1002/(SICI)1098-231X(200003)37:3<247::AID-TEA2>3.0.CO;2-O)\n",
            "[e](http://dx.doi.org/10.1002/1097-0142(1950)3:1<32::aid-cncr2820030106>3.0.co;2-3)\n",
        ] {
            assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986), "{md}");
            assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc1738), "{md}");
        }
        // Near misses: unpaired brackets, a blank in the signature, an
        // item code anywhere but doi.org, and no item code at all.
        for md in [
            "[b](https://a.example/x#f(java.util.List<T))\n",
            "[b](https://a.example/x#f(List<T> x))\n",
            "[b](https://a.example/x#f(List>T<))\n",
            "[c](https://example.org/10.1002/a<1::b>c)\n",
            "[c](https://doi.org/10.1002/a<12>c)\n",
            "[c](https://doi.org/10.1002/(SICI)1098-231X(200003)37:3<247:AID-TEA2>3.0.CO;2-O)\n",
        ] {
            assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc3986), "{md}");
        }
    }

    #[test]
    fn an_operators_anchor_in_a_link_under_rfc3986() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        // Elm's guide: `[pipe]: https://…/Basics#|&gt;`, decoded to `#|>`.
        let md = "See [pipe].\n\n[pipe]: https://package.elm-lang.org/packages/elm/core/latest/Basics#|&gt;\n";
        assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
        assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc1738));
        // Near misses: a word before the mark, and a run too long to be
        // an operator's name.
        assert!(unsafe_in(
            Syntax::Markdown,
            "[a](https://a.example/x#tap>)\n",
            Standard::Rfc3986
        ));
        assert!(unsafe_in(
            Syntax::Markdown,
            "[b](https://a.example/x#>>>>>)\n",
            Standard::Rfc3986
        ));
        // Janet's function pages named by an operator, its `=` escaped or
        // not; near misses: a word before the mark, as for `#tap>`, and a
        // `>` alone after the last `/`, a wrapper's closer typed in.
        for page in ["<", "->>", ">%3d", ">="] {
            let html = format!("<a href=\"https://janetdocs.org/{page}\">x</a>\n");
            let rules = document_rules(Syntax::Html, &html, Standard::Rfc3986);
            assert!(!rules.contains(&Rule::UnsafeCharacter), "{page}");
        }
        for html in [
            "<a href=\"https://janetdocs.org/compare<\">x</a>\n",
            "<a href=\"http://purl.org/vocab/relationship/>\">x</a>\n",
        ] {
            let rules = document_rules(Syntax::Html, html, Standard::Rfc3986);
            assert!(rules.contains(&Rule::UnsafeCharacter), "{html}");
        }
    }

    #[test]
    fn a_javadoc_signature_anchor_in_an_html_attribute_under_rfc3986() {
        use crate::document::Syntax;
        let html = "<A HREF=\"http://java.sun.com/javase/6/docs/api/java/lang/Object.html#wait(long, int)\">wait</A>";
        assert!(!unsafe_in(Syntax::Html, html, Standard::Rfc3986));
        assert!(unsafe_in(Syntax::Html, html, Standard::Rfc1738));
        // Near misses: a Markdown destination cannot hold the space, and
        // a space not after a comma is no signature's.
        let md = "[wait](http://java.sun.com/api/Object.html#wait(long, int))\n";
        assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
        let odd = "<a href=\"http://h.example/A.html#wait(long ,int)\">w</a>";
        assert!(unsafe_in(Syntax::Html, odd, Standard::Rfc3986));
        // Array types, as groovydoc (JVM descriptors) and old javadoc
        // (`char[]`) write them; a bracket outside such a type is still
        // reported.
        for arrays in [
            "<a href='file:///usr/share/doc/default-jdk/api/java/io/Writer.html#write([C, int, int)'>w</a>",
            "<a href='http://h.example/T.html#setStackTrace([Ljava.lang.StackTraceElement;)'>s</a>",
            "<a href=\"http://h.example/Writer.html#write(char[], int, int)\">w</a>",
        ] {
            assert!(!unsafe_in(Syntax::Html, arrays, Standard::Rfc3986), "{arrays}");
        }
        for stray in [
            "<a href=\"http://h.example/A.html#f([x, int)\">w</a>",
            "<a href=\"http://h.example/A.html#f(int], int)\">w</a>",
            "<a href=\"http://h.example/A[C.html#f([C)\">w</a>",
        ] {
            assert!(unsafe_in(Syntax::Html, stray, Standard::Rfc3986), "{stray}");
        }
    }

    #[test]
    fn a_backslash_in_an_html_attribute_is_no_escape() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        let html = "<a href=\"https://chromium.googlesource.com/chromium/src/\\+/HEAD/x.md\">x</a>";
        assert!(
            document_rules(Syntax::Html, html, Standard::Rfc3986).contains(&Rule::UnsafeCharacter)
        );
        // Near miss: in text (the YAML an AsciiDoc page is made from).
        let text = "- https://chromium.googlesource.com/chromium/src/\\+/HEAD/x.md[Linux]\n";
        assert!(
            !document_rules(Syntax::Text, text, Standard::Rfc3986).contains(&Rule::UnsafeCharacter)
        );
    }

    #[test]
    fn a_mailbox_with_a_display_name_under_rfc3986() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        let html = "<a href=\"mailto:Daryll Strauss <daryll@harlot.rb.ca.us>\">D</a>";
        assert_eq!(document_rules(Syntax::Html, html, Standard::Rfc3986), []);
        assert!(
            document_rules(Syntax::Html, html, Standard::Rfc1738).contains(&Rule::UnsafeCharacter)
        );
        // Near misses: blanks with no mailbox, a name with no brackets.
        let blank = "<a href=\"mailto:  steve@a.example  \">s</a>";
        assert!(
            document_rules(Syntax::Html, blank, Standard::Rfc3986).contains(&Rule::UnsafeCharacter)
        );
        let open = "<a href=\"mailto:D S d@h.example\">d</a>";
        assert!(
            document_rules(Syntax::Html, open, Standard::Rfc3986).contains(&Rule::UnsafeCharacter)
        );
    }

    #[test]
    fn an_html_attribute_left_in_a_destination_is_removed_not_encoded() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        let d = document_diagnostics(
            Syntax::Markdown,
            "![t](https://p1.meituan.net/travelcube/9.png alt=) and [w](https://a.example/hooks/ rel=)\n",
        );
        let found: Vec<_> = d.iter().map(|d| (d.rule, d.message.as_str())).collect();
        assert_eq!(
            found,
            [
                (
                    Rule::UnsafeCharacter,
                    "`alt=` after a blank is an HTML attribute left in the link's destination"
                ),
                (
                    Rule::UnsafeCharacter,
                    "`rel=` after a blank is an HTML attribute left in the link's destination"
                ),
            ]
        );
        let fix = d[0].fix.as_ref().expect("a fix");
        assert_eq!(fix.edits[0].content, "");
        assert_eq!(fix.edits[0].span.start.column, 45);
        // Near misses: another word, a query's word, two blanks; each is
        // still a blank to encode.
        for md in [
            "[x](https://a.example/hooks/ below)\n",
            "[x](https://a.example/docs/Inline Style)\n",
            "[x](https://a.example/wiki/Page title)\n",
            "[x](https://a.example/wiki/Page Title=)\n",
            "[x](https://a.example/search?q=photo alt)\n",
            "[x](https://a.example/a b/ rel=)\n",
        ] {
            let d = document_diagnostics(Syntax::Markdown, md);
            assert!(
                d.iter().any(|d| d.rule == Rule::UnsafeCharacter
                    && d.message.starts_with("unsafe character")),
                "{md}: {d:?}"
            );
        }
    }

    #[test]
    fn an_ellipsis_shortening_a_url_is_named_so_and_not_encoded() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [x](http://en.wikipedia.org/wiki/A\u{2026}..(software)).\n",
        );
        let found: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::NonAsciiCharacter)
            .collect();
        assert_eq!(found.len(), 1, "{d:?}");
        assert_eq!(
            found[0].message,
            "`…` stands for a part of the URL left out for display"
        );
        assert!(found[0].fix.is_none());
        // Inside a title's word it is the title's, to encode.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [z](https://ja.wikipedia.org/wiki/\u{3042}\u{2026}\u{3044}).\n",
        );
        let found: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::NonAsciiCharacter)
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(found, ["`…` is not US-ASCII and must be encoded"], "{d:?}");
        // Between ASCII letters it is a display's cut.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [x](https://a.example.org/aaaa\u{2026}bbbb.html).\n",
        );
        assert!(
            d.iter().any(|d| d.message.starts_with("`…` stands for")),
            "{d:?}"
        );
        // Near miss: another character is still to be encoded.
        let d = document_diagnostics(
            Syntax::Markdown,
            "See [x](http://a.example.org/caf\u{201d}\u{2026}x).\n",
        );
        let found: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::NonAsciiCharacter)
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(found, ["`”…` is not US-ASCII and must be encoded"], "{d:?}");
    }

    #[test]
    fn a_logseq_zotero_links_spaces_are_its_files_name() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_rules;
        let md = "![Kitaev.pdf](file://zotero_link/Physics/Kitaev/2000_Kitaev_Unpaired Majorana fermions.pdf)\n";
        assert_eq!(document_rules(Syntax::Markdown, md, Standard::Rfc3986), []);
        // Near misses: any other file URL, a zotero_link folder on a host.
        for md in [
            "![K.pdf](file://zotero_links/Physics/Kitaev/2000_Kitaev_Unpaired Majorana.pdf)\n",
            "![K.pdf](file:///home/me/Zotero/2000_Kitaev_Unpaired Majorana.pdf)\n",
            "[K](https://a.example.org/zotero_link/2000_Kitaev_Unpaired Majorana.pdf)\n",
        ] {
            assert_eq!(
                document_rules(Syntax::Markdown, md, Standard::Rfc3986),
                [Rule::UnsafeCharacter],
                "{md}"
            );
        }
    }

    #[test]
    fn a_caret_ending_a_links_fragment_under_rfc3986() {
        use crate::document::Syntax;
        // Raku's operator anchors, the link closed by its markup; near
        // miss: the same URL bare, where a `^` ending it may be a mark.
        let md = "[`.^name`](https://docs.raku.org/language/operators#methodop_.^) x\n";
        assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
        assert!(unsafe_in(Syntax::Markdown, md, Standard::Rfc1738));
        let bare = "see https://docs.raku.org/language/operators#methodop_.^ x\n";
        assert!(unsafe_in(Syntax::Markdown, bare, Standard::Rfc3986));
    }

    #[test]
    fn angle_brackets_in_an_html_attribute_fragment_under_rfc3986() {
        use crate::document::Syntax;
        let html = "<a href=\"https://clojure.github.io/clojure/clojure.core-api.html#clojure.core/tap>\" title=\"t\">tap&gt;</a>";
        assert!(!unsafe_in(Syntax::Html, html, Standard::Rfc3986));
        assert!(unsafe_in(Syntax::Html, html, Standard::Rfc1738));
        // Near misses: in the path, and in a reST target (a `<URL>`'s
        // leftover `>`).
        let path = "<a href=\"https://a.example/x/tap>\">t</a>";
        assert!(unsafe_in(Syntax::Html, path, Standard::Rfc3986));
        let rst = ".. _post: https://a.example/p/#the-structure>\n";
        assert!(unsafe_in(Syntax::Rst, rst, Standard::Rfc3986));
    }

    #[test]
    fn paired_brackets_in_a_query_and_obfuscation_under_rfc3986() {
        table_3986(
            Rule::UnsafeCharacter,
            &[
                ("http://www.apple.com/store?delivery=[slow]#horse+cart", &[]),
                ("https://h.example/x?Token=[token]&Sig=[signature]", &[]),
                ("https://h.example/x?filter[a]=1&filter[b]=2", &[]),
                ("https://h.example/x#[note]", &[]),
                ("https://tiddlywiki.com/#:[tag[task]]", &[]),
                ("https://tiddlywiki.com/#:[tag[task]", &["["]),
                (
                    "https://h.example/issues?q=\"Project:+openssh\"+is:open",
                    &[],
                ),
                ("https://h.example/issues?q=\"open", &["\""]),
                // A term opened escaped and closed raw (NuGet's release
                // notes); a raw quote with no `%22` before it, or a second
                // one after the pair, is reported.
                (
                    "https://h.example/issues?q=is%3Aclosed+milestone%3A%223.5%20RC\"",
                    &[],
                ),
                ("https://h.example/issues?q=m%3A3.5\"", &["\""]),
                ("https://h.example/issues?q=%22a\"b\"", &["\""]),
                ("https://fonts.googleapis.com/css?family=Roboto|Lato", &[]),
                // A comparison opening a value; near misses: after a word,
                // before a word, in the path.
                (
                    "https://img.shields.io/static/v1?label=HUGO&message=>0.97.1&q=stars:>1000+created%3A>=2020",
                    &[],
                ),
                ("https://h.example/x?q=a>1&r=>b", &[">", ">"]),
                ("https://img.shields.io/static/v1?message=>=v0.146.0&m=<v2", &[]),
                ("https://h.example/x?m=>=va&n=>v", &[">", ">"]),
                ("https://h.example/>1?q=1", &[">"]),
                ("https://h.example/a|b?c|d", &["|"]),
                // A formula a service draws, TeX as the whole query; near
                // misses: a Windows path in a value, a `\` in the path, one
                // command alone.
                (
                    "https://latex.codecogs.com/svg.image?\\inline&space;\\frac{a}{b}=|p-q|",
                    &[],
                ),
                (
                    "https://latex.codecogs.com/svg.latex?Alice%20\\%20And%20\\%20Bob%20|%20x",
                    &[],
                ),
                ("http://latex.codecogs.com/png.latex?\\\\inline", &[]),
                ("https://h.example/x.latex/y?a\\b", &["\\"]),
                ("https://h.example/report.latex?path=C:\\Users", &["\\"]),
                ("https://h.example/x?path=C:\\Users\\me", &["\\", "\\"]),
                ("https://h.example/a\\frac?\\inline&space;x", &["\\"]),
                ("https://h.example/x?\\alpha", &["\\"]),
                // Facebook's tracking code; near miss: another parameter.
                (
                    "https://l.facebook.com/l.php?u=https%3A%2F%2Fa.example%2F&__tn__=R]-R&c[0]=AT0m",
                    &[],
                ),
                ("https://l.facebook.com/l.php?u=x&tn=R]-R", &["]"]),
                // A regex anchor in a search query; a path's and a
                // fragment's `^` are still reported.
                (
                    "https://sourcegraph.com/search?q=file:^.pre-commit-hooks.yaml%24",
                    &[],
                ),
                ("https://h.example/test^path?q=^a", &["^"]),
                ("https://h.example/x#post^^", &["^^"]),
                ("https://jex.im/regulex/#!flags=&re=^(a|b)*%3F%24", &[]),
                // An anchor named with a `^` between `_` (Raku's docs);
                // near misses: inside a word, and a bare URL's `^` after a
                // word at its end, a footnote's.
                ("https://docs.raku.org/language/variables#The_^_twigil", &[]),
                ("https://h.example/x#re^a", &["^"]),
                ("https://h.example/x#sec^", &["^"]),
                // Vim's help tags for keys; near misses: not the last
                // mark, another word before it.
                ("https://neovim.io/doc/user/editing.html#CTRL-^", &[]),
                (
                    "http://vimdoc.sourceforge.net/htmldoc/tagsrch.html#CTRL-]",
                    &[],
                ),
                ("https://h.example/x.html#i_CTRL-W_]", &[]),
                ("https://h.example/x.html#CTRL-^^", &["^^"]),
                ("https://h.example/x.html#ALT-^", &["^"]),
                ("https://h.example/edit?usp=sharing^", &["^"]),
                (
                    "https://twitter.com/nodejs?ref_src=twsrc^google|twcamp^serp|twgr^author",
                    &[],
                ),
                ("https://h.example/s?q=a^b", &[]),
                ("https://h.example/\"a\"", &["\"", "\""]),
                // Stand-ins for bytes of another encoding; near miss:
                // another control character.
                ("http://zh.wikipedia.org/wiki/\u{1a}\u{1a}\u{1a}\u{1a}", &[]),
                ("mailto:a@b.example?subject=News_\u{1a}bernehmen", &[]),
                ("mailto:Andreas@chiemgau.example\u{1a}", &["\u{1a}"]),
                ("http://zh.wikipedia.org/wiki/\u{1a}\u{1a}", &[]),
                ("http://zh.wikipedia.org/wiki/a\u{7}", &["\u{7}"]),
                // A lone or path bracket is still a fault.
                ("https://github.com/p/q/pull/496]", &["]"]),
                ("https://h.example/x?a=1]", &["]"]),
                ("https://h.example/x?a=[1", &["["]),
                ("http://h/[x]", &["[", "]"]),
                ("https://h.example/x?a=[[1]]", &["[", "]"]),
                // A GitHub app's account, and near misses.
                ("https://github.com/github-actions[bot]", &[]),
                ("https://github.com/apps/renovate[bot]/x", &[]),
                ("https://github.com/a[bot]b", &["[", "]"]),
                ("https://github.com/a[bots]", &["[", "]"]),
                ("https://gitlab.example.com/x[bot]", &["[", "]"]),
                ("https://github.com/[bot]", &["[", "]"]),
                // Node's frame for code run with `-e`; near miss: no line.
                ("file:///Users/you/app/[eval1]:1", &[]),
                ("file:///Users/you/app/[eval]:12:5", &[]),
                ("file:///Users/you/app/[eval1]", &["[", "]"]),
                // A saved copy's number in a file's name, and near misses:
                // in a folder's name, no extension after it, a word in it.
                ("http://www.colubris.com/images/Colubris-RGB[1].jpg", &[]),
                ("http://a.example/CME222/MIT[1].Press.Algorithms.pdf", &[]),
                ("https://a.example/ds/2/smartmodular_rA[1]-770719.pdf", &[]),
                ("http://a.example/x[1]/y.pdf", &["[", "]"]),
                ("http://a.example/x[1]", &["[", "]"]),
                ("http://a.example/x[a].pdf", &["[", "]"]),
                // A command-line tool's Windows path after `file://`.
                ("file://C:\\ca_config.txt", &[]),
                ("file://.\\SAML-identity-provider.json", &[]),
                ("file:///C:/a\\b", &["\\"]),
                ("file:///C:\\Temp\\Book1.xlsx", &[]),
            ],
        );
        table(
            Rule::UnsafeCharacter,
            &[
                ("http://h/x?delivery=[slow]", &["[", "]"]),
                ("file://C:\\ca_config.txt", &["\\"]),
            ],
        );
    }

    #[test]
    fn ipv6_help_never_says_percent_encode() {
        for standard in [Standard::Rfc1738, Standard::Rfc3986] {
            for d in diagnostics_with(&cand("http://[::1]:80/a"), standard) {
                assert!(!d.help.contains("percent-encode"), "{standard}: {d:?}");
                assert!(!d.help.contains("%5B"), "{standard}: {d:?}");
            }
        }
    }

    #[test]
    fn idn_host_help_is_the_a_label() {
        let d = diagnostics(&cand("http://www.b\u{fc}cher.example/caf\u{e9}"));
        let d: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::NonAsciiCharacter)
            .collect();
        // One diagnostic for the URL; the path's `é` is a label with its own fix.
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].help.contains("`www.xn--bcher-kva.example`"),
            "{}",
            d[0].help
        );
        assert_eq!(d[0].labels.len(), 1);
        assert!(
            d[0].labels[0].message.contains("%C3%A9"),
            "{:?}",
            d[0].labels
        );
    }

    #[test]
    fn unsafe_character() {
        table(
            Rule::UnsafeCharacter,
            &[
                ("http://host/a|b", &["|"]),
                ("http://host/~user/", &["~"]),
                ("http://host/a b{}c", &[" ", "{}"]),
                ("http://host/a\\b^c`d", &["\\", "^", "`"]),
                ("http://host/a#b#c", &["#"]),
                ("http://host/a\tb", &["\t"]),
                ("http://[::1]:80/a", &["[::1]"]),
                ("http://h/[x]", &["[", "]"]),
                ("http://host/a%7Cb#frag", &[]),
                ("http://host/a?x=1&y=2;z", &[]),
                ("http://host/it's(ok)!*,$+", &[]),
            ],
        );
    }

    #[test]
    fn unsafe_character_help_names_the_encoding() {
        let d = diagnostics(&cand("http://host/~me"));
        let d = d.iter().find(|d| d.rule == Rule::UnsafeCharacter).unwrap();
        assert!(d.help.contains("%7E"), "{}", d.help);
        assert_eq!(d.message, "unsafe character `~` must be encoded");
        let d = diagnostics(&cand("http://host/a\\b\tc"));
        let d: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::UnsafeCharacter)
            .collect();
        assert_eq!(d.len(), 1, "one rule reports a URL once");
        assert_eq!(d[0].message, "unsafe character `\\` must be encoded");
        let labels: Vec<_> = d[0].labels.iter().map(|l| l.message.as_str()).collect();
        assert_eq!(
            labels,
            ["unsafe character `\\t` must be encoded; write %09 (RFC 1738 §2.2)"]
        );
    }

    #[test]
    fn non_ascii_character() {
        table(
            Rule::NonAsciiCharacter,
            &[
                ("http://www.b\u{fc}rgerentscheid.de/", &["\u{fc}"]),
                (
                    "http://h/\u{65e5}\u{672c}x\u{e9}",
                    &["\u{65e5}\u{672c}", "\u{e9}"],
                ),
                ("http://h/caf%C3%A9", &[]),
            ],
        );
        let d = diagnostics(&cand("http://h/\u{e9}"));
        let d = d
            .iter()
            .find(|d| d.rule == Rule::NonAsciiCharacter)
            .unwrap();
        assert!(d.help.contains("%C3%A9"), "{}", d.help);
    }

    /// Whether `non-ascii-character` fires on `url` found in `form`, under
    /// `rfc3986`.
    fn fired(url: &str, form: Form) -> bool {
        diagnostics_with(&cand_with(url, form, Facts::default()), Standard::Rfc3986)
            .iter()
            .any(|d| d.rule == Rule::NonAsciiCharacter)
    }

    #[test]
    fn an_empty_query_or_a_wide_character_before_an_elision_is_no_panic() {
        use crate::document::Syntax;
        use crate::rules::testutil::document_diagnostics;
        // A URL ending in `?` after an unsafe character (the formula test
        // looked at the query's first byte), and a two-byte character
        // before `n’` (the elision test measured the `’` by it).
        for (syntax, text) in [
            (Syntax::Text, "see <https://github.com/a^b?> ok\n"),
            (Syntax::Markdown, "[x](https://github.com/a|b?)\n"),
            (
                Syntax::Markdown,
                "[x](https://de.wikipedia.org/wiki/Rock_\u{ad}n\u{2019}_Roll)\n",
            ),
            (
                Syntax::Markdown,
                "[x](https://de.wikipedia.org/wiki/Rock_\u{a0}n\u{2019}_Roll)\n",
            ),
        ] {
            assert!(!document_diagnostics(syntax, text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_curly_apostrophe_in_a_links_word_is_a_name() {
        let named = "https://github.com/x/y/blob/master/raspberry-pi\u{2019}s-birthday.md";
        assert!(!fired(named, Form::Link));
        assert!(!fired(named, Form::Angle));
        // Bare, the possessive is prose glued on; at a word's edge it is a
        // quote; in the host it is no name.
        assert!(fired("https://example.com/docs\u{2019}s", Form::Bare));
        assert!(fired(
            "https://example.com/\u{2019}docs\u{2019}",
            Form::Link
        ));
        assert!(fired("https://exa\u{2019}mple.com/", Form::Link));
        // A slug's quoted words: `‘` after a separator, `’` before one.
        let slug =
            "https://a.example/article/1-misled-by-\u{2018}build-in-5-minutes\u{2019}%3a-in-depth";
        assert!(!fired(slug, Form::Link));
        assert!(fired(slug, Form::Bare));
        assert!(fired("https://a.example/x\u{2018}y", Form::Link));
        // An elision between a title's words, both marks in one segment;
        // near misses: bare, and one mark alone.
        let elided = "http://de.wikipedia.org/wiki/Rock_\u{2019}n\u{2019}_Roll_Highschool";
        assert!(!fired(elided, Form::Angle));
        assert!(fired(elided, Form::Bare));
        assert!(fired(
            "http://a.example/wiki/Rock_\u{2019}n_Roll",
            Form::Angle
        ));
        // A file's words in double quotes, German or English, both in one
        // segment; near misses: bare, one mark alone, a mark at the end.
        let upload = "https://www.publicomag.com/wp-content/uploads/2018/07/Wenn\u{2019}s-ARD-macht-aus-Terroristen-\u{201e}Aktivisten\u{201c}-.jpg";
        assert!(!fired(upload, Form::Link));
        assert!(fired(upload, Form::Bare));
        assert!(!fired(
            "https://a.example/the-\u{201c}best\u{201d}-photo.png",
            Form::Link
        ));
        assert!(!fired(
            "https://a.example/uploads/Was-f\u{fc}r-\u{201e}paris-kompatibel-h\u{e4}lt_.jpg",
            Form::Link
        ));
        // A page's slug keeps no quotes: there they are a slip.
        assert!(fired(
            "http://blogs.a.example/2010/07/05/the-return-of-the-\u{201c}who-are-you\u{201d}-thread/",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/uploads/Terroristen\u{201e}Aktivisten-.jpg",
            Form::Link
        ));
        assert!(fired("https://a.example/docs\u{201d}", Form::Link));
        // Both or neither: a closer ending the URL leaves its opener
        // reported too; so does an opener inside a word.
        assert!(fired(
            "https://a.example/page/\u{201e}Titel\u{201c}",
            Form::Link
        ));
        assert!(fired("https://a.example/a\u{201e}b\u{201c}-c", Form::Link));
        // A text fragment's passage quotes the page; near miss: one word,
        // no sentence.
        let passage = "https://a.example/choice/#:~:text=It\u{2019}s%20interesting%20that%20you";
        assert!(!fired(passage, Form::Angle));
        assert!(fired(
            "https://a.example/choice/#:~:text=\u{2019}quoted",
            Form::Angle
        ));
    }

    #[test]
    fn cjk_punctuation_in_a_links_route_is_a_titles() {
        // Nacos' blog, linking a docsify page by its title.
        let route = "http://www.passjava.cn/#/13.SpringCloud\u{67b6}\u{6784}/02.Nacos\u{539f}\u{7406}\u{2460}\u{ff1a}\u{4e00}\u{6761}\u{4ec0}\u{4e48}\u{ff1f}";
        assert!(!fired(route, Form::Link));
        // Near misses: bare; in a path, not a route; after a Latin letter.
        assert!(fired(route, Form::Bare));
        assert!(fired("http://a.example/x\u{4e48}\u{ff1f}", Form::Link));
        assert!(fired("http://a.example/#/x\u{ff1f}", Form::Link));
    }

    #[test]
    fn the_reviews_near_misses_of_a_slugs_marks() {
        // Curly quotes: around Latin letters only, unpaired, empty, and a
        // title glued on after a Latin word or a file's name.
        assert!(fired("http://a.example/x\u{201c}y\u{201d}/", Form::Link));
        assert!(fired(
            "http://a.example/\u{4e4b}\u{201c}\u{6d88}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/\u{4e4b}\u{201c}\u{201d}\u{6d88}/",
            Form::Link
        ));
        for glued in ["7890", "detail.html"] {
            let url = format!("https://a.example/article/{glued}\u{201c}\u{89e3}\u{51b3}\u{201d}");
            assert!(fired(&url, Form::Link), "{url}");
        }
        // The colon: a MediaWiki namespace typed fullwidth, an escape's digit.
        assert!(fired(
            "https://zh.wikipedia.org/wiki/Category\u{ff1a}Linux\u{53d1}\u{884c}",
            Form::Link
        ));
        assert!(fired("http://a.example/x%20\u{ff1a}zs\u{6587}", Form::Link));
        // The dash: three hyphens, two wave dashes.
        assert!(fired(
            "http://a.example/\u{8def}\u{ff0d}\u{ff0d}\u{ff0d}\u{9109}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/\u{8def}\u{ff5e}\u{ff5e}\u{9109}",
            Form::Link
        ));
    }

    #[test]
    fn cjk_punctuation_by_a_cjk_letter_in_a_links_file_name_is_the_names() {
        // riboseyim's blog: an image named after a post's title.
        let image = "http://riboseyim-qiniu.riboseyim.com/\u{9a71}\u{56fe}\u{ff0d}2016\u{5e74}.png";
        assert!(!fired(image, Form::Link));
        // Near misses: bare; no CJK letter before it; at the end; a
        // sentence's mark (prose glued on: mongodb-manual-zh's
        // `…/rfc7946section-3.1.4。要在…`).
        assert!(fired(image, Form::Bare));
        assert!(fired("http://a.example/x\u{ff0d}2016.png", Form::Link));
        // A range of years in a CJK title; near misses: no CJK letter in
        // the segment, a word after the mark.
        let years = "https://zh.wikipedia.org/wiki/2019\u{ff0d}2020\u{5e74}\u{65b0}\u{578b}";
        assert!(!fired(years, Form::Link));
        assert!(fired("https://a.example/wiki/2019\u{ff0d}2020", Form::Link));
        assert!(fired(
            "https://a.example/wiki/2019\u{ff0d}x\u{5e74}",
            Form::Link
        ));
        assert!(fired("http://a.example/\u{56fe}\u{ff0d}", Form::Link));
        assert!(fired("http://a.example/3.1.4\u{3002}\u{8981}", Form::Link));
        assert!(fired("http://a.example/\u{56fe}\u{ff1b}2016", Form::Link));
        // Doubled, a dash between a title's words (yoxem's Hexo slug
        // `…/路上－－鄉道中108（下）`); near misses: after a Latin letter, at
        // the end.
        let dash = "http://yoxem.github.io/2009/08/08/\u{8def}\u{4e0a}\u{ff0d}\u{ff0d}\u{9109}\u{9053}108\u{ff08}\u{4e0b}\u{ff09}";
        assert!(!fired(dash, Form::Link));
        assert!(fired(
            "http://a.example/ab\u{ff0d}\u{ff0d}\u{9109}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/\u{8def}\u{ff0d}\u{ff0d}",
            Form::Link
        ));
        // A title's slug ending a segment, after a CJK letter or a Latin
        // word of a CJK title; near misses: a segment of Latin letters
        // only (`https：/`), at the URL's end.
        assert!(!fired(
            "https://dao.fm/vol-333-\u{7f16}\u{7801}\u{ff1f}/",
            Form::Link
        ));
        assert!(!fired(
            "https://www.taohui.tech/nginx/\u{4e3a}\u{4ec0}\u{4e48}nginx\u{7684}redis\u{ff1f}/",
            Form::Link
        ));
        assert!(fired("https://dao.fm/vol-333-x\u{ff1f}/", Form::Link));
        // A title's `？` before a Latin word; near misses: `。` there (a
        // mistyped `.`), bare.
        let asks = "https://github.com/d/I/raw/master/\u{5417}\u{ff1f}Emoji.png";
        assert!(!fired(asks, Form::Link));
        assert!(fired(asks, Form::Bare));
        let slug =
            "https://a.example/\u{6a5f}\u{80fd}\u{3057}\u{306a}\u{3044}\u{ff1f}-5\u{3064}/2021/";
        assert!(!fired(slug, Form::Link));
        assert!(fired("https://a.example/\u{3044}\u{ff1f}-/", Form::Link));
        let colon = "https://github.com/s/a/blob/master/doc/\u{8d4f}\u{ff1a}Retrofit.md";
        assert!(!fired(colon, Form::Link));
        assert!(fired(colon, Form::Bare));
        // After a Latin word of a CJK title (SwiftGuide's link to a post);
        // near miss: a segment of Latin letters only.
        let latin = "http://cheng-kang.github.io/2016/03/19/AutoLayout\u{ff1a}UITableViewCell%20\u{81ea}\u{9002}\u{5e94}/";
        assert!(!fired(latin, Form::Link));
        assert!(fired("http://a.example/AutoLayout\u{ff1a}UI/", Form::Link));
        assert!(fired(
            "https://legacy.reactjs.org/blog/\u{6001}\u{3002}html#x",
            Form::Link
        ));
        assert!(fired(
            "https://github.com/m/t/https\u{ff1a}/docs.mongodb.com/",
            Form::Link
        ));
        assert!(fired(
            "https://dao.fm/vol-333-\u{7f16}\u{7801}\u{ff1f}",
            Form::Link
        ));
        // A title's `？` ending a file's name before its extension, in a
        // segment of CJK letters; near misses: Latin letters only, bare,
        // a `。` (a mistyped `.`), no extension after the dot.
        let page = "https://learn.a.example/\u{4e3a}\u{4ec0}\u{4e48}OAuth2.0\u{ff1f}.md";
        assert!(!fired(page, Form::Link));
        assert!(fired(page, Form::Bare));
        assert!(fired(
            "https://a.example/why-OAuth2.0\u{ff1f}.md",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/\u{4e3a}\u{4ec0}\u{3002}.md",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/\u{4e3a}\u{4ec0}\u{ff1f}.md-x",
            Form::Link
        ));
    }

    #[test]
    fn a_joiner_inside_a_word_is_its_spellings() {
        // South Azerbaijani Wikipedia's titles.
        let title = "https://azb.wikipedia.org/wiki/\u{627}\u{648}\u{631}\u{645}\u{648}_\u{628}\u{624}\u{644}\u{6af}\u{647}\u{200c}\u{633}\u{06cc}";
        assert!(!fired(title, Form::Link));
        assert!(!fired(title, Form::Bare));
        // After a Kannada virama, in a Wikipedia title.
        assert!(!fired(
            "https://kn.wikipedia.org/wiki/\u{c85}\u{cac}\u{ccd}\u{200c}\u{c95}",
            Form::Link
        ));
        // Near misses: after an ASCII letter, after a mark, alone.
        assert!(fired("https://a.example/ab\u{200c}c", Form::Link));
        assert!(fired("https://a.example/\u{628}-\u{200c}c", Form::Link));
        assert!(fired("https://a.example/\u{200c}", Form::Link));
    }

    #[test]
    fn cjk_punctuation_ending_a_heading_id_is_the_headings() {
        // advanced-java's docs, linking a docsify page's heading by `?id=`.
        let id = "https://doocs.gitee.io/advanced-java/#/./docs/big-data/find-common-urls?id=\u{5982}\u{4f55}-url\u{ff1f}";
        assert!(!fired(id, Form::Link));
        // Near misses: bare; no CJK letter in the query; not `id=`; a
        // second parameter after the id.
        assert!(fired(id, Form::Bare));
        assert!(fired("https://a.example/p?id=url\u{ff1f}", Form::Link));
        assert!(fired(
            "https://a.example/p?q=\u{5982}-url\u{ff1f}",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/p?id=\u{5982}&b=url\u{ff1f}",
            Form::Link
        ));
        // Vue's guide in Chinese, a heading linked by its fragment.
        let frag = "https://v2.cn.vuejs.org/v2/guide/events.html#\u{4e3a}\u{4ec0}\u{4e48}\u{5728}-HTML-\u{4e2d}\u{76d1}\u{542c}\u{4e8b}\u{4ef6}\u{ff1f}";
        assert!(!fired(frag, Form::Link));
        // Near misses: bare; an ASCII word before the mark (prose's stop
        // after `#qa`); one word, no `-` joining a heading's.
        assert!(fired(frag, Form::Bare));
        assert!(fired("https://a.example/t#qa\u{3002}", Form::Link));
        assert!(fired("https://a.example/t#\u{4e3a}\u{ff1f}", Form::Link));
        // Inside such a fragment, between two words; near misses: no CJK
        // letter in the fragment, no `-`.
        let inside = "http://interview.wzcu.com/s.html#io-\u{591a}\u{8def}select\u{3001}poll";
        assert!(!fired(inside, Form::Link));
        assert!(fired(
            "http://a.example/s.html#io-select\u{3001}poll",
            Form::Link
        ));
        // Another page's anchor with prose glued on (MongoDB's manual in
        // Chinese): marks other than `-` in it.
        assert!(fired(
            "https://a.example/m/#readconcern.x%29\u{5982}-\u{679c}\u{3002}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/s.html#\u{591a}select\u{3001}poll",
            Form::Link
        ));
        // A heading's text as cnblogs makes its id, and a browser's text
        // fragment; near misses: bare, one CJK letter, a mark first, an
        // ASCII mark in the fragment.
        let id =
            "https://www.cnblogs.com/c/p/13506946.html#\u{4ec0}\u{4e48}\u{662f}\u{9501}\u{ff1f}";
        assert!(!fired(id, Form::Link));
        assert!(fired(id, Form::Bare));
        let text = "https://a.example/p#:~:text=\u{7126}\u{70b9}\u{ff0c}\u{5373}";
        assert!(!fired(text, Form::Link));
        // A hash route's heading naming functions (ruanyifeng's ES6
        // book), `()` paired.
        let route = "https://es6.ruanyifeng.com/#docs/string-methods#\u{5b9e}\u{4f8b}\u{65b9}\u{6cd5}\u{ff1a}padStart()\u{ff0c}padEnd()";
        assert!(!fired(route, Form::Link));
        assert!(fired(route, Form::Bare));
        let latin =
            "https://es6.ruanyifeng.com/#docs/object-methods#Object.keys()\u{ff0c}Object.values()";
        assert!(!fired(latin, Form::Link));
        // Near miss: no route, Latin words only.
        assert!(fired(
            "https://a.example/p#keys()\u{ff0c}values()",
            Form::Link
        ));
        for frag in [
            "#\u{9501}\u{ff1f}",
            "#\u{ff1f}\u{4ec0}\u{4e48}",
            "#\u{4ec0}\u{4e48}(x)\u{ff1f}",
            "#\u{4ec0}\u{4e48}x)\u{ff1f}",
            "#\u{4ec0}\u{4e48}\"x\"\u{ff1f}",
            "#\u{5b89}\u{88c5}\u{6b65}\u{9aa4}\u{3002}",
            "#\u{914d}\u{7f6e}\u{8bf4}\u{660e}\u{ff0c}",
        ] {
            assert!(
                fired(&format!("https://a.example/p{frag}"), Form::Link),
                "{frag}"
            );
        }
    }

    #[test]
    fn a_cjk_mark_after_a_cjk_bracket_in_a_title_is_its_own() {
        // A blog post's title made its slug, its number in brackets.
        let slug = "http://lzyblog.com/2015/01/13/Android\u{6027}\u{80fd}\u{ff08}\u{4e00}\u{ff09}\u{ff1a}\u{6e32}\u{67d3}/";
        assert!(!fired(slug, Form::Link));
        // Near misses: a bracket glued between digits, and a mark after a
        // bracket before Latin letters.
        assert!(fired("http://a.example/z/1956\u{ff09}4893", Form::Link));
        // A link closed with a fullwidth `）`, prose after it.
        assert!(fired(
            "http://a.example/quickstart#multibroker\u{ff09}\u{ff0c}\u{4e00}\u{79cd}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/z/\u{ff08}\u{4e00}\u{ff09}\u{ff1a}x",
            Form::Link
        ));
    }

    #[test]
    fn a_titles_exclamation_ending_a_link_is_its_own() {
        // bilibili's page for a show, named after its title.
        let show = "http://www.bilibili.tv/sp/\u{4e2d}\u{4e8c}\u{75c5}\u{ff01}";
        assert!(!fired(show, Form::Link));
        // Near misses: bare, a full stop, Latin letters in the segment.
        assert!(fired(show, Form::Bare));
        assert!(fired(
            "http://a.example/sp/\u{4e2d}\u{4e8c}\u{75c5}\u{3002}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/sp/show\u{4e2d}\u{4e8c}\u{ff01}",
            Form::Link
        ));
    }

    #[test]
    fn an_ideographic_comma_numbering_a_file_is_its_names() {
        // GreatSQL's manual, linking numbered presentations.
        let pdf = "https://gitee.com/GreatSQL/GreatSQL-Doc/blob/master/Presentations/41\u{3001}benchmarksql-report.pdf";
        assert!(!fired(pdf, Form::Link));
        assert!(!fired(pdf, Form::Bare));
        // Near misses: not at a name's start, no digit, another mark, and
        // the comma ending the URL (prose after it).
        assert!(fired("https://a.example/x41\u{3001}b.pdf", Form::Link));
        assert!(fired("https://a.example/\u{3001}b.pdf", Form::Link));
        assert!(fired("https://a.example/41\u{3002}b.pdf", Form::Link));
        assert!(fired("https://a.example/41\u{3001}", Form::Bare));
    }

    #[test]
    fn a_file_named_with_marks_alone_is_its_name() {
        // An emoji set's sticker of an ellipsis; near misses: no CJK name
        // in the path, a letter in the stem, no extension.
        let png = "https://t.example/\u{90a3}\u{5154}/\u{3002}\u{3002}\u{3002}.png";
        assert!(!fired(png, Form::Link));
        assert!(fired(
            "https://t.example/x/\u{3002}\u{3002}.png",
            Form::Link
        ));
        assert!(fired(
            "https://t.example/\u{90a3}/a\u{3002}.png",
            Form::Link
        ));
        assert!(fired(
            "https://t.example/\u{90a3}/\u{3002}\u{3002}",
            Form::Link
        ));
    }

    #[test]
    fn a_mark_inside_a_cjk_file_name_is_the_files() {
        // JasonkayZK's image named after its caption; a title's colon in a
        // folder (GreedyPirate's Hexo post); near misses: prose glued to a
        // link's last segment, a full stop typed for `.`.
        let image = "https://raw.gitmirror.com/J/blog_static/master/images/\u{5411}\u{524d}entry\u{ff0c}\u{5411}\u{540e}\u{7684}\u{60c5}\u{51b5}.png";
        assert!(!fired(image, Form::Link));
        let post = "https://greedypirate.github.io/2018/11/23/Effective-java\u{8bfb}-\u{4e00}-\u{ff1a}\u{5bf9}\u{8c61}/";
        assert!(!fired(post, Form::Link));
        assert!(fired(
            "https://packages.debian.org/jessie/unrar\u{ff0c}\u{8bd5}\u{7528}xx\u{5929}",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/img/\u{9ea6}\u{8f6e}\u{3002}png",
            Form::Link
        ));
        assert!(fired(
            "http://help.supermemo.org/wiki/Glossary\u{ff1a}\u{9879}\u{76ee}",
            Form::Link
        ));
        // The review's: prose after a file's name or a version, and a
        // MediaWiki namespace typed fullwidth before a file.
        for url in [
            "https://example.com/docs/guide.html\u{ff0c}\u{4ee5}\u{53ca}readme.md",
            "https://example.com/dl/v1.2\u{ff0c}\u{6700}\u{65b0}\u{7248}v1.3",
            "https://zh.wikipedia.org/wiki/File\u{ff1a}\u{4e2d}\u{56fd}.png",
        ] {
            assert!(fired(url, Form::Link), "{url}");
        }
    }

    #[test]
    fn a_mark_inside_a_cjk_folder_name_is_the_folders() {
        // Hexo's tag page; near misses: the last segment (a file or
        // prose glued on), no CJK letter in the folder, bare.
        let tag = "http://0x4c43.cn/tags/kcptun\u{ff0c}IPv6-\u{514d}\u{6d41}/";
        assert!(!fired(tag, Form::Link));
        assert!(fired(tag, Form::Bare));
        assert!(fired(
            "http://a.example/tags/kcptun\u{ff0c}IPv6-\u{514d}",
            Form::Link
        ));
        assert!(fired(
            "http://a.example/tags/kcptun\u{ff0c}IPv6/",
            Form::Link
        ));
        assert!(fired(
            "https://twitter.com/dabit3\u{ff09}\u{6211}\u{662f}[AWS Mobile](https://aws.amazon.com/mobile/",
            Form::Link
        ));
        // A fullwidth form of a delimiter is a slip there.
        for mark in ['\u{ff05}', '\u{ff0f}', '\u{ff03}'] {
            let url = format!("https://a.example/\u{6307}\u{5357}{mark}v2/index.html");
            assert!(fired(&url, Form::Link), "{url}");
        }
    }

    #[test]
    fn cjk_brackets_paired_in_a_links_segment_are_a_titles() {
        // ailearning's Hexo post, its title the slug.
        let title = "https://a.example/2018/05/13/\u{300a}Python\u{81ea}\u{7136}\u{300b}\u{9605}\u{8bfb}\u{ff08}\u{4e00}\u{ff09}";
        assert!(!fired(title, Form::Angle));
        assert!(!fired(title, Form::Link));
        assert!(fired(title, Form::Bare));
        // Near misses: `）` typed for `)`, no partner; a pair around Latin
        // letters only; a pair split by a `/`.
        assert!(fired("https://a.example/x.html\u{ff09}", Form::Link));
        assert!(fired("https://a.example/\u{ff08}abc\u{ff09}", Form::Link));
        assert!(fired(
            "https://a.example/\u{300a}\u{4e00}/\u{300b}",
            Form::Link
        ));
        // Chinese curly quotes around a title's words (SwiftGuide's link
        // `…/之“消灭重复的代码之-UITableView-篇”/`); near misses: around
        // Latin letters only, unpaired.
        let quoted = "https://autolayout.club/2015/10/18/\u{4e4b}\u{201c}\u{6d88}\u{706d}-UITableView-\u{7bc7}\u{201d}/";
        assert!(!fired(quoted, Form::Link));
        assert!(fired("http://a.example/x\u{201c}y\u{201d}/", Form::Link));
        assert!(fired(
            "http://a.example/\u{4e4b}\u{201c}\u{6d88}",
            Form::Link
        ));
        // A heading's anchor: a CJK title, its English name in fullwidth
        // brackets (awesome-fenix's Wikipedia link); near miss: no CJK
        // letter in the fragment.
        let anchor =
            "https://zh.wikipedia.org/wiki/x#\u{7a0b}\u{5f0f}\u{ff08}Programming_Level\u{ff09}";
        assert!(!fired(anchor, Form::Link));
        assert!(fired(anchor, Form::Bare));
        // In a query's parameter too; near misses: the pair split by `&`,
        // prose glued on after a Latin value.
        assert!(fired(
            "http://www.ruanyifeng.com/blog/2015/07/flex-grammar.html?utm_source=tuicool\u{ff08}\u{8bed}\u{6cd5}\u{7bc7}\u{ff09}",
            Form::Link
        ));
        let id =
            "http://xiaofei.site:10082/p?id=\u{5f00}\u{53d1}sdk\u{ff08}spring-boot-starter\u{ff09}";
        assert!(!fired(id, Form::Link));
        assert!(fired(
            "http://a.example/p?id=\u{5f00}\u{ff08}a&b=c\u{ff09}",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/x#\u{ff08}Programming_Level\u{ff09}",
            Form::Link
        ));
    }

    #[test]
    fn quotes_in_a_links_sentence_query_are_the_sentences() {
        let share = "https://x.com/intent/post?text=\u{201c}Learn%20React\u{201d}%20by%20me";
        assert!(!fired(share, Form::Link));
        // Bare, or in a path, or a query of no sentence: reported.
        assert!(fired(share, Form::Bare));
        assert!(fired(
            "https://a.example/\u{201c}a%20b%20c\u{201d}",
            Form::Link
        ));
        assert!(fired("https://a.example/?q=\u{201c}ab\u{201d}", Form::Link));
        // A message parameter's sentence in a script that writes no spaces;
        // near misses: another parameter, the mark after the value.
        let tweet = "https://twitter.com/intent/tweet?hashtags=A&text=\u{3010}\u{975e}\u{516c}\u{5f0f}\u{3011}AtCoder&url=https://b.example/";
        assert!(!fired(tweet, Form::Link));
        assert!(fired(
            "https://a.example/?tag=\u{975e}\u{3002}&text=x",
            Form::Link
        ));
        assert!(fired("https://a.example/?text=ab&u=\u{3010}x", Form::Link));
        // A search's words, Google Scholar's exact phrase.
        let scholar = "https://scholar.google.com/scholar?as_q=&as_epq=\u{6211}\u{4eec}\u{ff0c}\u{8c01}\u{ff1f}&as_oq=";
        assert!(!fired(scholar, Form::Link));
        assert!(fired(
            "https://a.example/?id=\u{8c01}\u{ff1f}&x=1",
            Form::Link
        ));
        // MediaWiki's `title=` names a page.
        assert!(fired(
            "https://zh.wikipedia.org/w/index.php?title=\u{5317}\u{4eac}\u{3002}&action=edit",
            Form::Link
        ));
        // A text fragment's passage so written; near miss: an anchor.
        let passage = "https://tieba.baidu.com/p/8487114265#:~:text=\u{68c0}\u{67e5}\u{2026}\u{201c}\u{8bbe}\u{5907}\u{201d}";
        assert!(!fired(passage, Form::Link));
        assert!(fired(
            "https://a.example/p#\u{68c0}\u{67e5}\u{2026}\u{201c}\u{8bbe}\u{201d}",
            Form::Link
        ));
        // Mastodon's share page takes the post as the fragment's `text=`;
        // near miss: a fragment that is an anchor.
        let toot =
            "https://share.joinmastodon.org/#text=What\u{2019}s the right way? https://b.example/";
        assert!(!fired(toot, Form::Link));
        let books = "https://books.google.com/books?id=F&dq=*Ms*+\u{201c}Surviving+the+Unbelievable\u{201d}&hl=en#v=onepage&q=*Ms*%20\u{201c}Surviving%20the%20Unbelievable\u{201d}&f=false";
        assert!(!fired(books, Form::Link));
        // A text fragment's directive mangled into full-width colons.
        assert!(fired(
            "https://a.example/x#\u{ff1a}~\u{ff1a}text=com/~deno%2Drss-\u{ff0c}Advertising%20your%20RSS%20feed\u{ff0c}-Now%20you",
            Form::Link
        ));
        // An invisible character in a sentence's query is still one.
        assert!(fired(
            "https://www.google.com/search?q=a+b+c\u{200b}",
            Form::Link
        ));
        assert!(fired(
            "https://www.google.com/search?q=a+b+c\u{202e}",
            Form::Link
        ));
        assert!(fired(
            "https://a.example/#What\u{2019}s the right way",
            Form::Link
        ));
    }

    #[test]
    fn an_ideographic_comma_in_a_links_title_or_heading_number_is_its_own() {
        // A Hexo permalink listing a title's parts; a heading's number.
        let listed = "http://a.example/demo-\u{5b89}\u{88c5}\u{5668}\u{3001}aos\u{548c}-step-2/";
        assert!(!fired(listed, Form::Link));
        assert!(!fired(
            "https://u.sb/css-cdn/#2\u{3001}google-fonts",
            Form::Angle
        ));
        // Near misses: bare; ending the link; after a Latin letter.
        assert!(fired(listed, Form::Bare));
        assert!(fired(
            "http://a.example/\u{5b89}\u{88c5}\u{3001}",
            Form::Link
        ));
        assert!(fired("http://a.example/x\u{3001}y", Form::Link));
    }

    #[test]
    fn fullwidth_quotes_around_a_headline_in_a_slug_are_its_own() {
        // hktdc's article named after its quoted headline.
        let slug = "https://hkmb.hktdc.com/sc/d7eKi5jx/article/\u{ff02}\u{521b}\u{4e1a}\u{ff1a}\u{56fd}\u{9645}\u{ff02}\u{2013}\u{533b}\u{7597}";
        assert!(!fired(slug, Form::Link));
        // Near misses: one quote alone; no CJK letter inside; bare.
        assert!(fired(
            "https://a.example/article/\u{ff02}\u{521b}\u{4e1a}",
            Form::Link
        ));
        assert!(fired("https://a.example/\u{ff02}ab\u{ff02}", Form::Link));
        assert!(fired(slug, Form::Bare));
        // The same headline with ASCII quotes.
        let md = "[x](https://hkmb.hktdc.com/sc/article/\"\u{521b}\u{4e1a}\u{ff1a}\u{56fd}\u{9645}\"\u{2013}\u{533b}\u{7597})\n";
        assert!(!unsafe_in(Syntax::Markdown, md, Standard::Rfc3986));
        // Near misses: Latin words quoted after a letter; one quote.
        assert!(unsafe_in(
            Syntax::Markdown,
            "[x](https://a.example/article/a\"\u{521b}\u{4e1a}\"b)\n",
            Standard::Rfc3986
        ));
        assert!(unsafe_in(
            Syntax::Markdown,
            "[x](https://a.example/article/\"\u{521b}\u{4e1a})\n",
            Standard::Rfc3986
        ));
        // A title's quoted first word in Semantic Scholar's slug; near
        // misses: not at the segment's start, no colon after it.
        let md = |path: &str| {
            unsafe_in(
                Syntax::Markdown,
                &format!("[x](https://www.semanticscholar.org/paper/{path}/7a95)\n"),
                Standard::Rfc3986,
            )
        };
        assert!(!md("\"GrabCut\":-interactive-foreground-extraction"));
        assert!(md("x-\"GrabCut\":-interactive"));
        assert!(md("\"GrabCut\"-interactive"));
        assert!(md("\"id\":5"));
        assert!(md("\"\":-x"));
    }

    #[test]
    fn brackets_a_page_really_has_under_rfc3986() {
        let md = unsafe_in_markdown;
        // C++'s operators, each a page of cplusplus.com.
        assert!(!md(
            "[operator[]](https://legacy.cplusplus.com/reference/string/string/operator[]/)\n"
        ));
        assert!(!md(
            "[x](https://en.cppreference.com/w/cpp/string/operator<<)\n"
        ));
        // Near misses: another word before the brackets; a word after;
        // a bracket alone; another site.
        assert!(md("[x](https://cplusplus.com/reference/operand[]/)\n"));
        assert!(md("[x](https://cplusplus.com/reference/operator[]x/)\n"));
        assert!(md("[x](https://cplusplus.com/reference/operator]/)\n"));
        assert!(md("[x](https://a.example/reference/operator[]/)\n"));
        // Empty brackets ending a file's name before its extension.
        assert!(!md(
            "// https://www.orientalmotor.co.jp/image/tj_pkp214u06[].gif\n"
        ));
        // Near misses: a folder's; no extension.
        assert!(md("see https://a.example/ember-4-3[]/x\n"));
        assert!(md("see https://a.example/file[]x\n"));
        // A wiki page's bracketed word, in angle brackets on one line.
        assert!(!md(
            "<https://github.com/Tencent/tmt-workflow/wiki/\u{2493}-[\u{89c4}\u{8303}]--CSS-BEM>\n"
        ));
        // Near miss: the wrapper spread over two lines.
        assert!(unsafe_in(
            Syntax::Text,
            "<https://github.com/o/r/wiki/\u{2493}-[\u{89c4}\n\u{8303}]--CSS-BEM>\n",
            Standard::Rfc3986
        ));
    }

    #[test]
    fn a_title_s_marks_past_the_length_limit_are_reported() {
        // 200,000 marks in a query that holds a sentence: each was once
        // judged by reading the whole query (minutes). Past the limit a
        // title's marks are reported; below it, spared as before.
        let long = format!("https://a.example/?q={}", "\u{201c}%20".repeat(200_000));
        assert!(fired(&long, Form::Link));
        let short = format!("https://a.example/?q={}", "\u{201c}%20".repeat(10));
        assert!(!fired(&short, Form::Link));
    }

    #[test]
    fn a_title_glued_to_its_url_says_so() {
        let d = crate::rules::testutil::document_diagnostics(
            Syntax::Markdown,
            "see [forum](https://forum.example.org/\"Technical Support Forum\") now\n",
        );
        let unsafe_: Vec<_> = d
            .iter()
            .filter(|d| d.rule == Rule::UnsafeCharacter)
            .collect();
        assert_eq!(unsafe_.len(), 1, "{d:?}");
        assert!(
            unsafe_[0].message.starts_with("a link's title glued"),
            "{d:?}"
        );
        // Words with blanks after a `/`: the blank is the fix, applied.
        let fix = unsafe_[0].fix.as_ref().expect("a fix");
        assert_eq!(fix.applicability, crate::rules::Applicability::Safe);
        assert_eq!(fix.edits.len(), 1, "{fix:?}");
        assert_eq!(fix.edits[0].content, " ");
        let d = crate::rules::testutil::document_diagnostics(
            Syntax::Markdown,
            "The [GroupDocs](http://www.groupdocs.com/\"GroupDocs\") team\n",
        );
        assert!(
            d.iter()
                .any(|d| d.message.starts_with("a link's title glued")),
            "{d:?}"
        );
        // One word right after a file's name, in CJK; the fix writes the
        // blank, and the link renders with its title.
        let md = "[\u{89e3}\u{51b3}](http://m.example.com/detail_2468.html\"\u{89e3}\u{51b3}\")\n";
        let d = crate::rules::testutil::document_diagnostics(Syntax::Markdown, md);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.starts_with("a link's title glued"), "{d:?}");
        let fix = d[0].fix.as_ref().expect("a fix");
        // One word after a path's word: a guess, offered.
        assert_eq!(fix.applicability, crate::rules::Applicability::Unsafe);
        assert_eq!(fix.edits.len(), 1, "{fix:?}");
        let e = &fix.edits[0];
        assert_eq!(
            (e.span.start.offset, e.span.end.offset),
            (md.find('"').unwrap() as u64, md.find('"').unwrap() as u64)
        );
        assert_eq!(e.content, " ");
        // Near misses: a quoted term ending a query.
        let d = crate::rules::testutil::document_diagnostics(
            Syntax::Markdown,
            "see [x](https://a.example.org/s?q=\"Forum\") now\n",
        );
        assert!(
            d.iter().all(|d| !d.message.starts_with("a link's title")),
            "{d:?}"
        );
        // Near misses: one word quoted, no blank (a quote in the path);
        // an HTML attribute, which has no title.
        let d = crate::rules::testutil::document_diagnostics(
            Syntax::Markdown,
            "see [x](https://a.example.org/\"Forum\"x) now\n",
        );
        assert!(
            d.iter().all(|d| !d.message.starts_with("a link's title")),
            "{d:?}"
        );
        let d = crate::rules::testutil::document_diagnostics(
            Syntax::Html,
            "<a href='https://a.example.org/\"Technical Support\"'>x</a>\n",
        );
        assert!(d.iter().any(|d| d.rule == Rule::UnsafeCharacter), "{d:?}");
        assert!(
            d.iter().all(|d| !d.message.starts_with("a link's title")),
            "{d:?}"
        );
    }

    #[test]
    fn a_query_term_opened_raw_and_closed_escaped_is_one_pair() {
        let md = unsafe_in_markdown;
        assert!(!md(
            "[x](https://github.com/o/r/issues?q=is%3Aopen+label%3A\"Needs+Design+Feedback%22)\n"
        ));
        // Near misses: the raw quote never closed; closed in another
        // parameter or not ending its term; an escaped quote inside a
        // raw-quoted term is still spared.
        assert!(md(
            "[x](https://github.com/o/r/issues?q=label%3A\"Needs+Design)\n"
        ));
        assert!(md("[x](https://a.example/?a=\"x&b=%22)\n"));
        assert!(md("[x](https://a.example/?q=\"say+%22hi)\n"));
        assert!(!md("[x](https://a.example/?q=\"a%22b\")\n"));
    }

    #[test]
    fn a_version_range_as_a_path_segment_under_rfc3986() {
        let md = unsafe_in_markdown;
        assert!(!md(
            "> <https://registry.npmmirror.com/antd/^5/files/lib/index.js>\n"
        ));
        // Near misses: a word before the caret; no digit after it; a
        // footnote's mark ending the URL; more than a version (IIIF's size).
        assert!(md("> <https://registry.npmmirror.com/antd/x^5/files/>\n"));
        assert!(md("> <https://registry.npmmirror.com/antd/^x/files/>\n"));
        assert!(md("see [x](https://a.example/docs/^1)\n"));
        assert!(md(
            "see [x](https://a.example/iiif/full/^1200,/0/default.jpg)\n"
        ));
    }
}
