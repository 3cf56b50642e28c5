//! Puzzle literals and helpers the unit tests of several modules share
//! (the integration tests have theirs in `tests/it/common.rs`).

/// An easy puzzle: singles solve it.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A hard puzzle with 17 givens (the fewest a proper Sudoku can have).
pub const HARD_17: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The solution of [`HARD_17`].
pub const HARD_17_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// For the crash tests of files that must survive a killed writer: runs
/// the unit test `child` of this test binary (a writer that loops until
/// killed, printing a number each time a write has returned) with `env`,
/// kills it `wait` after its first write (so that, however slowly a loaded
/// machine starts it, the kill lands among writes), and returns the largest
/// number it printed.
pub fn kill_writer_after(
    child: &str,
    env: &[(&str, &std::ffi::OsStr)],
    wait: std::time::Duration,
) -> Option<u64> {
    use std::io::BufRead;
    let mut command = std::process::Command::new(std::env::current_exe().unwrap());
    command
        .args([child, "--exact", "--nocapture", "--test-threads=1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut running = command.spawn().unwrap();
    let stdout = running.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut numbers = Vec::new();
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            // libtest may print "test ... " before the first number.
            if let Some(n) = line
                .split_whitespace()
                .last()
                .and_then(|w| w.parse::<u64>().ok())
            {
                numbers.push(n);
                let _ = tx.send(());
            }
        }
        numbers
    });
    let first = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert!(first.is_ok(), "{child} wrote nothing within a minute");
    std::thread::sleep(wait);
    running.kill().unwrap();
    running.wait().unwrap();
    reader.join().unwrap().into_iter().max()
}

/// The next of a run of pseudo-random waits of `0..spread_us`
/// microseconds after `least_us` (a linear congruential step of `seed`), so
/// that kills land at every moment of a write.
pub fn next_wait(seed: &mut u64, least_us: u64, spread_us: u64) -> std::time::Duration {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    std::time::Duration::from_micros(least_us + (*seed >> 33) % spread_us)
}
