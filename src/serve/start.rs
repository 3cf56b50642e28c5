//! `POST /api/start`: a grid to play (a photo's once fixed, or one of any
//! shape typed in), judged first: a proper puzzle gets Pip's welcome with
//! its level, another one Pip's explanation.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::game::json_body;
use super::shaped::{shape_of, ShapeRequest};
use super::wire::{lang_of, ApiError, Said};
use super::Shared;
use crate::grid::{Board, Grid};
use crate::hint::{self, Lang, PuzzleSource};
use crate::logic;

#[derive(Debug, Deserialize)]
pub(super) struct StartRequest {
    #[serde(default)]
    lang: Option<String>,
    /// The grid's shape; the classic when absent.
    #[serde(default)]
    shape: Option<ShapeRequest>,
    givens: String,
    #[serde(default)]
    entries: Option<String>,
    /// The photo's name, for Pip's welcome; a pasted puzzle has none.
    #[serde(default)]
    name: Option<String>,
}

#[derive(Serialize)]
pub(super) struct StartReply {
    /// The grid is a proper puzzle: play it.
    ok: bool,
    rating: Option<logic::Level>,
    said: Vec<Said>,
}

pub(super) async fn start(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<StartRequest>, JsonRejection>,
) -> Result<Json<StartReply>, ApiError> {
    let req = json_body(body)?;
    let lang = lang_of(req.lang.as_deref());
    let shape = shape_of(req.shape.as_ref())?;
    let source = match req.name.as_deref().map(super::photo::plain_name) {
        Some(name) => PuzzleSource::File(name),
        None => PuzzleSource::Pasted,
    };
    if !shape.is_classic() {
        let count = shape.cell_count();
        let entries = req.entries.clone().unwrap_or_else(|| ".".repeat(count));
        let notes = vec![String::new(); count];
        let board = Board::from_text_in(&shape, &req.givens, &entries, &notes)
            .map_err(ApiError::bad_board)?;
        let reply = shared
            .blocking(move || shaped_start_reply(&board, &source, lang))
            .await?;
        return Ok(Json(reply));
    }
    let givens =
        Grid::parse(&req.givens).map_err(|e| ApiError::bad_board(format!("givens: {e}")))?;
    let entries = match &req.entries {
        None => Grid::empty(),
        Some(e) => Grid::parse(e).map_err(|e| ApiError::bad_board(format!("entries: {e}")))?,
    };
    Board::with_entries(givens, &entries).map_err(|e| ApiError::bad_board(e.to_string()))?;
    let reply = shared
        .blocking(move || start_reply(&givens, &source, lang))
        .await?;
    Ok(Json(reply))
}

/// Pip's welcome to a proper puzzle with its level, or why it is not one.
fn start_reply(givens: &Grid, source: &PuzzleSource, lang: Lang) -> StartReply {
    let verdict = crate::solver::verdict(givens);
    if !verdict.is_unique() {
        return StartReply {
            ok: false,
            rating: None,
            said: vec![Said::new(lang, |lang| hint::invalid(&verdict, lang))],
        };
    }
    let rating = logic::rate_grid(givens);
    let welcome = |lang| hint::welcome(source, givens.filled_count(), &rating, lang);
    StartReply {
        ok: true,
        rating: Some(rating.level),
        said: vec![Said::new(lang, welcome)],
    }
}

/// [`start_reply`] on a grid of another shape: judged by its own houses,
/// rated by the 9×9 engine on the 9×9 lattice, by the sized engine on the
/// other sizes.
fn shaped_start_reply(board: &Board, source: &PuzzleSource, lang: Lang) -> StartReply {
    let shape = board.shape();
    let filled = board.given_values().iter().filter(|&&v| v != 0).count();
    let refused = |said: Said| StartReply {
        ok: false,
        rating: None,
        said: vec![said],
    };
    let (level, welcome) = if shape.is_9x9() {
        let verdict = crate::solver::verdict_in(shape, board.givens());
        if !verdict.is_unique() {
            return refused(Said::new(lang, |lang| hint::invalid(&verdict, lang)));
        }
        let Ok(path) = logic::solve_path_in(shape, board.givens()) else {
            return refused(Said::new(lang, |lang| {
                hint::no_solution_on_this_size(shape, lang)
            }));
        };
        let rating = logic::rate(&path);
        let level = rating.level;
        (
            level,
            Said::new(lang, |lang| hint::welcome(source, filled, &rating, lang)),
        )
    } else {
        let values = board.given_values();
        match crate::solver::count_shaped(shape, values, 2) {
            0 => {
                return refused(Said::new(lang, |lang| {
                    hint::no_solution_on_this_size(shape, lang)
                }))
            }
            1 => {}
            _ => {
                return refused(Said::new(lang, |lang| {
                    hint::several_solutions_on_this_size(shape, lang)
                }))
            }
        }
        let level = logic::sized::rate_sized_within(shape, values, logic::Level::Extreme)
            .map_or(logic::Level::Extreme, |r| r.level);
        (
            level,
            Said::new(lang, |lang| hint::sized_welcome(shape, filled, level, lang)),
        )
    };
    StartReply {
        ok: true,
        rating: Some(level),
        said: vec![welcome],
    }
}
