//! Batch `solve` and `rate` stream their input: memory stays flat however many lines are
//! piped in (issue 11, defect 4: a 3 GB file took 3 GB). The full figure, 10 million lines
//! in a release build, is measured by `cargo bench --bench batch_memory`.

#![cfg(target_os = "linux")]

use crate::batch::run_batch;
use crate::common::{EASY, SOLVED};

/// An easy puzzle: solved by singles.
/// A complete grid: nothing to solve, the fastest puzzle line there is.
/// A line one cell short: parsed and reported, but no solver run. In a debug build the
/// solver takes some 60 us a puzzle, so most lines of the million are these, to keep the
/// test near ten seconds; they are as long as puzzle lines, so the memory they would take
/// if held is the same. `cargo bench --bench batch_memory` runs ten million real puzzles.
const SHORT: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.";

#[test]
fn batch_solve_of_a_million_lines_stays_under_50_mb() {
    // 82 MB of input: reading it whole, as before, could not stay under 50 MB
    let lines = 1_000_000;
    let run = run_batch(&["solve"], lines, |i| match i % 20 {
        0 => EASY,
        10 => SOLVED,
        _ => SHORT,
    });
    assert_eq!(run.output_lines, lines, "{}", run.stderr);
    assert_eq!(run.code, 1, "the short lines are failures");
    assert!(
        run.stderr
            .contains("1000000 puzzles, 100000 solved, 0 invalid, 900000 malformed"),
        "{}",
        run.stderr
    );
    assert!(
        run.peak_kib * 1024 < 50_000_000,
        "peak memory {} KiB for {lines} lines",
        run.peak_kib
    );
}

#[test]
fn batch_rate_memory_does_not_grow_with_the_lines() {
    // rate is slower than solve: compare a small batch with one 200 times larger; holding
    // every line (about 250 bytes each with its parsed grid) would add some 50 MB
    let small = run_batch(&["rate"], 1_000, |_| SOLVED);
    let large = run_batch(&["rate"], 200_000, |_| SOLVED);
    assert_eq!(large.output_lines, 200_000, "{}", large.stderr);
    let growth = large.peak_kib - small.peak_kib;
    assert!(
        growth < 8 * 1024,
        "peak memory grew by {growth} KiB from {} KiB",
        small.peak_kib
    );
}
