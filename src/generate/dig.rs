//! Removing givens: orbit by orbit in a random order, each removal kept
//! only while the puzzle passes a test (unique, solved by singles, no harder
//! than a level), and what "minimal" means.
//!
//! One pass is enough for minimality: a removal that loses uniqueness loses
//! it for every later, smaller puzzle too (removing givens never removes a
//! solution), so an orbit put back once never needs trying again.

use super::symmetry::{Orbit, Symmetry};
use crate::grid::Grid;
use crate::solver::count_solutions;

/// Whether `grid` has exactly one solution (the exact solver, stopping at two).
pub(crate) fn is_unique(grid: &Grid) -> bool {
    count_solutions(grid, 2) == 1
}

/// Empties the orbits of `order` one after another, each only when `keep`
/// accepts the puzzle without it; orbits already empty are skipped.
pub(crate) fn dig(mut puzzle: Grid, order: &[Orbit], mut keep: impl FnMut(&Grid) -> bool) -> Grid {
    for &orbit in order {
        if !orbit.is_given(&puzzle) {
            continue;
        }
        let before = puzzle;
        orbit.clear(&mut puzzle);
        if !keep(&puzzle) {
            puzzle = before;
        }
    }
    puzzle
}

/// Empties the cells of `order` one after another, each only when `keep`
/// accepts the puzzle without it; cells already empty are skipped (the
/// endless carpet digs cell by cell, with no symmetry: some of each grid's
/// boxes are its neighbours').
pub(crate) fn dig_cells(
    mut puzzle: Grid,
    order: &[crate::grid::Cell],
    mut keep: impl FnMut(&Grid) -> bool,
) -> Grid {
    for &cell in order {
        let given = puzzle.get(cell);
        if given == 0 {
            continue;
        }
        puzzle.set(cell, 0);
        if !keep(&puzzle) {
            puzzle.set(cell, given);
        }
    }
    puzzle
}

/// Whether `puzzle` is minimal under `symmetry`: it has one solution, its
/// givens follow the symmetry, and emptying any one orbit of givens (a
/// given with its image: one cell without symmetry, a pair or the centre
/// cell with rotational symmetry, a pair or a cell of the middle column
/// with the mirror) leaves several solutions.
///
/// With [`Symmetry::None`] this is the usual minimality: no single given can
/// go. With a symmetry it is minimality among puzzles with that symmetry; a
/// single given of a pair may still be removable, at the price of the
/// symmetry.
///
/// ```
/// use sudolens::generate::{is_minimal, Symmetry};
/// use sudolens::grid::Grid;
///
/// // A well-known 17-given puzzle: no given can go.
/// let p = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )
/// .unwrap();
/// assert!(is_minimal(&p, Symmetry::None));
/// // Its givens are not symmetric, so it is not minimal among symmetric puzzles.
/// assert!(!is_minimal(&p, Symmetry::Rotational));
/// ```
pub fn is_minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    symmetry.holds(puzzle)
        && is_unique(puzzle)
        && symmetry
            .orbits()
            .into_iter()
            .filter(|o| o.is_given(puzzle))
            .all(|o| {
                let mut without = *puzzle;
                o.clear(&mut without);
                !is_unique(&without)
            })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn digging_a_full_grid_while_unique_gives_a_minimal_puzzle() {
        let solution = Grid::parse(crate::test_puzzles::HARD_17_SOLUTION).unwrap();
        for symmetry in Symmetry::ALL {
            let order = symmetry.orbits();
            let puzzle = dig(solution, &order, is_unique);
            assert!(
                is_minimal(&puzzle, symmetry),
                "{symmetry}: {}",
                puzzle.to_line()
            );
            assert!(puzzle.agrees_with(&solution));
            // One more given is no longer minimal.
            let empty = order.iter().find(|o| !o.is_given(&puzzle)).unwrap();
            let mut more = puzzle;
            for c in empty.cells() {
                more.set(c, solution.get(c));
            }
            assert!(!is_minimal(&more, symmetry), "{symmetry}");
        }
    }

    #[test]
    fn a_puzzle_with_a_spare_given_is_not_minimal() {
        let p = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        assert!(is_minimal(&p, Symmetry::None));
        let solution = Grid::parse(crate::test_puzzles::HARD_17_SOLUTION).unwrap();
        let mut more = p;
        let c = Cell::new(8, 8);
        assert_eq!(more.get(c), 0);
        more.set(c, solution.get(c));
        assert!(!is_minimal(&more, Symmetry::None));
        // Several solutions: not minimal either (not even a puzzle).
        let mut fewer = p;
        fewer.set(Cell::new(0, 0), 0);
        assert!(!is_minimal(&fewer, Symmetry::None));
    }
}
