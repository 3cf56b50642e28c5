//! The rule engine: human solving techniques as explained, verifiable
//! steps. [`next_step`] finds the easiest step a person could take on a
//! board, [`solve_path`] walks a puzzle to the end, [`rate`] grades it.
//!
//! Each technique family lives in its own file, reads the [`Pencilmarks`]
//! (candidates per cell and per digit) and reports a [`Pattern`] of its own
//! in the [`Step`]; `hint` mirrors the families file by file with Pip's
//! words. Techniques are tried easiest first, so the first step found is
//! the one to teach.

mod als;
mod chains;
mod closure;
pub(crate) use closure::solved_without_forcing;
mod eureka;
pub(crate) use chains::shared_unit;
pub(crate) use forcing::{FACTS_PER_LINE, PLACEMENTS_PER_LINE};
mod fish;
mod forcing;
mod instances;
mod intersections;
mod pattern;
mod pencilmarks;
mod rating;
mod single_digit;
mod singles;
pub mod sized;
mod step;
mod subsets;
mod sue_de_coq;
mod technique;
mod uniqueness;
mod wings;

pub use eureka::{eureka, parse_eureka, EurekaLink};
pub use pattern::{
    AlsSet, Candidate, Chain, Contradiction, EmptyRectangle, ForcingSource, Link, LinkKind,
    Pattern, Petal, Premise, RectangleKind, Why,
};
pub use pencilmarks::{NotNineByNine, Pencilmarks};
pub use rating::{rate, rate_grid, Level, Rating, UnknownLevel};
pub use step::{Elimination, Highlights, Placement, Step, WrongEntry};
pub use technique::Technique;

use crate::grid::{Board, CellState, Grid, Shape};
use crate::solver::{verdict_in, Verdict};
use instances::Instances;

/// A finder for one technique (or one size of a family): it reports what it
/// finds in `Instances`, the best instance only or every one.
type Finder = fn(&Pencilmarks, &mut Instances);

/// Reports a finder's one step, for finders that only ever find one.
fn one(step: Option<Step>, out: &mut Instances) {
    if let Some(step) = step {
        out.add(step);
    }
}

/// Every finder, easiest first; the order is the teaching order. Patterns
/// come first, then chains (the shortest of any kind: a short chain is
/// easier to follow than a long one of a simpler kind), then sets, then
/// forcing chains that prove their conclusion both ways, and last the
/// contradictions ("suppose this; then ... impossible").
const FINDERS: &[(Technique, Finder)] = &[
    (Technique::FullHouse, singles::full_house),
    (Technique::HiddenSingle, singles::hidden_single),
    (Technique::NakedSingle, singles::naked_single),
    (Technique::Pointing, intersections::pointing),
    (Technique::Claiming, intersections::claiming),
    (Technique::NakedPair, |s, o| subsets::naked(s, 2, o)),
    (Technique::XWing, |s, o| fish::fish(s, 2, false, o)),
    (Technique::HiddenPair, |s, o| subsets::hidden(s, 2, o)),
    (Technique::NakedTriple, |s, o| subsets::naked(s, 3, o)),
    (Technique::Swordfish, |s, o| fish::fish(s, 3, false, o)),
    (Technique::HiddenTriple, |s, o| subsets::hidden(s, 3, o)),
    (Technique::Skyscraper, single_digit::turbot_family),
    (Technique::FinnedXWing, |s, o| fish::fish(s, 2, true, o)),
    (Technique::XyWing, wings::xy_wing),
    (Technique::EmptyRectangle, single_digit::empty_rectangle),
    (Technique::FinnedSwordfish, |s, o| fish::fish(s, 3, true, o)),
    (Technique::XyzWing, wings::xyz_wing),
    (Technique::WWing, wings::w_wing),
    (Technique::UniqueRectangle1, uniqueness::unique_rectangle),
    (Technique::SimpleColoring, single_digit::simple_coloring),
    (Technique::NakedQuad, |s, o| subsets::naked(s, 4, o)),
    (Technique::Jellyfish, |s, o| fish::fish(s, 4, false, o)),
    (Technique::HiddenQuad, |s, o| subsets::hidden(s, 4, o)),
    (Technique::FinnedJellyfish, |s, o| fish::fish(s, 4, true, o)),
    (Technique::Bug1, uniqueness::bug_plus_one),
    (Technique::SueDeCoq, sue_de_coq::sue_de_coq),
    (Technique::XChain, chains::shortest_chain),
    (Technique::AlsXz, als::als_family),
    (Technique::CellForcingChain, |s, o| {
        one(forcing::cell_forcing(s), o)
    }),
    (Technique::UnitForcingChain, |s, o| {
        one(forcing::unit_forcing(s), o)
    }),
    (Technique::Contradiction, |s, o| {
        one(forcing::contradiction(s), o)
    }),
    (Technique::NestedForcingChain, |s, o| {
        one(forcing::nested_contradiction(s), o)
    }),
    (Technique::NestedForcingChain, |s, o| {
        one(forcing::deep_nested_contradiction(s), o)
    }),
];

