//! Duels with Pip in the history: one row per finished duel (its
//! [`DuelResult`]: who won, how it ended, each side's tally, Pip's strength,
//! who answered, the player's level), and the statistics per strength.
//!
//! The outcome is stored whole, as the JSON the duel files use, so that
//! every detail (the cheat Pip caught, say) is kept; Pip's strength and the
//! winner are columns too, for queries by hand. Pip-vs-Pip games are
//! demonstrations and never come here.

use rusqlite::params;

use super::{History, HistoryError};
use crate::duel::{DuelResult, Side, Strength};

/// A duel's row number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DuelId(pub i64);

/// A finished duel, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedDuel {
    pub outcome: DuelResult,
    /// Unix seconds.
    pub finished_at: i64,
}

/// A duel from the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastDuel {
    pub id: DuelId,
    pub duel: FinishedDuel,
}

/// The duels against Pip at one strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelStats {
    pub strength: Strength,
    pub played: u32,
    /// Won by the player.
    pub won: u32,
    /// Lost by the player (Pip won, or caught the player cheating).
    pub lost: u32,
    /// Sums over these duels, of each side's penalty points and jokers.
    pub player_penalties: u32,
    pub player_jokers: u32,
    pub pip_penalties: u32,
    pub pip_jokers: u32,
}

impl DuelStats {
    fn empty(strength: Strength) -> DuelStats {
        DuelStats {
            strength,
            played: 0,
            won: 0,
            lost: 0,
            player_penalties: 0,
            player_jokers: 0,
            pip_penalties: 0,
            pip_jokers: 0,
        }
    }

    /// One entry per strength, [`Strength::ALL`]'s order, from every duel.
    pub fn of(duels: &[FinishedDuel]) -> Vec<DuelStats> {
        let mut all: Vec<DuelStats> = Strength::ALL.into_iter().map(DuelStats::empty).collect();
        for d in duels {
            let o = &d.outcome;
            let Some(s) = all.iter_mut().find(|s| s.strength == o.strength) else {
                continue;
            };
            s.played += 1;
            match o.winner {
                Some(Side::Player) => s.won += 1,
                Some(Side::Pip) => s.lost += 1,
                None => {}
            }
            s.player_penalties += o.player.penalties();
            s.player_jokers += o.player.jokers;
            s.pip_penalties += o.pip.penalties();
            s.pip_jokers += o.pip.jokers;
        }
        all
    }

    /// `total` per duel played; `None` with no duel.
    pub fn average(&self, total: u32) -> Option<f64> {
        (self.played > 0).then(|| f64::from(total) / f64::from(self.played))
    }
}

/// Who won, as the `winner` column says it.
fn winner_column(winner: Option<Side>) -> Option<&'static str> {
    winner.map(|side| match side {
        Side::Player => "player",
        Side::Pip => "pip",
    })
}

impl History {
    /// Records a finished duel; returns its id.
    pub fn record_duel(&mut self, duel: &FinishedDuel) -> Result<DuelId, HistoryError> {
        let o = &duel.outcome;
        let json = serde_json::to_string(o).map_err(|e| HistoryError {
            kind: super::ErrorKind::Unavailable,
            path: self.path.clone(),
            detail: e.to_string(),
            set_aside: None,
        })?;
        self.conn
            .execute(
                "INSERT INTO duels (finished_at, strength, winner, outcome) VALUES (?1, ?2, ?3, ?4)",
                params![
                    duel.finished_at,
                    o.strength.id(),
                    winner_column(o.winner),
                    json
                ],
            )
            .map_err(|e| self.error(e))?;
        Ok(DuelId(self.conn.last_insert_rowid()))
    }

    /// Every duel, oldest first. A row this build cannot read is left out.
    pub fn duels(&self) -> Result<Vec<PastDuel>, HistoryError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, finished_at, outcome FROM duels ORDER BY finished_at, id")
            .map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(|e| self.error(e))?;
        let mut duels = Vec::new();
        for row in rows {
            let (id, finished_at, json) = row.map_err(|e| self.error(e))?;
            match serde_json::from_str::<DuelResult>(&json) {
                Ok(outcome) => duels.push(PastDuel {
                    id: DuelId(id),
                    duel: FinishedDuel {
                        outcome,
                        finished_at,
                    },
                }),
                Err(e) => log::warn!("history: duel {id} cannot be read ({e}); left out"),
            }
        }
        Ok(duels)
    }
}
