//! The window's two panels beside the menus: Pip's (the mascot and its
//! dialogue) and the board's (the grid, or the paused cover, and the
//! number pad), drawn into the frame by [`App::ui`].

use egui::Ui;

use super::board_view::BoardView;
use super::dialogue_view::{DialogueView, Event};
use super::pip::PipView;
use super::{number_pad, App};
use crate::logic::sized::SizedFocus;

impl App {
    /// The panel on the right, holding Pip and its dialogue. In a duel, two
    /// grids share the centre: the panel starts narrower there, a panel of
    /// its own so that each keeps the width the player gives it.
    pub(super) fn pip_side_panel(&mut self, ui: &mut Ui) {
        let (id, width) = match self.duel.screen {
            Some(_) => ("pip-duel", 280.0),
            None => ("pip", 360.0),
        };
        egui::Panel::right(id)
            .resizable(true)
            .default_size(width)
            .show(ui, |ui| self.pip_panel(ui));
    }

    /// Pip and its dialogue.
    fn pip_panel(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            ui.add(PipView::new(&mut self.tutor.pip, 190.0));
        });
        ui.add_space(14.0);
        self.generation_panel(ui);
        // In a duel, hints would play for the player: Next stops at the end.
        let in_duel = self.duel.screen.is_some();
        let event = DialogueView::new(self.tutor.dialogue_mut(), self.config.lang)
            .notation(self.config.notation)
            .more_available(!self.worker.busy() && !in_duel)
            .show(ui);
        match event {
            Some(Event::Offer(o)) => self.on_offer(o, &ctx),
            Some(Event::Next) if !in_duel => self.next_at_end(&ctx),
            Some(Event::Guide(t)) => self.open_guide(Some(t)),
            _ => {}
        }
    }

    /// What the board highlights: the line Pip is reading (only its branch
    /// of a forcing chain, or the inner chain opened with More), else the
    /// game's own marks; and whether they are Pip's.
    pub fn board_highlights(&self) -> (crate::logic::Highlights, bool) {
        match self.tutor.dialogue().highlights() {
            Some(m) if !m.is_empty() => (m, true),
            _ => (self.session.marks.clone(), false),
        }
    }

    /// The step of the sized engine on the paragraph being read, as far as
    /// its lines have told it: the houses to look at from the first line,
    /// the pattern's cells from the second, and what it concludes on the
    /// last (the hint budget's nudge shows no more than where to look).
    pub fn sized_focus(&self) -> Option<SizedFocus> {
        let (entry, line) = self.tutor.dialogue().current()?;
        let (step, _) = &**entry.sized.as_ref()?;
        let focus = step.focus();
        let last = entry.lines.len().saturating_sub(1);
        Some(SizedFocus {
            cells: if line >= 1 { focus.cells } else { Vec::new() },
            placed: if line >= last {
                focus.placed
            } else {
                Vec::new()
            },
            removed: if line >= last {
                focus.removed
            } else {
                Vec::new()
            },
            houses: focus.houses,
        })
    }

    /// The grid (or the paused cover) and the number pad under it.
    pub(super) fn board_area(&mut self, ui: &mut Ui) {
        let t = self.t();
        let symbols_side = self.session.board.shape().side() as u8;
        let pad_height = number_pad::pad_height(symbols_side);
        let side = (ui.available_width())
            .min(ui.available_height() - pad_height)
            .max(180.0);
        let (marks, step_shown) = self.board_highlights();
        let focus = self.sized_focus();
        let wording = self.wording();
        let mut pressed = None;
        ui.vertical_centered(|ui| {
            let s = &mut self.session;
            let before = (s.selected, s.spot);
            if s.board.is_9x9() {
                ui.add(
                    BoardView::new(&s.board, &mut s.selected, &marks)
                        .revealed(&s.revealed)
                        .quiet_selection(step_shown)
                        .wording(wording)
                        .hidden(s.paused.then_some(t.paused_overlay))
                        .size(side),
                );
            } else {
                let mut cells = Vec::new();
                if let Some(f) = &focus {
                    cells = f.cells.clone();
                    cells.extend(f.placed.iter().chain(&f.removed).map(|c| c.cell));
                }
                let shape = s.board.shape();
                s.camera.follow_hint(&cells, |i| shape.position(i));
                ui.add(super::sized_board::SizedBoardView {
                    board: &s.board,
                    selected: &mut s.spot,
                    revealed: &s.revealed,
                    wrong: &s.wrong_spots,
                    hidden: s.paused.then_some(t.paused_overlay),
                    size: side,
                    wording,
                    focus: focus.as_ref(),
                    camera: &mut s.camera,
                    here: s
                        .endless
                        .as_ref()
                        .map(|_| crate::generate::endless::MIDDLE_GRID),
                });
            }
            // Moving about clears a passing message, not an error: a save
            // that failed stays on screen until something replaces it
            // (issue 32, N14: the next arrow key hid it).
            let error_shown = self.chrome.status.as_ref().is_some_and(|s| s.error);
            if (s.selected, s.spot) != before && !error_shown {
                self.chrome.status = None;
            }
            ui.add_space(8.0);
            let board = &self.session.board;
            let values = board.values();
            pressed = number_pad::NumberPad {
                values: &values,
                side: symbols_side,
                symbols: board.shape().symbols(),
                notes_mode: self.session.notes_mode,
                can_undo: self.session.board.can_undo(),
                can_redo: self.session.board.can_redo(),
                busy: self.worker.busy(),
                width: side,
            }
            .show(ui, t);
        });
        let ctx = ui.ctx().clone();
        match pressed {
            Some(number_pad::PadPress::Digit(d)) => self.type_digit(d, self.session.notes_mode),
            Some(number_pad::PadPress::Erase) => self.erase(),
            Some(number_pad::PadPress::ToggleNotes) => {
                self.session.notes_mode = !self.session.notes_mode;
            }
            Some(number_pad::PadPress::Command(c)) => self.run_command(c, &ctx),
            None => {}
        }
    }
}
