//! The game history: the Statistics window (games and duels), a puzzle
//! played before recognised, and a damaged or locked history that never
//! blocks play.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::grid::{Cell, Grid};

use super::common::*;

/// The history's database in `dir`.
fn history_file(dir: &Path) -> PathBuf {
    dir.join(sudolens::history::FILE_NAME)
}

/// Plays `puzzle` to the end by typing its solution into every empty cell.
fn solve_by_hand(h: &mut Window) {
    let board = h.state().board().clone();
    let solution = sudolens::solver::solve(&board.grid()).expect("one solution");
    for c in Cell::ALL {
        if board.value(c) == 0 {
            let label = sudolens::app::cell_label(h.state().board(), c, words());
            click(h, &label);
            press(h, Modifiers::NONE, digit_key(solution.get(c)));
        }
    }
    assert!(h.state().board().is_solved());
}

/// A game finished by the player, with a hint read two lines deep, is in
/// the Statistics window: one game and one solve at its level, its time,
/// and the hint.
#[test]
fn statistics_show_a_finished_game() {
    use sudolens::logic::rate_grid;
    let dir = TestDir::new("stats");
    let mut h = with_puzzle(&dir, EASY);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    press(&mut h, Modifiers::NONE, Key::PageDown);
    solve_by_hand(&mut h);
    let record = h.state().game_record().clone();
    assert_eq!(record.hints.len(), 1);
    assert_eq!(record.hints[0].depth, Some(2), "{record:?}");
    assert!(record.finished_at.is_some());

    menu(&mut h, "Game", "Statistics");
    h.step();
    wait_for(&mut h, "the statistics", |a| a.statistics_shown().is_some());
    let level = rate_grid(&Grid::parse(EASY).unwrap()).level;
    let stats = h.state().statistics_shown().unwrap().level(level).clone();
    assert_eq!((stats.games, stats.solved), (1, 1), "{stats:?}");
    assert_eq!(stats.hints_per_game(), Some(1.0));
    assert_eq!(stats.hints_by_depth, [0, 1]);
    let seconds = h.state().elapsed_seconds();
    assert_eq!(stats.best, Some(seconds));
    // The window shows it: the level's row and its time, and the plot's title.
    let time = sudolens::app::clock(seconds);
    assert!(
        h.query_all_by_label(&time).count() >= 2,
        "best and median {time}"
    );
    h.get_by_label("Solve times: Easy");
    h.get_by_label("Puzzle of the day: no streak yet");
}

/// A puzzle opened and left untouched is no game in the Statistics; one
/// played a move and then completed by Solve counts, apart from the solves
/// (no best time), and the list of games says it was assisted (issue 30).
#[test]
fn statistics_ignore_an_untouched_game_and_mark_an_assisted_one() {
    use sudolens::history::GameResult;
    let dir = TestDir::new("stats-untouched");
    let mut h = with_puzzle(&dir, EASY);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    menu(&mut h, "Game", "Statistics");
    h.step();
    wait_for(&mut h, "the statistics", |a| a.statistics_shown().is_some());
    let stats = h.state().statistics_shown().unwrap().clone();
    assert_eq!(
        stats.games(),
        0,
        "an untouched puzzle is no game: {stats:?}"
    );
    assert!(stats.games.is_empty());
    h.get_by_label("No game played yet: a puzzle counts once a move is made.");

    // A move, then Solve.
    let board = h.state().board().clone();
    let solution = sudolens::solver::solve(&board.grid()).unwrap();
    let cell = Cell::ALL
        .into_iter()
        .find(|&c| board.value(c) == 0)
        .unwrap();
    let label = sudolens::app::cell_label(h.state().board(), cell, words());
    click(&mut h, &label);
    press(&mut h, Modifiers::NONE, digit_key(solution.get(cell)));
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    assert!(h.state().board().is_solved());
    wait_for(&mut h, "the statistics again", |a| {
        a.statistics_shown().is_some_and(|s| s.games() == 1)
    });
    let stats = h.state().statistics_shown().unwrap().clone();
    let level = sudolens::logic::rate_grid(&Grid::parse(EASY).unwrap()).level;
    let s = stats.level(level);
    assert_eq!((s.games, s.solved, s.revealed), (1, 0, 1), "{s:?}");
    assert_eq!(s.best, None, "an assisted game is no best time");
    assert_eq!(stats.games.len(), 1);
    assert_eq!(stats.games[0].result, GameResult::Revealed);
    h.get_by_label("Assisted: Solve used");
}

