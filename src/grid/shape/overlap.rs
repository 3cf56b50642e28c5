//! Overlapping grids: several 9×9 Sudokus laid on one plane so that some
//! of their boxes coincide. A cell where grids overlap is one cell, in the
//! rows, columns and box of every grid it belongs to; a box two grids share
//! is one house.
//!
//! The forms, each grid placed by its top-left box on a plane counted in
//! boxes (a 9×9 grid covers 3 × 3 boxes):
//!
//! - the newspapers' forms of 2 to 5 grids:
//!   - `twin`: two grids, the first's bottom-right box the second's
//!     top-left (grids at boxes (0, 0) and (2, 2));
//!   - `sohei`: four grids in a ring around an empty centre, each sharing
//!     one corner box with its two neighbours (top (0, 2), left (2, 0),
//!     right (2, 4), bottom (4, 2));
//!   - `samurai`: five grids in a cross, the centre grid's four corner
//!     boxes each shared with one outer grid (top-left (0, 0), top-right
//!     (0, 4), centre (2, 2), bottom-left (4, 0), bottom-right (4, 4));
//!   - `windmill`: five grids, four outer ones turning around the centre
//!     grid like sails, each sharing two boxes (a 3×6 or 6×3 strip) with
//!     it and none with each other (top (0, 1), right (1, 4), centre
//!     (2, 2), left (3, 0), bottom (4, 3));
//!   - `flower`: five grids, the outer ones the centre grid moved one box
//!     up, left, right and down (top (0, 1), left (1, 0), centre (1, 1),
//!     right (1, 2), bottom (2, 1)), each sharing six boxes with it.
//! - the families of the carpet generator document (Hugo Lopez, Léo
//!   Hafdane, Matis Bégot, Rémi Bonnafé, "Génération de grille de Carpet
//!   sudoku", Université de Montpellier, 2025), with their size N. The
//!   document joins grids by links between boxes; placed on a plane, its
//!   links are exactly the boxes that coincide:
//!   - `diagonal-N`: N grids, each next one up and to the right, sharing
//!     one corner box: grid k's top-right box is grid k+1's bottom-left
//!     (grid k at boxes (2(N-1-k), 2k));
//!   - `diagonal-N-dense`: the same line moved one box at a time (grid k
//!     at (N-1-k, k)): grid k shares four boxes (2×2) with grid k+1 and
//!     one with grid k+2;
//!   - `carpet-N`: an N×N tiling, each grid two boxes from the next (grid
//!     (y, x) at (2y, 2x)): a grid shares a row or a column of three
//!     boxes with its neighbour across an edge and one corner box with its
//!     neighbour across a corner, as the samurai's grids share theirs;
//!   - `carpet-N-dense`: the tiling one box apart (grid (y, x) at (y, x)),
//!     so that every two grids less than three boxes apart share the boxes
//!     they both cover (the butterfly is `carpet-2-dense`);
//!   - `torus-N` and `torus-N-dense`: the carpet whose outer grids link to
//!     the opposite edge: the plane wraps around after 2N boxes (N for the
//!     dense form) in both directions, so a grid of the last column shares
//!     its right boxes with the first column's left ones, and the same for
//!     rows. A grid must not meet itself around the torus (N ≥ 2, and
//!     N ≥ 3 dense); the document also proves that a dense torus has no
//!     solution unless N is a multiple of 3 (the box side), so those tori
//!     are refused with its reason.
//!
//! Cells are numbered in reading order on the plane, row by row; a torus's
//! plane is its period, 6N × 6N cells (3N × 3N dense). The grids of a
//! family are numbered from 1 in reading order of their top-left boxes
//! (grid 1 of a diagonal is its top-right grid, the document's last).

use super::ShapeError;
use std::fmt;

/// An overlapping form: see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlap {
    Twin,
    Sohei,
    Samurai,
    Windmill,
    Flower,
    Diagonal { size: u8, dense: bool },
    Carpet { size: u8, dense: bool },
    Torus { size: u8, dense: bool },
}

