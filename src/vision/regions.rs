//! A jigsaw's regions, from the thick lines between its cells.
//!
//! Algorithm: on the upright canonical grid, each of the 144 inner edges
//! between two neighbouring cells gets an ink weight: across the edge, the
//! darkness below the paper summed over a band a few pixels wide, the
//! median of that over the middle of the edge (a digit's stroke seldom
//! comes near a cell's side, and the median leaves out one that does).
//! A line's weight grows with its thickness. The 144 weights are split in
//! two where they step up, the heavy edges weighing clearly more than the
//! light ones ([`heavy_line_regions`]). Cells joined across light edges
//! form the regions: nine of nine cells each, laid out other than
//! the classic's boxes, is a jigsaw. A classic grid's heavy edges are its
//! box lines, and name no jigsaw.

use super::cells::{CELL, GRID};
use image::GrayImage;

/// Pixels each side of an edge's line summed across it: a heavy line and
/// its blur, short of the digits.
const HALF_BAND: u32 = 5;
/// The least ratio of heavy to light edges' median weights: a heavy line
/// is printed two or three times a thin one's width.
const MIN_RATIO: f32 = 1.5;

/// An inner edge: between cell `a` and the cell to its right or below.
#[derive(Clone, Copy, Debug)]
struct Edge {
    a: usize,
    b: usize,
}

/// The 144 inner edges, the 72 vertical ones first.
fn inner_edges() -> Vec<Edge> {
    let mut edges = Vec::with_capacity(144);
    for r in 0..9 {
        for c in 0..8 {
            edges.push(Edge {
                a: r * 9 + c,
                b: r * 9 + c + 1,
            });
        }
    }
    for r in 0..8 {
        for c in 0..9 {
            edges.push(Edge {
                a: r * 9 + c,
                b: (r + 1) * 9 + c,
            });
        }
    }
    edges
}

/// The ink weight of `edge` in the upright canonical grid `warped`.
fn edge_weight(warped: &GrayImage, edge: Edge) -> f32 {
    let vertical = edge.b == edge.a + 1;
    let (r, c) = ((edge.a / 9) as u32, (edge.a % 9) as u32);
    // the line's position across, and the cell's extent along it
    let (line, along0) = if vertical {
        ((c + 1) * CELL, r * CELL)
    } else {
        ((r + 1) * CELL, c * CELL)
    };
    let pixel = |across: u32, along: u32| -> f32 {
        let (x, y) = if vertical {
            (across, along)
        } else {
            (along, across)
        };
        f32::from(warped.get_pixel(x.min(GRID - 1), y.min(GRID - 1))[0])
    };
    let mut sums: Vec<f32> = (along0 + CELL / 4..along0 + CELL - CELL / 4)
        .map(|along| {
            let band: Vec<f32> = (line - HALF_BAND..=line + HALF_BAND)
                .map(|across| pixel(across, along))
                .collect();
            // the paper is the darker of the two sides' own: where one cell is shaded and
            // its neighbour not, the step between them is no ink
            let side = |v: &[f32]| v.iter().copied().fold(0.0, f32::max);
            let paper = side(&band[..2]).min(side(&band[band.len() - 2..]));
            band.iter().map(|v| (paper - v).max(0.0)).sum()
        })
        .collect();
    sums.sort_by(f32::total_cmp);
    sums[sums.len() / 2]
}

/// The least ratio between the lightest heavy edge and the heaviest light
/// one at a split worth trying.
const MIN_STEP: f32 = 1.2;

/// Nine regions of nine cells have at least 36 inner edges between them
/// (each region's perimeter is at least 12, a 3x3 square's, and 36 of the
/// 108 are the grid's border) and at most 72 (each region holds at least 8
/// edges, joining its cells).
const HEAVY_EDGES: std::ops::RangeInclusive<usize> = 36..=72;

/// The regions the heavy lines of `warped` enclose, each cell's region
/// numbered 0 to 8 in reading order of their first cells, when they are
/// nine regions of nine cells; `None` otherwise (no clear heavy lines, or
/// lines that enclose no proper set of regions).
///
/// The edges' weights, sorted, are split where they step up most (by
/// ratio) with a possible number of heavy edges on the heavy side; each
/// such step, steepest first, is tried until one encloses proper regions.
/// Light lines may weigh in two or three groups (a line a pixel off the
/// canonical place, JPEG's ringing beside a shaded cell), so the
/// steepest step alone could split the light lines.
pub(crate) fn heavy_line_regions(warped: &GrayImage) -> Option<Vec<u8>> {
    let edges = inner_edges();
    let weights: Vec<f32> = edges.iter().map(|&e| edge_weight(warped, e)).collect();
    let mut sorted = weights.clone();
    sorted.sort_by(f32::total_cmp);
    let n = sorted.len();
    let mut steps: Vec<(f32, usize)> = (n - HEAVY_EDGES.end()..=n - HEAVY_EDGES.start())
        .map(|k| (sorted[k] / sorted[k - 1].max(1.0), k))
        .filter(|&(ratio, k)| {
            let (light, heavy) = sorted.split_at(k);
            ratio >= MIN_STEP && heavy[heavy.len() / 2] >= MIN_RATIO * light[light.len() / 2]
        })
        .collect();
    steps.sort_by(|a, b| b.0.total_cmp(&a.0));
    steps.into_iter().find_map(|(_, k)| {
        let threshold = (sorted[k - 1] + sorted[k]) / 2.0;
        regions_within(&edges, &weights, threshold)
    })
}

