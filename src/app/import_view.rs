//! The photo import screen: the photo with the detected grid outline and
//! four draggable corner handles, beside the recognised grid, where the
//! player fixes any cell before accepting the grid.
//!
//! [`ImportState`] (in `import_state`) holds what recognition produced and
//! what the player changed; [`ImportView`] draws it and reports what the
//! player did. Nothing here recognises anything.

use egui::{
    Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
};

use super::i18n::{count_text, fill, Lang, Texts};
pub use super::import_state::{ImportState, ReadCell};
use super::palette;
use crate::grid::Shape;
use crate::vision::Homography;

/// What the player did on the import screen this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ImportEvent {
    /// A corner was dropped somewhere else: recognise again.
    CornersMoved,
    /// Validate and play this grid.
    UseGrid,
    Cancel,
    /// The player chose other rules (classic, X, Hyper): check again.
    ShapeChanged,
}

/// The shapes the correction screen offers: those whose houses a photo
/// shows by shading, besides the classic (and the jigsaw, when the photo's
/// heavy lines drew its regions: see `ImportState::regions`).
const SCREEN_SHAPES: [&str; 4] = ["classic", "x", "hyper", "x+hyper"];

pub(super) struct ImportView<'a> {
    state: &'a mut ImportState,
    texts: &'a Texts,
    lang: Lang,
}

/// The space between the photo and the grid.
const GAP: f32 = 16.0;

/// Height of the row under the grid that shows the selected
/// cell's crop, Pip's question about it and the likely digits.
const CHECK_ROW: f32 = 150.0;

/// How much of the neighbouring cells the crop shows on each side, in
/// cells: a digit cut off by a misplaced line is still seen whole.
const CROP_MARGIN: f64 = 0.3;

impl<'a> ImportView<'a> {
    pub(super) fn new(state: &'a mut ImportState, texts: &'a Texts, lang: Lang) -> Self {
        ImportView { state, texts, lang }
    }

    pub(super) fn show(mut self, ui: &mut Ui) -> Option<ImportEvent> {
        let t = self.texts;
        let mut event = None;
        ui.horizontal(|ui| {
            if ui.button(t.use_grid).clicked() {
                event = Some(ImportEvent::UseGrid);
            }
            if ui.button(t.cancel).clicked() {
                event = Some(ImportEvent::Cancel);
            }
            if ui.button(t.given_or_entry).clicked() {
                self.state.toggle_entry();
            }
            if self.state.busy {
                ui.spinner();
            }
            let n = self.state.uncertain_count();
            if n > 0 {
                ui.label(
                    RichText::new(fill(
                        count_text(
                            n,
                            t.import_uncertain,
                            t.import_uncertain_one,
                            t.import_uncertain,
                        ),
                        &[&n],
                    ))
                    .color(palette::RED),
                );
            }
        });
        ui.horizontal(|ui| {
            ui.label(t.shape_menu);
            if !self.state.shape.is_9x9() {
                // a 6×6 or a 4×4 is read by its size's rules: no variant is offered
                ui.label(RichText::new(self.state.shape.name()).strong());
                return;
            }
            let mut offered: Vec<(Shape, &str)> = SCREEN_SHAPES
                .into_iter()
                .filter_map(|name| {
                    let label = match name {
                        "x" => t.shape_x,
                        "hyper" => t.shape_hyper,
                        "x+hyper" => t.shape_x_hyper,
                        _ => t.shape_classic,
                    };
                    Some((Shape::parse_name(name).ok()?, label))
                })
                .collect();
            // the jigsaw, when the photo's heavy lines drew its regions
            let jigsaw = self.state.regions.clone().and_then(|regions| {
                let spec = crate::grid::ShapeSpec {
                    regions: Some(regions),
                    ..crate::grid::ShapeSpec::classic()
                };
                Shape::new(spec).ok()
            });
            offered.extend(jigsaw.map(|shape| (shape, t.shape_jigsaw)));
            for (shape, label) in offered {
                if ui.radio(self.state.shape == shape, label).clicked() && self.state.shape != shape
                {
                    self.state.shape = shape;
                    event = event.or(Some(ImportEvent::ShapeChanged));
                }
            }
        });
        ui.label(RichText::new(t.import_help).weak());
        // The photo takes its half of the width and the whole height; the
        // grid, square, has the selected cell's check under it (issue 30:
        // a portrait photo was 240 px wide above an empty area).
        let avail = ui.available_size();
        let column = ((avail.x - GAP) / 2.0).max(120.0);
        let side = column.min(avail.y - CHECK_ROW).max(120.0);
        let photo_box = Vec2::new(column, avail.y.max(side));
        ui.horizontal_top(|ui| {
            if self.photo(ui, photo_box) {
                event = event.or(Some(ImportEvent::CornersMoved));
            }
            ui.add_space(GAP);
            ui.vertical(|ui| {
                ui.set_width(column);
                self.grid(ui, side);
                self.check_row(ui);
            });
        });
        event
    }

