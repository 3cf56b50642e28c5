//! The seam every layer asks about a puzzle's geometry: [`Shape`].
//!
//! A shape says which cells a puzzle has, which symbols go in them, which
//! houses (rows, columns, boxes or jigsaw regions, and extra houses such as
//! the diagonals of X-Sudoku or the windows of Hyper) must hold each symbol
//! once, which cells are restricted to even or odd digits, and therefore
//! which cells see each other. Everything else (the solver, the rule
//! engine, Pip's words, the board, the photo reader) asks the shape instead
//! of assuming the classic 9×9.
//!
//! Two views of the same geometry are kept:
//! - the general one, [`Shape::houses`] and [`Shape::peers_of`] over plain
//!   cell indices (row-major, `0..cell_count`), for every shape, and
//!   for the overlapping grids too (a samurai's shared cell sits in two
//!   rows, two columns and one box: see [`Overlap`]);
//! - the 81-cell one ([`Shape::units`], [`Shape::unit_mask`],
//!   [`Shape::peer_mask`]) over [`Cell`] and [`Unit`], for the shapes drawn
//!   on the classic 9×9 lattice (classic, X, Hyper, jigsaw, odd/even and
//!   their combinations): the rule engine's bitboards run on it unchanged.
//!
//! A `Shape` is a cheap handle (an `Arc`): clone it freely.
//!
//! ```
//! use sudolens::grid::{Shape, Unit, Cell};
//! let x = Shape::parse_name("x").unwrap();
//! assert_eq!(x.name(), "x");
//! assert!(x.units().contains(&Unit::Diagonal(0)));
//! // r1c1 and r9c9 share the main diagonal in X-Sudoku, not in the classic.
//! assert!(x.sees(Cell::new(0, 0), Cell::new(8, 8)));
//! assert!(!Shape::classic().sees(Cell::new(0, 0), Cell::new(8, 8)));
//! ```

mod layout;
mod overlap;
mod spec;

pub use overlap::{GridName, GridPlace, Overlap, MAX_OVERLAP_CELLS};
pub(crate) use spec::connected as in_one_piece;
pub use spec::{regions_in_reading_order, Parity, ShapeError, ShapeName, ShapeSpec, Size, Symbols};

use super::{Candidates, Cell, Grid, Unit};
use layout::Layout;
pub(crate) use layout::{Lattice81, Masks64};
use std::fmt;
use std::sync::{Arc, LazyLock};

/// A puzzle's geometry: see the [module documentation](self).
#[derive(Clone)]
pub struct Shape(Arc<ShapeData>);

struct ShapeData {
    spec: ShapeSpec,
    layout: Layout,
    /// The 81-cell tables, for shapes on the classic lattice.
    lattice: Option<Lattice81>,
    /// The 64-bit tables, for shapes of at most 64 cells.
    masks64: Option<Masks64>,
    /// For a sub-shape ([`Shape::sub_grids`]): which of the whole
    /// shape's grids it keeps (indices in the whole's [`Shape::grids`]).
    part: Option<Vec<usize>>,
}

static CLASSIC: LazyLock<Shape> = LazyLock::new(|| {
    Shape::new(ShapeSpec::classic()).expect("the classic shape is a proper Sudoku")
});

/// One house of the general view: its name and its cells (indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    pub unit: Unit,
    pub cells: Vec<u16>,
}

impl Shape {
    /// The classic 9×9 Sudoku: rows, columns and 3×3 boxes.
    pub fn classic() -> Shape {
        CLASSIC.clone()
    }

    /// Builds the shape a spec describes, checking that it is a proper
    /// Sudoku geometry: every house holds exactly one of each symbol's
    /// places (as many cells as symbols), and jigsaw regions cover the
    /// grid and are connected.
    pub fn new(spec: ShapeSpec) -> Result<Shape, ShapeError> {
        spec.check()?;
        let layout = Layout::build(&spec)?;
        let lattice =
            (spec.size.side == 9 && spec.overlap.is_none()).then(|| Lattice81::build(&layout));
        let masks64 = Masks64::build(&layout, spec.size.side as usize);
        Ok(Shape(Arc::new(ShapeData {
            spec,
            layout,
            lattice,
            masks64,
            part: None,
        })))
    }

