//! The fast engine: per-digit band bitboards, in the manner of JCZSolve
//! (written here from the published idea, not from its code).
//!
//! For each digit and each band (three rows), one `u32` board holds the 27
//! cells where the digit may still go: bit `9 * r + c` for row `r` of the
//! band and column `c`, so a cell's bit in its band is its index modulo 27.
//!
//! In a band a digit takes one cell per row and one per box, so the rows
//! meet the boxes as a 3 × 3 permutation. A board is checked against that
//! with table lookups: which of its nine "mini-rows" (a row inside a box)
//! are still reachable, which of them belong to some permutation and which
//! to all of them. This one step plays locked candidates inside the band,
//! hidden singles in rows and boxes, and finds dead ends. A box left with
//! a single column gives that column to the band: the digit leaves it in
//! the other two bands. A locked mini-row in such a box is a solved cell:
//! the other digits leave it. Naked singles are found by counting
//! candidates per cell over the nine boards of a band.
//!
//! When that is stuck, the stack check looks at the columns: in each stack
//! a digit's columns meet the bands as a 3 × 3 permutation too, so a
//! column left in one box, or two columns sharing the same two bands,
//! settle more. Only then does the search guess, on a bivalue cell where
//! they are densest, each candidate but the last on a copy of the state,
//! the last in place.

use crate::grid::{Grid, ORDERS_OF_3};

/// For a row of nine bits, the boxes it reaches (bit `k` for box `k`).
const fn row_boxes() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

static ROW_BOXES: [u8; 512] = row_boxes();

/// What the row-to-box permutations say of a board whose reachable
/// mini-rows are `m` (bit `3r + k` for row `r` of the band, box `k`).
#[derive(Clone, Copy)]
struct Permutations {
    /// Cells of the mini-rows in at least one permutation (0: none).
    some: u32,
    /// Cells of the mini-rows in every permutation.
    all: u32,
}

const fn permutation_table() -> [Permutations; 512] {
    let mut t = [Permutations { some: 0, all: 0 }; 512];
    let mut m = 0;
    while m < 512 {
        let (mut some, mut all) = (0u32, u32::MAX);
        let mut p = 0;
        while p < 6 {
            let perm = ORDERS_OF_3[p];
            let mut cells = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = perm[r] as usize;
                if (m >> (3 * r + k)) & 1 == 0 {
                    cells = 0;
                    break;
                }
                cells |= 0b111 << (9 * r + 3 * k);
                r += 1;
            }
            if cells != 0 {
                some |= cells;
                all &= cells;
            }
            p += 1;
        }
        if some == 0 {
            all = 0;
        }
        t[m] = Permutations { some, all };
        m += 1;
    }
    t
}

static PERMUTATIONS: [Permutations; 512] = permutation_table();

/// For the nine columns a digit may still reach in a band, the cells of
/// the columns that are alone in their box: the band takes them.
const fn locked_columns() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let c = (x >> (3 * k)) & 7;
            if c != 0 && c & (c - 1) == 0 {
                let col = (c << (3 * k)) as u32;
                t[x] |= col | col << 9 | col << 18;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

static LOCKED_COLUMNS: [u32; 512] = locked_columns();

/// For each cell of a band (and 5 spare entries), its row and box
/// neighbours in the band, itself excluded.
const fn band_peers() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let row = 0x1ffu32 << (9 * r);
        let col = c - c % 3;
        let bx = (0b111u32 << col) * COLUMN;
        t[i] = (row | bx) & !(1 << i);
        i += 1;
    }
    t
}

static BAND_PEERS: [u32; 32] = band_peers();

/// The number of cells in a row of nine bits.
static ROW_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
};

const BAND: u32 = (1 << 27) - 1;

/// Column 0 of a band; times a row of nine bits, those columns.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For the reachable mini-rows of a board (as in [`PERMUTATIONS`]), the
/// cells of the band in the rows and boxes they touch.
const fn touched_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut r = 0;
        while r < 3 {
            let mut k = 0;
            while k < 3 {
                if (m >> (3 * r + k)) & 1 != 0 {
                    t[m] |= 0x1ff << (9 * r);
                    t[m] |= (0b111 * COLUMN) << (3 * k);
                }
                k += 1;
            }
            r += 1;
        }
        m += 1;
    }
    t
}

