//! Pip's words for almost locked sets: ALS-XZ, ALS-XY-Wing and longer
//! chains of sets, Death Blossom.

use super::words::{cell, cells, digits, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::Cell;
use crate::logic::{AlsSet, Highlights, Petal, Technique};

const ALS_CHAIN_EN: &str = "Almost locked sets in a row, each sharing a restricted digit with the next: if the first set lacks z, each set in turn is locked and the last one holds z, so cells seeing every z of the first and last sets lose z.";
const ALS_CHAIN_FR: &str = "Des ensembles presque bloqués à la suite, chacun partageant un chiffre restreint avec le suivant : si le premier n'a pas z, chacun à son tour est bloqué et le dernier contient z, donc les cases qui voient tous les z du premier et du dernier perdent z.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::AlsXz,
        name_fr: "ALS-XZ",
        rule_en: "Two almost locked sets sharing a restricted digit x: one of them is locked on z, so cells seeing every z of both lose z.",
        rule_fr: "Deux ensembles presque bloqués partageant un chiffre restreint x : l'un d'eux est bloqué sur z, donc les cases qui voient tous les z des deux perdent z.",
    },
    TechniqueWords {
        technique: Technique::AlsXyWing,
        name_fr: "ALS-XY-Wing",
        rule_en: ALS_CHAIN_EN,
        rule_fr: ALS_CHAIN_FR,
    },
    TechniqueWords {
        technique: Technique::AlsChain,
        name_fr: "Chaîne d'ensembles presque bloqués",
        rule_en: ALS_CHAIN_EN,
        rule_fr: ALS_CHAIN_FR,
    },
    TechniqueWords {
        technique: Technique::DeathBlossom,
        name_fr: "Death Blossom",
        rule_en: "Each candidate of a stem cell sees all its places in one almost locked set (a petal): whichever digit the stem takes, its petal is locked on the others, so a digit z of every petal is in one of them.",
        rule_fr: "Chaque candidat d'une case tige voit toutes ses places dans un ensemble presque bloqué (un pétale) : quel que soit le chiffre de la tige, son pétale est bloqué sur les autres, donc un chiffre z de tous les pétales est dans l'un d'eux.",
    },
];

/// "Set A: the 2 cells r1c1 and r1c2 hold only 1, 2 and 3, one digit
/// more than cells."
fn set_line(name: char, set: &AlsSet, lang: Wording) -> String {
    let (list, ds, n) = (
        cells(&set.cells, lang),
        digits(&set.digits, lang),
        set.cells.len(),
    );
    if n == 1 {
        say!(
            lang,
            "Set {name}: the cell {list} holds only {ds}, one digit more than cells.",
            "Ensemble {name} : la case {list} ne contient que {ds}, un chiffre de plus que de cases."
        )
    } else {
        say!(
            lang,
            "Set {name}: the {n} cells {list} hold only {ds}, one digit more than cells.",
            "Ensemble {name} : les {n} cases {list} ne contiennent que {ds}, un chiffre de plus que de cases."
        )
    }
}

/// The letter of the `i`-th set.
fn letter(i: usize) -> char {
    (b'A' + (i % 26) as u8) as char
}

/// Sets `a` and `b` share the restricted digit `x` (and `second_x` when
/// doubly linked); one of them holds each of the digits `z`.
pub(super) fn als_xz(
    h: &Highlights,
    x: u8,
    z: &[u8],
    second_x: Option<u8>,
    [a, b]: &[AlsSet; 2],
    lang: Wording,
) -> Vec<Line> {
    let z = digits(z, lang);
    let mut out = vec![
        shown(
            set_line('A', a, lang),
            a.cells.clone(),
            h.candidates.clone(),
            vec![],
            vec![a.unit],
        ),
        shown(
            set_line('B', b, lang),
            b.cells.clone(),
            vec![],
            h.secondary.clone(),
            vec![b.unit],
        ),
    ];
    let (all_cells, cands, second, units) = (
        h.cells.clone(),
        h.candidates.clone(),
        h.secondary.clone(),
        h.units.clone(),
    );
    if let Some(x2) = second_x {
        out.push(shown(
            say!(lang, "Every {x} of A sees every {x} of B, and every {x2} of A every {x2} of B: at most one set holds {x}, at most one holds {x2}.", "Chaque {x} de A voit chaque {x} de B, et chaque {x2} de A chaque {x2} de B : au plus un ensemble contient {x}, au plus un contient {x2}."),
            all_cells.clone(),
            cands.clone(),
            second.clone(),
            units,
        ));
        out.push(shown(
            say!(lang, "A set can lose only one digit, so one loses {x}, the other {x2}, and each is locked on all its other digits: {x} and {x2} are each in one of the sets, and every other digit ({z}) is in its set. Cells that see all of a digit's places there cannot hold it.", "Un ensemble ne peut perdre qu'un chiffre : l'un perd {x}, l'autre {x2}, et chacun est bloqué sur tous ses autres chiffres. {x} et {x2} sont chacun dans l'un des ensembles, et chaque autre chiffre ({z}) est dans son ensemble. Les cases qui voient toutes les places d'un de ces chiffres ne peuvent pas le contenir."),
            all_cells,
            cands,
            second,
            vec![],
        ));
        return out;
    }
    out.push(shown(
        say!(lang, "Every {x} of A sees every {x} of B, so at most one set holds {x}; the other one is then locked and must hold all its other digits.", "Chaque {x} de A voit chaque {x} de B : au plus un ensemble contient {x}, l'autre est alors bloqué et doit contenir tous ses autres chiffres."),
        all_cells.clone(),
        cands.clone(),
        second.clone(),
        units,
    ));
    out.push(shown(
        say!(lang, "Either way, A or B holds {z}: cells that see every {z} of both sets cannot.", "Dans tous les cas, A ou B contient {z} : les cases qui voient tous les {z} des deux ensembles ne le peuvent pas."),
        all_cells,
        cands,
        second,
        vec![],
    ));
    out
}

