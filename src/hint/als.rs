//! Pip's words for ALS-XZ.

use super::words::{cells, digits, TechniqueWords};
use super::{shown, Line, Wording};
use crate::logic::{AlsSet, Highlights, Technique};

pub(super) const WORDS: &[TechniqueWords] = &[TechniqueWords {
    technique: Technique::AlsXz,
    name_fr: "ALS-XZ",
    rule_en: "Two almost locked sets sharing a restricted digit x: one of them is locked on z, so cells seeing every z of both lose z.",
    rule_fr: "Deux ensembles presque bloqués partageant un chiffre restreint x : l'un d'eux est bloqué sur z, donc les cases qui voient tous les z des deux perdent z.",
}];

/// Sets `a` and `b` share the restricted digit `x`; one of them holds each
/// of the digits `z`.
pub(super) fn als_xz(
    h: &Highlights,
    x: u8,
    z: &[u8],
    [a, b]: &[AlsSet; 2],
    lang: Wording,
) -> Vec<Line> {
    let (al, bl) = (cells(&a.cells, lang), cells(&b.cells, lang));
    let (ad, bd) = (digits(&a.digits, lang), digits(&b.digits, lang));
    let (na, nb) = (a.cells.len(), b.cells.len());
    let z = digits(z, lang);
    let set_a = if na == 1 {
        say!(
            lang,
            "Set A: the cell {al} holds only {ad}, one digit more than cells.",
            "Ensemble A : la case {al} ne contient que {ad}, un chiffre de plus que de cases."
        )
    } else {
        say!(lang, "Set A: the {na} cells {al} hold only {ad}, one digit more than cells.", "Ensemble A : les {na} cases {al} ne contiennent que {ad}, un chiffre de plus que de cases.")
    };
    let set_b = if nb == 1 {
        say!(
            lang,
            "Set B: the cell {bl} holds only {bd}.",
            "Ensemble B : la case {bl} ne contient que {bd}."
        )
    } else {
        say!(
            lang,
            "Set B: the {nb} cells {bl} hold only {bd}.",
            "Ensemble B : les {nb} cases {bl} ne contiennent que {bd}."
        )
    };
    vec![
        shown(set_a, a.cells.clone(), h.candidates.clone(), vec![], vec![a.unit]),
        shown(set_b, b.cells.clone(), vec![], h.secondary.clone(), vec![b.unit]),
        shown(
            say!(lang, "Every {x} of A sees every {x} of B, so at most one set holds {x}; the other one is then locked and must hold all its other digits.", "Chaque {x} de A voit chaque {x} de B : au plus un ensemble contient {x}, l'autre est alors bloqué et doit contenir tous ses autres chiffres."),
            h.cells.clone(),
            h.candidates.clone(),
            h.secondary.clone(),
            h.units.clone(),
        ),
        shown(
            say!(lang, "Either way, A or B holds {z}: cells that see every {z} of both sets cannot.", "Dans tous les cas, A ou B contient {z} : les cases qui voient tous les {z} des deux ensembles ne le peuvent pas."),
            h.cells.clone(),
            h.candidates.clone(),
            h.secondary.clone(),
            vec![],
        ),
    ]
}
