//! Pip's side of the window in one place: the mascot, its dialogue, the
//! step it is explaining (for Apply), the pencil-marks question, and the
//! hints of the game with how far each was read.
//!
//! [`Tutor`] has no egui in it: the app hands it what the rule engine and
//! the hint layer answered, and it decides what Pip says and how it looks.
//! What the rest of the window must do in turn (count a hint in the
//! history, play a step on the worker) comes back as a return value, so
//! the tutor never reaches into the game or the history.

use super::dialogue::{AtEnd, Dialogue, DialogueEntry, Offer, Remark};
use super::pip::{Mood, Pip};
use crate::grid::Shape;
use crate::hint::{
    self, answers::BoardAnswer, Lang, Paragraph, ParagraphKind, PuzzleSource, Wording,
};
use crate::logic::sized::SizedStep;
use crate::logic::{NextStep, Step, Technique};

/// How far into a hint the player went, from the nudge to the step played:
/// what the hint cost them, for the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HintDepth {
    /// Only where to look.
    Nudge,
    /// The technique and its rule.
    Technique,
    /// The cells that prove it.
    Evidence,
    /// What it places or removes.
    Conclusion,
    /// Pip played it on the board.
    Played,
}

/// One hint of the game: its technique and how far the player read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintUse {
    pub technique: Technique,
    /// Lines of Pip's explanation the player has seen (1: the nudge alone).
    pub lines_read: usize,
    /// Lines the explanation has.
    pub lines: usize,
    /// Pip played the step (Next past its last line, Apply, step by step).
    pub played: bool,
}

impl HintUse {
    pub(crate) fn new(technique: Technique, lines: usize) -> HintUse {
        HintUse {
            technique,
            lines_read: 1,
            lines,
            played: false,
        }
    }

    /// How deep the hint went. A step's lines are: the nudge, the
    /// technique, the evidence, the conclusion, then "Next plays it"; the
    /// last two both show the conclusion.
    pub fn depth(&self) -> HintDepth {
        if self.played {
            return HintDepth::Played;
        }
        match self.lines_read {
            0 | 1 => HintDepth::Nudge,
            2 => HintDepth::Technique,
            n if n + 2 <= self.lines => HintDepth::Evidence,
            _ => HintDepth::Conclusion,
        }
    }
}

/// How Pip speaks right now: the words, and whether the hint budget holds
/// a step at its nudge until the player asks for more.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Voice {
    pub(crate) wording: Wording,
    pub(crate) hint_budget: bool,
}

impl Voice {
    fn lang(self) -> Lang {
        self.wording.lang
    }
}

/// A hint Pip has just said, for the game's history to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HintSaid {
    /// Its paragraph in the dialogue.
    pub(crate) paragraph: usize,
    pub(crate) technique: Technique,
    pub(crate) lines: usize,
}

/// What the board looks like to Pip when a hint comes back: whether the
/// player still lacks pencil marks the step would need.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NotesState {
    pub(crate) missing: bool,
}

/// The step the dialogue is explaining, and its place among the game's hints.
#[derive(Clone, Debug)]
struct PendingStep {
    step: Step,
    hint: Option<usize>,
}

/// Pip, its dialogue, and where the conversation stands: see the
/// [module documentation](self).
pub(crate) struct Tutor {
    pub(crate) pip: Pip,
    dialogue: Dialogue,
    pending: Option<PendingStep>,
    /// A sized engine's step waiting for Apply (grids of other sizes).
    pending_sized: Option<SizedStep>,
    /// Ask for the next step as soon as one is applied (step by step).
    auto_next: bool,
    /// Where the puzzle just loaded came from, until Pip has welcomed it
    /// (once its rating is known).
    welcome: Option<PuzzleSource>,
    /// Every hint of this game, in order, with how deep it went.
    hints: Vec<HintUse>,
    /// The player said no to pencil marks in this game: Pip does not ask again.
    notes_declined: bool,
}

impl Tutor {
    pub(crate) fn new(animate: bool) -> Tutor {
        Tutor {
            pip: Pip::new(animate),
            dialogue: Dialogue::default(),
            pending: None,
            pending_sized: None,
            auto_next: false,
            welcome: None,
            hints: Vec::new(),
            notes_declined: false,
        }
    }

    pub(crate) fn dialogue(&self) -> &Dialogue {
        &self.dialogue
    }

