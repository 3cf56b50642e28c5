//! The exact solver against a slow, obviously correct reference, on the
//! shared puzzle sets, and on a few grids kept here.

use proptest::prelude::*;
use sudolens::grid::{Cell, Grid};
use sudolens::hint::{verdict_summary, Lang};
use sudolens::solver::{count_solutions, solve, verdict, Verdict};

/// The 27 units as lists of cell indices.
fn units() -> Vec<[usize; 9]> {
    let mut units = Vec::new();
    for i in 0..9 {
        units.push(std::array::from_fn(|k| i * 9 + k)); // row
        units.push(std::array::from_fn(|k| k * 9 + i)); // column
        units.push(std::array::from_fn(|k| {
            (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3
        }));
    }
    units
}

/// Plain exact-cover backtracking (Knuth's Algorithm X choice rule, on
/// the grid directly): every empty cell needs a digit and every unit needs
/// each digit once; branch on the requirement with fewest ways to meet it,
/// a way being a candidate (a digit that no row, column or box neighbour
/// holds).
fn reference_count(digits: &mut [u8; 81], units: &[[usize; 9]], limit: usize) -> usize {
    let fits = |digits: &[u8; 81], i: usize, d: u8| {
        let (r, c) = (i / 9, i % 9);
        digits[i] == 0
            && (0..9).all(|k| {
                let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
                digits[r * 9 + k] != d && digits[k * 9 + c] != d && digits[br * 9 + bc] != d
            })
    };
    // The fewest ways found so far, as (cell, digit) placements.
    let mut best: Option<Vec<(usize, u8)>> = None;
    let mut consider = |ways: Vec<(usize, u8)>| {
        if best.as_ref().is_none_or(|b| ways.len() < b.len()) {
            best = Some(ways);
        }
    };
    for i in (0..81).filter(|&i| digits[i] == 0) {
        consider(
            (1..=9)
                .filter(|&d| fits(digits, i, d))
                .map(|d| (i, d))
                .collect(),
        );
    }
    for unit in units {
        for d in 1..=9 {
            if unit.iter().all(|&i| digits[i] != d) {
                consider(
                    unit.iter()
                        .filter(|&&i| fits(digits, i, d))
                        .map(|&i| (i, d))
                        .collect(),
                );
            }
        }
    }
    let Some(ways) = best else {
        return 1; // full, and every digit fitted when written
    };
    let mut count = 0;
    for (i, d) in ways {
        digits[i] = d;
        count += reference_count(digits, units, limit - count);
        digits[i] = 0;
        if count >= limit {
            break;
        }
    }
    count
}

/// The reference count, 0 when the givens already clash.
fn reference(grid: &Grid, limit: usize) -> usize {
    if !grid.conflicts().is_empty() {
        return 0;
    }
    reference_count(&mut grid.digits().clone(), &units(), limit)
}

/// `solution` is a complete grid without conflicts that keeps the givens.
fn assert_solves(puzzle: &Grid, solution: &Grid) {
    assert!(solution.is_complete(), "incomplete solution for {puzzle}");
    assert!(
        solution.conflicts().is_empty(),
        "conflicting solution for {puzzle}"
    );
    for c in Cell::ALL {
        if puzzle.get(c) != 0 {
            assert_eq!(puzzle.get(c), solution.get(c), "given changed in {puzzle}");
        }
    }
}

/// A full grid shuffled by validity-keeping moves: relabel the digits,
/// permute the bands, the rows inside each band, the stacks, the columns
/// inside each stack, and maybe transpose.
fn full_grid() -> impl Strategy<Value = Grid> {
    let three = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        three(),
        [three(), three(), three()],
        three(),
        [three(), three(), three()],
        any::<bool>(),
    )
        .prop_map(|(labels, bands, rows, stacks, cols, transpose)| {
            let base = solve(&Grid::empty()).expect("the empty grid has solutions");
            let mut digits = [0u8; 81];
            for r in 0..9 {
                for c in 0..9 {
                    let sr = bands[r / 3] * 3 + rows[r / 3][r % 3];
                    let sc = stacks[c / 3] * 3 + cols[c / 3][c % 3];
                    let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                    let d = base.digits()[sr * 9 + sc];
                    digits[r * 9 + c] = labels[d as usize - 1];
                }
            }
            Grid::from_digits(digits).unwrap()
        })
}

/// A full grid with cells removed (from a few to nearly all), and
/// sometimes one wrong digit written in an emptied cell, so that unique,
/// multiple and impossible grids all come up.
fn puzzle() -> impl Strategy<Value = Grid> {
    (
        full_grid(),
        20u8..100,
        prop::collection::vec(0u8..100, 81),
        prop::option::weighted(0.3, (0usize..81, 1u8..=9)),
    )
        .prop_map(|(full, keep_below, draws, wrong)| {
            let mut g = full;
            for (c, draw) in Cell::ALL.into_iter().zip(draws) {
                if draw >= keep_below {
                    g.set(c, 0);
                }
            }
            if let Some((i, d)) = wrong {
                let c = Cell::ALL[i];
                if g.get(c) == 0 && full.get(c) != d {
                    g.set(c, d);
                }
            }
            g
        })
}

