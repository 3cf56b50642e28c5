//! The generator's speed per level, on one thread, and the canonical form's.
//!
//! `cargo bench --bench generate` generates puzzles from seeds 0, 1, 2...
//! at each level (rotational symmetry, not minimal: the newspaper default
//! and the window's), then a smaller run with `--minimal` and the other
//! symmetries, and prints per level the median, p90 and max time, the
//! median number of candidates rated, and the share of puzzles whose
//! `rate_grid` level is the level asked (must be 100%), and the median
//! number of givens. Times are the thread's CPU time (on Unix), so that
//! other work on a shared machine does not count; the wall-clock median is
//! shown beside. It takes a few minutes, most of them at Extreme.
//! `GENERATE_BENCH_SCALE=0.2` runs a fifth of the puzzles; `=2` twice as
//! many. `GENERATE_BENCH_LEVEL=extreme` runs the main table's row of that
//! level alone (no other rows, no canonical forms), and
//! `GENERATE_BENCH_N=100` sets that row's number of puzzles: the window's
//! wait for a new puzzle, on one thread, is that row.
//!
//! Then the canonical form: its median, p99 and max time over generated
//! puzzles and random disguises of them (the form must not change), over
//! their solutions (complete grids, the slowest case), over nearly empty
//! grids (the first 0 to 8 givens of generated puzzles), and over the
//! 17-given puzzles of `../shared/puzzles` when present.

use std::time::Duration;

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::timed;

use sudolens::generate::{
    canonical_form, generate, is_minimal, Generated, Options, Symmetry, Transformation,
};
use sudolens::grid::{Cell, Grid};
use sudolens::logic::{rate_grid, Level};
use sudolens::solver::count_solutions;

/// The goals of issue 13 for the median time per puzzle, on one thread.
fn goal(level: Level) -> Duration {
    Duration::from_millis(match level {
        Level::Easy => 10,
        Level::Medium => 30,
        Level::Hard => 60,
        Level::Expert => 150,
        Level::Master => 500,
        Level::Extreme => 5000,
    })
}

