//! The view onto a board of overlapping grids (a samurai's 21 × 21 cross,
//! a 3 × 3 carpet's 33 × 33): how far it is zoomed in and which place of
//! the plane sits at the middle of the board's square. At zoom 1 the whole
//! plane fits; zoomed in, the player pans by dragging, and the view follows
//! the keyboard's selection and Pip's hints so that what is talked about is
//! always on screen.
//!
//! State only: `sized_board` draws with it, `App` moves it (arrow keys, the
//! zoom keys, a hint being read).

use egui::{Pos2, Vec2};

/// How many cells across the board shows at the closest zoom: a 9×9 grid's
/// box and a half each way, still readable as a Sudoku.
const CLOSEST_CELLS_ACROSS: f32 = 7.0;

/// How much one press of a zoom key or button zooms.
pub(super) const ZOOM_STEP: f32 = 1.25;

/// The zoom and the centre of the view, in plane cells (a cell's middle is
/// at row + 0.5, column + 0.5).
#[derive(Clone, Debug, PartialEq)]
pub struct PlaneCamera {
    zoom: f32,
    centre: Option<Pos2>,
    /// Plane cells to bring into view at the next frame (the board knows
    /// its size only when drawn): the selection after a key, a hint's cells.
    pending: Vec<(usize, usize)>,
    /// The hint cells last brought into view, so that a hint pans once and
    /// the player may pan away while reading it; with their plane places,
    /// brought back into view when the zoom changes during the hint.
    followed: Vec<u16>,
    followed_places: Vec<(usize, usize)>,
}

impl Default for PlaneCamera {
    fn default() -> Self {
        PlaneCamera {
            zoom: 1.0,
            centre: None,
            pending: Vec::new(),
            followed: Vec::new(),
            followed_places: Vec::new(),
        }
    }
}

/// Where the plane lies on screen this frame: the size of a cell and the
/// screen place of the plane's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PlaneView {
    pub(super) cell: f32,
    pub(super) origin: Pos2,
}

