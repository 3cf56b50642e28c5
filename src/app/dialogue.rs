//! Pip's paged dialogue: a list of paragraphs made of lines, each line with
//! the board highlights that go with it. Previous / Next move line by line;
//! Next at the very end does what the paragraph leads to ([`AtEnd`]): it
//! plays the step just explained and goes on, answers yes to Pip's
//! question, or asks for the next hint.
//!
//! The model ([`Dialogue`]) is apart from the drawing
//! ([`super::dialogue_view::DialogueView`]).

use crate::grid::Shape;
use crate::hint::{self, Lang, ParagraphKind, Wording};
use crate::logic::sized::SizedStep;
use crate::logic::{Highlights, Step, Technique};

/// Something Pip offers to do on a paragraph's last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Play the step the paragraph explains.
    Apply,
    /// Remove the entries that do not match the solution.
    RemoveWrong,
    /// Go back to the givens.
    Reset,
    /// Yes to "shall I fill the pencil marks?"
    FillNotes,
    /// No to it: Pip explains the step without them, and does not ask again.
    NoNotes,
}

/// What Next does on a paragraph's last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtEnd {
    /// Ask for the next hint.
    More,
    /// Take the offer, and go on: Next after a step plays it and shows the
    /// next step's nudge; after Pip's question it means yes. Only while the
    /// offer stands (an edit of the board withdraws it).
    Take(Offer),
    /// Nothing: Pip asked a question only the player can answer (by the
    /// offered buttons, or on the board).
    Wait,
}

/// One paragraph of the conversation: what Pip says (a
/// [`hint::Paragraph`], whose kind and lines it derefs to), under its
/// title, with what Pip offers to do once its last line is read.
#[derive(Clone, Debug, PartialEq)]
pub struct DialogueEntry {
    pub said: hint::Paragraph,
    pub title: String,
    /// Shown as buttons once the last line is reached.
    pub offers: Vec<Offer>,
    /// What Next does on the last line.
    pub at_end: AtEnd,
    /// The step the paragraph explains, to say it again in another
    /// language or notation and to open its page of the guide.
    pub step: Option<Box<Step>>,
    /// The hint this paragraph is, in the game's list of hints
    /// ([`super::session::Session::hints`]).
    pub hint: Option<usize>,
    /// The hint budget holds the paragraph at its nudge until the player
    /// asks for more help.
    pub held: bool,
    /// The inner chains of a nested forcing chain opened with More, by
    /// their numbers ([`hint::InnerChain::number`]): the last is shown in
    /// place of the paragraph's lines (an inner chain may name others).
    pub opened: Vec<usize>,
    /// What a duel paragraph was about, to say it again in another
    /// language or notation.
    pub duel: Option<Box<super::duel::DuelSaid>>,
    /// What a paragraph that depends on the language alone was, to say it
    /// again in another language.
    pub remark: Option<Remark>,
    /// The step of the sized engine (a grid of another size) this
    /// paragraph explains, with its shape, to say it again in other words.
    pub sized: Option<Box<(SizedStep, Shape)>>,
}

/// Something Pip says whose words depend on the language alone (no board,
/// no step): said again as it was when the player switches languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remark {
    Intro,
    FirstStart,
    ChoosePhoto,
    PhotoReadingStarted,
    NoGridFound,
    Restored,
    WellDone,
    NotesQuestion,
    SolutionShown,
    EntriesAllRight,
    HistoryBack,
    /// The sized engine finds no logical step.
    SizedStuck,
    /// A new endless carpet at this level.
    EndlessWelcome(crate::logic::Level),
    /// A grid of the endless carpet solved, this many in all.
    EndlessGridSolved(usize),
    /// The endless carpet's view forces no step.
    EndlessStuck,
}

