//! Pip points at the player's wrong entries before any technique.

use super::words::{cell, cells, TechniqueWords};
use super::{line, Paragraph, ParagraphKind, Wording};
use crate::grid::Cell;
use crate::logic::{Highlights, Technique, WrongEntry};

pub(super) const WORDS: &[TechniqueWords] = &[TechniqueWords {
    technique: Technique::WrongEntries,
    name_fr: "Chiffres erronés",
    rule_en: "A digit that differs from the solution must be erased before any logic can help.",
    rule_fr:
        "Un chiffre différent de la solution doit être effacé avant que la logique puisse aider.",
}];

/// Entries crossed out on the board, as Check shows them.
fn crossed(cs: &[Cell]) -> Highlights {
    Highlights {
        wrong: cs.to_vec(),
        ..Highlights::default()
    }
}

/// The wrong entries, one line each, without revealing the right digits.
pub(super) fn paragraph(wrong: &[WrongEntry], lang: Wording) -> Paragraph {
    let cs: Vec<Cell> = wrong.iter().map(|w| w.cell).collect();
    let list = cells(&cs, lang);
    let mut lines = vec![line(
        if cs.len() == 1 {
            say!(
                lang,
                "Oops, gently: one of your digits is not right. Look at {list}.",
                "Oups, doucement : un de tes chiffres n'est pas bon. Regarde {list}."
            )
        } else {
            say!(
                lang,
                "Oops, gently: some of your digits are not right. Look at {list}.",
                "Oups, doucement : certains de tes chiffres ne sont pas bons. Regarde {list}."
            )
        },
        crossed(&cs),
    )];
    for w in wrong {
        let (c, d) = (cell(w.cell, lang), w.digit);
        lines.push(line(
            say!(
                lang,
                "{c} holds {d}, but the solution has another digit there.",
                "{c} contient {d}, mais la solution a un autre chiffre ici."
            ),
            crossed(&[w.cell]),
        ));
    }
    lines.push(line(
        say!(
            lang,
            "Press Next or Apply to erase them; then I can help with the next step.",
            "Appuie sur Suivant ou Appliquer pour les effacer ; ensuite je pourrai t'aider."
        ),
        crossed(&cs),
    ));
    Paragraph {
        kind: ParagraphKind::WrongEntries,
        lines,
    }
}
