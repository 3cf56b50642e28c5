//! The game being played, apart from any drawing: the board and its edits,
//! the selection, the clock, the marks left by Check, and the file the
//! puzzle came from. No egui here, so every rule of play is tested without
//! a window.

use std::path::PathBuf;

use crate::grid::{Board, Candidates, Cell, CellState, EditError, Grid, SavedGame, Shape};
use crate::logic::{Candidate, Highlights};

/// Seconds between background autosaves while the board changes: a window
/// that ends with no exit save (a display that dies, a crash) loses at
/// most the moves of these last seconds. A save is one small file written
/// atomically on the worker, so a few seconds cost nothing a player sees.
pub const AUTOSAVE_SECONDS: f64 = 5.0;

/// Seconds between autosaves in a game's first 30 seconds of play: a
/// window ended then kept nothing of a young game before (issue 32, N3).
pub(super) const FIRST_AUTOSAVE_SECONDS: f64 = 3.0;

/// How long a game is young, for [`FIRST_AUTOSAVE_SECONDS`].
const YOUNG_GAME_SECONDS: f64 = 30.0;

/// What an edit did to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Nothing changed (the same digit typed again over a note, say).
    Unchanged,
    /// The board changed; `solved` when this edit completed the grid.
    Changed { solved: bool },
    /// The board refused the edit (a given cannot be changed).
    Refused(EditError),
}

/// The puzzles of the last many-puzzle file opened, and which one is played.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFile {
    pub name: String,
    pub puzzles: Vec<Grid>,
    pub index: usize,
}

/// The game session: everything about the game, nothing about the window.
#[derive(Clone, Debug)]
pub struct Session {
    pub board: Board,
    pub selected: Option<Cell>,
    /// The selected cell of a board off the 9×9 lattice (a 6×6, a 16×16),
    /// by index: such a board has no [`Cell`]s.
    pub spot: Option<usize>,
    /// The zoom and pan of a board of overlapping grids.
    pub camera: super::plane_camera::PlaneCamera,
    /// The endless carpet the board is a view of, while one is played.
    pub(crate) endless: Option<Box<crate::generate::endless::EndlessPlay>>,
    pub notes_mode: bool,
    pub paused: bool,
    /// Counts board edits, so that late answers about an older board are dropped.
    pub generation: u64,
    /// Digits placed by Solve or by an applied step, drawn apart from the
    /// player's own; one per cell index.
    pub revealed: Vec<u8>,
    /// Highlights that are not the dialogue's (wrong entries after Check/Solve).
    pub marks: Highlights,
    /// The entries Check found wrong on a board off the 9×9 lattice, by
    /// index (a 9×9's are in `marks`, as Pip's highlights name cells).
    pub wrong_spots: Vec<usize>,
    /// The entries as read from a photo and not set by the player: while a
    /// cell still holds its reading, Pip asks about it instead of calling
    /// it wrong (the reading may be Pip's mistake, not the player's).
    pub photo_readings: Grid,
    /// The solved grid was already celebrated.
    solved_shown: bool,
    /// Seconds played, and the clock reading of the last tick that counted.
    pub elapsed: f64,
    last_tick: Option<f64>,
    /// The file the game was loaded from or saved to.
    pub game_path: Option<PathBuf>,
    pub file: PuzzleFile,
    /// Numbers game snapshots, so that a late background write of an older
    /// one never replaces a newer save.
    snapshot_version: u64,
    /// The generation last handed to an autosave, and when (clock seconds;
    /// `None` before the first autosave of this game).
    pub saved_generation: u64,
    last_save: Option<f64>,
}

