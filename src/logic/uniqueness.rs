//! Uniqueness techniques: unique rectangles (types 1 to 4) and BUG+1.
//! They hold only because a proper puzzle has exactly one solution: a
//! pattern that could swap two digits would give it a second one.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern, RectangleKind};
use super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::step::Step;
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Candidates, Cell, Unit};

/// Four cells on two rows, two columns and exactly two boxes.
fn rectangles() -> impl Iterator<Item = [Cell; 4]> {
    (0..9).flat_map(|r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    (same_band != same_stack).then(|| {
                        [
                            Cell::new(r1, c1),
                            Cell::new(r1, c2),
                            Cell::new(r2, c1),
                            Cell::new(r2, c2),
                        ]
                    })
                })
            })
        })
    })
}

/// A unique rectangle's step of `kind`, before its eliminations.
fn ur_step(
    technique: Technique,
    kind: RectangleKind,
    s: &Pencilmarks,
    rect: &[Cell; 4],
    pair: Candidates,
) -> Step {
    let mut digits = pair.iter();
    let pattern = Pattern::Rectangle {
        corners: *rect,
        pair: [
            digits.next().unwrap_or_default(),
            digits.next().unwrap_or_default(),
        ],
        extra: rect
            .iter()
            .copied()
            .filter(|&c| !(s.cands(c) - pair).is_empty())
            .collect(),
        kind,
    };
    let mut step = Step::new(technique, pattern);
    step.focus = vec![
        Unit::Box(rect[0].box_index() as u8),
        Unit::Box(rect[3].box_index() as u8),
    ];
    step.highlights.cells = rect.to_vec();
    for &c in rect {
        for d in s.cands(c).iter() {
            let cand = Candidate::new(c, d);
            if pair.contains(d) {
                step.highlights.candidates.push(cand);
            } else {
                step.highlights.secondary.push(cand);
            }
        }
    }
    step
}

/// The first unique rectangle of the easiest type present.
pub(crate) fn unique_rectangle(s: &Pencilmarks, out: &mut Instances) {
    // Sound only where swapping two digits of a rectangle keeps every
    // house whole: the plain shape without parity.
    if !s.shape().allows_uniqueness() {
        return;
    }
    for rect in rectangles() {
        if rect.iter().any(|&c| s.value(c) != 0) {
            continue;
        }
        if let Some(step) = ur1_missing(s, &rect) {
            out.offer(Technique::UniqueRectangle1 as u32, step);
            if !out.wants_all() {
                return;
            }
        }
        for step in ur4_missing(s, &rect) {
            out.offer(Technique::UniqueRectangle4 as u32, step);
        }
        let common = rect.iter().fold(Candidates::ALL, |a, &c| a & s.cands(c));
        if common.len() < 2 {
            continue;
        }
        let digits: Vec<u8> = common.iter().collect();
        for (i, &a) in digits.iter().enumerate() {
            for &b in &digits[i + 1..] {
                let pair = Candidates::single(a) | Candidates::single(b);
                let mut found = Instances::all();
                ur_with(s, &rect, pair, !out.wants_all(), &mut found);
                for step in found.into_all() {
                    let t = step.technique;
                    out.offer(t as u32, step);
                    if !out.wants_all() && t == Technique::UniqueRectangle1 {
                        return;
                    }
                }
            }
        }
    }
}

/// The `n` corners holding at most two digits and the pair they hold
/// between them, when some corner lacks a digit of that pair (else the
/// usual rectangle types apply).
fn pair_corners(s: &Pencilmarks, rect: &[Cell; 4], n: usize) -> Option<(Vec<usize>, Candidates)> {
    let small: Vec<usize> = (0..4).filter(|&i| s.cands(rect[i]).len() <= 2).collect();
    if small.len() != n {
        return None;
    }
    let pair = small
        .iter()
        .fold(Candidates::NONE, |a, &i| a | s.cands(rect[i]));
    let missing = rect.iter().any(|&c| (s.cands(c) & pair) != pair);
    (pair.len() == 2 && missing).then_some((small, pair))
}

