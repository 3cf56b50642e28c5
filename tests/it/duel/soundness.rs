//! Pip never states a wrong value as forced: on random duels (random
//! strengths, levels and hole counts, both seats played by Pips, every
//! answer from the secrets), each value a Pip gives as forced is the
//! secret's. The issue asks it of duels whose grid has one completion; it
//! is checked on every duel, and the count of the unique ones is printed.

use sudolens::duel::autoplay::play_out;
use sudolens::duel::{Answering, Duel, Setup, Side, Strength};
use sudolens::logic::Level;
use sudolens::solver::count_solutions;

/// Forced values stated, and those on a grid with one completion.
#[derive(Default, Debug)]
struct Count {
    duels: usize,
    forced: usize,
    forced_unique: usize,
    unique_grids: usize,
}

/// Plays `n` random duels from `seed` and checks every forced value.
fn random_duels(n: u64, seed: u64) -> Count {
    let mut count = Count::default();
    for i in 0..n {
        let s = seed + i;
        let strength = Strength::ALL[(s % 3) as usize];
        let level = [Level::Easy, Level::Medium][(s / 3 % 2) as usize];
        let holes = 20 + (s * 7919 % 51) as usize;
        let setup = Setup::dealt(strength, Answering::Honest, level, Some(holes), s);
        let secrets = [setup.player_secret.unwrap(), setup.pip_secret];
        // Pip 1 (the player's seat) fills Pip's grid, Pip 2 the player's.
        let unique = [
            count_solutions(&setup.pip_handed, 2) == 1,
            count_solutions(&setup.player_handed, 2) == 1,
        ];
        count.unique_grids += unique.iter().filter(|&&u| u).count();
        let mut duel = Duel::new(setup).unwrap();
        play_out(&mut duel, strength, |_, turn| {
            let Some(reason) = turn.reason else { return };
            if !reason.is_forced() {
                return;
            }
            let sudolens::duel::Action::Place { cell, digit } = turn.action else {
                panic!("duel {s}: a joker stated as forced: {turn:?}");
            };
            // The seat that played it fills the other side's secret.
            let (secret, seat) = match turn.side {
                Side::Player => (secrets[1], 0),
                Side::Pip => (secrets[0], 1),
            };
            assert_eq!(
                secret.get(cell),
                digit,
                "duel {s} ({strength:?}): {digit} in {cell} stated as forced ({reason:?}), the secret has {}",
                secret.get(cell)
            );
            count.forced += 1;
            if unique[seat] {
                count.forced_unique += 1;
            }
        })
        .unwrap_or_else(|e| panic!("duel {s} ({strength:?}) stopped: {e}"));
        count.duels += 1;
    }
    count
}

#[test]
fn pips_forced_values_are_always_the_secrets() {
    let c = random_duels(60, 1000);
    eprintln!("{c:?}");
    assert!(c.forced_unique > 100 && c.unique_grids > 0, "{c:?}");
}

/// The count: 1,000 random duels.
/// `cargo test --test it duel::soundness -- --ignored --nocapture`
#[test]
#[ignore = "1,000 duels: about 75 s of CPU in a debug build"]
fn pips_forced_values_are_the_secrets_on_a_thousand_duels() {
    let c = random_duels(1000, 1);
    eprintln!("{c:?}");
    assert_eq!(c.duels, 1000);
}
