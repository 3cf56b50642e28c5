//! Chains on any shape: X-chains (one value, strong links in houses),
//! XY-chains (bivalue cells) and alternating inference chains (both).
//!
//! A chain starts by supposing a candidate false and alternates strong
//! links ("if this is not true, that is") and weak ones ("if this is
//! true, that is not"), ending on a candidate it proves true: so the
//! first or the last candidate holds, and any candidate that sees both
//! is false. The search is breadth-first from every start, so the chain
//! found is a shortest one.

use super::marks::{bit, values_of, SizedMarks};
use super::step::{SizedCandidate, SizedPattern, SizedStep};
use crate::logic::Technique;
use std::collections::VecDeque;

/// The candidates and links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainKind {
    /// One value, strong links between its two places in a house.
    SingleValue,
    /// Bivalue cells, strong links between a cell's two values.
    Bivalue,
    /// Any candidate, either strong link.
    Any,
}

/// The longest chain searched, in candidates.
const MAX_NODES: usize = 24;

/// A node's number: 16 slots per cell.
fn node(c: SizedCandidate) -> usize {
    usize::from(c.cell) * 16 + usize::from(c.value - 1)
}

fn candidate(n: usize) -> SizedCandidate {
    SizedCandidate::new((n / 16) as u16, (n % 16) as u8 + 1)
}

/// The strong links each candidate has, as `kind` allows them.
fn strong_links(s: &SizedMarks, kind: ChainKind) -> Vec<Vec<usize>> {
    let mut links = vec![Vec::new(); s.cell_count() * 16];
    if kind != ChainKind::Bivalue {
        for h in 0..s.house_count() {
            for v in 1..=s.side() as u8 {
                let places: Vec<u16> = s.places(h, v).iter().collect();
                if let [a, b] = places[..] {
                    let (a, b) = (
                        node(SizedCandidate::new(a, v)),
                        node(SizedCandidate::new(b, v)),
                    );
                    if !links[a].contains(&b) {
                        links[a].push(b);
                        links[b].push(a);
                    }
                }
            }
        }
    }
    if kind != ChainKind::SingleValue {
        for cell in 0..s.cell_count() as u16 {
            let vs: Vec<u8> = values_of(s.candidates(cell)).collect();
            if let [x, y] = vs[..] {
                let (a, b) = (
                    node(SizedCandidate::new(cell, x)),
                    node(SizedCandidate::new(cell, y)),
                );
                links[a].push(b);
                links[b].push(a);
            }
        }
    }
    links
}

/// The candidates a true `c` makes false, as `kind` allows them.
fn weak_links(s: &SizedMarks, c: SizedCandidate, kind: ChainKind) -> Vec<usize> {
    let mut out: Vec<usize> = s
        .peers(c.cell)
        .iter()
        .filter(|&p| s.has(p, c.value))
        .filter(|&p| kind != ChainKind::Bivalue || s.candidates(p).count_ones() == 2)
        .map(|p| node(SizedCandidate::new(p, c.value)))
        .collect();
    if kind == ChainKind::Any {
        out.extend(
            values_of(s.candidates(c.cell) & !bit(c.value))
                .map(|v| node(SizedCandidate::new(c.cell, v))),
        );
    }
    out
}

/// The candidates that see both ends of a chain (one of which holds).
fn seeing_both(s: &SizedMarks, a: SizedCandidate, b: SizedCandidate) -> Vec<SizedCandidate> {
    if a.cell == b.cell {
        let keep = bit(a.value) | bit(b.value);
        return values_of(s.candidates(a.cell) & !keep)
            .map(|v| SizedCandidate::new(a.cell, v))
            .collect();
    }
    if a.value == b.value {
        return s
            .peers(a.cell)
            .and(s.peers(b.cell))
            .iter()
            .filter(|&c| s.has(c, a.value))
            .map(|c| SizedCandidate::new(c, a.value))
            .collect();
    }
    if !s.sees(a.cell, b.cell) {
        return Vec::new();
    }
    [
        SizedCandidate::new(a.cell, b.value),
        SizedCandidate::new(b.cell, a.value),
    ]
    .into_iter()
    .filter(|c| s.has(c.cell, c.value))
    .collect()
}

/// The shortest chain of `kind` with at most `max_nodes` candidates that
/// eliminates something.
pub fn shortest_chain(s: &SizedMarks, kind: ChainKind, max_nodes: usize) -> Option<SizedStep> {
    let max_nodes = max_nodes.min(MAX_NODES);
    let strong = strong_links(s, kind);
    let states = strong.len() * 2;
    let mut parent = vec![usize::MAX; states];
    let mut stamp = vec![usize::MAX; states];
    let mut best: Option<(Vec<SizedCandidate>, Vec<SizedCandidate>)> = None;
    for start in (0..strong.len()).filter(|&n| !strong[n].is_empty()) {
        let limit = best
            .as_ref()
            .map_or(max_nodes, |(nodes, _)| nodes.len() - 1);
        if limit < 2 {
            break;
        }
        let first = candidate(start);
        // States: node * 2 + 1 when the node is true, + 0 when false.
        let mut queue = VecDeque::from([(start * 2, 1usize)]);
        stamp[start * 2] = start;
        parent[start * 2] = usize::MAX;
        while let Some((state, len)) = queue.pop_front() {
            if len >= limit {
                continue;
            }
            let (n, truth) = (state / 2, state % 2 == 1);
            let next: Vec<usize> = if truth {
                weak_links(s, candidate(n), kind)
                    .into_iter()
                    .map(|m| m * 2)
                    .collect()
            } else {
                strong[n].iter().map(|&m| m * 2 + 1).collect()
            };
            let mut found = None;
            for m in next {
                if stamp[m] == start {
                    continue;
                }
                stamp[m] = start;
                parent[m] = state;
                let last = candidate(m / 2);
                if m % 2 == 1 && m / 2 != start {
                    let kills = seeing_both(s, first, last);
                    if !kills.is_empty() {
                        found = Some((m, kills));
                        break;
                    }
                }
                queue.push_back((m, len + 1));
            }
            if let Some((end, kills)) = found {
                let mut nodes = Vec::new();
                let mut at = end;
                while at != usize::MAX {
                    nodes.push(candidate(at / 2));
                    at = parent[at];
                }
                nodes.reverse();
                best = Some((nodes, kills));
                break;
            }
        }
    }
    let (nodes, eliminations) = best?;
    let technique = match kind {
        ChainKind::SingleValue if nodes.len() <= 4 => Technique::TurbotFish,
        ChainKind::SingleValue => Technique::XChain,
        ChainKind::Bivalue => Technique::XyChain,
        ChainKind::Any => Technique::Aic,
    };
    Some(SizedStep::eliminating(
        technique,
        SizedPattern::Chain { nodes },
        eliminations,
    ))
}
