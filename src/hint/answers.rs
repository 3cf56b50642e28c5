//! What Pip answers when the player asks for a hint, Check or Solve, for
//! every front end (the window, the web page): the paragraph, which of the
//! player's entries are crossed out, and what Pip offers to do next.
//!
//! The board may hold entries read from a photo that the player has not
//! written over (`readings`): one of those that does not fit the solution is
//! asked about ("From your photo I read a 2 in r1c1 ... Is it what you
//! wrote?"), never crossed out, since the misreading may be Pip's.

use super::photo::{entries_that_do_not_fit, ThenOffer};
use super::{broken_givens, entries_break_the_puzzle, for_outcome, one_wrong_entry, Wording};
use super::{Paragraph, ParagraphKind};
use crate::grid::{Board, Cell, Grid};
use crate::logic::{NextStep, Technique};
use crate::solver::Verdict;

/// What Pip offers once a paragraph about a broken board is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Remove the entries that do not match the solution.
    RemoveWrong,
    /// Go back to the givens.
    Reset,
}

/// Pip's answer about a board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardAnswer {
    pub said: Paragraph,
    /// The player's own entries that differ from the solution, to cross out.
    pub crossed: Vec<Cell>,
    /// Pip asks about a photo's readings: a question, not a reproach (Pip
    /// keeps a friendly face).
    pub asking: bool,
    /// What Pip offers to do (besides Apply, which a step always offers).
    pub remedies: Vec<Remedy>,
}

/// Splits `wrong` cells into the entries that still hold what was read from
/// the photo (`readings`, with that digit) and those the player wrote.
pub fn split_readings(
    board: &Board,
    readings: &Grid,
    wrong: &[Cell],
) -> (Vec<(Cell, u8)>, Vec<Cell>) {
    let mut read = Vec::new();
    let mut typed = Vec::new();
    for &c in wrong {
        let d = readings.get(c);
        if d != 0 && board.value(c) == d {
            read.push((c, d));
        } else {
            typed.push(c);
        }
    }
    (read, typed)
}

/// Pip's answer to Hint: the engine's `outcome` on `board` in words. Wrong
/// entries come first; those read from the photo are asked about.
pub fn hint(
    outcome: &NextStep,
    board: &Board,
    readings: &Grid,
    lang: impl Into<Wording>,
) -> BoardAnswer {
    let lang: Wording = lang.into();
    let mut answer = BoardAnswer {
        said: for_outcome(outcome, lang),
        crossed: Vec::new(),
        asking: false,
        remedies: Vec::new(),
    };
    if let NextStep::Step(step) = outcome {
        if step.technique == Technique::WrongEntries {
            let wrong: Vec<Cell> = step.wrong.iter().map(|w| w.cell).collect();
            let (read, typed) = split_readings(board, readings, &wrong);
            if !read.is_empty() {
                answer.said = entries_that_do_not_fit(&read, &typed, ThenOffer::Apply, lang);
                answer.asking = true;
            }
            answer.crossed = typed;
        }
    }
    answer
}

/// Pip's answer to Check or Solve on a board that is not a proper puzzle as
/// it stands: `current` is the verdict on the board's grid, `givens` the
/// verdict on its givens alone when they differ from it. When the givens
/// are fine the player's entries are at fault: one is pointed at (Check),
/// or what breaks is explained with every wrong entry crossed out, and Pip
/// offers to remove them or reset; otherwise the givens are explained.
pub fn not_proper(
    board: &Board,
    readings: &Grid,
    current: &Verdict,
    givens: Option<&Verdict>,
    check: bool,
    lang: impl Into<Wording>,
) -> BoardAnswer {
    let lang: Wording = lang.into();
    let has_entries = board.entries().filled_count() > 0;
    match givens {
        Some(Verdict::Unique(solution)) => {
            let wrong: Vec<Cell> = crate::logic::wrong_entries(board, solution)
                .iter()
                .map(|w| w.cell)
                .collect();
            let (read, typed) = split_readings(board, readings, &wrong);
            let said = match wrong[..] {
                _ if !read.is_empty() => {
                    entries_that_do_not_fit(&read, &typed, ThenOffer::RemoveOrReset, lang)
                }
                [cell] if check => one_wrong_entry(cell, board.value(cell), lang),
                _ => entries_break_the_puzzle(current, &wrong, lang),
            };
            BoardAnswer {
                asking: said.kind == ParagraphKind::Info,
                said,
                crossed: typed,
                remedies: vec![Remedy::RemoveWrong, Remedy::Reset],
            }
        }
        other => {
            let verdict = other.unwrap_or(current);
            let blame_givens = other.is_some() || !has_entries;
            BoardAnswer {
                said: broken_givens(verdict, blame_givens, lang),
                crossed: Vec::new(),
                asking: false,
                remedies: if has_entries {
                    vec![Remedy::Reset]
                } else {
                    Vec::new()
                },
            }
        }
    }
}

