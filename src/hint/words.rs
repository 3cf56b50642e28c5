//! Words shared by every sentence: lists, unit names, technique names.

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

pub(crate) fn tech_name(t: Technique, lang: Lang) -> &'static str {
    use Technique::*;
    match lang {
        Lang::En => t.name(),
        Lang::Fr => match t {
            WrongEntries => "Chiffres erronés",
            FullHouse => "Dernière case",
            HiddenSingle => "Singleton caché",
            NakedSingle => "Singleton nu",
            Pointing => "Candidats pointants",
            Claiming => "Candidats réclamés",
            NakedPair => "Paire nue",
            XWing => "X-Wing",
            HiddenPair => "Paire cachée",
            FinnedXWing => "X-Wing à aileron",
            NakedTriple => "Triplet nu",
            Swordfish => "Swordfish",
            HiddenTriple => "Triplet caché",
            Skyscraper => "Gratte-ciel",
            TwoStringKite => "Cerf-volant",
            XyWing => "XY-Wing",
            TurbotFish => "Turbot",
            EmptyRectangle => "Rectangle vide",
            FinnedSwordfish => "Swordfish à aileron",
            XyzWing => "XYZ-Wing",
            WWing => "W-Wing",
            UniqueRectangle1 => "Rectangle unique type 1",
            SimpleColoring => "Coloriage simple",
            UniqueRectangle2 => "Rectangle unique type 2",
            UniqueRectangle4 => "Rectangle unique type 4",
            UniqueRectangle3 => "Rectangle unique type 3",
            NakedQuad => "Quadruplet nu",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Quadruplet caché",
            FinnedJellyfish => "Jellyfish à aileron",
            Bug1 => "BUG+1",
            XChain => "X-Chaîne",
            XyChain => "XY-Chaîne",
            AlsXz => "ALS-XZ",
            Aic => "Chaîne d'inférences alternées",
            Contradiction => "Chaîne de contradiction",
            CellForcingChain => "Chaîne forçante de case",
            UnitForcingChain => "Chaîne forçante d'unité",
            NestedForcingChain => "Chaîne forçante imbriquée",
        },
    }
}

pub(crate) fn tech_rule(t: Technique, lang: Lang) -> &'static str {
    use Technique::*;
    match lang {
        Lang::En => t.rule(),
        Lang::Fr => match t {
            WrongEntries => "Un chiffre différent de la solution doit être effacé avant que la logique puisse aider.",
            FullHouse => "Quand une unité n'a plus qu'une case vide, elle prend le seul chiffre manquant.",
            HiddenSingle => "Quand un chiffre ne tient que dans une case d'une unité, il va là.",
            NakedSingle => "Quand une case n'a plus qu'un candidat, ce chiffre va là.",
            Pointing => "Quand les candidats d'un chiffre dans un bloc sont tous sur une ligne ou colonne, le chiffre quitte le reste de cette ligne.",
            Claiming => "Quand les candidats d'un chiffre dans une ligne ou colonne sont tous dans un bloc, le chiffre quitte le reste du bloc.",
            NakedPair | NakedTriple | NakedQuad => "Quand N cases d'une unité n'ont que N chiffres à elles toutes, ces chiffres quittent les autres cases de l'unité.",
            HiddenPair | HiddenTriple | HiddenQuad => "Quand N chiffres d'une unité ne tiennent que dans les mêmes N cases, ces cases ne gardent que ces chiffres.",
            XWing | Swordfish | Jellyfish => "Quand les candidats d'un chiffre dans N lignes ne sont que dans N colonnes (ou l'inverse), il quitte le reste de ces colonnes.",
            FinnedXWing | FinnedSwordfish | FinnedJellyfish => "Un poisson avec des candidats en trop (ailerons) dans un bloc retire quand même le chiffre des cases qui voient tous les ailerons.",
            Skyscraper | TwoStringKite | TurbotFish => "Deux liens forts sur un chiffre reliés par un lien faible : l'un des bouts porte le chiffre, donc les cases qui voient les deux bouts le perdent.",
            EmptyRectangle => "Un bloc dont les candidats d'un chiffre forment une croix agit avec un lien fort hors du bloc : l'un des deux bouts porte le chiffre.",
            XyWing => "Un pivot xy voit des pinces xz et yz : l'une des pinces vaut z, donc les cases qui voient les deux perdent z.",
            XyzWing => "Un pivot xyz voit des pinces xz et yz : l'une des trois vaut z, donc les cases qui voient les trois perdent z.",
            WWing => "Deux cases xy reliées par un lien fort sur x : l'une d'elles vaut y, donc les cases qui voient les deux perdent y.",
            SimpleColoring => "Colorie les liens forts d'un chiffre en deux couleurs : une couleur est vraie, donc une couleur en conflit est fausse, et les cases qui voient les deux couleurs perdent le chiffre.",
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => "Quatre cases sur deux lignes, deux colonnes et deux blocs ne peuvent pas garder les deux mêmes chiffres, sinon il y aurait deux solutions.",
            Bug1 => "Si toutes les cases sauf une avaient deux candidats, il y aurait deux solutions : la case en trop prend le chiffre qui apparaît trois fois.",
            XChain | XyChain | Aic => "Dans une chaîne alternant liens forts et faibles, l'un des deux bouts est vrai, donc les candidats qui voient les deux bouts sont faux.",
            AlsXz => "Deux ensembles presque bloqués partageant un chiffre restreint x : l'un d'eux est bloqué sur z, donc les cases qui voient tous les z des deux perdent z.",
            Contradiction => "Supposer un candidat vrai mène, étape forcée après étape forcée, à une grille impossible : il est donc faux.",
            CellForcingChain => "Chaque candidat d'une case mène à la même conclusion : elle est donc vraie.",
            UnitForcingChain => "Chaque place d'un chiffre dans une unité mène à la même conclusion : elle est donc vraie.",
            NestedForcingChain => "Supposer un candidat vrai mène à une grille impossible, en s'aidant de petites contradictions en chemin : il est donc faux.",
        },
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
