//! The JSON the API reads and writes, apart from the handlers: a board as
//! the page sends it (the texts of a save file), Pip's paragraphs with their
//! titles, and the error body every refusal carries.

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::grid::{Board, Cell, Grid};
use crate::hint::{self, Lang, Paragraph};
use crate::logic::Step;

/// A board in a request, as a save file holds it: the givens and entries as
/// 81-character lines, the notes as 81 strings of digits; `readings` are the
/// entries read from a photo that the player has not written over (Pip asks
/// about those instead of calling them wrong).
#[derive(Clone, Debug, Deserialize)]
pub struct BoardRequest {
    #[serde(default)]
    pub lang: Option<String>,
    pub givens: String,
    #[serde(default)]
    pub entries: Option<String>,
    #[serde(default)]
    pub notes: Option<Vec<String>>,
    #[serde(default)]
    pub readings: Option<String>,
}

impl BoardRequest {
    /// The board, or what is wrong with it (the line or cell named).
    pub fn board(&self) -> Result<Board, ApiError> {
        let empty = ".".repeat(81);
        let entries = self.entries.as_deref().unwrap_or(&empty);
        let no_notes;
        let notes = match &self.notes {
            Some(n) => n.as_slice(),
            None => {
                no_notes = vec![String::new(); 81];
                &no_notes
            }
        };
        Board::from_text(&self.givens, entries, notes).map_err(ApiError::bad_board)
    }

    /// The photo's readings (none when absent).
    pub fn readings(&self) -> Result<Grid, ApiError> {
        match &self.readings {
            None => Ok(Grid::empty()),
            Some(r) => Grid::parse(r).map_err(|e| ApiError::bad_board(format!("readings: {e}"))),
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
            entries: board.entries().to_line(),
            notes: Cell::ALL
                .iter()
                .map(|&c| board.notes(c).to_string())
                .collect(),
        }
    }
}

/// One of Pip's paragraphs on the wire: its kind, its title, its lines with
/// their highlights; for a nested forcing chain, the inner chains its lines
/// name, which the page opens on More.
#[derive(Clone, Debug, Serialize)]
pub struct Said {
    pub title: String,
    #[serde(flatten)]
    pub paragraph: Paragraph,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<hint::InnerChain>,
    /// The control that closes an inner chain (with `inner` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
}

impl Said {
    pub fn new(paragraph: Paragraph, lang: Lang) -> Said {
        Said {
            title: hint::title(paragraph.kind, lang),
            paragraph,
            inner: Vec::new(),
            back: None,
        }
    }

    /// The paragraph explains `step`: its inner chains come with it, told
    /// in `lang`, since the page keeps no step to tell them from.
    pub fn about(mut self, step: &Step, lang: Lang) -> Said {
        self.inner = hint::inner_chains(step, lang);
        self.back = (!self.inner.is_empty()).then(|| hint::back_to_chain(lang));
        self
    }
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
