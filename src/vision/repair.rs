//! Using the rules to correct the reading: a newspaper puzzle's givens have no conflicts and
//! exactly one solution, so when the most likely reading breaks that, the most likely reading
//! that obeys it is usually the true one.

use crate::grid::{Cell, Grid, Shape};
use crate::solver::{verdict_in, Verdict};

/// Per-cell probabilities of what the *given* (printed digit) in that cell is: index 0 for
/// "no given" (empty or handwritten), 1..=9 for a printed digit.
pub type GivenProbs = [f32; 10];

/// How far the search may go: at most this many cells changed at once (a font's glyph the
/// model misreads is misread in every cell that digit is given, and a newspaper puzzle gives
/// a digit three or four times: four bold serif 7s read as handwriting left photos of other
/// newspapers with no puzzle when three was the most)...
const MAX_CHANGES: usize = 4;
/// ...chosen among this many least confident cells...
const POOL: usize = 10;
/// ...trying at most this many readings (each costs a solver call of well under a millisecond).
const MAX_TRIES: usize = 400;

pub struct Repair {
    pub givens: Grid,
    pub verdict: Verdict,
    /// Cells whose given was changed from the most likely reading.
    pub changed: Vec<Cell>,
}

/// Finds the most likely givens that form a proper puzzle of the classic shape; falls back
/// to the most likely reading (with its verdict) when no small change fixes it.
pub fn repair_givens(probs: &[GivenProbs; 81]) -> Repair {
    repair_givens_in(&Shape::classic(), probs)
}

/// [`repair_givens`] by the rules of a 9×9 `shape` (an X-Sudoku's diagonals too).
pub fn repair_givens_in(shape: &Shape, probs: &[GivenProbs; 81]) -> Repair {
    let verdict = |g: &Grid| verdict_in(shape, g);
    let best: [u8; 81] = std::array::from_fn(|i| argmax(&probs[i]) as u8);
    let grid = Grid::from_digits(best).expect("digits are 0..=9");
    let first = verdict(&grid);
    if matches!(first, Verdict::Unique(_)) {
        return Repair {
            givens: grid,
            verdict: first,
            changed: Vec::new(),
        };
    }
    for set in change_sets(probs, &best) {
        let mut digits = best;
        for &(i, d) in &set {
            digits[i] = d;
        }
        let g = Grid::from_digits(digits).expect("digits are 0..=9");
        let v = verdict(&g);
        if matches!(v, Verdict::Unique(_)) {
            let changed = set.iter().map(|&(i, _)| Cell::ALL[i]).collect();
            return Repair {
                givens: g,
                verdict: v,
                changed,
            };
        }
    }
    Repair {
        givens: grid,
        verdict: first,
        changed: Vec::new(),
    }
}

/// The givens of a grid of any size (one value per cell of `shape`) that repair the most
/// likely reading, as [`repair_givens_in`] does a 9x9's.
pub struct SizedRepair {
    /// One value per cell, 0 for no given.
    pub givens: Vec<u8>,
    /// Solutions counted, up to two.
    pub solutions: usize,
    /// The solution when there is exactly one.
    pub solution: Option<Vec<u8>>,
    /// Cells (indices in the shape's reading order) whose given was changed from the most
    /// likely reading.
    pub changed: Vec<usize>,
}

/// [`repair_givens_in`] for a shape of any size, solved by the sized solver: the most likely
/// givens with exactly one solution, found among the same change sets; else the most likely
/// reading. `probs` holds one [`GivenProbs`] per cell, its digits beyond the shape's side
/// already given no probability.
pub fn repair_sized(shape: &Shape, probs: &[GivenProbs]) -> SizedRepair {
    let best: Vec<u8> = probs.iter().map(|p| argmax(p) as u8).collect();
    let solve = |values: &[u8]| crate::solver::solutions_shaped(shape, values, 2);
    let (count, mut found) = solve(best.as_slice());
    if count == 1 {
        return SizedRepair {
            solution: found.pop(),
            givens: best,
            solutions: 1,
            changed: Vec::new(),
        };
    }
    for set in change_sets(probs, &best) {
        let mut values = best.clone();
        for &(i, d) in &set {
            values[i] = d;
        }
        let (n, mut sols) = solve(values.as_slice());
        if n == 1 {
            return SizedRepair {
                solution: sols.pop(),
                givens: values,
                solutions: 1,
                changed: set.iter().map(|&(i, _)| i).collect(),
            };
        }
    }
    SizedRepair {
        givens: best,
        solutions: count,
        solution: None,
        changed: Vec::new(),
    }
}

