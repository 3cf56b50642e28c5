//! `sudolens games`: the games the window keeps in the data folder
//! (`games/`, see `sudolens::kept`), the last played first, one line each;
//! with `--json`, one object per line.

use clap::Args;
use std::process::ExitCode;

use super::output::{Ending, Output};
use super::Exit;
use sudolens::kept;

#[derive(Args)]
pub struct GamesArgs {
    /// One JSON object per line: id, source, puzzle, entries, level,
    /// seconds played, last played, finished.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &GamesArgs) -> ExitCode {
    let dir = sudolens::files::data_dir();
    let (games, errors) = kept::list(&dir);
    let mut out = Output::stdout();
    if games.is_empty() && !args.json {
        say_err!("no game kept in {}", kept::games_dir(&dir).display());
    }
    for g in &games {
        let line = if args.json {
            g.summary_json().to_string()
        } else {
            text_line(g)
        };
        out.line(line);
    }
    // Each unreadable file is named; the others are listed all the same.
    for e in &errors {
        say_err!("error: {e}");
    }
    match out.end() {
        Ending::Failed => Exit::WriteFailed.into(),
        _ if !errors.is_empty() => Exit::BatchFailures.into(),
        _ => Exit::Ok.into(),
    }
}

/// `id  level  source  m:ss  filled/81  last played (UTC)  [finished]`.
fn text_line(g: &kept::KeptGame) -> String {
    let board = &g.game.board;
    let filled = board.grid().filled_count();
    let s = g.game.elapsed_seconds;
    let played = format!("{}:{:02}", s / 60, s % 60);
    let source = match &g.info.source_name {
        Some(name) => format!("{} {name}", g.info.source),
        None => g.info.source.clone(),
    };
    let last = std::time::UNIX_EPOCH + std::time::Duration::from_millis(g.info.last_played_ms);
    format!(
        "{}  {}  {source}  {played}  {filled}/81  last played {} UTC{}",
        g.info.id,
        g.info.level.as_deref().unwrap_or("unrated"),
        sudolens::files::utc_stamp(last),
        if g.info.finished { "  finished" } else { "" },
    )
}
