//! The exact solver on overlapping grids: the general solver
//! ([`super::solve_shaped`], [`super::count_shaped`]) reads a shape's
//! houses and peers, so a samurai's 369 cells, a carpet's or a torus's
//! need nothing of their own. These tests make a puzzle of each from a
//! seed (a random complete grid, then cells emptied while the solution
//! stays unique) and check the solver against every house.

use super::{count_shaped, count_within, solve_in_order, solve_shaped};
use crate::generate::rng::Rng;
use crate::grid::{Overlap, Shape, ShapeSpec};

/// A random complete grid of `shape` from `seed`: a random first row of
/// the first grid, then the solver with the digits in a random order.
pub(crate) fn random_solution(shape: &Shape, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    loop {
        let mut first: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut first);
        let mut values = vec![0u8; shape.cell_count()];
        // The first grid's top row, in plane order.
        let row: Vec<usize> = (0..shape.cell_count())
            .filter(|&i| {
                shape
                    .grids_of(i)
                    .first()
                    .is_some_and(|m| m.0 == 0 && m.1 == 0)
            })
            .collect();
        for (&i, &v) in row.iter().zip(&first) {
            values[i] = v;
        }
        let mut order: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut order);
        if let Ok(Some(solution)) = solve_in_order(shape, &values, order, 200_000) {
            return solution;
        }
    }
}

/// A puzzle of `shape` from `seed` and its solution: the cells of a
/// random complete grid tried one by one in a random order, each emptied
/// when the puzzle keeps one solution (within a search budget, so a
/// removal that is slow to prove is kept as a given).
pub(crate) fn dug_puzzle(shape: &Shape, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let solution = random_solution(shape, seed);
    let mut rng = Rng::new(seed ^ 0xd16);
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    for i in order {
        let v = std::mem::replace(&mut puzzle[i], 0);
        if count_within(shape, &puzzle, 2, 2_000) != Ok(1) {
            puzzle[i] = v;
        }
    }
    (puzzle, solution)
}

/// Whether `values` fill every house of `shape` with 1 to 9 once.
pub(crate) fn fills_every_house(shape: &Shape, values: &[u8]) -> bool {
    shape.houses().iter().all(|h| {
        let seen = h
            .cells
            .iter()
            .fold(0u32, |m, &c| m | 1 << values[usize::from(c)]);
        seen == 0b11_1111_1110
    })
}

#[test]
fn a_samurai_is_solved_and_counted_and_its_solution_fills_every_house() {
    let samurai = Shape::parse_name("samurai").unwrap();
    let (puzzle, solution) = dug_puzzle(&samurai, 34);
    assert!(fills_every_house(&samurai, &solution));
    let givens = puzzle.iter().filter(|&&v| v != 0).count();
    assert!(givens < 200, "{givens} givens of 369");
    assert_eq!(count_shaped(&samurai, &puzzle, 2), 1);
    assert_eq!(solve_shaped(&samurai, &puzzle), Some(solution.clone()));
    // A digit repeated in a shared box breaks every grid holding it.
    let shared = samurai.cell_at(6, 6).unwrap();
    let other = samurai.cell_at(8, 8).unwrap();
    let mut broken = puzzle;
    broken[shared] = solution[other];
    broken[other] = solution[other];
    assert_eq!(count_shaped(&samurai, &broken, 2), 0);
}

#[test]
fn every_overlapping_form_has_solutions_and_proper_puzzles() {
    for o in Overlap::examples() {
        let shape = Shape::new(ShapeSpec::overlapping(o)).unwrap();
        if shape.cell_count() > 250 {
            // Past a samurai's size in a debug build: the solution only.
            let empty = vec![0; shape.cell_count()];
            let solution = solve_shaped(&shape, &empty).unwrap_or_else(|| panic!("{o}"));
            assert!(fills_every_house(&shape, &solution), "{o}");
            continue;
        }
        let (puzzle, solution) = dug_puzzle(&shape, 7);
        assert!(fills_every_house(&shape, &solution), "{o}");
        assert_eq!(count_shaped(&shape, &puzzle, 2), 1, "{o}");
        assert_eq!(solve_shaped(&shape, &puzzle), Some(solution), "{o}");
    }
}