/// The sets of changes to the most likely reading `best` worth trying, cheapest first (at most
/// [`MAX_TRIES`]): up to [`MAX_CHANGES`] cells among the [`POOL`] least confident, each
/// changed to one of its three next likeliest readings.
fn change_sets(probs: &[GivenProbs], best: &[u8]) -> Vec<Vec<(usize, u8)>> {
    // options per cell: alternatives with their cost (log-probability lost) against the best
    let mut pool: Vec<(usize, Vec<(u8, f32)>)> = (0..probs.len())
        .map(|i| {
            let pb = probs[i][best[i] as usize].max(1e-9);
            let mut alts: Vec<(u8, f32)> = (0..10u8)
                .filter(|&d| d != best[i])
                .map(|d| (d, (pb / probs[i][d as usize].max(1e-9)).ln()))
                .collect();
            alts.sort_by(|a, b| a.1.total_cmp(&b.1));
            alts.truncate(3);
            (i, alts)
        })
        .collect();
    pool.sort_by(|a, b| a.1[0].1.total_cmp(&b.1[0].1));
    pool.truncate(POOL);
    // enumerate change sets by increasing cost; small pools make a sorted list affordable
    let mut sets: Vec<(f32, Vec<(usize, u8)>)> = Vec::new();
    fn extend(
        pool: &[(usize, Vec<(u8, f32)>)],
        start: usize,
        cur: &mut Vec<(usize, u8)>,
        cost: f32,
        out: &mut Vec<(f32, Vec<(usize, u8)>)>,
    ) {
        if !cur.is_empty() {
            out.push((cost, cur.clone()));
        }
        if cur.len() == MAX_CHANGES {
            return;
        }
        for (k, (cell, alts)) in pool.iter().enumerate().skip(start) {
            for &(d, c) in alts {
                cur.push((*cell, d));
                extend(pool, k + 1, cur, cost + c, out);
                cur.pop();
            }
        }
    }
    extend(&pool, 0, &mut Vec::new(), 0.0, &mut sets);
    sets.sort_by(|a, b| a.0.total_cmp(&b.0));
    sets.truncate(MAX_TRIES);
    sets.into_iter().map(|(_, set)| set).collect()
}

fn argmax(p: &[f32]) -> usize {
    p.iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i)
        .unwrap_or(0)
}

/// How much likelier a player's entry is taken to be the solution's digit than any one other
/// digit: 792 is the odds of an entry that is wrong one time in a hundred, spread over the
/// eight other digits (0.99 / (0.01 / 8)). That is still a humble view of players: not one of
/// the 6,719 entries of the training and validation photos is labelled wrong, and at most
/// two of their glyphs even look like another digit (0.03%). The model's probabilities are
/// weighed by it, so an entry the model doubts takes the solution's digit and is shown as a
/// cell to check ("I read a 4 here; is it what you wrote?"); one it reads beyond doubt stays
/// as written, a question or, at [`super::interpret::MISTAKE_SURE`], a likely mistake.
/// Chosen on the training and validation photos (models/README.md, "Entries weighed by the
/// solution"): the former 72 (wrong one time in ten) left handwritten 4s read as 6 or 9 at
/// 0.98 against 0.01, and a 7 read as 4 at 0.995 against 0.002.
pub const ENTRY_PRIOR: f32 = 792.0;

