//! The stages in order, timed: decode, locate the grid (detected, or from the player's
//! corners), warp each cell, classify and orient, apply the rules.

use super::cells::CELL;
use super::classify::read_upright;
use super::debug_images::{tiles_mosaic, DebugImages};
use super::detect;
use super::error::ImportError;
use super::evidence::{self, GridEvidence};
use super::geometry::{self, Homography, Quad};
use super::interpret::interpret;
use super::model::DigitModel;
use super::orientation::{upright_corners, ALL_TURNS};
use super::refine::Lattice;
use super::{load, ms, ops, polarity, refine, rendered, ImportOptions, ImportResult, Timings};
use super::{samurai, sizes};
use image::GrayImage;
use std::time::Instant;

/// Longest side of the image grid detection works on; larger photos are box-reduced first.
const DETECT_MAX_SIDE: u32 = 1024;

/// Reads the Sudoku in an encoded photo: inside `corners` (original-image pixels, clockwise
/// from the upright top-left) when the player placed them, else wherever it is detected.
pub(crate) fn run(
    bytes: &[u8],
    corners: Option<[[f64; 2]; 4]>,
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    let start = Instant::now();
    let mut tm = Timings::default();
    let t = Instant::now();
    let greys = load::decode_gray(bytes, opts.max_pixels)?;
    tm.decode = ms(t);
    // a JPEG decoded at a fraction of its size is read in its own pixels, and what is said
    // of it (its size, its grid's corners) in the photo's
    let reduction = greys.reduction;
    let stored = if reduction > 1 {
        load::photo_size(bytes, opts.max_pixels)?
    } else {
        greys.image.dimensions()
    };
    let corners = corners.map(|c| c.map(|[x, y]| [reduced(x, reduction), reduced(y, reduction)]));
    let gray = greys.image;
    let rendered = rendered::is_rendered(&gray);
    let read = read_either_polarity(&gray, corners, model, opts, tm.clone(), start, rendered);
    if !(rendered && corners.is_none() && matches!(read, Err(ImportError::NoGrid))) {
        return read.map(|r| in_photo_pixels(r, reduction, stored));
    }
    // The plain greys are done with: freed before the second decode, not
    // held through it (issue 32, N5).
    drop(gray);
    // a screen whose grid lines vanish in plain greys may show them once its coloured cells
    // are darkened (`load::decode_colour_muted`); only a screen with no grid found pays
    let Some(muted) = load::decode_colour_muted(bytes, opts.max_pixels)? else {
        return read;
    };
    let muted_opts = ImportOptions {
        debug_dir: opts.debug_dir.as_ref().map(|d| d.join("colour-muted")),
        ..opts.clone()
    };
    read_either_polarity(
        &muted.image,
        corners,
        model,
        &muted_opts,
        tm,
        start,
        rendered,
    )
    .map(|r| in_photo_pixels(r, muted.reduction, stored))
}

/// Photo coordinate `v` in an image decoded at 1/`reduction` of the photo's size, whose
/// pixel `i` averages the photo's pixels `i * reduction` to `(i + 1) * reduction - 1`.
fn reduced(v: f64, reduction: u32) -> f64 {
    (v + 0.5) / f64::from(reduction) - 0.5
}

/// `read`, made in an image decoded at 1/`reduction` of the photo's size, said in the photo's
/// own pixels: its `stored` size, and its grid's corners.
fn in_photo_pixels(mut read: ImportResult, reduction: u32, stored: (u32, u32)) -> ImportResult {
    if reduction > 1 {
        let k = f64::from(reduction);
        read.corners = read.corners.map(|c| c.map(|v| (v + 0.5) * k - 0.5));
        (read.width, read.height) = stored;
    }
    read
}

