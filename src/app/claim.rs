//! One window per data folder owns its autosave. Two windows on one folder
//! both wrote `autosave.json`, and the one closed first lost its game to
//! the other without a word (issue 32, N8). The first window holds a lock
//! on the folder for as long as it is open; a second one finds it taken,
//! restores nothing (the first window's game is in play) and keeps its own
//! game in a file of its own beside the autosave, which it names.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The lock file the first window holds, in the data folder.
const LOCK_FILE: &str = ".window.lock";

/// This window's claim on its data folder.
#[derive(Debug)]
pub(super) struct FolderClaim {
    /// Held open (and locked) while the window lives; `None` for a second
    /// window, or when the folder cannot hold a lock file yet.
    _lock: Option<File>,
    autosave: PathBuf,
    second: bool,
}

impl FolderClaim {
    /// Claims `data_dir` for this window, or, when another window holds
    /// it, a game file of this window's own there.
    pub(super) fn take(data_dir: &Path) -> FolderClaim {
        let own = super::storage::autosave_path(data_dir);
        let first = |lock| FolderClaim {
            _lock: lock,
            autosave: own.clone(),
            second: false,
        };
        // A folder that cannot be made or locked (read-only, a first run
        // on a full disk) claims nothing: its saves fail and say so.
        if super::storage::ensure_dir(data_dir).is_err() {
            return first(None);
        }
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(data_dir.join(LOCK_FILE));
        let Ok(lock) = lock else {
            return first(None);
        };
        match lock.try_lock() {
            Ok(()) => first(Some(lock)),
            Err(std::fs::TryLockError::WouldBlock) => FolderClaim {
                _lock: None,
                autosave: data_dir.join(format!(
                    "autosave.second-window-{}-{}.json",
                    crate::files::utc_stamp(std::time::SystemTime::now()),
                    std::process::id()
                )),
                second: true,
            },
            Err(std::fs::TryLockError::Error(e)) => {
                log::warn!("cannot lock the data folder: {e}");
                first(None)
            }
        }
    }

    /// Where this window's game is autosaved.
    pub(super) fn autosave(&self) -> &Path {
        &self.autosave
    }

    /// Whether another window held the folder when this one opened.
    pub(super) fn is_second(&self) -> bool {
        self.second
    }
}
