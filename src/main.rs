//! The `sudolens` command: the CLI over the library.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "sudolens",
    version,
    about = "Read a newspaper Sudoku, get the next logical step explained, or the solution at once"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle (81-character argument, a file with one grid, or a
    /// file with one puzzle per line; `-` reads standard input).
    Solve(cli::solve::SolveArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    match args.command {
        Some(Command::Solve(a)) => cli::solve::run(&a),
        None => cli::welcome(),
    }
}
