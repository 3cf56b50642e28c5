//! The correction screen's state: what each cell of the photo was read as,
//! what the player changed, and the questions asked of it (the printed and
//! handwritten digits, the conflicts). Drawn by [`super::import_view`].

use egui::{Pos2, TextureHandle, Vec2};

use crate::grid::{Cell, Grid, Shape, ShapedGrid};

/// What one cell of the photo was read as.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadCell {
    /// 0 for an empty cell.
    pub digit: u8,
    /// Written by the player (handwriting), not printed.
    pub entry: bool,
    /// Recognition was not sure, or the reading does not fit the solution:
    /// the player should check it ("check" on the screen).
    pub uncertain: bool,
    /// The likely digits (0: empty), offered as one-click choices beside
    /// the cell's crop: the solution's digit first, then the readings.
    pub choices: Vec<u8>,
    /// The player set this cell on the correction screen: it is what they
    /// say the photo shows, no longer only Pip's reading.
    pub confirmed: bool,
    /// What Pip read here before the player changed it (0: nothing), so the
    /// screen can say both; `None` while the cell holds what was read.
    pub read: Option<u8>,
}

/// The state of the import screen.
pub struct ImportState {
    pub photo: TextureHandle,
    /// Photo size in pixels.
    pub size: Vec2,
    /// Grid corners in photo pixels: top-left, top-right, bottom-right,
    /// bottom-left.
    pub corners: [Pos2; 4],
    /// One reading per cell of the shape (81 of a classic, 36 of a 6×6),
    /// in its reading order.
    pub readings: Vec<ReadCell>,
    /// The selected cell, by its place in [`ImportState::readings`] (the
    /// shape's cell index: a samurai's cells are numbered on its plane).
    pub selected: Option<usize>,
    /// Recognition is running (first pass or after corners moved).
    pub busy: bool,
    /// Where the photo came from, for messages.
    pub name: String,
    /// The rules the grid is read by: the classic, the variant its shading
    /// showed (the player may change it before Use this grid), or the size
    /// its lines showed (a 6×6, a 4×4).
    pub shape: Shape,
    /// A jigsaw's regions the photo's heavy lines drew (the screen offers
    /// the jigsaw then), `None` when it shows only boxes.
    pub regions: Option<Vec<u8>>,
}

impl ImportState {
    /// The largest symbol the grid's cells take (9 on a classic or a
    /// samurai, 6 on a 6×6).
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The rows and columns of the plane the cells lie on: the grid itself
    /// (9 × 9, 6 × 6), or the board of overlapping grids (a samurai's
    /// 21 × 21 cross).
    pub fn plane(&self) -> (usize, usize) {
        self.shape.plane_size()
    }

    /// Each cell's index in [`ImportState::readings`] with its (row,
    /// column) on the plane, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.readings.len().min(self.shape.cell_count())).map(|i| {
            let (row, col) = self.shape.position(i);
            (i, row, col)
        })
    }

    /// What cell `index` was read as; `None` outside the grid.
    pub fn reading(&self, index: usize) -> Option<&ReadCell> {
        self.readings.get(index)
    }

    /// The digits, printed (`entry` false) or handwritten, of a 9×9 grid:
    /// empty on a grid of another size, as a board's 9×9 view is.
    fn grid_of(&self, pick: impl Fn(&ReadCell) -> bool) -> Grid {
        let mut g = Grid::empty();
        if !self.shape.is_9x9() {
            return g;
        }
        for c in Cell::ALL {
            if let Some(r) = self.readings.get(c.index()).filter(|r| pick(r)) {
                g.set(c, r.digit);
            }
        }
        g
    }

    /// The printed digits (the 9×9 view: see [`ImportState::puzzle`]).
    pub fn givens(&self) -> Grid {
        self.grid_of(|r| !r.entry)
    }

    /// The player's handwritten digits (the 9×9 view).
    pub fn entries(&self) -> Grid {
        self.grid_of(|r| r.entry)
    }

    /// The printed digits as a puzzle of the grid's shape, of any size.
    pub fn puzzle(&self) -> ShapedGrid {
        let values = self
            .readings
            .iter()
            .map(|r| if r.entry { 0 } else { r.digit })
            .collect();
        ShapedGrid::new(self.shape.clone(), values)
            .unwrap_or_else(|| ShapedGrid::empty(self.shape.clone()))
    }

    /// The handwritten digits, one per cell of the shape (0 for none).
    pub fn entry_values(&self) -> Vec<u8> {
        self.readings
            .iter()
            .map(|r| if r.entry { r.digit } else { 0 })
            .collect()
    }

    /// Sets the selected cell's digit (0 clears); a fixed cell is no longer
    /// uncertain. A digit the shape has no symbol for (a 7 on a 6×6) is
    /// ignored.
    pub fn type_digit(&mut self, digit: u8) {
        if usize::from(digit) > self.side() {
            return;
        }
        let Some(cell) = self.selected else {
            return;
        };
        if let Some(r) = self.readings.get_mut(cell) {
            let read = r.read.unwrap_or(r.digit);
            r.read = (read != digit).then_some(read);
            r.digit = digit;
            r.uncertain = false;
            r.confirmed = true;
            if digit == 0 {
                r.entry = false;
            }
        }
    }

    /// Switches the selected cell between printed and handwritten.
    pub fn toggle_entry(&mut self) {
        let Some(cell) = self.selected else {
            return;
        };
        if let Some(r) = self.readings.get_mut(cell) {
            if r.digit != 0 {
                r.entry = !r.entry;
            }
        }
    }

    /// The entries that are only Pip's reading (not set by the player),
    /// as a grid: asked about, never called wrong, until the player says.
    pub fn unconfirmed_entries(&self) -> Grid {
        self.grid_of(|r| r.entry && !r.confirmed)
    }

    pub fn uncertain_count(&self) -> usize {
        self.readings.iter().filter(|r| r.uncertain).count()
    }

    /// The cells whose digit repeats in one of their houses (printed and
    /// handwritten alike, by the rules chosen), one flag per reading: the
    /// screen shows them as the board does, red and underlined.
    pub(crate) fn conflicts(&self) -> Vec<bool> {
        let values: Vec<u8> = self.readings.iter().map(|r| r.digit).collect();
        let mut flags = vec![false; values.len()];
        for i in self.shape.repeated_cells(&values) {
            flags[i] = true;
        }
        flags
    }
}
