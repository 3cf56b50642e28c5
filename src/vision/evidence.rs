//! Is it a Sudoku grid? Detection always finds some outline, and on noise, a wall or a page of
//! text that outline (often the whole frame) can score like a grid: its lattice is then fitted
//! to whatever dark specks are nearest. A printed grid leaves no doubt once its lattice is
//! known: each of its twenty lines is a thin ridge, darker than the paper just beside it,
//! nearly all along; and its lines stop at its border. Noise is as dark beside a lattice line
//! as on it; a crossword or a tiled wall has lines, but they run on past any nine cells.

use super::geometry::sample_bilinear;
use image::GrayImage;
use serde::Serialize;

/// Where along each cell's edge the line is looked at, as a share of the edge: clear of the
/// crossings at both ends, where the crossing line is dark whatever the edge.
const ALONG: [f64; 7] = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
/// Half the width (share of a cell) of the band searched for the line's darkest point: lines
/// are thick, blurred, and the lattice a pixel or two off.
const BAND: f64 = 0.06;
/// The paper just beside the line (share of a cell from it, each side): past the line and its
/// blur, and closer than the digits and handwriting in the cells, which would hide a line
/// behind their strokes.
const SHOULDER: (f64, f64) = (0.08, 0.14);
/// How much darker than both shoulders (grey levels of the lighting-flattened image) a point
/// of line must be, at the least: a clean screenshot's paper has no noise, so a pale line
/// 3 levels darker is still a line...
const MIN_CONTRAST: f32 = 3.0;
// ...and on a noisy photo it must stand out from the noise: the contrast asked for is at least
// the paper's noise, measured as the median difference between the two shoulders.
/// A line is there when it stands out at this share of its points: noise scores a third or
/// less, a brick wall's staggered joints half; the training photos' lines (the weakest of
/// them, faded, smudged or crossed by handwriting) 0.75 and more.
const LINE_PRESENT: f32 = 0.6;
/// Points of a line (of 63) that must show something other than one flat shade for a
/// screenshot's line to be judged by them alone: a cell and a half's worth.
const MIN_SEEN: usize = 10;
/// A grid shows at least this many of its ten lines each way: the weakest may be faded or
/// cut off by the photo's edge.
const LINES_EACH_WAY: usize = 8;
/// On a rendered image whose border and box lines all show, the lines each way that must
/// show: two of the six thin ones besides. Three boxes a side drawn without their cells (a
/// layout of panels) show four.
const RENDERED_LINES_EACH_WAY: usize = 6;
/// Where past the border (share of a cell) the lines are looked for, to tell whether they
/// stop there. Only just past it: a second grid printed a little below the first continues
/// its columns after a gap.
const BEYOND: [f64; 2] = [0.2, 0.35];
/// Lines running on past the same side of the outline, of ten, that make it a piece of a
/// larger lattice (a crossword, tiles). A Sudoku's lines stop at its border: the training
/// photos show at most four running on (into a title bar or a neighbouring grid), crosswords
/// and tiled walls eight or more.
const RUNNING_ON: usize = 6;
/// Where across each cell (share of the cell from its first line) a line through it is looked
/// for: a Sudoku's cells hold digits, never a line, while nine cells' worth of a finer lattice
/// (a crossword of 12 to 20 cells a side) put one of its lines through most of them.
const INSIDE: [f64; 11] = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75];
/// Bands of cells (of nine each way) crossed by a line of their own that make the lattice a
/// piece of a finer one: the training photos show at most one (a handwritten underline, a
/// fold), crosswords of 15 and 18 cells a side 12 and 18.
const LINES_INSIDE: usize = 4;

