//! On a screenshot, the grid's own glyphs settle what the model reads tile by tile. An app or a
//! web page draws every given in one font, size, weight and colour, so its givens form one
//! tight cluster of looks ([`appearance::measure`]): a glyph inside that cluster is printed,
//! however the model alone wavers on a thin font it never saw, while a glyph set apart from it
//! (the player's entries in another colour or weight) keeps the model's reading. And the
//! player's pencil marks (candidates: small digits in a corner of a cell, several to a cell)
//! are much smaller than the givens: a cell holding only such glyphs is empty, since
//! candidates are not part of the puzzle.
//!
//! Photos are left to [`appearance::weigh_kinds`]: printed and handwritten ink on paper vary
//! with the lighting and the pen, and a newspaper's printed digits are the model's home ground.

use super::appearance::{measure, tallest_part, Reference};
use super::cells::grid_tiles;
use super::model::CLASSES;
use image::GrayImage;

/// A tile is read as a digit when the model gives the digit classes at least this much.
const READ_AS_DIGIT: f32 = 0.5;
/// A cell is pencil marks when its tallest glyph is under this share of the grid's given
/// height ([`given_height`]). Apps draw candidates at a third of a cell or less and givens at
/// half a cell or more; a given broken by a light stroke keeps a part most of its height.
const PENCIL_SHARE: f32 = 0.68;
/// ...and the model reads it as a digit with less than this probability: a digit the model
/// is sure of is never taken for pencil marks by its size alone. The pencil-mark cells the
/// model read as a digit on the drawn screens had 0.63 at most.
const PENCIL_UNSURE: f32 = 0.9;
/// A pencil-mark cell keeps this share of the digit the model read in it, as a printed
/// given, for the rules alone: it is judged by its size, and a given of a thin font whose
/// middle stroke fades (a 3 drawn in two halves) looks as small. Kept this small, the cell
/// reads as empty beyond [`super::interpret`]'s doubt and is never asked; but when the grid
/// without it has several solutions, the repair ([`super::repair`]) may give it back, and
/// then asks the player about it.
const PENCIL_KEEPS: f32 = 0.01;
/// The givens' height is this quantile of the heights of the tiles read as digits: the
/// givens are at least a fifth of the cells, and pencil marks read as digits are fewer.
const GIVEN_QUANTILE: f32 = 0.75;
/// Tiles read as digits it takes to know the grid's given height and look.
const MIN_GLYPHS: usize = 8;
/// A glyph belongs to the givens' cluster when each of its measurements lies within this many
/// robust spreads of the cluster's median.
const IN_CLUSTER: f32 = 4.0;

/// What the screenshot's glyphs changed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct ScreenGlyphs {
    /// Tiles read as handwriting whose glyph is one of the givens': now printed.
    pub printed: Vec<usize>,
    /// Cells holding only pencil marks: now empty.
    pub pencil: Vec<usize>,
}

/// Settles the kind and the pencil marks of the upright rendered grid `warped`, whose class
/// probabilities are `probs`: pencil-mark cells become empty, and tiles whose glyph lies in
/// the givens' cluster give their handwritten probability to the printed reading of the same
/// digit. Grids with fewer than [`MIN_GLYPHS`] digits keep the model's reading.
pub(crate) fn settle(warped: &GrayImage, probs: &mut [[f32; CLASSES]]) -> ScreenGlyphs {
    let mut out = ScreenGlyphs::default();
    let tiles = grid_tiles(warped);
    let read: Vec<usize> = (0..probs.len())
        .filter(|&i| 1.0 - probs[i][0] >= READ_AS_DIGIT)
        .collect();
    let heights: Vec<(usize, usize)> = read
        .iter()
        .filter_map(|&i| Some((i, tallest_part(&tiles[i])?)))
        .collect();
    let Some(given_height) = given_height(heights.iter().map(|h| h.1)) else {
        return out;
    };
    for &(i, h) in &heights {
        let surest = probs[i][1..].iter().copied().fold(0.0, f32::max);
        if (h as f32) < PENCIL_SHARE * given_height && surest < PENCIL_UNSURE {
            let p = &mut probs[i];
            as_printed(p, PENCIL_KEEPS);
            p[0] = 1.0 - p[1..10].iter().sum::<f32>();
            out.pencil.push(i);
        }
    }
    let glyphs: Vec<(usize, _)> = read
        .iter()
        .filter(|i| !out.pencil.contains(i))
        .filter_map(|&i| Some((i, measure(&tiles[i])?)))
        .collect();
    if glyphs.len() < MIN_GLYPHS {
        return out;
    }
    let looks: Vec<_> = glyphs.iter().map(|g| g.1).collect();
    let Some(cluster) = Reference::of(&looks) else {
        return out;
    };
    for (i, looks) in glyphs {
        let p = &mut probs[i];
        let (printed, handwritten): (f32, f32) = (p[1..10].iter().sum(), p[10..].iter().sum());
        if handwritten <= 0.0 || cluster.max_z(&looks) > IN_CLUSTER {
            continue;
        }
        as_printed(p, 1.0);
        if handwritten > printed {
            out.printed.push(i);
        }
    }
    out
}