    /// The shape made of some of this overlapping shape's grids alone,
    /// with the boxes they share: `keep` lists indices in [`Shape::grids`]
    /// (in any order; repeats ignored). The cells keep their places on
    /// the plane ([`Shape::position`], [`Shape::cell_at`]), so a value of
    /// the whole carries over by place; a grid index in the result's
    /// [`Shape::grids_of`] counts in `keep`'s grids, in increasing order.
    /// `None` for a shape of one grid, an empty `keep`, an index out of
    /// range, or a sub-shape already.
    ///
    /// ```
    /// use sudolens::grid::Shape;
    /// let samurai = Shape::parse_name("samurai").unwrap();
    /// let centre = samurai.sub_grids(&[2]).unwrap();
    /// assert_eq!(centre.cell_count(), 81);
    /// assert_eq!(centre.name(), "samurai (grid 3)");
    /// ```
    pub fn sub_grids(&self, keep: &[usize]) -> Option<Shape> {
        let mut keep = keep.to_vec();
        keep.sort_unstable();
        keep.dedup();
        let whole = self.grids().len();
        if self.0.part.is_some() || keep.is_empty() || keep.iter().any(|&k| k >= whole) {
            return None;
        }
        let layout = Layout::build_part(&self.0.spec, &keep).ok()??;
        let masks64 = Masks64::build(&layout, self.side());
        Some(Shape(Arc::new(ShapeData {
            spec: self.0.spec.clone(),
            layout,
            lattice: None,
            masks64,
            part: Some(keep),
        })))
    }

    /// For a shape made by [`Shape::sub_grids`], the grids of the whole it
    /// keeps.
    pub fn kept_grids(&self) -> Option<&[usize]> {
        self.0.part.as_deref()
    }

    /// The shape a command-line name gives: `classic`, `x`, `hyper`,
    /// `4x4`, `6x6`, `12x12`, `16x16`, and combinations joined with `+`
    /// (`x+hyper`, `6x6+x`); the overlapping grids `twin`, `sohei`,
    /// `samurai`, `windmill`, `flower`, `diagonal-N`, `carpet-N` and
    /// `torus-N`, with `-dense` after N for the dense forms (see
    /// [`Overlap`]). `jigsaw` and `odd-even` need their map: see
    /// [`ShapeName::into_spec`] and the text format's header.
    pub fn parse_name(name: &str) -> Result<Shape, ShapeError> {
        Shape::new(ShapeName::parse(name)?.into_spec(None, None)?)
    }

    /// What this shape is made of.
    pub fn spec(&self) -> &ShapeSpec {
        &self.0.spec
    }

    /// The name the command line, the files and `--json` use: `classic`,
    /// `x`, `x+hyper`, `jigsaw`, `6x6`, `16x16+x`...
    pub fn name(&self) -> String {
        match &self.0.part {
            Some(keep) => {
                let numbers: Vec<String> = keep.iter().map(|k| (k + 1).to_string()).collect();
                let grids = if keep.len() == 1 { "grid" } else { "grids" };
                format!("{} ({grids} {})", self.0.spec.name(), numbers.join(", "))
            }
            None => self.0.spec.name(),
        }
    }

    /// Whether this is the plain classic 9×9, which keeps its fast paths
    /// (the band solver, the canonical form, the photo quad).
    pub fn is_classic(&self) -> bool {
        self.0.spec.is_classic()
    }

    /// Side of the grid: 4, 6, 9, 12 or 16; also the number of symbols.
    /// Overlapping grids are each 9×9 (side 9), on a larger plane: see
    /// [`Shape::plane_size`].
    pub fn side(&self) -> usize {
        self.0.spec.size.side as usize
    }

    /// Number of cells (a cell two grids share counted once).
    pub fn cell_count(&self) -> usize {
        self.0.layout.peers.len()
    }

    /// The overlapping form, or `None` for a shape of one grid.
    pub fn overlap(&self) -> Option<Overlap> {
        self.0.spec.overlap
    }

    /// The rows and columns of the plane the cells are drawn on: the grid
    /// itself for one grid, the board the grids cover for overlapping ones
    /// (21 × 21 for a samurai), a torus's period.
    pub fn plane_size(&self) -> (usize, usize) {
        match &self.0.layout.plane {
            Some(p) => (p.rows, p.cols),
            None => (self.side(), self.side()),
        }
    }

    /// Where cell `index` lies on the plane: (row, column), 0-based.
    pub fn position(&self, index: usize) -> (usize, usize) {
        match &self.0.layout.plane {
            Some(p) => {
                let (r, c) = p.positions[index];
                (r.into(), c.into())
            }
            None => (index / self.side(), index % self.side()),
        }
    }