/// Writes a finished game of `puzzle` into the history in `dir`: solved on
/// 12 May 2025 in 14 minutes.
fn played_on_12_may(dir: &Path, puzzle: Grid) {
    use sudolens::history::{GameProgress, History, NewGame, Origin};
    let noon = "2025-05-12"
        .parse::<sudolens::generate::Date>()
        .unwrap()
        .days_since_epoch()
        * 86_400
        + 12 * 3600;
    let mut history = History::open(&history_file(dir)).unwrap();
    let game = NewGame::new(puzzle, Origin::Pasted, noon - 900, 0).unwrap();
    let id = history.start(&game).unwrap();
    let done = GameProgress {
        seconds_played: 14 * 60,
        finished_at: Some(noon),
        ..GameProgress::default()
    };
    history.update(id, &done).unwrap();
}

/// Steps until Pip's last paragraph says it knows the puzzle (bounded).
fn wait_for_recognition(h: &mut Window, what: &str) {
    wait_for(h, what, |a| {
        a.dialogue().paragraphs().last().unwrap().lines[0]
            .text
            .starts_with("I know this puzzle")
    });
}

/// A puzzle solved before is recognised when it comes back, even turned
/// and relabelled: opened from a file, and read from a photo.
#[test]
fn a_puzzle_played_before_is_recognised() {
    let dir = TestDir::new("recognised");
    let disguised =
        sudolens::generate::Transformation::random(21).apply(&Grid::parse(EASY).unwrap());
    played_on_12_may(&dir, disguised);
    let mut h = open_window(&dir);
    wait(&mut h);
    let file = dir.join("old.txt");
    std::fs::write(&file, format!("{EASY}\n")).unwrap();
    drop_file(&mut h, file);
    wait_for_recognition(&mut h, "the recognition");
    let said = pip_said(&h);
    let n = said.len();
    assert_eq!(
        said[n - 2..],
        [
            "I know this puzzle! You solved it on 12 May 2025, in 14 minutes.".to_string(),
            "It was turned, mirrored or its digits swapped, but it is the same puzzle.".into()
        ]
    );
    // After the welcome, not before it.
    assert!(
        said[n - 4].starts_with("Here is a puzzle from old.txt"),
        "{said:?}"
    );

    // A photo of a puzzle played before, once its grid is accepted.
    let (photo, givens) = sample_photo();
    played_on_12_may(&dir, givens);
    open_file(&mut h, &photo);
    h.run_steps(2);
    use_this_grid(&mut h);
    assert_eq!(*h.state().board().givens(), givens);
    wait_for_recognition(&mut h, "the photo's recognition");
    let said = pip_said(&h);
    assert_eq!(
        said.last().unwrap(),
        "I know this puzzle! You solved it on 12 May 2025, in 14 minutes."
    );
    // A new puzzle is not "known".
    game_new(&mut h, "Easy");
    wait(&mut h);
    h.run_steps(5);
    let said = pip_said(&h);
    assert!(said.last().unwrap().contains("hardest point"), "{said:?}");
}

/// A damaged history never blocks play: Pip says so, the file is kept
/// aside untouched, and a new history records the next games.
#[test]
fn a_damaged_history_is_kept_aside_and_play_goes_on() {
    let dir = TestDir::new("history-damaged");
    let garbage = b"not a database at all".repeat(50);
    std::fs::write(history_file(&dir), &garbage).unwrap();
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() != sudolens::app::HistoryState::Opening
    });
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Your game history was damaged")),
        "{said:?}"
    );
    let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("history.damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert!(
        std::fs::read(&aside[0]).unwrap() == garbage,
        "kept as it was"
    );
    play_one_move(&mut h);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);
}

