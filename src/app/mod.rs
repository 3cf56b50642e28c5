//! The desktop window (eframe/egui): the board, Pip and its dialogue,
//! menus and shortcuts, files, and the instant solver.
//!
//! [`App`] holds the state and does the work; drawing is split into small
//! widgets ([`board_view::BoardView`], [`pip::PipView`],
//! [`dialogue::DialogueView`]). [`App::ui`] draws one frame into any
//! [`egui::Ui`], which is what `egui_kittest` tests drive; [`run`] opens the
//! native window around it. Heavy work goes to [`worker::Worker`].

pub mod board_view;
pub mod commands;
pub mod dialogue;
mod exit_guard;
mod help;
pub mod hints;
pub mod i18n;
pub mod import_view;
pub mod library;
pub mod photo_turn;
pub mod pip;
pub mod settings;
pub mod storage;
pub mod worker;

use std::path::{Path, PathBuf};

use egui::{Event, Key, RichText, Ui};

use crate::grid::{Board, Candidates, Cell, CellState, Grid, Puzzles, SavedGame, Unit};
use crate::solver::{DeadEnd, Verdict};
use board_view::{BoardView, Marks};
use commands::{Command, SHORTCUTS};
use dialogue::{Dialogue, DialogueView, Kind, Line, Offer, Paragraph};
use i18n::{count_text, fill, Lang, Texts};
use library::Level;
use pip::{Mood, Pip, PipView};
use worker::{DialogFor, Outcome, Purpose, Worker};

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the autosave lives (see [`storage::data_dir`]).
    pub data_dir: PathBuf,
    pub lang: Lang,
    /// The language was chosen by the player (View > Language), not taken
    /// from the system: it is remembered for the next session.
    pub lang_chosen: bool,
    /// Start in notes mode (remembered from the last session).
    pub notes_mode: bool,
    /// Pip moves (off in tests).
    pub animate: bool,
    /// Restore the autosave at start.
    pub restore: bool,
    /// Show the system's file dialog on Open and Save as (off in tests).
    pub native_dialogs: bool,
}

impl Config {
    /// The configuration of a real run: the user's data dir, the system language.
    pub fn from_env() -> Config {
        Config {
            data_dir: storage::data_dir(),
            lang: Lang::system(),
            lang_chosen: false,
            notes_mode: false,
            animate: true,
            restore: true,
            native_dialogs: true,
        }
    }
}

/// Where a new puzzle comes from, for Pip's welcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Game > New, from the built-in library.
    Library,
    /// Pasted from the clipboard.
    Pasted,
    /// A puzzle file, by its name.
    File(String),
}

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The open-or-save-a-path window.
#[derive(Clone, Debug)]
struct PathWindow {
    purpose: DialogFor,
    text: String,
    /// The text field got the keyboard focus once (typing goes there, not
    /// to the board).
    focused: bool,
}

/// The application state.
pub struct App {
    config: Config,
    board: Board,
    selected: Option<Cell>,
    notes_mode: bool,
    /// Counts board edits, so that late answers about an older board are dropped.
    generation: u64,
    /// Digits placed by Solve, drawn apart from the player's own.
    revealed: [u8; 81],
    /// Marks that are not the dialogue's (wrong entries after Check/Solve).
    marks: Marks,
    solved_shown: bool,
    pip: Pip,
    dialogue: Dialogue,
    status: Option<Status>,
    worker: Worker,
    /// Seconds played, and the egui time of the last frame that counted.
    elapsed: f64,
    last_tick: Option<f64>,
    paused: bool,
    /// The file the game was loaded from or saved to.
    game_path: Option<PathBuf>,
    /// Puzzles of the last many-puzzle file opened, and which one is played.
    file_puzzles: Vec<Grid>,
    file_index: usize,
    file_name: String,
    path_window: Option<PathWindow>,
    help_open: bool,
    /// The step the dialogue is explaining, for Apply.
    pending_step: Option<crate::logic::Step>,
    /// Ask for the next step as soon as one is applied (step by step).
    auto_next: bool,
    /// The photo import screen, while it is open.
    import: Option<import_view::ImportState>,
    /// The encoded photo behind the import screen, to read again when the
    /// player moves a corner.
    import_photo: Option<std::sync::Arc<Vec<u8>>>,
    /// How the shown photo is turned from its stored pixels (EXIF).
    import_turn: photo_turn::PhotoTurn,
    /// The generation last autosaved, and when (egui time).
    saved_generation: u64,
    last_save: f64,
    /// Numbers the game snapshots handed to autosaves, so that a late
    /// background write of an older one never replaces a newer save.
    snapshot_version: u64,
    /// Saving the game before the window closes.
    exit: exit_guard::ExitGuard,
    /// Where the puzzle just loaded came from, until Pip has welcomed it
    /// (once its rating is known).
    welcome: Option<Origin>,
}

/// Seconds between background autosaves while the board changes.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

impl App {
    /// A new app: restores the autosave when asked and possible, else a
    /// medium puzzle from the library.
    pub fn new(config: Config) -> App {
        let mut app = App {
            pip: Pip::new(config.animate),
            notes_mode: config.notes_mode,
            config,
            board: Board::new(Grid::empty()),
            selected: Some(Cell::new(0, 0)),
            generation: 0,
            revealed: [0; 81],
            marks: Marks::default(),
            solved_shown: false,
            dialogue: Dialogue::default(),
            status: None,
            worker: Worker::default(),
            elapsed: 0.0,
            last_tick: None,
            paused: false,
            game_path: None,
            file_puzzles: Vec::new(),
            file_index: 0,
            file_name: String::new(),
            path_window: None,
            help_open: false,
            pending_step: None,
            auto_next: false,
            import: None,
            import_photo: None,
            import_turn: photo_turn::PhotoTurn::upright(egui::Vec2::ZERO),
            saved_generation: 0,
            last_save: 0.0,
            snapshot_version: 0,
            exit: exit_guard::ExitGuard::default(),
            welcome: None,
        };
        let intro = crate::hint::intro(app.config.lang);
        app.dialogue.push(hints::paragraph(intro, "Pip"));
        let restored = app.config.restore && app.restore_autosave();
        if !restored {
            let grid = library::pick(Level::Medium, library::clock_seed());
            app.start(Board::new(grid), 0.0);
        }
        app
    }

