//! The game's endpoints: what the page needs to play, on the same library
//! code as the window. The page keeps the game (board, history, clock); each
//! request carries the board, so the server holds no state between requests.
//!
//! - `GET /api/info`: levels, limits, and Pip's standing lines;
//! - (`GET /api/new` and `GET /api/daily`, new puzzles, are in
//!   `new_puzzle.rs`);
//! - `POST /api/hint`: the next step explained, the board after Apply;
//! - `POST /api/check`, `POST /api/solve`: as Check and Solve in the window;
//! - (`POST /api/start`, a grid to play judged first, is in `start.rs`).

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::wire::{lang_of, remedy_names, ApiError, BoardRequest, BoardText, PlaceValue, Said};
use super::Shared;
use crate::grid::{Cell, Place};
use crate::hint;
use crate::logic::{self, NextStep, Step};
use crate::vision::ImportError;

/// The JSON body, or a 4xx that says what is wrong with it.
pub(super) fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(b)| b).map_err(|e| {
        let status = e.status();
        ApiError::new(status, "bad_request", e.body_text())
    })
}

/// The query string, or a 400 that says what is wrong with it.
pub(super) fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(q)| q)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.body_text()))
}

#[derive(Debug, Deserialize)]
pub(super) struct LangQuery {
    lang: Option<String>,
}

/// One level the page's New menu offers, by id (`"hard"`).
#[derive(Serialize)]
pub(super) struct LevelChoice {
    id: String,
}

#[derive(Serialize)]
pub(super) struct InfoLimits {
    max_upload_bytes: u64,
    max_pixels: u64,
}

/// Pip's lines the page shows without asking the engine.
#[derive(Serialize)]
pub(super) struct StandingLines {
    intro: Said,
    restored: Said,
    /// The player filled the last cell.
    solved: Said,
    reading: Said,
    too_large: Said,
}

#[derive(Serialize)]
pub(super) struct Info {
    version: &'static str,
    /// Photos sent from this page open in the window that runs the server.
    window: bool,
    levels: Vec<LevelChoice>,
    /// The shapes New makes, with the levels each reaches.
    shapes: Vec<super::new_puzzle::ShapeChoice>,
    limits: InfoLimits,
    said: StandingLines,
}

pub(super) async fn info(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<LangQuery>, QueryRejection>,
) -> Result<Json<Info>, ApiError> {
    let lang = lang_of(query(q)?.lang.as_deref());
    let limits = &shared.limits;
    let too_large = ImportError::FileTooLarge {
        bytes: limits.max_upload_bytes + 1,
        max_bytes: limits.max_upload_bytes,
    };
    Ok(Json(Info {
        version: env!("CARGO_PKG_VERSION"),
        window: shared.window.is_some(),
        levels: logic::Level::ALL
            .into_iter()
            .map(|l| LevelChoice {
                id: super::new_puzzle::level_id(l),
            })
            .collect(),
        shapes: super::new_puzzle::shape_choices(),
        limits: InfoLimits {
            max_upload_bytes: limits.max_upload_bytes,
            max_pixels: limits.max_pixels,
        },
        said: StandingLines {
            intro: Said::new(lang, hint::intro),
            restored: Said::new(lang, hint::restored),
            solved: Said::new(lang, hint::well_done),
            reading: Said::new(lang, hint::photo_reading_started),
            too_large: Said::new(lang, |lang| hint::photo_not_read(&too_large, lang)),
        },
    }))
}

/// A step on the wire: what it concludes (the page shows its lines, which
/// carry the highlights), on a grid of any size.
#[derive(Serialize)]
pub(super) struct StepSummary {
    pub technique: logic::Technique,
    pub placements: Vec<PlaceValue>,
    pub eliminations: Vec<PlaceValues>,
}

/// The values a step takes from one cell.
#[derive(Serialize)]
pub(super) struct PlaceValues {
    pub cell: Place,
    pub digits: Vec<u8>,
}

