//! Grading a puzzle from its solution path.

use super::{solve_path, Path, Technique};
use crate::grid::Grid;
use serde::Serialize;
use std::fmt;

/// Declares [`Level`], [`Level::ALL`] and [`Level::id`] from one list. A
/// level's stable key is its identifier, as serde writes it too, so no list
/// of strings here can drift from the names players read (those are in
/// `hint::level_name`).
macro_rules! levels {
    ($($level:ident),* $(,)?) => {
        /// Difficulty levels a player recognises, easiest first.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        pub enum Level {
            $($level,)*
        }

        impl Level {
            pub const ALL: [Level; [$(stringify!($level)),*].len()] = [$(Level::$level),*];

            /// The level's stable key (`"Hard"`): written in JSON output, the
            /// history database and duel save files, and read back from
            /// them (in any case, through its `FromStr`). Not player
            /// wording: that is `hint::level_name`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Level::$level => stringify!($level),)*
                }
            }
        }
    };
}

levels!(Easy, Medium, Hard, Expert, Master, Extreme);

impl Level {
    /// The level of a puzzle whose hardest step scores `score` (SE scale):
    /// singles only are easy (newspaper "easy" grids); locked candidates,
    /// pairs and X-Wing medium; triples, swordfish, single-digit patterns
    /// and wings hard; uniqueness, colouring, quads and finned jellyfish
    /// expert; chains master; forcing chains extreme.
    pub fn from_score(score: f32) -> Level {
        match score {
            s if s <= 2.3 => Level::Easy,
            s if s <= 3.4 => Level::Medium,
            s if s <= 4.4 => Level::Hard,
            s if s <= 6.2 => Level::Expert,
            s if s < 8.5 => Level::Master,
            _ => Level::Extreme,
        }
    }
}

/// A name that is not one of the six levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}': expected easy, medium, hard, expert, master or extreme",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    /// A level's key in any case: `easy`, `Hard`, `EXTREME`.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// What `rate` says about a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub level: Level,
    /// The score of the hardest step (Sudoku Explainer style); 0 with no step.
    pub score: f32,
    /// The technique of the hardest step; `None` when the path has no step
    /// at all (a grid already solved, or one where logic finds nothing).
    pub hardest: Option<Technique>,
    pub steps: usize,
    pub solved_by_logic: bool,
}

/// Rates a solution path.
pub fn rate(path: &Path) -> Rating {
    let scored = path.steps.iter().map(|s| (s.score, s.technique));
    Rating::of_steps(scored, path.solved_by_logic, Level::from_score)
}

impl Rating {
    /// The rating of a path's steps (score and technique each): its
    /// hardest step, and the level `level_of` gives that step's score.
    pub(crate) fn of_steps(
        scored: impl Iterator<Item = (f32, Technique)>,
        solved_by_logic: bool,
        level_of: impl Fn(f32) -> Level,
    ) -> Rating {
        let mut steps = 0;
        let mut hardest: Option<(f32, Technique)> = None;
        for (score, technique) in scored {
            steps += 1;
            let harder =
                hardest.is_none_or(|(s, t)| score.total_cmp(&s).then(technique.cmp(&t)).is_ge());
            if harder {
                hardest = Some((score, technique));
            }
        }
        let score = hardest.map_or(0.0, |(s, _)| s);
        Rating {
            level: level_of(score),
            score: (score * 10.0).round() / 10.0,
            hardest: hardest.map(|(_, t)| t),
            steps,
            solved_by_logic,
        }
    }

    /// The grid was complete already: no step to take, nothing to rate.
    pub fn already_solved(&self) -> bool {
        self.steps == 0 && self.solved_by_logic
    }
}

/// Solves and rates a puzzle.
pub fn rate_grid(puzzle: &Grid) -> Rating {
    rate(&solve_path(puzzle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easy_and_hard_puzzles_rate_apart() {
        let easy = Grid::parse(crate::test_puzzles::EASY).unwrap();
        let r = rate_grid(&easy);
        assert!(r.solved_by_logic);
        assert_eq!(r.level, Level::Easy, "{r:?}");
        // top1465 #1, which needs chains.
        let hard = Grid::parse(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap();
        let r = rate_grid(&hard);
        assert!(r.solved_by_logic);
        assert!(r.level >= Level::Master, "{r:?}");
        assert_eq!(Level::from_score(3.2), Level::Medium);
        assert_eq!(Level::from_score(4.2), Level::Hard);
    }

    #[test]
    fn levels_parse_from_their_names_in_any_case() {
        for level in Level::ALL {
            assert_eq!(level.id().to_lowercase().parse(), Ok(level));
            assert_eq!(level.id().to_uppercase().parse(), Ok(level));
        }
        assert_eq!(
            "legendary".parse::<Level>(),
            Err(UnknownLevel("legendary".into()))
        );
    }

    #[test]
    fn a_solved_grid_has_no_hardest_step() {
        // issue 11: it reported "Full House" as its hardest step
        let puzzle = Grid::parse(crate::test_puzzles::EASY).unwrap();
        let solved = crate::solver::solve(&puzzle).unwrap();
        let r = rate_grid(&solved);
        assert_eq!(r.hardest, None);
        assert!(r.already_solved(), "{r:?}");
        assert_eq!((r.steps, r.score), (0, 0.0));
        assert!(!rate_grid(&puzzle).already_solved());
    }
}
