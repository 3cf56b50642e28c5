//! Pip's words for Sue de Coq.

use super::words::{cells, de, digits, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

pub(super) const WORDS: &[TechniqueWords] = &[TechniqueWords {
    technique: Technique::SueDeCoq,
    name_fr: "Sue de Coq",
    rule_en: "Cells where a box and a line cross, with cells of the line and of the box that share no digit: together they hold as many digits as cells, so each digit is placed once among them and leaves the rest of its line or box.",
    rule_fr: "Des cases au croisement d'un bloc et d'une ligne, avec des cases de la ligne et du bloc sans chiffre commun : ensemble elles ont autant de chiffres que de cases, donc chaque chiffre y est placé une fois et quitte le reste de sa ligne ou de son bloc.",
}];

/// The cells of a Sue de Coq: the crossing, then the line's and the box's.
pub(super) struct SueDeCoqCells<'a> {
    pub line: Unit,
    pub box_unit: Unit,
    pub cells: &'a [Cell],
    pub digits: &'a [u8],
    pub line_cells: &'a [Cell],
    pub line_digits: &'a [u8],
    pub box_cells: &'a [Cell],
    pub box_digits: &'a [u8],
}

pub(super) fn sue_de_coq(h: &Highlights, x: &SueDeCoqCells, lang: Wording) -> Vec<Line> {
    let (ln, bn) = (unit_name(x.line, lang), unit_name(x.box_unit, lang));
    // French: "de la ligne 6 et du bloc 4".
    let (dln, dbn) = (de(&ln), de(&bn));
    let (cl, cd) = (cells(x.cells, lang), digits(x.digits, lang));
    let (ll, ld) = (cells(x.line_cells, lang), digits(x.line_digits, lang));
    let (bl, bd) = (cells(x.box_cells, lang), digits(x.box_digits, lang));
    let n = x.cells.len() + x.line_cells.len() + x.box_cells.len();
    let inner: Vec<u8> = x
        .digits
        .iter()
        .copied()
        .filter(|d| !x.line_digits.contains(d) && !x.box_digits.contains(d))
        .collect();
    let mut out = vec![
        shown(
            say!(lang, "Where {ln} crosses {bn}, {cl} hold {cd}.", "Au croisement {dln} et {dbn}, {cl} contiennent {cd}."),
            x.cells.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![x.line, x.box_unit],
        ),
        shown(
            say!(lang, "Elsewhere in {ln}, {ll} hold only {ld}; elsewhere in {bn}, {bl} hold only {bd}, none of the digits of {ll}.", "Ailleurs dans {ln}, {ll} ne contiennent que {ld} ; ailleurs dans {bn}, {bl} ne contiennent que {bd}, aucun des chiffres de {ll}."),
            x.line_cells.iter().chain(x.box_cells).copied().collect(),
            vec![],
            h.secondary.clone(),
            vec![x.line, x.box_unit],
        ),
        shown(
            say!(lang, "These {n} cells hold {n} digits between them, and no digit can appear twice among them: each digit is placed exactly once.", "Ces {n} cases contiennent {n} chiffres en tout, et aucun chiffre ne peut y apparaître deux fois : chaque chiffre y est placé exactement une fois."),
            h.cells.clone(),
            h.candidates.clone(),
            h.secondary.clone(),
            vec![],
        ),
        shown(
            say!(lang, "So {ld} stay in {ln} and leave the rest of it; {bd} stay in {bn} and leave the rest of it.", "Donc {ld} restent dans {ln} et quittent le reste de cette unité ; {bd} restent dans {bn} et quittent le reste de ce bloc."),
            h.cells.clone(),
            h.candidates.clone(),
            h.secondary.clone(),
            vec![x.line, x.box_unit],
        ),
    ];
    if !inner.is_empty() {
        let il = digits(&inner, lang);
        out.push(shown(
            say!(lang, "And {il}, in neither side group, must be in {cl}: it leaves both {ln} and {bn}.", "Et {il}, dans aucun des deux groupes, doit être dans {cl} : il quitte à la fois {ln} et {bn}."),
            x.cells.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![x.line, x.box_unit],
        ));
    }
    out
}
