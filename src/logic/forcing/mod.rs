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

use super::chains::{cand, length_bonus, node};
use super::pattern::{Candidate, Chain, ForcingSource, Pattern, Premise};
use super::pencilmarks::{cells_of, Pencilmarks};
use super::step::Step;
use super::technique::Technique;

mod propagation;
mod replay;
mod told;

use crate::grid::CellSet;
use propagation::{adopt, breaks, premise_cands, Propagation};
use told::{tell, End};
pub(crate) use told::{FACTS_PER_LINE, PLACEMENTS_PER_LINE};

/// A forcing step told by `chains`, the first one's premise first.
/// `raw` is the number of links as found (every forced consequence used,
/// eliminations included): the length the rating's bonus was calibrated
/// on, kept so that telling a chain shorter does not change its score.
fn chain_step(
    s: &Pencilmarks,
    technique: Technique,
    pattern: Pattern,
    chains: Vec<Chain>,
    raw: usize,
) -> Step {
    let mut step = Step::new(technique, pattern);
    step.score += length_bonus(raw);
    let first = chains[0].premise.map(|p| p.candidate);
    if let Some(p) = first {
        step.focus = vec![s.region_of(p.cell)];
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

/// How many of the quickest contradictions (by rounds of singles) are told
/// before the shortest told one is kept: the rounds only roughly predict
/// how many placements the told path needs.
const CONTRADICTIONS_TOLD: usize = 12;

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
    // (rating bonus, lines told, links as found), the supposition, the chain.
    type Found = ((u32, usize, usize), Candidate, bool, Chain);
    let mut best: Option<Found> = None;
    for &(_, c, on) in broken.iter().take(CONTRADICTIONS_TOLD) {
        let p = Propagation::run(s, c, on);
        let Some((why, reasons)) = p.contradiction.clone() else {
            continue;
        };
        let (links, _) = p.explain(&reasons);
        let raw = links.len();
        let mut chains = vec![Chain {
            premise: Some(Premise { candidate: c, on }),
            links,
            contradiction: Some(why),
            with: CellSet::EMPTY,
        }];
        // The shortest as told: the placements said, not the eliminations.
        tell(s, &mut chains, &[End::Broken]);
        let chain = chains.swap_remove(0);
        // The rating's length bonus first, so that the step scores as the
        // shortest chain found would; then the fewest lines told.
        let bonus = (length_bonus(raw) * 10.0).round() as u32;
        let len = (bonus, said_len(&chain), raw);
        if best.as_ref().is_some_and(|b| b.0 <= len) {
            continue;
        }
        best = Some((len, c, on, chain));
    }
    let ((_, _, raw), c, on, chain) = best?;
    let premise = Premise { candidate: c, on };
    let mut step = chain_step(
        s,
        Technique::Contradiction,
        Pattern::Contradiction { premise },
        vec![chain],
        raw,
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

fn nested_at(s: &Pencilmarks, depth: u8) -> Option<Step> {
    let mut premises = premise_cands(s);
    premises.sort_by_key(|c| s.cands(c.cell).len());
    if depth > 1 {
        // Each deeper supposition multiplies the work by the number of
        // candidates: start only from bivalue cells to keep it bounded.
        premises.retain(|c| s.cands(c.cell).len() == 2);
    }
    // The first few suppositions that break the grid are told, and the
    // shortest told wins: they differ widely in how much they need.
    let mut best: Option<(usize, Step)> = None;
    let mut found = 0;
    for c in premises {
        if found == NESTED_TRIED {
            break;
        }
        let p = Propagation::run_in(s, s.clone(), c, true, depth, None);
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
            with: CellSet::EMPTY,
        }];
        adopt(&p.subs, &mut links, &mut chains);
        chains[0].links = links;
        let raw = chains.iter().map(|c| c.links.len()).sum();
        tell(s, &mut chains, &[End::Broken]);
        let mut step = chain_step(
            s,
            Technique::NestedForcingChain,
            Pattern::Contradiction { premise },
            chains,
            raw,
        );
        step.eliminate(c.cell, c.digit);
        found += 1;
        let len: usize = step.chains.first().map_or(0, said_len);
        if best.as_ref().is_none_or(|b| len < b.0) {
            best = Some((len, step.finish()));
        }
    }
    best.map(|b| b.1)
}

/// How many nested contradictions are told before the shortest is kept.
const NESTED_TRIED: usize = 3;

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
        // A case that breaks the grid is a contradiction, not a verity.
        return None;
    }
    let premises: Vec<usize> = branches.iter().map(|c| node(c.cell, c.digit)).collect();
    // Every common consequence, keyed placements first (they teach better
    // than eliminations), then by the rating's length bonus of the chains
    // as found (so the step scores as the shortest found would).
    let mut found: Vec<((bool, u32), usize, usize, bool)> = Vec::new();
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
        let bonus = (length_bonus(total) * 10.0).round() as u32;
        found.push(((!f.on, bonus), total, n, f.on));
    }
    found.sort_by_key(|f| (f.0, f.1));
    let first = found.first()?.0;
    // Of the best few with that key, the one told in the fewest lines.
    let mut best: Option<(usize, usize, Vec<Chain>, usize, bool)> = None;
    for &(_, raw, n, on) in found.iter().filter(|f| f.0 == first).take(CONCLUSIONS_TOLD) {
        let mut chains: Vec<Chain> = props
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
                with: CellSet::EMPTY,
            })
            .collect();
        let ends = vec![End::Holds { cand: cand(n), on }; chains.len()];
        tell(s, &mut chains, &ends);
        let said: usize = chains.iter().map(said_len).sum();
        if best.as_ref().is_none_or(|b| said < b.0) {
            best = Some((said, raw, chains, n, on));
        }
    }
    let (said, raw, chains, n, on) = best?;
    // Compared with other sources by the same key, then the lines told.
    let key = (first.0 as usize) * 1_000_000 + (first.1 as usize) * 1000 + said;
    let mut step = chain_step(s, technique, Pattern::Forcing { source }, chains, raw);
    let c = cand(n);
    if on {
        step.place(c.cell, c.digit);
    } else {
        step.eliminate(c.cell, c.digit);
    }
    match source {
        ForcingSource::Cell { cell } => {
            step.focus = vec![s.region_of(cell)];
            step.highlights.cells = vec![cell];
        }
        ForcingSource::Unit { unit, .. } => {
            step.focus = vec![unit];
            step.highlights.units = vec![unit];
        }
    }
    Some((key, step))
}