/// The largest number of cells an overlapping shape may have: the sized
/// rule engine's cell sets hold this many (see
/// [`crate::logic::sized::CellBits`]).
pub const MAX_OVERLAP_CELLS: usize = 512;

/// The largest size N a family takes before its cell count is checked.
const MAX_SIZE: u8 = 16;

/// Which grid of an overlapping shape this is, as a player names it (Pip's
/// words for it are `hint::grid_name`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridName {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
    Centre,
    Top,
    Bottom,
    Left,
    Right,
    /// Grid k (1-based) of a family, in reading order of the plane.
    Numbered(u16),
}

/// The families named with a size.
const FAMILIES: [&str; 3] = ["diagonal", "carpet", "torus"];

impl Overlap {
    /// Every newspaper form, and each family at size 2 and 3 (the dense
    /// torus at 3 and 6): the shapes the tests walk.
    pub fn examples() -> Vec<Overlap> {
        let mut out = vec![
            Overlap::Twin,
            Overlap::Sohei,
            Overlap::Samurai,
            Overlap::Windmill,
            Overlap::Flower,
        ];
        for dense in [false, true] {
            for size in [2, 3] {
                out.push(Overlap::Diagonal { size, dense });
                out.push(Overlap::Carpet { size, dense });
            }
        }
        for size in [2, 3] {
            out.push(Overlap::Torus { size, dense: false });
        }
        for size in [3, 6] {
            out.push(Overlap::Torus { size, dense: true });
        }
        out
    }

    /// Reads one part of a shape's name: `samurai`, `twin`, `sohei`,
    /// `windmill`, `flower`, `butterfly` (the dense 2×2 carpet), and
    /// `diagonal-N`, `carpet-N`, `torus-N`, each with `-dense` after the
    /// size for the dense form. `None` when the part names no overlapping
    /// form; an error when it names one wrongly (no size, a size out of
    /// range, an impossible dense torus).
    pub fn parse(part: &str) -> Option<Result<Overlap, ShapeError>> {
        let part = part.trim().to_ascii_lowercase();
        let fixed = match part.as_str() {
            "twin" | "twodoku" => Some(Overlap::Twin),
            "sohei" => Some(Overlap::Sohei),
            "samurai" | "gattai-5" => Some(Overlap::Samurai),
            "windmill" | "kazaguruma" => Some(Overlap::Windmill),
            "flower" => Some(Overlap::Flower),
            "butterfly" => Some(Overlap::Carpet {
                size: 2,
                dense: true,
            }),
            _ => None,
        };
        if let Some(o) = fixed {
            return Some(Ok(o));
        }
        let mut words = part.split('-');
        let family = words.next()?;
        if !FAMILIES.contains(&family) {
            return None;
        }
        let rest: Vec<&str> = words.collect();
        let (size, dense) = match rest.as_slice() {
            [] => return Some(Err(ShapeError::NeedsSize(family.to_string()))),
            [n] => (*n, false),
            [n, "dense"] => (*n, true),
            _ => return Some(Err(ShapeError::UnknownName(part.clone()))),
        };
        let Ok(size) = size.parse::<u8>() else {
            return Some(Err(ShapeError::UnknownName(part.clone())));
        };
        let o = match family {
            "diagonal" => Overlap::Diagonal { size, dense },
            "carpet" => Overlap::Carpet { size, dense },
            _ => Overlap::Torus { size, dense },
        };
        Some(o.check().map(|()| o))
    }

    /// The name [`Overlap::parse`] reads back: `samurai`, `diagonal-3`,
    /// `torus-3-dense`...
    pub fn name(self) -> String {
        let sized = |family: &str, size: u8, dense: bool| {
            let dense = if dense { "-dense" } else { "" };
            format!("{family}-{size}{dense}")
        };
        match self {
            Overlap::Twin => "twin".into(),
            Overlap::Sohei => "sohei".into(),
            Overlap::Samurai => "samurai".into(),
            Overlap::Windmill => "windmill".into(),
            Overlap::Flower => "flower".into(),
            Overlap::Diagonal { size, dense } => sized("diagonal", size, dense),
            Overlap::Carpet { size, dense } => sized("carpet", size, dense),
            Overlap::Torus { size, dense } => sized("torus", size, dense),
        }
    }

