//! The correction screen (issue 30, item 4): conflicts shown as on the
//! board, an Empty choice for any cell, a prompt that says what was read
//! and what is there now, and a photo that uses the room it has.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudolens::app::ReadCell;

use super::common::*;

/// Readings with these printed digits ("r1c1", 3), the rest empty.
fn printed(cells: &[(&str, u8)]) -> [ReadCell; 81] {
    let mut readings: [ReadCell; 81] = std::array::from_fn(|_| ReadCell::default());
    for &(name, digit) in cells {
        readings[cell(name).index()] = ReadCell {
            digit,
            ..ReadCell::default()
        };
    }
    readings
}

/// Issue 30: three 3s in one row and box stayed black. They are marked (red
/// and underlined, and named so), and the mark goes once one is fixed.
#[test]
fn the_correction_screen_shows_conflicts() {
    let dir = TestDir::new("correct-conflicts");
    let mut h = open_window(&dir);
    let readings = printed(&[("r1c1", 3), ("r1c5", 3), ("r2c2", 3), ("r9c9", 3)]);
    open_photo_screen(&mut h, readings, [200, 150], 10.0);
    h.run_steps(2);
    h.get_by_label("photo r1c1: 3, printed, in conflict");
    h.get_by_label("photo r1c5: 3, printed, in conflict");
    h.get_by_label("photo r2c2: 3, printed, in conflict");
    h.get_by_label("photo r9c9: 3, printed");
    // r1c5 and r2c2 fixed: r1c1 is alone again.
    click(&mut h, "photo r1c5: 3, printed, in conflict");
    press(&mut h, Modifiers::NONE, Key::Num4);
    click(&mut h, "photo r2c2: 3, printed, in conflict");
    press(&mut h, Modifiers::NONE, Key::Num5);
    h.get_by_label("photo r1c1: 3, printed");
    h.get_by_label("photo r1c5: 4, printed");
}

/// Issue 30: a cell read from ink showing through the paper offered no
/// "empty" choice; and once a cell was changed, the prompt still asked
/// about the digit as if it had been read. Empty is offered, and the
/// prompt says what was read and what is there now.
#[test]
fn an_empty_choice_and_a_prompt_that_says_both() {
    let dir = TestDir::new("correct-empty");
    let mut h = open_window(&dir);
    let mut readings = printed(&[("r5c5", 8)]);
    readings[cell("r5c5").index()].uncertain = true;
    readings[cell("r5c5").index()].choices = vec![8, 6];
    open_photo_screen(&mut h, readings, [200, 150], 10.0);
    h.run_steps(2);
    click(&mut h, "photo r5c5: 8, printed, uncertain");
    h.get_by_label("I read a printed 8 here: is it what the paper shows?");
    click_frames(&mut h, "Empty", 2);
    h.get_by_label("photo r5c5: empty");
    assert_eq!(h.state().import().unwrap().givens().filled_count(), 0);
    h.get_by_label("I read 8 here; it is now empty.");
    click_frames(&mut h, "6", 2);
    h.get_by_label("I read 8 here; it is now 6.");
    // Back to what was read: the question again.
    click_frames(&mut h, "8", 2);
    h.get_by_label("I read a printed 8 here: is it what the paper shows?");
}

/// Issue 30: a portrait photo was drawn 240 px wide above an empty area.
/// It now takes its column's width, and the grid keeps its size.
#[test]
fn a_portrait_photo_uses_the_room_it_has() {
    let dir = TestDir::new("correct-photo");
    let mut h = open_window(&dir);
    open_photo_screen(&mut h, printed(&[]), [90, 160], 4.0);
    h.run_steps(2);
    let photo = h.get_by_label("photo photo.jpg").rect();
    let grid = h.get_by_label("photo r1c1: empty").rect().width() * 9.0;
    assert!(
        photo.width() >= grid - 2.0,
        "the photo is {} px wide beside a {grid} px grid",
        photo.width()
    );
    assert!(photo.height() > grid, "{photo:?}");
}

/// Issue 29: the photo's heavy lines drew a jigsaw's regions (as a classic
/// its givens have several solutions): the correction screen offers the
/// jigsaw, checks the puzzle again by its rules, and the game is played on
/// those regions.
#[test]
fn a_jigsaw_the_photo_drew_is_offered_and_checked_again() {
    use sudolens::app::ReadCell;
    const JIGSAW: &str = "shape: jigsaw\nregions:\n111222223\n141223333\n141253333\n\
        141255569\n447756669\n447555699\n447566669\n777788999\n788888889\npuzzle:\n\
        ...3..5.....2.....2.9.54....1.4..8.....7.6.....4..2.5....98.1.3.....8.....7..9...\n";
    let read = sudolens::grid::parse_shaped(JIGSAW).unwrap().remove(0);
    let grid = read.grid.unwrap();
    let (shape, puzzle) = (grid.shape().clone(), grid.values().to_vec());
    let regions = shape.region_map().unwrap().to_vec();
    let dir = TestDir::new("jigsaw-photo");
    let mut h = open_window(&dir);
    let readings: [ReadCell; 81] = std::array::from_fn(|i| ReadCell {
        digit: puzzle[i],
        ..ReadCell::default()
    });
    let mut state = photo_screen(&h, readings, [90, 90], 0.0);
    state.regions = Some(regions);
    h.state_mut().open_import(state);
    h.run_steps(2);
    click(&mut h, "Jigsaw (irregular regions)");
    h.run_steps(2);
    let said = pip_said(&h).join(" ");
    assert!(said.contains("exactly one solution"), "{said}");
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    assert_eq!(h.state().board().shape(), &shape);
}
