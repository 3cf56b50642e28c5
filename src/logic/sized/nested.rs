//! Nested contradictions on any shape, the last resort after the plain
//! ones: a supposition followed through its singles does not break the
//! grid by itself, but in the position it leads to, some candidates now
//! break it (each one a contradiction inside the supposition). Taking them
//! out lets the singles go on, until the grid breaks: the supposition was
//! false.
//!
//! Two depths. At depth 1, each candidate taken out inside the supposition
//! breaks the grid by singles alone. At depth 2 (tried only when depth 1
//! finds nothing), a candidate may also be taken out by a depth-1 nested
//! contradiction of its own, supposed inside the first supposition: the
//! hardest 16×16 X of the public collections needs it.
//!
//! Search: the suppositions on the cells with fewest candidates first;
//! inside each, passes over every candidate left, each asked with the
//! quick [`Probe`] (thousands of questions a step); at depth 2, once a pass
//! finds nothing more, one candidate of a cell with few candidates is
//! asked for a contradiction of its own, and the passes start again. The
//! first supposition that breaks is told, with only the cuts it needs:
//! each one is dropped in turn if the grid still breaks without it.

use super::forcing::{by_candidates, follow, settle, Followed};
use super::marks::{values_of, Broken, SizedMarks};
use super::probe::Probe;
use super::step::{NestedCut, SizedCandidate, SizedPattern, SizedStep};
use super::trim::needed_for_break;
use crate::logic::Technique;

/// The questions one depth-1 search may ask before it gives up. A hint is
/// waited for: this bounds the last resort to seconds on a 16×16, and it
/// is a count, not a clock, so the same grid always gets the same answer.
const MAX_QUESTIONS: u64 = 250_000;

/// The questions one depth-2 search may ask. Each candidate it asks about
/// costs a whole depth-1 search inside the supposition, so it needs more
/// than depth 1; the hardest puzzle of the public collections asks about
/// 4.5 million for its hardest step (`tests/it/shapes/collections.rs`).
const MAX_DEEP_QUESTIONS: u64 = 6_000_000;

/// At depth 2, the cells supposed (outside and inside) have at most this
/// many candidates: a supposition on a cell with few candidates is the one
/// a player would try, and it keeps the search to seconds.
const DEEP_CELL_CANDIDATES: u32 = 3;

/// A supposition that breaks the grid once the candidates it makes
/// impossible by singles are taken out.
pub fn nested_contradiction(s: &SizedMarks) -> Option<SizedStep> {
    Search::new(MAX_QUESTIONS).find(s, 1)
}

/// A supposition that breaks the grid once the candidates it makes
/// impossible, by singles or by a nested contradiction of their own, are
/// taken out: the engine's very last resort.
pub fn deep_contradiction(s: &SizedMarks) -> Option<SizedStep> {
    Search::new(MAX_DEEP_QUESTIONS).find(s, 2)
}

/// One search's questions, counted against its budget.
pub(super) struct Search {
    probe: Probe,
    budget: u64,
}

impl Search {
    pub(super) fn new(budget: u64) -> Self {
        Search {
            probe: Probe::default(),
            budget,
        }
    }

    fn spent(&self) -> bool {
        self.probe.asked() > self.budget
    }

    /// The first supposition of `s` that breaks with cuts of at most
    /// `depth`, told.
    fn find(&mut self, s: &SizedMarks, depth: u8) -> Option<SizedStep> {
        for cell in by_candidates(s, supposed_cells(s, depth)) {
            for v in values_of(s.candidates(cell)) {
                if self.spent() {
                    return None;
                }
                let supposed = SizedCandidate::new(cell, v);
                let Some(cuts) = self.breaking_cuts(s, supposed, depth) else {
                    continue;
                };
                // The trimming replays what was found: it must not run
                // out of questions half-way and keep a cut it needs.
                self.budget = u64::MAX;
                let cuts = self.needed(s, supposed, cuts, depth);
                return told(s, supposed, &cuts).map(|t| {
                    let pattern = SizedPattern::NestedContradiction {
                        supposed,
                        placed: t.placed,
                        cuts: t.cuts,
                        broken: t.broken,
                    };
                    SizedStep::eliminating(Technique::NestedForcingChain, pattern, vec![supposed])
                });
            }
        }
        None
    }

    /// The candidates excluded inside `supposed`, in order, until its
    /// position breaks; `None` when it never does (or breaks by singles
    /// alone: a plain contradiction, told by its own finder).
    fn breaking_cuts(
        &mut self,
        s: &SizedMarks,
        supposed: SizedCandidate,
        depth: u8,
    ) -> Option<Vec<SizedCandidate>> {
        self.cuts_until_break(follow(s, supposed).end?, depth)
    }

