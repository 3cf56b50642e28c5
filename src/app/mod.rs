//! The desktop window (eframe/egui): the board, Pip and its dialogue,
//! menus and shortcuts, files, and the instant solver.
//!
//! [`App`] is made of a few parts: the game ([`session::Session`], no egui
//! in it), Pip, its dialogue and the game's hints ([`Tutor`], no egui in it
//! either), the import screen, the window's
//! own state ([`Chrome`]), and the background [`worker::Worker`]. Each
//! piece of the window is a small struct that draws itself and returns what
//! the player did ([`menu::MenuBar`], [`number_pad::NumberPad`],
//! [`status_bar::StatusBar`], [`path_window::PathWindow`],
//! [`board_view::BoardView`], [`pip::PipView`], [`dialogue_view::DialogueView`]);
//! the app acts on it. Where the app acts lives by concern: commands and
//! input in [`actions`], files in [`opening`], worker replies in [`replies`], closing
//! in [`closing`]; each window over the board is drawn by its own file
//! (`help.rs`, `guide_window.rs`, `path_window.rs`, `phone.rs`, ...), and how
//! the app starts is [`Config`] (`config.rs`). One frame is [`App::ui`]
//! (`frame.rs`), which draws into any [`egui::Ui`]: what `egui_kittest`
//! tests drive; [`native::run`] opens the window. This file keeps [`App`],
//! its parts, its accessors and the start of a game.

#![deny(unreachable_pub)]

mod actions;
mod board_view;
mod claim;
mod closing;
mod commands;
mod config;
mod dialogue;
mod dialogue_view;
mod duel;
mod endless_play;
mod file_picker;
mod focus;
mod frame;
mod guide_window;
mod help;
mod i18n;
mod import_state;
mod import_view;
mod input;
mod keys;
mod library;
mod menu;
mod native;
mod new_game;
mod number_pad;
mod opening;
mod palette;
mod panels;
mod path_window;
mod phone;
mod photo_turn;
mod pip;
mod plane_camera;
mod record;
mod replies;
mod session;
mod settings;
mod signals;
mod sized_board;
mod stats_window;
mod status_bar;
mod storage;
mod tutor;
mod welcome;
mod worker;

use std::path::Path;

use crate::grid::{Board, Cell, Grid};
use crate::hint::{Notation, PuzzleSource, Wording};
use crate::logic::Highlights;
use i18n::{fill, Lang, Texts};
use path_window::PathWindow;
use session::Edit;
use tutor::Tutor;
use worker::{Purpose, Worker};

// The window's public face: what `main` and the app tests (`tests/app`) use.
// Everything else in `app` is `pub(crate)` (`unreachable_pub` keeps it so).
pub use board_view::cell_label;
pub use config::Config;
pub use dialogue::{AtEnd, Dialogue, DialogueEntry, Offer, Remark};
pub use duel::setup::Chosen;
pub use focus::FocusRing;
pub use import_view::{ImportState, ReadCell};
pub use pip::Mood;
pub use record::{GameRecord, HistoryState};
pub use session::Session;
pub use settings::Settings;
pub use stats_window::clock;
pub use status_bar::Status;

pub use native::{run, Ended, FRAME_STATS_ENV};
pub use session::AUTOSAVE_SECONDS;
pub use tutor::{HintDepth, HintUse};

/// The import screen while it is open: what was read, and the photo.
struct ImportScreen {
    state: import_view::ImportState,
    /// The encoded photo, to read again when the player moves a corner.
    photo: std::sync::Arc<Vec<u8>>,
    /// How the shown photo is turned from its stored pixels (EXIF).
    turn: photo_turn::PhotoTurn,
}

/// The window's own state around the game: messages and open windows.
#[derive(Default)]
struct Chrome {
    status: Option<Status>,
    path_window: Option<PathWindow>,
    help_open: bool,
    /// The technique guide, while it is open.
    guide: Option<guide_window::GuideWindow>,
    /// Game → Use your phone, while open (its server runs meanwhile).
    phone: Option<phone::PhonePanel>,
    /// The first start's three ways in, until a game starts.
    welcome: Option<welcome::Welcome>,
    /// Where the keyboard acted in the last frame (see `focus`).
    focus_ring: Option<focus::FocusRing>,
}

/// The application.
pub struct App {
    config: Config,
    session: Session,
    tutor: Tutor,
    import: Option<ImportScreen>,
    chrome: Chrome,
    exit: closing::ExitGuard,
    worker: Worker,
    duel: duel::glue::DuelMode,
    /// The game history's thread, and the Statistics window.
    history: record::HistoryLink,
    /// Game > New's puzzle being made.
    new_games: new_game::NewGames,
    /// This window's hold on the data folder, and so its autosave file.
    claim: claim::FolderClaim,
    /// Every game kept, and the Continue window.
    library: library::Library,
}

