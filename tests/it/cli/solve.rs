//! The `sudolens solve` command as a user runs it: outputs and exit codes.

use crate::common::{sudolens, temp_file, text, HARD, HARD_SOLUTION};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn solves_a_puzzle_argument() {
    let out = sudolens(&["solve", HARD]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim(), HARD_SOLUTION);
}

#[test]
fn solves_a_nine_line_grid_file_with_header() {
    let grid = sudolens::grid::Grid::parse(HARD).unwrap();
    let path = temp_file(
        "grille01.txt",
        format!("3 3\n{}", grid.to_grid_text()).as_bytes(),
    );
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), HARD_SOLUTION);
}

#[test]
fn conflicting_givens_are_no_solution_naming_cells() {
    let bad = format!("44{}", &HARD[2..]);
    let out = sudolens(&["solve", &bad]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stdout).trim(),
        "no solution: 4 appears twice in row 1 (columns 1 and 2)"
    );
    let out = sudolens(&["solve", &bad, "--notation", "compact"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stdout).trim(),
        "no solution: 4 appears twice in r1 (r1c1, r1c2)"
    );
}

#[test]
fn multiple_solutions_exit_4_with_reason() {
    let out = sudolens(&["solve", &".".repeat(81), "--notation", "compact"]);
    assert_eq!(out.status.code(), Some(4));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("multiple solutions: for example r"),
        "{stdout}"
    );
    let stdout = text(&sudolens(&["solve", &".".repeat(81)]).stdout);
    assert!(
        stdout.starts_with("multiple solutions: for example row "),
        "{stdout}"
    );
}

#[test]
fn malformed_input_exits_2_with_location() {
    let out = sudolens(&["solve", &HARD[..79]]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim(),
        "error: puzzle argument: found 79 cells, expected 81"
    );

    let path = temp_file("garbage.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a text file"),
        "{}",
        text(&out.stderr)
    );

    let out = sudolens(&["solve", "no/such/file.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("neither a file that exists nor a puzzle"));

    let path = temp_file("empty.txt", b"");
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("empty"), "{}", text(&out.stderr));
}

#[test]
fn batch_keeps_going_past_bad_lines() {
    let contents = format!("{HARD}\n{}\n44{}\n{HARD}\n", &HARD[..80], &HARD[2..]);
    let path = temp_file("batch.txt", contents.as_bytes());
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], HARD_SOLUTION);
    assert_eq!(lines[1], "error: line 2: found 80 cells, expected 81");
    assert!(lines[2].starts_with("error: line 3: no solution: 4 appears twice"));
    assert_eq!(lines[3], HARD_SOLUTION);
    let summary = text(&out.stderr);
    assert!(
        summary.contains("4 puzzles, 2 solved, 1 invalid, 1 malformed"),
        "{summary}"
    );
    assert!(summary.contains("puzzles/s"));
}

#[test]
fn reads_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(HARD.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(text(&out.stdout).trim(), HARD_SOLUTION);
}

#[test]
fn bundled_puzzles_all_solve() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/few_puzzles.txt");
    let out = sudolens(&["solve", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 3);
}

#[cfg(unix)]
#[test]
fn output_cut_short_by_a_pipe_ends_quietly() {
    // `sudolens explain ... | head -1`: the reader leaves after one line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["explain", HARD])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_bad_first_line_is_reported_alone() {
    // issue 11, defect 5: an 80-cell first line made the file one grid of 81080 cells
    let mut contents = format!("{}\n", &HARD[..80]);
    for _ in 0..1000 {
        contents.push_str(HARD);
        contents.push('\n');
    }
    let path = temp_file("bad_first_line.txt", contents.as_bytes());
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1001);
    assert_eq!(lines[0], "error: line 1: found 80 cells, expected 81");
    assert!(lines[1..].iter().all(|l| *l == HARD_SOLUTION));
    assert!(
        text(&out.stderr).contains("1001 puzzles, 1000 solved, 0 invalid, 1 malformed"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn single_grid_files_still_read_as_one_grid() {
    let grid = sudolens::grid::Grid::parse(HARD).unwrap();
    for (name, contents) in [
        ("nine_lines.txt", grid.to_grid_text()),
        (
            "forum.txt",
            format!("# from a forum post\n{}", grid.to_pretty()),
        ),
        ("one_line.txt", format!("{HARD}\n")),
    ] {
        let path = temp_file(name, contents.as_bytes());
        let out = sudolens(&["solve", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), HARD_SOLUTION, "{name}");
    }
}

#[test]
fn a_directory_is_called_a_directory() {
    // issue 11: "neither a file that exists nor a puzzle"
    let dir = std::env::temp_dir();
    let out = sudolens(&["solve", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is a directory"), "{stderr}");
    assert!(!stderr.contains("neither"), "{stderr}");
}

#[test]
fn a_nul_byte_is_called_binary_data_with_its_place() {
    // issue 11: it was called "invalid UTF-8"
    let path = temp_file("nul.txt", b"4.....8.5.3\0..\n");
    let out = sudolens(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 1, column 12: binary data, not text: a NUL byte (byte 11"),
        "{stderr}"
    );
    assert!(!stderr.contains("UTF-8"), "{stderr}");
}

#[test]
fn standard_input_batches_stream_too() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("{}\n{HARD}\n{HARD}\n", &HARD[..80]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "error: line 1: found 80 cells, expected 81",
            HARD_SOLUTION,
            HARD_SOLUTION
        ]
    );
}