impl Session {
    pub fn new(notes_mode: bool) -> Session {
        Session {
            board: Board::new(Grid::empty()),
            selected: Some(Cell::new(0, 0)),
            spot: None,
            camera: Default::default(),
            endless: None,
            notes_mode,
            paused: false,
            generation: 0,
            revealed: vec![0; 81],
            marks: Highlights::default(),
            wrong_spots: Vec::new(),
            photo_readings: Grid::empty(),
            solved_shown: false,
            elapsed: 0.0,
            last_tick: None,
            game_path: None,
            file: PuzzleFile::default(),
            snapshot_version: 0,
            saved_generation: 0,
            last_save: None,
        }
    }

    /// Starts playing `board` after `elapsed` seconds already played,
    /// forgetting the previous game's marks; the selection goes to the
    /// first empty cell.
    pub fn start(&mut self, board: Board, elapsed: f64) {
        self.board = board;
        self.elapsed = elapsed;
        self.generation += 1;
        self.revealed = vec![0; self.board.cell_count()];
        self.marks = Highlights::default();
        self.wrong_spots.clear();
        self.photo_readings = Grid::empty();
        self.solved_shown = self.board.is_solved();
        self.paused = false;
        self.camera.reset();
        self.endless = None;
        // A new game is saved at once (see `FIRST_AUTOSAVE_SECONDS`).
        self.last_save = None;
        self.selected = Cell::ALL
            .iter()
            .copied()
            .find(|&c| self.board.value(c) == 0)
            .or(Some(Cell::new(0, 0)));
        let first_empty = (0..self.board.cell_count()).find(|&i| self.board.value_at(i) == 0);
        self.spot = (!self.board.is_9x9()).then(|| first_empty.unwrap_or(0));
    }

    /// The selected cell's index, on a board of any size.
    pub fn selected_index(&self) -> Option<usize> {
        if self.board.is_9x9() {
            self.selected.map(Cell::index)
        } else {
            self.spot
        }
    }

    /// Runs an edit of the board. A change bumps the generation, drops
    /// wrong-entry marks on cells that were emptied, and notices a grid
    /// solved by this edit.
    pub fn edit(&mut self, f: impl FnOnce(&mut Board) -> Result<(), EditError>) -> Edit {
        let before = (self.board.values(), self.notes());
        if let Err(e) = f(&mut self.board) {
            return Edit::Refused(e);
        }
        if before == (self.board.values(), self.notes()) {
            return Edit::Unchanged;
        }
        // A cell whose digit changed is no longer the entry Check crossed
        // out (issue 30: a corrected digit stayed crossed).
        let (was, board) = (before.0, &self.board);
        self.marks
            .wrong
            .retain(|&c| board.value(c) == was.get(c.index()).copied().unwrap_or(0));
        self.wrong_spots
            .retain(|&i| board.value_at(i) == was.get(i).copied().unwrap_or(0));
        self.changed()
    }

    /// After the board changed by any means (an edit, undo, an applied step).
    pub fn changed(&mut self) -> Edit {
        self.generation += 1;
        let board = &self.board;
        self.marks.wrong.retain(|&c| board.value(c) != 0);
        self.wrong_spots.retain(|&i| board.value_at(i) != 0);
        let solved = self.board.is_solved();
        if solved {
            // A solved grid has no wrong entry left to cross out.
            self.marks.wrong.clear();
            self.wrong_spots.clear();
        }
        let newly = solved && !self.solved_shown;
        self.solved_shown = solved;
        Edit::Changed { solved: newly }
    }

    fn notes(&self) -> Vec<Candidates> {
        (0..self.board.cell_count())
            .map(|i| self.board.notes_at(i))
            .collect()
    }

    /// Writes `digit` into the selected cell, or toggles it as a note when
    /// `note` is set. Typing the entry already there clears it.
    pub fn type_digit(&mut self, digit: u8, note: bool) -> Edit {
        let Some(cell) = self.selected_index() else {
            return Edit::Unchanged;
        };
        if self.paused {
            return Edit::Unchanged;
        }
        let board = &self.board;
        if note && digit != 0 {
            if board.value_at(cell) != 0 && !board.is_given_at(cell) {
                return Edit::Unchanged;
            }
            self.edit(|b| b.toggle_note_at(cell, digit))
        } else if digit != 0 && board.value_at(cell) == digit && !board.is_given_at(cell) {
            self.player_wrote(cell);
            self.edit(|b| b.set_entry_at(cell, 0))
        } else {
            self.player_wrote(cell);
            self.edit(|b| b.set_entry_at(cell, digit))
        }
    }

