//! From the model's probabilities to what the player sees: the glyphs of the whole grid settle
//! the tiles in doubt between printed and handwritten (`appearance.rs`), the rules repair the
//! givens, unsure entries are read as the solution's digit, and the cells to check are flagged.

use super::appearance;
use super::classify::ClassifiedGrid;
use super::model::{class_reading, CLASSES};
use super::{repair, Alternative, CellKind, CellReading, ImportResult, Timings};
use super::{screen_glyphs, variant};
use crate::grid::{Cell, Grid, ShapedGrid};

/// Below this probability of its reading a cell is flagged for the player to check.
pub(super) const UNCERTAIN_BELOW: f32 = 0.9;

/// A handwritten entry read as a digit the solution disagrees with is reported as the
/// player's likely mistake only when the model is at least this sure of the reading; below,
/// it is a question for the player ("check"), never an accusation. Chosen on the training
/// and validation photos with the calibrated model, where every disagreeing entry is a
/// misreading (the players' entries are right): the surest misreading there had confidence
/// 0.99564, and the threshold leaves ten times less room for error, 1 - (1 - 0.99564) / 10
/// (models/README.md).
pub const MISTAKE_SURE: f32 = 0.99956;

/// A photo holds the player's handwriting when at least [`WRITER_ENTRIES`] cells are read as
/// handwritten digits at [`WRITER_SURE`] or more (the references `appearance.rs` compares
/// glyphs with are chosen alike).
pub(super) const WRITER_SURE: f32 = 0.99;
pub(super) const WRITER_ENTRIES: usize = 4;

/// How much less likely than the model's training mix makes it a cell of a photo without
/// the player's handwriting is to hold an entry: ten times. No photo of the training and
/// validation splits has a lone entry (a handwritten photo has at least 10 sure ones), while
/// a printed one's smudges, creases and heavy print were read as handwriting at up to 0.72.
/// A screen without typed entries is weighed alike: a thin given whose glyph the screen's own
/// font cluster does not vouch for ([`screen_glyphs`]) was read as handwriting at 0.54.
const LONE_ENTRY_ODDS: f32 = 0.1;

/// How much likelier than the model's training mix a doubtful cell of a photo where the
/// player writes is to hold an entry: the photo's own odds, its cells read as entries at
/// [`WRITER_SURE`] or more against those read as empty as surely (each count plus one), never
/// below 1. A player who has filled nearly the whole grid has likelier written a faint digit
/// than left one cell blank, as a person reading the page would assume; a grid with many blank
/// cells keeps the model's own odds, because paper reads surely blank far more easily than a
/// stroke reads surely written, so those counts would lean to blank without cause.
/// Photographed grids only: a screen's typed entries are never faint, and its pencil marks
/// are settled as no entry ([`screen_glyphs`]).
pub(super) fn fill_odds(probs: &[[f32; CLASSES]]) -> f32 {
    let written = probs
        .iter()
        .filter(|p| p[10..].iter().sum::<f32>() >= WRITER_SURE)
        .count();
    let blank = probs.iter().filter(|p| p[0] >= WRITER_SURE).count();
    ((written + 1) as f32 / (blank + 1) as f32).max(1.0)
}

/// In a photo or screen without the player's handwriting, weighs each cell's handwritten
/// classes by [`LONE_ENTRY_ODDS`] (and normalises): a clear pen stroke (0.99 against 0.01) is
/// still read, a doubtful one yields to the print or paper the model also saw there. Returns
/// the cells whose likeliest class changed, to be checked.
pub(super) fn doubt_lone_handwriting(probs: &mut [[f32; CLASSES]]) -> Vec<usize> {
    let mut changed = Vec::new();
    for (i, p) in probs.iter_mut().enumerate() {
        let before = argmax(p);
        for q in &mut p[10..] {
            *q *= LONE_ENTRY_ODDS;
        }
        let total: f32 = p.iter().sum();
        if total > 0.0 {
            p.iter_mut().for_each(|q| *q /= total);
        }
        if argmax(p) != before {
            changed.push(i);
        }
    }
    changed
}

