//! Grids of every size in the window (issue 29): Game → New → Shape makes a
//! 6×6 or a 16×16, the board draws it, the pad shows its symbols, the keys
//! past 9 write them, and the games library keeps it.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use super::common::*;

/// The name of cell `index` on a board of side `side`, as the board gives
/// it to a screen reader when it is empty.
fn empty_label(index: usize, side: usize) -> String {
    format!(
        "row {}, column {}: empty",
        index / side + 1,
        index % side + 1
    )
}

/// A 16×16: its 256 cells, a pad of 1 to 16, the letters A to G writing
/// 10 to 16 (Shift for a note), and undo taking them back.
#[test]
fn a_16x16_plays_with_its_pad_and_letter_keys() {
    let dir = TestDir::new("sixteen");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "16×16 (4×4 boxes)", "Easy");
    let board = h.state().board().clone();
    assert_eq!(board.shape().name(), "16x16");
    assert_eq!(board.cell_count(), 256);
    // the pad: sixteen symbols, 10 to 16 past the nine digits
    let pad = h.get_all_by_label_contains(" of 16 placed").count();
    assert_eq!(pad, 16);
    let empty: Vec<usize> = (0..256).filter(|&i| board.value_at(i) == 0).collect();
    let (first, second) = (empty[0], empty[1]);
    click(&mut h, &empty_label(first, 16));
    press(&mut h, Modifiers::NONE, Key::A);
    assert_eq!(h.state().board().value_at(first), 10, "A writes 10");
    click(&mut h, &empty_label(second, 16));
    press(&mut h, Modifiers::SHIFT, Key::G);
    assert!(
        h.state().board().notes_at(second).contains(16),
        "Shift+G notes 16"
    );
    // the board names the note as the pad writes it
    h.get_by_label_contains("notes 16");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(h.state().board().notes_at(second).is_empty());
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value_at(first), 0);
    // a hint: the sized engine's step, told with the grid's own cell names
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let (entry, _) = h.state().dialogue().current().unwrap();
    assert_eq!(entry.kind, sudolens::hint::ParagraphKind::Step, "{entry:?}");
}

/// Issue 29: Pip explains the next step on a grid of another size, in the
/// player's language, and Apply plays it; hint after hint, a 6×6 is played
/// to the end, every value placed being the solution's.
#[test]
fn a_6x6_is_played_to_the_end_by_pip_s_hints_in_french() {
    let dir = TestDir::new("six-hints");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    choose_french(&mut h);
    h.run_steps(3);
    let board = h.state().board().clone();
    let solution =
        sudolens::solver::solve_shaped(board.shape(), board.given_values()).expect("proper");
    // A wrong entry first: Pip points at it and offers to remove it.
    let empty = (0..board.cell_count())
        .find(|&i| board.value_at(i) == 0)
        .unwrap();
    let wrong = (1..=6).find(|&v| v != solution[empty]).unwrap();
    h.get_by_label_contains(&cell_start(empty, 6, &h)).click();
    h.step();
    press(&mut h, Modifiers::NONE, digit_key(wrong));
    press(&mut h, Modifiers::NONE, Key::H);
    h.run_steps(2);
    click(&mut h, "Retirer les chiffres faux");
    h.run_steps(2);
    assert_eq!(h.state().board().value_at(empty), 0, "the wrong entry went");
    let mut hints = 0;
    while !h.state().board().is_solved() {
        assert!(hints < 36, "a hint that plays nothing");
        let words = apply_next_hint(&mut h, "Appliquer");
        assert!(
            words
                .iter()
                .any(|l| l.contains("ligne") || l.contains("colonne") || l.contains("bloc")),
            "in French: {words:?}"
        );
        hints += 1;
    }
    let after = h.state().board();
    assert!((0..after.cell_count()).all(|i| after.value_at(i) == solution[i]));
    assert_eq!(h.state().hints().len(), hints);
    assert!(h.state().hints().iter().all(|u| u.played));
}

