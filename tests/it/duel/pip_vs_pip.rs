//! Pip against Pip: seeded games at each strength all finish without a
//! panic, and on the same grids a Master takes no more jokers than a club
//! player, and a club player no more than a beginner.

use sudolens::duel::autoplay::play_out;
use sudolens::duel::{odds, Answering, Duel, Reason, Setup, Strength};
use sudolens::logic::Level;

/// Jokers per strength (beginner, club, master) over `games` seeds, and the
/// games where the three came out in that order.
fn jokers(games: u64, seed: u64, holes: Option<usize>) -> ([u32; 3], u64) {
    let mut totals = [0u32; 3];
    let mut in_order = 0;
    for g in 0..games {
        let s = seed + g;
        let setup = Setup::dealt(Strength::Beginner, Answering::Honest, Level::Easy, holes, s);
        let mut here = [0u32; 3];
        for (i, strength) in Strength::ALL.into_iter().enumerate() {
            let mut setup = setup.clone();
            setup.strength = strength;
            let mut duel = Duel::new(setup).unwrap();
            play_out(&mut duel, strength, |_, turn| {
                // The guess-or-joker rule, as the expected penalties say.
                match turn.reason {
                    Some(Reason::Guess { options }) => {
                        assert!(strength.guesses());
                        assert!(odds::should_guess(options.len()), "{turn:?}");
                    }
                    Some(Reason::Joker { fewest, .. }) if strength.guesses() => {
                        assert!(!odds::should_guess(fewest), "{turn:?}");
                    }
                    _ => {}
                }
            })
            .unwrap_or_else(|e| panic!("seed {s}, {strength:?}: {e}"));
            let o = duel.outcome().expect("finished");
            here[i] = o.player.jokers + o.pip.jokers;
            assert_eq!(
                o.player.moves + o.pip.moves,
                duel.turns().len() as u32,
                "seed {s}, {strength:?}"
            );
        }
        for i in 0..3 {
            totals[i] += here[i];
        }
        if here[0] >= here[1] && here[1] >= here[2] {
            in_order += 1;
        }
    }
    (totals, in_order)
}

#[test]
fn games_between_pips_finish_and_stronger_pips_take_fewer_jokers() {
    let (totals, in_order) = jokers(8, 500, Some(40));
    eprintln!("jokers beginner, club, master: {totals:?}; in order in {in_order} of 8 games");
    assert!(
        totals[0] >= totals[1] && totals[1] >= totals[2],
        "{totals:?}"
    );
}

/// The count: 200 seeded games at each strength, on the grids of
/// `sudolens duel --pip-vs-pip --games 200 --seed 1 --level easy`.
/// `cargo test --test it duel::pip_vs_pip -- --ignored --nocapture`
#[test]
#[ignore = "600 games: about 25 s of CPU in a debug build"]
fn two_hundred_games_at_each_strength() {
    let (totals, in_order) = jokers(200, 1, None);
    eprintln!("jokers beginner, club, master: {totals:?}; in order in {in_order} of 200 games");
    assert!(
        totals[0] >= totals[1] && totals[1] >= totals[2],
        "{totals:?}"
    );
}
