//! Almost locked sets (ALS): N cells of one unit holding N+1 digits. Lose
//! any one digit and the set is locked on the others.
//!
//! - ALS-XZ: two sets share a restricted common digit x (every x of one
//!   sees every x of the other, so at most one set holds x). The set
//!   without x is locked, so any other shared digit z is held by one of the
//!   two: cells seeing every z of both lose z. With two restricted digits
//!   (doubly linked) each set is locked on all its other digits.
//! - Death Blossom: each candidate of a stem cell sees every place of it in
//!   one set (a petal); whichever digit the stem takes, that petal is
//!   locked on its other digits, so a digit z of every petal is in one of
//!   them.
//!
//! ALS-XY-Wings and longer chains of sets are found by the chain search
//! (`chains`), which walks sets like any other node.

use super::instances::Instances;
use super::pattern::{AlsSet, Candidate, Pattern, Petal};
use super::pencilmarks::{cells_of, Pencilmarks};
use super::step::Step;
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Candidates, Cell, Unit};

/// Largest set the pattern finders consider; bigger ones are rare in
/// teaching material and make the pair search quadratic in a large number.
const MAX_CELLS: usize = super::chains::ALS_CELLS;

/// The set size the finders accept: [`MAX_CELLS`] for the engine's step,
/// larger when every instance is wanted (`find_all`, which compares the
/// engine with solvers that take sets of any size; a larger set is as
/// sound, only slower to list).
pub(crate) fn max_cells(out: &Instances) -> usize {
    if out.wants_all() {
        super::chains::ALL_ALS_CELLS
    } else {
        MAX_CELLS
    }
}

/// An almost locked set as the finders use it.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    pub cells: u128,
    pub cands: Candidates,
    pub unit: Unit,
    /// Cells of the set holding each digit.
    pub by_digit: [u128; 9],
}

impl Als {
    pub fn size(&self) -> usize {
        self.cells.count_ones() as usize
    }

    pub fn set(&self) -> AlsSet {
        AlsSet {
            cells: cells_of(self.cells).collect(),
            digits: self.cands.iter().collect(),
            unit: self.unit,
        }
    }

    fn of(&self, digit: u8) -> u128 {
        self.by_digit[digit as usize - 1]
    }
}