/// The result of reading `grid` from a photo of `(width, height)` pixels, where the grid's
/// `corners` are (original-image pixels, clockwise from the upright top-left); `rendered` for
/// a screenshot ([`super::rendered`]). Timings are left to the caller.
pub(crate) fn interpret(
    grid: &ClassifiedGrid,
    (width, height): (u32, u32),
    corners: [[f64; 2]; 4],
    rendered: bool,
) -> ImportResult {
    let mut probs = grid.probs.clone();
    // a player who writes in the grid writes in several cells: only then is a hesitant stroke
    // more likely an entry than a smudge
    let writes = probs
        .iter()
        .filter(|p| p[10..].iter().any(|&q| q >= WRITER_SURE))
        .count()
        >= WRITER_ENTRIES;
    let mut weighed = if rendered {
        // a screen draws its givens in one font: what its glyphs settle is no doubt of the
        // model's, and pencil marks are no reading at all, so neither is a cell to check
        screen_glyphs::settle(&grid.warped, &mut probs);
        Vec::new()
    } else {
        appearance::weigh_kinds(&grid.warped, &mut probs)
    };
    if !writes {
        // on a screen too: the glyphs settle only the tiles like the givens' font, and a lone
        // doubtful reading left over is a given drawn thin, not a typed entry
        weighed.extend(doubt_lone_handwriting(&mut probs));
    }
    let given_probs: [repair::GivenProbs; 81] = std::array::from_fn(|i| {
        let p = &probs[i];
        let mut g = [0f32; 10];
        g[0] = p[0] + p[10..].iter().sum::<f32>();
        g[1..].copy_from_slice(&p[1..10]);
        g
    });
    // the print's marks of a variant (shaded diagonals, windows or cells, a jigsaw's heavy
    // lines) are read with that variant's rules when they give the puzzle its one solution
    let (fixed, shape, regions) = variant::read_with_shape(&grid.warped, &given_probs);
    // where the player writes: how much likelier than the model's mix a doubtful cell is written
    let entry_odds = writes.then(|| if rendered { 1.0 } else { fill_odds(&probs) });
    let solution = fixed.verdict.solution().copied();
    let mut cells = Vec::with_capacity(81);
    let mut givens = Grid::empty();
    let mut entries = Grid::empty();
    let mut uncertain = Vec::new();
    for (i, cell) in Cell::ALL.iter().enumerate() {
        let p = &probs[i];
        let mut order: Vec<usize> = (0..CLASSES).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let confidence = p[order[0]];
        let reweighed = weighed.contains(&i) && argmax(&grid.probs[i]) != order[0];
        let repaired = fixed.changed.contains(cell);
        let (digit, kind) = settle_cell(
            p,
            fixed.givens.get(*cell),
            solution.map(|s| s.get(*cell)),
            entry_odds,
        );
        // the rules, the solution or the photo's handwriting chose other than the model's
        // first reading
        let settled_otherwise = (digit, kind) != class_reading(order[0]);
        let corrected = repaired || reweighed || settled_otherwise;
        let disagrees =
            kind == CellKind::Handwritten && solution.is_some_and(|s: Grid| s.get(*cell) != digit);
        // the reading's own probability, and the model's alone before the grid's glyphs
        // weighed in: a mistake needs both to be certain
        let class = usize::from(digit) + 9;
        let likely_mistake = disagrees && p[class].min(grid.probs[i][class]) >= MISTAKE_SURE;
        let unsure = corrected || confidence < UNCERTAIN_BELOW || disagrees;
        if unsure {
            uncertain.push(*cell);
        }
        match kind {
            CellKind::Printed => givens.set(*cell, digit),
            CellKind::Handwritten => entries.set(*cell, digit),
            CellKind::Empty => {}
        }
        let alternatives = alternatives(&order, p, 9);
        cells.push(CellReading {
            cell: *cell,
            digit,
            kind,
            confidence,
            alternatives,
            uncertain: unsure,
            corrected,
            likely_mistake,
        });
    }
    let shaped = |g: &Grid| {
        ShapedGrid::from_grid(shape.clone(), g).unwrap_or_else(|| ShapedGrid::empty(shape.clone()))
    };
    ImportResult {
        shaped_givens: shaped(&givens),
        shaped_entries: shaped(&entries),
        shaped_solution: solution.as_ref().map(shaped),
        shape,
        regions,
        width,
        height,
        corners,
        orientation: u16::from(grid.quarter_turns) * 90,
        cells,
        givens,
        entries,
        verdict: fixed.verdict,
        solution,
        uncertain,
        timings_ms: Timings::default(),
    }
}