proptest! {
    // A fixed seed: the same grids on every run, so the run time is known.
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 200 } else { 2000 },
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5d01e25),
        ..ProptestConfig::default()
    })]

    #[test]
    fn counts_agree_with_the_reference(g in puzzle()) {
        let expected = reference(&g, 2);
        prop_assert_eq!(count_solutions(&g, 2), expected, "{}", g);
        prop_assert_eq!(count_solutions(&g, 1), expected.min(1), "{}", g);
        match solve(&g) {
            Some(s) => {
                prop_assert!(expected > 0, "{}", g);
                assert_solves(&g, &s);
            }
            None => prop_assert_eq!(expected, 0, "{}", g),
        }
        let v = verdict(&g);
        match expected {
            0 => prop_assert!(matches!(v, Verdict::NoSolution { .. }), "{}", g),
            1 => prop_assert!(v.is_unique(), "{}", g),
            _ => prop_assert!(matches!(v, Verdict::Multiple(_)), "{}", g),
        }
    }
}

/// Puzzles of a shared set: all of them in release builds, every 9th in
/// debug builds (the full sets take seconds there).
fn shared_set(name: &str) -> Option<Vec<Grid>> {
    let step = if cfg!(debug_assertions) { 9 } else { 1 };
    super::shared_puzzles(name, step, usize::MAX)
}

fn check_set(name: &str) {
    let Some(set) = shared_set(name) else {
        return;
    };
    assert!(!set.is_empty());
    for g in &set {
        let s = solve(g).unwrap_or_else(|| panic!("{name}: no solution for {g}"));
        assert_solves(g, &s);
        assert_eq!(count_solutions(g, 2), 1, "{name}: not unique: {g}");
    }
}

#[test]
fn solves_top1465() {
    check_set("top1465");
}

#[test]
fn solves_sudoku17_sample() {
    check_set("sudoku17_sample1000");
}

/// From forum_hardest_1905_11plus (its first puzzle).
const HARD: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
const HARD_SOLUTION: &str =
    "981752643752643819463198275514867932629431758837529164348976521296315487175284396";

#[test]
fn kept_grids_get_the_right_verdict() {
    let hard = Grid::parse(HARD).unwrap();
    let solution = Grid::parse(HARD_SOLUTION).unwrap();
    assert_eq!(solve(&hard), Some(solution));
    assert_eq!(count_solutions(&hard, 2), 1);
    assert_eq!(verdict(&hard), Verdict::Unique(solution));

    // A 17-clue puzzle less its first given: 16 clues never make a proper
    // puzzle.
    let multiple = Grid::parse(
        "......2..4.8.........1......1.5...7......43...75..........26...2...3...........5.",
    )
    .unwrap();
    assert_eq!(count_solutions(&multiple, 2), 2);
    assert_eq!(reference(&multiple, 2), 2);
    let Verdict::Multiple(two) = verdict(&multiple) else {
        panic!("expected two solutions");
    };
    assert_ne!(two[0], two[1]);
    assert_solves(&multiple, &two[0]);
    assert_solves(&multiple, &two[1]);

    // The hard puzzle with a wrong 2 in r1c3: no clash between givens and
    // no dead end by singles, yet no solution.
    let impossible = Grid::parse(
        "9827..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    )
    .unwrap();
    assert!(impossible.conflicts().is_empty());
    assert_eq!(solve(&impossible), None);
    assert_eq!(count_solutions(&impossible, 2), 0);
    assert_eq!(reference(&impossible, 2), 0);
    assert_eq!(
        verdict_summary(&verdict(&impossible), Lang::En),
        "no solution: every way of filling the grid runs into a contradiction"
    );
}

#[test]
fn clashing_givens_have_no_solution() {
    // Every digit written in every empty cell of the hard puzzle where it
    // clashes with a given (in a row, a column, a box or several).
    let hard = Grid::parse(HARD).unwrap();
    let mut clashes = 0;
    for c in Cell::ALL {
        if hard.get(c) != 0 {
            continue;
        }
        for d in 1..=9 {
            let mut g = hard;
            g.set(c, d);
            if !g.conflicts().is_empty() {
                clashes += 1;
                assert_eq!(count_solutions(&g, 2), 0, "{g}");
                assert_eq!(solve(&g), None, "{g}");
            }
        }
    }
    assert!(clashes > 100);
    // A full grid with two digits swapped inside a row: clashes in their
    // columns and boxes, none in the row.
    let mut full = Grid::parse(HARD_SOLUTION).unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(0, 4));
    let (x, y) = (full.get(a), full.get(b));
    full.set(a, y);
    full.set(b, x);
    assert_eq!(count_solutions(&full, 2), 0);
    assert_eq!(solve(&full), None);
}
