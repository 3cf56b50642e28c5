//! Following each grid line as a curve. A page that bends near the fold or a crumpled corner
//! bows the grid's lines, so no single homography puts every line where it is: the cells
//! near the bend would be cut a part of a cell off, and a digit at the edge of its cell cut
//! away. Each of the twenty lines is traced across the flat (canonical) view of the grid, from
//! the middle where the straight fit is best, outwards, each measurement searched near where
//! the previous ones predict the line; a cubic through the measurements is the line. The 100
//! lattice points are where the curves cross, and each cell is then warped by its own four.
//!
//! Distances are in canonical units: pixels of the warped grid, [`CELL`] to a cell.

use super::cells::CELL;
use super::geometry::solve_linear;
use super::refine::CanonicalView;

/// A traced grid line: how far across (canonical units) it runs from where the straight fit
/// puts it, as a cubic in the position along it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LineCurve {
    /// Coefficients in the position along the line scaled to [-1, 1] over the grid.
    coeffs: [f64; 4],
    /// Cells along the line: 9 for the classic.
    cells: usize,
}

impl Default for LineCurve {
    /// The straight fit of a classic's line.
    fn default() -> Self {
        LineCurve::straight(9)
    }
}

impl LineCurve {
    /// The straight fit of a line across `cells` cells.
    pub fn straight(cells: usize) -> LineCurve {
        LineCurve {
            coeffs: [0.0; 4],
            cells,
        }
    }

    /// The line's offset across at `along` (canonical units from the grid's first line).
    pub fn offset(&self, along: f64) -> f64 {
        let t = scaled(along, self.cells);
        let c = &self.coeffs;
        c[0] + t * (c[1] + t * (c[2] + t * c[3]))
    }
}

/// `along` (canonical units) scaled to [-1, 1] over a grid of `cells` cells a side.
fn scaled(along: f64, cells: usize) -> f64 {
    let half = f64::from(CELL) * cells as f64 / 2.0;
    (along - half) / half
}

/// Half the length of the stretch of line each measurement looks at. Measurements sit a
/// quarter of a cell from the crossings, so the stretch stays clear of the crossing lines.
const STRETCH: i64 = 5;
/// How far from its prediction a measurement looks for the line: a bend that steepens by a
/// quarter of a unit per unit between two measurements (half a cell apart) is followed.
const STEP_REACH: f64 = 4.0;
/// How far the first measurement, in the middle of the line, looks: the straight fit is
/// best there.
const FIRST_REACH: f64 = 6.0;
/// No line is followed further than this from the straight fit: short of half a cell, so a
/// line is never taken for its neighbour or for a row of digits.
const MAX_OFFSET: f64 = 14.0;
/// How far (units) from a line its shoulders are looked at: past the thickest box lines and
/// short of the digits.
const SHOULDER: f64 = 5.0;
/// How much darker (grey levels, paper 0) a measured stretch of line must be than both its
/// shoulders to count: paper noise and JPEG ringing stay below.
const MIN_CONTRAST: f32 = 10.0;
/// A measurement this far (units) from the fitted curve is dropped and the curve fitted again.
const OUTLIER: f64 = 1.5;
/// Measurements a line needs to leave the straight fit, per cell it crosses (of two made
/// there): a pale line seen in a few places only may be seen on a digit's strokes there, and a
/// curve through them would slant across the cells. Nine of a classic's eighteen.
const MIN_MEASURED_PER_CELL: usize = 1;

/// Traces line `k` (0..=9) of the family running along x (`across_y`, the rows' lines) or
/// along y, in `view`, a canonical view of the grid as the straight fit sees it.
///
/// Algorithm: two measurements per cell, a quarter of a cell from each crossing; each is the
/// offset (half-unit steps, then a parabola through the best and its neighbours) where the
/// darkness reached by three quarters of an 11-unit stretch stands highest above the same
/// measure on both its shoulders ([`SHOULDER`]), kept when it stands [`MIN_CONTRAST`] above. They are taken from the middle outwards,
/// each searched within [`STEP_REACH`] of the line extrapolated from the previous two, so a
/// bend is followed however far it goes (up to [`MAX_OFFSET`]). A cubic (a lower degree when
/// fewer measurements are kept) is fitted by least squares, twice without the measurements
/// [`OUTLIER`] off. A line with no evidence keeps the straight fit.
pub(crate) fn trace_line(view: &CanonicalView, across_y: bool, k: usize) -> LineCurve {
    let cell = f64::from(CELL);
    let cells = view.cells();
    let base = k as f64 * cell;
    let at: Vec<f64> = (0..2 * cells)
        .map(|s| (s / 2) as f64 * cell + if s % 2 == 0 { cell / 4.0 } else { 0.75 * cell })
        .collect();
    let mut found: Vec<Option<f64>> = vec![None; at.len()];
    // from the middle to the right end, then from the middle to the left end, the second
    // half starting from the first half's first measurement
    let right: Vec<usize> = (cells..2 * cells).collect();
    follow(view, across_y, base, &at, &right, Vec::new(), &mut found);
    let left: Vec<usize> = (0..cells).rev().collect();
    let seed = found[cells].map(|d| (at[cells], d)).into_iter().collect();
    follow(view, across_y, base, &at, &left, seed, &mut found);
    let points: Vec<(f64, f64)> = at
        .iter()
        .zip(&found)
        .filter_map(|(&t, d)| d.map(|d| (t, d)))
        .collect();
    fit_curve(&points, cells)
}

