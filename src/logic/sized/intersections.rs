//! Intersections between any two houses that share two cells or more: a
//! box and a row, a diagonal and a box, a region and a column. When every
//! place of a value in one house (the base) lies in the other (the
//! cover), the value is taken from the rest of the cover.
//!
//! A base that is a box or a jigsaw region is told as Pointing, a line
//! (row, column, diagonal) as Claiming, as the 9×9 engine names them.

use super::marks::SizedMarks;
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::grid::Unit;
use crate::logic::Technique;

/// The easiest intersection: a pointing one before a claiming one.
pub fn intersection(s: &SizedMarks) -> Option<SizedStep> {
    let g = s.geometry();
    let mut claiming = None;
    for &(base, cover, crossing) in &g.crossings {
        let pointing = matches!(
            s.unit(base),
            Unit::Box(_) | Unit::Region(_) | Unit::Window(_)
        );
        if !pointing && claiming.is_some() {
            continue;
        }
        for v in 1..=s.side() as u8 {
            let places = s.places(base, v);
            if places.count() < 2 || !places.within(crossing) {
                continue;
            }
            let eliminations: Vec<SizedCandidate> = s
                .places(cover, v)
                .minus(places)
                .iter()
                .map(|c| SizedCandidate::new(c, v))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let pattern = SizedPattern::Intersection {
                value: v,
                base: s.unit(base),
                cover: s.unit(cover),
                cells: places.iter().collect(),
            };
            let technique = if pointing {
                Technique::Pointing
            } else {
                Technique::Claiming
            };
            let step = SizedStep::eliminating(technique, pattern, eliminations);
            if pointing {
                return Some(step);
            }
            claiming = Some(step);
            break;
        }
    }
    claiming
}
