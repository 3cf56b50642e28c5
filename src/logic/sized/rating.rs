//! Rating a path on any shape, and the levels each size can reach.

use super::SizedPath;
use crate::grid::Shape;
use crate::logic::{Level, Rating};

/// The level of a puzzle of `shape` whose hardest step scores `score`.
///
/// The 12×12 and 16×16 keep the classic's scale ([`Level::from_score`]).
/// On a 6×6 no quad or jellyfish is ever the easiest step (a quad in a
/// house of six cells is the other side of a pair, found first), so the
/// classic's Expert band would be empty: there Expert is the single-value
/// and XY-chains, Master the alternating inference chains and the cell
/// forcing chains, Extreme the contradictions. The figures behind this are in the README (Performance, `cargo bench
/// --bench sized`).
pub fn sized_level(shape: &Shape, score: f32) -> Level {
    if shape.side() > 6 {
        return Level::from_score(score);
    }
    match score {
        s if s <= 4.4 => Level::from_score(s),
        s if s <= 6.6 => Level::Expert,
        s if s < 8.5 => Level::Master,
        _ => Level::Extreme,
    }
}

/// The levels `generate` makes on a shape, easiest first. A 4×4 is
/// always solved by singles, and so is a 6×6 odd/even (its shading,
/// drawn from a solution, halves every cell's candidates): those are
/// made at Easy only. The figures are in the README (Performance, `cargo
/// bench --bench sized`).
pub fn reachable_levels(shape: &Shape) -> Vec<Level> {
    let singles_only = shape.side() == 4 || (shape.side() <= 6 && shape.has_parity());
    if singles_only {
        vec![Level::Easy]
    } else {
        Level::ALL.to_vec()
    }
}

pub fn level_reachable(shape: &Shape, level: Level) -> bool {
    reachable_levels(shape).contains(&level)
}

/// Rates a path: its hardest step's score and technique, and the level
/// that score is on the shape.
pub fn rate_sized(path: &SizedPath) -> Rating {
    let scored = path.steps.iter().map(|s| (s.score, s.technique));
    Rating::of_steps(scored, path.solved_by_logic, |score| {
        sized_level(&path.shape, score)
    })
}

/// The rating of a puzzle of any shape, or `None` as soon as a step goes
/// above `ceiling` (the generator's early rejection: a too-hard candidate
/// costs only its easy start). The nested contradictions are left out
/// (see `next_step_before_nested`): a puzzle that needs them is rated as
/// where logic stops.
pub fn rate_sized_within(shape: &Shape, values: &[u8], ceiling: Level) -> Option<Rating> {
    let mut s = super::SizedMarks::new(shape, values)?;
    let mut steps = Vec::new();
    while let Some(step) = super::next_step_before_nested(&s) {
        if sized_level(shape, step.score) > ceiling {
            return None;
        }
        super::apply_sized(&mut s, &step);
        steps.push(step);
    }
    Some(rate_sized(&SizedPath {
        shape: shape.clone(),
        puzzle: values.to_vec(),
        steps,
        solved_by_logic: s.is_solved(),
    }))
}
