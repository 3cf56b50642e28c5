//! Duel with Pip in the window: the setup window ([`setup`]), then both
//! grids side by side ([`view`]), Pip's moves thought out on a thread of
//! their own, shown landing, and explained in the dialogue. This file is
//! the duel in play, with no drawing in it; [`glue`] connects it to the
//! rest of the app (menus, keys, files, the dialogue).

mod files;
pub(crate) mod glue;
mod said;
pub(crate) mod setup;
pub(crate) mod texts;
mod view;

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver};

use crate::duel::{
    Action, Answer, AnswerError, Duel, Inconsistent, MoveError, Side, Thought, Turn,
};
use crate::grid::{Board, Candidates, Cell, CellState, Grid};

pub(super) use said::DuelSaid;
pub(super) use setup::DuelSetup;

/// How long Pip's move shows on its grid before it lands, in seconds.
pub(super) const LANDING_SECONDS: f64 = 0.7;

/// The autosave of a duel in progress, beside the game's.
pub(super) fn autosave_path(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("duel.json")
}

/// What happened in the duel this frame, for the app to tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Happened {
    /// The player's move, answered.
    PlayerMoved(Turn),
    /// The rules refused the player's move; nothing changed.
    Refused(MoveError),
    /// An answer to Pip was refused (by hand).
    AnswerRefused(AnswerError),
    /// Pip is thinking about its move.
    PipThinking,
    /// Pip's move landed, answered from the player's secret.
    PipMoved(Turn),
    /// Pip's move waits for the player's answer (by hand).
    PipAsks(Thought),
    /// The player answered Pip's move.
    Answered(Turn),
    /// The duel is over (see [`Duel::outcome`]).
    Over,
}

/// What each grid of the duel shows marked: the dialogue's line on the
/// grid it is about, and Pip's move landing on Pip's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DuelMarks {
    pub player: crate::logic::Highlights,
    pub pip: crate::logic::Highlights,
}

/// Pip's move on its way: thought out, shown on its grid for a moment
/// before it is played.
#[derive(Clone, Debug)]
pub struct Landing {
    pub thought: Result<Thought, Inconsistent>,
    /// When the landing started (egui time); `None` until the next frame.
    pub since: Option<f64>,
}

/// A duel being played in the window.
pub struct DuelScreen {
    pub duel: Duel,
    /// The player's grid as a board: Pip's grid as handed (givens), the
    /// holes filled, and the player's notes.
    pub board: Board,
    pub selected: Option<Cell>,
    pub notes_mode: bool,
    /// Values told by jokers, drawn as revealed, on each side's grid.
    pub revealed_player: [u8; 81],
    pub revealed_pip: [u8; 81],
    /// Pip's thinking on its thread.
    thinking: Option<Receiver<Result<Thought, Inconsistent>>>,
    pub landing: Option<Landing>,
    /// Pip moves with a pause to show its move (off in tests).
    pub animate: bool,
    /// By hand: the player's secret shown instead of Pip's grid.
    pub show_secret: bool,
    /// The dialogue paragraph where the replay of Pip's moves starts.
    pub replay_from: Option<usize>,
    /// Pip has told the result.
    pub told_end: bool,
    /// The duel is to go into the history when it ends: it was under way
    /// when it came on screen (a duel opened already over was recorded
    /// when it ended). Cleared once recorded.
    pub unrecorded: bool,
    /// The file the duel was saved to or opened from.
    pub path: Option<PathBuf>,
    /// Numbers snapshots, so a late background save never replaces a newer one.
    pub version: u64,
    /// The player pressed Resign: the screen asks once before it counts.
    pub(crate) confirm_resign: bool,
    /// The dialogue paragraphs about the player's grid (their own moves
    /// answered): their marks go on that grid, every other one's on Pip's.
    pub(crate) about_player_grid: Vec<usize>,
}

impl DuelScreen {
    pub fn new(duel: Duel, animate: bool) -> DuelScreen {
        let mut screen = DuelScreen {
            board: Board::new(Grid::empty()),
            selected: None,
            notes_mode: false,
            revealed_player: [0; 81],
            revealed_pip: [0; 81],
            thinking: None,
            landing: None,
            animate,
            show_secret: false,
            replay_from: None,
            told_end: false,
            unrecorded: !duel.is_over(),
            path: None,
            version: 0,
            confirm_resign: false,
            about_player_grid: Vec::new(),
            duel,
        };
        screen.sync_board();
        screen.selected = Cell::ALL.into_iter().find(|&c| screen.board.value(c) == 0);
        for turn in screen.duel.turns().to_vec() {
            screen.mark_joker(&turn);
        }
        screen
    }

