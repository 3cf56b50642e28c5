//! The board widget of the shapes off the 9×9 lattice (4×4, 6×6, 12×12,
//! 16×16): cells by index, the shape's symbols, thick lines per box or
//! region, shaded diagonals, conflicts underlined, and notes in a mini
//! grid that fits all sixteen symbols (4×4 in a 16×16's cell).
//!
//! A hint of the sized engine shows as the 9×9 board's do: its houses
//! hatched, its pattern's cells framed, the value it places in a blue disc
//! and the candidates it removes struck through in red ([`SizedFocus`],
//! staged by the line being read: see `App::sized_focus`).

use egui::{Align2, FontFamily, FontId, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2};

use super::board_view::hatch;
use super::palette::*;
use super::plane_camera::{PlaneCamera, PlaneView, ZOOM_STEP};
use crate::grid::{Board, Shape, Symbols};
use crate::hint::{place_name, Lang, Wording};
use crate::logic::sized::SizedFocus;

/// A board of any size or form. `selected` is the selected cell's index,
/// updated when a cell is clicked.
pub(super) struct SizedBoardView<'a> {
    pub board: &'a Board,
    pub selected: &'a mut Option<usize>,
    /// Values Solve revealed, drawn in their own colour (one per cell).
    pub revealed: &'a [u8],
    /// The entries Check found wrong, crossed out.
    pub wrong: &'a [usize],
    /// Hides the values behind this text (pause).
    pub hidden: Option<&'a str>,
    pub size: f32,
    pub wording: Wording,
    /// The part of a hint's step shown on the line being read.
    pub focus: Option<&'a SizedFocus>,
    /// The zoom and pan of a board of overlapping grids (a board of one
    /// grid always shows whole).
    pub camera: &'a mut PlaneCamera,
    /// The grid the player is in, outlined in blue (an index in the
    /// shape's grids): the endless carpet's middle grid, whose edge is
    /// where the view moves on. On a carpet every box edge is a grid's
    /// edge, so without it no grid stands out.
    pub here: Option<usize>,
}

/// How many notes a cell's mini grid holds in a row: 2 for a 4×4, 3 up to
/// a 9×9, 4 for the twelve and sixteen symbols.
fn notes_per_row(side: usize) -> usize {
    match side {
        0..=4 => 2,
        5..=9 => 3,
        _ => 4,
    }
}

/// The accessible name of cell `index`: its row and column in the player's
/// words, then what it holds.
pub(super) fn sized_cell_label(board: &Board, index: usize, wording: Wording) -> String {
    let t = wording.lang.texts();
    let symbols = board.shape().symbols();
    let v = board.value_at(index);
    let content = if board.is_given_at(index) {
        super::i18n::fill(t.cell_given, &[&symbols.name_of(v)])
    } else if v != 0 {
        symbols.name_of(v)
    } else if !board.notes_at(index).is_empty() {
        let notes: Vec<String> = board
            .notes_at(index)
            .iter()
            .map(|d| symbols.name_of(d))
            .collect();
        super::i18n::fill(t.cell_notes, &[&notes.join(" ")])
    } else {
        t.cell_empty.to_string()
    };
    let colon = match wording.lang {
        Lang::En => ":",
        Lang::Fr => " :",
    };
    format!("{}{colon} {content}", cell_name(board, index, wording))
}

/// A cell's name alone: its row and column, and on overlapping grids the
/// grid (each grid, for a cell two share).
fn cell_name(board: &Board, index: usize, wording: Wording) -> String {
    if board.shape().overlap().is_some() {
        crate::hint::cell_on_shape(board.shape(), index, wording)
    } else {
        place_name(board.place(index), wording)
    }
}

impl egui::Widget for SizedBoardView<'_> {
    fn ui(mut self, ui: &mut Ui) -> Response {
        let shape = self.board.shape().clone();
        let zoomable = shape.overlap().is_some();
        let sense = if zoomable {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let (rect, response) = ui.allocate_exact_size(Vec2::splat(self.size), sense);
        let plane = shape.plane_size();
        if zoomable {
            steer(ui, &response, rect, self.camera, plane);
        }
        let view = self.camera.view(rect.min, rect.width(), plane);
        let cell_rect = |i: usize| {
            let (row, col) = shape.position(i);
            view.cell_rect(row, col)
        };
        for i in 0..self.board.cell_count() {
            // a cell panned out of the board is neither clicked nor read out
            let r = cell_rect(i).intersect(rect);
            if !r.is_positive() {
                continue;
            }
            let r = ui.interact(r, response.id.with(i), Sense::click());
            let label = match self.hidden {
                Some(_) => cell_name(self.board, i, self.wording),
                None => sized_cell_label(self.board, i, self.wording),
            };
            let selected = *self.selected == Some(i);
            r.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(egui::Role::Cell, true, &label);
                info.selected = Some(selected);
                info
            });
            if r.clicked() {
                *self.selected = Some(i);
            }
        }
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Grid, true, self.wording.lang.texts().board_name)
        });
        if ui.is_rect_visible(rect) {
            self.paint(ui, rect, view, cell_rect);
        }
        if zoomable {
            self.zoom_buttons(ui, rect, plane);
        }
        response
    }
}

