//! Words shared by every sentence: how cells, units and boxes are named
//! ([`Notation`], carried with the language in a [`Wording`]), lists, and
//! the lookup of each technique's name and rule (which each family's file
//! holds).
//!
//! Every family file names cells and units through [`cell`], [`cells`] and
//! [`unit_name`], never with `Cell`'s `Display` (the forum notation kept for
//! JSON and files), so the player's notation reaches every sentence.

use super::Lang;
use crate::grid::{Cell, Unit};
use crate::logic::Technique;
use serde::{Deserialize, Serialize};

/// How Pip names cells, units and boxes: "row 6, column 2" and "box 4"
/// (French "ligne 6, colonne 2", "bloc 4"), or the forum's compact
/// "r6c2", "r6", "c2" and "b4".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Words a newcomer reads at once; the default.
    #[default]
    Plain,
    /// The notation of Sudoku forums and solvers.
    Compact,
}

impl Notation {
    pub const ALL: [Notation; 2] = [Notation::Plain, Notation::Compact];

    /// `plain` or `compact` (case-insensitive), as the command line takes it.
    pub fn parse(code: &str) -> Option<Notation> {
        match code.trim().to_ascii_lowercase().as_str() {
            "plain" => Some(Notation::Plain),
            "compact" => Some(Notation::Compact),
            _ => None,
        }
    }

    /// The name the command line and settings use.
    pub fn code(self) -> &'static str {
        match self {
            Notation::Plain => "plain",
            Notation::Compact => "compact",
        }
    }
}

/// The words Pip speaks in: a language and a notation. Every function that
/// says something takes one (a bare [`Lang`] converts, with plain names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wording {
    pub lang: Lang,
    pub notation: Notation,
}

impl Wording {
    pub fn new(lang: Lang, notation: Notation) -> Wording {
        Wording { lang, notation }
    }

    pub(crate) fn plain(self) -> bool {
        self.notation == Notation::Plain
    }
}

impl From<Lang> for Wording {
    fn from(lang: Lang) -> Wording {
        Wording {
            lang,
            notation: Notation::Plain,
        }
    }
}

impl From<Wording> for Lang {
    fn from(w: Wording) -> Lang {
        w.lang
    }
}

/// "and" / "et".
pub(crate) fn and(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "and",
        Lang::Fr => "et",
    }
}

/// "a, b and c" / "a, b et c".
pub(crate) fn list(items: &[String], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), and(lang)),
    }
}

/// Like [`list`] for items that hold commas themselves ("row 1, column
/// 2"): "a and b", or "a; b; and c" when there are more, or when an item
/// holds a list of its own, so that the whole still reads as one list.
pub(crate) fn list_of_phrases(items: &[String], lang: Lang) -> String {
    let and = and(lang);
    let inner = format!(" {and} ");
    let semicolon = semicolon(lang);
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] if !a.contains(&inner) && !b.contains(&inner) => format!("{a} {and} {b}"),
        [init @ .., last] => format!("{}{semicolon}{and} {last}", init.join(semicolon)),
    }
}

/// A semicolon and its spaces, as each language sets it: "; " and " ; ".
pub(crate) fn semicolon(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "; ",
        Lang::Fr => " ; ",
    }
}

/// "row", "column", "box", "region", "diagonal", "window" and their
/// plurals, in both languages.
fn line_word(kind: Unit, plural: bool, lang: Lang) -> &'static str {
    match (lang, kind, plural) {
        (Lang::En, Unit::Region(_), false) => "region",
        (Lang::En, Unit::Region(_), true) => "regions",
        (Lang::En, Unit::Diagonal(_), false) => "diagonal",
        (Lang::En, Unit::Diagonal(_), true) => "diagonals",
        (Lang::En, Unit::Window(_), false) => "window",
        (Lang::En, Unit::Window(_), true) => "windows",
        (Lang::Fr, Unit::Region(_), false) => "région",
        (Lang::Fr, Unit::Region(_), true) => "régions",
        (Lang::Fr, Unit::Diagonal(_), false) => "diagonale",
        (Lang::Fr, Unit::Diagonal(_), true) => "diagonales",
        (Lang::Fr, Unit::Window(_), false) => "fenêtre",
        (Lang::Fr, Unit::Window(_), true) => "fenêtres",
        (Lang::En, Unit::Row(_), false) => "row",
        (Lang::En, Unit::Row(_), true) => "rows",
        (Lang::En, Unit::Col(_), false) => "column",
        (Lang::En, Unit::Col(_), true) => "columns",
        (Lang::En, Unit::Box(_), false) => "box",
        (Lang::En, Unit::Box(_), true) => "boxes",
        (Lang::Fr, Unit::Row(_), false) => "ligne",
        (Lang::Fr, Unit::Row(_), true) => "lignes",
        (Lang::Fr, Unit::Col(_), false) => "colonne",
        (Lang::Fr, Unit::Col(_), true) => "colonnes",
        (Lang::Fr, Unit::Box(_), false) => "bloc",
        (Lang::Fr, Unit::Box(_), true) => "blocs",
    }
}

