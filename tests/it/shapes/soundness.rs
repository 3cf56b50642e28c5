//! Puzzles of every 9×9 variant, walked by the rule engine on the shape's
//! houses: every step agrees with the exact solution, and every walk ends
//! solved. The sets in `tests/data/shapes/` were made by `sudolens generate
//! --shape S --level L --count 4 --seed 7` at Medium, Hard and Expert (a
//! jigsaw's regions and an odd/even's shading drawn from each seed); the
//! jigsaw X, whose generator is slowest, at Easy (4) and Medium (2).

use std::path::Path;
use sudolens::grid::{parse_shaped, ShapedGrid};
use sudolens::logic::{apply_to_state, next_step_in, Pencilmarks, Step};
use sudolens::solver::{count_shaped, solve_shaped};

/// The first conclusion of `step` the solution contradicts.
fn unsound(step: &Step, solution: &[u8]) -> Option<String> {
    for p in &step.placements {
        if solution[p.cell.index()] != p.digit {
            return Some(format!("{step}: places {} in {}", p.digit, p.cell));
        }
    }
    step.eliminated()
        .into_iter()
        .find(|c| solution[c.cell.index()] == c.digit)
        .map(|c| format!("{step}: removes the true {} from {}", c.digit, c.cell))
}

/// Walks one puzzle; the techniques it used, or what went wrong.
fn walk(puzzle: &ShapedGrid) -> Result<Vec<String>, String> {
    let shape = puzzle.shape();
    let values = puzzle.values();
    if count_shaped(shape, values, 2) != 1 {
        return Err("not a proper puzzle".into());
    }
    let solution = solve_shaped(shape, values).ok_or("no solution")?;
    let grid = puzzle.to_grid().ok_or("not 9x9")?;
    let mut s = Pencilmarks::from_grid_in(shape, &grid).map_err(|e| e.to_string())?;
    let mut used = Vec::new();
    while let Some(step) = next_step_in(&s) {
        if let Some(wrong) = unsound(&step, &solution) {
            return Err(wrong);
        }
        used.push(step.technique.id().to_string());
        apply_to_state(&mut s, &step);
    }
    if !s.is_solved() {
        return Err("logic stopped before the end".into());
    }
    Ok(used)
}

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
