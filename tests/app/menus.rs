//! The menus and the Help window (issue 30, item 11): check marks on what
//! is on, Escape closes a menu, no word said twice ("New ▸ New (Easy)"),
//! and the Help lists every shortcut with key names in the player's
//! language.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sudolens::hint::Lang;

use super::common::*;

/// Whether the check box or radio button named `label` is checked.
fn checked(h: &Window, label: &str) -> bool {
    let node = h.get_by_label_contains(label);
    match format!("{:?}", node.accesskit_node().toggled()).as_str() {
        "Some(True)" => true,
        "Some(False)" => false,
        other => panic!("{label} has no check mark: {other}"),
    }
}

/// Opens `menu` and hovers its submenu `sub`, leaving them open.
fn open_submenu(h: &mut Window, menu: &str, sub: &str) {
    h.get_by_label(menu).click();
    h.run_steps(3);
    h.get_by_label_contains(sub).hover();
    h.run_steps(3);
}

/// Issue 30: the language menu had no check mark, and notes mode and pause
/// were plain commands that never said whether they were on.
#[test]
fn the_menus_check_what_is_on() {
    let dir = TestDir::new("menu-checks");
    let mut h = with_puzzle(&dir, PUZZLE);
    open_submenu(&mut h, "View", "Language");
    assert!(checked(&h, "English"));
    assert!(!checked(&h, "Français"));
    h.get_by_label("Français").click();
    h.run_steps(3);
    assert_eq!(h.state().lang(), Lang::Fr);
    open_submenu(&mut h, "Affichage", "Langue");
    assert!(checked(&h, "Français"));
    assert!(!checked(&h, "English"));
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(3);

    h.get_by_label("Édition").click();
    h.run_steps(3);
    assert!(!checked(&h, "Mode notes"));
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(3);
    press(&mut h, Modifiers::NONE, Key::N);
    h.get_by_label("Édition").click();
    h.run_steps(3);
    assert!(checked(&h, "Mode notes"));
}

/// Issue 30: Escape did not close an open menu.
#[test]
fn escape_closes_an_open_menu() {
    let dir = TestDir::new("menu-escape");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.get_by_label("Game").click();
    h.run_steps(3);
    assert!(h.query_by_label("Continue…").is_some(), "the menu is open");
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(3);
    assert!(
        h.query_by_label("Continue…").is_none(),
        "the menu is closed"
    );
    // A submenu too, and the menu under it.
    open_submenu(&mut h, "Game", "New");
    assert!(h.query_by_label("Hard").is_some());
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(3);
    assert!(h.query_by_label("Hard").is_none());
    assert!(h.query_by_label("Continue…").is_none());
}

/// Issue 30: "New ▸ New (Easy)" said New twice. The submenu's items are
/// the levels alone, and one of them still starts a game at its level.
#[test]
fn the_new_submenu_names_each_level_once() {
    let dir = TestDir::new("menu-new");
    let mut h = with_puzzle(&dir, PUZZLE);
    open_submenu(&mut h, "Game", "New");
    assert!(h.query_by_label_contains("New (").is_none());
    h.get_by_label("Easy");
    h.get_by_label("Extreme");
    h.get_by_label("Puzzle of the day");
}

/// Issue 30: the Help's table used English key names in the French window
/// and missed H, Ctrl+P and J.
#[test]
fn help_lists_every_shortcut_in_the_players_language() {
    let dir = TestDir::new("help-keys");
    let mut h = open_window(&dir);
    press(&mut h, Modifiers::NONE, Key::F1);
    h.run_steps(2);
    for keys in [
        "H",
        "Ctrl+P",
        "J",
        "Shift + 1 – 9",
        "Ctrl+Shift+Z, Ctrl+Y",
        "Y / N",
    ] {
        assert!(h.query_by_label(keys).is_some(), "{keys} missing");
    }
    drop(h);
    // The same window in French (the Help window would cover the menu).
    let dir = TestDir::new("help-keys-fr");
    let mut h = open_window(&dir);
    choose_french(&mut h);
    h.run_steps(3);
    press(&mut h, Modifiers::NONE, Key::F1);
    h.run_steps(2);
    for keys in [
        "H",
        "Ctrl+P",
        "J",
        "Maj + 1 – 9",
        "Ctrl+Maj+Z, Ctrl+Y",
        "Échap",
        "Suppr, Retour arrière, 0",
        "Pg suiv / Pg préc",
        "Flèches",
        "O / N",
    ] {
        assert!(h.query_by_label(keys).is_some(), "{keys} missing");
    }
    assert!(h.query_by_label("Shift + 1 – 9").is_none());
    h.get_by_label("Prendre un joker (en duel)");
}
