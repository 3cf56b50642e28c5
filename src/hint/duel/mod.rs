//! Pip's words in a duel: its own moves told line by line as a hint is
//! ("I put 6 in r4c9: nothing else fits in that cell."), its guess-or-joker
//! reasoning, the answers to each move, and the replay. The game around the
//! moves (welcome, score, result) is told in [`game`], the cheats Pip
//! catches in `cheat.rs`. Highlights refer to the grid the move was played on.

mod cheat;
mod game;

pub use cheat::cheat;
pub use game::*;

use super::words::{cells, digits, technique_name, unit_name};
use super::{evidence, line, plain, Lang, Line, Paragraph, ParagraphKind, Wording};
use crate::duel::{odds, Action, Answer, Reason, Side, Strength, Turn};
use crate::grid::{Candidates, Cell};
use crate::logic::{Candidate, Highlights, Pattern, Step};

/// A cell's name, the way every other sentence of Pip's names it.
pub(crate) fn cell_name(c: Cell, lang: Wording) -> String {
    cells(&[c], lang)
}

/// The unit two cells share (row first, then column, then box): the chains' own.
pub(crate) use crate::logic::shared_unit;

pub(crate) fn info(lines: Vec<Line>) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines,
    }
}

fn at(c: Cell) -> Highlights {
    Highlights {
        cells: vec![c],
        ..Highlights::default()
    }
}

fn placed(c: Cell, d: u8) -> Highlights {
    Highlights {
        placed: vec![Candidate::new(c, d)],
        ..Highlights::default()
    }
}

/// Why Pip plays its move, line by line, before the answer: the steps that
/// sharpened its notes, then the move itself.
pub fn pip_reasoning(
    action: Action,
    reason: Reason,
    steps: &[Step],
    strength: Strength,
    lang: impl Into<Wording>,
) -> Vec<Line> {
    let lang: Wording = lang.into();
    let mut lines = Vec::new();
    let (last, before) = match (reason, steps.split_last()) {
        (Reason::Forced { .. }, Some((last, before))) => (Some(last), before),
        _ => (None, steps),
    };
    for step in before {
        lines.push(elimination_line(step, lang));
    }
    let cell = action.cell();
    let c = cell_name(cell, lang);
    match (action, reason) {
        (Action::Place { digit: d, .. }, Reason::Forced { technique }) => {
            let why = match last.map(|s| &s.pattern) {
                Some(Pattern::NakedSingle { .. }) => say!(
                    lang,
                    "nothing else fits in that cell.",
                    "rien d'autre ne tient dans cette case."
                ),
                Some(Pattern::FullHouse { unit, .. }) => {
                    let u = unit_name(*unit, lang);
                    say!(
                        lang,
                        "it is the last hole of {u}.",
                        "c'est le dernier trou de {u}."
                    )
                }
                Some(Pattern::HiddenSingle { unit, .. }) => {
                    let u = unit_name(*unit, lang);
                    say!(
                        lang,
                        "it is the only place left for {d} in {u}.",
                        "c'est la seule place qui reste au {d} dans {u}."
                    )
                }
                _ => {
                    let t = technique_name(technique, lang);
                    say!(lang, "{t} proves it.", "{t} le prouve.")
                }
            };
            let mut first = placed(cell, d);
            if let Some(step) = last {
                first.units = step.highlights.units.clone();
            }
            lines.push(line(
                say!(
                    lang,
                    "I put {d} in {c}: {why}",
                    "Je mets {d} en {c} : {why}"
                ),
                first,
            ));
            if let Some(step) = last {
                // The first line said it all for the singles; a hidden
                // single adds the digits that rule the other cells out.
                match step.pattern {
                    Pattern::NakedSingle { .. } | Pattern::FullHouse { .. } => {}
                    Pattern::HiddenSingle { .. } => {
                        lines.extend(evidence(step, lang).into_iter().take(1))
                    }
                    _ => lines.extend(evidence(step, lang)),
                }
            }
        }
        (Action::Place { digit: d, .. }, Reason::Stacked { technique }) => {
            let t = technique_name(technique, lang);
            lines.push(line(
                say!(
                    lang,
                    "I put {d} in {c}: I proved it on an earlier turn ({t}).",
                    "Je mets {d} en {c} : je l'ai prouvé à un tour précédent ({t})."
                ),
                placed(cell, d),
            ));
        }
        (Action::Place { digit: d, .. }, Reason::Guess { options }) => {
            let k = options.len();
            let ds = digits(&options.iter().collect::<Vec<_>>(), lang);
            let cost = points(odds::guess_penalty(k), lang.lang);
            lines.push(plain(say!(
                lang,
                "No value is certain for me now.",
                "Aucune valeur n'est sûre pour moi maintenant."
            )));
            lines.push(line(
                say!(
                    lang,
                    "{c} can still be {ds}: a guess between {k} costs {cost} on average, less than a joker's 1 point.",
                    "{c} peut encore valoir {ds} : deviner entre {k} coûte {cost} en moyenne, moins que le point d'un joker."
                ),
                candidates_at(cell, options),
            ));
            lines.push(line(
                say!(lang, "I guess {d} in {c}.", "Je tente {d} en {c}."),
                placed(cell, d),
            ));
        }
        (Action::Joker { .. }, Reason::Joker { options, fewest }) => {
            let n = options.len();
            if strength.guesses() {
                let cost = points(odds::guess_penalty(fewest), lang.lang);
                lines.push(plain(say!(
                    lang,
                    "No value is certain for me now, and every hole still has {fewest} possible values or more: a guess would cost {cost} on average, no less than a joker.",
                    "Aucune valeur n'est sûre pour moi, et chaque trou a encore {fewest} valeurs possibles ou plus : deviner coûterait {cost} en moyenne, pas moins qu'un joker."
                )));
            } else {
                lines.push(plain(say!(
                    lang,
                    "No hole has a single possible value for me.",
                    "Aucun trou n'a une seule valeur possible pour moi."
                )));
            }
            lines.push(line(
                say!(
                    lang,
                    "So I take a joker where I know least: {c}, which could still be any of {n} values. What is in {c}?",
                    "Alors je prends un joker là où j'en sais le moins : {c}, qui peut encore prendre {n} valeurs. Que vaut {c} ?"
                ),
                candidates_at(cell, options),
            ));
        }
        // A reason that does not fit the action never comes from Pip's
        // reasoning; say the move plainly.
        (Action::Place { digit: d, .. }, _) => lines.push(line(
            say!(lang, "I put {d} in {c}.", "Je mets {d} en {c}."),
            placed(cell, d),
        )),
        (Action::Joker { .. }, _) => lines.push(line(
            say!(lang, "Joker: what is in {c}?", "Joker : que vaut {c} ?"),
            at(cell),
        )),
    }
    lines
}

