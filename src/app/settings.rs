//! The player's choices that outlive a session: the language, how cells are
//! named, the notes mode and the hint budget. They are kept by eframe's
//! persistence (with the window's size and position) in `settings.ron` in
//! the data folder.

use serde::{Deserialize, Serialize};

use super::i18n::Lang;
use crate::hint::Notation;

/// The key of the settings in eframe's storage.
const KEY: &str = "sudolens-settings";

/// The settings file in the data folder, as eframe's persistence path.
pub fn file(data_dir: &std::path::Path) -> std::path::PathBuf {
    data_dir.join("settings.ron")
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
    /// The settings stored by an earlier session, if any could be read.
    pub fn load(storage: &dyn eframe::Storage) -> Option<Settings> {
        eframe::get_value(storage, KEY)
    }

    pub fn store(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, KEY, self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// eframe's storage as a map, as its file storage keeps it.
    #[derive(Default)]
    struct MapStorage(HashMap<String, String>);

    impl eframe::Storage for MapStorage {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    #[test]
    fn settings_round_trip_through_storage() {
        let mut storage = MapStorage::default();
        assert_eq!(Settings::load(&storage), None);
        let s = Settings {
            lang: Some(Lang::Fr),
            notes_mode: true,
            notation: Notation::Compact,
            hint_budget: true,
        };
        s.store(&mut storage);
        assert_eq!(Settings::load(&storage), Some(s));
        // Settings written before the notation and the budget existed
        // still load, with plain names and no budget.
        eframe::Storage::set_string(
            &mut storage,
            KEY,
            "(lang: Some(Fr), notes_mode: false)".into(),
        );
        let old = Settings::load(&storage).expect("an older file loads");
        assert_eq!(old.lang, Some(Lang::Fr));
        assert_eq!((old.notation, old.hint_budget), (Notation::Plain, false));
        // A damaged value is ignored, not fatal.
        eframe::Storage::set_string(&mut storage, KEY, "(lang: Some(Klingon".into());
        assert_eq!(Settings::load(&storage), None);
    }
}
