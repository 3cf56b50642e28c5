//! Moves and their answers: what a turn does ([`Action`]), the other
//! side's [`Answer`], the [`Turn`] recorded, and why the rules refuse a move
//! or an answer.

use super::{Reason, Side, Thought};
use crate::grid::Cell;
use crate::logic::Step;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a turn does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Action {
    /// Puts `digit` in the hole `cell`.
    Place { cell: Cell, digit: u8 },
    /// Asks the other side for the value of the hole `cell`.
    Joker { cell: Cell },
}

impl Action {
    pub fn cell(self) -> Cell {
        match self {
            Action::Place { cell, .. } | Action::Joker { cell } => cell,
        }
    }
}

/// The other side's answer to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The value placed is the secret's.
    Right,
    /// It is not.
    Wrong,
    /// A joker's answer: the hole's value.
    Value(u8),
}

/// Why a move was refused. It costs nothing and the turn stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    NotYourTurn,
    /// Pip waits for the player's answer to its move first.
    WaitingForAnswer,
    /// The cell already holds a value (given or filled).
    NotAHole {
        cell: Cell,
        digit: u8,
    },
    /// Only 1 to 9 can be placed.
    NotADigit {
        value: u8,
    },
    /// The digit is already in the cell's row, column or box, at `seen`.
    AlreadyInUnit {
        cell: Cell,
        digit: u8,
        seen: Cell,
    },
    /// This value was already placed in this hole and refused.
    AlreadyRefused {
        cell: Cell,
        digit: u8,
    },
}

/// A move in the words a duel file or a log uses: "5 in r1c2", "a joker
/// on r1c2" (Pip's own lines, in either language, are in `hint::duel`).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { cell, digit } => write!(f, "{digit} in {cell}"),
            Action::Joker { cell } => write!(f, "a joker on {cell}"),
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Right => write!(f, "right"),
            Answer::Wrong => write!(f, "wrong"),
            Answer::Value(v) => write!(f, "the value {v}"),
        }
    }
}

/// Why the rules refuse a move, in plain words (no Rust names reach a
/// message, see issue 32, N13).
impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::GameOver => write!(f, "the duel is already over"),
            MoveError::NotYourTurn => write!(f, "it is the other side's turn"),
            MoveError::WaitingForAnswer => write!(f, "a move is waiting for its answer"),
            MoveError::NotAHole { cell, digit } => {
                write!(f, "{cell} already holds {digit}: it is not a hole")
            }
            MoveError::NotADigit { value } => {
                write!(f, "{value} is not a digit from 1 to 9")
            }
            MoveError::AlreadyInUnit { cell, digit, seen } => write!(
                f,
                "{digit} cannot go in {cell}: {seen} in the same row, column or box holds it"
            ),
            MoveError::AlreadyRefused { cell, digit } => {
                write!(f, "{digit} was already refused in {cell}")
            }
        }
    }
}

/// Why an answer was refused (by hand). The question stays open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// No move of Pip's is waiting for an answer.
    NoQuestion,
    /// Pip placed a value: the answer is right or wrong.
    RightOrWrong,
    /// Pip took a joker: the answer is the hole's value, 1 to 9.
    ValueExpected,
}

/// One turn played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub side: Side,
    pub action: Action,
    pub answer: Answer,
    /// Why a Pip played it (none for the player's own moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The steps of a Pip's reasoning this turn, the deciding one last. Not
    /// saved: Pip thinks its moves again when a duel is loaded.
    #[serde(skip)]
    pub steps: Vec<Step>,
}

impl Turn {
    /// Whether the turn cost its side a penalty point.
    pub fn penalised(&self) -> bool {
        matches!(self.answer, Answer::Wrong | Answer::Value(_))
    }
}

/// A move of Pip's waiting for the player's answer (by hand).
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub thought: Thought,
}
