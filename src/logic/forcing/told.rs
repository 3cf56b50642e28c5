//! A forcing chain as a person says it: only the placements on the path to
//! the conclusion (and the candidates a nested contradiction removes), in
//! order, each resting on earlier ones. The eliminations a placement
//! implies are not lines of their own: they are the "with" of the single
//! they make. Every fact is replayed on the grid, and a fact whose removal
//! still leaves a proof is dropped, so every line that is left is needed.

use super::super::pattern::{Candidate, Chain, Contradiction, Link, LinkKind, Premise, Why};
use super::super::pencilmarks::Pencilmarks;
use super::replay::{replay, By, Replay};
pub(crate) use super::replay::{End, Said};
use crate::grid::CellSet;

/// What a chain found by the propagation says before it is shortened: its
/// placements and nested removals, in derivation order.
fn said_of(chain: &Chain) -> Vec<Said> {
    chain
        .links
        .iter()
        .filter_map(|l| match (l.kind, l.why) {
            (_, Why::Nested(k)) => Some(Said {
                cand: l.to,
                nested: Some(k),
            }),
            (LinkKind::Strong, _) => Some(Said {
                cand: l.to,
                nested: None,
            }),
            _ => None,
        })
        .collect()
}

/// The shortest list of facts, kept in order, that still proves the end:
/// facts that are not forced in turn are dropped first, then each fact
/// whose removal leaves a proof, from the last to the first.
fn shorten(
    start: &Pencilmarks,
    premise: Premise,
    mut said: Vec<Said>,
    end: End,
    inner: &[Vec<Said>],
    chains: &[Chain],
) -> Option<Vec<Said>> {
    if replay(start, premise, &said, end, inner, chains).is_none() {
        // A fact derived twice (true and false, the end of a "both"
        // contradiction) is not forced in turn: keep the prefix that is.
        let mut kept = Vec::new();
        for s in said {
            kept.push(s);
            if replay_prefix(start, premise, &kept, inner, chains).is_none() {
                kept.pop();
            }
        }
        said = kept;
        replay(start, premise, &said, end, inner, chains)?;
    }
    let mut i = said.len();
    while i > 0 {
        i -= 1;
        let mut without = said.clone();
        without.remove(i);
        if replay(start, premise, &without, end, inner, chains).is_some() {
            said = without;
        }
    }
    Some(said)
}

/// At most this many placements are said in one line.
pub(crate) const PLACEMENTS_PER_LINE: usize = 3;

/// At most this many facts are named as the ground of one line of several
/// placements (a single placement names all it rests on).
pub(crate) const FACTS_PER_LINE: usize = 3;

/// Brings together placements that rest only on facts said before them,
/// so that Pip can say them in one line ("with 1 in r9c2 and 3 in r4c5:
/// ..."): a placement moved up to the first one of its line still has
/// every fact it rests on said before it, and nothing between relied on
/// it, so the order stays a proof. A line names at most
/// [`FACTS_PER_LINE`] facts, more only when its placements share them.
fn gather(
    start: &Pencilmarks,
    premise: Premise,
    said: Vec<Said>,
    end: End,
    inner: &[Vec<Said>],
    chains: &[Chain],
) -> Vec<Said> {
    let Some(o) = replay(start, premise, &said, end, inner, chains) else {
        return said;
    };
    let keys: Vec<Vec<By>> = o
        .reasons
        .iter()
        .map(|(_, by)| {
            let mut k: Vec<By> = by.iter().map(|b| b.1).collect();
            k.sort();
            k.dedup();
            k
        })
        .collect();
    let mut used = vec![false; said.len()];
    let mut out = Vec::with_capacity(said.len());
    for i in 0..said.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        out.push(said[i]);
        if said[i].nested.is_some() {
            continue;
        }
        let mut line = vec![i];
        let mut ground = keys[i].clone();
        for j in i + 1..said.len() {
            if line.len() == PLACEMENTS_PER_LINE {
                break;
            }
            if used[j] || said[j].nested.is_some() {
                continue;
            }
            let said_before = keys[j].iter().all(|b| match *b {
                By::Fact(f) => used[f] && !line.contains(&f),
                _ => true,
            });
            if !said_before {
                continue;
            }
            let mut wider = ground.clone();
            wider.extend(keys[j].iter().copied());
            wider.sort();
            wider.dedup();
            if wider.len() > ground.len() && wider.len() > FACTS_PER_LINE {
                continue;
            }
            ground = wider;
            used[j] = true;
            line.push(j);
            out.push(said[j]);
        }
    }
    if replay(start, premise, &out, end, inner, chains).is_some() {
        out
    } else {
        said
    }
}

