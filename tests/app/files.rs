//! Files: saving and opening through the path window, bad files, dropped
//! files, the autosave (periodic, on exit, restored on start, damaged ones
//! kept aside) and closing, which never loses an unsaved game.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::grid::SavedGame;

use super::common::*;

#[test]
fn save_and_open_round_trip_through_the_path_window() {
    let dir = TestDir::new("save");
    let mut h = with_puzzle(&dir, PUZZLE);
    click(&mut h, "row 1, column 2: empty");
    press(&mut h, Modifiers::NONE, Key::Num1);
    press(&mut h, Modifiers::SHIFT, Key::Num6);
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    press(&mut h, Modifiers::SHIFT, Key::Num2);
    let board = h.state().board().clone();

    let path = dir.join("my game.json");
    press(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    assert!(h.state().path_window_text().is_some());
    type_path(&mut h, &path);
    assert!(
        h.state().path_window_text().is_none(),
        "{:?}",
        h.state().status()
    );
    assert_eq!(SavedGame::read(&path).unwrap().board, board);

    // Play on, then open the saved game again.
    press(&mut h, Modifiers::NONE, Key::ArrowDown);
    press(&mut h, Modifiers::NONE, Key::Num9);
    press(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, &path);
    assert_eq!(
        *h.state().board(),
        board,
        "entries, notes and history restored"
    );
    // Ctrl+S now saves to the same file without asking.
    press(&mut h, Modifiers::NONE, Key::Num3);
    press(&mut h, Modifiers::COMMAND, Key::S);
    assert!(h.state().path_window_text().is_none());
    assert_eq!(SavedGame::read(&path).unwrap().board, *h.state().board());
}

#[test]
fn bad_files_give_clear_messages() {
    let dir = TestDir::new("bad");
    let mut h = with_puzzle(&dir, PUZZLE);
    let before = h.state().board().clone();

    let bad_puzzle = dir.join("bad.txt");
    std::fs::write(&bad_puzzle, "12345678x\n").unwrap();
    let bad_save = dir.join("bad.json");
    std::fs::write(&bad_save, "{\"format\": \"sudolens-game\", \"version\": 1}").unwrap();
    let photo = dir.join("grid.png");
    std::fs::write(&photo, b"\x89PNG\r\n\x1a\n").unwrap();
    let missing = dir.join("missing.txt");

    for (path, expect) in [
        (&bad_puzzle, "'x' is not a digit"),
        (&bad_save, "bad.json"),
        (&photo, "Could not read a grid in grid.png"),
        (&missing, "missing.txt"),
    ] {
        open_file(&mut h, path);
        let status = h.state().status().unwrap().clone();
        assert!(status.error, "{status:?}");
        assert!(
            status.text.contains(expect),
            "{:?} does not say {expect:?}",
            status.text
        );
        // A photo is read in the background, so its path window has closed.
        if let Some(cancel) = h.query_by_label("Cancel") {
            cancel.click();
        }
        h.step();
        assert_eq!(
            *h.state().board(),
            before,
            "a bad file leaves the game alone"
        );
    }

    // A file with many puzzles, one of them broken: the rest load.
    let many = dir.join("many.txt");
    std::fs::write(&many, format!("{PUZZLE}\n{}x\n{EASY}\n", &PUZZLE[..80])).unwrap();
    open_file(&mut h, &many);
    let status = h.state().status().unwrap().text.clone();
    assert!(
        status.contains("puzzle 1 of 2") && status.contains("line 2"),
        "{status}"
    );
}

#[test]
fn autosave_on_exit_and_restore_on_start() {
    let dir = TestDir::new("autosave");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    assert!(h.state_mut().autosave().is_none());
    drop(h);

    let mut h = open_window(&dir);
    assert_eq!(*h.state().board(), board);
    // undo history survives the restart
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);

    // A damaged autosave: a clear message, the file kept aside, a new game.
    // (The window above is closed first: a second window on the folder
    // would restore nothing, see `folder.rs`.)
    drop(h);
    std::fs::write(dir.join("autosave.json"), "{ not json").unwrap();
    let mut h = open_window(&dir);
    wait(&mut h);
    let status = h.state().status().unwrap().clone();
    assert!(
        status.error && status.text.contains("autosave.json"),
        "{status:?}"
    );
    assert_eq!(damaged_files(&dir).len(), 1);
    assert!(!dir.join("autosave.json").exists());
    assert!(h.state().board().givens().filled_count() >= 17);
}

