//! Locked candidates: pointing (box to line) and claiming (line to box),
//! and in the variants between any two houses that cross: a region and a
//! diagonal, a window and a row...

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{cells_of, Pencilmarks};
use super::step::Step;
use super::technique::Technique;
use crate::grid::Unit;

/// Reports the locked candidates of `digit` in `from` (its cells `here`);
/// `true` when the finder may stop.
fn locked(
    s: &Pencilmarks,
    out: &mut Instances,
    technique: Technique,
    from: Unit,
    digit: u8,
    here: u128,
) -> bool {
    if here.count_ones() < 2 {
        return false;
    }
    for other in s.common_units(here) {
        if other == from {
            continue;
        }
        let victims = s.in_unit(digit, other) & !s.unit_mask(from);
        if victims == 0 {
            continue;
        }
        let pattern = Pattern::Locked {
            digit,
            base: from,
            cover: other,
            cells: cells_of(here).collect(),
        };
        let mut step = Step::new(technique, pattern);
        for c in cells_of(victims) {
            step.eliminate(c, digit);
        }
        step.focus = vec![from];
        step.highlights.units = vec![from, other];
        step.highlights.candidates = cells_of(here).map(|c| Candidate::new(c, digit)).collect();
        if out.add(step.finish()) {
            return true;
        }
    }
    false
}

/// A digit confined to one line (or another house) inside a box or region
/// leaves the rest of that house.
pub(crate) fn pointing(s: &Pencilmarks, out: &mut Instances) {
    for &unit in s.units().iter().filter(|u| u.is_region()) {
        for digit in 1..=9 {
            let here = s.in_unit(digit, unit);
            if locked(s, out, Technique::Pointing, unit, digit, here) {
                return;
            }
        }
    }
}

/// A digit confined to one box (or another house) inside a line, a
/// diagonal or a window leaves the rest of that house.
pub(crate) fn claiming(s: &Pencilmarks, out: &mut Instances) {
    for &unit in s.units().iter().filter(|u| !u.is_region()) {
        for digit in 1..=9 {
            let here = s.in_unit(digit, unit);
            if locked(s, out, Technique::Claiming, unit, digit, here) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Grid};
    use crate::logic::{first, next_step_in};

    /// Runs the engine until `technique` (or a harder one) is next.
    fn first_hard_step(line: &str, technique: Technique) -> crate::logic::Step {
        let g = Grid::parse(line).unwrap();
        let mut s = Pencilmarks::from_grid(&g);
        loop {
            let step = next_step_in(&s).expect("a step");
            if step.technique >= technique {
                return step;
            }
            crate::logic::apply_to_state(&mut s, &step);
        }
    }

    #[test]
    fn pointing_pair_clears_the_line() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 5 in box 1 only in row 1 (r1c1, r1c2).
        for c in [
            Cell::new(0, 2),
            Cell::new(1, 0),
            Cell::new(1, 1),
            Cell::new(1, 2),
        ] {
            s.eliminate(c, 5);
        }
        for c in [Cell::new(2, 0), Cell::new(2, 1), Cell::new(2, 2)] {
            s.eliminate(c, 5);
        }
        let step = first(pointing, &s).unwrap();
        assert_eq!(step.focus, vec![Unit::Box(0)]);
        assert_eq!(step.cover(), vec![Unit::Row(0)]);
        assert_eq!(step.eliminations.len(), 6);
        assert_eq!(step.highlights.candidates.len(), 2);
        // Nothing easier exists on this state: it is the engine's choice.
        assert_eq!(next_step_in(&s).unwrap().technique, Technique::Pointing);
    }

    #[test]
    fn claiming_clears_the_box() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 7 in row 1 only in box 1, but box 1 also has 7 in rows 2 and 3.
        for col in 3..9 {
            s.eliminate(Cell::new(0, col), 7);
        }
        let step = first(claiming, &s).unwrap();
        assert_eq!(step.base(), vec![Unit::Row(0)]);
        assert_eq!(step.cover(), vec![Unit::Box(0)]);
        assert_eq!(step.eliminations.len(), 6);
        assert!(first(pointing, &s).is_none());
        assert_eq!(next_step_in(&s).unwrap().technique, Technique::Claiming);
    }

    #[test]
    fn a_real_puzzle_reaches_locked_candidates() {
        let step = first_hard_step(crate::test_puzzles::HARD_17, Technique::Pointing);
        assert!(step.technique >= Technique::Pointing);
        assert!(step.is_progress());
    }
}
