//! A duel saved as JSON (`"format": "sudolens-duel"`) and resumed.
//!
//! The file holds the setup (both secrets and both grids handed over, the
//! strength, who answers, the seed), every turn played with its answer and
//! Pip's reason, and each side's notes and stack of proved values. Loading
//! replays the turns through the rules, so a damaged or edited file is
//! refused with the turn that breaks them rather than giving a duel that
//! never happened. Pip's steps are not saved: Pip thinks each of its moves
//! again while loading, to the same move (its reasoning depends only on the
//! turns played), which brings its steps back for the replay. A move of
//! Pip's waiting for an answer is not saved either: Pip thinks it again on
//! resume. Files are written through [`crate::files`].

use super::brain::Pending;
use super::codec::{digits_text, level_id};
use super::{Answer, Answering, Duel, DuelResult, Ending, Setup, Side, Strength, Turn};
use crate::files;
use crate::grid::{invalid, parse_versioned, read_save, write_save};
use crate::grid::{Candidates, Cell, Grid, SaveError};
use crate::logic::Level;
use serde::{Deserialize, Serialize};
use std::path::Path;

const FORMAT: &str = "sudolens-duel";
const VERSION: u32 = 1;

/// Why a duel file could not be read or written (the game file's error type).
pub type DuelSaveError = SaveError;

#[derive(Serialize, Deserialize)]
struct DuelFile {
    format: String,
    version: u32,
    strength: Strength,
    answering: Answering,
    #[serde(with = "level_id")]
    level: Option<Level>,
    seed: u64,
    pip_secret: Grid,
    pip_handed: Grid,
    /// Absent when the player keeps their secret on paper.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player_secret: Option<Grid>,
    player_handed: Grid,
    turns: Vec<Turn>,
    player_notes: Vec<String>,
    pip_notes: Vec<String>,
    #[serde(default)]
    player_pending: Vec<Pending>,
    #[serde(default)]
    pip_pending: Vec<Pending>,
    /// Only when the duel is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<DuelResult>,
}

fn notes_text(notes: &[Candidates; 81]) -> Vec<String> {
    notes.iter().map(|n| n.to_string()).collect()
}

fn notes_parse(which: &str, texts: &[String]) -> Result<[Candidates; 81], SaveError> {
    if texts.len() != 81 {
        return Err(invalid(format!(
            "{which}: found {} cells, expected 81",
            texts.len()
        )));
    }
    let mut notes = [Candidates::NONE; 81];
    for (i, text) in texts.iter().enumerate() {
        notes[i] = digits_text::parse(text)
            .map_err(|e| invalid(format!("{which} of {}: {e}", Cell::ALL[i])))?;
    }
    Ok(notes)
}

impl Duel {
    /// The duel as a save file.
    pub fn to_json(&self) -> String {
        let file = DuelFile {
            format: FORMAT.into(),
            version: VERSION,
            strength: self.strength,
            answering: self.answering,
            level: self.level,
            seed: self.seed,
            pip_secret: self.pip.secret.expect("Pip's secret is always known"),
            pip_handed: self.pip.handed,
            player_secret: self.player.secret,
            player_handed: self.player.handed,
            turns: self.turns.clone(),
            player_notes: notes_text(&self.player.notes),
            pip_notes: notes_text(&self.pip.notes),
            player_pending: self.player.pending.clone(),
            pip_pending: self.pip.pending.clone(),
            outcome: self.outcome.clone(),
        };
        serde_json::to_string_pretty(&file).expect("a duel always serialises")
    }

