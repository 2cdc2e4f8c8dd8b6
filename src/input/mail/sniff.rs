//! Recognising mail by content, and maildir folders by shape.

use std::io;
use std::path::{Path, PathBuf};

use super::MailKind;

/// Header fields that make a block of `Name: value` lines a mail header
/// rather than, say, a list of notes.
const MAIL_FIELDS: &[&str] = &[
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "received",
    "return-path",
    "mime-version",
    "content-type",
    "delivered-to",
    "reply-to",
    "sender",
    "in-reply-to",
    "references",
    "x-mailer",
    "list-id",
    "user-agent",
    "newsgroups",
    "path",
    "content-transfer-encoding",
];

/// Recognises mail from the first bytes of a file (after gzip decoding).
///
/// An mbox starts with a `From ` line that has a sender and a date after it;
/// a message starts with a header block (every line a field or a folded
/// continuation, up to a blank line or the end of `head`) in which at least
/// two well-known mail fields appear.
pub fn sniff(head: &[u8]) -> Option<MailKind> {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    if head.starts_with(b"From ") {
        let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        return super::mbox::is_from_line(line).then_some(MailKind::Mbox);
    }
    let mut known = 0;
    let mut lines = head.split(|&b| b == b'\n').peekable();
    let mut first = true;
    while let Some(line) = lines.next() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        // The last piece of `head` may be cut mid-line: judge it leniently.
        let is_last = lines.peek().is_none();
        if !first && matches!(line.first(), Some(b' ' | b'\t')) {
            continue;
        }
        first = false;
        match field_name(line) {
            Some(name) => {
                if MAIL_FIELDS.iter().any(|f| f.eq_ignore_ascii_case(name)) {
                    known += 1;
                }
            }
            None if is_last => break,
            None => return None,
        }
    }
    (known >= 2).then_some(MailKind::Message)
}

/// The field name of a header line (RFC 5322 2.2: printable ASCII but `:`).
fn field_name(line: &[u8]) -> Option<&str> {
    let colon = memchr::memchr(b':', line)?;
    let name = &line[..colon];
    if name.is_empty() || !name.iter().all(|&b| (33..=126).contains(&b)) {
        return None;
    }
    std::str::from_utf8(name).ok()
}

/// A maildir has `cur/` and `new/` (`tmp/` is only for delivery in progress
/// and is often missing from copies).
pub fn is_maildir(dir: &Path) -> bool {
    dir.join("cur").is_dir() && dir.join("new").is_dir()
}

/// The messages of a maildir, `new/` then `cur/`, each sorted by name;
/// `tmp/` is skipped (its files may be half written) and so are dot files.
pub fn maildir_messages(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut all = Vec::new();
    for sub in ["new", "cur"] {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir.join(sub))? {
            let entry = entry?;
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if !hidden && entry.file_type()?.is_file() {
                files.push(entry.path());
            }
        }
        files.sort();
        all.extend(files);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_mbox_and_messages() {
        assert_eq!(
            sniff(b"From alice@example.org Mon Jan  1 00:00:00 2024\nSubject: x\n"),
            Some(MailKind::Mbox)
        );
        assert_eq!(
            sniff(b"From foo at bar.org  Tue Mar  4 10:00:00 2003\n"),
            Some(MailKind::Mbox)
        );
        assert_eq!(sniff(b"From here on, we go.\n"), None);
        let msg = b"Return-Path: <a@b>\r\nReceived: from x\r\n\tby y\r\nSubject: hi\r\n\r\nbody";
        assert_eq!(sniff(msg), Some(MailKind::Message));
        // Cut mid-header: still a message.
        assert_eq!(sniff(b"From: a@b\nTo: c@d\nSubj"), Some(MailKind::Message));
        assert_eq!(sniff(b"Note: one field\n\ntext"), None);
        assert_eq!(sniff(b"From: a@b\nTo: c@d\nthis is prose\n"), None);
        assert_eq!(sniff(b"Network Working Group   T. Berners-Lee\n"), None);
    }

    #[test]
    fn maildir_shape() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!is_maildir(dir.path()));
        for sub in ["cur", "new", "tmp"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        std::fs::write(dir.path().join("new/2"), "x").unwrap();
        std::fs::write(dir.path().join("cur/1!2,S"), "x").unwrap();
        std::fs::write(dir.path().join("tmp/3"), "x").unwrap();
        assert!(is_maildir(dir.path()));
        let names: Vec<_> = maildir_messages(dir.path())
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["2", "1!2,S"]);
    }
}
