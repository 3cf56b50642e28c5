//! The endless carpet: a board of 9×9 grids with no edge. Grid (y, x)
//! sits at box (2y, 2x) of an infinite plane, as in a `carpet-N` (see
//! [`crate::grid::Overlap`]): a grid shares a row or a column of three
//! boxes with each neighbour across an edge and one box with each
//! neighbour across a corner. Grids are made when the player nears them
//! ([`EndlessCarpet::ensure_around`]), each from the seed, the level and
//! its position alone, so a grid far away can be dropped and made again
//! the same; the player's entries and notes are kept, and so are the
//! grids holding them.
//!
//! # Why every grid has a solution
//!
//! A grid made between grids already seen on opposite sides could have
//! none if each grid's solution were drawn on its own, and a grid the
//! player has seen can never change. So the plane's solution is fixed
//! once, by construction, for the whole plane:
//!
//! 1. A random solution S of `torus-3` (the carpet of 3 × 3 grids whose
//!    plane wraps after 18 cells both ways) is filled by the exact solver
//!    from the seed. Unrolled on the infinite plane (cell (r, c) reads
//!    S(r mod 18, c mod 18)), grid (y, x) covers rows 6y..6y+9 and columns
//!    6x..6x+9, which modulo 18 are exactly the cells of torus grid
//!    (y mod 3, x mod 3): every grid of the plane is a valid Sudoku.
//! 2. Its periodicity is broken by reordering the three rows of every
//!    plane band (rows 3k..3k+3) by a permutation drawn from a hash of
//!    (seed, k), and the three columns of every plane stack the same way.
//!    Grids start at multiples of 6 cells, so each plane band is one of
//!    the three bands of every grid it crosses: reordering the rows inside
//!    a band of a valid grid leaves every row, column and box holding the
//!    same digits, so every grid stays valid. The digits are relabelled
//!    once by a random permutation, which keeps validity too.
//!
//! No grid ever constrains another's solution: the plane is a function of
//! a cell, so grids agree on every shared box by construction. The price
//! is a trace of the torus: the boxes three grids apart hold the same
//! digits in the same columns (rows reordered), which only a player
//! comparing distant grids would notice.
//!
//! # Why every grid is solvable, in order
//!
//! The grids are ordered outward from the start: by ring (the larger of
//! |y| and |x|), then by |y| + |x|, then by position ([`GridPos::order_key`]).
//! Each grid's givens are dug from its solution over the cells not lying in
//! a box it shares with a neighbour before it, keeping a removal only while
//! the grid has one solution given its givens and the values of those
//! neighbours there ([`known_cells`]); the first grid is unique alone. So
//! the whole carpet is solved grid by grid in that order, outward from
//! where the player started, and never in a circle (a grid unique only
//! given a later neighbour could be). Every plane cell is dug by exactly
//! one grid, the first of the (up to four) grids holding it: for the
//! others it lies in a box shared with that one, before them. A removal is
//! also kept only while the rule engine rates the grid at or below the
//! level asked (for Easy, while singles solve it), so that it is solved by
//! logic and not by trial; and since a grid of which the neighbours before
//! it give five boxes often digs only to an easier puzzle, up to a few
//! hundred orders (`DIG_ATTEMPTS`) are tried until one rates at it, with
//! the sized engine (the one the window's hints come from) within it too.
//! [`GridPuzzle::level`] is always the grid's rating, in that order: the
//! level asked, or the level reached should no order reach it.
//!
//! The carpet breaks the sub-carpet rule of the finite carpets
//! ([`crate::generate::subcarpet`]) on purpose: the first grid is unique
//! alone and each later one with the grids before it, which is what lets
//! the carpet be solved outward without an end. Givens follow no
//! symmetry: part of each grid's boxes are its neighbours' to give.
//!
//! # Memory
//!
//! Puzzles are kept compactly ([`GridPuzzle`]: 41 bytes of givens) in a map
//! by position, and the player's entries and notes in tiles of 6 × 6 plane
//! cells (each cell belongs to the tile of the grid whose top-left 6 × 6
//! it lies in). [`EndlessCarpet::ensure_around`] drops the puzzles of the
//! grids far from the player that hold no entry or note, so walking keeps
//! memory flat; no [`Shape`] is ever built over the carpet: play and hints
//! run on a [`CarpetWindow`] of 3 × 3 grids, an ordinary `carpet-3`.

