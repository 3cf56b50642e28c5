//! Issue 16: the technique guide has a checked example of every technique
//! it can teach, and Pip's words stay readable in plain notation on real
//! hard steps (long chains and forcing chains included).

use std::path::PathBuf;
use sudolens::grid::{Cell, Grid};
use sudolens::guide::{example, practice, step_of, stored_examples};
use sudolens::hint::{for_step, guide::families, Lang, Notation, Wording};
use sudolens::logic::{solve_path, Technique};

/// Techniques with no example yet: the guide says so on their page
/// instead of showing one. The engine tries every other chain before a
/// nested one, and one nearly always exists, so it is the easiest step only
/// on the rarest grids: none in the 2,427 puzzles of the Sudoku Exchange
/// bank, nor in 60,000 generated ones (`examples/guide_examples.rs`).
/// (Cell and unit forcing chains have examples since the engine tries
/// them before contradiction chains.)
const WITHOUT_EXAMPLE: &[Technique] = &[Technique::NestedForcingChain];

#[test]
fn every_technique_of_the_guide_has_a_checked_example() {
    let mut missing = Vec::new();
    for t in families().into_iter().flatten() {
        match example(t) {
            Some((board, step)) => {
                assert_eq!(step.technique, t);
                let solution = sudolens::solver::solve(board.givens()).unwrap();
                assert!(
                    board.grid().agrees_with(&solution),
                    "{t:?}: entries are right"
                );
                // Singles are played without pencil marks: their examples
                // show none, as the player's board has none.
                if t <= Technique::NakedSingle {
                    assert!(
                        Cell::ALL.iter().all(|&c| board.notes(c).is_empty()),
                        "{t:?}: a single's example has no notes"
                    );
                }
            }
            None => missing.push(t),
        }
    }
    assert_eq!(
        missing, WITHOUT_EXAMPLE,
        "run `cargo run --release --example guide_examples` after engine changes"
    );
    let stale: usize = families()
        .into_iter()
        .flatten()
        .map(|t| {
            let all = stored_examples(t);
            all.iter().filter(|b| step_of(b, t).is_none()).count()
        })
        .sum();
    eprintln!("{stale} stored examples are no longer the easiest step");
}

#[test]
fn try_one_gives_a_fresh_puzzle_whose_next_step_needs_the_technique() {
    for t in [Technique::XWing, Technique::XyWing, Technique::AlsXz] {
        let a = practice(t, 1).expect("an example to practise");
        let b = practice(t, 2).expect("an example to practise");
        assert!(
            step_of(&a, t).is_some() && step_of(&b, t).is_some(),
            "{t:?}"
        );
        assert_ne!(a.givens(), b.givens(), "{t:?}: fresh each time");
    }
}

/// Whether `text` holds a compact cell name such as "r6c2".
pub(crate) fn has_compact_cell(text: &str) -> bool {
    text.as_bytes()
        .windows(4)
        .any(|w| w[0] == b'r' && w[1].is_ascii_digit() && w[2] == b'c' && w[3].is_ascii_digit())
}

#[test]
fn plain_names_stay_readable_on_real_long_steps() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/top1465.txt");
    let puzzles: Vec<String> = match std::fs::read_to_string(&path) {
        Ok(text) => text.lines().take(12).map(|l| l[..81].to_string()).collect(),
        Err(_) => {
            eprintln!(
                "notice: {} not found: the local hard puzzle alone",
                path.display()
            );
            vec![crate::common::HARD.to_string()]
        }
    };
    let (mut longest, mut longest_line) = (0, String::new());
    let mut longest_step: Option<(usize, String)> = None;
    for puzzle in &puzzles {
        let path = solve_path(&Grid::parse(puzzle).unwrap());
        for step in &path.steps {
            for lang in [Lang::En, Lang::Fr] {
                let w = Wording::new(lang, Notation::Plain);
                let lines = for_step(step, w).lines;
                for l in &lines {
                    assert!(!has_compact_cell(&l.text), "{step}: {}", l.text);
                    if l.text.len() > longest {
                        (longest, longest_line) = (l.text.len(), l.text.clone());
                    }
                }
                if lang == Lang::En && longest_step.as_ref().is_none_or(|(n, _)| lines.len() > *n) {
                    let text: Vec<String> = lines.iter().map(|l| l.text.clone()).collect();
                    longest_step = Some((lines.len(), text.join("\n")));
                }
            }
        }
    }
    let (n, text) = longest_step.unwrap();
    eprintln!("longest plain line ({longest} bytes): {longest_line}");
    eprintln!("longest step ({n} lines):\n{text}");
    // A line is one thought: a long list of cells is grouped by row or
    // column, never a paragraph of its own.
    assert!(longest <= 320, "{longest_line}");
}
