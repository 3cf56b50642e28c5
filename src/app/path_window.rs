//! The open-or-save-a-path window: a typed path always works, also where no
//! system file dialog can be shown (no desktop portal, no zenity).

use std::path::PathBuf;

use egui::{Key, RichText};

use super::i18n::Texts;
use super::worker::DialogFor;

/// The window's state while it is open.
#[derive(Clone, Debug)]
pub struct PathWindow {
    pub purpose: DialogFor,
    pub text: String,
    /// The text field got the keyboard focus once (typing goes there, not
    /// to the board).
    focused: bool,
}

/// What the player did in the window this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathAction {
    /// OK or Enter on a path.
    Go(PathBuf),
    /// Browse: show the system's file dialog.
    Browse,
    Cancel,
}

impl PathWindow {
    pub fn new(purpose: DialogFor, text: String) -> Self {
        PathWindow {
            purpose,
            text,
            focused: false,
        }
    }

    pub fn show(&mut self, ctx: &egui::Context, t: &Texts) -> Option<PathAction> {
        let title = match self.purpose {
            DialogFor::Open => t.path_open_title,
            DialogFor::Save => t.path_save_title,
        };
        let mut action = None;
        egui::Window::new(title)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(t.path_label);
                    let edit =
                        ui.add(egui::TextEdit::singleline(&mut self.text).desired_width(300.0));
                    if !self.focused {
                        edit.request_focus();
                        self.focused = true;
                    }
                    if edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                        action = Some(PathAction::Go(PathBuf::new()));
                    }
                    if ui.button(t.browse).clicked() {
                        action = Some(PathAction::Browse);
                    }
                });
                ui.label(RichText::new(t.path_hint).weak());
                ui.horizontal(|ui| {
                    if ui.button(t.ok).clicked() {
                        action = Some(PathAction::Go(PathBuf::new()));
                    }
                    if ui.button(t.cancel).clicked() {
                        action = Some(PathAction::Cancel);
                    }
                });
            });
        match action {
            // An empty field goes nowhere.
            Some(PathAction::Go(_)) if self.text.trim().is_empty() => None,
            Some(PathAction::Go(_)) => Some(PathAction::Go(PathBuf::from(self.text.trim()))),
            other => other,
        }
    }
}

impl super::App {
    /// The open-or-save-a-path window, while it is open: Go opens or saves
    /// (a failure keeps the window, to correct the path), Browse asks the
    /// system's file dialog.
    pub(super) fn typed_path_window(&mut self, ctx: &egui::Context) {
        let t = self.t();
        let Some(mut window) = self.chrome.path_window.take() else {
            return;
        };
        match window.show(ctx, t) {
            Some(PathAction::Go(path)) => {
                let purpose = window.purpose;
                match purpose {
                    DialogFor::Open => self.open_path(&path, ctx),
                    DialogFor::Save => self.save_to(&path),
                }
                // A failure keeps the window open, to correct the path.
                if self.chrome.status.as_ref().is_some_and(|s| s.error) {
                    self.chrome.path_window = Some(window);
                }
            }
            Some(PathAction::Cancel) => {}
            Some(PathAction::Browse) => {
                let purpose = window.purpose;
                self.chrome.path_window = Some(window);
                self.native_dialog(purpose, ctx);
            }
            None => self.chrome.path_window = Some(window),
        }
    }
}