    /// The player wrote in cell `index` (typed, erased): whatever it holds
    /// from now on is theirs, not a photo's reading.
    fn player_wrote(&mut self, index: usize) {
        if let Some(cell) = Cell::from_index(index).filter(|_| self.board.is_9x9()) {
            if !self.board.is_given(cell) {
                self.photo_readings.set(cell, 0);
            }
        }
    }

    /// Erases the selected cell's entry, or its notes when it has none.
    pub fn erase(&mut self) -> Edit {
        let Some(cell) = self.selected_index() else {
            return Edit::Unchanged;
        };
        if self.paused {
            return Edit::Unchanged;
        }
        if self.board.value_at(cell) != 0 {
            self.player_wrote(cell);
            self.edit(|b| b.set_entry_at(cell, 0))
        } else {
            let state = CellState {
                notes: Candidates::NONE,
                ..self.board.state_at(cell)
            };
            self.edit(|b| b.apply_at([(cell, state)]))
        }
    }

    /// Moves the selection, wrapping around the board's edges. On
    /// overlapping grids it moves on the plane, so that it crosses from one
    /// grid into the next (through a shared box, or over the hole between
    /// two grids to the next cell that way), and the view follows it.
    pub fn move_selection(&mut self, drow: i32, dcol: i32) {
        let shape = self.board.shape().clone();
        let here = self.selected_index().unwrap_or(0);
        let Some(next) = next_on_plane(&shape, here, drow, dcol) else {
            return;
        };
        let (row, col) = shape.position(next);
        if self.board.is_9x9() {
            self.selected = Some(Cell::new(row, col));
        } else {
            self.spot = Some(next);
            self.camera.follow(row, col);
        }
    }

    /// Undoes the last move; `None` when there is none (or while paused).
    pub fn undo(&mut self) -> Option<Edit> {
        if self.paused {
            return Some(Edit::Unchanged);
        }
        self.board.undo()?;
        Some(self.changed())
    }

    /// Redoes the last undone move; `None` when there is none.
    pub fn redo(&mut self) -> Option<Edit> {
        if self.paused {
            return Some(Edit::Unchanged);
        }
        self.board.redo()?;
        Some(self.changed())
    }

    /// Back to the givens (one undoable move); every mark goes.
    pub fn reset(&mut self) -> Edit {
        let edit = self.edit(|b| {
            b.reset();
            Ok(())
        });
        self.marks = Highlights::default();
        edit
    }

    /// Pencils in every empty cell's candidates (one undoable move) without
    /// erasing the player's notes: see [`Board::fill_notes`]. The player's
    /// eliminations are judged against the puzzle's solution: sound ones
    /// stay, one that crossed out a cell's answer is undone. Returns what
    /// changed, and the candidates put back.
    pub fn fill_notes(&mut self) -> (Edit, Vec<Candidate>) {
        if !self.board.is_9x9() {
            let solution = self.sized_solution();
            let edit = self.edit(|b| {
                b.fill_notes_at(solution.as_deref());
                Ok(())
            });
            // a candidate is named by a 9×9 cell: none to name here
            return (edit, Vec::new());
        }
        let solution = crate::solver::verdict(self.board.givens())
            .solution()
            .copied();
        let mut restored = Vec::new();
        let edit = self.edit(|b| {
            restored = b.fill_notes(solution.as_ref());
            Ok(())
        });
        let restored = restored
            .into_iter()
            .map(|(cell, digit)| Candidate::new(cell, digit))
            .collect();
        (edit, restored)
    }

