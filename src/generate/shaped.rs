//! Puzzles of every shape: [`generate_shaped`].
//!
//! The same recipe as the classic generator, on the shape's own houses: a
//! random complete grid (a random first row, then the exact solver filling
//! the rest with the digits in a random order), emptied orbit by orbit in
//! a random order while the puzzle keeps one solution, then rated by the
//! rule engine on the shape's units. Easy puzzles are dug while the
//! singles alone still solve them, as the classic's are. The classic shape
//! goes to the classic generator, with its level search and fast paths.
//!
//! The other sizes (4×4, 6×6, 12×12, 16×16 and their combinations) are
//! rated by the sized engine ([`crate::logic::sized`]) on the shape's
//! houses. Their puzzles above Easy are dug while they keep one solution
//! and the engine rates them at or below the level asked, so that the
//! orbits left are the ones the level needs; a level a size cannot reach
//! (see [`reachable_levels`]) is refused with
//! [`ShapedGenerateError::LevelOutOfReach`], and a search that finds no
//! puzzle at the level within its budget ([`SIZED_CANDIDATES_BUDGET`])
//! stops with [`ShapedGenerateError::NotFound`].
//!
//! Overlapping grids also keep the sub-carpet rule unless
//! [`Options::allow_solvable_subgrids`] lifts it: a candidate leaving some
//! of its grids solvable on their own is drawn again (see
//! [`super::subcarpet`]).

use super::judge::{judge_from, Judgement};
use super::rng::Rng;
use super::subcarpet::SubCarpets;
use super::{Cancelled, Options, Progress, Symmetry};
use crate::grid::{Grid, Parity, Shape, ShapeError, ShapeName, ShapedGrid, Size};
use crate::logic::sized::{level_reachable, rate_sized_within, reachable_levels};
use crate::logic::{Level, Pencilmarks, Rating, Technique};
use crate::solver::{count_within, solve_in_order};
use std::fmt;
use std::ops::ControlFlow;

/// How many search states one uniqueness check may visit before the
/// removal it checks is refused (a 16×16 with few givens can take long to
/// prove unique; refusing keeps the puzzle proper, with a given more).
const UNIQUENESS_BUDGET: u64 = 20_000;

/// How many candidate puzzles the search for a level on a sized grid
/// makes, per cell of the grid, before it gives up, so that generation
/// time stays bounded: 2 000 candidates for a 6×6 (a few seconds at
/// worst), 281 for a 16×16, whose candidates cost far more.
pub const SIZED_CANDIDATES_BUDGET: u32 = 72_000;

/// A generated puzzle of any shape.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedShaped {
    pub puzzle: ShapedGrid,
    pub solution: ShapedGrid,
    /// What the rule engine says of it (the sized engine's rating on
    /// other sizes).
    pub rating: Option<Rating>,
    /// The level it was made at.
    pub level: Level,
    pub seed: u64,
    pub candidates: u32,
}

/// Why a shape cannot be generated at a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapedGenerateError {
    /// The shape's size has no puzzle at this level: its grids are too
    /// small for the techniques the level needs (see `reachable_levels`);
    /// or, with `seldom`, Game > New and the page do not make it there
    /// (overlapping grids beyond Hard: see [`makes_level`]).
    LevelOutOfReach {
        shape: String,
        level: Level,
        /// The levels that are made.
        reachable: Vec<Level>,
        seldom: bool,
    },
    /// No candidate of the search rated at the level within its budget.
    NotFound {
        shape: String,
        level: Level,
        candidates: u32,
        /// How many of the candidates were at the level but left a
        /// sub-carpet solvable alone (see [`super::subcarpet`]).
        sub_carpet_solvable: u32,
    },
    Cancelled,
}

impl fmt::Display for ShapedGenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapedGenerateError::LevelOutOfReach {
                shape,
                level,
                reachable,
                seldom,
            } => {
                let (ids, level) = (
                    reachable.iter().map(|l| l.id()).collect::<Vec<_>>(),
                    level.id(),
                );
                let why = match seldom {
                    true => format!("no {shape} puzzle is made at {level} here: grids dug at random are seldom that hard, and a search takes minutes (`sudolens generate` tries it)"),
                    false => format!("no {shape} puzzle is {level}: its grids are too small for the techniques that level needs"),
                };
                write!(f, "{why} (a {shape} is made at {})", ids.join(", "))
            }
            ShapedGenerateError::NotFound {
                shape,
                level,
                candidates,
                sub_carpet_solvable,
            } => {
                write!(
                    f,
                    "no {shape} puzzle rated {} among {candidates} candidates from this seed",
                    level.id()
                )?;
                if *sub_carpet_solvable > 0 {
                    write!(
                        f,
                        " ({sub_carpet_solvable} at the level left some of the grids solvable on their own; --allow-solvable-subgrids accepts those)"
                    )?;
                }
                f.write_str("; try another seed")
            }
            ShapedGenerateError::Cancelled => Cancelled.fmt(f),
        }
    }
}

