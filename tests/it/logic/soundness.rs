//! Soundness: every step of every path agrees with the true solution.
//!
//! A few puzzles live here so the test always runs; the shared collections
//! (`../shared/puzzles`) are walked too when present, sampled in debug
//! builds so `cargo test` stays fast (the full sets belong to
//! `sudolens rate --bench`).

use crate::common::{EASY, HARD};
use std::path::PathBuf;
use sudolens::grid::Grid;
use sudolens::logic::{apply_to_state, next_step_in, Pencilmarks, Step};
use sudolens::solver::solve;

const LOCAL: &[&str] = &[
    HARD,
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    EASY,
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
];

/// Checks one step against the solution; returns a description of the
/// first wrong conclusion.
fn check(step: &Step, solution: &Grid) -> Result<(), String> {
    for p in &step.placements {
        if solution.get(p.cell) != p.digit {
            return Err(format!("{step}: places {} in {}", p.digit, p.cell));
        }
    }
    for c in step.eliminated() {
        if solution.get(c.cell) == c.digit {
            return Err(format!(
                "{step}: removes the true {} from {}",
                c.digit, c.cell
            ));
        }
    }
    if !step.is_progress() {
        return Err(format!("{step}: no progress"));
    }
    Ok(())
}

/// Walks the whole path; `Err` names the puzzle and the bad step.
fn walk(line: &str) -> Result<bool, String> {
    let g = Grid::parse(line).map_err(|e| e.to_string())?;
    if sudolens::solver::count_solutions(&g, 2) != 1 {
        return Err("not a proper puzzle".into());
    }
    let solution = solve(&g).ok_or("no solution")?;
    let mut s = Pencilmarks::from_grid(&g);
    while let Some(step) = next_step_in(&s) {
        check(&step, &solution).map_err(|e| format!("{line}: {e}"))?;
        apply_to_state(&mut s, &step);
    }
    Ok(s.is_solved())
}

#[test]
fn local_puzzles_are_solved_soundly() {
    for line in LOCAL {
        assert_eq!(walk(line), Ok(true), "{line}");
    }
}

fn shared(name: &str) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(name);
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        text.lines()
            .map(str::trim)
            // Puzzle lines only: the exemplar file also holds notes.
            .filter(|l| {
                l.len() >= 81 && l.bytes().take(81).all(|b| b == b'.' || b.is_ascii_digit())
            })
            .map(|l| l[..81].to_string())
            .collect(),
    )
}

/// Every `step`-th puzzle of a set (all of them in release builds).
fn sample(lines: Vec<String>, debug_every: usize) -> Vec<String> {
    let every = if cfg!(debug_assertions) {
        debug_every
    } else {
        1
    };
    lines.into_iter().step_by(every).collect()
}

#[test]
fn shared_collections_are_solved_soundly() {
    let sets: &[(&str, usize)] = &[
        ("top1465.txt", 40),
        ("top95.txt", 8),
        ("norvig_hardest.txt", 1),
        ("sudoku17_sample1000.txt", 50),
        ("qqwing_expert.txt", 100),
        ("sx_diabolical.txt", 50),
        ("sx_easy.txt", 100),
        ("hodoku_exemplars-1.0.txt", 20),
        ("forum_hardest_1905_11plus.txt", 4000),
    ];
    let mut checked = 0;
    let mut unsolved = Vec::new();
    for &(name, every) in sets {
        let Some(lines) = shared(name) else {
            eprintln!("notice: ../shared/puzzles/{name} not found, skipped");
            continue;
        };
        for line in sample(lines, every) {
            let proper =
                Grid::parse(&line).is_ok_and(|g| sudolens::solver::count_solutions(&g, 2) == 1);
            if !proper {
                continue; // the exemplar file holds a few non-unique grids
            }
            match walk(&line) {
                Ok(true) => {}
                Ok(false) => unsolved.push(line),
                Err(e) => panic!("unsound step in {name}: {e}"),
            }
            checked += 1;
        }
    }
    eprintln!("{checked} shared puzzles walked");
    assert!(unsolved.is_empty(), "logic stopped on: {unsolved:?}");
}

/// A small deterministic generator (xorshift), so the puzzles are the same
/// on every run and a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A minimal unique puzzle: a solution grid shuffled by relabelling digits
/// and permuting bands, stacks, rows and columns, then givens removed in
/// random order while the solution stays unique.
fn generate(rng: &mut Rng, base: &Grid) -> Grid {
    let mut digits: Vec<u8> = (1..=9).collect();
    for i in (1..9).rev() {
        digits.swap(i, rng.below(i + 1));
    }
    let perm = |rng: &mut Rng| -> Vec<usize> {
        let mut bands = [0usize, 1, 2];
        for i in (1..3).rev() {
            bands.swap(i, rng.below(i + 1));
        }
        let mut out = Vec::with_capacity(9);
        for b in bands {
            let mut inner = [0usize, 1, 2];
            for i in (1..3).rev() {
                inner.swap(i, rng.below(i + 1));
            }
            out.extend(inner.iter().map(|&r| b * 3 + r));
        }
        out
    };
    let (rows, cols) = (perm(rng), perm(rng));
    let mut g = Grid::empty();
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let d = base.get(sudolens::grid::Cell::new(from_r, from_c));
            g.set(sudolens::grid::Cell::new(r, c), digits[d as usize - 1]);
        }
    }
    let mut order: Vec<usize> = (0..81).collect();
    for i in (1..81).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for i in order {
        let cell = sudolens::grid::Cell::ALL[i];
        let d = g.get(cell);
        g.set(cell, 0);
        if sudolens::solver::count_solutions(&g, 2) != 1 {
            g.set(cell, d);
        }
    }
    g
}

#[test]
fn generated_puzzles_are_solved_soundly() {
    let base = solve(&Grid::parse(LOCAL[0]).unwrap()).unwrap();
    let mut rng = Rng(0x5eed_1234_abcd_0042);
    let count = if cfg!(debug_assertions) { 500 } else { 3000 };
    for _ in 0..count {
        let puzzle = generate(&mut rng, &base);
        assert_eq!(walk(&puzzle.to_line()), Ok(true), "{}", puzzle.to_line());
    }
}
