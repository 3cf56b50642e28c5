//! The `sudolens` command: the CLI over the library.

#[macro_use]
mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "sudolens",
    version,
    about = "Read a newspaper Sudoku, get the next logical step explained, or the solution at once",
    long_about = "Read a newspaper Sudoku, get the next logical step explained, or the solution at once.\n\nWith no command, opens the window. Game files live in $SUDOLENS_DATA_DIR, else $XDG_DATA_HOME/sudolens, else ~/.local/share/sudolens.",
    after_help = cli::EXIT_CODES_HELP
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle (81-character argument, a file with one grid, or a
    /// file with one puzzle per line; `-` reads standard input).
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Solve(cli::solve::SolveArgs),
    /// The next logical step on a grid, explained line by line by Pip.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Hint(cli::hint::HintArgs),
    /// The whole logical solution path, one explained step after another.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Explain(cli::explain::ExplainArgs),
    /// Rate puzzles: level, SE-style score, hardest technique (one line
    /// each); `--bench` adds the engine's timings.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Rate(cli::rate::RateArgs),
    /// Read a Sudoku from photos: the grid, uncertain cells and the solver's verdict;
    /// several photos print one line each and a summary.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Import(cli::import::ImportArgs),
    /// Serve the sudolens page and its API to a browser: the first line
    /// printed is the page's address with its access token; Ctrl+C stops it.
    #[cfg(feature = "web")]
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Serve(cli::serve::ServeArgs),
    /// New puzzles at a level (one per line, or JSON), or the puzzle of the
    /// day: unique, rated at that level, reproducible from a seed.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Generate(cli::generate::GenerateArgs),
    /// Duel with Pip: fill the grid Pip hands you while Pip fills yours;
    /// wrong values and jokers cost a penalty point, the fewer win.
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Duel(cli::duel::DuelArgs),
    /// List the games the window keeps (unfinished and finished), the last played first
    #[command(after_help = cli::EXIT_CODES_HELP)]
    Games(cli::games::GamesArgs),
}

fn main() -> ExitCode {
    restore_sigpipe();
    // Errors of eframe and glutin; more with `RUST_LOG=info sudolens`.
    env_logger::init();
    let args = Args::parse();
    match args.command {
        Some(Command::Solve(a)) => cli::solve::run(&a),
        Some(Command::Hint(a)) => cli::hint::run(&a),
        Some(Command::Explain(a)) => cli::explain::run(&a),
        Some(Command::Rate(a)) => cli::rate::run(&a),
        Some(Command::Import(a)) => cli::import::run(&a),
        #[cfg(feature = "web")]
        Some(Command::Serve(a)) => cli::serve::run(&a),
        Some(Command::Generate(a)) => cli::generate::run(&a),
        Some(Command::Duel(a)) => cli::duel::run(&a),
        Some(Command::Games(a)) => cli::games::run(&a),
        None => open_window(),
    }
}

/// `sudolens` with no command: the window. Without a display, says so and
/// points at the commands that work without one.
#[cfg(feature = "gui")]
fn open_window() -> ExitCode {
    match sudolens::app::run(sudolens::app::Config::from_env()) {
        Ok(ended) => match ended.unsaved {
            None => ExitCode::SUCCESS,
            Some(why) => {
                say_err!("error: the game was not saved: {why}");
                cli::Exit::Unsaved.into()
            }
        },
        Err(e) => {
            let why = cli::without_source_paths(&e.to_string());
            say_err!("error: cannot open the window: {why}");
            say_err!("(no display? the commands work in a terminal:)\n");
            cli::welcome();
            cli::Exit::NoWindow.into()
        }
    }
}

/// Built without the window (`--no-default-features`): the commands only.
#[cfg(not(feature = "gui"))]
fn open_window() -> ExitCode {
    say_err!("this sudolens was built without the window (the `gui` feature)\n");
    cli::welcome();
    cli::Exit::NoWindow.into()
}

/// Rust ignores SIGPIPE, so `sudolens explain ... | head` would panic on the
/// first write after `head` exits. Every command here writes plain output
/// that a pipe may cut short: end quietly like other Unix tools instead.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread or output exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
