//! Pip against Pip: a Pip sits in the player's seat too, and every answer
//! comes from the secrets. A demonstration (`sudolens duel --pip-vs-pip`)
//! and a soak test of the rules.

use super::{Answering, Duel, Inconsistent, MoveError, Side, Strength, Turn};
use std::fmt;

/// Why a game between Pips stopped before its end: never expected, and
/// each one a bug the soak test reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stall {
    /// Pip's seat must be answered from the player's secret.
    NotHonest,
    /// A Pip's move was refused by the rules.
    Refused { turn: usize, error: MoveError },
    /// A Pip found no possible value in a hole though every answer was true.
    Inconsistent {
        turn: usize,
        side: Side,
        at: Inconsistent,
    },
    /// More turns than the grids can take: each turn fills a hole or rules
    /// a value out, so two grids never need more than 2 * 81 * 9.
    TooLong,
}

impl fmt::Display for Stall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stall::NotHonest => write!(f, "Pip against Pip needs honest answers"),
            Stall::Refused { turn, error } => write!(f, "turn {turn}: move refused: {error}"),
            Stall::Inconsistent { turn, side, at } => {
                let pip = match side {
                    Side::Player => "Pip 1 (the player's seat)",
                    Side::Pip => "Pip 2",
                };
                write!(
                    f,
                    "turn {turn}: {pip} found no value possible in {}",
                    at.cell
                )
            }
            Stall::TooLong => write!(f, "the game went on past 2 * 81 * 9 turns"),
        }
    }
}

/// Plays `duel` to its end, a Pip of `seat` strength in the player's seat
/// and the duel's own Pip in the other; `on_turn` sees each turn played.
pub fn play_out(
    duel: &mut Duel,
    seat: Strength,
    mut on_turn: impl FnMut(&Duel, &Turn),
) -> Result<(), Stall> {
    if duel.answering != Answering::Honest {
        return Err(Stall::NotHonest);
    }
    // A Pip in the player's seat starts knowing what the rules allow.
    if duel.turns().is_empty() {
        duel.fill_player_notes();
    }
    while !duel.is_over() {
        let turn = duel.turns().len() + 1;
        if turn > 2 * 81 * 9 {
            return Err(Stall::TooLong);
        }
        let side = duel.turn();
        let strength = match side {
            Side::Player => seat,
            Side::Pip => duel.strength,
        };
        let thought = duel
            .think_for(side, strength)
            .map_err(|at| Stall::Inconsistent { turn, side, at })?;
        duel.play_thought(side, thought)
            .map_err(|error| Stall::Refused { turn, error })?;
        let last = duel.turns().last().expect("a turn was played");
        on_turn(duel, last);
    }
    Ok(())
}
