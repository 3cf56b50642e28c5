//! The access token: 192 bits from the operating system's random source,
//! written in URL-safe base64, and compared in constant time so that the
//! time a refusal takes tells nothing about how much of a guess was right.

use std::fmt;

/// Bytes of randomness in a token: 192 bits, above the 128 asked of it.
const TOKEN_BYTES: usize = 24;

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
        Ok(Token(base64url(&bytes)))
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

/// URL-safe base64 without padding (RFC 4648 §5): letters, digits, `-`, `_`.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for k in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize] as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_the_rfc_examples() {
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn tokens_are_long_random_and_matched_exactly() {
        let (a, b) = (Token::generate().unwrap(), Token::generate().unwrap());
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 32, "24 bytes in base64");
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(""));
        assert!(!a.matches(&a.as_str()[..31]));
        let mut last_wrong = a.as_str().to_string();
        let flipped = if last_wrong.ends_with('A') { "B" } else { "A" };
        last_wrong.replace_range(31.., flipped);
        assert!(!a.matches(&last_wrong));
        assert_eq!(format!("{a:?}"), "Token(..)");
    }
}
