//! Single-digit patterns built on strong links: Skyscraper, 2-String Kite,
//! Turbot Fish, Empty Rectangle and Simple Colouring.

use super::instances::Instances;
use super::pattern::{Candidate, Chain, EmptyRectangle, Link, LinkKind, Pattern, Why};
use super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Unit};

/// A conjugate pair: the only two places for a digit in a unit.
#[derive(Clone, Copy)]
pub(crate) struct StrongLink {
    pub a: Cell,
    pub b: Cell,
    pub unit: Unit,
}

/// Conjugate pairs of `digit`, lines before boxes, each pair once.
pub(crate) fn strong_links(s: &Pencilmarks, digit: u8) -> Vec<StrongLink> {
    let mut out: Vec<StrongLink> = Vec::new();
    for &unit in s.units() {
        let m = s.in_unit(digit, unit);
        if m.count_ones() == 2 {
            let mut it = cells_of(m);
            let (a, b) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
            if !out.iter().any(|l| l.a == a && l.b == b) {
                out.push(StrongLink { a, b, unit });
            }
        }
    }
    out
}

fn same_kind(u: Unit, v: Unit) -> bool {
    matches!(
        (u, v),
        (Unit::Row(_), Unit::Row(_)) | (Unit::Col(_), Unit::Col(_))
    )
}

/// Two strong links joined by a weak one: x = y - p = q, so x or q holds the
/// digit. Named Skyscraper (parallel lines), 2-String Kite (a row and a
/// column meeting in a box) or Turbot Fish (the rest); the easiest name wins.
pub(crate) fn turbot_family(s: &Pencilmarks, out: &mut Instances) {
    for digit in 1..=9 {
        let links = strong_links(s, digit);
        for (i, l1) in links.iter().enumerate() {
            for l2 in &links[i + 1..] {
                for (x, y) in [(l1.a, l1.b), (l1.b, l1.a)] {
                    for (p, q) in [(l2.a, l2.b), (l2.b, l2.a)] {
                        let cells = [x, y, p, q];
                        if (0..4).any(|i| (i + 1..4).any(|j| cells[i] == cells[j])) || !s.sees(y, p)
                        {
                            continue;
                        }
                        let technique = if same_kind(l1.unit, l2.unit) {
                            Technique::Skyscraper
                        } else if l1.unit.is_line()
                            && l2.unit.is_line()
                            && s.region_of(y) == s.region_of(p)
                        {
                            Technique::TwoStringKite
                        } else {
                            Technique::TurbotFish
                        };
                        if out.best_key().is_some_and(|k| k <= technique as u32) && !out.wants_all()
                        {
                            continue;
                        }
                        let mask =
                            bit(x.index()) | bit(y.index()) | bit(p.index()) | bit(q.index());
                        let victims = s.digit_mask(digit) & s.peer_mask(x) & s.peer_mask(q) & !mask;
                        if victims == 0 {
                            continue;
                        }
                        let pattern = Pattern::Turbot {
                            digit,
                            strong: [l1.unit, l2.unit],
                            ends: [x, q],
                        };
                        let mut step = Step::new(technique, pattern);
                        for c in cells_of(victims) {
                            step.eliminate(c, digit);
                        }
                        let weak_unit = s
                            .units_of(y)
                            .iter()
                            .copied()
                            .find(|u| s.units_of(p).contains(u))
                            .unwrap_or(l1.unit);
                        step.focus = vec![l1.unit, l2.unit];
                        step.highlights.units = vec![l1.unit, l2.unit];
                        step.highlights.candidates =
                            cells.iter().map(|&c| Candidate::new(c, digit)).collect();
                        let c = |cell| Candidate::new(cell, digit);
                        let chain = vec![
                            Link::new(c(x), c(y), LinkKind::Strong, Why::Unit(l1.unit)),
                            Link::new(c(y), c(p), LinkKind::Weak, Why::Unit(weak_unit)),
                            Link::new(c(p), c(q), LinkKind::Strong, Why::Unit(l2.unit)),
                        ];
                        step.highlights.links = chain.clone();
                        step.chains = vec![Chain {
                            premise: None,
                            links: chain,
                            contradiction: None,
                            with: crate::grid::CellSet::EMPTY,
                        }];
                        out.offer(technique as u32, step.finish());
                    }
                }
            }
        }
        if out.done() {
            return;
        }
    }
}

