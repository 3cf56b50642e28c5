//! Guess or joker? The expected penalties behind Pip's choice when its
//! logic finds no certain value.
//!
//! A joker costs [`JOKER_PENALTY`] point for sure and fills the hole. A
//! guess costs nothing when right; when wrong it costs [`WRONG_PENALTY`],
//! the hole stays open and the wrong value is ruled out, so next turn the
//! same choice comes back with one candidate fewer. With `k` candidates,
//! each equally likely to be the secret's value, and the best choice made
//! again after each wrong guess, the expected penalty `E(k)` of a hole is
//!
//! ```text
//! E(1) = 0
//! E(k) = min( J, G(k) )            J = joker penalty
//! G(k) = (k-1)/k * (W + E(k-1))    W = wrong-value penalty, G = guess now
//! ```
//!
//! With `J = W = 1`: `G(2) = 1/2`, so guessing between two beats a joker;
//! `G(3) = 2/3 * (1 + 1/2) = 1`, exactly a joker's cost: the break-even
//! number of candidates is 3; `G(4) = 3/4 * (1 + 1) = 3/2`, and every larger
//! `k` is worse still. Pip guesses only when a guess is strictly cheaper
//! (k = 2). At the break-even it takes the joker: the same expected cost,
//! but certain, and the hole is filled at once, which may unlock
//! deductions, where a wrong guess only rules out one value.

/// The penalty of a joker.
pub const JOKER_PENALTY: f64 = 1.0;
/// The penalty of a wrong value.
pub const WRONG_PENALTY: f64 = 1.0;

/// `G(k)`: the expected penalty of guessing now among `k` equally likely
/// candidates, then choosing the best way again after each wrong guess.
pub fn guess_penalty(k: u32) -> f64 {
    if k <= 1 {
        return 0.0;
    }
    // multiplied before dividing, so that G(3) comes out as exactly 1
    (f64::from(k - 1) * (WRONG_PENALTY + expected_penalty(k - 1))) / f64::from(k)
}

/// `E(k)`: the expected penalty of a hole with `k` candidates, played the
/// best way (a guess or a joker, whichever costs less).
pub fn expected_penalty(k: u32) -> f64 {
    if k <= 1 {
        0.0
    } else {
        JOKER_PENALTY.min(guess_penalty(k))
    }
}

/// Whether a guess among `k` candidates costs less on average than a joker.
pub fn should_guess(k: u32) -> bool {
    k >= 2 && guess_penalty(k) < JOKER_PENALTY - TIE
}

/// Costs closer than this are a tie (floating-point rounding, not a saving).
const TIE: f64 = 1e-9;

/// The break-even number of candidates: the fewest for which a guess is
/// no cheaper than a joker (3 with the duel's penalties).
pub fn break_even() -> u32 {
    (2..=9).find(|&k| !should_guess(k)).unwrap_or(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_break_even_is_three_candidates() {
        assert_eq!(guess_penalty(1), 0.0);
        assert_eq!(guess_penalty(2), 0.5);
        assert_eq!(guess_penalty(3), 1.0);
        assert_eq!(guess_penalty(4), 1.5);
        assert_eq!(break_even(), 3);
        assert!(should_guess(2) && !should_guess(3) && !should_guess(9));
        assert_eq!(expected_penalty(9), JOKER_PENALTY);
    }
}
