//! The candidate state the techniques read: cell-major masks for "what can
//! go here" and digit-major bitboards for "where can this digit go", kept in
//! sync so each technique uses whichever view makes it a few bit operations.

use crate::grid::{Board, Candidates, Cell, Grid, Unit};
use crate::solver::ForcedSingles;

pub(crate) use crate::grid::masks::{PEER_MASKS as PEER_MASK, UNIT_MASKS as UNIT_MASK};

#[inline]
pub(crate) const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// Iterates the cell indices of a bitboard in reading order.
#[inline]
pub(crate) fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    crate::grid::CellSet::from_mask(mask).iter()
}

/// The units that contain every cell of `mask` (at most two).
pub(crate) fn common_units(mask: u128) -> Vec<Unit> {
    Unit::ALL
        .iter()
        .copied()
        .filter(|u| mask & !UNIT_MASK[u.index()] == 0)
        .collect()
}

/// The pencil marks a player reasons from: the candidates of every open
/// cell, plus the digits already placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pencilmarks {
    values: [u8; 81],
    cells: [Candidates; 81],
    digits: [u128; 9],
}

impl Pencilmarks {
    /// Leaves `cell` only the candidates in `keep`: technique tests build
    /// their hand-made candidate grids with it.
    #[cfg(test)]
    pub(crate) fn keep_only(&mut self, cell: Cell, keep: &[u8]) {
        for d in 1..=9 {
            if !keep.contains(&d) {
                self.eliminate(cell, d);
            }
        }
    }

    /// Candidates by the basic rule (no digit twice in a unit).
    pub fn from_grid(grid: &Grid) -> Pencilmarks {
        let mut s = Pencilmarks {
            values: *grid.digits(),
            cells: [Candidates::NONE; 81],
            digits: [0; 9],
        };
        for cell in Cell::ALL {
            s.set_cands(cell, grid.candidates(cell));
        }
        s
    }

    /// The board's candidates: its notes where the player wrote some (they
    /// may already hold eliminations), the basic rule elsewhere. Notes that
    /// lack the true digit are ignored, since reasoning from them could only
    /// mislead; `solution` is the board's unique solution when known.
    pub fn from_board(board: &Board, solution: Option<&Grid>) -> Pencilmarks {
        let grid = board.grid();
        let mut s = Pencilmarks::from_grid(&grid);
        let trusted = Cell::ALL.iter().all(|&c| {
            let notes = board.notes(c);
            grid.get(c) != 0
                || notes.is_empty()
                || solution.is_none_or(|sol| notes.contains(sol.get(c)))
        });
        if trusted {
            for cell in Cell::ALL {
                let notes = board.notes(cell);
                if grid.get(cell) == 0 && !notes.is_empty() {
                    let basic = s.cells[cell.index()];
                    s.set_cands(cell, basic & notes);
                }
            }
        }
        s
    }

    fn set_cands(&mut self, cell: Cell, cands: Candidates) {
        let i = cell.index();
        for d in self.cells[i].iter() {
            self.digits[d as usize - 1] &= !bit(i);
        }
        self.cells[i] = cands;
        for d in cands.iter() {
            self.digits[d as usize - 1] |= bit(i);
        }
    }

    #[inline]
    pub fn value(&self, cell: Cell) -> u8 {
        self.values[cell.index()]
    }

    #[inline]
    pub fn cands(&self, cell: Cell) -> Candidates {
        self.cells[cell.index()]
    }

    /// Open cells where `digit` is still a candidate.
    #[inline]
    pub fn digit_mask(&self, digit: u8) -> u128 {
        self.digits[digit as usize - 1]
    }

    #[inline]
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.digit_mask(digit) & bit(cell.index()) != 0
    }

    /// Open cells (no digit placed).
    pub fn open_mask(&self) -> u128 {
        self.digits.iter().fold(0, |a, &b| a | b)
    }

    /// Open cells with exactly two candidates.
    pub fn bivalue_mask(&self) -> u128 {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &b in &self.digits {
            three |= two & b;
            two |= one & b;
            one |= b;
        }
        two & !three
    }

    pub fn grid(&self) -> Grid {
        let mut g = Grid::empty();
        for c in Cell::ALL {
            g.set(c, self.values[c.index()]);
        }
        g
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Writes `digit` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: Cell, digit: u8) {
        let i = cell.index();
        self.set_cands(cell, Candidates::NONE);
        self.values[i] = digit;
        let d = digit as usize - 1;
        for p in cells_of(self.digits[d] & PEER_MASK[i]) {
            self.cells[p.index()].remove(digit);
        }
        self.digits[d] &= !PEER_MASK[i];
    }

    pub fn eliminate(&mut self, cell: Cell, digit: u8) {
        self.cells[cell.index()].remove(digit);
        self.digits[digit as usize - 1] &= !bit(cell.index());
    }

    /// The same candidates for the solver's forced-singles propagation.
    pub(crate) fn forced_singles(&self) -> ForcedSingles {
        let mut placed = [0u128; 9];
        for (i, &v) in self.values.iter().enumerate() {
            if v != 0 {
                placed[v as usize - 1] |= bit(i);
            }
        }
        ForcedSingles::new(self.digits, self.open_mask(), placed)
    }

    /// Bitboard of the digit's candidates inside a unit.
    #[inline]
    pub fn in_unit(&self, digit: u8, unit: Unit) -> u128 {
        self.digit_mask(digit) & UNIT_MASK[unit.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_stay_in_sync() {
        let g = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let mut s = Pencilmarks::from_grid(&g);
        let c = Cell::new(0, 1);
        assert_eq!(s.cands(c), g.candidates(c));
        s.place(c, 1);
        assert!(!s.has(Cell::new(0, 2), 1));
        assert!(s
            .cands(Cell::new(0, 2))
            .iter()
            .all(|d| s.has(Cell::new(0, 2), d)));
        s.eliminate(Cell::new(1, 0), 6);
        assert!(!s.cands(Cell::new(1, 0)).contains(6));
        for cell in Cell::ALL {
            for d in 1..=9 {
                assert_eq!(s.cands(cell).contains(d), s.has(cell, d));
            }
        }
        assert_eq!(
            common_units(bit(0) | bit(1)),
            vec![Unit::Row(0), Unit::Box(0)]
        );
    }
}