impl Remark {
    /// What Pip says, in `lang`.
    pub fn said(self, lang: Lang) -> hint::Paragraph {
        match self {
            Remark::Intro => hint::intro(lang),
            Remark::FirstStart => hint::first_start(lang),
            Remark::ChoosePhoto => hint::choose_photo(lang),
            Remark::PhotoReadingStarted => hint::photo_reading_started(lang),
            Remark::NoGridFound => hint::no_grid_found(lang),
            Remark::Restored => hint::restored(lang),
            Remark::WellDone => hint::well_done(lang),
            Remark::NotesQuestion => hint::notes_question(lang),
            Remark::SolutionShown => hint::solution_shown(lang),
            Remark::EntriesAllRight => hint::entries_all_right(lang),
            Remark::HistoryBack => hint::history_back(lang),
            Remark::SizedStuck => hint::sized_stuck(lang),
            Remark::EndlessWelcome(level) => hint::endless_welcome(level, lang),
            Remark::EndlessGridSolved(count) => hint::endless_grid_solved(count, lang),
            Remark::EndlessStuck => hint::endless_stuck(lang),
        }
    }
}

impl DialogueEntry {
    /// `said` under its title in `lang`; a step and the wrong entries offer
    /// Apply (which Next takes), the rest nothing until
    /// [`DialogueEntry::with_offers`].
    pub fn new(said: hint::Paragraph, lang: Lang) -> DialogueEntry {
        let offers = match said.kind {
            ParagraphKind::Step | ParagraphKind::WrongEntries => vec![Offer::Apply],
            _ => Vec::new(),
        };
        let at_end = match offers.first() {
            Some(&o) => AtEnd::Take(o),
            None => AtEnd::More,
        };
        DialogueEntry {
            title: hint::title(said.kind, lang),
            said,
            offers,
            at_end,
            step: None,
            hint: None,
            held: false,
            opened: Vec::new(),
            duel: None,
            remark: None,
            sized: None,
        }
    }

    /// `remark` said in `lang`, to be said again in another language.
    pub fn remark(remark: Remark, lang: Lang) -> DialogueEntry {
        DialogueEntry {
            remark: Some(remark),
            ..DialogueEntry::new(remark.said(lang), lang)
        }
    }

    pub fn with_offers(mut self, offers: Vec<Offer>) -> DialogueEntry {
        self.offers = offers;
        self
    }

    pub fn at_end(mut self, at_end: AtEnd) -> DialogueEntry {
        self.at_end = at_end;
        self
    }

    /// The paragraph explains `step` of the sized engine, on `shape`.
    pub fn about_sized(mut self, step: &SizedStep, shape: &Shape) -> DialogueEntry {
        self.sized = Some(Box::new((step.clone(), shape.clone())));
        self
    }

    /// The paragraph explains `step`.
    pub fn about(mut self, step: &Step) -> DialogueEntry {
        self.step = Some(Box::new(step.clone()));
        self
    }

    /// The technique whose page of the guide the paragraph links to: a
    /// step's, never the wrong entries'.
    pub fn technique(&self) -> Option<Technique> {
        let t = self.step.as_ref()?.technique;
        (t != Technique::WrongEntries).then_some(t)
    }
}

impl std::ops::Deref for DialogueEntry {
    type Target = hint::Paragraph;

    fn deref(&self) -> &hint::Paragraph {
        &self.said
    }
}

/// The whole conversation and where the reader is in it.
#[derive(Clone, Debug, Default)]
pub struct Dialogue {
    paragraphs: Vec<DialogueEntry>,
    para: usize,
    line: usize,
}

impl Dialogue {
    /// Appends a paragraph and moves to its first line. Empty paragraphs
    /// are ignored.
    pub fn push(&mut self, p: DialogueEntry) {
        if p.lines.is_empty() {
            return;
        }
        self.paragraphs.push(p);
        self.para = self.paragraphs.len() - 1;
        self.line = 0;
    }

    pub fn paragraphs(&self) -> &[DialogueEntry] {
        &self.paragraphs
    }

    /// The index of the paragraph being read.
    pub fn para_index(&self) -> usize {
        self.para
    }

    /// The paragraph being read and the index of the current line in it.
    pub fn current(&self) -> Option<(&DialogueEntry, usize)> {
        self.paragraphs.get(self.para).map(|p| (p, self.line))
    }

    pub fn current_line(&self) -> Option<&hint::Line> {
        self.current().and_then(|(p, l)| p.lines.get(l))
    }

