//! Look at the first block of an input to decide how to read it.
//!
//! Decisions are made by content, never by name alone: a `.txt` that is really
//! gzip, bzip2, xz or zstd is decompressed, a UTF-16 file with a BOM is transcoded, and a NUL byte
//! in the first block marks a binary file (ripgrep's rule), and so does a PDF's `%PDF-`
//! signature.

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
    /// The content starts with a UTF-8 byte order mark, which is no
    /// character a reader sees: columns on line 1 are one less.
    pub utf8_bom: bool,
    /// Why the text is not the input's own bytes (it was decompressed or
    /// transcoded), so fixes cannot be written back to it.
    pub decoded: Option<&'static str>,
    /// The input starts like compressed data but its first block does not
    /// decompress: what the decoder said. Its `kind` is then `Binary`
    /// (a test file cut short on purpose, or data that happens to start
    /// with the magic bytes), and `reader` is empty.
    pub undecodable: Option<io::Error>,
    /// The content was decompressed (gzip, bzip2, xz or zstd).
    pub compressed: bool,
}

/// What an input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text (any encoding we scan as bytes).
    Text,
    /// A NUL byte in the first block.
    Binary,
}

/// Compressed formats recognised by their magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compression {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

fn compression(head: &[u8]) -> Option<Compression> {
    if head.starts_with(&[0x1f, 0x8b]) {
        Some(Compression::Gzip)
    } else if head.starts_with(b"BZh") && head.get(3).is_some_and(|d| (b'1'..=b'9').contains(d)) {
        Some(Compression::Bzip2)
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Some(Compression::Xz)
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Some(Compression::Zstd)
    } else {
        None
    }
}

/// A decoder over `raw` (the head chained with the rest of the input).
fn decompress(format: Compression, raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    Ok(match format {
        Compression::Gzip => Box::new(MultiGzDecoder::new(raw)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(raw)),
        Compression::Zstd => Box::new(
            ruzstd::decoding::StreamingDecoder::new(raw)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?,
        ),
        // lzma-rs decodes xz only from a reader into a writer; it runs on a
        // thread of its own and hands the text over in bounded chunks.
        Compression::Xz => Box::new(Pump::spawn(raw, |mut input, output| {
            lzma_rs::xz_decompress(&mut input, output)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("xz: {e}")))
        })),
    })
}

/// Classify and wrap `reader`: decompress gzip, bzip2, xz and zstd,
/// transcode UTF-16.
pub fn open(reader: Box<dyn Read + Send>) -> io::Result<Opened> {
    let (head, reader) = read_head(reader)?;
    let compressed = compression(&head);
    let (head, reader) = match compressed {
        Some(format) => {
            let raw = head.clone();
            match decompress(format, Box::new(Cursor::new(head).chain(reader))).and_then(read_head)
            {
                Ok(read) => read,
                Err(e) => {
                    return Ok(Opened {
                        reader: Box::new(io::empty()),
                        head: raw,
                        kind: Kind::Binary,
                        utf8_bom: false,
                        decoded: Some("a compressed file is never rewritten"),
                        undecodable: Some(e),
                        compressed: true,
                    })
                }
            }
        }
        None => (head, reader),
    };
    let decoded = compressed.map(|_| "a compressed file is never rewritten");
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
        let mut opened = rejoin(head, reader);
        opened.decoded = Some("a UTF-16 file is never rewritten");
        opened.compressed = compressed.is_some();
        return Ok(opened);
    }
    let mut opened = rejoin(head, reader);
    opened.decoded = decoded;
    opened.compressed = compressed.is_some();
    Ok(opened)
}

/// Put the head back in front of the rest.
fn rejoin(head: Vec<u8>, reader: Box<dyn Read + Send>) -> Opened {
    let kind = classify(&head);
    Opened {
        reader: Box::new(Cursor::new(head.clone()).chain(reader)),
        utf8_bom: head.starts_with(b"\xef\xbb\xbf"),
        head,
        kind,
        decoded: None,
        undecodable: None,
        compressed: false,
    }
}

/// Why a binary-looking head is skipped, for the note on stderr when the
/// file was named explicitly: UTF-16 without a byte order mark has NUL
/// bytes in every other position, and deserves a hint of its own.
pub fn binary_reason(head: &[u8]) -> &'static str {
    let pairs = head.len() / 2;
    let nul_at = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    if pairs >= 2 && (nul_at(0) * 4 >= pairs * 3 || nul_at(1) * 4 >= pairs * 3) {
        "looks like UTF-16 without a byte order mark, skipped (add a BOM or convert it to UTF-8)"
    } else if head.starts_with(b"%PDF-") {
        "a PDF document (binary), skipped (--binary reads it anyway)"
    } else {
        "binary file (a NUL byte in the first 8 KiB), skipped (--binary reads it anyway)"
    }
}