/// Shortens each nested chain `said` cites, in the grid it is opened in
/// (every fact before it placed), deeper ones first. The enclosing chain
/// is shortened afterwards against these, so what it drops is checked
/// against what they still need.
fn shorten_nested(
    start: &Pencilmarks,
    premise: Premise,
    said: &[Said],
    inner: &mut Vec<Vec<Said>>,
    chains: &[Chain],
) {
    let mut r = Replay::supposing(start, premise);
    for (i, s) in said.iter().enumerate() {
        if !r.st.has(s.cand.cell, s.cand.digit) {
            continue;
        }
        match s.nested {
            Some(k) => {
                if let Some(p) = chains.get(k).and_then(|c| c.premise) {
                    let sub = inner[k].clone();
                    shorten_nested(&r.st, p, &sub, inner, chains);
                    if let Some(short) =
                        shorten(&r.st, p, inner[k].clone(), End::Broken, inner, chains)
                    {
                        inner[k] = short;
                    }
                }
                r.remove(s.cand, By::Fact(i));
            }
            None => r.place(s.cand, By::Fact(i)),
        }
    }
}

/// Whether every fact of `said` is forced in turn (no end asked).
fn replay_prefix(
    start: &Pencilmarks,
    premise: Premise,
    said: &[Said],
    inner: &[Vec<Said>],
    chains: &[Chain],
) -> Option<()> {
    let last = said.last()?;
    let end = match last.nested {
        Some(_) => End::Holds {
            cand: last.cand,
            on: false,
        },
        None => End::Holds {
            cand: last.cand,
            on: true,
        },
    };
    replay(start, premise, said, end, inner, chains).map(|_| ())
}

/// Rewrites `chains` (a forcing step's chains: `chains[0]` first, nested
/// ones cited by index) as their told form: the links of each chain become,
/// per said placement, the elimination that completed its single (a weak
/// link from the fact that made it) and the placement (a strong link whose
/// `with` names the cells of every fact the single rests on); a nested
/// removal is one weak link. `ends` gives each top chain's end (branches of
/// a forcing chain end on their common conclusion). Returns `false`, and
/// leaves the chains as they were, when the told form does not replay: the
/// step is then said link by link, as found.
pub(crate) fn tell(s: &Pencilmarks, chains: &mut Vec<Chain>, ends: &[End]) -> bool {
    let tops = ends.len();
    // Nested chains are shortened first, in the grid they were found in,
    // which replay rebuilds from their enclosing chain: their own facts
    // are kept whole here, and only the top chains are shortened.
    let mut inner: Vec<Vec<Said>> = chains.iter().map(said_of).collect();
    for i in 0..ends.len() {
        if let Some(premise) = chains[i].premise {
            let said = inner[i].clone();
            shorten_nested(s, premise, &said, &mut inner, chains);
        }
    }
    let mut told: Vec<Vec<Said>> = inner.clone();
    for (i, &end) in ends.iter().enumerate() {
        let Some(premise) = chains[i].premise else {
            return false;
        };
        match shorten(s, premise, inner[i].clone(), end, &inner, chains) {
            Some(said) => told[i] = gather(s, premise, said, end, &inner, chains),
            None => return false,
        }
    }
    // The nested chains, each in the grid its enclosing chain reaches.
    let mut out: Vec<Chain> = chains.to_vec();
    for i in 0..tops {
        let Some(premise) = chains[i].premise else {
            return false;
        };
        let Some(links) = told_links(s, premise, &told[i], ends[i], &told, chains, &mut out) else {
            return false;
        };
        out[i].links = links.0;
        out[i].with = links.1;
        if ends[i] == End::Broken {
            out[i].contradiction = links.2;
        }
    }
    *chains = out;
    drop_uncited(chains, tops);
    true
}