impl StepSummary {
    fn of(step: &Step) -> StepSummary {
        StepSummary {
            technique: step.technique,
            placements: step
                .placements
                .iter()
                .map(|p| PlaceValue {
                    cell: p.cell.into(),
                    digit: p.digit,
                })
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| PlaceValues {
                    cell: e.cell.into(),
                    digits: e.digits.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
pub(super) struct HintReply {
    /// Pip's paragraphs, the one to read last: "let me pencil in the
    /// candidates first" comes before the step when Pip filled them.
    pub said: Vec<Said>,
    /// The notes Pip pencilled in before the step (one undoable move on the
    /// page), when the board had none.
    pub filled_notes: Option<Vec<String>>,
    pub step: Option<StepSummary>,
    /// The board once the step is applied (Apply).
    pub after: Option<BoardText>,
    /// The player's own wrong entries, crossed out.
    pub crossed: Vec<Place>,
    /// Pip asks about a photo's readings rather than calling them wrong.
    pub asking: bool,
}

pub(super) async fn hint(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<BoardRequest>, JsonRejection>,
) -> Result<Json<HintReply>, ApiError> {
    let req = json_body(body)?;
    let (mut board, lang) = (req.board()?, req.lang());
    let readings = req.readings(board.shape())?;
    let endless = req.endless.clone();
    let reply = shared
        .blocking(move || {
            if !board.is_9x9() {
                let known = endless_solution(endless.as_deref(), &board)?;
                return Ok(super::sized::hint(board, lang, known));
            }
            let mut said = Vec::new();
            let no_notes = Cell::ALL.iter().all(|&c| board.notes(c).is_empty());
            let filled_notes = (no_notes && !board.grid().is_complete()).then(|| {
                // No notes yet: none of the player's to keep or put back.
                board.fill_notes(None);
                said.push(Said::new(lang, |lang| hint::notes_filled(&[], lang)));
                BoardText::of(&board).notes
            });
            let outcome = logic::next_outcome(&board);
            let answer = hint::answers::hint(&outcome, &board, &readings, lang);
            let other = hint::answers::hint(&outcome, &board, &readings, lang.other());
            let told = Said::pair(lang, answer.said.clone(), other.said);
            said.push(match &outcome {
                NextStep::Step(step) => told.about(step),
                _ => told,
            });
            let (step, after) = match &outcome {
                NextStep::Step(step) => {
                    let mut applied = board.clone();
                    logic::apply(&mut applied, step);
                    (Some(StepSummary::of(step)), Some(BoardText::of(&applied)))
                }
                _ => (None, None),
            };
            Ok(HintReply {
                said,
                filled_notes,
                step,
                after,
                crossed: places(&answer.crossed),
                asking: answer.asking,
            })
        })
        .await??;
    Ok(Json(reply))
}

fn places(cells: &[Cell]) -> Vec<Place> {
    cells.iter().map(|&c| c.into()).collect()
}

#[derive(Serialize)]
pub(super) struct VerdictReply {
    pub said: Vec<Said>,
    /// Solve: the whole solution, when the board has exactly one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    pub crossed: Vec<Place>,
    pub asking: bool,
    /// What Pip offers: `remove_wrong`, `reset`.
    pub offers: Vec<&'static str>,
}

/// Check and Solve: the verdict on the board, and Pip's words about it.
async fn judge(
    shared: &Shared,
    body: Result<Json<BoardRequest>, JsonRejection>,
    solve: bool,
) -> Result<Json<VerdictReply>, ApiError> {
    let req = json_body(body)?;
    let (board, lang) = (req.board()?, req.lang());
    let readings = req.readings(board.shape())?;
    let endless = req.endless.clone();
    let reply = shared
        .blocking(move || {
            if !board.is_9x9() {
                let known = endless_solution(endless.as_deref(), &board)?;
                return Ok(super::sized::verdict(&board, solve, lang, known));
            }
            let (current, givens) =
                hint::answers::board_verdicts(board.shape(), &board.grid(), board.givens());
            if let Some(solution) = current.solution() {
                let said = |lang| match solve {
                    true => hint::solution_shown_on_page(lang),
                    false => hint::entries_all_right(lang),
                };
                return Ok(VerdictReply {
                    said: vec![Said::new(lang, said)],
                    solution: solve.then(|| solution.to_line()),
                    crossed: Vec::new(),
                    asking: false,
                    offers: Vec::new(),
                });
            }
            let answer = |lang| {
                hint::answers::not_proper(
                    &board,
                    &readings,
                    &current,
                    givens.as_ref(),
                    !solve,
                    lang,
                )
            };
            let (answer, other) = (answer(lang), answer(lang.other()));
            let said = Said::pair(lang, answer.said.clone(), other.said);
            Ok(VerdictReply {
                said: vec![said],
                solution: None,
                crossed: places(&answer.crossed),
                asking: answer.asking,
                offers: remedy_names(&answer.remedies),
            })
        })
        .await??;
    Ok(Json(reply))
}

/// The endless carpet's solution of the view `board` is, when the request
/// names its carpet (`endless`).
fn endless_solution(
    carpet: Option<&str>,
    board: &crate::grid::Board,
) -> Result<Option<Vec<u8>>, ApiError> {
    carpet
        .map(|text| super::endless::solution_for(text, board))
        .transpose()
}

pub(super) async fn check(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<BoardRequest>, JsonRejection>,
) -> Result<Json<VerdictReply>, ApiError> {
    judge(&shared, body, false).await
}

pub(super) async fn solve(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<BoardRequest>, JsonRejection>,
) -> Result<Json<VerdictReply>, ApiError> {
    judge(&shared, body, true).await
}