    fn t(&self) -> &'static Texts {
        self.config.lang.texts()
    }

    // ----- accessors (for tests and the window title) -----

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }

    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    pub fn pip_mood(&self) -> Mood {
        self.pip.mood()
    }

    pub fn dialogue(&self) -> &Dialogue {
        &self.dialogue
    }

    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// Whether background work is running.
    pub fn busy(&self) -> bool {
        self.worker.busy()
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn elapsed_seconds(&self) -> u64 {
        self.elapsed as u64
    }

    pub fn lang(&self) -> Lang {
        self.config.lang
    }

    pub fn data_dir(&self) -> &Path {
        &self.config.data_dir
    }

    pub fn import(&self) -> Option<&import_view::ImportState> {
        self.import.as_ref()
    }

    /// Shows the import screen with what recognition read from a photo.
    pub fn open_import(&mut self, state: import_view::ImportState) {
        self.import = Some(state);
    }

    fn on_import_event(&mut self, event: import_view::ImportEvent, ctx: &egui::Context) {
        use import_view::ImportEvent;
        match event {
            ImportEvent::Cancel => {
                self.import = None;
                self.import_photo = None;
            }
            ImportEvent::CornersMoved => {
                let (Some(state), Some(bytes)) = (&mut self.import, &self.import_photo) else {
                    return;
                };
                if self.worker.busy() {
                    return;
                }
                state.busy = true;
                let turn = self.import_turn;
                let corners = state.corners.map(|p| {
                    let p = turn.to_stored(p);
                    [f64::from(p.x), f64::from(p.y)]
                });
                self.worker
                    .read_photo(ctx, state.name.clone(), bytes.clone(), Some(corners));
            }
            ImportEvent::UseGrid => {
                let Some(state) = &self.import else { return };
                if self.worker.busy() {
                    let t = self.t();
                    self.set_status(t.status_busy, false);
                    return;
                }
                let givens = state.givens();
                self.pip.set_mood(Mood::Thinking);
                self.worker
                    .verdicts(ctx, Purpose::Import, self.generation, givens, givens);
            }
        }
    }

    /// The import's grid was checked: play it, or tell why not.
    fn finish_import(&mut self, verdict: &Verdict) {
        let Some(state) = &self.import else { return };
        if !verdict.is_unique() {
            self.pip.set_mood(Mood::Sorry);
            let p = crate::hint::invalid(verdict, self.config.lang);
            self.dialogue.push(hints::paragraph(p, "Pip"));
            return;
        }
        let t = self.t();
        match Board::with_entries(state.givens(), &state.entries()) {
            Ok(board) => {
                let name = state.name.clone();
                self.import = None;
                self.import_photo = None;
                self.start(board, 0.0);
                self.game_path = None;
                self.pip.set_mood(Mood::Idle);
                self.set_status(fill(t.import_accepted, &[&name]), false);
            }
            Err(e) => self.set_status(e.to_string(), true),
        }
    }

    // ----- games -----

    /// Starts playing `board`, forgetting the previous game's view state.
    fn start(&mut self, board: Board, elapsed: f64) {
        self.board = board;
        self.elapsed = elapsed;
        self.generation += 1;
        self.revealed = [0; 81];
        self.marks = Marks::default();
        self.solved_shown = self.board.is_solved();
        self.paused = false;
        self.dialogue.clear_offers();
        self.pending_step = None;
        self.auto_next = false;
        self.selected = Cell::ALL
            .iter()
            .copied()
            .find(|&c| self.board.value(c) == 0)
            .or(Some(Cell::new(0, 0)));
    }

    /// Starts a fresh game on `grid` and lets the solver check it.
    /// Starts a new puzzle; Pip welcomes it with its level once rated.
    pub fn new_puzzle(&mut self, grid: Grid, origin: Origin, ctx: &egui::Context) {
        self.start(Board::new(grid), 0.0);
        self.game_path = None;
        self.pip.set_mood(Mood::Thinking);
        self.welcome = Some(origin);
        self.worker.verdicts(
            ctx,
            Purpose::Loaded,
            self.generation,
            self.board.grid(),
            *self.board.givens(),
        );
    }

    /// Runs an edit of the board; a successful change bumps the generation,
    /// clears marks that no longer apply and notices a solved grid.
    fn edit(&mut self, f: impl FnOnce(&mut Board) -> Result<(), crate::grid::EditError>) {
        let snapshot = (self.board.grid(), self.notes_snapshot());
        match f(&mut self.board) {
            Ok(()) => {}
            Err(e) => {
                let text = match e {
                    crate::grid::EditError::Given { cell, .. } => {
                        fill(self.t().status_given, &[&cell])
                    }
                    other => other.to_string(),
                };
                self.set_status(text, true);
                return;
            }
        }
        if snapshot != (self.board.grid(), self.notes_snapshot()) {
            self.changed();
        }
    }

    fn notes_snapshot(&self) -> [Candidates; 81] {
        let mut n = [Candidates::NONE; 81];
        for c in Cell::ALL {
            n[c.index()] = self.board.notes(c);
        }
        n
    }

    /// After any change of the board.
    fn changed(&mut self) {
        self.generation += 1;
        self.marks.wrong.retain(|&c| self.board.value(c) != 0);
        self.dialogue.clear_offers();
        self.pending_step = None;
        if self.board.is_solved() {
            if !self.solved_shown {
                self.solved_shown = true;
                let t = self.t();
                self.pip.set_mood(Mood::Cheering);
                self.dialogue.push(Paragraph::new(
                    Kind::Solved,
                    "Pip",
                    vec![Line::plain(t.pip_solved)],
                ));
            }
        } else {
            self.solved_shown = false;
            if matches!(self.pip.mood(), Mood::Cheering | Mood::Sorry) {
                self.pip.set_mood(Mood::Idle);
            }
        }
    }

    fn set_status(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Writes `digit` into the selected cell, or toggles it as a note
    /// when `note` is set.
    pub fn type_digit(&mut self, digit: u8, note: bool) {
        let Some(cell) = self.selected else { return };
        if self.paused {
            return;
        }
        if note && digit != 0 {
            if self.board.value(cell) != 0 && !self.board.is_given(cell) {
                return;
            }
            self.edit(|b| b.toggle_note(cell, digit));
        } else if digit != 0 && self.board.value(cell) == digit && !self.board.is_given(cell) {
            // typing the same digit again clears it
            self.edit(|b| b.set_entry(cell, 0));
        } else {
            self.edit(|b| b.set_entry(cell, digit));
        }
    }

    /// Erases the selected cell's entry, or its notes when it has none.
    pub fn erase(&mut self) {
        let Some(cell) = self.selected else { return };
        if self.paused {
            return;
        }
        if self.board.value(cell) != 0 {
            self.edit(|b| b.set_entry(cell, 0));
        } else {
            self.edit(|b| b.set_notes(cell, Candidates::NONE));
        }
    }

    fn move_selection(&mut self, drow: i32, dcol: i32) {
        let c = self.selected.unwrap_or(Cell::new(0, 0));
        let row = (c.row() as i32 + drow).rem_euclid(9) as usize;
        let col = (c.col() as i32 + dcol).rem_euclid(9) as usize;
        self.selected = Some(Cell::new(row, col));
    }

    /// Carries out a menu command or shortcut.
    pub fn run_command(&mut self, command: Command, ctx: &egui::Context) {
        let t = self.t();
        match command {
            Command::New(level) => {
                let grid = library::pick(level, library::clock_seed());
                self.file_puzzles.clear();
                self.new_puzzle(grid, Origin::Library, ctx);
            }
            Command::Open => {
                self.path_window = Some(PathWindow {
                    purpose: DialogFor::Open,
                    text: String::new(),
                    focused: false,
                });
                if self.config.native_dialogs {
                    self.native_dialog(DialogFor::Open, ctx);
                }
            }
            Command::Save => match self.game_path.clone() {
                Some(path) => self.save_to(&path),
                None => self.run_command(Command::SaveAs, ctx),
            },
            Command::SaveAs => {
                // The dialog opens in the saves folder: it must exist. If it
                // cannot be made, the path window still lets the player type
                // another place, and saving says why this one failed.
                if let Err(e) = storage::ensure_dir(&storage::saves_dir(&self.config.data_dir)) {
                    self.set_status(fill(t.status_save_failed, &[&e]), true);
                }
                let path = self
                    .game_path
                    .clone()
                    .unwrap_or_else(|| storage::default_save_path(&self.config.data_dir));
                self.path_window = Some(PathWindow {
                    purpose: DialogFor::Save,
                    text: path.display().to_string(),
                    focused: false,
                });
                if self.config.native_dialogs {
                    self.native_dialog(DialogFor::Save, ctx);
                }
            }
            Command::NextFromFile => self.next_from_file(ctx),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Undo => {
                if self.paused {
                    return;
                }
                if self.board.undo().is_some() {
                    self.changed();
                } else {
                    self.set_status(t.status_nothing_to_undo, false);
                }
            }
            Command::Redo => {
                if self.paused {
                    return;
                }
                if self.board.redo().is_some() {
                    self.changed();
                } else {
                    self.set_status(t.status_nothing_to_redo, false);
                }
            }
            Command::Reset => {
                self.edit(|b| {
                    b.reset();
                    Ok(())
                });
                self.marks = Marks::default();
            }
            Command::FillNotes => self.edit(|b| {
                b.fill_notes();
                Ok(())
            }),
            Command::ClearNotes => {
                let edits: Vec<(Cell, CellState)> = Cell::ALL
                    .iter()
                    .filter(|&&c| !self.board.is_given(c) && !self.board.notes(c).is_empty())
                    .map(|&c| {
                        (
                            c,
                            CellState {
                                notes: Candidates::NONE,
                                ..self.board.state(c)
                            },
                        )
                    })
                    .collect();
                self.edit(|b| b.apply(edits));
            }
            Command::ToggleNotes => self.notes_mode = !self.notes_mode,
            Command::Solve | Command::Check => {
                if self.worker.busy() {
                    self.set_status(t.status_busy, false);
                    return;
                }
                let purpose = if command == Command::Solve {
                    Purpose::Solve
                } else {
                    Purpose::Check
                };
                self.pip.set_mood(Mood::Thinking);
                self.worker.verdicts(
                    ctx,
                    purpose,
                    self.generation,
                    self.board.grid(),
                    *self.board.givens(),
                );
            }
            Command::Hint => self.ask_hint(ctx),
            Command::StepByStep => {
                if self.pending_step.is_some() {
                    self.auto_next = true;
                    self.on_offer(Offer::Apply, ctx);
                } else {
                    self.ask_hint(ctx);
                }
            }
            Command::Pause => {
                self.paused = !self.paused;
            }
            Command::Help => self.help_open = !self.help_open,
            Command::Language(lang) => {
                self.config.lang = lang;
                self.config.lang_chosen = true;
            }
        }
    }

    /// Asks the rule engine for the next step. With no notes at all on the
    /// board, Pip first fills them in, as strong players do.
    pub fn ask_hint(&mut self, ctx: &egui::Context) {
        let t = self.t();
        if self.worker.busy() {
            self.set_status(t.status_busy, false);
            return;
        }
        if self.paused {
            return;
        }
        let no_notes = Cell::ALL.iter().all(|&c| self.board.notes(c).is_empty());
        if no_notes && !self.board.grid().is_complete() {
            self.edit(|b| {
                b.fill_notes();
                Ok(())
            });
            let notes = crate::hint::notes(self.config.lang);
            self.dialogue.push(hints::paragraph(notes, "Pip"));
        }
        self.pip.set_mood(Mood::Thinking);
        self.worker.hint(ctx, self.generation, self.board.clone());
    }

    // ----- solver answers -----

    fn on_outcome(&mut self, outcome: Outcome, ctx: &egui::Context) {
        match outcome {
            Outcome::Verdicts {
                purpose,
                generation,
                current,
                givens,
                rating,
            } => {
                if generation != self.generation {
                    if self.pip.mood() == Mood::Thinking {
                        self.pip.set_mood(Mood::Idle);
                    }
                    return;
                }
                self.on_verdicts(purpose, current, givens, rating);
            }
            Outcome::Hint {
                generation,
                outcome,
            } => {
                if generation != self.generation {
                    self.pip.set_mood(Mood::Idle);
                    return;
                }
                let paragraph =
                    hints::paragraph(crate::hint::for_outcome(&outcome, self.config.lang), "Pip");
                self.pip.set_mood(match paragraph.kind {
                    Kind::Solved => Mood::Cheering,
                    Kind::Invalid | Kind::Stuck | Kind::WrongEntries => Mood::Sorry,
                    _ => Mood::Idle,
                });
                self.pending_step = match outcome {
                    crate::logic::Outcome::Step(step) => {
                        if step.technique == crate::logic::Technique::WrongEntries {
                            self.marks.wrong = step.wrong.iter().map(|w| w.cell).collect();
                        }
                        Some(*step)
                    }
                    _ => None,
                };
                self.dialogue.push(paragraph);
            }
            Outcome::Applied {
                generation,
                board,
                step,
            } => {
                if generation != self.generation {
                    return;
                }
                for p in &step.placements {
                    self.revealed[p.cell.index()] = p.digit;
                }
                self.board = *board;
                self.changed();
                if std::mem::take(&mut self.auto_next) && !self.board.is_solved() {
                    self.ask_hint(ctx);
                }
            }
            Outcome::Autosaved { generation, error } => match error {
                None => self.saved_generation = generation,
                Some(e) => {
                    let t = self.t();
                    self.set_status(fill(t.status_autosave_failed, &[&e]), true);
                }
            },
            Outcome::Photo {
                name,
                bytes,
                reread,
                result,
                preview,
            } => self.on_photo(name, bytes, reread, result, preview, ctx),
            Outcome::Dialog { purpose, path } => {
                let Some(path) = path else { return };
                match purpose {
                    DialogFor::Open => {
                        self.path_window = None;
                        self.open_path(&path, ctx);
                    }
                    DialogFor::Save => {
                        self.path_window = None;
                        self.save_to(&path);
                    }
                }
            }
        }
    }

    /// Pip's welcome to a new proper puzzle: where it comes from and its level.
    fn welcome(&mut self, origin: Origin, rating: &crate::logic::Rating) {
        let t = self.t();
        let level = crate::hint::level_name(rating.level, self.config.lang);
        let givens = self.board.givens().filled_count();
        let text = match &origin {
            Origin::Library => fill(t.pip_new_from_library, &[&level]),
            Origin::Pasted => fill(t.pip_new_pasted, &[&givens, &level]),
            Origin::File(name) => fill(t.pip_new_from_file, &[name, &level]),
        };
        self.pip.set_mood(Mood::Idle);
        self.dialogue
            .push(Paragraph::new(Kind::Info, "Pip", vec![Line::plain(text)]));
    }

    fn on_verdicts(
        &mut self,
        purpose: Purpose,
        current: Verdict,
        givens: Option<Verdict>,
        rating: Option<crate::logic::Rating>,
    ) {
        if purpose == Purpose::Import {
            self.finish_import(&current);
            return;
        }
        if purpose == Purpose::Loaded {
            let origin = self.welcome.take();
            if let (Some(origin), Some(rating)) = (origin, &rating) {
                self.welcome(origin, rating);
            } else if self.pip.mood() == Mood::Thinking {
                self.pip.set_mood(Mood::Idle);
            }
        }
        let t = self.t();
        if let Verdict::Unique(solution) = &current {
            match purpose {
                Purpose::Solve => {
                    let edits: Vec<(Cell, CellState)> = Cell::ALL
                        .iter()
                        .filter(|&&c| self.board.value(c) == 0)
                        .map(|&c| {
                            self.revealed[c.index()] = solution.get(c);
                            (
                                c,
                                CellState {
                                    entry: solution.get(c),
                                    notes: Candidates::NONE,
                                },
                            )
                        })
                        .collect();
                    self.marks = Marks::default();
                    self.solved_shown = true;
                    self.edit(|b| b.apply(edits));
                    self.pip.set_mood(Mood::Cheering);
                    self.dialogue.push(Paragraph::new(
                        Kind::Solved,
                        "Pip",
                        vec![Line::plain(t.pip_solved_by_me)],
                    ));
                }
                Purpose::Check => {
                    self.marks.wrong.clear();
                    self.pip.set_mood(Mood::Idle);
                    self.dialogue.push(Paragraph::new(
                        Kind::Info,
                        "Pip",
                        vec![Line::plain(t.pip_check_ok)],
                    ));
                }
                Purpose::Loaded | Purpose::Import => {}
            }
            return;
        }

        // Not a proper puzzle as it stands: explain.
        self.pip.set_mood(Mood::Sorry);
        let mut lines = Vec::new();
        let mut offers = Vec::new();
        let has_entries = self.board.entries().filled_count() > 0;
        match givens {
            Some(Verdict::Unique(solution)) => {
                // The givens are fine: the player's entries are at fault.
                let wrong: Vec<Cell> = Cell::ALL
                    .iter()
                    .copied()
                    .filter(|&c| {
                        !self.board.is_given(c)
                            && self.board.value(c) != 0
                            && self.board.value(c) != solution.get(c)
                    })
                    .collect();
                lines.extend(explain(&current, t));
                let names: Vec<String> = wrong.iter().map(|c| c.to_string()).collect();
                lines.push(Line::marked(
                    fill(t.pip_entries_wrong, &[&names.join(", ")]),
                    Marks {
                        wrong: wrong.clone(),
                        ..Marks::default()
                    },
                ));
                lines.push(Line::marked(
                    t.pip_offer_reset,
                    Marks {
                        wrong: wrong.clone(),
                        ..Marks::default()
                    },
                ));
                if purpose == Purpose::Check && wrong.len() == 1 {
                    let c = wrong[0];
                    lines = vec![Line::marked(
                        fill(t.pip_check_wrong, &[&c, &self.board.value(c)]),
                        Marks {
                            wrong: wrong.clone(),
                            ..Marks::default()
                        },
                    )];
                }
                self.marks.wrong = wrong;
                offers = vec![Offer::RemoveWrong, Offer::Reset];
            }
            other => {
                let verdict = other.as_ref().unwrap_or(&current);
                lines.extend(explain(verdict, t));
                if other.is_some() || !has_entries {
                    lines.push(Line::plain(t.pip_givens_broken));
                }
                if has_entries {
                    offers.push(Offer::Reset);
                }
            }
        }
        self.dialogue
            .push(Paragraph::new(Kind::Invalid, t.pip_invalid_title, lines).with_offers(offers));
    }

    fn on_offer(&mut self, offer: Offer, ctx: &egui::Context) {
        match offer {
            Offer::Apply => {
                if let Some(step) = self.pending_step.take() {
                    if step.technique == crate::logic::Technique::WrongEntries {
                        self.marks.wrong.clear();
                    }
                    self.worker
                        .apply(ctx, self.generation, self.board.clone(), step);
                }
            }
            Offer::RemoveWrong => {
                let edits: Vec<(Cell, CellState)> = self
                    .marks
                    .wrong
                    .iter()
                    .map(|&c| (c, CellState::default()))
                    .collect();
                self.marks.wrong.clear();
                self.edit(|b| b.apply(edits));
            }
            Offer::Reset => {
                self.edit(|b| {
                    b.reset();
                    Ok(())
                });
                self.marks = Marks::default();
            }
        }
        self.dialogue.clear_offers();
        self.pip.set_mood(Mood::Idle);
    }

    // ----- files -----

    /// Sends a photo to the importer; the correction screen opens when it
    /// has been read.
    fn read_photo(&mut self, name: String, bytes: Vec<u8>, ctx: &egui::Context) {
        let t = self.t();
        if self.worker.busy() {
            self.set_status(t.status_busy, false);
            return;
        }
        self.set_status(fill(t.status_photo_reading, &[&name]), false);
        self.pip.set_mood(Mood::Thinking);
        self.worker
            .read_photo(ctx, name, std::sync::Arc::new(bytes), None);
    }

    /// A photo was read: open the correction screen, or update it after the
    /// corners moved.
    fn on_photo(
        &mut self,
        name: String,
        bytes: std::sync::Arc<Vec<u8>>,
        reread: bool,
        result: Result<crate::vision::ImportResult, String>,
        preview: Option<(egui::ColorImage, image::metadata::Orientation)>,
        ctx: &egui::Context,
    ) {
        if self.pip.mood() == Mood::Thinking {
            self.pip.set_mood(Mood::Idle);
        }
        let t = self.t();
        let read = match result {
            Ok(r) => r,
            Err(e) => {
                if let Some(state) = &mut self.import {
                    state.busy = false;
                }
                self.pip.set_mood(Mood::Sorry);
                self.set_status(fill(t.status_photo_failed, &[&name, &e]), true);
                return;
            }
        };
        let readings: [import_view::Reading; 81] = std::array::from_fn(|i| {
            let c = &read.cells[i];
            import_view::Reading {
                digit: c.digit,
                entry: c.kind == crate::vision::CellKind::Handwritten,
                uncertain: c.uncertain,
            }
        });
        let stored = egui::vec2(read.width as f32, read.height as f32);
        if let Some((_, orientation)) = &preview {
            self.import_turn = photo_turn::PhotoTurn::new(*orientation, stored);
        }
        let turn = self.import_turn;
        let corners = read
            .corners
            .map(|[x, y]| turn.to_shown(egui::Pos2::new(x as f32, y as f32)));
        if reread {
            // Corners moved: keep the screen, show what the new outline reads.
            if let Some(state) = &mut self.import {
                state.readings = readings;
                state.corners = corners;
                state.busy = false;
            }
        } else {
            let Some((preview, _)) = preview else {
                self.set_status(
                    fill(t.status_photo_failed, &[&name, &"unreadable image"]),
                    true,
                );
                return;
            };
            let photo = ctx.load_texture("import-photo", preview, egui::TextureOptions::LINEAR);
            self.import_photo = Some(bytes);
            self.open_import(import_view::ImportState {
                photo,
                size: turn.shown_size(),
                corners,
                readings,
                selected: None,
                busy: false,
                name: name.clone(),
            });
        }
        let n = self.import.as_ref().map_or(0, |s| s.uncertain_count());
        let text = count_text(
            n,
            t.status_photo_read_sure,
            t.status_photo_read_one,
            t.status_photo_read,
        );
        self.set_status(fill(text, &[&name, &n]), false);
    }

    /// Opens a puzzle file, a saved game, or a photo.
    pub fn open_path(&mut self, path: &Path, ctx: &egui::Context) {
        let t = self.t();
        let shown = path.display().to_string();
        let bytes = match read_capped(path) {
            Ok(b) => b,
            Err(e) => {
                self.set_status(fill(t.status_open_failed, &[&shown, &e]), true);
                return;
            }
        };
        if is_image(&bytes) {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or(shown);
            self.read_photo(name, bytes, ctx);
            return;
        }
        let looks_like_save = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
        if looks_like_save {
            match SavedGame::read(path) {
                Ok(game) => {
                    self.start(game.board, game.elapsed_seconds as f64);
                    self.game_path = Some(path.to_path_buf());
                    self.file_puzzles.clear();
                    self.set_status(fill(t.status_loaded, &[&shown]), false);
                }
                Err(e) => self.set_status(e.to_string(), true),
            }
            return;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or(shown.clone());
        match crate::grid::read_puzzles(&bytes) {
            Err(e) => self.set_status(fill(t.status_open_failed, &[&shown, &e]), true),
            Ok(puzzles) => self.load_puzzles(puzzles, &name, Origin::File(name.clone()), ctx),
        }
    }

    /// Plays the first of `puzzles`, read from the file `name` or pasted.
    fn load_puzzles(&mut self, puzzles: Puzzles, name: &str, origin: Origin, ctx: &egui::Context) {
        let t = self.t();
        match puzzles {
            Puzzles::Single(grid) => {
                self.file_puzzles.clear();
                self.new_puzzle(grid, origin, ctx);
                self.set_status(fill(t.status_loaded, &[&name]), false);
            }
            Puzzles::Many(lines) => {
                let bad: Vec<_> = lines.iter().filter(|l| l.grid.is_err()).collect();
                let good: Vec<Grid> = lines.iter().filter_map(|l| l.grid.clone().ok()).collect();
                if good.is_empty() {
                    self.set_status(
                        fill(t.status_open_failed, &[&name, &t.status_no_puzzle_in_file]),
                        true,
                    );
                    return;
                }
                let mut text = fill(t.status_file_puzzles, &[&name, &1, &good.len()]);
                if let Some(first) = bad.first() {
                    let err = first.grid.clone().unwrap_err();
                    text.push_str(". ");
                    let template = count_text(bad.len(), "", t.status_bad_line, t.status_bad_lines);
                    text.push_str(&fill(template, &[&bad.len(), &first.line, &err]));
                }
                self.file_puzzles = good;
                self.file_index = 0;
                self.file_name = name.to_string();
                let first = self.file_puzzles[0];
                self.new_puzzle(first, origin, ctx);
                self.set_status(text, !bad.is_empty());
            }
        }
    }

    fn next_from_file(&mut self, ctx: &egui::Context) {
        if self.file_puzzles.is_empty() {
            return;
        }
        self.file_index = (self.file_index + 1) % self.file_puzzles.len();
        let grid = self.file_puzzles[self.file_index];
        let name = self.file_name.clone();
        let (puzzles, index) = (self.file_puzzles.len(), self.file_index);
        self.new_puzzle(grid, Origin::File(name.clone()), ctx);
        let t = self.t();
        self.set_status(
            fill(t.status_file_puzzles, &[&name, &(index + 1), &puzzles]),
            false,
        );
    }

    /// Pasted text: a puzzle in any of the text formats.
    pub fn paste_text(&mut self, text: &str, ctx: &egui::Context) {
        let t = self.t();
        match crate::grid::read_puzzles(text.as_bytes()) {
            Ok(p) => {
                self.load_puzzles(p, t.status_pasted, Origin::Pasted, ctx);
            }
            Err(e) => self.set_status(fill(t.status_paste_failed, &[&e]), true),
        }
    }

    /// Saves the game to `path` (atomic write) and remembers the path.
    pub fn save_to(&mut self, path: &Path) {
        let t = self.t();
        let (game, _) = self.snapshot();
        match game.write(path) {
            Ok(()) => {
                self.game_path = Some(path.to_path_buf());
                self.set_status(fill(t.status_saved, &[&path.display()]), false);
                if std::mem::take(&mut self.exit.close_after_save) {
                    self.exit.allowed = true;
                    self.exit.close_now = true;
                }
            }
            Err(e) => self.set_status(fill(t.status_save_failed, &[&e]), true),
        }
    }

    /// The game as it stands, numbered as the newest snapshot.
    fn snapshot(&mut self) -> (SavedGame, u64) {
        self.snapshot_version += 1;
        let game = SavedGame::new(self.board.clone(), self.elapsed as u64);
        (game, self.snapshot_version)
    }

    /// Writes the autosave now (on close), creating the data folder if
    /// needed. Returns the error message for the player, if any.
    pub fn autosave(&mut self) -> Option<String> {
        let (game, version) = self.snapshot();
        match storage::write_autosave(&self.config.data_dir, &game, version) {
            Ok(()) => {
                self.saved_generation = self.generation;
                None
            }
            Err(e) => {
                let text = fill(self.t().status_autosave_failed, &[&e]);
                self.set_status(text.clone(), true);
                Some(text)
            }
        }
    }

    /// Whether the game on screen is safe on disk (or knowingly dropped),
    /// so that the window may close without saving again.
    pub fn safe_to_close(&self) -> bool {
        self.exit.allowed
    }

    /// A close of the window was requested (close button, Quit, Alt+F4):
    /// save first, and when that fails keep the window open and ask.
    fn on_close_request(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.exit.allowed {
            return;
        }
        match self.autosave() {
            None => self.exit.allowed = true,
            Some(failure) => {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.exit.failure = Some(failure);
            }
        }
    }

    /// The player answered the question about a failed save on close.
    fn on_exit_choice(&mut self, choice: exit_guard::ExitChoice, ctx: &egui::Context) {
        use exit_guard::ExitChoice;
        let failure = self.exit.failure.take();
        match choice {
            ExitChoice::SaveAs => {
                self.exit.close_after_save = true;
                self.run_command(Command::SaveAs, ctx);
            }
            ExitChoice::CloseWithoutSaving => {
                self.exit.allowed = true;
                self.exit.discarded = failure;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            ExitChoice::KeepPlaying => {}
        }
    }

    /// What the next session remembers of this one.
    pub fn settings(&self) -> settings::Settings {
        settings::Settings {
            lang: self.config.lang_chosen.then_some(self.config.lang),
            notes_mode: self.notes_mode,
        }
    }

    /// Why the game is not saved when the player chose to close without
    /// saving it; `None` when it is saved.
    pub fn exit_unsaved_reason(&self) -> Option<String> {
        self.exit.discarded.clone()
    }

    /// The question about a failed save on close, while it is open.
    pub fn exit_question(&self) -> Option<&str> {
        self.exit.failure.as_deref()
    }

    /// Restores the autosave, if there is one. A damaged one is moved aside
    /// and reported, never read again and never lost.
    fn restore_autosave(&mut self) -> bool {
        let path = storage::autosave_path(&self.config.data_dir);
        if !path.exists() {
            return false;
        }
        let t = self.t();
        match SavedGame::read(&path) {
            Ok(game) => {
                self.start(game.board, game.elapsed_seconds as f64);
                self.dialogue.push(Paragraph::new(
                    Kind::Info,
                    "Pip",
                    vec![Line::plain(t.pip_restored)],
                ));
                true
            }
            Err(e) => {
                match storage::set_aside_damaged(&self.config.data_dir) {
                    Ok(aside) => self
                        .set_status(fill(t.status_restore_failed, &[&e, &aside.display()]), true),
                    // Left in place, it is still not lost; the next save replaces it.
                    Err(io) => self.set_status(
                        fill(t.status_restore_failed_kept, &[&e, &path.display(), &io]),
                        true,
                    ),
                }
                false
            }
        }
    }

    // ----- frame -----

    /// Draws one frame and handles its input.
    pub fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        for outcome in self.worker.poll() {
            self.on_outcome(outcome, &ctx);
        }
        self.handle_input(&ctx);
        self.tick(&ctx);
        self.on_close_request(&ctx);
        if std::mem::take(&mut self.exit.close_now) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }

        let t = self.t();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::right("pip")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| {
                ui.add_space(8.0);
                ui.vertical_centered(|ui| {
                    ui.add(PipView::new(&mut self.pip, 190.0));
                });
                ui.add_space(14.0);
                let event = DialogueView::new(&mut self.dialogue, t)
                    .more_available(!self.worker.busy())
                    .show(ui);
                match event {
                    Some(dialogue::Event::Offer(o)) => self.on_offer(o, &ctx),
                    Some(dialogue::Event::WantsMore) => self.ask_hint(&ctx),
                    None => {}
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(state) = &mut self.import {
                let event = import_view::ImportView::new(state, t).show(ui);
                if let Some(e) = event {
                    self.on_import_event(e, &ctx);
                }
            } else {
                self.board_area(ui);
            }
        });

        self.windows(&ctx);
    }

    fn tick(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let running = !self.paused && !self.board.is_solved();
        if let Some(last) = self.last_tick {
            if running {
                self.elapsed += (now - last).clamp(0.0, 1.0);
            }
        }
        self.last_tick = Some(now);
        // A background autosave now and then, so a crash loses little.
        if self.generation != self.saved_generation && now - self.last_save >= AUTOSAVE_SECONDS {
            self.last_save = now;
            let (game, version) = self.snapshot();
            let dir = self.config.data_dir.clone();
            self.worker
                .autosave(ctx, self.generation, version, game, dir);
        }
        if running {
            // wake up when the shown second changes
            let to_next = 1.0 - self.elapsed.fract();
            ctx.request_repaint_after_secs(to_next as f32 + 0.01);
        }
    }

    fn handle_input(&mut self, ctx: &egui::Context) {
        // Files dropped on the window.
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.first() {
            self.open_path(path, ctx);
        }
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        // Shortcuts.
        let mut commands = Vec::new();
        ctx.input_mut(|i| {
            for (command, shortcut) in SHORTCUTS {
                if i.consume_shortcut(shortcut) {
                    commands.push(*command);
                }
            }
        });
        for c in commands {
            // the board is hidden behind the import screen: leave it alone
            let board_command = !matches!(
                c,
                Command::Help | Command::Quit | Command::Language(_) | Command::Open
            );
            if self.import.is_some() && board_command {
                continue;
            }
            self.run_command(c, ctx);
        }
        // Digits, arrows, erase, paste.
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => {
                    if modifiers.command {
                        continue;
                    }
                    if let Some(state) = &mut self.import {
                        if let Some(d) = digit_of(key) {
                            state.type_digit(d);
                        } else if matches!(key, Key::Delete | Key::Backspace | Key::Num0) {
                            state.type_digit(0);
                        }
                        continue;
                    }
                    if let Some(d) = digit_of(key) {
                        let note = self.notes_mode != (modifiers.shift || modifiers.alt);
                        self.type_digit(d, note);
                        continue;
                    }
                    match key {
                        Key::ArrowUp => self.move_selection(-1, 0),
                        Key::ArrowDown => self.move_selection(1, 0),
                        Key::ArrowLeft => self.move_selection(0, -1),
                        Key::ArrowRight => self.move_selection(0, 1),
                        Key::Delete | Key::Backspace | Key::Num0 => self.erase(),
                        // the guard pages on; at the end it asks for the next step
                        Key::PageDown if !self.dialogue.forward() && !self.worker.busy() => {
                            self.ask_hint(ctx);
                        }
                        Key::PageUp => {
                            self.dialogue.back();
                        }
                        _ => {}
                    }
                }
                Event::Paste(text) => self.paste_text(&text, ctx),
                Event::PasteImage(image) => {
                    let name = self.t().pasted_photo.to_string();
                    match encode_png(&image) {
                        Ok(bytes) => self.read_photo(name, bytes, ctx),
                        Err(e) => {
                            let t = self.t();
                            self.set_status(fill(t.status_photo_failed, &[&name, &e]), true);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        let t = self.t();
        let ctx = ui.ctx().clone();
        let mut chosen = None;
        let mut item = |ui: &mut Ui, command: Command, enabled: bool| {
            let mut button = egui::Button::new(command.label(t));
            if let Some(s) = commands::shortcut(command) {
                button = button.shortcut_text(ctx.format_shortcut(&s));
            }
            if ui.add_enabled(enabled, button).clicked() {
                chosen = Some(command);
            }
        };
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(t.menu_game, |ui| {
                ui.menu_button(t.new_game, |ui| {
                    for level in Level::ALL {
                        item(ui, Command::New(level), true);
                    }
                });
                item(ui, Command::Open, true);
                item(ui, Command::NextFromFile, !self.file_puzzles.is_empty());
                ui.separator();
                item(ui, Command::Save, true);
                item(ui, Command::SaveAs, true);
                ui.separator();
                item(ui, Command::Quit, true);
            });
            ui.menu_button(t.menu_edit, |ui| {
                item(ui, Command::Undo, self.board.can_undo());
                item(ui, Command::Redo, self.board.can_redo());
                ui.separator();
                item(ui, Command::ToggleNotes, true);
                item(ui, Command::FillNotes, true);
                item(ui, Command::ClearNotes, true);
                ui.separator();
                item(ui, Command::Reset, true);
            });
            ui.menu_button(t.menu_solve, |ui| {
                item(ui, Command::Hint, !self.worker.busy());
                item(ui, Command::StepByStep, !self.worker.busy());
                item(ui, Command::Check, !self.worker.busy());
                item(ui, Command::Solve, !self.worker.busy());
            });
            ui.menu_button(t.menu_view, |ui| {
                item(ui, Command::Pause, true);
                ui.menu_button(t.language, |ui| {
                    item(ui, Command::Language(Lang::En), true);
                    item(ui, Command::Language(Lang::Fr), true);
                });
            });
            ui.menu_button(t.menu_help, |ui| {
                item(ui, Command::Help, true);
            });
        });
        if let Some(c) = chosen {
            self.run_command(c, &ctx);
        }
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        let t = self.t();
        ui.horizontal(|ui| {
            let secs = self.elapsed as u64;
            ui.label(RichText::new(format!("{}:{:02}", secs / 60, secs % 60)).monospace())
                .on_hover_text(t.timer_label);
            let pause_label = if self.paused { t.resume } else { t.pause };
            if ui.button(pause_label).clicked() {
                self.paused = !self.paused;
            }
            ui.separator();
            if self.worker.busy() {
                ui.spinner();
            }
            if let Some(s) = &self.status {
                let text = if s.error {
                    RichText::new(format!("(!) {}", s.text)).color(ui.visuals().error_fg_color)
                } else {
                    RichText::new(&s.text)
                };
                ui.label(text);
            }
        });
    }

    fn board_area(&mut self, ui: &mut Ui) {
        let t = self.t();
        let pad_height = 90.0;
        let side = (ui.available_width())
            .min(ui.available_height() - pad_height)
            .max(180.0);
        let (marks, step_shown) = match self.dialogue.marks() {
            Some(m) if !m.is_empty() => (m, true),
            _ => (self.marks.clone(), false),
        };
        ui.vertical_centered(|ui| {
            let before = self.selected;
            ui.add(
                BoardView::new(&self.board, &mut self.selected, &marks)
                    .revealed(&self.revealed)
                    .quiet_selection(step_shown)
                    .hidden(self.paused.then_some(t.paused_overlay))
                    .size(side),
            );
            if self.selected != before {
                self.status = None;
            }
            ui.add_space(8.0);
            self.number_pad(ui, side);
        });
    }

    fn number_pad(&mut self, ui: &mut Ui, width: f32) {
        let t = self.t();
        let ctx = ui.ctx().clone();
        let grid = self.board.grid();
        ui.allocate_ui(egui::Vec2::new(width, 80.0), |ui| {
            ui.horizontal_wrapped(|ui| {
                let bw = (width / 9.0 - ui.spacing().item_spacing.x).max(24.0);
                for d in 1..=9u8 {
                    let used = Cell::ALL.iter().filter(|&&c| grid.get(c) == d).count();
                    let label = RichText::new(d.to_string()).size(22.0);
                    let button = egui::Button::new(label).min_size(egui::Vec2::new(bw, 36.0));
                    let response = ui
                        .add_enabled(used < 9 || self.notes_mode, button)
                        .on_hover_text(format!("{} / 9", used));
                    if response.clicked() {
                        self.type_digit(d, self.notes_mode);
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button(t.erase).clicked() {
                    self.erase();
                }
                let notes = if self.notes_mode {
                    t.notes_on
                } else {
                    t.notes_off
                };
                if ui.selectable_label(self.notes_mode, notes).clicked() {
                    self.notes_mode = !self.notes_mode;
                }
                if ui.button(t.fill_notes).clicked() {
                    self.run_command(Command::FillNotes, &ctx);
                }
                if ui
                    .add_enabled(self.board.can_undo(), egui::Button::new(t.undo))
                    .clicked()
                {
                    self.run_command(Command::Undo, &ctx);
                }
                if ui
                    .add_enabled(self.board.can_redo(), egui::Button::new(t.redo))
                    .clicked()
                {
                    self.run_command(Command::Redo, &ctx);
                }
                if ui
                    .add_enabled(!self.worker.busy(), egui::Button::new(t.hint))
                    .clicked()
                {
                    self.run_command(Command::Hint, &ctx);
                }
                if ui
                    .add_enabled(!self.worker.busy(), egui::Button::new(t.solve_all))
                    .clicked()
                {
                    self.run_command(Command::Solve, &ctx);
                }
            });
        });
    }

    fn windows(&mut self, ctx: &egui::Context) {
        let t = self.t();
        if let Some(failure) = &self.exit.failure {
            if let Some(choice) = exit_guard::ExitQuestion::new(failure, t).show(ctx) {
                self.on_exit_choice(choice, ctx);
            }
        }
        if self.help_open {
            let mut open = true;
            egui::Window::new(t.menu_help)
                .open(&mut open)
                .default_width(480.0)
                .show(ctx, |ui| help::show(ui, t));
            self.help_open = open;
        }
        let Some(mut w) = self.path_window.take() else {
            return;
        };
        let title = match w.purpose {
            DialogFor::Open => t.path_open_title,
            DialogFor::Save => t.path_save_title,
        };
        let mut keep = true;
        let mut go = false;
        let mut browse = false;
        egui::Window::new(title)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(t.path_label);
                    let edit = ui.add(egui::TextEdit::singleline(&mut w.text).desired_width(300.0));
                    if !w.focused {
                        edit.request_focus();
                        w.focused = true;
                    }
                    if edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                        go = true;
                    }
                    if ui.button(t.browse).clicked() {
                        browse = true;
                    }
                });
                ui.label(RichText::new(t.path_hint).weak());
                ui.horizontal(|ui| {
                    if ui.button(t.ok).clicked() {
                        go = true;
                    }
                    if ui.button(t.cancel).clicked() {
                        keep = false;
                    }
                });
            });
        if browse {
            self.native_dialog(w.purpose, ctx);
        }
        if go && !w.text.trim().is_empty() {
            let path = PathBuf::from(w.text.trim());
            match w.purpose {
                DialogFor::Open => self.open_path(&path, ctx),
                DialogFor::Save => self.save_to(&path),
            }
            let failed = self.status.as_ref().is_some_and(|s| s.error);
            if failed {
                self.path_window = Some(w);
            }
            return;
        }
        if keep {
            self.path_window = Some(w);
        }
    }

    /// The system's file dialog (rfd), on a thread of its own; the path
    /// window stays open as the way in when no dialog can be shown.
    fn native_dialog(&mut self, purpose: DialogFor, ctx: &egui::Context) {
        let start_dir = match purpose {
            DialogFor::Save => storage::saves_dir(&self.config.data_dir),
            DialogFor::Open => self.config.data_dir.clone(),
        };
        self.worker.dialog(ctx, move || {
            let dialog = rfd::FileDialog::new().set_directory(&start_dir);
            let path = match purpose {
                DialogFor::Open => dialog
                    .add_filter(
                        "Sudoku",
                        &[
                            "txt", "sdk", "ss", "json", "png", "jpg", "jpeg", "webp", "bmp",
                        ],
                    )
                    .add_filter("*", &["*"])
                    .pick_file(),
                DialogFor::Save => dialog
                    .add_filter("sudolens game", &["json"])
                    .set_file_name("game.json")
                    .save_file(),
            };
            Outcome::Dialog { purpose, path }
        });
    }

    /// Opens the path window pre-filled, as Ctrl+O or Save as do (for tests
    /// and for callers that already know the path).
    pub fn path_window_text(&self) -> Option<&str> {
        self.path_window.as_ref().map(|w| w.text.as_str())
    }
}