impl std::error::Error for ShapedGenerateError {}

/// Whether Game > New and the page make puzzles of `shape` at `level`:
/// every level on the 9×9 lattice; on the other sizes, the levels the
/// sized rule engine reaches there ([`reachable_levels`]: a 4×4 is all
/// singles); on overlapping grids, Easy to Hard. Beyond Hard a samurai
/// made by digging at random is rarely harder than Hard: one seed rates
/// about 200 candidates, ten seconds' work, and often finds none (`cargo
/// bench --bench overlap`), too long to wait for in the window. `generate
/// --shape samurai --level expert` still tries them. Game > New and the
/// page ask this (through [`generate_named`]) instead of keeping a list
/// of their own.
pub fn makes_level(shape: &Shape, level: Level) -> bool {
    if shape.overlap().is_some() {
        return level <= Level::Hard && level_reachable(shape, level);
    }
    shape.is_9x9() || level_reachable(shape, level)
}

/// The levels [`generate_shaped`] makes for `shape`, easiest first.
pub fn levels_made(shape: &Shape) -> Vec<Level> {
    Level::ALL
        .into_iter()
        .filter(|&l| makes_level(shape, l))
        .collect()
}

/// A puzzle of `shape` at `options.level` from `seed`, reporting progress
/// after every candidate; stops when `on_progress` breaks.
///
/// ```
/// use std::ops::ControlFlow;
/// use sudolens::generate::{generate_shaped, Options};
/// use sudolens::grid::Shape;
/// use sudolens::logic::Level;
/// use sudolens::solver::count_shaped;
///
/// let x = Shape::parse_name("x").unwrap();
/// let made = generate_shaped(&x, &Options::new(Level::Easy), 7, |_| ControlFlow::Continue(())).unwrap();
/// assert_eq!(count_shaped(&x, made.puzzle.values(), 2), 1);
/// assert_eq!(made.rating.unwrap().level, Level::Easy);
/// ```
pub fn generate_shaped(
    shape: &Shape,
    options: &Options,
    seed: u64,
    mut on_progress: impl FnMut(Progress) -> ControlFlow<()>,
) -> Result<GeneratedShaped, ShapedGenerateError> {
    if shape.is_classic() {
        let made = super::generate_with(options, seed, on_progress)
            .map_err(|Cancelled| ShapedGenerateError::Cancelled)?;
        let as_shaped = |g: &Grid| ShapedGrid::from_grid(Shape::classic(), g);
        return match (as_shaped(&made.puzzle), as_shaped(&made.solution)) {
            (Some(puzzle), Some(solution)) => Ok(GeneratedShaped {
                puzzle,
                solution,
                rating: Some(made.rating),
                level: options.level,
                seed,
                candidates: made.candidates,
            }),
            _ => unreachable!("a classic grid has 81 cells"),
        };
    }
    let easy = options.level == Level::Easy;
    let sized = !shape.is_9x9();
    // the command line tries every level the engine reaches; the menus
    // ask `generate_named`, which keeps to `makes_level`
    if !(shape.is_9x9() || level_reachable(shape, options.level)) {
        return Err(ShapedGenerateError::LevelOutOfReach {
            shape: shape.name(),
            level: options.level,
            reachable: reachable_levels(shape),
            seldom: false,
        });
    }
    // The top level a size reaches needs no rating while digging: any
    // puzzle at all may reach it.
    let rate_while_digging =
        sized && !easy && reachable_levels(shape).last() != Some(&options.level);
    let mut rng = Rng::new(seed);
    let orbits = orbits(shape, options.symmetry);
    let sub_carpets = (!options.allow_solvable_subgrids && shape.grids().len() > 1)
        .then(|| SubCarpets::of(shape));
    let mut progress = Progress {
        candidates: 0,
        grids: 0,
    };
    let mut sub_carpet_solvable = 0u32;
    loop {
        if sized && progress.candidates >= SIZED_CANDIDATES_BUDGET / shape.cell_count() as u32 {
            return Err(ShapedGenerateError::NotFound {
                shape: shape.name(),
                level: options.level,
                candidates: progress.candidates,
                sub_carpet_solvable,
            });
        }
        let Some(solution) = random_solution(shape, &mut rng) else {
            continue;
        };
        progress.grids += 1;
        let mut order = orbits.clone();
        rng.shuffle(&mut order);
        let mut puzzle = solution.clone();
        for orbit in &order {
            let before = puzzle.clone();
            for &i in orbit {
                puzzle[i] = 0;
            }
            let keep = if easy {
                solved_by_singles(shape, &puzzle)
            } else {
                count_within(shape, &puzzle, 2, UNIQUENESS_BUDGET) == Ok(1)
                    && (!rate_while_digging
                        || rate_sized_within(shape, &puzzle, options.level).is_some())
            };
            if !keep {
                puzzle = before;
            }
        }
        progress.candidates += 1;
        if on_progress(progress).is_break() {
            return Err(ShapedGenerateError::Cancelled);
        }
        // the walk stops at the first step above the level asked, as the
        // classic's search does: a too-hard candidate costs only its easy start
        let rating = match to_grid(&puzzle).map(|g| (Pencilmarks::from_grid_in(shape, &g), g)) {
            Some((Ok(start), grid)) => match judge_from(start, &grid, options.level) {
                Judgement::Rated(r) => Some(r),
                Judgement::Above => {
                    continue;
                }
            },
            _ if sized => match rate_sized_within(shape, &puzzle, options.level) {
                Some(r) => Some(r),
                None => continue,
            },
            _ => None,
        };
        let at_level = match &rating {
            Some(r) => r.solved_by_logic && r.level == options.level,
            None => easy,
        };
        // A candidate with a sub-carpet solvable alone is drawn again: its
        // givens cannot be thinned without losing the whole's one solution,
        // and more givens only make the sub-carpet more solvable.
        let breaks_rule = || {
            sub_carpets
                .as_ref()
                .is_some_and(|s| s.solvable(&puzzle).is_some())
        };
        if at_level && breaks_rule() {
            sub_carpet_solvable += 1;
            continue;
        }
        if at_level {
            let (Some(puzzle), Some(solution)) = (
                ShapedGrid::new(shape.clone(), puzzle),
                ShapedGrid::new(shape.clone(), solution),
            ) else {
                continue;
            };
            return Ok(GeneratedShaped {
                puzzle,
                solution,
                rating,
                level: options.level,
                seed,
                candidates: progress.candidates,
            });
        }
    }
}

