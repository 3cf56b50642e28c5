//! Where the app keeps its files: the autosave and saved games, under the
//! user's data directory, overridable for tests and portable installs.

use std::path::{Path, PathBuf};

/// Set this to a directory to keep sudolens's files there instead of the
/// user's data directory (tests point it at a temporary directory).
pub const DATA_DIR_ENV: &str = "SUDOLENS_DATA_DIR";

/// The directory for sudolens's files: `$SUDOLENS_DATA_DIR`, else
/// `$XDG_DATA_HOME/sudolens`, else the platform's usual place
/// (`~/.local/share/sudolens`, `%APPDATA%\sudolens`,
/// `~/Library/Application Support/sudolens`), else `./sudolens-data`.
pub fn data_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var(DATA_DIR_ENV) {
        return PathBuf::from(dir);
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return PathBuf::from(dir).join("sudolens");
    }
    if cfg!(windows) {
        if let Some(dir) = var("APPDATA") {
            return PathBuf::from(dir).join("sudolens");
        }
    }
    if let Some(home) = var("HOME") {
        let home = PathBuf::from(home);
        return if cfg!(target_os = "macos") {
            home.join("Library/Application Support/sudolens")
        } else {
            home.join(".local/share/sudolens")
        };
    }
    PathBuf::from("sudolens-data")
}

/// The game saved on exit and restored on start.
pub fn autosave_path(dir: &Path) -> PathBuf {
    dir.join("autosave.json")
}

/// Where a damaged autosave is moved so that it is neither lost nor read again.
pub fn damaged_path(dir: &Path) -> PathBuf {
    dir.join("autosave.damaged.json")
}

/// A default file name for "Save as".
pub fn default_save_path(dir: &Path) -> PathBuf {
    dir.join("saves").join("game.json")
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
}
