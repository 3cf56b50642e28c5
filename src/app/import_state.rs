//! The correction screen's state: what each cell of the photo was read as,
//! what the player changed, and the questions asked of it (the printed and
//! handwritten digits, the conflicts). Drawn by [`super::import_view`].

use egui::{Pos2, TextureHandle, Vec2};

use crate::grid::{Cell, Grid, Shape};

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
    pub readings: [ReadCell; 81],
    pub selected: Option<Cell>,
    /// Recognition is running (first pass or after corners moved).
    pub busy: bool,
    /// Where the photo came from, for messages.
    pub name: String,
    /// The rules the grid is read by: the classic, or the variant its
    /// shading showed; the player may change it before Use this grid.
    pub shape: Shape,
    /// A jigsaw's regions the photo's heavy lines drew (the screen offers
    /// the jigsaw then), `None` when it shows only boxes.
    pub regions: Option<Vec<u8>>,
}

impl ImportState {
    /// The printed digits.
    pub fn givens(&self) -> Grid {
        let mut g = Grid::empty();
        for c in Cell::ALL {
            let r = &self.readings[c.index()];
            if !r.entry {
                g.set(c, r.digit);
            }
        }
        g
    }

    /// The player's handwritten digits.
    pub fn entries(&self) -> Grid {
        let mut g = Grid::empty();
        for c in Cell::ALL {
            let r = &self.readings[c.index()];
            if r.entry {
                g.set(c, r.digit);
            }
        }
        g
    }

    /// Sets the selected cell's digit (0 clears); a fixed cell is no longer
    /// uncertain.
    pub fn type_digit(&mut self, digit: u8) {
        if let Some(c) = self.selected {
            let r = &mut self.readings[c.index()];
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
        if let Some(c) = self.selected {
            let r = &mut self.readings[c.index()];
            if r.digit != 0 {
                r.entry = !r.entry;
            }
        }
    }

    /// The entries that are only Pip's reading (not set by the player),
    /// as a grid: asked about, never called wrong, until the player says.
    pub fn unconfirmed_entries(&self) -> Grid {
        let mut g = Grid::empty();
        for c in Cell::ALL {
            let r = &self.readings[c.index()];
            if r.entry && !r.confirmed {
                g.set(c, r.digit);
            }
        }
        g
    }

    pub fn uncertain_count(&self) -> usize {
        self.readings.iter().filter(|r| r.uncertain).count()
    }

    /// The cells whose digit repeats in one of their houses (printed and
    /// handwritten alike, by the rules chosen), as a mask by cell index:
    /// the screen shows them as the board does, red and underlined.
    pub(crate) fn conflicts(&self) -> u128 {
        let mut all = Grid::empty();
        for c in Cell::ALL {
            all.set(c, self.readings[c.index()].digit);
        }
        self.shape
            .conflicts(&all)
            .iter()
            .flat_map(|conflict| conflict.cells.iter())
            .fold(0, |mask, c| mask | 1u128 << c.index())
    }
}
