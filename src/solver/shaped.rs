//! The exact solver for every shape: any size up to 16×16, jigsaw regions,
//! extra houses, parity. The classic 9×9 keeps its band solver
//! ([`super::solve`]); this one reads the shape's houses and peers.
//!
//! Algorithm: candidates as bit sets (bit `d - 1` for digit `d`), the
//! forced moves propagated to a fixed point (a cell with one candidate
//! left, a digit with one place left in a house; an empty cell or a digit
//! with no place is a dead end), then a branch on the open cell with the
//! fewest candidates, each candidate tried on a copy of the state. The
//! digits are tried in an order the caller may shuffle, which is how the
//! generator fills a random grid.

use super::ForcedSingles;
use crate::grid::{Cell, Grid, Shape};

/// A search state: each cell's value (0 when open) and candidates.
#[derive(Clone)]
struct State {
    values: Vec<u8>,
    cands: Vec<u32>,
}

/// What one search needs besides the state: the shape, how many solutions
/// to find, the digit order and what was found.
struct Search<'a> {
    shape: &'a Shape,
    limit: usize,
    order: &'a [u8],
    /// Whether the first two solutions are kept (not when only counting).
    keep: bool,
    found: Vec<Vec<u8>>,
    count: usize,
    /// Nodes visited: a bound against pathological inputs is the caller's
    /// choice (see [`count_within`]).
    nodes: u64,
    max_nodes: u64,
}

/// The solutions counted (up to the limit) and the first two found.
pub(super) type Counted = (usize, Vec<Vec<u8>>);

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLimit;

impl State {
    /// The state of a grid by the basic rule, or `None` when two equal
    /// digits already see each other or a digit breaks the shading.
    fn new(shape: &Shape, values: &[u8]) -> Option<State> {
        let n = shape.cell_count();
        if values.len() != n {
            return None;
        }
        let mut s = State {
            values: vec![0; n],
            cands: (0..n).map(|i| shape.allowed_bits(i)).collect(),
        };
        for (i, &v) in values.iter().enumerate() {
            if v != 0 && !s.place(shape, i, v) {
                return None;
            }
        }
        Some(s)
    }

    /// Writes `v` in cell `i` and removes it from its peers; `false` when
    /// `v` is not a candidate there.
    fn place(&mut self, shape: &Shape, i: usize, v: u8) -> bool {
        let bit = 1u32 << (v - 1);
        if self.cands[i] & bit == 0 {
            return false;
        }
        self.values[i] = v;
        self.cands[i] = 0;
        for &p in shape.peers_of(i) {
            self.cands[p as usize] &= !bit;
        }
        true
    }