/// A history locked by another program never blocks play: Pip says
/// history is off, the game goes on, and nothing is set aside.
#[test]
fn a_locked_history_turns_history_off_and_play_goes_on_until_the_lock_goes() {
    let dir = TestDir::new("history-locked");
    sudolens::history::History::open(&history_file(&dir)).unwrap();
    let holder = rusqlite_lock(&history_file(&dir));
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        matches!(a.history_state(), sudolens::app::HistoryState::Off(_))
    });
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Your game history is off for now")),
        "{said:?}"
    );
    play_one_move(&mut h);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);
    // Statistics say why there are none.
    menu(&mut h, "Game", "Statistics");
    h.run_steps(2);
    let off = h.query_all_by_label_contains("Your game history is off for now");
    assert_eq!(off.count(), 2, "Pip's words and the window's");
    drop(holder);
    // The lock goes: the history comes back, with the game played meanwhile.
    wait_for(&mut h, "the history back", |a| {
        *a.history_state() == sudolens::app::HistoryState::On
    });
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Your game history is back on")),
        "{said:?}"
    );
    drop(h); // the recorder writes what it holds
    let history = sudolens::history::History::open(&history_file(&dir)).unwrap();
    let games = history.games().unwrap();
    let pasted = Grid::parse(PUZZLE).unwrap();
    assert!(
        games.iter().any(|g| g.puzzle.to_grid() == Some(pasted)),
        "the game played while locked: {games:?}"
    );
    drop(history);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("damaged")), "{names:?}");
}

/// Another program's hold on the database: an exclusive lock, kept until
/// the connection is dropped.
fn rusqlite_lock(path: &Path) -> rusqlite::Connection {
    let other = rusqlite::Connection::open(path).unwrap();
    other
        .execute_batch(
            "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE held (x); COMMIT;",
        )
        .unwrap();
    other
}

/// A duel finished in the window goes into the history: the Statistics
/// window counts it under Pip's strength, with the player's penalties and
/// jokers, and the history holds it once.
#[test]
fn statistics_show_a_duel_finished_in_the_window() {
    use sudolens::duel::Side;
    let dir = TestDir::new("stats-duel");
    let mut h = open_window(&dir);
    start_duel(&mut h, "Beginner", "sudolens, from your secret grid");
    let pip_secret = h.state().duel().unwrap().camp(Side::Pip).secret.unwrap();
    // A joker (one point), then right values to the end.
    press(&mut h, Modifiers::NONE, Key::J);
    wait_duel(&mut h);
    play_right_values_to_the_end(&mut h, &pip_secret);
    let outcome = h.state().duel().unwrap().outcome().unwrap().clone();
    assert_eq!(outcome.winner, Some(Side::Pip), "{outcome:?}");

    menu(&mut h, "Game", "Statistics");
    h.step();
    wait_for(&mut h, "the duel in the statistics", |a| {
        a.statistics_shown().is_some_and(|s| s.duels[0].played > 0)
    });
    let stats = h.state().statistics_shown().unwrap().clone();
    let beginner = stats.duels[0];
    assert_eq!((beginner.played, beginner.won, beginner.lost), (1, 0, 1));
    assert_eq!(beginner.player_jokers, 1);
    assert_eq!(beginner.player_penalties, outcome.player.penalties());
    assert_eq!(beginner.pip_penalties, 0);
    assert_eq!(stats.duels[1].played + stats.duels[2].played, 0);
    // The window shows it: the table, Pip's strength and the averages.
    h.get_by_label("Duels with Pip");
    h.get_by_label("Your jokers");
    h.get_by_label("Beginner");
    // One joker, no wrong value: 1.0 penalty and 1.0 joker a duel.
    assert_eq!(outcome.player.penalties(), 1);
    assert_eq!(h.query_all_by_label("1.0").count(), 2);
    drop(h);

    // The history holds it once, with every detail.
    let history = sudolens::history::History::open(&history_file(&dir)).unwrap();
    let duels = history.duels().unwrap();
    assert_eq!(duels.len(), 1);
    assert_eq!(duels[0].duel.outcome, outcome);
}
