//! A quick certificate that the rule engine never needs a forcing chain on
//! a classic puzzle, for the generator's Extreme search: most candidates it
//! rates are easier, and the engine's own walk, step by explained step,
//! takes milliseconds to say so where this takes microseconds.
//!
//! The certificate is the closure of the puzzle under a set T of rules:
//! naked and hidden singles, locked candidates, naked and hidden subsets of
//! two to four, basic fish of two to four lines, and alternating inference
//! chains of single candidates of at most 23 links (the engine's search
//! goes to 24). Each is applied in bulk, every elimination of a pass at
//! once, in any order. When the closure solves the puzzle, the engine's
//! walk, whatever order it takes its steps in, never reaches a forcing
//! chain, so no step of it rates 8.5 or more: the puzzle is not Extreme.
//! Two properties of T make that certain:
//!
//! 1. A rule of T that removes a candidate from a state leaves a rule of T
//!    to apply on any smaller state (fewer candidates, the solution still
//!    in) that still holds the candidate. A subset, a fish or a chain
//!    whose cells lost candidates is a smaller subset, fish or chain, or
//!    degenerates into a single (a strong link one end of which is gone
//!    makes the other end a single; the singles propagate along the chain
//!    to an end, whose placement removes the candidate). So every state
//!    where no rule of T applies, below a state the closure solves, is
//!    solved itself: the closure of any state the engine's walk reaches is
//!    the solution, and an unsolved state always has a rule of T to apply.
//! 2. Where a rule of T applies, one of the engine's finders before the
//!    forcing chains finds a step: singles, locked candidates, subsets and
//!    basic fish are found by the engine's finders of those names (the
//!    same definitions), and a chain of T is in the graph of the engine's
//!    grouped-AIC search, whose breadth-first walk from the chain's start
//!    reaches its end within 24 links and concludes there, unless the two
//!    ends are a strong link, whose common victims are locked candidates.
//!
//! A puzzle the closure does not solve proves nothing here: the engine
//! rates it in full.

use crate::grid::masks::{ALL_CELLS, PEER_MASKS, UNIT_MASKS};
use crate::grid::Grid;

#[inline]
const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// Iterates the set bits of a mask, lowest first.
#[inline]
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The box of each cell, as a unit index (18..27).
const fn box_unit(cell: usize) -> usize {
    18 + (cell / 27) * 3 + (cell % 9) / 3
}

/// Candidates as digit-major bitboards and cell-major masks, kept in sync.
struct Marks {
    /// Per digit (0..9), the open cells that may hold it.
    digits: [u128; 9],
    /// Per cell, its candidates (bit `d` for digit `d + 1`); 0 once placed.
    cells: [u16; 81],
    /// Per digit, the cells where it is placed.
    placed: [u128; 9],
    /// Every placed cell.
    filled: u128,
}

impl Marks {
    fn new(puzzle: &Grid) -> Marks {
        let mut m = Marks {
            digits: [ALL_CELLS; 9],
            cells: [0x1ff; 81],
            placed: [0; 9],
            filled: 0,
        };
        for (i, &d) in puzzle.digits().iter().enumerate() {
            if d != 0 {
                m.place(i, d as usize - 1);
            }
        }
        m
    }

    fn place(&mut self, cell: usize, d: usize) {
        self.filled |= bit(cell);
        self.placed[d] |= bit(cell);
        for x in bits(u128::from(self.cells[cell])) {
            self.digits[x] &= !bit(cell);
        }
        self.cells[cell] = 0;
        let seen = self.digits[d] & PEER_MASKS[cell];
        for p in bits(seen) {
            self.cells[p] &= !(1 << d);
        }
        self.digits[d] &= !seen;
    }

    fn eliminate(&mut self, cell: usize, d: usize) {
        self.cells[cell] &= !(1 << d);
        self.digits[d] &= !bit(cell);
    }

    fn eliminate_all(&mut self, d: usize, cells: u128) -> bool {
        let victims = self.digits[d] & cells;
        for c in bits(victims) {
            self.cells[c] &= !(1 << d);
        }
        self.digits[d] &= !victims;
        victims != 0
    }

