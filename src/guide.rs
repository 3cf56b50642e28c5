//! The technique guide's boards: for each technique, positions where it is
//! the easiest next step, and "Try one", a fresh puzzle whose next step
//! needs it.
//!
//! The positions are found by the rule engine along the solving paths of
//! public-domain puzzles (the Sudoku Exchange bank the built-in library
//! comes from) by `examples/guide_examples.rs`, which writes
//! `assets/guide/examples.txt`; each line is checked again here before it
//! is shown (the engine may have learnt an easier step since), so a stale
//! line is skipped, never shown wrong. "Try one" takes a position and
//! disguises it (digits relabelled, rows and columns shuffled within their
//! bands and stacks, bands and stacks shuffled, maybe transposed): the same
//! logic in a grid that looks new, checked again too.
//!
//! The pages themselves (families, titles, ideas) are words: see
//! [`crate::hint::guide`].

use crate::generate::rng::Rng;
use crate::grid::{Board, Candidates, Cell, Grid};
use crate::logic::{next_outcome, NextStep, Step, Technique};

/// The example positions, one per line: the technique's stable key (`Technique::id`), the givens, the
/// entries placed so far, and the candidates of each cell (81 fields
/// separated by commas), separated by tabs.
const EXAMPLES: &str = include_str!("../assets/guide/examples.txt");

/// One line of the examples file, as the tool writes it.
pub fn format_example(technique: Technique, board: &Board) -> String {
    let notes: Vec<String> = Cell::ALL
        .iter()
        .map(|&c| board.notes(c).iter().map(|d| d.to_string()).collect())
        .collect();
    format!(
        "{}\t{}\t{}\t{}",
        technique.id(),
        board.givens().to_line(),
        board.entries().to_line(),
        notes.join(",")
    )
}

/// Reads one line of the examples file.
pub fn parse_example(line: &str) -> Result<(Technique, Board), String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [name, givens, entries, notes] = fields[..] else {
        return Err(format!("{} fields, expected 4", fields.len()));
    };
    let technique = Technique::from_id(name).ok_or(format!("unknown technique '{name}'"))?;
    let givens = Grid::parse(givens).map_err(|e| e.to_string())?;
    let entries = Grid::parse(entries).map_err(|e| e.to_string())?;
    let cells: Vec<&str> = notes.split(',').collect();
    if cells.len() != 81 {
        return Err(format!("{} cells of notes, expected 81", cells.len()));
    }
    let mut marks = [Candidates::NONE; 81];
    for (i, field) in cells.iter().enumerate() {
        for ch in field.chars() {
            match ch.to_digit(10) {
                Some(d @ 1..=9) => marks[i].insert(d as u8),
                _ => return Err(format!("'{ch}' in the notes of cell {}", i + 1)),
            }
        }
    }
    let board = Board::with_notes(givens, &entries, &marks).map_err(|e| e.to_string())?;
    Ok((technique, board))
}

/// The positions stored for `technique`, in file order (unchecked).
pub fn stored_examples(technique: Technique) -> Vec<Board> {
    EXAMPLES
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse_example(l).ok())
        .filter(|(t, _)| *t == technique)
        .map(|(_, b)| b)
        .collect()
}

/// The step the engine takes next on `board`, when it is one of `technique`.
pub fn step_of(board: &Board, technique: Technique) -> Option<Step> {
    match next_outcome(board) {
        NextStep::Step(step) if step.technique == technique => Some(*step),
        _ => None,
    }
}

/// The first stored position whose next step is `technique`, with that
/// step, for the guide's example board. Runs the engine: call it off the
/// UI thread.
pub fn example(technique: Technique) -> Option<(Board, Step)> {
    stored_examples(technique)
        .into_iter()
        .find_map(|b| step_of(&b, technique).map(|s| (b, s)))
}

/// A fresh puzzle whose next step is `technique`: a stored position,
/// picked and disguised by `seed`, checked by the engine (a few disguises
/// are tried; the position itself if none passes). `None` when there is
/// no position for it. Runs the engine: call it off the UI thread.
pub fn practice(technique: Technique, seed: u64) -> Option<Board> {
    let positions: Vec<Board> = stored_examples(technique)
        .into_iter()
        .filter(|b| step_of(b, technique).is_some())
        .collect();
    if positions.is_empty() {
        return None;
    }
    let mut rng = Rng::new(seed);
    let base = &positions[(rng.next_u64() % positions.len() as u64) as usize];
    (0..8)
        .map(|_| disguise(base, rng.next_u64()))
        .find(|b| step_of(b, technique).is_some())
        .or_else(|| Some(base.clone()))
}

