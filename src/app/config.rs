//! How the app starts ([`Config`]): where its data lives, the language and
//! the settings remembered from the last session, and the switches tests
//! turn off (animation, native dialogs, the autosave's restore).

use std::path::PathBuf;

use super::i18n::Lang;
use super::storage;
use crate::hint::Notation;

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the autosave lives (see [`storage::data_dir`]).
    pub data_dir: PathBuf,
    pub lang: Lang,
    /// The language was chosen by the player (View > Language), not taken
    /// from the system: it is remembered for the next session.
    pub lang_chosen: bool,
    /// Start in notes mode (remembered from the last session).
    pub notes_mode: bool,
    /// How Pip names cells (View > Cell names, remembered).
    pub notation: Notation,
    /// Hints stop at the nudge until the player asks for more (View menu,
    /// remembered).
    pub hint_budget: bool,
    /// Pip moves (off in tests).
    pub animate: bool,
    /// Restore the autosave at start.
    pub restore: bool,
    /// Open the file picker over the path window on Open and Save as
    /// (tests type their paths).
    pub file_picker: bool,
    /// Where the phone panel's server listens: the machine's LAN address
    /// when `None` (tests use loopback).
    pub phone_address: Option<std::net::IpAddr>,
}

impl Config {
    /// The configuration of a real run: the user's data dir, the system language.
    pub fn from_env() -> Config {
        Config {
            data_dir: storage::data_dir(),
            lang: Lang::system(),
            lang_chosen: false,
            notes_mode: false,
            notation: Notation::Plain,
            hint_budget: false,
            animate: true,
            restore: true,
            file_picker: true,
            phone_address: None,
        }
    }
}