/// The mouse on a board of overlapping grids: the wheel (or a pinch, or
/// Ctrl and the wheel) zooms about the pointer, a drag pans.
fn steer(
    ui: &Ui,
    response: &Response,
    rect: Rect,
    camera: &mut PlaneCamera,
    plane: (usize, usize),
) {
    let view = camera.view(rect.min, rect.width(), plane);
    if response.dragged() {
        camera.pan_by(response.drag_delta(), view.cell, plane);
    }
    if !response.hovered() {
        return;
    }
    let (scroll, pinch, pointer) = ui.input(|i| {
        (
            i.smooth_scroll_delta.y,
            i.zoom_delta(),
            i.pointer.hover_pos(),
        )
    });
    // a wheel notch (50 points) zooms by about a tenth
    let factor = pinch * (scroll / 500.0).exp();
    if factor != 1.0 {
        let anchor = pointer.map(|p| ((p - view.origin) / view.cell).to_pos2());
        camera.zoom_by(factor, anchor, plane);
    }
}

impl SizedBoardView<'_> {
    fn paint(&self, ui: &Ui, rect: Rect, view: PlaneView, cell_rect: impl Fn(usize) -> Rect) {
        let painter = ui.painter_at(rect.expand(2.0));
        let board = self.board;
        let shape = board.shape();
        let (n, symbols) = (shape.side(), shape.symbols());
        let s = view.cell;
        if shape.overlap().is_some() {
            // the holes between the grids (a samurai's corners) stay blank
            for i in 0..board.cell_count() {
                painter.rect_filled(cell_rect(i), 0.0, PAPER);
            }
        } else {
            painter.rect_filled(rect, 4.0, PAPER);
        }
        if let Some(text) = self.hidden {
            for i in 0..board.cell_count() {
                painter.rect_filled(cell_rect(i), 0.0, GIVEN_BG);
            }
            draw_plane_lines(&painter, shape, &cell_rect, s);
            let font = FontId::proportional((rect.width() * 0.035).max(12.0));
            painter.text(rect.center(), Align2::CENTER_CENTER, text, font, INK);
            return;
        }
        let extra = shape.in_extra_house();
        // a hint on screen has the board's attention: no selection halo
        let selected = (*self.selected).filter(|_| self.focus.is_none());
        let peers = selected.map_or(&[][..], |i| shape.peers_of(i));
        let parity = shape.spec().parity.as_ref();
        for i in 0..board.cell_count() {
            let r = cell_rect(i);
            if extra.get(i) == Some(&true) {
                painter.rect_filled(r, 0.0, EXTRA_HOUSE);
            }
            if board.is_given_at(i) {
                painter.rect_filled(r, 0.0, GIVEN_BG);
            }
            if parity.is_some_and(|p| p.shaded.get(i) == Some(&true)) {
                painter.circle_filled(r.center(), s * 0.42, PARITY);
            }
            if peers.contains(&(i as u16)) {
                painter.rect_filled(r.shrink(0.5), 0.0, PEER.gamma_multiply(0.8));
            }
            if selected == Some(i) {
                painter.rect_filled(r, 0.0, SELECTED);
            }
        }
        if let Some(focus) = self.focus {
            for unit in &focus.houses {
                let house = shape.houses().iter().find(|h| h.unit == *unit);
                for &c in house.map_or(&[][..], |h| &h.cells) {
                    let r = cell_rect(usize::from(c));
                    painter.rect_filled(r, 0.0, UNIT.gamma_multiply(0.85));
                    hatch(&painter, r, s * 0.25, Stroke::new(1.0, HATCH));
                }
            }
        }
        draw_plane_lines(&painter, shape, &cell_rect, s);
        let here = self.here.and_then(|k| shape.grids().get(k));
        if let Some(r) = here.and_then(|g| shape.cell_at(g.top * 3, g.left * 3)) {
            let whole = Rect::from_min_size(cell_rect(r).min, Vec2::splat(s * 9.0));
            painter.rect_stroke(whole, 0.0, Stroke::new(4.0, BLUE), StrokeKind::Middle);
        }

        let values = board.values();
        let repeated = shape.repeated_cells(&values);
        let same = selected.map_or(0, |i| values[i]);
        for (i, &v) in values.iter().enumerate() {
            let r = cell_rect(i);
            if v == 0 {
                self.paint_notes(&painter, r, board.notes_at(i), symbols, n, same);
                continue;
            }
            let conflict = repeated.binary_search(&i).is_ok();
            let given = board.is_given_at(i);
            let colour = if conflict || self.wrong.contains(&i) {
                RED
            } else if given {
                INK
            } else if self.revealed.get(i) == Some(&v) {
                REVEALED
            } else {
                ENTRY
            };
            if same != 0 && v == same && selected != Some(i) {
                let frame = Stroke::new(2.0, SAME_DIGIT);
                painter.rect_stroke(r.shrink(s * 0.1), s * 0.2, frame, StrokeKind::Inside);
            }
            // two-character symbols (10 to 16) are set smaller to fit
            let text = symbols.name_of(v);
            let scale = if text.len() > 1 { 0.45 } else { 0.6 };
            let font = FontId::new(s * scale, FontFamily::Proportional);
            painter.text(r.center(), Align2::CENTER_CENTER, text, font, colour);
            if conflict {
                let y = r.center().y + s * 0.33;
                let (x0, x1) = (r.center().x - s * 0.25, r.center().x + s * 0.25);
                painter.line_segment([Pos2::new(x0, y), Pos2::new(x1, y)], (2.5, RED));
            }
        }
        for &i in self.wrong {
            // wrong entries are crossed, not only red
            let r = cell_rect(i).shrink(s * 0.12);
            let stroke = Stroke::new(2.5, RED);
            painter.line_segment([r.left_top(), r.right_bottom()], stroke);
            painter.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
        if let Some(i) = selected {
            let frame = Stroke::new(3.0, SAME_DIGIT);
            painter.rect_stroke(cell_rect(i).shrink(1.0), 2.0, frame, StrokeKind::Inside);
        }
        if let Some(focus) = self.focus {
            self.paint_focus(&painter, focus, &cell_rect, s);
        }
    }

    /// A hint's pattern cells framed, its removals struck through in red
    /// where the cell's notes show them, its placement in a blue disc.
    fn paint_focus(
        &self,
        painter: &egui::Painter,
        focus: &SizedFocus,
        cell_rect: &impl Fn(usize) -> Rect,
        s: f32,
    ) {
        let (side, symbols) = (self.board.shape().side(), self.board.shape().symbols());
        for &c in &focus.cells {
            let r = cell_rect(usize::from(c)).shrink(2.0);
            painter.rect_stroke(r, 2.0, Stroke::new(3.0, BLUE), StrokeKind::Inside);
        }
        let per_row = notes_per_row(side);
        let step = s / per_row as f32;
        for removed in &focus.removed {
            let r = cell_rect(usize::from(removed.cell));
            let k = usize::from(removed.value - 1);
            let p = Pos2::new(
                r.min.x + step * ((k % per_row) as f32 + 0.5),
                r.min.y + step * ((k / per_row) as f32 + 0.5),
            );
            let text = symbols.name_of(removed.value);
            let font = FontId::proportional(step * if text.len() > 1 { 0.5 } else { 0.72 });
            painter.text(p, Align2::CENTER_CENTER, text, font, RED);
            let d = step * 0.35;
            let stroke = Stroke::new(2.0, RED);
            painter.line_segment([p + Vec2::new(-d, d), p + Vec2::new(d, -d)], stroke);
        }
        for placed in &focus.placed {
            let r = cell_rect(usize::from(placed.cell));
            painter.circle_filled(r.center(), s * 0.36, BLUE);
            let text = symbols.name_of(placed.value);
            let font = FontId::proportional(s * if text.len() > 1 { 0.36 } else { 0.5 });
            painter.text(
                r.center(),
                Align2::CENTER_CENTER,
                text,
                font,
                egui::Color32::WHITE,
            );
        }
    }

    /// A cell's notes, each in its place of the mini grid (a note keeps its
    /// place whatever else is noted, as on paper).
    fn paint_notes(
        &self,
        painter: &egui::Painter,
        r: Rect,
        notes: crate::grid::Candidates,
        symbols: Symbols,
        side: usize,
        same: u8,
    ) {
        let per_row = notes_per_row(side);
        let step = r.width() / per_row as f32;
        for d in notes.iter() {
            let k = usize::from(d - 1);
            let p = Pos2::new(
                r.min.x + step * ((k % per_row) as f32 + 0.5),
                r.min.y + step * ((k / per_row) as f32 + 0.5),
            );
            let colour = if d == same { SAME_DIGIT } else { NOTE };
            // written as the pad writes them; "10" to "16" set smaller
            let text = symbols.name_of(d);
            let scale = if text.len() > 1 { 0.5 } else { 0.72 };
            let font = FontId::proportional(step * scale);
            painter.text(p, Align2::CENTER_CENTER, text, font, colour);
        }
    }
}

