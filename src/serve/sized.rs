//! Hint, Check and Solve on grids of another size than 9×9 (4×4, 6×6,
//! 12×12, 16×16 and their variants), as the window plays them
//! (`app::actions`): the exact solver knows the solution of these grids at
//! once, so wrong entries come first; then the sized rule engine's next
//! step ([`crate::logic::sized`]), told by Pip ([`hint::sized_paragraph`]).

use super::game::{HintReply, PlaceValues, StepSummary, VerdictReply};
use super::wire::{BoardText, PlaceValue, PlacesShown, Said};
use crate::grid::{Board, CellState, Place, ShapedGrid};
use crate::hint::{self, Lang};
use crate::logic::sized::{next_sized_step, SizedCandidate, SizedMarks, SizedPattern, SizedStep};

fn reply(said: Vec<Said>) -> HintReply {
    HintReply {
        said,
        filled_notes: None,
        step: None,
        after: None,
        crossed: Vec::new(),
        asking: false,
    }
}

fn places(board: &Board, cells: &[usize]) -> Vec<Place> {
    cells.iter().map(|&i| board.place(i)).collect()
}

/// The solution of the givens, or what Pip says when they have none or
/// several (no hint, check or solve is possible then).
fn solution(board: &Board, lang: Lang, known: Option<Vec<u8>>) -> Result<Vec<u8>, Box<Said>> {
    if let Some(solution) = known {
        return Ok(solution);
    }
    let shape = board.shape();
    let several = match crate::solver::solutions_shaped(shape, board.given_values(), 2) {
        (1, mut found) => match found.pop() {
            Some(solution) => return Ok(solution),
            None => false,
        },
        (0, _) => false,
        _ => true,
    };
    Err(Box::new(Said::new(lang, |lang| match several {
        true => hint::several_solutions_on_this_size(shape, lang),
        false => hint::no_solution_on_this_size(shape, lang),
    })))
}

/// The next hint on `board` (off the 9×9 lattice).
///
/// `known` is the solution the board is played toward when its givens
/// alone may have several (an endless carpet's view): the wrong entries
/// are judged by it, and when the rules force no step Pip points back to
/// the grids nearer the start.
pub(super) fn hint(mut board: Board, lang: Lang, known: Option<Vec<u8>>) -> HintReply {
    let shape = board.shape().clone();
    let endless = known.is_some();
    let solution = match solution(&board, lang, known) {
        Ok(solution) => solution,
        Err(said) => return reply(vec![*said]),
    };
    let wrong = board.wrong_entries_at(&solution);
    if !wrong.is_empty() {
        // Apply empties them, as Remove wrong entries does in the window.
        let mut after = board.clone();
        let _ = after.apply_at(wrong.iter().map(|&i| (i, CellState::default())));
        let said = Said::new(lang, |lang| {
            hint::wrong_count_on_this_size(wrong.len(), lang)
        });
        return HintReply {
            after: Some(BoardText::of(&after)),
            crossed: places(&board, &wrong),
            ..reply(vec![said])
        };
    }
    let mut said = Vec::new();
    let no_notes = (0..board.cell_count()).all(|i| board.notes_at(i).is_empty());
    let filled_notes = (no_notes && !board.is_solved()).then(|| {
        board.fill_notes_at(None);
        said.push(Said::new(lang, |lang| hint::notes_filled(&[], lang)));
        BoardText::of(&board).notes
    });
    let Some(marks) = marks_of(&board, &solution) else {
        return reply(said);
    };
    let Some(step) = next_sized_step(&marks) else {
        let solved = board.is_solved();
        said.push(Said::new(lang, |lang| match (solved, endless) {
            (true, _) => hint::sized_solved(lang),
            (false, false) => hint::sized_stuck(lang),
            (false, true) => hint::endless_stuck(lang),
        }));
        return HintReply {
            filled_notes,
            ..reply(said)
        };
    };
    let mut told = Said::new(lang, |lang| hint::sized_paragraph(&step, &shape, lang));
    told.places = Some(shown(&step, &marks, &board));
    said.push(told);
    let mut after = board.clone();
    play(&mut after, &step);
    HintReply {
        said,
        filled_notes,
        step: Some(summary(&step, &board)),
        after: Some(BoardText::of(&after)),
        crossed: Vec::new(),
        asking: false,
    }
}

