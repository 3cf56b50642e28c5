//! Printed or handwritten, decided by the whole grid: within one photo every printed given
//! shares one font, size, stroke, ink and place in its cell, and the player's handwriting
//! differs from them. The model reads each tile alone; when it hesitates between a printed and
//! a handwritten reading, the tile's glyph is compared with the glyphs the model read surely
//! in the same photo, as a person would compare it with the other givens.

use super::cells::{grid_tiles, normalize_tile, GreyLevels, CELL, TILE_LEN};
use super::model::CLASSES;
use image::GrayImage;

/// A tile is in doubt about its kind when the less likely kind (printed or handwritten) holds
/// at least this much of its probability.
const KIND_DOUBT: f32 = 0.02;
/// Reference glyphs: tiles read as one kind with at least this probability...
const REFERENCE_SURE: f32 = 0.99;
/// ...and at least this many of them, or the kind has no reference in this photo.
const MIN_REFERENCES: usize = 4;
/// How much the glyph comparison weighs against the model's own odds (its log-likelihood
/// ratio is multiplied by this): the five measurements are not independent (a small glyph has
/// thin strokes), so their summed evidence is discounted. Chosen on the training and
/// validation photos: 0.3, 0.5 and 1 read the same validation grids, 0.5 and 0.3 two more
/// training grids than 1 (models/README.md, "Printed or handwritten: the whole grid decides").
const WEIGHT: f32 = 0.5;
/// The comparison never moves the odds by more than this factor (its logarithm): one
/// measurement far out on a smudged tile must not outweigh everything else.
const MAX_LOG_ODDS: f32 = 6.0;
/// Ink at least this share of the way from the paper to the glyph's darkest pixel counts for
/// its height ([`tallest_part`]): a thin stroke, paler than the rest once warped, stays joined.
const PART_INK: f32 = 0.3;
/// Pixels of the tile's border left out of the glyph: grid-line residue lives there.
const MARGIN: usize = 3;
/// Normalised ink at least this strong belongs to the glyph.
const INK: f32 = 0.5;
/// The smallest spread per measurement (height, stroke, darkness, centre x, centre y) a
/// reference may have: printed givens are so alike that their measured spread can be near
/// zero, and a glyph a pixel off must not look foreign for that.
const MIN_SPREAD: [f32; FEATURES] = [1.0, 0.35, 0.04, 1.0, 1.0];

/// Measurements per glyph.
const FEATURES: usize = 5;

/// How a glyph looks: its height (pixels of a [`CELL`]), stroke width (pixels), ink
/// darkness (share of the paper's brightness the ink takes away), and the centre of its
/// bounding box (pixels from the cell's centre, x then y).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Looks([f32; FEATURES]);

