//! The access token: 200 bits from the operating system's random source,
//! written in lower-case Crockford base32, and compared in constant time so
//! that the time a refusal takes tells nothing about how much of a guess was
//! right.
//!
//! Base32 rather than base64 (issue 30): a player may copy the address by
//! hand from the phone panel, and base64 mixes `l`, `I` and `1`, `O` and
//! `0`. Crockford's alphabet leaves out `i`, `l`, `o` and `u`, and one case
//! only, so no two of its characters look alike.

use std::fmt;

/// Bytes of randomness in a token: 200 bits, above the 128 asked of it
/// (and the 192 the base64 tokens had), and exactly 40 base32 characters.
const TOKEN_BYTES: usize = 25;

/// The secret every request must carry (`?t=TOKEN`, `Authorization: Bearer
/// TOKEN`, or the page's asset path `/s/TOKEN/...`).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token from the OS random source (`getrandom`: `getrandom(2)` on
    /// Linux, `BCryptGenRandom` on Windows, `getentropy` on macOS).
    pub fn generate() -> std::io::Result<Token> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(Token(base32(&bytes)))
    }

    /// The token as it appears in URLs.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `candidate` is this token. Constant time for a candidate of
    /// the token's length: every byte is compared, the differences folded
    /// together, and the loop is hidden from the optimiser. A candidate of
    /// another length is refused at once: the length is no secret (it is
    /// the same for every token).
    pub fn matches(&self, candidate: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), candidate.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let mut diff = 0u8;
        for (x, y) in a.iter().zip(b) {
            diff |= std::hint::black_box(x ^ y);
        }
        std::hint::black_box(diff) == 0
    }
}

/// Never printed by accident in a log or a panic message.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

/// Crockford's base32 alphabet in lower case: digits and letters without
/// `i`, `l`, `o` and `u`, so `0` and `1` have no look-alike.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// Base32 without padding, most significant bits first (RFC 4648 §6's bit
/// order, Crockford's alphabet).
fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity((bytes.len() * 8).div_ceil(5));
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base32_matches_the_rfc_bit_order_in_crockfords_alphabet() {
        // RFC 4648's examples ("MY", "MZXQ", "MZXW6YTBOI"), each letter
        // mapped to Crockford's: A-Z2-7 become 0-9a-v less i, l, o, u.
        let crockford = |rfc: &str| -> String {
            rfc.chars()
                .map(|c| {
                    let v = match c {
                        'A'..='Z' => c as u8 - b'A',
                        _ => c as u8 - b'2' + 26,
                    };
                    ALPHABET[v as usize] as char
                })
                .collect()
        };
        assert_eq!(base32(b"f"), crockford("MY"));
        assert_eq!(base32(b"fo"), crockford("MZXQ"));
        assert_eq!(base32(b"foobar"), crockford("MZXW6YTBOI"));
        assert_eq!(base32(&[0xff; 5]), "zzzzzzzz");
        assert_eq!(base32(&[0; 5]), "00000000");
    }

    #[test]
    fn tokens_are_long_random_and_matched_exactly() {
        let (a, b) = (Token::generate().unwrap(), Token::generate().unwrap());
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 40, "25 bytes in base32");
        for c in a.as_str().chars() {
            assert!(ALPHABET.contains(&(c as u8)), "{c} is not in the alphabet");
            assert!(!"ilouILOU".contains(c), "{c} looks like another character");
        }
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(""));
        assert!(!a.matches(&a.as_str()[..39]));
        let mut last_wrong = a.as_str().to_string();
        let flipped = if last_wrong.ends_with('a') { "b" } else { "a" };
        last_wrong.replace_range(39.., flipped);
        assert!(!a.matches(&last_wrong));
        assert_eq!(format!("{a:?}"), "Token(..)");
    }
}