    /// The highlights of the current line, with the paragraph's chain
    /// links whose ends were both shown by this line or an earlier one, so
    /// that the chain grows on the board as it is read. The whole chain is
    /// on the line that shows all of the step (the one with most links).
    pub fn highlights(&self) -> Option<Highlights> {
        let (p, current) = self.current()?;
        if let Some(inner) = self.inner_told(Lang::En) {
            // An inner chain's last line carries the whole chain and its
            // contradiction. Highlights do not depend on the words: any
            // language gives them.
            return inner.lines.last().map(|l| l.highlights.clone());
        }
        let mut shown = p.lines.get(current)?.highlights.clone();
        if !shown.links.is_empty() {
            // A line that names its own links (a branch of a forcing
            // chain read so far) shows those and no other branch's.
            return Some(shown);
        }
        let chain = p
            .lines
            .iter()
            .map(|l| &l.highlights.links)
            .max_by_key(|links| links.len());
        if let Some(chain) = chain.filter(|c| !c.is_empty()) {
            let seen: Vec<crate::logic::Candidate> = p.lines[..=current]
                .iter()
                .flat_map(|l| {
                    let h = &l.highlights;
                    h.candidates
                        .iter()
                        .chain(&h.secondary)
                        .chain(&h.placed)
                        .chain(&h.deleted)
                        .copied()
                })
                .collect();
            for link in chain {
                if seen.contains(&link.from)
                    && seen.contains(&link.to)
                    && !shown.links.contains(link)
                {
                    shown.links.push(*link);
                }
            }
        }
        Some(shown)
    }

    /// Whether the reader is on the last line of the last paragraph.
    pub fn at_end(&self) -> bool {
        match self.current() {
            None => true,
            Some((p, l)) => self.para + 1 == self.paragraphs.len() && l + 1 == p.lines.len(),
        }
    }

    /// Whether the current line is the last of its paragraph.
    pub fn at_paragraph_end(&self) -> bool {
        self.current().is_none_or(|(p, l)| l + 1 == p.lines.len())
    }

    pub fn can_go_back(&self) -> bool {
        self.para > 0 || self.line > 0
    }

    /// More: inner chain `k` of the paragraph being read is shown in place
    /// of its lines, until Back or the reader pages on.
    pub fn open_inner(&mut self, k: usize) {
        if let Some(p) = self.current_mut() {
            p.opened.push(k);
        }
    }

    /// Back: the inner chain shown closes, back to the one that names it.
    pub fn close_inner(&mut self) {
        if let Some(p) = self.current_mut() {
            p.opened.pop();
        }
    }

    /// The inner chain shown, told in `w`'s words.
    pub fn inner_told(&self, w: impl Into<hint::Wording>) -> Option<hint::InnerChain> {
        let (p, _) = self.current()?;
        let k = *p.opened.last()?;
        hint::inner_chains(p.step.as_ref()?, w)
            .into_iter()
            .find(|c| c.number == k)
    }

    /// Moves one line on; `false` when already at the end.
    pub fn forward(&mut self) -> bool {
        self.close_all_inner();
        let Some((p, l)) = self.current() else {
            return false;
        };
        if l + 1 < p.lines.len() {
            self.line += 1;
            true
        } else if self.para + 1 < self.paragraphs.len() {
            self.para += 1;
            self.line = 0;
            true
        } else {
            false
        }
    }

    /// Paging goes back to the paragraph's lines: an inner chain is read
    /// apart from them.
    fn close_all_inner(&mut self) {
        if let Some(p) = self.current_mut() {
            p.opened.clear();
        }
    }

    /// Moves one line back; `false` at the very start.
    pub fn back(&mut self) -> bool {
        self.close_all_inner();
        if self.line > 0 {
            self.line -= 1;
            true
        } else if self.para > 0 {
            self.para -= 1;
            self.line = self.paragraphs[self.para].lines.len() - 1;
            true
        } else {
            false
        }
    }

    /// Drops the offers of every paragraph (after they were used, or when
    /// the board changed so that they no longer apply).
    pub fn clear_offers(&mut self) {
        for p in &mut self.paragraphs {
            p.offers.clear();
        }
    }

