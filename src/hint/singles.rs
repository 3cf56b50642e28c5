//! Pip's words for full house, hidden single and naked single.

use super::words::{cell, cells, de, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::FullHouse,
        name_fr: "Dernière case",
        rule_en: "When a unit has one empty cell left, it takes the one missing digit.",
        rule_fr: "Quand une unité n'a plus qu'une case vide, elle prend le seul chiffre manquant.",
    },
    TechniqueWords {
        technique: Technique::HiddenSingle,
        name_fr: "Singleton caché",
        rule_en: "When a digit fits in only one cell of a unit, it goes there.",
        rule_fr: "Quand un chiffre ne tient que dans une case d'une unité, il va là.",
    },
    TechniqueWords {
        technique: Technique::NakedSingle,
        name_fr: "Singleton nu",
        rule_en: "When a cell has only one candidate left, that digit goes there.",
        rule_fr: "Quand une case n'a plus qu'un candidat, ce chiffre va là.",
    },
];

pub(super) fn full_house(h: &Highlights, unit: Unit, c: Cell, d: u8, lang: Wording) -> Vec<Line> {
    let (u, name) = (unit_name(unit, lang), cell(c, lang));
    vec![shown(
        say!(
            lang,
            "{u} has only one empty cell left: {name}. The one digit it is missing is {d}.",
            "{u} n'a plus qu'une case vide : {name}. Le seul chiffre qui lui manque est {d}."
        ),
        h.cells.clone(),
        vec![],
        vec![],
        vec![unit],
    )]
}

pub(super) fn hidden_single(
    unit: Unit,
    c: Cell,
    d: u8,
    blockers: &[Cell],
    lang: Wording,
) -> Vec<Line> {
    let (u, bl, name) = (unit_name(unit, lang), cells(blockers, lang), cell(c, lang));
    let de_u = de(&u);
    vec![
        shown(
            // one digit placed, or several: "The 7 in ... rules out"
            if blockers.len() == 1 {
                say!(
                    lang,
                    "The {d} in {bl} rules out every other cell of {u}.",
                    "Le {d} en {bl} exclut toutes les autres cases {de_u}."
                )
            } else {
                say!(
                    lang,
                    "The {d}s in {bl} rule out every other cell of {u}.",
                    "Les {d} en {bl} excluent toutes les autres cases {de_u}."
                )
            },
            blockers.to_vec(),
            vec![],
            vec![],
            vec![unit],
        ),
        shown(
            say!(
                lang,
                "So in {u}, {d} fits only in {name}.",
                "Donc dans {u}, {d} ne peut aller qu'en {name}."
            ),
            vec![c],
            vec![],
            vec![],
            vec![unit],
        ),
    ]
}

pub(super) fn naked_single(h: &Highlights, c: Cell, d: u8, lang: Wording) -> Vec<Line> {
    let name = cell(c, lang);
    vec![shown(
        say!(
            lang,
            "{name} sees every digit except {d} in its row, column and box.",
            "{name} voit tous les chiffres sauf {d} dans sa ligne, sa colonne et son bloc."
        ),
        vec![c],
        h.candidates.clone(),
        vec![],
        h.units.clone(),
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::{Lang, Notation};

    #[test]
    fn one_blocker_is_singular_several_are_plural() {
        let unit = Unit::Box(6);
        let target = Cell::new(6, 1);
        let en = Wording::new(Lang::En, Notation::Plain);
        let one = hidden_single(unit, target, 7, &[Cell::new(1, 2)], en);
        assert_eq!(
            one[0].text,
            "The 7 in row 2, column 3 rules out every other cell of box 7."
        );
        let fr = Wording::new(Lang::Fr, Notation::Plain);
        let one = hidden_single(unit, target, 7, &[Cell::new(1, 2)], fr);
        assert!(
            one[0].text.starts_with("Le 7 en ligne 2, colonne 3 exclut"),
            "{}",
            one[0].text
        );
        let two = [Cell::new(1, 2), Cell::new(7, 4)];
        let many = hidden_single(unit, target, 7, &two, en);
        assert!(many[0].text.starts_with("The 7s in "), "{}", many[0].text);
        assert!(many[0].text.contains(" rule out "), "{}", many[0].text);
    }
}
