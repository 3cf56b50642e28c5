//! The replay that checks a told chain: from the grid the chain starts in,
//! the supposition, then each said fact in turn, which must be forced (a
//! single) when its turn comes, down to the chain's end. It also finds
//! which earlier facts each single rests on, for Pip's "with".

use super::super::chains::node;
use super::super::pattern::{Candidate, Chain, Contradiction, Premise, Why};
use super::super::pencilmarks::{cells_of, Pencilmarks};

/// A fact a chain says: a placement, or (with `nested`) a candidate that a
/// smaller contradiction, the step's chain of that index, removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Said {
    pub(crate) cand: Candidate,
    pub(crate) nested: Option<usize>,
}

/// Who removed a candidate during a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum By {
    /// The grid the chain starts from.
    Start,
    Premise,
    Fact(usize),
}

/// How a chain ends: in a broken grid, or with a conclusion holding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    Broken,
    Holds { cand: Candidate, on: bool },
}

/// Why each said fact holds and what the end rests on, by a replay.
pub(super) struct Outcome {
    pub(super) reasons: Vec<(Why, Vec<(Candidate, By)>)>,
    pub(super) end: Option<Contradiction>,
    pub(super) end_by: Vec<(Candidate, By)>,
}

pub(super) struct Replay<'a> {
    pub(super) start: &'a Pencilmarks,
    pub(super) st: Pencilmarks,
    pub(super) by: Vec<By>,
}

