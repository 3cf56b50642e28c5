//! A second source of grid outlines: the grid's own long straight lines.
//!
//! The outline taken from a blob's extreme points fails when the blob is more than the grid:
//! a title or a rule touching the border, a neighbouring puzzle sharing an edge, or a faded
//! corner. Lines survive all three. Each family (near-horizontal, near-vertical) is found with a
//! small Hough transform over the blob's ink, and the grid is the pair of lines in each family
//! with eight more lines evenly spaced between them.

use super::geometry::solve_linear;
use super::ops::run_lengths;

type Point = (f64, f64);

/// Tilt of a line within its family, as a slope against the family's axis.
const MAX_SLOPE: f64 = 0.2;
const SLOPE_STEPS: usize = 41;
/// Line pairs per family turned into outlines.
const PAIRS_PER_FAMILY: usize = 3;

/// A grid line found by the Hough transform: `v = offset + slope * (u - centre)` in its
/// family's own (u along, v across) frame.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GridLine {
    slope: f64,
    offset: f64,
    votes: f32,
}

/// The rotation (radians, within ±45°) that best aligns the blob's ink with the axes: the one
/// under which the projections onto x and y are sharpest, as a grid's lines then stack up.
pub fn dominant_angle(pts: &[(f64, f64)]) -> f64 {
    let sharpness = |a: f64| {
        let (s, c) = a.sin_cos();
        let mut total = 0.0;
        for axis in 0..2 {
            let proj: Vec<i64> = pts
                .iter()
                .map(|&(x, y)| {
                    let v = if axis == 0 {
                        x * c + y * s
                    } else {
                        -x * s + y * c
                    };
                    v.round() as i64
                })
                .collect();
            total += sum_of_squares(&proj);
        }
        total
    };
    let best = |from: f64, to: f64, step: f64| {
        let mut best = (f64::MIN, from);
        let mut a = from;
        while a <= to + 1e-9 {
            let s = sharpness(a);
            if s > best.0 {
                best = (s, a);
            }
            a += step;
        }
        best.1
    };
    let deg = std::f64::consts::PI / 180.0;
    let coarse = best(-45.0 * deg, 44.0 * deg, 1.0 * deg);
    best(coarse - deg, coarse + deg, 0.25 * deg)
}

fn sum_of_squares(values: &[i64]) -> f64 {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return 0.0;
    };
    let mut hist = vec![0u32; (hi - lo + 1) as usize];
    for v in values {
        hist[(v - lo) as usize] += 1;
    }
    hist.iter().map(|&h| f64::from(h) * f64::from(h)).sum()
}

/// Candidate grid outlines (corners clockwise from top-left, image pixels) from the ink pixels
/// of one connected structure.
pub fn outlines_from_lines(pts: &[(f64, f64)]) -> Vec<[(f64, f64); 4]> {
    if pts.len() < 100 {
        return Vec::new();
    }
    let (h_ink, v_ink) = thin_strokes(pts);
    // a grid blob has tens of thousands of pixels; a sample keeps the transform cheap
    let sample = |p: &[(f64, f64)]| -> Vec<(f64, f64)> {
        p.iter()
            .step_by(p.len().div_ceil(40_000).max(1))
            .copied()
            .collect()
    };
    let (h_ink, v_ink) = (sample(&h_ink), sample(&v_ink));
    let all: Vec<(f64, f64)> = h_ink.iter().chain(&v_ink).copied().collect();
    if all.len() < 100 {
        return Vec::new();
    }
    let angle = dominant_angle(&all);
    let (s, c) = angle.sin_cos();
    let rotate = |p: &[(f64, f64)], swap: bool| -> Vec<(f64, f64)> {
        p.iter()
            .map(|&(x, y)| {
                let (u, v) = (x * c + y * s, -x * s + y * c);
                if swap {
                    (v, u)
                } else {
                    (u, v)
                }
            })
            .collect()
    };
    let (h_centre, h_pairs) = family_pairs(&rotate(&h_ink, false));
    let (v_centre, v_pairs) = family_pairs(&rotate(&v_ink, true));
    let mut out = Vec::new();
    for &(top, bottom) in &h_pairs {
        for &(left, right) in &v_pairs {
            let corner = |h: GridLine, v: GridLine| {
                let (u, w) = intersect(h, h_centre, v, v_centre)?;
                Some((u * c - w * s, u * s + w * c))
            };
            let quad = [
                corner(top, left),
                corner(top, right),
                corner(bottom, right),
                corner(bottom, left),
            ];
            if let [Some(a), Some(b), Some(d), Some(e)] = quad {
                out.push([a, b, d, e]);
            }
        }
    }
    out
}

