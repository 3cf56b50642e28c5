//! Every compiled copy of the band solver (one per `SolverLevel` this CPU
//! runs, the faster ones turned off one by one down to the portable one)
//! finds the same solutions and counts as the portable copy: on top1465
//! and the forum's hardest (the first 2,000 in debug builds, 10,000 in
//! release), as given and with givens removed (several solutions) or
//! changed (none).

use sudolens::grid::Grid;
use sudolens::solver::{count_solutions_at, solve_at, SolverLevel};

/// The puzzle, the puzzle without its last three givens (most then have
/// several solutions), and the puzzle with its first empty cell given a
/// digit none of its neighbours holds but that is not its solution's (it
/// then has none, found by the search rather than by a clash of givens).
fn variants(g: &Grid) -> Vec<Grid> {
    let digits = *g.digits();
    let mut fewer = digits;
    for i in (0..81).rev().filter(|&i| digits[i] != 0).take(3) {
        fewer[i] = 0;
    }
    let mut out = vec![*g, Grid::from_digits(fewer).unwrap()];
    let solution = solve_at(SolverLevel::Portable, g).expect("shared puzzles are solvable");
    if let Some(cell) = digits.iter().position(|&d| d == 0) {
        let (r, c) = (cell / 9, cell % 9);
        let seen = |d: u8| {
            (0..81).any(|j| {
                let (jr, jc) = (j / 9, j % 9);
                let peer = jr == r || jc == c || (jr / 3 == r / 3 && jc / 3 == c / 3);
                peer && digits[j] == d
            })
        };
        let wrong = (1..=9).find(|&d| d != solution.digits()[cell] && !seen(d));
        if let Some(d) = wrong {
            let mut broken = digits;
            broken[cell] = d;
            out.push(Grid::from_digits(broken).unwrap());
        }
    }
    out
}

/// Checks every available level against the portable copy on the set.
fn all_levels_agree(name: &str, limit: usize) {
    let Some(set) = super::shared_puzzles(name, 1, limit) else {
        return;
    };
    assert!(!set.is_empty());
    let levels: Vec<SolverLevel> = SolverLevel::ALL
        .into_iter()
        .filter(|&l| l != SolverLevel::Portable && l.is_available())
        .rev()
        .collect();
    if levels.is_empty() {
        eprintln!("this CPU runs the portable copy only: nothing to compare");
    }
    let (mut several, mut none) = (0, 0);
    for puzzle in &set {
        for g in variants(puzzle) {
            let solution = solve_at(SolverLevel::Portable, &g);
            let counts = [2, 3].map(|limit| count_solutions_at(SolverLevel::Portable, &g, limit));
            several += (counts[0] == 2) as usize;
            none += (counts[0] == 0) as usize;
            for &level in &levels {
                assert_eq!(solve_at(level, &g), solution, "{name}, {level:?}: {g}");
                let here = [2, 3].map(|limit| count_solutions_at(level, &g, limit));
                assert_eq!(here, counts, "{name}, {level:?}: counts of {g}");
            }
        }
    }
    // The variants do reach the paths for several solutions and for none.
    assert!(
        several > 0 && none > 0,
        "{name}: {several} with several, {none} with none"
    );
}

#[test]
fn every_level_agrees_with_the_portable_one_on_top1465() {
    all_levels_agree("top1465", usize::MAX);
}

#[test]
fn every_level_agrees_with_the_portable_one_on_the_forum_hardest() {
    let limit = if cfg!(debug_assertions) {
        2_000
    } else {
        10_000
    };
    all_levels_agree("forum_hardest_1905_11plus", limit);
}

#[test]
fn the_detected_level_runs_here() {
    let level = SolverLevel::detected();
    assert!(level.is_available(), "{level:?}");
    assert!(SolverLevel::Portable.is_available());
    // What `solve` runs: a level this CPU runs, never x86-64-v2 alone.
    let preferred = SolverLevel::preferred();
    assert!(preferred.is_available(), "{preferred:?}");
    assert_ne!(preferred, SolverLevel::X86V2);
}
