//! Memory of a batch: `cargo bench --bench batch_memory` pipes ten million puzzle lines into
//! `sudolens solve -` (the release build) and reports the child's peak resident memory, which
//! must stay under 50 MB (issue 11, defect 4), with the time taken. `SUDOLENS_BATCH_LINES`
//! sets another number of lines; `SUDOLENS_BATCH_COMMAND=rate` measures `rate` instead.
//!
//! The lines cycle through the puzzles of `tests/data/few_puzzles.txt` (an easy one, two hard
//! ones) with one malformed line in a thousand; nothing is written to disk.

#[cfg(target_os = "linux")]
// The child is reaped by `wait4`, which also gives its own peak memory.
#[allow(clippy::zombie_processes)]
fn main() {
    use std::io::{BufWriter, Read, Write};
    use std::process::{Command, Stdio};
    use std::time::Instant;

    let lines: usize = std::env::var("SUDOLENS_BATCH_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let command = std::env::var("SUDOLENS_BATCH_COMMAND").unwrap_or_else(|_| "solve".into());
    let text = include_str!("../tests/data/few_puzzles.txt");
    let puzzles: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();

    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args([command.as_str(), "-"])
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
            let line = if i % 1000 == 999 {
                "12345\n"
            } else {
                puzzles[i % puzzles.len()].as_str()
            };
            if w.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut buf, mut count) = (vec![0u8; 1 << 16], 0usize);
        while let Ok(n) = stdout.read(&mut buf) {
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
    // SAFETY: pid is our own child, not yet reaped.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4 failed");
    let secs = start.elapsed().as_secs_f64();
    let mut summary = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut summary);
    let peak_mb = usage.ru_maxrss as f64 * 1024.0 / 1e6;
    println!("sudolens {command} -: {lines} lines in, {output_lines} lines out, {secs:.1} s");
    print!("  its summary: {summary}");
    println!(
        "  peak resident memory: {peak_mb:.1} MB ({} KiB), limit 50 MB",
        usage.ru_maxrss
    );
    assert_eq!(output_lines, lines, "every line answered");
    assert!(peak_mb < 50.0, "peak memory {peak_mb:.1} MB");
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("batch_memory reads the child's peak memory with wait4 on Linux only");
}
