//! Subcommands of the `sudolens` binary, one file each, and what they share:
//! the exit codes and the reading of puzzle arguments and files.

/// A line on standard error, as `eprintln!` writes it, but never a panic: `eprintln!` panics
/// when standard error cannot be written (`2>/dev/full`, a closed terminal), turning a plain
/// error into exit 101 (issue 32). A failed write to standard error is ignored, since standard
/// error is where it would be reported; the exit code still tells the failure.
macro_rules! say_err {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

pub mod duel;
pub mod explain;
pub mod games;
pub mod generate;
pub mod hint;
pub mod import;
mod input;
mod jobs;
pub mod output;
pub mod rate;
mod saved;
#[cfg(feature = "web")]
pub mod serve;
mod shape_size;
pub mod shaped;
mod sized;
pub mod solve;

pub use input::read_source;
pub use output::Output;

use std::process::ExitCode;
use sudolens::grid::Grid;
use sudolens::hint::{verdict_summary, Lang};
use sudolens::solver::Verdict;

/// The exit codes of every command: one verdict, one code, whichever command
/// reached it, so that scripts can tell the cases apart without parsing text.
/// [`EXIT_CODES_HELP`] and the README's "Command line" section show the same
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// Done: solved, a step found, rated, a photo read into a proper puzzle.
    Ok = 0,
    /// A batch (a file of puzzles, several photos) in which some items
    /// failed; each failure has its own line and the rest were done.
    BatchFailures = 1,
    /// Input that cannot be read, or a usage error (clap uses 2 too): no
    /// such file, a directory, binary data, a malformed puzzle, a photo that
    /// is empty, damaged, too large or not in a format sudolens reads.
    BadInput = 2,
    /// The puzzle has no solution: conflicting givens, or a dead end.
    NoSolution = 3,
    /// The puzzle has several solutions (too few givens, or a missing one).
    Multiple = 4,
    /// The photo was decoded but holds no Sudoku grid. Apart from 2 because
    /// the fix differs: the file is fine, the photo must be taken again.
    NoGrid = 5,
    /// A proper puzzle on which the rule engine ran out of techniques
    /// (`hint` found no step, `explain` or `rate` stopped before the end).
    Stuck = 6,
    /// The window closed without the game saved: it could not be written,
    /// and the player, asked, chose to close anyway.
    Unsaved = 7,
    /// The window could not open (no display), or this build has none.
    NoWindow = 8,
    /// sudolens itself failed, not the input: the bundled digit model did
    /// not load, or `rate --check` caught a wrong conclusion. 70 is
    /// `EX_SOFTWARE` of sysexits.h.
    Internal = 70,
    /// Standard output or a file could not be written (a full disk, an
    /// I/O error); the message names what and why. 74 is `EX_IOERR`.
    WriteFailed = 74,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

impl Exit {
    /// The code for the solver's verdict on one puzzle.
    pub fn for_verdict(v: &Verdict) -> Exit {
        match v {
            Verdict::Unique(_) => Exit::Ok,
            Verdict::NoSolution { .. } => Exit::NoSolution,
            Verdict::Multiple(_) => Exit::Multiple,
        }
    }
}

/// The exit-code table shown by `sudolens --help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes (the same for every command):
  0   done: solved, a step found, rated, a photo read into a proper puzzle
  1   a batch (file of puzzles, several photos) with failures, each reported on its own line
  2   input that cannot be read, or a usage error: no such file, a directory, binary
      data, a malformed puzzle, a photo that is empty, damaged, too large or not
      JPEG, PNG, WebP or BMP
  3   no solution: conflicting givens, or a dead end
  4   several solutions
  5   no Sudoku grid found in the photo (the file is fine: take the photo again)
  6   the rule engine found no further logical step (hint, explain, rate)
  7   the window closed without the game saved (it could not be written)
  8   the window could not open (no display, or built without it)
  70  sudolens itself failed: the digit model did not load, or rate --check caught a wrong step
  74  output that could not be written: standard output or a file (a full disk, an I/O error)";

/// `message` without the source locations some libraries put in their
/// errors: winit's say "os error at /home/.../.cargo/registry/src/.../
/// mod.rs:788: " before the cause, a build path of no use to the player
/// (issue 32, N13).
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
pub fn without_source_paths(message: &str) -> String {
    const AT: &str = "os error at ";
    let mut text = message.to_string();
    while let Some(at) = text.find(AT) {
        let rest = &text[at + AT.len()..];
        // The location ends with ".rs:LINE: ".
        let end = rest
            .find(".rs:")
            .and_then(|i| rest[i..].find(": ").map(|j| i + j + 2));
        match end {
            Some(end) => text.replace_range(at..at + AT.len() + end, ""),
            None => break,
        }
    }
    text
}

/// Prints an error the way every subcommand does and returns exit code 2.
pub fn bad_input(message: &str) -> ExitCode {
    say_err!("error: {message}");
    Exit::BadInput.into()
}

/// What `sudolens` with no arguments does: show the solver at work on a
/// built-in puzzle and how to use the commands.
pub fn welcome() -> ExitCode {
    const SAMPLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = Grid::parse(SAMPLE).expect("the built-in sample parses");
    let start = std::time::Instant::now();
    let verdict = sudolens::solver::verdict(&grid);
    let took = start.elapsed();
    let mut out = Output::stdout();
    out.line("sudolens: a Sudoku assistant\n");
    out.line(format_args!("A hard puzzle:\n{}", grid.to_pretty()));
    match verdict.solution() {
        Some(s) => out.line(format_args!(
            "Its unique solution, found in {:.2} ms:\n{}",
            took.as_secs_f64() * 1e3,
            s.to_pretty()
        )),
        None => out.line(verdict_summary(&verdict, Lang::En)),
    }
    out.line("Usage:");
    out.line("  sudolens solve <PUZZLE|FILE|->   solve one puzzle or a file of puzzles");
    out.line("  sudolens hint <PUZZLE>           the next logical step, explained");
    out.line("  sudolens explain <PUZZLE>        every step from start to finish");
    out.line("  sudolens rate <PUZZLE|FILE>      level, score and hardest technique");
    out.line("  sudolens import <PHOTO>...       read the Sudoku in newspaper photos");
    #[cfg(feature = "web")]
    out.line("  sudolens serve [--lan]           play in a browser, or on a phone");
    out.line("  sudolens generate --level hard   a new puzzle at a level (--daily: of the day)");
    out.line("  sudolens duel                    a duel with Pip in the terminal");
    out.line("  sudolens --help                  all commands, options and exit codes");
    out.finish(Exit::Ok)
}

#[cfg(test)]
mod tests {
    #[test]
    fn source_paths_are_left_out_of_messages() {
        let winit = "winit EventLoopError: os error at /root/.cargo/registry/src/index/winit-0.30.13/src/platform_impl/linux/mod.rs:788: neither WAYLAND_DISPLAY nor DISPLAY is set.";
        assert_eq!(
            super::without_source_paths(winit),
            "winit EventLoopError: neither WAYLAND_DISPLAY nor DISPLAY is set."
        );
        assert_eq!(super::without_source_paths("no display"), "no display");
    }
}
