//! A photo of a 6×6 newspaper grid on the correction screen: its 36 cells
//! shown and fixed like a classic's, and played once accepted.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use std::ops::ControlFlow;
use sudolens::app::ReadCell;
use sudolens::generate::{generate_shaped, Options};
use sudolens::grid::{parse_shaped, Shape};
use sudolens::logic::Level;

use super::common::*;

#[test]
fn a_6x6_read_from_a_photo_is_fixed_and_played() {
    let shape = Shape::parse_name("6x6").unwrap();
    let made = generate_shaped(&shape, &Options::new(Level::Easy), 3, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let puzzle = made.puzzle.values().to_vec();
    let dir = TestDir::new("photo-6x6");
    let mut h = open_window(&dir);
    // the photo's first given was misread as another digit, and doubted
    let first = puzzle.iter().position(|&d| d != 0).unwrap();
    let misread = puzzle[first] % 6 + 1;
    let mut readings: Vec<ReadCell> = puzzle
        .iter()
        .map(|&digit| ReadCell {
            digit,
            ..ReadCell::default()
        })
        .collect();
    readings[first].digit = misread;
    readings[first].uncertain = true;
    let mut state = photo_screen(
        &h,
        std::array::from_fn(|_| ReadCell::default()),
        [200, 150],
        10.0,
    );
    state.readings = readings;
    state.shape = shape.clone();
    h.state_mut().open_import(state);
    h.run_steps(2);
    let name = format!("r{}c{}", first / 6 + 1, first % 6 + 1);
    // 36 cells, the last r6c6, none of a 9×9 beyond
    assert!(h.query_by_label_contains("photo r6c6").is_some());
    assert!(h.query_by_label_contains("photo r7c7").is_none());
    assert!(h.query_by_label_contains("photo r1c7").is_none());
    // a 7 is no digit of a 6×6: typing it changes nothing
    click(
        &mut h,
        &format!("photo {name}: {misread}, printed, uncertain"),
    );
    press(&mut h, Modifiers::NONE, Key::Num7);
    h.get_by_label(&format!("photo {name}: {misread}, printed, uncertain"));
    let key = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
    ][usize::from(puzzle[first]) - 1];
    press(&mut h, Modifiers::NONE, key);
    h.get_by_label(&format!("photo {name}: {}, printed", puzzle[first]));
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    let board = h.state().board();
    assert_eq!(board.shape(), &shape);
    assert_eq!(board.given_values(), &puzzle[..]);
}

/// Issue 34: a samurai read from a photo shows its whole cross on the
/// correction screen (369 cells, the holes between the grids no cells), a
/// shared cell named in both grids; a doubt in a shared box is fixed once,
/// for both grids, and Use this grid plays the samurai. Its outline is not
/// moved by corners (four corners cannot place five lattices again).
#[test]
fn a_samurai_read_from_a_photo_shows_its_whole_cross() {
    let text = include_str!("../data/overlap/samurai.txt");
    let puzzle = parse_shaped(text).unwrap().remove(0).grid.unwrap();
    let shape = puzzle.shape().clone();
    let values = puzzle.values().to_vec();
    let dir = TestDir::new("photo-samurai");
    let mut h = open_window(&dir);
    // a given of the centre grid's top-left box (the top-left grid's
    // bottom-right one), read doubtfully as another digit
    let shared = (0..values.len())
        .find(|&i| values[i] != 0 && shape.grids_of(i).len() == 2)
        .unwrap();
    let misread = values[shared] % 9 + 1;
    let mut readings: Vec<ReadCell> = values
        .iter()
        .map(|&digit| ReadCell {
            digit,
            ..ReadCell::default()
        })
        .collect();
    readings[shared].digit = misread;
    readings[shared].uncertain = true;
    let mut state = photo_screen(
        &h,
        std::array::from_fn(|_| ReadCell::default()),
        [400, 400],
        10.0,
    );
    state.readings = readings;
    state.shape = shape.clone();
    h.state_mut().open_import(state);
    h.run_steps(2);
    // the far corner of the cross is on screen, the corner handles are not
    assert!(h.query_by_label_contains("photo BR:r9c9").is_some());
    assert!(h.query_by_label("Top-left corner").is_none());
    let grids: Vec<String> = shape
        .grids_of(shared)
        .iter()
        .map(|&(g, r, c)| {
            let name = ["TL", "TR", "C", "BL", "BR"][usize::from(g)];
            format!("{name}:r{}c{}", r + 1, c + 1)
        })
        .collect();
    let name = grids.join("; ");
    click(
        &mut h,
        &format!("photo {name}: {misread}, printed, uncertain"),
    );
    press(&mut h, Modifiers::NONE, digit_key(values[shared]));
    h.get_by_label(&format!("photo {name}: {}, printed", values[shared]));
    use_this_grid(&mut h);
    assert!(h.state().import().is_none(), "{:?}", h.state().status());
    let board = h.state().board();
    assert_eq!(board.shape(), &shape);
    assert_eq!(board.given_values(), &values[..]);
}