fn digit_of(key: Key) -> Option<u8> {
    Some(match key {
        Key::Num1 => 1,
        Key::Num2 => 2,
        Key::Num3 => 3,
        Key::Num4 => 4,
        Key::Num5 => 5,
        Key::Num6 => 6,
        Key::Num7 => 7,
        Key::Num8 => 8,
        Key::Num9 => 9,
        _ => return None,
    })
}

/// A pasted image as PNG bytes, the form the importer reads.
fn encode_png(image: &egui::ColorImage) -> Result<Vec<u8>, String> {
    let [w, h] = image.size;
    let raw: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let rgba = image::RgbaImage::from_raw(w as u32, h as u32, raw)
        .ok_or_else(|| "the pasted image has no pixels".to_string())?;
    let mut out = std::io::Cursor::new(Vec::new());
    rgba.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// Whether a file is a picture, by its content, never its name: a photo
/// named `.txt` is still read as a photo, and a puzzle named `.jpg` as a
/// puzzle. Any picture goes to the importer, which reads JPEG, PNG, WebP and
/// BMP and names the format of any other (GIF, TIFF, HEIC...) in its refusal.
fn is_image(bytes: &[u8]) -> bool {
    // HEIC/AVIF: an ISO media `ftyp` box, which `image` does not know.
    let iso_media = bytes.len() >= 12 && &bytes[4..8] == b"ftyp";
    image::guess_format(bytes).is_ok() || iso_media
}

/// Largest file the window opens: far above any phone photo or puzzle
/// collection, far below what would exhaust memory when read at once.
const MAX_OPEN_BYTES: u64 = 100 * 1024 * 1024;

/// Reads a file the player opened, refusing folders and files too large to
/// be a photo or a puzzle collection before reading them.
fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("it is a folder, not a file".into());
    }
    if meta.len() > MAX_OPEN_BYTES {
        return Err(format!(
            "the file is {} MB, more than the {} MB sudolens opens",
            meta.len() / (1024 * 1024),
            MAX_OPEN_BYTES / (1024 * 1024)
        ));
    }
    if meta.len() == 0 {
        return Err("the file is empty".into());
    }
    std::fs::read(path).map_err(|e| e.to_string())
}

