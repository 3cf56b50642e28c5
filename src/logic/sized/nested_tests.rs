//! The nested contradictions on a hard 16×16 where the plain ones stall.

use super::forcing::follow;
use super::marks::{values_of, Broken, SizedMarks};
use super::nested::*;
use super::probe::Probe;
use super::step::{NestedCut, SizedCandidate, SizedPattern, SizedStep};
use crate::grid::parse_shaped;
use crate::logic::sized::{apply_sized, next_step_before_nested};
use crate::logic::Technique;
use crate::solver::solve_shaped;

/// A hard 16×16 from sigh's Interactive Sudoku Solver collection
/// (MIT; `tests/data/collections/SOURCES.md`), walked by every other
/// technique until they stall: where they stall, the solution, and
/// the contradictions met on the way with the position each was found in.
struct Stalled {
    marks: SizedMarks,
    solution: Vec<u8>,
    contradictions: Vec<(SizedMarks, SizedStep)>,
}

fn stalled_16x16() -> &'static Stalled {
    // Walked once for every test: an unoptimised walk takes seconds.
    static STALLED: std::sync::LazyLock<Stalled> = std::sync::LazyLock::new(walk_to_the_stall);
    &STALLED
}

fn walk_to_the_stall() -> Stalled {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/collections/iss-variants.txt"
    );
    let text = std::fs::read_to_string(path).expect("the collection is in the repository");
    let lines: Vec<&str> = text.lines().collect();
    // The puzzle's header is on line 36, its rows on lines 37 to 52.
    assert_eq!(lines[35], "shape: 16x16");
    let block = lines[35..52].join("\n");
    let entry = parse_shaped(&block).unwrap().remove(0);
    let puzzle = entry.grid.expect("a 16×16 puzzle");
    let (shape, values) = (puzzle.shape().clone(), puzzle.values().to_vec());
    let solution = solve_shaped(&shape, &values).expect("a proper puzzle");
    let mut marks = SizedMarks::new(&shape, &values).unwrap();
    let mut contradictions = Vec::new();
    while let Some(step) = next_step_before_nested(&marks) {
        if step.technique == Technique::Contradiction {
            contradictions.push((marks.clone(), step.clone()));
        }
        apply_sized(&mut marks, &step);
    }
    assert!(!marks.is_solved(), "the other techniques stall first");
    Stalled {
        marks,
        solution,
        contradictions,
    }
}

/// Whether each told placement is a single once the premise and the
/// placements before it are in, and the grid then breaks as told.
fn told_chain_holds(
    start: &SizedMarks,
    premise: SizedCandidate,
    placed: &[SizedCandidate],
    broken: Broken,
) -> bool {
    singles_hold(start, Some(premise), placed).is_some_and(|m| breaks_as_told(&m, broken))
}

/// Whether `m` is broken as `broken` says.
fn breaks_as_told(m: &SizedMarks, broken: Broken) -> bool {
    match broken {
        Broken::NoCandidate(cell) => m.value(cell) == 0 && m.candidates(cell) == 0,
        Broken::NoPlace { house, value } => (0..m.house_count())
            .any(|h| m.unit(h) == house && !m.placed_in(h, value) && m.places(h, value).is_empty()),
    }
}

#[test]
fn a_contradiction_tells_only_the_singles_its_break_needs() {
    let stalled = stalled_16x16();
    assert!(!stalled.contradictions.is_empty());
    let mut shorter = 0;
    for (start, step) in &stalled.contradictions {
        let SizedPattern::Contradiction {
            supposed,
            placed,
            broken,
        } = &step.pattern
        else {
            panic!("{:?}", step.pattern);
        };
        assert!(
            told_chain_holds(start, *supposed, placed, *broken),
            "{step:?}"
        );
        if placed.len() < follow(start, *supposed).placed.len() {
            shorter += 1;
        }
    }
    assert!(
        shorter > 0,
        "the singles that do not lead to the break are left untold"
    );
}

#[test]
fn a_nested_contradiction_goes_on_where_the_plain_ones_stall() {
    let Stalled {
        marks, solution, ..
    } = stalled_16x16();
    let step = nested_contradiction(marks).expect("a nested contradiction");
    assert_eq!(step.technique, Technique::NestedForcingChain);
    let [removed] = step.eliminations[..] else {
        panic!("one candidate removed: {step:?}");
    };
    assert_ne!(solution[usize::from(removed.cell)], removed.value);
    let SizedPattern::NestedContradiction {
        supposed,
        placed,
        cuts,
        ..
    } = &step.pattern
    else {
        panic!("{:?}", step.pattern);
    };
    assert_eq!(*supposed, removed);
    // Each cut is told with singles that hold where it comes.
    let mut m = marks.clone();
    m.place(supposed.cell, supposed.value);
    for p in placed {
        m.place(p.cell, p.value);
    }
    for cut in cuts {
        assert!(
            told_chain_holds(&m, cut.excluded, &cut.placed, cut.broken),
            "{cut:?}"
        );
        m.eliminate(cut.excluded.cell, cut.excluded.value);
        for t in &cut.then {
            m.place(t.cell, t.value);
        }
    }
    assert!(
        !cuts.is_empty(),
        "a plain contradiction would have come first"
    );
    // Every cut is needed: without any one, the supposition no longer breaks.
    let excluded: Vec<SizedCandidate> = cuts.iter().map(|c| c.excluded).collect();
    for i in 0..excluded.len() {
        let mut fewer = excluded.clone();
        fewer.remove(i);
        let start = follow(marks, removed)
            .end
            .expect("the supposition alone does not break");
        assert!(
            !Search::new(u64::MAX).replay_breaks(start, &fewer, 1),
            "cut {i} is needed"
        );
    }
}