/// How plainly a lattice's lines show, and whether they stop at its border.
#[derive(Clone, Debug, Serialize)]
pub struct GridEvidence {
    /// For the lines running across (top to bottom; ten on a classic): the share of their
    /// points where the line stands out from the paper beside it.
    pub rows: Vec<f32>,
    /// The same for the lines running down (left to right).
    pub cols: Vec<f32>,
    /// The contrast a point of line needed (grey levels): [`MIN_CONTRAST`] or the paper noise.
    pub contrast: f32,
    /// For each side of the outline (top, bottom, left, right): how many of the ten lines
    /// meeting it run on past it.
    pub running_on: [usize; 4],
    /// For each band of cells between two neighbouring lines across, then between two lines
    /// down: the largest share of points, over the places [`INSIDE`] the band, where a line
    /// parallel to its sides stands out.
    pub inside: Vec<f32>,
    /// Lines measured as on a rendered image ([`Polarity::Either`]).
    pub rendered: bool,
}

impl GridEvidence {
    /// Whether the lattice is a 9x9 grid: [`LINES_EACH_WAY`] lines present each way (on a
    /// rendered image whose border and box lines all show, [`RENDERED_LINES_EACH_WAY`]),
    /// fewer than [`RUNNING_ON`] running on past any side, and fewer than [`LINES_INSIDE`]
    /// bands of cells crossed by a line of their own.
    ///
    /// A grid of another size (`side + 1` lines each way) may miss as large a share of its
    /// lines as a classic (two in ten: one of a 6x6's seven, or of a 4x4's five), and as
    /// large a share may run on ([`RUNNING_ON`] in ten).
    pub fn is_grid(&self) -> bool {
        let lines = self.rows.len();
        let present = |v: &[f32]| v.iter().filter(|&&f| f >= LINE_PRESENT).count();
        let classic = lines == 10;
        let boxed = |v: &[f32]| classic && [0, 3, 6, 9].iter().all(|&k| v[k] >= LINE_PRESENT);
        // a screenshot may hide a thin line in the shade of the cells it runs between (the
        // same grey in another hue, or a shaded cell beside an unshaded one leaving only a
        // step): its thin lines count for less when its border and box lines all show
        let enough = |v: &[f32]| {
            present(v) + (10 - LINES_EACH_WAY) * lines / 10 >= lines
                || (self.rendered && boxed(v) && present(v) >= RENDERED_LINES_EACH_WAY)
        };
        let running_on = RUNNING_ON * lines / 10;
        enough(&self.rows)
            && enough(&self.cols)
            && self.running_on.iter().all(|&n| n < running_on)
            && self.inside.iter().filter(|&&f| f >= LINE_PRESENT).count() < LINES_INSIDE
    }

    /// Whether the lattice is one of the 9x9 grids of an overlapping shape (a samurai's): its
    /// lines present as [`GridEvidence::is_grid`] asks, and few bands crossed by a line of
    /// their own; its lines may run on past any side, as they do into the grids that share its
    /// corner boxes.
    pub fn is_joined_grid(&self) -> bool {
        let lines = self.rows.len();
        let present = |v: &[f32]| v.iter().filter(|&&f| f >= LINE_PRESENT).count();
        let enough = |v: &[f32]| present(v) + (10 - LINES_EACH_WAY) * lines / 10 >= lines;
        enough(&self.rows)
            && enough(&self.cols)
            && self.inside.iter().filter(|&&f| f >= LINE_PRESENT).count() < LINES_INSIDE
    }

    /// The way (cells across, cells down) the lattice seems one cell off, when it does: lines
    /// run on past one side while the line at the opposite side is missing, as when an app's
    /// row of number buttons under its grid was taken for the grid's last row.
    pub fn one_cell_off(&self) -> Option<(i32, i32)> {
        let absent = |f: f32| f < LINE_PRESENT;
        let runs_on = |side: usize| self.running_on[side] >= RUNNING_ON;
        // the grid lies a cell towards the side its lines run on past, the other side's
        // line missing; both sides at once say nothing
        let way = |towards_start: bool, towards_end: bool| match (towards_start, towards_end) {
            (true, false) => -1,
            (false, true) => 1,
            _ => 0,
        };
        let last = self.rows.len() - 1;
        let dy = way(
            runs_on(0) && absent(self.rows[last]),
            runs_on(1) && absent(self.rows[0]),
        );
        let dx = way(
            runs_on(2) && absent(self.cols[last]),
            runs_on(3) && absent(self.cols[0]),
        );
        (dx != 0 || dy != 0).then_some((dx, dy))
    }
}

