//! `sudolens hint`: the next logical step on a puzzle, with Pip's lines.

use super::{bad_input, read_source};
use clap::Args;
use std::process::ExitCode;
use sudolens::grid::{Board, Puzzles};
use sudolens::hint::{for_outcome, Lang};
use sudolens::logic::{next_outcome, Outcome, Step};

#[derive(Args)]
pub struct HintArgs {
    /// The grid as it stands (givens and digits found so far): an
    /// 81-character line, a grid file, or `-` for standard input.
    puzzle: String,
    /// Print the step as JSON (technique, placements, eliminations,
    /// highlights, lines).
    #[arg(long)]
    json: bool,
    /// Language of the explanation: en or fr.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
}

pub fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).ok_or_else(|| format!("unknown language '{s}' (use en or fr)"))
}

/// A step as JSON with its explanation lines, the shape `explain` and
/// `hint` share.
pub fn step_json(step: &Step, lang: Lang) -> serde_json::Value {
    let mut v = serde_json::to_value(step).unwrap_or_default();
    let lines: Vec<String> = sudolens::hint::for_step(step, lang)
        .lines
        .into_iter()
        .map(|l| l.text)
        .collect();
    v["lines"] = serde_json::json!(lines);
    v
}

pub fn run(args: &HintArgs) -> ExitCode {
    let grid = match read_source(&args.puzzle) {
        Ok(s) => match s.puzzles {
            Puzzles::Single(g) => g,
            Puzzles::Many(_) => return bad_input("hint takes one puzzle, not a file of many"),
        },
        Err(e) => return bad_input(&e),
    };
    let outcome = next_outcome(&Board::new(grid));
    if args.json {
        let v = match &outcome {
            Outcome::Step(step) => step_json(step, args.lang),
            other => {
                let lines: Vec<String> = for_outcome(other, args.lang)
                    .lines
                    .into_iter()
                    .map(|l| l.text)
                    .collect();
                let status = match other {
                    Outcome::Solved => "solved",
                    Outcome::Invalid(_) => "invalid",
                    _ => "stuck",
                };
                serde_json::json!({ "status": status, "lines": lines })
            }
        };
        println!("{v}");
    } else {
        for line in for_outcome(&outcome, args.lang).lines {
            println!("{}", line.text);
        }
    }
    match outcome {
        Outcome::Step(_) | Outcome::Solved => ExitCode::SUCCESS,
        Outcome::Invalid(_) => ExitCode::from(3),
        Outcome::Stuck => ExitCode::from(1),
    }
}
