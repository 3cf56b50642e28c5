//! The search for chains: a breadth-first walk from each start node,
//! supposed false, through alternating strong and weak links, over
//! (node, true/false) states. Reaching a node true proves that the start
//! or that node is true; the first such end that removes something gives
//! the shortest chain from that start. An end with a weak link back to the
//! start closes a continuous loop, whose every weak link is then strong.

use super::super::instances::Instances;
use super::super::pattern::{Candidate, Link, LinkKind, Why};
use super::super::pencilmarks::{cells_of, Pencilmarks};
use super::graph::{seen_by_all, ChainKind, Graph};

/// The longest chain searched, in links.
const MAX_LINKS: usize = 24;

/// A chain found: its links (the closing one included for a loop), what
/// it concludes, and whether it is a continuous loop.
pub(crate) struct Found {
    pub links: Vec<Link>,
    pub eliminations: Vec<Candidate>,
    pub placement: Option<Candidate>,
    pub is_loop: bool,
}

impl Found {
    pub fn len(&self) -> usize {
        self.links.len()
    }
}

/// Candidates that both `a` true and `b` true rule out: one of the two is
/// true, so they are false.
pub(crate) fn common_victims(s: &Pencilmarks, g: &Graph, a: usize, b: usize) -> Vec<Candidate> {
    let (na, nb) = (g.nodes[a], g.nodes[b]);
    let mut out = Vec::new();
    if na.digit == nb.digit {
        let d = na.digit;
        let m = s.digit_mask(d) & g.peers[a] & g.peers[b] & !(na.cells | nb.cells);
        out.extend(cells_of(m).map(|c| Candidate::new(c, d)));
        return out;
    }
    if na.is_single() && nb.is_single() && na.cells == nb.cells {
        let c = na.first_cell();
        out.extend(
            s.cands(c)
                .iter()
                .filter(|&e| e != na.digit && e != nb.digit)
                .map(|e| Candidate::new(c, e)),
        );
        return out;
    }
    // A cell of one end that sees all of the other loses the other's digit.
    for (x, y, x_peers) in [(na, nb, g.peers[a]), (nb, na, g.peers[b])] {
        if y.is_single() && x_peers & y.cells != 0 {
            let c = y.first_cell();
            if s.has(c, x.digit) {
                out.push(Candidate::new(c, x.digit));
            }
        }
    }
    out
}

/// Per-search scratch: the BFS tree over states `node * 2 + on`.
struct Tree {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    why: Vec<Why>,
    depth: Vec<u8>,
    queue: Vec<u32>,
    generation: u32,
}

impl Tree {
    fn new(nodes: usize) -> Tree {
        Tree {
            stamp: vec![0; nodes * 2],
            parent: vec![0; nodes * 2],
            why: vec![Why::Cell; nodes * 2],
            depth: vec![0; nodes * 2],
            queue: Vec::with_capacity(nodes * 2),
            generation: 0,
        }
    }

    fn seen(&self, st: usize) -> bool {
        self.stamp[st] == self.generation
    }

    /// Starts a new search from the state `root`.
    fn restart(&mut self, root: usize) {
        self.generation += 1;
        self.queue.clear();
        self.stamp[root] = self.generation;
        self.parent[root] = root as u32;
        self.depth[root] = 0;
        self.queue.push(root as u32);
    }

    /// Records state `ns`, reached from `st` by a link of `why`; `false`
    /// when it was reached before.
    fn reach(&mut self, ns: usize, st: usize, why: Why) -> bool {
        if self.seen(ns) {
            return false;
        }
        self.stamp[ns] = self.generation;
        self.parent[ns] = st as u32;
        self.why[ns] = why;
        self.depth[ns] = self.depth[st] + 1;
        self.queue.push(ns as u32);
        true
    }

    /// The states from the root to `end`.
    fn path(&self, end: usize) -> Vec<usize> {
        let mut out = vec![end];
        let mut st = end;
        while self.parent[st] as usize != st {
            st = self.parent[st] as usize;
            out.push(st);
        }
        out.reverse();
        out
    }
}

fn link(g: &Graph, from: usize, to: usize, kind: LinkKind, why: Why) -> Link {
    let (a, b) = (g.nodes[from], g.nodes[to]);
    Link {
        from: Candidate::new(a.first_cell(), a.digit),
        to: Candidate::new(b.first_cell(), b.digit),
        kind,
        why,
        from_cells: a.cell_set(),
        to_cells: b.cell_set(),
        with: crate::grid::CellSet::EMPTY,
    }
}

