//! `sudolens games`: the games the window keeps, one line each, or one JSON
//! object per line; an unreadable file is named and the others still listed.

use std::process::Command;

use super::super::common::{text, HARD};
use sudolens::grid::{Board, Cell, Grid, SavedGame};
use sudolens::kept::{KeptGame, KeptInfo};

#[test]
fn games_lists_the_kept_games_as_text_and_json() {
    let dir = std::env::temp_dir().join(format!("sudolens-it-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut board = Board::new(Grid::parse(HARD).unwrap());
    board.set_entry(Cell::new(0, 1), 1).unwrap();
    let mut info = KeptInfo::new("photo", Some("page.jpg".into()));
    info.level = Some("Hard".into());
    let game = KeptGame {
        info: info.clone(),
        game: SavedGame::new(board, 75),
    };
    game.write_version(&dir, 0).unwrap();
    std::fs::write(dir.join("games/1-2-3.json"), "{ damaged").unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sudolens"))
            .env("SUDOLENS_DATA_DIR", &dir)
            .arg("games")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(&info.id) && stdout.contains("Hard  photo page.jpg  1:15  18/81"),
        "{stdout}"
    );
    assert!(
        text(&out.stderr).contains("1-2-3.json"),
        "the damaged file is named"
    );
    assert_eq!(out.status.code(), Some(1), "one file could not be read");

    let out = run(&["--json"]);
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    let g = &lines[0];
    assert_eq!(g["id"], info.id.as_str());
    assert_eq!(g["source"], "photo");
    assert_eq!(g["puzzle"], HARD);
    assert_eq!(g["entries"].as_str().unwrap().chars().nth(1), Some('1'));
    assert_eq!(g["level"], "Hard");
    assert_eq!(g["seconds_played"], 75);
    assert_eq!(g["finished"], false);
    assert!(g["last_played_ms"].as_u64().is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}
