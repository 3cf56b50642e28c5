//! The player's board: givens from the paper, the player's entries and
//! notes, and an undo history of moves.

use super::{Candidates, Cell, Grid, Shape};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the player controls in one cell: an entry (0 for none) and notes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub entry: u8,
    #[serde(with = "notes_text")]
    pub notes: Candidates,
}

/// One cell's state before and after a move, so undo and redo are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellChange {
    pub cell: Cell,
    pub before: CellState,
    pub after: CellState,
}

/// One undoable action; it may touch many cells (fill notes, apply a hint).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub changes: Vec<CellChange>,
}

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// Givens come from the paper and cannot be overwritten.
    Given { cell: Cell, digit: u8 },
    /// Only 1..=9 can be written (0 clears).
    NotADigit { cell: Cell, value: u8 },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Given { cell, digit } => {
                write!(f, "{cell} holds the given {digit}, which cannot be changed")
            }
            EditError::NotADigit { cell, value } => {
                write!(f, "{cell}: {value} is not a digit from 1 to 9")
            }
        }
    }
}

impl std::error::Error for EditError {}

/// A game in progress, on a 9×9 shape (the classic unless told otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    givens: Grid,
    cells: [CellState; 81],
    undo: Vec<Move>,
    redo: Vec<Move>,
}