/// Fills every empty cell of the board on screen with its solution by
/// clicking the cell and typing the digit, as a player would.
fn play_to_the_end(h: &mut Window) {
    let board = h.state().board().clone();
    let side = board.shape().side();
    let solution =
        sudolens::solver::solve_shaped(board.shape(), board.given_values()).expect("proper");
    for i in (0..board.cell_count()).filter(|&i| board.value_at(i) == 0) {
        h.get_by_label_contains(&cell_start(i, side, h)).click();
        h.step();
        press(h, Modifiers::NONE, digit_key(solution[i]));
    }
}

/// The start of cell `index`'s name in the window's language.
fn cell_start(index: usize, side: usize, h: &Window) -> String {
    let (row, col) = (index / side + 1, index % side + 1);
    match h.state().lang() {
        sudolens::hint::Lang::En => format!("row {row}, column {col}:"),
        sudolens::hint::Lang::Fr => format!("ligne {row}, colonne {col} :"),
    }
}

/// A 6×6 played to the end in English, then another in French: each ends
/// with Pip's cheer in the player's language.
#[test]
fn a_6x6_is_played_to_the_end_in_both_languages() {
    let dir = TestDir::new("six");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    assert_eq!(h.state().board().shape().name(), "6x6");
    assert_eq!(h.get_all_by_label_contains(" of 6 placed").count(), 6);
    play_to_the_end(&mut h);
    assert!(h.state().board().is_solved());
    assert!(pip_said(&h).iter().any(|l| l == "Solved! Well done."));

    choose_french(&mut h);
    h.run_steps(3);
    // Ctrl+N's level is made in the shape chosen
    press(&mut h, Modifiers::COMMAND, Key::N);
    wait(&mut h);
    assert_eq!(h.state().board().shape().name(), "6x6");
    assert!(!h.state().board().is_solved());
    assert_eq!(h.get_all_by_label_contains(" sur 6 placés").count(), 6);
    play_to_the_end(&mut h);
    assert!(pip_said(&h).iter().any(|l| l == "Résolu ! Bravo."));
}

/// A 6×6 under way is kept by the games library and comes back whole when
/// the window opens again.
#[test]
fn a_6x6_game_survives_the_window_closing() {
    let dir = TestDir::new("six-kept");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    let board = h.state().board().clone();
    let empty = (0..36).find(|&i| board.value_at(i) == 0).unwrap();
    click(&mut h, &empty_label(empty, 6));
    press(&mut h, Modifiers::NONE, Key::Num5);
    press(&mut h, Modifiers::SHIFT, Key::Num3);
    let played = h.state().board().clone();
    assert_ne!(played, board);
    assert!(h.state_mut().autosave().is_none());
    drop(h);

    let h = open_window(&dir);
    assert_eq!(*h.state().board(), played, "the 6×6 comes back");
    assert_eq!(h.state().board().shape().name(), "6x6");
    let kept = sudolens::kept::list(&dir).0;
    assert!(kept.iter().any(|g| g.summary_json()["shape"] == "6x6"));
}

/// An X-Sudoku played to the end is in the Statistics apart from the
/// classics: its own row under "By shape", with its own best time.
#[test]
fn statistics_keep_an_x_sudoku_apart() {
    let dir = TestDir::new("stats-x");
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    new_in_shape(&mut h, "X-Sudoku (diagonals)", "Easy");
    assert_eq!(h.state().board().shape().name(), "x");
    play_to_the_end(&mut h);
    assert!(h.state().board().is_solved());
    h.run_steps(3);
    menu(&mut h, "Game", "Statistics");
    h.step();
    wait_for(&mut h, "the statistics", |a| a.statistics_shown().is_some());
    let shapes = h.state().statistics_shown().unwrap().shapes.clone();
    assert_eq!(shapes.len(), 1, "{shapes:?}");
    assert_eq!((shapes[0].shape.as_str(), shapes[0].solved), ("x", 1));
    h.run_steps(2);
    h.get_by_label("By shape");
    h.get_by_label("X-Sudoku");
}

