//! What the window's tests share: the puzzles they play, a fresh data folder
//! and window for each test, and the player's gestures (keys, clicks, menus,
//! the path window, the correction screen) and waits, written once.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use sudolens::app::{App, Config};
use sudolens::app::{ImportState, ReadCell};
use sudolens::grid::{Cell, Grid};
use sudolens::hint::Lang;
use sudolens::hint::Notation;

pub const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy puzzle from the library's source, and its solution.
pub const EASY: &str =
    ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";

/// A puzzle whose first step needs candidates (pointing), from the Sudoku
/// Exchange bank (public domain).
pub const NEEDS_MARKS: &str =
    "9.......5..41296.....6.5....4..6..2....7.8...78.....63..7...3...2.3.4.8...8.5.1..";

/// A complete grid with four holes in different rows, columns and boxes:
/// one completion, a short duel for Pip.
pub const DUEL_GRID: &str =
    ".72451869691827354458936.715437689127895.2436126394587215689743937145628864273.95";

/// The window under test.
pub type Window = Harness<'static, App>;

/// A fresh, empty data directory for one test. It is removed when the test
/// passes and kept when it fails, to be looked at.
pub struct TestDir(PathBuf);

impl TestDir {
    pub fn new(name: &str) -> TestDir {
        let dir = std::env::temp_dir().join(format!("sudolens-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TestDir(dir)
    }
}

impl Deref for TestDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

pub fn config(dir: &Path) -> Config {
    Config {
        data_dir: dir.to_path_buf(),
        lang: Lang::En,
        lang_chosen: false,
        notes_mode: false,
        notation: Notation::Plain,
        hint_budget: false,
        animate: false,
        restore: true,
        file_picker: false,
        phone_address: Some(std::net::Ipv4Addr::LOCALHOST.into()),
    }
}

pub fn harness(app: App) -> Window {
    Harness::builder()
        .with_size([1100.0, 820.0])
        .with_max_steps(100)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// The window started on the data folder `dir`, after its first frame.
pub fn open_window(dir: &Path) -> Window {
    let mut h = harness(App::new(config(dir)));
    h.step();
    h
}

/// A window on `puzzle`, pasted with Ctrl+V as a player would.
pub fn with_puzzle(dir: &Path, puzzle: &str) -> Window {
    let mut h = open_window(dir);
    h.event(Event::Paste(puzzle.to_string()));
    h.step();
    wait(&mut h);
    assert_eq!(h.state().board().givens().to_line(), puzzle);
    h
}

/// The player writes 1 in r1c2 (empty in `PUZZLE`); returns the board after.
pub fn play_one_move(h: &mut Window) -> sudolens::grid::Board {
    click(h, "row 1, column 2: empty");
    press(h, Modifiers::NONE, Key::Num1);
    h.state().board().clone()
}

/// Steps until `done` holds, failing with `what` after `limit`.
pub fn step_until(h: &mut Window, limit: Duration, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < limit, "{what}");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
}

/// Steps until the background work is done (bounded).
pub fn wait(h: &mut Window) {
    step_until(h, Duration::from_secs(20), "background work hangs", |a| {
        !a.busy()
    });
    h.step();
}

/// Steps until `done` holds (bounded), for the history thread's reports.
pub fn wait_for(h: &mut Window, what: &str, done: impl Fn(&App) -> bool) {
    let why = format!("waited too long for {what}");
    step_until(h, Duration::from_secs(60), &why, done);
}

/// Steps until Pip's side of a duel (its grid dealt, its move thought out
/// and landed) is done (bounded).
pub fn wait_duel(h: &mut Window) {
    let limit = Duration::from_secs(60);
    step_until(h, limit, "Pip's side of the duel hangs", |a| {
        !a.duel_busy() && !a.busy()
    });
    h.step();
}

pub fn cell(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

pub fn press(h: &mut Window, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.step();
}

/// Clicks the widget named `label`, then lets one frame pass.
pub fn click(h: &mut Window, label: &str) {
    h.get_by_label(label).click();
    h.step();
}

/// Clicks the widget named `label`, then lets `frames` frames pass (a
/// menu or a choice that moves what is below it needs more than one).
pub fn click_frames(h: &mut Window, label: &str, frames: usize) {
    h.get_by_label(label).click();
    h.run_steps(frames);
}

/// Selects the cell named `label` ("row 1, column 1: empty") and types `digit` there.
pub fn type_in(h: &mut Window, label: &str, digit: u8) {
    click(h, label);
    h.key_press(digit_key(digit));
    h.step();
}

/// Opens the menu `menu` and clicks its `item` (the frames after are the
/// caller's).
pub fn menu(h: &mut Window, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(3);
    h.get_by_label(item).click();
}

/// Opens the menu `menu`, hovers its submenu `sub` and clicks its `item`
/// (the frames after are the caller's).
pub fn submenu(h: &mut Window, menu: &str, sub: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(3);
    h.get_by_label_contains(sub).hover();
    h.run_steps(3);
    h.get_by_label(item).click();
}

/// View > Language > Français (the frames after are the caller's).
pub fn choose_french(h: &mut Window) {
    submenu(h, "View", "Language", "Français");
}

/// Opens Game > New and picks `item` ("Hard", "Puzzle of the day").
pub fn game_new(h: &mut Window, item: &str) {
    submenu(h, "Game", "New", item);
    h.step();
}

/// Game → New → Shape → `shape`, then Game → New → `level`; waits for it.
pub fn new_in_shape(h: &mut Window, shape: &str, level: &str) {
    h.get_by_label("Game").click();
    h.run_steps(3);
    h.get_by_label_contains("New").hover();
    h.run_steps(3);
    h.get_by_label("Shape").hover();
    h.run_steps(3);
    h.get_by_label(shape).click();
    h.run_steps(2);
    game_new(h, level);
    wait(h);
}

/// Presses Next until the widget named `label` shows.
pub fn next_until(h: &mut Window, label: &str) {
    while h.query_by_label(label).is_none() {
        click_frames(h, "Next >", 2);
    }
}

/// Asks Pip for a hint (H), checks it is a step, pages down to its last
/// line and clicks `apply` ("Apply", "Appliquer") to play it; returns the
/// hint's lines.
pub fn apply_next_hint(h: &mut Window, apply: &str) -> Vec<String> {
    press(h, Modifiers::NONE, Key::H);
    wait(h);
    let (entry, _) = h.state().dialogue().current().unwrap();
    assert_eq!(entry.kind, sudolens::hint::ParagraphKind::Step, "{entry:?}");
    let lines = entry.lines.iter().map(|l| l.text.clone()).collect();
    while h.query_by_label(apply).is_none() {
        press(h, Modifiers::NONE, Key::PageDown);
        h.run_steps(2);
    }
    click(h, apply);
    h.run_steps(2);
    lines
}

/// Pages the dialogue to the last line of the current paragraph with Next.
pub fn page_to_end(h: &mut Window) {
    loop {
        let (p, line) = h.state().dialogue().current().unwrap();
        if line + 1 == p.lines.len() {
            return;
        }
        click_frames(h, "Next >", 2);
    }
}

/// Fails unless one of Pip's lines so far holds `words`.
pub fn assert_pip_said(h: &Window, words: &str) {
    let said = pip_said(h);
    assert!(said.iter().any(|l| l.contains(words)), "{words}: {said:?}");
}

/// Every line Pip has said, in order.
pub fn pip_said(h: &Window) -> Vec<String> {
    h.state()
        .dialogue()
        .paragraphs()
        .iter()
        .flat_map(|p| p.lines.iter().map(|l| l.text.clone()))
        .collect()
}

/// A digit that breaks no rule in `cell` of `puzzle` yet is not the
/// solution's: a candidate of the cell other than the right one.
pub fn wrong_candidate(puzzle: &str, cell: Cell) -> u8 {
    let grid = Grid::parse(puzzle).unwrap();
    let solution = sudolens::solver::solve(&grid).unwrap();
    (1..=9u8)
        .find(|&d| d != solution.get(cell) && grid.candidates(cell).contains(d))
        .expect("the cell has two candidates")
}

pub fn digit_key(d: u8) -> Key {
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
pub fn type_path(h: &mut Window, path: &Path) {
    let field = h.get_by_role(egui::Role::TextInput);
    field.focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    h.get_by_role(egui::Role::TextInput)
        .type_text(&path.display().to_string());
    h.step();
    click(h, "OK");
}

/// Opens `path` with Ctrl+O and the path window, and waits for its reading.
pub fn open_file(h: &mut Window, path: &Path) {
    press(h, Modifiers::COMMAND, Key::O);
    type_path(h, path);
    wait(h);
}

/// The sample photo of a printed grid (`samples/printed_serif.jpg`) and the
/// givens its ground truth lists.
pub fn sample_photo() -> (PathBuf, Grid) {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(samples.join("printed_serif.json")).unwrap())
            .unwrap();
    let givens = Grid::parse(truth["givens"].as_str().unwrap()).unwrap();
    (samples.join("printed_serif.jpg"), givens)
}

/// Opens the correction screen on a white `size` photo whose grid outline
/// sits `inset` pixels inside its edges, with these readings.
pub fn open_photo_screen(h: &mut Window, readings: [ReadCell; 81], size: [usize; 2], inset: f32) {
    let state = photo_screen(h, readings, size, inset);
    h.state_mut().open_import(state);
}

/// The correction screen's state [`open_photo_screen`] opens.
pub fn photo_screen(
    h: &Window,
    readings: [ReadCell; 81],
    size: [usize; 2],
    inset: f32,
) -> ImportState {
    let image = egui::ColorImage::filled(size, egui::Color32::WHITE);
    let photo = h.ctx.load_texture("photo", image, Default::default());
    let (w, ht) = (size[0] as f32, size[1] as f32);
    ImportState {
        photo,
        size: egui::vec2(w, ht),
        corners: [
            egui::pos2(inset, inset),
            egui::pos2(w - inset, inset),
            egui::pos2(w - inset, ht - inset),
            egui::pos2(inset, ht - inset),
        ],
        readings: readings.to_vec(),
        selected: None,
        busy: false,
        name: "photo.jpg".into(),
        shape: sudolens::grid::Shape::classic(),
        regions: None,
    }
}

/// "Use this grid" on the correction screen, and the work it starts.
pub fn use_this_grid(h: &mut Window) {
    click(h, "Use this grid");
    wait(h);
}

/// A file dropped on the window, as the windowing layer hands it over.
#[derive(Debug)]
pub struct Dropped(pub PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// Drops `file` on the window and waits for its reading.
pub fn drop_file(h: &mut Window, file: PathBuf) {
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file)));
    h.step();
    wait(h);
}

/// Opens Game → Duel with Pip: the duel's setup window.
pub fn open_duel_setup(h: &mut Window) {
    menu(h, "Game", "Duel with Pip…");
    h.run_steps(2);
}

/// Opens Game → Duel with Pip, picks `strength` and `answering` (labels),
/// pastes [`DUEL_GRID`] as the player's grid and starts.
pub fn start_duel(h: &mut Window, strength: &str, answering: &str) {
    open_duel_setup(h);
    // One frame after each click: a choice can move what is below it.
    for label in [strength, answering, "Type or paste it"] {
        click_frames(h, label, 2);
    }
    h.event(Event::Paste(DUEL_GRID.to_string()));
    h.run_steps(2);
    click(h, "Start the duel");
    wait_duel(h);
    assert!(h.state().duel().is_some(), "the duel started");
}

/// Types Pip's secret value into the selected hole until the duel ends
/// (the selection moves on to the next hole by itself).
pub fn play_right_values_to_the_end(h: &mut Window, pip_secret: &Grid) {
    let mut moves = 0;
    while !h.state().duel().unwrap().is_over() {
        moves += 1;
        assert!(moves < 200, "the duel does not end");
        play_right_value(h, pip_secret);
    }
}

/// Types Pip's secret value into the selected hole and waits for Pip's
/// side of the duel.
pub fn play_right_value(h: &mut Window, pip_secret: &Grid) {
    let cell = h.state().duel_screen().unwrap().selected.unwrap();
    press(h, Modifiers::NONE, digit_key(pip_secret.get(cell)));
    wait_duel(h);
}

/// The file the game on screen is kept in (issue 30: `games/<id>.json`).
pub fn kept_file(dir: &Path, h: &Window) -> PathBuf {
    dir.join("games")
        .join(format!("{}.json", h.state().kept_id()))
}

/// Game → Use your phone: the page's address the panel shows.
pub fn open_phone_panel(h: &mut Window) -> String {
    menu(h, "Game", "Use your phone…");
    h.run_steps(3);
    h.state()
        .phone_url()
        .expect("the panel is open")
        .to_string()
}

/// The step of Pip's paragraph being read.
pub fn step_being_read(h: &Window) -> sudolens::logic::Step {
    let step = h.state().dialogue().current().map(|(p, _)| p.step.clone());
    *step.flatten().expect("a step is being read")
}

/// The words the tests' window speaks in (English, plain cell names).
pub fn words() -> sudolens::hint::Wording {
    sudolens::hint::Wording::new(Lang::En, Notation::Plain)
}

/// A cell's name as the board gives it to a screen reader: "row 1, column 2".
pub fn plain(c: Cell) -> String {
    sudolens::hint::cell_name(c, words())
}
