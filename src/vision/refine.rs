//! Locating the line intersections (100 of a classic, `(side + 1)²` of a grid of any size) so
//! each cell can be mapped by its own four corners:
//! the outline snapped to the grid's whole lines (a homography), then each line followed as a
//! curve (`curves.rs`), which follows curved paper and corrects small errors in the corners.

use super::cells::CELL;
use super::curves::{crossing, trace_line, LineCurve};
use super::geometry::{sample_bilinear, Homography};
use image::GrayImage;

// Distances below are in canonical units: pixels of the warped grid, [`CELL`] to a cell.

/// Refined intersections in image coordinates, `pts[i * (side + 1) + j]` for line row i,
/// column j (`pts[i * 10 + j]` on a classic).
pub struct Lattice {
    pub pts: Vec<(f64, f64)>,
    /// Cells a side: 9 for the classic, 6 or 4 for the smaller grids.
    pub side: usize,
}

/// Finds the intersections of a grid of `side` cells a side near where `canon_to_img` (square
/// of `side` [`CELL`]s -> image) predicts them.
///
/// `dark` is a darkness image (ink bright) in the same coordinates as the homography. A global
/// correction from the whole lines comes first (fixes the outline, [`snap_to_lines`]); then
/// each of the twenty lines is traced as a curve in the flat view of the corrected outline,
/// and the lattice points are where the curves cross.
pub fn refine_lattice(dark: &GrayImage, canon_to_img: &Homography, side: usize) -> Lattice {
    // pass 1: whole lines, for outlines off by up to half a cell
    let global = match snap_to_lines(dark, canon_to_img, side) {
        Some(snap) => canon_to_img.compose(&snap),
        None => *canon_to_img,
    };
    // pass 2: each line as a curve, to follow the paper's bending
    let view = CanonicalView::new(dark, &global, TRACE_MARGIN, side);
    let lines = side + 1;
    let rows: Vec<LineCurve> = (0..lines).map(|k| trace_line(&view, true, k)).collect();
    let cols: Vec<LineCurve> = (0..lines).map(|k| trace_line(&view, false, k)).collect();
    let pts = (0..lines)
        .flat_map(|i| (0..lines).map(move |j| (i, j)))
        .map(|(i, j)| global.apply(crossing(&rows[i], i, &cols[j], j)))
        .collect();
    Lattice { pts, side }
}

/// Margin (canonical units) of the view lines are traced in: a line followed half a cell off
/// still has a cell middle beside it in view.
const TRACE_MARGIN: i64 = 20;

/// The darkness around a grid seen flat: the canonical square ([`CELL`] units a cell) and a
/// margin around it, sampled one unit a pixel through a canonical-to-image homography.
pub(crate) struct CanonicalView {
    side: usize,
    margin: i64,
    px: Vec<f32>,
    cells: usize,
}

impl CanonicalView {
    /// Samples `dark` (bilinear) at every canonical unit point within `margin` of the square
    /// of `cells` cells a side.
    pub fn new(
        dark: &GrayImage,
        canon_to_img: &Homography,
        margin: i64,
        cells: usize,
    ) -> CanonicalView {
        let side = (i64::from(CELL) * cells as i64 + 2 * margin) as usize;
        let mut px = vec![0f32; side * side];
        for (y, row) in px.chunks_exact_mut(side).enumerate() {
            for (x, v) in row.iter_mut().enumerate() {
                let p = (x as i64 - margin, y as i64 - margin);
                let (ix, iy) = canon_to_img.apply((p.0 as f64, p.1 as f64));
                *v = sample_bilinear(dark, ix, iy);
            }
        }
        CanonicalView {
            side,
            margin,
            px,
            cells,
        }
    }

