//! The generated corpus of issue 32: a 3 GB sparse save file, a 3 GB line
//! and an endless one, each refused from its size (or at the cap, for a
//! stream) within a second and 50 MB, with a message naming the cap (N4,
//! N7); and save files recognised by the puzzle commands (N13).

#![cfg(target_os = "linux")]

use crate::batch::wait_with_peak;
use crate::common::{temp_file, text, HARD};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A sparse file of `len` bytes: large on paper, nothing on disk.
fn sparse(name: &str, len: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-it-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path).unwrap().set_len(len).unwrap();
    path
}

const THREE_GB: u64 = 3 << 30;

/// What one run gave: its code, its stderr, its time and its peak memory.
struct Run {
    code: i32,
    stderr: String,
    took: Duration,
    peak_kib: i64,
}

// The child is reaped by `wait_with_peak` (waitpid).
#[allow(clippy::zombie_processes)]
fn run(args: &[&str], stdin: Stdio) -> Run {
    let data = std::env::temp_dir().join(format!("sudolens-it-big-data-{}", std::process::id()));
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .env("SUDOLENS_DATA_DIR", &data)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).unwrap();
        s
    });
    // A run that reads the whole input never ends on /dev/zero: kill it.
    let pid = child.id() as libc::pid_t;
    let killer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(20));
        // SAFETY: a plain kill of our own child; harmless once it is reaped.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    });
    let (code, peak_kib) = wait_with_peak(&child);
    let took = start.elapsed();
    drop(killer);
    Run {
        code,
        stderr: reader.join().unwrap(),
        took,
        peak_kib,
    }
}

fn assert_refused_fast_and_small(what: &str, r: &Run, says: &str) {
    assert_eq!(r.code, 2, "{what}: {}", r.stderr);
    assert!(r.stderr.contains(says), "{what}: {}", r.stderr);
    assert!(r.took < Duration::from_secs(1), "{what}: {:?}", r.took);
    assert!(r.peak_kib < 50 * 1024, "{what}: peak {} KiB", r.peak_kib);
}

#[test]
fn a_three_gigabyte_save_file_is_refused_from_its_size() {
    let save = sparse("d.json", THREE_GB);
    let r = run(&["duel", "--resume", save.to_str().unwrap()], Stdio::null());
    assert_refused_fast_and_small(
        "duel --resume",
        &r,
        "is 3072 MB, more than the 16 MB a save file may be",
    );
}

#[test]
fn a_three_gigabyte_line_is_refused_at_the_cap() {
    let line = sparse("line.txt", THREE_GB);
    let path = line.to_str().unwrap();
    let says = "line 1 is longer than the 65536 bytes a puzzle line may hold";
    for args in [["solve", path], ["rate", path], ["hint", path]] {
        let r = run(&args, Stdio::null());
        assert_refused_fast_and_small(args[0], &r, says);
    }
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let r = run(&["solve", "-"], Stdio::from(zero));
    assert_refused_fast_and_small("solve - </dev/zero", &r, says);
}

#[test]
fn save_files_are_recognised_by_the_puzzle_commands() {
    use sudolens::grid::{Board, Cell, Grid, SavedGame};
    let mut board = Board::new(Grid::parse(HARD).unwrap());
    board.set_entry(Cell::new(0, 1), 1).unwrap();
    let game = temp_file(
        "autosave.json",
        SavedGame::new(board.clone(), 20).to_json().as_bytes(),
    );
    let game = game.to_str().unwrap();
    for command in ["solve", "hint", "explain", "rate"] {
        let out = crate::common::sudolens(&[command, game]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains("is a saved game, not a puzzle file"),
            "{command}: {err}"
        );
        assert!(err.contains(&board.grid().to_line()), "{command}: {err}");
        assert_eq!(err.lines().count(), 1, "{command}: {err}");
        assert!(text(&out.stdout).is_empty(), "{command}");
    }
    let duel = sudolens::duel::Duel::new(sudolens::duel::Setup::dealt(
        sudolens::duel::Strength::Club,
        sudolens::duel::Answering::Honest,
        sudolens::logic::Level::Easy,
        None,
        1,
    ))
    .unwrap();
    let duel_file = temp_file("duel.json", duel.to_json().as_bytes());
    let out = crate::common::sudolens(&["hint", duel_file.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(
        err.contains("is a saved duel, not a puzzle file: resume it with sudolens duel --resume"),
        "{err}"
    );

    // A save file past the cap is named for what it is, and for its size.
    let mut padded = SavedGame::new(board, 20).to_json().into_bytes();
    padded.truncate(padded.len() - 1);
    padded.extend(std::iter::repeat_n(b' ', 20 << 20));
    padded.push(b'}');
    let big = temp_file("big_autosave.json", &padded);
    let out = crate::common::sudolens(&["solve", big.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(err.contains("is a saved game"), "{err}");
    assert!(
        err.contains("is 20 MB, more than the 16 MB a save file may be"),
        "{err}"
    );
}
