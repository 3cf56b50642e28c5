//! Generated puzzles of every 9×9 shape, walked by the rule engine on the
//! shape's houses: every step agrees with the exact solution, and the walk
//! ends solved. (`sudolens rate --check` runs the same check on any file.)

use std::ops::ControlFlow;
use sudolens::generate::{generate_shaped, random_shape, Options};
use sudolens::grid::{Grid, ShapeName};
use sudolens::logic::{apply_to_state, next_step_in, Level, Pencilmarks, Step};
use sudolens::solver::{count_shaped, solve_shaped};

/// The first conclusion of `step` the solution contradicts.
fn unsound(step: &Step, solution: &[u8]) -> Option<String> {
    for p in &step.placements {
        if solution[p.cell.index()] != p.digit {
            return Some(format!("{step}: places {} in {}", p.digit, p.cell));
        }
    }
    step.eliminated()
        .into_iter()
        .find(|c| solution[c.cell.index()] == c.digit)
        .map(|c| format!("{step}: removes the true {} from {}", c.digit, c.cell))
}

#[test]
fn every_variant_is_solved_by_sound_explained_steps() {
    let shapes = ["x", "hyper", "x+hyper", "jigsaw", "odd-even", "jigsaw+x"];
    let levels = [Level::Easy, Level::Medium, Level::Hard];
    let mut walked = 0;
    for name in shapes {
        for seed in 0..3u64 {
            let shape = random_shape(ShapeName::parse(name).unwrap(), seed).unwrap();
            let level = levels[seed as usize % levels.len()];
            let made = generate_shaped(&shape, &Options::new(level), seed, |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            let values = made.puzzle.values();
            assert_eq!(count_shaped(&shape, values, 2), 1, "{name} seed {seed}");
            let solution = solve_shaped(&shape, values).unwrap();
            assert_eq!(solution, made.solution.values(), "{name} seed {seed}");
            let grid: Grid = made.puzzle.to_grid().unwrap();
            let mut s = Pencilmarks::from_grid_in(&shape, &grid).unwrap();
            while let Some(step) = next_step_in(&s) {
                if let Some(wrong) = unsound(&step, &solution) {
                    panic!("{name} seed {seed} {}: {wrong}", grid.to_line());
                }
                apply_to_state(&mut s, &step);
            }
            assert!(s.is_solved(), "{name} seed {seed}: logic stopped");
            let rating = made.rating.unwrap();
            assert_eq!(rating.level, level, "{name} seed {seed}");
            walked += 1;
        }
    }
    assert_eq!(walked, shapes.len() * 3);
}
