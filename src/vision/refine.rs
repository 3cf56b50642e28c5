//! Locating the 100 line intersections so each cell can be mapped by its own four corners,
//! which follows curved paper and corrects small errors in the outline corners.

use super::cells::{CELL, GRID};
use super::geometry::{sample_bilinear, Homography};
use image::GrayImage;

// Distances below are in canonical units: pixels of the warped grid, [`CELL`] to a cell.

/// Refined intersections in image coordinates, `pts[i * 10 + j]` for line row i, column j.
pub struct Lattice {
    pub pts: Vec<(f64, f64)>,
}

/// Finds intersections near where `canon_to_img` ([`GRID`] square -> image) predicts them.
///
/// `dark` is a darkness image (ink bright) in the same coordinates as the homography. A global
/// correction from the whole lines comes first (fixes the outline, [`snap_to_lines`]); a
/// local pass then lets each point follow the paper's bending, within a few units of the fit.
pub fn refine_lattice(dark: &GrayImage, canon_to_img: &Homography) -> Lattice {
    let grid: Vec<(f64, f64)> = (0..10u32)
        .flat_map(|i| (0..10u32).map(move |j| (f64::from(j * CELL), f64::from(i * CELL))))
        .collect();
    // pass 1: whole lines, for outlines off by up to half a cell
    let global = match snap_to_lines(dark, canon_to_img, &grid) {
        Some(snap) => canon_to_img.compose(&snap),
        None => *canon_to_img,
    };
    // pass 2: each intersection, within a few units of the fit, to follow the paper's bending;
    // one whose local evidence strays further is taken from the fit
    let pts = grid
        .iter()
        .map(|&g| {
            let p = locate(dark, &global, g, 4.0, 10.0);
            if (p.0 - g.0).hypot(p.1 - g.1) > 3.5 {
                global.apply(g)
            } else {
                global.apply(p)
            }
        })
        .collect();
    Lattice { pts }
}

/// How far (canonical units) pass 1 looks for each line: short of half a cell, so a line can
/// never be taken for its neighbour.
const SNAP_REACH: i64 = 14;

/// A canonical-to-canonical correction from the grid lines themselves, for an outline that is
/// off by a good part of a cell (a faint border taken from the box lines, a title's rule taken
/// for the border): each line, in three segments of three cells so a tilted line is followed,
/// is moved to the offset where ink runs along most of it; then a least-squares homography
/// through the moved crossings, without outliers. A line is dark along a whole segment, a row of
/// digits only in places, which the intersections' short arms cannot tell apart when the
/// outline is a third of a cell off.
fn snap_to_lines(
    dark: &GrayImage,
    canon_to_img: &Homography,
    grid: &[(f64, f64)],
) -> Option<Homography> {
    let margin = SNAP_REACH + 2;
    let n = i64::from(GRID) + 2 * margin;
    let side = n as usize;
    // the canonical view of the grid and a margin around it, one unit a pixel
    let mut canon = vec![0f32; side * side];
    for (y, row) in canon.chunks_exact_mut(side).enumerate() {
        for (x, v) in row.iter_mut().enumerate() {
            let p = (x as i64 - margin, y as i64 - margin);
            let (ix, iy) = canon_to_img.apply((p.0 as f64, p.1 as f64));
            *v = sample_bilinear(dark, ix, iy);
        }
    }
    let seg_len = 3 * CELL as usize;
    let px = |across_y: bool, a: i64, t: usize| {
        let (a, t) = ((a + margin) as usize, t + margin as usize);
        if across_y {
            canon[a * side + t]
        } else {
            canon[t * side + a]
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
    let mut dy = [[0.0; 3]; 10];
    let mut dx = [[0.0; 3]; 10];
    for k in 0..10 {
        for seg in 0..3 {
            dy[k][seg] = offset(true, k, seg);
            dx[k][seg] = offset(false, k, seg);
        }
    }
    // a crossing on a segment boundary (the box lines) takes both segments' view
    let at = |d: &[f64; 3], k: usize| match k {
        3 => (d[0] + d[1]) / 2.0,
        6 => (d[1] + d[2]) / 2.0,
        _ => d[(k / 3).min(2)],
    };
    let found: Vec<(f64, f64)> = grid
        .iter()
        .enumerate()
        .map(|(idx, &(gx, gy))| {
            let (i, j) = (idx / 10, idx % 10);
            (gx + at(&dx[j], i), gy + at(&dy[i], j))
        })
        .collect();
    fit_without_outliers(grid, &found)
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

/// Best intersection near canonical point `g`: the row and column (searched independently
/// within `reach` units) carrying the most ink along arms of `arm` units. Returns canonical
/// coordinates.
fn locate(dark: &GrayImage, h: &Homography, g: (f64, f64), reach: f64, arm: f64) -> (f64, f64) {
    let mut c = g;
    for _ in 0..2 {
        let best_y = best_offset(reach, |d| arm_sum(dark, h, |t| (c.0 + t, g.1 + d), arm));
        let best_x = best_offset(reach, |d| arm_sum(dark, h, |t| (g.0 + d, c.1 + t), arm));
        c = (g.0 + best_x, g.1 + best_y);
    }
    c
}

fn best_offset(reach: f64, score: impl Fn(f64) -> f32) -> f64 {
    let steps = (reach * 2.0) as i32;
    let mut best = (f32::MIN, 0.0);
    for s in -steps..=steps {
        let d = f64::from(s) * 0.5;
        let v = score(d);
        if v > best.0 {
            best = (v, d);
        }
    }
    best.1
}

fn arm_sum(dark: &GrayImage, h: &Homography, at: impl Fn(f64) -> (f64, f64), arm: f64) -> f32 {
    let mut s = 0.0;
    let mut t = -arm;
    while t <= arm {
        // skip the centre so the crossing line does not favour itself
        if t.abs() > 2.0 {
            let (x, y) = h.apply(at(t));
            s += sample_bilinear(dark, x, y);
        }
        t += 1.0;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// The canonical grid square mapped onto `corners` (clockwise from the top-left).
    fn outline(corners: [(f64, f64); 4]) -> Homography {
        let side = f64::from(GRID);
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
        let lat = refine_lattice(&dark, &outline(corners));
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
        let lat = refine_lattice(&dark, &outline(corners));
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
}
