//! Pip's words: turns engine steps and board states into paragraphs of short
//! lines, each carrying the highlights the board shows while it is read.
//!
//! A step reads from general to specific, as the best hint engines teach:
//! where to look (without the answer), the technique and its rule, the cells
//! that prove it (one line per chain link), the conclusion, then "apply".
//! The app pages through `Vec<Paragraph>`; nothing here knows about the UI.

mod words;

use crate::grid::{Cell, Unit};
use crate::logic::{Candidate, Highlights, Link, LinkKind, Outcome, Step, Technique, Why};
use crate::solver::Verdict;
use serde::{Deserialize, Serialize};
pub use words::level_name;
use words::{cells, digits, tech_name, tech_rule, unit_name, units};

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
        return wrong_entries(step, lang);
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

fn wrong_entries(step: &Step, lang: Lang) -> Paragraph {
    let cs: Vec<Cell> = step.wrong.iter().map(|w| w.cell).collect();
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
        only_cells(&cs),
    )];
    for w in &step.wrong {
        let (c, d) = (w.cell, w.digit);
        lines.push(line(
            say!(
                lang,
                "{c} holds {d}, but the solution has another digit there.",
                "{c} contient {d}, mais la solution a un autre chiffre ici."
            ),
            only_cells(&[c]),
        ));
    }
    lines.push(line(
        say!(
            lang,
            "Press Apply to erase them; then I can help with the next step.",
            "Appuie sur Appliquer pour les effacer ; ensuite je pourrai t'aider."
        ),
        only_cells(&cs),
    ));
    Paragraph {
        kind: ParagraphKind::WrongEntries,
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

/// The lines that prove the step, each with its own highlights.
fn evidence(step: &Step, lang: Lang) -> Vec<Line> {
    use Technique::*;
    let h = &step.highlights;
    let d = step.digits.first().copied().unwrap_or(0);
    let mut out = Vec::new();
    let mut hl = |text: String,
                  cells: Vec<Cell>,
                  candidates: Vec<Candidate>,
                  secondary: Vec<Candidate>,
                  units: Vec<Unit>| {
        out.push(line(
            text,
            Highlights {
                cells,
                candidates,
                secondary,
                units,
                ..Highlights::default()
            },
        ));
    };
    match step.technique {
        FullHouse => {
            let u = unit_name(step.base[0], lang);
            let c = step.placements[0].cell;
            hl(
                say!(
                    lang,
                    "{u} has only one empty cell left: {c}. The one digit it is missing is {d}.",
                    "{u} n'a plus qu'une case vide : {c}. Le seul chiffre qui lui manque est {d}."
                ),
                h.cells.clone(),
                vec![],
                vec![],
                step.base.clone(),
            );
        }
        HiddenSingle => {
            let u = unit_name(step.base[0], lang);
            let c = step.placements[0].cell;
            let bl = cells(&h.cells, lang);
            hl(
                say!(
                    lang,
                    "The {d}s in {bl} rule out every other cell of {u}.",
                    "Les {d} en {bl} excluent toutes les autres cases de {u}."
                ),
                h.cells.clone(),
                vec![],
                vec![],
                step.base.clone(),
            );
            hl(
                say!(
                    lang,
                    "So in {u}, {d} fits only in {c}.",
                    "Donc dans {u}, {d} ne peut aller qu'en {c}."
                ),
                vec![c],
                vec![],
                vec![],
                step.base.clone(),
            );
        }
        NakedSingle => {
            let c = step.placements[0].cell;
            hl(
                say!(
                    lang,
                    "{c} sees every digit except {d} in its row, column and box.",
                    "{c} voit tous les chiffres sauf {d} dans sa ligne, sa colonne et son bloc."
                ),
                vec![c],
                h.candidates.clone(),
                vec![],
                h.units.clone(),
            );
        }
        Pointing | Claiming => {
            let (from, to) = (
                unit_name(step.base[0], lang),
                unit_name(step.cover[0], lang),
            );
            let cl = cells(&cand_cells(&h.candidates), lang);
            hl(
                say!(
                    lang,
                    "In {from}, {d} can only go in {cl}, which all lie in {to}.",
                    "Dans {from}, {d} ne peut aller qu'en {cl}, qui sont toutes dans {to}."
                ),
                vec![],
                h.candidates.clone(),
                vec![],
                h.units.clone(),
            );
            hl(
                say!(
                    lang,
                    "Whichever of them gets the {d}, it is the {d} of {to} too.",
                    "Quelle que soit celle qui reçoit le {d}, c'est aussi le {d} de {to}."
                ),
                vec![],
                h.candidates.clone(),
                vec![],
                vec![step.cover[0]],
            );
        }
        NakedPair | NakedTriple | NakedQuad => {
            let (cl, dl, ul) = (
                cells(&h.cells, lang),
                digits(&step.digits, lang),
                units(&step.base, lang),
            );
            let n = h.cells.len();
            hl(
                say!(
                    lang,
                    "The {n} cells {cl} can only hold {dl} between them.",
                    "Les {n} cases {cl} ne peuvent contenir que {dl} à elles toutes."
                ),
                h.cells.clone(),
                h.candidates.clone(),
                vec![],
                step.base.clone(),
            );
            hl(
                say!(
                    lang,
                    "They will use up {dl}, so no other cell of {ul} can take them.",
                    "Elles vont prendre {dl}, donc aucune autre case de {ul} ne peut les avoir."
                ),
                h.cells.clone(),
                h.candidates.clone(),
                vec![],
                step.base.clone(),
            );
        }
        HiddenPair | HiddenTriple | HiddenQuad => {
            let (cl, dl, u) = (
                cells(&h.cells, lang),
                digits(&step.digits, lang),
                unit_name(step.base[0], lang),
            );
            hl(
                say!(
                    lang,
                    "In {u}, the digits {dl} fit only in {cl}.",
                    "Dans {u}, les chiffres {dl} ne vont qu'en {cl}."
                ),
                h.cells.clone(),
                h.candidates.clone(),
                vec![],
                step.base.clone(),
            );
            hl(say!(lang, "Those cells must hold exactly {dl}, so their other candidates go.", "Ces cases doivent contenir exactement {dl}, donc leurs autres candidats partent."), h.cells.clone(), h.candidates.clone(), vec![], step.base.clone());
        }
        XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish => {
            let (bl, cl) = (units(&step.base, lang), units(&step.cover, lang));
            let n = step.base.len();
            hl(
                say!(
                    lang,
                    "In {bl}, {d} can only go in {cl}.",
                    "Dans {bl}, {d} ne peut aller que dans {cl}."
                ),
                vec![],
                h.candidates.clone(),
                vec![],
                step.base.clone(),
            );
            hl(say!(lang, "Those {n} lines each need a {d} and share only {n} crossing lines, so they fill the {d} of {cl}.", "Ces {n} lignes ont chacune besoin d'un {d} et ne partagent que {n} lignes croisées : elles fournissent le {d} de {cl}."), vec![], h.candidates.clone(), vec![], step.highlights.units.clone());
            if !h.secondary.is_empty() {
                let fl = cells(&cand_cells(&h.secondary), lang);
                hl(say!(lang, "The extra {d} in {fl} is a fin: if it is true, it removes {d} from the cells it sees; if not, the fish holds. Either way, the cells that see the fin lose {d}.", "Le {d} en trop en {fl} est un aileron : s'il est vrai, il retire {d} des cases qu'il voit ; sinon le poisson tient. Dans les deux cas, les cases qui voient l'aileron perdent {d}."), vec![], h.candidates.clone(), h.secondary.clone(), vec![]);
            }
        }
        EmptyRectangle => {
            let b = unit_name(step.base[0], lang);
            let (r, c) = (
                unit_name(step.cover[0], lang),
                unit_name(step.cover[1], lang),
            );
            let l = unit_name(step.base[1], lang);
            let (p, q) = (h.candidates[0].cell, h.candidates[1].cell);
            hl(say!(lang, "In {b}, {d} lies only in {r} and {c}: the box's {d} is on one of those lines.", "Dans {b}, {d} n'est que sur {r} et {c} : le {d} du bloc est sur l'une de ces lignes."), vec![], vec![], h.secondary.clone(), vec![step.base[0]]);
            hl(
                say!(
                    lang,
                    "In {l}, {d} can only go in {p} or {q}.",
                    "Dans {l}, {d} ne peut aller qu'en {p} ou {q}."
                ),
                vec![],
                h.candidates.clone(),
                vec![],
                vec![step.base[1]],
            );
            let t = step.eliminations[0].cell;
            hl(say!(lang, "If {t} were {d}, {q} would not be, so {p} would be; then {b} would have no room left for {d}.", "Si {t} valait {d}, {q} ne le serait pas, donc {p} le serait ; alors {b} n'aurait plus de place pour {d}."), vec![t], h.candidates.clone(), h.secondary.clone(), vec![step.base[0]]);
        }
        XyWing | XyzWing => {
            let (pivot, a, b) = (h.cells[0], h.cells[1], h.cells[2]);
            let z = step.eliminated().next().map_or(0, |c| c.digit);
            let (pc, ac, bc) = (s_digits(h, pivot), s_digits(h, a), s_digits(h, b));
            hl(
                say!(
                    lang,
                    "The pivot {pivot} can only be {pc}; it sees {a} ({ac}) and {b} ({bc}).",
                    "Le pivot {pivot} ne peut valoir que {pc} ; il voit {a} ({ac}) et {b} ({bc})."
                ),
                h.cells.clone(),
                h.candidates.clone(),
                h.secondary.clone(),
                vec![],
            );
            if step.technique == XyWing {
                hl(
                    say!(
                        lang,
                        "Whatever the pivot is, it turns {a} or {b} into {z}.",
                        "Quelle que soit sa valeur, le pivot force {a} ou {b} à valoir {z}."
                    ),
                    vec![a, b],
                    vec![],
                    h.secondary.clone(),
                    vec![],
                );
            } else {
                hl(
                    say!(
                        lang,
                        "Whatever the pivot is, one of the three cells is {z}.",
                        "Quelle que soit la valeur du pivot, l'une des trois cases vaut {z}."
                    ),
                    h.cells.clone(),
                    vec![],
                    h.secondary.clone(),
                    vec![],
                );
            }
        }
        WWing => {
            let (a, b, p, q) = (h.cells[0], h.cells[1], h.cells[2], h.cells[3]);
            let (x, y) = (step.digits[0], step.digits[1]);
            let u = unit_name(step.base[0], lang);
            hl(
                say!(
                    lang,
                    "{a} and {b} can both only be {x} or {y}.",
                    "{a} et {b} ne peuvent valoir que {x} ou {y}."
                ),
                vec![a, b],
                h.candidates.clone(),
                vec![],
                vec![],
            );
            hl(say!(lang, "In {u}, {x} goes in {p} or {q}; {p} sees {a} and {q} sees {b}, so {a} and {b} cannot both be {x}.", "Dans {u}, {x} va en {p} ou {q} ; {p} voit {a} et {q} voit {b}, donc {a} et {b} ne peuvent pas valoir {x} toutes les deux."), vec![a, b, p, q], vec![], h.secondary.clone(), step.base.clone());
            hl(
                say!(
                    lang,
                    "So one of {a} and {b} is {y}.",
                    "Donc l'une de {a} et {b} vaut {y}."
                ),
                vec![a, b],
                h.candidates.clone(),
                vec![],
                vec![],
            );
        }
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => {
            let (rc, pair) = (cells(&h.cells[..4], lang), digits(&step.digits[..2], lang));
            hl(
                say!(
                    lang,
                    "{rc} form a rectangle over two boxes, all holding {pair}.",
                    "{rc} forment un rectangle sur deux blocs, toutes avec {pair}."
                ),
                h.cells[..4].to_vec(),
                h.candidates.clone(),
                vec![],
                vec![],
            );
            hl(say!(lang, "If those four cells kept only {pair}, the two digits could swap and the puzzle would have two solutions.", "Si ces quatre cases ne gardaient que {pair}, on pourrait échanger les deux chiffres : le sudoku aurait deux solutions."), h.cells[..4].to_vec(), h.candidates.clone(), vec![], vec![]);
            let extra = cells(&cand_cells(&h.secondary), lang);
            let line_text = match step.technique {
                UniqueRectangle1 => say!(lang, "Only {extra} has other candidates, so it must take one of them.", "Seule {extra} a d'autres candidats, donc elle doit prendre l'un d'eux."),
                UniqueRectangle2 => {
                    let z = step.eliminated().next().map_or(0, |c| c.digit);
                    say!(lang, "{extra} both carry the extra digit {z}, so one of them is {z}.", "{extra} portent toutes deux le chiffre en plus {z}, donc l'une d'elles vaut {z}.")
                }
                UniqueRectangle3 => say!(lang, "The extra digits of {extra} act like one more cell and lock a subset with the other highlighted cells.", "Les chiffres en plus de {extra} agissent comme une case de plus et forment un sous-ensemble avec les autres cases en évidence."),
                _ => say!(lang, "One digit of the pair must go in {extra} (nowhere else in their unit), so the other digit cannot.", "L'un des deux chiffres doit aller en {extra} (nulle part ailleurs dans leur unité), donc l'autre ne peut pas."),
            };
            hl(
                line_text,
                h.cells.clone(),
                vec![],
                h.secondary.clone(),
                h.units.clone(),
            );
        }
        Bug1 => {
            let c = step.placements[0].cell;
            hl(
                say!(
                    lang,
                    "Every empty cell except {c} has exactly two candidates.",
                    "Toutes les cases vides sauf {c} ont exactement deux candidats."
                ),
                vec![c],
                vec![],
                vec![],
                vec![],
            );
            hl(say!(lang, "Without {d} in {c}, each digit would appear twice in every unit: a pattern with two solutions. {d} appears three times in the units of {c}.", "Sans {d} en {c}, chaque chiffre apparaîtrait deux fois dans chaque unité : un motif à deux solutions. {d} apparaît trois fois dans les unités de {c}."), vec![c], h.candidates.clone(), vec![], h.units.clone());
        }
        SimpleColoring => {
            hl(say!(lang, "Follow the strong links of {d}: each pair has exactly one true end, so colour them in two colours; one colour is all true.", "Suis les liens forts du {d} : chaque paire a exactement un bout vrai, colorie-les en deux couleurs ; une couleur est entièrement vraie."), vec![], h.candidates.clone(), h.secondary.clone(), vec![]);
            for l in &step.chains[0].links {
                out_link(&mut hl, l, lang, true);
            }
            let gone = step.eliminated().next().map(|c| c.cell);
            let wrap =
                gone.is_some_and(|g| h.candidates.iter().chain(&h.secondary).any(|c| c.cell == g));
            if wrap {
                hl(
                    say!(
                        lang,
                        "Two cells of one colour see each other, so that colour cannot be true.",
                        "Deux cases d'une même couleur se voient, donc cette couleur est fausse."
                    ),
                    vec![],
                    h.candidates.clone(),
                    h.secondary.clone(),
                    vec![],
                );
            } else {
                hl(say!(lang, "The highlighted cells see both colours, so they cannot hold {d}.", "Les cases en évidence voient les deux couleurs, donc elles ne peuvent pas contenir {d}."), cand_cells(&h.deleted), h.candidates.clone(), h.secondary.clone(), vec![]);
            }
        }
        Skyscraper | TwoStringKite | TurbotFish | XChain | XyChain | Aic => {
            let chain = &step.chains[0];
            let start = chain.links[0].from;
            let end = chain.links.last().map_or(start, |l| l.to);
            let (sc, sd) = (start.cell, start.digit);
            hl(
                say!(
                    lang,
                    "Suppose {sc} is not {sd}.",
                    "Suppose que {sc} ne vaut pas {sd}."
                ),
                vec![sc],
                vec![start],
                vec![],
                vec![],
            );
            for l in &chain.links {
                out_link(&mut hl, l, lang, false);
            }
            let (ec, ed) = (end.cell, end.digit);
            hl(
                say!(
                    lang,
                    "So either {sc} is {sd} or {ec} is {ed}: one of the two ends is true.",
                    "Donc soit {sc} vaut {sd}, soit {ec} vaut {ed} : l'un des deux bouts est vrai."
                ),
                vec![sc, ec],
                vec![start, end],
                vec![],
                vec![],
            );
        }
        Contradiction | CellForcingChain | UnitForcingChain | NestedForcingChain => {
            let branches = if step.technique == NestedForcingChain {
                1
            } else {
                step.chains.len()
            };
            for i in 0..branches {
                chain_lines(&mut hl, step, i, branches > 1, lang);
            }
            if branches > 1 {
                hl(say!(lang, "Every case leads to the same result, so it holds whatever the truth is.", "Tous les cas mènent au même résultat : il est donc vrai quoi qu'il arrive."), vec![], vec![], vec![], h.units.clone());
            }
        }
        AlsXz => {
            let a = cand_cells(&h.candidates);
            let b = cand_cells(&h.secondary);
            let digits_of = |cs: &[Candidate]| {
                let mut v: Vec<u8> = cs.iter().map(|c| c.digit).collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            let (al, bl) = (cells(&a, lang), cells(&b, lang));
            let (ad, bd) = (
                digits(&digits_of(&h.candidates), lang),
                digits(&digits_of(&h.secondary), lang),
            );
            let (na, nb) = (a.len(), b.len());
            let x = step.digits[0];
            let z = digits(&step.digits[1..], lang);
            let set_a = if na == 1 {
                say!(lang, "Set A: the cell {al} holds only {ad}, one digit more than cells.", "Ensemble A : la case {al} ne contient que {ad}, un chiffre de plus que de cases.")
            } else {
                say!(lang, "Set A: the {na} cells {al} hold only {ad}, one digit more than cells.", "Ensemble A : les {na} cases {al} ne contiennent que {ad}, un chiffre de plus que de cases.")
            };
            hl(
                set_a,
                a.clone(),
                h.candidates.clone(),
                vec![],
                vec![step.base[0]],
            );
            let set_b = if nb == 1 {
                say!(
                    lang,
                    "Set B: the cell {bl} holds only {bd}.",
                    "Ensemble B : la case {bl} ne contient que {bd}."
                )
            } else {
                say!(
                    lang,
                    "Set B: the {nb} cells {bl} hold only {bd}.",
                    "Ensemble B : les {nb} cases {bl} ne contiennent que {bd}."
                )
            };
            hl(
                set_b,
                b.clone(),
                vec![],
                h.secondary.clone(),
                vec![step.base[1]],
            );
            hl(say!(lang, "Every {x} of A sees every {x} of B, so at most one set holds {x}; the other one is then locked and must hold all its other digits.", "Chaque {x} de A voit chaque {x} de B : au plus un ensemble contient {x}, l'autre est alors bloqué et doit contenir tous ses autres chiffres."), h.cells.clone(), h.candidates.clone(), h.secondary.clone(), h.units.clone());
            hl(say!(lang, "Either way, A or B holds {z}: cells that see every {z} of both sets cannot.", "Dans tous les cas, A ou B contient {z} : les cases qui voient tous les {z} des deux ensembles ne le peuvent pas."), h.cells.clone(), h.candidates.clone(), h.secondary.clone(), vec![]);
        }
        WrongEntries => {}
    }
    out
}

/// A forcing chain: its supposition, one line per link (a nested proof is
/// told before the link it proves), and how it ends.
fn chain_lines(
    hl: &mut impl FnMut(String, Vec<Cell>, Vec<Candidate>, Vec<Candidate>, Vec<Unit>),
    step: &Step,
    i: usize,
    numbered: bool,
    lang: Lang,
) {
    let chain = &step.chains[i];
    if let Some(p) = chain.premise {
        let (pc, pd) = (p.candidate.cell, p.candidate.digit);
        let k = i + 1;
        let text = match (p.on, numbered) {
            (true, true) => say!(
                lang,
                "Case {k}: suppose {pc} is {pd}.",
                "Cas {k} : suppose que {pc} vaut {pd}."
            ),
            (true, false) => say!(
                lang,
                "Suppose {pc} were {pd}.",
                "Suppose que {pc} vaille {pd}."
            ),
            (false, _) => say!(
                lang,
                "Suppose {pc} were not {pd}.",
                "Suppose que {pc} ne vaille pas {pd}."
            ),
        };
        hl(text, vec![pc], vec![p.candidate], vec![], vec![]);
    }
    for l in &chain.links {
        if let Why::Nested(k) = l.why {
            if k != i && k < step.chains.len() {
                let (tc, td) = (l.to.cell, l.to.digit);
                hl(
                    say!(
                        lang,
                        "Inside this supposition, test {tc} = {td}:",
                        "Dans cette supposition, teste {tc} = {td} :"
                    ),
                    vec![tc],
                    vec![l.to],
                    vec![],
                    vec![],
                );
                chain_lines(hl, step, k, false, lang);
            }
        }
        out_link(hl, l, lang, false);
    }
    match chain.contradiction {
        Some(crate::logic::Contradiction::EmptyCell { cell }) => hl(
            say!(
                lang,
                "Then {cell} has no candidate left: impossible!",
                "Alors {cell} n'a plus aucun candidat : impossible !"
            ),
            vec![cell],
            vec![],
            vec![],
            vec![],
        ),
        Some(crate::logic::Contradiction::NoPlace { unit, digit }) => {
            let un = unit_name(unit, lang);
            hl(
                say!(
                    lang,
                    "Then {digit} has no place left in {un}: impossible!",
                    "Alors {digit} n'a plus de place dans {un} : impossible !"
                ),
                vec![],
                vec![],
                vec![],
                vec![unit],
            )
        }
        Some(crate::logic::Contradiction::Both { candidate }) => {
            let (c, dd) = (candidate.cell, candidate.digit);
            hl(
                say!(
                    lang,
                    "Then {c} would have to be {dd} and not {dd} at once: impossible!",
                    "Alors {c} devrait valoir {dd} et ne pas valoir {dd} à la fois : impossible !"
                ),
                vec![c],
                vec![candidate],
                vec![],
                vec![],
            )
        }
        None => {}
    }
}

fn s_digits(h: &Highlights, c: Cell) -> String {
    let mut ds: Vec<u8> = h
        .candidates
        .iter()
        .chain(&h.secondary)
        .filter(|x| x.cell == c)
        .map(|x| x.digit)
        .collect();
    ds.sort_unstable();
    ds.iter().map(|d| d.to_string()).collect()
}

/// One chain link as one line, drawn on the board as it is read.
fn out_link(
    hl: &mut impl FnMut(String, Vec<Cell>, Vec<Candidate>, Vec<Candidate>, Vec<Unit>),
    l: &Link,
    lang: Lang,
    coloring: bool,
) {
    let (fc, fd, tc, td) = (l.from.cell, l.from.digit, l.to.cell, l.to.digit);
    let text = match (l.kind, l.why, coloring) {
        (LinkKind::Strong, Why::Unit(u), true) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "{fc} and {tc} are the only places for {fd} in {un}: opposite colours.",
                "{fc} et {tc} sont les seules places du {fd} dans {un} : couleurs opposées."
            )
        }
        (LinkKind::Strong, Why::Cell, _) => say!(
            lang,
            "Then {tc} is {td}: its only other candidate.",
            "Alors {tc} vaut {td} : son seul autre candidat."
        ),
        (LinkKind::Strong, Why::Unit(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is {td}: the only other place for {td} in {un}.",
                "Alors {tc} vaut {td} : la seule autre place du {td} dans {un}."
            )
        }
        (LinkKind::Strong, Why::LastCandidate, _) => say!(
            lang,
            "Then {tc} is {td}: no other candidate is left in it.",
            "Alors {tc} vaut {td} : il ne lui reste aucun autre candidat."
        ),
        (LinkKind::Strong, Why::LastPlace(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is {td}: the last place for {td} in {un}.",
                "Alors {tc} vaut {td} : la dernière place du {td} dans {un}."
            )
        }
        (LinkKind::Weak, Why::Cell, _) => say!(
            lang,
            "Then {tc} is not {td}: {fc} already holds {fd}.",
            "Alors {tc} ne vaut pas {td} : {fc} vaut déjà {fd}."
        ),
        (LinkKind::Weak, Why::Unit(u) | Why::LastPlace(u), _) => {
            let un = unit_name(u, lang);
            say!(
                lang,
                "Then {tc} is not {td}: it shares {un} with {fc}.",
                "Alors {tc} ne vaut pas {td} : elle partage {un} avec {fc}."
            )
        }
        (LinkKind::Weak, Why::LastCandidate, _) => say!(
            lang,
            "Then {tc} is not {td}.",
            "Alors {tc} ne vaut pas {td}."
        ),
        (_, Why::Nested(_), _) => say!(
            lang,
            "So {tc} is not {td}: supposing it leads to a contradiction.",
            "Donc {tc} ne vaut pas {td} : le supposer mène à une contradiction."
        ),
    };
    let units = match l.why {
        Why::Unit(u) | Why::LastPlace(u) => vec![u],
        _ => vec![],
    };
    hl(text, vec![tc], vec![l.from, l.to], vec![], units);
    let _ = fc;
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
