//! Headless tests of the real window with egui_kittest: they press keys,
//! click the widgets found by their accessible names, and read the app's
//! state back. No display and no GPU are needed.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "common/http.rs"]
mod http;

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use sudolens::app::i18n::Lang;
use sudolens::app::pip::Mood;
use sudolens::app::session::HintDepth;
use sudolens::app::{App, Config};
use sudolens::grid::{Cell, Grid, SavedGame};
use sudolens::hint::{cell_name, Notation, ParagraphKind};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy puzzle from the library's source, and its solution.
const EASY: &str =
    ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";

/// A puzzle whose first step needs candidates (pointing), from the Sudoku
/// Exchange bank (public domain).
const NEEDS_MARKS: &str =
    "9.......5..41296.....6.5....4..6..2....7.8...78.....63..7...3...2.3.4.8...8.5.1..";

/// A fresh, empty data directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn config(dir: &Path) -> Config {
    Config {
        data_dir: dir.to_path_buf(),
        lang: Lang::En,
        lang_chosen: false,
        notes_mode: false,
        notation: Notation::Plain,
        hint_budget: false,
        animate: false,
        restore: true,
        native_dialogs: false,
        phone_address: Some(std::net::Ipv4Addr::LOCALHOST.into()),
    }
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size([1100.0, 820.0])
        .with_max_steps(100)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// A harness on `puzzle`, pasted with Ctrl+V as a player would.
fn with_puzzle(dir: &Path, puzzle: &str) -> Harness<'static, App> {
    let mut h = harness(App::new(config(dir)));
    h.step();
    h.event(Event::Paste(puzzle.to_string()));
    h.step();
    wait(&mut h);
    assert_eq!(h.state().board().givens().to_line(), puzzle);
    h
}

/// The player writes 1 in r1c2 (empty in `PUZZLE`); returns the board after.
fn play_one_move(h: &mut Harness<'static, App>) -> sudolens::grid::Board {
    h.get_by_label("r1c2: empty").click();
    h.step();
    press(h, Modifiers::NONE, Key::Num1);
    h.state().board().clone()
}

/// Steps until the background work is done (bounded).
fn wait(h: &mut Harness<'static, App>) {
    let start = Instant::now();
    while h.state().busy() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "background work hangs"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
}

