//! What the player asks for, from menus, shortcuts, the number pad, the
//! clipboard and dropped files, carried out on the game and the window.

use super::commands::Command;
use super::dialogue;
use super::dialogue::{AtEnd, Offer};
use super::guide_window::GuideWindow;
use super::i18n::fill;
use super::input::InputAction;
use super::new_game::NewPuzzle;
use super::pip::Mood;
use super::worker::{DialogFor, Purpose};
use super::{storage, App};
use crate::logic::Technique;

use super::dialogue::Remark;

impl App {
    /// Carries out a menu command or shortcut.
    pub fn run_command(&mut self, command: Command, ctx: &egui::Context) {
        if self.duel_command(command) {
            return;
        }
        let t = self.t();
        match command {
            Command::Duel => self.open_duel_setup(),
            Command::New(level) => self.new_game(NewPuzzle::Level(level), ctx),
            Command::Daily => self.new_game(NewPuzzle::Daily, ctx),
            Command::NewShape(shape) => self.new_games.shape = shape,
            Command::Statistics => self.toggle_statistics(),
            Command::Continue => self.toggle_continue(),
            Command::Open => self.open_path_window(DialogFor::Open, String::new(), ctx),
            Command::Photo => {
                self.remark_waiting(Remark::ChoosePhoto);
                self.open_path_window(DialogFor::Open, String::new(), ctx);
            }
            Command::UsePhone => self.open_phone_panel(ctx),
            Command::Save => match self.session.game_path.clone() {
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
                let path = self.session.game_path.clone();
                let path =
                    path.unwrap_or_else(|| storage::default_save_path(&self.config.data_dir));
                self.open_path_window(DialogFor::Save, path.display().to_string(), ctx);
            }
            Command::NextFromFile => self.next_from_file(ctx),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Undo => match self.session.undo() {
                Some(edit) => self.after_edit(edit),
                None => self.set_status(t.status_nothing_to_undo, false),
            },
            Command::Redo => match self.session.redo() {
                Some(edit) => self.after_edit(edit),
                None => self.set_status(t.status_nothing_to_redo, false),
            },
            Command::Reset => {
                let edit = self.session.reset();
                self.after_edit(edit);
            }
            Command::FillNotes => {
                self.fill_notes();
            }
            Command::ClearNotes => {
                let edit = self.session.clear_notes();
                self.after_edit(edit);
            }
            Command::ToggleNotes => self.session.notes_mode = !self.session.notes_mode,
            Command::Solve | Command::Check if !self.session.board.is_9x9() => {
                self.check_or_solve_sized(command == Command::Solve);
            }
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
                self.tutor.pip.set_mood(Mood::Thinking);
                let board = &self.session.board;
                let (grid, givens) = (board.grid(), *board.givens());
                let (generation, shape) = (self.session.generation, board.shape().clone());
                self.worker
                    .verdicts(ctx, purpose, generation, shape, (grid, givens));
            }
            Command::Hint => self.ask_hint(ctx),
            Command::StepByStep => {
                if self.tutor.has_step() {
                    self.tutor.go_on_after_step();
                    self.on_offer(dialogue::Offer::Apply, ctx);
                } else {
                    self.ask_hint(ctx);
                }
            }
            Command::Pause => self.session.paused = !self.session.paused,
            Command::Help => self.chrome.help_open = !self.chrome.help_open,
            Command::Techniques => match self.chrome.guide {
                Some(_) => self.chrome.guide = None,
                None => self.open_guide(None),
            },
            Command::Language(lang) => {
                self.config.lang = lang;
                self.config.lang_chosen = true;
                self.reword();
            }
            Command::Notation(notation) => {
                self.config.notation = notation;
                self.reword();
            }
            Command::HintBudget => self.config.hint_budget = !self.config.hint_budget,
        }
    }

    /// Pip says the steps of the dialogue again in the language and
    /// notation just chosen.
    fn reword(&mut self) {
        self.tutor.reword(self.wording());
    }

    /// Fills the notes without erasing the player's own (Edit > Fill
    /// notes, or yes to Pip's question); Pip says which crossed-out
    /// candidates it put back, if any. Returns whether it said so.
    pub(super) fn fill_notes(&mut self) -> bool {
        let (edit, restored) = self.session.fill_notes();
        self.after_edit(edit);
        if restored.is_empty() {
            return false;
        }
        self.say(crate::hint::notes_filled(&restored, self.wording()));
        true
    }

    /// Check or Solve on a board off the 9×9 lattice, which the exact
    /// solver answers at once (its puzzles are proper, and small enough):
    /// Check marks the entries that differ from the solution, Solve fills
    /// the rest in.
    fn check_or_solve_sized(&mut self, solve: bool) {
        let Some((solution, wrong)) = self.sized_solution_and_wrong() else {
            return;
        };
        if solve {
            let edit = self.session.reveal_values(&solution);
            self.after_edit(edit);
            self.say(crate::hint::solution_shown(self.config.lang));
            return;
        }
        self.say_sized_wrong(wrong);
    }

    /// The solution of a board off the 9×9 lattice and the entries that
    /// differ from it; `None`, said by Pip, when its givens have none.
    fn sized_solution_and_wrong(&mut self) -> Option<(Vec<u8>, Vec<usize>)> {
        let Some(solution) = self.session.sized_solution() else {
            let shape = self.session.board.shape().clone();
            let w = self.wording();
            self.say(crate::hint::no_solution_on_this_size(&shape, w));
            return None;
        };
        let wrong = self.session.board.wrong_entries_at(&solution);
        Some((solution, wrong))
    }

    /// Pip says how many entries are wrong (marked on the board), or that
    /// all are right.
    fn say_sized_wrong(&mut self, wrong: Vec<usize>) {
        let said = crate::hint::wrong_count_on_this_size(wrong.len(), self.wording());
        let any_wrong = !wrong.is_empty();
        self.session.wrong_spots = wrong;
        if !any_wrong {
            self.say(said);
            return;
        }
        // The wrong entries are no step of the engine: what Pip offers is
        // to remove them (Next at the end too), as it does on a 9×9.
        let remove = Offer::RemoveWrong;
        let p = dialogue::DialogueEntry::new(said, self.config.lang)
            .with_offers(vec![remove])
            .at_end(AtEnd::Take(remove));
        self.tutor.push(p);
    }

    /// Asks the rule engine for the next step. Notes are not filled here:
    /// singles need none, and Pip asks before the first step that does.
    pub fn ask_hint(&mut self, ctx: &egui::Context) {
        let t = self.t();
        if self.worker.busy() {
            self.set_status(t.status_busy, false);
            return;
        }
        if self.session.paused {
            return;
        }
        if !self.session.board.is_9x9() {
            self.ask_sized_hint(ctx);
            return;
        }
        self.tutor.pip.set_mood(Mood::Thinking);
        let board = self.session.board.clone();
        self.worker.hint(ctx, self.session.generation, board);
    }

    /// A hint on a grid of another size than 9×9. Wrong entries come
    /// first, as Check marks them (the exact solver knows the solution of
    /// these small grids at once); then the sized rule engine's next step,
    /// found on the worker.
    fn ask_sized_hint(&mut self, ctx: &egui::Context) {
        let Some((_, wrong)) = self.sized_solution_and_wrong() else {
            return;
        };
        if !wrong.is_empty() {
            self.say_sized_wrong(wrong);
            return;
        }
        self.tutor.pip.set_mood(Mood::Thinking);
        let generation = self.session.generation;
        self.worker.sized_hint(ctx, generation, &self.session.board);
    }

    /// Next (or Page Down): the next line; on the very last one, what the
    /// paragraph leads to. While the hint budget holds a step at its nudge,
    /// Next is the player asking for more help.
    pub(super) fn next_line(&mut self, ctx: &egui::Context) {
        if !self.tutor.page_on() {
            self.next_at_end(ctx);
        }
    }

    /// Next on the last line: play the step just explained and go on to
    /// the next one's nudge, answer yes to Pip's question, or ask for the
    /// next hint.
    pub(super) fn next_at_end(&mut self, ctx: &egui::Context) {
        if self.worker.busy() {
            return;
        }
        match self.tutor.next_at_end() {
            AtEnd::Take(Offer::Apply) => {
                self.tutor.go_on_after_step();
                self.on_offer(Offer::Apply, ctx);
            }
            AtEnd::More => self.ask_hint(ctx),
            AtEnd::Take(offer) => self.on_offer(offer, ctx),
            AtEnd::Wait => {}
        }
    }

    /// Opens the technique guide, at `technique`'s page when given.
    pub(super) fn open_guide(&mut self, technique: Option<Technique>) {
        self.chrome.guide = Some(GuideWindow::new(technique));
    }

    /// "Try one" in the guide: a fresh puzzle whose next step needs
    /// `technique`, found in the background, then played as a new game.
    pub(super) fn try_one(&mut self, technique: Technique, ctx: &egui::Context) {
        if self.worker.busy() {
            self.set_status(self.t().status_busy, false);
            return;
        }
        self.tutor.pip.set_mood(Mood::Thinking);
        self.worker
            .practice(ctx, technique, crate::generate::random_seed());
    }

    /// A symbol's key, read as the board's shape writes its symbols: 1–9
    /// then A–G for 10–16, or 0–F on a hexadecimal 16×16; a key that is
    /// no symbol of the shape does nothing, and 0 erases where it is none.
    fn type_key(&mut self, ch: char, note: bool) {
        let shape = self.session.board.shape();
        match shape.symbols().value_of(ch, shape.side() as u8) {
            Some(0) => self.erase(),
            Some(value) => self.type_digit(value, note),
            None => {}
        }
    }

    /// Acts on the keyboard, the clipboard and dropped files.
    pub(super) fn on_action(&mut self, action: InputAction, ctx: &egui::Context) {
        if let Some(screen) = &mut self.import {
            // The board is hidden behind the import screen: digits fix the
            // selected reading, and only commands about the window work.
            match action {
                InputAction::Digit { digit, .. } => return screen.state.type_digit(digit),
                InputAction::Erase | InputAction::Symbol { ch: '0', .. } => {
                    return screen.state.type_digit(0)
                }
                InputAction::Command(c) => {
                    let for_window = matches!(
                        c,
                        Command::Help
                            | Command::Techniques
                            | Command::Quit
                            | Command::Language(_)
                            | Command::Notation(_)
                            | Command::HintBudget
                            | Command::Open
                            | Command::Photo
                            | Command::UsePhone
                    );
                    if !for_window {
                        return;
                    }
                }
                InputAction::Move { .. }
                | InputAction::Zoom { .. }
                | InputAction::NextLine
                | InputAction::PreviousLine => return,
                _ => {}
            }
        }
        if self.duel_action(&action) {
            return;
        }
        match action {
            InputAction::Command(c) => self.run_command(c, ctx),
            InputAction::Digit { digit, note } => self.type_key(char::from(b'0' + digit), note),
            InputAction::Symbol { ch, note } => self.type_key(ch, note),
            InputAction::Erase => self.erase(),
            InputAction::Move { drow, dcol } => self.session.move_selection(drow, dcol),
            InputAction::Zoom { closer } => {
                let shape = self.session.board.shape().clone();
                if shape.overlap().is_some() {
                    let step = super::plane_camera::ZOOM_STEP;
                    let factor = if closer { step } else { 1.0 / step };
                    // the keys zoom about the selected cell
                    let anchor = self.session.selected_index().map(|i| {
                        let (row, col) = shape.position(i);
                        egui::Pos2::new(col as f32 + 0.5, row as f32 + 0.5)
                    });
                    let plane = shape.plane_size();
                    self.session.camera.zoom_by(factor, anchor, plane);
                }
            }
            // Paging on at the end of a paragraph goes on (see `next_line`).
            InputAction::NextLine => self.next_line(ctx),
            InputAction::PreviousLine => {
                self.tutor.page_back();
            }
            InputAction::Paste(text) => self.paste_text(&text, ctx),
            InputAction::PasteImage(image) => self.paste_image(&image, ctx),
            InputAction::Dropped(path) => self.open_path(&path, ctx),
        }
    }
}
