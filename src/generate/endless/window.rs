//! The finite view the player plays in and Pip reads: the 3 × 3 grids
//! around a grid, as an ordinary `carpet-3` shape, so the board, the rule
//! engine and the hints run on it unchanged.

use super::{EndlessCarpet, GridPos, PlaneCell, GRID_STEP};
use crate::grid::{Overlap, Shape, ShapeSpec, ShapedGrid};
use std::sync::LazyLock;

/// Grids on each side of the centre: a `carpet-3` (441 cells) is the
/// largest carpet the shapes hold (a `carpet-5` has 1 089 cells, past
/// [`crate::grid::MAX_OVERLAP_CELLS`]).
pub const WINDOW_RADIUS: i32 = 1;

static WINDOW_SHAPE: LazyLock<Shape> = LazyLock::new(|| {
    Shape::new(ShapeSpec::overlapping(Overlap::Carpet {
        size: 3,
        dense: false,
    }))
    .expect("the carpet-3 is a proper overlapping form")
});

/// The `carpet-3` shape every window has.
pub(super) fn window_shape() -> Shape {
    WINDOW_SHAPE.clone()
}

/// The 3 × 3 grids around a centre grid, as a `carpet-3`: its values (the
/// givens and the player's entries), which cells are given, the notes,
/// and the way back from a window cell to the carpet.
#[derive(Clone, Debug)]
pub struct CarpetWindow {
    /// The grid in the middle.
    pub centre: GridPos,
    /// The `carpet-3` shape.
    pub shape: Shape,
    /// Each cell's given or entry (0 when open), by the shape's cell index.
    pub values: ShapedGrid,
    /// Whether each cell is given.
    pub givens: Vec<bool>,
    /// Each cell's notes: bit `d - 1` for digit `d`.
    pub notes: Vec<u16>,
}

impl CarpetWindow {
    /// The plane cell of window cell `index`.
    pub fn plane_cell(&self, index: usize) -> PlaneCell {
        let (r, c) = self.shape.position(index);
        self.top_left().cell(r, c)
    }

    /// The window cell of a plane cell, if the window covers it.
    pub fn index_of(&self, cell: PlaneCell) -> Option<usize> {
        let corner = self.top_left().cell(0, 0);
        let r = usize::try_from(cell.row - corner.row).ok()?;
        let c = usize::try_from(cell.col - corner.col).ok()?;
        self.shape.cell_at(r, c)
    }

    /// The carpet grid of the window's grid `k` (an index in the shape's
    /// [`Shape::grids`], 0 to 8 in reading order).
    pub fn grid_pos(&self, k: usize) -> Option<GridPos> {
        let g = self.shape.grids().get(k)?;
        let top_left = self.top_left();
        Some(GridPos::new(
            top_left.y + (g.top / 2) as i32,
            top_left.x + (g.left / 2) as i32,
        ))
    }

    /// The carpet grids holding window cell `index`, each with the cell's
    /// row and column there (those outside the window included).
    pub fn places(&self, index: usize) -> Vec<(GridPos, u8, u8)> {
        self.plane_cell(index).holders()
    }

    /// The window's top-left grid.
    fn top_left(&self) -> GridPos {
        GridPos::new(self.centre.y - WINDOW_RADIUS, self.centre.x - WINDOW_RADIUS)
    }
}

impl EndlessCarpet {
    /// The window of the 3 × 3 grids around `centre`, making the puzzles
    /// it needs (its grids, and the grids around it that dig some of its
    /// cells).
    pub fn window(&mut self, centre: GridPos) -> CarpetWindow {
        let shape = window_shape();
        let mut window = CarpetWindow {
            centre,
            values: ShapedGrid::empty(shape.clone()),
            givens: vec![false; shape.cell_count()],
            notes: vec![0; shape.cell_count()],
            shape,
        };
        for i in 0..window.shape.cell_count() {
            let cell = window.plane_cell(i);
            let given = self.given_at(cell);
            window.givens[i] = given != 0;
            let value = if given != 0 {
                given
            } else {
                self.entry_at(cell)
            };
            window.values.set(i, value);
            window.notes[i] = self.notes_at(cell);
        }
        window
    }
}

// The window's grids sit two boxes (six cells) apart, as the carpet's.
const _: () = assert!(GRID_STEP == 6);
