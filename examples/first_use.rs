//! Finds, for each technique, puzzles where the engine uses it (so it was
//! the easiest step there): the grids of `tests/it/logic/techniques.rs`.
//! `cargo run --release --example first_use -- FILE [TECHNIQUE...]`
//! prints `technique | puzzle | conclusion | step number` for the first
//! use of each technique asked for (all when none is named), preferring
//! puzzles whose path is short.

use std::collections::BTreeMap;
use sudolens::grid::Grid;
use sudolens::logic::{apply_to_state, next_step_in, Pencilmarks, Technique};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: first_use FILE [TECHNIQUE...]");
        return;
    };
    let wanted: Vec<String> = args.map(|a| a.to_lowercase()).collect();
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut found: BTreeMap<Technique, (usize, String, String, usize)> = BTreeMap::new();
    for line in text.lines() {
        let Ok(g) = Grid::parse(line.get(..81).unwrap_or("")) else {
            continue;
        };
        let mut s = Pencilmarks::from_grid(&g);
        let mut n = 0;
        let mut firsts: Vec<(Technique, String, usize)> = Vec::new();
        while let Some(step) = next_step_in(&s) {
            n += 1;
            if !firsts.iter().any(|f| f.0 == step.technique) {
                firsts.push((step.technique, step.conclusion(), n));
            }
            apply_to_state(&mut s, &step);
            if n > 400 {
                break;
            }
        }
        for (t, conclusion, at) in firsts {
            let name = t.id().to_lowercase();
            if !wanted.is_empty() && !wanted.iter().any(|w| name.contains(w.as_str())) {
                continue;
            }
            let better = found.get(&t).is_none_or(|f| at < f.0);
            if better {
                found.insert(t, (at, g.to_line(), conclusion, at));
            }
        }
    }
    for (t, (_, puzzle, conclusion, at)) in found {
        println!("{} | {puzzle} | {conclusion} | step {at}", t.id());
    }
}
