//! Subcommands of the `sudolens` binary, one file each.

pub mod explain;
pub mod hint;
pub mod import;
pub mod rate;
pub mod solve;

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use sudolens::grid::{read_puzzles, Grid, Puzzles};

/// Exit code for input that cannot be read or parsed.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Where puzzles came from, for error messages.
pub struct Source {
    pub name: String,
    pub puzzles: Puzzles,
}

/// Reads `arg` as puzzles: `-` is standard input, an existing path is a
/// puzzle file, anything else must be the puzzle itself.
pub fn read_source(arg: &str) -> Result<Source, String> {
    let (name, parsed) = if arg == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("standard input: {e}"))?;
        ("standard input".to_string(), read_puzzles(&bytes))
    } else if Path::new(arg).is_file() {
        let bytes = std::fs::read(arg).map_err(|e| format!("{arg}: {e}"))?;
        (arg.to_string(), read_puzzles(&bytes))
    } else {
        match Grid::parse(arg) {
            Ok(g) => ("argument".to_string(), Ok(Puzzles::Single(g))),
            Err(e) => {
                // A typo in a file name should not read as a bad puzzle.
                let looks_like_path =
                    arg.contains(['/', '\\', '.']) && arg.chars().any(|c| c.is_alphabetic());
                return Err(if looks_like_path {
                    format!("'{arg}' is neither a file that exists nor a puzzle ({e})")
                } else {
                    format!("puzzle argument: {e}")
                });
            }
        }
    };
    parsed
        .map(|puzzles| Source {
            name: name.clone(),
            puzzles,
        })
        .map_err(|e| format!("{name}: {e}"))
}

/// Prints an error the way every subcommand does and returns exit code 2.
pub fn bad_input(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
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
    println!("sudolens: a Sudoku assistant\n");
    println!("A hard puzzle:\n{}", grid.to_pretty());
    match verdict.solution() {
        Some(s) => println!(
            "Its unique solution, found in {:.2} ms:\n{}",
            took.as_secs_f64() * 1e3,
            s.to_pretty()
        ),
        None => println!("{verdict}"),
    }
    println!("Usage:");
    println!("  sudolens solve <PUZZLE|FILE|->   solve one puzzle or a file of puzzles");
    println!("  sudolens hint <PUZZLE>           the next logical step, explained");
    println!("  sudolens explain <PUZZLE>        every step from start to finish");
    println!("  sudolens rate <PUZZLE|FILE>      level, score and hardest technique");
    println!("  sudolens --help                  all commands and options");
    ExitCode::SUCCESS
}
