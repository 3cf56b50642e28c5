//! The candidates the sized engine reads: a value or a candidate mask per
//! cell (bit `v - 1` for value `v`, up to 16), and the shape's houses as
//! cell sets over up to [`CellBits::CAPACITY`] cells (a 16×16 has 256, a
//! samurai 369).

use crate::grid::{Shape, Unit};
use std::sync::Arc;

/// The words of a [`CellBits`].
const WORDS: usize = 8;

/// A set of cells of a grid of up to [`CellBits::CAPACITY`] cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellBits([u64; WORDS]);

impl CellBits {
    pub const EMPTY: CellBits = CellBits([0; WORDS]);

    /// The most cells a set holds: the largest shape the sized engine
    /// reads (see [`SizedMarks::new`]; the overlapping shapes are held to
    /// it by [`crate::grid::MAX_OVERLAP_CELLS`]).
    pub const CAPACITY: usize = WORDS * 64;

    pub fn insert(&mut self, cell: u16) {
        self.0[usize::from(cell >> 6)] |= 1 << (cell & 63);
    }

    pub fn contains(&self, cell: u16) -> bool {
        self.0[usize::from(cell >> 6)] & (1 << (cell & 63)) != 0
    }

    pub fn and(self, other: CellBits) -> CellBits {
        CellBits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    pub fn or(self, other: CellBits) -> CellBits {
        CellBits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub fn minus(self, other: CellBits) -> CellBits {
        CellBits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(self) -> bool {
        // `== [0; WORDS]` compiles to a call of `memcmp`: too slow for the
        // sized engine's innermost test
        self.0.iter().fold(0, |all, &w| all | w) == 0
    }

    /// Whether every cell of `self` is in `other`.
    pub fn within(self, other: CellBits) -> bool {
        self.minus(other).is_empty()
    }

    /// The cells in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u16> {
        (0..WORDS).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w * 64) as u16 + b as u16)
            })
        })
    }

    pub fn from_cells(cells: impl IntoIterator<Item = u16>) -> CellBits {
        let mut set = CellBits::EMPTY;
        for c in cells {
            set.insert(c);
        }
        set
    }
}

/// The values of a mask, smallest first (bit `v - 1` is value `v`).
pub fn values_of(mask: u32) -> impl Iterator<Item = u8> {
    (0..16u8)
        .filter(move |b| mask & (1 << b) != 0)
        .map(|b| b + 1)
}

/// The bit of value `v`.
pub fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

/// The shape's houses as cell sets, computed once per puzzle and shared by
/// every copy of its candidates (the forcing chains copy them often).
#[derive(Debug)]
pub(super) struct Geometry {
    pub units: Vec<Unit>,
    pub house_cells: Vec<Vec<u16>>,
    pub peers: Vec<CellBits>,
    /// The houses each cell is in.
    pub houses_of: Vec<Vec<u16>>,
    /// The rows and the columns, as house numbers: the lines a fish is
    /// made of.
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    /// Each house's cells as a set.
    pub house_bits: Vec<CellBits>,
    /// Pairs of houses sharing at least two cells, with their crossing:
    /// the places an intersection can lock a value.
    pub crossings: Vec<(usize, usize, CellBits)>,
}

impl Geometry {
    fn build(shape: &Shape) -> Geometry {
        let houses = shape.houses();
        let units = houses.iter().map(|h| h.unit).collect();
        let house_cells: Vec<Vec<u16>> = houses.iter().map(|h| h.cells.clone()).collect();
        let house_bits: Vec<CellBits> = house_cells
            .iter()
            .map(|c| CellBits::from_cells(c.iter().copied()))
            .collect();
        let peers = (0..shape.cell_count())
            .map(|i| CellBits::from_cells(shape.peers_of(i).iter().copied()))
            .collect();
        let mut houses_of = vec![Vec::new(); shape.cell_count()];
        for (h, cells) in house_cells.iter().enumerate() {
            for &c in cells {
                houses_of[usize::from(c)].push(h as u16);
            }
        }
        let mut crossings = Vec::new();
        for a in 0..house_bits.len() {
            for b in 0..house_bits.len() {
                let both = house_bits[a].and(house_bits[b]);
                if a != b && both.count() >= 2 {
                    crossings.push((a, b, both));
                }
            }
        }
        let lines = |row: bool| {
            houses
                .iter()
                .enumerate()
                .filter(|(_, h)| match h.unit {
                    Unit::Row(_) => row,
                    Unit::Col(_) => !row,
                    _ => false,
                })
                .map(|(i, _)| i)
                .collect()
        };
        Geometry {
            units,
            house_cells,
            peers,
            houses_of,
            rows: lines(true),
            cols: lines(false),
            house_bits,
            crossings,
        }
    }
}

/// A position on any shape: each cell's value (0 when empty) and, for an
/// empty cell, the values it may still hold.
#[derive(Clone, Debug)]
pub struct SizedMarks {
    shape: Shape,
    geometry: Arc<Geometry>,
    values: Vec<u8>,
    candidates: Vec<u32>,
}

