//! The speech bubble that draws Pip's dialogue ([`Dialogue`], the model, is
//! in `dialogue.rs`): the current paragraph up to the line being read, the
//! offers, Previous and Next.

use egui::{Color32, CornerRadius, Frame, Margin, RichText, Stroke, Ui};

use super::dialogue::{AtEnd, Dialogue, Offer};
use super::i18n::Texts;
use crate::hint::{self, Lang, Notation, Wording};
use crate::logic::Technique;

/// The height kept under the bubble's lines for what follows them: the
/// budget's note, the offers and the guide's link, Previous and Next.
const CONTROLS_HEIGHT: f32 = 110.0;

/// The lines' least height, however small the window.
const MIN_LINES_HEIGHT: f32 = 60.0;

/// What the reader did in the dialogue this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Event {
    /// Next was pressed on the very last line: the owner does what
    /// [`Dialogue::at_end_next`] says.
    Next,
    Offer(Offer),
    /// "What is an X-Wing?": open the technique's page of the guide.
    Guide(Technique),
}

/// The speech bubble: the current paragraph up to the current line, and
/// the paging buttons.
pub(super) struct DialogueView<'a> {
    dialogue: &'a mut Dialogue,
    lang: Lang,
    /// Whether Next at the end can ask for more (a hint engine is there).
    more_available: bool,
    /// How an inner chain opened with More names cells, as the step's
    /// lines do.
    notation: Notation,
}

impl<'a> DialogueView<'a> {
    pub(super) fn new(dialogue: &'a mut Dialogue, lang: Lang) -> Self {
        DialogueView {
            dialogue,
            lang,
            more_available: false,
            notation: Notation::Plain,
        }
    }

    pub(super) fn notation(mut self, notation: Notation) -> Self {
        self.notation = notation;
        self
    }

    pub(super) fn more_available(mut self, yes: bool) -> Self {
        self.more_available = yes;
        self
    }