/// A cell's name: "row 6, column 2", "ligne 6, colonne 2" or "r6c2".
pub fn cell_name(c: Cell, w: impl Into<Wording>) -> String {
    let w = w.into();
    if !w.plain() {
        return c.to_string();
    }
    let (r, k) = (c.row() + 1, c.col() + 1);
    let row = line_word(Unit::Row(0), false, w.lang);
    let col = line_word(Unit::Col(0), false, w.lang);
    format!("{row} {r}, {col} {k}")
}

/// A cell of a board of any size named as [`cell_name`] names a 9×9's:
/// "row 10, column 12" or `r10c12`.
pub fn place_name(p: crate::grid::Place, w: impl Into<Wording>) -> String {
    let w = w.into();
    if !w.plain() {
        return p.to_string();
    }
    let (r, k) = (p.row() + 1, p.col() + 1);
    let row = line_word(Unit::Row(0), false, w.lang);
    let col = line_word(Unit::Col(0), false, w.lang);
    format!("{row} {r}, {col} {k}")
}

/// [`cell_name`], for the family files.
pub(crate) fn cell(c: Cell, w: Wording) -> String {
    cell_name(c, w)
}

/// Several cells. Plain names are grouped so that they stay short: "row 3,
/// columns 1 and 4", "column 2, rows 5 and 8", "row 1, column 2; row 3,
/// column 4 and row 5, column 6". Compact ones are listed: "r3c1 and r3c4".
pub(crate) fn cells(cs: &[Cell], w: Wording) -> String {
    if !w.plain() {
        return list(
            &cs.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            w.lang,
        );
    }
    let lang = w.lang;
    // Several cells all in one column (and not one row): by column.
    let one_col = cs.len() > 1 && cs.iter().all(|c| c.col() == cs[0].col());
    if one_col {
        let rows: Vec<String> = cs.iter().map(|c| (c.row() + 1).to_string()).collect();
        let (col, rows_word) = (
            line_word(Unit::Col(0), false, lang),
            line_word(Unit::Row(0), true, lang),
        );
        return format!(
            "{col} {}, {rows_word} {}",
            cs[0].col() + 1,
            list(&rows, lang)
        );
    }
    // Otherwise by row: consecutive cells of a row share its name.
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for c in cs {
        match groups.last_mut() {
            Some((row, cols)) if *row == c.row() => cols.push(c.col()),
            _ => groups.push((c.row(), vec![c.col()])),
        }
    }
    let phrases: Vec<String> = groups
        .iter()
        .map(|(row, cols)| {
            let row_word = line_word(Unit::Row(0), false, lang);
            let col_word = line_word(Unit::Col(0), cols.len() > 1, lang);
            let cols: Vec<String> = cols.iter().map(|k| (k + 1).to_string()).collect();
            format!("{row_word} {}, {col_word} {}", row + 1, list(&cols, lang))
        })
        .collect();
    list_of_phrases(&phrases, lang)
}

/// The cells of one unit, named within it: "columns 1 and 2" of a row,
/// "rows 3 and 7" of a column; a box's cells by their full names. Compact:
/// "r1c1, r1c2", as forums write a conflict.
pub(crate) fn cells_within(cs: &[Cell], unit: Unit, w: Wording) -> String {
    if !w.plain() {
        return cs
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ");
    }
    let lang = w.lang;
    let (word, numbers): (&str, Vec<String>) = match unit {
        Unit::Row(_) => (
            line_word(Unit::Col(0), cs.len() > 1, lang),
            cs.iter().map(|c| (c.col() + 1).to_string()).collect(),
        ),
        Unit::Col(_) => (
            line_word(Unit::Row(0), cs.len() > 1, lang),
            cs.iter().map(|c| (c.row() + 1).to_string()).collect(),
        ),
        Unit::Box(_) | Unit::Region(_) | Unit::Diagonal(_) | Unit::Window(_) => {
            return cells(cs, w)
        }
    };
    format!("{word} {}", list(&numbers, lang))
}

