//! Pip's words for a puzzle's shape: its name, and the rules it adds to
//! the classic's, said when a photo is read as a variant and when a
//! variant game starts.

use super::{plain, Lang, Paragraph, ParagraphKind, Wording};
use crate::grid::{Overlap, Shape};

/// The title of overlapping grids: "Samurai Sudoku", "dense 3×3 carpet
/// Sudoku"; in French "sudoku samouraï", "sudoku tapis dense 3×3".
fn overlap_title(o: Overlap, lang: Lang) -> String {
    let dense = |d: bool, en: &'static str, fr: &'static str| match (d, lang) {
        (false, _) => "",
        (true, Lang::En) => en,
        (true, Lang::Fr) => fr,
    };
    match (o, lang) {
        (Overlap::Samurai, Lang::En) => "Samurai Sudoku".into(),
        (Overlap::Samurai, Lang::Fr) => "sudoku samouraï".into(),
        (Overlap::Twin, Lang::En) => "twin Sudoku".into(),
        (Overlap::Twin, Lang::Fr) => "sudoku jumeau".into(),
        (Overlap::Sohei, Lang::En) => "Sohei Sudoku".into(),
        (Overlap::Sohei, Lang::Fr) => "sudoku sohei".into(),
        (Overlap::Windmill, Lang::En) => "windmill Sudoku".into(),
        (Overlap::Windmill, Lang::Fr) => "sudoku moulin".into(),
        (Overlap::Flower, Lang::En) => "flower Sudoku".into(),
        (Overlap::Flower, Lang::Fr) => "sudoku fleur".into(),
        (Overlap::Diagonal { size, dense: d }, Lang::En) => {
            format!("{}diagonal Sudoku of {size} grids", dense(d, "dense ", ""))
        }
        (Overlap::Diagonal { size, dense: d }, Lang::Fr) => {
            format!(
                "sudoku en diagonale{} de {size} grilles",
                dense(d, "", " dense")
            )
        }
        (Overlap::Carpet { size, dense: d }, Lang::En) => {
            format!("{}{size}×{size} carpet Sudoku", dense(d, "dense ", ""))
        }
        (Overlap::Carpet { size, dense: d }, Lang::Fr) => {
            format!("sudoku tapis{} {size}×{size}", dense(d, "", " dense"))
        }
        (Overlap::Torus { size, dense: d }, Lang::En) => {
            format!("{}{size}×{size} torus Sudoku", dense(d, "dense ", ""))
        }
        (Overlap::Torus { size, dense: d }, Lang::Fr) => {
            format!("sudoku tore{} {size}×{size}", dense(d, "", " dense"))
        }
    }
}

/// The rules of overlapping grids: how many grids, what a shared cell
/// does, and a torus's wrapping.
fn overlap_rules(o: Overlap, lang: Lang) -> Vec<String> {
    let k = o.grid_count();
    let mut out = vec![say!(
        lang,
        "{k} 9×9 grids overlap: each grid's rows, columns and boxes hold 1 to 9 once, and a cell or a box two grids share counts in both.",
        "{k} grilles 9×9 se chevauchent : les lignes, colonnes et blocs de chaque grille contiennent une fois 1 à 9, et une case ou un bloc commun à deux grilles compte dans les deux."
    )];
    if o.period().is_some() {
        out.push(say!(
            lang,
            "The board wraps around: the grids of one edge go on over the opposite edge.",
            "Le plateau se referme sur lui-même : les grilles d'un bord continuent sur le bord opposé."
        ));
    }
    out
}

/// The shape's name as a player reads it: "X-Sudoku", "Hyper Sudoku",
/// "jigsaw Sudoku", "6×6 Sudoku", "X jigsaw Sudoku"...
pub fn shape_title(shape: &Shape, lang: impl Into<Wording>) -> String {
    let lang = lang.into().lang;
    let spec = shape.spec();
    if shape.is_classic() {
        return say!(lang, "classic Sudoku", "sudoku classique");
    }
    if let Some(o) = spec.overlap {
        return overlap_title(o, lang);
    }
    let mut parts: Vec<String> = Vec::new();
    if spec.size.side != 9 {
        parts.push(format!("{0}×{0}", spec.size.side));
    }
    if spec.regions.is_some() {
        parts.push(say!(lang, "jigsaw", "irrégulier"));
    }
    if spec.diagonals {
        parts.push("X".into());
    }
    if spec.windows {
        parts.push("Hyper".into());
    }
    if spec.parity.is_some() {
        parts.push(say!(lang, "odd/even", "pair/impair"));
    }
    match lang {
        Lang::En => format!("{} Sudoku", parts.join(" ")).replace("X Sudoku", "X-Sudoku"),
        Lang::Fr => format!("sudoku {}", parts.join(" ")),
    }
}

