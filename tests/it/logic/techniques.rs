//! Each harder technique at work on a real puzzle, at the point of its
//! path where it is the easiest step the engine can find (so the cheaper
//! techniques tried before it found nothing), with its exact conclusion;
//! and the board-level API the app uses.

use sudolens::grid::{Board, Grid};
use sudolens::logic::{
    apply, apply_to_state, find_technique, next_step, next_step_in, Pattern, Pencilmarks, Step,
    Technique,
};

/// (puzzle, technique, conclusion of its first use on the path)
const CASES: &[(&str, Technique, &str)] = &[
    (
        "5.9.7..68.....93.....4.8.....1....3639.....2162....4.....9.5.....87.....27..8.6.9",
        Technique::Skyscraper,
        "r8c9<>5",
    ),
    (
        ".............1.....123.456...........23...78..47.6.12...........318.764..58...23.",
        Technique::TwoStringKite,
        "r4c5<>5",
    ),
    (
        "...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8.",
        Technique::FinnedXWing,
        "r4c2<>2",
    ),
    (
        ".............1.....123.456...........23...78..47.6.12...........318.764..58...23.",
        Technique::XyWing,
        "r7c4<>9, r9c4<>9",
    ),
    (
        "9..6....5.2...834..5........9..2...1...3.6...6...8..2........8..682...5.7....1..2",
        Technique::TurbotFish,
        "r4c1<>3",
    ),
    (
        "9..7...841..8..9...8...5.....49.8.71.........71.5.68.....6...2...2..3..735...7..8",
        Technique::EmptyRectangle,
        "r1c5<>2",
    ),
    (
        ".............1.....123.456...........23...78..47.6.12...........318.764..58...23.",
        Technique::FinnedSwordfish,
        "r4c5<>9",
    ),
    (
        ".........2.....3495...3926..9.........41...8....598..4..182...6......7....3..6...",
        Technique::XyzWing,
        "r2c2<>7",
    ),
    (
        "9.......5..41296.....6.5....4..6..2....7.8...78.....63..7...3...2.3.4.8...8.5.1..",
        Technique::WWing,
        "r1c8<>3",
    ),
    (
        ".......8.9...467...62.5....1..9.5..2..7...9..5..4.8..7....9.47...936...1.1.......",
        Technique::UniqueRectangle1,
        "r1c6<>13",
    ),
    (
        "7....9.5359.....1...45..9..8..4637.....7.2.....2985..4..8..42...3.....4546.2....9",
        Technique::SimpleColoring,
        "r8c7<>1",
    ),
    (
        "....6..2.394...7..2....41....2....4..6.8........6.9....4...739...1.8...2......51.",
        Technique::UniqueRectangle2,
        "r1c4<>5, r1c6<>5, r2c6<>5, r2c8<>5, r2c9<>5, r3c4<>5, r3c5<>5",
    ),
    (
        "9..1...8..7.9.3.1.8......64.8..2....5....1.7...1....42.4.716..............7.92...",
        Technique::UniqueRectangle4,
        "r8c7<>3, r8c9<>3",
    ),
    (
        "5.8...12.........72....58.64....2....8.9..........697....2.........7.419.3.1592..",
        Technique::UniqueRectangle3,
        // The subset lies where row 6 and box 4 cross, so it is locked in both: the box's
        // cells lose its digits too (checked against the solution).
        "r4c2<>1, r4c3<>13, r5c1<>13, r5c3<>13, r6c4<>3, r6c5<>13, r6c9<>13",
    ),
    (
        "...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8.",
        Technique::NakedQuad,
        "r5c1<>18, r5c2<>138, r5c7<>23, r5c9<>3",
    ),
    (
        "2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1",
        Technique::Jellyfish,
        "r1c2<>7, r1c5<>7, r2c1<>7, r2c9<>7, r5c1<>7, r5c2<>7, r5c9<>7, r9c2<>7, r9c5<>7",
    ),
    (
        "6....7.95...6.....2....531.9268......842....................4.9.....3....59.68..7",
        Technique::HiddenQuad,
        "r6c6<>19, r6c7<>1579, r6c8<>57, r6c9<>13",
    ),
    (
        "..67...91..9....623............3...4..72...1.4....1....31..8.75...9......65....3.",
        Technique::FinnedJellyfish,
        "r9c7<>8",
    ),
    (
        "...5...........9.1.5...4...6..4......73...8.4..2..6..3...7..6..9.....7.2..48.2.3.",
        Technique::Bug1,
        "r7c8=8",
    ),
    (
        ".916..2..7.6..4....248......45..2......518......4..32......683....1..5.2..7..569.",
        Technique::XChain,
        "r1c8<>7, r3c8<>7",
    ),
    (
        "2...6.9.8..74.....8.1.2354...2....8.6.8.5.1.4.7....6...8631.4.9.....98..1.9.4...3",
        Technique::XyChain,
        "r2c9<>2",
    ),
    (
        "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5",
        Technique::AlsXz,
        "r2c5<>8",
    ),
    (
        "1....58..4..2.......2...47......6..3....7.91.29.........4...2......48.5....1...8.",
        Technique::Aic,
        "r5c6<>2",
    ),
    (
        "...4..5...7...3.....421..6..3..8.1..8..7....695.3........9....1.6.....2...3..6.84",
        Technique::SashimiXWing,
        "r7c6<>5, r8c6<>5",
    ),
    (
        "...58......7...6..3..6.42..97..2.5.3..1.5..4.5.....7..4.59...2........6.....1.3..",
        Technique::SashimiSwordfish,
        "r1c3<>4",
    ),
    (
        "3..1...7....9..8....95.....7.......9.2..3.7....8..4.5.......5..1..7.8.........247",
        Technique::SashimiJellyfish,
        "r1c9<>6",
    ),
    (
        ".8.7..2..19.........5.98..1.4.9..7.2..7..2.4.6.........1.8..5..3...5...6.....93..",
        Technique::SueDeCoq,
        "r7c3<>2, r8c3<>2, r9c2<>27, r9c3<>2",
    ),
    (
        ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...",
        Technique::GroupedAic,
        "r7c1<>1",
    ),
    (
        "....2...8....64.1...4..73.....5..4.1...7....92.74..........3....8....5...69.....3",
        Technique::AlsXyWing,
        "r6c6<>9",
    ),
    (
        "....7.94..7..9...53....5.7..874..1..463.8.........7.8.8..7.....7......28.5.268...",
        Technique::AlsChain,
        "r7c3<>9, r8c3<>9",
    ),
    (
        "....584..8.473...2.5....7..3.5.7..6..46.1.....9...........8.6.....9...73...1...29",
        Technique::DeathBlossom,
        "r6c9<>8",
    ),
    (
        "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
        Technique::AlsAic,
        "r2c6<>6",
    ),
    (
        "..3..2.6.9..3.1...1.2.5..8.........2..5..3.98...4..1....7.....5.2..6....4.19.....",
        Technique::CellForcingChain,
        "r3c4=6",
    ),
    (
        ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...",
        Technique::UnitForcingChain,
        "r9c1<>2",
    ),
    (
        "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5",
        Technique::Contradiction,
        "r5c4<>3",
    ),
    (
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        Technique::NestedForcingChain,
        // The shortest told of the first three suppositions that break
        // the grid (issue 33); the first alone removed 1 from r1c3.
        "r1c5<>2",
    ),
];

