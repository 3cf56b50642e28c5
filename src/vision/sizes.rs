//! Grids of another size than the classic's: the smaller newspaper grids, a 6x6 (boxes of two
//! rows by three columns) and a 4x4 (boxes of two by two). The stages are the classic's, asked
//! for `side` cells a side (the outline scored by its `side + 1` lines each way, the lattice,
//! the evidence, one tile a cell); here is what differs: which turns may make the grid
//! upright (a 6x6's boxes are wider than tall), and the reading turned into givens and entries
//! by the shape's own rules, with the model's classes restricted to the shape's digits.
//!
//! A size is a [`Shape`]: a later size (a 12x12 whose digits the model could read, or
//! overlapping grids) would add its side here and its shape to [`shape_of_side`].

use super::appearance;
use super::cells::{cells_a_side, CELL};
use super::classify::ClassifiedGrid;
use super::interpret::{
    alternatives, doubt_lone_handwriting, fill_odds, settle_cell, UNCERTAIN_BELOW, WRITER_ENTRIES,
    WRITER_SURE,
};
use super::model::{class_reading, CLASSES};
use super::orientation::ALL_TURNS;
use super::{repair, CellKind, CellReading, ImportResult, Timings};
use crate::grid::{Cell, Grid, Shape, ShapeSpec, ShapedGrid, Size};
use crate::solver::Verdict;
use image::GrayImage;

/// Cells a side of the classic, read first.
pub(crate) const CLASSIC_SIDE: usize = 9;
/// The other sizes looked for when no classic is found, in this order. A 6x6 seen as a 4x4
/// shows only three of its lines where a 4x4's five are, and a line inside every band of
/// cells, so neither is taken for the other.
pub(crate) const SMALLER_SIDES: &[usize] = &[6, 4];

/// The plain shape of `side` cells a side (its boxes as [`Size::ALL`] has them).
pub(crate) fn shape_of_side(side: usize) -> Option<Shape> {
    let size = Size::of_side(side)?;
    Shape::new(ShapeSpec::sized(size)).ok()
}

/// How much darker, at the least, a smaller grid's box lines are than its other inner lines,
/// each way (the mean darkness of a band of [`LINE_BAND`] either side of them, grey levels):
/// a Sudoku prints its boxes heavier, while a table or a calendar of equal lines is no Sudoku.
const MIN_BOX_CONTRAST: f32 = 10.0;

/// The clockwise quarter turns that may make the canonical grid `warped` (`side` cells a
/// side) upright, when its box lines show ([`MIN_BOX_CONTRAST`]): all four when its boxes are
/// square; for a 6x6, whose boxes are two rows by three columns, the two that leave its heavy
/// lines where the shape has them, as lying (0 or a half turn) or a quarter turn over (1 or
/// 3), whichever its heavy lines show. `None` when no box lines show: no Sudoku of this size.
pub(crate) fn box_turns(warped: &GrayImage, side: usize) -> Option<Vec<u8>> {
    let size = Size::of_side(side)?;
    let (rows, cols) = (usize::from(size.box_rows), usize::from(size.box_cols));
    if cells_a_side(warped) as usize != side {
        return None;
    }
    // how much darker the lines after every `rows`-th row and `cols`-th column are than the
    // other inner lines, the weaker way of the two; and the same with rows and columns swapped
    let lying =
        heavy_contrast(warped, side, rows, true).min(heavy_contrast(warped, side, cols, false));
    let turned =
        heavy_contrast(warped, side, cols, true).min(heavy_contrast(warped, side, rows, false));
    if lying.max(turned) < MIN_BOX_CONTRAST {
        return None;
    }
    Some(if rows == cols {
        ALL_TURNS.to_vec()
    } else if lying >= turned {
        vec![0, 2]
    } else {
        vec![1, 3]
    })
}

/// Half the width (canonical pixels) of the band a line is looked for in, either side of the
/// cells' edge: the heaviest newspaper lines, and the lattice's error, are within it.
const LINE_BAND: u32 = 3;

