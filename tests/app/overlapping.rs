//! Overlapping grids in the window (issue 34): Game → New makes a samurai,
//! the board draws the cross and zooms, the arrow keys cross from one grid
//! into the next, a shared cell is one cell in both grids, and Pip's hints
//! play a samurai to the end.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use super::common::*;

/// The samurai's cell at (row, column) of its 21 × 21 plane.
fn at(h: &Window, row: usize, col: usize) -> usize {
    h.state()
        .board()
        .shape()
        .cell_at(row, col)
        .expect("a cell there")
}

#[test]
fn game_new_makes_a_samurai_and_its_shared_cells_are_named_in_both_grids() {
    let dir = TestDir::new("samurai-new");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "Samurai Sudoku", "Easy");
    let board = h.state().board().clone();
    assert_eq!(board.shape().name(), "samurai");
    assert_eq!(board.cell_count(), 369);
    // the top-left grid's bottom-right box is the centre grid's top-left one:
    // one cell, named in both grids
    let shared = at(&h, 6, 6);
    let name = if board.value_at(shared) == 0 {
        "the top-left grid, row 7, column 7; the centre grid, row 1, column 1: empty".to_string()
    } else {
        format!(
            "the top-left grid, row 7, column 7; the centre grid, row 1, column 1: {}, given",
            board.value_at(shared)
        )
    };
    h.get_by_label(&name);
    // a hole of the cross is no cell
    assert_eq!(board.shape().cell_at(0, 10), None);
}

/// The arrow keys move on the plane: through a shared box into the centre
/// grid, over the hole between two grids, and round the board's edge.
#[test]
fn the_arrow_keys_cross_from_one_grid_into_the_next() {
    let dir = TestDir::new("samurai-keys");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "Samurai Sudoku", "Easy");
    h.get_by_label_contains("the top-left grid, row 8, column 6:")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().selected_index(), Some(at(&h, 7, 5)));
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    let shared = at(&h, 7, 6);
    assert_eq!(
        h.state().selected_index(),
        Some(shared),
        "into the shared box"
    );
    assert_eq!(h.state().board().shape().grids_of(shared).len(), 2);
    for _ in 0..3 {
        press(&mut h, Modifiers::NONE, Key::ArrowRight);
    }
    // past the shared box: the centre grid's row 2, column 4, in no other grid
    let inside = at(&h, 7, 9);
    assert_eq!(h.state().selected_index(), Some(inside));
    assert_eq!(h.state().board().shape().grids_of(inside).len(), 1);
    // up to the centre grid's top row, then over the hole above it and round
    // the board's edge, past the hole under it, to the centre grid's last row
    press(&mut h, Modifiers::NONE, Key::ArrowUp);
    assert_eq!(h.state().selected_index(), Some(at(&h, 6, 9)));
    press(&mut h, Modifiers::NONE, Key::ArrowUp);
    assert_eq!(h.state().selected_index(), Some(at(&h, 14, 9)));
    // along row 5 of the top grids: from the top-left grid over the hole
    // to the top-right one
    h.get_by_label_contains("the top-left grid, row 5, column 9:")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().selected_index(), Some(at(&h, 4, 8)));
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert_eq!(h.state().selected_index(), Some(at(&h, 4, 12)));
}

/// Zoomed in, the board shows part of the cross; the keys bring the
/// selection into view (a cell panned out has no place on screen, so it
/// has no name to click), and the whole-board button shows it all again.
#[test]
fn zoomed_in_the_view_follows_the_selection() {
    let dir = TestDir::new("samurai-zoom");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "Samurai Sudoku", "Easy");
    assert_eq!(h.state().plane_zoom(), 1.0);
    // the centre grid's row 8, column 8 (the bottom-right grid's row 2,
    // column 2); the keys zoom about it
    h.get_by_label_contains("the centre grid, row 8, column 8;")
        .click();
    h.run_steps(2);
    for _ in 0..5 {
        press(&mut h, Modifiers::NONE, Key::Plus);
    }
    assert!(h.state().plane_zoom() > 2.5, "{}", h.state().plane_zoom());
    h.run_steps(2);
    h.get_by_label_contains("the centre grid, row 8, column 8;");
    let far = "the bottom-right grid, row 9, column 9:";
    assert!(
        h.query_by_label_contains(far).is_none(),
        "panned out of view"
    );
    // down and right to the far corner: the view follows
    for key in [Key::ArrowDown, Key::ArrowRight] {
        for _ in 0..7 {
            press(&mut h, Modifiers::NONE, key);
        }
    }
    h.run_steps(2);
    assert_eq!(h.state().selected_index(), Some(at(&h, 20, 20)));
    h.get_by_label_contains(far);
    click(&mut h, "All");
    h.run_steps(2);
    assert_eq!(h.state().plane_zoom(), 1.0);
    h.get_by_label_contains("the top-left grid, row 1, column 1:");
}

/// Pip's hints play a samurai to the end: each is a step of the rule
/// engine on the combined houses, and Apply plays it; every value placed
/// is the solution's.
#[test]
fn a_samurai_is_played_to_the_end_by_pip_s_hints() {
    let dir = TestDir::new("samurai-hints");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "Samurai Sudoku", "Easy");
    let board = h.state().board().clone();
    let solution =
        sudolens::solver::solve_shaped(board.shape(), board.given_values()).expect("proper");
    let empty = (0..board.cell_count())
        .filter(|&i| board.value_at(i) == 0)
        .count();
    let mut hints = 0;
    while !h.state().board().is_solved() {
        assert!(hints <= 2 * empty, "a hint that plays nothing");
        let lines = apply_next_hint(&mut h, "Apply");
        // every cell and house is named in its grid
        assert!(lines.iter().any(|l| l.contains(" grid")), "{lines:?}");
        hints += 1;
    }
    let after = h.state().board();
    assert!((0..after.cell_count()).all(|i| after.value_at(i) == solution[i]));
    assert!(pip_said(&h).iter().any(|l| l == "Solved! Well done."));
}
