//! One supposition followed through its forced consequences, each fact
//! remembering what forced it, so a chain can be told link by link.

use super::super::chains::{cand, node};
use super::super::pattern::{Candidate, Chain, Contradiction, Link, LinkKind, Premise, Why};
use super::super::pencilmarks::{cells_of, Pencilmarks};
use crate::grid::Cell;
use crate::solver::ForcedSingles;

#[derive(Clone, Copy)]
pub(super) struct Fact {
    pub(super) node: u16,
    pub(super) on: bool,
    /// The fact that triggered this one (itself for the premise).
    pub(super) parent: u32,
    pub(super) why: Why,
}

/// Consequences of one supposition.
pub(super) struct Propagation {
    pub(super) facts: Vec<Fact>,
    /// Fact index + 1 per node for "true" and "false" (0: not derived).
    pub(super) on_at: Vec<u32>,
    pub(super) off_at: Vec<u32>,
    pub(super) contradiction: Option<(Contradiction, Vec<u32>)>,
    /// Candidates of the step's starting state, for explaining singles and
    /// dead ends.
    pub(super) start: Pencilmarks,
    /// For a nested supposition: the enclosing one's "false" facts, which
    /// this one may rely on.
    pub(super) outer_off: Option<Vec<u32>>,
    /// Nested facts and the enclosing facts their proof relied on.
    pub(super) extra: Vec<(u32, Vec<u32>)>,
    /// Proofs of the nested facts, by `Why::Nested` id.
    pub(super) subs: Vec<Chain>,
}

impl Propagation {
    pub(super) fn run(s: &Pencilmarks, premise: Candidate, on: bool) -> Propagation {
        Propagation::run_in(s, s.clone(), premise, on, 0, None)
    }

    /// Follows the supposition from `current` (the step's state is `start`);
    /// with `depth > 0`, when singles stall, each remaining candidate is
    /// tried with a supposition one level down, and those that break the
    /// grid are removed.
    pub(super) fn run_in(
        start: &Pencilmarks,
        current: Pencilmarks,
        premise: Candidate,
        on: bool,
        depth: u8,
        outer_off: Option<Vec<u32>>,
    ) -> Propagation {
        let mut p = Propagation {
            facts: Vec::with_capacity(256),
            on_at: vec![0; 729],
            off_at: vec![0; 729],
            contradiction: None,
            start: start.clone(),
            outer_off,
            extra: Vec::new(),
            subs: Vec::new(),
        };
        let mut st = current;
        p.push(node(premise.cell, premise.digit), on, 0, Why::Cell);
        let mut qi = 0;
        loop {
            while qi < p.facts.len() && p.contradiction.is_none() {
                let fi = qi as u32;
                qi += 1;
                p.process(&mut st, fi);
            }
            if p.contradiction.is_some() || depth == 0 || !p.nest(&mut st, depth) {
                break;
            }
        }
        p
    }

    pub(super) fn process(&mut self, st: &mut Pencilmarks, fi: u32) {
        let f = self.facts[fi as usize];
        let c = cand(f.node as usize);
        if !f.on {
            self.eliminate(st, c.cell, c.digit, fi, f.why);
            return;
        }
        if !st.has(c.cell, c.digit) {
            let off = self.off_fact(c.cell, c.digit).into_iter();
            self.contradiction = Some((
                Contradiction::Both { candidate: c },
                std::iter::once(fi).chain(off).collect(),
            ));
            return;
        }
        for d in st.cands(c.cell).iter() {
            if d != c.digit {
                self.eliminate(st, c.cell, d, fi, Why::Cell);
            }
        }
        for o in cells_of(st.digit_mask(c.digit) & st.peer_mask(c.cell)) {
            let unit = st.shared_unit(c.cell, o);
            self.eliminate(st, o, c.digit, fi, Why::Unit(unit));
        }
        st.place(c.cell, c.digit);
    }

    /// One round of nested suppositions; `true` when it removed something.
    pub(super) fn nest(&mut self, st: &mut Pencilmarks, depth: u8) -> bool {
        let mut progress = false;
        for c in premise_cands(st) {
            if !st.has(c.cell, c.digit) {
                continue;
            }
            // One level down is singles only: the bitboard check says
            // whether it breaks, and only then is it followed with reasons.
            if depth == 1 && breaks(st.forced_singles(), c, true).is_none() {
                continue;
            }
            let inner = Propagation::run_in(
                &self.start,
                st.clone(),
                c,
                true,
                depth - 1,
                Some(self.off_at.clone()),
            );
            let Some((why, reasons)) = inner.contradiction.clone() else {
                continue;
            };
            let (mut links, deps) = inner.explain(&reasons);
            adopt(&inner.subs, &mut links, &mut self.subs);
            self.subs.push(Chain {
                premise: Some(Premise {
                    candidate: c,
                    on: true,
                }),
                links,
                contradiction: Some(why),
                with: crate::grid::CellSet::EMPTY,
            });
            let parent = deps.iter().copied().max().unwrap_or(0);
            let id = self.subs.len() - 1;
            self.eliminate(st, c.cell, c.digit, parent, Why::Nested(id));
            if let Some(fi) = self.off_fact(c.cell, c.digit) {
                self.extra.push((fi, deps));
            }
            progress = true;
            if self.contradiction.is_some() {
                break;
            }
        }
        progress
    }

    pub(super) fn push(&mut self, n: usize, on: bool, parent: u32, why: Why) {
        let at = if on {
            &mut self.on_at
        } else {
            &mut self.off_at
        };
        if at[n] != 0 {
            return;
        }
        let idx = self.facts.len() as u32;
        at[n] = idx + 1;
        self.facts.push(Fact {
            node: n as u16,
            on,
            parent: if idx == 0 { 0 } else { parent },
            why,
        });
    }