/// Measures the line at the positions `order` (indices into `at`) in turn, each searched near
/// the line extrapolated from the last two measurements kept (`last` starts with any made).
fn follow(
    view: &CanonicalView,
    across_y: bool,
    base: f64,
    at: &[f64],
    order: &[usize],
    mut last: Vec<(f64, f64)>,
    found: &mut [Option<f64>],
) {
    for &s in order {
        let (pred, reach) = match last.as_slice() {
            [] => (0.0, FIRST_REACH),
            [(_, d)] => (*d, STEP_REACH),
            [.., (t0, d0), (t1, d1)] => {
                let slope = ((d1 - d0) / (t1 - t0)).clamp(-0.5, 0.5);
                (d1 + slope * (at[s] - t1), STEP_REACH)
            }
        };
        if let Some(d) = measure(view, across_y, at[s] as i64, base, pred, reach) {
            found[s] = Some(d);
            last.push((at[s], d));
        }
    }
}

/// The line's offset near `pred` (within `reach`) at `along`, if the line shows there.
fn measure(
    view: &CanonicalView,
    across_y: bool,
    along: i64,
    base: f64,
    pred: f64,
    reach: f64,
) -> Option<f64> {
    let lineness = |d: f64| -> f32 {
        let mut v = [0f32; (2 * STRETCH + 1) as usize];
        for (i, slot) in v.iter_mut().enumerate() {
            *slot = view.across(across_y, along - STRETCH + i as i64, base + d);
        }
        // the darkness three quarters of the stretch reach: a line is dark all along, a
        // digit's stroke in places
        let quarter = v.len() / 4;
        *v.select_nth_unstable_by(quarter, f32::total_cmp).1
    };
    let lo = (pred - reach).max(-MAX_OFFSET);
    let hi = (pred + reach).min(MAX_OFFSET);
    if lo > hi {
        return None;
    }
    // lineness every half unit from a shoulder below `lo` to a shoulder above `hi`
    let shoulder = (SHOULDER * 2.0) as usize;
    let steps = ((hi - lo) * 2.0).round() as usize;
    let at = |k: usize| lo - SHOULDER + k as f64 * 0.5;
    let line: Vec<f32> = (0..=steps + 2 * shoulder)
        .map(|k| lineness(at(k)))
        .collect();
    // a line is a ridge: darker than the paper on both its shoulders, where the edge of a
    // shaded cell or of a solid block is dark on one side only
    let values: Vec<f32> = (0..=steps)
        .map(|k| line[k + shoulder] - line[k].max(line[k + 2 * shoulder]))
        .collect();
    let mut best = (f32::MIN, lo);
    for (k, &v) in values.iter().enumerate() {
        let d = lo + k as f64 * 0.5;
        // ties go to the offset nearest the prediction
        if v > best.0 || (v == best.0 && (d - pred).abs() < (best.1 - pred).abs()) {
            best = (v, d);
        }
    }
    if best.0 < MIN_CONTRAST {
        return None;
    }
    // a parabola through the peak and its neighbours places it between the half steps
    let i = ((best.1 - lo) * 2.0).round() as usize;
    let d = if i > 0 && i + 1 < values.len() {
        let (a, b, c) = (values[i - 1], values[i], values[i + 1]);
        let den = a - 2.0 * b + c;
        if den < 0.0 {
            best.1 + 0.25 * f64::from((a - c) / den)
        } else {
            best.1
        }
    } else {
        best.1
    };
    Some(d)
}

