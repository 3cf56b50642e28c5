//! From the model's probabilities to what the player sees: the rules repair the givens, unsure
//! entries are read as the solution's digit, and the cells to check are flagged.

use super::classify::ClassifiedGrid;
use super::model::{class_reading, CLASSES};
use super::{repair, Alternative, CellKind, CellReading, ImportResult, Timings};
use crate::grid::{Cell, Grid};

/// Below this probability of its reading a cell is flagged for the player to check.
const UNCERTAIN_BELOW: f32 = 0.9;

/// The result of reading `grid` from a photo of `(width, height)` pixels, where the grid's
/// `corners` are (original-image pixels, clockwise from the upright top-left). Timings are
/// left to the caller.
pub(crate) fn interpret(
    grid: &ClassifiedGrid,
    (width, height): (u32, u32),
    corners: [[f64; 2]; 4],
) -> ImportResult {
    let given_probs: [repair::GivenProbs; 81] = std::array::from_fn(|i| {
        let p = &grid.probs[i];
        let mut g = [0f32; 10];
        g[0] = p[0] + p[10..].iter().sum::<f32>();
        g[1..].copy_from_slice(&p[1..10]);
        g
    });
    let fixed = repair::repair_givens(&given_probs);
    let solution = fixed.verdict.solution().copied();
    let mut cells = Vec::with_capacity(81);
    let mut givens = Grid::empty();
    let mut entries = Grid::empty();
    let mut uncertain = Vec::new();
    for (i, cell) in Cell::ALL.iter().enumerate() {
        let p = &grid.probs[i];
        let mut order: Vec<usize> = (0..CLASSES).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let (mut digit, mut kind) = class_reading(order[0]);
        let confidence = p[order[0]];
        let corrected = fixed.changed.contains(cell);
        let g = fixed.givens.get(*cell);
        if corrected {
            (digit, kind) = if g == 0 {
                // the rules say no given here: keep the best non-printed reading
                let c = order
                    .iter()
                    .copied()
                    .find(|&c| c == 0 || c >= 10)
                    .unwrap_or(0);
                class_reading(c)
            } else {
                (g, CellKind::Printed)
            };
        }
        // an entry the model is unsure of is most likely the solution's digit
        let mut entry_weighed = false;
        if let (Some(s), CellKind::Handwritten, false) = (&solution, kind, corrected) {
            let want = s.get(*cell);
            if want != digit && repair::entry_is_solution_digit(confidence, p[9 + want as usize]) {
                digit = want;
                entry_weighed = true;
            }
        }
        let corrected = corrected || entry_weighed;
        let likely_mistake =
            kind == CellKind::Handwritten && solution.is_some_and(|s: Grid| s.get(*cell) != digit);
        let unsure = corrected || confidence < UNCERTAIN_BELOW;
        if unsure {
            uncertain.push(*cell);
        }
        match kind {
            CellKind::Printed => givens.set(*cell, digit),
            CellKind::Handwritten => entries.set(*cell, digit),
            CellKind::Empty => {}
        }
        let alternatives = order[1..4]
            .iter()
            .map(|&c| {
                let (digit, kind) = class_reading(c);
                Alternative {
                    digit,
                    kind,
                    probability: p[c],
                }
            })
            .collect();
        cells.push(CellReading {
            cell: *cell,
            digit,
            kind,
            confidence,
            alternatives,
            uncertain: unsure,
            corrected,
            likely_mistake,
        });
    }
    ImportResult {
        width,
        height,
        corners,
        orientation: u16::from(grid.quarter_turns) * 90,
        cells,
        givens,
        entries,
        verdict: fixed.verdict,
        solution,
        uncertain,
        timings_ms: Timings::default(),
    }
}