/// The line's darkest and lightest points and the paper's on either side, at a point of a
/// line.
struct Profile {
    on: f32,
    beside: [f32; 2],
    /// The lightest points of the band and of the two shoulders, for a line lighter than the
    /// cells on both its sides ([`Polarity::Either`]).
    on_light: f32,
    beside_light: [f32; 2],
}

/// Which lines count: darker than the paper beside them, or lighter too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Polarity {
    /// Print and pen are darker than their paper.
    Dark,
    /// A rendered page (a screenshot) draws its lines in one colour over cells it shades
    /// lighter or darker than the lines: a pale grey line crossing a row shaded darker grey,
    /// or a dark theme's lines between cells lit up by the selection, stand out as light
    /// ridges there. Either sign of ridge counts; a mere step (a shaded cell's edge, darker on
    /// one side only) still does not.
    Either,
}

impl Profile {
    /// Reads `dark` across the line through `a` and `b` (neighbouring lattice points) at the
    /// point `f` of the way from `a` to `b` (beyond `a` when negative); `None` when `a` and
    /// `b` coincide or the point leaves the image.
    fn at(dark: &GrayImage, a: (f64, f64), b: (f64, f64), f: f64) -> Option<Profile> {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy);
        let p = (a.0 + f * dx, a.1 + f * dy);
        let (w, h) = (f64::from(dark.width()), f64::from(dark.height()));
        if len < 1e-6 || p.0 < 0.0 || p.1 < 0.0 || p.0 > w - 1.0 || p.1 > h - 1.0 {
            return None;
        }
        let n = (-dy / len, dx / len);
        // the darkest and lightest points between `from` and `to` (shares of a cell across),
        // every half pixel or finer, so a line one pixel thin is not stepped over
        let extremes = |from: f64, to: f64| -> (f32, f32) {
            let steps = ((to - from) * len * 2.0).ceil().max(1.0) as usize;
            (0..=steps)
                .map(|s| {
                    let d = (from + (to - from) * s as f64 / steps as f64) * len;
                    sample_bilinear(dark, p.0 + d * n.0, p.1 + d * n.1)
                })
                .fold((f32::MIN, f32::MAX), |(hi, lo), v| (hi.max(v), lo.min(v)))
        };
        let (s0, s1) = SHOULDER;
        let (on, a, b) = (extremes(-BAND, BAND), extremes(s0, s1), extremes(-s1, -s0));
        Some(Profile {
            on: on.0,
            beside: [a.0, b.0],
            on_light: on.1,
            beside_light: [a.1, b.1],
        })
    }

    /// Whether the band and both shoulders are one flat shade (within `contrast`): a
    /// screenshot that shades cells in its lines' own colour hides the line there, which
    /// says nothing either way.
    fn is_flat(&self, contrast: f32) -> bool {
        let darkest = self.on.max(self.beside[0]).max(self.beside[1]);
        let lightest = self
            .on_light
            .min(self.beside_light[0])
            .min(self.beside_light[1]);
        darkest - lightest < contrast
    }

    fn stands_out(&self, contrast: f32, polarity: Polarity) -> bool {
        self.on - self.beside[0].max(self.beside[1]) >= contrast
            || (polarity == Polarity::Either
                && self.beside_light[0].min(self.beside_light[1]) - self.on_light >= contrast)
    }
}

