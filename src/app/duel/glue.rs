//! The duel inside the app: Game → Duel with Pip opens the setup, the play
//! screen replaces the board while a duel is shown, keys and menu commands
//! reach it, Pip tells its moves in the dialogue, and the duel is saved
//! after every move (`duel.json` in the data folder), restored at start,
//! saved and opened as a file like a game.

use egui::{Key, Modifiers};

use super::said::DuelSaid;
use super::setup::SetupEvent;
use super::view::{DuelView, ViewEvent};
use super::{autosave_path, DuelMarks, DuelScreen, DuelSetup, Happened};
use crate::app::commands::Command;
use crate::app::dialogue::DialogueEntry;
use crate::app::input::InputAction;
use crate::app::pip::Mood;
use crate::app::App;
use crate::duel::{Action, Answer, Duel, Ending, Side, Strength};
use crate::grid::{Candidates, Cell};
use crate::hint::{duel as words, Paragraph, ParagraphKind};

/// The duel's part of the app: the setup window and the duel shown.
#[derive(Default)]
pub(crate) struct DuelMode {
    pub screen: Option<DuelScreen>,
    pub setup: Option<DuelSetup>,
}

impl App {
    /// The duel shown, if any (for tests and the window title).
    pub fn duel(&self) -> Option<&Duel> {
        self.duel.screen.as_ref().map(|s| &s.duel)
    }

    pub fn duel_screen(&self) -> Option<&DuelScreen> {
        self.duel.screen.as_ref()
    }

    /// The setup window, while it is open.
    pub fn duel_setup(&mut self) -> Option<&mut DuelSetup> {
        self.duel.setup.as_mut()
    }

    /// Whether Pip is thinking, its move landing, or its grid being dealt.
    pub fn duel_busy(&self) -> bool {
        self.duel.screen.as_ref().is_some_and(|s| s.pip_busy())
            || self.duel.setup.as_ref().is_some_and(|s| s.dealing())
    }

    /// Game → Duel with Pip: the setup window.
    pub(in crate::app) fn open_duel_setup(&mut self) {
        let path = autosave_path(&self.config.data_dir);
        let can_resume = Duel::read(&path).is_ok_and(|d| !d.is_over());
        self.duel.setup = Some(DuelSetup::new(crate::generate::random_seed(), can_resume));
    }

    /// Pip speaks in a duel: a paragraph of the dialogue, no offers, kept
    /// by its cause to be said again in another language.
    pub(super) fn duel_says(&mut self, about: DuelSaid) {
        let said = Paragraph {
            kind: ParagraphKind::Info,
            lines: about.lines(self.wording()),
        };
        let mut entry = DialogueEntry::new(said, self.config.lang).with_offers(Vec::new());
        entry.duel = Some(Box::new(about));
        self.tutor.push(entry);
    }

