//! Photo import: find the Sudoku grid in a phone photo, read its printed givens and the
//! player's handwritten entries with the bundled digit model, and check the reading against
//! the rules. Pure library code: no UI, no printing.
//!
//! The stages, in the order `pipeline.rs` runs them, one file each:
//! - `load.rs`: the file and its size, the image format, decoding (size checked on the header
//!   first; `jpeg_scan.rs` names damaged JPEG data); a screenshot (`rendered.rs`) with no grid
//!   found is decoded again with its colours darkened, for lines that differ from their cells
//!   only by hue; a mostly dark image is read inverted too (`polarity.rs`);
//! - `detect.rs`: lighting flattened and ink thresholded (`ops.rs`: the image operations),
//!   candidate outlines from blobs and from straight lines (`lines.rs`), each scored by its
//!   10x10 line structure; when no classic is found, by the 7x7 or 5x5 lines of the smaller
//!   newspaper grids (`sizes.rs`);
//! - `refine.rs`: the line intersections (100 of a classic, `(side + 1)²` of any size), so
//!   each cell is warped by its own four corners:
//!   the outline snapped to the whole lines, then each line followed as a curve (`curves.rs`)
//!   (`geometry.rs`: homographies and quadrilaterals);
//! - `evidence.rs`: whether the located lattice is a grid at all (its twenty lines darker
//!   than the paper beside them; on a screenshot, lines of either sign, and thin lines hidden
//!   in the cells' shading vouched for by the box lines), else "no Sudoku grid found";
//! - `classify.rs`: the tiles (`cells.rs`: cutting and normalising, one definition with
//!   training) read by the digit model (`model.rs`: the bundled networks, run by our own
//!   ONNX runtime, the `sudolens-cnn` crate in crates/cnn), the grid turned upright
//!   (`orientation.rs`), unsure cells read again;
//! - `interpret.rs`: the tiles in doubt between printed and handwritten settled by the
//!   photo's other glyphs (`appearance.rs`), the givens repaired by the rules (`repair.rs`)
//!   of the shape the print shows (`variant.rs`: shaded diagonals, windows or cells from
//!   `shading.rs`, a jigsaw's heavy lines from `regions.rs`), entries weighed against the
//!   solution, the cells to check flagged; a 6x6 or a 4x4 by its own rules in `sizes.rs`
//!   (the model's classes restricted to the shape's digits, the turns to those that keep a
//!   6x6's boxes wider than tall);
//! - `samurai.rs`: a samurai (five 9x9 grids in a cross) found among the classic's outlines by
//!   its plane's bare holes, its five grids refined and read one by one, each shared box read
//!   in both its grids (a cell the two read differently asked about), the whole cross settled
//!   by its rules. Its [`ImportResult`] holds the samurai's 369 cells in the shape's reading
//!   order (`cells[i]` is shape cell `i`, at [`Shape::position`]`(i)` on the 21x21 plane; its
//!   `cell` names its row and column in the first grid holding it, [`Shape::grids_of`]);
//!   `corners` are the plane's four outer corners;
//! - `debug_images.rs`: the stages as PNG files, on request.
//!
//! Here: the public types and the entry points. `error.rs` holds [`ImportError`]; `dat.rs`
//! reads the dataset photos' ground truth, for `sudolens import` to score them.

mod appearance;
mod cells;
mod classify;
mod curves;
mod dat;
mod debug_images;
mod detect;
mod error;
mod evidence;
mod geometry;
mod interpret;
mod jpeg_scan;
mod lines;
mod load;
mod model;
mod ops;
mod orientation;
mod pipeline;
mod polarity;
mod refine;
mod regions;
mod rendered;
mod repair;
mod samurai;
mod screen_glyphs;
mod shading;
mod sizes;
mod variant;

pub use cells::{normalize_tile, TILE_LEN};
pub use dat::read_dat;
pub use error::ImportError;
pub use geometry::Homography;
pub use interpret::MISTAKE_SURE;
pub use load::{photo_size, read_photo_file, MAX_FILE_BYTES};
pub use model::{DigitModel, BUNDLED_ONNX, CLASSES, SECOND_OPINION_ONNX};

use crate::grid::{Cell, Grid, Shape, ShapedGrid};
use crate::solver::Verdict;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How to import a photo.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// Larger images are refused from their header, before they are decoded.
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

/// What a cell holds: nothing, a printed given or the player's handwriting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellKind {
    Empty,
    Printed,
    Handwritten,
}

/// A reading of a cell that the model found less likely.
#[derive(Clone, Debug, Serialize)]
pub struct Alternative {
    pub digit: u8,
    pub kind: CellKind,
    pub probability: f32,
}

/// How one cell was read.
#[derive(Clone, Debug, Serialize)]
pub struct CellReading {
    /// The cell's row and column in the upright grid (`"r1c1"` in JSON), on a grid of any
    /// size: on a 6x6 its [`Cell::index`] is not the cell's place in the shape's reading order,
    /// which is its place in [`ImportResult::cells`].
    pub cell: Cell,
    /// 0 when empty.
    pub digit: u8,
    pub kind: CellKind,
    /// The model's probability for this reading (before any correction by the rules); for an
    /// unsure cell, the mean over the five crops of its second look.
    pub confidence: f32,
    /// The next most likely readings, most likely first.
    pub alternatives: Vec<Alternative>,
    /// The player should check this cell: low confidence, changed by the rules, or a
    /// handwritten entry that disagrees with the solution.
    pub uncertain: bool,
    /// The rules or the grid changed the model's first choice: a given that made the puzzle
    /// invalid, an entry the model was unsure of, read as the solution's digit
    /// (`repair::ENTRY_PRIOR`), or a tile in doubt between printed and handwritten whose glyph
    /// looks like the other kind in this photo (`appearance.rs`).
    pub corrected: bool,
    /// A handwritten entry that disagrees with the puzzle's solution, read so surely
    /// (`interpret::MISTAKE_SURE`) that the player probably wrote that digit. A
    /// disagreeing entry read less surely is only `uncertain`: a question, not a mistake.
    pub likely_mistake: bool,
}

