//! Batches on every core (issue 35): `--jobs N` writes what one thread
//! writes, in the file's order, with the same exit code and counts, a bad
//! line failing alone.

use crate::common::{samples, sudolens, temp_file, text, EASY, HARD, SOLVED};

/// A batch whose items differ widely in cost (an easy puzzle solves in
/// microseconds, the hard ones take far longer), so threads finish out of
/// order, with a malformed line and a puzzle of many solutions among them.
fn mixed_batch(name: &str) -> String {
    let few = include_str!("../../data/few_puzzles.txt");
    let puzzles: Vec<&str> = few.lines().filter(|l| !l.starts_with('#')).collect();
    let many_solutions = format!("{}{}", &HARD[..9], ".".repeat(72));
    let mut lines = Vec::new();
    for i in 0..24 {
        lines.push(match i {
            5 => "12345".to_string(),
            11 => many_solutions.clone(),
            17 => SOLVED.to_string(),
            _ => [puzzles[i % puzzles.len()], EASY, HARD][i % 3].to_string(),
        });
    }
    let path = temp_file(name, lines.join("\n").as_bytes());
    path.to_str().unwrap().to_string()
}

/// The summary line without its speed ("..., 812 puzzles/s"), which varies.
fn counts(stderr: &[u8]) -> String {
    let s = text(stderr);
    let first = s.lines().next().unwrap_or("").to_string();
    match first.rfind(", ") {
        Some(i) if first[i..].contains("/s") => first[..i].to_string(),
        _ => first,
    }
}

#[test]
fn batches_on_several_threads_write_what_one_thread_writes() {
    let file = mixed_batch("jobs-mixed.txt");
    let commands: [&[&str]; 6] = [
        &["solve"],
        &["rate"],
        &["rate", "--json"],
        &["explain", "--brief"],
        &["explain", "--json"],
        &["explain", "--lang", "fr"],
    ];
    for command in commands {
        let run = |jobs: &str| {
            let mut args = command.to_vec();
            args.extend(["--jobs", jobs, file.as_str()]);
            sudolens(&args)
        };
        let one = run("1");
        assert!(!one.stdout.is_empty(), "{command:?}: {}", text(&one.stderr));
        // The malformed line and the puzzle of many solutions fail alone.
        assert_eq!(
            one.status.code(),
            Some(1),
            "{command:?}: {}",
            text(&one.stderr)
        );
        for jobs in ["2", "3"] {
            let many = run(jobs);
            assert_eq!(
                text(&many.stdout),
                text(&one.stdout),
                "{command:?} --jobs {jobs}"
            );
            assert_eq!(many.status.code(), one.status.code(), "{command:?}");
            assert_eq!(counts(&many.stderr), counts(&one.stderr), "{command:?}");
        }
    }
}

#[test]
fn a_file_of_puzzles_is_explained_one_after_another() {
    let path = temp_file("jobs-two.txt", format!("{EASY}\n{HARD}\n").as_bytes());
    let both = sudolens(&["explain", "--brief", "--jobs", "2", path.to_str().unwrap()]);
    assert_eq!(both.status.code(), Some(0), "{}", text(&both.stderr));
    let (easy, hard) = (
        sudolens(&["explain", "--brief", EASY]),
        sudolens(&["explain", "--brief", HARD]),
    );
    assert_eq!(
        text(&both.stdout),
        format!("{}\n{}", text(&easy.stdout), text(&hard.stdout))
    );
}

#[test]
fn photos_read_on_several_threads_keep_their_order() {
    let dir = samples();
    let mut photos: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jpg" || x == "png"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    photos.sort();
    photos.truncate(4);
    assert!(photos.len() >= 2, "samples/ holds photos");
    let read = |jobs: &str| {
        let mut args = vec!["import", "--json", "--jobs", jobs];
        args.extend(photos.iter().map(String::as_str));
        let out = sudolens(&args);
        let lines: Vec<(String, String)> = text(&out.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (v["file"].to_string(), v["givens"].to_string())
            })
            .collect();
        (out.status.code(), lines)
    };
    let (one, two) = (read("1"), read("2"));
    assert_eq!(one.1.len(), photos.len());
    assert_eq!(two, one);
    let files: Vec<String> = one
        .1
        .iter()
        .map(|(f, _)| f.trim_matches('"').to_string())
        .collect();
    assert_eq!(files, photos);
}

#[test]
fn zero_threads_are_refused_in_plain_words() {
    let out = sudolens(&["solve", "--jobs", "0", HARD]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("at least 1 thread"),
        "{}",
        text(&out.stderr)
    );
}