#[test]
fn periodic_autosave_while_playing() {
    let dir = TestDir::new("periodic");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    // the harness clock moves 0.25 s per step
    let steps = (sudolens::app::AUTOSAVE_SECONDS / 0.25) as usize + 4;
    h.run_steps(steps);
    let path = kept_file(&dir, &h);
    let start = Instant::now();
    while !path.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert_eq!(SavedGame::read(&path).unwrap().board, board);
}

#[test]
fn dropping_a_puzzle_file_opens_it() {
    let dir = TestDir::new("drop");
    let mut h = open_window(&dir);
    let file = dir.join("dropped.txt");
    std::fs::write(&file, format!("# a puzzle\n{EASY}\n")).unwrap();
    drop_file(&mut h, file);
    assert_eq!(h.state().board().givens().to_line(), EASY);
    assert!(h.state().status().unwrap().text.contains("dropped.txt"));
}

/// The damaged autosaves kept aside in `dir`.
fn damaged_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("autosave.damaged-")
        })
        .collect()
}

/// Asks the window to close, as its close button or Alt+F4 does.
fn request_close(h: &mut Window) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
}

/// A first start: the data folder does not exist yet, several levels deep.
/// After one move, closing the window saves the game there.
#[test]
fn first_start_in_a_missing_nested_data_folder_saves_on_close() {
    let root = TestDir::new("fresh");
    let dir = root.join("home/.local/share/sudolens");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    request_close(&mut h);
    assert!(h.state().safe_to_close(), "{:?}", h.state().status());
    assert!(h.state().exit_question().is_none());
    let saved = SavedGame::read(&kept_file(&dir, &h)).unwrap();
    assert_eq!(saved.board, board);
}

/// When the game cannot be saved on close, the window stays open and asks:
/// Save as puts it elsewhere and then closes; nothing is lost silently.
#[test]
fn a_failed_save_on_close_keeps_the_window_open_and_offers_save_as() {
    let root = TestDir::new("unsaveable");
    // A file where the data folder should be: no folder can be made there.
    let blocker = root.join("data");
    std::fs::write(&blocker, b"not a folder").unwrap();
    let dir = blocker.join("sudolens");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);

    request_close(&mut h);
    assert!(!h.state().safe_to_close());
    let why = h
        .state()
        .exit_question()
        .expect("the question is shown")
        .to_string();
    assert!(why.contains("cannot create the folder"), "{why}");
    h.run_steps(2);
    h.get_by_label("Your game is not saved");
    click(&mut h, "Keep playing");
    assert!(h.state().exit_question().is_none());
    assert!(!h.state().safe_to_close());

    request_close(&mut h);
    h.run_steps(2);
    click(&mut h, "Save as…");
    h.step();
    let elsewhere = root.join("elsewhere.json");
    type_path(&mut h, &elsewhere);
    h.step();
    assert!(h.state().safe_to_close(), "{:?}", h.state().status());
    assert_eq!(SavedGame::read(&elsewhere).unwrap().board, board);
    assert_eq!(h.state().exit_unsaved_reason(), None);

    // Closing without saving is the player's choice, and is reported.
    let mut h = with_puzzle(&dir, PUZZLE);
    request_close(&mut h);
    h.run_steps(2);
    click(&mut h, "Close without saving");
    assert!(h.state().safe_to_close());
    assert!(h.state().exit_unsaved_reason().is_some());
}

/// Each damaged autosave is kept under its own name: a second one does not
/// replace the first.
#[test]
fn every_damaged_autosave_is_kept() {
    let dir = TestDir::new("damaged-twice");
    for text in ["{ first", "{ second"] {
        std::fs::write(dir.join("autosave.json"), text).unwrap();
        let h = open_window(&dir);
        assert!(h.state().status().unwrap().error);
    }
    let mut kept: Vec<String> = damaged_files(&dir)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    kept.sort();
    assert_eq!(kept, ["{ first", "{ second"]);
}
