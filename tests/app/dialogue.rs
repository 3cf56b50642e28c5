//! Pip's dialogue: a hint paged line by line, applied, played on with Next,
//! wrong entries first, and the pencil marks (asked for, filled, kept).

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::app::HintDepth;
use sudolens::app::Mood;
use sudolens::grid::{Cell, Grid};
use sudolens::hint::ParagraphKind;

use super::common::*;

#[test]
fn hint_pages_line_by_line_and_applies() {
    let dir = TestDir::new("hint");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let app = h.state();
    let (p, line) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Step);
    assert_eq!(line, 0, "a step starts with its first line");
    let lines = p.lines.len();
    assert!(lines >= 2, "{p:?}");
    let filled = app.board().grid().filled_count();

    // No Apply before the last line; Next reveals lines one at a time.
    assert!(h.query_by_label("Apply").is_none());
    for i in 1..lines {
        if i == 1 {
            // the keyboard pages too
            press(&mut h, Modifiers::NONE, Key::PageDown);
            assert_eq!(h.state().dialogue().current().unwrap().1, 1);
            press(&mut h, Modifiers::NONE, Key::PageUp);
            press(&mut h, Modifiers::NONE, Key::PageDown);
            continue;
        }
        click_frames(&mut h, "Next >", 2);
    }
    assert_eq!(h.state().dialogue().current().unwrap().1, lines - 1);
    let marks = h.state().dialogue().highlights().unwrap().clone();
    assert!(!marks.placed.is_empty() || !marks.deleted.is_empty());
    let said = h.state().dialogue().paragraphs().len();
    click(&mut h, "Apply");
    wait(&mut h);
    assert!(
        h.state().board().grid().filled_count() > filled,
        "the step (a single) was played"
    );
    assert_eq!(
        h.state().dialogue().paragraphs().len(),
        said,
        "Apply stops there: no next hint"
    );
    assert_eq!(h.state().hints()[0].depth(), HintDepth::Played);
    // Undo takes the step back as one move.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().grid().filled_count(), filled);

    // Step by step: each Ctrl+P plays the shown step and explains the next.
    press(&mut h, Modifiers::COMMAND, Key::P);
    wait(&mut h);
    for _ in 0..5 {
        press(&mut h, Modifiers::COMMAND, Key::P);
        wait(&mut h);
        wait(&mut h);
    }
    assert!(h.state().board().grid().filled_count() > filled);
    assert!(h
        .state()
        .board()
        .grid()
        .agrees_with(&sudolens::solver::solve(&Grid::parse(EASY).unwrap()).unwrap()));
}

#[test]
fn hint_points_at_a_wrong_entry_first() {
    let dir = TestDir::new("hintwrong");
    let mut h = with_puzzle(&dir, EASY);
    let c = cell("r1c1");
    let wrong = wrong_candidate(EASY, c);
    type_in(&mut h, "row 1, column 1: empty", wrong);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
    let line = h.state().dialogue().current_line().unwrap().text.clone();
    assert!(line.contains("Look at row 1, column 1."), "{line}");
    assert!(h
        .state()
        .dialogue()
        .highlights()
        .unwrap()
        .wrong
        .contains(&c));
    next_until(&mut h, "Apply");
    click(&mut h, "Apply");
    wait(&mut h);
    assert_eq!(
        h.state().board().value(c),
        0,
        "Apply erased the wrong entry"
    );
}

/// Next past a step's last line plays the step and goes on to the next
/// step's nudge; Previous still goes back through the lines read, and Undo
/// takes the step back.
#[test]
fn next_past_a_steps_last_line_applies_it_and_shows_the_next_nudge() {
    let dir = TestDir::new("flow");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let first = h.state().dialogue().paragraphs().len() - 1;
    let step_lines = h.state().dialogue().paragraphs()[first].lines.len();
    let placed = h.state().dialogue().paragraphs()[first]
        .step
        .as_ref()
        .unwrap()
        .placements[0];
    page_to_end(&mut h);
    let before = h.state().board().clone();
    click(&mut h, "Next >");
    wait(&mut h);
    wait(&mut h);
    let app = h.state();
    assert_eq!(
        app.board().value(placed.cell),
        placed.digit,
        "the step was played"
    );
    let (p, line) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Step, "{p:?}");
    assert_eq!(line, 0, "on the next step's nudge");
    assert!(
        p.lines[0].text.starts_with("Have a look at"),
        "{:?}",
        p.lines[0]
    );
    assert_eq!(app.dialogue().paragraphs().len(), first + 2);
    assert_eq!(app.hints().len(), 2);
    assert_eq!(app.hints()[0].depth(), HintDepth::Played);
    assert_eq!(app.hints()[1].depth(), HintDepth::Nudge);
    // Previous goes back to the last line of the step just played.
    click(&mut h, "< Previous");
    assert_eq!(
        h.state().dialogue().current().unwrap().1,
        step_lines - 1,
        "back on the played step's last line"
    );
    // The keyboard too: Page Down goes on to the nudge again.
    press(&mut h, Modifiers::NONE, Key::PageDown);
    assert_eq!(h.state().dialogue().current().unwrap().1, 0);
    // Undo takes the played step back.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().board().givens(), *before.givens());
    assert_eq!(h.state().board().grid(), before.grid());
}