static TOUCHED_CELLS: [u32; 512] = touched_cells();

/// [`minirows`] in the copy `C`: one PEXT where the copy has a fast one.
#[inline(always)]
fn minirows_in<C: Compiled>(a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if C::PEXT {
        // A mini-row's three bits folded onto its first, then the nine
        // first bits gathered.
        let firsts = a | a >> 1 | a >> 2;
        // SAFETY: `PEXT` is set only by a copy whose token exists only
        // once the CPU is known to run BMI2 (compiled.rs), and PEXT is
        // BMI2's.
        return unsafe { std::arch::x86_64::_pext_u32(firsts, 0o111_111_111) } as usize;
    }
    minirows(a)
}

/// Which mini-rows of a board have a cell: bit `3r + k` for row `r` of
/// the band, box `k`.
#[inline(always)]
fn minirows(a: u32) -> usize {
    (ROW_BOXES[(a & 0x1ff) as usize] as usize
        | (ROW_BOXES[((a >> 9) & 0x1ff) as usize] as usize) << 3
        | (ROW_BOXES[(a >> 18) as usize & 0x1ff] as usize) << 6)
        & 0x1ff
}

/// The whole search state; a guess copies it (232 bytes) rather than
/// undoing changes.
#[derive(Clone, Copy)]
pub(crate) struct BandBoards {
    /// Index `3 * d + b`: where digit `d + 1` may go in band `b` (and a
    /// spare 28th, always 0, so that each digit's three boards load as
    /// four lanes).
    boards: [u32; 28],
    /// The boards as last checked: a board that differs needs checking.
    checked: [u32; 27],
    /// Per band, the cells not solved yet.
    unsolved: [u32; 3],
}

/// Outcome of the propagation.
enum Flow {
    Dead,
    Solved,
    /// Stuck, with the bivalue cells of each band.
    Open([u32; 3]),
}

/// Checks each changed board, with its index as a constant so that each
/// check compiles to straight code for its band.
macro_rules! check_changed {
    ($c:ident, $s:ident, $changed:ident) => {
        check_changed!(@digits $c, $s, $changed; 0 1 2 3 4 5 6 7 8)
    };
    // A digit whose three boards are all as checked is passed over with one
    // test: most digits are, and fewer branches mispredict fewer times.
    (@digits $c:ident, $s:ident, $changed:ident; $($d:literal)*) => {
        $(
            if ($s.boards[3 * $d] ^ $s.checked[3 * $d])
                | ($s.boards[3 * $d + 1] ^ $s.checked[3 * $d + 1])
                | ($s.boards[3 * $d + 2] ^ $s.checked[3 * $d + 2])
                != 0
            {
                check_changed!(@boards $c, $s, $changed; { 3 * $d } { 3 * $d + 1 } { 3 * $d + 2 });
            }
        )*
    };
    (@boards $c:ident, $s:ident, $changed:ident; $($i:tt)*) => {
        $(
            if $s.boards[$i] != $s.checked[$i] {
                $changed = true;
                if !$s.check::<$c, $i>() {
                    return false;
                }
            }
        )*
    };
}

