//! Piping generated lines into `sudolens <command> -` and reading the
//! child's own peak memory: shared by the memory tests (`tests/it`: the
//! batch, the web server) and the memory bench (`benches/batch_memory.rs`),
//! which include this file by path.

use std::io::{BufReader, BufWriter, Read, Write};
use std::process::{Command, Stdio};

/// What a run of the binary on generated lines gave.
pub struct Run {
    pub output_lines: usize,
    /// Peak resident memory of the child, in KiB (`ru_maxrss` on Linux); the limit is
    /// 50 MB, 50 million bytes.
    pub peak_kib: i64,
    pub code: i32,
    pub stderr: String,
}

/// Pipes `lines` lines (line `i` is `line_at(i)`) into `sudolens <args> -`, counts the output lines, and reads the child's own
/// peak memory from `wait4`, so that other tests' children do not count.
// The child is reaped by `wait4`, which also gives its own peak memory.
#[allow(clippy::zombie_processes)]
pub fn run_batch(
    args: &[&str],
    lines: usize,
    line_at: impl Fn(usize) -> &'static str + Send + 'static,
) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
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
    let (code, peak_kib) = wait_with_peak(&child);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Run {
        output_lines,
        peak_kib,
        code,
        stderr,
    }
}

/// Waits for `child` (never waited for before) and returns its exit code (or 128 plus the
/// signal that ended it) and its own peak resident memory in KiB, from `wait4`.
pub fn wait_with_peak(child: &std::process::Child) -> (i32, i64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our own child, not yet reaped (Child::wait is never called).
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4 failed");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    (code, usage.ru_maxrss)
}