pub(crate) fn digits(ds: &[u8], lang: impl Into<Lang>) -> String {
    let lang = lang.into();
    list(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>(), lang)
}

/// A unit's name as it sits in a sentence: "row 6", "box 4", "region 4",
/// "window 2", "the main diagonal"; in French with its article, "la ligne
/// 6", "le bloc 4", "la région 4", "la diagonale principale"; compact
/// "r6", "c2", "b4", "g4" (a jigsaw region), "w2", and the diagonals as
/// they are drawn, "d\\" (main) and "d/" (anti).
pub fn unit_name(u: Unit, w: impl Into<Wording>) -> String {
    let w = w.into();
    let (letter, i) = match u {
        Unit::Row(i) => ('r', i),
        Unit::Col(i) => ('c', i),
        Unit::Box(i) => ('b', i),
        Unit::Region(i) => ('g', i),
        Unit::Window(i) => ('w', i),
        Unit::Diagonal(i) => {
            let main = i == 0;
            return match (w.plain(), w.lang, main) {
                (false, _, true) => "d\\".into(),
                (false, _, false) => "d/".into(),
                (true, Lang::En, true) => "the main diagonal".into(),
                (true, Lang::En, false) => "the anti-diagonal".into(),
                (true, Lang::Fr, true) => "la diagonale principale".into(),
                (true, Lang::Fr, false) => "l'antidiagonale".into(),
            };
        }
    };
    if !w.plain() {
        return format!("{letter}{}", i + 1);
    }
    let word = line_word(u, false, w.lang);
    match (w.lang, u) {
        (Lang::En, _) => format!("{word} {}", i + 1),
        (Lang::Fr, Unit::Box(_)) => format!("le {word} {}", i + 1),
        (Lang::Fr, _) => format!("la {word} {}", i + 1),
    }
}

/// A grid of overlapping ones (a samurai's, a carpet's), as it sits in a
/// sentence: "the top-left grid", "the centre grid", "grid 2"; in French
/// "la grille en haut à gauche", "la grille du centre", "la grille 2";
/// compact "TL", "C", "G2" (French "HG", "C", "G2").
pub fn grid_name(name: crate::grid::GridName, w: impl Into<Wording>) -> String {
    use crate::grid::GridName::*;
    let w = w.into();
    if !w.plain() {
        let tag = match (name, w.lang) {
            (Numbered(k), _) => return format!("G{k}"),
            (Centre, _) => "C",
            (TopLeft, Lang::En) => "TL",
            (TopRight, Lang::En) => "TR",
            (BottomLeft, Lang::En) => "BL",
            (BottomRight, Lang::En) => "BR",
            (Top, Lang::En) => "T",
            (Bottom, Lang::En) => "B",
            (Left, Lang::En) => "L",
            (Right, Lang::En) => "R",
            (TopLeft, Lang::Fr) => "HG",
            (TopRight, Lang::Fr) => "HD",
            (BottomLeft, Lang::Fr) => "BG",
            (BottomRight, Lang::Fr) => "BD",
            (Top, Lang::Fr) => "H",
            (Bottom, Lang::Fr) => "B",
            (Left, Lang::Fr) => "G",
            (Right, Lang::Fr) => "D",
        };
        return tag.into();
    }
    let where_ = match (name, w.lang) {
        (Numbered(k), Lang::En) => return format!("grid {k}"),
        (Numbered(k), Lang::Fr) => return format!("la grille {k}"),
        (TopLeft, Lang::En) => "top-left",
        (TopRight, Lang::En) => "top-right",
        (BottomLeft, Lang::En) => "bottom-left",
        (BottomRight, Lang::En) => "bottom-right",
        (Centre, Lang::En) => "centre",
        (Top, Lang::En) => "top",
        (Bottom, Lang::En) => "bottom",
        (Left, Lang::En) => "left",
        (Right, Lang::En) => "right",
        (TopLeft, Lang::Fr) => "en haut à gauche",
        (TopRight, Lang::Fr) => "en haut à droite",
        (BottomLeft, Lang::Fr) => "en bas à gauche",
        (BottomRight, Lang::Fr) => "en bas à droite",
        (Centre, Lang::Fr) => "du centre",
        (Top, Lang::Fr) => "du haut",
        (Bottom, Lang::Fr) => "du bas",
        (Left, Lang::Fr) => "de gauche",
        (Right, Lang::Fr) => "de droite",
    };
    match w.lang {
        Lang::En => format!("the {where_} grid"),
        Lang::Fr => format!("la grille {where_}"),
    }
}

