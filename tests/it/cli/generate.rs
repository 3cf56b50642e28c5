//! `sudolens generate` as a user runs it: one puzzle per line at the level
//! asked, the same from the same seed, the JSON fields, the puzzle of the
//! day, a progress line for slow batches, exit code 2 for bad options; the
//! endless carpet's window as a carpet-3 the other commands read.

use crate::common::{sudolens, temp_file, text};
use std::time::Instant;
use sudolens::generate::endless::{EndlessCarpet, GridPos};
use sudolens::generate::{is_minimal, Symmetry};
use sudolens::grid::{parse_shaped, Grid};
use sudolens::logic::{rate_grid, Level};
use sudolens::solver::{count_solutions, solve};

fn lines(args: &[&str]) -> Vec<String> {
    let out = sudolens(args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(String::from).collect()
}

fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    lines(args)
        .iter()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn puzzles_come_one_per_line_at_the_level_asked() {
    let puzzles = lines(&["generate", "--level", "hard", "--count", "3", "--seed", "7"]);
    assert_eq!(puzzles.len(), 3);
    for line in &puzzles {
        assert_eq!(line.len(), 81, "{line}");
        let grid = Grid::parse(line).unwrap();
        assert_eq!(count_solutions(&grid, 2), 1, "{line}");
        assert_eq!(rate_grid(&grid).level, Level::Hard, "{line}");
        assert!(
            Symmetry::Rotational.holds(&grid),
            "the default symmetry: {line}"
        );
    }
    assert_ne!(puzzles[0], puzzles[1]);
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let args = [
        "generate", "--level", "medium", "--count", "2", "--seed", "99",
    ];
    let first = lines(&args);
    assert_eq!(lines(&args), first);
    // Puzzle i of a batch is the puzzle of seed S + i alone.
    assert_eq!(
        lines(&["generate", "--level", "medium", "--seed", "100"]),
        first[1..]
    );
    assert_ne!(
        lines(&["generate", "--level", "medium", "--seed", "98"])[0],
        first[0]
    );
}

#[test]
fn json_lines_carry_puzzle_solution_level_score_hardest_and_seed() {
    let objects = json_lines(&[
        "generate", "--level", "expert", "--count", "2", "--seed", "41", "--json",
    ]);
    assert_eq!(objects.len(), 2);
    for (i, v) in objects.iter().enumerate() {
        let puzzle = Grid::parse(v["puzzle"].as_str().unwrap()).unwrap();
        let solution = Grid::parse(v["solution"].as_str().unwrap()).unwrap();
        assert_eq!(solve(&puzzle), Some(solution));
        let rating = rate_grid(&puzzle);
        assert_eq!(v["level"], "Expert");
        assert_eq!(v["score"].as_f64().unwrap(), f64::from(rating.score));
        assert_eq!(v["hardest"], rating.hardest.unwrap().id());
        assert_eq!(v["seed"], 41 + i as u64);
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 6, "{v}");
    }
}

#[test]
fn symmetry_and_minimal_are_honoured() {
    for line in lines(&[
        "generate",
        "--level",
        "easy",
        "--count",
        "2",
        "--seed",
        "3",
        "--symmetry",
        "mirror",
        "--minimal",
    ]) {
        let grid = Grid::parse(&line).unwrap();
        assert!(Symmetry::Mirror.holds(&grid), "{line}");
        assert!(is_minimal(&grid, Symmetry::Mirror), "{line}");
        assert_eq!(rate_grid(&grid).level, Level::Easy);
    }
    let line = &lines(&["generate", "--seed", "3", "--symmetry", "none", "--minimal"])[0];
    assert!(is_minimal(&Grid::parse(line).unwrap(), Symmetry::None));
}

