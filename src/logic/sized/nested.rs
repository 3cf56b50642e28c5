//! Nested contradictions on any shape, the last resort after the plain
//! ones: a supposition followed through its singles does not break the
//! grid by itself, but in the position it leads to, some candidates now
//! break it at once (each a plain contradiction inside the supposition).
//! Taking them out lets the singles go on, until the grid breaks: the
//! supposition was false.
//!
//! Search: the suppositions on the cells with fewest candidates first;
//! inside each, passes over every candidate left, each asked with the
//! quick [`Probe`] (thousands of questions a step), until a pass finds
//! nothing more. The first supposition that breaks is told, with only
//! the inner contradictions it needs: each one is dropped in turn if the
//! grid still breaks without it.

use super::forcing::{by_candidates, follow, settle};
use super::marks::{values_of, Broken, SizedMarks};
use super::probe::Probe;
use super::step::{NestedCut, SizedCandidate, SizedPattern, SizedStep};
use super::trim::needed_for_break;
use crate::logic::Technique;

/// The questions one search may ask before it gives up. A hint is waited
/// for: this bounds the last resort to seconds on a 16×16, and it is a
/// count, not a clock, so the same grid always gets the same answer. The
/// hardest puzzle of the public collections this engine solves asks about
/// 150,000 for its hardest step (`tests/it/shapes/collections.rs`).
const MAX_QUESTIONS: u64 = 250_000;

/// A supposition that breaks the grid once the candidates it makes
/// impossible are taken out.
pub fn nested_contradiction(s: &SizedMarks) -> Option<SizedStep> {
    let mut probe = Probe::default();
    for cell in by_candidates(s, s.side() as u32) {
        for v in values_of(s.candidates(cell)) {
            if probe.asked() > MAX_QUESTIONS {
                return None;
            }
            let supposed = SizedCandidate::new(cell, v);
            let Some(cuts) = breaking_cuts(s, supposed, &mut probe) else {
                continue;
            };
            let cuts = needed(s, supposed, cuts);
            if let Some(step) = told(s, supposed, &cuts) {
                return Some(step);
            }
        }
    }
    None
}

/// The candidates excluded inside `supposed`, in order, until its
/// position breaks; `None` when it never does (or breaks by singles
/// alone: a plain contradiction, told by its own finder).
fn breaking_cuts(
    s: &SizedMarks,
    supposed: SizedCandidate,
    probe: &mut Probe,
) -> Option<Vec<SizedCandidate>> {
    let mut m = follow(s, supposed).end?;
    let mut cuts = Vec::new();
    loop {
        let mut found = false;
        for inner in by_candidates(&m, m.side() as u32) {
            if probe.asked() > MAX_QUESTIONS {
                return None;
            }
            for w in values_of(m.candidates(inner)) {
                let excluded = SizedCandidate::new(inner, w);
                if !m.has(inner, w) || !probe.breaks(&m, excluded) {
                    continue;
                }
                cuts.push(excluded);
                found = true;
                match exclude(m, excluded) {
                    Some(next) => m = next,
                    None => return Some(cuts),
                }
            }
        }
        if !found {
            return None;
        }
    }
}

/// `m` without `excluded`, its singles followed; `None` when that breaks
/// the grid.
fn exclude(mut m: SizedMarks, excluded: SizedCandidate) -> Option<SizedMarks> {
    m.eliminate(excluded.cell, excluded.value);
    let left = m.candidates(excluded.cell);
    let pending = match values_of(left).next() {
        None => return None,
        Some(v) if left.count_ones() == 1 => vec![SizedCandidate::new(excluded.cell, v)],
        Some(_) => Vec::new(),
    };
    settle(m, pending, None).end
}

/// Whether `supposed`, with `cuts` excluded in order (each one breaking
/// the position when it comes), ends in a broken grid.
fn still_breaks(s: &SizedMarks, supposed: SizedCandidate, cuts: &[SizedCandidate]) -> bool {
    let Some(mut m) = follow(s, supposed).end else {
        return true;
    };
    for &cut in cuts {
        if follow(&m, cut).broken.is_none() {
            return false;
        }
        match exclude(m, cut) {
            Some(next) => m = next,
            None => return true,
        }
    }
    false
}

/// The cuts the contradiction needs: each dropped, last first, when the
/// grid still breaks without it.
fn needed(
    s: &SizedMarks,
    supposed: SizedCandidate,
    mut cuts: Vec<SizedCandidate>,
) -> Vec<SizedCandidate> {
    for i in (0..cuts.len()).rev() {
        let mut fewer = cuts.clone();
        fewer.remove(i);
        if still_breaks(s, supposed, &fewer) {
            cuts = fewer;
        }
    }
    cuts
}

/// The step, told as the player follows it: the supposition's singles,
/// then each excluded candidate with the singles that break it and the
/// singles its exclusion forces, then how the grid breaks.
fn told(s: &SizedMarks, supposed: SizedCandidate, cuts: &[SizedCandidate]) -> Option<SizedStep> {
    let first = follow(s, supposed);
    let mut m = first.end?;
    let mut told_cuts = Vec::new();
    for &excluded in cuts {
        let inner = follow(&m, excluded);
        let inner_broken = inner.broken?;
        let m_before = m.clone();
        m.eliminate(excluded.cell, excluded.value);
        let left = m.candidates(excluded.cell);
        let pending = match values_of(left).next() {
            Some(v) if left.count_ones() == 1 => vec![SizedCandidate::new(excluded.cell, v)],
            _ => Vec::new(),
        };
        let then = if left == 0 {
            super::forcing::Followed {
                placed: Vec::new(),
                broken: Some(Broken::NoCandidate(excluded.cell)),
                end: None,
            }
        } else {
            settle(m.clone(), pending, None)
        };
        told_cuts.push(NestedCut {
            excluded,
            placed: needed_for_break(&m_before, excluded, &inner.placed, inner_broken),
            broken: inner_broken,
            then: then.placed,
        });
        if let Some(broken) = then.broken {
            let pattern = SizedPattern::NestedContradiction {
                supposed,
                placed: first.placed,
                cuts: told_cuts,
                broken,
            };
            return Some(SizedStep::eliminating(
                Technique::NestedForcingChain,
                pattern,
                vec![supposed],
            ));
        }
        m = then.end?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse_shaped;
    use crate::logic::sized::{apply_sized, next_step_before_nested};
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
        let mut m = start.clone();
        m.place(premise.cell, premise.value);
        for c in placed {
            let naked = m.candidates(c.cell) == super::super::marks::bit(c.value);
            let hidden = (0..m.house_count()).any(|h| {
                m.house_cells(h).contains(&c.cell) && m.places(h, c.value).iter().eq([c.cell])
            });
            if !naked && !hidden {
                return false;
            }
            m.place(c.cell, c.value);
        }
        match broken {
            Broken::NoCandidate(cell) => m.value(cell) == 0 && m.candidates(cell) == 0,
            Broken::NoPlace { house, value } => (0..m.house_count()).any(|h| {
                m.unit(h) == house && !m.placed_in(h, value) && m.places(h, value).is_empty()
            }),
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
            assert!(!still_breaks(marks, removed, &fewer), "cut {i} is needed");
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
}