/// The lines a chain takes as told: its placements and nested removals.
fn said_len(chain: &Chain) -> usize {
    chain
        .links
        .iter()
        .filter(|l| {
            l.kind == super::pattern::LinkKind::Strong
                || matches!(l.why, super::pattern::Why::Nested(_))
        })
        .count()
}

/// Where the forced singles lead from one supposition: the digits placed
/// and the candidates left, or `None` when they break the grid.
#[derive(Clone, Copy)]
struct Consequences {
    placed: [u128; 9],
    left: [u128; 9],
}

/// The outcome of supposing each candidate true, by node.
fn outcomes(s: &Pencilmarks) -> Vec<Option<Consequences>> {
    let singles = s.forced_singles();
    let mut out = vec![None; 729];
    for c in premise_cands(s) {
        let mut f = singles;
        f.place(c.cell, c.digit);
        if let Ok(end) = f.settle() {
            out[node(c.cell, c.digit)] = Some(Consequences {
                placed: std::array::from_fn(|d| end.placed_mask(d as u8 + 1)),
                left: std::array::from_fn(|d| end.candidate_mask(d as u8 + 1)),
            });
        }
    }
    out
}

/// Whether every branch reaches one conclusion (a digit placed in all, or
/// a candidate gone in all), by the cheap bitboard outcomes; `Some(true)`
/// when one of them places a digit.
fn agree(
    s: &Pencilmarks,
    outcomes: &[Option<Consequences>],
    branches: &[Candidate],
) -> Option<bool> {
    let mut placed = [u128::MAX; 9];
    let mut gone = [u128::MAX; 9];
    for b in branches {
        let o = outcomes[node(b.cell, b.digit)]?;
        for d in 0..9 {
            placed[d] &= o.placed[d];
            gone[d] &= !(o.placed[d] | o.left[d]);
        }
    }
    let open = s.open_mask();
    let mut any = false;
    for d in 0..9 {
        if placed[d] & open != 0 {
            return Some(true);
        }
        any |= gone[d] & s.digit_mask(d as u8 + 1) != 0;
    }
    any.then_some(false)
}

/// How many sources with a common consequence are told in full before
/// the shortest is picked: the reasoned propagation costs more than the
/// bitboard one that finds them.
const EXPLAINED: usize = 8;

/// How many common consequences of one source, equally good for the
/// rating, are told before the one in the fewest lines is kept.
const CONCLUSIONS_TOLD: usize = 3;

/// The verities of `sources` (each a list of branches), the shortest told.
fn verity(
    s: &Pencilmarks,
    technique: Technique,
    sources: Vec<(ForcingSource, Vec<Candidate>)>,
) -> Option<Step> {
    let outs = outcomes(s);
    let mut found: Vec<(bool, usize, ForcingSource, Vec<Candidate>)> = sources
        .into_iter()
        .filter_map(|(source, branches)| {
            let places = agree(s, &outs, &branches)?;
            Some((!places, branches.len(), source, branches))
        })
        .collect();
    // Placements first, then fewer cases.
    found.sort_by_key(|f| (f.0, f.1));
    let mut best: Option<(usize, Step)> = None;
    for (_, _, source, branches) in found.into_iter().take(EXPLAINED) {
        if let Some((key, step)) = common_consequence(s, technique, source, &branches) {
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, step));
            }
        }
    }
    best.map(|(_, s)| s.finish())
}

