//! The open-or-save-a-path window: a typed path ("~" is the home folder),
//! and Browse… for the file picker drawn in the window, which works on
//! every desktop.

use std::path::PathBuf;

use egui::{Key, RichText};

use super::file_picker::{expand_home, home_dir, FilePicker, Picked};
use super::i18n::Texts;
use super::storage;
use super::worker::DialogFor;

/// The window's state while it is open.
pub(super) struct PathWindow {
    pub purpose: DialogFor,
    pub text: String,
    /// The text field got the keyboard focus once (typing goes there, not
    /// to the board).
    focused: bool,
    /// The file picker, over the window while it is open.
    picker: Option<FilePicker>,
}

/// What the player did in the window this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PathAction {
    /// OK or Enter on a path.
    Go(PathBuf),
    /// Browse: show the system's file dialog.
    Browse,
    Cancel,
}

impl PathWindow {
    pub(super) fn new(purpose: DialogFor, text: String) -> Self {
        PathWindow {
            purpose,
            text,
            focused: false,
            picker: None,
        }
    }

    pub(super) fn show(&mut self, ctx: &egui::Context, t: &Texts) -> Option<PathAction> {
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
            Some(PathAction::Go(_)) => Some(PathAction::Go(expand_home(
                self.text.trim(),
                home_dir().as_deref(),
            ))),
            other => other,
        }
    }
}

impl super::App {
    /// Opens the file picker over the path window: in the folder of the
    /// path typed so far when there is one, else where the player's games
    /// are.
    pub(super) fn open_file_picker(&mut self) {
        let data_dir = self.config.data_dir.clone();
        let Some(window) = self.chrome.path_window.as_mut() else {
            return;
        };
        let typed = expand_home(window.text.trim(), home_dir().as_deref());
        let typed_dir = if typed.is_dir() {
            Some(typed.clone())
        } else {
            typed.parent().filter(|d| d.is_dir()).map(PathBuf::from)
        };
        let start = typed_dir
            .filter(|_| !window.text.trim().is_empty())
            .unwrap_or_else(|| match window.purpose {
                DialogFor::Save => storage::saves_dir(&data_dir),
                DialogFor::Open => data_dir,
            });
        let file_name = typed
            .file_name()
            .filter(|_| !typed.is_dir())
            .map_or("game.json".to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        window.picker = Some(FilePicker::new(
            window.purpose,
            &start,
            &file_name,
            self.config.lang,
        ));
    }

    /// The open-or-save-a-path window, while it is open: Go opens or saves
    /// (a failure keeps the window, to correct the path), Browse opens the
    /// file picker, whose choice does the same.
    pub(super) fn typed_path_window(&mut self, ctx: &egui::Context) {
        let t = self.t();
        let Some(mut window) = self.chrome.path_window.take() else {
            return;
        };
        let picked = window.picker.as_mut().and_then(|p| p.show(ctx, t));
        let action = match picked {
            Some(Picked::Path(path)) => {
                window.picker = None;
                window.text = path.display().to_string();
                Some(PathAction::Go(path))
            }
            Some(Picked::Cancelled) => {
                window.picker = None;
                None
            }
            // The picker takes the keys while it is open.
            None if window.picker.is_some() => None,
            None => window.show(ctx, t),
        };
        match action {
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
                self.chrome.path_window = Some(window);
                self.open_file_picker();
            }
            None => self.chrome.path_window = Some(window),
        }
    }
}