fn cell(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

fn press(h: &mut Harness<'static, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.step();
}

#[test]
fn type_digits_notes_undo_redo_reset() {
    let dir = temp_dir("typing");
    let mut h = with_puzzle(&dir, PUZZLE);

    // Click a cell, type a digit.
    h.get_by_label("r1c2: empty").click();
    h.step();
    assert_eq!(h.state().selected(), Some(cell("r1c2")));
    press(&mut h, Modifiers::NONE, Key::Num1);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);
    h.get_by_label("r1c2: 1");

    // Arrows move, a given refuses edits with a message.
    press(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(h.state().selected(), Some(cell("r1c1")));
    press(&mut h, Modifiers::NONE, Key::Num7);
    assert_eq!(h.state().board().value(cell("r1c1")), 4);
    let status = h.state().status().unwrap().clone();
    assert!(
        status.error && status.text.contains("Row 1, column 1 is a given"),
        "{status:?}"
    );

    // Notes: Shift+digit without leaving number mode, then N for notes mode.
    press(&mut h, Modifiers::NONE, Key::ArrowDown);
    press(&mut h, Modifiers::SHIFT, Key::Num2);
    assert!(!h.state().notes_mode());
    press(&mut h, Modifiers::NONE, Key::N);
    assert!(h.state().notes_mode());
    press(&mut h, Modifiers::NONE, Key::Num6);
    h.get_by_label("r2c1: notes 2 6");
    press(&mut h, Modifiers::NONE, Key::N);

    // Undo / redo with the keyboard.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    h.get_by_label("r2c1: notes 2");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);
    press(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(h.state().board().value(cell("r1c2")), 1);

    // Delete erases; the number pad types.
    h.get_by_label("r1c2: 1").click();
    h.step();
    press(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);
    h.get_by_label("6").click();
    h.step();
    assert_eq!(h.state().board().value(cell("r1c2")), 6);

    // Fill notes, then reset to the givens.
    press(&mut h, Modifiers::COMMAND, Key::M);
    assert!(!h.state().board().notes(cell("r1c3")).is_empty());
    press(&mut h, Modifiers::COMMAND, Key::R);
    assert_eq!(h.state().board().grid(), *h.state().board().givens());
    assert!(h.state().board().notes(cell("r1c3")).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_fills_the_grid_and_undo_takes_it_back() {
    let dir = temp_dir("solve");
    let mut h = with_puzzle(&dir, PUZZLE);
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let app = h.state();
    assert!(app.board().is_solved());
    assert_eq!(app.pip_mood(), Mood::Cheering);
    h.get_by_label("Pip (cheering)");
    let solution = sudolens::solver::solve(&Grid::parse(PUZZLE).unwrap()).unwrap();
    assert_eq!(app.board().grid(), solution);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().grid(), Grid::parse(PUZZLE).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_entries_are_explained_and_removed() {
    let dir = temp_dir("wrong");
    let mut h = with_puzzle(&dir, EASY);
    // r1c1: the solution is not 9 there... write a digit that repeats in row 1.
    h.get_by_label("r1c1: empty").click();
    h.step();
    press(&mut h, Modifiers::NONE, Key::Num5);
    // The conflict shows at once, the board accepts the entry.
    assert_eq!(h.state().board().value(cell("r1c1")), 5);
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let app = h.state();
    assert!(!app.board().is_solved(), "an invalid grid is not solved");
    assert_eq!(app.pip_mood(), Mood::Sorry);
    let (p, _) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Invalid);
    let text: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    assert!(
        text.iter()
            .any(|l| l.contains("5 appears twice in row 1 (columns 1 and 2)")),
        "{text:?}"
    );
    assert!(text
        .iter()
        .any(|l| l.contains("do not match its solution: row 1, column 1")));
    // Page to the end and take the offer.
    while h.query_by_label("Remove wrong entries").is_none() {
        h.get_by_label("Next >").click();
        h.run_steps(2);
    }
    h.get_by_label("Remove wrong entries").click();
    h.step();
    assert_eq!(h.state().board().value(cell("r1c1")), 0);
    assert_eq!(h.state().pip_mood(), Mood::Idle);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A digit that breaks no rule in `cell` of `puzzle` yet is not the
/// solution's: a candidate of the cell other than the right one.
fn wrong_candidate(puzzle: &str, cell: Cell) -> u8 {
    let grid = Grid::parse(puzzle).unwrap();
    let solution = sudolens::solver::solve(&grid).unwrap();
    (1..=9u8)
        .find(|&d| d != solution.get(cell) && grid.candidates(cell).contains(d))
        .expect("the cell has two candidates")
}

#[test]
fn check_points_at_a_wrong_entry() {
    let dir = temp_dir("check");
    let mut h = with_puzzle(&dir, EASY);
    let c = cell("r1c1");
    let wrong = wrong_candidate(EASY, c);
    h.get_by_label("r1c1: empty").click();
    h.step();
    h.key_press(digit_key(wrong));
    h.step();
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    assert_eq!(h.state().marks().wrong, vec![c]);
    let line = &h.state().dialogue().current_line().unwrap().text;
    assert!(line.contains("in row 1, column 1 does not match"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_solutions_are_explained() {
    let dir = temp_dir("multi");
    let mut h = with_puzzle(&dir, &format!("123456789{}", ".".repeat(72)));
    press(&mut h, Modifiers::COMMAND, Key::F);
    wait(&mut h);
    let line = &h.state().dialogue().paragraphs().last().unwrap().lines[0].text;
    assert!(line.contains("several solutions"), "{line}");
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
    let _ = std::fs::remove_dir_all(&dir);
}

fn digit_key(d: u8) -> Key {
    [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ][d as usize - 1]
}

/// Types `path` into the path window's text field and presses OK.
fn type_path(h: &mut Harness<'static, App>, path: &Path) {
    let field = h.get_by_role(egui::Role::TextInput);
    field.focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    h.get_by_role(egui::Role::TextInput)
        .type_text(&path.display().to_string());
    h.step();
    h.get_by_label("OK").click();
    h.step();
}

#[test]
fn save_and_open_round_trip_through_the_path_window() {
    let dir = temp_dir("save");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.get_by_label("r1c2: empty").click();
    h.step();
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_give_clear_messages() {
    let dir = temp_dir("bad");
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
        press(&mut h, Modifiers::COMMAND, Key::O);
        type_path(&mut h, path);
        wait(&mut h);
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
    press(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, &many);
    wait(&mut h);
    let status = h.state().status().unwrap().text.clone();
    assert!(
        status.contains("puzzle 1 of 2") && status.contains("line 2"),
        "{status}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn autosave_on_exit_and_restore_on_start() {
    let dir = temp_dir("autosave");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    assert!(h.state_mut().autosave().is_none());
    drop(h);

    let mut h = harness(App::new(config(&dir)));
    h.step();
    assert_eq!(*h.state().board(), board);
    // undo history survives the restart
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().value(cell("r1c2")), 0);

    // A damaged autosave: a clear message, the file kept aside, a new game.
    std::fs::write(dir.join("autosave.json"), "{ not json").unwrap();
    let mut h = harness(App::new(config(&dir)));
    h.step();
    wait(&mut h);
    let status = h.state().status().unwrap().clone();
    assert!(
        status.error && status.text.contains("autosave.json"),
        "{status:?}"
    );
    assert_eq!(damaged_files(&dir).len(), 1);
    assert!(!dir.join("autosave.json").exists());
    assert!(h.state().board().givens().filled_count() >= 17);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pause_hides_the_grid_and_french_switch() {
    let dir = temp_dir("pause");
    let mut h = with_puzzle(&dir, PUZZLE);
    h.get_by_label("r1c1: 4, given");
    press(&mut h, Modifiers::NONE, Key::P);
    assert!(h.state().paused());
    assert!(
        h.query_by_label("r1c1: 4, given").is_none(),
        "digits hidden"
    );
    press(&mut h, Modifiers::NONE, Key::Num1);
    assert_eq!(
        h.state().board().grid(),
        Grid::parse(PUZZLE).unwrap(),
        "no typing while paused"
    );
    press(&mut h, Modifiers::NONE, Key::P);
    h.get_by_label("r1c1: 4, given");

    // Switch to French through the View menu.
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label_contains("Language").hover();
    h.run_steps(3);
    h.get_by_label("Français").click();
    h.step();
    h.step();
    assert_eq!(h.state().lang(), Lang::Fr);
    h.get_by_label("Notes : non");
    h.get_by_label("Partie");
    // The Help window draws in both languages (every glyph exists).
    press(&mut h, Modifiers::NONE, Key::F1);
    h.get_by_label("Comment jouer");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opens Game > New and picks `item` ("New (Hard)", "Puzzle of the day").
fn game_new(h: &mut Harness<'static, App>, item: &str) {
    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label_contains("New").hover();
    h.run_steps(3);
    h.get_by_label(item).click();
    h.step();
}

/// Steps until `done` holds (bounded), for the history thread's reports.
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited too long for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
}

/// Every line Pip has said, in order.
fn pip_said(h: &Harness<'static, App>) -> Vec<String> {
    h.state()
        .dialogue()
        .paragraphs()
        .iter()
        .flat_map(|p| p.lines.iter().map(|l| l.text.clone()))
        .collect()
}

/// With no game to restore, the first puzzle is made at once (Medium);
/// Game > New > Hard makes a puzzle that rates Hard, which Pip introduces
/// with its level and the technique of its hardest point.
#[test]
fn new_hard_starts_a_hard_puzzle() {
    use sudolens::logic::{rate_grid, Level};
    let dir = temp_dir("new");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    wait(&mut h);
    let first = *h.state().board().givens();
    assert_eq!(rate_grid(&first).level, Level::Medium);

    game_new(&mut h, "New (Hard)");
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
    let technique = rating.hardest.unwrap().name();
    assert_eq!(
        welcome[1].text,
        format!(
            "At its hardest point you will need this technique: {technique}. I won't say where!"
        )
    );
    // It is recorded as a game of its own.
    assert_eq!(h.state().game_record().puzzle, givens);
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
    let _ = std::fs::remove_dir_all(&dir);
}

/// A slow level shows Pip at work with Cancel; the window keeps drawing,
/// the game on the board stays playable, and Cancel keeps it.
#[test]
fn a_slow_puzzle_shows_progress_and_can_be_cancelled() {
    let dir = temp_dir("cancel");
    let mut h = with_puzzle(&dir, PUZZLE);
    game_new(&mut h, "New (Extreme)");
    h.run_steps(3); // past the moment easy levels would have come
    assert_eq!(h.state().pip_mood(), Mood::Thinking);
    h.get_by_label_contains("Making a new Extreme puzzle");
    // Still playable meanwhile.
    let board = play_one_move(&mut h);
    assert_ne!(board.grid(), Grid::parse(PUZZLE).unwrap());
    h.get_by_label("Cancel").click();
    h.step();
    wait(&mut h);
    assert_eq!(*h.state().board(), board, "the game goes on");
    assert!(h.state().status().unwrap().text.contains("cancelled"));
    assert!(h.query_by_label_contains("Making a").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hint_pages_line_by_line_and_applies() {
    let dir = temp_dir("hint");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let app = h.state();
    let (p, line) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Step);
    assert_eq!(line, 0, "a step starts with its first line");
    let lines = p.lines.len();
    assert!(lines >= 2, "{p:?}");
    let filled = app.board().grid().filled_count();

    // No Apply before the last line; Next reveals lines one at a time.
    assert!(h.query_by_label("Apply").is_none());
    for i in 1..lines {
        if i == 1 {
            // the keyboard pages too
            press(&mut h, Modifiers::NONE, Key::PageDown);
            assert_eq!(h.state().dialogue().current().unwrap().1, 1);
            press(&mut h, Modifiers::NONE, Key::PageUp);
            press(&mut h, Modifiers::NONE, Key::PageDown);
            continue;
        }
        h.get_by_label("Next >").click();
        h.run_steps(2);
    }
    assert_eq!(h.state().dialogue().current().unwrap().1, lines - 1);
    let marks = h.state().dialogue().highlights().unwrap().clone();
    assert!(!marks.placed.is_empty() || !marks.deleted.is_empty());
    let said = h.state().dialogue().paragraphs().len();
    h.get_by_label("Apply").click();
    h.step();
    wait(&mut h);
    assert!(
        h.state().board().grid().filled_count() > filled,
        "the step (a single) was played"
    );
    assert_eq!(
        h.state().dialogue().paragraphs().len(),
        said,
        "Apply stops there: no next hint"
    );
    assert_eq!(h.state().session().hints[0].depth(), HintDepth::Played);
    // Undo takes the step back as one move.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().grid().filled_count(), filled);

    // Step by step: each Ctrl+P plays the shown step and explains the next.
    press(&mut h, Modifiers::COMMAND, Key::P);
    wait(&mut h);
    for _ in 0..5 {
        press(&mut h, Modifiers::COMMAND, Key::P);
        wait(&mut h);
        wait(&mut h);
    }
    assert!(h.state().board().grid().filled_count() > filled);
    assert!(h
        .state()
        .board()
        .grid()
        .agrees_with(&sudolens::solver::solve(&Grid::parse(EASY).unwrap()).unwrap()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hint_points_at_a_wrong_entry_first() {
    let dir = temp_dir("hintwrong");
    let mut h = with_puzzle(&dir, EASY);
    let c = cell("r1c1");
    let wrong = wrong_candidate(EASY, c);
    h.get_by_label("r1c1: empty").click();
    h.step();
    h.key_press(digit_key(wrong));
    h.step();
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
    let line = h.state().dialogue().current_line().unwrap().text.clone();
    assert!(line.contains("Look at row 1, column 1."), "{line}");
    assert!(h
        .state()
        .dialogue()
        .highlights()
        .unwrap()
        .wrong
        .contains(&c));
    while h.query_by_label("Apply").is_none() {
        h.get_by_label("Next >").click();
        h.run_steps(2);
    }
    h.get_by_label("Apply").click();
    h.step();
    wait(&mut h);
    assert_eq!(
        h.state().board().value(c),
        0,
        "Apply erased the wrong entry"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opens the correction screen on a white `size` photo whose grid outline
/// sits `inset` pixels inside its edges, with these readings.
fn open_photo_screen(
    h: &mut Harness<'static, App>,
    readings: [sudolens::app::import_view::ReadCell; 81],
    size: [usize; 2],
    inset: f32,
) {
    let image = egui::ColorImage::filled(size, egui::Color32::WHITE);
    let photo = h.ctx.load_texture("photo", image, Default::default());
    let (w, ht) = (size[0] as f32, size[1] as f32);
    h.state_mut()
        .open_import(sudolens::app::import_view::ImportState {
            photo,
            size: egui::vec2(w, ht),
            corners: [
                egui::pos2(inset, inset),
                egui::pos2(w - inset, inset),
                egui::pos2(w - inset, ht - inset),
                egui::pos2(inset, ht - inset),
            ],
            readings,
            selected: None,
            busy: false,
            name: "photo.jpg".into(),
        });
}

/// The import screen on a synthetic photo (recognition itself is the photo
/// import's job; here the readings start empty and the player types them).
#[test]
fn import_screen_corners_fixes_and_validation() {
    use sudolens::app::import_view::ReadCell;
    let dir = temp_dir("import");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    let mut readings: [ReadCell; 81] = std::array::from_fn(|_| ReadCell::default());
    readings[0] = ReadCell {
        digit: 7,
        entry: false,
        uncertain: true,
        choices: vec![1, 7, 0],
        ..ReadCell::default()
    };
    open_photo_screen(&mut h, readings, [200, 150], 10.0);
    h.run_steps(2);
    h.get_by_label("photo r1c1: 7, printed, uncertain");

    // Drag the top-left corner.
    let handle = h.get_by_label("corner top-left").rect().center();
    h.drag_at(handle);
    h.step();
    h.hover_at(handle + egui::vec2(20.0, 10.0));
    h.step();
    h.drop_at(handle + egui::vec2(20.0, 10.0));
    h.step();
    let moved = h.state().import().unwrap().corners[0];
    assert!(moved.x > 10.5 && moved.y > 10.5, "{moved:?}");

    // Clicking the uncertain cell shows its crop from the photo, enlarged,
    // with Pip's question and the likely digits, the solution's first.
    assert!(h.query_by_label("photo of r1c1, enlarged").is_none());
    h.get_by_label("photo r1c1: 7, printed, uncertain").click();
    h.step();
    h.get_by_label("photo of r1c1, enlarged");
    h.get_by_label("I read a printed 7 here: is it what the paper shows?");
    h.get_by_label("1").click();
    h.run_steps(2);
    h.get_by_label("photo r1c1: 1, printed");
    // Fix the cell, then type the rest of a puzzle's givens.
    press(&mut h, Modifiers::NONE, Key::Delete);
    h.get_by_label("photo r1c1: empty");

    // An almost empty grid has many solutions: Pip says so, the screen stays.
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert!(h.state().import().is_some());
    assert_eq!(h.state().pip_mood(), Mood::Sorry);

    let puzzle = Grid::parse(PUZZLE).unwrap();
    for c in Cell::ALL {
        let d = puzzle.get(c);
        if d != 0 {
            h.get_by_label(&format!("photo {c}: empty")).click();
            h.step();
            press(&mut h, Modifiers::NONE, digit_key(d));
        }
    }
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(*h.state().board().givens(), puzzle);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn periodic_autosave_while_playing() {
    let dir = temp_dir("periodic");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    // the harness clock moves 0.25 s per step
    let steps = (sudolens::app::AUTOSAVE_SECONDS / 0.25) as usize + 4;
    h.run_steps(steps);
    let path = dir.join("autosave.json");
    let start = Instant::now();
    while !path.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert_eq!(SavedGame::read(&path).unwrap().board, board);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file dropped on the window, as the windowing layer hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_puzzle_file_opens_it() {
    let dir = temp_dir("drop");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    let file = dir.join("dropped.txt");
    std::fs::write(&file, format!("# a puzzle\n{EASY}\n")).unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file)));
    h.step();
    wait(&mut h);
    assert_eq!(h.state().board().givens().to_line(), EASY);
    assert!(h.state().status().unwrap().text.contains("dropped.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An entry read from a photo that does not fit the solution is asked
/// about, by Hint and by Check, never crossed out as the player's mistake;
/// once the player types over it, it is theirs and is pointed at.
#[test]
fn a_misread_entry_is_a_question_not_a_mistake() {
    use sudolens::app::import_view::ReadCell;
    let dir = temp_dir("misread");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    let puzzle = Grid::parse(EASY).unwrap();
    let c = Cell::ALL.into_iter().find(|&c| puzzle.get(c) == 0).unwrap();
    let misread = wrong_candidate(EASY, c);
    let readings: [ReadCell; 81] = std::array::from_fn(|i| {
        let given = puzzle.get(Cell::ALL[i]);
        ReadCell {
            digit: if Cell::ALL[i] == c { misread } else { given },
            entry: Cell::ALL[i] == c,
            ..ReadCell::default()
        }
    });
    open_photo_screen(&mut h, readings, [90, 90], 0.0);
    h.run_steps(2);
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(h.state().board().value(c), misread);

    for (modifiers, key) in [(Modifiers::NONE, Key::H), (Modifiers::COMMAND, Key::K)] {
        press(&mut h, modifiers, key);
        wait(&mut h);
        let (p, _) = h.state().dialogue().current().unwrap();
        let text: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        let read = format!(
            "From your photo I read a {misread} in {}",
            cell_name(c, Lang::En)
        );
        assert!(text[0].starts_with(&read), "{text:?}");
        assert!(text.iter().any(|t| t.contains("Is it what you wrote?")));
        assert!(!text
            .iter()
            .any(|t| t.contains("not right") || t.contains("mistake")));
        assert!(h.state().marks().wrong.is_empty(), "not crossed out");
        assert_ne!(h.state().pip_mood(), Mood::Sorry);
    }

    // Typed by the player: now it is theirs, and Check says so.
    h.get_by_label(&format!("{c}: {misread}")).click();
    h.step();
    press(&mut h, Modifiers::NONE, Key::Delete);
    h.step();
    h.key_press(digit_key(misread));
    h.step();
    assert_eq!(
        h.state().board().value(c),
        misread,
        "{:?}",
        h.state().status()
    );
    press(&mut h, Modifiers::COMMAND, Key::K);
    wait(&mut h);
    let line = &h.state().dialogue().current_line().unwrap().text;
    assert!(line.contains("does not match the solution"), "{line}");
    assert_eq!(h.state().marks().wrong, vec![c]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A photo with no grid in it: Pip says so in plain words, and no grid,
/// no correction screen, appears.
#[test]
fn a_photo_without_a_grid_gets_pips_plain_words() {
    let dir = temp_dir("nogrid");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    // a blank page: paper, no lines
    let page = image::GrayImage::from_pixel(400, 300, image::Luma([235u8]));
    let path = dir.join("page.png");
    page.save(&path).unwrap();
    press(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, &path);
    wait(&mut h);
    assert!(h.state().import().is_none());
    let said = &h.state().dialogue().current_line().unwrap().text;
    assert!(said.starts_with("I couldn't find a Sudoku grid"), "{said}");
    assert_eq!(h.state().pip_mood(), Mood::Sorry);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A real photo end to end: opened, read by the importer, shown on the
/// correction screen, accepted as the new game.
#[test]
fn a_photo_opens_the_correction_screen_and_becomes_the_game() {
    let dir = temp_dir("photo");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(samples.join("printed_serif.json")).unwrap())
            .unwrap();
    let givens = Grid::parse(truth["givens"].as_str().unwrap()).unwrap();

    press(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, &samples.join("printed_serif.jpg"));
    wait(&mut h);
    let screen = h.state().import().expect("the correction screen is open");
    assert_eq!(screen.givens(), givens, "{:?}", h.state().status());
    // Pip says what it found while the screen shows the photo
    let said = h.state().dialogue().current().unwrap().0.lines[0]
        .text
        .clone();
    let found = format!("I found {} printed digits", givens.filled_count());
    assert!(said.starts_with(&found), "{said}");
    let paragraphs = h.state().dialogue().paragraphs();
    let before = &paragraphs[paragraphs.len() - 2].lines[0].text;
    assert!(before.starts_with("Let me read your photo"), "{before}");
    h.run_steps(2);
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(*h.state().board().givens(), givens);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Game → Use your phone: the panel shows the page's address as a QR code,
/// a photo uploaded to its server over real HTTP opens the correction screen
/// as a dropped photo does, and closing the panel stops the server.
#[test]
fn a_photo_from_the_phone_opens_the_correction_screen() {
    let dir = temp_dir("phone");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label("Use your phone…").click();
    h.run_steps(3);
    let url = h
        .state()
        .phone_url()
        .expect("the panel is open")
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.contains("/?t="),
        "{url}"
    );
    h.get_by_label(&format!("QR code of the page: {url}"));
    h.get_by_label_contains("Scan this code with your phone");

    let site = http::Site::from_url(&url);
    assert_eq!(site.get("/api/info").json()["window"], true);
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let photo = std::fs::read(samples.join("printed_serif.jpg")).unwrap();
    let r = site.post(
        "/api/window/photo?name=IMG_0042.jpg&lang=en",
        "image/jpeg",
        &photo,
    );
    assert_eq!(r.status, 202, "{}", r.text());
    let start = Instant::now();
    while h.state().import().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the photo never opened: {:?}",
            h.state().status()
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
        wait(&mut h);
    }
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(samples.join("printed_serif.json")).unwrap())
            .unwrap();
    let screen = h.state().import().unwrap();
    assert_eq!(screen.name, "IMG_0042.jpg");
    assert_eq!(screen.givens().to_line(), truth["givens"].as_str().unwrap());

    // Closing the panel stops the server.
    h.get_by_label("Close (stops the server)").click();
    h.run_steps(2);
    assert!(h.state().phone_url().is_none());
    let start = Instant::now();
    while std::net::TcpStream::connect(site.addr).is_ok() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server still listens"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
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
fn request_close(h: &mut Harness<'static, App>) {
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
    let root = temp_dir("fresh");
    let dir = root.join("home/.local/share/sudolens");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    request_close(&mut h);
    assert!(h.state().safe_to_close(), "{:?}", h.state().status());
    assert!(h.state().exit_question().is_none());
    let saved = SavedGame::read(&dir.join("autosave.json")).unwrap();
    assert_eq!(saved.board, board);
    let _ = std::fs::remove_dir_all(&root);
}

/// When the game cannot be saved on close, the window stays open and asks:
/// Save as puts it elsewhere and then closes; nothing is lost silently.
#[test]
fn a_failed_save_on_close_keeps_the_window_open_and_offers_save_as() {
    let root = temp_dir("unsaveable");
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
    h.get_by_label("Keep playing").click();
    h.step();
    assert!(h.state().exit_question().is_none());
    assert!(!h.state().safe_to_close());

    request_close(&mut h);
    h.run_steps(2);
    h.get_by_label("Save as…").click();
    h.step();
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
    h.get_by_label("Close without saving").click();
    h.step();
    assert!(h.state().safe_to_close());
    assert!(h.state().exit_unsaved_reason().is_some());
    let _ = std::fs::remove_dir_all(&root);
}

/// Each damaged autosave is kept under its own name: a second one does not
/// replace the first.
#[test]
fn every_damaged_autosave_is_kept() {
    let dir = temp_dir("damaged-twice");
    for text in ["{ first", "{ second"] {
        std::fs::write(dir.join("autosave.json"), text).unwrap();
        let mut h = harness(App::new(config(&dir)));
        h.step();
        assert!(h.state().status().unwrap().error);
    }
    let mut kept: Vec<String> = damaged_files(&dir)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    kept.sort();
    assert_eq!(kept, ["{ first", "{ second"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pasted puzzle is welcomed with its size and rated level, not as
/// "Pasted puzzle".
#[test]
fn a_pasted_puzzle_is_welcomed_with_its_level() {
    let dir = temp_dir("pasted");
    let h = with_puzzle(&dir, EASY);
    let last = h.state().dialogue().paragraphs().last().unwrap().clone();
    let text = &last.lines[0].text;
    assert!(
        text.contains("the puzzle you pasted has 30 givens and rates Easy"),
        "{text}"
    );
    assert!(!text.contains("Pasted puzzle"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The language picked in the menu and the notes mode are what the next
/// session remembers; the system language is not pinned.
#[test]
fn chosen_language_and_notes_mode_are_remembered() {
    let dir = temp_dir("settings");
    let mut h = with_puzzle(&dir, PUZZLE);
    assert_eq!(h.state().settings().lang, None);
    press(&mut h, Modifiers::NONE, Key::N);
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label_contains("Language").hover();
    h.run_steps(3);
    h.get_by_label("Français").click();
    h.step();
    let s = h.state().settings();
    assert_eq!(s.lang, Some(Lang::Fr));
    assert!(s.notes_mode);
    let mut again = config(&dir);
    again.notes_mode = s.notes_mode;
    let h = harness(App::new(again));
    assert!(h.state().notes_mode());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `jpeg` with an EXIF APP1 segment saying its pixels must be turned by
/// `orientation` (6: 90° clockwise, as phones store portrait photos).
fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0*\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one IFD entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes());
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // padding, no next IFD
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec(); // SOI
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A portrait phone photo, stored sideways with an EXIF orientation, is
/// shown upright on the correction screen, its outline turned with it;
/// the reading is the same.
#[test]
fn a_sideways_stored_photo_is_previewed_upright() {
    let dir = temp_dir("exif");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let jpeg = std::fs::read(samples.join("printed_serif.jpg")).unwrap();
    let (w, h) = image::load_from_memory(&jpeg)
        .unwrap()
        .into_luma8()
        .dimensions();
    let path = dir.join("portrait.jpg");
    std::fs::write(&path, with_exif_orientation(&jpeg, 6)).unwrap();
    let mut h_ = harness(App::new(config(&dir)));
    h_.step();
    h_.state_mut().open_path(&path, &egui::Context::default());
    wait(&mut h_);
    let screen = h_.state().import().expect("the correction screen is open");
    assert_eq!(
        (screen.size.x, screen.size.y),
        (h as f32, w as f32),
        "turned upright"
    );
    for c in screen.corners {
        assert!((0.0..=h as f32).contains(&c.x) && (0.0..=w as f32).contains(&c.y));
    }
    // The top-left corner of the grid, turned 90° clockwise, is now on the right.
    assert!(
        screen.corners[0].x > screen.size.x / 2.0,
        "{:?}",
        screen.corners
    );
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(samples.join("printed_serif.json")).unwrap())
            .unwrap();
    assert_eq!(screen.givens().to_line(), truth["givens"].as_str().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Photos are told by their content: a GIF is named as such, with the
/// formats that work, whatever its file name says.
#[test]
fn a_gif_is_named_with_the_formats_that_work() {
    let dir = temp_dir("gif");
    let path = dir.join("grid.txt");
    // A 1x1 GIF89a.
    let gif = b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;";
    std::fs::write(&path, gif).unwrap();
    let mut h = harness(App::new(config(&dir)));
    h.step();
    h.state_mut().open_path(&path, &egui::Context::default());
    wait(&mut h);
    let status = h.state().status().unwrap().clone();
    assert!(status.error, "{status:?}");
    assert!(
        status.text.contains("GIF") && status.text.contains("JPEG, PNG, WebP or BMP"),
        "{status:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- issue 16: Pip teaches -----

/// Pages the dialogue to the last line of the current paragraph with Next.
fn page_to_end(h: &mut Harness<'static, App>) {
    loop {
        let (p, line) = h.state().dialogue().current().unwrap();
        if line + 1 == p.lines.len() {
            return;
        }
        h.get_by_label("Next >").click();
        h.run_steps(2);
    }
}

/// Next past a step's last line plays the step and goes on to the next
/// step's nudge; Previous still goes back through the lines read, and Undo
/// takes the step back.
#[test]
fn next_past_a_steps_last_line_applies_it_and_shows_the_next_nudge() {
    let dir = temp_dir("flow");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let first = h.state().dialogue().paragraphs().len() - 1;
    let step_lines = h.state().dialogue().paragraphs()[first].lines.len();
    let placed = h.state().dialogue().paragraphs()[first]
        .step
        .as_ref()
        .unwrap()
        .placements[0];
    page_to_end(&mut h);
    let before = h.state().board().clone();
    h.get_by_label("Next >").click();
    h.step();
    wait(&mut h);
    wait(&mut h);
    let app = h.state();
    assert_eq!(
        app.board().value(placed.cell),
        placed.digit,
        "the step was played"
    );
    let (p, line) = app.dialogue().current().unwrap();
    assert_eq!(p.kind, ParagraphKind::Step, "{p:?}");
    assert_eq!(line, 0, "on the next step's nudge");
    assert!(
        p.lines[0].text.starts_with("Have a look at"),
        "{:?}",
        p.lines[0]
    );
    assert_eq!(app.dialogue().paragraphs().len(), first + 2);
    assert_eq!(app.session().hints.len(), 2);
    assert_eq!(app.session().hints[0].depth(), HintDepth::Played);
    assert_eq!(app.session().hints[1].depth(), HintDepth::Nudge);
    // Previous goes back to the last line of the step just played.
    h.get_by_label("< Previous").click();
    h.step();
    assert_eq!(
        h.state().dialogue().current().unwrap().1,
        step_lines - 1,
        "back on the played step's last line"
    );
    // The keyboard too: Page Down goes on to the nudge again.
    press(&mut h, Modifiers::NONE, Key::PageDown);
    assert_eq!(h.state().dialogue().current().unwrap().1, 0);
    // Undo takes the played step back.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().board().givens(), *before.givens());
    assert_eq!(h.state().board().grid(), before.grid());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first hint of an easy puzzle is a single: Pip explains it and plays
/// it without filling a single pencil mark.
#[test]
fn a_hidden_single_hint_fills_no_notes() {
    let dir = temp_dir("nonotes");
    let mut h = with_puzzle(&dir, EASY);
    let no_notes = |h: &Harness<'static, App>| {
        Cell::ALL
            .iter()
            .all(|&c| h.state().board().notes(c).is_empty())
    };
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let (p, _) = h.state().dialogue().current().unwrap();
    let technique = p.step.as_ref().unwrap().technique;
    assert_eq!(technique, sudolens::logic::Technique::HiddenSingle, "{p:?}");
    assert!(no_notes(&h), "a hidden single needs no notes");
    assert!(!h
        .state()
        .dialogue()
        .paragraphs()
        .iter()
        .any(|p| p.kind == ParagraphKind::Notes));
    page_to_end(&mut h);
    h.get_by_label("Apply").click();
    h.step();
    wait(&mut h);
    assert!(no_notes(&h), "playing it writes none either");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fill notes (Ctrl+M) keeps the player's own notes: a sound elimination
/// stays, a digit ruled out by a given goes, and an elimination of the
/// cell's own answer is put back, which Pip says.
#[test]
fn player_notes_survive_fill_notes() {
    let dir = temp_dir("keepnotes");
    let mut h = with_puzzle(&dir, PUZZLE);
    let grid = Grid::parse(PUZZLE).unwrap();
    let solution = sudolens::solver::solve(&grid).unwrap();
    // r1c2: the player notes two candidates, the answer and one more.
    let c = cell("r1c2");
    let answer = solution.get(c);
    let other = wrong_candidate(PUZZLE, c);
    h.get_by_label("r1c2: empty").click();
    h.step();
    press(&mut h, Modifiers::SHIFT, digit_key(answer));
    press(&mut h, Modifiers::SHIFT, digit_key(other));
    // r2c1: every candidate but the answer (an unsound elimination).
    let d = cell("r2c1");
    h.get_by_label("r2c1: empty").click();
    h.step();
    for digit in grid.candidates(d).iter().filter(|&x| x != solution.get(d)) {
        press(&mut h, Modifiers::SHIFT, digit_key(digit));
    }
    press(&mut h, Modifiers::COMMAND, Key::M);
    let board = h.state().board();
    let mut mine = sudolens::grid::Candidates::NONE;
    mine.insert(answer);
    mine.insert(other);
    assert_eq!(board.notes(c), mine, "the player's notes survive");
    assert_eq!(board.notes(d), grid.candidates(d), "the answer is back");
    let e = cell("r9c9");
    assert_eq!(board.notes(e), grid.candidates(e), "empty cells are filled");
    let said = h.state().dialogue().current().unwrap().0.lines[1]
        .text
        .clone();
    assert!(
        said.starts_with(&format!(
            "I put back {} in row 2, column 1",
            solution.get(d)
        )),
        "{said}"
    );
    // One undoable move.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().board().notes(e).len(), 0);
    assert_eq!(h.state().board().notes(c), mine);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Before the first step that needs candidates, Pip asks; yes fills them
/// (keeping the player's), no explains the step without them.
#[test]
fn pip_asks_before_filling_pencil_marks() {
    for yes in [true, false] {
        let dir = temp_dir(&format!("askmarks-{yes}"));
        let mut h = with_puzzle(&dir, NEEDS_MARKS);
        press(&mut h, Modifiers::NONE, Key::H);
        wait(&mut h);
        let (p, _) = h.state().dialogue().current().unwrap();
        assert_eq!(p.kind, ParagraphKind::Notes, "{p:?}");
        assert!(p.lines[0]
            .text
            .starts_with("From here we need pencil marks"));
        assert!(Cell::ALL
            .iter()
            .all(|&c| h.state().board().notes(c).is_empty()));
        page_to_end(&mut h);
        if yes {
            // Next is the yes
            h.get_by_label("Next >").click();
        } else {
            h.get_by_label("No, I'll do without").click();
        }
        h.step();
        wait(&mut h);
        let app = h.state();
        let (p, line) = app.dialogue().current().unwrap();
        assert_eq!((p.kind, line), (ParagraphKind::Step, 0), "{p:?}");
        let t = p.step.as_ref().unwrap().technique;
        assert!(t > sudolens::logic::Technique::NakedSingle, "{t}");
        let filled = Cell::ALL
            .iter()
            .filter(|&&c| app.board().value(c) == 0)
            .all(|&c| !app.board().notes(c).is_empty());
        assert_eq!(filled, yes);
        // Said no: Pip does not ask again in this game.
        if !yes {
            page_to_end(&mut h);
            h.get_by_label("Next >").click();
            h.step();
            wait(&mut h);
            wait(&mut h);
            let (p, _) = h.state().dialogue().current().unwrap();
            assert_eq!(p.kind, ParagraphKind::Step);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Plain names are the default ("row 6, column 2"); View > Cell names >
/// Compact says the dialogue again as "r6c2", and is remembered.
#[test]
fn the_plain_notation_shows_row_and_column() {
    let dir = temp_dir("notation");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    let step = h
        .state()
        .dialogue()
        .current()
        .unwrap()
        .0
        .step
        .clone()
        .unwrap();
    let p = step.placements[0];
    let plain = format!("row {}, column {}", p.cell.row() + 1, p.cell.col() + 1);
    page_to_end(&mut h);
    let said = |h: &Harness<'static, App>| {
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
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label_contains("Cell names").hover();
    h.run_steps(3);
    h.get_by_label("Compact: r6c2").click();
    h.step();
    assert_eq!(h.state().notation(), Notation::Compact);
    let text = said(&h);
    assert!(
        text.contains(&p.cell.to_string()) && !text.contains(&plain),
        "{text}"
    );
    assert_eq!(h.state().settings().notation, Notation::Compact);
    let _ = std::fs::remove_dir_all(&dir);
}

/// "What is a Hidden Single?" in the dialogue opens the guide at that
/// technique; its example is explained, and Try one plays a fresh puzzle
/// whose next step is one.
#[test]
fn the_guide_opens_from_a_hint() {
    let dir = temp_dir("guide");
    let mut h = with_puzzle(&dir, EASY);
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    assert!(
        h.query_by_label("What is a Hidden Single?").is_none(),
        "the nudge does not name the technique"
    );
    press(&mut h, Modifiers::NONE, Key::PageDown);
    h.get_by_label("What is a Hidden Single?").click();
    h.step();
    use sudolens::logic::Technique;
    assert_eq!(h.state().guide_technique(), Some(Technique::HiddenSingle));
    let start = Instant::now();
    while !h.state().guide_example_ready() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the example hangs"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run_steps(2);
    assert!(
        h.query_all_by_label("Singles").count() >= 1,
        "the Singles page"
    );
    h.get_by_label("Try one").click();
    h.step();
    wait(&mut h);
    assert_eq!(h.state().guide_technique(), None, "the guide closed");
    let said = h.state().dialogue().current().unwrap().0.lines[0]
        .text
        .clone();
    assert!(said.contains("practise Hidden Single"), "{said}");
    let next = sudolens::logic::next_step(h.state().board()).unwrap();
    assert_eq!(next.technique, Technique::HiddenSingle);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Help > Techniques opens the guide at its first page; it speaks French
/// as soon as the language changes.
#[test]
fn the_guide_opens_from_the_help_menu_in_both_languages() {
    let dir = temp_dir("guidemenu");
    let mut h = with_puzzle(&dir, EASY);
    h.get_by_label("Help").click();
    h.run_steps(3);
    h.get_by_label("Techniques").click();
    h.run_steps(3);
    assert_eq!(
        h.state().guide_technique(),
        Some(sudolens::logic::Technique::FullHouse)
    );
    assert!(h.query_all_by_label("Singles").count() >= 1);
    h.get_by_label_contains("Every row, column and box holds each digit");
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label_contains("Language").hover();
    h.run_steps(3);
    h.get_by_label("Français").click();
    h.run_steps(3);
    assert!(h.query_all_by_label("Singletons").count() >= 1);
    h.get_by_label_contains("Chaque ligne, colonne et bloc contient chaque chiffre");
    h.get_by_label("Essayer");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With the hint budget on, a hint stops at its nudge until the player asks
/// for more help; how deep each hint went is counted in the session.
#[test]
fn the_hint_budget_stops_at_the_nudge() {
    let dir = temp_dir("budget");
    let mut h = with_puzzle(&dir, EASY);
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label("Hints: stop at the nudge").click();
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
    assert_eq!(h.state().session().hints[0].depth(), HintDepth::Nudge);
    h.get_by_label("More help >").click();
    h.run_steps(2);
    assert_eq!(h.state().dialogue().current().unwrap().1, 1);
    assert_eq!(h.state().session().hints[0].depth(), HintDepth::Technique);
    h.get_by_label("Next >");
    assert!(h.state().settings().hint_budget);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Steps until Pip's side of a duel (its grid dealt, its move thought out
/// and landed) is done (bounded).
fn wait_duel(h: &mut Harness<'static, App>) {
    let start = Instant::now();
    while h.state().duel_busy() || h.state().busy() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "Pip's side of the duel hangs"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
}

/// A complete grid with four holes in different rows, columns and boxes:
/// one completion, a short duel for Pip.
const DUEL_GRID: &str =
    ".72451869691827354458936.715437689127895.2436126394587215689743937145628864273.95";

/// Opens Game → Duel with Pip: the duel's setup window.
fn open_duel_setup(h: &mut Harness<'static, App>) {
    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label("Duel with Pip…").click();
    h.run_steps(2);
}

/// Opens Game → Duel with Pip, picks `strength` and `answering` (labels),
/// pastes [`DUEL_GRID`] as the player's grid and starts.
fn start_duel(h: &mut Harness<'static, App>, strength: &str, answering: &str) {
    open_duel_setup(h);
    // One frame after each click: a choice can move what is below it.
    for label in [strength, answering, "Type or paste it"] {
        h.get_by_label(label).click();
        h.run_steps(2);
    }
    h.event(Event::Paste(DUEL_GRID.to_string()));
    h.run_steps(2);
    h.get_by_label("Start the duel").click();
    h.step();
    wait_duel(h);
    assert!(h.state().duel().is_some(), "the duel started");
}

/// Types Pip's secret value into the selected hole until the duel ends
/// (the selection moves on to the next hole by itself).
fn play_right_values_to_the_end(h: &mut Harness<'static, App>, pip_secret: &Grid) {
    let mut moves = 0;
    while !h.state().duel().unwrap().is_over() {
        moves += 1;
        assert!(moves < 200, "the duel does not end");
        let cell = h.state().duel_screen().unwrap().selected.unwrap();
        press(h, Modifiers::NONE, digit_key(pip_secret.get(cell)));
        wait_duel(h);
    }
}

#[test]
fn a_short_duel_is_played_to_the_end_in_the_window() {
    use sudolens::duel::{Ending, Side};
    let dir = temp_dir("duel");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    start_duel(&mut h, "Beginner", "sudolens, from your secret grid");
    let duel = h.state().duel().unwrap().clone();
    assert_eq!(duel.camp(Side::Pip).holes_left(), 4);
    let pip_secret = duel.camp(Side::Pip).secret.unwrap();

    // Hints would play for the player: refused in a duel.
    press(&mut h, Modifiers::NONE, Key::H);
    assert!(h.state().status().unwrap().text.contains("duel"));

    // A wrong value first (legal, but not Pip's), then a joker: a point each.
    let cell = h.state().duel_screen().unwrap().selected.unwrap();
    let possible = duel.camp(Side::Player).possible(cell);
    let wrong = possible.iter().find(|&d| d != pip_secret.get(cell));
    if let Some(d) = wrong {
        press(&mut h, Modifiers::NONE, digit_key(d));
        wait_duel(&mut h);
        assert_eq!(h.state().duel().unwrap().camp(Side::Player).tally.wrong, 1);
    }
    press(&mut h, Modifiers::NONE, Key::J);
    wait_duel(&mut h);
    assert_eq!(h.state().duel().unwrap().camp(Side::Player).tally.jokers, 1);
    // Pip explains its own moves in the dialogue.
    let said: Vec<String> = h
        .state()
        .dialogue()
        .paragraphs()
        .iter()
        .flat_map(|p| p.lines.iter().map(|l| l.text.clone()))
        .collect();
    assert!(said.iter().any(|l| l.starts_with("I put ")), "{said:?}");

    // Then right values: the selection moves on to the next hole by itself.
    play_right_values_to_the_end(&mut h, &pip_secret);
    let outcome = h.state().duel().unwrap().outcome().unwrap().clone();
    assert_eq!(outcome.ending, Ending::Completed);
    assert!(outcome.player.penalties() >= 1);
    assert_eq!(outcome.pip.penalties(), 0, "four forced holes for Pip");
    assert_eq!(outcome.winner, Some(Side::Pip));
    h.get_by_label("Pip wins");
    let (last, _) = h.state().dialogue().current().unwrap();
    assert!(
        last.lines.last().unwrap().text.starts_with("I win"),
        "{last:?}"
    );

    // The replay pages Pip's moves, its grid rewound to each.
    h.get_by_label("Replay Pip's reasoning").click();
    h.run_steps(2);
    let line = h.state().dialogue().current_line().unwrap().text.clone();
    assert_eq!(line, "My move 1 of 4:");
    h.get_by_label_contains("Replay: Pip's grid before its move 1 of 4");
    press(&mut h, Modifiers::NONE, Key::PageDown);
    assert!(h
        .state()
        .dialogue()
        .current_line()
        .unwrap()
        .text
        .starts_with("I put "));
    // The finished duel was saved beside the game.
    let saved = sudolens::duel::Duel::read(&dir.join("duel.json")).unwrap();
    assert_eq!(saved.outcome(), Some(&outcome));
    h.get_by_label("Back to my puzzle").click();
    h.step();
    assert!(h.state().duel().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_duel_answered_by_hand_ends_when_pip_catches_a_lie() {
    use sudolens::duel::{Cheat, Ending, Side};
    let dir = temp_dir("duel-lie");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    start_duel(&mut h, "Club player", "You, by hand (Pip checks for lies)");
    let pip_secret = h.state().duel().unwrap().camp(Side::Pip).secret.unwrap();
    let cell = h.state().duel_screen().unwrap().selected.unwrap();
    press(&mut h, Modifiers::NONE, digit_key(pip_secret.get(cell)));
    wait_duel(&mut h);
    // Pip's first move is forced (one value fits each hole); it asks.
    assert!(h.state().duel().unwrap().question().is_some());
    h.get_by_label_contains("Answer right or wrong");
    h.get_by_label("Wrong (N)").click();
    h.step();
    wait_duel(&mut h);
    let outcome = h.state().duel().unwrap().outcome().unwrap().clone();
    assert!(matches!(
        outcome.ending,
        Ending::Cheating {
            cheat: Cheat::ForcedDenied { .. }
        }
    ));
    h.get_by_label("Pip wins: cheating detected");
    let said: Vec<String> = h
        .state()
        .dialogue()
        .current()
        .unwrap()
        .0
        .lines
        .iter()
        .map(|l| l.text.clone())
        .collect();
    assert!(said[0].starts_with("You said "), "{said:?}");
    assert!(said.iter().any(|l| l.contains("cheating")), "{said:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The player's grid for Pip read from a photo of a solved grid: the setup
/// asks for a photo, the correction screen shows what was read, and "Use
/// this grid" hands it to the setup, whose holes are then chosen by count.
#[test]
fn a_photographed_solution_becomes_the_players_grid_for_pip() {
    use sudolens::app::import_view::ReadCell;
    use sudolens::duel::Side;
    let dir = temp_dir("duel-photo");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    open_duel_setup(&mut h);
    h.get_by_label("From a photo of a solved grid").click();
    h.run_steps(2);
    h.get_by_label("Choose a photo…").click();
    h.run_steps(2);
    assert!(h.state_mut().duel_setup().unwrap().awaiting_photo);
    // The photo as the importer read it: every cell a printed digit.
    let solution = sudolens::solver::solve(&Grid::parse(DUEL_GRID).unwrap()).unwrap();
    let readings: [ReadCell; 81] = std::array::from_fn(|i| ReadCell {
        digit: solution.get(Cell::ALL[i]),
        ..ReadCell::default()
    });
    open_photo_screen(&mut h, readings, [90, 90], 0.0);
    h.run_steps(2);
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    let setup = h.state_mut().duel_setup().expect("the setup is still open");
    assert_eq!(setup.photo_grid, Some(solution));
    assert!(!setup.awaiting_photo);
    h.get_by_label("Grid read from the photo.");
    // Holes by count: twenty, in the photographed grid.
    h.get_by_label("As many holes as in Pip's grid for me")
        .click();
    h.run_steps(2);
    h.state_mut().duel_setup().unwrap().count = 20;
    h.run_steps(2);
    h.get_by_label_contains("20 holes");
    h.get_by_label("Start the duel").click();
    h.step();
    wait_duel(&mut h);
    let duel = h.state().duel().expect("the duel started");
    assert_eq!(duel.camp(Side::Player).secret, Some(solution));
    let handed = duel.handed_to(Side::Pip);
    assert_eq!(81 - handed.filled_count(), 20);
    assert!(handed.agrees_with(&solution));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The holes of the player's grid for Pip chosen by clicking: a click on a
/// digit of the preview makes a hole there, a click on a hole fills it again,
/// and the duel starts with exactly those holes.
#[test]
fn holes_chosen_by_clicking_are_the_holes_pip_gets() {
    use sudolens::app::duel::setup::Chosen;
    use sudolens::duel::Side;
    let dir = temp_dir("duel-click");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    open_duel_setup(&mut h);
    h.get_by_label("By clicking").click();
    h.run_steps(2);
    let chosen = |h: &mut Harness<'static, App>| {
        let Ok(Chosen {
            secret: Some(secret),
            handed: Some(handed),
        }) = h.state_mut().duel_setup().unwrap().chosen(Lang::En.into())
        else {
            panic!("a made grid with its holes")
        };
        (secret, handed)
    };
    let (secret, before) = chosen(&mut h);
    // Cells whose label the game's board behind the setup does not share.
    let main = h.state().board().clone();
    let digit = Cell::ALL
        .into_iter()
        .find(|&c| before.get(c) != 0 && main.value(c) != before.get(c))
        .unwrap();
    let hole = Cell::ALL
        .into_iter()
        .find(|&c| before.get(c) == 0 && main.is_given(c))
        .unwrap();
    h.get_by_label(&format!("{digit}: {}, given", before.get(digit)))
        .click();
    h.run_steps(2);
    h.get_by_label(&format!("{hole}: empty")).click();
    h.run_steps(2);
    let mut expected = before;
    expected.set(digit, 0);
    expected.set(hole, secret.get(hole));
    assert_eq!(chosen(&mut h).1, expected);
    h.get_by_label("Start the duel").click();
    h.step();
    wait_duel(&mut h);
    let duel = h.state().duel().expect("the duel started");
    assert_eq!(duel.handed_to(Side::Pip), expected);
    assert_eq!(duel.camp(Side::Player).secret, Some(secret));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_duel_comes_back_at_start() {
    use sudolens::duel::Side;
    let dir = temp_dir("duel-restore");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    start_duel(&mut h, "Master", "sudolens, from your secret grid");
    let pip_secret = h.state().duel().unwrap().camp(Side::Pip).secret.unwrap();
    let cell = h.state().duel_screen().unwrap().selected.unwrap();
    press(&mut h, Modifiers::NONE, digit_key(pip_secret.get(cell)));
    wait_duel(&mut h);
    let before = h.state().duel().unwrap().to_json();
    // Closing saves; the next start resumes the duel where it was.
    let _ = h.state_mut().autosave();
    drop(h);
    let mut h = harness(App::new(config(&dir)));
    h.step();
    let duel = h.state().duel().expect("the duel came back");
    assert_eq!(duel.to_json(), before);
    h.get_by_label_contains("Our duel goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the game history -----

/// The history's database in `dir`.
fn history_file(dir: &Path) -> PathBuf {
    dir.join(sudolens::history::FILE_NAME)
}

/// Plays `puzzle` to the end by typing its solution into every empty cell.
fn solve_by_hand(h: &mut Harness<'static, App>) {
    let board = h.state().board().clone();
    let solution = sudolens::solver::solve(&board.grid()).expect("one solution");
    for c in Cell::ALL {
        if board.value(c) == 0 {
            let label = sudolens::app::board_view::cell_label(h.state().board(), c);
            h.get_by_label(&label).click();
            h.step();
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
    let dir = temp_dir("stats");
    let mut h = with_puzzle(&dir, EASY);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() == sudolens::app::record::HistoryState::On
    });
    press(&mut h, Modifiers::NONE, Key::H);
    wait(&mut h);
    press(&mut h, Modifiers::NONE, Key::PageDown);
    solve_by_hand(&mut h);
    let record = h.state().game_record().clone();
    assert_eq!(record.hints.len(), 1);
    assert_eq!(record.hints[0].depth, Some(2), "{record:?}");
    assert!(record.finished_at.is_some());

    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label("Statistics").click();
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
    let time = sudolens::app::stats_window::clock(seconds);
    assert!(
        h.query_all_by_label(&time).count() >= 2,
        "best and median {time}"
    );
    h.get_by_label("Solve times: Easy");
    h.get_by_label("Puzzle of the day: no streak yet");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes a finished game of `puzzle` into the history in `dir`: solved on
/// 12 May 2025 in 14 minutes.
fn played_on_12_may(dir: &Path, puzzle: Grid) {
    use sudolens::history::{History, NewGame, Origin, Progress};
    let noon = "2025-05-12"
        .parse::<sudolens::generate::Date>()
        .unwrap()
        .days_since_epoch()
        * 86_400
        + 12 * 3600;
    let mut history = History::open(&history_file(dir)).unwrap();
    let game = NewGame::new(puzzle, Origin::Pasted, noon - 900, 0).unwrap();
    let id = history.start(&game).unwrap();
    let done = Progress {
        seconds_played: 14 * 60,
        finished_at: Some(noon),
        ..Progress::default()
    };
    history.update(id, &done).unwrap();
}

/// A puzzle solved before is recognised when it comes back, even turned
/// and relabelled: opened from a file, and read from a photo.
#[test]
fn a_puzzle_played_before_is_recognised() {
    let dir = temp_dir("recognised");
    let disguised =
        sudolens::generate::Transformation::random(21).apply(&Grid::parse(EASY).unwrap());
    played_on_12_may(&dir, disguised);
    let mut h = harness(App::new(config(&dir)));
    h.step();
    wait(&mut h);
    let file = dir.join("old.txt");
    std::fs::write(&file, format!("{EASY}\n")).unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file)));
    h.step();
    wait(&mut h);
    wait_for(&mut h, "the recognition", |a| {
        a.dialogue().paragraphs().last().unwrap().lines[0]
            .text
            .starts_with("I know this puzzle")
    });
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
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(samples.join("printed_serif.json")).unwrap())
            .unwrap();
    let givens = Grid::parse(truth["givens"].as_str().unwrap()).unwrap();
    played_on_12_may(&dir, givens);
    press(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, &samples.join("printed_serif.jpg"));
    wait(&mut h);
    h.run_steps(2);
    h.get_by_label("Use this grid").click();
    h.step();
    wait(&mut h);
    assert_eq!(*h.state().board().givens(), givens);
    wait_for(&mut h, "the photo's recognition", |a| {
        a.dialogue().paragraphs().last().unwrap().lines[0]
            .text
            .starts_with("I know this puzzle")
    });
    let said = pip_said(&h);
    assert_eq!(
        said.last().unwrap(),
        "I know this puzzle! You solved it on 12 May 2025, in 14 minutes."
    );
    // A new puzzle is not "known".
    game_new(&mut h, "New (Easy)");
    wait(&mut h);
    h.run_steps(5);
    let said = pip_said(&h);
    assert!(said.last().unwrap().contains("hardest point"), "{said:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A damaged history never blocks play: Pip says so, the file is kept
/// aside untouched, and a new history records the next games.
#[test]
fn a_damaged_history_is_kept_aside_and_play_goes_on() {
    let dir = temp_dir("history-damaged");
    let garbage = b"not a database at all".repeat(50);
    std::fs::write(history_file(&dir), &garbage).unwrap();
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        *a.history_state() != sudolens::app::record::HistoryState::Opening
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
    let _ = std::fs::remove_dir_all(&dir);
}

/// A history locked by another program never blocks play: Pip says
/// history is off, the game goes on, and nothing is set aside.
#[test]
fn a_locked_history_turns_history_off_and_play_goes_on_until_the_lock_goes() {
    let dir = temp_dir("history-locked");
    sudolens::history::History::open(&history_file(&dir)).unwrap();
    let holder = rusqlite_lock(&history_file(&dir));
    let mut h = with_puzzle(&dir, PUZZLE);
    wait_for(&mut h, "the history", |a| {
        matches!(
            a.history_state(),
            sudolens::app::record::HistoryState::Off(_)
        )
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
    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label("Statistics").click();
    h.run_steps(2);
    let off = h.query_all_by_label_contains("Your game history is off for now");
    assert_eq!(off.count(), 2, "Pip's words and the window's");
    drop(holder);
    // The lock goes: the history comes back, with the game played meanwhile.
    wait_for(&mut h, "the history back", |a| {
        *a.history_state() == sudolens::app::record::HistoryState::On
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
        games.iter().any(|g| g.puzzle == pasted),
        "the game played while locked: {games:?}"
    );
    drop(history);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("damaged")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
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
    let dir = temp_dir("stats-duel");
    let mut h = harness(App::new(config(&dir)));
    h.step();
    start_duel(&mut h, "Beginner", "sudolens, from your secret grid");
    let pip_secret = h.state().duel().unwrap().camp(Side::Pip).secret.unwrap();
    // A joker (one point), then right values to the end.
    press(&mut h, Modifiers::NONE, Key::J);
    wait_duel(&mut h);
    play_right_values_to_the_end(&mut h, &pip_secret);
    let outcome = h.state().duel().unwrap().outcome().unwrap().clone();
    assert_eq!(outcome.winner, Some(Side::Pip), "{outcome:?}");

    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label("Statistics").click();
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
    let _ = std::fs::remove_dir_all(&dir);
}