/// What a loop through `nodes` (start first; the last links back to the
/// start weakly) removes: both ends of each weak link rule out what they
/// both see, and an ALS passed through is locked on its other digits.
fn loop_victims(s: &Pencilmarks, g: &Graph, nodes: &[usize], whys: &[Why]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let n = nodes.len();
    for i in 0..n {
        let (a, b) = (nodes[i], nodes[(i + 1) % n]);
        // Links alternate strong (from the start), weak, ...; the closing
        // link (from the last node) is weak.
        if i % 2 == 1 {
            out.extend(common_victims(s, g, a, b));
        } else if let Why::Als { cells, digits } = whys[i] {
            let (da, db) = (g.nodes[a].digit, g.nodes[b].digit);
            for w in digits.iter().filter(|&w| w != da && w != db) {
                let wm = s.digit_mask(w) & cells.mask();
                let victims = s.digit_mask(w) & seen_by_all(s, wm) & !cells.mask();
                out.extend(cells_of(victims).map(|c| Candidate::new(c, w)));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Searches chains of `g` from every start; each chain that concludes
/// something goes to `report` with its length as the key. When only the
/// best is wanted, a chain must be strictly shorter than the best so far,
/// and each start stops at its first chain.
pub(crate) fn search(
    s: &Pencilmarks,
    g: &Graph,
    out: &mut Instances,
    report: &mut impl FnMut(Found, &mut Instances),
) {
    let all = out.wants_all();
    let mut t = Tree::new(g.nodes.len());
    for &start in &g.starts {
        let start = start as usize;
        let bound = |out: &Instances| {
            if all {
                MAX_LINKS + 1
            } else {
                out.best_key().map_or(MAX_LINKS + 1, |k| k as usize)
            }
        };
        if bound(out) <= 3 {
            return;
        }
        t.restart(start * 2);
        let mut qi = 0;
        'bfs: while qi < t.queue.len() {
            let st = t.queue[qi] as usize;
            qi += 1;
            let d = t.depth[st] as usize;
            if d + 1 >= bound(out) {
                break;
            }
            let (n, on) = (st / 2, st % 2 == 1);
            let edges = if on { g.weak_out(n) } else { g.strong_out(n) };
            for e in edges {
                let ns = e.to as usize * 2 + usize::from(!on);
                if !t.reach(ns, st, e.why) {
                    continue;
                }
                if on || d + 1 < 3 {
                    continue;
                }
                if let Some(found) = conclude(s, g, &t, start, ns) {
                    if found.len() < bound(out) {
                        report(found, out);
                        if !all {
                            break 'bfs;
                        }
                    }
                }
            }
        }
        if all {
            loops_from_true(s, g, &mut t, start, out, report);
        }
    }
}

/// For the all-instances listing: the continuous loops through `start`
/// found by supposing it true (first link weak) and coming back to it by a
/// strong link. That search's tree is not the one from "start false", so
/// it closes other loops through the start (solvers that table both
/// suppositions, as HoDoKu does, report those). The engine's own step
/// keeps to the search above.
fn loops_from_true(
    s: &Pencilmarks,
    g: &Graph,
    t: &mut Tree,
    start: usize,
    out: &mut Instances,
    report: &mut impl FnMut(Found, &mut Instances),
) {
    t.restart(start * 2 + 1);
    let mut qi = 0;
    while qi < t.queue.len() {
        let st = t.queue[qi] as usize;
        qi += 1;
        let d = t.depth[st] as usize;
        if d + 2 > MAX_LINKS {
            break;
        }
        let (n, on) = (st / 2, st % 2 == 1);
        let edges = if on { g.weak_out(n) } else { g.strong_out(n) };
        for e in edges {
            let ns = e.to as usize * 2 + usize::from(!on);
            if !t.reach(ns, st, e.why) {
                continue;
            }
            // A false node with a strong link back to the start closes a
            // loop of at least four links.
            let last = e.to as usize;
            if !on || d + 1 < 3 || last == start {
                continue;
            }
            let Some(closing) = g.strong_out(last).iter().find(|x| x.to as usize == start) else {
                continue;
            };
            if let Some(found) = reversed_loop(s, g, t, start, ns, closing.why) {
                report(found, out);
            }
        }
    }
}

/// The loop of [`loops_from_true`] ending at state `end`, written from the
/// start's strong link (the closing one) backwards, as every loop is.
fn reversed_loop(
    s: &Pencilmarks,
    g: &Graph,
    t: &Tree,
    start: usize,
    end: usize,
    closing: Why,
) -> Option<Found> {
    let path = t.path(end);
    let mut nodes = vec![start];
    let mut whys = vec![closing];
    for &st in path[1..].iter().rev() {
        nodes.push(st / 2);
        whys.push(t.why[st]);
    }
    let mut sorted = nodes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != nodes.len() {
        return None;
    }
    let victims = loop_victims(s, g, &nodes, &whys);
    if victims.is_empty() {
        return None;
    }
    let n = nodes.len();
    let links = (0..n)
        .map(|i| {
            let kind = if i % 2 == 0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            link(g, nodes[i], nodes[(i + 1) % n], kind, whys[i])
        })
        .collect();
    Some(Found {
        links,
        eliminations: victims,
        placement: None,
        is_loop: true,
    })
}

/// Whether `a` true and `b` true both rule out some candidate: the cheap
/// test before [`common_victims`] lists them.
fn any_common_victim(s: &Pencilmarks, g: &Graph, a: usize, b: usize) -> bool {
    let (na, nb) = (g.nodes[a], g.nodes[b]);
    if na.digit == nb.digit {
        return s.digit_mask(na.digit) & g.peers[a] & g.peers[b] & !(na.cells | nb.cells) != 0;
    }
    if na.is_single() && nb.is_single() && na.cells == nb.cells {
        return s.cands(na.first_cell()).len() > 2;
    }
    (nb.is_single() && g.peers[a] & nb.cells != 0 && s.has(nb.first_cell(), na.digit))
        || (na.is_single() && g.peers[b] & na.cells != 0 && s.has(na.first_cell(), nb.digit))
}

/// What the chain from `start` false to the node of `end` (a true state)
/// concludes: a loop when it closes back on the start, else a chain.
fn conclude(s: &Pencilmarks, g: &Graph, t: &Tree, start: usize, end: usize) -> Option<Found> {
    let e = end / 2;
    let (ns, ne) = (g.nodes[start], g.nodes[e]);
    if g.kind == ChainKind::Xy && ns.digit != ne.digit {
        return None;
    }
    if g.kind == ChainKind::AlsOnly && (t.depth[end] as usize) < 5 {
        return None; // two sets: ALS-XZ, found on its own
    }
    let closing = if e == start {
        None
    } else {
        g.weak_link(e, start)
    };
    if e == start {
        if !ns.is_single() && s.digit_mask(ns.digit) & g.peers[start] == 0 {
            return None;
        }
    } else if closing.is_none() && !any_common_victim(s, g, start, e) {
        return None;
    }
    let path = t.path(end);
    let nodes: Vec<usize> = path.iter().map(|&st| st / 2).collect();
    let mut links: Vec<Link> = (1..path.len())
        .map(|i| {
            let kind = if path[i] % 2 == 1 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            link(g, nodes[i - 1], nodes[i], kind, t.why[path[i]])
        })
        .collect();
    // A continuous loop: the end sees the start back, every node once.
    if e != start {
        if let Some(why) = closing {
            let mut sorted = nodes.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() == nodes.len() {
                let mut whys: Vec<Why> = path[1..].iter().map(|&st| t.why[st]).collect();
                whys.push(why);
                let victims = loop_victims(s, g, &nodes, &whys);
                if !victims.is_empty() {
                    links.push(link(g, e, start, LinkKind::Weak, why));
                    return Some(Found {
                        links,
                        eliminations: victims,
                        placement: None,
                        is_loop: true,
                    });
                }
            }
        }
    }
    if e == start {
        // Start false forces start true: it is true.
        if ns.is_single() {
            return Some(Found {
                links,
                eliminations: Vec::new(),
                placement: Some(Candidate::new(ns.first_cell(), ns.digit)),
                is_loop: false,
            });
        }
        let victims = s.digit_mask(ns.digit) & g.peers[start];
        if victims == 0 {
            return None;
        }
        return Some(Found {
            links,
            eliminations: cells_of(victims)
                .map(|c| Candidate::new(c, ns.digit))
                .collect(),
            placement: None,
            is_loop: false,
        });
    }
    let victims = common_victims(s, g, start, e);
    if victims.is_empty() {
        return None;
    }
    Some(Found {
        links,
        eliminations: victims,
        placement: None,
        is_loop: false,
    })
}
