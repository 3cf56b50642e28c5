//! Each grid's puzzle: its givens dug from its solution so that it has
//! one solution given them and the values, in the boxes it shares, of the
//! neighbours that come before it in the carpet's order.

use super::plane::{mix, SolutionPlane};
use super::GridPos;
use crate::generate::dig::{dig_cells, is_unique};
use crate::generate::judge::{judge, Judgement};
use crate::generate::marks::solved_by_singles;
use crate::generate::rng::Rng;
use crate::grid::{Cell, Grid, Shape};
use crate::logic::sized::{rate_sized, rate_sized_within, solve_path_sized};
use crate::logic::{rate_grid, Level};

/// How many dig orders are tried for a grid before the closest one below
/// the level asked is kept. A grid whose neighbours before it fill five of
/// its boxes has 36 cells left to dig, and most orders empty them only as
/// far as singles still solve it (past that it has several solutions), so
/// such a grid may need many orders to reach Medium or Hard. An order that
/// stays easy costs little (singles vouch for it without the rule
/// engine's walk), so many are affordable: `cargo bench --bench endless`
/// prints how many grids reach the level and the time per grid.
pub(super) const DIG_ATTEMPTS: u64 = 512;

/// The puzzle of one grid of the carpet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPuzzle {
    /// Its givens, two cells to a byte (0 for a cell it does not give).
    packed: [u8; 41],
    /// The level the rule engine (`rate_grid`) rates the grid at, its
    /// givens and the values of its neighbours before it written in, the
    /// sized engine (the window's hints) rating it within that level too:
    /// the level asked; or, when none of [`DIG_ATTEMPTS`] orders reached
    /// it, the harder of the two engines' ratings of the closest order
    /// below it (never less than either engine rates the grid).
    pub level: Level,
    /// Whether the rule engine solves it to the end (always, for the
    /// puzzles the carpet makes: a dig keeps only such removals).
    pub solved_by_logic: bool,
}

impl GridPuzzle {
    /// A puzzle from its givens (0 for an open cell; other values above 9
    /// are dropped).
    pub(super) fn from_givens(givens: &Grid, level: Level, solved_by_logic: bool) -> GridPuzzle {
        let mut packed = [0u8; 41];
        for (i, &d) in givens.digits().iter().enumerate() {
            packed[i / 2] |= (d & 0xf) << (4 * (i % 2));
        }
        GridPuzzle {
            packed,
            level,
            solved_by_logic,
        }
    }

    /// The given at a cell of the grid (row, column 0-based), 0 if none.
    pub fn given(&self, row: usize, col: usize) -> u8 {
        let i = row * 9 + col;
        (self.packed[i / 2] >> (4 * (i % 2))) & 0xf
    }

    /// Its givens as a 9×9 grid.
    pub fn givens(&self) -> Grid {
        let digits: Vec<u8> = (0..81).map(|i| self.given(i / 9, i % 9)).collect();
        Grid::from_digits_lossy(&digits)
    }
}

/// The cells of grid `pos` (bit `row * 9 + col`) lying in boxes it shares
/// with a neighbour before it in the carpet's order: the cells its
/// puzzle takes as known.
pub fn known_cells(pos: GridPos) -> u128 {
    let mut known = 0u128;
    for (dy, dx) in super::NEIGHBOURS {
        let n = GridPos::new(pos.y + dy, pos.x + dx);
        if n.order_key() >= pos.order_key() {
            continue;
        }
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            if in_shared_boxes(dy, r / 3) && in_shared_boxes(dx, c / 3) {
                known |= 1u128 << cell;
            }
        }
    }
    known
}

/// Whether box row (or column) `b` of a grid is shared with the neighbour
/// `d` grids away on that axis: all three with the one in line, the first
/// with the one before, the last with the one after (grids sit two boxes
/// apart).
fn in_shared_boxes(d: i32, b: usize) -> bool {
    match d {
        -1 => b == 0,
        0 => true,
        _ => b == 2,
    }
}

