//! Pip's words for a grid that is not a proper puzzle: two equal digits in
//! a unit, a dead end of the forced digits, no solution at all, or several
//! solutions; and for the player's entries that break a proper puzzle.
//!
//! This is the one home of those sentences: the dialogue's paragraphs and
//! the command line's one-line summary ([`verdict_summary`]) are built from
//! the same facts ([`fact`]), so they never disagree.

use super::words::{cell, cells, cells_within, unit_name};
use super::{line, only_cells, only_units, plain, Line, Paragraph, ParagraphKind, Wording};
use crate::grid::{Cell, Conflict, Grid};
use crate::logic::Highlights;
use crate::solver::{DeadEnd, Verdict};

/// Fewest givens of any Sudoku with one solution (shown by McGuire,
/// Tugemann and Civario's exhaustive search, 2012): with fewer, several
/// solutions are certain whatever the digits, so no digit is "missing".
pub const MIN_GIVENS: usize = 17;

/// How many cells of a unit share a digit, in words.
fn times(n: usize, lang: Wording) -> String {
    match n {
        2 => say!(lang, "twice", "deux fois"),
        _ => say!(lang, "{n} times", "{n} fois"),
    }
}

/// "4 appears twice in row 1 (columns 1 and 2)", compact "4 appears twice
/// in r1 (r1c1, r1c2)": one conflict, as a clause.
fn conflict_clause(c: &Conflict, lang: Wording) -> String {
    let (d, u) = (c.digit, unit_name(c.unit, lang));
    let n = times(c.cells.len(), lang);
    let cs = cells_within(&c.cells, c.unit, lang);
    say!(
        lang,
        "{d} appears {n} in {u} ({cs})",
        "le {d} apparaît {n} dans {u} ({cs})"
    )
}

/// Where following the forced digits breaks down, as a clause.
fn dead_end_clause(dead_end: DeadEnd, lang: Wording) -> String {
    match dead_end {
        DeadEnd::NoCandidate(c) => {
            let c = cell(c, lang);
            say!(
                lang,
                "following the forced digits, {c} is left with no possible digit",
                "en suivant les chiffres forcés, {c} n'a plus aucun chiffre possible"
            )
        }
        DeadEnd::NoPlace(u, d) => {
            let u = unit_name(u, lang);
            say!(
                lang,
                "following the forced digits, {d} has no place left in {u}",
                "en suivant les chiffres forcés, le {d} n'a plus de place dans {u}"
            )
        }
        DeadEnd::WrongParity(c) => {
            let c = cell(c, lang);
            say!(
                lang,
                "{c} is shaded, and its digit does not have the parity its shading asks for",
                "{c} est grisée, et son chiffre n'a pas la parité que sa couleur demande"
            )
        }
    }
}

fn contradiction_clause(lang: Wording) -> String {
    say!(
        lang,
        "every way of filling the grid runs into a contradiction",
        "toutes les façons de remplir la grille mènent à une contradiction"
    )
}

/// "r1c1 can be 1 or 2, r1c3 can be 4 or 7" (plain names apart with
/// semicolons: "row 1, column 1 can be 1 or 2; row 1, column 3 ..."): up to
/// four cells where two solutions differ, and those cells.
fn two_ways(verdict: &Verdict, lang: Wording) -> (String, Vec<Cell>) {
    let Verdict::Multiple(solutions) = verdict else {
        return (String::new(), Vec::new());
    };
    let [a, b] = &**solutions;
    let differ: Vec<Cell> = verdict.differing_cells().into_iter().take(4).collect();
    let words: Vec<String> = differ
        .iter()
        .map(|&c| {
            let (x, y) = (a.get(c), b.get(c));
            let c = cell(c, lang);
            say!(lang, "{c} can be {x} or {y}", "{c} peut valoir {x} ou {y}")
        })
        .collect();
    let apart = match lang.notation {
        super::Notation::Plain => super::words::semicolon(lang.lang),
        super::Notation::Compact => ", ",
    };
    (words.join(apart), differ)
}

