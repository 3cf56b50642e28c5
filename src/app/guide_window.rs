//! The technique guide (Help > Techniques, or "What is an X-Wing?" in the
//! dialogue): one page per family of techniques, easiest first, each with
//! its two-line idea, its techniques and their rules, a live example board
//! where the chosen technique is the next step, which Pip explains line by
//! line as it explains a hint, and "Try one".
//!
//! The pages come from the technique table through [`hint::guide`]; the
//! example is looked for off the UI thread (the engine checks it), once per
//! technique while the window is open.

use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver};

use egui::{RichText, Ui};

use super::board_view::BoardView;
use super::dialogue::{AtEnd, Dialogue, DialogueEntry};
use super::dialogue_view::DialogueView;
use super::pip::{Pip, PipView};
use crate::grid::Board;
use crate::hint::{self, guide, Wording};
use crate::logic::{Step, Technique};

/// What the player asked of the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GuideEvent {
    /// A fresh puzzle whose next step needs this technique, as a new game.
    TryOne(Technique),
}

/// A technique's example, as far as it is known.
enum Example {
    /// Being looked for in the background.
    Finding(Receiver<Option<(Board, Step)>>),
    Found(Box<(Board, Step)>),
    /// No stored position has it as the next step.
    Missing,
}

/// The guide window's state.
pub(super) struct GuideWindow {
    families: Vec<Vec<Technique>>,
    family: usize,
    technique: Technique,
    examples: HashMap<Technique, Example>,
    /// Pip's explanation of the example being shown, and the wording and
    /// technique it was said in (said again when either changes).
    dialogue: Dialogue,
    said: Option<(Technique, Wording)>,
    pip: Pip,
}

impl GuideWindow {
    /// The guide at `technique`'s page (the first page when `None`).
    pub(super) fn new(technique: Option<Technique>) -> GuideWindow {
        let families = guide::families();
        let technique = technique
            .filter(|t| families.iter().flatten().any(|x| x == t))
            .unwrap_or(families[0][0]);
        let family = families
            .iter()
            .position(|f| f.contains(&technique))
            .unwrap_or(0);
        GuideWindow {
            families,
            family,
            technique,
            examples: HashMap::new(),
            dialogue: Dialogue::default(),
            said: None,
            pip: Pip::new(false),
        }
    }

    /// The technique whose example is shown.
    pub(super) fn technique(&self) -> Technique {
        self.technique
    }

    /// Whether the example of the technique shown is ready (for tests).
    pub(super) fn example_ready(&self) -> bool {
        matches!(
            self.examples.get(&self.technique),
            Some(Example::Found(_) | Example::Missing)
        )
    }

    fn choose(&mut self, technique: Technique) {
        self.technique = technique;
        if let Some(f) = self.families.iter().position(|f| f.contains(&technique)) {
            self.family = f;
        }
    }

