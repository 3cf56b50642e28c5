//! The exact solver's path for shapes of at most 64 cells (4×4, 6×6 and
//! their variants: jigsaw regions, diagonals, parity): the algorithm of
//! [`super::shaped`], step for step, on per-digit 64-bit boards instead of
//! per-cell vectors, so that a search allocates nothing but the solutions
//! it keeps and a branch copies a few words.
//!
//! The same singles reach the same fixed point (singles only remove
//! candidates, so their order does not change where they stall or whether
//! they break the grid), the branch is on the same cell (the first open
//! one with the fewest candidates) and the digits are tried in the same
//! order: the same states are visited in the same order, the node budget
//! counts the same, and the same solutions are found first.

use super::shaped::{Counted, NodeLimit};
use crate::grid::{Masks64, Shape};

/// A search state: per digit (index 0 for digit 1), the open cells where
/// it may still go and the cells holding it; and the open cells.
#[derive(Clone, Copy)]
struct Board<const D: usize> {
    cands: [u64; D],
    placed: [u64; D],
    open: u64,
}

impl<const D: usize> Board<D> {
    /// The givens placed, or `None` when two equal digits see each other,
    /// a digit breaks the shading or is out of range, or the length is
    /// not the shape's.
    fn new(masks: &Masks64, values: &[u8]) -> Option<Board<D>> {
        if values.len() != masks.peers.len() {
            return None;
        }
        let mut cands = [0u64; D];
        cands.copy_from_slice(&masks.allowed[..D]);
        let mut board = Board {
            cands,
            placed: [0; D],
            open: masks.cells,
        };
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = usize::from(v) - 1;
            if d >= D || board.cands[d] & (1u64 << i) == 0 {
                return None;
            }
            board.place(masks, i, d);
        }
        Some(board)
    }

    /// Writes digit index `d` in cell `i` and clears it from the peers.
    #[inline(always)]
    fn place(&mut self, masks: &Masks64, i: usize, d: usize) {
        let b = 1u64 << i;
        for c in self.cands.iter_mut() {
            *c &= !b;
        }
        self.cands[d] &= !masks.peers[i];
        self.open &= !b;
        self.placed[d] |= b;
    }

    /// Places naked and hidden singles until none is left; `false` on a
    /// dead end (an open cell with no candidate, a digit with no place in
    /// a house, two singles of one digit seeing each other or two digits
    /// forced into one cell). The naked singles are played until they
    /// stall, then the hidden ones of every house are found at once and
    /// played, and again until neither is left.
    fn settle(&mut self, masks: &Masks64) -> bool {
        loop {
            // Naked singles, round by round.
            loop {
                if self.open == 0 {
                    // Every placement cleared its digit from its peers: a
                    // full grid breaks no house.
                    return true;
                }
                let (mut one, mut two) = (0u64, 0u64);
                for &c in &self.cands {
                    two |= one & c;
                    one |= c;
                }
                if self.open & !one != 0 {
                    return false;
                }
                let singles = one & !two & self.open;
                if singles == 0 {
                    break;
                }
                let forced: [u64; D] = std::array::from_fn(|d| self.cands[d] & singles);
                if !self.place_all(masks, &forced) {
                    return false;
                }
            }
            // Hidden singles: in each house, each digit's places there.
            let mut forced = [0u64; D];
            let here_or_placed: [u64; D] = std::array::from_fn(|d| self.cands[d] | self.placed[d]);
            let mut nowhere = false;
            for &house in &masks.houses {
                for d in 0..D {
                    let here = self.cands[d] & house;
                    nowhere |= here_or_placed[d] & house == 0;
                    if here & here.wrapping_sub(1) == 0 {
                        forced[d] |= here;
                    }
                }
            }
            if nowhere {
                return false;
            }
            if forced.iter().all(|&f| f == 0) {
                return true;
            }
            if !self.place_all(masks, &forced) {
                return false;
            }
        }
    }

    /// Places each digit index `d` in the cells of `forced[d]`; `false`
    /// when one of them is no longer a candidate there (a peer took it, or
    /// another digit was forced into the cell).
    #[inline(always)]
    fn place_all(&mut self, masks: &Masks64, forced: &[u64; D]) -> bool {
        for (d, &cells) in forced.iter().enumerate() {
            let mut s = cells;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                if self.cands[d] & (1u64 << i) == 0 {
                    return false;
                }
                self.place(masks, i, d);
            }
        }
        true
    }

    /// The first open cell with the fewest candidates, if any is open.
    fn branch_cell(&self) -> Option<usize> {
        if self.open == 0 {
            return None;
        }
        // at_least[k]: the cells with k candidates or more.
        let mut at_least = [0u64; 10];
        at_least[0] = u64::MAX;
        for &c in &self.cands {
            for k in (1..=D).rev() {
                at_least[k] |= at_least[k - 1] & c;
            }
        }
        (0..=D)
            .map(|k| self.open & at_least[k] & !at_least[k + 1])
            .find(|&m| m != 0)
            .map(|m| m.trailing_zeros() as usize)
    }

    /// The digits placed, one per cell (0 for an open one).
    fn values(&self, n: usize) -> Vec<u8> {
        let mut out = vec![0u8; n];
        for (d, &m) in self.placed.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                out[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }
}

struct Search<'a> {
    masks: &'a Masks64,
    limit: usize,
    order: &'a [u8],
    /// Whether the first two solutions are kept (not when only counting).
    keep: bool,
    found: Vec<Vec<u8>>,
    count: usize,
    nodes: u64,
    max_nodes: u64,
}

impl Search<'_> {
    fn run<const D: usize>(&mut self, mut board: Board<D>) -> Result<(), NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(NodeLimit);
        }
        if !board.settle(self.masks) {
            return Ok(());
        }
        let Some(cell) = board.branch_cell() else {
            self.count += 1;
            if self.keep && self.found.len() < 2 {
                self.found.push(board.values(self.masks.peers.len()));
            }
            return Ok(());
        };
        let bit = 1u64 << cell;
        for &v in self.order {
            let d = usize::from(v).wrapping_sub(1);
            if d >= D || board.cands[d] & bit == 0 {
                continue;
            }
            let mut next = board;
            next.place(self.masks, cell, d);
            self.run(next)?;
            if self.count >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }

    fn start<const D: usize>(mut self, values: &[u8]) -> Result<Counted, NodeLimit> {
        let Some(board) = Board::<D>::new(self.masks, values) else {
            return Ok((0, Vec::new()));
        };
        if self.limit > 0 {
            self.run(board)?;
        }
        Ok((self.count, self.found))
    }
}

/// The search of [`super::shaped`] on a shape of at most 64 cells, or
/// `None` for a larger one.
pub(super) fn search(
    shape: &Shape,
    values: &[u8],
    limit: usize,
    order: &[u8],
    keep: bool,
    max_nodes: u64,
) -> Option<Result<Counted, NodeLimit>> {
    let masks = shape.masks64()?;
    let search = Search {
        masks,
        limit,
        order,
        keep,
        found: Vec::new(),
        count: 0,
        nodes: 0,
        max_nodes,
    };
    match shape.side() {
        4 => Some(search.start::<4>(values)),
        6 => Some(search.start::<6>(values)),
        _ => None,
    }
}