/// Measures the glyph of `tile` (raw grey levels): the largest connected blob of ink inside
/// the margin, with the blobs at least a quarter its size (a digit broken by a light stroke).
/// `None` when the tile has no ink.
///
/// Stroke width is twice the ink area over the blob's perimeter (a stroke of width w and
/// length L has area wL and perimeter about 2L).
pub(crate) fn measure(tile: &[u8; TILE_LEN]) -> Option<Looks> {
    let n = CELL as usize;
    let blobs = ink_blobs(tile, INK);
    let largest = blobs.iter().map(Vec::len).max()?;
    let glyph: Vec<usize> = blobs
        .into_iter()
        .filter(|b| 4 * b.len() >= largest)
        .flatten()
        .collect();
    // the paper's brightness: the upper quartile of the tile's grey levels, since paper
    // covers most of a cell whatever the glyph
    let paper = f32::from(GreyLevels::of(tile).nth_smallest(TILE_LEN * 3 / 4 - 1)).max(1.0);
    let (mut top, mut bottom, mut left, mut right) = (n, 0, n, 0);
    let (mut perimeter, mut grey) = (0usize, 0f32);
    let mut in_glyph = vec![false; TILE_LEN];
    for &k in &glyph {
        in_glyph[k] = true;
    }
    for &k in &glyph {
        let (r, c) = (k / n, k % n);
        (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
        grey += f32::from(tile[k]);
        perimeter += neighbours(k, n)
            .iter()
            .filter(|m| !m.is_some_and(|m| in_glyph[m]))
            .count();
    }
    let area = glyph.len() as f32;
    let centre = (n as f32 - 1.0) / 2.0;
    Some(Looks([
        (bottom + 1 - top) as f32,
        2.0 * area / perimeter.max(1) as f32,
        (paper - grey / area) / paper,
        (left + right) as f32 / 2.0 - centre,
        (top + bottom) as f32 / 2.0 - centre,
    ]))
}

/// The 4-connected blobs of ink inside the tile's margin: pixels whose normalised ink is at
/// least `level`.
fn ink_blobs(tile: &[u8; TILE_LEN], level: f32) -> Vec<Vec<usize>> {
    let n = CELL as usize;
    let x = normalize_tile(tile);
    let inside =
        |r: usize, c: usize| (MARGIN..n - MARGIN).contains(&r) && (MARGIN..n - MARGIN).contains(&c);
    let ink: Vec<bool> = (0..TILE_LEN)
        .map(|k| inside(k / n, k % n) && x[k] >= level)
        .collect();
    blobs(&ink, n)
}

/// The height (pixels of a [`CELL`]) of the tallest blob of ink in `tile`, with the blobs it
/// nearly touches (a gap of a pixel: a thin stroke broken by anti-aliasing or JPEG) counted
/// with it; `None` when the tile has no ink. A digit is one stroke or two close ones, so
/// this is its height, while a cell of pencil marks holds several small blobs apart.
pub(crate) fn tallest_part(tile: &[u8; TILE_LEN]) -> Option<usize> {
    let n = CELL as usize;
    // ink relative to the glyph's own darkest pixel, not the tile's (grid-line residue at the
    // border can be darker than a thin pale glyph, which would then break into specks)
    let inside = |k: usize| {
        (MARGIN..n - MARGIN).contains(&(k / n)) && (MARGIN..n - MARGIN).contains(&(k % n))
    };
    let paper = f32::from(GreyLevels::of(tile).nth_smallest(TILE_LEN * 3 / 4 - 1));
    let darkest = (0..TILE_LEN)
        .filter(|&k| inside(k))
        .map(|k| f32::from(tile[k]))
        .fold(f32::MAX, f32::min);
    let cut = paper - PART_INK * (paper - darkest);
    let ink: Vec<bool> = (0..TILE_LEN)
        .map(|k| inside(k) && paper > darkest && f32::from(tile[k]) <= cut)
        .collect();
    let mut spans: Vec<(usize, usize, usize, usize)> = blobs(&ink, n)
        .iter()
        .map(|b| {
            let rows = b.iter().map(|&k| k / n);
            let cols = b.iter().map(|&k| k % n);
            (
                rows.clone().min().unwrap_or(0),
                rows.max().unwrap_or(0),
                cols.clone().min().unwrap_or(0),
                cols.max().unwrap_or(0),
            )
        })
        .collect();
    // merge boxes a pixel apart until none are
    let near = |a: &(usize, usize, usize, usize), b: &(usize, usize, usize, usize)| {
        a.0 <= b.1 + 2 && b.0 <= a.1 + 2 && a.2 <= b.3 + 2 && b.2 <= a.3 + 2
    };
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..spans.len() {
            for j in i + 1..spans.len() {
                if near(&spans[i], &spans[j]) {
                    let b = spans.swap_remove(j);
                    let a = &mut spans[i];
                    *a = (a.0.min(b.0), a.1.max(b.1), a.2.min(b.2), a.3.max(b.3));
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    spans.iter().map(|s| s.1 + 1 - s.0).max()
}

/// The pixels above, below, left and right of pixel `k` of an `n`x`n` tile (`None` off it).
fn neighbours(k: usize, n: usize) -> [Option<usize>; 4] {
    let (r, c) = (k / n, k % n);
    [
        r.checked_sub(1).map(|r| r * n + c),
        (r + 1 < n).then(|| (r + 1) * n + c),
        c.checked_sub(1).map(|c| r * n + c),
        (c + 1 < n).then(|| r * n + c + 1),
    ]
}

/// The 4-connected blobs of `ink` (an `n`x`n` mask), each as its pixel indices.
fn blobs(ink: &[bool], n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; ink.len()];
    let mut out = Vec::new();
    for start in 0..ink.len() {
        if !ink[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut blob = vec![start];
        let mut i = 0;
        while let Some(&k) = blob.get(i) {
            i += 1;
            for m in neighbours(k, n).into_iter().flatten() {
                if ink[m] && !seen[m] {
                    seen[m] = true;
                    blob.push(m);
                }
            }
        }
        out.push(blob);
    }
    out
}

/// The typical look of one kind of glyph in a photo: per measurement the median and a
/// robust spread (1.4826 times the median absolute deviation, at least [`MIN_SPREAD`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reference {
    median: [f32; FEATURES],
    spread: [f32; FEATURES],
}

impl Reference {
    /// `None` with fewer than [`MIN_REFERENCES`] glyphs.
    pub(crate) fn of(glyphs: &[Looks]) -> Option<Reference> {
        if glyphs.len() < MIN_REFERENCES {
            return None;
        }
        let median_of = |mut v: Vec<f32>| {
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        let median: [f32; FEATURES] =
            std::array::from_fn(|f| median_of(glyphs.iter().map(|g| g.0[f]).collect()));
        let spread = std::array::from_fn(|f| {
            let mad = median_of(glyphs.iter().map(|g| (g.0[f] - median[f]).abs()).collect());
            (1.4826 * mad).max(MIN_SPREAD[f])
        });
        Some(Reference { median, spread })
    }

    /// How far `looks` lies from the typical glyph: its largest distance from the median, in
    /// spreads, over the measurements.
    pub(crate) fn max_z(&self, looks: &Looks) -> f32 {
        (0..FEATURES)
            .map(|f| ((looks.0[f] - self.median[f]) / self.spread[f]).abs())
            .fold(0.0, f32::max)
    }

    /// Log-likelihood of `looks` under independent Gaussians (constants dropped).
    fn log_likelihood(&self, looks: &Looks) -> f32 {
        (0..FEATURES)
            .map(|f| {
                let z = (looks.0[f] - self.median[f]) / self.spread[f];
                -0.5 * z * z - self.spread[f].ln()
            })
            .sum()
    }
}

/// Probability the model gives the printed classes (1..=9) and the handwritten ones (10..).
fn kind_masses(p: &[f32; CLASSES]) -> (f32, f32) {
    (p[1..10].iter().sum(), p[10..].iter().sum())
}

/// The grid's printed/handwritten decision: the class probabilities `probs` of the upright
/// grid `warped` with, for each tile in doubt about its kind ([`KIND_DOUBT`]), the mass of the
/// two kinds weighed by how much more its glyph looks like this photo's sure printed glyphs
/// than its sure handwritten ones (a log-likelihood ratio times [`WEIGHT`], at most
/// [`MAX_LOG_ODDS`]). Tiles the model is sure of, and grids without both references, keep
/// the model's probabilities. Returns the cells whose probabilities changed.
pub(crate) fn weigh_kinds(warped: &GrayImage, probs: &mut [[f32; CLASSES]]) -> Vec<usize> {
    let doubtful: Vec<usize> = (0..probs.len())
        .filter(|&i| {
            let (printed, handwritten) = kind_masses(&probs[i]);
            printed.min(handwritten) >= KIND_DOUBT
        })
        .collect();
    if doubtful.is_empty() {
        return Vec::new();
    }
    let tiles = grid_tiles(warped);
    let sure = |kind: std::ops::Range<usize>| -> Vec<Looks> {
        (0..probs.len())
            .filter(|&i| probs[i][kind.clone()].iter().any(|&p| p >= REFERENCE_SURE))
            .filter_map(|i| measure(&tiles[i]))
            .collect()
    };
    let Some(printed) = Reference::of(&sure(1..10)) else {
        return Vec::new();
    };
    // a printed-only photo has no handwriting to compare with: likening a glyph to print
    // alone pushed sure printed digits to handwriting on the training photos
    let Some(handwritten) = Reference::of(&sure(10..CLASSES)) else {
        return Vec::new();
    };
    let mut changed = Vec::new();
    for i in doubtful {
        let Some(looks) = measure(&tiles[i]) else {
            continue;
        };
        let llr = WEIGHT * (printed.log_likelihood(&looks) - handwritten.log_likelihood(&looks));
        let llr = llr.clamp(-MAX_LOG_ODDS, MAX_LOG_ODDS);
        // the two kinds share the digit mass they had, in the new odds; "empty" keeps its own
        let p = &mut probs[i];
        let (pm, hm) = kind_masses(p);
        let (wp, wh) = ((llr / 2.0).exp(), (-llr / 2.0).exp());
        let scale = (pm + hm) / (pm * wp + hm * wh);
        for v in &mut p[1..10] {
            *v *= wp * scale;
        }
        for v in &mut p[10..] {
            *v *= wh * scale;
        }
        changed.push(i);
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::cells::GRID;

    const PAPER: u8 = 220;

    /// A grid of blank paper.
    fn paper() -> GrayImage {
        GrayImage::from_pixel(GRID, GRID, image::Luma([PAPER]))
    }

    /// Draws in cell `index` a glyph like a 7: a bar across the top and a stem, `height` pixels
    /// tall with strokes `stroke` wide, in grey `ink`, its box centred `dx` pixels right.
    fn draw(g: &mut GrayImage, index: usize, height: u32, stroke: u32, ink: u8, dx: i32) {
        let (x0, y0) = ((index % 9) as u32 * CELL, (index / 9) as u32 * CELL);
        let width = height * 2 / 3;
        let left = (CELL - width) / 2;
        let left = (left as i32 + dx) as u32;
        let top = (CELL - height) / 2;
        for y in top..top + height {
            for x in left..left + width {
                let bar = y < top + stroke;
                let stem = x + stroke >= left + width;
                if bar || stem {
                    g.put_pixel(x0 + x, y0 + y, image::Luma([ink]));
                }
            }
        }
    }

    /// Printed givens: tall, bold, black, centred.
    fn printed(g: &mut GrayImage, index: usize) {
        draw(g, index, 20, 3, 20, 0);
    }

    /// The player's entries: small, thin, grey, off to the right.
    fn handwritten(g: &mut GrayImage, index: usize) {
        draw(g, index, 13, 1, 110, 4);
    }

    /// Sure printed 7s in the first row, sure handwritten 7s in the second, and cell 40
    /// read as a printed 7 or a handwritten 7 at `printed_share`.
    fn grid_with_doubt(
        looks_printed: bool,
        printed_share: f32,
    ) -> (GrayImage, Vec<[f32; CLASSES]>) {
        let mut g = paper();
        let mut probs = vec![[0f32; CLASSES]; 81];
        for p in &mut probs {
            p[0] = 1.0;
        }
        for i in 0..9 {
            printed(&mut g, i);
            probs[i] = [0.0; CLASSES];
            probs[i][7] = 0.999;
            probs[i][16] = 0.001;
            handwritten(&mut g, 9 + i);
            probs[9 + i] = [0.0; CLASSES];
            probs[9 + i][16] = 0.999;
            probs[9 + i][7] = 0.001;
        }
        if looks_printed {
            printed(&mut g, 40);
        } else {
            handwritten(&mut g, 40);
        }
        probs[40] = [0.0; CLASSES];
        probs[40][7] = printed_share;
        probs[40][16] = 1.0 - printed_share;
        (g, probs)
    }

    #[test]
    fn a_glyph_is_measured_by_its_box_stroke_and_ink() {
        let mut g = paper();
        printed(&mut g, 0);
        let looks = measure(&grid_tiles(&g)[0]).unwrap();
        let [height, stroke, darkness, dx, dy] = looks.0;
        assert_eq!(height, 20.0);
        assert!((2.0..=4.0).contains(&stroke), "{stroke}");
        assert!((darkness - 200.0 / 220.0).abs() < 0.01, "{darkness}");
        assert!(dx.abs() <= 1.0 && dy.abs() <= 1.0, "{looks:?}");
        // no ink, no glyph
        assert_eq!(measure(&grid_tiles(&paper())[0]), None);
    }

    #[test]
    fn a_tile_in_doubt_takes_the_kind_its_glyph_looks_like() {
        // the model leans handwritten, but the glyph is one of the printed givens
        let (g, mut probs) = grid_with_doubt(true, 0.4);
        assert_eq!(weigh_kinds(&g, &mut probs), vec![40]);
        let (p, h) = kind_masses(&probs[40]);
        assert!(p > 0.9 && (p + h - 1.0).abs() < 1e-5, "{p} {h}");
        // the model leans printed, but the glyph is the player's
        let (g, mut probs) = grid_with_doubt(false, 0.6);
        weigh_kinds(&g, &mut probs);
        let (p, h) = kind_masses(&probs[40]);
        assert!(h > 0.9, "{p} {h}");
    }

    #[test]
    fn sure_tiles_and_grids_without_print_keep_the_models_reading() {
        // sure of its kind: unchanged, however it looks
        let (g, mut probs) = grid_with_doubt(false, 0.995);
        let before = probs.clone();
        assert!(weigh_kinds(&g, &mut probs).is_empty());
        assert_eq!(probs, before);
        // no sure print to compare with: the model's odds stand
        let (g, mut probs) = grid_with_doubt(true, 0.4);
        for p in &mut probs[..9] {
            *p = [0.0; CLASSES];
            p[0] = 1.0;
        }
        let before = probs.clone();
        assert!(weigh_kinds(&g, &mut probs).is_empty());
        assert_eq!(probs, before);
    }

    #[test]
    fn a_photo_without_sure_handwriting_keeps_the_models_reading() {
        let (g, mut probs) = grid_with_doubt(true, 0.4);
        for p in &mut probs[9..18] {
            *p = [0.0; CLASSES];
            p[0] = 1.0;
        }
        let before = probs.clone();
        assert!(weigh_kinds(&g, &mut probs).is_empty());
        assert_eq!(probs, before);
    }
}