impl App {
    /// A new app: restores the game played last when asked and possible;
    /// else Pip welcomes the player with the three ways in.
    pub fn new(config: Config) -> App {
        let history = record::HistoryLink::new(&config.data_dir);
        let claim = claim::FolderClaim::take(&config.data_dir);
        let mut app = App {
            session: Session::new(config.notes_mode),
            tutor: Tutor::new(config.animate),
            config,
            import: None,
            chrome: Chrome::default(),
            exit: closing::ExitGuard::default(),
            worker: Worker::default(),
            duel: Default::default(),
            history,
            new_games: new_game::NewGames::default(),
            claim,
            library: Default::default(),
        };
        app.remark(Remark::Intro);
        // A second window on the folder restores nothing: the first
        // window's game and duel are in play there.
        let restore = app.config.restore && !app.claim.is_second();
        let last = restore.then(|| app.restore_last_game()).flatten();
        if last.is_none() {
            app.chrome.welcome = Some(Default::default());
            app.remark_waiting(Remark::FirstStart);
        }
        if restore {
            app.restore_duel(last);
        }
        if app.claim.is_second() {
            let file = app.claim.autosave().display().to_string();
            app.set_status(fill(app.t().status_folder_in_use, &[&file]), true);
        }
        app
    }

    fn t(&self) -> &'static Texts {
        self.config.lang.texts()
    }

    /// The language and notation Pip speaks in.
    pub fn wording(&self) -> Wording {
        Wording::new(self.config.lang, self.config.notation)
    }

    /// Pip says `said`: a new paragraph of the dialogue, with the offers its
    /// kind brings (Apply for a step).
    fn say(&mut self, said: crate::hint::Paragraph) {
        self.tutor.say(said, self.config.lang);
    }

    /// Pip makes `remark`, said again in the language the player picks next.
    fn remark(&mut self, remark: Remark) {
        self.tutor.remark(remark, self.config.lang);
    }

    /// Pip makes `remark`, which leads nowhere on Next: the player answers
    /// with the window's buttons (the welcome's ways in, the photo to choose).
    fn remark_waiting(&mut self, remark: Remark) {
        self.tutor.remark_waiting(remark, self.config.lang);
    }

    // ----- accessors (for tests and the window title) -----

    pub fn board(&self) -> &Board {
        &self.session.board
    }

    pub fn selected(&self) -> Option<Cell> {
        self.session.selected
    }

    pub fn notes_mode(&self) -> bool {
        self.session.notes_mode
    }

    /// The selected cell's index on a board of any shape.
    pub fn selected_index(&self) -> Option<usize> {
        self.session.selected_index()
    }

    /// How far a board of overlapping grids is zoomed in (1: whole).
    pub fn plane_zoom(&self) -> f32 {
        self.session.camera.zoom()
    }

    /// While an endless carpet is played: the grid in the middle of the
    /// view (row and column of grids from the start, rows growing down).
    pub fn endless_position(&self) -> Option<(i32, i32)> {
        let play = self.session.endless.as_ref()?;
        let centre = play.centre();
        Some((centre.y, centre.x))
    }

    /// While an endless carpet is played: its solution's digit in each
    /// cell of the view.
    pub fn endless_solution(&self) -> Option<&[u8]> {
        Some(self.session.endless.as_ref()?.solution())
    }

    pub fn status(&self) -> Option<&Status> {
        self.chrome.status.as_ref()
    }

    pub fn pip_mood(&self) -> Mood {
        self.tutor.pip.mood()
    }

    pub fn dialogue(&self) -> &Dialogue {
        self.tutor.dialogue()
    }

    /// The hints of the game, with how far each was read.
    pub fn hints(&self) -> &[HintUse] {
        self.tutor.hints()
    }

    /// Highlights that are not the dialogue's (wrong entries after Check).
    pub fn marks(&self) -> &Highlights {
        &self.session.marks
    }

    /// Whether a background job (solver, hint, photo) is running.
    pub fn busy(&self) -> bool {
        self.worker.busy()
    }

    pub fn paused(&self) -> bool {
        self.session.paused
    }

    pub fn elapsed_seconds(&self) -> u64 {
        self.session.elapsed as u64
    }

    pub fn lang(&self) -> Lang {
        self.config.lang
    }

    pub fn notation(&self) -> Notation {
        self.config.notation
    }

    pub fn hint_budget(&self) -> bool {
        self.config.hint_budget
    }

    /// The game session, read-only: the board, the hints used and how
    /// deep each went.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The technique the guide shows, while it is open.
    pub fn guide_technique(&self) -> Option<crate::logic::Technique> {
        self.chrome.guide.as_ref().map(|g| g.technique())
    }

    /// Whether the guide's example is ready to be read (for tests).
    pub fn guide_example_ready(&self) -> bool {
        self.chrome
            .guide
            .as_ref()
            .is_some_and(|g| g.example_ready())
    }

    pub fn data_dir(&self) -> &Path {
        &self.config.data_dir
    }

    pub fn import(&self) -> Option<&import_view::ImportState> {
        self.import.as_ref().map(|s| &s.state)
    }

    /// What the next session remembers of this one.
    pub fn settings(&self) -> settings::Settings {
        settings::Settings {
            lang: self.config.lang_chosen.then_some(self.config.lang),
            notes_mode: self.session.notes_mode,
            notation: self.config.notation,
            hint_budget: self.config.hint_budget,
        }
    }

    /// The address the phone panel shows (as a QR code), while it is open.
    pub fn phone_url(&self) -> Option<&str> {
        self.chrome.phone.as_ref().map(|p| p.url())
    }

    /// The text of the open-or-save-a-path window, while it is open.
    pub fn path_window_text(&self) -> Option<&str> {
        self.chrome.path_window.as_ref().map(|w| w.text.as_str())
    }

    // ----- the game -----

    /// Starts playing `board`, forgetting the previous game's view state.
    fn start(&mut self, board: Board, elapsed: f64) {
        // A passing status belongs to the game it was said in (issue 30);
        // an error stays until replaced (a damaged file, the folder in use).
        self.clear_passing_status();
        self.chrome.welcome = None;
        self.leave_game();
        self.new_games.cancel();
        self.session.start(board, elapsed);
        self.tutor.new_game();
    }

    /// Starts a new puzzle; Pip welcomes it with its level once rated.
    pub fn new_puzzle(&mut self, grid: Grid, origin: PuzzleSource, ctx: &egui::Context) {
        self.new_board(Board::new(grid), origin, ctx);
    }

    /// Starts a new game on `board` (a variant's, with its shape).
    pub fn new_board(&mut self, board: Board, origin: PuzzleSource, ctx: &egui::Context) {
        self.start(board, 0.0);
        self.session.game_path = None;
        self.tutor.pip.set_mood(Mood::Thinking);
        self.record_new_game(record::origin_of(&origin));
        self.tutor.welcome_when_rated(origin);
        let board = &self.session.board;
        let (grid, givens) = (board.grid(), *board.givens());
        let (generation, shape) = (self.session.generation, board.shape().clone());
        self.worker
            .verdicts(ctx, Purpose::Loaded, generation, shape, (grid, givens));
    }

    /// What an edit means for the rest of the window: a refusal is said in
    /// the status bar; a change ends the step being shown, and Pip cheers a
    /// grid the player has just solved.
    fn after_edit(&mut self, edit: Edit) {
        match edit {
            Edit::Unchanged => {}
            Edit::Refused(e) => {
                self.set_status(crate::hint::edit_refused(&e, self.wording()), true);
            }
            Edit::Changed { .. } if self.session.endless.is_some() => {
                // the view filled is not the end: the carpet goes on
                self.tutor.board_edited(false, false, self.config.lang);
                self.endless_edited();
            }
            Edit::Changed { solved } => {
                let complete = self.session.board.is_solved();
                self.tutor.board_edited(solved, complete, self.config.lang);
            }
        }
    }

    fn set_status(&mut self, text: impl Into<String>, error: bool) {
        self.chrome.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Clears the status unless it is an error.
    fn clear_passing_status(&mut self) {
        if self.chrome.status.as_ref().is_some_and(|s| !s.error) {
            self.chrome.status = None;
        }
    }

    /// Clears the status when it is an error made from `template` (a
    /// failed autosave, once one succeeds).
    fn clear_status_of(&mut self, template: &str) {
        let opening = template.split("{0}").next().unwrap_or(template);
        let shown = self.chrome.status.as_ref();
        if shown.is_some_and(|s| s.error && s.text.starts_with(opening)) {
            self.chrome.status = None;
        }
    }

    /// Writes `digit` into the selected cell, or toggles it as a note
    /// when `note` is set.
    pub fn type_digit(&mut self, digit: u8, note: bool) {
        let edit = self.session.type_digit(digit, note);
        self.after_edit(edit);
    }

    /// Erases the selected cell's entry, or its notes when it has none.
    pub fn erase(&mut self) {
        let edit = self.session.erase();
        self.after_edit(edit);
    }
}
