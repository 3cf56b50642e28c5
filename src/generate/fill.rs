//! Fresh random complete grids, the start of every generated puzzle.
//!
//! The three boxes on the main diagonal share no row, column or box, so each
//! gets an independent random permutation of 1..9; a depth-first search
//! then fills the other cells, always the open cell with the fewest
//! candidates first, trying its digits in random order. Any filling of the
//! diagonal boxes can be completed, and with the fewest-candidates rule the
//! search rarely backs up, so a grid takes some tens of microseconds.

use super::marks::Marks;
use super::rng::Rng;
use crate::grid::Grid;

/// A random valid complete grid, drawn from `rng`.
pub(crate) fn random_solution(rng: &mut Rng) -> Grid {
    loop {
        let mut marks = Marks::empty();
        for b in [0, 4, 8] {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            let (top, left) = ((b / 3) * 3, (b % 3) * 3);
            for (k, &d) in digits.iter().enumerate() {
                marks.place((top + k / 3) * 9 + left + k % 3, d);
            }
        }
        if complete(&mut marks, rng) {
            return marks.grid();
        }
    }
}

/// Fills every open cell, or returns false (leaving `marks` as it was) when
/// there is no way to.
fn complete(marks: &mut Marks, rng: &mut Rng) -> bool {
    let mut best = None;
    let mut fewest = u32::MAX;
    for i in 0..81 {
        if marks.cells[i] != 0 {
            continue;
        }
        let n = marks.candidates(i).count_ones();
        if n < fewest {
            if n == 0 {
                return false;
            }
            fewest = n;
            best = Some(i);
        }
    }
    let Some(cell) = best else {
        return true;
    };
    let mut digits = [0u8; 9];
    let mut n = 0;
    let mut bits = marks.candidates(cell);
    while bits != 0 {
        digits[n] = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        n += 1;
    }
    rng.shuffle(&mut digits[..n]);
    for &d in &digits[..n] {
        marks.place(cell, d);
        if complete(marks, rng) {
            return true;
        }
        marks.clear(cell);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_are_valid_complete_and_differ() {
        let mut rng = Rng::new(42);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        for g in [a, b] {
            assert!(g.is_complete());
            assert!(g.conflicts().is_empty(), "{}", g.to_line());
        }
        assert_ne!(a, b);
        assert_eq!(
            random_solution(&mut Rng::new(42)),
            a,
            "the seed fixes the grid"
        );
    }
}
