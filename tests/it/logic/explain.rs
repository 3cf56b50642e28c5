//! How long Pip's hardest explanations are (issue 33): the lines of each
//! puzzle's hardest step and of every forcing chain on top1465, with the
//! figures measured as floors; and every chain's Eureka string, read back,
//! is the same chain. Release builds walk all 1465 puzzles; debug builds
//! (CI) every 20th. `sudolens rate ../shared/puzzles/top1465.txt --bench`
//! prints the same figures for the whole set.

use std::collections::BTreeMap;
use std::path::PathBuf;
use sudolens::grid::Grid;
use sudolens::hint::{for_reading, Lang};
use sudolens::logic::{eureka, parse_eureka, solve_path, EurekaLink, Step, Technique};

/// The floors, measured on the sample (debug) and on the whole set
/// (release): the share of puzzles whose hardest step takes at most 15
/// lines, the most lines of any step, and the most a forcing technique's
/// median may take.
struct Floors {
    within_15: f64,
    max_lines: usize,
    median: usize,
}

/// Measured on the whole set (release, `rate --bench`): 1373 of 1465
/// puzzles, longest step 24 lines, medians 11, 11, 8 and 11 lines (cell,
/// unit, contradiction, nested). The goals are 90%, 40 and 12.
const ALL: Floors = Floors {
    within_15: 1373.0 / 1465.0,
    max_lines: 24,
    median: 11,
};

/// Measured on every 20th puzzle (debug): 68 of 74, longest step 21
/// lines, medians 10, 10 and 8.
const SAMPLE: Floors = Floors {
    within_15: 68.0 / 74.0,
    max_lines: 21,
    median: 10,
};

fn lines(step: &Step) -> usize {
    for_reading(step, Lang::En).lines.len()
}

#[test]
fn hardest_steps_are_told_in_few_lines_on_top1465() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/top1465.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found, skipped", path.display());
        return;
    };
    let every = if cfg!(debug_assertions) { 20 } else { 1 };
    let floors = if every == 1 { ALL } else { SAMPLE };
    let (mut puzzles, mut within, mut longest) = (0usize, 0usize, 0usize);
    let mut per: BTreeMap<Technique, Vec<usize>> = BTreeMap::new();
    for line in text.lines().step_by(every) {
        let Ok(grid) = Grid::parse(line.get(..81).unwrap_or(line)) else {
            continue;
        };
        let path = solve_path(&grid);
        assert!(
            path.solved_by_logic,
            "{line}: not solved by explained steps"
        );
        let mut hardest: Option<(f32, usize)> = None;
        for step in &path.steps {
            let n = lines(step);
            longest = longest.max(n);
            if hardest.is_none_or(|h| step.score > h.0) {
                hardest = Some((step.score, n));
            }
            if step.technique.is_forcing() {
                per.entry(step.technique).or_default().push(n);
            }
            // Every chain written in Eureka notation reads back the same.
            for chain in &step.chains {
                let text = eureka(chain);
                let want: Vec<EurekaLink> = chain.links.iter().map(EurekaLink::from).collect();
                assert_eq!(parse_eureka(&text), Some(want), "{line}: {step}: {text}");
            }
        }
        puzzles += 1;
        within += hardest.is_some_and(|h| h.1 <= 15) as usize;
    }
    let share = within as f64 / puzzles as f64;
    eprintln!(
        "hardest step in at most 15 lines: {within} of {puzzles} puzzles ({:.1}%); longest step {longest} lines",
        100.0 * share
    );
    for (t, v) in &mut per {
        v.sort_unstable();
        let median = v[(v.len() - 1) / 2];
        eprintln!("{t:?}: {} steps, median {median} lines", v.len());
        assert!(median <= floors.median, "{t:?}: median {median} lines");
    }
    assert!(share >= floors.within_15 - 1e-9);
    assert!(longest <= floors.max_lines, "a step of {longest} lines");
}
