//! `sudolens duel --pip-vs-pip`: two Pips play each other, Pip 1 in the
//! player's seat (filling a grid at the level asked for) and Pip 2 in
//! Pip's (filling a grid with as many holes, anywhere). One game prints
//! every move with Pip's reasoning, the jokers, the penalties and the final
//! score; `--games N` prints one line per game and the averages, each
//! strength on the same grids, and checks that every value a Pip stated as
//! forced was right.

use super::super::output::Ending;
use super::super::{Exit, Output};
use super::text;
use std::process::ExitCode;
use std::time::Instant;
use sudolens::duel::autoplay::play_out;
use sudolens::duel::{Answer, Answering, Duel, Setup, Side, Strength, Turn};
use sudolens::hint::{duel as words, Lang};
use sudolens::logic::Level;
use sudolens::solver::count_solutions;

pub fn run(
    strengths: &[Strength],
    level: Level,
    holes: Option<usize>,
    seed: u64,
    games: u32,
    lang: Lang,
) -> ExitCode {
    if games <= 1 && strengths.len() == 1 {
        one_game(strengths[0], level, holes, seed, lang)
    } else {
        many_games(strengths, level, holes, seed, games)
    }
}

/// One game, every move told.
fn one_game(
    strength: Strength,
    level: Level,
    holes: Option<usize>,
    seed: u64,
    lang: Lang,
) -> ExitCode {
    let setup = Setup::dealt(strength, Answering::Honest, level, holes, seed);
    let mut duel = match Duel::new(setup) {
        Ok(d) => d,
        Err(e) => return super::super::bad_input(&e.to_string()),
    };
    let name = words::strength_name(strength, lang);
    let mut out = Output::stdout();
    out.line(format_args!(
        "Pip 1 ({name}) vs Pip 2 ({name}), seed {seed}"
    ));
    out.text(text::board(&duel, text::Seats::TwoPips, lang));
    let played = play_out(&mut duel, strength, |duel, turn| {
        let who = words::seat_name(turn.side);
        let n = duel.turns().len();
        out.line(format_args!("\n#{n} {who}"));
        for l in words::pip_turn(turn, strength, lang).lines {
            out.line(format_args!("{who}: {}", l.text));
        }
        let scores: Vec<String> = [Side::Player, Side::Pip]
            .into_iter()
            .map(|side| {
                let c = duel.camp(side);
                words::score(words::seat_name(side), &c.tally, c.holes_left(), lang)
            })
            .collect();
        out.line(format_args!("   {}", scores.join("   ")));
    });
    if let Err(stall) = played {
        out.flush();
        say_err!("error: the game stopped: {stall}");
        return out.finish(Exit::Internal);
    }
    let outcome = duel.outcome().expect("played to the end");
    out.line("");
    out.text(text::board(&duel, text::Seats::TwoPips, lang));
    out.line(words::pip_vs_pip_result(outcome, lang));
    out.finish(Exit::Ok)
}

/// Totals of one strength over a batch.
#[derive(Default)]
struct Totals {
    games: u32,
    finished: u32,
    jokers: u64,
    wrong: u64,
    moves: u64,
    seconds: f64,
    /// Values stated as forced, and those the secret contradicted.
    forced: u64,
    unsound: u64,
    /// Of the forced values, those on grids with one completion.
    forced_unique: u64,
    guesses: u64,
}

