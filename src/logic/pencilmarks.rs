//! The candidate state the techniques read: cell-major masks for "what can
//! go here" and digit-major bitboards for "where can this digit go", kept in
//! sync so each technique uses whichever view makes it a few bit operations.

use crate::grid::{Board, Candidates, Cell, Grid, Shape, Unit};
use crate::solver::ForcedSingles;

#[inline]
pub(crate) const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// Iterates the cell indices of a bitboard in reading order.
#[inline]
pub(crate) fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    crate::grid::CellSet::from_mask(mask).iter()
}

/// The pencil marks a player reasons from: the candidates of every open
/// cell, plus the digits already placed, on the units of a 9×9 shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pencilmarks {
    values: [u8; 81],
    cells: [Candidates; 81],
    digits: [u128; 9],
    shape: Shape,
}

/// Why a grid has no pencil marks: the rule engine reads 9×9 shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotNineByNine(pub Shape);

impl std::fmt::Display for NotNineByNine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "explained steps are given on 9x9 grids; a {} is solved exactly instead",
            self.0.name()
        )
    }
}

impl std::error::Error for NotNineByNine {}

impl Pencilmarks {
    /// Leaves `cell` only the candidates in `keep`: technique tests build
    /// their hand-made candidate grids with it.
    #[cfg(test)]
    pub(crate) fn keep_only(&mut self, cell: Cell, keep: &[u8]) {
        for d in 1..=9 {
            if !keep.contains(&d) {
                self.eliminate(cell, d);
            }
        }
    }

    /// Candidates of a classic grid by the basic rule (no digit twice in a unit).
    pub fn from_grid(grid: &Grid) -> Pencilmarks {
        Pencilmarks::of_shape(Shape::classic(), grid)
    }

    /// Candidates by the rules of a 9×9 shape: no digit twice in any of
    /// its units, and the shading's parity.
    pub fn from_grid_in(shape: &Shape, grid: &Grid) -> Result<Pencilmarks, NotNineByNine> {
        if !shape.is_9x9() {
            return Err(NotNineByNine(shape.clone()));
        }
        Ok(Pencilmarks::of_shape(shape.clone(), grid))
    }

    fn of_shape(shape: Shape, grid: &Grid) -> Pencilmarks {
        let mut s = Pencilmarks {
            values: *grid.digits(),
            cells: [Candidates::NONE; 81],
            digits: [0; 9],
            shape,
        };
        for cell in Cell::ALL {
            let cands = s.shape.candidates(grid, cell);
            s.set_cands(cell, cands);
        }
        s
    }

    /// The shape whose units these marks follow.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The shape's units: rows, columns, boxes or regions, extras.
    #[inline]
    pub fn units(&self) -> &[Unit] {
        self.shape.units()
    }

    /// The cells of a unit as a bitboard.
    #[inline]
    pub fn unit_mask(&self, unit: Unit) -> u128 {
        self.shape.unit_mask(unit)
    }

    /// The cells of a unit in reading order.
    #[inline]
    pub fn unit_cells(&self, unit: Unit) -> &[Cell] {
        self.shape.unit_cells(unit)
    }

    /// The cells sharing a unit with `cell`, as a bitboard.
    #[inline]
    pub fn peer_mask(&self, cell: Cell) -> u128 {
        self.shape.peer_mask(cell)
    }

    /// The units holding `cell`.
    #[inline]
    pub fn units_of(&self, cell: Cell) -> &[Unit] {
        self.shape.units_of(cell)
    }

    /// The box or jigsaw region holding `cell`.
    #[inline]
    pub fn region_of(&self, cell: Cell) -> Unit {
        self.shape.region_of(cell)
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.shape.sees(a, b)
    }

    /// The units that contain every cell of `mask`.
    pub fn common_units(&self, mask: u128) -> Vec<Unit> {
        self.shape.common_units(mask)
    }

    /// The first unit two cells share (rows, columns, boxes or regions,
    /// then the extras); the cell's region when they share none.
    pub fn shared_unit(&self, a: Cell, b: Cell) -> Unit {
        let both = bit(a.index()) | bit(b.index());
        self.units()
            .iter()
            .copied()
            .find(|&u| both & !self.unit_mask(u) == 0)
            .unwrap_or_else(|| self.region_of(a))
    }

