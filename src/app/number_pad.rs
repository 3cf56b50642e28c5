//! The buttons under the grid: digits (each greyed once all nine are
//! placed), erase, the notes switch, and the most used commands.

use egui::{RichText, Ui};

use super::commands::Command;
use super::i18n::Texts;
use crate::grid::{Cell, Grid};

/// A press on the pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadPress {
    Digit(u8),
    Erase,
    ToggleNotes,
    Command(Command),
}

/// The pad as it is drawn this frame.
pub struct NumberPad<'a> {
    pub grid: &'a Grid,
    pub notes_mode: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub busy: bool,
    pub width: f32,
}

impl NumberPad<'_> {
    pub fn show(self, ui: &mut Ui, t: &Texts) -> Option<PadPress> {
        let mut pressed = None;
        let width = self.width;
        ui.allocate_ui(egui::Vec2::new(width, 80.0), |ui| {
            ui.horizontal_wrapped(|ui| {
                let bw = (width / 9.0 - ui.spacing().item_spacing.x).max(24.0);
                for d in 1..=9u8 {
                    let used = Cell::ALL.iter().filter(|&&c| self.grid.get(c) == d).count();
                    let label = RichText::new(d.to_string()).size(22.0);
                    let button = egui::Button::new(label).min_size(egui::Vec2::new(bw, 36.0));
                    let enabled = used < 9 || self.notes_mode;
                    let response = ui
                        .add_enabled(enabled, button)
                        .on_hover_text(format!("{used} / 9"));
                    // A screen reader hears a name, not a lone digit: the
                    // digit and how many are placed, as the hover text says.
                    response.widget_info(|| {
                        let name = super::i18n::fill(t.pad_digit, &[&d, &used]);
                        egui::WidgetInfo::labeled(egui::Role::Button, enabled, name)
                    });
                    if response.clicked() {
                        pressed = Some(PadPress::Digit(d));
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button(t.erase).clicked() {
                    pressed = Some(PadPress::Erase);
                }
                let notes = if self.notes_mode {
                    t.notes_on
                } else {
                    t.notes_off
                };
                if ui.selectable_label(self.notes_mode, notes).clicked() {
                    pressed = Some(PadPress::ToggleNotes);
                }
                let mut command = |ui: &mut Ui, label: &str, enabled: bool, c: Command| {
                    if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                        pressed = Some(PadPress::Command(c));
                    }
                };
                command(ui, t.fill_notes, true, Command::FillNotes);
                command(ui, t.undo, self.can_undo, Command::Undo);
                command(ui, t.redo, self.can_redo, Command::Redo);
                command(ui, t.hint, !self.busy, Command::Hint);
                command(ui, t.solve_all, !self.busy, Command::Solve);
            });
        });
        pressed
    }
}