impl SizedMarks {
    /// The candidates of `values` (row-major, 0 for empty) by the rules:
    /// no value twice in a house, and the shading's parity. `None` when
    /// `values` is not a grid of this shape, or the shape has more cells
    /// than a [`CellBits`] holds.
    pub fn new(shape: &Shape, values: &[u8]) -> Option<SizedMarks> {
        let n = shape.side();
        if values.len() != shape.cell_count()
            || shape.cell_count() > CellBits::CAPACITY
            || values.iter().any(|&v| usize::from(v) > n)
        {
            return None;
        }
        let geometry = Arc::new(Geometry::build(shape));
        let candidates = (0..values.len())
            .map(|i| {
                if values[i] != 0 {
                    return 0;
                }
                let seen = geometry.peers[i]
                    .iter()
                    .map(|p| values[usize::from(p)])
                    .filter(|&v| v != 0)
                    .fold(0u32, |m, v| m | bit(v));
                shape.allowed_bits(i) & !seen
            })
            .collect();
        Some(SizedMarks {
            shape: shape.clone(),
            geometry,
            values: values.to_vec(),
            candidates,
        })
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    pub fn side(&self) -> usize {
        self.shape.side()
    }

    pub fn cell_count(&self) -> usize {
        self.values.len()
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    pub fn value(&self, cell: u16) -> u8 {
        self.values[usize::from(cell)]
    }

    /// The candidates of a cell as a mask (0 for a filled cell).
    pub fn candidates(&self, cell: u16) -> u32 {
        self.candidates[usize::from(cell)]
    }

    pub fn has(&self, cell: u16, v: u8) -> bool {
        self.candidates(cell) & bit(v) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Every cell's candidates, row-major (0 for a filled cell).
    pub(super) fn all_candidates(&self) -> &[u32] {
        &self.candidates
    }

    pub(super) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub fn house_count(&self) -> usize {
        self.geometry.units.len()
    }

    pub fn unit(&self, house: usize) -> Unit {
        self.geometry.units[house]
    }

    pub fn house_cells(&self, house: usize) -> &[u16] {
        &self.geometry.house_cells[house]
    }

    pub fn peers(&self, cell: u16) -> CellBits {
        self.geometry.peers[usize::from(cell)]
    }

    pub fn sees(&self, a: u16, b: u16) -> bool {
        self.peers(a).contains(b)
    }

    /// Whether value `v` is already written in a house.
    pub fn placed_in(&self, house: usize, v: u8) -> bool {
        self.house_cells(house).iter().any(|&c| self.value(c) == v)
    }

    /// The cells of a house where `v` is still a candidate.
    pub fn places(&self, house: usize, v: u8) -> CellBits {
        CellBits::from_cells(
            self.house_cells(house)
                .iter()
                .copied()
                .filter(|&c| self.has(c, v)),
        )
    }

    /// The cells anywhere where `v` is a candidate.
    pub fn places_of(&self, v: u8) -> CellBits {
        CellBits::from_cells((0..self.cell_count() as u16).filter(|&c| self.has(c, v)))
    }

    /// Writes `v` in `cell` and takes it from the candidates of its peers.
    pub fn place(&mut self, cell: u16, v: u8) {
        let i = usize::from(cell);
        self.values[i] = v;
        self.candidates[i] = 0;
        for p in self.geometry.peers[i].iter() {
            self.candidates[usize::from(p)] &= !bit(v);
        }
    }

    pub fn eliminate(&mut self, cell: u16, v: u8) {
        self.candidates[usize::from(cell)] &= !bit(v);
    }

    /// Whether the position cannot be completed by the rules alone: an
    /// empty cell without a candidate, or a house with a value it lacks
    /// and no place left for it.
    pub fn broken(&self) -> Option<Broken> {
        if let Some(cell) =
            (0..self.cell_count() as u16).find(|&c| self.value(c) == 0 && self.candidates(c) == 0)
        {
            return Some(Broken::NoCandidate(cell));
        }
        // One pass over each house: the values written and the candidates
        // left; the smallest value with neither has no place.
        let every = (1u32 << self.side()) - 1;
        for house in 0..self.house_count() {
            let mut covered = 0u32;
            for &c in self.house_cells(house) {
                covered |= match self.value(c) {
                    0 => self.candidates(c),
                    v => bit(v),
                };
            }
            let missing = every & !covered;
            if missing != 0 {
                return Some(Broken::NoPlace {
                    house: self.unit(house),
                    value: missing.trailing_zeros() as u8 + 1,
                });
            }
        }
        None
    }
}

/// How a supposition breaks the grid, as a forcing chain says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Broken {
    /// An empty cell has no candidate left.
    NoCandidate(u16),
    /// A house has no place left for a value it needs.
    NoPlace { house: Unit, value: u8 },
}
