//! The words behind "no solution": where the forced singles, played from
//! the givens, first break the grid. Only used to report; the fast search
//! is in `bands`.

use super::forced::{DeadEnd, ForcedSingles};
use crate::grid::Grid;

/// Where the singles, played from the givens, first break the grid: the
/// words behind "no solution" when the reason is simple. `None` when they
/// stall first (or two givens clash, which the conflicts already say).
pub(crate) fn first_dead_end(grid: &Grid) -> Option<DeadEnd> {
    ForcedSingles::from_grid(grid)?
        .propagate()
        .map(|(_, dead_end)| dead_end)
}
