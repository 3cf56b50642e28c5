//! The built-in puzzle library by level (public-domain puzzles from the
//! Sudoku Exchange puzzle bank, see `assets/puzzles/README.md`): what the
//! window's Game → New and the web page's New draw from. Library code, not
//! the window's: the web server (`serve`) plays without the `gui` feature.

use crate::grid::Grid;

/// A difficulty band of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankLevel {
    Easy,
    Medium,
    Hard,
    VeryHard,
    Diabolical,
}

impl BankLevel {
    pub const ALL: [BankLevel; 5] = [
        BankLevel::Easy,
        BankLevel::Medium,
        BankLevel::Hard,
        BankLevel::VeryHard,
        BankLevel::Diabolical,
    ];

    fn text(self) -> &'static str {
        match self {
            BankLevel::Easy => include_str!("../assets/puzzles/easy.txt"),
            BankLevel::Medium => include_str!("../assets/puzzles/medium.txt"),
            BankLevel::Hard => include_str!("../assets/puzzles/hard.txt"),
            BankLevel::VeryHard => include_str!("../assets/puzzles/very_hard.txt"),
            BankLevel::Diabolical => include_str!("../assets/puzzles/diabolical.txt"),
        }
    }

    /// The level's stable name in URLs and JSON (`very_hard`).
    pub fn id(self) -> &'static str {
        match self {
            BankLevel::Easy => "easy",
            BankLevel::Medium => "medium",
            BankLevel::Hard => "hard",
            BankLevel::VeryHard => "very_hard",
            BankLevel::Diabolical => "diabolical",
        }
    }

    /// The level named `id` (as [`BankLevel::id`] writes it).
    pub fn from_id(id: &str) -> Option<BankLevel> {
        BankLevel::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// The puzzles of one level, in file order. The files are checked by tests,
/// so a line that does not parse is skipped rather than reported.
pub fn puzzles(level: BankLevel) -> Vec<Grid> {
    level
        .text()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| Grid::parse(l).ok())
        .collect()
}

/// One puzzle of `level`, chosen by `seed`.
pub fn pick(level: BankLevel, seed: u64) -> Grid {
    let all = puzzles(level);
    // splitmix64 spreads consecutive seeds over the list
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    all[(z % all.len() as u64) as usize]
}

/// A seed from the clock, for "New".
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_holds_forty_proper_puzzles() {
        for level in BankLevel::ALL {
            let all = puzzles(level);
            assert_eq!(all.len(), 40, "{level:?}");
            for g in &all {
                assert!(crate::solver::verdict(g).is_unique(), "{level:?}: {g}");
            }
        }
        assert_ne!(pick(BankLevel::Easy, 1), pick(BankLevel::Easy, 2));
        for level in BankLevel::ALL {
            assert_eq!(BankLevel::from_id(level.id()), Some(level));
        }
        assert_eq!(BankLevel::from_id("Easy"), None);
    }
}
