//! The duel's grids. Pip's grid for the player comes from the generator
//! ([`crate::generate`]): a proper puzzle (one completion) that rates at the
//! level asked, made from the seed. The player's secret, when Pip makes it
//! for them, is a known grid in disguise, as the console document makes the
//! computer's: random symmetries of a bank grid (a rotation, a mirror, rows
//! swapped within their band, columns within their stack, bands and stacks
//! swapped, digits relabelled) keep it a valid grid and give about 10^12
//! versions of each. Its holes are then cut anywhere ([`holes_by_count`]),
//! as a player makes them in their grid for Pip, which may leave several
//! completions.

use crate::generate::rng::Rng;
use crate::generate::{generate, Options};
use crate::grid::{Cell, Grid};
use crate::logic::Level;

/// Complete grids to disguise: solutions of puzzles of the built-in
/// library (the Sudoku Exchange puzzle bank, public domain), from easy to
/// diabolical, so that no two are one grid in disguise by chance.
const BANK: [&str; 8] = [
    "372451869691827354458936271543768912789512436126394587215689743937145628864273195",
    "962578431813294576745136928127463859538719264496825317281957643374682195659341782",
    "143862579658739214792541836316978452987254361425316798839625147271493685564187923",
    "451368927382957641976142835814739562297516384635824719169273458723485196548691273",
    "692853147134726859587419263915382476478695321326147598849561732761234985253978614",
    "581739462249685173376214859825463791497521386163978245958142637732856914614397528",
    "734851269825964137961732584258617493193248675476395812517489326382576941649123758",
    "476528913382916574915347862264791358739852641158634729843265197527189436691473285",
];

/// What was dealt: the secret, the grid with its holes, and the level the
/// grid rates at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dealt {
    pub secret: Grid,
    pub puzzle: Grid,
    pub level: Level,
}

/// A secret complete grid from `seed`: a bank grid in a random disguise.
pub fn secret(seed: u64) -> Grid {
    let mut rng = super::stream(seed, 1);
    let base = Grid::parse(BANK[rng.below(BANK.len())]).expect("the bank grids parse");
    disguise(&base, &mut rng)
}

/// The secret "make one for me" gives the player for `seed`: another grid
/// than Pip's, dealt from the same seed.
pub fn players_secret(seed: u64) -> Grid {
    secret(seed ^ 0x005E_C2E7)
}

/// `grid` under a random symmetry: a rotation by a quarter turn times 0 to
/// 3, a mirror or not, rows swapped within their bands and bands swapped,
/// columns within their stacks and stacks swapped, digits relabelled. Each
/// keeps every row, column and box a row, column or box, so a valid grid
/// stays valid and a puzzle keeps its solutions and its difficulty.
pub(crate) fn disguise(grid: &Grid, rng: &mut Rng) -> Grid {
    let mut rows = line_order(rng);
    let cols = line_order(rng);
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let turns = rng.below(4);
    let mirror = rng.below(2) == 1;
    if mirror {
        rows.reverse();
    }
    let mut out = Grid::empty();
    for cell in Cell::ALL {
        // The cell of `grid` whose digit lands in `cell`.
        let (mut r, mut c) = (rows[cell.row()], cols[cell.col()]);
        for _ in 0..turns {
            (r, c) = (8 - c, r);
        }
        let d = grid.get(Cell::new(r, c));
        out.set(cell, if d == 0 { 0 } else { digits[d as usize - 1] });
    }
    out
}

/// A random order of the nine rows (or columns) that keeps bands whole:
/// the bands shuffled, and the three lines within each.
fn line_order(rng: &mut Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut order = [0; 9];
    for (i, band) in bands.iter().enumerate() {
        let mut lines = [0, 1, 2];
        rng.shuffle(&mut lines);
        for (j, line) in lines.iter().enumerate() {
            order[i * 3 + j] = band * 3 + line;
        }
    }
    order
}

/// `count` holes (at most 81) anywhere in `secret`, chosen by `seed`.
pub fn holes_by_count(secret: &Grid, count: usize, seed: u64) -> Grid {
    let mut rng = super::stream(seed, 2);
    let mut cells = Cell::ALL;
    rng.shuffle(&mut cells);
    let mut puzzle = *secret;
    for &cell in cells.iter().take(count.min(81)) {
        puzzle.set(cell, 0);
    }
    puzzle
}

/// Pip's secret and its grid for the player at `level`, from `seed` (the
/// generator's puzzle and its solution).
pub fn pip_grid(level: Level, seed: u64) -> Dealt {
    let made = generate(&Options::new(level), seed);
    Dealt {
        secret: made.solution,
        puzzle: made.puzzle,
        level: made.rating.level,
    }
}

/// The player's grid for Pip as they typed, pasted or photographed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayersGrid {
    /// A complete valid grid: the secret, holes still to be made.
    Secret(Grid),
    /// A grid with its holes made, handed as it is; its secret is its one
    /// completion, or `None` when the player keeps it on paper (by hand).
    Holed { handed: Grid, secret: Option<Grid> },
}

