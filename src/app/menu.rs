//! The menu bar: draws itself from what is possible now and returns the
//! command the player picked, if any; the app carries it out.

use egui::Ui;

use super::commands::{self, Command};
use super::i18n::{Lang, Texts};
use crate::hint::Notation;
use crate::logic::Level;

/// What the menus may offer this frame.
pub struct MenuBar {
    pub can_undo: bool,
    pub can_redo: bool,
    /// A many-puzzle file is open: "Next puzzle from the file".
    pub has_file_puzzles: bool,
    /// The solver is at work: hint, check and solve wait.
    pub busy: bool,
    /// How Pip names cells now.
    pub notation: Notation,
    /// Hints stop at the nudge.
    pub hint_budget: bool,
    /// The shape Game > New makes.
    pub new_shape: super::new_game::NewShape,
}

impl MenuBar {
    pub fn show(self, ui: &mut Ui, t: &Texts) -> Option<Command> {
        let ctx = ui.ctx().clone();
        let mut chosen = None;
        // Radio buttons and switches, picked apart from `item`'s commands.
        let mut picked = None;
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
                    ui.separator();
                    item(ui, Command::Daily, true);
                    ui.separator();
                    ui.menu_button(t.shape_menu, |ui| {
                        for shape in super::new_game::NewShape::ALL {
                            let label = Command::NewShape(shape).label(t);
                            if ui.radio(self.new_shape == shape, label).clicked() {
                                picked = Some(Command::NewShape(shape));
                            }
                        }
                    });
                });
                item(ui, Command::Continue, true);
                item(ui, Command::Duel, true);
                item(ui, Command::Open, true);
                item(ui, Command::UsePhone, true);
                item(ui, Command::NextFromFile, self.has_file_puzzles);
                ui.separator();
                item(ui, Command::Save, true);
                item(ui, Command::SaveAs, true);
                ui.separator();
                item(ui, Command::Statistics, true);
                ui.separator();
                item(ui, Command::Quit, true);
            });
            ui.menu_button(t.menu_edit, |ui| {
                item(ui, Command::Undo, self.can_undo);
                item(ui, Command::Redo, self.can_redo);
                ui.separator();
                item(ui, Command::ToggleNotes, true);
                item(ui, Command::FillNotes, true);
                item(ui, Command::ClearNotes, true);
                ui.separator();
                item(ui, Command::Reset, true);
            });
            ui.menu_button(t.menu_solve, |ui| {
                item(ui, Command::Hint, !self.busy);
                item(ui, Command::StepByStep, !self.busy);
                item(ui, Command::Check, !self.busy);
                item(ui, Command::Solve, !self.busy);
            });
            ui.menu_button(t.menu_view, |ui| {
                item(ui, Command::Pause, true);
                ui.menu_button(t.language, |ui| {
                    item(ui, Command::Language(Lang::En), true);
                    item(ui, Command::Language(Lang::Fr), true);
                });
                ui.menu_button(t.cell_names, |ui| {
                    for n in Notation::ALL {
                        let label = Command::Notation(n).label(t);
                        if ui.radio(self.notation == n, label).clicked() {
                            picked = Some(Command::Notation(n));
                        }
                    }
                });
                let mut budget = self.hint_budget;
                if ui.checkbox(&mut budget, t.hint_budget).clicked() {
                    picked = Some(Command::HintBudget);
                }
            });
            ui.menu_button(t.menu_help, |ui| {
                item(ui, Command::Help, true);
                item(ui, Command::Techniques, true);
            });
        });
        chosen.or(picked)
    }
}
