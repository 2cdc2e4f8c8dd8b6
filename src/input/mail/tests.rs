//! Fixture tests: real-looking messages from `fixtures/mail/`, checked for
//! decoded URLs and for positions computed independently from the raw file.

use super::*;
use crate::input::offsets::count_scalars;

pub(super) fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/fixtures/mail/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub(super) fn decode_with(
    raw: &[u8],
    kind: MailKind,
    opts: &MailOptions,
) -> (Vec<TextPart>, Vec<MailWarning>) {
    let (mut parts, mut warnings) = (Vec::new(), Vec::new());
    for_each_part(raw, kind, opts, |p| parts.push(p), |w| warnings.push(w)).unwrap();
    (parts, warnings)
}

pub(super) fn decode(raw: &[u8], kind: MailKind) -> (Vec<TextPart>, Vec<MailWarning>) {
    decode_with(raw, kind, &MailOptions::default())
}

/// Where `needle` first occurs in `raw`, as a file position.
pub(super) fn raw_pos(raw: &[u8], needle: &[u8]) -> Pos {
    let offset = raw
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap_or_else(|| panic!("{:?} not in raw", String::from_utf8_lossy(needle)));
    let line_start = raw[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    Pos {
        line: 1 + memchr::memchr_iter(b'\n', &raw[..offset]).count() as u64,
        column: 1 + count_scalars(&raw[line_start..offset]),
        offset: offset as u64,
    }
}

/// The file position that `part` gives for the first `needle` in its text.
pub(super) fn mapped(part: &TextPart, needle: &str) -> Pos {
    let at = part
        .text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {:?}", part.text));
    part.original_pos(Pos {
        line: 1,
        column: 1,
        offset: at as u64,
    })
}

/// The one part whose text contains `needle`.
pub(super) fn part_with<'a>(parts: &'a [TextPart], needle: &str) -> &'a TextPart {
    let found: Vec<_> = parts.iter().filter(|p| p.text.contains(needle)).collect();
    assert_eq!(found.len(), 1, "{needle:?} in {} parts", found.len());
    found[0]
}

pub(super) fn no_encoding_debris(parts: &[TextPart]) {
    for p in parts {
        assert!(!p.text.contains("=3D"), "{:?}", p.text);
        assert!(
            !p.text.contains("=\n") && !p.text.contains("=\r\n"),
            "{:?}",
            p.text
        );
    }
}