    /// Starts looking for the example of the technique shown, or picks up
    /// what the search found.
    fn example(&mut self, ctx: &egui::Context) -> &Example {
        let t = self.technique;
        let entry = self.examples.entry(t).or_insert_with(|| {
            let (tx, rx) = channel();
            let ctx = ctx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(crate::guide::example(t));
                ctx.request_repaint();
            });
            Example::Finding(rx)
        });
        if let Example::Finding(rx) = entry {
            match rx.try_recv() {
                Ok(Some(found)) => *entry = Example::Found(Box::new(found)),
                Ok(None) | Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    *entry = Example::Missing
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        entry
    }

    /// Draws the window; `open` turns false when it is closed.
    pub(super) fn show(
        &mut self,
        ctx: &egui::Context,
        words: Wording,
        open: &mut bool,
    ) -> Option<GuideEvent> {
        let t = words.lang.texts();
        let mut event = None;
        egui::Window::new(t.guide_title)
            .id(egui::Id::unique("technique-guide"))
            .open(open)
            .default_size([920.0, 640.0])
            // centred, so that it opens below the menu bar, not over it
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .show(ctx, |ui| {
                ui.horizontal_top(|ui| {
                    self.family_list(ui, words);
                    ui.separator();
                    ui.vertical(|ui| event = self.page(ui, words));
                });
            });
        event
    }

    /// The families, easiest first; a click opens one's page.
    fn family_list(&mut self, ui: &mut Ui, words: Wording) {
        let t = words.lang.texts();
        ui.vertical(|ui| {
            ui.set_width(190.0);
            ui.label(RichText::new(t.guide_families).weak());
            egui::ScrollArea::vertical()
                .id_salt("guide-families")
                .show(ui, |ui| {
                    let mut chosen = None;
                    for (i, family) in self.families.iter().enumerate() {
                        let title = guide::family_title(family, words.lang);
                        if ui.selectable_label(i == self.family, title).clicked() {
                            chosen = Some(family[0]);
                        }
                    }
                    if let Some(t) = chosen {
                        self.choose(t);
                    }
                });
        });
    }

    /// One family's page: its idea, its techniques, the example and Try one.
    fn page(&mut self, ui: &mut Ui, words: Wording) -> Option<GuideEvent> {
        let lang = words.lang;
        let t = lang.texts();
        let family = self.families[self.family].clone();
        ui.heading(guide::family_title(&family, lang));
        for line in guide::family_idea(&family, lang) {
            ui.label(line);
        }
        if let Some(note) = guide::family_variant_note(&family, lang) {
            ui.label(RichText::new(note).italics());
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            for &tech in &family {
                let name = hint::technique_name(tech, lang);
                if ui.selectable_label(tech == self.technique, name).clicked() {
                    self.choose(tech);
                }
            }
        });
        let name = hint::technique_name(self.technique, lang);
        ui.label(RichText::new(name).strong());
        ui.label(hint::technique_rule(self.technique, lang));
        ui.add_space(6.0);
        ui.label(RichText::new(t.guide_example).weak());
        let ctx = ui.ctx().clone();
        let technique = self.technique;
        let found = match self.example(&ctx) {
            Example::Found(found) => Some((**found).clone()),
            Example::Finding(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t.guide_finding);
                });
                None
            }
            Example::Missing => {
                ui.label(t.guide_no_example);
                return None;
            }
        };
        if let Some((board, step)) = found {
            self.explain(&step, words);
            let marks = self.dialogue.highlights().unwrap_or_default();
            ui.horizontal_top(|ui| {
                let mut none = None;
                ui.add(
                    BoardView::new(&board, &mut none, &marks)
                        .quiet_selection(true)
                        .shown_only()
                        .size(300.0),
                );
                ui.vertical(|ui| {
                    ui.set_width(ui.available_width().min(380.0));
                    ui.vertical_centered(|ui| {
                        ui.add(PipView::new(&mut self.pip, 70.0));
                    });
                    ui.add_space(10.0);
                    DialogueView::new(&mut self.dialogue, lang).show(ui);
                });
            });
        }
        ui.add_space(8.0);
        let try_one = ui
            .button(t.guide_try_one)
            .on_hover_text(t.guide_try_one_hint);
        try_one.clicked().then_some(GuideEvent::TryOne(technique))
    }

    /// Pip's lines for the example's step, said again when the technique,
    /// the language or the notation changes (on the same line when only
    /// the words change).
    fn explain(&mut self, step: &Step, words: Wording) {
        let key = (step.technique, words);
        if self.said == Some(key) {
            return;
        }
        let line = match self.said {
            Some((t, _)) if t == step.technique => self.dialogue.current().map_or(0, |(_, l)| l),
            _ => 0,
        };
        let said = hint::for_reading(step, words);
        let p = DialogueEntry::new(said, words.lang)
            .with_offers(Vec::new())
            .at_end(AtEnd::Wait);
        self.dialogue = Dialogue::default();
        self.dialogue.push(p);
        for _ in 0..line {
            self.dialogue.forward();
        }
        self.said = Some(key);
    }
}

impl super::App {
    /// The technique guide, while it is open; its "Try one" starts a game.
    pub(super) fn technique_guide_window(&mut self, ctx: &egui::Context) {
        let words = self.wording();
        if let Some(guide) = &mut self.chrome.guide {
            let mut open = true;
            let event = guide.show(ctx, words, &mut open);
            if !open {
                self.chrome.guide = None;
            }
            if let Some(GuideEvent::TryOne(technique)) = event {
                self.try_one(technique, ctx);
            }
        }
    }
}
