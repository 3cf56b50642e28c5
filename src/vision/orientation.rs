//! Which way is up: photos are taken sideways or upside down and their orientation tags are
//! often wrong, so the upright direction is read from the digits themselves.

use super::cells::{normalize_tile, rotate_tile, TILE_LEN};
use super::error::ImportError;
use super::model::{class_reading, DigitModel, CLASSES};

/// Inked cells read first, as they lie and half a turn over, to see whether the grid is
/// plainly upright.
const ORIENTATION_CELLS: usize = 9;
/// A grid whose upright reading scores at least this (mean log-probability of the digits of
/// the nine cells read first, a geometric-mean confidence of 0.957) is plausibly upright.
/// Chosen on the validation photos with the bundled model (`models/train/choose_settings.py`):
/// the upright grids scored -0.012 at worst, the same grids turned by 90, 180 or 270 degrees
/// -0.076 at best; this is the midpoint.
const UPRIGHT_PLAUSIBLE: f32 = -0.044;
/// ...and it is left upright without reading the other turns when, besides, the same nine
/// cells half a turn over read at least this many fewer printed digits, per cell (the sum of
/// each cell's likeliest printed digit's probability). Half a turn is the one that can keep a
/// plausible reading: a printed 6 upside down is a 9, and 1, 8 and in some fonts 5 read as
/// themselves, while a quarter turn makes no printed digit of any. Chosen on the training and
/// validation photos: on the validation grids' tiles (`models/train/choose_settings.py`) the
/// upright grids read 0.53 more per cell at least and no upside-down grid passes the
/// plausible score; through the whole pipeline, every training and validation photo read in
/// its four orientations, the upright grids read 0.52 more at least, and the one upside-down
/// grid that passes the plausible score (six 6s and 9s and three 5s among its nine) 0.03 fewer;
/// this is about the midpoint.
const HALF_TURN_GAP: f32 = 0.25;

/// A grid that reads plausibly upright, or a screenshot (upright by nature), is turned only
/// when another turn reads at least this many times as many printed digits. Chosen between
/// the upright grids whose other turns were read (the training and validation photos, the
/// drawn screens 400..800 and the browser pages of seeds 1 and 2, `models/README.md`), whose
/// best other turn read at most 0.93 times as many, 1.27 on a screen that read as almost no
/// digit any way, and the grids photographed turned that read plausibly as they lay or were
/// taken for screenshots, whose upright turn read at least 2.02 times as many.
const TURN_ODDS: f32 = 1.6;

/// The quarter turn to apply, given how many printed digits the grid's inked cells read under
/// each turn (`printed`) and whether the nine cells read first read plausibly as they lie
/// (`plausible`, [`UPRIGHT_PLAUSIBLE`]): the turn that reads the most printed digits,
/// upright on a tie (a grid with no ink gives every turn the same). Every Sudoku has printed
/// givens, and the givens read as print only the right way up: turned, they look like anyone's
/// handwriting, which is why the confidence in digits of any kind, handwritten ones included,
/// can favour a wrong turn when the print is in a font the model finds hard. A grid whose
/// upright reading is plausible, or a `rendered` image (a screenshot), is turned only on clear
/// evidence ([`TURN_ODDS`]): a thin screen font, or 6s, 9s, 8s and 1s, read as print half a
/// turn over too, and a screenshot is never turned because its font reads badly every way.
///
/// Only `turns` are chosen among (all four on a grid of square boxes); the first of them
/// stands for "as it lies".
fn choose_turn(printed: &[f32; 4], plausible: bool, rendered: bool, turns: &[u8]) -> u8 {
    let first = turns.first().copied().unwrap_or(0);
    let mut best = first;
    for &q in turns.iter().skip(1) {
        if printed[q as usize] > printed[best as usize] {
            best = q;
        }
    }
    if (plausible || rendered) && printed[best as usize] < TURN_ODDS * printed[first as usize] {
        return first;
    }
    best
}

