//! One verdict, one exit code, whichever command reached it (issue 11, defect 8: several
//! solutions gave 4 from `solve`, 3 from `hint` and `explain`, 1 from `rate`), and the table
//! of codes in `--help` and in the README.

use crate::common::EASY;
use std::process::Command;

fn code(args: &[&str]) -> Option<i32> {
    Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(args)
        .output()
        .expect("the binary runs")
        .status
        .code()
}

#[test]
fn every_command_gives_the_same_code_for_the_same_verdict() {
    let several = EASY.replacen(|c: char| c.is_ascii_digit(), ".", 8);
    let conflict = format!("33{}", &EASY[2..]);
    let short = &EASY[..79];
    let cases = [
        ("a proper puzzle", EASY, 0),
        ("several solutions", several.as_str(), 4),
        ("no solution", conflict.as_str(), 3),
        ("malformed", short, 2),
        ("a missing file", "no/such/puzzle.txt", 2),
    ];
    let mut wrong = Vec::new();
    for (what, puzzle, want) in cases {
        for command in ["solve", "hint", "explain", "rate"] {
            let got = code(&[command, puzzle]);
            if got != Some(want) {
                wrong.push(format!("{command} on {what}: {got:?}, want {want}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The codes of the table shown by `--help`: the numbers that start its lines.
fn help_codes(help: &str) -> Vec<String> {
    let table = help.split("Exit codes").nth(1).expect("an exit-code table");
    table
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect()
}

#[test]
fn the_table_is_in_help_and_in_the_readme() {
    let help = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let codes = help_codes(&help);
    assert_eq!(
        codes,
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "70", "74"],
        "{help}"
    );
    for command in ["solve", "hint", "explain", "rate", "import", "generate"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudolens"))
            .args([command, "--help"])
            .output()
            .unwrap();
        assert_eq!(
            help_codes(&String::from_utf8_lossy(&out.stdout)),
            codes,
            "{command}"
        );
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for c in &codes {
        assert!(
            readme.contains(&format!("| `{c}` |")),
            "README's exit-code table lacks {c}"
        );
    }
}

/// With no command and no display, the window cannot open: the commands are
/// shown instead, and the code says the window did not open.
#[test]
fn no_display_gives_the_no_window_code() {
    let out = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env(
            "SUDOLENS_DATA_DIR",
            std::env::temp_dir().join("sudolens-no-window"),
        )
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(8));
    assert!(String::from_utf8_lossy(&out.stdout).contains("sudolens solve"));
    // Issue 32, N13: winit's error named its source file in the cargo
    // registry ("os error at /root/.cargo/registry/src/.../mod.rs:788: ").
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open the window"), "{err}");
    assert!(!err.contains(".cargo") && !err.contains(".rs:"), "{err}");
}