/// The puzzle of grid `pos` at `level`: its solution emptied cell by cell
/// in a random order (drawn from the seed, the level, the position and the
/// attempt) over the cells not known from its neighbours before it, each
/// removal kept only while the grid, those known values written in, keeps
/// one solution and rates at or below the level (for Easy: while singles
/// solve it). The first order that `rate_grid` rates at the level, and
/// the sized engine within it, is kept (both rating the grid with those
/// known values written in); else the hardest of [`DIG_ATTEMPTS`] below
/// the level, its level the harder of the two ratings.
pub(super) fn make_puzzle(
    plane: &SolutionPlane,
    seed: u64,
    pos: GridPos,
    level: Level,
) -> GridPuzzle {
    let solution = plane.grid(pos);
    let known = known_cells(pos);
    let free: Vec<Cell> = Cell::ALL
        .into_iter()
        .filter(|c| known & (1u128 << c.index()) == 0)
        .collect();
    // Singles solving the grid rate it Easy (the rule engine takes the
    // easiest step first), at or below any level: the engine's walk is
    // needed only past them, and most removals stay within them.
    let keep = |p: &Grid| {
        is_unique(p)
            && (solved_by_singles(p)
                || level != Level::Easy
                    && matches!(judge(p, level), Judgement::Rated(r) if r.solved_by_logic))
    };
    // The window the player plays is a carpet-3, whose hints and rating
    // come from the sized engine; past Medium it knows fewer techniques
    // than the classic one (no W-Wing, no finned or sashimi fish), so a
    // grid the classic engine rates Hard may need a chain there. An order
    // is kept at the level only when the sized engine, on the same grid,
    // stays within the level too.
    let shape = Shape::classic();
    let within_window = |p: &Grid| {
        level == Level::Easy
            || rate_sized_within(&shape, p.digits(), level).is_some_and(|r| r.solved_by_logic)
    };
    let mut at_level = None;
    // The fallback: the hardest order below the level, before any at the
    // level that the sized engine finds harder.
    let mut best: Option<(Grid, (bool, bool, Level))> = None;
    for attempt in 0..DIG_ATTEMPTS {
        let key = mix(&[seed, level as u64, pos.y as u64, pos.x as u64, attempt]);
        let mut order = free.clone();
        Rng::new(key).shuffle(&mut order);
        let puzzle = dig_cells(solution, &order, keep);
        let rating = rate_grid(&puzzle);
        let reached = rating.level == level && rating.solved_by_logic;
        if reached && within_window(&puzzle) {
            at_level = Some(puzzle);
            break;
        }
        let rank = (!reached, rating.solved_by_logic, rating.level);
        if best.as_ref().is_none_or(|&(_, r)| rank > r) {
            best = Some((puzzle, rank));
        }
    }
    let (mut puzzle, reached, solved) = match at_level {
        Some(puzzle) => (puzzle, level, true),
        None => {
            let puzzle = best.map_or(solution, |(p, _)| p);
            let (reached, solved) = harder_rating(&puzzle, &shape);
            (puzzle, reached, solved)
        }
    };
    // The known cells are the neighbours' to give or to leave open.
    for cell in Cell::ALL {
        if known & (1u128 << cell.index()) != 0 {
            puzzle.set(cell, 0);
        }
    }
    GridPuzzle::from_givens(&puzzle, reached, solved)
}

/// The level of a grid as the harder of the two engines rates it (the
/// classic `rate_grid` and the sized engine the window's hints come from),
/// and whether both solve it: the honest level of a grid that no order
/// brought to the level asked.
fn harder_rating(puzzle: &Grid, shape: &Shape) -> (Level, bool) {
    let classic = rate_grid(puzzle);
    let sized = solve_path_sized(shape, puzzle.digits()).map(|path| rate_sized(&path));
    match sized {
        Some(sized) => (
            classic.level.max(sized.level),
            classic.solved_by_logic && sized.solved_by_logic,
        ),
        None => (classic.level, classic.solved_by_logic),
    }
}
