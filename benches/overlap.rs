//! Overlapping grids (issue 34): the samurai solved by the exact solver,
//! the samurai generated at each level it is made at, and a 3×3 carpet
//! generated, on one thread.
//!
//! `cargo bench --bench overlap`. Each row gives the median, p90 and max
//! of the thread's CPU time (on Unix; a shared machine's other work does
//! not count), the wall-clock median beside it, and for generation the
//! share of puzzles the rule engine rates at the level asked (must be
//! 100%). Every puzzle made keeps the carpet document's sub-carpet rule
//! (no proper subset of its grids solvable alone), which the generator
//! checks on every candidate, so its cost is in the figures.
//!
//! For comparison, the carpet generator document (Lopez, Hafdane, Bégot,
//! Bonnafé, Université de Montpellier, 2025) gives medians for one simple
//! grid of 37, 107, 166, 160 and 480 ms per level on 12 threads; its
//! samurai and carpet timings are not given per level. `OVERLAP_BENCH_N`
//! sets the puzzles per row (default 20). The samurai rows are the levels
//! Game > New makes (Easy to Hard); `OVERLAP_BENCH_EXPERT=3` adds an Expert
//! row of that many seeds (about a minute each: a seed that finds none is
//! counted apart).

use std::ops::ControlFlow;
use sudolens::generate::{generate_shaped, levels_made, Options};
use sudolens::grid::{Shape, ShapedGrid};
use sudolens::logic::Level;
use sudolens::solver::{count_shaped, solve_shaped};

#[path = "common/cpu_time.rs"]
mod cpu_time;

/// Runs `f`, returning its result, its CPU and wall time in milliseconds.
fn timed_ms<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (out, cpu, wall) = cpu_time::timed(f);
    (out, cpu * 1e3, wall * 1e3)
}

fn per_row() -> usize {
    std::env::var("OVERLAP_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20)
}

/// The value at fraction `q` of the sorted times.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let k = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[k]
}

/// Prints a row: median, p90, max CPU ms, median wall ms, and a note.
fn row(label: &str, mut cpu: Vec<f64>, mut wall: Vec<f64>, note: &str) {
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    println!(
        "{label:<28} {:>4}  median {:>8.1} ms  p90 {:>8.1} ms  max {:>8.1} ms  (wall median {:>8.1} ms)  {note}",
        cpu.len(),
        quantile(&cpu, 0.5),
        quantile(&cpu, 0.9),
        cpu[cpu.len() - 1],
        quantile(&wall, 0.5),
    );
}

/// Generates `n` puzzles of `shape` at `level` from seeds 0, 1, 2..., each
/// timed; prints the row and returns the puzzles.
fn generate_row(label: &str, shape: &Shape, level: Level, n: usize) -> Vec<ShapedGrid> {
    let (mut cpu, mut wall, mut at_level, mut made) = (vec![], vec![], 0, vec![]);
    for seed in 0..n as u64 {
        let (out, c, w) = timed_ms(|| {
            generate_shaped(shape, &Options::new(level), seed, |_| {
                ControlFlow::Continue(())
            })
        });
        let Ok(out) = out else {
            println!("{label:<28} seed {seed}: none found ({c:.0} ms)");
            continue;
        };
        cpu.push(c);
        wall.push(w);
        if out.rating.as_ref().map(|r| r.level) == Some(level) {
            at_level += 1;
        }
        made.push(out.puzzle);
    }
    if cpu.is_empty() {
        println!("{label:<28} no puzzle made from {n} seeds");
        return made;
    }
    let share = 100.0 * at_level as f64 / cpu.len() as f64;
    row(
        label,
        cpu,
        wall,
        &format!("rated at the level: {share:.0}%"),
    );
    made
}

fn main() {
    let n = per_row();
    let samurai = Shape::parse_name("samurai").expect("samurai");
    println!(
        "samurai ({} cells), one thread, {n} seeds per row",
        samurai.cell_count()
    );
    let mut made = Vec::new();
    for level in levels_made(&samurai) {
        let label = format!("generate samurai {level:?}");
        made.extend(generate_row(&label, &samurai, level, n));
    }
    let expert: usize = std::env::var("OVERLAP_BENCH_EXPERT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if expert > 0 {
        made.extend(generate_row(
            "generate samurai Expert",
            &samurai,
            Level::Expert,
            expert,
        ));
    }
    // the exact solver on every samurai made: the first solution, then the
    // uniqueness check (counting up to two)
    let (mut cpu, mut wall) = (vec![], vec![]);
    for p in &made {
        let (solved, c, w) = timed_ms(|| solve_shaped(&samurai, p.values()));
        assert!(solved.is_some(), "a samurai made has a solution");
        cpu.push(c);
        wall.push(w);
    }
    row("solve samurai (one)", cpu, wall, "");
    let (mut cpu, mut wall) = (vec![], vec![]);
    for p in &made {
        let (count, c, w) = timed_ms(|| count_shaped(&samurai, p.values(), 2));
        assert_eq!(count, 1, "a samurai made is proper");
        cpu.push(c);
        wall.push(w);
    }
    row("solve samurai (count 2)", cpu, wall, "");
    let carpet = Shape::parse_name("carpet-3").expect("carpet-3");
    println!("carpet-3 ({} cells)", carpet.cell_count());
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        if levels_made(&carpet).contains(&level) {
            generate_row(&format!("generate carpet-3 {level:?}"), &carpet, level, n);
        }
    }
    println!(
        "the carpet document's medians for one simple grid, 12 threads: 37 / 107 / 166 / 160 / 480 ms"
    );
}
