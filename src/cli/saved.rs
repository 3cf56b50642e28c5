//! A save file given where a puzzle was expected (`solve autosave.json`):
//! recognised from its first bytes and named for what it is, with what to
//! do with it, instead of a hundred "line N" errors from reading its JSON
//! as puzzle lines (issue 32, N13).

use std::io::Read;
use std::path::Path;
use sudolens::grid::SavedGame;

/// Bytes read to recognise a save file: its `format` field is the first
/// one written, within the first few dozen bytes.
const SNIFF_BYTES: u64 = 256;

/// What the file at `path` is and what to do with it, when it is a
/// sudolens save file (a game's or a duel's); `None` for anything else.
pub fn saved_file_message(path: &str) -> Option<String> {
    let mut start = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(SNIFF_BYTES)
        .read_to_end(&mut start)
        .ok()?;
    let start = String::from_utf8_lossy(&start);
    if !start.trim_start().starts_with('{') {
        return None;
    }
    // The format as serde_json writes it, pretty-printed or not.
    let declares = |format: &str| {
        let compact: String = start.split_whitespace().collect();
        compact.contains(&format!("\"format\":\"{format}\""))
    };
    if declares("sudolens-duel") {
        return Some(format!(
            "{path} is a saved duel, not a puzzle file: resume it with sudolens duel --resume {path}"
        ));
    }
    if !declares("sudolens-game") {
        return None;
    }
    let open_it = format!(
        "{path} is a saved game, not a puzzle file: open it in the window (sudolens, then Ctrl+O)"
    );
    Some(match SavedGame::read(Path::new(path)) {
        Ok(saved) => format!(
            "{open_it}, or give its grid as it stands (givens and entries) as the puzzle: {}",
            saved.board.grid().to_line()
        ),
        Err(e) => format!("{open_it}; it cannot be read: {e}"),
    })
}
