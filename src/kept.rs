//! Every game kept: one file per game in `games/` under the data folder,
//! from its first move until it is deleted, whatever its source (issue 30).
//!
//! A kept game's file is a save file (see [`crate::grid::SavedGame`]: the
//! givens, entries, notes, undo history, clock and shape) with one more
//! field, `kept`: its id, where it came from, its level, when it was
//! started and last played, and whether it is finished. Any reader of save
//! files therefore opens a kept game as it is. Files are written atomically,
//! one writer at a time, the newest snapshot winning ([`crate::files`]).
//!
//! The single `autosave.json` of earlier versions becomes a kept game the
//! first time the window opens ([`migrate_autosave`]); the file itself is
//! set aside, never deleted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use crate::grid::SavedGame;
use crate::grid::{read_save, write_save, SaveError};

/// What a kept game is, apart from its board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptInfo {
    /// The game's name in its folder (`games/<id>.json`).
    pub id: String,
    /// Where the puzzle came from: `generated`, `daily`, `photo`, `file`,
    /// `pasted`, `practice`, or `saved` (under way before it was kept).
    pub source: String,
    /// The file or photo's name, the seed, the date or the technique.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_name: Option<String>,
    /// The level's key (`"Hard"`), once the puzzle is rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Milliseconds since 1970 (UTC) when the game began to be kept.
    pub started_ms: u64,
    /// Milliseconds since 1970 (UTC) when it was last on screen.
    pub last_played_ms: u64,
    /// Solved: no longer offered by Continue.
    #[serde(default)]
    pub finished: bool,
    /// An endless carpet's own save text (see
    /// [`crate::generate::endless`]): its seed, level, where the player
    /// is, and what they wrote beyond the view the board holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endless: Option<String>,
}

impl KeptInfo {
    /// A game kept from now on, under a new id.
    pub fn new(source: &str, source_name: Option<String>) -> KeptInfo {
        let now = now_ms();
        KeptInfo {
            id: new_id(),
            source: source.to_string(),
            source_name,
            level: None,
            started_ms: now,
            last_played_ms: now,
            finished: false,
            endless: None,
        }
    }
}

/// A kept game: its board and clock, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    pub info: KeptInfo,
    pub game: SavedGame,
}

impl KeptGame {
    /// The save file's JSON with the `kept` field added.
    pub fn to_json(&self) -> String {
        let mut value: serde_json::Value =
            serde_json::from_str(&self.game.to_json()).expect("a save file is JSON");
        if let Some(map) = value.as_object_mut() {
            let info = serde_json::to_value(&self.info).expect("kept info serialises");
            map.insert("kept".into(), info);
        }
        serde_json::to_string_pretty(&value).expect("a kept game serialises")
    }

    /// A kept game from its file's text; a save file without `kept` is
    /// refused (it is a game saved elsewhere, not one of the library).
    pub fn from_json(text: &str) -> Result<KeptGame, SaveError> {
        let game = SavedGame::from_json(text)?;
        #[derive(Deserialize)]
        struct Wrapper {
            kept: Option<KeptInfo>,
        }
        let wrapper: Wrapper =
            serde_json::from_str(text).map_err(|e| SaveError::from_json_error(&e))?;
        let info = wrapper.kept.ok_or_else(|| SaveError::Invalid {
            path: None,
            message: "a saved game, not one of the games kept (no \"kept\" field)".into(),
        })?;
        if let Some(text) = &info.endless {
            if let Err(e) = crate::generate::endless::EndlessCarpet::from_text(text) {
                return Err(SaveError::Invalid {
                    path: None,
                    message: format!("kept: its endless carpet, {e}"),
                });
            }
        }
        if !valid_id(&info.id) {
            return Err(SaveError::Invalid {
                path: None,
                message: format!("kept: the id '{}' is not a kept game's name", info.id),
            });
        }
        Ok(KeptGame { info, game })
    }

    /// Writes the game to its file in `data_dir` as snapshot `version`,
    /// atomically (see [`crate::files::write_newest`]), creating the
    /// folder first.
    pub fn write_version(&self, data_dir: &Path, version: u64) -> Result<(), SaveError> {
        let dir = games_dir(data_dir);
        std::fs::create_dir_all(&dir).map_err(|source| SaveError::Io {
            path: dir.clone(),
            source,
        })?;
        write_save(&path_of(data_dir, &self.info.id), version, &self.to_json()).map(|_| ())
    }

    pub fn read(path: &Path) -> Result<KeptGame, SaveError> {
        read_save(path, KeptGame::from_json)
    }

    /// One object of `sudolens games --json`.
    pub fn summary_json(&self) -> serde_json::Value {
        let b = &self.game.board;
        let (puzzle, entries) = b.text_lines();
        serde_json::json!({
            "id": self.info.id,
            "source": self.info.source,
            "source_name": self.info.source_name,
            "shape": b.shape().name(),
            "puzzle": puzzle,
            "entries": entries,
            "level": self.info.level,
            "seconds_played": self.game.elapsed_seconds,
            "started_ms": self.info.started_ms,
            "last_played_ms": self.info.last_played_ms,
            "finished": self.info.finished,
        })
    }
}

/// The folder of kept games.
pub fn games_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("games")
}

/// The file of the kept game `id`.
pub fn path_of(data_dir: &Path, id: &str) -> PathBuf {
    games_dir(data_dir).join(format!("{id}.json"))
}

