//! Photo import: find the Sudoku grid in a phone photo, read its printed givens and the
//! player's handwritten entries with the bundled digit model, and check the reading against
//! the rules. Pure library code: no UI, no printing.
//!
//! Stages: decode (size checked on the header first) -> detection image (box-reduced) ->
//! lighting flattened and ink thresholded -> candidate outlines scored by their 10x10 line
//! structure -> 100 intersections located -> each cell warped by its own four corners ->
//! tiles normalised and classified in one batch -> upright orientation chosen from the digits
//! -> givens repaired with the solver.

pub mod cells;
pub mod dataset;
pub mod detect;
mod error;
pub mod geometry;
mod jpeg_scan;
pub mod lines;
pub mod load;
pub mod model;
pub mod ops;
pub mod refine;
pub mod repair;

pub use error::ImportError;
pub use load::{read_photo_file, MAX_FILE_BYTES};
pub use model::DigitModel;

use crate::grid::{Cell, Grid};
use crate::solver::Verdict;
use cells::{normalize_tile, rotate_tile, CELL, GRID, TILE_LEN};
use detect::InkLevel;
use geometry::Homography;
use image::GrayImage;
use model::CLASSES;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Longest side of the image grid detection works on; larger photos are box-reduced first.
const DETECT_MAX_SIDE: u32 = 1024;
/// Inked cells read under each quarter turn to decide which way is up.
const ORIENTATION_CELLS: usize = 9;
/// Mean log-probability gap between the two best quarter turns under which the few cells'
/// verdict is not trusted.
const ORIENTATION_MARGIN: f32 = 0.05;
/// Below this probability of its reading a cell is flagged for the player to check.
const UNCERTAIN_BELOW: f32 = 0.9;

