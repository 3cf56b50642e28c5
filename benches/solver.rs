//! Exact-solver throughput on the shared puzzle sets, side by side in one
//! process with tdoku (built from `../shared/peers` by the
//! `sudolens-peer-bench` crate, when present) and the crates.io `sudoku`
//! crate (a port of JCZSolve).
//!
//! `cargo bench --bench solver` prints, per set and mode, puzzles per CPU
//! second of each solver (the median of 5 rounds, the solvers interleaved
//! round by round so that machine noise hits them alike) and sudolens's
//! ratio to each peer. Modes: `one` (the first solution) and `count2`
//! (count up to 2, the uniqueness check). `sudolens` is what `solve` and
//! `count_solutions` run (`SolverLevel::preferred`, the fastest compiled
//! copy this CPU runs but x86-64-v2); `portable` is the copy for the
//! default target (`SolverLevel::Portable`), and `/portable` sudolens's
//! ratio to it. A set name as argument
//! (`cargo bench --bench solver -- top1465`) runs only the sets it names.
//!
//! sudolens is built for the default target (its SIMD paths are chosen at
//! run time); tdoku with its authors' `-O3 -march=native`.
//!
//! Measured on the 2-core AMD EPYC (AVX2, BMI2 with a fast PEXT), ratios
//! sudolens/tdoku and sudolens/`sudoku` (one, count2), two runs each of
//! the bench before and after, on 29 Nov, one after the other:
//!
//! | set | / tdoku before | / tdoku after | / sudoku before | / sudoku after |
//! |---|---|---|---|---|
//! | easy | 1.93 1.97, 1.93 2.00 | 2.33 2.47, 2.30 2.43 | 1.37 1.18, 1.36 1.19 | 1.64 1.45, 1.62 1.46 |
//! | top1465 | 1.21 1.11, 1.20 1.11 | 1.38 1.29, 1.36 1.29 | 2.00 1.21, 2.01 1.21 | 2.31 1.43, 2.30 1.42 |
//! | 17-clue | 1.83 1.76, 1.83 1.77 | 2.30 2.26, 2.24 2.23 | 1.35 1.14, 1.35 1.14 | 1.70 1.47, 1.68 1.46 |
//! | forum-hardest-10k | 1.02 0.96, 1.01 0.96 | 1.20 1.12, 1.19 1.14 | 2.17 1.10, 2.20 1.11 | 2.58 1.29, 2.57 1.31 |
//!
//! A third pair of runs: after, 1.39 1.32 on top1465 and 1.20 1.16 on
//! the forum set against tdoku (before 1.21 1.11 and 1.02 0.96), every
//! cell against `sudoku` 1.33 or more.
//!
//! Before: `solve` ran the portable copy (its ratio to the x86-64-v3 copy
//! 0.98–1.01). After:
//! the stack check before each guess (14% fewer guesses on the forum
//! set), one branch per digit whose boards are as checked, and the
//! x86-64-v3+pext copy, 1.08–1.12× the portable one in the same runs.

use std::hint::black_box;
use std::path::PathBuf;
use sudoku::Sudoku;
use sudolens::grid::Grid;
use sudolens::solver::{count_solutions, count_solutions_at, solve, solve_at, SolverLevel};
use sudolens_peer_bench::{cpu_seconds, tdoku};

/// Label, file under ../shared/puzzles, how many of its puzzles.
const SETS: [(&str, &str, usize); 4] = [
    ("easy", "qqwing_easy", 1000),
    ("top1465", "top1465", 1465),
    ("17-clue", "sudoku17_sample1000", 1000),
    ("forum-hardest-10k", "forum_hardest_1905_11plus", 10_000),
];

const ROUNDS: usize = 5;

/// A round of one solver over a set should last this long at least (small
/// sets are repeated), so that the CPU clock's resolution does not matter.
const MIN_ROUND_SECONDS: f64 = 0.05;

/// One puzzle in each solver's input form.
struct Puzzle {
    grid: Grid,
    crate_sudoku: Sudoku,
    ascii: [u8; 81],
}

fn load(file: &str, limit: usize) -> Option<Vec<Puzzle>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(format!("{file}.txt"));
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .take(limit)
            .map(|l| {
                let line = &l[..81];
                let mut ascii = [b'.'; 81];
                for (a, c) in ascii.iter_mut().zip(line.bytes()) {
                    if c.is_ascii_digit() && c != b'0' {
                        *a = c;
                    }
                }
                Puzzle {
                    grid: Grid::parse(line).expect("benchmark puzzles parse"),
                    crate_sudoku: Sudoku::from_str_line(line)
                        .expect("the sudoku crate parses them"),
                    ascii,
                }
            })
            .collect(),
    )
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    One,
    Count2,
}

