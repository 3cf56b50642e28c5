//! The last resort: forcing chains. Suppose a candidate true (or false),
//! follow only forced consequences (a placed digit leaves its peers, a cell
//! with one candidate left takes it, a digit with one place left in a unit
//! goes there) and see where it leads:
//! - to an impossible grid: the supposition is wrong (contradiction chain);
//! - every candidate of a cell, or every place of a digit in a unit, to the
//!   same consequence: that consequence holds (cell / unit forcing chain).
//!
//! Every consequence remembers what forced it, so the step explains itself
//! as an ordered list of links, one per forced consequence actually used.

use super::chains::{cand, length_bonus, node, shared_unit};
use super::pattern::{
    Candidate, Chain, Contradiction, ForcingSource, Link, LinkKind, Pattern, Premise, Why,
};
use super::pencilmarks::{cells_of, Pencilmarks, PEER_MASK, UNIT_MASK};
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Unit};
use crate::solver::ForcedSingles;

#[derive(Clone, Copy)]
struct Fact {
    node: u16,
    on: bool,
    /// The fact that triggered this one (itself for the premise).
    parent: u32,
    why: Why,
}

/// Consequences of one supposition.
struct Propagation {
    facts: Vec<Fact>,
    /// Fact index + 1 per node for "true" and "false" (0: not derived).
    on_at: Vec<u32>,
    off_at: Vec<u32>,
    contradiction: Option<(Contradiction, Vec<u32>)>,
    /// Candidates of the step's starting state, for explaining singles and
    /// dead ends.
    start: Pencilmarks,
    /// For a nested supposition: the enclosing one's "false" facts, which
    /// this one may rely on.
    outer_off: Option<Vec<u32>>,
    /// Nested facts and the enclosing facts their proof relied on.
    extra: Vec<(u32, Vec<u32>)>,
    /// Proofs of the nested facts, by `Why::Nested` id.
    subs: Vec<Chain>,
}

impl Propagation {
    fn run(s: &Pencilmarks, premise: Candidate, on: bool) -> Propagation {
        Propagation::run_in(s, *s, premise, on, 0, None)
    }