    /// Cuts of at most `depth` taken from `m`, in order, until it breaks.
    /// Depth-1 cuts first, in passes until one finds nothing; then a single
    /// deeper cut, and the passes again.
    fn cuts_until_break(&mut self, mut m: SizedMarks, depth: u8) -> Option<Vec<SizedCandidate>> {
        let mut cuts = Vec::new();
        'passes: loop {
            for level in 1..=depth {
                let mut found = false;
                for inner in by_candidates(&m, supposed_cells(&m, level)) {
                    if self.spent() {
                        return None;
                    }
                    for w in values_of(m.candidates(inner)) {
                        let excluded = SizedCandidate::new(inner, w);
                        if !m.has(inner, w) || !self.impossible(&m, excluded, level) {
                            continue;
                        }
                        cuts.push(excluded);
                        found = true;
                        match exclude(m, excluded) {
                            Some(next) => m = next,
                            None => return Some(cuts),
                        }
                        if level > 1 {
                            // The position changed: the cheap cuts first again.
                            continue 'passes;
                        }
                    }
                }
                if found {
                    continue 'passes;
                }
            }
            return None;
        }
    }

    /// Whether `x` cannot hold in `m`: its singles break the grid, or, at
    /// depth 2, its position breaks with depth-1 cuts.
    fn impossible(&mut self, m: &SizedMarks, x: SizedCandidate, depth: u8) -> bool {
        if depth <= 1 {
            return self.probe.breaks(m, x);
        }
        match follow(m, x).end {
            None => true,
            Some(after) => self.cuts_until_break(after, depth - 1).is_some(),
        }
    }

    /// Whether `m`, with `cuts` excluded in order (each one impossible
    /// when it comes), ends in a broken grid.
    pub(super) fn replay_breaks(
        &mut self,
        mut m: SizedMarks,
        cuts: &[SizedCandidate],
        depth: u8,
    ) -> bool {
        for &cut in cuts {
            if !self.impossible(&m, cut, depth) {
                return false;
            }
            match exclude(m, cut) {
                Some(next) => m = next,
                None => return true,
            }
        }
        false
    }

    /// The cuts the contradiction needs: each dropped, last first, when the
    /// grid still breaks without it. The position before each cut does not
    /// change when a later one is dropped, so only the cuts kept after it
    /// are replayed: at depth 2 each replayed cut is a search of its own.
    pub(super) fn needed(
        &mut self,
        s: &SizedMarks,
        supposed: SizedCandidate,
        mut cuts: Vec<SizedCandidate>,
        depth: u8,
    ) -> Vec<SizedCandidate> {
        let Some(mut m) = follow(s, supposed).end else {
            return Vec::new();
        };
        let mut before = Vec::with_capacity(cuts.len());
        for &cut in &cuts {
            before.push(m.clone());
            match exclude(m, cut) {
                Some(next) => m = next,
                None => break,
            }
        }
        cuts.truncate(before.len());
        for i in (0..before.len()).rev() {
            if self.replay_breaks(before[i].clone(), &cuts[i + 1..], depth) {
                cuts.remove(i);
            }
        }
        cuts
    }
}

/// The cells a search at `depth` supposes in: any at depth 1, those with
/// few candidates deeper.
fn supposed_cells(m: &SizedMarks, depth: u8) -> u32 {
    if depth <= 1 {
        m.side() as u32
    } else {
        DEEP_CELL_CANDIDATES
    }
}

/// `m` without `excluded`, its singles followed.
fn settled_without(mut m: SizedMarks, excluded: SizedCandidate) -> Followed {
    m.eliminate(excluded.cell, excluded.value);
    let left = m.candidates(excluded.cell);
    let pending = match values_of(left).next() {
        None => {
            return Followed {
                placed: Vec::new(),
                broken: Some(Broken::NoCandidate(excluded.cell)),
                end: None,
            }
        }
        Some(v) if left.count_ones() == 1 => vec![SizedCandidate::new(excluded.cell, v)],
        Some(_) => Vec::new(),
    };
    settle(m, pending, None)
}

/// `m` without `excluded`, its singles followed; `None` when that breaks
/// the grid.
fn exclude(m: SizedMarks, excluded: SizedCandidate) -> Option<SizedMarks> {
    settled_without(m, excluded).end
}

/// A supposition as it is told: its singles, its cuts, and how it breaks.
struct Told {
    placed: Vec<SizedCandidate>,
    cuts: Vec<NestedCut>,
    broken: Broken,
}

/// The supposition of `supposed` in `s`, told as the player follows it:
/// its singles, then each excluded candidate with why it cannot hold and
/// the singles its exclusion forces, then how the grid breaks. A cut that
/// singles alone do not break is told as a supposition of its own, with
/// the cuts it needs.
fn told(s: &SizedMarks, supposed: SizedCandidate, cuts: &[SizedCandidate]) -> Option<Told> {
    let first = follow(s, supposed);
    let mut m = first.end?;
    let mut told_cuts = Vec::new();
    for &excluded in cuts {
        let inner = follow(&m, excluded);
        let (placed, inner_cuts, broken) = match (inner.broken, inner.end) {
            (Some(broken), _) => (
                needed_for_break(&m, excluded, &inner.placed, broken),
                Vec::new(),
                broken,
            ),
            (None, Some(after)) => {
                let mut search = Search::new(u64::MAX);
                let found = search.cuts_until_break(after, 1)?;
                let found = search.needed(&m, excluded, found, 1);
                let t = told(&m, excluded, &found)?;
                (t.placed, t.cuts, t.broken)
            }
            (None, None) => return None,
        };
        let then = settled_without(m, excluded);
        told_cuts.push(NestedCut {
            excluded,
            placed,
            inner: inner_cuts,
            broken,
            then: then.placed,
        });
        if let Some(broken) = then.broken {
            return Some(Told {
                placed: first.placed,
                cuts: told_cuts,
                broken,
            });
        }
        m = then.end?;
    }
    None
}