    /// Whether the form exists: sizes from 2 (a grid meeting itself around
    /// a torus refused), the dense torus's conditions, and at most
    /// [`MAX_OVERLAP_CELLS`] cells.
    pub fn check(self) -> Result<(), ShapeError> {
        let family = |s: &str| s.to_string();
        match self {
            Overlap::Diagonal { size, .. } | Overlap::Carpet { size, .. } if size < 2 => {
                return Err(ShapeError::SizeOutOfRange {
                    family: family(if matches!(self, Overlap::Diagonal { .. }) {
                        "diagonal"
                    } else {
                        "carpet"
                    }),
                    size,
                    min: 2,
                })
            }
            Overlap::Torus { size, dense: false } if size < 2 => {
                return Err(ShapeError::SizeOutOfRange {
                    family: family("torus"),
                    size,
                    min: 2,
                })
            }
            Overlap::Torus { size, dense: true } if size < BOX || size % BOX != 0 => {
                return Err(ShapeError::DenseTorus { size });
            }
            _ => {}
        }
        if let Overlap::Diagonal { size, .. }
        | Overlap::Carpet { size, .. }
        | Overlap::Torus { size, .. } = self
        {
            if size > MAX_SIZE {
                return Err(ShapeError::TooLarge {
                    name: self.name(),
                    cells: self.cell_count_estimate(),
                    max: MAX_OVERLAP_CELLS,
                });
            }
        }
        let cells = self.cell_count_estimate();
        if cells > MAX_OVERLAP_CELLS {
            return Err(ShapeError::TooLarge {
                name: self.name(),
                cells,
                max: MAX_OVERLAP_CELLS,
            });
        }
        Ok(())
    }

    /// The number of cells, by counting the plane's covered places.
    fn cell_count_estimate(self) -> usize {
        let b = usize::from(BOX);
        let grids = self.grids();
        match self.period() {
            Some(p) => (p * b) * (p * b),
            None => {
                let (rows, cols) = extent(&grids);
                let mut covered = vec![false; rows * cols];
                for g in &grids {
                    for r in 0..b {
                        for c in 0..b {
                            covered[(g.top + r) * cols + g.left + c] = true;
                        }
                    }
                }
                covered.iter().filter(|&&c| c).count() * b * b
            }
        }
    }

    /// How many grids it joins.
    pub fn grid_count(self) -> usize {
        match self {
            Overlap::Twin => 2,
            Overlap::Sohei => 4,
            Overlap::Samurai | Overlap::Windmill | Overlap::Flower => 5,
            Overlap::Diagonal { size, .. } => usize::from(size),
            Overlap::Carpet { size, .. } | Overlap::Torus { size, .. } => {
                usize::from(size) * usize::from(size)
            }
        }
    }

    /// Whether the plane wraps around: the period in boxes, in both
    /// directions, of a torus.
    pub fn period(self) -> Option<usize> {
        match self {
            Overlap::Torus { size, dense } => Some(usize::from(size) * if dense { 1 } else { 2 }),
            _ => None,
        }
    }

