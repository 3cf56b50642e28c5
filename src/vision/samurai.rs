//! A samurai: five 9x9 grids in a cross, the centre grid's four corner boxes each shared with
//! one outer grid, on a plane of 21 x 21 cells whose four holes (three cells wide, six deep,
//! one in the middle of each side) are bare paper.
//!
//! Finding it: the cross's ink is one connected structure whose extreme points along the
//! diagonals are the plane's four outer corners, so the classic's candidate outlines already
//! hold them. An outline is taken for a samurai's plane when, seen flat as 21 x 21 cells, its
//! holes hold no ink and the lines of its covered cells show ([`plane_fit`]): a plain grid
//! fails at once, its own lines crossing where the holes would be. The plane's homography then
//! places the five grids, each refined by its own lines as a classic is
//! ([`super::refine`]), and each must show them ([`GridEvidence::is_joined_grid`]).
//!
//! Reading it: each grid warped and read as a classic; the centre grid, read first, says which
//! way is up, and the outer grids take its turn. A shared box is read twice, once in each of
//! its grids: the two readings are averaged, and a cell they read differently is asked about.
//! The whole shape's rules then repair the givens ([`super::sizes::settle_readings`]).

use super::classify::{read_turned, read_upright, ClassifiedGrid};
use super::debug_images::DebugImages;
use super::detect::OutlineCandidate;
use super::error::ImportError;
use super::geometry::{canonical_to_image, Quad};
use super::model::{class_reading, DigitModel, CLASSES};
use super::orientation::ALL_TURNS;
use super::pipeline::{lattice_from_outline, warp_cells, DetectionView};
use super::refine::Lattice;
use super::sizes::{settle_readings, Readings};
use super::{appearance, ms, ImportResult, Timings};
use crate::grid::{Cell, Shape};
use image::GrayImage;
use std::time::Instant;

/// Canonical pixels a cell of the plane is sampled at when an outline is tried as a samurai's:
/// enough to tell a cell's middle from its lines, few enough to cost well under a millisecond.
const PLANE_CELL: f64 = 8.0;

/// The most ink (share of the points sampled in the middle halves of the holes' cells) a
/// samurai's holes may hold: bare paper holds none, while a plain grid's lines and digits
/// cross where the holes would be. Chosen on the development pages (`tests/it/vision/
/// samurai.rs`, DejaVu fonts, never the test's): every samurai's plane held none, the other
/// outlines of those photos (a grid, a few rows) 0.024 at least.
const MAX_HOLE_INK: f32 = 0.02;

/// The least share of the covered cells' line points where ink shows, for an outline to be a
/// samurai's plane: a samurai's lines fall on the plane's, a plain grid's mostly between them.
/// Chosen on the same pages: the samurai's planes showed 0.66 to 0.90, the outlines that were
/// none 0.48 at most with holes inked; about the midpoint.
const MIN_PLANE_LINES: f32 = 0.55;

/// How an outline fits as a samurai's plane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlaneFit {
    /// The share of ink in the middle halves of the holes' cells.
    pub hole_ink: f32,
    /// The share of the covered cells' line points that are ink.
    pub line_cover: f32,
}

impl PlaneFit {
    fn is_samurai(&self) -> bool {
        self.hole_ink <= MAX_HOLE_INK && self.line_cover >= MIN_PLANE_LINES
    }
}

/// The samurai shape.
pub(crate) fn samurai_shape() -> Option<Shape> {
    Shape::parse_name("samurai").ok()
}

