//! The buttons under the grid: the shape's symbols (1–9, 1–6, 1–16 or
//! 0–F, each greyed once all are placed), erase, the notes switch, and
//! the most used commands.

use egui::{RichText, Ui};

use super::commands::Command;
use super::i18n::Texts;
use crate::grid::Symbols;

/// A press on the pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PadPress {
    Digit(u8),
    Erase,
    ToggleNotes,
    Command(Command),
}

/// The pad as it is drawn this frame.
pub(super) struct NumberPad<'a> {
    /// What the board shows, one value per cell.
    pub values: &'a [u8],
    /// The shape's side (its number of symbols) and how they are written.
    pub side: u8,
    pub symbols: Symbols,
    pub notes_mode: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub busy: bool,
    pub width: f32,
}

/// Buttons in a row of the pad: all of a shape's symbols up to nine, a
/// 12×12's or a 16×16's in rows of six or eight.
fn pad_row(side: u8) -> usize {
    match side {
        0..=9 => usize::from(side.max(1)),
        10..=12 => 6,
        _ => 8,
    }
}

/// The pad's height for a shape of `side`: one row of symbols, or two.
pub(super) fn pad_height(side: u8) -> f32 {
    if usize::from(side) > pad_row(side) {
        130.0
    } else {
        90.0
    }
}

impl NumberPad<'_> {
    pub(super) fn show(self, ui: &mut Ui, t: &Texts) -> Option<PadPress> {
        let mut pressed = None;
        let width = self.width;
        ui.allocate_ui(egui::Vec2::new(width, pad_height(self.side) - 10.0), |ui| {
            ui.horizontal_wrapped(|ui| {
                let per_row = pad_row(self.side);
                let bw = (width / per_row as f32 - ui.spacing().item_spacing.x).max(24.0);
                let side = usize::from(self.side);
                for d in 1..=self.side {
                    let used = self.values.iter().filter(|&&v| v == d).count();
                    let label = RichText::new(self.symbols.name_of(d)).size(22.0);
                    let button = egui::Button::new(label).min_size(egui::Vec2::new(bw, 36.0));
                    let enabled = used < side || self.notes_mode;
                    let response = ui
                        .add_enabled(enabled, button)
                        .on_hover_text(format!("{used} / {side}"));
                    // A screen reader hears a name, not a lone digit: the
                    // digit and how many are placed, as the hover text says.
                    response.widget_info(|| {
                        let name = super::i18n::fill(
                            t.pad_digit,
                            &[&self.symbols.name_of(d), &used, &side],
                        );
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
