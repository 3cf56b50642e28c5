//! `sudolens solve`: the exact solver on one puzzle or a batch.

use super::hint::parse_notation;
use super::output::Ending;
use super::{bad_input, read_source, Exit, Output};
use clap::Args;
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::grid::{Grid, PuzzleLine, PuzzleLines, PuzzleStream};
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
    #[command(flatten)]
    size: super::shape_size::SizeArgs,
    /// Threads a batch is solved on (default: one per core); the output
    /// keeps the file's order.
    #[arg(long, short = 'j', value_parser = super::jobs::parse_jobs)]
    jobs: Option<usize>,
}

pub fn run(args: &SolveArgs) -> ExitCode {
    let shape = match args.size.shape_name(args.shape.as_deref()) {
        Ok(shape) => shape,
        Err(e) => return bad_input(&e),
    };
    match super::shaped::read_shaped(&args.puzzle, shape.as_deref()) {
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
        PuzzleStream::Many(lines) => {
            let jobs = args.jobs.unwrap_or_else(super::jobs::default_jobs);
            solve_batch(&source.name, lines, words, jobs)
        }
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

/// What became of one line of a batch, counted in the summary.
#[derive(Clone, Copy)]
enum Outcome {
    Solved,
    Invalid,
    Malformed,
}

/// Solves each line as it is read, on `jobs` threads: one output line per
/// puzzle, in the file's order, and nothing kept but the counts.
fn solve_batch(
    name: &str,
    lines: PuzzleLines<Box<dyn BufRead>>,
    words: Wording,
    jobs: usize,
) -> ExitCode {
    let start = Instant::now();
    let mut out = Output::stdout();
    let mut tally = Tally::default();
    let work = |line: PuzzleLine| match &line.grid {
        Err(e) => (
            Outcome::Malformed,
            format!("error: {}", e.at_line(line.line)),
        ),
        Ok(grid) => match verdict(grid) {
            Verdict::Unique(s) => (Outcome::Solved, s.to_line()),
            v => (
                Outcome::Invalid,
                format!("error: line {}: {}", line.line, verdict_summary(&v, words)),
            ),
        },
    };
    // Solving a puzzle takes microseconds: chunks of them keep the threads'
    // hand-over small next to the work.
    super::jobs::ordered(lines, jobs, 64, work, |(outcome, text)| {
        tally.puzzles += 1;
        match outcome {
            Outcome::Solved => tally.solved += 1,
            Outcome::Invalid => tally.invalid += 1,
            Outcome::Malformed => tally.malformed += 1,
        }
        out.line(text);
        !out.failed()
    });
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
