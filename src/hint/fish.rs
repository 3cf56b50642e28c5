//! Pip's words for basic and finned fish.

use super::words::{cells, de, units, TechniqueWords};
use super::{shown, Line, Wording};
use crate::grid::{Cell, Unit};
use crate::logic::{Highlights, Technique};

const BASIC_EN: &str = "When a digit's candidates in N rows lie in only N columns (or the reverse), it leaves the rest of those columns.";
const BASIC_FR: &str = "Quand les candidats d'un chiffre dans N lignes ne sont que dans N colonnes (ou l'inverse), il quitte le reste de ces colonnes.";
const FINNED_EN: &str = "A fish with extra candidates (fins) in one box still removes the digit from cells that see every fin.";
const FINNED_FR: &str = "Un poisson avec des candidats en trop (ailerons) dans un bloc retire quand même le chiffre des cases qui voient tous les ailerons.";

const SASHIMI_EN: &str = "A finned fish missing a corner: the fin's box holds only the fin on one base line. It still removes the digit from the cells of the cover lines that see every fin.";
const SASHIMI_FR: &str = "Un poisson à aileron auquel il manque un coin : le bloc de l'aileron ne contient que l'aileron sur une ligne de base. Il retire quand même le chiffre des cases des lignes de couverture qui voient tous les ailerons.";

pub(super) const WORDS: &[TechniqueWords] = &[
    TechniqueWords {
        technique: Technique::SashimiXWing,
        name_fr: "X-Wing sashimi",
        rule_en: SASHIMI_EN,
        rule_fr: SASHIMI_FR,
    },
    TechniqueWords {
        technique: Technique::SashimiSwordfish,
        name_fr: "Swordfish sashimi",
        rule_en: SASHIMI_EN,
        rule_fr: SASHIMI_FR,
    },
    TechniqueWords {
        technique: Technique::SashimiJellyfish,
        name_fr: "Jellyfish sashimi",
        rule_en: SASHIMI_EN,
        rule_fr: SASHIMI_FR,
    },
    TechniqueWords {
        technique: Technique::XWing,
        name_fr: "X-Wing",
        rule_en: BASIC_EN,
        rule_fr: BASIC_FR,
    },
    TechniqueWords {
        technique: Technique::Swordfish,
        name_fr: "Swordfish",
        rule_en: BASIC_EN,
        rule_fr: BASIC_FR,
    },
    TechniqueWords {
        technique: Technique::Jellyfish,
        name_fr: "Jellyfish",
        rule_en: BASIC_EN,
        rule_fr: BASIC_FR,
    },
    TechniqueWords {
        technique: Technique::FinnedXWing,
        name_fr: "X-Wing à aileron",
        rule_en: FINNED_EN,
        rule_fr: FINNED_FR,
    },
    TechniqueWords {
        technique: Technique::FinnedSwordfish,
        name_fr: "Swordfish à aileron",
        rule_en: FINNED_EN,
        rule_fr: FINNED_FR,
    },
    TechniqueWords {
        technique: Technique::FinnedJellyfish,
        name_fr: "Jellyfish à aileron",
        rule_en: FINNED_EN,
        rule_fr: FINNED_FR,
    },
];

pub(super) fn fish(
    h: &Highlights,
    d: u8,
    base: &[Unit],
    cover: &[Unit],
    fins: &[Cell],
    lang: Wording,
) -> Vec<Line> {
    let (bl, cl) = (units(base, lang), units(cover, lang));
    let de_cl = de(&cl);
    let n = base.len();
    let mut out = vec![
        shown(
            say!(
                lang,
                "In {bl}, {d} can only go in {cl}.",
                "Dans {bl}, {d} ne peut aller que dans {cl}."
            ),
            vec![],
            h.candidates.clone(),
            vec![],
            base.to_vec(),
        ),
        shown(
            say!(
                lang,
                "Those {n} lines each need a {d} and share only {n} crossing lines, so they fill the {d} of {cl}.",
                "Ces {n} lignes ont chacune besoin d'un {d} et ne partagent que {n} lignes croisées : elles fournissent le {d} {de_cl}."
            ),
            vec![],
            h.candidates.clone(),
            vec![],
            h.units.clone(),
        ),
    ];
    if !fins.is_empty() {
        let fl = cells(fins, lang);
        out.push(shown(
            say!(
                lang,
                "The extra {d} in {fl} is a fin: if it is true, it removes {d} from the cells it sees; if not, the fish holds. Either way, the cells that see the fin lose {d}.",
                "Le {d} en trop en {fl} est un aileron : s'il est vrai, il retire {d} des cases qu'il voit ; sinon le poisson tient. Dans les deux cas, les cases qui voient l'aileron perdent {d}."
            ),
            vec![],
            h.candidates.clone(),
            h.secondary.clone(),
            vec![],
        ));
    }
    out
}
