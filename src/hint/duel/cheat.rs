//! Pip's words when it catches the player lying in a duel answered by
//! hand: which rule of the document the answers break, in plain words,
//! with the cells involved highlighted.

use super::{cell_name, shared_unit};
use crate::duel::{Cheat, Clash};
use crate::grid::Cell;
use crate::hint::words::{cells, digits, technique_name, unit_name};
use crate::hint::{line, Lang, Line, Wording};
use crate::logic::Highlights;

fn showing(cs: &[Cell]) -> Highlights {
    Highlights {
        cells: cs.to_vec(),
        ..Highlights::default()
    }
}

fn wrong_at(c: Cell) -> Highlights {
    Highlights {
        wrong: vec![c],
        ..Highlights::default()
    }
}

/// The lines that explain `cheat`.
pub fn cheat(cheat: &Cheat, lang: impl Into<Wording>) -> Vec<Line> {
    let lang: Wording = lang.into();
    let mut lines = Vec::new();
    match cheat {
        Cheat::RepeatedDigit {
            digit,
            cells: cs,
            revealed,
        } => {
            let u = match cs.as_slice() {
                [a, b, ..] => unit_name(shared_unit(*a, *b), lang),
                _ => String::new(),
            };
            let list = cells(cs, lang);
            lines.push(line(
                if *revealed {
                    say!(
                        lang,
                        "Your secret grid, revealed at the end, holds {digit} twice in {u}: {list}.",
                        "Ta grille secrète, révélée à la fin, contient deux fois le {digit} dans {u} : {list}."
                    )
                } else {
                    say!(
                        lang,
                        "The grid you handed me holds {digit} twice in {u}: {list}.",
                        "La grille que tu m'as donnée contient deux fois le {digit} dans {u} : {list}."
                    )
                },
                showing(cs),
            ));
            lines.push(line(
                say!(
                    lang,
                    "A secret grid can never repeat a digit in a row, a column or a box.",
                    "Une grille secrète ne peut jamais répéter un chiffre dans une ligne, une colonne ou un bloc."
                ),
                showing(cs),
            ));
        }
        Cheat::NoValueLeft {
            cell,
            refused,
            by_reasoning,
        } => {
            let c = cell_name(*cell, lang);
            if *by_reasoning {
                lines.push(line(
                    say!(
                        lang,
                        "Following only what your answers force, no value fits {c} any more.",
                        "En suivant seulement ce que tes réponses imposent, plus aucune valeur ne tient en {c}."
                    ),
                    wrong_at(*cell),
                ));
            } else if refused.is_empty() {
                lines.push(line(
                    say!(
                        lang,
                        "{c} has no possible value: its row, column and box already hold every digit from 1 to 9.",
                        "{c} n'a aucune valeur possible : sa ligne, sa colonne et son bloc contiennent déjà tous les chiffres de 1 à 9."
                    ),
                    wrong_at(*cell),
                ));
            } else {
                let taken = digits(&(!*refused).iter().collect::<Vec<_>>(), lang);
                let no = digits(&refused.iter().collect::<Vec<_>>(), lang);
                lines.push(line(
                    say!(
                        lang,
                        "{c} has no possible value left: you told me {no} were wrong there, and its row, column and box hold {taken}.",
                        "{c} n'a plus aucune valeur possible : tu m'as dit que {no} étaient faux là, et sa ligne, sa colonne et son bloc contiennent {taken}."
                    ),
                    wrong_at(*cell),
                ));
            }
            lines.push(plain_rule(lang.lang));
        }
        Cheat::ImpossibleAnswer {
            cell,
            digit: d,
            clash,
        } => {
            let c = cell_name(*cell, lang);
            let (text, shown) = match clash {
                Clash::Seen { seen } => {
                    let s = cell_name(*seen, lang);
                    let u = unit_name(shared_unit(*cell, *seen), lang);
                    (
                        say!(
                            lang,
                            "You told me {c} is {d}, but {d} is already in {u}, in {s}.",
                            "Tu m'as dit que {c} vaut {d}, mais le {d} est déjà dans {u}, en {s}."
                        ),
                        vec![*cell, *seen],
                    )
                }
                Clash::Refused => (
                    say!(
                        lang,
                        "You told me {c} is {d}, but earlier you said {d} was wrong there.",
                        "Tu m'as dit que {c} vaut {d}, mais tout à l'heure tu as dit que {d} y était faux."
                    ),
                    vec![*cell],
                ),
                Clash::RuledOut => (
                    say!(
                        lang,
                        "You told me {c} is {d}, but your earlier answers prove that {d} cannot go there.",
                        "Tu m'as dit que {c} vaut {d}, mais tes réponses précédentes prouvent que le {d} ne peut pas y aller."
                    ),
                    vec![*cell],
                ),
            };
            lines.push(line(text, showing(&shown)));
        }
        Cheat::ForcedDenied {
            cell,
            digit: d,
            technique,
        } => {
            let c = cell_name(*cell, lang);
            let t = technique_name(*technique, lang);
            lines.push(line(
                say!(
                    lang,
                    "You said {d} in {c} was wrong, but it is forced: {t} proves it from the values you confirmed.",
                    "Tu as dit que {d} en {c} était faux, mais il est forcé : {t} le prouve à partir des valeurs que tu as confirmées."
                ),
                wrong_at(*cell),
            ));
            lines.push(line(
                say!(
                    lang,
                    "A value forced by true answers is in every grid that fits them, your secret included.",
                    "Une valeur forcée par des réponses vraies est dans toute grille qui leur correspond, ta grille secrète comprise."
                ),
                Highlights::default(),
            ));
        }
        Cheat::AgainstSecret { cell, told, secret } => {
            let c = cell_name(*cell, lang);
            lines.push(line(
                say!(
                    lang,
                    "Your secret grid, revealed at the end, has {secret} in {c}, but your answers made it {told}.",
                    "Ta grille secrète, révélée à la fin, a {secret} en {c}, mais tes réponses en ont fait {told}."
                ),
                wrong_at(*cell),
            ));
        }
    }
    lines
}

/// Why a hole must keep a value: every valid secret has one.
fn plain_rule(lang: Lang) -> Line {
    line(
        say!(
            lang,
            "A true secret grid always has a value there: one of your answers was not true.",
            "Une vraie grille secrète a toujours une valeur là : une de tes réponses n'était pas vraie."
        ),
        Highlights::default(),
    )
}
