//! The window and its data folder, issue 32: two windows on one folder
//! both keep their games (N8), the time played in a game left is written
//! (N9), a failed autosave stays on screen (N14), and a save file of 3 GB
//! is refused from its size at start (N4).

use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use sudolens::grid::SavedGame;

use super::common::*;

#[test]
fn a_second_window_on_the_folder_keeps_its_own_game_and_says_where() {
    let dir = TestDir::new("two-windows");
    let mut first = with_puzzle(&dir, PUZZLE);
    let first_board = play_one_move(&mut first);
    let mut second = open_window(&dir);
    let status = second.state().status().unwrap().clone();
    assert!(
        status.error
            && status
                .text
                .contains("Another sudolens window uses this data folder"),
        "{status:?}"
    );
    assert_ne!(*second.state().board(), first_board, "nothing restored");
    second.event(egui::Event::Paste(EASY.to_string()));
    second.step();
    wait(&mut second);
    type_in(&mut second, "row 1, column 1: empty", 2);
    let second_board = second.state().board().clone();
    // The first window closes first, then the second: each game is kept.
    assert!(first.state_mut().autosave().is_none());
    let first_file = kept_file(&dir, &first);
    drop(first);
    assert!(second.state_mut().autosave().is_none());
    drop(second);
    let autosave = SavedGame::read(&first_file).unwrap();
    assert_eq!(autosave.board, first_board);
    let own: Vec<_> = std::fs::read_dir(&*dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("autosave.second-window-")
        })
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    assert!(
        status.text.contains(&own[0].display().to_string()),
        "{status:?}"
    );
    assert_eq!(SavedGame::read(&own[0]).unwrap().board, second_board);
    // Alone again, a window restores the first game.
    let h = open_window(&dir);
    assert_eq!(*h.state().board(), first_board);
}

/// The games the history holds, by puzzle line: their seconds played.
fn seconds_recorded(dir: &std::path::Path, puzzle: &str) -> Option<u64> {
    let history = sudolens::history::History::open(&dir.join(sudolens::history::FILE_NAME)).ok()?;
    let games = history.games().ok()?;
    let game = games.iter().find(|g| g.puzzle.to_line() == puzzle)?;
    Some(game.seconds_played)
}

#[test]
fn the_time_played_in_a_game_left_for_a_new_one_is_written() {
    let dir = TestDir::new("time-left");
    let mut h = with_puzzle(&dir, EASY);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    type_in(&mut h, "row 1, column 1: empty", 1);
    // the harness clock moves 0.25 s per step: 20 s of play
    h.run_steps(80);
    let played = h.state().elapsed_seconds();
    assert!(played >= 19, "{played} s played");
    press(&mut h, Modifiers::COMMAND, Key::N);
    wait(&mut h);
    assert_ne!(h.state().board().givens().to_line(), EASY, "a new game");
    let start = Instant::now();
    let mut recorded = None;
    while start.elapsed() < Duration::from_secs(30) {
        h.step();
        recorded = seconds_recorded(&dir, EASY);
        if recorded.is_some_and(|s| s >= played) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // At least the time played before Ctrl+N: the clock of the game left
    // runs on while its successor is being made (longer on a busy machine).
    assert!(
        recorded.is_some_and(|s| s >= played),
        "{recorded:?} seconds recorded for the game left after {played} s"
    );
}

#[test]
fn a_failed_autosave_stays_on_screen_when_the_player_moves_on() {
    let root = TestDir::new("autosave-fails");
    // A data folder under a file: it can never be made, even by root.
    std::fs::write(root.join("a-file"), b"").unwrap();
    let dir = root.join("a-file/sudolens");
    let mut h = with_puzzle(&dir, PUZZLE);
    play_one_move(&mut h);
    let start = Instant::now();
    while h.state().status().is_none_or(|s| !s.error) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no autosave failure shown"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    let failure = h.state().status().unwrap().clone();
    assert!(failure.text.contains("Could not autosave"), "{failure:?}");
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    press(&mut h, Modifiers::NONE, Key::ArrowDown);
    click(&mut h, "row 2, column 1: empty");
    assert_eq!(
        h.state().status(),
        Some(&failure),
        "still shown after moving"
    );
}

#[test]
fn a_three_gigabyte_autosave_is_refused_from_its_size_at_start() {
    let dir = TestDir::new("huge-autosave");
    std::fs::File::create(dir.join("autosave.json"))
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let start = Instant::now();
    let mut h = open_window(&dir);
    wait(&mut h);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let status = h.state().status().unwrap().text.clone();
    assert!(
        status.contains("is 3072 MB, more than the 16 MB a save file may be"),
        "{status}"
    );
    // kept aside whole, never lost; the new game saved in its place
    let aside: Vec<_> = std::fs::read_dir(&*dir)
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("autosave.damaged-")
        })
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(aside[0].metadata().unwrap().len(), 3 << 30);
}