    /// Places forced digits until none is left; `false` on a dead end.
    fn propagate(&mut self, shape: &Shape) -> bool {
        loop {
            let mut progress = false;
            for i in 0..self.values.len() {
                if self.values[i] != 0 {
                    continue;
                }
                let c = self.cands[i];
                if c == 0 {
                    return false;
                }
                if c & (c - 1) == 0 {
                    self.place(shape, i, c.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
            for house in shape.houses() {
                // Digits seen once and more than once among the open cells.
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &c in &house.cells {
                    let c = c as usize;
                    if self.values[c] != 0 {
                        placed |= 1 << (self.values[c] - 1);
                    } else {
                        twice |= once & self.cands[c];
                        once |= self.cands[c];
                    }
                }
                let all = (1u32 << shape.side()) - 1;
                if (once | placed) != all {
                    return false;
                }
                let mut single = once & !twice & !placed;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single &= single - 1;
                    let Some(&c) = house
                        .cells
                        .iter()
                        .find(|&&c| self.cands[c as usize] & bit != 0)
                    else {
                        return false;
                    };
                    if !self.place(shape, c as usize, bit.trailing_zeros() as u8 + 1) {
                        return false;
                    }
                    progress = true;
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// The open cell with the fewest candidates, if any is open.
    fn branch_cell(&self) -> Option<usize> {
        (0..self.values.len())
            .filter(|&i| self.values[i] == 0)
            .min_by_key(|&i| self.cands[i].count_ones())
    }
}

impl Search<'_> {
    fn run(&mut self, mut state: State) -> Result<(), NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(NodeLimit);
        }
        if !state.propagate(self.shape) {
            return Ok(());
        }
        let Some(cell) = state.branch_cell() else {
            self.count += 1;
            if self.keep && self.found.len() < 2 {
                self.found.push(state.values);
            }
            return Ok(());
        };
        for &v in self.order {
            if state.cands[cell] & (1 << (v - 1)) == 0 {
                continue;
            }
            let mut next = state.clone();
            next.place(self.shape, cell, v);
            self.run(next)?;
            if self.count >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }
}

/// The 9×9 shapes' search: the same algorithm on the forced-singles
/// bitboards (one 81-bit board per digit, the shape's unit masks), which
/// the rule engine uses too; several times faster than the general state.
struct Search81<'a> {
    limit: usize,
    order: &'a [u8],
    keep: bool,
    found: Vec<Vec<u8>>,
    count: usize,
    nodes: u64,
    max_nodes: u64,
}

impl Search81<'_> {
    fn run(&mut self, state: ForcedSingles<'_>) -> Result<(), NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(NodeLimit);
        }
        let Ok(state) = state.settle() else {
            return Ok(());
        };
        let open = state.open_mask();
        if open == 0 {
            self.count += 1;
            if self.keep && self.found.len() < 2 {
                self.found.push(state.values().to_vec());
            }
            return Ok(());
        }
        // The open cell with the fewest candidates: count them per cell
        // with bit-sliced adders over the nine digit boards.
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for d in 1..=9 {
            let b = state.candidate_mask(d);
            three |= two & b;
            two |= one & b;
            one |= b;
        }
        let pick = [two & !three & open, three & open, open]
            .into_iter()
            .find(|&m| m != 0)
            .unwrap_or(open);
        let cell = Cell::ALL[pick.trailing_zeros() as usize];
        let bit = 1u128 << cell.index();
        for &d in self.order {
            if state.candidate_mask(d) & bit == 0 {
                continue;
            }
            let mut next = state;
            next.place(cell, d);
            self.run(next)?;
            if self.count >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }
}

fn search81(
    shape: &Shape,
    values: &[u8],
    limit: usize,
    order: &[u8],
    keep: bool,
    max_nodes: u64,
) -> Option<Result<Counted, NodeLimit>> {
    let digits: [u8; 81] = values.try_into().ok()?;
    let grid = Grid::from_digits(digits).ok()?;
    shape.lattice()?;
    let Some(start) = ForcedSingles::from_grid_in(shape, &grid) else {
        return Some(Ok((0, Vec::new())));
    };
    let mut search = Search81 {
        limit,
        order,
        keep,
        found: Vec::new(),
        count: 0,
        nodes: 0,
        max_nodes,
    };
    if limit > 0 {
        if let Err(e) = search.run(start) {
            return Some(Err(e));
        }
    }
    Some(Ok((search.count, search.found)))
}

/// Up to two solutions (when `keep`) and the number found (no further
/// than `limit`), trying digits in `order` (a permutation of 1..=side);
/// `Err` when the search visits more than `max_nodes` states. The 9×9
/// shapes and those of at most 64 cells take their bitboard paths, which
/// visit the same states as [`search_general`] (the 9×9 one may branch
/// on another cell).
pub(super) fn search(
    shape: &Shape,
    values: &[u8],
    limit: usize,
    order: &[u8],
    keep: bool,
    max_nodes: u64,
) -> Result<Counted, NodeLimit> {
    if let Some(result) = search81(shape, values, limit, order, keep, max_nodes) {
        return result;
    }
    if let Some(result) = super::small::search(shape, values, limit, order, keep, max_nodes) {
        return result;
    }
    search_general(shape, values, limit, order, keep, max_nodes)
}

/// [`search`] on the general state, for every shape.
pub(super) fn search_general(
    shape: &Shape,
    values: &[u8],
    limit: usize,
    order: &[u8],
    keep: bool,
    max_nodes: u64,
) -> Result<Counted, NodeLimit> {
    let Some(state) = State::new(shape, values) else {
        return Ok((0, Vec::new()));
    };
    let mut search = Search {
        shape,
        limit,
        order,
        keep,
        found: Vec::new(),
        count: 0,
        nodes: 0,
        max_nodes,
    };
    if limit > 0 {
        search.run(state)?;
    }
    Ok((search.count, search.found))
}

/// The digits 1..=side in their natural order.
pub(super) fn natural_order(shape: &Shape) -> &'static [u8] {
    const DIGITS: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    &DIGITS[..shape.side().min(16)]
}

/// The first solution of `values` (one value per cell, 0 for open) on
/// `shape`, or `None` when there is none.
pub fn solve_shaped(shape: &Shape, values: &[u8]) -> Option<Vec<u8>> {
    search(shape, values, 1, natural_order(shape), true, u64::MAX)
        .ok()
        .and_then(|(_, mut found)| found.pop())
}

/// The number of solutions, counting no further than `limit`.
pub fn count_shaped(shape: &Shape, values: &[u8], limit: usize) -> usize {
    search(shape, values, limit, natural_order(shape), false, u64::MAX).map_or(0, |(n, _)| n)
}

/// Up to `limit` solutions counted and the first two found.
pub fn solutions_shaped(shape: &Shape, values: &[u8], limit: usize) -> (usize, Vec<Vec<u8>>) {
    search(shape, values, limit, natural_order(shape), true, u64::MAX).unwrap_or((0, Vec::new()))
}

/// A solution found trying the digits in `order` (the generator's random
/// fill), giving up after `max_nodes` search states.
pub fn solve_in_order(
    shape: &Shape,
    values: &[u8],
    order: Vec<u8>,
    max_nodes: u64,
) -> Result<Option<Vec<u8>>, NodeLimit> {
    search(shape, values, 1, &order, true, max_nodes).map(|(_, mut found)| found.pop())
}

/// [`count_shaped`] within a budget of search states.
pub fn count_within(
    shape: &Shape,
    values: &[u8],
    limit: usize,
    max_nodes: u64,
) -> Result<usize, NodeLimit> {
    search(shape, values, limit, natural_order(shape), false, max_nodes).map(|(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn values(text: &str, shape: &Shape) -> Vec<u8> {
        let sym = shape.symbols();
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| sym.value_of(c, shape.side() as u8).unwrap())
            .collect()
    }

    #[test]
    fn agrees_with_the_band_solver_on_the_classic() {
        let g = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let classic = Shape::classic();
        let sol = solve_shaped(&classic, g.digits()).unwrap();
        assert_eq!(sol.as_slice(), crate::solver::solve(&g).unwrap().digits());
        assert_eq!(count_shaped(&classic, g.digits(), 2), 1);
        assert_eq!(count_shaped(&classic, &[0; 81], 3), 3);
    }

    #[test]
    fn an_x_sudoku_is_unique_only_with_its_diagonals() {
        // An X-Sudoku (diagonals must hold 1-9): several solutions as a
        // classic, one as an X.
        let x = Shape::parse_name("x").unwrap();
        let puzzle = values(crate::test_puzzles::X_SUDOKU, &x);
        assert_eq!(count_shaped(&x, &puzzle, 2), 1);
        assert_eq!(count_shaped(&Shape::classic(), &puzzle, 2), 2);
        let sol = solve_shaped(&x, &puzzle).unwrap();
        let diag: Vec<u8> = (0..9).map(|i| sol[i * 9 + i]).collect();
        let mut sorted = diag.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=9).collect::<Vec<_>>(), "{diag:?}");
    }

