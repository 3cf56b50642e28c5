//! Newspaper photos of the smaller grids, a 6x6 (boxes of two rows by three columns) and a 4x4
//! (`tests/common/shaped_pages.rs`: pages drawn in fonts no training data shows, photographed
//! by a simulated camera), are read with their size and every digit: the goal of 98%,
//! and never a wrong shape. The puzzles are generated, as `sudolens generate --shape 6x6`
//! makes them.

use crate::shaped_pages::draw_page;
use std::ops::ControlFlow;
use sudolens::generate::{generate_shaped, Options};
use sudolens::grid::{Shape, ShapedGrid};
use sudolens::logic::Level;
use sudolens::vision::{self, DigitModel, ImportOptions};

/// Photos drawn of each size.
const PER_SIZE: usize = 20;

fn puzzles() -> Vec<ShapedGrid> {
    let mut out = Vec::new();
    for name in ["6x6", "4x4"] {
        let shape = Shape::parse_name(name).unwrap();
        for seed in 0..PER_SIZE as u64 {
            let made = generate_shaped(&shape, &Options::new(Level::Easy), seed, |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            out.push(made.puzzle);
        }
    }
    out
}

#[test]
fn newspaper_photos_of_6x6_and_4x4_grids_are_read_with_their_size() {
    let model = DigitModel::bundled().expect("bundled model loads");
    let (mut right, mut wrong_shape, mut total) = (0, 0, 0);
    let mut per_size: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut misses = Vec::new();
    for (k, puzzle) in puzzles().into_iter().enumerate() {
        let name = puzzle.shape().name();
        let page = draw_page(k, &puzzle);
        total += 1;
        let tally = per_size.entry(name.clone()).or_default();
        tally.1 += 1;
        let read = match vision::import_bytes(&page.bytes, &model, &ImportOptions::default()) {
            Ok(read) => read,
            Err(e) => {
                misses.push(format!("{name} photo {k} ({}): {e}", page.description));
                continue;
            }
        };
        let shape_right = read.shape.spec().same_geometry(puzzle.shape().spec());
        let digits_right = read.shaped_givens.to_line() == puzzle.to_line();
        // one reading per cell of the shape, and the JSON names the size
        let json = vision::outcome_json("page.jpg", &Ok(read.clone()));
        let json_right = json["shape"] == name.as_str() && json["givens"] == puzzle.to_line();
        if shape_right && digits_right && json_right && read.cells.len() == puzzle.values().len() {
            right += 1;
            tally.0 += 1;
        } else {
            if !shape_right {
                wrong_shape += 1;
            }
            misses.push(format!(
                "{name} photo {k} ({}): read as {} {} (digits {}), want {}",
                page.description,
                read.shape.name(),
                read.shaped_givens.to_line(),
                if digits_right { "right" } else { "wrong" },
                puzzle.to_line(),
            ));
        }
    }
    for (size, (r, n)) in &per_size {
        println!("size photos, {size}: {r}/{n} read with their size and every digit");
    }
    println!(
        "size photos: {right}/{total} = {:.1}% read with their size and every digit; \
         a wrong shape applied {wrong_shape} times",
        100.0 * right as f64 / total as f64
    );
    for m in &misses {
        println!("  {m}");
    }
    assert_eq!(wrong_shape, 0, "{misses:#?}");
    assert!(
        right as f64 >= 0.98 * total as f64,
        "{right}/{total}: {misses:#?}"
    );
}
