//! Where the app keeps its files: the autosave and saved games, under the
//! user's data directory, overridable for tests and portable installs.

use crate::grid::SavedGame;
use std::path::{Path, PathBuf};

pub(super) use crate::files::{data_dir, DATA_DIR_ENV};

/// The game saved on exit and restored on start.
pub(super) fn autosave_path(dir: &Path) -> PathBuf {
    dir.join("autosave.json")
}

/// Writes the autosave `path` (see `claim` for which file that is) as
/// snapshot `version`, creating its folder first. A snapshot older than one
/// already written is dropped (see [`crate::files::write_newest`]). The
/// error is the message for the player.
pub(super) fn write_autosave(path: &Path, game: &SavedGame, version: u64) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        ensure_dir(dir).map_err(|e| e.to_string())?;
    }
    game.write_version(path, version)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Creates `dir` and its parents if they do not exist yet: on a fresh
/// install the data folder is not there before the first save.
pub(super) fn ensure_dir(dir: &Path) -> Result<(), FolderError> {
    std::fs::create_dir_all(dir).map_err(|source| FolderError {
        path: dir.to_path_buf(),
        source,
    })
}

/// A folder sudolens needs could not be created.
#[derive(Debug)]
pub(super) struct FolderError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

impl std::fmt::Display for FolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot create the folder {}: {} (set {DATA_DIR_ENV} to another folder)",
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for FolderError {}

/// Moves a damaged autosave aside, under a name of its own
/// (`autosave.damaged-20261123-184500.json`, then `-2`, `-3`... within one
/// second), so that it is neither read again nor lost, nor does it replace
/// an earlier damaged file. Returns where it went.
pub(super) fn set_aside_damaged(dir: &Path) -> std::io::Result<PathBuf> {
    crate::files::set_aside(&autosave_path(dir), "damaged")
}

/// The folder "Save as" offers first; created when the window opens.
pub(super) fn saves_dir(dir: &Path) -> PathBuf {
    dir.join("saves")
}

/// A default file name for "Save as".
pub(super) fn default_save_path(dir: &Path) -> PathBuf {
    saves_dir(dir).join("game.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_live_in_the_data_dir() {
        let dir = Path::new("/tmp/x");
        assert_eq!(autosave_path(dir), Path::new("/tmp/x/autosave.json"));
        assert!(default_save_path(dir).starts_with(dir));
    }

    #[test]
    fn nested_data_folders_are_created() {
        let root = std::env::temp_dir().join(format!("sudolens-storage-{}", std::process::id()));
        let dir = root.join("a/b/c");
        ensure_dir(&dir).unwrap();
        assert!(dir.is_dir());
        let blocked = root.join("file");
        std::fs::write(&blocked, b"x").unwrap();
        let err = ensure_dir(&blocked.join("sub")).unwrap_err().to_string();
        assert!(
            err.contains("cannot create the folder") && err.contains("file/sub"),
            "{err}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Every damaged autosave keeps a name of its own: a second one in the
    /// same second does not replace the first.
    #[test]
    fn damaged_autosaves_never_replace_each_other() {
        let dir = std::env::temp_dir().join(format!("sudolens-damaged-{}", std::process::id()));
        ensure_dir(&dir).unwrap();
        let mut kept = Vec::new();
        for text in ["first", "second", "third"] {
            std::fs::write(autosave_path(&dir), text).unwrap();
            kept.push(set_aside_damaged(&dir).unwrap());
            assert!(!autosave_path(&dir).exists());
        }
        let texts: Vec<String> = kept
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        assert_eq!(texts, ["first", "second", "third"]);
        assert!(kept[0]
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("autosave.damaged-"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