impl<'a> Replay<'a> {
    /// The grid `start` with `premise` supposed (placed, or removed), every
    /// other candidate standing as at the start.
    pub(super) fn supposing(start: &'a Pencilmarks, premise: Premise) -> Replay<'a> {
        let mut r = Replay {
            start,
            st: start.clone(),
            by: vec![By::Start; 729],
        };
        if premise.on {
            r.place(premise.candidate, By::Premise);
        } else {
            r.remove(premise.candidate, By::Premise);
        }
        r
    }

    pub(super) fn remove(&mut self, c: Candidate, who: By) {
        if self.st.has(c.cell, c.digit) {
            self.st.eliminate(c.cell, c.digit);
            self.by[node(c.cell, c.digit)] = who;
        }
    }

    pub(super) fn place(&mut self, c: Candidate, who: By) {
        for d in self.st.cands(c.cell).iter() {
            if d != c.digit {
                self.remove(Candidate::new(c.cell, d), who);
            }
        }
        for o in cells_of(self.st.digit_mask(c.digit) & self.st.peer_mask(c.cell)) {
            self.remove(Candidate::new(o, c.digit), who);
        }
        self.st.place(c.cell, c.digit);
    }

    /// Who removed each of `cands` (those of the start grid only).
    pub(super) fn removers(&self, cands: impl Iterator<Item = Candidate>) -> Vec<(Candidate, By)> {
        cands
            .map(|c| (c, self.by[node(c.cell, c.digit)]))
            .filter(|(_, b)| *b != By::Start)
            .collect()
    }

    /// Why `c` is forced now (the reason resting on the fewest facts), or
    /// `None` when it is not.
    fn forced(&self, c: Candidate) -> Option<(Why, Vec<(Candidate, By)>)> {
        if !self.st.has(c.cell, c.digit) {
            return None;
        }
        let mut best: Option<(Why, Vec<(Candidate, By)>)> = None;
        let mut consider = |why: Why, by: Vec<(Candidate, By)>| {
            let n = distinct(&by);
            if best.as_ref().is_none_or(|b| n < distinct(&b.1)) {
                best = Some((why, by));
            }
        };
        if self.st.cands(c.cell).len() == 1 {
            let others = self.start.cands(c.cell).iter().filter(|&d| d != c.digit);
            consider(
                Why::LastCandidate,
                self.removers(others.map(|d| Candidate::new(c.cell, d))),
            );
        }
        for &u in self.st.units_of(c.cell) {
            if self.st.in_unit(c.digit, u) == 1u128 << c.cell.index() {
                let others = cells_of(self.start.in_unit(c.digit, u)).filter(|&o| o != c.cell);
                consider(
                    Why::LastPlace(u),
                    self.removers(others.map(|o| Candidate::new(o, c.digit))),
                );
            }
        }
        best
    }

    /// Where the grid is broken (the break resting on the fewest facts).
    fn broken(&self) -> Option<(Contradiction, Vec<(Candidate, By)>)> {
        let mut best: Option<(Contradiction, Vec<(Candidate, By)>)> = None;
        let mut consider = |why: Contradiction, by: Vec<(Candidate, By)>| {
            let n = distinct(&by);
            if best.as_ref().is_none_or(|b| n < distinct(&b.1)) {
                best = Some((why, by));
            }
        };
        let open = self.start.open_mask();
        for cell in cells_of(open) {
            if self.st.value(cell) == 0 && self.st.cands(cell).is_empty() {
                let all = self.start.cands(cell).iter();
                consider(
                    Contradiction::EmptyCell { cell },
                    self.removers(all.map(|d| Candidate::new(cell, d))),
                );
            }
        }
        for &unit in self.st.units() {
            for digit in 1..=9 {
                let placed = self
                    .st
                    .unit_cells(unit)
                    .iter()
                    .any(|&c| self.st.value(c) == digit);
                if !placed && self.st.in_unit(digit, unit) == 0 {
                    let all = cells_of(self.start.in_unit(digit, unit));
                    consider(
                        Contradiction::NoPlace { unit, digit },
                        self.removers(all.map(|c| Candidate::new(c, digit))),
                    );
                }
            }
        }
        best
    }
}

/// How many facts (the premise counted once) a reason rests on.
fn distinct(by: &[(Candidate, By)]) -> usize {
    let mut v: Vec<By> = by.iter().map(|b| b.1).collect();
    v.sort();
    v.dedup();
    v.len()
}

/// Replays `said` from `start` under `premise`: every fact must be forced
/// when its turn comes (a nested one, its smaller contradiction must break
/// the grid), and the end must be reached. `inner` holds what the nested
/// chains say, by chain index.
pub(super) fn replay(
    start: &Pencilmarks,
    premise: Premise,
    said: &[Said],
    end: End,
    inner: &[Vec<Said>],
    chains: &[Chain],
) -> Option<Outcome> {
    let mut r = Replay {
        start,
        st: start.clone(),
        by: vec![By::Start; 729],
    };
    if premise.on {
        if !r.st.has(premise.candidate.cell, premise.candidate.digit) {
            return None;
        }
        r.place(premise.candidate, By::Premise);
    } else {
        r.remove(premise.candidate, By::Premise);
    }
    let mut reasons = Vec::with_capacity(said.len());
    for (i, s) in said.iter().enumerate() {
        match s.nested {
            Some(k) => {
                let sub = chains.get(k)?;
                let p = sub.premise?;
                if p.candidate != s.cand || !r.st.has(s.cand.cell, s.cand.digit) {
                    return None;
                }
                replay(&r.st, p, inner.get(k)?, End::Broken, inner, chains)?;
                r.remove(s.cand, By::Fact(i));
                reasons.push((Why::Nested(k), Vec::new()));
            }
            None => {
                let why = r.forced(s.cand)?;
                r.place(s.cand, By::Fact(i));
                reasons.push(why);
            }
        }
    }
    match end {
        End::Broken => {
            let (why, by) = r.broken()?;
            Some(Outcome {
                reasons,
                end: Some(why),
                end_by: by,
            })
        }
        End::Holds { cand, on } => {
            let holds = if on {
                r.st.value(cand.cell) == cand.digit
            } else {
                !r.st.has(cand.cell, cand.digit) && r.st.value(cand.cell) != cand.digit
            };
            holds.then(|| Outcome {
                reasons,
                end: None,
                end_by: if on {
                    Vec::new()
                } else {
                    r.removers(std::iter::once(cand))
                },
            })
        }
    }
}
