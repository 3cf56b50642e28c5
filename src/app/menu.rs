//! The menu bar: draws itself from what is possible now and returns the
//! command the player picked, if any; the app carries it out.

use egui::{RichText, Ui};

use super::commands::{self, Command};
use super::i18n::{Lang, Texts};
use crate::hint::Notation;
use crate::logic::Level;

/// What the menus may offer this frame.
pub(super) struct MenuBar {
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
    /// The window's language (checked in View > Language, and the language
    /// of the shortcuts' key names).
    pub lang: Lang,
    /// Notes mode is on (checked in Edit).
    pub notes_mode: bool,
    /// The game is paused (checked in View).
    pub paused: bool,
}

impl MenuBar {
    pub(super) fn show(self, ui: &mut Ui, t: &Texts) -> Option<Command> {
        let ctx = ui.ctx().clone();
        // Radio buttons and switches, picked apart from `item`'s commands.
        let mut picked = None;
        let (lang, mac) = (self.lang, super::keys::is_mac(&ctx));
        let keys = |command: Command| {
            commands::shortcut(command).map(|s| super::keys::shortcut_text(&s, lang, mac))
        };
        // Inside Game > New the submenu already says "New": its items are
        // the levels alone (issue 30: "New ▸ New (Easy)").
        // A Cell, so that both item closures may set it.
        let chosen_cell = std::cell::Cell::new(None);
        let item_named = |ui: &mut Ui, command: Command, label: String, enabled: bool| {
            let mut button = egui::Button::new(label);
            if let Some(k) = keys(command) {
                button = button.shortcut_text(k);
            }
            if ui.add_enabled(enabled, button).clicked() {
                chosen_cell.set(Some(command));
            }
        };
        let item = |ui: &mut Ui, command: Command, enabled: bool| {
            item_named(ui, command, command.label(t), enabled);
        };
        // A switch with its shortcut: a check box, checked while it is on.
        let switch = |ui: &mut Ui, command: Command, on: bool| {
            let mut checked = on;
            let label = command.label(t);
            let response = match keys(command) {
                Some(k) => ui.add(egui::Checkbox::new(
                    &mut checked,
                    (label, egui::Atom::grow(), RichText::new(k).weak()),
                )),
                None => ui.checkbox(&mut checked, label),
            };
            response.clicked()
        };
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(t.menu_game, |ui| {
                ui.menu_button(t.new_game, |ui| {
                    // the levels the generator makes in the shape chosen
                    let made = self.new_shape.levels();
                    for level in Level::ALL {
                        let label = super::i18n::level_text(t, level).to_string();
                        item_named(ui, Command::New(level), label, made.contains(&level));
                    }
                    ui.separator();
                    item(ui, Command::Daily, true);
                    ui.separator();
                    ui.menu_button(t.shape_menu, |ui| {
                        for shape in super::new_game::NewShape::ALL {
                            if shape == super::new_game::NewShape::Samurai {
                                ui.separator();
                                ui.label(t.shape_overlapping);
                            }
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
                if switch(ui, Command::ToggleNotes, self.notes_mode) {
                    picked = Some(Command::ToggleNotes);
                }
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
                if switch(ui, Command::Pause, self.paused) {
                    picked = Some(Command::Pause);
                }
                ui.menu_button(t.language, |ui| {
                    for l in [Lang::En, Lang::Fr] {
                        let label = Command::Language(l).label(t);
                        if ui.radio(self.lang == l, label).clicked() {
                            picked = Some(Command::Language(l));
                        }
                    }
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
            // In sight, not only Ctrl+O: the window reads photos (issue 30).
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button(Command::Photo.label(t)).clicked() {
                    picked = Some(Command::Photo);
                }
            });
        });
        chosen_cell.get().or(picked)
    }
}
