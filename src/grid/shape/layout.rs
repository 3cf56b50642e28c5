//! The tables a shape computes once: its houses, each cell's peers and
//! allowed digits (general view), and for 9×9 shapes the unit masks the
//! rule engine's bitboards read.

use super::overlap::Plane;
use super::spec::ShapeSpec;
use super::{House, ShapeError};
use crate::grid::{Cell, Unit};

/// The general view: houses and peers over cell indices.
pub(super) struct Layout {
    pub houses: Vec<House>,
    pub peers: Vec<Vec<u16>>,
    /// The box or region number of each cell.
    pub region_of: Vec<u8>,
    /// Digits each cell may hold by the shape alone (bit `d - 1`).
    pub allowed: Vec<u32>,
    /// Overlapping grids: where each cell lies and which grids hold it.
    pub plane: Option<Plane>,
}

/// The top-left corners (row, column) of Hyper's four windows.
const WINDOW_CORNERS: [(usize, usize); 4] = [(1, 1), (1, 5), (5, 1), (5, 5)];

impl Layout {
    pub fn build(spec: &ShapeSpec) -> Result<Layout, ShapeError> {
        if let Some(o) = spec.overlap {
            return Ok(Layout::overlapping(super::overlap::build(o)?, spec));
        }
        let n = spec.size.side as usize;
        let (br, bc) = (spec.size.box_rows as usize, spec.size.box_cols as usize);
        let index = |r: usize, c: usize| (r * n + c) as u16;
        let region_of: Vec<u8> = match &spec.regions {
            Some(map) => map.clone(),
            // Boxes numbered in reading order: n / bc boxes across.
            None => (0..n * n)
                .map(|i| ((i / n / br) * (n / bc) + (i % n) / bc) as u8)
                .collect(),
        };
        let mut houses = Vec::new();
        for r in 0..n {
            let cells = (0..n).map(|c| index(r, c)).collect();
            houses.push(House {
                unit: Unit::Row(r as u8),
                cells,
            });
        }
        for c in 0..n {
            let cells = (0..n).map(|r| index(r, c)).collect();
            houses.push(House {
                unit: Unit::Col(c as u8),
                cells,
            });
        }
        for b in 0..n {
            let cells = (0..n * n)
                .filter(|&i| region_of[i] as usize == b)
                .map(|i| i as u16)
                .collect();
            let unit = if spec.regions.is_some() {
                Unit::Region(b as u8)
            } else {
                Unit::Box(b as u8)
            };
            houses.push(House { unit, cells });
        }
        if spec.diagonals {
            houses.push(House {
                unit: Unit::Diagonal(0),
                cells: (0..n).map(|i| index(i, i)).collect(),
            });
            houses.push(House {
                unit: Unit::Diagonal(1),
                cells: (0..n).map(|i| index(i, n - 1 - i)).collect(),
            });
        }
        if spec.windows {
            for (w, &(top, left)) in WINDOW_CORNERS.iter().enumerate() {
                let cells = (0..9).map(|k| index(top + k / 3, left + k % 3)).collect();
                houses.push(House {
                    unit: Unit::Window(w as u8),
                    cells,
                });
            }
        }
        let peers = peers_of(&houses, n * n);
        let every = (1u32 << n) - 1;
        // Bit `d - 1` for digit `d`: the even digits are the odd bits.
        let even = (0..n).filter(|b| b % 2 == 1).fold(0u32, |m, b| m | 1 << b);
        let allowed = (0..n * n)
            .map(|i| match &spec.parity {
                Some(p) if p.shaded[i] && p.shaded_even => even,
                Some(p) if p.shaded[i] => every & !even,
                _ => every,
            })
            .collect();
        Ok(Layout {
            houses,
            peers,
            region_of,
            allowed,
            plane: None,
        })
    }
}

impl Layout {
    /// The layout of some of an overlapping shape's grids (see
    /// [`super::Shape::sub_grids`]).
    pub fn build_part(spec: &ShapeSpec, keep: &[usize]) -> Result<Option<Layout>, ShapeError> {
        let Some(o) = spec.overlap else {
            return Ok(None);
        };
        let built = super::overlap::build_part(o, keep)?;
        Ok(Some(Layout::overlapping(built, spec)))
    }

