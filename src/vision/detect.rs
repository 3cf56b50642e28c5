//! Finding the puzzle grid: candidate quadrilaterals from connected ink, each scored by how
//! well it shows the 10x10 line structure once warped flat.

use super::cells::GRID;
use super::geometry::{canonical_to_image, is_convex, quad_area, quad_centre, quad_contains};
use super::lines;
use super::ops::{label_runs, run_lengths};
use image::{GrayImage, Luma};
use serde::Serialize;

/// Side of the canonical square a candidate is warped to for scoring: the warped grid's.
const SCORE_SIDE: usize = GRID as usize;
/// Canonical pixels (of [`super::cells::CELL`] a cell) of unbroken ink that count as a line
/// rather than a digit.
const LONG_RUN: u16 = 14;

/// Below this score the best blob outline is doubted and the line source is asked too.
const CONFIDENT_SCORE: f32 = 0.45;
/// Below this score the outlines are looked for on faint ink too ([`convincing`]).
const CLEAR_SCORE: f32 = 0.7;
/// Darkest grey (of 255 paper) still taken for ink, normally...
const NORMAL_MAX_GREY: u8 = 215;
/// ...on the faint-ink fallback...
const FAINT_MAX_GREY: u8 = 225;
/// ...and on a rendered image's pale-ink fallback: a screenshot's paper has no noise, and
/// apps draw their lines in light greys.
const PALE_MAX_GREY: u8 = 250;
/// Below this line-structure score an outline is not taken for a grid.
const MIN_SCORE: f32 = 0.3;
/// Connected structures, largest first, that the line source looks at.
const LINE_SOURCE_BLOBS: usize = 3;

/// A candidate grid outline, corners clockwise from top-left, in detection-image pixels.
#[derive(Clone, Debug, Serialize)]
pub struct OutlineCandidate {
    pub corners: [(f64, f64); 4],
    /// Line-structure score in [-1, 1]; real grids score about 0.5 and above.
    pub score: f32,
    pub area: f64,
    /// Two or more corners on the photo's border: maybe a grid cut off by the frame.
    pub at_edge: bool,
}

impl OutlineCandidate {
    /// The score ranking candidates against each other: one that may be cut off by the
    /// frame ranks lower, though it is still taken when nothing else looks like a grid.
    fn rank(&self) -> f32 {
        if self.at_edge {
            self.score * 0.75
        } else {
            self.score
        }
    }
}

/// How dark a pixel must be, after lighting is flattened (paper at 255), to count as ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InkLevel {
    /// Print and pen: keeps paper texture and JPEG noise out.
    Normal,
    /// Also faint, blurred or sun-faded lines. Noisier, so only a fallback when no outline is
    /// convincing on [`InkLevel::Normal`] ink: a grid whose thin lines vanish there loses its
    /// outer border and shows only the thick box lines.
    Faint,
    /// Also lines barely darker than the page, for rendered images only (screenshots, whose
    /// paper has no texture to mistake for ink): web and app grids draw their lines in light
    /// greys, and a highlighted row leaves them a few grey levels of contrast.
    Pale,
}

impl InkLevel {
    fn max_grey(self) -> u8 {
        match self {
            InkLevel::Normal => NORMAL_MAX_GREY,
            InkLevel::Faint => FAINT_MAX_GREY,
            InkLevel::Pale => PALE_MAX_GREY,
        }
    }
}

/// Pixels darker than their neighbourhood (0) against the rest (255): the adaptive threshold
/// both ink levels share, as it depends on the neighbourhood only.
fn locally_dark(flat: &GrayImage) -> GrayImage {
    let radius = (flat.width().min(flat.height()) / 40).max(5);
    imageproc::contrast::adaptive_threshold(flat, radius, 6)
}

/// Marks ink (255) against paper (0) at `level`: locally dark (see [`locally_dark`]) and dark
/// enough on the lighting-flattened image, so paper texture and JPEG noise inside flat regions
/// stay paper.
fn ink_mask(flat: &GrayImage, locally_dark: &GrayImage, level: InkLevel) -> GrayImage {
    let max_grey = level.max_grey();
    GrayImage::from_fn(flat.width(), flat.height(), |x, y| {
        let ink = locally_dark.get_pixel(x, y)[0] == 0 && flat.get_pixel(x, y)[0] < max_grey;
        Luma([if ink { 255 } else { 0 }])
    })
}