/// How `corners` (an outline in the pixels of the ink mask `ink`, clockwise from the top-left)
/// fit as the plane of `shape`, seen flat at [`PLANE_CELL`] pixels a cell: the ink in the
/// middle half of each uncovered cell, and on the lines of the covered cells (a point counts
/// when ink lies within one canonical pixel across the line, for the outline's error).
pub(crate) fn plane_fit(ink: &GrayImage, corners: &Quad, shape: &Shape) -> Option<PlaneFit> {
    let (rows, cols) = shape.plane_size();
    let h = canonical_to_image(corners, 1.0)?;
    // the unit square maps onto the outline: plane cells to unit coordinates
    let (w, ht) = (f64::from(ink.width()), f64::from(ink.height()));
    let inked = |x: f64, y: f64| {
        let (sx, sy) = h.apply((
            x / (cols as f64 * PLANE_CELL),
            y / (rows as f64 * PLANE_CELL),
        ));
        sx >= 0.0 && sy >= 0.0 && sx < w && sy < ht && ink.get_pixel(sx as u32, sy as u32)[0] > 0
    };
    let covered = |r: usize, c: usize| shape.cell_at(r, c).is_some();
    let (mut hole_hits, mut hole_points) = (0u32, 0u32);
    for r in 0..rows {
        for c in 0..cols {
            if covered(r, c) {
                continue;
            }
            let (x0, y0) = (c as f64 * PLANE_CELL, r as f64 * PLANE_CELL);
            for dy in 2..6 {
                for dx in 2..6 {
                    hole_points += 1;
                    hole_hits += u32::from(inked(x0 + f64::from(dx), y0 + f64::from(dy)));
                }
            }
        }
    }
    let (mut line_hits, mut line_points) = (0u32, 0u32);
    // line k across (down), over column (row) c, is the samurai's when a cell on either side
    // of it is covered; `u` runs along the line, `v` is where it lies
    for across in [true, false] {
        let (lines, along) = if across { (rows, cols) } else { (cols, rows) };
        let cell = |k: usize, c: usize| if across { covered(k, c) } else { covered(c, k) };
        let hit = |u: f64, v: f64| if across { inked(u, v) } else { inked(v, u) };
        for k in 0..=lines {
            for c in 0..along {
                let beside = (k > 0 && cell(k - 1, c)) || (k < lines && cell(k, c));
                if !beside {
                    continue;
                }
                let v = k as f64 * PLANE_CELL;
                for t in 0..PLANE_CELL as u32 {
                    let u = c as f64 * PLANE_CELL + f64::from(t) + 0.5;
                    line_points += 1;
                    line_hits += u32::from([-1.0, 0.0, 1.0].iter().any(|d| hit(u, v + d)));
                }
            }
        }
    }
    Some(PlaneFit {
        hole_ink: hole_hits as f32 / hole_points.max(1) as f32,
        line_cover: line_hits as f32 / line_points.max(1) as f32,
    })
}

/// A samurai located in a photo.
pub(crate) struct SamuraiGrids {
    /// Its plane's outer corners, original-image pixels, clockwise from the top-left as the
    /// photo shows it.
    pub plane: Quad,
    /// The lattice of each grid, in the order of [`Shape::grids`] as the photo shows them.
    pub grids: Vec<Lattice>,
}

