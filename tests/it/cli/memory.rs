//! Batch `solve` and `rate` stream their input: memory stays flat however many lines are
//! piped in (issue 11, defect 4: a 3 GB file took 3 GB). The full figure, 10 million lines
//! in a release build, is measured by `cargo bench --bench batch_memory`.

#![cfg(target_os = "linux")]

use crate::common::{EASY, SOLVED};
use std::io::{BufReader, BufWriter, Read, Write};
use std::process::{Command, Stdio};

/// An easy puzzle: solved by singles.
/// A complete grid: nothing to solve, the fastest puzzle line there is.
/// A line one cell short: parsed and reported, but no solver run. In a debug build the
/// solver takes some 60 us a puzzle, so most lines of the million are these, to keep the
/// test near ten seconds; they are as long as puzzle lines, so the memory they would take
/// if held is the same. `cargo bench --bench batch_memory` runs ten million real puzzles.
const SHORT: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.";

/// What a run of the binary on generated lines gave.
struct Run {
    output_lines: usize,
    /// Peak resident memory of the child, in KiB (`ru_maxrss` on Linux); the limit is
    /// 50 MB, 50 million bytes.
    peak_kib: i64,
    code: i32,
    stderr: String,
}

/// Pipes `lines` lines (line `i` is `line_at(i)`) into `sudolens <args> -`, counts the output lines, and reads the child's own
/// peak memory from `wait4`, so that other tests' children do not count.
// The child is reaped by `wait4`, which also gives its own peak memory.
#[allow(clippy::zombie_processes)]
fn run_batch(args: &[&str], lines: usize, line_at: fn(usize) -> &'static str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id() as libc::pid_t;
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut w = BufWriter::with_capacity(1 << 16, stdin);
        for i in 0..lines {
            let line = line_at(i);
            if w.write_all(line.as_bytes()).is_err() || w.write_all(b"\n").is_err() {
                break;
            }
        }
    });
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut r = BufReader::with_capacity(1 << 16, stdout);
        let (mut buf, mut count) = (vec![0u8; 1 << 16], 0);
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            count += buf[..n].iter().filter(|&&b| b == b'\n').count();
        }
        count
    });
    writer.join().unwrap();
    let output_lines = reader.join().unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our own child, not yet reaped (Child::wait is never called).
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4 failed");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Run {
        output_lines,
        peak_kib: usage.ru_maxrss,
        code: libc::WEXITSTATUS(status),
        stderr,
    }
}

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
