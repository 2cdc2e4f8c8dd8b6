//! Input: finding files (`walk`), turning each into a stream of text bytes
//! (`sniff`: gzip, UTF-16, binary detection), decoding mail (`mail`), and
//! the offset maps that lead decoded text back to the file (`offsets`).

pub mod mail;
pub(crate) mod offsets;
pub mod readahead;
pub mod sniff;
#[cfg(feature = "cli")]
pub mod walk;

/// `name` without the suffix of a compression urlint reads through (`.gz`,
/// `.bz2`, `.xz`, `.zst`, in any case): a compressed file is judged by the
/// name of what it holds.
pub fn without_compression(name: &str) -> &str {
    [".gz", ".bz2", ".xz", ".zst"]
        .iter()
        .find_map(|z| {
            let cut = name.len().checked_sub(z.len())?;
            let tail = name.get(cut..)?;
            tail.eq_ignore_ascii_case(z).then(|| &name[..cut])
        })
        .unwrap_or(name)
}
