//! RFC 822 §6.1 `addr-spec`, which `mailto:` URLs carry (RFC 1738 §3.5):
//!
//! ```text
//! addr-spec  = local-part "@" domain
//! local-part = word *("." word)          word = atom / quoted-string
//! domain     = sub-domain *("." sub-domain)
//! sub-domain = atom / domain-literal     domain-literal = "[" *dtext "]"
//! atom       = 1*<any CHAR except specials, SPACE and CTLs>
//! specials   = ( ) < > @ , ; : \ " . [ ]
//! ```
//!
//! It reads the decoded octets (a `mailto` URL is "the encoding of" an
//! addr-spec), one at a time, without allocating.

use std::iter::Peekable;

fn is_atom(b: u8) -> bool {
    // Non-ASCII octets are `non-ascii-character`'s finding, not this one's.
    !(b.is_ascii_control() || b == b' ' || b"()<>@,;:\\\".[]".contains(&b))
}

/// Check the decoded octets; `Err` says what is wrong.
pub fn check(bytes: impl Iterator<Item = u8>) -> Result<(), &'static str> {
    let mut it = bytes.peekable();
    if it.peek().is_none() {
        return Err("no address after `mailto:`");
    }
    dotted(
        &mut it,
        word,
        "the local part (before `@`) is empty or has an empty word",
    )?;
    match it.next() {
        Some(b'@') => {}
        None => return Err("no `@domain`: an RFC 822 address is `local-part@domain`"),
        Some(_) => return Err("a character RFC 822 does not allow unquoted in the local part"),
    }
    dotted(
        &mut it,
        sub_domain,
        "the domain (after `@`) is empty or has an empty part",
    )?;
    match it.next() {
        None => Ok(()),
        Some(b'@') => Err("more than one `@`"),
        Some(b',') => Err("more than one address (`,`): RFC 1738 allows one"),
        // Outlook's list separator; RFC 6068 §2 separates addresses with `,`.
        Some(b';') => {
            Err("`;` after an address: a list of addresses is separated by `,` (RFC 6068 §2)")
        }
        Some(_) => Err("a character RFC 822 does not allow in the domain"),
    }
}

type Bytes<I> = Peekable<I>;

fn dotted<I: Iterator<Item = u8>>(
    it: &mut Bytes<I>,
    part: fn(&mut Bytes<I>) -> Result<bool, &'static str>,
    empty: &'static str,
) -> Result<(), &'static str> {
    loop {
        if !part(it)? {
            return Err(empty);
        }
        if it.peek() != Some(&b'.') {
            return Ok(());
        }
        it.next();
    }
}

/// An atom or quoted string; `Ok(false)` when there is none.
fn word<I: Iterator<Item = u8>>(it: &mut Bytes<I>) -> Result<bool, &'static str> {
    if it.peek() == Some(&b'"') {
        it.next();
        return delimited(it, b'"', "an unclosed quoted string").map(|()| true);
    }
    Ok(atom(it))
}

fn sub_domain<I: Iterator<Item = u8>>(it: &mut Bytes<I>) -> Result<bool, &'static str> {
    if it.peek() == Some(&b'[') {
        it.next();
        return delimited(it, b']', "an unclosed domain literal `[`").map(|()| true);
    }
    Ok(atom(it))
}

fn atom<I: Iterator<Item = u8>>(it: &mut Bytes<I>) -> bool {
    let mut any = false;
    while it.next_if(|&b| is_atom(b)).is_some() {
        any = true;
    }
    any
}

/// Skip to `close`, honouring `\` quoted pairs.
fn delimited<I: Iterator<Item = u8>>(
    it: &mut Bytes<I>,
    close: u8,
    unclosed: &'static str,
) -> Result<(), &'static str> {
    while let Some(b) = it.next() {
        if b == close {
            return Ok(());
        }
        if b == b'\\' {
            it.next();
        } else if b == b'\r' || (close == b']' && b == b'[') {
            return Err(unclosed);
        }
    }
    Err(unclosed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Result<(), &'static str> {
        check(s.bytes())
    }

    #[test]
    fn accepts_rfc_822_addresses() {
        for a in [
            "user@host",
            "first.last@sub.example.org",
            "\"john doe\"@example.com",
            "a+b@[10.0.0.1]",
            "o'brien@x.ie",
            "~user@h",
        ] {
            assert_eq!(ok(a), Ok(()), "{a}");
        }
    }

    #[test]
    fn rejects_what_is_not_an_addr_spec() {
        for a in [
            "", "user", "@host", "user@", "a..b@h", "a@h..c", "a@b@c", "a@b,c@d", "a b@h",
            "\"open@h", "a@[1.2", "a(b)@h", ".a@h", "a@h.",
        ] {
            assert!(ok(a).is_err(), "{a}");
        }
    }

    #[test]
    fn a_semicolon_list_is_told_to_use_commas() {
        assert!(ok("a@b.org;c@d.org")
            .unwrap_err()
            .contains("separated by `,`"));
        assert!(ok("a@b.org:c").unwrap_err().contains("does not allow"));
    }
}
