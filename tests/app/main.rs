//! Headless tests of the real window with egui_kittest: they press keys,
//! click the widgets found by their accessible names, and read the app's
//! state back. No display and no GPU are needed.
//!
//! The second test binary (the first is `tests/it`), behind the `gui`
//! feature: one module per window or concern, the shared puzzles, gestures
//! and waits in `common`. Run one module with a filter:
//! `cargo test --test app duel::`.

mod access;
mod chains;
mod common;
mod correction;
mod dialogue;
mod duel;
mod endless;
mod files;
mod folder;
mod guide;
mod history;
#[path = "../common/http.rs"]
mod http;
mod import;
mod layout;
mod library;
mod menus;
mod new_game;
mod overlapping;
mod phone;
mod photo_sizes;
mod picker;
mod play;
mod settings;
mod shaped_files;
mod sizes;
mod welcome;