    /// Removes a candidate and draws what follows: singles or a dead end.
    pub(super) fn eliminate(
        &mut self,
        st: &mut Pencilmarks,
        cell: Cell,
        digit: u8,
        parent: u32,
        why: Why,
    ) {
        if !st.has(cell, digit) {
            return;
        }
        st.eliminate(cell, digit);
        let n = node(cell, digit);
        if self.off_at[n] == 0 {
            self.push(n, false, parent, why);
        }
        let me = self.off_at[n] - 1;
        let cs = st.cands(cell);
        if cs.is_empty() {
            let reasons = self
                .start
                .cands(cell)
                .iter()
                .filter_map(|d| self.off_fact(cell, d))
                .collect();
            self.contradiction = Some((Contradiction::EmptyCell { cell }, reasons));
            return;
        }
        if let Some(last) = cs.single_digit() {
            self.push(node(cell, last), true, me, Why::LastCandidate);
        }
        for &u in st.units_of(cell) {
            let um = st.unit_mask(u);
            let here = st.digit_mask(digit) & um;
            if st.unit_cells(u).iter().any(|&c| st.value(c) == digit) {
                continue;
            }
            if here == 0 {
                let reasons = cells_of(self.start.digit_mask(digit) & um)
                    .filter_map(|c| self.off_fact(c, digit))
                    .collect();
                self.contradiction = Some((Contradiction::NoPlace { unit: u, digit }, reasons));
                return;
            }
            if here.count_ones() == 1 {
                let target = cells_of(here).next().unwrap_or(cell);
                self.push(node(target, digit), true, me, Why::LastPlace(u));
            }
        }
    }

    /// The fact that removed a candidate: this supposition's own, or, for a
    /// nested one, a marker `u32::MAX - i` for the enclosing fact `i`.
    pub(super) fn off_fact(&self, cell: Cell, digit: u8) -> Option<u32> {
        let n = node(cell, digit);
        let i = self.off_at[n];
        if i > 0 {
            return Some(i - 1);
        }
        let o = self.outer_off.as_ref()?[n];
        (o > 0).then(|| u32::MAX - (o - 1))
    }

    /// The links that lead to `targets`, with everything they rely on (the
    /// other candidates a single needed gone), in derivation order, and
    /// the enclosing facts they rely on.
    pub(super) fn explain(&self, targets: &[u32]) -> (Vec<Link>, Vec<u32>) {
        let n = self.facts.len() as u32;
        let mut needed = vec![false; self.facts.len()];
        let mut outer = Vec::new();
        let mut stack: Vec<u32> = targets.to_vec();
        while let Some(i) = stack.pop() {
            if i >= n {
                outer.push(u32::MAX - i);
                continue;
            }
            if needed[i as usize] {
                continue;
            }
            needed[i as usize] = true;
            let f = self.facts[i as usize];
            if i != 0 {
                stack.push(f.parent);
            }
            if let Some((_, deps)) = self.extra.iter().find(|(fi, _)| *fi == i) {
                stack.extend(deps.iter().copied());
            }
            if f.on {
                let c = cand(f.node as usize);
                match f.why {
                    Why::LastCandidate => {
                        for d in self.start.cands(c.cell).iter() {
                            if d != c.digit {
                                stack.extend(self.off_fact(c.cell, d));
                            }
                        }
                    }
                    Why::LastPlace(u) => {
                        let um = self.start.unit_mask(u);
                        for o in cells_of(self.start.digit_mask(c.digit) & um) {
                            if o != c.cell {
                                stack.extend(self.off_fact(o, c.digit));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        outer.sort_unstable();
        outer.dedup();
        let links = (1..self.facts.len())
            .filter(|&i| needed[i])
            .map(|i| {
                let f = self.facts[i];
                let kind = if f.on {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                };
                Link::new(
                    cand(self.facts[f.parent as usize].node as usize),
                    cand(f.node as usize),
                    kind,
                    f.why,
                )
            })
            .collect();
        (links, outer)
    }

    pub(super) fn fact_of(&self, n: usize, on: bool) -> Option<u32> {
        let i = if on { self.on_at[n] } else { self.off_at[n] };
        (i > 0).then(|| i - 1)
    }
}

/// Whether the forced singles from the supposition reach a dead end, and
/// in which round. Singles only ever remove candidates, so whether a dead
/// end is reached does not depend on the order: this agrees with
/// [`Propagation::run`].
pub(super) fn breaks(singles: ForcedSingles, premise: Candidate, on: bool) -> Option<u32> {
    let mut singles = singles;
    if on {
        singles.place(premise.cell, premise.digit);
    } else {
        singles.eliminate(premise.cell, premise.digit);
    }
    singles.propagate().map(|(round, _)| round)
}

pub(super) fn premise_cands(s: &Pencilmarks) -> Vec<Candidate> {
    cells_of(s.open_mask())
        .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// Copies the proofs that `links` cite from `from` into `into` (proofs
/// they cite in turn first), renumbering the links to match.
pub(super) fn adopt(from: &[Chain], links: &mut [Link], into: &mut Vec<Chain>) {
    for l in links.iter_mut() {
        if let Why::Nested(id) = l.why {
            let mut chain = from[id].clone();
            adopt(from, &mut chain.links, into);
            into.push(chain);
            l.why = Why::Nested(into.len() - 1);
        }
    }
}
