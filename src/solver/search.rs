//! The search engine: digit-major bitboards with propagation of naked and
//! hidden singles and guessing on the most constrained cell.
//!
//! Each digit owns a 128-bit board with one bit per cell where it may still
//! go (placed digits keep their bit). A whole state is ten `u128`s, so a
//! guess copies 160 bytes instead of undoing changes, and the searches
//! allocate nothing.

use crate::grid::{Cell, Grid};

const ALL_CELLS: u128 = (1u128 << 81) - 1;

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

const UNITS: [u128; 27] = unit_masks();

const fn peer_masks() -> [u128; 81] {
    let mut masks = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        masks[c] = (UNITS[r] | UNITS[9 + col] | UNITS[18 + b]) & !(1 << c);
        c += 1;
    }
    masks
}

const PEERS: [u128; 81] = peer_masks();

#[derive(Clone, Copy)]
pub(crate) struct State {
    /// Cells where each digit (index 0 for digit 1) may still go.
    digits: [u128; 9],
    /// Cells not yet placed.
    open: u128,
}

impl State {
    /// The state after placing the givens, or `None` when two givens clash.
    pub(crate) fn new(grid: &Grid) -> Option<State> {
        let mut s = State {
            digits: [ALL_CELLS; 9],
            open: ALL_CELLS,
        };
        for (i, &d) in grid.digits().iter().enumerate() {
            if d != 0 {
                if s.digits[d as usize - 1] & (1 << i) == 0 {
                    return None;
                }
                s.place(i, d as usize - 1);
            }
        }
        Some(s)
    }

    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        for board in &mut self.digits {
            *board &= !bit;
        }
        self.digits[digit] = (self.digits[digit] & !PEERS[cell]) | bit;
        self.open &= !bit;
    }

    /// Places every naked and hidden single until none is left; `false`
    /// when some cell or unit runs out of room.
    #[inline]
    fn propagate(&mut self) -> bool {
        loop {
            // Counting candidates per cell with two bit-planes: cells with
            // at least one and with at least two candidates.
            let (mut one, mut two) = (0u128, 0u128);
            for &board in &self.digits {
                let b = board & self.open;
                two |= one & b;
                one |= b;
            }
            if self.open & !one != 0 {
                return false;
            }
            let mut singles = one & !two;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    let Some(d) = (0..9).find(|&d| self.digits[d] & bit != 0) else {
                        return false; // an earlier single of this batch took its last digit
                    };
                    self.place(cell, d);
                }
                continue;
            }
            let mut placed = false;
            for d in 0..9 {
                for unit in UNITS {
                    let here = self.digits[d] & unit;
                    if here == 0 {
                        return false;
                    }
                    if here & (here - 1) == 0 && here & self.open != 0 {
                        self.place(here.trailing_zeros() as usize, d);
                        placed = true;
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// The open cell with the fewest candidates (bivalue cells first).
    #[inline]
    fn pick_cell(&self) -> usize {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &board in &self.digits {
            let b = board & self.open;
            three |= two & b;
            two |= one & b;
            one |= b;
        }
        let exactly_two = two & !three;
        if exactly_two != 0 {
            return exactly_two.trailing_zeros() as usize;
        }
        let mut best = (10, 0);
        let mut open = self.open;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = self
                .digits
                .iter()
                .filter(|&&b| b & (1u128 << cell) != 0)
                .count();
            if n < best.0 {
                best = (n, cell);
                if n <= 3 {
                    break;
                }
            }
        }
        best.1
    }

    fn to_grid(self) -> Grid {
        let mut digits = [0u8; 81];
        for (d, &board) in self.digits.iter().enumerate() {
            let mut placed = board & !self.open;
            while placed != 0 {
                let cell = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                digits[cell] = d as u8 + 1;
            }
        }
        Grid::from_digits(digits).expect("digits come from 1..=9")
    }
}

/// Depth-first search that stops after `limit` solutions; the solutions
/// found go to `found` (at most its length).
pub(crate) fn search(state: State, limit: usize, found: &mut [Grid], count: &mut usize) {
    let mut s = state;
    if !s.propagate() {
        return;
    }
    if s.open == 0 {
        if let Some(slot) = found.get_mut(*count) {
            *slot = s.to_grid();
        }
        *count += 1;
        return;
    }
    let cell = s.pick_cell();
    let bit = 1u128 << cell;
    for d in 0..9 {
        if s.digits[d] & bit != 0 {
            let mut next = s;
            next.place(cell, d);
            search(next, limit, found, count);
            if *count >= limit {
                return;
            }
        }
    }
}

/// Where the singles, played from the givens one round at a time, first
/// break the grid: the words behind "no solution" when the reason is
/// simple. Slow on purpose (cell by cell); only used to report.
pub(crate) fn first_dead_end(grid: &Grid) -> Option<DeadEnd> {
    let mut s = State::new(grid)?;
    loop {
        for cell in Cell::ALL {
            let bit = 1u128 << cell.index();
            if s.open & bit != 0 && s.digits.iter().all(|b| b & bit == 0) {
                return Some(DeadEnd::NoCandidate(cell));
            }
        }
        for unit in crate::grid::Unit::ALL {
            for d in 0..9 {
                if s.digits[d] & UNITS[unit.index()] == 0 {
                    return Some(DeadEnd::NoPlace(unit, d as u8 + 1));
                }
            }
        }
        s = singles_round(s)?;
    }
}

/// Plays every naked single at once, or else one hidden single; `None`
/// when there is neither.
fn singles_round(mut s: State) -> Option<State> {
    let mut progressed = false;
    for cell in 0..81 {
        let bit = 1u128 << cell;
        if s.open & bit == 0 {
            continue;
        }
        let mut ds = (0..9).filter(|&d| s.digits[d] & bit != 0);
        if let (Some(d), None) = (ds.next(), ds.next()) {
            s.place(cell, d);
            progressed = true;
        }
    }
    if progressed {
        return Some(s);
    }
    for d in 0..9 {
        for unit in UNITS {
            let here = s.digits[d] & unit;
            if here != 0 && here & (here - 1) == 0 && here & s.open != 0 {
                s.place(here.trailing_zeros() as usize, d);
                return Some(s);
            }
        }
    }
    None
}

/// A concrete reason why the singles alone already break a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// This cell is left without any candidate.
    NoCandidate(Cell),
    /// This digit has no place left in this unit.
    NoPlace(crate::grid::Unit, u8),
}

impl std::fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeadEnd::NoCandidate(c) => write!(f, "{c} is left with no possible digit"),
            DeadEnd::NoPlace(u, d) => write!(f, "{d} has no place left in {u}"),
        }
    }
}
