//! `hint`, `explain` and `rate` on the sizes the 9×9 rule engine does not
//! read (4×4, 6×6, 12×12, 16×16 and their combinations): the sized
//! engine's steps ([`sudolens::logic::sized`]) and Pip's words for them.

use super::hint::texts;
use super::output::Output;
use super::shaped::{print_explained, Explained, ShapedVerdict};
use super::Exit;
use std::process::ExitCode;
use sudolens::grid::ShapedGrid;
use sudolens::hint::{sized_paragraph, sized_solved, sized_stuck, sized_summary, Wording};
use sudolens::logic::sized::{
    next_sized_step, rate_sized, solve_path_sized, SizedMarks, SizedStep,
};
use sudolens::logic::Rating;

/// The puzzle's verdict as a command says it: `Ok` for one solution, or
/// the line and exit code of why not.
fn proper(verdict: ShapedVerdict) -> Result<(), (String, Exit)> {
    match verdict {
        ShapedVerdict::Unique(_) => Ok(()),
        ShapedVerdict::NoSolution(why) => Err((why, Exit::NoSolution)),
        ShapedVerdict::Multiple => Err((
            "several solutions: a given is probably missing".into(),
            Exit::Multiple,
        )),
    }
}

fn step_json(step: &SizedStep, grid: &ShapedGrid, words: Wording) -> serde_json::Value {
    let mut v = serde_json::to_value(step).unwrap_or_default();
    v["lines"] = serde_json::json!(texts(sized_paragraph(step, grid.shape(), words)));
    v
}

/// `hint`: Pip's next step on the shape's houses.
pub fn hint(grid: &ShapedGrid, verdict: ShapedVerdict, words: Wording, json: bool) -> ExitCode {
    let mut out = Output::stdout();
    if let Err((why, code)) = proper(verdict) {
        out.line(if json {
            serde_json::json!({ "status": "invalid", "shape": grid.shape().name(), "lines": [why] })
                .to_string()
        } else {
            why
        });
        return out.finish(code);
    }
    let Some(marks) = SizedMarks::new(grid.shape(), grid.values()) else {
        return Exit::Internal.into();
    };
    let step = next_sized_step(&marks);
    let (mut v, lines, code) = match &step {
        Some(step) => (
            step_json(step, grid, words),
            texts(sized_paragraph(step, grid.shape(), words)),
            Exit::Ok,
        ),
        None if marks.is_solved() => {
            let lines = texts(sized_solved(words));
            (
                serde_json::json!({ "status": "solved", "lines": lines }),
                lines,
                Exit::Ok,
            )
        }
        None => {
            let lines = texts(sized_stuck(words));
            (
                serde_json::json!({ "status": "stuck", "lines": lines }),
                lines,
                Exit::Stuck,
            )
        }
    };
    if json {
        v["shape"] = serde_json::json!(grid.shape().name());
        out.line(v);
    } else {
        for line in lines {
            out.line(line);
        }
    }
    out.finish(code)
}

/// `explain`: every step from the puzzle to its end.
pub fn explain(
    grid: &ShapedGrid,
    verdict: ShapedVerdict,
    words: Wording,
    (json, brief): (bool, bool),
) -> ExitCode {
    let mut out = Output::stdout();
    if let Err((why, code)) = proper(verdict) {
        out.line(why);
        return out.finish(code);
    }
    let shape = grid.shape();
    let Some(path) = solve_path_sized(shape, grid.values()) else {
        return Exit::Internal.into();
    };
    let steps = path
        .steps
        .iter()
        .map(|step| Explained {
            summary: sized_summary(step, shape, words),
            lines: texts(sized_paragraph(step, shape, words)),
            json: step_json(step, grid, words),
        })
        .collect();
    let puzzle = grid.to_line();
    print_explained(
        out,
        (shape, &puzzle),
        steps,
        path.solved_by_logic,
        (json, brief),
    )
}

/// `rate` of one puzzle: its rating, or the line that says why not.
pub fn rate(grid: &ShapedGrid, verdict: ShapedVerdict) -> Result<Rating, String> {
    proper(verdict).map_err(|(why, _)| format!("not a proper puzzle: {why}"))?;
    solve_path_sized(grid.shape(), grid.values())
        .map(|path| rate_sized(&path))
        .ok_or_else(|| "not a grid of its shape".to_string())
}
