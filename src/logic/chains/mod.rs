//! Chains: X-Chains, XY-Chains, alternating inference chains (AIC),
//! grouped AIC, chains of almost locked sets, and the continuous nice
//! loops each of them can close into.
//!
//! A chain alternates strong links (if one end is false, the other is
//! true) and weak links (if one end is true, the other is false). Starting
//! from "node s is false" and following strong, weak, strong... links to
//! "node z is true" proves that s or z is true, so any candidate that both
//! rule out is false. Such a chain proves its conclusion both ways, which
//! is why people find chains before forcing chains. `graph.rs` says which
//! nodes and links each kind of chain may use, `search.rs` finds the
//! shortest ones.

mod graph;
mod search;

use super::als::Als;
use super::instances::Instances;
use super::pattern::{AlsSet, Candidate, Chain, Link, Pattern, Why};
use super::pencilmarks::Pencilmarks;
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Unit};
use graph::{ChainKind, Graph};
use search::{search, Found};

pub(crate) use graph::{seen_by_all, ALL_ALS_CELLS, ALS_CELLS};

#[inline]
pub(crate) fn node(cell: Cell, digit: u8) -> usize {
    cell.index() * 9 + digit as usize - 1
}

#[inline]
pub(crate) fn cand(n: usize) -> Candidate {
    Candidate::new(Cell::ALL[n / 9], (n % 9) as u8 + 1)
}

/// The row, column or box two classic cells share (the duel's words).
pub(crate) fn shared_unit(a: Cell, b: Cell) -> Unit {
    if a.row() == b.row() {
        Unit::Row(a.row() as u8)
    } else if a.col() == b.col() {
        Unit::Col(a.col() as u8)
    } else {
        Unit::Box(a.box_index() as u8)
    }
}

/// SE's length bonus: +0.1 each time the chain passes 4, 6, 8, 12, 16, 24...
pub(crate) fn length_bonus(links: usize) -> f32 {
    let mut bonus = 0.0;
    let mut limit = 4usize;
    let mut even = true;
    while links > limit {
        bonus += 0.1;
        limit = if even { limit * 3 / 2 } else { limit * 4 / 3 };
        even = !even;
    }
    bonus
}

/// The technique a chain of `kind` is taught as: a chain of a richer kind
/// that uses no group (or no set) is named by what it does use.
fn technique_of(kind: ChainKind, found: &Found) -> Technique {
    let grouped = found.links.iter().any(|l| l.is_grouped());
    let sets = found.links.iter().any(|l| matches!(l.why, Why::Als { .. }));
    match kind {
        ChainKind::X => Technique::XChain,
        ChainKind::Xy => Technique::XyChain,
        ChainKind::Aic => Technique::Aic,
        ChainKind::Grouped | ChainKind::AlsAic if sets => Technique::AlsAic,
        ChainKind::Grouped | ChainKind::AlsAic if grouped => Technique::GroupedAic,
        ChainKind::Grouped | ChainKind::AlsAic => Technique::Aic,
        ChainKind::AlsOnly if found.links.len() <= 5 => Technique::AlsXyWing,
        ChainKind::AlsOnly => Technique::AlsChain,
    }
}

/// The almost locked sets a chain of sets passes through, in order, and
/// the restricted digits between them.
fn als_sets(s: &Pencilmarks, links: &[Link]) -> (Vec<AlsSet>, Vec<u8>) {
    let mut sets = Vec::new();
    let mut restricted = Vec::new();
    for l in links {
        match l.why {
            Why::Als { cells, digits } => sets.push(AlsSet {
                cells: cells.to_vec(),
                digits: digits.iter().collect(),
                unit: s
                    .common_units(cells.mask())
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| s.region_of(l.from.cell)),
            }),
            Why::Cell => sets.push(AlsSet {
                cells: vec![l.from.cell],
                digits: vec![l.from.digit, l.to.digit],
                unit: s.region_of(l.from.cell),
            }),
            _ => restricted.push(l.from.digit),
        }
    }
    (sets, restricted)
}