    /// The grids, in reading order of their top-left boxes, each placed
    /// by its top-left box (in boxes) and named.
    pub fn grids(self) -> Vec<GridPlace> {
        use GridName::*;
        let named = |list: &[(usize, usize, GridName)]| {
            list.iter()
                .map(|&(top, left, name)| GridPlace { top, left, name })
                .collect()
        };
        match self {
            Overlap::Twin => named(&[(0, 0, TopLeft), (2, 2, BottomRight)]),
            Overlap::Sohei => named(&[(0, 2, Top), (2, 0, Left), (2, 4, Right), (4, 2, Bottom)]),
            Overlap::Samurai => named(&[
                (0, 0, TopLeft),
                (0, 4, TopRight),
                (2, 2, Centre),
                (4, 0, BottomLeft),
                (4, 4, BottomRight),
            ]),
            Overlap::Windmill => named(&[
                (0, 1, Top),
                (1, 4, Right),
                (2, 2, Centre),
                (3, 0, Left),
                (4, 3, Bottom),
            ]),
            Overlap::Flower => named(&[
                (0, 1, Top),
                (1, 0, Left),
                (1, 1, Centre),
                (1, 2, Right),
                (2, 1, Bottom),
            ]),
            Overlap::Diagonal { size, dense } => {
                let (n, step) = (usize::from(size), if dense { 1 } else { 2 });
                // Reading order: the last grid is the top one.
                (0..n)
                    .rev()
                    .map(|k| GridPlace {
                        top: step * (n - 1 - k),
                        left: step * k,
                        name: Numbered(0),
                    })
                    .collect::<Vec<_>>()
                    .into_iter()
                    .enumerate()
                    .map(|(i, g)| GridPlace {
                        name: Numbered(i as u16 + 1),
                        ..g
                    })
                    .collect()
            }
            Overlap::Carpet { size, dense } | Overlap::Torus { size, dense } => {
                let (n, step) = (usize::from(size), if dense { 1 } else { 2 });
                (0..n * n)
                    .map(|i| GridPlace {
                        top: step * (i / n),
                        left: step * (i % n),
                        name: Numbered(i as u16 + 1),
                    })
                    .collect()
            }
        }
    }
}

impl fmt::Display for Overlap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The box side of the grids joined (3: 9×9 grids).
pub(super) const BOX: u8 = 3;

/// One grid of an overlapping shape: its top-left box on the plane (in
/// boxes, before a torus wraps) and its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPlace {
    pub top: usize,
    pub left: usize,
    pub name: GridName,
}

/// The plane's size in boxes that the grids cover (rows, columns).
fn extent(grids: &[GridPlace]) -> (usize, usize) {
    let b = usize::from(BOX);
    let rows = grids.iter().map(|g| g.top + b).max().unwrap_or(0);
    let cols = grids.iter().map(|g| g.left + b).max().unwrap_or(0);
    (rows, cols)
}

/// An overlapping shape's tables: where each cell lies on the plane, which
/// grids it belongs to, and the names each house has in its grids.
#[derive(Clone, Debug)]
pub struct Plane {
    pub rows: usize,
    pub cols: usize,
    pub grids: Vec<GridPlace>,
    /// Each cell's (row, column) on the plane.
    pub positions: Vec<(u16, u16)>,
    /// The cell at each place of the plane (rows × cols), if any.
    pub cell_at: Vec<Option<u16>>,
    /// Each cell's places in its grids: (grid, row, column), 0-based, in
    /// the grids' order.
    pub memberships: Vec<Vec<(u8, u8, u8)>>,
    /// Each house's names, in the order of [`super::Shape::houses`]: (grid,
    /// row, column or box number within it), every grid holding it.
    pub house_names: Vec<Vec<(u8, u8)>>,
}

/// The houses and tables of an overlapping shape, as the layout keeps them.
pub(super) struct Built {
    pub houses: Vec<super::House>,
    pub region_of: Vec<u8>,
    pub plane: Plane,
}

/// Builds an overlapping shape's cells and houses; an error when a grid
/// meets itself around a torus or the houses are too many to number.
pub(super) fn build(o: Overlap) -> Result<Built, ShapeError> {
    build_grids(o, o.grids())
}

/// Builds the shape made of some of `o`'s grids only (`keep`: indices in
/// [`Overlap::grids`], each once, in increasing order), on `o`'s own plane
/// so that a cell keeps its place: the sub-carpet the generator checks
/// (see [`super::Shape::sub_grids`]).
pub(super) fn build_part(o: Overlap, keep: &[usize]) -> Result<Built, ShapeError> {
    let all = o.grids();
    let grids = keep.iter().filter_map(|&k| all.get(k).copied()).collect();
    let mut built = build_grids(o, grids)?;
    // The plane stays the whole shape's, so that positions match.
    let b = usize::from(BOX);
    if o.period().is_none() {
        let (r, c) = extent(&all);
        if (r * b, c * b) != (built.plane.rows, built.plane.cols) {
            built = relaid(built, r * b, c * b);
        }
    }
    Ok(built)
}