fn candidates_at(cell: Cell, options: Candidates) -> Highlights {
    Highlights {
        cells: vec![cell],
        candidates: options.iter().map(|d| Candidate::new(cell, d)).collect(),
        ..Highlights::default()
    }
}

/// "half a point", "1 point", "1.5 points".
fn points(p: f64, lang: Lang) -> String {
    if (p - 0.5).abs() < 1e-9 {
        return say!(lang, "half a point", "un demi-point");
    }
    let n = if p.fract().abs() < 1e-9 {
        format!("{p:.0}")
    } else {
        let s = format!("{p:.2}");
        let s = s.trim_end_matches('0').to_string();
        match lang {
            Lang::En => s,
            Lang::Fr => s.replace('.', ","),
        }
    };
    if (p - 1.0).abs() < 1e-9 {
        say!(lang, "{n} point", "{n} point")
    } else {
        say!(lang, "{n} points", "{n} points")
    }
}

/// One line for a step that only sharpened Pip's notes.
fn elimination_line(step: &Step, lang: Wording) -> Line {
    let t = technique_name(step.technique, lang);
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for e in &step.eliminations {
        match groups.iter_mut().find(|g| g.0 == e.digits) {
            Some(g) => g.1.push(e.cell),
            None => groups.push((e.digits.clone(), vec![e.cell])),
        }
    }
    let removed: Vec<String> = groups
        .iter()
        .map(|(ds, cs)| {
            let (dl, cl) = (digits(ds, lang), cells(cs, lang));
            say!(lang, "{dl} from {cl}", "{dl} de {cl}")
        })
        .collect();
    let removed = removed.join("; ");
    line(
        say!(
            lang,
            "In my notes, {t}: I cross out {removed}.",
            "Dans mes notes, {t} : je raye {removed}."
        ),
        step.highlights.clone(),
    )
}

/// The answer to a Pip's move, as Pip takes it.
pub fn pip_answered(turn: &Turn, lang: impl Into<Wording>) -> Line {
    answer_line(turn, Side::Pip, lang.into())
}

/// A Pip's move and its answer, as one paragraph: what the dialogue shows
/// after each of Pip's turns, and what the replay pages through.
pub fn pip_turn(turn: &Turn, strength: Strength, lang: impl Into<Wording>) -> Paragraph {
    let lang: Wording = lang.into();
    let mut lines = match turn.reason {
        Some(reason) => pip_reasoning(turn.action, reason, &turn.steps, strength, lang),
        None => Vec::new(),
    };
    lines.push(pip_answered(turn, lang));
    info(lines)
}

/// Pip's question on its waiting move (by hand).
pub fn pip_question(action: Action, lang: impl Into<Wording>) -> String {
    let lang: Wording = lang.into();
    let c = cell_name(action.cell(), lang);
    match action {
        Action::Place { digit: d, .. } => say!(
            lang,
            "Is {d} right in {c}? Answer right or wrong.",
            "{d} en {c}, c'est juste ? Réponds juste ou faux."
        ),
        Action::Joker { .. } => say!(
            lang,
            "What is the value of {c} in your secret grid?",
            "Que vaut {c} dans ta grille secrète ?"
        ),
    }
}