/// Whether the best of `cands` is a clear enough grid that fainter ink need not be looked at.
/// Set well above [`CONFIDENT_SCORE`]: an outline that takes a box line for the border still
/// scores 0.5 or so on ink that lost the thin lines, while the true one scores higher on faint
/// ink; about a quarter of photos pay for the second mask.
fn convincing(cands: &[OutlineCandidate]) -> bool {
    cands.iter().any(|c| c.score >= CLEAR_SCORE)
}

#[derive(Clone)]
struct Blob {
    count: u32,
    min: (u32, u32),
    max: (u32, u32),
    // extreme points along the diagonals: min x+y, max x-y, max x+y, min x-y
    ext: [(i64, (u32, u32)); 4],
}

/// Candidate outlines of the largest connected ink structures: each blob's (the 12 largest)
/// extreme points, and, when none of those is convincing, outlines fitted to the straight
/// lines of the biggest blobs. The second source is for grids whose blob is more than the
/// grid (a title or a neighbouring puzzle fused to the border) or whose corners are faint, so
/// its extreme points are not the corners.
///
/// `side` is the number of cells a side the outlines are scored for (9 for the classic, 6 or
/// 4 for the smaller newspaper grids); the line source fits the classic's ten lines only.
pub fn candidates(ink: &GrayImage, side: usize) -> Vec<OutlineCandidate> {
    let (w, h) = ink.dimensions();
    let (runs, structures) = label_runs(ink);
    let mut blobs: Vec<Option<Blob>> = vec![None; structures];
    for r in &runs {
        // a run's extreme points along the diagonals are its ends
        let (first, last) = ((r.x0, r.y), (r.x1 - 1, r.y));
        let at = |(x, y): (u32, u32)| (i64::from(x) + i64::from(y), i64::from(x) - i64::from(y));
        let ((s0, d0), (s1, d1)) = (at(first), at(last));
        let b = blobs[r.label as usize].get_or_insert(Blob {
            count: 0,
            min: first,
            max: first,
            ext: [(s0, first), (d0, first), (s0, first), (d0, first)],
        });
        b.count += r.x1 - r.x0;
        b.min = (b.min.0.min(r.x0), b.min.1.min(r.y));
        b.max = (b.max.0.max(r.x1 - 1), b.max.1.max(r.y));
        // strict comparisons keep the first such point in raster order
        if s0 < b.ext[0].0 {
            b.ext[0] = (s0, first);
        }
        if d1 > b.ext[1].0 {
            b.ext[1] = (d1, last);
        }
        if s1 > b.ext[2].0 {
            b.ext[2] = (s1, last);
        }
        if d0 < b.ext[3].0 {
            b.ext[3] = (d0, first);
        }
    }
    let min_side = f64::from(w.min(h)) * 0.12;
    let grid_like = |b: &Blob| {
        let (bw, bh) = (
            f64::from(b.max.0 - b.min.0 + 1),
            f64::from(b.max.1 - b.min.1 + 1),
        );
        // grid lines cover a small part of their bounding box; solid blobs are not grids
        bw >= min_side
            && bh >= min_side
            && bw / bh < 2.5
            && bh / bw < 2.5
            && f64::from(b.count) < 0.6 * bw * bh
    };
    // an outline worth scoring: large enough and convex; with its area
    let plausible = |corners: [(f64, f64); 4]| {
        let area = quad_area(&corners);
        (area > min_side * min_side && is_convex(&corners)).then_some((corners, area))
    };
    let scored = |(corners, area): ([(f64, f64); 4], f64)| {
        // a grid cut off by the photo's edge cannot be read whole; a neighbouring puzzle
        // half in the frame must not win over the one photographed
        let at_edge = corners
            .iter()
            .filter(|p| {
                p.0 <= 1.0 || p.1 <= 1.0 || p.0 >= f64::from(w) - 2.0 || p.1 >= f64::from(h) - 2.0
            })
            .count();
        OutlineCandidate {
            corners,
            score: score_quad_sized(ink, &corners, side),
            area,
            at_edge: at_edge >= 2,
        }
    };
    // only the largest outlines are scored, scoring being the costly part
    let mut quads: Vec<([(f64, f64); 4], f64)> = blobs
        .iter()
        .flatten()
        .filter(|b| grid_like(b))
        .filter_map(|b| plausible(b.ext.map(|(_, (x, y))| (f64::from(x), f64::from(y)))))
        .collect();
    quads.sort_by(|a, b| b.1.total_cmp(&a.1));
    quads.truncate(12);
    let mut out: Vec<OutlineCandidate> = quads.into_iter().map(scored).collect();
    if side == 9 && !out.iter().any(|c| c.score >= CONFIDENT_SCORE) {
        let mut big: Vec<usize> = (0..blobs.len())
            .filter(|&l| blobs[l].as_ref().is_some_and(grid_like))
            .collect();
        big.sort_by_key(|&l| std::cmp::Reverse(blobs[l].as_ref().map_or(0, |b| b.count)));
        big.truncate(LINE_SOURCE_BLOBS);
        let mut pixels: Vec<Vec<(f64, f64)>> = vec![Vec::new(); big.len()];
        for r in &runs {
            if let Some(k) = big.iter().position(|&b| b == r.label as usize) {
                pixels[k].extend((r.x0..r.x1).map(|x| (f64::from(x), f64::from(r.y))));
            }
        }
        out.extend(
            pixels
                .iter()
                .flat_map(|p| lines::outlines_from_lines(p))
                .filter_map(plausible)
                .map(scored),
        );
    }
    out
}