    /// The board under the dialogue was made again with other cell
    /// indices (the endless carpet's view moved on): the steps told so far
    /// no longer point at the cells they name, so they highlight nothing.
    pub fn forget_places(&mut self) {
        for p in &mut self.paragraphs {
            p.sized = None;
            for line in &mut p.said.lines {
                line.highlights = Default::default();
            }
        }
    }

    /// What Next does at the very end: the current paragraph's [`AtEnd`],
    /// while its offers stand; asking for more once they are gone.
    pub fn at_end_next(&self) -> AtEnd {
        let Some((p, _)) = self.current() else {
            return AtEnd::More;
        };
        match p.at_end {
            AtEnd::Take(o) if p.offers.contains(&o) => AtEnd::Take(o),
            AtEnd::Wait if !p.offers.is_empty() => AtEnd::Wait,
            _ => AtEnd::More,
        }
    }

    /// Whether the reader is held at a step's nudge by the hint budget.
    pub fn held(&self) -> bool {
        self.current().is_some_and(|(p, l)| p.held && l == 0)
    }

    /// The player asked for more help: the hold is lifted and the next line
    /// shown.
    pub fn release(&mut self) {
        if let Some(p) = self.paragraphs.get_mut(self.para) {
            p.held = false;
        }
        self.forward();
    }

    /// Says every paragraph that explains a step again in `wording` (another
    /// language or notation), a duel's with `reword_duel`, and a [`Remark`]
    /// in its language; the reader stays on the same line.
    pub fn reword(
        &mut self,
        wording: Wording,
        reword_duel: impl Fn(&super::duel::DuelSaid) -> Vec<hint::Line>,
    ) {
        let lang = wording.lang;
        for p in &mut self.paragraphs {
            if let Some(step) = &p.step {
                let said = hint::for_step(step, wording);
                if said.lines.len() == p.said.lines.len() {
                    p.said = said;
                }
            } else if let Some(sized) = &p.sized {
                let (step, shape) = &**sized;
                let said = hint::sized_paragraph(step, shape, wording);
                if said.lines.len() == p.said.lines.len() {
                    p.said = said;
                }
            } else if let Some(about) = &p.duel {
                let lines = reword_duel(about);
                if lines.len() == p.said.lines.len() {
                    p.said.lines = lines;
                }
            } else if let Some(remark) = p.remark {
                let said = remark.said(lang);
                if said.lines.len() == p.said.lines.len() {
                    p.said = said;
                }
            }
            p.title = hint::title(p.said.kind, lang);
        }
    }

