//! X-Chains, XY-Chains and alternating inference chains (AIC).
//!
//! A chain alternates strong links (if one end is false, the other is true)
//! and weak links (if one end is true, the other is false). Starting from
//! "candidate s is false" and following strong, weak, strong... links to
//! "candidate z is true" proves that s or z is true, so any candidate that
//! sees both is false. A breadth-first search over (candidate, true/false)
//! finds the shortest such chain; parents make it explainable link by link.

use super::pattern::{Candidate, Chain, Link, LinkKind, Pattern, Why};
use super::pencilmarks::{bit, cells_of, Pencilmarks, PEER_MASK, UNIT_MASK};
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Unit};

#[derive(Clone, Copy, PartialEq, Eq)]
enum ChainKind {
    /// One digit, conjugate pairs and same-digit weak links.
    X,
    /// Bivalue cells for strong links, same-digit weak links between cells.
    Xy,
    /// Everything.
    Any,
}

#[inline]
pub(crate) fn node(cell: Cell, digit: u8) -> usize {
    cell.index() * 9 + digit as usize - 1
}

#[inline]
pub(crate) fn cand(n: usize) -> Candidate {
    Candidate::new(Cell::ALL[n / 9], (n % 9) as u8 + 1)
}

/// Calls `f(next node, why)` for each strong link out of `n`.
fn strong_out(s: &Pencilmarks, kind: ChainKind, n: usize, f: &mut impl FnMut(usize, Why)) {
    let c = cand(n);
    let cs = s.cands(c.cell);
    if kind != ChainKind::X && cs.len() == 2 {
        let other = (cs - crate::grid::Candidates::single(c.digit))
            .first()
            .unwrap_or(c.digit);
        f(node(c.cell, other), Why::Cell);
    }
    if kind == ChainKind::Xy {
        return;
    }
    let dm = s.digit_mask(c.digit);
    let mut seen = 0u128;
    for u in c.cell.units() {
        let m = dm & UNIT_MASK[u.index()];
        if m.count_ones() == 2 {
            let o = m & !bit(c.cell.index());
            if seen & o == 0 {
                seen |= o;
                f(
                    node(cells_of(o).next().unwrap_or_default(), c.digit),
                    Why::Unit(u),
                );
            }
        }
    }
}

/// Calls `f(next node, why)` for each weak link out of `n`.
fn weak_out(s: &Pencilmarks, kind: ChainKind, n: usize, f: &mut impl FnMut(usize, Why)) {
    let c = cand(n);
    if kind == ChainKind::Any {
        for d in s.cands(c.cell).iter() {
            if d != c.digit {
                f(node(c.cell, d), Why::Cell);
            }
        }
    }
    for o in cells_of(s.digit_mask(c.digit) & PEER_MASK[c.cell.index()]) {
        let u = shared_unit(c.cell, o);
        f(node(o, c.digit), Why::Unit(u));
    }
}

pub(crate) fn shared_unit(a: Cell, b: Cell) -> Unit {
    if a.row() == b.row() {
        Unit::Row(a.row() as u8)
    } else if a.col() == b.col() {
        Unit::Col(a.col() as u8)
    } else {
        Unit::Box(a.box_index() as u8)
    }
}