    /// The regions (boxes or jigsaw regions) of the shape.
    pub fn regions(&self) -> impl Iterator<Item = Unit> + '_ {
        self.units().iter().copied().filter(|u| u.is_region())
    }

    /// The board's candidates: its notes where the player wrote some (they
    /// may already hold eliminations), the basic rule elsewhere. Notes that
    /// lack the true digit are ignored, since reasoning from them could only
    /// mislead; `solution` is the board's unique solution when known.
    /// On the board's own shape.
    pub fn from_board(board: &Board, solution: Option<&Grid>) -> Pencilmarks {
        let grid = board.grid();
        let mut s = Pencilmarks::of_shape(board.shape().clone(), &grid);
        let trusted = Cell::ALL.iter().all(|&c| {
            let notes = board.notes(c);
            grid.get(c) != 0
                || notes.is_empty()
                || solution.is_none_or(|sol| notes.contains(sol.get(c)))
        });
        if trusted {
            for cell in Cell::ALL {
                let notes = board.notes(cell);
                if grid.get(cell) == 0 && !notes.is_empty() {
                    let basic = s.cells[cell.index()];
                    s.set_cands(cell, basic & notes);
                }
            }
        }
        s
    }

    fn set_cands(&mut self, cell: Cell, cands: Candidates) {
        let i = cell.index();
        for d in self.cells[i].iter() {
            self.digits[d as usize - 1] &= !bit(i);
        }
        self.cells[i] = cands;
        for d in cands.iter() {
            self.digits[d as usize - 1] |= bit(i);
        }
    }

    #[inline]
    pub fn value(&self, cell: Cell) -> u8 {
        self.values[cell.index()]
    }

    #[inline]
    pub fn cands(&self, cell: Cell) -> Candidates {
        self.cells[cell.index()]
    }

    /// Open cells where `digit` is still a candidate.
    #[inline]
    pub fn digit_mask(&self, digit: u8) -> u128 {
        self.digits[digit as usize - 1]
    }

    #[inline]
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.digit_mask(digit) & bit(cell.index()) != 0
    }

    /// Open cells (no digit placed).
    pub fn open_mask(&self) -> u128 {
        self.digits.iter().fold(0, |a, &b| a | b)
    }

    /// Open cells with exactly two candidates.
    pub fn bivalue_mask(&self) -> u128 {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &b in &self.digits {
            three |= two & b;
            two |= one & b;
            one |= b;
        }
        two & !three
    }

    pub fn grid(&self) -> Grid {
        let mut g = Grid::empty();
        for c in Cell::ALL {
            g.set(c, self.values[c.index()]);
        }
        g
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Writes `digit` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: Cell, digit: u8) {
        let i = cell.index();
        self.set_cands(cell, Candidates::NONE);
        self.values[i] = digit;
        let d = digit as usize - 1;
        let peers = self.shape.peer_mask(cell);
        for p in cells_of(self.digits[d] & peers) {
            self.cells[p.index()].remove(digit);
        }
        self.digits[d] &= !peers;
    }

    pub fn eliminate(&mut self, cell: Cell, digit: u8) {
        self.cells[cell.index()].remove(digit);
        self.digits[digit as usize - 1] &= !bit(cell.index());
    }

    /// The same candidates for the solver's forced-singles propagation.
    pub(crate) fn forced_singles(&self) -> ForcedSingles<'_> {
        let mut placed = [0u128; 9];
        for (i, &v) in self.values.iter().enumerate() {
            if v != 0 {
                placed[v as usize - 1] |= bit(i);
            }
        }
        let lattice = match self.shape.lattice() {
            Some(l) => l,
            None => unreachable!("pencil marks are made on 9x9 shapes only"),
        };
        ForcedSingles::new(lattice, self.digits, self.open_mask(), placed)
    }

    /// Bitboard of the digit's candidates inside a unit.
    #[inline]
    pub fn in_unit(&self, digit: u8, unit: Unit) -> u128 {
        self.digit_mask(digit) & self.shape.unit_mask(unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_stay_in_sync() {
        let g = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let mut s = Pencilmarks::from_grid(&g);
        let c = Cell::new(0, 1);
        assert_eq!(s.cands(c), g.candidates(c));
        s.place(c, 1);
        assert!(!s.has(Cell::new(0, 2), 1));
        assert!(s
            .cands(Cell::new(0, 2))
            .iter()
            .all(|d| s.has(Cell::new(0, 2), d)));
        s.eliminate(Cell::new(1, 0), 6);
        assert!(!s.cands(Cell::new(1, 0)).contains(6));
        for cell in Cell::ALL {
            for d in 1..=9 {
                assert_eq!(s.cands(cell).contains(d), s.has(cell, d));
            }
        }
        assert_eq!(
            s.common_units(bit(0) | bit(1)),
            vec![Unit::Row(0), Unit::Box(0)]
        );
    }
}
