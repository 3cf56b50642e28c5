//! `sudolens hint`: the next logical step on a puzzle, with Pip's lines.

use super::{bad_input, read_source, Exit, Output};
use clap::Args;
use std::process::ExitCode;
use sudolens::grid::{Board, Grid, PuzzleStream};
use sudolens::hint::{for_outcome, invalid_grid, Lang, Notation, Paragraph, Wording};
use sudolens::logic::{next_outcome, NextStep, Step};

#[derive(Args)]
pub struct HintArgs {
    /// The grid as it stands (givens and digits found so far): an
    /// 81-character line, a grid file, or `-` for standard input.
    puzzle: String,
    /// Print the step as JSON (technique, placements, eliminations,
    /// highlights, lines).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    words: WordingArgs,
    /// The puzzle's shape: classic, x, hyper, jigsaw, odd-even, 4x4, 6x6,
    /// 12x12 or 16x16, combined with + (x+hyper). A file whose header names
    /// its shape needs none.
    #[arg(long)]
    shape: Option<String>,
    #[command(flatten)]
    size: super::shape_size::SizeArgs,
}

/// The language and notation of Pip's lines, as `hint` and `explain` take them.
#[derive(Args, Clone, Copy)]
pub struct WordingArgs {
    /// Language of the explanation: en or fr.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// How cells and units are named: plain ("row 6, column 2", "box 4")
    /// or compact ("r6c2", "b4"). JSON fields keep the compact form.
    #[arg(long, default_value = "plain", value_parser = parse_notation)]
    notation: Notation,
}

impl WordingArgs {
    pub fn wording(self) -> Wording {
        Wording::new(self.lang, self.notation)
    }
}

pub fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).ok_or_else(|| format!("unknown language '{s}' (use en or fr)"))
}

pub fn parse_notation(s: &str) -> Result<Notation, String> {
    Notation::parse(s).ok_or_else(|| format!("unknown notation '{s}' (use plain or compact)"))
}

/// A step as JSON with its explanation lines, the shape `explain` and
/// `hint` share. The typed fields name cells compactly whatever the
/// notation ("r1c5"); only the lines follow it.
pub fn step_json(step: &Step, lang: Wording) -> serde_json::Value {
    let mut v = serde_json::to_value(step).unwrap_or_default();
    v["lines"] = serde_json::json!(texts(sudolens::hint::for_reading(step, lang)));
    v
}

pub fn texts(p: Paragraph) -> Vec<String> {
    p.lines.into_iter().map(|l| l.text).collect()
}

/// The one grid `hint` and `explain` work on, or the exit code of why not.
pub fn one_grid(arg: &str, command: &str) -> Result<Grid, ExitCode> {
    match read_source(arg) {
        Ok(s) => match s.puzzles {
            PuzzleStream::Single(g) => Ok(g),
            PuzzleStream::Many(_) => Err(bad_input(&format!(
                "{}: {command} takes one puzzle, not a file of many",
                s.name
            ))),
        },
        Err(e) => Err(bad_input(&e)),
    }
}

pub fn run(args: &HintArgs) -> ExitCode {
    let shape = match args.size.shape_name(args.shape.as_deref()) {
        Ok(shape) => shape,
        Err(e) => return bad_input(&e),
    };
    match super::shaped::read_shaped(&args.puzzle, shape.as_deref()) {
        Ok(Some(source)) => return super::shaped::hint(source, args.words.wording(), args.json),
        Ok(None) => {}
        Err(e) => return bad_input(&e),
    }
    let grid = match one_grid(&args.puzzle, "hint") {
        Ok(g) => g,
        Err(code) => return code,
    };
    say_outcome(&Board::new(grid), args.words.wording(), args.json, None)
}

/// Pip's next step on `board`, in lines or (`json`) as one object that
/// names the board's shape when `shape` is given; the exit code of the
/// outcome. `hint` on a classic and on a shaped puzzle alike.
pub fn say_outcome(board: &Board, words: Wording, json: bool, shape: Option<&str>) -> ExitCode {
    let grid = *board.givens();
    let outcome = next_outcome(board);
    let paragraph = match &outcome {
        NextStep::Invalid(v) => invalid_grid(&grid, v, words),
        // no Next or Apply in a terminal: the step ends at its conclusion
        NextStep::Step(step) => sudolens::hint::for_reading(step, words),
        other => for_outcome(other, words),
    };
    let mut out = Output::stdout();
    if json {
        let mut v = match &outcome {
            NextStep::Step(step) => step_json(step, words),
            other => {
                let status = match other {
                    NextStep::Solved => "solved",
                    NextStep::Invalid(_) => "invalid",
                    _ => "stuck",
                };
                serde_json::json!({ "status": status, "lines": texts(paragraph) })
            }
        };
        if let Some(name) = shape {
            v["shape"] = serde_json::json!(name);
        }
        out.line(v);
    } else {
        for line in texts(paragraph) {
            out.line(line);
        }
    }
    out.finish(match outcome {
        NextStep::Step(_) | NextStep::Solved => Exit::Ok,
        NextStep::Invalid(v) => Exit::for_verdict(&v),
        NextStep::Stuck => Exit::Stuck,
    })
}