    /// Cells a side of the grid seen.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The darkness at canonical point (x, y); none (0) outside the view.
    pub fn at(&self, x: i64, y: i64) -> f32 {
        let (cx, cy) = (x + self.margin, y + self.margin);
        let n = self.side as i64;
        if (0..n).contains(&cx) && (0..n).contains(&cy) {
            self.px[cy as usize * self.side + cx as usize]
        } else {
            0.0
        }
    }

    /// The darkness at `along` on a line of the family along x (`across_y`) or along y,
    /// `across` units across (interpolated linearly between whole units).
    pub fn across(&self, across_y: bool, along: i64, across: f64) -> f32 {
        let a0 = across.floor();
        let f = (across - a0) as f32;
        let a0 = a0 as i64;
        let pick = |a: i64| {
            if across_y {
                self.at(along, a)
            } else {
                self.at(a, along)
            }
        };
        pick(a0) * (1.0 - f) + pick(a0 + 1) * f
    }
}

/// How far (canonical units) pass 1 looks for each line: short of half a cell, so a line can
/// never be taken for its neighbour.
const SNAP_REACH: i64 = 14;

/// A canonical-to-canonical correction from the grid lines themselves, for an outline that is
/// off by a good part of a cell (a faint border taken from the box lines, a title's rule taken
/// for the border): each line, in segments of three cells (two on a 4x4) so a tilted line is
/// followed,
/// is moved to the offset where ink runs along most of it; then a least-squares homography
/// through the moved crossings, without outliers. A line is dark along a whole segment, a row of
/// digits only in places, which the intersections' short arms cannot tell apart when the
/// outline is a third of a cell off.
fn snap_to_lines(dark: &GrayImage, canon_to_img: &Homography, side: usize) -> Option<Homography> {
    let view = CanonicalView::new(dark, canon_to_img, SNAP_REACH + 2, side);
    let lines = side as u32 + 1;
    let grid: Vec<(f64, f64)> = (0..lines)
        .flat_map(|i| (0..lines).map(move |j| (f64::from(j * CELL), f64::from(i * CELL))))
        .collect();
    // cells a segment, and segments a line: three of three on a classic
    let seg_cells = if side.is_multiple_of(3) { 3 } else { 2 };
    let segs = side / seg_cells;
    let seg_len = seg_cells * CELL as usize;
    let px = |across_y: bool, a: i64, t: usize| {
        if across_y {
            view.at(t as i64, a)
        } else {
            view.at(a, t as i64)
        }
    };
    // how surely a line runs at offset `at` through segment `seg`: the darkness that three
    // quarters of its length reach (a digit row is dark only in places, a line all along);
    // lines are a few pixels thick, so each sample takes the darkest of three offsets
    let lineness = |across_y: bool, seg: usize, at: i64, buf: &mut Vec<f32>| -> f32 {
        buf.clear();
        buf.extend((seg * seg_len..(seg + 1) * seg_len).map(|t| {
            (-1..=1)
                .map(|e| px(across_y, at + e, t))
                .fold(f32::MIN, f32::max)
        }));
        let q = buf.len() / 4;
        *buf.select_nth_unstable_by(q, f32::total_cmp).1
    };
    let mut buf = Vec::with_capacity(seg_len);
    let mut offset = |across_y: bool, k: usize, seg: usize| -> f64 {
        let c = k as i64 * i64::from(CELL);
        let mut best = (f32::MIN, 0i64);
        for d in -SNAP_REACH..=SNAP_REACH {
            let v = lineness(across_y, seg, c + d, &mut buf);
            // ties (a solid run of ink) go to the offset nearest the outline's guess
            if v > best.0 || (v == best.0 && d.abs() < best.1.abs()) {
                best = (v, d);
            }
        }
        best.1 as f64
    };
    let mut dy = vec![vec![0.0; segs]; side + 1];
    let mut dx = vec![vec![0.0; segs]; side + 1];
    for k in 0..=side {
        for seg in 0..segs {
            dy[k][seg] = offset(true, k, seg);
            dx[k][seg] = offset(false, k, seg);
        }
    }
    // a crossing on a segment boundary (the box lines) takes both segments' view
    let at = |d: &[f64], k: usize| {
        if k.is_multiple_of(seg_cells) && k > 0 && k < side {
            (d[k / seg_cells - 1] + d[k / seg_cells]) / 2.0
        } else {
            d[(k / seg_cells).min(segs - 1)]
        }
    };
    let found: Vec<(f64, f64)> = grid
        .iter()
        .enumerate()
        .map(|(idx, &(gx, gy))| {
            let (i, j) = (idx / (side + 1), idx % (side + 1));
            (gx + at(dx[j].as_slice(), i), gy + at(dy[i].as_slice(), j))
        })
        .collect();
    fit_without_outliers(&grid, &found)
}