/// A clause as a sentence: capital first letter, full stop.
fn sentence(clause: &str) -> String {
    let mut chars = clause.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// One fact of a verdict, with what the board shows while it is read.
pub struct VerdictFact {
    pub clause: String,
    pub highlights: Highlights,
}

/// The facts that make `verdict` what it is: each conflict, else where the
/// forced digits break down, else the contradiction; for several
/// solutions, the cells that can differ. None for a unique solution.
pub fn facts(verdict: &Verdict, lang: impl Into<Wording>) -> Vec<VerdictFact> {
    let lang = lang.into();
    match verdict {
        Verdict::Unique(_) => Vec::new(),
        Verdict::NoSolution {
            conflicts,
            dead_end,
        } => {
            if !conflicts.is_empty() {
                return conflicts
                    .iter()
                    .map(|c| VerdictFact {
                        clause: conflict_clause(c, lang),
                        highlights: Highlights {
                            units: vec![c.unit],
                            ..only_cells(&c.cells)
                        },
                    })
                    .collect();
            }
            vec![match *dead_end {
                Some(d @ (DeadEnd::NoCandidate(c) | DeadEnd::WrongParity(c))) => VerdictFact {
                    clause: dead_end_clause(d, lang),
                    highlights: only_cells(&[c]),
                },
                Some(d @ DeadEnd::NoPlace(u, _)) => VerdictFact {
                    clause: dead_end_clause(d, lang),
                    highlights: only_units(&[u]),
                },
                None => VerdictFact {
                    clause: contradiction_clause(lang),
                    highlights: Highlights::default(),
                },
            }]
        }
        Verdict::Multiple(_) => {
            let (list, differ) = two_ways(verdict, lang);
            vec![VerdictFact {
                clause: list,
                highlights: only_cells(&differ),
            }]
        }
    }
}

/// The verdict in one line, as the command line prints it:
/// `no solution: 4 appears twice in row 1 (columns 1 and 2)`.
pub fn verdict_summary(verdict: &Verdict, lang: impl Into<Wording>) -> String {
    let lang = lang.into();
    let clauses: Vec<String> = facts(verdict, lang).into_iter().map(|f| f.clause).collect();
    let clauses = clauses.join("; ");
    match verdict {
        Verdict::Unique(_) => say!(lang, "unique solution", "solution unique"),
        Verdict::NoSolution { .. } => say!(
            lang,
            "no solution: {clauses}",
            "pas de solution : {clauses}"
        ),
        Verdict::Multiple(_) => say!(
            lang,
            "multiple solutions: for example {clauses}",
            "plusieurs solutions : par exemple {clauses}"
        ),
    }
}

/// The lines that explain `verdict` to the player, each with its cells:
/// "This grid has no solution." then each conflict (or the dead end), or
/// the cells that can be filled two ways.
pub fn verdict_lines(verdict: &Verdict, lang: impl Into<Wording>) -> Vec<Line> {
    let lang = lang.into();
    let facts = facts(verdict, lang);
    match verdict {
        Verdict::Unique(_) => Vec::new(),
        Verdict::NoSolution { .. } => {
            let mut lines = vec![plain(say!(
                lang,
                "This grid has no solution.",
                "Cette grille n'a pas de solution."
            ))];
            lines.extend(
                facts
                    .into_iter()
                    .map(|f| line(sentence(&f.clause), f.highlights)),
            );
            lines
        }
        Verdict::Multiple(_) => facts
            .into_iter()
            .map(|f| {
                let list = f.clause;
                line(
                    say!(
                        lang,
                        "This grid has several solutions: for example {list}. A proper Sudoku has only one.",
                        "Cette grille a plusieurs solutions : par exemple {list}. Un vrai sudoku n'en a qu'une."
                    ),
                    f.highlights,
                )
            })
            .collect(),
    }
}

/// Pip explains why no hint is possible: conflicts, no solution, or several.
pub fn invalid(verdict: &Verdict, lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let mut lines = vec![plain(say!(
        lang,
        "Hmm, I'm sorry: this grid is not a proper puzzle, so no hint can be trusted.",
        "Hum, désolé : cette grille n'est pas un vrai sudoku, aucun indice ne serait fiable."
    ))];
    lines.extend(verdict_lines(verdict, lang));
    match verdict {
        Verdict::Unique(_) => {}
        Verdict::NoSolution { .. } => lines.push(plain(say!(
            lang,
            "Please check the digits read from the paper, or reset the grid.",
            "Vérifie les chiffres lus sur le papier, ou réinitialise la grille."
        ))),
        Verdict::Multiple(_) => lines.push(plain(say!(
            lang,
            "A digit is probably missing: compare with the paper.",
            "Il manque sans doute un chiffre : compare avec le papier."
        ))),
    }
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines,
    }
}