/// Binary: a NUL byte in the head (ripgrep's rule), or a PDF's signature
/// (`%PDF-`), whose compressed streams may hold no NUL for many kilobytes
/// and whose font tables then read as glued words (pypdf's sample fonts).
fn classify(head: &[u8]) -> Kind {
    if memchr::memchr(0, head).is_some() || head.starts_with(b"%PDF-") {
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

/// A reader fed by a decoder that only writes: the decoder runs on its own
/// thread and sends its output in chunks through a bounded channel, so
/// memory stays bounded whatever the file's size.
struct Pump {
    rx: std::sync::mpsc::Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    pos: usize,
}

/// The decoder thread's end of a [`Pump`]: buffers writes into chunks.
struct PumpWriter {
    tx: std::sync::mpsc::SyncSender<io::Result<Vec<u8>>>,
    buf: Vec<u8>,
}

const PUMP_CHUNK: usize = 64 * 1024;

impl io::Write for PumpWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PUMP_CHUNK {
            self.flush()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(PUMP_CHUNK));
        // The reader went away (the file was abandoned): stop decoding.
        self.tx
            .send(Ok(chunk))
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    }
}

impl Pump {
    fn spawn<F>(raw: Box<dyn Read + Send>, decode: F) -> Pump
    where
        F: FnOnce(io::BufReader<Box<dyn Read + Send>>, &mut PumpWriter) -> io::Result<()>
            + Send
            + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(4);
        std::thread::spawn(move || {
            let mut out = PumpWriter {
                tx: tx.clone(),
                buf: Vec::with_capacity(PUMP_CHUNK),
            };
            let result = decode(io::BufReader::new(raw), &mut out).and_then(|()| {
                use io::Write;
                out.flush()
            });
            if let Err(e) = result {
                let _ = tx.send(Err(e));
            }
        });
        Pump {
            rx,
            chunk: Vec::new(),
            pos: 0,
        }
    }
}

impl Read for Pump {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.chunk.len() {
            match self.rx.recv() {
                Ok(Ok(chunk)) => {
                    self.chunk = chunk;
                    self.pos = 0;
                }
                Ok(Err(e)) => return Err(e),
                // The decoder finished and hung up.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.pos);
        buf[..n].copy_from_slice(&self.chunk[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
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

/// `text` gzipped, with its last `cut` bytes taken off: a stream cut short
/// (none cut: whole), for the tests of a file that does not decompress.
#[cfg(test)]
pub(crate) fn gzip_cut_short(text: &[u8], cut: usize) -> Vec<u8> {
    use flate2::{write::GzEncoder, Compression};
    use std::io::Write;
    let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
    enc.write_all(text).expect("writing to memory");
    let mut gz = enc.finish().expect("writing to memory");
    gz.truncate(gz.len() - cut);
    gz
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
    fn a_pdf_is_binary_without_a_nul() {
        let pdf = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj <</URI (http://a.example/)>>\n".to_vec();
        assert_eq!(open_bytes(pdf.clone()).0, Kind::Binary);
        assert!(binary_reason(&pdf).starts_with("a PDF document"));
        // A text about PDF files is text.
        let text = b"See %PDF-1.5 headers at http://a.example/\n".to_vec();
        assert_eq!(open_bytes(text).0, Kind::Text);
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
    fn bzip2_xz_and_zstd_are_decompressed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/compressed");
        for name in ["urls.txt.bz2", "urls.txt.xz", "urls.txt.zst"] {
            let bytes = std::fs::read(dir.join(name)).unwrap();
            let (kind, text) = open_bytes(bytes);
            assert_eq!(kind, Kind::Text, "{name}");
            let text = String::from_utf8(text).unwrap();
            assert!(
                text.contains("<URL:http://example.com/compressed>"),
                "{name}: {text}"
            );
        }
    }

    #[test]
    fn bomless_utf16_gets_its_own_reason() {
        let le: Vec<u8> = "see http://a/\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(binary_reason(&le).contains("UTF-16"));
        assert!(binary_reason(b"\x7fELF\0\0\x01rest of it").contains("binary"));
    }

    #[test]
    fn truncated_gzip_is_an_error() {
        let text = b"http://a/b\n".repeat(10_000);
        let gz = gzip_cut_short(&text, gzip_cut_short(&text, 0).len() / 2);
        let result = open(Box::new(Cursor::new(gz))).and_then(|mut o| {
            let mut all = Vec::new();
            o.reader.read_to_end(&mut all)
        });
        assert!(result.is_err());
    }

    #[test]
    fn compressed_data_whose_first_block_fails_is_undecodable_binary() {
        // rdoc's `binary.dat`: a gzip header, then a stream cut short.
        let gz = gzip_cut_short(b"http://a/b\n", 12);
        let opened = open(Box::new(Cursor::new(gz.clone()))).unwrap();
        assert_eq!(opened.kind, Kind::Binary);
        assert!(opened.undecodable.is_some());
        assert_eq!(opened.head, gz);
        // Whole, it decodes (near miss).
        let opened = open(Box::new(Cursor::new(gzip_cut_short(b"http://a/b\n", 0)))).unwrap();
        assert!(opened.undecodable.is_none() && opened.kind == Kind::Text);
    }
}
