//! Every integration test in one binary, the ripgrep way: one link of the
//! library instead of one per file. The egui app tests stay a binary of
//! their own (`tests/app.rs`, behind the `gui` feature).
//!
//! Run one area with a filter: `cargo test --test it cli::`, `cargo test --test it logic::`,
//! `cargo test --test it vision::dataset -- --nocapture`.

#[cfg(target_os = "linux")]
#[path = "../common/batch.rs"]
mod batch;
mod cli;
mod common;
mod duel;
#[path = "../common/dataset.rs"]
mod labelled;
mod logic;
#[path = "../common/screens.rs"]
mod screens;
mod solver;
mod vision;