/// Reads `gray` as [`read_gray`] does, and a mostly dark image inverted too, keeping the
/// better reading.
fn read_either_polarity(
    gray: &GrayImage,
    corners: Option<[[f64; 2]; 4]>,
    model: &DigitModel,
    opts: &ImportOptions,
    tm: Timings,
    start: Instant,
    rendered: bool,
) -> Result<ImportResult, ImportError> {
    let first = read_gray(gray, corners, model, opts, tm.clone(), start, rendered);
    if !polarity::is_mostly_dark(gray) {
        return first;
    }
    // light digits on a dark screen, or a photo in dark surroundings: read it both ways, the
    // inverted reading's debug images in a folder of their own
    let inverted_opts = ImportOptions {
        debug_dir: opts.debug_dir.as_ref().map(|d| d.join("inverted")),
        ..opts.clone()
    };
    let second = read_gray(
        &polarity::inverted(gray),
        corners,
        model,
        &inverted_opts,
        tm,
        start,
        rendered,
    );
    let clear =
        |r: &ImportResult| polarity::clear_digits(r.cells.iter().map(|c| (c.digit, c.confidence)));
    let mut best = polarity::better_reading(first, second, clear)?;
    best.timings_ms.total = ms(start);
    Ok(best)
}

/// Locates and reads the grid in the decoded grey image `gray` (its decoding already in
/// `tm`); `rendered` when it is a screenshot rather than a photo ([`rendered::is_rendered`]).
fn read_gray(
    gray: &GrayImage,
    corners: Option<[[f64; 2]; 4]>,
    model: &DigitModel,
    opts: &ImportOptions,
    mut tm: Timings,
    start: Instant,
    rendered: bool,
) -> Result<ImportResult, ImportError> {
    let debug = DebugImages::new(opts.debug_dir.as_deref())?;
    let lattice = match corners {
        None => match locate_grid(gray, rendered, &debug, &mut tm)? {
            Located::Grid(lattice) => lattice,
            Located::Samurai(found) => {
                return samurai::read(gray, &found, model, &mut tm, start, rendered)
            }
        },
        Some(corners) => {
            let t = Instant::now();
            let view = detection_view(gray, rendered)?;
            let f = f64::from(view.factor);
            let small: Quad = std::array::from_fn(|i| {
                (
                    (corners[i][0] + 0.5) / f - 0.5,
                    (corners[i][1] + 0.5) / f - 0.5,
                )
            });
            // the player placed the corners: read what is there, grid-like or not, as the
            // first size whose lines show there (the classic when none does)
            let (mut lattice, evidence) =
                lattice_from_outline(&view, &small, rendered, &debug, sizes::CLASSIC_SIDE)?;
            if !evidence.is_grid() {
                for &side in sizes::SMALLER_SIDES {
                    let (l, e) = lattice_from_outline(&view, &small, rendered, &debug, side)?;
                    if e.is_grid() {
                        lattice = l;
                        break;
                    }
                }
            }
            tm.refine = ms(t);
            lattice
        }
    };
    read_located(gray, &lattice, model, &debug, tm, start, rendered)
}

/// The stages after the grid is located (`lattice`: its line intersections in original-image
/// pixels, row-major, 100 of a classic): warp, classify, orient, apply the rules.
fn read_located(
    gray: &GrayImage,
    lattice: &Lattice,
    model: &DigitModel,
    debug: &DebugImages,
    mut tm: Timings,
    start: Instant,
    rendered: bool,
) -> Result<ImportResult, ImportError> {
    let t = Instant::now();
    let warped = warp_cells(gray, lattice);
    debug.save("warped.png", &warped);
    tm.warp = ms(t);
    // a smaller grid shows its boxes by heavier lines (a table of equal lines is no Sudoku),
    // and a 6x6's, wider than tall, leave two turns to try
    let turns = if lattice.side == sizes::CLASSIC_SIDE {
        ALL_TURNS.to_vec()
    } else {
        sizes::box_turns(&warped, lattice.side).ok_or(ImportError::NoGrid)?
    };
    let classified = read_upright(&warped, model, &mut tm, rendered, &turns)?;
    debug.save("tiles.png", &tiles_mosaic(&classified.warped));
    let corners = upright_corners(&lattice.pts, classified.quarter_turns);
    let t = Instant::now();
    let result = if lattice.side == sizes::CLASSIC_SIDE {
        interpret(&classified, gray.dimensions(), corners, rendered)
    } else {
        sizes::interpret_sized(
            &classified,
            lattice.side,
            gray.dimensions(),
            corners,
            rendered,
        )
    };
    tm.rules = ms(t);
    tm.total = ms(start);
    Ok(ImportResult {
        timings_ms: tm,
        ..result
    })
}

