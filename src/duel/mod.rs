//! Duel with Pip: the two-player Sudoku game of the console document, as
//! rules with no interface (the window, the terminal and the tests play
//! through this module).
//!
//! Each side keeps a secret complete grid and hands the other a copy with
//! holes. They take turns, the player first; a turn fills one hole of the
//! grid a side was handed:
//! - a value: right if it is the other side's secret value there; a wrong
//!   one costs a penalty point, the hole stays open and that value is ruled
//!   out there;
//! - a **joker**: the other side tells the hole's value, for a penalty point.
//!
//! A side whose grid is complete stops playing and the other goes on
//! alone. When both grids are complete, the fewer penalties win (equal is a
//! draw). Moves the rules refuse (a cell that is no hole, a digit already
//! in the row, column or box, a value already refused there) cost nothing
//! and do not use the turn.
//!
//! Pip always answers from its secret. The player's side is answered
//! either by the app from the player's secret ([`Answering::Honest`]), or by
//! the player ([`Answering::ByHand`]): then Pip checks every answer by the
//! document's rules ([`cheat`]), and a detected lie ends the duel, lost by
//! the cheater. Pip's reasoning is in [`brain`], within its [`Strength`];
//! the grids are dealt by [`deal`]; a duel is saved and resumed through
//! [`save`].

pub mod autoplay;
pub mod brain;
mod camp;
pub mod cheat;
mod codec;
pub mod deal;
mod live;
mod moves;
pub mod odds;
pub mod save;
mod setup;
#[cfg(test)]
mod tests;

pub use brain::{think, Inconsistent, Pending, Reason, Thought};
pub use camp::{Camp, Tally};
pub use cheat::{Cheat, Clash};
pub use moves::{Action, Answer, AnswerError, MoveError, Question, Turn};
pub use save::DuelSaveError;
pub use setup::{Setup, SetupError};

use crate::generate::rng::Rng;
use crate::grid::{Candidates, Cell, Grid};
use crate::logic::{Level, Technique};
use serde::{Deserialize, Serialize};

/// The random stream of one `purpose` of a duel (dealing, holes, Pip's
/// guesses) from its seed: the generator's SplitMix64, so that a seed
/// gives the same duel on every machine; two purposes, unrelated streams.
pub(crate) fn stream(seed: u64, purpose: u64) -> Rng {
    let mut rng = Rng::new(seed ^ purpose.wrapping_mul(0xD1B5_4A32_D192_ED03));
    rng.next_u64();
    rng
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Player,
    Pip,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Player => Side::Pip,
            Side::Pip => Side::Player,
        }
    }
}

/// How strongly Pip reasons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Only obvious holes (one possible value), else a joker.
    Beginner,
    /// Adds hidden singles and naked and hidden subsets, and weighs a guess
    /// against a joker by their expected penalties ([`odds`]).
    Club,
    /// The full rule engine, proof by contradiction (forcing chains)
    /// included, and the same guess-or-joker rule. Never the techniques
    /// that assume one completion: the player's grid may have several.
    Master,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Beginner, Strength::Club, Strength::Master];

    /// The name on the command line: `beginner`, `club`, `master`.
    pub fn id(self) -> &'static str {
        match self {
            Strength::Beginner => "beginner",
            Strength::Club => "club",
            Strength::Master => "master",
        }
    }

    pub fn parse(text: &str) -> Option<Strength> {
        Strength::ALL
            .into_iter()
            .find(|s| s.id().eq_ignore_ascii_case(text.trim()))
    }

    /// Whether Pip reasons with `technique` at this strength.
    pub fn knows(self, technique: Technique) -> bool {
        use Technique::*;
        match self {
            Strength::Beginner => matches!(technique, FullHouse | NakedSingle),
            Strength::Club => matches!(
                technique,
                FullHouse
                    | NakedSingle
                    | HiddenSingle
                    | NakedPair
                    | NakedTriple
                    | NakedQuad
                    | HiddenPair
                    | HiddenTriple
                    | HiddenQuad
            ),
            Strength::Master => technique != WrongEntries && !technique.needs_uniqueness(),
        }
    }

    /// Whether Pip weighs a guess against a joker (a beginner never guesses).
    pub fn guesses(self) -> bool {
        self != Strength::Beginner
    }
}

