//! The board widget: draws a [`Board`] with selection, conflicts, wrong
//! entries and step highlights, and turns clicks into a selected cell.
//!
//! The highlights are the hint's ([`Highlights`]: roles, not colours); this
//! widget picks their colours and shapes. Every highlight has a shape or
//! pattern besides its colour, so that it reads without telling hues
//! apart: decisive candidates are circled,
//! deleted ones struck through, supporting ones boxed, units hatched,
//! conflicts underlined, wrong entries crossed, givens on shaded cells.

use egui::{
    Align2, Color32, FontFamily, FontId, Pos2, Rect, Response, Sense, Shape, Stroke, StrokeKind,
    Ui, Vec2, Widget, WidgetInfo,
};

use crate::grid::{Board, Candidates, Cell, Unit};
use crate::hint::{cell_name, Lang, Notation, Wording};
use crate::logic::{Highlights, LinkKind};

use super::palette;
use palette::*;

/// The board widget. `selected` is updated when a cell is clicked.
pub(super) struct BoardView<'a> {
    board: &'a Board,
    selected: &'a mut Option<Cell>,
    highlights: &'a Highlights,
    /// Digits that hints or Solve revealed, drawn in their own colour.
    revealed: &'a [u8],
    hidden: Option<&'a str>,
    size: f32,
    /// Only frame the selected cell (no peers, no equal digits), so a
    /// step's highlights stand out.
    quiet_selection: bool,
    /// Cells can be clicked (off for the guide's example board, which only
    /// shows).
    interactive: bool,
    /// Values refused in each hole (a duel's wrong guesses), drawn struck
    /// through where the hole's note would be, so a hole shows what it is not.
    refused: &'a [Candidates; 81],
    /// How cells are named to a screen reader: the window's language and
    /// notation, as Pip names them.
    wording: Wording,
    /// What a screen reader calls the grid, when the window shows more than
    /// one (a duel's two); else "Sudoku grid".
    name: Option<&'a str>,
}

impl<'a> BoardView<'a> {
    pub(super) fn new(
        board: &'a Board,
        selected: &'a mut Option<Cell>,
        highlights: &'a Highlights,
    ) -> Self {
        const NONE: [u8; 81] = [0; 81];
        const NO_NOTES: [Candidates; 81] = [Candidates::NONE; 81];
        BoardView {
            board,
            selected,
            highlights,
            revealed: &NONE,
            hidden: None,
            size: 450.0,
            quiet_selection: false,
            interactive: true,
            refused: &NO_NOTES,
            wording: Wording::new(Lang::En, Notation::Plain),
            name: None,
        }
    }

    /// Names the grid for a screen reader (see [`BoardView::name`]'s field).
    pub(super) fn name(mut self, name: &'a str) -> Self {
        self.name = Some(name);
        self
    }

    /// Names the cells for a screen reader in these words.
    pub(super) fn wording(mut self, wording: Wording) -> Self {
        self.wording = wording;
        self
    }

    /// The values refused in each hole, shown in it.
    pub(super) fn refused(mut self, refused: &'a [Candidates; 81]) -> Self {
        self.refused = refused;
        self
    }

    /// A board that only shows: no cell can be clicked or selected (the
    /// guide's example beside the game's own board).
    pub(super) fn shown_only(mut self) -> Self {
        self.interactive = false;
        self
    }

    pub(super) fn revealed(mut self, revealed: &'a [u8]) -> Self {
        self.revealed = revealed;
        self
    }

    /// Hides the digits behind `text` (pause).
    pub(super) fn hidden(mut self, text: Option<&'a str>) -> Self {
        self.hidden = text;
        self
    }

    /// Draws the selection as a frame only (while a step is highlighted).
    pub(super) fn quiet_selection(mut self, quiet: bool) -> Self {
        self.quiet_selection = quiet;
        self
    }

    /// Side length in points.
    pub(super) fn size(mut self, size: f32) -> Self {
        self.size = size;
        self
    }
}

/// Where a cell and its candidates sit on screen.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    pub rect: Rect,
}

