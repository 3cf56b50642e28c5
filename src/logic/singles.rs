//! Full house, hidden single, naked single: the steps that place a digit.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{cells_of, Pencilmarks};
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Unit};

/// A unit with one empty cell left.
pub(crate) fn full_house(s: &Pencilmarks, out: &mut Instances) {
    let open = s.open_mask();
    for &unit in s.units() {
        let here = open & s.unit_mask(unit);
        if here.count_ones() == 1 {
            let Some(cell) = cells_of(here).next() else {
                continue;
            };
            let Some(digit) = s.cands(cell).single_digit() else {
                continue;
            };
            let mut step = Step::new(
                Technique::FullHouse,
                Pattern::FullHouse { unit, cell, digit },
            );
            step.place(cell, digit);
            step.focus = vec![unit];
            step.highlights.units = vec![unit];
            step.highlights.cells = s
                .unit_cells(unit)
                .iter()
                .copied()
                .filter(|&c| c != cell)
                .collect();
            if out.add(step.finish()) {
                return;
            }
        }
    }
}

/// A digit with one place left in a unit; boxes first, as players scan them
/// first and Sudoku Explainer rates them lower.
pub(crate) fn hidden_single(s: &Pencilmarks, out: &mut Instances) {
    let regions = s.units().iter().filter(|u| u.is_region());
    let order = regions.chain(s.units().iter().filter(|u| !u.is_region()));
    for &unit in order {
        for digit in 1..=9 {
            let here = s.in_unit(digit, unit);
            if here.count_ones() == 1 {
                let Some(cell) = cells_of(here).next() else {
                    continue;
                };
                // The placed copies of the digit that rule the other cells out.
                let blockers = blockers(s, unit, cell, digit);
                let mut step = Step::new(
                    Technique::HiddenSingle,
                    Pattern::HiddenSingle {
                        unit,
                        cell,
                        digit,
                        blockers: blockers.clone(),
                        noted: noted(s, unit, cell, digit),
                    },
                );
                if !unit.is_region() {
                    step.score = 1.5;
                }
                step.place(cell, digit);
                step.focus = vec![unit];
                step.highlights.units = vec![unit];
                step.highlights.cells = blockers;
                if out.add(step.finish()) {
                    return;
                }
            }
        }
    }
}

/// For each other empty cell of `unit`, a placed `digit` that it sees.
fn blockers(s: &Pencilmarks, unit: Unit, target: Cell, digit: u8) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for &c in s.unit_cells(unit) {
        if c == target || s.value(c) != 0 {
            continue;
        }
        if out.iter().any(|&b| s.sees(b, c)) {
            continue;
        }
        if let Some(b) = s.shape().peers(c).find(|&p| s.value(p) == digit) {
            out.push(b);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The other empty cells of `unit` that no placed `digit` rules out: the
/// digit left their candidates by an earlier step or the player's notes.
fn noted(s: &Pencilmarks, unit: Unit, target: Cell, digit: u8) -> Vec<Cell> {
    s.unit_cells(unit)
        .iter()
        .copied()
        .filter(|&c| c != target && s.value(c) == 0)
        .filter(|&c| !s.shape().peers(c).any(|p| s.value(p) == digit))
        .collect()
}

/// A cell with one candidate left.
pub(crate) fn naked_single(s: &Pencilmarks, out: &mut Instances) {
    for cell in cells_of(s.open_mask()) {
        if let Some(digit) = s.cands(cell).single_digit() {
            // The digits no peer holds left the cell's candidates earlier.
            let seen: Vec<u8> = s.shape().peers(cell).map(|p| s.value(p)).collect();
            let noted = (1..=9)
                .filter(|&d| d != digit && !seen.contains(&d))
                .collect();
            let pattern = Pattern::NakedSingle { cell, digit, noted };
            let mut step = Step::new(Technique::NakedSingle, pattern);
            step.place(cell, digit);
            step.focus = s.units_of(cell).to_vec();
            step.highlights.units = s.units_of(cell).to_vec();
            step.highlights.candidates = vec![Candidate::new(cell, digit)];
            if out.add(step.finish()) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{first, next_step_in};

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let g = Grid::parse(&format!("12345678.{}", ".".repeat(72))).unwrap();
        let step = next_step_in(&Pencilmarks::from_grid(&g)).unwrap();
        assert_eq!(step.technique, Technique::FullHouse);
        assert_eq!(step.conclusion(), "r1c9=9");
        assert_eq!(step.focus, vec![Unit::Row(0)]);
    }

    #[test]
    fn hidden_single_in_a_box() {
        // 1 in rows 2 and 3 and in columns 2 and 3 leaves r1c1 for box 1.
        let mut g = Grid::empty();
        g.set(Cell::new(1, 4), 1);
        g.set(Cell::new(2, 7), 1);
        g.set(Cell::new(4, 1), 1);
        g.set(Cell::new(7, 2), 1);
        let step = next_step_in(&Pencilmarks::from_grid(&g)).unwrap();
        assert_eq!(step.technique, Technique::HiddenSingle);
        assert_eq!(step.conclusion(), "r1c1=1");
        assert_eq!(step.score, 1.2);
        assert_eq!(step.highlights.cells.len(), 4);
    }

    #[test]
    fn naked_single_when_no_hidden_single_exists() {
        // r5c5 sees 1-8 but 9 still fits elsewhere in each of its units.
        let g = Grid::parse(
            ".........\
             .........\
             .........\
             ....1....\
             .23...45.\
             ....6....\
             ....7....\
             ....8....\
             .........",
        )
        .unwrap();
        let s = Pencilmarks::from_grid(&g);
        assert!(first(full_house, &s).is_none());
        assert!(first(hidden_single, &s).is_none());
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::NakedSingle);
        assert_eq!(step.conclusion(), "r5c5=9");
    }
}