/// Least-squares polynomial of `points` (along, offset) of a line across `cells` cells: a
/// cubic from twelve measurements, a quadratic from [`MIN_MEASURED_PER_CELL`] a cell, the
/// straight fit from fewer, refitted twice without the points [`OUTLIER`] off; a curve that
/// strays beyond [`MAX_OFFSET`] at a crossing falls back a degree.
fn fit_curve(points: &[(f64, f64)], cells: usize) -> LineCurve {
    let mut keep = vec![true; points.len()];
    let straight = LineCurve::straight(cells);
    let min_measured = MIN_MEASURED_PER_CELL * cells;
    let mut curve = straight;
    for _ in 0..3 {
        let kept: Vec<(f64, f64)> = points
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(p, _)| *p)
            .collect();
        let degree = match kept.len() {
            n if n < min_measured => return straight,
            n if n >= 12 => 3,
            _ => 2,
        };
        let Some(fit) = (0..=degree)
            .rev()
            .filter_map(|d| polynomial(&kept, d, cells))
            .find(within_reach)
        else {
            return straight;
        };
        curve = fit;
        for (k, p) in keep.iter_mut().zip(points) {
            *k = (curve.offset(p.0) - p.1).abs() <= OUTLIER;
        }
    }
    curve
}

/// Whether the curve stays within [`MAX_OFFSET`] (and a little) at every crossing.
fn within_reach(c: &LineCurve) -> bool {
    (0..=c.cells).all(|j| c.offset(j as f64 * f64::from(CELL)).abs() <= MAX_OFFSET + 2.0)
}

/// The least-squares polynomial of `degree` (0..=3) through `points`.
fn polynomial(points: &[(f64, f64)], degree: usize, cells: usize) -> Option<LineCurve> {
    let n = degree + 1;
    let mut ata = [[0f64; 4]; 4];
    let mut atb = [0f64; 4];
    for &(along, d) in points {
        let t = scaled(along, cells);
        let powers = [1.0, t, t * t, t * t * t];
        for i in 0..n {
            atb[i] += powers[i] * d;
            for j in 0..n {
                ata[i][j] += powers[i] * powers[j];
            }
        }
    }
    // the unused degrees solve to zero
    for (i, row) in ata.iter_mut().enumerate().skip(n) {
        row[i] = 1.0;
    }
    let coeffs = solve_linear(ata, atb)?;
    Some(LineCurve { coeffs, cells })
}

/// Where row line `i` (traced as `row`) crosses column line `j` (`col`), canonical units.
/// The curves are nearly straight, so a few rounds of moving along each in turn converge.
pub(crate) fn crossing(row: &LineCurve, i: usize, col: &LineCurve, j: usize) -> (f64, f64) {
    let cell = f64::from(CELL);
    let (x0, y0) = (j as f64 * cell, i as f64 * cell);
    let (mut x, mut y) = (x0, y0);
    for _ in 0..4 {
        y = y0 + row.offset(x);
        x = x0 + col.offset(y);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cubic_is_recovered_and_an_outlier_ignored() {
        let truth = |t: f64| 0.5 + 3.0 * scaled(t, 9).powi(3) + 2.0 * scaled(t, 9).powi(2);
        let mut pts: Vec<(f64, f64)> = (0..18)
            .map(|s| {
                let t = 8.0 + 16.0 * s as f64;
                (t, truth(t))
            })
            .collect();
        pts[5].1 += 6.0;
        let c = fit_curve(&pts, 9);
        for t in [0.0, 100.0, 288.0] {
            assert!(
                (c.offset(t) - truth(t)).abs() < 0.05,
                "{t}: {}",
                c.offset(t)
            );
        }
    }

    #[test]
    fn few_measurements_give_a_lower_degree_and_none_the_straight_fit() {
        let flat: Vec<(f64, f64)> = (0..9).map(|s| (8.0 + 32.0 * s as f64, 2.0)).collect();
        let c = fit_curve(&flat, 9);
        assert!((c.offset(288.0) - 2.0).abs() < 1e-9);
        // a line seen in a few places (perhaps on a digit's stroke) keeps the straight fit
        assert_eq!(fit_curve(&flat[..5], 9), LineCurve::default());
        assert_eq!(fit_curve(&[], 9), LineCurve::default());
    }

    #[test]
    fn crossing_of_two_bowed_lines() {
        let row = LineCurve {
            coeffs: [1.0, 0.0, 0.0, 0.0],
            ..LineCurve::default()
        };
        let col = LineCurve {
            coeffs: [-2.0, 0.0, 0.0, 0.0],
            ..LineCurve::default()
        };
        let (x, y) = crossing(&row, 3, &col, 4);
        assert!(
            (x - 126.0).abs() < 1e-9 && (y - 97.0).abs() < 1e-9,
            "{x} {y}"
        );
    }
}
