//! A set of Sudoku digits packed in a `u16`.

use std::fmt;

/// A set of digits 1..=9, bit `d - 1` for digit `d`; a board of a larger
/// shape keeps its notes up to 16 in the same `u16` (see [`Candidates::up_to`]).
///
/// This is the currency of both the solver and the rule engine: candidate
/// sets, unit masks and note sets are all `Candidates`, so set algebra
/// (`|`, `&`, `!`) reads like the reasoning it implements.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    pub const NONE: Candidates = Candidates(0);
    pub const ALL: Candidates = Candidates(0x1ff);

    /// The largest digit a set can hold: the 16 symbols of a 16×16.
    pub const MAX_DIGIT: u8 = 16;

    /// The set holding only `digit` (1..=16; the rule engine's 1..=9).
    #[inline]
    pub const fn single(digit: u8) -> Candidates {
        debug_assert!(digit >= 1 && digit <= Self::MAX_DIGIT);
        Candidates(1 << (digit - 1))
    }

    /// Builds a set from its raw bits; bits above the ninth are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> Candidates {
        Candidates(bits & 0x1ff)
    }

    /// Every digit from 1 to `side` (a shape's symbols, up to 16).
    #[inline]
    pub const fn up_to(side: usize) -> Candidates {
        if side >= 16 {
            Candidates(u16::MAX)
        } else {
            Candidates((1 << side) - 1)
        }
    }

    /// A set of up to 16 digits from its raw bits (bit `d - 1` for `d`):
    /// the notes of a board of any size, none dropped.
    #[inline]
    pub const fn from_wide_bits(bits: u16) -> Candidates {
        Candidates(bits)
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    #[inline]
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= Self::MAX_DIGIT && self.0 & (1 << (digit - 1)) != 0
    }

    #[inline]
    pub fn insert(&mut self, digit: u8) {
        self.0 |= Self::single(digit).0;
    }

    #[inline]
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !Self::single(digit).0;
    }

    /// Adds `digit` if absent, removes it if present (a note toggle).
    #[inline]
    pub fn toggle(&mut self, digit: u8) {
        self.0 ^= Self::single(digit).0;
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit if the set holds exactly one.
    #[inline]
    pub const fn single_digit(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The smallest digit in the set.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    #[inline]
    pub fn iter(self) -> CandidatesIter {
        CandidatesIter(self.0)
    }

    #[inline]
    pub const fn is_subset_of(self, other: Candidates) -> bool {
        self.0 & !other.0 == 0
    }
}

/// A list of digits, `[1, 4, 7]`.
impl serde::Serialize for Candidates {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl std::ops::BitOr for Candidates {
    type Output = Candidates;
    #[inline]
    fn bitor(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Candidates {
    #[inline]
    fn bitor_assign(&mut self, rhs: Candidates) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Candidates {
    type Output = Candidates;
    #[inline]
    fn bitand(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & rhs.0)
    }
}

impl std::ops::BitAndAssign for Candidates {
    #[inline]
    fn bitand_assign(&mut self, rhs: Candidates) {
        self.0 &= rhs.0;
    }
}

impl std::ops::Not for Candidates {
    type Output = Candidates;
    #[inline]
    fn not(self) -> Candidates {
        Candidates(!self.0 & 0x1ff)
    }
}

impl std::ops::Sub for Candidates {
    type Output = Candidates;
    #[inline]
    fn sub(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & !rhs.0)
    }
}

impl FromIterator<u8> for Candidates {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = Candidates::NONE;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl IntoIterator for Candidates {
    type Item = u8;
    type IntoIter = CandidatesIter;
    fn into_iter(self) -> CandidatesIter {
        self.iter()
    }
}

/// Iterates the digits of a set in increasing order.
pub struct CandidatesIter(u16);

impl Iterator for CandidatesIter {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CandidatesIter {}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// Digits written together, as players write pencil marks: `1379`; the
/// digits past 9 of a larger shape as letters, 10 as `A` to 16 as `G` (one
/// character each, so a save file reads them back without separators).
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{}", Candidates::digit_char(d))?;
        }
        Ok(())
    }
}

impl Candidates {
    /// The one character [`Display`](fmt::Display) writes for `digit`.
    pub fn digit_char(digit: u8) -> char {
        match digit {
            0..=9 => (b'0' + digit) as char,
            _ => (b'A' + digit - 10) as char,
        }
    }

    /// The digit a character of the written form stands for (`'1'`–`'9'`,
    /// `'A'`–`'G'`), `None` for any other.
    pub fn digit_of_char(ch: char) -> Option<u8> {
        match ch {
            '1'..='9' => Some(ch as u8 - b'0'),
            'A'..='G' => Some(ch as u8 - b'A' + 10),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set = Candidates::NONE;
        set.insert(3);
        set.insert(7);
        set.insert(9);
        assert_eq!(set.len(), 3);
        assert!(set.contains(7) && !set.contains(1));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 7, 9]);
        set.remove(7);
        assert_eq!(set.to_string(), "39");
        assert_eq!(set.single_digit(), None);
        set.toggle(3);
        assert_eq!(set.single_digit(), Some(9));
        assert_eq!((!Candidates::single(5)).len(), 8);
        assert_eq!(
            Candidates::ALL - Candidates::single(1),
            !Candidates::single(1)
        );
        assert!(Candidates::single(4).is_subset_of(Candidates::ALL));
        assert!(!Candidates::contains(Candidates::ALL, 0));
        assert_eq!([1u8, 2, 2].into_iter().collect::<Candidates>().len(), 2);
    }

    #[test]
    fn sixteen_symbols_fit_and_are_written_one_character_each() {
        let mut set = Candidates::NONE;
        for d in [1u8, 10, 16] {
            set.insert(d);
        }
        assert!(set.contains(16) && !set.contains(17));
        assert_eq!(set.to_string(), "1AG");
        let back: Option<Candidates> = "1AG".chars().map(Candidates::digit_of_char).collect();
        assert_eq!(back, Some(set));
        assert_eq!(Candidates::up_to(16).len(), 16);
        assert_eq!(Candidates::up_to(6).to_string(), "123456");
        // the engine's complement stays within 1..=9
        assert_eq!(!Candidates::NONE, Candidates::ALL);
    }
}
