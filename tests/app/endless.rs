//! The endless carpet in the window (issue 34): Game → New makes one, the
//! view moves with the player and new grids are made ahead, what the
//! player wrote is kept when they come back, Pip's hints and Check are
//! judged against the carpet's own solution, a grid solved is cheered
//! while the carpet goes on, and the window reopens it where it was left.

use egui::{Key, Modifiers};

use super::common::*;

const ENDLESS: &str = "Endless carpet (no edge)";

/// The selected cell's place on the view's 21 × 21 plane.
fn selected_place(h: &Window) -> (usize, usize) {
    let index = h.state().selected_index().expect("a cell is selected");
    h.state().board().shape().position(index)
}

/// The carpet's digit in the selected cell.
fn answer_here(h: &Window) -> u8 {
    let index = h.state().selected_index().unwrap();
    h.state().endless_solution().unwrap()[index]
}

fn arrow(h: &mut Window, key: Key, times: usize) {
    for _ in 0..times {
        press(h, Modifiers::NONE, key);
    }
}

/// Walks right until the view's middle grid is `x` grids right of the
/// start; returns the presses it took.
fn walk_right_to(h: &mut Window, x: i32) -> usize {
    let mut presses = 0;
    while h.state().endless_position().unwrap().1 < x {
        press(h, Modifiers::NONE, Key::ArrowRight);
        presses += 1;
        assert!(
            presses <= 20 * x.unsigned_abs() as usize,
            "the view never moved"
        );
    }
    presses
}

/// The view's middle grid runs over plane rows and columns 6 to 14.
fn in_middle((row, col): (usize, usize)) -> bool {
    (6..15).contains(&row) && (6..15).contains(&col)
}

#[test]
fn the_endless_carpet_grows_as_the_player_goes_and_comes_back_as_left() {
    let dir = TestDir::new("endless-walk");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, ENDLESS, "Easy");
    assert_eq!(h.state().endless_position(), Some((0, 0)));
    assert_eq!(h.state().board().shape().name(), "carpet-3");
    assert_pip_said(&h, "An endless carpet, Easy");
    assert!(in_middle(selected_place(&h)));
    assert!(h.state().plane_zoom() > 1.0, "zoomed in on the middle grid");

    // A first hint on the start grid is a step, and right by the carpet.
    let lines = apply_next_hint(&mut h, "Apply");
    assert!(!lines.is_empty());
    let board = h.state().board().clone();
    let solution = h.state().endless_solution().unwrap().to_vec();
    for (i, &answer) in solution.iter().enumerate() {
        let value = board.value_at(i);
        assert!(value == 0 || value == answer, "cell {i} after the hint");
    }

    // The player writes the right digit in the selected cell.
    let written = selected_place(&h);
    let digit = answer_here(&h);
    press(&mut h, Modifiers::NONE, digit_key(digit));
    let index = h.state().selected_index().unwrap();
    assert_eq!(h.state().board().value_at(index), digit);

    // Right along the row: the view moves with the selection, one grid at
    // a time, three grids out; the selection stays in the middle grid.
    walk_right_to(&mut h, 1);
    assert!(in_middle(selected_place(&h)), "{:?}", selected_place(&h));
    let status = h.state().status().unwrap().text.clone();
    assert!(
        status.contains("the grid 1 right from the start"),
        "{status}"
    );
    walk_right_to(&mut h, 3);
    assert_eq!(h.state().endless_position(), Some((0, 3)));
    // Every view is a carpet whose givens agree with the carpet's solution.
    let board = h.state().board().clone();
    let solution = h.state().endless_solution().unwrap().to_vec();
    assert!((0..board.cell_count())
        .filter(|&i| board.is_given_at(i))
        .all(|i| board.value_at(i) == solution[i]));
    // Down and up too.
    arrow(&mut h, Key::ArrowDown, 9);
    assert_eq!(h.state().endless_position(), Some((1, 3)));
    arrow(&mut h, Key::ArrowUp, 9);
    assert_eq!(h.state().endless_position(), Some((0, 3)));

    // Back to the start: the digit written there is still there.
    let mut presses = 0;
    while h.state().endless_position() != Some((0, 0)) {
        press(&mut h, Modifiers::NONE, Key::ArrowLeft);
        presses += 1;
        assert!(presses < 60, "never back at the start");
    }
    let shape = h.state().board().shape().clone();
    let back = shape.cell_at(written.0, written.1).unwrap();
    assert_eq!(h.state().board().value_at(back), digit, "kept on the way");

    // Written to its kept file, and reopened where it was left.
    arrow(&mut h, Key::ArrowRight, 9);
    let at = h.state().endless_position().unwrap();
    assert_eq!(at, (0, 1));
    assert!(h.state_mut().autosave().is_none());
    let board = h.state().board().clone();
    drop(h);
    let mut h = open_window(&dir);
    assert_eq!(h.state().endless_position(), Some(at), "reopened as left");
    assert_eq!(*h.state().board(), board);
    // File → Save writes the carpet too: opened after another game, it
    // comes back as the carpet, where it was, and not as one view of it.
    let file = dir.join("my-carpet.json");
    h.state_mut().save_to(&file);
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    assert_eq!(h.state().endless_position(), None);
    h.state_mut().open_path(&file, &egui::Context::default());
    h.step();
    assert_eq!(h.state().endless_position(), Some(at), "opened as saved");
    assert_eq!(*h.state().board(), board);
    // and it goes on from there
    for _ in 0..9 {
        if h.state().endless_position() == Some((0, 0)) {
            break;
        }
        press(&mut h, Modifiers::NONE, Key::ArrowLeft);
    }
    assert_eq!(h.state().endless_position(), Some((0, 0)));
    assert_eq!(h.state().board().value_at(back), digit);
}

