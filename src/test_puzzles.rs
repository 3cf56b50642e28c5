//! Puzzle literals the unit tests of several modules share (the
//! integration tests have theirs in `tests/it/common.rs`).

/// A hard puzzle with 17 givens (the fewest a proper Sudoku can have).
pub const HARD_17: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The solution of [`HARD_17`].
pub const HARD_17_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
