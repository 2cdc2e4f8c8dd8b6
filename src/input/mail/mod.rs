//! Mail input: mbox files, single RFC 822/MIME messages and maildir folders.
//!
//! Mail is never scanned as stored: quoted-printable splits URLs with `=\n`
//! and turns `=` into `=3D`, base64 hides them, and charsets other than UTF-8
//! garble them. So each message is split into [`TextPart`]s of decoded UTF-8
//! text, each able to map a position in its text back to the file
//! ([`TextPart::original_pos`]): exactly for undecoded and quoted-printable
//! parts, to the first body line for base64 parts.
//!
//! Most messages of an archive are one text part under plain headers; those
//! skip the MIME parser (`fast.rs`) and go straight to the same decoding
//! stages, an undecoded body being handed out as it is in the file.
//!
//! The reader streams: one message in memory at a time, capped by
//! [`MailOptions::max_message_bytes`]. Malformed mail (bad base64, an unknown
//! charset, a truncated multipart) becomes a [`MailWarning`] and is decoded as
//! far as possible; it never stops the run.
//!
//! ```
//! use urlint::input::mail::{for_each_part, MailKind, MailOptions};
//!
//! let mbox = "From a@example.org Mon Jan  1 00:00:00 2024\n\
//!             Message-ID: <1@example.org>\n\
//!             Content-Transfer-Encoding: quoted-printable\n\n\
//!             See http://example.org/?q=3Dx=\nyz\n";
//! let mut found = Vec::new();
//! for_each_part(mbox.as_bytes(), MailKind::Mbox, &MailOptions::default(), |part| {
//!     let at = part.text.find("http").unwrap();
//!     let pos = part.original_pos(urlint::Pos::new(1, 1, at as u64));
//!     found.push((part.text.clone(), part.message_id.clone(), pos.line, pos.column));
//! }, |_| {}).unwrap();
//! assert_eq!(found[0].0, "See http://example.org/?q=xyz\n");
//! assert_eq!(found[0].1.as_deref(), Some("1@example.org"));
//! assert_eq!((found[0].2, found[0].3), (5, 5));
//! ```

mod charset;
mod fast;
mod flowed;
mod leaf;
mod mbox;
mod message;
mod mime;
mod parallel;

mod sniff;
mod transfer;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_fast;
#[cfg(test)]
mod tests_mbox;
#[cfg(test)]
mod tests_props;

use std::fmt;
use std::io::{self, Read};

pub use sniff::{is_maildir, maildir_messages, sniff};

use crate::span::Pos;

pub use parallel::for_each_part_parallel;

/// What a mail input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// Messages separated by `From ` lines.
    Mbox,
    /// One message (an `.eml` file, a maildir entry).
    Message,
}

/// How mail is decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailOptions {
    /// Scan the URL-carrying header fields (`List-Archive`, `List-Post`,
    /// `List-Unsubscribe`, `Archived-At` …); `--no-headers` turns it off.
    pub headers: bool,
    /// Largest message decoded; beyond it the rest of the message is scanned
    /// undecoded, with a warning, so memory stays bounded.
    pub max_message_bytes: usize,
}

impl Default for MailOptions {
    fn default() -> Self {
        MailOptions {
            headers: true,
            max_message_bytes: 8 * 1024 * 1024,
        }
    }
}

/// Decoded text of one MIME part (or of a message's URL header fields).
#[derive(Debug)]
pub struct TextPart {
    /// Decoded UTF-8 text to scan.
    pub text: String,
    /// The part is `text/html`: `text` is HTML, to be read as a document.
    pub html: bool,
    /// The part is `text/calendar` (an invitation): `text` is iCalendar,
    /// whose folded lines are to be unfolded, not taken for hard wraps.
    pub calendar: bool,
    /// The message's `Message-ID`, without angle brackets.
    pub message_id: Option<String>,
    /// 0-based index of the message in the mbox (0 for a single message).
    pub message_index: u64,
    /// Whether [`TextPart::original_pos`] finds each character's own bytes.
    /// False for base64 (every position is the body's first line), where a
    /// reporter should not underline the file's text as if it were the URL.
    pub exact: bool,
    resolver: crate::input::offsets::PosResolver,
}

impl TextPart {
    /// Maps a position in [`TextPart::text`] to the original file.
    ///
    /// Only `p.offset` is used (the line and column in the text follow from
    /// it). The result is the absolute position in the file: exact for
    /// undecoded and quoted-printable text (a URL split by a soft line break
    /// still starts where it starts), the start of the body's first line for
    /// base64. Cheapest when called in increasing order.
    pub fn original_pos(&self, p: Pos) -> Pos {
        let off = usize::try_from(p.offset).unwrap_or(usize::MAX);
        self.resolver.resolve(self.text.as_bytes(), off)
    }
}

/// Something wrong with a message; it was decoded as far as possible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailWarning {
    /// 0-based index of the message in the mbox.
    pub message_index: u64,
    /// The message's `Message-ID`, when it was read before the problem.
    pub message_id: Option<String>,
    /// Start of the line in the file where the problem part begins.
    pub pos: Pos,
    /// What is wrong, e.g. "unknown charset `x-foo`: decoded as UTF-8".
    pub message: String,
}

impl fmt::Display for MailWarning {
    /// `message 3 <id@host>: what is wrong`, counting from 1 as `check`'s
    /// human output does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "message {}", self.message_index + 1)?;
        if let Some(id) = &self.message_id {
            write!(f, " <{id}>")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Decodes mail from `reader`, calling `on_part` for each text part of each
/// message in order and `on_warning` for each problem.
///
/// `reader` is the file after any gzip decoding. Only one message is held in
/// memory at a time; errors are only those of `reader`. In an mbox, text
/// before the first `From ` line (if any) counts as a message of its own.
/// Parts come in file order: the URL header fields first, then each text
/// part, attached messages' parts where they sit.
pub fn for_each_part<R: Read>(
    reader: R,
    kind: MailKind,
    opts: &MailOptions,
    on_part: impl FnMut(TextPart),
    on_warning: impl FnMut(MailWarning),
) -> io::Result<()> {
    mbox::Splitter {
        opts,
        mbox: kind == MailKind::Mbox,
        on_part,
        on_warning,
        defer: None,
    }
    .run(reader)
}
