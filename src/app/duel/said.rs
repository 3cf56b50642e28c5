//! What Pip said in a duel, kept as what it was about rather than as its
//! words, so that a language or notation chosen later says it again
//! (issue 30: duel lines said before a switch stayed in English).

use crate::duel::{Answering, DuelResult, Strength, Thought, Turn};
use crate::hint::{duel as words, Line, Wording};
use crate::logic::Level;

/// One paragraph of a duel, by its cause.
#[derive(Clone, Debug, PartialEq)]
pub enum DuelSaid {
    Welcome {
        strength: Strength,
        answering: Answering,
        level: Option<Level>,
        holes: (usize, usize),
    },
    PlayerMoved(Turn),
    PipMoved(Turn, Strength),
    PipAsks(Box<Thought>, Strength),
    Answered(Turn),
    Outcome(DuelResult),
    /// Pip's move `k` of the replayed duel (its turns, and the strength).
    Replayed(Vec<Turn>, Strength, usize),
    Restored,
}

impl DuelSaid {
    /// Its lines in `wording`.
    pub fn lines(&self, wording: Wording) -> Vec<Line> {
        let lang = wording.lang;
        match self {
            &DuelSaid::Welcome {
                strength,
                answering,
                level,
                holes,
            } => words::welcome(strength, answering, level, holes, lang).lines,
            DuelSaid::PlayerMoved(turn) => vec![words::player_move(turn, wording)],
            DuelSaid::PipMoved(turn, strength) => words::pip_turn(turn, *strength, wording).lines,
            DuelSaid::PipAsks(thought, strength) => {
                let mut lines = words::pip_reasoning(
                    thought.action,
                    thought.reason,
                    &thought.steps,
                    *strength,
                    wording,
                );
                lines.push(Line {
                    text: words::pip_question(thought.action, wording),
                    ..Default::default()
                });
                lines
            }
            DuelSaid::Answered(turn) => vec![words::pip_answered(turn, wording)],
            DuelSaid::Outcome(outcome) => words::outcome(outcome, wording).lines,
            DuelSaid::Replayed(turns, strength, k) => words::replay(turns, *strength, wording)
                .into_iter()
                .nth(*k)
                .map(|p| p.lines)
                .unwrap_or_default(),
            DuelSaid::Restored => vec![Line {
                text: words::restored(lang),
                ..Default::default()
            }],
        }
    }
}
