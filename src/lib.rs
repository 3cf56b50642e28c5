//! sudolens: read a newspaper Sudoku from a photo, explain the next logical
//! step, or solve it instantly.
//!
//! The modules follow the data flow, and lower layers never use higher ones:
//! [`grid`] (the model and formats) and [`solver`] (the exact solver) are the
//! foundation that photo import, the rule engine and the app build on;
//! [`generate`] makes new puzzles with the solver and the engine's rating;
//! [`app`] (the desktop window, the default `gui` feature) sits on top and
//! may use everything; without it the library and the command line build
//! with no window toolkit. [`serve`] (the web page and its API, the default
//! `web` feature) is a front end on the same level as the window.

pub mod duel;
pub mod files;
pub mod generate;
pub mod grid;
pub mod guide;
pub mod hint;
pub mod history;
pub mod kept;
pub mod logic;
pub mod solver;
pub mod vision;

#[cfg(test)]
mod test_puzzles;

#[cfg(feature = "gui")]
pub mod app;

#[cfg(feature = "web")]
pub mod serve;