mod dig;
mod plane;
mod play;
mod save;
mod window;

pub use dig::{known_cells, GridPuzzle};
pub use play::{EndlessPlay, Moved, MIDDLE_GRID};
pub use save::{EndlessLoadError, EndlessParseError, LoadErrorKind, ParseErrorKind, SAVE_HEADER};
pub use window::{CarpetWindow, WINDOW_RADIUS};

use crate::grid::{Cell, Grid, Shape};
use crate::logic::Level;
use plane::SolutionPlane;
use std::collections::HashMap;
use std::fmt;

/// A grid's position on the carpet: row `y` and column `x` of grids, the
/// start at (0, 0), `y` growing downward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridPos {
    pub y: i32,
    pub x: i32,
}

/// A cell of the infinite plane: row and column, grid (y, x) covering rows
/// 6y..6y+9 and columns 6x..6x+9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlaneCell {
    pub row: i64,
    pub col: i64,
}

/// The eight neighbours of a grid (row, column offsets), each sharing at
/// least one box with it.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Cells between two grids' top-left corners, both ways.
const GRID_STEP: i64 = 6;

impl GridPos {
    pub const fn new(y: i32, x: i32) -> GridPos {
        GridPos { y, x }
    }

    /// The plane cell at (row, column) of this grid, 0-based.
    pub fn cell(self, row: usize, col: usize) -> PlaneCell {
        PlaneCell {
            row: i64::from(self.y) * GRID_STEP + row as i64,
            col: i64::from(self.x) * GRID_STEP + col as i64,
        }
    }

    /// The ring it lies on: how many grids from the start, the larger way.
    pub fn ring(self) -> u32 {
        self.y.unsigned_abs().max(self.x.unsigned_abs())
    }

    /// Its place in the order the carpet is solved in (see the [module
    /// documentation](self)): ring, then |y| + |x|, then position.
    pub fn order_key(self) -> (u32, u32, i32, i32) {
        let l1 = self.y.unsigned_abs() + self.x.unsigned_abs();
        (self.ring(), l1, self.y, self.x)
    }

    /// The larger of the row and column distances to `other`, in grids.
    pub fn distance(self, other: GridPos) -> u32 {
        self.y.abs_diff(other.y).max(self.x.abs_diff(other.x))
    }

    /// The neighbours before it in the carpet's order: the grids whose
    /// values, in the boxes they share with it, its puzzle takes as known.
    pub fn neighbours_before(self) -> Vec<GridPos> {
        NEIGHBOURS
            .iter()
            .map(|&(dy, dx)| GridPos::new(self.y + dy, self.x + dx))
            .filter(|n| n.order_key() < self.order_key())
            .collect()
    }
}

impl fmt::Display for GridPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "grid ({}, {})", self.y, self.x)
    }
}

impl fmt::Display for PlaneCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell ({}, {})", self.row, self.col)
    }
}

impl PlaneCell {
    /// The grids holding it (one to four), each with the cell's row and
    /// column in it.
    pub fn holders(self) -> Vec<(GridPos, u8, u8)> {
        let along = |p: i64| {
            let first = p.div_euclid(GRID_STEP);
            let within = p.rem_euclid(GRID_STEP);
            let mut out = vec![(first, within)];
            // The last three rows of the grid before hold it too.
            if within < 3 {
                out.push((first - 1, within + GRID_STEP));
            }
            out
        };
        let mut out = Vec::with_capacity(4);
        for &(gy, r) in &along(self.row) {
            for &(gx, c) in &along(self.col) {
                out.push((GridPos::new(gy as i32, gx as i32), r as u8, c as u8));
            }
        }
        out
    }

