//! The graph a chain walks. A node is a digit in a set of cells of one
//! unit: one cell (a candidate), a group (the digit's cells where a box
//! and a line cross, two or three of them), or the cells of an almost
//! locked set (ALS) that hold the digit. A node is true when the digit is
//! in one of its cells, false when it is in none.
//!
//! - A strong link (if one end is false, the other is true) joins the two
//!   candidates of a bivalue cell, the two nodes that share every place of
//!   a digit in a unit, and two digits of one ALS (without the first digit
//!   its cells are locked on the others, so each other digit is in them).
//! - A weak link (if one end is true, the other is false) joins two
//!   candidates of one cell, and two nodes of one digit whose cells all see
//!   each other.
//!
//! Which nodes and links a search may use is its [`ChainKind`]: X-Chains keep
//! to one digit, XY-Chains to bivalue cells, AIC to candidates, grouped
//! AIC add groups, ALS chains add almost locked sets.

use super::super::als::{almost_locked_sets, Als};
use super::super::pattern::Why;
use super::super::pencilmarks::{bit, cells_of, Pencilmarks};
use super::node;
use crate::grid::{Cell, CellSet, Unit};
use std::collections::HashMap;

/// The nodes and links a chain search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// One digit: conjugate pairs and same-digit weak links.
    X,
    /// Bivalue cells for strong links, same-digit weak links between cells.
    Xy,
    /// Every candidate, and every link between candidates.
    Aic,
    /// [`ChainKind::Aic`] and groups.
    Grouped,
    /// [`ChainKind::Grouped`] and almost locked sets.
    AlsAic,
    /// Almost locked sets only (a bivalue cell is one of one cell), linked
    /// by their restricted common digits.
    AlsOnly,
}

impl ChainKind {
    fn groups(self) -> bool {
        matches!(self, ChainKind::Grouped | ChainKind::AlsAic)
    }

    fn als(self) -> bool {
        matches!(self, ChainKind::AlsAic | ChainKind::AlsOnly)
    }

    /// Strong links between the two candidates of a bivalue cell.
    fn cell_strong(self) -> bool {
        self != ChainKind::X
    }

    /// Strong links between the two places of a digit in a unit.
    fn unit_strong(self) -> bool {
        !matches!(self, ChainKind::Xy | ChainKind::AlsOnly)
    }

    /// Weak links between two candidates of one cell.
    fn cell_weak(self) -> bool {
        matches!(
            self,
            ChainKind::Aic | ChainKind::Grouped | ChainKind::AlsAic
        )
    }
}

/// A digit in a set of cells of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub digit: u8,
    /// The cells (a bit per cell); 0 for a candidate slot that is not a
    /// node of this graph.
    pub cells: u128,
}

impl Node {
    pub fn is_single(&self) -> bool {
        self.cells.count_ones() == 1
    }

    pub fn first_cell(&self) -> Cell {
        cells_of(self.cells).next().unwrap_or_default()
    }

    pub fn cell_set(&self) -> CellSet {
        CellSet::from_mask(self.cells)
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub to: u32,
    pub why: Why,
}

/// Nodes and their links in compressed rows: the links out of node `n`
/// are `strong[strong_at[n]..strong_at[n + 1]]` (and the same for weak).
pub(crate) struct Graph {
    pub kind: ChainKind,
    pub nodes: Vec<Node>,
    /// Cells that see every cell of each node.
    pub peers: Vec<u128>,
    strong_at: Vec<u32>,
    strong: Vec<Edge>,
    weak_at: Vec<u32>,
    weak: Vec<Edge>,
    /// The nodes a chain may start from, in search order.
    pub starts: Vec<u32>,
    /// Per digit, the nodes of more than one cell.
    multi: [Vec<u32>; 9],
    /// The nodes of more than one cell by digit and cells.
    index: HashMap<(u8, u128), u32>,
}

/// The largest almost locked set a chain uses: larger ones are rare in
/// chains and multiply the nodes.
pub(crate) const ALS_CELLS: usize = 4;

/// The largest set when every instance is wanted (`find_all`): other
/// solvers take sets of any size, and listing larger ones costs only time.
pub(crate) const ALL_ALS_CELLS: usize = 8;

/// Cells that see every cell of `mask`.
pub(crate) fn seen_by_all(s: &Pencilmarks, mask: u128) -> u128 {
    cells_of(mask).fold(crate::grid::masks::ALL_CELLS, |m, c| m & s.peer_mask(c)) & !mask
}

/// A unit holding every cell of `mask`, lines first.
fn unit_of(s: &Pencilmarks, mask: u128) -> Option<Unit> {
    let first = cells_of(mask).next()?;
    s.units_of(first)
        .iter()
        .copied()
        .find(|&u| mask & !s.unit_mask(u) == 0)
}

/// The houses whose crossings hold grouped nodes: each box or region with
/// the lines through it (row and column alternately, as the classic's
/// boxes were always read) and then the extra houses through it, and each
/// extra house (a window) with the lines through it.
fn group_houses(s: &Pencilmarks) -> Vec<(Unit, Vec<Unit>)> {
    let meets = |a: Unit, b: Unit| s.unit_mask(a) & s.unit_mask(b) != 0;
    let lines = |a: Unit, row: bool| -> Vec<Unit> {
        s.units()
            .iter()
            .copied()
            .filter(|&u| matches!(u, Unit::Row(_)) == row && u.is_line() && meets(a, u))
            .collect()
    };
    let extras: Vec<Unit> = s
        .units()
        .iter()
        .copied()
        .filter(|u| !u.is_line() && !u.is_region())
        .collect();
    let mut out = Vec::new();
    for region in s.regions() {
        let (rows, cols) = (lines(region, true), lines(region, false));
        let mut crossing = Vec::new();
        for i in 0..rows.len().max(cols.len()) {
            crossing.extend(rows.get(i));
            crossing.extend(cols.get(i));
        }
        crossing.extend(extras.iter().copied().filter(|&e| meets(region, e)));
        out.push((region, crossing));
    }
    for &extra in &extras {
        let mut crossing = lines(extra, true);
        crossing.extend(lines(extra, false));
        out.push((extra, crossing));
    }
    out
}

impl Graph {
    /// The graph of `kind`, its sets of at most `als_cells` cells.
    pub fn build(s: &Pencilmarks, kind: ChainKind, als_cells: usize) -> Graph {
        if kind.als() {
            Graph::build_with(s, kind, &almost_locked_sets(s, als_cells))
        } else {
            Graph::build_with(s, kind, &[])
        }
    }