    /// The solution of a board off the 9×9 lattice, one value per cell:
    /// the endless carpet's own (its view's givens alone may have several),
    /// else the exact solver's; `None` when the givens have none.
    pub fn sized_solution(&self) -> Option<Vec<u8>> {
        match &self.endless {
            Some(play) => Some(play.solution().to_vec()),
            None => crate::solver::solve_shaped(self.board.shape(), self.board.given_values()),
        }
    }

    /// The endless carpet's view was made again around another grid:
    /// `moved` is the new board and selection, and the camera moves with
    /// the plane so that the same cells stay on screen. The clock and the
    /// notes mode go on; the marks of the old view go.
    pub(crate) fn replace_view(&mut self, moved: crate::generate::endless::Moved) {
        self.board = moved.board;
        self.generation += 1;
        self.revealed = vec![0; self.board.cell_count()];
        self.marks = Highlights::default();
        self.wrong_spots.clear();
        self.spot = Some(moved.spot);
        self.camera.shift(moved.shift);
    }

    /// Whether filling the notes would add a candidate anywhere: an empty
    /// cell without notes, or a cell whose notes lack its answer. The
    /// steps past the singles are read in the candidates, so Pip offers to
    /// fill them first.
    pub fn notes_missing(&self) -> bool {
        let mut board = self.board.clone();
        let solution = crate::solver::verdict(board.givens()).solution().copied();
        let restored = board.fill_notes(solution.as_ref());
        !restored.is_empty()
            || Cell::ALL
                .iter()
                .any(|&c| self.board.value(c) == 0 && self.board.notes(c).is_empty())
    }

    /// Every note removed (one undoable move).
    pub fn clear_notes(&mut self) -> Edit {
        let board = &self.board;
        let edits: Vec<(usize, CellState)> = (0..board.cell_count())
            .filter(|&i| !board.is_given_at(i) && !board.notes_at(i).is_empty())
            .map(|i| {
                let notes = Candidates::NONE;
                (
                    i,
                    CellState {
                        notes,
                        ..board.state_at(i)
                    },
                )
            })
            .collect();
        self.edit(|b| b.apply_at(edits))
    }

    /// Fills every empty cell with the solution's digit (one undoable move),
    /// drawn as revealed. Solve is not the player's win: no celebration.
    pub fn reveal(&mut self, solution: &Grid) -> Edit {
        self.reveal_values(solution.digits())
    }

    /// [`Session::reveal`] on a board of any size: `solution` holds one
    /// value per cell index.
    pub fn reveal_values(&mut self, solution: &[u8]) -> Edit {
        let board = &self.board;
        let edits: Vec<(usize, CellState)> = (0..board.cell_count())
            .filter(|&i| board.value_at(i) == 0)
            .map(|i| {
                let entry = solution.get(i).copied().unwrap_or(0);
                (
                    i,
                    CellState {
                        entry,
                        notes: Candidates::NONE,
                    },
                )
            })
            .collect();
        self.revealed.resize(board.cell_count(), 0);
        for (i, s) in &edits {
            self.revealed[*i] = s.entry;
        }
        self.marks = Highlights::default();
        self.solved_shown = true;
        self.edit(|b| b.apply_at(edits))
    }

    /// Plays a step of the sized rule engine (one undoable move): its
    /// values placed, drawn as revealed, and its eliminations taken out of
    /// the player's notes where they are.
    pub fn play_sized_step(&mut self, step: &crate::logic::sized::SizedStep) -> Edit {
        let edits = crate::logic::sized::step_edits(&self.board, step);
        self.revealed.resize(self.board.cell_count(), 0);
        for p in &step.placements {
            self.revealed[usize::from(p.cell)] = p.value;
        }
        self.edit(|b| b.apply_at(edits))
    }