#[derive(Clone, Copy, PartialEq)]
enum Solver {
    Sudolens,
    /// sudolens on its portable copy (`SolverLevel::Portable`).
    SudolensPortable,
    Tdoku,
    SudokuCrate,
}

/// Runs `solver` over the set in `mode`; the sum of the counts (1 per
/// solution found in `One` mode), so that nothing is optimised away and
/// the solvers can be checked against each other.
fn run(solver: Solver, mode: Mode, set: &[Puzzle]) -> usize {
    let mut total = 0;
    for p in set {
        total += match (solver, mode) {
            (Solver::Sudolens, Mode::One) => {
                black_box(solve(black_box(&p.grid))).is_some() as usize
            }
            (Solver::Sudolens, Mode::Count2) => count_solutions(black_box(&p.grid), 2),
            (Solver::SudolensPortable, Mode::One) => {
                black_box(solve_at(SolverLevel::Portable, black_box(&p.grid))).is_some() as usize
            }
            (Solver::SudolensPortable, Mode::Count2) => {
                count_solutions_at(SolverLevel::Portable, black_box(&p.grid), 2)
            }
            (Solver::Tdoku, Mode::One) => {
                tdoku::solve(black_box(&p.ascii), 1).map_or(0, |a| black_box(a).count)
            }
            (Solver::Tdoku, Mode::Count2) => {
                tdoku::solve(black_box(&p.ascii), 2).map_or(0, |a| a.count)
            }
            (Solver::SudokuCrate, Mode::One) => {
                black_box(black_box(&p.crate_sudoku).solution()).is_some() as usize
            }
            (Solver::SudokuCrate, Mode::Count2) => {
                black_box(&p.crate_sudoku).solutions_count_up_to(2)
            }
        };
    }
    total
}

/// CPU seconds of `reps` runs.
fn timed(solver: Solver, mode: Mode, set: &[Puzzle], reps: usize) -> f64 {
    let start = cpu_seconds();
    for _ in 0..reps {
        black_box(run(solver, mode, set));
    }
    cpu_seconds() - start
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut solvers = vec![Solver::Sudolens, Solver::SudolensPortable];
    if tdoku::AVAILABLE {
        solvers.push(Solver::Tdoku);
    } else {
        println!("tdoku is not built (../shared/peers/tdoku absent): comparing with the sudoku crate only");
    }
    solvers.push(Solver::SudokuCrate);
    println!(
        "Puzzles per CPU second, median of {ROUNDS} interleaved rounds (sudolens: the {} copy)",
        SolverLevel::preferred().name()
    );
    println!(
        "{:<18} {:>6} {:>7} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9} {:>9}",
        "set",
        "n",
        "mode",
        "sudolens",
        "portable",
        "tdoku",
        "sudoku",
        "/portable",
        "/tdoku",
        "/sudoku"
    );
    for (label, file, limit) in SETS {
        if !filters.is_empty() && !filters.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        let Some(set) = load(file, limit) else {
            println!("{label}: ../shared/puzzles/{file}.txt is absent, skipped");
            continue;
        };
        for mode in [Mode::One, Mode::Count2] {
            let expected = run(Solver::Sudolens, mode, &set);
            for &s in &solvers[1..] {
                assert_eq!(
                    run(s, mode, &set),
                    expected,
                    "the peers disagree on {label}"
                );
            }
            let once = timed(Solver::Sudolens, mode, &set, 1).max(1e-6);
            let reps = ((MIN_ROUND_SECONDS / once).ceil() as usize).max(1);
            let mut seconds = vec![Vec::new(); solvers.len()];
            for round in 0..ROUNDS {
                // The order turns each round, so that no solver always
                // runs just after the same one.
                for k in 0..solvers.len() {
                    let i = (k + round) % solvers.len();
                    seconds[i].push(timed(solvers[i], mode, &set, reps));
                }
            }
            let rate = |s: Solver| {
                solvers
                    .iter()
                    .position(|&x| x == s)
                    .map(|i| (set.len() * reps) as f64 / median(seconds[i].clone()))
            };
            let ours = rate(Solver::Sudolens).expect("sudolens always runs");
            let cell = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.0}"));
            let ratio = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{:.2}", ours / r));
            let (td, sc) = (rate(Solver::Tdoku), rate(Solver::SudokuCrate));
            let portable = rate(Solver::SudolensPortable);
            println!(
                "{:<18} {:>6} {:>7} {:>11.0} {:>11} {:>11} {:>11} {:>9} {:>9} {:>9}",
                label,
                set.len(),
                if mode == Mode::One { "one" } else { "count2" },
                ours,
                cell(portable),
                cell(td),
                cell(sc),
                ratio(portable),
                ratio(td),
                ratio(sc),
            );
        }
    }
}