impl CellReading {
    /// The digits the cell most likely holds, as one-click choices on a
    /// correction screen: the solution's first (when the givens have one),
    /// then the model's readings in order of probability; no digit twice.
    pub fn likely_digits(&self, solution: Option<&Grid>) -> Vec<u8> {
        let solution_digit = solution.map(|s| s.get(self.cell));
        let readings = std::iter::once(self.digit).chain(self.alternatives.iter().map(|a| a.digit));
        let mut out: Vec<u8> = Vec::new();
        for d in solution_digit.into_iter().chain(readings) {
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }
}

/// Milliseconds spent in each stage, and in all.
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

/// The Sudoku read from a photo. Serialised as `import --json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct ImportResult {
    /// The puzzle's shape: the classic, or the variant its shaded cells show (X's diagonals,
    /// Hyper's windows) when its rules give the givens their one solution. `"x"` in JSON.
    pub shape: Shape,
    /// A jigsaw's regions (0-based, reading order) as the photo's heavy
    /// lines drew them, when they are not the boxes; kept even when their
    /// rules were not taken, so that the player may choose them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<u8>>,
    /// The photo's size in pixels, as stored (its orientation tag ignored).
    pub width: u32,
    pub height: u32,
    /// Grid corners in the original image (pixels), clockwise from the upright top-left.
    pub corners: [[f64; 2]; 4],
    /// Clockwise quarter turns applied to the photo's grid to make it upright (0, 90, 180, 270).
    pub orientation: u16,
    /// One reading per cell of the shape (81 of a classic, 36 of a 6x6, 16 of a 4x4),
    /// row-major in the upright grid; a samurai's 369 in the shape's reading order (row by
    /// row of its 21x21 plane, the holes skipped: [`Shape::position`]).
    pub cells: Vec<CellReading>,
    /// Printed givens of a grid of any size (in JSON `givens`: a character a cell, `.` for
    /// none).
    #[serde(rename = "givens", serialize_with = "serialize_line")]
    pub shaped_givens: ShapedGrid,
    /// Handwritten entries of a grid of any size (in JSON `entries`, as the givens).
    #[serde(rename = "entries", serialize_with = "serialize_line")]
    pub shaped_entries: ShapedGrid,
    /// The printed givens as the 9x9 rule engine reads them: on a grid of another size,
    /// empty (see [`ImportResult::shaped_givens`]), as a [`crate::grid::Board`]'s 9x9 view is.
    #[serde(skip)]
    pub givens: Grid,
    /// Handwritten entries, the 9x9 view (empty on another size).
    #[serde(skip)]
    pub entries: Grid,
    /// The solver's verdict on the givens (in JSON its [`verdict_name`]). On a grid of another
    /// size its grids are the empty 9x9 view: the solution is [`ImportResult::shaped_solution`].
    #[serde(serialize_with = "serialize_verdict_name")]
    pub verdict: Verdict,
    /// The solution of a grid of any size when the givens have exactly one (in JSON
    /// `solution`).
    #[serde(rename = "solution", serialize_with = "serialize_optional_line")]
    pub shaped_solution: Option<ShapedGrid>,
    /// The solution, the 9x9 view (`None` on another size).
    #[serde(skip)]
    pub solution: Option<Grid>,
    /// Cells to check (`"r1c1"` style in JSON). On a samurai each is named in the first grid
    /// holding it, so two may share a name: its `cells[i].uncertain` say which.
    pub uncertain: Vec<Cell>,
    /// Milliseconds per stage.
    pub timings_ms: Timings,
}

/// The verdict in one word, as `import --json` and the command line's summary print it:
/// `unique`, `no_solution` or `multiple`.
pub fn verdict_name(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Unique(_) => "unique",
        Verdict::NoSolution { .. } => "no_solution",
        Verdict::Multiple(_) => "multiple",
    }
}

fn serialize_verdict_name<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(verdict_name(v))
}

fn serialize_line<S: serde::Serializer>(g: &ShapedGrid, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&g.to_line())
}

fn serialize_optional_line<S: serde::Serializer>(
    g: &Option<ShapedGrid>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match g {
        Some(g) => s.serialize_str(&g.to_line()),
        None => s.serialize_none(),
    }
}

/// One photo's outcome as `import --json` prints it, and `POST /api/import` answers: the
/// result with its `file`, or `{"file", "error", "kind"}` for a photo that could not be read.
pub fn outcome_json(file: &str, outcome: &Result<ImportResult, ImportError>) -> serde_json::Value {
    match outcome {
        Ok(r) => {
            let mut v = serde_json::to_value(r).unwrap_or_default();
            v["file"] = serde_json::json!(file);
            v
        }
        Err(e) => error_json(file, e),
    }
}

/// A photo that could not be read, as `import --json` prints it: `{"file", "error", "kind"}`.
pub fn error_json(file: &str, error: &ImportError) -> serde_json::Value {
    serde_json::json!({"file": file, "error": error.to_string(), "kind": error.kind()})
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

/// Reads the Sudoku in an encoded photo (JPEG, PNG, WebP or BMP).
pub fn import_bytes(
    bytes: &[u8],
    model: &DigitModel,
    opts: &ImportOptions,
) -> Result<ImportResult, ImportError> {
    pipeline::run(bytes, None, model, opts)
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
    pipeline::run(bytes, Some(corners), model, opts)
}

/// Milliseconds since `t`.
fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}
