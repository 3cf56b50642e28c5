//! The canonical form of a puzzle: the smallest of its equivalents, to tell
//! whether two puzzles are the same one in disguise (and whether a player
//! has met a puzzle before).
//!
//! Two grids are equivalent when one becomes the other by relabelling the
//! digits, permuting the rows within a band, the bands, the columns within
//! a stack, the stacks, and transposing: 9! x 6^8 x 2 = 3,359,232 x 2
//! changes of cell positions, each with 9! relabellings. The canonical form
//! is the lexicographically smallest equivalent, reading the 81 cells in
//! order with an empty cell as 0: the "minlex" form of the Sudoku forums,
//! whose canonical puzzles start with their emptiest row.
//!
//! Trying every change would take seconds. Instead the form is built row by
//! row, keeping every way of getting the smallest rows so far (a branch:
//! which source rows went where, the column orders still possible, the
//! labels) and dropping a branch as soon as one of its rows comes out
//! bigger than another branch's:
//!
//! * For a fixed change of positions, the best relabelling numbers the
//!   digits in the order they are first met; it is built along.
//! * Column orders are never listed one by one (1,296 of them). A branch
//!   keeps the set of orders still as good as each other as a product of
//!   6-bit masks: the stack orders allowed and, for each stack, the orders
//!   of its columns allowed. Each row narrows the masks to the orders that
//!   write it smallest. A branch splits only where two orders write a row
//!   the same but label digits differently (two digits met for the first
//!   time in one stack, which could come in either order); the order of
//!   empty cells never splits one. Sparse puzzles keep a few branches, and
//!   a complete grid, the worst case, some tens of thousands for one row.
//! * Branches that placed the same rows in another order with the same
//!   result (empty rows, mostly) have the same futures: one is kept, so a
//!   nearly empty grid stays in the microseconds.
//! * After the last row any way will do, so one is kept.

use super::rng::Rng;
use crate::grid::{Grid, ORDERS_OF_3};
use std::cmp::Ordering;

/// A change of a grid into an equivalent one: optionally transpose, then
/// take the rows and columns in a new order (keeping bands and stacks
/// together) and relabel the digits.
///
/// ```
/// use sudolens::generate::{canonical_form, Transformation};
/// use sudolens::grid::Grid;
///
/// let p = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )
/// .unwrap();
/// let disguised = Transformation::random(7).apply(&p);
/// assert_ne!(disguised, p);
/// assert_eq!(canonical_form(&disguised), canonical_form(&p));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transformation {
    transpose: bool,
    /// Row `i` of the result is row `rows[i]` of the (transposed) grid.
    rows: [u8; 9],
    /// Column `j` of the result is column `cols[j]`.
    cols: [u8; 9],
    /// Digit `d` becomes `digits[d]`; `digits[0] == 0`.
    digits: [u8; 10],
}

const IDENTITY_ORDER: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

impl Transformation {
    /// The change that changes nothing.
    pub fn identity() -> Transformation {
        Transformation {
            transpose: false,
            rows: IDENTITY_ORDER,
            cols: IDENTITY_ORDER,
            digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        }
    }

    /// A random change drawn from `seed`, every one of the group's elements
    /// equally likely: to disguise a puzzle, or to test that something does
    /// not depend on the disguise.
    pub fn random(seed: u64) -> Transformation {
        Transformation::random_from(&mut Rng::new(seed))
    }

