//! Pip's words: turns engine steps and board states into paragraphs of short
//! lines, each carrying the highlights the board shows while it is read.
//!
//! A step reads from general to specific, as the best hint engines teach:
//! where to look (without the answer), the technique and its rule, the cells
//! that prove it (one line per chain link), the conclusion, then "apply".
//! The app pages through `Vec<Paragraph>`; nothing here knows about the UI.

use crate::grid::{Cell, Unit};
use crate::logic::{Candidate, Highlights, NextStep, Pattern, Step, Technique};
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

    /// `en` or `fr`, as URLs and the page write it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// English for French, French for English.
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Fr,
            Lang::Fr => Lang::En,
        }
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
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Line {
    pub text: String,
    pub highlights: Highlights,
    /// The inner chains of a nested forcing chain this line names without
    /// telling them ("inner chain 2, told on request"), by their numbers in
    /// [`inner_chains`]: the window and the page open them on request.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<usize>,
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
    /// Anything else Pip tells: a welcome, a restored game, Check's "all right".
    Info,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Paragraph {
    pub kind: ParagraphKind,
    pub lines: Vec<Line>,
}

/// `say!(lang, "english {x}", "français {x}")`: one phrase in both languages,
/// with the same captured variables. `lang` is a [`Lang`] or a [`Wording`].
macro_rules! say {
    ($lang:expr, $en:literal, $fr:literal $(,)?) => {
        match $crate::hint::Lang::from($lang) {
            $crate::hint::Lang::En => format!($en),
            $crate::hint::Lang::Fr => format!($fr),
        }
    };
}

// One file per technique family, as in `logic`; declared after `say!` so
// that they can use it.
mod als;
pub mod answers;
mod chains;
pub mod duel;
mod endless;
mod errors;
mod fish;
mod forcing;
mod game;
pub mod guide;
mod history;
mod intersections;
mod photo;
mod shapes;
mod single_digit;
mod singles;
mod sized;
mod subsets;
mod sue_de_coq;
mod uniqueness;
mod verdict;
mod wings;
mod words;
mod wrong_entries;

pub use endless::{
    endless_grid_solved, endless_moved, endless_place, endless_stuck, endless_welcome,
};
pub use errors::{edit_refused, import_error, io_reason, parse_error, save_error};
pub use forcing::{back_to_chain, InnerChain};
pub use game::{
    budget_stop, choose_photo, entries_all_right, first_start, intro, notes_filled, notes_question,
    practice, restored, solution_shown, solution_shown_on_page, solved, welcome, well_done,
    what_is, PuzzleSource,
};
pub use history::{
    date_words, duration_words, history_back, history_off, history_started_over, played_before,
};
pub use photo::{
    crop_changed, crop_question, entries_that_do_not_fit, no_grid_found, photo_accepted,
    photo_cancelled, photo_not_read, photo_read, photo_reading_started, photo_sent_to_window,
    CellToCheck, CheckReason, PhotoReading, ThenOffer,
};
pub use shapes::{
    no_puzzle_made, no_solution_on_this_size, read_as_size, read_as_variant,
    several_solutions_on_this_size, shape_changed, shape_rules, shape_title, sized_welcome,
    wrong_count_on_this_size,
};
pub use sized::{cell_on_shape, sized_paragraph, sized_solved, sized_stuck, sized_summary};
pub use verdict::{
    broken_givens, entries_break_the_puzzle, invalid, invalid_grid, one_wrong_entry, verdict_lines,
    verdict_summary, MIN_GIVENS,
};
use words::{cell, cells, digits, units};
pub use words::{
    cell_name, grid_name, level_name, place_name, technique_name, technique_rule, unit_name,
    Notation, Wording,
};

/// The title over a paragraph in the dialogue.
pub fn title(kind: ParagraphKind, lang: Lang) -> String {
    match kind {
        ParagraphKind::Invalid => say!(
            lang,
            "This grid has a problem",
            "Cette grille a un problème"
        ),
        _ => "Pip".to_string(),
    }
}

/// A line of dialogue; it starts with a capital whatever name opens it.
fn line(text: String, highlights: Highlights) -> Line {
    Line {
        text: words::capitalised(text),
        highlights,
        inner: Vec::new(),
    }
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

/// The paragraph for whatever the engine said about a board.
pub fn for_outcome(outcome: &NextStep, w: impl Into<Wording>) -> Paragraph {
    let lang = w.into();
    match outcome {
        NextStep::Step(step) => for_step(step, lang),
        NextStep::Solved => solved(lang.lang),
        NextStep::Invalid(v) => invalid(v, lang),
        NextStep::Stuck => Paragraph {
            kind: ParagraphKind::Stuck,
            lines: vec![plain(say!(lang, "I can't find a logical step here. Check the notes: a true digit may have been erased.", "Je ne trouve pas d'étape logique ici. Vérifie les notes : un bon chiffre a peut-être été effacé."))],
        },
    }
}

/// A step's lines for a reader who cannot play it from there (the
/// technique guide's example, the command line): from the nudge to the
/// conclusion, without the dialogue's last line ("Next plays this step
/// ...; Apply plays it ..."), which names buttons they do not have.
pub fn for_reading(step: &Step, w: impl Into<Wording>) -> Paragraph {
    let mut p = for_step(step, w);
    if step.technique != Technique::WrongEntries {
        p.lines.pop();
    }
    p
}

/// The lines for one step, from nudge to "apply", in the player's
/// language and notation.
pub fn for_step(step: &Step, w: impl Into<Wording>) -> Paragraph {
    let lang = w.into();
    if step.technique == Technique::WrongEntries {
        return wrong_entries::paragraph(&step.wrong, lang);
    }
    let mut lines = Vec::new();
    // 1. Nudge: where to look, without the answer.
    let focus = units(&step.focus, lang);
    let de_focus = words::de(&focus);
    lines.push(line(
        if step.technique.is_chain() {
            say!(
                lang,
                "This one is hard. Start from {focus} and follow what is forced.",
                "Celle-ci est difficile. Pars {de_focus} et suis ce qui est forcé."
            )
        } else {
            say!(lang, "Have a look at {focus}.", "Regarde {focus}.")
        },
        only_units(&step.focus),
    ));
    // 2. Technique and rule.
    let (name, rule) = (
        technique_name(step.technique, lang),
        technique_rule(step.technique, lang),
    );
    // In compact notation a chain is also given in the forums' notation.
    let eureka = if !lang.plain() && step.technique.is_chain() && !step.chains.is_empty() {
        let all: Vec<String> = step.chains.iter().map(crate::logic::eureka).collect();
        format!(" Eureka: {}.", all.join(" / "))
    } else {
        String::new()
    };
    lines.push(line(
        say!(
            lang,
            "Technique: {name}. {rule}{eureka}",
            "Technique : {name}. {rule}{eureka}"
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
            "Next plays this step and goes on to the next one; Apply plays it and stops here.",
            "Suivant joue cette étape et passe à la suivante ; Appliquer la joue et s'arrête là."
        ),
        step.highlights.clone(),
    ));
    Paragraph {
        kind: ParagraphKind::Step,
        lines,
    }
}

/// The inner chains a nested forcing chain names in one line each ("inner
/// chain 2, told on request"), each told in full: what "More" opens in the
/// window, on the page and with `explain --verbose`. Empty for other steps.
pub fn inner_chains(step: &Step, w: impl Into<Wording>) -> Vec<InnerChain> {
    if !step.technique.is_forcing() {
        return Vec::new();
    }
    forcing::inner_chains(&step.chains, w.into())
}

/// A step in one line, as `explain` heads each step: "Hidden Single (1.2):
/// row 1, column 5 = 4". In English and compact notation it is the engine's
/// forum line, "Hidden Single (1.2): r1c5=4".
pub fn summary(step: &Step, w: impl Into<Wording>) -> String {
    let w = w.into();
    let (name, score) = (words::technique_name(step.technique, w), step.score);
    if w == Wording::new(Lang::En, Notation::Compact) {
        return format!("{name} ({score:.1}): {}", step.conclusion());
    }
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{} = {}", cell(p.cell, w), p.digit))
        .collect();
    for e in &step.eliminations {
        let ds: Vec<String> = e.digits.iter().map(|d| d.to_string()).collect();
        parts.push(format!("{} ≠ {}", cell(e.cell, w), ds.join(", ")));
    }
    let colon = match w.lang {
        Lang::En => ":",
        Lang::Fr => " :",
    };
    format!("{name} ({score:.1}){colon} {}", parts.join("; "))
}

fn conclusion_highlights(step: &Step) -> Highlights {
    Highlights {
        deleted: step.highlights.deleted.clone(),
        placed: step.highlights.placed.clone(),
        candidates: step.highlights.candidates.clone(),
        ..Highlights::default()
    }
}

fn conclusion(step: &Step, lang: Wording) -> String {
    let mut parts = Vec::new();
    for p in &step.placements {
        let (c, d) = (cell(p.cell, lang), p.digit);
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
fn evidence(step: &Step, lang: Wording) -> Vec<Line> {
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
            noted,
        } => singles::hidden_single(*unit, *cell, *digit, (blockers, noted), lang),
        Pattern::NakedSingle { cell, digit, noted } => {
            singles::naked_single(h, *cell, *digit, noted, lang)
        }
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
        &Pattern::NiceLoop { start } => chains::nice_loop(start, links(), lang),
        Pattern::Als {
            x,
            z,
            sets,
            second_x,
        } => als::als_xz(h, *x, z, *second_x, sets, lang),
        Pattern::AlsChain {
            sets,
            restricted,
            z,
        } => als::als_chain(h, sets, restricted, *z, lang),
        Pattern::DeathBlossom { stem, petals, z } => als::death_blossom(h, *stem, petals, *z, lang),
        Pattern::SueDeCoq {
            line,
            box_unit,
            cells,
            digits,
            line_cells,
            line_digits,
            box_cells,
            box_digits,
        } => sue_de_coq::sue_de_coq(
            h,
            &sue_de_coq::SueDeCoqCells {
                line: *line,
                box_unit: *box_unit,
                cells,
                digits,
                line_cells,
                line_digits,
                box_cells,
                box_digits,
            },
            lang,
        ),
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

    /// Whether `text` holds a compact cell name such as "r6c2".
    fn has_compact_cell(text: &str) -> bool {
        let b = text.as_bytes();
        b.windows(4)
            .any(|w| w[0] == b'r' && w[1].is_ascii_digit() && w[2] == b'c' && w[3].is_ascii_digit())
    }

    #[test]
    fn every_step_of_a_hard_path_reads_well_in_both_languages_and_notations() {
        let path = solve_path(&Grid::parse(HARD).unwrap());
        for step in &path.steps {
            let wordings = [Lang::En, Lang::Fr].into_iter().flat_map(|lang| {
                Notation::ALL
                    .into_iter()
                    .map(move |notation| Wording { lang, notation })
            });
            for w in wordings {
                let p = for_step(step, w);
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
                // Every cell is named in the player's notation: a family
                // file that formats a cell by hand would show "r6c2" here.
                let plain = w.notation == Notation::Plain;
                for l in &p.lines {
                    assert!(!plain || !has_compact_cell(&l.text), "{step}: {}", l.text);
                    assert!(!l.text.contains(" de le "), "{}", l.text);
                }
            }
            let links: usize = step.chains.iter().map(|c| c.links.len()).sum();
            let lines = for_step(step, Lang::En).lines.len();
            if step.technique.is_forcing() {
                // A forcing chain is told as its path (issue 33): the
                // eliminations a placement implies are not lines of their
                // own, so it takes fewer lines than links.
                assert!(lines < links + 4, "{step}: {lines} lines, {links} links");
            } else if matches!(
                step.pattern,
                crate::logic::Pattern::Chain { .. } | crate::logic::Pattern::NiceLoop { .. }
            ) {
                // An elimination is folded into the placement it allows,
                // and the supposition opens the first line: fewer lines
                // than links, yet every link's end is shown by a line.
                let read = for_step(step, Lang::En);
                assert!(lines < links + 4, "{step}: {lines} lines, {links} links");
                for l in step.chains.iter().flat_map(|c| &c.links) {
                    assert!(
                        read.lines
                            .iter()
                            .any(|line| line.highlights.candidates.contains(&l.to)),
                        "{step}: no line shows {:?}",
                        l.to
                    );
                }
            } else if step.technique.is_chain() {
                assert!(lines >= links + 4, "one line per link");
            }
        }
    }

    /// A single's words are true: the placed digits it names and the
    /// candidates it says went earlier account for every other cell (or
    /// digit), on a real path where singles follow eliminations.
    #[test]
    fn singles_account_for_every_cell_and_digit() {
        use crate::logic::{apply_to_state, next_step_in, Pattern, Pencilmarks};
        let mut s = Pencilmarks::from_grid(&Grid::parse(HARD).unwrap());
        let (mut hidden, mut naked) = (0, 0);
        while let Some(step) = next_step_in(&s) {
            match &step.pattern {
                Pattern::HiddenSingle {
                    unit,
                    cell,
                    digit,
                    blockers,
                    noted,
                } => {
                    for &c in unit.cells() {
                        if c == *cell || s.value(c) != 0 {
                            continue;
                        }
                        let blocked = blockers.iter().any(|b| b.sees(c));
                        assert!(blocked || noted.contains(&c), "{step}: {c}");
                        assert!(!s.has(c, *digit), "{step}: {c}");
                    }
                    for &c in noted {
                        assert!(c.peers().iter().all(|&p| s.value(p) != *digit));
                    }
                    hidden += usize::from(!noted.is_empty());
                }
                Pattern::NakedSingle { cell, digit, noted } => {
                    let seen: Vec<u8> = cell.peers().iter().map(|&p| s.value(p)).collect();
                    for d in (1..=9).filter(|d| d != digit) {
                        assert_eq!(noted.contains(&d), !seen.contains(&d), "{step}: {d}");
                        assert!(!s.has(*cell, d), "{step}: {d}");
                    }
                    naked += usize::from(!noted.is_empty());
                }
                _ => {}
            }
            apply_to_state(&mut s, &step);
        }
        assert!(hidden > 0 && naked > 0, "{hidden} {naked}");
    }

    /// The guide and the command line end a step at its conclusion: no
    /// line names Next or Apply, which they do not have.
    #[test]
    fn a_step_for_reading_ends_at_its_conclusion() {
        let path = solve_path(&Grid::parse(HARD).unwrap());
        for step in path.steps.iter().take(12) {
            for lang in [Lang::En, Lang::Fr] {
                let read = for_reading(step, lang);
                let played = for_step(step, lang);
                assert_eq!(read.lines.len() + 1, played.lines.len());
                assert_eq!(read.lines.last(), played.lines.get(played.lines.len() - 2));
                assert!(read
                    .lines
                    .iter()
                    .all(|l| !l.text.contains("Apply") && !l.text.contains("Appliquer")));
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
        assert!(
            p.lines[0].text.contains("row 1, column 2"),
            "{:?}",
            p.lines[0]
        );
        let compact = Wording::new(Lang::En, Notation::Compact);
        let p = for_outcome(&next_outcome(&board), compact);
        assert!(p.lines[0].text.contains("r1c2"));
        assert_eq!(p.lines[0].highlights.wrong, vec![cell]);
        assert!(!p
            .lines
            .iter()
            .any(|l| l.text.contains(&format!(" {} ", sol.get(cell)))));
    }
}
