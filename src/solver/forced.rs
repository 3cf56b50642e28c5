//! Forced singles played round by round on digit-major bitboards (one
//! 81-bit board per digit): the one propagation behind "following the
//! forced digits, r1c9 is left with no possible digit" and behind the rule
//! engine's cheap test of whether a supposition breaks the grid.

use crate::grid::masks::ALL_CELLS;
use crate::grid::{Cell, Grid, Lattice81, Shape, Unit};

/// A concrete reason why the singles alone break a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// This cell is left without any candidate.
    NoCandidate(Cell),
    /// This digit has no place left in this unit.
    NoPlace(Unit, u8),
    /// A given breaks the shading: an odd digit in a cell shaded for even
    /// ones, or the reverse.
    WrongParity(Cell),
}

/// Candidates per digit, the open cells and the placed digits, on the
/// units of one 9×9 shape; a copy is cheap (312 bytes), so each
/// supposition starts from a fresh one.
#[derive(Clone, Copy)]
pub struct ForcedSingles<'a> {
    /// The shape's units and peers.
    lattice: &'a Lattice81,
    /// Open cells where each digit (index 0 for digit 1) may still go.
    candidates: [u128; 9],
    /// Cells with no digit yet.
    open: u128,
    /// Cells holding each digit.
    placed: [u128; 9],
}

impl std::fmt::Debug for ForcedSingles<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForcedSingles")
            .field("candidates", &self.candidates)
            .field("open", &self.open)
            .field("placed", &self.placed)
            .finish()
    }
}

impl<'a> ForcedSingles<'a> {
    /// From the shape's tables, per-digit candidate boards (`candidates[0]`
    /// for digit 1), the open cells and the per-digit boards of placed digits.
    pub(crate) fn new(
        lattice: &'a Lattice81,
        candidates: [u128; 9],
        open: u128,
        placed: [u128; 9],
    ) -> ForcedSingles<'a> {
        ForcedSingles {
            lattice,
            candidates,
            open,
            placed,
        }
    }

    /// The givens of a classic grid placed and their peers cleared, or
    /// `None` when a given meets a peer holding the same digit.
    pub fn from_grid(grid: &Grid) -> Option<ForcedSingles<'static>> {
        ForcedSingles::start(Shape::classic_lattice(), [ALL_CELLS; 9], grid)
    }

    /// [`ForcedSingles::from_grid`] on a 9×9 shape (its parity included);
    /// `None` for other sizes too.
    pub fn from_grid_in(shape: &'a Shape, grid: &Grid) -> Option<ForcedSingles<'a>> {
        let mut allowed = [0u128; 9];
        for c in Cell::ALL {
            for d in shape.allowed(c.index()) {
                allowed[d as usize - 1] |= 1u128 << c.index();
            }
        }
        ForcedSingles::start(shape.lattice()?, allowed, grid)
    }

    fn start(lattice: &'a Lattice81, allowed: [u128; 9], grid: &Grid) -> Option<ForcedSingles<'a>> {
        let mut s = ForcedSingles::new(lattice, allowed, ALL_CELLS, [0; 9]);
        for (i, &d) in grid.digits().iter().enumerate() {
            if d != 0 {
                if s.candidates[d as usize - 1] & (1 << i) == 0 {
                    return None;
                }
                s.place_index(i, d as usize - 1);
            }
        }
        Some(s)
    }

    /// Writes `digit` in `cell` and clears it from the peers.
    pub fn place(&mut self, cell: Cell, digit: u8) {
        self.place_index(cell.index(), digit as usize - 1);
    }

    /// Removes one candidate.
    pub fn eliminate(&mut self, cell: Cell, digit: u8) {
        self.candidates[digit as usize - 1] &= !(1u128 << cell.index());
    }

    #[inline(always)]
    fn place_index(&mut self, i: usize, d: usize) {
        let b = 1u128 << i;
        for x in self.candidates.iter_mut() {
            *x &= !b;
        }
        self.candidates[d] &= !self.lattice.peer_masks[i];
        self.open &= !b;
        self.placed[d] |= b;
    }

    /// Plays the singles until they stall (`None`) or break the grid: then
    /// the round it broke in (counting from 1) and where. Each round places
    /// the naked singles there were at its start, then the hidden singles
    /// unit by unit. Singles only ever remove candidates, so whether a dead
    /// end is reached does not depend on this order; the round count, which
    /// the rule engine uses to follow the quickest contradictions first,
    /// does.
    pub fn propagate(self) -> Option<(u32, DeadEnd)> {
        self.settle().err()
    }

    /// Plays the singles until they stall, and returns the grid then, or
    /// where and in which round (counting from 1) they broke it.
    pub fn settle(mut self) -> Result<ForcedSingles<'a>, (u32, DeadEnd)> {
        let cell = |i: usize| Cell::ALL[i];
        for round in 1.. {
            let (mut one, mut two) = (0u128, 0u128);
            for &b in &self.candidates {
                two |= one & b;
                one |= b;
            }
            let empty = self.open & !one;
            if empty != 0 {
                let i = empty.trailing_zeros() as usize;
                return Err((round, DeadEnd::NoCandidate(cell(i))));
            }
            let mut singles = one & !two & self.open;
            let mut progress = false;
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let Some(d) = (0..9).find(|&d| self.candidates[d] & (1u128 << i) != 0) else {
                    return Err((round, DeadEnd::NoCandidate(cell(i))));
                };
                self.place_index(i, d);
                progress = true;
            }
            let lattice = self.lattice;
            for d in 0..9 {
                for &unit in &lattice.units {
                    let um = lattice.unit_masks[unit.index()];
                    if self.placed[d] & um != 0 {
                        continue;
                    }
                    let here = self.candidates[d] & um;
                    if here == 0 {
                        return Err((round, DeadEnd::NoPlace(unit, d as u8 + 1)));
                    }
                    if here & (here - 1) == 0 {
                        self.place_index(here.trailing_zeros() as usize, d);
                        progress = true;
                    }
                }
            }
            if !progress {
                return Ok(self);
            }
        }
        Ok(self)
    }

    /// Cells with no digit yet.
    pub fn open_mask(&self) -> u128 {
        self.open
    }

    /// The digits placed so far, as a grid (0 for an open cell).
    pub fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (d, &m) in self.placed.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                out[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }

    /// Open cells where `digit` may still go.
    pub fn candidate_mask(&self, digit: u8) -> u128 {
        self.candidates[digit as usize - 1]
    }

    /// Cells holding `digit`.
    pub fn placed_mask(&self, digit: u8) -> u128 {
        self.placed[digit as usize - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_sees_every_digit_is_a_dead_end() {
        // r1c9 sees 1..8 in its row and 9 in its column.
        let mut g = Grid::parse(&format!("12345678.{}", ".".repeat(72))).unwrap();
        g.set(Cell::new(4, 8), 9);
        let s = ForcedSingles::from_grid(&g).unwrap();
        assert_eq!(
            s.propagate(),
            Some((1, DeadEnd::NoCandidate(Cell::new(0, 8))))
        );
    }

    #[test]
    fn singles_that_fill_a_proper_puzzle_stall_without_a_dead_end() {
        let g = Grid::parse(crate::test_puzzles::EASY).unwrap();
        assert_eq!(ForcedSingles::from_grid(&g).unwrap().propagate(), None);
        let mut clash = g;
        clash.set(Cell::new(0, 0), 3);
        assert!(ForcedSingles::from_grid(&clash).is_none());
    }
}
