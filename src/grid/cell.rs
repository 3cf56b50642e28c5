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

/// A row, column or box, each numbered 0..9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Unit {
    Row(u8),
    Col(u8),
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
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

    /// Position in [`Unit::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Unit::Row(i) => i as usize,
            Unit::Col(i) => 9 + i as usize,
            Unit::Box(i) => 18 + i as usize,
        }
    }

    /// The nine cells of the unit in reading order.
    #[inline]
    pub fn cells(self) -> &'static [Cell; 9] {
        &UNIT_CELLS[self.index()]
    }
}

/// `row 3`, `column 4`, `box 5` (1-based, as players count).
impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

impl serde::Serialize for Unit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

const fn unit_cells() -> [[Cell; 9]; 27] {
    let mut table = [[Cell(0); 9]; 27];
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

static UNIT_CELLS: [[Cell; 9]; 27] = unit_cells();
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
    }
}
