//! Every game kept (issue 30): a new game joins the others instead of
//! replacing one, Game → Continue goes back to any unfinished one, deleting
//! asks once and can be undone, and the window reopens the game played
//! last, also after a duel.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::grid::SavedGame;

use super::common::*;

/// Issue 30: pasting a new puzzle replaced the game in progress without a
/// word. Now the old game is in Continue, whole, and comes back from it.
#[test]
fn a_new_game_keeps_the_old_one_in_continue() {
    let dir = TestDir::new("kept-new");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    let old = h.state().kept_id().to_string();
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    assert_eq!(h.state().board().givens().to_line(), EASY);
    assert_ne!(h.state().kept_id(), old, "a new game is kept apart");
    // The old game is on disk, with its move and its undo history.
    let saved = SavedGame::read(&dir.join("games").join(format!("{old}.json"))).unwrap();
    assert_eq!(saved.board, board);

    menu(&mut h, "Game", "Continue…");
    h.run_steps(2);
    assert_eq!(h.state().continue_offers(), Some(vec![old.clone()]));
    click(&mut h, "Continue");
    h.run_steps(2);
    assert_eq!(*h.state().board(), board, "the old game is back");
    assert_eq!(h.state().kept_id(), old);
    // Undo still works in it; and the pasted game is now the one kept aside.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);
    menu(&mut h, "Game", "Continue…");
    h.run_steps(2);
    assert_eq!(h.state().continue_offers().map(|o| o.len()), Some(1));
}

/// Deleting asks once, and Undo brings the game back while the window is open.
#[test]
fn deleting_a_kept_game_asks_once_and_can_be_undone() {
    let dir = TestDir::new("kept-delete");
    let mut h = with_puzzle(&dir, PUZZLE);
    play_one_move(&mut h);
    let old = h.state().kept_id().to_string();
    let file = dir.join("games").join(format!("{old}.json"));
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    menu(&mut h, "Game", "Continue…");
    h.run_steps(2);
    click(&mut h, "Delete");
    h.run_steps(2);
    h.get_by_label("Delete this game?");
    assert!(file.exists(), "nothing deleted before the answer");
    click(&mut h, "Delete it");
    h.run_steps(2);
    assert!(!file.exists());
    assert_eq!(h.state().continue_offers(), Some(vec![]));
    click(&mut h, "Undo the deletion");
    h.run_steps(2);
    assert!(file.exists());
    assert_eq!(h.state().continue_offers(), Some(vec![old]));
}

/// Issue 30: after leaving a duel for a game, quitting and starting again
/// reopened the duel, and no menu led back to the game. The window now
/// reopens the game played last, and the duel stays for Resume.
#[test]
fn restart_after_a_duel_reopens_the_game_played_last() {
    use sudolens::duel::Side;
    let dir = TestDir::new("kept-duel");
    let mut h = with_puzzle(&dir, PUZZLE);
    play_one_move(&mut h);
    start_duel(&mut h, "Master", "sudolens, from your secret grid");
    let clock = h.state().elapsed_seconds();
    let pip_secret = h.state().duel().unwrap().camp(Side::Pip).secret.unwrap();
    play_right_value(&mut h, &pip_secret);
    h.run_steps(20);
    // Leaving the duel for a game: the pasted one.
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    assert!(h.state().duel_screen().is_none(), "the duel was left");
    type_in(&mut h, "row 1, column 1: empty", 2);
    let board = h.state().board().clone();
    assert!(h.state_mut().autosave().is_none());
    drop(h);

    let h = open_window(&dir);
    assert!(h.state().duel_screen().is_none(), "not the duel");
    assert_eq!(*h.state().board(), board, "the game played last");
    // The first game's clock did not run during the duel.
    let first = sudolens::kept::list(&dir)
        .0
        .into_iter()
        .find(|g| g.game.board.givens().to_line() == PUZZLE)
        .unwrap();
    assert!(first.game.elapsed_seconds <= clock + 2, "{first:?}");
}