    /// The paragraph being read, to change it (its offers, its hold).
    pub fn current_mut(&mut self) -> Option<&mut DialogueEntry> {
        self.paragraphs.get_mut(self.para)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::logic::{Candidate, Link, LinkKind, Why};

    /// The candidate 3 of a cell.
    fn cand(row: usize, col: usize) -> Candidate {
        Candidate {
            cell: Cell::new(row, col),
            digit: 3,
        }
    }

    /// A line showing `cands` and `links`.
    fn line(cands: Vec<Candidate>, links: Vec<Link>) -> hint::Line {
        hint::Line {
            text: "l".into(),
            highlights: Highlights {
                candidates: cands,
                links,
                ..Highlights::default()
            },
            ..hint::Line::default()
        }
    }

    fn said(kind: ParagraphKind, lines: Vec<hint::Line>) -> DialogueEntry {
        DialogueEntry::new(hint::Paragraph { kind, lines }, Lang::En)
    }

    fn para(n: usize) -> DialogueEntry {
        let line = |i| hint::Line {
            text: format!("line {i}"),
            ..hint::Line::default()
        };
        said(ParagraphKind::Info, (0..n).map(line).collect())
    }

    #[test]
    fn a_line_with_its_own_links_draws_only_its_branch() {
        let (a, b, c, d) = (cand(0, 0), cand(0, 5), cand(4, 5), cand(4, 8));
        let ab = Link::new(a, b, LinkKind::Strong, Why::Cell);
        let cd = Link::new(c, d, LinkKind::Strong, Why::Cell);
        let p = said(
            ParagraphKind::Step,
            vec![
                line(vec![a, b], vec![ab]),
                line(vec![c, d], vec![cd]),
                line(vec![], vec![ab, cd]),
            ],
        );
        let mut d = Dialogue::default();
        d.push(p);
        assert_eq!(d.highlights().unwrap().links, vec![ab]);
        d.forward();
        // Both ends of the first branch were shown, but it is not read now.
        assert_eq!(d.highlights().unwrap().links, vec![cd]);
    }

    #[test]
    fn chain_links_appear_once_both_ends_were_shown() {
        let (a, b, c) = (cand(0, 0), cand(0, 5), cand(4, 5));
        let ab = Link::new(a, b, LinkKind::Strong, Why::Cell);
        let bc = Link::new(b, c, LinkKind::Weak, Why::Cell);
        let p = said(
            ParagraphKind::Step,
            vec![
                line(vec![a], vec![]),
                line(vec![b], vec![]),
                line(vec![c], vec![ab, bc]),
            ],
        );
        assert_eq!(p.offers, vec![Offer::Apply]);
        let mut d = Dialogue::default();
        d.push(p);
        assert!(d.highlights().unwrap().links.is_empty());
        d.forward();
        assert_eq!(d.highlights().unwrap().links, vec![ab]);
        d.forward();
        assert_eq!(d.highlights().unwrap().links, vec![ab, bc]);
    }

    #[test]
    fn next_at_the_end_takes_the_offer_while_it_stands() {
        let mut d = Dialogue::default();
        d.push(para(1));
        assert_eq!(d.at_end_next(), AtEnd::More);
        let step = said(ParagraphKind::Step, para(2).said.lines);
        assert_eq!(step.at_end, AtEnd::Take(Offer::Apply));
        d.push(step);
        assert_eq!(d.at_end_next(), AtEnd::Take(Offer::Apply));
        d.clear_offers();
        assert_eq!(d.at_end_next(), AtEnd::More, "an edit withdrew the offer");
        let question = para(1)
            .with_offers(vec![Offer::FillNotes, Offer::NoNotes])
            .at_end(AtEnd::Wait);
        d.push(question);
        assert_eq!(d.at_end_next(), AtEnd::Wait);
        d.clear_offers();
        assert_eq!(d.at_end_next(), AtEnd::More);
    }

    #[test]
    fn the_budget_holds_a_step_at_its_nudge_until_released() {
        let mut d = Dialogue::default();
        let mut p = said(ParagraphKind::Step, para(3).said.lines);
        p.held = true;
        d.push(p);
        assert!(d.held());
        d.release();
        assert!(!d.held());
        assert_eq!(d.current().unwrap().1, 1);
        d.back();
        assert!(!d.held(), "once paid for, the nudge holds no more");
    }

    #[test]
    fn paging_closes_the_inner_chains_opened() {
        let mut d = Dialogue::default();
        d.push(para(3));
        d.open_inner(2);
        d.open_inner(5);
        d.close_inner();
        assert_eq!(d.current().unwrap().0.opened, vec![2], "Back closes one");
        d.forward();
        assert!(d.current().unwrap().0.opened.is_empty());
        d.open_inner(2);
        d.back();
        assert!(d.current().unwrap().0.opened.is_empty());
    }

    #[test]
    fn an_invalid_grid_has_its_own_title() {
        let p = said(ParagraphKind::Invalid, vec![]);
        assert_eq!(p.title, "This grid has a problem");
        assert!(p.offers.is_empty());
        assert_eq!(para(1).title, "Pip");
    }

    #[test]
    fn pages_line_by_line_across_paragraphs() {
        let mut d = Dialogue::default();
        assert!(d.at_end() && !d.forward());
        d.push(para(2));
        d.push(para(3));
        assert_eq!(d.current().unwrap().1, 0, "push moves to the new paragraph");
        assert!(d.back());
        assert_eq!(d.current_line().unwrap().text, "line 1");
        assert!(d.forward() && d.forward() && d.forward());
        assert!(d.at_end() && !d.forward());
        assert!(d.at_paragraph_end());
        while d.back() {}
        assert!(!d.can_go_back());
        d.push(para(0));
        assert_eq!(d.paragraphs().len(), 2, "empty paragraphs are ignored");
    }
}