/// A grid filled with the carpet's solution is cheered, the carpet is not
/// "finished", and Check judges by the carpet's solution.
#[test]
fn a_grid_solved_is_cheered_and_the_carpet_goes_on() {
    let dir = TestDir::new("endless-solved");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, ENDLESS, "Easy");
    // to the middle grid's top-left cell
    let (row, col) = selected_place(&h);
    arrow(&mut h, Key::ArrowUp, row - 6);
    arrow(&mut h, Key::ArrowLeft, col - 6);
    assert_eq!(selected_place(&h), (6, 6));
    // A wrong digit first: Check marks it, by the carpet's solution.
    let open = |h: &Window| {
        let i = h.state().selected_index().unwrap();
        !h.state().board().is_given_at(i)
    };
    while !open(&h) {
        press(&mut h, Modifiers::NONE, Key::ArrowRight);
    }
    let wrong = answer_here(&h) % 9 + 1;
    press(&mut h, Modifiers::NONE, digit_key(wrong));
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    assert_pip_said(&h, "One entry is wrong");
    press(&mut h, Modifiers::NONE, Key::Delete);
    let back = selected_place(&h).1 - 6;
    arrow(&mut h, Key::ArrowLeft, back);

    // The whole middle grid, row by row, snaking so as never to leave it.
    for r in 0..9 {
        let key = if r % 2 == 0 {
            Key::ArrowRight
        } else {
            Key::ArrowLeft
        };
        for c in 0..9 {
            if open(&h) {
                let d = answer_here(&h);
                press(&mut h, Modifiers::NONE, digit_key(d));
            }
            if c < 8 {
                press(&mut h, Modifiers::NONE, key);
            }
        }
        if r < 8 {
            press(&mut h, Modifiers::NONE, Key::ArrowDown);
        }
        assert_eq!(h.state().endless_position(), Some((0, 0)));
    }
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.contains("Grid solved: your first of the carpet!")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|l| l.contains("Solved! Every house")),
        "the carpet has no end: {said:?}"
    );
    // Pip says it all again in French, the carpet's words too.
    choose_french(&mut h);
    h.run_steps(2);
    let said = pip_said(&h);
    for words in [
        "Un tapis sans fin, Facile",
        "Grille résolue : ta première du tapis !",
    ] {
        assert!(said.iter().any(|l| l.contains(words)), "{words}: {said:?}");
    }
    assert!(h.state_mut().autosave().is_none());
    let (kept, errors) = sudolens::kept::list(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let carpet = kept.iter().find(|g| g.info.source == "endless").unwrap();
    assert!(!carpet.info.finished, "kept as unfinished");
    assert!(carpet.info.endless.is_some());
}
