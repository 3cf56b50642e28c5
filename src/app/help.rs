//! The Help window: shortcuts (from the same table the input handling
//! uses), how to play, how to use.

use egui::{RichText, Ui};

use super::commands::{shortcut, Command};
use super::i18n::Texts;
use crate::logic::Level;

pub fn show(ui: &mut Ui, t: &Texts) {
    egui::ScrollArea::vertical()
        .max_height(520.0)
        .show(ui, |ui| {
            ui.heading(t.help_play);
            ui.label(t.how_to_play);
            ui.add_space(8.0);
            ui.heading(t.help_use);
            ui.label(t.how_to_use);
            ui.add_space(8.0);
            ui.heading(t.help_shortcuts);
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                let keys: [(&str, &str); 7] = [
                    ("1 – 9", t.key_digit),
                    ("Shift + 1 – 9", t.key_shift_digit),
                    ("Arrows", t.key_arrows),
                    ("Delete, Backspace, 0", t.key_delete),
                    ("N", t.key_notes),
                    ("P", t.key_pause),
                    ("Page Down / Page Up", t.key_page),
                ];
                for (k, what) in keys {
                    ui.label(RichText::new(k).monospace());
                    ui.label(what);
                    ui.end_row();
                }
                let commands = [
                    Command::Undo,
                    Command::Redo,
                    Command::Reset,
                    Command::FillNotes,
                    Command::Check,
                    Command::Solve,
                    Command::Open,
                    Command::Save,
                    Command::SaveAs,
                    Command::New(Level::Medium),
                    Command::Help,
                    Command::Quit,
                ];
                for c in commands {
                    if let Some(s) = shortcut(c) {
                        ui.label(RichText::new(ui.ctx().format_shortcut(&s)).monospace());
                        ui.label(c.label(t));
                        ui.end_row();
                    }
                }
                ui.label(RichText::new("Ctrl+V").monospace());
                ui.label(t.paste);
                ui.end_row();
            });
            ui.add_space(8.0);
            ui.heading(t.about);
            ui.label(t.about_text);
        });
}

impl super::App {
    /// The Help window, while it is open.
    pub(super) fn help_window(&mut self, ctx: &egui::Context) {
        if self.chrome.help_open {
            let t = self.t();
            let mut open = true;
            egui::Window::new(t.menu_help)
                .open(&mut open)
                .default_width(480.0)
                .show(ctx, |ui| show(ui, t));
            self.chrome.help_open = open;
        }
    }
}