/// The best step of one finder.
fn best_of(find: Finder, s: &Pencilmarks) -> Option<Step> {
    let mut out = Instances::best();
    find(s, &mut out);
    out.into_best()
}

/// The first step a finder reports, for the finders' unit tests.
#[cfg(test)]
pub(crate) fn first(find: impl Fn(&Pencilmarks, &mut Instances), s: &Pencilmarks) -> Option<Step> {
    let mut out = Instances::best();
    find(s, &mut out);
    out.into_best()
}

/// The easiest step on a candidate state, or `None` when solved or stuck.
pub fn next_step_in(s: &Pencilmarks) -> Option<Step> {
    if s.is_solved() {
        return None;
    }
    FINDERS.iter().find_map(|&(_, find)| best_of(find, s))
}

/// The easiest step using only the techniques `allowed` accepts: what a
/// player who knows just those would find (the duel's Pip at each
/// strength). A finder whose step is of a technique not allowed (the
/// turbot family, the unique rectangles) counts as finding nothing.
pub fn next_step_among(s: &Pencilmarks, allowed: impl Fn(Technique) -> bool) -> Option<Step> {
    if s.is_solved() {
        return None;
    }
    FINDERS
        .iter()
        .filter(|(t, _)| allowed(*t))
        .find_map(|&(_, find)| best_of(find, s).filter(|step| allowed(step.technique)))
}

/// Plays a step's placements and eliminations on a candidate state.
pub fn apply_to_state(s: &mut Pencilmarks, step: &Step) {
    for p in &step.placements {
        s.place(p.cell, p.digit);
    }
    for c in step.eliminated() {
        s.eliminate(c.cell, c.digit);
    }
}

/// Entries on the board that differ from the unique solution.
pub fn wrong_entries(board: &Board, solution: &Grid) -> Vec<WrongEntry> {
    crate::grid::Cell::ALL
        .iter()
        .filter(|&&c| !board.is_given(c))
        .filter_map(|&c| {
            let e = board.state(c).entry;
            (e != 0 && e != solution.get(c)).then_some(WrongEntry { cell: c, digit: e })
        })
        .collect()
}

/// The next thing to tell the player about a board: the step to take, or
/// why there is none.
#[derive(Clone, Debug, PartialEq)]
pub enum NextStep {
    /// The easiest next step (or the wrong entries, as a step of their own).
    Step(Box<Step>),
    /// Every cell is filled correctly.
    Solved,
    /// The givens have no solution or several; no hint is possible.
    Invalid(Verdict),
    /// Logic found nothing (never expected for a unique puzzle).
    Stuck,
}

/// The next thing to tell the player about `board`: wrong entries first,
/// then the easiest step. Deterministic.
pub fn next_outcome(board: &Board) -> NextStep {
    let shape = board.shape();
    let v = verdict_in(shape, board.givens());
    let Some(solution) = v.solution().copied() else {
        return NextStep::Invalid(v);
    };
    let wrong = wrong_entries(board, &solution);
    if !wrong.is_empty() {
        let mut step = Step::new(Technique::WrongEntries, Pattern::WrongEntries);
        step.highlights.cells = wrong.iter().map(|w| w.cell).collect();
        step.focus = shape.units_of(wrong[0].cell).to_vec();
        step.wrong = wrong;
        return NextStep::Step(Box::new(step));
    }
    if board.grid() == solution {
        return NextStep::Solved;
    }
    match next_step_in(&Pencilmarks::from_board(board, Some(&solution))) {
        Some(step) => NextStep::Step(Box::new(step)),
        None => NextStep::Stuck,
    }
}

/// The easiest next step for the board, or `None` when it is solved or its
/// givens are not a proper puzzle. Wrong entries come back as a
/// [`Technique::WrongEntries`] step.
pub fn next_step(board: &Board) -> Option<Step> {
    match next_outcome(board) {
        NextStep::Step(step) => Some(*step),
        _ => None,
    }
}