/// Every almost locked set of up to `max_cells` cells (a bivalue cell is
/// one of one cell), each once, rows before columns before boxes.
pub(crate) fn almost_locked_sets(s: &Pencilmarks, max_cells: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    let mut seen: std::collections::HashSet<u128> = std::collections::HashSet::new();
    let open = s.open_mask();
    for &unit in s.units() {
        let here = open & s.unit_mask(unit);
        // A set of n cells holds n + 1 digits: no cell of it holds more.
        let cells: Vec<Cell> = cells_of(here)
            .filter(|&c| s.cands(c).len() as usize <= max_cells + 1)
            .collect();
        // All the open cells of a unit hold as many digits as cells.
        let most = max_cells
            .min(cells.len())
            .min((here.count_ones() as usize).saturating_sub(1));
        for n in 1..=most {
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
                if !seen.insert(mask) {
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
fn seen_by_all(s: &Pencilmarks, mask: u128) -> u128 {
    super::chains::seen_by_all(s, mask)
}

/// The candidates of the cells of `mask`.
fn cands_of(s: &Pencilmarks, mask: u128) -> Vec<Candidate> {
    cells_of(mask)
        .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// Whether `x` is a restricted common digit of `a` and `b`: both hold it
/// and every place of it in one sees every place in the other.
fn restricted(s: &Pencilmarks, a: &Als, b: &Als, x: u8) -> bool {
    let (ax, bx) = (a.of(x), b.of(x));
    ax != 0 && bx != 0 && ax & bx == 0 && bx & !seen_by_all(s, ax) == 0
}

/// The almost locked set techniques in teaching order (ALS-XZ, chains of
/// sets, Death Blossom, AIC through sets), sharing one list of sets: the
/// first that finds something reports its best step.
pub(crate) fn als_family(s: &Pencilmarks, out: &mut Instances) {
    let sets = almost_locked_sets(s, MAX_CELLS);
    let stages: [&dyn Fn(&mut Instances); 4] = [
        &|o| als_xz_with(s, &sets, o),
        &|o| super::chains::als_chain_with(s, &sets, o),
        &|o| death_blossom_with(s, &sets, o),
        &|o| super::chains::als_aic_with(s, &sets, o),
    ];
    for stage in stages {
        let mut found = Instances::best();
        stage(&mut found);
        if let Some(step) = found.into_best() {
            out.add(step);
            return;
        }
    }
}

pub(crate) fn als_xz(s: &Pencilmarks, out: &mut Instances) {
    als_xz_with(s, &almost_locked_sets(s, max_cells(out)), out)
}

fn als_xz_with(s: &Pencilmarks, sets: &[Als], out: &mut Instances) {
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.cands & b.cands;
            if common.len() < 2 {
                continue;
            }
            let rcc: Vec<u8> = common.iter().filter(|&x| restricted(s, a, b, x)).collect();
            let Some(&x) = rcc.first() else { continue };
            let second_x = rcc.get(1).copied();
            let both = a.cells | b.cells;
            // (digit, cells losing it)
            let mut victims: Vec<(u8, u128)> = Vec::new();
            let mut z: Vec<u8> = Vec::new();
            if let Some(x2) = second_x {
                // Doubly linked: each set loses exactly one of x and x2, so
                // both are in the pair of sets and every other digit is in
                // its set.
                for r in [x, x2] {
                    let rm = a.of(r) | b.of(r);
                    victims.push((r, s.digit_mask(r) & seen_by_all(s, rm) & !both));
                }
                for set in [a, b] {
                    for w in set.cands.iter().filter(|&w| w != x && w != x2) {
                        let v = s.digit_mask(w) & seen_by_all(s, set.of(w)) & !both;
                        victims.push((w, v));
                        if !z.contains(&w) {
                            z.push(w);
                        }
                    }
                }
            } else {
                for w in common.iter().filter(|&w| w != x) {
                    let zs = a.of(w) | b.of(w);
                    victims.push((w, s.digit_mask(w) & seen_by_all(s, zs) & !both));
                    z.push(w);
                }
            }
            victims.retain(|&(_, v)| v != 0);
            if victims.is_empty() {
                continue;
            }
            z.sort_unstable();
            let pattern = Pattern::Als {
                x,
                z,
                sets: [a.set(), b.set()],
                second_x,
            };
            let mut step = Step::new(Technique::AlsXz, pattern);
            for &(w, v) in &victims {
                for c in cells_of(v) {
                    step.eliminate(c, w);
                }
            }
            step.focus = vec![a.unit, b.unit];
            step.highlights.units = vec![a.unit, b.unit];
            step.highlights.cells = cells_of(both).collect();
            step.highlights.candidates = cands_of(s, a.cells);
            step.highlights.secondary = cands_of(s, b.cells);
            if out.add(step.finish()) {
                return;
            }
        }
    }
}

/// Stems with more candidates than this are not tried for the engine's
/// step (each needs one petal per candidate); every stem is when all
/// instances are wanted.
const MAX_STEM: u32 = 4;

pub(crate) fn death_blossom(s: &Pencilmarks, out: &mut Instances) {
    death_blossom_with(s, &almost_locked_sets(s, max_cells(out)), out)
}

fn death_blossom_with(s: &Pencilmarks, sets: &[Als], out: &mut Instances) {
    for stem in cells_of(s.open_mask()) {
        let sc = s.cands(stem);
        let max_stem = if out.wants_all() { 9 } else { MAX_STEM };
        if sc.len() < 2 || sc.len() > max_stem {
            continue;
        }
        let peers = s.peer_mask(stem);
        // Per stem digit, the sets (a bivalue cell is a set of one) not
        // holding the stem whose places of that digit all see the stem.
        let mut by_digit: [Vec<&Als>; 10] = Default::default();
        for d in sc.iter() {
            by_digit[d as usize] = sets
                .iter()
                .filter(|a| {
                    a.cells & (1u128 << stem.index()) == 0 && a.of(d) != 0 && a.of(d) & !peers == 0
                })
                .collect();
        }
        if sc
            .iter()
            .filter(|&d| by_digit[d as usize].is_empty())
            .count()
            > 1
        {
            continue; // at most the petal of z itself may be missing
        }
        for z in 1..=9u8 {
            let digits: Vec<u8> = sc.iter().filter(|&d| d != z).collect();
            let petals: Vec<Vec<&Als>> = digits
                .iter()
                .map(|&d| {
                    by_digit[d as usize]
                        .iter()
                        .copied()
                        .filter(|a| a.cands.contains(z))
                        .collect()
                })
                .collect();
            if petals.iter().any(|p| p.is_empty()) {
                continue;
            }
            // When the stem may be z itself, victims must see it too.
            let allowed = if sc.contains(z) { peers } else { !0u128 };
            let start = s.digit_mask(z) & allowed & !(1u128 << stem.index());
            let mut picked: Vec<&Als> = Vec::new();
            if blossom(s, stem, z, &digits, &petals, &mut picked, start, 0, out) {
                return;
            }
        }
    }
}

/// Picks one petal per stem digit, keeping the cells that see every z of
/// the petals picked (petals may share cells: whichever digit the stem
/// takes, its own petal is locked and holds z, overlap or not); reports each full blossom that
/// removes something. `true` when the finder may stop.
#[allow(clippy::too_many_arguments)]
fn blossom<'a>(
    s: &Pencilmarks,
    stem: Cell,
    z: u8,
    digits: &[u8],
    petals: &[Vec<&'a Als>],
    picked: &mut Vec<&'a Als>,
    victims: u128,
    used: u128,
    out: &mut Instances,
) -> bool {
    let k = picked.len();
    if k == digits.len() {
        let victims = victims & !used;
        if victims == 0 {
            return false;
        }
        let pattern = Pattern::DeathBlossom {
            stem,
            petals: digits
                .iter()
                .zip(picked.iter())
                .map(|(&digit, a)| Petal {
                    digit,
                    set: a.set(),
                })
                .collect(),
            z,
        };
        let mut step = Step::new(Technique::DeathBlossom, pattern);
        for c in cells_of(victims) {
            step.eliminate(c, z);
        }
        step.focus = vec![s.region_of(stem)];
        step.highlights.cells = std::iter::once(stem).chain(cells_of(used)).collect();
        step.highlights.units = picked.iter().map(|a| a.unit).collect();
        step.highlights.candidates = s
            .cands(stem)
            .iter()
            .map(|d| Candidate::new(stem, d))
            .collect();
        step.highlights.secondary = cands_of(s, used);
        return out.add(step.finish());
    }
    for &a in &petals[k] {
        let v = victims & seen_by_all(s, a.of(z));
        if v & !(used | a.cells) == 0 {
            continue;
        }
        picked.push(a);
        if blossom(s, stem, z, digits, petals, picked, v, used | a.cells, out) {
            return true;
        }
        picked.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::first;

    #[test]
    fn two_sets_share_a_restricted_digit() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // A = r1c1 {1,2} (a bivalue cell is a one-cell ALS); B = r1c6
        // {1,2,3} + r2c6 {2,3}, two cells with three digits. x = 1 (r1c1
        // sees r1c6), z = 2.
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 5), &[1, 2, 3]);
        s.keep_only(Cell::new(1, 5), &[2, 3]);
        let step = first(als_xz, &s).unwrap();
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

    #[test]
    fn doubly_linked_sets_are_both_locked() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // A = r1c1 {1,2,3} + r1c2 {1,3}... A = r1c1, r1c2 holding {1,2,3}
        // in row 1; B = r1c8 {1,2}: x = 1 and x = 2 both restricted (all in
        // row 1). Then 3 is locked in A: r1c3..r1c7 and box 1 lose 3.
        s.keep_only(Cell::new(0, 0), &[1, 2, 3]);
        s.keep_only(Cell::new(0, 1), &[1, 3]);
        s.keep_only(Cell::new(0, 7), &[1, 2]);
        let step = first(als_xz, &s).unwrap();
        assert!(
            matches!(
                step.pattern,
                Pattern::Als {
                    second_x: Some(_),
                    ..
                }
            ),
            "{step}"
        );
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(1, 0), 3)));
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(0, 4), 1)));
    }

    #[test]
    fn a_death_blossom_with_two_petals() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Stem r5c5 {1,2}. Petal for 1: r5c1 {1,9}... as two cells: r5c1
        // {1,3}, r5c2 {3,9} (row 5: 1 only in r5c1, which sees the stem).
        // Petal for 2: r1c5 {2,9} (a bivalue cell is too small: use two
        // cells) r1c5 {2,4}, r2c5 {4,9}. z = 9: r1c1.. cells seeing r5c2 and
        // r2c5 lose 9: r2c2 (column 2 and row 2).
        s.keep_only(Cell::new(4, 4), &[1, 2]);
        s.keep_only(Cell::new(4, 0), &[1, 3]);
        s.keep_only(Cell::new(4, 1), &[3, 9]);
        s.keep_only(Cell::new(0, 4), &[2, 4]);
        s.keep_only(Cell::new(1, 4), &[4, 9]);
        let step = first(death_blossom, &s).unwrap();
        assert_eq!(step.technique, Technique::DeathBlossom);
        assert!(
            step.eliminated()
                .any(|c| c == Candidate::new(Cell::new(1, 1), 9)),
            "{step}"
        );
        assert!(step.eliminated().all(|c| c.digit == 9));
    }

    #[test]
    fn death_blossom_petals_may_share_cells() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Stem r5c5 {1,2}. Petal for 1: r5c1 {1,3} + r5c2 {3,9}; petal
        // for 2: r5c2 {3,9} + r5c3 {2,3}. Whichever the stem takes, r5c2
        // is 9, so its peers lose 9. No blossom without sharing r5c2: no
        // other cell with 9 is in a small enough set.
        s.keep_only(Cell::new(4, 4), &[1, 2]);
        s.keep_only(Cell::new(4, 0), &[1, 3]);
        s.keep_only(Cell::new(4, 1), &[3, 9]);
        s.keep_only(Cell::new(4, 2), &[2, 3]);
        // (Another blossom removes 1 from row 5: the stem or r5c1 is 1.)
        let mut all = Instances::all();
        death_blossom(&s, &mut all);
        let nines: Vec<Step> = all
            .into_all()
            .into_iter()
            .filter(|st| st.eliminated().all(|c| c.digit == 9))
            .collect();
        assert!(
            nines.iter().any(|st| st
                .eliminated()
                .any(|c| c == Candidate::new(Cell::new(3, 1), 9))),
            "{} blossoms on 9",
            nines.len()
        );
    }
}
