//! Which rules a photo's grid is read with: the classic's, or a variant's
//! that the print shows and that gives the givens their one solution.
//!
//! What a newspaper prints for each: X-Sudoku shades its two diagonals,
//! Hyper its four windows (`shading.rs` names both); a jigsaw draws its
//! regions in heavy lines (`regions.rs`); an odd/even Sudoku shades the
//! cells that hold even digits (or odd ones, as its legend says, which the
//! photo's grid does not show). A variant is taken only when its rules make
//! the givens a proper puzzle: print that merely looks like one (alternate
//! boxes shaded, a shadow, an app's highlighted row) gives no variant's
//! puzzle a single solution. Odd/even, whose shading could be anything, is
//! tried only when the classic reading is not a proper puzzle, and only
//! when exactly one of its two readings (shaded even, shaded odd) is.

use super::regions;
use super::repair::{self, GivenProbs, Repair};
use super::shading;
use crate::grid::{Parity, Shape, ShapeSpec};
use image::GrayImage;

/// The givens of the upright canonical grid `warped`, repaired by the rules
/// of the shape its print shows (see the module's notes), and that shape;
/// with the jigsaw regions its heavy lines drew, if any, even when their
/// rules were not taken (the correction screen offers them to the player).
pub(crate) fn read_with_shape(
    warped: &GrayImage,
    probs: &[GivenProbs; 81],
) -> (Repair, Shape, Option<Vec<u8>>) {
    let regions = regions::heavy_line_regions(warped).filter(|r| !regions::are_boxes(r));
    let (repair, shape) = read_in_shape(warped, probs, regions.clone());
    (repair, shape, regions)
}

/// [`read_with_shape`] once the heavy lines are read.
fn read_in_shape(
    warped: &GrayImage,
    probs: &[GivenProbs; 81],
    regions: Option<Vec<u8>>,
) -> (Repair, Shape) {
    let shaded = shading::shaded_cells(&shading::paper_levels(warped));
    let named = shaded.as_deref().and_then(shading::variant_of);
    let base = ShapeSpec {
        diagonals: named.is_some_and(|n| n.diagonals),
        windows: named.is_some_and(|n| n.windows),
        regions,
        ..ShapeSpec::classic()
    };
    let proper = |spec: ShapeSpec| -> Option<(Repair, Shape)> {
        let shape = Shape::new(spec).ok()?;
        let repaired = repair::repair_givens_in(&shape, probs);
        repaired.verdict.is_unique().then_some((repaired, shape))
    };
    if base != ShapeSpec::classic() {
        if let Some(read) = proper(base.clone()) {
            return read;
        }
    }
    let classic = repair::repair_givens(probs);
    if classic.verdict.is_unique() {
        return (classic, Shape::classic());
    }
    // a shading no house's pattern explains: odd/even, if exactly one parity makes a puzzle
    if let (Some(shaded), None) = (shaded, named) {
        if !shades_alternate_boxes(&shaded) {
            let by_parity = |shaded_even| {
                proper(ShapeSpec {
                    parity: Some(Parity {
                        shaded: shaded.clone(),
                        shaded_even,
                    }),
                    ..base.clone()
                })
            };
            match (by_parity(true), by_parity(false)) {
                (Some(read), None) | (None, Some(read)) => return read,
                _ => {}
            }
        }
    }
    (classic, Shape::classic())
}

/// Whether `shaded` is every other box, as some papers print a classic.
fn shades_alternate_boxes(shaded: &[bool]) -> bool {
    let in_odd_box = |i: usize| ((i / 9) / 3 + (i % 9) / 3) % 2 == 1;
    let off = |odd: bool| {
        (0..81)
            .filter(|&i| shaded[i] != (in_odd_box(i) == odd))
            .count()
    };
    off(true).min(off(false)) <= 4
}