impl BandBoards {
    /// The state with the givens placed and their neighbours cleared, or
    /// `None` when two givens clash.
    pub(crate) fn new(grid: &Grid) -> Option<BandBoards> {
        // Where each digit is given, per band (row 0: the empty cells,
        // gathered in a register; then a step per given, which also finds
        // equal givens sharing a row or a box).
        let mut given = [[0u32; 3]; 16];
        let mut clash = 0;
        for (b, band) in grid.digits().chunks_exact(27).enumerate() {
            let mut empty = 0u32;
            for (cell, &d) in band.iter().enumerate() {
                empty |= ((d == 0) as u32) << cell;
            }
            given[0][b] = empty;
            let mut filled = BAND & !empty;
            while filled != 0 {
                let cell = filled.trailing_zeros() as usize & 31;
                filled &= filled - 1;
                let here = &mut given[grid.digits()[27 * b + cell] as usize & 15][b];
                clash |= *here & BAND_PEERS[cell];
                *here |= 1 << cell;
            }
        }
        // Equal givens sharing a column in different bands.
        for g in &given[1..10] {
            let [c0, c1, c2] = g.map(|x| (x | x >> 9 | x >> 18) & 0x1ff);
            clash |= (c0 & c1) | (c0 & c2) | (c1 & c2);
        }
        if clash != 0 {
            return None;
        }
        let mut s = BandBoards {
            boards: [0; 28],
            checked: [0; 27],
            unsolved: [given[0][0], given[0][1], given[0][2]],
        };
        for b in 0..3 {
            let filled = BAND & !given[0][b];
            for d in 0..9 {
                let here = given[d + 1][b];
                let others = given[d + 1][(b + 1) % 3] | given[d + 1][(b + 2) % 3];
                let taken_cols = (others | others >> 9 | others >> 18) & 0x1ff;
                let cleared = filled | TOUCHED_CELLS[minirows(here)];
                s.boards[3 * d + b] = (BAND & !(cleared | (taken_cols * COLUMN))) | here;
            }
        }
        Some(s)
    }