/// A chain of sets, each linked to the next by a restricted digit.
pub(super) fn als_chain(
    h: &Highlights,
    sets: &[AlsSet],
    restricted: &[u8],
    z: u8,
    lang: Wording,
) -> Vec<Line> {
    let mut out: Vec<Line> = sets
        .iter()
        .enumerate()
        .map(|(i, set)| {
            shown(
                set_line(letter(i), set, lang),
                set.cells.clone(),
                vec![],
                h.secondary.clone(),
                vec![set.unit],
            )
        })
        .collect();
    for (i, &x) in restricted.iter().enumerate() {
        let (a, b) = (letter(i), letter(i + 1));
        let next = restricted.get(i + 1).copied().unwrap_or(z);
        out.push(shown(
            say!(
                lang,
                "Every {x} of {a} sees every {x} of {b}: if {a} holds {x}, {b} does not, so {b} is locked on its other digits and holds {next}.",
                "Chaque {x} de {a} voit chaque {x} de {b} : si {a} contient {x}, {b} ne le contient pas, donc {b} est bloqué sur ses autres chiffres et contient {next}."
            ),
            vec![],
            h.candidates.clone(),
            vec![],
            vec![],
        ));
    }
    let (first, last) = (letter(0), letter(sets.len().saturating_sub(1)));
    let x0 = restricted.first().copied().unwrap_or(z);
    out.push(shown(
        say!(
            lang,
            "If {first} does not hold {z}, it is locked and holds {x0}, and the links above carry on to {last}, which then holds {z}. So {z} is in {first} or in {last}: cells that see every {z} of both cannot be {z}.",
            "Si {first} ne contient pas {z}, il est bloqué et contient {x0}, et les liens ci-dessus vont jusqu'à {last}, qui contient alors {z}. Donc {z} est dans {first} ou dans {last} : les cases qui voient tous les {z} des deux ne peuvent pas valoir {z}."
        ),
        h.cells.clone(),
        h.candidates.clone(),
        vec![],
        vec![],
    ));
    out
}

/// A stem cell, one petal per candidate, and the digit `z` they share.
pub(super) fn death_blossom(
    h: &Highlights,
    stem: Cell,
    petals: &[Petal],
    z: u8,
    lang: Wording,
) -> Vec<Line> {
    let sl = cell(stem, lang);
    let sd: Vec<u8> = h.candidates.iter().map(|c| c.digit).collect();
    let ds = digits(&sd, lang);
    let mut out = vec![shown(
        say!(
            lang,
            "The stem {sl} can only be {ds}.",
            "La tige {sl} ne peut valoir que {ds}."
        ),
        vec![stem],
        h.candidates.clone(),
        vec![],
        vec![],
    )];
    for (i, p) in petals.iter().enumerate() {
        let name = letter(i);
        let d = p.digit;
        out.push(shown(
            set_line(name, &p.set, lang),
            p.set.cells.clone(),
            vec![],
            h.secondary.clone(),
            vec![p.set.unit],
        ));
        out.push(shown(
            say!(
                lang,
                "If {sl} is {d}: every {d} of {name} sees it, so {name} loses {d}, is locked on its other digits and holds {z}.",
                "Si {sl} vaut {d} : chaque {d} de {name} la voit, donc {name} perd {d}, est bloqué sur ses autres chiffres et contient {z}."
            ),
            p.set.cells.clone(),
            h.candidates.clone(),
            vec![],
            vec![],
        ));
    }
    let extra = if sd.contains(&z) {
        say!(
            lang,
            " (and if {sl} is {z} itself, they see it)",
            " (et si {sl} vaut {z} elle-même, elles la voient)"
        )
    } else {
        String::new()
    };
    out.push(shown(
        say!(
            lang,
            "Whichever digit {sl} takes, {z} is in one of the petals{extra}: cells that see every {z} of all the petals cannot be {z}.",
            "Quel que soit le chiffre de {sl}, {z} est dans l'un des pétales{extra} : les cases qui voient tous les {z} de tous les pétales ne peuvent pas valoir {z}."
        ),
        h.cells.clone(),
        h.candidates.clone(),
        h.secondary.clone(),
        vec![],
    ));
    out
}
