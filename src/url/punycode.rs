//! Punycode (RFC 3492) encoding, for the help line of a non-ASCII host: the
//! fix for `bücher.example` is its IDNA A-label `xn--bcher-kva.example`.
//!
//! Only encoding, and only what a help line needs: labels are lower-cased
//! (the common case of IDNA's mapping), not fully normalised (UTS 46); a
//! label the encoder cannot take gives no suggestion rather than a wrong one.

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 §6.1: scale the bias after each encoded code point.
fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn digit(d: u32) -> char {
    // 0..=25 are `a`..`z`, 26..=35 are `0`..`9`.
    char::from(if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    })
}

/// The punycode of one label (without `xn--`), or `None` on overflow.
/// Names follow RFC 3492 §6.3's pseudocode (`n`, `delta`, `bias`, `h`,
/// `m`, `q`, `k`, `t`), so the two can be read side by side.
#[allow(clippy::many_single_char_names)]
pub fn encode(label: &str) -> Option<String> {
    let points: Vec<u32> = label.chars().map(u32::from).collect();
    let mut out: String = label.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u32;
    let mut handled = basic;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    while (handled as usize) < points.len() {
        let m = points.iter().copied().filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in &points {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(out)
}

/// The host with each non-ASCII label lower-cased and written as its
/// A-label; `None` when the host is all ASCII or a label cannot be encoded.
pub fn host_to_ascii(host: &str) -> Option<String> {
    if host.is_ascii() {
        return None;
    }
    let labels: Option<Vec<String>> = host
        .split('.')
        .map(|label| {
            if label.is_ascii() {
                Some(label.to_string())
            } else {
                let lower: String = label.chars().flat_map(char::to_lowercase).collect();
                encode(&lower).map(|p| format!("xn--{p}"))
            }
        })
        .collect();
    labels.map(|l| l.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_3492_and_well_known_labels() {
        assert_eq!(encode("bücher").as_deref(), Some("bcher-kva"));
        assert_eq!(encode("münchen").as_deref(), Some("mnchen-3ya"));
        // RFC 3492 §7.1 (A): Arabic (Egyptian).
        assert_eq!(
            encode("\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}")
                .as_deref(),
            Some("egbpdaj6bu4bxfgehfvwxn")
        );
        // RFC 3492 §7.1 (B): Chinese (simplified).
        assert_eq!(
            encode("\u{4ed6}\u{4eec}\u{4e3a}\u{4ec0}\u{4e48}\u{4e0d}\u{8bf4}\u{4e2d}\u{6587}")
                .as_deref(),
            Some("ihqwcrb4cv8a8dqg056pqjye")
        );
    }

    #[test]
    fn hosts() {
        assert_eq!(
            host_to_ascii("www.Bücher.example").as_deref(),
            Some("www.xn--bcher-kva.example")
        );
        assert_eq!(host_to_ascii("example.com"), None);
    }
}
