//! A quick certificate that the rule engine never needs a forcing chain on
//! a classic puzzle, for the generator's Extreme search: most candidates it
//! rates are easier, and the engine's own walk, step by explained step,
//! takes milliseconds to say so where this takes microseconds.
//!
//! The certificate is the closure of the puzzle under a set T of rules:
//! naked and hidden singles, locked candidates, naked and hidden subsets of
//! two to four, basic fish of two to four lines, and alternating inference
//! chains of single candidates of at most 23 links (the engine's search
//! goes to 24). Each is applied in bulk, every elimination of a pass at
//! once, in any order. When the closure solves the puzzle, the engine's
//! walk, whatever order it takes its steps in, never reaches a forcing
//! chain, so no step of it rates 8.5 or more: the puzzle is not Extreme.
//! Two properties of T make that certain:
//!
//! 1. A rule of T that removes a candidate from a state leaves a rule of T
//!    to apply on any smaller state (fewer candidates, the solution still
//!    in) that still holds the candidate. A subset, a fish or a chain
//!    whose cells lost candidates is a smaller subset, fish or chain, or
//!    degenerates into a single (a strong link one end of which is gone
//!    makes the other end a single; the singles propagate along the chain
//!    to an end, whose placement removes the candidate). So every state
//!    where no rule of T applies, below a state the closure solves, is
//!    solved itself: the closure of any state the engine's walk reaches is
//!    the solution, and an unsolved state always has a rule of T to apply.
//! 2. Where a rule of T applies, one of the engine's finders before the
//!    forcing chains finds a step: singles, locked candidates, subsets and
//!    basic fish are found by the engine's finders of those names (the
//!    same definitions), and a chain of T is in the graph of the engine's
//!    grouped-AIC search, whose breadth-first walk from the chain's start
//!    reaches its end within 24 links and concludes there, unless the two
//!    ends are a strong link, whose common victims are locked candidates.
//!
//! A puzzle the closure does not solve proves nothing here: the engine
//! rates it in full.

mod chains;
mod patterns;

use crate::grid::masks::{ALL_CELLS, PEER_MASKS, UNIT_MASKS};
use crate::grid::Grid;

#[inline]
const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// Iterates the set bits of a mask, lowest first.
#[inline]
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The box of each cell, as a unit index (18..27).
const fn box_unit(cell: usize) -> usize {
    18 + (cell / 27) * 3 + (cell % 9) / 3
}

/// Candidates as digit-major bitboards and cell-major masks, kept in sync.
struct Marks {
    /// Per digit (0..9), the open cells that may hold it.
    digits: [u128; 9],
    /// Per cell, its candidates (bit `d` for digit `d + 1`); 0 once placed.
    cells: [u16; 81],
    /// Per digit, the cells where it is placed.
    placed: [u128; 9],
    /// Every placed cell.
    filled: u128,
}

impl Marks {
    fn new(puzzle: &Grid) -> Marks {
        let mut m = Marks {
            digits: [ALL_CELLS; 9],
            cells: [0x1ff; 81],
            placed: [0; 9],
            filled: 0,
        };
        for (i, &d) in puzzle.digits().iter().enumerate() {
            if d != 0 {
                m.place(i, d as usize - 1);
            }
        }
        m
    }

    fn place(&mut self, cell: usize, d: usize) {
        self.filled |= bit(cell);
        self.placed[d] |= bit(cell);
        for x in bits(u128::from(self.cells[cell])) {
            self.digits[x] &= !bit(cell);
        }
        self.cells[cell] = 0;
        let seen = self.digits[d] & PEER_MASKS[cell];
        for p in bits(seen) {
            self.cells[p] &= !(1 << d);
        }
        self.digits[d] &= !seen;
    }

    fn eliminate(&mut self, cell: usize, d: usize) {
        self.cells[cell] &= !(1 << d);
        self.digits[d] &= !bit(cell);
    }

    fn eliminate_all(&mut self, d: usize, cells: u128) -> bool {
        let victims = self.digits[d] & cells;
        for c in bits(victims) {
            self.cells[c] &= !(1 << d);
        }
        self.digits[d] &= !victims;
        victims != 0
    }

    fn solved(&self) -> bool {
        self.filled == ALL_CELLS
    }

    /// Naked and hidden singles until none is left; `None` when the grid
    /// breaks (an open cell or a unit's missing digit without a place).
    fn singles(&mut self) -> Option<()> {
        loop {
            let mut progress = false;
            for c in bits(ALL_CELLS & !self.filled) {
                let cands = self.cells[c];
                if cands == 0 {
                    return None;
                }
                if cands.count_ones() == 1 {
                    self.place(c, cands.trailing_zeros() as usize);
                    progress = true;
                }
            }
            for u in UNIT_MASKS {
                for d in 0..9 {
                    let m = self.digits[d] & u;
                    if m == 0 {
                        if self.placed[d] & u == 0 {
                            return None;
                        }
                    } else if m & (m - 1) == 0 {
                        self.place(m.trailing_zeros() as usize, d);
                        progress = true;
                    }
                }
            }
            if !progress {
                return Some(());
            }
        }
    }
}

/// Whether the closure of `puzzle` (a classic puzzle with one solution)
/// under the rules of this module solves it: then the rule engine's walk
/// never reaches a forcing chain, and rates the puzzle below Extreme.
/// `false` proves nothing.
pub(crate) fn solved_without_forcing(puzzle: &Grid) -> bool {
    close(&mut Marks::new(puzzle))
}

/// Applies the rules until none applies; `true` when that solves the grid.
fn close(m: &mut Marks) -> bool {
    loop {
        if m.singles().is_none() {
            return false;
        }
        if m.solved() {
            return true;
        }
        let progress = m.locked() || m.naked() || m.hidden() || m.fish() || m.chains();
        if !progress {
            return false;
        }
    }
}

#[cfg(test)]
mod tests;
