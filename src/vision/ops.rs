//! Small pure image functions used by the pipeline, in the style of `imageproc`.

use image::{GrayImage, Luma};

/// Averages `factor`x`factor` blocks (rounding half up); the right and bottom remainders are
/// dropped. Box averaging is the cheapest anti-aliased reduction, which matters for 12 MP
/// photos where a generic resampler costs more than the rest of the pipeline.
pub fn downscale_box(image: &GrayImage, factor: u32) -> GrayImage {
    assert!(factor > 0);
    if factor == 1 {
        return image.clone();
    }
    let (w, h) = (image.width() / factor, image.height() / factor);
    let src = image.as_raw();
    let sw = image.width() as usize;
    let f = factor as usize;
    let area = (f * f) as u32;
    let mut out = GrayImage::new(w, h);
    let mut sums = vec![0u32; w as usize];
    for oy in 0..h as usize {
        sums.iter_mut().for_each(|s| *s = 0);
        for y in oy * f..oy * f + f {
            let row = &src[y * sw..y * sw + w as usize * f];
            for (ox, s) in sums.iter_mut().enumerate() {
                *s += row[ox * f..ox * f + f]
                    .iter()
                    .map(|&p| u32::from(p))
                    .sum::<u32>();
            }
        }
        for (ox, s) in sums.iter().enumerate() {
            out.put_pixel(ox as u32, oy as u32, Luma([((s + area / 2) / area) as u8]));
        }
    }
    out
}

/// Maximum (`max = true`) or minimum over a (2r+1)x(2r+1) square, separably.
pub fn rank_filter_square(image: &GrayImage, r: u32, max: bool) -> GrayImage {
    let pick = |a: u8, b: u8| if max { a.max(b) } else { a.min(b) };
    let (w, h) = image.dimensions();
    let r = r as i64;
    let mut tmp = GrayImage::new(w, h);
    for y in 0..h {
        for x in 0..w as i64 {
            let mut v = image.get_pixel(x as u32, y)[0];
            for dx in (x - r).max(0)..=(x + r).min(w as i64 - 1) {
                v = pick(v, image.get_pixel(dx as u32, y)[0]);
            }
            tmp.put_pixel(x as u32, y, Luma([v]));
        }
    }
    let mut out = GrayImage::new(w, h);
    for y in 0..h as i64 {
        for x in 0..w {
            let mut v = tmp.get_pixel(x, y as u32)[0];
            for dy in (y - r).max(0)..=(y + r).min(h as i64 - 1) {
                v = pick(v, tmp.get_pixel(x, dy as u32)[0]);
            }
            out.put_pixel(x, y as u32, Luma([v]));
        }
    }
    out
}

/// Evens out lighting by dividing by the paper brightness, estimated as a greyscale closing
/// (max then min filter) that erases ink strokes narrower than about `3 * block` pixels.
///
/// The closing runs on a `block`-times reduced image (block maxima), which makes it cheap and
/// blind to thin ink; the estimate is brought back with bilinear interpolation. Result: paper
/// near 255 everywhere, ink dark in proportion to its contrast with the paper around it.
pub fn flatten_background(image: &GrayImage, block: u32) -> GrayImage {
    let (w, h) = image.dimensions();
    let (bw, bh) = (w.div_ceil(block), h.div_ceil(block));
    // Raw rows, not `get_pixel`/`put_pixel`: `image`'s generic accessors are instantiated in
    // this crate and, in the debug builds the tests run, cost more than the loop's own work.
    let src = image.as_raw();
    let mut small = GrayImage::new(bw, bh);
    for by in 0..bh {
        for bx in 0..bw {
            let (x_start, x_end) = ((bx * block) as usize, ((bx + 1) * block).min(w) as usize);
            let mut m = 0u8;
            for y in by * block..((by + 1) * block).min(h) {
                let row = y as usize * w as usize;
                m = m.max(
                    src[row + x_start..row + x_end]
                        .iter()
                        .copied()
                        .max()
                        .unwrap_or(0),
                );
            }
            small.put_pixel(bx, by, Luma([m]));
        }
    }
    let closed = rank_filter_square(&rank_filter_square(&small, 1, true), 1, false);
    let closed_raw = closed.as_raw();
    let mut out = GrayImage::new(w, h);
    let out_raw = out.as_mut();
    // where each column falls between the blocks' centres, worked out once for every row
    // (clamped non-negative, so truncation is the floor)
    let columns: Vec<(u32, u32, f32)> = (0..w)
        .map(|x| {
            let fx = ((x as f32 + 0.5) / block as f32 - 0.5).clamp(0.0, (bw - 1) as f32);
            let x0 = fx as u32;
            (x0, (x0 + 1).min(bw - 1), fx - x0 as f32)
        })
        .collect();
    for y in 0..h {
        let fy = ((y as f32 + 0.5) / block as f32 - 0.5).clamp(0.0, (bh - 1) as f32);
        let y0 = fy as u32;
        let y1 = (y0 + 1).min(bh - 1);
        let ty = fy - y0 as f32;
        for (x, &(x0, x1, tx)) in (0..w).zip(&columns) {
            let g = |xx: u32, yy: u32| f32::from(closed_raw[(yy * bw + xx) as usize]);
            let bg = (g(x0, y0) * (1.0 - tx) + g(x1, y0) * tx) * (1.0 - ty)
                + (g(x0, y1) * (1.0 - tx) + g(x1, y1) * tx) * ty;
            let at = y as usize * w as usize + x as usize;
            let p = f32::from(src[at]);
            let v = if bg < 1.0 { 255.0 } else { 255.0 * p / bg };
            out_raw[at] = v.clamp(0.0, 255.0) as u8;
        }
    }
    out
}

