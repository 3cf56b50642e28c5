//! One frame of the window: the worker's replies and the input first,
//! then the menus, the status bar, Pip's panel, the centre (the import
//! screen, a duel, the welcome or the board) and the windows over it.
//! [`App::ui`] draws into any [`egui::Ui`], which is what `egui_kittest`
//! tests drive.

use egui::Ui;

use super::status_bar::StatusBar;
use super::{import_view, input, menu, App};

impl App {
    /// Draws one frame and handles its input.
    pub fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        for reply in self.worker.poll() {
            self.on_reply(reply, &ctx);
        }
        self.duel_keys(&ctx);
        for action in input::read(&ctx, self.session.notes_mode) {
            self.on_action(action, &ctx);
        }
        self.endless_follow();
        self.take_phone_photo(&ctx);
        self.tick(&ctx);
        self.duel_frame(&ctx);
        self.history_frame(&ctx);
        self.on_close_request(&ctx);

        let t = self.t();
        egui::Panel::top("menu").show(ui, |ui| {
            let board = &self.session.board;
            let menu = menu::MenuBar {
                can_undo: board.can_undo(),
                can_redo: board.can_redo(),
                has_file_puzzles: !self.session.file.puzzles.is_empty(),
                busy: self.worker.busy(),
                notation: self.config.notation,
                hint_budget: self.config.hint_budget,
                new_shape: self.new_games.shape,
                lang: self.config.lang,
                notes_mode: self
                    .duel_screen()
                    .map_or(self.session.notes_mode, |s| s.notes_mode),
                paused: self.session.paused,
            };
            if let Some(command) = menu.show(ui, t) {
                self.run_command(command, &ctx);
            }
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            let bar = StatusBar {
                elapsed_seconds: self.session.elapsed as u64,
                paused: self.session.paused,
                busy: self.worker.busy(),
                status: self.chrome.status.as_ref(),
            };
            if bar.show(ui, t) {
                self.session.paused = !self.session.paused;
            }
        });
        self.pip_side_panel(ui);
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(screen) = &mut self.import {
                let event =
                    import_view::ImportView::new(&mut screen.state, t, self.config.lang).show(ui);
                if let Some(e) = event {
                    self.on_import_event(e, &ctx);
                }
            } else if !self.duel_central(ui) && !self.welcome_central(ui) {
                self.board_area(ui);
            }
        });
        self.windows(&ctx);
        self.focus_ring_frame(&ctx);
        // a click on the board moved the selection: the view follows it
        // at once rather than at the next input
        if self.endless_follow() {
            ctx.request_repaint();
        }
    }

    /// The clock, and a background autosave now and then, so that a crash
    /// loses little.
    fn tick(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        // The game's clock stops while a duel is played over it, and there
        // is none to run before the first game (the welcome).
        if self.duel.screen.is_none() && self.chrome.welcome.is_none() {
            self.session.tick(now);
        }
        let generation = self.session.generation;
        if self.session.autosave_due(now).is_some() {
            if let Some(job) = self.autosave_job() {
                self.worker.autosave(ctx, generation, job);
            }
        }
        if self.session.clock_running() {
            // wake up when the shown second changes
            let to_next = 1.0 - self.session.elapsed.fract();
            ctx.request_repaint_after_secs(to_next as f32 + 0.01);
        }
    }

    /// The windows over the board, each drawn by the file of its piece: the
    /// question on close, the duel's, the phone panel, Statistics, Help, the
    /// technique guide, the path window.
    fn windows(&mut self, ctx: &egui::Context) {
        self.exit_question_window(ctx);
        self.duel_windows(ctx);
        self.phone_window(ctx);
        self.statistics_window(ctx);
        self.help_window(ctx);
        self.technique_guide_window(ctx);
        self.typed_path_window(ctx);
        self.continue_window(ctx);
    }
}
