//! Basic and finned fish: X-Wing, Swordfish, Jellyfish.

use super::instances::Instances;
use super::pattern::{Candidate, Pattern};
use super::pencilmarks::{cells_of, Pencilmarks};
use super::step::Step;
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Cell, Unit};

/// The fish's name: basic, finned, or sashimi (finned, and a base line
/// holds at most one candidate besides the fins: the fish without its fins
/// would be missing a corner).
fn technique(n: usize, finned: bool, sashimi: bool) -> Technique {
    match (n, finned, sashimi) {
        (2, false, _) => Technique::XWing,
        (3, false, _) => Technique::Swordfish,
        (_, false, _) => Technique::Jellyfish,
        (2, true, false) => Technique::FinnedXWing,
        (3, true, false) => Technique::FinnedSwordfish,
        (_, true, false) => Technique::FinnedJellyfish,
        (2, true, true) => Technique::SashimiXWing,
        (3, true, true) => Technique::SashimiSwordfish,
        (_, true, true) => Technique::SashimiJellyfish,
    }
}

/// The line of the other orientation through a cell.
fn cross(cell: Cell, rows: bool) -> usize {
    if rows {
        cell.col()
    } else {
        cell.row()
    }
}

fn line(i: usize, rows: bool) -> Unit {
    if rows {
        Unit::Row(i as u8)
    } else {
        Unit::Col(i as u8)
    }
}

/// Fish of size `n` on rows then columns. With `finned`, the base lines may
/// hold extra candidates (fins) as long as they share one box: then only
/// cells of the cover lines that also see every fin lose the digit.
pub(crate) fn fish(s: &Pencilmarks, n: usize, finned: bool, out: &mut Instances) {
    for digit in 1..=9 {
        for rows in [true, false] {
            if fish_on(s, n, finned, digit, rows, out).is_some() {
                return;
            }
        }
    }
}