    pub(super) fn show(self, ui: &mut Ui) -> Option<Event> {
        let mut event = None;
        let t: &Texts = self.lang.texts();
        let dark = ui.visuals().dark_mode;
        let (bg, ink) = if dark {
            (
                Color32::from_rgb(0x2c, 0x2f, 0x38),
                Color32::from_rgb(0xee, 0xee, 0xee),
            )
        } else {
            (
                Color32::from_rgb(0xff, 0xfe, 0xf8),
                Color32::from_rgb(0x20, 0x20, 0x20),
            )
        };
        let outline = ui.visuals().widgets.noninteractive.fg_stroke.color;
        // the bubble's tail, pointing up at Pip
        let top = ui.cursor().min + egui::vec2(ui.available_width() / 2.0, 0.0);
        let tail = [
            top + egui::vec2(-12.0, 2.0),
            top + egui::vec2(0.0, -12.0),
            top + egui::vec2(12.0, 2.0),
        ];
        ui.painter().add(egui::Shape::convex_polygon(
            tail.to_vec(),
            bg,
            Stroke::new(2.0, outline),
        ));
        let frame_response = Frame::new()
            .fill(bg)
            .stroke(Stroke::new(2.0, outline))
            .corner_radius(CornerRadius::same(12))
            .inner_margin(Margin::same(12))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let words = Wording::new(self.lang, self.notation);
                let inner = self.dialogue.inner_told(words);
                let Some((p, current)) = self.dialogue.current() else {
                    return;
                };
                // The More labels of the inner chains the lines read name.
                let chains = match &p.step {
                    Some(s) if p.lines[..=current].iter().any(|l| !l.inner.is_empty()) => {
                        hint::inner_chains(s, words)
                    }
                    _ => Vec::new(),
                };
                let more = |ui: &mut Ui, line: &hint::Line, opened: &mut Option<usize>| {
                    if line.inner.is_empty() {
                        return;
                    }
                    ui.horizontal_wrapped(|ui| {
                        for c in chains.iter().filter(|c| line.inner.contains(&c.number)) {
                            if ui.small_button(&c.more).clicked() {
                                *opened = Some(c.number);
                            }
                        }
                    });
                };
                let mut opened = None;
                let title = inner.as_ref().map_or(&p.title, |c| &c.title);
                ui.label(RichText::new(title).strong().size(16.0).color(ink));
                ui.add_space(4.0);
                // The lines scroll within the bubble, the buttons under them
                // always in sight (issue 30: a 13-line chain pushed Apply and
                // Next out of a 760-pixel window). The line being read is the
                // last one shown: sticking to the bottom follows it.
                let lines_height = (ui.available_height() - CONTROLS_HEIGHT).max(MIN_LINES_HEIGHT);
                egui::ScrollArea::vertical()
                    .id_salt((
                        "dialogue_lines",
                        self.dialogue.para_index(),
                        inner.as_ref().map(|c| c.number),
                    ))
                    .max_height(lines_height)
                    .auto_shrink([false, true])
                    // An inner chain is read from its start.
                    .stick_to_bottom(inner.is_none())
                    .show(ui, |ui| {
                        if let Some(c) = &inner {
                            // An inner chain is read whole: it was asked for.
                            for line in &c.lines {
                                ui.label(RichText::new(&line.text).size(15.0).color(ink));
                                more(ui, line, &mut opened);
                            }
                            return;
                        }
                        for (i, line) in p.lines.iter().enumerate().take(current + 1) {
                            let text = RichText::new(&line.text).size(15.0);
                            let text = if i == current {
                                text.color(ink)
                            } else {
                                text.color(ink.gamma_multiply(0.6))
                            };
                            let shown = ui.label(text);
                            if i == current {
                                read_aloud(ui, shown.id);
                            }
                            more(ui, line, &mut opened);
                        }
                    });
                let held = p.held && current == 0;
                if held {
                    let text = hint::budget_stop(self.lang);
                    ui.label(
                        RichText::new(text)
                            .italics()
                            .size(14.0)
                            .color(ink.gamma_multiply(0.7)),
                    );
                }
                let offers = if current + 1 == p.lines.len() {
                    p.offers.clone()
                } else {
                    Vec::new()
                };
                let what_is = p.technique().filter(|_| current >= 1);
                let position = format!("{}/{}", current + 1, p.lines.len());
                let mut closed = false;
                ui.add_space(6.0);
                ui.horizontal_wrapped(|ui| {
                    if inner.is_some() && ui.button(hint::back_to_chain(self.lang)).clicked() {
                        closed = true;
                    }
                    for offer in offers {
                        let label = match offer {
                            Offer::Apply => t.apply,
                            Offer::RemoveWrong => t.remove_wrong,
                            Offer::Reset => t.reset,
                            Offer::FillNotes => t.fill_them,
                            Offer::NoNotes => t.not_now,
                        };
                        if ui.button(label).clicked() {
                            event = Some(Event::Offer(offer));
                        }
                    }
                    if let Some(technique) = what_is {
                        if ui.link(hint::what_is(technique, self.lang)).clicked() {
                            event = Some(Event::Guide(technique));
                        }
                    }
                });
                // (chains, which borrows the paragraph, is done with here)
                if let Some(k) = opened {
                    self.dialogue.open_inner(k);
                }
                if closed {
                    self.dialogue.close_inner();
                }
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(self.dialogue.can_go_back(), egui::Button::new(t.previous))
                        .clicked()
                    {
                        self.dialogue.back();
                    }
                    if held {
                        if ui.button(t.more_help).clicked() {
                            self.dialogue.release();
                        }
                    } else {
                        let at_end = self.dialogue.at_end();
                        let can_next = !at_end
                            || (self.more_available && self.dialogue.at_end_next() != AtEnd::Wait);
                        if ui
                            .add_enabled(can_next, egui::Button::new(t.next))
                            .clicked()
                            && !self.dialogue.forward()
                        {
                            event = Some(Event::Next);
                        }
                    }
                    ui.label(RichText::new(position).weak());
                });
            });
        // cover the tail's base so bubble and tail read as one shape
        let r = frame_response.response.rect;
        let c = egui::pos2(r.center().x, r.min.y + 1.0);
        ui.painter().line_segment(
            [c - egui::vec2(10.5, 0.0), c + egui::vec2(10.5, 0.0)],
            Stroke::new(3.0, bg),
        );
        event
    }
}

/// Marks the line being read as a polite live region: a screen reader says
/// it when it appears (Next, a new hint) without the player moving there,
/// as a sighted player sees it appear under Pip.
fn read_aloud(ui: &Ui, id: egui::Id) {
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}