/// Plays `step` on the board as one undoable move, as a player would
/// write it: placements become entries, and a placed digit leaves the notes
/// of the cells that see it; an eliminated candidate leaves its cell's
/// notes, and a cell without notes gets its remaining candidates, so that
/// the elimination shows (and is not found again). Every other cell keeps
/// its notes, or its lack of them: a single played on a board without notes
/// adds none. A wrong-entries step erases the wrong entries.
pub fn apply(board: &mut Board, step: &Step) {
    use crate::grid::{Candidates, Cell};
    let shape = board.shape().clone();
    let mut edits: Vec<(Cell, CellState)> = Vec::new();
    if step.technique == Technique::WrongEntries {
        for w in &step.wrong {
            edits.push((
                w.cell,
                CellState {
                    entry: 0,
                    notes: board.notes(w.cell),
                },
            ));
        }
        let _ = board.apply(edits);
        return;
    }
    let solution = verdict_in(&shape, board.givens()).solution().copied();
    let mut after = Pencilmarks::from_board(board, solution.as_ref());
    apply_to_state(&mut after, step);
    let mut states: Vec<CellState> = Cell::ALL.iter().map(|&c| board.state(c)).collect();
    for p in &step.placements {
        states[p.cell.index()] = CellState {
            entry: p.digit,
            notes: Candidates::NONE,
        };
        for peer in shape.peers(p.cell) {
            states[peer.index()].notes.remove(p.digit);
        }
    }
    for e in &step.eliminations {
        let state = &mut states[e.cell.index()];
        if state.entry != 0 {
            continue;
        }
        if board.notes(e.cell).is_empty() {
            state.notes = after.cands(e.cell);
        } else {
            for &d in &e.digits {
                state.notes.remove(d);
            }
        }
    }
    for cell in Cell::ALL {
        let state = states[cell.index()];
        if !board.is_given(cell) && state != board.state(cell) {
            edits.push((cell, state));
        }
    }
    let _ = board.apply(edits);
}

/// All steps from a puzzle to the end (or to where logic stops).
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub shape: Shape,
    pub puzzle: Grid,
    pub steps: Vec<Step>,
    pub solved_by_logic: bool,
}

/// Walks a puzzle to the end with the easiest step each time.
pub fn solve_path(puzzle: &Grid) -> Path {
    solve_path_timed(puzzle, |_| {})
}

/// [`solve_path`], reporting how long each search for the next step took
/// (the last, fruitless one included), for benchmarks.
pub fn solve_path_timed(puzzle: &Grid, step_took: impl FnMut(std::time::Duration)) -> Path {
    walk(Pencilmarks::from_grid(puzzle), puzzle, step_took)
}

/// [`solve_path`] on a 9×9 shape.
pub fn solve_path_in(shape: &Shape, puzzle: &Grid) -> Result<Path, NotNineByNine> {
    Ok(walk(
        Pencilmarks::from_grid_in(shape, puzzle)?,
        puzzle,
        |_| {},
    ))
}

fn walk(mut s: Pencilmarks, puzzle: &Grid, mut step_took: impl FnMut(std::time::Duration)) -> Path {
    let mut steps = Vec::new();
    loop {
        let t = std::time::Instant::now();
        let next = next_step_in(&s);
        step_took(t.elapsed());
        let Some(step) = next else { break };
        apply_to_state(&mut s, &step);
        steps.push(step);
    }
    Path {
        shape: s.shape().clone(),
        puzzle: *puzzle,
        steps,
        solved_by_logic: s.is_solved(),
    }
}

#[doc(hidden)]
pub fn profile_finders(s: &Pencilmarks) -> (Option<Step>, Vec<(String, f64)>) {
    let mut times = Vec::new();
    for &(t, find) in FINDERS {
        let start = std::time::Instant::now();
        let r = best_of(find, s);
        times.push((t.id().to_string(), start.elapsed().as_secs_f64() * 1e3));
        if r.is_some() {
            return (r, times);
        }
    }
    (None, times)
}

/// The finder of `technique`'s family (the turbot family and the unique
/// rectangles each have one finder).
fn finder_of(technique: Technique) -> Option<Finder> {
    use Technique::*;
    let own: Finder = match technique {
        // The chain stage picks the shortest of these; each has its own
        // finder too.
        XChain => chains::x_chain,
        XyChain => chains::xy_chain,
        Aic => chains::aic,
        GroupedAic => chains::grouped_aic,
        AlsChain | AlsXyWing => chains::als_chain,
        AlsXz => als::als_xz,
        DeathBlossom => als::death_blossom,
        AlsAic => chains::als_aic,
        t => {
            let key = match t {
                TwoStringKite | TurbotFish => Skyscraper,
                UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => UniqueRectangle1,
                SashimiXWing => FinnedXWing,
                SashimiSwordfish => FinnedSwordfish,
                SashimiJellyfish => FinnedJellyfish,
                t => t,
            };
            return FINDERS.iter().find(|(t, _)| *t == key).map(|&(_, f)| f);
        }
    };
    Some(own)
}

/// Runs only the finder of `technique`'s family on a state, for tests and
/// tools that check one technique in isolation: the step the engine would
/// take with it.
pub fn find_technique(technique: Technique, s: &Pencilmarks) -> Option<Step> {
    best_of(finder_of(technique)?, s)
}

/// Every instance the finder of `technique`'s family sees on a state (for
/// chains, the shortest chain from each start to each end), for tools that
/// compare the engine with other solvers, which may pick another instance.
pub fn find_all(technique: Technique, s: &Pencilmarks) -> Vec<Step> {
    let Some(find) = finder_of(technique) else {
        return Vec::new();
    };
    let mut out = Instances::all();
    find(s, &mut out);
    out.into_all()
}
