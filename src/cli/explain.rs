//! `sudolens explain`: the whole logical path of a puzzle, step by step.

use super::hint::{one_grid, step_json, texts, WordingArgs};
use super::{Exit, Output};
use clap::Args;
use std::process::ExitCode;
use sudolens::hint::{for_reading, inner_chains, invalid_grid, summary};
use sudolens::logic::solve_path;
use sudolens::solver::verdict;

#[derive(Args)]
pub struct ExplainArgs {
    /// An 81-character puzzle, a grid file, or `-` for standard input.
    puzzle: String,
    /// Print `{"puzzle", "steps": [...], "solved_by_logic"}` as JSON.
    #[arg(long)]
    json: bool,
    /// Only the one-line summary of each step, without Pip's lines.
    #[arg(long)]
    brief: bool,
    /// Also tell the inner chains a nested forcing chain names in one line.
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    words: WordingArgs,
    /// The puzzle's shape: classic, x, hyper, jigsaw, odd-even, 4x4, 6x6,
    /// 12x12 or 16x16, combined with + (x+hyper). A file whose header names
    /// its shape needs none.
    #[arg(long)]
    shape: Option<String>,
}

pub fn run(args: &ExplainArgs) -> ExitCode {
    match super::shaped::read_shaped(&args.puzzle, args.shape.as_deref()) {
        Ok(Some(source)) => {
            let words = args.words.wording();
            return super::shaped::explain(source, words, args.json, args.brief);
        }
        Ok(None) => {}
        Err(e) => return super::bad_input(&e),
    }
    let grid = match one_grid(&args.puzzle, "explain") {
        Ok(g) => g,
        Err(code) => return code,
    };
    let words = args.words.wording();
    let v = verdict(&grid);
    let mut out = Output::stdout();
    if !v.is_unique() {
        for line in texts(invalid_grid(&grid, &v, words)) {
            out.line(line);
        }
        return out.finish(Exit::for_verdict(&v));
    }
    let path = solve_path(&grid);
    if args.json {
        let steps: Vec<serde_json::Value> =
            path.steps.iter().map(|s| step_json(s, words)).collect();
        let json = serde_json::json!({
            "puzzle": grid.to_line(),
            "steps": steps,
            "solved_by_logic": path.solved_by_logic,
        });
        out.line(json);
    } else {
        for (i, step) in path.steps.iter().enumerate() {
            out.line(format_args!("{:3}. {}", i + 1, summary(step, words)));
            if !args.brief {
                for line in for_reading(step, words).lines {
                    out.line(format_args!("       {}", line.text));
                }
                if args.verbose {
                    for chain in inner_chains(step, words) {
                        out.line(format_args!("       [{}]", chain.number));
                        for line in chain.lines {
                            out.line(format_args!("         {}", line.text));
                        }
                    }
                }
            }
        }
        out.line(format_args!(
            "{} steps, {}",
            path.steps.len(),
            if path.solved_by_logic {
                "solved by logic"
            } else {
                "logic stopped before the end"
            }
        ));
    }
    out.finish(if path.solved_by_logic {
        Exit::Ok
    } else {
        Exit::Stuck
    })
}
