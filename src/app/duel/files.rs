//! A duel's files: saved after every move (`duel.json` in the data folder,
//! on a thread, the newest snapshot winning), written once more when the
//! window closes, restored at start, and saved or opened as a file like a
//! game, told apart by its content.

use std::path::Path;

use super::texts::texts;
use super::{autosave_path, DuelScreen};
use crate::app::i18n::fill;
use crate::app::App;
use crate::duel::{save::is_duel_file, Duel};

impl App {
    /// Writes the duel shown to `duel.json` on a thread, as the newest snapshot.
    pub(super) fn autosave_duel(&mut self) {
        let dir = self.config.data_dir.clone();
        let Some(screen) = &mut self.duel.screen else {
            return;
        };
        let (duel, version) = screen.snapshot();
        std::thread::spawn(move || {
            let write = crate::app::storage::ensure_dir(&dir)
                .map_err(|e| e.to_string())
                .and_then(|()| {
                    duel.write_version(&autosave_path(&dir), version)
                        .map_err(|e| e.to_string())
                });
            if let Err(e) = write {
                log::warn!("the duel could not be autosaved: {e}");
            }
        });
    }

    /// Writes the duel shown now (the window is closing).
    pub(in crate::app) fn autosave_duel_now(&mut self) -> Option<String> {
        let dir = self.config.data_dir.clone();
        let screen = self.duel.screen.as_mut()?;
        let (duel, version) = screen.snapshot();
        crate::app::storage::ensure_dir(&dir)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                duel.write_version(&autosave_path(&dir), version)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            })
            .err()
    }

    /// At start and on Resume: the unfinished duel of last time, if any.
    /// At start it comes back only when it was played after the game
    /// restored (`game_played_ms`, see `library`): after leaving a duel
    /// for a game, the window reopens the game (issue 30). A damaged file
    /// is moved aside, never lost, and reported.
    pub(in crate::app) fn restore_duel(&mut self, game_played_ms: Option<u64>) {
        let path = autosave_path(&self.config.data_dir);
        if !path.exists() {
            return;
        }
        if let Some(game) = game_played_ms {
            let written = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_millis() as u64);
            if written <= game {
                return;
            }
        }
        match Duel::read(&path) {
            Ok(duel) if !duel.is_over() => {
                self.duel.screen = Some(DuelScreen::new(duel, self.config.animate));
                self.duel_says(super::said::DuelSaid::Restored);
            }
            Ok(_) => {}
            Err(e) => {
                let stamp = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs())
                    .unwrap_or(0);
                let aside = path.with_file_name(format!("duel.damaged-{stamp}.json"));
                let kept = std::fs::rename(&path, &aside).map(|()| aside.display().to_string());
                let kept = kept.unwrap_or_else(|_| path.display().to_string());
                let t = self.t();
                self.set_status(fill(t.status_restore_failed, &[&e, &kept]), true);
            }
        }
    }

    /// Save (as) while a duel is shown saves the duel; `true` when it did.
    pub(in crate::app) fn save_duel_to(&mut self, path: &Path) -> bool {
        let lang = self.config.lang;
        let Some(screen) = &mut self.duel.screen else {
            return false;
        };
        let (duel, _) = screen.snapshot();
        match duel.write(path) {
            Ok(()) => {
                screen.path = Some(path.to_path_buf());
                self.set_status(fill(texts(lang).duel_saved, &[&path.display()]), false);
                self.exit.saved_elsewhere();
            }
            Err(e) => self.set_status(fill(texts(lang).duel_save_failed, &[&e]), true),
        }
        true
    }

    /// Opens `bytes` read from `path` as a duel when it is one (by its
    /// content); `true` when it was.
    pub(in crate::app) fn open_duel_file(&mut self, path: &Path, bytes: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return false;
        };
        if !is_duel_file(text) {
            return false;
        }
        let lang = self.config.lang;
        match Duel::read(path) {
            Ok(duel) => {
                self.duel.setup = None;
                let mut screen = DuelScreen::new(duel, self.config.animate);
                screen.path = Some(path.to_path_buf());
                self.duel.screen = Some(screen);
                let shown = path.display().to_string();
                self.set_status(fill(texts(lang).duel_loaded, &[&shown]), false);
                self.duel_says(super::said::DuelSaid::Restored);
            }
            Err(e) => self.set_status(e.to_string(), true),
        }
        true
    }
}