/// The regions of cells joined across edges lighter than `threshold`,
/// when they are nine of nine cells.
fn regions_within(edges: &[Edge], weights: &[f32], threshold: f32) -> Option<Vec<u8>> {
    let mut parent: Vec<usize> = (0..81).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (edge, &w) in edges.iter().zip(weights) {
        if w < threshold {
            let (ra, rb) = (root(&mut parent, edge.a), root(&mut parent, edge.b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut numbers = [u8::MAX; 81];
    let mut regions = vec![0u8; 81];
    let mut sizes = [0usize; 9];
    let mut next = 0u8;
    for (i, region) in regions.iter_mut().enumerate() {
        let r = root(&mut parent, i);
        if numbers[r] == u8::MAX {
            if next == 9 {
                return None;
            }
            numbers[r] = next;
            next += 1;
        }
        *region = numbers[r];
        sizes[usize::from(*region)] += 1;
    }
    (next == 9 && sizes.iter().all(|&s| s == 9)).then_some(regions)
}

/// Whether `regions` (numbered as [`heavy_line_regions`] numbers them) are
/// the classic's boxes.
pub(crate) fn are_boxes(regions: &[u8]) -> bool {
    (0..81).all(|i| {
        let (r, c) = (i / 9, i % 9);
        usize::from(regions[i]) == (r / 3) * 3 + c / 3
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// A canonical grid on paper of 235: thin lines 1 px, heavy lines 3 px
    /// between cells of different `regions`, a digit's stroke in every other
    /// cell, and a light falling by `gradient` across it.
    pub(crate) fn drawn(regions: &[u8], gradient: f32) -> GrayImage {
        GrayImage::from_fn(GRID, GRID, |x, y| {
            let (r, c) = ((y / CELL) as usize, (x / CELL) as usize);
            let (u, v) = (x % CELL, y % CELL);
            let region = |r: usize, c: usize| regions[r.min(8) * 9 + c.min(8)];
            let heavy_left = c == 0 || region(r, c - 1) != region(r, c);
            let heavy_top = r == 0 || region(r - 1, c) != region(r, c);
            let heavy_right = c == 8 || region(r, c + 1) != region(r, c);
            let heavy_bottom = r == 8 || region(r + 1, c) != region(r, c);
            let line = (u < 1)
                || (heavy_left && u < 2)
                || (heavy_right && u >= CELL - 1)
                || (v < 1)
                || (heavy_top && v < 2)
                || (heavy_bottom && v >= CELL - 1);
            let stroke = (r * 9 + c) % 2 == 0 && (14..18).contains(&u) && (7..25).contains(&v);
            let level = if line || stroke { 25.0 } else { 235.0 };
            Luma([(level - gradient * x as f32 / GRID as f32).clamp(0.0, 255.0) as u8])
        })
    }

    fn boxes() -> Vec<u8> {
        (0..81)
            .map(|i| ((i / 9) / 3 * 3 + (i % 9) / 3) as u8)
            .collect()
    }

    const JIGSAW: &str =
        "111122333111222333441255336441255366477225669478885699478785699477785699478885699";

    fn jigsaw() -> Vec<u8> {
        JIGSAW.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn heavy_lines_give_a_jigsaw_s_regions() {
        for gradient in [0.0, 40.0] {
            let regions = heavy_line_regions(&drawn(&jigsaw(), gradient)).expect("a jigsaw");
            assert_eq!(
                regions,
                crate::grid::regions_in_reading_order(&jigsaw()),
                "gradient {gradient}"
            );
            assert!(!are_boxes(&regions));
        }
    }

    #[test]
    fn a_classic_s_heavy_lines_are_its_boxes() {
        let regions = heavy_line_regions(&drawn(&boxes(), 0.0)).expect("boxes");
        assert!(are_boxes(&regions));
    }

    #[test]
    fn lines_all_alike_enclose_no_regions() {
        let every_cell_its_own: Vec<u8> = vec![0; 81];
        assert_eq!(heavy_line_regions(&drawn(&every_cell_its_own, 0.0)), None);
    }
}