/// Pip explains why no hint is possible on `grid` (the givens), whose
/// verdict is `verdict`. Like [`invalid`], except that an empty grid, or one
/// with too few givens to have one solution, is said to be so instead of
/// being blamed on one missing digit.
pub fn invalid_grid(grid: &Grid, verdict: &Verdict, lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let n = grid.filled_count();
    if !matches!(verdict, Verdict::Multiple(_)) || n >= MIN_GIVENS {
        return invalid(verdict, lang);
    }
    let first = match n {
        0 => say!(
            lang,
            "This grid is empty: there is nothing to solve yet.",
            "Cette grille est vide : il n'y a encore rien à résoudre."
        ),
        1 => say!(
            lang,
            "This grid has only 1 given: far too few to have one solution.",
            "Cette grille n'a qu'un seul chiffre donné : bien trop peu pour avoir une seule solution."
        ),
        _ => say!(
            lang,
            "This grid has only {n} givens: too few to have one solution.",
            "Cette grille n'a que {n} chiffres donnés : trop peu pour avoir une seule solution."
        ),
    };
    let second = say!(
        lang,
        "A Sudoku needs at least {MIN_GIVENS} givens: type in the rest of the puzzle, or open a photo of it.",
        "Un sudoku a besoin d'au moins {MIN_GIVENS} chiffres donnés : tape le reste de la grille, ou ouvre-en une photo."
    );
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![plain(first), plain(second)],
    }
}

/// The board's givens make a proper puzzle, but the player's entries break
/// it (`current` is the verdict on givens and entries): what breaks, then
/// the entries that differ from the solution, crossed out on the board.
pub fn entries_break_the_puzzle(
    current: &Verdict,
    wrong: &[Cell],
    lang: impl Into<Wording>,
) -> Paragraph {
    let lang = lang.into();
    let crossed = Highlights {
        wrong: wrong.to_vec(),
        ..Highlights::default()
    };
    let listed = cells(wrong, lang);
    // The player's entries lead: the puzzle is fine, and "this grid has no
    // solution" is only what those entries make of it.
    let mut lines = vec![line(
        say!(
            lang,
            "The puzzle itself is fine, but some of your entries do not match its solution: {listed}.",
            "La grille de départ est bonne, mais certains de tes chiffres ne correspondent pas à sa solution : {listed}."
        ),
        crossed.clone(),
    )];
    let mut why = verdict_lines(current, lang);
    if matches!(current, Verdict::NoSolution { .. }) && !why.is_empty() {
        why[0] = plain(say!(
            lang,
            "With them as they are, the grid has no solution:",
            "Avec eux tels quels, la grille n'a pas de solution :"
        ));
    }
    lines.extend(why);
    lines.push(line(
        say!(
            lang,
            "You can remove the wrong entries, or reset to the givens.",
            "Tu peux retirer les chiffres faux, ou revenir aux données."
        ),
        crossed,
    ));
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines,
    }
}

/// Check found exactly one entry, `value` in `cell`, that differs from the
/// solution (which is not told: the player may want to find it).
pub fn one_wrong_entry(at: Cell, value: u8, lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let cell = cell(at, lang);
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![line(
            say!(
                lang,
                "Careful: the {value} in {cell} does not match the solution. I marked it with a cross.",
                "Attention : le {value} en {cell} ne correspond pas à la solution. Je l'ai marqué d'une croix."
            ),
            Highlights {
                wrong: vec![at],
                ..Highlights::default()
            },
        )],
    }
}

