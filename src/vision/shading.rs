//! Shaded cells: the mark of a variant. X-Sudoku newspapers shade both
//! diagonals, Hyper (Windoku) its four extra windows; a classic grid shades
//! nothing (or, in some papers, alternate boxes, which no variant matches).
//!
//! Algorithm: each cell's paper level is the upper quartile of its inner
//! pixels (a margin keeps the grid lines out; a digit's strokes, blurred,
//! may cover half of a large bold digit's cell, but not three quarters),
//! less the light's fall across the photo (a plane fitted to the paper).
//! The 81 levels are split in two by Otsu's threshold (the split that maximises
//! the variance between the two groups). The split counts as shading only
//! when it explains most of the levels' variance and the two groups stand
//! well apart; then the darker group, compared cell by cell with the
//! diagonals and the windows, names the variant. An uneven light (a
//! shadow across the photo) splits the levels too, but along no variant's
//! pattern, so it names none.

use super::cells::{CELL, GRID};
use crate::grid::{Cell, ShapeName, Unit};
use image::GrayImage;

/// Pixels left out at each side of a cell: the grid lines and their blur.
const MARGIN: u32 = 6;
/// The least difference of grey levels between shaded and plain paper.
const MIN_GAP: f32 = 14.0;
/// The least share of the levels' variance the split must explain.
const MIN_EXPLAINED: f32 = 0.7;
/// Cells a pattern may miss or add and still be recognised (a digit's
/// heavy ink, a glare on one shaded cell).
const TOLERANCE: usize = 2;

/// The paper level of each cell of the upright canonical grid, row-major.
pub(crate) fn paper_levels(warped: &GrayImage) -> Vec<f32> {
    let inner = CELL - 2 * MARGIN;
    (0..81u32)
        .map(|i| {
            let (x0, y0) = ((i % 9) * CELL + MARGIN, (i / 9) * CELL + MARGIN);
            let mut px: Vec<u8> = Vec::with_capacity((inner * inner) as usize);
            for y in y0..(y0 + inner).min(GRID) {
                for x in x0..(x0 + inner).min(GRID) {
                    px.push(warped.get_pixel(x, y)[0]);
                }
            }
            px.sort_unstable();
            px.get(px.len() * 3 / 4).map_or(255.0, |&v| f32::from(v))
        })
        .collect()
}

/// Each cell's paper level less the light's: a plane through the paper's levels (light
/// falls off across a photo, and a plane is what a lamp or a window gives over one grid),
/// fitted by least squares to all the levels, then again to those on or above the last
/// fit, the paper's, twice more, so that the shaded cells, even a majority of them, do not
/// pull it down.
pub(crate) fn without_light(levels: &[f32]) -> Vec<f32> {
    let at = |i: usize| ((i / 9) as f64 - 4.0, (i % 9) as f64 - 4.0);
    let mut used: Vec<usize> = (0..levels.len()).collect();
    let mut plane = [0.0f64; 3];
    for _ in 0..3 {
        // normal equations of level = a + b r + c c over the cells used
        let mut m = [[0.0f64; 3]; 3];
        let mut v = [0.0f64; 3];
        for &i in &used {
            let (r, c) = at(i);
            let x = [1.0, r, c];
            for j in 0..3 {
                for k in 0..3 {
                    m[j][k] += x[j] * x[k];
                }
                v[j] += x[j] * f64::from(levels[i]);
            }
        }
        let Some(fit) = super::geometry::solve_linear(m, v) else {
            break;
        };
        plane = fit;
        let fitted = |i: usize| {
            let (r, c) = at(i);
            plane[0] + plane[1] * r + plane[2] * c
        };
        let above: Vec<usize> = (0..levels.len())
            .filter(|&i| f64::from(levels[i]) >= fitted(i) - 2.0)
            .collect();
        if above.len() < 9 {
            break;
        }
        used = above;
    }
    (0..levels.len())
        .map(|i| {
            let (r, c) = at(i);
            let light = plane[0] + plane[1] * r + plane[2] * c;
            (f64::from(levels[i]) - light + plane[0]) as f32
        })
        .collect()
}

/// The cells on a shaded background, when the grid plainly has some.
pub(crate) fn shaded_cells(levels: &[f32]) -> Option<Vec<bool>> {
    let levels = &without_light(levels);
    let n = levels.len() as f32;
    let mean = levels.iter().sum::<f32>() / n;
    let total: f32 = levels.iter().map(|v| (v - mean).powi(2)).sum();
    if total <= 0.0 {
        return None;
    }
    let mut sorted = levels.to_vec();
    sorted.sort_by(f32::total_cmp);
    // Otsu: the split between sorted[k - 1] and sorted[k] with the most
    // variance between the groups.
    let mut best: Option<(f32, usize)> = None;
    for k in 1..sorted.len() {
        let (dark, light) = sorted.split_at(k);
        let md = dark.iter().sum::<f32>() / dark.len() as f32;
        let ml = light.iter().sum::<f32>() / light.len() as f32;
        let between =
            dark.len() as f32 * (md - mean).powi(2) + light.len() as f32 * (ml - mean).powi(2);
        if best.is_none_or(|(b, _)| between > b) {
            best = Some((between, k));
        }
    }
    let (between, k) = best?;
    let (dark, light) = sorted.split_at(k);
    let md = dark.iter().sum::<f32>() / dark.len() as f32;
    let ml = light.iter().sum::<f32>() / light.len() as f32;
    if between / total < MIN_EXPLAINED || ml - md < MIN_GAP {
        return None;
    }
    let threshold = (dark[dark.len() - 1] + light[0]) / 2.0;
    Some(levels.iter().map(|&v| v < threshold).collect())
}