/// The shapes Game > New and the page's New make, by name: the classic,
/// the 9×9 variants the newspapers print, the other sizes, and the
/// overlapping grids (the newspapers' forms, and the carpet document's
/// families at their smallest sizes: the others are made with `generate
/// --shape`).
pub const SHAPES_MADE: [&str; 19] = [
    "classic",
    "x",
    "hyper",
    "x+hyper",
    "jigsaw",
    "odd-even",
    "4x4",
    "6x6",
    "12x12",
    "16x16",
    "samurai",
    "twin",
    "sohei",
    "windmill",
    "flower",
    "carpet-2-dense",
    "diagonal-3",
    "carpet-2",
    "torus-2",
];

/// How many seeds [`generate_named`] tries before it gives up: a 6×6
/// reaches Master or Extreme from some seeds only (the sized engine's
/// figures in the README), and each seed's search is bounded.
pub const SEEDS_TRIED: u64 = 8;

/// A puzzle of the shape `name` asks for at `options.level`: its maps drawn
/// from the seed ([`random_shape`]), then [`generate_shaped`]; the next
/// seeds (up to [`SEEDS_TRIED`]) when one's bounded search finds no puzzle
/// at the level. The puzzle's `seed` makes it again from here. Game > New
/// and the page's New both make their variants here.
pub fn generate_named(
    name: ShapeName,
    options: &Options,
    seed: u64,
    mut on_progress: impl FnMut(Progress) -> ControlFlow<()>,
) -> Result<GeneratedShaped, ShapedGenerateError> {
    let mut last = None;
    for seed in (0..SEEDS_TRIED).map(|k| seed.wrapping_add(k)) {
        let Ok(shape) = random_shape(name, seed) else {
            continue;
        };
        if !makes_level(&shape, options.level) {
            let reachable = levels_made(&shape);
            return Err(ShapedGenerateError::LevelOutOfReach {
                shape: shape.name(),
                level: options.level,
                seldom: level_reachable(&shape, options.level),
                reachable,
            });
        }
        match generate_shaped(&shape, options, seed, &mut on_progress) {
            Err(e @ ShapedGenerateError::NotFound { .. }) => last = Some(e),
            made => return made,
        }
    }
    Err(last.unwrap_or(ShapedGenerateError::Cancelled))
}

