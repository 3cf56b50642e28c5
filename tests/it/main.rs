//! Every integration test in one binary, the ripgrep way: one link of the
//! library instead of one per file. The egui app tests stay a binary of
//! their own (`tests/app/`, behind the `gui` feature).
//!
//! Run one area with a filter: `cargo test --test it cli::`, `cargo test --test it serve::`,
//! `cargo test --test it vision::dataset -- --nocapture`.

#[cfg(target_os = "linux")]
#[path = "../common/batch.rs"]
mod batch;
#[cfg(all(target_os = "linux", feature = "web"))]
#[path = "../common/big_photo.rs"]
mod big_photo;
mod cli;
mod common;
mod duel;
#[cfg(feature = "web")]
#[path = "../common/http.rs"]
mod http;
#[path = "../common/dataset.rs"]
mod labelled;
mod logic;
#[path = "../common/samurai_pages.rs"]
mod samurai_pages;
#[path = "../common/screen_maker.rs"]
mod screen_maker;
#[path = "../common/screens.rs"]
mod screens;
#[cfg(feature = "web")]
mod serve;
#[path = "../common/shaped_pages.rs"]
mod shaped_pages;
mod shapes;
mod solver;
mod vision;