/// A unit named in the interface language.
fn unit_name(unit: Unit, t: &Texts) -> String {
    match unit {
        Unit::Row(i) => fill(t.unit_row, &[&(i + 1)]),
        Unit::Col(i) => fill(t.unit_col, &[&(i + 1)]),
        Unit::Box(i) => fill(t.unit_box, &[&(i + 1)]),
    }
}

/// Pip's plain-words explanation of a grid that is not a proper puzzle,
/// with the cells concerned highlighted.
pub fn explain(verdict: &Verdict, t: &Texts) -> Vec<Line> {
    match verdict {
        Verdict::Unique(_) => Vec::new(),
        Verdict::NoSolution {
            conflicts,
            dead_end,
        } => {
            let mut lines = vec![Line::plain(t.pip_no_solution)];
            if !conflicts.is_empty() {
                for c in conflicts.iter().take(3) {
                    let cells: Vec<String> = c.cells.iter().map(|c| c.to_string()).collect();
                    lines.push(Line::marked(
                        fill(
                            t.pip_conflict,
                            &[&c.digit, &unit_name(c.unit, t), &cells.join(", ")],
                        ),
                        Marks {
                            cells: c.cells.clone(),
                            units: vec![c.unit],
                            ..Marks::default()
                        },
                    ));
                }
            } else {
                lines.push(match dead_end {
                    Some(DeadEnd::NoCandidate(cell)) => Line::marked(
                        fill(t.pip_dead_end_cell, &[cell]),
                        Marks {
                            cells: vec![*cell],
                            ..Marks::default()
                        },
                    ),
                    Some(DeadEnd::NoPlace(unit, digit)) => Line::marked(
                        fill(t.pip_dead_end_unit, &[digit, &unit_name(*unit, t)]),
                        Marks {
                            units: vec![*unit],
                            ..Marks::default()
                        },
                    ),
                    None => Line::plain(t.pip_contradiction),
                });
            }
            lines
        }
        Verdict::Multiple(sols) => {
            let [a, b] = &**sols;
            let differ: Vec<Cell> = verdict.differing_cells().into_iter().take(4).collect();
            let words: Vec<String> = differ
                .iter()
                .map(|&c| fill(t.pip_can_be, &[&c, &a.get(c), &b.get(c)]))
                .collect();
            vec![Line::marked(
                fill(t.pip_multiple, &[&words.join(", ")]),
                Marks {
                    cells: differ,
                    ..Marks::default()
                },
            )]
        }
    }
}