/// Rotates a square-or-not image by quarter turns clockwise.
pub fn rotate_quarter(image: &GrayImage, quarter_turns: u8) -> GrayImage {
    match quarter_turns % 4 {
        0 => image.clone(),
        1 => image::imageops::rotate90(image),
        2 => image::imageops::rotate180(image),
        _ => image::imageops::rotate270(image),
    }
}

/// For every pixel, the length of the run of set pixels through it along its line: `lines`
/// lines of `len` pixels, pixel `i` of line `line` at `index(line, i)`.
pub fn run_lengths(
    lines: usize,
    len: usize,
    index: impl Fn(usize, usize) -> usize,
    on: &[bool],
) -> Vec<u16> {
    let mut run = vec![0u16; on.len()];
    for line in 0..lines {
        let mut i = 0;
        while i < len {
            if !on[index(line, i)] {
                i += 1;
                continue;
            }
            let start = i;
            while i < len && on[index(line, i)] {
                i += 1;
            }
            let n = (i - start).min(usize::from(u16::MAX)) as u16;
            for j in start..i {
                run[index(line, j)] = n;
            }
        }
    }
    run
}

/// A horizontal run of set pixels, `x0..x1` on row `y`, and the connected structure (8-way)
/// it belongs to, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub y: u32,
    pub x0: u32,
    pub x1: u32,
    pub label: u32,
}

