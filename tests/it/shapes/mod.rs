//! The shapes: every variant solved exactly and by explained steps, with
//! no unsound conclusion; the intersections only a variant has, each on a
//! grid where it is the easiest step; the text format, the commands, and
//! the public collections.

mod collections;
mod commands;
mod endless;
mod overlap;
mod sized;
mod soundness;
mod walk;