/// One line per game and the averages per strength.
fn many_games(
    strengths: &[Strength],
    level: Level,
    holes: Option<usize>,
    seed: u64,
    games: u32,
) -> ExitCode {
    let mut totals: Vec<Totals> = strengths.iter().map(|_| Totals::default()).collect();
    let mut ordered = 0u32;
    let mut stalls = 0u32;
    let start = Instant::now();
    let mut out = Output::stdout();
    out.line("seed  strength  jokers  wrong  moves  winner  seconds");
    for g in 0..games {
        let s = seed.wrapping_add(u64::from(g));
        let setup = Setup::dealt(strengths[0], Answering::Honest, level, holes, s);
        // Whether each grid has one completion: Pip 1 fills Pip 2's grid.
        let unique = [
            count_solutions(&setup.pip_handed, 2) == 1,
            count_solutions(&setup.player_handed, 2) == 1,
        ];
        let mut jokers_here = Vec::new();
        for (i, &strength) in strengths.iter().enumerate() {
            let mut setup = setup.clone();
            setup.strength = strength;
            let mut duel = Duel::new(setup).expect("a dealt duel starts");
            let t = Instant::now();
            let played = play_out(&mut duel, strength, |_, _| {});
            let secs = t.elapsed().as_secs_f64();
            let tot = &mut totals[i];
            tot.games += 1;
            tot.seconds += secs;
            if let Err(stall) = played {
                stalls += 1;
                out.line(format_args!("{s:<5} {:<9} stopped: {stall}", strength.id()));
                continue;
            }
            tot.finished += 1;
            let o = duel.outcome().expect("finished");
            let jokers = o.player.jokers + o.pip.jokers;
            jokers_here.push(jokers);
            tot.jokers += u64::from(jokers);
            tot.wrong += u64::from(o.player.wrong + o.pip.wrong);
            tot.moves += u64::from(o.player.moves + o.pip.moves);
            for turn in duel.turns() {
                count_turn(turn, unique, tot);
            }
            let winner = match o.winner {
                Some(side) => words::seat_name(side),
                None => "draw",
            };
            out.line(format_args!(
                "{s:<5} {:<9} {:>2}+{:<3} {:>2}+{:<3} {:>5}  {winner:<6}  {secs:.2}",
                strength.id(),
                o.player.jokers,
                o.pip.jokers,
                o.player.wrong,
                o.pip.wrong,
                o.player.moves + o.pip.moves,
            ));
        }
        if jokers_here.len() == strengths.len() && jokers_here.windows(2).all(|w| w[0] >= w[1]) {
            ordered += 1;
        }
        // Each game's lines are sent on as it ends; a failed write ends the
        // batch (the averages could not be written either).
        out.flush();
        if out.failed() {
            break;
        }
    }
    match out.end() {
        Ending::Written => {}
        Ending::Closed => return ExitCode::SUCCESS,
        Ending::Failed => return Exit::WriteFailed.into(),
    }
    out.line(format_args!(
        "\naverages over {games} games (level {}, seeds {seed} to {}):",
        sudolens::hint::level_name(level, Lang::En),
        seed.wrapping_add(u64::from(games)) - 1
    ));
    out.line("strength   finished  jokers/Pip  wrong/Pip  penalties/Pip  moves/game  guesses/game  forced values (wrong)  s/game");
    for (strength, t) in strengths.iter().zip(&totals) {
        let per_game = |x: u64| x as f64 / f64::from(t.finished.max(1));
        let per_pip = |x: u64| x as f64 / f64::from(2 * t.finished.max(1));
        out.line(format_args!(
            "{:<10} {:>4}/{:<4} {:>10.2} {:>10.2} {:>14.2} {:>11.1} {:>13.2} {:>14} ({})  {:>6.3}",
            strength.id(),
            t.finished,
            t.games,
            per_pip(t.jokers),
            per_pip(t.wrong),
            per_pip(t.jokers + t.wrong),
            per_game(t.moves),
            per_game(t.guesses),
            t.forced,
            t.unsound,
            t.seconds / f64::from(t.games.max(1)),
        ));
    }
    let forced_unique: u64 = totals.iter().map(|t| t.forced_unique).sum();
    let unsound: u64 = totals.iter().map(|t| t.unsound).sum();
    out.line(format_args!(
        "forced values on grids with one completion: {forced_unique}; forced values the secret contradicted: {unsound}"
    ));
    if strengths.len() > 1 {
        let names: Vec<&str> = strengths.iter().rev().map(|s| s.id()).collect();
        let sums: Vec<String> = totals.iter().rev().map(|t| t.jokers.to_string()).collect();
        out.line(format_args!(
            "jokers {} in {ordered} of {games} games; in all: {}",
            names.join(" <= "),
            sums.join(" <= ")
        ));
    }
    out.line(format_args!(
        "{:.1} s in all",
        start.elapsed().as_secs_f64()
    ));
    out.flush();
    if stalls > 0 || unsound > 0 {
        say_err!("error: {stalls} games stopped early, {unsound} forced values were wrong");
        return out.finish(Exit::Internal);
    }
    out.finish(Exit::Ok)
}

/// Counts a turn's forced value (and whether the secret agreed) and guesses.
fn count_turn(turn: &Turn, unique: [bool; 2], t: &mut Totals) {
    let Some(reason) = turn.reason else { return };
    if reason.is_forced() {
        t.forced += 1;
        if turn.answer == Answer::Wrong {
            t.unsound += 1;
        }
        let seat = match turn.side {
            Side::Player => 0,
            Side::Pip => 1,
        };
        if unique[seat] {
            t.forced_unique += 1;
        }
    } else if matches!(reason, sudolens::duel::Reason::Guess { .. }) {
        t.guesses += 1;
    }
}
