//! Memory of a batch: `cargo bench --bench batch_memory` pipes ten million puzzle lines into
//! `sudolens solve -` (the release build) and reports the child's peak resident memory, which
//! must stay under 50 MB (issue 11, defect 4), with the time taken. `SUDOLENS_BATCH_LINES`
//! sets another number of lines; `SUDOLENS_BATCH_COMMAND=rate` measures `rate` instead.
//!
//! The lines cycle through the puzzles of `tests/data/few_puzzles.txt` (an easy one, two hard
//! ones) with one malformed line in a thousand; nothing is written to disk.

#[cfg(target_os = "linux")]
#[path = "../tests/common/batch.rs"]
mod batch;

#[cfg(target_os = "linux")]
fn main() {
    let lines: usize = std::env::var("SUDOLENS_BATCH_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let command = std::env::var("SUDOLENS_BATCH_COMMAND").unwrap_or_else(|_| "solve".into());
    let text = include_str!("../tests/data/few_puzzles.txt");
    let puzzles: Vec<&'static str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let start = std::time::Instant::now();
    let run = batch::run_batch(&[command.as_str()], lines, move |i| {
        if i % 1000 == 999 {
            "12345"
        } else {
            puzzles[i % puzzles.len()]
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let peak_mb = run.peak_kib as f64 * 1024.0 / 1e6;
    println!(
        "sudolens {command} -: {lines} lines in, {} lines out, {secs:.1} s",
        run.output_lines
    );
    print!("  its summary (exit code {}): {}", run.code, run.stderr);
    println!(
        "  peak resident memory: {peak_mb:.1} MB ({} KiB), limit 50 MB",
        run.peak_kib
    );
    assert_eq!(run.output_lines, lines, "every line answered");
    assert!(peak_mb < 50.0, "peak memory {peak_mb:.1} MB");
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("batch_memory reads the child's peak memory from /proc on Linux only");
}