/// French "de" before a unit's name, contracted as French wants it: "du
/// bloc 4", "de la ligne 6", "de r6".
pub(crate) fn de(name: &str) -> String {
    match name.strip_prefix("le ") {
        Some(rest) => format!("du {rest}"),
        None => format!("de {name}"),
    }
}

pub(crate) fn units(us: &[Unit], w: Wording) -> String {
    list(
        &us.iter().map(|&u| unit_name(u, w)).collect::<Vec<_>>(),
        w.lang,
    )
}

/// A line of dialogue starts with a capital, even when it opens on a plain
/// name ("Row 6, column 2 sees ..."; "La ligne 6 n'a plus ..."); a compact
/// name keeps its small letter ("r6c2 sees ..."), as forums write it.
pub(crate) fn capitalised(text: String) -> String {
    let first_word = text.split_whitespace().next().unwrap_or("");
    let is_word = first_word
        .trim_end_matches([',', ':'])
        .chars()
        .all(char::is_alphabetic);
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if is_word && c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

/// A technique's words: its French name and the rule it teaches, in one
/// sentence per language. Each family's file lists its own. Its English
/// name is its stable key ([`Technique::id`]), which was written as the
/// English name and is said as it: one list of those words, not two (see
/// [`technique_name`]).
pub(crate) struct TechniqueWords {
    pub technique: Technique,
    pub name_fr: &'static str,
    pub rule_en: &'static str,
    pub rule_fr: &'static str,
}

/// Every family's words, one list per family file: the technique guide
/// makes one page of each (but the first, which is no technique).
pub(crate) const FAMILIES: [&[TechniqueWords]; 12] = [
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

/// A technique's name as players know it, in `lang`: every player-facing
/// name goes through here. In English it is the technique's stable key,
/// which `logic` keeps because JSON, the history and save files store it;
/// were the English wording ever to change, the new name would go here and
/// the key would stay.
pub fn technique_name(t: Technique, lang: impl Into<Lang>) -> &'static str {
    match lang.into() {
        Lang::En => t.id(),
        Lang::Fr => words_of(t).name_fr,
    }
}

/// The rule a technique teaches, in one sentence.
pub fn technique_rule(t: Technique, lang: impl Into<Lang>) -> &'static str {
    let w = words_of(t);
    match lang.into() {
        Lang::En => w.rule_en,
        Lang::Fr => w.rule_fr,
    }
}

