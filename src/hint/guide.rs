//! Pip's words for the technique guide: its families of techniques (one
//! per family file of `hint`, ordered by the technique table), and each
//! family's title and two-line idea, in both languages.
//!
//! A family added to `words::FAMILIES` gets its page at once: until its
//! idea is written here, its title is its techniques' names and its idea
//! their rules.

use super::words::{technique_name, technique_rule, FAMILIES};
use super::Lang;
use crate::logic::Technique;

/// The families of techniques, easiest first (by their easiest technique's
/// place in [`Technique::ALL`]), each listing its techniques easiest first.
/// The wrong entries are no technique to learn and are left out.
pub fn families() -> Vec<Vec<Technique>> {
    let mut out: Vec<Vec<Technique>> = FAMILIES
        .iter()
        .map(|words| {
            let mut ts: Vec<Technique> = words.iter().map(|w| w.technique).collect();
            ts.sort();
            ts.retain(|&t| t != Technique::WrongEntries);
            ts
        })
        .filter(|ts| !ts.is_empty())
        .collect();
    out.sort_by_key(|ts| ts[0]);
    out
}

/// A family's title and idea, by its easiest technique.
struct Idea {
    first: Technique,
    title_en: &'static str,
    title_fr: &'static str,
    idea_en: [&'static str; 2],
    idea_fr: [&'static str; 2],
}

const IDEAS: &[Idea] = &[
    Idea {
        first: Technique::FullHouse,
        title_en: "Singles",
        title_fr: "Singletons",
        idea_en: [
            "Every row, column and box holds each digit exactly once.",
            "Where a digit has only one place left in a unit, or a cell only one digit left, it goes there.",
        ],
        idea_fr: [
            "Chaque ligne, colonne et bloc contient chaque chiffre exactement une fois.",
            "Là où un chiffre n'a plus qu'une place dans une unité, ou une case plus qu'un chiffre, il va là.",
        ],
    },
    Idea {
        first: Technique::Pointing,
        title_en: "Locked candidates",
        title_fr: "Candidats verrouillés",
        idea_en: [
            "Where a box crosses a row or a column, a digit whose places in one of them all lie in the crossing must go there.",
            "So it leaves the rest of the other one.",
        ],
        idea_fr: [
            "Là où un bloc croise une ligne ou une colonne, un chiffre dont toutes les places de l'un sont dans le croisement doit y aller.",
            "Il quitte donc le reste de l'autre.",
        ],
    },
    Idea {
        first: Technique::NakedPair,
        title_en: "Naked and hidden subsets",
        title_fr: "Sous-ensembles nus et cachés",
        idea_en: [
            "N cells of a unit that hold only N digits between them, or N digits that fit only in the same N cells, lock together.",
            "Those digits leave the unit's other cells, or those cells lose their other candidates.",
        ],
        idea_fr: [
            "N cases d'une unité qui n'ont que N chiffres à elles toutes, ou N chiffres qui ne tiennent que dans les mêmes N cases, sont liés.",
            "Ces chiffres quittent les autres cases de l'unité, ou ces cases perdent leurs autres candidats.",
        ],
    },
    Idea {
        first: Technique::XWing,
        title_en: "Fish: X-Wing, Swordfish, Jellyfish",
        title_fr: "Poissons : X-Wing, Swordfish, Jellyfish",
        idea_en: [
            "When a digit's places in N rows all fall in the same N columns, those rows hold the digit of those columns.",
            "It leaves the rest of the columns; a fin, a stray candidate, only narrows where it can be removed.",
        ],
        idea_fr: [
            "Quand les places d'un chiffre dans N lignes tombent toutes dans les mêmes N colonnes, ces lignes portent le chiffre de ces colonnes.",
            "Il quitte le reste des colonnes ; un aileron, candidat en trop, réduit seulement les cases où on peut le retirer.",
        ],
    },
    Idea {
        first: Technique::Skyscraper,
        title_en: "Single-digit patterns",
        title_fr: "Motifs à un chiffre",
        idea_en: [
            "Follow one digit alone: of two places joined by a strong link (the only two in a unit), one holds it.",
            "Join such links end to end, and a cell that sees both far ends cannot hold the digit.",
        ],
        idea_fr: [
            "Suis un seul chiffre : de deux places reliées par un lien fort (les deux seules d'une unité), l'une le porte.",
            "Enchaîne ces liens bout à bout : une case qui voit les deux bouts ne peut pas porter le chiffre.",
        ],
    },
    Idea {
        first: Technique::XyWing,
        title_en: "Wings",
        title_fr: "Ailes",
        idea_en: [
            "A pivot cell with two or three candidates sees pincer cells that share them: whatever the pivot is, one pincer gets the same digit z.",
            "A cell that sees every pincer (and the pivot, for an XYZ-Wing) cannot hold z.",
        ],
        idea_fr: [
            "Une case pivot à deux ou trois candidats voit des pinces qui les partagent : quelle que soit sa valeur, une pince reçoit le même chiffre z.",
            "Une case qui voit toutes les pinces (et le pivot, pour un XYZ-Wing) ne peut pas contenir z.",
        ],
    },
    Idea {
        first: Technique::UniqueRectangle1,
        title_en: "Uniqueness",
        title_fr: "Unicité",
        idea_en: [
            "A proper puzzle has exactly one solution, so it never ends in a pattern whose digits could be swapped.",
            "The candidates that would leave such a deadly pattern are removed, or the one that avoids it is placed.",
        ],
        idea_fr: [
            "Un vrai sudoku a une seule solution : il ne finit jamais par un motif dont on pourrait échanger les chiffres.",
            "Les candidats qui laisseraient ce motif mortel sont retirés, ou celui qui l'évite est placé.",
        ],
    },
    Idea {
        first: Technique::XChain,
        title_en: "Chains",
        title_fr: "Chaînes",
        idea_en: [
            "A chain alternates strong links (one of the two is true) and weak links (not both are true), from cell to cell or digit to digit.",
            "Suppose its first end false and follow it: the last end is then true, so anything that sees both ends is false.",
        ],
        idea_fr: [
            "Une chaîne alterne liens forts (l'un des deux est vrai) et liens faibles (pas les deux à la fois), de case en case ou de chiffre en chiffre.",
            "Suppose son premier bout faux et suis-la : le dernier bout est alors vrai, donc ce qui voit les deux bouts est faux.",
        ],
    },
    Idea {
        first: Technique::AlsXz,
        title_en: "Almost locked sets",
        title_fr: "Ensembles presque bloqués",
        idea_en: [
            "N cells that hold N + 1 digits between them lock as soon as one digit leaves them.",
            "Sets joined by a digit they cannot both hold (two of them, a chain of them, or petals around a stem cell) lock one another in turn: a digit z they share at the ends is then in one of them.",
        ],
        idea_fr: [
            "N cases qui ont N + 1 chiffres à elles toutes se bloquent dès qu'un chiffre les quitte.",
            "Des ensembles reliés par un chiffre qu'ils ne peuvent pas contenir tous deux (deux ensembles, une chaîne d'ensembles, ou des pétales autour d'une case tige) se bloquent l'un l'autre : un chiffre z qu'ils partagent aux bouts est alors dans l'un d'eux.",
        ],
    },
    Idea {
        first: Technique::SueDeCoq,
        title_en: "Sue de Coq",
        title_fr: "Sue de Coq",
        idea_en: [
            "Where a box and a line cross, two or three cells, with a few cells of the line and of the box that share no digit, can hold exactly as many digits as cells.",
            "Each of those digits is then placed once among them: the line group's digits leave the rest of the line, the box group's the rest of the box.",
        ],
        idea_fr: [
            "Là où un bloc et une ligne se croisent, deux ou trois cases, avec quelques cases de la ligne et du bloc sans chiffre commun, peuvent avoir exactement autant de chiffres que de cases.",
            "Chacun de ces chiffres y est alors placé une fois : ceux du groupe de la ligne quittent le reste de la ligne, ceux du groupe du bloc le reste du bloc.",
        ],
    },
    Idea {
        first: Technique::CellForcingChain,
        title_en: "Forcing chains",
        title_fr: "Chaînes forçantes",
        idea_en: [
            "Suppose a candidate true and follow only what is forced, step by step.",
            "A supposition that ends in an impossible grid is false; a result that every case of a cell or unit reaches is true.",
        ],
        idea_fr: [
            "Suppose un candidat vrai et ne suis que ce qui est forcé, étape par étape.",
            "Une supposition qui mène à une grille impossible est fausse ; un résultat que tous les cas d'une case ou d'une unité atteignent est vrai.",
        ],
    },
];

fn idea_of(family: &[Technique]) -> Option<&'static Idea> {
    IDEAS.iter().find(|i| family.first() == Some(&i.first))
}

/// A family's title in `lang`.
pub fn family_title(family: &[Technique], lang: Lang) -> String {
    match (idea_of(family), lang) {
        (Some(i), Lang::En) => i.title_en.to_string(),
        (Some(i), Lang::Fr) => i.title_fr.to_string(),
        (None, _) => family
            .iter()
            .map(|&t| technique_name(t, lang))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A family's idea in two lines.
pub fn family_idea(family: &[Technique], lang: Lang) -> [String; 2] {
    match (idea_of(family), lang) {
        (Some(i), Lang::En) => i.idea_en.map(str::to_string),
        (Some(i), Lang::Fr) => i.idea_fr.map(str::to_string),
        (None, _) => {
            let first = family.first().map_or("", |&t| technique_rule(t, lang));
            let rest = family.get(1).map_or("", |&t| technique_rule(t, lang));
            [first.to_string(), rest.to_string()]
        }
    }
}

/// What changes for a family in a variant (X, Hyper, jigsaw, odd/even), as the
/// rule engine applies it: first of `family`'s techniques, then its note.
const VARIANT_NOTES: &[(Technique, &str, &str)] = &[
    (
        Technique::FullHouse,
        "In a variant, X's diagonals, Hyper's windows and a jigsaw's regions are units too, each holding every digit once; in odd/even, a shaded cell holds only even digits (or odd ones, as the puzzle says).",
        "Dans une variante, les diagonales du X, les fenêtres de l'Hyper et les régions d'un puzzle (jigsaw) sont aussi des unités, chacune contenant chaque chiffre une fois ; en pair/impair, une case grisée ne contient que des chiffres pairs (ou impairs, selon l'énoncé).",
    ),
    (
        Technique::Pointing,
        "In a variant, any two units that cross work alike: a diagonal and a box, a window and a row, a jigsaw region and a column.",
        "Dans une variante, deux unités qui se croisent quelconques marchent de même : une diagonale et un bloc, une fenêtre et une ligne, une région et une colonne.",
    ),
    (
        Technique::NakedPair,
        "In a variant, a subset may lie in any unit: a diagonal, a window or a jigsaw region too.",
        "Dans une variante, un sous-ensemble peut être dans n'importe quelle unité : une diagonale, une fenêtre ou une région aussi.",
    ),
    (
        Technique::XWing,
        "In a variant, fish still use rows and columns only: the extra units do not make new fish, but they remove candidates the fish would need.",
        "Dans une variante, les poissons n'utilisent toujours que lignes et colonnes : les unités en plus ne font pas de nouveaux poissons, mais elles retirent des candidats.",
    ),
    (
        Technique::Skyscraper,
        "In a variant, a strong link may lie in any unit, and more cells see both ends: the diagonal, window or region counts too.",
        "Dans une variante, un lien fort peut être dans n'importe quelle unité, et plus de cases voient les deux bouts : diagonale, fenêtre ou région comptent aussi.",
    ),
    (
        Technique::XyWing,
        "In a variant, a cell sees more cells (its diagonal, window or region too), so a pivot has more pincers and more cells see both.",
        "Dans une variante, une case en voit plus (sa diagonale, sa fenêtre ou sa région aussi) : le pivot a plus de pinces, et plus de cases voient les deux.",
    ),
    (
        Technique::UniqueRectangle1,
        "Not in variants: the extra units or the shading can make a pattern with two solutions in the classic a proper one, so Pip uses these only in the classic.",
        "Pas dans les variantes : les unités en plus ou les cases grisées peuvent rendre correct un motif qui aurait deux solutions dans le classique ; Pip ne s'en sert que dans le classique.",
    ),
    (
        Technique::XChain,
        "In a variant, links run through every unit, the diagonals, windows and regions too.",
        "Dans une variante, les liens passent par toutes les unités, diagonales, fenêtres et régions comprises.",
    ),
    (
        Technique::AlsXz,
        "In a variant, an almost locked set may lie in any unit, and the restricted digit may be seen through any unit.",
        "Dans une variante, un ensemble presque bloqué peut être dans n'importe quelle unité, et le chiffre restreint vu par n'importe quelle unité.",
    ),
    (
        Technique::SueDeCoq,
        "In a variant, the crossing may be a line and a jigsaw region as well as a line and a box.",
        "Dans une variante, le croisement peut être une ligne et une région aussi bien qu'une ligne et un bloc.",
    ),
    (
        Technique::CellForcingChain,
        "In a variant, what a supposition forces follows every unit's rule, the variant's too.",
        "Dans une variante, ce qu'une supposition force suit la règle de chaque unité, celles de la variante comprises.",
    ),
];

/// What changes for `family` in a variant, in `lang`: one line for the
/// guide's page, under its idea.
pub fn family_variant_note(family: &[Technique], lang: Lang) -> Option<&'static str> {
    let first = family.first()?;
    VARIANT_NOTES
        .iter()
        .find(|(t, _, _)| t == first)
        .map(|&(_, en, fr)| match lang {
            Lang::En => en,
            Lang::Fr => fr,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_one_page_in_order_of_difficulty() {
        let fams = families();
        let all: Vec<Technique> = fams.iter().flatten().copied().collect();
        for t in Technique::ALL {
            let n = all.iter().filter(|&&x| x == t).count();
            assert_eq!(n, usize::from(t != Technique::WrongEntries), "{t:?}");
        }
        assert!(fams.windows(2).all(|w| w[0][0] < w[1][0]));
        assert_eq!(fams[0][0], Technique::FullHouse);
        for f in &fams {
            assert!(f.windows(2).all(|w| w[0] < w[1]));
            for lang in [Lang::En, Lang::Fr] {
                assert!(idea_of(f).is_some(), "{f:?} has its idea written");
                assert!(!family_title(f, lang).is_empty());
                assert!(family_idea(f, lang).iter().all(|l| l.ends_with('.')));
                let note = family_variant_note(f, lang);
                assert!(
                    note.is_some_and(|n| n.ends_with('.')),
                    "{f:?} says what a variant changes"
                );
            }
        }
    }
}