#[derive(Clone, Debug)]
pub struct ImportOptions {
    pub max_pixels: u64,
    /// Write the intermediate stages as PNG files here.
    pub debug_dir: Option<PathBuf>,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            max_pixels: load::MAX_PIXELS,
            debug_dir: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellKind {
    Empty,
    Printed,
    Handwritten,
}

#[derive(Clone, Debug, Serialize)]
pub struct Alternative {
    pub digit: u8,
    pub kind: CellKind,
    pub probability: f32,
}

#[derive(Clone, Debug, Serialize)]
pub struct CellReading {
    /// `r1c1` .. `r9c9`, in the upright grid.
    pub cell: String,
    /// 0 when empty.
    pub digit: u8,
    pub kind: CellKind,
    /// The model's probability for this reading (before any correction by the rules); for an
    /// unsure cell, the mean over the five crops of its second look.
    pub confidence: f32,
    /// The next most likely readings, most likely first.
    pub alternatives: Vec<Alternative>,
    /// The player should check this cell: low confidence, or changed by the rules.
    pub uncertain: bool,
    /// The rules changed the model's first choice: a given that made the puzzle invalid, or an
    /// entry the model was unsure of, read as the solution's digit
    /// ([`repair::ENTRY_PRIOR`]).
    pub corrected: bool,
    /// A handwritten entry that disagrees with the puzzle's solution.
    pub likely_mistake: bool,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Timings {
    pub decode: f64,
    pub detect: f64,
    pub refine: f64,
    pub warp: f64,
    pub classify: f64,
    pub orientation: f64,
    pub rules: f64,
    pub total: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ImportResult {
    pub width: u32,
    pub height: u32,
    /// Grid corners in the original image (pixels), clockwise from the upright top-left.
    pub corners: [[f64; 2]; 4],
    /// Clockwise quarter turns applied to the photo's grid to make it upright (0, 90, 180, 270).
    pub orientation: u16,
    pub cells: Vec<CellReading>,
    /// Printed givens, 81 characters, `.` for none.
    pub givens: String,
    /// Handwritten entries, 81 characters, `.` for none.
    pub entries: String,
    /// `unique`, `no_solution` or `multiple` for the givens.
    pub verdict: String,
    /// The solution when the givens have exactly one.
    pub solution: Option<String>,
    /// Cells to check, `r1c1` style.
    pub uncertain: Vec<String>,
    /// Milliseconds per stage.
    pub timings_ms: Timings,
}

/// Reads a photo file, its size checked before it is read ([`read_photo_file`]). See
/// [`import_bytes`].
pub fn import_path(
    path: &Path,
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    let bytes = read_photo_file(path)?;
    import_bytes(&bytes, model, opts)
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Reads the Sudoku in an encoded photo (JPEG, PNG, WebP or BMP).
pub fn import_bytes(
    bytes: &[u8],
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    import_impl(bytes, None, model, opts)
}

/// Reads the grid inside four corners the player placed (original-image pixels, clockwise
/// from the grid's upright top-left), as the correction screen does after a corner is
/// dragged. The corners are snapped to the printed lines near them, so a rough placement
/// reads as well as a detected one.
pub fn import_bytes_with_corners(
    bytes: &[u8],
    corners: [[f64; 2]; 4],
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    import_impl(bytes, Some(corners), model, opts)
}

fn import_impl(
    bytes: &[u8],
    corners: Option<[[f64; 2]; 4]>,
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    let start = Instant::now();
    let mut tm = Timings::default();
    let t = Instant::now();
    let gray = load::decode_gray(bytes, opts.max_pixels)?;
    tm.decode = ms(t);
    let debug = DebugImages::new(opts.debug_dir.as_deref())?;
    let located = match corners {
        None => locate_grid(&gray, &debug, &mut tm)?,
        Some(corners) => {
            let t = Instant::now();
            let (flat, factor) = detection_view(&gray)?;
            let f = f64::from(factor);
            let small: [(f64, f64); 4] = std::array::from_fn(|i| {
                (
                    (corners[i][0] + 0.5) / f - 0.5,
                    (corners[i][1] + 0.5) / f - 0.5,
                )
            });
            let located = lattice_from_outline(&flat, factor, &small)?;
            tm.refine = ms(t);
            located
        }
    };
    read_located(&gray, &located, model, &debug, tm, start)
}

/// The stages after the grid is located: warp, classify, orient, apply the rules.
fn read_located(
    gray: &GrayImage,
    located: &Located,
    model: &DigitModel,
    debug: &DebugImages,
    mut tm: Timings,
    start: Instant,
) -> Result<ImportResult, ImportError> {
    let t = Instant::now();
    let warped = warp_cells(gray, &located.lattice);
    debug.save("warped.png", &warped);
    tm.warp = ms(t);
    let mut reading = read_grid(&warped, located, model, &mut tm)?;
    debug.save("tiles.png", &tiles_mosaic(&reading.warped));
    reading.width = gray.width();
    reading.height = gray.height();
    let t = Instant::now();
    let result = interpret(reading, &mut tm);
    tm.rules = ms(t);
    tm.total = ms(start);
    Ok(ImportResult {
        timings_ms: tm,
        ..result
    })
}

struct Located {
    /// 100 intersections in original-image coordinates, row-major.
    lattice: Vec<(f64, f64)>,
}

struct DebugImages<'a> {
    dir: Option<&'a Path>,
}

impl<'a> DebugImages<'a> {
    fn new(dir: Option<&'a Path>) -> Result<DebugImages<'a>, ImportError> {
        if let Some(d) = dir {
            // the folder's fault, not the photo's: say which folder
            std::fs::create_dir_all(d).map_err(|error| ImportError::DebugDir {
                dir: d.to_path_buf(),
                error,
            })?;
        }
        Ok(DebugImages { dir })
    }

    fn save(&self, name: &str, img: &GrayImage) {
        if let Some(d) = self.dir {
            // a debug image that cannot be written must not fail the import itself
            let _ = img.save(d.join(name));
        }
    }

    fn save_json(&self, name: &str, value: &impl Serialize) {
        if let Some(d) = self.dir {
            if let Ok(text) = serde_json::to_string_pretty(value) {
                let _ = std::fs::write(d.join(name), text);
            }
        }
    }
}

/// The image grid detection works on: box-reduced to at most [`DETECT_MAX_SIDE`] and with
/// the lighting flattened; returned with the reduction factor.
fn detection_view(gray: &GrayImage) -> Result<(GrayImage, u32), ImportError> {
    let (w, h) = gray.dimensions();
    let factor = w.max(h).div_ceil(DETECT_MAX_SIDE).max(1);
    let small = ops::downscale_box(gray, factor);
    if small.width() < 50 || small.height() < 50 {
        return Err(ImportError::NoGrid);
    }
    let block = (small.width().min(small.height()) / 64).max(4);
    Ok((ops::flatten_background(&small, block), factor))
}

/// The 100 line intersections, in original-image pixels, of the grid outlined by `corners`
/// (detection-image pixels, clockwise from the top-left).
fn lattice_from_outline(
    flat: &GrayImage,
    factor: u32,
    corners: &[(f64, f64); 4],
) -> Result<Located, ImportError> {
    let h0 = geometry::canonical_to_image(corners, f64::from(GRID)).ok_or(ImportError::NoGrid)?;
    let dark = GrayImage::from_fn(flat.width(), flat.height(), |x, y| {
        image::Luma([255 - flat.get_pixel(x, y)[0]])
    });
    let lat = refine::refine_lattice(&dark, &h0);
    // detection pixel centres back to the original image's
    let f = f64::from(factor);
    let lattice = lat
        .pts
        .iter()
        .map(|&(x, y)| ((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5))
        .collect();
    Ok(Located { lattice })
}

fn locate_grid(
    gray: &GrayImage,
    debug: &DebugImages,
    tm: &mut Timings,
) -> Result<Located, ImportError> {
    let t = Instant::now();
    let (flat, factor) = detection_view(gray)?;
    let (cands, masks) = detect::candidates_on_flat(&flat);
    for (level, mask) in &masks {
        let name = match level {
            InkLevel::Normal => "threshold.png",
            InkLevel::Faint => "threshold-faint.png",
        };
        debug.save(name, mask);
    }
    let chosen = detect::choose(&cands);
    debug.save_json("candidates.json", &(chosen, &cands));
    if debug.dir.is_some() {
        let small = ops::downscale_box(gray, factor);
        debug.save("candidates.png", &draw_candidates(&small, &cands, chosen));
    }
    let chosen = chosen.ok_or(ImportError::NoGrid)?;
    tm.detect = ms(t);
    let t = Instant::now();
    let located = lattice_from_outline(&flat, factor, &cands[chosen].corners)?;
    tm.refine = ms(t);
    Ok(located)
}

/// Warps every cell by the homography of its own four corners at twice the canonical size,
/// then box-averages 2x2: the same anti-aliasing the training data went through.
fn warp_cells(gray: &GrayImage, lattice: &[(f64, f64)]) -> GrayImage {
    // sample from a reduced copy when the grid is much larger than the warp, or bilinear
    // sampling would skip pixels and alias
    let side = (lattice[0].0 - lattice[99].0).hypot(lattice[0].1 - lattice[99].1)
        / std::f64::consts::SQRT_2;
    let k = ((side / f64::from(2 * GRID)) as u32).max(1);
    let src = if k > 1 {
        ops::downscale_box(gray, k)
    } else {
        gray.clone()
    };
    let scale = |(x, y): (f64, f64)| {
        let kf = f64::from(k);
        ((x + 0.5) / kf - 0.5, (y + 0.5) / kf - 0.5)
    };
    let big = 2 * CELL;
    let mut out = GrayImage::new(2 * GRID, 2 * GRID);
    for r in 0..9u32 {
        for c in 0..9u32 {
            let at = |i: u32, j: u32| scale(lattice[(i * 10 + j) as usize]);
            let (x0, y0) = (f64::from(c * big), f64::from(r * big));
            let b = f64::from(big);
            let corners = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)];
            let from = [(x0, y0), (x0 + b, y0), (x0 + b, y0 + b), (x0, y0 + b)];
            if let Some(hm) = Homography::from_4(from, corners) {
                geometry::warp_block(&src, &hm, &mut out, (c * big, r * big), big);
            }
        }
    }
    ops::downscale_box(&out, 2)
}

struct ClassifiedGrid {
    width: u32,
    height: u32,
    corners: [[f64; 2]; 4],
    quarter_turns: u8,
    probs: Vec<[f32; CLASSES]>,
    warped: GrayImage,
}

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

fn read_grid(
    warped: &GrayImage,
    located: &Located,
    model: &DigitModel,
    tm: &mut Timings,
) -> Result<ClassifiedGrid, ImportError> {
    let t = Instant::now();
    let probs = classify_grid(warped, model)?;
    tm.classify = ms(t);
    // Upright is the quarter turn under which the inked cells read most confidently as digits:
    // a 6 turned over is a confident 9 but its neighbours are not, so sum over all of them.
    let t = Instant::now();
    let tiles = cells::grid_tiles(warped);
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
    let mut scores = turn_scores(model, &tiles, &probs, &few)?;
    let sorted = {
        let mut s = scores;
        s.sort_by(|a, b| b.total_cmp(a));
        s
    };
    if few.len() < inked.len() && sorted[0] - sorted[1] < ORIENTATION_MARGIN {
        scores = turn_scores(model, &tiles, &probs, &inked)?;
    }
    let q = (0..4u8)
        .max_by(|&a, &b| scores[a as usize].total_cmp(&scores[b as usize]))
        .unwrap_or(0);
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
    let l = &located.lattice;
    let outline = [l[0], l[9], l[99], l[90]];
    let corners = std::array::from_fn(|i| {
        let p = outline[(i + 4 - q as usize) % 4];
        [p.0, p.1]
    });
    Ok(ClassifiedGrid {
        width: 0,
        height: 0,
        corners,
        quarter_turns: q,
        probs,
        warped,
    })
}

/// Probability left to each digit class of a cell that [`cells::looks_blank`]: never zero, so
/// the rules' search over readings stays finite.
const BLANK_ODDS: f32 = 1e-6;
/// Cells the model reads with less than this probability get a second look.
const SECOND_LOOK_BELOW: f32 = 0.98;
/// How far (canonical pixels, [`CELL`] a cell) the second look moves the crop each way.
const SECOND_LOOK_SHIFT: i64 = 3;

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

fn class_reading(class: usize) -> (u8, CellKind) {
    match class {
        0 => (0, CellKind::Empty),
        1..=9 => (class as u8, CellKind::Printed),
        _ => ((class - 9) as u8, CellKind::Handwritten),
    }
}

fn interpret(r: ClassifiedGrid, tm: &mut Timings) -> ImportResult {
    let _ = tm;
    let given_probs: [repair::GivenProbs; 81] = std::array::from_fn(|i| {
        let p = &r.probs[i];
        let mut g = [0f32; 10];
        g[0] = p[0] + p[10..].iter().sum::<f32>();
        g[1..].copy_from_slice(&p[1..10]);
        g
    });
    let fixed = repair::repair_givens(&given_probs);
    let solution = fixed.verdict.solution().copied();
    let mut cells = Vec::with_capacity(81);
    let mut givens = String::with_capacity(81);
    let mut entries = String::with_capacity(81);
    let mut uncertain = Vec::new();
    for (i, cell) in Cell::ALL.iter().enumerate() {
        let p = &r.probs[i];
        let mut order: Vec<usize> = (0..CLASSES).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let (mut digit, mut kind) = class_reading(order[0]);
        let confidence = p[order[0]];
        let corrected = fixed.changed.contains(cell);
        let g = fixed.givens.get(*cell);
        if corrected {
            (digit, kind) = if g == 0 {
                // the rules say no given here: keep the best non-printed reading
                let c = order
                    .iter()
                    .copied()
                    .find(|&c| c == 0 || c >= 10)
                    .unwrap_or(0);
                class_reading(c)
            } else {
                (g, CellKind::Printed)
            };
        }
        // an entry the model is unsure of is most likely the solution's digit
        let mut entry_weighed = false;
        if let (Some(s), CellKind::Handwritten, false) = (&solution, kind, corrected) {
            let want = s.get(*cell);
            if want != digit && repair::entry_is_solution_digit(confidence, p[9 + want as usize]) {
                digit = want;
                entry_weighed = true;
            }
        }
        let corrected = corrected || entry_weighed;
        let likely_mistake =
            kind == CellKind::Handwritten && solution.is_some_and(|s: Grid| s.get(*cell) != digit);
        let unsure = corrected || confidence < UNCERTAIN_BELOW;
        if unsure {
            uncertain.push(cell.to_string());
        }
        givens.push(if kind == CellKind::Printed {
            (b'0' + digit) as char
        } else {
            '.'
        });
        entries.push(if kind == CellKind::Handwritten {
            (b'0' + digit) as char
        } else {
            '.'
        });
        let alternatives = order[1..4]
            .iter()
            .map(|&c| {
                let (digit, kind) = class_reading(c);
                Alternative {
                    digit,
                    kind,
                    probability: p[c],
                }
            })
            .collect();
        cells.push(CellReading {
            cell: cell.to_string(),
            digit,
            kind,
            confidence,
            alternatives,
            uncertain: unsure,
            corrected,
            likely_mistake,
        });
    }
    let verdict = match &fixed.verdict {
        Verdict::Unique(_) => "unique",
        Verdict::NoSolution { .. } => "no_solution",
        Verdict::Multiple(_) => "multiple",
    };
    ImportResult {
        width: r.width,
        height: r.height,
        corners: r.corners,
        orientation: u16::from(r.quarter_turns) * 90,
        cells,
        givens,
        entries,
        verdict: verdict.to_string(),
        solution: solution.map(|s| s.to_line()),
        uncertain,
        timings_ms: Timings::default(),
    }
}

fn tiles_mosaic(warped: &GrayImage) -> GrayImage {
    let tiles = cells::grid_tiles(warped);
    let gap = 2;
    let side = 9 * (CELL + gap);
    let mut out = GrayImage::from_pixel(side, side, image::Luma([128]));
    for (i, t) in tiles.iter().enumerate() {
        let x = normalize_tile(t);
        let (r, c) = (i as u32 / 9, i as u32 % 9);
        for y in 0..CELL {
            for xx in 0..CELL {
                let v = 255.0 - 255.0 * x[(y * CELL + xx) as usize];
                out.put_pixel(
                    c * (CELL + gap) + xx,
                    r * (CELL + gap) + y,
                    image::Luma([v as u8]),
                );
            }
        }
    }
    out
}

fn draw_candidates(
    small: &GrayImage,
    cands: &[detect::OutlineCandidate],
    chosen: Option<usize>,
) -> GrayImage {
    let mut img = small.clone();
    // the chosen outline last and white, so no other covers it
    let order = (0..cands.len())
        .filter(|&k| Some(k) != chosen)
        .chain(chosen);
    for k in order {
        let c = &cands[k];
        let shade = if Some(k) == chosen { 255 } else { 0 };
        for i in 0..4 {
            let (a, b) = (c.corners[i], c.corners[(i + 1) % 4]);
            imageproc::drawing::draw_line_segment_mut(
                &mut img,
                (a.0 as f32, a.1 as f32),
                (b.0 as f32, b.1 as f32),
                image::Luma([shade]),
            );
        }
    }
    img
}