/// The lines of a board of any form, drawn cell by cell on the plane: a
/// thin line between two cells, a thick one between two boxes (or jigsaw
/// regions) and along every edge the grids' cells leave (the outline of a
/// samurai's cross); each grid of an overlapping board is then outlined
/// whole, so that a shared box shows as part of both.
pub(super) fn draw_plane_lines(
    painter: &egui::Painter,
    shape: &Shape,
    cell_rect: &impl Fn(usize) -> Rect,
    s: f32,
) {
    let thin = Stroke::new(1.0, LINE);
    let thick = Stroke::new(if shape.side() > 9 { 2.0 } else { 2.5 }, INK);
    let torus = shape.overlap().is_some_and(|o| o.period().is_some());
    let (rows, cols) = shape.plane_size();
    for i in 0..shape.cell_count() {
        let r = cell_rect(i);
        let (row, col) = shape.position(i);
        let here = shape.region_at(i);
        // (neighbour's place, the edge between them)
        let sides = [
            (
                row.checked_sub(1).map(|up| (up, col)),
                [r.left_top(), r.right_top()],
            ),
            (
                (row + 1 < rows).then_some((row + 1, col)),
                [r.left_bottom(), r.right_bottom()],
            ),
            (
                col.checked_sub(1).map(|l| (row, l)),
                [r.left_top(), r.left_bottom()],
            ),
            (
                (col + 1 < cols).then_some((row, col + 1)),
                [r.right_top(), r.right_bottom()],
            ),
        ];
        for (next, edge) in sides {
            let other = next.and_then(|(nr, nc)| shape.cell_at(nr, nc));
            let stroke = match other {
                Some(j) if shape.region_at(j) == here => thin,
                // a torus's edge is the period's, not an edge of the board
                None if torus => thin,
                _ => thick,
            };
            painter.line_segment(edge, stroke);
        }
    }
    if shape.overlap().is_some() && !torus {
        let outline = Stroke::new(3.0, INK);
        for g in shape.grids() {
            let top_left = shape.cell_at(g.top * 3, g.left * 3).map(cell_rect);
            if let Some(r) = top_left {
                let whole = Rect::from_min_size(r.min, Vec2::splat(s * 9.0));
                painter.rect_stroke(whole, 0.0, outline, StrokeKind::Middle);
            }
        }
    } else if !torus {
        let first = cell_rect(0);
        let whole = Rect::from_min_size(first.min, Vec2::new(cols as f32, rows as f32) * s);
        painter.rect_stroke(whole, 0.0, Stroke::new(3.0, INK), StrokeKind::Middle);
    }
}