/// The blob's pixels that belong to thin horizontal strokes and to thin vertical ones. Grid
/// lines are thin across and long along; solid blocks (bold titles, shaded boxes) are thick
/// both ways and would otherwise outvote the grid.
fn thin_strokes(pts: &[Point]) -> (Vec<Point>, Vec<Point>) {
    let (x0, x1) = min_max(pts.iter().map(|p| p.0));
    let (y0, y1) = min_max(pts.iter().map(|p| p.1));
    let (w, h) = ((x1 - x0) as usize + 1, (y1 - y0) as usize + 1);
    let mut on = vec![false; w * h];
    for &(x, y) in pts {
        on[(y - y0) as usize * w + (x - x0) as usize] = true;
    }
    let max_run = ((w.max(h) as f64) / 50.0).max(4.0) as usize;
    // run length through each pixel, along rows (horizontal) and columns (vertical)
    let hrun = run_lengths(h, w, |line, i| line * w + i, &on);
    let vrun = run_lengths(w, h, |line, i| i * w + line, &on);
    let (mut horizontal, mut vertical) = (Vec::new(), Vec::new());
    for &(x, y) in pts {
        let i = (y - y0) as usize * w + (x - x0) as usize;
        if usize::from(vrun[i]) <= max_run {
            horizontal.push((x, y));
        }
        if usize::from(hrun[i]) <= max_run {
            vertical.push((x, y));
        }
    }
    (horizontal, vertical)
}

/// Where a horizontal-family line meets a vertical-family one, in the rotated frame (u, v).
fn intersect(h: GridLine, hc: f64, v: GridLine, vc: f64) -> Option<(f64, f64)> {
    // h: y = h.offset + h.slope (x - hc);  v: x = v.offset + v.slope (y - vc)
    let det = 1.0 - h.slope * v.slope;
    if det.abs() < 1e-6 {
        return None;
    }
    let x = (v.offset + v.slope * (h.offset - h.slope * hc - vc)) / det;
    let y = h.offset + h.slope * (x - hc);
    Some((x, y))
}

/// The family's strongest lines, then the few pairs of them that best bound nine evenly spaced
/// rows. Returns the frame centre the line offsets refer to.
fn family_pairs(pts: &[(f64, f64)]) -> (f64, Vec<(GridLine, GridLine)>) {
    let (umin, umax) = min_max(pts.iter().map(|p| p.0));
    let (vmin, vmax) = min_max(pts.iter().map(|p| p.1));
    let centre = (umin + umax) / 2.0;
    let half = (umax - umin) / 2.0;
    let span = vmax - vmin;
    let margin = (MAX_SLOPE * half).ceil() + 2.0;
    let base = vmin - margin;
    let bins = (span + 2.0 * margin).ceil() as usize + 1;
    let slopes: Vec<f64> = (0..SLOPE_STEPS)
        .map(|i| -MAX_SLOPE + 2.0 * MAX_SLOPE * i as f64 / (SLOPE_STEPS - 1) as f64)
        .collect();
    let mut acc = vec![0f32; SLOPE_STEPS * bins];
    for &(u, v) in pts {
        let du = u - centre;
        for (si, &s) in slopes.iter().enumerate() {
            let b = (v - s * du - base).round();
            if b >= 0.0 && (b as usize) < bins {
                acc[si * bins + b as usize] += 1.0;
            }
        }
    }
    let radius = (span / 40.0).max(3.0);
    let mut alive = vec![true; pts.len()];
    let mut peaks: Vec<GridLine> = Vec::new();
    while peaks.len() < 30 {
        // lines are a few pixels thick and their votes spread over neighbouring offsets
        let mut best = (0.0f32, 0usize, 0usize);
        for (si, row) in acc.chunks_exact(bins).enumerate() {
            for b in 1..bins - 1 {
                let v = row[b - 1] + row[b] + row[b + 1];
                if v > best.0 {
                    best = (v, si, b);
                }
            }
        }
        let (votes, si, b) = best;
        if votes <= 0.0 || peaks.first().is_some_and(|p| votes < 0.06 * p.votes) {
            break;
        }
        let line = GridLine {
            slope: slopes[si],
            offset: base + b as f64,
            votes,
        };
        let too_close = peaks
            .iter()
            .any(|p| (p.offset - line.offset).abs() < radius);
        // withdraw the line's own ink, so lines that merely cross it lose the votes it gave
        // them (Hough's false peaks through the crossings of a regular grid)
        let band = (radius / 2.0).max(1.5);
        for (k, &(u, v)) in pts.iter().enumerate() {
            let d = v - line.slope * (u - centre) - line.offset;
            if alive[k] && d.abs() <= band {
                alive[k] = false;
                let du = u - centre;
                for (sj, &s) in slopes.iter().enumerate() {
                    let bb = (v - s * du - base).round();
                    if bb >= 0.0 && (bb as usize) < bins {
                        acc[sj * bins + bb as usize] -= 1.0;
                    }
                }
            }
        }
        if !too_close {
            peaks.push(line);
        }
    }
    peaks.sort_by(|a, b| a.offset.total_cmp(&b.offset));
    (centre, best_pairs(&peaks, span))
}