/// Puzzles per level in the main table (before scaling).
fn puzzles_for(level: Level) -> usize {
    match level {
        Level::Easy | Level::Medium => 200,
        Level::Hard => 150,
        Level::Expert => 100,
        Level::Master => 60,
        Level::Extreme => 40,
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// What one row of a table measured.
struct Row {
    times: Vec<f64>,
    wall: Vec<f64>,
    givens: Vec<f64>,
    candidates: Vec<f64>,
    matched: usize,
    checked_ok: usize,
}

/// Generates `n` puzzles from seeds 0..n and checks each one.
fn run(options: &Options, n: usize) -> Row {
    let mut row = Row {
        times: Vec::with_capacity(n),
        wall: Vec::with_capacity(n),
        givens: Vec::with_capacity(n),
        candidates: Vec::with_capacity(n),
        matched: 0,
        checked_ok: 0,
    };
    for seed in 0..n as u64 {
        let (made, cpu, wall): (Generated, _, _) = timed(|| generate(options, seed));
        row.times.push(cpu);
        row.wall.push(wall);
        row.givens.push(made.puzzle.filled_count() as f64);
        row.candidates.push(f64::from(made.candidates));
        // Checked outside the timing: the level by a fresh rating, the
        // single solution, the symmetry and minimality.
        let rating = rate_grid(&made.puzzle);
        if rating.level == options.level && rating.solved_by_logic {
            row.matched += 1;
        }
        let proper = count_solutions(&made.puzzle, 2) == 1
            && options.symmetry.holds(&made.puzzle)
            && (!options.minimal || is_minimal(&made.puzzle, options.symmetry));
        if proper {
            row.checked_ok += 1;
        }
    }
    for v in [
        &mut row.times,
        &mut row.wall,
        &mut row.givens,
        &mut row.candidates,
    ] {
        v.sort_by(f64::total_cmp);
    }
    row
}

fn print_header() {
    println!(
        "{:<8} {:<20} {:>4} {:>9} {:>9} {:>9} {:>12} {:>9} {:>10} {:>7} {:>7} {:>7}",
        "level",
        "options",
        "n",
        "median",
        "p90",
        "max",
        "goal",
        "wall med",
        "candidates",
        "givens",
        "rated=L",
        "proper"
    );
}

fn print_row(level: Level, label: &str, row: &Row) {
    let n = row.times.len();
    let ms = |s: f64| format!("{:.1} ms", s * 1e3);
    let median = percentile(&row.times, 0.5);
    let goal = goal(level);
    println!(
        "{:<8} {:<20} {:>4} {:>9} {:>9} {:>9} {:>7} {} {:>9} {:>10} {:>7} {:>6.1}% {:>6.1}%",
        level.id(),
        label,
        n,
        ms(median),
        ms(percentile(&row.times, 0.9)),
        ms(*row.times.last().unwrap()),
        format!("{} ms", goal.as_millis()),
        if median <= goal.as_secs_f64() {
            "met "
        } else {
            "MISS"
        },
        ms(percentile(&row.wall, 0.5)),
        percentile(&row.candidates, 0.5),
        percentile(&row.givens, 0.5),
        row.matched as f64 * 100.0 / n as f64,
        row.checked_ok as f64 * 100.0 / n as f64,
    );
}

fn scaled(n: usize, scale: f64) -> usize {
    ((n as f64 * scale).round() as usize).max(3)
}

fn canonical_times(label: &str, puzzles: &[Grid]) {
    let mut times = Vec::with_capacity(puzzles.len());
    let mut disguised_same = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let (form, cpu, _) = timed(|| canonical_form(p));
        times.push(cpu);
        let disguise = Transformation::random(i as u64).apply(p);
        let (again, cpu, _) = timed(|| canonical_form(&disguise));
        times.push(cpu);
        if again == form {
            disguised_same += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "canonical form, {label}: {} forms, median {:.1} us, p99 {:.1} us, max {:.1} us; \
         {disguised_same} of {} disguises gave the same form",
        times.len(),
        percentile(&times, 0.5) * 1e6,
        percentile(&times, 0.99) * 1e6,
        times.last().unwrap() * 1e6,
        puzzles.len()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the arguments.
    let scale: f64 = std::env::var("GENERATE_BENCH_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&s: &f64| s > 0.0)
        .unwrap_or(1.0);
    println!(
        "Generator, one thread, seeds 0..n per row, CPU time per puzzle \
         (GENERATE_BENCH_SCALE={scale}):"
    );
    print_header();
    if let Ok(name) = std::env::var("GENERATE_BENCH_LEVEL") {
        let level: Level = name.parse().unwrap_or_else(|e| panic!("{e}"));
        let n = std::env::var("GENERATE_BENCH_N")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| scaled(puzzles_for(level), scale));
        let row = run(&Options::new(level), n);
        print_row(level, "rotational", &row);
        return;
    }
    let mut total = 0;
    let mut matched = 0;
    let mut made_puzzles = Vec::new();
    let mut solutions = Vec::new();
    for level in Level::ALL {
        let options = Options::new(level);
        let row = run(&options, scaled(puzzles_for(level), scale));
        print_row(level, "rotational", &row);
        total += row.times.len();
        matched += row.matched;
        for seed in 0..20 {
            let made = generate(&options, seed);
            made_puzzles.push(made.puzzle);
            solutions.push(made.solution);
        }
    }
    println!();
    print_header();
    for level in Level::ALL {
        let n = scaled(puzzles_for(level) / 4, scale);
        for (label, options) in [
            (
                "rotational minimal",
                Options {
                    minimal: true,
                    ..Options::new(level)
                },
            ),
            (
                "none minimal",
                Options {
                    symmetry: Symmetry::None,
                    minimal: true,
                    ..Options::new(level)
                },
            ),
            (
                "mirror",
                Options {
                    symmetry: Symmetry::Mirror,
                    ..Options::new(level)
                },
            ),
        ] {
            let row = run(&options, n);
            print_row(level, label, &row);
            total += row.times.len();
            matched += row.matched;
        }
    }
    println!(
        "\nrate_grid level == level asked: {matched} of {total} puzzles ({:.1}%)\n",
        matched as f64 * 100.0 / total as f64
    );
    canonical_times("generated puzzles", &made_puzzles);
    canonical_times(
        "their solutions (complete grids, the worst case)",
        &solutions,
    );
    // Nearly empty grids: few givens, many ties (an empty row can go
    // anywhere), the case that once grew thousands of branches.
    let sparse: Vec<Grid> = made_puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut kept = *p;
            let mut left = i % 9;
            for cell in Cell::ALL {
                if kept.get(cell) != 0 {
                    if left == 0 {
                        kept.set(cell, 0);
                    } else {
                        left -= 1;
                    }
                }
            }
            kept
        })
        .collect();
    canonical_times("nearly empty grids (0 to 8 givens)", &sparse);
    let seventeen = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles/sudoku17_sample1000.txt");
    match std::fs::read_to_string(&seventeen) {
        Ok(text) => {
            let puzzles: Vec<Grid> = text
                .lines()
                .filter_map(|l| Grid::parse(l.get(..81)?).ok())
                .collect();
            canonical_times("17-given puzzles (sudoku17_sample1000)", &puzzles);
        }
        Err(_) => println!("{}: absent, skipped", seventeen.display()),
    }
}
