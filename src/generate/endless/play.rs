//! The endless carpet being played (issue 34): a board with no edge.
//!
//! The player plays on a view of 3 × 3 grids around the grid they are in
//! (a [`CarpetWindow`], an ordinary `carpet-3`), so the board, the rule
//! engine, the hints and the camera run on it unchanged. When the
//! selection leaves the middle grid, the view is made again around the
//! grid it went into ([`EndlessPlay::follow`]): the player's entries and
//! notes go back into the carpet first, the grids ahead are made, and the
//! camera moves by the same cells, so the board seems to slide under a
//! view that stays put.
//!
//! A view's givens alone may have several solutions: a grid is unique
//! given its neighbours nearer the start, which may lie outside the view.
//! So Check, Solve and the wrong entries a hint names first are judged
//! against the carpet's own solution ([`EndlessPlay::solution`]), never the
//! solver's; and the rule engine's steps stay sound, since a step forced
//! by the view's rules holds in every solution of the view, the carpet's
//! among them.
//!
//! State only: the window (`app::endless_play`) and the page's server
//! (`serve::endless`) act on it.

use super::{CarpetWindow, EndlessCarpet, EndlessError, EndlessParseError, GridPos};
use crate::grid::{Board, Candidates, ShapedGrid};
use crate::logic::Level;

/// Grids made around the player: the view's 3 × 3, and one ring more,
/// which holds the grids that dig some of the view's cells and makes the
/// next grid the player steps into ready before they reach it.
const MADE_AROUND: u32 = 2;

/// The plane cells between two neighbouring grids' corners.
const GRID_STEP: usize = super::GRID_STEP as usize;

/// The rows (and columns) of the view's middle grid: 6 to 14.
const MIDDLE: std::ops::Range<usize> = GRID_STEP..GRID_STEP + 9;

/// The view's middle grid, in its shape's grids (reading order of 3 × 3).
pub const MIDDLE_GRID: usize = 4;

/// The endless carpet being played: the carpet, the view on screen and
/// its solution.
#[derive(Clone, Debug)]
pub struct EndlessPlay {
    carpet: EndlessCarpet,
    window: CarpetWindow,
    /// The carpet's digit in each cell of the view, by index.
    solution: Vec<u8>,
}

/// The view made again around another grid.
#[derive(Clone, Debug)]
pub struct Moved {
    /// The new view's board (no moves to undo: they belonged to the old one).
    pub board: Board,
    /// The selected cell in the new view.
    pub spot: usize,
    /// How far the plane moved under the view, in cells (rows, columns):
    /// what the camera moves by to keep the same cells on screen.
    pub shift: (i32, i32),
}

impl EndlessPlay {
    /// A new carpet from `seed` at `level`, the player on its first grid.
    pub fn new(seed: u64, level: Level) -> Result<EndlessPlay, EndlessError> {
        let carpet = EndlessCarpet::new(seed, level)?;
        Ok(EndlessPlay::around(carpet, GridPos::new(0, 0)))
    }

    /// A carpet read back from its save text, the player where they left.
    pub fn resume(text: &str) -> Result<EndlessPlay, EndlessParseError> {
        let carpet = EndlessCarpet::from_text(text)?;
        let at = carpet.position();
        Ok(EndlessPlay::around(carpet, at))
    }

    fn around(carpet: EndlessCarpet, centre: GridPos) -> EndlessPlay {
        let mut play = EndlessPlay {
            window: CarpetWindow {
                centre,
                shape: EndlessCarpet::window_shape(),
                values: ShapedGrid::empty(EndlessCarpet::window_shape()),
                givens: Vec::new(),
                notes: Vec::new(),
            },
            carpet,
            solution: Vec::new(),
        };
        play.move_to(centre);
        play
    }

    /// Makes the grids around `centre` and the view there.
    fn move_to(&mut self, centre: GridPos) {
        self.carpet.ensure_around(centre, MADE_AROUND);
        self.window = self.carpet.window(centre);
        let (carpet, window) = (&self.carpet, &self.window);
        self.solution = (0..window.shape.cell_count())
            .map(|i| carpet.solution_at(window.plane_cell(i)))
            .collect();
    }

    pub fn seed(&self) -> u64 {
        self.carpet.seed()
    }

    pub fn level(&self) -> Level {
        self.carpet.level()
    }