/// The mean darkness of the inner lines after every `every`-th cell less that of the other
/// inner lines, of the lines across (`across`, between rows) or down, in `warped`.
fn heavy_contrast(warped: &GrayImage, side: usize, every: usize, across: bool) -> f32 {
    let len = warped.width();
    let darkness = |k: u32| -> f32 {
        let centre = k * CELL;
        let mut sum = 0u64;
        let mut n = 0u64;
        for t in 0..len {
            for d in centre.saturating_sub(LINE_BAND)..(centre + LINE_BAND).min(len) {
                let (x, y) = if across { (t, d) } else { (d, t) };
                sum += u64::from(255 - warped.get_pixel(x, y)[0]);
                n += 1;
            }
        }
        sum as f32 / n.max(1) as f32
    };
    let (mut heavy, mut thin) = (Vec::new(), Vec::new());
    for k in 1..side {
        if k.is_multiple_of(every) {
            heavy.push(darkness(k as u32));
        } else {
            thin.push(darkness(k as u32));
        }
    }
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len().max(1) as f32;
    mean(&heavy) - mean(&thin)
}

/// The model's probabilities of one cell with the digits the shape cannot hold (above `side`)
/// taken out, printed and handwritten alike, and the rest renormalised: a 6x6's cell holds no
/// 7, whatever its glyph looks like.
pub(crate) fn restricted(p: &[f32; CLASSES], side: usize) -> [f32; CLASSES] {
    let mut q = *p;
    for (class, v) in q.iter_mut().enumerate() {
        if usize::from(class_reading(class).0) > side {
            *v = 0.0;
        }
    }
    let total: f32 = q.iter().sum();
    if total > 0.0 {
        q.iter_mut().for_each(|v| *v /= total);
    } else {
        q[0] = 1.0;
    }
    q
}

/// The result of reading the grid of `side` cells a side in `grid`, as
/// [`super::interpret::interpret`] does a classic's: the glyphs settle the tiles in doubt
/// between printed and handwritten, the shape's rules repair the givens (the sized solver),
/// unsure entries are read as the solution's digit, and the cells to check are flagged. A
/// screenshot's settling by its font is the classic's only. A side with no shape reads as
/// the classic's would not: it has none, so the caller only asks for [`SMALLER_SIDES`].
pub(crate) fn interpret_sized(
    grid: &ClassifiedGrid,
    side: usize,
    dims: (u32, u32),
    corners: [[f64; 2]; 4],
    rendered: bool,
) -> ImportResult {
    let shape = shape_of_side(side).unwrap_or_else(Shape::classic);
    let model_probs: Vec<[f32; CLASSES]> = grid.probs.iter().map(|p| restricted(p, side)).collect();
    let mut probs = model_probs.clone();
    let weighed = if rendered {
        Vec::new()
    } else {
        appearance::weigh_kinds(&grid.warped, &mut probs)
    };
    let read = Readings {
        model_probs,
        probs,
        weighed,
        doubted: Vec::new(),
    };
    let mut result = settle_readings(
        &shape,
        read,
        |i| Cell::new(i / side, i % side),
        dims,
        corners,
        rendered,
    );
    result.orientation = u16::from(grid.quarter_turns) * 90;
    result
}

/// The model's readings of every cell of a shape (in its reading order), as
/// [`settle_readings`] takes them.
pub(crate) struct Readings {
    /// The model's probabilities, the shape's digits only.
    pub model_probs: Vec<[f32; CLASSES]>,
    /// The same, reweighed by the photo's glyphs ([`appearance::weigh_kinds`]).
    pub probs: Vec<[f32; CLASSES]>,
    /// The cells the glyphs reweighed.
    pub weighed: Vec<usize>,
    /// Cells to ask about whatever their reading: a samurai's shared cell whose two grids
    /// read it differently.
    pub doubted: Vec<usize>,
}