/// The step for a chain of `kind`.
fn chain_step(s: &Pencilmarks, kind: ChainKind, found: Found) -> Step {
    let technique = technique_of(kind, &found);
    let first = found.links[0];
    let last = found.links[found.links.len() - 1];
    let pattern = if found.is_loop {
        Pattern::NiceLoop { start: first.from }
    } else if kind == ChainKind::AlsOnly {
        let (sets, restricted) = als_sets(s, &found.links);
        Pattern::AlsChain {
            sets,
            restricted,
            z: first.from.digit,
        }
    } else {
        Pattern::Chain {
            start: first.from,
            end: last.to,
        }
    };
    let mut step = Step::new(technique, pattern);
    if let Some(p) = found.placement {
        step.place(p.cell, p.digit);
    }
    for c in &found.eliminations {
        step.eliminate(c.cell, c.digit);
    }
    step.score += length_bonus(found.links.len());
    step.focus = vec![first.why_unit(s)];
    let mut cands: Vec<Candidate> = found
        .links
        .iter()
        .flat_map(|l| {
            let (fd, td) = (l.from.digit, l.to.digit);
            l.from_cells
                .iter()
                .map(move |c| Candidate::new(c, fd))
                .chain(l.to_cells.iter().map(move |c| Candidate::new(c, td)))
        })
        .collect();
    cands.sort();
    cands.dedup();
    if kind == ChainKind::AlsOnly || kind == ChainKind::AlsAic {
        // The other digits of each set, as the set's second colour.
        let mut extra: Vec<Candidate> = found
            .links
            .iter()
            .filter_map(|l| match l.why {
                Why::Als { cells, .. } => Some(cells),
                _ => None,
            })
            .flat_map(|cells| {
                cells
                    .iter()
                    .flat_map(|c| s.cands(c).iter().map(move |d| Candidate::new(c, d)))
            })
            .filter(|c| !cands.contains(c))
            .collect();
        extra.sort();
        extra.dedup();
        step.highlights.secondary = extra;
    }
    step.highlights.candidates = cands;
    step.highlights.links = found.links.clone();
    step.chains = vec![Chain {
        premise: None,
        links: found.links,
        contradiction: None,
        with: crate::grid::CellSet::EMPTY,
    }];
    step.finish()
}

/// Chains of `kind`: the shortest (or every one), ranked by length.
fn chains_of(s: &Pencilmarks, kind: ChainKind, out: &mut Instances) {
    walk(s, &Graph::build(s, kind, super::als::max_cells(out)), out);
}

fn walk(s: &Pencilmarks, g: &Graph, out: &mut Instances) {
    let kind = g.kind;
    search(s, g, out, &mut |found, out| {
        let len = found.len() as u32;
        out.offer(len, chain_step(s, kind, found));
    });
}

pub(crate) fn x_chain(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::X, out)
}

pub(crate) fn xy_chain(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::Xy, out)
}

pub(crate) fn aic(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::Aic, out)
}

pub(crate) fn grouped_aic(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::Grouped, out)
}

pub(crate) fn als_aic(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::AlsAic, out)
}

/// ALS-XY-Wings and longer chains of almost locked sets.
pub(crate) fn als_chain(s: &Pencilmarks, out: &mut Instances) {
    chains_of(s, ChainKind::AlsOnly, out)
}

/// [`als_chain`] on sets already listed.
pub(crate) fn als_chain_with(s: &Pencilmarks, sets: &[Als], out: &mut Instances) {
    walk(s, &Graph::build_with(s, ChainKind::AlsOnly, sets), out);
}

/// [`als_aic`] on sets already listed.
pub(crate) fn als_aic_with(s: &Pencilmarks, sets: &[Als], out: &mut Instances) {
    walk(s, &Graph::build_with(s, ChainKind::AlsAic, sets), out);
}

/// The shortest chain of any kind, the simpler kind first among chains of
/// one length: people follow a short chain more easily than a long one of
/// a simpler kind. X- and XY-Chains are searched on their own (a cheap
/// search on few links); the grouped search covers plain AIC too, and a
/// chain it finds without a group is named an AIC.
pub(crate) fn shortest_chain(s: &Pencilmarks, out: &mut Instances) {
    for kind in [ChainKind::X, ChainKind::Xy, ChainKind::Grouped] {
        chains_of(s, kind, out);
    }
}