    fn solved(&self) -> bool {
        self.filled == ALL_CELLS
    }

    /// Naked and hidden singles until none is left; `None` when the grid
    /// breaks (an open cell or a unit's missing digit without a place).
    fn singles(&mut self) -> Option<()> {
        loop {
            let mut progress = false;
            for c in bits(ALL_CELLS & !self.filled) {
                let cands = self.cells[c];
                if cands == 0 {
                    return None;
                }
                if cands.count_ones() == 1 {
                    self.place(c, cands.trailing_zeros() as usize);
                    progress = true;
                }
            }
            for u in UNIT_MASKS {
                for d in 0..9 {
                    let m = self.digits[d] & u;
                    if m == 0 {
                        if self.placed[d] & u == 0 {
                            return None;
                        }
                    } else if m & (m - 1) == 0 {
                        self.place(m.trailing_zeros() as usize, d);
                        progress = true;
                    }
                }
            }
            if !progress {
                return Some(());
            }
        }
    }

    /// Pointing and claiming.
    fn locked(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            for u in 0..27 {
                let m = self.digits[d] & UNIT_MASKS[u];
                if m == 0 {
                    continue;
                }
                let first = m.trailing_zeros() as usize;
                let crossing: [usize; 2] = if u >= 18 {
                    [first / 9, 9 + first % 9]
                } else {
                    [box_unit(first), box_unit(first)]
                };
                for other in crossing {
                    if m & !UNIT_MASKS[other] == 0 {
                        progress |= self.eliminate_all(d, UNIT_MASKS[other] & !UNIT_MASKS[u]);
                    }
                }
            }
        }
        progress
    }

    /// Naked subsets of 2 to 4 cells: `n` open cells of a unit with `n`
    /// candidates between them (each cell at most `n`).
    fn naked(&mut self) -> bool {
        let mut progress = false;
        for unit in UNIT_MASKS {
            let open = unit & !self.filled;
            let cells: Vec<usize> = bits(open)
                .filter(|&c| self.cells[c].count_ones() <= 4)
                .collect();
            let mut found: Vec<(u128, u16)> = Vec::new();
            subsets(&cells, &|c| self.cells[c], 4, &mut |mask, union| {
                found.push((mask, union));
            });
            for (mask, union) in found {
                for d in bits(u128::from(union)) {
                    progress |= self.eliminate_all(d, open & !mask);
                }
            }
        }
        progress
    }

    /// Hidden subsets of 2 to 4 digits: `n` digits of a unit whose places
    /// (two to `n` each) are the same `n` cells.
    fn hidden(&mut self) -> bool {
        let mut progress = false;
        for unit in UNIT_MASKS {
            let places: [u128; 9] = std::array::from_fn(|d| self.digits[d] & unit);
            let digits: Vec<usize> = (0..9)
                .filter(|&d| (2..=4).contains(&places[d].count_ones()))
                .collect();
            // The places as a 9-bit set of the unit's cells would do; the
            // 81-bit mask is as cheap to OR.
            let mut found: Vec<(u16, u128)> = Vec::new();
            subsets_wide(&digits, &|d| places[d], 4, &mut |set, cells| {
                found.push((set, cells));
            });
            for (set, cells) in found {
                for c in bits(cells) {
                    let others = self.cells[c] & !set;
                    for d in bits(u128::from(others)) {
                        self.eliminate(c, d);
                        progress = true;
                    }
                }
            }
        }
        progress
    }

    /// Basic fish of 2 to 4 base lines (X-Wing, Swordfish, Jellyfish), rows
    /// then columns.
    fn fish(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            for rows in [true, false] {
                let line = |i: usize| if rows { i } else { 9 + i };
                // Per line, the cross lines its candidates lie on.
                let cross: [u16; 9] = std::array::from_fn(|i| {
                    let m = self.digits[d] & UNIT_MASKS[line(i)];
                    bits(m).fold(0u16, |b, c| b | 1 << if rows { c % 9 } else { c / 9 })
                });
                let bases: Vec<usize> = (0..9)
                    .filter(|&i| (2..=4).contains(&cross[i].count_ones()))
                    .collect();
                let mut found: Vec<(u16, u16)> = Vec::new();
                subsets(&bases, &|i| cross[i], 4, &mut |lines, covers| {
                    found.push((lines as u16, covers));
                });
                // `subsets` reports cells as a mask of the items' bits: here
                // the items are line numbers below 9.
                for (lines, covers) in found {
                    let base = bits(u128::from(lines)).fold(0u128, |m, i| m | UNIT_MASKS[line(i)]);
                    let cover = bits(u128::from(covers))
                        .fold(0u128, |m, i| m | UNIT_MASKS[if rows { 9 + i } else { i }]);
                    progress |= self.eliminate_all(d, cover & !base);
                }
            }
        }
        progress
    }

    /// Alternating inference chains of single candidates, in bulk: which
    /// candidates each candidate, supposed false, forces true within 23
    /// links, then every placement and elimination those chains prove.
    fn chains(&mut self) -> bool {
        // The candidates, numbered.
        let mut id = [u16::MAX; 729];
        let mut cand: Vec<(usize, usize)> = Vec::new();
        for d in 0..9 {
            for c in bits(self.digits[d]) {
                id[c * 9 + d] = cand.len() as u16;
                cand.push((c, d));
            }
        }
        let n = cand.len();
        if n == 0 {
            return false;
        }
        let words = n.div_ceil(64);
        // Strong links (off -> on): the two places of a digit in a unit,
        // the two candidates of a bivalue cell.
        let mut strong: Vec<(u16, u16)> = Vec::new();
        for d in 0..9 {
            for u in UNIT_MASKS {
                let m = self.digits[d] & u;
                if m.count_ones() == 2 {
                    let a = id[m.trailing_zeros() as usize * 9 + d];
                    let b = id[(127 - m.leading_zeros()) as usize * 9 + d];
                    strong.push((a, b));
                    strong.push((b, a));
                }
            }
        }
        for c in bits(ALL_CELLS & !self.filled) {
            let m = self.cells[c];
            if m.count_ones() == 2 {
                let a = id[c * 9 + m.trailing_zeros() as usize];
                let b = id[c * 9 + 15 - m.leading_zeros() as usize];
                strong.push((a, b));
                strong.push((b, a));
            }
        }
        strong.sort_unstable();
        strong.dedup();
        // Weak links (on -> off) are every other candidate of the cell and
        // every place of the digit the cell sees: gathered per target.
        // `off[i]` / `on[i]`: the starts (as bits) reaching candidate i
        // false / true.
        let mut off = vec![0u64; n * words];
        let mut on = vec![0u64; n * words];
        for i in 0..n {
            off[i * words + i / 64] |= 1 << (i % 64);
        }
        let mut next = vec![0u64; words];
        for round in 0..12 {
            let mut changed = false;
            for &(a, b) in &strong {
                let (a, b) = (a as usize, b as usize);
                for w in 0..words {
                    let v = off[a * words + w];
                    let t = &mut on[b * words + w];
                    if v & !*t != 0 {
                        *t |= v;
                        changed = true;
                    }
                }
            }
            if !changed || round == 11 {
                break;
            }
            // off[y] |= on[z] for every z that sees y (same digit) or shares
            // its cell.
            for y in 0..n {
                let (c, d) = cand[y];
                next.iter_mut().for_each(|w| *w = 0);
                for p in bits(self.digits[d] & PEER_MASKS[c]) {
                    let z = id[p * 9 + d] as usize;
                    for w in 0..words {
                        next[w] |= on[z * words + w];
                    }
                }
                for e in bits(u128::from(self.cells[c] & !(1 << d))) {
                    let z = id[c * 9 + e] as usize;
                    for w in 0..words {
                        next[w] |= on[z * words + w];
                    }
                }
                for w in 0..words {
                    off[y * words + w] |= next[w];
                }
            }
        }
        // Placements: a candidate that, supposed false, comes back true.
        let mut place: Vec<(usize, usize)> = Vec::new();
        for (i, &(c, d)) in cand.iter().enumerate() {
            if on[i * words + i / 64] & (1 << (i % 64)) != 0 {
                place.push((c, d));
            }
        }
        // Eliminations: v = (c, d) falls when one end of a chain is a
        // candidate of d seeing c, or another candidate of c, and the other
        // end likewise (see `chains::search::common_victims`).
        let mut victims: Vec<(usize, usize)> = Vec::new();
        let mut ends = vec![0u64; words];
        let mut reached = vec![0u64; words];
        for &(c, d) in &cand {
            ends.iter_mut().for_each(|w| *w = 0);
            reached.iter_mut().for_each(|w| *w = 0);
            for p in bits(self.digits[d] & PEER_MASKS[c]) {
                let z = id[p * 9 + d] as usize;
                ends[z / 64] |= 1 << (z % 64);
                for w in 0..words {
                    reached[w] |= on[z * words + w];
                }
            }
            for e in bits(u128::from(self.cells[c] & !(1 << d))) {
                let z = id[c * 9 + e] as usize;
                ends[z / 64] |= 1 << (z % 64);
                for w in 0..words {
                    reached[w] |= on[z * words + w];
                }
            }
            if (0..words).any(|w| reached[w] & ends[w] != 0) {
                victims.push((c, d));
            }
        }
        let progress = !place.is_empty() || !victims.is_empty();
        for (c, d) in victims {
            self.eliminate(c, d);
        }
        for (c, d) in place {
            if self.cells[c] & (1 << d) != 0 {
                self.place(c, d);
            }
        }
        progress
    }
}