    /// The grid in the middle of the view: where the player is.
    pub fn centre(&self) -> GridPos {
        self.window.centre
    }

    /// The view's solution, one digit per cell index: the carpet's.
    pub fn solution(&self) -> &[u8] {
        &self.solution
    }

    /// The view as a board: its givens, and the player's entries and notes
    /// as the carpet keeps them.
    pub fn board(&self) -> Board {
        let w = &self.window;
        let count = w.shape.cell_count();
        let givens: Vec<u8> = (0..count)
            .map(|i| if w.givens[i] { w.values.get(i) } else { 0 })
            .collect();
        let entries: Vec<u8> = (0..count)
            .map(|i| if w.givens[i] { 0 } else { w.values.get(i) })
            .collect();
        let notes: Vec<Candidates> = w.notes.iter().map(|&n| Candidates::from_bits(n)).collect();
        let puzzle = ShapedGrid::new(w.shape.clone(), givens)
            .expect("a view's givens are digits of its shape");
        Board::of_shaped_with_notes(&puzzle, &entries, &notes)
            .expect("a view's entries lie on its open cells")
    }

    /// Writes the player's entries and notes on `board` (this view's) back
    /// into the carpet, which keeps them when the view moves on.
    pub fn keep(&mut self, board: &Board) {
        if board.cell_count() != self.window.shape.cell_count() {
            return;
        }
        for i in 0..board.cell_count() {
            if self.window.givens[i] {
                continue;
            }
            let cell = self.window.plane_cell(i);
            // the view's cells are open cells of the carpet: never refused
            let _ = self.carpet.set_entry(cell, board.value_at(i));
            let _ = self
                .carpet
                .set_notes(cell, board.notes_at(i).bits() & 0x1ff);
        }
    }

    /// The view made again around the grid the selected cell `spot` lies
    /// in, when it left the middle grid; `None` while it is in the middle.
    /// `board` (this view's) is kept first.
    pub fn follow(&mut self, board: &Board, spot: usize) -> Option<Moved> {
        let (row, col) = self.window.shape.position(spot);
        let step = |p: usize| -> i32 {
            if p < MIDDLE.start {
                -1
            } else if p >= MIDDLE.end {
                1
            } else {
                0
            }
        };
        let (dy, dx) = (step(row), step(col));
        if (dy, dx) == (0, 0) {
            return None;
        }
        self.keep(board);
        let cell = self.window.plane_cell(spot);
        let centre = GridPos::new(self.window.centre.y + dy, self.window.centre.x + dx);
        self.move_to(centre);
        // the cell lies in the new middle grid; were it ever not in the
        // view, the selection would start at its corner, the board still
        // the new view's
        let spot = self.window.index_of(cell).unwrap_or(0);
        let shift = (-(GRID_STEP as i32) * dy, -(GRID_STEP as i32) * dx);
        Some(Moved {
            board: self.board(),
            spot,
            shift,
        })
    }

    /// The carpet's save text with `board` (this view's) kept in it.
    pub fn save_text(&mut self, board: &Board) -> String {
        self.keep(board);
        self.carpet.to_text()
    }

    /// The carpet grids of the view holding cell `index` whose every cell
    /// on `board` holds the solution's digit.
    pub fn solved_grids_at(&self, board: &Board, index: usize) -> Vec<GridPos> {
        let shape = &self.window.shape;
        shape
            .grids_of(index)
            .iter()
            .filter_map(|&(k, _, _)| {
                let g = shape.grids()[usize::from(k)];
                // a grid is placed by its top-left box
                let (top, left) = (3 * g.top, 3 * g.left);
                let solved = (0..81).all(|n| {
                    shape
                        .cell_at(top + n / 9, left + n % 9)
                        .is_some_and(|i| board.value_at(i) == self.solution[i])
                });
                solved
                    .then(|| self.window.grid_pos(usize::from(k)))
                    .flatten()
            })
            .collect()
    }

    /// How many grids of the carpet the player has solved: every grid they
    /// wrote in whose cells all hold the solution (the view's as on
    /// `board`).
    pub fn solved_count(&mut self, board: &Board) -> usize {
        self.keep(board);
        let touched: Vec<GridPos> = (self.carpet.grids().into_iter())
            .filter(|&pos| self.carpet.is_touched(pos))
            .collect();
        touched
            .into_iter()
            .filter(|&pos| self.carpet.is_solved(pos))
            .count()
    }
}