/// The shape a name asks for, with a jigsaw's regions and an odd/even's
/// shading drawn from `seed` (the same seed, the same maps).
///
/// Jigsaw regions start as the boxes and are reshaped by random swaps of
/// two border cells between neighbouring regions, each kept only when
/// both regions stay in one piece; a layout on which no grid can be filled
/// is drawn again. The shading marks, in a random complete grid of the
/// shape, every cell holding an even digit: the odd/even newspapers print
/// it that way.
pub fn random_shape(name: ShapeName, seed: u64) -> Result<Shape, ShapeError> {
    if name.overlap.is_some() {
        // Overlapping grids have no map to draw.
        return Shape::new(name.into_spec(None, None)?);
    }
    let mut rng = Rng::new(seed ^ 0x5ea1_ed5a_a9e5);
    let n = name.size.side as usize;
    loop {
        let regions = name.jigsaw.then(|| random_regions(name.size, &mut rng));
        let plain = ShapeName {
            odd_even: false,
            ..name
        };
        let base = Shape::new(plain.into_spec(regions.clone(), None)?)?;
        if !name.odd_even {
            if random_solution(&base, &mut rng).is_some() {
                return Ok(base);
            }
            continue;
        }
        let Some(solution) = random_solution(&base, &mut rng) else {
            continue;
        };
        let shaded = (0..n * n).map(|i| solution[i] % 2 == 0).collect();
        let parity = Parity {
            shaded,
            shaded_even: true,
        };
        return Shape::new(name.into_spec(regions, Some(parity))?);
    }
}

/// Boxes reshaped by random swaps of border cells (see [`random_shape`]).
///
/// Swapping goes on while a line of the boxes still runs straight across
/// the whole grid: such a line cuts the grid into a classic grid's bands or
/// stacks, which no printed jigsaw has, and a third of 9 × 9 maps kept one
/// after the first round.
fn random_regions(size: Size, rng: &mut Rng) -> Vec<u8> {
    let n = size.side as usize;
    let (br, bc) = (size.box_rows as usize, size.box_cols as usize);
    let mut map: Vec<u8> = (0..n * n)
        .map(|i| ((i / n / br) * (n / bc) + (i % n) / bc) as u8)
        .collect();
    swap_border_cells(&mut map, n, n * n * 4, rng);
    // Bounded, so a size whose lines could never all bend still ends.
    for _ in 0..64 {
        if !has_straight_box_line(&map, size) {
            break;
        }
        swap_border_cells(&mut map, n, n * n, rng);
    }
    map
}

/// `count` tries at giving a border cell to the neighbouring region and
/// taking one back, each kept only when both regions stay in one piece.
fn swap_border_cells(map: &mut [u8], n: usize, count: usize, rng: &mut Rng) {
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    };
    for _ in 0..count {
        let a = rng.below(n * n);
        let Some(b) = neighbours(a).find(|&b| map[b] != map[a]) else {
            continue;
        };
        let (ra, rb) = (map[a], map[b]);
        // A cell of rb touching ra goes the other way, keeping the sizes.
        let back: Vec<usize> = (0..n * n)
            .filter(|&c| c != b && map[c] == rb && neighbours(c).any(|d| map[d] == ra && d != a))
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        map[a] = rb;
        map[c] = ra;
        let whole = |r: u8| {
            let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == r).collect();
            crate::grid::in_one_piece(&cells, n)
        };
        if !whole(ra) || !whole(rb) {
            map[a] = ra;
            map[c] = rb;
        }
    }
}

/// Whether a line between two bands or two stacks of boxes still separates
/// different regions in every row or column it crosses.
fn has_straight_box_line(map: &[u8], size: Size) -> bool {
    let n = size.side as usize;
    let (br, bc) = (size.box_rows as usize, size.box_cols as usize);
    let down = (1..n / bc).any(|k| (0..n).all(|r| map[r * n + k * bc - 1] != map[r * n + k * bc]));
    let across =
        (1..n / br).any(|k| (0..n).all(|c| map[(k * br - 1) * n + c] != map[k * br * n + c]));
    down || across
}

