//! Piping generated lines into `sudolens <command> -` and reading the
//! child's own peak memory: shared by the memory tests (`tests/it`: the
//! batch, the web server) and the memory bench (`benches/batch_memory.rs`),
//! which include this file by path.

use std::io::{BufReader, BufWriter, Read, Write};
use std::process::{Command, Stdio};

/// What a run of the binary on generated lines gave.
pub struct Run {
    pub output_lines: usize,
    /// Peak resident memory of the child, in KiB (its `VmHWM` on Linux); the limit is
    /// 50 MB, 50 million bytes.
    pub peak_kib: i64,
    pub code: i32,
    pub stderr: String,
}

/// Pipes `lines` lines (line `i` is `line_at(i)`) into `sudolens <args> -`, counts the output lines, and reads the child's own
/// peak memory (`wait_with_peak`), so that other tests' children do not count.
// The child is reaped by `wait_with_peak`, which also gives its own peak memory.
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
/// signal that ended it) and its own peak resident memory in KiB.
///
/// `wait4`'s `ru_maxrss` cannot give that: std starts a child with `posix_spawn`, a vfork
/// that shares the test process's memory until `exec`, and `exec` records the high-water
/// mark of that shared memory in the child's `maxrss`, so every child reported the test
/// process's own peak (467 MB in one CI run, from other tests in the same binary). The
/// child's `VmHWM` in `/proc/PID/status` is its own memory's high-water mark; it is read
/// every 2 ms while the child runs, and the last reading is its peak (a high-water mark
/// never falls, and a process frees rather than allocates on its way out).
pub fn wait_with_peak(child: &std::process::Child) -> (i32, i64) {
    let pid = child.id() as libc::pid_t;
    let mut peak_kib = 0;
    let mut status = 0;
    loop {
        if let Some(kib) = high_water_kib(child.id()) {
            peak_kib = peak_kib.max(kib);
        }
        // SAFETY: pid is our own child, not yet reaped (Child::wait is never called).
        let reaped = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        assert!(reaped == 0 || reaped == pid, "waitpid failed");
        if reaped == pid {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    (code, peak_kib)
}

/// The high-water mark of the resident memory of process `pid`, in KiB, from
/// `/proc/PID/status`; none once it has exited.
pub fn high_water_kib(pid: u32) -> Option<i64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}
