//! Finds the technique guide's example positions: for every technique, a
//! few places where the rule engine takes it as the easiest next step, and
//! writes them to `assets/guide/examples.txt` (read by `src/guide.rs`).
//!
//! ```text
//! cargo run --release --example guide_examples            # the default sources
//! cargo run --release --example guide_examples -- FILE... # other puzzle files
//! ```
//!
//! The default sources are public domain: when `../shared/puzzles` is
//! there, the whole Sudoku Exchange bank (`sx_*.txt`; the built-in library
//! drawn from it is gone since New uses the generator); then, for the
//! techniques still without enough examples, puzzles made by a small seeded
//! generator (a random full grid, givens removed in random order while the
//! solution stays unique), up to `GENERATED` of them. Each puzzle is
//! solved step by step; before each step the position (givens, digits
//! placed, candidates) is a candidate example of that step's technique.
//! Per technique the tool keeps the positions whose explanation is
//! shortest (Pip's lines, then the puzzle's order), one per puzzle, so the
//! output depends only on the sources and the engine: run it again after
//! the engine changes, and the guide's test says when that is needed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sudolens::grid::{Board, Candidates, Cell, Grid};
use sudolens::guide::{format_example, step_of};
use sudolens::hint::{for_step, Lang};
use sudolens::logic::{apply_to_state, next_step_in, Pencilmarks, Technique};

/// Positions kept per technique.
const PER_TECHNIQUE: usize = 4;

/// At most this many generated puzzles are walked.
const GENERATED: usize = 60_000;

/// xorshift64: seeded, so the generated puzzles are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, (self.next() % (i as u64 + 1)) as usize);
        }
    }
}

/// Fills `grid` from cell `i` on with random digits, backtracking.
fn fill(grid: &mut Grid, i: usize, rng: &mut Rng) -> bool {
    let Some(&cell) = Cell::ALL.get(i) else {
        return true;
    };
    let mut digits: Vec<u8> = grid.candidates(cell).iter().collect();
    rng.shuffle(&mut digits);
    for d in digits {
        grid.set(cell, d);
        if fill(grid, i + 1, rng) {
            return true;
        }
    }
    grid.set(cell, 0);
    false
}

/// A minimal puzzle: a random full grid, givens removed in random order
/// while the solution stays unique.
fn generate(rng: &mut Rng) -> Grid {
    let mut grid = Grid::empty();
    fill(&mut grid, 0, rng);
    let mut order: Vec<Cell> = Cell::ALL.to_vec();
    rng.shuffle(&mut order);
    for cell in order {
        let d = grid.get(cell);
        grid.set(cell, 0);
        if sudolens::solver::count_solutions(&grid, 2) != 1 {
            grid.set(cell, d);
        }
    }
    grid
}

fn default_sources(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = Vec::new();
    let shared = root.join("../shared/puzzles");
    for n in [
        "sx_easy",
        "sx_medium",
        "sx_hard1",
        "sx_hard2",
        "sx_diabolical",
    ] {
        let f = shared.join(format!("{n}.txt"));
        if f.exists() {
            files.push(f);
        } else {
            eprintln!("{} is absent: it is not searched", f.display());
        }
    }
    files
}

/// The position of a solving state as a board a player could hold: with
/// its candidates as notes, or without notes, as singles are played.
fn board_of(puzzle: &Grid, s: &Pencilmarks, with_notes: bool) -> Board {
    let mut entries = Grid::empty();
    let mut notes = [Candidates::NONE; 81];
    for cell in Cell::ALL {
        if puzzle.get(cell) == 0 {
            entries.set(cell, s.value(cell));
            if with_notes {
                notes[cell.index()] = s.cands(cell);
            }
        }
    }
    Board::with_notes(*puzzle, &entries, &notes).expect("a solving state is a board")
}

/// A candidate example: how long Pip's explanation is, where it was found,
/// and the line to write.
type Found = (usize, usize, String);

/// Solves `puzzle` step by step; the position before the first step of
/// each technique is a candidate example of it.
fn walk(puzzle: &Grid, index: usize, found: &mut BTreeMap<Technique, Vec<Found>>) {
    let mut s = Pencilmarks::from_grid(puzzle);
    let mut seen: Vec<Technique> = Vec::new();
    while let Some(step) = next_step_in(&s) {
        let t = step.technique;
        if !seen.contains(&t) {
            seen.push(t);
            // Singles need no notes: their examples have none, as the
            // player's board has none when Pip explains them.
            let board = board_of(puzzle, &s, t > Technique::NakedSingle);
            // The board must give the same step as the state, or the
            // guide would show another one.
            if step_of(&board, t).is_some() {
                let lines = for_step(&step, Lang::En).lines.len();
                found
                    .entry(t)
                    .or_default()
                    .push((lines, index, format_example(t, &board)));
            }
        }
        apply_to_state(&mut s, &step);
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let sources = if args.is_empty() {
        default_sources(&root)
    } else {
        args
    };
    let mut puzzles: Vec<Grid> = Vec::new();
    for file in &sources {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for line in text.lines().map(str::trim) {
            if line.len() >= 81 && !line.starts_with('#') {
                if let Ok(g) = Grid::parse(&line[..81]) {
                    if !puzzles.contains(&g) {
                        puzzles.push(g);
                    }
                }
            }
        }
    }
    eprintln!("{} puzzles from {} files", puzzles.len(), sources.len());
    let mut found: BTreeMap<Technique, Vec<Found>> = BTreeMap::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        if sudolens::solver::verdict(puzzle).is_unique() {
            walk(puzzle, index, &mut found);
        }
        if index % 250 == 249 {
            eprintln!("{} puzzles walked", index + 1);
        }
    }
    // Generated puzzles, while a technique lacks examples.
    let wanted = |found: &BTreeMap<Technique, Vec<Found>>| {
        Technique::ALL
            .into_iter()
            .filter(|&t| t != Technique::WrongEntries)
            .filter(|t| found.get(t).map_or(0, Vec::len) < PER_TECHNIQUE)
            .collect::<Vec<_>>()
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for n in 0..GENERATED {
        if wanted(&found).is_empty() {
            break;
        }
        let puzzle = generate(&mut rng);
        walk(&puzzle, puzzles.len() + n, &mut found);
        if n % 10_000 == 9_999 {
            eprintln!(
                "{} generated puzzles walked; still wanted: {:?}",
                n + 1,
                wanted(&found)
            );
        }
    }
    let mut out = String::from(
        "# The technique guide's example positions, written by examples/guide_examples.rs\n\
         # from public-domain puzzles (the Sudoku Exchange puzzle bank) and puzzles of its own generator.\n\
         # technique <TAB> givens <TAB> entries <TAB> candidates of each cell, comma-separated\n",
    );
    for t in Technique::ALL {
        let Some(list) = found.get_mut(&t) else {
            eprintln!("{}: no example found", t.id());
            continue;
        };
        list.sort();
        eprintln!(
            "{}: {} positions, shortest explanation {} lines",
            t.id(),
            list.len(),
            list[0].0
        );
        for (_, _, line) in list.iter().take(PER_TECHNIQUE) {
            out.push_str(line);
            out.push('\n');
        }
    }
    let path = root.join("assets/guide/examples.txt");
    sudolens::files::write_atomic(&path, out.as_bytes())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    eprintln!("wrote {}", path.display());
}
