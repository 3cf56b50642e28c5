//! From the model's probabilities to what the player sees: the glyphs of the whole grid settle
//! the tiles in doubt between printed and handwritten (`appearance.rs`), the rules repair the
//! givens, unsure entries are read as the solution's digit, and the cells to check are flagged.

use super::appearance;
use super::classify::ClassifiedGrid;
use super::model::{class_reading, CLASSES};
use super::screen_glyphs;
use super::{repair, Alternative, CellKind, CellReading, ImportResult, Timings};
use crate::grid::{Cell, Grid};

/// Below this probability of its reading a cell is flagged for the player to check.
const UNCERTAIN_BELOW: f32 = 0.9;

/// A handwritten entry read as a digit the solution disagrees with is reported as the
/// player's likely mistake only when the model is at least this sure of the reading; below,
/// it is a question for the player ("check"), never an accusation. Chosen on the training
/// and validation photos with the calibrated model, where every disagreeing entry is a
/// misreading (the players' entries are right): the surest misreading there had confidence
/// 0.99564, and the threshold leaves ten times less room for error, 1 - (1 - 0.99564) / 10
/// (models/README.md).
pub const MISTAKE_SURE: f32 = 0.99956;

/// The result of reading `grid` from a photo of `(width, height)` pixels, where the grid's
/// `corners` are (original-image pixels, clockwise from the upright top-left); `rendered` for
/// a screenshot ([`super::rendered`]). Timings are left to the caller.
pub(crate) fn interpret(
    grid: &ClassifiedGrid,
    (width, height): (u32, u32),
    corners: [[f64; 2]; 4],
    rendered: bool,
) -> ImportResult {
    let mut probs = grid.probs.clone();
    let weighed = if rendered {
        // a screen draws its givens in one font: what its glyphs settle is no doubt of the
        // model's, and pencil marks are no reading at all, so neither is a cell to check
        screen_glyphs::settle(&grid.warped, &mut probs);
        Vec::new()
    } else {
        appearance::weigh_kinds(&grid.warped, &mut probs)
    };
    let given_probs: [repair::GivenProbs; 81] = std::array::from_fn(|i| {
        let p = &probs[i];
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
        let p = &probs[i];
        let mut order: Vec<usize> = (0..CLASSES).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let (mut digit, mut kind) = class_reading(order[0]);
        let confidence = p[order[0]];
        // the model alone, before the grid's glyphs weighed in: a mistake needs its certainty
        let model_confidence = grid.probs[i][order[0]];
        let reweighed = weighed.contains(&i) && argmax(&grid.probs[i]) != order[0];
        let repaired = fixed.changed.contains(cell);
        let g = fixed.givens.get(*cell);
        if repaired {
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
        if let (Some(s), CellKind::Handwritten, false) = (&solution, kind, repaired) {
            let want = s.get(*cell);
            if want != digit && repair::entry_is_solution_digit(confidence, p[9 + want as usize]) {
                digit = want;
                entry_weighed = true;
            }
        }
        let corrected = repaired || reweighed || entry_weighed;
        let disagrees =
            kind == CellKind::Handwritten && solution.is_some_and(|s: Grid| s.get(*cell) != digit);
        let likely_mistake = disagrees && confidence.min(model_confidence) >= MISTAKE_SURE;
        let unsure = corrected || confidence < UNCERTAIN_BELOW || disagrees;
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

/// The most likely class of `p`.
fn argmax(p: &[f32; CLASSES]) -> usize {
    (0..CLASSES)
        .max_by(|&a, &b| p[a].total_cmp(&p[b]))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::GrayImage;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;
    const SOLUTION: &str = crate::test_puzzles::HARD_17_SOLUTION;

    /// The model's probabilities for a photo of PUZZLE, read without doubt,
    /// with one handwritten entry in r1c2 read as `digit` at `confidence`.
    fn read_with_entry(digit: u8, confidence: f32) -> ImportResult {
        let givens = Grid::parse(PUZZLE).unwrap();
        let probs = Cell::ALL
            .iter()
            .map(|&c| {
                let mut p = [0f32; CLASSES];
                if c == Cell::new(0, 1) {
                    p[9 + digit as usize] = confidence;
                    p[0] = 1.0 - confidence;
                } else {
                    p[usize::from(givens.get(c))] = 1.0;
                }
                p
            })
            .collect();
        let grid = ClassifiedGrid {
            quarter_turns: 0,
            probs,
            warped: GrayImage::new(1, 1),
        };
        interpret(&grid, (100, 100), [[0.0; 2]; 4], false)
    }

    #[test]
    fn a_disagreeing_entry_is_a_question_unless_it_is_unmistakable() {
        let solution = Grid::parse(SOLUTION).unwrap();
        let c = Cell::new(0, 1);
        assert_eq!(solution.get(c), 1);
        // a clear 2 where the solution has a 1: the player should check it
        let r = read_with_entry(2, 0.995);
        let cell = &r.cells[c.index()];
        assert_eq!((cell.digit, cell.kind), (2, CellKind::Handwritten));
        assert!(cell.uncertain && !cell.likely_mistake, "{cell:?}");
        assert!(r.uncertain.contains(&c));
        // read beyond any doubt: a likely mistake (and still a cell to check)
        let r = read_with_entry(2, 0.99999);
        let cell = &r.cells[c.index()];
        assert!(cell.likely_mistake && cell.uncertain, "{cell:?}");
        // the right digit is neither
        let r = read_with_entry(1, 0.99999);
        let cell = &r.cells[c.index()];
        assert!(!cell.likely_mistake && !cell.uncertain, "{cell:?}");
    }
}
