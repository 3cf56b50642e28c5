//! Cheat detection, when the player answers Pip's moves by hand: the
//! document's rules, each a proof that no valid secret grid fits the
//! answers given.
//!
//! - a secret grid with a repeated digit (seen in the grid handed to Pip at
//!   the start, or in the secret revealed at the end);
//! - a hole left with no possible value: the row, column and box hold some
//!   digits and the player refused the others there;
//! - a joker answer that is not among the hole's possible values;
//! - a claim that a value Pip proved forced is wrong.
//!
//! At the end, when the app knows the player's secret, the answers are also
//! checked against it. Each cheat carries the cells involved, for Pip's
//! plain words (`hint::duel`).

use super::brain::Thought;
use super::codec::{digits_text, technique_id};
use super::{Action, Answer, Camp, Reason};
use crate::grid::{Candidates, Cell, Grid};
use crate::logic::Technique;
use serde::{Deserialize, Serialize};

/// A lie Pip can prove.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Cheat {
    /// The player's grid repeats `digit` in `cells` (one row, column or
    /// box): in the grid handed to Pip, or in the secret `revealed` at the end.
    RepeatedDigit {
        digit: u8,
        cells: Vec<Cell>,
        revealed: bool,
    },
    /// No value is left for `cell`: the digits of its row, column and box,
    /// and the values the player `refused` there, cover 1 to 9.
    /// `by_reasoning` when Pip's own sound steps removed the last ones.
    NoValueLeft {
        cell: Cell,
        #[serde(with = "digits_text")]
        refused: Candidates,
        by_reasoning: bool,
    },
    /// A joker answered with `digit`, which `cell` cannot hold.
    ImpossibleAnswer { cell: Cell, digit: u8, clash: Clash },
    /// Pip proved `digit` forced in `cell` (by `technique`), and the player
    /// said it was wrong.
    ForcedDenied {
        cell: Cell,
        digit: u8,
        #[serde(with = "technique_id")]
        technique: Technique,
    },
    /// The secret revealed at the end holds `secret` in `cell`, and the
    /// answers made it `told`.
    AgainstSecret { cell: Cell, told: u8, secret: u8 },
}

/// Why a joker's answer cannot be right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Clash {
    /// The digit is already in the cell's row, column or box, at `seen`.
    Seen { seen: Cell },
    /// The player said earlier that this value was wrong there.
    Refused,
    /// Pip's sound reasoning from the earlier answers ruled it out.
    RuledOut,
}

impl Cheat {
    /// The cells to show with the explanation.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Cheat::RepeatedDigit { cells, .. } => cells.clone(),
            Cheat::NoValueLeft { cell, .. }
            | Cheat::ForcedDenied { cell, .. }
            | Cheat::AgainstSecret { cell, .. } => vec![*cell],
            Cheat::ImpossibleAnswer {
                cell,
                clash: Clash::Seen { seen },
                ..
            } => vec![*cell, *seen],
            Cheat::ImpossibleAnswer { cell, .. } => vec![*cell],
        }
    }
}

/// A digit written twice in a unit of `grid`.
pub fn repeated_digit(grid: &Grid, revealed: bool) -> Option<Cheat> {
    grid.conflicts()
        .into_iter()
        .next()
        .map(|c| Cheat::RepeatedDigit {
            digit: c.digit,
            cells: c.cells,
            revealed,
        })
}

/// The lie in an answer to Pip's move `thought`, if Pip can prove one
/// before taking the answer in. `pip` is Pip's camp before the answer.
pub fn check_answer(pip: &Camp, thought: &Thought, answer: Answer) -> Option<Cheat> {
    match (thought.action, answer) {
        (Action::Place { cell, digit }, Answer::Wrong) => match thought.reason {
            Reason::Forced { technique } | Reason::Stacked { technique } => {
                Some(Cheat::ForcedDenied {
                    cell,
                    digit,
                    technique,
                })
            }
            _ => None,
        },
        (Action::Joker { cell }, Answer::Value(digit)) => {
            let clash =
                if let Some(&seen) = cell.peers().iter().find(|&&p| pip.filling.get(p) == digit) {
                    Clash::Seen { seen }
                } else if pip.refused[cell.index()].contains(digit) {
                    Clash::Refused
                } else if !thought.notes[cell.index()].contains(digit) {
                    Clash::RuledOut
                } else {
                    return None;
                };
            Some(Cheat::ImpossibleAnswer { cell, digit, clash })
        }
        _ => None,
    }
}

/// A hole of the grid Pip fills with no possible value left.
pub fn check_knowledge(pip: &Camp) -> Option<Cheat> {
    let holes = Cell::ALL.iter().filter(|&&c| pip.filling.get(c) == 0);
    for &cell in holes.clone() {
        if pip.possible(cell).is_empty() {
            return Some(no_value_left(pip, cell));
        }
    }
    holes
        .clone()
        .find(|&&c| pip.notes[c.index()].is_empty())
        .map(|&cell| no_value_left(pip, cell))
}

/// The cheat of a hole with no value left, by the rules alone or by Pip's
/// reasoning.
pub fn no_value_left(pip: &Camp, cell: Cell) -> Cheat {
    Cheat::NoValueLeft {
        cell,
        refused: pip.refused[cell.index()],
        by_reasoning: !pip.possible(cell).is_empty(),
    }
}

/// At the end, the player's secret (when known) against the grid their
/// answers built: a repeated digit, or a value that differs.
pub fn check_revealed(pip: &Camp, player: &Camp) -> Option<Cheat> {
    let secret = player.secret?;
    if let Some(cheat) = repeated_digit(&secret, true) {
        return Some(cheat);
    }
    Cell::ALL
        .iter()
        .find(|&&c| pip.filling.get(c) != secret.get(c))
        .map(|&cell| Cheat::AgainstSecret {
            cell,
            told: pip.filling.get(cell),
            secret: secret.get(cell),
        })
}
