//! The player's choices that outlive a session: the language, how cells are
//! named, the notes mode and the hint budget, in `settings.ron` in the data
//! folder. sudolens writes that file itself, atomically through
//! [`crate::files`]: eframe's persistence wrote it in place, so a full disk
//! left it empty (issue 32). eframe keeps only the window's size and place,
//! in `window.ron` beside it.

use serde::{Deserialize, Serialize};

use super::i18n::Lang;
use crate::hint::Notation;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The key of the settings in the file, a RON map as eframe's storage
/// wrote it: a file from an earlier sudolens still reads.
const KEY: &str = "sudolens-settings";

/// The settings file in the data folder.
pub(super) fn file(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.ron")
}

/// eframe's persistence path: the window's size and place, and egui's
/// memory, which eframe writes in place (a loss there costs only the
/// window's size).
pub(super) fn window_file(data_dir: &Path) -> PathBuf {
    data_dir.join("window.ron")
}

/// The largest settings file read: it holds a few choices (and eframe's
/// the window's place), well under a kilobyte. A file is read whole, so a
/// larger one (damaged, or not ours) is set aside before the window starts
/// instead of costing its size in memory (issue 32, N4).
pub(super) const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Sets the settings file `path` aside when it is past
/// [`MAX_FILE_BYTES`] (or not a file), so that eframe starts without it;
/// returns what was done, to be said, if anything.
pub(super) fn set_aside_if_too_large(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() && meta.len() <= MAX_FILE_BYTES {
        return None;
    }
    let size = if meta.is_file() {
        crate::grid::megabytes(meta.len())
    } else {
        "not a file".to_string()
    };
    let limit = crate::grid::megabytes(MAX_FILE_BYTES);
    Some(match crate::files::set_aside(path, "too-large") {
        Ok(aside) => format!(
            "{} ({size}, more than the {limit} a settings file may be) was moved to {}: the settings start afresh",
            path.display(),
            aside.display()
        ),
        Err(e) => format!(
            "{} ({size}, more than the {limit} a settings file may be) could not be moved aside: {}",
            path.display(),
            crate::files::io_words(&e)
        ),
    })
}

/// What is remembered between sessions. Fields added later default when
/// an older settings file lacks them, so an update keeps the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Chosen in View > Language; `None` follows the system language.
    pub lang: Option<Lang>,
    pub notes_mode: bool,
    /// View > Cell names: plain unless the player chose compact.
    #[serde(default)]
    pub notation: Notation,
    /// View > Hints: stop at the nudge.
    #[serde(default)]
    pub hint_budget: bool,
}

impl Settings {
    /// The settings an earlier session wrote in `data_dir`, if any could be
    /// read (a missing or damaged file gives the defaults).
    pub fn read(data_dir: &Path) -> Option<Settings> {
        let text = std::fs::read_to_string(file(data_dir)).ok()?;
        Settings::from_ron(&text)
    }

    fn from_ron(text: &str) -> Option<Settings> {
        let map: BTreeMap<String, String> = ron::from_str(text).ok()?;
        ron::from_str(map.get(KEY)?).ok()
    }

    fn to_ron(self) -> Result<String, ron::Error> {
        let map = BTreeMap::from([(KEY, ron::to_string(&self)?)]);
        ron::ser::to_string_pretty(&map, ron::ser::PrettyConfig::default())
    }

    /// Writes the settings into `data_dir`, atomically: a failed write
    /// (a full disk) leaves the previous file whole.
    pub fn write(self, data_dir: &Path) -> std::io::Result<()> {
        let text = self.to_ron().map_err(std::io::Error::other)?;
        std::fs::create_dir_all(data_dir)?;
        crate::files::write_atomic(&file(data_dir), text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudolens-settings-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn settings_round_trip_and_older_files_still_read() {
        let dir = temp_dir("round");
        assert_eq!(Settings::read(&dir), None);
        let s = Settings {
            lang: Some(Lang::Fr),
            notes_mode: true,
            notation: Notation::Compact,
            hint_budget: true,
        };
        s.write(&dir).unwrap();
        assert_eq!(Settings::read(&dir), Some(s));
        // A file eframe wrote, before the notation and the budget existed:
        // it still loads, with plain names and no budget.
        let eframes =
            r#"{"egui": "()", "sudolens-settings": "(lang: Some(Fr), notes_mode: false)"}"#;
        let old = Settings::from_ron(eframes).expect("an older file loads");
        assert_eq!(old.lang, Some(Lang::Fr));
        assert_eq!((old.notation, old.hint_budget), (Notation::Plain, false));
        // A damaged value is ignored, not fatal.
        assert_eq!(
            Settings::from_ron(r#"{"sudolens-settings": "(lang: Some(Klingon"}"#),
            None
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 32, N4: a settings file of 3 GB was read whole at start.
    #[test]
    fn a_settings_file_past_the_cap_is_set_aside_from_its_size() {
        let dir = temp_dir("huge");
        let path = file(&dir);
        std::fs::File::create(&path)
            .unwrap()
            .set_len(3 << 30)
            .unwrap();
        let said = set_aside_if_too_large(&path).expect("refused");
        assert!(said.contains("3072 MB, more than the 1 MB"), "{said}");
        assert!(!path.exists());
        Settings {
            lang: None,
            notes_mode: false,
            notation: Notation::Plain,
            hint_budget: false,
        }
        .write(&dir)
        .unwrap();
        assert_eq!(set_aside_if_too_large(&path), None, "a normal file stays");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 32: eframe wrote settings.ron in place, so a full disk left
    /// it empty. Written atomically, the file is replaced by a rename: a
    /// hard link to the old one (the same inode) keeps the old text.
    #[test]
    fn settings_are_replaced_whole_never_rewritten_in_place() {
        let dir = temp_dir("atomic");
        let before = Settings {
            lang: None,
            notes_mode: false,
            notation: Notation::Plain,
            hint_budget: false,
        };
        before.write(&dir).unwrap();
        let old_text = std::fs::read_to_string(file(&dir)).unwrap();
        std::fs::hard_link(file(&dir), dir.join("old.ron")).unwrap();
        let after = Settings {
            notes_mode: true,
            ..before
        };
        after.write(&dir).unwrap();
        assert_eq!(Settings::read(&dir), Some(after));
        assert_eq!(
            std::fs::read_to_string(dir.join("old.ron")).unwrap(),
            old_text
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
