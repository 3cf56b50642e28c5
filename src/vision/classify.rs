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
    /// Class probabilities of the upright cells (81 for the classic), row-major.
    pub probs: Vec<[f32; CLASSES]>,
    /// The upright canonical grid the cells were cut from.
    pub warped: GrayImage,
}

/// Classifies the canonical grid `warped`, turns it upright by one of `turns` (clockwise
/// quarter turns: all four for a square-boxed grid) and gives unsure cells their second look;
/// `rendered` for a screenshot, which is upright by nature.
pub(crate) fn read_upright(
    warped: &GrayImage,
    model: &DigitModel,
    tm: &mut Timings,
    rendered: bool,
    turns: &[u8],
) -> Result<ClassifiedGrid, ImportError> {
    let t = Instant::now();
    let probs = classify_grid(warped, model)?;
    tm.classify = ms(t);
    let t = Instant::now();
    let q = upright_turn(model, &cells::grid_tiles(warped), &probs, rendered, turns)?;
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

/// Classifies the canonical grid `warped` turned by `quarter_turns` (clockwise), a turn
/// already known (a samurai's outer grids take its centre grid's), with the second look.
pub(crate) fn read_turned(
    warped: &GrayImage,
    model: &DigitModel,
    tm: &mut Timings,
    quarter_turns: u8,
) -> Result<ClassifiedGrid, ImportError> {
    let t = Instant::now();
    let warped = ops::rotate_quarter(warped, quarter_turns);
    let probs = classify_grid(&warped, model)?;
    let probs = second_look(&warped, model, probs)?;
    tm.classify += ms(t);
    Ok(ClassifiedGrid {
        quarter_turns,
        probs,
        warped,
    })
}

/// Class probabilities of the cells of `warped` (81 for the classic), row-major.
fn classify_grid(
    warped: &GrayImage,
    model: &DigitModel,
) -> Result<Vec<[f32; CLASSES]>, ImportError> {
    let tiles = cells::grid_tiles(warped);
    // most cells of a newspaper grid are empty, and plainly so: only the others cost a model run
    let inked: Vec<usize> = (0..tiles.len())
        .filter(|&i| !cells::looks_blank(&tiles[i]))
        .collect();
    let inputs: Vec<[f32; TILE_LEN]> = inked.iter().map(|&i| normalize_tile(&tiles[i])).collect();
    let read = model.classify(&inputs)?;
    let mut blank = [BLANK_ODDS; CLASSES];
    blank[0] = 1.0 - BLANK_ODDS * (CLASSES - 1) as f32;
    let mut probs = vec![blank; tiles.len()];
    for (&i, p) in inked.iter().zip(read) {
        probs[i] = p;
    }
    Ok(probs)
}

/// Reads each unsure cell again from four crops shifted a tenth of a cell left, right, up and
/// down, and averages the five readings. Players write off-centre and across the lines, and a
/// lattice point a pixel or two off cuts a stroke or brings in line residue; one crop can be
/// unlucky where the mean of five rarely is. The model's second network, when it has one, then
/// reads the cell as cut, and the cell's reading is the mean of the two networks' readings:
/// trained apart, they rarely take an unusual stroke for the same wrong digit. Sure cells
/// (nearly all printed ones) cost nothing.
fn second_look(
    warped: &GrayImage,
    model: &DigitModel,
    mut probs: Vec<[f32; CLASSES]>,
) -> Result<Vec<[f32; CLASSES]>, ImportError> {
    let d = SECOND_LOOK_SHIFT;
    let shifts = [(-d, 0), (d, 0), (0, -d), (0, d)];
    let doubted: Vec<usize> = (0..probs.len())
        .filter(|&i| probs[i].iter().copied().fold(0.0, f32::max) < SECOND_LOOK_BELOW)
        .collect();
    if doubted.is_empty() {
        return Ok(probs);
    }
    let shifted: Vec<[f32; TILE_LEN]> = doubted
        .iter()
        .flat_map(|&i| shifts.map(|s| normalize_tile(&cells::shifted_tile(warped, i, s))))
        .collect();
    let first = model.classify(&shifted)?;
    for (&i, looks) in doubted.iter().zip(first.chunks(shifts.len())) {
        probs[i] = mean(std::iter::once(&probs[i]).chain(looks));
    }
    // the second network reads each doubted cell once, as cut: five crops of it cost more
    // than the rest of the reading and gained nothing on the validation photos
    let as_cut: Vec<[f32; TILE_LEN]> = doubted
        .iter()
        .map(|&i| normalize_tile(&cells::shifted_tile(warped, i, (0, 0))))
        .collect();
    if let Some(second) = model.second_opinion(&as_cut)? {
        for (&i, reading) in doubted.iter().zip(second) {
            probs[i] = mean([&probs[i], &reading]);
        }
    }
    Ok(probs)
}

/// The class-by-class mean of several readings of one cell.
fn mean<'a>(looks: impl IntoIterator<Item = &'a [f32; CLASSES]>) -> [f32; CLASSES] {
    let (mut sum, mut count) = ([0.0; CLASSES], 0);
    for look in looks {
        for (s, p) in sum.iter_mut().zip(look) {
            *s += p;
        }
        count += 1;
    }
    sum.map(|v| v / count as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::model::{BUNDLED_ONNX, SECOND_OPINION_ONNX};
    use image::Luma;

    /// A canonical grid of white paper with one short, faint diagonal flick in its first
    /// cell: a cell the first network doubts (it reads it empty at about 0.44).
    fn grid_with_a_doubtful_stroke() -> GrayImage {
        let mut warped = GrayImage::from_pixel(cells::GRID, cells::GRID, Luma([235]));
        for k in 0..8 {
            for dx in 0..2 {
                warped.put_pixel(10 + k + dx, 8 + k, Luma([190]));
            }
        }
        warped
    }

    #[test]
    fn the_second_look_averages_five_crops_then_both_networks() {
        let warped = grid_with_a_doubtful_stroke();
        let alone = DigitModel::from_bytes(&BUNDLED_ONNX).unwrap();
        let both = DigitModel::from_bytes(&BUNDLED_ONNX)
            .unwrap()
            .with_second_opinion(&SECOND_OPINION_ONNX)
            .unwrap();
        let first = classify_grid(&warped, &alone).unwrap();
        let top = first[0].iter().copied().fold(0.0, f32::max);
        assert!(top < SECOND_LOOK_BELOW, "the stroke is read surely: {top}");

        let d = SECOND_LOOK_SHIFT;
        let crops: Vec<[f32; TILE_LEN]> = [(0, 0), (-d, 0), (d, 0), (0, -d), (0, d)]
            .map(|s| normalize_tile(&cells::shifted_tile(&warped, 0, s)))
            .to_vec();
        let looks = alone.classify(&crops).unwrap();
        let second = both.second_opinion(&crops[..1]).unwrap().unwrap();
        // (a tolerance: the means add the same probabilities in another order)
        let close = |a: &[f32; CLASSES], b: &[f32; CLASSES]| {
            a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
        };
        let got = second_look(&warped, &both, first.clone()).unwrap();
        let five = mean(&looks);
        assert!(close(&got[0], &mean([&five, &second[0]])), "{:?}", got[0]);
        // without the second network the five crops of the first alone are averaged
        let single = second_look(&warped, &alone, first.clone()).unwrap();
        assert!(close(&single[0], &five), "{:?}", single[0]);
        assert!(
            !close(&single[0], &got[0]),
            "the second network changed nothing"
        );
        // sure cells keep their one reading
        assert_eq!(got[40], first[40]);
    }
}