    /// The selected cell, enlarged from the photo, beside what was read
    /// there, Pip's question about it and the likely digits as one-click
    /// choices (the solution's first).
    fn check_row(&mut self, ui: &mut Ui) {
        let t = self.texts;
        let s = &mut *self.state;
        let Some(cell) = s.selected else {
            return;
        };
        let Some(reading) = s.reading(cell).cloned() else {
            return;
        };
        ui.add_space(8.0);
        ui.horizontal_top(|ui| {
            let side = CHECK_ROW - 16.0;
            let (rect, resp) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
            let name = cell_word(s, cell, self.lang);
            resp.widget_info(|| {
                WidgetInfo::labeled(egui::Role::Image, true, fill(t.import_crop_name, &[&name]))
            });
            if let Some(mesh) = cell_crop(s, cell, rect) {
                ui.painter().add(egui::Shape::mesh(mesh));
            }
            // the cell's own edges inside the margin, so the reader sees
            // which part of the crop was read
            let m = (CROP_MARGIN / (1.0 + 2.0 * CROP_MARGIN)) as f32 * side;
            ui.painter().rect_stroke(
                rect.shrink(m),
                0.0,
                Stroke::new(1.5, Color32::from_rgb(0x00, 0xb0, 0xff)),
                StrokeKind::Middle,
            );
            ui.add_space(12.0);
            ui.vertical(|ui| {
                // Once changed, the line says what was read and what is there now.
                let question = match reading.read {
                    Some(read) => crate::hint::crop_changed(read, reading.digit, self.lang),
                    None => crate::hint::crop_question(reading.digit, reading.entry, self.lang),
                };
                ui.label(RichText::new(question).size(15.0));
                ui.add_space(6.0);
                ui.horizontal_wrapped(|ui| {
                    // Empty is always offered: a digit read from ink showing
                    // through the paper is nothing on this side of it.
                    let mut choices = reading.choices.clone();
                    if !choices.contains(&0) {
                        choices.push(0);
                    }
                    for d in choices {
                        let label = if d == 0 {
                            self.texts.import_empty.to_string()
                        } else {
                            d.to_string()
                        };
                        let button = egui::Button::new(RichText::new(label).size(18.0))
                            .min_size(Vec2::splat(36.0))
                            .selected(d == reading.digit);
                        if ui.add(button).clicked() {
                            s.type_digit(d);
                        }
                    }
                });
            });
        });
    }