impl Geometry {
    pub(super) fn cell_size(&self) -> f32 {
        self.rect.width() / 9.0
    }

    pub(super) fn cell_rect(&self, cell: Cell) -> Rect {
        let s = self.cell_size();
        Rect::from_min_size(
            self.rect.min + Vec2::new(cell.col() as f32 * s, cell.row() as f32 * s),
            Vec2::splat(s),
        )
    }

    /// Centre of `digit`'s place in the 3×3 notes grid of `cell`.
    pub(super) fn candidate_pos(&self, cell: Cell, digit: u8) -> Pos2 {
        let r = self.cell_rect(cell);
        let i = (digit - 1) as f32;
        let third = r.width() / 3.0;
        Pos2::new(
            r.min.x + third * ((i % 3.0).floor() + 0.5),
            r.min.y + third * ((i / 3.0).floor() + 0.5),
        )
    }

    /// The rectangle of a row, column, box or window; `None` for a unit
    /// that is no rectangle (a diagonal, a jigsaw region), drawn cell by cell.
    pub(super) fn unit_rect(&self, unit: Unit) -> Option<Rect> {
        match unit {
            Unit::Diagonal(_) | Unit::Region(_) => None,
            _ => {
                let cells = unit.cells();
                Some(self.cell_rect(cells[0]).union(self.cell_rect(cells[8])))
            }
        }
    }
}

/// The accessible name of a cell, as a screen reader says it: its name in
/// the player's words, then what is in it, e.g. "row 1, column 2: 4, given",
/// "ligne 3, colonne 3 : notes 1 5" or, in the compact notation, "r1c2: empty".
pub fn cell_label(board: &Board, cell: Cell, wording: Wording) -> String {
    let t = wording.lang.texts();
    let v = board.value(cell);
    let content = if board.is_given(cell) {
        super::i18n::fill(t.cell_given, &[&v])
    } else if v != 0 {
        v.to_string()
    } else if !board.notes(cell).is_empty() {
        super::i18n::fill(t.cell_notes, &[&digit_list(board.notes(cell))])
    } else {
        t.cell_empty.to_string()
    };
    cell_named(cell, wording, &content)
}

/// "row 1, column 2: …", with French's space before the colon.
fn cell_named(cell: Cell, wording: Wording, content: &str) -> String {
    let colon = match wording.lang {
        Lang::En => ":",
        Lang::Fr => " :",
    };
    format!("{}{colon} {content}", cell_name(cell, wording))
}

fn digit_list(digits: Candidates) -> String {
    let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    digits.join(" ")
}

/// A hole's label with the values refused there: "r1c2: empty, not 5 7".
fn with_refused(label: String, refused: Candidates, lang: Lang) -> String {
    if refused.is_empty() {
        return label;
    }
    let not = super::i18n::fill(lang.texts().cell_refused, &[&digit_list(refused)]);
    format!("{label}, {not}")
}

impl Widget for BoardView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        let (rect, response) = ui.allocate_exact_size(Vec2::splat(self.size), Sense::hover());
        let geo = Geometry { rect };
        let id = response.id;

        // One clickable area per cell, each with an accessible name.
        for cell in Cell::ALL.into_iter().filter(|_| self.interactive) {
            let r = ui.interact(geo.cell_rect(cell), id.with(cell.index()), Sense::click());
            let label = if self.hidden.is_some() {
                cell_name(cell, self.wording)
            } else {
                let label = cell_label(self.board, cell, self.wording);
                with_refused(label, self.refused[cell.index()], self.wording.lang)
            };
            let selected = *self.selected == Some(cell);
            r.widget_info(|| {
                let mut info = WidgetInfo::labeled(egui::Role::Cell, true, &label);
                info.selected = Some(selected);
                info
            });
            if r.clicked() {
                *self.selected = Some(cell);
            }
        }

        // The board as a whole: a grid whose value is the selected cell,
        // read out as the arrows move it or its content changes (a polite
        // live region: the keys stay with the board, where egui gives no
        // screen-reader focus).
        if self.interactive {
            let lang = self.wording.lang;
            let current = match (*self.selected, self.hidden) {
                (Some(cell), None) => with_refused(
                    cell_label(self.board, cell, self.wording),
                    self.refused[cell.index()],
                    lang,
                ),
                (Some(cell), Some(_)) => cell_name(cell, self.wording),
                (None, _) => String::new(),
            };
            response.widget_info(|| {
                let name = self.name.unwrap_or(lang.texts().board_name);
                let mut info = WidgetInfo::labeled(egui::Role::Grid, true, name);
                info.current_text_value = Some(current.clone());
                info
            });
            ui.ctx().accesskit_node_builder(response.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        }
        if ui.is_rect_visible(rect) {
            paint(ui, &geo, &self);
        }
        response
    }
}

