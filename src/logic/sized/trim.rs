//! The placements a chain needs: a supposition's singles run on until none
//! is left, and most of them have nothing to do with how the grid breaks.
//! Only those the break depends on are told.
//!
//! Algorithm: the placements are replayed in order from the start
//! position, remembering which placement took each candidate out (the
//! premise counts as one). A placement is there because its cell lost
//! every other candidate (a naked single) or because every other place of
//! its value in a house was lost (a hidden single): its reasons are the
//! placements that took those out, the shorter of the two explanations
//! kept. The break's reasons are found the same way; the placements
//! reached from them, back to the premise, are the ones told, in their
//! order.

use super::marks::{values_of, Broken, SizedMarks};
use super::step::SizedCandidate;
use std::collections::HashMap;

/// Who took a candidate out: a placement's index, or the premise.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    Premise,
    Placement(usize),
}

/// The placements of `placed` (forced in this order from `start` by
/// `premise`) that the grid's `broken` state depends on, in order. When
/// some reason cannot be traced, every placement is kept.
pub(super) fn needed_for_break(
    start: &SizedMarks,
    premise: SizedCandidate,
    placed: &[SizedCandidate],
    broken: Broken,
) -> Vec<SizedCandidate> {
    let mut replay = Replay {
        start,
        m: start.clone(),
        removed_by: HashMap::new(),
    };
    replay.place(premise, By::Premise);
    let mut reasons = Vec::with_capacity(placed.len());
    for (i, &c) in placed.iter().enumerate() {
        let Some(why) = replay.why_placed(c) else {
            return placed.to_vec();
        };
        reasons.push(why);
        replay.place(c, By::Placement(i));
    }
    let Some(mut pending) = replay.why_broken(broken) else {
        return placed.to_vec();
    };
    let mut needed = vec![false; placed.len()];
    while let Some(by) = pending.pop() {
        if let By::Placement(i) = by {
            if !needed[i] {
                needed[i] = true;
                pending.extend(reasons[i].iter().copied());
            }
        }
    }
    placed
        .iter()
        .zip(needed)
        .filter_map(|(&c, keep)| keep.then_some(c))
        .collect()
}

struct Replay<'a> {
    start: &'a SizedMarks,
    m: SizedMarks,
    removed_by: HashMap<(u16, u8), By>,
}

impl Replay<'_> {
    fn place(&mut self, c: SizedCandidate, by: By) {
        for w in values_of(self.m.candidates(c.cell)) {
            if w != c.value {
                self.removed_by.entry((c.cell, w)).or_insert(by);
            }
        }
        for p in self.m.peers(c.cell).iter() {
            if self.m.has(p, c.value) {
                self.removed_by.entry((p, c.value)).or_insert(by);
            }
        }
        self.m.place(c.cell, c.value);
    }

    /// Who took out every one of `lost`, those the start still had.
    fn removers(&self, lost: impl Iterator<Item = (u16, u8)>) -> Option<Vec<By>> {
        lost.filter(|&(cell, v)| self.start.has(cell, v))
            .map(|key| self.removed_by.get(&key).copied())
            .collect()
    }

    /// Why `c` is forced now: the shorter of its naked and hidden reasons.
    fn why_placed(&self, c: SizedCandidate) -> Option<Vec<By>> {
        let others = values_of(self.start.candidates(c.cell))
            .filter(|&w| w != c.value)
            .map(|w| (c.cell, w));
        let naked = self.removers(others);
        let hidden = self.m.geometry().houses_of[usize::from(c.cell)]
            .iter()
            .filter_map(|&h| {
                let rest = self.m.house_cells(usize::from(h)).iter();
                let lost = rest.filter(|&&x| x != c.cell).map(|&x| (x, c.value));
                self.removers(lost)
            })
            .min_by_key(Vec::len);
        match (naked, hidden) {
            (Some(a), Some(b)) if b.len() < a.len() => Some(b),
            (Some(a), _) => Some(a),
            (None, b) => b,
        }
    }

    fn why_broken(&self, broken: Broken) -> Option<Vec<By>> {
        match broken {
            Broken::NoCandidate(cell) => {
                let all = values_of(self.start.candidates(cell)).map(|w| (cell, w));
                self.removers(all)
            }
            Broken::NoPlace { house, value } => {
                let h = (0..self.m.house_count()).find(|&h| self.m.unit(h) == house)?;
                let cells = self.m.house_cells(h).iter().map(|&x| (x, value));
                self.removers(cells)
            }
        }
    }
}
