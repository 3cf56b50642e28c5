//! Pip's paragraphs from `crate::hint` (texts in English and French) turned
//! into the dialogue's paragraphs, with each line's highlights turned into
//! board marks. The texts themselves live in `crate::hint`, not here.

use crate::hint::{self, ParagraphKind};
use crate::logic::{Highlights, LinkKind};

use super::board_view::{Arrow, Marks};
use super::dialogue::{Kind, Line, Offer, Paragraph};
/// The board marks of an engine highlight set.
pub fn marks_of(h: &Highlights) -> Marks {
    let cand = |c: &crate::logic::Candidate| (c.cell, c.digit);
    Marks {
        cells: h.cells.clone(),
        candidates: h.candidates.iter().map(cand).collect(),
        secondary: h.secondary.iter().map(cand).collect(),
        deleted: h.deleted.iter().map(cand).collect(),
        placed: h.placed.iter().map(cand).collect(),
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

/// A hint paragraph as a dialogue paragraph; steps (and wrong entries)
/// offer Apply on their last line.
pub fn paragraph(p: hint::Paragraph, title: &str) -> Paragraph {
    let (kind, offers) = match p.kind {
        ParagraphKind::Intro => (Kind::Intro, vec![]),
        ParagraphKind::Notes => (Kind::Notes, vec![]),
        ParagraphKind::Step => (Kind::Step, vec![Offer::Apply]),
        ParagraphKind::WrongEntries => (Kind::WrongEntries, vec![Offer::Apply]),
        ParagraphKind::Solved => (Kind::Solved, vec![]),
        ParagraphKind::Invalid => (Kind::Invalid, vec![]),
        ParagraphKind::Stuck => (Kind::Stuck, vec![]),
    };
    let lines = p
        .lines
        .into_iter()
        .map(|l| {
            let mut marks = marks_of(&l.highlights);
            if kind == Kind::WrongEntries {
                // wrong entries are crossed out, as Check shows them
                marks.wrong = std::mem::take(&mut marks.cells);
            }
            Line::marked(l.text, marks)
        })
        .collect();
    let mut paragraph = Paragraph::new(kind, title, lines).with_offers(offers);
    // the whole chain, from the line that shows all of the step
    paragraph.links = paragraph
        .lines
        .iter()
        .map(|l| &l.marks.links)
        .max_by_key(|links| links.len())
        .cloned()
        .unwrap_or_default();
    paragraph
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};
    use crate::logic;

    #[test]
    fn a_step_paragraph_keeps_its_lines_and_offers_apply() {
        let grid = Grid::parse(
            ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...",
        )
        .unwrap();
        let step = logic::next_step(&Board::new(grid)).expect("an easy puzzle has a step");
        let source = hint::for_step(&step, hint::Lang::Fr);
        let p = paragraph(source.clone(), "Pip");
        assert_eq!(p.kind, Kind::Step);
        assert_eq!(p.lines.len(), source.lines.len());
        assert_eq!(p.lines[0].text, source.lines[0].text);
        assert_eq!(p.offers, vec![Offer::Apply]);
        let last = p.lines.last().unwrap();
        assert!(!last.marks.placed.is_empty() || !last.marks.deleted.is_empty());
    }
}
