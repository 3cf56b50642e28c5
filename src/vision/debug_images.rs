//! The pipeline's stages as PNG files (`import --debug-dir`): the ink masks, the candidate
//! outlines, the warped grid and the model's input tiles. Written only when asked for, and
//! never a reason for an import to fail.

use super::cells::{self, normalize_tile, CELL};
use super::detect::{InkLevel, OutlineCandidate};
use super::error::ImportError;
use super::evidence::GridEvidence;
use super::ops;
use image::GrayImage;
use serde::Serialize;
use std::path::Path;

/// Where the debug images go, if anywhere.
pub(crate) struct DebugImages<'a> {
    dir: Option<&'a Path>,
}

impl<'a> DebugImages<'a> {
    /// Creates the folder when one is given.
    pub fn new(dir: Option<&'a Path>) -> Result<DebugImages<'a>, ImportError> {
        if let Some(d) = dir {
            // the folder's fault, not the photo's: say which folder
            std::fs::create_dir_all(d).map_err(|error| ImportError::DebugDir {
                dir: d.to_path_buf(),
                error,
            })?;
        }
        Ok(DebugImages { dir })
    }

    pub fn save(&self, name: &str, img: &GrayImage) {
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

    /// What detection saw: each ink mask it looked at, the candidate outlines with their
    /// scores (`candidates.json`: the chosen index, then the list) and drawn on the
    /// detection image (reduced `factor` times from `gray`).
    pub fn detection(
        &self,
        gray: &GrayImage,
        factor: u32,
        masks: &[(InkLevel, GrayImage)],
        cands: &[OutlineCandidate],
        chosen: Option<usize>,
    ) {
        if self.dir.is_none() {
            return;
        }
        for (level, mask) in masks {
            let name = match level {
                InkLevel::Normal => "threshold.png",
                InkLevel::Faint => "threshold-faint.png",
                InkLevel::Pale => "threshold-pale.png",
            };
            self.save(name, mask);
        }
        self.save_json("candidates.json", &(chosen, cands));
        let small = ops::downscale_box(gray, factor);
        self.save("candidates.png", &draw_outlines(&small, cands, chosen));
    }
}

impl DebugImages<'_> {
    /// How plainly the chosen outline's lines show (`evidence.json`), and whether that makes
    /// it a grid.
    pub fn evidence(&self, evidence: &GridEvidence) {
        self.save_json("evidence.json", &(evidence.is_grid(), evidence));
    }

    /// The lattice (`(side + 1)²` points, row-major, in `flat`'s pixels) drawn over the
    /// detection image `flat` (`lattice.png`): its lines black, from crossing to crossing.
    pub fn lattice(&self, flat: &GrayImage, lattice: &[(f64, f64)]) {
        if self.dir.is_none() {
            return;
        }
        let mut img = flat.clone();
        let n = (lattice.len() as f64).sqrt().round() as usize;
        for i in 0..n {
            for j in 0..n - 1 {
                for (a, b) in [(i * n + j, i * n + j + 1), (j * n + i, (j + 1) * n + i)] {
                    let (p, q) = (lattice[a], lattice[b]);
                    imageproc::drawing::draw_line_segment_mut(
                        &mut img,
                        (p.0 as f32, p.1 as f32),
                        (q.0 as f32, q.1 as f32),
                        image::Luma([0]),
                    );
                }
            }
        }
        self.save("lattice.png", &img);
    }
}

/// The model inputs (81 of a classic) side by side, ink dark, with a 2-pixel grey gap between
/// tiles.
pub(crate) fn tiles_mosaic(warped: &GrayImage) -> GrayImage {
    let tiles = cells::grid_tiles(warped);
    let n = cells::cells_a_side(warped);
    let gap = 2;
    let side = n * (CELL + gap);
    let mut out = GrayImage::from_pixel(side, side, image::Luma([128]));
    for (i, t) in tiles.iter().enumerate() {
        let x = normalize_tile(t);
        let (r, c) = (i as u32 / n, i as u32 % n);
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

/// The candidate outlines drawn over `small`: the chosen one white, the others black.
fn draw_outlines(
    small: &GrayImage,
    cands: &[OutlineCandidate],
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