/// Measures the lines of `lattice` (`(side + 1)²` points, 100 on a classic, row-major, in
/// `dark`'s pixels) in `dark`, a
/// darkness image (ink bright) with the lighting flattened; lines of either sign count on a
/// rendered image ([`Polarity::Either`]).
///
/// Algorithm: on each cell edge, at seven points between the crossings, the darkest point of a
/// band across the line ([`BAND`] of a cell each side) is compared with the darkest points of
/// the paper on its two shoulders ([`SHOULDER`]); the point counts when it is darker than both
/// by the contrast asked ([`MIN_CONTRAST`], or the paper's noise when more), or, with
/// [`Polarity::Either`], its lightest point lighter than the lightest of both; there, points
/// where band and shoulders are one flat shade do not count unless too few others are left
/// ([`MIN_SEEN`]). The darkest
/// points of the bands are compared, so on noise each band is as likely as the others to hold
/// the darkest speck. The lines meeting each side of the outline are then looked at just past
/// it ([`BEYOND`]): a line runs on when it stands out at both points. Last, each band of cells
/// is looked through for a line of its own, at the places [`INSIDE`] it, the same way.
pub fn measure(dark: &GrayImage, lattice: &[(f64, f64)], polarity: Polarity) -> GridEvidence {
    let n = (lattice.len() as f64).sqrt().round() as usize;
    let row = |i: usize| -> Vec<usize> { (0..n).map(|j| i * n + j).collect() };
    let col = |j: usize| -> Vec<usize> { (0..n).map(|i| i * n + j).collect() };
    let lines: Vec<Vec<usize>> = (0..n).map(row).chain((0..n).map(col)).collect();
    let profiles: Vec<Vec<Profile>> = lines
        .iter()
        .map(|pts| {
            pts.windows(2)
                .flat_map(|w| ALONG.map(|f| Profile::at(dark, lattice[w[0]], lattice[w[1]], f)))
                .flatten()
                .collect()
        })
        .collect();
    let mut noise: Vec<f32> = profiles
        .iter()
        .flatten()
        .map(|p| (p.beside[0] - p.beside[1]).abs())
        .collect();
    let contrast = if noise.is_empty() {
        MIN_CONTRAST
    } else {
        let mid = noise.len() / 2;
        let median = *noise.select_nth_unstable_by(mid, f32::total_cmp).1;
        median.max(MIN_CONTRAST)
    };
    let hits = |ps: &Vec<Profile>| {
        ps.iter()
            .filter(|p| p.stands_out(contrast, polarity))
            .count()
    };
    let share = |ps: &Vec<Profile>| -> f32 { hits(ps) as f32 / ps.len().max(1) as f32 };
    // a lattice line's share: on a screenshot, the points where the line is hidden in a flat
    // shade of its own colour are left out, while enough of the line shows to judge it by
    let line_share = |ps: &Vec<Profile>| -> f32 {
        let seen = match polarity {
            Polarity::Either => ps.iter().filter(|p| !p.is_flat(contrast)).count(),
            Polarity::Dark => ps.len(),
        };
        let judged = if seen >= MIN_SEEN { seen } else { ps.len() };
        hits(ps) as f32 / judged.max(1) as f32
    };
    // each line's first and last points, and the way past them
    let runs_on = |pts: &[usize], end: usize| -> bool {
        let (a, b) = if end == 0 {
            (pts[0], pts[1])
        } else {
            (pts[n - 1], pts[n - 2])
        };
        BEYOND.iter().all(|&f| {
            Profile::at(dark, lattice[a], lattice[b], -f)
                .is_some_and(|p| p.stands_out(contrast, polarity))
        })
    };
    let count = |family: &[Vec<usize>], end: usize| -> usize {
        family
            .iter()
            .filter(|pts| runs_on(pts.as_slice(), end))
            .count()
    };
    let (rows, cols) = lines.split_at(n);
    // the band between lines `k` and `k + 1` of a family, `f` of the way across: its line's
    // points, interpolated between theirs
    let inside = |family: &[Vec<usize>], k: usize| -> f32 {
        let (p, q) = (&family[k], &family[k + 1]);
        INSIDE
            .iter()
            .map(|&f| {
                let pt = |i: usize| {
                    let (a, b) = (lattice[p[i]], lattice[q[i]]);
                    (a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1))
                };
                let ps: Vec<Profile> = (0..n - 1)
                    .flat_map(|i| ALONG.map(|t| Profile::at(dark, pt(i), pt(i + 1), t)))
                    .flatten()
                    .collect();
                share(&ps)
            })
            .fold(0.0, f32::max)
    };
    GridEvidence {
        rows: (0..n).map(|i| line_share(&profiles[i])).collect(),
        cols: (0..n).map(|j| line_share(&profiles[n + j])).collect(),
        contrast,
        // the columns meet the top and bottom sides, the rows the left and right ones
        running_on: [
            count(cols, 0),
            count(cols, 1),
            count(rows, 0),
            count(rows, 1),
        ],
        inside: (0..n - 1)
            .map(|b| inside(rows, b))
            .chain((0..n - 1).map(|b| inside(cols, b)))
            .collect(),
        rendered: polarity == Polarity::Either,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// The lattice of a square grid of `cell` pixels at (x0, y0).
    fn square_lattice(x0: f64, y0: f64, cell: f64) -> Vec<(f64, f64)> {
        (0..10)
            .flat_map(|i| (0..10).map(move |j| (x0 + j as f64 * cell, y0 + i as f64 * cell)))
            .collect()
    }

    /// A darkness image (ink bright) of lines every 30 pixels from 20 for `count` lines each
    /// way, two pixels thick.
    fn lines(count: u32) -> GrayImage {
        let last = 20 + 30 * (count - 1) + 1;
        let on = |v: u32| v >= 20 && (v - 20) % 30 < 2 && v <= last;
        GrayImage::from_fn(600, 600, |x, y| {
            let inside = (20..=last).contains(&x) && (20..=last).contains(&y);
            Luma([if inside && (on(x) || on(y)) { 180 } else { 5 }])
        })
    }

    #[test]
    fn a_drawn_grid_shows_every_line_and_noise_none() {
        let lattice = square_lattice(20.5, 20.5, 30.0);
        let e = measure(&lines(10), &lattice, Polarity::Dark);
        assert!(e.rows.iter().chain(&e.cols).all(|&f| f > 0.95), "{e:?}");
        assert_eq!(e.running_on, [0; 4]);
        assert!(e.is_grid());

        // a hash noise: every pixel its own grey
        let noise = GrayImage::from_fn(320, 320, |x, y| {
            let h = (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663))
                .wrapping_mul(2_654_435_761);
            Luma([(h >> 24) as u8])
        });
        let e = measure(&noise, &lattice, Polarity::Dark);
        assert!(!e.is_grid(), "{e:?}");
        assert!(e.rows.iter().chain(&e.cols).all(|&f| f < 0.5), "{e:?}");
    }

    #[test]
    fn a_screen_grid_paler_than_its_shaded_cells_shows_on_a_rendered_image() {
        // a darkness image of a screenshot: pale lines (darkness 40 on paper 0), and three
        // rows and three columns shaded darker than the lines (60): there the lines are
        // lighter than the cells on both their sides
        let on = |v: u32| v >= 20 && (v - 20) % 30 < 2 && v <= 291;
        let shaded = |v: u32| (110..200).contains(&v);
        let screen = GrayImage::from_fn(320, 320, |x, y| {
            let inside = (20..=291).contains(&x) && (20..=291).contains(&y);
            let line = inside && (on(x) || on(y));
            let shade = inside && (shaded(x) || shaded(y));
            Luma([match (line, shade) {
                (true, _) => 40,
                (false, true) => 60,
                (false, false) => 0,
            }])
        });
        let lattice = square_lattice(20.5, 20.5, 30.0);
        assert!(!measure(&screen, &lattice, Polarity::Dark).is_grid());
        let e = measure(&screen, &lattice, Polarity::Either);
        assert!(e.is_grid(), "{e:?}");
        // a shaded block's edges are steps, not lines: they do not make a grid of either sign
        let blocks = GrayImage::from_fn(320, 320, |x, y| {
            let block = |v: u32| v.saturating_sub(20) / 30;
            Luma([if (block(x) + block(y)) % 2 == 0 {
                60
            } else {
                0
            }])
        });
        assert!(!measure(&blocks, &lattice, Polarity::Either).is_grid());
    }

    #[test]
    fn a_screen_that_shades_cells_in_its_lines_colour_still_shows_its_grid() {
        // pale lines (darkness 40 on paper 0) through cells of which a checkerboard of 3x3
        // boxes is shaded in the lines' own colour: there the lines vanish, elsewhere they
        // show; the box lines are darker (120), as apps draw them
        let on = |v: u32| v >= 20 && (v - 20) % 30 < 2 && v <= 291;
        let bold = |v: u32| v >= 20 && (v - 20) % 90 < 2 && v <= 291;
        let shaded_box = |x: u32, y: u32| {
            let b = |v: u32| v.saturating_sub(20) / 90;
            (b(x) + b(y)) % 2 == 0
        };
        let screen = GrayImage::from_fn(320, 320, |x, y| {
            let inside = (20..=291).contains(&x) && (20..=291).contains(&y);
            let line = inside && (on(x) || on(y));
            Luma([if inside && (bold(x) || bold(y)) {
                120
            } else if line || (inside && shaded_box(x, y)) {
                40
            } else {
                0
            }])
        });
        let lattice = square_lattice(20.5, 20.5, 30.0);
        let e = measure(&screen, &lattice, Polarity::Either);
        assert!(e.is_grid(), "{e:?}");
        assert!(e.rows.iter().chain(&e.cols).all(|&f| f > 0.95), "{e:?}");
        // on a photo the flat shade is paper, and a line that vanishes in it is missing
        assert!(!measure(&screen, &lattice, Polarity::Dark).is_grid());
        // a blank screen shows no line at all: nothing to judge by is no grid
        let blank = GrayImage::from_pixel(320, 320, Luma([40]));
        assert!(!measure(&blank, &lattice, Polarity::Either).is_grid());
    }

    #[test]
    fn a_screen_hiding_thin_lines_in_its_shading_shows_its_grid_by_its_box_lines() {
        // pale thin lines (darkness 40 on paper 0) and darker box lines (120); the cells of
        // columns 1 to 4 (x = 50 to 170) are shaded in the thin lines' own shade, so thin
        // lines 1, 2, 4 and 5 down vanish in the shading or leave only a step at its edge
        let on = |v: u32| v >= 20 && (v - 20) % 30 < 2 && v <= 291;
        let bold = |v: u32| v >= 20 && (v - 20) % 90 < 2 && v <= 291;
        let screen = |shaded_rows: std::ops::Range<u32>| {
            GrayImage::from_fn(320, 320, move |x, y| {
                let inside = (20..=291).contains(&x) && (20..=291).contains(&y);
                let shade = (52..170).contains(&x) || shaded_rows.contains(&y);
                Luma([if inside && (bold(x) || bold(y)) {
                    120
                } else if inside && (on(x) || on(y) || shade) {
                    40
                } else {
                    0
                }])
            })
        };
        let lattice = square_lattice(20.5, 20.5, 30.0);
        let e = measure(&screen(0..0), &lattice, Polarity::Either);
        let hidden = [1, 2, 4, 5].map(|k| e.cols[k] < LINE_PRESENT);
        assert_eq!(hidden, [true; 4], "{e:?}");
        assert!(e.is_grid(), "{e:?}");
        // shading rows 1 to 4 too hides four thin lines each way: still a grid on a screen
        let e = measure(&screen(52..170), &lattice, Polarity::Either);
        assert!(e.is_grid(), "{e:?}");
        // on a photo a missing line is missing
        assert!(!measure(&screen(0..0), &lattice, Polarity::Dark).is_grid());
        // a screen of three panels a side (lines only every third cell) is no Sudoku
        let panels = GrayImage::from_fn(320, 320, |x, y| {
            let inside = (20..=291).contains(&x) && (20..=291).contains(&y);
            Luma([if inside && (bold(x) || bold(y)) {
                120
            } else {
                0
            }])
        });
        let e = measure(&panels, &lattice, Polarity::Either);
        assert!(!e.is_grid(), "{e:?}");
    }

    #[test]
    fn a_lattice_one_row_low_says_which_way_the_grid_is() {
        // the grid's ten lines from y = 20, and a row of buttons under it whose lattice is
        // one cell lower: its columns run on past its top, and its last line is missing
        let g = lines(10);
        let low = square_lattice(20.5, 50.5, 30.0);
        let e = measure(&g, &low, Polarity::Either);
        assert!(!e.is_grid(), "{e:?}");
        assert_eq!(e.one_cell_off(), Some((0, -1)), "{e:?}");
        let right = measure(&g, &square_lattice(20.5, 20.5, 30.0), Polarity::Either);
        assert_eq!(right.one_cell_off(), None, "{right:?}");
    }

    #[test]
    fn lines_one_way_only_are_no_grid() {
        // ruled paper, or rows of text: lines across, none down
        let ruled = GrayImage::from_fn(320, 320, |_, y| {
            Luma([if y >= 20 && (y - 20) % 30 < 2 { 180 } else { 5 }])
        });
        let e = measure(&ruled, &square_lattice(20.5, 20.5, 30.0), Polarity::Dark);
        assert!(e.rows.iter().all(|&f| f > 0.95), "{e:?}");
        assert!(!e.is_grid(), "{e:?}");
    }

    #[test]
    fn nine_cells_of_a_larger_lattice_are_no_grid() {
        // sixteen lines each way: any nine cells of it have lines running on past two sides
        let e = measure(
            &lines(16),
            &square_lattice(80.5, 80.5, 30.0),
            Polarity::Dark,
        );
        assert!(e.rows.iter().chain(&e.cols).all(|&f| f > 0.95), "{e:?}");
        assert_eq!(e.running_on, [10; 4]);
        assert!(!e.is_grid());
        // its corner block has them running on past the bottom and the right only
        let e = measure(
            &lines(16),
            &square_lattice(20.5, 20.5, 30.0),
            Polarity::Dark,
        );
        assert_eq!(e.running_on, [0, 10, 0, 10]);
        assert!(!e.is_grid());
    }

    #[test]
    fn a_finer_lattice_seen_whole_is_no_grid() {
        // nineteen lines each way, a lattice of nine cells two of its cells wide over all of
        // it: every line of the lattice shows (but where the finer lattice's lines cross it)
        // and none runs on, but a line crosses every cell
        let e = measure(
            &lines(19),
            &square_lattice(20.5, 20.5, 60.0),
            Polarity::Dark,
        );
        assert!(e.rows.iter().chain(&e.cols).all(|&f| f > 0.8), "{e:?}");
        assert_eq!(e.running_on, [0; 4]);
        assert!(e.inside.iter().all(|&f| f > 0.8), "{e:?}");
        assert!(!e.is_grid());
        // a Sudoku's cells have no line through them
        let e = measure(
            &lines(10),
            &square_lattice(20.5, 20.5, 30.0),
            Polarity::Dark,
        );
        assert!(e.inside.iter().all(|&f| f < 0.05), "{e:?}");
    }
}