    /// Leaves digit `d` alone in the cell `bit` of band `b`, and alone in
    /// the cell's row and box, so that the propagation solves the cell.
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, bit: u32) {
        for e in 0..9 {
            self.boards[3 * e + b] &= !bit;
        }
        let peers = BAND_PEERS[bit.trailing_zeros() as usize & 31];
        self.boards[3 * d + b] = (self.boards[3 * d + b] & !peers) | bit;
    }

    /// Checks board `I`: keeps the cells that fit a row-to-box permutation,
    /// removes the columns it takes from the other bands, and solves the
    /// cells it can only take. `false` on a dead end.
    #[inline(always)]
    fn check<C: Compiled, const I: usize>(&mut self) -> bool {
        let b = I % 3;
        let (o1, o2) = (I - b + (b + 1) % 3, I - b + (b + 2) % 3);
        let a = self.boards[I];
        let perms = PERMUTATIONS[minirows_in::<C>(a)];
        let a = a & perms.some;
        if a == 0 {
            return false;
        }
        self.boards[I] = a;
        self.checked[I] = a;
        // Columns alone in their box leave the other bands.
        let cols = (a | a >> 9 | a >> 18) & 0x1ff;
        let locked = LOCKED_COLUMNS[cols as usize];
        self.boards[o1] &= !locked;
        self.boards[o2] &= !locked;
        // A locked mini-row in a box with one column is one cell: solved,
        // the other digits leave it.
        let solved = a & perms.all & locked & self.unsolved[b];
        self.unsolved[b] &= !solved;
        for e in 0..9 {
            let j = 3 * e + b;
            if j != I {
                self.boards[j] &= !solved;
            }
        }
        true
    }

    /// Checks changed boards until none changed; `false` on a dead end.
    #[inline(always)]
    fn settle_boards<C: Compiled>(&mut self) -> bool {
        loop {
            let mut changed = false;
            check_changed!(C, self, changed);
            if !changed {
                return true;
            }
        }
    }

    /// Propagates to a fixpoint of the board checks and naked singles.
    #[inline(always)]
    fn propagate<C: Compiled>(&mut self) -> Flow {
        loop {
            if !self.settle_boards::<C>() {
                return Flow::Dead;
            }
            if self.unsolved == [0; 3] {
                return Flow::Solved;
            }
            // Cells with at least one, two, three candidates, for the
            // three bands side by side (the fourth lane is spare).
            let (mut one, mut two, mut three) = ([0u32; 4], [0u32; 4], [0u32; 4]);
            for d in 0..9 {
                let x: [u32; 4] = self.boards[3 * d..3 * d + 4].try_into().unwrap();
                for k in 0..4 {
                    three[k] |= two[k] & x[k];
                    two[k] |= one[k] & x[k];
                    one[k] |= x[k];
                }
            }
            let u = self.unsolved;
            if (u[0] & !one[0]) | (u[1] & !one[1]) | (u[2] & !one[2]) != 0 {
                return Flow::Dead;
            }
            let mut any = false;
            let mut pairs = [0u32; 3];
            for (b, pair) in pairs.iter_mut().enumerate() {
                *pair = u[b] & two[b] & !three[b];
                let singles = u[b] & !two[b];
                if singles != 0 {
                    any = true;
                    for d in 0..9 {
                        let mut n = self.boards[3 * d + b] & singles;
                        while n != 0 {
                            let cell = n.trailing_zeros() as usize & 31;
                            n &= n - 1;
                            self.boards[3 * d + b] &= !BAND_PEERS[cell];
                        }
                    }
                }
            }
            if !any {
                match self.settle_stacks() {
                    None => return Flow::Dead,
                    Some(false) => return Flow::Open(pairs),
                    Some(true) => {}
                }
            }
        }
    }

    /// The stack check, for every digit: in each stack (three columns of
    /// boxes) a digit takes one column per band and one band per column, a
    /// 3 × 3 permutation again, which the band checks do not see (they see
    /// a box with one column, not a column left in one box). Keeps the
    /// (band, column) pairs in some permutation; `None` on a dead end,
    /// else whether a board changed. Run only when the band checks and
    /// the naked singles are stuck: it is rarely what unblocks them, and
    /// per board check it cost more than the guesses it saves.
    #[inline(always)]
    fn settle_stacks(&mut self) -> Option<bool> {
        // Three bands' columns side by side: bit 9b + 3s + c for band b,
        // stack s, column c of the stack.
        const FIRST_COLUMNS: u32 = 0o111_111_111;
        const MASK: u32 = (1 << 27) - 1;
        // Moves each column one or two places along its stack (by wrapping
        // within its 3-bit group).
        let along1 = |x: u32| ((x >> 1) & (0o333_333_333)) | ((x << 2) & 0o444_444_444);
        let along2 = |x: u32| ((x >> 2) & FIRST_COLUMNS) | ((x << 1) & 0o666_666_666);
        let cols = |a: u32| (a | a >> 9 | a >> 18) & 0x1ff;
        // One lane per digit (three spare), so that the arithmetic runs on
        // vectors of lanes.
        let mut y = [0u32; 12];
        for (d, y) in y.iter_mut().take(9).enumerate() {
            *y = cols(self.boards[3 * d])
                | cols(self.boards[3 * d + 1]) << 9
                | cols(self.boards[3 * d + 2]) << 18;
        }
        let (mut some, mut bad) = ([0u32; 12], [0u32; 12]);
        for d in 0..12 {
            // Each (band, column) pair, beside the pairs of the two other
            // bands: a permutation through it needs those bands to take the
            // two other columns, one way or the other.
            let y = y[d];
            let next = (y >> 9 | y << 18) & MASK;
            let after = (y >> 18 | y << 9) & MASK;
            some[d] = y & ((along1(next) & along2(after)) | (along2(next) & along1(after)));
            // A band left with no column in a stack: a dead end.
            bad[d] = !(some[d] | some[d] >> 1 | some[d] >> 2) & FIRST_COLUMNS;
        }
        let dead = bad[..9].iter().fold(0, |a, &x| a | x) != 0;
        let mut removed = 0;
        for (d, &some) in some.iter().take(9).enumerate() {
            for b in 0..3 {
                let a = self.boards[3 * d + b];
                let kept = ((some >> (9 * b)) & 0x1ff) * COLUMN;
                removed |= a & !kept;
                self.boards[3 * d + b] = a & kept;
            }
        }
        let changed = removed != 0;
        (!dead).then_some(changed)
    }

    /// A cell to guess on, as its band and bit: a bivalue cell if any (in
    /// the band with most of them, and there in the row with most of
    /// them: guesses where the grid is tight propagate further), else the
    /// open cell with fewest candidates.
    #[inline(always)]
    fn pick_cell<C: Compiled>(&self, pairs: [u32; 3]) -> (usize, u32) {
        // Bivalue cells per row (popcount by table where the copy has no
        // POPCNT: the baseline instruction set has none).
        let count = |row: u32| {
            if C::POPCNT {
                row.count_ones() as u8
            } else {
                ROW_COUNT[row as usize]
            }
        };
        let rows = pairs.map(|p| [0, 9, 18].map(|shift| count((p >> shift) & 0x1ff)));
        let mut best = (0, 0);
        for (b, r) in rows.iter().enumerate() {
            let n = r[0] + r[1] + r[2];
            if n > best.0 {
                best = (n, b);
            }
        }
        if best.0 != 0 {
            let (b, r) = (best.1, rows[best.1]);
            let row = if r[0] >= r[1] && r[0] >= r[2] {
                0
            } else if r[1] >= r[2] {
                1
            } else {
                2
            };
            let q = pairs[b] & (0x1ff << (9 * row));
            return (b, q & q.wrapping_neg());
        }
        let mut best = (10, 0, 0);
        for b in 0..3 {
            let mut open = self.unsolved[b];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let n = (0..9)
                    .filter(|&d| self.boards[3 * d + b] & bit != 0)
                    .count();
                if n < best.0 {
                    best = (n, b, bit);
                }
            }
        }
        (best.1, best.2)
    }

    fn solution(&self) -> Grid {
        let mut digits = [0u8; 81];
        for (i, &board) in self.boards[..27].iter().enumerate() {
            let (d, b) = (i / 3, i % 3);
            let mut x = board;
            while x != 0 {
                let cell = 27 * b + x.trailing_zeros() as usize;
                x &= x - 1;
                digits[cell] = d as u8 + 1;
            }
        }
        Grid::from_digits(digits).expect("digits come from 1..=9")
    }
}

