//! A set of cells packed in one 81-bit mask, small enough to copy: the
//! cells of a chain node that stands for several cells (a digit in a box
//! and a line, or in an almost locked set).

use super::Cell;
use serde::{Serialize, Serializer};
use std::fmt;

/// Cells as bits of a `u128` (bit `i` for cell `i`), iterated in reading
/// order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CellSet(u128);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);

    /// The set of the cells of `mask` (bits above the 81st are dropped).
    pub const fn from_mask(mask: u128) -> CellSet {
        CellSet(mask & super::masks::ALL_CELLS)
    }

    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    pub const fn mask(self) -> u128 {
        self.0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u128 << cell.index()) != 0
    }

    /// The first cell in reading order.
    pub fn first(self) -> Option<Cell> {
        Cell::from_index(self.0.trailing_zeros() as usize)
    }

    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut mask = self.0;
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Cell::from_index(i)
        })
    }

    pub fn to_vec(self) -> Vec<Cell> {
        self.iter().collect()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        CellSet(iter.into_iter().fold(0, |m, c| m | 1u128 << c.index()))
    }
}

/// `{r1c2 r1c3}`.
impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A list of cells, like a `Vec<Cell>`.
impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_in_reading_order() {
        let set: CellSet = [Cell::new(8, 8), Cell::new(0, 1), Cell::new(4, 4)]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3);
        assert_eq!(set.first(), Some(Cell::new(0, 1)));
        assert_eq!(
            set.to_vec(),
            vec![Cell::new(0, 1), Cell::new(4, 4), Cell::new(8, 8)]
        );
        assert!(set.contains(Cell::new(4, 4)) && !set.contains(Cell::new(0, 0)));
        assert_eq!(CellSet::single(Cell::new(0, 0)).mask(), 1);
        assert_eq!(
            serde_json::to_string(&set).unwrap(),
            r#"["r1c2","r5c5","r9c9"]"#
        );
        assert!(CellSet::EMPTY.is_empty() && CellSet::EMPTY.first().is_none());
    }
}
