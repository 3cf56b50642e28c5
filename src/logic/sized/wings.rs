//! XY-Wing and XYZ-Wing on the shape's peers.

use super::marks::{values_of, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::logic::Technique;

/// A pivot {x, y} (or {x, y, z} for the XYZ-Wing) seeing two pincers
/// {x, z} and {y, z}: one of the pincers (or the pivot) is z, so z leaves
/// every cell that sees them all.
pub fn wing(s: &SizedMarks, xyz: bool) -> Option<SizedStep> {
    let size = if xyz { 3 } else { 2 };
    let cells = s.cell_count() as u16;
    for pivot in 0..cells {
        let p = s.candidates(pivot);
        if p.count_ones() != size {
            continue;
        }
        let pincers: Vec<u16> = s
            .peers(pivot)
            .iter()
            .filter(|&c| {
                let m = s.candidates(c);
                m.count_ones() == 2
                    && (m & p).count_ones() == 1 + u32::from(xyz)
                    && (!xyz || m & !p == 0)
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (s.candidates(a), s.candidates(b));
                if ma == mb {
                    continue;
                }
                let z = ma & mb;
                if z.count_ones() != 1 || (!xyz && (ma | mb) & p != p) || (xyz && z & p == 0) {
                    continue;
                }
                if !xyz && (ma | mb) != p | z {
                    continue;
                }
                let Some(value) = values_of(z).next() else {
                    continue;
                };
                let mut seen = s.peers(a).and(s.peers(b));
                if xyz {
                    seen = seen.and(s.peers(pivot));
                }
                let eliminations: Vec<SizedCandidate> = seen
                    .iter()
                    .filter(|&c| c != pivot && s.has(c, value))
                    .map(|c| SizedCandidate::new(c, value))
                    .collect();
                if !eliminations.is_empty() {
                    let technique = if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    };
                    let pattern = SizedPattern::Wing {
                        pivot,
                        pincers: [a, b],
                        value,
                    };
                    return Some(SizedStep::eliminating(technique, pattern, eliminations));
                }
            }
        }
    }
    None
}
