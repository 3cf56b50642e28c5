//! The sized engine (4×4, 6×6, 12×12, 16×16 and their combinations): per
//! shape and level, the generator's median time and what it made, and on
//! every puzzle made the explained path's figures: the share solved by
//! explained steps, the unsound conclusions (a placement that is not the
//! solution's value, an elimination of the solution's value), and the
//! median and largest number of steps.
//!
//! `cargo bench --bench sized`; `SIZED_BENCH_COUNT=5` makes 5 puzzles per
//! shape and level (10 by default), from seeds 0, 1, 2...
//! `SIZED_BENCH_SHAPES=6x6,16x16` limits the shapes.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use sudolens::generate::{generate_shaped, random_shape, Options, ShapedGenerateError};
use sudolens::grid::ShapeName;
use sudolens::logic::sized::solve_path_sized;
use sudolens::logic::Level;

const SHAPES: [&str; 8] = [
    "4x4",
    "6x6",
    "6x6+x",
    "6x6+jigsaw",
    "6x6+odd-even",
    "12x12",
    "16x16",
    "16x16+x",
];

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let count: u64 = std::env::var("SIZED_BENCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let only = std::env::var("SIZED_BENCH_SHAPES").ok();
    println!("shape level made refused notfound gen_median_s logic_solved unsound steps_median steps_max");
    for name in SHAPES {
        if let Some(only) = &only {
            if !only.split(',').any(|s| s == name) {
                continue;
            }
        }
        let parsed = ShapeName::parse(name).expect("a known shape");
        for level in Level::ALL {
            let (mut made, mut refused, mut not_found) = (0, 0, 0);
            let (mut times, mut steps) = (Vec::new(), Vec::new());
            let (mut solved, mut unsound) = (0, 0);
            for seed in 0..count {
                let shape = random_shape(parsed, seed).expect("a shape");
                let start = Instant::now();
                let result = generate_shaped(&shape, &Options::new(level), seed, |_| {
                    ControlFlow::Continue(())
                });
                let took: Duration = start.elapsed();
                match result {
                    Err(ShapedGenerateError::LevelOutOfReach { .. }) => {
                        refused += 1;
                        break;
                    }
                    Err(_) => {
                        not_found += 1;
                        times.push(took.as_secs_f64());
                        continue;
                    }
                    Ok(g) => {
                        made += 1;
                        times.push(took.as_secs_f64());
                        let path =
                            solve_path_sized(&shape, g.puzzle.values()).expect("a sized grid");
                        let truth = g.solution.values();
                        solved += usize::from(path.solved_by_logic);
                        steps.push(path.steps.len() as f64);
                        for step in &path.steps {
                            let bad_place = step
                                .placements
                                .iter()
                                .any(|p| truth[usize::from(p.cell)] != p.value);
                            let bad_kill = step
                                .eliminations
                                .iter()
                                .any(|e| truth[usize::from(e.cell)] == e.value);
                            unsound += usize::from(bad_place || bad_kill);
                        }
                    }
                }
            }
            let steps_max = steps.iter().copied().fold(0.0, f64::max);
            println!(
                "{name} {} {made} {refused} {not_found} {:.3} {solved}/{made} {unsound} {} {}",
                level.id(),
                median(times),
                median(steps.clone()),
                steps_max
            );
        }
    }
}
