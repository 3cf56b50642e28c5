//! Exact-solver throughput on the shared puzzle sets, side by side with the
//! crates.io `sudoku` crate (a port of JCZSolve) measured in the same run.
//!
//! `cargo bench --bench solver` prints criterion's statistics per set and,
//! at the end, a table of puzzles/second and our/their ratios from
//! interleaved rounds (so machine noise hits both solvers alike).

use criterion::{black_box, Criterion, Throughput};
use std::path::PathBuf;
use std::time::Instant;
use sudoku::Sudoku;
use sudolens::grid::Grid;
use sudolens::solver::{count_solutions, solve};

const SETS: [(&str, usize); 4] = [
    ("sudoku17_sample1000", 1000),
    ("top1465", 1465),
    ("forum_hardest_1905_11plus", 2000),
    ("qqwing_easy", 1000),
];

fn load(name: &str, limit: usize) -> Option<Vec<(Grid, Sudoku)>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .take(limit)
            .map(|l| {
                let line = &l[..81];
                (
                    Grid::parse(line).expect("benchmark puzzles parse"),
                    Sudoku::from_str_line(line).expect("the sudoku crate parses them"),
                )
            })
            .collect(),
    )
}

/// A labelled piece of work over a whole puzzle set.
type Run<'a> = (&'static str, Box<dyn Fn() + 'a>);

/// Puzzles per second of `f` over the whole set, best of a few rounds.
fn rate(puzzles: usize, f: &dyn Fn()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    puzzles as f64 / best
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let mut table = Vec::new();
    for (name, limit) in SETS {
        let Some(set) = load(name, limit) else {
            eprintln!("{name}: ../shared/puzzles/{name}.txt is absent, skipped");
            continue;
        };
        let runs: [Run; 4] = [
            (
                "sudolens solve",
                Box::new(|| {
                    for (g, _) in &set {
                        black_box(solve(g));
                    }
                }),
            ),
            (
                "sudoku-crate solve",
                Box::new(|| {
                    for (_, s) in &set {
                        black_box(s.solution());
                    }
                }),
            ),
            (
                "sudolens count<=2",
                Box::new(|| {
                    for (g, _) in &set {
                        black_box(count_solutions(g, 2));
                    }
                }),
            ),
            (
                "sudoku-crate count<=2",
                Box::new(|| {
                    for (_, s) in &set {
                        black_box(s.solutions_count_up_to(2));
                    }
                }),
            ),
        ];
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(set.len() as u64));
        group.sample_size(10);
        for (label, run) in &runs {
            group.bench_function(*label, |b| b.iter(run));
        }
        group.finish();

        // Interleave the solvers round by round for the ratio table, so
        // machine noise hits both alike.
        let mut sums = [0.0f64; 4];
        for _ in 0..3 {
            for (sum, (_, run)) in sums.iter_mut().zip(&runs) {
                *sum += rate(set.len(), run) / 3.0;
            }
        }
        let [ours, theirs, ours_n, theirs_n] = sums;
        table.push((name, set.len(), ours, theirs, ours_n, theirs_n));
    }
    c.final_summary();
    println!("\nPuzzles per second (one core), sudolens vs the sudoku crate (JCZSolve port):");
    println!(
        "{:<28} {:>6} {:>12} {:>12} {:>6} {:>12} {:>12} {:>6}",
        "set", "n", "solve", "theirs", "ratio", "count<=2", "theirs", "ratio"
    );
    for (name, n, a, b, an, bn) in table {
        println!(
            "{name:<28} {n:>6} {a:>12.0} {b:>12.0} {:>6.2} {an:>12.0} {bn:>12.0} {:>6.2}",
            a / b,
            an / bn
        );
    }
}
