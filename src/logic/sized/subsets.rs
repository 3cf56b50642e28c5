//! Naked and hidden subsets (pairs to quads) in any house.

use super::marks::{bit, values_of, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use super::{first_combination, subset_technique};

/// `k` empty cells of a house holding `k` values between them: those
/// values leave the house's other cells.
pub fn naked(s: &SizedMarks, k: usize) -> Option<SizedStep> {
    for h in 0..s.house_count() {
        let open: Vec<u16> = s
            .house_cells(h)
            .iter()
            .copied()
            .filter(|&c| (2..=k as u32).contains(&s.candidates(c).count_ones()))
            .collect();
        let found = first_combination(&open, k, |cells| {
            let union = cells.iter().fold(0u32, |m, &c| m | s.candidates(c));
            if union.count_ones() as usize != k {
                return None;
            }
            let eliminations: Vec<SizedCandidate> = s
                .house_cells(h)
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| {
                    values_of(s.candidates(c) & union).map(move |v| SizedCandidate::new(c, v))
                })
                .collect();
            (!eliminations.is_empty()).then(|| {
                let pattern = SizedPattern::Subset {
                    house: s.unit(h),
                    cells: cells.to_vec(),
                    values: values_of(union).collect(),
                    hidden: false,
                };
                SizedStep::eliminating(subset_technique(k, false), pattern, eliminations)
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `k` values of a house with only `k` places between them: those cells
/// hold nothing else.
pub fn hidden(s: &SizedMarks, k: usize) -> Option<SizedStep> {
    for h in 0..s.house_count() {
        let open: Vec<u8> = (1..=s.side() as u8)
            .filter(|&v| (2..=k as u32).contains(&s.places(h, v).count()))
            .collect();
        let found = first_combination(&open, k, |values| {
            let places = values
                .iter()
                .fold(super::marks::CellBits::EMPTY, |m, &v| m.or(s.places(h, v)));
            if places.count() as usize != k {
                return None;
            }
            let keep = values.iter().fold(0u32, |m, &v| m | bit(v));
            let eliminations: Vec<SizedCandidate> = places
                .iter()
                .flat_map(|c| {
                    values_of(s.candidates(c) & !keep).map(move |v| SizedCandidate::new(c, v))
                })
                .collect();
            (!eliminations.is_empty()).then(|| {
                let pattern = SizedPattern::Subset {
                    house: s.unit(h),
                    cells: places.iter().collect(),
                    values: values.to_vec(),
                    hidden: true,
                };
                SizedStep::eliminating(subset_technique(k, true), pattern, eliminations)
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
