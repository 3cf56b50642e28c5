use super::*;
use crate::generate::{generate_shaped, random_shape, Options};
use crate::grid::{ShapeName, Unit};
use crate::logic::Level;
use std::ops::ControlFlow;

/// Prints, for each technique, a grid (values only) of a non-9×9 shape on
/// which it is the easiest step: the source of the family tests below.
/// `cargo test --lib sized::tests::find_examples -- --ignored --nocapture`
#[test]
#[ignore]
fn find_examples() {
    let mut seen: Vec<(String, Technique, bool)> = Vec::new();
    for name in ["6x6", "6x6+x", "6x6+jigsaw", "12x12", "12x12+x"] {
        for level in [Level::Extreme, Level::Master, Level::Expert, Level::Hard] {
            for seed in 0..3u64 {
                let shape = random_shape(ShapeName::parse(name).unwrap(), seed).unwrap();
                let Ok(made) = generate_shaped(&shape, &Options::new(level), seed, |_| {
                    ControlFlow::Continue(())
                }) else {
                    continue;
                };
                let mut values = made.puzzle.values().to_vec();
                // Walk the path; at each position whose candidates are the
                // fresh ones of its values, note the easiest step.
                loop {
                    let fresh = SizedMarks::new(&shape, &values).unwrap();
                    let Some(step) = next_sized_step(&fresh) else {
                        break;
                    };
                    let diagonal = matches!(
                        &step.pattern,
                        SizedPattern::Intersection { base, cover, .. }
                            if matches!(base, Unit::Diagonal(_)) || matches!(cover, Unit::Diagonal(_))
                    );
                    let key = (name.to_string(), step.technique, diagonal);
                    if !seen.contains(&key) {
                        let line: String =
                            values.iter().map(|&v| shape.symbols().char_of(v)).collect();
                        println!("{name} {:?} diag={diagonal} {line}", step.technique);
                        seen.push(key);
                    }
                    // Go on with the step's placement, or the solution's
                    // value in the first empty cell.
                    let cell = match step.placements.first() {
                        Some(p) => usize::from(p.cell),
                        None => values.iter().position(|&v| v == 0).unwrap(),
                    };
                    values[cell] = made.solution.get(cell);
                }
            }
        }
    }
}

/// Every step of a path checked against the solution: a placement of
/// another value, or an elimination of the solution's value, is unsound.
fn unsound_steps(path: &SizedPath, solution: &[u8]) -> usize {
    path.steps
        .iter()
        .filter(|step| {
            step.placements
                .iter()
                .any(|p| solution[usize::from(p.cell)] != p.value)
                || step
                    .eliminations
                    .iter()
                    .any(|e| solution[usize::from(e.cell)] == e.value)
        })
        .count()
}

#[test]
fn generated_puzzles_of_every_size_are_solved_by_sound_explained_steps() {
    let sets: [(&str, &[Level], u64); 7] = [
        ("4x4", &[Level::Easy], 6),
        ("6x6", &[Level::Easy, Level::Hard, Level::Master], 2),
        ("6x6+x", &[Level::Medium, Level::Expert], 3),
        ("6x6+jigsaw", &[Level::Medium, Level::Extreme], 2),
        ("6x6+odd-even", &[Level::Easy], 3),
        ("12x12", &[Level::Easy, Level::Medium], 1),
        ("16x16", &[Level::Easy], 1),
    ];
    for (name, levels, count) in sets {
        for &level in levels {
            // A search may find no puzzle at a rare level from one seed
            // (`NotFound`): the next seeds are tried, a few at most.
            let mut made_count = 0;
            for seed in 0..count * 4 {
                if made_count == count {
                    break;
                }
                let shape = random_shape(ShapeName::parse(name).unwrap(), seed).unwrap();
                let made = match generate_shaped(&shape, &Options::new(level), seed, |_| {
                    ControlFlow::Continue(())
                }) {
                    Ok(made) => made,
                    Err(crate::generate::ShapedGenerateError::NotFound { .. }) => continue,
                    Err(e) => panic!("{name} {level:?} {seed}: {e}"),
                };
                made_count += 1;
                let path = solve_path_sized(&shape, made.puzzle.values()).unwrap();
                assert!(path.solved_by_logic, "{name} {level:?} {seed}");
                assert_eq!(
                    unsound_steps(&path, made.solution.values()),
                    0,
                    "{name} {level:?} {seed}"
                );
                assert_eq!(rate_sized(&path).level, level, "{name} {seed}");
            }
            assert_eq!(made_count, count, "{name} {level:?}");
        }
    }
}

