//! Cells, units and the precomputed tables every layer shares.

use std::fmt;

/// A cell of the grid, 0..81 in reading order. Displayed as `r1c1`..`r9c9`,
/// the notation of every Sudoku forum and of the hint texts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell(u8);

impl Cell {
    /// All 81 cells in reading order.
    pub const ALL: [Cell; 81] = {
        let mut all = [Cell(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell at `row`, `col` (both 0..9).
    #[inline]
    pub const fn new(row: usize, col: usize) -> Cell {
        debug_assert!(row < 9 && col < 9);
        Cell((row * 9 + col) as u8)
    }

    /// The cell at `index` (0..81); `None` when out of range.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row 0..9.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Column 0..9.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Box 0..9, numbered in reading order.
    #[inline]
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// The row, column and box holding this cell.
    #[inline]
    pub const fn units(self) -> [Unit; 3] {
        [
            Unit::Row(self.row() as u8),
            Unit::Col(self.col() as u8),
            Unit::Box(self.box_index() as u8),
        ]
    }

    /// The 20 cells that share a unit with this one.
    #[inline]
    pub fn peers(self) -> &'static [Cell; 20] {
        &PEERS[self.index()]
    }

    /// Whether `other` shares a row, column or box with this cell.
    #[inline]
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }

    /// Parses `r4c7` (case-insensitive, 1-based).
    pub fn parse(text: &str) -> Option<Cell> {
        let b = text.trim().as_bytes();
        if b.len() != 4 || !b[0].eq_ignore_ascii_case(&b'r') || !b[2].eq_ignore_ascii_case(&b'c') {
            return None;
        }
        let row = b[1].checked_sub(b'1').filter(|&r| r < 9)?;
        let col = b[3].checked_sub(b'1').filter(|&c| c < 9)?;
        Some(Cell::new(row as usize, col as usize))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Cell::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("'{text}' is not a cell like r1c1")))
    }
}

/// A house of a 9×9 shape: a row, a column or a box (numbered 0..9), and
/// in the variants a jigsaw region (0..9, in place of the boxes), a
/// diagonal of X-Sudoku (0 the main one, from r1c1 to r9c9; 1 the
/// anti-diagonal, from r1c9 to r9c1) or a window of Hyper (0..4).
///
/// Rows, columns and boxes are the same in every shape; which other units
/// exist, and a region's cells, are the [`Shape`](super::Shape)'s to say.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Unit {
    Row(u8),
    Col(u8),
    Box(u8),
    Region(u8),
    Diagonal(u8),
    Window(u8),
}

impl Unit {
    /// All 27 units of the classic grid: rows, then columns, then boxes.
    pub const ALL: [Unit; 27] = {
        let mut all = [Unit::Row(0); 27];
        let mut i = 0;
        while i < 9 {
            all[i] = Unit::Row(i as u8);
            all[9 + i] = Unit::Col(i as u8);
            all[18 + i] = Unit::Box(i as u8);
            i += 1;
        }
        all
    };

    /// How many slots [`Unit::index`] numbers: 27 classic units, two
    /// diagonals and four windows (a region shares its box's slot: a
    /// shape has one or the other).
    pub const SLOTS: usize = 33;

    /// Position in a table of [`Unit::SLOTS`]; for the classic units, the
    /// position in [`Unit::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Unit::Row(i) => i as usize,
            Unit::Col(i) => 9 + i as usize,
            Unit::Box(i) | Unit::Region(i) => 18 + i as usize,
            Unit::Diagonal(i) => 27 + i as usize,
            Unit::Window(i) => 29 + i as usize,
        }
    }

    /// Whether this is a row or a column.
    pub const fn is_line(self) -> bool {
        matches!(self, Unit::Row(_) | Unit::Col(_))
    }

    /// Whether this is a box or a jigsaw region: the unit every cell has
    /// exactly one of besides its row and column.
    pub const fn is_region(self) -> bool {
        matches!(self, Unit::Box(_) | Unit::Region(_))
    }

    /// The nine cells of a row, column, box, diagonal or window in reading
    /// order; a jigsaw region's cells depend on its shape
    /// ([`Shape::unit_cells`](super::Shape::unit_cells)), and are empty here.
    #[inline]
    pub fn cells(self) -> &'static [Cell] {
        match self {
            Unit::Region(_) => &[],
            _ => &UNIT_CELLS[self.index()],
        }
    }
}

/// `row 3`, `column 4`, `box 5`, `region 2`, `diagonal 1`, `window 3`
/// (1-based, as players count).
impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Diagonal(i) => write!(f, "diagonal {}", i + 1),
            Unit::Window(i) => write!(f, "window {}", i + 1),
        }
    }
}

impl serde::Serialize for Unit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The cells of every fixed unit: rows, columns, boxes, the two diagonals
/// and the four windows (the slots of jigsaw regions stay unused: they
/// share the boxes' slots).
const fn unit_cells() -> [[Cell; 9]; Unit::SLOTS] {
    let mut table = [[Cell(0); 9]; Unit::SLOTS];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = Cell::new(i, j);
            table[9 + i][j] = Cell::new(j, i);
            table[18 + i][j] = Cell::new((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3);
            j += 1;
        }
        i += 1;
    }
    let mut k = 0;
    while k < 9 {
        table[27][k] = Cell::new(k, k);
        // Read in reading order: top-right first.
        table[28][k] = Cell::new(k, 8 - k);
        let mut w = 0;
        while w < 4 {
            let (top, left) = (1 + (w / 2) * 4, 1 + (w % 2) * 4);
            table[29 + w][k] = Cell::new(top + k / 3, left + k % 3);
            w += 1;
        }
        k += 1;
    }
    table
}

const fn peers() -> [[Cell; 20]; 81] {
    let mut table = [[Cell(0); 20]; 81];
    let mut c = 0;
    while c < 81 {
        let me = Cell(c as u8);
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            let other = Cell(o as u8);
            if o != c
                && (me.row() == other.row()
                    || me.col() == other.col()
                    || me.box_index() == other.box_index())
            {
                table[c][n] = other;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    table
}

static UNIT_CELLS: [[Cell; 9]; Unit::SLOTS] = unit_cells();
static PEERS: [[Cell; 20]; 81] = peers();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        let c = Cell::new(4, 7);
        assert_eq!(c.to_string(), "r5c8");
        assert_eq!(c.box_index(), 5);
        assert_eq!(Cell::parse("R5C8"), Some(c));
        assert_eq!(Cell::parse("r0c1"), None);
        assert_eq!(Cell::parse("r5c8x"), None);
        for cell in Cell::ALL {
            let peers = cell.peers();
            assert!(peers.iter().all(|&p| cell.sees(p)));
            assert_eq!(Cell::ALL.iter().filter(|&&o| cell.sees(o)).count(), 20);
            for unit in cell.units() {
                assert!(unit.cells().contains(&cell));
            }
        }
        assert_eq!(Unit::Box(4).cells()[0], Cell::new(3, 3));
        assert_eq!(Unit::Col(2).to_string(), "column 3");
        for (i, u) in Unit::ALL.iter().enumerate() {
            assert_eq!(u.index(), i);
        }
        assert_eq!(Unit::Diagonal(1).cells()[0], Cell::new(0, 8));
        assert_eq!(Unit::Window(3).cells()[8], Cell::new(7, 7));
        assert!(Unit::Region(2).cells().is_empty());
    }
}