    pub(crate) fn random_from(rng: &mut Rng) -> Transformation {
        let order = |rng: &mut Rng| {
            let mut bands = [0u8, 1, 2];
            rng.shuffle(&mut bands);
            let mut out = [0u8; 9];
            for (i, &band) in bands.iter().enumerate() {
                let mut within = [0u8, 1, 2];
                rng.shuffle(&mut within);
                for (j, &w) in within.iter().enumerate() {
                    out[i * 3 + j] = band * 3 + w;
                }
            }
            out
        };
        let rows = order(rng);
        let cols = order(rng);
        let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits[1..]);
        Transformation {
            transpose: rng.below(2) == 1,
            rows,
            cols,
            digits,
        }
    }

    /// The grid after this change.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let source = self.source(grid);
        let mut out = [0u8; 81];
        for (i, &r) in self.rows.iter().enumerate() {
            for (j, &c) in self.cols.iter().enumerate() {
                out[i * 9 + j] = self.digits[source[r as usize * 9 + c as usize] as usize];
            }
        }
        Grid::from_digits(out).expect("digits stay 0..=9")
    }

    fn source(&self, grid: &Grid) -> [u8; 81] {
        if self.transpose {
            transposed(grid)
        } else {
            *grid.digits()
        }
    }
}

fn transposed(grid: &Grid) -> [u8; 81] {
    let d = grid.digits();
    std::array::from_fn(|i| d[(i % 9) * 9 + i / 9])
}

/// The canonical form of `grid`: the smallest of its equivalents (see the
/// module's documentation). Two grids are equivalent exactly when their
/// canonical forms are equal. It works on any grid, complete or not, proper
/// puzzle or not; it takes some microseconds for a puzzle, a few
/// milliseconds for a complete grid (`cargo bench --bench generate`).
///
/// ```
/// use sudolens::generate::canonical_form;
/// use sudolens::grid::Grid;
///
/// let p = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )
/// .unwrap();
/// let c = canonical_form(&p);
/// assert_eq!(c.filled_count(), p.filled_count());
/// assert_eq!(canonical_form(&c), c);
/// // The emptiest row comes first: this one has a row with one given.
/// assert!(c.to_line().starts_with("........"));
/// ```
pub fn canonical_form(grid: &Grid) -> Grid {
    canonicalize(grid).0
}

/// Whether `a` and `b` are the same puzzle in disguise (equivalent under
/// the changes of [`Transformation`]).
pub fn same_puzzle(a: &Grid, b: &Grid) -> bool {
    a.filled_count() == b.filled_count() && canonical_form(a) == canonical_form(b)
}

/// The canonical form and a change that turns `grid` into it.
pub fn canonicalize(grid: &Grid) -> (Grid, Transformation) {
    let sources = [*grid.digits(), transposed(grid)];
    let mut branches: Vec<Branch> = (0..2).map(Branch::start).collect();
    let mut next = Vec::new();
    let mut ways = Vec::new();
    let mut scratch = Scratch::default();
    let mut form = [0u8; 81];
    for depth in 0..9 {
        let mut best = [u8::MAX; 9];
        next.clear();
        for branch in &branches {
            let source = &sources[branch.source as usize];
            for row in branch.next_rows(depth) {
                let cells = row_of(source, row);
                // While no digit has a label and no column order is ruled
                // out, the smallest way to write a row is known at once:
                // skip the rows that cannot tie.
                if branch.is_free() && best_first_row(cells) > best {
                    continue;
                }
                let mut grown = *branch;
                grown.rows[depth] = row;
                let value = grown.best_ways(cells, &mut scratch, &mut ways);
                debug_assert!(!branch.is_free() || value == best_first_row(cells));
                if depth == 8 {
                    // Nothing follows the last row: any of its ways will do.
                    ways.truncate(1);
                }
                match value.cmp(&best) {
                    Ordering::Less => {
                        best = value;
                        next.clear();
                        next.append(&mut ways);
                    }
                    Ordering::Equal => next.append(&mut ways),
                    Ordering::Greater => ways.clear(),
                }
            }
        }
        if depth == 8 {
            next.truncate(1);
        } else if next.len() > 1 && best == [0; 9] {
            // Branches that placed the same source rows, in another order
            // but with the same result, have the same futures: keep one.
            // That happens when empty rows are placed (without this an
            // empty grid grows 2 x 6^4 branches); elsewhere it is rare and
            // the sort would cost a complete grid a fifth more time.
            next.sort_by_cached_key(|b| b.future(depth + 1));
            next.dedup_by_key(|b| b.future(depth + 1));
        }
        form[depth * 9..depth * 9 + 9].copy_from_slice(&best);
        std::mem::swap(&mut branches, &mut next);
    }
    let found = branches[0];
    (
        Grid::from_digits(form).expect("labels are 1..=9"),
        found.transformation(),
    )
}