/// Why a grid cannot be the player's grid for Pip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersGridError {
    /// A digit repeats in a unit: no secret grid can hold that.
    Repeated(crate::grid::Conflict),
    /// The grid has holes and several completions, and the app is to
    /// answer Pip: it cannot know which one is the secret.
    SeveralCompletions,
    /// The grid has holes and no completion.
    NoCompletion,
    /// The grid is empty: nothing to hand over.
    Empty,
}

impl PlayersGrid {
    /// Reads `grid` as the player's: complete, it is the secret; with
    /// holes, it is handed as it is, and unless answered `by_hand` it must
    /// have exactly one completion (the secret the app answers from). By
    /// hand, a grid with holes is never refused here: Pip looks for lies
    /// in it itself once the duel starts.
    pub fn read(grid: Grid, by_hand: bool) -> Result<PlayersGrid, PlayersGridError> {
        if grid.filled_count() == 0 {
            return Err(PlayersGridError::Empty);
        }
        if grid.is_complete() {
            return match grid.conflicts().into_iter().next() {
                Some(c) => Err(PlayersGridError::Repeated(c)),
                None => Ok(PlayersGrid::Secret(grid)),
            };
        }
        if by_hand {
            return Ok(PlayersGrid::Holed {
                handed: grid,
                secret: None,
            });
        }
        if let Some(c) = grid.conflicts().into_iter().next() {
            return Err(PlayersGridError::Repeated(c));
        }
        match crate::solver::verdict(&grid) {
            crate::solver::Verdict::Unique(solution) => Ok(PlayersGrid::Holed {
                handed: grid,
                secret: Some(solution),
            }),
            crate::solver::Verdict::Multiple(_) => Err(PlayersGridError::SeveralCompletions),
            crate::solver::Verdict::NoSolution { .. } => Err(PlayersGridError::NoCompletion),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rate_grid;
    use crate::solver::count_solutions;

    fn is_valid_complete(g: &Grid) -> bool {
        g.is_complete() && g.conflicts().is_empty()
    }

    #[test]
    fn bank_grids_are_valid_and_disguises_stay_valid() {
        for line in BANK {
            assert!(is_valid_complete(&Grid::parse(line).unwrap()), "{line}");
        }
        let a = secret(1);
        assert!(is_valid_complete(&a));
        assert_eq!(a, secret(1), "the same seed, the same grid");
        assert_ne!(a, secret(2));
        // A disguised puzzle keeps exactly its solutions.
        let puzzle = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let mut rng = Rng::new(9);
        for _ in 0..20 {
            let d = disguise(&puzzle, &mut rng);
            assert_eq!(d.filled_count(), puzzle.filled_count());
            assert_eq!(count_solutions(&d, 2), 1, "{d}");
        }
    }

    #[test]
    fn a_players_grid_is_a_secret_or_a_grid_with_holes_and_one_completion() {
        let s = secret(4);
        assert_eq!(PlayersGrid::read(s, false), Ok(PlayersGrid::Secret(s)));
        let mut bad = s;
        bad.set(Cell::new(0, 0), s.get(Cell::new(0, 1)));
        assert!(matches!(
            PlayersGrid::read(bad, false),
            Err(PlayersGridError::Repeated(_))
        ));
        let proper = pip_grid(Level::Easy, 4).puzzle;
        assert!(matches!(
            PlayersGrid::read(proper, false),
            Ok(PlayersGrid::Holed {
                secret: Some(_),
                ..
            })
        ));
        let wide = holes_by_count(&s, 70, 4);
        assert_eq!(
            PlayersGrid::read(wide, false),
            Err(PlayersGridError::SeveralCompletions)
        );
        assert_eq!(
            PlayersGrid::read(wide, true),
            Ok(PlayersGrid::Holed {
                handed: wide,
                secret: None
            })
        );
        assert_eq!(
            PlayersGrid::read(Grid::empty(), true),
            Err(PlayersGridError::Empty)
        );
    }

    #[test]
    fn holes_by_count_makes_exactly_that_many() {
        let s = secret(3);
        let g = holes_by_count(&s, 50, 3);
        assert_eq!(81 - g.filled_count(), 50);
        assert!(g.agrees_with(&s));
        assert_eq!(holes_by_count(&s, 200, 3).filled_count(), 0);
    }

    #[test]
    fn pips_grid_for_the_player_has_one_completion_and_rates_at_its_level() {
        let d = pip_grid(Level::Easy, 11);
        assert_eq!(d.level, Level::Easy);
        assert!(d.puzzle.agrees_with(&d.secret));
        assert_eq!(count_solutions(&d.puzzle, 2), 1);
        assert_eq!(rate_grid(&d.puzzle).level, Level::Easy);
        assert!(81 - d.puzzle.filled_count() >= 40, "{}", d.puzzle);
        assert_eq!(pip_grid(Level::Easy, 11), d);
        let m = pip_grid(Level::Medium, 11);
        assert_eq!(rate_grid(&m.puzzle).level, Level::Medium);
        assert_eq!(m.secret, crate::solver::solve(&m.puzzle).unwrap());
    }
}