/// Gives each digit's handwritten probability to its printed reading (a screen has no
/// handwriting), the digit's whole mass then scaled by `share`; "empty" is left as it is.
fn as_printed(p: &mut [f32; CLASSES], share: f32) {
    for d in 1..10 {
        p[d] = share * (p[d] + p[9 + d]);
        p[9 + d] = 0.0;
    }
}

/// The grid's given height: the [`GIVEN_QUANTILE`] of `heights`, or `None` with fewer than
/// [`MIN_GLYPHS`].
fn given_height(heights: impl Iterator<Item = usize>) -> Option<f32> {
    let mut v: Vec<usize> = heights.collect();
    if v.len() < MIN_GLYPHS {
        return None;
    }
    v.sort_unstable();
    let k = ((v.len() - 1) as f32 * GIVEN_QUANTILE).round() as usize;
    Some(v[k] as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::cells::{CELL, GRID};

    /// Draws in cell `index` a 7-like glyph `height` pixels tall with strokes `stroke` wide in
    /// grey `ink`, its box's top-left `at` pixels into the cell.
    fn seven(g: &mut GrayImage, index: usize, at: (u32, u32), height: u32, stroke: u32, ink: u8) {
        let (x0, y0) = (
            (index % 9) as u32 * CELL + at.0,
            (index / 9) as u32 * CELL + at.1,
        );
        let width = height * 2 / 3;
        for y in 0..height {
            for x in 0..width {
                if y < stroke || x + stroke >= width {
                    g.put_pixel(x0 + x, y0 + y, image::Luma([ink]));
                }
            }
        }
    }

    /// A screen's grid: ten givens (tall black 7s, read surely as printed) in the first two
    /// rows, the rest empty; with the class probabilities of each cell.
    fn screen() -> (GrayImage, Vec<[f32; CLASSES]>) {
        let mut g = GrayImage::from_pixel(GRID, GRID, image::Luma([255]));
        let mut probs = vec![[0f32; CLASSES]; 81];
        for p in &mut probs {
            p[0] = 1.0;
        }
        for (i, p) in probs.iter_mut().enumerate().take(10) {
            seven(&mut g, i, (9, 6), 20, 2, 30);
            *p = [0.0; CLASSES];
            p[7] = 0.999;
            p[16] = 0.001;
        }
        (g, probs)
    }

    fn read_as(p: &mut [f32; CLASSES], class: usize, probability: f32) {
        *p = [0.0; CLASSES];
        p[class] = probability;
        p[0] = 1.0 - probability;
    }

    #[test]
    fn a_cell_of_small_candidates_the_model_doubts_is_empty() {
        let (mut g, mut probs) = screen();
        // three pencil marks in cell 40, read as a handwritten 4 at 0.6
        for at in [(3, 3), (14, 3), (24, 14)] {
            seven(&mut g, 40, at, 6, 1, 90);
        }
        read_as(&mut probs[40], 13, 0.6);
        // the same marks in cell 50, read as a printed 1 beyond doubt: left to the model
        for at in [(3, 3), (14, 3)] {
            seven(&mut g, 50, at, 6, 1, 90);
        }
        read_as(&mut probs[50], 1, 0.95);
        let settled = settle(&g, &mut probs);
        assert_eq!(settled.pencil, vec![40]);
        // empty beyond doubt, the 4 kept faintly as a given for the rules to fall back on
        assert!((probs[40][0] - 0.994).abs() < 1e-6, "{:?}", probs[40]);
        assert!((probs[40][4] - 0.006).abs() < 1e-6 && probs[40][13] == 0.0);
        assert_eq!(probs[50][1], 0.95);
    }

    #[test]
    fn a_glyph_like_the_givens_is_printed_and_one_apart_keeps_its_reading() {
        let (mut g, mut probs) = screen();
        // a given the model takes for handwriting
        seven(&mut g, 60, (9, 6), 20, 2, 30);
        read_as(&mut probs[60], 16, 0.7);
        probs[60][7] = 0.2;
        probs[60][0] = 0.1;
        // the player's entry in a lighter, bolder ink
        seven(&mut g, 70, (9, 6), 20, 4, 150);
        read_as(&mut probs[70], 16, 0.9);
        let settled = settle(&g, &mut probs);
        assert_eq!(settled.printed, vec![60]);
        assert!((probs[60][7] - 0.9).abs() < 1e-6 && probs[60][16] == 0.0);
        assert_eq!(probs[70][16], 0.9);
        // a grid with too few digits to know its givens keeps the model's reading
        let (g, probs) = screen();
        let mut few = probs;
        for p in &mut few[5..10] {
            *p = [0.0; CLASSES];
            p[0] = 1.0;
        }
        read_as(&mut few[60], 16, 0.7);
        let before = few.clone();
        assert_eq!(settle(&g, &mut few), ScreenGlyphs::default());
        assert_eq!(few, before);
    }
}
