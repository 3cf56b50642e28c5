//! Naked and hidden pairs, triples and quads.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Candidates, Cell};

/// Calls `f` with every `k`-subset of `items` (as indices), stopping when
/// `f` returns `Some`.
pub(crate) fn combinations<T>(
    n: usize,
    k: usize,
    f: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    fn rec<T>(
        start: usize,
        n: usize,
        k: usize,
        picked: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if picked.len() == k {
            return f(picked);
        }
        for i in start..n {
            if n - i < k - picked.len() {
                break;
            }
            picked.push(i);
            if let Some(t) = rec(i + 1, n, k, picked, f) {
                return Some(t);
            }
            picked.pop();
        }
        None
    }
    if k > n {
        return None;
    }
    rec(0, n, k, &mut Vec::with_capacity(k), f)
}

fn naked_technique(n: usize) -> Technique {
    match n {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(n: usize) -> Technique {
    match n {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// `n` cells of a unit with `n` candidates between them.
pub(crate) fn naked(s: &Pencilmarks, n: usize, out: &mut Instances) {
    let open = s.open_mask();
    for &unit in s.units() {
        let cells: Vec<Cell> = cells_of(open & s.unit_mask(unit))
            .filter(|&c| (s.cands(c).len() as usize) <= n)
            .collect();
        let found = combinations(cells.len(), n, &mut |idx| {
            let mut union = Candidates::NONE;
            let mut mask = 0u128;
            for &i in idx {
                union |= s.cands(cells[i]);
                mask |= bit(cells[i].index());
            }
            if union.len() as usize != n {
                return None;
            }
            // A subset inside a line and a box clears both.
            let units = s.common_units(mask);
            let subset: Vec<Cell> = idx.iter().map(|&i| cells[i]).collect();
            let pattern = Pattern::NakedSubset {
                cells: subset.clone(),
                digits: union.iter().collect(),
                units: units.clone(),
            };
            let mut step = Step::new(naked_technique(n), pattern);
            for &u in &units {
                for c in cells_of(open & s.unit_mask(u) & !mask) {
                    for d in (s.cands(c) & union).iter() {
                        step.eliminate(c, d);
                    }
                }
            }
            if !step.is_progress() {
                return None;
            }
            step.focus = vec![unit];
            step.highlights.units = units;
            step.highlights.candidates = subset
                .iter()
                .copied()
                .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
                .collect();
            step.highlights.cells = subset;
            out.add(step.finish()).then_some(())
        });
        if found.is_some() {
            return;
        }
    }
}

/// `n` digits of a unit confined to the same `n` cells.
pub(crate) fn hidden(s: &Pencilmarks, n: usize, out: &mut Instances) {
    for &unit in s.units() {
        let digits: Vec<u8> = (1..=9)
            .filter(|&d| {
                let k = s.in_unit(d, unit).count_ones() as usize;
                k >= 2 && k <= n
            })
            .collect();
        let found = combinations(digits.len(), n, &mut |idx| {
            let mut mask = 0u128;
            let mut set = Candidates::NONE;
            for &i in idx {
                mask |= s.in_unit(digits[i], unit);
                set.insert(digits[i]);
            }
            if mask.count_ones() as usize != n {
                return None;
            }
            let pattern = Pattern::HiddenSubset {
                cells: cells_of(mask).collect(),
                digits: set.iter().collect(),
                unit,
            };
            let mut step = Step::new(hidden_technique(n), pattern);
            for c in cells_of(mask) {
                for d in (s.cands(c) - set).iter() {
                    step.eliminate(c, d);
                }
            }
            if !step.is_progress() {
                return None;
            }
            step.focus = vec![unit];
            step.highlights.units = vec![unit];
            step.highlights.cells = cells_of(mask).collect();
            step.highlights.candidates = cells_of(mask)
                .flat_map(|c| (s.cands(c) & set).iter().map(move |d| Candidate::new(c, d)))
                .collect();
            out.add(step.finish()).then_some(())
        });
        if found.is_some() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::grid::Unit;
    use crate::logic::{first, next_step_in};

    #[test]
    fn naked_pair_in_a_row() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 5), &[1, 2]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::NakedPair);
        assert_eq!(step.digits(), vec![1, 2]);
        assert_eq!(step.eliminations.len(), 7);
        assert_eq!(step.base(), vec![Unit::Row(0)]);
    }

    #[test]
    fn hidden_pair_in_a_column() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 8 and 9 fit only in r1c1 and r9c1 of column 1; every other digit
        // keeps plenty of room, so nothing easier exists.
        for row in 1..8 {
            s.eliminate(Cell::new(row, 0), 8);
            s.eliminate(Cell::new(row, 0), 9);
        }
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::HiddenPair);
        assert_eq!(step.digits(), vec![8, 9]);
        assert_eq!(step.conclusion(), "r1c1<>1234567, r9c1<>1234567");
    }

    #[test]
    fn naked_triple_and_quad() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(4, 0), &[1, 2]);
        s.keep_only(Cell::new(4, 4), &[2, 3]);
        s.keep_only(Cell::new(4, 8), &[1, 3]);
        let step = first(|s, o| naked(s, 3, o), &s).unwrap();
        assert_eq!(step.technique, Technique::NakedTriple);
        assert_eq!(step.eliminations.len(), 6);
        assert!(first(|s, o| naked(s, 2, o), &s).is_none());
        assert_eq!(next_step_in(&s).unwrap().technique, Technique::NakedTriple);

        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(3, 0), &[2, 3]);
        s.keep_only(Cell::new(6, 0), &[3, 4]);
        s.keep_only(Cell::new(8, 0), &[1, 4]);
        assert_eq!(next_step_in(&s).unwrap().technique, Technique::NakedQuad);
    }
}