    /// Empties the cells marked wrong (one undoable move).
    pub fn remove_wrong(&mut self) -> Edit {
        let nine = self.marks.wrong.iter().map(|c| c.index());
        let edits: Vec<(usize, CellState)> = nine
            .chain(self.wrong_spots.iter().copied())
            .map(|i| (i, CellState::default()))
            .collect();
        self.marks.wrong.clear();
        self.wrong_spots.clear();
        self.edit(|b| b.apply_at(edits))
    }

    /// Whether the clock runs: not paused, not solved.
    pub fn clock_running(&self) -> bool {
        !self.paused && !self.board.is_solved()
    }

    /// Advances the clock to `now` (seconds on any steady clock). A gap of
    /// more than a second (the window hidden, the machine asleep) counts
    /// as one second.
    pub fn tick(&mut self, now: f64) {
        if let Some(last) = self.last_tick {
            if self.clock_running() {
                self.elapsed += (now - last).clamp(0.0, 1.0);
            }
        }
        self.last_tick = Some(now);
    }

    /// The game as it stands, numbered as the newest snapshot.
    pub fn snapshot(&mut self) -> (SavedGame, u64) {
        self.snapshot_version += 1;
        let game = SavedGame::new(self.board.clone(), self.elapsed as u64);
        (game, self.snapshot_version)
    }

    /// A snapshot for a background autosave, when the game changed since
    /// the last one and [`AUTOSAVE_SECONDS`] have passed ([`FIRST_AUTOSAVE_SECONDS`]
    /// while the game is young, and none for a game never saved).
    pub fn autosave_due(&mut self, now: f64) -> Option<(SavedGame, u64)> {
        let interval = if self.elapsed < YOUNG_GAME_SECONDS {
            FIRST_AUTOSAVE_SECONDS
        } else {
            AUTOSAVE_SECONDS
        };
        let too_soon = self.last_save.is_some_and(|t| now - t < interval);
        if self.generation == self.saved_generation || too_soon {
            return None;
        }
        self.last_save = Some(now);
        Some(self.snapshot())
    }
}

