//! How a duel starts: both secrets and both grids handed over, dealt from
//! a seed or chosen by the player, and why a setup cannot start.

use super::{deal, Answering, Side, Strength};
use crate::grid::{Cell, Grid};
use crate::logic::Level;
use std::fmt;

/// How a duel starts: both secrets and both grids handed over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub strength: Strength,
    pub answering: Answering,
    /// The level of Pip's grid for the player, as rated.
    pub level: Option<Level>,
    /// Seeds Pip's guesses (and told the grids dealt, when they were).
    pub seed: u64,
    pub pip_secret: Grid,
    /// Pip's grid for the player.
    pub pip_handed: Grid,
    /// `None`: by hand, the player keeps their secret on paper.
    pub player_secret: Option<Grid>,
    /// The player's grid for Pip.
    pub player_handed: Grid,
}

impl Setup {
    /// Deals a duel from `seed`: Pip's grid for the player at `level`, and
    /// a grid for Pip made for the player with `holes` holes (`None`: as
    /// many as in Pip's grid, so that both sides face the same count).
    pub fn dealt(
        strength: Strength,
        answering: Answering,
        level: Level,
        holes: Option<usize>,
        seed: u64,
    ) -> Setup {
        let pip = deal::pip_grid(level, seed);
        let player_secret = deal::players_secret(seed);
        let holes = holes.unwrap_or(81 - pip.puzzle.filled_count());
        Setup {
            strength,
            answering,
            level: Some(pip.level),
            seed,
            pip_secret: pip.secret,
            pip_handed: pip.puzzle,
            player_secret: Some(player_secret),
            player_handed: deal::holes_by_count(&player_secret, holes, seed),
        }
    }
}

/// Why a duel cannot start as set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A secret is not a complete grid, or repeats a digit in a unit.
    BadSecret { side: Side },
    /// A grid handed over holds a value its side's secret does not.
    HandedDiffers { side: Side, cell: Cell },
    /// A grid handed over has no hole: there would be nothing to play.
    NoHole { side: Side },
    /// The app answers for the player from their secret: it must be known.
    HonestNeedsSecret,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whose = |s: &Side| match s {
            Side::Player => "the player's",
            Side::Pip => "Pip's",
        };
        match self {
            SetupError::BadSecret { side } => {
                write!(f, "{} secret is not a complete, valid grid", whose(side))
            }
            SetupError::HandedDiffers { side, cell } => write!(
                f,
                "{} grid handed over differs from its secret in {cell}",
                whose(side)
            ),
            SetupError::NoHole { side } => {
                write!(f, "{} grid handed over has no hole", whose(side))
            }
            SetupError::HonestNeedsSecret => {
                write!(f, "honest answers need the player's secret grid")
            }
        }
    }
}

impl std::error::Error for SetupError {}
