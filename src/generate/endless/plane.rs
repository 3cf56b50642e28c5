//! The endless carpet's one solution: a torus solution unrolled on the
//! infinite plane, its rows shuffled within each plane band, its columns
//! within each plane stack, its digits relabelled (see the module
//! documentation of [`super`] for why every grid stays valid).

use super::{GridPos, PlaneCell};
use crate::generate::rng::Rng;
use crate::grid::{Grid, Shape, ORDERS_OF_3};
use crate::solver::solve_in_order;

/// The torus whose solution is unrolled: `torus-3`, the largest the shapes
/// hold (its 18 × 18 = 324 cells; a `torus-4` would have 576, past
/// [`crate::grid::MAX_OVERLAP_CELLS`]).
const TORUS: &str = "torus-3";

/// The torus's period in cells, both ways.
pub(super) const PERIOD: i64 = 18;

/// How many first rows are tried before the seed is given up (each one's
/// search is bounded; in practice the first succeeds).
const FILL_ATTEMPTS: u64 = 32;

/// Search states one fill of the torus may visit.
const FILL_BUDGET: u64 = 200_000;

/// Mixes numbers into one well-spread 64-bit key (SplitMix64's finaliser
/// on each part in turn), so that nearby bands, grids or seeds draw
/// unrelated streams.
pub(super) fn mix(parts: &[u64]) -> u64 {
    parts.iter().fold(0x005e_edca_29e7_u64, |h, &p| {
        Rng::new(h ^ p.wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
    })
}

/// What the hash of a band or a stack is drawn for.
#[derive(Clone, Copy)]
enum Axis {
    Rows = 1,
    Cols = 2,
}

/// The solution of the whole plane, as a function of a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SolutionPlane {
    seed: u64,
    /// The torus's solution, row by row (18 × 18, digits 1..=9).
    torus: Vec<u8>,
}

/// The seed gave no torus solution within the fill's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NoTorus;

impl SolutionPlane {
    /// The plane of `seed`: a random solution of the torus (a random first
    /// row, then the exact solver with the digits in a random order), its
    /// digits relabelled by a random permutation.
    pub(super) fn new(seed: u64) -> Result<SolutionPlane, NoTorus> {
        let shape = Shape::parse_name(TORUS).map_err(|_| NoTorus)?;
        let side = PERIOD as usize;
        for attempt in 0..FILL_ATTEMPTS {
            let mut rng = Rng::new(mix(&[seed, 0x7021, attempt]));
            let mut first: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut first);
            let mut values = vec![0u8; shape.cell_count()];
            for (c, &v) in first.iter().enumerate() {
                if let Some(i) = shape.cell_at(0, c) {
                    values[i] = v;
                }
            }
            let mut order: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut order);
            let Ok(Some(solved)) = solve_in_order(&shape, &values, order, FILL_BUDGET) else {
                continue;
            };
            let mut relabel: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut relabel);
            let mut torus = vec![0u8; side * side];
            for (i, &v) in solved.iter().enumerate() {
                let (r, c) = shape.position(i);
                torus[r * side + c] = relabel[usize::from(v - 1)];
            }
            if torus.contains(&0) {
                return Err(NoTorus);
            }
            return Ok(SolutionPlane { seed, torus });
        }
        Err(NoTorus)
    }

    /// Where a plane row (or column) reads the torus: its band's rows
    /// reordered by the band's own draw.
    fn source(&self, axis: Axis, line: i64) -> i64 {
        let band = line.div_euclid(3);
        let order = ORDERS_OF_3[(mix(&[self.seed, axis as u64, band as u64]) % 6) as usize];
        3 * band + i64::from(order[line.rem_euclid(3) as usize])
    }

    /// The digit of a plane cell.
    pub(super) fn at(&self, cell: PlaneCell) -> u8 {
        let r = self.source(Axis::Rows, cell.row).rem_euclid(PERIOD);
        let c = self.source(Axis::Cols, cell.col).rem_euclid(PERIOD);
        self.torus[(r * PERIOD + c) as usize]
    }

    /// The solution of one grid, as a 9×9 [`Grid`].
    pub(super) fn grid(&self, pos: GridPos) -> Grid {
        let mut digits = [0u8; 81];
        for (i, d) in digits.iter_mut().enumerate() {
            *d = self.at(pos.cell(i / 9, i % 9));
        }
        // The torus holds the digits 1..=9 only, which the grid keeps.
        Grid::from_digits_lossy(&digits)
    }
}