#[test]
fn the_quick_probe_agrees_with_the_told_singles() {
    let marks = &stalled_16x16().marks;
    let mut probe = Probe::default();
    // Inside a few suppositions too (each costs a full walk of questions).
    let mut inside = 3;
    for cell in 0..marks.cell_count() as u16 {
        for v in values_of(marks.candidates(cell)) {
            let c = SizedCandidate::new(cell, v);
            let followed = follow(marks, c);
            assert_eq!(probe.breaks(marks, c), followed.broken.is_some(), "{c:?}");
            if let Some(m) = followed.end.filter(|_| inside > 0) {
                inside -= 1;
                for inner in 0..m.cell_count() as u16 {
                    for w in values_of(m.candidates(inner)) {
                        let d = SizedCandidate::new(inner, w);
                        assert_eq!(probe.breaks(&m, d), follow(&m, d).broken.is_some());
                    }
                }
            }
        }
    }
}

/// The position of `tests/data/sized/deep-16x16x.txt`, where only a
/// depth-2 contradiction goes on, and its solution.
fn deep_position() -> (SizedMarks, Vec<u8>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sized/deep-16x16x.txt"
    );
    let text = std::fs::read_to_string(path).expect("the position is in the repository");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let shape = crate::grid::Shape::parse_name(lines.next().unwrap().trim_start_matches("shape: "))
        .unwrap();
    let values: Vec<u8> = lines
        .next()
        .unwrap()
        .split(',')
        .map(|v| u8::from_str_radix(v, 16).unwrap())
        .collect();
    let candidates = lines.next().unwrap();
    let mut marks = SizedMarks::new(&shape, &values).unwrap();
    for cell in 0..marks.cell_count() {
        let mask = u32::from_str_radix(&candidates[cell * 4..cell * 4 + 4], 16).unwrap();
        for v in values_of(marks.candidates(cell as u16)) {
            if mask & super::marks::bit(v) == 0 {
                marks.eliminate(cell as u16, v);
            }
        }
    }
    let solution = solve_shaped(&shape, &values).expect("a proper position");
    (marks, solution)
}

/// The position after `premise` (if any) and its told `placed`, each
/// checked to be a naked or hidden single when it comes.
fn singles_hold(
    start: &SizedMarks,
    premise: Option<SizedCandidate>,
    placed: &[SizedCandidate],
) -> Option<SizedMarks> {
    let mut m = start.clone();
    if let Some(p) = premise {
        m.place(p.cell, p.value);
    }
    for c in placed {
        let naked = m.candidates(c.cell) == super::marks::bit(c.value);
        let hidden = (0..m.house_count()).any(|h| {
            m.house_cells(h).contains(&c.cell) && m.places(h, c.value).iter().eq([c.cell])
        });
        if m.value(c.cell) != 0 || !(naked || hidden) {
            return None;
        }
        m.place(c.cell, c.value);
    }
    Some(m)
}

/// Whether a told supposition holds: its singles, then each cut in turn
/// (a plain cut's singles break the grid, a deeper cut is a supposition
/// that holds in its turn) with the singles its exclusion forces, then the
/// break.
fn supposition_holds(
    start: &SizedMarks,
    supposed: SizedCandidate,
    placed: &[SizedCandidate],
    cuts: &[NestedCut],
    broken: Broken,
) -> bool {
    let Some(mut m) = singles_hold(start, Some(supposed), placed) else {
        return false;
    };
    for cut in cuts {
        let holds = if cut.inner.is_empty() {
            told_chain_holds(&m, cut.excluded, &cut.placed, cut.broken)
        } else {
            supposition_holds(&m, cut.excluded, &cut.placed, &cut.inner, cut.broken)
        };
        if !holds || !m.has(cut.excluded.cell, cut.excluded.value) {
            return false;
        }
        m.eliminate(cut.excluded.cell, cut.excluded.value);
        match singles_hold(&m, None, &cut.then) {
            Some(next) => m = next,
            None => return false,
        }
    }
    breaks_as_told(&m, broken)
}

#[test]
fn a_deep_contradiction_goes_on_where_the_nested_ones_stop() {
    let (marks, solution) = deep_position();
    let step = deep_contradiction(&marks).expect("a depth-2 contradiction");
    assert_eq!(step.technique, Technique::NestedForcingChain);
    let [removed] = step.eliminations[..] else {
        panic!("one candidate removed: {step:?}");
    };
    assert_ne!(solution[usize::from(removed.cell)], removed.value);
    let SizedPattern::NestedContradiction {
        supposed,
        placed,
        cuts,
        broken,
    } = &step.pattern
    else {
        panic!("{:?}", step.pattern);
    };
    assert_eq!(*supposed, removed);
    assert!(
        cuts.iter().any(|c| !c.inner.is_empty()),
        "a cut is a supposition of its own"
    );
    assert!(
        cuts.iter()
            .flat_map(|c| &c.inner)
            .all(|c| c.inner.is_empty()),
        "two depths at most"
    );
    assert!(
        supposition_holds(&marks, *supposed, placed, cuts, *broken),
        "every told single, cut and break holds: {step:?}"
    );
    // Every cut is needed: without any one, the supposition no longer breaks.
    let excluded: Vec<SizedCandidate> = cuts.iter().map(|c| c.excluded).collect();
    let start = follow(&marks, removed)
        .end
        .expect("the supposition alone does not break");
    for i in 0..excluded.len() {
        let mut fewer = excluded.clone();
        fewer.remove(i);
        assert!(
            !Search::new(u64::MAX).replay_breaks(start.clone(), &fewer, 2),
            "cut {i} is needed"
        );
    }
}
