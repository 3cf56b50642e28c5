//! Fish on any size: X-Wing, Swordfish and Jellyfish, with rows as the
//! base and columns as the cover, or the other way round.

use super::first_combination;
use super::marks::{CellBits, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::grid::Unit;
use crate::logic::Technique;

/// A fish of `k` base lines for one value: its places in `k` rows lie in
/// `k` columns (or in `k` rows for `k` columns), so the value leaves the
/// rest of the cover lines.
///
/// On overlapping grids the lines are every grid's, and the base lines
/// must share no cell (two rows of one grid never do; a row of the
/// top-left grid and one of the centre grid may): then they hold `k`
/// different places of the value, each cover line holds one of them, and
/// the value leaves the rest of the covers, whichever grids they cross.
pub fn fish(s: &SizedMarks, k: usize) -> Option<SizedStep> {
    let n = s.side();
    let g = s.geometry();
    for (bases, covers) in [(&g.rows, &g.cols), (&g.cols, &g.rows)] {
        for v in 1..=n as u8 {
            let lines: Vec<usize> = bases
                .iter()
                .copied()
                .filter(|&h| (2..=k as u32).contains(&s.places(h, v).count()))
                .collect();
            let found = first_combination(&lines, k, |base| {
                let apart = base.iter().enumerate().all(|(i, &a)| {
                    base[i + 1..]
                        .iter()
                        .all(|&b| g.house_bits[a].and(g.house_bits[b]).is_empty())
                });
                if !apart {
                    return None;
                }
                let corners = base
                    .iter()
                    .fold(CellBits::EMPTY, |m, &h| m.or(s.places(h, v)));
                let cover: Vec<usize> = covers
                    .iter()
                    .copied()
                    .filter(|&c| !s.places(c, v).and(corners).is_empty())
                    .collect();
                if cover.len() != k {
                    return None;
                }
                let eliminations: Vec<SizedCandidate> = cover
                    .iter()
                    .fold(CellBits::EMPTY, |m, &c| m.or(s.places(c, v)))
                    .minus(corners)
                    .iter()
                    .map(|c| SizedCandidate::new(c, v))
                    .collect();
                (!eliminations.is_empty()).then(|| {
                    let pattern = SizedPattern::Fish {
                        value: v,
                        base: base.iter().map(|&h| s.unit(h)).collect::<Vec<Unit>>(),
                        cover: cover.iter().map(|&h| s.unit(h)).collect(),
                        corners: corners.iter().collect(),
                    };
                    let technique = match k {
                        2 => Technique::XWing,
                        3 => Technique::Swordfish,
                        _ => Technique::Jellyfish,
                    };
                    SizedStep::eliminating(technique, pattern, eliminations)
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
