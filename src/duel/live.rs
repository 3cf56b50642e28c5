//! Whether any sound step is left for Pip: a shortcut that spares a Master
//! a search that can only come back empty.
//!
//! A sound step removes only candidates that no completion of the grid
//! holds, and places only a value that every completion holds. So when each
//! candidate of Pip's notes is in some completion and no hole is down to one
//! candidate, no technique at all can find a step. On a grid with many
//! completions (a player's grid for Pip often has them) that is the usual
//! state when Pip is stuck, and the full rule engine, nested forcing chains
//! included, takes seconds to establish it (about 40 s in a debug build on
//! a 44-hole grid, against milliseconds for this check). The check gives
//! Pip no knowledge: when it says "no step", the search would have found
//! none; when it cannot tell (a candidate in no completion, or a search
//! over budget), Pip searches as usual.
//!
//! The completions are found by a depth-first search over Pip's notes
//! (fewest candidates first, each value placed removed from its peers);
//! each completion found marks all its values live at once, so a grid with
//! many completions needs few searches.

use crate::grid::Cell;
use crate::logic::Pencilmarks;

/// Search nodes allowed per call: far more than a grid with completions
/// needs; past it the check gives up and Pip searches as usual.
const BUDGET: u32 = 200_000;

/// `true` when no sound step can exist in `marks`: every hole has two
/// candidates or more, and each candidate is in some completion.
pub(crate) fn no_step_possible(marks: &Pencilmarks) -> bool {
    let mut cands = [0u16; 81];
    for cell in Cell::ALL {
        if marks.value(cell) == 0 {
            let bits = marks.cands(cell).bits();
            if bits.count_ones() < 2 {
                return false;
            }
            cands[cell.index()] = bits;
        }
    }
    let mut live = [0u16; 81];
    let mut budget = BUDGET;
    for cell in Cell::ALL {
        let i = cell.index();
        for d in 0..9 {
            let bit = 1u16 << d;
            if cands[i] & bit == 0 || live[i] & bit != 0 {
                continue;
            }
            let Some(mut trial) = with_value(&cands, cell, bit) else {
                return false;
            };
            match complete(&mut trial, &mut budget) {
                Some(()) => {
                    for (l, t) in live.iter_mut().zip(trial.iter()) {
                        *l |= t;
                    }
                }
                None => return false,
            }
        }
    }
    true
}

/// `cands` with `bit` placed in `cell` and removed from its peers, and so
/// on for each peer left with a single candidate; `None` when a hole is
/// left with none.
fn with_value(cands: &[u16; 81], cell: Cell, bit: u16) -> Option<[u16; 81]> {
    let mut next = *cands;
    next[cell.index()] = bit;
    let mut placed = vec![(cell, bit)];
    while let Some((cell, bit)) = placed.pop() {
        for p in cell.peers() {
            let c = &mut next[p.index()];
            if *c & bit != 0 {
                *c &= !bit;
                match c.count_ones() {
                    0 => return None,
                    1 => placed.push((*p, *c)),
                    _ => {}
                }
            }
        }
    }
    Some(next)
}

/// Completes `cands` in place (every hole down to one candidate, peers
/// distinct); `None` when no completion exists or the budget runs out.
/// Cells outside the holes hold 0 and are left alone.
fn complete(cands: &mut [u16; 81], budget: &mut u32) -> Option<()> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    // The open hole with the fewest candidates (a value placed is a single
    // candidate, already removed from its peers).
    let mut best: Option<(usize, u32)> = None;
    for (i, &c) in cands.iter().enumerate() {
        let n = c.count_ones();
        if n >= 2 && best.is_none_or(|(_, m)| n < m) {
            best = Some((i, n));
        }
    }
    // Every hole down to one candidate, each propagated to its peers: a
    // completion.
    let Some((i, _)) = best else {
        return Some(());
    };
    let cell = Cell::ALL[i];
    let mut rest = cands[i];
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= !bit;
        if let Some(mut next) = with_value(cands, cell, bit) {
            if complete(&mut next, budget).is_some() {
                *cands = next;
                return Some(());
            }
        }
        if *budget == 0 {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn marks(text: &str) -> Pencilmarks {
        Pencilmarks::from_grid(&Grid::parse(text).unwrap())
    }

    #[test]
    fn a_grid_with_one_completion_always_has_a_step() {
        // One completion: every hole's other candidates are in none.
        let m = marks(crate::test_puzzles::HARD_17);
        assert!(!no_step_possible(&m));
    }

    #[test]
    fn an_empty_grid_has_no_step_and_a_dead_candidate_means_one_may_exist() {
        let mut m = Pencilmarks::from_grid(&Grid::empty());
        assert!(
            no_step_possible(&m),
            "every candidate is in some completion"
        );
        // Rule 1 out of the first row but r1c1 and r1c2, and out of the
        // first column but r1c1: r1c1 must hold it, so r1c2's 1 is in no
        // completion and a step exists (a hidden single).
        for c in 2..9 {
            m.eliminate(Cell::new(0, c), 1);
        }
        for r in 1..9 {
            m.eliminate(Cell::new(r, 0), 1);
        }
        assert!(!no_step_possible(&m));
    }

    #[test]
    fn a_hole_down_to_one_candidate_is_a_step() {
        let mut m = Pencilmarks::from_grid(&Grid::empty());
        for d in 2..=9 {
            m.eliminate(Cell::new(4, 4), d);
        }
        assert!(!no_step_possible(&m));
    }
}
