//! The sized engine on overlapping grids: its families read the combined
//! houses (every grid's rows and columns, a shared box once), so a
//! samurai is solved to its end by explained steps, none unsound.

use super::{apply_sized, next_sized_step, solve_path_sized, SizedMarks, SizedPath};
use crate::grid::Shape;
use crate::solver::overlap_tests::dug_puzzle;

/// The steps of `path` that conclude against `solution`: a placement of
/// another value, an elimination of the solution's.
fn unsound(path: &SizedPath, solution: &[u8]) -> usize {
    path.steps
        .iter()
        .map(|s| {
            let placed = s
                .placements
                .iter()
                .filter(|p| solution[usize::from(p.cell)] != p.value);
            let removed = s
                .eliminations
                .iter()
                .filter(|e| solution[usize::from(e.cell)] == e.value);
            placed.count() + removed.count()
        })
        .sum()
}

#[test]
fn a_samurai_is_solved_to_the_end_by_explained_steps_none_unsound() {
    let samurai = Shape::parse_name("samurai").unwrap();
    let (puzzle, solution) = dug_puzzle(&samurai, 34);
    let path = solve_path_sized(&samurai, &puzzle).unwrap();
    assert!(path.solved_by_logic, "{} steps", path.steps.len());
    assert_eq!(unsound(&path, &solution), 0);
    // Playing the path ends on the solution.
    let mut marks = SizedMarks::new(&samurai, &puzzle).unwrap();
    for step in &path.steps {
        apply_sized(&mut marks, step);
    }
    assert_eq!(marks.values(), solution.as_slice());
    assert!(next_sized_step(&marks).is_none());
}

#[test]
fn the_smaller_forms_are_solved_by_explained_steps_none_unsound() {
    for name in [
        "twin",
        "diagonal-2-dense",
        "carpet-2-dense",
        "torus-3-dense",
    ] {
        let shape = Shape::parse_name(name).unwrap();
        let (puzzle, solution) = dug_puzzle(&shape, 5);
        let path = solve_path_sized(&shape, &puzzle).unwrap();
        assert!(path.solved_by_logic, "{name}");
        assert_eq!(unsound(&path, &solution), 0, "{name}");
    }
}

#[test]
fn a_shape_past_the_cell_sets_is_refused_not_read() {
    // The largest overlapping shapes fit; a values list of another
    // length is not a grid of the shape.
    let carpet = Shape::parse_name("carpet-3").unwrap();
    assert_eq!(carpet.cell_count(), 441);
    assert!(SizedMarks::new(&carpet, &vec![0; 441]).is_some());
    assert!(SizedMarks::new(&carpet, &vec![0; 440]).is_none());
}