/// The first and last lines of the few combs of ten evenly spaced lines that the found lines
/// fit best. Any two found lines may be any two of the ten (the outer border is sometimes too
/// faint to find while the thick box lines never are), so the first and last lines may be
/// extrapolated; box lines count double, being the ones a real grid always shows.
fn best_pairs(peaks: &[GridLine], span: f64) -> Vec<(GridLine, GridLine)> {
    let mut scored: Vec<(f64, (GridLine, GridLine))> = Vec::new();
    for (ia, a) in peaks.iter().enumerate() {
        for b in &peaks[ia + 1..] {
            for i in 0..9usize {
                for j in i + 3..10usize {
                    let step = (b.offset - a.offset) / (j - i) as f64;
                    if step * 9.0 < 0.25 * span {
                        continue;
                    }
                    let at = |k: usize| {
                        let t = (k as f64 - i as f64) / (j - i) as f64;
                        GridLine {
                            slope: a.slope + t * (b.slope - a.slope),
                            offset: a.offset + t * (b.offset - a.offset),
                            votes: 0.0,
                        }
                    };
                    // refit the comb to every line it matched, so the outer lines are
                    // placed by all of them rather than extrapolated from two
                    let matched = match_comb(peaks, |k| at(k).offset, 0.3 * step);
                    let Some((fit, score)) = refit_comb(peaks, &matched) else {
                        continue;
                    };
                    scored.push((score, (fit(0), fit(9))));
                }
            }
        }
    }
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut out: Vec<(GridLine, GridLine)> = Vec::new();
    for (score, pair) in scored {
        // at least the four box lines, or most of the ten
        if out.len() == PAIRS_PER_FAMILY || score < 8.0 {
            break;
        }
        let step = (pair.1.offset - pair.0.offset) / 9.0;
        let same = |o: &(GridLine, GridLine)| {
            (o.0.offset - pair.0.offset).abs() < 0.3 * step
                && (o.1.offset - pair.1.offset).abs() < 0.3 * step
        };
        if !out.iter().any(same) {
            out.push(pair);
        }
    }
    out
}

/// For each of the ten positions of a comb, the found line nearest it within `tol`.
fn match_comb(peaks: &[GridLine], want: impl Fn(usize) -> f64, tol: f64) -> Vec<(usize, GridLine)> {
    (0..10)
        .filter_map(|k| {
            let w = want(k);
            peaks
                .iter()
                .filter(|p| (p.offset - w).abs() < tol)
                .min_by(|a, b| (a.offset - w).abs().total_cmp(&(b.offset - w).abs()))
                .map(|p| (k, *p))
        })
        .collect()
}