/// Set to print the CPU time the app spends per frame, every 5 seconds.
pub const FRAME_STATS_ENV: &str = "SUDOLENS_FRAME_STATS";

/// The eframe wrapper: settings, the save on exit, optional frame timing.
struct Native {
    app: App,
    stats: Option<FrameStats>,
    /// Tells [`run`] why the game could not be saved on exit.
    unsaved: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

#[derive(Default)]
struct FrameStats {
    frames: u32,
    total: f64,
    max: f64,
    since: Option<std::time::Instant>,
}

impl eframe::App for Native {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let start = std::time::Instant::now();
        self.app.ui(ui);
        if let Some(s) = &mut self.stats {
            let ms = start.elapsed().as_secs_f64() * 1e3;
            s.frames += 1;
            s.total += ms;
            s.max = s.max.max(ms);
            let since = *s.since.get_or_insert(start);
            if since.elapsed().as_secs_f64() >= 5.0 {
                eprintln!(
                    "frames: {} in 5 s, app CPU time per frame: mean {:.2} ms, max {:.2} ms",
                    s.frames,
                    s.total / s.frames as f64,
                    s.max
                );
                *s = FrameStats::default();
            }
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.app.settings().store(storage);
    }

    /// The last chance to save: a close that did not pass through the
    /// window's close request (the session ending, a signal) saves here.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        let failure = if self.app.safe_to_close() {
            self.app.exit_unsaved_reason()
        } else {
            self.app.autosave()
        };
        if let Some(e) = failure {
            *self.unsaved.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
        }
    }
}