    /// The grid that digs it, first of its holders in the carpet's order:
    /// the one whose puzzle says whether it is given.
    pub fn first_holder(self) -> (GridPos, u8, u8) {
        let holders = self.holders();
        let mut best = holders[0];
        for &h in &holders[1..] {
            if h.0.order_key() < best.0.order_key() {
                best = h;
            }
        }
        best
    }

    /// The tile holding its entry and note: the grid whose top-left 6 × 6
    /// cells it lies in, and its place there (row * 6 + column).
    fn tile(self) -> (GridPos, usize) {
        let pos = GridPos::new(
            self.row.div_euclid(GRID_STEP) as i32,
            self.col.div_euclid(GRID_STEP) as i32,
        );
        let place = self.row.rem_euclid(GRID_STEP) * GRID_STEP + self.col.rem_euclid(GRID_STEP);
        (pos, place as usize)
    }
}

/// The cells of one tile (6 × 6).
const TILE_CELLS: usize = 36;

/// The player's entries and notes on the 6 × 6 cells of one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tile {
    entries: [u8; TILE_CELLS],
    /// Candidate notes: bit `d - 1` for digit `d`.
    notes: [u16; TILE_CELLS],
}

impl Tile {
    const EMPTY: Tile = Tile {
        entries: [0; TILE_CELLS],
        notes: [0; TILE_CELLS],
    };

    fn is_empty(&self) -> bool {
        *self == Tile::EMPTY
    }
}

/// How many rings of grids beyond the radius asked stay in memory: a
/// window's cells may be dug by the grids around it.
const KEPT_MARGIN: u32 = 2;

/// What the carpet refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndlessError {
    /// The seed gave no solution of the torus the plane unrolls (never
    /// seen; another seed does).
    NoSolution { seed: u64 },
    /// The cell is given: the player cannot write there.
    Given { cell: PlaneCell },
    /// A value past 9, or notes past digit 9.
    BadValue { cell: PlaneCell, value: u16 },
}

impl fmt::Display for EndlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndlessError::NoSolution { seed } => {
                write!(f, "seed {seed} gave no carpet solution; try another seed")
            }
            EndlessError::Given { cell } => write!(f, "{cell} is given"),
            EndlessError::BadValue { cell, value } => {
                write!(f, "{cell}: {value} is not a digit from 1 to 9")
            }
        }
    }
}

impl std::error::Error for EndlessError {}

/// The endless carpet: see the [module documentation](self).
///
/// ```
/// use sudolens::generate::endless::{EndlessCarpet, GridPos};
/// use sudolens::logic::Level;
///
/// let mut carpet = EndlessCarpet::new(7, Level::Easy).unwrap();
/// carpet.ensure_around(GridPos::new(0, 0), 1);
/// let window = carpet.window(GridPos::new(0, 0));
/// assert_eq!(window.shape.name(), "carpet-3");
/// // The same seed makes the same grids, anywhere.
/// let mut again = EndlessCarpet::new(7, Level::Easy).unwrap();
/// assert_eq!(again.puzzle(GridPos::new(0, 1)), carpet.puzzle(GridPos::new(0, 1)));
/// ```
#[derive(Clone, Debug)]
pub struct EndlessCarpet {
    seed: u64,
    level: Level,
    plane: SolutionPlane,
    /// The puzzles made, by position.
    puzzles: HashMap<GridPos, GridPuzzle>,
    /// The player's entries and notes, by tile (only tiles holding some).
    tiles: HashMap<GridPos, Tile>,
    /// Where the player was last (the centre of the last `ensure_around`).
    at: GridPos,
    /// How many puzzles were made since the carpet was created or read.
    made: u64,
}