fn row_of(source: &[u8; 81], row: u8) -> &[u8] {
    &source[row as usize * 9..row as usize * 9 + 9]
}

/// The orders of three things a 6-bit mask allows (bit `i` for
/// `ORDERS_OF_3[i]`).
fn allowed(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |i| mask >> i & 1 == 1)
}

const ALL_ORDERS: u8 = 0b11_1111;

/// One way of building the smallest rows so far, with the column orders
/// that are still as good as each other: any stack order of `stack_orders`
/// with, for each source stack, any order of its columns in `inner`. Every
/// column order of that product writes the rows so far the same, with the
/// same labels.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Branch {
    /// 0: the grid as given; 1: transposed.
    source: u8,
    /// The source row of each target row placed so far.
    rows: [u8; 9],
    /// The stack orders still allowed, a mask over `ORDERS_OF_3`.
    stack_orders: u8,
    /// For each source stack, the orders of its columns still allowed.
    inner: [u8; 3],
    /// Source digit to label, 0 for a digit not met yet.
    labels: [u8; 10],
    next_label: u8,
}

/// A way being built through one row, slot by slot: the source stacks put
/// in the slots so far.
#[derive(Clone, Copy)]
struct Partial {
    way: Branch,
    stacks: [u8; 3],
}

/// Buffers [`Branch::best_ways`] reuses from row to row.
#[derive(Default)]
struct Scratch {
    current: Vec<Partial>,
    next: Vec<Partial>,
}

impl Branch {
    fn start(source: u8) -> Branch {
        Branch {
            source,
            rows: [0; 9],
            stack_orders: ALL_ORDERS,
            inner: [ALL_ORDERS; 3],
            labels: [0; 10],
            next_label: 1,
        }
    }

    /// What the rest of the form depends on once `placed` rows are placed:
    /// everything but the order in which they were placed. (The rows still
    /// allowed follow from the set of rows placed: full bands are closed,
    /// and the band being filled is the one partly used.)
    fn future(&self, placed: usize) -> (u8, u16, u8, [u8; 3], [u8; 10]) {
        let placed = self.rows[..placed].iter().fold(0u16, |m, &r| m | 1 << r);
        (
            self.source,
            placed,
            self.stack_orders,
            self.inner,
            self.labels,
        )
    }

    /// No label given and no column order ruled out: every row so far was
    /// empty.
    fn is_free(&self) -> bool {
        self.next_label == 1 && self.stack_orders == ALL_ORDERS && self.inner == [ALL_ORDERS; 3]
    }

    /// The source rows that may come at target row `depth`: any row of an
    /// unused band at the start of a band, else the unused rows of the
    /// current band.
    fn next_rows(&self, depth: usize) -> impl Iterator<Item = u8> {
        let band_start = depth - depth % 3;
        let mut allowed: u16 = if depth.is_multiple_of(3) {
            (0..band_start)
                .step_by(3)
                .fold(0x1ff, |m, t| m & !(0b111 << (self.rows[t] / 3 * 3)))
        } else {
            0b111 << (self.rows[depth - 1] / 3 * 3)
        };
        for &r in &self.rows[band_start..depth] {
            allowed &= !(1 << r);
        }
        (0..9u8).filter(move |&r| allowed >> r & 1 == 1)
    }

    /// Labels three cells (new digits take the next labels, left to right).
    fn label(&mut self, cells: [u8; 3]) -> [u8; 3] {
        cells.map(|d| {
            let d = d as usize;
            if d != 0 && self.labels[d] == 0 {
                self.labels[d] = self.next_label;
                self.next_label += 1;
            }
            self.labels[d]
        })
    }