    /// The dialogue, for its view and for paging.
    pub(crate) fn dialogue_mut(&mut self) -> &mut Dialogue {
        &mut self.dialogue
    }

    pub(crate) fn hints(&self) -> &[HintUse] {
        &self.hints
    }

    /// Pip says `said`: a new paragraph, with the offers its kind brings
    /// (Apply for a step).
    pub(crate) fn say(&mut self, said: Paragraph, lang: Lang) {
        self.dialogue.push(DialogueEntry::new(said, lang));
    }

    /// Pip makes `remark` in `lang`, said again in the player's next language.
    pub(crate) fn remark(&mut self, remark: Remark, lang: Lang) {
        self.dialogue.push(DialogueEntry::remark(remark, lang));
    }

    /// Pip makes `remark`, which leads nowhere on Next: the player answers
    /// with the window's buttons (the welcome's ways in, the photo to choose).
    pub(crate) fn remark_waiting(&mut self, remark: Remark, lang: Lang) {
        let p = DialogueEntry::remark(remark, lang).at_end(AtEnd::Wait);
        self.dialogue.push(p);
    }

    /// Pip says a paragraph built by the caller (a duel's, a question).
    pub(crate) fn push(&mut self, entry: DialogueEntry) {
        self.dialogue.push(entry);
    }

    /// Sets Pip's mood to `mood` while it shows `Thinking` (an answer came,
    /// or a job ended with nothing to say).
    pub(crate) fn stop_thinking(&mut self, mood: Mood) {
        if self.pip.mood() == Mood::Thinking {
            self.pip.set_mood(mood);
        }
    }

    /// A new game: what was said stays, but nothing in it can be played on
    /// the new board, and its hints and the notes question start anew.
    pub(crate) fn new_game(&mut self) {
        self.forget_step();
        self.auto_next = false;
        self.welcome = None;
        self.hints.clear();
        self.notes_declined = false;
    }

    /// The board changed: the step shown no longer fits it.
    pub(crate) fn forget_step(&mut self) {
        self.dialogue.clear_offers();
        self.pending = None;
        self.pending_sized = None;
    }

    /// The player answered an offer: its buttons go (a step stays to be
    /// played until [`Tutor::take_step_to_play`]).
    pub(crate) fn forget_offers(&mut self) {
        self.dialogue.clear_offers();
    }

    /// Next: the next line, or the rest of a step the hint budget holds at
    /// its nudge. False on the very last line, where [`Tutor::next_at_end`]
    /// says what Next does.
    pub(crate) fn page_on(&mut self) -> bool {
        if self.dialogue.held() {
            self.dialogue.release();
            return true;
        }
        self.dialogue.forward()
    }

    /// Previous: the line before; false on the first.
    pub(crate) fn page_back(&mut self) -> bool {
        self.dialogue.back()
    }

    /// What Next does on the last line. A step's Apply only while the step
    /// stands (an edit of the board withdraws it); else the next hint.
    pub(crate) fn next_at_end(&self) -> AtEnd {
        match self.dialogue.at_end_next() {
            AtEnd::Take(Offer::Apply) if !self.has_step() => AtEnd::More,
            other => other,
        }
    }

    /// Whether a step waits to be played (Apply, or Next at its end).
    pub(crate) fn has_step(&self) -> bool {
        self.pending.is_some() || self.pending_sized.is_some()
    }

    /// Step by step: the next hint is asked for as soon as this step is played.
    pub(crate) fn go_on_after_step(&mut self) {
        self.auto_next = true;
    }

    /// Whether the step just played asks for the next one (step by step).
    pub(crate) fn take_go_on(&mut self) -> bool {
        std::mem::take(&mut self.auto_next)
    }

    /// Pip will welcome the puzzle just loaded, from `origin`, once its
    /// rating is known.
    pub(crate) fn welcome_when_rated(&mut self, origin: PuzzleSource) {
        self.welcome = Some(origin);
    }

    /// Where the puzzle just loaded came from, once: Pip welcomes it when
    /// its rating is known.
    pub(crate) fn take_welcome(&mut self) -> Option<PuzzleSource> {
        self.welcome.take()
    }

    /// Whether Pip has yet to welcome the puzzle just loaded.
    pub(crate) fn welcome_due(&self) -> bool {
        self.welcome.is_some()
    }