    /// [`Graph::build`] with the almost locked sets already listed.
    pub fn build_with(s: &Pencilmarks, kind: ChainKind, sets: &[Als]) -> Graph {
        let mut nodes = vec![Node { digit: 0, cells: 0 }; 729];
        let mut index: HashMap<(u8, u128), u32> = HashMap::new();
        let mut als_links: Vec<(u32, u32, Why)> = Vec::new();
        if kind != ChainKind::AlsOnly {
            for d in 1..=9u8 {
                for c in cells_of(s.digit_mask(d)) {
                    nodes[node(c, d)] = Node {
                        digit: d,
                        cells: bit(c.index()),
                    };
                }
            }
        }
        let mut add = |nodes: &mut Vec<Node>, digit: u8, cells: u128| -> u32 {
            if cells.count_ones() == 1 {
                let c = cells_of(cells).next().unwrap_or_default();
                nodes[node(c, digit)] = Node { digit, cells };
                return node(c, digit) as u32;
            }
            *index.entry((digit, cells)).or_insert_with(|| {
                nodes.push(Node { digit, cells });
                nodes.len() as u32 - 1
            })
        };
        let crossings = if kind.groups() {
            group_houses(s)
        } else {
            Vec::new()
        };
        if kind.groups() {
            for d in 1..=9u8 {
                let dm = s.digit_mask(d);
                for &(region, ref crossing) in &crossings {
                    let bm = s.unit_mask(region) & dm;
                    if bm.count_ones() < 3 {
                        continue; // a group needs two cells and another place
                    }
                    for &other in crossing {
                        let m = bm & s.unit_mask(other);
                        if m.count_ones() >= 2 {
                            add(&mut nodes, d, m);
                        }
                    }
                }
            }
        }
        if kind.als() {
            let min_cells = if kind == ChainKind::AlsOnly { 1 } else { 2 };
            for a in sets.iter().filter(|a| a.size() >= min_cells) {
                let ids: Vec<(u8, u32)> = a
                    .cands
                    .iter()
                    .map(|d| (d, add(&mut nodes, d, a.by_digit[d as usize - 1])))
                    .collect();
                if a.size() == 1 {
                    continue; // a bivalue cell: its cell link says it
                }
                let why = als_why(a);
                for &(d, from) in &ids {
                    for &(z, to) in &ids {
                        if d != z {
                            als_links.push((from, to, why));
                        }
                    }
                }
            }
        }
        let n = nodes.len();
        let mut multi: [Vec<u32>; 9] = Default::default();
        for (i, nd) in nodes.iter().enumerate().skip(729) {
            multi[nd.digit as usize - 1].push(i as u32);
        }
        let peers: Vec<u128> = nodes.iter().map(|nd| seen_by_all(s, nd.cells)).collect();
        let mut g = Graph {
            kind,
            nodes,
            peers,
            strong_at: Vec::with_capacity(n + 1),
            strong: Vec::new(),
            weak_at: Vec::with_capacity(n + 1),
            weak: Vec::new(),
            starts: Vec::new(),
            multi,
            index,
        };
        als_links.sort_by_key(|l| l.0);
        let mut als_i = 0;
        for i in 0..n {
            g.strong_at.push(g.strong.len() as u32);
            g.weak_at.push(g.weak.len() as u32);
            if g.nodes[i].cells != 0 {
                g.links_of(s, i);
            }
            while als_i < als_links.len() && als_links[als_i].0 as usize == i {
                let (_, to, why) = als_links[als_i];
                g.strong.push(Edge { to, why });
                als_i += 1;
            }
        }
        g.strong_at.push(g.strong.len() as u32);
        g.weak_at.push(g.weak.len() as u32);
        g.starts = g.start_nodes(s);
        g
    }

