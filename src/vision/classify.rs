//! Reading the 81 warped cells with the digit model: plainly blank cells skipped, the grid
//! turned upright, unsure cells read again from shifted crops.

use super::cells::{self, normalize_tile, CELL, TILE_LEN};
use super::error::ImportError;
use super::model::{DigitModel, CLASSES};
use super::orientation::upright_turn;
use super::{ms, ops, Timings};
use image::GrayImage;
use std::time::Instant;

/// Probability left to each digit class of a cell that [`cells::looks_blank`]: never zero, so
/// the rules' search over readings stays finite.
const BLANK_ODDS: f32 = 1e-6;
/// Cells the model reads with less than this probability get a second look.
const SECOND_LOOK_BELOW: f32 = 0.98;
/// How far (canonical pixels, [`CELL`] a cell) the second look moves the crop each way.
const SECOND_LOOK_SHIFT: i64 = CELL as i64 / 10;

/// The model's reading of a grid turned upright.
pub(crate) struct ClassifiedGrid {
    /// Clockwise quarter turns applied to the photo's grid to make it upright.
    pub quarter_turns: u8,
    /// Class probabilities of the 81 upright cells, row-major.
    pub probs: Vec<[f32; CLASSES]>,
    /// The upright canonical grid the cells were cut from.
    pub warped: GrayImage,
}

/// Classifies the canonical grid `warped`, turns it upright and gives unsure cells their
/// second look; `rendered` for a screenshot, which is upright by nature.
pub(crate) fn read_upright(
    warped: &GrayImage,
    model: &DigitModel,
    tm: &mut Timings,
    rendered: bool,
) -> Result<ClassifiedGrid, ImportError> {
    let t = Instant::now();
    let probs = classify_grid(warped, model)?;
    tm.classify = ms(t);
    let t = Instant::now();
    let q = upright_turn(model, &cells::grid_tiles(warped), &probs, rendered)?;
    tm.orientation = ms(t);
    let (warped, probs) = if q == 0 {
        (warped.clone(), probs)
    } else {
        let w = ops::rotate_quarter(warped, q);
        let p = classify_grid(&w, model)?;
        (w, p)
    };
    let t = Instant::now();
    let probs = second_look(&warped, model, probs)?;
    tm.classify += ms(t);
    Ok(ClassifiedGrid {
        quarter_turns: q,
        probs,
        warped,
    })
}

/// Class probabilities of the 81 cells of `warped`, row-major.
fn classify_grid(
    warped: &GrayImage,
    model: &DigitModel,
) -> Result<Vec<[f32; CLASSES]>, ImportError> {
    let tiles = cells::grid_tiles(warped);
    // most cells of a newspaper grid are empty, and plainly so: only the others cost a model run
    let inked: Vec<usize> = (0..81)
        .filter(|&i| !cells::looks_blank(&tiles[i]))
        .collect();
    let inputs: Vec<[f32; TILE_LEN]> = inked.iter().map(|&i| normalize_tile(&tiles[i])).collect();
    let read = model.classify(&inputs)?;
    let mut blank = [BLANK_ODDS; CLASSES];
    blank[0] = 1.0 - BLANK_ODDS * (CLASSES - 1) as f32;
    let mut probs = vec![blank; 81];
    for (&i, p) in inked.iter().zip(read) {
        probs[i] = p;
    }
    Ok(probs)
}

/// Reads each unsure cell again from four crops shifted a tenth of a cell left, right, up and
/// down, and averages the five readings. Players write off-centre and across the lines, and a
/// lattice point a pixel or two off cuts a stroke or brings in line residue; one crop can be
/// unlucky where the mean of five rarely is. Sure cells (nearly all printed ones) cost nothing.
fn second_look(
    warped: &GrayImage,
    model: &DigitModel,
    mut probs: Vec<[f32; CLASSES]>,
) -> Result<Vec<[f32; CLASSES]>, ImportError> {
    let d = SECOND_LOOK_SHIFT;
    let shifts = [(-d, 0), (d, 0), (0, -d), (0, d)];
    let unsure: Vec<usize> = (0..81)
        .filter(|&i| probs[i].iter().copied().fold(0.0, f32::max) < SECOND_LOOK_BELOW)
        .collect();
    if unsure.is_empty() {
        return Ok(probs);
    }
    let inputs: Vec<[f32; TILE_LEN]> = unsure
        .iter()
        .flat_map(|&i| shifts.map(|s| normalize_tile(&cells::shifted_tile(warped, i, s))))
        .collect();
    let more = model.classify(&inputs)?;
    for (&i, looks) in unsure.iter().zip(more.chunks(shifts.len())) {
        let mut sum = probs[i];
        for look in looks {
            for (s, p) in sum.iter_mut().zip(look) {
                *s += p;
            }
        }
        probs[i] = sum.map(|v| v / (shifts.len() + 1) as f32);
    }
    Ok(probs)
}
