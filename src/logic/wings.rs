//! XY-Wing, XYZ-Wing and W-Wing.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::single_digit::strong_links;
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Candidates, Cell};

/// A wing's step: `z` leaves `victims`; `cells` (the pivot first for XY
/// and XYZ) show their candidates, z apart.
fn wing_step(
    technique: Technique,
    pattern: Pattern,
    s: &Pencilmarks,
    cells: &[Cell],
    z: u8,
    victims: u128,
) -> Step {
    let mut step = Step::new(technique, pattern);
    for c in cells_of(victims) {
        step.eliminate(c, z);
    }
    step.focus = vec![s.region_of(cells[0])];
    step.highlights.cells = cells.to_vec();
    for &c in cells {
        for d in s.cands(c).iter() {
            let cand = Candidate::new(c, d);
            if d == z {
                step.highlights.secondary.push(cand);
            } else {
                step.highlights.candidates.push(cand);
            }
        }
    }
    step.finish()
}

/// An XY- or XYZ-Wing found: its `pincers`, its digits `(x, y, z)` and the
/// cells that lose z. Adds its step when it removes something, and says
/// whether the finder may stop (see [`Instances::add`]).
fn add_wing(
    out: &mut Instances,
    s: &Pencilmarks,
    technique: Technique,
    pivot: Cell,
    (pincers, (x, y, z), victims): ([Cell; 2], (u8, u8, u8), u128),
) -> bool {
    if victims == 0 {
        return false;
    }
    let pattern = Pattern::Wing {
        pivot,
        pincers,
        x,
        y,
        z,
    };
    let [a, b] = pincers;
    out.add(wing_step(technique, pattern, s, &[pivot, a, b], z, victims))
}

/// Pivot {x,y} sees pincers {x,z} and {y,z}: whichever the pivot is, one
/// pincer is z.
pub(crate) fn xy_wing(s: &Pencilmarks, out: &mut Instances) {
    let bv = s.bivalue_mask();
    for pivot in cells_of(bv) {
        let pc = s.cands(pivot);
        let wings: Vec<Cell> = cells_of(bv & s.peer_mask(pivot))
            .filter(|&w| (s.cands(w) & pc).len() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (s.cands(a), s.cands(b));
                let z = (ca - pc) & (cb - pc);
                let Some(zd) = z.single_digit() else { continue };
                if (ca & pc) == (cb & pc) {
                    continue;
                }
                let victims = s.digit_mask(zd) & s.peer_mask(a) & s.peer_mask(b);
                let (Some(x), Some(y)) = ((ca & pc).first(), (cb & pc).first()) else {
                    continue;
                };
                let wing = ([a, b], (x, y, zd), victims);
                if add_wing(out, s, Technique::XyWing, pivot, wing) {
                    return;
                }
            }
        }
    }
}

/// Pivot {x,y,z} sees pincers {x,z} and {y,z}: one of the three is z.
pub(crate) fn xyz_wing(s: &Pencilmarks, out: &mut Instances) {
    let bv = s.bivalue_mask();
    for pivot in cells_of(s.open_mask()) {
        let pc = s.cands(pivot);
        if pc.len() != 3 {
            continue;
        }
        let wings: Vec<Cell> = cells_of(bv & s.peer_mask(pivot))
            .filter(|&w| s.cands(w).is_subset_of(pc))
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (s.cands(a), s.cands(b));
                if ca == cb {
                    continue;
                }
                let Some(zd) = (ca & cb).single_digit() else {
                    continue;
                };
                let victims =
                    s.digit_mask(zd) & s.peer_mask(pivot) & s.peer_mask(a) & s.peer_mask(b);
                let z = Candidates::single(zd);
                let (Some(x), Some(y)) = ((ca - z).first(), (cb - z).first()) else {
                    continue;
                };
                let wing = ([a, b], (x, y, zd), victims);
                if add_wing(out, s, Technique::XyzWing, pivot, wing) {
                    return;
                }
            }
        }
    }
}

/// Two cells {x,y} that do not see each other, joined by a strong link on
/// x (each end sees one of them): one of the two cells is y.
pub(crate) fn w_wing(s: &Pencilmarks, out: &mut Instances) {
    let bv = s.bivalue_mask();
    let cells: Vec<Cell> = cells_of(bv).collect();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let pair = s.cands(a);
            if s.cands(b) != pair || s.sees(a, b) {
                continue;
            }
            for x in pair.iter() {
                let Some(y) = (pair - Candidates::single(x)).first() else {
                    continue;
                };
                let victims = s.digit_mask(y) & s.peer_mask(a) & s.peer_mask(b);
                if victims == 0 {
                    continue;
                }
                for l in strong_links(s, x) {
                    for (p, q) in [(l.a, l.b), (l.b, l.a)] {
                        let ends = bit(p.index()) | bit(q.index());
                        if ends & (bit(a.index()) | bit(b.index())) != 0
                            || !s.sees(p, a)
                            || !s.sees(q, b)
                        {
                            continue;
                        }
                        let pattern = Pattern::WWing {
                            cells: [a, b],
                            link: [p, q],
                            unit: l.unit,
                            x,
                            y,
                        };
                        let mut step = wing_step(Technique::WWing, pattern, s, &[a, b], y, victims);
                        step.highlights.cells.extend([p, q]);
                        step.highlights
                            .secondary
                            .extend([Candidate::new(p, x), Candidate::new(q, x)]);
                        step.highlights.units = vec![l.unit];
                        if out.add(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Unit};
    use crate::logic::next_step_in;

    #[test]
    fn xy_wing() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2]); // pivot
        s.keep_only(Cell::new(0, 5), &[1, 3]); // pincer in the row
        s.keep_only(Cell::new(5, 0), &[2, 3]); // pincer in the column
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::XyWing);
        assert_eq!(step.conclusion(), "r6c6<>3");
    }

    #[test]
    fn xyz_wing() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2, 3]); // pivot
        s.keep_only(Cell::new(0, 5), &[1, 3]);
        s.keep_only(Cell::new(2, 1), &[2, 3]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::XyzWing);
        // Only row 1 cells of box 1 see all three.
        assert_eq!(step.conclusion(), "r1c2<>3, r1c3<>3");
    }

    #[test]
    fn w_wing() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[4, 6]);
        s.keep_only(Cell::new(4, 4), &[4, 6]);
        // Strong link on 4 in row 9: r9c1 (sees r1c1) and r9c5 (sees r5c5).
        for &c in Unit::Row(8).cells() {
            if c != Cell::new(8, 0) && c != Cell::new(8, 4) {
                s.eliminate(c, 4);
            }
        }
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::WWing);
        assert_eq!(step.conclusion(), "r1c5<>6, r5c1<>6");
    }
}
