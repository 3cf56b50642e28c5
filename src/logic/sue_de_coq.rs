//! Sue de Coq: two or three cells C where a box and a line cross hold
//! digits V, at least two more than cells. Cells L of the rest of the line
//! hold only digits V_L, cells B of the rest of the box only digits V_B,
//! and V_L and V_B share none. When C, L and B hold as many digits as
//! cells, each of those digits is placed exactly once among them: no digit
//! appears twice (L and B share no digit, C with L is one line, C with B
//! one box) and there are as many digits as cells. So a digit of V_L lies
//! in the line (in C or L) and leaves the rest of it; a digit of V_B lies
//! in the box; a digit of V found in neither lies in C, so it leaves both.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::step::Step;
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Candidates, Cell, Unit};

/// The cells of `mask` and the digits they hold between them.
fn union(s: &Pencilmarks, cells: &[Cell]) -> Candidates {
    cells.iter().fold(Candidates::NONE, |a, &c| a | s.cands(c))
}

pub(crate) fn sue_de_coq(s: &Pencilmarks, out: &mut Instances) {
    let open = s.open_mask();
    // The crossing of a line and a box or jigsaw region: the argument
    // holds for any two houses that meet.
    let lines: Vec<Unit> = s.units().iter().copied().filter(|u| u.is_line()).collect();
    let regions: Vec<Unit> = s.regions().collect();
    for line in &lines {
        for &box_unit in &regions {
            let (lm, bm) = (s.unit_mask(*line), s.unit_mask(box_unit));
            let cross: Vec<Cell> = cells_of(open & lm & bm).collect();
            if cross.len() < 2 {
                continue;
            }
            let line_rest: Vec<Cell> = cells_of(open & lm & !bm).collect();
            let box_rest: Vec<Cell> = cells_of(open & bm & !lm).collect();
            for k in 2..=cross.len() {
                let stop = combinations(cross.len(), k, &mut |ci| {
                    let cells: Vec<Cell> = ci.iter().map(|&i| cross[i]).collect();
                    let v = union(s, &cells);
                    if (v.len() as usize) < k + 2 {
                        return None;
                    }
                    let ctx = Crossing {
                        line: *line,
                        box_unit,
                        cells: &cells,
                        digits: v,
                    };
                    // Only cells sharing a digit with the crossing can help.
                    let near = |cs: &[Cell]| -> Vec<Cell> {
                        cs.iter()
                            .copied()
                            .filter(|&c| !(s.cands(c) & v).is_empty())
                            .collect()
                    };
                    let (lr, br) = (near(&line_rest), near(&box_rest));
                    with_line_cells(s, &ctx, &lr, &br, out).then_some(())
                });
                if stop.is_some() {
                    return;
                }
            }
        }
    }
}

/// The cells of a crossing chosen for a Sue de Coq.
struct Crossing<'a> {
    line: Unit,
    box_unit: Unit,
    cells: &'a [Cell],
    digits: Candidates,
}

/// The most cells taken from the rest of the line or of the box.
const MAX_SIDE: usize = 4;

/// Tries every set of line cells, then every set of box cells with it;
/// `true` when the finder may stop.
fn with_line_cells(
    s: &Pencilmarks,
    x: &Crossing,
    line_rest: &[Cell],
    box_rest: &[Cell],
    out: &mut Instances,
) -> bool {
    let n = x.cells.len();
    let plus = x.digits.len() as usize - n;
    for kl in 1..=line_rest.len().min(MAX_SIDE) {
        let stop = combinations(line_rest.len(), kl, &mut |li| {
            let l_cells: Vec<Cell> = li.iter().map(|&i| line_rest[i]).collect();
            let vl = union(s, &l_cells);
            let extra = (vl - x.digits).len() as usize;
            let shared = (vl & x.digits).len() as usize;
            // It must take some of the crossing's digits and leave some.
            if shared == 0 || kl <= extra || kl - extra >= plus {
                return None;
            }
            // Box cells may not hold any digit of the line cells.
            let box_free: Vec<Cell> = box_rest
                .iter()
                .copied()
                .filter(|&c| (s.cands(c) & vl).is_empty())
                .collect();
            for kb in 1..=box_free.len().min(MAX_SIDE) {
                let found = combinations(box_free.len(), kb, &mut |bi| {
                    let b_cells: Vec<Cell> = bi.iter().map(|&i| box_free[i]).collect();
                    let vb = union(s, &b_cells);
                    if !(vb & vl).is_empty() {
                        return None;
                    }
                    let all = x.digits | vl | vb;
                    if all.len() as usize != n + kl + kb || (vb & x.digits).is_empty() {
                        return None;
                    }
                    report(s, x, &l_cells, vl, &b_cells, vb, out).then_some(())
                });
                if found.is_some() {
                    return Some(());
                }
            }
            None
        });
        if stop.is_some() {
            return true;
        }
    }
    false
}

