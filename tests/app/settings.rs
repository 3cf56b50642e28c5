//! The View menu's settings: pause, the language, the notes mode, the cell
//! notation and the hint budget, and what the next session remembers.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::app::App;
use sudolens::app::HintDepth;
use sudolens::grid::Grid;
use sudolens::hint::Lang;
use sudolens::hint::Notation;

use super::common::*;

#[test]
fn pause_hides_the_grid_and_french_switch() {
    let dir = TestDir::new("pause");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.get_by_label("row 1, column 1: 4, given");
    press(&mut h, Modifiers::NONE, Key::P);
    assert!(h.state().paused());
    assert!(
        h.query_by_label("row 1, column 1: 4, given").is_none(),
        "digits hidden"
    );
    press(&mut h, Modifiers::NONE, Key::Num1);
    assert_eq!(
        h.state().board().grid(),
        Grid::parse(PUZZLE).unwrap(),
        "no typing while paused"
    );
    press(&mut h, Modifiers::NONE, Key::P);
    h.get_by_label("row 1, column 1: 4, given");

    // Switch to French through the View menu.
    choose_french(&mut h);
    h.step();
    h.step();
    assert_eq!(h.state().lang(), Lang::Fr);
    h.get_by_label("Notes : non");
    h.get_by_label("Partie");
    // The Help window draws in both languages (every glyph exists).
    press(&mut h, Modifiers::NONE, Key::F1);
    h.get_by_label("Comment jouer");
}

/// The language picked in the menu and the notes mode are what the next
/// session remembers; the system language is not pinned.
#[test]
fn chosen_language_and_notes_mode_are_remembered() {
    let dir = TestDir::new("settings");
    let mut h = with_puzzle(&dir, PUZZLE);
    assert_eq!(h.state().settings().lang, None);
    press(&mut h, Modifiers::NONE, Key::N);
    choose_french(&mut h);
    h.step();
    let s = h.state().settings();
    assert_eq!(s.lang, Some(Lang::Fr));
    assert!(s.notes_mode);
    let mut again = config(&dir);
    again.notes_mode = s.notes_mode;
    let h = harness(App::new(again));
    assert!(h.state().notes_mode());
}

/// Plain names are the default ("row 6, column 2"); View > Cell names >
/// Compact says the dialogue again as "r6c2", and is remembered.
#[test]
fn the_plain_notation_shows_row_and_column() {
    let dir = TestDir::new("notation");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let step = step_being_read(&h);
    let p = step.placements[0];
    let plain = format!("row {}, column {}", p.cell.row() + 1, p.cell.col() + 1);
    page_to_end(&mut h);
    let said = |h: &Window| {
        let (p, _) = h.state().dialogue().current().unwrap();
        p.lines
            .iter()
            .map(|l| l.text.clone())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = said(&h);
    assert!(text.contains(&plain), "{text}");
    assert!(!text.contains(&p.cell.to_string()), "{text}");
    submenu(&mut h, "View", "Cell names", "Compact: r6c2");
    h.step();
    assert_eq!(h.state().notation(), Notation::Compact);
    let text = said(&h);
    assert!(
        text.contains(&p.cell.to_string()) && !text.contains(&plain),
        "{text}"
    );
    assert_eq!(h.state().settings().notation, Notation::Compact);
}

/// With the hint budget on, a hint stops at its nudge until the player asks
/// for more help; how deep each hint went is counted in the session.
#[test]
fn the_hint_budget_stops_at_the_nudge() {
    let dir = TestDir::new("budget");
    let mut h = with_puzzle(&dir, EASY);
    menu(&mut h, "View", "Hints: stop at the nudge");
    h.step();
    assert!(h.state().hint_budget());
    press(&mut h, Modifiers::NONE, Key::Escape);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    assert!(
        h.query_by_label("Next >").is_none(),
        "Next waits for a request"
    );
    h.get_by_label_contains("Try to find it from there");
    assert_eq!(h.state().hints()[0].depth(), HintDepth::Nudge);
    click_frames(&mut h, "More help >", 2);
    assert_eq!(h.state().dialogue().current().unwrap().1, 1);
    assert_eq!(h.state().hints()[0].depth(), HintDepth::Technique);
    h.get_by_label("Next >");
    assert!(h.state().settings().hint_budget);
}
