//! Cell tiles and the model-input normalisation. This is the one definition shared with
//! training: `models/train/common.py::normalize_tile` does exactly the same, and
//! `tests/vision_model.rs` checks both agree on stored tiles.

use image::GrayImage;

/// Pixels per cell in the canonical warped grid, and the model's input side.
pub const CELL: u32 = 32;
/// Side of the canonical warped grid.
pub const GRID: u32 = 9 * CELL;
/// Values in one model input.
pub const TILE_LEN: usize = (CELL * CELL) as usize;

/// The 81 cell tiles of a canonical grid, row-major, each `CELL`x`CELL` greyscale.
pub fn grid_tiles(warped: &GrayImage) -> Vec<[u8; TILE_LEN]> {
    assert_eq!(warped.dimensions(), (GRID, GRID));
    (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
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

/// Tile (dark ink on light paper) to model input with ink = 1.0.
///
/// paper = 768th smallest value (75th percentile), dark = 11th smallest (about the 1st
/// percentile, robust to a few noisy pixels); the contrast range is at least 48 grey levels so
/// an empty cell's paper noise stays faint instead of being stretched to full ink.
pub fn normalize_tile(tile: &[u8; TILE_LEN]) -> [f32; TILE_LEN] {
    let mut sorted = *tile;
    sorted.sort_unstable();
    let paper = f32::from(sorted[767]);
    let dark = f32::from(sorted[10]);
    let range = (paper - dark).max(48.0);
    tile.map(|p| ((paper - f32::from(p)) / range).clamp(0.0, 1.0))
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
    fn four_quarter_turns_are_the_identity() {
        let t: [u8; TILE_LEN] = std::array::from_fn(|i| (i * 7 % 251) as u8);
        assert_eq!(rotate_tile(&t, 4), t);
        let r = rotate_tile(&t, 1);
        // top-left of the rotated tile was the bottom-left of the source
        assert_eq!(r[0], t[(CELL as usize - 1) * CELL as usize]);
    }
}