/// A least-squares homography `from -> to`, refitted twice without the points more than
/// three units off.
fn fit_without_outliers(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Homography> {
    let mut keep = vec![true; from.len()];
    let mut h = None;
    for _ in 0..3 {
        let (f, t): (Vec<_>, Vec<_>) = from
            .iter()
            .zip(to)
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|((g, p), _)| (*g, *p))
            .unzip();
        if f.len() < 20 {
            break;
        }
        let Some(fit) = Homography::fit(&f, &t) else {
            break;
        };
        for (k, (g, p)) in from.iter().zip(to).enumerate() {
            let q = fit.apply(*g);
            keep[k] = (q.0 - p.0).hypot(q.1 - p.1) < 3.0;
        }
        h = Some(fit);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// The canonical grid square mapped onto `corners` (clockwise from the top-left).
    fn outline(corners: [(f64, f64); 4]) -> Homography {
        let side = f64::from(9 * CELL);
        Homography::from_4(
            [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)],
            corners,
        )
        .expect("a proper quadrilateral")
    }

    #[test]
    fn an_outline_a_third_of_a_cell_off_snaps_to_the_lines_not_to_a_digit_row() {
        // lines every 30 px from (15, 15), and in every row a bold bar of handwriting 8 px
        // below the line: what the intersections' short arms would take for the line
        let on = |v: u32| v >= 15 && (v - 15) % 30 < 2 && v <= 287;
        let bar = |x: u32, y: u32| {
            y >= 15 && (y - 15) % 30 >= 7 && (y - 15) % 30 < 10 && (x + 5) % 30 < 16 && y < 280
        };
        let dark = GrayImage::from_fn(320, 320, |x, y| {
            let inside = (15..=287).contains(&x) && (15..=287).contains(&y);
            Luma([if inside && (on(x) || on(y) || bar(x, y)) {
                200
            } else {
                0
            }])
        });
        // every corner 11 px (0.37 cell) down and to the right of the truth
        let corners = [(26.0, 26.0), (296.0, 26.0), (296.0, 296.0), (26.0, 296.0)];
        let lat = refine_lattice(&dark, &outline(corners), 9);
        for (i, want) in [(0, 15.5), (44, 135.5), (99, 285.5)] {
            let p = lat.pts[i];
            assert!(
                (p.0 - want).abs() < 1.5 && (p.1 - want).abs() < 1.5,
                "point {i}: {p:?}"
            );
        }
    }

    #[test]
    fn intersections_are_found_despite_a_shifted_outline() {
        // ink-bright lines every 30 px from (15, 15): the true grid is 270 px wide
        let dark = GrayImage::from_fn(320, 320, |x, y| {
            let on = |v: u32| v >= 15 && (v - 15) % 30 < 2 && v <= 287;
            let inside = (15..=287).contains(&x) && (15..=287).contains(&y);
            Luma([if inside && (on(x) || on(y)) { 200 } else { 0 }])
        });
        // outline off by a few pixels
        let corners = [(12.0, 18.0), (290.0, 13.0), (284.0, 290.0), (17.0, 283.0)];
        let lat = refine_lattice(&dark, &outline(corners), 9);
        let p = lat.pts[5 * 10 + 5];
        assert!(
            (p.0 - 165.5).abs() < 1.5 && (p.1 - 165.5).abs() < 1.5,
            "{p:?}"
        );
        let c = lat.pts[99];
        assert!(
            (c.0 - 285.5).abs() < 2.0 && (c.1 - 285.5).abs() < 2.0,
            "{c:?}"
        );
    }

    /// Where the ideal grid point `q` lands on a page that curls near its right side: past
    /// x = 200 the rows fan out, by up to `c` pixels at x = 290, growing as the square of the
    /// distance into the curl. No homography maps the ideal grid onto it.
    fn curl(q: (f64, f64), c: f64) -> (f64, f64) {
        let s = ((q.0 - 200.0) / 90.0).max(0.0);
        (
            q.0 - 0.3 * c * s * s,
            q.1 + c * s * s * (q.1 - 155.0) / 135.0,
        )
    }

    /// A darkness image of the grid of 30-pixel cells at (20, 20), bent by [`curl`]: its lines
    /// drawn as dense runs of points, two pixels thick.
    fn curled_grid(c: f64) -> GrayImage {
        let mut img = GrayImage::new(340, 340);
        for k in 0..10 {
            let mut t = 0.0;
            while t <= 270.0 {
                let a = 20.0 + f64::from(k) * 30.0;
                for q in [(a, 20.0 + t), (20.0 + t, a)] {
                    let p = curl(q, c);
                    for (dx, dy) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
                        let (x, y) = ((p.0 + dx - 0.5).round(), (p.1 + dy - 0.5).round());
                        if (0.0..340.0).contains(&x) && (0.0..340.0).contains(&y) {
                            img.put_pixel(x as u32, y as u32, Luma([200]));
                        }
                    }
                }
                t += 0.25;
            }
        }
        img
    }

    #[test]
    fn the_lines_of_a_curled_page_are_followed_to_its_edge() {
        // rows fan out by 14 px (almost half a cell) at the curled edge
        let c = 14.0;
        let dark = curled_grid(c);
        let corners = [
            curl((20.0, 20.0), c),
            curl((290.0, 20.0), c),
            curl((290.0, 290.0), c),
            curl((20.0, 290.0), c),
        ];
        let h = outline(corners);
        let lat = refine_lattice(&dark, &h, 9);
        // the worst lattice point's distance from where the curled lines cross, and that of
        // the straight fit (the outline snapped to the whole lines), for comparison
        let worst = |pts: &[(f64, f64)]| -> (f64, usize) {
            let mut worst = (0.0f64, 0);
            for i in 0..10 {
                for j in 0..10 {
                    let want = curl((20.0 + 30.0 * j as f64, 20.0 + 30.0 * i as f64), c);
                    // the drawn lines' centres: half a pixel right of and below the points
                    let want = (want.0 + 0.5, want.1 + 0.5);
                    let got = pts[i * 10 + j];
                    let e = (got.0 - want.0).hypot(got.1 - want.1);
                    if e > worst.0 {
                        worst = (e, i * 10 + j);
                    }
                }
            }
            worst
        };
        let straight_fit = snap_to_lines(&dark, &h, 9).map_or(h, |s| h.compose(&s));
        let straight: Vec<(f64, f64)> = (0..100)
            .map(|k| straight_fit.apply((f64::from(k % 10 * CELL), f64::from(k / 10 * CELL))))
            .collect();
        let (e, k) = worst(&lat.pts);
        let (e_straight, _) = worst(&straight);
        // a cubic through the measurements follows the bend to within a tenth of a cell at
        // the far corner, where a straight line is a fifth of a cell or more off
        assert!(e < 3.0, "point {k} is {e:.1} px off");
        assert!(
            e_straight > 6.0,
            "the straight fit is only {e_straight:.1} px off"
        );
    }
}