/// Every candidate of one cell forces the same consequence.
pub(crate) fn cell_forcing(s: &Pencilmarks) -> Option<Step> {
    let sources = cells_of(s.open_mask())
        .map(|cell| {
            let branches = s
                .cands(cell)
                .iter()
                .map(|d| Candidate::new(cell, d))
                .collect();
            (ForcingSource::Cell { cell }, branches)
        })
        .collect();
    verity(s, Technique::CellForcingChain, sources)
}

/// Every place of a digit in one unit forces the same consequence.
pub(crate) fn unit_forcing(s: &Pencilmarks) -> Option<Step> {
    let mut sources = Vec::new();
    for &unit in s.units() {
        for digit in 1..=9 {
            let m = s.in_unit(digit, unit);
            if m.count_ones() < 2 {
                continue;
            }
            let branches = cells_of(m).map(|c| Candidate::new(c, digit)).collect();
            sources.push((ForcingSource::Unit { unit, digit }, branches));
        }
    }
    verity(s, Technique::UnitForcingChain, sources)
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
        let g = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
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

    /// The states along `puzzle`'s path where the engine's next step is a
    /// chain (no simpler step left).
    fn forcing_states(puzzle: &str) -> Vec<Pencilmarks> {
        let g = Grid::parse(puzzle).unwrap();
        let mut s = Pencilmarks::from_grid(&g);
        let mut out = Vec::new();
        while let Some(step) = next_step_in(&s) {
            if step.technique.is_chain() {
                out.push(s.clone());
            }
            apply_to_state(&mut s, &step);
        }
        out
    }

    /// Each chain kind's first step on a hard path, replayed: every fact
    /// it says is forced in turn and needed, and Pip says one line for
    /// each (plus the supposition of each branch, and how it ends).
    #[test]
    fn every_line_of_a_told_chain_is_needed() {
        type Finder = fn(&Pencilmarks) -> Option<Step>;
        let kinds: [(Finder, Technique); 4] = [
            (contradiction, Technique::Contradiction),
            (cell_forcing, Technique::CellForcingChain),
            (unit_forcing, Technique::UnitForcingChain),
            (nested_contradiction, Technique::NestedForcingChain),
        ];
        let states = forcing_states(NESTED);
        for (find, technique) in kinds {
            let (s, step) = states
                .iter()
                .find_map(|s| {
                    let step = find(s)?;
                    // A nested chain that uses no smaller contradiction
                    // is a plain one: look further.
                    let nested = step.chains.len() > 1;
                    (technique != Technique::NestedForcingChain || nested).then_some((s, step))
                })
                .unwrap_or_else(|| panic!("no {technique:?} on the path"));
            assert!(
                step.chains
                    .iter()
                    .all(|c| !c.with.is_empty() || c.links.iter().any(|l| !l.with.is_empty())),
                "{technique:?} is told as found, not as its path"
            );
            let ends: Vec<End> = match step.pattern {
                Pattern::Forcing { .. } => {
                    let end = match step.placements.first() {
                        Some(p) => End::Holds {
                            cand: Candidate::new(p.cell, p.digit),
                            on: true,
                        },
                        None => End::Holds {
                            cand: step.eliminated().next().unwrap(),
                            on: false,
                        },
                    };
                    vec![end; step.chains.len()]
                }
                _ => vec![End::Broken],
            };
            let facts = told::every_fact_needed(s, &step.chains, &ends)
                .unwrap_or_else(|e| panic!("{technique:?}: {e}"));
            let said = crate::hint::for_reading(&step, crate::hint::Lang::En).lines;
            // The board draws one branch at a time: a line's links all
            // belong to one chain.
            for l in &said {
                let links = &l.highlights.links;
                assert!(
                    links.is_empty()
                        || step
                            .chains
                            .iter()
                            .any(|c| links.iter().all(|k| c.links.contains(k))),
                    "{technique:?}: {} draws links of several branches",
                    l.text
                );
            }
            let lines = said.len();
            // Nudge, technique, conclusion; each branch's supposition and
            // (for a contradiction) its impossible grid; for a forcing
            // chain the line "every case leads to the same result", and a
            // branch may end on a removal (one line more).
            // A supposition opens its chain's first line; a contradiction
            // adds its impossible grid, a case may end on a removal.
            let (fixed, extra) = match step.pattern {
                Pattern::Forcing { .. } => (3, ends.len()),
                _ => (4, 0),
            };
            // Placements resting on the same facts share a line (three at
            // most), and so do removals from one cell (four at most).
            assert!(
                lines >= fixed + facts.div_ceil(4) && lines <= facts + fixed + extra,
                "{technique:?}: {lines} lines for {facts} facts"
            );
        }
    }

    /// A puzzle whose path needs every kind of forcing chain, a nested one
    /// among them.
    const NESTED: &str =
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";
}