    /// Reads a save file, replaying its turns through the rules.
    pub fn from_json(text: &str) -> Result<Duel, SaveError> {
        let file: DuelFile = parse_versioned(text, (FORMAT, VERSION, "duel"), |f: &DuelFile| {
            (&f.format, f.version)
        })?;
        let setup = Setup {
            strength: file.strength,
            answering: file.answering,
            level: file.level,
            seed: file.seed,
            pip_secret: file.pip_secret,
            pip_handed: file.pip_handed,
            player_secret: file.player_secret,
            player_handed: file.player_handed,
        };
        let mut duel = Duel::new(setup).map_err(|e| invalid(e.to_string()))?;
        // Pip's steps are not saved (the rule engine's steps have no file
        // form): Pip thinks each of its moves again, to the same move, so a
        // resumed duel's replay tells them as fully as the first time.
        let mut rethinking = true;
        for (i, mut turn) in file.turns.into_iter().enumerate() {
            if rethinking && turn.side == Side::Pip && !duel.is_over() {
                rethinking = duel.recall_thought(&mut turn);
            }
            duel.replay(turn)
                .map_err(|why| invalid(format!("turn {}: {why}", i + 1)))?;
        }
        for (side, notes, pending) in [
            (Side::Player, &file.player_notes, file.player_pending),
            (Side::Pip, &file.pip_notes, file.pip_pending),
        ] {
            let which = match side {
                Side::Player => "player_notes",
                Side::Pip => "pip_notes",
            };
            let notes = notes_parse(which, notes)?;
            let camp = duel.camp_mut(side);
            for p in &pending {
                if camp.filling.get(p.cell) != 0 || !(1..=9).contains(&p.digit) {
                    return Err(invalid(format!(
                        "a value waiting to be played, {}={}, is not for a hole",
                        p.cell, p.digit
                    )));
                }
            }
            camp.notes = notes;
            camp.pending = pending;
        }
        if duel.outcome.is_none() {
            if let Some(outcome) = file.outcome {
                // A duel caught cheating or resigned ends with holes left.
                if !matches!(outcome.ending, Ending::Cheating { .. } | Ending::Resigned) {
                    return Err(invalid(
                        "the file says the duel is over, and its grids are not complete".into(),
                    ));
                }
                duel.outcome = Some(outcome);
            }
        }
        Ok(duel)
    }

    /// Thinks Pip's saved move `turn` again and, when the thought is the
    /// move saved, gives the turn its steps and Pip's camp the notes and
    /// stack that thought left, as in the game. `false` when Pip now thinks
    /// otherwise (a file from a version whose rule engine differs): the
    /// turn keeps its saved reason, and the turns after it are not thought
    /// again, since Pip's notes no longer follow the game.
    fn recall_thought(&mut self, turn: &mut Turn) -> bool {
        if self.check(Side::Pip, turn.action).is_err() {
            return false;
        }
        let Ok(thought) = self.pip_think() else {
            return false;
        };
        if thought.action != turn.action || Some(thought.reason) != turn.reason {
            return false;
        }
        let camp = self.camp_mut(Side::Pip);
        camp.notes = thought.notes;
        camp.pending = thought.pending;
        turn.steps = thought.steps;
        true
    }

    /// Plays a saved turn again: the move must be legal, and an answer the
    /// app gave from a secret must be that secret's.
    fn replay(&mut self, turn: Turn) -> Result<(), String> {
        if self.is_over() {
            return Err("the duel was already over".into());
        }
        let side = turn.side;
        self.check(side, turn.action)
            .map_err(|e| format!("{}: {e}", turn.action))?;
        let by_hand = side == Side::Pip && self.answering == Answering::ByHand;
        if by_hand {
            let ok = matches!(
                (turn.action, turn.answer),
                (super::Action::Place { .. }, Answer::Right | Answer::Wrong)
                    | (super::Action::Joker { .. }, Answer::Value(1..=9))
            );
            if !ok {
                return Err(format!(
                    "{} does not answer {} (a placed value is right or wrong, a joker gets a value from 1 to 9)",
                    turn.answer, turn.action
                ));
            }
        } else {
            let truth = self.answer_from_secret(side, turn.action);
            if truth != turn.answer {
                return Err(format!(
                    "the answer to {} was {}, the secret says {}",
                    turn.action, turn.answer, truth
                ));
            }
        }
        self.record(turn);
        Ok(())
    }

    /// Saves atomically as snapshot `version` (see [`files::write_newest`]).
    pub fn write_version(&self, path: &Path, version: u64) -> Result<files::Written, SaveError> {
        write_save(path, version, &self.to_json())
    }

    /// Saves atomically: a crash mid-write leaves the previous file intact.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        self.write_version(path, 0).map(|_| ())
    }

    pub fn read(path: &Path) -> Result<Duel, SaveError> {
        read_save(path, Duel::from_json)
    }
}

/// Whether `text` is a duel save file (judged by its content, not its name).
pub fn is_duel_file(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Format {
        format: String,
    }
    serde_json::from_str::<Format>(text).is_ok_and(|f| f.format == FORMAT)
}