/// Pip's reply to the player's move.
pub fn player_move(turn: &Turn, lang: impl Into<Wording>) -> Line {
    answer_line(turn, Side::Player, lang.into())
}

/// The answer to a move of `mover`'s: a right value, a wrong one (a
/// penalty point for the mover) or a joker's value (a penalty point too).
fn answer_line(turn: &Turn, mover: Side, lang: Wording) -> Line {
    let cell = turn.action.cell();
    let c = cell_name(cell, lang);
    let pip = mover == Side::Pip;
    match (turn.action, turn.answer) {
        (Action::Place { digit: d, .. }, Answer::Right) => line(
            say!(lang, "Right: {d} in {c}.", "Juste : {d} en {c}."),
            placed(cell, d),
        ),
        (Action::Place { digit: d, .. }, _) if pip => line(
            say!(
                lang,
                "Wrong: {c} is not {d}. A penalty point for me.",
                "Faux : {c} ne vaut pas {d}. Un point de pénalité pour moi."
            ),
            at(cell),
        ),
        (Action::Place { digit: d, .. }, _) => line(
            say!(
                lang,
                "No, {c} is not {d}. A penalty point for you.",
                "Non, {c} ne vaut pas {d}. Un point de pénalité pour toi."
            ),
            at(cell),
        ),
        (Action::Joker { .. }, Answer::Value(v)) if pip => line(
            say!(
                lang,
                "{c} is {v}, thank you. A penalty point for me.",
                "{c} vaut {v}, merci. Un point de pénalité pour moi."
            ),
            placed(cell, v),
        ),
        (Action::Joker { .. }, Answer::Value(v)) => line(
            say!(
                lang,
                "Joker: {c} is {v}. A penalty point for you.",
                "Joker : {c} vaut {v}. Un point de pénalité pour toi."
            ),
            placed(cell, v),
        ),
        (Action::Joker { .. }, _) => plain(String::new()),
    }
}

/// Pip's moves of a finished duel, one paragraph each, for the replay.
pub fn replay(turns: &[Turn], strength: Strength, lang: impl Into<Wording>) -> Vec<Paragraph> {
    let lang: Wording = lang.into();
    let pip_turns: Vec<&Turn> = turns.iter().filter(|t| t.side == Side::Pip).collect();
    let n = pip_turns.len();
    pip_turns
        .into_iter()
        .enumerate()
        .map(|(i, turn)| {
            let mut p = pip_turn(turn, strength, lang);
            let k = i + 1;
            p.lines.insert(
                0,
                plain(say!(lang, "My move {k} of {n}:", "Mon coup {k} sur {n} :")),
            );
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::{Answering, Duel, Setup, Tally};
    use crate::logic::Level;

    #[test]
    fn pip_tells_a_naked_single_in_one_line() {
        let mut duel = Duel::new(Setup::dealt(
            Strength::Beginner,
            Answering::Honest,
            Level::Easy,
            Some(1),
            3,
        ))
        .unwrap();
        let hole = Cell::ALL
            .into_iter()
            .find(|&c| duel.camp(Side::Player).filling.get(c) == 0)
            .unwrap();
        duel.play(Action::Joker { cell: hole }).unwrap();
        let turn = duel.pip_turn().unwrap().unwrap().clone();
        let Action::Place { cell, digit } = turn.action else {
            panic!("one hole: a forced value")
        };
        let p = pip_turn(&turn, Strength::Beginner, Lang::En);
        let first = &p.lines[0].text;
        let name = cell_name(cell, Lang::En.into());
        assert!(
            first == &format!("I put {digit} in {name}: nothing else fits in that cell.")
                || first.starts_with(&format!("I put {digit} in {name}: it is the last hole")),
            "{first}"
        );
        assert_eq!(p.lines[1].text, format!("Right: {digit} in {name}."));
        let fr = pip_turn(&turn, Strength::Beginner, Lang::Fr);
        let nom = cell_name(cell, Lang::Fr.into());
        assert!(fr.lines[0]
            .text
            .starts_with(&format!("Je mets {digit} en {nom}")));
        // The player's notation reaches the duel's words: "r7c6" in compact.
        let compact = pip_turn(
            &turn,
            Strength::Beginner,
            Wording::new(Lang::En, crate::hint::Notation::Compact),
        );
        assert!(compact.lines[0]
            .text
            .starts_with(&format!("I put {digit} in {cell}:")));
    }

    #[test]
    fn points_read_as_players_say_them() {
        assert_eq!(points(0.5, Lang::En), "half a point");
        assert_eq!(points(1.0, Lang::En), "1 point");
        assert_eq!(points(1.5, Lang::Fr), "1,5 points");
        let t = Tally {
            wrong: 2,
            jokers: 1,
            moves: 9,
        };
        assert_eq!(
            tally_text(&t, Lang::En),
            "3 penalty points (2 wrong values and 1 joker)"
        );
        assert_eq!(
            tally_text(&Tally::default(), Lang::Fr),
            "0 point de pénalité (0 valeur fausse et 0 joker)"
        );
    }
}