/// Looks for a samurai among the classic's candidate outlines `cands` (in the pixels of
/// `view` and of its ink mask `ink`): the largest outline that fits as its plane
/// ([`plane_fit`]), whose five grids each show their lines once refined. `None` when the photo
/// shows none, as a plain grid's does.
pub(crate) fn locate(
    view: &DetectionView,
    cands: &[OutlineCandidate],
    ink: &GrayImage,
    debug: &DebugImages,
) -> Result<Option<SamuraiGrids>, ImportError> {
    let Some(shape) = samurai_shape() else {
        return Ok(None);
    };
    let mut order: Vec<&OutlineCandidate> = cands.iter().collect();
    order.sort_by(|a, b| b.area.total_cmp(&a.area));
    let Some(plane) = order
        .into_iter()
        .map(|c| c.corners)
        .find(|corners| plane_fit(ink, corners, &shape).is_some_and(|f| f.is_samurai()))
    else {
        return Ok(None);
    };
    let (rows, cols) = shape.plane_size();
    let Some(h) = canonical_to_image(&plane, 1.0) else {
        return Ok(None);
    };
    let at = |r: usize, c: usize| h.apply((c as f64 / cols as f64, r as f64 / rows as f64));
    let mut grids = Vec::with_capacity(shape.grids().len());
    for place in shape.grids() {
        let (r, c) = (3 * place.top, 3 * place.left);
        let quad = [at(r, c), at(r, c + 9), at(r + 9, c + 9), at(r + 9, c)];
        let (lattice, evidence) = lattice_from_outline(view, &quad, false, debug, 9)?;
        if !evidence.is_joined_grid() {
            return Ok(None);
        }
        grids.push(lattice);
    }
    let f = f64::from(view.factor);
    Ok(Some(SamuraiGrids {
        plane: plane.map(|(x, y)| ((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5)),
        grids,
    }))
}

/// Where a grid placed at `(top, left)` boxes lies once a plane of `boxes` boxes a side is
/// turned clockwise by `quarter_turns`: each quarter turn sends box row `t`, column `l` of a
/// grid three boxes a side to row `l`, column `boxes - 3 - t`.
fn turned_place((top, left): (usize, usize), boxes: usize, quarter_turns: u8) -> (usize, usize) {
    (0..quarter_turns % 4).fold((top, left), |(t, l), _| (l, boxes - 3 - t))
}

/// The most likely class of `p`.
fn argmax(p: &[f32; CLASSES]) -> usize {
    (0..CLASSES)
        .max_by(|&a, &b| p[a].total_cmp(&p[b]))
        .unwrap_or(0)
}

/// Reads the samurai `found` in `gray`: each grid warped and read (the centre grid first,
/// for the turn that makes the cross upright), its glyphs weighed, the readings of each cell
/// gathered in the shape's reading order (a shared cell's two averaged, doubted when they
/// differ), then settled by the samurai's rules.
pub(crate) fn read(
    gray: &GrayImage,
    found: &SamuraiGrids,
    model: &DigitModel,
    tm: &mut Timings,
    start: Instant,
    rendered: bool,
) -> Result<ImportResult, ImportError> {
    let shape = samurai_shape().ok_or(ImportError::NoGrid)?;
    let places = shape.grids();
    let t = Instant::now();
    let warped: Vec<GrayImage> = found.grids.iter().map(|l| warp_cells(gray, l)).collect();
    tm.warp = ms(t);
    let boxes = shape.plane_size().0 / 3;
    let centre = places
        .iter()
        .position(|p| turned_place((p.top, p.left), boxes, 1) == (p.top, p.left))
        .ok_or(ImportError::NoGrid)?;
    let first = read_upright(&warped[centre], model, tm, rendered, &ALL_TURNS)?;
    let q = first.quarter_turns;
    let mut read: Vec<Option<ClassifiedGrid>> = (0..places.len()).map(|_| None).collect();
    read[centre] = Some(first);
    for (p, w) in warped.iter().enumerate() {
        if p != centre {
            read[p] = Some(read_turned(w, model, tm, q)?);
        }
    }
    let t = Instant::now();
    let n = shape.cell_count();
    let mut looks: Vec<Vec<([f32; CLASSES], [f32; CLASSES])>> = vec![Vec::new(); n];
    let mut weighed = Vec::new();
    for (p, grid) in read.into_iter().enumerate() {
        let Some(grid) = grid else { continue };
        let (top, left) = turned_place((places[p].top, places[p].left), boxes, q);
        let mut probs = grid.probs.clone();
        let reweighed = if rendered {
            Vec::new()
        } else {
            appearance::weigh_kinds(&grid.warped, &mut probs)
        };
        for (k, (read, weighed_read)) in grid.probs.iter().zip(&probs).enumerate() {
            let Some(i) = shape.cell_at(3 * top + k / 9, 3 * left + k % 9) else {
                continue;
            };
            looks[i].push((*read, *weighed_read));
            if reweighed.contains(&k) {
                weighed.push(i);
            }
        }
    }
    let mean = |v: &mut dyn Iterator<Item = [f32; CLASSES]>| {
        let (mut sum, mut count) = ([0f32; CLASSES], 0f32);
        for p in v {
            sum.iter_mut().zip(p).for_each(|(s, x)| *s += x);
            count += 1.0;
        }
        sum.map(|s| s / count.max(1.0))
    };
    let mut doubted = Vec::new();
    let mut model_probs = Vec::with_capacity(n);
    let mut probs = Vec::with_capacity(n);
    for (i, l) in looks.iter().enumerate() {
        // a shared cell's two readings that name different digits or kinds: a question
        if l.iter()
            .any(|(_, p)| class_reading(argmax(p)) != class_reading(argmax(&l[0].1)))
        {
            doubted.push(i);
        }
        model_probs.push(mean(&mut l.iter().map(|x| x.0)));
        probs.push(mean(&mut l.iter().map(|x| x.1)));
    }
    let cell_of = |i: usize| {
        shape
            .grids_of(i)
            .first()
            .map_or(Cell::default(), |&(_, r, c)| {
                Cell::new(usize::from(r), usize::from(c))
            })
    };
    let plane = found.plane;
    let corners: [[f64; 2]; 4] = std::array::from_fn(|i| {
        let p = plane[(i + 4 - usize::from(q)) % 4];
        [p.0, p.1]
    });
    let readings = Readings {
        model_probs,
        probs,
        weighed,
        doubted,
    };
    let mut result = settle_readings(
        &shape,
        readings,
        cell_of,
        gray.dimensions(),
        corners,
        rendered,
    );
    result.orientation = u16::from(q) * 90;
    tm.rules = ms(t);
    tm.total = ms(start);
    result.timings_ms = tm.clone();
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_moves_each_outer_grid_to_the_next_corner() {
        // a samurai's plane is seven boxes a side; its grids at (0,0), (0,4), (2,2), (4,0), (4,4)
        assert_eq!(turned_place((0, 0), 7, 1), (0, 4));
        assert_eq!(turned_place((0, 4), 7, 1), (4, 4));
        assert_eq!(turned_place((4, 4), 7, 1), (4, 0));
        assert_eq!(turned_place((2, 2), 7, 3), (2, 2));
        assert_eq!(turned_place((0, 0), 7, 2), (4, 4));
    }

    #[test]
    fn a_plain_grid_is_no_samurai_plane_and_a_drawn_cross_is() {
        let shape = samurai_shape().unwrap();
        let cell = 20u32;
        let side = 21 * cell + 40;
        let square: Quad = [
            (20.0, 20.0),
            (f64::from(20 + 21 * cell), 20.0),
            (f64::from(20 + 21 * cell), f64::from(20 + 21 * cell)),
            (20.0, f64::from(20 + 21 * cell)),
        ];
        // the cross's lines, ink 255 on paper 0
        let mut cross = GrayImage::new(side, side);
        let mut plain = GrayImage::new(side, side);
        for y in 0..21 * cell + 1 {
            for x in 0..21 * cell + 1 {
                let (r, c) = ((y / cell).min(20) as usize, (x / cell).min(20) as usize);
                let on_line = x % cell == 0 || y % cell == 0;
                let near = |rr: i64, cc: i64| {
                    rr >= 0 && cc >= 0 && shape.cell_at(rr as usize, cc as usize).is_some()
                };
                let (ri, ci) = (r as i64, c as i64);
                let covered = near(ri, ci)
                    || (x % cell == 0 && near(ri, ci - 1))
                    || (y % cell == 0 && near(ri - 1, ci));
                if on_line && covered {
                    cross.put_pixel(x + 20, y + 20, image::Luma([255]));
                }
                // a plain 9x9 grid over the same square
                let k = 21 * cell / 9;
                if x % k == 0 || y % k == 0 {
                    plain.put_pixel(x + 20, y + 20, image::Luma([255]));
                }
            }
        }
        let fit = plane_fit(&cross, &square, &shape).unwrap();
        assert!(fit.is_samurai(), "{fit:?}");
        let fit = plane_fit(&plain, &square, &shape).unwrap();
        assert!(!fit.is_samurai(), "{fit:?}");
    }
}