    /// The board was edited: the step shown no longer fits it; Pip cheers
    /// a grid `solved` by this edit, and stops cheering (or being sorry)
    /// when the grid is no longer complete.
    pub(crate) fn board_edited(&mut self, solved: bool, complete: bool, lang: Lang) {
        self.forget_step();
        if solved {
            self.pip.set_mood(Mood::Cheering);
            self.remark(Remark::WellDone, lang);
        } else if !complete && matches!(self.pip.mood(), Mood::Cheering | Mood::Sorry) {
            self.pip.set_mood(Mood::Idle);
        }
    }

    /// The rule engine's answer (`outcome`, told as `answer`): Pip explains
    /// it, and Apply (or Next at the end) waits for a step. Before the first
    /// step that needs candidates, Pip asks whether to pencil them in
    /// (unless the player said no in this game). Returns the hint said, for
    /// the history.
    pub(crate) fn answer_hint(
        &mut self,
        outcome: NextStep,
        answer: BoardAnswer,
        notes: NotesState,
        voice: Voice,
    ) -> Option<HintSaid> {
        let BoardAnswer { said, asking, .. } = answer;
        self.pip.set_mood(match said.kind {
            _ if asking => Mood::Idle,
            ParagraphKind::Solved => Mood::Cheering,
            ParagraphKind::Invalid | ParagraphKind::Stuck | ParagraphKind::WrongEntries => {
                Mood::Sorry
            }
            _ => Mood::Idle,
        });
        let NextStep::Step(step) = outcome else {
            self.pending = None;
            self.say(said, voice.lang());
            return None;
        };
        self.pending = Some(PendingStep {
            step: *step,
            hint: None,
        });
        // Singles need no pencil marks.
        let step = self.pending.as_ref().map(|p| &p.step)?;
        let needs_notes = step.technique > Technique::NakedSingle;
        if needs_notes && !asking && !self.notes_declined && notes.missing {
            let lang = voice.lang();
            let question = DialogueEntry::remark(Remark::NotesQuestion, lang)
                .with_offers(vec![Offer::FillNotes, Offer::NoNotes])
                .at_end(AtEnd::Take(Offer::FillNotes));
            self.pip.set_mood(Mood::Idle);
            self.dialogue.push(question);
            return None;
        }
        Some(self.say_step(said, asking, voice))
    }

    /// Pip explains the pending step (`said`): a hint of the game, counted,
    /// held at its nudge while the hint budget is on. When Pip is `asking`
    /// about a photo's reading, Next waits for the player's answer.
    fn say_step(&mut self, said: Paragraph, asking: bool, voice: Voice) -> HintSaid {
        let pending = self
            .pending
            .as_mut()
            .expect("say_step follows a pending step");
        let mut p = DialogueEntry::new(said, voice.lang()).about(&pending.step);
        if asking {
            p = p.at_end(AtEnd::Wait);
        }
        let technique = pending.step.technique;
        self.hints.push(HintUse::new(technique, p.lines.len()));
        let index = self.hints.len() - 1;
        p.hint = Some(index);
        p.held = voice.hint_budget && p.kind == ParagraphKind::Step && p.lines.len() > 1;
        pending.hint = Some(index);
        let lines = p.lines.len();
        self.dialogue.push(p);
        HintSaid {
            paragraph: self.dialogue.paragraphs().len() - 1,
            technique,
            lines,
        }
    }

    /// The sized engine's answer on a grid of another size: Pip explains
    /// `step` (or says the grid is solved, or that logic stops here), and
    /// Apply waits for the step. Returns the hint said, for the history.
    pub(crate) fn answer_sized_hint(
        &mut self,
        step: Option<SizedStep>,
        shape: &Shape,
        voice: Voice,
    ) -> Option<HintSaid> {
        self.pending = None;
        let Some(step) = step else {
            self.pending_sized = None;
            self.pip.set_mood(Mood::Idle);
            self.remark(Remark::SizedStuck, voice.lang());
            return None;
        };
        self.pip.set_mood(Mood::Idle);
        let mut p = DialogueEntry::new(
            hint::sized_paragraph(&step, shape, voice.wording),
            voice.lang(),
        )
        .about_sized(&step, shape);
        let technique = step.technique;
        self.hints.push(HintUse::new(technique, p.lines.len()));
        p.hint = Some(self.hints.len() - 1);
        p.held = voice.hint_budget && p.kind == ParagraphKind::Step && p.lines.len() > 1;
        let lines = p.lines.len();
        self.dialogue.push(p);
        self.pending_sized = Some(step);
        Some(HintSaid {
            paragraph: self.dialogue.paragraphs().len() - 1,
            technique,
            lines,
        })
    }