/// A 6×6 played to the end is in the Statistics too (the history keeps
/// every size), on a row of its own under "By shape", with its best time.
#[test]
fn statistics_keep_a_6x6_apart() {
    let dir = TestDir::new("stats-6");
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    play_to_the_end(&mut h);
    assert!(h.state().board().is_solved());
    h.run_steps(3);
    menu(&mut h, "Game", "Statistics");
    h.step();
    wait_for(&mut h, "the statistics", |a| a.statistics_shown().is_some());
    let shapes = h.state().statistics_shown().unwrap().shapes.clone();
    assert_eq!(shapes.len(), 1, "{shapes:?}");
    assert_eq!((shapes[0].shape.as_str(), shapes[0].solved), ("6x6", 1));
    h.run_steps(2);
    h.get_by_label("By shape");
    h.get_by_label_contains("6×6");
    drop(h);
    let history =
        sudolens::history::History::open(&dir.join(sudolens::history::FILE_NAME)).unwrap();
    let games = history.games().unwrap();
    let six: Vec<_> = games
        .iter()
        .filter(|g| g.puzzle.shape().name() == "6x6")
        .collect();
    assert_eq!(six.len(), 1, "{games:?}");
    assert!(six[0].solved());
}

/// A hint on a 6×6 asked in English is said again in French when the
/// player switches languages, on the line being read, as on a 9×9.
#[test]
fn a_6x6_hint_is_reworded_on_a_language_switch() {
    let dir = TestDir::new("six-reword");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let english = h.state().dialogue().current().unwrap().0.clone();
    assert_eq!(english.kind, sudolens::hint::ParagraphKind::Step);
    let reads = |p: &sudolens::hint::Paragraph, words: &[&str]| {
        p.lines
            .iter()
            .any(|l| words.iter().any(|w| l.text.contains(w)))
    };
    assert!(reads(&english, &["row", "column", "box"]), "{english:?}");
    press(&mut h, Modifiers::NONE, Key::PageDown);
    h.run_steps(2);
    let line = h.state().dialogue().current().unwrap().1;
    choose_french(&mut h);
    h.run_steps(3);
    let (french, line_now) = h.state().dialogue().current().unwrap();
    assert_eq!(line_now, line, "the reader stays on the same line");
    assert_eq!(french.lines.len(), english.lines.len());
    assert!(reads(french, &["ligne", "colonne", "bloc"]), "{french:?}");
    assert!(!reads(french, &["row ", "column", " box"]), "{french:?}");
}

/// A hint on a 6×6 shows on the board as it is told: the house to look at
/// first, then the cells of its pattern, and on its last line the value it
/// places; the selection's halo gives way to it.
#[test]
fn a_6x6_hint_is_shown_on_the_board_line_by_line() {
    let dir = TestDir::new("six-focus");
    let mut h = with_puzzle(&dir, PUZZLE);
    new_in_shape(&mut h, "6×6 (2×3 boxes)", "Easy");
    assert!(h.state().sized_focus().is_none(), "no hint, nothing shown");
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let (entry, line) = h.state().dialogue().current().unwrap();
    assert_eq!(line, 0);
    let step = entry.sized.as_ref().expect("a sized step").0.clone();
    let first = h.state().sized_focus().unwrap();
    assert!(first.placed.is_empty() && first.removed.is_empty() && first.cells.is_empty());
    assert_eq!(first.houses, step.focus().houses);
    while h.query_by_label("Apply").is_none() {
        press(&mut h, Modifiers::NONE, Key::PageDown);
        h.run_steps(2);
    }
    let last = h.state().sized_focus().unwrap();
    assert_eq!(last, step.focus(), "the whole step on its last line");
    assert!(
        !last.placed.is_empty() && !last.cells.is_empty(),
        "{last:?}"
    );
}