#[test]
fn quoted_printable_soft_break_inside_url() {
    let raw = fixture("qp-softbreak.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&parts);
    let url = "https://ci.example.org/job/urlint/build/1234/console?start=0&lines=500&format=text";
    let body = part_with(&parts, url);
    assert_eq!(
        body.message_id.as_deref(),
        Some("20240312091500.GA1234@example.org")
    );
    assert_eq!(body.message_index, 0);
    assert_eq!(mapped(body, url), raw_pos(&raw, b"https://ci.example.org"));
    assert_eq!(mapped(body, "rt=0"), raw_pos(&raw, b"rt=3D0"));
    let wrapper =
        "<URL:ftp://ftp.example.org/pub/urlint/nightly/2024-03-12/urlint-0.1.0-x86_64.tar.gz>";
    assert!(body.text.contains(wrapper), "{}", body.text);
    assert_eq!(mapped(body, "<URL:ftp"), raw_pos(&raw, b"<URL:ftp"));
    // The byte after the soft break maps past `=\n`, to the next line.
    let after = raw_pos(&raw, b"4.tar.gz");
    assert_eq!(mapped(body, "4.tar.gz"), after);
    // A decoded `é` maps to its `=C3`, the host after it exactly.
    assert!(body.text.contains("http://café.example/menu"));
    assert_eq!(mapped(body, "http://caf"), raw_pos(&raw, b"http://caf=C3"));
    assert_eq!(
        mapped(body, ".example/menu"),
        raw_pos(&raw, b".example/menu")
    );
    assert!(body.text.ends_with("\n-- \nAlice\n"));
}

#[test]
fn multipart_alternative_with_base64_html_and_list_headers() {
    let raw = fixture("alternative.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&parts);
    assert_eq!(parts.len(), 3, "headers, text/plain, text/html");
    assert!(parts
        .iter()
        .all(|p| p.message_id.as_deref() == Some("rel-2.0@example.com")));

    let headers = part_with(&parts, "List-Archive:");
    for url in [
        "<https://lists.example.com/archives/announce/>",
        "<mailto:announce-leave@example.com>",
        "<mailto:announce@example.com>",
        "<https://lists.example.com/archives/announce/2024/03/000042.html>",
    ] {
        assert!(headers.text.contains(url), "{url} in {:?}", headers.text);
        assert_eq!(mapped(headers, url), raw_pos(&raw, url.as_bytes()), "{url}");
    }
    // A folded field is one line; its pieces map to their own lines.
    assert!(headers
        .text
        .contains("<https://lists.example.com/options/announce/  unsubscribe>"));
    assert_eq!(
        mapped(headers, "unsubscribe>"),
        raw_pos(&raw, b"unsubscribe>")
    );
    assert!(!headers.text.contains("Subject"), "only URL-bearing fields");

    let plain = part_with(&parts, "utm_source=mail&utm_medium=email\n");
    assert_eq!(
        mapped(plain, "https://example.com"),
        raw_pos(&raw, b"https://example.com")
    );

    let html = part_with(&parts, "logo.png");
    // HTML is handed on as HTML, for the document stage to read.
    assert!(html.html && !plain.html && !headers.html);
    assert!(html
        .text
        .contains("https://example.com/releases/v2.0?utm_source=mail&amp;utm_medium=email"));
    assert!(html.text.contains("http://mirror.example.net/v2.0/"));
    assert!(html.text.contains("<a "), "{}", html.text);
    // Base64: every position is the first line of the part's body.
    assert!(plain.exact && headers.exact && !html.exact);
    let b64_line = raw_pos(&raw, b"PCFET0NUWVBF");
    for needle in ["https://example.com", "http://cdn", "http://mirror"] {
        assert_eq!(mapped(html, needle), b64_line, "{needle}");
    }

    let opts = MailOptions {
        headers: false,
        ..MailOptions::default()
    };
    let (without, _) = decode_with(&raw, MailKind::Message, &opts);
    assert_eq!(without.len(), 2);
    assert!(without.iter().all(|p| !p.text.contains("List-Archive")));
}

#[test]
fn iso_2022_jp_maps_urls_to_their_bytes() {
    let raw = fixture("iso-2022-jp.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    let body = part_with(
        &parts,
        "仕様書はhttp://www.example.jp/docs/rfc1738-ja.html にあります。",
    );
    assert_eq!(
        body.message_id.as_deref(),
        Some("87a5k2m3x1.fsf@example.jp")
    );
    let pos = mapped(body, "http://");
    assert_eq!(pos, raw_pos(&raw, b"http://"));
    // `ESC $ B`, four kanji of two bytes, `ESC ( B`: 14 bytes before it.
    assert_eq!((pos.line, pos.column), (12, 15));
}

#[test]
fn shift_jis_and_euc_jp() {
    let raw = fixture("shift-jis.eml");
    let (parts, _) = decode(&raw, MailKind::Message);
    let url = "http://www.example.co.jp/news/2024/0315.html";
    let body = part_with(
        &parts,
        &format!("お知らせ：詳細は{url}\u{3000}をご覧ください。"),
    );
    assert_eq!(mapped(body, url), raw_pos(&raw, url.as_bytes()));

    let raw = fixture("euc-jp.eml");
    let (parts, _) = decode(&raw, MailKind::Message);
    no_encoding_debris(&parts);
    let url = "http://www.example.jp/shiryo/index.html?lang=ja";
    let body = part_with(&parts, &format!("資料：{url}\n"));
    assert_eq!(
        mapped(body, url),
        raw_pos(&raw, b"http://www.example.jp/shiryo")
    );
    assert_eq!(mapped(body, "資料"), raw_pos(&raw, b"=BB=F1"));
}

#[test]
fn windows_1252_with_crlf_and_folded_content_type() {
    let raw = fixture("windows-1252.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&parts);
    let body = part_with(
        &parts,
        "The \u{201c}new\u{201d} portal is at http://portal.example.com/café?x=1 \u{2013} don\u{2019}t use",
    );
    assert_eq!(
        mapped(body, "http://portal"),
        raw_pos(&raw, b"http://portal")
    );
    assert_eq!(mapped(body, "?x=1"), raw_pos(&raw, b"?x=3D1"));
    assert_eq!(mapped(body, "t use"), raw_pos(&raw, b"t use"));
}

#[test]
fn format_flowed_delsp_rejoins_url() {
    let raw = fixture("flowed-delsp.eml");
    let (parts, _) = decode(&raw, MailKind::Message);
    let url = "https://lists.example.org/pipermail/dev/2024-March/thread-about-url-wrapping-in-plain-text-mail.html";
    let body = part_with(
        &parts,
        &format!("archived at {url} which is worth reading before you reply.\n"),
    );
    assert_eq!(mapped(body, url), raw_pos(&raw, b"https://lists"));
    assert_eq!(mapped(body, "wrapping-in"), raw_pos(&raw, b"wrapping-in"));
    assert!(
        body.text.ends_with("reply.\n\n-- \nDave\n"),
        "{:?}",
        body.text
    );
}

#[test]
fn quoted_reply_is_left_for_the_scanner() {
    let raw = fixture("quoted-reply.eml");
    let (parts, _) = decode(&raw, MailKind::Message);
    let body = part_with(
        &parts,
        "> The grammar is in <URL:ftp://ftp.example.net/in-notes/\n> rfc1738.txt>",
    );
    assert!(body
        .text
        .contains("> > And the old draft: <URL:http://www.example.net/drafts/\n> > draft-"));
    assert_eq!(mapped(body, "<URL:ftp"), raw_pos(&raw, b"<URL:ftp"));
    assert_eq!(mapped(body, "rfc1738.txt>"), raw_pos(&raw, b"rfc1738.txt>"));
}

#[test]
fn malformed_message_warns_and_goes_on() {
    let raw = fixture("malformed.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    let texts: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|w| w.contains("unknown charset `x-klingon`")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|w| w.contains("base64: invalid character")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|w| w.contains("truncated multipart")),
        "{texts:?}"
    );
    for w in &warnings {
        assert_eq!(w.message_id.as_deref(), Some("broken-1@example.com"));
        assert_eq!(w.message_index, 0);
    }
    let charset_warning = warnings
        .iter()
        .find(|w| w.message.contains("x-klingon"))
        .unwrap();
    assert_eq!(
        charset_warning.pos,
        raw_pos(&raw, b"Unknown charset, still")
    );
    // Everything that could be decoded was.
    part_with(&parts, "http://unknown-charset.example.com/page");
    let b64 = part_with(&parts, "http://bad-base64.example.com/ok");
    assert!(
        b64.text.contains("http://still.example.org/"),
        "{:?}",
        b64.text
    );
    let tail = part_with(&parts, "http://truncated.example.com/tail");
    assert_eq!(
        mapped(tail, "http://truncated"),
        raw_pos(&raw, b"http://truncated")
    );
}

#[test]
fn forwarded_messages_in_file_order() {
    let raw = fixture("forwarded.eml");
    let (parts, warnings) = decode(&raw, MailKind::Message);
    assert!(warnings.is_empty(), "{warnings:?}");
    no_encoding_debris(&parts);
    let order: Vec<usize> = [
        "http://intro.example.org/",
        "http://inner.example.org/path?x=1&y=2",
        "http://encoded.example.org/inner",
        "http://trailer.example.org/",
    ]
    .iter()
    .map(|u| parts.iter().position(|p| p.text.contains(u)).unwrap())
    .collect();
    assert_eq!(order, [0, 1, 2, 3], "parts come in file order");
    // The file's Message-ID, not the forwarded one, names every part.
    assert!(parts
        .iter()
        .all(|p| p.message_id.as_deref() == Some("fwd-1@example.org")));
    // An attached message as such: exact positions.
    let inner = &parts[1];
    assert_eq!(
        mapped(inner, "http://inner"),
        raw_pos(&raw, b"http://inner")
    );
    assert_eq!(mapped(inner, "=2"), raw_pos(&raw, b"=3D2"));
    // A base64-encoded one: the first line of its encoded body.
    let encoded = &parts[2];
    let first = raw_pos(&raw, b"RnJvbTog");
    assert_eq!(mapped(encoded, "http://encoded"), first);
    assert_eq!(
        mapped(&parts[3], "http://trailer"),
        raw_pos(&raw, b"http://trailer")
    );
}

#[test]
fn multipart_without_boundary_is_scanned_as_text() {
    let raw =
        b"Message-ID: <nb@example.org>\nContent-Type: multipart/mixed\n\nhttp://nb.example.org/\n";
    let (parts, warnings) = decode(raw, MailKind::Message);
    assert!(
        warnings[0].message.contains("malformed multipart/mixed"),
        "{warnings:?}"
    );
    let part = part_with(&parts, "http://nb.example.org/");
    assert_eq!(mapped(part, "http://nb"), raw_pos(raw, b"http://nb"));
}

/// An invitation's `text/calendar` part is iCalendar (its lines folded at
/// 75 octets), for the document stage to unfold; a plain part is not.
/// Both decoders say so: the one for single-part messages and MIME's.
#[test]
fn calendar_parts_are_marked_for_unfolding() {
    let single = b"From: a@example.org\r\nSubject: invite\r\nContent-Type: text/calendar; charset=UTF-8; method=REQUEST\r\n\r\nBEGIN:VCALENDAR\r\nURL:http://www.example.org/calendar/event?action=VIEW&eid=NGxlN3J\r\n lZjNoZzA4\r\nEND:VCALENDAR\r\n";
    let (parts, _) = decode(single, MailKind::Message);
    let cal = part_with(&parts, "BEGIN:VCALENDAR");
    assert!(cal.calendar && !cal.html);
    let multi = b"From: a@example.org\r\nSubject: invite\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nSee http://www.example.org/x\r\n--b\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\nBEGIN:VCALENDAR\r\nURL:http://www.example.org/calendar/event?action=VIEW&eid=NGxlN3J\r\n lZjNoZzA4\r\nEND:VCALENDAR\r\n--b--\r\n";
    let (parts, _) = decode(multi, MailKind::Message);
    let cal = part_with(&parts, "BEGIN:VCALENDAR");
    assert!(cal.calendar && !cal.html);
    let plain = part_with(&parts, "See http");
    assert!(!plain.calendar && !plain.html);
}