/// Keeps only the chains the top ones cite (directly or through nested
/// ones), renumbered in order of first citation, so a shortened chain
/// leaves no proof behind that nothing uses.
pub(crate) fn drop_uncited(chains: &mut Vec<Chain>, tops: usize) {
    let mut order: Vec<usize> = (0..tops.min(chains.len())).collect();
    let mut i = 0;
    while i < order.len() {
        for l in &chains[order[i]].links {
            if let Why::Nested(k) = l.why {
                if k < chains.len() && !order.contains(&k) {
                    order.push(k);
                }
            }
        }
        i += 1;
    }
    let mut new = vec![usize::MAX; chains.len()];
    for (n, &old) in order.iter().enumerate() {
        new[old] = n;
    }
    let mut kept: Vec<Chain> = order.iter().map(|&o| chains[o].clone()).collect();
    for c in &mut kept {
        for l in &mut c.links {
            if let Why::Nested(k) = l.why {
                l.why = Why::Nested(new[k]);
            }
        }
    }
    *chains = kept;
}

type ToldLinks = (Vec<Link>, CellSet, Option<Contradiction>);

/// The told links of one chain, and (recursively) of the nested chains it
/// cites, written into `out`.
fn told_links(
    start: &Pencilmarks,
    premise: Premise,
    said: &[Said],
    end: End,
    told: &[Vec<Said>],
    chains: &[Chain],
    out: &mut [Chain],
) -> Option<ToldLinks> {
    let o = replay(start, premise, said, end, told, chains)?;
    let fact = |b: By| match b {
        By::Fact(j) => said[j].cand,
        _ => premise.candidate,
    };
    let cells = |by: &[(Candidate, By)]| -> CellSet { by.iter().map(|b| fact(b.1).cell).collect() };
    let mut links = Vec::new();
    // Rebuild the grid as the replay had it, to open nested chains in it.
    let mut r = Replay::supposing(start, premise);
    for (i, (s, (why, by))) in said.iter().zip(&o.reasons).enumerate() {
        if let Some(k) = s.nested {
            let sub = chains[k].premise?;
            let inner = told_links(&r.st, sub, &told[k], End::Broken, told, chains, out)?;
            out[k].links = inner.0;
            out[k].with = inner.1;
            out[k].contradiction = inner.2;
            // The supposition rules the candidate out, through the nested chain.
            links.push(Link::new(premise.candidate, s.cand, LinkKind::Weak, *why));
            r.remove(s.cand, By::Fact(i));
            continue;
        }
        // The trigger: the latest fact the single rests on.
        let (e, t) = by
            .iter()
            .copied()
            .max_by_key(|b| b.1)
            .unwrap_or((premise.candidate, By::Premise));
        let from = fact(t);
        if from != e {
            let w = if from.cell == e.cell {
                Why::Cell
            } else {
                Why::Unit(start.shared_unit(from.cell, e.cell))
            };
            links.push(Link::new(from, e, LinkKind::Weak, w));
        }
        let mut l = Link::new(e, s.cand, LinkKind::Strong, *why);
        l.with = cells(by);
        links.push(l);
        r.place(s.cand, By::Fact(i));
    }
    if let End::Holds { cand, on: false } = end {
        if let Some(&(_, t)) = o.end_by.iter().max_by_key(|b| b.1) {
            let from = fact(t);
            let w = if from.cell == cand.cell {
                Why::Cell
            } else {
                Why::Unit(start.shared_unit(from.cell, cand.cell))
            };
            links.push(Link::new(from, cand, LinkKind::Weak, w));
        }
    }
    Some((links, cells(&o.end_by), o.end))
}

/// Checks a told step mechanically: each top chain's facts replay to its
/// end, and without any one of them the replay breaks. `Ok` gives the
/// number of facts said.
#[cfg(test)]
pub(crate) fn every_fact_needed(
    s: &Pencilmarks,
    chains: &[Chain],
    ends: &[End],
) -> Result<usize, String> {
    let said: Vec<Vec<Said>> = chains.iter().map(said_of).collect();
    let mut n = 0;
    for (i, &end) in ends.iter().enumerate() {
        let premise = chains[i].premise.ok_or("a chain without a supposition")?;
        replay(s, premise, &said[i], end, &said, chains)
            .ok_or(format!("chain {i} does not replay: {:?}", said[i]))?;
        for j in 0..said[i].len() {
            let mut without = said[i].clone();
            without.remove(j);
            if replay(s, premise, &without, end, &said, chains).is_some() {
                return Err(format!(
                    "chain {i}: fact {j} ({:?}) is not needed",
                    said[i][j]
                ));
            }
        }
        n += said[i].len();
    }
    Ok(n)
}
