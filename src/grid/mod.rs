//! The grid model: cells, units, candidate sets, the 81-digit [`Grid`], the
//! player's [`Board`] (givens kept apart from entries and notes) and the
//! text and save-file formats.

mod board;
mod candidates;
mod cell;
mod cell_set;
mod format;
pub mod masks;
mod save;
mod shape;
mod shaped;
mod stream;

pub use board::{Board, CellChange, CellState, EditError, Move, Place};
pub use candidates::{Candidates, CandidatesIter};
pub use cell::{Cell, Unit};
pub use cell_set::CellSet;
pub use format::{ParseError, PuzzleLine, Puzzles, MAX_LINE_BYTES};
pub(crate) use save::{invalid, parse_versioned, read_save, write_save};
pub use save::{megabytes, SaveError, SavedGame, MAX_SAVE_BYTES};
pub(crate) use shape::{in_one_piece, Lattice81};
pub use shape::{
    regions_in_reading_order, GridName, GridPlace, House, Overlap, Parity, Shape, ShapeError,
    ShapeName, ShapeSpec, Size, Symbols, MAX_OVERLAP_CELLS,
};
pub(crate) use shaped::shaped_header;
pub use shaped::{
    from_fpuzzles, from_link, has_shape_header, is_fpuzzles_json, is_link, parse_shape_header,
    parse_shaped, to_fpuzzles, to_link, ExchangeError, LinkSite, ShapedEntry, ShapedErrorKind,
    ShapedGrid, ShapedParseError,
};
pub use stream::{open_puzzles, read_puzzles, PuzzleLines, PuzzleStream};

use std::fmt;

/// The six orders of three things: the rows of a band, the columns of a
/// stack, the bands or the stacks of the grid. The solver's band
/// permutations and the generator's canonical form both walk them.
pub const ORDERS_OF_3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// 81 digits in reading order, `0` for an empty cell.
///
/// A `Grid` is a plain value (a puzzle, a solution, a snapshot of a board);
/// it does not know which digits are givens: that is [`Board`]'s job.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid([u8; 81]);

impl Default for Grid {
    fn default() -> Self {
        Grid([0; 81])
    }
}

impl Grid {
    /// The empty grid.
    pub const fn empty() -> Grid {
        Grid([0; 81])
    }

    /// Builds a grid from 81 values; anything above 9 is an error naming the cell.
    pub fn from_digits(digits: [u8; 81]) -> Result<Grid, ParseError> {
        if let Some(i) = digits.iter().position(|&d| d > 9) {
            return Err(ParseError::BadValue {
                cell: Cell::ALL[i],
                value: digits[i],
            });
        }
        Ok(Grid(digits))
    }

    /// Parses one grid from text: an 81-character line, a 9-line grid with
    /// spaces, a forum grid with `|`, `-`, `+` drawing, or a `grilleXX.txt`
    /// grid with its `3 3` header. See [`read_puzzles`] for files with many.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        format::parse_grid(text)
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> u8 {
        self.0[cell.index()]
    }

    /// Sets `cell` to `digit` (0 clears it).
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: u8) {
        debug_assert!(digit <= 9);
        self.0[cell.index()] = digit;
    }

    #[inline]
    /// The grid of the first 81 `values` (a 9×9 board's cells by index);
    /// a value above 9, or a cell missing, is left empty.
    pub fn from_digits_lossy(values: &[u8]) -> Grid {
        let mut digits = [0; 81];
        for (d, &v) in digits.iter_mut().zip(values) {
            *d = if v <= 9 { v } else { 0 };
        }
        Grid(digits)
    }

    pub fn digits(&self) -> &[u8; 81] {
        &self.0
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.0.iter().filter(|&&d| d != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.0.iter().all(|&d| d != 0)
    }

    /// Whether every filled cell of `self` holds the same digit in `other`.
    pub fn agrees_with(&self, other: &Grid) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .all(|(&a, &b)| a == 0 || a == b)
    }

    /// Digits not yet used by the peers of `cell` (its candidates by the
    /// basic rule; empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> Candidates {
        if self.get(cell) != 0 {
            return Candidates::NONE;
        }
        let mut seen = Candidates::NONE;
        for &p in cell.peers() {
            let d = self.get(p);
            if d != 0 {
                seen.insert(d);
            }
        }
        !seen
    }

    /// Every digit that appears more than once in a unit, with the cells.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut found = Vec::new();
        for unit in Unit::ALL {
            let mut by_digit: [Vec<Cell>; 10] = Default::default();
            for &cell in unit.cells() {
                by_digit[self.get(cell) as usize].push(cell);
            }
            for (digit, cells) in by_digit.into_iter().enumerate().skip(1) {
                // A pair in one row and one box is one mistake: say it once.
                let repeated = found
                    .iter()
                    .any(|c: &Conflict| c.digit == digit as u8 && c.cells == cells);
                if cells.len() > 1 && !repeated {
                    found.push(Conflict {
                        digit: digit as u8,
                        unit,
                        cells,
                    });
                }
            }
        }
        found
    }

    /// The 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.0
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }

    /// Nine lines of nine space-separated digits, `0` for empty cells.
    pub fn to_grid_text(&self) -> String {
        let mut out = String::with_capacity(9 * 18);
        for row in self.0.chunks(9) {
            let line: Vec<String> = row.iter().map(|d| d.to_string()).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// A boxed grid for terminals, as forum posts draw it.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        for row in 0..9 {
            if row == 3 || row == 6 {
                out.push_str("------+-------+------\n");
            }
            for col in 0..9 {
                if col == 3 || col == 6 {
                    out.push_str("| ");
                }
                let d = self.get(Cell::new(row, col));
                out.push(if d == 0 { '.' } else { (b'0' + d) as char });
                out.push(if col == 8 { '\n' } else { ' ' });
            }
        }
        out
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse(s)
    }
}

impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_line())
    }
}

impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Grid::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// One digit written more than once in one unit (`hint::verdict` says it
/// in words).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Conflict {
    pub digit: u8,
    pub unit: Unit,
    pub cells: Vec<Cell>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::HARD_17;

    #[test]
    fn candidates_follow_the_basic_rule() {
        let g = Grid::parse(HARD_17).unwrap();
        // r1c2 sees 4, 8, 5 in its row and 3 in its box and column 2's 2.
        let c = g.candidates(Cell::new(0, 1));
        assert!(!c.contains(4) && !c.contains(8) && !c.contains(5) && !c.contains(3));
        assert!(c.contains(1) && c.contains(6));
        assert!(g.candidates(Cell::new(0, 0)).is_empty());
    }

    #[test]
    fn conflicts_name_digit_unit_and_cells() {
        let mut g = Grid::parse(HARD_17).unwrap();
        assert!(g.conflicts().is_empty());
        g.set(Cell::new(0, 1), 4);
        let conflicts = g.conflicts();
        assert_eq!(conflicts.len(), 1);
        assert_eq!(
            conflicts[0],
            Conflict {
                digit: 4,
                unit: Unit::Row(0),
                cells: vec![Cell::new(0, 0), Cell::new(0, 1)]
            }
        );
        g.set(Cell::new(1, 0), 4);
        let units: Vec<Unit> = g.conflicts().iter().map(|c| c.unit).collect();
        assert_eq!(units, vec![Unit::Row(0), Unit::Col(0), Unit::Box(0)]);
    }

    #[test]
    fn from_digits_rejects_values_above_nine() {
        let mut d = [0u8; 81];
        d[10] = 12;
        let err = Grid::from_digits(d).unwrap_err();
        assert_eq!(err.to_string(), "cell r2c2: 12 is not a digit from 0 to 9");
    }
}
