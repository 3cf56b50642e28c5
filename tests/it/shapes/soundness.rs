//! Puzzles of every 9×9 variant, walked by the rule engine on the shape's
//! houses: every step agrees with the exact solution, and every walk ends
//! solved. The sets in `tests/data/shapes/` were made by `sudolens generate
//! --shape S --level L --count 4 --seed 7` at Medium, Hard and Expert (a
//! jigsaw's regions and an odd/even's shading drawn from each seed); the
//! jigsaw X, whose generator is slowest, at Easy (4) and Medium (2).

use super::walk::walk;
use std::path::Path;
use sudolens::grid::parse_shaped;

#[test]
fn every_variant_is_solved_by_sound_explained_steps() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/shapes");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        6,
        "x, hyper, x+hyper, jigsaw, odd-even, jigsaw+x"
    );
    let mut techniques = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let entries = parse_shaped(&text).unwrap();
        assert!(
            entries.len() >= 6,
            "{}: {} puzzles",
            file.display(),
            entries.len()
        );
        for entry in entries {
            let puzzle = entry.grid.unwrap();
            match walk(&puzzle) {
                Ok(used) => techniques.extend(used),
                Err(e) => panic!("{} line {}: {e}", file.display(), entry.line),
            }
        }
    }
    // The sets reach well past the singles: fish, wings, chains.
    assert!(techniques.len() >= 10, "{techniques:?}");
}