    #[test]
    fn small_and_large_grids_fill_and_count() {
        for name in ["4x4", "6x6", "12x12", "16x16", "6x6+x"] {
            let shape = Shape::parse_name(name).unwrap();
            let empty = vec![0; shape.cell_count()];
            let sol = solve_shaped(&shape, &empty).unwrap();
            assert!(sol.iter().all(|&v| v >= 1 && v as usize <= shape.side()));
            for house in shape.houses() {
                let mut seen = 0u32;
                for &c in &house.cells {
                    seen |= 1 << (sol[c as usize] - 1);
                }
                assert_eq!(seen.count_ones() as usize, shape.side(), "{name}");
            }
            assert_eq!(count_shaped(&shape, &sol, 2), 1);
        }
    }

    #[test]
    fn contradictions_and_the_node_budget_are_reported() {
        let four = Shape::parse_name("4x4").unwrap();
        let mut v = vec![0; 16];
        v[0] = 1;
        v[1] = 1;
        assert_eq!(count_shaped(&four, &v, 2), 0);
        assert_eq!(solve_shaped(&four, &v), None);
        let sixteen = Shape::parse_name("16x16").unwrap();
        assert_eq!(
            count_within(&sixteen, &vec![0; 256], 1_000_000, 10),
            Err(NodeLimit)
        );
    }
}
