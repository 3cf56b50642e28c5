//! The rule engine on every shape's own houses, for the sizes the 81-cell
//! bitboards do not hold (4×4, 6×6, 12×12, 16×16 and their X, jigsaw and
//! odd/even combinations). It reads the general view of the shape
//! ([`Shape::houses`], [`Shape::peers_of`]) over plain cell indices, with
//! a candidate mask of up to 16 values per cell; 9×9 shapes keep the
//! [`Pencilmarks`](super::Pencilmarks) engine and its fast bitboards.
//!
//! The families are the 9×9 engine's, each in its own file: singles,
//! intersections between any two houses sharing two cells or more,
//! subsets, fish, wings, chains, and forcing chains as the last resort.
//! Every step is a forced deduction; the uniqueness techniques are left
//! out (their deadly patterns are proved for the classic houses only).

mod chains;
mod fish;
mod forcing;
mod intersections;
mod marks;
mod nested;
mod probe;
mod rating;
mod singles;
mod step;
mod subsets;
mod trim;
mod wings;

pub use chains::ChainKind;
pub use marks::{Broken, CellBits, SizedMarks};
pub use rating::{level_reachable, rate_sized, rate_sized_within, reachable_levels, sized_level};
pub use step::{NestedCut, SizedCandidate, SizedFocus, SizedPattern, SizedStep};

use crate::grid::{Board, CellState, Shape};
use crate::logic::Technique;

type SizedFinder = fn(&SizedMarks) -> Option<SizedStep>;

/// Every finder, easiest first (the order of the techniques' scores);
/// the nested contradictions come after them all (see [`next_sized_step`]).
const FINDERS: &[SizedFinder] = &[
    singles::full_house,
    singles::hidden_single,
    singles::naked_single,
    intersections::intersection,
    |s| subsets::naked(s, 2),
    |s| fish::fish(s, 2),
    |s| subsets::hidden(s, 2),
    |s| subsets::naked(s, 3),
    |s| fish::fish(s, 3),
    |s| subsets::hidden(s, 3),
    |s| chains::shortest_chain(s, ChainKind::SingleValue, 4),
    |s| wings::wing(s, false),
    |s| wings::wing(s, true),
    |s| subsets::naked(s, 4),
    |s| fish::fish(s, 4),
    |s| subsets::hidden(s, 4),
    |s| chains::shortest_chain(s, ChainKind::SingleValue, usize::MAX),
    |s| chains::shortest_chain(s, ChainKind::Bivalue, usize::MAX),
    |s| chains::shortest_chain(s, ChainKind::Any, usize::MAX),
    forcing::cell_forcing,
    forcing::contradiction,
];

/// The techniques the sized engine knows, easiest first: the ones a
/// `generate` level is reached with on these shapes.
pub const SIZED_TECHNIQUES: [Technique; 21] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::TurbotFish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::Contradiction,
];

/// The easiest step on a position of any shape, or `None` when it is
/// solved or logic finds nothing.
///
/// ```
/// use sudolens::grid::Shape;
/// use sudolens::logic::sized::{next_sized_step, SizedMarks};
/// use sudolens::logic::Technique;
///
/// let shape = Shape::parse_name("4x4").unwrap();
/// let values = [1, 2, 3, 0, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let marks = SizedMarks::new(&shape, &values).unwrap();
/// let step = next_sized_step(&marks).unwrap();
/// assert_eq!(step.technique, Technique::FullHouse);
/// assert_eq!((step.placements[0].cell, step.placements[0].value), (3, 4));
/// ```
pub fn next_sized_step(s: &SizedMarks) -> Option<SizedStep> {
    next_step_before_nested(s).or_else(|| nested::nested_contradiction(s))
}

/// The easiest step without the nested contradictions, for the
/// generator's ratings: their search takes seconds on a 16×16 where
/// nothing else works, and every candidate that stalls would pay it. A
/// puzzle only they solve is left out of the generator's sets, and the
/// puzzles it keeps are rated the same by [`next_sized_step`].
pub(super) fn next_step_before_nested(s: &SizedMarks) -> Option<SizedStep> {
    if s.is_solved() {
        return None;
    }
    FINDERS.iter().find_map(|find| find(s))
}

/// Plays a step on a position.
pub fn apply_sized(s: &mut SizedMarks, step: &SizedStep) {
    for p in &step.placements {
        s.place(p.cell, p.value);
    }
    for e in &step.eliminations {
        s.eliminate(e.cell, e.value);
    }
}

/// The board edits that play `step` on a player's `board`: each removed
/// value struck from the notes of an empty cell that holds it, each placed
/// value written (the window and the page play a hint's step alike).
pub fn step_edits(board: &Board, step: &SizedStep) -> Vec<(usize, CellState)> {
    let mut edits: Vec<(usize, CellState)> = Vec::new();
    for e in &step.eliminations {
        let cell = usize::from(e.cell);
        let mut notes = board.notes_at(cell);
        if board.value_at(cell) == 0 && notes.contains(e.value) {
            notes.remove(e.value);
            edits.push((cell, CellState { entry: 0, notes }));
        }
    }
    for p in &step.placements {
        let placed = CellState {
            entry: p.value,
            notes: Default::default(),
        };
        edits.push((usize::from(p.cell), placed));
    }
    edits
}

/// Every step from a puzzle to its end, or to where logic stops.
#[derive(Clone, Debug, PartialEq)]
pub struct SizedPath {
    pub shape: Shape,
    pub puzzle: Vec<u8>,
    pub steps: Vec<SizedStep>,
    pub solved_by_logic: bool,
}

/// Walks a puzzle of any shape to its end with the easiest step each
/// time; `None` when `values` is not a grid of `shape`.
pub fn solve_path_sized(shape: &Shape, values: &[u8]) -> Option<SizedPath> {
    let mut s = SizedMarks::new(shape, values)?;
    let mut steps = Vec::new();
    while let Some(step) = next_sized_step(&s) {
        apply_sized(&mut s, &step);
        steps.push(step);
    }
    Some(SizedPath {
        shape: shape.clone(),
        puzzle: values.to_vec(),
        steps,
        solved_by_logic: s.is_solved(),
    })
}

/// Combinations of `k` items, the first one `test` accepts.
pub(super) fn first_combination<T: Copy, R>(
    items: &[T],
    k: usize,
    mut test: impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn walk<T: Copy, R>(
        items: &[T],
        k: usize,
        from: usize,
        chosen: &mut Vec<T>,
        test: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return test(chosen);
        }
        for i in from..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            let found = walk(items, k, i + 1, chosen, test);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    walk(items, k, 0, &mut Vec::with_capacity(k), &mut test)
}

/// The technique of a naked or hidden subset of `k` cells.
pub(super) fn subset_technique(k: usize, hidden: bool) -> Technique {
    match (k, hidden) {
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        (_, false) => Technique::NakedQuad,
        (2, true) => Technique::HiddenPair,
        (3, true) => Technique::HiddenTriple,
        (_, true) => Technique::HiddenQuad,
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod overlap_tests;