impl PlaneView {
    /// The screen rectangle of the plane cell at (row, column).
    pub(super) fn cell_rect(&self, row: usize, col: usize) -> egui::Rect {
        egui::Rect::from_min_size(
            self.origin + Vec2::new(col as f32 * self.cell, row as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }
}

impl PlaneCamera {
    /// Back to the whole plane in view (a new game).
    pub fn reset(&mut self) {
        *self = PlaneCamera::default();
    }

    /// The zoom, 1 when the whole plane fits.
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// The zoom past which the board would show fewer than
    /// [`CLOSEST_CELLS_ACROSS`] cells.
    fn max_zoom(plane: (usize, usize)) -> f32 {
        (plane.0.max(plane.1) as f32 / CLOSEST_CELLS_ACROSS).max(1.0)
    }

    /// Zooms by `factor` (above 1 closer) keeping the plane place under
    /// `anchor` (plane cells; the centre when `None`) where it is on screen.
    pub fn zoom_by(&mut self, factor: f32, anchor: Option<Pos2>, plane: (usize, usize)) {
        let old = self.zoom;
        let new = (old * factor).clamp(1.0, Self::max_zoom(plane));
        if new == old {
            return;
        }
        let centre = self.centre.unwrap_or_else(|| whole_centre(plane));
        // the anchor keeps its screen place: its offset from the centre,
        // in plane cells, shrinks as the cells grow
        let anchor = anchor.unwrap_or(centre);
        let kept = (centre - anchor) * (old / new);
        self.zoom = new;
        self.centre = Some(anchor + kept);
        // closer in, a hint being read stays on screen
        if new > old && !self.followed_places.is_empty() {
            self.pending = self.followed_places.clone();
        }
    }

    /// Pans by a drag of `screen` points on a board of cells `cell` wide.
    pub fn pan_by(&mut self, screen: Vec2, cell: f32, plane: (usize, usize)) {
        if cell <= 0.0 {
            return;
        }
        let centre = self.centre.unwrap_or_else(|| whole_centre(plane));
        self.centre = Some(centre - screen / cell);
    }

    /// The plane moved under the view by `(rows, columns)` cells (the
    /// endless carpet's view made again around the next grid): the view
    /// moves with it, so that the cells on screen stay where they are.
    pub fn shift(&mut self, (rows, cols): (i32, i32)) {
        let by = Vec2::new(cols as f32, rows as f32);
        if let Some(centre) = &mut self.centre {
            *centre += by;
        }
        let moved = |(r, c): (usize, usize)| {
            (
                (r as i32 + rows).max(0) as usize,
                (c as i32 + cols).max(0) as usize,
            )
        };
        self.pending = self.pending.iter().copied().map(moved).collect();
        self.followed_places = self.followed_places.iter().copied().map(moved).collect();
    }

    /// Starts a game zoomed in at `zoom` (clamped to the plane's range),
    /// with the plane cell at (row, column) in the middle.
    pub fn look_at(&mut self, zoom: f32, (row, col): (usize, usize), plane: (usize, usize)) {
        self.zoom = zoom.clamp(1.0, Self::max_zoom(plane));
        self.centre = Some(Pos2::new(col as f32 + 0.5, row as f32 + 0.5));
    }

    /// Asks for the plane cell at (row, column) to be in view at the next
    /// frame: the selection moved by a key.
    pub fn follow(&mut self, row: usize, col: usize) {
        self.pending = vec![(row, col)];
    }

    /// Asks for a hint's cells (by index; `places` gives their plane
    /// places) to be in view, once per hint.
    /// No cells: no hint is on screen any more.
    pub fn follow_hint(&mut self, cells: &[u16], places: impl Fn(usize) -> (usize, usize)) {
        if cells == self.followed.as_slice() {
            return;
        }
        self.followed = cells.to_vec();
        self.followed_places = cells.iter().map(|&c| places(usize::from(c))).collect();
        self.pending = self.followed_places.clone();
    }

    /// Where the plane lies on a square board `side` points wide whose
    /// top-left corner is `corner`, after bringing what was asked into
    /// view; the centre is kept where the plane covers the board.
    pub(super) fn view(&mut self, corner: Pos2, side: f32, plane: (usize, usize)) -> PlaneView {
        let across = plane.0.max(plane.1).max(1) as f32;
        let cell = side / across * self.zoom;
        let visible = side / cell; // cells across the board
        let mut centre = self.centre.unwrap_or_else(|| whole_centre(plane));
        if !self.pending.is_empty() {
            centre = bring_into_view(centre, &self.pending, visible);
            self.pending.clear();
        }
        let centre = Pos2::new(
            clamp_axis(centre.x, plane.1 as f32, visible),
            clamp_axis(centre.y, plane.0 as f32, visible),
        );
        self.centre = Some(centre);
        let middle = corner + Vec2::splat(side / 2.0);
        PlaneView {
            cell,
            origin: middle - centre.to_vec2() * cell,
        }
    }
}

/// The middle of the whole plane (rows, columns), in plane cells.
fn whole_centre(plane: (usize, usize)) -> Pos2 {
    Pos2::new(plane.1 as f32 / 2.0, plane.0 as f32 / 2.0)
}

/// Keeps a view `visible` cells wide on a plane axis `length` cells long:
/// a plane narrower than the view is centred, a wider one covers the view
/// (no blank band past its edge).
fn clamp_axis(centre: f32, length: f32, visible: f32) -> f32 {
    if length <= visible {
        length / 2.0
    } else {
        centre.clamp(visible / 2.0, length - visible / 2.0)
    }
}

/// The least move of `centre` that shows every cell of `cells` with half a
/// cell of margin, or that centres them when they do not all fit.
fn bring_into_view(centre: Pos2, cells: &[(usize, usize)], visible: f32) -> Pos2 {
    let axis = |c: f32, lo: f32, hi: f32| {
        let half = visible / 2.0;
        if hi - lo > visible {
            (lo + hi) / 2.0
        } else if lo < c - half {
            lo + half
        } else if hi > c + half {
            hi - half
        } else {
            c
        }
    };
    let margin = 0.5;
    let rows = cells.iter().map(|&(r, _)| r as f32);
    let cols = cells.iter().map(|&(_, c)| c as f32);
    let top = rows.clone().fold(f32::MAX, f32::min) - margin;
    let bottom = rows.fold(f32::MIN, f32::max) + 1.0 + margin;
    let left = cols.clone().fold(f32::MAX, f32::min) - margin;
    let right = cols.fold(f32::MIN, f32::max) + 1.0 + margin;
    Pos2::new(axis(centre.x, left, right), axis(centre.y, top, bottom))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMURAI: (usize, usize) = (21, 21);

    #[test]
    fn at_zoom_one_the_whole_plane_fits_the_board() {
        let mut camera = PlaneCamera::default();
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        assert_eq!(view.cell, 20.0);
        assert_eq!(view.cell_rect(0, 0).min, Pos2::ZERO);
        assert_eq!(view.cell_rect(20, 20).max, Pos2::new(420.0, 420.0));
    }

    #[test]
    fn zooming_keeps_the_anchor_in_place_and_stops_at_both_ends() {
        let mut camera = PlaneCamera::default();
        camera.zoom_by(0.5, None, SAMURAI);
        assert_eq!(camera.zoom(), 1.0, "never smaller than the whole plane");
        let anchor = Pos2::new(5.0, 5.0);
        let before = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        let on_screen = before.origin + anchor.to_vec2() * before.cell;
        camera.zoom_by(2.0, Some(anchor), SAMURAI);
        let after = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        let now = after.origin + anchor.to_vec2() * after.cell;
        assert_eq!(after.cell, 40.0);
        assert!(
            (now - on_screen).length() < 0.01,
            "{now:?} moved from {on_screen:?}"
        );
        camera.zoom_by(100.0, None, SAMURAI);
        assert_eq!(camera.zoom(), 3.0, "21 cells at 7 across at most");
    }

    #[test]
    fn a_followed_cell_comes_into_view_and_the_plane_covers_the_board() {
        let mut camera = PlaneCamera::default();
        camera.zoom_by(3.0, None, SAMURAI); // 7 cells across, centred at 10.5
        camera.follow(20, 0);
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        let r = view.cell_rect(20, 0);
        assert!(r.min.x >= 0.0 && r.max.y <= 420.0, "{r:?} off the board");
        // panned far past the edge: held where the plane still covers the board
        camera.pan_by(Vec2::new(-10_000.0, 0.0), view.cell, SAMURAI);
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        assert_eq!(view.cell_rect(0, 20).max.x, 420.0);
    }

    #[test]
    fn a_shift_keeps_the_same_cells_on_screen() {
        let plane = (21, 21);
        let mut camera = PlaneCamera::default();
        camera.look_at(2.0, (10, 16), plane);
        let before = camera.view(Pos2::ZERO, 420.0, plane);
        // the plane moves six columns left: cell (10, 16) is now (10, 10)
        camera.shift((0, -6));
        let after = camera.view(Pos2::ZERO, 420.0, plane);
        let (a, b) = (before.cell_rect(10, 16), after.cell_rect(10, 10));
        assert!((a.center() - b.center()).length() < 0.01, "{a:?} {b:?}");
    }

    #[test]
    fn a_hint_pans_the_view_once() {
        let mut camera = PlaneCamera::default();
        camera.zoom_by(3.0, None, SAMURAI);
        let place = |i: usize| (i / 21, i % 21);
        camera.follow_hint(&[0], place);
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        assert!(view.cell_rect(0, 0).min.x >= 0.0);
        camera.pan_by(Vec2::new(-200.0, -200.0), view.cell, SAMURAI);
        let panned = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        camera.follow_hint(&[0], place);
        assert_eq!(camera.view(Pos2::ZERO, 420.0, SAMURAI), panned);
        // zoomed closer during the hint: its cells come back on screen
        camera.zoom_by(0.5, None, SAMURAI);
        camera.view(Pos2::ZERO, 420.0, SAMURAI);
        camera.zoom_by(2.0, Some(Pos2::new(20.0, 20.0)), SAMURAI);
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        assert!(view.cell_rect(0, 0).min.x >= 0.0 && view.cell_rect(0, 0).min.y >= 0.0);
        // the hint gone, zooming no longer pans to it
        camera.follow_hint(&[], place);
        camera.zoom_by(0.5, None, SAMURAI);
        camera.view(Pos2::ZERO, 420.0, SAMURAI);
        camera.zoom_by(2.0, Some(Pos2::new(20.0, 20.0)), SAMURAI);
        let view = camera.view(Pos2::ZERO, 420.0, SAMURAI);
        assert!(
            view.cell_rect(0, 0).min.x < 0.0,
            "stays where the player zoomed"
        );
    }
}
