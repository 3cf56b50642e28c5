//! Puzzle files whose header names their shape, opened in the window
//! (issue 29: every shape plays from a file): a 6×6 and an X-Sudoku are
//! played on their own shape, a grid without one solution is refused in
//! Pip's words, and a samurai (issue 34) is played on its cross of five grids.

use sudolens::grid::{Shape, ShapedGrid};

use super::common::*;

/// A 6×6 of sigh's Interactive Sudoku Solver collection (MIT; see
/// `tests/data/collections/SOURCES.md`), with one solution.
const SIX: &str = "shape: 6x6\n....4..1.3.5...2....3...6.2.5..5....\n";

/// The window of a fresh data folder (kept while the window lives), with
/// `text` opened from `name.txt`.
fn open_text(name: &str, text: &str) -> (TestDir, Window) {
    let dir = TestDir::new(name);
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, text).unwrap();
    let mut h = open_window(&dir);
    h.state_mut().open_path(&path, &egui::Context::default());
    h.run_steps(2);
    (dir, h)
}

fn status(h: &Window) -> String {
    h.state()
        .status()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_6x6_file_is_played_on_its_shape_with_pip_s_welcome() {
    let (_dir, h) = open_text("six", SIX);
    assert_eq!(h.state().board().shape().name(), "6x6", "{}", status(&h));
    let said = pip_said(&h).join(" ");
    assert!(said.contains("A new 6×6 Sudoku"), "{said}");
    assert!(status(&h).contains("six.txt"), "{}", status(&h));
}

#[test]
fn an_x_sudoku_file_is_played_with_its_diagonals() {
    let shape = Shape::parse_name("x").unwrap();
    let made = sudolens::generate::generate_shaped(
        &shape,
        &sudolens::generate::Options::new(sudolens::logic::Level::Easy),
        1,
        |_| std::ops::ControlFlow::Continue(()),
    )
    .unwrap();
    let (_dir, h) = open_text("x", &made.puzzle.to_text());
    assert_eq!(h.state().board().shape(), &shape, "{}", status(&h));
}

#[test]
fn a_6x6_file_with_several_solutions_is_refused_by_pip() {
    // Three givens fewer: several solutions.
    let (_dir, h) = open_text("open-six", &SIX.replacen("6.2.5", ".....", 1));
    assert!(h.state().board().shape().is_classic());
    let said = status(&h);
    assert!(said.contains("more than one solution"), "{said}");
}

/// A samurai from `sudolens generate --shape samurai --level easy --seed 3`.
const SAMURAI: &str = include_str!("../data/overlap/samurai.txt");

#[test]
fn a_samurai_file_is_played_on_its_cross_with_pip_s_welcome() {
    let (_dir, h) = open_text("samurai", SAMURAI);
    let board = h.state().board();
    assert_eq!(board.shape().name(), "samurai", "{}", status(&h));
    assert_eq!(board.cell_count(), 369);
    let said = pip_said(&h).join(" ");
    assert!(said.contains("Samurai Sudoku"), "{said}");
    // a samurai with its givens blanked has many solutions: refused by Pip
    let empty = ShapedGrid::empty(Shape::parse_name("samurai").unwrap());
    let (_dir, h) = open_text("open-samurai", &empty.to_text());
    assert!(h.state().board().shape().is_classic());
    assert!(
        status(&h).contains("more than one solution"),
        "{}",
        status(&h)
    );
}