/// The rules the shape adds to "each row, column and box holds every
/// digit once", one sentence each; empty for the classic.
pub fn shape_rules(shape: &Shape, lang: impl Into<Wording>) -> Vec<String> {
    let lang = lang.into().lang;
    let spec = shape.spec();
    if let Some(o) = spec.overlap {
        return overlap_rules(o, lang);
    }
    let n = spec.size.side;
    let mut out = Vec::new();
    if n != 9 {
        let (h, w) = (spec.size.box_rows, spec.size.box_cols);
        let last = shape.symbols().name_of(n);
        let first = shape.symbols().name_of(1);
        out.push(say!(
            lang,
            "The grid is {n}×{n}: each row, column and box ({h}×{w}) holds {first} to {last} once.",
            "La grille fait {n}×{n} : chaque ligne, colonne et bloc ({h}×{w}) contient une fois {first} à {last}."
        ));
    }
    if spec.regions.is_some() {
        out.push(say!(
            lang,
            "The boxes are irregular regions, drawn with thick lines: each region holds every digit once.",
            "Les blocs sont des régions irrégulières, tracées en traits épais : chaque région contient chaque chiffre une fois."
        ));
    }
    if spec.diagonals {
        out.push(say!(
            lang,
            "The two shaded diagonals hold every digit once too.",
            "Les deux diagonales grisées contiennent aussi chaque chiffre une fois."
        ));
    }
    if spec.windows {
        out.push(say!(
            lang,
            "The four shaded windows hold every digit once too.",
            "Les quatre fenêtres grisées contiennent aussi chaque chiffre une fois."
        ));
    }
    if let Some(p) = &spec.parity {
        out.push(if p.shaded_even {
            say!(
                lang,
                "A shaded cell holds an even digit.",
                "Une case grisée contient un chiffre pair."
            )
        } else {
            say!(
                lang,
                "A shaded cell holds an odd digit.",
                "Une case grisée contient un chiffre impair."
            )
        });
    }
    out
}

/// What Pip says when a photo's shading showed a variant: which rules it
/// read the grid by.
pub fn read_as_variant(shape: &Shape, lang: impl Into<Wording>) -> String {
    let lang = lang.into();
    let title = shape_title(shape, lang);
    let rules = shape_rules(shape, lang).join(" ");
    say!(
        lang,
        "The shading shows a {title}, so I read it by its rules: {rules} If it is not, change the shape below.",
        "Les cases grisées montrent un {title}, alors je l'ai lu avec ses règles : {rules} Si ce n'en est pas un, change la forme ci-dessous."
    )
}

/// What Pip says of a photo whose grid is of another size than the classic
/// (a newspaper's 6×6 or 4×4): the size seen, and the rules it was read by.
pub fn read_as_size(shape: &Shape, lang: impl Into<Wording>) -> String {
    let lang = lang.into();
    let title = shape_title(shape, lang);
    let rules = shape_rules(shape, lang).join(" ");
    say!(
        lang,
        "The lines show a {title}, so I read it by its rules: {rules}",
        "Les lignes montrent un {title}, alors je l'ai lu avec ses règles : {rules}"
    )
}

/// What Pip says when the player picks other rules on the correction
/// screen: the rules, then whether the printed digits now make a proper
/// puzzle (and why not, when they do not).
pub fn shape_changed(
    shape: &Shape,
    verdict: &crate::solver::Verdict,
    lang: impl Into<Wording>,
) -> super::Paragraph {
    let lang = lang.into();
    let title = shape_title(shape, lang);
    let mut rules = shape_rules(shape, lang);
    rules.insert(0, say!(lang, "Read as a {title}.", "Lu comme un {title}."));
    let mut lines = vec![super::plain(rules.join(" "))];
    if verdict.is_unique() {
        lines.push(super::plain(say!(
            lang,
            "By these rules the printed digits have exactly one solution: press Use this grid when the digits are right.",
            "Avec ces règles, les chiffres imprimés ont exactement une solution : appuie sur Utiliser cette grille quand les chiffres sont justes."
        )));
    } else {
        lines.push(super::plain(say!(
            lang,
            "By these rules the printed digits do not make a proper puzzle:",
            "Avec ces règles, les chiffres imprimés ne font pas un vrai sudoku :"
        )));
        lines.extend(super::verdict::verdict_lines(verdict, lang));
    }
    super::Paragraph {
        kind: if verdict.is_unique() {
            super::ParagraphKind::Info
        } else {
            super::ParagraphKind::Invalid
        },
        lines,
    }
}

/// Check, Solve or Hint on a grid of another size whose givens the exact
/// solver cannot complete: Pip says so, without blaming the player.
pub fn no_solution_on_this_size(shape: &Shape, lang: impl Into<Wording>) -> Paragraph {
    let w: Wording = lang.into();
    let title = shape_title(shape, w);
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![plain(say!(
            w,
            "I find no solution to the givens of this {title}: check them against the paper.",
            "Je ne trouve aucune solution aux chiffres donnés de ce {title} : compare-les avec le papier."
        ))],
    }
}

