//! The rule engine's answers as Pip's paragraphs.
//!
//! The hint texts proper belong to `crate::hint` (not on main yet). Until
//! they land, a step is told from the engine's own data only: where to
//! look (its focus units), the technique and its rule (the engine's words),
//! the cells that prove it (its highlights) and what it concludes, each
//! line with the highlights that go with it. Nothing here invents a step.

use crate::grid::Cell;
use crate::logic::{self, Highlights, LinkKind, Step, Technique};

use super::board_view::{Arrow, Marks};
use super::dialogue::{Kind, Line, Offer, Paragraph};
use super::i18n::{fill, Texts};

/// The board marks of an engine highlight set; `conclusions` adds what the
/// step deletes and places (shown with the last line only).
pub fn marks_of(h: &Highlights, conclusions: bool) -> Marks {
    let cand = |c: &logic::Candidate| (c.cell, c.digit);
    Marks {
        cells: h.cells.clone(),
        candidates: h.candidates.iter().map(cand).collect(),
        secondary: h.secondary.iter().map(cand).collect(),
        deleted: if conclusions {
            h.deleted.iter().map(cand).collect()
        } else {
            Vec::new()
        },
        placed: if conclusions {
            h.placed.iter().map(cand).collect()
        } else {
            Vec::new()
        },
        units: h.units.clone(),
        links: h
            .links
            .iter()
            .map(|l| Arrow {
                from: cand(&l.from),
                to: cand(&l.to),
                strong: l.kind == LinkKind::Strong,
            })
            .collect(),
        wrong: Vec::new(),
    }
}

fn cell_list(cells: &[Cell]) -> String {
    let mut names: Vec<String> = cells.iter().take(8).map(|c| c.to_string()).collect();
    if cells.len() > 8 {
        names.push("…".into());
    }
    names.join(", ")
}

/// A step as a paragraph: nudge, technique, proof, conclusion (+ Apply).
pub fn step_paragraph(step: &Step, t: &Texts) -> Paragraph {
    let title = step.technique.name().to_string();
    if step.technique == Technique::WrongEntries {
        let cells: Vec<Cell> = step.wrong.iter().map(|w| w.cell).collect();
        let marks = Marks {
            wrong: cells.clone(),
            ..Marks::default()
        };
        return Paragraph::new(
            Kind::Step,
            title,
            vec![Line::marked(
                fill(t.hint_wrong, &[&cell_list(&cells)]),
                marks,
            )],
        )
        .with_offers(vec![Offer::Apply]);
    }
    let mut lines = Vec::new();
    if !step.focus.is_empty() {
        let units: Vec<String> = step.focus.iter().map(|&u| super::unit_name(u, t)).collect();
        lines.push(Line::marked(
            fill(t.hint_look, &[&units.join(", ")]),
            Marks {
                units: step.focus.clone(),
                ..Marks::default()
            },
        ));
    }
    lines.push(Line::plain(fill(
        t.hint_technique,
        &[&step.technique.name(), &step.technique.rule()],
    )));
    let mut proof: Vec<Cell> = step.highlights.cells.clone();
    for c in step
        .highlights
        .candidates
        .iter()
        .chain(&step.highlights.secondary)
    {
        if !proof.contains(&c.cell) {
            proof.push(c.cell);
        }
    }
    if !proof.is_empty() || !step.highlights.links.is_empty() {
        lines.push(Line::marked(
            fill(t.hint_cells, &[&cell_list(&proof)]),
            marks_of(&step.highlights, false),
        ));
    }
    lines.push(Line::marked(
        fill(t.hint_conclusion, &[&step.conclusion()]),
        marks_of(&step.highlights, true),
    ));
    Paragraph::new(Kind::Step, title, lines).with_offers(vec![Offer::Apply])
}

/// What Pip says for each answer of the engine.
pub fn outcome_paragraph(outcome: &logic::Outcome, t: &Texts) -> Paragraph {
    match outcome {
        logic::Outcome::Step(step) => step_paragraph(step, t),
        logic::Outcome::Solved => {
            Paragraph::new(Kind::Solved, "Pip", vec![Line::plain(t.hint_solved)])
        }
        logic::Outcome::Invalid(verdict) => {
            let mut lines = super::explain(verdict, t);
            lines.push(Line::plain(t.pip_givens_broken));
            Paragraph::new(Kind::Invalid, t.pip_invalid_title, lines)
        }
        logic::Outcome::Stuck => Paragraph::new(Kind::Info, "Pip", vec![Line::plain(t.hint_stuck)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::EN;
    use crate::grid::{Board, Grid};

    #[test]
    fn a_step_goes_from_nudge_to_conclusion() {
        let grid = Grid::parse(
            ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...",
        )
        .unwrap();
        let step = logic::next_step(&Board::new(grid)).expect("an easy puzzle has a step");
        let p = step_paragraph(&step, &EN);
        assert!(p.lines.len() >= 2);
        assert!(p.lines[0].text.starts_with("Look at") || step.focus.is_empty());
        let last = p.lines.last().unwrap();
        assert!(last.text.contains(&step.conclusion()));
        assert_eq!(p.offers, vec![Offer::Apply]);
        // the conclusion line shows what is placed or deleted
        assert!(!last.marks.placed.is_empty() || !last.marks.deleted.is_empty());
    }
}
