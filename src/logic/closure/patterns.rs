//! The closure's pattern rules: locked candidates, naked and hidden
//! subsets, basic fish.

use super::{bit, bits, box_unit, Marks};
use crate::grid::masks::UNIT_MASKS;

impl Marks {
    /// Pointing and claiming.
    pub(super) fn locked(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            for (u, &unit) in UNIT_MASKS.iter().enumerate() {
                let m = self.digits[d] & unit;
                if m == 0 {
                    continue;
                }
                let first = m.trailing_zeros() as usize;
                let crossing: [usize; 2] = if u >= 18 {
                    [first / 9, 9 + first % 9]
                } else {
                    [box_unit(first), box_unit(first)]
                };
                for other in crossing {
                    if m & !UNIT_MASKS[other] == 0 {
                        progress |= self.eliminate_all(d, UNIT_MASKS[other] & !unit);
                    }
                }
            }
        }
        progress
    }

    /// Naked subsets of 2 to 4 cells: `n` open cells of a unit with `n`
    /// candidates between them (each cell at most `n`).
    pub(super) fn naked(&mut self) -> bool {
        let mut progress = false;
        for unit in UNIT_MASKS {
            let open = unit & !self.filled;
            let cells: Vec<usize> = bits(open)
                .filter(|&c| self.cells[c].count_ones() <= 4)
                .collect();
            let mut found: Vec<(u128, u16)> = Vec::new();
            subsets(&cells, &|c| self.cells[c], 4, &mut |mask, union| {
                found.push((mask, union));
            });
            for (mask, union) in found {
                for d in bits(u128::from(union)) {
                    progress |= self.eliminate_all(d, open & !mask);
                }
            }
        }
        progress
    }

    /// Hidden subsets of 2 to 4 digits: `n` digits of a unit whose places
    /// (two to `n` each) are the same `n` cells.
    pub(super) fn hidden(&mut self) -> bool {
        let mut progress = false;
        for unit in UNIT_MASKS {
            let places: [u128; 9] = std::array::from_fn(|d| self.digits[d] & unit);
            let digits: Vec<usize> = (0..9)
                .filter(|&d| (2..=4).contains(&places[d].count_ones()))
                .collect();
            // The places as a 9-bit set of the unit's cells would do; the
            // 81-bit mask is as cheap to OR.
            let mut found: Vec<(u16, u128)> = Vec::new();
            subsets_wide(&digits, &|d| places[d], 4, &mut |set, cells| {
                found.push((set, cells));
            });
            for (set, cells) in found {
                for c in bits(cells) {
                    let others = self.cells[c] & !set;
                    for d in bits(u128::from(others)) {
                        self.eliminate(c, d);
                        progress = true;
                    }
                }
            }
        }
        progress
    }

    /// Basic fish of 2 to 4 base lines (X-Wing, Swordfish, Jellyfish), rows
    /// then columns.
    pub(super) fn fish(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            for rows in [true, false] {
                let line = |i: usize| if rows { i } else { 9 + i };
                // Per line, the cross lines its candidates lie on.
                let cross: [u16; 9] = std::array::from_fn(|i| {
                    let m = self.digits[d] & UNIT_MASKS[line(i)];
                    bits(m).fold(0u16, |b, c| b | 1 << if rows { c % 9 } else { c / 9 })
                });
                let bases: Vec<usize> = (0..9)
                    .filter(|&i| (2..=4).contains(&cross[i].count_ones()))
                    .collect();
                let mut found: Vec<(u16, u16)> = Vec::new();
                subsets(&bases, &|i| cross[i], 4, &mut |lines, covers| {
                    found.push((lines as u16, covers));
                });
                // `subsets` reports cells as a mask of the items' bits: here
                // the items are line numbers below 9.
                for (lines, covers) in found {
                    let base = bits(u128::from(lines)).fold(0u128, |m, i| m | UNIT_MASKS[line(i)]);
                    let cover = bits(u128::from(covers))
                        .fold(0u128, |m, i| m | UNIT_MASKS[if rows { 9 + i } else { i }]);
                    progress |= self.eliminate_all(d, cover & !base);
                }
            }
        }
        progress
    }
}

/// Calls `report(items, union)` for every subset of 2 to `max` of `items`
/// (each given as a 16-bit mask by `of`) whose union has as many bits as
/// the subset has items; `items` is reported as a mask of the items' own
/// values (cells below 128, lines below 16).
fn subsets(
    items: &[usize],
    of: &dyn Fn(usize) -> u16,
    max: usize,
    report: &mut dyn FnMut(u128, u16),
) {
    // The recursion's state is its arguments: grouping them would only
    // rename them.
    #[allow(clippy::too_many_arguments)]
    fn rec(
        items: &[usize],
        of: &dyn Fn(usize) -> u16,
        max: usize,
        start: usize,
        k: usize,
        mask: u128,
        union: u16,
        report: &mut dyn FnMut(u128, u16),
    ) {
        for i in start..items.len() {
            let u = union | of(items[i]);
            let size = u.count_ones() as usize;
            if size > max {
                continue;
            }
            let m = mask | bit(items[i]);
            if k + 1 >= 2 && size == k + 1 {
                report(m, u);
            }
            if k + 1 < max {
                rec(items, of, max, i + 1, k + 1, m, u, report);
            }
        }
    }
    rec(items, of, max, 0, 0, 0, 0, report);
}

/// [`subsets`] over 81-bit masks (hidden subsets: digits and their places);
/// reports the digits as a 9-bit set and the union of places.
fn subsets_wide(
    items: &[usize],
    of: &dyn Fn(usize) -> u128,
    max: usize,
    report: &mut dyn FnMut(u16, u128),
) {
    // The recursion's state is its arguments: grouping them would only
    // rename them.
    #[allow(clippy::too_many_arguments)]
    fn rec(
        items: &[usize],
        of: &dyn Fn(usize) -> u128,
        max: usize,
        start: usize,
        k: usize,
        set: u16,
        union: u128,
        report: &mut dyn FnMut(u16, u128),
    ) {
        for i in start..items.len() {
            let u = union | of(items[i]);
            let size = u.count_ones() as usize;
            if size > max {
                continue;
            }
            let s = set | 1 << items[i];
            if k + 1 >= 2 && size == k + 1 {
                report(s, u);
            }
            if k + 1 < max {
                rec(items, of, max, i + 1, k + 1, s, u, report);
            }
        }
    }
    rec(items, of, max, 0, 0, 0, 0, report);
}
