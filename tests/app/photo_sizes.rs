//! A photo of a 6×6 newspaper grid on the correction screen: its 36 cells
//! shown and fixed like a classic's, and played once accepted.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use std::ops::ControlFlow;
use sudolens::app::ReadCell;
use sudolens::generate::{generate_shaped, Options};
use sudolens::grid::Shape;
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
