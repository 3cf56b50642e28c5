//! ALS-XZ: two almost locked sets (N cells holding N+1 digits) that share
//! a restricted common digit x (every x of one sees every x of the other,
//! so at most one set holds x). The set without x is locked, so any other
//! shared digit z is held by one of the two sets: cells seeing every z of
//! both lose z.

use super::pattern::{AlsSet, Candidate, Pattern};
use super::pencilmarks::{cells_of, Pencilmarks, PEER_MASK, UNIT_MASK};
use super::step::Step;
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Candidates, Cell, Unit};

/// Largest set considered; bigger ones are rare in teaching material and
/// make the pair search quadratic in a large number.
const MAX_CELLS: usize = 4;

#[derive(Clone)]
struct Als {
    cells: u128,
    cands: Candidates,
    unit: Unit,
    /// Cells of the set holding each digit.
    by_digit: [u128; 9],
}

fn find_all(s: &Pencilmarks) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    let open = s.open_mask();
    for unit in Unit::ALL {
        let cells: Vec<Cell> = cells_of(open & UNIT_MASK[unit.index()]).collect();
        for n in 1..=MAX_CELLS.min(cells.len().saturating_sub(1)) {
            combinations(cells.len(), n, &mut |idx| -> Option<()> {
                let cands = idx
                    .iter()
                    .fold(Candidates::NONE, |a, &i| a | s.cands(cells[i]));
                if cands.len() as usize != n + 1 {
                    return None;
                }
                let mask = idx
                    .iter()
                    .fold(0u128, |m, &i| m | (1u128 << cells[i].index()));
                if out.iter().any(|a| a.cells == mask) {
                    return None;
                }
                let mut by_digit = [0u128; 9];
                for d in cands.iter() {
                    by_digit[d as usize - 1] = s.digit_mask(d) & mask;
                }
                out.push(Als {
                    cells: mask,
                    cands,
                    unit,
                    by_digit,
                });
                None
            });
        }
    }
    out
}

/// Cells that see every cell of `mask`.
fn seen_by_all(mask: u128) -> u128 {
    cells_of(mask).fold((1u128 << 81) - 1, |m, c| m & PEER_MASK[c.index()]) & !mask
}

pub(crate) fn als_xz(s: &Pencilmarks) -> Option<Step> {
    let sets = find_all(s);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.cands & b.cands;
            if common.len() < 2 {
                continue;
            }
            for x in common.iter() {
                let (ax, bx) = (a.by_digit[x as usize - 1], b.by_digit[x as usize - 1]);
                if bx & !seen_by_all(ax) != 0 {
                    continue;
                }
                let victims: Vec<(u8, u128)> = common
                    .iter()
                    .filter(|&z| z != x)
                    .map(|z| {
                        let zs = a.by_digit[z as usize - 1] | b.by_digit[z as usize - 1];
                        (z, s.digit_mask(z) & seen_by_all(zs) & !(a.cells | b.cells))
                    })
                    .filter(|&(_, v)| v != 0)
                    .collect();
                if victims.is_empty() {
                    continue;
                }
                let set = |als: &Als| AlsSet {
                    cells: cells_of(als.cells).collect(),
                    digits: als.cands.iter().collect(),
                    unit: als.unit,
                };
                let pattern = Pattern::Als {
                    x,
                    z: victims.iter().map(|&(z, _)| z).collect(),
                    sets: [set(a), set(b)],
                };
                let mut step = Step::new(Technique::AlsXz, pattern);
                for &(z, v) in &victims {
                    for c in cells_of(v) {
                        step.eliminate(c, z);
                    }
                }
                step.focus = vec![a.unit, b.unit];
                step.highlights.units = vec![a.unit, b.unit];
                step.highlights.cells = cells_of(a.cells | b.cells).collect();
                let cands = |m: u128| -> Vec<Candidate> {
                    cells_of(m)
                        .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
                        .collect()
                };
                step.highlights.candidates = cands(a.cells);
                step.highlights.secondary = cands(b.cells);
                return Some(step.finish());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn two_sets_share_a_restricted_digit() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // A = r1c1 {1,2} (a bivalue cell is a one-cell ALS); B = r1c6
        // {1,2,3} + r2c6 {2,3}, two cells with three digits. x = 1 (r1c1
        // sees r1c6), z = 2.
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 5), &[1, 2, 3]);
        s.keep_only(Cell::new(1, 5), &[2, 3]);
        let step = als_xz(&s).unwrap();
        assert_eq!(step.technique, Technique::AlsXz);
        // z = 2 is in r1c1, r1c6, r2c6: cells seeing all three are r1c4..r1c5
        // minus the sets: r1c4, r1c5 (row 1 and box 2 for r2c6).
        let gone: Vec<Cell> = step.eliminated().map(|c| c.cell).collect();
        assert!(
            gone.contains(&Cell::new(0, 3)) && gone.contains(&Cell::new(0, 4)),
            "{step}"
        );
        assert!(step.eliminated().all(|c| c.digit == 2));
    }
}