/// What a cell holds, given its class probabilities `p`, the given the rules settled on
/// (`given`, 0 for none) and, when the givens have one, the solution's digit.
///
/// A given is the rules' word. Elsewhere, in a photo where the player writes (`entry_odds`
/// given, see [`fill_odds`]), the cell is empty or holds an entry, whichever has more of the
/// model's probability once the entry's is weighed by those odds: the entry's nine digit
/// classes together, since a hesitant stroke splits its probability among look-alike digits
/// without making the cell any less written. In a photo without handwriting a lone
/// doubtful stroke is likelier a smudge, so there an entry must be the model's first reading
/// outright. An entry's digit is then the likeliest once the solution's digit is weighed by
/// [`repair::ENTRY_PRIOR`] (a player's entry is usually right).
pub(super) fn settle_cell(
    p: &[f32; CLASSES],
    given: u8,
    solution: Option<u8>,
    entry_odds: Option<f32>,
) -> (u8, CellKind) {
    if given != 0 {
        return (given, CellKind::Printed);
    }
    let entry = match entry_odds {
        Some(odds) => odds * p[10..].iter().sum::<f32>(),
        None => p[10..].iter().copied().fold(0.0, f32::max),
    };
    let writes = entry_odds.is_some();
    if entry <= p[0] || (!writes && entry <= p[1..10].iter().copied().fold(0.0, f32::max)) {
        return (0, CellKind::Empty);
    }
    let best = (1..=9u8)
        .max_by(|&a, &b| p[9 + a as usize].total_cmp(&p[9 + b as usize]))
        .unwrap_or(1);
    let digit = match solution {
        Some(want)
            if want != best
                && repair::entry_is_solution_digit(p[9 + best as usize], p[9 + want as usize]) =>
        {
            want
        }
        _ => best,
    };
    (digit, CellKind::Handwritten)
}

/// The most likely class of `p`.
fn argmax(p: &[f32; CLASSES]) -> usize {
    (0..CLASSES)
        .max_by(|&a, &b| p[a].total_cmp(&p[b]))
        .unwrap_or(0)
}

