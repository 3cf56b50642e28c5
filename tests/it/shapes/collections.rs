//! The public collections in `tests/data/collections/` (cited in that
//! folder's `SOURCES.md`): every puzzle of every file is proper (one
//! solution, by the exact solver) and is solved to the end by explained
//! steps, none of which the solution contradicts.
//!
//! A file of more than [`WALKED_PER_FILE`] puzzles is sampled for the walk:
//! every k-th puzzle from the first, k = ceil(count / WALKED_PER_FILE), so
//! the sample spreads over the whole file; in an optimised build every
//! puzzle is still checked proper. The puzzles of [`KNOWN_STALLS`], where the rule engine stops
//! before the end, are only checked proper by default (their walks are the
//! slowest). `SUDOLENS_ALL_COLLECTIONS=1` walks every puzzle, and then
//! checks that each known stall is sound up to where it stops, and still
//! stops.

use super::walk::walk;
use std::path::{Path, PathBuf};
use std::time::Instant;
use sudolens::grid::parse_shaped;
use sudolens::solver::count_shaped;

/// At most this many puzzles of a file are walked in a default run: fewer
/// in an unoptimised build (`cargo test`, CI), where a hard 16×16 takes
/// seconds to walk and to count.
const WALKED_PER_FILE: usize = if cfg!(debug_assertions) { 4 } else { 12 };

/// Whether the puzzles left out of the walk are still checked proper: in
/// an optimised build (`cargo test --release`), or with every puzzle walked.
const CHECK_THE_REST: bool = !cfg!(debug_assertions);

/// What the walk says when logic stops before the end.
const STOPPED: &str = "logic stopped before the end";

/// Proper puzzles on which the rule engine stops before the end (file,
/// line of the puzzle's first row): the sized engine's techniques, nested
/// contradictions included, do not finish this very hard 16×16 X of
/// sigh's solver (see `SOURCES.md`). The other two hard 16×16s of that
/// collection need the nested contradictions and are walked to the end.
const KNOWN_STALLS: &[(&str, usize)] = &[("iss-variants.txt", 74)];

/// Whether a puzzle is proper: one solution.
fn proper(puzzle: &sudolens::grid::ShapedGrid) -> Result<(), String> {
    match count_shaped(puzzle.shape(), puzzle.values(), 2) {
        1 => Ok(()),
        0 => Err("not a proper puzzle: no solution".into()),
        _ => Err("not a proper puzzle: several solutions".into()),
    }
}

/// What went wrong in one file, one line per puzzle (empty when sound),
/// and how many puzzles it holds and how many were walked.
pub(super) fn check_file(path: &Path, walk_all: bool) -> (Vec<String>, usize, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_str().unwrap();
    let entries = match parse_shaped(&text) {
        Ok(entries) => entries,
        Err(e) => return (vec![format!("{}: {e}", path.display())], 0, 0),
    };
    let count = entries.len();
    let every = if walk_all {
        1
    } else {
        count.div_ceil(WALKED_PER_FILE).max(1)
    };
    let mut wrong = Vec::new();
    let mut walked = 0;
    for &(file, line) in KNOWN_STALLS.iter().filter(|(f, _)| *f == name) {
        if !entries.iter().any(|e| e.line == line) {
            wrong.push(format!(
                "{file}: no puzzle starts on line {line} (KNOWN_STALLS)"
            ));
        }
    }
    for (i, entry) in entries.iter().enumerate() {
        let at = format!("{} line {}", path.display(), entry.line);
        let puzzle = match &entry.grid {
            Ok(puzzle) => puzzle,
            Err(e) => {
                wrong.push(format!("{at}: {e}"));
                continue;
            }
        };
        let stall = KNOWN_STALLS.contains(&(name, entry.line));
        let started = Instant::now();
        if !walk_all && (stall || i % every != 0) {
            if !CHECK_THE_REST {
                continue;
            }
            if let Err(e) = proper(puzzle) {
                wrong.push(format!("{at}: {e}"));
            }
        } else {
            walked += 1;
            match (walk(puzzle), stall) {
                (Ok(_), false) => {}
                (Err(e), true) if e == STOPPED => {}
                (Ok(_), true) => wrong.push(format!(
                    "{at}: now solved by logic: take it out of KNOWN_STALLS"
                )),
                (Err(e), _) => wrong.push(format!("{at}: {e}")),
            }
        }
        let took = started.elapsed();
        if took.as_secs_f32() > 2.0 {
            eprintln!("{at}: {took:.1?}");
        }
    }
    (wrong, count, walked)
}

fn collection_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/collections");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_public_collection_is_proper_and_solved_by_sound_explained_steps() {
    let files = collection_files();
    assert!(!files.is_empty(), "no collection in tests/data/collections");
    let sources = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/collections/SOURCES.md"),
    )
    .expect("tests/data/collections/SOURCES.md cites every file");
    let walk_all = std::env::var_os("SUDOLENS_ALL_COLLECTIONS").is_some();
    let mut wrong = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_str().unwrap();
        assert!(
            sources.contains(&format!("`{name}`")),
            "SOURCES.md does not cite {name}"
        );
        let (errors, count, walked) = check_file(file, walk_all);
        assert!(count > 0, "{name}: no puzzle");
        eprintln!(
            "{name}: {count} puzzles, {walked} walked (all checked proper: {CHECK_THE_REST})"
        );
        wrong.extend(errors);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The check reports a broken puzzle (two givens of a 16×16 swapped, in a
/// temporary copy of the file) with its file and line.
#[test]
fn a_broken_puzzle_in_a_collection_is_reported_with_its_line() {
    let file = collection_files()
        .into_iter()
        .find(|p| p.to_str().is_some_and(|s| s.contains("16x16")))
        .expect("a 16x16 collection");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let first = lines
        .iter()
        .position(|l| l.len() == 16 && !l.starts_with("//"))
        .unwrap();
    // Two givens of the first puzzle's first row swapped: no longer proper.
    let row: Vec<char> = lines[first].chars().collect();
    let given: Vec<usize> = (0..16).filter(|&i| row[i] != '.').collect();
    let mut broken = row.clone();
    broken.swap(given[0], given[1]);
    lines[first] = broken.into_iter().collect();
    let dir = std::env::temp_dir().join(format!("sudolens-collections-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("broken-16x16.txt");
    std::fs::write(&copy, lines.join("\n")).unwrap();
    let (wrong, count, _) = check_file(&copy, false);
    std::fs::remove_dir_all(&dir).ok();
    assert!(count > 1);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(
        wrong[0].contains(&format!("line {}", first + 1)) && wrong[0].contains("not a proper"),
        "{}",
        wrong[0]
    );
}