/// The clockwise quarter turns (0..4) that make the grid upright, given its 81 `tiles` and
/// their readings as they lie (`probs`); `rendered` for a screenshot (see [`choose_turn`]).
///
/// Nine clear printed digits usually show that the grid is upright at a small cost: they read
/// plausibly as they lie, and half a turn over they read as fewer printed digits. Otherwise
/// every inked cell is read under the three other turns, and the turn under which the most of
/// them read as printed digits is upright.
///
/// Only `turns` are considered: a 6x6's boxes, wider than tall, leave two
/// ([`super::sizes::box_turns`]); when they leave no turn as it lies, the first of them
/// is taken for it.
pub(crate) fn upright_turn(
    model: &DigitModel,
    tiles: &[[u8; TILE_LEN]],
    probs: &[[f32; CLASSES]],
    rendered: bool,
    turns: &[u8],
) -> Result<u8, ImportError> {
    let first = turns.first().copied().unwrap_or(0);
    let inked: Vec<usize> = (0..probs.len()).filter(|&i| probs[i][0] < 0.5).collect();
    if inked.is_empty() {
        return Ok(first);
    }
    // printed digits first, as their shapes are the most regular, and among them those that
    // turned rarely look like another digit
    let mut few = inked.clone();
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
    let upright: Vec<&[f32; CLASSES]> = few.iter().map(|&i| &probs[i]).collect();
    // how the grid lies counts only when it may lie upright
    let plausible = first == 0 && digit_confidence(upright.iter().copied()) >= UPRIGHT_PLAUSIBLE;
    if plausible && turns.contains(&2) {
        let half_turn = model.classify(&turned_inputs(tiles, &few, 2))?;
        let gap = printed_count(upright.iter().copied()) - printed_count(half_turn.iter());
        if gap >= HALF_TURN_GAP * few.len() as f32 {
            return Ok(0);
        }
    }
    let mut printed = [
        printed_count(inked.iter().map(|&i| &probs[i])),
        0.0,
        0.0,
        0.0,
    ];
    // the three turns in one call: the model runs in fixed batches, which fill up better
    let inputs: Vec<[f32; TILE_LEN]> = (1..4u8)
        .flat_map(|q| turned_inputs(tiles, &inked, q))
        .collect();
    let turned = model.classify(&inputs)?;
    for (q, readings) in turned.chunks(inked.len()).enumerate() {
        printed[q + 1] = printed_count(readings.iter());
    }
    Ok(choose_turn(&printed, plausible, rendered, turns))
}

/// The model's inputs for the tiles of `cells`, each turned `quarter_turns` clockwise.
fn turned_inputs(
    tiles: &[[u8; TILE_LEN]],
    cells: &[usize],
    quarter_turns: u8,
) -> Vec<[f32; TILE_LEN]> {
    cells
        .iter()
        .map(|&i| normalize_tile(&rotate_tile(&tiles[i], quarter_turns)))
        .collect()
}

/// How many printed digits the readings hold, in expectation: the sum of each reading's
/// likeliest printed digit's probability.
fn printed_count<'a>(readings: impl Iterator<Item = &'a [f32; CLASSES]>) -> f32 {
    readings
        .map(|p| p[1..10].iter().copied().fold(0.0f32, f32::max))
        .sum()
}

/// The grid's corners in the photo (original-image pixels), clockwise from the top-left of
/// the grid turned upright by `quarter_turns`; `lattice` holds its 100 line intersections as
/// they lie in the photo, row-major.
pub(crate) fn upright_corners(lattice: &[(f64, f64)], quarter_turns: u8) -> [[f64; 2]; 4] {
    // (side + 1)² points: 100 for the classic
    let lines = (lattice.len() as f64).sqrt().round() as usize;
    let last = lattice.len() - 1;
    let outline = [
        lattice[0],
        lattice[lines - 1],
        lattice[last],
        lattice[last + 1 - lines],
    ];
    std::array::from_fn(|i| {
        let p = outline[(i + 4 - quarter_turns as usize) % 4];
        [p.0, p.1]
    })
}

/// Every quarter turn: a grid of square boxes may lie any way.
pub(crate) const ALL_TURNS: [u8; 4] = [0, 1, 2, 3];

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
    fn the_turn_that_reads_the_most_printed_digits_is_upright() {
        assert_eq!(
            choose_turn(&[20.0, 3.0, 9.0, 2.0], false, false, &ALL_TURNS),
            0
        );
        assert_eq!(
            choose_turn(&[2.5, 1.0, 21.0, 0.5], false, false, &ALL_TURNS),
            2
        );
        // no ink at all (every count 0) or a tie: upright
        assert_eq!(choose_turn(&[0.0; 4], false, false, &ALL_TURNS), 0);
        assert_eq!(
            choose_turn(&[5.0, 12.0, 12.0, 1.0], false, false, &ALL_TURNS),
            1
        );
    }

    #[test]
    fn a_plausible_upright_reading_or_a_screenshot_is_turned_only_on_clear_evidence() {
        // upside down, yet plausible as it lies (6s, 9s and 5s): twice the print turned over
        assert_eq!(
            choose_turn(&[12.9, 0.7, 26.0, 1.5], true, false, &ALL_TURNS),
            2
        );
        // upright in a thin font whose digits read as print upside down too
        assert_eq!(
            choose_turn(&[24.0, 11.8, 25.9, 12.3], true, false, &ALL_TURNS),
            0
        );
        // a screenshot whose font reads badly every way stays upright; a photo takes the best
        assert_eq!(
            choose_turn(&[2.0, 3.0, 1.0, 1.0], false, true, &ALL_TURNS),
            0
        );
        assert_eq!(
            choose_turn(&[2.0, 3.0, 1.0, 1.0], false, false, &ALL_TURNS),
            1
        );
        // a sideways screenshot is still turned
        assert_eq!(
            choose_turn(&[0.5, 16.0, 0.5, 5.0], false, true, &ALL_TURNS),
            1
        );
    }
}