/// Type 1 when a corner has lost one digit of the pair (HoDoKu's "missing
/// candidates"): three corners hold nothing but digits of the pair, the
/// fourth holds more. Each of the three sees the other two's neighbours, so
/// the corner opposite the fourth takes one digit v and the two beside it
/// the other; the fourth cannot take v, or the four cells could swap. Only
/// the digits v the three corners still allow are removed. When every
/// corner holds both digits the usual type 1 (in `ur_kinds`) says it.
fn ur1_missing(s: &Pencilmarks, rect: &[Cell; 4]) -> Option<Step> {
    let (small, pair) = pair_corners(s, rect, 3)?;
    // Corners are [r1c1, r1c2, r2c1, r2c2]: the opposite of i is 3 - i, its
    // neighbours i ^ 1 (same row) and i ^ 2 (same column).
    let i = (0..4).find(|i| !small.contains(i))?;
    let (roof, opposite) = (rect[i], rect[3 - i]);
    let sides = [rect[i ^ 1], rect[i ^ 2]];
    let mut step = ur_step(
        Technique::UniqueRectangle1,
        RectangleKind::Type1,
        s,
        rect,
        pair,
    );
    for v in pair.iter() {
        let w = (pair - Candidates::single(v)).first()?;
        let possible = s.cands(opposite).contains(v)
            && sides.iter().all(|&c| s.cands(c).contains(w))
            && s.cands(roof).contains(v);
        if possible {
            step.eliminate(roof, v);
        }
    }
    step.is_progress().then(|| step.finish())
}

/// Type 4 when a floor corner has lost one digit of the pair: two
/// adjacent corners (the floor) hold nothing but digits of the pair, and
/// one digit d of the pair is locked, in a unit the two other corners (the
/// roof) share, to those two. One roof corner is d; were the other the
/// second digit o, the floor corner beside it (which sees it) would be d
/// and the other floor corner o: the four cells could swap. So neither
/// roof corner is o. When every corner holds both digits the usual type 4
/// (in `ur_kinds`) says it.
fn ur4_missing(s: &Pencilmarks, rect: &[Cell; 4]) -> Vec<Step> {
    let Some((small, pair)) = pair_corners(s, rect, 2) else {
        return Vec::new();
    };
    // Adjacent corners share a row (indices differ by 1) or a column (by 2).
    if small[0] ^ small[1] == 3 {
        return Vec::new();
    }
    let roof: Vec<Cell> = (0..4)
        .filter(|k| !small.contains(k))
        .map(|k| rect[k])
        .collect();
    let (e, f) = (roof[0], roof[1]);
    let mut steps = Vec::new();
    for u in e.units().into_iter().filter(|u| f.units().contains(u)) {
        for d in pair.iter() {
            let Some(o) = (pair - Candidates::single(d)).first() else {
                continue;
            };
            if s.in_unit(d, u) != bit(e.index()) | bit(f.index()) {
                continue;
            }
            let kind = RectangleKind::Type4 { unit: u, locked: d };
            let mut step = ur_step(Technique::UniqueRectangle4, kind, s, rect, pair);
            for c in [e, f] {
                if s.cands(c).contains(o) {
                    step.eliminate(c, o);
                }
            }
            step.highlights.units = vec![u];
            if step.is_progress() {
                steps.push(step.finish());
            }
        }
    }
    steps
}

/// Reports the rectangle of `rect` and `pair`: its first kind only when
/// `one`, else every kind and subset that removes something.
fn ur_with(s: &Pencilmarks, rect: &[Cell; 4], pair: Candidates, one: bool, out: &mut Instances) {
    if let Some(step) = ur_kinds(s, rect, pair, one, out) {
        out.add(step);
    }
}

