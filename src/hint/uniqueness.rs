//! Pip's words for unique rectangles and BUG+1.

use super::words::{cell, cells, digits, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::Cell;
use crate::logic::{Highlights, RectangleKind, Technique};

const RECTANGLE_EN: &str = "Four cells in two rows, columns and boxes must not be left with the same two digits, or the puzzle would have two solutions.";
const RECTANGLE_FR: &str = "Quatre cases sur deux lignes, deux colonnes et deux blocs ne peuvent pas garder les deux mêmes chiffres, sinon il y aurait deux solutions.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::UniqueRectangle1,
        name_fr: "Rectangle unique type 1",
        rule_en: RECTANGLE_EN,
        rule_fr: RECTANGLE_FR,
    },
    TechniqueWords {
        technique: Technique::UniqueRectangle2,
        name_fr: "Rectangle unique type 2",
        rule_en: RECTANGLE_EN,
        rule_fr: RECTANGLE_FR,
    },
    TechniqueWords {
        technique: Technique::UniqueRectangle3,
        name_fr: "Rectangle unique type 3",
        rule_en: RECTANGLE_EN,
        rule_fr: RECTANGLE_FR,
    },
    TechniqueWords {
        technique: Technique::UniqueRectangle4,
        name_fr: "Rectangle unique type 4",
        rule_en: RECTANGLE_EN,
        rule_fr: RECTANGLE_FR,
    },
    TechniqueWords {
        technique: Technique::Bug1,
        name_fr: "BUG+1",
        rule_en: "If every cell but one had two candidates the puzzle would have two solutions, so the extra cell takes the digit that appears three times.",
        rule_fr: "Si toutes les cases sauf une avaient deux candidats, il y aurait deux solutions : la case en trop prend le chiffre qui apparaît trois fois.",
    },
];

/// `corners` hold `pair` (in types 1 and 4 a corner may have lost one of
/// its two digits); `extra` are the corners with more, and
/// `kind` says what follows from them.
pub(super) fn rectangle(
    h: &Highlights,
    corners: &[Cell; 4],
    pair: &[u8; 2],
    extra: &[Cell],
    kind: &RectangleKind,
    lang: Wording,
) -> Vec<Line> {
    let (rc, pair) = (cells(corners, lang), digits(pair, lang));
    let extra = cells(extra, lang);
    let because = match kind {
        RectangleKind::Type1 => say!(lang, "Only {extra} has other candidates, so it must take one of them.", "Seule {extra} a d'autres candidats, donc elle doit prendre l'un d'eux."),
        RectangleKind::Type2 { z } => say!(lang, "{extra} both carry the extra digit {z}, so one of them is {z}.", "{extra} portent toutes deux le chiffre en plus {z}, donc l'une d'elles vaut {z}."),
        RectangleKind::Type3 { .. } => say!(lang, "The extra digits of {extra} act like one more cell and lock a subset with the other highlighted cells.", "Les chiffres en plus de {extra} agissent comme une case de plus et forment un sous-ensemble avec les autres cases en évidence."),
        RectangleKind::Type4 { .. } => say!(lang, "One digit of the pair must go in {extra} (nowhere else in their unit), so the other digit cannot.", "L'un des deux chiffres doit aller en {extra} (nulle part ailleurs dans leur unité), donc l'autre ne peut pas."),
    };
    // Two candidates of the pair in each corner, unless a corner already
    // lost one of them (a type 1 or 4 with a missing candidate).
    let full = h.candidates.len() == 8;
    let first = if full {
        say!(
            lang,
            "{rc} form a rectangle over two boxes, all holding {pair}.",
            "{rc} forment un rectangle sur deux blocs, toutes avec {pair}."
        )
    } else {
        say!(
            lang,
            "{rc} form a rectangle over two boxes; apart from the other candidates of {extra}, they hold only {pair}, some having already lost one of the two.",
            "{rc} forment un rectangle sur deux blocs ; à part les autres candidats de {extra}, elles n'ont que {pair}, certaines ayant déjà perdu l'un des deux."
        )
    };
    vec![
        shown(
            first,
            corners.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![],
        ),
        shown(
            say!(
                lang,
                "If those four cells kept only {pair}, the two digits could swap and the puzzle would have two solutions.",
                "Si ces quatre cases ne gardaient que {pair}, on pourrait échanger les deux chiffres : le sudoku aurait deux solutions."
            ),
            corners.to_vec(),
            h.candidates.clone(),
            vec![],
            vec![],
        ),
        shown(
            because,
            h.cells.clone(),
            vec![],
            h.secondary.clone(),
            h.units.clone(),
        ),
    ]
}

pub(super) fn bug(h: &Highlights, c: Cell, d: u8, lang: Wording) -> Vec<Line> {
    let name = cell(c, lang);
    vec![
        shown(
            say!(
                lang,
                "Every empty cell except {name} has exactly two candidates.",
                "Toutes les cases vides sauf {name} ont exactement deux candidats."
            ),
            vec![c],
            vec![],
            vec![],
            vec![],
        ),
        shown(
            say!(
                lang,
                "Without {d} in {name}, each digit would appear twice in every unit: a pattern with two solutions. {d} appears three times in the units of {name}.",
                "Sans {d} en {name}, chaque chiffre apparaîtrait deux fois dans chaque unité : un motif à deux solutions. {d} apparaît trois fois dans les unités de {name}."
            ),
            vec![c],
            h.candidates.clone(),
            vec![],
            h.units.clone(),
        ),
    ]
}