    /// Redraws the player's board after the duel changed outside a move
    /// (its notes filled or cleared).
    pub fn refresh(&mut self) {
        self.sync_board();
    }

    /// Rebuilds the player's board from the duel: Pip's grid as givens,
    /// filled holes as entries, the notes the duel keeps.
    fn sync_board(&mut self) {
        self.board = camp_board(&self.duel, Side::Player);
    }

    /// The player's notes, kept with the duel (and saved with it).
    fn store_notes(&mut self) {
        let notes = std::array::from_fn(|i| self.board.notes(Cell::ALL[i]));
        self.duel.set_player_notes(notes);
    }

    fn mark_joker(&mut self, turn: &Turn) {
        if let (Action::Joker { cell }, Answer::Value(v)) = (turn.action, turn.answer) {
            match turn.side {
                Side::Player => self.revealed_player[cell.index()] = v,
                Side::Pip => self.revealed_pip[cell.index()] = v,
            }
        }
    }

    /// Pip's grid (the player's, as Pip fills it) as a board, with Pip's
    /// notes: what Pip still thinks possible in each hole.
    pub fn pip_board(&self) -> Board {
        camp_board(&self.duel, Side::Pip)
    }

    /// Pip's grid as it stood before Pip's `k`-th move (from 0), for the replay.
    pub fn pip_board_before(&self, k: usize) -> Board {
        let givens = self.duel.handed_to(Side::Pip);
        let mut filled = givens;
        for turn in self
            .duel
            .turns()
            .iter()
            .filter(|t| t.side == Side::Pip)
            .take(k)
        {
            match (turn.action, turn.answer) {
                (Action::Place { cell, digit }, Answer::Right) => filled.set(cell, digit),
                (Action::Joker { cell }, Answer::Value(v)) => filled.set(cell, v),
                _ => {}
            }
        }
        Board::with_entries(givens, &minus(&filled, &givens)).unwrap_or_else(|_| Board::new(givens))
    }

    /// Whether Pip is thinking or its move is landing.
    pub fn pip_busy(&self) -> bool {
        self.thinking.is_some() || self.landing.is_some()
    }

    /// The player writes `digit` in the selected hole: a move, or a note.
    pub fn type_digit(&mut self, digit: u8, note: bool) -> Option<Happened> {
        let cell = self.selected?;
        if self.duel.question().is_some() {
            if let Action::Joker { .. } = self.duel.question()?.thought.action {
                return Some(self.answer(Answer::Value(digit)));
            }
        }
        if note {
            if self.board.value(cell) != 0 {
                return None;
            }
            let _ = self.board.toggle_note(cell, digit);
            self.store_notes();
            return None;
        }
        Some(self.play(Action::Place { cell, digit }))
    }

    /// Clears the notes of the selected hole.
    pub fn erase(&mut self) {
        if let Some(cell) = self.selected {
            if self.board.value(cell) == 0 {
                let _ = self.board.set_notes(cell, Candidates::NONE);
                self.store_notes();
            }
        }
    }

    /// A joker on the selected hole.
    pub fn joker(&mut self) -> Option<Happened> {
        let cell = self.selected?;
        Some(self.play(Action::Joker { cell }))
    }

    fn play(&mut self, action: Action) -> Happened {
        if self.pip_busy() {
            return Happened::Refused(MoveError::NotYourTurn);
        }
        match self.duel.play(action) {
            Ok(turn) => {
                let turn = turn.clone();
                self.mark_joker(&turn);
                self.store_notes();
                self.sync_board();
                if self.board.value(turn.action.cell()) != 0 {
                    self.select_next_hole();
                }
                Happened::PlayerMoved(turn)
            }
            Err(e) => Happened::Refused(e),
        }
    }

    /// After a hole is filled, the selection moves to the next hole in
    /// reading order (the grid wraps), as players expect.
    fn select_next_hole(&mut self) {
        let start = self.selected.map_or(0, |c| c.index());
        self.selected = (1..=81)
            .map(|k| Cell::ALL[(start + k) % 81])
            .find(|&c| self.board.value(c) == 0)
            .or(self.selected);
    }