impl Board {
    /// A fresh classic game on `givens`.
    pub fn new(givens: Grid) -> Board {
        Board {
            shape: Shape::classic(),
            givens,
            cells: [CellState::default(); 81],
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A game whose player already wrote `entries` (e.g. read from a photo).
    /// Entries on given cells are refused.
    pub fn with_entries(givens: Grid, entries: &Grid) -> Result<Board, EditError> {
        let mut board = Board::new(givens);
        for cell in Cell::ALL {
            let d = entries.get(cell);
            if d != 0 {
                board.check_editable(cell)?;
                board.cells[cell.index()].entry = d;
            }
        }
        Ok(board)
    }

    /// A game already under way, with no history to undo: the player's
    /// `entries` and the pencil `notes` of each cell (a practice position
    /// of the technique guide). Notes of filled cells are dropped; entries
    /// on given cells are refused.
    pub fn with_notes(
        givens: Grid,
        entries: &Grid,
        notes: &[Candidates; 81],
    ) -> Result<Board, EditError> {
        let mut board = Board::with_entries(givens, entries)?;
        for cell in Cell::ALL {
            if board.value(cell) == 0 {
                board.cells[cell.index()].notes = notes[cell.index()];
            }
        }
        Ok(board)
    }

    /// A fresh game on `givens` by the rules of a 9×9 `shape`; `None` for
    /// a shape of another size, which a board of 81 cells cannot hold.
    pub fn in_shape(shape: Shape, givens: Grid) -> Option<Board> {
        shape.is_9x9().then(|| Board {
            shape,
            ..Board::new(givens)
        })
    }

    /// The shape whose rules the board follows.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Plays the board by the rules of another 9×9 shape (the correction
    /// screen's choice of classic, X, Hyper...); `false`, and nothing
    /// changed, for a shape of another size.
    pub fn set_shape(&mut self, shape: Shape) -> bool {
        if !shape.is_9x9() {
            return false;
        }
        self.shape = shape;
        true
    }

    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The player's entries alone.
    pub fn entries(&self) -> Grid {
        let mut g = Grid::empty();
        for cell in Cell::ALL {
            g.set(cell, self.cells[cell.index()].entry);
        }
        g
    }

    /// Givens and entries together: what the board shows.
    pub fn grid(&self) -> Grid {
        let mut g = self.givens;
        for cell in Cell::ALL {
            let e = self.cells[cell.index()].entry;
            if e != 0 {
                g.set(cell, e);
            }
        }
        g
    }

    /// The digit shown in `cell` (given or entry), 0 when empty.
    pub fn value(&self, cell: Cell) -> u8 {
        match self.givens.get(cell) {
            0 => self.cells[cell.index()].entry,
            d => d,
        }
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.get(cell) != 0
    }

    pub fn notes(&self, cell: Cell) -> Candidates {
        self.cells[cell.index()].notes
    }

    pub fn state(&self, cell: Cell) -> CellState {
        self.cells[cell.index()]
    }

    pub fn is_solved(&self) -> bool {
        let g = self.grid();
        g.is_complete() && g.conflicts().is_empty()
    }

    fn check_editable(&self, cell: Cell) -> Result<(), EditError> {
        match self.givens.get(cell) {
            0 => Ok(()),
            digit => Err(EditError::Given { cell, digit }),
        }
    }

    /// Writes `digit` in `cell` (0 clears it). Writing a digit clears the
    /// cell's notes and removes that digit from the notes of its peers, as
    /// players expect from a digital grid; undo restores all of it.
    pub fn set_entry(&mut self, cell: Cell, digit: u8) -> Result<(), EditError> {
        self.check_editable(cell)?;
        if digit > 9 {
            return Err(EditError::NotADigit { cell, value: digit });
        }
        let mut edits = vec![(
            cell,
            CellState {
                entry: digit,
                notes: if digit == 0 {
                    self.notes(cell)
                } else {
                    Candidates::NONE
                },
            },
        )];
        if digit != 0 {
            for &peer in cell.peers() {
                let mut state = self.state(peer);
                if state.notes.contains(digit) {
                    state.notes.remove(digit);
                    edits.push((peer, state));
                }
            }
        }
        self.apply(edits)
    }

    /// Adds or removes one pencil mark. Filled cells keep no notes.
    pub fn toggle_note(&mut self, cell: Cell, digit: u8) -> Result<(), EditError> {
        self.check_editable(cell)?;
        if !(1..=9).contains(&digit) {
            return Err(EditError::NotADigit { cell, value: digit });
        }
        let mut state = self.state(cell);
        if state.entry != 0 {
            return Ok(());
        }
        state.notes.toggle(digit);
        self.apply([(cell, state)])
    }

    /// Replaces the notes of `cell`.
    pub fn set_notes(&mut self, cell: Cell, notes: Candidates) -> Result<(), EditError> {
        self.check_editable(cell)?;
        let state = CellState {
            notes,
            ..self.state(cell)
        };
        self.apply([(cell, state)])
    }

    /// Pencils in the candidates of every empty cell as one move, never
    /// erasing what the player chose:
    ///
    /// - a cell without notes gets every digit its row, column and box allow;
    /// - a cell with notes loses the digits already placed in its row,
    ///   column or box, and keeps the player's other eliminations: a digit
    ///   the player crossed out stays out, since it is not the cell's answer
    ///   and can never mislead;
    /// - but when `solution` is known and the player crossed out the cell's
    ///   own digit (an unsound elimination, which would make every later
    ///   step read the notes wrong), that digit is put back.
    ///
    /// Returns the digits put back, with their cells, so the player can be
    /// told.
    pub fn fill_notes(&mut self, solution: Option<&Grid>) -> Vec<(Cell, u8)> {
        let grid = self.grid();
        let mut restored = Vec::new();
        let mut edits: Vec<(Cell, CellState)> = Vec::new();
        for cell in Cell::ALL.into_iter().filter(|&c| grid.get(c) == 0) {
            let possible = self.shape.candidates(&grid, cell);
            let mut notes = self.notes(cell) & possible;
            if let Some(d) = solution.map(|s| s.get(cell)) {
                if !notes.is_empty() && possible.contains(d) && !notes.contains(d) {
                    notes.insert(d);
                    restored.push((cell, d));
                }
            }
            if notes.is_empty() {
                notes = possible;
            }
            edits.push((cell, CellState { entry: 0, notes }));
        }
        // Only editable cells are empty, so this cannot fail.
        let _ = self.apply(edits);
        restored
    }

    /// Clears all entries and notes, back to the givens (undoable).
    pub fn reset(&mut self) {
        let edits: Vec<(Cell, CellState)> = Cell::ALL
            .iter()
            .filter(|&&c| self.state(c) != CellState::default())
            .map(|&c| (c, CellState::default()))
            .collect();
        let _ = self.apply(edits);
    }

    /// Applies several cell edits as one undoable move; unchanged cells are
    /// left out, and an edit that changes nothing records nothing.
    pub fn apply(
        &mut self,
        edits: impl IntoIterator<Item = (Cell, CellState)>,
    ) -> Result<(), EditError> {
        let mut changes = Vec::new();
        for (cell, after) in edits {
            self.check_editable(cell)?;
            if after.entry > 9 {
                return Err(EditError::NotADigit {
                    cell,
                    value: after.entry,
                });
            }
            let before = self.state(cell);
            if before != after {
                changes.push(CellChange {
                    cell,
                    before,
                    after,
                });
            }
        }
        if changes.is_empty() {
            return Ok(());
        }
        for ch in &changes {
            self.cells[ch.cell.index()] = ch.after;
        }
        self.undo.push(Move { changes });
        self.redo.clear();
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move; returns it, or `None` when there is none.
    pub fn undo(&mut self) -> Option<&Move> {
        let mv = self.undo.pop()?;
        for ch in mv.changes.iter().rev() {
            self.cells[ch.cell.index()] = ch.before;
        }
        self.redo.push(mv);
        self.redo.last()
    }

    /// Plays again the last undone move.
    pub fn redo(&mut self) -> Option<&Move> {
        let mv = self.redo.pop()?;
        for ch in &mv.changes {
            self.cells[ch.cell.index()] = ch.after;
        }
        self.undo.push(mv);
        self.undo.last()
    }

    /// The moves that undo would take back, oldest first.
    pub fn history(&self) -> &[Move] {
        &self.undo
    }

    /// The undone moves that redo would replay, most recently undone last.
    pub fn redo_stack(&self) -> &[Move] {
        &self.redo
    }

    /// Rebuilds a board from saved parts, checking that the history is
    /// consistent with the cells (the save module reports the error).
    pub(super) fn from_parts(
        givens: Grid,
        cells: [CellState; 81],
        undo: Vec<Move>,
        redo: Vec<Move>,
    ) -> Board {
        Board {
            shape: Shape::classic(),
            givens,
            cells,
            undo,
            redo,
        }
    }
}

/// Notes are saved as the digits written together (`"137"`), which is both
/// compact and readable in a save file.
mod notes_text {
    use super::Candidates;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(notes: &Candidates, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(notes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Candidates, D::Error> {
        let text = String::deserialize(d)?;
        text.chars()
            .map(|ch| match ch {
                '1'..='9' => Ok(ch as u8 - b'0'),
                _ => Err(serde::de::Error::custom(format!(
                    "notes \"{text}\": {ch:?} is not a digit from 1 to 9"
                ))),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::new(Grid::parse(crate::test_puzzles::HARD_17).unwrap())
    }

    #[test]
    fn givens_are_protected() {
        let mut b = board();
        let err = b.set_entry(Cell::new(0, 0), 3).unwrap_err();
        assert_eq!(
            err.to_string(),
            "r1c1 holds the given 4, which cannot be changed"
        );
        assert_eq!(b.value(Cell::new(0, 0)), 4);
        assert!(!b.can_undo());
    }

    #[test]
    fn entries_notes_undo_redo() {
        let mut b = board();
        let c = Cell::new(0, 1);
        b.toggle_note(Cell::new(0, 2), 1).unwrap();
        b.toggle_note(Cell::new(0, 2), 2).unwrap();
        b.set_entry(c, 1).unwrap();
        assert_eq!(b.value(c), 1);
        assert_eq!(
            b.notes(Cell::new(0, 2)).to_string(),
            "2",
            "peer note 1 removed"
        );
        b.undo();
        assert_eq!(b.value(c), 0);
        assert_eq!(b.notes(Cell::new(0, 2)).to_string(), "12");
        b.redo();
        assert_eq!(b.value(c), 1);
        assert_eq!(b.entries().filled_count(), 1);
        assert_eq!(b.grid().filled_count(), 18);
        // A new move clears the redo stack.
        b.undo();
        b.set_entry(c, 6).unwrap();
        assert!(!b.can_redo());
    }

    #[test]
    fn fill_notes_and_reset_are_single_moves() {
        let mut b = board();
        b.fill_notes(None);
        assert_eq!(b.history().len(), 1);
        assert_eq!(
            b.notes(Cell::new(0, 1)),
            b.grid().candidates(Cell::new(0, 1))
        );
        b.set_entry(Cell::new(0, 1), 1).unwrap();
        b.reset();
        assert_eq!(b.grid(), *b.givens());
        assert!(b.notes(Cell::new(0, 1)).is_empty());
        b.undo();
        assert_eq!(b.value(Cell::new(0, 1)), 1);
        // A no-op records nothing.
        let n = b.history().len();
        b.set_entry(Cell::new(0, 1), 1).unwrap();
        assert_eq!(b.history().len(), n);
    }

    #[test]
    fn filling_notes_keeps_the_players_sound_eliminations() {
        let mut b = board();
        let solution = crate::solver::solve(b.givens()).unwrap();
        let cell = Cell::new(0, 1);
        let possible = b.grid().candidates(cell);
        let answer = solution.get(cell);
        // The player crossed out a digit that is not the answer, and wrote
        // a digit that a given in the row already rules out.
        let wrong_guess = possible.iter().find(|&d| d != answer).unwrap();
        let ruled_out = (1..=9).find(|&d| !possible.contains(d)).unwrap();
        let mut mine = possible;
        mine.remove(wrong_guess);
        mine.insert(ruled_out);
        b.set_notes(cell, mine).unwrap();
        // In another cell the player crossed out the answer itself.
        let other = Cell::new(1, 0);
        let mut theirs = b.grid().candidates(other);
        theirs.remove(solution.get(other));
        b.set_notes(other, theirs).unwrap();

        let restored = b.fill_notes(Some(&solution));
        let mut kept = possible;
        kept.remove(wrong_guess);
        assert_eq!(
            b.notes(cell),
            kept,
            "sound elimination kept, impossible digit gone"
        );
        assert_eq!(restored, vec![(other, solution.get(other))]);
        assert_eq!(
            b.notes(other),
            b.grid().candidates(other),
            "the answer is back"
        );
        let untouched = Cell::new(8, 8);
        assert_eq!(b.notes(untouched), b.grid().candidates(untouched));
        // Without a solution to judge by, every elimination is kept.
        b.undo();
        assert!(b.fill_notes(None).is_empty());
        assert!(!b.notes(other).contains(solution.get(other)));
    }

    #[test]
    fn entries_from_a_photo() {
        let b = board();
        let mut entries = Grid::empty();
        entries.set(Cell::new(0, 1), 2);
        let b2 = Board::with_entries(*b.givens(), &entries).unwrap();
        assert_eq!(b2.value(Cell::new(0, 1)), 2);
        assert!(!b2.can_undo());
        entries.set(Cell::new(0, 0), 2);
        assert!(Board::with_entries(*b.givens(), &entries).is_err());
    }
}
