//! Closing the window never loses the game silently: the game is saved
//! before the window may close, and when that fails the window stays open
//! and asks the player what to do (save elsewhere, close anyway, or play on).

use egui::RichText;

use super::i18n::{fill, Texts};

/// Where the close of the window stands.
#[derive(Debug, Default)]
pub struct ExitGuard {
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
pub enum ExitChoice {
    SaveAs,
    CloseWithoutSaving,
    KeepPlaying,
}

/// The question shown when the game could not be saved on close.
pub struct ExitQuestion<'a> {
    failure: &'a str,
    t: &'static Texts,
}

impl<'a> ExitQuestion<'a> {
    pub fn new(failure: &'a str, t: &'static Texts) -> Self {
        ExitQuestion { failure, t }
    }

    /// Draws the question; returns the player's answer, if any this frame.
    pub fn show(self, ctx: &egui::Context) -> Option<ExitChoice> {
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
