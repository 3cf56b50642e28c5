//! Pip's words: turns engine steps and board states into paragraphs of short
//! lines, each carrying the highlights the board shows while it is read.
//!
//! A step reads from general to specific, as the best hint engines teach:
//! where to look (without the answer), the technique and its rule, the cells
//! that prove it (one line per chain link), the conclusion, then "apply".
//! The app pages through `Vec<Paragraph>`; nothing here knows about the UI.

use crate::grid::{Cell, Unit};
use crate::logic::{Candidate, Highlights, Outcome, Pattern, Step, Technique};
use crate::solver::Verdict;
use serde::{Deserialize, Serialize};

/// The language Pip speaks, and the whole interface with it: the one
/// language type of the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

impl Lang {
    /// From a locale such as `fr_FR.UTF-8` or `en-GB`; English otherwise.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("fr") {
            Lang::Fr
        } else {
            Lang::En
        }
    }

    /// The system's language, read by `sys-locale`: on Unix `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`; on Windows and macOS, which set no
    /// `LANG`, the user's language setting. English when it is not French.
    pub fn system() -> Lang {
        sys_locale::get_locale().map_or(Lang::En, |l| Lang::from_locale(&l))
    }

    pub fn parse(code: &str) -> Option<Lang> {
        match code.to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "fr" | "french" | "français" | "francais" => Some(Lang::Fr),
            _ => None,
        }
    }
}

/// One line of dialogue and what the board highlights while it is shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    pub text: String,
    pub highlights: Highlights,
}

/// What a paragraph is about, so the app can pick Pip's mood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParagraphKind {
    Intro,
    Notes,
    Step,
    WrongEntries,
    Solved,
    Invalid,
    Stuck,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Paragraph {
    pub kind: ParagraphKind,
    pub lines: Vec<Line>,
}

/// `say!(lang, "english {x}", "français {x}")`: one phrase in both languages,
/// with the same captured variables.
macro_rules! say {
    ($lang:expr, $en:literal, $fr:literal $(,)?) => {
        match $lang {
            Lang::En => format!($en),
            Lang::Fr => format!($fr),
        }
    };
}

// One file per technique family, as in `logic`; declared after `say!` so
// that they can use it.
mod als;
mod chains;
mod fish;
mod forcing;
mod intersections;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;
mod words;
mod wrong_entries;

pub use words::level_name;
use words::{cells, digits, tech_name, tech_rule, unit_name, units};

fn line(text: String, highlights: Highlights) -> Line {
    Line { text, highlights }
}

fn plain(text: String) -> Line {
    line(text, Highlights::default())
}

fn only_units(us: &[Unit]) -> Highlights {
    Highlights {
        units: us.to_vec(),
        ..Highlights::default()
    }
}

fn only_cells(cs: &[Cell]) -> Highlights {
    Highlights {
        cells: cs.to_vec(),
        ..Highlights::default()
    }
}

/// Who Pip is and how the dialogue works.
pub fn intro(lang: Lang) -> Paragraph {
    let lines = match lang {
        Lang::En => vec![
            "Hello, I'm Pip! Two dice stacked up: my top die shows a 2 (my eyes), my bottom one a 3 (my buttons).",
            "I never just tell you the answer: I show you the next logical step, one line at a time.",
            "First a nudge where to look. Press Next for the technique, the cells that prove it, and what it gives.",
            "When a step is clear, press Apply to play it, or place the digit yourself.",
            "If you write a wrong digit, I will point at it gently before anything else.",
        ],
        Lang::Fr => vec![
            "Bonjour, je suis Pip ! Deux dés empilés : celui du haut montre un 2 (mes yeux), celui du bas un 3 (mes boutons).",
            "Je ne donne jamais la réponse d'un coup : je montre la prochaine étape logique, une ligne à la fois.",
            "D'abord un indice sur où regarder. Appuie sur Suivant pour la technique, les cases qui la prouvent et ce qu'elle donne.",
            "Quand une étape est claire, appuie sur Appliquer pour la jouer, ou place le chiffre toi-même.",
            "Si tu écris un chiffre faux, je te le montrerai gentiment avant toute autre chose.",
        ],
    };
    Paragraph {
        kind: ParagraphKind::Intro,
        lines: lines.into_iter().map(|t| plain(t.to_string())).collect(),
    }
}

/// Why Pip fills in the candidates before the harder steps.
pub fn notes(lang: Lang) -> Paragraph {
    let texts = [
        say!(lang, "Let me pencil in the candidates first: every digit each empty cell can still take.", "Je note d'abord les candidats : tous les chiffres encore possibles dans chaque case vide."),
        say!(lang, "Strong players do this too: the patterns I will show you live in these notes.", "Les bons joueurs font pareil : les motifs que je vais te montrer se lisent dans ces notes."),
        say!(lang, "When a step removes a candidate, I cross it out in the notes.", "Quand une étape supprime un candidat, je le raye dans les notes."),
    ];
    Paragraph {
        kind: ParagraphKind::Notes,
        lines: texts.into_iter().map(plain).collect(),
    }
}