    /// Whether some allowed stack order starts with `stacks[..slot]` and
    /// then `stack`.
    fn stack_fits(&self, stacks: &[u8; 3], slot: usize, stack: u8) -> bool {
        allowed(self.stack_orders)
            .any(|o| ORDERS_OF_3[o][..slot] == stacks[..slot] && ORDERS_OF_3[o][slot] == stack)
    }

    /// The smallest value `cells` (a source row) can take as the next row,
    /// over the column orders this branch still allows, and in `ways` every
    /// narrower branch achieving it. Slot by slot, each allowed stack is
    /// tried with each allowed order of its columns, keeping the smallest
    /// triplets. Ways split only where two choices label digits differently
    /// (two new digits that could come in either order); choices that do
    /// not (the order of empty cells, stacks that look the same) are merged
    /// back into the masks.
    fn best_ways(&self, cells: &[u8], scratch: &mut Scratch, ways: &mut Vec<Branch>) -> [u8; 9] {
        let Scratch { current, next } = scratch;
        current.clear();
        current.push(Partial {
            way: *self,
            stacks: [0; 3],
        });
        let mut value = [0u8; 9];
        for slot in 0..3 {
            let mut slot_best = [u8::MAX; 3];
            next.clear();
            for part in current.iter() {
                for stack in 0..3u8 {
                    if part.stacks[..slot].contains(&stack)
                        || !self.stack_fits(&part.stacks, slot, stack)
                    {
                        continue;
                    }
                    let s = stack as usize;
                    // Children of this part and stack that could merge.
                    let mut group = next.len();
                    for p in allowed(part.way.inner[s]) {
                        let mut child = *part;
                        let order = ORDERS_OF_3[p];
                        let triplet = child.way.label(order.map(|k| cells[s * 3 + k as usize]));
                        child.way.inner[s] = 1 << p;
                        child.stacks[slot] = stack;
                        match triplet.cmp(&slot_best) {
                            Ordering::Less => {
                                slot_best = triplet;
                                next.clear();
                                group = 0;
                                next.push(child);
                            }
                            Ordering::Equal => {
                                match next[group..].iter_mut().find(|n| {
                                    n.way.labels == child.way.labels && n.stacks == child.stacks
                                }) {
                                    Some(twin) => twin.way.inner[s] |= 1 << p,
                                    None => next.push(child),
                                }
                            }
                            Ordering::Greater => {}
                        }
                    }
                }
            }
            value[slot * 3..slot * 3 + 3].copy_from_slice(&slot_best);
            std::mem::swap(current, next);
        }
        ways.clear();
        ways.extend(current.iter().map(|part| {
            let order = ORDERS_OF_3
                .iter()
                .position(|o| *o == part.stacks)
                .expect("three different stacks");
            Branch {
                stack_orders: 1 << order,
                ..part.way
            }
        }));
        if ways.len() > 1 {
            // Ways equal but for their stack order: one way, several orders.
            let key = |b: &Branch| (b.labels, b.inner);
            ways.sort_unstable_by_key(key);
            ways.dedup_by(|later, earlier| {
                let same = key(later) == key(earlier);
                if same {
                    earlier.stack_orders |= later.stack_orders;
                }
                same
            });
        }
        value
    }

    fn transformation(&self) -> Transformation {
        let first = |mask: u8| ORDERS_OF_3[allowed(mask).next().expect("an order is left")];
        let stacks = first(self.stack_orders);
        let mut cols = [0u8; 9];
        for (slot, &s) in stacks.iter().enumerate() {
            let order = first(self.inner[s as usize]);
            for k in 0..3 {
                cols[slot * 3 + k] = s * 3 + order[k];
            }
        }
        let mut digits = self.labels;
        let mut next = self.next_label;
        for d in digits.iter_mut().skip(1) {
            if *d == 0 {
                *d = next;
                next += 1;
            }
        }
        Transformation {
            transpose: self.source == 1,
            rows: self.rows,
            cols,
            digits,
        }
    }
}

