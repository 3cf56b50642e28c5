//! Output that cannot be written (issue 32, N1 and N2): every command
//! writing to a full disk (`/dev/full`) says so with its cause and exits 74,
//! never with a panic (101) and never with 0; every command writing into a
//! closed pipe ends quietly.

#![cfg(target_os = "linux")]

use crate::common::{samples, temp_file, HARD, SOLVED};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Output, Stdio};

/// Every command that prints results, with arguments that make it print:
/// single puzzles and batches, each way of writing.
fn commands() -> Vec<(&'static str, Vec<String>)> {
    let batch = temp_file(
        "write_errors_batch.txt",
        format!("{HARD}\n{SOLVED}\n{HARD}\n").as_bytes(),
    );
    let batch = batch.to_str().unwrap().to_string();
    let photo = samples().join("printed_serif.jpg");
    let photo = photo.to_str().unwrap().to_string();
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        ("solve one", args(&["solve", HARD])),
        ("solve a batch", args(&["solve", &batch])),
        ("rate one", args(&["rate", HARD])),
        ("rate a batch", args(&["rate", &batch])),
        ("hint", args(&["hint", HARD])),
        ("hint --json", args(&["hint", "--json", HARD])),
        ("explain", args(&["explain", "--brief", HARD])),
        (
            "generate",
            args(&["generate", "--count", "3", "--seed", "1", "--level", "easy"]),
        ),
        ("import", args(&["import", &photo])),
        ("import two", args(&["import", &photo, &photo])),
        ("duel", args(&["duel", "--seed", "1"])),
        (
            "pip vs pip",
            args(&["duel", "--pip-vs-pip", "--seed", "1", "--level", "easy"]),
        ),
        (
            "pip vs pip games",
            args(&[
                "duel",
                "--pip-vs-pip",
                "--games",
                "2",
                "--seed",
                "1",
                "--level",
                "easy",
            ]),
        ),
    ]
}

/// Runs `sudolens args` with its standard output on `stdout`, no input, and
/// the data folder in a scratch folder.
fn run_with_stdout(args: &[String], stdout: Stdio) -> Output {
    let data = std::env::temp_dir().join(format!("sudolens-it-write-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .env("SUDOLENS_DATA_DIR", &data)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn every_command_says_a_full_disk_and_exits_74() {
    let mut failures = Vec::new();
    for (name, args) in commands() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_with_stdout(&args, Stdio::from(full));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let said =
            stderr.contains("error: cannot write to standard output: No space left on device");
        if out.status.code() != Some(74) || !said || stderr.contains("panicked") {
            failures.push(format!("{name}: {:?}\n{stderr}", out.status));
        }
        assert!(!stderr.contains("os error"), "{name}: {stderr}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A pipe whose reader is gone before the command writes, as `| head`
/// leaves it once it has its lines.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe() writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (reader, writer) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(reader);
    Stdio::from(writer)
}

#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    let mut failures = Vec::new();
    for (name, args) in commands() {
        let out = run_with_stdout(&args, closed_pipe());
        let stderr = String::from_utf8_lossy(&out.stderr);
        let quiet = !stderr.contains("error") && !stderr.contains("panicked");
        // SIGPIPE ends the process (no code), or it stops with its own code.
        let code = out.status.code();
        if !quiet || code == Some(74) || code == Some(101) {
            failures.push(format!("{name}: {:?}\n{stderr}", out.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The exit code is in the table `--help` shows.
#[test]
fn the_help_names_the_write_error_code() {
    let out = crate::common::sudolens(&["--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("74  output that could not be written"),
        "{help}"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("| `74` | output that could not be written"));
}

/// Commands that end with an error on standard error.
fn erring_commands() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("hint a bad puzzle", vec!["hint", "123"]),
        ("solve a bad puzzle", vec!["solve", "123"]),
        ("rate a bad puzzle", vec!["rate", "123"]),
        ("explain a bad puzzle", vec!["explain", "123"]),
        (
            "import a missing photo",
            vec!["import", "/nonexistent/photo.png"],
        ),
    ]
}

/// A standard error that cannot be written (issue 32): `eprintln!` panics
/// then (exit 101). The error still ends the command with its own exit code,
/// as when it is said; the failed stderr write itself is ignored, since
/// stderr is where it would be reported.
#[test]
fn an_unwritable_stderr_keeps_each_command_s_exit_code() {
    let mut failures = Vec::new();
    for (name, args) in erring_commands() {
        let run = |stderr: Stdio| {
            Command::new(env!("CARGO_BIN_EXE_sudolens"))
                .args(&args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(stderr)
                .status()
                .expect("the binary runs")
        };
        let said = run(Stdio::null()).code();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let unsaid = run(Stdio::from(full)).code();
        if unsaid != said || unsaid == Some(101) {
            failures.push(format!(
                "{name}: exit {unsaid:?} with stderr full, {said:?} without"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