/// How the window's session ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ended {
    /// Why the game could not be saved, if it was not: the process then
    /// says so and exits with a failure code rather than 0.
    pub unsaved: Option<String>,
}

/// Opens the window and runs until it is closed.
pub fn run(config: Config) -> eframe::Result<Ended> {
    let unsaved = std::sync::Arc::new(std::sync::Mutex::new(None));
    let report = unsaved.clone();
    let options = eframe::NativeOptions {
        persistence_path: Some(settings::file(&config.data_dir)),
        viewport: egui::ViewportBuilder::default()
            .with_title("sudolens")
            .with_inner_size([1040.0, 760.0])
            .with_min_inner_size([640.0, 520.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "sudolens",
        options,
        Box::new(move |cc| {
            let mut config = config;
            if let Some(s) = cc.storage.and_then(settings::Settings::load) {
                if let Some(lang) = s.lang {
                    config.lang = lang;
                    config.lang_chosen = true;
                }
                config.notes_mode = s.notes_mode;
            }
            Ok(Box::new(Native {
                app: App::new(config),
                stats: std::env::var_os(FRAME_STATS_ENV).map(|_| FrameStats::default()),
                unsaved: report,
            }))
        }),
    )?;
    let unsaved = unsaved.lock().unwrap_or_else(|e| e.into_inner()).take();
    Ok(Ended { unsaved })
}