/// Calls `report(items, union)` for every subset of 2 to `max` of `items`
/// (each given as a 16-bit mask by `of`) whose union has as many bits as
/// the subset has items; `items` is reported as a mask of the items' own
/// values (cells below 128, lines below 16).
fn subsets(items: &[usize], of: &dyn Fn(usize) -> u16, max: usize, report: &mut dyn FnMut(u128, u16)) {
    fn rec(
        items: &[usize],
        of: &dyn Fn(usize) -> u16,
        max: usize,
        start: usize,
        k: usize,
        mask: u128,
        union: u16,
        report: &mut dyn FnMut(u128, u16),
    ) {
        for i in start..items.len() {
            let u = union | of(items[i]);
            let size = u.count_ones() as usize;
            if size > max {
                continue;
            }
            let m = mask | bit(items[i]);
            if k + 1 >= 2 && size == k + 1 {
                report(m, u);
            }
            if k + 1 < max {
                rec(items, of, max, i + 1, k + 1, m, u, report);
            }
        }
    }
    rec(items, of, max, 0, 0, 0, 0, report);
}

/// [`subsets`] over 81-bit masks (hidden subsets: digits and their places);
/// reports the digits as a 9-bit set and the union of places.
fn subsets_wide(
    items: &[usize],
    of: &dyn Fn(usize) -> u128,
    max: usize,
    report: &mut dyn FnMut(u16, u128),
) {
    fn rec(
        items: &[usize],
        of: &dyn Fn(usize) -> u128,
        max: usize,
        start: usize,
        k: usize,
        set: u16,
        union: u128,
        report: &mut dyn FnMut(u16, u128),
    ) {
        for i in start..items.len() {
            let u = union | of(items[i]);
            let size = u.count_ones() as usize;
            if size > max {
                continue;
            }
            let s = set | 1 << items[i];
            if k + 1 >= 2 && size == k + 1 {
                report(s, u);
            }
            if k + 1 < max {
                rec(items, of, max, i + 1, k + 1, s, u, report);
            }
        }
    }
    rec(items, of, max, 0, 0, 0, 0, report);
}