    /// Follows the supposition from `current` (the step's state is `start`);
    /// with `depth > 0`, when singles stall, each remaining candidate is
    /// tried with a supposition one level down, and those that break the
    /// grid are removed.
    fn run_in(
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
            start: *start,
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

    fn process(&mut self, st: &mut Pencilmarks, fi: u32) {
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
        for o in cells_of(st.digit_mask(c.digit) & PEER_MASK[c.cell.index()]) {
            self.eliminate(st, o, c.digit, fi, Why::Unit(shared_unit(c.cell, o)));
        }
        st.place(c.cell, c.digit);
    }

    /// One round of nested suppositions; `true` when it removed something.
    fn nest(&mut self, st: &mut Pencilmarks, depth: u8) -> bool {
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
                *st,
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

    fn push(&mut self, n: usize, on: bool, parent: u32, why: Why) {
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
    fn eliminate(&mut self, st: &mut Pencilmarks, cell: Cell, digit: u8, parent: u32, why: Why) {
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
        for u in cell.units() {
            let um = UNIT_MASK[u.index()];
            let here = st.digit_mask(digit) & um;
            if u.cells().iter().any(|&c| st.value(c) == digit) {
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
    fn off_fact(&self, cell: Cell, digit: u8) -> Option<u32> {
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
    fn explain(&self, targets: &[u32]) -> (Vec<Link>, Vec<u32>) {
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
                        for o in cells_of(self.start.digit_mask(c.digit) & UNIT_MASK[u.index()]) {
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
                Link {
                    from: cand(self.facts[f.parent as usize].node as usize),
                    to: cand(f.node as usize),
                    kind: if f.on {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    },
                    why: f.why,
                }
            })
            .collect();
        (links, outer)
    }

    fn fact_of(&self, n: usize, on: bool) -> Option<u32> {
        let i = if on { self.on_at[n] } else { self.off_at[n] };
        (i > 0).then(|| i - 1)
    }
}

/// Whether the forced singles from the supposition reach a dead end, and
/// in which round. Singles only ever remove candidates, so whether a dead
/// end is reached does not depend on the order: this agrees with
/// [`Propagation::run`].
fn breaks(singles: ForcedSingles, premise: Candidate, on: bool) -> Option<u32> {
    let mut singles = singles;
    if on {
        singles.place(premise.cell, premise.digit);
    } else {
        singles.eliminate(premise.cell, premise.digit);
    }
    singles.propagate().map(|(round, _)| round)
}

fn premise_cands(s: &Pencilmarks) -> Vec<Candidate> {
    cells_of(s.open_mask())
        .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// A forcing step told by `chains`, the first one's premise first.
fn chain_step(technique: Technique, pattern: Pattern, chains: Vec<Chain>) -> Step {
    let mut step = Step::new(technique, pattern);
    let total: usize = chains.iter().map(|c| c.links.len()).sum();
    step.score += length_bonus(total);
    let first = chains[0].premise.map(|p| p.candidate);
    if let Some(p) = first {
        step.focus = vec![Unit::Box(p.cell.box_index() as u8)];
        step.highlights.cells = vec![p.cell];
    }
    let mut cands: Vec<Candidate> = chains
        .iter()
        .flat_map(|c| {
            c.premise
                .map(|p| p.candidate)
                .into_iter()
                .chain(c.links.iter().map(|l| l.to))
        })
        .collect();
    cands.sort();
    cands.dedup();
    step.highlights.candidates = cands;
    step.highlights.links = chains
        .iter()
        .flat_map(|c| c.links.iter().copied())
        .collect();
    step.chains = chains;
    step
}

/// A supposition that leads to an impossible grid; the shortest wins.
pub(crate) fn contradiction(s: &Pencilmarks) -> Option<Step> {
    // The cheap bitboard check finds the suppositions that break the grid
    // and how many rounds of singles it takes; only the quickest few are
    // followed again with explanations, and the shortest of those wins.
    let mut broken: Vec<(u32, Candidate, bool)> = Vec::new();
    let singles = s.forced_singles();
    for c in premise_cands(s) {
        // Supposing a bivalue candidate false is supposing the other true.
        let offs: &[bool] = if s.cands(c.cell).len() == 2 {
            &[true]
        } else {
            &[true, false]
        };
        for &on in offs {
            if let Some(rounds) = breaks(singles, c, on) {
                broken.push((rounds, c, on));
            }
        }
    }
    broken.sort_by_key(|b| b.0);
    let mut best: Option<(usize, Candidate, bool, Chain)> = None;
    for &(_, c, on) in broken.iter().take(12) {
        let p = Propagation::run(s, c, on);
        let Some((why, reasons)) = p.contradiction.clone() else {
            continue;
        };
        let (links, _) = p.explain(&reasons);
        if best.as_ref().is_some_and(|b| b.0 <= links.len()) {
            continue;
        }
        let chain = Chain {
            premise: Some(Premise { candidate: c, on }),
            links,
            contradiction: Some(why),
        };
        best = Some((chain.links.len(), c, on, chain));
    }
    let (_, c, on, chain) = best?;
    let premise = Premise { candidate: c, on };
    let mut step = chain_step(
        Technique::Contradiction,
        Pattern::Contradiction { premise },
        vec![chain],
    );
    if on {
        step.eliminate(c.cell, c.digit);
    } else {
        step.place(c.cell, c.digit);
    }
    Some(step.finish())
}

/// A contradiction that needs smaller contradictions on the way: when the
/// singles stall under the supposition, every remaining candidate is tried
/// in turn, and those that break the grid are removed before going on. The
/// first supposition that breaks the grid this way is used (bivalue cells
/// first), since the search is costly.
pub(crate) fn nested_contradiction(s: &Pencilmarks) -> Option<Step> {
    nested_at(s, 1)
}

/// Two levels of nesting: the safety net for grids that even one level
/// cannot crack (none of the benchmark sets needs it so far).
pub(crate) fn deep_nested_contradiction(s: &Pencilmarks) -> Option<Step> {
    nested_at(s, 2).map(|mut step| {
        step.score += 1.0;
        step
    })
}

/// Copies the proofs that `links` cite from `from` into `into` (proofs
/// they cite in turn first), renumbering the links to match.
fn adopt(from: &[Chain], links: &mut [Link], into: &mut Vec<Chain>) {
    for l in links.iter_mut() {
        if let Why::Nested(id) = l.why {
            let mut chain = from[id].clone();
            adopt(from, &mut chain.links, into);
            into.push(chain);
            l.why = Why::Nested(into.len() - 1);
        }
    }
}

fn nested_at(s: &Pencilmarks, depth: u8) -> Option<Step> {
    let mut premises = premise_cands(s);
    premises.sort_by_key(|c| s.cands(c.cell).len());
    if depth > 1 {
        // Each deeper supposition multiplies the work by the number of
        // candidates: start only from bivalue cells to keep it bounded.
        premises.retain(|c| s.cands(c.cell).len() == 2);
    }
    for c in premises {
        let p = Propagation::run_in(s, *s, c, true, depth, None);
        let Some((why, reasons)) = p.contradiction.clone() else {
            continue;
        };
        let (mut links, _) = p.explain(&reasons);
        // Keep the proofs the explanation uses, renumbered after the main chain.
        let premise = Premise {
            candidate: c,
            on: true,
        };
        let mut chains = vec![Chain {
            premise: Some(premise),
            links: Vec::new(),
            contradiction: Some(why),
        }];
        adopt(&p.subs, &mut links, &mut chains);
        chains[0].links = links;
        let mut step = chain_step(
            Technique::NestedForcingChain,
            Pattern::Contradiction { premise },
            chains,
        );
        step.eliminate(c.cell, c.digit);
        return Some(step.finish());
    }
    None
}

/// Branches (one per supposition, the cases of `source`) that all force
/// one common consequence, told as a step of `technique`.
fn common_consequence(
    s: &Pencilmarks,
    technique: Technique,
    source: ForcingSource,
    branches: &[Candidate],
) -> Option<(usize, Step)> {
    let props: Vec<Propagation> = branches
        .iter()
        .map(|&c| Propagation::run(s, c, true))
        .collect();
    if props.iter().any(|p| p.contradiction.is_some()) {
        return None; // a contradiction step is simpler and already tried
    }
    let premises: Vec<usize> = branches.iter().map(|c| node(c.cell, c.digit)).collect();
    let mut best: Option<(usize, usize, bool)> = None;
    for f in &props[0].facts[1..] {
        let n = f.node as usize;
        if premises.contains(&n) {
            continue;
        }
        let Some(lens) = props
            .iter()
            .map(|p| p.fact_of(n, f.on).map(|i| p.explain(&[i]).0.len()))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let total: usize = lens.iter().sum();
        // Placements teach better than eliminations; then shorter wins.
        let key = total + if f.on { 0 } else { 1000 };
        if best.is_none_or(|b| key < b.0) {
            best = Some((key, n, f.on));
        }
    }
    let (key, n, on) = best?;
    let chains: Vec<Chain> = props
        .iter()
        .zip(branches)
        .map(|(p, &c)| Chain {
            premise: Some(Premise {
                candidate: c,
                on: true,
            }),
            links: p
                .fact_of(n, on)
                .map(|i| p.explain(&[i]).0)
                .unwrap_or_default(),
            contradiction: None,
        })
        .collect();
    let mut step = chain_step(technique, Pattern::Forcing { source }, chains);
    let c = cand(n);
    if on {
        step.place(c.cell, c.digit);
    } else {
        step.eliminate(c.cell, c.digit);
    }
    Some((key, step))
}

/// Every candidate of one cell forces the same consequence.
pub(crate) fn cell_forcing(s: &Pencilmarks) -> Option<Step> {
    let mut best: Option<(usize, Step)> = None;
    for cell in cells_of(s.open_mask()) {
        let branches: Vec<Candidate> = s
            .cands(cell)
            .iter()
            .map(|d| Candidate::new(cell, d))
            .collect();
        if branches.len() > 4 {
            continue;
        }
        let source = ForcingSource::Cell { cell };
        let found = common_consequence(s, Technique::CellForcingChain, source, &branches);
        if let Some((key, mut step)) = found {
            if best.as_ref().is_none_or(|b| key < b.0) {
                step.focus = vec![Unit::Box(cell.box_index() as u8)];
                step.highlights.cells = vec![cell];
                best = Some((key, step));
            }
        }
    }
    best.map(|(_, s)| s.finish())
}

/// Every place of a digit in one unit forces the same consequence.
pub(crate) fn unit_forcing(s: &Pencilmarks) -> Option<Step> {
    let mut best: Option<(usize, Step)> = None;
    for unit in Unit::ALL {
        for digit in 1..=9 {
            let m = s.in_unit(digit, unit);
            let k = m.count_ones();
            if !(2..=4).contains(&k) {
                continue;
            }
            let branches: Vec<Candidate> = cells_of(m).map(|c| Candidate::new(c, digit)).collect();
            let source = ForcingSource::Unit { unit, digit };
            let found = common_consequence(s, Technique::UnitForcingChain, source, &branches);
            if let Some((key, mut step)) = found {
                if best.as_ref().is_none_or(|b| key < b.0) {
                    step.focus = vec![unit];
                    step.highlights.units = vec![unit];
                    best = Some((key, step));
                }
            }
        }
    }
    best.map(|(_, s)| s.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{apply_to_state, next_step_in};

    #[test]
    fn contradiction_chain_is_explained_link_by_link() {
        // A hard puzzle (top95 #1): the first forcing step it needs must
        // name a premise, end in a contradiction, and only use links whose
        // source appears earlier in the chain.
        let g = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let sol = crate::solver::solve(&g).unwrap();
        let s = Pencilmarks::from_grid(&g);
        let step = contradiction(&s).expect("a contradiction on a hard grid");
        let chain = &step.chains[0];
        let premise = chain.premise.unwrap();
        assert!(chain.contradiction.is_some());
        let mut known = vec![premise.candidate];
        for l in &chain.links {
            assert!(known.contains(&l.from), "link from an unknown fact: {l:?}");
            known.push(l.to);
        }
        // The supposition is false in the true solution.
        assert_eq!(
            premise.on,
            sol.get(premise.candidate.cell) != premise.candidate.digit
        );
        let mut s2 = s;
        apply_to_state(&mut s2, &step);
        assert!(next_step_in(&s2).is_some());
    }
}
