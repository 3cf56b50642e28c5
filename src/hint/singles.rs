//! Pip's words for full house, hidden single and naked single.

use super::words::{cell, cells, de, digits, unit_name, TechniqueWords};
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

/// A hidden single: the placed copies of `d` (`blockers`) rule out the
/// unit's other cells, but for those (`noted`) whose candidates lost `d`
/// earlier (a step played, or the player's notes), which Pip names.
pub(super) fn hidden_single(
    unit: Unit,
    c: Cell,
    d: u8,
    (blockers, noted): (&[Cell], &[Cell]),
    lang: Wording,
) -> Vec<Line> {
    let (u, bl, name) = (unit_name(unit, lang), cells(blockers, lang), cell(c, lang));
    let de_u = de(&u);
    let gone = cells(noted, lang);
    let why = match (blockers.len(), noted.is_empty()) {
        (1, true) => say!(
            lang,
            "The {d} in {bl} rules out every other cell of {u}.",
            "Le {d} en {bl} exclut toutes les autres cases {de_u}."
        ),
        (_, true) => say!(
            lang,
            "The {d}s in {bl} rule out every other cell of {u}.",
            "Les {d} en {bl} excluent toutes les autres cases {de_u}."
        ),
        (0, false) => say!(
            lang,
            "In {u}, {d} is no longer a candidate in {gone}.",
            "Dans {u}, {d} n'est plus candidat en {gone}."
        ),
        (1, false) => say!(
            lang,
            "The {d} in {bl} rules out other cells of {u}, and {d} is no longer a candidate in {gone}.",
            "Le {d} en {bl} exclut d'autres cases {de_u}, et {d} n'est plus candidat en {gone}."
        ),
        (_, false) => say!(
            lang,
            "The {d}s in {bl} rule out other cells of {u}, and {d} is no longer a candidate in {gone}.",
            "Les {d} en {bl} excluent d'autres cases {de_u}, et {d} n'est plus candidat en {gone}."
        ),
    };
    let shown_cells = blockers.iter().chain(noted).copied().collect();
    vec![
        shown(why, shown_cells, vec![], vec![], vec![unit]),
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

/// A naked single: the cell sees every other digit placed, but for those
/// (`noted`) its candidates lost earlier, which Pip names.
pub(super) fn naked_single(
    h: &Highlights,
    c: Cell,
    d: u8,
    noted: &[u8],
    lang: Wording,
) -> Vec<Line> {
    let name = cell(c, lang);
    let gone = digits(noted, lang);
    let mut unseen = noted.to_vec();
    unseen.push(d);
    unseen.sort_unstable();
    let unseen = digits(&unseen, lang);
    let why = match noted.len() {
        0 => say!(
            lang,
            "{name} sees every digit except {d} in its row, column and box.",
            "{name} voit tous les chiffres sauf {d} dans sa ligne, sa colonne et son bloc."
        ),
        1 => say!(
            lang,
            "{name} sees every digit but {unseen} in its row, column and box; {gone} is no longer among its candidates, so only {d} is left.",
            "{name} voit tous les chiffres sauf {unseen} dans sa ligne, sa colonne et son bloc ; {gone} n'est plus parmi ses candidats, il ne reste donc que {d}."
        ),
        _ => say!(
            lang,
            "{name} sees every digit but {unseen} in its row, column and box; {gone} are no longer among its candidates, so only {d} is left.",
            "{name} voit tous les chiffres sauf {unseen} dans sa ligne, sa colonne et son bloc ; {gone} ne sont plus parmi ses candidats, il ne reste donc que {d}."
        ),
    };
    vec![shown(
        why,
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
        let one = hidden_single(unit, target, 7, (&[Cell::new(1, 2)], &[]), en);
        assert_eq!(
            one[0].text,
            "The 7 in row 2, column 3 rules out every other cell of box 7."
        );
        let fr = Wording::new(Lang::Fr, Notation::Plain);
        let one = hidden_single(unit, target, 7, (&[Cell::new(1, 2)], &[]), fr);
        assert!(
            one[0].text.starts_with("Le 7 en ligne 2, colonne 3 exclut"),
            "{}",
            one[0].text
        );
        let two = [Cell::new(1, 2), Cell::new(7, 4)];
        let many = hidden_single(unit, target, 7, (&two, &[]), en);
        assert!(many[0].text.starts_with("The 7s in "), "{}", many[0].text);
        assert!(many[0].text.contains(" rule out "), "{}", many[0].text);
    }

    /// A single that rests on candidates removed earlier says so, instead
    /// of claiming the placed digits alone rule the rest out.
    #[test]
    fn singles_name_the_candidates_removed_earlier() {
        let en = Wording::new(Lang::En, Notation::Plain);
        let (unit, target) = (Unit::Box(6), Cell::new(6, 1));
        let said = hidden_single(
            unit,
            target,
            7,
            (&[Cell::new(1, 2)], &[Cell::new(8, 2)]),
            en,
        );
        assert_eq!(
            said[0].text,
            "The 7 in row 2, column 3 rules out other cells of box 7, \
             and 7 is no longer a candidate in row 9, column 3."
        );
        assert_eq!(
            said[0].highlights.cells,
            vec![Cell::new(1, 2), Cell::new(8, 2)]
        );
        let said = hidden_single(unit, target, 7, (&[], &[Cell::new(8, 2)]), en);
        assert_eq!(
            said[0].text,
            "In box 7, 7 is no longer a candidate in row 9, column 3."
        );
        let h = Highlights::default();
        let said = naked_single(&h, target, 7, &[3, 5], en);
        assert_eq!(
            said[0].text,
            "Row 7, column 2 sees every digit but 3, 5 and 7 in its row, column and box; \
             3 and 5 are no longer among its candidates, so only 7 is left."
        );
        let fr = Wording::new(Lang::Fr, Notation::Plain);
        let said = naked_single(&h, target, 7, &[3], fr);
        assert!(
            said[0]
                .text
                .contains("3 n'est plus parmi ses candidats, il ne reste donc que 7"),
            "{}",
            said[0].text
        );
        let said = naked_single(&h, target, 7, &[], en);
        assert!(said[0]
            .text
            .ends_with("sees every digit except 7 in its row, column and box."));
    }
}
