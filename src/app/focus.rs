//! The focus ring for keyboard play (issue 30, accessibility): where the
//! keyboard acts is always drawn plainly. On the board it is the selected
//! cell's frame (drawn by the board, moved with the arrows); once Tab takes
//! the keyboard to a button, a field or a link, egui shows that widget only
//! as if hovered, so a ring is drawn around it here, on its own layer, in
//! the selection's colour, thick enough to be seen on any background.

use egui::{Rect, Stroke, StrokeKind};

use super::App;
use crate::grid::Cell;

/// Where the keyboard acts this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FocusRing {
    /// A widget reached with Tab: the keys go to it, not to the board.
    Widget(Rect),
    /// The board's selected cell: digits and arrows act there.
    Cell(Cell),
}

/// The ring's width in points, and its gap outside the widget.
const RING: f32 = 2.5;
const GAP: f32 = 2.0;

impl App {
    /// Finds where the keyboard acts and rings a focused widget (the board
    /// draws its own cell's frame).
    pub(super) fn focus_ring_frame(&mut self, ctx: &egui::Context) {
        let focused = ctx.memory(|m| m.focused());
        let widget = focused.and_then(|id| ctx.read_response(id));
        self.chrome.focus_ring = match widget {
            Some(r) => {
                let colour = ctx.global_style().visuals.selection.stroke.color;
                let colour = if colour.a() == 0 {
                    super::palette::SAME_DIGIT
                } else {
                    colour
                };
                ctx.layer_painter(r.layer_id).rect_stroke(
                    r.rect.expand(GAP),
                    4.0,
                    Stroke::new(RING, colour),
                    StrokeKind::Outside,
                );
                Some(FocusRing::Widget(r.rect))
            }
            // The board's cell, while the board is what the window shows.
            None if self.board_in_play() => self.session.selected.map(FocusRing::Cell),
            None => None,
        };
    }

    /// The game's board is on screen and takes the keys (no import screen,
    /// welcome, duel or pause over it).
    fn board_in_play(&self) -> bool {
        self.import.is_none()
            && self.chrome.welcome.is_none()
            && self.duel.screen.is_none()
            && !self.session.paused
    }

    /// Where the keyboard acts, as the focus ring shows it.
    pub fn focus_ring(&self) -> Option<FocusRing> {
        self.chrome.focus_ring
    }
}