/// The first step of the path that uses `technique`: the engine picked it,
/// so nothing easier applied at that point.
fn first_use(puzzle: &str, technique: Technique) -> Step {
    state_at_first_use(puzzle, technique).1
}

/// [`first_use`] with the candidates it was found on.
fn state_at_first_use(puzzle: &str, technique: Technique) -> (Pencilmarks, Step) {
    let mut s = Pencilmarks::from_grid(&Grid::parse(puzzle).unwrap());
    while let Some(step) = next_step_in(&s) {
        if step.technique == technique {
            return (s, step);
        }
        apply_to_state(&mut s, &step);
    }
    panic!("{puzzle}: no {technique:?} on the path")
}

#[test]
fn verities_come_before_contradictions() {
    // Where a forcing chain proving its conclusion both ways is taken, a
    // contradiction chain was there too: the engine chose the verity.
    for &(puzzle, technique, _) in CASES {
        if !matches!(
            technique,
            Technique::CellForcingChain | Technique::UnitForcingChain
        ) {
            continue;
        }
        let (s, step) = state_at_first_use(puzzle, technique);
        assert!(
            find_technique(Technique::Contradiction, &s).is_some(),
            "{puzzle}: no contradiction to pass over at {step}"
        );
    }
}

#[test]
fn the_shortest_chain_of_any_kind_is_taken() {
    for &(puzzle, technique, _) in CASES {
        if !matches!(
            technique,
            Technique::XChain | Technique::XyChain | Technique::Aic | Technique::GroupedAic
        ) {
            continue;
        }
        let (s, step) = state_at_first_use(puzzle, technique);
        let len = step.chains[0].links.len();
        for other in [
            Technique::XChain,
            Technique::XyChain,
            Technique::Aic,
            Technique::GroupedAic,
        ] {
            if let Some(o) = find_technique(other, &s) {
                assert!(
                    o.chains[0].links.len() >= len,
                    "{puzzle}: took {step} ({len} links), {o} is shorter"
                );
            }
        }
    }
}