/// The cell one step from `from` on the plane of `shape`, going (`drow`,
/// `dcol`): holes between grids are passed over, and past the plane's edge
/// the move wraps around to the other side (as on one grid). `None` only
/// when the shape has no other cell that way.
pub(super) fn next_on_plane(shape: &Shape, from: usize, drow: i32, dcol: i32) -> Option<usize> {
    let (rows, cols) = shape.plane_size();
    let (mut row, mut col) = shape.position(from);
    for _ in 0..rows.max(cols) {
        row = (row as i32 + drow).rem_euclid(rows as i32) as usize;
        col = (col as i32 + dcol).rem_euclid(cols as i32) as usize;
        if let Some(cell) = shape.cell_at(row, col) {
            return Some(cell);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;

    fn session() -> Session {
        let mut s = Session::new(false);
        s.start(Board::new(Grid::parse(PUZZLE).unwrap()), 0.0);
        s
    }

    #[test]
    fn typing_edits_the_selected_cell_and_typing_again_clears_it() {
        let mut s = session();
        assert_eq!(s.selected, Some(Cell::new(0, 1)), "first empty cell");
        let g = s.generation;
        assert_eq!(s.type_digit(1, false), Edit::Changed { solved: false });
        assert_eq!(s.board.value(Cell::new(0, 1)), 1);
        assert!(s.generation > g);
        assert_eq!(s.type_digit(1, false), Edit::Changed { solved: false });
        assert_eq!(s.board.value(Cell::new(0, 1)), 0);
        s.selected = Some(Cell::new(0, 0));
        assert!(matches!(s.type_digit(5, false), Edit::Refused(_)));
    }

    #[test]
    fn notes_erase_undo_and_pause() {
        let mut s = session();
        s.type_digit(2, true);
        s.type_digit(3, true);
        let cell = s.selected.unwrap();
        assert_eq!(s.board.notes(cell).len(), 2);
        s.erase();
        assert!(s.board.notes(cell).is_empty());
        assert!(s.undo().is_some());
        assert_eq!(s.board.notes(cell).len(), 2);
        s.paused = true;
        assert_eq!(s.type_digit(7, false), Edit::Unchanged);
        s.paused = false;
        assert_eq!(s.clear_notes(), Edit::Changed { solved: false });
        assert!(s.board.notes(cell).is_empty());
    }

    #[test]
    fn notes_are_missing_until_filled() {
        let mut s = session();
        assert!(s.notes_missing(), "no notes at all");
        let (edit, restored) = s.fill_notes();
        assert_eq!(edit, Edit::Changed { solved: false });
        assert!(restored.is_empty());
        assert!(!s.notes_missing());
        // A player's sound elimination is no missing note.
        let cell = s.selected.unwrap();
        let solution = crate::solver::solve(s.board.givens()).unwrap();
        let other = s
            .board
            .notes(cell)
            .iter()
            .find(|&d| d != solution.get(cell))
            .unwrap();
        s.type_digit(other, true);
        assert!(!s.notes_missing());
        // Crossing out the answer is: filling puts it back.
        s.type_digit(solution.get(cell), true);
        assert!(s.notes_missing());
        let (_, restored) = s.fill_notes();
        assert_eq!(restored, vec![Candidate::new(cell, solution.get(cell))]);
        assert!(
            !s.board.notes(cell).contains(other),
            "the sound one stays out"
        );
    }

    #[test]
    fn the_clock_counts_play_and_stops_when_paused() {
        let mut s = session();
        s.tick(10.0);
        s.tick(10.5);
        s.tick(60.0); // a long gap counts one second
        assert_eq!(s.elapsed, 1.5);
        s.paused = true;
        s.tick(61.0);
        assert_eq!(s.elapsed, 1.5);
    }

    #[test]
    fn reveal_solves_without_celebrating_and_marks_wrong_entries() {
        let mut s = session();
        let verdict = crate::solver::verdict(&s.board.grid());
        let solution = *verdict.solution().unwrap();
        s.type_digit(9, false);
        let wrong: Vec<Cell> = crate::logic::wrong_entries(&s.board, &solution)
            .iter()
            .map(|w| w.cell)
            .collect();
        assert_eq!(wrong, vec![s.selected.unwrap()]);
        s.marks.wrong = wrong;
        assert_eq!(s.remove_wrong(), Edit::Changed { solved: false });
        assert_eq!(s.reveal(&solution), Edit::Changed { solved: false });
        assert!(s.board.is_solved());
        assert!(s.revealed.iter().filter(|&&d| d != 0).count() > 50);
    }

    #[test]
    fn autosaves_come_only_after_a_change_and_a_pause() {
        let mut s = session();
        s.elapsed = 2.0 * YOUNG_GAME_SECONDS;
        s.saved_generation = s.generation;
        assert!(s.autosave_due(100.0).is_none(), "nothing changed");
        s.type_digit(1, false);
        let (_, first) = s.autosave_due(100.0).unwrap();
        s.saved_generation = s.generation - 1; // the save has not landed yet
        assert!(
            s.autosave_due(100.0 + AUTOSAVE_SECONDS / 2.0).is_none(),
            "too soon"
        );
        let (_, second) = s.autosave_due(100.0 + AUTOSAVE_SECONDS).unwrap();
        assert!(second > first, "newer snapshots carry higher versions");
    }

    /// Issue 32, N3: a game under 30 s old was never autosaved, so a window
    /// ended by a crash or a lost display left nothing of it.
    #[test]
    fn a_young_game_is_saved_within_seconds() {
        let mut s = session();
        assert!(s.autosave_due(1.0).is_some(), "a new game, saved at once");
        s.saved_generation = s.generation;
        s.type_digit(1, false);
        assert!(s.autosave_due(2.0).is_none(), "a second after the last");
        assert!(
            s.autosave_due(1.0 + FIRST_AUTOSAVE_SECONDS).is_some(),
            "a move in the first seconds of a game"
        );
    }
}
