//! The duel's rules on crafted grids: penalties, the end and the winner,
//! refused moves, each cheat Pip detects (each with a lie made for it),
//! the guess-or-joker rule, and save and resume.

use super::*;
use crate::test_puzzles::HARD_17_SOLUTION as PIP_SECRET;

/// The player's secret in most tests.
const PLAYER_SECRET: &str =
    "372451869691827354458936271543768912789512436126394587215689743937145628864273195";

/// Four cells of Pip's secret that hold 1, 3 / 3, 1: open together, each
/// can take either value.
const RECTANGLE: [&str; 4] = ["r1c2", "r1c4", "r2c2", "r2c4"];

fn grid(line: &str) -> Grid {
    Grid::parse(line).unwrap()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// `secret` with the cells named emptied.
fn with_holes(secret: &str, holes: &[&str]) -> Grid {
    let mut g = grid(secret);
    for h in holes {
        g.set(cell(h), 0);
    }
    g
}

fn setup(pip_holes: &[&str], player_holes: &[&str], strength: Strength) -> Setup {
    Setup {
        strength,
        answering: Answering::Honest,
        level: None,
        seed: 1,
        pip_secret: grid(PIP_SECRET),
        pip_handed: with_holes(PIP_SECRET, pip_holes),
        player_secret: Some(grid(PLAYER_SECRET)),
        player_handed: with_holes(PLAYER_SECRET, player_holes),
    }
}

/// The player fills their first hole with Pip's secret value.
fn player_right(duel: &mut Duel) {
    let camp = duel.camp(Side::Player);
    let hole = Cell::ALL
        .into_iter()
        .find(|&c| camp.filling.get(c) == 0)
        .unwrap();
    let digit = grid(PIP_SECRET).get(hole);
    let turn = duel.play(Action::Place { cell: hole, digit }).unwrap();
    assert_eq!(turn.answer, Answer::Right);
}

#[test]
fn wrong_values_and_jokers_cost_a_point_each_and_the_fewer_penalties_win() {
    // A rectangle of 1s and 3s open for the player; r9c8, r9c9 for Pip.
    let mut duel = Duel::new(setup(&RECTANGLE, &["r9c8", "r9c9"], Strength::Beginner)).unwrap();
    assert_eq!(duel.turn(), Side::Player, "the player starts");
    let turn = duel
        .play(Action::Place {
            cell: cell("r1c2"),
            digit: 3,
        })
        .unwrap();
    assert_eq!(turn.answer, Answer::Wrong);
    let me = duel.camp(Side::Player);
    assert_eq!((me.tally.wrong, me.tally.penalties()), (1, 1));
    assert_eq!(
        me.filling.get(cell("r1c2")),
        0,
        "a wrong value leaves the hole open"
    );
    assert!(me.refused[cell("r1c2").index()].contains(3));
    assert_eq!(duel.turn(), Side::Pip);

    let turn = duel.pip_turn().unwrap().unwrap();
    assert_eq!(turn.answer, Answer::Right);
    assert!(turn.reason.unwrap().is_forced());
    assert_eq!(duel.turn(), Side::Player);

    let turn = duel.play(Action::Joker { cell: cell("r1c2") }).unwrap();
    assert_eq!(turn.answer, Answer::Value(1));
    assert_eq!(duel.camp(Side::Player).tally.jokers, 1);
    duel.pip_turn().unwrap();
    assert!(duel.camp(Side::Pip).is_done());
    assert_eq!(
        duel.turn(),
        Side::Player,
        "Pip is done: the player plays on"
    );
    for _ in 0..3 {
        player_right(&mut duel);
    }

    let outcome = duel.outcome().unwrap();
    assert_eq!(outcome.ending, Ending::Completed);
    assert_eq!(outcome.winner, Some(Side::Pip));
    assert_eq!(
        (outcome.player.penalties(), outcome.pip.penalties()),
        (2, 0)
    );
    assert_eq!((outcome.player.moves, outcome.pip.moves), (5, 2));
    assert_eq!(
        duel.play(Action::Joker { cell: cell("r1c1") }).unwrap_err(),
        MoveError::GameOver
    );
}

#[test]
fn equal_penalties_are_a_draw_and_a_finished_side_waits() {
    let mut duel = Duel::new(setup(&["r1c1", "r2c2", "r3c3"], &["r9c9"], Strength::Club)).unwrap();
    player_right(&mut duel);
    duel.pip_turn().unwrap();
    assert!(duel.camp(Side::Pip).is_done());
    player_right(&mut duel);
    assert_eq!(duel.turn(), Side::Player);
    assert_eq!(duel.pip_turn().unwrap_err(), MoveError::NotYourTurn);
    player_right(&mut duel);
    let outcome = duel.outcome().unwrap();
    assert_eq!(outcome.winner, None, "0 to 0 is a draw");
}

#[test]
fn resigning_loses_and_is_saved_with_holes_left() {
    let mut duel = Duel::new(setup(&["r1c1", "r2c2"], &["r9c9", "r8c8"], Strength::Club)).unwrap();
    player_right(&mut duel);
    duel.resign().unwrap();
    let outcome = duel.outcome().unwrap().clone();
    assert_eq!(outcome.ending, Ending::Resigned);
    assert_eq!(outcome.winner, Some(Side::Pip));
    assert_eq!(duel.resign(), Err(MoveError::GameOver), "once only");
    // The saved duel reads back over, its grids incomplete.
    let back = Duel::from_json(&duel.to_json()).unwrap();
    assert_eq!(back.outcome(), Some(&outcome));
}

#[test]
fn moves_the_rules_refuse_cost_nothing_and_keep_the_turn() {
    let mut duel = Duel::new(setup(&RECTANGLE, &["r9c9"], Strength::Beginner)).unwrap();
    let refused = [
        (
            Action::Place {
                cell: cell("r1c3"),
                digit: 7,
            },
            MoveError::NotAHole {
                cell: cell("r1c3"),
                digit: 7,
            },
        ),
        (
            Action::Joker { cell: cell("r5c5") },
            MoveError::NotAHole {
                cell: cell("r5c5"),
                digit: 8,
            },
        ),
        (
            Action::Place {
                cell: cell("r1c2"),
                digit: 0,
            },
            MoveError::NotADigit { value: 0 },
        ),
        (
            Action::Place {
                cell: cell("r1c2"),
                digit: 7,
            },
            MoveError::AlreadyInUnit {
                cell: cell("r1c2"),
                digit: 7,
                seen: cell("r1c3"),
            },
        ),
    ];
    for (action, error) in refused {
        assert_eq!(duel.play(action).unwrap_err(), error);
    }
    assert_eq!(duel.camp(Side::Player).tally, Tally::default());
    assert_eq!(duel.turn(), Side::Player);
    duel.play(Action::Place {
        cell: cell("r1c2"),
        digit: 3,
    })
    .unwrap();
    duel.pip_turn().unwrap();
    assert_eq!(
        duel.play(Action::Place {
            cell: cell("r1c2"),
            digit: 3
        })
        .unwrap_err(),
        MoveError::AlreadyRefused {
            cell: cell("r1c2"),
            digit: 3
        }
    );
    assert_eq!(duel.camp(Side::Player).tally.penalties(), 1);
}

/// A by-hand duel: the player answers Pip, `secret` known or on paper.
fn by_hand(player_handed: Grid, secret: Option<Grid>, strength: Strength) -> Duel {
    Duel::new(Setup {
        strength,
        answering: Answering::ByHand,
        level: None,
        seed: 5,
        pip_secret: grid(PIP_SECRET),
        pip_handed: with_holes(PIP_SECRET, &["r1c1", "r2c2", "r3c3", "r4c4", "r5c5"]),
        player_secret: secret,
        player_handed,
    })
    .unwrap()
}

fn cheat_of(duel: &Duel) -> Cheat {
    match &duel.outcome().expect("the duel is over").ending {
        Ending::Cheating { cheat } => cheat.clone(),
        other => panic!("ended by {other:?}, not a cheat"),
    }
}

/// Lets Pip play by hand, answering truthfully from `truth`, until its
/// move is one `stop` accepts (returned, unanswered).
fn until(duel: &mut Duel, truth: &Grid, stop: impl Fn(&Thought) -> bool) -> Thought {
    for _ in 0..200 {
        if duel.turn() == Side::Player {
            player_right(duel);
            continue;
        }
        duel.pip_turn().unwrap();
        let thought = duel.question().expect("by hand, Pip asks").thought.clone();
        if stop(&thought) {
            return thought;
        }
        let v = truth.get(thought.action.cell());
        duel.answer(match thought.action {
            Action::Place { digit, .. } if digit == v => Answer::Right,
            Action::Place { .. } => Answer::Wrong,
            Action::Joker { .. } => Answer::Value(v),
        })
        .unwrap();
        assert!(!duel.is_over(), "{:?}", duel.outcome());
    }
    panic!("Pip never made the move looked for");
}

#[test]
fn cheat_a_grid_for_pip_that_repeats_a_digit() {
    let mut bad = with_holes(PLAYER_SECRET, &["r5c5", "r6c6"]);
    bad.set(cell("r1c2"), 3); // r1c1 holds 3 already
    let duel = by_hand(bad, None, Strength::Club);
    assert_eq!(duel.outcome().unwrap().winner, Some(Side::Pip));
    assert_eq!(
        cheat_of(&duel),
        Cheat::RepeatedDigit {
            digit: 3,
            cells: vec![cell("r1c1"), cell("r1c2")],
            revealed: false
        }
    );
}

#[test]
fn cheat_a_hole_left_with_no_possible_value() {
    // By the rules alone: row 1 holds 1 to 8, column 9 holds the 9.
    let mut g = Grid::empty();
    for (i, d) in (1..=8).enumerate() {
        g.set(Cell::new(0, i), d);
    }
    g.set(cell("r5c9"), 9);
    let mut duel = by_hand(g, None, Strength::Beginner);
    player_right(&mut duel);
    duel.pip_turn().unwrap();
    assert_eq!(
        cheat_of(&duel),
        Cheat::NoValueLeft {
            cell: cell("r1c9"),
            refused: Candidates::NONE,
            by_reasoning: false
        }
    );
    // By reasoning: 8 and 9 are all that r1c1, r1c2 and r1c3 can hold (the
    // 5s in r2c3, r4c1 and r7c2 rule 5 out), three cells for two digits.
    let mut g = Grid::empty();
    for (i, d) in [1, 2, 3, 4, 6, 7].into_iter().enumerate() {
        g.set(Cell::new(0, 3 + i), d);
    }
    for c in ["r2c3", "r4c1", "r7c2"] {
        g.set(cell(c), 5);
    }
    let mut beginner = by_hand(g, None, Strength::Beginner);
    player_right(&mut beginner);
    beginner.pip_turn().unwrap();
    assert!(!beginner.is_over(), "a beginner does not see it");
    let mut club = by_hand(g, None, Strength::Club);
    player_right(&mut club);
    club.pip_turn().unwrap();
    match cheat_of(&club) {
        Cheat::NoValueLeft {
            cell,
            by_reasoning: true,
            ..
        } => {
            assert_eq!(cell.row(), 0);
            assert!(cell.col() < 3);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cheat_a_joker_answer_that_the_hole_cannot_hold() {
    let secret = grid(PLAYER_SECRET);
    let handed = deal::holes_by_count(&secret, 60, 4);
    let mut duel = by_hand(handed, Some(secret), Strength::Beginner);
    let thought = until(
        &mut duel,
        &secret,
        |t| matches!(t.action, Action::Joker { cell } if cell.peers().iter().any(|&p| is_filled(t, p))),
    );
    let hole = thought.action.cell();
    let filling = duel.camp(Side::Pip).filling;
    let seen = *hole.peers().iter().find(|&&p| filling.get(p) != 0).unwrap();
    let digit = filling.get(seen);
    duel.answer(Answer::Value(digit)).unwrap();
    assert_eq!(
        cheat_of(&duel),
        Cheat::ImpossibleAnswer {
            cell: hole,
            digit,
            clash: Clash::Seen { seen }
        }
    );
    assert_eq!(duel.outcome().unwrap().winner, Some(Side::Pip));
}

/// Whether `cell` held a value when Pip thought `t` (filled cells have no notes).
fn is_filled(t: &Thought, cell: Cell) -> bool {
    t.notes[cell.index()].is_empty()
}

#[test]
fn cheat_a_joker_answer_refused_before_or_ruled_out_by_reasoning() {
    // Checked on Pip's camp directly: Pip never jokers a hole it guessed
    // wrong in (one value is then left, and forced), but the rule stands.
    let secret = grid(PLAYER_SECRET);
    let rect = deadly_rectangle(&secret);
    let mut handed = secret;
    for c in rect {
        handed.set(c, 0);
    }
    let mut duel = by_hand(handed, None, Strength::Club);
    player_right(&mut duel);
    let mut camp = duel.camp(Side::Pip).clone();
    let c = rect[0];
    let options = camp.possible(c);
    let first = options.first().unwrap();
    camp.refuse(c, first);
    let mut thought = duel.pip_think().unwrap();
    thought.action = Action::Joker { cell: c };
    assert_eq!(
        cheat::check_answer(&camp, &thought, Answer::Value(first)),
        Some(Cheat::ImpossibleAnswer {
            cell: c,
            digit: first,
            clash: Clash::Refused
        })
    );
    let other = options.iter().nth(1).unwrap();
    thought.notes[c.index()].remove(other);
    assert_eq!(
        cheat::check_answer(&camp, &thought, Answer::Value(other)),
        Some(Cheat::ImpossibleAnswer {
            cell: c,
            digit: other,
            clash: Clash::RuledOut
        })
    );
    thought.notes[c.index()].insert(other);
    assert_eq!(
        cheat::check_answer(&camp, &thought, Answer::Value(other)),
        None
    );
}

#[test]
fn cheat_a_forced_value_called_wrong() {
    let secret = grid(PLAYER_SECRET);
    let handed = deal::holes_by_count(&secret, 40, 8);
    let mut duel = by_hand(handed, Some(secret), Strength::Club);
    let thought = until(&mut duel, &secret, |t| t.reason.is_forced());
    let Action::Place { cell, digit } = thought.action else {
        unreachable!()
    };
    let (Reason::Forced { technique } | Reason::Stacked { technique }) = thought.reason else {
        unreachable!()
    };
    assert_eq!(secret.get(cell), digit, "Pip's forced values are right");
    duel.answer(Answer::Wrong).unwrap();
    assert_eq!(
        cheat_of(&duel),
        Cheat::ForcedDenied {
            cell,
            digit,
            technique
        }
    );
}

/// Four holes on a rectangle whose values swap: two completions, so Pip
/// must guess between two values.
fn deadly_rectangle(secret: &Grid) -> [Cell; 4] {
    for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
            for c1 in 0..9 {
                for c2 in (c1 / 3 + 1) * 3..9 {
                    let [a, b, c, d] =
                        [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, c)| Cell::new(r, c));
                    if secret.get(a) == secret.get(d) && secret.get(b) == secret.get(c) {
                        return [a, b, c, d];
                    }
                }
            }
        }
    }
    panic!("no deadly rectangle in {secret}");
}

#[test]
fn cheat_answers_that_differ_from_the_secret_revealed_at_the_end() {
    let secret = grid(PLAYER_SECRET);
    let rect = deadly_rectangle(&secret);
    let mut handed = secret;
    for c in rect {
        handed.set(c, 0);
    }
    let mut duel = by_hand(handed, Some(secret), Strength::Club);
    let first = until(&mut duel, &secret, |_| true);
    assert!(
        matches!(first.reason, Reason::Guess { options } if options.len() == 2),
        "{first:?}"
    );
    let Action::Place { cell, digit } = first.action else {
        unreachable!()
    };
    // The lie: the other completion. Everything after follows from it.
    duel.answer(if secret.get(cell) == digit {
        Answer::Wrong
    } else {
        Answer::Right
    })
    .unwrap();
    while !duel.is_over() {
        if duel.turn() == Side::Player {
            player_right(&mut duel);
        } else {
            duel.pip_turn().unwrap();
            duel.answer(Answer::Right).unwrap();
        }
    }
    match cheat_of(&duel) {
        Cheat::AgainstSecret {
            cell,
            told,
            secret: s,
        } => {
            assert!(rect.contains(&cell));
            assert_ne!(told, s);
            assert_eq!(secret.get(cell), s);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cheat_a_secret_revealed_with_a_repeated_digit() {
    // The player answers from a valid grid, but the secret they wrote down
    // repeats a digit in one of the holes.
    let truth = grid(PLAYER_SECRET);
    let handed = with_holes(PLAYER_SECRET, &["r1c1", "r5c5"]);
    let mut shown = truth;
    shown.set(cell("r1c1"), truth.get(cell("r1c2")));
    let mut duel = by_hand(handed, Some(shown), Strength::Beginner);
    while !duel.is_over() {
        if duel.turn() == Side::Player {
            player_right(&mut duel);
        } else {
            duel.pip_turn().unwrap();
            let thought = duel.question().unwrap().thought.clone();
            let Action::Place { cell, digit } = thought.action else {
                panic!("a joker")
            };
            assert_eq!(truth.get(cell), digit);
            duel.answer(Answer::Right).unwrap();
        }
    }
    assert!(matches!(
        cheat_of(&duel),
        Cheat::RepeatedDigit { revealed: true, .. }
    ));
}

#[test]
fn answers_of_the_wrong_kind_are_refused_and_the_question_stays() {
    let secret = grid(PLAYER_SECRET);
    let mut duel = by_hand(
        with_holes(PLAYER_SECRET, &["r9c9"]),
        Some(secret),
        Strength::Beginner,
    );
    assert_eq!(duel.answer(Answer::Right), Err(AnswerError::NoQuestion));
    player_right(&mut duel);
    duel.pip_turn().unwrap();
    assert_eq!(
        duel.answer(Answer::Value(5)),
        Err(AnswerError::RightOrWrong)
    );
    assert!(duel.question().is_some());
    assert_eq!(
        duel.play(Action::Joker { cell: cell("r2c2") }).unwrap_err(),
        MoveError::WaitingForAnswer
    );
    duel.answer(Answer::Right).unwrap();
    assert!(duel.camp(Side::Pip).is_done());
}

#[test]
fn a_club_pip_guesses_between_two_and_takes_a_joker_from_three() {
    // Two completions: every hole has two values, and no reasoning helps.
    let secret = grid(PLAYER_SECRET);
    let rect = deadly_rectangle(&secret);
    let mut handed = secret;
    for c in rect {
        handed.set(c, 0);
    }
    let mut s = setup(&["r1c1"], &[], Strength::Club);
    s.player_handed = handed;
    let mut duel = Duel::new(s.clone()).unwrap();
    player_right(&mut duel);
    let thought = duel.pip_think().unwrap();
    assert!(odds::should_guess(2));
    assert!(matches!(thought.reason, Reason::Guess { options } if options.len() == 2));
    // A beginner never guesses.
    s.strength = Strength::Beginner;
    let mut beginner = Duel::new(s).unwrap();
    player_right(&mut beginner);
    assert!(matches!(
        beginner.pip_think().unwrap().reason,
        Reason::Joker { fewest: 2, .. }
    ));
    // An empty grid: nine values everywhere, a joker.
    let mut s = setup(&["r1c1"], &[], Strength::Master);
    s.player_handed = Grid::empty();
    let mut duel = Duel::new(s).unwrap();
    player_right(&mut duel);
    let thought = duel.pip_think().unwrap();
    assert!(
        matches!(thought.reason, Reason::Joker { fewest: 9, .. }),
        "{:?}",
        thought.reason
    );
}

/// A hole with `k` equally likely values, played by the rule (guess when
/// [`odds::should_guess`], else a joker): the average penalty over many
/// secrets matches `E(k)`.
#[test]
fn the_guess_or_joker_rule_costs_what_the_expected_value_says() {
    let mut rng = Rng::new(99);
    for k in 1..=9u32 {
        let rounds = 20_000;
        let mut total = 0u32;
        for _ in 0..rounds {
            let secret = rng.below(k as usize);
            let mut left: Vec<usize> = (0..k as usize).collect();
            loop {
                if left.len() == 1 {
                    break; // forced
                }
                if !odds::should_guess(left.len() as u32) {
                    total += 1; // joker
                    break;
                }
                let guess = left.remove(rng.below(left.len()));
                if guess == secret {
                    break;
                }
                total += 1;
            }
        }
        let mean = f64::from(total) / f64::from(rounds);
        let expected = odds::expected_penalty(k);
        assert!(
            (mean - expected).abs() < 0.02,
            "k = {k}: {mean} played, {expected} expected"
        );
    }
}

#[test]
fn a_duel_saved_and_resumed_goes_on_as_if_never_stopped() {
    let s = Setup::dealt(Strength::Club, Answering::Honest, Level::Easy, Some(50), 21);
    let mut a = Duel::new(s).unwrap();
    for i in 0..12 {
        if a.turn() == Side::Player {
            if i % 3 == 0 {
                let hole = Cell::ALL
                    .into_iter()
                    .find(|&c| a.camp(Side::Player).filling.get(c) == 0)
                    .unwrap();
                a.play(Action::Joker { cell: hole }).unwrap();
            } else {
                player_right_from(&mut a);
            }
        } else {
            a.pip_turn().unwrap();
        }
    }
    let json = a.to_json();
    let mut b = Duel::from_json(&json).unwrap();
    assert_eq!(b.to_json(), json);
    // Pip's steps come back, for the replay of its reasoning.
    assert!(
        a.turns().iter().any(|t| !t.steps.is_empty()),
        "a turn with steps"
    );
    assert_eq!(a.turns(), b.turns());
    // A file whose Pip reasoned otherwise (another version's rule engine)
    // still loads, its moves told by their saved reasons alone.
    let mut file: serde_json::Value = serde_json::from_str(&json).unwrap();
    let turns = file["turns"].as_array_mut().unwrap();
    let first_pip = turns.iter().position(|t| t["side"] == "pip").unwrap();
    turns[first_pip]["reason"]["technique"] = "X-Wing".into();
    let other = Duel::from_json(&file.to_string()).unwrap();
    assert_eq!(other.camp(Side::Player), b.camp(Side::Player));
    assert!(other.turns().iter().all(|t| t.steps.is_empty()));
    for side in [Side::Player, Side::Pip] {
        assert_eq!(a.camp(side), b.camp(side));
    }
    assert_eq!(a.turn(), b.turn());
    while !a.is_over() {
        if a.turn() == Side::Player {
            player_right_from(&mut a);
            player_right_from(&mut b);
        } else {
            let ta = a.pip_turn().unwrap().cloned();
            let tb = b.pip_turn().unwrap().cloned();
            assert_eq!(
                ta.map(|t| (t.action, t.answer, t.reason)),
                tb.map(|t| (t.action, t.answer, t.reason))
            );
        }
    }
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(
        Duel::from_json(&a.to_json()).unwrap().outcome(),
        a.outcome()
    );
}

/// The player fills their first hole with the secret value of Pip's grid.
fn player_right_from(duel: &mut Duel) {
    let pip_secret = duel.camp(Side::Pip).secret.unwrap();
    let camp = duel.camp(Side::Player);
    let hole = Cell::ALL
        .into_iter()
        .find(|&c| camp.filling.get(c) == 0)
        .unwrap();
    duel.play(Action::Place {
        cell: hole,
        digit: pip_secret.get(hole),
    })
    .unwrap();
}

#[test]
fn a_question_waiting_at_save_is_asked_again_on_resume() {
    let secret = grid(PLAYER_SECRET);
    let mut duel = by_hand(
        deal::holes_by_count(&secret, 30, 2),
        Some(secret),
        Strength::Master,
    );
    player_right(&mut duel);
    duel.pip_turn().unwrap();
    let asked = duel.question().unwrap().thought.action;
    let mut back = Duel::from_json(&duel.to_json()).unwrap();
    assert!(back.question().is_none());
    assert_eq!(back.turn(), Side::Pip);
    back.pip_turn().unwrap();
    assert_eq!(back.question().unwrap().thought.action, asked);
}

#[test]
fn damaged_duel_files_are_refused_with_the_reason() {
    let mut duel = Duel::new(setup(
        &["r1c1", "r1c2"],
        &["r9c8", "r9c9"],
        Strength::Beginner,
    ))
    .unwrap();
    duel.play(Action::Place {
        cell: cell("r1c1"),
        digit: 4,
    })
    .unwrap();
    let json = duel.to_json();
    assert!(save::is_duel_file(&json));
    assert!(!save::is_duel_file("{\"format\": \"sudolens-game\"}"));
    // An answer that is not what the secret says.
    let bad = json.replacen("\"right\"", "\"wrong\"", 1);
    let err = Duel::from_json(&bad).unwrap_err().to_string();
    assert!(err.starts_with("turn 1: the answer"), "{err}");
    let bad = json.replacen("\"kind\": \"place\"", "\"kind\": \"jump\"", 1);
    assert!(
        Duel::from_json(&bad)
            .unwrap_err()
            .to_string()
            .contains("line"),
        "serde says where"
    );
    let bad = json.replacen("\"r1c1\"", "\"r1c3\"", 1);
    let err = Duel::from_json(&bad).unwrap_err().to_string();
    // Plain words, not Rust's name of the error (issue 32, N13).
    assert!(err.contains("r1c3 already holds"), "{err}");
    assert!(err.contains("it is not a hole"), "{err}");
    assert!(!err.contains("NotAHole"), "{err}");
}
