//! The JSON the API reads and writes, apart from the handlers: a board as
//! the page sends it (the texts of a save file), Pip's paragraphs with their
//! titles, and the error body every refusal carries.

use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::shaped::{shape_of, ShapeRequest};
use crate::grid::{Board, Grid, Place, Shape, Unit};
use crate::hint::{self, Lang, Paragraph};
use crate::logic::Step;

/// A board in a request, as a save file holds it: its shape (the classic
/// when absent), the givens and entries as lines of one symbol per cell,
/// the notes as one string of values per cell (`A` to `G` past 9);
/// `readings` are the entries read from a photo that the player has not
/// written over (Pip asks about those instead of calling them wrong).
#[derive(Clone, Debug, Deserialize)]
pub struct BoardRequest {
    #[serde(default)]
    pub lang: Option<String>,
    #[serde(default)]
    pub shape: Option<ShapeRequest>,
    pub givens: String,
    #[serde(default)]
    pub entries: Option<String>,
    #[serde(default)]
    pub notes: Option<Vec<String>>,
    #[serde(default)]
    pub readings: Option<String>,
    /// An endless carpet's save text, as `/api/new?shape=endless` and
    /// `/api/endless/move` give it, when the board is a view of it: the
    /// view is judged by the carpet's solution.
    #[serde(default)]
    pub endless: Option<String>,
}

impl BoardRequest {
    /// The board, or what is wrong with it (the shape, line or cell named).
    pub fn board(&self) -> Result<Board, ApiError> {
        let shape = shape_of(self.shape.as_ref())?;
        let count = shape.cell_count();
        let empty = ".".repeat(count);
        let entries = self.entries.as_deref().unwrap_or(&empty);
        let no_notes;
        let notes = match &self.notes {
            Some(n) => n.as_slice(),
            None => {
                no_notes = vec![String::new(); count];
                &no_notes
            }
        };
        if shape.is_classic() {
            return Board::from_text(&self.givens, entries, notes).map_err(ApiError::bad_board);
        }
        Board::from_text_in(&shape, &self.givens, entries, notes).map_err(ApiError::bad_board)
    }

    /// The photo's readings (none when absent). Photos are read as 9×9
    /// grids: on another size there are none.
    pub fn readings(&self, shape: &Shape) -> Result<Grid, ApiError> {
        match &self.readings {
            Some(r) if shape.is_9x9() => {
                Grid::parse(r).map_err(|e| ApiError::bad_board(format!("readings: {e}")))
            }
            _ => Ok(Grid::empty()),
        }
    }

    pub fn lang(&self) -> Lang {
        lang_of(self.lang.as_deref())
    }
}

/// The language asked for (`en` when absent or unknown).
pub fn lang_of(code: Option<&str>) -> Lang {
    code.and_then(Lang::parse).unwrap_or_default()
}

/// A board as the page stores it after a change the server made (notes
/// pencilled in, a step applied).
#[derive(Clone, Debug, Serialize)]
pub struct BoardText {
    pub entries: String,
    pub notes: Vec<String>,
}

impl BoardText {
    pub fn of(board: &Board) -> BoardText {
        BoardText {
            entries: board.text_lines().1,
            notes: (0..board.cell_count())
                .map(|i| board.notes_at(i).to_string())
                .collect(),
        }
    }
}

/// A value in a cell, as Pip's highlights write a candidate: `{"cell":
/// "r10c12", "digit": 11}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PlaceValue {
    pub cell: Place,
    pub digit: u8,
}

/// What the board shows of a step on a grid of another size than 9×9, by
/// role as [`crate::logic::Highlights`] does on a 9×9: the page draws both
/// alike.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlacesShown {
    pub cells: Vec<Place>,
    pub candidates: Vec<PlaceValue>,
    pub placed: Vec<PlaceValue>,
    pub deleted: Vec<PlaceValue>,
    pub units: Vec<Unit>,
}

/// One of Pip's paragraphs on the wire: its kind, its title, its lines with
/// their highlights; for a nested forcing chain, the inner chains its lines
/// name, which the page opens on More.
///
/// It comes told in both languages (`other`), so that the page's language
/// switch says again at once what is on screen, as the window does: the
/// page keeps no step or verdict to tell it from.
#[derive(Clone, Debug, Serialize)]
pub struct Said {
    #[serde(flatten)]
    pub told: Told,
    /// On a grid of another size, the step's highlights, for every line
    /// (the lines carry none there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub places: Option<PlacesShown>,
    /// The same paragraph in the other language.
    pub other: Told,
}

/// A paragraph's words in one language.
#[derive(Clone, Debug, Serialize)]
pub struct Told {
    #[serde(serialize_with = "lang_code")]
    pub lang: Lang,
    pub title: String,
    #[serde(flatten)]
    pub paragraph: Paragraph,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<hint::InnerChain>,
    /// The control that closes an inner chain (with `inner` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
}

fn lang_code<S: serde::Serializer>(lang: &Lang, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(lang.code())
}

impl Told {
    fn new(paragraph: Paragraph, lang: Lang) -> Told {
        Told {
            lang,
            title: hint::title(paragraph.kind, lang),
            paragraph,
            inner: Vec::new(),
            back: None,
        }
    }
}

impl Said {
    /// The paragraph `words` tells, in `lang` and in the other language.
    pub fn new(lang: Lang, words: impl Fn(Lang) -> Paragraph) -> Said {
        Said::pair(lang, words(lang), words(lang.other()))
    }

    /// A paragraph already told in `lang` (`told`) and in the other
    /// language (`other`).
    pub fn pair(lang: Lang, told: Paragraph, other: Paragraph) -> Said {
        Said {
            told: Told::new(told, lang),
            places: None,
            other: Told::new(other, lang.other()),
        }
    }

    /// The paragraph explains `step`: its inner chains come with it, told
    /// in both languages, since the page keeps no step to tell them from.
    pub fn about(mut self, step: &Step) -> Said {
        for told in [&mut self.told, &mut self.other] {
            told.inner = hint::inner_chains(step, told.lang);
            told.back = (!told.inner.is_empty()).then(|| hint::back_to_chain(told.lang));
        }
        self
    }
}

/// A short text in both languages, by code (`{"en", "fr"}`): what the page
/// shows apart from Pip's paragraphs (a photo's question, the status line)
/// and says again when the language changes.
pub fn in_both_languages(words: impl Fn(Lang) -> String) -> BTreeMap<&'static str, String> {
    [Lang::En, Lang::Fr]
        .into_iter()
        .map(|l| (l.code(), words(l)))
        .collect()
}

/// What Pip offers once a paragraph is read, besides Apply.
pub fn remedy_names(remedies: &[hint::answers::Remedy]) -> Vec<&'static str> {
    remedies
        .iter()
        .map(|r| match r {
            hint::answers::Remedy::RemoveWrong => "remove_wrong",
            hint::answers::Remedy::Reset => "reset",
        })
        .collect()
}

/// A refusal: its status and `{"error": message, "kind": kind}`, plus a
/// `Retry-After` header when coming back later will help.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub kind: &'static str,
    pub message: String,
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            retry_after: None,
        }
    }

    pub fn bad_board(message: String) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_board", message)
    }

    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"error": self.message, "kind": self.kind});
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert("retry-after", HeaderValue::from(s));
        }
        response
    }
}
