//! The instant exact solver: solve, count solutions up to a limit, and a
//! verdict that says why a grid is not a proper puzzle, as data (the
//! conflicts, where the forced digits break down, two solutions); its
//! words are in `hint::verdict`.

mod bands;
mod compiled;
mod dead_end;
mod forced;
mod level;
mod shaped;
mod small;

#[cfg(test)]
pub(crate) mod overlap_tests;
#[cfg(test)]
mod small_tests;

pub use forced::{DeadEnd, ForcedSingles};
pub use level::SolverLevel;
pub use shaped::{
    count_shaped, count_within, solutions_shaped, solve_in_order, solve_shaped, NodeLimit,
};

use crate::grid::{Cell, Conflict, Grid, Shape};
use bands::BandBoards;
use compiled::search_at;

/// The first solution found, or `None` when there is none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_at(SolverLevel::preferred(), grid)
}

/// [`solve`] with the copy of the solver compiled for `level` (the
/// portable one when this CPU does not run `level`): every copy finds the
/// same solution.
pub fn solve_at(level: SolverLevel, grid: &Grid) -> Option<Grid> {
    let mut found = [Grid::empty()];
    let mut count = 0;
    search_at(
        level,
        &mut BandBoards::new(grid)?,
        1,
        &mut found,
        &mut count,
    );
    (count > 0).then_some(found[0])
}

/// The number of solutions, counting no further than `limit`
/// (`count_solutions(g, 2) == 1` is the uniqueness check).
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    count_solutions_at(SolverLevel::preferred(), grid, limit)
}

/// [`count_solutions`] with the copy compiled for `level` (as in
/// [`solve_at`]).
pub fn count_solutions_at(level: SolverLevel, grid: &Grid, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let Some(mut state) = BandBoards::new(grid) else {
        return 0;
    };
    let mut count = 0;
    search_at(level, &mut state, limit, &mut [], &mut count);
    count
}

/// What the exact solver says of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution: a proper puzzle.
    Unique(Grid),
    /// No solution. `conflicts` lists equal digits sharing a unit (empty
    /// when the grid is broken more subtly); `dead_end` names where the
    /// forced singles break it, when they do.
    NoSolution {
        conflicts: Vec<Conflict>,
        dead_end: Option<DeadEnd>,
    },
    /// At least two solutions; two of them, to show where they differ.
    Multiple(Box<[Grid; 2]>),
}

/// Solves `grid` far enough to tell whether it is a proper puzzle.
pub fn verdict(grid: &Grid) -> Verdict {
    let conflicts = grid.conflicts();
    if !conflicts.is_empty() {
        return Verdict::NoSolution {
            conflicts,
            dead_end: None,
        };
    }
    let mut found = [Grid::empty(); 2];
    let mut count = 0;
    if let Some(mut state) = BandBoards::new(grid) {
        search_at(
            SolverLevel::preferred(),
            &mut state,
            2,
            &mut found,
            &mut count,
        );
    }
    match count {
        0 => Verdict::NoSolution {
            conflicts,
            dead_end: dead_end::first_dead_end(grid),
        },
        1 => Verdict::Unique(found[0]),
        _ => Verdict::Multiple(Box::new(found)),
    }
}

/// [`verdict`] on a 9×9 shape: the classic keeps the band solver, the
/// variants are solved on their own houses (conflicts in any unit, a given
/// that breaks the shading, as a dead end on its cell).
pub fn verdict_in(shape: &Shape, grid: &Grid) -> Verdict {
    if shape.is_classic() {
        return verdict(grid);
    }
    let conflicts = shape.conflicts(grid);
    if !conflicts.is_empty() {
        return Verdict::NoSolution {
            conflicts,
            dead_end: None,
        };
    }
    if let Some(&cell) = shape.parity_breaks(grid).first() {
        return Verdict::NoSolution {
            conflicts,
            dead_end: Some(DeadEnd::WrongParity(cell)),
        };
    }
    let to_grid = |v: &Vec<u8>| {
        let digits: Option<[u8; 81]> = v.as_slice().try_into().ok();
        digits.and_then(|d| Grid::from_digits(d).ok())
    };
    match solutions_shaped(shape, grid.digits(), 2) {
        (0, _) => Verdict::NoSolution {
            conflicts,
            dead_end: ForcedSingles::from_grid_in(shape, grid)
                .and_then(|f| f.propagate())
                .map(|(_, d)| d),
        },
        (1, found) => match found.first().and_then(to_grid) {
            Some(g) => Verdict::Unique(g),
            None => Verdict::NoSolution {
                conflicts,
                dead_end: None,
            },
        },
        (_, found) => match (
            found.first().and_then(to_grid),
            found.get(1).and_then(to_grid),
        ) {
            (Some(a), Some(b)) => Verdict::Multiple(Box::new([a, b])),
            _ => Verdict::NoSolution {
                conflicts,
                dead_end: None,
            },
        },
    }
}

impl Verdict {
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Verdict::Unique(g) => Some(g),
            _ => None,
        }
    }

    /// For several solutions, the cells where the two found differ (each
    /// can hold either digit): what an explanation points at. Empty otherwise.
    pub fn differing_cells(&self) -> Vec<Cell> {
        match self {
            Verdict::Multiple(sols) => {
                let [a, b] = &**sols;
                Cell::ALL
                    .into_iter()
                    .filter(|&c| a.get(c) != b.get(c))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    pub fn is_unique(&self) -> bool {
        matches!(self, Verdict::Unique(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;
    const SOLUTION: &str = crate::test_puzzles::HARD_17_SOLUTION;

    #[test]
    fn solves_a_hard_puzzle() {
        let g = Grid::parse(PUZZLE).unwrap();
        assert_eq!(solve(&g).unwrap().to_line(), SOLUTION);
        assert_eq!(count_solutions(&g, 2), 1);
        assert_eq!(verdict(&g), Verdict::Unique(Grid::parse(SOLUTION).unwrap()));
    }
}