/// A compiled copy of the search (see `level`): a token that exists only
/// where its instructions run, and through which the search recurses into
/// its own copy.
pub(crate) trait Compiled: Copy {
    /// Whether the copy has the POPCNT instruction (else counting bits by
    /// table is faster).
    const POPCNT: bool;
    /// Whether the copy gathers a board's mini-rows with BMI2's PEXT
    /// (faster than three table lookups where PEXT is fast, far slower
    /// where it is microcoded). Only a copy whose token exists only where
    /// BMI2 runs may set it.
    // Read on x86-64 only: elsewhere no copy has PEXT.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    const PEXT: bool = false;
    /// This copy's [`search_body`].
    fn search(self, s: &mut BandBoards, limit: usize, found: &mut [Grid], count: &mut usize);
}

/// Depth-first search that stops after `limit` solutions; the solutions
/// found go to `found` (at most its length). Inlined into each compiled
/// copy, which it calls back to recurse.
#[inline(always)]
pub(crate) fn search_body<C: Compiled>(
    copy: C,
    s: &mut BandBoards,
    limit: usize,
    found: &mut [Grid],
    count: &mut usize,
) {
    loop {
        let pairs = match s.propagate::<C>() {
            Flow::Dead => return,
            Flow::Solved => {
                if let Some(slot) = found.get_mut(*count) {
                    *slot = s.solution();
                }
                *count += 1;
                return;
            }
            Flow::Open(pairs) => pairs,
        };
        let (b, bit) = s.pick_cell::<C>(pairs);
        let mut digits: u32 = 0;
        for d in 0..9 {
            if s.boards[3 * d + b] & bit != 0 {
                digits |= 1 << d;
            }
        }
        // Every candidate but the last on a copy, then ruled out; the last
        // in place.
        while digits & (digits - 1) != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut next = *s;
            next.assign(d, b, bit);
            copy.search(&mut next, limit, found, count);
            if *count >= limit {
                return;
            }
            s.boards[3 * d + b] &= !bit;
        }
        s.assign(digits.trailing_zeros() as usize, b, bit);
    }
}