fn to_grid(values: &[u8]) -> Option<Grid> {
    let digits: [u8; 81] = values.try_into().ok()?;
    Grid::from_digits(digits).ok()
}

/// A random complete grid: a random first row (checked against the
/// shading), then the exact solver with the digits in a random order.
fn random_solution(shape: &Shape, rng: &mut Rng) -> Option<Vec<u8>> {
    let n = shape.side();
    let mut first: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut first);
    let mut values = vec![0u8; shape.cell_count()];
    for (i, &v) in first.iter().enumerate() {
        if shape.allowed_bits(i) & (1 << (v - 1)) != 0 {
            values[i] = v;
        }
    }
    let mut order: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut order);
    // A budget so that a first row the diagonals make hard to complete is
    // dropped for a fresh one rather than searched to the end.
    solve_in_order(shape, &values, order, 200_000)
        .ok()
        .flatten()
}

/// The cells that are given or emptied together under `symmetry` on
/// `shape`'s plane: a cell and its half-turn or mirror image (a cell of
/// overlapping grids whose image lies in no grid stays alone).
fn orbits(shape: &Shape, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let (rows, cols) = shape.plane_size();
    let image = |i: usize| {
        let (r, c) = shape.position(i);
        let (r, c) = match symmetry {
            Symmetry::None => (r, c),
            Symmetry::Rotational => (rows - 1 - r, cols - 1 - c),
            Symmetry::Mirror => (r, cols - 1 - c),
        };
        shape.cell_at(r, c).unwrap_or(i)
    };
    (0..shape.cell_count())
        .filter(|&i| image(i) >= i)
        .map(|i| {
            if image(i) == i {
                vec![i]
            } else {
                vec![i, image(i)]
            }
        })
        .collect()
}