/// Candidates on [`InkLevel::Normal`] ink, on [`InkLevel::Faint`] ink as well when none of
/// those is [`convincing`], and for a `rendered` image on [`InkLevel::Pale`] ink when still
/// none is, a rendered image's outlines [`nearly_square`] only; with each mask looked at, for
/// the debug images. Each outline keeps the score it
/// got on its own mask, so they compete in [`choose`].
pub fn candidates_on_flat(
    flat: &GrayImage,
    rendered: bool,
    side: usize,
) -> (Vec<OutlineCandidate>, Vec<(InkLevel, GrayImage)>) {
    let dark = locally_dark(flat);
    let mut cands = Vec::new();
    let mut masks = Vec::new();
    let levels: &[InkLevel] = if rendered {
        &[InkLevel::Normal, InkLevel::Faint, InkLevel::Pale]
    } else {
        &[InkLevel::Normal, InkLevel::Faint]
    };
    for &level in levels {
        if !masks.is_empty() && convincing(&cands) {
            break;
        }
        let ink = ink_mask(flat, &dark, level);
        // a rendered image shows its grid square-on: an outline of a few rows or columns
        // (three rows between two box lines score as well as the grid) is not it
        cands.extend(
            candidates(&ink, side)
                .into_iter()
                .filter(|c| !rendered || nearly_square(&c.corners)),
        );
        masks.push((level, ink));
    }
    (cands, masks)
}

/// The most a rendered grid's width and height may differ (as a ratio): apps draw square
/// cells, give or take a pixel per cell.
const RENDERED_ASPECT: f64 = 1.3;

/// Whether the outline `corners` (clockwise from the top-left) is about as wide as it is tall
/// ([`RENDERED_ASPECT`]), its widths and heights averaged over opposite sides.
fn nearly_square(corners: &[(f64, f64); 4]) -> bool {
    let d = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    let wide = d(corners[0], corners[1]) + d(corners[3], corners[2]);
    let tall = d(corners[0], corners[3]) + d(corners[1], corners[2]);
    wide <= RENDERED_ASPECT * tall && tall <= RENDERED_ASPECT * wide
}

/// Picks the puzzle among candidates: a clear 10x10 line structure first, then size, so a
/// small solution grid or a neighbouring puzzle printed nearby loses to the main one. Outlines
/// of the same grid (overlapping ones, from either source) compete on score alone.
pub fn choose(cands: &[OutlineCandidate]) -> Option<usize> {
    let best = cands
        .iter()
        .map(OutlineCandidate::rank)
        .fold(f32::MIN, f32::max);
    let good: Vec<usize> = (0..cands.len())
        .filter(|&i| cands[i].score >= MIN_SCORE && cands[i].rank() >= best * 0.75)
        .collect();
    good.iter()
        .copied()
        .filter(|&i| {
            // the best-ranked outline of its grid
            !good.iter().any(|&j| {
                j != i
                    && same_grid(&cands[i], &cands[j])
                    && (cands[j].rank(), std::cmp::Reverse(j))
                        > (cands[i].rank(), std::cmp::Reverse(i))
            })
        })
        .max_by(|&a, &b| cands[a].area.total_cmp(&cands[b].area))
}

/// Two outlines of one grid: they overlap (the smaller one's centre is inside the larger).
/// Grids printed side by side never do, while an outline that takes in a title or a faded
/// corner wrongly overlaps the true one.
fn same_grid(a: &OutlineCandidate, b: &OutlineCandidate) -> bool {
    let (small, large) = if a.area < b.area { (a, b) } else { (b, a) };
    quad_contains(&large.corners, quad_centre(&small.corners))
}

