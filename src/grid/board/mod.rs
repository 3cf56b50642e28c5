//! The player's board: givens from the paper, the player's entries and
//! notes, and an undo history of moves.

use super::{Candidates, Cell, Grid, Shape, ShapedGrid};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the player controls in one cell: an entry (0 for none) and notes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub entry: u8,
    #[serde(with = "notes_text")]
    pub notes: Candidates,
}

/// A cell of a board of any size: its index in reading order and the
/// grid's side, so that it names itself (`r10c12` on a 16×16) and turns
/// into a 9×9 [`Cell`] only where there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub index: u16,
    pub side: u8,
}

impl Place {
    pub fn row(self) -> usize {
        usize::from(self.index) / usize::from(self.side.max(1))
    }

    pub fn col(self) -> usize {
        usize::from(self.index) % usize::from(self.side.max(1))
    }

    /// The 9×9 cell, for a board on the classic lattice.
    pub fn cell(self) -> Option<Cell> {
        (self.side == 9)
            .then(|| Cell::from_index(self.index.into()))
            .flatten()
    }
}

impl From<Cell> for Place {
    fn from(cell: Cell) -> Place {
        Place {
            index: cell.index() as u16,
            side: 9,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A place is written by its name (`"r10c12"`), as a [`Cell`] is.
impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One cell's state before and after a move, so undo and redo are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellChange {
    /// The cell's index in reading order (see [`cell_index`] for how a save
    /// file writes it).
    #[serde(rename = "cell", with = "cell_index")]
    pub index: u16,
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
    Given { cell: Place, digit: u8 },
    /// Only the shape's symbols can be written (0 clears): 1..=9 on a 9×9.
    NotADigit { cell: Place, value: u8 },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Given { cell, digit } => {
                write!(f, "{cell} holds the given {digit}, which cannot be changed")
            }
            EditError::NotADigit { cell, value } => {
                write!(f, "{cell}: {value} is not a digit from 1 to {}", cell.side)
            }
        }
    }
}

impl std::error::Error for EditError {}

/// A game in progress on any shape, the classic unless told otherwise.
///
/// Cells are indices in the shape's reading order (`0..cell_count`), so a
/// board holds a 4×4 as well as a 16×16, and later the overlapping grids.
/// The 9×9 API ([`Cell`], [`Grid`]) that the rule engine, Pip and the
/// photo reader use is kept as a view: on a board of another size its
/// grids are empty, and the app asks [`Board::is_9x9`] before using it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    /// The givens, one per cell index.
    given_values: Vec<u8>,
    /// The same givens as the 9×9 [`Grid`] the engine reads (empty on a
    /// board of another size): kept with them, since a hint, a check or a
    /// save of a classic game reads it many times a frame.
    givens: Grid,
    cells: Vec<CellState>,
    undo: Vec<Move>,
    redo: Vec<Move>,
}