/// A box whose candidates for a digit lie on one row and one column of it
/// (a cross), with some on each arm off the crossing, acts as a strong link
/// between that row and that column; with a conjugate pair outside the box
/// it removes the digit where both meet.
#[allow(clippy::needless_range_loop)] // rows and columns are coordinates here
pub(crate) fn empty_rectangle(s: &Pencilmarks, out: &mut Instances) {
    // The cross and its targets are read in 3×3 boxes: a jigsaw has none.
    if !s.units().contains(&Unit::Box(0)) {
        return;
    }
    for digit in 1..=9 {
        let links = strong_links(s, digit);
        for b in 0..9u8 {
            let boxu = Unit::Box(b);
            let in_box = s.in_unit(digit, boxu);
            // Two candidates on a diagonal of the box make a cross too
            // (each one alone in its arm); on one line they are a pointing
            // pair, which the arm test below skips.
            if in_box.count_ones() < 2 {
                continue;
            }
            let (r0, c0) = ((b as usize / 3) * 3, (b as usize % 3) * 3);
            for r in r0..r0 + 3 {
                for c in c0..c0 + 3 {
                    let row_m = s.unit_mask(Unit::Row(r as u8));
                    let col_m = s.unit_mask(Unit::Col(c as u8));
                    if in_box & !(row_m | col_m) != 0
                        || in_box & row_m & !col_m == 0
                        || in_box & col_m & !row_m == 0
                    {
                        continue;
                    }
                    for l in &links {
                        for (p, q) in [(l.a, l.b), (l.b, l.a)] {
                            // Pair in a column crossing the box's row, or in a
                            // row crossing the box's column.
                            let target = match l.unit {
                                Unit::Col(x)
                                    if (x as usize) / 3 != c0 / 3
                                        && p.row() == r
                                        && q.row() / 3 != r0 / 3 =>
                                {
                                    Cell::new(q.row(), c)
                                }
                                Unit::Row(y)
                                    if (y as usize) / 3 != r0 / 3
                                        && p.col() == c
                                        && q.col() / 3 != c0 / 3 =>
                                {
                                    Cell::new(r, q.col())
                                }
                                _ => continue,
                            };
                            if !s.has(target, digit) {
                                continue;
                            }
                            let pattern = Pattern::EmptyRectangle(EmptyRectangle {
                                digit,
                                box_unit: boxu,
                                row: Unit::Row(r as u8),
                                col: Unit::Col(c as u8),
                                cross: cells_of(in_box).collect(),
                                link: l.unit,
                                near: p,
                                far: q,
                                target,
                            });
                            let mut step = Step::new(Technique::EmptyRectangle, pattern);
                            step.eliminate(target, digit);
                            step.focus = vec![boxu];
                            step.highlights.units = vec![boxu, l.unit];
                            step.highlights.candidates =
                                vec![Candidate::new(p, digit), Candidate::new(q, digit)];
                            step.highlights.secondary =
                                cells_of(in_box).map(|x| Candidate::new(x, digit)).collect();
                            step.highlights.links = vec![Link::new(
                                Candidate::new(q, digit),
                                Candidate::new(p, digit),
                                LinkKind::Strong,
                                Why::Unit(l.unit),
                            )];
                            if out.add(step.finish()) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Colours each cluster of a digit's conjugate pairs in two colours; one
/// colour holds the digit everywhere. A colour that sees itself is false
/// (wrap); a cell that sees both colours cannot hold the digit (trap).
pub(crate) fn simple_coloring(s: &Pencilmarks, out: &mut Instances) {
    for digit in 1..=9 {
        let links = strong_links(s, digit);
        let mut colored = 0u128;
        for start in &links {
            if colored & bit(start.a.index()) != 0 {
                continue;
            }
            // Breadth-first two-colouring of the cluster, remembering edges.
            let mut colors = [0u128; 2];
            let mut tree: Vec<Link> = Vec::new();
            colors[0] |= bit(start.a.index());
            let mut queue = vec![(start.a, 0usize)];
            let mut qi = 0;
            while qi < queue.len() {
                let (cell, col) = queue[qi];
                qi += 1;
                for l in &links {
                    let other = if l.a == cell {
                        l.b
                    } else if l.b == cell {
                        l.a
                    } else {
                        continue;
                    };
                    if (colors[0] | colors[1]) & bit(other.index()) == 0 {
                        colors[1 - col] |= bit(other.index());
                        queue.push((other, 1 - col));
                        tree.push(Link::new(
                            Candidate::new(cell, digit),
                            Candidate::new(other, digit),
                            LinkKind::Strong,
                            Why::Unit(l.unit),
                        ));
                    }
                }
            }
            colored |= colors[0] | colors[1];
            if tree.len() < 2 {
                continue;
            }
            // Wrap: two cells of one colour in one unit, so that colour is
            // false. Else trap: cells that see both colours lose the digit.
            let wrapped = colors
                .iter()
                .copied()
                .find(|&cm| cells_of(cm).any(|c| s.peer_mask(c) & cm != 0));
            let victims = wrapped.unwrap_or_else(|| {
                cells_of(s.digit_mask(digit) & !(colors[0] | colors[1]))
                    .filter(|c| {
                        let p = s.peer_mask(*c);
                        p & colors[0] != 0 && p & colors[1] != 0
                    })
                    .fold(0u128, |m, c| m | bit(c.index()))
            });
            if victims == 0 {
                continue;
            }
            let pattern = Pattern::Coloring {
                digit,
                colours: colors.map(|cm| cells_of(cm).collect()),
                wrap: wrapped.is_some(),
            };
            let mut step = Step::new(Technique::SimpleColoring, pattern);
            for c in cells_of(victims) {
                step.eliminate(c, digit);
            }
            step.focus = vec![tree[0].why_unit(s)];
            step.highlights.candidates = cells_of(colors[0])
                .map(|c| Candidate::new(c, digit))
                .collect();
            step.highlights.secondary = cells_of(colors[1])
                .map(|c| Candidate::new(c, digit))
                .collect();
            step.highlights.links = tree.clone();
            step.chains = vec![Chain {
                premise: None,
                links: tree,
                contradiction: None,
                with: crate::grid::CellSet::EMPTY,
            }];
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

    fn keep(s: &mut Pencilmarks, digit: u8, unit: Unit, cells: &[Cell]) {
        for &c in unit.cells() {
            if !cells.contains(&c) {
                s.eliminate(c, digit);
            }
        }
    }

    #[test]
    fn skyscraper() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 5 in column 1 only at r1, r6; in column 3... use columns 1 and 5:
        // bases r1c1/r7c1 and r2c5/r7c5 would be an X-Wing, so offset them.
        keep(&mut s, 5, Unit::Col(0), &[Cell::new(0, 0), Cell::new(6, 0)]);
        keep(&mut s, 5, Unit::Col(4), &[Cell::new(1, 4), Cell::new(6, 4)]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::Skyscraper);
        // Cells seeing both r1c1 and r2c5: r1c4..6 minus ..., r2c1..3.
        assert!(step
            .eliminated()
            .all(|c| c.cell.sees(Cell::new(0, 0)) && c.cell.sees(Cell::new(1, 4))));
        assert_eq!(step.chains[0].links.len(), 3);
    }

    #[test]
    fn two_string_kite() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        keep(&mut s, 8, Unit::Row(0), &[Cell::new(0, 1), Cell::new(0, 6)]);
        keep(&mut s, 8, Unit::Col(0), &[Cell::new(2, 0), Cell::new(7, 0)]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::TwoStringKite);
        assert_eq!(step.conclusion(), "r8c7<>8");
    }

    #[test]
    fn empty_rectangle_and_colouring() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Box 5 (rows 4-6, cols 4-6): 2 only in row 5 and column 5 (a cross).
        for c in [
            Cell::new(3, 3),
            Cell::new(3, 5),
            Cell::new(5, 3),
            Cell::new(5, 5),
        ] {
            s.eliminate(c, 2);
        }
        // Conjugate pair in column 8: r5c8 (row of the cross) and r1c8.
        keep(&mut s, 2, Unit::Col(7), &[Cell::new(4, 7), Cell::new(0, 7)]);
        let er = first(empty_rectangle, &s).unwrap();
        assert_eq!(er.conclusion(), "r1c5<>2");

        // Box 5 holding 2 only on a diagonal, r4c4 and r6c6: row 4 and
        // column 6 cover it. Conjugate pair r4c8-r1c8 in column 8.
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        for r in 3..6 {
            for c in 3..6 {
                if (r, c) != (3, 3) && (r, c) != (5, 5) {
                    s.eliminate(Cell::new(r, c), 2);
                }
            }
        }
        keep(&mut s, 2, Unit::Col(7), &[Cell::new(3, 7), Cell::new(0, 7)]);
        let er = first(empty_rectangle, &s).unwrap();
        assert_eq!(er.conclusion(), "r1c6<>2");

        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Conjugate pairs r1c1-r1c5 (row), r1c5-r6c5 (column), r6c5-r6c2
        // (row) colour r1c1, r6c5 one way and r1c5, r6c2 the other; r2c2
        // and r3c2 see r1c1 (box) and r6c2 (column): a trap.
        keep(&mut s, 3, Unit::Row(0), &[Cell::new(0, 0), Cell::new(0, 4)]);
        keep(&mut s, 3, Unit::Col(4), &[Cell::new(0, 4), Cell::new(5, 4)]);
        keep(&mut s, 3, Unit::Row(5), &[Cell::new(5, 4), Cell::new(5, 1)]);
        let step = first(simple_coloring, &s).unwrap();
        assert_eq!(step.technique, Technique::SimpleColoring);
        let gone: Vec<Cell> = step.eliminated().map(|c| c.cell).collect();
        assert!(
            gone.contains(&Cell::new(1, 1)) && gone.contains(&Cell::new(2, 1)),
            "{step}"
        );
        assert!(step.eliminated().all(|c| c.digit == 3));
    }
}
