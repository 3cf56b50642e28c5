//! Cell tiles and the model-input normalisation. This is the one definition shared with
//! training: `models/train/common.py::normalize_tile` does exactly the same, and
//! `tests/it/vision/model.rs` checks both agree on stored tiles.

use image::GrayImage;

/// Pixels per cell in the canonical warped grid, and the model's input side.
pub const CELL: u32 = 32;
/// Side of the canonical warped grid.
pub const GRID: u32 = 9 * CELL;
/// Values in one model input.
pub const TILE_LEN: usize = (CELL * CELL) as usize;

/// Cells a side of the canonical grid `warped`: [`CELL`] pixels each, 9 for the classic.
pub fn cells_a_side(warped: &GrayImage) -> u32 {
    warped.width() / CELL
}

/// The cell tiles of a canonical grid (81 for the classic, `side`² for a grid of any size),
/// row-major, each `CELL`x`CELL` greyscale.
pub fn grid_tiles(warped: &GrayImage) -> Vec<[u8; TILE_LEN]> {
    let n = cells_a_side(warped);
    assert_eq!(warped.dimensions(), (n * CELL, n * CELL));
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let mut t = [0u8; TILE_LEN];
            for y in 0..CELL {
                for x in 0..CELL {
                    t[(y * CELL + x) as usize] = warped.get_pixel(c * CELL + x, r * CELL + y)[0];
                }
            }
            t
        })
        .collect()
}

/// The tile of cell `index` (row-major) cut `shift` pixels off its place in the canonical grid,
/// edge pixels repeated where the crop leaves the grid.
pub fn shifted_tile(warped: &GrayImage, index: usize, shift: (i64, i64)) -> [u8; TILE_LEN] {
    let side = cells_a_side(warped) as usize;
    let (r, c) = ((index / side) as i64, (index % side) as i64);
    let (n, last) = (i64::from(CELL), i64::from(warped.width()) - 1);
    std::array::from_fn(|k| {
        let (x, y) = (k as i64 % n, k as i64 / n);
        let gx = (c * n + x + shift.0).clamp(0, last);
        let gy = (r * n + y + shift.1).clamp(0, last);
        warped.get_pixel(gx as u32, gy as u32)[0]
    })
}

/// Tile (dark ink on light paper) to model input with ink = 1.0.
///
/// paper = 768th smallest value (75th percentile), dark = 11th smallest (about the 1st
/// percentile, robust to a few noisy pixels); the contrast range is at least 48 grey levels so
/// an empty cell's paper noise stays faint instead of being stretched to full ink.
pub fn normalize_tile(tile: &[u8; TILE_LEN]) -> [f32; TILE_LEN] {
    let (paper, range) = paper_and_range(tile);
    tile.map(|p| ((paper - f32::from(p)) / range).clamp(0.0, 1.0))
}

/// Margin (pixels of the [`CELL`]) left out when looking for ink: grid-line residue lives there.
const BLANK_MARGIN: usize = 6;
/// Faint ink: at the least this many grey levels below the paper. A thin light stroke on a
/// grey, evenly lit print (a 1 a pixel wide, blurred by the warp) stands out by no more than
/// a dozen levels, yet is a digit...
const BLANK_CONTRAST: f32 = 7.0;
/// ...unless the paper is noisy: then this many times its noise (the paper level less the
/// tile's median), up to [`BLANK_CONTRAST_MAX`].
const BLANK_NOISE: f32 = 3.0;
/// No cell whose centre holds a pixel this much darker than the paper is skipped, whatever the
/// noise: the shortcut's former rule, which no digit of the dataset's 25,000 cells ever failed.
const BLANK_CONTRAST_MAX: f32 = 14.0;
/// Centre pixels that dark it takes to be a stroke rather than a speck of noise.
const BLANK_STROKE: usize = 3;

/// Whether a tile is certainly an empty cell: its centre shows no stroke, not even a faint one.
/// Such cells need not go through the model; a cell in doubt goes through it, which costs time,
/// never a digit.
///
/// Algorithm: ink is a centre pixel (the cell less [`BLANK_MARGIN`]) at least a contrast below
/// the paper (the tile's 75th percentile), the contrast [`BLANK_CONTRAST`] or
/// [`BLANK_NOISE`] times the paper's noise, at most [`BLANK_CONTRAST_MAX`]; the tile is blank
/// when fewer than [`BLANK_STROKE`] pixels are ink.
pub fn looks_blank(tile: &[u8; TILE_LEN]) -> bool {
    let levels = GreyLevels::of(tile);
    let paper = f32::from(levels.nth_smallest(767));
    let noise = paper - f32::from(levels.nth_smallest(511));
    let contrast = (BLANK_NOISE * noise).clamp(BLANK_CONTRAST, BLANK_CONTRAST_MAX);
    let n = CELL as usize;
    let ink = (BLANK_MARGIN..n - BLANK_MARGIN)
        .flat_map(|y| &tile[y * n + BLANK_MARGIN..y * n + n - BLANK_MARGIN])
        .filter(|&&p| paper - f32::from(p) >= contrast)
        .take(BLANK_STROKE)
        .count();
    ink < BLANK_STROKE
}

/// The tile's paper level and its contrast range, as [`normalize_tile`] takes them.
fn paper_and_range(tile: &[u8; TILE_LEN]) -> (f32, f32) {
    let levels = GreyLevels::of(tile);
    let paper = f32::from(levels.nth_smallest(767));
    let dark = f32::from(levels.nth_smallest(10));
    (paper, (paper - dark).max(48.0))
}