/// Whether naked and hidden singles alone solve the puzzle: on a 9×9 shape
/// the rule engine's singles, elsewhere the exact solver's propagation
/// (which plays exactly those) with no branch.
fn solved_by_singles(shape: &Shape, values: &[u8]) -> bool {
    if let Some(grid) = to_grid(values) {
        if let Ok(mut s) = Pencilmarks::from_grid_in(shape, &grid) {
            let singles = |t: Technique| {
                matches!(
                    t,
                    Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
                )
            };
            while let Some(step) = crate::logic::next_step_among(&s, singles) {
                crate::logic::apply_to_state(&mut s, &step);
            }
            return s.is_solved();
        }
    }
    count_within(shape, values, 2, 1) == Ok(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count_shaped;

    fn make(name: &str, level: Level, seed: u64) -> GeneratedShaped {
        let shape = Shape::parse_name(name).unwrap();
        generate_shaped(&shape, &Options::new(level), seed, |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
    }

    #[test]
    fn every_size_makes_unique_symmetric_easy_puzzles() {
        for name in ["4x4", "6x6", "x", "hyper", "6x6+x", "12x12"] {
            let made = make(name, Level::Easy, 3);
            let shape = made.puzzle.shape().clone();
            assert_eq!(count_shaped(&shape, made.puzzle.values(), 2), 1, "{name}");
            let n = shape.cell_count();
            for i in 0..n {
                assert_eq!(
                    made.puzzle.get(i) == 0,
                    made.puzzle.get(n - 1 - i) == 0,
                    "{name}"
                );
                assert!(made.puzzle.get(i) == 0 || made.puzzle.get(i) == made.solution.get(i));
            }
            assert_eq!(
                make(name, Level::Easy, 3),
                made,
                "{name}: the seed fixes it"
            );
        }
    }

    #[test]
    fn a_samurai_is_made_from_its_seed_unique_and_symmetric() {
        let made = make("samurai", Level::Easy, 3);
        let shape = made.puzzle.shape().clone();
        assert_eq!(shape.cell_count(), 369);
        assert_eq!(count_shaped(&shape, made.puzzle.values(), 2), 1);
        assert!(crate::solver::overlap_tests::fills_every_house(
            &shape,
            made.solution.values()
        ));
        let rating = made.rating.clone().unwrap();
        assert_eq!(rating.level, Level::Easy);
        assert!(rating.solved_by_logic);
        let (rows, cols) = shape.plane_size();
        for i in 0..shape.cell_count() {
            let (r, c) = shape.position(i);
            let image = shape.cell_at(rows - 1 - r, cols - 1 - c).unwrap();
            assert_eq!(made.puzzle.get(i) == 0, made.puzzle.get(image) == 0);
            assert!(made.puzzle.get(i) == 0 || made.puzzle.get(i) == made.solution.get(i));
        }
        assert_eq!(make("samurai", Level::Easy, 3), made, "the seed fixes it");
        let shape = random_shape(ShapeName::parse("torus-3").unwrap(), 1).unwrap();
        assert_eq!(shape.name(), "torus-3");
    }

    #[test]
    fn a_variant_is_made_at_a_harder_level_and_rated_on_its_houses() {
        let made = make("x", Level::Hard, 11);
        let rating = made.rating.unwrap();
        assert_eq!(rating.level, Level::Hard);
        assert!(rating.solved_by_logic);
    }

    #[test]
    fn no_jigsaw_keeps_a_line_of_the_boxes_straight_across() {
        // A third of 9 × 9 maps and half of 6 × 6 maps kept one before.
        for name in ["jigsaw", "6x6+jigsaw"] {
            let size = ShapeName::parse(name).unwrap().size;
            for seed in 0..300 {
                let map = random_regions(size, &mut Rng::new(seed));
                assert!(!has_straight_box_line(&map, size), "{name}, seed {seed}");
            }
        }
    }

    #[test]
    fn jigsaw_and_odd_even_maps_are_drawn_from_the_seed() {
        for name in ["jigsaw", "odd-even", "jigsaw+x", "6x6+jigsaw"] {
            let parsed = ShapeName::parse(name).unwrap();
            let shape = random_shape(parsed, 5).unwrap();
            assert_eq!(shape.spec().name_parts(), parsed, "{name}");
            assert_eq!(
                random_shape(parsed, 5).unwrap(),
                shape,
                "{name}: the seed fixes it"
            );
            if parsed.jigsaw {
                let boxes = Shape::new(crate::grid::ShapeSpec::sized(parsed.size)).unwrap();
                let map = shape.region_map().unwrap();
                let box_map: Vec<u8> = (0..shape.cell_count())
                    .map(|i| {
                        boxes.houses()[2 * shape.side()..]
                            .iter()
                            .position(|h| h.cells.contains(&(i as u16)))
                            .unwrap() as u8
                    })
                    .collect();
                assert_ne!(
                    map,
                    box_map.as_slice(),
                    "{name}: the regions are not the boxes"
                );
                assert!(
                    !has_straight_box_line(map, parsed.size),
                    "{name}: a line of the boxes runs straight across"
                );
            }
            let made = generate_shaped(&shape, &Options::new(Level::Easy), 5, |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(count_shaped(&shape, made.puzzle.values(), 2), 1, "{name}");
        }
    }

    #[test]
    fn a_6x6_x_is_made_at_every_level_above_easy_and_rated_on_its_houses() {
        for level in &Level::ALL[1..] {
            let (level, seed) = (*level, 1);
            let made = make("6x6+x", level, seed);
            let rating = made.rating.unwrap();
            assert_eq!(rating.level, level);
            assert!(rating.solved_by_logic);
            let shape = made.puzzle.shape().clone();
            assert_eq!(count_shaped(&shape, made.puzzle.values(), 2), 1);
        }
    }

    #[test]
    fn a_level_out_of_a_size_s_reach_is_refused_with_the_shape_and_level() {
        for (name, level) in [
            ("4x4", Level::Medium),
            ("4x4", Level::Extreme),
            ("6x6+odd-even", Level::Hard),
        ] {
            let shape = random_shape(ShapeName::parse(name).unwrap(), 1).unwrap();
            let err = generate_shaped(&shape, &Options::new(level), 1, |_| {
                ControlFlow::Continue(())
            })
            .unwrap_err();
            assert_eq!(
                err,
                ShapedGenerateError::LevelOutOfReach {
                    shape: name.into(),
                    level,
                    reachable: vec![Level::Easy],
                    seldom: false,
                }
            );
        }
        // overlapping grids: Game > New and the page stop at Hard
        let name = ShapeName::parse("samurai").unwrap();
        let err = generate_named(name, &Options::new(Level::Expert), 1, |_| {
            ControlFlow::Continue(())
        })
        .unwrap_err();
        assert_eq!(
            err,
            ShapedGenerateError::LevelOutOfReach {
                shape: "samurai".into(),
                level: Level::Expert,
                reachable: vec![Level::Easy, Level::Medium, Level::Hard],
                seldom: true,
            }
        );
        assert!(err.to_string().contains("seldom"), "{err}");
    }
}
