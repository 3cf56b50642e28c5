//! `sudolens explain`: the whole logical path of a puzzle, step by step.

use super::hint::{step_json, texts, WordingArgs};
use super::{read_source, Exit, Output};
use clap::Args;
use std::io::BufRead;
use std::process::ExitCode;
use sudolens::grid::{Grid, PuzzleLine, PuzzleLines, PuzzleStream};
use sudolens::hint::{for_reading, inner_chains, invalid_grid, summary, Wording};
use sudolens::logic::solve_path;
use sudolens::solver::verdict;

#[derive(Args)]
pub struct ExplainArgs {
    /// An 81-character puzzle, a grid file, a file of puzzles (one per
    /// line), or `-` for standard input.
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
    #[command(flatten)]
    size: super::shape_size::SizeArgs,
    /// Threads a file of puzzles is explained on (default: one per core);
    /// the output keeps the file's order.
    #[arg(long, short = 'j', value_parser = super::jobs::parse_jobs)]
    jobs: Option<usize>,
}

pub fn run(args: &ExplainArgs) -> ExitCode {
    let shape = match args.size.shape_name(args.shape.as_deref()) {
        Ok(shape) => shape,
        Err(e) => return super::bad_input(&e),
    };
    match super::shaped::read_shaped(&args.puzzle, shape.as_deref()) {
        Ok(Some(source)) => {
            let words = args.words.wording();
            return super::shaped::explain(source, words, args.json, args.brief);
        }
        Ok(None) => {}
        Err(e) => return super::bad_input(&e),
    }
    let source = match read_source(&args.puzzle) {
        Ok(s) => s,
        Err(e) => return super::bad_input(&e),
    };
    let words = args.words.wording();
    let mut out = Output::stdout();
    match source.puzzles {
        PuzzleStream::Single(grid) => {
            let (lines, exit) = explained(&grid, args, words);
            for line in lines {
                out.line(line);
            }
            out.finish(exit)
        }
        PuzzleStream::Many(lines) => explain_batch(lines, args, words, out),
    }
}

/// A file of puzzles, each explained in turn on `--jobs` threads, in the
/// file's order: in text, a blank line between puzzles; in JSON, one
/// object per puzzle. A line that is no puzzle says so and the rest go on.
fn explain_batch(
    lines: PuzzleLines<Box<dyn BufRead>>,
    args: &ExplainArgs,
    words: Wording,
    mut out: Output,
) -> ExitCode {
    let work = |line: PuzzleLine| match line.grid {
        Ok(grid) => explained(&grid, args, words),
        Err(e) => {
            let message = e.at_line(line.line);
            let text = if args.json {
                serde_json::json!({ "error": message }).to_string()
            } else {
                format!("error: {message}")
            };
            (vec![text], Exit::BadInput)
        }
    };
    let jobs = args.jobs.unwrap_or_else(super::jobs::default_jobs);
    let (mut first, mut worst) = (true, Exit::Ok);
    super::jobs::ordered(lines, jobs, 1, work, |(lines, exit)| {
        if !first && !args.json {
            out.line("");
        }
        first = false;
        for line in lines {
            out.line(line);
        }
        if exit != Exit::Ok {
            worst = Exit::BatchFailures;
        }
        !out.failed()
    });
    out.finish(worst)
}

/// One puzzle's whole path as the lines `explain` prints, and the exit
/// code it alone would give.
fn explained(grid: &Grid, args: &ExplainArgs, words: Wording) -> (Vec<String>, Exit) {
    let v = verdict(grid);
    if !v.is_unique() {
        return (texts(invalid_grid(grid, &v, words)), Exit::for_verdict(&v));
    }
    let path = solve_path(grid);
    let mut out = Vec::new();
    if args.json {
        let steps: Vec<serde_json::Value> =
            path.steps.iter().map(|s| step_json(s, words)).collect();
        let json = serde_json::json!({
            "puzzle": grid.to_line(),
            "steps": steps,
            "solved_by_logic": path.solved_by_logic,
        });
        out.push(json.to_string());
    } else {
        for (i, step) in path.steps.iter().enumerate() {
            out.push(format!("{:3}. {}", i + 1, summary(step, words)));
            if !args.brief {
                for line in for_reading(step, words).lines {
                    out.push(format!("       {}", line.text));
                }
                if args.verbose {
                    for chain in inner_chains(step, words) {
                        out.push(format!("       [{}]", chain.number));
                        for line in chain.lines {
                            out.push(format!("         {}", line.text));
                        }
                    }
                }
            }
        }
        out.push(format!(
            "{} steps, {}",
            path.steps.len(),
            if path.solved_by_logic {
                "solved by logic"
            } else {
                "logic stopped before the end"
            }
        ));
    }
    let exit = if path.solved_by_logic {
        Exit::Ok
    } else {
        Exit::Stuck
    };
    (out, exit)
}
