//! The window holds together at its default size (issue 30): Pip's panel
//! scrolls within itself, its buttons always in reach.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use sudolens::app::App;
use sudolens::grid::{Board, Grid};

use super::common::*;

/// The second puzzle of top1465: its path held the longest explanation
/// found in the collection (386 lines before chains were told as their
/// path, issue 33). Its longest step now is still longer than the 13
/// lines that ran off the panel.
const TOP1465_2: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

/// Issue 30: at the default window size a 13-line chain ran off the bottom
/// of Pip's panel, and Apply, Next and the guide's link could not be
/// clicked. At 1040×760 the longest hint's last line now shows with Apply
/// under it, and Apply plays the step.
#[test]
fn at_1040_by_760_the_longest_hint_keeps_apply_in_reach() {
    let dir = TestDir::new("layout-long-hint");
    let mut h = Harness::builder()
        .with_size([1040.0, 760.0])
        .with_max_steps(100)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(config(&dir)));
    h.step();
    wait(&mut h);
    // The board as it stands before that step, its notes filled.
    let grid = Grid::parse(TOP1465_2).unwrap();
    let mut board = Board::new(grid);
    let solution = sudolens::solver::solve(&grid).unwrap();
    board.fill_notes(Some(&solution));
    // The board before the path's longest step, as the window tells it.
    let told = |step: &sudolens::logic::Step| {
        sudolens::hint::for_reading(step, sudolens::hint::Lang::En)
            .lines
            .len()
    };
    let mut longest = (0, board.clone());
    while let Some(step) = sudolens::logic::next_step(&board) {
        if told(&step) > longest.0 {
            longest = (told(&step), board.clone());
        }
        sudolens::logic::apply(&mut board, &step);
    }
    let board = longest.1;
    let ctx = h.ctx.clone();
    let origin = sudolens::hint::PuzzleSource::Pasted;
    h.state_mut().new_board(board.clone(), origin, &ctx);
    wait(&mut h);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let lines = h.state().dialogue().current().unwrap().0.lines.len();
    assert!(lines >= 13, "the long hint: {lines} lines");
    for _ in 1..lines {
        press(&mut h, Modifiers::NONE, Key::PageDown);
    }
    h.run_steps(3);
    let (_, line) = h.state().dialogue().current().unwrap();
    assert_eq!(line + 1, lines, "at the last line");
    for label in ["Apply", "< Previous", "Next >"] {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.max.y <= 760.0 && rect.min.y >= 0.0,
            "{label} is out of the window: {rect:?}"
        );
    }
    click(&mut h, "Apply");
    wait(&mut h);
    assert_ne!(*h.state().board(), board, "Apply played the step");
}
