//! The endless carpet: a walk of 50 grids out in each direction, every
//! new grid unique given its neighbours before it and agreeing with every
//! neighbour on the boxes they share, memory flat along the way; at Medium
//! and Hard, every new grid of a walk rating at the level asked, as its
//! stored level says, for both rule engines; Pip's steps sound on a window
//! 50 grids from the start, to its end; a save made mid-walk read back and
//! walked on alike.

use sudolens::generate::endless::{
    known_cells, EndlessCarpet, GridPos, ParseErrorKind, NEIGHBOURS,
};
use sudolens::grid::{Cell, Grid, Shape};
use sudolens::logic::sized::{apply_sized, next_sized_step, rate_sized_within, SizedMarks};
use sudolens::logic::{rate_grid, Level};
use sudolens::solver::count_solutions;

const SEED: u64 = 20_261_129;

/// The grid's puzzle as it is solved in the carpet's order, no given lying
/// on a cell its neighbours before it give.
fn puzzle_in_order(carpet: &mut EndlessCarpet, pos: GridPos) -> Grid {
    let known = known_cells(pos);
    let givens = carpet.puzzle(pos).givens();
    for cell in Cell::ALL {
        if known & (1u128 << cell.index()) != 0 {
            assert_eq!(givens.get(cell), 0, "{pos}: a given on a known cell");
        }
    }
    carpet.puzzle_in_order(pos)
}

/// Every check on a grid just made.
fn check_new_grid(carpet: &mut EndlessCarpet, pos: GridPos) {
    let solution = carpet.solution(pos);
    assert!(solution.is_complete(), "{pos}");
    assert!(
        Shape::classic().conflicts(&solution).is_empty(),
        "{pos}: its solution breaks a rule"
    );
    // The neighbours' solutions agree on every shared cell.
    for (dy, dx) in NEIGHBOURS {
        let n = GridPos::new(pos.y + dy, pos.x + dx);
        let theirs = carpet.solution(n);
        for cell in Cell::ALL {
            let (r, c) = (cell.row() as i32 - 6 * dy, cell.col() as i32 - 6 * dx);
            if (0..9).contains(&r) && (0..9).contains(&c) {
                assert_eq!(
                    solution.get(cell),
                    theirs.get(Cell::new(r as usize, c as usize)),
                    "{pos} and {n} disagree at {cell}"
                );
            }
        }
    }
    let puzzle = puzzle_in_order(carpet, pos);
    assert!(puzzle.agrees_with(&solution), "{pos}: a given is wrong");
    assert_eq!(
        count_solutions(&puzzle, 2),
        1,
        "{pos}: not unique given its neighbours before it: {}",
        puzzle.to_line()
    );
    // Not every cell given: the player has something to do.
    assert!(
        carpet.puzzle(pos).givens().filled_count() < 81 - known_cells(pos).count_ones() as usize
    );
}

#[test]
fn a_walk_of_fifty_grids_each_way_makes_unique_grids_and_keeps_memory_flat() {
    for (dy, dx) in [(0, 1), (0, -1), (-1, 0), (1, 0)] {
        let mut carpet = EndlessCarpet::new(SEED, Level::Easy).unwrap();
        let mut made = 0;
        let mut held_at_ten = None;
        for step in 0..=50 {
            let centre = GridPos::new(dy * step, dx * step);
            for pos in carpet.ensure_around(centre, 1) {
                check_new_grid(&mut carpet, pos);
                made += 1;
            }
            // The window's cells dug by grids around it are made too.
            let window = carpet.window(centre);
            assert_eq!(window.values.values().len(), 441);
            if step == 10 {
                held_at_ten = Some((carpet.grids_in_memory(), carpet.bytes_held()));
            }
        }
        assert!(made >= 9 + 3 * 50, "({dy}, {dx}): {made} grids made");
        let held = (carpet.grids_in_memory(), carpet.bytes_held());
        assert_eq!(Some(held), held_at_ten, "({dy}, {dx}): memory grew");
        // At most the grids within the radius and its margin of two.
        assert!(held.0 <= 7 * 7, "({dy}, {dx}): {} grids held", held.0);
        // A grid dropped on the way is made again the same.
        let start = GridPos::new(0, 0);
        let mut fresh = EndlessCarpet::new(SEED, Level::Easy).unwrap();
        assert_eq!(carpet.puzzle(start), fresh.puzzle(start));
    }
}

