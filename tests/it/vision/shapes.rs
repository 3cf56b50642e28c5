//! Newspaper photos of the 9x9 variants (`tests/common/shaped_pages.rs`: pages drawn in
//! fonts no training data shows, photographed by a simulated camera) are read with their
//! shape: X's shaded diagonals, Hyper's windows, a jigsaw's heavy lines, odd/even's shaded
//! cells; and a classic whose every other box is shaded, as some papers print it, as the
//! classic. The puzzles are those of `tests/data/shapes`, and generated classics.

use crate::shaped_pages::draw_page;
use sudolens::generate::{generate, Options};
use sudolens::grid::{parse_shaped, Shape, ShapedGrid};
use sudolens::logic::Level;
use sudolens::vision::{self, DigitModel, ImportOptions};

/// Photos drawn of each file's puzzles (its first ones).
const PER_FILE: usize = 6;

/// Whether `read` is `truth`'s shape: its houses, its regions and its shading alike.
fn same_shape(read: &Shape, truth: &Shape) -> bool {
    read.spec().same_geometry(truth.spec())
}

fn puzzles() -> Vec<(String, ShapedGrid)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/shapes");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let entries = parse_shaped(&text).unwrap();
        for entry in entries.into_iter().take(PER_FILE) {
            out.push((name.clone(), entry.grid.unwrap()));
        }
    }
    // classic pages with every other box shaded: a shading that must name no variant
    for seed in 0..PER_FILE as u64 {
        let options = Options::new(Level::Medium);
        let puzzle = generate(&options, seed).puzzle;
        out.push((
            "classic".to_string(),
            ShapedGrid::from_grid(Shape::classic(), &puzzle).unwrap(),
        ));
    }
    out
}

#[test]
fn variant_newspaper_photos_are_read_with_their_shape() {
    let model = DigitModel::bundled().expect("bundled model loads");
    let (mut right, mut wrong_shape, mut total) = (0, 0, 0);
    let mut per_shape: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut misses = Vec::new();
    for (k, (file, puzzle)) in puzzles().into_iter().enumerate() {
        let page = draw_page(k, &puzzle);
        total += 1;
        let tally = per_shape.entry(file.clone()).or_default();
        tally.1 += 1;
        let read = match vision::import_bytes(&page.bytes, &model, &ImportOptions::default()) {
            Ok(read) => read,
            Err(e) => {
                misses.push(format!("{file} photo {k} ({}): {e}", page.description));
                continue;
            }
        };
        let shape_right = same_shape(&read.shape, puzzle.shape());
        let digits_right = read.givens.to_string() == puzzle.to_line();
        if shape_right && digits_right {
            right += 1;
            tally.0 += 1;
        } else {
            // a variant other than the printed one applied (the classic, whose reading then
            // has several solutions, is what the player is told of and can change)
            if !shape_right && read.shape.name() != "classic" {
                wrong_shape += 1;
            }
            misses.push(format!(
                "{file} photo {k} ({}): read as {} (shape {}), digits {}",
                page.description,
                read.shape.name(),
                if shape_right { "right" } else { "wrong" },
                if digits_right { "right" } else { "wrong" },
            ));
        }
    }
    for (file, (r, n)) in &per_shape {
        println!("variant photos, {file}: {r}/{n} read with their shape and every digit");
    }
    println!(
        "variant photos: {right}/{total} = {:.1}% read with their shape and every digit; \
         a wrong variant applied {wrong_shape} times",
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