/// The cells of the chain's nodes, for tests.
#[cfg(test)]
fn node_cells(step: &Step) -> Vec<Vec<Cell>> {
    step.chains[0]
        .links
        .iter()
        .map(|l| l.to_cells.to_vec())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::pattern::LinkKind;
    use crate::logic::{first, next_step_in};

    #[test]
    fn xy_chain_of_four_cells() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 1-2 r1c1, 2-3 r1c5, 3-4 r5c5, 4-1 r5c9... ends r1c1 (1) and r5c9
        // (1): r1c9 and r5c1 see both ends and lose 1.
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 4), &[2, 3]);
        s.keep_only(Cell::new(4, 4), &[3, 4]);
        s.keep_only(Cell::new(4, 8), &[4, 1]);
        let step = first(xy_chain, &s).unwrap();
        assert_eq!(step.conclusion(), "r1c9<>1, r5c1<>1");
        let links = &step.chains[0].links;
        assert_eq!(links.len(), 7);
        assert!(links
            .iter()
            .enumerate()
            .all(|(i, l)| (l.kind == LinkKind::Strong) == (i % 2 == 0)));
        let first = next_step_in(&s).unwrap();
        assert!(first.technique <= Technique::XyChain, "{first}");
    }

    #[test]
    fn an_xy_cycle_closes_into_a_continuous_loop() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 1-2 r1c1, 2-3 r1c5, 3-4 r5c5, 4-1 r5c1: a loop of four cells; each
        // weak link is strong, so r1c2..r1c4 lose 2, r5c2..r5c4 lose 4,
        // column 1 loses 1 and column 5 loses 3 outside the loop.
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 4), &[2, 3]);
        s.keep_only(Cell::new(4, 4), &[3, 4]);
        s.keep_only(Cell::new(4, 0), &[4, 1]);
        let step = first(xy_chain, &s).unwrap();
        assert!(matches!(step.pattern, Pattern::NiceLoop { .. }), "{step}");
        let links = &step.chains[0].links;
        assert_eq!(links.len(), 8);
        assert_eq!(links[7].to, links[0].from, "the loop closes");
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(0, 2), 2)));
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(8, 0), 1)));
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(8, 4), 3)));
    }

    #[test]
    fn a_grouped_chain_links_through_a_box_line_group() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // Digit 5: row 1 holds it only in r1c1 and in the group r1c8/r1c9;
        // box 3 holds it only in that group and r3c7; column 7 holds it
        // only in r3c7 and r9c7. So r1c1 is false -> the group true -> r3c7
        // false -> r9c7 true: r9c1 (seeing r1c1 and r9c7) loses 5.
        for c in 1..7 {
            s.eliminate(Cell::new(0, c), 5);
        }
        for c in [
            Cell::new(0, 6),
            Cell::new(1, 6),
            Cell::new(1, 7),
            Cell::new(1, 8),
        ] {
            s.eliminate(c, 5);
        }
        for c in [Cell::new(2, 7), Cell::new(2, 8)] {
            s.eliminate(c, 5);
        }
        for r in 3..8 {
            s.eliminate(Cell::new(r, 6), 5);
        }
        assert!(first(x_chain, &s).is_none_or(|x| x.chains[0].links.len() > 3));
        let step = first(grouped_aic, &s).unwrap();
        assert_eq!(step.technique, Technique::GroupedAic);
        assert!(step
            .eliminated()
            .any(|c| c == Candidate::new(Cell::new(8, 0), 5)));
        assert!(node_cells(&step)
            .iter()
            .any(|cells| cells == &vec![Cell::new(0, 7), Cell::new(0, 8)]));
    }

    #[test]
    fn length_bonus_follows_se() {
        assert_eq!(length_bonus(3), 0.0);
        assert!((length_bonus(5) - 0.1).abs() < 1e-6);
        assert!((length_bonus(7) - 0.2).abs() < 1e-6);
        assert!((length_bonus(9) - 0.3).abs() < 1e-6);
    }
}
