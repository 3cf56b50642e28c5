//! The grid's units and peers as 81-bit cell masks (bit `i` for cell `i`),
//! shared by the bitboard code of the solver and the rule engine.

/// Every cell.
pub const ALL_CELLS: u128 = (1u128 << 81) - 1;

const fn unit_masks() -> [u128; 27] {
    let mut masks = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        masks[r] |= 1 << c;
        masks[9 + col] |= 1 << c;
        masks[18 + b] |= 1 << c;
        c += 1;
    }
    masks
}

/// The cells of each unit, indexed as [`super::Unit::index`]: rows, columns, boxes.
pub const UNIT_MASKS: [u128; 27] = unit_masks();

const fn peer_masks() -> [u128; 81] {
    let mut masks = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        masks[c] = (UNIT_MASKS[r] | UNIT_MASKS[9 + col] | UNIT_MASKS[18 + b]) & !(1 << c);
        c += 1;
    }
    masks
}

/// The 20 peers of each cell.
pub const PEER_MASKS: [u128; 81] = peer_masks();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Unit};

    #[test]
    fn masks_match_the_cell_tables() {
        for unit in Unit::ALL {
            let from_cells = unit.cells().iter().fold(0u128, |m, c| m | 1 << c.index());
            assert_eq!(UNIT_MASKS[unit.index()], from_cells);
        }
        for cell in Cell::ALL {
            let from_peers = cell.peers().iter().fold(0u128, |m, c| m | 1 << c.index());
            assert_eq!(PEER_MASKS[cell.index()], from_peers);
        }
        assert_eq!(ALL_CELLS.count_ones(), 81);
    }
}