    /// The photo with the outline, as large as `area` lets it be (centred
    /// across, at the top); returns whether a corner was dropped.
    fn photo(&mut self, ui: &mut Ui, area: Vec2) -> bool {
        let s = &mut *self.state;
        let scale = (area.x / s.size.x).min(area.y / s.size.y);
        let shown = s.size * scale;
        let (rect, _) = ui.allocate_exact_size(area, Sense::hover());
        let img_rect = Rect::from_min_size(
            egui::pos2(rect.center().x - shown.x / 2.0, rect.min.y),
            shown,
        );
        let t = self.texts;
        let name = fill(t.import_photo_name, &[&s.name]);
        ui.interact(img_rect, ui.make_persistent_id("photo"), Sense::hover())
            .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &name));
        let painter = ui.painter_at(rect);
        painter.image(
            s.photo.id(),
            img_rect,
            Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
            Color32::WHITE,
        );
        let to_screen = |p: Pos2| img_rect.min + p.to_vec2() * scale;
        let mut dropped = false;
        let names = [
            t.import_corner_top_left,
            t.import_corner_top_right,
            t.import_corner_bottom_right,
            t.import_corner_bottom_left,
        ];
        // Overlapping grids are found by their five lattices, which four
        // corners cannot place again: their outline is shown, not moved.
        let movable = s.shape.overlap().is_none();
        for (i, name) in names.iter().enumerate().filter(|_| movable) {
            let centre = to_screen(s.corners[i]);
            let id = ui.make_persistent_id(("corner", i));
            let r = ui.interact(
                Rect::from_center_size(centre, Vec2::splat(22.0)),
                id,
                Sense::drag(),
            );
            r.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, *name));
            if r.dragged() {
                let p = s.corners[i] + r.drag_delta() / scale;
                s.corners[i] = Pos2::new(p.x.clamp(0.0, s.size.x), p.y.clamp(0.0, s.size.y));
            }
            if r.drag_stopped() {
                dropped = true;
            }
        }
        let pts: Vec<Pos2> = s.corners.iter().map(|&p| to_screen(p)).collect();
        let outline = Stroke::new(2.5, Color32::from_rgb(0x00, 0xb0, 0xff));
        painter.add(egui::Shape::closed_line(pts.clone(), outline));
        for p in pts.into_iter().filter(|_| movable) {
            painter.circle(p, 8.0, Color32::from_white_alpha(160), outline);
            painter.circle_filled(p, 2.5, outline.color);
        }
        dropped
    }

    /// The recognised grid, editable: every cell on its plane (a samurai's
    /// whole cross, the holes between its grids left blank).
    fn grid(&mut self, ui: &mut Ui, side: f32) {
        let t = self.texts;
        let lang = self.lang;
        let s = &mut *self.state;
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
        let (rows, cols) = s.plane();
        let cs = side / rows.max(cols) as f32;
        let conflicts = s.conflicts();
        let painter = ui.painter_at(rect.expand(2.0));
        let overlapping = s.shape.overlap().is_some();
        if !overlapping {
            painter.rect_filled(rect, 4.0, palette::PAPER);
        }
        let place = |row: usize, col: usize| {
            Rect::from_min_size(
                rect.min + Vec2::new(col as f32 * cs, row as f32 * cs),
                Vec2::splat(cs),
            )
        };
        let cells: Vec<(usize, usize, usize)> = s.cells().collect();
        for (index, row, col) in cells {
            let r = place(row, col);
            if overlapping {
                painter.rect_filled(r, 0.0, palette::PAPER);
            }
            let Some(reading) = s.readings.get(index).cloned() else {
                continue;
            };
            let id = ui.make_persistent_id(("reading", index));
            let resp = ui.interact(r, id, Sense::click());
            let c = cell_word(s, index, lang);
            let mut label = match (reading.digit, reading.entry) {
                (0, _) => fill(t.import_read_empty, &[&c]),
                (d, false) => fill(t.import_read_printed, &[&c, &d]),
                (d, true) => fill(t.import_read_handwritten, &[&c, &d]),
            };
            if reading.uncertain {
                label = fill(t.import_read_uncertain, &[&label]);
            }
            let conflict = conflicts.get(index) == Some(&true);
            if conflict {
                label = fill(t.import_read_conflict, &[&label]);
            }
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Cell, true, &label));
            if resp.clicked() {
                s.selected = Some(index);
            }
            paint_reading(&painter, r, &reading, conflict, s.selected == Some(index));
        }
        // thick lines per box, or per region once the jigsaw is chosen
        if overlapping {
            super::sized_board::draw_plane_lines(
                &painter,
                &s.shape,
                &|i| {
                    let (row, col) = s.shape.position(i);
                    place(row, col)
                },
                cs,
            );
        } else {
            super::board_view::draw_lines(&painter, rect, &s.shape);
        }
        if let Some(sel) = s.selected {
            let (row, col) = s.shape.position(sel);
            painter.rect_stroke(
                place(row, col).shrink(1.0),
                2.0,
                Stroke::new(3.0, palette::SAME_DIGIT),
                StrokeKind::Inside,
            );
        }
    }
}