/// Reports the Sue de Coq if it removes something; `true` when the finder
/// may stop.
fn report(
    s: &Pencilmarks,
    x: &Crossing,
    l_cells: &[Cell],
    vl: Candidates,
    b_cells: &[Cell],
    vb: Candidates,
    out: &mut Instances,
) -> bool {
    let used: u128 = x
        .cells
        .iter()
        .chain(l_cells)
        .chain(b_cells)
        .fold(0, |m, c| m | bit(c.index()));
    let in_line = vl | (x.digits - vb);
    let in_box = vb | (x.digits - vl);
    let mut step = Step::new(
        Technique::SueDeCoq,
        Pattern::SueDeCoq {
            line: x.line,
            box_unit: x.box_unit,
            cells: x.cells.to_vec(),
            digits: x.digits.iter().collect(),
            line_cells: l_cells.to_vec(),
            line_digits: vl.iter().collect(),
            box_cells: b_cells.to_vec(),
            box_digits: vb.iter().collect(),
        },
    );
    for (unit, digits) in [(x.line, in_line), (x.box_unit, in_box)] {
        for c in cells_of(s.open_mask() & s.unit_mask(unit) & !used) {
            for d in (s.cands(c) & digits).iter() {
                step.eliminate(c, d);
            }
        }
    }
    if !step.is_progress() {
        return false;
    }
    step.focus = vec![x.box_unit];
    step.highlights.units = vec![x.line, x.box_unit];
    step.highlights.cells = x
        .cells
        .iter()
        .chain(l_cells)
        .chain(b_cells)
        .copied()
        .collect();
    let cands = |cells: &[Cell]| -> Vec<Candidate> {
        cells
            .iter()
            .flat_map(|&c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
            .collect()
    };
    step.highlights.candidates = cands(x.cells);
    step.highlights.secondary = [cands(l_cells), cands(b_cells)].concat();
    out.add(step.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::first;

    #[test]
    fn the_crossing_splits_its_digits_between_line_and_box() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Crossing r1c1, r1c2 holds {1,2,3,4}; line cell r1c5 {1,2}; box
        // cell r2c1 {3,4}: four cells, four digits. Row 1 loses 1 and 2
        // elsewhere, box 1 loses 3 and 4.
        s.keep_only(Cell::new(0, 0), &[1, 2, 3, 4]);
        s.keep_only(Cell::new(0, 1), &[1, 2, 3, 4]);
        s.keep_only(Cell::new(0, 4), &[1, 2]);
        s.keep_only(Cell::new(1, 0), &[3, 4]);
        let step = first(sue_de_coq, &s).unwrap();
        assert_eq!(step.technique, Technique::SueDeCoq);
        let gone: Vec<Candidate> = step.eliminated().collect();
        assert!(gone.contains(&Candidate::new(Cell::new(0, 8), 1)), "{step}");
        assert!(gone.contains(&Candidate::new(Cell::new(2, 2), 4)), "{step}");
        // r1c3 is in both the line and the box: it loses all four.
        assert!(gone.contains(&Candidate::new(Cell::new(0, 2), 3)), "{step}");
        assert!(!gone.iter().any(|c| c.cell == Cell::new(0, 4)));
    }
}