/// Who answers Pip's moves on the player's grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answering {
    /// The app, from the player's secret.
    Honest,
    /// The player, and Pip checks the answers for lies.
    ByHand,
}

/// How a duel ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Ending {
    /// Both grids complete: the fewer penalties win.
    Completed,
    /// Pip caught the player lying: the player loses.
    Cheating { cheat: Cheat },
    /// The player gave up before the grids were complete: the player loses.
    Resigned,
}

/// The result of a finished duel: what the history records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelResult {
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub ending: Ending,
    pub player: Tally,
    pub pip: Tally,
    pub strength: Strength,
    pub answering: Answering,
    #[serde(with = "codec::level_id")]
    pub level: Option<Level>,
}

/// A duel in progress or finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    pub strength: Strength,
    pub answering: Answering,
    pub level: Option<Level>,
    pub seed: u64,
    player: Camp,
    pip: Camp,
    turn: Side,
    turns: Vec<Turn>,
    question: Option<Question>,
    outcome: Option<DuelResult>,
}

impl Duel {
    /// Starts a duel; the player plays first. By hand, a grid for Pip that
    /// repeats a digit is a lie Pip sees at once: the duel starts over.
    pub fn new(setup: Setup) -> Result<Duel, SetupError> {
        let valid = |g: &Grid| g.is_complete() && g.conflicts().is_empty();
        if !valid(&setup.pip_secret) {
            return Err(SetupError::BadSecret { side: Side::Pip });
        }
        for (side, secret, handed) in [
            (Side::Pip, Some(&setup.pip_secret), &setup.pip_handed),
            (
                Side::Player,
                setup.player_secret.as_ref(),
                &setup.player_handed,
            ),
        ] {
            if handed.is_complete() {
                return Err(SetupError::NoHole { side });
            }
            if let Some(secret) = secret {
                if let Some(&cell) = Cell::ALL
                    .iter()
                    .find(|&&c| handed.get(c) != 0 && handed.get(c) != secret.get(c))
                {
                    return Err(SetupError::HandedDiffers { side, cell });
                }
            }
        }
        match (setup.answering, &setup.player_secret) {
            (Answering::Honest, None) => return Err(SetupError::HonestNeedsSecret),
            (Answering::Honest, Some(s)) if !valid(s) => {
                return Err(SetupError::BadSecret { side: Side::Player })
            }
            _ => {}
        }
        let mut duel = Duel {
            strength: setup.strength,
            answering: setup.answering,
            level: setup.level,
            seed: setup.seed,
            player: Camp::new(setup.player_secret, setup.player_handed, setup.pip_handed),
            pip: Camp::new(
                Some(setup.pip_secret),
                setup.pip_handed,
                setup.player_handed,
            ),
            turn: Side::Player,
            turns: Vec::new(),
            question: None,
            outcome: None,
        };
        // Pip starts knowing what the rules allow; the player, with no notes.
        duel.pip.fill_notes();
        if let Some(cheat) = cheat::repeated_digit(&setup.player_handed, false) {
            duel.end(Ending::Cheating { cheat });
        }
        Ok(duel)
    }

    pub fn camp(&self, side: Side) -> &Camp {
        match side {
            Side::Player => &self.player,
            Side::Pip => &self.pip,
        }
    }

    fn camp_mut(&mut self, side: Side) -> &mut Camp {
        match side {
            Side::Player => &mut self.player,
            Side::Pip => &mut self.pip,
        }
    }

    /// The grid `side` was handed, as it was handed: the givens of the grid
    /// it fills.
    pub fn handed_to(&self, side: Side) -> Grid {
        self.camp(side.other()).handed
    }

    /// Whose turn it is (meaningless once over).
    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Pip's move waiting for the player's answer, by hand.
    pub fn question(&self) -> Option<&Question> {
        self.question.as_ref()
    }

    pub fn outcome(&self) -> Option<&DuelResult> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The player's notes on the grid they fill, kept with the duel.
    pub fn set_player_notes(&mut self, notes: [Candidates; 81]) {
        self.player.notes = notes;
    }

