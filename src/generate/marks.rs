//! A small cell-major board for the generator's hot loops: the digits used
//! in each row, column and box as 9-bit masks, so that a cell's candidates
//! are one OR and one NOT. It fills random complete grids (`fill.rs`) and
//! answers "do singles alone solve this?" in microseconds, which is how the
//! generator digs Easy puzzles without running the rule engine after every
//! removal.

use crate::grid::Grid;

/// Bits 0..9 for digits 1..9.
pub(crate) const ALL_DIGITS: u16 = 0x1ff;

/// The box of each cell.
const BOX_OF: [u8; 81] = {
    let mut b = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        b[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    b
};

/// The cells of each unit: rows 0..9, columns 9..18, boxes 18..27.
const UNIT_CELLS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 81 {
        let (r, c, b) = (i / 9, i % 9, BOX_OF[i] as usize);
        u[r][c] = i as u8;
        u[9 + c][r] = i as u8;
        u[18 + b][(r % 3) * 3 + c % 3] = i as u8;
        i += 1;
    }
    u
};

/// A grid with its used digits per unit.
#[derive(Clone, Copy)]
pub(crate) struct Marks {
    pub(crate) cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Marks {
    pub(crate) fn empty() -> Marks {
        Marks {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        }
    }

    /// The givens of `grid` placed, or `None` when two of them clash.
    pub(crate) fn from_grid(grid: &Grid) -> Option<Marks> {
        let mut m = Marks::empty();
        for (i, &d) in grid.digits().iter().enumerate() {
            if d != 0 {
                if m.candidates(i) & (1 << (d - 1)) == 0 {
                    return None;
                }
                m.place(i, d);
            }
        }
        Some(m)
    }

    /// Digits cell `i` may hold by the basic rule (whether or not it is empty).
    #[inline]
    pub(crate) fn candidates(&self, i: usize) -> u16 {
        !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[BOX_OF[i] as usize]) & ALL_DIGITS
    }

    #[inline]
    pub(crate) fn place(&mut self, i: usize, d: u8) {
        let bit = 1 << (d - 1);
        self.cells[i] = d;
        self.rows[i / 9] |= bit;
        self.cols[i % 9] |= bit;
        self.boxes[BOX_OF[i] as usize] |= bit;
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        let bit = !(1u16 << (self.cells[i] - 1));
        self.cells[i] = 0;
        self.rows[i / 9] &= bit;
        self.cols[i % 9] &= bit;
        self.boxes[BOX_OF[i] as usize] &= bit;
    }

    pub(crate) fn grid(&self) -> Grid {
        Grid::from_digits(self.cells).expect("digits 0..=9")
    }

    /// Plays naked and hidden singles until none is left. True when they
    /// fill the grid; false when they stall or break it.
    pub(crate) fn solve_by_singles(mut self) -> bool {
        loop {
            let mut progress = false;
            let mut open = 0;
            for i in 0..81 {
                if self.cells[i] != 0 {
                    continue;
                }
                open += 1;
                let c = self.candidates(i);
                if c == 0 {
                    return false;
                }
                if c & (c - 1) == 0 {
                    self.place(i, c.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
            if open == 0 {
                return true;
            }
            for unit in &UNIT_CELLS {
                // Digits seen once and twice among the unit's open cells.
                let (mut once, mut twice, mut used) = (0u16, 0u16, 0u16);
                for &i in unit {
                    let i = i as usize;
                    if self.cells[i] != 0 {
                        used |= 1 << (self.cells[i] - 1);
                    } else {
                        let c = self.candidates(i);
                        twice |= once & c;
                        once |= c;
                    }
                }
                if (once | used) != ALL_DIGITS {
                    return false; // a digit has no place left in this unit
                }
                let mut hidden = once & !twice & !used;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let d = bit.trailing_zeros() as u8 + 1;
                    // An earlier placement of this sweep may have taken it.
                    if let Some(&i) = unit.iter().find(|&&i| {
                        self.cells[i as usize] == 0 && self.candidates(i as usize) & bit != 0
                    }) {
                        self.place(i as usize, d);
                        progress = true;
                    }
                }
            }
            if !progress {
                return false;
            }
        }
    }
}

/// Whether naked and hidden singles alone solve `grid` (which implies that
/// its solution is unique).
pub(crate) fn solved_by_singles(grid: &Grid) -> bool {
    Marks::from_grid(grid).is_some_and(Marks::solve_by_singles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_solve_an_easy_puzzle_and_not_a_hard_one() {
        let easy = Grid::parse(crate::test_puzzles::EASY).unwrap();
        assert!(solved_by_singles(&easy));
        let hard = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        assert!(!solved_by_singles(&hard));
        // Two clashing givens are not a puzzle singles can solve.
        let mut clash = easy;
        clash.set(crate::grid::Cell::new(0, 0), 3);
        assert!(!solved_by_singles(&clash));
    }
}