/// Least-squares comb through matched lines: offsets follow the projective progression
/// `(p0 + p1 k) / (1 + p2 k)` of evenly spaced lines seen in perspective, slopes a straight
/// line in k. Returns the comb and its score after rematching: box lines count double.
#[allow(clippy::type_complexity)]
fn refit_comb(
    peaks: &[GridLine],
    matched: &[(usize, GridLine)],
) -> Option<(impl Fn(usize) -> GridLine, f64)> {
    if matched.len() < 4 {
        return None;
    }
    // offset (1 + p2 k) = p0 + p1 k  =>  offset = p0 + p1 k - p2 k offset
    let mut ata = [[0f64; 3]; 3];
    let mut atb = [0f64; 3];
    let (mut sk, mut ss, mut skk, mut sks, mut n) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(k, l) in matched {
        let k = k as f64;
        let row = [1.0, k, -k * l.offset];
        for i in 0..3 {
            atb[i] += row[i] * l.offset;
            for j in 0..3 {
                ata[i][j] += row[i] * row[j];
            }
        }
        sk += k;
        ss += l.slope;
        skk += k * k;
        sks += k * l.slope;
        n += 1.0;
    }
    let p = solve_linear(ata, atb)?;
    let det = n * skk - sk * sk;
    let (s1, s0) = if det.abs() < 1e-9 {
        (0.0, ss / n)
    } else {
        let s1 = (n * sks - sk * ss) / det;
        (s1, (ss - s1 * sk) / n)
    };
    let fit = move |k: usize| {
        let k = k as f64;
        GridLine {
            slope: s0 + s1 * k,
            offset: (p[0] + p[1] * k) / (1.0 + p[2] * k),
            votes: 0.0,
        }
    };
    let step = (fit(9).offset - fit(0).offset) / 9.0;
    if !step.is_finite() || step <= 0.0 {
        return None;
    }
    let all: Vec<GridLine> = matched.iter().map(|m| m.1).collect();
    let score = match_comb(&all, |k| fit(k).offset, 0.15 * step)
        .iter()
        .map(|(k, _)| if k % 3 == 0 { 2.0 } else { 1.0 })
        .sum::<f64>();
    // a found line one step beyond either end: the comb is a row short of the grid or shifted
    let beyond = peaks.iter().any(|p| {
        [-1.0, 10.0]
            .iter()
            .any(|&k| (p.offset - (fit(0).offset + k * step)).abs() < 0.15 * step)
    });
    Some((fit, if beyond { score - 3.0 } else { score }))
}

fn min_max(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ink pixels of a 9x9 grid of `cell` pixels at (x0, y0), turned by `angle` about its centre.
    fn grid_pixels(x0: f64, y0: f64, cell: f64, angle: f64) -> Vec<(f64, f64)> {
        let side = 9.0 * cell;
        let (s, c) = angle.sin_cos();
        let (cx, cy) = (x0 + side / 2.0, y0 + side / 2.0);
        let mut pts = Vec::new();
        for k in 0..=9 {
            let at = k as f64 * cell;
            let mut t = 0.0;
            while t <= side {
                for (x, y) in [(at, t), (t, at)] {
                    let (dx, dy) = (x - side / 2.0, y - side / 2.0);
                    pts.push((
                        (cx + dx * c - dy * s).round(),
                        (cy + dx * s + dy * c).round(),
                    ));
                }
                t += 1.0;
            }
        }
        pts
    }

    fn near(p: (f64, f64), q: (f64, f64), tol: f64) -> bool {
        (p.0 - q.0).hypot(p.1 - q.1) <= tol
    }

    #[test]
    fn the_angle_of_a_turned_grid_is_found() {
        let pts = grid_pixels(50.0, 50.0, 30.0, 0.2);
        let a = dominant_angle(&pts);
        assert!((a - 0.2).abs() < 0.01, "{a}");
    }

    #[test]
    fn a_title_bar_touching_the_grid_does_not_move_the_outline() {
        let mut pts = grid_pixels(100.0, 80.0, 30.0, 0.0);
        // a solid title block just above the grid and wider than it
        for y in 40..77 {
            for x in 20..300 {
                pts.push((f64::from(x), f64::from(y)));
            }
        }
        let outlines = outlines_from_lines(&pts);
        assert!(!outlines.is_empty());
        let want = [(100.0, 80.0), (370.0, 80.0), (370.0, 350.0), (100.0, 350.0)];
        assert!(
            outlines
                .iter()
                .any(|q| (0..4).all(|i| near(q[i], want[i], 3.0))),
            "{outlines:?}"
        );
    }

    #[test]
    fn a_neighbouring_grid_sharing_an_edge_is_left_out() {
        let mut pts = grid_pixels(20.0, 20.0, 30.0, 0.0);
        // a crossword column of 45 px cells sharing the grid's right edge, as tall as the grid
        for k in 0..=2 {
            for t in 0..=270 {
                pts.push((f64::from(290 + 45 * k), f64::from(20 + t)));
            }
        }
        for k in 0..=6 {
            for t in 0..=90 {
                pts.push((f64::from(290 + t), f64::from(20 + 45 * k)));
            }
        }
        let outlines = outlines_from_lines(&pts);
        let want = [(20.0, 20.0), (290.0, 20.0), (290.0, 290.0), (20.0, 290.0)];
        assert!(
            outlines
                .first()
                .is_some_and(|q| (0..4).all(|i| near(q[i], want[i], 3.0))),
            "{outlines:?}"
        );
    }
}
