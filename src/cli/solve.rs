//! `sudolens solve`: the exact solver on one puzzle or a batch.

use super::{bad_input, read_source};
use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::Puzzles;
use sudolens::solver::{verdict, Verdict};

#[derive(Args)]
pub struct SolveArgs {
    /// An 81-character puzzle, a puzzle file, or `-` for standard input.
    puzzle: String,
}

/// Exit codes of a single puzzle, documented in the README.
const EXIT_NO_SOLUTION: u8 = 3;
const EXIT_MULTIPLE: u8 = 4;

pub fn run(args: &SolveArgs) -> ExitCode {
    let source = match read_source(&args.puzzle) {
        Ok(s) => s,
        Err(e) => return bad_input(&e),
    };
    match source.puzzles {
        Puzzles::Single(grid) => {
            let v = verdict(&grid);
            match &v {
                Verdict::Unique(solution) => {
                    println!("{}", solution.to_line());
                    ExitCode::SUCCESS
                }
                Verdict::NoSolution { .. } => {
                    println!("{v}");
                    ExitCode::from(EXIT_NO_SOLUTION)
                }
                Verdict::Multiple(_) => {
                    println!("{v}");
                    ExitCode::from(EXIT_MULTIPLE)
                }
            }
        }
        Puzzles::Many(lines) => {
            let start = Instant::now();
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let (mut solved, mut invalid, mut malformed) = (0usize, 0usize, 0usize);
            for line in &lines {
                let text = match &line.grid {
                    Err(e) => {
                        malformed += 1;
                        format!("error: line {}: {e}", line.line)
                    }
                    Ok(grid) => match verdict(grid) {
                        Verdict::Unique(s) => {
                            solved += 1;
                            s.to_line()
                        }
                        v => {
                            invalid += 1;
                            format!("error: line {}: {v}", line.line)
                        }
                    },
                };
                if writeln!(out, "{text}").is_err() {
                    // The reader went away (e.g. `| head`): stop quietly.
                    return ExitCode::SUCCESS;
                }
            }
            let _ = out.flush();
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "{}: {} puzzles, {solved} solved, {invalid} invalid, {malformed} malformed, {:.0} puzzles/s",
                source.name,
                lines.len(),
                lines.len() as f64 / secs.max(1e-9)
            );
            if solved == lines.len() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
    }
}