impl Board {
    /// A fresh classic game on `givens`.
    pub fn new(givens: Grid) -> Board {
        Board {
            shape: Shape::classic(),
            given_values: givens.digits().to_vec(),
            givens,
            cells: vec![CellState::default(); 81],
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A fresh game on a puzzle of any shape (a 6×6, a 16×16, a jigsaw...).
    pub fn of_shaped(puzzle: &ShapedGrid) -> Board {
        let shape = puzzle.shape().clone();
        let givens = if shape.is_9x9() {
            Grid::from_digits_lossy(puzzle.values())
        } else {
            Grid::empty()
        };
        Board {
            cells: vec![CellState::default(); shape.cell_count()],
            given_values: puzzle.values().to_vec(),
            givens,
            shape,
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
                board.check_editable(cell.index())?;
                board.cells[cell.index()].entry = d;
            }
        }
        Ok(board)
    }

    /// A game on a puzzle of any shape whose player already wrote
    /// `entries` (one value per cell, 0 for none; e.g. read from a photo of
    /// a 6×6), with no history to undo. Entries on given cells and values
    /// the shape has no symbol for are refused.
    pub fn of_shaped_with_entries(puzzle: &ShapedGrid, entries: &[u8]) -> Result<Board, EditError> {
        let mut board = Board::of_shaped(puzzle);
        for (index, &d) in entries.iter().enumerate() {
            if d != 0 {
                board.check_editable(index)?;
                board.check_symbol(index, d)?;
                board.cells[index].entry = d;
            }
        }
        Ok(board)
    }

    /// [`Board::of_shaped_with_entries`] with the pencil `notes` of each
    /// cell too (one per cell index): a game under way kept elsewhere (the
    /// endless carpet's view, made again as the player moves). Notes of
    /// filled cells are dropped; entries on given cells are refused.
    pub fn of_shaped_with_notes(
        puzzle: &ShapedGrid,
        entries: &[u8],
        notes: &[Candidates],
    ) -> Result<Board, EditError> {
        let mut board = Board::of_shaped_with_entries(puzzle, entries)?;
        for (index, &n) in notes.iter().enumerate().take(board.cells.len()) {
            if board.value_at(index) == 0 {
                board.cells[index].notes = n;
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
    /// a shape of another size, whose puzzle is a [`ShapedGrid`] (see
    /// [`Board::of_shaped`]).
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

    /// Whether the board lies on the 9×9 lattice, where its [`Cell`] and
    /// [`Grid`] views hold (and the rule engine reads it).
    pub fn is_9x9(&self) -> bool {
        self.shape.is_9x9()
    }

    /// Number of cells (81 on a 9×9, 256 on a 16×16).
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The cell at `index`, named with the grid's side.
    pub fn place(&self, index: usize) -> Place {
        Place {
            index: index as u16,
            side: self.shape.side() as u8,
        }
    }

    /// Plays the board by the rules of another shape of the same size (the
    /// correction screen's choice of classic, X, Hyper, jigsaw...);
    /// `false`, and nothing changed, for a shape of another size.
    pub fn set_shape(&mut self, shape: Shape) -> bool {
        if shape.cell_count() != self.cell_count() {
            return false;
        }
        self.shape = shape;
        true
    }

    /// The givens as a 9×9 grid (empty on a board of another size).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The givens of any size, one per cell index.
    pub fn given_values(&self) -> &[u8] {
        &self.given_values
    }

    /// The puzzle: the givens in the board's shape.
    pub fn puzzle(&self) -> ShapedGrid {
        ShapedGrid::new(self.shape.clone(), self.given_values.clone())
            .unwrap_or_else(|| ShapedGrid::empty(self.shape.clone()))
    }

    /// Givens and entries together, one value per cell index.
    pub fn values(&self) -> Vec<u8> {
        (0..self.cell_count()).map(|i| self.value_at(i)).collect()
    }

    /// The player's entries alone, one value per cell index.
    pub fn entry_values(&self) -> Vec<u8> {
        self.cells.iter().map(|c| c.entry).collect()
    }

    /// The player's entries alone, as a 9×9 grid (empty on another size).
    pub fn entries(&self) -> Grid {
        self.nine_by_nine(self.entry_values())
    }

    /// Givens and entries together as a 9×9 grid: what the board shows
    /// (empty on another size).
    pub fn grid(&self) -> Grid {
        self.nine_by_nine(self.values())
    }

    fn nine_by_nine(&self, values: Vec<u8>) -> Grid {
        if self.is_9x9() {
            Grid::from_digits_lossy(&values)
        } else {
            Grid::empty()
        }
    }

    /// The value shown in cell `index` (given or entry), 0 when empty.
    pub fn value_at(&self, index: usize) -> u8 {
        match self.given_values.get(index) {
            Some(0) => self.cells[index].entry,
            Some(&d) => d,
            None => 0,
        }
    }

    pub fn is_given_at(&self, index: usize) -> bool {
        self.given_values.get(index).is_some_and(|&d| d != 0)
    }

    pub fn notes_at(&self, index: usize) -> Candidates {
        self.state_at(index).notes
    }

    pub fn state_at(&self, index: usize) -> CellState {
        self.cells.get(index).copied().unwrap_or_default()
    }

    /// The digit shown in `cell` (given or entry), 0 when empty.
    pub fn value(&self, cell: Cell) -> u8 {
        self.value_at(cell.index())
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.is_given_at(cell.index())
    }

    pub fn notes(&self, cell: Cell) -> Candidates {
        self.notes_at(cell.index())
    }

    pub fn state(&self, cell: Cell) -> CellState {
        self.state_at(cell.index())
    }

    /// Every cell filled and no symbol twice in a house of the shape.
    pub fn is_solved(&self) -> bool {
        let values = self.values();
        values.iter().all(|&v| v != 0) && self.shape.repeated_cells(&values).is_empty()
    }

    /// The player's entries that differ from `solution` (one value per
    /// cell index), by index: what Check marks on a grid of any size.
    pub fn wrong_entries_at(&self, solution: &[u8]) -> Vec<usize> {
        (0..self.cell_count())
            .filter(|&i| {
                let v = self.value_at(i);
                !self.is_given_at(i) && v != 0 && solution.get(i) != Some(&v)
            })
            .collect()
    }

    fn check_editable(&self, index: usize) -> Result<(), EditError> {
        match self.given_values.get(index) {
            Some(0) => Ok(()),
            Some(&digit) => Err(EditError::Given {
                cell: self.place(index),
                digit,
            }),
            None => Err(EditError::NotADigit {
                cell: self.place(index),
                value: 0,
            }),
        }
    }

    fn check_symbol(&self, index: usize, value: u8) -> Result<(), EditError> {
        if usize::from(value) > self.shape.side() {
            return Err(EditError::NotADigit {
                cell: self.place(index),
                value,
            });
        }
        Ok(())
    }

    /// Writes `digit` in `cell` (0 clears it); see [`Board::set_entry_at`].
    pub fn set_entry(&mut self, cell: Cell, digit: u8) -> Result<(), EditError> {
        self.set_entry_at(cell.index(), digit)
    }

    /// Writes `digit` in cell `index` (0 clears it). Writing a digit clears
    /// the cell's notes and removes that digit from the notes of its peers,
    /// as players expect from a digital grid; undo restores all of it.
    pub fn set_entry_at(&mut self, index: usize, digit: u8) -> Result<(), EditError> {
        self.check_editable(index)?;
        self.check_symbol(index, digit)?;
        let mut edits = vec![(
            index,
            CellState {
                entry: digit,
                notes: if digit == 0 {
                    self.notes_at(index)
                } else {
                    Candidates::NONE
                },
            },
        )];
        if digit != 0 {
            for &peer in self.shape.peers_of(index) {
                let mut state = self.state_at(peer.into());
                if state.notes.contains(digit) {
                    state.notes.remove(digit);
                    edits.push((peer.into(), state));
                }
            }
        }
        self.apply_at(edits)
    }

    /// Adds or removes one pencil mark; see [`Board::toggle_note_at`].
    pub fn toggle_note(&mut self, cell: Cell, digit: u8) -> Result<(), EditError> {
        self.toggle_note_at(cell.index(), digit)
    }

    /// Adds or removes one pencil mark in cell `index`. Filled cells keep
    /// no notes.
    pub fn toggle_note_at(&mut self, index: usize, digit: u8) -> Result<(), EditError> {
        self.check_editable(index)?;
        if digit == 0 {
            return Err(EditError::NotADigit {
                cell: self.place(index),
                value: digit,
            });
        }
        self.check_symbol(index, digit)?;
        let mut state = self.state_at(index);
        if state.entry != 0 {
            return Ok(());
        }
        state.notes.toggle(digit);
        self.apply_at([(index, state)])
    }

    /// Replaces the notes of `cell`.
    pub fn set_notes(&mut self, cell: Cell, notes: Candidates) -> Result<(), EditError> {
        self.check_editable(cell.index())?;
        let state = CellState {
            notes,
            ..self.state(cell)
        };
        self.apply([(cell, state)])
    }

    /// The values cell `index` may hold by the rules, given what the board
    /// shows: no symbol twice in a house, and the shading's parity.
    pub fn candidates_at(&self, index: usize) -> Candidates {
        if self.value_at(index) != 0 {
            return Candidates::NONE;
        }
        let mut seen = Candidates::NONE;
        for &p in self.shape.peers_of(index) {
            let d = self.value_at(p.into());
            if d != 0 {
                seen.insert(d);
            }
        }
        Candidates::from_wide_bits(self.shape.allowed_bits(index) as u16) - seen
    }

    /// Pencils in the candidates of every empty cell as one move, never
    /// erasing what the player chose:
    ///
    /// - a cell without notes gets every digit its houses allow;
    /// - a cell with notes loses the digits already placed in its houses,
    ///   and keeps the player's other eliminations: a digit the player
    ///   crossed out stays out, since it is not the cell's answer and can
    ///   never mislead;
    /// - but when `solution` is known and the player crossed out the cell's
    ///   own digit (an unsound elimination, which would make every later
    ///   step read the notes wrong), that digit is put back.
    ///
    /// Returns the digits put back, with their cells, so the player can be
    /// told (`solution` is the 9×9 one; see [`Board::fill_notes_at`]).
    pub fn fill_notes(&mut self, solution: Option<&Grid>) -> Vec<(Cell, u8)> {
        let solution = solution.map(|s| s.digits().to_vec());
        self.fill_notes_at(solution.as_deref())
            .into_iter()
            .filter_map(|(i, d)| Some((Cell::from_index(i)?, d)))
            .collect()
    }

    /// [`Board::fill_notes`] on a board of any size, with the solution's
    /// values by cell index; the digits put back come with their indices.
    pub fn fill_notes_at(&mut self, solution: Option<&[u8]>) -> Vec<(usize, u8)> {
        let mut restored = Vec::new();
        let mut edits: Vec<(usize, CellState)> = Vec::new();
        for index in (0..self.cell_count()).filter(|&i| self.value_at(i) == 0) {
            let possible = self.candidates_at(index);
            let mut notes = self.notes_at(index) & possible;
            if let Some(&d) = solution.and_then(|s| s.get(index)) {
                if !notes.is_empty() && possible.contains(d) && !notes.contains(d) {
                    notes.insert(d);
                    restored.push((index, d));
                }
            }
            if notes.is_empty() {
                notes = possible;
            }
            edits.push((index, CellState { entry: 0, notes }));
        }
        // Only editable cells are empty, so this cannot fail.
        let _ = self.apply_at(edits);
        restored
    }

    /// Clears all entries and notes, back to the givens (undoable).
    pub fn reset(&mut self) {
        let edits: Vec<(usize, CellState)> = (0..self.cell_count())
            .filter(|&i| self.state_at(i) != CellState::default())
            .map(|i| (i, CellState::default()))
            .collect();
        let _ = self.apply_at(edits);
    }

    /// Applies several cell edits as one undoable move; see [`Board::apply_at`].
    pub fn apply(
        &mut self,
        edits: impl IntoIterator<Item = (Cell, CellState)>,
    ) -> Result<(), EditError> {
        self.apply_at(edits.into_iter().map(|(c, s)| (c.index(), s)))
    }

    /// Applies several cell edits, by cell index, as one undoable move;
    /// unchanged cells are left out, and an edit that changes nothing
    /// records nothing.
    pub fn apply_at(
        &mut self,
        edits: impl IntoIterator<Item = (usize, CellState)>,
    ) -> Result<(), EditError> {
        let mut changes = Vec::new();
        for (index, after) in edits {
            self.check_editable(index)?;
            self.check_symbol(index, after.entry)?;
            let before = self.state_at(index);
            if before != after {
                changes.push(CellChange {
                    index: index as u16,
                    before,
                    after,
                });
            }
        }
        if changes.is_empty() {
            return Ok(());
        }
        for ch in &changes {
            self.cells[usize::from(ch.index)] = ch.after;
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
            self.cells[usize::from(ch.index)] = ch.before;
        }
        self.redo.push(mv);
        self.redo.last()
    }

    /// Plays again the last undone move.
    pub fn redo(&mut self) -> Option<&Move> {
        let mv = self.redo.pop()?;
        for ch in &mv.changes {
            self.cells[usize::from(ch.index)] = ch.after;
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

    /// Rebuilds a board from saved parts: `puzzle`'s shape and givens, one
    /// state per cell. The save module checks the parts against each other
    /// first (and reports what is wrong).
    pub(in crate::grid) fn from_parts(
        puzzle: &ShapedGrid,
        cells: Vec<CellState>,
        undo: Vec<Move>,
        redo: Vec<Move>,
    ) -> Board {
        Board {
            cells,
            undo,
            redo,
            ..Board::of_shaped(puzzle)
        }
    }
}

/// How a save file writes a move's cell: its index as a number. Files of
/// the first version named the cell of a 9×9 (`"r4c7"`); those still read.
mod cell_index {
    use super::Cell;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(index: &u16, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(*index)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Index(u16),
        Named(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
        match Written::deserialize(d)? {
            Written::Index(i) => Ok(i),
            Written::Named(name) => Cell::parse(&name)
                .map(|c| c.index() as u16)
                .ok_or_else(|| serde::de::Error::custom(format!("{name:?} is not a cell"))),
        }
    }
}

/// Notes are saved as the digits written together (`"137"`, and `A` to `G`
/// for 10 to 16), which is both compact and readable in a save file.
mod notes_text {
    use super::Candidates;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(notes: &Candidates, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(notes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Candidates, D::Error> {
        let text = String::deserialize(d)?;
        text.chars()
            .map(|ch| {
                Candidates::digit_of_char(ch).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "notes \"{text}\": {ch:?} is not a digit from 1 to 9 or a letter from A to G"
                    ))
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