/// Above Easy, a grid whose neighbours before it give five of its boxes
/// digs to an easier puzzle in most orders: the carpet tries orders until
/// one rates at the level asked. Every new grid of a walk rates at the
/// level asked (its givens and its neighbours' values before it, rated by
/// the rule engine), its stored level is that rating, and the sized
/// engine, which the window's hints come from, needs no more on it. The
/// walk goes down and to the right, so that the grids given five boxes
/// come both from a column and from a row of neighbours.
#[test]
fn every_grid_of_a_walk_at_medium_and_hard_rates_at_the_level_asked() {
    // The rule engine is slow unoptimised: a shorter walk in a debug build.
    let steps = if cfg!(debug_assertions) { 12 } else { 50 };
    for level in [Level::Medium, Level::Hard] {
        let mut carpet = EndlessCarpet::new(SEED, level).unwrap();
        let mut made = 0;
        for step in 0..=steps {
            let centre = GridPos::new(step / 2, step);
            for pos in carpet.ensure_around(centre, 1) {
                let rating = rate_grid(&puzzle_in_order(&mut carpet, pos));
                let stored = carpet.puzzle(pos);
                assert_eq!(
                    (stored.level, stored.solved_by_logic),
                    (rating.level, rating.solved_by_logic),
                    "{level:?}, {pos}: stored level is not its rating"
                );
                assert_eq!(rating.level, level, "{pos}: rates {rating:?}");
                // The window's hints come from the sized engine: it stays
                // within the level on the grid too.
                let in_order = puzzle_in_order(&mut carpet, pos);
                let sized = rate_sized_within(&Shape::classic(), in_order.digits(), level);
                assert!(
                    sized.is_some_and(|r| r.solved_by_logic),
                    "{level:?}, {pos}: the sized engine goes past the level: {}",
                    in_order.to_line()
                );
                made += 1;
            }
        }
        assert!(made >= 9 + 3 * steps, "{level:?}: {made} grids made");
    }
}

#[test]
fn grids_the_player_wrote_in_are_kept_far_away() {
    let mut carpet = EndlessCarpet::new(SEED, Level::Easy).unwrap();
    carpet.ensure_around(GridPos::new(0, 0), 1);
    let pos = GridPos::new(0, 0);
    let puzzle = carpet.puzzle(pos);
    let open = (0..81).find(|&i| puzzle.given(i / 9, i % 9) == 0).unwrap();
    let cell = pos.cell(open / 9, open % 9);
    carpet.set_entry(cell, carpet.solution_at(cell)).unwrap();
    for step in 1..=12 {
        carpet.ensure_around(GridPos::new(0, step), 1);
    }
    assert!(
        carpet.grids().contains(&pos),
        "the grid written in was dropped"
    );
    assert!(!carpet.grids().contains(&GridPos::new(1, 1)));
    assert_eq!(carpet.entry_at(cell), carpet.solution_at(cell));
}