#[test]
fn the_puzzle_of_the_day_follows_the_date() {
    // 12 May 2025 was a Monday: Easy, seed 20250512.
    let daily = json_lines(&["generate", "--daily", "2025-05-12", "--json"]);
    assert_eq!(daily.len(), 1);
    assert_eq!(daily[0]["level"], "Easy");
    assert_eq!(daily[0]["seed"], 20250512);
    let same = json_lines(&[
        "generate", "--level", "easy", "--seed", "20250512", "--json",
    ]);
    assert_eq!(daily, same);
    // Saturday: Extreme.
    let saturday = json_lines(&["generate", "--daily", "2025-05-17", "--json"]);
    assert_eq!(saturday[0]["level"], "Extreme");
    // Today's: some level, a proper puzzle.
    let today = lines(&["generate", "--daily"]);
    assert_eq!(count_solutions(&Grid::parse(&today[0]).unwrap(), 2), 1);
}

#[test]
fn a_slow_batch_reports_progress_on_stderr_and_a_quick_one_does_not() {
    let start = Instant::now();
    let out = sudolens(&[
        "generate", "--level", "master", "--count", "12", "--seed", "1",
    ]);
    let took = start.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).lines().count(), 12);
    let err = text(&out.stderr);
    // Twelve Master puzzles take a second or two in a debug build; the line
    // shows after the first second. (The timing itself, with a made-up
    // clock, is the unit test in src/cli/generate.rs.)
    if took > 1.5 {
        assert!(
            err.contains("generating Master puzzles:"),
            "{took:.1} s, stderr: {err}"
        );
        assert!(err.contains("generated 12 Master puzzles"), "{err}");
    }
    let quick = sudolens(&["generate", "--level", "easy", "--seed", "1"]);
    assert!(text(&quick.stderr).is_empty(), "{}", text(&quick.stderr));
}

#[test]
fn bad_options_are_named_and_exit_2() {
    let cases: [(&[&str], &str); 8] = [
        (&["--level", "legendary"], "expected easy, medium, hard"),
        (
            &["--symmetry", "diagonal"],
            "expected none, rotational or mirror",
        ),
        (&["--count", "0"], "--count"),
        (&["--seed", "-4"], "-4"),
        (&["--seed", "lots"], "--seed"),
        (&["--daily", "2025-02-30"], "is not a date"),
        (
            &["--daily", "2025-05-12", "--level", "hard"],
            "cannot be used with",
        ),
        (&["--shuffle"], "--shuffle"),
    ];
    for (args, says) in cases {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let out = sudolens(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("error:") && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_endless_carpet_s_window_is_a_carpet_3_the_other_commands_read() {
    let out = sudolens(&[
        "generate", "--shape", "endless", "--level", "medium", "--seed", "7",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(
        printed.starts_with("shape: carpet-3\n// endless carpet, seed 7, level Medium"),
        "{printed}"
    );
    // The window the library's carpet of that seed shows at the start.
    let mut carpet = EndlessCarpet::new(7, Level::Medium).unwrap();
    let window = carpet.window(GridPos::new(0, 0));
    let entries = parse_shaped(&printed).unwrap();
    assert_eq!(entries.len(), 1);
    let read = entries[0].grid.as_ref().unwrap();
    assert_eq!(read.shape().name(), "carpet-3");
    assert_eq!(read.values(), window.values.values());
    let path = temp_file("endless-window.txt", printed.as_bytes());
    let path = path.to_str().unwrap();
    for command in ["solve", "rate", "hint"] {
        let out = sudolens(&[command, path]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{command}: {}",
            text(&out.stderr)
        );
    }
    // `rate` reads the window at the level asked (the sized engine, which
    // rates a carpet-3, needing no more than the grids' own ratings).
    for (level, name) in [("medium", " Medium "), ("hard", " Hard ")] {
        let out = sudolens(&[
            "generate", "--shape", "endless", "--level", level, "--seed", "1",
        ]);
        let path = temp_file(&format!("endless-{level}.txt"), &out.stdout);
        let rated = text(&sudolens(&["rate", path.to_str().unwrap()]).stdout);
        assert!(rated.contains(name), "{level}: {rated}");
    }
    let bad = sudolens(&["generate", "--shape", "endless", "--level", "expert"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("easy, medium or hard"));
    let bad = sudolens(&["generate", "--shape", "endless", "--count", "2"]);
    assert_eq!(bad.status.code(), Some(2));
}
