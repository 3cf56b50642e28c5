//! What a screen reader hears (issue 30: the window had no accessibility).
//! egui_kittest reads the same AccessKit tree that eframe's `accesskit`
//! feature gives the system: each cell's name and content in the player's
//! words, the board saying the selected cell, Pip's line being read as a
//! live region, a name for every button, and the focus ring of keyboard play.

use egui::accesskit::Live;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sudolens::app::FocusRing;

use super::common::*;

/// Each cell is named as Pip names it, with what is in it: a given, an
/// entry, notes or nothing; in French too.
#[test]
fn cells_are_named_with_their_content_in_the_player_s_words() {
    let dir = TestDir::new("a11y-cells");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.get_by_label("row 1, column 1: 4, given");
    type_in(&mut h, "row 1, column 2: empty", 1);
    h.get_by_label("row 1, column 2: 1");
    click(&mut h, "row 2, column 1: empty");
    press(&mut h, Modifiers::SHIFT, Key::Num2);
    press(&mut h, Modifiers::SHIFT, Key::Num6);
    h.get_by_label("row 2, column 1: notes 2 6");
    choose_french(&mut h);
    h.run_steps(3);
    h.get_by_label("ligne 1, colonne 1 : 4, donnée");
    h.get_by_label("ligne 1, colonne 2 : 1");
    h.get_by_label("ligne 1, colonne 3 : vide");
    h.get_by_label("ligne 2, colonne 1 : notes 2 6");
}

/// The board as a whole says the selected cell, and says it again as the
/// arrows move the selection or its content changes.
#[test]
fn the_board_says_the_selected_cell() {
    let dir = TestDir::new("a11y-board");
    let mut h = with_puzzle(&dir, PUZZLE);
    let said = |h: &Window| {
        let board = h.get_by_label("Sudoku grid");
        assert_eq!(board.accesskit_node().live(), Live::Polite);
        board.value()
    };
    assert_eq!(said(&h).as_deref(), Some("row 1, column 2: empty"));
    press(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(said(&h).as_deref(), Some("row 1, column 1: 4, given"));
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    press(&mut h, Modifiers::NONE, Key::Num7);
    assert_eq!(said(&h).as_deref(), Some("row 1, column 2: 7"));
}

/// Pip's line being read is a live region: a screen reader says it when it
/// appears, and Next moves it to the next line (the lines read before stay
/// on screen, silent).
#[test]
fn pip_s_current_line_is_read_aloud_and_moves_with_next() {
    let dir = TestDir::new("a11y-pip");
    let mut h = with_puzzle(&dir, PUZZLE);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let current = |h: &Window| {
        let (p, line) = h.state().dialogue().current().unwrap();
        p.lines[line].text.clone()
    };
    let first = current(&h);
    assert_eq!(
        h.get_by_label(&first).accesskit_node().live(),
        Live::Polite,
        "{first}"
    );
    click_frames(&mut h, "Next >", 2);
    let second = current(&h);
    assert_ne!(second, first);
    assert_eq!(
        h.get_by_label(&second).accesskit_node().live(),
        Live::Polite,
        "{second}"
    );
    assert_eq!(
        h.get_by_label(&first).accesskit_node().live(),
        Live::Off,
        "{first}"
    );
}

/// Every button has a name a screen reader can say, in words: the number
/// pad's digits say how many are placed, as their hover text shows.
#[test]
fn every_button_is_named_in_words() {
    let dir = TestDir::new("a11y-buttons");
    let mut h = with_puzzle(&dir, PUZZLE);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let check = |h: &Window| {
        let mut count = 0;
        for button in h.query_all_by_role(egui::Role::Button) {
            let name = button.accesskit_node().label().unwrap_or_default();
            assert!(
                name.chars().any(char::is_alphabetic),
                "a button is named {name:?}"
            );
            count += 1;
        }
        assert!(count > 20, "only {count} buttons");
    };
    check(&h);
    h.get_by_label("4: 3 of 9 placed");
    choose_french(&mut h);
    h.run_steps(3);
    check(&h);
    h.get_by_label("4 : 3 sur 9 placés");
}

/// The focus ring: the board's selected cell while the keys go to the
/// board; Tab takes the keyboard (and the ring) to a widget, which the
/// screen reader's focus follows; Escape brings both back to the board.
#[test]
fn tab_moves_the_focus_ring_and_escape_brings_it_back() {
    let dir = TestDir::new("a11y-focus");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.step();
    assert_eq!(h.state().focus_ring(), Some(FocusRing::Cell(cell("r1c2"))));
    press(&mut h, Modifiers::NONE, Key::Tab);
    h.step();
    let Some(FocusRing::Widget(rect)) = h.state().focus_ring() else {
        panic!("{:?}", h.state().focus_ring());
    };
    let focused: Vec<_> = h
        .query_all_by(|n| n.is_focused())
        .map(|n| n.rect())
        .collect();
    assert_eq!(
        focused,
        vec![rect],
        "the screen reader's focus is the ring's"
    );
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.step();
    assert_eq!(h.state().focus_ring(), Some(FocusRing::Cell(cell("r1c2"))));
    press(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert_eq!(h.state().focus_ring(), Some(FocusRing::Cell(cell("r2c2"))));
}

/// A duel shows two grids: a screen reader tells them apart by their
/// titles, not two "Sudoku grid"s.
#[test]
fn the_duel_s_two_grids_have_their_own_names() {
    let dir = TestDir::new("a11y-duel-grids");
    let mut h = open_window(&dir);
    start_duel(&mut h, "Beginner", "sudolens, from your secret grid");
    h.run_steps(2);
    let names: Vec<String> = h
        .query_all_by_role(egui::Role::Grid)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert_eq!(
        names,
        ["Your grid (from Pip)", "Pip's grid (from you)"],
        "{names:?}"
    );
}

/// The correction screen's parts (the photo, its corners, each reading and
/// the enlarged cell) are named in the player's language.
#[test]
fn the_correction_screen_is_named_in_french() {
    let dir = TestDir::new("a11y-correction-fr");
    let mut h = open_window(&dir);
    choose_french(&mut h);
    h.run_steps(3);
    let mut readings: [sudolens::app::ReadCell; 81] = std::array::from_fn(|_| Default::default());
    for (name, digit) in [("r1c1", 3), ("r1c5", 3)] {
        readings[cell(name).index()].digit = digit;
    }
    readings[cell("r5c5").index()].entry = true;
    readings[cell("r5c5").index()].digit = 8;
    readings[cell("r5c5").index()].uncertain = true;
    open_photo_screen(&mut h, readings, [200, 150], 10.0);
    h.run_steps(2);
    h.get_by_label("photo r1c1 : 3, imprimé, en conflit");
    h.get_by_label("photo r1c2 : vide");
    h.get_by_label("photo r5c5 : 8, manuscrit, incertain");
    h.get_by_label("coin en haut à gauche");
    click(&mut h, "photo r1c2 : vide");
    h.get_by_label("photo de r1c2, agrandie");
    assert!(h.query_by_label_contains("printed").is_none());
    assert!(h.query_by_label_contains("corner").is_none());
}
