//! The first start's welcome (issue 30): the window started a clock on a
//! Medium puzzle, and nothing told a newcomer that it reads photos. With no
//! game kept, Pip now offers the three ways in (a photo, a new puzzle, a
//! pasted one), each of which starts a game; a kept game is reopened instead.

use egui_kittest::kittest::{NodeT, Queryable};
use sudolens::grid::Grid;
use sudolens::logic::{rate_grid, Level};

use super::common::*;

/// A first start shows the three ways in, in Pip's words and as buttons,
/// and no clock runs while the player chooses.
#[test]
fn a_first_start_offers_three_ways_in_and_runs_no_clock() {
    let dir = TestDir::new("welcome-first");
    let mut h = open_window(&dir);
    assert!(h.state().welcome_shown());
    h.get_by_label("A photo of your grid…");
    h.get_by_label("Paste a puzzle…");
    for level in ["Easy", "Medium", "Hard", "Expert", "Master", "Extreme"] {
        h.get_by_label(&format!("New puzzle: {level}"));
    }
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Let's start! There are three ways in")),
        "{said:?}"
    );
    assert_eq!(h.state().board().givens().filled_count(), 0, "no puzzle");
    // Twenty frames are five seconds of the harness's clock.
    h.run_steps(20);
    assert!(!h.state().busy(), "nothing is being made");
    assert_eq!(h.state().elapsed_seconds(), 0, "no clock runs");
    assert_eq!(h.state().board().givens().filled_count(), 0);
}

/// The new-puzzle way: a level's button makes a puzzle of that level, which
/// ends the welcome and starts the clock.
#[test]
fn the_welcome_makes_a_new_puzzle_at_the_level_chosen() {
    let dir = TestDir::new("welcome-new");
    let mut h = open_window(&dir);
    click(&mut h, "New puzzle: Easy");
    wait(&mut h);
    let givens = *h.state().board().givens();
    assert!(givens.filled_count() > 0, "a puzzle was made");
    assert_eq!(rate_grid(&givens).level, Level::Easy);
    assert!(!h.state().welcome_shown());
    h.run_steps(12);
    assert!(h.state().elapsed_seconds() >= 2, "the game's clock runs");
}

/// The paste way: a box takes the puzzle, typed or pasted, and Play starts
/// it.
#[test]
fn the_welcome_plays_a_pasted_puzzle() {
    let dir = TestDir::new("welcome-paste");
    let mut h = open_window(&dir);
    click_frames(&mut h, "Paste a puzzle…", 3);
    let field = h.get_by_role(egui::Role::MultilineTextInput);
    assert!(field.is_focused(), "the box takes the keyboard as it opens");
    h.event(egui::Event::Paste(PUZZLE.to_string()));
    h.step();
    let field = h.get_by_role(egui::Role::MultilineTextInput);
    let name = field.accesskit_node().label();
    assert_eq!(name.as_deref(), Some("The puzzle to play"));
    assert_eq!(field.value().as_deref(), Some(PUZZLE));
    assert_eq!(h.state().board().givens().filled_count(), 0, "not yet");
    click(&mut h, "Play this puzzle");
    wait(&mut h);
    assert_eq!(h.state().board().givens().to_line(), PUZZLE);
    assert!(!h.state().welcome_shown());
}

/// The photo way opens the file choice with Pip's word on what to choose,
/// and a photo chosen there is read onto the correction screen. The menu
/// bar's photo button, always in sight, does the same over a game.
#[test]
fn the_welcome_s_photo_way_reads_a_photo() {
    let dir = TestDir::new("welcome-photo");
    let mut h = open_window(&dir);
    click_frames(&mut h, "A photo of your grid…", 3);
    assert_eq!(h.state().path_window_text(), Some(""));
    let said = pip_said(&h);
    assert!(said
        .last()
        .unwrap()
        .starts_with("Choose the photo of your grid"));
    let (photo, givens) = sample_photo();
    type_path(&mut h, &photo);
    wait(&mut h);
    let screen = h.state().import().expect("the correction screen is open");
    assert_eq!(screen.givens(), givens);
    use_this_grid(&mut h);
    assert_eq!(*h.state().board().givens(), givens);
    assert!(!h.state().welcome_shown());

    click(&mut h, "Read a photo…");
    assert_eq!(h.state().path_window_text(), Some(""));
}

/// A second start with a kept game reopens it: no welcome.
#[test]
fn a_second_start_reopens_the_kept_game_without_the_welcome() {
    let dir = TestDir::new("welcome-second");
    let mut h = with_puzzle(&dir, PUZZLE);
    let board = play_one_move(&mut h);
    assert!(h.state_mut().autosave().is_none());
    drop(h);
    let h = open_window(&dir);
    assert!(!h.state().welcome_shown());
    assert!(h.query_by_label("A photo of your grid…").is_none());
    assert_eq!(*h.state().board(), board);
    let puzzle = Grid::parse(PUZZLE).unwrap();
    assert_eq!(*h.state().board().givens(), puzzle);
}

/// The welcome in French.
#[test]
fn the_welcome_speaks_french() {
    let dir = TestDir::new("welcome-fr");
    let mut h = open_window(&dir);
    choose_french(&mut h);
    h.run_steps(3);
    h.get_by_label("La photo de ta grille…");
    h.get_by_label("Coller une grille…");
    h.get_by_label("Lire une photo…");
    h.get_by_label("Nouvelle grille : Facile");
    // Pip's words said before the switch are said again in French.
    let said = pip_said(&h);
    assert!(
        said.iter()
            .any(|l| l.starts_with("Commençons ! Il y a trois façons")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|l| l.starts_with("Let's start!")),
        "{said:?}"
    );
}
