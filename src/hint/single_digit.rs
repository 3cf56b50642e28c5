//! Pip's words for the single-digit patterns: Skyscraper, 2-String Kite,
//! Turbot Fish (told as their chain), Empty Rectangle, Simple Colouring.

use super::chains::link_line;
use super::words::{cell, unit_name, TechniqueWords};
use super::{cand_cells, shown, Line, Wording};
use crate::logic::{EmptyRectangle, Highlights, Link, Technique};

const TURBOT_EN: &str = "Two strong links on one digit joined by a weak one: one far end holds the digit, so cells seeing both ends lose it.";
const TURBOT_FR: &str = "Deux liens forts sur un chiffre reliés par un lien faible : l'un des bouts porte le chiffre, donc les cases qui voient les deux bouts le perdent.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::Skyscraper,
        name_fr: "Gratte-ciel",
        rule_en: TURBOT_EN,
        rule_fr: TURBOT_FR,
    },
    TechniqueWords {
        technique: Technique::TwoStringKite,
        name_fr: "Cerf-volant",
        rule_en: TURBOT_EN,
        rule_fr: TURBOT_FR,
    },
    TechniqueWords {
        technique: Technique::TurbotFish,
        name_fr: "Turbot",
        rule_en: TURBOT_EN,
        rule_fr: TURBOT_FR,
    },
    TechniqueWords {
        technique: Technique::EmptyRectangle,
        name_fr: "Rectangle vide",
        rule_en: "A box whose candidates for a digit form a cross works with a strong link outside it: one of two ends holds the digit.",
        rule_fr: "Un bloc dont les candidats d'un chiffre forment une croix agit avec un lien fort hors du bloc : l'un des deux bouts porte le chiffre.",
    },
    TechniqueWords {
        technique: Technique::SimpleColoring,
        name_fr: "Coloriage simple",
        rule_en: "Colour a digit's strong links in two colours: one colour is true, so a colour that clashes is false, and cells seeing both colours lose the digit.",
        rule_fr: "Colorie les liens forts d'un chiffre en deux couleurs : une couleur est vraie, donc une couleur en conflit est fausse, et les cases qui voient les deux couleurs perdent le chiffre.",
    },
];

pub(super) fn empty_rectangle(h: &Highlights, er: &EmptyRectangle, lang: Wording) -> Vec<Line> {
    let d = er.digit;
    let b = unit_name(er.box_unit, lang);
    let (r, c) = (unit_name(er.row, lang), unit_name(er.col, lang));
    let l = unit_name(er.link, lang);
    let (t, p, q) = (er.target, cell(er.near, lang), cell(er.far, lang));
    let tn = cell(t, lang);
    vec![
        shown(
            say!(
                lang,
                "In {b}, {d} lies only in {r} and {c}: the box's {d} is on one of those lines.",
                "Dans {b}, {d} n'est que sur {r} et {c} : le {d} du bloc est sur l'une de ces lignes."
            ),
            vec![],
            vec![],
            h.secondary.clone(),
            vec![er.box_unit],
        ),
        shown(
            say!(
                lang,
                "In {l}, {d} can only go in {p} or {q}.",
                "Dans {l}, {d} ne peut aller qu'en {p} ou {q}."
            ),
            vec![],
            h.candidates.clone(),
            vec![],
            vec![er.link],
        ),
        shown(
            say!(
                lang,
                "If {tn} were {d}, {q} would not be, so {p} would be; then {b} would have no room left for {d}.",
                "Si {tn} valait {d}, {q} ne le serait pas, donc {p} le serait ; alors {b} n'aurait plus de place pour {d}."
            ),
            vec![t],
            h.candidates.clone(),
            h.secondary.clone(),
            vec![er.box_unit],
        ),
    ]
}

/// The colouring of `d` along `links`; with `wrap`, one colour sees itself.
pub(super) fn coloring<'a>(
    h: &Highlights,
    d: u8,
    links: impl Iterator<Item = &'a Link>,
    wrap: bool,
    lang: Wording,
) -> Vec<Line> {
    let mut out = vec![shown(
        say!(
            lang,
            "Follow the strong links of {d}: each pair has exactly one true end, so colour them in two colours; one colour is all true.",
            "Suis les liens forts du {d} : chaque paire a exactement un bout vrai, colorie-les en deux couleurs ; une couleur est entièrement vraie."
        ),
        vec![],
        h.candidates.clone(),
        h.secondary.clone(),
        vec![],
    )];
    out.extend(links.map(|l| link_line(l, lang, true)));
    out.push(if wrap {
        shown(
            say!(
                lang,
                "Two cells of one colour see each other, so that colour cannot be true.",
                "Deux cases d'une même couleur se voient, donc cette couleur est fausse."
            ),
            vec![],
            h.candidates.clone(),
            h.secondary.clone(),
            vec![],
        )
    } else {
        shown(
            say!(
                lang,
                "The highlighted cells see both colours, so they cannot hold {d}.",
                "Les cases en évidence voient les deux couleurs, donc elles ne peuvent pas contenir {d}."
            ),
            cand_cells(&h.deleted),
            h.candidates.clone(),
            h.secondary.clone(),
            vec![],
        )
    });
    out
}