/// Whether `id` is a name this module gives (digits and dashes), so that a
/// damaged file can never make a path outside the folder.
fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() < 64 && id.chars().all(|c| c.is_ascii_digit() || c == '-')
}

/// Milliseconds since 1970, UTC.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A new game's id: the time, the process and a counter, so that two
/// windows or two games in one second never share one.
fn new_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!(
        "{}-{}-{}",
        crate::files::utc_stamp(std::time::SystemTime::now()),
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// The kept games in `data_dir`, the last played first, and the files that
/// could not be read (each error names its file). A missing folder is no
/// game, not an error.
pub fn list(data_dir: &Path) -> (Vec<KeptGame>, Vec<SaveError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    let Ok(entries) = std::fs::read_dir(games_dir(data_dir)) else {
        return (games, errors);
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        // Temporary files and locks of the atomic writes start with a dot;
        // damaged files set aside carry `.damaged-` in their names.
        if name.starts_with('.') || !name.ends_with(".json") || name.contains(".damaged-") {
            continue;
        }
        match KeptGame::read(&path) {
            Ok(g) => games.push(g),
            Err(e) => errors.push(e),
        }
    }
    games.sort_by(|a, b| {
        (b.info.last_played_ms, &b.info.id).cmp(&(a.info.last_played_ms, &a.info.id))
    });
    (games, errors)
}

/// Deletes the kept game `id`'s file (an absent one is already deleted).
pub fn delete(data_dir: &Path, id: &str) -> std::io::Result<()> {
    if !valid_id(id) {
        return Ok(());
    }
    match std::fs::remove_file(path_of(data_dir, id)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Sets the kept game at `path` aside as damaged (never read again, never
/// lost); returns where it went.
pub fn set_aside_damaged(path: &Path) -> std::io::Result<PathBuf> {
    crate::files::set_aside(path, "damaged")
}

/// What became of the old `autosave.json`.
#[derive(Debug)]
pub enum Migrated {
    /// There was none.
    Nothing,
    /// It is now this kept game; the old file was set aside there.
    Kept(Box<KeptGame>, PathBuf),
}

/// Turns the `autosave.json` of earlier versions into a kept game: the
/// game is written to the library first, then the old file is set aside as
/// `autosave.migrated-<time>.json` (never deleted). A damaged autosave is
/// the error, naming the file, and is left where it is.
pub fn migrate_autosave(data_dir: &Path) -> Result<Migrated, SaveError> {
    let old = data_dir.join("autosave.json");
    if !old.exists() {
        return Ok(Migrated::Nothing);
    }
    let game = SavedGame::read(&old)?;
    let mut info = KeptInfo::new("saved", None);
    if let Ok(modified) = std::fs::metadata(&old).and_then(|m| m.modified()) {
        if let Ok(d) = modified.duration_since(std::time::UNIX_EPOCH) {
            info.last_played_ms = d.as_millis() as u64;
        }
    }
    info.finished = game.board.is_solved();
    let kept = KeptGame { info, game };
    kept.write_version(data_dir, 0)?;
    let aside = crate::files::set_aside(&old, "migrated").map_err(|source| SaveError::Io {
        path: old.clone(),
        source,
    })?;
    Ok(Migrated::Kept(Box::new(kept), aside))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudolens-kept-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn game(elapsed: u64) -> SavedGame {
        let grid = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        SavedGame::new(Board::new(grid), elapsed)
    }

    #[test]
    fn kept_games_round_trip_and_list_the_last_played_first() {
        let dir = temp_dir("list");
        let mut first = KeptGame {
            info: KeptInfo::new("generated", Some("42".into())),
            game: game(10),
        };
        first.info.last_played_ms = 1_000;
        let mut second = KeptGame {
            info: KeptInfo::new("pasted", None),
            game: game(20),
        };
        second.info.last_played_ms = 2_000;
        second.info.level = Some("Hard".into());
        first.write_version(&dir, 0).unwrap();
        second.write_version(&dir, 0).unwrap();
        // A save file is still a save file.
        let plain = SavedGame::read(&path_of(&dir, &first.info.id)).unwrap();
        assert_eq!(plain, first.game);
        let (games, errors) = list(&dir);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(games, vec![second.clone(), first.clone()]);
        delete(&dir, &second.info.id).unwrap();
        assert_eq!(list(&dir).0, vec![first]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_kept_game_is_an_error_naming_its_file() {
        let dir = temp_dir("damaged");
        std::fs::create_dir_all(games_dir(&dir)).unwrap();
        std::fs::write(path_of(&dir, "1-2-3"), "{ no").unwrap();
        let (games, errors) = list(&dir);
        assert!(games.is_empty());
        assert!(
            errors[0].to_string().contains("1-2-3.json"),
            "{}",
            errors[0]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_old_autosave_becomes_a_kept_game_and_is_set_aside() {
        let dir = temp_dir("migrate");
        assert!(matches!(migrate_autosave(&dir), Ok(Migrated::Nothing)));
        game(77).write(&dir.join("autosave.json")).unwrap();
        let Ok(Migrated::Kept(kept, aside)) = migrate_autosave(&dir) else {
            panic!("not migrated");
        };
        assert_eq!(kept.game.elapsed_seconds, 77);
        assert_eq!(kept.info.source, "saved");
        assert!(!dir.join("autosave.json").exists());
        assert!(aside.exists(), "the old file is kept aside");
        assert_eq!(list(&dir).0, vec![*kept]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