/// The easiest step on a grid of `shape` written as one line.
fn easiest(shape: &str, line: &str) -> SizedStep {
    let shape = Shape::parse_name(shape).unwrap();
    let side = shape.side() as u8;
    let values: Vec<u8> = line
        .chars()
        .map(|c| shape.symbols().value_of(c, side).unwrap())
        .collect();
    let marks = SizedMarks::new(&shape, &values).unwrap();
    next_sized_step(&marks).unwrap()
}

// The grids of the family tests were found by `find_examples` in puzzles
// the generator made: on each, the family's technique is the easiest step.

#[test]
fn a_hidden_single_is_found_in_a_6x6() {
    let step = easiest("6x6", "...2......656...1..1...353......4...");
    assert_eq!(step.technique, Technique::HiddenSingle);
    assert!(matches!(step.pattern, SizedPattern::HiddenSingle { .. }));
}

#[test]
fn a_diagonal_and_a_box_lock_a_value_in_a_6x6_x() {
    let step = easiest("6x6+x", "...5....5........26........1....3...");
    let SizedPattern::Intersection { base, cover, .. } = step.pattern else {
        panic!("{step:?}");
    };
    assert!(
        matches!(
            (base, cover),
            (Unit::Diagonal(_), Unit::Box(_)) | (Unit::Box(_), Unit::Diagonal(_))
        ),
        "{base:?} {cover:?}"
    );
}

#[test]
fn naked_and_hidden_pairs_are_found_in_a_6x6() {
    let naked = easiest("6x6", "....3....2.426.4....4.263.6....5....");
    assert_eq!(naked.technique, Technique::NakedPair);
    let hidden = easiest("6x6", "...2......656.3.1..1.6.353......4...");
    assert_eq!(hidden.technique, Technique::HiddenPair);
}

#[test]
fn an_x_wing_is_found_in_a_6x6() {
    let step = easiest("6x6", ".5.34.4.35.1512634634215..5..33...5.");
    assert_eq!(step.technique, Technique::XWing);
}

#[test]
fn single_value_and_xy_chains_are_found_in_a_6x6() {
    let turbot = easiest("6x6", ".3125.52...125.1...135.2362415145.2.");
    assert_eq!(turbot.technique, Technique::TurbotFish);
    let xy = easiest("6x6", "5364121..3..35..2..6..3..15..36.3..1");
    assert_eq!(xy.technique, Technique::XyChain);
    let SizedPattern::Chain { nodes } = xy.pattern else {
        panic!("{xy:?}");
    };
    assert!(nodes.len() >= 4 && nodes.len() % 2 == 0, "{nodes:?}");
}

/// An empty 6×6 whose cells keep only the candidates given.
fn crafted(cells: &[(u16, &[u8])]) -> SizedMarks {
    let shape = Shape::parse_name("6x6").unwrap();
    let mut marks = SizedMarks::new(&shape, &[0; 36]).unwrap();
    for &(cell, keep) in cells {
        for v in 1..=6 {
            if !keep.contains(&v) {
                marks.eliminate(cell, v);
            }
        }
    }
    marks
}

#[test]
fn xy_and_xyz_wings_are_found_on_the_6x6_peers() {
    // Pivot r1c1 {1,2}, pincers r1c3 {1,3} (its row and box) and r3c1
    // {2,3} (its column): r2c1, r3c3 and r4c3 see both pincers and lose
    // the 3.
    let marks = crafted(&[(0, &[1, 2]), (2, &[1, 3]), (12, &[2, 3])]);
    let step = next_sized_step(&marks).unwrap();
    assert_eq!(step.technique, Technique::XyWing, "{step:?}");
    let threes = |cells: &[u16]| {
        cells
            .iter()
            .map(|&c| SizedCandidate::new(c, 3))
            .collect::<Vec<_>>()
    };
    assert_eq!(step.eliminations, threes(&[6, 14, 20]));
    // Pivot r1c1 {1,2,3}, pincers r1c3 {1,3} and r3c1 {2,3}: r2c1, the
    // one cell that sees all three, loses the 3.
    let marks = crafted(&[(0, &[1, 2, 3]), (2, &[1, 3]), (12, &[2, 3])]);
    let step = next_sized_step(&marks).unwrap();
    assert_eq!(step.technique, Technique::XyzWing, "{step:?}");
    assert_eq!(step.eliminations, threes(&[6]));
}