/// The position the sized engine reads: the candidates by the rules, less
/// what the player's notes have crossed out where they still hold the
/// solution's value (so that an elimination applied is not found again,
/// and a wrong note never misleads).
fn marks_of(board: &Board, solution: &[u8]) -> Option<SizedMarks> {
    let mut marks = SizedMarks::new(board.shape(), &board.values())?;
    let side = board.shape().side() as u8;
    for i in (0..board.cell_count()).filter(|&i| board.value_at(i) == 0) {
        let notes = board.notes_at(i);
        let keeps_answer = solution.get(i).is_some_and(|&v| notes.contains(v));
        if notes.is_empty() || !keeps_answer {
            continue;
        }
        for v in (1..=side).filter(|&v| !notes.contains(v)) {
            marks.eliminate(i as u16, v);
        }
    }
    Some(marks)
}

/// Plays `step` on `board` as the window does.
fn play(board: &mut Board, step: &SizedStep) {
    let edits = crate::logic::sized::step_edits(board, step);
    // Only empty cells are edited, so this cannot fail.
    let _ = board.apply_at(edits);
}

fn value(board: &Board, c: SizedCandidate) -> PlaceValue {
    PlaceValue {
        cell: board.place(c.cell.into()),
        digit: c.value,
    }
}

fn summary(step: &SizedStep, board: &Board) -> StepSummary {
    StepSummary {
        technique: step.technique,
        placements: step.placements.iter().map(|&c| value(board, c)).collect(),
        eliminations: step
            .eliminations
            .iter()
            .map(|c| PlaceValues {
                cell: board.place(c.cell.into()),
                digits: vec![c.value],
            })
            .collect(),
    }
}

/// The step's highlights by role, from where it lies on the board
/// ([`SizedStep::focus`], as the window shows it): its houses, its
/// pattern's cells with the candidates of its values there, what it places
/// and removes.
fn shown(step: &SizedStep, marks: &SizedMarks, board: &Board) -> PlacesShown {
    let focus = step.focus();
    let values: Vec<u8> = match &step.pattern {
        SizedPattern::Intersection { value, .. } | SizedPattern::Fish { value, .. } => {
            vec![*value]
        }
        SizedPattern::Subset { values, .. } => values.clone(),
        _ => Vec::new(),
    };
    let mut candidates: Vec<PlaceValue> = focus
        .cells
        .iter()
        .flat_map(|&c| values.iter().map(move |&v| SizedCandidate::new(c, v)))
        .filter(|c| marks.has(c.cell, c.value))
        .map(|c| value(board, c))
        .collect();
    if let SizedPattern::Chain { nodes } = &step.pattern {
        candidates.extend(nodes.iter().map(|&c| value(board, c)));
    }
    PlacesShown {
        cells: focus.cells.iter().map(|&c| board.place(c.into())).collect(),
        candidates,
        placed: focus.placed.iter().map(|&c| value(board, c)).collect(),
        deleted: focus.removed.iter().map(|&c| value(board, c)).collect(),
        units: focus.houses,
    }
}

/// Check and Solve on `board` (off the 9×9 lattice): the entries that
/// differ from the solution, crossed out with Remove wrong entries
/// offered; else all right, or the solution.
pub(super) fn verdict(
    board: &Board,
    solve: bool,
    lang: Lang,
    known: Option<Vec<u8>>,
) -> VerdictReply {
    let shape = board.shape();
    let mut reply = VerdictReply {
        said: Vec::new(),
        solution: None,
        crossed: Vec::new(),
        asking: false,
        offers: Vec::new(),
    };
    let solution = match solution(board, lang, known) {
        Ok(solution) => solution,
        Err(said) => {
            reply.said.push(*said);
            return reply;
        }
    };
    let wrong = board.wrong_entries_at(&solution);
    if !wrong.is_empty() {
        reply.said.push(Said::new(lang, |lang| {
            hint::wrong_count_on_this_size(wrong.len(), lang)
        }));
        reply.crossed = places(board, &wrong);
        reply.offers = vec!["remove_wrong"];
        return reply;
    }
    if solve {
        reply
            .said
            .push(Said::new(lang, hint::solution_shown_on_page));
        reply.solution = ShapedGrid::new(shape.clone(), solution).map(|g| g.to_line());
    } else {
        reply.said.push(Said::new(lang, |lang| {
            hint::wrong_count_on_this_size(0, lang)
        }));
    }
    reply
}
