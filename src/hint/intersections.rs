//! Pip's words for locked candidates: pointing and claiming.

use super::words::{cells, de, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::Pointing,
        name_fr: "Candidats pointants",
        rule_en: "When a digit's candidates in a box all lie in one row or column, the digit leaves the rest of that line.",
        rule_fr: "Quand les candidats d'un chiffre dans un bloc sont tous sur une ligne ou colonne, le chiffre quitte le reste de cette ligne.",
    },
    TechniqueWords {
        technique: Technique::Claiming,
        name_fr: "Candidats réclamés",
        rule_en: "When a digit's candidates in a row or column all lie in one box, the digit leaves the rest of that box.",
        rule_fr: "Quand les candidats d'un chiffre dans une ligne ou colonne sont tous dans un bloc, le chiffre quitte le reste du bloc.",
    },
];

/// `d` lies only in `at` of `base`, all of which lie in `cover` too.
pub(super) fn locked(
    h: &Highlights,
    d: u8,
    base: Unit,
    cover: Unit,
    at: &[Cell],
    lang: Wording,
) -> Vec<Line> {
    let (from, to) = (unit_name(base, lang), unit_name(cover, lang));
    let (cl, de_to) = (cells(at, lang), de(&to));
    vec![
        shown(
            if at.len() == 2 {
                say!(
                    lang,
                    "In {from}, {d} can only go in {cl}, which both lie in {to}.",
                    "Dans {from}, {d} ne peut aller qu'en {cl}, qui sont toutes deux dans {to}."
                )
            } else {
                say!(
                    lang,
                    "In {from}, {d} can only go in {cl}, which all lie in {to}.",
                    "Dans {from}, {d} ne peut aller qu'en {cl}, qui sont toutes dans {to}."
                )
            },
            vec![],
            h.candidates.clone(),
            vec![],
            h.units.clone(),
        ),
        shown(
            say!(
                lang,
                "Whichever of them gets the {d}, it is the {d} of {to} too.",
                "Quelle que soit celle qui reçoit le {d}, c'est aussi le {d} {de_to}."
            ),
            vec![],
            h.candidates.clone(),
            vec![],
            vec![cover],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::{Lang, Notation};

    #[test]
    fn two_cells_both_lie_in_the_line_three_all_do() {
        let h = Highlights::default();
        let en = Wording::new(Lang::En, Notation::Plain);
        let two = [Cell::new(5, 3), Cell::new(5, 5)];
        let said = locked(&h, 2, Unit::Box(4), Unit::Row(5), &two, en);
        assert_eq!(
            said[0].text,
            "In box 5, 2 can only go in row 6, columns 4 and 6, which both lie in row 6."
        );
        let fr = Wording::new(Lang::Fr, Notation::Plain);
        let said = locked(&h, 2, Unit::Box(4), Unit::Row(5), &two, fr);
        assert!(
            said[0]
                .text
                .contains("qui sont toutes deux dans la ligne 6"),
            "{}",
            said[0].text
        );
        let three = [Cell::new(5, 3), Cell::new(5, 4), Cell::new(5, 5)];
        let said = locked(&h, 2, Unit::Box(4), Unit::Row(5), &three, en);
        assert!(
            said[0].text.ends_with("which all lie in row 6."),
            "{}",
            said[0].text
        );
    }
}