/// The givens themselves are not a proper puzzle (`verdict` is theirs, or
/// the board's when it has no entries): what breaks, and, when
/// `blame_givens`, a question about how the grid was typed or read.
pub fn broken_givens(verdict: &Verdict, blame_givens: bool, lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let mut lines = verdict_lines(verdict, lang);
    if blame_givens {
        lines.push(plain(say!(
            lang,
            "The givens themselves are not a proper puzzle: was the grid typed or read correctly?",
            "Les données elles-mêmes ne forment pas une vraie grille : a-t-elle été bien saisie ou lue ?"
        )));
    }
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::{Lang, Notation};
    use crate::solver::verdict;

    const COMPACT: Wording = Wording {
        lang: Lang::En,
        notation: Notation::Compact,
    };

    const PUZZLE: &str = crate::test_puzzles::HARD_17;
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn a_summary_names_the_conflict_the_dead_end_or_two_ways() {
        let mut g = Grid::parse(PUZZLE).unwrap();
        g.set(Cell::new(0, 1), 4);
        assert_eq!(
            verdict_summary(&verdict(&g), COMPACT),
            "no solution: 4 appears twice in r1 (r1c1, r1c2)"
        );
        assert_eq!(
            verdict_summary(&verdict(&g), Lang::En),
            "no solution: 4 appears twice in row 1 (columns 1 and 2)"
        );
        assert!(verdict_summary(&verdict(&Grid::empty()), COMPACT)
            .starts_with("multiple solutions: for example r"));
        let two = verdict_summary(&verdict(&Grid::empty()), Lang::En);
        assert!(
            two.starts_with("multiple solutions: for example row ") && two.contains("; row "),
            "{two}"
        );
        // r1c9 sees 1..8 in its row and 9 in its column: no conflict, yet dead.
        let mut dead = Grid::parse(&format!("12345678.{}", ".".repeat(72))).unwrap();
        dead.set(Cell::new(4, 8), 9);
        assert_eq!(
            verdict_summary(&verdict(&dead), COMPACT),
            "no solution: following the forced digits, r1c9 is left with no possible digit"
        );
        assert_eq!(
            verdict_summary(&verdict(&dead), Lang::En),
            "no solution: following the forced digits, row 1, column 9 is left with no possible digit"
        );
        assert_eq!(
            verdict_summary(&verdict(&Grid::parse(PUZZLE).unwrap()), Lang::Fr),
            "solution unique"
        );
    }

    #[test]
    fn the_lines_say_the_same_facts_as_the_summary() {
        let mut g = Grid::parse(PUZZLE).unwrap();
        g.set(Cell::new(0, 1), 4);
        let v = verdict(&g);
        let lines = verdict_lines(&v, COMPACT);
        assert_eq!(lines[0].text, "This grid has no solution.");
        assert_eq!(lines[1].text, "4 appears twice in r1 (r1c1, r1c2).");
        let lines = verdict_lines(&v, Lang::En);
        assert_eq!(lines[1].text, "4 appears twice in row 1 (columns 1 and 2).");
        assert_eq!(
            lines[1].highlights.cells,
            vec![Cell::new(0, 0), Cell::new(0, 1)]
        );
        let fr = verdict_lines(&v, Lang::Fr);
        assert_eq!(
            fr[1].text,
            "Le 4 apparaît deux fois dans la ligne 1 (colonnes 1 et 2)."
        );
    }

    #[test]
    fn invalid_grids_are_explained() {
        let mut g = Grid::parse(HARD).unwrap();
        g.set(Cell::new(0, 1), 4);
        let p = invalid(&verdict(&g), Lang::En);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text.contains("4 appears twice in row 1")));
        let p = invalid(&verdict(&Grid::empty()), Lang::Fr);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text.contains("plusieurs solutions")));
    }

    #[test]
    fn an_empty_or_sparse_grid_is_said_to_be_so() {
        // issue 11: an empty grid was said to miss "a digit"
        let empty = Grid::empty();
        let v = verdict(&empty);
        for lang in [Lang::En, Lang::Fr] {
            let text: Vec<String> = invalid_grid(&empty, &v, lang)
                .lines
                .into_iter()
                .map(|l| l.text)
                .collect();
            assert!(
                text[0].contains("empty") || text[0].contains("vide"),
                "{text:?}"
            );
            assert!(!text
                .iter()
                .any(|t| t.contains("missing") || t.contains("manque")));
        }
        let mut sparse = Grid::empty();
        sparse.set(Cell::new(0, 0), 5);
        sparse.set(Cell::new(4, 4), 3);
        let p = invalid_grid(&sparse, &verdict(&sparse), Lang::En);
        assert!(
            p.lines[0].text.contains("only 2 givens"),
            "{:?}",
            p.lines[0]
        );
        // enough givens, several solutions (every 1 and 2 erased from a
        // solution, so they can swap): the general explanation stays
        let mut g = crate::solver::solve(&Grid::parse(HARD).unwrap()).unwrap();
        for c in Cell::ALL {
            if g.get(c) <= 2 {
                g.set(c, 0);
            }
        }
        let v = verdict(&g);
        assert!(matches!(v, Verdict::Multiple(_)));
        assert_eq!(invalid_grid(&g, &v, Lang::En), invalid(&v, Lang::En));
    }

    #[test]
    fn wrong_entries_are_crossed_not_framed() {
        let cell = Cell::new(2, 3);
        let p = one_wrong_entry(cell, 7, Lang::En);
        assert_eq!(p.lines[0].highlights.wrong, vec![cell]);
        assert!(p.lines[0].highlights.cells.is_empty());
        let v = verdict(&Grid::parse(PUZZLE).unwrap());
        let p = entries_break_the_puzzle(&v, &[cell], Lang::Fr);
        assert!(p.lines.iter().all(|l| l.highlights.wrong == vec![cell]));
    }
}