/// How much `corners` look like a grid of `side` cells a side (9 for the classic): ink
/// coverage along its `side + 1` lines each way (20 lines of a classic) minus the coverage
/// midway between them. The line count tells the sizes apart: a 6x6's lines fall on the
/// middle of a third of a 9x9's cells, and the other way round.
pub fn score_quad_sized(ink: &GrayImage, corners: &[(f64, f64); 4], side: usize) -> f32 {
    let Some(h) = canonical_to_image(corners, SCORE_SIDE as f64) else {
        return -1.0;
    };
    let (w, ht) = (ink.width() as f64, ink.height() as f64);
    let mut canon = vec![false; SCORE_SIDE * SCORE_SIDE];
    for (y, line) in canon.chunks_exact_mut(SCORE_SIDE).enumerate() {
        for (x, on) in line.iter_mut().enumerate() {
            let (sx, sy) = h.apply((x as f64 + 0.5, y as f64 + 0.5));
            *on = sx >= 0.0
                && sy >= 0.0
                && sx < w
                && sy < ht
                && ink.get_pixel(sx as u32, sy as u32)[0] > 0;
        }
    }
    let n = SCORE_SIDE;
    // pixel `i` of row `y`, and pixel `i` of column `x`
    let row_at = |y: usize, i: usize| y * n + i;
    let col_at = |x: usize, i: usize| i * n + x;
    // ink per row and per column, and the same counting only long runs of ink: lines, not the
    // digits between them
    let profile = |at: &dyn Fn(usize, usize) -> usize, runs: &[u16], min: u16| -> Vec<u32> {
        (0..n)
            .map(|line| (0..n).filter(|&i| runs[at(line, i)] >= min).count() as u32)
            .collect()
    };
    let along_rows = run_lengths(n, n, row_at, &canon);
    let along_cols = run_lengths(n, n, col_at, &canon);
    let rows = profile(&row_at, &along_rows, 1);
    let cols = profile(&col_at, &along_cols, 1);
    let long_rows = profile(&row_at, &along_rows, LONG_RUN);
    let long_cols = profile(&col_at, &along_cols, LONG_RUN);
    let frac = |v: &[u32], i: usize| v[i] as f32 / SCORE_SIDE as f32;
    // canonical pixels a cell: `CELL` for the classic
    let cell = SCORE_SIDE / side;
    let line_cov = |v: &[u32], k: usize| {
        let c = (k * cell) as i64;
        (c - 5..=c + 5)
            .filter(|&i| (0..SCORE_SIDE as i64).contains(&i))
            .map(|i| frac(v, i as usize))
            .fold(0.0f32, f32::max)
    };
    // the middle twelve pixels of cell k
    let mid = |v: &[u32], k: usize| {
        let c = k * cell + cell / 2;
        (c - 6..c + 6).map(|i| frac(v, i)).sum::<f32>() / 12.0
    };
    let mut lines = Vec::with_capacity(2 * (side + 1));
    let mut mids = 0.0;
    for (v, long) in [(&rows, &long_rows), (&cols, &long_cols)] {
        for k in 0..=side {
            lines.push(line_cov(v, k));
        }
        // between the lines only long runs count against the outline, so a grid filled with
        // digits scores like an empty one
        for k in 0..side {
            mids += mid(long, k);
        }
    }
    lines.sort_by(|a, b| a.total_cmp(b));
    // the weakest few lines (three of a classic's twenty) may be cut off or faint; judge on
    // the rest
    let weak = lines.len() * 3 / 20;
    let strong = lines[weak..].iter().sum::<f32>() / (lines.len() - weak) as f32;
    strong - mids / (2 * side) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw_grid(img: &mut GrayImage, x0: u32, y0: u32, cell: u32) {
        for k in 0..=9 {
            for t in 0..9 * cell + 2 {
                for d in 0..2 {
                    for (x, y) in [(x0 + k * cell + d, y0 + t), (x0 + t, y0 + k * cell + d)] {
                        // grids may run out of the frame
                        if x < img.width() && y < img.height() {
                            img.put_pixel(x, y, Luma([255]));
                        }
                    }
                }
            }
        }
    }

    fn chosen(ink: &GrayImage) -> OutlineCandidate {
        let c = candidates(ink, 9);
        let i = choose(&c).expect("grid found");
        c[i].clone()
    }

    #[test]
    fn a_grid_scores_high_and_wins_over_a_small_one() {
        let mut ink = GrayImage::new(600, 400);
        draw_grid(&mut ink, 20, 20, 36);
        draw_grid(&mut ink, 400, 250, 14);
        let chosen = chosen(&ink);
        assert!(chosen.score > 0.5, "{chosen:?}");
        assert!(
            (chosen.corners[0].0 - 20.0).abs() < 2.0 && (chosen.corners[2].1 - 345.0).abs() < 3.0
        );
    }

    #[test]
    fn a_grid_cut_off_by_the_edge_loses_to_the_whole_one() {
        let mut ink = GrayImage::new(600, 400);
        draw_grid(&mut ink, 10, 40, 34);
        // a bigger neighbour running out of the frame on the right: more of it is in view
        draw_grid(&mut ink, 330, 2, 44);
        let chosen = chosen(&ink);
        assert!((chosen.corners[0].0 - 10.0).abs() < 2.0, "{chosen:?}");
    }

    /// A lighting-flattened page (paper 255) with a grid whose box lines are dark and whose
    /// thin lines, outer border included, are pale: a faded or blurred print.
    fn faded_grid(x0: u32, y0: u32, cell: u32, thin: u8) -> GrayImage {
        let mut flat = GrayImage::from_pixel(500, 420, Luma([255]));
        for k in 0..=9 {
            let (shade, width) = if k % 3 == 0 && k != 0 && k != 9 {
                (40, 3)
            } else {
                (thin, 1)
            };
            for t in 0..9 * cell + 1 {
                for d in 0..width {
                    flat.put_pixel(x0 + k * cell + d, y0 + t, Luma([shade]));
                    flat.put_pixel(x0 + t, y0 + k * cell + d, Luma([shade]));
                }
            }
        }
        flat
    }

    #[test]
    fn a_grid_with_faded_thin_lines_is_outlined_whole() {
        let (x0, y0, cell) = (60, 40, 38);
        let flat = faded_grid(x0, y0, cell, 220);
        // the normal mask keeps only the box lines, which outline the middle box
        let normal = candidates(&ink_mask(&flat, &locally_dark(&flat), InkLevel::Normal), 9);
        assert!(choose(&normal).is_none_or(|i| normal[i].area < 0.5 * 342.0 * 342.0));
        let (cands, masks) = candidates_on_flat(&flat, false, 9);
        assert_eq!(masks.len(), 2, "the faint mask was looked at");
        let c = &cands[choose(&cands).expect("grid found")];
        let far = (f64::from(x0 + 9 * cell), f64::from(y0 + 9 * cell));
        assert!(
            (c.corners[0].0 - f64::from(x0)).abs() < 2.5
                && (c.corners[0].1 - f64::from(y0)).abs() < 2.5
                && (c.corners[2].0 - far.0).abs() < 2.5
                && (c.corners[2].1 - far.1).abs() < 2.5,
            "{c:?}"
        );
    }

    #[test]
    fn a_clear_grid_does_not_pay_for_the_faint_mask() {
        let flat = faded_grid(60, 40, 38, 60);
        let (cands, masks) = candidates_on_flat(&flat, false, 9);
        assert_eq!(masks.len(), 1);
        assert!(choose(&cands).is_some());
    }

    #[test]
    fn a_rendered_grid_is_square_so_three_of_its_rows_are_not_it() {
        assert!(nearly_square(&[
            (0.0, 0.0),
            (300.0, 4.0),
            (302.0, 290.0),
            (1.0, 301.0)
        ]));
        // three rows between two box lines: as wide as the grid, a third as tall
        assert!(!nearly_square(&[
            (22.0, 47.0),
            (636.0, 48.0),
            (636.0, 254.0),
            (22.0, 258.0)
        ]));
        let flat = faded_grid(60, 40, 38, 60);
        let (cands, _) = candidates_on_flat(&flat, true, 9);
        assert!(cands.iter().all(|c| nearly_square(&c.corners)));
        assert!(choose(&cands).is_some());
    }

    #[test]
    fn a_plain_box_is_not_a_grid() {
        let mut ink = GrayImage::new(300, 300);
        for t in 20..280 {
            for d in 0..3 {
                ink.put_pixel(20 + d, t, Luma([255]));
                ink.put_pixel(277 + d, t, Luma([255]));
                ink.put_pixel(t, 20 + d, Luma([255]));
                ink.put_pixel(t, 277 + d, Luma([255]));
            }
        }
        assert_eq!(choose(&candidates(&ink, 9)), None);
    }
}
