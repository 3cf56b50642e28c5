//! The terminal duel's files and input, honest (issue 32): the `--save`
//! path checked before the first move (N11) and written before "saved" is
//! said (N6), `--games 0` refused (N12), stray bytes and endless lines on
//! the input (N10), and plain words about a damaged duel file (N13).

#![cfg(target_os = "linux")]

use crate::common::text;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudolens-it-duel-files-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `sudolens duel args`, typing `input` then ending it, with the history in `data`.
fn duel(data: &Path, args: &[&str], input: &[u8]) -> Output {
    super::duel::duel_in(data, args, input)
}

#[test]
fn a_save_path_that_cannot_be_written_is_refused_before_the_first_move() {
    let dir = scratch("nope");
    let save = dir.join("missing-folder/x.json");
    let out = duel(
        &dir,
        &["--seed", "1", "--save", save.to_str().unwrap()],
        b"r1c1 8\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(err.contains("--save") && err.contains("x.json"), "{err}");
    assert!(err.contains("No such file or directory"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    let said = text(&out.stdout);
    assert!(!said.contains("r1c1"), "no move was played: {said}");
}

#[test]
fn saved_is_said_only_of_a_file_written() {
    let dir = scratch("eof");
    let save = dir.join("d.json");
    let out = duel(
        &dir,
        &["--seed", "1", "--save", save.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("saved in"),
        "{}",
        text(&out.stdout)
    );
    let duel = sudolens::duel::Duel::read(&save).expect("the file said saved exists");
    assert!(duel.turns().is_empty());
}

#[test]
fn pip_against_pip_refuses_zero_games() {
    let dir = scratch("zero");
    let out = duel(&dir, &["--pip-vs-pip", "--games", "0"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("--games"),
        "{}",
        text(&out.stderr)
    );
    assert!(!text(&out.stdout).contains("Pip 1"));
}

#[test]
fn a_stray_byte_is_not_a_move_and_the_duel_goes_on() {
    let dir = scratch("utf8");
    let out = duel(&dir, &["--seed", "1"], b"\xff\nhelp\n");
    let s = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(s.contains("is not a move"), "{s}");
    // The line after it is still read: help is answered.
    assert!(s.matches("joker r4c9").count() >= 2, "{s}");
    assert!(s.contains("Duel left unfinished"), "{s}");
}

/// A 300 MB line piped in cost 581 MB; it is now refused as it is read.
// The child is reaped by `wait_with_peak` (waitpid).
#[allow(clippy::zombie_processes)]
#[test]
fn an_endless_input_line_is_refused_in_flat_memory() {
    let dir = scratch("long");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .env("SUDOLENS_DATA_DIR", &dir)
        .args(["duel", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'7'; 1 << 20];
        for _ in 0..300 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(b"\nhelp\n");
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).unwrap();
        s
    });
    writer.join().unwrap();
    let said = reader.join().unwrap();
    let (code, peak_kib) = crate::batch::wait_with_peak(&child);
    assert_eq!(code, 0);
    assert!(said.contains("longer than 4096 characters"), "{said}");
    assert!(
        said.matches("joker r4c9").count() >= 2,
        "help after it: {said}"
    );
    assert!(peak_kib < 50 * 1024, "peak memory {peak_kib} KiB");
}

/// A duel file edited by hand: the turn that breaks the rules, and a field
/// missing, in plain words, never Rust's names.
#[test]
fn a_damaged_duel_file_is_refused_in_plain_words() {
    let dir = scratch("words");
    let save = dir.join("d.json");
    let out = duel(
        &dir,
        &[
            "--seed",
            "3",
            "--level",
            "easy",
            "--save",
            save.to_str().unwrap(),
        ],
        b"joker r1c1\njoker r1c2\njoker r1c3\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&save).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&json).unwrap();
    let turns = file["turns"].as_array_mut().unwrap();
    let first = turns[0].clone();
    turns[0]["action"] =
        serde_json::json!({"kind": "place", "cell": first["action"]["cell"], "digit": 0});
    std::fs::write(&save, file.to_string()).unwrap();
    let out = duel(&dir, &["--resume", save.to_str().unwrap()], b"");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("turn 1: 0 in r"), "{err}");
    assert!(err.contains("0 is not a digit from 1 to 9"), "{err}");
    assert!(!err.contains("NotADigit") && !err.contains('{'), "{err}");

    file.as_object_mut().unwrap().remove("strength");
    std::fs::write(&save, file.to_string()).unwrap();
    let err = text(&duel(&dir, &["--resume", save.to_str().unwrap()], b"").stderr);
    assert!(err.contains("the field \"strength\" is missing"), "{err}");
    assert!(!err.contains('`'), "{err}");
}