#[test]
fn forcing_chains_finish_a_6x6_the_other_families_cannot() {
    let shape = Shape::parse_name("6x6+x").unwrap();
    let made = generate_shaped(&shape, &Options::new(Level::Extreme), 0, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let path = solve_path_sized(&shape, made.puzzle.values()).unwrap();
    assert!(path.solved_by_logic);
    let forcing: Vec<&SizedStep> = path
        .steps
        .iter()
        .filter(|s| {
            matches!(
                s.technique,
                Technique::Contradiction | Technique::CellForcingChain
            )
        })
        .collect();
    assert!(!forcing.is_empty(), "an Extreme 6x6 needs a forcing chain");
    assert_eq!(unsound_steps(&path, made.solution.values()), 0);
}

#[test]
fn a_12x12_box_and_line_lock_values_both_ways_and_a_pair_is_found() {
    let pointing = easiest(
        "12x12",
        "....3.....16.67.5C.49..8.248B69.57C..B.941...8..4AC.6....5.........5..9..3..1.........1....6.AB9..2...8B3.6..9B..5..A68....6A.B3.9..A1....62....",
    );
    assert_eq!(pointing.technique, Technique::Pointing);
    let claiming = easiest(
        "12x12",
        "81523C6B4..7.3.9.75.2...7.B....8.31537...8A954B2A59....7..3...2.5....7.919.....5.6...C..9.8..52A528.763....C9A7.8....2.4...5....8.7..8.3B.7.9C..",
    );
    assert_eq!(claiming.technique, Technique::Claiming);
    let pair = easiest(
        "12x12",
        "79832B1A645C2C413659B7A865BAC4782139.62.7A318...AB15928C43673...65B4.21A.25.A3CB7..1.1A.58.73..4...741.6.A..14C2B7A3...65A6B89421C738..91C65AB42",
    );
    assert_eq!(pair.technique, Technique::NakedPair);
}

/// Every `k`-combination of base lines in order, each judged whole: what
/// the fish search does with its pruning, written plainly.
fn fish_by_every_combination(s: &SizedMarks, k: usize) -> Option<SizedStep> {
    let g = s.geometry();
    for (bases, covers) in [(&g.rows, &g.cols), (&g.cols, &g.rows)] {
        for v in 1..=s.side() as u8 {
            let lines: Vec<usize> = bases
                .iter()
                .copied()
                .filter(|&h| (2..=k as u32).contains(&s.places(h, v).count()))
                .collect();
            let found = first_combination(&lines, k, |base| {
                let apart = base.iter().enumerate().all(|(i, &a)| {
                    base[i + 1..]
                        .iter()
                        .all(|&b| g.house_bits[a].and(g.house_bits[b]).is_empty())
                });
                let corners = base
                    .iter()
                    .fold(CellBits::EMPTY, |m, &h| m.or(s.places(h, v)));
                let cover: Vec<usize> = covers
                    .iter()
                    .copied()
                    .filter(|&c| !s.places(c, v).and(corners).is_empty())
                    .collect();
                let removed = cover
                    .iter()
                    .fold(CellBits::EMPTY, |m, &c| m.or(s.places(c, v)))
                    .minus(corners);
                (apart && cover.len() == k && !removed.is_empty()).then(|| {
                    let pattern = SizedPattern::Fish {
                        value: v,
                        base: base.iter().map(|&h| s.unit(h)).collect::<Vec<Unit>>(),
                        cover: cover.iter().map(|&h| s.unit(h)).collect(),
                        corners: corners.iter().collect(),
                    };
                    let eliminations = removed.iter().map(|c| SizedCandidate::new(c, v));
                    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish];
                    SizedStep::eliminating(technique[k - 2], pattern, eliminations.collect())
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

#[test]
fn the_fish_search_finds_the_fish_every_combination_finds_first() {
    let mut compared = 0;
    let mut fish_found = 0;
    // a torus for lines of several grids (the samurai and the carpets take
    // minutes unoptimised, the plain enumeration being what is slow)
    for (name, seeds) in [("6x6", 3), ("16x16", 1), ("torus-2", 1)] {
        for seed in 0..seeds {
            let shape = random_shape(ShapeName::parse(name).unwrap(), seed).unwrap();
            let level = if name == "6x6" {
                Level::Expert
            } else {
                Level::Hard
            };
            let made = generate_shaped(&shape, &Options::new(level), seed, |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            // every position of the walk, with the candidates as the engine leaves them
            let mut s = SizedMarks::new(&shape, made.puzzle.values()).unwrap();
            while let Some(step) = next_step_before_nested(&s) {
                for k in 2..=4 {
                    let found = fish::fish(&s, k);
                    assert_eq!(
                        found,
                        fish_by_every_combination(&s, k),
                        "{name} {seed}, {k} lines"
                    );
                    compared += 1;
                    fish_found += usize::from(found.is_some());
                }
                apply_sized(&mut s, &step);
            }
        }
    }
    assert!(fish_found >= 10, "{fish_found} fish in {compared} searches");
}
