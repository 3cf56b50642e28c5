//! Pip's words for naked and hidden pairs, triples and quads.

use super::words::{cells, de, digits, unit_name, units, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

const NAKED_EN: &str = "When N cells of a unit hold only N digits between them, those digits leave the other cells of the unit.";
const NAKED_FR: &str = "Quand N cases d'une unité n'ont que N chiffres à elles toutes, ces chiffres quittent les autres cases de l'unité.";
const HIDDEN_EN: &str =
    "When N digits of a unit fit only in the same N cells, those cells keep only these digits.";
const HIDDEN_FR: &str = "Quand N chiffres d'une unité ne tiennent que dans les mêmes N cases, ces cases ne gardent que ces chiffres.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::NakedPair,
        name_fr: "Paire nue",
        rule_en: NAKED_EN,
        rule_fr: NAKED_FR,
    },
    TechniqueWords {
        technique: Technique::NakedTriple,
        name_fr: "Triplet nu",
        rule_en: NAKED_EN,
        rule_fr: NAKED_FR,
    },
    TechniqueWords {
        technique: Technique::NakedQuad,
        name_fr: "Quadruplet nu",
        rule_en: NAKED_EN,
        rule_fr: NAKED_FR,
    },
    TechniqueWords {
        technique: Technique::HiddenPair,
        name_fr: "Paire cachée",
        rule_en: HIDDEN_EN,
        rule_fr: HIDDEN_FR,
    },
    TechniqueWords {
        technique: Technique::HiddenTriple,
        name_fr: "Triplet caché",
        rule_en: HIDDEN_EN,
        rule_fr: HIDDEN_FR,
    },
    TechniqueWords {
        technique: Technique::HiddenQuad,
        name_fr: "Quadruplet caché",
        rule_en: HIDDEN_EN,
        rule_fr: HIDDEN_FR,
    },
];

pub(super) fn naked(
    h: &Highlights,
    subset: &[Cell],
    ds: &[u8],
    us: &[Unit],
    lang: Wording,
) -> Vec<Line> {
    let (cl, dl, ul) = (cells(subset, lang), digits(ds, lang), units(us, lang));
    let de_ul = de(&ul);
    let n = subset.len();
    vec![
        shown(
            say!(
                lang,
                "The {n} cells {cl} can only hold {dl} between them.",
                "Les {n} cases {cl} ne peuvent contenir que {dl} à elles toutes."
            ),
            subset.to_vec(),
            h.candidates.clone(),
            vec![],
            us.to_vec(),
        ),
        shown(
            say!(
                lang,
                "They will use up {dl}, so no other cell of {ul} can take them.",
                "Elles vont prendre {dl}, donc aucune autre case {de_ul} ne peut les avoir."
            ),
            subset.to_vec(),
            h.candidates.clone(),
            vec![],
            us.to_vec(),
        ),
    ]
}

pub(super) fn hidden(
    h: &Highlights,
    subset: &[Cell],
    ds: &[u8],
    unit: Unit,
    lang: Wording,
) -> Vec<Line> {
    let (cl, dl, u) = (cells(subset, lang), digits(ds, lang), unit_name(unit, lang));
    vec![
        shown(
            say!(
                lang,
                "In {u}, the digits {dl} fit only in {cl}.",
                "Dans {u}, les chiffres {dl} ne vont qu'en {cl}."
            ),
            subset.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![unit],
        ),
        shown(
            say!(
                lang,
                "Those cells must hold exactly {dl}, so their other candidates go.",
                "Ces cases doivent contenir exactement {dl}, donc leurs autres candidats partent."
            ),
            subset.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![unit],
        ),
    ]
}