    /// The cell at a place of the plane, if the grids cover it.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        let (rows, cols) = self.plane_size();
        if row >= rows || col >= cols {
            return None;
        }
        match &self.0.layout.plane {
            Some(p) => p.cell_at[row * cols + col].map(usize::from),
            None => Some(row * cols + col),
        }
    }

    /// The grids of an overlapping shape, in reading order of the plane
    /// (empty for one grid).
    pub fn grids(&self) -> &[GridPlace] {
        self.0.layout.plane.as_ref().map_or(&[], |p| &p.grids)
    }

    /// The places of cell `index` in the grids holding it: (grid, row,
    /// column), 0-based, in the grids' order; empty for one grid.
    pub fn grids_of(&self, index: usize) -> &[(u8, u8, u8)] {
        self.0
            .layout
            .plane
            .as_ref()
            .map_or(&[], |p| &p.memberships[index])
    }

    /// The names of house `house` (an index in [`Shape::houses`]) in the
    /// grids holding it: (grid, its row, column or box number there),
    /// 0-based. A box two grids share has two; empty for one grid.
    pub fn house_grids(&self, house: usize) -> &[(u8, u8)] {
        self.0
            .layout
            .plane
            .as_ref()
            .map_or(&[], |p| &p.house_names[house])
    }

    /// The index in [`Shape::houses`] of a unit, if the shape has it.
    pub fn house_index(&self, unit: Unit) -> Option<usize> {
        self.houses().iter().position(|h| h.unit == unit)
    }

    /// How symbols are written: digits, letters past 9, or hexadecimal.
    pub fn symbols(&self) -> Symbols {
        self.0.spec.symbols
    }

    /// Every house, in the order rows, columns, boxes or regions, extras.
    pub fn houses(&self) -> &[House] {
        &self.0.layout.houses
    }

    /// The cells that share a house with cell `index` (general view).
    pub fn peers_of(&self, index: usize) -> &[u16] {
        &self.0.layout.peers[index]
    }

    /// The digits cell `index` may hold by the shape alone: all of them,
    /// or the even or odd ones in a shaded cell of an odd/even puzzle.
    pub fn allowed(&self, index: usize) -> Candidates {
        Candidates::from_bits(self.0.layout.allowed[index] as u16)
    }

    /// [`Shape::allowed`] for any size: bit `d - 1` for digit `d`, up to 16.
    pub fn allowed_bits(&self, index: usize) -> u32 {
        self.0.layout.allowed[index]
    }

    /// Whether any cell is restricted by parity.
    pub fn has_parity(&self) -> bool {
        self.0.spec.parity.is_some()
    }

    /// Whether every house is a row, a column or a box (no jigsaw region,
    /// no extra house): the condition under which the techniques that
    /// rely on box-line geometry (uniqueness rectangles, BUG, Sue de Coq,
    /// empty rectangles) stay valid as written.
    pub fn has_plain_houses(&self) -> bool {
        let s = &self.0.spec;
        s.regions.is_none() && !s.diagonals && !s.windows
    }

    /// Whether the uniqueness techniques are sound: in the plain shape
    /// only. Extra houses and parity both break the swap of two digits
    /// that a deadly pattern relies on.
    pub fn allows_uniqueness(&self) -> bool {
        self.has_plain_houses() && self.0.spec.parity.is_none()
    }

    /// The 81-cell tables, for shapes on the classic lattice.
    pub(crate) fn lattice(&self) -> Option<&Lattice81> {
        self.0.lattice.as_ref()
    }

    /// The 64-bit tables, for shapes of at most 64 cells (4×4, 6×6).
    pub(crate) fn masks64(&self) -> Option<&Masks64> {
        self.0.masks64.as_ref()
    }

    /// The classic shape's tables, for the classic fast paths.
    pub(crate) fn classic_lattice() -> &'static Lattice81 {
        match &CLASSIC.0.lattice {
            Some(l) => l,
            None => unreachable!("the classic shape is 9x9"),
        }
    }

    /// Whether the shape lies on the classic 9×9 lattice, so that the
    /// rule engine, the board and the photo reader's 81-cell paths apply.
    pub fn is_9x9(&self) -> bool {
        self.lattice().is_some()
    }

    /// The houses of a 9×9 shape as [`Unit`]s: rows, columns, boxes or
    /// regions, then the extras. Empty for other sizes.
    pub fn units(&self) -> &[Unit] {
        self.lattice().map_or(&[], |l| &l.units)
    }

    /// The cells of a unit as an 81-bit mask (0 when the shape lacks it).
    #[inline]
    pub fn unit_mask(&self, unit: Unit) -> u128 {
        self.lattice().map_or(0, |l| l.unit_masks[unit.index()])
    }

    /// The cells of a unit in reading order.
    pub fn unit_cells(&self, unit: Unit) -> &[Cell] {
        self.lattice()
            .map_or(&[], |l| l.unit_cells[unit.index()].as_slice())
    }

    /// The units holding a cell (3 in the classic, up to 5 with extras).
    pub fn units_of(&self, cell: Cell) -> &[Unit] {
        self.lattice()
            .map_or(&[], |l| l.cell_units[cell.index()].as_slice())
    }

    /// The box or jigsaw region holding a cell.
    pub fn region_of(&self, cell: Cell) -> Unit {
        let i = self.0.layout.region_of[cell.index()];
        if self.0.spec.regions.is_some() {
            Unit::Region(i)
        } else {
            Unit::Box(i)
        }
    }

    /// The box or jigsaw region (0-based) holding cell `index`, any size.
    pub fn region_at(&self, index: usize) -> usize {
        self.0.layout.region_of.get(index).map_or(0, |&r| r.into())
    }

    /// The cells of the extra houses (X's diagonals, Hyper's windows), by
    /// index, any size: the cells a board shades as the papers print them.
    pub fn in_extra_house(&self) -> Vec<bool> {
        let mut shaded = vec![false; self.cell_count()];
        for house in self.houses() {
            if matches!(house.unit, Unit::Diagonal(_) | Unit::Window(_)) {
                for &i in &house.cells {
                    shaded[usize::from(i)] = true;
                }
            }
        }
        shaded
    }

    /// The cells sharing a unit with `cell`, as an 81-bit mask.
    #[inline]
    pub fn peer_mask(&self, cell: Cell) -> u128 {
        self.lattice().map_or(0, |l| l.peer_masks[cell.index()])
    }

    /// The cells sharing a unit with `cell`, in reading order.
    pub fn peers(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        super::CellSet::from_mask(self.peer_mask(cell)).iter()
    }

    /// Whether `a` and `b` are different cells sharing a unit.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peer_mask(a) & (1u128 << b.index()) != 0
    }

    /// The 9×9 units holding every cell of `mask` (at most a few).
    pub fn common_units(&self, mask: u128) -> Vec<Unit> {
        self.units()
            .iter()
            .copied()
            .filter(|&u| mask & !self.unit_mask(u) == 0)
            .collect()
    }

    /// Candidates of a 9×9 cell by the rules: no digit twice in a unit,
    /// and the shading's parity (empty for a filled cell).
    pub fn candidates(&self, grid: &Grid, cell: Cell) -> Candidates {
        if grid.get(cell) != 0 {
            return Candidates::NONE;
        }
        let mut seen = Candidates::NONE;
        for p in self.peers(cell) {
            let d = grid.get(p);
            if d != 0 {
                seen.insert(d);
            }
        }
        !seen & self.allowed(cell.index())
    }

    /// Every digit written more than once in one unit of a 9×9 shape,
    /// with its cells (a repeat seen by two units is said once).
    pub fn conflicts(&self, grid: &Grid) -> Vec<super::Conflict> {
        let mut found: Vec<super::Conflict> = Vec::new();
        for &unit in self.units() {
            let mut by_digit: [Vec<Cell>; 10] = Default::default();
            for &cell in self.unit_cells(unit) {
                by_digit[grid.get(cell) as usize].push(cell);
            }
            for (digit, cells) in by_digit.into_iter().enumerate().skip(1) {
                let repeated = found
                    .iter()
                    .any(|c| c.digit == digit as u8 && c.cells == cells);
                if cells.len() > 1 && !repeated {
                    found.push(super::Conflict {
                        digit: digit as u8,
                        unit,
                        cells,
                    });
                }
            }
        }
        found
    }

    /// The cells of `values` (one per cell index, any size) whose value is
    /// written again in one of their houses, in reading order: the
    /// conflicts of a board of any size.
    pub fn repeated_cells(&self, values: &[u8]) -> Vec<usize> {
        let mut repeated = vec![false; values.len()];
        for house in self.houses() {
            let mut first_at = [None::<u16>; 17];
            for &i in &house.cells {
                let v = values.get(usize::from(i)).copied().unwrap_or(0);
                if v == 0 || usize::from(v) >= first_at.len() {
                    continue;
                }
                match first_at[usize::from(v)] {
                    Some(j) => {
                        repeated[usize::from(i)] = true;
                        repeated[usize::from(j)] = true;
                    }
                    None => first_at[usize::from(v)] = Some(i),
                }
            }
        }
        (0..values.len()).filter(|&i| repeated[i]).collect()
    }

    /// The given digits of a 9×9 grid that break the shading (an odd digit
    /// in a cell shaded for even ones).
    pub fn parity_breaks(&self, grid: &Grid) -> Vec<Cell> {
        Cell::ALL
            .into_iter()
            .filter(|&c| {
                let d = grid.get(c);
                d != 0 && !self.allowed(c.index()).contains(d)
            })
            .collect()
    }

    /// The header lines that name this shape, with its maps, as the text
    /// format and the save files write it (see [`crate::grid::ShapedGrid`]).
    pub fn header(&self) -> String {
        crate::grid::shaped_header(self)
    }

    /// The jigsaw region number of each cell (0-based), for a jigsaw shape.
    pub fn region_map(&self) -> Option<&[u8]> {
        self.0.spec.regions.as_deref()
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.spec == other.0.spec && self.0.part == other.0.part)
    }
}

impl Eq for Shape {}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({})", self.name())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A shape is written by its name (`"x+hyper"`), as `--json` and the
/// command line say it.
impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::classic()
    }
}

#[cfg(test)]
mod tests;