    /// The strong and weak links out of node `i` (but ALS links).
    fn links_of(&mut self, s: &Pencilmarks, i: usize) {
        let nd = self.nodes[i];
        let d = nd.digit;
        let dm = s.digit_mask(d);
        if nd.is_single() {
            let c = nd.first_cell();
            let cs = s.cands(c);
            if self.kind.cell_strong() && cs.len() == 2 {
                if let Some(e) = cs.iter().find(|&e| e != d) {
                    self.strong.push(Edge {
                        to: node(c, e) as u32,
                        why: Why::Cell,
                    });
                }
            }
            if self.kind.cell_weak() {
                for e in cs.iter().filter(|&e| e != d) {
                    self.weak.push(Edge {
                        to: node(c, e) as u32,
                        why: Why::Cell,
                    });
                }
            }
        }
        if self.kind.unit_strong() {
            let first = nd.first_cell();
            for &u in s.units_of(first) {
                if nd.cells & !s.unit_mask(u) != 0 {
                    continue;
                }
                let rest = dm & s.unit_mask(u) & !nd.cells;
                if rest == 0 {
                    continue;
                }
                if let Some(to) = self.find(d, rest) {
                    self.strong.push(Edge {
                        to,
                        why: Why::Unit(u),
                    });
                }
            }
        }
        // Weak links: nodes of the digit inside the cells seeing all of
        // this one.
        let seen = self.peers[i] & dm;
        for c in cells_of(seen) {
            let to = node(c, d);
            if self.nodes[to].cells == 0 {
                continue;
            }
            let why = unit_of(s, nd.cells | bit(c.index())).map_or(Why::Sees, Why::Unit);
            self.weak.push(Edge { to: to as u32, why });
        }
        for k in 0..self.multi[d as usize - 1].len() {
            let to = self.multi[d as usize - 1][k];
            let m = self.nodes[to as usize].cells;
            if m & !seen != 0 {
                continue;
            }
            // Ends whose cells all see each other through different
            // units (places of a digit in two sets) are linked too.
            let why = unit_of(s, nd.cells | m).map_or(Why::Sees, Why::Unit);
            self.weak.push(Edge { to, why });
        }
    }

    /// The node of `digit` on exactly the cells of `mask`, if any.
    fn find(&self, digit: u8, mask: u128) -> Option<u32> {
        if mask.count_ones() == 1 {
            let c = cells_of(mask).next()?;
            let i = node(c, digit);
            return (self.nodes[i].cells != 0).then_some(i as u32);
        }
        self.index.get(&(digit, mask)).copied()
    }

    fn start_nodes(&self, s: &Pencilmarks) -> Vec<u32> {
        let singles = (1..=9u8).flat_map(|d| cells_of(s.digit_mask(d)).map(move |c| (c, d)));
        let mut out: Vec<u32> = match self.kind {
            ChainKind::Xy => cells_of(s.bivalue_mask())
                .flat_map(|c| s.cands(c).iter().map(move |d| node(c, d) as u32))
                .collect(),
            _ => singles
                .map(|(c, d)| node(c, d) as u32)
                .filter(|&i| self.nodes[i as usize].cells != 0)
                .collect(),
        };
        if self.kind.groups() || self.kind.als() {
            out.extend(729..self.nodes.len() as u32);
        }
        out
    }

    pub fn strong_out(&self, n: usize) -> &[Edge] {
        &self.strong[self.strong_at[n] as usize..self.strong_at[n + 1] as usize]
    }

    pub fn weak_out(&self, n: usize) -> &[Edge] {
        &self.weak[self.weak_at[n] as usize..self.weak_at[n + 1] as usize]
    }

    /// The weak link from `a` (true) to `b` (false), if the graph has one.
    pub fn weak_link(&self, a: usize, b: usize) -> Option<Why> {
        self.weak_out(a)
            .iter()
            .find(|e| e.to as usize == b)
            .map(|e| e.why)
    }
}

fn als_why(a: &Als) -> Why {
    Why::Als {
        cells: CellSet::from_mask(a.cells),
        digits: a.cands,
    }
}
