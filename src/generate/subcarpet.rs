//! The sub-carpet rule of the carpet generator document (Lopez, Hafdane,
//! Bégot, Bonnafé, "Génération de grille de Carpet sudoku", 2025): a
//! puzzle of linked grids is proper only if no sub-carpet (a proper
//! subset of its grids, with the boxes they share) is solvable on its
//! own from the givens lying in it. A puzzle breaking it lets the player
//! finish part of the carpet without ever looking at the rest.
//!
//! A subset whose grids cover every cell and house of the whole (the nine
//! grids of a `torus-3-dense` are the same 81 cells) is the whole puzzle
//! again and is not checked.
//!
//! Only connected subsets are checked (grids linked when they share a
//! cell): a subset in several pieces has one solution only if every piece
//! has one, so a solvable subset always has a solvable connected piece.
//! Every connected proper subset is checked when the shape has at most
//! [`ALL_SUBSETS_UP_TO`] grids and they make at most
//! [`MAX_SUBSETS_CHECKED`] such subsets (19 for a samurai, 12 for a sohei,
//! 14 for a `carpet-2`); past that (387 for a `carpet-3`, whose subsets of
//! six grids and more each take seconds to count), the single grids and
//! the linked pairs are checked.

use crate::grid::Shape;
use crate::solver::count_within;

/// The largest number of grids for which every connected proper subset
/// may be checked (2^10 subsets at most to walk).
pub const ALL_SUBSETS_UP_TO: usize = 10;

/// The most connected proper subsets checked one by one; a shape with
/// more has its single grids and linked pairs checked, so that the check
/// of one candidate stays well under a second.
pub const MAX_SUBSETS_CHECKED: usize = 64;

/// How many search states one sub-carpet's count may visit. A count that
/// runs out is taken as solvable, so that a puzzle the check cannot clear
/// is never returned as meeting the rule.
const SUBSET_BUDGET: u64 = 20_000;

/// The sub-carpets of one overlapping shape, built once and checked
/// against each candidate puzzle.
pub struct SubCarpets {
    parts: Vec<Part>,
}

/// One sub-carpet: its shape and, for each of its cells, the whole
/// shape's cell at the same place.
struct Part {
    shape: Shape,
    whole_cells: Vec<usize>,
}

impl SubCarpets {
    /// The sub-carpets the rule checks on `shape` (none for a shape of
    /// one grid).
    pub fn of(shape: &Shape) -> SubCarpets {
        let parts = subsets_checked(shape)
            .into_iter()
            .filter_map(|keep| {
                let sub = shape.sub_grids(&keep)?;
                // Grids covering the whole's cells and houses (the nine of
                // a `torus-3-dense` are one grid) are the whole again, not
                // a part of it.
                let whole_again = sub.cell_count() == shape.cell_count()
                    && sub.houses().len() == shape.houses().len();
                if whole_again {
                    return None;
                }
                let whole_cells = (0..sub.cell_count())
                    .map(|i| {
                        let (r, c) = sub.position(i);
                        shape.cell_at(r, c)
                    })
                    .collect::<Option<Vec<usize>>>()?;
                Some(Part {
                    shape: sub,
                    whole_cells,
                })
            })
            .collect();
        SubCarpets { parts }
    }

    /// The first sub-carpet (its grids, indices in [`Shape::grids`]) that
    /// the givens of `values` (the whole shape's cells) solve alone, or
    /// `None` when the puzzle meets the rule.
    pub fn solvable(&self, values: &[u8]) -> Option<Vec<usize>> {
        self.parts.iter().find_map(|part| {
            let givens: Vec<u8> = part
                .whole_cells
                .iter()
                .map(|&i| values.get(i).copied().unwrap_or(0))
                .collect();
            let count = count_within(&part.shape, &givens, 2, SUBSET_BUDGET);
            // One solution breaks the rule; so does a count out of budget.
            let cleared = matches!(count, Ok(n) if n != 1);
            (!cleared).then(|| {
                part.shape
                    .kept_grids()
                    .map(<[usize]>::to_vec)
                    .unwrap_or_default()
            })
        })
    }
}

/// The first sub-carpet of `shape` that the givens of `values` solve
/// alone (see [`SubCarpets::solvable`]).
pub fn solvable_sub_carpet(shape: &Shape, values: &[u8]) -> Option<Vec<usize>> {
    SubCarpets::of(shape).solvable(values)
}

/// The grid subsets the rule checks, largest first (the ones most like
/// the whole, so the likeliest to break the rule): see the [module
/// documentation](self).
pub fn subsets_checked(shape: &Shape) -> Vec<Vec<usize>> {
    let n = shape.grids().len();
    if n < 2 {
        return Vec::new();
    }
    let mut linked = vec![vec![false; n]; n];
    for i in 0..shape.cell_count() {
        let grids = shape.grids_of(i);
        for &(a, ..) in grids {
            for &(b, ..) in grids {
                linked[usize::from(a)][usize::from(b)] = true;
            }
        }
    }
    let every: Vec<Vec<usize>> = if n <= ALL_SUBSETS_UP_TO {
        (1u32..(1 << n) - 1)
            .map(|mask| (0..n).filter(|&k| mask & (1 << k) != 0).collect())
            .filter(|keep: &Vec<usize>| connected(keep, &linked))
            .collect()
    } else {
        Vec::new()
    };
    let mut subsets = if !every.is_empty() && every.len() <= MAX_SUBSETS_CHECKED {
        every
    } else {
        let singles = (0..n).map(|k| vec![k]);
        let pairs = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| vec![a, b]))
            .filter(|pair| linked[pair[0]][pair[1]]);
        singles.chain(pairs).collect()
    };
    subsets.sort_by_key(|keep| std::cmp::Reverse(keep.len()));
    subsets
}

/// Whether the grids of `keep` form one piece by their links.
fn connected(keep: &[usize], linked: &[Vec<bool>]) -> bool {
    let mut reached = vec![keep[0]];
    let mut next = 0;
    while next < reached.len() {
        let a = reached[next];
        next += 1;
        for &b in keep {
            if linked[a][b] && !reached.contains(&b) {
                reached.push(b);
            }
        }
    }
    reached.len() == keep.len()
}

#[cfg(test)]
mod tests;