    fn overlapping(built: super::overlap::Built, spec: &ShapeSpec) -> Layout {
        let count = built.plane.positions.len();
        let peers = peers_of(&built.houses, count);
        let every = (1u32 << spec.size.side) - 1;
        Layout {
            houses: built.houses,
            peers,
            region_of: built.region_of,
            allowed: vec![every; count],
            plane: Some(built.plane),
        }
    }
}

/// Each cell's peers: the other cells of its houses, in increasing order.
fn peers_of(houses: &[House], count: usize) -> Vec<Vec<u16>> {
    let mut peers = vec![Vec::new(); count];
    for house in houses {
        for &a in &house.cells {
            for &b in &house.cells {
                if a != b {
                    peers[a as usize].push(b);
                }
            }
        }
    }
    for p in &mut peers {
        p.sort_unstable();
        p.dedup();
    }
    peers
}

/// The 9×9 view: units and their bitboards, read by the rule engine and
/// the forced-singles propagation.
pub(crate) struct Lattice81 {
    pub units: Vec<Unit>,
    pub unit_masks: [u128; Unit::SLOTS],
    pub unit_cells: Vec<Vec<Cell>>,
    pub cell_units: Vec<Vec<Unit>>,
    pub peer_masks: [u128; 81],
}

impl Lattice81 {
    pub(super) fn build(layout: &Layout) -> Lattice81 {
        let mut unit_masks = [0u128; Unit::SLOTS];
        let mut unit_cells = vec![Vec::new(); Unit::SLOTS];
        let mut cell_units = vec![Vec::new(); 81];
        let mut units = Vec::new();
        for house in &layout.houses {
            let slot = house.unit.index();
            units.push(house.unit);
            let mut cells: Vec<Cell> = house
                .cells
                .iter()
                .filter_map(|&i| Cell::from_index(i as usize))
                .collect();
            cells.sort();
            for &c in &cells {
                unit_masks[slot] |= 1u128 << c.index();
                cell_units[c.index()].push(house.unit);
            }
            unit_cells[slot] = cells;
        }
        let mut peer_masks = [0u128; 81];
        for (i, peers) in layout.peers.iter().enumerate() {
            peer_masks[i] = peers.iter().fold(0u128, |m, &p| m | 1u128 << p);
        }
        Lattice81 {
            units,
            unit_masks,
            unit_cells,
            cell_units,
            peer_masks,
        }
    }
}

/// The bitboard view of a shape of at most 64 cells (the 4×4 and 6×6
/// sizes and their variants): each house and each cell's peers as a 64-bit
/// cell mask, and the cells each digit may hold by the shape alone. The
/// exact solver's small path reads it; built once per shape.
pub(crate) struct Masks64 {
    /// Every house's cells (bit `i` for cell `i`), in the order of
    /// [`Layout::houses`].
    pub houses: Vec<u64>,
    /// The cells sharing a house with each cell.
    pub peers: Vec<u64>,
    /// Per digit (index 0 for digit 1), the cells its parity allows.
    pub allowed: [u64; 8],
    /// Every cell of the grid.
    pub cells: u64,
}

impl Masks64 {
    /// The tables of a layout of digits 1..=`side`, or `None` past 64
    /// cells or 8 digits.
    pub(super) fn build(layout: &Layout, side: usize) -> Option<Masks64> {
        // Counted from the layout, not from the side: the cells of
        // overlapping grids are not side × side.
        let n = layout.peers.len();
        if n > 64 || side > 8 {
            return None;
        }
        let mask = |cells: &[u16]| cells.iter().fold(0u64, |m, &c| m | 1u64 << c);
        let mut allowed = [0u64; 8];
        for (i, &bits) in layout.allowed.iter().enumerate() {
            for (d, a) in allowed.iter_mut().enumerate().take(side) {
                if bits & (1 << d) != 0 {
                    *a |= 1u64 << i;
                }
            }
        }
        Some(Masks64 {
            houses: layout.houses.iter().map(|h| mask(&h.cells)).collect(),
            peers: layout.peers.iter().map(|p| mask(p)).collect(),
            allowed,
            cells: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
        })
    }
}