/// A random order of `0..N` (Fisher-Yates, by remainder: the disguises written with it
/// must stay the same, so it does not switch to the generator's unbiased `below`).
fn order<const N: usize>(rng: &mut Rng) -> [usize; N] {
    let mut a: [usize; N] = std::array::from_fn(|i| i);
    for i in (1..N).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        a.swap(i, j);
    }
    a
}

/// Lines 0..9 in a random order that keeps each band (or stack) of
/// three together: the bands shuffled, and the lines within each.
fn lines(rng: &mut Rng) -> [usize; 9] {
    let bands = order::<3>(rng);
    let mut out = [0; 9];
    for (b, &band) in bands.iter().enumerate() {
        let within = order::<3>(rng);
        for (k, &w) in within.iter().enumerate() {
            out[b * 3 + k] = band * 3 + w;
        }
    }
    out
}

/// The same position under a symmetry of Sudoku chosen by `seed`: digits
/// relabelled, rows and columns shuffled within bands and stacks, bands and
/// stacks shuffled, and maybe transposed. Givens, entries and notes move
/// together, so every logical step has its twin.
pub fn disguise(board: &Board, seed: u64) -> Board {
    let mut rng = Rng::new(seed);
    let digits = order::<9>(&mut rng);
    let (rows, cols) = (lines(&mut rng), lines(&mut rng));
    let transpose = rng.next_u64() % 2 == 1;
    let relabel = |d: u8| {
        if d == 0 {
            0
        } else {
            digits[d as usize - 1] as u8 + 1
        }
    };
    // The new cell at (r, c) shows the old cell at (rows[r], cols[c]).
    let source = |new: Cell| {
        let (r, c) = if transpose {
            (new.col(), new.row())
        } else {
            (new.row(), new.col())
        };
        Cell::new(rows[r], cols[c])
    };
    let (mut givens, mut entries) = (Grid::empty(), Grid::empty());
    let mut notes = [Candidates::NONE; 81];
    for cell in Cell::ALL {
        let old = source(cell);
        givens.set(cell, relabel(board.givens().get(old)));
        entries.set(cell, relabel(board.entries().get(old)));
        notes[cell.index()] = board.notes(old).iter().map(relabel).collect();
    }
    Board::with_notes(givens, &entries, &notes).expect("a symmetry keeps givens and entries apart")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_read_back_as_written() {
        let line = EXAMPLES
            .lines()
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .expect("the file holds examples");
        let (t, board) = parse_example(line).unwrap();
        assert_eq!(format_example(t, &board), line);
        assert!(parse_example("X-Wing\t1").is_err());
        assert!(parse_example(&line.replace(t.id(), "Sudoku Magic")).is_err());
    }

    #[test]
    fn a_disguise_keeps_the_puzzle_and_its_logic() {
        let (board, step) = example(Technique::HiddenSingle).expect("an example");
        let solution = crate::solver::solve(board.givens()).unwrap();
        for seed in 0..4 {
            let other = disguise(&board, seed);
            assert_ne!(other.givens(), board.givens());
            assert_eq!(other.givens().filled_count(), board.givens().filled_count());
            let s = crate::solver::solve(other.givens()).expect("still one solution");
            assert!(other.grid().agrees_with(&s), "entries still right");
            let notes: usize = Cell::ALL
                .iter()
                .map(|&c| other.notes(c).len() as usize)
                .sum();
            let before: usize = Cell::ALL
                .iter()
                .map(|&c| board.notes(c).len() as usize)
                .sum();
            assert_eq!(notes, before);
        }
        assert!(board.grid().agrees_with(&solution));
        assert_eq!(step.technique, Technique::HiddenSingle);
        let fresh = practice(Technique::HiddenSingle, 7).unwrap();
        assert!(step_of(&fresh, Technique::HiddenSingle).is_some());
    }
}
