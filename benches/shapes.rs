//! The shapes: the exact solver side by side with the `sudoku-variants`
//! crate on the shapes both handle (X-Sudoku, 4×4, 6×6, 16×16; it has no
//! irregular regions), as ratios measured in one run, then the generator's
//! median time per shape and level.
//!
//! `cargo bench --bench shapes`. The puzzles are made first by sudolens's
//! own generator from seeds 0, 1, 2... (X at Medium and Hard, the other
//! sizes at Easy, the level they are made at); each solver then counts
//! every puzzle's solutions up to two (the uniqueness check), in
//! interleaved rounds so that the shared machine's load falls on both
//! alike, each side repeating the set for 50 ms. `SHAPES_BENCH_SCALE=0.2`
//! runs a fifth of the puzzles; `SHAPES_BENCH_ONLY=4x4,generator` runs the
//! rows whose label holds one of those words. The crate
//! did not finish a single 16×16 in minutes, so that side of the 16×16 row
//! runs only with `SHAPES_BENCH_SLOW=1`.

use std::ops::ControlFlow;
use std::time::Instant;
use sudoku_variants::constraint::{CompositeConstraint, DefaultConstraint, DiagonalsConstraint};
use sudoku_variants::solver::{BacktrackingSolver, Solution, Solver};
use sudoku_variants::Sudoku;
use sudolens::generate::{generate_shaped, random_shape, Options};
use sudolens::grid::{Shape, ShapeName, ShapedGrid};
use sudolens::logic::Level;
use sudolens::solver::count_shaped;

