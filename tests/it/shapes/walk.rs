//! The walker the shape tests share: a puzzle of any shape checked proper
//! by the exact solver, then walked by the rule engine (the 9×9 shapes on
//! [`next_step_in`], the other sizes on [`sudolens::logic::sized`]) with
//! every conclusion checked against the solution, to the end.

use sudolens::grid::ShapedGrid;
use sudolens::logic::sized::{apply_sized, next_sized_step, SizedMarks, SizedStep};
use sudolens::logic::{apply_to_state, next_step_in, Pencilmarks, Step};
use sudolens::solver::{count_shaped, solve_shaped};

/// The first conclusion of a 9×9 `step` the solution contradicts.
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

/// The first conclusion of a sized `step` the solution contradicts.
fn unsound_sized(step: &SizedStep, solution: &[u8]) -> Option<String> {
    let name = step.technique.id();
    if let Some(p) = step
        .placements
        .iter()
        .find(|p| solution[usize::from(p.cell)] != p.value)
    {
        return Some(format!("{name}: places {} in cell {}", p.value, p.cell));
    }
    step.eliminations
        .iter()
        .find(|e| solution[usize::from(e.cell)] == e.value)
        .map(|e| format!("{name}: removes the true {} from cell {}", e.value, e.cell))
}

/// Walks one puzzle of any shape; the techniques it used, or what went
/// wrong: not proper (no solution, or several), an unsound step, or logic
/// stopping before the end.
pub(super) fn walk(puzzle: &ShapedGrid) -> Result<Vec<String>, String> {
    let shape = puzzle.shape();
    let values = puzzle.values();
    match count_shaped(shape, values, 2) {
        0 => return Err("not a proper puzzle: no solution".into()),
        1 => {}
        _ => return Err("not a proper puzzle: several solutions".into()),
    }
    let solution = solve_shaped(shape, values).ok_or("no solution")?;
    let mut used = Vec::new();
    if let Some(grid) = puzzle.to_grid() {
        let mut s = Pencilmarks::from_grid_in(shape, &grid).map_err(|e| e.to_string())?;
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
    } else {
        let mut s = SizedMarks::new(shape, values).ok_or("not a grid of its shape")?;
        while let Some(step) = next_sized_step(&s) {
            if let Some(wrong) = unsound_sized(&step, &solution) {
                return Err(wrong);
            }
            used.push(step.technique.id().to_string());
            apply_sized(&mut s, &step);
        }
        if !s.is_solved() {
            return Err("logic stopped before the end".into());
        }
    }
    Ok(used)
}