impl EndlessPlay {
    /// Whether the player wrote anything in the carpet (`board`, this
    /// view's, included).
    pub fn is_touched(&mut self, board: &Board) -> bool {
        self.keep(board);
        self.carpet.tiles_in_memory() > 0
    }

    /// Whether cell `index` of the view lies in its middle grid.
    pub fn is_in_middle(&self, index: usize) -> bool {
        let (r, c) = self.window.shape.position(index);
        MIDDLE.contains(&r) && MIDDLE.contains(&c)
    }

    /// The first open cell of the middle grid on `board` (this view's),
    /// else its first cell: where the selection starts.
    pub fn first_open_in_middle(&self, board: &Board) -> usize {
        let middle = |i: &usize| self.is_in_middle(*i);
        (0..board.cell_count())
            .filter(middle)
            .find(|&i| board.value_at(i) == 0)
            .or_else(|| (0..board.cell_count()).find(middle))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play() -> EndlessPlay {
        EndlessPlay::new(11, Level::Easy).unwrap()
    }

    /// The first open cell of the middle grid.
    fn open_in_middle(p: &EndlessPlay, board: &Board) -> usize {
        (0..board.cell_count())
            .find(|&i| {
                let (r, c) = p.window.shape.position(i);
                MIDDLE.contains(&r) && MIDDLE.contains(&c) && board.value_at(i) == 0
            })
            .unwrap()
    }

    #[test]
    fn the_view_moves_with_the_selection_and_keeps_what_was_written() {
        let mut p = play();
        let mut board = p.board();
        let i = open_in_middle(&p, &board);
        let digit = p.solution()[i];
        board.set_entry_at(i, digit).unwrap();
        // in the middle grid, the view stays
        assert!(p.follow(&board, i).is_none());
        // a cell of the grid to the right: the view moves one grid right
        let right = p.window.shape.cell_at(10, 16).unwrap();
        let moved = p.follow(&board, right).unwrap();
        assert_eq!(p.centre(), GridPos::new(0, 1));
        assert_eq!(moved.shift, (0, -6));
        assert_eq!(p.window.shape.position(moved.spot), (10, 10));
        // the entry is kept, six columns to the left in the new view
        let (r, c) = p.window.shape.position(i);
        let there = p.window.shape.cell_at(r, c - 6).unwrap();
        assert_eq!(moved.board.value_at(there), digit);
        assert!(!moved.board.can_undo());
        // and back again
        let back = p.window.shape.cell_at(10, 2).unwrap();
        let moved = p.follow(&moved.board, back).unwrap();
        assert_eq!(p.centre(), GridPos::new(0, 0));
        assert_eq!(moved.board.value_at(i), digit);
    }

    #[test]
    fn the_solution_is_the_carpet_s_and_agrees_with_the_givens() {
        let mut p = play();
        for _ in 0..3 {
            let board = p.board();
            let given = (0..board.cell_count()).filter(|&i| board.is_given_at(i));
            for i in given {
                assert_eq!(board.value_at(i), p.solution()[i]);
            }
            let far = p.window.shape.cell_at(18, 18).unwrap();
            p.follow(&board, far).unwrap();
        }
        assert_eq!(p.centre(), GridPos::new(3, 3));
    }

    #[test]
    fn a_grid_filled_with_its_solution_is_solved_and_counted() {
        let mut p = play();
        let mut board = p.board();
        let i = open_in_middle(&p, &board);
        assert!(p.solved_grids_at(&board, i).is_empty());
        for (r, c) in (0..81).map(|n| (6 + n / 9, 6 + n % 9)) {
            let k = p.window.shape.cell_at(r, c).unwrap();
            if !board.is_given_at(k) {
                board.set_entry_at(k, p.solution()[k]).unwrap();
            }
        }
        assert_eq!(p.solved_grids_at(&board, i), vec![GridPos::new(0, 0)]);
        assert_eq!(p.solved_count(&board), 1);
        // read back from its save text, it is still solved
        let text = p.save_text(&board);
        let mut again = EndlessPlay::resume(&text).unwrap();
        assert_eq!(again.solved_count(&again.board()), 1);
    }
}