/// Whether the closure of `puzzle` (a classic puzzle with one solution)
/// under the rules of this module solves it: then the rule engine's walk
/// never reaches a forcing chain, and rates the puzzle below Extreme.
/// `false` proves nothing.
pub(crate) fn solved_without_forcing(puzzle: &Grid) -> bool {
    close(&mut Marks::new(puzzle))
}

/// Applies the rules until none applies; `true` when that solves the grid.
fn close(m: &mut Marks) -> bool {
    loop {
        if m.singles().is_none() {
            return false;
        }
        if m.solved() {
            return true;
        }
        let progress = m.locked() || m.naked() || m.hidden() || m.fish() || m.chains();
        if !progress {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{rate_grid, solve_path, Level, Technique};
    use crate::solver::{count_solutions, solve};

    /// The closure of `puzzle`, checked against the solution: each placement
    /// is the solution's digit and each open cell keeps the solution's
    /// digit. Whether it solved the puzzle.
    fn checked_closure(puzzle: &Grid) -> bool {
        let solution = solve(puzzle).expect("a puzzle with a solution");
        let mut m = Marks::new(puzzle);
        let solved = close(&mut m);
        for (c, &digit) in solution.digits().iter().enumerate() {
            let d = digit as usize - 1;
            assert!(
                m.placed[d] & bit(c) != 0 || m.cells[c] & (1 << d) != 0,
                "{}: cell {c} lost its digit {digit}",
                puzzle.to_line()
            );
        }
        solved
    }

    /// Whether the engine's walk takes a forcing chain (or stops unsolved).
    fn needs_forcing(puzzle: &Grid) -> bool {
        let path = solve_path(puzzle);
        !path.solved_by_logic
            || path
                .steps
                .iter()
                .any(|s| s.technique >= Technique::CellForcingChain)
    }

    #[test]
    fn certifies_puzzles_solved_without_forcing_and_not_the_others() {
        // top1465 #1 needs chains but no forcing chain; the 17-given puzzle
        // needs forcing chains.
        let chains =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        for (line, certified) in [
            (crate::test_puzzles::EASY, true),
            (chains, true),
            (crate::test_puzzles::HARD_17, false),
        ] {
            let p = Grid::parse(line).unwrap();
            assert_eq!(checked_closure(&p), certified, "{line}");
            assert_eq!(solved_without_forcing(&p), certified, "{line}");
            assert_eq!(needs_forcing(&p), !certified, "{line}");
        }
        let chains = Grid::parse(chains).unwrap();
        assert_eq!(rate_grid(&chains).level, Level::Master);
    }

    /// The puzzle lines of a file of `../shared/puzzles`, when present.
    fn shared(name: &str) -> Option<Vec<Grid>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/puzzles")
            .join(name);
        let text = std::fs::read_to_string(path).ok()?;
        Some(
            text.lines()
                .filter_map(|l| Grid::parse(l.trim().get(..81)?).ok())
                .filter(|g| count_solutions(g, 2) == 1)
                .collect(),
        )
    }

    /// Over the public collections: the closure never removes a solution
    /// digit, and a puzzle it solves is one the engine solves without any
    /// forcing chain (every one in an optimised build, a sample in a debug
    /// one). Every certified puzzle is walked in full by the engine.
    #[test]
    fn over_the_shared_collections_no_certified_puzzle_needs_forcing() {
        let sets: &[(&str, usize)] = &[
            ("top95.txt", 5),
            ("top1465.txt", 40),
            ("sx_hard1.txt", 20),
            ("sx_diabolical.txt", 20),
            ("qqwing_expert.txt", 50),
            ("hodoku_exemplars-1.0.txt", 10),
            ("sudocue_top10000.txt", 500),
        ];
        let mut certified = 0;
        let mut checked = 0;
        for &(name, debug_every) in sets {
            let Some(puzzles) = shared(name) else {
                eprintln!("notice: ../shared/puzzles/{name} not found, skipped");
                continue;
            };
            let every = if cfg!(debug_assertions) { debug_every } else { 1 };
            for p in puzzles.iter().step_by(every) {
                checked += 1;
                if checked_closure(p) {
                    certified += 1;
                    assert!(!needs_forcing(p), "{name}: {} needs forcing", p.to_line());
                }
            }
        }
        eprintln!("{certified} of {checked} puzzles certified, none needing forcing");
    }
}