/// The smallest a row can look while no digit has a label and no column
/// order is ruled out: its givens are different digits, labelled 1, 2, 3...
/// from the left, so the smallest puts them as far right as possible:
/// stacks with fewer givens first, each stack's givens at its right.
fn best_first_row(cells: &[u8]) -> [u8; 9] {
    let mut counts: [usize; 3] =
        std::array::from_fn(|s| cells[s * 3..s * 3 + 3].iter().filter(|&&d| d != 0).count());
    counts.sort_unstable();
    let mut out = [0u8; 9];
    let mut label = 0;
    for (s, &n) in counts.iter().enumerate() {
        for k in 3 - n..3 {
            label += 1;
            out[s * 3 + k] = label;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::dig::{dig, is_unique};
    use crate::generate::fill::random_solution;
    use crate::generate::Symmetry;

    /// Puzzles of several kinds: a famous 17, an easy one, fresh random
    /// minimal ones with and without symmetry.
    fn puzzles() -> Vec<Grid> {
        let mut out = vec![
            Grid::parse(crate::test_puzzles::HARD_17).unwrap(),
            Grid::parse(crate::test_puzzles::EASY).unwrap(),
        ];
        let mut rng = Rng::new(5);
        for symmetry in Symmetry::ALL {
            let solution = random_solution(&mut rng);
            let mut order = symmetry.orbits();
            rng.shuffle(&mut order);
            out.push(dig(solution, &order, is_unique));
        }
        out
    }

    /// The one change of each kind the form must not see.
    fn elementary_changes() -> Vec<(&'static str, Transformation)> {
        let id = Transformation::identity();
        vec![
            (
                "transpose",
                Transformation {
                    transpose: true,
                    ..id
                },
            ),
            (
                "swap rows 1 and 3 (within band 1)",
                Transformation {
                    rows: [2, 1, 0, 3, 4, 5, 6, 7, 8],
                    ..id
                },
            ),
            (
                "swap bands 1 and 3",
                Transformation {
                    rows: [6, 7, 8, 3, 4, 5, 0, 1, 2],
                    ..id
                },
            ),
            (
                "swap columns 5 and 6 (within stack 2)",
                Transformation {
                    cols: [0, 1, 2, 3, 5, 4, 6, 7, 8],
                    ..id
                },
            ),
            (
                "rotate the stacks",
                Transformation {
                    cols: [3, 4, 5, 6, 7, 8, 0, 1, 2],
                    ..id
                },
            ),
            (
                "relabel 1<->9, 2->3->4->2",
                Transformation {
                    digits: [0, 9, 3, 4, 2, 5, 6, 7, 8, 1],
                    ..id
                },
            ),
        ]
    }

    #[test]
    fn the_form_is_invariant_under_each_kind_of_change() {
        for p in puzzles() {
            let form = canonical_form(&p);
            for (what, t) in elementary_changes() {
                let changed = t.apply(&p);
                assert_ne!(changed, p, "{what} changes {}", p.to_line());
                assert_eq!(canonical_form(&changed), form, "{what} on {}", p.to_line());
            }
        }
    }

    #[test]
    fn the_form_is_invariant_under_random_changes_and_is_reached_by_one() {
        let mut rng = Rng::new(11);
        for p in puzzles() {
            let (form, to_form) = canonicalize(&p);
            assert_eq!(
                to_form.apply(&p),
                form,
                "the change found leads to the form"
            );
            assert_eq!(form.filled_count(), p.filled_count());
            assert_eq!(canonical_form(&form), form, "a canonical form is its own");
            for _ in 0..40 {
                let t = Transformation::random_from(&mut rng);
                let disguised = t.apply(&p);
                assert_eq!(canonical_form(&disguised), form, "{}", p.to_line());
                // And it is the smallest of the equivalents tried.
                assert!(form.digits() <= disguised.digits());
                assert!(same_puzzle(&p, &disguised));
            }
        }
    }

    #[test]
    fn different_puzzles_have_different_forms() {
        let all = puzzles();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(canonical_form(a), canonical_form(b));
                assert!(!same_puzzle(a, b));
            }
            // Same cells given, two digits swapped in one given pair of a
            // row: the same pattern, not the same puzzle.
            let mut swapped = *a;
            // (Digits given elsewhere too: swapping the only two givens of
            // two digits would just be a relabelling.)
            let d = a.digits();
            let times = |digit: u8| d.iter().filter(|&&x| x == digit).count();
            let (x, y) = (0..81)
                .flat_map(|x| (x + 1..x - x % 9 + 9).map(move |y| (x, y)))
                .find(|&(x, y)| d[x] != 0 && d[y] != 0 && times(d[x]) > 1 && times(d[y]) > 1)
                .expect("a row with two givens of digits given twice");
            let (dx, dy) = (d[x], d[y]);
            swapped.set(crate::grid::Cell::ALL[x], dy);
            swapped.set(crate::grid::Cell::ALL[y], dx);
            assert_ne!(
                canonical_form(&swapped),
                canonical_form(a),
                "{}",
                a.to_line()
            );
            // One given fewer.
            let mut fewer = *a;
            let first = a.digits().iter().position(|&d| d != 0).unwrap();
            fewer.set(crate::grid::Cell::ALL[first], 0);
            assert!(!same_puzzle(a, &fewer));
        }
    }

    /// The smallest equivalent by trying all 2 x 1296 x 1296 changes of
    /// cell positions, each with its best relabelling: slow and obvious.
    fn brute_force_form(grid: &Grid) -> [u8; 81] {
        let orders: Vec<[u8; 9]> = ORDERS_OF_3
            .iter()
            .flat_map(|bands| {
                ORDERS_OF_3.iter().flat_map(move |a| {
                    ORDERS_OF_3.iter().flat_map(move |b| {
                        ORDERS_OF_3.iter().map(move |c| {
                            let inner = [a, b, c];
                            std::array::from_fn(|i| bands[i / 3] * 3 + inner[i / 3][i % 3])
                        })
                    })
                })
            })
            .collect();
        assert_eq!(orders.len(), 1296);
        let mut best = [u8::MAX; 81];
        for source in [*grid.digits(), transposed(grid)] {
            for rows in &orders {
                for cols in &orders {
                    let mut labels = [0u8; 10];
                    let mut next = 1;
                    let mut smaller = false;
                    for i in 0..81 {
                        let d = source[rows[i / 9] as usize * 9 + cols[i % 9] as usize] as usize;
                        if d != 0 && labels[d] == 0 {
                            labels[d] = next;
                            next += 1;
                        }
                        let v = labels[d];
                        if !smaller {
                            if v > best[i] {
                                break;
                            }
                            smaller = v < best[i];
                        }
                        if smaller {
                            best[i] = v;
                        }
                    }
                }
            }
        }
        best
    }

    #[test]
    fn the_form_is_the_smallest_of_all_equivalents() {
        // A sparse puzzle (many ties to break) and a symmetric one.
        let all = puzzles();
        for p in [all[0], all[3]] {
            assert_eq!(
                canonical_form(&p).digits(),
                &brute_force_form(&p),
                "{}",
                p.to_line()
            );
        }
    }

    #[test]
    fn degenerate_grids_are_quick_and_right() {
        assert_eq!(canonical_form(&Grid::empty()), Grid::empty());
        let mut one = Grid::empty();
        one.set(crate::grid::Cell::new(4, 4), 7);
        let mut last = Grid::empty();
        last.set(crate::grid::Cell::new(8, 8), 1);
        assert_eq!(canonical_form(&one), last);
        let solution = Grid::parse(crate::test_puzzles::HARD_17_SOLUTION).unwrap();
        let form = canonical_form(&solution);
        assert!(form.is_complete() && form.conflicts().is_empty());
        assert!(form.to_line().starts_with("123456789"));
        assert_eq!(
            canonical_form(&Transformation::random(3).apply(&solution)),
            form
        );
    }
}