/// A tile's histogram, to pick its order statistics: the values a sort would put at given
/// places, found by one pass over the pixels and one over the 256 levels instead of sorting
/// 1,024 values (which took a few percent of a photo's reading time, for every tile twice).
pub(crate) struct GreyLevels {
    count: [u16; 256],
}

impl GreyLevels {
    pub(crate) fn of(tile: &[u8; TILE_LEN]) -> GreyLevels {
        let mut count = [0u16; 256];
        for &p in tile {
            count[usize::from(p)] += 1;
        }
        GreyLevels { count }
    }

    /// The value at index `n` (from 0) of the tile's pixels sorted ascending.
    pub(crate) fn nth_smallest(&self, n: usize) -> u8 {
        let mut below = 0;
        for (level, &c) in self.count.iter().enumerate() {
            below += usize::from(c);
            if below > n {
                return level as u8;
            }
        }
        u8::MAX
    }
}

/// Quarter-turn clockwise rotation of one tile, for judging orientation.
pub fn rotate_tile(tile: &[u8; TILE_LEN], quarter_turns: u8) -> [u8; TILE_LEN] {
    let n = CELL as usize;
    let mut t = *tile;
    for _ in 0..quarter_turns % 4 {
        let src = t;
        for y in 0..n {
            for x in 0..n {
                // clockwise: destination (x, y) takes source (y, n-1-x)
                t[y * n + x] = src[(n - 1 - x) * n + y];
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_maps_paper_to_zero_and_ink_to_one() {
        let mut t = [200u8; TILE_LEN];
        for p in t.iter_mut().take(100) {
            *p = 40;
        }
        let x = normalize_tile(&t);
        assert_eq!(x[500], 0.0);
        assert_eq!(x[0], 1.0);
    }

    #[test]
    fn faint_noise_in_an_empty_cell_stays_faint() {
        let t: [u8; TILE_LEN] = std::array::from_fn(|i| 190 + (i % 7) as u8);
        let x = normalize_tile(&t);
        assert!(x.iter().all(|&v| v <= 6.0 / 48.0 + 1e-6));
    }

    #[test]
    fn a_shifted_tile_is_the_crop_moved_and_repeats_the_edge() {
        let warped =
            GrayImage::from_fn(GRID, GRID, |x, y| image::Luma([((x + 3 * y) % 251) as u8]));
        let tiles = grid_tiles(&warped);
        assert_eq!(shifted_tile(&warped, 40, (0, 0)), tiles[40]);
        // moved 3 right: column 0 of the shifted crop is column 3 of the cell
        let moved = shifted_tile(&warped, 40, (3, 0));
        let n = CELL as usize;
        assert_eq!(moved[5 * n], tiles[40][5 * n + 3]);
        // the top-left cell moved up and left repeats the grid's first row and column
        let corner = shifted_tile(&warped, 0, (-3, -3));
        assert_eq!(corner[0], warped.get_pixel(0, 0)[0]);
        assert_eq!(corner[4 * n + 4], warped.get_pixel(1, 1)[0]);
    }

    #[test]
    fn only_a_cell_without_ink_in_its_centre_looks_blank() {
        // paper noise, and a grid line's residue along the edge
        let mut t: [u8; TILE_LEN] = std::array::from_fn(|i| 200 + (i % 5) as u8);
        for y in 0..CELL as usize {
            t[y * CELL as usize] = 60;
        }
        assert!(looks_blank(&t));
        // a small faint stroke in the middle: 30 grey levels darker than the paper
        for y in 12..20 {
            t[y * CELL as usize + 15] = 172;
        }
        assert!(!looks_blank(&t));
    }

    #[test]
    fn a_thin_light_stroke_on_grey_paper_is_not_blank() {
        // grey, evenly lit paper: a grey level of noise
        let mut t: [u8; TILE_LEN] = std::array::from_fn(|i| 150 + (i * 7 % 3) as u8);
        assert!(looks_blank(&t));
        // a speck or two of darker noise is still blank
        t[15 * CELL as usize + 15] = 135;
        t[16 * CELL as usize + 20] = 138;
        assert!(looks_blank(&t));
        // a thin 1 a pixel wide, only 10 grey levels darker than the paper
        for y in 9..23 {
            t[y * CELL as usize + 16] = 141;
        }
        assert!(!looks_blank(&t));
    }

    #[test]
    fn grey_levels_pick_what_a_sort_would() {
        let tile: [u8; TILE_LEN] = std::array::from_fn(|i| (i * 37 % 97 + i / 300) as u8);
        let mut sorted = tile;
        sorted.sort_unstable();
        let levels = GreyLevels::of(&tile);
        for n in [0, 10, 511, 767, TILE_LEN - 1] {
            assert_eq!(levels.nth_smallest(n), sorted[n], "index {n}");
        }
        let flat = GreyLevels::of(&[200; TILE_LEN]);
        assert_eq!(flat.nth_smallest(0), 200);
        assert_eq!(flat.nth_smallest(TILE_LEN - 1), 200);
    }

    #[test]
    fn four_quarter_turns_are_the_identity() {
        let t: [u8; TILE_LEN] = std::array::from_fn(|i| (i * 7 % 251) as u8);
        assert_eq!(rotate_tile(&t, 4), t);
        let r = rotate_tile(&t, 1);
        // top-left of the rotated tile was the bottom-left of the source
        assert_eq!(r[0], t[(CELL as usize - 1) * CELL as usize]);
    }
}
