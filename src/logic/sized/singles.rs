//! Singles on any shape: a house's last empty cell, a value's one place
//! in a house, a cell's one candidate.

use super::marks::{values_of, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::logic::Technique;

pub fn full_house(s: &SizedMarks) -> Option<SizedStep> {
    (0..s.house_count()).find_map(|h| {
        let mut empty = s.house_cells(h).iter().filter(|&&c| s.value(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            return None;
        };
        let mut values = values_of(s.candidates(cell));
        let (Some(v), None) = (values.next(), values.next()) else {
            return None;
        };
        let pattern = SizedPattern::FullHouse { house: s.unit(h) };
        Some(SizedStep::placing(
            Technique::FullHouse,
            pattern,
            SizedCandidate::new(cell, v),
        ))
    })
}

pub fn hidden_single(s: &SizedMarks) -> Option<SizedStep> {
    for h in 0..s.house_count() {
        for v in 1..=s.side() as u8 {
            if s.placed_in(h, v) {
                continue;
            }
            let places = s.places(h, v);
            if places.count() == 1 {
                let cell = places.iter().next()?;
                let pattern = SizedPattern::HiddenSingle { house: s.unit(h) };
                return Some(SizedStep::placing(
                    Technique::HiddenSingle,
                    pattern,
                    SizedCandidate::new(cell, v),
                ));
            }
        }
    }
    None
}

pub fn naked_single(s: &SizedMarks) -> Option<SizedStep> {
    (0..s.cell_count() as u16).find_map(|cell| {
        let mask = s.candidates(cell);
        (mask.count_ones() == 1).then(|| {
            let v = mask.trailing_zeros() as u8 + 1;
            SizedStep::placing(
                Technique::NakedSingle,
                SizedPattern::NakedSingle,
                SizedCandidate::new(cell, v),
            )
        })
    })
}