fn scale() -> f64 {
    std::env::var("SHAPES_BENCH_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0)
}

fn scaled(n: usize) -> usize {
    ((n as f64 * scale()).round() as usize).max(1)
}

/// `count` puzzles of `shape` at `level`, from seeds 0, 1, 2...
fn puzzles(shape: &Shape, level: Level, count: usize) -> Vec<ShapedGrid> {
    (0..count as u64)
        .map(|seed| {
            generate_shaped(shape, &Options::new(level), seed, |_| {
                ControlFlow::Continue(())
            })
            .expect("the shape is made at this level")
            .puzzle
        })
        .collect()
}

/// The puzzle as `sudoku-variants` writes one: `BWxBH;` then the cells,
/// comma-separated, a space for an empty one.
fn code(p: &ShapedGrid) -> String {
    let spec = p.shape().spec();
    let cells: Vec<String> = p
        .values()
        .iter()
        .map(|&v| if v == 0 { " ".into() } else { v.to_string() })
        .collect();
    format!(
        "{}x{};{}",
        spec.size.box_cols,
        spec.size.box_rows,
        cells.join(",")
    )
}

/// Seconds per pass of `f`, running it again until 50 ms have gone: a set
/// of small grids takes microseconds, below the clock's reach in one pass.
fn seconds_per_pass(mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    let mut passes = 0u32;
    while passes == 0 || t.elapsed().as_secs_f64() < 0.05 {
        f();
        passes += 1;
    }
    t.elapsed().as_secs_f64() / f64::from(passes)
}

/// Whether `SHAPES_BENCH_ONLY` (comma-separated words) asks for `label`:
/// a row runs when its label contains one of the words; all run without it.
fn wanted(label: &str) -> bool {
    std::env::var("SHAPES_BENCH_ONLY").map_or(true, |only| {
        only.split(',')
            .any(|w| label.to_lowercase().contains(&w.to_lowercase()))
    })
}

/// Whether `SHAPES_BENCH_SLOW=1` asks for the crate's side of the rows it
/// takes minutes on (the 16×16).
fn slow_wanted() -> bool {
    std::env::var("SHAPES_BENCH_SLOW").is_ok_and(|v| v == "1")
}

fn side_by_side(label: &str, set: &[ShapedGrid], diagonals: bool, slow: bool) {
    if !wanted(label) {
        return;
    }
    let shape = set[0].shape().clone();
    let ours = || {
        for p in set {
            assert_eq!(count_shaped(&shape, p.values(), 2), 1);
        }
    };
    let solver = BacktrackingSolver;
    let theirs = || {
        for p in set {
            let unique = if diagonals {
                let rules = CompositeConstraint::new(DefaultConstraint, DiagonalsConstraint);
                let sudoku = Sudoku::parse(&code(p), rules).expect("their parser reads it");
                matches!(solver.solve(&sudoku), Solution::Unique(_))
            } else {
                let sudoku =
                    Sudoku::parse(&code(p), DefaultConstraint).expect("their parser reads it");
                matches!(solver.solve(&sudoku), Solution::Unique(_))
            };
            assert!(unique, "sudoku-variants agrees the puzzle is unique");
        }
    };
    let n = set.len() as f64;
    if slow && !slow_wanted() {
        let mut us = f64::MAX;
        for _ in 0..3 {
            us = us.min(seconds_per_pass(ours));
        }
        println!(
            "{label:<22} {:>5} puzzles  sudolens {:>10.0}/s  sudoku-variants not run (SHAPES_BENCH_SLOW=1)",
            set.len(),
            n / us,
        );
        return;
    }
    let (mut us, mut them) = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        us = us.min(seconds_per_pass(ours));
        them = them.min(seconds_per_pass(theirs));
    }
    println!(
        "{label:<22} {:>5} puzzles  sudolens {:>10.0}/s  sudoku-variants {:>10.1}/s  ratio {:>7.1}x",
        set.len(),
        n / us,
        n / them,
        them / us
    );
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo test --benches` asks benches to list themselves
    }
    println!("== exact solver: counting solutions up to two, best of 3 interleaved rounds");
    let x = Shape::parse_name("x").unwrap();
    let four = Shape::parse_name("4x4").unwrap();
    let six = Shape::parse_name("6x6").unwrap();
    let sixteen = Shape::parse_name("16x16").unwrap();
    // (label, shape, level, puzzles, diagonals, the crate's side only with
    // SHAPES_BENCH_SLOW=1)
    let rows: [(&str, &Shape, Level, usize, bool, bool); 5] = [
        ("X-Sudoku (Medium)", &x, Level::Medium, 100, true, false),
        ("X-Sudoku (Hard)", &x, Level::Hard, 50, true, false),
        ("4x4 (Easy)", &four, Level::Easy, 200, false, false),
        ("6x6 (Easy)", &six, Level::Easy, 100, false, false),
        ("16x16 (Easy)", &sixteen, Level::Easy, 10, false, true),
    ];
    for (label, shape, level, count, diagonals, slow) in rows {
        if wanted(label) {
            side_by_side(
                label,
                &puzzles(shape, level, scaled(count)),
                diagonals,
                slow,
            );
        }
    }
    if !wanted("generator") {
        return;
    }

    println!("\n== generator: median milliseconds per puzzle (seeds 0, 1, 2...)");
    let plan: [(&str, &[Level]); 9] = [
        (
            "x",
            &[Level::Easy, Level::Medium, Level::Hard, Level::Expert],
        ),
        (
            "hyper",
            &[Level::Easy, Level::Medium, Level::Hard, Level::Expert],
        ),
        ("x+hyper", &[Level::Easy, Level::Medium, Level::Hard]),
        (
            "jigsaw",
            &[Level::Easy, Level::Medium, Level::Hard, Level::Expert],
        ),
        ("odd-even", &[Level::Easy, Level::Medium, Level::Hard]),
        ("4x4", &[Level::Easy]),
        ("6x6", &[Level::Easy]),
        ("12x12", &[Level::Easy]),
        ("16x16", &[Level::Easy]),
    ];
    for (name, levels) in plan {
        let parsed = ShapeName::parse(name).unwrap();
        for &level in levels {
            let times: Vec<f64> = (0..scaled(10) as u64)
                .map(|seed| {
                    let t = Instant::now();
                    let shape = random_shape(parsed, seed).unwrap();
                    let made = generate_shaped(&shape, &Options::new(level), seed, |_| {
                        ControlFlow::Continue(())
                    });
                    assert!(made.is_ok(), "{name} {level:?}");
                    t.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            let max = times.iter().copied().fold(0.0, f64::max);
            println!(
                "{name:<9} {:<7} median {:>9.1} ms  max {:>9.1} ms  ({} puzzles)",
                level.id(),
                median(times.clone()),
                max,
                times.len()
            );
        }
    }
}