/// The name of cell `index` on the screen: "r1c2", or on overlapping grids
/// the cell in each grid holding it ("TL:r7c7; C:r1c1").
fn cell_word(s: &ImportState, index: usize, lang: Lang) -> String {
    let wording = crate::hint::Wording::new(lang, crate::hint::Notation::Compact);
    crate::hint::cell_on_shape(&s.shape, index, wording)
}

/// One reading drawn in its cell `r`: shaded when printed, its digit (red
/// and underlined in a conflict), and a dashed frame with a question mark
/// when the model doubts it.
fn paint_reading(
    painter: &egui::Painter,
    r: Rect,
    reading: &ReadCell,
    conflict: bool,
    selected: bool,
) {
    let cs = r.width();
    if reading.digit != 0 && !reading.entry {
        painter.rect_filled(r, 0.0, palette::GIVEN_BG);
    }
    if selected {
        painter.rect_filled(r, 0.0, palette::SELECTED);
    }
    if reading.digit != 0 {
        let colour = if conflict {
            palette::RED
        } else if reading.entry {
            palette::ENTRY
        } else {
            palette::INK
        };
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            reading.digit.to_string(),
            FontId::proportional(cs * 0.6),
            colour,
        );
        if conflict {
            // as on the board: red and underlined, not only a colour
            let y = r.center().y + cs * 0.33;
            painter.line_segment(
                [
                    Pos2::new(r.center().x - cs * 0.25, y),
                    Pos2::new(r.center().x + cs * 0.25, y),
                ],
                Stroke::new(2.5, palette::RED),
            );
        }
    }
    if reading.uncertain {
        // uncertain: a dashed frame and a question mark, not only a colour
        let q = r.shrink(3.0);
        let corners = [
            q.left_top(),
            q.right_top(),
            q.right_bottom(),
            q.left_bottom(),
            q.left_top(),
        ];
        painter.extend(egui::Shape::dashed_line(
            &corners,
            Stroke::new(2.0, palette::RED),
            4.0,
            3.0,
        ));
        painter.text(
            r.right_top() + Vec2::new(-cs * 0.18, cs * 0.2),
            Align2::CENTER_CENTER,
            "?",
            FontId::proportional(cs * 0.28),
            palette::RED,
        );
    }
}

/// The photo around `cell`, drawn into `rect`: a mesh whose vertices sample
/// the photo through the homography that maps the grid's cells (9 x 9 on a
/// classic) onto its four corners, so a tilted photo shows the cell square
/// and upright. A 6 x 6 mesh keeps the perspective within a fraction of a
/// pixel at this size. None when the corners make no homography.
fn cell_crop(s: &ImportState, cell: usize, rect: Rect) -> Option<egui::Mesh> {
    const STEPS: usize = 6;
    let (rows, cols) = s.plane();
    let (h, w) = (rows as f64, cols as f64);
    let grid = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let corners = s.corners.map(|p| (f64::from(p.x), f64::from(p.y)));
    let to_photo = Homography::from_4(grid, corners)?;
    let span = 1.0 + 2.0 * CROP_MARGIN;
    let (row, col) = s.shape.position(cell);
    let (x0, y0) = (col as f64 - CROP_MARGIN, row as f64 - CROP_MARGIN);
    let mut mesh = egui::Mesh::with_texture(s.photo.id());
    for i in 0..=STEPS {
        for j in 0..=STEPS {
            let (u, v) = (j as f64 / STEPS as f64, i as f64 / STEPS as f64);
            let (px, py) = to_photo.apply((x0 + u * span, y0 + v * span));
            let uv = Pos2::new(px as f32 / s.size.x, py as f32 / s.size.y);
            let pos = rect.min + Vec2::new(u as f32, v as f32) * rect.size();
            mesh.vertices.push(egui::epaint::Vertex {
                pos,
                uv,
                color: Color32::WHITE,
            });
        }
    }
    let row = (STEPS + 1) as u32;
    for i in 0..STEPS as u32 {
        for j in 0..STEPS as u32 {
            let a = i * row + j;
            mesh.add_triangle(a, a + 1, a + row);
            mesh.add_triangle(a + 1, a + row + 1, a + row);
        }
    }
    Some(mesh)
}
