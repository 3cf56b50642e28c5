//! `sudolens solve`: the exact solver on one puzzle or a batch.

use super::hint::parse_notation;
use super::output::Ending;
use super::{bad_input, read_source, Exit, Output};
use clap::Args;
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::{Grid, PuzzleLines, PuzzleStream};
use sudolens::hint::{verdict_summary, Lang, Notation, Wording};
use sudolens::solver::{verdict, Verdict};

#[derive(Args)]
pub struct SolveArgs {
    /// An 81-character puzzle, a puzzle file, or `-` for standard input.
    puzzle: String,
    /// How the reason a puzzle fails names cells and units: plain ("row 1
    /// (columns 1 and 2)") or compact ("r1 (r1c1, r1c2)").
    #[arg(long, default_value = "plain", value_parser = parse_notation)]
    notation: Notation,
    /// The puzzle's shape: classic, x, hyper, jigsaw, odd-even, 4x4, 6x6,
    /// 12x12 or 16x16, combined with + (x+hyper). A file whose header names
    /// its shape needs none.
    #[arg(long)]
    shape: Option<String>,
}

pub fn run(args: &SolveArgs) -> ExitCode {
    match super::shaped::read_shaped(&args.puzzle, args.shape.as_deref()) {
        Ok(Some(source)) => {
            return super::shaped::solve(source, Wording::new(Lang::En, args.notation))
        }
        Ok(None) => {}
        Err(e) => return bad_input(&e),
    }
    let source = match read_source(&args.puzzle) {
        Ok(s) => s,
        Err(e) => return bad_input(&e),
    };
    let words = Wording::new(Lang::En, args.notation);
    match source.puzzles {
        PuzzleStream::Single(grid) => solve_one(&grid, words),
        PuzzleStream::Many(lines) => solve_batch(&source.name, lines, words),
    }
}

fn solve_one(grid: &Grid, words: Wording) -> ExitCode {
    let v = verdict(grid);
    let mut out = Output::stdout();
    match &v {
        Verdict::Unique(solution) => out.line(solution.to_line()),
        _ => out.line(verdict_summary(&v, words)),
    }
    out.finish(Exit::for_verdict(&v))
}

/// Counts of a batch, for the summary.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    invalid: usize,
    malformed: usize,
}

/// Solves each line as it is read: one output line per puzzle, in order,
/// and nothing kept but the counts.
fn solve_batch(name: &str, lines: PuzzleLines<Box<dyn BufRead>>, words: Wording) -> ExitCode {
    let start = Instant::now();
    let mut out = Output::stdout();
    let mut tally = Tally::default();
    for line in lines {
        tally.puzzles += 1;
        let text = match &line.grid {
            Err(e) => {
                tally.malformed += 1;
                format!("error: {}", e.at_line(line.line))
            }
            Ok(grid) => match verdict(grid) {
                Verdict::Unique(s) => {
                    tally.solved += 1;
                    s.to_line()
                }
                v => {
                    tally.invalid += 1;
                    format!("error: line {}: {}", line.line, verdict_summary(&v, words))
                }
            },
        };
        out.line(text);
        if out.failed() {
            break;
        }
    }
    // A failed write is said before the summary, which counts the lines
    // read; a closed pipe (`| head`) ends the batch quietly, as asked.
    let ending = out.end();
    if ending == Ending::Closed {
        return ExitCode::SUCCESS;
    }
    let secs = start.elapsed().as_secs_f64();
    say_err!(
        "{name}: {} puzzles, {} solved, {} invalid, {} malformed, {:.0} puzzles/s",
        tally.puzzles,
        tally.solved,
        tally.invalid,
        tally.malformed,
        tally.puzzles as f64 / secs.max(1e-9)
    );
    if ending == Ending::Failed {
        Exit::WriteFailed.into()
    } else if tally.solved == tally.puzzles {
        Exit::Ok.into()
    } else {
        Exit::BatchFailures.into()
    }
}
