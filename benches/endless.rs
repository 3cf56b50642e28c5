//! The endless carpet: time per new grid while walking, against the
//! classic generator's time per puzzle at the same level, in one run.
//!
//! `cargo bench --bench endless`. A walk goes `ENDLESS_BENCH_STEPS` grids
//! (default 50) to the right from the start, the window's 3 × 3 grids made
//! at each step (three new grids a step); each grid's time is the
//! carpet's [`EndlessCarpet::ensure_around`] divided by the grids it made.
//! The peer is [`sudolens::generate::generate`] at the same level, one
//! classic puzzle per seed, interleaved with the walks so that the shared
//! machine's load falls on both alike. Printed: medians and the ratio, the
//! grids held at the end of the walk, and the bytes the carpet's maps hold.

use std::time::{Duration, Instant};
use sudolens::generate::endless::{EndlessCarpet, GridPos};
use sudolens::generate::{generate, Options};
use sudolens::logic::Level;

fn steps() -> i32 {
    std::env::var("ENDLESS_BENCH_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn main() {
    println!("level     walk  per new grid  classic puzzle  ratio  grids held  bytes held");
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let (mut per_grid, mut classic) = (Vec::new(), Vec::new());
        let (mut held, mut bytes) = (0, 0);
        for seed in 0..3u64 {
            let mut carpet = EndlessCarpet::new(seed, level).expect("a carpet from the seed");
            carpet.ensure_around(GridPos::new(0, 0), 1);
            for step in 1..=steps() {
                let t = Instant::now();
                let made = carpet.ensure_around(GridPos::new(0, step), 1);
                let took = t.elapsed();
                if !made.is_empty() {
                    per_grid.push(took / made.len() as u32);
                }
                let t = Instant::now();
                std::hint::black_box(generate(&Options::new(level), seed * 1000 + step as u64));
                classic.push(t.elapsed());
            }
            held = carpet.grids_in_memory();
            bytes = carpet.bytes_held();
        }
        let (g, c) = (median(per_grid), median(classic));
        println!(
            "{:<9} {:>4}  {:>10.2?}  {:>14.2?}  {:>5.2}  {held:>10}  {bytes:>10}",
            level.id(),
            steps(),
            g,
            c,
            g.as_secs_f64() / c.as_secs_f64().max(1e-9),
        );
    }
}
