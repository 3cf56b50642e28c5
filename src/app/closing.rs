//! Closing the window never loses the game silently: the game is saved
//! before the window may close, and when that fails the window stays open
//! and asks the player what to do (save elsewhere, close anyway, or play on).

use egui::RichText;

use super::i18n::{fill, Texts};

/// Where the close of the window stands.
#[derive(Debug, Default)]
pub(super) struct ExitGuard {
    /// The game is safe (saved, or the player chose to drop it): the next
    /// close request goes through.
    pub allowed: bool,
    /// Why the save on close failed, while the question is on screen.
    pub failure: Option<String>,
    /// The player chose Save as from the question: close once it is saved.
    pub close_after_save: bool,
    /// Ask the window to close at the next frame (the game was just saved).
    pub close_now: bool,
    /// The player closed without saving, after this save failure.
    pub discarded: Option<String>,
}

/// The player's answer to a failed save on close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ExitChoice {
    SaveAs,
    CloseWithoutSaving,
    KeepPlaying,
}

/// The question shown when the game could not be saved on close.
pub(super) struct ExitQuestion<'a> {
    failure: &'a str,
    t: &'static Texts,
}

impl<'a> ExitQuestion<'a> {
    pub(super) fn new(failure: &'a str, t: &'static Texts) -> Self {
        ExitQuestion { failure, t }
    }

    /// Draws the question; returns the player's answer, if any this frame.
    pub(super) fn show(self, ctx: &egui::Context) -> Option<ExitChoice> {
        let t = self.t;
        let mut choice = None;
        egui::Window::new(t.exit_unsaved_title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .default_width(440.0)
            .show(ctx, |ui| {
                ui.label(fill(t.exit_unsaved_body, &[&self.failure]));
                ui.add_space(6.0);
                ui.label(RichText::new(t.exit_unsaved_question).strong());
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    if ui.button(t.save_as).clicked() {
                        choice = Some(ExitChoice::SaveAs);
                    }
                    if ui.button(t.exit_close_anyway).clicked() {
                        choice = Some(ExitChoice::CloseWithoutSaving);
                    }
                    if ui.button(t.exit_keep_playing).clicked() {
                        choice = Some(ExitChoice::KeepPlaying);
                    }
                });
            });
        choice
    }
}

impl ExitGuard {
    /// The game was saved with Save as: when that was the answer to the
    /// question on close, the window may now close.
    pub(super) fn saved_elsewhere(&mut self) {
        if std::mem::take(&mut self.close_after_save) {
            self.allowed = true;
            self.close_now = true;
        }
    }
}

impl super::App {
    /// Whether the game on screen is safe on disk (or knowingly dropped),
    /// so that the window may close without saving again.
    pub fn safe_to_close(&self) -> bool {
        self.exit.allowed
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

    /// The system asked the window to end (SIGTERM, SIGHUP, SIGINT: see
    /// `signals`): save, then close whatever the save gave. The window
    /// cannot stay open to ask; a failed save is said on stderr with exit
    /// code 7, as a close without saving is.
    pub fn close_on_signal(&mut self, ctx: &egui::Context) {
        if !self.exit.allowed {
            self.exit.discarded = self.autosave();
            self.exit.allowed = true;
        }
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// A close of the window was requested (close button, Quit, Alt+F4):
    /// save first, and when that fails keep the window open and ask.
    pub(super) fn on_close_request(&mut self, ctx: &egui::Context) {
        if std::mem::take(&mut self.exit.close_now) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
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

    /// The question on close, while it is open, and the player's answer.
    pub(super) fn exit_question_window(&mut self, ctx: &egui::Context) {
        let Some(failure) = &self.exit.failure else {
            return;
        };
        let Some(choice) = ExitQuestion::new(failure, self.t()).show(ctx) else {
            return;
        };
        let failure = self.exit.failure.take();
        match choice {
            ExitChoice::SaveAs => {
                self.exit.close_after_save = true;
                self.run_command(super::commands::Command::SaveAs, ctx);
            }
            ExitChoice::CloseWithoutSaving => {
                self.exit.allowed = true;
                self.exit.discarded = failure;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            ExitChoice::KeepPlaying => {}
        }
    }
}