/// The same cells and houses on a larger plane (rows × cols, the top-left
/// corner kept). Reading order does not depend on the plane's width, so
/// the cells keep their numbers; only the plane's index is redrawn.
fn relaid(mut built: Built, rows: usize, cols: usize) -> Built {
    let mut cell_at = vec![None; rows * cols];
    for (i, &(r, c)) in built.plane.positions.iter().enumerate() {
        cell_at[usize::from(r) * cols + usize::from(c)] = Some(i as u16);
    }
    built.plane.rows = rows;
    built.plane.cols = cols;
    built.plane.cell_at = cell_at;
    built
}

/// [`build`] for a list of `o`'s grids.
fn build_grids(o: Overlap, grids: Vec<GridPlace>) -> Result<Built, ShapeError> {
    use crate::grid::Unit;
    let b = usize::from(BOX);
    let side = b * b;
    let (rows, cols) = match o.period() {
        Some(p) => (p * b, p * b),
        None => {
            let (r, c) = extent(&grids);
            (r * b, c * b)
        }
    };
    let wrap = |r: usize, c: usize| (r % rows, c % cols);
    // Each grid's cells, as places on the plane.
    let place_of = |g: &GridPlace, r: usize, c: usize| wrap(g.top * b + r, g.left * b + c);
    let mut covered = vec![false; rows * cols];
    for g in &grids {
        let mut own = vec![false; rows * cols];
        for r in 0..side {
            for c in 0..side {
                let (pr, pc) = place_of(g, r, c);
                if std::mem::replace(&mut own[pr * cols + pc], true) {
                    return Err(ShapeError::MeetsItself { name: o.name() });
                }
                covered[pr * cols + pc] = true;
            }
        }
    }
    let mut cell_at = vec![None; rows * cols];
    let mut positions = Vec::new();
    for (p, _) in covered.iter().enumerate().filter(|(_, &c)| c) {
        cell_at[p] = Some(positions.len() as u16);
        positions.push(((p / cols) as u16, (p % cols) as u16));
    }
    let cell = |g: &GridPlace, r: usize, c: usize| {
        let (pr, pc) = place_of(g, r, c);
        cell_at[pr * cols + pc].expect("a grid's cell is covered")
    };
    let mut memberships = vec![Vec::new(); positions.len()];
    for (k, g) in grids.iter().enumerate() {
        for r in 0..side {
            for c in 0..side {
                memberships[usize::from(cell(g, r, c))].push((k as u8, r as u8, c as u8));
            }
        }
    }
    // Houses of one kind at a time, a house two grids share kept once.
    let mut houses: Vec<super::House> = Vec::new();
    let mut house_names: Vec<Vec<(u8, u8)>> = Vec::new();
    for kind in 0..3 {
        let mut seen: std::collections::HashMap<Vec<u16>, usize> = Default::default();
        let mut count = 0usize;
        for (k, g) in grids.iter().enumerate() {
            for i in 0..side {
                let mut cells: Vec<u16> = (0..side)
                    .map(|j| match kind {
                        0 => cell(g, i, j),
                        1 => cell(g, j, i),
                        _ => cell(g, (i / b) * b + j / b, (i % b) * b + j % b),
                    })
                    .collect();
                let mut key = cells.clone();
                key.sort_unstable();
                if let Some(&h) = seen.get(&key) {
                    house_names[h].push((k as u8, i as u8));
                    continue;
                }
                if count > usize::from(u8::MAX) {
                    return Err(ShapeError::TooLarge {
                        name: o.name(),
                        cells: positions.len(),
                        max: MAX_OVERLAP_CELLS,
                    });
                }
                let number = count as u8;
                count += 1;
                let unit = match kind {
                    0 => Unit::Row(number),
                    1 => Unit::Col(number),
                    _ => Unit::Box(number),
                };
                // A box's cells in reading order on the plane.
                if kind == 2 {
                    cells.sort_unstable();
                }
                seen.insert(key, houses.len());
                houses.push(super::House { unit, cells });
                house_names.push(vec![(k as u8, i as u8)]);
            }
        }
    }
    let mut region_of = vec![0u8; positions.len()];
    for h in &houses {
        if let Unit::Box(k) = h.unit {
            for &c in &h.cells {
                region_of[usize::from(c)] = k;
            }
        }
    }
    Ok(Built {
        houses,
        region_of,
        plane: Plane {
            rows,
            cols,
            grids,
            positions,
            cell_at,
            memberships,
            house_names,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Shape, ShapeError};
    use super::*;
    use crate::grid::Unit;

    fn shape(name: &str) -> Shape {
        Shape::parse_name(name).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn every_form_reads_back_its_name() {
        for o in Overlap::examples() {
            let s = Shape::new(crate::grid::ShapeSpec::overlapping(o)).unwrap();
            assert_eq!(s.name(), o.name());
            assert_eq!(shape(&o.name()), s, "{o}");
            assert_eq!(s.overlap(), Some(o));
            assert!(!s.is_9x9() && !s.is_classic() && s.units().is_empty());
        }
        assert_eq!(shape("Butterfly").name(), "carpet-2-dense");
        assert_eq!(shape("TORUS-3-Dense").name(), "torus-3-dense");
    }

    #[test]
    fn cells_shared_by_two_grids_are_counted_once() {
        for (name, cells, plane, grids, boxes) in [
            ("twin", 2 * 81 - 9, (15, 15), 2, 17),
            ("sohei", 4 * 81 - 4 * 9, (21, 21), 4, 32),
            ("samurai", 5 * 81 - 4 * 9, (21, 21), 5, 41),
            ("windmill", 5 * 81 - 8 * 9, (21, 21), 5, 37),
            ("flower", 15 * 15 - 4 * 9, (15, 15), 5, 21),
            ("diagonal-3", 3 * 81 - 2 * 9, (21, 21), 3, 25),
            ("diagonal-3-dense", 81 + 2 * 45, (15, 15), 3, 19),
            ("carpet-2", 15 * 15, (15, 15), 4, 25),
            ("carpet-2-dense", 12 * 12, (12, 12), 4, 16),
            ("torus-2", 12 * 12, (12, 12), 4, 16),
            ("torus-3-dense", 81, (9, 9), 9, 9),
            ("torus-6-dense", 18 * 18, (18, 18), 36, 36),
        ] {
            let s = shape(name);
            assert_eq!(s.cell_count(), cells, "{name}");
            assert_eq!(s.plane_size(), plane, "{name}");
            assert_eq!(s.grids().len(), grids, "{name}");
            let count = |f: fn(&Unit) -> bool| s.houses().iter().filter(|h| f(&h.unit)).count();
            assert_eq!(count(|u| matches!(u, Unit::Box(_))), boxes, "{name}");
            // Every box of the plane is a house once, whole.
            assert_eq!(boxes * 9, cells, "{name}: the boxes tile the cells");
            assert!(count(|u| matches!(u, Unit::Row(_))) <= grids * 9);
        }
    }

    #[test]
    fn a_dense_torus_of_three_is_the_classic_grid() {
        // Its nine grids are the same 81 cells, each row, column and box
        // the same house in all of them.
        let s = shape("torus-3-dense");
        assert_eq!(s.houses().len(), 27);
        assert!(s.house_grids(0).len() == 9);
        for i in 0..81 {
            assert_eq!(s.peers_of(i), Shape::classic().peers_of(i), "cell {i}");
        }
    }

    #[test]
    fn houses_peers_and_grids_agree() {
        for o in Overlap::examples() {
            let s = Shape::new(crate::grid::ShapeSpec::overlapping(o)).unwrap();
            let n = s.cell_count();
            for (h, house) in s.houses().iter().enumerate() {
                let mut cells = house.cells.clone();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), 9, "{o}: {:?}", house.unit);
                assert!(!s.house_grids(h).is_empty());
                assert_eq!(s.house_index(house.unit), Some(h));
            }
            for i in 0..n {
                // Peers by brute force over the houses.
                let mut brute: Vec<u16> = s
                    .houses()
                    .iter()
                    .filter(|h| h.cells.contains(&(i as u16)))
                    .flat_map(|h| h.cells.iter().copied())
                    .filter(|&c| usize::from(c) != i)
                    .collect();
                brute.sort_unstable();
                brute.dedup();
                assert_eq!(s.peers_of(i), brute.as_slice(), "{o}: cell {i}");
                let (r, c) = s.position(i);
                assert_eq!(s.cell_at(r, c), Some(i));
                assert!(!s.grids_of(i).is_empty());
                // Each grid holding the cell sees it in its row, column and box.
                for &(g, gr, gc) in s.grids_of(i) {
                    let boxed = gr / 3 * 3 + gc / 3;
                    for (kind, local) in [(0, gr), (1, gc), (2, boxed)] {
                        let found = s.houses().iter().enumerate().any(|(h, house)| {
                            let k = match house.unit {
                                Unit::Row(_) => 0,
                                Unit::Col(_) => 1,
                                _ => 2,
                            };
                            k == kind
                                && s.house_grids(h).contains(&(g, local))
                                && house.cells.contains(&(i as u16))
                        });
                        assert!(found, "{o}: cell {i} in grid {g}, house kind {kind}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_samurai_shares_the_centre_grid_s_corner_boxes() {
        let s = shape("samurai");
        let names: Vec<GridName> = s.grids().iter().map(|g| g.name).collect();
        use GridName::*;
        assert_eq!(names, [TopLeft, TopRight, Centre, BottomLeft, BottomRight]);
        // The top-left grid's r7c7 is the centre grid's r1c1.
        let i = s.cell_at(6, 6).unwrap();
        assert_eq!(s.grids_of(i), &[(0, 6, 6), (2, 0, 0)]);
        let holding = s
            .houses()
            .iter()
            .filter(|h| h.cells.contains(&(i as u16)))
            .count();
        assert_eq!(holding, 5, "two rows, two columns, one box");
        let shared_box = s
            .houses()
            .iter()
            .position(|h| matches!(h.unit, Unit::Box(_)) && h.cells.contains(&(i as u16)))
            .unwrap();
        assert_eq!(s.house_grids(shared_box), &[(0, 8), (2, 0)]);
        // The middle of the top band is no cell: the cross has holes.
        assert_eq!(s.cell_at(0, 10), None);
        assert_eq!(s.cell_at(0, 12), Some(9));
    }

    #[test]
    fn impossible_forms_are_refused_with_their_reason() {
        for (name, expected) in [
            ("torus-2-dense", ShapeError::DenseTorus { size: 2 }),
            ("torus-4-dense", ShapeError::DenseTorus { size: 4 }),
            ("torus-5-dense", ShapeError::DenseTorus { size: 5 }),
            ("diagonal", ShapeError::NeedsSize("diagonal".into())),
            (
                "carpet-1",
                ShapeError::SizeOutOfRange {
                    family: "carpet".into(),
                    size: 1,
                    min: 2,
                },
            ),
            ("samurai+x", ShapeError::Conflicting("samurai+x".into())),
        ] {
            assert_eq!(Shape::parse_name(name).unwrap_err(), expected, "{name}");
        }
        let e = Shape::parse_name("torus-4-dense").unwrap_err().to_string();
        assert!(e.contains("N >= n and N ≡ 0 mod n"), "{e}");
        assert!(matches!(
            Shape::parse_name("carpet-5"),
            Err(ShapeError::TooLarge { cells: 1089, .. })
        ));
        assert!(matches!(
            Shape::parse_name("carpet-x"),
            Err(ShapeError::UnknownName(_))
        ));
    }
}
