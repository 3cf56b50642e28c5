//! Pip's words for XY-Wing, XYZ-Wing and W-Wing.

use super::words::{cell, unit_name, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::XyWing,
        name_fr: "XY-Wing",
        rule_en: "A pivot xy sees pincers xz and yz: one pincer must be z, so cells seeing both lose z.",
        rule_fr: "Un pivot xy voit des pinces xz et yz : l'une des pinces vaut z, donc les cases qui voient les deux perdent z.",
    },
    TechniqueWords {
        technique: Technique::XyzWing,
        name_fr: "XYZ-Wing",
        rule_en: "A pivot xyz sees pincers xz and yz: one of the three is z, so cells seeing all three lose z.",
        rule_fr: "Un pivot xyz voit des pinces xz et yz : l'une des trois vaut z, donc les cases qui voient les trois perdent z.",
    },
    TechniqueWords {
        technique: Technique::WWing,
        name_fr: "W-Wing",
        rule_en: "Two cells xy joined by a strong link on x: one of them is y, so cells seeing both lose y.",
        rule_fr: "Deux cases xy reliées par un lien fort sur x : l'une d'elles vaut y, donc les cases qui voient les deux perdent y.",
    },
];

/// A cell's candidates as players write them: "17".
fn written(mut ds: Vec<u8>) -> String {
    ds.sort_unstable();
    ds.iter().map(|d| d.to_string()).collect()
}

/// The pivot holds x and y (and z for an XYZ-Wing); the first pincer x
/// and z, the second y and z.
pub(super) fn xy_wing(
    h: &Highlights,
    pivot: Cell,
    [a, b]: [Cell; 2],
    (x, y, z): (u8, u8, u8),
    xyz: bool,
    lang: Wording,
) -> Vec<Line> {
    let pc = written(if xyz { vec![x, y, z] } else { vec![x, y] });
    let (ac, bc) = (written(vec![x, z]), written(vec![y, z]));
    let (pn, an, bn) = (cell(pivot, lang), cell(a, lang), cell(b, lang));
    let mut out = vec![shown(
        say!(
            lang,
            "The pivot {pn} can only be {pc}; it sees {an} ({ac}) and {bn} ({bc}).",
            "Le pivot {pn} ne peut valoir que {pc} ; il voit {an} ({ac}) et {bn} ({bc})."
        ),
        h.cells.clone(),
        h.candidates.clone(),
        h.secondary.clone(),
        vec![],
    )];
    out.push(if xyz {
        shown(
            say!(
                lang,
                "Whatever the pivot is, one of the three cells is {z}.",
                "Quelle que soit la valeur du pivot, l'une des trois cases vaut {z}."
            ),
            h.cells.clone(),
            vec![],
            h.secondary.clone(),
            vec![],
        )
    } else {
        shown(
            say!(
                lang,
                "Whatever the pivot is, it turns {an} or {bn} into {z}.",
                "Quelle que soit sa valeur, le pivot force {an} ou {bn} à valoir {z}."
            ),
            vec![a, b],
            vec![],
            h.secondary.clone(),
            vec![],
        )
    });
    out
}

/// `a` and `b` hold only x and y; the strong link on x from `p` (seeing
/// `a`) to `q` (seeing `b`) lies in `unit`.
pub(super) fn w_wing(
    h: &Highlights,
    [a, b]: [Cell; 2],
    [p, q]: [Cell; 2],
    unit: Unit,
    (x, y): (u8, u8),
    lang: Wording,
) -> Vec<Line> {
    let u = unit_name(unit, lang);
    let (an, bn) = (cell(a, lang), cell(b, lang));
    let (pn, qn) = (cell(p, lang), cell(q, lang));
    vec![
        shown(
            say!(
                lang,
                "{an} and {bn} can both only be {x} or {y}.",
                "{an} et {bn} ne peuvent valoir que {x} ou {y}."
            ),
            vec![a, b],
            h.candidates.clone(),
            vec![],
            vec![],
        ),
        shown(
            say!(
                lang,
                "In {u}, {x} goes in {pn} or {qn}; {pn} sees {an} and {qn} sees {bn}, so {an} and {bn} cannot both be {x}.",
                "Dans {u}, {x} va en {pn} ou {qn} ; {pn} voit {an} et {qn} voit {bn}, donc {an} et {bn} ne peuvent pas valoir {x} toutes les deux."
            ),
            vec![a, b, p, q],
            vec![],
            h.secondary.clone(),
            vec![unit],
        ),
        shown(
            say!(
                lang,
                "So one of {an} and {bn} is {y}.",
                "Donc l'une de {an} et {bn} vaut {y}."
            ),
            vec![a, b],
            h.candidates.clone(),
            vec![],
            vec![],
        ),
    ]
}