/// Issue 30: status messages ("Loaded …", "Grid accepted from …") stayed
/// through new games and a duel. A message belongs to the game it was said in.
#[test]
fn a_status_message_belongs_to_its_game() {
    let dir = TestDir::new("kept-status");
    let mut h = with_puzzle(&dir, PUZZLE);
    assert!(h.state().status().is_some(), "the paste is said");
    press(&mut h, Modifiers::COMMAND, Key::N);
    step_until(
        &mut h,
        std::time::Duration::from_secs(60),
        "no new game",
        |a| a.board().givens().to_line() != PUZZLE && !a.busy(),
    );
    assert!(
        h.state().status().is_none(),
        "{:?} stayed over the new game",
        h.state().status()
    );
    // Nor does it follow into a duel.
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    assert!(h.state().status().is_some());
    start_duel(&mut h, "Beginner", "sudolens, from your secret grid");
    assert!(
        h.state().status().is_none(),
        "{:?} stayed over the duel",
        h.state().status()
    );
}

/// A generated puzzle is kept with its level: Continue listed the first
/// game's Medium puzzle as "Level not known yet".
#[test]
fn a_generated_game_is_kept_with_its_level() {
    let dir = TestDir::new("kept-level");
    let mut h = open_window(&dir);
    click(&mut h, "New puzzle: Medium");
    wait(&mut h);
    let first = h.state().kept_id().to_string();
    let givens = *h.state().board().givens();
    let empty = sudolens::grid::Cell::ALL
        .into_iter()
        .find(|&c| givens.get(c) == 0)
        .unwrap();
    click(&mut h, &format!("{}: empty", plain(empty)));
    press(&mut h, Modifiers::NONE, Key::Num1);
    h.event(egui::Event::Paste(EASY.to_string()));
    h.step();
    wait(&mut h);
    let text = std::fs::read_to_string(dir.join("games").join(format!("{first}.json"))).unwrap();
    let kept: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(kept["kept"]["level"], "Medium", "{}", kept["kept"]);
}

/// A way to a new game: its name, and the gesture.
type NewWay = (&'static str, fn(&mut Window));

/// Issue 30: Ctrl+N, Game → New and the guide's "Try one" replaced the game
/// in progress too (pasting is the test above). Each new game joins the
/// list, and every game played before it is in Continue.
#[test]
fn every_way_to_a_new_game_keeps_the_game_before() {
    let dir = TestDir::new("kept-every-way");
    let mut h = with_puzzle(&dir, PUZZLE);
    play_one_move(&mut h);
    let mut played = vec![h.state().kept_id().to_string()];
    // A move in the first empty cell, so that no game is an untouched
    // generated one (which is dropped: it can be made again).
    let play_a_move = |h: &mut Window| {
        let cell = h.state().selected().expect("a selected empty cell");
        assert_eq!(h.state().board().value(cell), 0);
        press(h, Modifiers::NONE, Key::Num1);
        assert_ne!(h.state().board().value(cell), 0, "a move was made");
    };
    let new_ways: [NewWay; 3] = [
        ("Ctrl+N", |h| press(h, Modifiers::COMMAND, Key::N)),
        ("Game > New > Easy", |h| game_new(h, "Easy")),
        ("Try one", |h| {
            menu(h, "Help", "Techniques");
            let limit = std::time::Duration::from_secs(20);
            step_until(h, limit, "the guide's example", |a| a.guide_example_ready());
            h.run_steps(2);
            click(h, "Try one");
        }),
    ];
    for (way, start) in new_ways {
        start(&mut h);
        wait(&mut h);
        let id = h.state().kept_id().to_string();
        assert!(
            !played.contains(&id),
            "{way} started a game of its own: {id} in {played:?}"
        );
        play_a_move(&mut h);
        menu(&mut h, "Game", "Continue…");
        h.run_steps(2);
        let mut offered = h.state().continue_offers().unwrap();
        offered.sort();
        let mut before = played.clone();
        before.sort();
        assert_eq!(offered, before, "after {way}");
        press(&mut h, Modifiers::NONE, Key::Escape);
        h.run_steps(2);
        played.push(id);
    }
}
