//! Open's Browse… (issue 30, item 7): a file picker drawn in the window,
//! which works where the system's dialog needed a desktop portal (there,
//! Browse… silently did nothing), in the player's language; and a file that
//! cannot be opened is said in the player's language too.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::grid::Grid;

use super::common::*;

/// Ctrl+O, the folder typed, then Browse…: the picker lists the folder's
/// puzzle files, and the one picked is opened as the game.
fn browse_to(h: &mut Window, folder: &std::path::Path, browse: &str) {
    press(h, Modifiers::COMMAND, Key::O);
    let field = h.get_by_role(egui::Role::TextInput);
    field.focus();
    h.step();
    h.get_by_role(egui::Role::TextInput)
        .type_text(&format!("{}/", folder.display()));
    h.step();
    click(h, browse);
    h.run_steps(3);
}

#[test]
fn browse_opens_a_picker_in_the_window_and_the_file_picked_is_played() {
    let dir = TestDir::new("picker-browse");
    let mut h = open_window(&dir);
    let folder = dir.join("grids");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("sunday.txt"), format!("{EASY}\n")).unwrap();
    std::fs::write(folder.join("notes.pdf"), b"%PDF").unwrap();

    browse_to(&mut h, &folder, "Browse…");
    // The picker lists the puzzle file, not the PDF.
    assert!(
        h.query_by_label("sunday.txt").is_some(),
        "the picker lists the puzzle file"
    );
    assert!(
        h.query_by_label("notes.pdf").is_none(),
        "only what Open reads is listed"
    );
    h.get_by_label("sunday.txt").click();
    h.run_steps(2);
    click(&mut h, "Open");
    wait(&mut h);
    assert_eq!(
        *h.state().board().givens(),
        Grid::parse(EASY).unwrap(),
        "the file picked is the game"
    );
    assert!(h.state().path_window_text().is_none(), "the windows closed");
}

#[test]
fn the_picker_speaks_french_and_cancel_goes_back_to_the_typed_path() {
    let dir = TestDir::new("picker-french");
    let mut h = open_window(&dir);
    choose_french(&mut h);
    let folder = dir.join("grilles");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("dimanche.txt"), format!("{EASY}\n")).unwrap();
    let before = h.state().board().clone();

    browse_to(&mut h, &folder, "Parcourir…");
    for label in ["Ouvrir", "Fichier :", "Dossier parent"] {
        assert!(
            h.query_by_label(label).is_some(),
            "the picker says {label:?}"
        );
    }
    assert!(h.query_by_label("dimanche.txt").is_some());
    // Escape leaves the picker ("Annuler" is also the menu's Undo).
    press(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label("dimanche.txt").is_none(),
        "the picker closed"
    );
    assert!(
        h.state().path_window_text().is_some(),
        "the typed path is still there"
    );
    assert_eq!(*h.state().board(), before, "nothing was opened");
}

#[test]
fn a_file_that_cannot_be_opened_is_said_in_the_players_language() {
    let dir = TestDir::new("picker-errors");
    let mut h = open_window(&dir);
    choose_french(&mut h);
    open_file(&mut h, &dir.join("absent.txt"));
    let status = h.state().status().unwrap().clone();
    assert!(status.error, "{status:?}");
    assert!(
        status.text.contains("absent.txt")
            && status.text.contains("aucun fichier ni dossier de ce nom"),
        "{}",
        status.text
    );
    assert!(!status.text.contains("No such file"), "{}", status.text);
}
