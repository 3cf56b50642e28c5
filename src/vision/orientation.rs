//! Which way is up: photos are taken sideways or upside down and their orientation tags are
//! often wrong, so the upright direction is read from the digits themselves.

use super::cells::{normalize_tile, rotate_tile, TILE_LEN};
use super::error::ImportError;
use super::model::{class_reading, DigitModel, CLASSES};

/// Inked cells read under each quarter turn to decide which way is up.
const ORIENTATION_CELLS: usize = 9;
/// Mean log-probability gap between the two best quarter turns under which the few cells'
/// verdict is not trusted.
const ORIENTATION_MARGIN: f32 = 0.05;
/// A grid whose upright reading scores at least this (mean log-probability of the digits of
/// the nine cells read first, a geometric-mean confidence of 0.957) is left upright, whatever
/// the other turns score: screenshots and most photos are upright, and a plausible upright
/// reading is not worth the risk of a turn. Chosen on the validation photos with the bundled
/// model (`models/train/choose_settings.py`): the upright grids scored -0.012 at worst, the
/// same grids turned by 90, 180 or 270 degrees -0.076 at best; this is the midpoint.
const UPRIGHT_PLAUSIBLE: f32 = -0.044;

/// The quarter turn to apply given each turn's score: none when the upright reading is
/// plausible ([`UPRIGHT_PLAUSIBLE`]), else the best-scoring one, upright on a tie (a grid
/// with no ink gives every turn the same score). A `rendered` image (a screenshot) is upright
/// by nature: it is turned only to a reading that is plausible, never because its thin or
/// unfamiliar font reads badly every way.
fn choose_turn(scores: &[f32; 4], rendered: bool) -> u8 {
    if scores[0] >= UPRIGHT_PLAUSIBLE {
        return 0;
    }
    let mut best = 0u8;
    for q in 1..4u8 {
        if scores[q as usize] > scores[best as usize] {
            best = q;
        }
    }
    if rendered && scores[best as usize] < UPRIGHT_PLAUSIBLE {
        return 0;
    }
    best
}

/// The clockwise quarter turns (0..4) that make the grid upright, given its 81 `tiles` and
/// their readings as they lie (`probs`); `rendered` for a screenshot (see [`choose_turn`]).
///
/// Upright is the quarter turn under which the inked cells read most confidently as digits:
/// a 6 turned over is a confident 9 but its neighbours are not, so sum over all of them.
pub(crate) fn upright_turn(
    model: &DigitModel,
    tiles: &[[u8; TILE_LEN]],
    probs: &[[f32; CLASSES]],
    rendered: bool,
) -> Result<u8, ImportError> {
    let inked: Vec<usize> = (0..81).filter(|&i| probs[i][0] < 0.5).collect();
    // A dozen clear digits usually decide it at a fraction of the cost; when they leave two
    // turns close (6, 8, 9 and 1 read almost as well upside down) every inked cell votes.
    let mut few = inked.clone();
    // printed digits first, as their shapes are the most regular, and among them those that
    // no quarter turn maps onto another digit
    let telling = |i: usize| {
        let p = &probs[i];
        let top = (1..CLASSES)
            .max_by(|&a, &b| p[a].total_cmp(&p[b]))
            .unwrap_or(1);
        let asymmetric = matches!(class_reading(top).0, 2 | 3 | 4 | 5 | 7);
        p[1..10].iter().sum::<f32>() + if asymmetric { 1.0 } else { 0.0 }
    };
    few.sort_by(|&a, &b| telling(b).total_cmp(&telling(a)));
    few.truncate(ORIENTATION_CELLS);
    // a plausible upright reading stays upright whatever the turns score: no need to read them
    if digit_confidence(few.iter().map(|&i| &probs[i])) >= UPRIGHT_PLAUSIBLE {
        return Ok(0);
    }
    let mut scores = turn_scores(model, tiles, probs, &few)?;
    let sorted = {
        let mut s = scores;
        s.sort_by(|a, b| b.total_cmp(a));
        s
    };
    if few.len() < inked.len() && sorted[0] - sorted[1] < ORIENTATION_MARGIN {
        scores = turn_scores(model, tiles, probs, &inked)?;
    }
    Ok(choose_turn(&scores, rendered))
}

/// The grid's corners in the photo (original-image pixels), clockwise from the top-left of
/// the grid turned upright by `quarter_turns`; `lattice` holds its 100 line intersections as
/// they lie in the photo, row-major.
pub(crate) fn upright_corners(lattice: &[(f64, f64)], quarter_turns: u8) -> [[f64; 2]; 4] {
    let outline = [lattice[0], lattice[9], lattice[99], lattice[90]];
    std::array::from_fn(|i| {
        let p = outline[(i + 4 - quarter_turns as usize) % 4];
        [p.0, p.1]
    })
}

/// How confidently the `cells` read as digits under each clockwise quarter turn (the upright
/// readings are already in `probs`).
fn turn_scores(
    model: &DigitModel,
    tiles: &[[u8; TILE_LEN]],
    probs: &[[f32; CLASSES]],
    cells: &[usize],
) -> Result<[f32; 4], ImportError> {
    let mut scores = [
        digit_confidence(cells.iter().map(|&i| &probs[i])),
        0.0,
        0.0,
        0.0,
    ];
    if cells.is_empty() {
        return Ok(scores);
    }
    // the three turns in one call: the model runs in fixed batches, which fill up better
    let inputs: Vec<[f32; TILE_LEN]> = (1..4u8)
        .flat_map(|q| {
            cells
                .iter()
                .map(move |&i| normalize_tile(&rotate_tile(&tiles[i], q)))
        })
        .collect();
    let turned = model.classify(&inputs)?;
    for (q, probs) in turned.chunks(cells.len()).enumerate() {
        scores[q + 1] = digit_confidence(probs.iter());
    }
    Ok(scores)
}

/// Mean log-probability of the most likely digit class, over tiles with ink.
fn digit_confidence<'a>(probs: impl Iterator<Item = &'a [f32; CLASSES]>) -> f32 {
    let mut n = 0;
    let mut s = 0.0;
    for p in probs {
        let m = p[1..].iter().copied().fold(0.0f32, f32::max);
        s += m.max(1e-6).ln();
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        s / n as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plausible_upright_reading_is_never_turned() {
        // upright reads well, a quarter turn a little better: stay upright
        assert_eq!(choose_turn(&[-0.02, -0.001, -0.3, -0.4], false), 0);
        // upright reads badly: the best turn wins
        assert_eq!(choose_turn(&[-0.33, -0.07, -0.22, -0.39], false), 1);
        // no ink at all (every score 0) or a tie: upright
        assert_eq!(choose_turn(&[0.0; 4], false), 0);
        assert_eq!(choose_turn(&[-0.5, -0.2, -0.2, -0.5], false), 1);
    }

    #[test]
    fn a_screenshot_is_turned_only_to_a_plausible_reading() {
        // a thin font reads badly every way: a photo takes the best turn, a screen stays
        assert_eq!(choose_turn(&[-0.33, -0.07, -0.22, -0.39], false), 1);
        assert_eq!(choose_turn(&[-0.33, -0.07, -0.22, -0.39], true), 0);
        // a sideways scan whose turned reading is plausible is still turned
        assert_eq!(choose_turn(&[-0.33, -0.01, -0.22, -0.39], true), 1);
    }
}
