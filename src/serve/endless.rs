//! The endless carpet on the page, as the window plays it
//! ([`EndlessPlay`]): the page holds the carpet's save text and the view's
//! board, and the server, which keeps nothing between requests, reads the
//! carpet from that text each time.
//!
//! - `GET /api/new?shape=endless&level=`: a new carpet, its first view
//!   (see [`new_view`]);
//! - `POST /api/endless/move`: the selection left the view's middle grid:
//!   the entries go back into the carpet, and the view is made again
//!   around the grid the selection went into (asked with the selection in
//!   place, when a grid was just filled: Pip cheers it if it is solved);
//! - a board request naming its carpet (`"endless"`): Hint, Check and
//!   Solve judge the view by the carpet's solution, since a view's givens
//!   alone may have several.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::game::json_body;
use super::shaped::ShapeInfo;
use super::wire::{in_both_languages, lang_of, ApiError, BoardText, Said};
use super::Shared;
use crate::generate::endless::EndlessPlay;
use crate::grid::Board;
use crate::hint::{self, Lang};
use crate::logic::Level;

/// The levels an endless carpet is made at.
pub(super) const ENDLESS_LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// A view of the carpet as the page plays it.
#[derive(Serialize)]
pub(super) struct EndlessView {
    /// The carpet's save text, the view's entries and notes kept in it:
    /// sent back with every move and board request.
    carpet: String,
    /// The view: its shape (a `carpet-3`), givens, entries and notes.
    shape: ShapeInfo,
    givens: String,
    #[serde(flatten)]
    board: BoardText,
    /// The cells of the view's middle grid, where the player is: leaving
    /// them moves the view.
    middle: Vec<usize>,
    /// The cell selected in this view.
    selected: usize,
    /// How far the plane moved under the view, in cells (rows, columns).
    shift: (i32, i32),
    /// Where the middle grid lies from the start, for the status line, in
    /// both languages (`en`, `fr`).
    place: BTreeMap<&'static str, String>,
}

impl EndlessView {
    fn of(
        play: &mut EndlessPlay,
        board: &Board,
        selected: usize,
        shift: (i32, i32),
    ) -> EndlessView {
        let centre = play.centre();
        EndlessView {
            carpet: play.save_text(board),
            shape: ShapeInfo::of(board.shape()),
            givens: board.text_lines().0,
            board: BoardText::of(board),
            middle: (0..board.cell_count())
                .filter(|&i| play.is_in_middle(i))
                .collect(),
            selected,
            shift,
            place: in_both_languages(|l| hint::endless_moved(centre.y, centre.x, l)),
        }
    }
}

impl EndlessView {
    pub(super) fn givens(&self) -> &str {
        &self.givens
    }

    pub(super) fn shape(&self) -> &ShapeInfo {
        &self.shape
    }
}

/// A new carpet from `seed` at `level` and its first view, with Pip's
/// welcome; 422 `level_out_of_reach` at a level the carpet is not made at.
pub(super) fn new_view(
    seed: u64,
    level: Level,
    lang: Lang,
) -> Result<(EndlessView, Vec<Said>), ApiError> {
    let mut play = EndlessPlay::new(seed, level).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "level_out_of_reach",
            e.to_string(),
        )
    })?;
    let board = play.board();
    let selected = play.first_open_in_middle(&board);
    let view = EndlessView::of(&mut play, &board, selected, (0, 0));
    let said = Said::new(lang, |l| hint::endless_welcome(level, l));
    Ok((view, vec![said]))
}

/// The carpet read from its save text, naming the line that is wrong.
fn carpet_of(text: &str) -> Result<EndlessPlay, ApiError> {
    EndlessPlay::resume(text).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_carpet",
            format!("carpet: {e}"),
        )
    })
}

/// The view's board on the page: the carpet's view (its givens) with the
/// page's entries and notes, refused naming the cell when one does not fit.
fn view_board(play: &EndlessPlay, entries: &str, notes: &[String]) -> Result<Board, ApiError> {
    let view = play.board();
    let board = Board::from_text_in(view.shape(), &view.text_lines().0, entries, notes)
        .map_err(ApiError::bad_board)?;
    Ok(board)
}

/// The carpet's solution of the view a board request plays, checked to
/// be that board's view.
pub(super) fn solution_for(text: &str, board: &Board) -> Result<Vec<u8>, ApiError> {
    let play = carpet_of(text)?;
    if play.board().given_values() != board.given_values() {
        return Err(ApiError::bad_board(
            "the givens are not those of the carpet's view".to_string(),
        ));
    }
    Ok(play.solution().to_vec())
}

/// `POST /api/endless/move`.
#[derive(Debug, Deserialize)]
pub(super) struct MoveRequest {
    lang: Option<String>,
    carpet: String,
    entries: String,
    notes: Vec<String>,
    /// The cell just selected in the current view.
    selected: usize,
}

#[derive(Serialize)]
pub(super) struct MoveReply {
    /// Whether the view moved (the selection left the middle grid).
    moved: bool,
    /// Pip's cheer when the view stays and a grid holding the selected
    /// cell is filled with its solution (the page asks when it is full).
    said: Vec<Said>,
    #[serde(flatten)]
    view: EndlessView,
}

pub(super) async fn move_view(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<MoveReply>, ApiError> {
    let req = json_body(body)?;
    let lang = lang_of(req.lang.as_deref());
    let reply = shared
        .blocking(move || {
            let mut play = carpet_of(&req.carpet)?;
            let board = view_board(&play, &req.entries, &req.notes)?;
            if req.selected >= board.cell_count() {
                return Err(ApiError::bad_board(format!(
                    "selected: cell {} is not one of the view's {}",
                    req.selected,
                    board.cell_count()
                )));
            }
            Ok(match play.follow(&board, req.selected) {
                Some(moved) => MoveReply {
                    moved: true,
                    said: Vec::new(),
                    view: EndlessView::of(&mut play, &moved.board, moved.spot, moved.shift),
                },
                None => {
                    let solved = !play.solved_grids_at(&board, req.selected).is_empty();
                    let said = solved.then(|| {
                        let count = play.solved_count(&board);
                        Said::new(lang, |l| hint::endless_grid_solved(count, l))
                    });
                    MoveReply {
                        moved: false,
                        said: said.into_iter().collect(),
                        view: EndlessView::of(&mut play, &board, req.selected, (0, 0)),
                    }
                }
            })
        })
        .await??;
    Ok(Json(reply))
}
