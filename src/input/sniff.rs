//! Look at the first block of an input to decide how to read it.
//!
//! Decisions are made by content, never by name alone: a `.txt` that is really
//! gzip is decompressed, a UTF-16 file with a BOM is transcoded, and a NUL byte
//! in the first block marks a binary file (ripgrep's rule).

use std::io::{self, Cursor, Read};

use flate2::read::MultiGzDecoder;

/// How much of an input is looked at to classify it.
pub const HEAD_LEN: usize = 8 * 1024;

/// A readable input after sniffing.
pub struct Opened {
    /// The head, already read, chained with the rest.
    pub reader: Box<dyn Read + Send>,
    /// The first bytes of the (decoded) content.
    pub head: Vec<u8>,
    /// What the content looks like.
    pub kind: Kind,
}

/// What an input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text (any encoding we scan as bytes).
    Text,
    /// A NUL byte in the first block.
    Binary,
}

/// Classify and wrap `reader`: decompress gzip, transcode UTF-16.
pub fn open(reader: Box<dyn Read + Send>) -> io::Result<Opened> {
    let (head, reader) = read_head(reader)?;
    let (head, reader) = if head.starts_with(&[0x1f, 0x8b]) {
        let gz: Box<dyn Read + Send> =
            Box::new(MultiGzDecoder::new(Cursor::new(head).chain(reader)));
        read_head(gz)?
    } else {
        (head, reader)
    };
    let utf16 = if head.starts_with(&[0xff, 0xfe]) {
        Some(encoding_rs::UTF_16LE)
    } else if head.starts_with(&[0xfe, 0xff]) {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    };
    if let Some(encoding) = utf16 {
        let decoded: Box<dyn Read + Send> =
            Box::new(Transcode::new(Cursor::new(head).chain(reader), encoding));
        let (head, reader) = read_head(decoded)?;
        return Ok(rejoin(head, reader));
    }
    Ok(rejoin(head, reader))
}

/// Put the head back in front of the rest.
fn rejoin(head: Vec<u8>, reader: Box<dyn Read + Send>) -> Opened {
    let kind = classify(&head);
    Opened {
        reader: Box::new(Cursor::new(head.clone()).chain(reader)),
        head,
        kind,
    }
}

fn classify(head: &[u8]) -> Kind {
    if memchr::memchr(0, head).is_some() {
        Kind::Binary
    } else {
        Kind::Text
    }
}

/// Read up to [`HEAD_LEN`] bytes; short reads are retried until EOF.
fn read_head(mut reader: Box<dyn Read + Send>) -> io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    let mut head = vec![0; HEAD_LEN];
    let mut len = 0;
    while len < HEAD_LEN {
        match reader.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(len);
    Ok((head, reader))
}

/// A reader that decodes UTF-16 into UTF-8 as it goes, in bounded memory.
struct Transcode<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    input: Vec<u8>,
    output: Vec<u8>,
    out_pos: usize,
    eof: bool,
}

impl<R: Read> Transcode<R> {
    fn new(inner: R, encoding: &'static encoding_rs::Encoding) -> Self {
        Transcode {
            inner,
            decoder: encoding.new_decoder_with_bom_removal(),
            input: vec![0; 8 * 1024],
            output: Vec::with_capacity(32 * 1024),
            out_pos: 0,
            eof: false,
        }
    }
}

impl<R: Read> Read for Transcode<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_pos == self.output.len() {
            if self.eof {
                return Ok(0);
            }
            let n = self.inner.read(&mut self.input)?;
            self.eof = n == 0;
            self.output.clear();
            self.out_pos = 0;
            let need = self.decoder.max_utf8_buffer_length(n).unwrap_or(4 * n + 16);
            self.output.resize(need, 0);
            let (_, _, written, _) =
                self.decoder
                    .decode_to_utf8(&self.input[..n], &mut self.output, self.eof);
            self.output.truncate(written);
        }
        let n = buf.len().min(self.output.len() - self.out_pos);
        buf[..n].copy_from_slice(&self.output[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_bytes(bytes: Vec<u8>) -> (Kind, Vec<u8>) {
        let mut opened = open(Box::new(Cursor::new(bytes))).unwrap();
        let mut all = Vec::new();
        opened.reader.read_to_end(&mut all).unwrap();
        (opened.kind, all)
    }

    #[test]
    fn plain_text_passes_through_whole() {
        let text = "see http://a/b\n".repeat(2000).into_bytes();
        assert_eq!(open_bytes(text.clone()), (Kind::Text, text));
    }

    #[test]
    fn nul_in_first_block_is_binary() {
        assert_eq!(open_bytes(b"abc\0def".to_vec()).0, Kind::Binary);
    }

    #[test]
    fn gzip_is_decompressed() {
        use flate2::{write::GzEncoder, Compression};
        use std::io::Write;
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        enc.write_all(b"<URL:http://a/b>\n").unwrap();
        let gz = enc.finish().unwrap();
        assert_eq!(open_bytes(gz), (Kind::Text, b"<URL:http://a/b>\n".to_vec()));
    }

    #[test]
    fn utf16_with_bom_is_transcoded_not_binary() {
        let mut bytes = vec![0xff, 0xfe];
        for unit in "see http://b\u{fc}r.de/x\n".repeat(3000).encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        let (kind, text) = open_bytes(bytes);
        assert_eq!(kind, Kind::Text);
        let want = "see http://b\u{fc}r.de/x\n".repeat(3000);
        assert_eq!(String::from_utf8_lossy(&text[..40]), want[..40]);
        assert!(text == want.as_bytes(), "transcoded text differs");
    }

    #[test]
    fn truncated_gzip_is_an_error() {
        use flate2::{write::GzEncoder, Compression};
        use std::io::Write;
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        enc.write_all(&b"http://a/b\n".repeat(10_000)).unwrap();
        let mut gz = enc.finish().unwrap();
        gz.truncate(gz.len() / 2);
        let result = open(Box::new(Cursor::new(gz))).and_then(|mut o| {
            let mut all = Vec::new();
            o.reader.read_to_end(&mut all)
        });
        assert!(result.is_err());
    }
}