    /// The player's notes set to every value the rules allow in each hole
    /// (their "fill notes", and a Pip's start in the player's seat).
    pub fn fill_player_notes(&mut self) {
        self.player.fill_notes();
    }

    /// Whether `side` may move now.
    pub fn may_move(&self, side: Side) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.question.is_some() {
            return Err(MoveError::WaitingForAnswer);
        }
        if side != self.turn {
            return Err(MoveError::NotYourTurn);
        }
        Ok(())
    }

    /// Checks a move by the rules without playing it.
    pub fn check(&self, side: Side, action: Action) -> Result<(), MoveError> {
        self.may_move(side)?;
        let camp = self.camp(side);
        let cell = action.cell();
        let there = camp.filling.get(cell);
        if there != 0 {
            return Err(MoveError::NotAHole { cell, digit: there });
        }
        if let Action::Place { digit, .. } = action {
            if !(1..=9).contains(&digit) {
                return Err(MoveError::NotADigit { value: digit });
            }
            if let Some(&seen) = cell.peers().iter().find(|&&p| camp.filling.get(p) == digit) {
                return Err(MoveError::AlreadyInUnit { cell, digit, seen });
            }
            if camp.refused[cell.index()].contains(digit) {
                return Err(MoveError::AlreadyRefused { cell, digit });
            }
        }
        Ok(())
    }

    /// The player's own move (the player's seat, played by a person),
    /// answered at once from Pip's secret.
    pub fn play(&mut self, action: Action) -> Result<&Turn, MoveError> {
        self.check(Side::Player, action)?;
        let answer = self.answer_from_secret(Side::Player, action);
        self.resolve(Side::Player, action, answer, None);
        Ok(self.turns.last().expect("just played"))
    }

    /// What the side `side` would do now if a Pip of `strength` sat there.
    pub fn think_for(&self, side: Side, strength: Strength) -> Result<Thought, Inconsistent> {
        let seed = self
            .seed
            .wrapping_mul(31)
            .wrapping_add(self.turns.len() as u64 * 2 + side as u64);
        think(self.camp(side), strength, seed)
    }

    /// Pip's reasoning for its move now, at its strength.
    pub fn pip_think(&self) -> Result<Thought, Inconsistent> {
        self.think_for(Side::Pip, self.strength)
    }

    /// Plays a Pip's move from its `thought` on `side`'s turn (the Pip
    /// seat, or the player's seat in Pip against Pip). On the Pip seat by
    /// hand, the move waits for [`Duel::answer`] and `Ok(None)` comes back;
    /// otherwise the answer comes from the other side's secret.
    pub fn play_thought(
        &mut self,
        side: Side,
        thought: Thought,
    ) -> Result<Option<&Turn>, MoveError> {
        self.check(side, thought.action)?;
        if side == Side::Pip && self.answering == Answering::ByHand {
            self.question = Some(Question { thought });
            return Ok(None);
        }
        let answer = self.answer_from_secret(side, thought.action);
        self.resolve(side, thought.action, answer, Some(thought));
        Ok(self.turns.last())
    }

    /// Pip thinks and plays (by hand, its move then waits for an answer).
    /// When the player's answers so far leave no possible value somewhere,
    /// Pip calls it out and the duel ends.
    pub fn pip_turn(&mut self) -> Result<Option<&Turn>, MoveError> {
        self.may_move(Side::Pip)?;
        let thought = self.pip_think();
        self.pip_plays(thought)
    }

    /// Plays what [`Duel::pip_think`] gave (perhaps on another thread): the
    /// move, or the end when Pip found the answers contradict themselves.
    pub fn pip_plays(
        &mut self,
        thought: Result<Thought, Inconsistent>,
    ) -> Result<Option<&Turn>, MoveError> {
        self.may_move(Side::Pip)?;
        match thought {
            Ok(thought) => self.play_thought(Side::Pip, thought),
            Err(Inconsistent { cell }) => {
                let cheat = cheat::no_value_left(&self.pip, cell);
                self.end(Ending::Cheating { cheat });
                Ok(None)
            }
        }
    }

    /// The player's answer to Pip's waiting move (by hand), checked by the
    /// document's rules: a lie Pip can prove ends the duel.
    pub fn answer(&mut self, answer: Answer) -> Result<(), AnswerError> {
        let Some(question) = &self.question else {
            return Err(AnswerError::NoQuestion);
        };
        match (question.thought.action, answer) {
            (Action::Place { .. }, Answer::Value(_)) => return Err(AnswerError::RightOrWrong),
            (Action::Joker { .. }, Answer::Right | Answer::Wrong) => {
                return Err(AnswerError::ValueExpected)
            }
            (Action::Joker { .. }, Answer::Value(v)) if !(1..=9).contains(&v) => {
                return Err(AnswerError::ValueExpected)
            }
            _ => {}
        }
        let Question { thought } = self.question.take().expect("checked above");
        let lie = cheat::check_answer(&self.pip, &thought, answer);
        let action = thought.action;
        self.resolve(Side::Pip, action, answer, Some(thought));
        let lie = lie.or_else(|| cheat::check_knowledge(&self.pip));
        if let Some(cheat) = lie {
            self.end(Ending::Cheating { cheat });
        }
        Ok(())
    }

    fn answer_from_secret(&self, side: Side, action: Action) -> Answer {
        let secret = self
            .camp(side.other())
            .secret
            .expect("an answering side's secret is known");
        let truth = secret.get(action.cell());
        match action {
            Action::Place { digit, .. } if digit == truth => Answer::Right,
            Action::Place { .. } => Answer::Wrong,
            Action::Joker { .. } => Answer::Value(truth),
        }
    }

    /// Plays a checked move with its answer, then passes the turn or ends.
    fn resolve(&mut self, side: Side, action: Action, answer: Answer, thought: Option<Thought>) {
        let (reason, steps) = match thought {
            Some(t) => {
                let camp = self.camp_mut(side);
                camp.notes = t.notes;
                camp.pending = t.pending;
                (Some(t.reason), t.steps)
            }
            None => (None, Vec::new()),
        };
        self.record(Turn {
            side,
            action,
            answer,
            reason,
            steps,
        });
    }

    /// Writes a turn's result in its side's camp and in the list of turns,
    /// then passes the turn, or ends the duel when both grids are complete.
    fn record(&mut self, turn: Turn) {
        let side = turn.side;
        let camp = self.camp_mut(side);
        camp.tally.moves += 1;
        match (turn.action, turn.answer) {
            (Action::Place { cell, digit }, Answer::Right) => camp.fill(cell, digit),
            (Action::Place { cell, digit }, _) => {
                camp.refuse(cell, digit);
                camp.tally.wrong += 1;
            }
            (Action::Joker { cell }, Answer::Value(v)) => {
                camp.fill(cell, v);
                camp.tally.jokers += 1;
            }
            (Action::Joker { .. }, _) => unreachable!("a joker is answered by a value"),
        }
        self.turns.push(turn);
        if self.player.is_done() && self.pip.is_done() {
            let revealed = match self.answering {
                Answering::ByHand => cheat::check_revealed(&self.pip, &self.player),
                Answering::Honest => None,
            };
            match revealed {
                Some(cheat) => self.end(Ending::Cheating { cheat }),
                None => self.end(Ending::Completed),
            }
        } else if !self.camp(side.other()).is_done() {
            self.turn = side.other();
        }
    }

    /// The player gives up: the duel ends as lost, each side's tally as it
    /// stands. Refused once the duel is over.
    pub fn resign(&mut self) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        self.end(Ending::Resigned);
        Ok(())
    }

    fn end(&mut self, ending: Ending) {
        let (p, q) = (self.player.tally.penalties(), self.pip.tally.penalties());
        let winner = match &ending {
            Ending::Cheating { .. } | Ending::Resigned => Some(Side::Pip),
            Ending::Completed if p < q => Some(Side::Player),
            Ending::Completed if q < p => Some(Side::Pip),
            Ending::Completed => None,
        };
        self.question = None;
        self.outcome = Some(DuelResult {
            winner,
            ending,
            player: self.player.tally,
            pip: self.pip.tally,
            strength: self.strength,
            answering: self.answering,
            level: self.level,
        });
    }
}