impl EndlessCarpet {
    /// The carpet of `seed` at `level`, the player at the start (0, 0);
    /// no grid is made yet.
    pub fn new(seed: u64, level: Level) -> Result<EndlessCarpet, EndlessError> {
        let plane = SolutionPlane::new(seed).map_err(|_| EndlessError::NoSolution { seed })?;
        Ok(EndlessCarpet {
            seed,
            level,
            plane,
            puzzles: HashMap::new(),
            tiles: HashMap::new(),
            at: GridPos::new(0, 0),
            made: 0,
        })
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Where the player was last: the centre of the last
    /// [`EndlessCarpet::ensure_around`].
    pub fn position(&self) -> GridPos {
        self.at
    }

    /// The puzzle of grid `pos`, made now if it is not in memory.
    pub fn puzzle(&mut self, pos: GridPos) -> GridPuzzle {
        if let Some(&p) = self.puzzles.get(&pos) {
            return p;
        }
        let p = dig::make_puzzle(&self.plane, self.seed, pos, self.level);
        self.made += 1;
        self.puzzles.insert(pos, p);
        p
    }

    /// Grid `pos`'s puzzle as it is solved in the carpet's order: its
    /// givens, and the solution's values in the boxes it shares with its
    /// neighbours before it ([`known_cells`]). It has one solution.
    pub fn puzzle_in_order(&mut self, pos: GridPos) -> Grid {
        let known = known_cells(pos);
        let solution = self.solution(pos);
        let mut puzzle = self.puzzle(pos).givens();
        for cell in Cell::ALL {
            if known & (1u128 << cell.index()) != 0 {
                puzzle.set(cell, solution.get(cell));
            }
        }
        puzzle
    }

    /// Makes the grids within `radius` of `centre` (the larger of the row
    /// and column distances) that are not in memory, in the carpet's
    /// order, and drops the puzzles of the grids more than `radius` + 2
    /// away that hold no entry or note (they are made again the same when
    /// the player comes back). Returns the grids made, in the order made.
    pub fn ensure_around(&mut self, centre: GridPos, radius: u32) -> Vec<GridPos> {
        self.at = centre;
        let r = radius.min(i32::MAX as u32 / 2) as i32;
        let mut missing: Vec<GridPos> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| GridPos::new(centre.y + dy, centre.x + dx)))
            .filter(|p| !self.puzzles.contains_key(p))
            .collect();
        missing.sort_by_key(|p| p.order_key());
        for &p in &missing {
            self.puzzle(p);
        }
        let far = radius.saturating_add(KEPT_MARGIN);
        let dropped: Vec<GridPos> = self
            .puzzles
            .keys()
            .copied()
            .filter(|&p| p.distance(centre) > far && !self.is_touched(p))
            .collect();
        for p in dropped {
            self.puzzles.remove(&p);
        }
        missing
    }

    /// The solution of grid `pos`, as a 9×9 grid.
    pub fn solution(&self, pos: GridPos) -> Grid {
        self.plane.grid(pos)
    }

    /// The solution's digit at a plane cell.
    pub fn solution_at(&self, cell: PlaneCell) -> u8 {
        self.plane.at(cell)
    }

    /// The given at a plane cell (0 for an open cell): the given of the
    /// grid that digs it, made now if needed.
    pub fn given_at(&mut self, cell: PlaneCell) -> u8 {
        let (pos, r, c) = cell.first_holder();
        self.puzzle(pos).given(r.into(), c.into())
    }

    /// The player's entry at a plane cell (0 for none).
    pub fn entry_at(&self, cell: PlaneCell) -> u8 {
        let (tile, i) = cell.tile();
        self.tiles.get(&tile).map_or(0, |t| t.entries[i])
    }

    /// The player's notes at a plane cell: bit `d - 1` for digit `d`.
    pub fn notes_at(&self, cell: PlaneCell) -> u16 {
        let (tile, i) = cell.tile();
        self.tiles.get(&tile).map_or(0, |t| t.notes[i])
    }

    /// The value a player sees at a cell: its given, else its entry.
    pub fn value_at(&mut self, cell: PlaneCell) -> u8 {
        match self.given_at(cell) {
            0 => self.entry_at(cell),
            given => given,
        }
    }

    /// Writes the player's entry at a plane cell (0 clears it); refused on
    /// a given cell or past 9.
    pub fn set_entry(&mut self, cell: PlaneCell, value: u8) -> Result<(), EndlessError> {
        if value > 9 {
            return Err(EndlessError::BadValue {
                cell,
                value: value.into(),
            });
        }
        if self.given_at(cell) != 0 {
            return Err(EndlessError::Given { cell });
        }
        self.edit_tile(cell, |t, i| t.entries[i] = value);
        Ok(())
    }

    /// Writes the player's notes at a plane cell (bit `d - 1` for digit
    /// `d`; 0 clears them); refused on a given cell or past digit 9.
    pub fn set_notes(&mut self, cell: PlaneCell, notes: u16) -> Result<(), EndlessError> {
        if notes >> 9 != 0 {
            return Err(EndlessError::BadValue { cell, value: notes });
        }
        if self.given_at(cell) != 0 {
            return Err(EndlessError::Given { cell });
        }
        self.edit_tile(cell, |t, i| t.notes[i] = notes);
        Ok(())
    }

    fn edit_tile(&mut self, cell: PlaneCell, edit: impl FnOnce(&mut Tile, usize)) {
        let (pos, i) = cell.tile();
        let tile = self.tiles.entry(pos).or_insert(Tile::EMPTY);
        edit(tile, i);
        if tile.is_empty() {
            self.tiles.remove(&pos);
        }
    }

    /// Whether any cell of grid `pos` holds an entry or a note.
    pub fn is_touched(&self, pos: GridPos) -> bool {
        // Its 81 cells lie in the tiles of it and of the three grids after.
        [(0, 0), (0, 1), (1, 0), (1, 1)].iter().any(|&(dy, dx)| {
            let tile = GridPos::new(pos.y + dy, pos.x + dx);
            let Some(t) = self.tiles.get(&tile) else {
                return false;
            };
            (0..TILE_CELLS).any(|i| {
                let (r, c) = (i / 6 + 6 * dy as usize, i % 6 + 6 * dx as usize);
                r < 9 && c < 9 && (t.entries[i] != 0 || t.notes[i] != 0)
            })
        })
    }

    /// Whether every cell of grid `pos` holds its solution's digit, given
    /// or entered.
    pub fn is_solved(&mut self, pos: GridPos) -> bool {
        (0..81).all(|i| {
            let cell = pos.cell(i / 9, i % 9);
            self.value_at(cell) == self.solution_at(cell)
        })
    }

    /// How many puzzles are in memory.
    pub fn grids_in_memory(&self) -> usize {
        self.puzzles.len()
    }

    /// How many tiles of entries and notes are in memory.
    pub fn tiles_in_memory(&self) -> usize {
        self.tiles.len()
    }

    /// How many puzzles were made since the carpet was created or read
    /// (made again after being dropped counts again).
    pub fn grids_made(&self) -> u64 {
        self.made
    }

    /// The bytes the carpet's maps hold: their entries, not counting the
    /// maps' spare capacity.
    pub fn bytes_held(&self) -> usize {
        self.puzzles.len() * std::mem::size_of::<(GridPos, GridPuzzle)>()
            + self.tiles.len() * std::mem::size_of::<(GridPos, Tile)>()
    }

    /// The positions of the puzzles in memory, in the carpet's order.
    pub fn grids(&self) -> Vec<GridPos> {
        let mut out: Vec<GridPos> = self.puzzles.keys().copied().collect();
        out.sort_by_key(|p| p.order_key());
        out
    }

    /// The shape of every window: 3 × 3 grids.
    pub fn window_shape() -> Shape {
        window::window_shape()
    }
}

#[cfg(test)]
mod tests;