/// The images grid detection works on: the photo box-reduced to at most [`DETECT_MAX_SIDE`]
/// with the lighting flattened, and the darkness (ink bright) its lattice is fitted to and
/// judged on, made once however many outlines are tried.
pub(super) struct DetectionView {
    /// The box-reduced photo with the lighting flattened.
    flat: GrayImage,
    /// `flat` inverted. A photo's lighting varies, so the lattice is judged on this one.
    dark_flat: GrayImage,
    /// For a screenshot, the box-reduced image inverted without flattening: a screen is
    /// evenly lit by nature, and flattening would only smear the edges of the cells its app
    /// shades into ramps across its lines.
    dark_plain: Option<GrayImage>,
    /// The box reduction.
    pub(super) factor: u32,
}

impl DetectionView {
    /// The darkness a lattice is fitted to: the plain one of a screenshot, else the flattened.
    fn darkness(&self) -> &GrayImage {
        self.dark_plain.as_ref().unwrap_or(&self.dark_flat)
    }
}

fn detection_view(gray: &GrayImage, rendered: bool) -> Result<DetectionView, ImportError> {
    let (w, h) = gray.dimensions();
    let factor = w.max(h).div_ceil(DETECT_MAX_SIDE).max(1);
    let small = ops::downscale_box(gray, factor);
    if small.width() < 50 || small.height() < 50 {
        return Err(ImportError::NoGrid);
    }
    let block = (small.width().min(small.height()) / 64).max(4);
    let flat = ops::flatten_background(&small, block);
    Ok(DetectionView {
        dark_flat: polarity::inverted(&flat),
        dark_plain: rendered.then(|| polarity::inverted(&small)),
        flat,
        factor,
    })
}

