//! Words shared by every sentence: lists, unit names, and the lookup of
//! each technique's name and rule (which each family's file holds).

use super::Lang;
use crate::grid::{Cell, Unit};
use crate::logic::Technique;

/// "a, b and c" / "a, b et c".
fn list(items: &[String], lang: Lang) -> String {
    let and = match lang {
        Lang::En => "and",
        Lang::Fr => "et",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

pub(crate) fn cells(cs: &[Cell], lang: Lang) -> String {
    list(&cs.iter().map(|c| c.to_string()).collect::<Vec<_>>(), lang)
}

pub(crate) fn digits(ds: &[u8], lang: Lang) -> String {
    list(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>(), lang)
}

pub(crate) fn unit_name(u: Unit, lang: Lang) -> String {
    match (lang, u) {
        (Lang::En, _) => u.to_string(),
        (Lang::Fr, Unit::Row(i)) => format!("la ligne {}", i + 1),
        (Lang::Fr, Unit::Col(i)) => format!("la colonne {}", i + 1),
        (Lang::Fr, Unit::Box(i)) => format!("le bloc {}", i + 1),
    }
}

pub(crate) fn units(us: &[Unit], lang: Lang) -> String {
    list(
        &us.iter().map(|&u| unit_name(u, lang)).collect::<Vec<_>>(),
        lang,
    )
}

/// A technique's words: the French name (the English one is
/// [`Technique::name`]) and the rule it teaches, in one sentence per
/// language. Each family's file lists its own.
pub(crate) struct TechniqueWords {
    pub technique: Technique,
    pub name_fr: &'static str,
    pub rule_en: &'static str,
    pub rule_fr: &'static str,
}

/// Every family's words.
const FAMILIES: [&[TechniqueWords]; 12] = [
    super::wrong_entries::WORDS,
    super::singles::WORDS,
    super::intersections::WORDS,
    super::subsets::WORDS,
    super::fish::WORDS,
    super::single_digit::WORDS,
    super::wings::WORDS,
    super::uniqueness::WORDS,
    super::chains::WORDS,
    super::als::WORDS,
    super::sue_de_coq::WORDS,
    super::forcing::WORDS,
];

fn words_of(t: Technique) -> &'static TechniqueWords {
    FAMILIES
        .iter()
        .flat_map(|f| f.iter())
        .find(|w| w.technique == t)
        .expect("every technique has its words (checked by a test)")
}

pub(crate) fn tech_name(t: Technique, lang: Lang) -> &'static str {
    match lang {
        Lang::En => t.name(),
        Lang::Fr => words_of(t).name_fr,
    }
}

/// The rule in one sentence.
pub(crate) fn tech_rule(t: Technique, lang: Lang) -> &'static str {
    let w = words_of(t);
    match lang {
        Lang::En => w.rule_en,
        Lang::Fr => w.rule_fr,
    }
}

/// A rating level's name, as Pip says it.
pub fn level_name(level: crate::logic::Level, lang: Lang) -> &'static str {
    use crate::logic::Level::*;
    match (lang, level) {
        (Lang::En, l) => l.name(),
        (Lang::Fr, Easy) => "Facile",
        (Lang::Fr, Medium) => "Moyen",
        (Lang::Fr, Hard) => "Difficile",
        (Lang::Fr, Expert) => "Expert",
        (Lang::Fr, Master) => "Maître",
        (Lang::Fr, Extreme) => "Extrême",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_its_words_once() {
        for t in Technique::ALL {
            let n = FAMILIES
                .iter()
                .flat_map(|f| f.iter())
                .filter(|w| w.technique == t)
                .count();
            assert_eq!(n, 1, "{t}");
        }
    }
}