/// A rating level's name as players read it, in `lang`: every
/// player-facing name goes through here (its stable key is
/// [`crate::logic::Level::id`]).
pub fn level_name(level: crate::logic::Level, lang: impl Into<Lang>) -> &'static str {
    use crate::logic::Level::*;
    match (lang.into(), level) {
        (Lang::En, Easy) => "Easy",
        (Lang::En, Medium) => "Medium",
        (Lang::En, Hard) => "Hard",
        (Lang::En, Expert) => "Expert",
        (Lang::En, Master) => "Master",
        (Lang::En, Extreme) => "Extreme",
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
            assert_eq!(n, 1, "{t:?}");
        }
    }

    fn plain(lang: Lang) -> Wording {
        Wording::new(lang, Notation::Plain)
    }

    fn compact(lang: Lang) -> Wording {
        Wording::new(lang, Notation::Compact)
    }

    #[test]
    fn cells_and_units_in_both_notations_and_languages() {
        let c = Cell::new(5, 1);
        assert_eq!(cell(c, plain(Lang::En)), "row 6, column 2");
        assert_eq!(cell(c, plain(Lang::Fr)), "ligne 6, colonne 2");
        assert_eq!(cell(c, compact(Lang::Fr)), "r6c2");
        assert_eq!(unit_name(Unit::Box(3), plain(Lang::En)), "box 4");
        assert_eq!(unit_name(Unit::Region(3), plain(Lang::En)), "region 4");
        assert_eq!(unit_name(Unit::Region(3), plain(Lang::Fr)), "la région 4");
        assert_eq!(unit_name(Unit::Window(1), plain(Lang::En)), "window 2");
        assert_eq!(unit_name(Unit::Window(1), plain(Lang::Fr)), "la fenêtre 2");
        assert_eq!(
            unit_name(Unit::Diagonal(0), plain(Lang::En)),
            "the main diagonal"
        );
        assert_eq!(
            unit_name(Unit::Diagonal(1), plain(Lang::Fr)),
            "l'antidiagonale"
        );
        assert_eq!(
            de(&unit_name(Unit::Diagonal(0), plain(Lang::Fr))),
            "de la diagonale principale"
        );
        assert_eq!(unit_name(Unit::Diagonal(1), compact(Lang::En)), "d/");
        assert_eq!(unit_name(Unit::Region(8), compact(Lang::En)), "g9");
        assert_eq!(
            capitalised(unit_name(Unit::Diagonal(0), plain(Lang::En))),
            "The main diagonal"
        );
        assert_eq!(unit_name(Unit::Box(3), plain(Lang::Fr)), "le bloc 4");
        assert_eq!(unit_name(Unit::Col(1), plain(Lang::Fr)), "la colonne 2");
        assert_eq!(unit_name(Unit::Box(3), compact(Lang::En)), "b4");
        assert_eq!(unit_name(Unit::Row(5), compact(Lang::Fr)), "r6");
        assert_eq!(de(&unit_name(Unit::Box(3), plain(Lang::Fr))), "du bloc 4");
        assert_eq!(
            de(&unit_name(Unit::Row(0), plain(Lang::Fr))),
            "de la ligne 1"
        );
        assert_eq!(Notation::parse("Compact"), Some(Notation::Compact));
        assert_eq!(Notation::parse("forum"), None);
        assert_eq!(Wording::from(Lang::Fr).notation, Notation::Plain);
    }

    /// A chain's end is named as a list of cells, groups and single cells
    /// alike: a single cell must read as its own name.
    #[test]
    fn a_list_of_one_cell_is_its_name() {
        for lang in [Lang::En, Lang::Fr] {
            for w in [plain(lang), compact(lang)] {
                for c in Cell::ALL {
                    assert_eq!(cells(&[c], w), cell(c, w));
                }
            }
        }
    }

    #[test]
    fn plain_cell_lists_are_grouped_and_stay_readable() {
        let (a, b, c) = (Cell::new(2, 0), Cell::new(2, 3), Cell::new(6, 5));
        let en = plain(Lang::En);
        assert_eq!(cells(&[a, b], en), "row 3, columns 1 and 4");
        assert_eq!(
            cells(&[a, b, c], en),
            "row 3, columns 1 and 4; and row 7, column 6"
        );
        let d = Cell::new(0, 1);
        assert_eq!(cells(&[d, c], en), "row 1, column 2 and row 7, column 6");
        assert_eq!(
            cells(&[d, a, c], en),
            "row 1, column 2; row 3, column 1; and row 7, column 6"
        );
        let (p, q) = (Cell::new(4, 7), Cell::new(7, 7));
        assert_eq!(cells(&[p, q], plain(Lang::Fr)), "colonne 8, lignes 5 et 8");
        assert_eq!(
            cells(&[a, b, c], plain(Lang::Fr)),
            "ligne 3, colonnes 1 et 4 ; et ligne 7, colonne 6"
        );
        assert_eq!(cells(&[p, q], compact(Lang::En)), "r5c8 and r8c8");
        assert_eq!(cells_within(&[a, b], Unit::Row(2), en), "columns 1 and 4");
        assert_eq!(cells_within(&[p, q], Unit::Col(7), en), "rows 5 and 8");
        assert_eq!(
            cells_within(&[a, b], Unit::Row(2), compact(Lang::En)),
            "r3c1, r3c4"
        );
    }

    #[test]
    fn lines_start_with_a_capital_unless_they_start_with_a_compact_name() {
        assert_eq!(
            capitalised("row 6, column 2 sees".into()),
            "Row 6, column 2 sees"
        );
        assert_eq!(capitalised("la ligne 6 n'a".into()), "La ligne 6 n'a");
        assert_eq!(capitalised("r6c2 sees".into()), "r6c2 sees");
        assert_eq!(capitalised("b4 has".into()), "b4 has");
        assert_eq!(capitalised("Already".into()), "Already");
    }
}