fn paint(ui: &Ui, geo: &Geometry, v: &BoardView<'_>) {
    let painter = ui.painter_at(geo.rect.expand(2.0));
    let s = geo.cell_size();
    let board = v.board;
    painter.rect_filled(geo.rect, 4.0, PAPER);

    if let Some(text) = v.hidden {
        painter.rect_filled(geo.rect, 4.0, GIVEN_BG);
        draw_lines(&painter, geo.rect, board.shape());
        painter.text(
            geo.rect.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional((s * 0.32).max(12.0)),
            INK,
        );
        return;
    }

    let selected = *v.selected;
    let sel_digit = if v.quiet_selection {
        0
    } else {
        selected.map(|c| board.value(c)).unwrap_or(0)
    };

    // Backgrounds: a variant's extra houses and shaded cells, givens
    // shaded, units of the step hatched, selection.
    let shape = board.shape();
    let extra = shape
        .units()
        .iter()
        .filter(|u| matches!(u, Unit::Diagonal(_) | Unit::Window(_)))
        .fold(0u128, |m, &u| m | shape.unit_mask(u));
    for cell in Cell::ALL {
        let r = geo.cell_rect(cell);
        if extra & (1u128 << cell.index()) != 0 {
            painter.rect_filled(r, 0.0, EXTRA_HOUSE);
        }
        if board.is_given(cell) {
            painter.rect_filled(r, 0.0, GIVEN_BG);
        }
        let parity = shape.spec().parity.as_ref();
        if parity.is_some_and(|p| p.shaded[cell.index()]) {
            painter.circle_filled(r.center(), s * 0.42, PARITY);
        }
    }
    for &unit in &v.highlights.units {
        let hatched = |r: Rect| {
            painter.rect_filled(r, 0.0, UNIT.gamma_multiply(0.85));
            hatch(&painter, r, s * 0.25, Stroke::new(1.0, HATCH));
        };
        match geo.unit_rect(unit) {
            Some(r) => hatched(r),
            None => shape
                .unit_cells(unit)
                .iter()
                .for_each(|&c| hatched(geo.cell_rect(c))),
        }
    }
    if let Some(sel) = selected.filter(|_| !v.quiet_selection) {
        for peer in shape.peers(sel) {
            painter.rect_filled(
                geo.cell_rect(peer).shrink(0.5),
                0.0,
                PEER.gamma_multiply(0.8),
            );
        }
        painter.rect_filled(geo.cell_rect(sel), 0.0, SELECTED);
    }

    draw_lines(&painter, geo.rect, shape);

    let grid = board.grid();
    let conflicts = shape.conflicts(&grid);
    let in_conflict = |cell: Cell| conflicts.iter().any(|c| c.cells.contains(&cell));

    for cell in Cell::ALL {
        let r = geo.cell_rect(cell);
        let d = board.value(cell);
        if d != 0 {
            if sel_digit != 0 && d == sel_digit && Some(cell) != selected {
                // same digit as the selection: a rounded frame
                painter.rect_stroke(
                    r.shrink(s * 0.1),
                    s * 0.2,
                    Stroke::new(2.0, SAME_DIGIT),
                    StrokeKind::Inside,
                );
            }
            let conflict = in_conflict(cell);
            let given = board.is_given(cell);
            let colour = if conflict {
                RED
            } else if given {
                INK
            } else if v.revealed.get(cell.index()) == Some(&d) {
                REVEALED
            } else {
                ENTRY
            };
            let size = if given { s * 0.66 } else { s * 0.6 };
            let galley = painter.layout_no_wrap(
                d.to_string(),
                FontId::new(size, FontFamily::Proportional),
                colour,
            );
            let pos = r.center() - galley.size() / 2.0;
            if given {
                // a faux bold: the digit drawn twice, a hair apart
                painter.galley(pos + Vec2::new(0.7, 0.0), galley.clone(), colour);
            }
            painter.galley(pos, galley, colour);
            if !given && v.revealed.get(cell.index()) == Some(&d) && !conflict {
                // revealed digits carry a small diamond in the corner
                let c = r.right_top() + Vec2::new(-s * 0.15, s * 0.15);
                let k = s * 0.07;
                painter.add(Shape::convex_polygon(
                    vec![
                        c + Vec2::new(0.0, -k),
                        c + Vec2::new(k, 0.0),
                        c + Vec2::new(0.0, k),
                        c + Vec2::new(-k, 0.0),
                    ],
                    REVEALED,
                    Stroke::NONE,
                ));
            }
            if conflict {
                // conflicts are underlined, not only red
                let y = r.center().y + s * 0.33;
                painter.line_segment(
                    [
                        Pos2::new(r.center().x - s * 0.25, y),
                        Pos2::new(r.center().x + s * 0.25, y),
                    ],
                    Stroke::new(2.5, RED),
                );
            }
        } else {
            for digit in board.notes(cell).iter() {
                let p = geo.candidate_pos(cell, digit);
                painter.text(
                    p,
                    Align2::CENTER_CENTER,
                    digit.to_string(),
                    FontId::proportional(s * 0.24),
                    if digit == sel_digit { SAME_DIGIT } else { NOTE },
                );
            }
            for digit in v.refused[cell.index()].iter() {
                // refused: red and struck through, not only a colour
                let p = geo.candidate_pos(cell, digit);
                painter.text(
                    p,
                    Align2::CENTER_CENTER,
                    digit.to_string(),
                    FontId::proportional(s * 0.24),
                    RED,
                );
                let k = s * 0.1;
                painter.line_segment([p + Vec2::new(-k, k), p + Vec2::new(k, -k)], (1.5, RED));
            }
        }
    }

    // Step highlights.
    for &cell in &v.highlights.cells {
        let r = geo.cell_rect(cell);
        painter.rect_stroke(
            r.shrink(2.0),
            2.0,
            Stroke::new(3.0, BLUE),
            StrokeKind::Inside,
        );
        painter.rect_stroke(
            r.shrink(6.0),
            1.0,
            Stroke::new(1.0, BLUE),
            StrokeKind::Inside,
        );
    }
    let cand_r = s * 0.15;
    for c in &v.highlights.secondary {
        let (cell, digit) = (c.cell, c.digit);
        let p = geo.candidate_pos(cell, digit);
        painter.rect_stroke(
            Rect::from_center_size(p, Vec2::splat(cand_r * 2.0)),
            1.0,
            Stroke::new(1.5, GREEN),
            StrokeKind::Outside,
        );
        cand_text(&painter, p, digit, s, GREEN);
    }
    for c in &v.highlights.candidates {
        let (cell, digit) = (c.cell, c.digit);
        let p = geo.candidate_pos(cell, digit);
        painter.circle(p, cand_r, BLUE_LIGHT, Stroke::new(1.5, BLUE));
        cand_text(&painter, p, digit, s, BLUE);
    }
    for c in &v.highlights.deleted {
        let (cell, digit) = (c.cell, c.digit);
        let p = geo.candidate_pos(cell, digit);
        cand_text(&painter, p, digit, s, RED);
        let k = cand_r;
        painter.line_segment(
            [p + Vec2::new(-k, k), p + Vec2::new(k, -k)],
            Stroke::new(2.0, RED),
        );
    }
    for c in &v.highlights.placed {
        let (cell, digit) = (c.cell, c.digit);
        let r = geo.cell_rect(cell);
        painter.circle_filled(r.center(), s * 0.36, BLUE);
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            digit.to_string(),
            FontId::proportional(s * 0.5),
            Color32::WHITE,
        );
    }
    for a in &v.highlights.links {
        let from = geo.candidate_pos(a.from.cell, a.from.digit);
        let to = geo.candidate_pos(a.to.cell, a.to.digit);
        let strong = a.kind == LinkKind::Strong;
        let dir = (to - from).normalized();
        let (from, to) = (from + dir * cand_r, to - dir * cand_r);
        let stroke = Stroke::new(2.0, if strong { BLUE } else { RED });
        if strong {
            painter.line_segment([from, to], stroke);
        } else {
            painter.add(Shape::dashed_line(&[from, to], stroke, 5.0, 4.0));
        }
        let tip = s * 0.12;
        let rot = egui::emath::Rot2::from_angle(0.5);
        painter.line_segment([to, to - tip * (rot * dir)], stroke);
        painter.line_segment([to, to - tip * (rot.inverse() * dir)], stroke);
    }
    for &cell in &v.highlights.wrong {
        let r = geo.cell_rect(cell).shrink(s * 0.12);
        let stroke = Stroke::new(2.5, RED);
        painter.line_segment([r.left_top(), r.right_bottom()], stroke);
        painter.line_segment([r.right_top(), r.left_bottom()], stroke);
    }

    if let Some(sel) = selected {
        painter.rect_stroke(
            geo.cell_rect(sel).shrink(1.0),
            2.0,
            Stroke::new(3.0, SAME_DIGIT),
            StrokeKind::Inside,
        );
    }
}

