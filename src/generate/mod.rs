//! New puzzles at every level of the rating, from a seed.
//!
//! [`generate`] makes one puzzle at a chosen [`Level`]: it fills a fresh
//! random complete grid, empties cells (one at a time, or with their image
//! under a [`Symmetry`]) while the puzzle keeps a single solution, rates
//! the result with the rule engine and steers it toward the level (see
//! `search.rs`). Every puzzle returned:
//!
//! * has exactly one solution (checked by the exact solver);
//! * rates at the level asked: its [`Rating`] is what
//!   [`logic::rate_grid`](crate::logic::rate_grid) says of it, and the rule
//!   engine solves it to the end, so every step can be explained;
//! * follows the symmetry asked, and is minimal when asked (see
//!   [`is_minimal`] for what that means with a symmetry);
//! * depends only on the options and the seed, never on the machine, the
//!   time or the thread: the generator draws from its own pseudorandom
//!   stream and takes every decision with integer arithmetic and the
//!   rating's own comparisons.
//!
//! Generating is cheap enough for a worker thread: medians of a few
//! milliseconds for Easy up to about a second for Extreme, on one core
//! (`cargo bench --bench generate`). [`generate_with`] reports progress
//! after every candidate and stops when asked; [`generate_cancellable`]
//! does the same with an [`AtomicBool`].
//!
//! ```
//! use sudolens::generate::{generate, Options, Symmetry};
//! use sudolens::logic::{rate_grid, Level};
//! use sudolens::solver::count_solutions;
//!
//! let options = Options::new(Level::Medium); // rotational symmetry, not minimal
//! let made = generate(&options, 42);
//! assert_eq!(made.rating.level, Level::Medium);
//! assert_eq!(rate_grid(&made.puzzle).level, Level::Medium);
//! assert_eq!(count_solutions(&made.puzzle, 2), 1);
//! assert!(Symmetry::Rotational.holds(&made.puzzle));
//! // The same seed and options give the same puzzle, everywhere.
//! assert_eq!(generate(&options, 42), made);
//! ```
//!
//! The other tools here: [`canonical_form`] tells puzzles in disguise apart
//! from new ones, and [`DailyPuzzle`] picks the puzzle of the day.

mod canonical;
mod daily;
mod dig;
pub mod endless;
mod fill;
pub(crate) mod judge;
mod marks;
pub(crate) mod rng;
mod search;
mod shaped;
pub mod subcarpet;
mod symmetry;

pub use canonical::{canonical_form, canonicalize, same_puzzle, Transformation};
pub use daily::{BadDate, DailyPuzzle, Date, Weekday};
pub use dig::is_minimal;
pub use shaped::{
    generate_named, generate_shaped, levels_made, makes_level, random_shape, GeneratedShaped,
    ShapedGenerateError, SEEDS_TRIED, SHAPES_MADE,
};
pub use symmetry::{Symmetry, UnknownSymmetry};

use crate::grid::Grid;
use crate::logic::{Level, Rating};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The level the puzzle must rate at.
    pub level: Level,
    /// Where the givens sit.
    pub symmetry: Symmetry,
    /// No given (no orbit of givens, with a symmetry) can be removed
    /// without losing the single solution; see [`is_minimal`].
    pub minimal: bool,
    /// Overlapping grids may leave a sub-carpet (some of the grids, with
    /// the boxes they share) solvable on its own; off by default, as the
    /// carpet generator document asks (see [`subcarpet`]).
    pub allow_solvable_subgrids: bool,
}

impl Options {
    /// `level`, with the newspapers' half-turn symmetry, not necessarily
    /// minimal.
    pub fn new(level: Level) -> Options {
        Options {
            level,
            symmetry: Symmetry::Rotational,
            minimal: false,
            allow_solvable_subgrids: false,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// What the rule engine says of it ([`crate::logic::rate_grid`]).
    pub rating: Rating,
    /// The seed that makes this puzzle with the same options.
    pub seed: u64,
    /// How many candidate puzzles were rated to find it.
    pub candidates: u32,
}

/// How a generation is going, reported after every rated candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Candidates rated so far.
    pub candidates: u32,
    /// Fresh complete grids drawn so far.
    pub grids: u32,
}

/// The generation was stopped before it found a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("puzzle generation cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// A seed nobody chose, for a puzzle nobody has seen: the clock, the
/// process and a per-process count, mixed, so that two calls never give
/// the same seed even within one clock tick. Keep it (as [`Generated::seed`]
/// does) to make the same puzzle again.
///
/// ```
/// use sudolens::generate::random_seed;
/// assert_ne!(random_seed(), random_seed());
/// ```
pub fn random_seed() -> u64 {
    use std::sync::atomic::AtomicU64;
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let mut rng = rng::Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32));
    rng.next_u64() ^ call.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A puzzle at `options.level`, made from `seed`. Always finds one: the
/// search runs until it does (see [`generate_with`] to watch or stop it).
pub fn generate(options: &Options, seed: u64) -> Generated {
    match search::search(options, seed, &mut |_| ControlFlow::Continue(())) {
        Ok(made) => made,
        Err(Cancelled) => unreachable!("nothing cancels it"),
    }
}

/// [`generate`], calling `on_progress` after every candidate it rates: it
/// returns [`Cancelled`] as soon as `on_progress` breaks. The call is cheap
/// (thousands per second at most), so it may check a flag, send a message
/// to a window or print; stopping takes effect within one candidate's
/// rating, a few milliseconds (at worst some tens of milliseconds, for
/// Extreme).
///
/// ```
/// use std::ops::ControlFlow;
/// use sudolens::generate::{generate_with, Options};
/// use sudolens::logic::Level;
///
/// // Give up after 3 candidates: Extreme takes more than that with this seed.
/// let stopped = generate_with(&Options::new(Level::Extreme), 1, |p| {
///     if p.candidates >= 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert!(stopped.is_err());
/// ```
pub fn generate_with(
    options: &Options,
    seed: u64,
    mut on_progress: impl FnMut(Progress) -> ControlFlow<()>,
) -> Result<Generated, Cancelled> {
    search::search(options, seed, &mut on_progress)
}

/// [`generate`] on a worker thread: stops with [`Cancelled`] once `cancel`
/// is set (checked after every candidate).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use sudolens::generate::{generate_cancellable, Options};
/// use sudolens::logic::Level;
///
/// let cancel = AtomicBool::new(false);
/// let made = std::thread::scope(|s| {
///     s.spawn(|| generate_cancellable(&Options::new(Level::Hard), 9, &cancel)).join()
/// });
/// assert_eq!(made.unwrap().unwrap().rating.level, Level::Hard);
/// ```
pub fn generate_cancellable(
    options: &Options,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Generated, Cancelled> {
    generate_with(options, seed, |_| {
        if cancel.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[cfg(test)]
mod tests;
