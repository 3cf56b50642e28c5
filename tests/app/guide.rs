//! The technique guide, opened from a hint and from the Help menu.

use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use super::common::*;

/// "What is a Hidden Single?" in the dialogue opens the guide at that
/// technique; its example is explained, and Try one plays a fresh puzzle
/// whose next step is one.
#[test]
fn the_guide_opens_from_a_hint() {
    let dir = TestDir::new("guide");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    assert!(
        h.query_by_label("What is a Hidden Single?").is_none(),
        "the nudge does not name the technique"
    );
    press(&mut h, Modifiers::NONE, Key::PageDown);
    click(&mut h, "What is a Hidden Single?");
    use sudolens::logic::Technique;
    assert_eq!(h.state().guide_technique(), Some(Technique::HiddenSingle));
    let limit = Duration::from_secs(20);
    step_until(&mut h, limit, "the example hangs", |a| {
        a.guide_example_ready()
    });
    h.run_steps(2);
    assert!(
        h.query_all_by_label("Singles").count() >= 1,
        "the Singles page"
    );
    click(&mut h, "Try one");
    wait(&mut h);
    assert_eq!(h.state().guide_technique(), None, "the guide closed");
    let said = h.state().dialogue().current().unwrap().0.lines[0]
        .text
        .clone();
    assert!(said.contains("practise Hidden Single"), "{said}");
    let next = sudolens::logic::next_step(h.state().board()).unwrap();
    assert_eq!(next.technique, Technique::HiddenSingle);
}

/// Help > Techniques opens the guide at its first page; it speaks French
/// as soon as the language changes.
#[test]
fn the_guide_opens_from_the_help_menu_in_both_languages() {
    let dir = TestDir::new("guidemenu");
    let mut h = with_puzzle(&dir, EASY);
    menu(&mut h, "Help", "Techniques");
    h.run_steps(3);
    assert_eq!(
        h.state().guide_technique(),
        Some(sudolens::logic::Technique::FullHouse)
    );
    assert!(h.query_all_by_label("Singles").count() >= 1);
    h.get_by_label_contains("Every row, column and box holds each digit");
    // and what a variant changes (issue 29)
    h.get_by_label_contains("In a variant, X's diagonals, Hyper's windows");
    choose_french(&mut h);
    h.run_steps(3);
    assert!(h.query_all_by_label("Singletons").count() >= 1);
    h.get_by_label_contains("Chaque ligne, colonne et bloc contient chaque chiffre");
    h.get_by_label_contains("Dans une variante, les diagonales du X");
    h.get_by_label("Essayer");
}
