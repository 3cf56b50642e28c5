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

    /// The easiest step of a variant's grid, and of the same digits read
    /// as a classic (where the variant's house does not exist).
    fn easiest(shape: &str, line: &str) -> (crate::logic::Step, Option<crate::logic::Step>) {
        let g = Grid::parse(line).unwrap();
        let shape = crate::grid::Shape::parse_name(shape).unwrap();
        let variant = Pencilmarks::from_grid_in(&shape, &g).unwrap();
        let classic = Pencilmarks::from_grid(&g);
        (next_step_in(&variant).unwrap(), next_step_in(&classic))
    }

    fn cells(names: &[&str]) -> Vec<Cell> {
        names.iter().map(|n| Cell::parse(n).unwrap()).collect()
    }

    /// Checks a locked-candidates step: its houses, digit and the cells it
    /// clears, and that the classic reading of the grid takes another step.
    fn assert_locked(
        (step, classic): (crate::logic::Step, Option<crate::logic::Step>),
        technique: Technique,
        (base, cover): (Unit, Unit),
        digit: u8,
        cleared: &[&str],
    ) {
        assert_eq!(step.technique, technique, "{step}");
        assert_eq!((step.base(), step.cover()), (vec![base], vec![cover]));
        let gone: Vec<Cell> = step.eliminations.iter().map(|e| e.cell).collect();
        assert_eq!(gone, cells(cleared));
        assert!(step.eliminations.iter().all(|e| e.digits == vec![digit]));
        let same = classic.is_some_and(|c| c.eliminations == step.eliminations);
        assert!(!same, "the variant's house is needed");
    }

    // Each grid is a generated puzzle after its first singles, where the
    // variant's intersection is the easiest step (`sudolens explain --shape`).

    #[test]
    fn a_diagonal_claims_for_a_box() {
        let line =
            "....6..4.8.6..1.2.4.........5.......1.7...4.9.......6.........5.1.5..3.4....3....";
        let pair = (Unit::Diagonal(0), Unit::Box(4));
        let cleared = ["r4c5", "r4c6", "r6c4", "r6c5"];
        assert_locked(easiest("x", line), Technique::Claiming, pair, 4, &cleared);
    }

    #[test]
    fn a_box_points_along_a_diagonal() {
        let line =
            "..52......9..4.58.34.5......8.....5..3.854.6........2........37.73.1..45.....591.";
        let pair = (Unit::Box(0), Unit::Diagonal(0));
        assert_locked(
            easiest("x", line),
            Technique::Pointing,
            pair,
            8,
            &["r7c7", "r9c9"],
        );
    }

    #[test]
    fn a_row_claims_for_a_window() {
        let line =
            "....3...436..1..5......8.7.........7..1...4..7.........5.82.7...7..9..262...7....";
        let pair = (Unit::Row(7), Unit::Window(3));
        assert_locked(
            easiest("hyper", line),
            Technique::Claiming,
            pair,
            5,
            &["r6c6", "r6c7"],
        );
    }

    #[test]
    fn a_window_claims_for_a_row() {
        let line =
            "6218..3..943157862...63294149.2.51363.6.1..2.512.63.98169.2...3...3.621.23...16..";
        let pair = (Unit::Window(2), Unit::Row(7));
        assert_locked(
            easiest("hyper", line),
            Technique::Claiming,
            pair,
            8,
            &["r8c1", "r8c5"],
        );
    }
}
