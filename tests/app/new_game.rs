//! Game → New: generated puzzles at a level, the puzzle of the day, a slow
//! level cancelled, and the welcome of a pasted puzzle.

use egui_kittest::kittest::Queryable;
use sudolens::app::Mood;
use sudolens::grid::Grid;

use super::common::*;

/// The welcome's Medium makes a Medium puzzle; Game > New > Hard then makes
/// a puzzle that rates Hard, which Pip introduces with its level and the
/// technique of its hardest point.
#[test]
fn new_hard_starts_a_hard_puzzle() {
    use sudolens::logic::{rate_grid, Level};
    let dir = TestDir::new("new");
    let mut h = open_window(&dir);
    click(&mut h, "New puzzle: Medium");
    wait(&mut h);
    let first = *h.state().board().givens();
    assert_eq!(rate_grid(&first).level, Level::Medium);

    game_new(&mut h, "Hard");
    wait(&mut h);
    let givens = *h.state().board().givens();
    assert_ne!(givens, first);
    let rating = rate_grid(&givens);
    assert_eq!(rating.level, Level::Hard);
    let welcome = &h.state().dialogue().paragraphs().last().unwrap().lines;
    assert!(
        welcome[0].text.starts_with("Here is a new Hard puzzle"),
        "{welcome:?}"
    );
    let technique =
        sudolens::hint::technique_name(rating.hardest.unwrap(), sudolens::hint::Lang::En);
    assert_eq!(
        welcome[1].text,
        format!(
            "At its hardest point you will need this technique: {technique}. I won't say where!"
        )
    );
    // It is recorded as a game of its own.
    assert_eq!(h.state().game_record().puzzle.to_grid(), Some(givens));
    // The puzzle of the day is the same for everyone: the generator's, for today.
    game_new(&mut h, "Puzzle of the day");
    wait(&mut h);
    let today = sudolens::generate::DailyPuzzle::today();
    assert_eq!(*h.state().board().givens(), today.generate().puzzle);
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Here is the puzzle of the day")),
        "{said:?}"
    );
}

/// A slow level shows Pip at work with Cancel; the window keeps drawing,
/// the game on the board stays playable, and Cancel keeps it.
#[test]
fn a_slow_puzzle_shows_progress_and_can_be_cancelled() {
    let dir = TestDir::new("cancel");
    let mut h = with_puzzle(&dir, PUZZLE);
    game_new(&mut h, "Extreme");
    h.run_steps(3); // past the moment easy levels would have come
    assert_eq!(h.state().pip_mood(), Mood::Thinking);
    h.get_by_label_contains("Making a new Extreme puzzle");
    // Still playable meanwhile.
    let board = play_one_move(&mut h);
    assert_ne!(board.grid(), Grid::parse(PUZZLE).unwrap());
    click(&mut h, "Cancel");
    wait(&mut h);
    assert_eq!(*h.state().board(), board, "the game goes on");
    assert!(h.state().status().unwrap().text.contains("cancelled"));
    assert!(h.query_by_label_contains("Making a").is_none());
}

/// A pasted puzzle is welcomed with its size and rated level, not as
/// "Pasted puzzle".
#[test]
fn a_pasted_puzzle_is_welcomed_with_its_level() {
    let dir = TestDir::new("pasted");
    let h = with_puzzle(&dir, EASY);
    let last = h.state().dialogue().paragraphs().last().unwrap().clone();
    let text = &last.lines[0].text;
    assert!(
        text.contains("the puzzle you pasted has 30 givens and rates Easy"),
        "{text}"
    );
    assert!(!text.contains("Pasted puzzle"), "{text}");
}
