//! One side of a duel: its secret, the grid it handed over, its progress
//! on the grid it was handed, and its penalties.

use super::Pending;
use crate::grid::{Candidates, Cell, Grid};
use serde::{Deserialize, Serialize};

/// Penalties and moves of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Wrong values placed.
    pub wrong: u32,
    pub jokers: u32,
    /// Turns played (right, wrong and jokers).
    pub moves: u32,
}

impl Tally {
    /// Penalty points: one per wrong value, one per joker.
    pub fn penalties(&self) -> u32 {
        self.wrong + self.jokers
    }
}

/// One side's hand: its secret, the grid it handed over, and how far it
/// got in the grid it was handed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camp {
    /// This side's secret complete grid; `None` when the player keeps it on
    /// paper (by hand only).
    pub secret: Option<Grid>,
    /// The grid this side handed the other: its secret with holes.
    pub handed: Grid,
    /// The grid this side fills: the other's handed grid and the holes
    /// filled since (right values and joker answers).
    pub filling: Grid,
    /// Values this side placed in a hole and had refused.
    pub refused: [Candidates; 81],
    /// What this side still thinks possible in each hole: for a Pip, its
    /// reasoning so far; for the player, the notes they wrote.
    pub notes: [Candidates; 81],
    /// Values a Pip already proved, waiting for their turn (the document's
    /// stack of obvious holes).
    pub pending: Vec<Pending>,
    pub tally: Tally,
}

impl Camp {
    pub(super) fn new(secret: Option<Grid>, handed: Grid, filling: Grid) -> Camp {
        Camp {
            secret,
            handed,
            filling,
            refused: [Candidates::NONE; 81],
            notes: [Candidates::NONE; 81],
            pending: Vec::new(),
            tally: Tally::default(),
        }
    }

    /// Holes still open in the grid this side fills.
    pub fn holes_left(&self) -> usize {
        81 - self.filling.filled_count()
    }

    pub fn is_done(&self) -> bool {
        self.filling.is_complete()
    }

    /// The values the rules still allow in `cell`: not in its row, column
    /// or box, and not refused there.
    pub fn possible(&self, cell: Cell) -> Candidates {
        self.filling.candidates(cell) - self.refused[cell.index()]
    }

    /// Every hole's notes set to the values the rules still allow there: a
    /// Pip's starting knowledge, or the player's "fill notes".
    pub fn fill_notes(&mut self) {
        self.notes = std::array::from_fn(|i| self.possible(Cell::ALL[i]));
    }

    /// Writes a value confirmed in `cell` and clears it from the notes of
    /// the cell's peers.
    pub(super) fn fill(&mut self, cell: Cell, digit: u8) {
        self.filling.set(cell, digit);
        self.notes[cell.index()] = Candidates::NONE;
        for p in cell.peers() {
            self.notes[p.index()].remove(digit);
        }
        self.pending.retain(|p| p.cell != cell);
    }

    /// Rules `digit` out of `cell` after a wrong value.
    pub(super) fn refuse(&mut self, cell: Cell, digit: u8) {
        self.refused[cell.index()].insert(digit);
        self.notes[cell.index()].remove(digit);
    }
}
