//! Playing on the board: typing, notes, undo and redo, Solve, Check, and
//! Pip's explanation of a grid that cannot be solved.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::app::Mood;
use sudolens::grid::Grid;
use sudolens::hint::ParagraphKind;

use super::common::*;

#[test]
fn type_digits_notes_undo_redo_reset() {
    let dir = TestDir::new("typing");
    let mut h = with_puzzle(&dir, PUZZLE);

    // Click a cell, type a digit.
    click(&mut h, "row 1, column 2: empty");
    assert_eq!(h.state().selected(), Some(cell("r1c2")));
    press(&mut h, Modifiers::NONE, Key::Num1);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);
    h.get_by_label("row 1, column 2: 1");

    // Arrows move, a given refuses edits with a message.
    press(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(h.state().selected(), Some(cell("r1c1")));
    press(&mut h, Modifiers::NONE, Key::Num7);
    assert_eq!(h.state().board().value(cell("r1c1")), 4);
    let status = h.state().status().unwrap().clone();
    assert!(
        status.error && status.text.contains("Row 1, column 1 is a given"),
        "{status:?}"
    );

    // Notes: Shift+digit without leaving number mode, then N for notes mode.
    press(&mut h, Modifiers::NONE, Key::ArrowDown);
    press(&mut h, Modifiers::SHIFT, Key::Num2);
    assert!(!h.state().notes_mode());
    press(&mut h, Modifiers::NONE, Key::N);
    assert!(h.state().notes_mode());
    press(&mut h, Modifiers::NONE, Key::Num6);
    h.get_by_label("row 2, column 1: notes 2 6");
    press(&mut h, Modifiers::NONE, Key::N);

    // Undo / redo with the keyboard.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    h.get_by_label("row 2, column 1: notes 2");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);
    press(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);

    // Delete erases; the number pad types.
    click(&mut h, "row 1, column 2: 1");
    press(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);
    click(&mut h, "6: 2 of 9 placed");
    assert_eq!(h.state().board().value(cell("r1c2")), 6);

    // Fill notes, then reset to the givens.
    press(&mut h, Modifiers::COMMAND, Key::M);
    assert!(!h.state().board().notes(cell("r1c3")).is_empty());
    press(&mut h, Modifiers::COMMAND, Key::R);
    assert_eq!(h.state().board().grid(), *h.state().board().givens());
    assert!(h.state().board().notes(cell("r1c3")).is_empty());
}

#[test]
fn solve_fills_the_grid_and_undo_takes_it_back() {
    let dir = TestDir::new("solve");
    let mut h = with_puzzle(&dir, PUZZLE);
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let app = h.state();
    assert!(app.board().is_solved());
    assert_eq!(app.pip_mood(), Mood::Cheering);
    h.get_by_label("Pip (cheering)");
    let solution = sudolens::solver::solve(&Grid::parse(PUZZLE).unwrap()).unwrap();
    assert_eq!(app.board().grid(), solution);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().grid(), Grid::parse(PUZZLE).unwrap());
}

#[test]
fn wrong_entries_are_explained_and_removed() {
    let dir = TestDir::new("wrong");
    let mut h = with_puzzle(&dir, EASY);
    // r1c1: the solution is not 9 there... write a digit that repeats in row 1.
    click(&mut h, "row 1, column 1: empty");
    press(&mut h, Modifiers::NONE, Key::Num5);
    // The conflict shows at once, the board accepts the entry.
    assert_eq!(h.state().board().value(cell("r1c1")), 5);
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let app = h.state();
    assert!(!app.board().is_solved(), "an invalid grid is not solved");
    assert_eq!(app.pip_mood(), Mood::Sorry);
    let (p, _) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Invalid);
    let text: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    assert!(
        text.iter()
            .any(|l| l.contains("5 appears twice in row 1 (columns 1 and 2)")),
        "{text:?}"
    );
    assert!(text
        .iter()
        .any(|l| l.contains("do not match its solution: row 1, column 1")));
    // Page to the end and take the offer.
    next_until(&mut h, "Remove wrong entries");
    click(&mut h, "Remove wrong entries");
    assert_eq!(h.state().board().value(cell("r1c1")), 0);
    assert_eq!(h.state().pip_mood(), Mood::Idle);
}

#[test]
fn check_points_at_a_wrong_entry() {
    let dir = TestDir::new("check");
    let mut h = with_puzzle(&dir, EASY);
    let c = cell("r1c1");
    let wrong = wrong_candidate(EASY, c);
    type_in(&mut h, "row 1, column 1: empty", wrong);
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    assert_eq!(h.state().marks().wrong, vec![c]);
    let line = &h.state().dialogue().current_line().unwrap().text;
    assert!(line.contains("in row 1, column 1 does not match"), "{line}");
}

/// Issue 30: a digit corrected after Check stayed crossed out, even after
/// Pip said "Solved! Well done."
#[test]
fn a_corrected_digit_is_not_crossed_out() {
    let dir = TestDir::new("corrected");
    let mut h = with_puzzle(&dir, EASY);
    let c = cell("r1c1");
    let solution = sudolens::solver::solve(&Grid::parse(EASY).unwrap()).unwrap();
    type_in(&mut h, "row 1, column 1: empty", wrong_candidate(EASY, c));
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    assert_eq!(h.state().marks().wrong, vec![c]);
    // The right digit typed over the wrong one, then the rest of the grid.
    press(&mut h, Modifiers::NONE, digit_key(solution.get(c)));
    assert!(
        h.state().marks().wrong.is_empty(),
        "the corrected digit is crossed"
    );
    for other in sudolens::grid::Cell::ALL {
        if h.state().board().value(other) == 0 {
            type_in(
                &mut h,
                &format!("{}: empty", plain(other)),
                solution.get(other),
            );
        }
    }
    assert!(h.state().board().is_solved());
    assert!(h.state().marks().wrong.is_empty());
}

#[test]
fn several_solutions_are_explained() {
    let dir = TestDir::new("multi");
    let mut h = with_puzzle(&dir, &format!("123456789{}", ".".repeat(72)));
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let line = &h.state().dialogue().paragraphs().last().unwrap().lines[0].text;
    assert!(line.contains("several solutions"), "{line}");
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
}