/// Reports the fish of `digit` with base lines `rows` (else columns);
/// `Some` when the finder may stop.
fn fish_on(
    s: &Pencilmarks,
    n: usize,
    finned: bool,
    digit: u8,
    rows: bool,
    out: &mut Instances,
) -> Option<()> {
    let dm = s.digit_mask(digit);
    let max_per_line = if finned { n + 2 } else { n };
    // Per line: its candidates and the cross lines they lie on (as bits).
    let mut lm = [0u128; 9];
    let mut cb = [0u16; 9];
    for i in 0..9 {
        lm[i] = dm & s.unit_mask(line(i, rows));
        cb[i] = cross_bits(lm[i], rows);
    }
    let bases: Vec<usize> = (0..9)
        .filter(|&i| {
            let k = cb[i].count_ones() as usize;
            k >= 1 && k <= max_per_line && (finned || k >= 2)
        })
        .collect();
    let mask_of = |bits: u16| -> u128 {
        (0..9)
            .filter(|i| bits & (1 << i) != 0)
            .fold(0u128, |m, c| m | s.unit_mask(line(c, !rows)))
    };
    let list = |bits: u16| -> Vec<usize> { (0..9).filter(|i| bits & (1 << i) != 0).collect() };
    combinations(bases.len(), n, &mut |idx| {
        let base_lines: Vec<usize> = idx.iter().map(|&i| bases[i]).collect();
        let base_mask = base_lines.iter().fold(0u128, |m, &b| m | lm[b]);
        let crosses = base_lines.iter().fold(0u16, |m, &b| m | cb[b]);
        let k = crosses.count_ones() as usize;
        if !finned {
            if k != n {
                return None;
            }
            let step = build(s, n, digit, rows, &base_lines, &list(crosses), base_mask, 0)?;
            return out.add(step).then_some(());
        }
        if k <= n {
            return None; // no fin: the basic fish handles it
        }
        // Fins share one box: every base candidate outside that box must be
        // covered, and the box's own cross lines complete the cover.
        for band in 0..3 {
            for stack in 0..3 {
                let stack_bits: u16 = 0b111 << (stack * 3);
                let (mut required, mut inside) = (0u16, 0u16);
                for &b in &base_lines {
                    if b / 3 == band {
                        required |= cb[b] & !stack_bits;
                        inside |= cb[b] & stack_bits;
                    } else {
                        required |= cb[b];
                    }
                }
                let optional = inside & !required;
                let r = required.count_ones() as usize;
                if inside == 0 || r > n || r + optional.count_ones() as usize <= n {
                    continue;
                }
                let opts = list(optional);
                let found = combinations(opts.len(), n - r, &mut |oi| {
                    let cover_bits = oi.iter().fold(required, |m, &i| m | (1 << opts[i]));
                    let fins = base_mask & !mask_of(cover_bits);
                    if fins == 0 {
                        return None;
                    }
                    let step = build(
                        s,
                        n,
                        digit,
                        rows,
                        &base_lines,
                        &list(cover_bits),
                        base_mask,
                        fins,
                    )?;
                    out.add(step).then_some(())
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    })
}

/// The cross lines (as bits) that the cells of `mask` lie on.
fn cross_bits(mask: u128, rows: bool) -> u16 {
    cells_of(mask).fold(0u16, |b, c| b | (1 << cross(c, rows)))
}

#[allow(clippy::too_many_arguments)]
fn build(
    s: &Pencilmarks,
    n: usize,
    digit: u8,
    rows: bool,
    base_lines: &[usize],
    covers: &[usize],
    base_mask: u128,
    fins: u128,
) -> Option<Step> {
    let base_units: Vec<Unit> = base_lines.iter().map(|&b| line(b, rows)).collect();
    let cover_units: Vec<Unit> = covers.iter().map(|&c| line(c, !rows)).collect();
    let cover_mask = cover_units.iter().fold(0u128, |m, u| m | s.unit_mask(*u));
    let mut victims = s.digit_mask(digit) & cover_mask & !base_mask;
    if fins != 0 {
        // The victims must see every fin: they share the fins' box (or
        // jigsaw region, where the search's box may hold fins of two).
        let region = s.unit_mask(s.region_of(cells_of(fins).next()?));
        if fins & !region != 0 {
            return None;
        }
        victims &= region;
    }
    if victims == 0 {
        return None;
    }
    let pattern = Pattern::Fish {
        digit,
        base: base_units.clone(),
        cover: cover_units.clone(),
        fins: cells_of(fins).collect(),
    };
    let sashimi = fins != 0
        && base_units
            .iter()
            .any(|u| (base_mask & !fins & s.unit_mask(*u)).count_ones() <= 1);
    let mut step = Step::new(technique(n, fins != 0, sashimi), pattern);
    for c in cells_of(victims) {
        step.eliminate(c, digit);
    }
    step.focus = base_units.clone();
    step.highlights.units = base_units.into_iter().chain(cover_units).collect();
    step.highlights.candidates = cells_of(base_mask & !fins)
        .map(|c| Candidate::new(c, digit))
        .collect();
    step.highlights.secondary = cells_of(fins).map(|c| Candidate::new(c, digit)).collect();
    Some(step.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{first, next_step_in};

    /// Keeps `digit` only in the listed columns of each row listed.
    fn restrict(s: &mut Pencilmarks, digit: u8, row: usize, cols: &[usize]) {
        for c in 0..9 {
            if !cols.contains(&c) {
                s.eliminate(Cell::new(row, c), digit);
            }
        }
    }

    #[test]
    fn x_wing_on_rows() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        restrict(&mut s, 4, 1, &[1, 7]);
        restrict(&mut s, 4, 6, &[1, 7]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::XWing);
        assert_eq!(step.base(), vec![Unit::Row(1), Unit::Row(6)]);
        assert_eq!(step.cover(), vec![Unit::Col(1), Unit::Col(7)]);
        assert_eq!(step.eliminations.len(), 14);
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        restrict(&mut s, 6, 0, &[0, 4]);
        restrict(&mut s, 6, 4, &[4, 8]);
        restrict(&mut s, 6, 8, &[0, 8]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.eliminations.len(), 18);

        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // A 4-cycle of columns, so no three rows make a swordfish.
        restrict(&mut s, 2, 0, &[0, 3]);
        restrict(&mut s, 2, 3, &[1, 3]);
        restrict(&mut s, 2, 6, &[1, 6]);
        restrict(&mut s, 2, 8, &[0, 6]);
        assert!(first(|s, o| fish(s, 3, false, o), &s).is_none());
        let step = first(|s, o| fish(s, 4, false, o), &s).unwrap();
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(step.cover().len(), 4);
        assert_eq!(step.eliminations.len(), 4 * 5);
    }

    #[test]
    fn finned_x_wing_only_hits_the_fin_box() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        restrict(&mut s, 3, 0, &[1, 7]);
        // Row 7 has 3 in c2 and c8, plus a fin in c9 (same box as c8).
        restrict(&mut s, 3, 6, &[1, 7, 8]);
        let step = next_step_in(&s).unwrap();
        assert_eq!(step.technique, Technique::FinnedXWing);
        assert_eq!(step.conclusion(), "r8c8<>3, r9c8<>3");
        assert_eq!(
            step.highlights.secondary,
            vec![Candidate::new(Cell::new(6, 8), 3)]
        );
    }
}