/// Whether a handwritten entry the model reads with probability `p_read` is more likely the
/// solution's digit, which it gave probability `p_solution`.
pub fn entry_is_solution_digit(p_read: f32, p_solution: f32) -> bool {
    p_solution * ENTRY_PRIOR > p_read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsure_entry_is_read_as_the_solution_digit_a_clear_one_is_kept() {
        // 5 or 6 at 70/25: the solution's 6 wins
        assert!(entry_is_solution_digit(0.70, 0.25));
        // a 4 read as a 6 at 98.8 against 1.1: the solution's 4, as the cell to check
        assert!(entry_is_solution_digit(0.988, 0.011));
        // a 7 read as a 4 at 99.5 against 0.2
        assert!(entry_is_solution_digit(0.995, 0.002));
        // a clearly written wrong digit stays the player's
        assert!(!entry_is_solution_digit(0.999, 0.001));
        assert!(!entry_is_solution_digit(0.9999, 0.0001));
    }

    const PUZZLE: &str =
        "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";

    fn confident(g: &Grid) -> [GivenProbs; 81] {
        std::array::from_fn(|i| {
            let mut p = [0.001f32; 10];
            p[g.digits()[i] as usize] = 0.99;
            p
        })
    }

    /// The givens of `g` it cannot do without: without any one of them it has several
    /// solutions, so the rules notice when it is read as missing.
    fn needed_givens(g: &Grid) -> impl Iterator<Item = usize> + '_ {
        (0..81).filter(|&i| {
            let mut d = *g.digits();
            d[i] != 0 && {
                d[i] = 0;
                matches!(
                    crate::solver::verdict(&Grid::from_digits(d).unwrap()),
                    Verdict::Multiple(_)
                )
            }
        })
    }

    #[test]
    fn a_proper_reading_is_kept() {
        let g = Grid::parse(PUZZLE).unwrap();
        let r = repair_givens(&confident(&g));
        assert_eq!(r.givens, g);
        assert!(r.changed.is_empty());
    }

    #[test]
    fn a_misread_digit_with_a_close_second_is_corrected() {
        let g = Grid::parse(PUZZLE).unwrap();
        let mut p = confident(&g);
        // r1c4 is a 7 but read as a 1 (a classic confusion), with 7 a close second
        let i = 3;
        p[i] = [0.001; 10];
        p[i][1] = 0.55;
        p[i][7] = 0.4;
        // r1c4 = 1 collides with the 1 in r2c7? Not necessarily; make sure it breaks the rules
        let mut misread = *g.digits();
        misread[i] = 1;
        let bad = Grid::from_digits(misread).unwrap();
        assert!(!matches!(crate::solver::verdict(&bad), Verdict::Unique(_)));
        let r = repair_givens(&p);
        assert_eq!(r.givens, g);
        assert_eq!(r.changed, vec![Cell::ALL[i]]);
    }

    #[test]
    fn a_missing_given_is_restored_from_its_alternative() {
        let g = Grid::parse(PUZZLE).unwrap();
        // a given whose absence leaves several solutions, so the rules can notice it is gone
        let i = needed_givens(&g)
            .next()
            .expect("a newspaper puzzle has a necessary given");
        let mut p = confident(&g);
        p[i] = [0.001; 10];
        p[i][0] = 0.6;
        p[i][g.digits()[i] as usize] = 0.35;
        let r = repair_givens(&p);
        assert_eq!(r.givens, g);
        assert_eq!(r.changed, vec![Cell::ALL[i]]);
    }

    #[test]
    fn four_givens_read_as_no_given_all_come_back() {
        let g = Grid::parse(PUZZLE).unwrap();
        // four givens each of which the puzzle needs (without any one of them it has several
        // solutions), all read as "no given" (as handwriting) with the printed digit a fair
        // second: one font's glyph misread in every cell it is given
        let needed: Vec<usize> = needed_givens(&g).take(4).collect();
        assert_eq!(needed.len(), 4, "{needed:?}");
        let mut p = confident(&g);
        for &i in &needed {
            let given = usize::from(g.digits()[i]);
            p[i] = [0.001; 10];
            p[i][0] = 0.7;
            p[i][given] = 0.29;
        }
        let r = repair_givens(&p);
        assert_eq!(r.givens, g);
        let mut changed: Vec<usize> = r.changed.iter().map(|c| c.index()).collect();
        changed.sort_unstable();
        assert_eq!(changed, needed);
    }
}