/// Pip cheers.
pub fn solved(lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Solved,
        lines: vec![
            plain(say!(
                lang,
                "Solved! Every row, column and box holds 1 to 9.",
                "Résolu ! Chaque ligne, colonne et bloc contient 1 à 9."
            )),
            plain(say!(
                lang,
                "Well done: each digit went in by logic, no guessing.",
                "Bravo : chaque chiffre est venu par la logique, sans deviner."
            )),
        ],
    }
}

/// Pip explains why no hint is possible: conflicts, no solution, or several.
pub fn invalid(verdict: &Verdict, lang: Lang) -> Paragraph {
    let mut lines = vec![plain(say!(
        lang,
        "Hmm, I'm sorry: this grid is not a proper puzzle, so no hint can be trusted.",
        "Hum, désolé : cette grille n'est pas un vrai sudoku, aucun indice ne serait fiable."
    ))];
    match verdict {
        Verdict::Unique(_) => {}
        Verdict::NoSolution {
            conflicts,
            dead_end,
        } => {
            for c in conflicts {
                let (d, u, cs) = (c.digit, unit_name(c.unit, lang), cells(&c.cells, lang));
                let mut h = only_cells(&c.cells);
                h.units = vec![c.unit];
                lines.push(line(
                    say!(
                        lang,
                        "{d} appears more than once in {u}: {cs}.",
                        "{d} apparaît plusieurs fois dans {u} : {cs}."
                    ),
                    h,
                ));
            }
            if conflicts.is_empty() {
                match dead_end {
                    Some(crate::solver::DeadEnd::NoCandidate(c)) => lines.push(line(
                        say!(lang, "Following the forced digits, {c} is left with no possible digit.", "En suivant les chiffres forcés, {c} n'a plus aucun chiffre possible."),
                        only_cells(&[*c]),
                    )),
                    Some(crate::solver::DeadEnd::NoPlace(u, d)) => {
                        let un = unit_name(*u, lang);
                        lines.push(line(
                            say!(lang, "Following the forced digits, {d} has no place left in {un}.", "En suivant les chiffres forcés, {d} n'a plus de place dans {un}."),
                            only_units(&[*u]),
                        ))
                    }
                    None => lines.push(plain(say!(lang, "Every way of filling it runs into a contradiction: it has no solution.", "Toutes les façons de la remplir mènent à une contradiction : elle n'a pas de solution."))),
                }
            }
            lines.push(plain(say!(
                lang,
                "Please check the digits read from the paper, or reset the grid.",
                "Vérifie les chiffres lus sur le papier, ou réinitialise la grille."
            )));
        }
        Verdict::Multiple(_) => {
            let differ = verdict.differing_cells();
            let shown = cells(&differ[..differ.len().min(4)], lang);
            lines.push(line(
                say!(
                    lang,
                    "It has more than one solution: {shown} can be filled in two ways.",
                    "Elle a plusieurs solutions : {shown} peuvent se remplir de deux façons."
                ),
                only_cells(&differ),
            ));
            lines.push(plain(say!(
                lang,
                "A digit is probably missing: compare with the paper.",
                "Il manque sans doute un chiffre : compare avec le papier."
            )));
        }
    }
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines,
    }
}

/// Fewest givens of any Sudoku with one solution (shown by McGuire,
/// Tugemann and Civario's exhaustive search, 2012): with fewer, several
/// solutions are certain whatever the digits, so no digit is "missing".
pub const MIN_GIVENS: usize = 17;