impl SizedBoardView<'_> {
    /// The zoom buttons in the board's top-right corner: closer, farther,
    /// and the whole board.
    fn zoom_buttons(&mut self, ui: &mut Ui, rect: Rect, plane: (usize, usize)) {
        let t = self.wording.lang.texts();
        let size = Vec2::new(38.0, 26.0);
        let buttons = [
            ("+", t.zoom_in, ZOOM_STEP),
            ("\u{2212}", t.zoom_out, 1.0 / ZOOM_STEP),
            (t.zoom_whole_button, t.zoom_whole, 0.0),
        ];
        for (k, (label, tip, factor)) in buttons.into_iter().enumerate() {
            let min = Pos2::new(
                rect.max.x - size.x - 4.0,
                rect.min.y + 4.0 + k as f32 * 30.0,
            );
            let button = egui::Button::new(label).min_size(size);
            // a child placed over the board, so that the layout's cursor
            // stays under the board (the number pad's place)
            let place = Rect::from_min_size(min, size);
            let mut over = ui.new_child(egui::UiBuilder::new().max_rect(place));
            let clicked = over.add(button).on_hover_text(tip);
            if clicked.clicked() {
                if factor == 0.0 {
                    self.camera.reset();
                } else {
                    self.camera.zoom_by(factor, None, plane);
                }
            }
        }
    }
}
