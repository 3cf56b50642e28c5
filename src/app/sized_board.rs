//! The board widget of the shapes off the 9×9 lattice (4×4, 6×6, 12×12,
//! 16×16): cells by index, the shape's symbols, thick lines per box or
//! region, shaded diagonals, conflicts underlined, and notes in a mini
//! grid that fits all sixteen symbols (4×4 in a 16×16's cell).
//!
//! The 9×9 board ([`super::board_view::BoardView`]) also draws a hint's
//! highlights; the rule engine reads 9×9 grids only, so a board of another
//! size has none to draw, and this widget is the smaller one.

use egui::{Align2, FontFamily, FontId, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2};

use super::board_view::draw_lines;
use super::palette::*;
use crate::grid::{Board, Symbols};
use crate::hint::{place_name, Lang, Wording};

/// A board of any size. `selected` is the selected cell's index, updated
/// when a cell is clicked.
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
    format!(
        "{}{colon} {content}",
        place_name(board.place(index), wording)
    )
}

impl egui::Widget for SizedBoardView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        let (rect, response) = ui.allocate_exact_size(Vec2::splat(self.size), Sense::hover());
        let n = self.board.shape().side();
        let s = rect.width() / n as f32;
        let cell_rect = |i: usize| {
            Rect::from_min_size(
                rect.min + Vec2::new((i % n) as f32 * s, (i / n) as f32 * s),
                Vec2::splat(s),
            )
        };
        for i in 0..self.board.cell_count() {
            let r = ui.interact(cell_rect(i), response.id.with(i), Sense::click());
            let label = match self.hidden {
                Some(_) => place_name(self.board.place(i), self.wording),
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
            self.paint(ui, rect, cell_rect);
        }
        response
    }
}

impl SizedBoardView<'_> {
    fn paint(&self, ui: &Ui, rect: Rect, cell_rect: impl Fn(usize) -> Rect) {
        let painter = ui.painter_at(rect.expand(2.0));
        let board = self.board;
        let shape = board.shape();
        let (n, symbols) = (shape.side(), shape.symbols());
        let s = rect.width() / n as f32;
        painter.rect_filled(rect, 4.0, PAPER);
        if let Some(text) = self.hidden {
            painter.rect_filled(rect, 4.0, GIVEN_BG);
            draw_lines(&painter, rect, shape);
            let font = FontId::proportional((s * 0.32 * n as f32 / 9.0).max(12.0));
            painter.text(rect.center(), Align2::CENTER_CENTER, text, font, INK);
            return;
        }
        let extra = shape.in_extra_house();
        let selected = *self.selected;
        let peers = selected.map_or(&[][..], |i| shape.peers_of(i));
        for i in 0..board.cell_count() {
            let r = cell_rect(i);
            if extra.get(i) == Some(&true) {
                painter.rect_filled(r, 0.0, EXTRA_HOUSE);
            }
            if board.is_given_at(i) {
                painter.rect_filled(r, 0.0, GIVEN_BG);
            }
            if peers.contains(&(i as u16)) {
                painter.rect_filled(r.shrink(0.5), 0.0, PEER.gamma_multiply(0.8));
            }
            if selected == Some(i) {
                painter.rect_filled(r, 0.0, SELECTED);
            }
        }
        draw_lines(&painter, rect, shape);

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