/// What a chain from "s false" to "z true" removes.
fn conclusions(s: &Pencilmarks, start: usize, end: usize, step: &mut Step) {
    let (a, z) = (cand(start), cand(end));
    if a == z {
        step.place(a.cell, a.digit);
        return;
    }
    if a.digit == z.digit {
        let v = s.digit_mask(a.digit) & PEER_MASK[a.cell.index()] & PEER_MASK[z.cell.index()];
        for c in cells_of(v) {
            step.eliminate(c, a.digit);
        }
    } else if a.cell == z.cell {
        for d in s.cands(a.cell).iter() {
            if d != a.digit && d != z.digit {
                step.eliminate(a.cell, d);
            }
        }
    } else if a.cell.sees(z.cell) {
        if s.has(z.cell, a.digit) {
            step.eliminate(z.cell, a.digit);
        }
        if s.has(a.cell, z.digit) {
            step.eliminate(a.cell, z.digit);
        }
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

fn search(s: &Pencilmarks, kind: ChainKind, technique: Technique) -> Option<Step> {
    let starts: Vec<usize> = match kind {
        ChainKind::Xy => cells_of(s.bivalue_mask())
            .flat_map(|c| s.cands(c).iter().map(move |d| node(c, d)))
            .collect(),
        _ => (1..=9u8)
            .flat_map(|d| cells_of(s.digit_mask(d)).map(move |c| node(c, d)))
            .collect(),
    };
    let mut best: Option<(usize, Step)> = None;
    // Pencilmarks index: node * 2 + (1 if the node is true).
    let mut parent = vec![u16::MAX; 729 * 2];
    let mut why = vec![Why::Cell; 729 * 2];
    let mut depth = vec![0u8; 729 * 2];
    let mut queue: Vec<usize> = Vec::with_capacity(1458);
    for &start in &starts {
        parent.iter_mut().for_each(|p| *p = u16::MAX);
        queue.clear();
        let root = start * 2;
        parent[root] = root as u16;
        depth[root] = 0;
        queue.push(root);
        let mut qi = 0;
        while qi < queue.len() {
            let st = queue[qi];
            qi += 1;
            let d = depth[st] as usize;
            if best.as_ref().is_some_and(|(len, _)| d + 1 >= *len) {
                break;
            }
            let (n, on) = (st / 2, st % 2 == 1);
            let mut next: Vec<(usize, Why)> = Vec::new();
            if on {
                weak_out(s, kind, n, &mut |m, w| next.push((m * 2, w)));
            } else {
                strong_out(s, kind, n, &mut |m, w| next.push((m * 2 + 1, w)));
            }
            for (ns, w) in next {
                if parent[ns] != u16::MAX {
                    continue;
                }
                parent[ns] = st as u16;
                why[ns] = w;
                depth[ns] = (d + 1) as u8;
                queue.push(ns);
                if ns % 2 == 1 && d + 1 >= 3 {
                    let pattern = Pattern::Chain {
                        start: cand(start),
                        end: cand(ns / 2),
                    };
                    let mut step = Step::new(technique, pattern);
                    conclusions(s, start, ns / 2, &mut step);
                    if step.is_progress() {
                        let links = rebuild(&parent, &why, ns);
                        let kind_ok =
                            kind != ChainKind::Xy || cand(start).digit == cand(ns / 2).digit;
                        if kind_ok {
                            best = Some((d + 1, finish_chain(step, links)));
                            break;
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

fn rebuild(parent: &[u16], why: &[Why], end: usize) -> Vec<Link> {
    let mut links = Vec::new();
    let mut st = end;
    while parent[st] as usize != st {
        let p = parent[st] as usize;
        links.push(Link {
            from: cand(p / 2),
            to: cand(st / 2),
            kind: if st % 2 == 1 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            },
            why: why[st],
        });
        st = p;
    }
    links.reverse();
    links
}

fn finish_chain(mut step: Step, links: Vec<Link>) -> Step {
    step.score += length_bonus(links.len());
    let first = links[0];
    step.focus = vec![first.why_unit()];
    let mut cands: Vec<Candidate> = links.iter().flat_map(|l| [l.from, l.to]).collect();
    cands.sort();
    cands.dedup();
    step.highlights.candidates = cands;
    step.highlights.links = links.clone();
    step.chains = vec![Chain {
        premise: None,
        links,
        contradiction: None,
    }];
    step.finish()
}

pub(crate) fn x_chain(s: &Pencilmarks) -> Option<Step> {
    search(s, ChainKind::X, Technique::XChain)
}

pub(crate) fn xy_chain(s: &Pencilmarks) -> Option<Step> {
    search(s, ChainKind::Xy, Technique::XyChain)
}

pub(crate) fn aic(s: &Pencilmarks) -> Option<Step> {
    search(s, ChainKind::Any, Technique::Aic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::next_step_in;

    #[test]
    fn xy_chain_of_four_cells() {
        let mut s = Pencilmarks::from_grid(&Grid::empty());
        // 1-2 r1c1, 2-3 r1c5, 3-4 r5c5, 4-1 r5c9... ends r1c1 (1) and r5c9
        // (1): r1c9 and r5c1 see both ends and lose 1.
        s.keep_only(Cell::new(0, 0), &[1, 2]);
        s.keep_only(Cell::new(0, 4), &[2, 3]);
        s.keep_only(Cell::new(4, 4), &[3, 4]);
        s.keep_only(Cell::new(4, 8), &[4, 1]);
        let step = xy_chain(&s).unwrap();
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
    fn length_bonus_follows_se() {
        assert_eq!(length_bonus(3), 0.0);
        assert!((length_bonus(5) - 0.1).abs() < 1e-6);
        assert!((length_bonus(7) - 0.2).abs() < 1e-6);
        assert!((length_bonus(9) - 0.3).abs() < 1e-6);
    }
}