/// Pip explains why no hint is possible on `grid` (the givens), whose
/// verdict is `verdict`. Like [`invalid`], except that an empty grid, or one
/// with too few givens to have one solution, is said to be so instead of
/// being blamed on one missing digit.
pub fn invalid_grid(grid: &crate::grid::Grid, verdict: &Verdict, lang: Lang) -> Paragraph {
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

/// The paragraph for whatever the engine said about a board.
pub fn for_outcome(outcome: &Outcome, lang: Lang) -> Paragraph {
    match outcome {
        Outcome::Step(step) => for_step(step, lang),
        Outcome::Solved => solved(lang),
        Outcome::Invalid(v) => invalid(v, lang),
        Outcome::Stuck => Paragraph {
            kind: ParagraphKind::Stuck,
            lines: vec![plain(say!(lang, "I can't find a logical step here. Check the notes: a true digit may have been erased.", "Je ne trouve pas d'étape logique ici. Vérifie les notes : un bon chiffre a peut-être été effacé."))],
        },
    }
}

/// The lines for one step, from nudge to "apply".
pub fn for_step(step: &Step, lang: Lang) -> Paragraph {
    if step.technique == Technique::WrongEntries {
        return wrong_entries::paragraph(&step.wrong, lang);
    }
    let mut lines = Vec::new();
    // 1. Nudge: where to look, without the answer.
    let focus = units(&step.focus, lang);
    lines.push(line(
        if step.technique.is_chain() {
            say!(
                lang,
                "This one is hard. Start from {focus} and follow what is forced.",
                "Celle-ci est difficile. Pars de {focus} et suis ce qui est forcé."
            )
        } else {
            say!(lang, "Have a look at {focus}.", "Regarde {focus}.")
        },
        only_units(&step.focus),
    ));
    // 2. Technique and rule.
    let (name, rule) = (
        tech_name(step.technique, lang),
        tech_rule(step.technique, lang),
    );
    lines.push(line(
        say!(
            lang,
            "Technique: {name}. {rule}",
            "Technique : {name}. {rule}"
        ),
        only_units(&step.highlights.units),
    ));
    if step.technique.needs_uniqueness() {
        lines.push(plain(say!(
            lang,
            "This only works because a proper puzzle has exactly one solution.",
            "Ceci ne marche que parce qu'un vrai sudoku a une seule solution."
        )));
    }
    // 3. The evidence.
    lines.extend(evidence(step, lang));
    // 4. Conclusion and 5. apply.
    lines.push(line(conclusion(step, lang), conclusion_highlights(step)));
    lines.push(line(
        say!(
            lang,
            "Press Apply to play this step.",
            "Appuie sur Appliquer pour jouer cette étape."
        ),
        step.highlights.clone(),
    ));
    Paragraph {
        kind: ParagraphKind::Step,
        lines,
    }
}

fn conclusion_highlights(step: &Step) -> Highlights {
    Highlights {
        deleted: step.highlights.deleted.clone(),
        placed: step.highlights.placed.clone(),
        candidates: step.highlights.candidates.clone(),
        ..Highlights::default()
    }
}

fn conclusion(step: &Step, lang: Lang) -> String {
    let mut parts = Vec::new();
    for p in &step.placements {
        let (c, d) = (p.cell, p.digit);
        parts.push(say!(lang, "{c} is {d}", "{c} vaut {d}"));
    }
    // Group eliminations by digit set: "7 leaves r2c3 and r2c5".
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for e in &step.eliminations {
        match groups.iter_mut().find(|g| g.0 == e.digits) {
            Some(g) => g.1.push(e.cell),
            None => groups.push((e.digits.clone(), vec![e.cell])),
        }
    }
    for (ds, cs) in groups {
        let (dl, cl) = (digits(&ds, lang), cells(&cs, lang));
        parts.push(say!(
            lang,
            "{dl} can be removed from {cl}",
            "on peut retirer {dl} de {cl}"
        ));
    }
    let all = parts.join("; ");
    say!(lang, "So {all}.", "Donc {all}.")
}

fn cand_cells(cs: &[Candidate]) -> Vec<Cell> {
    let mut v: Vec<Cell> = cs.iter().map(|c| c.cell).collect();
    v.sort();
    v.dedup();
    v
}

/// An evidence line: its text and what the board shows while it is read.
fn shown(
    text: String,
    cells: Vec<Cell>,
    candidates: Vec<Candidate>,
    secondary: Vec<Candidate>,
    units: Vec<Unit>,
) -> Line {
    line(
        text,
        Highlights {
            cells,
            candidates,
            secondary,
            units,
            ..Highlights::default()
        },
    )
}

/// The lines that prove the step, each with its own highlights, told by
/// the family file of the step's pattern.
fn evidence(step: &Step, lang: Lang) -> Vec<Line> {
    let h = &step.highlights;
    let links = || step.chains.iter().flat_map(|c| &c.links);
    match &step.pattern {
        Pattern::WrongEntries => Vec::new(),
        &Pattern::FullHouse { unit, cell, digit } => {
            singles::full_house(h, unit, cell, digit, lang)
        }
        Pattern::HiddenSingle {
            unit,
            cell,
            digit,
            blockers,
        } => singles::hidden_single(*unit, *cell, *digit, blockers, lang),
        &Pattern::NakedSingle { cell, digit } => singles::naked_single(h, cell, digit, lang),
        Pattern::Locked {
            digit,
            base,
            cover,
            cells,
        } => intersections::locked(h, *digit, *base, *cover, cells, lang),
        Pattern::NakedSubset {
            cells,
            digits,
            units,
        } => subsets::naked(h, cells, digits, units, lang),
        Pattern::HiddenSubset {
            cells,
            digits,
            unit,
        } => subsets::hidden(h, cells, digits, *unit, lang),
        Pattern::Fish {
            digit,
            base,
            cover,
            fins,
        } => fish::fish(h, *digit, base, cover, fins, lang),
        &Pattern::Wing {
            pivot,
            pincers,
            x,
            y,
            z,
        } => {
            let xyz = step.technique == Technique::XyzWing;
            wings::xy_wing(h, pivot, pincers, (x, y, z), xyz, lang)
        }
        &Pattern::WWing {
            cells,
            link,
            unit,
            x,
            y,
        } => wings::w_wing(h, cells, link, unit, (x, y), lang),
        &Pattern::Turbot {
            digit,
            ends: [s, e],
            ..
        } => {
            let (start, end) = (Candidate::new(s, digit), Candidate::new(e, digit));
            chains::either_end(start, links(), end, lang)
        }
        Pattern::EmptyRectangle(er) => single_digit::empty_rectangle(h, er, lang),
        &Pattern::Coloring { digit, wrap, .. } => {
            single_digit::coloring(h, digit, links(), wrap, lang)
        }
        Pattern::Rectangle {
            corners,
            pair,
            extra,
            kind,
        } => uniqueness::rectangle(h, corners, pair, extra, kind, lang),
        &Pattern::Bug { cell, digit } => uniqueness::bug(h, cell, digit, lang),
        &Pattern::Chain { start, end } => chains::either_end(start, links(), end, lang),
        Pattern::Als { x, z, sets } => als::als_xz(h, *x, z, sets, lang),
        Pattern::Contradiction { .. } => forcing::contradiction(&step.chains, lang),
        &Pattern::Forcing { source } => forcing::forcing(&step.chains, source, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};
    use crate::logic::{next_outcome, solve_path};

    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn every_step_of_a_hard_path_reads_well_in_both_languages() {
        let path = solve_path(&Grid::parse(HARD).unwrap());
        for step in &path.steps {
            for lang in [Lang::En, Lang::Fr] {
                let p = for_step(step, lang);
                assert!(p.lines.len() >= 4, "{step}: {:?}", p.lines);
                // The nudge names a region but never the answer.
                assert!(!p.lines[0].highlights.units.is_empty(), "{step}");
                assert!(
                    p.lines[0].highlights.deleted.is_empty()
                        && p.lines[0].highlights.placed.is_empty()
                );
                assert!(p
                    .lines
                    .iter()
                    .all(|l| !l.text.is_empty() && !l.text.contains('{')));
                assert!(p.lines.last().unwrap().highlights == step.highlights);
            }
            if step.technique.is_chain() {
                let links: usize = step.chains.iter().map(|c| c.links.len()).sum();
                assert!(
                    for_step(step, Lang::En).lines.len() >= links + 4,
                    "one line per link"
                );
            }
        }
    }

    #[test]
    fn wrong_entries_come_first_and_point_at_the_cell() {
        let g = Grid::parse(HARD).unwrap();
        let sol = crate::solver::solve(&g).unwrap();
        let mut board = Board::new(g);
        let cell = Cell::new(0, 1);
        let wrong = if sol.get(cell) == 1 { 2 } else { 1 };
        board.set_entry(cell, wrong).unwrap();
        let p = for_outcome(&next_outcome(&board), Lang::En);
        assert_eq!(p.kind, ParagraphKind::WrongEntries);
        assert!(p.lines[0].text.contains("r1c2"));
        assert_eq!(p.lines[0].highlights.cells, vec![cell]);
        assert!(!p
            .lines
            .iter()
            .any(|l| l.text.contains(&format!(" {} ", sol.get(cell)))));
    }

    #[test]
    fn invalid_grids_are_explained() {
        let mut g = Grid::parse(HARD).unwrap();
        g.set(Cell::new(0, 1), 4);
        let p = invalid(&crate::solver::verdict(&g), Lang::En);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text.contains("4 appears more than once in row 1")));
        let p = invalid(&crate::solver::verdict(&Grid::empty()), Lang::Fr);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text.contains("plusieurs solutions")));
        assert!(intro(Lang::En).lines[0].text.contains("Pip"));
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Lang::Fr);
        assert_eq!(notes(Lang::Fr).kind, ParagraphKind::Notes);
    }

    #[test]
    fn an_empty_or_sparse_grid_is_said_to_be_so() {
        // issue 11: an empty grid was said to miss "a digit"
        let empty = Grid::empty();
        let v = crate::solver::verdict(&empty);
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
        let p = invalid_grid(&sparse, &crate::solver::verdict(&sparse), Lang::En);
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
        let v = crate::solver::verdict(&g);
        assert!(matches!(v, Verdict::Multiple(_)));
        assert_eq!(invalid_grid(&g, &v, Lang::En), invalid(&v, Lang::En));
    }
}