/// The first hint of an easy puzzle is a single: Pip explains it and plays
/// it without filling a single pencil mark.
#[test]
fn a_hidden_single_hint_fills_no_notes() {
    let dir = TestDir::new("nonotes");
    let mut h = with_puzzle(&dir, EASY);
    let no_notes = |h: &Window| {
        Cell::ALL
            .iter()
            .all(|&c| h.state().board().notes(c).is_empty())
    };
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let (p, _) = h.state().dialogue().current().unwrap();
    let technique = p.step.as_ref().unwrap().technique;
    assert_eq!(technique, sudolens::logic::Technique::HiddenSingle, "{p:?}");
    assert!(no_notes(&h), "a hidden single needs no notes");
    assert!(!h
        .state()
        .dialogue()
        .paragraphs()
        .iter()
        .any(|p| p.kind == ParagraphKind::Notes));
    page_to_end(&mut h);
    click(&mut h, "Apply");
    wait(&mut h);
    assert!(no_notes(&h), "playing it writes none either");
}

/// Fill notes (Ctrl+M) keeps the player's own notes: a sound elimination
/// stays, a digit ruled out by a given goes, and an elimination of the
/// cell's own answer is put back, which Pip says.
#[test]
fn player_notes_survive_fill_notes() {
    let dir = TestDir::new("keepnotes");
    let mut h = with_puzzle(&dir, PUZZLE);
    let grid = Grid::parse(PUZZLE).unwrap();
    let solution = sudolens::solver::solve(&grid).unwrap();
    // r1c2: the player notes two candidates, the answer and one more.
    let c = cell("r1c2");
    let answer = solution.get(c);
    let other = wrong_candidate(PUZZLE, c);
    click(&mut h, "row 1, column 2: empty");
    press(&mut h, Modifiers::SHIFT, digit_key(answer));
    press(&mut h, Modifiers::SHIFT, digit_key(other));
    // r2c1: every candidate but the answer (an unsound elimination).
    let d = cell("r2c1");
    click(&mut h, "row 2, column 1: empty");
    for digit in grid.candidates(d).iter().filter(|&x| x != solution.get(d)) {
        press(&mut h, Modifiers::SHIFT, digit_key(digit));
    }
    press(&mut h, Modifiers::COMMAND, Key::M);
    let board = h.state().board();
    let mut mine = sudolens::grid::Candidates::NONE;
    mine.insert(answer);
    mine.insert(other);
    assert_eq!(board.notes(c), mine, "the player's notes survive");
    assert_eq!(board.notes(d), grid.candidates(d), "the answer is back");
    let e = cell("r9c9");
    assert_eq!(board.notes(e), grid.candidates(e), "empty cells are filled");
    let said = h.state().dialogue().current().unwrap().0.lines[1]
        .text
        .clone();
    assert!(
        said.starts_with(&format!(
            "I put back {} in row 2, column 1",
            solution.get(d)
        )),
        "{said}"
    );
    // One undoable move.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().notes(e).len(), 0);
    assert_eq!(h.state().board().notes(c), mine);
}

/// Before the first step that needs candidates, Pip asks; yes fills them
/// (keeping the player's), no explains the step without them.
#[test]
fn pip_asks_before_filling_pencil_marks() {
    for yes in [true, false] {
        let dir = TestDir::new(&format!("askmarks-{yes}"));
        let mut h = with_puzzle(&dir, NEEDS_MARKS);
        press(&mut h, Modifiers::NONE, Key::H);
        wait(&mut h);
        let (p, _) = h.state().dialogue().current().unwrap();
        assert_eq!(p.kind, ParagraphKind::Notes, "{p:?}");
        assert!(p.lines[0]
            .text
            .starts_with("From here we need pencil marks"));
        assert!(Cell::ALL
            .iter()
            .all(|&c| h.state().board().notes(c).is_empty()));
        page_to_end(&mut h);
        if yes {
            // Next is the yes
            h.get_by_label("Next >").click();
        } else {
            h.get_by_label("No, I'll do without").click();
        }
        h.step();
        wait(&mut h);
        let app = h.state();
        let (p, line) = app.dialogue().current().unwrap();
        assert_eq!((p.kind, line), (ParagraphKind::Step, 0), "{p:?}");
        let t = p.step.as_ref().unwrap().technique;
        assert!(t > sudolens::logic::Technique::NakedSingle, "{t:?}");
        let filled = Cell::ALL
            .iter()
            .filter(|&&c| app.board().value(c) == 0)
            .all(|&c| !app.board().notes(c).is_empty());
        assert_eq!(filled, yes);
        // Said no: Pip does not ask again in this game.
        if !yes {
            page_to_end(&mut h);
            click(&mut h, "Next >");
            wait(&mut h);
            wait(&mut h);
            let (p, _) = h.state().dialogue().current().unwrap();
            assert_eq!(p.kind, ParagraphKind::Step);
        }
    }
}