    /// Apply on a grid of another size: the sized step to play; its hint
    /// counts as played.
    pub(crate) fn take_sized_step_to_play(&mut self) -> Option<SizedStep> {
        let step = self.pending_sized.take()?;
        if let Some(used) = self.hints.last_mut() {
            used.played = true;
        }
        Some(step)
    }

    /// No to the pencil-marks question: Pip explains the step without them
    /// and does not ask again in this game.
    pub(crate) fn decline_notes(&mut self, voice: Voice) -> Option<HintSaid> {
        self.notes_declined = true;
        let step = &self.pending.as_ref()?.step;
        let said = hint::for_step(step, voice.wording);
        Some(self.say_step(said, false, voice))
    }

    /// Apply: the pending step, to be played on the board; its hint counts
    /// as played.
    pub(crate) fn take_step_to_play(&mut self) -> Option<Step> {
        let PendingStep { step, hint } = self.pending.take()?;
        if let Some(used) = hint.and_then(|i| self.hints.get_mut(i)) {
            used.played = true;
        }
        Some(step)
    }

    /// Counts how far the player has read into the paragraph shown, for
    /// the game's statistics; returns that paragraph and line.
    pub(crate) fn note_reading(&mut self) -> Option<(usize, usize)> {
        let (p, line) = self.dialogue.current()?;
        if let Some(used) = p.hint.and_then(|i| self.hints.get_mut(i)) {
            used.lines_read = used.lines_read.max(line + 1);
        }
        Some((self.dialogue.para_index(), line))
    }

    /// Says the dialogue's steps again in the words just chosen.
    pub(crate) fn reword(&mut self, wording: Wording) {
        self.dialogue.reword(wording, |d| d.lines(wording));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::hint::Notation;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn voice() -> Voice {
        Voice {
            wording: Wording::new(Lang::En, Notation::Plain),
            hint_budget: false,
        }
    }

    /// The engine's next step on `PUZZLE` with no notes, told as the window tells it.
    fn first_hint() -> (NextStep, BoardAnswer) {
        let board = crate::grid::Board::new(Grid::parse(PUZZLE).unwrap());
        let outcome = crate::logic::next_outcome(&board);
        let answer = hint::answers::hint(&outcome, &board, &Grid::empty(), voice().wording);
        (outcome, answer)
    }

    #[test]
    fn a_hint_counts_how_deep_it_went() {
        let mut used = HintUse::new(Technique::XWing, 6);
        assert_eq!(used.depth(), HintDepth::Nudge);
        used.lines_read = 2;
        assert_eq!(used.depth(), HintDepth::Technique);
        used.lines_read = 4;
        assert_eq!(used.depth(), HintDepth::Evidence);
        used.lines_read = 5;
        assert_eq!(used.depth(), HintDepth::Conclusion);
        used.played = true;
        assert_eq!(used.depth(), HintDepth::Played);
    }

    #[test]
    fn a_step_is_said_counted_and_played_once() {
        let mut tutor = Tutor::new(false);
        let (outcome, answer) = first_hint();
        let said = tutor
            .answer_hint(outcome, answer, NotesState { missing: false }, voice())
            .expect("a step is a hint");
        assert_eq!(said.paragraph, tutor.dialogue().paragraphs().len() - 1);
        assert_eq!(tutor.hints().len(), 1);
        assert!(tutor.has_step());
        assert!(tutor.take_step_to_play().is_some());
        assert!(tutor.take_step_to_play().is_none(), "a step is played once");
        assert_eq!(tutor.hints()[0].depth(), HintDepth::Played);
    }

    #[test]
    fn an_edit_or_a_new_game_withdraws_the_step_and_a_new_game_counts_anew() {
        let mut tutor = Tutor::new(false);
        let (outcome, answer) = first_hint();
        tutor.answer_hint(outcome, answer, NotesState { missing: false }, voice());
        tutor.board_edited(false, false, Lang::En);
        assert!(!tutor.has_step(), "the step shown no longer fits the board");
        assert_eq!(tutor.hints().len(), 1, "the hint stays counted");
        tutor.notes_declined = true;
        tutor.new_game();
        assert!(tutor.hints().is_empty() && !tutor.notes_declined);
    }
}