/// A grid of another size whose givens have more than one solution (a
/// photo's printed digits, or a puzzle typed in on the page): a given is
/// probably missing or misread, and Pip says so without blaming anyone.
pub fn several_solutions_on_this_size(shape: &Shape, lang: impl Into<Wording>) -> Paragraph {
    let w: Wording = lang.into();
    let title = shape_title(shape, w);
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![plain(say!(
            w,
            "The givens of this {title} have more than one solution: one is probably missing or misread. Check them against the paper.",
            "Les chiffres donnés de ce {title} ont plus d'une solution : il en manque sans doute un, ou l'un d'eux est mal lu. Compare-les avec le papier."
        ))],
    }
}

/// Game > New found no puzzle of `shape` at `level` from the seeds it
/// tried (a small grid reaches the top levels from some seeds only).
pub fn no_puzzle_made(
    shape: &Shape,
    level: crate::logic::Level,
    lang: impl Into<Wording>,
) -> Paragraph {
    let w: Wording = lang.into();
    let (title, level) = (shape_title(shape, w), super::level_name(level, w.lang));
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(say!(
            w,
            "No {title} at {level} came out this time. Ask again (Game > New), or choose another level.",
            "Aucun {title} de niveau {level} cette fois-ci. Redemande (Partie > Nouvelle), ou choisis un autre niveau."
        ))],
    }
}

/// Pip welcomes a new puzzle of another size than 9×9 (the sized engine rates it): its
/// name, level and givens, then its rules.
pub fn sized_welcome(
    shape: &Shape,
    givens: usize,
    level: crate::logic::Level,
    lang: impl Into<Wording>,
) -> Paragraph {
    let w: Wording = lang.into();
    let (title, level) = (shape_title(shape, w), super::level_name(level, w.lang));
    let mut lines = vec![plain(say!(
        w,
        "A new {title}, {level}, with {givens} givens. Have fun!",
        "Un nouveau {title}, {level}, avec {givens} données. Amuse-toi bien !"
    ))];
    lines.extend(shape_rules(shape, w).into_iter().map(plain));
    Paragraph {
        kind: ParagraphKind::Info,
        lines,
    }
}

/// Check on a board of another size than 9×9 (the exact solver checks it): how many
/// entries are wrong (drawn in red on the board), or all right.
pub fn wrong_count_on_this_size(wrong: usize, lang: impl Into<Wording>) -> Paragraph {
    let w: Wording = lang.into();
    if wrong == 0 {
        return super::entries_all_right(w.lang);
    }
    let text = match wrong {
        1 => say!(
            w,
            "One entry is wrong: it is shown in red.",
            "Un chiffre est faux : il est en rouge."
        ),
        n => say!(
            w,
            "{n} entries are wrong: they are shown in red.",
            "{n} chiffres sont faux : ils sont en rouge."
        ),
    };
    Paragraph {
        kind: ParagraphKind::WrongEntries,
        lines: vec![plain(text)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_and_rules_in_both_languages() {
        let x = Shape::parse_name("x").unwrap();
        assert_eq!(shape_title(&x, Lang::En), "X-Sudoku");
        assert_eq!(shape_title(&x, Lang::Fr), "sudoku X");
        let six = Shape::parse_name("6x6").unwrap();
        assert_eq!(shape_title(&six, Lang::En), "6×6 Sudoku");
        assert_eq!(
            shape_rules(&six, Lang::En),
            vec!["The grid is 6×6: each row, column and box (2×3) holds 1 to 6 once."]
        );
        assert!(shape_rules(&Shape::classic(), Lang::Fr).is_empty());
        let said = read_as_variant(&Shape::parse_name("x+hyper").unwrap(), Lang::Fr);
        assert!(
            said.contains("diagonales") && said.contains("fenêtres"),
            "{said}"
        );
    }

    #[test]
    fn overlapping_grids_have_their_titles_and_rules() {
        let title = |name: &str, lang| shape_title(&Shape::parse_name(name).unwrap(), lang);
        assert_eq!(title("samurai", Lang::En), "Samurai Sudoku");
        assert_eq!(title("samurai", Lang::Fr), "sudoku samouraï");
        assert_eq!(title("carpet-3-dense", Lang::En), "dense 3×3 carpet Sudoku");
        assert_eq!(title("carpet-3-dense", Lang::Fr), "sudoku tapis dense 3×3");
        assert_eq!(title("diagonal-4", Lang::En), "diagonal Sudoku of 4 grids");
        assert_eq!(title("torus-2", Lang::Fr), "sudoku tore 2×2");
        let samurai = Shape::parse_name("samurai").unwrap();
        assert_eq!(
            shape_rules(&samurai, Lang::En),
            vec!["5 9×9 grids overlap: each grid's rows, columns and boxes hold 1 to 9 once, and a cell or a box two grids share counts in both."]
        );
        let torus = Shape::parse_name("torus-3").unwrap();
        assert_eq!(shape_rules(&torus, Lang::Fr).len(), 2);
        let welcome = sized_welcome(&samurai, 120, crate::logic::Level::Hard, Lang::En);
        assert!(
            welcome.lines[0]
                .text
                .starts_with("A new Samurai Sudoku, Hard, with 120 givens."),
            "{:?}",
            welcome.lines
        );
    }
}
