//! Locating the 100 line intersections so each cell can be mapped by its own four corners,
//! which follows curved paper and corrects small errors in the outline corners.

use super::geometry::{sample_bilinear, Homography};
use image::GrayImage;

/// Canonical units per cell while refining (the grid is 9 * UNIT square).
const UNIT: f64 = 32.0;

/// Refined intersections in image coordinates, `pts[i * 10 + j]` for line row i, column j.
pub struct Lattice {
    pub pts: Vec<(f64, f64)>,
    /// Intersections whose local evidence disagreed with the global fit and were replaced.
    pub replaced: usize,
}

/// Finds intersections near where `canon_to_img` (9 * UNIT square -> image) predicts them.
///
/// `dark` is a darkness image (ink bright) in the same coordinates as the homography. A global
/// least-squares homography over all found points comes first (fixes the outline); a second
/// local pass then lets each point follow the paper's bending, within a few units of the fit.
pub fn refine_lattice(dark: &GrayImage, canon_to_img: &Homography) -> Lattice {
    let grid: Vec<(f64, f64)> = (0..10)
        .flat_map(|i| (0..10).map(move |j| (j as f64 * UNIT, i as f64 * UNIT)))
        .collect();
    // pass 1: generous search, then a global fit that ignores outliers
    let found: Vec<(f64, f64)> = grid
        .iter()
        .map(|&p| locate(dark, canon_to_img, p, 8.0, 12.0))
        .collect();
    // `h` maps ideal canonical positions to where they were found (initial canonical frame)
    let mut h = Homography([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    let mut keep = [true; 100];
    for _ in 0..3 {
        let (f, t): (Vec<_>, Vec<_>) = grid
            .iter()
            .zip(&found)
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|((g, p), _)| (*g, *p))
            .unzip();
        if f.len() < 20 {
            break;
        }
        match Homography::fit(&f, &t) {
            Some(fit) => h = fit,
            None => break,
        }
        for (k, (g, p)) in grid.iter().zip(&found).enumerate() {
            let q = h.apply(*g);
            keep[k] = (q.0 - p.0).hypot(q.1 - p.1) < 3.0;
        }
    }
    // `h` maps canonical -> canonical-of-initial; fold into one canonical -> image map
    let global = canon_to_img.compose(&h);
    // pass 2: tight local search around the globally fitted positions
    let mut replaced = 0;
    let pts = grid
        .iter()
        .map(|&g| {
            let p = locate(dark, &global, g, 4.0, 10.0);
            if (p.0 - g.0).hypot(p.1 - g.1) > 3.5 {
                replaced += 1;
                global.apply(g)
            } else {
                global.apply(p)
            }
        })
        .collect();
    Lattice { pts, replaced }
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
        let h = Homography::from_4(
            [(0.0, 0.0), (288.0, 0.0), (288.0, 288.0), (0.0, 288.0)],
            corners,
        )
        .unwrap();
        let lat = refine_lattice(&dark, &h);
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
