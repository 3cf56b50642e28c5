//! Duel with Pip at scale: Pip's forced values are always right, and games
//! between Pips all finish, the stronger Pip taking no more jokers.
//!
//! The default run plays a few games; the full counts of the issue (1,000
//! duels, 200 games at each strength) are ignored tests, about 100 s of CPU
//! together in a debug build:
//! `cargo test --test it duel:: -- --ignored --nocapture`.
//! `sudolens duel --pip-vs-pip --games 200` prints the same figures.

mod pip_vs_pip;
mod soundness;
