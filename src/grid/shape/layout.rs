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
            let built = super::overlap::build(o)?;
            let count = built.plane.positions.len();
            let peers = peers_of(&built.houses, count);
            let every = (1u32 << spec.size.side) - 1;
            return Ok(Layout {
                houses: built.houses,
                peers,
                region_of: built.region_of,
                allowed: vec![every; count],
                plane: Some(built.plane),
            });
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
