//! The level search: draw a candidate, rate it with early rejection, keep
//! it when it rates at the level, else draw the next.
//!
//! A candidate is a fresh random complete grid emptied orbit by orbit in a
//! random order (`dig.rs`):
//!
//! * for Easy (not minimal), while naked and hidden singles still solve it:
//!   every candidate is Easy, with as few givens as singles allow;
//! * otherwise while its solution stays unique: a minimal puzzle (among
//!   puzzles with the symmetry asked).
//!
//! It is then rated by walking the rule engine's path with a ceiling at
//! the level asked (`judge.rs`): a candidate whose path meets a harder step
//! is dropped at that step. Whatever rates at the level is confirmed by
//! `logic::rate_grid` (the one authority on levels) and returned.
//!
//! Extreme has no ceiling to stop at: a candidate is Extreme only if some
//! step of its whole walk is, and hundreds of easier candidates come
//! before each Extreme one. `logic::closure` proves most of those easier
//! in a fraction of a walk, so they are dropped unrated; a candidate it
//! cannot prove easier is rated in full, as before. The puzzles returned
//! are the ones the search without that proof returns.
//!
//! Why no hill-climbing: perturbing a candidate (giving one more orbit,
//! re-digging the rest, keeping changes that raise the score; or giving a
//! cell the too-hard step concludes about) was tried and measured. A fresh
//! candidate costs about half a millisecond (dig 0.2 ms, a rating that is
//! mostly singles), while the neighbours of a near-miss are near-misses
//! themselves and cost a full walk through hard techniques each (5 ms for
//! a Master puzzle). Climbing halved the candidates needed for Extreme but
//! not the time, and slowed Expert (155 candidates instead of 93, 57 ms
//! instead of 48 ms median, `cargo bench --bench generate` at a 0.3 scale).
//! Fresh draws also keep every puzzle of a batch independent.

use super::dig::{dig, is_unique};
use super::fill::random_solution;
use super::judge::{judge, Judgement};
use super::marks::solved_by_singles;
use super::rng::Rng;
use super::symmetry::Orbit;
use super::{Cancelled, Generated, Options, Progress};
use crate::grid::Grid;
use crate::logic::{rate_grid, solved_without_forcing, Level, Rating};
use std::ops::ControlFlow;

pub(crate) fn search(
    options: &Options,
    seed: u64,
    on_progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Generated, Cancelled> {
    let mut draw = Draw::new(options, seed);
    let mut progress = Progress {
        candidates: 0,
        grids: 0,
    };
    loop {
        let (solution, puzzle) = draw.next_candidate();
        progress.grids += 1;
        progress.candidates += 1;
        let rating = rated_at(&puzzle, options.level);
        if on_progress(progress).is_break() {
            return Err(Cancelled);
        }
        if let Some(rating) = rating {
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                seed,
                candidates: progress.candidates,
            });
        }
    }
}

/// The stream of candidates of one seed: a fresh solution each, dug in a
/// fresh random order.
struct Draw {
    rng: Rng,
    orbits: Vec<Orbit>,
    singles_only: bool,
}

impl Draw {
    fn new(options: &Options, seed: u64) -> Draw {
        Draw {
            rng: Rng::new(seed),
            orbits: options.symmetry.orbits(),
            singles_only: options.level == Level::Easy && !options.minimal,
        }
    }

    /// The next candidate: its solution and the puzzle dug from it.
    fn next_candidate(&mut self) -> (Grid, Grid) {
        let solution = random_solution(&mut self.rng);
        let mut order = self.orbits.clone();
        self.rng.shuffle(&mut order);
        let puzzle = if self.singles_only {
            dig(solution, &order, solved_by_singles)
        } else {
            dig(solution, &order, is_unique)
        };
        (solution, puzzle)
    }
}

/// `rate_grid`'s rating of `puzzle` when it is at `level` and solved by
/// logic, else `None`. Below the top level, the walk with a ceiling
/// (`judge.rs`) drops most candidates early and `rate_grid` confirms the
/// rest. At the top level nothing is above the ceiling, so that walk would
/// be `rate_grid`'s own, step for step: `rate_grid` is called once instead
/// of twice, which at Extreme is a walk through forcing chains (tens of
/// milliseconds) saved on every puzzle.
fn rated_at(puzzle: &Grid, level: Level) -> Option<Rating> {
    let at = |r: &Rating| r.level == level && r.solved_by_logic;
    if Level::ALL.last() == Some(&level) {
        // Most candidates are easier than Extreme, and the certificate
        // proves it for most of them in a fraction of the engine's walk.
        if solved_without_forcing(puzzle) {
            return None;
        }
        return Some(rate_grid(puzzle)).filter(at);
    }
    match judge(puzzle, level) {
        // The walk is the rating's own; should they ever differ, the
        // rating wins and the search goes on.
        Judgement::Rated(r) if at(&r) => Some(rate_grid(puzzle)).filter(at),
        Judgement::Rated(_) | Judgement::Above => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::{EASY, HARD_17};

    /// The top level's shortcut (no walk with a ceiling, one rating) and
    /// the other levels' walk accept a puzzle at exactly the level
    /// `rate_grid` gives, and return `rate_grid`'s rating.
    #[test]
    fn rated_at_accepts_exactly_the_level_rate_grid_gives() {
        // top1465 #1, which needs chains; then an Easy and a 17-given puzzle.
        let chains =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        for line in [chains, EASY, HARD_17] {
            let puzzle = Grid::parse(line).unwrap();
            let full = rate_grid(&puzzle);
            for level in Level::ALL {
                let expected = (full.level == level && full.solved_by_logic).then(|| full.clone());
                assert_eq!(rated_at(&puzzle, level), expected, "{line} at {level:?}");
            }
        }
    }

    /// The certificate's promise, on the candidates the Extreme search
    /// draws: a candidate it certifies never rates Extreme, so skipping its
    /// rating changes no puzzle the generator returns. The puzzle the
    /// search returns is one it could not certify.
    #[test]
    fn no_candidate_the_certificate_skips_rates_extreme() {
        let options = Options::new(Level::Extreme);
        for seed in 0..2 {
            let mut draw = Draw::new(&options, seed);
            for _ in 0..15 {
                let (_, puzzle) = draw.next_candidate();
                if solved_without_forcing(&puzzle) {
                    let rating = rate_grid(&puzzle);
                    assert!(
                        rating.solved_by_logic && rating.level < Level::Extreme,
                        "seed {seed}: {} rates {:?}",
                        puzzle.to_line(),
                        rating.level
                    );
                }
            }
            // A certificate that skipped everything would search forever.
            let made = search(&options, seed, &mut |p| {
                if p.candidates > 20_000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let made = made.expect("an Extreme puzzle within 20000 candidates");
            assert!(!solved_without_forcing(&made.puzzle));
        }
    }
}
