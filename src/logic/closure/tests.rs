//! The closure against the rule engine.

use super::*;
use crate::logic::{rate_grid, solve_path, Level, Technique};
use crate::solver::{count_solutions, solve};

/// The closure of `puzzle`, checked against the solution: each placement
/// is the solution's digit and each open cell keeps the solution's
/// digit. Whether it solved the puzzle.
fn checked_closure(puzzle: &Grid) -> bool {
    let solution = solve(puzzle).expect("a puzzle with a solution");
    let mut m = Marks::new(puzzle);
    let solved = close(&mut m);
    for (c, &digit) in solution.digits().iter().enumerate() {
        let d = digit as usize - 1;
        assert!(
            m.placed[d] & bit(c) != 0 || m.cells[c] & (1 << d) != 0,
            "{}: cell {c} lost its digit {digit}",
            puzzle.to_line()
        );
    }
    solved
}

/// Whether the engine's walk takes a forcing chain (or stops unsolved).
fn needs_forcing(puzzle: &Grid) -> bool {
    let path = solve_path(puzzle);
    !path.solved_by_logic
        || path
            .steps
            .iter()
            .any(|s| s.technique >= Technique::CellForcingChain)
}

/// The closure without its chain rule.
fn closes_without_chains(m: &mut Marks) -> bool {
    loop {
        if m.singles().is_none() {
            return false;
        }
        if m.solved() {
            return true;
        }
        if !(m.locked() || m.naked() || m.hidden() || m.fish()) {
            return false;
        }
    }
}

/// A generated Master puzzle whose path takes an AIC: its closure needs
/// the chain rule. And a generated Extreme puzzle (the generator's seed 0).
const MASTER_AIC: &str =
    "5..8..64.1....7..8..8......7.5423..6..2...3..6..9514.7......9..2..7....4.74..6..5";
const EXTREME: &str =
    "1.5......4..6..5..32.4.5...2.4.6.....5.8.4.9.....7.4.8...7.3.59..9..8..7......8.3";

#[test]
fn certifies_puzzles_solved_without_forcing_and_not_the_others() {
    for (line, certified) in [
        (crate::test_puzzles::EASY, true),
        (MASTER_AIC, true),
        (EXTREME, false),
    ] {
        let p = Grid::parse(line).unwrap();
        assert_eq!(checked_closure(&p), certified, "{line}");
        assert_eq!(solved_without_forcing(&p), certified, "{line}");
        assert_eq!(needs_forcing(&p), !certified, "{line}");
    }
    let master = Grid::parse(MASTER_AIC).unwrap();
    assert_eq!(rate_grid(&master).level, Level::Master);
    assert!(!closes_without_chains(&mut Marks::new(&master)));
    assert_eq!(
        rate_grid(&Grid::parse(EXTREME).unwrap()).level,
        Level::Extreme
    );
}

/// The puzzle lines of a file of `../shared/puzzles`, when present.
fn shared(name: &str) -> Option<Vec<Grid>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter_map(|l| Grid::parse(l.trim().get(..81)?).ok())
            .filter(|g| count_solutions(g, 2) == 1)
            .collect(),
    )
}

/// Over the public collections: the closure never removes a solution
/// digit, and a puzzle it solves is one the engine solves without any
/// forcing chain (every one in an optimised build, a sample in a debug
/// one). Every certified puzzle is walked in full by the engine.
#[test]
fn over_the_shared_collections_no_certified_puzzle_needs_forcing() {
    let sets: &[(&str, usize)] = &[
        ("top95.txt", 5),
        ("top1465.txt", 40),
        ("sx_hard1.txt", 20),
        ("sx_diabolical.txt", 20),
        ("qqwing_expert.txt", 50),
        ("hodoku_exemplars-1.0.txt", 10),
        ("sudocue_top10000.txt", 500),
    ];
    let mut certified = 0;
    let mut checked = 0;
    for &(name, debug_every) in sets {
        let Some(puzzles) = shared(name) else {
            eprintln!("notice: ../shared/puzzles/{name} not found, skipped");
            continue;
        };
        let every = if cfg!(debug_assertions) {
            debug_every
        } else {
            1
        };
        for p in puzzles.iter().step_by(every) {
            checked += 1;
            if checked_closure(p) {
                certified += 1;
                assert!(!needs_forcing(p), "{name}: {} needs forcing", p.to_line());
            }
        }
    }
    eprintln!("{certified} of {checked} puzzles certified, none needing forcing");
}