#[test]
fn each_technique_is_the_easiest_step_somewhere() {
    for &(puzzle, technique, conclusion) in CASES {
        let step = first_use(puzzle, technique);
        assert_eq!(step.conclusion(), conclusion, "{puzzle}: {step}");
        assert!(!step.highlights.deleted.is_empty() || !step.placements.is_empty());
        // Every technique's words name cells in plain words when asked,
        // in both languages (issue 16): none is left in compact form.
        for lang in [sudolens::hint::Lang::En, sudolens::hint::Lang::Fr] {
            let w = sudolens::hint::Wording::new(lang, sudolens::hint::Notation::Plain);
            for l in sudolens::hint::for_step(&step, w).lines {
                assert!(
                    !super::guide::has_compact_cell(&l.text),
                    "{technique:?}: {}",
                    l.text
                );
            }
        }
        if technique.needs_uniqueness() {
            let text = sudolens::hint::for_step(&step, sudolens::hint::Lang::En);
            assert!(text
                .lines
                .iter()
                .any(|l| l.text.contains("exactly one solution")));
        }
    }
}

#[test]
fn each_technique_reports_its_family_pattern() {
    for &(puzzle, technique, _) in CASES {
        let step = first_use(puzzle, technique);
        let family_pattern = match technique {
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                matches!(step.pattern, Pattern::Turbot { .. })
            }
            Technique::FinnedXWing
            | Technique::FinnedSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiXWing
            | Technique::SashimiSwordfish
            | Technique::SashimiJellyfish => {
                matches!(&step.pattern, Pattern::Fish { fins, .. } if !fins.is_empty())
            }
            Technique::Jellyfish => {
                matches!(&step.pattern, Pattern::Fish { fins, .. } if fins.is_empty())
            }
            Technique::XyWing | Technique::XyzWing => matches!(step.pattern, Pattern::Wing { .. }),
            Technique::WWing => matches!(step.pattern, Pattern::WWing { .. }),
            Technique::EmptyRectangle => matches!(step.pattern, Pattern::EmptyRectangle(_)),
            Technique::SimpleColoring => matches!(step.pattern, Pattern::Coloring { .. }),
            Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4 => matches!(step.pattern, Pattern::Rectangle { .. }),
            Technique::NakedQuad => matches!(step.pattern, Pattern::NakedSubset { .. }),
            Technique::HiddenQuad => matches!(step.pattern, Pattern::HiddenSubset { .. }),
            Technique::Bug1 => matches!(step.pattern, Pattern::Bug { .. }),
            Technique::XChain
            | Technique::XyChain
            | Technique::Aic
            | Technique::GroupedAic
            | Technique::AlsAic => {
                matches!(
                    step.pattern,
                    Pattern::Chain { .. } | Pattern::NiceLoop { .. }
                )
            }
            Technique::AlsXz => matches!(step.pattern, Pattern::Als { .. }),
            Technique::AlsXyWing | Technique::AlsChain => {
                matches!(step.pattern, Pattern::AlsChain { .. })
            }
            Technique::DeathBlossom => matches!(step.pattern, Pattern::DeathBlossom { .. }),
            Technique::SueDeCoq => matches!(step.pattern, Pattern::SueDeCoq { .. }),
            Technique::CellForcingChain | Technique::UnitForcingChain => {
                matches!(step.pattern, Pattern::Forcing { .. })
            }
            Technique::Contradiction | Technique::NestedForcingChain => {
                matches!(step.pattern, Pattern::Contradiction { .. })
            }
            other => panic!("{other:?}: no case expected"),
        };
        assert!(family_pattern, "{technique:?}: {:?}", step.pattern);
    }
}