#[test]
fn pip_s_steps_are_sound_on_a_window_fifty_grids_out_and_finish_it() {
    let mut carpet = EndlessCarpet::new(SEED, Level::Easy).unwrap();
    for step in 0..=50 {
        carpet.ensure_around(GridPos::new(0, step), 1);
    }
    let centre = GridPos::new(0, 50);
    // The player has solved the grids behind: the window's left column.
    let window = carpet.window(centre);
    for i in 0..window.shape.cell_count() {
        let (_, c) = window.shape.position(i);
        let cell = window.plane_cell(i);
        if c < 9 && !window.givens[i] {
            carpet.set_entry(cell, carpet.solution_at(cell)).unwrap();
        }
    }
    let window = carpet.window(centre);
    assert_eq!(window.grid_pos(4), Some(centre));
    let solution: Vec<u8> = (0..window.shape.cell_count())
        .map(|i| carpet.solution_at(window.plane_cell(i)))
        .collect();
    let mut marks = SizedMarks::new(&window.shape, window.values.values()).unwrap();
    let mut steps = 0;
    while let Some(step) = next_sized_step(&marks) {
        for p in &step.placements {
            assert_eq!(
                solution[usize::from(p.cell)],
                p.value,
                "{}: places {} in {}",
                step.technique.id(),
                p.value,
                window.plane_cell(p.cell.into())
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                solution[usize::from(e.cell)],
                e.value,
                "{}",
                step.technique.id()
            );
        }
        apply_sized(&mut marks, &step);
        steps += 1;
    }
    assert!(steps > 50, "{steps} steps");
    assert!(marks.is_solved(), "the window is not finished by logic");
    assert_eq!(marks.values(), solution.as_slice());
}

#[test]
fn a_carpet_saved_mid_walk_resumes_the_same() {
    let mut carpet = EndlessCarpet::new(SEED, Level::Easy).unwrap();
    for step in 0..=20 {
        carpet.ensure_around(GridPos::new(step, 0), 1);
    }
    let here = GridPos::new(20, 0);
    let puzzle = carpet.puzzle(here);
    let open: Vec<usize> = (0..81)
        .filter(|&i| puzzle.given(i / 9, i % 9) == 0 && known_cells(here) & (1u128 << i) == 0)
        .collect();
    let (a, b) = (
        here.cell(open[0] / 9, open[0] % 9),
        here.cell(open[1] / 9, open[1] % 9),
    );
    carpet.set_entry(a, carpet.solution_at(a)).unwrap();
    carpet.set_notes(b, 0b1_0010_0001).unwrap();
    let dir = std::env::temp_dir().join(format!("sudolens-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("carpet.txt");
    carpet.save(&path).unwrap();
    let mut resumed = EndlessCarpet::load(&path).unwrap();
    assert_eq!(resumed.to_text(), carpet.to_text());
    assert_eq!(
        (resumed.seed(), resumed.level(), resumed.position()),
        (SEED, Level::Easy, here)
    );
    assert_eq!(resumed.entry_at(a), carpet.solution_at(a));
    assert_eq!(resumed.notes_at(b), 0b1_0010_0001);
    // Walking on from both gives the same grids and windows.
    for step in 21..=25 {
        let centre = GridPos::new(step, 0);
        carpet.ensure_around(centre, 1);
        resumed.ensure_around(centre, 1);
        assert_eq!(carpet.window(centre).values, resumed.window(centre).values);
        assert_eq!(carpet.puzzle(centre), resumed.puzzle(centre));
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("sudolens endless carpet 1\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();

    // A wrong line is named.
    let broken = text.replacen("level Easy", "level Hardest", 1);
    let e = EndlessCarpet::from_text(&broken).unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (3, ParseErrorKind::BadLevel("Hardest".into()))
    );
    let grid_line = text.lines().position(|l| l.starts_with("grid ")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // A given changed to another digit disagrees with the seed's solution.
    let fields: Vec<&str> = lines[grid_line].split(' ').collect();
    let givens: String = fields[4]
        .chars()
        .map(|c| match c {
            '1'..='8' => char::from(c as u8 + 1),
            '9' => '1',
            other => other,
        })
        .collect();
    lines[grid_line] = format!(
        "{} {} {} {} {givens}",
        fields[0], fields[1], fields[2], fields[3]
    );
    let e = EndlessCarpet::from_text(&lines.join("\n")).unwrap_err();
    assert_eq!(e.line, grid_line + 1);
    assert!(matches!(e.kind, ParseErrorKind::WrongGivens(_)), "{e}");
    let e = EndlessCarpet::from_text("sudolens endless carpet 1\nseed 4\n").unwrap_err();
    assert_eq!((e.line, e.kind), (3, ParseErrorKind::Missing("level")));
    assert!(EndlessCarpet::from_text("shape: samurai").is_err());
}