/// The verdicts Check and Solve need, by the rules of `shape`: on the
/// board's grid, and on its givens alone when the grid is not a proper
/// puzzle and differs from them.
pub fn board_verdicts(
    shape: &crate::grid::Shape,
    grid: &Grid,
    givens: &Grid,
) -> (Verdict, Option<Verdict>) {
    let verdict = |g: &Grid| crate::solver::verdict_in(shape, g);
    let current = verdict(grid);
    let of_givens = (!current.is_unique() && givens != grid).then(|| verdict(givens));
    (current, of_givens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::Lang;
    use crate::logic::next_outcome;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;

    /// The puzzle with a wrong (but legal-looking) entry in r1c2, and the cell.
    fn with_wrong_entry() -> (Board, Cell) {
        let givens = Grid::parse(PUZZLE).unwrap();
        let solution = crate::solver::solve(&givens).unwrap();
        let cell = Cell::new(0, 1);
        let mut board = Board::new(givens);
        let wrong = (1..=9)
            .find(|&d| d != solution.get(cell) && givens.candidates(cell).contains(d))
            .unwrap();
        board.set_entry(cell, wrong).unwrap();
        (board, cell)
    }

    #[test]
    fn a_typed_wrong_entry_is_crossed_out_and_a_read_one_asked_about() {
        let (board, cell) = with_wrong_entry();
        let outcome = next_outcome(&board);
        let typed = hint(&outcome, &board, &Grid::empty(), Lang::En);
        assert_eq!(typed.crossed, vec![cell]);
        assert!(!typed.asking);
        let mut readings = Grid::empty();
        readings.set(cell, board.value(cell));
        let read = hint(&outcome, &board, &readings, Lang::En);
        assert!(read.asking && read.crossed.is_empty());
        assert!(read.said.lines[0].text.contains("From your photo"));
    }

    #[test]
    fn check_points_at_one_wrong_entry_and_offers_remedies() {
        let (board, cell) = with_wrong_entry();
        let (current, givens) = board_verdicts(board.shape(), &board.grid(), board.givens());
        assert!(givens.as_ref().is_some_and(Verdict::is_unique));
        let a = not_proper(
            &board,
            &Grid::empty(),
            &current,
            givens.as_ref(),
            true,
            Lang::Fr,
        );
        assert_eq!(a.crossed, vec![cell]);
        assert_eq!(a.remedies, vec![Remedy::RemoveWrong, Remedy::Reset]);
        assert!(
            a.said.lines[0].text.contains("ligne 1, colonne 2"),
            "{:?}",
            a.said
        );
    }

    #[test]
    fn solve_with_a_wrong_entry_leads_with_the_entry_not_with_no_solution() {
        let (board, cell) = with_wrong_entry();
        let (current, givens) = board_verdicts(board.shape(), &board.grid(), board.givens());
        assert!(matches!(current, Verdict::NoSolution { .. }));
        let a = not_proper(
            &board,
            &Grid::empty(),
            &current,
            givens.as_ref(),
            false,
            Lang::En,
        );
        let first = &a.said.lines[0].text;
        assert!(first.starts_with("The puzzle itself is fine"), "{first}");
        assert!(a
            .said
            .lines
            .iter()
            .all(|l| l.text != "This grid has no solution."));
        assert!(
            a.said.lines[1].text.starts_with("With them as they are"),
            "{:?}",
            a.said
        );
        assert_eq!(a.crossed, vec![cell]);
    }

    #[test]
    fn broken_givens_are_blamed_with_no_remedy_on_an_empty_board() {
        let mut givens = Grid::parse(PUZZLE).unwrap();
        givens.set(Cell::new(0, 1), 4);
        let board = Board::new(givens);
        let (current, of_givens) = board_verdicts(board.shape(), &board.grid(), board.givens());
        assert!(of_givens.is_none(), "the grid is the givens");
        let a = not_proper(&board, &Grid::empty(), &current, None, false, Lang::En);
        assert!(a.remedies.is_empty() && a.crossed.is_empty());
        assert_eq!(a.said.kind, ParagraphKind::Invalid);
        assert!(a
            .said
            .lines
            .iter()
            .any(|l| l.text.contains("4 appears twice in row 1")));
    }
}