fn ur_kinds(
    s: &Pencilmarks,
    rect: &[Cell; 4],
    pair: Candidates,
    one: bool,
    out: &mut Instances,
) -> Option<Step> {
    let extra: Vec<Cell> = rect
        .iter()
        .copied()
        .filter(|&c| s.cands(c) != pair)
        .collect();
    match extra.len() {
        1 => {
            // Type 1: the lone cell with extras cannot be either digit.
            let c = extra[0];
            let mut step = ur_step(
                Technique::UniqueRectangle1,
                RectangleKind::Type1,
                s,
                rect,
                pair,
            );
            for d in pair.iter() {
                step.eliminate(c, d);
            }
            Some(step.finish())
        }
        2 => {
            let (e, f) = (extra[0], extra[1]);
            let (xe, xf) = (s.cands(e) - pair, s.cands(f) - pair);
            // Type 2: both carry the same single extra: one of them is it.
            if xe == xf && xe.len() == 1 {
                let z = xe.first()?;
                let victims = s.digit_mask(z) & s.peer_mask(e) & s.peer_mask(f);
                if victims != 0 {
                    let kind = RectangleKind::Type2 { z };
                    let mut step = ur_step(Technique::UniqueRectangle2, kind, s, rect, pair);
                    for v in cells_of(victims) {
                        step.eliminate(v, z);
                    }
                    if one {
                        return Some(step.finish());
                    }
                    out.add(step.finish());
                }
            }
            if !e.sees(f) {
                return None;
            }
            let shared: Vec<Unit> = e
                .units()
                .into_iter()
                .filter(|u| f.units().contains(u))
                .collect();
            // Type 4: a digit of the pair locked to e and f in a shared unit,
            // so the other digit of the pair leaves both.
            for &u in &shared {
                for d in pair.iter() {
                    let other = (pair - Candidates::single(d)).first()?;
                    if s.in_unit(d, u) == bit(e.index()) | bit(f.index()) {
                        let kind = RectangleKind::Type4 { unit: u, locked: d };
                        let mut step = ur_step(Technique::UniqueRectangle4, kind, s, rect, pair);
                        step.eliminate(e, other);
                        step.eliminate(f, other);
                        step.highlights.units = vec![u];
                        if one {
                            return Some(step.finish());
                        }
                        out.add(step.finish());
                    }
                }
            }
            // Type 3: the extras act as one cell that forms a naked subset
            // with other cells of a shared unit.
            let x = xe | xf;
            for &u in &shared {
                let others: Vec<Cell> = cells_of(s.open_mask() & s.unit_mask(u))
                    .filter(|&c| c != e && c != f)
                    .collect();
                for k in 1..=3 {
                    let found = combinations(others.len(), k, &mut |idx| {
                        let union = idx.iter().fold(x, |a, &i| a | s.cands(others[i]));
                        if union.len() as usize != k + 1 {
                            return None;
                        }
                        let subset: Vec<Cell> = idx.iter().map(|&i| others[i]).collect();
                        // The subset is locked in every unit holding it
                        // with e and f: the box as well as the line when
                        // all of them lie where the two cross.
                        let units: Vec<Unit> = shared
                            .iter()
                            .copied()
                            .filter(|v| subset.iter().all(|c| c.units().contains(v)))
                            .collect();
                        let mut victims: Vec<(Cell, Candidates)> = units
                            .iter()
                            .flat_map(|v| cells_of(s.open_mask() & s.unit_mask(*v)))
                            .filter(|&c| c != e && c != f && !subset.contains(&c))
                            .map(|c| (c, s.cands(c) & union))
                            .filter(|(_, ds)| !ds.is_empty())
                            .collect();
                        victims.sort_by_key(|(c, _)| c.index());
                        victims.dedup();
                        if victims.is_empty() {
                            return None;
                        }
                        let kind = RectangleKind::Type3 {
                            unit: u,
                            cells: subset.clone(),
                            digits: x.iter().collect(),
                        };
                        let mut step = ur_step(Technique::UniqueRectangle3, kind, s, rect, pair);
                        for (c, ds) in victims {
                            for d in ds.iter() {
                                step.eliminate(c, d);
                            }
                        }
                        step.highlights.units = units;
                        step.highlights.cells.extend(subset);
                        if one {
                            return Some(step.finish());
                        }
                        out.add(step.finish());
                        None
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// Bivalue universal grave + 1: every open cell has two candidates except
/// one with three, and each digit appears twice per unit except one digit
/// of that cell, which appears three times in its units. Without that digit
/// the grid would have two solutions, so it goes there.
pub(crate) fn bug_plus_one(s: &Pencilmarks, out: &mut Instances) {
    if !s.shape().allows_uniqueness() {
        return;
    }
    if let Some(step) = bug_step(s) {
        out.add(step);
    }
}

fn bug_step(s: &Pencilmarks) -> Option<Step> {
    let open = s.open_mask();
    let bv = s.bivalue_mask();
    let rest = open & !bv;
    if rest.count_ones() != 1 {
        return None;
    }
    let cell = cells_of(rest).next()?;
    if s.cands(cell).len() != 3 {
        return None;
    }
    for &unit in s.units() {
        for d in 1..=9 {
            let n = s.in_unit(d, unit).count_ones();
            let here = s.unit_mask(unit) & bit(cell.index()) != 0;
            if n != 0 && n != 2 && !(here && n == 3) {
                return None;
            }
        }
    }
    let digit = s.cands(cell).iter().find(|&d| {
        cell.units()
            .iter()
            .all(|&u| s.in_unit(d, u).count_ones() == 3)
    })?;
    let mut step = Step::new(Technique::Bug1, Pattern::Bug { cell, digit });
    step.place(cell, digit);
    step.focus = cell.units().to_vec();
    step.highlights.cells = vec![cell];
    step.highlights.units = cell.units().to_vec();
    step.highlights.candidates = cell
        .units()
        .iter()
        .flat_map(|&u| cells_of(s.in_unit(digit, u)))
        .filter(|&c| c != cell)
        .map(|c| Candidate::new(c, digit))
        .collect();
    step.highlights.candidates.sort();
    step.highlights.candidates.dedup();
    Some(step.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::first;

    #[test]
    fn type_1_and_2() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 3), &[1, 2]);
        s.keep_only(Cell::new(1, 0), &[1, 2]);
        let step = first(unique_rectangle, &s).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle1);
        assert_eq!(step.conclusion(), "r2c4<>12");

        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 3), &[1, 2]);
        s.keep_only(Cell::new(1, 0), &[1, 2, 7]);
        s.keep_only(Cell::new(1, 3), &[1, 2, 7]);
        let step = first(unique_rectangle, &s).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle2);
        assert_eq!(step.eliminations.len(), 7);
        assert!(step.eliminated().all(|c| c.digit == 7 && c.cell.row() == 1));
    }

    #[test]
    fn type_1_with_a_missing_candidate_removes_only_the_deadly_digit() {
        // r1c1 has lost 2: it can only be 1, so r1c4 and r2c1 are 2 and
        // r2c4 must not be 1 (2 is not the rectangle's business: r2c1
        // already rules it out, which a single will say).
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), &[1]);
        s.keep_only(Cell::new(0, 3), &[1, 2]);
        s.keep_only(Cell::new(1, 0), &[1, 2]);
        s.keep_only(Cell::new(1, 3), &[1, 2, 7]);
        let step = first(unique_rectangle, &s).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle1);
        assert_eq!(step.conclusion(), "r2c4<>1");
    }

    /// A rectangle r1c1, r1c4, r2c1, r2c4 whose floor r1c1 holds `floor`,
    /// with 1 locked in row 2 to the roof r2c1, r2c4.
    fn type_4_state(floor: &[u8]) -> Pencilmarks {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(0, 0), floor);
        s.keep_only(Cell::new(0, 3), &[1, 2]);
        s.keep_only(Cell::new(1, 0), &[1, 2, 5]);
        s.keep_only(Cell::new(1, 3), &[1, 2, 6]);
        for c in 0..9 {
            if c != 0 && c != 3 {
                s.eliminate(Cell::new(1, c), 1);
            }
        }
        s
    }

    #[test]
    fn type_4() {
        // The second floor has lost 1 in the second state: still type 4.
        for floor in [&[1, 2][..], &[2]] {
            let step = first(unique_rectangle, &type_4_state(floor)).unwrap();
            assert_eq!(step.technique, Technique::UniqueRectangle4);
            assert_eq!(step.conclusion(), "r2c1<>2, r2c4<>2");
        }
    }

    #[test]
    fn type_3_locks_its_subset_in_the_line_and_the_box() {
        // Floor r5c1, r5c2 {1,2}; roof r1c1 {1,2,3}, r1c2 {1,2,4}: the
        // extras 3 and 4 act as one cell, a naked pair with r1c3 {3,4},
        // all three in row 1 *and* box 1. So 3 and 4 leave both units.
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        s.keep_only(Cell::new(4, 0), &[1, 2]);
        s.keep_only(Cell::new(4, 1), &[1, 2]);
        s.keep_only(Cell::new(0, 0), &[1, 2, 3]);
        s.keep_only(Cell::new(0, 1), &[1, 2, 4]);
        s.keep_only(Cell::new(0, 2), &[3, 4]);
        let step = first(unique_rectangle, &s).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle3);
        let gone: Vec<Candidate> = step.eliminated().collect();
        for c in [Cell::new(0, 5), Cell::new(1, 0), Cell::new(2, 2)] {
            for d in [3, 4] {
                assert!(gone.contains(&Candidate::new(c, d)), "{step}");
            }
        }
        assert!(step.eliminated().all(|c| c.digit == 3 || c.digit == 4));
    }

    #[test]
    fn bug_plus_one_needs_a_bug() {
        // A solved grid with a 2x2 swappable pattern opened up gives a
        // deadly pattern; opening one more cell in its units gives BUG+1.
        let sol = Grid::parse(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        )
        .unwrap();
        let s = Pencilmarks::from_grid(&sol);
        assert!(first(bug_plus_one, &s).is_none(), "nothing open: no BUG");
    }
}