/// The set (non-zero) pixels of `mask` as runs in raster order, labelled by 8-connected
/// structure; returns the runs and the number of structures. Labelling runs instead of pixels
/// is several times faster on ink, which is mostly paper, and the runs also serve to list a
/// structure's pixels.
pub fn label_runs(mask: &GrayImage) -> (Vec<Run>, usize) {
    let (w, h) = mask.dimensions();
    let raw = mask.as_raw();
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    fn find(parent: &mut [u32], mut a: u32) -> u32 {
        while parent[a as usize] != a {
            parent[a as usize] = parent[parent[a as usize] as usize];
            a = parent[a as usize];
        }
        a
    }
    // runs of the row above: runs[prev.0..prev.1]
    let mut prev = (0usize, 0usize);
    for y in 0..h {
        let row = &raw[(y * w) as usize..((y + 1) * w) as usize];
        let start = runs.len();
        let mut k = prev.0;
        let mut x = 0;
        while x < w {
            if row[x as usize] == 0 {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < w && row[x as usize] != 0 {
                x += 1;
            }
            let mut label = u32::MAX;
            // runs above touching this one, diagonals included: above.x0 <= x1 and x0 <= above.x1
            while k < prev.1 && runs[k].x1 < x0 {
                k += 1;
            }
            let mut j = k;
            while j < prev.1 && runs[j].x0 <= x {
                let above = find(&mut parent, runs[j].label);
                if label == u32::MAX {
                    label = above;
                } else if above != label {
                    let (lo, hi) = (label.min(above), label.max(above));
                    parent[hi as usize] = lo;
                    label = lo;
                }
                j += 1;
            }
            if label == u32::MAX {
                label = parent.len() as u32;
                parent.push(label);
            }
            runs.push(Run {
                y,
                x0,
                x1: x,
                label,
            });
        }
        prev = (start, runs.len());
    }
    // final, dense labels in order of first appearance
    let mut dense = vec![u32::MAX; parent.len()];
    let mut count = 0;
    for r in &mut runs {
        let root = find(&mut parent, r.label);
        if dense[root as usize] == u32::MAX {
            dense[root as usize] = count;
            count += 1;
        }
        r.label = dense[root as usize];
    }
    (runs, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_labelled_by_eight_connected_structure() {
        // a V joined only diagonally at its foot, a separate dot, and a U whose arms meet late
        let rows = [
            "#...#..#.#",
            ".#.#...#.#",
            "..#....###",
            "..........",
            "#.........",
        ];
        let mask = GrayImage::from_fn(10, 5, |x, y| {
            Luma([if rows[y as usize].as_bytes()[x as usize] == b'#' {
                255
            } else {
                0
            }])
        });
        let (runs, n) = label_runs(&mask);
        assert_eq!(n, 3);
        let label_at = |x: u32, y: u32| {
            runs.iter()
                .find(|r| r.y == y && r.x0 <= x && x < r.x1)
                .map(|r| r.label)
        };
        assert_eq!(label_at(0, 0), label_at(4, 0));
        assert_eq!(label_at(7, 0), label_at(9, 0));
        assert_ne!(label_at(0, 0), label_at(7, 0));
        assert_ne!(label_at(0, 4), label_at(2, 2));
        assert_eq!(label_at(5, 0), None);
        // every set pixel is in exactly one run
        let covered: u32 = runs.iter().map(|r| r.x1 - r.x0).sum();
        assert_eq!(
            covered,
            rows.iter()
                .map(|r| r.matches('#').count() as u32)
                .sum::<u32>()
        );
    }

    #[test]
    fn run_lengths_fill_each_run_with_its_length() {
        let on = [
            true, true, false, true, /* second line */ false, true, true, true,
        ];
        assert_eq!(
            run_lengths(2, 4, |line, i| line * 4 + i, &on),
            vec![2, 2, 0, 1, 0, 3, 3, 3]
        );
        // down the two columns of a 4x2 grid
        assert_eq!(
            run_lengths(4, 2, |line, i| i * 4 + line, &on),
            vec![1, 2, 0, 2, 0, 2, 1, 2]
        );
    }

    #[test]
    fn downscale_box_averages_blocks_with_rounding() {
        let img = GrayImage::from_raw(4, 2, vec![0, 1, 10, 10, 1, 1, 10, 12]).unwrap();
        let out = downscale_box(&img, 2);
        assert_eq!(out.dimensions(), (2, 1));
        assert_eq!(out.as_raw(), &vec![1, 11]);
    }

    #[test]
    fn rank_filter_finds_local_extremes() {
        let mut img = GrayImage::from_pixel(5, 5, Luma([100]));
        img.put_pixel(2, 2, Luma([7]));
        let min = rank_filter_square(&img, 1, false);
        assert_eq!(min.get_pixel(1, 1)[0], 7);
        assert_eq!(min.get_pixel(0, 0)[0], 100);
        let max = rank_filter_square(&img, 1, true);
        assert_eq!(max.get_pixel(2, 2)[0], 100);
    }

    #[test]
    fn flatten_background_removes_a_lighting_gradient_but_keeps_ink() {
        let mut img = GrayImage::from_fn(64, 64, |x, _| Luma([(150 + x / 2) as u8]));
        for y in 20..40 {
            img.put_pixel(30, y, Luma([40]));
        }
        let flat = flatten_background(&img, 8);
        // the closing overestimates the paper by up to three blocks of this
        // gradient (half a level a pixel, 24 levels over the image), so paper lands under 255
        assert!(flat.get_pixel(2, 5)[0] > 225);
        assert!(flat.get_pixel(60, 60)[0] > 225);
        assert!(flat.get_pixel(30, 30)[0] < 120);
    }
}