/// The next three readings of a cell after its first (`order`: the classes
/// by falling probability `p`), among the digits a grid of `side` holds:
/// the choices the correction screen offers.
pub(super) fn alternatives(order: &[usize], p: &[f32; CLASSES], side: usize) -> Vec<Alternative> {
    order[1..]
        .iter()
        .filter(|&&c| usize::from(class_reading(c).0) <= side)
        .take(3)
        .map(|&c| {
            let (digit, kind) = class_reading(c);
            Alternative {
                digit,
                kind,
                probability: p[c],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::GrayImage;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;
    const SOLUTION: &str = crate::test_puzzles::HARD_17_SOLUTION;

    /// What `interpret` makes of the class probabilities `probs` of a grid drawn on blank
    /// paper (so the grid's own glyphs settle nothing), as a photo or as a `rendered` screen.
    fn interpret_probs(probs: Vec<[f32; CLASSES]>, rendered: bool) -> ImportResult {
        let grid = ClassifiedGrid {
            quarter_turns: 0,
            probs,
            warped: GrayImage::from_pixel(
                crate::vision::cells::GRID,
                crate::vision::cells::GRID,
                image::Luma([255u8]),
            ),
        };
        interpret(&grid, (100, 100), [[0.0; 2]; 4], rendered)
    }

    /// The cells without a given in `givens`, row by row.
    fn open_cells(givens: &Grid) -> Vec<Cell> {
        Cell::ALL
            .iter()
            .copied()
            .filter(|&c| givens.get(c) == 0)
            .collect()
    }

    /// The model's probabilities for a photo of PUZZLE, read without doubt,
    /// with one handwritten entry in r1c2 read as `digit` at `confidence`.
    fn read_with_entry(digit: u8, confidence: f32) -> ImportResult {
        let givens = Grid::parse(PUZZLE).unwrap();
        let probs = Cell::ALL
            .iter()
            .map(|&c| {
                let mut p = [0f32; CLASSES];
                if c == Cell::new(0, 1) {
                    p[9 + digit as usize] = confidence;
                    p[0] = 1.0 - confidence;
                } else {
                    p[usize::from(givens.get(c))] = 1.0;
                }
                p
            })
            .collect();
        interpret_probs(probs, false)
    }

    #[test]
    fn a_disagreeing_entry_is_a_question_unless_it_is_unmistakable() {
        let solution = Grid::parse(SOLUTION).unwrap();
        let c = Cell::new(0, 1);
        assert_eq!(solution.get(c), 1);
        // a clear 2 where the solution has a 1: the player should check it
        let r = read_with_entry(2, 0.995);
        let cell = &r.cells[c.index()];
        assert_eq!((cell.digit, cell.kind), (2, CellKind::Handwritten));
        assert!(cell.uncertain && !cell.likely_mistake, "{cell:?}");
        assert!(r.uncertain.contains(&c));
        // read beyond any doubt: a likely mistake (and still a cell to check)
        let r = read_with_entry(2, 0.99999);
        let cell = &r.cells[c.index()];
        assert!(cell.likely_mistake && cell.uncertain, "{cell:?}");
        // the right digit is neither
        let r = read_with_entry(1, 0.99999);
        let cell = &r.cells[c.index()];
        assert!(!cell.likely_mistake && !cell.uncertain, "{cell:?}");
    }

    /// Class probabilities of an entry read as `digit` at `sure`.
    fn entry(digit: u8, sure: f32) -> [f32; CLASSES] {
        let mut p = [(1.0 - sure) / (CLASSES - 1) as f32; CLASSES];
        p[9 + digit as usize] = sure;
        p
    }

    #[test]
    fn a_hesitant_stroke_is_an_entry_where_the_player_writes_and_a_smudge_where_not() {
        // empty at 0.39 is the likeliest class, but the nine handwritten digits hold 0.61
        let mut p = [0.0; CLASSES];
        p[0] = 0.39;
        p[9 + 4] = 0.28;
        p[9 + 9] = 0.15;
        p[9 + 8] = 0.06;
        p[9 + 1] = 0.12;
        assert_eq!(
            settle_cell(&p, 0, Some(9), Some(1.0)),
            (9, CellKind::Handwritten)
        );
        assert_eq!(
            settle_cell(&p, 0, None, Some(1.0)),
            (4, CellKind::Handwritten)
        );
        // the same stroke in a photo with no handwriting: a smudge
        assert_eq!(settle_cell(&p, 0, Some(9), None), (0, CellKind::Empty));
        // a given is the rules' word, whatever the tile's classes
        assert_eq!(
            settle_cell(&p, 7, Some(7), Some(1.0)),
            (7, CellKind::Printed)
        );
    }

    #[test]
    fn a_photo_with_handwriting_reads_a_split_stroke_as_an_entry() {
        let givens = Grid::parse(PUZZLE).unwrap();
        let solution = Grid::parse(SOLUTION).unwrap();
        let empty = open_cells(&givens);
        let mut probs: Vec<[f32; CLASSES]> = Cell::ALL
            .iter()
            .map(|&c| {
                let mut p = [0f32; CLASSES];
                p[usize::from(givens.get(c))] = 1.0;
                p
            })
            .collect();
        let hesitant = empty[0];
        let right = solution.get(hesitant);
        let other = if right == 9 { 8 } else { right + 1 };
        let mut split = [0f32; CLASSES];
        split[0] = 0.4;
        split[9 + other as usize] = 0.35;
        split[9 + right as usize] = 0.25;
        probs[hesitant.index()] = split;
        let read = |probs: &Vec<[f32; CLASSES]>| {
            interpret_probs(probs.clone(), false).cells[hesitant.index()].clone()
        };
        // alone in the grid: empty (a smudge)
        let cell = read(&probs);
        assert_eq!((cell.digit, cell.kind), (0, CellKind::Empty), "{cell:?}");
        // with four sure entries elsewhere: the player's entry, its digit the solution's, a
        // cell to check
        for &c in &empty[1..5] {
            probs[c.index()] = entry(solution.get(c), 0.999);
        }
        let cell = read(&probs);
        assert_eq!((cell.digit, cell.kind), (right, CellKind::Handwritten));
        assert!(
            cell.uncertain && cell.corrected && !cell.likely_mistake,
            "{cell:?}"
        );
    }

    #[test]
    fn a_faint_stroke_is_an_entry_in_a_nearly_full_grid_and_blank_in_a_half_full_one() {
        let givens = Grid::parse(PUZZLE).unwrap();
        let solution = Grid::parse(SOLUTION).unwrap();
        let open = open_cells(&givens);
        let faint = open[0];
        let read = |filled: usize| {
            let probs = Cell::ALL
                .iter()
                .map(|&c| {
                    let mut p = [0f32; CLASSES];
                    match open.iter().position(|&o| o == c) {
                        // a stroke so faint the model reads the cell as empty at 0.8
                        Some(0) => {
                            p[0] = 0.8;
                            p[10..].iter_mut().for_each(|q| *q = 0.2 / 9.0);
                        }
                        Some(k) if k <= filled => p = entry(solution.get(c), 0.999),
                        Some(_) => p[0] = 1.0,
                        None => p[usize::from(givens.get(c))] = 1.0,
                    }
                    p
                })
                .collect();
            interpret_probs(probs, false).cells[faint.index()].clone()
        };
        // every other open cell written: the player wrote here too, the solution's digit
        // read, as a cell to check
        let cell = read(open.len() - 1);
        assert_eq!(
            (cell.digit, cell.kind),
            (solution.get(faint), CellKind::Handwritten),
            "{cell:?}"
        );
        assert!(cell.uncertain && !cell.likely_mistake, "{cell:?}");
        // half the open cells blank: the model's own reading, a blank cell
        let cell = read(open.len() / 2);
        assert_eq!((cell.digit, cell.kind), (0, CellKind::Empty), "{cell:?}");
    }

    #[test]
    fn a_lone_given_read_half_as_handwriting_on_a_screen_is_a_given_a_typed_entry_stays() {
        // a puzzle with more givens than it needs, so the rules alone cannot tell that one
        // given is missing
        let solution = Grid::parse(SOLUTION).unwrap();
        let mut givens = Grid::parse(PUZZLE).unwrap();
        let open = open_cells(&givens);
        for &c in &open[..20] {
            givens.set(c, solution.get(c));
        }
        let thin = open[0];
        let typed = open[20];
        let probs = Cell::ALL
            .iter()
            .map(|&c| {
                let mut p = [0f32; CLASSES];
                let d = usize::from(solution.get(c));
                if c == thin {
                    // a thin given: handwritten 0.54, printed 0.45
                    p[9 + d] = 0.54;
                    p[d] = 0.45;
                    p[0] = 0.01;
                } else if c == typed {
                    // a typed entry, clear
                    p[9 + d] = 0.995;
                    p[0] = 0.005;
                } else {
                    p[usize::from(givens.get(c))] = 1.0;
                }
                p
            })
            .collect();
        let r = interpret_probs(probs, true);
        let cell = &r.cells[thin.index()];
        assert_eq!(
            (cell.digit, cell.kind),
            (solution.get(thin), CellKind::Printed),
            "{cell:?}"
        );
        assert!(cell.uncertain && cell.corrected, "{cell:?}");
        // a clearly typed entry is the player's, however alone
        let cell = &r.cells[typed.index()];
        assert_eq!(
            (cell.digit, cell.kind),
            (solution.get(typed), CellKind::Handwritten),
            "{cell:?}"
        );
    }

    #[test]
    fn a_lone_doubtful_stroke_on_a_printed_grid_is_no_entry_a_clear_one_is() {
        let c = Cell::new(0, 1);
        // a smudge the model reads as a handwritten 2 at 0.6 (empty 0.4), the only
        // handwriting in the photo: paper, and a cell to check
        let cell = &read_with_entry(2, 0.6).cells[c.index()];
        assert_eq!((cell.digit, cell.kind), (0, CellKind::Empty), "{cell:?}");
        assert!(cell.uncertain && cell.corrected, "{cell:?}");
        // a clear pen stroke is the player's entry, however alone
        let cell = &read_with_entry(2, 0.995).cells[c.index()];
        assert_eq!(
            (cell.digit, cell.kind),
            (2, CellKind::Handwritten),
            "{cell:?}"
        );
    }
}
