//! A puzzle of any shape: [`ShapedGrid`], a [`Shape`] with one value per
//! cell, and its readable text format.
//!
//! The format is a header naming the shape, the maps a jigsaw or an
//! odd/even needs, then the grid:
//!
//! ```text
//! shape: jigsaw+x
//! regions:
//! 111222333
//! 111222333
//! 114522633
//! 444555666
//! 445555566
//! 444555666
//! 774855966
//! 777888999
//! 777888999
//! puzzle:
//! 3.......1
//! ...
//! ```
//!
//! `shaded: even` (or `odd`) is followed by the shading, `#` for a shaded
//! cell and `.` for another; `symbols: hex` writes a 16×16 in `0`–`F`.
//! After the header come the puzzles: one per line when a line holds all
//! the cells (`4.....8.5.3...` for a 9×9), else one block of `side` lines
//! per puzzle, blocks separated by a blank line. A later `shape:` line
//! starts a new header. The classic's 81-character line needs no header.
//!
//! Overlapping grids (`shape: samurai`, `shape: carpet-2`...) are written
//! as the plane they cover, one line per row, a space where no grid lies:
//!
//! ```text
//! shape: twin
//! puzzle:
//! 4.....8.5
//! .3.......
//! ...7.....
//! .2.....6.
//! ....8.4..
//! ....1....
//! ...6.3.7.......
//! 5..2.....3.....
//! 1.4......4.....
//!       .2.....6.
//!       ....8.4..
//!       ....1....
//!       ...6.3.7.
//!       5..2.....
//!       1.4......
//! ```
//!
//! The cells are read in that order, row by row, spaces skipped (so all
//! of them on one line reads too).

mod fpuzzles;
mod text;

pub use fpuzzles::{
    from_fpuzzles, from_link, is_fpuzzles_json, is_link, to_fpuzzles, to_link, ExchangeError,
    LinkSite,
};
pub(crate) use text::header as shaped_header;

pub use text::{
    has_shape_header, parse_shape_header, parse_shaped, ShapedEntry, ShapedErrorKind,
    ShapedParseError,
};

use super::{Grid, Shape};
use std::fmt;

/// One value per cell of a shape (0 for an empty cell).
#[derive(Clone, PartialEq, Eq)]
pub struct ShapedGrid {
    shape: Shape,
    values: Vec<u8>,
}

/// The empty classic grid.
impl Default for ShapedGrid {
    fn default() -> ShapedGrid {
        ShapedGrid::empty(Shape::classic())
    }
}

impl ShapedGrid {
    /// The empty grid of a shape.
    pub fn empty(shape: Shape) -> ShapedGrid {
        let values = vec![0; shape.cell_count()];
        ShapedGrid { shape, values }
    }

    /// A grid from its values; `None` when their number or a value does
    /// not fit the shape.
    pub fn new(shape: Shape, values: Vec<u8>) -> Option<ShapedGrid> {
        let side = shape.side() as u8;
        (values.len() == shape.cell_count() && values.iter().all(|&v| v <= side))
            .then_some(ShapedGrid { shape, values })
    }

    /// A 9×9 shape's grid from a [`Grid`].
    pub fn from_grid(shape: Shape, grid: &Grid) -> Option<ShapedGrid> {
        ShapedGrid::new(shape, grid.digits().to_vec())
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    pub fn get(&self, index: usize) -> u8 {
        self.values[index]
    }

    pub fn set(&mut self, index: usize, value: u8) {
        self.values[index] = value;
    }

    /// The [`Grid`] of a 9×9 shape, for the rule engine and the board
    /// (`None` for another shape, even one of 81 cells as the dense torus
    /// of three grids).
    pub fn to_grid(&self) -> Option<Grid> {
        if !self.shape.is_9x9() {
            return None;
        }
        let digits: [u8; 81] = self.values.as_slice().try_into().ok()?;
        Grid::from_digits(digits).ok()
    }

    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// All cells on one line (`.` for an empty cell).
    pub fn to_line(&self) -> String {
        let sym = self.shape.symbols();
        self.values.iter().map(|&v| sym.char_of(v)).collect()
    }

    /// The grid in rows, one line each; overlapping grids as their plane,
    /// a space where no grid lies.
    pub fn to_rows(&self) -> String {
        let sym = self.shape.symbols();
        let mut out = String::new();
        if self.shape.overlap().is_some() {
            let (rows, cols) = self.shape.plane_size();
            for r in 0..rows {
                let line: String = (0..cols)
                    .map(|c| match self.shape.cell_at(r, c) {
                        Some(i) => sym.char_of(self.values[i]),
                        None => ' ',
                    })
                    .collect();
                out.push_str(line.trim_end());
                out.push('\n');
            }
            return out;
        }
        for row in self.values.chunks(self.shape.side()) {
            out.extend(row.iter().map(|&v| sym.char_of(v)));
            out.push('\n');
        }
        out
    }

    /// Whether the text format writes this grid on one line (every 9×9
    /// and the small sizes) rather than in rows (the large sizes, and
    /// overlapping grids drawn as their plane).
    pub fn fits_on_a_line(&self) -> bool {
        text::fits_on_a_line(&self.shape)
    }

    /// The header, maps included, that names this grid's shape.
    pub fn header(&self) -> String {
        text::header(&self.shape)
    }

    /// The whole text: header, then the grid on one line (the shapes whose
    /// line is short enough) or in rows.
    pub fn to_text(&self) -> String {
        let mut out = self.header();
        out.push_str("puzzle:\n");
        if text::fits_on_a_line(&self.shape) {
            out.push_str(&self.to_line());
            out.push('\n');
        } else {
            out.push_str(&self.to_rows());
        }
        out
    }
}

impl fmt::Debug for ShapedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShapedGrid({}: {})", self.shape.name(), self.to_line())
    }
}
