//! The words behind "no solution": the singles played one round at a time
//! on simple digit-major bitboards (one 81-bit board per digit), slowly and
//! plainly, to name the first cell or unit they leave empty. Only used to
//! report; the fast search is in `bands`.

use crate::grid::{Cell, Grid};

use crate::grid::masks::{ALL_CELLS, PEER_MASKS as PEERS, UNIT_MASKS as UNITS};

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
