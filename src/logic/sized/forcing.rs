//! Forcing chains on any shape, the last resort: a supposition followed
//! through the singles it forces, each one a forced deduction (never a
//! guess). A cell forcing chain places a value that every candidate of a
//! cell leads to; a contradiction removes a candidate whose supposition
//! leaves a cell or a house with nothing.

use super::marks::{values_of, Broken, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use super::trim::needed_for_break;
use crate::logic::Technique;

/// Where a supposition leads: the singles it forces, in order, and how
/// it breaks the grid if it does, else the position it ends on.
pub(super) struct Followed {
    pub placed: Vec<SizedCandidate>,
    pub broken: Option<Broken>,
    pub end: Option<SizedMarks>,
}

/// Places `supposed`, then every naked and hidden single in turn until
/// none is left or the grid breaks.
pub(super) fn follow(s: &SizedMarks, supposed: SizedCandidate) -> Followed {
    settle(s.clone(), vec![supposed], Some(supposed))
}

/// Places the `pending` singles on `m`, then every naked and hidden single
/// they lead to, until none is left or the grid breaks. Every placement
/// but `supposed` is told.
pub(super) fn settle(
    mut m: SizedMarks,
    mut pending: Vec<SizedCandidate>,
    supposed: Option<SizedCandidate>,
) -> Followed {
    let mut placed = Vec::new();
    let broke = |placed, broken| Followed {
        placed,
        broken: Some(broken),
        end: None,
    };
    loop {
        while let Some(c) = pending.pop() {
            if m.value(c.cell) != 0 || !m.has(c.cell, c.value) {
                if m.value(c.cell) != c.value {
                    // Two singles want one cell, or a value took its place.
                    let broken = m.broken().unwrap_or(Broken::NoCandidate(c.cell));
                    return broke(placed, broken);
                }
                continue;
            }
            m.place(c.cell, c.value);
            if Some(c) != supposed {
                placed.push(c);
            }
            for p in m.peers(c.cell).iter() {
                let left = m.candidates(p);
                if m.value(p) == 0 && left.count_ones() <= 1 {
                    match values_of(left).next() {
                        Some(v) => pending.push(SizedCandidate::new(p, v)),
                        None => return broke(placed, Broken::NoCandidate(p)),
                    }
                }
            }
        }
        if let Some(broken) = m.broken() {
            return broke(placed, broken);
        }
        // Hidden singles: per house, the values among one open cell's
        // candidates only (and not written yet), smallest first.
        for h in 0..m.house_count() {
            let (mut once, mut twice, mut written) = (0u32, 0u32, 0u32);
            for &c in m.house_cells(h) {
                match m.value(c) {
                    0 => {
                        let k = m.candidates(c);
                        twice |= once & k;
                        once |= k;
                    }
                    v => written |= 1 << (v - 1),
                }
            }
            for v in values_of(once & !twice & !written) {
                if let Some(&c) = m.house_cells(h).iter().find(|&&c| m.has(c, v)) {
                    pending.push(SizedCandidate::new(c, v));
                }
            }
        }
        if pending.is_empty() {
            return Followed {
                placed,
                broken: None,
                end: Some(m),
            };
        }
    }
}

/// The cells to suppose in first: the fewest candidates first, so the
/// chains found have the fewest branches.
pub(super) fn by_candidates(s: &SizedMarks, most: u32) -> Vec<u16> {
    let mut cells: Vec<u16> = (0..s.cell_count() as u16)
        .filter(|&c| (2..=most).contains(&s.candidates(c).count_ones()))
        .collect();
    cells.sort_by_key(|&c| s.candidates(c).count_ones());
    cells
}

/// Every candidate of one cell (two or three) forces the same placement:
/// it is true, whichever the cell holds.
pub fn cell_forcing(s: &SizedMarks) -> Option<SizedStep> {
    let mut best: Option<SizedStep> = None;
    let mut best_len = usize::MAX;
    for cell in by_candidates(s, 3) {
        let mut branches = Vec::new();
        for v in values_of(s.candidates(cell)) {
            let f = follow(s, SizedCandidate::new(cell, v));
            if f.broken.is_some() {
                branches.clear();
                break;
            }
            branches.push((SizedCandidate::new(cell, v), f.placed));
        }
        let Some(((_, first), rest)) = branches.split_first() else {
            continue;
        };
        // The common placement reached soonest in the longest branch.
        let target = first
            .iter()
            .filter(|c| rest.iter().all(|(_, b)| b.contains(c)))
            .min_by_key(|c| {
                branches
                    .iter()
                    .map(|(_, b)| b.iter().position(|x| x == *c).unwrap_or(usize::MAX))
                    .max()
            });
        let Some(&target) = target else {
            continue;
        };
        let cut: Vec<(SizedCandidate, Vec<SizedCandidate>)> = branches
            .iter()
            .map(|(supposed, b)| {
                let end = b
                    .iter()
                    .position(|x| *x == target)
                    .map_or(b.len(), |i| i + 1);
                (*supposed, b[..end].to_vec())
            })
            .collect();
        let len = cut.iter().map(|(_, b)| b.len()).max().unwrap_or(0);
        if len < best_len {
            best_len = len;
            let pattern = SizedPattern::CellForcing {
                cell,
                branches: cut,
                target,
            };
            best = Some(SizedStep::placing(
                Technique::CellForcingChain,
                pattern,
                target,
            ));
        }
    }
    best
}

/// A candidate whose supposition breaks the grid is false. Candidates of
/// the cells with fewest candidates are tried first, and of those the
/// chain with the fewest placements wins.
pub fn contradiction(s: &SizedMarks) -> Option<SizedStep> {
    let mut best: Option<(SizedCandidate, Followed)> = None;
    for cell in by_candidates(s, s.side() as u32) {
        for v in values_of(s.candidates(cell)) {
            let supposed = SizedCandidate::new(cell, v);
            let f = follow(s, supposed);
            let shorter = best
                .as_ref()
                .is_none_or(|(_, b)| f.placed.len() < b.placed.len());
            if f.broken.is_some() && shorter {
                best = Some((supposed, f));
            }
        }
        // A short chain on a cell of few candidates is the one to tell.
        if best.is_some() && s.candidates(cell).count_ones() > 2 {
            break;
        }
    }
    let (supposed, f) = best?;
    let broken = f.broken?;
    let pattern = SizedPattern::Contradiction {
        supposed,
        placed: needed_for_break(s, supposed, &f.placed, broken),
        broken,
    };
    Some(SizedStep::eliminating(
        Technique::Contradiction,
        pattern,
        vec![supposed],
    ))
}