    /// The player gives up: the duel ends as lost. Pip's move on its way is
    /// dropped (its thread's answer goes nowhere), so nothing lands after.
    pub(crate) fn resign(&mut self) -> Option<Happened> {
        self.confirm_resign = false;
        self.duel.resign().ok()?;
        self.thinking = None;
        self.landing = None;
        Some(Happened::Over)
    }

    /// The player's answer to Pip's waiting move (by hand).
    pub fn answer(&mut self, answer: Answer) -> Happened {
        match self.duel.answer(answer) {
            Ok(()) => {
                let turn = self.duel.turns().last().cloned().expect("answered");
                self.mark_joker(&turn);
                if self.duel.is_over() {
                    Happened::Over
                } else {
                    Happened::Answered(turn)
                }
            }
            Err(e) => Happened::AnswerRefused(e),
        }
    }

    /// Moves Pip along: starts its thinking when its turn comes, takes the
    /// thought when ready, and plays it once it has shown. `now` is egui's
    /// clock.
    pub fn advance(&mut self, now: f64) -> Option<Happened> {
        if self.duel.is_over() {
            return None;
        }
        if let Some(rx) = &self.thinking {
            let thought = rx.try_recv().ok()?;
            self.thinking = None;
            self.landing = Some(Landing {
                thought,
                since: None,
            });
        }
        if let Some(landing) = &mut self.landing {
            let since = *landing.since.get_or_insert(now);
            if self.animate && now - since < LANDING_SECONDS {
                return None;
            }
            let landing = self.landing.take().expect("checked");
            return Some(self.land(landing.thought));
        }
        if self.duel.turn() == Side::Pip && self.duel.question().is_none() {
            let duel = self.duel.clone();
            let (tx, rx) = channel();
            std::thread::spawn(move || {
                let _ = tx.send(duel.pip_think());
            });
            self.thinking = Some(rx);
            return Some(Happened::PipThinking);
        }
        None
    }

    /// Plays Pip's thought out.
    fn land(&mut self, thought: Result<Thought, Inconsistent>) -> Happened {
        let asked = thought.as_ref().ok().cloned();
        let played = self.duel.pip_plays(thought).map(|t| t.cloned());
        match played {
            Ok(Some(turn)) => {
                self.mark_joker(&turn);
                Happened::PipMoved(turn)
            }
            Ok(None) if self.duel.is_over() => Happened::Over,
            Ok(None) => Happened::PipAsks(asked.expect("a question comes from a thought")),
            // Not Pip's turn any more (never expected): nothing to play.
            Err(e) => Happened::Refused(e),
        }
    }

    /// The cell Pip's landing move is about, to show on its grid.
    pub fn landing_cell(&self) -> Option<Cell> {
        self.landing
            .as_ref()
            .and_then(|l| l.thought.as_ref().ok())
            .map(|t| t.action.cell())
    }

    /// The duel as it stands, numbered as the newest snapshot.
    pub fn snapshot(&mut self) -> (Duel, u64) {
        self.store_notes();
        self.version += 1;
        (self.duel.clone(), self.version)
    }
}

/// The digits of `a` where `b` has none.
/// The grid `side` fills as a board: the grid it was handed as givens, the
/// holes filled since as entries, and its notes less the values refused.
fn camp_board(duel: &Duel, side: Side) -> Board {
    let camp = duel.camp(side);
    let givens = duel.handed_to(side);
    let cells: Vec<(Cell, CellState)> = Cell::ALL
        .into_iter()
        .filter(|&c| givens.get(c) == 0)
        .map(|c| {
            let entry = camp.filling.get(c);
            let notes = if entry == 0 {
                camp.notes[c.index()] - camp.refused[c.index()]
            } else {
                Candidates::NONE
            };
            (c, CellState { entry, notes })
        })
        .collect();
    let mut board = Board::new(givens);
    let _ = board.apply(cells);
    board
}

fn minus(a: &Grid, b: &Grid) -> Grid {
    let mut out = Grid::empty();
    for c in Cell::ALL {
        if b.get(c) == 0 {
            out.set(c, a.get(c));
        }
    }
    out
}
