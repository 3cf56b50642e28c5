//! The `sudolens` command as a user runs it: outputs, messages, exit codes.

mod bad_inputs;
mod big_files;
mod duel;
mod duel_files;
mod exit_codes;
mod games;
mod generate;
mod import;
mod jobs;
mod logic_commands;
mod memory;
mod shape_size;
mod solve;
mod write_errors;