/// The line intersections (100 of a classic), in original-image pixels, of the grid of `side`
/// cells a side outlined by `corners` (detection-image pixels, clockwise from the top-left),
/// and how plainly its lines show (lines of either sign on a `rendered` image,
/// [`evidence::Polarity`]).
pub(super) fn lattice_from_outline(
    view: &DetectionView,
    corners: &Quad,
    rendered: bool,
    debug: &DebugImages,
    side: usize,
) -> Result<(Lattice, GridEvidence), ImportError> {
    let canonical = f64::from(CELL) * side as f64;
    let h0 = geometry::canonical_to_image(corners, canonical).ok_or(ImportError::NoGrid)?;
    let dark = view.darkness();
    let lat = refine::refine_lattice(dark, &h0, side);
    let polarity = if rendered {
        evidence::Polarity::Either
    } else {
        evidence::Polarity::Dark
    };
    let mut evidence = evidence::measure(dark, &lat.pts, polarity);
    if rendered && !evidence.is_grid() {
        // a screenshot lit unevenly after all (a photo of a screen, a vignette): its lines
        // may stand out only once the lighting is flattened
        let flattened = evidence::measure(&view.dark_flat, &lat.pts, polarity);
        if flattened.is_grid() {
            evidence = flattened;
        }
    }
    debug.lattice(&view.flat, &lat.pts);
    debug.evidence(&evidence);
    // detection pixel centres back to the original image's
    let f = f64::from(view.factor);
    let pts = lat
        .pts
        .iter()
        .map(|&(x, y)| ((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5))
        .collect();
    Ok((Lattice { pts, side }, evidence))
}

/// What detection found: one grid's lattice, or a samurai's five.
enum Located {
    Grid(Lattice),
    Samurai(samurai::SamuraiGrids),
}

/// Detects the grid: a samurai or a classic first, then the smaller newspaper grids
/// ([`sizes::SMALLER_SIDES`]) when neither is found. A smaller grid's lines do not fall where a
/// classic's do, so its outline scores low as a classic and its lattice shows no classic's
/// evidence; only a photo with no classic in it pays for the other sizes. A samurai is looked
/// for among the classic's outlines ([`samurai::locate`]): a plain grid's fails at once, its
/// lines crossing the samurai's holes, so the classic pays a few samples an outline. A
/// screenshot is never a samurai's: no app's screen shows one.
fn locate_grid(
    gray: &GrayImage,
    rendered: bool,
    debug: &DebugImages,
    tm: &mut Timings,
) -> Result<Located, ImportError> {
    let t = Instant::now();
    let view = detection_view(gray, rendered)?;
    let (cands, masks) = detect::candidates_on_flat(&view.flat, rendered, sizes::CLASSIC_SIDE);
    tm.detect += ms(t);
    if !rendered {
        if let Some((_, ink)) = masks.first() {
            let t = Instant::now();
            let found = samurai::locate(&view, &cands, ink, debug)?;
            tm.detect += ms(t);
            if let Some(found) = found {
                return Ok(Located::Samurai(found));
            }
        }
    }
    let classic = locate_among(
        gray,
        &view,
        rendered,
        debug,
        tm,
        sizes::CLASSIC_SIDE,
        (cands, masks),
    );
    if !matches!(classic, Err(ImportError::NoGrid)) {
        return classic.map(Located::Grid);
    }
    for &side in sizes::SMALLER_SIDES {
        let t = Instant::now();
        let found = detect::candidates_on_flat(&view.flat, rendered, side);
        tm.detect += ms(t);
        let found = locate_among(gray, &view, rendered, debug, tm, side, found);
        if !matches!(found, Err(ImportError::NoGrid)) {
            return found.map(Located::Grid);
        }
    }
    classic.map(Located::Grid)
}

/// Detects a grid of `side` cells a side in `view` among the candidate outlines `cands` (and
/// the masks they were found on, for the debug images): its outline, then its intersections.
fn locate_among(
    gray: &GrayImage,
    view: &DetectionView,
    rendered: bool,
    debug: &DebugImages,
    tm: &mut Timings,
    side: usize,
    (cands, masks): (
        Vec<detect::OutlineCandidate>,
        Vec<(detect::InkLevel, GrayImage)>,
    ),
) -> Result<Lattice, ImportError> {
    let t = Instant::now();
    let chosen = detect::choose(&cands);
    debug.detection(gray, view.factor, &masks, &cands, chosen);
    let chosen = chosen.ok_or(ImportError::NoGrid)?;
    tm.detect += ms(t);
    let t = Instant::now();
    let outline = cands[chosen].corners;
    let (mut lattice, mut evidence) = lattice_from_outline(view, &outline, rendered, debug, side)?;
    if let Some(cells) = evidence
        .one_cell_off()
        .filter(|_| !evidence.is_grid() && side == sizes::CLASSIC_SIDE)
    {
        // the outline took in a row or column beside the grid: the grid itself is one cell
        // over, and must show it on its own evidence
        if let Some(moved) = geometry::moved_by_cells(&outline, cells) {
            let (l, e) = lattice_from_outline(view, &moved, rendered, debug, side)?;
            if e.is_grid() {
                (lattice, evidence) = (l, e);
            }
        }
    }
    tm.refine += ms(t);
    if !evidence.is_grid() {
        return Err(ImportError::NoGrid);
    }
    Ok(lattice)
}

/// Warps every cell by the homography of its own four corners at twice the canonical size,
/// then box-averages 2x2: the same anti-aliasing the training data went through.
pub(super) fn warp_cells(gray: &GrayImage, lattice: &Lattice) -> GrayImage {
    let n = lattice.side as u32;
    let grid = n * CELL;
    let pts = &lattice.pts;
    let last = pts.len() - 1;
    // sample from a reduced copy when the grid is much larger than the warp, or bilinear
    // sampling would skip pixels and alias
    let side = (pts[0].0 - pts[last].0).hypot(pts[0].1 - pts[last].1) / std::f64::consts::SQRT_2;
    let k = ((side / f64::from(2 * grid)) as u32).max(1);
    let src = if k > 1 {
        std::borrow::Cow::Owned(ops::downscale_box(gray, k))
    } else {
        std::borrow::Cow::Borrowed(gray)
    };
    let scale = |(x, y): (f64, f64)| {
        let kf = f64::from(k);
        ((x + 0.5) / kf - 0.5, (y + 0.5) / kf - 0.5)
    };
    let big = 2 * CELL;
    let mut out = GrayImage::new(2 * grid, 2 * grid);
    for r in 0..n {
        for c in 0..n {
            let at = |i: u32, j: u32| scale(pts[(i * (n + 1) + j) as usize]);
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