#[test]
fn chains_alternate_strong_and_weak_links() {
    for &(puzzle, technique, _) in CASES {
        if !matches!(
            technique,
            Technique::XChain | Technique::XyChain | Technique::Aic
        ) {
            continue;
        }
        let step = first_use(puzzle, technique);
        let links = &step.chains[0].links;
        assert!(links.len() >= 3 && links.len() % 2 == 1, "{step}");
        for (i, l) in links.iter().enumerate() {
            let strong = l.kind == sudolens::logic::LinkKind::Strong;
            assert_eq!(strong, i % 2 == 0, "{step}: link {i}");
            if i > 0 {
                assert_eq!(l.from, links[i - 1].to, "links join up");
            }
        }
    }
}

#[test]
fn a_whole_game_through_the_board_api() {
    let puzzle = Grid::parse(CASES[0].0).unwrap();
    let solution = sudolens::solver::solve(&puzzle).unwrap();
    let mut board = Board::new(puzzle);
    // A wrong entry is reported before anything else, and applying the
    // step erases it.
    let cell = sudolens::grid::Cell::ALL
        .iter()
        .copied()
        .find(|&c| puzzle.get(c) == 0)
        .unwrap();
    board.set_entry(cell, solution.get(cell) % 9 + 1).unwrap();
    let step = next_step(&board).unwrap();
    assert_eq!(step.technique, Technique::WrongEntries);
    assert_eq!(step.wrong[0].cell, cell);
    apply(&mut board, &step);
    assert_eq!(board.value(cell), 0);
    let mut moves = 0;
    while let Some(step) = next_step(&board) {
        let before = board.history().len();
        apply(&mut board, &step);
        assert_eq!(
            board.history().len(),
            before + 1,
            "one undoable move per step"
        );
        moves += 1;
        assert!(moves < 200);
    }
    assert!(board.is_solved());
    assert_eq!(board.grid(), solution);
    // Undo takes back the last step only.
    board.undo();
    assert!(!board.is_solved());
    assert!(next_step(&board).is_some());
}

/// Issue 16: a step played on the board writes the notes a player would,
/// and no more. A single on a board without notes adds none; an
/// elimination gives only its cells their remaining candidates; the
/// player's own notes elsewhere stay as they were.
#[test]
fn playing_a_step_writes_only_the_notes_it_needs() {
    use sudolens::grid::Cell;
    let puzzle = Grid::parse(CASES[0].0).unwrap();
    let mut board = Board::new(puzzle);
    let single = next_step(&board).unwrap();
    assert!(single.technique <= Technique::NakedSingle, "{single}");
    apply(&mut board, &single);
    assert!(
        Cell::ALL.iter().all(|&c| board.notes(c).is_empty()),
        "a single needs no notes"
    );
    // Play on until the first elimination, without notes.
    let step = loop {
        let step = next_step(&board).unwrap();
        if !step.eliminations.is_empty() {
            break step;
        }
        apply(&mut board, &step);
    };
    let touched: Vec<Cell> = step.eliminations.iter().map(|e| e.cell).collect();
    apply(&mut board, &step);
    for c in Cell::ALL {
        let notes = board.notes(c);
        if touched.contains(&c) {
            assert!(!notes.is_empty(), "{c} shows its remaining candidates");
            for e in step.eliminations.iter().filter(|e| e.cell == c) {
                assert!(e.digits.iter().all(|&d| !notes.contains(d)));
            }
        } else {
            assert!(notes.is_empty(), "{c} was not touched");
        }
    }
    // A player's note elsewhere is kept through the next step, less the
    // digit that step places in a cell it sees.
    let next = next_step(&board).unwrap();
    let mine = Cell::ALL
        .into_iter()
        .find(|&c| board.value(c) == 0 && !touched.contains(&c))
        .unwrap();
    let written = board.grid().candidates(mine);
    board.set_notes(mine, written).unwrap();
    apply(&mut board, &next);
    let mut expected = written;
    for p in &next.placements {
        if p.cell.sees(mine) {
            expected.remove(p.digit);
        }
        if p.cell == mine {
            expected = sudolens::grid::Candidates::NONE;
        }
    }
    for e in next.eliminations.iter().filter(|e| e.cell == mine) {
        for &d in &e.digits {
            expected.remove(d);
        }
    }
    assert_eq!(board.notes(mine), expected);
}