/// The variant a shading names: `x` for the two diagonals, `hyper` for the
/// four windows, both for both; `None` for any other shading.
pub(crate) fn variant_of(shaded: &[bool]) -> Option<ShapeName> {
    let on = |units: &[Unit]| -> Vec<bool> {
        (0..81)
            .map(|i| units.iter().any(|u| u.cells().contains(&Cell::ALL[i])))
            .collect()
    };
    let diagonals = [Unit::Diagonal(0), Unit::Diagonal(1)];
    let windows = [
        Unit::Window(0),
        Unit::Window(1),
        Unit::Window(2),
        Unit::Window(3),
    ];
    let both: Vec<Unit> = diagonals.iter().chain(&windows).copied().collect();
    let candidates = [
        ("x", on(&diagonals)),
        ("hyper", on(&windows)),
        ("x+hyper", on(&both)),
    ];
    candidates
        .into_iter()
        .map(|(name, pattern)| {
            let off = pattern.iter().zip(shaded).filter(|(a, b)| a != b).count();
            (off, name)
        })
        .filter(|&(off, _)| off <= TOLERANCE)
        .min()
        .and_then(|(_, name)| ShapeName::parse(name).ok())
}

/// The variant the shading of an upright canonical grid shows, if any.
#[cfg(test)]
fn shaded_variant(warped: &GrayImage) -> Option<ShapeName> {
    variant_of(&shaded_cells(&paper_levels(warped))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// A canonical grid: white paper, `shade` grey in the cells `shaded`
    /// says, a dark stroke in every third cell, grid lines, and a light
    /// that darkens by `gradient` from left to right.
    fn grid(shaded: impl Fn(usize) -> bool, shade: u8, gradient: f32) -> GrayImage {
        GrayImage::from_fn(GRID, GRID, |x, y| {
            let (r, c) = ((y / CELL) as usize, (x / CELL) as usize);
            let (u, v) = (x % CELL, y % CELL);
            let mut level = if shaded(r * 9 + c) { shade } else { 245 };
            if u < 2 || v < 2 {
                level = 20; // a grid line
            } else if (r * 9 + c) % 3 == 0 && (14..18).contains(&u) && (8..24).contains(&v) {
                level = 30; // a digit's stroke
            }
            let lit = f32::from(level) - gradient * x as f32 / GRID as f32;
            Luma([lit.clamp(0.0, 255.0) as u8])
        })
    }

    fn on_diagonal(i: usize) -> bool {
        let (r, c) = (i / 9, i % 9);
        r == c || r + c == 8
    }

    fn in_window(i: usize) -> bool {
        let (r, c) = (i / 9, i % 9);
        [1, 2, 3, 5, 6, 7].contains(&r) && [1, 2, 3, 5, 6, 7].contains(&c)
    }

    #[test]
    fn shaded_diagonals_read_as_x() {
        let g = grid(on_diagonal, 200, 0.0);
        assert_eq!(shaded_variant(&g), ShapeName::parse("x").ok());
        // Under a light that falls off across the page.
        let g = grid(on_diagonal, 205, 25.0);
        assert_eq!(shaded_variant(&g), ShapeName::parse("x").ok());
    }

    #[test]
    fn shaded_windows_read_as_hyper_and_both_as_x_hyper() {
        assert_eq!(
            shaded_variant(&grid(in_window, 190, 0.0)),
            ShapeName::parse("hyper").ok()
        );
        let both = |i| on_diagonal(i) || in_window(i);
        assert_eq!(
            shaded_variant(&grid(both, 190, 0.0)),
            ShapeName::parse("x+hyper").ok()
        );
    }

    #[test]
    fn plain_paper_a_shadow_or_shaded_boxes_name_no_variant() {
        assert_eq!(shaded_variant(&grid(|_| false, 200, 0.0)), None);
        assert_eq!(
            shaded_variant(&grid(|_| false, 200, 60.0)),
            None,
            "a shadow"
        );
        // Alternate boxes shaded, as some papers print a classic.
        let boxes = |i: usize| ((i / 9) / 3 + (i % 9) / 3) % 2 == 1;
        assert_eq!(shaded_variant(&grid(boxes, 200, 0.0)), None);
        // Too faint to tell from the paper.
        assert_eq!(shaded_variant(&grid(on_diagonal, 238, 0.0)), None);
    }
}