    /// Once a frame: the setup window, Pip's grid being dealt, and Pip's
    /// moves thought out, landing and told.
    pub(in crate::app) fn duel_frame(&mut self, ctx: &egui::Context) {
        let wording = self.wording();
        if let Some(setup) = &mut self.duel.setup {
            if let Some(dealt) = setup.dealt(wording) {
                match dealt.map(|s| Duel::new(s).map_err(|e| e.to_string())) {
                    Ok(Ok(duel)) => self.start_duel(duel),
                    Ok(Err(e)) | Err(e) => self.set_status(e, true),
                }
            }
        }
        let now = ctx.input(|i| i.time);
        for _ in 0..3 {
            let happened = self.duel.screen.as_mut().and_then(|s| s.advance(now));
            match happened {
                Some(h) => self.on_duel(h),
                None => break,
            }
        }
        if self.duel.screen.as_ref().is_some_and(|s| s.pip_busy()) {
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
    }

    /// The setup window, drawn over the panels; hidden while the photo it
    /// asked for is on the correction screen, which needs the whole window.
    pub(in crate::app) fn duel_windows(&mut self, ctx: &egui::Context) {
        let wording = self.wording();
        let correcting_photo = self.import.is_some();
        if let Some(setup) = &mut self.duel.setup {
            if setup.awaiting_photo && correcting_photo {
                return;
            }
            let event = setup.show(ctx, wording);
            if setup.dealing() {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
            match event {
                Some(SetupEvent::Start) => {
                    setup.start_dealing();
                    self.tutor.pip.set_mood(Mood::Thinking);
                }
                Some(SetupEvent::Cancel) => self.duel.setup = None,
                Some(SetupEvent::ChoosePhoto) => {
                    setup.awaiting_photo = true;
                    let purpose = crate::app::worker::DialogFor::Open;
                    self.open_path_window(purpose, String::new(), ctx);
                }
                Some(SetupEvent::Resume) => {
                    self.duel.setup = None;
                    self.restore_duel(None);
                }
                None => {}
            }
        }
    }

    /// A new duel on screen, Pip welcoming it.
    fn start_duel(&mut self, duel: Duel) {
        self.duel.setup = None;
        let hello = DuelSaid::Welcome {
            strength: duel.strength,
            answering: duel.answering,
            level: duel.level,
            holes: (
                duel.camp(Side::Player).holes_left(),
                duel.camp(Side::Pip).holes_left(),
            ),
        };
        let over = duel.is_over();
        self.duel.screen = Some(DuelScreen::new(duel, self.config.animate));
        // The game's messages stay with the game (issue 30).
        self.clear_passing_status();
        self.tutor.pip.set_mood(Mood::Hello);
        self.duel_says(hello);
        if over {
            self.on_duel(Happened::Over);
        }
        self.autosave_duel();
    }

    /// What a duel's event means for the dialogue, Pip and the status bar.
    fn on_duel(&mut self, happened: Happened) {
        let (lang, wording) = (self.config.lang, self.wording());
        match happened {
            Happened::PlayerMoved(turn) => {
                let said = words::player_move(&turn, wording);
                self.set_status(said.text.clone(), turn.penalised());
                // Its marks are on the player's grid, where the move was.
                let index = self.tutor.dialogue().paragraphs().len();
                if let Some(s) = &mut self.duel.screen {
                    s.about_player_grid.push(index);
                }
                self.duel_says(DuelSaid::PlayerMoved(turn));
                self.autosave_duel();
            }
            Happened::Refused(e) => self.set_status(words::move_refused(e, wording), true),
            Happened::AnswerRefused(e) => self.set_status(words::answer_refused(e, lang), true),
            Happened::PipThinking => self.tutor.pip.set_mood(Mood::Thinking),
            Happened::PipMoved(turn) => {
                let strength = self.duel().map_or(Strength::Club, |d| d.strength);
                self.tutor.pip.set_mood(if turn.penalised() {
                    Mood::Sorry
                } else {
                    Mood::Idle
                });
                self.duel_says(DuelSaid::PipMoved(turn, strength));
                self.autosave_duel();
            }
            Happened::PipAsks(thought) => {
                let strength = self.duel().map_or(Strength::Club, |d| d.strength);
                self.tutor.pip.set_mood(Mood::Idle);
                self.duel_says(DuelSaid::PipAsks(Box::new(thought), strength));
            }
            Happened::Answered(turn) => {
                self.duel_says(DuelSaid::Answered(turn));
                self.autosave_duel();
            }
            Happened::Over => {}
        }
        let over = self.duel().and_then(|d| d.outcome()).cloned();
        if let Some(outcome) = over {
            let told = self
                .duel
                .screen
                .as_ref()
                .is_some_and(|s| s.replay_from.is_some() || s.told_end);
            if !told {
                if let Some(s) = &mut self.duel.screen {
                    s.told_end = true;
                    if std::mem::take(&mut s.unrecorded) {
                        self.history.record_duel(outcome.clone());
                    }
                }
                self.tutor
                    .pip
                    .set_mood(match (&outcome.ending, outcome.winner) {
                        (Ending::Cheating { .. }, _) => Mood::Sorry,
                        (_, Some(Side::Player)) => Mood::Cheering,
                        _ => Mood::Idle,
                    });
                self.duel_says(DuelSaid::Outcome(outcome.clone()));
                self.set_status(words::tally_summary(&outcome, lang), false);
                self.autosave_duel();
            }
        }
    }

    /// What each grid of the duel shown marks now: the line being read on
    /// the grid it is about (the player's own moves on the player's grid,
    /// Pip's words on Pip's), and Pip's move landing on Pip's grid.
    pub fn duel_marks(&self) -> Option<DuelMarks> {
        let screen = self.duel.screen.as_ref()?;
        let highlights = self.tutor.dialogue().highlights().unwrap_or_default();
        let about_player = self.tutor.dialogue().current().is_some_and(|(entry, _)| {
            let paragraphs = self.tutor.dialogue().paragraphs();
            let index = paragraphs.iter().position(|p| std::ptr::eq(p, entry));
            index.is_some_and(|i| screen.about_player_grid.contains(&i))
        });
        let mut marks = DuelMarks::default();
        if about_player {
            marks.player = highlights;
        } else {
            marks.pip = highlights;
        }
        if let Some(cell) = screen.landing_cell() {
            marks.pip.cells.push(cell);
        }
        Some(marks)
    }

    /// The play screen in the central panel, when a duel is shown.
    pub(in crate::app) fn duel_central(&mut self, ui: &mut egui::Ui) -> bool {
        let wording = self.wording();
        let marks = self.duel_marks().unwrap_or_default();
        let replaying = self.replaying();
        let Some(screen) = &mut self.duel.screen else {
            return false;
        };
        let event = DuelView {
            screen,
            marks,
            replaying,
            wording,
        }
        .show(ui);
        if let Some(e) = event {
            self.on_view_event(e);
        }
        true
    }

    /// Which of Pip's moves the replay is at, and how many there are.
    fn replaying(&self) -> Option<(usize, usize)> {
        let screen = self.duel.screen.as_ref()?;
        let from = screen.replay_from?;
        let (entry, _) = self.tutor.dialogue().current()?;
        let dialogue = self.tutor.dialogue();
        let index = dialogue
            .paragraphs()
            .iter()
            .position(|p| std::ptr::eq(p, entry))?;
        let n = screen
            .duel
            .turns()
            .iter()
            .filter(|t| t.side == Side::Pip)
            .count();
        (index >= from && index < from + n).then(|| (index - from, n))
    }

    fn on_view_event(&mut self, event: ViewEvent) {
        let Some(screen) = &mut self.duel.screen else {
            return;
        };
        let happened = match event {
            ViewEvent::Digit(d) => screen.type_digit(d, screen.notes_mode),
            ViewEvent::Erase => {
                screen.erase();
                None
            }
            ViewEvent::ToggleNotes => {
                screen.notes_mode = !screen.notes_mode;
                None
            }
            ViewEvent::Joker => screen.joker(),
            ViewEvent::Answer(a) => Some(screen.answer(a)),
            ViewEvent::Replay => {
                self.replay_pip();
                None
            }
            ViewEvent::NewDuel => {
                self.open_duel_setup();
                None
            }
            ViewEvent::AskResign => {
                screen.confirm_resign = true;
                None
            }
            ViewEvent::KeepPlaying => {
                screen.confirm_resign = false;
                None
            }
            ViewEvent::Resign => screen.resign(),
            ViewEvent::Leave => {
                self.duel.screen = None;
                self.clear_passing_status();
                None
            }
        };
        if let Some(h) = happened {
            self.on_duel(h);
        }
    }

    /// Pages Pip's reasoning again, move by move, its grid rewound to each.
    fn replay_pip(&mut self) {
        let wording = self.wording();
        let Some(duel) = self.duel() else { return };
        let (turns, strength) = (duel.turns().to_vec(), duel.strength);
        let paragraphs = words::replay(&turns, strength, wording);
        if paragraphs.is_empty() {
            return;
        }
        let from = self.tutor.dialogue().paragraphs().len();
        let lines_before_last: usize = paragraphs[..paragraphs.len() - 1]
            .iter()
            .map(|p| p.lines.len())
            .sum();
        for k in 0..paragraphs.len() {
            self.duel_says(DuelSaid::Replayed(turns.clone(), strength, k));
        }
        for _ in 0..lines_before_last {
            self.tutor.page_back();
        }
        if let Some(s) = &mut self.duel.screen {
            s.replay_from = Some(from);
        }
    }

    /// Keys the duel reads before the app's shortcuts: J for a joker, and
    /// Y (or O, for oui) and N to answer Pip by hand.
    pub(in crate::app) fn duel_keys(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() || self.import.is_some() {
            return;
        }
        let Some(screen) = &mut self.duel.screen else {
            return;
        };
        if screen.duel.is_over() {
            return;
        }
        let mut happened = None;
        let asking_place = matches!(
            screen.duel.question().map(|q| q.thought.action),
            Some(Action::Place { .. })
        );
        ctx.input_mut(|i| {
            if asking_place {
                if i.consume_key(Modifiers::NONE, Key::Y) || i.consume_key(Modifiers::NONE, Key::O)
                {
                    happened = Some(Answer::Right);
                } else if i.consume_key(Modifiers::NONE, Key::N) {
                    happened = Some(Answer::Wrong);
                }
            }
        });
        if let Some(answer) = happened {
            let h = screen.answer(answer);
            self.on_duel(h);
            return;
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::J)) {
            if let Some(h) = screen.joker() {
                self.on_duel(h);
            }
        }
    }

    /// The keyboard, clipboard and drops while a duel or its setup is on
    /// screen; `true` when the duel took the action.
    pub(in crate::app) fn duel_action(&mut self, action: &InputAction) -> bool {
        if let Some(setup) = &mut self.duel.setup {
            if let InputAction::Paste(text) = action {
                setup.typed = text.clone();
                setup.source = super::setup::GridSource::Typed;
                return true;
            }
        }
        let Some(screen) = &mut self.duel.screen else {
            return false;
        };
        let happened = match action {
            InputAction::Digit { digit, note } => screen.type_digit(*digit, *note),
            InputAction::Erase | InputAction::Symbol { ch: '0', .. } => {
                screen.erase();
                None
            }
            InputAction::Move { drow, dcol } => {
                let c = screen.selected.unwrap_or(Cell::new(0, 0));
                let row = (c.row() as i32 + drow).rem_euclid(9) as usize;
                let col = (c.col() as i32 + dcol).rem_euclid(9) as usize;
                screen.selected = Some(Cell::new(row, col));
                None
            }
            // Paging on past the end asks for no hint in a duel.
            InputAction::NextLine => {
                self.tutor.page_on();
                return true;
            }
            InputAction::Paste(_) | InputAction::Dropped(_) => {
                // Opening something else leaves the duel (it stays saved).
                self.duel.screen = None;
                return false;
            }
            _ => return false,
        };
        if let Some(h) = happened {
            self.on_duel(h);
        }
        true
    }

    /// Menu commands while a duel is shown: the helpers that would play for
    /// the player are refused, notes work on the duel's grid, and loading
    /// another game leaves the duel. `true` when the duel handled it.
    pub(in crate::app) fn duel_command(&mut self, command: Command) -> bool {
        let lang = self.config.lang;
        let Some(screen) = &mut self.duel.screen else {
            return false;
        };
        match command {
            Command::Hint
            | Command::StepByStep
            | Command::Solve
            | Command::Check
            | Command::Undo
            | Command::Redo
            | Command::Reset => {
                self.set_status(crate::hint::duel::no_help_during_duel(lang), true);
                true
            }
            Command::ToggleNotes => {
                screen.notes_mode = !screen.notes_mode;
                true
            }
            Command::FillNotes => {
                screen.duel.fill_player_notes();
                screen.refresh();
                true
            }
            Command::ClearNotes => {
                screen.duel.set_player_notes([Candidates::NONE; 81]);
                screen.refresh();
                true
            }
            Command::New(_) | Command::Open | Command::Photo | Command::NextFromFile => {
                self.duel.screen = None;
                false
            }
            _ => false,
        }
    }

    /// A grid accepted on the import screen: the duel's setup takes it when
    /// it was waiting for a photo; `true` when it did.
    pub(in crate::app) fn duel_takes_photo(&mut self, grid: crate::grid::Grid) -> bool {
        match &mut self.duel.setup {
            Some(setup) if setup.awaiting_photo => {
                setup.take_photo(grid);
                self.import = None;
                self.tutor.pip.set_mood(Mood::Idle);
                true
            }
            _ => false,
        }
    }
}
