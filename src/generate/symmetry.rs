//! The symmetries a generated puzzle's givens can follow, and the orbits
//! (a cell with its image) that the generator adds and removes together.

use crate::grid::{Cell, Grid};
use std::fmt;
use std::str::FromStr;

/// Where the givens of a generated puzzle sit.
///
/// ```
/// use sudolens::generate::Symmetry;
/// use sudolens::grid::Cell;
///
/// // r1c2 and r9c8 are each other's image under a half turn about the centre.
/// assert_eq!(Symmetry::Rotational.image(Cell::new(0, 1)), Cell::new(8, 7));
/// // The mirror reflects left to right, about the middle column.
/// assert_eq!(Symmetry::Mirror.image(Cell::new(0, 1)), Cell::new(0, 7));
/// assert_eq!("rotational".parse::<Symmetry>(), Ok(Symmetry::Rotational));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Givens anywhere.
    None,
    /// Unchanged by a half turn (180 degrees) about the centre cell, as in
    /// most newspapers: r1c1 goes with r9c9, the centre r5c5 with itself.
    #[default]
    Rotational,
    /// Unchanged by reflection about the middle column (left-right mirror):
    /// r1c1 goes with r1c9, the cells of column 5 with themselves.
    Mirror,
}

impl Symmetry {
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror];

    /// The name the command line uses: `none`, `rotational`, `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The cell that must hold a given whenever `cell` does.
    pub fn image(self, cell: Cell) -> Cell {
        let (r, c) = (cell.row(), cell.col());
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => Cell::new(8 - r, 8 - c),
            Symmetry::Mirror => Cell::new(r, 8 - c),
        }
    }

    /// Whether the givens of `grid` follow this symmetry (its digits need not).
    pub fn holds(self, grid: &Grid) -> bool {
        Cell::ALL
            .iter()
            .all(|&c| (grid.get(c) == 0) == (grid.get(self.image(c)) == 0))
    }

    /// The orbits of the symmetry: each cell with its image, every cell in
    /// exactly one orbit, in reading order of their first cell.
    pub(crate) fn orbits(self) -> Vec<Orbit> {
        Cell::ALL
            .iter()
            .filter_map(|&c| {
                let image = self.image(c);
                (image >= c).then_some(Orbit { a: c, b: image })
            })
            .collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not one of `none`, `rotational`, `mirror`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymmetry(pub String);

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown symmetry '{}': expected none, rotational or mirror",
            self.0
        )
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// `none`, `rotational` (also `rotation`, `180`) or `mirror`, in any case.
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Symmetry::None),
            "rotational" | "rotation" | "180" => Ok(Symmetry::Rotational),
            "mirror" => Ok(Symmetry::Mirror),
            _ => Err(UnknownSymmetry(s.to_string())),
        }
    }
}

/// One or two cells that are given or empty together: `a == b` for a cell
/// that is its own image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Orbit {
    pub(crate) a: Cell,
    pub(crate) b: Cell,
}

impl Orbit {
    /// Its cells, once each.
    pub(crate) fn cells(self) -> impl Iterator<Item = Cell> {
        std::iter::once(self.a).chain((self.b != self.a).then_some(self.b))
    }

    /// Whether its cells hold givens in `grid` (under a symmetry that holds,
    /// both or neither do).
    pub(crate) fn is_given(self, grid: &Grid) -> bool {
        grid.get(self.a) != 0
    }

    /// Empties its cells.
    pub(crate) fn clear(self, grid: &mut Grid) {
        for c in self.cells() {
            grid.set(c, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once() {
        for (s, count) in [
            (Symmetry::None, 81),
            (Symmetry::Rotational, 41),
            (Symmetry::Mirror, 45),
        ] {
            let orbits = s.orbits();
            assert_eq!(orbits.len(), count, "{s}");
            let mut seen = [0; 81];
            for o in &orbits {
                for c in o.cells() {
                    seen[c.index()] += 1;
                }
                assert_eq!(s.image(o.a), o.b);
                assert_eq!(s.image(o.b), o.a);
            }
            assert!(seen.iter().all(|&n| n == 1), "{s}");
        }
    }

    #[test]
    fn holds_checks_the_pattern_of_givens() {
        let mut g = Grid::empty();
        g.set(Cell::new(0, 1), 5);
        assert!(Symmetry::None.holds(&g));
        assert!(!Symmetry::Rotational.holds(&g));
        assert!(!Symmetry::Mirror.holds(&g));
        g.set(Cell::new(8, 7), 2);
        assert!(Symmetry::Rotational.holds(&g));
        assert!(!Symmetry::Mirror.holds(&g));
        assert_eq!("Mirror".parse(), Ok(Symmetry::Mirror));
        assert!("diagonal".parse::<Symmetry>().is_err());
    }
}
