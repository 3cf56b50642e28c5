//! The endless carpet: time per new grid while walking, against the
//! classic generator's time per puzzle at the same level, in one run; and
//! how many new grids rate at the level asked.
//!
//! `cargo bench --bench endless`. A walk goes `ENDLESS_BENCH_STEPS` grids
//! (default 50) to the right from the start, the window's 3 × 3 grids made
//! at each step (three new grids a step), for three seeds. Each new grid
//! is made and timed on its own, in the carpet's order (as
//! [`EndlessCarpet::ensure_around`] makes them), then rated as it is
//! solved in the carpet's order: its givens and its neighbours' values in
//! the boxes it shares with those before it, by `logic::rate_grid`, the
//! rating the carpet's dig uses. The peer is
//! [`sudolens::generate::generate`] at the same level, one classic puzzle
//! per seed and step, interleaved with the walks so that the shared
//! machine's load falls on both alike. Printed per level: the grids made,
//! how many rate at the level asked and how many below (any above, or any
//! not solved by logic, would be a bug), how many store a level other than
//! their rating (the harder of `rate_grid`'s and the sized engine's; a bug
//! too), how many the sized engine (the window's hints) rates past their
//! stored level (a bug too), the median, 90th
//! percentile and largest time per new grid, the classic puzzle's median
//! and the ratio of the medians, the grids held at the end of the walk and
//! the bytes the carpet's maps hold.
//!
//! Each walk starts at the start grid, which is made unique alone (no
//! neighbour before it), and counts like any other new grid.
//!
//! Measured on the 2-core shared machine (`--no-default-features
//! --features web`, the same code as the default build), 477 grids a
//! level. With 4 dig orders a grid (before issue 34): Medium 31% at the
//! level (330 below), Hard 43% (274 below), none mislabelled; per grid
//! 1.25 ms median, p90 5.4 ms, largest 14 ms at Medium, 1.25 ms, 5.2 ms and
//! 11 ms at Hard. With up to 512 orders and singles vouching for easy
//! removals without the rule engine's walk: 100% at the level at Medium
//! and at Hard (1377 of 1377 too on walks of 150 grids), none
//! mislabelled; per grid 0.89 ms median, p90 6.1 ms, largest 33 ms at
//! Medium, 0.88 ms, 5.1 ms and 16 ms at Hard; Easy unchanged (67 µs).
//! But the sized engine, which rates and hints the window (a carpet-3),
//! went past Hard on 37 of 207 Hard grids in order (walks of 20 grids; a
//! W-Wing or a finned fish for the classic engine, a chain for the sized
//! one), and 2 of the 3 seeds' start windows rated Master with `sudolens
//! rate`. With an order kept at the level only when the sized engine stays
//! within it too: 100% at the level, none past it for the sized engine
//! (1377 of 1377 on walks of 150 grids too),
//! per grid 0.87 ms median, p90 3.5 ms, largest 18 ms at Medium, 1.1 ms,
//! 3.3 ms and 22 ms at Hard (classic puzzle 0.78 ms and 0.69 ms in the
//! same run), and 24 of 24 seeds' start windows rate at their level at
//! Medium and at Hard.

use std::time::{Duration, Instant};
use sudolens::generate::endless::{EndlessCarpet, GridPos};
use sudolens::generate::{generate, Options};
use sudolens::grid::Shape;
use sudolens::logic::sized::{rate_sized, solve_path_sized};
use sudolens::logic::{rate_grid, Level};

fn steps() -> i32 {
    std::env::var("ENDLESS_BENCH_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50)
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// What the walks of one level found about their new grids.
#[derive(Default)]
struct Tally {
    made: usize,
    at: usize,
    below: usize,
    /// Above the level asked, or not solved by logic: never expected.
    wrong: usize,
    /// Stored level other than the grid's rating (the harder of the
    /// classic and the sized engines'): never expected.
    mislabelled: usize,
    /// The sized engine (the window's hints) past the stored level on the
    /// grid in order: never expected.
    sized_above: usize,
}

/// The grids within one of `centre` not yet in memory, in the carpet's
/// order: those [`EndlessCarpet::ensure_around`] would make.
fn missing_around(carpet: &EndlessCarpet, centre: GridPos) -> Vec<GridPos> {
    let held = carpet.grids();
    let mut out: Vec<GridPos> = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| GridPos::new(centre.y + dy, centre.x + dx)))
        .filter(|p| !held.contains(p))
        .collect();
    out.sort_by_key(|p| p.order_key());
    out
}

fn main() {
    println!(
        "level     grids  at level  below  wrong  mislabelled  sized above  median/grid  p90/grid  max/grid  classic  ratio  held  bytes"
    );
    let classic_shape = Shape::classic();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let (mut per_grid, mut classic) = (Vec::new(), Vec::new());
        let mut tally = Tally::default();
        let (mut held, mut bytes) = (0, 0);
        for seed in 0..3u64 {
            let mut carpet = EndlessCarpet::new(seed, level).expect("a carpet from the seed");
            for step in 0..=steps() {
                let centre = GridPos::new(0, step);
                for pos in missing_around(&carpet, centre) {
                    let t = Instant::now();
                    let made = carpet.puzzle(pos);
                    per_grid.push(t.elapsed());
                    let in_order = carpet.puzzle_in_order(pos);
                    let rating = rate_grid(&in_order);
                    let sized = solve_path_sized(&classic_shape, in_order.digits())
                        .map(|path| rate_sized(&path))
                        .expect("a 9×9 grid");
                    tally.made += 1;
                    if !rating.solved_by_logic || rating.level > level {
                        tally.wrong += 1;
                    } else if rating.level == level {
                        tally.at += 1;
                    } else {
                        tally.below += 1;
                    }
                    // The level stored is the harder of the two engines'.
                    let both = (
                        rating.level.max(sized.level),
                        rating.solved_by_logic && sized.solved_by_logic,
                    );
                    if (made.level, made.solved_by_logic) != both {
                        tally.mislabelled += 1;
                    }
                    if sized.level > made.level || !sized.solved_by_logic {
                        tally.sized_above += 1;
                    }
                }
                assert!(carpet.ensure_around(centre, 1).is_empty());
                if step > 0 {
                    let t = Instant::now();
                    std::hint::black_box(generate(&Options::new(level), seed * 1000 + step as u64));
                    classic.push(t.elapsed());
                }
            }
            held = carpet.grids_in_memory();
            bytes = carpet.bytes_held();
        }
        per_grid.sort();
        classic.sort();
        let (g, c) = (quantile(&per_grid, 0.5), quantile(&classic, 0.5));
        println!(
            "{:<9} {:>5}  {:>8}  {:>5}  {:>5}  {:>11}  {:>11}  {:>11.2?}  {:>8.2?}  {:>8.2?}  {:>7.2?}  {:>5.2}  {held:>4}  {bytes:>5}",
            level.id(),
            tally.made,
            format!("{:.0}%", 100.0 * tally.at as f64 / tally.made.max(1) as f64),
            tally.below,
            tally.wrong,
            tally.mislabelled,
            tally.sized_above,
            g,
            quantile(&per_grid, 0.9),
            per_grid.last().copied().unwrap_or_default(),
            c,
            g.as_secs_f64() / c.as_secs_f64().max(1e-9),
        );
    }
}