/// The result of the readings `read` of every cell of `shape` (in its reading order; cell `i`
/// named `cell_of(i)`): lone handwriting doubted, the givens repaired by the shape's rules
/// (the sized solver), unsure entries read as the solution's digit, the cells to check
/// flagged. Orientation and timings are left to the caller.
pub(crate) fn settle_readings(
    shape: &Shape,
    read: Readings,
    cell_of: impl Fn(usize) -> Cell,
    (width, height): (u32, u32),
    corners: [[f64; 2]; 4],
    rendered: bool,
) -> ImportResult {
    let Readings {
        model_probs,
        mut probs,
        mut weighed,
        doubted,
    } = read;
    let digits = usize::from(shape.spec().size.side);
    let writes = model_probs
        .iter()
        .filter(|p| p[10..].iter().any(|&q| q >= WRITER_SURE))
        .count()
        >= WRITER_ENTRIES;
    if !writes {
        weighed.extend(doubt_lone_handwriting(&mut probs));
    }
    let given_probs: Vec<repair::GivenProbs> = probs
        .iter()
        .map(|p| {
            let mut g = [0f32; 10];
            g[0] = p[0] + p[10..].iter().sum::<f32>();
            g[1..].copy_from_slice(&p[1..10]);
            g
        })
        .collect();
    let fixed = repair::repair_sized(shape, &given_probs);
    let entry_odds = writes.then(|| if rendered { 1.0 } else { fill_odds(&probs) });
    let solution = fixed.solution.clone();
    let mut cells = Vec::with_capacity(probs.len());
    let mut givens = vec![0u8; probs.len()];
    let mut entries = vec![0u8; probs.len()];
    let mut uncertain = Vec::new();
    for (i, p) in probs.iter().enumerate() {
        let cell = cell_of(i);
        let mut order: Vec<usize> = (0..CLASSES).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let confidence = p[order[0]];
        let reweighed = weighed.contains(&i) && argmax(&model_probs[i]) != order[0];
        let repaired = fixed.changed.contains(&i);
        let (digit, kind) = settle_cell(
            p,
            fixed.givens[i],
            solution.as_ref().map(|s| s[i]),
            entry_odds,
        );
        let settled_otherwise = (digit, kind) != class_reading(order[0]);
        let corrected = repaired || reweighed || settled_otherwise;
        let disagrees =
            kind == CellKind::Handwritten && solution.as_ref().is_some_and(|s| s[i] != digit);
        let class = usize::from(digit) + 9;
        let likely_mistake =
            disagrees && p[class].min(model_probs[i][class]) >= super::MISTAKE_SURE;
        let unsure = corrected || confidence < UNCERTAIN_BELOW || disagrees || doubted.contains(&i);
        if unsure {
            uncertain.push(cell);
        }
        match kind {
            CellKind::Printed => givens[i] = digit,
            CellKind::Handwritten => entries[i] = digit,
            CellKind::Empty => {}
        }
        // the next readings the shape allows: a 4x4's cell offers no 7
        let alternatives = alternatives(&order, p, digits);
        cells.push(CellReading {
            cell,
            digit,
            kind,
            confidence,
            alternatives,
            uncertain: unsure,
            corrected,
            likely_mistake,
        });
    }
    let grid_of = |values: Vec<u8>| {
        ShapedGrid::new(shape.clone(), values).unwrap_or_else(|| ShapedGrid::empty(shape.clone()))
    };
    // the 9x9 verdict's grids are its empty view here: the solution is the shaped one
    let verdict = match fixed.solutions {
        0 => Verdict::NoSolution {
            conflicts: Vec::new(),
            dead_end: None,
        },
        1 => Verdict::Unique(Grid::empty()),
        _ => Verdict::Multiple(Box::new([Grid::empty(), Grid::empty()])),
    };
    ImportResult {
        shaped_givens: grid_of(givens),
        shaped_entries: grid_of(entries),
        shaped_solution: solution.map(grid_of),
        givens: Grid::empty(),
        entries: Grid::empty(),
        solution: None,
        shape: shape.clone(),
        regions: None,
        width,
        height,
        corners,
        orientation: 0,
        cells,
        verdict,
        uncertain,
        timings_ms: Timings::default(),
    }
}

/// The most likely class of `p`.
fn argmax(p: &[f32; CLASSES]) -> usize {
    (0..CLASSES)
        .max_by(|&a, &b| p[a].total_cmp(&p[b]))
        .unwrap_or(0)
}