fn cand_text(painter: &egui::Painter, p: Pos2, digit: u8, s: f32, colour: Color32) {
    painter.text(
        p,
        Align2::CENTER_CENTER,
        digit.to_string(),
        FontId::proportional(s * 0.24),
        colour,
    );
}

/// The grid's lines: thin between cells, thick around the grid and
/// wherever two cells lie in different boxes or jigsaw regions, drawn edge
/// by edge so that a jigsaw's regions show as they are printed; any size
/// (a 6×6's 2×3 boxes, a 16×16's 4×4 ones).
pub(super) fn draw_lines(painter: &egui::Painter, r: Rect, shape: &crate::grid::Shape) {
    let n = shape.side();
    let s = r.width() / n as f32;
    for i in 0..=n {
        let x = r.min.x + i as f32 * s;
        let y = r.min.y + i as f32 * s;
        painter.line_segment(
            [Pos2::new(x, r.min.y), Pos2::new(x, r.max.y)],
            Stroke::new(1.0, LINE),
        );
        painter.line_segment(
            [Pos2::new(r.min.x, y), Pos2::new(r.max.x, y)],
            Stroke::new(1.0, LINE),
        );
    }
    let thick = Stroke::new(if n > 9 { 2.0 } else { 2.5 }, INK);
    for row in 0..n {
        for col in 0..n {
            let here = shape.region_at(row * n + col);
            let (x, y) = (r.min.x + col as f32 * s, r.min.y + row as f32 * s);
            if col + 1 < n && shape.region_at(row * n + col + 1) != here {
                painter.line_segment([Pos2::new(x + s, y), Pos2::new(x + s, y + s)], thick);
            }
            if row + 1 < n && shape.region_at((row + 1) * n + col) != here {
                painter.line_segment([Pos2::new(x, y + s), Pos2::new(x + s, y + s)], thick);
            }
        }
    }
    painter.rect_stroke(r, 0.0, Stroke::new(3.0, INK), egui::StrokeKind::Middle);
}

/// Diagonal hatching inside `r`, `gap` apart.
pub(super) fn hatch(painter: &egui::Painter, r: Rect, gap: f32, stroke: Stroke) {
    let p = painter.with_clip_rect(r);
    let mut t = -r.height();
    while t < r.width() {
        let a = Pos2::new(r.min.x + t, r.max.y);
        let b = Pos2::new(r.min.x + t + r.height(), r.min.y);
        p.line_segment([a, b], stroke);
        t += gap;
    }
}
